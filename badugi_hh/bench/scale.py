"""``badugi-hh import`` as a user runs it, and what more workers would make of it.

``import_sections`` times the command line itself, a fresh process per run:
``badugi-hh import`` into a DuckDB file with ``--jobs 1`` and ``--jobs 2``, and
into a dataset on a local Dask cluster of one and two workers; and ``--jobs 1`` and
``--jobs 2`` on the same hands in three large logs, where the workers read parts of
them (:mod:`badugi_hh.store.parts`) or the third would be read alone. The figures
include what a user waits for (start-up, spawning the workers, the cluster,
writing) and the CPU every process spent, so what parallel work costs shows.

Each run also prints its ``--timings``: the work one process does alone (the
serial time: start-up, the driver, the compaction; for DuckDB, the planning and
the one writer's commits) and the tasks' own seconds. From them, Amdahl's law
gives the speed-up to expect on more workers:

    T(N) = serial + max(parallel / N, floor)

where ``parallel`` is what one worker spent beyond the serial time (the tasks and
their per-task overhead) and ``floor`` what no number of workers divides: the
longest task for a dataset, the writer's commits for DuckDB.

>>> round(predicted(serial=2.0, parallel=96.0, floor=1.0, workers=16), 3)
8.0
>>> round(predicted(serial=2.0, parallel=96.0, floor=10.0, workers=16), 3)
12.0
"""

from __future__ import annotations

import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from badugi_hh.bench.store import write_simulated_logs

Figures = dict[str, float]

#: The worker counts the figures predict a speed-up for.
PREDICTED_WORKERS = (4, 8, 16, 64)


class _Run:
    """One command run in a fresh process: its wall time, its CPU (children included)
    and the ``timings:`` line it printed."""

    def __init__(self, command: Sequence[str]) -> None:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        done = subprocess.run(command, capture_output=True, text=True, check=True)
        self.wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        self.cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        self.timings = timings_of(done.stderr)


def timings_of(stderr: str) -> dict[str, float]:
    """The ``name=value`` pairs of the ``timings:`` line of ``import --timings``.

    >>> timings_of("x\\ntimings: planning=0.250 tasks=2\\n")
    {'planning': 0.25, 'tasks': 2.0}
    """
    line = next((line for line in stderr.splitlines() if line.startswith("timings: ")), "")
    pairs = (pair.partition("=") for pair in line.removeprefix("timings: ").split())
    return {name: float(value) for name, _, value in pairs if value}


def predicted(serial: float, parallel: float, floor: float, workers: int) -> float:
    """Amdahl's wall time on ``workers`` (see the module's docstring)."""
    return serial + max(parallel / workers, floor)


def dataset_model(one: _Run, two: _Run) -> tuple[float, float, float, float]:
    """Serial seconds, per-task overhead, parallel seconds and floor of the dataset route:
    the serial time as the two-worker run measured it (it starts both workers), the
    overhead of a task as the one-worker run shows it (its wall beyond the serial time
    and the tasks' own seconds, a task at a time)."""
    def serial(run: _Run) -> float:
        t = run.timings
        start_up = run.wall - t["total"]   # the interpreter, the imports, the teardown
        return start_up + t["cluster_start"] + t["planning"] + t["driver"] + t["compaction"]

    parallel = max(0.0, one.wall - serial(one))
    overhead = max(0.0, parallel - one.timings["task_seconds"]) / max(1.0, one.timings["tasks"])
    return serial(two), overhead, parallel, two.timings["longest_task"]


def duckdb_model(one: _Run, two: _Run) -> tuple[float, float, float]:
    """Serial seconds, parallel seconds and floor (the one writer's commits) of ``--jobs``."""
    def serial(run: _Run) -> float:
        return run.wall - run.timings["total"] + run.timings["planning"]

    # the commits share the cores with the workers: parallel work, but never less than them
    parallel = max(0.0, one.wall - serial(one))
    return serial(two), parallel, two.timings["commit"]


