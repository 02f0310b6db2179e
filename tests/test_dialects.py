"""The dialect of each hand, decided at its first line: a file may mix dialects, a damaged
header costs its hand and never the file, and what a damaged file puts before a header
(invisible and control characters, a byte that is not UTF-8) is reported, the hand read.
"""

from __future__ import annotations

import importlib
import io
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from badugi_hh.events import Hand, ParseError, Record, SessionEnd, SessionStart
from badugi_hh.parsers import read_records
from badugi_hh.parsers import text as log_text

ROOT = Path(__file__).resolve().parents[1]
REAL = ROOT / "tests" / "data" / "real"
HOUSE = (ROOT / "tests" / "data" / "house" / "session.txt").read_bytes()
STARS = (REAL / "pokerstars" / "cash-27td-fl-0.10-0.20-200911.txt").read_bytes()
KINGS = (REAL / "kingsclub" / "cash-badugi-fl-30-60-202010.txt").read_bytes()
WINAMAX = (REAL / "winamax" / "cash-27td-fl-0.50-1-201610.txt").read_bytes()
MERGE = (REAL / "merge" / "cash-27td-fl-1-2-201104-multi.xml.txt").read_bytes()
TILT = (REAL / "fulltilt" / "cash-badugi-fl-0.10-0.20-201305.txt").read_bytes()
ONGAME = (REAL / "ongame" / "cash-5cd-fl-usd-1-2-201109-goalwin.txt").read_bytes()

#: What a damaged file may put before a header: a byte-order mark after a blank (one at
#: the line's very start, left by joining files, is dropped as the file's own is: see
#: test_joined_files.py), a no-break space, a zero-width space, a right-to-left
#: override, a form feed, a byte that is not UTF-8 (read as Windows-1252: ÿ), one that
#: is not Windows-1252 either.
DAMAGE = {"U+FEFF": " \ufeff".encode(), "U+00A0": "\u00a0".encode(),
          "U+200B": "\u200b".encode(), "U+202E": "\u202e".encode(), "U+000C": b"\x0c",
          "U+00FF": b"\xff", "U+FFFD": b"\x81"}


def read(data: bytes) -> list[Record]:
    return list(read_records(io.BytesIO(data)))


def hands(records: list[Record]) -> list[Hand]:
    return [record for record in records if isinstance(record, Hand)]


def errors(records: list[Record]) -> list[ParseError]:
    return [record for record in records if isinstance(record, ParseError)]


def test_a_pokerstars_export_whose_first_line_is_cut_reads_its_other_hands() -> None:
    lines = STARS.split(b"\n")
    cut = b"\n".join([b"Sele", *lines[1:]])
    records = read(cut)
    [error] = errors(records)
    assert (error.line, error.column) == (1, 1) and "PokerStars" in error.message
    assert len(hands(records)) == len(hands(read(STARS))) - 1 == 16


@pytest.mark.parametrize(("first", "second"), [
    (HOUSE, STARS), (STARS, HOUSE), (HOUSE, KINGS), (MERGE, HOUSE), (HOUSE, WINAMAX),
    (TILT, STARS), (ONGAME, HOUSE),
], ids=["house+pokerstars", "pokerstars+house", "house+kingsclub", "merge+house",
        "house+winamax", "fulltilt+pokerstars", "ongame+house"])
def test_a_file_of_two_dialects_reads_both(first: bytes, second: bytes) -> None:
    alone = [len(hands(read(part))) for part in (first, second)]
    records = read(first.rstrip(b"\r\n") + b"\n\n" + second)   # with its mark, if any
    assert errors(records) == []
    assert len(hands(records)) == sum(alone)
    assert {hand.site for hand in hands(records)} == {
        hand.site for part in (first, second) for hand in hands(read(part))}


def test_a_house_session_an_export_interrupts_goes_on_after_it() -> None:
    """A house log, a PokerStars export pasted into it, then the house log's next hands:
    they belong to the session before the export (and a repeated id is renamed)."""
    text = HOUSE.decode()
    head, tail = text.split("Hand #3", 1)
    records = read((head + STARS.decode("utf-8-sig") + "\nHand #3" + tail).encode())
    assert errors(records) == []
    assert [hand.hand_id for hand in hands(records) if not hand.site] == [
        "fri-1127#1", "fri-1127#2", "fri-1127#3"]
    assert isinstance(records[-1], SessionEnd)


