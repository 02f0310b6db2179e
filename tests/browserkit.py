"""What the browser tests share: ``badugi-hh dashboard`` served on a free port, and a page
of Debian's Chromium driven by Playwright.

A test module that imports this is skipped whole when Chromium or Playwright is missing
(with the command that installs it). ``.ci/run`` installs Debian's Chromium and runs these
modules as the browser tier (``pytest -m browser``).
"""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.error import URLError

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run",
                 "--disable-quic"]
#: Where the tests write their screenshots.
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
#: The entry point pip installed beside this interpreter.
BADUGI_HH = Path(sys.executable).with_name("badugi-hh")
SERVER_START_SECONDS = 60

if not CHROMIUM.exists():
    pytest.skip(f"{CHROMIUM} is missing: apt-get install chromium", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api",
                               reason="playwright is missing: pip install -e '.[dev]'")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def wait_until_answering(url: str, server: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + SERVER_START_SECONDS
    while time.monotonic() < deadline:
        if server.poll() is not None:
            output = server.stdout.read() if server.stdout else ""
            pytest.fail(f"badugi-hh dashboard exited with {server.returncode}: {output}")
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as answer:
                if answer.status == 200:
                    return
        except (URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.25)
    pytest.fail(f"badugi-hh dashboard did not answer at {url} in {SERVER_START_SECONDS} s")


@contextmanager
def served_dashboard(*options: str) -> Iterator[str]:
    """``badugi-hh dashboard OPTIONS`` on a free port of 127.0.0.1: its address, until the
    block ends."""
    port = free_port()
    server = subprocess.Popen([str(BADUGI_HH), "dashboard", *options, "--port", str(port)],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until_answering(url, server)
        yield url
    finally:
        server.terminate()   # the command became the streamlit server
        server.wait(timeout=30)


@contextmanager
def chromium_page(width: int = 1400, height: int = 1800) -> Iterator[sync_api.Page]:
    """A page of headless Chromium of that size, until the block ends."""
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM),
                                             args=CHROMIUM_ARGS, headless=True)
        try:
            yield browser.new_page(viewport={"width": width, "height": height})
        finally:
            browser.close()


def settle(page: sync_api.Page, title: str) -> None:
    """Wait for the page titled ``title`` to finish its run, and check it shows no
    exception."""
    page.locator("h1", has_text=title).first.wait_for(timeout=30_000)
    busy = ('[data-testid="stStatusWidget"], [data-stale="true"], '
            '[data-testid="stSkeleton"]')
    quiet = 0
    while quiet < 3:   # three looks in a row without a run under way
        quiet = 0 if page.locator(busy).count() else quiet + 1
        page.wait_for_timeout(100)
    exceptions = page.locator('[data-testid="stException"]')
    assert exceptions.count() == 0, exceptions.first.inner_text()


def shoot(page: sync_api.Page, name: str) -> None:
    """A screenshot of the whole page, ``ARTIFACTS/NAME.png``."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
