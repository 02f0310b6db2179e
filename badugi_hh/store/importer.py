"""One import run: files read (here or in worker processes), batches committed."""

from __future__ import annotations

import hashlib
import multiprocessing
import queue
import time
import traceback
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import NamedTuple

import duckdb

from badugi_hh.engine import Auditor, SessionReport
from badugi_hh.events import ParseError, Record, SessionStart, SkippedHand
from badugi_hh.parsers import read_records
from badugi_hh.rules import Ruleset
from badugi_hh.store.connection import StoreError
from badugi_hh.store.rows import _FinishedFile, _OpenSession, _Rows
from badugi_hh.store.schema import TABLES, _arrow_table

#: Hands per transaction: large enough that the fixed cost of a bulk insert
#: vanishes, small enough that memory stays flat and a crash loses little.
BATCH_HANDS = 2000
#: Characters of quarantined text (the lines of hands that cannot be read) per
#: transaction: such hands count no hand, and a file of them must not be held whole.
BATCH_QUARANTINE_CHARS = 1 << 20

#: Called after each committed batch with the number of hands it read.
ProgressCallback = Callable[[int], None]


@dataclass(slots=True)
class ImportSummary:
    """Counts of one import; ``new_*`` are rows the database did not have before."""

    files: int = 0
    unchanged: int = 0
    unreadable: list[str] = field(default_factory=list)
    hands: int = 0
    new_hands: int = 0
    sessions: int = 0
    violations: int = 0
    quarantined: int = 0
    skipped: int = 0
    """Hands of games the engine does not audit (the ``skipped`` table, by game)."""
    rows: int = 0
    seconds: float = 0.0

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds if self.seconds else 0.0

    def __str__(self) -> str:
        """One sentence for the end of an import.

        >>> print(ImportSummary(files=2, unchanged=1, hands=30, new_hands=12, violations=3,
        ...                     seconds=0.5))
        2 files read (1 unchanged, skipped): 30 hands, 12 new, 0 sessions, 3 new violations, 0 quarantined in 0.50 s (60 hands/s)
        """
        unchanged = f" ({self.unchanged} unchanged, skipped)" if self.unchanged else ""
        skipped = (f", {self.skipped:,} hands not audited" if self.skipped
                   else "")
        return (f"{self.files} files read{unchanged}: {self.hands:,} hands, "
                f"{self.new_hands:,} new, {self.sessions:,} sessions, "
                f"{self.violations:,} new violations, {self.quarantined:,} quarantined"
                f"{skipped} in {self.seconds:.2f} s ({self.hands_per_second:,.0f} hands/s)")

# -- the import ------------------------------------------------------------------------

class _Fingerprint(NamedTuple):
    size: int
    content_hash: str
    prefix_hash: str | None   # of the first bytes, as many as the last import saw


def _fingerprint(path: Path, known_size: int | None) -> _Fingerprint:
    """SHA-256 of the file, and of its first ``known_size`` bytes, in one read."""
    digest = hashlib.sha256()
    prefix: str | None = None
    size = 0
    with open(path, "rb") as stream:
        while chunk := stream.read(1 << 20):
            if known_size is not None and prefix is None and size + len(chunk) >= known_size:
                head = digest.copy()
                head.update(chunk[:known_size - size])
                prefix = head.hexdigest()
            digest.update(chunk)
            size += len(chunk)
    return _Fingerprint(size, digest.hexdigest(), prefix)


class _FileJob(NamedTuple):
    """A file to read: where it is, the source it is stored under, its fingerprint."""

    path: Path
    source: str
    fingerprint: _Fingerprint


def _file_batches(records: Iterable[Record], source: str,
                  fingerprint: _Fingerprint | None, batch_hands: int) -> Iterator[_Rows]:
    """Audit the records of one file and turn them into rows, ``batch_hands`` hands
    at a time; the last batch carries the file's row for ``sources``."""
    auditor = Auditor()
    sessions: dict[str, _OpenSession] = {}
    batch = _Rows()
    for record in records:
        if isinstance(record, ParseError):
            batch.add_quarantine(source, record)
        elif isinstance(record, SessionStart):
            sessions[record.session_id] = _OpenSession.of_header(record)
        for report in auditor.feed(record):
            if isinstance(report, SkippedHand):
                batch.add_skipped(source, report)
                continue
            if isinstance(report, SessionReport):
                batch.add_session(source, report, _closed_session(sessions, report))
                continue
            session = sessions.setdefault(report.session_id, _OpenSession(
                report.session_id, report.ruleset, line=record.line))
            session.meet(record, report)
            batch.add_hand(source, record, report, record.started_at or session.started_at)
        if _full(batch, batch_hands):
            yield batch
            batch = _Rows()
    closed = auditor.close()
    if closed is not None:
        batch.add_session(source, closed, _closed_session(sessions, closed))
    size, digest = (fingerprint.size, fingerprint.content_hash) if fingerprint else (None, None)
    batch.finished.append(_FinishedFile(source, size, digest, datetime.now()))
    yield batch


