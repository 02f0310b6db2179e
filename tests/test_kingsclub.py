"""The KingsClub reader on the real export in tests/data/real/kingsclub/.

Corrupted and tampered copies of it are in test_site_readers.py.
"""

from __future__ import annotations

from datetime import datetime

import pytest

from badugi_hh.cards import parse_cards as c
from badugi_hh.engine import HandReport, Pot, SessionReport, audit
from badugi_hh.events import (
    Award, Bet, Button, Call, Deal, Draw, Hand, NetStated, Note, ParseError, PostBlind, PotTotal,
    Raise, Seat, Show, SkippedHand, StackStated, Street, UncalledReturned,
)
from badugi_hh.ledger import hand_ledger
from badugi_hh.parsers import read_records
from badugi_hh.parsers.kingsclub import parse_line, read_kingsclub
from sitekit import KINGSCLUB, at, the_hand
from sitekit import REAL as REAL_FOLDER

REAL = KINGSCLUB
HIDDEN = (None,) * 4


# -- reading ---------------------------------------------------------------------------

def test_the_real_export_is_one_session_of_one_hand() -> None:
    session, hand = read_records(REAL)
    assert session.session_id == "kingsclub:Bronx  BT:20201030-195319"
    assert (session.title, session.players, session.line) == ("Bronx  BT", [], 1)
    assert (hand.hand_id, hand.number, hand.line, hand.unit) == (
        "kingsclub#37732805", 37732805, 1, 100)
    assert hand.started_at == datetime(2020, 10, 30, 19, 53, 19)
    rules = hand.ruleset
    assert (rules.name, rules.small_blind, rules.big_blind, rules.small_bet, rules.big_bet) == (
        "kingsclub", 1500, 3000, 3000, 6000)
    assert (rules.max_players, rules.starting_stack, rules.session_hands, rules.burns_logged,
            rules.deal_order_logged, rules.rake) == (8, None, None, False, False, True)


def test_the_seats_come_first_then_the_button() -> None:
    events = the_hand(REAL).events
    assert events[:4] == [Seat(line=4, player="Player0", seat=1, stack=128500),   # "1,285"
                          Seat(line=5, player="Player1", seat=2, stack=63000),
                          Seat(line=6, player="Hero", seat=5, stack=60000),
                          Button(line=3, seat=1)]


@pytest.mark.parametrize(("line", "events"), [
    (7, [Street(line=7, kind="betting", number=1)]),
    (8, [PostBlind(line=8, player="Player1", amount=1500, kind="small")]),
    (10, [Deal(line=10, player="Player0", cards=HIDDEN)]),               # "[X X X X]"
    (12, [Deal(line=12, player="Hero", cards=c("8d 7s 8h 9d"))]),
    (14, [Raise(line=14, player="Player1", to=9000)]),
    (16, [Call(line=16, player="Player0", amount=3000)]),                # "calls 90" after 60
    (17, [Street(line=17, kind="draw", number=1)]),
    (18, [Draw(line=18, player="Player1", discarded=(None, None))]),
    (27, [Bet(line=27, player="Player1", amount=6000)]),
    (35, [Call(line=35, player="Player1", amount=6000)]),               # "calls 120" after 60
    (36, [Show(line=36, player="Player0", cards=c("4h Ad As 8c"))]),
    (38, [Street(line=38, kind="summary")]),
    (39, [StackStated(line=39, player="Player0", amount=101500),
          NetStated(line=39, player="Player0", amount=-27000)]),
    (40, [StackStated(line=40, player="Player1", amount=92825),          # "(928.25) +298.25"
          NetStated(line=40, player="Player1", amount=29825)]),
    (42, [PotTotal(line=42, total=None, rake=175)]),
    (43, [Award(line=43, player="Player1", amount=56825)]),
])
def test_lines_become_events(line: int, events: list) -> None:
    assert at(the_hand(REAL), line) == events


