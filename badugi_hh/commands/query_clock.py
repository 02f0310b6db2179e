"""A time limit on a query: the seconds DuckDB spends computing its rows.

``badugi-hh sql`` fetches a result in batches and prints each before fetching
the next. The clock runs only inside DuckDB's calls (:meth:`QueryClock.running`):
the time spent printing, or waiting for a pager or a pipe to take the output,
is the user's, and an export of millions of rows is not cut short for its
size. A watcher thread interrupts the connection once the calls have taken the
limit in all, and :meth:`QueryClock.check` refuses the next call: ``SELECT
count(*) FROM range(1e12)`` stops there, with :attr:`QueryClock.expired` set to
say why. DuckDB's client takes a Ctrl-C that comes inside a call and goes on
(:class:`badugi_hh.ctrl_c.CtrlC`): the watcher interrupts the call, and the block ends
in ``KeyboardInterrupt``.

>>> import duckdb
>>> con = duckdb.connect()
>>> with QueryClock(con, seconds=0.2) as clock:
...     try:
...         with clock.running():
...             con.execute("SELECT count(*) FROM range(1e12::BIGINT)").fetchall()
...     except duckdb.InterruptException:
...         pass
>>> clock.expired
True
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from types import TracebackType
from typing import TYPE_CHECKING

from badugi_hh.ctrl_c import CtrlC

if TYPE_CHECKING:
    import duckdb

#: How often the watcher looks at the clock, in seconds: the limit's precision.
TICK = 0.05


class QueryClock:
    """Interrupts ``connection`` once the calls made :meth:`running` have taken
    ``seconds`` in all; a context manager that starts the watcher and stops it."""

    def __init__(self, connection: duckdb.DuckDBPyConnection, seconds: float) -> None:
        self.connection = connection
        self.seconds = seconds
        self.expired = False
        self._spent = 0.0
        self._since: float | None = None   # when the clock last started; None: stopped
        self._stop = threading.Event()
        self._watcher = threading.Thread(target=self._watch, name="sql-timeout", daemon=True)
        self._ctrl_c = CtrlC()

    def __enter__(self) -> QueryClock:
        self._ctrl_c.__enter__()
        self._watcher.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self._stop.set()
        self._watcher.join()
        self._ctrl_c.__exit__(kind, error, traceback)

    @contextmanager
    def running(self) -> Iterator[None]:
        """Count the time of the DuckDB call made inside; TimeoutError at once when the
        time is spent already."""
        self.check()
        self._since = time.monotonic()
        try:
            yield
        finally:
            self._spent += time.monotonic() - self._since
            self._since = None

    def spent(self) -> float:
        """Seconds on the clock so far."""
        since = self._since   # read once: the main thread may stop the clock meanwhile
        return self._spent + (time.monotonic() - since if since is not None else 0.0)

    def check(self) -> None:
        """Raise TimeoutError once the time is spent (KeyboardInterrupt after a Ctrl-C)."""
        self._ctrl_c.check()
        if self.spent() >= self.seconds:
            self.expired = True
            raise TimeoutError(f"the query took more than {self.seconds:g} s")

    def _watch(self) -> None:
        while not self._stop.wait(TICK):
            if self._since is None:
                continue
            if self._ctrl_c.pressed:   # DuckDB took the Ctrl-C and goes on: stopped here
                self.connection.interrupt()
            elif self.spent() >= self.seconds:
                self.expired = True
                # again at every tick while a call runs: one sent as a call begins may be lost
                self.connection.interrupt()
