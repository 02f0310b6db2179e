"""PHH's fields that move chips, read as the specification says, with PokerKit's nets.

The specification (uoftcprg/phh-std, "Antes", "Blinds or Straddles", "Ante Trimming
Status", "Finishing Stacks") says how each forced bet goes into the pot; PokerKit, its
reference implementation, replays every PHH file of the tests here, and each player's
net (finishing less starting stack) must be ours, and ``finishing_stacks`` both.
"""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

from badugi_hh.engine import HandReport, audit
from badugi_hh.cards import parse_cards
from badugi_hh.events import Deal, Hand, Muck, SessionStart, Show, SkippedHand
from badugi_hh.parsers import read_records
from badugi_hh.parsers.house import read_house
from badugi_hh.parsers.phh import read_phh
from badugi_hh.phh_writer import phh_fields, phh_text
from badugi_hh.writer import house_log

pokerkit = pytest.importorskip("pokerkit")

ROOT = Path(__file__).resolve().parents[1]
BIG_BLIND_ANTE = ROOT / "tests" / "data" / "phh" / "big-blind-ante-single-draw.phh"


def reports(text: str, name: str = "x.phh") -> list[HandReport]:
    return [item for item in audit(list(read_phh(text, name))) if isinstance(item, HandReport)]


def nets(report: HandReport) -> list[int]:
    return [player.net for player in report.players.values()]


def pokerkit_nets(text: str) -> list[int]:
    """Each player's finishing less starting stack, as PokerKit replays the hand."""
    history = pokerkit.HandHistory.loads(text)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")   # PokerKit warns of a needless fold
        final = list(history)[-1]
    return [int(end - start) for end, start in zip(final.stacks, history.starting_stacks)]


# -- antes: ante_trimming_status -------------------------------------------------------------

def test_an_untrimmed_big_blind_ante_is_dead_money_the_short_all_in_wins() -> None:
    """WSOP-style: the big blind's ante is the main pot's, not a side pot given back."""
    text = BIG_BLIND_ANTE.read_text(encoding="utf-8")
    [report] = reports(text, BIG_BLIND_ANTE.name)
    assert nets(report) == pokerkit_nets(text) == [-75_000, -1_000_000, 1_075_000, 0]
    assert report.violations == []   # finishing_stacks agree
    assert [pot.amount for pot in report.pots] == [1_850_000]


SHORT_ANTE = '''variant = "FB"
{trimming}antes = [5, 5, 5]
blinds_or_straddles = [5, 10, 0]
small_bet = 10
big_bet = 20
starting_stacks = [200, 300, 3]
actions = ["d dh p1 Kc9d8h2s", "d dh p2 QcJdTh9s", "d dh p3 Ac2d3h4s", "p1 cc", "p2 cc",
  "p1 sd", "p2 sd", "p3 sd", "p1 cc", "p2 cc", "p1 sd", "p2 sd", "p3 sd", "p1 cc", "p2 cc",
  "p1 sd", "p2 sd", "p3 sd", "p1 cc", "p2 cc",
  "p1 sm Kc9d8h2s", "p2 sm QcJdTh9s", "p3 sm Ac2d3h4s"]
'''


@pytest.mark.parametrize(("trimming", "expected"), [
    ("", [-15, 5, 10]),                                # the default: false
    ("ante_trimming_status = false\n", [-15, 5, 10]),
    ("ante_trimming_status = true\n", [-15, 9, 6]),
])
def test_a_player_all_in_for_part_of_his_ante_wins_what_the_status_says(
        trimming: str, expected: list[int]) -> None:
    """Untrimmed, p3 (3 chips against antes of 5) wins every ante; trimmed, what he matched."""
    text = SHORT_ANTE.format(trimming=trimming)
    [report] = reports(text)
    assert nets(report) == pokerkit_nets(text) == expected


def test_one_ante_is_every_players_as_pokerkit_reads_it() -> None:
    """The specification writes the antes one a player; PokerKit also reads one amount."""
    text = SHORT_ANTE.format(trimming="").replace("antes = [5, 5, 5]", "antes = 5")
    [report] = reports(text)
    assert nets(report) == pokerkit_nets(text) == [-15, 5, 10]


TRIMMED_BLIND = '''variant = "N2L1D"
ante_trimming_status = true
antes = {antes}
blinds_or_straddles = {blinds}
min_bet = {min_bet}
starting_stacks = {stacks}
actions = {actions}
'''


