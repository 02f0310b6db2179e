"""One import run: files read (here or in worker processes), batches committed.

Each file is read on its own: a bug that stops the reading of one (a reader's or the
engine's) is told as ``internal error in FILE: ...`` for that file, and the others
are read and stored all the same, with ``--jobs 1`` as with more. With ``--jobs``, a
large log is cut into parts that the workers read side by side
(:mod:`badugi_hh.store.parts`); it is recorded as read (its row in ``sources``) once
every part is stored.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import queue
import re
import signal
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import IO, NamedTuple, cast

import duckdb

from badugi_hh.dataset.seams import BY_SESSION, Joiner, PartAudit, Seam, renamed_rows
from badugi_hh.engine import AUDIT_VERSION
from badugi_hh.errors import internal_error
from badugi_hh.events import Record
from badugi_hh.parsers import read_records
from badugi_hh.parsers.dialects import DIALECTS, read_log
from badugi_hh.parsers.text import open_log
from badugi_hh.archives import ArchiveMember, split_member_name
from badugi_hh.collector import paced_for_reading
from badugi_hh.ctrl_c import CtrlC, held_back
from badugi_hh.sources import Log, unreadable_file
from badugi_hh.rows.batch import RowBatch
from badugi_hh.rows.clock import Clock
from badugi_hh.rows.errors import StoreError
from badugi_hh.rows.files import (
    BATCH_HANDS, FileAudit, Fingerprint, ImportSummary, audited_batches, batch_full, file_batches,
    hand_follows,
)
from badugi_hh.rows.identity import identity
from badugi_hh.rows.schema import TABLES, FinishedFile
from badugi_hh.store.commit import Seen, commit
from badugi_hh.store.parts import PART_BYTES, FilePart, LogCut, cut_log, in_part

#: Hands the writer gathers from ``--jobs`` workers before it commits: a commit has a
#: fixed cost (a transaction, the copies looked up), paid by the one process every
#: worker waits on, so it commits seldom and large. The workers go on meanwhile.
WRITER_BATCH_HANDS = 10 * BATCH_HANDS
#: Batches a worker may send ahead of the writer: enough to cover a large commit, so a
#: worker never waits for one; few enough to keep memory flat.
BATCHES_AHEAD = 2 * WRITER_BATCH_HANDS // BATCH_HANDS
#: Called after each committed batch with the number of hands it read.
ProgressCallback = Callable[[int], None]
#: Called with the number of bytes of the logs read (or found unchanged) since the last call.
BytesCallback = Callable[[int], None]

# -- the import ------------------------------------------------------------------------

def _fingerprint(path: Log, known_size: int | None, end: int | None = None) -> Fingerprint:
    """SHA-256 of the file (of its first ``end`` bytes, where given), and of its first
    ``known_size`` bytes, in one read."""
    digest = hashlib.sha256()
    prefix: str | None = None
    size = 0
    with path.open("rb") as opened:
        stream = _Limited(opened, end)
        while chunk := stream.read(1 << 20):
            if known_size is not None and prefix is None and size + len(chunk) >= known_size:
                head = digest.copy()
                head.update(chunk[:known_size - size])
                prefix = head.hexdigest()
            digest.update(chunk)
            size += len(chunk)
        goes_on = end is not None and bool(opened.read(1))
    return Fingerprint(size, digest.hexdigest(), prefix, goes_on)


class FileJob(NamedTuple):
    """A file to read: where it is, the source it is stored under, its fingerprint;
    ``reaudit``: its stored rows were judged by an older audit and are replaced whole."""

    path: Log
    source: str
    fingerprint: Fingerprint
    reaudit: bool = False


@dataclass(frozen=True, slots=True)
class PartJob:
    """A part of a large log to read (:mod:`badugi_hh.store.parts`): ``kind`` is
    ``house`` or a site's dialect."""

    job: FileJob
    kind: str
    part: FilePart


#: What a worker is given to read.
Task = FileJob | PartJob


def _in_read_order(tasks: list[Task]) -> list[Task]:
    """The largest first (the last to finish sets the end), the logs of one archive
    together and in its order: a tar.gz is read from its start, and a worker given its
    members out of order would read it again for each."""
    in_archive: Counter[Path] = Counter()
    for task in tasks:
        if isinstance(task, FileJob) and isinstance(task.path, ArchiveMember):
            in_archive[task.path.archive] += task.fingerprint.size

    def order(task: Task) -> tuple[int, str, int]:
        if isinstance(task, PartJob):
            return task.part.start - task.part.end, task.job.source, task.part.number
        if isinstance(task.path, ArchiveMember):
            return -in_archive[task.path.archive], str(task.path.archive), task.path.position
        return -task.fingerprint.size, task.source, 0

    return sorted(tasks, key=order)


