"""The Winamax reader on the real export in tests/data/real/winamax/ and on hands written
here, from the wording of Winamax's exports, for shapes the real file lacks."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from pathlib import Path

import pytest

from badugi_hh.cards import parse_cards as c
from badugi_hh.engine import HandReport, audit
from badugi_hh.events import (
    Award, Bet, Button, Call, Check, Deal, Draw, DrawnCards, Fold, Hand, Note, ParseError,
    PostBlind, PotTotal, Raise, Record, Seat, SessionStart, Show, SkippedHand, Street,
    SummaryResult,
)
from badugi_hh.ledger import hand_ledger
from badugi_hh.parsers import dialect_of, read_records
from badugi_hh.parsers.winamax import parse_line, read_winamax
from sitekit import REAL, at

WINAMAX = REAL / "winamax" / "cash-27td-fl-0.50-1-201610.txt"
HIDDEN = (None,) * 5


def the_hand() -> Hand:
    session, hand = read_records(WINAMAX)
    assert isinstance(session, SessionStart)
    return hand


def test_the_real_export_is_one_session_of_one_hand() -> None:
    session, hand = read_records(WINAMAX)
    assert (session.session_id, session.title) == ("winamax:Suceava 02:20161011-124236",
                                                   "Suceava 02")
    assert (hand.hand_id, hand.number, hand.unit, hand.damaged) == (
        "winamax#9160772-2-1476189756", 2, 100, ())
    assert hand.started_at == datetime(2016, 10, 11, 12, 42, 36)
    rules = hand.ruleset
    assert (rules.game, rules.structure, rules.small_blind, rules.big_blind, rules.small_bet,
            rules.big_bet, rules.max_players, rules.rake) == ("27td", "fixed", 25, 50, 50, 100,
                                                              6, True)


@pytest.mark.parametrize(("line", "events"), [
    (2, [Button(line=2, seat=4)]),
    (4, [Seat(line=4, player="Player3", seat=2, stack=1305)]),
    (10, [PostBlind(line=10, player="Player0", amount=25, kind="small")]),
    (12, [PostBlind(line=12, player="Player4", amount=50, kind="big")]),   # out of position
    (15, [Street(line=15, kind="deal"), *(Deal(line=15, player=name, cards=HIDDEN)
                                          for name in ("Player4", "Player3", "Player2",
                                                       "Player1", "Player0", "Hero"))]),
    (18, [Raise(line=18, player="Player2", to=100, by=50)]),
    (20, [Call(line=20, player="Player0", amount=75)]),
    (24, [Street(line=24, kind="draw", number=1)]),
    (27, [Draw(line=27, player="Player4", discarded=(None,) * 4)]),
    (29, [Draw(line=29, player="Player2", discarded=())]),                 # "discard 0 card"
    (30, [Street(line=30, kind="betting", number=2)]),
    (35, [Bet(line=35, player="Player2", amount=50)]),
    (59, [Street(line=59, kind="showdown")]),
    (60, [Show(line=60, player="Player4", cards=c("3s 2c 5s Ks 8c"),
               description="High card : King")]),
    (63, [Award(line=63, player="Player2", amount=1215)]),
    (64, [Street(line=64, kind="summary")]),
    (65, [PotTotal(line=65, total=None, rake=85)]),
    (66, []),                                   # a summary seat line restates the play
])
def test_lines_become_events(line: int, events: list) -> None:
    assert at(the_hand(), line) == events


def test_the_ledger_counts_what_each_player_put_in_and_took() -> None:
    ledger = hand_ledger(the_hand())
    assert {name: (p.put_in, p.collected, p.net) for name, p in ledger.items()} == {
        "Player4": (350, 0, -350), "Player3": (350, 0, -350), "Player2": (350, 1215, 865),
        "Player1": (0, 0, 0), "Player0": (100, 0, -100), "Hero": (150, 0, -150)}
    assert ledger["Player2"].rake == 85


TOURNAMENT = """\
Winamax Poker - Tournament "Mix 8 Games" buyIn: 4.50€ + 0.50€ level: 3 - HandId: \
#1853325-12-1478989461 - 2-7 Triple Draw fixed limit (40/80) - 2016/11/12 22:24:21 UTC
Table: 'Mix 8 Games(1853325)#004' 6-max (real money) Seat #1 is the button
Seat 1: Ana Lou (1460)
Seat 2: Bruno (2047.50)
Seat 3: Carl (1500)
*** ANTE/BLINDS ***
Carl denies big blind
Bruno posts small blind 20
Ana Lou posts big blind 40
*** FIRST-BET ***
Dealt to Ana Lou [2h Td 8c 7c 8s]
Bruno raises 40 to 80
Ana Lou calls 40
*** FIRST-DRAW ***
Bruno discard 1 card
Ana Lou discard 2 cards
Dealt to Ana Lou [2h 8c 7c] [3d 4s]
*** SECOND-BET ***
Bruno bets 40
Ana Lou raises 40 to 80 and is all-in
Bruno calls 40
Bruno collected 320 from pot
*** SUMMARY ***
Total pot 320 | No rake
Seat 2: Bruno (small blind) won 320
"""


def test_a_tournament_hand_with_a_player_sitting_out() -> None:
    session, hand = read_winamax(TOURNAMENT, name="t.txt")
    assert (session.session_id, session.title) == (
        "winamax:Mix 8 Games(1853325)#004:20161112-222421", "Mix 8 Games(1853325)#004")
    assert (hand.ruleset.small_blind, hand.ruleset.small_bet, hand.ruleset.rake) == (
        2000, 4000, False)
    events = hand.events
    assert events[2] == Seat(line=5, player="Carl", seat=3, stack=150000, in_hand=False)
    assert at(hand, 7) == [Note(line=7, kind="table", text="Carl denies big blind")]
    assert at(hand, 11) == [Deal(line=11, player="Ana Lou", cards=c("2h Td 8c 7c 8s"))]
    assert at(hand, 10) == [Street(line=10, kind="deal"), Deal(line=10, player="Bruno",
                                                                 cards=HIDDEN)]
    assert at(hand, 17) == [DrawnCards(line=17, player="Ana Lou", cards=c("3d 4s"),
                                       kept=c("2h 8c 7c"))]
    assert at(hand, 20) == [Raise(line=20, player="Ana Lou", to=8000, by=4000, all_in=True)]


def test_a_tournament_keeps_one_session_across_levels() -> None:
    second = TOURNAMENT.replace("level: 3", "level: 4").replace("(40/80)", "(60/120)").replace(
        "-12-", "-13-")
    records = list(read_winamax(TOURNAMENT + "\n" + second, name="t.txt"))
    assert [type(r).__name__ for r in records] == ["SessionStart", "Hand", "Hand"]


@pytest.mark.parametrize(("header", "game"), [
    ("Holdem no limit (0.02€/0.05€)", "Hold'em No Limit"),
    ("Omaha pot limit (1€/2€)", "Omaha Pot Limit"),
    ("7-Card Stud fixed limit (5€/25€/50€)", "7-Card Stud"),
    ("Razz fixed limit (5€/25€/50€)", "Razz"),
])
def test_other_games_are_skipped_by_name(header: str, game: str) -> None:
    text = (f"Winamax Poker - Go Fast \"Buzau\" - HandId: #1-2-3 - {header} - "
            "2017/04/01 10:00:00 UTC\nTable: 'Buzau' 2-max (real money) Seat #1 is the button\n"
            "whatever the play\n")
    (skipped,) = read_winamax(text, name="h.txt")
    assert isinstance(skipped, SkippedHand)
    assert (skipped.game, skipped.hand_id, skipped.line) == (game, "winamax#1-2-3", 1)


@pytest.mark.parametrize(("text", "start", "event"), [
    ("posts ante 5€", "action", PostBlind(player="A", amount=500, kind="ante")),
    ("posts big blind 0.05€ and is all-in", "action",
     PostBlind(player="A", amount=5, kind="big", all_in=True)),
    ("checks", "action", Check(player="A")),
    ("folds", "action", Fold(player="A")),
    ("calls 24€ and is all-in", "action", Call(player="A", amount=2400, all_in=True)),
    ("bets 2380 and is all-in", "action", Bet(player="A", amount=238000, all_in=True)),
    ("raises -6.10€ to 18.90€", "action", Raise(player="A", to=1890)),
    ("stands pat [X X X X X]", "action", Draw(player="A", discarded=())),
    ("collected 9.25€ from main pot", "action", Award(player="A", amount=925, pot="main")),
    ("collected 3€ from side pot 1", "action", Award(player="A", amount=300, pot="side 1")),
])
def test_action_shapes(text: str, start: str, event: object) -> None:
    assert parse_line(text, start)(player="A", line=0) == event


@pytest.mark.parametrize(("text", "result"), [
    ("(small blind) folded on the pre-flop", SummaryResult(player="A", won=0)),
    ("(button) folded", SummaryResult(player="A", won=0)),
    ("(big blind) won 3€", SummaryResult(player="A", won=300)),
    ("(small blind) (button) won 12€", SummaryResult(player="A", won=1200)),
    ("showed [3h 7d 5h 8d 2d] and won 12.15 with High card : 8",
     SummaryResult(player="A", won=1215, cards=c("3h 7d 5h 8d 2d"),
                   description="High card : 8")),
    ("showed [3s 2c 5s Ks 8c] and lost with High card : King",
     SummaryResult(player="A", won=0, cards=c("3s 2c 5s Ks 8c"),
                   description="High card : King")),
])
def test_summary_seat_shapes(text: str, result: SummaryResult) -> None:
    # what the line claims: a seated player's is the play restated, and makes no event
    # (test_lines_become_events); a name no seat holds makes it his (G1)
    assert parse_line(text, "seat_summary")(player="A", line=0) == result


def test_blinds_out_of_position_dead_and_both() -> None:
    text = TOURNAMENT.replace("Carl denies big blind\n",
                              "Carl posts small blind 60 out of position\n"
                              "Carl posts big blind 0 out of position\n")
    session, hand = read_winamax(text, name="t.txt")
    assert at(hand, 7) == [PostBlind(line=7, player="Carl", amount=6000, kind="small+big")]
    assert at(hand, 8) == [Note(line=8, kind="table",
                                text="Carl posts big blind 0 out of position")]
    dead = TOURNAMENT.replace("Carl denies big blind", "Carl posts small blind 20 out of position")
    session, hand = read_winamax(dead, name="t.txt")
    assert at(hand, 7) == [PostBlind(line=7, player="Carl", amount=2000, kind="dead")]


def test_a_bad_play_line_costs_that_line_only() -> None:
    text = TOURNAMENT.replace("Bruno bets 40", "Bruno best 40")
    records = list(read_winamax(text, name="t.txt"))
    errors = [r for r in records if isinstance(r, ParseError)]
    assert [(str(e), e.hand_lost) for e in errors] == [
        ("t.txt:19:7: Winamax hand 1853325-12-1478989461: expected an action like 'calls 0.50€' "
         "(posts, denies, checks, folds, bets, calls, raises, discard, stands pat, shows, "
         "collected), got 'best'", False)]
    (hand,) = [r for r in records if isinstance(r, Hand)]
    assert hand.damaged == (19,)


@pytest.mark.parametrize(("old", "new", "event"), [
    ("Ana Lou calls 40", "Ana Luo calls 40", Call(line=13, player="Ana Luo", amount=4000)),
    ("Bruno collected 320", "Bruon collected 320", Award(line=22, player="Bruon", amount=32000)),
])
def test_a_name_no_seat_holds_is_read_as_written_and_the_hand_kept(
        old: str, new: str, event: Call | Award) -> None:
    """A misspelt name in a line of play: the shortest front before an action is the
    name, and the engine reports it (G1) and gives the line to nobody, as on every
    site (the seated player then still to act, what follows is judged so); the hand is
    kept and judged, not lost to a line it cannot read."""
    records = list(read_winamax(TOURNAMENT.replace(old, new), name="t.txt"))
    assert not [r for r in records if isinstance(r, ParseError)]
    session, hand = records
    assert at(hand, event.line) == [event]
    before = judged(read_winamax(TOURNAMENT, name="t.txt"))
    added = [found for found in judged(records) if found not in before]
    assert added[0] == ("G1", event.line, f"{event.player} is not seated at this table")


@pytest.mark.parametrize(("old", "new", "event"), [
    ("Dealt to Ana Lou [2h Td", "Dealt to Ana Luo [2h Td",
     Deal(line=11, player="Ana Luo", cards=c("2h Td 8c 7c 8s"))),
    ("Dealt to Ana Lou [2h 8c", "Dealt to Ana Luo [2h 8c",
     DrawnCards(line=17, player="Ana Luo", cards=c("3d 4s"), kept=c("2h 8c 7c"))),
    ("Seat 2: Bruno (small", "Seat 2: Bruon (small", SummaryResult(line=25, player="Bruon",
                                                                    won=32000)),
])
def test_a_deal_or_summary_line_naming_no_seated_player_is_his_and_one_g1(
        old: str, new: str, event: Deal | DrawnCards | SummaryResult) -> None:
    """A misspelt name after ``Dealt to`` or in a summary's seat line is read as written,
    as PokerStars' reader reads it: the engine reports him (G1) and the cards or the
    claim are nobody's; the hand is kept and judged, not cut at a line it cannot read."""
    records = list(read_winamax(TOURNAMENT.replace(old, new), name="t.txt"))
    assert not [r for r in records if isinstance(r, ParseError)]
    session, hand = records
    assert at(hand, event.line) == [event]
    before = judged(read_winamax(TOURNAMENT, name="t.txt"))
    added = [found for found in judged(records) if found not in before]
    assert added[0] == ("G1", event.line, f"{event.player} is not seated at this table")
    if type(event) is SummaryResult:   # a claim of nobody's chips, not checked
        assert len(added) == 1


def judged(records: Iterable[Record]) -> list[tuple[str, int, str]]:
    """The (rule, line, message) of each violation the audit of ``records`` finds."""
    return [(v.rule, v.line, v.message) for r in audit(records)
            if isinstance(r, HandReport) for v in r.violations]


def test_a_hand_without_its_collected_line_is_lost() -> None:
    text = TOURNAMENT.replace("Bruno collected 320 from pot\n", "")
    (error,) = read_winamax(text, name="t.txt")
    assert isinstance(error, ParseError) and error.hand_lost
    assert "the hand ends without a line such as 'Ana collected" in error.message


def test_the_dialect_is_recognised_by_its_first_line(tmp_path: Path) -> None:
    assert dialect_of(WINAMAX.read_text(encoding="utf-8").splitlines()[0]).name == "winamax"
    copy = tmp_path / "wina.txt"
    copy.write_text(TOURNAMENT, encoding="utf-8")
    assert [type(r).__name__ for r in read_records(copy)] == ["SessionStart", "Hand"]
