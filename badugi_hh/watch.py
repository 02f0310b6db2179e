"""Watching hand-history folders: each log a site writes or appends to is imported
within moments, into a database or a dataset, while the dashboard reads it.

A site writes one log per table and appends each hand to it as the hand ends. The
watcher learns of a change from the file system's events (watchdog; where they
cannot be had, watchdog's polling observer), and looks again every
:data:`RESCAN_SECONDS` all the same (a network drive may send no event). Once a
changed file has stopped growing for :data:`SETTLE_SECONDS`, its complete hands are
imported at once, hand by hand as the site ends each: a hand is complete where its
format ends it (:func:`~badugi_hh.parsers.hand_ends.complete_end`: a blank line after
a site's summary, Merge's ``</game>``, the next hand's header); a file written over is
looked at from its start (:class:`_HandEnd`); an empty one created before its first
hand ends waits for it however long it takes (no log to read yet); one emptied
to be written again in place, or one shorter than what was read of it that starts as
it did (being written again in place), waits for its hands. The import reads
those bytes and no more, so a half-written hand is never stored; it waits for its
end. A file whose last hand never ends so (a log a site closed without its blank
line) is taken whole after :data:`QUIET_SECONDS` without change; should that hand
grow after all, the store replaces it whole (:mod:`badugi_hh.store.commit`). A log
the folders hold when the watch starts is read so too where a site may still be writing
it (changed within :data:`QUIET_SECONDS`): the first import takes its complete hands,
the watch the rest (:meth:`Watcher.still_written`). What is
read of a file that goes on is not a session's end: a house session's length (N1) is
judged once its ``Session ends`` is read, or once the file is taken whole. A
dataset's import reads whole files: a file is taken once it ends with a complete
hand, or is quiet (a dataset replaces a log's rows whenever the log grows).

The store already makes this cheap and safe: an appended file adds only its new
hands, an unchanged one is skipped by its hash (:mod:`badugi_hh.store`). The
database is opened for writing only while a batch is imported, then closed, so
the dashboard (which closes its own read-only connection when idle) reads it in
between; a database held by a reader is waited for, and tried again later.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

from watchdog.observers.api import BaseObserver

if TYPE_CHECKING:
    import duckdb

from badugi_hh.archives import archive_kind, archive_whole
from badugi_hh.parsers.hand_ends import complete_end
from badugi_hh.sources import NO_LOGS, Unreadable, find_logs, log_files_in
from badugi_hh.rows.files import ImportSummary

__all__ = ["QUIET_SECONDS", "RESCAN_SECONDS", "SETTLE_SECONDS", "Batch", "Ends", "Watcher"]

#: How long a file must stop growing before its complete hands are read (a site
#: writes a hand at once): a burst of hands is one import.
SETTLE_SECONDS = 0.3
#: A file whose last hand does not end as its format ends a hand is read whole after
#: this long unchanged.
QUIET_SECONDS = 10.0
#: How often the folders are looked at without any event.
RESCAN_SECONDS = 2.0
#: How long a batch waits for the database that a reader (the dashboard) holds.
WRITE_WAIT_SECONDS = 5.0
#: The files to import, each with the bytes of it to read (its complete hands; None:
#: all, an archive's).
Ends = dict[str, int | None]
#: How many bytes before a log's last hand end are kept to find them there again: a
#: hand's last lines (names, amounts, cards) that another log's bytes would not repeat.
_MARK_BYTES = 256
#: How many of a log's first bytes tell it from another log put in its place (its first
#: hand's header: its number, table and time).
_START_BYTES = 256


@dataclass(frozen=True, slots=True)
class Batch:
    """What one import of changed files did."""

    paths: list[str]
    summary: ImportSummary
    problems: list[str]
    """What to say beside the summary: errors that stopped a dataset's log (a
    database's are in the summary), and where each log's new unreadable text begins
    (``quarantined FILE:LINE:COLUMN: error``, as ``import`` says it)."""
    busy: str | None = None
    """Why nothing could be written (another process holds the database or dataset):
    the files are tried again at the next look."""


@dataclass(slots=True)
class _Change:
    """A file seen changed: its size and time when last seen, and since when unchanged."""

    stamp: tuple[int, int]
    since: float


@dataclass(frozen=True, slots=True)
class _HandEnd:
    """Where the last complete hand found in a file ends, and the bytes just before it:
    a file appended to still holds them there; one written over (a log rotated, a copy
    put in its place) does not, and is read from its start."""

    offset: int
    before: bytes

    @classmethod
    def at(cls, stream: BinaryIO, offset: int) -> _HandEnd:
        start = max(0, offset - _MARK_BYTES)
        stream.seek(start)
        return cls(offset, stream.read(offset - start))

    def still_in(self, stream: BinaryIO, size: int) -> bool:
        """Whether the file (of ``size`` bytes seen) still holds this end's bytes."""
        return self.offset <= size and _HandEnd.at(stream, self.offset) == self


