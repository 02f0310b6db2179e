"""The rules engine: one broken rule per test, reported with its id and line.

Every test changes one thing in a legal hand and asserts the engine reports
exactly that rule at exactly that line, nothing more.
"""

from __future__ import annotations

import gc
import re
from collections import deque
from pathlib import Path

import pytest

from badugi_hh.cards import JOKER
from badugi_hh.engine import Auditor, HandReport, audit
from badugi_hh.events import (
    Award, Bet, Burn, Button, Call, Check, Deal, Draw, DrawnCards, Fold, Hand, Muck, ParseError,
    PostBlind, PotTotal, Raise, SessionEnd, SessionPlayer, SessionStart, Show, StackStated,
    Street, UncalledReturned,
)
from badugi_hh.parsers.house import read_house
from badugi_hh.rules import HOUSE

from handkit import c, checked_down, found, full_hand, numbered, replay, settled


# -- legal hands report nothing ------------------------------------------------

def test_full_hand_is_clean_and_settles() -> None:
    report = replay(full_hand())
    assert report.violations == []
    assert report.ended == "showdown"
    assert report.pot_total == 28
    assert report.net == {"Ana": 14, "Bruno": -14}
    assert report.players["Ana"].value.description == "badugi 4-3-2-A"
    assert [p.winners for p in report.pots] == [("Ana",)]


def test_stand_pat_every_draw_is_clean() -> None:
    report = replay(checked_down("As 2h 3d 4c", "7c 9h 4d 2s", {"Ana": 4}))
    assert report.violations == []
    assert all(d.stands_pat for d in report.draws)
    assert len(report.draws) == 6


def test_split_pot_is_clean() -> None:
    report = replay(checked_down("As 2h 3d 4c", "Ah 2s 3c 4d", {"Ana": 2, "Bruno": 2}))
    assert report.violations == []
    assert report.pots[0].winners == ("Ana", "Bruno")


@pytest.mark.parametrize("cut", [6, 12, 19, 25])
def test_fold_on_every_street_is_clean(cut: int) -> None:
    events = full_hand()[:cut]
    if isinstance(events[-1], (Check, Call)):
        events[-1] = Fold(player=events[-1].player)
    else:   # the bet or raise of the round is met by a fold
        events.append(Fold(player="Bruno" if events[-1].player == "Ana" else "Ana"))
    report = replay(events)
    folder = events[-1].player
    winner = "Ana" if folder == "Bruno" else "Bruno"
    returned = report.players[winner].returned
    final = numbered(events + [UncalledReturned(player=winner, amount=returned)] * bool(returned)
                     + [Award(player=winner, amount=report.pot_total)])
    assert replay(final).violations == []
    assert replay(final).ended == "fold"


def test_cap_reached_is_clean() -> None:
    events = full_hand()
    events[5:7] = [Raise(player="Ana", to=4), Raise(player="Bruno", to=6),
                   Raise(player="Ana", to=8), Call(player="Bruno", amount=2)]
    events = settled(events, {"Ana": 36}, {"Ana": 118, "Bruno": 82})
    assert found(events) == []


def test_all_in_returns_the_uncovered_part_and_draws_without_betting() -> None:
    events = [
        Button(seat=1),
        PostBlind(player="Ana", amount=1, kind="small"),
        PostBlind(player="Bruno", amount=2, kind="big"),
        Deal(player="Bruno", cards=c("7c 8c 9h Qs")),
        Deal(player="Ana", cards=c("As 2h 3d Kd")),
        Raise(player="Ana", to=4),
        Raise(player="Bruno", to=6),
        Call(player="Ana", amount=1, all_in=True),
    ]
    for number, burn in zip((1, 2, 3), ("5c", "6c", "Tc")):
        events += [Street(kind="draw", number=number), Burn(card=c(burn)[0]),
                   Draw(player="Bruno", discarded=()), Draw(player="Ana", discarded=())]
    events += [Street(kind="showdown"),
               Show(player="Bruno", cards=c("7c 8c 9h Qs")),
               Show(player="Ana", cards=c("As 2h 3d Kd")),
               UncalledReturned(player="Bruno", amount=1),
               Award(player="Ana", amount=10)]
    report = replay(events, stacks={"Ana": 5, "Bruno": 100})
    assert report.violations == []
    assert report.end_stacks == {"Ana": 10, "Bruno": 95}


def test_hidden_cards_still_audit_every_chip() -> None:
    events = full_hand()
    events[3] = Deal(player="Bruno", cards=(None,) * 4)
    events[9] = Draw(player="Bruno", discarded=(None, None), drawn=(None, None))
    events[16] = Draw(player="Bruno", discarded=(None,), drawn=(None,))
    assert found(events) == []
    events = settled(events, {"Ana": 30}, {"Ana": 116, "Bruno": 86})
    assert found(events) == [("S1", 31)]


# -- G: table, cards, blinds ----------------------------------------------------

def test_g1_a_third_player() -> None:
    events = full_hand()
    events.insert(5, Fold(player="Carla"))
    assert found(events, seats={"Ana": 1, "Bruno": 2, "Carla": 3}) == [("G1", 1)]


def test_g2_a_joker() -> None:
    events = full_hand()
    events[8] = Burn(card=JOKER)
    assert found(events) == [("G2", 9)]


def test_g3_a_stated_stack_that_the_chips_contradict() -> None:
    events = full_hand()
    events[31] = StackStated(player="Ana", amount=115)
    assert found(events) == [("G3", 32)]


def test_g3_session_starting_stacks() -> None:
    start = SessionStart(session_id="s", ruleset=HOUSE, source="s.txt", line=1,
                         players=[SessionPlayer(seat=1, name="Ana", stack=100),
                                  SessionPlayer(seat=2, name="Bruno", stack=90)])
    report = Auditor().feed(start) or None
    assert report is None
    auditor = Auditor()
    auditor.feed(start)
    rules = [(v.rule, v.line) for v in auditor.close().violations]
    assert ("G3", 1) in rules


def test_g4_the_wrong_blind_amount() -> None:
    events = full_hand()
    events[1] = PostBlind(player="Ana", amount=2, kind="small")
    assert found(events) == [("G4", 2)]


def test_g4_the_wrong_player_posts() -> None:
    events = full_hand()
    events[1:3] = [PostBlind(player="Bruno", amount=1, kind="small"),
                   PostBlind(player="Ana", amount=2, kind="big")]
    rules = found(events)
    assert rules[:2] == [("G4", 2), ("G4", 3)]