@pytest.mark.parametrize(("text", "start", "event"), [
    ("Seat 3: Big (12,345.67)", "line", Seat(player="Big", seat=3, stack=1234567)),
    ("Big bets 1,060", "line", Bet(player="Big", amount=106000)),
    ("Seat 3: Big (1,000,000) -1,234.5", "summary_line",
     (StackStated(player="Big", amount=100000000), NetStated(player="Big", amount=-123450))),
    ("Big wins pot (2,568.25)", "summary_line", Award(player="Big", amount=256825)),
])
def test_amounts_with_thousands_separators(text: str, start: str, event: object) -> None:
    made = parse_line(text, start)
    result = tuple(m(line=0) for m in made) if isinstance(made, tuple) else made(line=0)
    assert result == event


def test_the_audit_is_clean_and_agrees_with_the_stated_results() -> None:
    hand_report, session_report = audit(read_records(REAL))
    assert isinstance(hand_report, HandReport) and isinstance(session_report, SessionReport)
    assert hand_report.violations == [] and session_report.violations == []
    assert hand_report.pots == [Pot(57000, ("Player0", "Player1"), ("Player1",))]
    assert (hand_report.rake, hand_report.ended, hand_report.button, hand_report.big_blind) == (
        175, "showdown", "Player0", "Hero")
    assert hand_report.net == {"Player0": -27000, "Player1": 29825, "Hero": -3000}
    assert hand_report.end_stacks == {"Player0": 101500, "Player1": 92825, "Hero": 57000}


# -- the other draw games, antes, all-ins, split pots, skipped games ---------------------


DEUCE = REAL_FOLDER / "kingsclub" / "cash-27td-fl-40-80-202101.txt"
ACE_FIVE = REAL_FOLDER / "kingsclub" / "cash-a5td-fl-44-88-202010.txt"
ACE_FIVE_SINGLE = REAL_FOLDER / "kingsclub" / "cash-a5sd-fl-50-100-202102.txt"


@pytest.mark.parametrize(("path", "game", "small_blind", "small_bet"), [
    (DEUCE, "27td", 2000, 4000), (ACE_FIVE, "a5td", 2200, 4400)])
def test_the_real_triple_draw_exports_read_whole(path, game, small_blind, small_bet) -> None:
    records = list(read_records(path))
    assert not any(isinstance(r, ParseError) for r in records)
    hand = the_hand(path)
    assert (hand.ruleset.game, hand.ruleset.hand_size, hand.ruleset.small_blind,
            hand.ruleset.small_bet, hand.damaged) == (game, 5, small_blind, small_bet, ())


@pytest.mark.parametrize("path", [REAL, DEUCE, ACE_FIVE, ACE_FIVE_SINGLE])
def test_the_ledger_agrees_with_the_stated_nets(path) -> None:
    hand = the_hand(path)
    stated = {e.player: e.amount for e in hand.events if isinstance(e, NetStated)}
    assert {name: p.net for name, p in hand_ledger(hand).items()} == stated


def test_a5_single_draw_is_audited_with_one_draw_and_the_logs_nets() -> None:
    hand_report, session_report = audit(read_records(ACE_FIVE_SINGLE))
    assert isinstance(hand_report, HandReport) and isinstance(session_report, SessionReport)
    assert hand_report.violations == [] and session_report.violations == []
    rules = the_hand(ACE_FIVE_SINGLE).ruleset
    assert (rules.game, rules.hand_size, rules.draws, rules.small_blind, rules.small_bet,
            rules.game_name) == ("a5sd", 5, 1, 2500, 5000, "A-5 Single Draw")
    # the summary's "+99" and "-100", the rake of 1 taken from the pot of 200
    assert (hand_report.net, hand_report.rake) == ({"Player0": 9900, "Hero": -10000}, 100)


def test_no_limit_a5_single_draw_is_read_with_the_header_as_blinds() -> None:
    text = ACE_FIVE_SINGLE.read_text(encoding="utf-8").replace(
        "Limit A-5 Single Draw - 50/100", "No Limit A-5 Single Draw - 25/50")
    session, hand = read_kingsclub(text, name="h.txt")
    rules = hand.ruleset
    assert (rules.game, rules.structure, rules.small_blind, rules.big_blind) == (
        "a5sd", "no", 25 * 100, 50 * 100)