@pytest.mark.parametrize(("antes", "blinds", "min_bet", "stacks", "actions", "expected"), [
    # heads-up (both lists reversed): p2's ante takes his stack, so PokerKit posts no small
    # blind for him; trimming gives him the ante back and he folds owing nothing
    ("[3, 0]", "[1, 3]", 3, "[10, 3]", '["d dh p1 5hThQsKdJh", "d dh p2 JdAh8hTcJs", "p2 f"]',
     [0, 0]),
    ("[10, 0]", "[5, 10]", 10, "[10, 4]",
     '["d dh p1 8h6c6dKc2d", "d dh p2 4cKd8sJh5s", "p2 f"]', [0, 0]),
    # p2's ante of 3 leaves him 1 of a big blind of 3: he posts 1, gets the ante back and
    # folds with 3 behind
    ("[0, 3, 0, 0]", "[1, 3, 0, 0]", 3, "[60, 4, 10, 3]",
     '["d dh p1 6hQc5h6s2d", "d dh p2 QhQd8c8s3c", "d dh p3 TcAs8hKc4d", '
     '"d dh p4 Ts5dTdKh9d", "p3 cc", "p4 cbr 3", "p1 cbr 6", "p2 f", "p3 cc", "p1 sd", '
     '"p3 sd", "p4 sd", "p1 cc", "p3 cc", "p1 sm -", "p3 sm -", "p4 sm -"]', [-6, -1, 10, -3]),
])
def test_a_blind_after_a_trimmed_ante_is_sized_by_the_stack_the_whole_ante_left(
        antes: str, blinds: str, min_bet: int, stacks: str, actions: str,
        expected: list[int]) -> None:
    """PokerKit's effective blind is min(blind, stack less the whole ante), the trimmed part
    of the ante going back only after: the nets are PokerKit's, and add up to nothing."""
    text = TRIMMED_BLIND.format(antes=antes, blinds=blinds, min_bet=min_bet, stacks=stacks,
                                actions=actions)
    [report] = reports(text)
    assert report.violations == []
    assert nets(report) == pokerkit_nets(text) == expected
    assert sum(nets(report)) == 0


TRIMMED_LAYERS = '''variant = "N2L1D"
ante_trimming_status = true
antes = [2, 2, 0]
blinds_or_straddles = {blinds}
min_bet = {min_bet}
starting_stacks = {stacks}
actions = ["d dh p1 KcQdJhTs9s", "d dh p2 Kd8h8c6d6s", "d dh p3 2c3d4h5s7c", {actions}
  "p1 sm -", "p2 sm -", "p3 sm -"]
{finishing}'''


@pytest.mark.parametrize(("blinds", "min_bet", "stacks", "actions", "finishing", "expected"), [
    # nobody all in: p3, who anted nothing, wins 2 from each other player, not the pot
    ("[1, 2, 0]", 2, "[50, 50, 50]", '"p3 cc", "p1 cc", "p2 cc", "p1 sd", "p2 sd", "p3 sd", '
     '"p1 cc", "p2 cc", "p3 cc",', "", [-4, 0, 4]),
    # p1 and p2 all in on their forced bets, p3 calls 5 and wins what he matched of p2's 7:
    # PokerKit's finishing_stacks, no G3
    ("[2, 5, 0]", 1, "[3, 7, 30]", '"p3 cc", "p1 sd", "p2 sd", "p3 sd",',
     "finishing_stacks = [0, 2, 38]\n", [-3, -5, 8]),
])
def test_trimmed_antes_are_won_only_as_far_as_each_player_matched_them(
        blinds: str, min_bet: int, stacks: str, actions: str, finishing: str,
        expected: list[int]) -> None:
    """With trimming, PokerKit's pots are cut at each player's total put in, antes
    counted, all in or not (docs/format.md: "wins from each other player only what he
    matched")."""
    text = TRIMMED_LAYERS.format(blinds=blinds, min_bet=min_bet, stacks=stacks,
                                 actions=actions, finishing=finishing)
    [report] = reports(text)
    assert report.violations == []
    assert nets(report) == pokerkit_nets(text) == expected


