"""A log's bytes as lines of text, one at a time, whatever the file looks like.

Every dialect reads through :func:`open_log`, so every dialect treats
encodings, byte-order marks, line endings and binary files the same way:

* UTF-8, with or without a byte-order mark. A line that is not valid UTF-8
  is read as Windows-1252, the encoding of old Windows editors and site
  exports (a byte that is not Windows-1252 either becomes U+FFFD, which the
  grammar then reports at its column); the rest of the file is unaffected.
* UTF-16, little- or big-endian, with a byte-order mark or without (Full
  Tilt's own exports): recognised by the NUL bytes of its ASCII characters.
  One stray byte at the end (a real Full Tilt file has one) is dropped; one further
  in (such a file joined with the next, or appended to) is found where the text after
  it reads a byte out of step, and left out.
* LF, CRLF or CR line ends, even mixed in one file.
* A byte-order mark at the start of any line, not only the file's, is dropped: it
  is where a file of exports joined one after the other (``cat a.txt b.txt``)
  begins its next export, and says how that text is encoded, nothing more. A
  line's columns count from after it, as the file's first line's do. A U+FEFF
  further into a line is left for the readers to report.
* A run of NUL bytes past the first line, with text after it to its line's end, is
  damage: zeros where text was, as a crash or a disk's repair leaves in a file the
  client then goes on writing. The run is left out, :attr:`LogText.damages` says
  where, and the reading goes on; so are zeros at the very start of the file with text
  after them on their line. Any other NUL (elsewhere in the first line, or on a line with
  other control characters: a zip, an image) is binary data. Reading stops there, and
  :attr:`LogText.problem` says why.

A file is read a chunk at a time (:data:`CHUNK_BYTES`), and each chunk's
whole lines are decoded at once, so memory holds a chunk, never the file.

Lines come without their line end:

>>> with open_log("\\ufeffSession #s1\\r\\nSeat 1: Ana (100)\\r\\n") as log:
...     list(log), log.problem
(['Session #s1', 'Seat 1: Ana (100)'], None)
>>> joined = b"Hand 1\\nAna folds\\n\\xef\\xbb\\xbfHand 2\\nBo \\xef\\xbb\\xbffolds\\n"
>>> with open_log(joined) as log:   # two files joined: the second's mark is dropped
...     list(log)                   # (one inside a line is text)
['Hand 1', 'Ana folds', 'Hand 2', 'Bo \\ufefffolds']
>>> with open_log(b"Seat 1: Jos\\xe9 (100)\\n", name="old.txt") as log:
...     list(log)
['Seat 1: José (100)']
>>> with open_log("Seat 1: Ana\\r\\nSeat 2: Bruno\\n".encode("utf-16"), name="ft.txt") as log:
...     list(log)
['Seat 1: Ana', 'Seat 2: Bruno']
>>> with open_log(b"Hand 1\\rAna folds\\r", name="old-mac.txt") as log:
...     list(log)
['Hand 1', 'Ana folds']
>>> with open_log(b"PK\\x03\\x04\\x00\\x00", name="hands.zip") as log:
...     list(log), str(log.problem)
([], 'hands.zip:1:5: a binary file, not a hand history (NUL byte at byte offset 4)')
>>> with open_log(b"Hand 1\\nAna f\\x00\\x00\\x00Hand 2\\n", name="crash.txt") as log:
...     list(log), [str(error) for error in log.end_errors()]
(['Hand 1', 'Ana fHand 2'], ['crash.txt:2:6: 3 NUL bytes (zeros where text was, as a \
crash leaves): left out, and the file read on'])
"""

from __future__ import annotations

import bisect
import io
import os
import re
from collections.abc import Generator, Iterator
from dataclasses import dataclass, field
from itertools import chain
from pathlib import Path
from types import TracebackType
from typing import IO

from badugi_hh.archives import ArchiveMember
from badugi_hh.events import ParseError

__all__ = ["LineBlock", "LogText", "LogTextError", "Source", "open_log", "reads_out_of_step",
           "utf16_encoding", "utf16_text"]

#: Where a log comes from: a path, a member of an archive, an open file (binary or
#: text), the text itself as ``str``, or its bytes.
Source = os.PathLike[str] | ArchiveMember | IO[bytes] | IO[str] | str | bytes

