"""Throughput of the stages of badugi-hh, one section per stage.

    python -m badugi_hh.bench                   # every section
    python -m badugi_hh.bench --quick           # shorter runs, rougher figures
    python -m badugi_hh.bench --only evaluator  # one section

A section is a function ``(quick) -> dict`` of named figures, listed in
:data:`SECTIONS`; adding a stage's benchmark is adding one such function. The
larger sections live in modules of their own: :mod:`~badugi_hh.bench.store` (the
import into DuckDB, and the simulated logs every import benchmark reads),
:mod:`~badugi_hh.bench.scale`, :mod:`~badugi_hh.bench.dataset`,
:mod:`~badugi_hh.bench.stats`, :mod:`~badugi_hh.bench.sql`,
:mod:`~badugi_hh.bench.archives` and :mod:`~badugi_hh.bench.parse`. The product never imports this package: the
``bench`` command loads it when it runs.
Timings are the best of a few repeats: the least disturbed run is the closest
to what the code costs. Figures print as each section ends:

>>> for line in report("evaluator", {"badugi_rank (hands/s)": 1234567.8, "build (s)": 0.1712}):
...     print(line)
evaluator
  badugi_rank (hands/s)     1,234,568
  build (s)                     0.171
"""

from __future__ import annotations

import argparse
import importlib
import itertools
import random
import re
import subprocess
import sys
import time
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from itertools import combinations
from pathlib import Path
from typing import Any, TypeVar

import badugi_hh
from badugi_hh import evaluate
from badugi_hh.cards import DECK
from badugi_hh.events import Hand, Record
from badugi_hh.games import GAMES, HOUSE_GAME

Figures = dict[str, float]
Item = TypeVar("Item")
Section = Callable[[bool], Figures]


def best_time(action: Callable[[], object], repeats: int) -> float:
    """The fastest of ``repeats`` runs of ``action``, in seconds."""
    return best_times([action], repeats)[0]


def best_times(actions: Sequence[Callable[[], object]], repeats: int) -> list[float]:
    """The fastest run of each of ``actions``, run in turn ``repeats`` times.

    Taking turns puts every action under the same passing load of a shared
    machine, so the ratio of two of them is steadier than each figure alone.
    """
    timings: list[list[float]] = [[] for _ in actions]
    for _ in range(repeats):
        for action, runs in zip(actions, timings):
            start = time.perf_counter()
            action()
            runs.append(time.perf_counter() - start)
    return [min(runs) for runs in timings]


def calls_per_second(function: Callable[[Item], object], inputs: Sequence[Item],
                     repeats: int) -> float:
    """How many calls of ``function`` a second, over all of ``inputs`` each repeat."""
    def call_all() -> None:
        deque(map(function, inputs), maxlen=0)  # consume with the least loop overhead
    return len(inputs) / best_time(call_all, repeats)


def import_seconds(module: str) -> float:
    """Time to import ``module`` in a fresh interpreter (its dependencies included)."""
    code = (f"import time; start = time.perf_counter(); import {module}; "
            "print(time.perf_counter() - start)")
    output = subprocess.run([sys.executable, "-c", code], capture_output=True,
                            text=True, check=True).stdout
    return float(output)