def test_a_trimmed_ante_hand_written_as_a_house_log_keeps_the_trimming() -> None:
    """``antes trimmed`` on the Rules line: the antes, posted whole, are trimmed and won
    alike when the house log is read back."""
    text = TRIMMED_LAYERS.format(
        blinds="[1, 2, 0]", min_bet=2, stacks="[50, 50, 50]",
        actions='"p3 cc", "p1 cc", "p2 cc", "p1 sd", "p2 sd", "p3 sd", "p1 cc", "p2 cc", '
                '"p3 cc",', finishing="winnings = [0, 4, 6]\n")
    records = list(read_phh(text, "x.phh"))
    session = next(record for record in records if isinstance(record, SessionStart))
    hand = next(record for record in records if isinstance(record, Hand))
    house, count, failures = house_log([(session, hand)])
    assert count == 1 and not failures and ", antes trimmed," in house
    [again] = [item for item in audit(list(read_house(house, "back.txt")))
               if isinstance(item, HandReport)]
    assert nets(again) == pokerkit_nets(text) == [-4, 0, 4] and again.violations == []



# -- finishing_stacks ---------------------------------------------------------------------------

def test_finishing_stacks_that_disagree_are_a_violation_at_the_field_naming_the_player(
        ) -> None:
    text = BIG_BLIND_ANTE.read_text(encoding="utf-8").replace(
        "finishing_stacks = [2025000, 2000000,", "finishing_stacks = [2025000, 2000001,")
    [report] = reports(text)
    line = text.splitlines().index(next(row for row in text.splitlines()
                                        if row.startswith("finishing_stacks"))) + 1
    assert [(v.rule, v.line, v.message) for v in report.violations] == [
        ("G3", line, "the log says Bruno ends the hand with 2000001; the chips say 2000000")]


# -- chips only folded players reached (docs/format.md, "Where PokerKit loses chips") ----------

# Written by PokerKit's own writer: p3 is all in for 2, p4 for 4, and p1 and p2, in for 6,
# fold owing nothing after the first draw (PokerKit replays PHH as a cash game).
FOLDED_ABOVE_ALL_INS = '''variant = "FB"
antes = [0, 0, 0, 0]
blinds_or_straddles = [1, 2, 0, 0]
small_bet = 2
big_bet = 4
starting_stacks = [30, 30, 2, 4]
actions = ["d dh p1 Ah2c3d4s", "d dh p2 5h6h7h8h", "d dh p3 As2d3c9h", "d dh p4 Kc2h3s4d",
  "p3 cc", "p4 cbr 4", "p1 cbr 6", "p2 cc", "p1 sd", "p2 sd", "p3 sd", "p4 sd", "p1 f", "p2 f",
  "p3 sd", "p4 sd", "p3 sd", "p4 sd", "p3 sm As2d3c9h", "p4 sm Kc2h3s4d"]
finishing_stacks = [24, 24, 8, 6]
'''


def test_chips_only_folded_players_reached_join_the_pot_below_where_pokerkit_burns_them(
        ) -> None:
    """The 4 chips above p4's level are p4's pot's (M3); PokerKit burns them, so the
    finishing_stacks it wrote (62 chips of 66) are G3 for p4, and his stored stack is 10."""
    [report] = reports(FOLDED_ABOVE_ALL_INS)
    assert [(pot.amount, pot.eligible, pot.winners) for pot in report.pots] == [
        (8, ("p3", "p4"), ("p3",)), (10, ("p4",), ("p4",))]
    assert [player.end_stack for player in report.players.values()] == [24, 24, 8, 10]
    assert [(v.rule, v.message) for v in report.violations] == [
        ("G3", "the log says p4 ends the hand with 6; the chips say 10")]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        final = list(pokerkit.HandHistory.loads(FOLDED_ABOVE_ALL_INS))[-1]
    assert list(final.stacks) == [24, 24, 8, 6]
    assert "some chips will be burned" in " ".join(str(each.message) for each in caught)


FOLDED_ABOVE_AN_ALL_IN = '''variant = "FB"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
small_bet = 2
big_bet = 4
starting_stacks = [30, 30, 2]
actions = ["d dh p1 Ah2c3d4s", "d dh p2 5h6h7h8h", "d dh p3 Kc2h3s4d", "p3 cc", "p1 cbr 4",
  "p2 cc", "p1 sd", "p2 sd", "p3 sd", "p1 f", "p2 f"]
'''


def test_a_lone_player_takes_the_chips_only_folded_players_reached_where_pokerkit_stops(
        ) -> None:
    """p3, all in for 2, is left alone when p1 and p2, in for 4, fold owing nothing: he
    takes all 10 chips, a hand PokerKit cannot finish (it asserts the burned pot has one
    player), so its writer never writes it."""
    [report] = reports(FOLDED_ABOVE_AN_ALL_IN)
    assert [player.end_stack for player in report.players.values()] == [26, 26, 10]
    assert report.violations == []
    with warnings.catch_warnings(), pytest.raises(AssertionError):
        warnings.simplefilter("ignore")
        list(pokerkit.HandHistory.loads(FOLDED_ABOVE_AN_ALL_IN))


