"""The readings issue 22 asked for, each a failing log, multiway and heads-up.

- T8: only a full bet or raise reopens the betting (the half-bet rule in fixed limit,
  T1); a player who already acted may only call or fold after a short all-in.
- G6: a deal that comes off the deck in the same order as the hand before's, the
  button moved or not.
- X3: a half the log labels as the Badugi half of a pot no qualifying badugi can win.
- S1, not M3: a pot or a half paid to a worse hand where side pots are in play.
"""

from __future__ import annotations

import dataclasses

from badugi_hh.engine import HandReport, replay_hand
from badugi_hh.engine.fast import replay_heads_up
from badugi_hh.events import (
    Award, Bet, Burn, Button, Call, Check, Deal, Draw, Event, Fold, Hand, PostBlind, Raise,
    Show, Street,
)
from badugi_hh.rules import HOUSE, Ruleset

from handkit import SEATS, c, full_hand, numbered

THREE = {"Ana": 1, "Bruno": 2, "Carla": 3}   # Ana on the button: Bruno and Carla the blinds
TABLE = HOUSE.replace(min_players=3, max_players=3, session_hands=None,
                      odd_chip="first_left_of_button")


def hand(events: list[Event], *, seats: dict[str, int] = THREE, ruleset: Ruleset = TABLE,
         stacks: dict[str, int] | None = None, previous: HandReport | None = None,
         number: int = 1) -> HandReport:
    return replay_hand(Hand(hand_id=f"t#{number}", number=number, ruleset=ruleset,
                            events=numbered(events), source="t.txt", line=1),
                       seats, stacks, previous)


def rules(report: HandReport) -> list[str]:
    """The rules broken while the hand is played (a hand cut short breaks B1 and S1 at its
    end, having no showdown and no award)."""
    return [v.rule for v in report.violations if v.rule not in ("B1", "S1")]


def pat_draw(number: int, order: tuple[str, ...]) -> list[Event]:
    return [Street(kind="draw", number=number), Burn(),
            *[Draw(player=name, discarded=()) for name in order]]


def to_third_round(blinds: tuple[int, int] = (1, 2), call: int = 2) -> list[Event]:
    """Three players check and stand pat to the round after the second draw (big bet 4)."""
    small, big = blinds
    order = ("Bruno", "Carla", "Ana")
    return [Button(seat=1), PostBlind(player="Bruno", amount=small, kind="small"),
            PostBlind(player="Carla", amount=big), Call(player="Ana", amount=call),
            Call(player="Bruno", amount=call - small), Check(player="Carla"),
            *pat_draw(1, order), *[Check(player=name) for name in order], *pat_draw(2, order)]


# -- T8: what reopens the betting --------------------------------------------------------

def test_a_raise_after_a_short_all_in_is_t8_in_fixed_limit() -> None:
    """The issue's hand: Carla's all-in raises by 1 of a 4 bet; Bruno, who bet, may only
    call or fold."""
    stacks = {"Ana": 100, "Bruno": 100, "Carla": 7}
    events = to_third_round() + [Bet(player="Bruno", amount=4),
                                 Raise(player="Carla", to=5, all_in=True),
                                 Call(player="Ana", amount=5)]
    assert rules(hand(events + [Raise(player="Bruno", to=8)], stacks=stacks)) == ["T8"]
    assert rules(hand(events + [Call(player="Bruno", amount=1)], stacks=stacks)) == []


def test_ana_who_had_not_acted_completes_and_so_reopens_the_betting() -> None:
    stacks = {"Ana": 100, "Bruno": 100, "Carla": 7}
    events = to_third_round() + [Bet(player="Bruno", amount=4),
                                 Raise(player="Carla", to=5, all_in=True),
                                 Raise(player="Ana", to=8), Raise(player="Bruno", to=12)]
    assert rules(hand(events, stacks=stacks)) == []


def test_an_all_in_of_half_a_bet_counts_as_a_full_raise_in_fixed_limit() -> None:
    stacks = {"Ana": 100, "Bruno": 100, "Carla": 8}
    events = to_third_round() + [Bet(player="Bruno", amount=4),
                                 Raise(player="Carla", to=6, all_in=True),
                                 Call(player="Ana", amount=6), Raise(player="Bruno", to=10)]
    assert rules(hand(events, stacks=stacks)) == []


