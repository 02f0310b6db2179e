"""The engine as the install compiled it, and the same modules run as Python.

``setup.py`` compiles the engine, the evaluators, the game registry, the
ledger, the house and PokerStars readers and the row builder with mypyc; :mod:`badugi_hh.compiled` runs them as Python where a source
changed since, or where ``BADUGI_HH_PURE_PYTHON`` is set. Here: the compiled
engine is the one this test run uses, both give the same report of every hand
(the sample logs, the real exports of every site, simulated hands of every game,
structure and table size with short stacks, each breakable rule, mutated
hands), both read the same records and make the same rows of every log kept, the
compiled modules' doctests pass from their sources, and a source
changed after compiling is noticed.
"""

from __future__ import annotations

import copy
import json
import os
import pickle
import random
import subprocess
import sys
from collections.abc import Iterator
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

import badugi_hh
from badugi_hh.compiled import (
    MANIFEST, PACKAGE_DIR, PURE_PYTHON_VARIABLE, compiled_sources, source_digest,
    stale_modules,
)
from badugi_hh.engine import Violation, audit
from badugi_hh.events import Hand, Record
from badugi_hh.games import GAMES
from badugi_hh.parsers import read_records
from badugi_hh.rows.files import file_batches
from badugi_hh.rows.schema import TABLES
from badugi_hh.simulate import BREAKABLE_RULES, simulate, table_rules
from test_fast_path import mutate

ROOT = Path(__file__).resolve().parents[1]
COMPILED = compiled_sources()
needs_compiled = pytest.mark.skipif(
    badugi_hh.ENGINE != "compiled", reason="the engine runs as Python here: installed without a C "
    "compiler or with BADUGI_HH_PURE_PYTHON, or a source edited since (install again)")


def corpus() -> Iterator[list[Record]]:
    """Every kind of log the engine meets, a log at a time."""
    for path in log_paths():
        yield list(read_records(path))
    for game in GAMES:
        for players, structure in ((2, "fixed"), (6, "fixed"), (3, "pot"), (6, "no")):
            rules = table_rules(game, players, structure=structure).replace(starting_stack=None)
            yield list(simulate(5, 7, rules, stacks=(3, 40), hidden=0.2))
    for number, rule in enumerate(BREAKABLE_RULES):
        yield list(simulate(1, number, break_rule=rule))
    rng = random.Random(11)
    yield [mutate(record, rng) if isinstance(record, Hand) else record
           for record in simulate(20, 3)]


def report_lines() -> list[str]:
    """What the audit says of the corpus, every report written out whole."""
    return [repr(report) for records in corpus() for report in audit(records)]


def run_as_python(code: str, *arguments: str) -> subprocess.CompletedProcess[str]:
    """``code`` in a fresh interpreter whose engine runs from the Python sources."""
    environment = dict(os.environ, **{PURE_PYTHON_VARIABLE: "1"})
    return subprocess.run([sys.executable, "-c", code, *arguments], cwd=ROOT, env=environment,
                          capture_output=True, text=True, timeout=600, check=False)


@needs_compiled
def test_this_run_uses_the_compiled_engine():
    import badugi_hh.engine.fast as fast

    assert badugi_hh.ENGINE == "compiled"
    assert not fast.__file__.endswith(".py")
    assert stale_modules() == []
    assert {"badugi_hh.engine.replay", "badugi_hh.evaluate", "badugi_hh.games",
            "badugi_hh.parsers.house", "badugi_hh.parsers.pokerstars", "badugi_hh.rows.batch"} <= set(COMPILED)


def lines_as_python(lines: str) -> list[str]:
    """The lines that ``lines``, an expression over this module (``test_compiled``),
    gives in a fresh interpreter whose engine runs from the Python sources."""
    run = run_as_python(
        "import sys, badugi_hh; sys.path[:0] = ['tests', '.']; import test_compiled; "
        f"print(badugi_hh.ENGINE); print('\\n'.join({lines}))")
    assert run.returncode == 0, run.stderr[-3000:]
    engine, *printed = run.stdout.splitlines()
    assert engine == "python"
    return printed


@needs_compiled
def test_the_python_engine_says_the_same_of_every_hand():
    ours = report_lines()
    theirs = lines_as_python("test_compiled.report_lines()")
    assert len(ours) > 2_000
    assert theirs == [line for report in ours for line in report.splitlines()]


def log_paths() -> list[Path]:
    """The sample logs and the house and real exports the tests keep."""
    return [path for folder in ("sample_logs", "tests/data/house", "tests/data/real")
            for path in sorted((ROOT / folder).rglob("*.txt")) if "expected" not in path.parts]


def stored_lines(path: Path) -> list[str]:
    """What an import of ``path`` keeps, written out whole: each record read, then each
    batch's rows of every table as the store gets them (but the import's own time)."""
    records = list(read_records(path))
    lines = [repr(record) for record in records]
    for batch in file_batches(records, path.name, None, 50, "UTC"):
        batch.complete()
        for table in TABLES:
            rows = batch.arrow(table)
            if rows is not None:
                rows = rows.drop_columns([name for name in ("first_imported_at",)
                                          if name in rows.column_names])
                lines += [f"{table} {row}" for row in rows.to_pylist()]
    return lines


@needs_compiled
def test_the_python_reader_and_rows_keep_the_same_of_every_log():
    ours = [line for path in log_paths() for line in stored_lines(path)]
    theirs = lines_as_python(
        "line for path in test_compiled.log_paths() for line in test_compiled.stored_lines(path)")
    assert len(ours) > 15_000
    assert theirs == [line for text in ours for line in text.splitlines()]