def bench_evaluator(quick: bool) -> Figures:
    """Badugi lookups against the brute-force definition, and the five-card lowball."""
    repeats = 1 if quick else 3
    rng = random.Random(2024)  # the same hands every run
    hands = list(combinations(DECK, 4))
    rng.shuffle(hands)  # random order, as in real use: no cache-friendly runs
    lookups = hands[:50_000] if quick else hands
    slow = hands[:2_000 if quick else 20_000]
    fives = [tuple(rng.sample(DECK, 5)) for _ in range(2_000 if quick else 20_000)]
    evaluate.lowball27_value(fives[0])  # built on first use; the build is timed apart
    evaluate.fill_rank_table()   # as a long import has it: lookups alone are timed
    lookup_rate = calls_per_second(evaluate.badugi_rank, lookups, repeats)
    brute_rate = calls_per_second(evaluate.brute_force_value, slow, repeats)
    return {
        "import badugi_hh.evaluate (s)": import_seconds("badugi_hh.evaluate"),
        "table build (s)": best_time(evaluate._build_rank_table, repeats),  # not cached
        "badugi_rank, 4 cards (hands/s)": lookup_rate,
        "badugi_value, 4 cards (hands/s)": calls_per_second(evaluate.badugi_value, slow, repeats),
        "badugi_value, 5 cards (hands/s)": calls_per_second(evaluate.badugi_value, fives, repeats),
        "brute_force_value, 4 cards (hands/s)": brute_rate,
        "badugi_rank speedup over brute force (x)": lookup_rate / brute_rate,
        "lowball27_value (hands/s)": calls_per_second(evaluate.lowball27_value, fives, repeats),
    }


def simulated_records(hands: int, seed: int = 2024, game: str = HOUSE_GAME,
                      players: int = 2) -> list[Record]:
    """Whole simulated sessions of ``game`` at ``players`` holding ``hands`` hands."""
    from badugi_hh.simulate import simulate, table_rules

    records: list[Record] = []
    count = 0
    for record in simulate(hands, seed, table_rules(game, players)):
        if isinstance(record, Hand):
            if count >= hands:
                break
            count += 1
        records.append(record)
    return records


def simulated_text(hands: int, seed: int = 2024) -> str:
    import io

    from badugi_hh.writer import write_records

    out = io.StringIO()
    write_records(simulated_records(hands, seed), out)
    return out.getvalue()


def _walk_events(records: Sequence[Record]) -> None:
    """The baseline of a replay: visit every event and look its kind up."""
    from badugi_hh.engine.kinds import HANDLED

    for record in records:
        if isinstance(record, Hand):
            for event in record.events:
                type(event) in HANDLED


def _broken_records(sessions: int) -> list[Record]:
    """Simulated sessions that each break one rule, taking the breakable rules in turn."""
    from badugi_hh.simulate import BREAKABLE_RULES, simulate

    return [record for number in range(sessions)
            for record in simulate(1, number, break_rule=BREAKABLE_RULES[
                number % len(BREAKABLE_RULES)])]


def bench_replay(quick: bool) -> Figures:
    """Hands replayed and audited a second, on one core, against the general engine alone.

    Legal hands mostly take the heads-up fast path; hands with a broken rule
    (one a session here) and hands with hidden cards go the general way.
    """
    from badugi_hh.engine import audit
    from badugi_hh.simulate import simulate

    records = simulated_records(2_000 if quick else 10_000)
    hidden = list(simulate(20 if quick else 100, 2024, hidden=0.5))
    broken = _broken_records(26 if quick else 104)
    repeats = 1 if quick else 5

    def replay(stream: list[Record], fast_path: bool = True) -> Callable[[], object]:
        return lambda: deque(audit(stream, fast_path=fast_path), maxlen=0)

    def hands_in(stream: list[Record]) -> int:
        return sum(isinstance(record, Hand) for record in stream)

    fast, general, walk = best_times(
        [replay(records), replay(records, fast_path=False), lambda: _walk_events(records)],
        repeats)
    hidden_time, broken_time = best_times([replay(hidden), replay(broken)], repeats)
    hands = hands_in(records)
    return {"hands": hands,
            "replay + audit (hands/s)": hands / fast,
            "baseline: the general engine alone (hands/s)": hands / general,
            "fast path speedup (x)": general / fast,
            "hidden cards in half the hands (hands/s)": hands_in(hidden) / hidden_time,
            "one broken rule a session (hands/s)": hands_in(broken) / broken_time,
            "baseline: walk the events (hands/s)": hands / walk}


