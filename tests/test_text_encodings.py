"""Every encoding and line end a site export comes in reads as the same lines (issue 11)."""

from __future__ import annotations

import io
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from badugi_hh.parsers import text as log_text
from badugi_hh.parsers.text import open_log
from sitekit import REAL

LINES = ["Full Tilt Poker Game #1: Table Ünïcode ♠ (6 max)", "Seat 1: José ($2)", "", "end"]
TEXT = "\r\n".join(LINES) + "\r\n"


def read(data: bytes) -> list[str]:
    with open_log(io.BytesIO(data), name="t.txt") as log:
        lines = list(log)
        assert log.problem is None, log.problem
    return lines


@pytest.mark.parametrize("encoding, mark", [
    ("utf-16-le", b"\xff\xfe"), ("utf-16-le", b""), ("utf-16-be", b"\xfe\xff"),
    ("utf-16-be", b""), ("utf-8", b"\xef\xbb\xbf"), ("utf-8", b""),
])
def test_utf16_and_utf8_with_or_without_a_mark(encoding: str, mark: bytes) -> None:
    assert read(mark + TEXT.encode(encoding)) == LINES


@pytest.mark.parametrize("mark", [b"\xff\xfe", b""])
def test_one_stray_trailing_byte_of_a_utf16_file_is_dropped(mark: bytes) -> None:
    assert read(mark + TEXT.encode("utf-16-le") + b"\r") == LINES


#: Real Full Tilt exports in UTF-16, each with a mark and a stray last byte.
STRAY_ENDED = [REAL / "fulltilt" / name for name in (
    "cash-27td-fl-0.10-0.20-201011.txt", "cash-27td-fl-10-20-201101-dead-hand.txt",
    "cash-27td-fl-150-300-201012.txt")]


def the_lines(path) -> list[str]:
    with open_log(path) as log:
        return list(log)


@pytest.mark.parametrize("chunk", [1, 2, 3, 7, 64, log_text.CHUNK_BYTES])
@pytest.mark.parametrize("marks", ["each", "the first only"])
def test_utf16_text_after_a_stray_byte_is_read_back_in_step(chunk: int, marks: str) -> None:
    """Exports that end with a stray byte, joined or appended one after the other: every
    byte after the first file's would read one out of step (``F`` as U+4600), so the
    stray byte is left out where that shows, wherever a chunk of the file ends."""
    exports = [path.read_bytes() for path in STRAY_ENDED]
    assert all(len(export) % 2 for export in exports)
    joined = exports[0] + b"".join(
        export if marks == "each" else export[2:] for export in exports[1:])
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(log_text, "CHUNK_BYTES", chunk)
        assert read(joined) == [line for path in STRAY_ENDED for line in the_lines(path)]


@pytest.mark.parametrize("chunk", [1, 7, 64, log_text.CHUNK_BYTES])
@pytest.mark.parametrize("first", ["# " + "-" * 40, "", "=" * 30])
def test_a_row_of_one_character_after_a_stray_byte_is_read_in_step(chunk: int,
                                                                    first: str) -> None:
    """A log joined after a stray byte that begins with a separator or blank lines: the
    row alone is one character out of step, the text after it tells the byte."""
    lines = [first, "", "", "Session #s2", "Seat 1: Ana (100)", "Seat 2: Bruno (100)"]
    joined = "Session #s1\n".encode("utf-16") + b"\x00" + "\n".join(lines).encode("utf-16-le")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(log_text, "CHUNK_BYTES", chunk)
        assert read(joined) == ["Session #s1", *lines]


@pytest.mark.parametrize("encoding, mark", [("utf-16-le", b"\xff\xfe"),
                                            ("utf-16-be", b"\xfe\xff")])
def test_a_stray_byte_inside_a_line_is_left_out(encoding: str, mark: bytes) -> None:
    line = "Seat 1: José ($2), Zoë sits out\n"
    text = (line * 3).encode(encoding)
    assert read(mark + text[:41] + b"?" + text[41:])[1:] == [line.strip()] * 2


@pytest.mark.parametrize("chunk", [1, 5, log_text.CHUNK_BYTES])
def test_cjk_text_that_reads_like_text_out_of_step_is_read_as_it_is(chunk: int) -> None:
    """U+4E00 (一) is ``N`` read out of step; a run of it in real text is left as it is."""
    lines = ["中" + "\u4e00" * 24 + "中文" * 20, "一\u3000\u4e00\u5000 中文 Seat 1: 一二三"]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(log_text, "CHUNK_BYTES", chunk)
        assert read("\n".join(lines).encode("utf-16")) == lines


