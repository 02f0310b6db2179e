"""Where an import's tasks run: here, one after the other, or on a Dask cluster.

``--cluster local[:N]`` starts a ``LocalCluster`` of N worker processes (one
thread each: the work is Python, bound by the interpreter's lock);
``--cluster tcp://HOST:PORT`` joins a running scheduler. Dask reschedules the
task of a worker that dies. Dask is imported only here, and only for a cluster:
the ``cluster`` extra installs it.
"""

from __future__ import annotations

import ast
import importlib
import logging
import multiprocessing
import os
import socket
import sys
from collections import deque
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import Any
from urllib.parse import urlsplit


class ClusterError(Exception):
    """The cluster cannot be reached or started; the message says why."""


@dataclass(frozen=True, slots=True)
class ClusterSpec:
    """``local`` (a worker per core), ``local:N``, or a scheduler's ``tcp://HOST:PORT``."""

    address: str | None = None
    workers: int | None = None

    @classmethod
    def parse(cls, text: str) -> ClusterSpec:
        """
        >>> ClusterSpec.parse("local:2"), ClusterSpec.parse("tcp://10.0.0.5:8786").address
        (ClusterSpec(address=None, workers=2), 'tcp://10.0.0.5:8786')
        >>> ClusterSpec.parse("local:0")
        Traceback (most recent call last):
        ValueError: 'local:0': give local, local:N (N >= 1 workers) or tcp://HOST:PORT
        >>> ClusterSpec.parse("tcp://10.0.0.5")
        Traceback (most recent call last):
        ValueError: 'tcp://10.0.0.5': give local, local:N (N >= 1 workers) or tcp://HOST:PORT
        """
        kind, _, count = text.partition(":")
        if kind == "local" and (not count or (count.isdigit() and int(count) >= 1)):
            workers = int(count) if count else None
            if workers is not None and workers > max_local_workers():
                raise ValueError(f"{text!r}: at most {max_local_workers()} local workers on "
                                 f"this machine's {os.cpu_count()} cores (each is a process)")
            return cls(workers=workers)
        host, _, port = text.removeprefix("tcp://").rpartition(":")
        if text.startswith("tcp://") and host and port.isdigit() and 0 < int(port) < 65536:
            return cls(address=text)
        raise ValueError(f"{text!r}: give local, local:N (N >= 1 workers) or tcp://HOST:PORT")


def max_local_workers() -> int:
    """Local worker processes at most: a few per core; more only share the cores and
    take a process's memory each (hundreds of them exhaust a machine's)."""
    return 4 * (os.cpu_count() or 1)


# -- a script without a main guard ----------------------------------------------------

#: What a script must add around a call that starts a local cluster.
_GUARD_ADVICE = ('put the call under `if __name__ == "__main__":` (a local cluster\'s worker '
                 "processes start by running the script again, which would start a cluster "
                 "of their own)")


def check_local_start(cluster: ClusterSpec | None) -> None:
    """Stop at once where a local cluster would hang: called from the top level of a
    script without ``if __name__ == "__main__":``, whose worker processes (started by
    *spawn*, not *fork*) run the script again and call the import again, or in such a
    worker process itself."""
    if cluster is None or cluster.address is not None:
        return
    main = sys.modules.get("__main__")
    if getattr(main, "__name__", None) == "__mp_main__" and multiprocessing.parent_process():
        raise ClusterError(f"a local cluster was started while a worker process ran "
                           f"{getattr(main, '__file__', 'the script')} again: {_GUARD_ADVICE}")
    called_at = _unguarded_call(main)
    if called_at is not None:
        raise ClusterError(f"{called_at}: a local cluster is started from the script's top "
                           f"level: {_GUARD_ADVICE}")


def _unguarded_call(main: object) -> str | None:
    """``script:line`` of the top-level line of the ``__main__`` script that led here,
    when no ``if __name__ == "__main__":`` holds it; None otherwise (a guard, an
    interactive session, ``python -c``, a test runner...)."""
    path = getattr(main, "__file__", None)
    frame = _top_level_frame(getattr(main, "__dict__", None))
    if path is None or frame is None:
        return None
    try:
        tree = ast.parse(Path(path).read_bytes())
    except (OSError, SyntaxError, ValueError):
        return None
    line = frame.f_lineno
    guarded = any(_is_main_guard(node) and node.lineno <= line <= (node.end_lineno or line)
                  for node in tree.body)
    return None if guarded else f"{path}:{line}"


def _top_level_frame(main_globals: dict[str, Any] | None) -> FrameType | None:
    """The frame running the ``__main__`` module's own lines, if it is on the stack."""
    frame: FrameType | None = sys._getframe(1)
    while frame is not None:
        if frame.f_code.co_name == "<module>" and frame.f_globals is main_globals:
            return frame
        frame = frame.f_back
    return None


