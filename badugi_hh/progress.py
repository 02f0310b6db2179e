"""The progress bar of long runs (tqdm), on standard error and only on a terminal.

A bar runs over the bytes to read when they are known (``total_bytes``), else over
the items to do (``total``), else it counts; it shows the share done, the rate and
the time left, and the items counted so far (``1,234 hands``). It is cleared when
the run ends, so that the screen keeps the command's result only. Whoever writes
to the same terminal calls :meth:`Progress.clear` first, or the two run into one line.

Off a terminal (a pipe, a file, a test's capture) it draws nothing, and costs little:

>>> import io
>>> progress = Progress("hand", stream=io.StringIO(), total_bytes=1000)   # not a TTY
>>> progress.advance(3); progress.advance_bytes(400); progress.count, progress.done_bytes
(3, 400)
>>> progress.text()
'3 hands'
"""

from __future__ import annotations

import io
import os
import sys
from typing import TYPE_CHECKING, Any, TextIO

from badugi_hh.wording import counted

if TYPE_CHECKING:
    from tqdm import tqdm

#: How often the bar is redrawn at most, in seconds.
REDRAW_SECONDS = 0.1
#: The bar's width on a terminal that does not tell its own (a new pseudo-terminal).
FALLBACK_COLUMNS = 80


class Progress:
    """Counts items (``advance``) and bytes read (``advance_bytes``) and draws the bar."""

    def __init__(self, unit: str, stream: TextIO | None = None, *,
                 total_bytes: int | None = None, total: int | None = None,
                 label: str = "", redraw_seconds: float = REDRAW_SECONDS) -> None:
        self.unit = unit
        """The thing counted, in the singular."""
        self.stream = sys.stderr if stream is None else stream
        self.enabled = self.stream.isatty()
        self.count = 0
        self.done_bytes = 0
        self.over_bytes = total_bytes is not None
        """The bar runs over bytes; the items counted are shown beside it."""
        # tqdm is loaded only for a bar drawn: off a terminal (a script, a pipe, a worker)
        # its ~10 ms of loading is saved in every process
        self._bar: tqdm[Any] | None = None if not self.enabled else _bar(
            total=total_bytes if self.over_bytes else total, stream=self.stream,
            label=label, unit=unit, over_bytes=self.over_bytes, redraw_seconds=redraw_seconds)

    def advance(self, step: int = 1) -> None:
        """``step`` more items done (a callback of the importers: hands per batch)."""
        self.count += step
        if self._bar is None:
            return
        if self.over_bytes:
            self._bar.set_postfix_str(self.text(), refresh=False)
            self._bar.update(0)   # redraws, at most every REDRAW_SECONDS
        else:
            self._bar.update(step)

    def advance_bytes(self, step: int) -> None:
        """``step`` more bytes read (of ``total_bytes``)."""
        self.done_bytes += step
        if self._bar is not None and self.over_bytes:
            self._bar.update(step)

    def clear(self) -> None:
        """Erase the bar, so that the next line written starts at the left margin;
        the next update draws it again."""
        if self._bar is not None:
            self._bar.clear()

    def text(self) -> str:
        """``1 hand``: what has been counted.

        >>> import io
        >>> progress = Progress("hand", stream=io.StringIO())
        >>> progress.advance(); progress.text()
        '1 hand'
        """
        return counted(self.count, self.unit)

    def close(self) -> None:
        """Erase the bar for good: the run is over."""
        if self._bar is not None:
            self._bar.close()

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def _bar(total: int | None, stream: TextIO, label: str, unit: str, over_bytes: bool,
         redraw_seconds: float) -> tqdm[Any]:
    """The bar drawn on a terminal ``stream``."""
    from tqdm import tqdm

    return tqdm(total=total, file=_Screen(stream), leave=False,
                ncols=_width(stream) or FALLBACK_COLUMNS, mininterval=redraw_seconds,
                desc=label or None, unit="B" if over_bytes else f" {unit}s",
                unit_scale=over_bytes, unit_divisor=1024)


def described(done_bytes: int, total_bytes: int, count: int, unit: str,
              seconds: float) -> tuple[float, str]:
    """The share done and the words of a bar drawn elsewhere (the dashboard's): the
    share, the items counted, the rate and the time left.

    >>> described(512 * 1024, 2048 * 1024, 1500, "hand", 2.0)
    (0.25, '25% · 1,500 hands · 256 KiB/s · about 6 s left')
    >>> described(0, 0, 0, "hand", 0.0)
    (0.0, '0% · 0 hands')
    """
    share = min(1.0, done_bytes / total_bytes) if total_bytes else 0.0
    words = [f"{share:.0%}", counted(count, unit)]
    if done_bytes and seconds > 0:
        rate = done_bytes / seconds
        words.append(f"{rate / 1024:,.0f} KiB/s")
        words.append(f"about {max(0, total_bytes - done_bytes) / rate:,.0f} s left")
    return share, " · ".join(words)


def _width(stream: TextIO) -> int:
    """The terminal's width in columns; 0 when it does not tell."""
    try:
        return os.get_terminal_size(stream.fileno()).columns
    except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
        return 0


class _Screen:
    """The stream the bar is drawn on, as tqdm writes it: text, then a flush. (Given
    ``sys.stderr`` itself, tqdm draws nothing on a pseudo-terminal.)"""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        return self._stream.write(text)

    def flush(self) -> None:
        self._stream.flush()