@pytest.mark.parametrize("mark", DAMAGE, ids=list(DAMAGE))
def test_damage_before_a_house_hand_is_reported_and_the_hand_read(mark: str) -> None:
    data = HOUSE.replace(b"\nHand #3", b"\n" + DAMAGE[mark] + b"Hand #3")
    records = read(data)
    [error] = errors(records)
    line = HOUSE.split(b"\n").index(b"Hand #3 - button Ana") + 1
    assert (error.line, error.column, error.hand_lost) == (line, 1, False)
    assert mark in error.message and "the hand is read" in error.message
    assert [hand.hand_id for hand in hands(records)] == ["fri-1127#1", "fri-1127#2",
                                                         "fri-1127#3"]


@pytest.mark.parametrize("mark", DAMAGE, ids=list(DAMAGE))
@pytest.mark.parametrize(("log", "header"), [
    (STARS, b"PokerStars Game #"), (KINGS, b"#3773"), (WINAMAX, b"Winamax Poker - "),
    (MERGE, b"<game id="), (TILT, b"Full Tilt Poker Game #"),
    (ONGAME, b"***** History for hand "),
], ids=["pokerstars", "kingsclub", "winamax", "merge", "fulltilt", "ongame"])
def test_damage_before_a_sites_hand_is_reported_and_the_hand_read(log: bytes, header: bytes,
                                                                 mark: str) -> None:
    """Damage before every hand of the export: each is reported, each hand read."""
    data = log.removeprefix(b"\xef\xbb\xbf").replace(header, DAMAGE[mark] + header)
    records = read(b"\n" + data)
    damaged = errors(records)
    assert damaged and all(not error.hand_lost and mark in error.message for error in damaged)
    assert len(damaged) == log.count(header)
    assert [hand.hand_id for hand in hands(records)] == [hand.hand_id for hand in hands(read(log))]


def test_a_damaged_header_costs_its_hand_only() -> None:
    data = STARS.replace(b"Triple Draw 2-7 Lowball Limit ($0.10/$0.20 USD)",
                         b"Triple Draw 2-7 Low", 1)
    records = read(data)
    [error] = errors(records)
    assert error.hand_lost and error.line == 1
    assert len(hands(records)) == len(hands(read(STARS))) - 1


def test_a_header_far_into_a_file_still_starts_its_dialect() -> None:
    """The first header is looked for a hand's worth of lines ahead; past that the first
    line decides, and a later header still starts its dialect."""
    junk = b"x\n" * 3000
    records = read(junk + STARS)
    assert len(hands(records)) == 17
    assert [type(record).__name__ for record in records][:2] == ["ParseError", "SessionStart"]


def test_the_whole_files_end_is_reported_once_after_the_last_part() -> None:
    records = read(HOUSE + b"\n" + STARS + b"\nPK\x03\x04\x00\x00")
    assert [str(error).split(": ", 1)[1] for error in errors(records)] == [
        "binary data from here on, not a hand history (NUL byte at byte offset "
        f"{len(HOUSE) + 1 + len(STARS) + 1 + 4}): the lines before it are read, the rest of "
        "the file is not"]
    assert isinstance(records[0], SessionStart)


def test_a_line_that_begins_a_block_begins_with_a_character_its_part_looks_at() -> None:
    """A part of a log passes over a line whose first character begins no other dialect's
    block (its ``plain`` initials): each block's first line in the real exports and the
    house logs, and the same after invisible characters, must not be passed over."""
    from badugi_hh.parsers.dialects import DIALECTS, _part_ends, starting_dialect

    plain_initials = {dialect.name: _part_ends(dialect.name).plain for dialect in DIALECTS}

    logs = [*REAL.rglob("*.txt"), *REAL.rglob("*.xml"), *(ROOT / "tests" / "data").glob("*/*.phh"),
            *(ROOT / "tests" / "data" / "house").glob("*.txt")]
    starts = 0
    for log in logs:
        for line in log.read_text(encoding="utf-8", errors="replace").splitlines():
            for text in (line, "\u200b" + line):
                dialect = starting_dialect(text)
                if dialect is not None:
                    starts += 1
                    assert all(text[:1] not in plain for name, plain in plain_initials.items()
                               if name != dialect.name), (log.name, text)
    assert starts > 100


