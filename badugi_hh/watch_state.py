"""Whether ``badugi-hh watch`` is storing hands into a database or dataset: a small
JSON file beside it, ``<name>-watch.json`` (``club.duckdb-watch.json``), that the
watcher writes when it starts, every :data:`BEAT_SECONDS` while it runs (from a
thread of its own, so a long import does not silence it) and when it stops.

The live table (``badugi-hh hud``, the dashboard's Live table page) reads it to say
whether hands are still coming: a watcher whose last beat is older than
:data:`STALE_SECONDS`, or whose process is gone, stopped (killed, or the machine
slept) at its last beat. The file is the watcher's own: one that is not a watcher's
record is never written over (the watcher says so and watches all the same).

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as folder:
...     target = Path(folder) / "club.duckdb"
...     with Heartbeat(target, ["/hands"]) as beat:
...         running = watch_state(target).running()
...     running, watch_state(target).running(), stamp_path(target).name
(True, False, 'club.duckdb-watch.json')
"""

from __future__ import annotations

import contextlib
import json
import os
import threading
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path
from types import TracebackType

__all__ = ["BEAT_SECONDS", "STALE_SECONDS", "Heartbeat", "WatchState", "stamp_path",
           "watch_state"]

#: How often a running watcher writes its record.
BEAT_SECONDS = 1.0
#: How old a record's last beat may be while its watcher still counts as running.
STALE_SECONDS = 5.0
#: The key that makes a JSON file a watcher's record.
_MARK = "badugi_hh_watch"


def stamp_path(target: str | Path) -> Path:
    """The record of the watcher of the database or dataset at ``target``."""
    path = Path(target)
    return path.parent / f"{path.name}-watch.json"


@dataclass(frozen=True, slots=True)
class WatchState:
    """What a watcher's record says: the folders it watches, its process, when it
    started, when it last said it was running, and when it stopped (None: it did not
    say it stopped)."""

    folders: list[str]
    pid: int
    started: datetime
    beat: datetime
    stopped: datetime | None

    def running(self, now: datetime | None = None) -> bool:
        """Whether the watcher is running: it did not stop, beat lately, and its
        process lives."""
        now = now or datetime.now(timezone.utc)
        return (self.stopped is None and now - self.beat <= timedelta(seconds=STALE_SECONDS)
                and _alive(self.pid))

    def text(self, now: datetime | None = None) -> str:
        """The state in a line, in this machine's time.

        >>> start = datetime(2026, 1, 2, 9, 0, tzinfo=timezone.utc)
        >>> WatchState(["/h"], 1, start, start, start + timedelta(hours=1)).text(
        ...     start + timedelta(hours=2)).startswith("the watcher stopped at ")
        True
        """
        folders = ", ".join(self.folders)
        if self.running(now):
            return f"watching {folders} since {_clock(self.started)}"
        return f"the watcher stopped at {_clock(self.stopped or self.beat)} (it watched {folders})"


def _clock(moment: datetime) -> str:
    local = moment.astimezone()
    today = datetime.now().astimezone().date()
    return local.strftime("%H:%M:%S" if local.date() == today else "%Y-%m-%d %H:%M:%S")


def _alive(pid: int) -> bool:
    """Whether a process of that id runs on this machine (a record written on another
    machine is judged by its beat alone: its process cannot be seen)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:   # another user's process, or no signals here
        return True
    return True


def watch_state(target: str | Path) -> WatchState | None:
    """The record of the watcher of ``target``; None where no watcher wrote one (or the
    file is not a watcher's record)."""
    try:
        data = json.loads(stamp_path(target).read_text(encoding="utf-8"))
        if not isinstance(data, dict) or data.get(_MARK) != 1:
            return None
        stopped = data.get("stopped")
        return WatchState([str(folder) for folder in data["folders"]], int(data["pid"]),
                          datetime.fromisoformat(data["started"]),
                          datetime.fromisoformat(data["beat"]),
                          None if stopped is None else datetime.fromisoformat(stopped))
    except (OSError, ValueError, KeyError, TypeError):
        return None


class Heartbeat:
    """Writes the record of a watcher of ``target`` while the ``with`` block runs: at
    its start, every :data:`BEAT_SECONDS`, and as stopped at its end. :attr:`problem`
    says why no record is written (a file of that name that is not a record, a folder
    that cannot be written)."""

    def __init__(self, target: str | Path, folders: list[str]) -> None:
        self.path = stamp_path(target)
        self.folders = [str(Path(folder).resolve()) for folder in folders]
        self.started = datetime.now(timezone.utc)
        self.problem: str | None = None
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._beat, name="watch-heartbeat",
                                        daemon=True)
        self._made = not self.path.exists()
        """Whether this watcher makes the record (no record of an earlier one is there)."""
        if not self._made and watch_state(target) is None:
            self.problem = (f"{self.path} is not a watcher's record: left as it is (the "
                            "live table cannot tell whether this watcher runs)")

    def __enter__(self) -> Heartbeat:
        if self.problem is None:
            self._write(stopped=None)
            self._thread.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        if self._thread.is_alive():
            self._stop.set()
            self._thread.join()
            self._write(stopped=datetime.now(timezone.utc))

    def withdraw(self) -> None:
        """The watcher never began (its database could not be opened): the record it
        made goes, so that nothing is left beside a file the watcher refused; an earlier
        watcher's record it wrote over says it stopped."""
        beating = self._thread.is_alive()
        if beating:
            self._stop.set()
            self._thread.join()
        if self._made:
            with contextlib.suppress(OSError):   # none made: a file on its path, say
                self.path.unlink()
        elif beating:
            self._write(stopped=datetime.now(timezone.utc))

    def _beat(self) -> None:
        while not self._stop.wait(BEAT_SECONDS):
            self._write(stopped=None)

    def _write(self, stopped: datetime | None) -> None:
        """Replace the record whole (a reader never sees half of one)."""
        now = datetime.now(timezone.utc)
        record = {_MARK: 1, "folders": self.folders, "pid": os.getpid(),
                  "started": self.started.isoformat(), "beat": now.isoformat(),
                  "stopped": None if stopped is None else stopped.isoformat()}
        partial = self.path.with_name(f".{self.path.name}.{os.getpid()}.tmp")
        try:
            partial.write_text(json.dumps(record), encoding="utf-8")
            os.replace(partial, self.path)
        except OSError as error:
            if self.problem is None:
                self.problem = f"cannot write {self.path}: {error.strerror or error}"
