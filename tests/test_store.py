"""The DuckDB store on real database files: figures, idempotence, crashes, locks."""

from __future__ import annotations

import io
import json
import re
import signal
import subprocess
import sys
import textwrap
from collections import Counter
from pathlib import Path

import pytest

from badugi_hh import cli
from badugi_hh.events import (
    Bet, Call, Check, Draw, Event, Fold, Hand, PostBlind, Raise, Record, SessionEnd,
    SessionStart, Show, Street,
)
from badugi_hh.simulate import simulate
from badugi_hh.rows import files as row_files
from badugi_hh.rows.schema import schema_sql
from badugi_hh.store import TABLES, Store, StoreLocked
from badugi_hh.writer import write_records

ROOT = Path(__file__).resolve().parents[1]
DATA = Path(__file__).parent / "data" / "store"


# -- helpers ---------------------------------------------------------------------------

def log_text(records: list[Record]) -> str:
    out = io.StringIO()
    write_records(records, out)
    return out.getvalue()


def write_log(path: Path, records: list[Record]) -> Path:
    path.write_text(log_text(records), encoding="utf-8")
    return path


def scalar(store: Store, sql: str, params: list[object] | None = None) -> object:
    return store.connection.execute(sql, params or []).fetchall()[0][0]


def table_counts(db: Path) -> dict[str, int]:
    with Store(db, read_only=True) as store:
        return store.counts()


def hands_of(records: list[Record]) -> list[Hand]:
    return [r for r in records if isinstance(r, Hand)]


def before_first_draw(events: list[Event]) -> list[Event]:
    first_draw = next((i for i, e in enumerate(events)
                       if isinstance(e, Street) and e.kind == "draw"), len(events))
    return events[:first_draw]


@pytest.fixture(scope="module")
def simulated() -> list[Record]:
    return list(simulate(sessions=40, seed=11))


@pytest.fixture()
def imported(tmp_path: Path, simulated: list[Record]) -> tuple[Store, Path]:
    log = write_log(tmp_path / "sim.txt", simulated)
    store = Store(tmp_path / "db.duckdb")
    store.import_paths([log])
    yield store, log
    store.close()


# -- the schema --------------------------------------------------------------------------

def test_every_table_and_column_is_documented() -> None:
    doc = (ROOT / "docs" / "schema.md").read_text(encoding="utf-8")
    sections = {part.split(maxsplit=1)[0]: part for part in doc.split("\n## ")[1:]}
    for table, row_type in TABLES.items():
        first_cells = re.findall(r"^\| ([^|]+) \|", sections[table], re.M)
        documented = {name for cell in first_cells for name in re.findall(r"\w+", cell)}
        assert set(row_type._fields) <= documented, table


def test_schema_creates_on_a_new_file_and_opens_again(tmp_path: Path) -> None:
    with Store(tmp_path / "new.duckdb") as store:
        assert store.counts()["hands"] == 0
    with Store(tmp_path / "new.duckdb") as store:   # IF NOT EXISTS: no error the second time
        assert store.counts()["rules"] > 30
    assert schema_sql().count("CREATE TABLE") == len(TABLES)


# -- imported figures against the records ------------------------------------------------

def test_hand_and_row_counts_match_the_records(imported: tuple[Store, Path],
                                               simulated: list[Record]) -> None:
    store, _ = imported
    hands = hands_of(simulated)
    kinds = Counter(type(e) for hand in hands for e in hand.events)
    counts = store.counts()
    assert counts["hands"] == len(hands)
    assert counts["hand_players"] == 2 * len(hands)
    assert counts["sessions"] == sum(isinstance(r, SessionStart) for r in simulated)
    assert counts["actions"] == sum(kinds[k] for k in (PostBlind, Check, Bet, Call, Raise, Fold))
    assert counts["draws"] == kinds[Draw]
    assert scalar(store, "SELECT count(*) FROM showdowns WHERE shown_cards IS NOT NULL") \
        == kinds[Show]
    assert counts["violations"] == counts["quarantine"] == 0   # the simulator plays by the rules
    assert counts["sources"] == 1 and counts["players"] == 2


def test_net_per_session_and_player_matches_the_stacks(imported: tuple[Store, Path],
                                                       simulated: list[Record]) -> None:
    store, _ = imported
    starts = {r.session_id: {p.name: p.stack for p in r.players}
              for r in simulated if isinstance(r, SessionStart)}
    ends = [r for r in simulated if isinstance(r, SessionEnd)]
    expected = {}
    for start_id, end in zip(starts, ends):   # the simulator ends each session it starts
        for name, stack in end.stacks.items():
            expected[(start_id, name)] = stack - starts[start_id][name]
    stored = dict(((s, p), net) for s, p, net in store.connection.execute(
        "SELECT session_id, player, sum(net) FROM hand_players GROUP BY ALL").fetchall())
    assert stored == expected
    session_net = dict(((s, p), net) for s, p, net in store.connection.execute(
        "SELECT session_id, player, net FROM session_players").fetchall())
    assert session_net == expected