def import_sections(quick: bool, hands: int | None = None) -> Figures:
    """``badugi-hh import`` from the command line: one and two processes, one and two
    Dask workers, on the same simulated logs (16 files; 8 with ``quick``) of ``hands``
    hands (200,000; 4,000 with ``quick``); and the fixed cost of each, timed on a log of
    one session; with each route's serial time and the speed-up expected on more
    workers; and ``--jobs 1`` and ``--jobs 2`` on the same hands in three logs."""
    files = 8 if quick else 16
    hands = hands or (4_000 if quick else 200_000)
    cli = [sys.executable, "-m", "badugi_hh.cli", "import", "--timings"]
    ways = {"--jobs 1": ["--jobs", "1"], "--jobs 2": ["--jobs", "2"],
            "cluster local:1": ["--cluster", "local:1"],
            "cluster local:2": ["--cluster", "local:2"]}
    figures: Figures = {"hands": hands}
    runs: dict[str, _Run] = {}
    with tempfile.TemporaryDirectory() as folder:
        logs, tiny = Path(folder) / "logs", Path(folder) / "tiny"
        write_simulated_logs(logs, hands, files)
        write_simulated_logs(tiny, 1, 1)
        for number, (label, options) in enumerate(ways.items()):
            target = (["--out", f"{folder}/ds{number}"] if "cluster" in label
                      else ["--db", f"{folder}/db{number}.duckdb"])
            fixed = _Run([*cli, str(tiny), *target[:1], f"{target[1]}-tiny", *options])
            run = runs[label] = _Run([*cli, str(logs), *target, *options])
            figures[f"{label}: wall (s)"] = run.wall
            figures[f"{label}: CPU, all processes (s)"] = run.cpu
            figures[f"{label}: hands/s"] = hands / run.wall
            figures[f"{label}: fixed cost, a 1-hand log (s)"] = fixed.wall
        figures.update(_three_large_logs(cli, Path(folder), hands))
    for two, one in (("--jobs 2", "--jobs 1"), ("cluster local:2", "cluster local:1")):
        figures[f"{two} over {one.split()[-1]} (x)"] = (figures[f"{two}: hands/s"]
                                                        / figures[f"{one}: hands/s"])
        figures[f"{two} over {one.split()[-1]}, fixed costs taken out (x)"] = (
            (figures[f"{one}: wall (s)"] - figures[f"{one}: fixed cost, a 1-hand log (s)"])
            / (figures[f"{two}: wall (s)"] - figures[f"{two}: fixed cost, a 1-hand log (s)"]))
    figures.update(_predictions(runs))
    return figures


def _three_large_logs(cli: list[str], folder: Path, hands: int) -> Figures:
    """``--jobs 1`` and ``--jobs 2`` on ``hands`` hands in three logs: with a file a task,
    the third file was read by one worker alone (1.58x on three logs of 88 MB)."""
    logs = folder / "three"
    write_simulated_logs(logs, hands, 3)
    runs = {jobs: _Run([*cli, str(logs), "--db", f"{folder}/three{jobs}.duckdb",
                         "--jobs", str(jobs)]) for jobs in (1, 2)}
    figures = {f"--jobs {jobs}, three logs: {name}": value for jobs, run in runs.items()
               for name, value in (("wall (s)", run.wall),
                                   ("CPU, all processes (s)", run.cpu))}
    figures["--jobs 2 over 1, three logs (x)"] = runs[1].wall / runs[2].wall
    return figures


def _predictions(runs: dict[str, _Run]) -> Figures:
    """Each route's serial time and overheads, and its speed-up expected on more workers."""
    figures: Figures = {}
    one, two = runs["cluster local:1"], runs["cluster local:2"]
    serial, overhead, parallel, floor = dataset_model(one, two)
    figures["cluster: serial: start-up, driver, compaction (s)"] = serial
    figures["cluster: driver's own work (s)"] = two.timings["driver"]
    figures["cluster: compaction (s)"] = two.timings["compaction"]
    figures["cluster: tasks"] = two.timings["tasks"]
    figures["cluster: per-task overhead (s)"] = overhead
    figures["cluster: longest task (s)"] = floor
    figures["cluster local:2 over local:1, expected (x)"] = one.wall / predicted(
        serial, parallel, floor, 2)
    for workers in PREDICTED_WORKERS:
        figures[f"cluster local:{workers} over local:1, expected (x)"] = one.wall / predicted(
            serial, parallel, floor, workers)
    one, two = runs["--jobs 1"], runs["--jobs 2"]
    serial, parallel, writer = duckdb_model(one, two)
    figures["--jobs: serial: start-up, planning (s)"] = serial
    figures["--jobs: the writer's commits (s)"] = writer
    figures["--jobs 2 over 1, expected (x)"] = one.wall / predicted(serial, parallel, writer, 2)
    for workers in PREDICTED_WORKERS:
        figures[f"--jobs {workers} over 1, expected (x)"] = one.wall / predicted(
            serial, parallel, writer, workers)
    return figures