def four_handed_after_bruno_bets(stacks: dict[str, int], events: list[Event],
                                 max_raises: int = 3) -> list[str]:
    """Four players check and stand pat to the round after the second draw, where Bruno
    bets 4, then ``events``: the rules broken."""
    seats = {**THREE, "Dmitri": 4}
    table = TABLE.replace(min_players=4, max_players=4, max_raises=max_raises)
    order = ("Bruno", "Carla", "Dmitri", "Ana")
    before = [Button(seat=1), PostBlind(player="Bruno", amount=1, kind="small"),
              PostBlind(player="Carla", amount=2), Call(player="Dmitri", amount=2),
              Call(player="Ana", amount=2), Call(player="Bruno", amount=1),
              Check(player="Carla"), *pat_draw(1, order), *[Check(player=n) for n in order],
              *pat_draw(2, order), Bet(player="Bruno", amount=4)]
    return rules(hand(before + events, seats=seats, ruleset=table,
                      stacks={"Ana": 100, "Bruno": 100, **stacks}))


def two_all_ins_raised(bruno: Event) -> list[str]:
    """Carla's all-in of half a bet (to 6, counted as a raise to 8), then Dmitri's over it
    (to 11: a full raise from her all-in, short of 12 by less than half a bet), then
    Bruno, who bet, acts again: the rules his action breaks."""
    return four_handed_after_bruno_bets(
        {"Carla": 8, "Dmitri": 13},
        [Raise(player="Carla", to=6, all_in=True), Raise(player="Dmitri", to=11, all_in=True),
         Call(player="Ana", amount=11), bruno], max_raises=4)


def test_after_two_all_ins_a_raise_goes_from_either_or_completes_the_second() -> None:
    # from Dmitri's all-in (11 + 4), from the raise it counts as (12 + 4), or completing it
    for to in (15, 16, 12):
        assert two_all_ins_raised(Raise(player="Bruno", to=to)) == [], to
    assert two_all_ins_raised(Call(player="Bruno", amount=7)) == []
    assert two_all_ins_raised(Raise(player="Bruno", to=14)) == ["B2"]


def test_short_all_ins_that_add_up_to_half_a_bet_reopen_it() -> None:
    assert four_handed_after_bruno_bets(
        {"Carla": 7, "Dmitri": 8},
        [Raise(player="Carla", to=5, all_in=True), Raise(player="Dmitri", to=6, all_in=True),
         Call(player="Ana", amount=6), Raise(player="Bruno", to=10)]) == []


def no_limit_round(structure: str, all_in_to: int, call: int, raise_to: int,
                   carla: int, *, reopen_by_least_bet: bool = True) -> list[str]:
    """The issue's no-limit hand after the first draw: Bruno bets 100, Carla raises all-in
    to ``all_in_to`` (``carla`` chips in all), Ana calls, Bruno raises to ``raise_to``."""
    table = TABLE.replace(structure=structure, small_blind=50, big_blind=100,
                          reopen_by_least_bet=reopen_by_least_bet)
    order = ("Bruno", "Carla", "Ana")
    events = [Button(seat=1), PostBlind(player="Bruno", amount=50, kind="small"),
              PostBlind(player="Carla", amount=100), Call(player="Ana", amount=100),
              Call(player="Bruno", amount=50), Check(player="Carla"), *pat_draw(1, order),
              Bet(player="Bruno", amount=100), Raise(player="Carla", to=all_in_to, all_in=True),
              Call(player="Ana", amount=call), Raise(player="Bruno", to=raise_to)]
    stacks = {"Ana": 5000, "Bruno": 5000, "Carla": carla}
    return rules(hand(events, ruleset=table, stacks=stacks))


def test_a_raise_after_a_short_all_in_is_t8_in_no_limit_and_pot_limit() -> None:
    # Carla's all-in raises by 20 of a 100 bet: Bruno, who bet, may only call or fold
    assert no_limit_round("no", 120, 120, 400, carla=220) == ["T8"]
    assert no_limit_round("pot", 120, 120, 400, carla=220) == ["T8"]
    # all-in for a full raise (by 100) reopens it
    assert no_limit_round("no", 200, 200, 400, carla=300) == []
    assert no_limit_round("pot", 200, 200, 400, carla=300) == []