def test_antes_the_heros_draws_and_the_silent_return_of_an_uncalled_bet() -> None:
    hand = the_hand(ACE_FIVE)
    assert at(hand, 11) == [PostBlind(line=11, player="Player0", amount=1100, kind="ante")]
    assert at(hand, 19) == [Deal(line=19, player="Player0", cards=(None,) * 5)]
    assert at(hand, 36) == [Draw(line=36, player="Hero", discarded=c("Jd"), drawn=c("As"))]
    assert at(hand, 35) == [Draw(line=35, player="Player3", discarded=())]   # stands pat
    # "Hero bets 88", "Player3 folds": KingsClub pays the pot without the 88, unsaid.
    assert at(hand, 59)[0] == UncalledReturned(line=59, player="Hero", amount=8800)


HAND = """\
#40200897: Limit Badeucey - 22/44
2021-01-09 18:23:18
Table 'Real Deal Mix' Seat 1 is the button
Seat 1: Ana (1,895.42)
Seat 2: Bruno (666)
Seat 3: Carl (100)
Seat 4: Dora (500)
*** 1ST BETTING ROUND ***
Ana: posts ante 5.50
Bruno: posts ante 5.50
Carl: posts ante 5.50
Bruno: posts the small blind 11
Carl: posts the big blind 22
Dealt to Ana: [X X X X X]
Dealt to Bruno: [Kc 5d 2d Jc 3h]
Dealt to Carl: [X X X X X]
Dora sits out
Ana raises to 44
Bruno calls 44
Carl raises to 94.50, and is all in
Ana calls 94.50
Bruno folds
*** SUMMARY ***
Seat 1: Ana (1,895.42) +0
Seat 2: Bruno (617.50) -48.50
Seat 3: Carl (0) -100
Ana wins (104) from pot
Carl wins (104) from side pot 1
"""


def test_a_split_game_with_an_all_in_a_side_pot_and_a_player_sitting_out() -> None:
    session, hand = read_kingsclub(HAND, name="h.txt")
    assert (hand.ruleset.game, hand.ruleset.hand_size) == ("badeucy", 5)
    assert hand.events[3] == Seat(line=7, player="Dora", seat=4, stack=50000, in_hand=False)
    assert at(hand, 17) == [Note(line=17, kind="table", text="Dora sits out")]
    assert at(hand, 20) == [Raise(line=20, player="Carl", to=9450, all_in=True)]
    assert at(hand, 21) == [Call(line=21, player="Ana", amount=5050)]
    assert at(hand, 27) == [Award(line=27, player="Ana", amount=10400)]
    assert at(hand, 28) == [Award(line=28, player="Carl", amount=10400, pot="side 1")]


def test_posts_blind_is_a_dead_small_blind_and_a_live_big_one() -> None:
    text = HAND.replace("Dora sits out", "Dora: posts blind 22")
    session, hand = read_kingsclub(text, name="h.txt")
    assert at(hand, 17) == [PostBlind(line=17, player="Dora", amount=3300, kind="small+big")]


@pytest.mark.parametrize(("header", "game"), [
    ("Limit Holdem - 40/80", "Hold'em"), ("No Limit Holdem - 5/10", "Hold'em No Limit"),
    ("Pot Limit Omaha 5 Card - 5/10", "Omaha 5 Card Pot Limit"),
    ("Limit Seven Card Stud - 44/88", "7 Card Stud"), ("Limit Razz - 40/80", "Razz"),
    ("Limit 2-7 Razz - 40/80", "2-7 Razz"),
    ("Limit 2-7 Drawmaha - 60/120", "2-7 Drawmaha"),
])
def test_other_games_are_skipped_by_name(header: str, game: str) -> None:
    (skipped,) = read_kingsclub(f"#5: {header}\nanything at all\n", name="h.txt")
    assert isinstance(skipped, SkippedHand)
    assert (skipped.game, skipped.hand_id, skipped.line) == (game, "kingsclub#5", 1)


