"""Watching a folder from the Import page: ``badugi-hh watch`` run as a process of its
own beside the app, started and stopped from the page.

A process, not a thread: it holds the database for writing only while it stores a
batch, as it does when run from a terminal, and DuckDB's lock on the file then
keeps the app's readers and it apart the way it keeps two processes apart. Its
lines go to a file beside the database (``<name>-watch.log``), which the page shows.
One watcher runs per database or dataset, whichever session started it.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import threading
from dataclasses import dataclass, field
from pathlib import Path

import streamlit as st

from dashlib.data import Location

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