# -- a hand shown in part (docs/format.md, "PHH") ------------------------------------------------

# Badugi heads-up: Ana shows one card of her four, Bob his whole hand, as PokerKit's cash
# game lets a player show some of his cards.
PARTLY_SHOWN = """variant = "FB"
antes = [0, 0]
blinds_or_straddles = [1, 2]
small_bet = 2
big_bet = 4
starting_stacks = [10, 10]
players = ["Ana", "Bob"]
actions = ["d dh p1 2c3d4h5s", "d dh p2 KcQdJhTs", "p2 cc", "p1 cc", "p1 sd", "p2 sd",
  "p1 cc", "p2 cc", "p1 sd", "p2 sd", "p1 cc", "p2 cc", "p1 sd", "p2 sd", "p1 cc", "p2 cc",
  {shows}]
{more}"""


def pokerkit_stacks(text: str) -> list[int]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")   # PokerKit warns of chips it burns
        return [int(stack) for stack in list(pokerkit.HandHistory.loads(text))[-1].stacks]


@pytest.mark.parametrize(("shows", "stacks"), [
    ('"p1 sm 2c??????", "p2 sm KcQdJhTs"', [8, 12]),    # one card against a badugi
    ('"p1 sm 2c3d????", "p2 sm KcQdJhTs"', [8, 12]),
    ('"p1 sm 2c??????", "p2 sm Kc??????"', [12, 8]),    # a 1-card 2 beats a 1-card king
    ('"p1 sm ????????", "p2 sm KcQdJhTs"', [8, 12]),    # nothing shown: no hand
    ('"p1 sm 2c??????"', [12, 8]),                      # Bob never shows: PokerKit shows none
], ids=["one card", "two cards", "both in part", "no card", "no show"])
def test_a_hand_shown_in_part_is_judged_on_the_cards_shown_as_pokerkit_judges_it(
        shows: str, stacks: list[int]) -> None:
    """Ana's 2c alone is a 1-card hand (PokerKit values a Badugi hand of any number of
    cards); a hand that shows none cannot win. The pot is paid, and nothing is wrong."""
    text = PARTLY_SHOWN.format(shows=shows, more="")
    [report] = reports(text)
    assert [player.end_stack for player in report.players.values()] == stacks
    assert pokerkit_stacks(text) == stacks
    assert report.violations == []
    assert [pot.winners for pot in report.pots] == [("Ana",) if stacks[0] > 10 else ("Bob",)]


@pytest.mark.parametrize("code", ["FB", "F2L3D", "N2L1D"])
def test_hands_pokerkit_plays_with_partial_shows_end_as_its_stacks(code: str) -> None:
    """Each player at the showdown shows some of his cards, none to all, at random: every
    hand is clean and ends as PokerKit ends it, but where nobody showed a hand, which
    PokerKit burns and the rules share (docs/format.md, "Where PokerKit loses chips")."""
    from phhkit import play

    judged = 0
    for seed in range(100):
        players = 2 + seed % 4
        try:
            played = play(code, players, seed, one_card=False, partial_shows=True)
        except AssertionError:
            continue   # PokerKit's own play stops at an assertion: a hand it never writes
        [report] = reports(played.text)
        assert report.violations == [], played.text
        ends = [player.end_stack for player in report.players.values()]
        assert sum(ends) == sum(played.starting_stacks), played.text
        if sum(played.final_stacks) == sum(played.starting_stacks):
            assert ends == played.final_stacks, played.text
            judged += "??" in played.text
    assert judged >= 3   # hands shown in part, settled as PokerKit settles them


@pytest.mark.parametrize("winnings", ["[0, 4]", "[4, 0]"], ids=["Bob's", "Ana's, wrong"])
def test_a_hand_shown_in_part_written_as_a_house_log_is_judged_alike(winnings: str) -> None:
    """``partial shows judged`` on the Rules line: read back, Ana's 2c is still judged a
    1-card hand, so an award to her is still the S1 it was (not an unknown hand's pot)."""
    text = PARTLY_SHOWN.format(shows='"p1 sm 2c??????", "p2 sm KcQdJhTs"',
                               more=f"winnings = {winnings}\n")
    records = list(read_phh(text, "x.phh"))
    session = next(record for record in records if isinstance(record, SessionStart))
    hand = next(record for record in records if isinstance(record, Hand))
    house, count, failures = house_log([(session, hand)])
    assert count == 1 and not failures and house.splitlines()[1].endswith(
        ", partial shows judged, unshown hands mucked, button may stay")
    [report] = reports(text)
    [again] = [item for item in audit(list(read_house(house, "back.txt")))
               if isinstance(item, HandReport)]
    assert again.ruleset == report.ruleset
    assert nets(again) == nets(report)
    assert [(v.rule, v.message) for v in again.violations] == [
        (v.rule, v.message) for v in report.violations]


