"""Importing logs into a dataset: one task per log (or part of a large log).

The driver (this process) only lists the logs and hands them out; each task
(:func:`~badugi_hh.dataset.writer.import_file`) reads its log where it runs,
audits it and writes its Parquet files into the dataset, and sends back counts.
A task written twice writes the same files under the same names, so a crash
costs time, never a duplicate. The driver puts the parts of a large log
together (:mod:`badugi_hh.dataset.chunks`, :mod:`badugi_hh.dataset.seams`) and
compacts the dataset at the end when many logs lie in files of their own
(:mod:`badugi_hh.dataset.compact`).
"""

from __future__ import annotations

import shutil
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from datetime import datetime
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple, cast
from urllib.parse import urlsplit
from urllib.request import url2pathname

import pyarrow as pa
import pyarrow.parquet as pq

from badugi_hh.dataset.chunks import target_chunk_bytes
from badugi_hh.dataset.cluster import ClusterSpec, Runner, check_local_start, runner
from badugi_hh.dataset.compact import COMPACT_AFTER_LOGS, Compacted, PendingCompaction, compact
from badugi_hh.dataset.reader import hands_shown
from badugi_hh.dataset.layout import (
    IMPORT_LOCK, LOCK_WAIT_SECONDS, MANIFEST, STAGING, hold_lock, lock_holder, move_into_place,
)
from badugi_hh.dataset.snapshot import LOG_ENTRIES, entries_read, read_snapshot
from badugi_hh.dataset.seams import join
from badugi_hh.dataset.writer import (
    ChunkResult, FileResult, FileTask, LogCounts, LogFile, LogPlan, Span, import_file, import_part,
    plan_log, remove_log, rename_session, write_manifest, write_sessions,
)
from badugi_hh.parsers.dialects import DIALECTS
from badugi_hh.sources import LOG_SUFFIXES, ArchiveMember, Unreadable, find_logs, size_of
from badugi_hh.rows.clock import machine_zone
from badugi_hh.rows.errors import Busy
from badugi_hh.rules import RULES
from badugi_hh.rows.files import BATCH_HANDS, ImportSummary
from badugi_hh.rows.schema import RuleRow, arrow_table

#: Called after each log with the number of hands it held.
ProgressCallback = Callable[[int], None]


# -- what to import --------------------------------------------------------------------

def _is_url(path: str) -> bool:
    return "://" in path


def log_locations(paths: Iterable[str]) -> Iterator[str | Unreadable]:
    """The logs named by ``paths`` (files, or folders searched as ``import`` does,
    :func:`badugi_hh.sources.find_logs`), local paths resolved (``file://`` URLs too: the
    same log by either name is one log), other URLs as given; an :class:`Unreadable`
    for each path that cannot be read."""
    for path in paths:
        if path.startswith("file://"):
            path = url2pathname(urlsplit(path).path)
        if not _is_url(path):
            yield from (str(found.resolve()) if isinstance(found, Path)
                        else _not_in_dataset(found) for found in find_logs([path]))
            continue
        import fsspec

        fs, inside = fsspec.core.url_to_fs(path)
        if fs.isdir(inside):
            yield from (fs.unstrip_protocol(found) for found in sorted(fs.find(inside))
                        if Path(found).suffix.lower() in LOG_SUFFIXES)
        elif fs.exists(inside):
            yield path
        else:
            yield Unreadable(path, "no such file or folder", missing=True)


def _not_in_dataset(found: ArchiveMember | Unreadable) -> Unreadable:
    """A dataset's workers open a log by its path or URL, which an archive's member
    has not: it is named, and the rest of the import goes on."""
    if isinstance(found, Unreadable):
        return found
    return Unreadable(str(found), "a log inside an archive is not read into a dataset: "
                      "import it into a database (--db), or unpack the archive first")


class KnownLog(NamedTuple):
    """A log's content the dataset holds: its key, and its counts."""

    key: str
    counts: LogCounts


