"""The house-format reader, on the fixture logs of tests/data/house/ and small texts."""

from __future__ import annotations

import functools
import importlib.util
import io
import re
import sys
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from badugi_hh.bench import simulated_records
from badugi_hh.cards import DECK, JOKER, parse_cards
from badugi_hh.engine import HandReport, audit
from badugi_hh.events import (
    LOWBALL_HALF, Award, Bet, Burn, Button, Call, Check, Deal, Draw, DrawnCards, Fold, Hand,
    Muck, NetStated, ParseError, PostBlind, PotTotal, Raise, Seat, SessionEnd, SessionPlayer,
    SessionStart, Show, StackStated, Street, UncalledReturned,
)
from badugi_hh.games import GAMES
from badugi_hh.hand_ids import HandId
from badugi_hh.parsers import iter_log_files, read_records
from badugi_hh.parsers import house
from badugi_hh.parsers import text as log_text
from badugi_hh.parsers.house import LineError, hand_line_events, parse_line, read_house
from badugi_hh.parsers.slots import made_event
from badugi_hh.rules import HOUSE
from badugi_hh.sites import SITES, site_of
from badugi_hh.writer import format_event, house_log, write_records

DATA = Path(__file__).parent / "data" / "house"

HEADER = "Session #t\nSeat 1: Ana (100)\nSeat 2: Bruno (100)\n"


def c(text: str) -> tuple:
    return parse_cards(text, allow_joker=True)


def records(text: str) -> list:
    return list(read_house(text, name="t.txt"))


def errors(text: str) -> list[str]:
    return [str(record) for record in records(text) if isinstance(record, ParseError)]


def hand_of(body: str) -> Hand:
    """The one hand of a log made of HEADER and ``body``."""
    start, hand = records(HEADER + body)
    assert isinstance(hand, Hand), hand
    return hand


# -- the documented session ----------------------------------------------------------

def test_the_documented_session_reads_as_a_start_three_hands_and_an_end() -> None:
    start, *hands, end = read_records(DATA / "session.txt")
    assert start == SessionStart(
        session_id="fri-1127", ruleset=HOUSE.replace(session_hands=3),
        players=[SessionPlayer(seat=1, name="Ana", stack=100, line=4),
                 SessionPlayer(seat=2, name="Bruno", stack=100, line=5)],
        title="Friday home game", started_at=datetime(2026, 11, 27, 20, 0),
        source=str(DATA / "session.txt"), line=2)
    assert [(hand.hand_id, hand.number, hand.line) for hand in hands] == [
        ("fri-1127#1", 1, 7), ("fri-1127#2", 2, 40), ("fri-1127#3", 3, 52)]
    assert hands[0].started_at == datetime(2026, 11, 27, 20, 2)
    assert hands[1].started_at is None
    assert end == SessionEnd(winner="Ana", stacks={"Ana": 118, "Bruno": 82},
                             source=str(DATA / "session.txt"), line=84)


def test_the_sketch_hand_becomes_these_events() -> None:
    hand = next(record for record in read_records(DATA / "session.txt")
                if isinstance(record, Hand))
    assert hand.events[:16] == [
        Button(line=7, seat=1),
        PostBlind(line=8, player="Ana", amount=1, kind="small"),
        PostBlind(line=9, player="Bruno", amount=2, kind="big"),
        Deal(line=10, player="Bruno", cards=c("7c 8c 9h Qs")),
        Deal(line=11, player="Ana", cards=c("As 2h 3d Kd")),
        Raise(line=12, player="Ana", to=4, by=2),
        Call(line=13, player="Bruno", amount=2),
        Street(line=14, kind="draw", number=1),
        Burn(line=15, card=c("5c")[0]),
        Draw(line=16, player="Bruno", discarded=c("8c Qs"), drawn=c("4d Jh")),
        Draw(line=17, player="Ana", discarded=c("Kd"), drawn=c("4c")),
        Check(line=18, player="Bruno"),
        Bet(line=19, player="Ana", amount=2),
        Call(line=20, player="Bruno", amount=2),
        Street(line=21, kind="draw", number=2),
        Burn(line=22, card=None),
    ]
    assert hand.events[-5:] == [
        Show(line=35, player="Bruno", cards=c("7c 9h 4d 2s"), description="badugi 9-7-4-2"),
        Show(line=36, player="Ana", cards=c("As 2h 3d 4c"), description="badugi 4-3-2-A"),
        Award(line=37, player="Ana", amount=28),
        StackStated(line=38, player="Ana", amount=114),
        StackStated(line=38, player="Bruno", amount=86),
    ]


def test_hidden_cards_and_draws_told_by_count() -> None:
    hands = [record for record in read_records(DATA / "session.txt") if isinstance(record, Hand)]
    third = hands[2].events
    assert Deal(line=55, player="Bruno", cards=(None,) * 4) in third
    assert Draw(line=61, player="Bruno", discarded=(None, None), drawn=None) in third
    assert Draw(line=68, player="Ana", discarded=()) in third
    assert third[-4:-2] == [Award(line=80, player="Ana", amount=6, description="split pot"),
                            Award(line=81, player="Bruno", amount=6, description="split pot")]


def test_suit_symbols_read_as_letters() -> None:
    second = [record for record in read_records(DATA / "session.txt")
              if isinstance(record, Hand)][1]
    assert Deal(line=44, player="Bruno", cards=c("Ac 5d 9s Kh")) in second.events


# -- every line ------------------------------------------------------------------------