def test_vpip_and_pfr_counts_match_the_events(imported: tuple[Store, Path],
                                              simulated: list[Record]) -> None:
    store, _ = imported
    vpip, pfr = Counter(), Counter()
    for hand in hands_of(simulated):
        first_round = before_first_draw(hand.events)
        vpip.update({e.player for e in first_round if isinstance(e, (Call, Bet, Raise))})
        pfr.update({e.player for e in first_round if isinstance(e, (Bet, Raise))})
    rows = store.connection.execute(
        "SELECT player, count_if(vpip), count_if(pfr) FROM hand_players GROUP BY player"
    ).fetchall()
    assert {p: v for p, v, _ in rows} == dict(vpip)
    assert {p: r for p, _, r in rows} == dict(pfr)


def test_summary_counts_agree_with_actions_and_draws(imported: tuple[Store, Path]) -> None:
    """hand_players is computed in Python; the raw tables must say the same."""
    store, _ = imported
    mismatches = scalar(store, """
        WITH counted AS (
            SELECT source, hand_id, player,
                   count_if(action = 'bet') AS bets, count_if(action = 'raise') AS raises,
                   count_if(action = 'call') AS calls, count_if(action = 'check') AS checks,
                   count_if(action = 'fold') AS folds
            FROM actions GROUP BY ALL),
        drawn AS (
            SELECT source, hand_id, player,
                   any_value(discarded) FILTER (WHERE draw = 1) AS d1,
                   any_value(discarded) FILTER (WHERE draw = 2) AS d2,
                   any_value(discarded) FILTER (WHERE draw = 3) AS d3
            FROM draws GROUP BY ALL)
        SELECT count(*) FROM hand_players hp
        LEFT JOIN counted c USING (source, hand_id, player)
        LEFT JOIN drawn d USING (source, hand_id, player)
        WHERE hp.bets != coalesce(c.bets, 0) OR hp.raises != coalesce(c.raises, 0)
           OR hp.calls != coalesce(c.calls, 0) OR hp.checks != coalesce(c.checks, 0)
           OR hp.folds != coalesce(c.folds, 0)
           OR hp.draw1_cards IS DISTINCT FROM d.d1 OR hp.draw2_cards IS DISTINCT FROM d.d2
           OR hp.draw3_cards IS DISTINCT FROM d.d3
           OR hp.went_to_showdown != EXISTS (SELECT 1 FROM showdowns s WHERE
                 s.source = hp.source AND s.hand_id = hp.hand_id AND s.player = hp.player)""")
    assert mismatches == 0
    assert scalar(store, "SELECT count(*) FROM hands h WHERE pot != (SELECT sum(amount) "
                         "FROM pots p WHERE p.source = h.source AND p.hand_id = h.hand_id)") == 0


def test_every_hand_nets_to_zero(imported: tuple[Store, Path]) -> None:
    store, _ = imported
    assert scalar(store, "SELECT count(*) FROM (SELECT sum(net) AS n FROM hand_players "
                         "GROUP BY source, hand_id) WHERE n != 0") == 0


# -- idempotence -------------------------------------------------------------------------

def test_reimporting_adds_nothing(imported: tuple[Store, Path],
                                  simulated: list[Record]) -> None:
    store, log = imported
    before = store.counts()
    again = store.import_paths([log])
    assert (again.unchanged, again.new_hands) == (1, 0)
    assert store.counts() == before
    # Records fed again under the same source skip the hash check: the hand ids do it.
    records = store.import_records(simulated, source=str(log.resolve()))
    assert (records.hands, records.new_hands, records.violations) == (len(hands_of(simulated)),
                                                                      0, 0)
    assert store.counts() == before