#: A line longer than this is not a hand history line, and reading it whole
#: would let one line take any amount of memory. Its NUL bytes do not count: a crash's
#: zeros (see below) run to megabytes with no line end, up to :data:`MAX_ZERO_BYTES`.
MAX_LINE_BYTES = 1 << 20
MAX_ZERO_BYTES = 1 << 26
#: How much of a file is read at a time.
CHUNK_BYTES = 1 << 16
#: How many lines of a file opened as text are handed out at a time.
TEXT_FILE_LINES = 256

_UTF8_BOM = b"\xef\xbb\xbf"
_BOM = "\ufeff"
_UTF16_BOMS = {b"\xff\xfe": "utf-16-le", b"\xfe\xff": "utf-16-be"}
#: How many bytes of a file's start decide whether it is UTF-16 without a mark.
_SNIFF_BYTES = 4096
#: A run of NUL bytes (of NUL characters, in UTF-16 text), and what makes the line it is
#: in binary data rather than damaged text: a control character but a tab, a line end,
#: a form feed or DOS's end-of-file mark.
_NUL_RUN, _NUL_CHARACTERS = re.compile(b"\0+"), re.compile("\0+")
_CONTROL = re.compile(b"[\x01-\x08\x0e-\x19\x1b-\x1f]")
_CONTROL_CHARACTER = re.compile("[\x01-\x08\x0e-\x19\x1b-\x1f]")
#: Zeros no UTF-16 text holds: two NUL characters on end, a crash's (see utf16_encoding).
_ZERO_RUN = re.compile(b"\0{4,}")
#: More runs of NULs than this in one log: binary data, however text-like around them.
MAX_NUL_RUNS = 64