@pytest.mark.parametrize("line, event", [
    ("Ana: posts small blind 1", PostBlind(player="Ana", amount=1, kind="small")),
    ("Ana: posts big blind 2 and is all-in",
     PostBlind(player="Ana", amount=2, kind="big", all_in=True)),
    ("Ana: posts dead blind 2", PostBlind(player="Ana", amount=2, kind="dead")),
    ("Ana: posts small & big blinds 3", PostBlind(player="Ana", amount=3, kind="small+big")),
    ("Dealt to Ana [As 2h 3d Kd]", Deal(player="Ana", cards=c("As 2h 3d Kd"))),
    ("Dealt to Ana [?? ?? ?? ??]", Deal(player="Ana", cards=(None,) * 4)),
    ("Dealt to Ana [a♠ 10♥ 3D jk]", Deal(player="Ana", cards=(*c("As Th 3d"), JOKER))),
    ("Ana: checks", Check(player="Ana")),
    ("Ana: folds", Fold(player="Ana")),
    ("Ana: bets 4", Bet(player="Ana", amount=4)),
    ("Ana: calls 3 and is all-in", Call(player="Ana", amount=3, all_in=True)),
    ("Ana: raises 2 to 4", Raise(player="Ana", to=4, by=2)),
    ("Ana: raises to 8", Raise(player="Ana", to=8)),
    ("*** DEALING HANDS ***", Street(kind="deal")),
    ("*** FIRST DRAW ***", Street(kind="draw", number=1)),
    ("*** THIRD DRAW ***", Street(kind="draw", number=3)),
    ("*** DRAW 4 ***", Street(kind="draw", number=4)),
    ("*** BETTING ROUND 2 ***", Street(kind="betting", number=2)),
    ("*** SHOWDOWN ***", Street(kind="showdown")),
    ("*** SHOW DOWN ***", Street(kind="showdown")),
    ("*** SUMMARY ***", Street(kind="summary")),
    ("Burn [5c]", Burn(card=c("5c")[0])),
    ("Burn [??]", Burn(card=None)),
    ("Burn [Joker]", Burn(card=JOKER)),
    ("Bruno: discards 2 [8c Qs] draws [4d Jh]",
     Draw(player="Bruno", discarded=c("8c Qs"), drawn=c("4d Jh"))),
    ("Bruno: discards 2", Draw(player="Bruno", discarded=(None, None))),
    ("Bruno: discards 2 cards [8c Qs]", Draw(player="Bruno", discarded=c("8c Qs"))),
    ("Bruno: discards 1 draws [4d]", Draw(player="Bruno", discarded=(None,), drawn=c("4d"))),
    ("Bruno: discards 0 draws []", Draw(player="Bruno", discarded=(), drawn=())),
    ("Ana: stands pat", Draw(player="Ana", discarded=())),
    ("Ana: draws [4c]", DrawnCards(player="Ana", cards=c("4c"))),
    ("Uncalled bet 2 returned to Ana", UncalledReturned(player="Ana", amount=2)),
    ("Ana: shows [As 2h 3d 4c] (badugi 4-3-2-A)",
     Show(player="Ana", cards=c("As 2h 3d 4c"), description="badugi 4-3-2-A")),
    ("Ana: shows [As 2h 3d 4c]", Show(player="Ana", cards=c("As 2h 3d 4c"))),
    ("Ana: mucks", Muck(player="Ana")),
    ("Ana: mucks hand", Muck(player="Ana")),
    ("Ana: mucks [As 2h 3d Kd]", Muck(player="Ana", cards=c("As 2h 3d Kd"))),
    ("Ana wins 28", Award(player="Ana", amount=28)),
    ("Ana wins 14 from side pot 1 (badugi)",
     Award(player="Ana", amount=14, pot="side 1", description="badugi")),
    ("Ana wins 14 from main pot", Award(player="Ana", amount=14, pot="main")),
    ("Ana wins 8 from badugi half", Award(player="Ana", amount=8, pot="badugi")),
    ("Ana wins 7 from lowball half of main pot",
     Award(player="Ana", amount=7, pot="main lowball")),
    ("Ana wins 3 from badugi half of side pot 2 (badugi 8-4-3-2)",
     Award(player="Ana", amount=3, pot="side 2 badugi", description="badugi 8-4-3-2")),
    ("Ana wins 7 from 2-7 half of side pot 1", Award(player="Ana", amount=7, pot="side 1 2-7")),
    ("Ana wins 7 from a-5 half", Award(player="Ana", amount=7, pot="a-5")),
    ("Ana: shows [As 2h 3d 4c 7s] (badugi 4-3-2-A; 2-7 A-7-4-3-2)",
     Show(player="Ana", cards=c("As 2h 3d 4c 7s"), description="badugi 4-3-2-A; 2-7 A-7-4-3-2")),
    ("Total pot 28", PotTotal(total=28)),
    ("Total pot 28 | Rake 1", PotTotal(total=28, rake=1)),
    ("Net: Ana -14", NetStated(player="Ana", amount=-14)),
    ("Stacks: Ana 114", StackStated(player="Ana", amount=114)),
    ("Seat 2: Bruno (86)", Seat(player="Bruno", seat=2, stack=86)),
    ("Seat 2: Bruno", Seat(player="Bruno", seat=2)),
    ("Ana:   raises 2   to 4   # a comment", Raise(player="Ana", to=4, by=2)),
])
def test_each_line_of_a_hand_becomes_its_event(line: str, event) -> None:
    assert hand_line_events(line, 5) == [event.__class__(**{**_fields(event), "line": 5})]


def _fields(event) -> dict:
    return {name: getattr(event, name) for name in event.__dataclass_fields__}


def test_a_stacks_line_is_one_event_per_player() -> None:
    assert hand_line_events("Stacks: Ana 114, Bruno 86", 9) == [
        StackStated(line=9, player="Ana", amount=114),
        StackStated(line=9, player="Bruno", amount=86)]


def test_every_line_kind_reads_in_a_file() -> None:
    start, hand, end = read_records(DATA / "every_line.txt")
    assert start.ruleset == HOUSE.replace(
        name="six-max", game="badeucy", draws=2, small_bet=10, big_bet=20, small_blind=5,
        big_blind=10, max_raises=4, min_players=2, max_players=6, starting_stack=None,
        session_hands=None, hand_size=5, burns_logged=False, deal_order_logged=False,
        rake=True, odd_chip="first_left_of_button")
    assert start.players[2] == SessionPlayer(seat=5, name="Zoë", stack=80, line=7)
    assert start.started_at == datetime(2026, 11, 28, 21, 5, 30)
    assert hand.events[0] == Button(line=9, seat=5)
    assert hand.hand_id == "every-1#7" and hand.started_at == datetime(2026, 11, 28, 21, 6)
    assert {type(event).__name__ for event in hand.events} == {
        "Button", "Seat", "PostBlind", "Street", "Deal", "Bet", "Raise", "Call", "Check",
        "Fold", "Burn", "Draw", "DrawnCards", "Show", "Muck", "UncalledReturned", "Award",
        "PotTotal", "NetStated", "StackStated"}
    assert end == SessionEnd(draw=True, source=str(DATA / "every_line.txt"), line=44)


def test_a_missing_rules_line_means_the_house_rules() -> None:
    start, _hand = records(HEADER + "Hand #1\nAna wins 3\n")
    assert start.ruleset == HOUSE


@pytest.mark.parametrize("clause, game, cards", [
    ("Badugi triple draw", "badugi", 4),
    ("Badeucy triple draw", "badeucy", 5),
    ("Badacey triple draw", "badacey", 5),
    ("2-7 triple draw", "27td", 5),
    ("A-5 triple draw", "a5td", 5),
    ("A-5 single draw", "a5sd", 5),
    ("a-5 single draw, 4 cards", "a5sd", 4),
])
def test_each_game_holds_its_own_number_of_cards(clause: str, game: str, cards: int) -> None:
    start, = records(f"Session #t\nRules: {clause}, 2 to 8 players\nSeat 1: Ana (100)\n")
    assert (start.ruleset.game, start.ruleset.hand_size, start.ruleset.max_players) == (
        game, cards, 8)