class Watcher:
    """Imports what ``folders`` hold, then what is written into them, by ``importer``:
    a function that imports the first bytes of the logs it is given (:data:`Ends`) and
    returns a :class:`Batch` (:func:`into_database`, :func:`into_dataset`).
    ``parts``: whether it reads only those bytes (else a file is given once whole)."""

    def __init__(self, folders: Iterable[str | Path],
                 importer: Callable[[Ends], Batch], *,
                 settle: float = SETTLE_SECONDS, quiet: float = QUIET_SECONDS,
                 rescan: float = RESCAN_SECONDS, parts: bool = True) -> None:
        self.folders = [Path(folder) for folder in folders]
        self.importer = importer
        self.settle, self.quiet, self.rescan = settle, quiet, rescan
        self.parts = parts
        self.wake = threading.Event()
        self.known: dict[str, tuple[int, int]] = {}
        self.changed: dict[str, _Change] = {}
        self.taken: dict[str, int] = {}
        """The bytes of each file still being written that were imported: its complete
        hands (the rest waits for its end)."""
        self.hand_ends: dict[str, _HandEnd] = {}
        """Where the last hand found complete in each file ends: where the next look
        for complete hands starts, unless the file was written over since."""
        self.starts: dict[str, bytes] = {}
        """The first bytes of each log as last read: a log shorter than what was read
        of it that starts alike is being written again in place, not replaced."""
        self.skipped: set[str] = set()
        """Paths the folders hold that are not read (a named pipe...): said once each."""
        self.untold: list[str] = []
        self.observer_kind = ""
        """``events`` or ``polling``: how changes are learnt, once :meth:`run` started."""

    def snapshot(self) -> None:
        """Take the folders' files as they are now as known (done before the first
        import, so that what is written during it is seen as changed)."""
        self.known = self._stamps()
        self.untold.clear()   # the first import names them
        for path in self.known:
            if not archive_kind(Path(path)):
                try:
                    with open(path, "rb") as stream:
                        self.starts[path] = stream.read(_START_BYTES)
                except OSError:
                    continue   # the import names why it cannot be read

    def still_written(self, logs: Iterable[str]) -> Ends:
        """Of the logs the first import reads, those a site may still be writing (changed
        within :data:`QUIET_SECONDS`, their last hand not ended as their format ends
        one): the bytes of their complete hands, each such log then watched as a change
        seen when it was last written, so that a hand half written when the watch
        starts is never stored cut, nor judged a session's end."""
        wall, now = time.time(), time.monotonic()
        ends: Ends = {}
        for path in logs:
            stamp = self.known.get(path)
            age = self.quiet if stamp is None else wall - stamp[1] / 1e9
            archive = archive_kind(Path(path)) is not None
            if stamp is None or (age >= self.quiet and stamp[0]) or (
                    archive and archive_whole(Path(path))):
                continue   # (an empty one, however old, awaits its first hand: no log yet)
            if archive:   # a zip still copied in: read once it is whole
                ends[path] = self.taken[path] = 0
                self.changed[path] = _Change(stamp, now - max(0.0, age))
                continue
            try:
                with open(path, "rb") as stream:
                    end = complete_end(stream, 0, stamp[0])
                    self.hand_ends[path] = _HandEnd.at(stream, end)
            except OSError:
                continue   # the import names why it cannot be read
            if end < stamp[0] or stamp[0] == 0:   # (empty: created, its first hand awaited)
                ends[path] = self.taken[path] = end
                self.changed[path] = _Change(stamp, now - max(0.0, age))
        return ends

    def step(self) -> Batch | None:
        """Look at the folders once; import the changed files that are ready."""
        now = time.monotonic()
        stamps = self._stamps()
        for path, stamp in stamps.items():
            if self.known.get(path) != stamp:
                seen = self.changed.get(path)
                if seen is None or seen.stamp != stamp:
                    self.changed[path] = _Change(stamp, now)
        for path in [path for path in self.changed if path not in stamps]:
            del self.changed[path]   # removed meanwhile
            self.taken.pop(path, None)
            self.hand_ends.pop(path, None)
        for path in [path for path, change in self.changed.items()
                     if self._awaits_first_hand(path, change.stamp[0])]:
            # created empty, its first hand not ended yet (a draw hand may take minutes):
            # no log to read, none of its hands to lose; looked at again once written
            self.known[path] = self.changed.pop(path).stamp
            self.taken.pop(path, None)
        ready: Ends = {}
        for path in sorted(self.changed):
            end = self._ready(path, self.changed[path], now)
            if end is not None:
                ready[path] = None if archive_kind(Path(path)) else end
        skipped, self.untold = self.untold, []
        if not ready:
            return Batch([], ImportSummary(unreadable=skipped), []) if skipped else None
        batch = self.importer(ready)
        if batch.busy:
            self.untold[:0] = skipped
            return batch   # tried again at the next look
        batch.summary.unreadable.extend(skipped)
        for path, end in ready.items():
            if end is not None and end < self.changed[path].stamp[0]:
                self.taken[path] = end   # its last hand is being written
            else:
                self.known[path] = self.changed.pop(path).stamp
                self.taken.pop(path, None)
        return batch

    def run(self, stop: threading.Event, report: Callable[[Batch], None]) -> None:
        """Watch until ``stop`` is set, telling each batch to ``report``."""
        observer = self._observe()
        try:
            while not stop.is_set():
                batch = self.step()
                if batch is not None:
                    report(batch)
                waiting = self.settle if self.changed else self.rescan
                self.wake.wait(waiting)
                self.wake.clear()
        finally:
            observer.stop()
            observer.join(timeout=2)

    def _ready(self, path: str, change: _Change, now: float) -> int | None:
        """How many bytes of a changed file to import now; None to wait."""
        unchanged_for = now - change.since
        size = change.stamp[0]
        if unchanged_for < self.settle:
            return None
        if unchanged_for >= self.quiet:
            return size
        if archive_kind(Path(path)):   # read once whole: a zip still copied in lacks its end
            return size if archive_whole(Path(path)) else None
        read_before = self.taken.get(path, self.known.get(path, (0, 0))[0])
        hand_end = self.hand_ends.get(path)
        try:
            with open(path, "rb") as stream:
                start = stream.read(min(size, _START_BYTES))
                if size < read_before and self._written_again(path, start):
                    return None
                self.starts[path] = start
                if size < read_before or (hand_end is not None
                                           and not hand_end.still_in(stream, size)):
                    # written over: none of it was read, every complete hand is new
                    read_before, hand_end = 0, None
                # the bytes seen unchanged, no more: what is written meanwhile is
                # looked at once it settles
                end = complete_end(stream, hand_end.offset if hand_end else 0, size)
                self.hand_ends[path] = _HandEnd.at(stream, end)
        except OSError:
            return size   # the import names why it cannot be read
        if end == 0:   # no hand complete: an empty file a site is about to write (a Boss
            return None   # Media log is rewritten whole each hand) is no empty log yet
        if end == size or (self.parts and end > read_before):
            return end
        return None

    def _awaits_first_hand(self, path: str, size: int) -> bool:
        """Whether ``path`` is empty and nothing of it was read: a log a client creates
        when a table opens, before its first hand ends. One emptied after its hands were
        read is another matter: :meth:`_ready` waits for it, then reads it as it is."""
        read_before = self.taken.get(path, self.known.get(path, (0, 0))[0])
        return size == 0 and not read_before and not archive_kind(Path(path))

    def _written_again(self, path: str, start: bytes) -> bool:
        """Whether a log now shorter than what was read of it, beginning with ``start``,
        is being written again in place (a client that empties its log and writes it
        whole again): it starts as it did, so its hands are waited for, none of them
        removed meanwhile. One that stays so for :data:`QUIET_SECONDS` is read as it is."""
        before = self.starts.get(path)
        return before is not None and before.startswith(start)

    def _stamps(self) -> dict[str, tuple[int, int]]:
        """Size and modification time of every log and archive in the folders, as
        ``import`` finds them (:func:`~badugi_hh.sources.log_files_in`); what it skips
        (a named pipe, a link leading out of the folder) is said once, in the next batch."""
        stamps: dict[str, tuple[int, int]] = {}
        for folder in self.folders:
            for found in log_files_in(folder):
                if isinstance(found, Unreadable):
                    if found.reason != NO_LOGS and found.path not in self.skipped:
                        self.skipped.add(found.path)
                        self.untold.append(str(found))
                    continue
                try:
                    info = found.stat()
                except OSError:
                    continue
                stamps[str(found)] = (info.st_size, info.st_mtime_ns)
        return stamps

    def _observe(self) -> BaseObserver:
        """File-system events that wake the loop; watchdog's polling where the
        system's events cannot be had (too many watches, a file system without them)."""
        from watchdog.events import FileSystemEventHandler
        from watchdog.observers import Observer
        from watchdog.observers.polling import PollingObserver

        watcher = self

        class Wake(FileSystemEventHandler):
            def on_any_event(self, event: object) -> None:
                watcher.wake.set()

        for kind, make in (("events", Observer), ("polling", PollingObserver)):
            observer = make()
            try:
                for folder in self.folders:
                    observer.schedule(Wake(), str(folder), recursive=True)
                observer.start()
            except OSError:
                continue
            self.observer_kind = kind
            return observer
        raise OSError("cannot watch the folders, by events or by polling")