@pytest.mark.parametrize("width", [16, 40, 48, 200])
def test_a_separator_line_of_one_character_is_read_as_it_is(width: int) -> None:
    """U+2500 (─) is ``%`` read out of step: a row of it is a separator, no stray byte."""
    lines = ["Session #s1", "# " + "\u2500" * width, "Seat 1: Ana (100)"]
    assert read("\n".join(lines).encode("utf-16")) == lines
    assert read(b"\xfe\xff" + "\n".join(lines).encode("utf-16-be")) == lines


def test_windows_1252_lines_beside_utf8_lines() -> None:
    assert read("Seat 1: José\n".encode("cp1252") + "Seat 2: Zoë\n".encode()) == [
        "Seat 1: José", "Seat 2: Zoë"]


@pytest.mark.parametrize("end", ["\n", "\r\n", "\r"])
def test_every_line_end(end: str) -> None:
    assert read(end.join(LINES).encode() + end.encode()) == LINES


def test_mixed_line_ends_in_one_file() -> None:
    assert read(b"a\rb\r\nc\nd") == ["a", "b", "c", "d"]


@settings(max_examples=200, deadline=None)
@given(lines=st.lists(st.text(st.characters(blacklist_categories=("Cs",),
                                            blacklist_characters="\r\n\x00"), max_size=12),
                      max_size=8),
       end=st.sampled_from(["\n", "\r\n", "\r"]), encoding=st.sampled_from(
           ["utf-16-le", "utf-16-be", "utf-16"]), chunk=st.integers(1, 9))
def test_utf16_reads_the_same_in_chunks_of_any_size(lines: list[str], end: str, encoding: str,
                                                    chunk: int) -> None:
    data = "".join(line + end for line in lines).encode(encoding)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(log_text, "CHUNK_BYTES", chunk)
        with open_log(io.BytesIO(data)) as log:
            found = list(log)
    # Without a mark, a file too short or with too little Latin text is not recognised as
    # UTF-16; with one (encoding "utf-16") it always is.
    if encoding == "utf-16" or (data and log_text.utf16_encoding(data) is not None):
        assert found == [line.lstrip("\ufeff") for line in lines]   # a mark is no text


JOINED = ["Seat 1: Ana", "Seat 2: Bo", "Hand 2", "Seat 1: Ca\ufeffrla"]


@pytest.mark.parametrize("chunk", [1, 2, 3, 4, 5, 7, 11, log_text.CHUNK_BYTES])
@pytest.mark.parametrize("end", ["\n", "\r\n", "\r"])
def test_a_mark_where_two_files_were_joined_is_dropped_wherever_a_chunk_ends(
        chunk: int, end: str) -> None:
    """``cat a.txt b.txt``: b's byte-order mark starts a line; dropped, as a's, whichever
    chunk of the file it falls in or across. One inside a line is kept (Carla's)."""
    one, two = (("\ufeff" + end.join(part) + end).encode() for part in (JOINED[:2], JOINED[2:]))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(log_text, "CHUNK_BYTES", chunk)
        assert read(one + two) == JOINED


@pytest.mark.parametrize("how", ["utf-16", "str", "text file", "windows-1252 line"])
def test_a_mark_where_two_files_were_joined_is_dropped_however_the_log_is_given(
        how: str) -> None:
    one, two = "\r\n".join(JOINED[:2]) + "\r\n", "\r\n".join(JOINED[2:]) + "\r\n"
    expected = JOINED
    if how == "utf-16":   # each file with its own mark
        source: object = io.BytesIO(one.encode("utf-16") + two.encode("utf-16"))
    elif how == "str":
        source = "\ufeff" + one + "\ufeff" + two
    elif how == "text file":
        source = io.StringIO("\ufeff" + one + "\ufeff" + two, newline="")
    else:   # a marked line that is not UTF-8 is read as Windows-1252, mark left out
        source = io.BytesIO(one.encode() + b"\xef\xbb\xbfJos\xe9\r\n")
        expected = [*JOINED[:2], "José"]
    with open_log(source, name="t.txt") as log:  # type: ignore[arg-type]
        assert list(log) == expected
        assert log.problem is None