def _cut(job: FileJob, part_bytes: int) -> LogCut | None:
    """The parts of a log the workers read side by side; None where it is read whole: an
    archive's member (read from the archive's start), a log read up to where a watcher
    found its hands complete, one read again by today's audit, one not cut
    (:func:`~badugi_hh.store.parts.cut_log`), one that cannot be opened now (its
    reading says why)."""
    if (not isinstance(job.path, Path) or job.fingerprint.goes_on or job.reaudit
            or job.fingerprint.size <= part_bytes):
        return None
    try:
        with job.path.open("rb") as opened:
            return cut_log(opened, job.fingerprint.size, part_bytes)
    except OSError:
        return None


class _Failed(NamedTuple):
    """A file a worker could not read to its end: unreadable, or an internal error."""

    message: str
    unreadable: bool


class _PartRows(NamedTuple):
    """Rows of part ``number`` of a log."""

    source: str
    number: int
    rows: RowBatch


class _PartEnd(NamedTuple):
    """Part ``number`` of a log read: what it adds to the log's row in ``sources``, and
    a site's part's seam; or why it was not (``failed``), or that it cannot be read
    alone and was not stored (``alone`` false: the log is read whole): it holds another
    dialect's hands too, or a house part's first time lies in an hour that repeats, whose
    passage the hands before the part tell."""

    source: str
    number: int
    hands: int = 0
    skipped: int = 0
    summaries: int = 0
    seam: Seam | None = None
    alone: bool = True
    failed: _Failed | None = None


class _TaskDone(NamedTuple):
    """A worker has sent all it will of a task (a file or a part) of ``source``."""

    source: str


#: What a worker sends: rows, why a file's reading stopped, a part's end.
_Result = RowBatch | _Failed | _PartRows | _PartEnd


def _read_file(job: FileJob, batch_hands: int, house_zone: str,
               read_bytes: BytesCallback | None = None) -> Iterator[RowBatch | _Failed]:
    """The batches of one file, then :class:`_Failed` if its reading stopped: the
    batches before it were read whole and are stored (the file gets no row in
    ``sources``, so the next import reads it again). ``read_bytes`` is told the bytes
    as they are read; without it (in a worker) each batch carries its own."""
    try:
        with job.path.open("rb") as opened:   # named as the path (or ARCHIVE!MEMBER)
            # the bytes fingerprinted, no more: what a site appends meanwhile (maybe half
            # a hand) is the next import's, and the file's row tells what was read
            limited = _Limited(opened, job.fingerprint.size)
            stream = limited if read_bytes is None else _Counted(limited, read_bytes)
            read = 0
            # a counted stream reads as the file does
            for rows in file_batches(read_records(cast(IO[bytes], stream)), job.source,
                                      job.fingerprint, batch_hands, house_zone):
                if read_bytes is None:
                    rows.bytes_read, read = opened.tell() - read, opened.tell()
                yield rows
    except OSError as error:   # removed or made unreadable since it was planned
        yield _Failed(str(unreadable_file(job.path, error)), unreadable=True)
    except Exception as error:   # a bug in a reader or the engine: this file only
        yield _Failed(internal_error(str(job.path), error), unreadable=False)


class _Limited:
    """A log's stream that ends after ``end`` bytes (None: at the file's end)."""

    def __init__(self, stream: IO[bytes], end: int | None) -> None:
        self.stream = stream
        self.left = end
        self.name = stream.name

    def read(self, size: int = -1) -> bytes:
        if self.left is None:
            return self.stream.read(size)
        data = self.stream.read(self.left if size < 0 else min(size, self.left))
        self.left -= len(data)
        return data


class _Counted:
    """A log's stream that tells how many bytes each read took, as it reads them."""

    def __init__(self, stream: IO[bytes] | _Limited, read_bytes: BytesCallback) -> None:
        self.stream = stream
        self.read_bytes = read_bytes
        self.name = stream.name

    def read(self, size: int = -1) -> bytes:
        data = self.stream.read(size)
        if data:
            self.read_bytes(len(data))
        return data


def _read_part(task: PartJob, batch_hands: int, house_zone: str,
               ) -> Iterator[_PartRows | _PartEnd]:
    """The batches of one part of a log, then its end. The part's rows are held until
    it is read: a part that holds another dialect's hands is not stored."""
    job, part = task.job, task.part
    seam: Seam | None = None
    try:
        with job.path.open("rb") as opened:   # named as the path, as a whole read names it
            name = opened.name
            opened.seek(part.lead)
            text = opened.read(part.end - part.lead)
            if part.next_line is not None:
                text += _line_at(opened)
        segments: list[str] = []
        with open_log(text, name, part.lead_line) as log:
            records = in_part(read_log(log, segments), part)
            if task.kind == "house":
                audit = FileAudit(job.source, house_zone)
                audit.taken_through = part.first_line - 1
                held = list(audited_batches(audit, records, batch_hands))
                audit.close()
            else:
                audit = PartAudit(job.source, house_zone, part.first_line)
                audit.taken_through = part.first_line - 1
                held = list(_site_part_batches(audit, records, batch_hands))
                seam = audit.finish()
        held.append(audit.take(to_the_end=True, end_line=None if part.next_line is None
                               else part.next_line - 1))
    except OSError as error:   # removed or made unreadable since it was planned
        yield _PartEnd(job.source, part.number, failed=_Failed(
            str(unreadable_file(job.path, error)), unreadable=True))
        return
    except Exception as error:   # a bug in a reader or the engine: this file only
        yield _PartEnd(job.source, part.number, failed=_Failed(
            internal_error(str(job.path), error), unreadable=False))
        return
    if segments != [task.kind] or (task.kind == "house" and part.number
                                   and audit.clock.passage_assumed):
        yield _PartEnd(job.source, part.number, alone=False)
        return
    held[-1].bytes_read = part.end - part.start
    for rows in held:
        rows.seal()
        yield _PartRows(job.source, part.number, rows)
    yield _PartEnd(job.source, part.number, audit.hands, audit.skipped, audit.summaries, seam)


