"""The Full Tilt reader on the real export in tests/data/real/fulltilt/.

Corrupted and tampered copies of it are in test_site_readers.py.
"""

from __future__ import annotations

from datetime import datetime

import pytest

from badugi_hh.cards import parse_cards as c
from badugi_hh.engine import HandReport, Pot, SessionReport, audit
from badugi_hh.events import (
    Award, Bet, Button, Call, Deal, Draw, DrawnCards, Note, PostBlind, PotTotal, Raise, Seat,
    Show, Street, UncalledReturned,
)
from badugi_hh.parsers import read_records
from badugi_hh.parsers.fulltilt import parse_line
from sitekit import FULLTILT, at, the_hand

REAL = FULLTILT


# -- reading ---------------------------------------------------------------------------

def test_the_real_export_is_one_session_of_one_hand() -> None:
    session, hand = read_records(REAL)
    assert session.session_id == "fulltilt:Clackers (New to the Game):20130508-101816"
    assert session.title == "Clackers (New to the Game)"
    assert session.players == [] and session.line == 1
    assert (hand.hand_id, hand.number, hand.line, hand.unit) == (
        "fulltilt#32617272179", 32617272179, 1, 100)
    assert hand.session_id == session.session_id
    assert hand.started_at == datetime(2013, 5, 8, 10, 18, 16)
    rules = hand.ruleset
    assert (rules.name, rules.small_blind, rules.big_blind, rules.small_bet, rules.big_bet) == (
        "fulltilt", 5, 10, 10, 20)
    assert (rules.min_players, rules.max_players, rules.starting_stack, rules.session_hands,
            rules.burns_logged, rules.deal_order_logged, rules.rake) == (
        2, 8, None, None, False, False, True)


def test_seats_in_cents_and_the_player_sitting_out_is_seated_not_dealt_in() -> None:
    hand = the_hand(REAL)
    seats = [event for event in hand.events if type(event) is Seat]
    assert seats[0] == Seat(line=2, player="Player0", seat=1, stack=92)
    assert Seat(line=8, player="Hero", seat=7, stack=500) in seats   # "$5"
    assert [s.player for s in seats if s.in_hand] == [
        "Player0", "Player1", "Player2", "Player3", "Player4", "Hero", "Player6"]
    # "Player5 is sitting out" (line 11): his stack is carried, he is dealt nothing
    assert Seat(line=7, player="Player5", seat=6, stack=376, in_hand=False) in seats
    assert not any(type(e) is Deal and e.player == "Player5" for e in hand.events)
    assert at(hand, 11) == [Note(line=11, kind="table", text="Player5 is sitting out")]


def test_the_button_comes_before_the_blinds_it_decides() -> None:
    events = the_hand(REAL).events
    button = events.index(Button(line=13, seat=4))
    small = events.index(PostBlind(line=10, player="Player4", amount=5, kind="small"))
    assert button < small
    assert at(the_hand(REAL), 12) == [PostBlind(line=12, player="Hero", amount=10, kind="big")]


def test_the_hero_is_dealt_his_cards_and_everyone_else_a_hidden_hand() -> None:
    hand = the_hand(REAL)
    assert at(hand, 15) == [Deal(line=15, player="Hero", cards=c("7s 4s 7h 5c"))]
    hidden = at(hand, 14)
    assert hidden[0] == Street(line=14, kind="deal")
    assert {d.player for d in hidden[1:]} == {"Player0", "Player1", "Player2", "Player3",
                                              "Player4", "Player6"}
    assert all(d.cards == (None,) * 4 for d in hidden[1:])


@pytest.mark.parametrize(("line", "events"), [
    (20, [Raise(line=20, player="Player2", to=20)]),
    (23, [Call(line=23, player="Hero", amount=10)]),
    (24, [Street(line=24, kind="draw", number=1)]),   # "(Total Pot: $0.45, 2 Players)" dropped
    (25, [Draw(line=25, player="Hero", discarded=c("7s"))]),
    (26, [Draw(line=26, player="Player2", discarded=(None, None))]),
    (27, [DrawnCards(line=27, player="Hero", cards=c("2h"), kept=c("4s 7h 5c"))]),
    (28, [DrawnCards(line=28, player="Player2", cards=(None, None))]),
    (32, [Note(line=32, kind="table", text="Player5 has returned")]),
    (47, [Street(line=47, kind="showdown")]),
    (48, [Show(line=48, player="Player2", cards=c("7d 2c Ah Jd"),
               description="3-Card: 7, 2, A")]),
    (50, [Award(line=50, player="Hero", amount=81, description="3-Card: 5, 4, 2")]),
    (52, [PotTotal(line=52, total=85, rake=4)]),
    (53, []),                                                      # summary seat lines
])
def test_lines_become_events(line: int, events: list) -> None:
    assert at(the_hand(REAL), line) == events


@pytest.mark.parametrize(("text", "event"), [
    ("Seat 3: Big ($1,234.50)", Seat(player="Big", seat=3, stack=123450)),
    ("Hero bets $1,000, and is all in", Bet(player="Hero", amount=100000, all_in=True)),
    ("Hero calls $0.10, and is all in", Call(player="Hero", amount=10, all_in=True)),
    ("Hero raises to $2,000.05", Raise(player="Hero", to=200005)),
    ("Uncalled bet of $1,000.50 returned to Player2",
     UncalledReturned(player="Player2", amount=100050)),
])
def test_amounts_with_thousands_separators_and_all_ins(text: str, event: object) -> None:
    assert parse_line(text, "line")(line=0) == event


def test_the_audit_is_clean_and_settles_the_pot_as_the_log() -> None:
    hand_report, session_report = audit(read_records(REAL))
    assert isinstance(hand_report, HandReport) and isinstance(session_report, SessionReport)
    assert hand_report.violations == [] and session_report.violations == []
    assert hand_report.pots == [Pot(85, ("Player2", "Hero"), ("Hero",))]
    assert (hand_report.rake, hand_report.ended, hand_report.button, hand_report.big_blind) == (
        4, "showdown", "Player3", "Hero")
    assert {n: r for n, r in hand_report.net.items() if r} == {
        "Hero": 41, "Player2": -40, "Player4": -5}
    assert [d.drawn for d in hand_report.draws if d.player == "Hero"] == [
        c("2h"), c("Qs"), c("Js")]
    assert hand_report.players["Hero"].value.description == "3-card 5-4-2"