def known_logs(root: Path) -> dict[str, list[KnownLog]]:
    """The contents of the logs the dataset holds, by source."""
    logs: dict[str, list[KnownLog]] = {}
    with entries_read(root):
        for manifest in (root / MANIFEST).glob(LOG_ENTRIES):
            row = pq.read_table(manifest, columns=["path", "key", *LogCounts._fields]
                                ).to_pylist()[0]
            counts = LogCounts(*(row[name] for name in LogCounts._fields))
            logs.setdefault(row["path"], []).append(KnownLog(row["key"], counts))
    return logs


def plan(paths: Iterable[str], root: Path, summary: ImportSummary,
         house_zone: str) -> list[FileTask]:
    """One task per log named by ``paths``, each once; what cannot be read goes to
    ``summary.unreadable``."""
    known = known_logs(root)
    started = datetime.now()
    tasks: dict[str, FileTask] = {}
    for path in paths:
        try:
            for location in log_locations([path]):
                if isinstance(location, Unreadable):
                    summary.unreadable.append(str(location))
                    continue
                earlier = known.get(location, [])
                before = LogCounts(*map(max, zip(*(log.counts for log in earlier)))) \
                    if earlier else LogCounts()
                tasks.setdefault(location, FileTask(
                    location, location, tuple(log.key for log in earlier), before, house_zone,
                    started))
        except OSError as error:   # a URL's file system
            summary.unreadable.append(f"{path}: {error.strerror or error}")
    return list(tasks.values())


def create_dataset(root: Path) -> None:
    """The dataset's folders and its catalogue (the rules, for other tools to read),
    written when it differs: a run that finds nothing new writes nothing."""
    (root / MANIFEST).mkdir(parents=True, exist_ok=True)
    rules = root / "rules" / "part-catalogue.parquet"
    catalogue = arrow_table(RuleRow, list(RULES.items()))
    if rules.exists() and _reads_as(rules, catalogue):
        return
    staged = root / f"rules-{time.monotonic_ns()}.parquet.tmp"
    pq.write_table(catalogue, staged)
    move_into_place(staged, rules)


def _reads_as(path: Path, table: pa.Table) -> bool:
    """Whether the Parquet file ``path`` holds ``table``; not when it cannot be read (a
    catalogue cut short is written again: it holds nothing but the rules)."""
    try:
        return bool(pq.read_table(path).equals(table))
    except (OSError, pa.ArrowException):
        return False


class DatasetBusy(Busy):
    """Another import is writing into the dataset."""

    @classmethod
    def of(cls, root: Path, waited: float | None) -> DatasetBusy:
        """The error for ``root``, naming the process that holds it."""
        in_use = f"an import is writing into {root}: {lock_holder(root / IMPORT_LOCK)}"
        return cls(f"{in_use}; waited {waited or 0:g} s (wait=...). Try again when it has "
                   "finished", in_use)


# -- running the tasks -----------------------------------------------------------------

@dataclass(slots=True)
class Timings:
    """Where an import's seconds went: the work of the driver alone (serial), and the
    tasks' own seconds, added up (parallel). ``bench --only scale`` predicts the
    speed-up of more workers from them."""

    cluster_start: float = 0.0
    """Starting the local cluster, or reaching the scheduler."""
    planning: float = 0.0
    """Listing the logs, and counting the hands shown before and after (the count after
    runs while the cluster closes: this holds both)."""
    driver: float = 0.0
    """The driver's own work: handing out tasks, putting parts together, adding up."""
    compaction: float = 0.0
    tasks: int = 0
    task_seconds: float = 0.0
    """The seconds of every task, as measured where it ran, added up."""
    longest_task: float = 0.0
    total: float = 0.0

    def __str__(self) -> str:
        """``name=seconds`` pairs, as ``import --timings`` prints them.

        >>> print(Timings(planning=0.25, tasks=2, task_seconds=3.0, total=4.0))
        cluster_start=0.000 planning=0.250 driver=0.000 compaction=0.000 tasks=2 task_seconds=3.000 longest_task=0.000 total=4.000
        """
        return " ".join(f"{name}={value}" if isinstance(value, int) else f"{name}={value:.3f}"
                        for name, value in ((name, getattr(self, name))
                                            for name in self.__slots__))