def test_a_seat_without_a_stack_gets_the_starting_stack() -> None:
    start, = records("Session #t\nRules: stacks 250\nSeat 1: Ana\n")
    assert start.players == [SessionPlayer(seat=1, name="Ana", stack=250, line=3)]


def test_the_button_may_name_a_seat() -> None:
    assert hand_of("Hand #1 - button seat 2\nAna wins 3\n").events[0] == Button(line=4, seat=2)


def test_comments_and_blank_lines_go_anywhere() -> None:
    hand = hand_of("# before\n\nHand #1 - button Ana  # the first\n\n# inside\n"
                   "Ana: checks # slow\n\nAna wins 3\n# after\n\n")
    assert hand.events == [Button(line=6, seat=1), Check(line=9, player="Ana"),
                           Award(line=11, player="Ana", amount=3)]


# -- files: encodings, line ends --------------------------------------------------------

def test_bom_and_crlf_read_like_plain_utf8() -> None:
    start, hand = read_records(DATA / "bom_crlf.txt")
    assert start.session_id == "crlf" and start.title == "Saved by Notepad"
    assert hand.events[3] == Deal(line=8, player="Ana", cards=c("As 2h 3d Kd"))
    plain = (DATA / "bom_crlf.txt").read_bytes().removeprefix(b"\xef\xbb\xbf")
    assert list(read_house(plain.replace(b"\r\n", b"\n"), name=str(DATA / "bom_crlf.txt"))
                ) == [start, hand]


@settings(max_examples=300, deadline=None)
@given(data=st.lists(st.sampled_from([b"Ana", b"\n", b"\r\n", b"\r", b"\xe9", b"\xc3\xa9",
                                      b"\xe2\x99\xa0", b" ", b"\x81"]), max_size=40).map(b"".join),
       chunk=st.integers(1, 9))
def test_bytes_are_read_the_same_in_chunks_of_any_size(data: bytes, chunk: int) -> None:
    def line(raw: bytes) -> str:
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            return raw.decode("cp1252", errors="replace")
    lf = data.replace(b"\r\n", b"\n").replace(b"\r", b"\n")   # any line end is one
    expected = [line(raw) for raw in lf.split(b"\n")][:-1 if lf.endswith(b"\n") else None]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(log_text, "CHUNK_BYTES", chunk)
        with log_text.open_log(io.BytesIO(data)) as log:
            assert list(log) == (expected if data else [])
        if b"\xe9" not in data and b"\x81" not in data:  # the same text as a str
            with log_text.open_log(data.decode("utf-8")) as log:
                assert list(log) == (expected if data else [])


def test_a_line_that_is_not_utf8_is_read_as_windows_1252() -> None:
    start, hand = read_records(DATA / "cp1252.txt")
    assert start.players[0].name == "José"
    assert hand.events[0] == Button(line=5, seat=1)


def test_text_file_objects_and_strings_read_alike() -> None:
    text = (DATA / "session.txt").read_text(encoding="utf-8")
    from_text = list(read_house(text, name="s"))
    assert list(read_house(io.StringIO(text), name="s")) == from_text
    assert list(read_house(io.BytesIO(text.encode()), name="s")) == from_text


# -- errors ----------------------------------------------------------------------------

def test_one_bad_line_costs_one_hand() -> None:
    found = list(read_records(DATA / "bad_third_hand.txt"))
    assert [type(record).__name__ for record in found] == [
        "SessionStart", "Hand", "Hand", "ParseError", "Hand", "Hand"]
    error = found[3]
    assert (error.line, error.column) == (23, 21)
    assert error.message == "hand #3: expected a card such as As, 10d, A♠ or ??, got 'Xx'"
    assert error.text == ("Hand #3 - button Ana\nAna: posts small blind 1\n"
                          "Bruno: posts big blind 2\nDealt to Ana [As 2h Xx Kd]\nAna: folds\n"
                          "Uncalled bet 1 returned to Bruno\nBruno wins 2")
    assert [hand.number for hand in found if isinstance(hand, Hand)] == [1, 2, 4, 5]


@pytest.mark.parametrize("line, column, message", [
    ("Ana: cals 2", 6, "expected an action like 'Ana: calls 2' (checks, folds, bets, calls, "
                       "raises, posts, discards, stands pat, draws, shows, mucks), got 'cals'"),
    ("Ana: wins 28", 6, "expected an action like 'Ana: calls 2' (checks, folds, bets, calls, "
                        "raises, posts, discards, stands pat, draws, shows, mucks), got 'wins'; "
                        "a result line takes no colon: 'Ana wins 28'"),
    ("Ana: raises 2", 14, "expected 'to', but the line ends there"),
    ("Ana: bets two", 11, "expected a number, got 'two'"),
    ("Dealt to Ana [As 2h 3d", 23, "expected ']' after the cards"),
    ("Dealt to Ana [As 2h 3d Kdx]", 24, "expected a card such as As, 10d, A♠ or ??, got 'Kdx'"),
    ("Burn [5c 6d]", 10, "expected ']', got '6d'"),
    ("Burn [Xx]", 7, "expected a card such as As, 10d, A♠ or ??, got 'Xx'"),
    ("*** FOURTH DRAW ***", 5, "expected FIRST, SECOND or THIRD, 'BETTING', 'DEALING', 'DRAW', "
                               "'SHOW', 'SHOWDOWN', or 'SUMMARY', got 'FOURTH'"),
    ("Ana: discards 2 [As] draws [2d]", 15, "says 2 discarded cards but lists 1"),
    ("Delt to Ana [As]", 6, "expected ':', or 'wins', got 'to'"),
    ("[As 2h]", 1, "expected a line of the hand, like 'Ana: calls 2', 'Dealt to Ana "
                   "[As 2h 3d Kd]', 'Burn [5c]', '*** FIRST DRAW ***' or 'Ana wins 28', "
                   "got '[As 2h]'"),
])
def test_a_syntax_error_says_where_and_what_was_expected(line: str, column: int,
                                                         message: str) -> None:
    with pytest.raises(LineError) as raised:
        hand_line_events(line, 1)
    assert (raised.value.column, raised.value.message) == (column, message)


def test_a_syntax_error_names_file_line_column_and_hand() -> None:
    assert errors(HEADER + "Hand #4 - button Ana\nAna: raises 2\nAna wins 3\n") == [
        "t.txt:5:14: hand #4: expected 'to', but the line ends there"]


def test_a_bad_session_header_costs_its_hands() -> None:
    assert errors("Session #t\nRules: blinds 1/2, bogus\nSeat 1: Ana\nHand #1\nAna wins 3\n") == [
        "t.txt:2:20: the session header: expected a rule, like 'Badugi triple draw', "
        "'fixed limit 2/4', 'blinds 1/2', 'cap 3 raises', 'heads-up', 'stacks 100' or "
        "'12 hands', got 'bogus'",
        "t.txt:4:1: hand #1: cannot be read: the session header at line 1 could not be read"]