def short_all_in_bet_raised(structure: str, *, reopen_by_least_bet: bool) -> list[str]:
    """After the first draw Bruno checks, Carla bets all-in 50 (short of the least bet,
    100), Ana calls, and Bruno, who checked, raises to 400: the rules broken."""
    table = TABLE.replace(structure=structure, small_blind=50, big_blind=100,
                          reopen_by_least_bet=reopen_by_least_bet)
    order = ("Bruno", "Carla", "Ana")
    events = [Button(seat=1), PostBlind(player="Bruno", amount=50, kind="small"),
              PostBlind(player="Carla", amount=100), Call(player="Ana", amount=100),
              Call(player="Bruno", amount=50), Check(player="Carla"), *pat_draw(1, order),
              Check(player="Bruno"), Bet(player="Carla", amount=50, all_in=True),
              Call(player="Ana", amount=50), Raise(player="Bruno", to=400)]
    stacks = {"Ana": 5000, "Bruno": 5000, "Carla": 150}
    return rules(hand(events, ruleset=table, stacks=stacks))


def test_by_pokerkits_rule_a_rounds_first_bet_reopens_the_betting_however_short() -> None:
    """PokerKit (which judges PHH hands) measures a full raise against the round's bets
    and raises alone: Carla's all-in bet of 50 is the round's first, so it reopens the
    betting for Bruno, who checked; under Robert's Rules it is short of the least bet."""
    for structure in ("no", "pot"):
        assert short_all_in_bet_raised(structure, reopen_by_least_bet=True) == ["T8"]
        assert short_all_in_bet_raised(structure, reopen_by_least_bet=False) == []


def test_by_pokerkits_rule_an_all_in_short_of_a_full_raise_still_reopens_nothing() -> None:
    # Bruno's bet of 100 is the round's largest: Carla's all-in raising by 20 is short of it
    assert no_limit_round("no", 120, 120, 400, carla=220, reopen_by_least_bet=False) == ["T8"]
    assert no_limit_round("no", 200, 200, 400, carla=300, reopen_by_least_bet=False) == []


def test_heads_up_a_raise_over_a_short_all_in_is_s3_on_both_paths() -> None:
    """Heads-up the all-in leaves nobody to bet against: the raise is S3, whatever its
    size, and the fast path hands the hand to the general engine."""
    seats = {"Ana": 1, "Bruno": 2}
    events = [Button(seat=1), PostBlind(player="Ana", amount=1, kind="small"),
              PostBlind(player="Bruno", amount=2), Deal(player="Bruno", cards=c("7c 8c 9h Qs")),
              Deal(player="Ana", cards=c("As 2h 3d Kd")), Call(player="Ana", amount=1),
              Check(player="Bruno"),
              Street(kind="draw", number=1), Burn(card=c("5c")[0]),
              Draw(player="Bruno", discarded=()), Draw(player="Ana", discarded=()),
              Bet(player="Bruno", amount=2), Raise(player="Ana", to=3, all_in=True),
              Raise(player="Bruno", to=6)]
    stacks = {"Ana": 5, "Bruno": 100}
    report = hand(events, seats=seats, ruleset=HOUSE, stacks=stacks)
    assert rules(report) == ["S3"]
    built = Hand(hand_id="t#1", number=1, ruleset=HOUSE, events=numbered(events),
                 source="t.txt", line=1)
    assert replay_heads_up(built, seats, stacks, None) is None


# -- G6: the deck's order --------------------------------------------------------------------

def folded_to_the_big_blind(button: int, seats: dict[str, int],
                            deals: dict[str, str]) -> list[Event]:
    """Blinds left of the button, the deal clockwise from there, everyone else folds."""
    order = sorted(seats, key=lambda name: (seats[name] <= button, seats[name]))
    small, big = (order[-1], order[0]) if len(order) == 2 else (order[0], order[1])
    events: list[Event] = [Button(seat=button), PostBlind(player=small, amount=1, kind="small"),
                           PostBlind(player=big, amount=2)]
    events += [Deal(player=name, cards=c(deals[name]) if deals[name] else (None,) * 4)
               for name in order]   # "": a hand the log does not show
    acting = [name for name in (order[2:] + order[:2] if len(order) > 2 else order[::-1])
              if name != big]
    events += [Fold(player=name) for name in acting]
    return events + [Award(player=big, amount=2)]


