"""A PHH hand's betting judged by PokerKit's rules where they are not the house's.

A PHH hand is the game as PokerKit plays it, so its betting rules are PokerKit's where
they differ (the reader's ruleset sets them; docs/format.md, "The betting, as PokerKit
plays it"): the one player left with chips, still to act when the others fold or go all-in
and owing nothing, is asked to act (``Ruleset.lone_player_acts``): his check (or fold) is
no betting, where the house's round is over without him (S3); a bet or a raise by him
stays S3.

Each hand is replayed by PokerKit as well: what it plays is clean here, what it refuses
is reported. A ``_ruleset`` saying otherwise puts the house's rule back.
"""

from __future__ import annotations

import warnings

import pytest

from badugi_hh.engine import HandReport, audit
from badugi_hh.events import Hand, SessionStart
from badugi_hh.parsers.house import read_house
from badugi_hh.parsers.phh import read_phh
from badugi_hh.writer import house_log

pokerkit = pytest.importorskip("pokerkit")


def violations(text: str) -> list[str]:
    return [f"{v.rule} {v.message}" for item in audit(list(read_phh(text, "x.phh")))
            if isinstance(item, HandReport) for v in item.violations]


def pokerkit_plays(text: str) -> bool:
    """Whether PokerKit replays the hand to its end. Its reader makes a check itself where
    an action cannot come yet and nothing is owed; an action it refuses otherwise leaves
    the hand unfinished."""
    history = pokerkit.HandHistory.loads(text)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")   # PokerKit warns of a needless fold
        try:
            states = list(history)
        except ValueError:
            return False
    return not states[-1].status


# -- the check PokerKit asks of the one player left with chips (S3) ---------------------------

#: Antes put p4 and p5 all in, p3 and p1 fold: p2, the big blind, owes nothing and has
#: nobody to bet against, and PokerKit asks him to act (a reviewer's hand, PokerKit's).
ANTES_ALL_IN = '''variant = "N2L1D"
ante_trimming_status = true
antes = [3, 3, 3, 3, 3]
blinds_or_straddles = [1, 2, 0, 0, 0]
min_bet = 2
starting_stacks = [15, 200, 60, 3, 3]
actions = ["d dh p1 Qc6cKhKcKs", "d dh p2 7h8d2h9d8h", "d dh p3 5d9s4h4s3c",
  "d dh p4 3s5c6h7s9c", "d dh p5 7dAdAh7c9h", "p3 f", "p1 f", {}
  "p2 sm 7h8d2h9d5h", "p4 sm 7s5s2sJs6d", "p5 sm 7c3dTcJdAc"]
finishing_stacks = [11, 213, 57, 0, 0]
{}'''
DRAW = '"p2 sd 8h", "p4 sd 3s6h5c9c", "p5 sd Ah7dAd9h", "d dh p2 5h", "d dh p4 5s2sJs6d", ' \
       '"d dh p5 3dTcJdAc",'
NO_BETTING = ("S3 there is no betting once a player is all-in; the remaining draws are played "
              "without it")


@pytest.mark.parametrize(("actions", "found", "played"), [
    (f'"p2 cc", {DRAW}', [], True),
    (DRAW, [], True),     # as a site's or the house's log: PokerKit's reader checks for him
    (f'"p2 cc", "p2 cc", {DRAW}', [NO_BETTING], False),
    (f'"p2 cbr 4", {DRAW}', [NO_BETTING], False),
    (f'{DRAW} "p2 cc",', [NO_BETTING], False),   # nobody to bet against from the start
], ids=["his check", "no check", "a second check", "a bet", "a check after the draw"])
def test_the_one_player_with_chips_checks_when_pokerkit_asks_him(actions: str,
                                                                found: list[str],
                                                                played: bool) -> None:
    text = ANTES_ALL_IN.format(actions, "")
    assert violations(text) == found
    assert pokerkit_plays(text) is played


def test_the_house_rule_is_no_check_once_nobody_is_left_to_bet_against() -> None:
    text = ANTES_ALL_IN.format(f'"p2 cc", {DRAW}', "_ruleset = {lone_player_acts = false}")
    assert violations(text) == [NO_BETTING]


#: After the first draw p2 folds owing nothing (PokerKit replays PHH as a cash game, which
#: allows it), and p3, the one player left with chips against p1's all-in, is asked to act.
LATER_STREET = '''variant = "F2L3D"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
small_bet = 2
big_bet = 4
starting_stacks = [4, 100, 100]
actions = ["d dh p1 2cTc8h4h2h", "d dh p2 TsJs3c9h8d", "d dh p3 ThJcJhKhTd", "p3 cc",
  "p1 cbr 4", "p2 cc", "p3 cc", "p1 sd", "p2 sd", "p3 sd", "p2 f", {}]
'''
TO_SHOWDOWN = '"p1 sd", "p3 sd", "p1 sd", "p3 sd", "p1 sm 2cTc8h4h2h", "p3 sm ThJcJhKhTd"'


@pytest.mark.parametrize(("actions", "found"), [
    (f'"p3 cc", {TO_SHOWDOWN}', []),
    ('"p3 f"', []),   # p1 wins: PokerKit lets a player fold who owes nothing
    (TO_SHOWDOWN, []),
    (f'"p3 cbr 4", {TO_SHOWDOWN}', [NO_BETTING]),
], ids=["his check", "his fold", "no check", "a bet"])
def test_the_one_player_with_chips_acts_after_a_draw_when_pokerkit_asks(actions: str,
                                                                       found: list[str],
                                                                       ) -> None:
    text = LATER_STREET.format(actions)
    assert violations(text) == found
    assert pokerkit_plays(text) is not found


def test_a_phh_hand_written_as_a_house_log_keeps_pokerkits_betting() -> None:
    """The Rules line states the rule, and the hand reads back as clean (the house log
    needs its result: PHH's winnings)."""
    text = ANTES_ALL_IN.format(f'"p2 cc", {DRAW}', "winnings = [0, 17, 0, 0, 0]")
    records = list(read_phh(text, "x.phh"))
    session = next(record for record in records if isinstance(record, SessionStart))
    hand = next(record for record in records if isinstance(record, Hand))
    text, count, failures = house_log([(session, hand)])
    assert count == 1 and not failures
    assert "lone player acts" in text
    assert [item.violations for item in audit(list(read_house(text, "back.txt")))
            if isinstance(item, HandReport)] == [[]]
