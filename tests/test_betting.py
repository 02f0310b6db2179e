"""Pot limit, half-pot limit and no limit (issue 13): the sizes B2 allows, and no cap (B3)."""

from __future__ import annotations

import pytest

from badugi_hh.events import Bet, Button, Call, Check, Deal, PostBlind, Raise, Street
from badugi_hh.rules import HOUSE

from handkit import c, found


def opening(*actions: object) -> list:
    """Blinds 1 and 2 (Ana the dealer), the deal, then ``actions`` before the draw."""
    return [Button(seat=1), PostBlind(player="Ana", amount=1, kind="small"),
            PostBlind(player="Bruno", amount=2), Deal(player="Bruno", cards=c("7c 8c 9h Qs")),
            Deal(player="Ana", cards=c("As 2h 3d Kd")), *actions]


def sizing(structure: str, *actions: object) -> list[str]:
    """The rules the betting breaks (the hand stops there: B1 and S1 at its end left out)."""
    return [rule for rule, _ in found(opening(*actions), ruleset=HOUSE.replace(
        structure=structure)) if rule not in ("B1", "S1")]


@pytest.mark.parametrize(("structure", "raise_to", "broken"), [
    # the pot is 3; Ana calls 1 first, so a pot-sized raise adds 4: to 6
    ("pot", 4, []), ("pot", 6, []), ("pot", 7, ["B2"]), ("pot", 3, ["B2"]),
    ("half-pot", 4, []), ("half-pot", 5, ["B2"]),
    ("no", 4, []), ("no", 60, []), ("no", 3, ["B2"]),
])
def test_the_sizes_a_raise_may_have(structure: str, raise_to: int, broken: list[str]) -> None:
    assert sizing(structure, Raise(player="Ana", to=raise_to)) == broken


def test_a_short_all_in_raise_is_no_fault() -> None:
    events = opening(Raise(player="Ana", to=3, all_in=True))
    assert [rule for rule, _ in found(events, stacks={"Ana": 3, "Bruno": 100},
                                      ruleset=HOUSE.replace(structure="no"))
            if rule not in ("B1", "S1")] == []


def test_pot_limit_and_no_limit_have_no_cap() -> None:
    raises = [Raise(player="Ana", to=4), Raise(player="Bruno", to=8), Raise(player="Ana", to=16),
              Raise(player="Bruno", to=32), Raise(player="Ana", to=64), Call(player="Bruno",
                                                                              amount=32)]
    assert sizing("no", *raises) == []
    assert sizing("pot", *raises) == []
    assert [rule for rule, _ in found(opening(*raises)) if rule not in ("B1", "S1")][:2] == [
        "B2", "B2"]   # fixed limit: wrong sizes, and the cap (B3) after them


def size_faults(structure: str, bet: int) -> list[str]:
    """B2 for a bet of ``bet`` after the first draw (the pot is 4, the big blind 2)."""
    round_one = [Call(player="Ana", amount=1), Check(player="Bruno"),
                 Street(kind="draw", number=1)]
    return [rule for rule in sizing(structure, *round_one, Bet(player="Bruno", amount=bet))
            if rule == "B2"]


@pytest.mark.parametrize(("structure", "bet", "broken"), [
    ("pot", 2, []), ("pot", 4, []), ("pot", 5, ["B2"]), ("pot", 1, ["B2"]),
    ("half-pot", 2, []), ("half-pot", 3, ["B2"]), ("no", 40, []), ("no", 1, ["B2"]),
])
def test_the_sizes_a_bet_may_have(structure: str, bet: int, broken: list[str]) -> None:
    assert size_faults(structure, bet) == broken