def test_g6_the_same_deck_order_with_the_button_moved_heads_up() -> None:
    seats = {"Ana": 1, "Bruno": 2}
    first = hand(folded_to_the_big_blind(1, seats, {"Bruno": "7c 8c 9h Qs",
                                                   "Ana": "As 2h 3d Kd"}),
                 seats=seats, ruleset=HOUSE)
    # Bruno deals now: Ana, left of him, gets the cards Bruno got first, as an unshuffled
    # deck would give them; the same cards to the same players it is not
    again = folded_to_the_big_blind(2, seats, {"Ana": "7c 8c 9h Qs", "Bruno": "As 2h 3d Kd"})
    report = hand(again, seats=seats, ruleset=HOUSE, previous=first, number=2)
    assert [v.rule for v in report.violations] == ["G6"]
    assert "in the order they came last hand" in report.violations[0].message
    shuffled = folded_to_the_big_blind(2, seats, {"Ana": "7c 8c 9h Qd",
                                                  "Bruno": "As 2h 3d Kd"})
    assert hand(shuffled, seats=seats, ruleset=HOUSE, previous=first, number=2).violations == []


def test_g6_the_same_deck_order_with_the_button_moved_multiway() -> None:
    deals = {"Bruno": "Ac 2c 3c 4c", "Carla": "Ad 2d 3d 4d", "Ana": "Ah 2h 3h 4h"}
    first = hand(folded_to_the_big_blind(1, THREE, deals))
    assert first.violations == []
    moved = {"Carla": deals["Bruno"], "Ana": deals["Carla"], "Bruno": deals["Ana"]}
    report = hand(folded_to_the_big_blind(2, THREE, moved), previous=first, number=2)
    assert [v.rule for v in report.violations] == ["G6"]


def test_g6_one_known_hand_dealt_again_may_be_chance() -> None:
    """A site's log knows the hero's cards alone: the same four again, the button moved,
    is not enough to say the deck was not shuffled; two known hands again are."""
    seats = {"Ana": 1, "Bruno": 2}
    first = hand(folded_to_the_big_blind(1, seats, {"Bruno": "", "Ana": "2c 3d 4h 5s"}),
                 seats=seats, ruleset=HOUSE)
    again = folded_to_the_big_blind(2, seats, {"Ana": "2c 3d 4h 5s", "Bruno": ""})
    assert hand(again, seats=seats, ruleset=HOUSE, previous=first, number=2).violations == []
    both = {"Bruno": "7c 8c 9h Qs", "Ana": "2c 3d 4h 5s"}
    first = hand(folded_to_the_big_blind(1, seats, both), seats=seats, ruleset=HOUSE)
    report = hand(folded_to_the_big_blind(2, seats, both), seats=seats, ruleset=HOUSE,
                  previous=first, number=2)
    assert [v.rule for v in report.violations] == ["G6"]
    assert "card for card" in report.violations[0].message


# -- X3 and S1: split pots and side pots ------------------------------------------------------

BADEUCY = TABLE.replace(game="badeucy", hand_size=5)


def split_showdown(cards: dict[str, str], awards: list[tuple[str, int, str]],
                   all_in: str = "") -> list[Event]:
    """Three players raise and call to 4 each before the draw (``all_in`` for all he has),
    check and stand pat to a showdown (a pot of 12), then ``awards`` as (player, amount,
    pot); with ``all_in``, Bruno bets 4 after the third draw and Ana calls (a side pot)."""
    order = ("Bruno", "Carla", "Ana")
    events: list[Event] = [Button(seat=1), PostBlind(player="Bruno", amount=1, kind="small"),
                           PostBlind(player="Carla", amount=2)]
    events += [Deal(player=name, cards=c(cards[name])) for name in order]
    events += [Call(player="Ana", amount=2), Raise(player="Bruno", to=4),
               Call(player="Carla", amount=2), Call(player="Ana", amount=2)]
    for number in (1, 2, 3):
        events += pat_draw(number, order)
        if number < 3 or not all_in:
            events += [Check(player=name) for name in order if name != all_in]
    if all_in:
        events += [Bet(player="Bruno", amount=4), Call(player="Ana", amount=4)]
    events += [Street(kind="showdown"), *[Show(player=name, cards=c(cards[name]))
                                           for name in order]]
    return events + [Award(player=p, amount=a, pot=pot) for p, a, pot in awards]