class LogTextError(Exception):
    """Why a file cannot be read as text from some point on."""

    def __init__(self, message: str, source: str, line: int, column: int = 0,
                 nul: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.source = source
        self.line = line
        self.column = column
        self.nul = nul
        """Of a run of NULs left out: its first NUL, as a binary stop there would say it."""

    def __str__(self) -> str:
        return f"{self.source}:{self.line}:{self.column}: {self.message}"


class LogText:
    """The lines of one log, read lazily; iterate it (or its :meth:`chunks`) once.

    When reading has to stop early (a binary file, an endless line) the
    iteration simply ends and :attr:`problem` says why, so a reader can
    report it after the records it has already produced; :attr:`damages` says
    where NUL bytes were left out on the way. :attr:`lines_read` counts the
    lines, so a reader can tell an empty file apart.

    The lines come a chunk at a time, as a list, from ``chunks``: iterating the log
    hands them out one by one with no Python call between two lines of a chunk.
    """

    def __init__(self, name: str, chunks: Iterator[list[str]], closing: IO[bytes] | None,
                 first_line: int = 1, damages: list[LogTextError] | None = None) -> None:
        self.name = name
        self.first_line = first_line
        """The number of the first line: 1, or more for a part of a log read alone."""
        self.problem: LogTextError | None = None
        self.damages = damages if damages is not None else []
        """Each run of NUL bytes left out, where it was (see the module docstring)."""
        self.lines_read = 0
        self._chunks = chunks
        self._closing = closing

    def __iter__(self) -> Iterator[str]:
        return chain.from_iterable(self.chunks())

    def chunks(self) -> Iterator[list[str]]:
        """The lines, a list at a time (the lines of a chunk of the file)."""
        try:
            for chunk in self._chunks:
                self.lines_read += len(chunk)
                yield chunk
        except LogTextError as problem:
            self.problem = problem

    def end_errors(self) -> list[ParseError]:
        """What the reading itself found, once it is over: the NUL bytes left out, then why
        it stopped, when that is an error (what :attr:`problem` says, or an empty file).
        Every reader reports them after the records it has read.

        >>> with open_log(b"", name="empty.txt") as log:
        ...     list(log), [str(error) for error in log.end_errors()]
        ([], ['empty.txt:1:1: empty file'])
        """
        found = [ParseError(message=damage.message, source=self.name, line=damage.line,
                            column=damage.column, hand_lost=False) for damage in self.damages]
        if self.problem is not None:
            found.append(ParseError(message=self.problem.message, source=self.name,
                                    line=self.problem.line, column=self.problem.column))
        elif self.lines_read == 0:
            found.append(ParseError(message="empty file", source=self.name, line=1,
                                    hand_lost=False))
        return found

    def zeroed(self, after: int, up_to: int) -> set[int]:
        """The lines after line ``after`` up to ``up_to`` where a run of NULs was left out:
        a hand whose text they fall in lost some of it there."""
        return {damage.line for damage in self.damages if after < damage.line <= up_to}

    def zeroed_in(self, block: LineBlock) -> set[int]:
        """The lines of a hand's ``block`` where a run of NULs was left out: zeros on its
        first line (before its header: the end of the hand before) or after its last line
        with text (a file's end) took none of its text."""
        if not self.damages:
            return set()
        last = max((line for line, text in block.numbered() if text.strip()),
                   default=block.start)
        return self.zeroed(block.start, last)

    @property
    def stopped(self) -> bool:
        """Whether reading ended before the file did, or found no line at all."""
        return self.problem is not None or self.lines_read == 0

    def close(self) -> None:
        if self._closing is not None:
            self._closing.close()

    def __enter__(self) -> LogText:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.close()


def open_log(source: Source, name: str | None = None, first_line: int = 1) -> LogText:
    """Open ``source`` for reading line by line; ``name`` is what errors cite.

    A ``str`` is the text of a log, not a file name: pass a
    :class:`~pathlib.Path` to read a file. Files this opens are closed by
    :meth:`LogText.close` (or the ``with`` block). ``first_line`` numbers the
    first line of bytes that are a part of a log, read apart from the rest.
    """
    damages: list[LogTextError] = []
    if isinstance(source, os.PathLike | ArchiveMember):
        opened = source.open("rb") if isinstance(source, ArchiveMember) else (
            Path(source).open("rb"))
        name = name or str(source)
        return LogText(name, _lines_of_bytes(opened, name, damages), opened, damages=damages)
    if isinstance(source, str):
        name = name or "<text>"
        return LogText(name, _lines_of_str(source, name, damages), None, damages=damages)
    if isinstance(source, bytes):
        source = io.BytesIO(source)
    name = name or str(getattr(source, "name", "<stream>"))
    if isinstance(source.read(0), str):
        return LogText(name, _lines_of_text_file(source, name, damages),  # type: ignore[arg-type]
                       None, damages=damages)
    return LogText(name, _lines_of_bytes(source, name, damages, first_line),  # type: ignore[arg-type]
                   None, first_line, damages)


def _lines_of_bytes(stream: IO[bytes], name: str, damages: list[LogTextError],
                    first_line: int = 1) -> Iterator[list[str]]:
    """The lines of a binary stream, a chunk at a time; its first is ``first_line``.

    Each chunk's whole lines are scanned for NUL and decoded in one go, which
    costs a fraction of doing it line by line.
    """
    start = stream.read(max(CHUNK_BYTES, _SNIFF_BYTES))
    chunks = _chunks(start, stream)
    utf16 = utf16_encoding(start)
    if utf16 is not None:
        mark = 2 if start[:2] in _UTF16_BOMS else 0
        yield from _lines_of_text_chunks(_utf16_chunks(_skip(chunks, mark), utf16), name,
                                         damages, first_line)
        return
    pending: bytes | bytearray = next(chunks, b"")
    offset = len(_UTF8_BOM) if pending.startswith(_UTF8_BOM) else 0  # of pending, in the file
    pending = pending[offset:] or next(chunks, b"")   # (a first chunk of the mark alone)
    number = first_line - 1  # the number of the last line read
    scanned = zeros = 0   # of a line longer than a chunk: bytes looked at, NULs among them
    while pending:
        more = next(chunks, b"")
        cut = _line_ends_cut(pending, bool(more), max(scanned - 1, 0))
        if not cut:  # a line longer than a chunk: read on, up to a limit
            zeros += pending.count(b"\0", scanned)
            scanned = len(pending)
            if _too_long(scanned, zeros):
                raise _line_too_long(name, number + 1, zeros, "bytes")
            if isinstance(pending, bytes):   # grown in place, not copied at each chunk
                pending = bytearray(pending)
            pending += more
            continue
        scanned = zeros = 0
        whole, pending = bytes(pending[:cut]), bytes(pending[cut:]) + more
        if b"\0" in whole:
            whole, binary = _zeros_left_out(whole, name, number, offset, damages)
            if binary is not None:
                yield _decoded_lines(_lf_only(whole))
                raise binary
        offset += cut
        whole = _lf_only(whole)
        yield _decoded_lines(whole)
        number += whole.count(b"\n")


def _zeros_left_out(whole: bytes, name: str, number: int, offset: int,
                    damages: list[LogTextError]) -> tuple[bytes, LogTextError | None]:
    """``whole`` (whole lines after line ``number``, at byte ``offset`` of the file)
    without its runs of NUL bytes that are damage, each added to ``damages``; at the first
    that is binary data (see the module docstring), the lines before its line and why
    reading stops there."""
    kept, at = [], 0
    for run in _NUL_RUN.finditer(whole):
        start = max(whole.rfind(b"\n", 0, run.start()), whole.rfind(b"\r", 0, run.start())) + 1
        end = _line_end(whole, run.end())
        line = number + _lf_only(whole[:start]).count(b"\n") + 1
        marks = _marks_at(whole, start)   # not counted in the column, as dropped
        column = run.start() - start - marks
        if _binary_first_line(line, run.start() == start, whole[run.end():end]) \
                or len(damages) >= MAX_NUL_RUNS \
                or _CONTROL.search(whole, start, end):
            kept.append(whole[at:start])
            binary = _binary(name, line, offset + start + marks, column)
            return b"".join(kept), _binary_start(binary, damages)
        kept.append(whole[at:run.start()])
        at = run.end()
        damages.append(_zeros(name, line, column + 1, len(run.group()), "byte",
                              f"NUL byte at byte offset {offset + run.start()}"))
    kept.append(whole[at:])
    return b"".join(kept), None


def _binary_first_line(line: int, at_line_start: bool, rest: bytes | str) -> bool:
    """Whether a run of NULs is binary data for being on the first line: any run there but
    a crash's zeros at the very start of the file with text after them on their line (the
    client's first writes lost, the file written on after them: every later hand is read)."""
    return line == 1 and not (at_line_start and rest.strip())


def _line_end(whole: bytes, at: int) -> int:
    """Where the line byte ``at`` is in ends in ``whole`` (at its LF or CR, or the end)."""
    ends = [found for found in (whole.find(b"\n", at), whole.find(b"\r", at)) if found >= 0]
    return min(ends, default=len(whole))


def _zeros(name: str, line: int, column: int, count: int, unit: str, nul: str,
           ) -> LogTextError:
    what = f"{count} NUL {unit}{'s' if count > 1 else ''}"
    return LogTextError(f"{what} (zeros where text was, as a crash leaves): left out, and "
                        "the file read on", name, line, column, nul)


def _binary_start(binary: LogTextError, damages: list[LogTextError]) -> LogTextError:
    """Where binary data found at ``binary`` begins: at the first of the runs of zeros on
    the lines right before it, which are no damage but its start (a PNG's third line is
    four zeros, its fourth binary), so that a binary file is one error, not one a run."""
    first = None
    while damages and damages[-1].line >= (first or binary).line - 1:
        first = damages.pop()
    if first is None:
        return binary
    return _nul_found(first.nul, binary.source, first.line, first.column)


def _chunks(start: bytes, stream: IO[bytes]) -> Iterator[bytes]:
    """The file a chunk at a time, ``start`` (already read, to sniff it) first."""
    for at in range(0, len(start), CHUNK_BYTES):
        yield start[at:at + CHUNK_BYTES]
    while chunk := stream.read(CHUNK_BYTES):
        yield chunk


def _skip(chunks: Iterator[bytes], count: int) -> Iterator[bytes]:
    """``chunks`` without their first ``count`` bytes (a byte-order mark)."""
    for chunk in chunks:
        if count:
            chunk, count = chunk[count:], max(0, count - len(chunk))
        if chunk:
            yield chunk


def _line_ends_cut(pending: bytes | bytearray, more: bool, since: int = 0) -> int:
    """Where the whole lines of ``pending`` end: after its last LF or CR (none before
    ``since``: a long line is not looked through again at each chunk).

    A CR at the very end stays for the next chunk, which may start with its LF.
    """
    if not more:
        return len(pending)
    end = len(pending) - 1 if pending.endswith(b"\r") else len(pending)
    return max(pending.rfind(b"\n", since, end), pending.rfind(b"\r", since, end)) + 1


def _too_long(size: int, zeros: int) -> bool:
    """Whether a line of ``size`` bytes or characters, ``zeros`` of them NUL, is past what
    a log's line may be: its text past :data:`MAX_LINE_BYTES`, or its zeros past
    :data:`MAX_ZERO_BYTES`."""
    return size - zeros > MAX_LINE_BYTES or zeros > MAX_ZERO_BYTES


def _line_too_long(name: str, line: int, zeros: int, unit: str) -> LogTextError:
    if zeros > MAX_ZERO_BYTES:
        return LogTextError(f"more than {MAX_ZERO_BYTES} NUL {unit} with no line end: not a "
                            "hand history", name, line, 1)
    return LogTextError(f"line longer than {MAX_LINE_BYTES} {unit}: not a hand history",
                        name, line, 1)


def _lf_only(whole: bytes) -> bytes:
    """CRLF and CR line ends as LF (a CR byte is never part of a UTF-8 character)."""
    if b"\r" not in whole:
        return whole
    return whole.replace(b"\r\n", b"\n").replace(b"\r", b"\n")


def utf16_encoding(start: bytes) -> str | None:
    """``utf-16-le`` or ``utf-16-be`` if the file starts like UTF-16 text, else None.

    With a byte-order mark that is certain. Without one, text in a Latin script
    has a NUL in nearly every other byte, on the odd bytes for little-endian and
    the even ones for big-endian; a binary file has NULs on both.
    """
    for mark, encoding in _UTF16_BOMS.items():
        if start.startswith(mark):
            return encoding
    sample = start[:_SNIFF_BYTES]
    pairs = len(sample) // 2
    sample = sample[:pairs * 2]
    even, odd = sample[0::2].count(0), sample[1::2].count(0)
    # A run of zeros (a crash's, as in the docstring of this module) is no text of either
    # kind: its bytes are not counted, or a file that holds one in its first bytes would
    # read as binary.
    for run in _ZERO_RUN.finditer(sample):
        evens = (run.end() + 1) // 2 - (run.start() + 1) // 2
        even, odd = even - evens, odd - (len(run.group()) - evens)
        pairs -= len(run.group()) // 2
    if pairs < 2:
        return None
    if odd >= pairs // 2 and even <= pairs // 20:
        return "utf-16-le"
    if even >= pairs // 2 and odd <= pairs // 20:
        return "utf-16-be"
    return None


def _utf16_chunks(chunks: Iterator[bytes], encoding: str) -> Iterator[str]:
    """The text of a UTF-16 file (its byte-order mark left out), a chunk at a time.

    An odd byte at the very end is no character: it is dropped, as every reader of
    these exports does. One further in (an export with such a byte, appended to or
    joined with the next) puts every later character a byte out of step; the text is
    stepped back in where that shows (:func:`_realigned`). The last
    :data:`_HELD_CHARACTERS` of a chunk wait for the next, so that the stray byte
    before text read out of step is never already handed out.
    """
    pending = b""
    for chunk in chunks:
        text, pending = _realigned(pending + chunk, encoding, final=False)
        yield text
    text, _ = _realigned(pending, encoding, final=True)
    yield text


#: Characters that are a Latin-1 character's two UTF-16 bytes read one byte out of
#: step (``F`` as U+4600, an LF as U+0A00, ``é`` as U+E900). Text after a stray byte
#: reads as a long run of them (a hand's header alone is longer than
#: :data:`_OUT_OF_STEP_RUN`); real text hardly ever holds one of even a few.
_OUT_OF_STEP_RUN = 16
_OUT_OF_STEP_CHARACTERS = "[%s]" % re.escape("".join(
    chr(code << 8) for code in (0x09, 0x0A, 0x0D, *range(0x20, 0x7F), *range(0xA0, 0x100))))
_OUT_OF_STEP = re.compile("%s{%d}" % (_OUT_OF_STEP_CHARACTERS, _OUT_OF_STEP_RUN))
_OUT_OF_STEP_ALL = re.compile(_OUT_OF_STEP_CHARACTERS + "+")
#: How many characters before a run out of step the stray byte is looked for in
#: (it is the run's first, or the one or two before it: the next file's mark), and
#: how many after the run tell which byte it is (and that the run is no real text).
_STRAY_BEFORE = 8
_STRAY_AFTER = 32
#: The bytes from a run's start to the end of what tells where its stray byte is.
_RUN_JUDGED_BYTES = 2 * (_OUT_OF_STEP_RUN + _STRAY_AFTER)
#: The characters of a chunk held for the next (see :func:`_utf16_chunks`): a run
#: begun in the last of them is found there with the stray byte before it.
_HELD_CHARACTERS = _STRAY_BEFORE + _OUT_OF_STEP_RUN


#: The fewest different characters in a run out of step, in its first
#: :data:`_VARIED_WINDOW`: text after a stray byte is all out of step, a separator's row
#: and the lines after it, where a row of one character alone (a line of ``─``, U+2500,
#: ``%`` out of step) between lines in step is a separator to leave as it is.
_VARIED_RUN = 4
_VARIED_WINDOW = 1024


def _next_run(decoded: str, start: int, final: bool) -> tuple[re.Match[str], bool] | None:
    """The next run of :data:`_OUT_OF_STEP` characters in ``decoded`` from ``start``
    varied enough to be text read out of step (:data:`_VARIED_RUN`), and whether it is
    still a row of one or two characters that runs to the end of ``decoded`` (not
    ``final``: what follows, still to come, tells)."""
    while (found := _OUT_OF_STEP.search(decoded, start)) is not None:
        whole = _OUT_OF_STEP_ALL.match(decoded, found.start())
        end = whole.end() if whole is not None else found.end()
        if len(set(decoded[found.start():min(end, found.start() + _VARIED_WINDOW)])) \
                >= _VARIED_RUN:
            return found, False
        if not final and end == len(decoded):   # a row of one so far: what follows tells
            return found, True
        start = end
    return None


def utf16_text(data: bytes, encoding: str) -> str:
    """The text of UTF-16 bytes (``encoding``: ``utf-16-le`` or ``utf-16-be``) as a log
    is read: each stray byte found in them left out, an odd last byte dropped."""
    return _realigned(data, encoding, final=True)[0]


def reads_out_of_step(data: bytes, encoding: str) -> bool:
    """Whether UTF-16 bytes hold text read a byte out of step (after a stray byte)."""
    decoded = data[:len(data) & ~1].decode(encoding, errors="replace")
    return _next_run(decoded, 0, final=True) is not None


def _realigned(data: bytes, encoding: str, final: bool) -> tuple[str, bytes]:
    """The text of ``data`` with each stray byte found in it left out, and the bytes
    left for the next chunk (none when ``final``: then an odd last byte is dropped)."""
    text, searched_to = "", 0
    usable = _whole_characters(data, encoding, final)
    decoded = data[:usable].decode(encoding, errors="replace")
    while (next_run := _next_run(decoded, searched_to, final)) is not None:
        found, open_ended = next_run
        run = len(decoded[:found.start()].encode(encoding))
        if not final and (open_ended or run + _RUN_JUDGED_BYTES > usable):   # with what follows
            held = max(0, run - 2 * _STRAY_BEFORE)
            return text + data[:held].decode(encoding, errors="replace"), data[held:]
        stray = _stray_byte(data[:usable], encoding, run)
        if stray is None:   # real text after all (CJK): looked past
            searched_to = found.end()
            continue
        text += data[:stray].decode(encoding, errors="replace")
        data, searched_to = data[stray + 1:], 0
        usable = _whole_characters(data, encoding, final)
        decoded = data[:usable].decode(encoding, errors="replace")
    if final:
        return text + decoded, b""
    held_text = decoded[-_HELD_CHARACTERS:]
    kept = usable - len(held_text.encode(encoding))
    return text + decoded[:len(decoded) - len(held_text)], data[kept:]


def _whole_characters(data: bytes, encoding: str, final: bool) -> int:
    """How many of ``data``'s bytes are whole characters: an even count, less a first
    half of a surrogate pair at the end whose second half may come with the next chunk."""
    usable = len(data) & ~1
    if not final and usable and 0xD8 <= data[usable - 2 if encoding == "utf-16-be"
                                             else usable - 1] <= 0xDB:
        usable -= 2
    return usable


def _stray_byte(data: bytes, encoding: str, run: int) -> int | None:
    """Where the stray byte before the run out of step at byte ``run`` lies: the place
    (a character's first byte, from a few before the run to the run's start) whose
    dropping leaves the text around it most like text, where that is far more so than
    as it is; None where it is not (the run is real text: CJK, whose characters read out
    of step are no more ASCII than they were)."""
    low, high = max(0, run - 2 * _STRAY_BEFORE), min(len(data), run + _RUN_JUDGED_BYTES)
    as_it_is = _not_ascii(data[low:high], encoding)
    best, fewest = None, as_it_is // 4 + 1
    for place in range(low, run + 1, 2):
        dropped = _not_ascii(data[low:place], encoding) + _not_ascii(
            data[place + 1:high], encoding)
        if dropped < fewest:
            best, fewest = place, dropped
    return best


def _not_ascii(data: bytes, encoding: str) -> int:
    """How many characters of ``data`` (an odd last byte left out) are not ASCII text."""
    text = data[:len(data) & ~1].decode(encoding, errors="replace")
    return len(text) - len(text.encode("ascii", errors="ignore")) + text.count("\0")


def _lines_of_text_chunks(chunks: Iterator[str], name: str, damages: list[LogTextError],
                          first_line: int = 1) -> Iterator[list[str]]:
    """Lines of text that arrives in chunks, ended by LF, CRLF or CR, a chunk at a time."""
    pending = ""
    number = first_line - 1  # the number of the last line read
    scanned = zeros = 0   # as in _lines_of_bytes
    for chunk in chunks:
        pending += chunk
        end = len(pending) - 1 if pending.endswith("\r") else len(pending)  # LF may follow
        since = max(scanned - 1, 0)
        cut = max(pending.rfind("\n", since, end), pending.rfind("\r", since, end)) + 1
        if not cut:
            zeros += pending.count("\0", scanned)
            scanned = len(pending)
            if _too_long(scanned, zeros):
                raise _line_too_long(name, number + 1, zeros, "characters")
            continue
        scanned = zeros = 0
        whole, pending = pending[:cut], pending[cut:]
        number = yield from _checked_text_lines(whole, name, number, damages)
    if pending:
        yield from _checked_text_lines(pending, name, number, damages)


def _checked_text_lines(whole: str, name: str, number: int, damages: list[LogTextError],
                        ) -> Generator[list[str], None, int]:
    """The lines of ``whole``, its runs of NUL characters that are damage left out; one
    that is binary data ends the reading. Returns the new count."""
    whole = whole.replace("\r\n", "\n").replace("\r", "\n") if "\r" in whole else whole
    if "\0" in whole:
        kept, binary = _zero_characters_left_out(whole, name, number, damages)
        yield _split(kept)
        if binary is not None:
            raise binary
    else:
        yield _split(whole)
    return number + whole.count("\n")


def _zero_characters_left_out(whole: str, name: str, number: int, damages: list[LogTextError],
                              ) -> tuple[str, LogTextError | None]:
    """As :func:`_zeros_left_out`, for text already decoded (LF line ends)."""
    kept, at = [], 0
    for run in _NUL_CHARACTERS.finditer(whole):
        start = whole.rfind("\n", 0, run.start()) + 1
        end = whole.find("\n", run.end()) % (len(whole) + 1)   # (-1: the end)
        line = number + whole.count("\n", 0, start) + 1
        head = whole[start:run.start()]
        column = run.start() - start - (len(head) - len(head.lstrip(_BOM))) + 1
        if _binary_first_line(line, run.start() == start, whole[run.end():end]) \
                or len(damages) >= MAX_NUL_RUNS \
                or _CONTROL_CHARACTER.search(whole, start, end):
            kept.append(whole[at:start])
            binary = _nul_found("NUL character", name, line, column)
            return "".join(kept), _binary_start(binary, damages)
        kept.append(whole[at:run.start()])
        at = run.end()
        damages.append(_zeros(name, line, column, len(run.group()), "character",
                              "NUL character"))
    kept.append(whole[at:])
    return "".join(kept), None


def _decoded_lines(whole: bytes) -> list[str]:
    """Whole lines as text: UTF-8, else (line by line) Windows-1252."""
    try:
        return _split(whole.decode("utf-8"))
    except UnicodeDecodeError:
        return _split("\n".join(map(_decode, whole.split(b"\n"))))


def _split(whole: str) -> list[str]:
    """Whole lines, without their line ends (each an LF by now: CRLF and CR are made LF
    before text comes here) and without the byte-order marks they start with.

    ``whole`` always starts at a line's start, so a mark is found wherever the file
    was cut into chunks; a chunk with none (nearly all) costs one scan for it.
    """
    if not whole:
        return []
    lines = whole.split("\n")
    if whole.endswith("\n"):
        lines.pop()  # the empty "line" after the last line end
    if whole.startswith(_BOM) or "\n" + _BOM in whole:
        return [line.lstrip(_BOM) for line in lines]
    return lines


def _marks_at(data: bytes, start: int) -> int:
    """How many bytes of UTF-8 byte-order marks ``data`` has from ``start`` on."""
    at = start
    while data.startswith(_UTF8_BOM, at):
        at += len(_UTF8_BOM)
    return at - start


def _decode(raw: bytes) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:   # (a byte-order mark before it is no Windows-1252 text)
        return raw[_marks_at(raw, 0):].decode("cp1252", errors="replace")


def _binary(name: str, line: int, line_offset: int, column: int) -> LogTextError:
    return _nul_found(f"NUL byte at byte offset {line_offset + column}", name, line,
                      column + 1)


def _nul_found(what: str, name: str, line: int, column: int) -> LogTextError:
    """A NUL: a binary file at its first line; past it, binary data where the lines read
    so far end (they are kept, the rest of the file is not read)."""
    if line == 1:
        return LogTextError(f"a binary file, not a hand history ({what})", name, line, column)
    return LogTextError(f"binary data from here on, not a hand history ({what}): the lines "
                        "before it are read, the rest of the file is not", name, line, column)


def _lines_of_str(text: str, name: str, damages: list[LogTextError]) -> Iterator[list[str]]:
    """Split at LF, CRLF and CR only (``str.splitlines`` would also split at form feeds)."""
    chunks = (text[start:start + CHUNK_BYTES] for start in range(0, len(text), CHUNK_BYTES))
    yield from _lines_of_text_chunks(chunks, name, damages)


def _lines_of_text_file(stream: IO[str], name: str, damages: list[LogTextError],
                        ) -> Iterator[list[str]]:
    """The lines of a file opened as text, :data:`TEXT_FILE_LINES` at a time."""
    lines: list[str] = []
    for number, line in enumerate(stream, 1):
        if line.startswith(_BOM):   # the file's, or where two files were joined
            line = line.lstrip(_BOM)
        if "\0" in line:
            line, binary = _zero_characters_left_out(line, name, number - 1, damages)
            if binary is not None:
                yield lines
                raise binary
        lines.append(line.removesuffix("\n").removesuffix("\r"))
        if len(lines) == TEXT_FILE_LINES:
            yield lines
            lines = []
    yield lines


@dataclass(slots=True)
class LineBlock:
    """Lines of a log that a reader takes as one (a hand): ``lines[0]`` is at line ``start``
    and each next one at the next line, unless ``numbers`` gives each its line (blank
    lines left out: :meth:`leave_out_blank_lines`).

    ``overflowed``: the reader stopped keeping lines, the block being too long.
    """

    start: int
    lines: list[str] = field(default_factory=list)
    overflowed: bool = False
    numbers: list[int] | None = None
    """The line of each of :attr:`lines`, where they are not the lines from ``start`` on."""

    def line_of(self, at: int) -> int:
        """The line of ``lines[at]``; for a place past the last line, the line as many
        lines after it (where a line the reader wanted is missing)."""
        numbers = self.numbers
        if numbers is None:
            return self.start + at
        return numbers[at] if at < len(numbers) else numbers[-1] + at - len(numbers) + 1

    def numbered(self, first: int = 0) -> Iterator[tuple[int, str]]:
        if self.numbers is None:
            return enumerate(self.lines[first:], self.start + first)
        return zip(self.numbers[first:], self.lines[first:])

    def text_at(self, line: int) -> str:
        """The text of the log's line ``line``; empty where the block does not hold it."""
        if self.numbers is None:
            at = line - self.start
        else:
            at = bisect.bisect_left(self.numbers, line)
            at = at if at < len(self.numbers) and self.numbers[at] == line else -1
        return self.lines[at] if 0 <= at < len(self.lines) else ""

    def leave_out_blank_lines(self) -> None:
        """The blank lines among the block's lines left out, each line kept keeping its
        number (:attr:`numbers`): a reader then finds a hand's lines at their places (its
        table line right after its first) whatever blank lines a copy put between them."""
        kept = [(number, text) for number, text in self.numbered() if text.strip()]
        self.numbers = [number for number, _ in kept]
        self.lines = [text for _, text in kept]

    @property
    def last_line(self) -> int:
        """The last line that is not blank."""
        return self.line_of(self._last_filled())

    @property
    def text(self) -> str:
        return "\n".join(self.lines[:self._last_filled() + 1])

    def _last_filled(self) -> int:
        """The place of the last line that is not blank (0 where none is)."""
        filled = [index for index, text in enumerate(self.lines) if text.strip()]
        return filled[-1] if filled else 0