def test_a_pot_the_rules_cannot_settle_and_the_log_does_not_award_is_s1_at_its_end() -> None:
    """Judged by the house's rules (the hand's _ruleset), Ana's hand shown in part is not
    known; PHH need not state the award, so nobody is paid the pot: said, not silent."""
    text = PARTLY_SHOWN.format(shows='"p1 sm 2c??????", "p2 sm KcQdJhTs"',
                               more="_ruleset = {partial_show_judged = false}\n")
    [report] = reports(text)
    line = text.splitlines().index('  "p1 sm 2c??????", "p2 sm KcQdJhTs"]') + 1
    assert [(v.rule, v.line, v.message) for v in report.violations] == [
        ("S1", line, "the log does not say who wins the pot of 4, and the rules cannot: "
                     "Ana's hand is not known")]


# Every player mucks at the showdown (written by PokerKit's own writer), or shows no hand.
ALL_MUCK = """variant = "N2L1D"
ante_trimming_status = true
antes = [2, 2, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [50, 50, 50]
actions = ["d dh p1 KcQdJhTs9s", "d dh p2 Kd8h8c6d6s", "d dh p3 2c3d4h5s7c", "p3 cc", "p1 cc",
  "p2 cc", "p1 sd", "p2 sd", "p3 sd", "p1 cc", "p2 cc", "p3 cc", "p1 sm", "p2 sm", "p3 sm"]
players = ["Ana", "Bob", "Cid"]
finishing_stacks = [46, 46, 48]
"""


@pytest.mark.parametrize(("text", "ours"), [
    (ALL_MUCK, [50, 50, 50]),   # antes trimmed: each wins back what the others matched
    (PARTLY_SHOWN.format(shows='"p1 sm ????????", "p2 sm ????????"',
                         more="finishing_stacks = [8, 8]\n"), [10, 10]),
], ids=["all muck", "no hand shown"])
def test_a_pot_nobody_shows_a_hand_for_is_shared_where_pokerkit_burns_it(
        text: str, ours: list[int]) -> None:
    """The rules share it among the pot's players, the odd chip by S2; PokerKit burns it,
    so the finishing_stacks it writes are each player's G3, the chips' figure stored."""
    [report] = reports(text)
    stated = pokerkit_stacks(text)
    assert sum(stated) == sum(ours) - sum(pot.amount for pot in report.pots)   # PokerKit burns them all
    assert [player.end_stack for player in report.players.values()] == ours
    assert [(v.rule, v.message) for v in report.violations] == [
        ("G3", f"the log says {name} ends the hand with {end}; the chips say {chips}")
        for name, end, chips in zip(report.players, stated, ours)]


# -- min_bet ------------------------------------------------------------------------------------

MIN_BET = '''variant = "N2L1D"
antes = [0, 0, 0]
blinds_or_straddles = [5, 10, 0]
min_bet = 20
starting_stacks = [500, 500, 500]
actions = ["d dh p1 ??????????", "d dh p2 ??????????", "d dh p3 ??????????", "p3 cbr 30",
  "p1 f", "p2 cc", "p2 sd", "p3 sd", {}]
'''


@pytest.mark.parametrize(("actions", "found"), [
    ('"p2 cbr 20", "p3 cbr 40", "p2 f"', []),
    ('"p2 cbr 10", "p3 f"', ["B2 p2 bets to 10; in no limit a bet after the first draw goes to "
                             "at least 20"]),
    ('"p2 cbr 20", "p3 cbr 30", "p2 f"', ["B2 p3 raises to 30; in no limit a raise after the "
                                          "first draw goes to at least 40"]),
])
def test_min_bet_is_the_least_no_limit_bet_and_raise(actions: str, found: list[str]) -> None:
    """PokerKit's reading: a bet of min_bet at least, a raise by it at least (here more
    than the big blind of 10, which the engine takes when nothing says otherwise)."""
    [report] = reports(MIN_BET.format(actions))
    assert [f"{v.rule} {v.message}" for v in report.violations] == found


# -- straddles ------------------------------------------------------------------------------