def test_x3_a_badugi_half_nobody_qualifies_for_multiway() -> None:
    # no four-card badugi among the three: the lowball half, Ana's 7-5-4-3-2, takes all 12
    cards = {"Bruno": "Kc Kd Qc Qd 9c", "Carla": "8c 8d 6c 6d 4c", "Ana": "7s 5s 4s 3d 2h"}
    whole = split_showdown(cards, [("Ana", 12, "lowball")])
    assert hand(whole, ruleset=BADEUCY).violations == []
    labelled = split_showdown(cards, [("Carla", 6, "badugi"), ("Ana", 6, "lowball")])
    assert [v.rule for v in hand(labelled, ruleset=BADEUCY).violations] == ["X3"]


#: Bruno's badugi 4-3-2-A wins both Badugi halves; at 2-7 (the ace high) Carla's K-8-7-6-5
#: wins the main pot's low half and Ana's K-Q-9-8-7 the side pot's, which Carla, all-in
#: for 4, did not cover.
SIDE_POT_CARDS = {"Bruno": "As 2h 3d 4c 9s", "Carla": "5s 6h 7d 8c Kh",
                  "Ana": "Kc Qd 9d 8d 7s"}


def side_pot_report(awards: list[tuple[str, int, str]]) -> HandReport:
    events = split_showdown(SIDE_POT_CARDS, awards, all_in="Carla")
    return hand(events, ruleset=BADEUCY, stacks={"Ana": 100, "Bruno": 100, "Carla": 4})


def test_a_half_paid_to_a_worse_hand_beside_a_side_pot_is_s1_not_m3() -> None:
    right = [("Bruno", 6, "main badugi"), ("Carla", 6, "main lowball"),
             ("Bruno", 4, "side 1 badugi"), ("Ana", 4, "side 1 lowball")]
    report = side_pot_report(right)
    assert report.violations == [] and [pot.amount for pot in report.pots] == [12, 8]
    # the main pot's low half to Ana, whose hand is worse than Carla's: S1
    worse = [("Bruno", 6, "main badugi"), ("Ana", 6, "main lowball"),
             ("Bruno", 4, "side 1 badugi"), ("Ana", 4, "side 1 lowball")]
    assert [v.rule for v in side_pot_report(worse).violations] == ["S1"]
    # the side pot's low half to Carla, who did not cover it: M3
    uncovered = [("Bruno", 6, "main badugi"), ("Carla", 6, "main lowball"),
                 ("Bruno", 4, "side 1 badugi"), ("Carla", 4, "side 1 lowball")]
    assert [v.rule for v in side_pot_report(uncovered).violations] == ["M3"]


def test_an_award_from_a_side_pot_the_hand_does_not_have_is_one_s1_naming_it() -> None:
    """Both halves of the side pot, paid to the right hands, from a "side pot 5" the
    chips do not make: one S1 that names it, the payout judged as usual (kept)."""
    labels = [("Bruno", 6, "main badugi"), ("Carla", 6, "main lowball"),
              ("Bruno", 4, "side 5 badugi"), ("Ana", 4, "side 5 lowball")]
    report = side_pot_report(labels)
    assert [(v.rule, v.line, v.message) for v in report.violations] == [
        ("S1", 38, "the log pays Bruno 4 from side pot 5, but the hand has no side pot 5: "
         "its chips make the main pot and 1 side pot")]
    assert report.net == side_pot_report(labels[:2] + [("Bruno", 4, "side 1 badugi"),
                                                       ("Ana", 4, "side 1 lowball")]).net
    # who is paid is judged as usual: the side pot's low half to Carla, a second S1
    uncovered = labels[:3] + [("Carla", 4, "side 5 lowball")]
    assert [v.rule for v in side_pot_report(uncovered).violations] == ["S1", "S1"]


def test_an_award_from_a_side_pot_of_a_hand_of_one_pot_is_one_s1() -> None:
    events = full_hand()
    events[30] = dataclasses.replace(events[30], pot="side 1")   # Ana wins 28 from side pot 1
    report = hand(events, seats=SEATS, ruleset=HOUSE)
    assert [(v.rule, v.line, v.message) for v in report.violations] == [
        ("S1", 31, "the log pays Ana 28 from side pot 1, but the hand has no side pot 1: "
         "its chips make one pot")]
    assert report.net == {"Ana": 14, "Bruno": -14}


