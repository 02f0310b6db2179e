"""A one-line progress counter for long runs, shown only on a terminal.

>>> import io
>>> progress = Progress("hands", stream=io.StringIO())   # not a TTY: silent
>>> progress.advance(3); progress.count
3
"""

from __future__ import annotations

import sys
import time
from typing import TextIO


class Progress:
    """Counts items and redraws ``12,000 hands  4,100 hands/s`` at most 10 times a second."""

    def __init__(self, unit: str, stream: TextIO = sys.stderr) -> None:
        self.unit = unit
        self.stream = stream
        self.enabled = stream.isatty()
        self.count = 0
        self.started = time.perf_counter()
        self._drawn_at = 0.0

    def advance(self, step: int = 1) -> None:
        self.count += step
        if not self.enabled:
            return
        now = time.perf_counter()
        if now - self._drawn_at >= 0.1:
            self._drawn_at = now
            self.stream.write(f"\r{self.text()}")
            self.stream.flush()

    def rate(self) -> float:
        elapsed = time.perf_counter() - self.started
        return self.count / elapsed if elapsed > 0 else 0.0

    def text(self) -> str:
        return f"{self.count:,} {self.unit}  {self.rate():,.0f} {self.unit}/s"

    def close(self) -> None:
        if self.enabled and self.count:
            self.stream.write(f"\r{self.text()}\n")
            self.stream.flush()