def test_a_seat_number_given_twice_is_one_warning_and_the_later_player_the_next_free_seat(
        ) -> None:
    """``Seat 1: Bruno`` typed for ``Seat 2``: one warning at its number, and the session
    read with Bruno at seat 2, so its hands audit clean (it was 21 violations, none at the
    seat line)."""
    text = (DATA / "session.txt").read_text().replace("Seat 2: Bruno", "Seat 1: Bruno")
    found = records(text)
    assert errors(text) == ["t.txt:5:6: the session header: seat 1 is given twice, first to "
                            "Ana (line 4); Bruno is read at seat 2, the next free one"]
    assert not found[0].hand_lost
    start = next(record for record in found if isinstance(record, SessionStart))
    assert [(player.name, player.seat) for player in start.players] == [("Ana", 1), ("Bruno", 2)]
    reports = [report for report in audit(found) if isinstance(report, HandReport)]
    assert len(reports) == 3 and [v for r in reports for v in r.violations] == []


def test_a_bad_session_header_loses_its_hands_alone() -> None:
    """The header is no hand: its error loses none, so a bad header over two hands counts
    two hands lost (validate said three), each with its own error."""
    lost = [(error.line, error.hand_lost) for error in records(
        "Session #t\nRules: bogus\nSeat 1: Ana\nHand #1\nAna wins 3\nHand #2\nAna wins 3\n"
        "Session ends - Ana wins\n") if isinstance(error, ParseError)]
    assert lost == [(2, False), (4, True), (6, True)]


@pytest.mark.parametrize("header, message", [
    ("Session #t 2026-13-01\nSeat 1: Ana\n",
     "t.txt:1:12: the session header: 2026-13-01 is not a date and time: "
     "month must be in 1..12"),
    ("Session #t\nSeat 1: Ana\nSeat 2: Ana\n",
     "t.txt:3:1: the session header: Ana is seated twice"),
    ("Session #t\nRules: stacks as seated\nSeat 1: Ana\n",
     "t.txt:3:1: the session header: the rules give no starting stack: say it, as in "
     "'Seat 1: Ana (100)'"),
    ("Session #t\nAna: checks\n", "t.txt:2:1: the session header: expected a header line, like "
     "'Seat 1: Ana (100)' or 'Rules: Badugi triple draw, fixed limit 2/4', got 'Ana'"),
])
def test_header_errors(header: str, message: str) -> None:
    assert errors(header) == [message]


def test_a_site_hand_is_its_sites_hand_and_a_house_hand_its_sessions() -> None:
    """The hand's origin on its first line makes it the site's hand (its site and hand id,
    as the site's own log gives them), so an export read back is the same hand."""
    merge = hand_of("Hand #2 - merge hand 33423082-14 - button Ana - 2026-11-27 20:03\n"
                    "Ana wins 3\n")
    assert (merge.site, merge.hand_id, merge.number) == ("merge", "merge#33423082-14", 2)
    stars = hand_of("Hand #3 -pokerstars  hand 49164202872\nAna wins 3\n")
    assert (stars.site, stars.hand_id, stars.number) == ("pokerstars", "ps-49164202872", 3)
    house_hand = hand_of("Hand #3 - button Ana\nAna wins 3\n")
    assert (house_hand.site, house_hand.hand_id) == ("", "t#3")


@pytest.mark.parametrize("line, tournament, buy_in", [
    ("Tournament #330855877 - buy-in $1.00+$0.20", "330855877", "$1.00+$0.20"),
    ("Tournament #243560420", "243560420", None),
    ("Tournament #330855877 - Buy-In $1+$0.20 USD", "330855877", "$1+$0.20 USD"),
    ('Tournament "Sunday 500" – buy-in "€4.60 + €0.40"  # a comment', "Sunday 500",
     "€4.60 + €0.40"),
])
def test_a_sessions_tournament_is_its_hands(line: str, tournament: str,
                                            buy_in: str | None) -> None:
    """A session's ``Tournament`` line names the tournament its hands are of, and its
    buy-in (docs/format.md, "The session header")."""
    hand = hand_of(line + "\nHand #1 - button Ana\nAna wins 3\n")
    assert (hand.tournament, hand.buy_in) == (tournament, buy_in)
    assert (hand_of("Hand #1\nAna wins 3\n").tournament) is None


@pytest.mark.parametrize("line, message", [
    ("Tournament 330855877", "t.txt:4:12: the session header: expected a text in double "
     "quotes, or '#', got '330855877'"),
    ("Tournament #7 - buy-in $1 $2", "t.txt:4:27: the session header: expected the end of "
     "the line, got '$2'"),
    ("Tournament #7 - buy-in", "t.txt:4:23: the session header: expected a text in double "
     "quotes, or the buy-in as the site writes it, such as $1.00+$0.20, but the line ends "
     "there"),
    ("Tournament #7 buy-in $1", "t.txt:4:15: the session header: expected ' - ', got "
     "'buy-in'"),
    ('Tournament ""', "t.txt:4:12: the session header: the tournament's id cannot be empty"),
    ("Tournament #7\nTournament #8", "t.txt:5:1: the session header: the session names its "
     "tournament twice: a session is a table of one tournament"),
])
def test_a_malformed_tournament_line_is_an_error_at_its_place(line: str, message: str) -> None:
    assert errors(HEADER + line + "\nHand #1\nAna wins 3\n")[:1] == [message]


@pytest.mark.parametrize("first, message", [
    ("Hand #2 - pokerstar hand 4916 - button Ana",
     "t.txt:4:11: hand #2: expected a date such as 2026-11-27, a site such as pokerstars, "
     "the amounts' money (USD in cents, chips in cents or PLAY), or 'button', got 'pokerstar'"),
    ("Hand #2 - phh hand 7", "t.txt:4:11: hand #2: expected a date such as 2026-11-27, a "
     "site such as pokerstars, the amounts' money (USD in cents, chips in cents or PLAY), or "
     "'button', got 'phh'"),
    ("Hand #2 - pokerstars 4916", "t.txt:4:22: hand #2: expected 'hand', got '4916'"),
    ("Hand #2 - pokerstars hand - button Ana",
     "t.txt:4:27: hand #2: expected the site's hand number, got '-'"),
    ("Hand #2 - pokerstars hand", "t.txt:4:26: hand #2: expected the site's hand number, "
     "but the line ends there"),
    ("Hand #2 - button Ana - pokerstars hand 4916", "t.txt:4:24: hand #2: expected a date "
     "such as 2026-11-27, or the amounts' money (USD in cents, chips in cents or PLAY), got "
     "'pokerstars'"),
])
def test_a_malformed_origin_is_an_error_at_its_place(first: str, message: str) -> None:
    assert errors(HEADER + first + "\nAna wins 3\n") == [message]