@pytest.mark.parametrize("jobs", [1, 2])
def test_appended_file_imports_only_new_hands(tmp_path: Path, simulated: list[Record],
                                              jobs: int) -> None:
    text = log_text(simulated)
    # Cut in the middle of a session, as a log read while the game goes on.
    later_hands = [m.start() for m in re.finditer(r"^Hand #([2-9]|1[0-2])\b", text, re.M)]
    cut = later_hands[len(later_hands) // 2]
    log = tmp_path / "live.txt"
    log.write_text(text[:cut], encoding="utf-8")
    with Store(tmp_path / "db.duckdb") as store:
        first = store.import_paths([log], jobs=jobs)
        cut_session_violations = scalar(
            store, "SELECT count(*) FROM violations WHERE level = 'session'")
        log.write_text(text, encoding="utf-8")
        second = store.import_paths([log], jobs=jobs)
        assert second.new_hands == len(hands_of(simulated)) - first.new_hands > 0
        assert cut_session_violations == 1   # N1: the cut session looked too short
        appended = store.counts()
    with Store(tmp_path / "clean.duckdb") as clean:
        clean.import_paths([log])
        assert clean.counts() == appended   # the short session's row and N1 are replaced


def test_rewritten_file_has_its_rows_replaced(tmp_path: Path) -> None:
    log = write_log(tmp_path / "game.txt", list(simulate(sessions=3, seed=1)))
    with Store(tmp_path / "db.duckdb") as store:
        store.import_paths([log])
        write_log(log, list(simulate(sessions=2, seed=2)))
        store.import_paths([log])
        rewritten = store.counts()
        sessions = {s for (s,) in store.connection.execute(
            "SELECT DISTINCT session_id FROM hands").fetchall()}
    assert sessions == {"sim-2-1", "sim-2-2"}
    with Store(tmp_path / "clean.duckdb") as clean:
        clean.import_paths([log])
        assert clean.counts() == rewritten


def test_import_in_worker_processes_stores_the_same(tmp_path: Path) -> None:
    folder = tmp_path / "logs"
    folder.mkdir()
    for seed in range(4):
        write_log(folder / f"game{seed}.txt", list(simulate(sessions=5, seed=seed)))
    with Store(tmp_path / "serial.duckdb", batch_hands=50) as serial:
        one = serial.import_paths([folder])
    with Store(tmp_path / "parallel.duckdb", batch_hands=50) as parallel:
        two = parallel.import_paths([folder], jobs=2)
        assert parallel.import_paths([folder], jobs=2).unchanged == 4
    assert (two.files, two.hands, two.new_hands) == (one.files, one.hands, one.new_hands)
    assert table_counts(tmp_path / "parallel.duckdb") == table_counts(tmp_path / "serial.duckdb")


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_hand_id_repeated_in_a_later_batch_is_stored_once(tmp_path: Path, jobs: int) -> None:
    """The first of two hands with one id counts, wherever the batches are cut: a site
    export pasted twice (a house session repeated in a file is renamed instead)."""
    export = sorted((ROOT / "tests" / "data" / "real" / "pokerstars").iterdir())[0]
    log = tmp_path / "twice.txt"
    text = export.read_text(encoding="utf-8-sig")
    log.write_text(text + "\n\n" + text, encoding="utf-8")
    with Store(tmp_path / "once.duckdb") as store:
        store.import_paths([export])
        once = scalar(store, "SELECT count(*) FROM hands")
        players_once = scalar(store, "SELECT count(*) FROM hand_players")
    with Store(tmp_path / "db.duckdb", batch_hands=7) as store:
        summary = store.import_paths([log], jobs=jobs)
        stored = scalar(store, "SELECT count(*) FROM hands")
        players = scalar(store, "SELECT count(*) FROM hand_players")
    assert summary.hands == 2 * stored == 2 * once
    assert players == players_once   # no row of a repeated hand slipped in


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_sitting_pasted_again_after_another_is_one_session_wherever_commits_fall(
        tmp_path: Path, jobs: int) -> None:
    """A table's sitting, another table's, then the first again in one export: the third
    session had the first's id, and gave one sessions row (the copy's, replacing it) when
    the two fell in two commits, two when in one. It is read as ID~2, all of whose hands
    are copies: left out wherever the commits fall, its T5s (a hand id used again) kept."""
    from tests.test_store_parts import rows_of

    first, other = (ROOT / "tests" / "data" / "real" / "pokerstars" / name for name in (
        "cash-27td-fl-0.10-0.20-200911.txt", "cash-badugi-fl-0.25-0.50-201009.txt"))
    texts = [path.read_text(encoding="utf-8-sig") for path in (first, other, first)]
    log = tmp_path / "pasted.txt"
    log.write_text("\n\n".join(texts), encoding="utf-8")
    for batch_hands in (3, 1000):   # a commit every 3 hands; one commit
        with Store(tmp_path / f"every{batch_hands}.duckdb", batch_hands=batch_hands) as store:
            assert store.import_paths([log], jobs=jobs).sessions == 2
    rows = rows_of(tmp_path / "every3.duckdb")
    assert rows == rows_of(tmp_path / "every1000.duckdb")
    with Store(tmp_path / "every3.duckdb", read_only=True) as store:
        assert store.connection.execute(
            "SELECT session_id, hands, line FROM sessions ORDER BY line").fetchall() == [
            ("ps-Theodora-VI-35839001292", 17, 1), ("ps-Benkoela-V-49164202872", 4, 971)]
        assert scalar(store, "SELECT count(*) FROM violations WHERE rule = 'T5'") == 17


# -- crashes -----------------------------------------------------------------------------

# Says each batch it committed, then waits for a line on its standard input before it
# goes on: the test kills it while it waits, with batches still to read, however busy the
# machine (killed at a moment left to the scheduler, a quick import could finish first).
CHILD_IMPORT = textwrap.dedent("""
    import sys
    from badugi_hh.store import Store

    def committed(hands):
        print(hands, flush=True)
        sys.stdin.readline()

    with Store(sys.argv[1], batch_hands=int(sys.argv[3])) as store:
        store.import_file(sys.argv[2], progress=committed)
""")


def test_killed_import_leaves_a_consistent_database(tmp_path: Path) -> None:
    # 883 hands: killed after two batches of 100, with seven more to go
    records = list(simulate(sessions=80, seed=5))
    log = write_log(tmp_path / "big.txt", records)
    db = tmp_path / "db.duckdb"
    batch = 100
    child = subprocess.Popen([sys.executable, "-c", CHILD_IMPORT, str(db), str(log), str(batch)],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert child.stdin is not None and child.stdout is not None
    committed = [int(child.stdout.readline())]
    child.stdin.write("go on\n")
    child.stdin.flush()
    committed.append(int(child.stdout.readline()))
    child.send_signal(signal.SIGKILL)   # while it waits, its second batch committed
    child.wait()
    child.stdin.close()
    child.stdout.close()
    assert committed == [batch, batch]
    with Store(db, read_only=True) as store:
        hands = scalar(store, "SELECT count(*) FROM hands")
        assert hands == 2 * batch   # whole batches, nothing partial
        assert scalar(store, "SELECT count(*) FROM sources") == 0   # the file is not done
        for table in ("hand_players", "actions"):
            assert scalar(store, f"SELECT count(*) FROM hands h WHERE NOT EXISTS (SELECT 1 "
                                 f"FROM {table} t WHERE t.source = h.source "
                                 f"AND t.hand_id = h.hand_id)") == 0, table
            assert scalar(store, f"SELECT count(*) FROM {table} t WHERE NOT EXISTS (SELECT 1 "
                                 f"FROM hands h WHERE t.source = h.source "
                                 f"AND t.hand_id = h.hand_id)") == 0, table
    with Store(db) as store:
        rerun = store.import_paths([log])
        assert rerun.new_hands == len(hands_of(records)) - hands
    with Store(tmp_path / "clean.duckdb") as clean:
        clean.import_paths([log])
    assert table_counts(db) == table_counts(tmp_path / "clean.duckdb")


# -- unreadable text ---------------------------------------------------------------------

def test_a_broken_hand_is_quarantined_and_the_others_stored(tmp_path: Path) -> None:
    records = list(simulate(sessions=4, seed=3))
    lines = log_text(records).splitlines(keepends=True)
    broken = next(i for i, line in enumerate(lines) if ": raises " in line)
    lines[broken] = lines[broken].replace(": raises ", ": raisez ")
    log = tmp_path / "broken.txt"
    log.write_text("".join(lines), encoding="utf-8")
    with Store(tmp_path / "db.duckdb") as store:
        summary = store.import_paths([log])
        assert summary.quarantined == 1
        assert store.counts()["hands"] == len(hands_of(records)) - 1
        line, column, text, error = store.connection.execute(
            "SELECT line, column_number, text, error FROM quarantine").fetchall()[0]
    assert line == broken + 1 and column > 0
    assert lines[broken].rstrip("\n") in text.splitlines()
    assert "raisez" in error
    with log.open("a", encoding="utf-8") as out:   # appended: the broken hand is read again
        write_records(simulate(sessions=1, seed=99), out)
    with Store(tmp_path / "db.duckdb") as store:
        assert store.import_paths([log]).new_hands > 0
        assert store.counts()["quarantine"] == 1


def test_quarantined_text_is_committed_before_it_piles_up(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """A broken hand counts no hand towards a batch; its text does, so a file of broken
    hands is not held whole in memory until its end (issue 15)."""
    monkeypatch.setattr(row_files, "BATCH_QUARANTINE_CHARS", 2000)
    records = list(simulate(sessions=4, seed=3))
    log = tmp_path / "broken.txt"
    log.write_text(log_text(records).replace(": raises ", ": raisez "), encoding="utf-8")
    commits: list[int] = []
    with Store(tmp_path / "db.duckdb") as store:
        summary = store.import_paths([log], progress=commits.append)
        stored = store.counts()
    assert summary.quarantined == stored["quarantine"] > 3
    assert stored["hands"] == summary.hands
    assert len(commits) > 3 and sum(commits) == summary.hands   # one batch would do otherwise


def test_the_fixture_log_with_a_broken_hand(tmp_path: Path) -> None:
    with Store(tmp_path / "db.duckdb") as store:
        summary = store.import_paths([DATA])
        assert (summary.files, summary.hands, summary.quarantined) == (1, 2, 1)
        assert store.connection.execute(
            "SELECT line, column_number FROM quarantine").fetchall() == [(32, 6)]


# -- locks -------------------------------------------------------------------------------

HOLDER = textwrap.dedent("""
    import sys, time
    from badugi_hh.store import Store
    with Store(sys.argv[1]):
        print("holding", flush=True)
        time.sleep(float(sys.argv[2]))
""")


def hold(db: Path, seconds: float) -> subprocess.Popen[str]:
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(db), str(seconds)],
                              stdout=subprocess.PIPE, text=True)
    assert holder.stdout.readline() == "holding\n"
    return holder


def test_a_second_writer_gets_a_clear_message(tmp_path: Path, capsys) -> None:
    db = tmp_path / "db.duckdb"
    log = write_log(tmp_path / "game.txt", list(simulate(sessions=1, seed=1)))
    holder = hold(db, 30)
    try:
        with pytest.raises(StoreLocked) as caught:
            Store(db, wait=0.5)
        assert str(db) in str(caught.value) and f"process {holder.pid}" in str(caught.value)
        assert cli.main(["import", str(log), "--db", str(db), "--wait", "0"]) == 1
        assert f"process {holder.pid}" in capsys.readouterr().err
    finally:
        holder.kill()
        holder.wait()


def test_a_second_writer_waits_for_the_first(tmp_path: Path) -> None:
    db = tmp_path / "db.duckdb"
    holder = hold(db, 1)
    with Store(db, wait=30) as store:
        assert store.counts()["hands"] == 0
    holder.wait()


# -- the commands ------------------------------------------------------------------------

def test_import_command_prints_a_summary_and_flags_missing_paths(tmp_path: Path,
                                                                 capsys) -> None:
    log = write_log(tmp_path / "game.txt", list(simulate(sessions=2, seed=4)))
    db = tmp_path / "db.duckdb"
    assert cli.main(["import", str(log), "--db", str(db)]) == 0
    assert "2 sessions" in capsys.readouterr().out
    assert cli.main(["import", str(tmp_path / "missing.txt"), str(log), "--db", str(db)]) == 2
    out, err = capsys.readouterr()
    assert "missing.txt" in err and "1 unchanged" in out


def test_sql_command_reads_and_refuses_to_write(imported: tuple[Store, Path], capsys) -> None:
    store, _ = imported
    hands = store.counts()["hands"]
    db = str(store.path)
    store.close()   # one process, one configuration: the command opens it read-only
    assert cli.main(["sql", "SELECT count(*) AS n FROM hands", "--db", db, "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == [{"n": hands}]
    assert cli.main(["sql", "DELETE FROM hands", "--db", db]) == 2   # refused before opening
    assert "only a query may run here" in capsys.readouterr().err
    assert cli.main(["sql", "SELECT player, seat FROM session_players ORDER BY ALL LIMIT 2",
                     "--db", db, "--csv"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "player,seat"
    assert table_counts(Path(db))["hands"] == hands


def test_sql_command_on_a_missing_database(tmp_path: Path, capsys) -> None:
    assert cli.main(["sql", "SELECT 1", "--db", str(tmp_path / "none.duckdb")]) == 1
    assert "no database at" in capsys.readouterr().err


def test_an_import_keeps_duckdb_to_a_bounded_memory_whatever_the_machine(tmp_path: Path) -> None:
    # DuckDB's own default is 80% of the machine's memory, which a long import filled with
    # the blocks it had written; the database's readers keep that default
    with Store(tmp_path / "hands.duckdb") as store:
        (limit,) = store.connection.execute("SELECT current_setting('memory_limit')").fetchone()
    number, unit = limit.split()
    assert float(number) * {"KiB": 2**10, "MiB": 2**20, "GiB": 2**30}[unit] <= 256 * 10**6
