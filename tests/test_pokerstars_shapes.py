"""Every line shape the PokerStars reader knows (docs/format.md, "PokerStars hand
histories"), each read from a small hand written from the site's documented wording,
and the hand shapes the real exports lack: a tournament with a player moved in, side
pots -1 and -2, a mixed-game file, names with blanks, a cancelled hand.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from badugi_hh.cards import parse_cards
from badugi_hh.engine import HandReport, audit
from badugi_hh.events import (
    Award, Bet, Call, Check, Deal, Draw, DrawnCards, Event, Fold, Hand, Muck, Note, ParseError,
    PostBlind, PotTotal, Raise, Record, Seat, Show, SkippedHand, StackStated, Street,
    SummaryResult, UncalledReturned,
)
from badugi_hh.ledger import hand_ledger
from badugi_hh.parsers.pokerstars import read_pokerstars
from sitekit import REAL

HEADER = "PokerStars Hand #1: Badugi Limit ($0.25/$0.50 USD) - 2020/01/01 10:00:00 ET"

#: A hand with a player whose name has blanks; line 9 and line 14 are filled in.
TEMPLATE = """{header}
Table 'Demo II' 6-max Seat #1 is the button
Seat 1: Ana ($5 in chips)
Seat 2: Mr Pink ($5 in chips)
Seat 3: Bo ($5 in chips) is sitting out
Mr Pink: posts small blind $0.10
Ana: posts big blind $0.25
*** DEALING HANDS ***
{line}
Mr Pink: folds
Ana collected $0.20 from pot
*** SUMMARY ***
Total pot $0.20 | Rake $0
{summary}
"""


def read(text: str) -> list[Record]:
    return list(read_pokerstars(text, name="demo.txt"))


def events_at(line: int, *, play: str = "Mr Pink: checks",
              summary: str = "Seat 1: Ana (button) (big blind) collected ($0.20)",
              header: str = HEADER) -> list[Event]:
    records = read(TEMPLATE.format(header=header, line=play, summary=summary))
    assert [r for r in records if isinstance(r, ParseError)] == []
    [hand] = [r for r in records if isinstance(r, Hand)]
    return [event for event in hand.events if event.line == line]


def note(kind: str, text: str) -> list[Event]:
    return [Note(kind=kind, text=text, line=9)]  # type: ignore[arg-type]


PINK, CARDS = "Mr Pink", parse_cards("As 2h 3d 4c")


@pytest.mark.parametrize(("line", "events"), [
    # blinds and antes
    ("Mr Pink: posts small blind $0.10 and is all-in",
     [PostBlind(player=PINK, amount=10, kind="small", all_in=True, line=9)]),
    ("Ana: posts big blind $0.25", [PostBlind(player="Ana", amount=25, kind="big", line=9)]),
    ("Ana: posts small & big blinds $0.35",
     [PostBlind(player="Ana", amount=35, kind="small+big", line=9)]),
    ("Ana: posts the ante $0.05", [PostBlind(player="Ana", amount=5, kind="ante", line=9)]),
    ("Ana: posts the ante $0.05 and is all-in",
     [PostBlind(player="Ana", amount=5, kind="ante", all_in=True, line=9)]),
    # betting
    ("Mr Pink: checks", [Check(player=PINK, line=9)]),
    ("Mr Pink: folds", [Fold(player=PINK, line=9)]),
    ("Mr Pink: bets $0.25", [Bet(player=PINK, amount=25, line=9)]),
    ("Mr Pink: bets $0.25 and is all-in", [Bet(player=PINK, amount=25, all_in=True, line=9)]),
    ("Mr Pink: calls $0.15", [Call(player=PINK, amount=15, line=9)]),
    ("Mr Pink: calls $0.15 and is all-in", [Call(player=PINK, amount=15, all_in=True, line=9)]),
    ("Mr Pink: raises $0.25 to $0.50", [Raise(player=PINK, to=50, by=25, line=9)]),
    ("Mr Pink: raises $0.25 to $0.50 and is all-in",
     [Raise(player=PINK, to=50, by=25, all_in=True, line=9)]),
    # draws
    ("Mr Pink: discards 2 cards", [Draw(player=PINK, discarded=(None, None), line=9)]),
    ("Mr Pink: discards 1 card", [Draw(player=PINK, discarded=(None,), line=9)]),
    ("Mr Pink: discards 1 card [Kd]", [Draw(player=PINK, discarded=parse_cards("Kd"), line=9)]),
    ("Mr Pink: stands pat", [Draw(player=PINK, discarded=(), line=9)]),
    ("Mr Pink: stands pat on [As 2h 3d 4c]", [Draw(player=PINK, discarded=(), line=9)]),
    ("Dealt to Mr Pink [As 2h 3d 4c]", [Deal(player=PINK, cards=CARDS, line=9)]),
    ("Dealt to Mr Pink [As 2h] [3d 4c]",
     [DrawnCards(player=PINK, cards=parse_cards("3d 4c"), kept=parse_cards("As 2h"), line=9)]),
    # showdown and pots
    ("Mr Pink: shows [As 2h 3d 4c] (Badugi: 4,3,2,A)",
     [Show(player=PINK, cards=CARDS, description="Badugi: 4,3,2,A", line=9)]),
    ("Mr Pink: shows [As 2h 3d 4c]", [Show(player=PINK, cards=CARDS, line=9)]),
    ("Mr Pink: mucks hand", [Muck(player=PINK, line=9)]),
    ("Mr Pink: doesn't show hand", note("hand", "Mr Pink: doesn't show hand")),
    ("Uncalled bet ($0.15) returned to Mr Pink",
     [UncalledReturned(player=PINK, amount=15, line=9)]),
    ("Mr Pink collected $0.20 from pot", [Award(player=PINK, amount=20, line=9)]),
    ("Mr Pink collected $0.20 from main pot", [Award(player=PINK, amount=20, pot="main",
                                                      line=9)]),
    ("Mr Pink collected $0.20 from side pot", [Award(player=PINK, amount=20, pot="side 1",
                                                      line=9)]),
    ("Mr Pink collected $0.20 from side pot-2", [Award(player=PINK, amount=20, pot="side 2",
                                                        line=9)]),
    # streets
    ("*** FIRST DRAW ***", [Street(kind="draw", number=1, line=9)]),
    ("*** SECOND DRAW ***", [Street(kind="draw", number=2, line=9)]),
    ("*** THIRD DRAW ***", [Street(kind="draw", number=3, line=9)]),
    ("*** SHOW DOWN ***", [Street(kind="showdown", number=1, line=9)]),
    # notes: what the site says beside the play
    ('Mr Pink said, "gg: "nice" hand, Ana: wp"',
     note("chat", 'Mr Pink said, "gg: "nice" hand, Ana: wp"')),
    ('Ted the Mad said, "hi"', note("chat", 'Ted the Mad said, "hi"')),
    ("Mr Pink: sits out", note("table", "Mr Pink: sits out")),
    ("Mr Pink: is sitting out", note("table", "Mr Pink: is sitting out")),
    ("Mr Pink is sitting out", note("table", "Mr Pink is sitting out")),
    ("Ted the Mad: sits out", note("table", "Ted the Mad: sits out")),
    ("Ted the Mad joins the table at seat #4", note("table",
                                                   "Ted the Mad joins the table at seat #4")),
    ("Mr Pink leaves the table", note("table", "Mr Pink leaves the table")),
    ("Mr Pink will be allowed to play after the button",
     note("table", "Mr Pink will be allowed to play after the button")),
    ("Mr Pink was removed from the table for failing to post",
     note("table", "Mr Pink was removed from the table for failing to post")),
    ("Betting is capped", note("table", "Betting is capped")),
    ("The deck is reshuffled", note("hand", "The deck is reshuffled")),
    ("Mr Pink is connected", note("connection", "Mr Pink is connected")),
    ("Mr Pink is disconnected", note("connection", "Mr Pink is disconnected")),
    ("Mr Pink has returned", note("connection", "Mr Pink has returned")),
    ("Mr Pink has timed out", note("timeout", "Mr Pink has timed out")),
    ("Mr Pink has timed out while disconnected",
     note("timeout", "Mr Pink has timed out while disconnected")),
    ("Mr Pink has timed out while being disconnected",
     note("timeout", "Mr Pink has timed out while being disconnected")),
    ("Mr Pink finished the tournament in 3rd place and received $1.60.",
     [StackStated(player=PINK, amount=0, line=9),
      *note("tournament", "Mr Pink finished the tournament in 3rd place and received $1.60.")]),
    # a fold that shows some of his cards (the site's "show one card")
    ("Mr Pink: folds [Ks]", [Fold(player=PINK, line=9), *note("hand", "Mr Pink: folds [Ks]")]),
    ("Mr Pink: folds [Ks 2d 3c 4h]",
     [Fold(player=PINK, line=9), *note("hand", "Mr Pink: folds [Ks 2d 3c 4h]")]),
    ("Mr Pink finished the tournament",   # out in the same hand as another, no place
     [StackStated(player=PINK, amount=0, line=9),
      *note("tournament", "Mr Pink finished the tournament")]),
    ("Mr Pink wins the tournament and receives $2.80 - congratulations!",
     note("tournament", "Mr Pink wins the tournament and receives $2.80 - congratulations!")),
    ("Mr Pink re-buys and receives 1500 chips for $1.00",
     note("tournament", "Mr Pink re-buys and receives 1500 chips for $1.00")),
    ("Mr Pink wins the $0.25 bounty for eliminating Ana",
     note("tournament", "Mr Pink wins the $0.25 bounty for eliminating Ana")),
    # an elimination shared: every winner's name first, the shortest seated one too
    ("Mr Pink, Ana split the $0.50 bounty for eliminating Bo",
     note("tournament", "Mr Pink, Ana split the $0.50 bounty for eliminating Bo")),
    ("Bo, Mr Pink, Ana split the 22000 bounty for eliminating Ted the Mad",
     note("tournament", "Bo, Mr Pink, Ana split the 22000 bounty for eliminating Ted the Mad")),
])
def test_a_play_line(line: str, events: list[Event]) -> None:
    assert events_at(9, play=line) == events


@pytest.mark.parametrize(("line", "column", "got"), [
    ("*** FIRST DRAW ***Mr Pink: discards 2 cards", 19, "Mr"),
    ("*** FIRST DRAW ***Ted: discards 2 cards", 19, "Ted:"),   # nobody seated so
    ("*** SHOW DOWN ***Mr Pink collected $0.20 from pot", 18, "Mr"),
])
def test_a_street_marker_joined_to_a_players_line_is_no_name(line: str, column: int,
                                                            got: str) -> None:
    """Two lines made one by damage: text from a street's marker is no player's name (one
    not seated would act without a seat, G1); the line cannot be read, after the marker."""
    records = read(TEMPLATE.format(header=HEADER, line=line, summary=""))
    [error] = [r for r in records if isinstance(r, ParseError)]
    assert (error.line, error.column, error.message, error.hand_lost) == (
        9, column, f"PokerStars hand 1: expected the end of the line, got {got!r}", False)
    [hand] = [r for r in records if isinstance(r, Hand)]
    assert hand.damaged == (9,) and [event for event in hand.events if event.line == 9] == []


def test_a_name_not_seated_still_acts_as_its_own() -> None:
    """A player the seat lines do not name is read as himself (the audit's G1)."""
    assert events_at(9, play="Ted the Mad: calls $0.15") == [
        Call(player="Ted the Mad", amount=15, line=9)]


def won(player: str, amount: int, description: str | None = None) -> SummaryResult:
    """What a summary seat line says the player won, checked by the engine (S1), and what
    it says he showed, with its words (a shows line's, without the article)."""
    return SummaryResult(player=player, won=amount, line=14,
                         cards=None if description is None else CARDS, description=description)


@pytest.mark.parametrize(("line", "events"), [
    ("Seat 2: Mr Pink (small blind) folded before the Draw", [won(PINK, 0)]),
    ("Seat 4: Bo folded before the Draw (didn't bet)", [won("Bo", 0)]),
    ("Seat 2: Mr Pink folded after the 2nd Draw", [won(PINK, 0)]),
    ("Seat 2: Mr Pink (button) (small blind) folded after the 1st Draw (didn't bet)",
     [won(PINK, 0)]),
    ("Seat 1: Ana (button) (big blind) collected ($0.20)", [won("Ana", 20)]),
    ("Seat 1: Ana (big blind) showed [As 2h 3d 4c] and won ($0.20) with a Badugi: 4,3,2,A",
     [won("Ana", 20, "Badugi: 4,3,2,A")]),
    ("Seat 2: Mr Pink showed [As 2h 3d 4c] and lost with a Badugi: 4,3,2,A",
     [won(PINK, 0, "Badugi: 4,3,2,A")]),
    ("Seat 3: Bo is sitting out", []),
    ("Seat 2: Mr Pink (small blind) mucked [As 2h 3d 4c]",
     [Muck(player=PINK, cards=CARDS, line=14)]),
])
def test_a_summary_seat_line(line: str, events: list[Event]) -> None:
    assert events_at(14, summary=line) == events


def test_the_summary_total_with_two_side_pots() -> None:
    text = TEMPLATE.format(header=HEADER, line="Mr Pink: checks", summary="").replace(
        "Total pot $0.20 | Rake $0",
        "Total pot $3.70 Main pot $2.35. Side pot-1 $0.88. Side pot-2 $0.29. | Rake $0.18")
    [hand] = [r for r in read(text) if isinstance(r, Hand)]
    assert [e for e in hand.events if e.line == 13] == [PotTotal(total=370, rake=18, line=13)]


def test_a_name_with_blanks_is_the_longest_seated_name_that_fits() -> None:
    text = TEMPLATE.format(header=HEADER, line="Mr Pink Jr: folds", summary="").replace(
        "Seat 3: Bo ($5 in chips) is sitting out", "Seat 3: Mr Pink Jr ($5 in chips)")
    [hand] = [r for r in read(text) if isinstance(r, Hand)]
    assert [e for e in hand.events if e.line == 9] == [Fold(player="Mr Pink Jr", line=9)]
    assert Seat(player="Mr Pink Jr", seat=3, stack=500, line=5) in hand.events


def test_a_seat_sitting_out_at_a_cash_table_is_not_dealt_in() -> None:
    events = events_at(5)
    assert events == [Seat(player="Bo", seat=3, stack=500, in_hand=False, line=5)]
    [hand] = [r for r in read(TEMPLATE.format(header=HEADER, line="Mr Pink: checks",
                                              summary="")) if isinstance(r, Hand)]
    assert {e.player for e in hand.events if isinstance(e, Deal)} == {"Ana", PINK}


# -- headers -------------------------------------------------------------------------------

@pytest.mark.parametrize(("header", "ruleset", "unit"), [
    ("PokerStars Game #1:  Badugi Limit ($0.25/$0.50 USD) - 2010/09/05 10:32:15 ET",
     ("badugi", "fixed", 10, 25, 25, 50), 100),
    ("PokerStars Hand #1: Badugi Limit ($1/$2 USD) - 2016/05/05 10:32:15 ET",
     ("badugi", "fixed", 50, 100, 100, 200), 100),
    ("PokerStars Zoom Hand #1:  Badugi Limit (€0.10/€0.20 EUR) - 2014/01/01 1:02:03 CET "
     "[2013/12/31 19:02:03 ET]", ("badugi", "fixed", 5, 10, 10, 20), 100),
    ("PokerStars Hand #1: Badugi Limit (£0.05/£0.10 GBP) - 2014/01/01 1:02:03 ET",
     ("badugi", "fixed", 2, 5, 5, 10), 100),
    ("PokerStars Game #1: Badugi Limit (10/20) - 2010/09/05 10:32:15 ET",
     ("badugi", "fixed", 5, 10, 10, 20), 1),
    ("PokerStars Game #1: Tournament #330855877, $1.00+$0.20 USD Badugi Limit - Level I "
     "(20/40) - 2010/11/10 17:20:01 CET [2010/11/10 11:20:01 ET]",
     ("badugi", "fixed", 10, 20, 20, 40), 1),
    ("PokerStars Hand #1: Tournament #2, Freeroll  Badugi Limit - Level II (30/60) - "
     "2012/03/01 10:00:00 ET", ("badugi", "fixed", 15, 30, 30, 60), 1),
    ("PokerStars Game #1: Tournament #2, 100FPP Badugi Limit - Level III (50/100) - "
     "2010/07/10 10:00:00 ET", ("badugi", "fixed", 25, 50, 50, 100), 1),
    ("PokerStars Hand #1: Tournament #2, $10+$1+$5 USD Badugi Limit - Match Round I, Level IV "
     "(75/150) - 2013/06/06 0:10:00 ET", ("badugi", "fixed", 37, 75, 75, 150), 1),
    ("PokerStars Home Game Hand #1: {Dazzle's Room} Tournament #2, 100+9 8-Game (Badugi Limit)"
     " - Match Round I, Level I (20/40) - 2013/06/05 23:45:02 ET",
     ("badugi", "fixed", 10, 20, 20, 40), 1),
    ("PokerStars Hand #1: 8-Game (Triple Draw 2-7 Lowball Limit, $2/$4 USD) - "
     "2016/01/01 10:00:00 ET", ("27td", "fixed", 100, 200, 200, 400), 100),
    ("PokerStars Game #1:  Triple Draw 2-7 Lowball Limit ($0.10/$0.20 USD) - "
     "2009/11/25 14:12:58 ET", ("27td", "fixed", 5, 10, 10, 20), 100),
    ("PokerStars Hand #1: Triple Draw 2-7 Lowball Pot Limit ($0.10/$0.25 USD) - "
     "2016/01/01 10:00:00 ET", ("27td", "pot", 10, 25, 25, 25), 100),
    ("PokerStars Hand #1: Triple Draw A-5 Lowball Limit ($1/$2 USD) - 2016/01/01 10:00:00 ET",
     ("a5td", "fixed", 50, 100, 100, 200), 100),
    ("PokerStars Hand #1: Badugi Pot Limit ($0.10/$0.25 USD) - 2016/01/01 10:00:00 ET",
     ("badugi", "pot", 10, 25, 25, 25), 100),
    # PokerStars.it: the regulator's session code after the stakes
    ("PokerStars Hand #1:  5 Card Draw Limit (€0.10/€0.20 EUR) [AAMS ID: 0C85D0A1B2C3D4E5] - "
     "2012/05/01 21:00:00 CET [2012/05/01 15:00:00 ET]", ("5cd", "fixed", 5, 10, 10, 20), 100),
])
def test_a_header(header: str, ruleset: tuple, unit: int) -> None:
    records = read(TEMPLATE.format(header=header, line="Mr Pink: checks", summary=""))
    assert [r for r in records if isinstance(r, ParseError)] == []
    [hand] = [r for r in records if isinstance(r, Hand)]
    rules = hand.ruleset
    assert (rules.game, rules.structure, rules.small_blind, rules.big_blind, rules.small_bet,
            rules.big_bet) == ruleset
    assert (hand.unit, hand.hand_id, rules.max_players) == (unit, "ps-1", 6)


@pytest.mark.parametrize(("header", "game"), [
    ("PokerStars Hand #1: HORSE (Razz Limit, $2/$4 USD) - 2016/01/01 10:00:00 ET", "Razz"),
    ("PokerStars Game #1: Tournament #2, $27+$2 USD 8-Game (Hold'em No Limit) - Level VII "
     "(15/30) - 2013/06/06 0:39:44 ET", "Hold'em No Limit"),
    ("PokerStars Game #1:  7 Card Stud Hi/Lo Limit ($0.04/$0.08 USD) - 2009/11/26 10:27:46 ET",
     "7 Card Stud Hi/Lo"),
    ("PokerStars Hand #1: Mixed NLH/PLO (Omaha Pot Limit, $0.10/$0.20 USD) - "
     "2012/04/01 10:00:00 ET", "Omaha Pot Limit"),
    ("PokerStars Game #1:  Single Draw A-5 Lowball No Limit ($0.25/$0.50 USD) - "
     "2011/06/01 10:00:00 ET", "Single Draw A-5 Lowball No Limit"),
    ("PokerStars Hand #1: Tournament #2, $5+$0.50 USD Hold'em Pot Limit Pre-Flop, No Limit "
     "Post-Flop - Level I (10/20) - 2012/09/01 10:00:00 ET",
     "Hold'em Pot Limit Pre-Flop, No Limit Post-Flop"),
    ("PokerStars Hand #1: 6+ Hold'em No Limit (Button Blind\xa0$2 - Ante\xa0$2  USD) - "
     "2019/04/13 18:36:55 CET [2019/04/13 12:36:55 ET]", "6+ Hold'em No Limit"),
    ("PokerStars Zoom Hand #1:  Hold'em No Limit ($0.02/$0.05) - 2014/01/01 10:00:00 ET",
     "Hold'em No Limit"),
])
def test_another_game_is_skipped_by_its_header_alone(header: str, game: str) -> None:
    # The rest of the hand (a Badugi hand's lines here) is not read at all.
    text = f"{header}\nTable 'X' 8-max Seat #1 is the button\nthe rest is not read\n"
    assert read(text) == [SkippedHand(game=game, hand_id="ps-1", source="demo.txt", line=1)]


# -- whole hands the real exports lack --------------------------------------------------

def mixed(number: int, game: str) -> str:
    """The header of a hand of an 8-Game tournament."""
    return (f"PokerStars Hand #{number}: Tournament #7, $10+$1 USD 8-Game ({game}) - "
            f"Level I (20/40) - 2013/06/05 23:45:{number - 100:02} ET")


MIXED = f"""\
{mixed(101, "Badugi Limit")}
Table '7 1' 3-max Seat #1 is the button
Seat 1: Ana (1500 in chips)
Seat 2: Mr Pink (1500 in chips)
Seat 3: Bo (1500 in chips)
Mr Pink: posts small blind 10
Bo: posts big blind 20
*** DEALING HANDS ***
Dealt to Ana [As 2h 3d 4c]
Ana: folds
Mr Pink: folds
Uncalled bet (10) returned to Bo
Bo collected 20 from pot
Bo: doesn't show hand
*** SUMMARY ***
Total pot 20 | Rake 0
Seat 1: Ana (button) folded before the Draw (didn't bet)
Seat 2: Mr Pink (small blind) folded before the Draw
Seat 3: Bo (big blind) collected (20)



{mixed(102, "Razz Limit")}
Table '7 1' 3-max
Seat 1: Ana (1500 in chips)
Seat 2: Mr Pink (1490 in chips)
Seat 3: Bo (1510 in chips)
Ana: posts the ante 5
*** 3rd STREET ***
Mr Pink: brings in for 10
Ana collected 1000 from pot



{mixed(103, "Badugi Limit")}
Table '7 1' 3-max Seat #2 is the button
Seat 1: Ana (1000 in chips)
Seat 2: Mr Pink (1990 in chips)
Seat 3: Bo (1510 in chips)
Bo: posts small blind 10
Ana: posts big blind 20
*** DEALING HANDS ***
Dealt to Ana [As 2h 3d 4c]
Mr Pink: folds
Bo: folds
Uncalled bet (10) returned to Ana
Ana collected 20 from pot
*** SUMMARY ***
Total pot 20 | Rake 0
Seat 1: Ana (big blind) collected (20)
Seat 2: Mr Pink (button) folded before the Draw (didn't bet)
Seat 3: Bo (small blind) folded before the Draw
"""


def test_a_mixed_game_file_skips_the_razz_hand_and_reads_the_badugi_hands() -> None:
    records = read(MIXED)
    assert [type(r).__name__ for r in records] == ["SessionStart", "Hand", "SkippedHand",
                                                    "Hand"]
    assert records[2] == SkippedHand(game="Razz", hand_id="ps-102", source="demo.txt",
                                     line=23)
    reports = [r for r in audit(iter(records)) if isinstance(r, HandReport)]
    # Ana's stack changed in the Razz hand: not a G3 report, since it was played.
    assert [v.rule for r in reports for v in r.violations] == []


MOVED = """\
PokerStars Game #52475822947: Tournament #329147852, $2.00+$0.20 USD Badugi Limit - \
Level I (20/40) - 2010/11/10 17:21:06 CET [2010/11/10 11:21:06 ET]
Table '329147852 1' 8-max Seat #3 is the button
Seat 2: Hero (1500 in chips)
Seat 3: Player10 (1320 in chips)
Seat 4: Mr Pink (1500 in chips) out of hand (moved from another table into small blind)
Seat 5: Player3 (40 in chips)
Seat 6: Player12 (1500 in chips, $0.50 bounty)
Player3: posts small blind 10
Player12: posts big blind 20
*** DEALING HANDS ***
Dealt to Hero [2c 9s 7h 4d]
Hero: raises 20 to 40
Player10: folds
Player3: calls 30 and is all-in
Player12: calls 20
*** FIRST DRAW ***
Player3: discards 2 cards
Player12: discards 1 card
Hero: stands pat on [2c 9s 7h 4d]
Player12: bets 20
Hero: calls 20
*** SECOND DRAW ***
Player3: stands pat
Player12: stands pat
Hero: stands pat on [2c 9s 7h 4d]
Player12: checks
Hero: checks
*** THIRD DRAW ***
Player3: stands pat
Player12: stands pat
Hero: stands pat on [2c 9s 7h 4d]
Player12: checks
Hero: checks
*** SHOW DOWN ***
Player3: shows [6d 5s Ah 9c] (Badugi: 9,6,5,A)
Hero: shows [2c 9s 7h 4d] (Badugi: 9,7,4,2)
Player12: shows [Kd Qs Jh Tc] (Badugi: K,Q,J,T)
Hero collected 40 from side pot-1
Player3 collected 120 from main pot
*** SUMMARY ***
Total pot 160 Main pot 120. Side pot-1 40. | Rake 0
Seat 2: Hero showed [2c 9s 7h 4d] and won (40) with a Badugi: 9,7,4,2
Seat 3: Player10 (button) folded before the Draw (didn't bet)
Seat 5: Player3 (small blind) showed [6d 5s Ah 9c] and won (120) with a Badugi: 9,6,5,A
Seat 6: Player12 (big blind) showed [Kd Qs Jh Tc] and lost with a Badugi: K,Q,J,T
"""


def test_a_player_moved_in_after_the_deal_sits_out_the_hand() -> None:
    [hand] = [r for r in read(MOVED) if isinstance(r, Hand)]
    assert Seat(player="Mr Pink", seat=4, stack=1500, in_hand=False, line=5) in hand.events
    assert "Mr Pink" not in {e.player for e in hand.events if isinstance(e, Deal)}
    [report] = [r for r in audit(iter(read(MOVED))) if isinstance(r, HandReport)]
    assert report.violations == []
    assert {name: p.net for name, p in hand_ledger(hand).items()} == {
        "Hero": -20, "Player10": 0, "Player3": 80, "Player12": -60}


CANCELLED = """\
PokerStars Game #1: Badugi Limit ($1/$2 USD) - 2008/09/12 14:09:41 ET
Table 'Miriam III' 6-max Seat #5 is the button
Seat 5: Hero ($32.75 in chips)
Hero: posts small blind $0.50
VillainA: is sitting out
Hand cancelled
*** SUMMARY ***
Seat 5: Hero (button) collected ($0)
"""


def test_a_cancelled_hand_gives_back_what_was_put_in() -> None:
    [hand] = [r for r in read(CANCELLED) if isinstance(r, Hand)]
    assert [e for e in hand.events if e.line == 6] == [
        Note(kind="hand", text="Hand cancelled", line=6),
        UncalledReturned(player="Hero", amount=50, line=6, inferred=True)]
    assert hand_ledger(hand)["Hero"].net == 0


# -- the real 2-7 triple draw exports -----------------------------------------------------

TRIPLE_DRAW = sorted((REAL / "pokerstars").glob("cash-27td-*.txt"))


@pytest.mark.parametrize("path", TRIPLE_DRAW, ids=lambda path: path.name)
def test_the_triple_draw_exports_read_whole_and_their_chips_add_up(path: Path) -> None:
    records = list(read_pokerstars(path))
    assert [r for r in records if isinstance(r, ParseError)] == []
    hands = [r for r in records if isinstance(r, Hand)]
    assert hands and all(h.ruleset.game == "27td" and h.ruleset.hand_size == 5 for h in hands)
    for hand in hands:
        ledger = hand_ledger(hand)
        [total] = [e for e in hand.events if isinstance(e, PotTotal)] or [None]
        if total is None:   # the cancelled hand
            assert sum(p.net for p in ledger.values()) == 0
            continue
        put_in = sum(p.put_in - p.returned for p in ledger.values())
        assert (put_in, sum(p.collected for p in ledger.values()) + total.rake) == (
            total.total, total.total)


def test_the_2009_draw_lines_and_the_hero_s_new_cards() -> None:
    path = REAL / "pokerstars" / "cash-27td-fl-0.10-0.20-200911.txt"
    hand = [r for r in read_pokerstars(path) if isinstance(r, Hand)][1]
    assert [e for e in hand.events if e.line in (76, 77)] == [
        Draw(player="Hero", discarded=parse_cards("Kh Th"), line=76),
        DrawnCards(player="Hero", cards=parse_cards("5c Qs"), kept=parse_cards("3d Tc 7c"),
                   line=77)]


# -- what cannot be read -----------------------------------------------------------------

@pytest.mark.parametrize(("line", "column", "message"), [
    ("Mr Pink: discardz 1 card", 10, "expected an action like 'Player3: calls 20'"),
    ("Mr Pink: discards 99999999999999 cards", 19, "discards 99999999999999 cards, more"),
    ("Dealt to Mr Pink [As 2h 3d 4x]", 28, "expected a card such as As or Td, got '4x'"),
    ("Somebody does something odd", 1, "expected a line of a PokerStars hand"),
])
def test_a_line_that_cannot_be_read_costs_itself_only(line: str, column: int,
                                                       message: str) -> None:
    records = read(TEMPLATE.format(header=HEADER, line=line, summary=""))
    [error] = [r for r in records if isinstance(r, ParseError)]
    assert (error.line, error.column, error.hand_lost) == (9, column, False)
    assert error.message.startswith(f"PokerStars hand 1: {message}")
    [hand] = [r for r in records if isinstance(r, Hand)]
    assert hand.damaged == (9,)


def test_a_hand_whose_text_a_run_of_zeros_took_is_not_judged_after_it() -> None:
    """A disk's repair or a crash leaves zeros where a hand's lines were, the rest of the
    file whole: the hand keeps the lines before the zeros, is not judged after them (its
    blinds gone, every later line would be a false G4 or S1), and the zeros
    are named at their line."""
    text = TEMPLATE.format(header=HEADER, line="Mr Pink: checks",
                           summary="Seat 1: Ana (button) (big blind) collected ($0.20)")
    lines = text.split("\n")
    lines[5:7] = ["\0" * len(lines[5]), "\0" * len(lines[6])]   # the blinds
    records = read("\n".join(lines))
    [hand] = [r for r in records if isinstance(r, Hand)]
    assert hand.damaged == (6, 7)
    assert [(r.line, r.column, r.hand_lost) for r in records if isinstance(r, ParseError)
            ] == [(6, 1, False), (7, 1, False)]
    [report] = [r for r in audit(iter(records)) if isinstance(r, HandReport)]
    assert report.violations == []


def test_zeros_before_a_hand_or_after_the_last_take_none_of_its_text() -> None:
    """Zeros where the end of a file was (the client wrote on after them, or not) are
    no part of a hand: it is read whole, and judged."""
    text = TEMPLATE.format(header=HEADER, line="Mr Pink: checks",
                           summary="Seat 1: Ana (button) (big blind) collected ($0.20)")
    records = read("\n" + "\0" * 8 + "\n" + text + "\0" * 4096)
    [hand] = [r for r in records if isinstance(r, Hand)]
    assert hand.damaged == ()


def test_a_player_whose_name_holds_cancel_does_not_cancel_the_hand() -> None:
    """Only the site's own 'Hand cancelled' calls a hand off: Cancelo's uncontested win
    ('Cancelo: doesn't show hand', a note on the hand) is audited and stored, where it was
    skipped as a cancelled hand."""
    text = TEMPLATE.format(header=HEADER, line="Mr Pink: checks",
                           summary="Seat 1: Ana (button) (big blind) collected ($0.20)")
    text = text.replace("Ana collected $0.20 from pot\n",
                        "Ana collected $0.20 from pot\nAna: doesn't show hand\n")
    records = read(text.replace("Ana", "Cancelo"))
    assert [r for r in records if isinstance(r, (ParseError, SkippedHand))] == []
    [report] = [r for r in audit(iter(records)) if isinstance(r, HandReport)]
    [as_ana] = [r for r in audit(iter(read(text))) if isinstance(r, HandReport)]
    assert [v.rule for v in report.violations] == [v.rule for v in as_ana.violations]