def _is_main_guard(node: ast.stmt) -> bool:
    """``if __name__ == "__main__":`` (either side)."""
    if not isinstance(node, ast.If) or not isinstance(node.test, ast.Compare):
        return False
    sides = [node.test.left, *node.test.comparators]
    names = {side.id for side in sides if isinstance(side, ast.Name)}
    texts = {side.value for side in sides if isinstance(side, ast.Constant)}
    return names == {"__name__"} and texts == {"__main__"}


# -- where the tasks run ---------------------------------------------------------------

#: What a task is known by to whoever submitted it (a log and its part, a folder...).
Tag = Hashable


class Runner:
    """Runs tasks, here one after the other; iterating gives each task's tag and its
    result (or its error, as one line) as it finishes. Tasks may be added meanwhile."""

    def __init__(self) -> None:
        self.waiting: deque[tuple[Tag, Callable[..., Any], tuple[Any, ...]]] = deque()

    @property
    def workers(self) -> int:
        """How many tasks run at a time."""
        return 1

    def submit(self, tag: Tag, function: Callable[..., Any], *args: Any) -> None:
        self.waiting.append((tag, function, args))

    def __iter__(self) -> Iterator[tuple[Tag, Any]]:
        while self.waiting:
            tag, function, args = self.waiting.popleft()
            try:
                yield tag, function(*args)
            except Exception as error:   # a bug: reported for this log, the others go on
                yield tag, f"{type(error).__name__}: {error}"


class DaskRunner(Runner):
    """Runs tasks on a Dask cluster's workers, as many at a time as they have threads."""

    def __init__(self, client: Any) -> None:
        super().__init__()
        self.client = client
        self.tags: dict[Any, Tag] = {}
        self.finished: Any = _dask().as_completed()

    @property
    def workers(self) -> int:
        threads: dict[str, int] = self.client.nthreads()
        return max(1, sum(threads.values()))

    def submit(self, tag: Tag, function: Callable[..., Any], *args: Any) -> None:
        self.waiting.append((tag, function, args))
        self._hand_out()

    def _hand_out(self) -> None:
        """Send waiting tasks, in their order, while a thread is free for one. Dask would
        queue a second task on a busy worker, where a short log waits behind a long one
        while another worker idles."""
        while self.waiting and len(self.tags) < self.workers:
            tag, function, args = self.waiting.popleft()
            future = self.client.submit(function, *args, pure=False)
            self.tags[future] = tag
            self.finished.add(future)

    def __iter__(self) -> Iterator[tuple[Tag, Any]]:
        for future in self.finished:
            tag = self.tags.pop(future)
            try:
                yield tag, future.result()
            except Exception as error:   # the task's own error, raised here
                yield tag, f"{type(error).__name__}: {error}"
            future.release()
            self._hand_out()


@contextmanager
def runner(cluster: ClusterSpec | None) -> Iterator[Runner]:
    if cluster is None:
        yield Runner()
        return
    with _client(cluster) as client:
        yield DaskRunner(client)


@contextmanager
def _client(cluster: ClusterSpec) -> Iterator[Any]:
    try:
        distributed = _dask()
    except ImportError:
        raise ClusterError("--cluster needs Dask: pip install 'badugi-hh[cluster]'") from None
    if cluster.address is not None:
        _check_listening(cluster.address)
        try:
            client = distributed.Client(cluster.address, timeout="10s")
        except (OSError, TimeoutError) as error:
            raise ClusterError(f"cannot reach the scheduler at {cluster.address}: "
                               f"{error}") from None
        with client:
            yield client
        return
    check_local_start(cluster)
    with distributed.LocalCluster(n_workers=cluster.workers, threads_per_worker=1,
                                  processes=True, dashboard_address=None,
                                  silence_logs=logging.ERROR) as local:
        with distributed.Client(local) as client:
            yield client


def _check_listening(address: str) -> None:
    """A refused connection said at once: Dask would try again for its whole timeout.

    Only a ``tcp://host:port`` address whose host refuses is judged here; any other
    answer (a host that does not answer, a name not found, another protocol) is
    left to Dask, which waits for its timeout and says what it found.
    """
    parts = urlsplit(address)
    try:
        port = parts.port
    except ValueError:
        return
    if parts.scheme != "tcp" or not parts.hostname or port is None:
        return
    try:
        socket.create_connection((parts.hostname, port), timeout=2).close()
    except ConnectionRefusedError:
        raise ClusterError(f"cannot reach the scheduler at {address}: nothing listens there "
                           "(connection refused); is the scheduler running?") from None
    except OSError:
        return


def _dask() -> Any:
    """Dask's ``distributed``, imported on first use (its types are not checked)."""
    return importlib.import_module("distributed")
