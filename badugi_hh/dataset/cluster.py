"""Importing into a dataset: here, or on a Dask cluster.

The driver (this process) only lists the logs and hands them out, one task per
log; each task (:func:`~badugi_hh.dataset.writer.import_file`) reads its log
where it runs, audits it and writes its Parquet files into the dataset, and
sends back counts. Dask reschedules the task of a worker that dies, and a
task written twice writes the same files under the same names, so a crash costs
time, never a duplicate.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq

from badugi_hh.dataset.layout import MANIFEST, move_into_place
from badugi_hh.dataset.writer import FileResult, FileTask, import_file
from badugi_hh.parsers import LOG_SUFFIXES, iter_log_files
from badugi_hh.rules import RULES
from badugi_hh.store.importer import BATCH_HANDS, ImportSummary
from badugi_hh.store.schema import RuleRow, _arrow_table

#: Called after each log with the number of hands it held.
ProgressCallback = Callable[[int], None]


class ClusterError(Exception):
    """The cluster cannot be reached or started; the message says why."""


@dataclass(frozen=True, slots=True)
class ClusterSpec:
    """``local`` (a worker per core), ``local:N``, or a scheduler's ``tcp://HOST:PORT``."""

    address: str | None = None
    workers: int | None = None

    @classmethod
    def parse(cls, text: str) -> ClusterSpec:
        """
        >>> ClusterSpec.parse("local:2"), ClusterSpec.parse("tcp://10.0.0.5:8786").address
        (ClusterSpec(address=None, workers=2), 'tcp://10.0.0.5:8786')
        >>> ClusterSpec.parse("local:0")
        Traceback (most recent call last):
        ValueError: 'local:0': give local, local:N (N >= 1 workers) or tcp://HOST:PORT
        """
        kind, _, count = text.partition(":")
        if kind == "local" and (not count or (count.isdigit() and int(count) >= 1)):
            return cls(workers=int(count) if count else None)
        if text.startswith(("tcp://", "tls://", "inproc://")):
            return cls(address=text)
        raise ValueError(f"{text!r}: give local, local:N (N >= 1 workers) or tcp://HOST:PORT")


# -- what to import --------------------------------------------------------------------

def _is_url(path: str) -> bool:
    return "://" in path


def log_locations(paths: Iterable[str]) -> Iterator[str]:
    """The logs named by ``paths`` (files, or folders searched as ``import`` does),
    local paths resolved, URLs as given; a missing path raises FileNotFoundError."""
    for path in paths:
        if not _is_url(path):
            yield from (str(found.resolve()) for found in iter_log_files([path]))
            continue
        import fsspec

        fs, inside = fsspec.core.url_to_fs(path)
        if fs.isdir(inside):
            yield from (fs.unstrip_protocol(found) for found in sorted(fs.find(inside))
                        if Path(found).suffix.lower() in LOG_SUFFIXES)
        elif fs.exists(inside):
            yield path
        else:
            raise FileNotFoundError(f"no such file or folder: {path}")


def known_keys(root: Path) -> dict[str, list[str]]:
    """The keys of the logs the dataset holds, by source."""
    keys: dict[str, list[str]] = {}
    for manifest in (root / MANIFEST).glob("*.parquet"):
        row = pq.read_table(manifest, columns=["path", "key"]).to_pylist()[0]
        keys.setdefault(row["path"], []).append(row["key"])
    return keys


def plan(paths: Iterable[str], root: Path, summary: ImportSummary) -> list[FileTask]:
    """One task per log named by ``paths``, each once; what cannot be found goes to
    ``summary.unreadable``."""
    keys = known_keys(root)
    tasks: dict[str, FileTask] = {}
    for path in paths:
        try:
            for location in log_locations([path]):
                tasks.setdefault(location, FileTask(location, location,
                                                    tuple(keys.get(location, ()))))
        except (FileNotFoundError, OSError) as error:
            summary.unreadable.append(f"{path}: {getattr(error, 'strerror', None) or error}")
    return list(tasks.values())


