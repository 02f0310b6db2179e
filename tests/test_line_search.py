"""The site readers' per-line short cuts give what the general path gives.

The lines a reader finds by one search of a chunk's text are those it found testing
each line: where a site's hand starts (:func:`badugi_hh.parsers.site.lines_to_test`) and
where a part of a log in one dialect ends and another's begins (:mod:`.dialects`), on
lines that start with every dialect's marks, reworded, cut, after invisible characters
and blanks, in chunks cut anywhere. And an event the PokerStars reader makes by filling
its slots is the one its class makes.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from badugi_hh.events import Hand, Record
from badugi_hh.parsers import (
    dialects, fulltilt, kingsclub, ongame, pokerstars, read_records, site, winamax,
)
from badugi_hh.parsers.text import LogText
from sitekit import REAL

READERS = {"pokerstars": pokerstars.READER, "fulltilt": fulltilt.READER,
           "kingsclub": kingsclub.READER, "winamax": winamax.READER, "ongame": ongame.READER}

#: How lines of every dialect start, and lines of play: a line is one or two of them.
PIECES = [
    "PokerStars Hand #12: Badugi Limit ($0.25/$0.50 USD) - 2010/09/05 10:32:15 ET",
    "PokerStars Game #7: ", "PokerStars Tournament #12", "PokerStars ", "Pokerstars Hand #1",
    "Full Tilt Poker Game #3: Table Clackers - $0.10/$0.20 - Limit Badugi - 10:18:16 ET",
    "Full Tilt Poker Tournament Summary ", "FullTilt Poker.fr Game #9", "Full Tilt ",
    "#37732805: Limit Badugi - 30/60", "#12", "<game id=\"1\">", "<?xml version=\"1.0\"?>",
    "<description ", "<HISTORY>", "<ROOT> <HISTORY ", "Winamax Poker - Tournament",
    "Winamax Poker - HandId: #1-2-3", "***** History for hand R5-1", "*****", "variant = 'BADUGI'",
    "[table]", "Session #s1", "Session ends", "Hand #4 - 2024", "Hand #4", "Hand # 5\n#",
    "Player1: folds", "Seat 1: Ana ($5 in chips)", "*** FIRST DRAW ***", "*** SUMMARY ***",
    "******** # 2 ********", "\ufeff******** # 3 ********", "# a comment", "#", "", " ", "\t",
    "\u200b", "\ufeff", "\xa0", "\x0c", "\u202e", "x\ny", "ÿ",
]

lines_of_logs = st.lists(st.lists(st.sampled_from(PIECES), min_size=1, max_size=2).map("".join),
                         max_size=40)


def _chunked(lines: list[str], cuts: list[int]) -> list[list[str]]:
    """``lines`` cut into lists at ``cuts`` (places, any order; an empty list where two
    cuts meet)."""
    places = [0, *sorted(cut % (len(lines) + 1) for cut in cuts), len(lines)]
    return [lines[start:end] for start, end in zip(places, places[1:])]


def _each_line(lines: list[str], _plain: frozenset[str], _finder: object,
               _text: str | None = None) -> Sequence[int]:
    return range(len(lines))


def _blocks(name: str, chunks: list[list[str]]) -> list[object]:
    log = LogText("cut.txt", iter(chunks), None, first_line=3)
    return list(site._blocks(READERS[name], log, "cut.txt"))


@settings(deadline=None, max_examples=400)
@given(name=st.sampled_from(sorted(READERS)), lines=lines_of_logs,
       cuts=st.lists(st.integers(0, 60), max_size=4))
def test_the_hands_found_by_search_are_those_each_line_tested_finds(
        name: str, lines: list[str], cuts: list[int]) -> None:
    chunks = _chunked(lines, cuts)
    searched = _blocks(name, chunks)
    with mock.patch.object(site, "lines_to_test", _each_line):
        assert _blocks(name, chunks) == searched
    with mock.patch.object(site, "_plain_initials", lambda _initials: frozenset()):
        assert _blocks(name, chunks) == searched   # (every line's every test)


def _read(chunks: list[list[str]]) -> tuple[list[Record], list[str]]:
    segments: list[str] = []
    records = list(dialects.read_log(LogText("mixed.txt", iter(chunks), None), segments))
    return records, segments


@settings(deadline=None, max_examples=300)
@given(lines=lines_of_logs, cuts=st.lists(st.integers(0, 60), max_size=4))
def test_the_parts_of_a_log_found_by_search_are_those_each_line_tested_finds(
        lines: list[str], cuts: list[int]) -> None:
    chunks = _chunked(lines, cuts)
    searched = _read(chunks)
    with mock.patch.object(dialects, "lines_to_test", _each_line):
        assert _read(chunks) == searched


def test_a_search_finds_a_mark_after_invisible_characters_and_over_a_line_end() -> None:
    """(What the comparisons above rest on: the search finds these, each line tests them.)"""
    finder = site._hand_start_finder("P", ("PokerStars ",))
    plain = site._plain_initials("P")
    lines = ["Player1: folds", "\u200bPokerStars Hand #2", "", "******** # 3 ********",
             "PokerStars Hand #4", "Seat 1"]
    assert list(site.lines_to_test(lines, plain, finder)) == [1, 3, 4]
    assert list(site.lines_to_test([*lines, "a\nb"], plain, finder)) == list(range(7))
    stars, ends = dialects._part_ends("pokerstars")[2:]   # (a house hand's '$': its line's end)
    assert list(site.lines_to_test(["Seat 2", "Hand #3", "x"], stars, ends)) == [1]


@pytest.mark.parametrize("export", sorted((REAL / "pokerstars").glob("*.txt")),
                         ids=lambda path: path.name)
def test_a_pokerstars_event_made_by_filling_its_slots_is_the_one_its_class_makes(
        export: Path) -> None:
    """The PokerStars reader fills a new event's slots (its line's events once read): each
    field is set, a default where the line gives none, as the class's ``__init__`` sets
    it; read twice, the second time from the lines kept."""
    for _ in range(2):
        for hand in (record for record in read_records(export) if isinstance(record, Hand)):
            for event in hand.events:
                fields = {field.name: getattr(event, field.name)
                          for field in dataclasses.fields(event)}
                assert type(event)(**fields) == event
