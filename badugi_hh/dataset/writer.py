"""One log file into the dataset: read, audited and written as Parquet where it runs.

:func:`import_file` is the task a worker runs (or this process, without a
cluster). It reads the log itself, from a path or an fsspec URL, and sends
back only a :class:`FileResult` of counts: the rows go straight to the
dataset's folder, which every worker sees.

A log's files are written under ``_tmp/KEY/`` and moved into place when the
whole log is written; its manifest row is written last. Until that row exists
no reader looks at the log's files (:mod:`badugi_hh.dataset.reader` reads the
files the manifest lists), so a log is in the dataset whole or not at all, and
a run that crashed is resumed by importing again: the logs with a manifest row
are skipped, the others are written again under the same names.
"""

from __future__ import annotations

import hashlib
import shutil
import time
from collections import Counter
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import IO, NamedTuple

import pyarrow as pa
import pyarrow.parquet as pq

from badugi_hh.collector import paced_for_reading
from badugi_hh.dataset.chunks import (
    chunks_of, digest_and_lines, hand_start, lead_in_start, log_kind, readable_alone,
    session_start,
)
from badugi_hh.dataset.layout import (
    FILE_TABLES, MANIFEST, PARTITIONED, PARTITIONED_BY_ROW, STAGING, file_key, manifest_path,
    move_into_place, part_name, staging_folder,
)
from badugi_hh.dataset.partition import Folders, split
from badugi_hh.dataset.seams import BY_SESSION, PartAudit, Seam, WholeSession, renamed_rows
from badugi_hh.events import Record, SessionStart
from badugi_hh.parsers import read_records
from badugi_hh.parsers.dialects import read_log
from badugi_hh.parsers.text import LogText, open_log
from badugi_hh.sources import unreadable_file
from badugi_hh.rows.clock import Clock
from badugi_hh.rows.files import BATCH_HANDS, FileAudit, file_batches, Fingerprint, batch_full
from badugi_hh.rows.batch import RowBatch
from badugi_hh.rows.schema import PlayerRow, arrow_table



class ManifestRow(NamedTuple):
    """One imported log: the store's ``sources`` row, and the files that hold it."""

    path: str
    size: int | None
    content_hash: str | None
    imported_at: datetime
    hands: int
    violations: int
    quarantined: int
    key: str
    sessions: int
    skipped: int
    files: list[str]
    run_started_at: datetime | None
    """When the import run that wrote the log began: of the copies of a hand in several
    logs, that of the earliest run is shown, then that of the first log by path
    (:mod:`badugi_hh.dataset.copies`). NULL in the logs of older releases."""


class LogCounts(NamedTuple):
    """What a log's content held: hands, violations, lines that could not be read."""

    hands: int = 0
    violations: int = 0
    quarantined: int = 0


@dataclass(frozen=True, slots=True)
class FileTask:
    """A log to import: where a worker opens it, and the source its rows name."""

    location: str
    source: str
    superseded: tuple[str, ...] = ()
    """Keys of earlier contents of the same source, removed once this one is in."""
    before: LogCounts = LogCounts()
    """What the earlier contents held (the most of each): an import says new only what
    is beyond it."""
    house_zone: str = "UTC"
    """The time zone of the log's house hands: the driver's (``import --tz``), never the
    zone of the machine a worker runs on."""
    run_started: datetime | None = None
    """When the import run began (:attr:`ManifestRow.run_started_at`)."""


@dataclass(slots=True)
class FileResult:
    """What crosses the network back: counts, never rows."""

    source: str
    key: str = ""
    unchanged: bool = False
    hands: int = 0
    new_hands: int = 0
    sessions: int = 0
    violations: int = 0
    quarantined: int = 0
    skipped: int = 0
    tournaments: int = 0
    """Tournaments the log tells of (a summary file holds no hand, and is not empty)."""
    summaries: int = 0
    """Tournament summaries the log holds (a site's file of a tournament's places)."""
    rows: int = 0
    unreadable: str | None = None
    unwritable: str | None = None
    """Why the log's rows could not be written into the dataset (a full disk...)."""
    first_error: str | None = None
    """``line:column: message`` of the first text that could not be read."""
    skipped_games: Counter[str] = field(default_factory=Counter)
    """The hands of games not audited, read, by game."""
    seconds: float = 0.0
    """How long the task took where it ran."""


@contextmanager
def open_location(location: str) -> Iterator[IO[bytes]]:
    """A local path, or an fsspec URL (``s3://``, ``gs://``, ``file://``...)."""
    if "://" not in location:
        with open(location, "rb") as stream:
            yield stream
        return
    import fsspec   # only the cluster extra installs it

    with fsspec.open(location, "rb") as stream:
        yield stream