def test_g5_deal_starts_with_the_dealer() -> None:
    events = full_hand()
    events[3], events[4] = events[4], events[3]
    assert found(events) == [("G5", 5)]


def test_g5_three_cards() -> None:
    events = full_hand()
    events[4] = Deal(player="Ana", cards=c("As 2h 3d Kd")[:3] + c("4c"))
    events[4] = Deal(player="Ana", cards=c("As 2h 3d Kd 5h"))
    rules = found(events)
    assert rules[0] == ("G5", 5)


# -- B: betting -------------------------------------------------------------------

def test_b2_wrong_bet_size() -> None:
    events = full_hand()
    events[12:14] = [Bet(player="Ana", amount=3), Call(player="Bruno", amount=3)]
    events = settled(events, {"Ana": 30}, {"Ana": 115, "Bruno": 85})
    assert found(events) == [("B2", 13)]


def test_b2_big_bet_in_round_three() -> None:
    events = full_hand()
    events[24:27] = [Bet(player="Bruno", amount=2), Raise(player="Ana", to=6, by=4),
                     Call(player="Bruno", amount=4)]
    events = settled(events, {"Ana": 24}, {"Ana": 112, "Bruno": 88})
    assert found(events) == [("B2", 25)]


def test_b3_fourth_raise() -> None:
    events = full_hand()
    events[5:7] = [Raise(player="Ana", to=4), Raise(player="Bruno", to=6),
                   Raise(player="Ana", to=8), Raise(player="Bruno", to=10),
                   Call(player="Ana", amount=2)]
    events = settled(events, {"Ana": 40}, {"Ana": 120, "Bruno": 80})
    assert found(events) == [("B3", 9)]


def test_b4_check_facing_a_bet() -> None:
    events = full_hand()
    events[13] = Check(player="Bruno")
    events = settled(events, {"Ana": 24}, {"Ana": 112, "Bruno": 88})
    events.insert(-3, UncalledReturned(player="Ana", amount=2))
    assert found(events) == [("B4", 14)]


def test_b5_draw_before_the_round_is_over() -> None:
    events = full_hand()
    del events[13]   # Bruno never answers Ana's bet
    events = settled(events, {"Ana": 24}, {"Ana": 112, "Bruno": 88})
    events.insert(-3, UncalledReturned(player="Ana", amount=2))
    assert found(events) == [("B5", 14)]


def test_b5_the_call_played_for_a_left_out_line_is_not_stored_where_the_log_has_none() -> None:
    # the log's own account (no call: Ana's bet returned, the stacks without it) stands,
    # so the call the rules played for Bruno's missing line was not made
    events = full_hand()
    del events[13]
    events = settled(events, {"Ana": 24}, {"Ana": 112, "Bruno": 88})
    events.insert(-3, UncalledReturned(player="Ana", amount=2))
    report = replay(events)
    bruno = report.players["Bruno"]
    assert [(a.kind, a.line) for a in report.actions if a.player == "Bruno" and a.line == 14] == []
    assert sum(a.amount for a in report.actions if a.player == "Bruno") == bruno.contributed

def test_b5_a_call_left_out_is_played_as_the_claims_state_it() -> None:
    events = full_hand()
    del events[13]   # Bruno's call of Ana's bet left out; the award and stacks count it
    report = replay(events)
    assert [(v.rule, v.line) for v in report.violations] == [("B5", 14)]
    assert report.net == {"Ana": 14, "Bruno": -14}


def test_b5_a_call_left_out_then_all_in_by_the_logs_account_is_one_violation() -> None:
    # Ana's completion of the small blind left out: played as her call of 1, the log's
    # account (1 chip more behind) kept beside it; her raise of the 4 the log has her
    # hold is all in by that account, not an S3 of chips she lacks, and the hand ends
    # as either account has it (she put in 5 of her 5 by both)
    events = [
        Button(seat=1), PostBlind(player="Ana", amount=1, kind="small"),
        PostBlind(player="Bruno", amount=2, kind="big"),
        Deal(player="Bruno", cards=c("7c 8c 9h Qs")), Deal(player="Ana", cards=c("As 2h 3d Kd")),
        Street(kind="draw", number=1), Burn(card=c("5c")[0]),
        Draw(player="Bruno", discarded=c("8c Qs"), drawn=c("4d Jh")),
        Draw(player="Ana", discarded=c("Kd"), drawn=c("4c")),
        Bet(player="Bruno", amount=2), Raise(player="Ana", to=4, by=2, all_in=True),
        Call(player="Bruno", amount=2),
        Street(kind="draw", number=2), Burn(card=c("6c")[0]),
        Draw(player="Bruno", discarded=c("Jh"), drawn=c("2s")), Draw(player="Ana", discarded=()),
        Street(kind="draw", number=3), Burn(card=c("Tc")[0]),
        Draw(player="Bruno", discarded=()), Draw(player="Ana", discarded=()),
        Street(kind="showdown"),
        Show(player="Bruno", cards=c("7c 9h 4d 2s"), description="badugi 9-7-4-2"),
        Show(player="Ana", cards=c("As 2h 3d 4c"), description="badugi 4-3-2-A"),
        UncalledReturned(player="Bruno", amount=1), Award(player="Ana", amount=10),
        StackStated(player="Ana", amount=10), StackStated(player="Bruno", amount=5),
    ]
    report = replay(events, stacks={"Ana": 5, "Bruno": 10})
    assert [(v.rule, v.line) for v in report.violations] == [("B5", 6)]
    assert report.net == {"Ana": 5, "Bruno": -5}


def test_b1_showdown_after_three_rounds() -> None:
    events = full_hand()
    del events[20:27]   # no third draw, no fourth round
    events = settled(events, {"Ana": 12}, {"Ana": 106, "Bruno": 94})
    assert found(events) == [("B1", 21)]


def test_b6_dealer_acts_first_after_the_draw() -> None:
    events = full_hand()
    events[11:14] = [Bet(player="Ana", amount=2), Call(player="Bruno", amount=2)]
    assert found(events) == [("B6", 12)]


def test_b6_big_blind_acts_first_before_the_draw() -> None:
    events = full_hand()
    events[5:7] = [Check(player="Bruno"), Call(player="Ana", amount=1),
                   Raise(player="Bruno", to=4), Call(player="Ana", amount=2)]
    rules = found(events)
    assert rules[0] == ("B6", 6)


