"""The split games at the showdown (X2, X3): each half of the pot to its own best hand.

Heads-up Badeucy and Badacey hands, checked down to a showdown of a pot of 4
(or 5 with Ana's odd chip), each test one shape of X3 the issue names.
"""

from __future__ import annotations

import io

from badugi_hh.engine import audit
from badugi_hh.engine.report import HalfShare
from badugi_hh.events import (
    Award, Burn, Button, Call, Check, Deal, Draw, Event, Muck, PostBlind, Show, Street,
)
from badugi_hh.parsers import read_records
from badugi_hh.rules import HOUSE

from handkit import c, found, replay

BADEUCY = HOUSE.replace(game="badeucy", hand_size=5)
BADACEY = HOUSE.replace(game="badacey", hand_size=5)


def showdown(ana: str, bruno: str, awards: list[tuple[str, int, str]], *,
             dead: int = 0) -> list[Event]:
    """Blinds 1 and 2 (Ana the dealer), a call, checks and pats to a showdown, then
    ``awards`` as (player, amount, pot); ``dead`` chips Ana adds dead make the pot odd."""
    events: list[Event] = [
        Button(seat=1), PostBlind(player="Ana", amount=1, kind="small"),
        PostBlind(player="Bruno", amount=2, kind="big"),
        *([PostBlind(player="Ana", amount=dead, kind="dead")] if dead else []),
        Deal(player="Bruno", cards=c(bruno)), Deal(player="Ana", cards=c(ana)),
        Call(player="Ana", amount=1), Check(player="Bruno")]
    burns = iter(card for card in ("Kc", "Kh", "Ks", "Qc", "Qh", "Qs", "Jc", "Jh")
                 if card not in f"{ana} {bruno}")
    for number in (1, 2, 3):
        events += [Street(kind="draw", number=number), Burn(card=c(next(burns))[0]),
                   Draw(player="Bruno", discarded=()), Draw(player="Ana", discarded=()),
                   Check(player="Bruno"), Check(player="Ana")]
    events += [Street(kind="showdown"), Show(player="Bruno", cards=c(bruno)),
               Show(player="Ana", cards=c(ana))]
    return events + [Award(player=p, amount=a, pot=pot) for p, a, pot in awards]


def test_a_scoop_takes_the_whole_pot() -> None:
    # Ana's badugi 7-5-4-3 and her 2-7 7-5-4-3-2 beat Bruno's pairs in both halves
    events = showdown("7s 5h 4d 3c 2s", "Kd Kc Qd Qh 9d",
                      [("Ana", 2, "badugi"), ("Ana", 2, "lowball")])
    report = replay(events, ruleset=BADEUCY)
    assert report.violations == [] and report.net == {"Ana": 2, "Bruno": -2}
    assert report.halves == (HalfShare(0, "badugi", "Ana", 2), HalfShare(0, "2-7", "Ana", 2))


def test_an_odd_pot_gives_the_badugi_half_the_odd_chip() -> None:
    # Ana's badugi 7-5-4-3 wins the Badugi half; Bruno's 8-6-4-3-2 the 2-7 half (Ana's 2-7
    # hand has a pair). Ana's dead chip makes the pot 5: 3 to the Badugi half, 2 to the other.
    events = showdown("7s 5h 4d 3c 3h", "8c 6c 4c 3d 2h",
                      [("Ana", 3, "badugi"), ("Bruno", 2, "lowball")], dead=1)
    assert found(events, ruleset=BADEUCY) == []
    wrong = showdown("7s 5h 4d 3c 3h", "8c 6c 4c 3d 2h",
                     [("Ana", 2, "badugi"), ("Bruno", 3, "lowball")], dead=1)
    assert [rule for rule, _ in found(wrong, ruleset=BADEUCY)] == ["X3"]


def test_no_qualifying_badugi_gives_the_lowball_half_the_whole_pot() -> None:
    # Ana's 3-card 3-2-A is the better Badugi, but no four-card badugi is shown: by the
    # seed's reading Bruno's 8-6-4-3-2 takes the whole pot; with no qualifier, each a half.
    # A log that still pays a Badugi half is X3 (a half no qualifying hand can win; this
    # test expected S1, for the worse hand paid, before issue 22 read the labels).
    ana, bruno = "Ah 2d 3c 3s 3h", "8c 6c 4c 3d 2h"
    whole = showdown(ana, bruno, [("Bruno", 4, "lowball")])
    halves = showdown(ana, bruno, [("Ana", 2, "badugi"), ("Bruno", 2, "lowball")])
    assert found(whole, ruleset=BADEUCY) == []
    assert [rule for rule, _ in found(halves, ruleset=BADEUCY)] == ["X3"]
    anyone = BADEUCY.replace(badugi_qualifier="none")
    assert found(halves, ruleset=anyone) == []
    assert [rule for rule, _ in found(whole, ruleset=anyone)] == ["S1"]