def content_hash(location: str) -> tuple[int, str]:
    digest, size = hashlib.sha256(), 0
    with open_location(location) as stream:
        while chunk := stream.read(1 << 20):
            digest.update(chunk)
            size += len(chunk)
    return size, digest.hexdigest()


def import_file(task: FileTask, root: str, batch_hands: int = BATCH_HANDS,
                known: LogFile | None = None) -> FileResult:
    """Read, audit and write one log into the dataset at ``root``; ``known``: its size
    and hash, where they are known already (:func:`plan_log`)."""
    started = time.perf_counter()
    with paced_for_reading():
        result = _import_file(task, Path(root), batch_hands, known)
    result.seconds = time.perf_counter() - started
    return result


def _import_file(task: FileTask, dataset: Path, batch_hands: int,
                 file: LogFile | None) -> FileResult:
    known = file or _known(task, dataset)
    if not isinstance(known, LogFile):
        return known
    with writing(dataset, task, known.key) as failed:
        writer = _LogWriter(dataset, known.key)
        with open_location(task.location) as stream:
            _write_records(writer, read_records(stream), known, batch_hands, task.house_zone)
        result = writer.result
        result.source, result.key = task.source, known.key
        write_manifest(dataset, result, known, writer.move_into_place(), task.run_started)
        for old in task.superseded:
            if old != known.key:
                remove_log(dataset, old)
        return result
    return failed


@contextmanager
def writing(root: Path, task: FileTask, key: str) -> Iterator[FileResult]:
    """Turn an error writing into the dataset (no space, no permission) into a
    result that says so; its staged files go. The yielded result is that answer,
    filled in when the block failed so."""
    failed = FileResult(task.source, key)
    try:
        yield failed
    except OSError as error:
        if str(root) not in str(error.filename or error):
            raise   # not the dataset's: reading the log, say
        shutil.rmtree(staging_folder(root, key), ignore_errors=True)
        failed.unwritable = f"{error.strerror or error}: {error.filename or root}"


@dataclass(frozen=True, slots=True)
class Span:
    """Part ``index`` of ``count`` of a log: the records of bytes [``start``, ``end``),
    read from ``lead`` (its lead-in: :mod:`badugi_hh.dataset.seams`), whose line is
    ``lead_line``; the part's own first line is ``first_line``."""

    index: int
    count: int
    lead: int
    start: int
    end: int
    lead_line: int
    first_line: int


@dataclass(slots=True)
class LogPlan:
    """How a log is read: whole, or in parts (see :mod:`badugi_hh.dataset.chunks`)."""

    file: LogFile | FileResult
    """The log found, or its result when it is unreadable or already in."""
    kind: str | None = None
    """``house``, a site's dialect, or None: read whole."""
    spans: list[Span] = field(default_factory=list)
    seconds: float = 0.0


def plan_log(task: FileTask, root: str, chunk_bytes: int) -> LogPlan:
    """Cut a log into parts of about ``chunk_bytes`` at its sessions' or hands' headers,
    each with its lead-in; hash it and number the lines where each part starts, in one
    pass."""
    started = time.perf_counter()
    try:
        with open_location(task.location) as stream:
            plan = _plan_log(task, Path(root), chunk_bytes, stream)
    except OSError as error:
        plan = LogPlan(FileResult(task.source,
                                  unreadable=str(unreadable_file(task.location, error))))
    plan.seconds = time.perf_counter() - started
    return plan


def _plan_log(task: FileTask, dataset: Path, chunk_bytes: int, stream: IO[bytes]) -> LogPlan:
    kind = log_kind(stream.read(1 << 16))
    size = stream.seek(0, 2)
    chunks = chunks_of(size, chunk_bytes) if kind is not None else []
    if kind == "house":
        starts = [session_start(stream, chunk.start) for chunk in chunks]
        leads = starts
    elif kind is not None:
        starts = [hand_start(stream, chunk.start, kind) for chunk in chunks]
        leads = [lead_in_start(stream, start, kind) if start else 0 for start in starts]
    else:
        starts = leads = []
    size, digest, lines = digest_and_lines(stream, [*starts, *leads])
    key = file_key(task.source, digest)
    if manifest_path(dataset, key).exists():
        return LogPlan(FileResult(task.source, key, unchanged=True))
    ends = [*starts[1:], size]
    spans = [Span(index, len(starts), lead, start, end, lines[lead] + 1, lines[start] + 1)
             for index, (lead, start, end) in enumerate(zip(leads, starts, ends))]
    return LogPlan(LogFile(task.source, size, digest, key), kind if len(spans) > 1 else None,
                   spans)