def test_g4_a_small_blind_posted_twice_is_counted_once() -> None:
    # the post written again, before or after the deal: one G4, the pot the log pays is 28
    for at in (3, 5):
        events = full_hand()
        events.insert(at, PostBlind(player="Ana", amount=1, kind="small"))
        assert found(events) == [("G4", at + 1)]


def test_g4_a_blind_posted_twice_as_the_log_counts_it_is_one_violation() -> None:
    # the log counts both posts: Ana owes nothing and checks, and the pot is 4
    events = checked_down("As 2h 3d 4c", "7c 9h 4d 2s", {"Ana": 4})
    events[5:6] = [PostBlind(player="Ana", amount=1, kind="small"), Check(player="Ana")]
    assert found(events) == [("G4", 6)]


def test_b2_a_raise_to_the_wrong_total_goes_by_its_increment() -> None:
    # 'raises 2 to 5' over the big blind: the rules know a raise is 2, so the total is
    # the slip; Bruno's call of 2 is then right
    events = full_hand()
    events[5] = Raise(player="Ana", to=5, by=2)
    assert found(events) == [("B2", 6)]


def test_b2_a_raise_whose_increment_and_total_agree_on_a_wrong_size_is_followed() -> None:
    # nothing tells the slip apart: the log's raise to 6 is played, and its call
    events = full_hand()
    events[5:7] = [Raise(player="Ana", to=6, by=4), Call(player="Bruno", amount=4)]
    events = settled(events, {"Ana": 32}, {"Ana": 116, "Bruno": 84})
    assert found(events) == [("B2", 6)]


def test_b7_a_call_short_of_what_is_owed_is_played_as_the_call() -> None:
    # the award and the stacks say the call was 2: nothing follows from the figure
    events = full_hand()
    events[6] = Call(player="Bruno", amount=1)
    assert found(events) == [("B7", 7)]


def test_b7_a_short_call_the_log_carries_through_is_followed() -> None:
    # the log's own return and pot say Bruno put in 1: its account of the chips stands
    events = full_hand()
    events[6] = Call(player="Bruno", amount=1)
    events = settled(events, {"Ana": 26}, {"Ana": 113, "Bruno": 87})
    events.insert(-3, UncalledReturned(player="Ana", amount=1))
    assert found(events) == [("B7", 7)]


def test_b7_a_short_call_all_in_is_legal() -> None:
    events = full_hand()[:7]
    events[6] = Call(player="Bruno", amount=1, all_in=True)
    report = replay(events + [Street(kind="showdown")], stacks={"Ana": 100, "Bruno": 3})
    assert [v.rule for v in report.violations if v.rule == "B7"] == []


def test_b7_the_next_call_as_the_log_counts_the_chips_is_no_second_b7() -> None:
    # Ana calls 2 where 1 is owed; Bruno raises to 4 and Ana calls the 1 her figure left
    events = full_hand()
    events[5:7] = [Call(player="Ana", amount=2), Raise(player="Bruno", to=4, by=2),
                   Call(player="Ana", amount=1)]
    events = settled(events, {"Ana": 28}, {"Ana": 114, "Bruno": 86})
    assert found(events) == [("B7", 6)]


def test_b7_wrong_call_amount() -> None:
    events = full_hand()
    events[6] = Call(player="Bruno", amount=4)
    events = settled(events, {"Ana": 28}, {"Ana": 114, "Bruno": 86})
    events.insert(-3, UncalledReturned(player="Bruno", amount=2))
    assert found(events) == [("B7", 7)]


# -- D: draws ---------------------------------------------------------------------

def test_d1_dealer_draws_first() -> None:
    events = full_hand()
    events[9], events[10] = events[10], events[9]
    assert found(events) == [("D1", 10)]


def test_d1_a_fourth_draw() -> None:
    events = full_hand()
    events[27:27] = [Street(kind="draw", number=4), Burn(card=c("Ts")[0]),
                     Draw(player="Bruno", discarded=()), Draw(player="Ana", discarded=()),
                     Check(player="Bruno"), Check(player="Ana")]
    rules = {rule for rule, _ in found(events)}
    assert "D1" in rules


def test_d2_fewer_replacements_than_discards() -> None:
    events = full_hand()
    events[10] = Draw(player="Ana", discarded=c("Kd"), drawn=c("4c 6d"))
    assert found(events) == [("D2", 11)]


def test_d3_no_burn_before_a_draw() -> None:
    events = full_hand()
    del events[15]
    assert found(events) == [("D3", 16)]


def test_d3_a_burned_card_comes_back() -> None:
    events = full_hand()
    events[16] = Draw(player="Bruno", discarded=c("Jh"), drawn=c("5c"))
    events[28] = Show(player="Bruno", cards=c("7c 9h 4d 5c"), description="3-card 9-5-4")
    assert found(events) == [("D3", 17)]


def test_d4_a_card_dealt_twice() -> None:
    events = full_hand()
    events[4] = Deal(player="Ana", cards=c("As 2h 3d 8c"))
    events[10] = Draw(player="Ana", discarded=c("8c"), drawn=c("4c"))
    assert found(events) == [("D4", 5)]