def test_a_drawmaha_hand_beside_a_draw_hand_is_counted_by_name(tmp_path, capsys) -> None:
    """Drawmaha is not a game of the registry (docs/rules.md, "Drawmaha is skipped")."""
    from badugi_hh import cli

    log = tmp_path / "mix.txt"
    log.write_text("#5: Limit 2-7 Drawmaha - 60/120\nanything at all\n\n"
                   + ACE_FIVE_SINGLE.read_text(encoding="utf-8"), encoding="utf-8")
    assert cli.main(["validate", str(log)]) == 0
    out = capsys.readouterr().out
    assert "1 hand in 1 session: clean; 1 hand not audited: 1 2-7 Drawmaha" in out


def test_pot_limit_triple_draw_is_read_with_the_header_as_blinds() -> None:
    text = HAND.replace("Limit Badeucey - 22/44", "Pot Limit 2-7 Triple Draw - 11/22")
    session, hand = read_kingsclub(text, name="h.txt")
    rules = hand.ruleset
    assert (rules.game, rules.structure, rules.small_blind, rules.big_blind) == (
        "27td", "pot", 1100, 2200)
    assert isinstance(hand, Hand)


MISSED_BLIND = REAL_FOLDER / "kingsclub" / "cash-27sd-nl-125-250-202101-missed-sb.txt"


def test_a_missed_blind_posted_dead_and_not_written_is_no_false_alarm() -> None:
    # The winner "wins pot (1,350)" of 1,225 that the lines put in, and nets +875 where
    # his lines give +1,000: a dead small blind of 125, his, that the log leaves unsaid.
    hand = the_hand(MISSED_BLIND)
    assert at(hand, 18)[-2:] == [
        PostBlind(line=18, player="Player0", amount=12500, kind="dead"),
        Note(line=18, kind="table", text="Player0: a dead blind of 125 the log does not "
                                         "write, told by the pot paid and his stated net")]
    stated = {e.player: e.amount for e in hand.events if isinstance(e, NetStated)}
    assert {name: p.net for name, p in hand_ledger(hand).items()} == stated
    hand_report, session_report = audit(read_records(MISSED_BLIND))
    assert hand_report.violations == [] and session_report.violations == []
    assert hand_report.pots == [Pot(135000, ("Player0",), ("Player0",))]


def test_a_pot_paid_that_no_stated_net_explains_is_still_reported(tmp_path) -> None:
    # The same hand with the winner's net as his lines give it: the 125 paid more than
    # the pot is nobody's, and the audit says so.
    log = tmp_path / "h.txt"
    log.write_text(MISSED_BLIND.read_text().replace("(10,875) +875", "(10,875) +1,000"))
    hand_report, _ = audit(read_records(log))
    assert "S4" in [v.rule for v in hand_report.violations]
    assert not any(isinstance(e, PostBlind) and e.kind == "dead" for e in the_hand(log).events)


def test_a_pot_paid_past_a_hand_with_no_blind_written_is_no_dead_blind() -> None:
    """A hand whose blinds the log leaves out altogether, its pot paid the small blind more
    than its lines put in and one net short by as much: no written blind to post a missed
    one with, so the audit judges the gap, where the reader stopped on an internal error."""
    text = "\n".join([
        "#3516416: No Limit 2-7 Single Draw - 125/250", "2021-01-28 03:52:57",
        "Table 'Bobbys Room Mix' Seat 2 is the button", "Seat 1: Player0 (10,000)",
        "Seat 2: Player1 (8,750)", "*** 1ST BETTING ROUND ***",
        "Dealt to Player0: [X X X X X]", "Dealt to Player1: [X X X X X]",
        "Player0 raises to 500", "Player1 folds", "*** SUMMARY ***",
        "Seat 1: Player0 (10,000) +0", "Seat 2: Player1 (8,750) +0",
        "Player0 wins pot (125)", ""])
    records = list(read_kingsclub(text, name="h.txt"))
    [hand] = [r for r in records if isinstance(r, Hand)]
    assert not [e for e in hand.events if isinstance(e, PostBlind)]