def import_part(task: FileTask, file: LogFile, kind: str, span: Span, root: str,
                batch_hands: int = BATCH_HANDS) -> ChunkResult:
    """Read, audit and write one part of a log (see :mod:`badugi_hh.dataset.chunks`);
    its files are moved into place, and the driver lists them in a manifest row once
    every part is in."""
    started = time.perf_counter()
    with paced_for_reading():
        done = _import_part(task, file, kind, span, Path(root), batch_hands)
    done.result.seconds = time.perf_counter() - started
    return done


def _import_part(task: FileTask, file: LogFile, kind: str, span: Span, dataset: Path,
                 batch_hands: int) -> ChunkResult:
    try:
        with open_location(task.location) as stream:
            stream.seek(span.lead)
            part = stream.read(span.end - span.lead)
    except OSError as error:   # removed or made unreadable since it was planned
        return ChunkResult(FileResult(task.source, file.key,
                                      unreadable=str(unreadable_file(task.location, error))))
    if not readable_alone(part):
        return ChunkResult(FileResult(task.source, file.key), read_whole=True, file=file)
    key = f"{file.key}-{span.index}"
    with writing(dataset, task, key) as failed:
        writer = _LogWriter(dataset, key)
        done = ChunkResult(writer.result, file=file)
        if span.end > span.start:
            with open_log(part, task.location, span.lead_line) as log:
                if kind == "house":
                    segments: list[str] = []
                    records = _noting_sessions(read_log(log, segments), done.sessions)
                    assumed = _write_records(writer, records, file, batch_hands,
                                             task.house_zone)
                    # another site's hands too, or a first time whose passage of a repeated
                    # hour the hands before the part tell
                    done.read_whole = segments != ["house"] or (span.index > 0 and assumed)
                else:
                    done.seam = _write_site_part(writer, log, kind, span, task, batch_hands)
                    done.read_whole = done.seam is None
        done.result.source, done.result.key = task.source, file.key
        done.files = writer.move_into_place()
        return done
    failed.key = file.key
    return ChunkResult(failed, file=file)


def _write_site_part(writer: _LogWriter, log: LogText, kind: str, span: Span, task: FileTask,
                     batch_hands: int) -> Seam | None:
    """The part's rows, and its seam; None where it is not all in ``kind`` (the log is
    then read whole)."""
    audit = PartAudit(task.source, task.house_zone, span.first_line)
    segments: list[str] = []
    for record in read_log(log, segments):
        audit.take_record(record)
        if batch_full(audit.batch, batch_hands):
            writer.add(audit.take())
    seam = audit.finish()
    writer.add(audit.take())
    return seam if segments == [kind] else None


def rename_session(root: str, files: list[str], renamed: str, session_id: str,
                   offset: int) -> float:
    """In a part's ``files``, the rows of session ``renamed`` are given the session's own
    id, and ``offset`` is added to their hands' numbers (see
    :mod:`badugi_hh.dataset.seams`); no manifest lists the files yet. The seconds it took."""
    started = time.perf_counter()
    for relative in files:
        if relative.split("/", 1)[0] not in BY_SESSION:
            continue
        path = Path(root) / relative
        table = renamed_rows(pq.read_table(path), renamed, session_id, offset)
        if table is None:
            continue
        staged = path.with_name(f"{path.name}.{time.monotonic_ns()}.tmp")
        pq.write_table(table, staged, compression="zstd", row_group_size=ROW_GROUP_ROWS)
        move_into_place(staged, path)
    return time.perf_counter() - started


def write_sessions(root: Path, file: LogFile, sessions: list[WholeSession], house_zone: str,
                   ) -> tuple[FileResult, list[str]]:
    """The rows of the sessions the driver put together from a log's parts, in files of
    their own; their counts, and the files."""
    writer = _LogWriter(root, f"{file.key}-sessions")
    rows = RowBatch()
    for report, session, last_reading in sessions:
        clock = Clock(house_zone)
        clock.last = last_reading   # as the session was closed
        rows.add_session(file.source, report, session, clock)
    writer.add(rows)
    return writer.result, writer.move_into_place()