# The stub of an eight-handed 2-7 triple draw hand runs out in the middle of Bruno's
# third draw (40 dealt, 8 drawn and 3 burned: Tc is the 52nd card), so 7c comes back
# from the discards; Carla's Ks too (docs/rules.md, "Deck recycling").
STUB_RUNS_OUT = """Session #rs-1 "Eight at the table" 2026-02-02 20:00
Rules: 2-7 triple draw, fixed limit 2/4, blinds 1/2, cap 3 raises, 2 to 8 players, stacks 100, unlimited hands
Seat 1: Ana
Seat 2: Bruno
Seat 3: Carla
Seat 4: Dmitri
Seat 5: Edu
Seat 6: Flor
Seat 7: Gus
Seat 8: Hana

Hand #1 - button Ana
Bruno: posts small blind 1
Carla: posts big blind 2
Dealt to Bruno [3c 5d 3h Td Jc]
Dealt to Carla [7c Kh Ts Kd Kc]
Dealt to Dmitri [Ks 7h Js 9s 8s]
Dealt to Edu [8c 5h 6h 4d 6s]
Dealt to Flor [5c 2s Ad 7d 4s]
Dealt to Gus [9d 2h 3s 4h Qh]
Dealt to Hana [Th As 9c 2d 7s]
Dealt to Ana [Jd 8d 6c 2c 3d]
{calls}
*** FIRST DRAW ***
Burn [Ac]
Bruno: discards 1 [3c] draws [Qd]
Carla: discards 1 [7c] draws [4c]
Dmitri: discards 1 [Ks] draws [8h]
Edu: discards 1 [8c] draws [Ah]
Flor: discards 1 [5c] draws [9h]
Gus: discards 1 [9d] draws [Jh]
Hana: discards 1 [Th] draws [Qs]
Ana: discards 1 [Jd] draws [6d]
{checks}
*** SECOND DRAW ***
Burn [Qc]
{pat}
{checks}
*** THIRD DRAW ***
Burn [5s]
Bruno: discards 2 [5d 3h] draws [Tc 7c]
Carla: discards 1 [Kh] draws [Ks]
{pat_but_two}
{checks}
*** SHOWDOWN ***
Bruno: shows [Td Jc Qd Tc 7c]
Carla: shows [Ts Kd Kc 4c Ks]
Dmitri: shows [7h Js 9s 8s 8h]
Edu: shows [5h 6h 4d 6s Ah]
Flor: shows [2s Ad 7d 4s 9h]
Gus: shows [2h 3s 4h Qh Jh]
Hana: shows [As 9c 2d 7s Qs]
Ana: shows [8d 6c 2c 3d 6d]
Gus wins 16
"""


def stub_runs_out(**replaced: str) -> str:
    """The hand, each line ``replaced`` names (its first words) written anew."""
    order = ["Bruno", "Carla", "Dmitri", "Edu", "Flor", "Gus", "Hana", "Ana"]
    text = STUB_RUNS_OUT.format(
        calls="\n".join([f"{name}: calls 2" for name in order[2:]]
                        + ["Bruno: calls 1", "Carla: checks"]),
        checks="\n".join(f"{name}: checks" for name in order),
        pat="\n".join(f"{name}: stands pat" for name in order),
        pat_but_two="\n".join(f"{name}: stands pat" for name in order[2:]))
    lines = text.splitlines()
    for start, line in replaced.items():
        at = max(i for i, old in enumerate(lines) if old.startswith(start))
        lines[at] = line
    return "\n".join(lines) + "\n"


def stub_found(text: str) -> list[tuple[str, int]]:
    return [(v.rule, v.line) for r in audit(read_house(text))
            if not isinstance(r, ParseError) for v in r.violations]


def test_the_discards_before_the_stub_runs_out_come_back_after() -> None:
    assert stub_found(stub_runs_out()) == []


@pytest.mark.parametrize("burn", ["Ac", "Qc"])   # before the first and the second draw
def test_d3_a_burned_card_never_comes_back_even_after_a_reshuffle(burn: str) -> None:
    text = stub_runs_out(**{"Carla: discards 1 [Kh]": f"Carla: discards 1 [Kh] draws [{burn}]",
                            "Carla: shows": f"Carla: shows [Ts Kd Kc 4c {burn}]"})
    assert stub_found(text) == [("D3", 70)]


def test_d3_the_reshuffle_in_a_players_draw_leaves_his_own_discards_out() -> None:
    text = stub_runs_out(**{"Bruno: discards 2": "Bruno: discards 2 [5d 3h] draws [5d Tc]",
                            "Bruno: shows": "Bruno: shows [Td Jc Qd 5d Tc]"})
    assert stub_found(text) == [("D3", 69)]


def test_d3_a_discard_made_after_the_reshuffle_waits_for_the_next_one() -> None:
    text = stub_runs_out(**{"Carla: discards 1 [Kh]": "Carla: discards 1 [Kh] draws [5d]",
                            "Carla: shows": "Carla: shows [Ts Kd Kc 4c 5d]"})
    assert stub_found(text) == [("D3", 70)]


# -- E: evaluation as the log states it ----------------------------------------------

def test_e1_wrong_number_of_usable_cards() -> None:
    events = full_hand()
    events[28] = Show(player="Bruno", cards=c("7c 9h 4d 2s"), description="3-card 7-4-2")
    assert found(events) == [("E1", 29)]


def test_s1_fewer_cards_awarded_over_more() -> None:
    events = checked_down("Ah 2c 3s 3d", "9c 7h 4d 2s", {"Ana": 4})
    report = replay(events)
    assert [(v.rule, v.line) for v in report.violations] == [("S1", len(events))]
    assert "more usable cards beat fewer (E1)" in report.violations[0].message


def test_e2_wrong_ranks() -> None:
    events = full_hand()
    events[28] = Show(player="Bruno", cards=c("7c 9h 4d 2s"), description="badugi 9-7-4-3")
    assert found(events) == [("E2", 29)]


def test_s1_higher_ranks_awarded() -> None:
    events = checked_down("9c 7h 4d 2s", "8c 7d 4h 3s", {"Ana": 4})
    assert found(events) == [("S1", len(events))]


def test_s1_a_straight_counted_against_the_best_hand() -> None:
    events = checked_down("As 2h 3d 4c", "Ah 2s 3c 5d", {"Bruno": 4})
    report = replay(events)
    assert [(v.rule, v.line) for v in report.violations] == [("S1", len(events))]
    assert "(E3)" in report.violations[0].message


def test_s1_names_the_rank_that_decides_before_the_straight() -> None:
    """4-3-2-A against 9-7-4-2 is decided by the 4 under the 9 (E2): the explanation said
    only that straights do not count (E3); a tie on the highest card is decided lower."""
    far = replay(checked_down("As 2h 3d 4c", "9c 7h 4d 2s", {"Bruno": 4})).violations
    assert [(v.rule, v.message.split("): ")[1]) for v in far] == [
        ("S1", "the lower highest card wins (E2); a straight does not hurt a Badugi hand (E3)")]
    tied = replay(checked_down("As 3h 5d 8c", "Ac 4h 6d 8s", {"Bruno": 4})).violations
    assert [(v.rule, v.message.split("): ")[1]) for v in tied] == [
        ("S1", "compared from the highest card down, the first lower rank wins (E2)")]