def _parse_only(text: str) -> int:
    from badugi_hh.parsers.house import clear_caches, read_house

    clear_caches()   # every run starts cold, as a new file does
    return sum(isinstance(r, Hand) for r in read_house(text))


def _parse_and_validate(text: str) -> int:
    from badugi_hh.engine import HandReport, audit
    from badugi_hh.parsers.house import clear_caches, read_house

    clear_caches()
    return sum(isinstance(r, HandReport) for r in audit(read_house(text)))


def _sessions_split(text: str, parts: int) -> list[str]:
    """``text`` cut at session headers into ``parts`` chunks of about equal size."""
    starts = [i for i in range(len(text)) if text.startswith("Session #", i)
              and (i == 0 or text[i - 1] == "\n")]
    size = len(text) / parts
    cuts = [0] + [min(starts, key=lambda s: abs(s - k * size)) for k in range(1, parts)]
    bounds = sorted(set(cuts)) + [len(text)]
    return [text[a:b] for a, b in zip(bounds, bounds[1:])]


def _peak_memory_mb(hands: int) -> float:
    """Peak resident memory of a fresh process that validates a file of ``hands`` hands."""
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "log.txt"
        from badugi_hh.simulate import simulate
        from badugi_hh.writer import write_records

        with open(path, "w", encoding="utf-8") as out:
            count = 0
            def hands_wanted(records: Iterable[Record]) -> Iterable[Record]:
                nonlocal count
                for record in records:
                    count += isinstance(record, Hand)
                    if count > hands and not isinstance(record, Hand):
                        return
                    yield record
            write_records(hands_wanted(simulate(hands, 99)), out)
        code = ("import resource, sys; from badugi_hh.commands.validate import validate_file; "
                "from pathlib import Path; validate_file(Path(sys.argv[1])); "
                "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)")
        output = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True,
                                text=True, check=True).stdout
    return int(output) / 1024


def bench_parse(quick: bool) -> Figures:
    """The house parser alone and with the engine, on one core and on two, and its memory."""
    hands = 2_000 if quick else 10_000
    text = simulated_text(hands)
    repeats = 1 if quick else 3
    lines = hands / best_time(lambda: deque(text.splitlines(), maxlen=0), repeats)
    parse = hands / best_time(lambda: _parse_only(text), repeats)
    validate = hands / best_time(lambda: _parse_and_validate(text), repeats)
    chunks = _sessions_split(text, 2)
    import multiprocessing

    with multiprocessing.get_context("spawn").Pool(2) as pool:
        pool.map(_parse_and_validate, chunks)   # start the interpreters outside the timing
        two = hands / best_time(lambda: pool.map(_parse_and_validate, chunks), repeats)
    small, large = (1_000, 10_000) if quick else (10_000, 100_000)
    memory_small, memory_large = _peak_memory_mb(small), _peak_memory_mb(large)
    return {
        "hands": hands,
        "baseline: split into lines (hands/s)": lines,
        "parse, 1 core (hands/s)": parse,
        "parse + validate, 1 core (hands/s)": validate,
        "parse + validate, 2 processes (hands/s)": two,
        "2 processes over 1 core (x)": two / validate,
        f"peak memory, {small:,} hands (MB)": memory_small,
        f"peak memory, {large:,} hands (MB)": memory_large,
        f"peak memory growth, {small:,} -> {large:,} hands (x)": memory_large / memory_small,
    }


#: The real exports the site readers are timed on (in the source tree, not the package).
REAL_LOGS = Path(__file__).resolve().parents[2] / "tests" / "data" / "real"
#: The sites of :data:`REAL_LOGS`, as their folders are named.
SITES = ("pokerstars", "fulltilt", "kingsclub", "merge", "winamax", "ongame", "bossmedia")