#: A house session an export interrupts, with blank and comment lines that go with the
#: part after them, and a third part after the export.
INTERRUPTED = (HOUSE.replace(b"\nHand #3", b"\n\n# pasted from a site\n\n" + STARS.removeprefix(
    b"\xef\xbb\xbf") + b"\n# back home\n\n" + KINGS.removeprefix(b"\xef\xbb\xbf") + b"\n\n#\n"
    + b"\nHand #3", 1))


@settings(max_examples=60, deadline=None)
@given(chunk=st.integers(min_value=1, max_value=600))
def test_a_file_of_three_parts_reads_alike_in_chunks_of_any_size(chunk: int) -> None:
    """A part of a log ends wherever a chunk of the file does (each chunk's lines come as
    one list): the records, and their lines, are those of the file read in large chunks."""
    whole = read(INTERRUPTED)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(log_text, "CHUNK_BYTES", chunk)
        assert read(INTERRUPTED) == whole
    assert len(hands(whole)) == 3 + len(hands(read(STARS))) + len(hands(read(KINGS)))


def test_a_dialect_s_mark_leads_to_every_line_its_reader_says_begins_a_block() -> None:
    """A reader is asked whether a line begins a block only once the line matches its
    dialect's mark (marks.py), so that a log in another dialect imports no other reader:
    every line of the real exports, the house logs and the PHH files that a reader says
    begins a block matches the mark (as ``starting_dialect`` asks: from the line's first
    visible character)."""
    from badugi_hh.parsers import bossmedia, phh, summaries
    from badugi_hh.parsers.common import damage_before
    from badugi_hh.parsers.dialects import DIALECTS

    own = {"pokerstars-summary": summaries.pokerstars_summary_starts,
           "fulltilt-summary": summaries.fulltilt_summary_starts,
           "bossmedia": bossmedia.starts, "phh": phh.starts_hand}
    for name in ("pokerstars", "fulltilt", "kingsclub", "winamax", "ongame"):
        own[name] = importlib.import_module(f"badugi_hh.parsers.{name}").READER.is_hand_start
    dialects = {dialect.name: dialect for dialect in DIALECTS}
    logs = [*REAL.rglob("*.txt"), *REAL.rglob("*.xml"), *(ROOT / "tests" / "data").glob("*/*.phh"),
            *(ROOT / "tests" / "data" / "house").glob("*.txt")]
    begun = 0
    for log in logs:
        for line in log.read_text(encoding="utf-8", errors="replace").splitlines():
            text = line[damage_before(line):]
            for name, starts in own.items():
                begins = starts(text)
                begun += begins
                assert dialects[name].starts(text) == begins, (log.name, name, text)
                assert not begins or dialects[name].marks.match(text), (log.name, name)
    assert begun > 100


def test_a_log_imports_its_own_reader_and_no_other(tmp_path: Path) -> None:
    """Importing the store imports no site's reader; reading a PokerStars export
    imports PokerStars' and no other (all of them took a fifth of a small import's
    start), an empty log none."""
    program = (
        "import sys; import badugi_hh.store; from badugi_hh.parsers import read_records; "
        "readers = lambda: sorted(name.rpartition('.')[2] for name in sys.modules "
        "if name.startswith('badugi_hh.parsers.') and name.rpartition('.')[2] in "
        "{'bossmedia', 'fulltilt', 'kingsclub', 'merge', 'ongame', 'phh', 'pokerstars', "
        "'summaries', 'winamax'}); "
        "before = readers(); empty = list(read_records(sys.argv[2])); "
        "after_empty = readers(); hands = sum(1 for _ in read_records(sys.argv[1])); "
        "print(before, after_empty, readers(), hands > 0)")
    empty = tmp_path / "new.txt"
    empty.write_text("\n", encoding="utf-8")
    run = subprocess.run([sys.executable, "-c", program,
                          str(REAL / "pokerstars" / "cash-27td-fl-0.10-0.20-200911.txt"),
                          str(empty)], capture_output=True, text=True, timeout=120, check=False)
    assert (run.returncode, run.stdout.strip(), run.stderr) == (
        0, "[] [] ['pokerstars'] True", "")