def _known(task: FileTask, root: Path) -> LogFile | FileResult:
    """The log's size, hash and key; or its result, when it is unreadable or already in."""
    try:
        size, digest = content_hash(task.location)
    except OSError as error:
        return FileResult(task.source, unreadable=str(unreadable_file(task.location, error)))
    key = file_key(task.source, digest)
    if manifest_path(root, key).exists():
        return FileResult(task.source, key, unchanged=True)
    return LogFile(task.source, size, digest, key)


def _write_records(writer: _LogWriter, records: Iterable[Record], file: LogFile,
                   batch_hands: int, house_zone: str) -> bool:
    """Write the rows of ``records``; whether a time of the hour that repeats when clocks
    go back was read with no hand before it (:attr:`Clock.passage_assumed`)."""
    fingerprint = Fingerprint(file.size, file.content_hash, None)
    audit = FileAudit(file.source, house_zone)
    for rows in file_batches(records, file.source, fingerprint, batch_hands, house_zone,
                             audit):
        writer.add(rows)
    return audit.clock.passage_assumed


def _noting_sessions(records: Iterable[Record], sessions: list[str]) -> Iterator[Record]:
    for record in records:
        if isinstance(record, SessionStart):
            sessions.append(record.session_id)
        yield record


class LogFile(NamedTuple):
    """A log as found: its source, size and content hash, and its key in the dataset."""

    source: str
    size: int
    content_hash: str
    key: str


@dataclass(slots=True)
class ChunkResult:
    """What a part of a log sends back: its counts, files, and what the driver joins:
    a house part's session ids, a site part's seam."""

    result: FileResult
    files: list[str] = field(default_factory=list)
    sessions: list[str] = field(default_factory=list)
    read_whole: bool = False
    """The log must be read whole (a NUL byte, an endless line, another dialect)."""
    file: LogFile | None = None
    seam: Seam | None = None


#: Rows per Parquet row group, about: a reader's unit of work and of skipping by
#: column statistics. A batch of 2,000 hands is a few thousand rows of a table,
#: too few; rows wait in memory until there are this many.
ROW_GROUP_ROWS = 128 * 1024

#: Files a log keeps open, and rows it keeps waiting, at most. A house log of years of
#: sessions spans hundreds of month folders, a file each per table: open at once,
#: they took 1.3 GB and thousands of file handles (past a usual limit of 1,024).
#: The file of the folder least recently written is closed first; rows that reach
#: that folder later go to a second file there (:func:`numbered_part`).
OPEN_FILES = 64
WAITING_ROWS = 512 * 1024


