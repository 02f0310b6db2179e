"""``badugi-hh hud`` in a real terminal (tmux, in a detached session of a server of its
own): it draws the table's players and figures, redraws them when a hand is stored,
and Ctrl-C ends it with exit status 0 and no traceback.

Skipped where tmux is not installed (apt-get install tmux).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from badugi_hh.store import Store
from test_live import CASH_BADUGI, _column, hands_of

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None,
                                reason="tmux is missing: apt-get install tmux")
#: How long the terminal may take to show what is awaited (a loaded machine is slow).
PATIENCE = 60.0


class Terminal:
    """A detached tmux session on a server of its own (``-L``), running one command."""

    def __init__(self, socket: str) -> None:
        self.socket = socket

    def tmux(self, *args: str) -> str:
        return subprocess.run(["tmux", "-L", self.socket, *args], check=True,
                              capture_output=True, text=True).stdout

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", "hud")

    def until(self, shown: Callable[[str], bool], what: str) -> str:
        deadline = time.monotonic() + PATIENCE
        while True:
            screen = self.screen()
            if shown(screen):
                return screen
            assert time.monotonic() < deadline, f"waited {PATIENCE} s for {what}:\n{screen}"
            time.sleep(0.2)


@pytest.fixture
def terminal(tmp_path: Path) -> Iterator[Terminal]:
    opened = Terminal(f"badugi-hh-test-{tmp_path.name}")
    try:
        yield opened
    finally:
        subprocess.run(["tmux", "-L", opened.socket, "kill-server"], capture_output=True)


def test_the_hud_follows_the_hands_stored_and_ends_on_ctrl_c(tmp_path: Path,
                                                             terminal: Terminal) -> None:
    hands = hands_of(CASH_BADUGI)
    log, database = tmp_path / "table.txt", tmp_path / "club.duckdb"
    log.write_bytes(b"".join(hands[:3]))
    with Store(database) as store:
        store.import_paths([log])
    # the width is the pane's: a COLUMNS that the server got from a terminal-less parent
    # (80) would narrow rich's tables
    command = (f"env -u COLUMNS -u LINES '{sys.executable}' -m badugi_hh.cli hud --db '{database}' --every 0.2; "
               "echo HUD-EXIT=$?; sleep 600")
    terminal.tmux("new-session", "-d", "-s", "hud", "-x", "220", "-y", "50", command)

    screen = terminal.until(lambda text: "buddyboy3399" in text, "the table's players")
    assert "hand 49164255772" in screen and "oooDestroyoo" not in screen
    column = _column(screen, "buddyboy3399")
    assert "66.7% (n=3)" in column   # VPIP: he put money in by choice in 2 of his 3 hands

    log.write_bytes(log.read_bytes() + hands[3])   # the site writes the next hand
    with Store(database) as store:
        store.import_paths([log])
    screen = terminal.until(lambda text: "oooDestroyoo" in text, "the new hand's players")
    assert "hand 49164287914" in screen
    column = _column(screen, "buddyboy3399")
    assert "75.0% (n=4)" in column and "33.3% (n=3)" in column   # VPIP, stood pat at draw 1

    terminal.tmux("send-keys", "-t", "hud", "C-c")
    screen = terminal.until(lambda text: "HUD-EXIT=" in text, "the HUD to end")
    assert "HUD-EXIT=0" in screen
    assert "Traceback" not in screen and "KeyboardInterrupt" not in screen