def _site_part_batches(audit: PartAudit, records: Iterable[Record],
                       batch_hands: int) -> Iterator[RowBatch]:
    """:func:`~badugi_hh.rows.files.audited_batches` for a site's part: its lead-in is
    audited, not stored (:class:`~badugi_hh.dataset.seams.PartAudit`)."""
    for record in records:
        audit.take_record(record)
        if batch_full(audit.batch, batch_hands) and not hand_follows(record):
            yield audit.take()


def _line_at(stream: IO[bytes]) -> bytes:
    """The line that begins where ``stream`` is, with its line end."""
    line = b""
    while block := stream.read(1 << 12):
        ends = [at for at in (block.find(b"\n"), block.find(b"\r")) if at >= 0]
        if ends:
            return line + block[:min(ends) + 1]
        line += block
    return line


def workers_context() -> (multiprocessing.context.ForkServerContext
                          | multiprocessing.context.SpawnContext):
    """How ``--jobs``' workers start: forked from a server process that imported the
    house reader, the engine and Arrow once (``forkserver``, where the system has it),
    each worker then ready at once (a site's reader it imports at its first log of the
    site, in 8-17 ms); never forked from the writer, whose DuckDB threads a fork
    would copy mid-work. Each spawned worker imported them itself: about a second of CPU
    a worker, every import. A process keeps its server: later workers run the code and
    see the environment that it started with."""
    if "forkserver" not in multiprocessing.get_all_start_methods():   # Windows
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload([__name__])
    return context


def _read_in_worker(tasks: multiprocessing.Queue[Task | None],
                    results: multiprocessing.Queue[_Result | _TaskDone | None],
                    batch_hands: int, house_zone: str) -> None:
    """A worker process of ``--jobs``: reads the files and parts it is given, sends
    their rows (those of small files gathered: :class:`_Gathered`). Ctrl-C reaches every
    process of the terminal's group: the writer handles it (it stops the workers and says
    what is kept), so a worker ignores it rather than print its traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    gathered = _Gathered(results, batch_hands)
    with paced_for_reading():
        while (task := gathered.next_task(tasks)) is not None:
            if isinstance(task, PartJob):   # a large log's part: sent as it is read
                gathered.send()
                for part_rows in _read_part(task, batch_hands, house_zone):
                    results.put(part_rows)
                # its end at once: the copies of the log wait for it (_CopiesInTurn)
                results.put(_TaskDone(task.job.source))
            else:
                for rows in _read_file(task, batch_hands, house_zone):
                    gathered.add(rows)
                gathered.done(task.source)
        gathered.send()
    results.put(None)


class _Gathered:
    """The rows of the files a worker read, sent together once they make a batch, or
    before the worker waits for its next task. Sent file by file, a thousand small logs
    (of one session each) read slower in two workers than in one process: each file's
    rows made into Arrow tables, pickled, unpickled and merged on their own (about 10 ms
    a file), and the writer's batch was a thousand Arrow tables per table. What a file's
    task sends comes before its :class:`_TaskDone`, as the writer needs
    (:class:`_CopiesInTurn`)."""

    def __init__(self, results: multiprocessing.Queue[_Result | _TaskDone | None],
                 batch_hands: int) -> None:
        self.results = results
        self.batch_hands = batch_hands
        self.rows = RowBatch()
        self.rows_held = False
        self.after_rows: list[_Failed | _TaskDone] = []
        """What is sent after the rows: why a file's reading stopped, the tasks done."""

    def next_task(self, tasks: multiprocessing.Queue[Task | None]) -> Task | None:
        """The next task; what is gathered is sent first where none is waiting."""
        try:
            return tasks.get(block=False)
        except queue.Empty:
            self.send()
            return tasks.get()

    def add(self, rows: RowBatch | _Failed) -> None:
        if isinstance(rows, _Failed):
            self.after_rows.append(rows)
            return
        self.rows.merge(rows)
        self.rows_held = True
        if batch_full(self.rows, self.batch_hands):
            self.send()

    def done(self, source: str) -> None:
        self.after_rows.append(_TaskDone(source))

    def send(self) -> None:
        if self.rows_held:
            self.rows.seal()
            self.results.put(self.rows)
            self.rows, self.rows_held = RowBatch(), False
        for message in self.after_rows:
            self.results.put(message)
        self.after_rows = []