def into_database(db: str | Path, zone: str | None = None,
                  wait: float = WRITE_WAIT_SECONDS) -> Callable[[Ends], Batch]:
    """An importer for :class:`Watcher` that opens the database for each batch only,
    and reads of each file the bytes it is given."""
    from badugi_hh.store import Store, StoreLocked

    def import_batch(ends: Ends) -> Batch:
        paths = list(ends)
        try:
            with Store(db, wait=wait) as store:
                before = _rows_of(store.connection, _QUARANTINE_OF, paths)
                told = {message for (message,) in _rows_of(store.connection, _CONFLICTS_OF,
                                                            paths)}
                summary = store.import_paths(paths, zone=zone, ends=ends)
                said = _newly_quarantined(before, _rows_of(store.connection, _QUARANTINE_OF,
                                                           paths))
                # a log read again as it grows finds its copies again: each said once
                summary.conflicts[:] = [c for c in summary.conflicts if c not in told]
        except StoreLocked as error:
            return Batch(paths, ImportSummary(), [], busy=error.in_use)
        return Batch(paths, summary, said)

    return import_batch


#: The unreadable text a log's rows hold (an archive's: each of its members').
_QUARANTINE_OF = """
    SELECT source, line, column_number, error FROM quarantine
    WHERE source = ? OR starts_with(source, ?)"""
