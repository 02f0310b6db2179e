"""A large log read in parts, side by side, with the result of reading it whole.

A *house* session never reaches into the next one: its header starts it, its hands
name it, and nothing of it is judged after the next header. So a house log cut just
before a ``Session #`` line reads, part by part, exactly as it reads whole, as long
as each part numbers its lines from where it starts in the file. Where parts
could still meet — the same session id used in two parts (the house reader
renames the second and reports it) — the driver finds it in the parts' session
ids and reads the log whole instead.

A *site's export* (:data:`~badugi_hh.sites.SITE_DIALECTS`) is cut just
before a hand's header, and each part is read from a lead-in of the
:data:`LEAD_IN_HANDS` hands before it, which tells it what carries into it; the
driver joins the sessions that cross the cuts (:mod:`badugi_hh.dataset.seams`).

A part holding a NUL byte or an endless line (reading stops there, which must stop
the whole log), and any log in another dialect or not in UTF-8 (UTF-16...), is read
whole.

The driver gives one task the log's size and the stretches of bytes (``start``,
``end``) it is cut into; that task (:func:`~badugi_hh.dataset.writer.plan_log`)
moves each cut forward to the next header, finds each part's lead-in, and hashes
the log and counts its lines up to each of those places in one pass, so that the
parts do neither.

>>> import io
>>> log = b"Session #a x\\nSeat 1: A (1)\\n\\nSession #b y\\nSeat 1: B (1)\\n"
>>> [session_start(io.BytesIO(log), at) for at in (0, 1, 28, 29)]   # b starts at 28
[0, 28, 28, 55]
>>> digest_and_lines(io.BytesIO(log), [28])[2]
{28: 3}
"""

from __future__ import annotations

import hashlib
import math
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO

from badugi_hh.parsers import house
from badugi_hh.parsers.dialects import starting_dialect
from badugi_hh.sites import SITE_DIALECTS
from badugi_hh.parsers.text import MAX_LINE_BYTES, utf16_encoding

#: On a cluster, a log larger than this is read in parts of about this size, at most.
CHUNK_BYTES = 32 << 20
#: Parts smaller than this are not worth a task's own cost (a start, a manifest...).
MIN_CHUNK_BYTES = 1 << 20
#: Tasks per worker an import aims at: enough that the last task to finish is a small
#: one, so the workers end together.
TASKS_PER_WORKER = 4

#: The hands before a part of a site's export that it reads first (see
#: :mod:`badugi_hh.dataset.seams`): one to know what carries into the part, and more
#: in case that one is of a game not read, or could not be read.
LEAD_IN_HANDS = 3

_MARK = b"Session #"
_BLOCK = 1 << 20
_LINE_END = re.compile(rb"\r\n|\r|\n")
#: How far back a lead-in's hands are looked for, at most: a few hands' worth.
_MOST_LEAD_IN_BYTES = 16 << 20


@dataclass(frozen=True, slots=True)
class Chunk:
    """Part ``index`` of ``count`` of a log: the stretch of bytes [start, end), each end
    moved forward to the next header when the log is planned."""

    index: int
    count: int
    start: int
    end: int


def chunks_of(size: int, chunk_bytes: int) -> list[Chunk]:
    """
    >>> [(c.start, c.end) for c in chunks_of(250, 100)]
    [(0, 100), (100, 200), (200, 250)]
    """
    count = max(1, math.ceil(size / chunk_bytes))
    return [Chunk(index, count, index * chunk_bytes, min(size, (index + 1) * chunk_bytes))
            for index in range(count)]


def target_chunk_bytes(sizes: list[int], workers: int) -> int:
    """The size of the parts the logs of ``sizes`` are cut into for ``workers``: the
    bytes spread over :data:`TASKS_PER_WORKER` tasks a worker, within
    [:data:`MIN_CHUNK_BYTES`, :data:`CHUNK_BYTES`].

    >>> target_chunk_bytes([64 << 20] * 4, 16) == 4 << 20   # 256 MB over 64 tasks
    True
    >>> target_chunk_bytes([100, 200], 16) == MIN_CHUNK_BYTES
    True
    """
    spread = sum(sizes) // max(1, workers * TASKS_PER_WORKER)
    return max(MIN_CHUNK_BYTES, min(CHUNK_BYTES, spread))


def log_kind(head: bytes) -> str | None:
    """How a log starting with ``head`` is cut: ``house``, the name of a site's dialect
    (:data:`~badugi_hh.sites.SITE_DIALECTS`), or None: it is read whole.

    >>> log_kind(b"Session #a x\\nSeat 1: A (1)\\n"), log_kind(b"<session>")
    ('house', None)
    >>> log_kind(b"\\xef\\xbb\\xbfPokerStars Hand #1: Badugi Limit ($1/$2 USD) - x\\n")
    'pokerstars'
    """
    if utf16_encoding(head) is not None or b"\0" in head:
        return None
    text = head.decode("utf-8", errors="replace").lstrip("\ufeff")
    lines = text.splitlines()
    first = next((line for line in lines if line.strip() and not line.lstrip().startswith("#")),
                 "")
    if house.sniff(first):
        return "house"
    dialect = next((found for line in lines if (found := starting_dialect(line)) is not None),
                   None)
    return dialect.name if dialect is not None and dialect.name in SITE_DIALECTS else None