def test_e3_a_category_badugi_does_not_have() -> None:
    events = full_hand()
    events[29] = Show(player="Ana", cards=c("As 2h 3d 4c"), description="straight to the 4")
    assert found(events) == [("E3", 30)]


def test_e4_suits_break_a_tie() -> None:
    events = checked_down("As 2h 3d 4c", "Ah 2s 3c 4d", {"Ana": 4})
    assert found(events) == [("E4", len(events))]


def test_e4_cards_dropped_mechanically() -> None:
    events = checked_down("As Ah 2s 3d", "9c 8h 7d 6s", {"Bruno": 4},
                          descriptions=("2-card 3-A", None))
    assert found(events) == [("E4", len(events) - 1)]


def test_e5_worked_example_description() -> None:
    events = checked_down("As 2h 3d Kd", "9c 8h 7d 6s", {"Bruno": 4},
                          descriptions=("badugi K-3-2-A", None))
    assert found(events) == [("E5", len(events) - 1)]


def test_e5_worked_example_comparison() -> None:
    events = checked_down("As 2h 3d 4c", "Ah 2c 3s 7d", {"Bruno": 4})
    assert found(events) == [("E5", len(events))]


# -- S: showdown and short stacks ------------------------------------------------------

def test_s1_pot_paid_out_wrong() -> None:
    events = full_hand()
    events[30] = Award(player="Ana", amount=26)
    events[31] = StackStated(player="Ana", amount=112)
    assert found(events) == [("S1", 31)]


def test_s1_winner_unshown() -> None:
    events = checked_down("As 2h 3d 4c", "9c 7h 4d 2s", {"Bruno": 4})
    events[-2] = Show(player="Ana", cards=(None,) * 4)
    events[4] = Deal(player="Ana", cards=(None,) * 4)
    assert found(events) == []   # unknown cards: the engine cannot say who won


def test_s1_a_hand_the_log_neither_shows_nor_mucks_is_one_violation() -> None:
    events = full_hand()
    del events[28]   # Bruno's shows line, left out; Ana shows and is paid
    report = replay(events)
    assert [(v.rule, v.line) for v in report.violations] == [("S1", 30)]
    assert "Bruno neither shows nor mucks" in report.violations[0].message
    assert report.net == {"Ana": 14, "Bruno": -14}


def test_s1_a_site_may_leave_a_losing_hand_unsaid() -> None:
    events = full_hand()
    del events[28]
    assert found(events, ruleset=HOUSE.replace(shows_logged=False)) == []


def test_s1_a_pot_every_hand_mucks_paid_to_one_is_shared() -> None:
    events = full_hand()
    events[28:30] = [Muck(player="Bruno"), Muck(player="Ana")]
    report = replay(events)
    assert [(v.rule, v.line) for v in report.violations] == [("S1", 31)]
    assert "no hand that may win it is shown" in report.violations[0].message


THREE_WAY = """\
Session #t3 "three" 2024-01-01 20:00
Rules: Badugi triple draw, fixed limit 2/4, blinds 1/2, cap 3 raises, 3 players, \
stacks as seated, 1 hands, odd chip left of button
Seat 1: Ana (32)
Seat 2: Bruno (10)
Seat 3: Carla (40)

Hand #1 - button Ana - 2024-01-01 20:00
Bruno: posts small blind 1
Carla: posts big blind 2
Dealt to Bruno [7d 7h Ad 9c]
Dealt to Carla [Jh 8d Kc Ks]
Dealt to Ana [4h 5s 9h 2h]
Ana: calls 2
Bruno: calls 1
Carla: raises 2 to 4
Ana: raises 2 to 6
Bruno: calls 4
Carla: raises 2 to 8
Ana: calls 2
Bruno: calls 2
*** FIRST DRAW ***
Burn [Jd]
Bruno: discards 1 [7d] draws [8c]
Carla: discards 1 [Ks] draws [Th]
Ana: discards 2 [4h 9h] draws [9d 4c]
Bruno: checks
Carla: bets 2
Ana: calls 2
Bruno: calls 2 and is all-in
*** SECOND DRAW ***
Burn [4d]
Bruno: discards 1 [9c] draws [Tc]
Carla: discards 1 [Jh] draws [Qs]
Ana: discards 0 draws []
Carla: bets 4
Ana: calls 4
*** THIRD DRAW ***
Burn [4s]
Bruno: discards 1 [Tc] draws [Jc]
Carla: discards 0 draws []
Ana: discards 0 draws []
Carla: bets 4
Ana: raises 4 to 8
Carla: raises 4 to 12
Ana: calls 4
*** SHOWDOWN ***
Bruno: shows [7h Ad 8c Jc] (3-card 8-7-A)
Carla: shows [8d Kc Th Qs] (badugi K-Q-10-8)
Ana: shows [5s 2h 9d 4c] (badugi 9-5-4-2)
Ana wins 30 from main pot
Ana wins 32 from side pot 1
Stacks: Ana 68, Bruno 0, Carla 14

Session ends - Ana wins - stacks Ana 68, Bruno 0, Carla 14
"""


def three_way_found(text: str) -> list[tuple[str, int]]:
    return [(v.rule, v.line) for r in audit(read_house(text)) if isinstance(r, HandReport)
            for v in r.violations]


def test_the_three_way_hand_is_clean() -> None:
    assert three_way_found(THREE_WAY) == []


def test_a_side_pot_paid_to_a_worse_hand_is_reported_at_its_own_award_line() -> None:
    """Hand 5 of the six-handed sample: Carla's main pot (line 279) is right, its side
    pot 1 (line 280) is Edu's; paid to Ana there, the S1 is at line 280, the line the
    typist got wrong. It was at the first award's line, which is right."""
    path = Path(__file__).resolve().parents[1] / "sample_logs" / "2026-12-05-six-handed-side-pots.txt"
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[278:280] == ["Carla wins 45 from main pot", "Edu wins 12 from side pot 1"]
    lines[279] = "Ana wins 12 from side pot 1"
    assert three_way_found("\n".join(lines) + "\n") == [("S1", 280)]


@pytest.mark.parametrize("left_out", [13, 19, 28])
def test_m2_an_action_left_out_is_one_violation_at_the_next_player_s(left_out: int) -> None:
    # Ana's call left out: the next player's action is out of turn, once; what follows
    # is in turn, and Ana's turn, passed over, is no B5 as the round closes either
    lines = THREE_WAY.splitlines()
    assert lines[left_out - 1].startswith("Ana: calls")
    del lines[left_out - 1]
    assert three_way_found("\n".join(lines) + "\n") == [("M2", left_out)]