def test_unlabelled_side_pots_paid_to_a_worse_hand_are_s1_beyond_the_covered_m3() -> None:
    """Site logs do not name the pots: a payout the pots' players could share (Ana gets
    the main low half Carla won) is S1; one paying Carla more than the main pot holds, M3."""
    worse = [("Bruno", 10, ""), ("Ana", 10, "")]
    assert [v.rule for v in side_pot_report(worse).violations] == ["S1"]
    beyond = [("Bruno", 6, ""), ("Carla", 14, "")]
    assert [v.rule for v in side_pot_report(beyond).violations] == ["M3"]


def test_heads_up_a_half_paid_to_a_worse_hand_is_s1() -> None:
    seats = {"Ana": 1, "Bruno": 2}
    events = [Button(seat=1), PostBlind(player="Ana", amount=1, kind="small"),
              PostBlind(player="Bruno", amount=2), Deal(player="Bruno", cards=c("8c 6c 4c 3d 2h")),
              Deal(player="Ana", cards=c("7s 5h 4d 3c 3h")), Call(player="Ana", amount=1),
              Check(player="Bruno")]
    for number, burn in ((1, "Kc"), (2, "Kh"), (3, "Ks")):
        events += [Street(kind="draw", number=number), Burn(card=c(burn)[0]),
                   Draw(player="Bruno", discarded=()), Draw(player="Ana", discarded=()),
                   Check(player="Bruno"), Check(player="Ana")]
    events += [Street(kind="showdown"), Show(player="Bruno", cards=c("8c 6c 4c 3d 2h")),
               Show(player="Ana", cards=c("7s 5h 4d 3c 3h"))]
    badeucy = HOUSE.replace(game="badeucy", hand_size=5)
    right = events + [Award(player="Ana", amount=2, pot="badugi"),
                      Award(player="Bruno", amount=2, pot="lowball")]
    assert hand(right, seats=seats, ruleset=badeucy).violations == []
    worse = events + [Award(player="Ana", amount=2, pot="badugi"),
                      Award(player="Ana", amount=2, pot="lowball")]
    assert [v.rule for v in hand(worse, seats=seats, ruleset=badeucy).violations] == ["S1"]


# -- an uncalled return a reader worked out ---------------------------------------------------

def test_an_inferred_return_is_the_readers_arithmetic_not_the_logs_claim() -> None:
    """A site that pays the uncalled bet with the pot ('Bruno wins 3' of a pot of 2): the
    reader splits it into a return and an award. Its arithmetic is not the log's claim: a
    return it got wrong is not S3, and the award it came from is taken back whole."""
    from badugi_hh.events import UncalledReturned

    seats = {"Ana": 1, "Bruno": 2}
    folded = [Button(seat=1), PostBlind(player="Ana", amount=1, kind="small"),
              PostBlind(player="Bruno", amount=2), Deal(player="Bruno", cards=c("7c 8c 9h Qs")),
              Deal(player="Ana", cards=c("As 2h 3d Kd")), Fold(player="Ana")]
    inferred = [UncalledReturned(player="Bruno", amount=2, inferred=True),
                Award(player="Bruno", amount=1)]
    report = hand(folded + inferred, seats=seats, ruleset=HOUSE)
    assert report.violations == [] and report.net == {"Ana": -1, "Bruno": 1}
    assert report.players["Bruno"].returned == 1 and report.players["Bruno"].won == 2
    stated = [UncalledReturned(player="Bruno", amount=2), Award(player="Bruno", amount=1)]
    # the same numbers as the log's own claim: the return is checked (S3), then followed
    assert [v.rule for v in hand(folded + stated, seats=seats, ruleset=HOUSE).violations] == [
        "S3"]


def test_a_raise_s_increment_is_checked_against_its_total_in_every_structure() -> None:
    """``raises 53 to 53`` and ``raises 27 to 77`` say two raises: B2, in no limit and pot
    limit as in fixed limit; the total, what the next call matches, is played."""
    table = TABLE.replace(small_blind=50, big_blind=100)
    for structure, by, to in (("no", 530, 530), ("pot", 270, 770), ("no", 100, 300)):
        events = [Button(seat=1), PostBlind(player="Bruno", amount=50, kind="small"),
                  PostBlind(player="Carla", amount=100), Call(player="Ana", amount=100),
                  Raise(player="Bruno", to=to, by=by), Call(player="Carla", amount=to - 100),
                  Call(player="Ana", amount=to - 100)]
        report = hand(events, ruleset=table.replace(structure=structure),
                      stacks={"Ana": 5000, "Bruno": 5000, "Carla": 5000})
        assert rules(report) == ["B2"], (structure, by, to)
