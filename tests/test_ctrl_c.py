"""Ctrl-C while DuckDB runs a statement (badugi_hh/ctrl_c.py): an import stops as on any
Ctrl-C, the batch under way not stored, the ones before kept; ``sql`` stops at once; the
workers of ``import --jobs`` never print a traceback. DuckDB's client turns the signal into
``RuntimeError('Query interrupted')``, or, where its statement ends first or its fetch goes
on, into nothing."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from types import FrameType

import duckdb
import pytest

from badugi_hh.cli import EXIT_INTERRUPTED
from badugi_hh.ctrl_c import CtrlC, held_back, interrupt
from badugi_hh.rows.batch import RowBatch
from badugi_hh.simulate import simulate
from badugi_hh.store import Store
from badugi_hh.store import importer as importer_module
from badugi_hh.store.commit import Committed, Seen
from badugi_hh.store.commit import commit as real_commit
from badugi_hh.store.importer import workers_context
from badugi_hh.writer import write_records


def _log(tmp_path: Path) -> Path:
    log = tmp_path / "log.txt"
    with log.open("w", encoding="utf-8") as out:
        write_records(simulate(sessions=6, seed=3), out)
    return log


def _stored_hands(db: Path) -> int:
    with Store(db, read_only=True) as store:
        (count,) = store.connection.execute("SELECT count(*) FROM hands").fetchall()[0]
        return int(count)


def _ctrl_c_in_the_second_commit(monkeypatch: pytest.MonkeyPatch, swallowed: bool,
                                 signum: int) -> None:
    """The second batch's commit gets a Ctrl-C (``signum``) inside a DuckDB statement: one
    that DuckDB stops (RuntimeError), or one DuckDB takes and lets go (``swallowed``)."""
    commits: list[RowBatch] = []

    def commit_signalled(con: duckdb.DuckDBPyConnection, batch: RowBatch,
                         seen: Seen) -> Committed:
        done = real_commit(con, batch, seen)
        commits.append(batch)
        if len(commits) == 2:
            if swallowed:   # what DuckDB does where its statement ends before it looks
                try:
                    signal.raise_signal(signum)
                except KeyboardInterrupt:
                    pass
            else:
                threading.Timer(0.2, os.kill, (os.getpid(), signum)).start()
                # DuckDB stops at the signal where it looks for one (it does not under
                # pytest-xdist: the signal is then Python's once the statement ends)
                stop = threading.Timer(1.0, con.interrupt)
                stop.start()
                try:
                    con.execute("SELECT sum(r.range + s.range) FROM range(100000000) r, "
                                "range(1000) s").fetchall()   # minutes, unless stopped
                finally:
                    stop.cancel()
        return done

    monkeypatch.setattr(importer_module, "commit", commit_signalled)


@pytest.mark.parametrize("swallowed", [False, True], ids=["raised-as-runtime-error",
                                                          "swallowed"])
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "stop"])
def test_ctrl_c_inside_duckdb_stops_the_import_and_keeps_the_batches_before(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, swallowed: bool,
        signum: int) -> None:
    """A Ctrl-C; or the dashboard's Stop of a watcher started in the background, which
    ignores Ctrl-C: SIGTERM, which ``watch`` handles as a Ctrl-C (it was an "internal
    error" where DuckDB took it)."""
    log = _log(tmp_path)
    with Store(tmp_path / "whole.duckdb") as store:
        whole = store.import_paths([log])
    assert whole.hands > 20
    _ctrl_c_in_the_second_commit(monkeypatch, swallowed, signum)
    db = tmp_path / "stopped.duckdb"
    handlers: dict[int, signal.Handlers | Callable[[int, FrameType | None], None]] = (
        {signal.SIGINT: signal.SIG_IGN, signal.SIGTERM: interrupt}
        if signum == signal.SIGTERM else {})
    before = {number: signal.signal(number, handler) for number, handler in handlers.items()}
    try:
        with Store(db, batch_hands=10) as store:
            with pytest.raises(KeyboardInterrupt):
                store.import_paths([log])
    finally:
        for number, handler in before.items():
            signal.signal(number, handler)
    # the first batch kept; the second committed too where DuckDB let its statement end
    assert _stored_hands(db) == (20 if swallowed else 10)
    monkeypatch.undo()
    with Store(db, batch_hands=10) as store:   # running it again finishes the job
        store.import_paths([log])
    assert _stored_hands(db) == whole.new_hands
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_a_ctrl_c_pressed_elsewhere_is_left_to_its_handler() -> None:
    """Where Ctrl-C is ignored (a worker) or handled by the caller, the block changes
    nothing: no handler of its own, nothing noted."""
    before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        with CtrlC() as ctrl_c:
            assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
            signal.raise_signal(signal.SIGINT)
        assert not ctrl_c.pressed
    finally:
        signal.signal(signal.SIGINT, before)


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc")
def test_a_worker_starts_with_ctrl_c_held_back_and_the_writer_gets_it_back() -> None:
    """``import --jobs``' workers are started inside :func:`held_back`: Ctrl-C pressed
    while one imports its modules, before its first line ignores it, cannot print a
    traceback there (it did); the writer raises it once they are started."""
    context = workers_context()
    with pytest.raises(KeyboardInterrupt):   # raised once the worker is started
        with held_back():
            worker = context.Process(target=time.sleep, args=(30,), daemon=True)
            os.kill(os.getpid(), signal.SIGINT)
            worker.start()
    try:
        status = Path(f"/proc/{worker.pid}/status").read_text()
        held = next(line.split()[1] for line in status.splitlines()
                    if line.startswith("SigBlk:"))
        assert int(held, 16) >> (signal.SIGINT - 1) & 1
        assert signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, [])
    finally:
        worker.kill()
        worker.join()


def test_ctrl_c_stops_a_long_sql_query_at_once(tmp_path: Path) -> None:
    """DuckDB took the Ctrl-C inside its fetch and went on: the query ran to its time
    limit, then the command said "internal error: RuntimeError: Query interrupted"."""
    psutil = pytest.importorskip("psutil")
    with Store(tmp_path / "db.duckdb"):
        pass
    query = "SELECT sum(r.range + s.range) FROM range(100000000) r, range(1000) s"
    child = subprocess.Popen([sys.executable, "-m", "badugi_hh", "sql", "--db",
                              str(tmp_path / "db.duckdb"), "--timeout", "120", query],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    process = psutil.Process(child.pid)
    while child.poll() is None:   # its start-up is under a second of CPU; the query, minutes
        if sum(process.cpu_times()[:2]) > 2.0:
            break
        time.sleep(0.05)
    signalled = time.monotonic()
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=120)
    assert (child.returncode, err) == (EXIT_INTERRUPTED, "badugi-hh sql: interrupted\n")
    assert time.monotonic() - signalled < 60
