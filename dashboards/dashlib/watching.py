"""Watching a folder from the Import page: ``badugi-hh watch`` run as a process of its
own beside the app, started and stopped from the page.

A process, not a thread: it holds the database for writing only while it stores a
batch, as it does when run from a terminal, and DuckDB's lock on the file then
keeps the app's readers and it apart the way it keeps two processes apart. Its
lines go to a file beside the database (``<name>-watch.log``), which the page shows.
One watcher runs per database or dataset, whichever session started it.

A page visitor is not the server's owner: the page watches only a folder under one of
the roots the owner gave (``badugi-hh dashboard --watch-root DIR``), links resolved,
and none when none was given.

>>> roots = [Path("/srv/hands").resolve()]
>>> watchable("", roots), watchable("/etc", roots)
('no folder given', 'not under a folder this server may watch (/srv/hands)')
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import threading
from dataclasses import dataclass, field
from pathlib import Path

import streamlit as st

from dashlib.data import Location

#: The roots when the app is run without ``--watch-root``: paths separated by
#: ``os.pathsep`` (as the tests and ``streamlit run`` by hand give them).
ROOTS_ENV = "BADUGI_HH_WATCH_ROOTS"
#: How long Stop waits for the watcher to end its batch before it is killed.
STOP_WAIT_SECONDS = 10.0
#: How many of its last lines the page shows.
SHOWN_LINES = 8


@dataclass
class Watching:
    """One running ``badugi-hh watch``."""

    folder: str
    process: subprocess.Popen[bytes]
    log: Path

    @property
    def running(self) -> bool:
        return self.process.poll() is None

    def last_lines(self, count: int = SHOWN_LINES) -> list[str]:
        """What it printed last (its first import, its batches, its problems)."""
        try:
            text = self.log.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return []
        return text.splitlines()[-count:]


@dataclass
class _Watchers:
    by_target: dict[str, Watching] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)


@st.cache_resource(show_spinner=False)
def _watchers() -> _Watchers:
    return _Watchers()


def watch_roots(argv: list[str] | None = None) -> list[Path]:
    """The folders under which the page may watch: each ``--watch-root DIR`` after the
    script's ``--``, else those of $BADUGI_HH_WATCH_ROOTS; none: the page watches none."""
    parser = argparse.ArgumentParser(add_help=False, allow_abbrev=False)
    parser.add_argument("--watch-root", action="append", default=[])
    known, _ = parser.parse_known_args(sys.argv[1:] if argv is None else argv)
    given = known.watch_root or os.environ.get(ROOTS_ENV, "").split(os.pathsep)
    return [Path(root).expanduser().resolve() for root in given if root]


def watchable(folder: str, roots: list[Path]) -> Path | str:
    """``folder`` with its links resolved, when it is a folder under one of ``roots``;
    else why it may not be watched (a link out of a root leads out of it)."""
    if not folder.strip():
        return "no folder given"
    try:
        resolved = Path(folder).expanduser().resolve(strict=True)
    except (OSError, RuntimeError):   # missing, unreadable, a loop of links
        return "not a folder to watch"
    if not any(resolved.is_relative_to(root) for root in roots):
        return f"not under a folder this server may watch ({', '.join(map(str, roots))})"
    return resolved if resolved.is_dir() else "not a folder to watch"


def log_file(where: Location) -> Path:
    return where.path.parent / f"{where.path.name}-watch.log"


def watching(where: Location) -> Watching | None:
    """The watcher of this database or dataset, running or ended (its lines kept)."""
    return _watchers().by_target.get(str(where.path))


def start(where: Location, folder: str) -> Watching:
    """Start watching ``folder`` into the database or dataset (a running watcher of
    it is stopped first: one writer at a time)."""
    stop(where)
    log = log_file(where)
    log.parent.mkdir(parents=True, exist_ok=True)
    target = ["--data" if where.dataset else "--db", str(where.path)]
    with open(log, "wb") as output:   # the process keeps its own descriptor
        process = subprocess.Popen(
            [sys.executable, "-m", "badugi_hh.cli", "watch", folder, *target],
            stdout=output, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    started = Watching(folder, process, log)
    registry = _watchers()
    with registry.lock:
        registry.by_target[str(where.path)] = started
    return started


def stop(where: Location) -> None:
    """Stop the watcher as Ctrl-C would: it ends the batch under way, then exits. It is
    sent a termination signal, which it takes as Ctrl-C: a server started in the
    background (``nohup``, ``&`` in a script) ignores SIGINT, and so does its watcher."""
    current = watching(where)
    if current is None or not current.running:
        return
    current.process.send_signal(signal.SIGTERM)
    try:
        current.process.wait(STOP_WAIT_SECONDS)
    except subprocess.TimeoutExpired:
        current.process.kill()
        current.process.wait()