@dataclass(slots=True)
class DatasetImport:
    """What an import into a dataset did."""

    summary: ImportSummary
    failures: list[str]
    """One line per log a task failed on (an internal error: a bug)."""
    quarantined: list[str]
    """``file:line:column: message (and N more)`` of each log with unreadable text."""
    compacted: Compacted | None = None
    unwritable: list[str] = field(default_factory=list)
    """``log: why`` for each log whose rows could not be written (no space...)."""
    timings: Timings = field(default_factory=Timings)


def import_to_dataset(paths: Iterable[str], root: str | Path,
                      cluster: ClusterSpec | None = None,
                      progress: ProgressCallback | None = None, *,
                      batch_hands: int = BATCH_HANDS, chunk_bytes: int | None = None,
                      compact_after: int | None = COMPACT_AFTER_LOGS,
                      wait: float | None = LOCK_WAIT_SECONDS, zone: str | None = None,
                      read_bytes: ProgressCallback | None = None) -> DatasetImport:
    """Import the logs of ``paths`` into the dataset at ``root``, on ``cluster`` (None:
    in this process, one log after the other). A house log or a site's export larger
    than ``chunk_bytes`` is read in parts side by side (:mod:`badugi_hh.dataset.chunks`;
    default: :func:`~badugi_hh.dataset.chunks.target_chunk_bytes` on a cluster, never in
    this process, where parts would only take turns). Once ``compact_after`` logs
    are read from their own files, or a compaction is stale, the dataset is compacted
    (None: never). One import writes into a dataset at a time: this one waits ``wait``
    seconds for another to end (None: as long as it takes), then raises
    :class:`DatasetBusy`, which names the process holding the dataset. A dataset that
    cannot be written raises :class:`OSError`. ``zone``: the time zone of house logs'
    times (default: this machine's). ``read_bytes`` is told each log's size once it is
    done (a progress bar's)."""
    check_local_start(cluster)   # before the lock: a worker running the script waits not
    started = time.perf_counter()
    root = Path(root).resolve()
    root.mkdir(parents=True, exist_ok=True)
    with hold_lock(root / IMPORT_LOCK, wait) as locked:
        if not locked:
            raise DatasetBusy.of(root, wait)
        done = _import(paths, root, cluster, progress, batch_hands, chunk_bytes,
                       compact_after, zone or machine_zone(), read_bytes)
    done.summary.seconds = done.timings.total = time.perf_counter() - started
    return done


def _import(paths: Iterable[str], root: Path, cluster: ClusterSpec | None,
            progress: ProgressCallback | None, batch_hands: int, chunk_bytes: int | None,
            compact_after: int | None, house_zone: str,
            read_bytes: ProgressCallback | None = None) -> DatasetImport:
    # files staged by an import that was stopped: no other import is running now
    timings, clock = Timings(), time.perf_counter()
    shutil.rmtree(root / STAGING, ignore_errors=True)
    create_dataset(root)
    driver = _Driver(root, batch_hands, progress, timings)
    driver.read_bytes = read_bytes
    tasks = plan(paths, root, driver.summary, house_zone)
    before = hands_shown(root) if tasks else 0
    timings.planning, clock = time.perf_counter() - clock, time.perf_counter()
    with ThreadPoolExecutor(max_workers=1) as background, runner(cluster) as running:
        timings.cluster_start = time.perf_counter() - clock
        driver.run(running, tasks, chunk_bytes if cluster is not None else chunk_bytes or 0,
                   compact_after)
        # after a compaction while the import went on, what is left goes too, however little
        left = 1 if driver.compacted else compact_after
        if left is not None and _worth_compacting(root, left):
            final = compact(root, running)
            timings.compaction = final.seconds if final is not None else 0.0
            driver.compacted.append(final)
        # the files are as they stay: count the hands they show while the cluster closes
        clock = time.perf_counter()
        after = background.submit(hands_shown, root) if tasks else None
    if after is not None:   # a hand another log holds is written again, but it is not new
        driver.summary.new_hands = max(0, after.result() - before)
    timings.planning += time.perf_counter() - clock
    compacted = _added_up(driver.compacted)
    return DatasetImport(driver.summary, driver.failures, sorted(driver.quarantined),
                         compacted, driver.unwritable, timings)