def test_a_button_who_has_no_seat_is_read_with_his_name() -> None:
    """Whether the name misspells a seated player's or is nobody's is the audit's
    judgement (G1): the reader hands it on as written, and loses no hand."""
    assert errors(HEADER + "Hand #2 - button Carl\nAna wins 3\n") == []
    assert hand_of("Hand #2 - button Bruon\nAna wins 3\n").events[0] == Button(
        seat=None, player="Bruon", line=4)
    assert hand_of("Hand #2 - button Bruno\nAna wins 3\n").events[0] == Button(
        seat=2, line=4)


def test_a_hand_without_a_result() -> None:
    assert errors(HEADER + "Hand #1\nAna: checks\n\nHand #2\nAna wins 3\n") == [
        "t.txt:5:1: hand #1: the hand ends without a result line such as 'Ana wins 28'"]


def test_a_file_that_ends_in_the_middle_of_a_hand() -> None:
    found = list(read_records(DATA / "truncated.txt"))
    assert [type(record).__name__ for record in found] == ["SessionStart", "Hand", "ParseError"]
    assert (found[2].line, found[2].message) == (
        19, "hand #2: the file ends in the middle of the hand without a result line such as "
            "'Ana wins 28'")


def test_hands_without_a_session_header() -> None:
    found = list(read_records(DATA / "no_header.txt"))
    assert [(error.line, error.message) for error in found] == [
        (2, "hand #1: cannot be read: there is no session header before it (a house log "
            "starts with 'Session #<id>')"),
        (9, "hand #2: cannot be read: there is no session header before it (a house log "
            "starts with 'Session #<id>')")]


def test_a_file_in_another_format_has_no_session_header() -> None:
    assert errors("Run It Once Poker Hand #30702949: Hold'em No Limit\nSeat 1: Lino19\n") == [
        "t.txt:1:1: no session header: a house log starts with a line like "
        "'Session #fri-1127 \"Friday home game\" 2026-11-27 20:00'; the exports of "
        "PokerStars, Full Tilt, KingsClub, Merge, Winamax, OnGame and Boss Media are recognised by "
        "their first line, and this is none of them"]


def test_a_hand_after_the_session_ended() -> None:
    assert errors(HEADER + "Session ends\nHand #1\nAna wins 3\n") == [
        "t.txt:5:1: hand #1: cannot be read: it comes after the session ended at line 4"]


@pytest.mark.parametrize("content, message", [
    (b"", "empty file"),
    (b"\n  \n# nothing yet\n", "no session and no hands: the file holds only blank lines and "
                               "comments"),
    (b"PK\x03\x04\x14\x00\x00\x00",
     "a binary file, not a hand history (NUL byte at byte offset 5)"),
])
def test_files_that_are_no_hand_history(tmp_path: Path, content: bytes, message: str) -> None:
    path = tmp_path / "log.txt"
    path.write_bytes(content)
    assert [(type(record), record.message) for record in read_records(path)] == [
        (ParseError, message)]


def test_a_binary_tail_is_reported_after_the_hands_before_it() -> None:
    text = (HEADER + "Hand #1\nAna wins 3\nHand #2\n").encode() + b"\x00\x01"
    found = list(read_house(text, name="t.txt"))
    assert [type(record).__name__ for record in found] == ["SessionStart", "Hand", "ParseError"]
    assert str(found[-1]) == ("t.txt:7:1: binary data from here on, not a hand history "
                              "(NUL byte at byte offset 76): the lines before it are read, "
                              "the rest of the file is not")


