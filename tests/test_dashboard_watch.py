"""The Import page starts and stops watching a folder: the hands a site writes there
reach the database the pages read."""

from __future__ import annotations

import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from badugi_hh.store import StoreError, connect_current

APP = Path(__file__).resolve().parents[1] / "dashboards" / "app.py"
REAL = Path(__file__).resolve().parent / "data" / "real"
PATIENCE = 30.0


def hands_in(database: Path) -> int:
    try:
        con = connect_current(database, wait=2.0)
    except StoreError:   # not there yet, or being written
        return -1
    try:
        return con.execute("SELECT count(*) FROM hands").fetchone()[0]
    finally:
        con.close()


def as_a_site_writes(export: Path, log: Path) -> None:
    """The export with the blank line a site writes after each hand: the watcher takes
    it as soon as it settles, not after its quiet time for a log that ends otherwise."""
    log.write_bytes(export.read_bytes() + b"\n\n")


def until(condition, what: str) -> None:
    deadline = time.monotonic() + PATIENCE
    while not condition():
        assert time.monotonic() < deadline, f"waited {PATIENCE} s for {what}"
        time.sleep(0.1)


@pytest.fixture
def watchers(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[subprocess.Popen[bytes]]]:
    """The processes the page starts (its watchers), killed after the test if they still
    run: a test that fails half-way must not leave a watcher behind."""
    started: list[subprocess.Popen[bytes]] = []
    popen = subprocess.Popen

    def recorded(*args, **kwargs) -> subprocess.Popen[bytes]:
        started.append(popen(*args, **kwargs))
        return started[-1]

    monkeypatch.setattr(subprocess, "Popen", recorded)
    yield started
    for process in started:
        if process.poll() is None:
            process.kill()
            process.wait()


def test_the_import_page_watches_a_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          watchers: list[subprocess.Popen[bytes]]) -> None:
    database, folder = tmp_path / "watched.duckdb", tmp_path / "HandHistory"
    folder.mkdir()
    as_a_site_writes(REAL / "winamax" / "cash-27td-fl-0.50-1-201610.txt", folder / "t1.txt")
    monkeypatch.setenv("BADUGI_HH_DB", str(database))
    monkeypatch.delenv("BADUGI_HH_DATA", raising=False)
    monkeypatch.setenv("BADUGI_HH_WATCH_ROOTS", str(tmp_path))   # the owner's --watch-root
    app = AppTest.from_file(str(APP), default_timeout=60).run()
    app.switch_page("views/import_logs.py").run()
    app.text_input(key="watch_folder").input(str(folder)).run()
    app.button(key="watch_start").click().run()
    assert not app.exception
    until(lambda: hands_in(database) == 1, "the first import")
    as_a_site_writes(REAL / "pokerstars" / "cash-27td-fl-0.10-0.20-201106.txt", folder / "t2.txt")
    until(lambda: hands_in(database) == 2, "the new log")
    app.run()
    assert any(caption.value.startswith("Watching ") for caption in app.caption)
    said = "\n".join(code.value for code in app.code)
    assert "watching" in said
    app.button(key="watch_stop").click().run()
    assert any(caption.value.startswith("Stopped watching") for caption in app.caption)
    assert [process.returncode for process in watchers] == [0]   # stopped, not killed
    assert (tmp_path / "watched.duckdb-watch.log").read_text().splitlines()[-1] \
        .startswith("stopped watching")


def test_a_folder_that_is_not_there_is_said(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BADUGI_HH_DB", str(tmp_path / "x.duckdb"))
    monkeypatch.delenv("BADUGI_HH_DATA", raising=False)
    monkeypatch.setenv("BADUGI_HH_WATCH_ROOTS", str(tmp_path))
    app = AppTest.from_file(str(APP), default_timeout=60).run()
    app.switch_page("views/import_logs.py").run()
    app.text_input(key="watch_folder").input(str(tmp_path / "gone")).run()
    app.button(key="watch_start").click().run()
    assert app.error[0].value.endswith("not a folder to watch")
    assert not (tmp_path / "x.duckdb-watch.log").exists()
