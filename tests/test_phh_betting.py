"""A PHH hand's betting judged by PokerKit's rules where they are not the house's.

A PHH hand is the game as PokerKit plays it, so two of its betting rules are PokerKit's
(the reader's ruleset sets them; docs/format.md, "The betting, as PokerKit plays it"):

- the one player left with chips, still to act when the others fold or go all-in and
  owing nothing, is asked to act (``Ruleset.lone_player_acts``): his check (or fold) is no
  betting, where the house's round is over without him (S3); a bet or a raise by him
  stays S3;
- a fixed-limit raise after an all-in for less goes one bet over the all-in
  (``Ruleset.raise_over_short_all_in``), where the house's goes from the last full bet or
  raise (T1).

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
    """The Rules line states both rules, and the hand reads back as clean (the house log
    needs its result: PHH's winnings)."""
    text = ANTES_ALL_IN.format(f'"p2 cc", {DRAW}', "winnings = [0, 17, 0, 0, 0]")
    records = list(read_phh(text, "x.phh"))
    session = next(record for record in records if isinstance(record, SessionStart))
    hand = next(record for record in records if isinstance(record, Hand))
    text, count, failures = house_log([(session, hand)])
    assert count == 1 and not failures
    assert "lone player acts, raise over short all-in" in text
    assert [item.violations for item in audit(list(read_house(text, "back.txt")))
            if isinstance(item, HandReport)] == [[]]


# -- a fixed-limit raise after an all-in for less (B2, T1) ----------------------------------

#: After the second draw: p4 bets 4, p6 raises to 8, p4 is all in to 9, and p5 raises (a
#: reviewer's hand, PokerKit's).
SHORT_ALL_IN = '''variant = "F2L3D"
antes = [0, 0, 0, 0, 0, 0]
blinds_or_straddles = [1, 2, 0, 0, 0, 0]
small_bet = 2
big_bet = 4
starting_stacks = [30, 60, 7, 15, 200, 30]
actions = ["d dh p1 6sJhKh3dAs", "d dh p2 7h8s6h6d9c", "d dh p3 QhJd2s3s2d",
  "d dh p4 Js8hAc4s4d", "d dh p5 7sTsKd3h5s", "d dh p6 9sKsTdAdKc", "p3 f", "p4 cbr 4",
  "p5 cc", "p6 cc", "p1 f", "p2 f", "p4 sd Ac8hJs4d", "p5 sd Kd3hTs7s", "p6 sd KsAdTd",
  "d dh p4 7cQcQd4h", "d dh p5 7d4cTc5h", "d dh p6 2h3cAh", "p4 cc", "p5 cbr 2", "p6 cc",
  "p4 cc", "p4 sd", "p5 sd 7d4cTc", "p6 sd 9s2hAh", "d dh p5 2c8c5c", "d dh p6 9dQs6c",
  "p4 cbr 4", "p5 cc", "p6 cbr 8", "p4 cbr 9", "p5 cbr {}", "p6 f", "p4 sd", "p5 sd",
  "p4 sm 4s7cQcQd4h", "p5 sm 5s5h2c8c5c"]
{}'''


@pytest.mark.parametrize(("to", "found", "played"), [
    (13, [], True),
    (12, ["B2 p5 raises to 12, but a raise after the second draw goes to 13 (the bet is 4, "
          "over the all-in to 9, as PokerKit raises)"], False),
])
def test_a_fixed_limit_raise_goes_one_bet_over_a_short_all_in(to: int, found: list[str],
                                                              played: bool) -> None:
    text = SHORT_ALL_IN.format(to, "")
    assert violations(text) == found
    assert pokerkit_plays(text) is played


@pytest.mark.parametrize(("to", "found"), [
    (12, []),
    (13, ["B2 p5 raises to 13, but a raise after the second draw goes to 12 (the bet is 4)"]),
])
def test_the_house_raise_completes_the_last_full_raise(to: int, found: list[str]) -> None:
    """T1, unchanged for the house and the sites: the raise goes from 8, not from 9."""
    text = SHORT_ALL_IN.format(to, "_ruleset = {raise_over_short_all_in = false}")
    assert violations(text) == found


#: p2's big blind is all in for 1: PokerKit raises one bet over it.
SHORT_BIG_BLIND = '''variant = "FB"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
small_bet = 2
big_bet = 4
starting_stacks = [100, 1, 100]
actions = ["d dh p1 2c3d4h5s", "d dh p2 KcQdJhTs", "d dh p3 7c8d9hTc", "p3 cbr {}", "p1 f",
  "p2 sd", "p3 sd", "p2 sd", "p3 sd", "p2 sd", "p3 sd", "p2 sm KcQdJhTs", "p3 sm 7c8d9hTc"]
'''


@pytest.mark.parametrize(("to", "found", "played"), [
    (3, [], True),
    (4, ["B2 p3 raises to 4, but a raise before the first draw goes to 3 (the bet is 2, over "
         "the all-in to 1, as PokerKit raises)"], False),
])
def test_a_raise_goes_one_bet_over_a_big_blind_all_in_for_less(to: int, found: list[str],
                                                               played: bool) -> None:
    text = SHORT_BIG_BLIND.format(to)
    assert violations(text) == found
    assert pokerkit_plays(text) is played


# -- a short all-in that reopens the betting, fixed limit (T8) --------------------------------

#: p3 calls the big blind, p1 goes all in raising it by one chip, p2 calls: by PokerKit's
#: measure the round's first raise is a full one however short (the blinds aside), so p3,
#: who acted before it, may raise again; the house's half-a-bet rule (T1) says he may not.
SHORT_FIRST_RAISE = '''variant = "FB"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
small_bet = 4
big_bet = 8
starting_stacks = [3, 100, 100]
actions = ["d dh p1 2c3d4h5s", "d dh p2 KcQdJhTs", "d dh p3 7c8d9hTc", "p3 cc", "p1 cbr 3",
  "p2 cc", "p3 cbr 7", "p2 cc", "p1 sd", "p2 sd", "p3 sd", "p2 cc", "p3 cc", "p1 sd", "p2 sd",
  "p3 sd", "p2 cc", "p3 cc", "p1 sd", "p2 sd", "p3 sd", "p2 cc", "p3 cc",
  "p1 sm 2c3d4h5s", "p2 sm KcQdJhTs", "p3 sm 7c8d9hTc"]
{}'''


@pytest.mark.parametrize(("ruleset", "found"), [
    ("", []),
    ('_ruleset = {{ reopen_by_least_bet = true }}',
     ["T8 p3 raises to 7, but the betting was not reopened: since he acted it went up by 1, "
      "an all-in short of half a bet; he may only call or fold"]),
], ids=["PokerKit's", "the house's"])
def test_a_fixed_limit_rounds_first_raise_reopens_however_short(ruleset: str,
                                                               found: list[str]) -> None:
    text = SHORT_FIRST_RAISE.format(ruleset.format())
    assert violations(text) == found
    assert pokerkit_plays(SHORT_FIRST_RAISE.format("")) is True


MIN_BET_BELOW_BIG_BLIND = '''variant = "N2L1D"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 1
starting_stacks = [50, 50, 50]
actions = ["d dh p1 2c3d4h5s7c", "d dh p2 KcQdJhTs9s", "d dh p3 Kd8h8c6d6s", {actions}]
'''


@pytest.mark.parametrize(("actions", "found"), [
    # the first raise over the big blind goes min_bet over it: to 3, not 4
    ('"p3 cbr 3", "p1 f", "p2 f"', []),
    # a raise by 1 is the round's largest: the next goes at least 1 over it
    ('"p3 cbr 3", "p1 cbr 4", "p2 f", "p3 f"', []),
    # a raise by 3 is: the next goes 3 over it
    ('"p3 cbr 5", "p1 cbr 8", "p2 f", "p3 f"', []),
    ('"p3 cbr 5", "p1 cbr 7", "p2 f", "p3 f"',
     ["B2 p1 raises to 7; in no limit a raise before the first draw goes to at least 8"]),
])
def test_a_raise_goes_min_bet_over_the_largest_raise_whatever_the_big_blind(
        actions: str, found: list[str]) -> None:
    """PokerKit's least raise is the bet plus the round's largest bet or raise, the blinds
    not counted, or plus ``min_bet`` if more (``min_completion_betting_or_raising_to_amount``):
    where ``min_bet`` is below the big blind, so is the least raise over it."""
    text = MIN_BET_BELOW_BIG_BLIND.format(actions=actions)
    assert violations(text) == found
    assert pokerkit_plays(text) is not found