def test_an_endless_line_stops_the_reading(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(log_text, "CHUNK_BYTES", 16)
    monkeypatch.setattr(log_text, "MAX_LINE_BYTES", 100)
    log = HEADER + "Hand #1\nAna wins 3\nHand #2\n" + "x" * 500
    found = list(read_house(log.encode(), name="t"))
    assert [type(record).__name__ for record in found] == ["SessionStart", "Hand", "ParseError"]
    assert str(found[-1]) == "t:7:1: line longer than 100 bytes: not a hand history"


def test_a_hand_that_never_ends_is_cut_short(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(house, "MAX_BLOCK_LINES", 10)
    text = HEADER + "Hand #1\n" + "Ana: checks\n" * 20 + "Ana wins 3\nHand #2\nAna wins 1\n"
    found = records(text)
    assert [type(record).__name__ for record in found] == ["SessionStart", "ParseError", "Hand"]
    assert found[1].message == "hand #1: more than 10 lines without a 'Hand #' line"
    assert found[1].text.count("\n") == 9


# -- streaming --------------------------------------------------------------------------

class CountingLog:
    """An endless binary log, counting the hands it has handed out."""

    def __init__(self) -> None:
        self.hands_served = 0
        self.pending = HEADER.encode()

    def read(self, size: int = -1) -> bytes:
        assert size >= 0, "the reader must not read the whole log"
        while len(self.pending) < size:
            self.hands_served += 1
            self.pending += (
                f"Hand #{self.hands_served} - button Ana\nAna: posts small blind 1\n"
                "Bruno: posts big blind 2\nDealt to Ana [As 2h 3d Kd]\nAna: folds\n"
                "Uncalled bet 1 returned to Bruno\nBruno wins 2\n").encode()
        served, self.pending = self.pending[:size], self.pending[size:]
        return served


def test_reading_is_lazy_one_hand_at_a_time() -> None:
    log = CountingLog()
    reader = read_house(log, name="endless")
    assert isinstance(next(reader), SessionStart)
    read_ahead = 2 * log_text.CHUNK_BYTES // 150  # two chunks, of hands of 150 bytes or more
    for number in range(1, 5001):
        hand = next(reader)
        assert hand.number == number
        assert log.hands_served <= number + read_ahead


# -- finding and recognising logs --------------------------------------------------------

def test_iter_log_files_expands_folders(tmp_path: Path) -> None:
    (tmp_path / "a" / "b").mkdir(parents=True)
    for name in ["a/one.txt", "a/b/two.LOG", "a/skip.csv", "three.txt"]:
        (tmp_path / name).write_text("")
    assert list(iter_log_files([tmp_path / "a", tmp_path / "three.txt"])) == [
        tmp_path / "a" / "b" / "two.LOG", tmp_path / "a" / "one.txt", tmp_path / "three.txt"]
    with pytest.raises(FileNotFoundError):
        list(iter_log_files([tmp_path / "missing"]))


def test_read_records_recognises_a_house_log_after_comments() -> None:
    assert [type(record).__name__ for record in read_records(DATA / "session.txt")] == [
        "SessionStart", "Hand", "Hand", "Hand", "SessionEnd"]


# The shape cache (lines with cards parsed once per shape) must give exactly
# what parsing each line gives; these lines mix card lists with descriptions
# and comments that hold brackets too.
card_lines = st.one_of(
    st.builds(format_event, st.one_of(
        st.builds(Deal, player=st.just("Ana"), cards=st.lists(st.sampled_from(
            [*c("As 2h 10d Kc Jk"), None]), max_size=5).map(tuple)),
        st.builds(Draw, player=st.just("Bruno"),
                  discarded=st.lists(st.sampled_from([*c("4c 8h"), None]), max_size=3).map(tuple),
                  drawn=st.none() | st.lists(st.sampled_from(c("Qs 5d")), max_size=3).map(tuple)),
        st.builds(Show, player=st.just("Ana"), cards=st.just(c("As 2h")),
                  description=st.none() | st.sampled_from(["best [As]", "[]", "x) [2h 3d] (y",
                                                            "badugi 8-7-6-3", "", "(x)", "a) (b",
                                                            "x # y"])),
        st.builds(Burn, card=st.sampled_from([*c("5c Jk"), None])),
    )),
    st.sampled_from(["Dealt to Ana [As Xx]", "Dealt to Ana [As] [2h]", "Burn [5c 6d]",
                     "Dealt to Ana [[As]", "Ana: shows [] (a [b)", "Bruno: discards 1 [As] [Kd]",
                     "Ana: shows [As 2h](x)", "Ana: shows [As 2h] (a)b", "Ana: mucks [As] (x)",
                     "Ana: shows [As] in run 2 (x)", "Ana: shows [As 2h] (\0)",
                     "Ana: shows [As 2h] (a) # (b)", "Dealt to Ana [As] (x)"]),
).flatmap(lambda line: st.sampled_from([line, line + " # [Kd 2h]", line + "  # see [x]"]))


def assert_read_as_parsed_alone(line: str) -> None:
    """The line's events, or its error (message and column), are those the grammar gives
    it parsed alone, with no cache or shape."""
    try:
        expected = [make(line=3) for make in parse_line.__wrapped__(line, "hand_line")]
    except LineError as error:
        with pytest.raises(LineError) as raised:
            hand_line_events(line, 3)
        assert (raised.value.message, raised.value.column) == (error.message, error.column)
    else:
        assert hand_line_events(line, 3) == expected


@settings(max_examples=400, deadline=None)
@given(card_lines)
def test_a_line_with_cards_reads_as_if_parsed_alone(line: str) -> None:
    assert_read_as_parsed_alone(line)


#: Lines with numbers, a {} for each: the numbers of most are read from a copy of the line
#: with stand-ins; those of a pot's name, a description, a comment or a quoted name, a
#: count, and a number too large are not, and each reads as the grammar reads it.
AMOUNT_LINES = [
    "Ana wins {}", "Ana wins {} from side pot {} (badugi {})", "Ana wins {} from pot {}",
    "Ana: folds # {} chips", '"Mr {}" wins {}', '"Mr {} x": calls {}', "*** DRAW {} ***",
    "*** BETTING ROUND {} ***", "Ana: raises {} to {} and is all-in", "Ana: raises to {}",
    "Total pot {} | Rake {}", "Net: Ana -{}, Bruno +{}", "Ana: discards {}",
    "Ana: discards {} cards", "Ana: calls {},", "Stacks: Ana {} , Bruno {},Zoë {}",
    "Seat {}: {} ({})", "Uncalled bet {} returned to {}", "Collected: Ana {}, Bruno {}",
    "Ana: posts small blind {}", "Ana: bets {}\t# and {}", "Rake {}", "Ana wins {}{}",
    "Ana: bets {} {}", "{}: checks", "Ana: posts ante {} and is all-in",
]


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(AMOUNT_LINES).flatmap(lambda line: st.lists(
    st.sampled_from(["0", "1", "2", "28", "007", "52", "53", "1" + "0" * 14, "9" * 15,
                     "1" + "0" * 15, "9" * 25]),
    min_size=line.count("{}"), max_size=line.count("{}")).map(lambda numbers: line.format(
        *numbers))))
def test_a_line_with_numbers_reads_as_if_parsed_alone(line: str) -> None:
    assert_read_as_parsed_alone(line)


@settings(max_examples=400, deadline=None)
@given(st.tuples(
    st.sampled_from(["1", "7", "12", "007", "9" * 15, "9" * 16]),
    st.sampled_from(["", " - pokerstars hand 49164202872", " - merge hand 33423082-14",
                     " -ongame hand\tR5-174428515-248", " - winamax hand 2026-11-27",
                     " - pokerstar hand 7", " - pokerstars hand", " - pokerstars hand -7",
                     " - pokerstars 7", " - phh hand 7", " - merge hand 1#2",
                     " - PokerStars hand 7", " - Full Tilt hand 7", " - full  tilt hand 7",
                     " - button Ana hand 7", " - MERGE hand 7"]),
    st.sampled_from(["", " - button Ana", " - button seat 3", " - button 2026-11-27",
                     " - button Ana # 2026-11-27 20:00"]),
    st.sampled_from(["", " - 2026-11-27", " - 2026/11/27 20:03", " - 2026-11-27 9:05:59",
                     " - 2026-02-30 20:00", " - 9999-12-31 23:59", " - 2026-11-27 24:00",
                     " - 2026-11-2720:00", " - 2026-11-27 20:00x"]),
    st.sampled_from(["", " - USD in cents", " - chips", " # 2026-11-27"]),
).map(lambda parts: "Hand #" + "".join(parts)))
def test_a_hands_first_line_reads_as_if_parsed_alone(line: str) -> None:
    try:
        expected = parse_line.__wrapped__(line, "hand_start")
    except LineError as error:
        with pytest.raises(LineError) as raised:
            house._hand_start(line)
        assert (raised.value.message, raised.value.column) == (error.message, error.column)
    else:
        read = house._hand_start(line)
        assert read == expected
        assert getattr(read.button, "column", None) == getattr(expected.button, "column", None)


def assert_session_line_read_as_parsed_alone(line: str) -> None:
    """A session's first line reads (or fails, with the same message and column) as the
    grammar reads it alone, with no shape."""
    try:
        expected = parse_line.__wrapped__(line, "session_line")
    except LineError as error:
        with pytest.raises(LineError) as raised:
            house._session_line(line)
        assert (raised.value.message, raised.value.column) == (error.message, error.column)
    else:
        assert house._session_line(line) == expected


@settings(max_examples=400, deadline=None)
@given(st.tuples(
    st.sampled_from(["Session #", "Session # ", "Session#", "  Session\t#", "Session #x ",
                     "Session ends"]),
    st.sampled_from(["fri-1127", "a.b_c", "ends", "12", "Zoë-1", "a#b", "", "s" * 600]),
    st.sampled_from(["", ' "Friday home game"', ' "a \\" b"', ' "back\\\\slash"', ' ""',
                     ' "2026-11-27 20:00"', ' "# not a comment"', ' "open', "\t\"x\""]),
    st.sampled_from(["", " 2026-11-27", " 2026/11/27 20:03", " 2026-11-27 9:05:59",
                     " 2026-02-30 20:00", " 9999-12-31 23:59", " 2026-11-27 24:00",
                     " 2026-11-2720:00", " 2026-11-27 20:00x"]),
    st.sampled_from(["", " # 2026-11-27 20:00", "  # x", " x"]),
).map("".join))
def test_a_session_header_reads_as_if_parsed_alone(line: str) -> None:
    assert_session_line_read_as_parsed_alone(line)


@settings(max_examples=400, deadline=None)
@given(st.sampled_from([
    "Session ends - {} wins - stacks Ana {}, Bruno {}", "Session ends - draw - stacks Ana {}",
    "Session ends - Ana wins - stacks {} {}, Bruno {}", "Session ends - stacks Ana {},Bruno {}",
    "Session ends - Ana wins # {} chips", "Session ends - {}", "Session ends",
    'Session ends - "Mr {}" wins - stacks "Mr {}" {}', "Session ends - stacks Ana {} {}",
]).flatmap(lambda line: st.lists(
    st.sampled_from(["0", "7", "28", "007", "1" + "0" * 14, "9" * 15, "1" + "0" * 15, "9" * 25]),
    min_size=line.count("{}"), max_size=line.count("{}")).map(lambda numbers: line.format(
        *numbers))))
def test_a_session_end_reads_as_if_parsed_alone(line: str) -> None:
    assert_session_line_read_as_parsed_alone(line)


def test_the_line_cache_does_not_change_results() -> None:
    parse_line.cache_clear()
    first = records((DATA / "session.txt").read_text(encoding="utf-8"))
    assert records((DATA / "session.txt").read_text(encoding="utf-8")) == first


def test_the_grammar_names_the_sites_whose_hand_numbers_name_a_hand_anywhere() -> None:
    """A hand's first line may name a site's hand: a site of the registry whose hand ids
    are not its files' own, by its id or its name, in any case (docs/format.md, "A site's
    hand"); the hand is the site's, by its id."""
    site_word = re.compile(house.house_parser().get_terminal("SITE").pattern.to_regexp(),
                           re.IGNORECASE)
    named = {site.id for site in SITES if site.hand_id_prefix}
    for site in SITES:
        for spelling in {site.id, site.id.upper(), site.name, site.name.lower()} - {""}:
            assert bool(site_word.fullmatch(spelling)) == (site.id in named), spelling
    for site_id in named:
        for spelling in (site_id, site_id.upper(), site_of(site_id).name):
            hand = hand_of(f"Hand #3 - {spelling} hand 49\nAna wins 3\n")
            assert (hand.site, hand.hand_id) == (site_id, str(HandId(site=site_id, number="49")))
    for site_id, spelling in (("pokerstars", "PokerStars Hand #49"),
                              ("pokerstars", "POKERSTARS HAND 49"),
                              ("fulltilt", "Full Tilt Poker Hand #49"),
                              ("fulltilt", "full tilt poker hand 49")):   # as headers write it
        hand = hand_of(f"Hand #3 - {spelling}\nAna wins 3\n")
        assert (hand.site, hand.hand_id) == (site_id, str(HandId(site=site_id, number="49")))


def test_the_grammar_names_the_halves_of_the_registry_and_the_older_lowball() -> None:
    """A split pot's half is named as the game registry names it; ``lowball``, the word
    of older logs for the second half of Badeucy and Badacey, stays read (docs/format.md)."""
    grammar = house.GRAMMAR_PATH.read_text(encoding="utf-8")
    words = set(re.findall(r'"([^"]+)"', re.search(r"^HALF:(.*)$", grammar, re.M)[1]))
    assert words == {half.name for game in GAMES.values() if game.split
                     for half in game.halves} | {LOWBALL_HALF}


def test_the_grammar_and_the_reader_know_the_same_setting_clauses() -> None:
    """A ``Rules`` clause of fixed words is the grammar's ``setting``, whose words the
    reader looks up in its table: a clause in one alone would fail to parse, or fail to
    be looked up."""
    grammar = house.GRAMMAR_PATH.read_text(encoding="utf-8")
    rule = re.search(r"^!setting:(.*?)\n\n", grammar, re.M | re.S)[1]
    alternatives = re.sub(r"//[^\n]*", "", rule).split("|")
    clauses = {" ".join(re.findall(r'"([^"]+)"', words)) for words in alternatives}
    assert clauses == set(house.SETTING_CLAUSES)
    for words, changes in house.SETTING_CLAUSES.items():
        assert house.parse_line(f"Rules: {words}", "header_line").changes == changes


# A card list's words are looked up in a table of the spellings the grammar's CARD
# matches; any other word or blank sends the list to the grammar's own CARDS pattern.
CARD_WORDS = ["As", "aS", "10d", "10D", "Td", "tD", "??", "jk", "JK", "Joker", "jOkEr", "A♠",
              "a♤", "Xx", "1d", "10", "As]", "", "A s", "ks", "Kh#"]


@settings(max_examples=400, deadline=None)
@given(st.tuples(
    st.sampled_from(["Dealt to Ana [{}]", "Bruno: discards 2 [{}] draws [{}]",
                     "Ana: shows [{}] (x [y] (z))", '"Mr [A]": mucks [{}]',
                     "Ana: shows [{}] in run 2", "Dealt to Ana [{}] # [{}]"]),
    st.lists(st.tuples(st.lists(st.sampled_from(CARD_WORDS), max_size=5),
                       st.sampled_from([" ", "  ", "\t", " \t"]),
                       st.sampled_from(["", " ", "\t"])), min_size=2, max_size=2),
).map(lambda case: case[0].format(*(edge + blank.join(words) + edge
                                    for words, blank, edge in case[1]))))
def test_a_card_list_reads_as_the_grammar_reads_it(line: str) -> None:
    assert_read_as_parsed_alone(line)


def test_the_card_words_are_those_the_grammar_reads() -> None:
    card = re.compile(house.house_parser().get_terminal("CARD").pattern.to_regexp())
    words = house._card_words()
    assert all(card.fullmatch(word) and words[word] == house._card(word) for word in words)
    assert {str(each) for each in DECK} | {str(each).lower() for each in DECK} <= set(words)


def test_an_event_the_reader_cannot_make_by_filling_its_fields_is_refused() -> None:
    """The readers make events by filling in their fields' slots (slots.made_event): an event
    whose own constructor does more (a __post_init__, a default factory) is refused, so
    the reader cannot make one that its constructor would not."""
    @dataclass(frozen=True, slots=True, kw_only=True)
    class Checked(Fold):
        def __post_init__(self) -> None:
            raise ValueError("checked")

    @dataclass(frozen=True, slots=True, kw_only=True)
    class Listed(Fold):
        seen: list[str] = field(default_factory=list)

    for kind in (Checked, Listed):
        with pytest.raises(TypeError):
            made_event(functools.partial(kind, player="Ana"))
    assert made_event(functools.partial(Fold, player="Ana"))[0] is Fold


class _ParsedEachTime(dict):
    """A hand line's plan from the grammar (of ``reader``, a house reader's module), each
    time the line comes."""

    def __init__(self, reader: ModuleType) -> None:
        super().__init__()
        self.reader = reader

    def __missing__(self, text: str) -> object:
        return self.reader._parsed_plan(text)


@functools.cache
def _house_as_python() -> ModuleType:
    """The reader run from its source, apart: the install may have compiled
    :mod:`badugi_hh.parsers.house`, whose calls of its own functions no patch reaches
    (tests/test_compiled.py holds the compiled reader to this one)."""
    source = Path(house.__file__).with_name("house.py")
    spec = importlib.util.spec_from_file_location("house_as_python", source)
    assert spec is not None and spec.loader is not None
    module = sys.modules[spec.name] = importlib.util.module_from_spec(spec)   # (dataclasses)
    spec.loader.exec_module(module)
    return module


def _read_by_the_grammar_alone(monkeypatch: pytest.MonkeyPatch, text: str) -> list:
    """The records of ``text``, each line parsed by the grammar: no plan kept by a line's
    text, no shape of a line with cards or numbers, no shape of a hand's first line or of
    a session's first line."""
    python = _house_as_python()
    monkeypatch.setattr(python, "_LINE_PLANS", _ParsedEachTime(python))
    monkeypatch.setattr(python, "_shape", lambda texts_and_sizes: None)
    monkeypatch.setattr(python, "_hand_start",
                        lambda line: python.parse_line(line, "hand_start"))
    monkeypatch.setattr(python, "_session_line",
                        lambda line: python.parse_line(line, "session_line"))
    try:
        return list(python.read_house(text, name="t.txt"))
    finally:
        monkeypatch.undo()


def _six_handed_log(hands: int) -> str:
    out = io.StringIO()
    write_records(simulated_records(hands, seed=7, players=6), out)
    return out.getvalue()


#: Lines the shapes must read as the grammar does, or refuse as it does: names in quotes,
#: brackets and parentheses in descriptions and comments, damaged lines, a long line.
ODD_HAND = HEADER.replace("Ana", '"Ana [1]"') + """
Hand #1 - button "Ana [1]" - 2026-11-27 20:03
"Ana [1]": posts small blind 1
Bruno: posts big blind 2
Dealt to "Ana [1]" [As 2h 3d 4c]
Dealt to Bruno [?? ??  ?? ??]
"Ana [1]": raises 2 to 4 # [Kd] (x)
Bruno: calls 2
*** FIRST DRAW ***
"Ana [1]": discards 1 [4c] draws [Kc]
Bruno: discards 2 [5d	6d] draws [7d 8d]
*** SHOWDOWN ***
"Ana [1]": shows [As 2h 3d Kc] (badugi K-3-2-A [best] (of (all)))
Bruno: shows [5d 6d 7d 8d] (""" + "x" * 600 + """)
"Ana [1]" wins 8 (badugi [K-3-2-A])

Hand #2 - button Bruno
"Ana [1]": posts small blind 1
Bruno: posts big blind 2
Dealt to Bruno [As 2h 3d 4c] [5c]
"Ana [1]" wins 3

Hand #3 - button "Ana [1]"
Bruno: mucks [5d 6d 7d Zd]
"Ana [1]": raises 2 to
"Ana [1]" wins 3

Hand #4 - button Bruno
"Ana [1]": raises 2 to
"Ana [1]" wins 3
"""


def _sites_hands(_: int) -> str:
    """Sites' hands as house text: each first line names its site's hand."""
    hands, session = [], None
    for path in sorted((Path(__file__).parent / "data" / "real").glob("[mow]*/*.txt")):
        for record in read_records(path):
            session = record if isinstance(record, SessionStart) else session
            if isinstance(record, Hand):
                hands.append((session, record))
    return house_log(hands)[0]


@pytest.mark.parametrize("name", ["every_line.txt", "session.txt", "bad_third_hand.txt",
                                  "leaks.txt", "truncated.txt", "six-handed", "odd", "sites"])
def test_a_log_reads_alike_with_the_line_caches_and_by_the_grammar_alone(
        monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    text = {"six-handed": _six_handed_log, "odd": lambda _: ODD_HAND, "sites": _sites_hands}.get(
        name, lambda _: (DATA / name).read_text(encoding="utf-8"))(40)
    house.clear_caches()
    cached = records(text)
    assert records(text) == cached   # with every cache filled
    assert _read_by_the_grammar_alone(monkeypatch, text) == cached
    if name == "odd":
        assert [type(record).__name__ for record in cached] == [
            "SessionStart", "Hand", "ParseError", "ParseError", "ParseError"]


def test_a_hand_whose_lines_zeros_took_is_not_judged_after_them() -> None:
    """Zeros (a crash's, a disk repair's) where a hand's draw and burn were: the hand is
    kept with the lines before them, not judged after them (a false D3 otherwise)."""
    hand = ("Hand #1 - button Ana\nAna: posts small blind 1\nBruno: posts big blind 2\n"
            "Dealt to Bruno [Qc Ac Ks 2d]\nDealt to Ana [9h 5c 2h 5s]\nAna: calls 1\n"
            "Bruno: checks\n*** FIRST DRAW ***\nBurn [Jd]\nBruno: discards 0\nAna: discards 0\n"
            "Bruno: checks\nAna: checks\n*** SECOND DRAW ***\nBurn [9d]\nBruno: discards 0\n"
            "Ana: discards 0\nBruno: checks\nAna: checks\n*** THIRD DRAW ***\nBurn [8d]\n"
            "Bruno: discards 0\nAna: discards 0\nBruno: checks\nAna: checks\n"
            "*** SHOWDOWN ***\nBruno: shows [Qc Ac Ks 2d]\nAna: shows [9h 5c 2h 5s]\n"
            "Bruno wins 4\n")
    clean = records(HEADER + "\n" + hand)
    assert [v for r in audit(iter(clean)) if isinstance(r, HandReport) for v in r.violations
            ] == []
    lines = (HEADER + "\n" + hand).split("\n")
    lines[11:13] = ["\0" * len(lines[11]), "\0" * len(lines[12])]   # the draw and its burn
    read = records("\n".join(lines))
    [kept] = [r for r in read if isinstance(r, Hand)]
    assert kept.damaged == (12, 13)
    assert [v for r in audit(iter(read)) if isinstance(r, HandReport) for v in r.violations
            ] == []