def _source_of(task: Task) -> str:
    return task.job.source if isinstance(task, PartJob) else task.source


class _CopiesInTurn:
    """The workers' tasks, given out so that the copies of a file (files of the same size
    and content hash: a log kept twice) are read only once the first of them has been
    read to its end. Read side by side, the copies' batches reach the writer in any
    order: a session's first hands could be stored from one copy and its last from the
    other, and each copy's session then kept, as a session holding a hand stored from
    its file is (:mod:`badugi_hh.store.commit`): one session counted twice. Once the
    first copy's rows are in the writer's batch, every hand of the others is a copy of
    one of its hands, whatever their order: they are read side by side, as copies of
    hands stored, as a one-process import reads them."""

    def __init__(self, tasks: Iterable[Task], queue_: multiprocessing.Queue[Task | None],
                 workers: int) -> None:
        self.queue = queue_
        self.workers = workers
        self.after: dict[str, list[Task]] = {}
        """The tasks of the copies of each file, held until that file is read."""
        self.left: Counter[str] = Counter()
        """The tasks of each file given out and not yet done."""
        first_of: dict[tuple[int, str], str] = {}
        now: list[Task] = []
        place: dict[str, list[Task]] = {}
        for task in tasks:
            source = _source_of(task)
            if source not in place:
                fingerprint = (task.job if isinstance(task, PartJob) else task).fingerprint
                first = first_of.setdefault((fingerprint.size, fingerprint.content_hash),
                                            source)
                place[source] = now if first == source else self.after.setdefault(first, [])
            place[source].append(task)
        self._give(now)

    def done(self, source: str) -> None:
        """A task of ``source`` is read: once all of them are, its copies' are given."""
        self.left[source] -= 1
        if not self.left[source]:
            self._give(self.after.pop(source, []))

    def _give(self, tasks: list[Task]) -> None:
        for task in tasks:
            self.left[_source_of(task)] += 1
            self.queue.put(task)
        if tasks and not self.after:
            for _ in range(self.workers):   # nothing held back: each worker may stop
                self.queue.put(None)


#: The write-ahead log an import lets grow before DuckDB checkpoints it into the file.
#: At DuckDB's default (16 MB) every large commit is followed by a checkpoint, which
#: rewrites each table's last, partial row group. On 200,000 hands with ``--jobs 2`` the
#: writer's commits took 14.5 s at 16 MB, 11.0 s at 64 MB, 9.6 s at 256 MB; the peak
#: memory was the same at 64 MB (550 MB) and 145 MB more at 256 MB.
IMPORT_CHECKPOINT_THRESHOLD = "64MB"


@contextmanager
def checkpoints_deferred(con: duckdb.DuckDBPyConnection) -> Iterator[None]:
    """While the block runs, DuckDB checkpoints only past
    :data:`IMPORT_CHECKPOINT_THRESHOLD` of log; then as it did before (closing the file
    checkpoints what is left)."""
    con.execute(f"SET checkpoint_threshold = '{IMPORT_CHECKPOINT_THRESHOLD}'")
    try:
        yield
    finally:
        con.execute("RESET checkpoint_threshold")


@contextmanager
def write_transaction(con: duckdb.DuckDBPyConnection) -> Iterator[None]:
    """All the statements inside, or (on any error, Ctrl-C included) none of them."""
    con.begin()
    try:
        yield
    except BaseException:
        con.rollback()
        raise
    con.commit()


def _next_result(results: multiprocessing.Queue[_Result | _TaskDone | None],
                 processes: Sequence[BaseProcess]) -> _Result | _TaskDone | None:
    """The next worker result; a worker that died without saying why is an error,
    not a reason to wait forever."""
    while True:
        try:
            return results.get(timeout=1.0)
        except queue.Empty:
            dead = [p for p in processes if p.exitcode not in (None, 0)]
            if dead:
                raise StoreError(f"an import worker process stopped with exit code "
                                 f"{dead[0].exitcode}; nothing of its batch was stored") from None


#: The other files that hold a copy of a hand stored from a file (that file is about
#: to be forgotten: the hand is then stored from one of them, read again).
_OTHER_COPIES = """
    SELECT DISTINCT c.source FROM hand_sources c
    JOIN hands h ON h.site = c.site AND h.hand_id = c.hand_id
    WHERE h.source = ? AND c.source <> ?"""