#: Three players: Bruno folds to Ana's bet after the first draw (line 24), and folds his
#: button in hand 2 (line 50).
FOLDS = """\
Session #m3 "three" 2024-01-01 20:00
Rules: Badugi triple draw, fixed limit 2/4, blinds 1/2, cap 3 raises, 3 players, stacks 100, 2 hands
Seat 1: Ana (100)
Seat 2: Bruno (100)
Seat 3: Carla (100)

Hand #1 - button Ana - 2024-01-01 20:00
Bruno: posts small blind 1
Carla: posts big blind 2
Dealt to Bruno [7d 7h Ad 9c]
Dealt to Carla [Jh 8d Kc Ks]
Dealt to Ana [4h 5s 9h 2h]
Ana: calls 2
Bruno: calls 1
Carla: checks
*** FIRST DRAW ***
Burn [Jd]
Bruno: discards 1 [7d] draws [8c]
Carla: discards 1 [Ks] draws [Th]
Ana: discards 2 [4h 9h] draws [9d 4c]
Bruno: checks
Carla: checks
Ana: bets 2
Bruno: folds
Carla: calls 2
*** SECOND DRAW ***
Burn [4d]
Carla: discards 1 [Jh] draws [Qs]
Ana: discards 0 draws []
Carla: checks
Ana: checks
*** THIRD DRAW ***
Burn [4s]
Carla: discards 0 draws []
Ana: discards 0 draws []
Carla: bets 4
Ana: calls 4
*** SHOWDOWN ***
Carla: shows [8d Kc Th Qs] (badugi K-Q-10-8)
Ana: shows [5s 2h 9d 4c] (badugi 9-5-4-2)
Ana wins 18
Stacks: Ana 110, Bruno 98, Carla 92

Hand #2 - button Bruno - 2024-01-01 20:05
Carla: posts small blind 1
Ana: posts big blind 2
Dealt to Carla [?? ?? ?? ??]
Dealt to Ana [?? ?? ?? ??]
Dealt to Bruno [?? ?? ?? ??]
Bruno: folds
Carla: folds
Uncalled bet 1 returned to Ana
Ana wins 2
Stacks: Ana 111, Bruno 98, Carla 91

Session ends - Ana wins - stacks Ana 111, Bruno 98, Carla 91
"""


@pytest.mark.parametrize("left_out", [24, 50])
def test_m2_a_fold_left_out_is_one_violation_and_no_call_is_stored(left_out: int) -> None:
    # the next player's action is out of turn, once; Bruno, who never acts, draws or shows
    # again, folded: that is the line left out (no call of his is played, no B5, no S1)
    lines = FOLDS.splitlines()
    assert lines[left_out - 1] == "Bruno: folds"
    del lines[left_out - 1]
    reports = [r for r in audit(read_house("\n".join(lines) + "\n")) if isinstance(r, HandReport)]
    assert [(v.rule, v.line) for r in reports for v in r.violations] == [("M2", left_out)]
    for report in reports:
        bruno = report.players["Bruno"]
        assert sum(a.amount for a in report.actions if a.player == "Bruno") == bruno.contributed
        assert bruno.folded_in_round is not None
        assert sum(report.net.values()) == 0


def test_b5_a_heads_up_fold_left_out_is_one_violation() -> None:
    # Ana never acts again, and Bruno is paid: her fold is the line left out
    text = """\
Session #hu "hu" 2024-01-01 20:00
Rules: Badugi triple draw, fixed limit 2/4, blinds 1/2, cap 3 raises, heads-up, stacks 100, 2 hands
Seat 1: Ana (100)
Seat 2: Bruno (100)

Hand #1 - button Ana - 2024-01-01 20:00
Ana: posts small blind 1
Bruno: posts big blind 2
Dealt to Bruno [?? ?? ?? ??]
Dealt to Ana [?? ?? ?? ??]
Uncalled bet 1 returned to Bruno
Bruno wins 2
Stacks: Ana 99, Bruno 101
"""
    [report] = [r for r in audit(read_house(text)) if isinstance(r, HandReport)]
    assert [(v.rule, v.line, v.message) for v in report.violations] == [
        ("B5", 12, "the pot is awarded before the betting round before the first draw is "
                   "over (Ana still to act)")]
    assert report.net == {"Ana": -1, "Bruno": 1} and report.ended == "fold"

@pytest.mark.parametrize("first", [13, 19, 28])
def test_m2_two_actions_swapped_are_one_violation(first: int) -> None:
    lines = THREE_WAY.splitlines()
    lines[first - 1], lines[first] = lines[first], lines[first - 1]
    assert three_way_found("\n".join(lines) + "\n") == [("M2", first)]


def test_s1_an_unshown_hand_that_held_the_best_cards_cannot_win_either_pot() -> None:
    # Ana's 9-5-4-2 would win the main pot and the side pot, but no line shows it
    # (her `mucks` left out): the awards to Carla are right as the log states the hands
    text = THREE_WAY.replace("Ana: shows [5s 2h 9d 4c] (badugi 9-5-4-2)\n", "").replace(
        "Ana wins", "Carla wins").replace("Ana 68, Bruno 0, Carla 14", "Ana 6, Bruno 0, Carla 76")
    hands = [r for r in audit(read_house(text)) if isinstance(r, HandReport)]
    assert [(v.rule, v.line) for v in hands[0].violations] == [("S1", 49)]
    assert hands[0].net == {"Ana": -26, "Bruno": -10, "Carla": 36}


def test_s1_the_winners_show_left_out_is_one_violation() -> None:
    # Ana's shows line left out, the log paying her both pots: her hand is unknown, and
    # the awards settle them (not a second S1 for paying a hand taken as mucked)
    text = THREE_WAY.replace("Ana: shows [5s 2h 9d 4c] (badugi 9-5-4-2)\n", "")
    hands = [r for r in audit(read_house(text)) if isinstance(r, HandReport)]
    assert [(v.rule, v.line) for v in hands[0].violations] == [("S1", 49)]
    assert hands[0].net == {"Ana": 36, "Bruno": -10, "Carla": -26}

def test_s2_tie_split_unevenly() -> None:
    events = checked_down("As 2h 3d 4c", "Ah 2s 3c 4d", {"Ana": 3, "Bruno": 1})
    assert found(events) == [("S2", len(events) - 1)]


