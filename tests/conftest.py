"""Shared fixtures (a real database and a dataset imported from simulated logs, for
the dashboard tests) and the Hypothesis profile of every test."""

from __future__ import annotations

import atexit
import os
import shutil
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from hypothesis import settings

from badugi_hh.simulate import simulate
from badugi_hh.store import Store
from badugi_hh.user_cache import CACHE_VARIABLE
from badugi_hh.writer import write_records

# The grammars' tables are kept in a cache folder of the run's own (the processes the
# tests start inherit it), never the user's: a run neither reads nor leaves anything there.
_CACHE = tempfile.mkdtemp(prefix="badugi-hh-test-cache-")
os.environ[CACHE_VARIABLE] = _CACHE
atexit.register(shutil.rmtree, _CACHE, ignore_errors=True)

if TYPE_CHECKING:   # the dashboard tests' (Streamlit is slow to import)
    from streamlit.testing.v1 import AppTest

REPOSITORY = Path(__file__).resolve().parents[1]
DASHBOARDS = REPOSITORY / "dashboards"

# No test may depend on the machine's speed: Hypothesis's default deadline (200 ms an
# example) fails a correct test on a slow or busy machine, so no test has one.
settings.register_profile("no-deadline", deadline=None)
settings.load_profile("no-deadline")

def open_page(app: AppTest, name: str, **query: str) -> AppTest:
    """The dashboard's page ``name`` (``views/NAME.py``) run with ``query``, after the
    default page (switch_page needs the pages registered); no exception on it."""
    app.run()
    app.switch_page(f"views/{name}.py")
    app.query_params.update(query)
    app.run()
    assert not app.exception, app.exception
    return app


def every_other_wide(cases: list[tuple[object, ...]]) -> list[object]:
    """``cases`` for ``pytest.mark.parametrize``: every other one in the default run, the
    others in the wide tier (``pytest -m wide``), which CI runs too: a sweep sampled.

    >>> [getattr(case, "marks", ()) and "wide" or "default" for case in every_other_wide(
    ...     [(1,), (2,), (3,)])]
    ['default', 'wide', 'default']
    """
    return [pytest.param(*case, marks=pytest.mark.wide) if number % 2 else pytest.param(*case)
            for number, case in enumerate(cases)]


def examples_by_tier(default: int, wide: int) -> list[object]:
    """The ``max_examples`` of a Hypothesis test, as cases for ``pytest.mark.parametrize``:
    ``default`` in the default run, ``wide`` in the wide tier (``pytest -m wide``).

    >>> [(case.values, bool(case.marks)) for case in examples_by_tier(100, 300)]
    [((100,), False), ((300,), True)]
    """
    return [pytest.param(default, id=f"{default}-examples"),
            pytest.param(wide, marks=pytest.mark.wide, id=f"{wide}-examples")]


#: A hand the house parser cannot read (an action it does not know): it is quarantined.
UNREADABLE_LOG = """\
Session #broken-1 "Broken" 2024-03-01 20:00
Rules: Badugi triple draw, fixed limit 2/4, blinds 1/2, cap 3 raises, heads-up, stacks 100, 12 hands
Seat 1: Ana (100)
Seat 2: Bruno (100)

Hand #1 - button Ana - 2024-03-01 20:00
Ana: posts small blind 1
Bruno: posts big blind 2
Ana: juggles the chips
Bruno wins 3

Session ends - Bruno wins - stacks Ana 99, Bruno 101
"""


@pytest.fixture(autouse=True)
def keep_main_module() -> Iterator[None]:
    """Streamlit's AppTest installs the app script as ``__main__`` and leaves it
    there; a later ``spawn`` worker would then re-run the app instead of the
    test runner. Put the real one back after every test."""
    main = sys.modules["__main__"]
    yield
    sys.modules["__main__"] = main


def write_simulated(path: Path, sessions: int, seed: int, **options: object) -> Path:
    with open(path, "w", encoding="utf-8") as out:
        write_records(simulate(sessions, seed, **options), out)
    return path


@pytest.fixture(scope="session")
def dashboard_logs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder of logs: legal sessions (some cards hidden), a session breaking B3
    (a raise after the cap), and a hand no parser reads."""
    folder = tmp_path_factory.mktemp("dashboard_logs")
    write_simulated(folder / "club.txt", 12, seed=3, hidden=0.3)
    write_simulated(folder / "capped.txt", 1, seed=4, break_rule="B3")
    (folder / "broken.txt").write_text(UNREADABLE_LOG, encoding="utf-8")
    return folder


@pytest.fixture(scope="session")
def dashboard_db(dashboard_logs: Path) -> Path:
    """The logs of :func:`dashboard_logs` imported by the real store."""
    path = dashboard_logs.parent / "dashboard.duckdb"
    with Store(path) as store:
        summary = store.import_paths([dashboard_logs])
    assert summary.new_hands and summary.violations and summary.quarantined
    return path


@pytest.fixture(scope="session")
def dashboard_dataset(dashboard_logs: Path) -> Path:
    """The same logs imported into a dataset (Parquet files), in this process."""
    from badugi_hh.dataset import import_to_dataset

    path = dashboard_logs.parent / "dashboard-dataset"
    done = import_to_dataset([str(dashboard_logs)], path)
    summary, failures = done.summary, done.failures
    assert summary.new_hands and summary.violations and summary.quarantined and not failures
    return path


@pytest.fixture(scope="session")
def real_dataset(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The real exports (tests/data/real) imported into a dataset once, for the tests
    that only read it (a test that changes it copies it first)."""
    from badugi_hh.dataset import import_to_dataset

    path = tmp_path_factory.mktemp("real_dataset") / "ds"
    assert not import_to_dataset([str(REPOSITORY / "tests" / "data" / "real")], path).failures
    return path


@pytest.fixture
def dashlib_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """Makes the dashboard's modules importable as the app imports them (``dashlib``)."""
    monkeypatch.syspath_prepend(str(DASHBOARDS))