def _full(rows: _Rows, batch_hands: int) -> bool:
    """Whether ``rows`` make a whole batch: ``batch_hands`` hands, or the quarantine's
    text past :data:`BATCH_QUARANTINE_CHARS`."""
    return rows.hands_read >= batch_hands or rows.quarantined_chars >= BATCH_QUARANTINE_CHARS


def _closed_session(sessions: dict[str, _OpenSession], report: SessionReport) -> _OpenSession:
    session = sessions.pop(report.session_id, None)
    # None: a header and no hand with its id; still a session
    return session if session is not None else _OpenSession(report.session_id, Ruleset())


def _read_in_worker(tasks: multiprocessing.Queue, results: multiprocessing.Queue,
                    batch_hands: int) -> None:
    """A worker process of ``--jobs``: reads the files it is given, sends their rows."""
    for job in iter(tasks.get, None):
        try:
            for rows in _file_batches(read_records(job.path), job.source, job.fingerprint,
                                      batch_hands):
                rows.seal()
                results.put(rows)
        except Exception:   # the parent stops the import and shows this
            results.put(f"reading {job.path} failed:\n{traceback.format_exc()}")
            return
    results.put(None)


# The statements of a commit, in order. {frame} is the batch's Arrow table of the
# same name; the deletes make sessions and their violations an upsert (an appended
# log extends its last session), the NOT EXISTS clauses keep a re-run idempotent.
_REPLACE_SESSIONS = (
    "DELETE FROM sessions t USING {frame} b "
    "WHERE t.source = b.source AND t.session_id = b.session_id",
    "DELETE FROM session_players t USING {frame} b "
    "WHERE t.source = b.source AND t.session_id = b.session_id",
)
_DELETE_SESSION_VIOLATIONS = (
    "DELETE FROM violations t USING {frame} b WHERE t.level = 'session' "
    "AND t.source = b.source AND t.session_id = b.session_id")
_INSERTS = {
    "players": "INSERT INTO players BY NAME SELECT * FROM {frame} b "
               "WHERE NOT EXISTS (SELECT 1 FROM players p WHERE p.site = b.site "
               "AND p.player = b.player)",
    "quarantine": "INSERT INTO quarantine BY NAME SELECT * FROM {frame} b WHERE NOT EXISTS "
                  "(SELECT 1 FROM quarantine q WHERE q.source = b.source AND q.line = b.line)",
    "skipped": "INSERT INTO skipped BY NAME SELECT * FROM {frame} b WHERE NOT EXISTS "
               "(SELECT 1 FROM skipped k WHERE k.source = b.source AND k.line = b.line)",
}
_DEFAULT_INSERT = "INSERT INTO {table} BY NAME SELECT * FROM {frame}"
_FINISH_SOURCES = """
    INSERT OR REPLACE INTO sources BY NAME
    SELECT f.path, f.size, f.content_hash, f.imported_at,
           (SELECT count(*) FROM hands h WHERE h.source = f.path) AS hands,
           (SELECT count(*) FROM violations v WHERE v.source = f.path) AS violations,
           (SELECT count(*) FROM quarantine q WHERE q.source = f.path) AS quarantined
    FROM {frame} f"""


@contextmanager
def _transaction(con: duckdb.DuckDBPyConnection) -> Iterator[None]:
    """All the statements inside, or (on any error, Ctrl-C included) none of them."""
    con.begin()
    try:
        yield
    except BaseException:
        con.rollback()
        raise
    con.commit()


def _count(result: duckdb.DuckDBPyConnection) -> int:
    """The single number a count or a data change returns (read to the end, as
    DuckDB wants before the connection runs anything else)."""
    return result.fetchall()[0][0]


def _next_result(results: multiprocessing.Queue, processes: list) -> object:
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


