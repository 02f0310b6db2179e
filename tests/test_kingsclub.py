"""The KingsClub reader on the real export in tests/data/real/kingsclub/.

Corrupted and tampered copies of it are in test_site_readers.py.
"""

from __future__ import annotations

from datetime import datetime

import pytest

from badugi_hh.cards import parse_cards as c
from badugi_hh.engine import HandReport, Pot, SessionReport, audit
from badugi_hh.events import (
    Award, Bet, Button, Call, Deal, Draw, NetStated, PostBlind, PotTotal, Raise, Seat, Show,
    StackStated, Street,
)
from badugi_hh.parsers import read_records
from badugi_hh.parsers.kingsclub import parse_line
from sitekit import KINGSCLUB, at, the_hand

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
