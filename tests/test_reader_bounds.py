"""What a hostile file can make a reader hold: every hand is bounded (a Merge ``<game>``
like a text hand's 2,000 lines, and in elements), and every error keeps an excerpt of its
line, never a copy of a line of hundreds of kilobytes per error.
"""

from __future__ import annotations

import io
from pathlib import Path

from badugi_hh.events import Hand, ParseError, Record
from badugi_hh.parsers import read_records
from badugi_hh.parsers.common import (
    EXCERPT_SIDE, MAX_HAND_CHARACTERS, MAX_HAND_LINES, MAX_KEPT_TEXT,
)
from badugi_hh.parsers.merge import MAX_GAME_ELEMENTS

ROOT = Path(__file__).resolve().parents[1]
REAL = ROOT / "tests" / "data" / "real"
MERGE = (REAL / "merge" / "cash-27td-pl-0.05-0.10-201102.xml.txt").read_text(encoding="utf-8")
STARS = (REAL / "pokerstars" / "cash-27td-fl-0.10-0.20-200911.txt").read_text(encoding="utf-8")
HOUSE = (ROOT / "tests" / "data" / "house" / "session.txt").read_text(encoding="utf-8")


def read(text: str) -> list[Record]:
    return list(read_records(io.BytesIO(text.encode())))


def errors(records: list[Record]) -> list[ParseError]:
    return [record for record in records if isinstance(record, ParseError)]


def and_again(damaged: str) -> str:
    """A damaged copy of the export, then its game again: what a lost game leaves to read."""
    return damaged + "\n" + MERGE[MERGE.index("<game"):]


def test_a_merge_game_of_more_elements_than_a_hand_is_lost_and_the_next_read() -> None:
    """200,000 unknown elements on one 800 KB line: one error, not 200,000 copies of it."""
    line = "<foo/>" * 130_000
    text = and_again(MERGE.replace('<round id="BLINDS"', line + '\n<round id="BLINDS"', 1))
    records = read(text)
    [error] = errors(records)
    assert f"more than {MAX_GAME_ELEMENTS} elements: not a hand" in error.message
    assert error.hand_lost and len(error.text) <= 2 * EXCERPT_SIDE + 6
    assert [record.hand_id for record in records if isinstance(record, Hand)] == [
        "merge#31691047-4"]


def test_a_merge_game_longer_than_a_hand_is_lost_and_the_next_read() -> None:
    padding = "\t<!-- a comment -->\n" * (MAX_HAND_LINES + 10)
    text = and_again(MERGE.replace('<round id="BLINDS"', padding + '<round id="BLINDS"', 1))
    records = read(text)
    [error] = errors(records)
    assert f"more than {MAX_HAND_LINES} lines" in error.message
    assert error.line == MERGE.splitlines().index(next(
        line for line in MERGE.splitlines() if line.startswith("<game"))) + 1 + MAX_HAND_LINES
    assert sum(isinstance(record, Hand) for record in records) == 1


def test_a_merge_game_of_more_text_than_a_hand_is_lost_and_the_next_read() -> None:
    """A few long lines of nothing the game needs: the game cannot grow past the bound."""
    long_line = "\t<!-- " + "x" * (MAX_HAND_CHARACTERS // 3) + " -->\n"
    text = and_again(MERGE.replace('<round id="BLINDS"', long_line * 4 + '<round id="BLINDS"', 1))
    records = read(text)
    [error] = errors(records)
    assert f"{MAX_HAND_CHARACTERS:,} characters without its </game>" in error.message
    assert error.hand_lost and len(error.text) <= 2 * EXCERPT_SIDE + 6
    assert [record.hand_id for record in records if isinstance(record, Hand)] == [
        "merge#31691047-4"]


def test_each_element_error_keeps_an_excerpt_of_its_long_line() -> None:
    line = '<event type="JUGGLE" player="0"/>' * 3000   # 99 KB: errors, within the bound
    records = read(MERGE.replace('<round id="BLINDS"', line + '\n<round id="BLINDS"', 1))
    damaged = errors(records)
    assert len(damaged) == 3000 and not damaged[0].hand_lost
    assert max(len(error.text) for error in damaged) <= 2 * EXCERPT_SIDE + 6


def test_a_site_lines_error_keeps_an_excerpt_and_a_lost_hand_a_bounded_text() -> None:
    bad = "Player1: " + "juggles " * 100_000
    records = read(STARS.replace("*** FIRST DRAW ***", bad + "\n*** FIRST DRAW ***", 1))
    [error] = errors(records)
    assert not error.hand_lost and len(error.text) <= 2 * EXCERPT_SIDE + 6
    house = HOUSE.replace("Bruno: folds", "Bruno: " + "folds " * 100_000, 1)
    [lost] = errors(read(house))
    assert lost.hand_lost and len(lost.text) <= MAX_KEPT_TEXT + 3
