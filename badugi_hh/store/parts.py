"""A large log cut into parts that ``import --jobs`` workers read side by side.

A log is cut as a dataset's import cuts it (:mod:`badugi_hh.dataset.chunks`), and
each part numbers its lines from where it starts in the file:

* *A house log* just before a ``Session #`` line. A house session never reaches into
  the next one: its header starts it, its hands name it, and nothing of it is judged
  after the next header, so each part reads as the whole log reads there.
* *A site's text export* just before a hand's header, each part read from a lead-in of
  the hands before it; the writer joins the sessions that cross the cuts, part after
  part (:mod:`badugi_hh.dataset.seams`).

A log is read whole, by one worker, where the parts could read otherwise:

* a session header's id used twice (the house reader renames the second session and
  reports it, which a part cannot know);
* a house part whose first time lies in the hour that repeats when clocks go back
  (:attr:`~badugi_hh.rows.clock.Clock.passage_assumed`): which passage it is, the hand
  before the cut tells, and a house part has no lead-in (found as the part is read, which
  is then not stored);
* a NUL byte or an endless line (reading stops there, which must stop the whole log);
* a log in UTF-16, PHH, XML (Merge, Boss Media): :func:`~badugi_hh.dataset.chunks.log_kind`.

A part that turns out to hold another dialect's hands too, or a site's part whose
seam does not join the part before it (a hand id in two parts, T5; a session begun
before its lead-in), is not stored: the log is then read whole
(:mod:`badugi_hh.store.importer`).

>>> import io
>>> log = (b"Session #a x\\nSeat 1: A (1)\\n\\nSession #b y\\nSeat 1: B (1)\\n"
...        b"Session #c z\\nSeat 1: C (1)\\n")
>>> cut = cut_log(io.BytesIO(log), len(log), 20)
>>> cut.kind, [(part.start, part.end, part.first_line, part.next_line) for part in cut.parts]
('house', [(0, 28, 1, 4), (28, 55, 4, 6), (55, 82, 6, None)])
>>> cut_log(io.BytesIO(log.replace(b"#c", b"#a")), len(log), 20) is None
True
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import IO, NamedTuple

from badugi_hh.dataset.chunks import chunks_of, hand_start, lead_in_start, log_kind, session_start
from badugi_hh.events import Record
from badugi_hh.parsers.text import MAX_LINE_BYTES

__all__ = ["PART_BYTES", "FilePart", "LogCut", "cut_log", "in_part"]

#: A log larger than this is cut into parts of about this size for ``import --jobs``:
#: small enough that the last part to end leaves the other workers idle briefly, large
#: enough that a part's own cost (opening the file, a reader, a lead-in of three hands,
#: a few batches) stays small beside its reading (about 3,000 six-handed hands).
PART_BYTES = 4 << 20

_BLOCK = 1 << 20
#: A session header's id, as the house grammar reads it (``SESSION_ID: /[\\w.-]+/``).
#: ASCII only: two ids that differ in a letter beyond it count as one, so the log is
#: read whole.
_SESSION_ID = re.compile(rb"Session[ \t]*#[ \t]*([\w.-]+)")
#: How far into its line a header is looked for: a damaged line puts a few invisible
#: characters before it.
_HEADER_INDENT = 8


class FilePart(NamedTuple):
    """Part ``number`` (from 0) of a log: the bytes [``start``, ``end``), whose first
    line is line ``first_line`` of the log, read from byte ``lead`` (line ``lead_line``:
    a site's part's lead-in; a house part's own start); ``next_line``: the first line
    of the part after it (None: the last part)."""

    number: int
    lead: int
    start: int
    end: int
    lead_line: int
    first_line: int
    next_line: int | None


class LogCut(NamedTuple):
    """How a log is cut: ``house`` or a site's dialect, and its parts."""

    kind: str
    parts: list[FilePart]


def cut_log(stream: IO[bytes], size: int, part_bytes: int) -> LogCut | None:
    """The first ``size`` bytes of a log cut into parts of about ``part_bytes``, before
    session headers (a house log) or hands' headers (a site's export); None where it is
    read whole (see the module docstring)."""
    kind = log_kind(stream.read(1 << 16)) if size > part_bytes else None
    if kind is None:
        return None
    chunks = chunks_of(size, part_bytes)
    if kind == "house":
        leads = {start: start for start in {session_start(stream, chunk.start)
                                             for chunk in chunks}}
    else:
        leads = {start: lead_in_start(stream, start, kind) if start else 0
                 for start in {hand_start(stream, chunk.start, kind) for chunk in chunks}}
    starts = sorted(start for start in leads if start < size)
    lines = _lines_before(stream, size, [*starts, *leads.values()]) if len(starts) > 1 else None
    if lines is None:
        return None
    ends = [*starts[1:], size]
    next_lines: list[int | None] = [lines[start] + 1 for start in starts[1:]]
    return LogCut(kind, [
        FilePart(number, leads[start], start, end, lines[leads[start]] + 1, lines[start] + 1,
                 next_line)
        for number, (start, end, next_line) in enumerate(zip(starts, ends, [*next_lines, None]))])


def _lines_before(stream: IO[bytes], size: int, offsets: list[int]) -> dict[int, int] | None:
    """How many lines end before each of ``offsets`` (LF, CRLF and CR each end one, as
    :mod:`badugi_hh.parsers.text` numbers them), in one pass over the first ``size``
    bytes; None where the log must be read whole: a NUL byte, a line longer than a
    reader takes, a session id used twice."""
    wanted, found = sorted(offsets), {}
    ids: set[bytes] = set()
    count = 0
    for base, text in _whole_lines(stream, size):
        if b"\0" in text:
            return None
        while wanted and wanted[0] < base + len(text):
            offset = wanted.pop(0)
            found[offset] = count + _line_ends(text[:offset - base])
        count += _line_ends(text)
        for session_id in _session_ids(text):
            if session_id in ids:
                return None
            ids.add(session_id)
    found.update(dict.fromkeys(wanted, count))
    return found


def _whole_lines(stream: IO[bytes], size: int) -> Iterator[tuple[int, bytes]]:
    """The first ``size`` bytes as runs of whole lines, each with its offset; a run
    without a line end longer than half of :data:`MAX_LINE_BYTES` ends it (reading it
    is the reader's to judge, whole)."""
    stream.seek(0)
    base, pending, left = 0, b"", size
    while True:
        block = stream.read(min(_BLOCK, left))
        left -= len(block)
        data = pending + block
        if not block or not left:
            if data:
                yield base, data
            return
        end = len(data) - 1 if data.endswith(b"\r") else len(data)   # maybe half a CRLF
        cut = max(data.rfind(b"\n", 0, end), data.rfind(b"\r", 0, end)) + 1
        if len(data) - cut > MAX_LINE_BYTES // 2:
            yield base, b"\0"   # an endless line: read whole
            return
        if cut:
            yield base, data[:cut]
        base, pending = base + cut, data[cut:]


def _session_ids(text: bytes) -> Iterator[bytes]:
    """The ids of the session headers in ``text`` (whole lines).

    >>> list(_session_ids(b"Session #a x\\nAna: says Session #b\\n\\xe2\\x80\\x8bSession #c\\n"))
    [b'a', b'c']
    """
    for found in _SESSION_ID.finditer(text):
        at = found.start()
        line_start = max(text.rfind(b"\n", 0, at), text.rfind(b"\r", 0, at)) + 1
        if at - line_start <= _HEADER_INDENT:
            yield found[1]


def _line_ends(data: bytes) -> int:
    """The line ends in ``data`` (whole lines: a CRLF is not cut)."""
    return data.count(b"\n") + data.count(b"\r") - data.count(b"\r\n")


def in_part(records: Iterator[Record], part: FilePart) -> Iterator[Record]:
    """The records of ``part``: a part is read with the next part's first line (so its
    last hand ends where it ends in the whole log, not at the end of a file), whose
    records are that part's."""
    if part.next_line is None:
        yield from records
        return
    for record in records:
        if record.line < part.next_line:
            yield record