STRADDLED = '''variant = "FB"
antes = [0, 0, 0, 0]
blinds_or_straddles = [1, 2, 4, 0]
small_bet = 2
big_bet = 4
starting_stacks = [100, 100, 100, 100]
actions = ["d dh p1 ????????", "d dh p2 ????????", "d dh p3 ????????", "d dh p4 ????????", {}]
'''


@pytest.mark.parametrize(("actions", "found"), [
    ('"p4 cc", "p1 cc", "p2 cc", "p3 cc"', []),   # the straddle has the option
    ('"p4 cbr 6", "p1 cbr 8", "p2 cbr 10", "p3 cbr 12", "p4 cc"', []),
    ('"p1 f"', ["M2 p1 acts out of turn: it is p4's turn before the first draw"]),
    ('"p4 cbr 8"', ["B2 p4 raises to 8, but a raise before the first draw goes to 6 (the bet "
                    "is 2)"]),
    ('"p4 cbr 6", "p1 cbr 8", "p2 cbr 10", "p3 cbr 12", "p4 cbr 14"',
     ["B3 p4 raises after the cap: one bet and 4 raises per round, the big blind counting as "
      "the bet"]),
])
def test_a_straddle_is_a_live_blind_the_round_starts_after(actions: str, found: list[str],
                                                           ) -> None:
    """Left of the straddle acts first, raises go from it, and it is not one of the cap's
    raises: PokerKit's reading of the standard's straddle."""
    results = list(audit(list(read_phh(STRADDLED.format(actions), "x.phh"))))
    if not found:   # a partial history that breaks no rule: skipped, no result to judge
        assert isinstance(results[0], SkippedHand) and results[0].game == "Badugi (partial)"
        return
    [report] = [item for item in results if isinstance(item, HandReport)]
    assert [f"{v.rule} {v.message}" for v in report.violations] == found   # its stop: no B1
    assert report.players["p3"].contributed >= 4


def test_a_straddle_is_written_where_phh_puts_it() -> None:
    path = ROOT / "tests" / "data" / "phh" / "straddles.phhs"
    records = list(read_records(path))
    hands = [record for record in records if isinstance(record, Hand)]
    for hand, report in zip(hands, [r for r in audit(records) if isinstance(r, HandReport)]):
        fields = phh_fields(hand, report)
        assert fields["blinds_or_straddles"] in ([50, 100, 200, 0, 0], [1, 2, 4, 0],
                                                 [50, 100, 0, 0, 200])
        text = phh_text(fields)
        [again] = reports(text, "again.phh")
        assert nets(again) == nets(report) == pokerkit_nets(text), hand.hand_id


# -- every PHH file of the tests, replayed by PokerKit ---------------------------------------

PHH_FILES = sorted(path for pattern in ("*.phh", "*.phhs")
                   for path in (ROOT / "tests").rglob(pattern))


def pokerkit_ends(path: Path) -> list[tuple[list[int], list[int], list[int] | None]]:
    """Each hand of the file as PokerKit replays it: its nets, its final stacks, and the
    file's ``finishing_stacks`` (None where it has none)."""
    with path.open("rb") as file:
        histories = (list(pokerkit.HandHistory.load_all(file)) if path.suffix == ".phhs"
                     else [pokerkit.HandHistory.load(file)])
    ends = []
    for history in histories:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")   # PokerKit warns of a needless fold
            final = [int(stack) for stack in list(history)[-1].stacks]
        starting = [int(stack) for stack in history.starting_stacks]
        stated = history.finishing_stacks
        ends.append(([end - start for end, start in zip(final, starting)], final,
                     None if stated is None else [int(stack) for stack in stated]))
    return ends


@pytest.mark.parametrize("path", PHH_FILES, ids=lambda path: path.name)
def test_every_phh_file_nets_as_pokerkit_and_its_finishing_stacks_agree(path: Path) -> None:
    records = list(read_records(path))
    hands = [record for record in records if isinstance(record, Hand)]
    ours = [item for item in audit(records) if isinstance(item, HandReport)]
    expected = pokerkit_ends(path)
    assert len(hands) == len(ours) == len(expected)
    for report, (pokerkit_net, final, stated) in zip(ours, expected):
        assert nets(report) == pokerkit_net, report.hand_id
        ends = [player.end_stack for player in report.players.values()]
        assert ends == final, report.hand_id
        if stated is not None:
            assert stated == final, f"{report.hand_id}: finishing_stacks are not PokerKit's"
        assert report.violations == [], report.hand_id