def test_a_column_on_a_marked_line_counts_from_after_the_mark() -> None:
    """Where a NUL byte stops the reading: its column is the one the user sees (the
    mark is not counted, as at the file's start); its byte offset is the file's."""
    data = b"Hand 1\n\xef\xbb\xbfSeat\x00\x02 1\n"
    with open_log(io.BytesIO(data), name="t.txt") as log:
        assert list(log) == ["Hand 1"]
        assert str(log.problem).startswith("t.txt:2:5: binary data from here on")
        assert "(NUL byte at byte offset 14)" in str(log.problem) and data[14] == 0
    with open_log("Hand 1\n\ufeffSeat\x00\x02 1\n", name="t.txt") as log:
        assert list(log) == ["Hand 1"]
        assert str(log.problem).startswith("t.txt:2:5: binary data from here on")


def test_a_nul_character_beside_control_characters_in_utf16_text_is_binary() -> None:
    data = ("Seat 1: Ana\nSeat 2: Bo\x00\x03b\n").encode("utf-16")
    with open_log(io.BytesIO(data), name="t.txt") as log:
        assert list(log) == ["Seat 1: Ana"]
        assert str(log.problem) == ("t.txt:2:11: binary data from here on, not a hand history "
                                    "(NUL character): the lines before it are read, the rest "
                                    "of the file is not")


@pytest.mark.parametrize("encode", [
    lambda text: text.encode(), lambda text: text.encode("utf-16"),
    lambda text: text.replace("\n", "\r\n").encode(), lambda text: text])
def test_a_run_of_zeros_a_crash_left_is_left_out_and_the_file_read_on(
        encode: Callable[[str], bytes | str]) -> None:
    """A crash leaves zeros where the end of what was written was; the client then writes
    on after them. The run is named, at its line and column, and every line after it is
    read; a second run too."""
    text = "Hand 1\nAna: fo\0\0\0\0Hand 2\nBo: folds\n\ufeff\0\0\nHand 3\n"
    source = encode(text)
    with open_log(io.BytesIO(source) if isinstance(source, bytes) else source,
                  name="t.txt") as log:
        assert list(log) == ["Hand 1", "Ana: foHand 2", "Bo: folds", "", "Hand 3"]
        unit = "character" if encode("\0") != b"\0" else "byte"
        assert [str(error) for error in log.end_errors()] == [
            f"t.txt:2:8: 4 NUL {unit}s (zeros where text was, as a crash leaves): left out, "
            "and the file read on",
            f"t.txt:4:1: 2 NUL {unit}s (zeros where text was, as a crash leaves): left out, "
            "and the file read on"]
        assert log.problem is None and not log.stopped


def test_zeros_at_a_text_files_end_cost_no_hand() -> None:
    """A file a crash left with zeros at its end (the space it had taken): every hand is
    read, the zeros named, no hand counted lost."""
    with open_log(io.BytesIO(b"Hand 1\nAna folds\n" + b"\0" * 4096), name="t.txt") as log:
        assert list(log) == ["Hand 1", "Ana folds"]
        (error,) = log.end_errors()
        assert (error.line, error.column, error.hand_lost) == (3, 1, False)


def test_too_many_runs_of_zeros_are_binary_data() -> None:
    data = b"Hand 1\n" + b"a\0b\nc\n" * (log_text.MAX_NUL_RUNS + 1)
    with open_log(io.BytesIO(data), name="t.txt") as log:
        assert len(list(log)) == 2 * log_text.MAX_NUL_RUNS + 1
        assert "binary data from here on" in str(log.problem)
        assert len(log.damages) == log_text.MAX_NUL_RUNS


PNG = (b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\n\0\0\0\x01\xe0\x08\x02\0\0\0"
       b"\x95\x96\x1b\x80\0\0\0\x01sRGB\0\xae\xce\x1c\xe9")


@pytest.mark.parametrize("encode", [lambda data: data, lambda data: "".join(
    map(chr, data)).encode("utf-16")])
def test_a_binary_file_whose_first_zeros_are_lines_of_their_own_is_one_error(
        encode: Callable[[bytes], bytes]) -> None:
    """A PNG's first line holds no NUL, its third is four zeros, its fourth binary: the
    runs of zeros on the lines right before the binary data are its start, not damage, so
    the image is told as binary data once, where its first zeros are (as it was before
    runs of zeros were read as damage), not as an error a run."""
    with open_log(io.BytesIO(encode(PNG)), name="shot.png") as log:
        list(log)
        [error] = log.end_errors()
        assert (error.line, error.column) == (3, 1) and "binary data from here on" in str(error)
        assert log.damages == []