class _PartFile:
    """One Parquet file of a log under way, written a row group at a time."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.writer: pq.ParquetWriter | None = None
        self.waiting: list[pa.Table] = []
        self.rows = 0

    def add(self, table: pa.Table) -> None:
        self.waiting.append(table)
        self.rows += table.num_rows
        if self.rows >= ROW_GROUP_ROWS:
            self.flush()

    def flush(self) -> None:
        if not self.waiting:
            return
        rows = pa.concat_tables(self.waiting)
        if self.writer is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.writer = pq.ParquetWriter(self.path, rows.schema, compression="zstd")
        self.writer.write_table(rows, row_group_size=len(rows))
        self.waiting, self.rows = [], 0

    def close(self) -> None:
        self.flush()
        if self.writer is not None:
            self.writer.close()


@dataclass
class _LogWriter:
    """The Parquet files of one log, one per table and folder, written batch by batch."""

    root: Path
    key: str
    open_files: dict[str, _PartFile] = field(default_factory=dict)
    """By folder, least recently written first."""
    closed_files: list[Path] = field(default_factory=list)
    files_in: dict[str, int] = field(default_factory=dict)
    """By folder, how many files the log has there."""
    seen_hands: set[tuple[str, str]] = field(default_factory=set)
    players: dict[tuple[str, str], str] = field(default_factory=dict)
    result: FileResult = field(default_factory=lambda: FileResult(""))

    def __post_init__(self) -> None:
        shutil.rmtree(staging_folder(self.root, self.key), ignore_errors=True)

    def add(self, rows: RowBatch) -> None:
        repeated = rows.hand_keys & self.seen_hands   # a hand id repeated further down
        if repeated:
            rows.drop_hands(repeated)
        self.seen_hands |= rows.hand_keys
        rows.complete()
        for site, name, first_source, _ in rows.tables["players"]:   # PlayerRow's fields
            self.players.setdefault((site, name), first_source)
        rows.tables["players"] = []
        counts = self.result
        counts.hands += rows.hands_read
        counts.sessions += rows.sessions_with_hands()
        counts.summaries += sum(file.summaries_read for file in rows.finished)
        counts.skipped_games.update(rows.skipped_games)
        tables = {name: rows.arrow(name) for name in FILE_TABLES}
        folders = Folders(tables["hands"], tables["sessions"])
        for name, table in tables.items():
            if table is not None:
                self._write(name, table, folders)

    def _write(self, name: str, table: pa.Table, folders: Folders) -> None:
        counts = self.result
        counts.rows += table.num_rows
        counts.new_hands += table.num_rows if name == "hands" else 0
        counts.violations += table.num_rows if name == "violations" else 0
        if name == "quarantine":
            counts.first_error = counts.first_error or _first_error(table)
            counts.quarantined += table.num_rows
        counts.skipped += table.num_rows if name == "skipped" else 0
        counts.tournaments += table.num_rows if name == "tournaments" else 0
        if name not in PARTITIONED:
            self._append(name, table)
            return
        row_folders = folders.of(name, table)
        if name in PARTITIONED_BY_ROW:   # the site is the folder's name, not a column
            table = table.drop_columns(["site"])
        for folder, rows in split(table, row_folders):
            self._append(f"{name}/{folder}", rows)

    def _append(self, folder: str, table: pa.Table) -> None:
        part = self.open_files.pop(folder, None)
        if part is None:
            part = self._open(folder)
        self.open_files[folder] = part   # now the most recently written
        part.add(table)
        if sum(file.rows for file in self.open_files.values()) > WAITING_ROWS:
            for file in self.open_files.values():
                file.flush()

    def _open(self, folder: str) -> _PartFile:
        if len(self.open_files) == OPEN_FILES:
            oldest = next(iter(self.open_files))
            self._close(self.open_files.pop(oldest))
        number = self.files_in[folder] = self.files_in.get(folder, 0) + 1
        return _PartFile(staging_folder(self.root, self.key) / folder
                         / numbered_part(self.key, number))

    def _close(self, part: _PartFile) -> None:
        part.close()
        if part.writer is not None:
            self.closed_files.append(part.path)

    def move_into_place(self) -> list[str]:
        """Close the files and move them where readers find them (once a manifest row
        lists them); the files, relative to the dataset."""
        if self.players:
            now = datetime.now()
            self._append("players", arrow_table(PlayerRow, [
                PlayerRow(site, name, source, now)
                for (site, name), source in self.players.items()]))
        for part in self.open_files.values():
            self._close(part)
        staged = staging_folder(self.root, self.key)
        files = []
        for path in self.closed_files:
            relative = path.relative_to(staged).as_posix()
            move_into_place(path, self.root / relative)
            files.append(relative)
        shutil.rmtree(staged, ignore_errors=True)
        return sorted(files)


def numbered_part(key: str, number: int) -> str:
    """The name of a log's ``number``-th file in a folder.

    >>> numbered_part("k", 1), numbered_part("k", 2)
    ('part-k.parquet', 'part-k.2.parquet')
    """
    return part_name(key) if number == 1 else part_name(f"{key}.{number}")


def write_manifest(root: Path, result: FileResult, file: LogFile, files: list[str],
                   run_started: datetime | None) -> None:
    """The manifest row that puts a log's ``files`` in the dataset: written last, whole."""
    row = ManifestRow(file.source, file.size, file.content_hash, datetime.now(),
                      result.new_hands, result.violations, result.quarantined, result.key,
                      result.sessions, result.skipped, sorted(files), run_started)
    staged = root / STAGING / f"manifest-{result.key}.parquet"
    staged.parent.mkdir(parents=True, exist_ok=True)
    pq.write_table(arrow_table(ManifestRow, [row]), staged)
    move_into_place(staged, manifest_path(root, result.key))


def _first_error(quarantine: pa.Table) -> str:
    first = quarantine.slice(0, 1).to_pylist()[0]
    return f"{first['line']}:{first['column_number']}: {first['error']}"


def remove_log(root: Path, key: str) -> None:
    """Take a log's rows out of the dataset: its manifest row first, so readers stop
    reading its files before they go."""
    manifest = manifest_path(root, key)
    if not manifest.exists():
        return
    files = pq.read_table(manifest, columns=["files"])["files"][0].as_py()
    manifest.unlink()
    for relative in files:
        (root / relative).unlink(missing_ok=True)


__all__ = ["MANIFEST", "ChunkResult", "FileResult", "FileTask", "LogFile", "LogPlan",
           "ManifestRow", "Span", "import_file", "import_part", "plan_log", "remove_log",
           "rename_session", "write_manifest", "write_sessions"]