def test_the_phh_files_of_the_tests_are_found() -> None:
    """The differential test above runs on every PHH file, the ante hands among them."""
    names = {path.name for path in PHH_FILES}
    assert {"wikipedia-badugi.phh", "arieh-yockey-2019.phh", "antes.phhs",
            "big-blind-ante-single-draw.phh", "straddles.phhs", "deals.phhs"} <= names


# -- the writer ---------------------------------------------------------------------------------

@pytest.mark.parametrize("path", PHH_FILES, ids=lambda path: path.name)
def test_every_phh_file_written_back_nets_the_same_here_and_in_pokerkit(path: Path) -> None:
    """The writer states the antes, their trimming status and the straddles as read."""
    pairs = [(hand, report) for hand, report in zip(
        [record for record in read_records(path) if isinstance(record, Hand)],
        [item for item in audit(list(read_records(path))) if isinstance(item, HandReport)])]
    for hand, report in pairs:
        fields = phh_fields(hand, report)
        antes = fields["antes"]
        assert isinstance(antes, list)
        if any(antes):
            assert fields["ante_trimming_status"] is not report.ruleset.dead_money_in_main_pot
        text = phh_text(fields)
        [again] = reports(text, "again.phh")
        assert nets(again) == nets(report) == pokerkit_nets(text), hand.hand_id


def test_the_deal_forms_read_as_the_cards_each_player_held() -> None:
    """One card an action, ``??``, ``sm -`` (the cards held) and ``sm`` (a muck)."""
    path = ROOT / "tests" / "data" / "phh" / "deals.phhs"
    first = next(record for record in read_records(path) if isinstance(record, Hand))
    deals = {event.player: event.cards for event in first.events if isinstance(event, Deal)}
    assert deals == {"Ana": parse_cards("As 2c 3h 4d"), "Bruno": (None,) * 4,
                     "Chen": parse_cards("Kd Qd Jd Td")}
    assert [(type(event).__name__, event.player) for event in first.events
            if isinstance(event, (Show, Muck))] == [("Show", "Ana"), ("Muck", "Chen")]
    [show] = [event for event in first.events if isinstance(event, Show)]
    assert show.cards == parse_cards("As 2c 3h 4d")


def test_the_house_format_states_the_rules_a_phh_hand_was_audited_by() -> None:
    """``min bet``, ``dead money in main pot`` and ``dead cards recycled``: a PHH hand
    written as a house log is audited alike when read back (the big blind's ante still
    the short stack's, the deck PokerKit's)."""
    records = list(read_records(BIG_BLIND_ANTE))
    session = next(record for record in records if isinstance(record, SessionStart))
    hand = next(record for record in records if isinstance(record, Hand))
    text, count, failures = house_log([(session, hand)])
    assert count == 1 and not failures
    assert "min bet 150000, dead money in main pot, dead cards recycled" in text
    [again] = [item for item in audit(list(read_house(text, "back.txt")))
               if isinstance(item, HandReport)]
    assert nets(again) == [-75_000, -1_000_000, 1_075_000, 0] and again.violations == []
    assert again.ruleset.deck_recycling == "dead_cards"


def decimal_chips_hand() -> tuple[str, list[object]]:
    """A hand PokerKit plays with Decimal chips (antes 0.01, blinds 0.05/0.10, bets
    0.10/0.20): Ana and Bo tie with the same badugi for a pot of 0.23, which PokerKit
    splits at 0.115 each; its text as PokerKit writes it, with the stacks it ends at."""
    from decimal import Decimal
    game = pokerkit.FixedLimitBadugi(
        (pokerkit.Automation.ANTE_POSTING, pokerkit.Automation.BET_COLLECTION,
         pokerkit.Automation.BLIND_OR_STRADDLE_POSTING, pokerkit.Automation.CARD_BURNING,
         pokerkit.Automation.HAND_KILLING, pokerkit.Automation.CHIPS_PUSHING,
         pokerkit.Automation.CHIPS_PULLING), True, Decimal("0.01"),
        (Decimal("0.05"), Decimal("0.10")), Decimal("0.10"), Decimal("0.20"),
        mode=pokerkit.Mode.CASH_GAME)
    state = game((Decimal(3),) * 3, 3)
    for cards in ("As2c3d4h", "Ah2s3c4d", "KsQsJsTs"):
        state.deal_hole(cards)
    state.fold()
    state.check_or_call()
    state.check_or_call()
    for _ in range(3):   # each draw, both pat, then both check
        state.stand_pat_or_discard()
        state.stand_pat_or_discard()
        state.check_or_call()
        state.check_or_call()
    while state.can_show_or_muck_hole_cards():
        state.show_or_muck_hole_cards(True)
    text = pokerkit.HandHistory.from_game_state(game, state).dumps()
    stacks = list(state.stacks)
    return text + f"\nfinishing_stacks = [{', '.join(map(str, stacks))}]\n", stacks