def test_s3_wrong_uncalled_return() -> None:
    events = full_hand()[:13] + [Fold(player="Bruno"),
                                 UncalledReturned(player="Ana", amount=4),
                                 Award(player="Ana", amount=6)]
    assert found(events) == [("S3", 15)]


def test_s3_uncalled_bet_paid_to_the_winner() -> None:
    events = full_hand()[:13] + [Fold(player="Bruno"), Award(player="Ana", amount=10),
                                 StackStated(player="Ana", amount=104),
                                 StackStated(player="Bruno", amount=96)]
    assert found(events) == [("S3", 15)]   # reported once: the stated stacks follow the log


def test_s3_betting_after_all_in() -> None:
    events = [
        Button(seat=1),
        PostBlind(player="Ana", amount=1, kind="small"),
        PostBlind(player="Bruno", amount=2, kind="big"),
        Deal(player="Bruno", cards=c("7c 8c 9h Qs")),
        Deal(player="Ana", cards=c("As 2h 3d Kd")),
        Call(player="Ana", amount=1, all_in=True),
        Street(kind="draw", number=1), Burn(card=c("5c")[0]),
        Draw(player="Bruno", discarded=()), Draw(player="Ana", discarded=()),
        Bet(player="Bruno", amount=2),
    ]
    assert found(events, stacks={"Ana": 2, "Bruno": 100})[0] == ("S3", 11)


SITE_RULES = HOUSE.replace(max_players=3, starting_stack=None, session_hands=None,
                           burns_logged=False, deal_order_logged=False)
THREE = {"Ana": 1, "Bruno": 2, "Carl": 3}


def test_s3_an_all_in_player_folds_and_the_log_is_followed() -> None:
    # PokerStars folds a sitting-out player's hand even when his blind put him all-in.
    events = [
        Button(seat=1),
        PostBlind(player="Bruno", amount=1, kind="small", all_in=True),
        PostBlind(player="Carl", amount=2, kind="big"),
        Raise(player="Ana", to=4, by=2),
        Fold(player="Bruno"),
        Fold(player="Carl"),
        UncalledReturned(player="Ana", amount=2),
        Award(player="Ana", amount=5),
    ]
    report = replay(events, seats=THREE, stacks={"Ana": 100, "Bruno": 1, "Carl": 100},
                    ruleset=SITE_RULES)
    assert [(v.rule, v.line) for v in report.violations] == [("S3", 5)]
    assert report.ended == "fold"
    assert report.net == {"Ana": 3, "Bruno": -1, "Carl": -2}


def test_s4_betting_after_a_fold() -> None:
    events = full_hand()[:13] + [Fold(player="Bruno"), Bet(player="Ana", amount=2),
                                 UncalledReturned(player="Ana", amount=2),
                                 Award(player="Ana", amount=8)]
    assert found(events) == [("S4", 15)]


def test_s4_pot_to_the_player_who_folded() -> None:
    events = full_hand()[:13] + [Fold(player="Bruno"),
                                 UncalledReturned(player="Ana", amount=2),
                                 Award(player="Bruno", amount=8)]
    assert found(events) == [("S4", 16)]


# -- N: the session ----------------------------------------------------------------------

def _session(hands: int, *, end: SessionEnd | None = None) -> list:
    records: list = [SessionStart(session_id="s", ruleset=HOUSE, source="s.txt", line=1,
                                  players=[SessionPlayer(seat=1, name="Ana", stack=100),
                                           SessionPlayer(seat=2, name="Bruno", stack=100)])]
    # Tied hands, alternating between two deals: one deal every hand would come off an
    # unshuffled deck each time the button moves (G6).
    deals = (("As 2h 3d 4c", "Ah 2s 3c 4d"), ("5s 6h 7d 8c", "5h 6s 7c 8d"))
    for number in range(1, hands + 1):
        ana_deals = number % 2 == 1
        events = checked_down(*deals[number % 2], {"Ana": 2, "Bruno": 2})
        if not ana_deals:   # Bruno has the button: swap the roles
            events = _swap_roles(events)
        records.append(Hand(hand_id=f"s#{number}", number=number, ruleset=HOUSE,
                            events=numbered(events), source="s.txt",
                            line=number * 100, session_id="s"))
    if end:
        records.append(end)
    return records


def _swap_roles(events: list) -> list:
    import dataclasses
    swapped = []
    for e in events:
        if isinstance(e, Button):
            e = Button(seat=2)
        elif hasattr(e, "player"):
            e = dataclasses.replace(e, player={"Ana": "Bruno", "Bruno": "Ana"}[e.player])
        swapped.append(e)
    return swapped


def _session_rules(records: list) -> list[tuple[str, str | None]]:
    return [(v.rule, v.hand_id) for r in audit(records)
            if not isinstance(r, ParseError) for v in r.violations]


def test_n1_twelve_hands_are_a_clean_session() -> None:
    assert _session_rules(_session(12, end=SessionEnd(winner=None, draw=True, line=2000))) == []


def test_n1_a_thirteenth_hand() -> None:
    assert _session_rules(_session(13)) == [("N1", "s#13")]


def test_n1_session_stopped_early() -> None:
    rules = _session_rules(_session(5))
    assert rules == [("N1", None)]


def test_n1_counts_a_hand_that_could_not_be_read() -> None:
    records = _session(12)
    records[5] = ParseError(message="bad line", source="s.txt", line=500,
                            text="Hand #5 - button Ana\nAna: juggles\n")
    assert _session_rules(records) == []


def test_n1_wrong_winner_claimed() -> None:
    rules = _session_rules(_session(12, end=SessionEnd(winner="Ana", line=2000)))
    assert rules == [("N1", None)]


def test_g4_button_does_not_alternate() -> None:
    records = _session(12)
    records[2].events[0] = Button(seat=1, line=1)   # hand 2: Ana deals again
    rules = _session_rules(records)
    assert ("G4", "s#2") in rules


