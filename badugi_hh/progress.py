"""A one-line progress counter for long runs, shown only on a terminal.

The counter is drawn on stderr and redrawn in place; whoever writes to stdout
calls :meth:`Progress.clear` first, or the two run into one line
(``234 hands/ssample_logs/...``) when both go to the terminal.

>>> import io
>>> progress = Progress("hand", stream=io.StringIO())   # not a TTY: silent
>>> progress.advance(3); progress.count
3
"""

from __future__ import annotations

import sys
import time
from typing import TextIO

from badugi_hh.commands import counted

#: Carriage return, then erase to the end of the line (ANSI, which every terminal reads).
ERASE_LINE = "\r\x1b[K"


class Progress:
    """Counts items and draws ``12,000 hands  4,100/s`` at most 10 times a second."""

    def __init__(self, unit: str, stream: TextIO | None = None) -> None:
        self.unit = unit
        """The thing counted, in the singular."""
        self.stream = sys.stderr if stream is None else stream
        self.enabled = self.stream.isatty()
        self.count = 0
        self.started = time.perf_counter()
        self._drawn_at = 0.0
        self._shown = False

    def advance(self, step: int = 1) -> None:
        self.count += step
        if not self.enabled:
            return
        now = time.perf_counter()
        if now - self._drawn_at >= 0.1:
            self._drawn_at = now
            self._draw(ERASE_LINE + self.text())

    def clear(self) -> None:
        """Erase the counter, so that the next line written starts at the left margin;
        the next :meth:`advance` draws it again."""
        if self._shown:
            self._draw(ERASE_LINE)
            self._drawn_at = 0.0

    def rate(self) -> float:
        elapsed = time.perf_counter() - self.started
        return self.count / elapsed if elapsed > 0 else 0.0

    def text(self) -> str:
        """``1 hand  350/s``.

        >>> import io
        >>> progress = Progress("hand", stream=io.StringIO())
        >>> progress.advance(); progress.text().split("  ")[0]
        '1 hand'
        """
        return f"{counted(self.count, self.unit)}  {self.rate():,.0f}/s"

    def close(self) -> None:
        """Leave the final count on its own line."""
        if self.enabled and self.count:
            self._draw(f"{ERASE_LINE}{self.text()}\n")

    def _draw(self, text: str) -> None:
        self.stream.write(text)
        self.stream.flush()
        self._shown = not text.endswith(("\n", ERASE_LINE))
