"""Watching hand-history folders: each log a site writes or appends to is imported
within moments, into a database or a dataset, while the dashboard reads it.

A site writes one log per table and appends each hand to it as the hand ends. The
watcher learns of a change from the file system's events (watchdog; where they
cannot be had, watchdog's polling observer), and looks again every
:data:`RESCAN_SECONDS` all the same (a network drive may send no event). A
changed file is imported once it has stopped growing for :data:`SETTLE_SECONDS`
and its last hand is complete: followed by the blank line a site writes after
every hand (or a Merge ``</game>``). A half-written hand waits; a file that ends
otherwise is taken after :data:`QUIET_SECONDS` without change (the last hand of a
log a site closed without a blank line).

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

from watchdog.observers.api import BaseObserver

from badugi_hh.archives import archive_kind
from badugi_hh.sources import NO_LOGS, Unreadable, find_logs, log_files_in
from badugi_hh.store.importer import ImportSummary

__all__ = ["QUIET_SECONDS", "RESCAN_SECONDS", "SETTLE_SECONDS", "Batch", "Watcher",
           "complete_tail"]

#: How long a file must stop growing before it is read (a site writes a hand at once).
SETTLE_SECONDS = 0.3
#: A file whose last hand is not followed by a blank line is read after this long unchanged.
QUIET_SECONDS = 10.0
#: How often the folders are looked at without any event.
RESCAN_SECONDS = 2.0
#: How long a batch waits for the database that a reader (the dashboard) holds.
WRITE_WAIT_SECONDS = 5.0
#: How many bytes of a file's end tell whether its last hand is complete.
_TAIL_BYTES = 64


@dataclass(frozen=True, slots=True)
class Batch:
    """What one import of changed files did."""

    paths: list[str]
    summary: ImportSummary
    problems: list[str]
    """Errors that stopped a dataset's log (a database's are in the summary)."""
    busy: str | None = None
    """Why nothing could be written (another process holds the database or dataset):
    the files are tried again at the next look."""


@dataclass(slots=True)
class _Change:
    """A file seen changed: its size and time when last seen, and since when unchanged."""

    stamp: tuple[int, int]
    since: float


def complete_tail(tail: bytes) -> bool:
    """Whether a log's last bytes end a hand: a blank line after it, as every site
    writes between hands (UTF-16's NUL bytes and CR line ends as well), or the end
    of a Merge ``<game>``.

    >>> complete_tail(b"Ana collected $1\\r\\n\\r\\n"), complete_tail(b"Ana: folds\\n")
    (True, False)
    >>> complete_tail("wins 3\\n\\n".encode("utf-16-le")), complete_tail(b"</game>\\n")
    (True, True)
    """
    text = tail.replace(b"\0", b"").replace(b"\r", b"")
    return text.endswith(b"\n\n") or text.rstrip(b"\n").endswith(b"</game>")


class Watcher:
    """Imports what ``folders`` hold, then what is written into them, by ``importer``:
    a function that imports the logs it is given and returns a :class:`Batch`
    (:func:`into_database`, :func:`into_dataset`)."""

    def __init__(self, folders: Iterable[str | Path],
                 importer: Callable[[list[str]], Batch], *,
                 settle: float = SETTLE_SECONDS, quiet: float = QUIET_SECONDS,
                 rescan: float = RESCAN_SECONDS) -> None:
        self.folders = [Path(folder) for folder in folders]
        self.importer = importer
        self.settle, self.quiet, self.rescan = settle, quiet, rescan
        self.wake = threading.Event()
        self.known: dict[str, tuple[int, int]] = {}
        self.changed: dict[str, _Change] = {}
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
        ready = sorted(path for path, change in self.changed.items()
                       if self._ready(path, now - change.since))
        skipped, self.untold = self.untold, []
        if not ready:
            return Batch([], ImportSummary(unreadable=skipped), []) if skipped else None
        batch = self.importer(ready)
        if batch.busy:
            self.untold[:0] = skipped
            return batch   # tried again at the next look
        batch.summary.unreadable.extend(skipped)
        for path in ready:
            self.known[path] = self.changed.pop(path).stamp
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

    def _ready(self, path: str, unchanged_for: float) -> bool:
        if unchanged_for < self.settle:
            return False
        if unchanged_for >= self.quiet or archive_kind(Path(path)):
            return True
        try:
            with open(path, "rb") as stream:
                stream.seek(max(0, os.fstat(stream.fileno()).st_size - _TAIL_BYTES))
                return complete_tail(stream.read())
        except OSError:
            return True   # the import names why it cannot be read

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
                  wait: float = WRITE_WAIT_SECONDS) -> Callable[[list[str]], Batch]:
    """An importer for :class:`Watcher` that opens the database for each batch only."""
    from badugi_hh.store import Store, StoreLocked

    def import_batch(paths: list[str]) -> Batch:
        try:
            with Store(db, wait=wait) as store:
                summary = store.import_paths(paths, zone=zone)
        except StoreLocked as error:
            return Batch(paths, ImportSummary(), [], busy=str(error))
        return Batch(paths, summary, [])

    return import_batch


def into_dataset(root: str | Path, zone: str | None = None,
                 wait: float = WRITE_WAIT_SECONDS) -> Callable[[list[str]], Batch]:
    """An importer for :class:`Watcher` that writes into a dataset."""
    from badugi_hh.dataset import DatasetBusy, import_to_dataset

    def import_batch(paths: list[str]) -> Batch:
        try:
            done = import_to_dataset(paths, root, wait=wait, zone=zone)
        except DatasetBusy as error:
            return Batch(paths, ImportSummary(), [], busy=str(error))
        return Batch(paths, done.summary, [*done.failures, *done.quarantined])

    return import_batch


def logs_in(folders: Iterable[str | Path]) -> list[str | Unreadable]:
    """What the folders hold now, for the first import: their logs, and what cannot
    be read, less the folders that hold no log yet (they are watched all the same)."""
    return [str(found) if not isinstance(found, Unreadable) else found
            for found in find_logs(folders)
            if not (isinstance(found, Unreadable) and found.reason == NO_LOGS)]
