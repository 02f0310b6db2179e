"""The progress bar: drawn on a terminal (a real pseudo-terminal here), with share, rate
and time left, erased at the end; nothing at all when standard error is not a terminal."""

from __future__ import annotations

import fcntl
import io
import os
import re
import select
import shutil
import struct
import subprocess
import sys
import termios
from pathlib import Path

from tqdm import tqdm

from badugi_hh.progress import Progress

format_sizeof = tqdm.format_sizeof

REAL = Path(__file__).resolve().parent / "data" / "real"
#: `` 46%|####6     | 164k/355k [00:00<00:01, 1.60MB/s, 83 hands]``
BAR = re.compile(r"(\d+)%\|[# \d]*\| [\d.]+[kM]?/[\d.]+[kM]? \[[\d:]+<[\d:?]+, [\d.?]+[kM]?B/s"
                 r"(, [\d,]+ hands?)?\]")


def on_a_terminal(*args: str) -> tuple[int, str]:
    """Run ``badugi-hh ARGS`` with standard error on a pseudo-terminal 100 columns wide;
    its exit status and what it wrote there."""
    terminal, screen = os.openpty()
    fcntl.ioctl(screen, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))
    process = subprocess.Popen([sys.executable, "-m", "badugi_hh.cli", *args],
                               stdout=subprocess.DEVNULL, stderr=screen)
    written = b""
    try:
        while True:
            if select.select([terminal], [], [], 0.1)[0]:
                written += os.read(terminal, 1 << 16)
            elif process.poll() is not None:
                break
    finally:
        os.close(screen)
        os.close(terminal)
    return process.returncode, written.decode()


def test_import_draws_a_bar_over_the_bytes_and_erases_it(tmp_path: Path) -> None:
    # the exports 20 times over (2,520 hands): a second or more of reading, the bar redrawn
    # every 0.1 s at most, so it moves on a fast machine too (the five alone took 0.2 s)
    logs = tmp_path / "logs"
    for copy in range(20):
        shutil.copytree(REAL / "pokerstars", logs / f"copy{copy}")
    status, written = on_a_terminal("import", str(logs), "--db", str(tmp_path / "db.duckdb"))
    assert status == 0
    shares = [int(share) for share, _ in BAR.findall(written)]
    # it moved, and only forward (the last frames before it is erased are the clock's to
    # draw or not: redrawn at most every 0.1 s)
    assert shares[0] == 0 and shares == sorted(shares) and len(set(shares)) > 2
    total = sum(log.stat().st_size for log in logs.rglob("*") if log.is_file())
    assert f"/{format_sizeof(total, divisor=1024)} [" in written   # the total: the folder's
    assert "\n" not in written   # nothing left on lines of its own
    *_, blanked, after = written.split("\r")
    assert blanked.strip() == "" and after == ""   # blanked out, the cursor back at 0


def test_simulate_draws_a_bar_over_its_sessions(tmp_path: Path) -> None:
    status, written = on_a_terminal("simulate", "--sessions", "20",
                                    "--out", str(tmp_path / "sim.txt"))
    assert status == 0
    assert re.search(r"\d+%\|[# \d]*\| \d+/20 \[", written)


def test_no_bar_when_standard_error_is_not_a_terminal(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "badugi_hh.cli", "import",
                           str(REAL / "pokerstars"), "--db", str(tmp_path / "db.duckdb")],
                          capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout.startswith("5 files read")
    assert done.stderr == ""


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_hands_committed_are_counted_beside_the_bar() -> None:
    screen = Terminal()
    progress = Progress("hand", stream=screen, total_bytes=4096, redraw_seconds=0)
    progress.advance(2000)
    progress.advance_bytes(1024)
    progress.close()
    assert "25%" in screen.getvalue() and "2,000 hands" in screen.getvalue()
    assert progress.count == 2000 and progress.done_bytes == 1024


def test_nothing_is_drawn_off_a_terminal() -> None:
    stream = io.StringIO()
    progress = Progress("hand", stream=stream, total_bytes=4096)
    progress.advance_bytes(4096)
    progress.advance(3)
    progress.clear()
    progress.close()
    assert stream.getvalue() == "" and progress.text() == "3 hands"