class _Importer:
    """One import run: reads files, turns reports into rows, commits them batch by batch."""

    def __init__(self, con: duckdb.DuckDBPyConnection, batch_hands: int,
                 progress: ProgressCallback | None) -> None:
        self.con = con
        self.batch_hands = batch_hands
        self.progress = progress
        self.batch = _Rows()
        self.summary = ImportSummary()
        self.started = time.perf_counter()
        self.known = {path: (size, digest) for path, size, digest in
                      con.sql("SELECT path, size, content_hash FROM sources").fetchall()}
        # Only these sources can already hold a hand of a batch; for the others
        # (every file of a first import) the look-up is skipped.
        self.stored_sources = {row[0] for row in
                               con.sql("SELECT DISTINCT source FROM hands").fetchall()}

    def plan(self, path: Path) -> _FileJob | None:
        """What importing ``path`` takes: None when it is unchanged or unreadable."""
        source = str(path.resolve())
        known_size, known_hash = self.known.get(source, (None, None))
        try:
            fingerprint = _fingerprint(path, known_size)
        except OSError as error:
            self.summary.unreadable.append(f"{path}: {error.strerror or error}")
            return None
        self.known[source] = (fingerprint.size, fingerprint.content_hash)
        if known_hash is not None and fingerprint.content_hash == known_hash:
            self.summary.files += 1
            self.summary.unchanged += 1
            return None
        if known_hash is not None and fingerprint.prefix_hash != known_hash:
            self._forget(source)   # rewritten, not appended: its old rows go
        return _FileJob(path, source, fingerprint)

    def _forget(self, source: str) -> None:
        self.flush()
        with _transaction(self.con):
            for table, column in (("sources", "path"), *((t, "source") for t in TABLES
                                                         if "source" in TABLES[t]._fields)):
                self.con.execute(f"DELETE FROM {table} WHERE {column} = ?", [source])
        self.stored_sources.discard(source)

    def read(self, records: Iterable[Record], source: str,
             fingerprint: _Fingerprint | None = None) -> None:
        for rows in _file_batches(records, source, fingerprint, self.batch_hands):
            self.take(rows)

    def read_in_workers(self, jobs: list[_FileJob], workers: int) -> None:
        """Parse and audit in ``workers`` processes; this one only writes (DuckDB
        has one writer). Queues of bounded length keep memory flat."""
        context = multiprocessing.get_context("spawn")   # no fork of DuckDB's threads
        tasks, results = context.Queue(), context.Queue(maxsize=2 * workers)
        processes = [context.Process(target=_read_in_worker, daemon=True,
                                     args=(tasks, results, self.batch_hands))
                     for _ in range(workers)]
        for process in processes:
            process.start()
        for job in [*jobs, *[None] * workers]:
            tasks.put(job)
        try:
            running = workers
            while running:
                rows = _next_result(results, processes)
                if rows is None:
                    running -= 1
                elif isinstance(rows, str):
                    raise RuntimeError(rows)
                else:
                    self.take(rows)
        finally:
            for process in processes:
                process.kill()
                process.join()

    def take(self, rows: _Rows) -> None:
        """Add a file's rows to the batch; commit it once it is full."""
        self.batch.merge(rows)
        if _full(self.batch, self.batch_hands) or len(self.batch.finished) >= self.batch_hands:
            self.flush()

    def flush(self) -> None:
        """Commit the batch: all its rows, or (on any error) none."""
        batch, self.batch = self.batch, _Rows()
        if not batch:
            return
        with _transaction(self.con):
            batch.drop_hands(self._stored_hand_ids(batch.hand_keys))
            batch.complete()
            inserted, deleted_violations = self._insert(batch)
        self.stored_sources.update(source for source, _ in batch.hand_keys)
        summary = self.summary
        summary.files += len(batch.finished)
        summary.hands += batch.hands_read
        summary.new_hands += inserted["hands"]
        summary.sessions += batch.sessions_read
        summary.violations += inserted["violations"] - deleted_violations
        summary.quarantined += inserted["quarantine"]
        summary.skipped += inserted["skipped"]
        summary.rows += sum(inserted.values())
        if self.progress is not None:
            self.progress(batch.hands_read)

    def _stored_hand_ids(self, keys: set[tuple[str, str]]) -> set[tuple[str, str]]:
        """Which of ``keys`` (source, hand id) the database holds already."""
        maybe = [(source, hand_id) for source, hand_id in keys if source in self.stored_sources]
        if not maybe:
            return set()
        found = self.con.execute(
            "SELECT source, hand_id FROM hands WHERE source IN (SELECT unnest(?)) "
            "AND hand_id IN (SELECT unnest(?))",
            [sorted({source for source, _ in maybe}), [hand_id for _, hand_id in maybe]])
        return set(found.fetchall()) & set(maybe)

    def _insert(self, batch: _Rows) -> tuple[dict[str, int], int]:
        """Bulk-insert every table of the batch; rows inserted per table, and the
        session violations the new session rows replace."""
        inserted = dict.fromkeys(TABLES, 0)
        deleted_violations = 0
        for table in TABLES:
            rows = batch.arrow(table)
            if rows is None:
                continue
            frame = f"batch_{table}"
            self.con.register(frame, rows)
            try:
                if table == "sessions":
                    for statement in _REPLACE_SESSIONS:
                        self.con.execute(statement.format(frame=frame))
                    deleted_violations = _count(self.con.execute(
                        _DELETE_SESSION_VIOLATIONS.format(frame=frame)))
                statement = _INSERTS.get(table, _DEFAULT_INSERT)
                inserted[table] = _count(self.con.execute(
                    statement.format(table=table, frame=frame)))
            finally:
                self.con.unregister(frame)
        if batch.finished:
            self.con.register("batch_sources", _arrow_table(_FinishedFile, batch.finished))
            try:
                self.con.execute(_FINISH_SOURCES.format(frame="batch_sources"))
            finally:
                self.con.unregister("batch_sources")
        return inserted, deleted_violations

    def finish(self) -> ImportSummary:
        self.flush()
        self.summary.seconds = time.perf_counter() - self.started
        return self.summary