_Quarantined = tuple[str, int, int, str]
#: The copies that differ from their hand (T5) a log's rows hold (an archive's: each of
#: its members').
_CONFLICTS_OF = """
    SELECT message FROM violations
    WHERE rule = 'T5' AND (source = ? OR starts_with(source, ?))"""


def _rows_of(con: duckdb.DuckDBPyConnection, query: str, paths: list[str]) -> set[Any]:
    """The rows ``query`` finds of each log of ``paths`` (its source, and the prefix of
    its members' where it is an archive), all together."""
    found: set[Any] = set()   # (DuckDB's rows are typed Any)
    for path in paths:
        source = str(Path(path).resolve())
        found.update(con.execute(query, [source, f"{source}!"]).fetchall())
    return found


def _newly_quarantined(before: set[_Quarantined], after: set[_Quarantined]) -> list[str]:
    """Where each log's unreadable text that a batch stored begins, and how much more:
    a log read again as it grows says only what it had not said (its text read before,
    and said then, is stored again with the hand that grew)."""
    new: dict[str, list[_Quarantined]] = {}
    for row in sorted(after - before):
        new.setdefault(row[0], []).append(row)
    said = []
    for source, rows in new.items():
        _, line, column, error = rows[0]
        more = f" (and {len(rows) - 1:,} more)" if len(rows) > 1 else ""
        said.append(f"quarantined {source}:{line}:{column}: {error}{more}")
    return said


def into_dataset(root: str | Path, zone: str | None = None,
                 wait: float = WRITE_WAIT_SECONDS) -> Callable[[Ends], Batch]:
    """An importer for :class:`Watcher` that writes into a dataset; it reads whole
    files (a watcher of it has ``parts`` false): a log read again as it grows finds its
    unreadable text again, said by the first batch that finds it, as
    :func:`into_database` says it."""
    from badugi_hh.dataset import DatasetBusy, import_to_dataset

    said: set[str] = set()

    def import_batch(ends: Ends) -> Batch:
        paths = list(ends)
        try:
            done = import_to_dataset(paths, root, wait=wait, zone=zone)
        except DatasetBusy as error:
            return Batch(paths, ImportSummary(), [], busy=error.in_use)
        quarantined = [f"quarantined {where}" for where in done.quarantined]
        new = [problem for problem in quarantined if problem not in said]
        said.update(quarantined)
        return Batch(paths, done.summary, [*done.failures, *new])

    return import_batch


def logs_in(folders: Iterable[str | Path]) -> list[str | Unreadable]:
    """What the folders hold now, for the first import: their logs, and what cannot
    be read, less the folders that hold no log yet (they are watched all the same)."""
    return [str(found) if not isinstance(found, Unreadable) else found
            for found in find_logs(folders)
            if not (isinstance(found, Unreadable) and found.reason == NO_LOGS)]