@pytest.mark.parametrize(("numbers", "notes"), [
    ((1, 2, 4), [(52, "hand #3 is not in the log before hand #4, which follows hand #2; the "
                      "button is not judged against hand #2's (G4)")]),
    ((1, 3, 2), [(40, "hand #2 is not in the log before hand #3, which follows hand #1; the "
                      "button is not judged against hand #1's (G4)"),
                 (52, "hand #2 comes after hand #3: the numbers go back; the button is not "
                      "judged against hand #3's (G4)")]),
    ((1, 2, 3), []),
])
def test_a_hand_number_skipped_or_out_of_order_is_a_note_at_its_hand(
        numbers: tuple[int, ...], notes: list[tuple[int, str]]) -> None:
    """A house hand numbered other than one after the hand before it in the log says so
    (it was accepted without a word); the hand before it at the table is the one numbered
    just before, so its button is not judged, and no violation is added (docs/rules.md, G4)."""
    text = (Path(__file__).parent / "data" / "house" / "session.txt").read_text()
    text = re.sub(r"Hand #(\d) -", lambda typed: f"Hand #{numbers[int(typed[1]) - 1]} -", text)
    reports = [r for r in audit(read_house(text)) if isinstance(r, HandReport)]
    assert [(r.line, note) for r in reports for note in r.notes] == notes
    assert [v for r in reports for v in r.violations] == []


def test_g6_same_deal_twice() -> None:
    records = _session(12)
    records[3].events = numbered(checked_down("Ah 2s 3c 4d", "As 2h 3d 4c",
                                              {"Ana": 2, "Bruno": 2}))
    rules = _session_rules(records)
    assert ("G6", "s#3") in rules


def test_drawn_cards_told_after_another_players_draw_complete_the_players_record() -> None:
    """Full Tilt tells the hero's new cards after the next player has discarded."""
    events = full_hand()
    assert events[9].player == "Bruno" and events[10].player == "Ana"   # the first draw
    events[9:11] = [Draw(player="Bruno", discarded=c("8c Qs")),
                    Draw(player="Ana", discarded=c("Kd")),
                    DrawnCards(player="Bruno", cards=c("4d Jh")),
                    DrawnCards(player="Ana", cards=c("4c"))]
    report = replay(events)
    first = {d.player: d for d in report.draws if d.draw == 1}
    assert first["Bruno"].drawn == c("4d Jh")
    assert sorted(first["Bruno"].hand_after) == sorted(c("7c 9h 4d Jh"))
    assert first["Ana"].drawn == c("4c")
    assert report.violations == []


@pytest.mark.parametrize(("total", "expected"), [(28, []), (None, []), (30, [("S1", 32)])])
def test_a_stated_total_pot_is_what_was_put_in(total: int | None, expected: list) -> None:
    """The real logs' check: the pot is every chip put in, less returns (S1)."""
    events = full_hand()
    events.insert(31, PotTotal(total=total))   # after the award, as sites state it
    assert found(events) == expected


@pytest.mark.parametrize(("rake", "expected"), [(False, [("S1", 32)]), (True, [])])
def test_a_rake_is_a_wrong_payout_where_the_rules_take_none(rake: bool, expected: list) -> None:
    """The house game takes no rake ("no rake", docs/format.md): a log that pays the
    pot less a rake is reported at the line that states the rake, once; a ruleset that
    takes a rake (a site's, or a Rules line's ``rake``) takes the log's."""
    events = full_hand()
    events[30] = Award(player="Ana", amount=27)
    events[31] = StackStated(player="Ana", amount=113)
    events.insert(31, PotTotal(total=28, rake=1))
    report = replay(events, ruleset=HOUSE.replace(rake=rake))
    assert [(v.rule, v.line) for v in report.violations] == expected
    assert report.rake == 1   # the log's rake, followed once said (its stacks agree)


# -- S3: no betting into a player who is all-in (issue 13; PokerKit refuses these too) ------

def all_in_blind(big_stack: int) -> list:
    return [Button(seat=1), PostBlind(player="Ana", amount=1, kind="small"),
            PostBlind(player="Bruno", amount=min(2, big_stack), kind="big",
                      all_in=big_stack <= 2),
            Deal(player="Bruno", cards=c("7c 8c 9h Qs")),
            Deal(player="Ana", cards=c("As 2h 3d Kd"))]


def betting_found(events: list, stacks: dict[str, int]) -> list[tuple[str, int]]:
    """What the betting breaks (the hands stop there: B1 and S1 at their end are left out)."""
    return [(rule, line) for rule, line in found(events, stacks=stacks)
            if rule not in ("B1", "S1")]


def test_s3_raising_into_an_all_in_big_blind() -> None:
    events = all_in_blind(2) + [Raise(player="Ana", to=4)]
    assert betting_found(events, {"Ana": 100, "Bruno": 2}) == [("S3", 6)]
    assert betting_found(all_in_blind(2) + [Call(player="Ana", amount=1)],
                         {"Ana": 100, "Bruno": 2}) == []


def test_s3_checking_after_an_all_in_big_blind_that_is_matched() -> None:
    events = all_in_blind(1) + [Check(player="Ana")]
    assert betting_found(events, {"Ana": 100, "Bruno": 1}) == [("S3", 6)]


def test_s3_raising_over_an_all_in_bet() -> None:
    events = all_in_blind(40) + [Call(player="Ana", amount=1), Check(player="Bruno"),
                                 Street(kind="draw", number=1), Burn(card=c("5c")[0]),
                                 Draw(player="Bruno", discarded=()),
                                 Draw(player="Ana", discarded=()),
                                 Bet(player="Bruno", amount=2, all_in=True),
                                 Raise(player="Ana", to=4)]
    assert betting_found(events, {"Ana": 100, "Bruno": 4}) == [("S3", 13)]


# -- what a replay leaves behind --------------------------------------------------

def test_a_replay_leaves_nothing_for_the_garbage_collector() -> None:
    """A hand's replay and its report are freed as soon as they are done with: nothing in
    them refers back to itself, so the hands of an import do not wait for the collector,
    whose passes walk every object the import keeps. Multiway hands, hands with broken
    rules and broken hands take every part of the general replay."""
    from badugi_hh.simulate import BREAKABLE_RULES, simulate, table_rules

    records = [*simulate(3, 5, table_rules(players=6)),
               *(record for number, rule in enumerate(BREAKABLE_RULES)
                 for record in simulate(1, number, break_rule=rule))]
    deque(audit(records), maxlen=0)   # the evaluators' caches filled first
    gc.collect()
    gc.disable()
    try:
        deque(audit(records), maxlen=0)
        assert gc.collect() == 0
    finally:
        gc.enable()