def test_a_binary_file_is_not_taken_for_utf16() -> None:
    with open_log(io.BytesIO(b"PK\x03\x04\x14\x00\x00\x00\x08\x00"), name="z.zip") as log:
        assert list(log) == []
        assert "binary file" in str(log.problem)


@pytest.mark.parametrize("path", sorted((REAL / "fulltilt").glob("*.txt")),
                         ids=lambda path: path.name)
def test_every_real_full_tilt_export_reads_as_text(path) -> None:
    with open_log(path) as log:
        lines = list(log)
        assert log.problem is None
    assert lines[0].startswith(("Full Tilt Poker", "FullTiltPoker"))
    assert not any("\x00" in line or "\ufffd" in line for line in lines)


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16"])
@pytest.mark.parametrize("after", ["", "Hand 2\n"])
def test_zeros_longer_than_a_line_may_be_are_left_out_as_any_run(
        monkeypatch: pytest.MonkeyPatch, encoding: str, after: str) -> None:
    """A crash's zeros run to megabytes with no line end, past the longest line a log may
    hold: they are left out and named as a shorter run is, not a line too long that lost a
    hand, whether the client wrote on after them or not."""
    monkeypatch.setattr(log_text, "MAX_LINE_BYTES", 1000)
    monkeypatch.setattr(log_text, "CHUNK_BYTES", 256)
    data = ("Hand 1\nAna folds\n" + "\0" * 5000 + after).encode(encoding)
    with open_log(io.BytesIO(data), name="t.txt") as log:
        assert list(log) == ["Hand 1", "Ana folds"] + (["Hand 2"] if after else [])
        [error] = log.end_errors()
        assert (error.line, error.column, error.hand_lost) == (3, 1, False)
        assert "5000 NUL" in error.message


def test_zeros_past_their_own_limit_stop_the_reading(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(log_text, "MAX_ZERO_BYTES", 3000)
    monkeypatch.setattr(log_text, "CHUNK_BYTES", 256)
    with open_log(io.BytesIO(b"Hand 1\n" + b"\0" * 5000), name="t.txt") as log:
        assert list(log) == ["Hand 1"]
        assert str(log.problem) == ("t.txt:2:1: more than 3000 NUL bytes with no line end: "
                                    "not a hand history")


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be"])
def test_utf16_without_a_mark_is_told_by_its_text_not_by_a_crashs_zeros(encoding: str) -> None:
    """Full Tilt writes UTF-16 with no mark, told by the NULs of its ASCII characters on one
    side: a crash's zeros among the first bytes are NULs on both sides, which made the file
    binary and lost every hand. A run of zeros counts for neither."""
    text = "Full Tilt Poker Game #1\nSeat 1: Ana ($4)\n"
    data = text.encode(encoding) + b"\0" * 1500 + "Seat 2: Bruno ($4)\n".encode(encoding)
    assert log_text.utf16_encoding(data) == encoding
    with open_log(io.BytesIO(data), name="ft.txt") as log:
        assert list(log) == ["Full Tilt Poker Game #1", "Seat 1: Ana ($4)", "Seat 2: Bruno ($4)"]
        [error] = log.end_errors()
        assert (error.line, error.column) == (3, 1) and "750 NUL characters" in error.message


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16"])
def test_zeros_at_the_very_start_of_a_log_are_a_crashs_and_the_log_is_read(
        encoding: str) -> None:
    """A crash can lose a new log's first writes, leaving zeros where they were, and the
    client writes on after them: the zeros are named and every hand after them read, where
    the whole file was told binary and lost."""
    data = ("\0" * 512 + "Hand 1\nAna folds\n").encode(encoding)
    with open_log(io.BytesIO(data), name="t.txt") as log:
        assert list(log) == ["Hand 1", "Ana folds"]
        [error] = log.end_errors()
        assert (error.line, error.column, error.hand_lost) == (1, 1, False)


@pytest.mark.parametrize("data", [
    b"\0" * 4096, b"\0" * 8 + b"\nHand 1\n", "Hand 1\n".encode("utf-32-be"),
    b"\0\0\0\x01Bud1\0\0\x10\0\0\0\x08\0"])
def test_zeros_at_a_files_start_with_no_text_after_them_on_their_line_are_binary(
        data: bytes) -> None:
    """A file of zeros, a first line of zeros alone, UTF-32 (runs between characters), a
    Finder .DS_Store: one error, the file binary."""
    with open_log(io.BytesIO(data), name="t.bin") as log:
        list(log)
        [error] = log.end_errors()
        assert (error.line, error.column) == (1, 1) and "a binary file" in error.message