def _added_up(compactions: list[Compacted | None]) -> Compacted | None:
    """The compactions of one import as one: while it went on, and after it."""
    done = [compacted for compacted in compactions if compacted is not None]
    if not done:
        return None
    return Compacted(sum(c.logs for c in done), sum(c.files_before for c in done),
                     sum(c.files_after for c in done), sum(c.seconds for c in done))


def _worth_compacting(root: Path, logs: int) -> bool:
    snapshot = read_snapshot(root)
    return len(snapshot.uncovered) >= logs or bool(snapshot.stale)


@dataclass
class _Parts:
    """The parts of one log read side by side, as they come back."""

    task: FileTask
    results: dict[int, ChunkResult | None]   # by part; None: the part failed
    count: int
    kind: str
    """``house``, or the site's dialect (:mod:`badugi_hh.dataset.chunks`)."""
    done: list[ChunkResult] = field(default_factory=list)
    sessions: tuple[FileResult, list[str]] | None = None
    """The rows of the sessions the driver put together, and their files."""
    renaming: int = 0
    """Parts whose sessions are being renamed (:mod:`badugi_hh.dataset.seams`)."""
    failed: bool = False


class _Driver:
    """Hands out the tasks, puts the parts of a log together, adds up the results."""

    def __init__(self, root: Path, batch_hands: int, progress: ProgressCallback | None,
                 timings: Timings) -> None:
        self.root, self.batch_hands, self.progress = root, batch_hands, progress
        self.timings = timings
        self.summary = ImportSummary()
        self.failures: list[str] = []
        self.unwritable: list[str] = []
        self.quarantined: list[str] = []
        self.parts: dict[str, _Parts] = {}
        self.read_bytes: ProgressCallback | None = None
        self.in_flight = 0
        """Import tasks handed out and not back yet."""
        self.compacted: list[Compacted | None] = []
        """The compactions run while the import went on."""

    def run(self, runner: Runner, tasks: list[FileTask], chunk_bytes: int | None,
            compact_after: int | None = None) -> None:
        """Run ``tasks``, each log cut into parts of ``chunk_bytes`` (0: never; None: of
        :func:`target_chunk_bytes` for the runner's workers), largest first. Once the
        last tasks run and workers fall idle, the logs already in are compacted on them
        (when they and the logs still read make ``compact_after``), so little is left to
        compact after the last log."""
        clock = time.perf_counter()
        sizes = {task.source: _size(task.location) for task in tasks} if chunk_bytes != 0 else {}
        if chunk_bytes is None:
            chunk_bytes = target_chunk_bytes(list(sizes.values()), runner.workers)
        for task in sorted(tasks, key=lambda task: -sizes.get(task.source, 0)):
            size = sizes.get(task.source, 0)
            if chunk_bytes and size > chunk_bytes:   # cut where it runs (plan_log)
                self._submit(runner, (task, "plan"), plan_log, task, str(self.root), chunk_bytes)
            else:
                self._read_whole(runner, task)
        self.timings.driver += time.perf_counter() - clock
        with ExitStack() as compacting:
            pending: PendingCompaction | None = None
            tail_seen = compact_after is None or runner.workers == 1
            for tag, outcome in runner:
                clock = time.perf_counter()
                if pending is not None and pending.owns(tag):
                    pending.take(tag, outcome)
                    if pending.done:
                        self.compacted.append(pending.finish())
                        compacting.close()
                else:
                    self._task_done(runner, tag, outcome)
                if not tail_seen and self.in_flight < runner.workers:
                    tail_seen = True   # workers fall idle: compact what is in meanwhile
                    # the logs in and those still read (a task each, about) reach the mark
                    if _worth_compacting(self.root,
                                         max(1, cast(int, compact_after) - self.in_flight)):
                        pending = compacting.enter_context(
                            PendingCompaction.start(self.root, runner))
                        if pending is not None and pending.done:   # nothing to rewrite
                            self.compacted.append(pending.finish())
                            compacting.close()
                self.timings.driver += time.perf_counter() - clock

    def _submit(self, runner: Runner, tag: tuple[FileTask, object],
                function: Callable[..., object], *args: object) -> None:
        runner.submit(tag, function, *args)
        self.in_flight += 1

    def _read_whole(self, runner: Runner, task: FileTask, file: LogFile | None = None) -> None:
        self._submit(runner, (task, None), import_file, task, str(self.root), self.batch_hands,
                     file)

    def _task_done(self, runner: Runner, tag: object, outcome: object) -> None:
        task, part = cast(tuple[FileTask, object], tag)
        self.in_flight -= 1
        self._count_task(outcome)
        if isinstance(outcome, str):
            where = f", part {part.index + 1} of {part.count}" if isinstance(part, Span) else ""
            self.failures.append(f"internal error in {task.location}{where}: {outcome}")
        if part == "plan":
            self._planned(runner, task, outcome)
        elif isinstance(part, Span):
            self._part_done(runner, task, part, outcome)
        elif part is not None:   # a part's sessions renamed
            self._renamed(task, outcome)
        elif isinstance(outcome, FileResult):
            self._log_done(task, outcome)

    def _count_task(self, outcome: object) -> None:
        result = outcome.result if isinstance(outcome, ChunkResult) else outcome
        seconds = (result.seconds if isinstance(result, FileResult | LogPlan)
                   else result if isinstance(result, float) else None)
        if seconds is not None:
            timings = self.timings
            timings.tasks += 1
            timings.task_seconds += seconds
            timings.longest_task = max(timings.longest_task, seconds)

    def _planned(self, runner: Runner, task: FileTask, outcome: object) -> None:
        if not isinstance(outcome, LogPlan):
            return   # reported
        if isinstance(outcome.file, FileResult):   # unreadable, or in already
            self._log_done(task, outcome.file)
        elif outcome.kind is None:
            self._read_whole(runner, task, outcome.file)
        else:
            self.parts[task.source] = _Parts(task, {}, len(outcome.spans), outcome.kind)
            for span in outcome.spans:
                self._submit(runner, (task, span), import_part, task, outcome.file,
                             outcome.kind, span, str(self.root), self.batch_hands)

    def _log_done(self, task: FileTask, result: FileResult) -> None:
        if result.unwritable:
            self.unwritable.append(f"{task.location}: {result.unwritable}")
            return
        _add(self.summary, result, task)
        if result.first_error:
            self.quarantined.append(_first_errors(result))
        if self.progress is not None:
            self.progress(result.hands)
        if self.read_bytes is not None and not _is_url(task.location):
            self.read_bytes(size_of(Path(task.location)))

    def _part_done(self, runner: Runner, task: FileTask, span: Span, outcome: object) -> None:
        parts = self.parts[task.source]
        parts.results[span.index] = outcome if isinstance(outcome, ChunkResult) else None
        if len(parts.results) < parts.count:
            return
        done = [result for index in range(parts.count)
                if (result := parts.results[index]) is not None]
        if len(done) < parts.count:
            self._remove_files_of(done)
            return   # reported; a run again reads the log anew
        parts.done = done
        failed = next((result.result for result in done
                       if result.result.unwritable or result.result.unreadable), None)
        if failed is not None:
            self._remove_files_of(done)
            self._log_done(task, failed)
        elif any(result.read_whole for result in done) or (
                parts.kind == "house" and _sessions_meet(done)):
            self._remove_files_of(done)
            self._read_whole(runner, task, done[0].file)
        elif parts.kind == "house":
            self._log_done(task, self._assembled(task, parts))
        else:
            self._join(runner, task, parts)

    def _join(self, runner: Runner, task: FileTask, parts: _Parts) -> None:
        """Put a site export's parts together (:mod:`badugi_hh.dataset.seams`): the
        sessions across them written, the parts' rows of them renamed; or read it whole."""
        done, file = parts.done, cast(LogFile, parts.done[0].file)
        renumbers = next(dialect.renumbers for dialect in DIALECTS if dialect.name == parts.kind)
        joined = join([(index, result.seam) for index, result in enumerate(done)
                       if result.seam is not None], task.source, renumbers)
        if joined is None:
            self._remove_files_of(done)
            self._read_whole(runner, task, file)
            return
        try:
            parts.sessions = write_sessions(self.root, file, joined.sessions, task.house_zone)
        except OSError as error:   # no space left...
            self._remove_files_of(done)
            self._log_done(task, FileResult(task.source, file.key, unwritable=(
                f"{error.strerror or error}: {error.filename or self.root}")))
            return
        parts.renaming = len(joined.renames)
        for index, (renamed, session_id, offset) in joined.renames.items():
            self._submit(runner, (task, ("rename", index)), rename_session, str(self.root),
                         done[index].files, renamed, session_id, offset)
        if not parts.renaming:
            self._log_done(task, self._assembled(task, parts))

    def _renamed(self, task: FileTask, outcome: object) -> None:
        parts = self.parts[task.source]
        parts.renaming -= 1
        parts.failed |= not isinstance(outcome, float)
        if parts.renaming:
            return
        if parts.failed:   # reported; a run again reads the log anew
            self._remove_files_of(parts.done)
            if parts.sessions is not None:
                for relative in parts.sessions[1]:
                    (self.root / relative).unlink(missing_ok=True)
        else:
            self._log_done(task, self._assembled(task, parts))

    def _remove_files_of(self, done: list[ChunkResult]) -> None:
        """The parts' files, which no manifest lists: no reader saw them."""
        for result in done:
            for relative in result.files:
                (self.root / relative).unlink(missing_ok=True)

    def _assembled(self, task: FileTask, parts: _Parts) -> FileResult:
        """The parts as one log: their counts added, their files in one manifest row."""
        file = parts.done[0].file
        assert file is not None, "a part that wrote rows knows its log"
        whole = FileResult(task.source, file.key)
        results = [result.result for result in parts.done]
        files = [relative for result in parts.done for relative in result.files]
        if parts.sessions is not None:
            results.append(parts.sessions[0])
            files.extend(parts.sessions[1])
        for part in results:
            for name in _COUNTS:
                setattr(whole, name, getattr(whole, name) + getattr(part, name))
            whole.skipped_games.update(part.skipped_games)
            whole.first_error = whole.first_error or part.first_error
        write_manifest(self.root, whole, file, files, task.run_started)
        for old in task.superseded:
            if old != whole.key:
                remove_log(self.root, old)
        return whole


