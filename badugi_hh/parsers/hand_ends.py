"""Where the last complete hand of a log being written ends, judged by the way each
format ends a hand, for a watcher that must never read half of one.

A hand is complete once the next one (or a session, a Merge ``<game>``) begins. Its
own last line tells it sooner where the format has one: a site's text export
(PokerStars, Full Tilt, KingsClub, Winamax) writes a blank line after the hand's
``*** SUMMARY ***`` block (two in a row in a copy with a blank line after every
line, as some Full Tilt files are), OnGame closes it with ``***** End of hand ...``,
Merge closes the hand with ``</game>``, Boss Media with ``</HISTORY>``, and a
house log may close with ``Session ends``. A house hand has no last line of its own
(``Stacks:``, ``Net:`` and more may follow its result, blank lines go anywhere): it
is complete when the next begins. A line without its line end is never complete.

>>> import io
>>> hand = b"PokerStars Hand #1: Badugi\\nAna: folds\\n*** SUMMARY ***\\nSeat 1: Ana\\n"
>>> log = hand + b"\\n\\n" + hand[:30]
>>> end = complete_end(io.BytesIO(log))
>>> log[end:] == hand[:30], complete_end(io.BytesIO(hand))
(True, 0)
>>> complete_end(io.BytesIO("<game id=1>\\n</game>\\n<game id=2>\\n".encode("utf-16")))
42
>>> complete_end(io.BytesIO(log.replace(b"\\n", b"\\r"))) == end   # CR line ends
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import partial
from typing import IO

from badugi_hh.parsers.dialects import starting_dialect
from badugi_hh.sites import SITE_DIALECTS
from badugi_hh.parsers.text import reads_out_of_step, utf16_encoding, utf16_text

__all__ = ["complete_end"]

#: How many bytes of a log's start tell its encoding.
_HEAD_BYTES = 4096
_SUMMARY = re.compile(r"\*\*\*\s*SUMMARY\s*\*\*\*")
_SESSION_END = re.compile(r"Session\s+ends\b")
_MERGE_GAME_END = re.compile(r".*</game>\s*$")
_ONGAME_HAND_END = re.compile(r"\*{5} End of hand ")
_BOSSMEDIA_HAND_END = re.compile(r".*</HISTORY>(?:\s*</ROOT>)?\s*$")


def complete_end(stream: IO[bytes], start: int = 0, size: int | None = None) -> int:
    """The offset just past the last complete hand of the log ``stream`` reads (of its
    first ``size`` bytes, where given), looked for from ``start`` (0, or an offset this
    returned before: where a hand ended); ``start`` when no hand is complete after it."""
    stream.seek(0)
    encoding = utf16_encoding(stream.read(_HEAD_BYTES)) or "utf-8"
    stream.seek(start)
    scan = _Scan(start, start)
    data = stream.read() if size is None else stream.read(max(0, size - start))
    for offset, line in _lines(data, start, encoding):
        scan.line(offset, line)
    return scan.end


#: A line's end in an 8-bit log: LF, CRLF, or a CR alone (not one whose LF may follow).
_LINE_END = re.compile(rb"\r?\n|\r(?=[^\n])")


def _lines(data: bytes, start: int, encoding: str) -> list[tuple[int, str]]:
    """The whole lines of ``data`` (read from ``start``): where each ends, and its text."""
    if encoding == "utf-8":
        ends = [(found.start(), found.end()) for found in _LINE_END.finditer(data)]
        decode = _utf8_text
    else:
        ends = _utf16_line_ends(data, encoding)
        decode = partial(utf16_text, encoding=encoding)
    lines: list[tuple[int, str]] = []
    begin = 0
    for cut, end in ends:
        text = decode(data[begin:cut])
        lines.append((start + end, text.replace("\0", "").strip("\ufeff\r")))
        begin = end
    return lines


def _utf8_text(raw: bytes) -> str:
    return raw.decode("utf-8", errors="replace")


def _utf16_line_ends(data: bytes, encoding: str) -> list[tuple[int, int]]:
    """Where the lines of UTF-16 ``data`` end: at an LF on a character's bytes, the
    characters counted from ``data``'s start, and from one byte on after a stray byte
    (a Full Tilt export's last, the file appended to), as the text layer reads them: an
    LF a byte out of step ends a line only where the line before it reads out of step."""
    newline = re.escape("\n".encode(encoding))
    ends: list[tuple[int, int]] = []
    step, begin = 0, 0
    for found in re.finditer(newline, data):
        if found.start() % 2 != step:
            if not reads_out_of_step(data[begin:found.start()], encoding):
                continue
            step = found.start() % 2
        ends.append((found.start(), found.end()))
        begin = found.end()
    return ends


@dataclass(slots=True)
class _Scan:
    """The lines of a log, one after the other, and the end of its last complete hand."""

    end: int
    begun: int
    """Where the next line begins."""
    dialect: str | None = None
    pending: bool = False
    """Whether lines of a hand (or a header) came since :attr:`end`."""
    summary: bool = False
    double_spaced: bool = False
    blanks: int = 0

    def line(self, ends_at: int, text: str) -> None:
        begins, self.begun = self.begun, ends_at
        if not text.strip():
            self.blanks += 1
            if not self.pending or (self.summary and self.dialect in SITE_DIALECTS
                                    and self.blanks >= 1 + self.double_spaced):
                self._complete(ends_at)   # (the blank lines after a hand go with it)
            return
        blank_before, self.blanks = self.blanks, 0
        started = starting_dialect(text)
        if self.dialect == "house" and _SESSION_END.match(text.lstrip()):
            self._complete(ends_at)
        elif started is not None:
            if self.pending:
                self._complete(begins)
            self.dialect, self.pending, self.summary = started.name, True, False
        elif _SUMMARY.match(text.lstrip()):
            self.pending, self.summary, self.double_spaced = True, True, blank_before > 0
        elif self.dialect == "merge" and _MERGE_GAME_END.match(text):
            self._complete(ends_at)
        elif self.dialect == "ongame" and _ONGAME_HAND_END.match(text.lstrip()):
            self._complete(ends_at)
        elif self.dialect == "bossmedia" and _BOSSMEDIA_HAND_END.match(text):
            self._complete(ends_at)
        else:
            self.pending = True

    def _complete(self, at: int) -> None:
        self.end, self.pending, self.summary = at, False, False
