"""Ctrl-C stops a command, whatever DuckDB is doing.

DuckDB's Python client takes the ``KeyboardInterrupt`` a Ctrl-C raises while it runs a
statement: it may stop the statement and raise ``RuntimeError('Query interrupted')`` in its
place, or go on as if nothing had come (duckdb 2.0: an import signalled in an insert ended
in an "internal error", one signalled in a commit went on to its end; ``sql`` fetched on to
its time limit, then said "internal error"). :class:`CtrlC` notes the signal itself and
gives the command back its ``KeyboardInterrupt`` where DuckDB kept it. :func:`held_back`
keeps Ctrl-C from processes being started (they inherit it held), so that none is
signalled before it can ignore it.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType, TracebackType


_noted = 0
"""The Ctrl-Cs this process noted (and the stops a command's handler asked for)."""


def interrupt(signum: int, frame: FrameType | None) -> None:
    """A signal's handler that notes the signal, then raises ``KeyboardInterrupt`` as
    Python's own does for Ctrl-C: :class:`CtrlC`'s, and ``watch``'s for the SIGTERM of the
    dashboard's Stop."""
    global _noted
    _noted += 1
    raise KeyboardInterrupt


class CtrlC:
    """While the block runs, a Ctrl-C is noted as well as raised (:func:`interrupt`):
    :meth:`check` raises it again where DuckDB swallowed it, and an error DuckDB raised in
    its place leaves the block as ``KeyboardInterrupt``. Blocks inside another, or in
    another thread, see what it noted. Where Ctrl-C is not Python's default (ignored, or
    handled by the caller), or outside the main thread, its handler is left as it is."""

    def __init__(self) -> None:
        self._since = _noted
        self._installed = False

    def __enter__(self) -> CtrlC:
        self._since = _noted
        if (threading.current_thread() is threading.main_thread()
                and signal.getsignal(signal.SIGINT) is signal.default_int_handler):
            signal.signal(signal.SIGINT, interrupt)
            self._installed = True
        return self

    @property
    def pressed(self) -> bool:
        """Whether Ctrl-C (or a stop) was noted since the block began."""
        return _noted > self._since

    def check(self) -> None:
        """Raise the Ctrl-C pressed in the block, if DuckDB let it go."""
        if self.pressed:
            raise KeyboardInterrupt

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        if self._installed:
            signal.signal(signal.SIGINT, signal.default_int_handler)
            self._installed = False
        if self.pressed and error is not None and not isinstance(error, KeyboardInterrupt):
            raise KeyboardInterrupt from error   # what DuckDB raised in its place


@contextmanager
def held_back() -> Iterator[None]:
    """Ctrl-C held back while the block runs, then raised. A process started inside
    inherits it held back for good (a fork server too, and every process it forks), which
    the fork server of ``import --jobs`` wants from its first instruction: it imports the
    readers before it ignores Ctrl-C, and printed the traceback of those imports.
    Here it is only noted until the block ends: the signal's mask is this thread's, and
    another thread (DuckDB's, a queue's) takes it all the same, so that Python raised it
    here between a worker's start and the message that tells it what to run (that
    worker printed an ``EOFError``)."""
    pressed: list[int] = []
    in_main_thread = threading.current_thread() is threading.main_thread()
    before = (signal.signal(signal.SIGINT, lambda signum, frame: pressed.append(signum))
              if in_main_thread else None)
    masks = hasattr(signal, "pthread_sigmask")   # Windows has no signal masks
    if masks:
        # the tracker of the workers' semaphores, started with the first of them,
        # unblocks Ctrl-C once started (it holds it back for itself only): started before
        from multiprocessing import resource_tracker

        resource_tracker.ensure_running()
        held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        if masks:
            signal.pthread_sigmask(signal.SIG_SETMASK, held)
        if in_main_thread:
            # None: a handler not set from Python, which cannot be set back from it
            signal.signal(signal.SIGINT, signal.SIG_DFL if before is None else before)
            if pressed and callable(before):
                before(signal.SIGINT, None)   # Python's handler raises KeyboardInterrupt
