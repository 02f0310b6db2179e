"""A large house log read in parts, side by side, with the result of reading it whole.

A house session never reaches into the next one: its header starts it, its hands
name it, and nothing of it is judged after the next header. So a log cut just
before a ``Session #`` line reads, part by part, exactly as it reads whole, as long
as each part numbers its lines from where it starts in the file. Where parts
could still meet — the same session id used in two parts (the house reader
renames the second and reports it) — the driver finds it in the parts' session
ids and reads the log whole instead. So it does for a part holding a NUL byte or
an endless line (reading stops there, which must stop the whole log), and for
any log that is not UTF-8 house text.

Each part is given a stretch of bytes (``start``, ``end``) by the driver, which
knows the log's size and nothing else; the part moves its start and end forward
to the next session header itself, so the parts cover the log once.

>>> import io
>>> log = b"Session #a x\\nSeat 1: A (1)\\n\\nSession #b y\\nSeat 1: B (1)\\n"
>>> [session_start(io.BytesIO(log), at) for at in (0, 1, 28, 29)]   # b starts at 28
[0, 28, 28, 55]
>>> lines_before(io.BytesIO(log), 28)
3
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import IO

from badugi_hh.parsers import house
from badugi_hh.parsers.text import MAX_LINE_BYTES, _utf16_encoding

#: On a cluster, a log larger than this is read in parts of about this size, at most.
CHUNK_BYTES = 32 << 20
#: Parts smaller than this are not worth a task's own cost (a start, a manifest...).
MIN_CHUNK_BYTES = 1 << 20
#: Tasks per worker an import aims at: enough that the last task to finish is a small
#: one, so the workers end together.
TASKS_PER_WORKER = 4

_MARK = b"Session #"
_BLOCK = 1 << 20


@dataclass(frozen=True, slots=True)
class Chunk:
    """Part ``index`` of ``count`` of a log: the sessions that start in [start, end)."""

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


def splittable(head: bytes) -> bool:
    """Whether a log starting with ``head`` is UTF-8 house text (which splits at headers)."""
    if _utf16_encoding(head) is not None:
        return False
    text = head.decode("utf-8", errors="replace").lstrip("\ufeff")
    first = next((line for line in text.splitlines()
                  if line.strip() and not line.lstrip().startswith("#")), "")
    return house.sniff(first) and b"\0" not in head


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


def lines_before(stream: IO[bytes], offset: int) -> int:
    """How many lines end before byte ``offset`` (LF, CRLF and CR each end one)."""
    stream.seek(0)
    count, left, last = 0, offset, b""
    while left > 0 and (block := stream.read(min(_BLOCK, left))):
        count += block.count(b"\n") + block.count(b"\r") - block.count(b"\r\n")
        if last == b"\r" and block.startswith(b"\n"):
            count -= 1   # a CRLF cut by the block's edge ends one line, not two
        last, left = block[-1:], left - len(block)
    return count


def readable_alone(part: bytes) -> bool:
    """Whether a part reads the same alone as inside its log: no NUL, no endless line."""
    if b"\0" in part:
        return False
    longest = max(map(len, part.replace(b"\r", b"\n").split(b"\n")), default=0)
    return longest <= MAX_LINE_BYTES