_COUNTS = ("hands", "new_hands", "sessions", "violations", "quarantined", "skipped",
           "tournaments", "summaries", "rows")


def _sessions_meet(done: list[ChunkResult]) -> bool:
    """Whether two parts hold a session of the same id (read whole, the second is
    renamed and reported: see :mod:`badugi_hh.dataset.chunks`)."""
    ids = [session for result in done for session in set(result.sessions)]
    return len(ids) != len(set(ids))


def _size(location: str) -> int:
    """The log's size; 0 when it cannot be read now (its task says why)."""
    try:
        if not _is_url(location):
            return Path(location).stat().st_size
        import fsspec

        fs, inside = fsspec.core.url_to_fs(location)
        return int(fs.size(inside))
    except OSError:
        return 0


def _first_errors(result: FileResult) -> str:
    more = f" (and {result.quarantined - 1:,} more)" if result.quarantined > 1 else ""
    return f"{result.source}:{result.first_error}{more}"


def _add(summary: ImportSummary, result: FileResult, task: FileTask) -> None:
    """Add a log's counts; its new hands, violations and quarantined lines are those
    beyond what its earlier content held (all of them are written again, but a session
    appended is what is new to a user, as a database import counts them)."""
    if result.unreadable:
        summary.unreadable.append(result.unreadable)
        return
    summary.files += 1
    summary.unchanged += result.unchanged
    summary.hands += result.hands
    before = task.before
    summary.new_hands += max(0, result.new_hands - before.hands)
    summary.sessions += result.sessions
    summary.summaries += result.summaries
    summary.violations += max(0, result.violations - before.violations)
    summary.quarantined += max(0, result.quarantined - before.quarantined)
    summary.skipped += sum(result.skipped_games.values())
    summary.skipped_by_game.update(result.skipped_games)
    summary.rows += result.rows
    if not (result.unchanged or result.hands or result.skipped_games or result.tournaments):
        summary.no_hands.append(result.source)