def create_dataset(root: Path) -> None:
    """The dataset's folders and its catalogue (the rules, for other tools to read)."""
    (root / MANIFEST).mkdir(parents=True, exist_ok=True)
    rules = root / "rules" / "part-catalogue.parquet"
    staged = root / f"rules-{time.monotonic_ns()}.parquet.tmp"
    pq.write_table(_arrow_table(RuleRow, list(RULES.items())), staged)
    move_into_place(staged, rules)


# -- running the tasks -----------------------------------------------------------------

@dataclass(slots=True)
class DatasetImport:
    """What an import into a dataset did."""

    summary: ImportSummary
    failures: list[str]
    """One line per log a task failed on (an internal error: a bug)."""
    quarantined: list[str]
    """``file:line:column: message (and N more)`` of each log with unreadable text."""


def import_to_dataset(paths: Iterable[str], root: str | Path,
                      cluster: ClusterSpec | None = None,
                      progress: ProgressCallback | None = None, *,
                      batch_hands: int = BATCH_HANDS) -> DatasetImport:
    """Import the logs of ``paths`` into the dataset at ``root``, on ``cluster`` (None:
    in this process, one log after the other)."""
    started = time.perf_counter()
    root = Path(root).resolve()
    summary = ImportSummary()
    create_dataset(root)
    tasks = plan(paths, root, summary)
    failures: list[str] = []
    quarantined: list[str] = []
    for task, outcome in _run(tasks, str(root), cluster, batch_hands):
        if isinstance(outcome, FileResult):
            _add(summary, outcome)
            if outcome.first_error:
                quarantined.append(_first_errors(outcome))
            if progress is not None:
                progress(outcome.hands)
        else:
            failures.append(f"importing {task.location} failed: {outcome}")
    summary.seconds = time.perf_counter() - started
    return DatasetImport(summary, failures, sorted(quarantined))


def _first_errors(result: FileResult) -> str:
    more = f" (and {result.quarantined - 1:,} more)" if result.quarantined > 1 else ""
    return f"{result.source}:{result.first_error}{more}"


def _add(summary: ImportSummary, result: FileResult) -> None:
    if result.unreadable:
        summary.unreadable.append(result.unreadable)
        return
    summary.files += 1
    summary.unchanged += result.unchanged
    summary.hands += result.hands
    summary.new_hands += result.new_hands
    summary.sessions += result.sessions
    summary.violations += result.violations
    summary.quarantined += result.quarantined
    summary.skipped += result.skipped
    summary.rows += result.rows


def _run(tasks: list[FileTask], root: str, cluster: ClusterSpec | None,
         batch_hands: int) -> Iterator[tuple[FileTask, FileResult | str]]:
    """Each task and its result, or the error that stopped it, as they finish."""
    if cluster is None:
        for task in tasks:
            yield task, _attempt(task, root, batch_hands)
        return
    from distributed import as_completed

    with _client(cluster) as client:
        futures = {client.submit(import_file, task, root, batch_hands, key=f"import-{n}"): task
                   for n, task in enumerate(tasks)}
        for future in as_completed(futures):
            try:
                yield futures[future], future.result()
            except Exception as error:   # the task's own error, raised here
                yield futures[future], f"{type(error).__name__}: {error}"
            future.release()


def _attempt(task: FileTask, root: str, batch_hands: int) -> FileResult | str:
    try:
        return import_file(task, root, batch_hands)
    except Exception as error:   # a bug: reported for this log, the others go on
        return f"{type(error).__name__}: {error}"


@contextmanager
def _client(cluster: ClusterSpec) -> Iterator[Any]:
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise ClusterError("--cluster needs Dask: pip install 'badugi-hh[cluster]'") from None
    if cluster.address is not None:
        try:
            client = Client(cluster.address, timeout="10s")
        except (OSError, TimeoutError) as error:
            raise ClusterError(f"cannot reach the scheduler at {cluster.address}: "
                               f"{error}") from None
        with client:
            yield client
        return
    with LocalCluster(n_workers=cluster.workers, threads_per_worker=1, processes=True,
                      dashboard_address=None, silence_logs=logging.ERROR) as local:
        with Client(local) as client:
            yield client