def _site_copies(site: str, hands_wanted: int) -> tuple[list[bytes], int]:
    """A site's real files, each as UTF-8 bytes, repeated to ``hands_wanted`` hands,
    each copy with hand numbers of its own.

    Each file is its own log (an XML export is one document), so the copies are
    read one by one, as a folder of exports is. A copy with the same hand numbers
    would be what no export is: its hands would be repeated ids (rule T5), and its
    lines would repeat earlier ones word for word, which a reader caching lines
    reads for nothing.
    """
    from badugi_hh.parsers import iter_log_files
    from badugi_hh.parsers.text import open_log

    files = []
    for path in iter_log_files([REAL_LOGS / site]):
        with open_log(path) as log:
            files.append(("\n".join(log) + "\n").encode())
    hands = sum(_read_site(data, validate=False) for data in files)
    copies = max(1, -(-hands_wanted // hands)) if hands else 0
    numbers = [_hand_numbers(data) for data in files]
    return ([_renumbered(data, found, copy) for copy in range(copies)
             for data, found in zip(files, numbers)], hands * copies)


def _hand_numbers(data: bytes) -> re.Pattern[bytes] | None:
    """The numbers (six digits or more) in the ids of a log's hands, as one pattern."""
    import io

    from badugi_hh.events import SkippedHand
    from badugi_hh.parsers import read_records

    found = {number for record in read_records(io.BytesIO(data))
             if isinstance(record, (Hand, SkippedHand))
             for number in re.findall(r"\d{6,}", record.hand_id)}
    if not found:
        return None
    return re.compile(rb"\b(?:" + b"|".join(map(str.encode, sorted(found, key=len, reverse=True)))
                      + rb")\b")


def _renumbered(data: bytes, numbers: re.Pattern[bytes] | None, copy: int) -> bytes:
    """``data`` with its hand numbers made those of copy ``copy``: their first four digits
    are the copy's number, so the length (which some exports fix) stays."""
    if not copy or numbers is None:
        return data
    return numbers.sub(lambda number: b"%04d" % copy + number.group()[4:], data)


def _read_site(data: bytes, validate: bool) -> int:
    """The hands of one log read (and audited): hands of games not audited count too."""
    import io

    from badugi_hh.engine import HandReport, audit
    from badugi_hh.events import SkippedHand
    from badugi_hh.parsers import read_records

    records = read_records(io.BytesIO(data))
    if validate:
        return sum(isinstance(r, (HandReport, SkippedHand)) for r in audit(records))
    return sum(isinstance(r, (Hand, SkippedHand)) for r in records)


def bench_sites(quick: bool) -> Figures:
    """Each site reader on its real exports, read over and over: parse, then parse + validate.

    One core. Badugi hands are audited; the triple-draw hands most real files
    hold are read whole and counted as skipped, as an import does.
    """
    if not REAL_LOGS.exists():   # an installed copy without the source tree
        return {}
    figures: Figures = {}
    for site in SITES:
        copies, hands = _site_copies(site, 2_000 if quick else 10_000)
        if not hands:
            continue
        parse, validate = best_times(
            [lambda: sum(_read_site(data, validate=False) for data in copies),
             lambda: sum(_read_site(data, validate=True) for data in copies)],
            1 if quick else 3)
        figures[f"{site}: hands"] = hands
        figures[f"{site}: parse (hands/s)"] = hands / parse
        figures[f"{site}: parse + validate (hands/s)"] = hands / validate
    return figures


def bench_import(quick: bool) -> Figures:
    """Parse + validate + store into DuckDB in one process, then the same unchanged
    (the section ``scale`` times the command line with more processes); then where the
    time of an import goes, per hand, on a six-handed log and on PokerStars' real
    exports repeated, with the readers run by lark-cython and by Lark alone
    (:mod:`badugi_hh.bench.importing`)."""
    import tempfile

    from badugi_hh.bench.importing import import_figures, import_memory
    from badugi_hh.bench.store import bench_import as run_import
    from badugi_hh.bench.store import sessions_holding, write_logs
    from badugi_hh.simulate import simulate, table_rules

    figures = run_import(5_000 if quick else 100_000, jobs=1)
    hands = 2_000 if quick else 20_000
    with tempfile.TemporaryDirectory() as folder:
        six = Path(folder) / "six-handed"
        write_logs(sessions_holding(simulate(hands, 1, table_rules(HOUSE_GAME, 6)), hands), six,
                   hands)
        figures.update(import_figures("six-handed", sorted(six.iterdir()), 1 if quick else 3))
        copies, _ = _site_copies("pokerstars", hands // 4) if REAL_LOGS.exists() else ([], 0)
        exports = Path(folder) / "pokerstars"
        exports.mkdir()
        for number, data in enumerate(copies):
            (exports / f"export-{number}.txt").write_bytes(data)
        if copies:
            figures.update(import_figures("pokerstars", sorted(exports.iterdir()),
                                          1 if quick else 3))
        figures.update(import_memory(Path(folder), *((4_000, 16_000) if quick
                                                     else (10_000, 80_000))))
    return figures


def bench_scale(quick: bool) -> Figures:
    """``badugi-hh import`` as typed: --jobs 1 and 2, a Dask cluster of 1 and 2 workers."""
    from badugi_hh.bench.scale import import_sections

    return import_sections(quick)


def bench_dataset(quick: bool) -> Figures:
    """Per-player statistics on a Parquet dataset of millions of hands and on a DuckDB file."""
    from badugi_hh.bench.dataset import stats_on_a_dataset

    return stats_on_a_dataset(quick)


def bench_stats(quick: bool) -> Figures:
    """Per-player statistics over a large database."""
    from badugi_hh.bench.stats import bench_stats_query

    return bench_stats_query(100_000 if quick else 1_000_000, repeats=2 if quick else 5)


def bench_sql(quick: bool) -> Figures:
    """``badugi-hh sql`` printing a whole table, its peak memory against ``SELECT 1``."""
    from badugi_hh.bench.sql import bench_sql_memory

    return bench_sql_memory(quick)


def bench_archives(quick: bool) -> Figures:
    """``validate`` of many small logs in archives, against the same logs as a folder."""
    from badugi_hh.bench.archives import bench_archives as archives

    return archives(quick)


def _run_process(command: Sequence[str]) -> Callable[[], object]:
    return lambda: subprocess.run(command, capture_output=True, check=True)


def bench_startup(quick: bool) -> Figures:
    """Start-up of the command line, next to a bare interpreter timed in the same run.

    Each command is a fresh process, as when a user types it; the ratio to
    ``python -c pass`` is what the code adds, whatever the machine. An import of one
    short session into a new database (a player's import of the day's hands, most of it
    the command's start) is timed with the grammar's tables in a cache folder of the
    run's own, and with no cache: what the tables' build costs every process
    (:mod:`badugi_hh.user_cache`).
    """
    import os
    import tempfile

    from badugi_hh.user_cache import CACHE_VARIABLE

    cli = [sys.executable, "-m", "badugi_hh.cli"]
    with tempfile.TemporaryDirectory() as folder:
        log, database = Path(folder, "session.txt"), Path(folder, "new.duckdb")
        log.write_text(simulated_text(12), encoding="utf-8")

        def import_log(cache: str) -> Callable[[], object]:
            environment = {**os.environ, CACHE_VARIABLE: cache}

            def run() -> object:
                for made in (database, database.with_name(database.name + ".wal")):
                    made.unlink(missing_ok=True)
                return subprocess.run([*cli, "import", str(log), "--db", str(database)],
                                      capture_output=True, check=True, env=environment)
            return run

        cached = import_log(str(Path(folder, "cache")))
        cached()   # the tables built and kept, as the first run after an install does
        bare, help_, hand, imported, uncached = best_times(
            [_run_process([sys.executable, "-c", "pass"]), _run_process([*cli, "--help"]),
             _run_process([*cli, "hand", "As 2h 3d Kd"]), cached, import_log("")],
            3 if quick else 10)
    return {"baseline: python -c pass (s)": bare,
            "badugi-hh --help (s)": help_,
            'badugi-hh hand "As 2h 3d Kd" (s)': hand,
            "badugi-hh import, one 12-hand session into a new database (s)": imported,
            "the same, the grammar built again (no cache) (s)": uncached,
            "--help over the baseline (x)": help_ / bare,
            "hand over the baseline (x)": hand / bare,
            "import over the baseline (x)": imported / bare,
            "the grammar's cache: import without it over with it (x)": uncached / imported}


def bench_pokerkit(quick: bool) -> Figures:
    """Our evaluation and replay against PokerKit's, on the same hands in the same run.

    Prints nothing when PokerKit (a dev dependency) is not installed. Both
    replays start from hands already read: ours from the events, PokerKit's from
    the same hands written as PHH and loaded (the writer and the loading are
    not timed); ours also audits every hand.
    """
    try:
        import pokerkit
    except ImportError:
        return {}
    from badugi_hh.engine import Auditor, HandReport, audit
    from badugi_hh.phh_writer import phh_fields, phh_text

    repeats = 1 if quick else 3
    rng = random.Random(2024)
    hands = [tuple(rng.sample(DECK, 4)) for _ in range(5_000 if quick else 50_000)]
    theirs = [tuple(pokerkit.Card.parse("".join(map(str, hand)))) for hand in hands]
    evaluate.fill_rank_table()   # whole, as a long import has it; its build is timed apart
    ours_rank = calls_per_second(evaluate.badugi_rank, hands, repeats)
    ours_value = calls_per_second(evaluate.badugi_value, hands, repeats)
    their_rate = calls_per_second(pokerkit.BadugiHand.from_game, theirs, repeats)
    records = simulated_records(500 if quick else 5_000)
    auditor = Auditor()
    histories = [pokerkit.HandHistory.loads(phh_text(phh_fields(record, report)))
                 for record in records for report in auditor.feed(record)
                 if isinstance(report, HandReport) and isinstance(record, Hand)]
    fast, general, pokerkit_time = best_times(
        [lambda: deque(audit(records), maxlen=0),
         lambda: deque(audit(records, fast_path=False), maxlen=0),
         lambda: deque(itertools.chain.from_iterable(histories), maxlen=0)], repeats)
    count = len(histories)
    return {
        "Badugi evaluation: badugi_rank (hands/s)": ours_rank,
        "Badugi evaluation: badugi_value (hands/s)": ours_value,
        "Badugi evaluation: PokerKit BadugiHand.from_game (hands/s)": their_rate,
        "badugi_rank over PokerKit (x)": ours_rank / their_rate,
        "hands replayed": count,
        "replay + audit, fast path (hands/s)": count / fast,
        "replay + audit, general engine (hands/s)": count / general,
        "replay: PokerKit (hands/s)": count / pokerkit_time,
        "fast path over PokerKit (x)": pokerkit_time / fast,
        "general engine over PokerKit (x)": pokerkit_time / general,
    }


#: PokerKit's codes for the games it replays at fixed limit, the structure simulated here
#: (the registry's PHH codes, whose first letter is the structure).
POKERKIT_CODES = {game.id: code for game in GAMES.values()
                  for code in game.site_names.get("phh", ()) if code.startswith("F")}
#: The games and table sizes the games section replays: each triple draw six-handed, and
#: heads-up as well where PokerKit replays the game to compare.
BENCH_GAMES = tuple((game.id, players) for game in GAMES.values() if game.draws == 3
                    for players in ((2, 6) if game.id in POKERKIT_CODES else (6,)))


def bench_games(quick: bool) -> Figures:
    """Replay + audit of each game, and PokerKit replaying the same hands where it has the game.

    PokerKit's replay starts from the hands written as PHH and loaded (neither
    timed); ours from the events, and it audits every hand as well.
    """
    from badugi_hh.engine import audit
    from badugi_hh.phh_writer import phh_fields, phh_text

    pokerkit: Any
    try:
        pokerkit = importlib.import_module("pokerkit")
    except ImportError:   # a dev dependency: without it, our figures alone
        pokerkit = None
    figures: Figures = {}
    for game, players in BENCH_GAMES:
        records = simulated_records(300 if quick else 3_000, 7, game, players)
        hands = sum(isinstance(record, Hand) for record in records)
        actions = [lambda: deque(audit(records), maxlen=0)]
        histories = (_pokerkit_histories(pokerkit, records, phh_fields, phh_text)
                     if pokerkit is not None and game in POKERKIT_CODES else [])
        if histories:
            actions.append(lambda: deque(itertools.chain.from_iterable(histories), maxlen=0))
        times = best_times(actions, 1 if quick else 3)
        label = f"{game}, {players} players"
        figures[f"{label}: replay + audit (hands/s)"] = hands / times[0]
        if histories:
            theirs = len(histories) / times[1]
            figures[f"{label}: PokerKit (hands/s)"] = theirs
            figures[f"{label}: ours over PokerKit (x)"] = hands / times[0] / theirs
    return figures


def _pokerkit_histories(pokerkit: Any, records: list[Record], fields: Callable[..., Any],
                        text: Callable[..., str]) -> list[Any]:
    """The simulated hands PokerKit loads (it cannot replay some multiway all-ins)."""
    from badugi_hh.engine import Auditor, HandReport

    auditor, histories = Auditor(), []
    for record in records:
        for report in auditor.feed(record):
            if isinstance(report, HandReport) and isinstance(record, Hand):
                try:
                    history = pokerkit.HandHistory.loads(
                        text(fields(record, report)))
                    deque(history, maxlen=0)   # replayed once untimed: does it go through?
                except ValueError:
                    continue
                histories.append(history)
    return histories


#: name -> section, in the order they run.
SECTIONS: dict[str, Section] = {
    "startup": bench_startup,
    "evaluator": bench_evaluator,
    "replay": bench_replay,
    "parse": bench_parse,
    "sites": bench_sites,
    "import": bench_import,
    "scale": bench_scale,
    "stats": bench_stats,
    "sql": bench_sql,
    "dataset": bench_dataset,
    "archives": bench_archives,
    "pokerkit": bench_pokerkit,
    "games": bench_games,
}


def format_figure(value: float) -> str:
    """Large rates with thousands separators, small figures with three digits."""
    return f"{value:,.0f}" if value >= 100 else f"{value:.3g}"


def report(section: str, figures: Figures) -> Iterable[str]:
    """The section's lines; nothing for a section with no figures (PokerKit missing)."""
    if not figures:
        return
    yield section
    width = max(map(len, figures))
    for label, value in figures.items():
        yield f"  {label:<{width}}  {format_figure(value):>12}"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--quick", action="store_true", help="short runs, rougher figures")
    parser.add_argument("--only", choices=SECTIONS, metavar="NAME",
                        help=f"run one section: {', '.join(SECTIONS)}")


def run(args: argparse.Namespace) -> int:
    # The figures depend on which engine ran: compiled by the install, or its Python
    # sources; said once, above the first section that has figures.
    heading = [f"engine: {badugi_hh.ENGINE}"]
    for name in [args.only] if args.only else SECTIONS:
        lines = list(report(name, SECTIONS[name](args.quick)))
        if lines:
            print(*heading, *lines, sep="\n", flush=True)
            heading = []
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m badugi_hh.bench",
                                     description=__doc__.splitlines()[0])
    add_arguments(parser)
    return run(parser.parse_args(argv))