class Importer:
    """One import run: reads files, turns reports into rows, commits them batch by batch."""

    def __init__(self, con: duckdb.DuckDBPyConnection, batch_hands: int,
                 progress: ProgressCallback | None, house_zone: str,
                 read_bytes: BytesCallback | None = None) -> None:
        self.con = con
        self.batch_hands = batch_hands
        self.commit_hands = batch_hands
        """Hands gathered before a commit: :data:`WRITER_BATCH_HANDS` from workers."""
        self.progress = progress
        self.read_bytes = read_bytes
        self.house_zone = house_zone
        self.batch = RowBatch()
        self.summary = ImportSummary()
        self.started = time.perf_counter()
        self.known = {path: (size, digest) for path, size, digest in
                      con.sql("SELECT path, size, content_hash FROM sources").fetchall()}
        self.older_audit = {path for (path,) in con.execute(
            "SELECT path FROM sources WHERE audit_version < ?", [AUDIT_VERSION]).fetchall()}
        """The files whose hands an older audit judged: read again whole when imported."""
        self.seen = Seen({source for (source,) in
                          con.sql("SELECT DISTINCT source FROM hand_sources").fetchall()})
        self.read_again: list[str] = []
        """Files holding copies of hands a rewritten file held: read again, in full."""
        self.forgotten: set[tuple[str, str, str]] = set()
        """The identities of the hands a rewritten file's rows took out that no file has
        stored again yet: stored again, they are not new; left, they are removed."""
        self.forgotten_violations: Counter[tuple[object, ...]] = Counter()
        """The violations a rewritten file's rows took out (hand, session, rule, message):
        found again, they are not new."""
        self.part_bytes = PART_BYTES
        """A log larger than this is read in parts by ``--jobs`` workers."""
        self.cut_logs: dict[str, _CutLog] = {}
        self.ctrl_c = CtrlC()
        """The import runs in this block (:meth:`badugi_hh.store.Store.import_paths`):
        a Ctrl-C that DuckDB swallowed is raised once a batch is committed."""

    def plan(self, path: Log, end: int | None = None) -> FileJob | None:
        """What importing ``path`` (its first ``end`` bytes, where given) takes: None
        when it is unchanged or unreadable."""
        source = str(path.resolve())
        known_size, known_hash = self.known.get(source, (None, None))
        try:
            fingerprint = _fingerprint(path, known_size, end)
        except OSError as error:
            self.summary.unreadable.append(str(unreadable_file(path, error)))
            return None
        self.known[source] = (fingerprint.size, fingerprint.content_hash)
        if known_hash is not None and source in self.older_audit:
            self.older_audit.discard(source)
            if fingerprint.prefix_hash == known_hash:   # unchanged or appended
                return FileJob(path, source, fingerprint, reaudit=True)
        if known_hash is not None and fingerprint.content_hash == known_hash:
            self.summary.files += 1
            self.summary.unchanged += 1
            if self.read_bytes is not None:
                self.read_bytes(fingerprint.size)
            return None
        if known_hash is not None and fingerprint.prefix_hash != known_hash:
            self._forget(source)   # rewritten, not appended: its old rows go
        return FileJob(path, source, fingerprint)

    def _forget(self, source: str) -> None:
        """Take a rewritten file's rows out. A hand stored from it that another file
        holds too is then stored from that one: those files are read again (their
        row in ``sources`` goes, so their whole content is read)."""
        self.flush()
        with write_transaction(self.con):
            others = [other for (other,) in self.con.execute(_OTHER_COPIES, [source, source])
                      .fetchall() if Path(other).is_file() or split_member_name(other)]
            self.forgotten.update(
                identity(site, hand_id, source) for site, hand_id in self.con.execute(
                    "SELECT site, hand_id FROM hands WHERE source = ?", [source]).fetchall())
            self.forgotten_violations.update(_violation_key(*row) for row in self.con.execute(
                f"SELECT {_VIOLATION_KEY} FROM violations WHERE source = ?", [source]).fetchall())
            _delete_rows_of(self.con, source)
            for other in others:
                self.con.execute("DELETE FROM sources WHERE path = ?", [other])
                self.known.pop(other, None)
        self.read_again.extend(others)

    def reaudit(self, job: FileJob) -> None:
        """Read a file judged by an older audit again, here, and replace its stored rows
        (hands, violations, results, its row in ``sources``) in one transaction: the
        whole file is held until then. A file that cannot be read keeps its rows."""
        self.flush()
        whole = RowBatch()
        for rows in _read_file(job, self.batch_hands, self.house_zone, self.read_bytes):
            if isinstance(rows, _Failed):
                self.take(rows)
                return
            whole.merge(rows)
        self.summary.reaudited += 1
        self.flush(whole, replacing=job.source)

    def read(self, records: Iterable[Record], source: str,
             fingerprint: Fingerprint | None = None) -> None:
        for rows in file_batches(records, source, fingerprint, self.batch_hands,
                                  self.house_zone):
            self.take(rows)

    def planned(self) -> None:
        """The files are planned: what follows is reading and writing them."""
        self.summary.planning_seconds = time.perf_counter() - self.started

    def read_file(self, job: FileJob) -> None:
        """Read one file here; an error reading it is told, and the import goes on."""
        for rows in _read_file(job, self.batch_hands, self.house_zone, self.read_bytes):
            self.take(rows)

    def read_in_workers(self, jobs: list[FileJob], workers: int) -> None:
        """Parse, audit and build Arrow batches in up to ``workers`` processes, the
        largest files (and parts of large logs, :mod:`badugi_hh.store.parts`)
        first: the last to finish sets the end. This one only writes (DuckDB has one
        writer), a batch of :data:`WRITER_BATCH_HANDS` hands from any files and parts at
        a time, as they come, while the workers go on. Queues of bounded length keep
        memory flat. Fewer than two files or parts are read here."""
        tasks_of: list[Task] = []
        for job in jobs:
            cut = _cut(job, self.part_bytes)
            if cut is None:
                tasks_of.append(job)
                continue
            renumbers = next(dialect.renumbers for dialect in DIALECTS
                             if dialect.name == cut.kind)
            joiner = None if cut.kind == "house" else Joiner(job.source, renumbers)
            self.cut_logs[job.source] = _CutLog(job, len(cut.parts), len(cut.parts), joiner)
            tasks_of.extend(PartJob(job, cut.kind, part) for part in cut.parts)
        if len(tasks_of) < 2:
            for job in jobs:
                self.read_file(job)
            return
        workers = min(workers, len(tasks_of))
        self.seen.order = {job.source: place for place, job in enumerate(jobs)}
        context = workers_context()
        tasks: multiprocessing.Queue[Task | None] = context.Queue()
        results: multiprocessing.Queue[_Result | _TaskDone | None] = context.Queue(
            maxsize=BATCHES_AHEAD * workers)
        processes = [context.Process(target=_read_in_worker, daemon=True,
                                     args=(tasks, results, self.batch_hands, self.house_zone))
                     for _ in range(workers)]
        self.commit_hands = WRITER_BATCH_HANDS
        try:
            with held_back():
                for process in processes:
                    process.start()
            given = _CopiesInTurn(_in_read_order(tasks_of), tasks, workers)
            running = workers
            while running:
                rows = _next_result(results, processes)
                if rows is None:
                    running -= 1
                elif isinstance(rows, _TaskDone):
                    given.done(rows.source)
                else:
                    self.take(rows)
        finally:
            self.commit_hands = self.batch_hands
            for process in processes:
                if process.pid is not None:   # started
                    process.kill()
                    process.join()

    def take(self, rows: _Result) -> None:
        """Add a file's rows to the batch (commit it once it is full), or tell why the
        file's reading stopped; a part's rows and end (:meth:`_take_part`)."""
        if isinstance(rows, _PartRows | _PartEnd):
            self._take_part(rows)
        elif isinstance(rows, _Failed):
            (self.summary.unreadable if rows.unreadable else self.summary.failures
             ).append(rows.message)
        else:
            self._add(rows)

    def _add(self, rows: RowBatch) -> None:
        self.batch.merge(rows)
        if (batch_full(self.batch, self.commit_hands)
                or len(self.batch.finished) >= self.batch_hands):
            self.flush()

    def _take_part(self, rows: _PartRows | _PartEnd) -> None:
        """A part's rows or end. A house part's rows are added as they come; a site's
        part's once the parts before it are joined to it, in their order (its hands of
        the session that crosses the cut renamed as that session). Once every part is
        in, the log's row in ``sources`` joins the batch; a part that failed leaves the
        log without one, so the next import reads it again (what is stored already is
        not stored twice)."""
        log = self.cut_logs[rows.source]
        if log.whole or (log.failed and log.joiner is not None):
            return   # (a site's parts after a failed one cannot be joined)
        if isinstance(rows, _PartRows):
            if log.joiner is None:
                self._add_of(log, rows.rows)
            else:
                log.held.setdefault(rows.number, []).append(rows.rows)
        elif rows.failed is not None:
            log.failed = True
            self.take(rows.failed)
        elif not rows.alone:
            self._read_whole_instead(log)
        elif log.joiner is None:
            self._part_done(log, rows)
        else:
            log.ended[rows.number] = rows
            self._join_ready(log, log.joiner)

    def _add_of(self, log: _CutLog, rows: RowBatch) -> None:
        log.taken.add(rows)
        self._add(rows)

    def _join_ready(self, log: _CutLog, joiner: Joiner) -> None:
        """Join and add a site's parts that are read, as far as the parts before them are
        (:class:`~badugi_hh.dataset.seams.Joiner`); the log is read whole where a part
        does not join."""
        while (end := log.ended.pop(log.joined, None)) is not None:
            if end.seam is None or not joiner.add(end.number, end.seam):
                self._read_whole_instead(log)
                return
            rename = joiner.joined.renames.get(end.number)
            for rows in log.held.pop(end.number, []):
                if rename is not None:
                    _rename(rows, *rename)
                self._add_of(log, rows)
            log.joined += 1
            if log.joined == log.parts:
                joiner.end()
            self._add_sessions(log, joiner)
            self._part_done(log, end)

    def _add_sessions(self, log: _CutLog, joiner: Joiner) -> None:
        """The rows of the sessions across a site's parts that are whole now."""
        whole = joiner.joined.sessions[log.sessions_added:]
        log.sessions_added += len(whole)
        rows = RowBatch()
        for report, session, last_reading in whole:
            clock = Clock(self.house_zone)
            clock.last = last_reading   # as the session was closed
            rows.add_session(log.job.source, report, session, clock)
        if whole:
            self._add_of(log, rows)

    def _part_done(self, log: _CutLog, end: _PartEnd) -> None:
        """A part stored: once every part is, the log's row in ``sources``."""
        log.hands, log.skipped = log.hands + end.hands, log.skipped + end.skipped
        log.summaries += end.summaries
        log.parts_left -= 1
        if log.parts_left or log.failed:
            return
        size, digest = log.job.fingerprint.size, log.job.fingerprint.content_hash
        self.batch.finished.append(FinishedFile(log.job.source, size, digest, datetime.now(),
                                                log.hands, log.skipped, log.summaries))

    def _read_whole_instead(self, log: _CutLog) -> None:
        """Read a log whole, here, a part of which cannot be stored as it was read: it
        holds another dialect's hands (a reader carries what it learnt across them), or
        it does not join the part before it (:mod:`badugi_hh.store.parts`). The rows of
        its parts stored so far are its own rows, which its reading meets again as
        copies of themselves: they are counted once."""
        log.whole = True
        log.held.clear()
        self.flush()
        taken, summary = log.taken, self.summary
        summary.hands -= taken.hands
        summary.copies -= taken.hands
        summary.sessions -= taken.sessions
        summary.skipped -= taken.skipped_games.total()
        summary.skipped_by_game.subtract(taken.skipped_games)
        self.seen.tournaments_written -= {key for key in self.seen.tournaments_written
                                          if key[0] == log.job.source}   # written again whole
        # committed as --jobs 1 commits it: which copies of a hand repeated in the log
        # a commit meets depends on where the batches end
        commit_hands, self.commit_hands = self.commit_hands, self.batch_hands
        try:
            self.read_file(log.job)
        finally:
            self.commit_hands = commit_hands

    def flush(self, whole_file: RowBatch | None = None, replacing: str | None = None) -> None:
        """Commit the batch (or ``whole_file``, in place of the rows stored from the
        source it is ``replacing``): all its rows, or (on any error) none."""
        if whole_file is None:
            batch, self.batch = self.batch, RowBatch()
        else:
            batch = whole_file
        if not batch:
            return
        started = time.perf_counter()
        with write_transaction(self.con):
            replaced = _delete_rows_of(self.con, replacing) if replacing else _Deleted(0, 0)
            done = commit(self.con, batch, self.seen)
        self.summary.commit_seconds += time.perf_counter() - started
        inserted = done.inserted
        summary = self.summary
        summary.files += len(batch.finished)
        summary.no_hands.extend(file.path for file in batch.finished
                                if not (file.hands_read or file.skipped_read
                                        or file.summaries_read))
        summary.hands += batch.hands_read
        # a grown hand is not new, nor a hand audited again, nor one a rewritten file held
        summary.new_hands += max(0, inserted["hands"] - done.grown - replaced.hands
                                 - self._stored_again(batch))
        summary.copies += done.copies
        summary.conflicts.extend(done.conflicts)
        summary.sessions += batch.sessions_with_hands()
        summary.summaries += sum(file.summaries_read for file in batch.finished)
        if self.cut_logs:
            self._count_sessions_of_parts(batch)
        # a grown hand's violations replace its cut copy's: never fewer than none new
        summary.violations += max(0, inserted["violations"] - done.replaced_violations
                                  - replaced.violations - self._violations_again(batch))
        summary.quarantined += inserted["quarantine"]
        summary.skipped += batch.skipped_games.total()
        summary.skipped_by_game.update(batch.skipped_games)
        summary.rows += sum(inserted.values())
        if self.progress is not None:
            self.progress(batch.hands_read)
        if self.read_bytes is not None:
            self.read_bytes(batch.bytes_read)
        self.ctrl_c.check()   # counted as committed first: the message says how many

    def _stored_again(self, committed: RowBatch) -> int:
        """How many of the hands ``committed`` stored were taken out with the rows of a
        rewritten file (:meth:`_forget`) in this import: stored again, from that file or
        from another holding them."""
        rows = committed.arrow("hands") if self.forgotten else None
        if rows is None:
            return 0
        again = self.forgotten.intersection(map(identity, rows["site"].to_pylist(),
                                                rows["hand_id"].to_pylist(),
                                                rows["source"].to_pylist()))
        self.forgotten -= again
        return len(again)

    def _violations_again(self, committed: RowBatch) -> int:
        """How many of the violations ``committed`` stored a rewritten file's rows held
        (:meth:`_forget`): found again in it, or in another file, they are not new."""
        rows = committed.arrow("violations") if self.forgotten_violations else None
        if rows is None:
            return 0
        again = 0
        for key in map(_violation_key, rows["hand_id"].to_pylist(),
                       rows["session_id"].to_pylist(), rows["rule"].to_pylist(),
                       rows["message"].to_pylist()):
            if self.forgotten_violations[key] > 0:
                self.forgotten_violations[key] -= 1
                again += 1
        return again

    def _count_sessions_of_parts(self, committed: RowBatch) -> None:
        """Add to each log read in parts its sessions the commit counted: what its
        reading whole instead takes back (:meth:`_read_whole_instead`). Counted when
        its parts' rows joined the batch, a session left out as a second copy was taken
        back all the same: the summary said 117 sessions of 201 stored, or fewer than 0."""
        rows = committed.arrow("sessions")
        if rows is None:
            return
        for source, hands in zip(rows["source"].to_pylist(), rows["hands"].to_pylist()):
            log = self.cut_logs.get(source)
            if log is not None and hands:
                log.taken.sessions += 1

    def finish(self) -> ImportSummary:
        self.flush()
        self.summary.removed_hands = len(self.forgotten)
        self.summary.older_audit_gone = sum(not _still_there(path) for path in self.older_audit)
        self.summary.seconds = time.perf_counter() - self.started
        return self.summary