@needs_compiled
def test_the_compiled_modules_doctests_pass_from_their_sources():
    sources = [str(source) for source in COMPILED.values()]
    run = run_as_python("import sys, pytest; sys.exit(pytest.main(sys.argv[1:]))",
                        "-q", "-p", "no:cacheprovider", "-o", "addopts=", "--doctest-modules",
                        *sources)
    assert run.returncode == 0, run.stdout[-3000:]
    passed = int(run.stdout.rsplit(" passed", 1)[0].rsplit(None, 1)[-1])
    assert passed >= 20


def frozen_values() -> list[object]:
    """A value of each frozen dataclass the compiled modules define."""
    from badugi_hh.cards import parse_cards
    from badugi_hh.engine.betting import Structure
    from badugi_hh.evaluate import badugi_value, lowball27_value

    badeucy = GAMES["badeucy"]
    return [Violation("G1", "a sentence", "h#1", "a.txt", 3), Structure("pot", (1, 1)),
            badugi_value(parse_cards("As 2h 3d 4c")), lowball27_value(parse_cards("7s 5h 4d 3c 2s")),
            badeucy, badeucy.halves[0], GAMES["27td"].made_hand]


def test_the_engines_values_copy_and_pickle():
    reports = list(audit(simulate(2, 1, break_rule="B2")))   # reports holding violations
    for value in [*frozen_values(), reports]:
        for again in (copy.copy, copy.deepcopy, lambda value: pickle.loads(pickle.dumps(value))):
            assert again(value) == value


@needs_compiled
def test_a_frozen_value_pickled_compiled_loads_in_python():
    pickled = pickle.dumps(frozen_values()).hex()
    run = run_as_python("import pickle, sys; sys.path[:0] = ['tests', '.']; import badugi_hh, "
                        "test_compiled; values = pickle.loads(bytes.fromhex(sys.argv[1])); "
                        "print(badugi_hh.ENGINE, values == test_compiled.frozen_values())", pickled)
    assert run.returncode == 0, run.stderr[-3000:]
    assert run.stdout.split() == ["python", "True"]


def compiled_package(folder: Path) -> dict[str, Path]:
    """A package of three modules as an install compiles them, with their manifest."""
    package = folder / "badugi_hh"
    (package / "engine").mkdir(parents=True)
    sources = {"badugi_hh.engine": package / "engine" / "__init__.py",
               "badugi_hh.engine.fast": package / "engine" / "fast.py",
               "badugi_hh.games": package / "games.py"}
    for module, source in sources.items():
        source.write_text(f"NAME = {module!r}\n")
        compiled_file(source).write_bytes(b"")
    (folder / f"abc__mypyc{EXTENSION_SUFFIXES[0]}").write_bytes(b"")
    (package / MANIFEST).write_text(json.dumps({"shared": "abc__mypyc", "sources": {
        module: source_digest(source) for module, source in sources.items()}}))
    return sources


def compiled_file(source: Path) -> Path:
    return Path(f"{source.with_suffix('')}{EXTENSION_SUFFIXES[0]}")


def test_a_compiled_package_is_current_until_a_source_changes(tmp_path):
    sources = compiled_package(tmp_path)
    package = tmp_path / "badugi_hh"
    assert compiled_sources(package) == sources
    assert stale_modules(package) == []
    sources["badugi_hh.engine.fast"].write_text("NAME = 'edited'\n")
    assert stale_modules(package) == ["badugi_hh.engine.fast"]


def test_a_source_gone_since_compiling_is_stale_not_a_crash(tmp_path):
    sources = compiled_package(tmp_path)
    sources["badugi_hh.games"].unlink()   # a checkout of a commit before it existed
    assert stale_modules(tmp_path / "badugi_hh") == ["badugi_hh.games"]


def test_a_compiled_file_the_manifest_does_not_know_is_stale(tmp_path):
    sources = compiled_package(tmp_path)
    newer = sources["badugi_hh.engine"].parent / "shuffle.py"
    newer.write_text("")
    compiled_file(newer).write_bytes(b"")
    assert stale_modules(tmp_path / "badugi_hh") == ["badugi_hh.engine.shuffle"]


@pytest.mark.parametrize("missing", ["the manifest", "the shared library"])
def test_without_its_manifest_or_shared_library_every_compiled_module_is_stale(tmp_path,
                                                                              missing):
    sources = compiled_package(tmp_path)
    if missing == "the manifest":
        (tmp_path / "badugi_hh" / MANIFEST).unlink()   # a build that stopped half-way
    else:
        (tmp_path / f"abc__mypyc{EXTENSION_SUFFIXES[0]}").unlink()
    assert stale_modules(tmp_path / "badugi_hh") == sorted(sources)


def test_the_engine_runs_as_python_where_asked():
    run = run_as_python("import badugi_hh, badugi_hh.engine.replay as replay, "
                        "badugi_hh.evaluate as evaluate; "
                        "print(badugi_hh.ENGINE, replay.__file__, evaluate.__file__)")
    assert run.returncode == 0, run.stderr
    engine, replay_file, evaluate_file = run.stdout.split()
    assert engine == "python"
    assert replay_file == str(PACKAGE_DIR / "engine" / "replay.py")
    assert evaluate_file == str(PACKAGE_DIR / "evaluate.py")