def session_start(stream: IO[bytes], position: int) -> int:
    """Where the first session header at or after byte ``position`` begins (the end of
    the log if none does); 0 for position 0, where the first part always begins."""
    if position == 0:
        return 0
    at = position - 1   # the line end before a header that begins at ``position``
    stream.seek(at)
    carried = b""
    while block := stream.read(_BLOCK):
        window = carried + block
        found = [index for index in (window.find(b"\n" + _MARK), window.find(b"\r" + _MARK))
                 if index >= 0]
        if found:
            return at - len(carried) + min(found) + 1
        carried = window[-len(_MARK):]
        at += len(block)
    return at


def hand_start(stream: IO[bytes], position: int, dialect: str) -> int:
    """Where the first line at or after byte ``position`` that begins a hand of
    ``dialect`` begins (the end of the log if none does); 0 for position 0.

    >>> import io
    >>> log = b"PokerStars Hand #1: x\\r\\nA: folds\\r\\nPokerStars Hand #2: y\\r\\n"
    >>> [hand_start(io.BytesIO(log), at, "pokerstars") for at in (0, 1, 33, 34)]
    [0, 33, 33, 56]
    """
    if position == 0:
        return 0
    for offset, line in _lines_after(stream, position - 1):
        if _begins_hand(line, dialect):
            return offset
    return stream.seek(0, 2)


def lead_in_start(stream: IO[bytes], start: int, dialect: str,
                  hands: int = LEAD_IN_HANDS) -> int:
    """Where the ``hands``-th hand of ``dialect`` before byte ``start`` begins (the first
    hand of the log if fewer come before it; ``start`` if none is found).

    >>> import io
    >>> log = b"PokerStars Hand #1: x\\nA\\nPokerStars Hand #2: y\\nB\\nPokerStars Hand #3: z\\n"
    >>> [lead_in_start(io.BytesIO(log), 48, "pokerstars", hands) for hands in (1, 3)]
    [24, 0]
    """
    reach = 1 << 16
    while True:
        low = max(0, start - reach)
        found = [offset for offset, line in _lines_after(stream, low - 1 if low else -1, start)
                 if _begins_hand(line, dialect)]
        if len(found) >= hands or low == 0 or reach >= _MOST_LEAD_IN_BYTES:
            return found[-hands] if len(found) >= hands else (found[0] if found else start)
        reach *= 4


def _begins_hand(line: bytes, dialect: str) -> bool:
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError:
        text = line.decode("cp1252", errors="replace")
    found = starting_dialect(text)
    return found is not None and found.name == dialect


def _lines_after(stream: IO[bytes], at: int, end: int | None = None,
                 ) -> Iterator[tuple[int, bytes]]:
    """Each line that begins after byte ``at`` (-1: the log's first too) and before
    ``end`` (None: the log's end), as (offset, bytes without the line end)."""
    stream.seek(max(at, 0))
    base, pending, skipping = max(at, 0), b"", at >= 0
    while True:
        block = stream.read(_BLOCK)
        data = pending + block
        # a CR at the end may be the first half of a CRLF
        last = len(data) - 1 if block and data.endswith(b"\r") else len(data)
        position = 0
        for match in _LINE_END.finditer(data, 0, last):
            if not skipping:
                if end is not None and base + position >= end:
                    return
                yield base + position, data[position:match.start()]
            skipping, position = False, match.end()
        if not block:
            if position < len(data) and not skipping and (end is None or base + position < end):
                yield base + position, data[position:]
            return
        base, pending = base + position, data[position:]


def digest_and_lines(stream: IO[bytes], offsets: list[int]) -> tuple[int, str, dict[int, int]]:
    """The log's size and SHA-256, and how many lines end before each of ``offsets``
    (LF, CRLF and CR each end one), in one pass."""
    digest, lines = hashlib.sha256(), {}
    wanted = sorted(set(offsets))
    count, at, before = 0, 0, b""
    stream.seek(0)
    while block := stream.read(_BLOCK):
        digest.update(block)
        while wanted and wanted[0] <= at + len(block):
            offset = wanted.pop(0)
            lines[offset] = count + _line_ends(block[:offset - at], before)
        count += _line_ends(block, before)
        before, at = block[-1:], at + len(block)
    lines.update(dict.fromkeys(wanted, count))
    return at, digest.hexdigest(), lines


def _line_ends(data: bytes, before: bytes) -> int:
    """The line ends in ``data``, which follows the byte ``before``."""
    count = data.count(b"\n") + data.count(b"\r") - data.count(b"\r\n")
    if before == b"\r" and data.startswith(b"\n"):
        count -= 1   # a CRLF cut by the block's edge ends one line, not two
    return count


def readable_alone(part: bytes) -> bool:
    """Whether a part reads the same alone as inside its log: no NUL, no endless line."""
    if b"\0" in part:
        return False
    longest = max(map(len, part.replace(b"\r", b"\n").split(b"\n")), default=0)
    return longest <= MAX_LINE_BYTES