@dataclass(slots=True)
class _Taken:
    """What the parts of a log added to an import's counts so far."""

    hands: int = 0
    sessions: int = 0
    """Its sessions committed (counted as the import counts them, once a commit has left
    out the second copies of sessions: :meth:`Importer.flush`)."""
    skipped_games: Counter[str] = field(default_factory=Counter)

    def add(self, rows: RowBatch) -> None:
        self.hands += rows.hands_read
        self.skipped_games.update(rows.skipped_games)


@dataclass(slots=True)
class _CutLog:
    """A log read in parts: what its row in ``sources`` counts, and how its parts went."""

    job: FileJob
    parts: int
    parts_left: int
    joiner: Joiner | None
    """A site's export's: its parts' seams, joined in their order (None: a house log's)."""
    hands: int = 0
    skipped: int = 0
    summaries: int = 0
    failed: bool = False
    """A part could not be read: the log gets no row in ``sources``."""
    whole: bool = False
    """The log is read whole instead: the rows of its parts that come later are not."""
    taken: _Taken = field(default_factory=_Taken)
    held: dict[int, list[RowBatch]] = field(default_factory=dict)
    """A site's parts' rows, by part, until the parts before them are joined."""
    ended: dict[int, _PartEnd] = field(default_factory=dict)
    """A site's parts read and not yet joined, by part."""
    joined: int = 0
    sessions_added: int = 0