def test_a_tie_in_one_half_only_splits_that_half() -> None:
    # Both hold badugi 7-5-4-3 (suits never break a tie, E4); Bruno's 9-7-5-4-3 is a
    # better 2-7 hand than Ana's pair of threes: Badugi half 1 and 1, lowball half 2 to Bruno
    events = showdown("7s 5h 4d 3c 3h", "7c 5d 4h 3s 9h",
                      [("Ana", 1, "badugi"), ("Bruno", 1, "badugi"), ("Bruno", 2, "lowball")])
    report = replay(events, ruleset=BADEUCY)
    assert report.violations == [] and report.net == {"Ana": -1, "Bruno": 1}
    # the halves as the registry names them, each player's chips of each (X3)
    assert report.halves == (HalfShare(0, "badugi", "Ana", 1), HalfShare(0, "badugi", "Bruno", 1),
                             HalfShare(0, "2-7", "Bruno", 2))


def test_the_badugi_half_may_be_won_with_other_cards_than_the_best_low() -> None:
    # Badacey: Ana's best four for Badugi are A-2-3-4 (the 9 left out), her five for A-5
    # low are 9-4-3-2-A; Bruno's 6-5-4-3-2 is the better low: each wins one half
    events = showdown("As 2h 3d 4c 9c", "6s 5d 4h 3c 2s",
                      [("Ana", 2, "badugi"), ("Bruno", 2, "lowball")])
    report = replay(events, ruleset=BADACEY)
    assert report.violations == []
    assert report.players["Ana"].value.description == "badugi 4-3-2-A"
    assert report.players["Ana"].description == "badugi 4-3-2-A; a-5 9-4-3-2-A"


#: A pot of 2 with Ana all-in for her 1: each half is 1 chip, and the tie in the 2-7 half
#: gives its chip to Ana, the big blind (S2); Bruno's share of it is nothing.
_TIED_CHIP = """\
Session #tie-1 "A tied half of one chip" 2026-12-01 20:00
Rules: Badeucy triple draw, fixed limit 2/4, blinds 1/2, cap 3 raises, heads-up, stacks as seated, unlimited hands
Seat 1: Ana (1)
Seat 2: Bruno (5)

Hand #1 - button Bruno - 2026-12-01 20:00
Bruno: posts small blind 1
Ana: posts big blind 1 and is all-in
Dealt to Ana [5c 6d 2d 4h Qd]
Dealt to Bruno [9c 4c Ad 7h 7d]
*** FIRST DRAW ***
Burn [Kd]
Ana: discards 1 [Qd] draws [6c]
Bruno: discards 2 [9c 7d] draws [6h 6s]
*** SECOND DRAW ***
Burn [Td]
Ana: discards 1 [6c] draws [7s]
Bruno: discards 2 [6h Ad] draws [5s 2h]
*** THIRD DRAW ***
Burn [Ah]
Ana: discards 0 draws []
Bruno: discards 0 draws []
*** SHOWDOWN ***
Ana: shows [5c 6d 2d 4h 7s] (badugi 7-5-4-2; 2-7 7-6-5-4-2)
Bruno: shows [4c 7h 6s 5s 2h] (3-card 5-4-2; 2-7 7-6-5-4-2)
Ana wins 1 from badugi half
Ana wins 1 from lowball half
{zero}Stacks: Ana 2, Bruno 4

Session ends - Bruno wins - stacks Ana 2, Bruno 4
"""


def test_a_tied_share_of_nothing_needs_no_line() -> None:
    for zero in ("", "Bruno wins 0 from lowball half\n"):
        reports = list(audit(read_records(io.StringIO(_TIED_CHIP.format(zero=zero)))))
        assert [v.rule for report in reports for v in report.violations] == [], zero
        assert reports[0].net == {"Ana": 1, "Bruno": -1}


def test_badacey_halves_are_named_by_the_registry_and_an_odd_pot_cut_as_x3() -> None:
    # Ana's badugi 4-3-2-A wins the Badugi half with the odd chip, Bruno's 6-5-4-3-2 the
    # A-5 half: rows of the registry's halves, read from the house word "lowball" or the
    # half's own name alike
    ana, bruno = "As 2h 3d 4c 9c", "6s 5d 4h 3c 2s"
    for low in ("lowball", "a-5"):
        events = showdown(ana, bruno, [("Ana", 3, "badugi"), ("Bruno", 2, low)], dead=1)
        report = replay(events, ruleset=BADACEY)
        assert report.violations == []
        assert report.halves == (HalfShare(0, "badugi", "Ana", 3),
                                 HalfShare(0, "a-5", "Bruno", 2))


def test_an_uncontested_split_pot_is_both_halves_cut_as_a_contested_one() -> None:
    # Bruno mucks at the showdown: the pot nobody else contests is both halves, 3 and 2
    # of 5, as a contested pot is cut (X3)
    events = showdown("7s 5h 4d 3c 2s", "Kd Kc Qd Qh 9d", [("Ana", 5, "")], dead=1)
    events = [Muck(player="Bruno") if isinstance(e, Show) and e.player == "Bruno" else e
              for e in events]
    report = replay(events, ruleset=BADEUCY)
    assert report.violations == []
    assert report.halves == (HalfShare(0, "badugi", "Ana", 3), HalfShare(0, "2-7", "Ana", 2))