def test_a_hand_whose_amounts_need_more_decimals_is_read_in_a_finer_unit(
        tmp_path: Path) -> None:
    """The specification's amounts are integers or floats, and PokerKit's own writer
    writes a pot of 0.23 split in two as 0.115 each: read in thousandths, the audit
    agrees with it, the store keeps the unit, and the export writes the same amounts."""
    from decimal import Decimal
    from badugi_hh.money import format_amount
    from badugi_hh.store import Store
    text, stacks = decimal_chips_hand()
    assert "finishing_stacks = [3.005, 3.005, 2.99]" in text
    records = list(read_phh(text, "x.phh"))
    [hand] = [record for record in records if isinstance(record, Hand)]
    assert hand.unit == 1000 and hand.ruleset.small_bet == 100
    [report] = reports(text)
    assert report.violations == [] and nets(report) == [5, 5, -10]
    fields = phh_fields(hand, report)
    assert fields["finishing_stacks"] == [Decimal("3.005"), Decimal("3.005"), Decimal("2.990")]
    assert fields["antes"] == [Decimal("0.010")] * 3
    again = phh_text(fields)
    assert nets(reports(again)[0]) == [5, 5, -10]
    history = pokerkit.HandHistory.loads(again)   # PokerKit replays what the export wrote
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert list(list(history)[-1].stacks) == stacks
    log = tmp_path / "hand.phh"
    log.write_text(text, encoding="utf-8")
    with Store(tmp_path / "hands.duckdb") as store:
        store.import_paths([log])
        rows = store.connection.sql("SELECT h.unit, p.net FROM hands h JOIN hand_players p "
                                    "USING (source, hand_id) ORDER BY p.net").fetchall()
    assert rows == [(1000, -10), (1000, 5), (1000, 5)]
    assert format_amount(-10, "USD", 1000) == "-$0.010"   # the nets, in their money


SIMPLE = '''variant = "FB"
antes = [0, 0, 0]
blinds_or_straddles = [0.05, 0.10, 0]
small_bet = 0.10
big_bet = 0.20
starting_stacks = [100, 100, 100]
actions = ["d dh p1 ????????", "d dh p2 ????????", "d dh p3 ????????", "p3 f", "p1 f"]
'''


@pytest.mark.parametrize(("stacks", "unit"), [
    ("[100.125, 100, 100]", 1000), ("[100.5, 100, 100]", 100), ("[100.0, 100, 100]", 100),
    ("[100.000001, 100, 100]", 10**6)])
def test_the_unit_is_the_smallest_power_of_ten_that_makes_each_amount_whole(
        stacks: str, unit: int) -> None:
    text = SIMPLE.replace("starting_stacks = [100, 100, 100]", f"starting_stacks = {stacks}")
    [hand] = [record for record in read_phh(text, "x.phh") if isinstance(record, Hand)]
    assert hand.unit == unit and hand.events


def test_an_amount_of_more_decimals_than_any_unit_is_an_error_at_its_key() -> None:
    text = SIMPLE.replace("starting_stacks = [100, 100, 100]",
                         "starting_stacks = [100.0000001, 100, 100]")
    [error] = list(read_phh(text, "x.phh"))
    assert error.line == text.splitlines().index("starting_stacks = [100.0000001, 100, 100]") + 1
    assert "expected a positive amount (a number of chips, or money with at most 6 decimals)" in (
        error.message)


@pytest.mark.parametrize("field", ["winnings = [3.005, 1]", "finishing_stacks = [99.005]"])
def test_a_malformed_optional_array_does_not_set_the_unit(field: str) -> None:
    """A hand of whole chips whose ``winnings`` (or ``finishing_stacks``) has another
    length than its players is read without that field: its decimals must not count the
    hand in thousandths (it was stored as chips in 1/1000, a currency of its own)."""
    text = SIMPLE.replace("0.05, 0.10, 0", "1, 2, 0").replace("0.10\n", "2\n").replace(
        "0.20", "4") + field + "\n"
    records = list(read_phh(text, "x.phh"))
    [hand] = [record for record in records if isinstance(record, Hand)]
    assert hand.unit == 1 and hand.ruleset.small_bet == 2
    assert any("the hand is read without it" in getattr(r, "message", "") for r in records)