def _rename(rows: RowBatch, renamed: str, session_id: str, offset: int) -> None:
    """Give a part's rows of the session it carries in the session's own id and its
    hands their numbers in it (:attr:`~badugi_hh.dataset.seams.Joined.renames`)."""
    rows.seal()
    for table in BY_SESSION:
        rows.sealed[table] = [part if (named := renamed_rows(part, renamed, session_id, offset))
                              is None else named for part in rows.sealed[table]]


#: What tells a violation of a rewritten file read again from one it did not hold: not its
#: line, which an edit above it moves (nor a line its message names: "after the fold on
#: line 1250").
_VIOLATION_KEY = "hand_id, session_id, rule, message"
_LINE_NAMED = re.compile(r"\bline \d+")


def _violation_key(hand_id: object, session_id: object, rule: object,
                   message: object) -> tuple[object, ...]:
    return hand_id, session_id, rule, _LINE_NAMED.sub("line", str(message))


class _Deleted(NamedTuple):
    hands: int
    violations: int


def _delete_rows_of(con: duckdb.DuckDBPyConnection, source: str) -> _Deleted:
    """Delete every row stored from ``source`` (its row in ``sources`` too), inside the
    caller's transaction; the hands and violations it had."""
    had = con.execute("SELECT (SELECT count(*) FROM hands WHERE source = $s), "
                      "(SELECT count(*) FROM violations WHERE source = $s)",
                      {"s": source}).fetchall()[0]
    for table, column in (("sources", "path"), *((t, "source") for t in TABLES
                                                 if "source" in TABLES[t]._fields)):
        con.execute(f"DELETE FROM {table} WHERE {column} = ?", [source])
    return _Deleted(*had)


def _still_there(source: str) -> bool:
    """Whether a stored file (or an archive's member) can be found at its path."""
    return Path(source).is_file() or split_member_name(source) is not None
