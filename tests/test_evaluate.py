"""The evaluator against the rules (RULES.md E and X2), read literally in this file.

The reference functions here are written from the rule text, independently of
:mod:`badugi_hh.evaluate`, and only use integer arithmetic on card indices
(``card // 4 + 1`` is the rank, ace = 1; ``card % 4`` the suit).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import combinations, combinations_with_replacement, permutations

import pytest
from conftest import examples_by_tier
from hypothesis import given, settings
from hypothesis import strategies as st

from badugi_hh import evaluate
from badugi_hh.cards import DECK, JOKER, Card, parse_cards
from badugi_hh.evaluate import (
    BadugiValue, EvaluationError, LowballValue, badugi_rank, badugi_value,
    brute_force_value, lowball27_value, lowball_a5_value, parse_description,
)
from badugi_hh.fivecard import claim_fits, high_value, parse_five_card_description

# -- reference definitions -----------------------------------------------------

BadugiKey = tuple[int, tuple[int, ...]]


def reference_badugi_key(cards: Sequence[int]) -> BadugiKey:
    """E1-E4: among all subsets with no repeated rank and no repeated suit, the
    largest, then the lowest ranks compared from the top; smaller key is better."""
    keys = []
    for size in range(1, len(cards) + 1):
        for subset in combinations(cards, size):
            ranks = [card // 4 + 1 for card in subset]
            suits = [card % 4 for card in subset]
            if len(set(ranks)) == size and len(set(suits)) == size:
                keys.append((-size, tuple(sorted(ranks, reverse=True))))
    return min(keys)


def reference_high_strength(cards: Sequence[int], *, deuce_to_seven: bool) -> tuple:
    """Ordinary high-poker strength (bigger is stronger); a lowball hand is better
    the *weaker* it is as a high hand. 2-7: ace high, straights and flushes count,
    and A-2-3-4-5 is no straight. A-5: ace low, no straights or flushes."""
    ranks = [card // 4 + 1 for card in cards]
    if deuce_to_seven:
        ranks = [14 if rank == 1 else rank for rank in ranks]
    count = Counter(ranks)
    # ranks by multiplicity, then by rank: full house 8-8-8-3-3 -> [8, 3]
    ordered = sorted(count, key=lambda rank: (count[rank], rank), reverse=True)
    shape = sorted(count.values(), reverse=True)
    is_flush = deuce_to_seven and len({card % 4 for card in cards}) == 1
    is_straight = deuce_to_seven and len(count) == 5 and max(ranks) - min(ranks) == 4
    if is_straight and is_flush:
        category = 8
    elif shape == [4, 1]:
        category = 7
    elif shape == [3, 2]:
        category = 6
    elif is_flush:
        category = 5
    elif is_straight:
        category = 4
    else:
        category = {(3, 1, 1): 3, (2, 2, 1): 2, (2, 1, 1, 1): 1, (1, 1, 1, 1, 1): 0}[tuple(shape)]
    return category, ordered


def dense_ranks(keys: Sequence) -> dict:
    """key -> 0, 1, 2 ... in increasing key order, equal keys sharing a rank."""
    return {key: rank for rank, key in enumerate(sorted(set(keys)))}


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


# -- E1-E4 exhaustively --------------------------------------------------------


@pytest.fixture(scope="module")
def every_four_card_hand() -> list[tuple[tuple[Card, ...], BadugiKey]]:
    """All C(52, 4) = 270,725 hands with their reference keys."""
    return [(hand, reference_badugi_key(hand)) for hand in combinations(DECK, 4)]


@pytest.mark.exhaustive
def test_every_hand_ranks_as_the_reference_orders_it(every_four_card_hand):
    expected = dense_ranks([key for _, key in every_four_card_hand])
    wrong = [(hand, rank, expected[key])
             for hand, key in every_four_card_hand if (rank := badugi_rank(hand)) != expected[key]]
    assert not wrong[:5]
    assert len(expected) == 1092  # 715 + 286 + 78 + 13 values, all reachable


@pytest.mark.exhaustive
def test_every_hand_values_as_the_reference(every_four_card_hand):
    wrong = []
    for hand, (negative_size, ranks) in every_four_card_hand:
        value = badugi_value(hand)
        if (value.size, value.ranks, value.rank) != (-negative_size, ranks, badugi_rank(hand)):
            wrong.append((hand, value))
    assert not wrong[:5]


@pytest.fixture
def empty_rank_table() -> Iterator[dict[int, int]]:
    """The evaluator's table of ranks as a process starts with it, empty (restored after)."""
    kept = dict(evaluate._RANK_BY_MASK), dict(evaluate._POSITIONS_BY_SHAPE)
    evaluate._RANK_BY_MASK.clear()
    evaluate._POSITIONS_BY_SHAPE.clear()
    yield evaluate._RANK_BY_MASK
    for table, entries in zip((evaluate._RANK_BY_MASK, evaluate._POSITIONS_BY_SHAPE), kept):
        table.clear()
        table.update(entries)


def mask(hand: Sequence[int]) -> int:
    return sum(1 << card for card in hand)


def test_a_few_hands_are_worked_out_alone_not_the_whole_table(empty_rank_table):
    hands = [cards("As 2h 3d 4c"), cards("Kd Kc 7h 2s"), cards("As 2h 3d Kd 5c")]
    assert [badugi_rank(hand) for hand in hands] == [brute_force_value(hand).rank for hand in hands]
    assert len(empty_rank_table) == 2 + 5   # the five-card hand's five fours


def test_hands_worked_out_one_by_one_agree_with_the_whole_table(empty_rank_table):
    """Every shape (each neighbour's rank equal or not, each card's suit) among the hands
    of ace to five, and a sample of the rest, fewer than the whole table is built after."""
    whole = evaluate._build_rank_table()
    low = list(combinations(DECK[:20], 4))
    rest = random.Random(7).sample(list(combinations(DECK, 4)), 10_000)
    wrong = [hand for hand in low + rest if badugi_rank(hand) != whole[mask(hand)]]
    assert not wrong[:5]
    assert len(empty_rank_table) < evaluate._WHOLE_TABLE_AFTER
    shapes = sum(len(suits) for groups in evaluate._positions_by_shape().values()
                 for suits in groups.values())
    assert len(evaluate._POSITIONS_BY_SHAPE) == shapes


def test_past_its_threshold_the_whole_table_is_built_at_once(empty_rank_table):
    hands = iter(combinations(DECK, 4))
    while len(empty_rank_table) < evaluate._WHOLE_TABLE_AFTER:
        badugi_rank(next(hands))
    assert empty_rank_table == evaluate._build_rank_table()


@pytest.mark.parametrize("examples", examples_by_tier(500, 2000))
def test_slow_and_five_card_paths_agree_with_the_reference(examples):
    @given(st.lists(st.sampled_from(DECK), min_size=4, max_size=5, unique=True))
    @settings(max_examples=examples, deadline=None)
    def agree(hand):
        negative_size, ranks = reference_badugi_key(hand)
        for value in (badugi_value(hand), brute_force_value(hand)):
            assert (value.size, value.ranks) == (-negative_size, ranks)
        assert badugi_rank(hand) == badugi_value(hand).rank

    agree()


@given(st.lists(st.sampled_from(DECK), min_size=4, max_size=4, unique=True))
def test_the_order_of_the_cards_does_not_matter(hand):
    assert {badugi_rank(order) for order in permutations(hand)} == {badugi_rank(hand)}


@given(st.lists(st.sampled_from(DECK), min_size=8, max_size=8, unique=True))
def test_comparison_follows_rank_lower_is_better(eight):
    first, second = badugi_value(eight[:4]), badugi_value(eight[4:])
    assert (first < second) == (reference_badugi_key(eight[:4]) < reference_badugi_key(eight[4:]))
    assert (first == second) == (first.rank == second.rank)


# -- E5, the worked examples -----------------------------------------------------


def test_e5_three_card_ace_two_three_with_two_diamonds():
    value = badugi_value(cards("A♠ 2♥ 3♦ K♦"))
    assert (value.size, value.ranks, value.description) == (3, (3, 2, 1), "3-card 3-2-A")


def test_e5_drawing_four_of_clubs_for_king_of_diamonds_makes_the_best_badugi():
    value = badugi_value(cards("A♠ 2♥ 3♦ 4♣"))
    assert value.description == "badugi 4-3-2-A"
    assert value.rank == 0
    assert value < badugi_value(cards("A♠ 2♥ 3♦ K♦"))


def test_e5_four_high_badugi_beats_seven_high_whatever_the_card_order():
    four_high = badugi_value(cards("A♠ 2♥ 3♦ 4♣"))
    for order in permutations(cards("A♥ 2♣ 3♠ 7♦")):
        assert four_high < badugi_value(order)


def test_e5_four_high_badugi_beats_five_high_badugi():
    assert badugi_value(cards("A♠ 2♥ 3♦ 4♣")) < badugi_value(cards("5♠ 4♥ 3♦ 2♣"))


def test_e5_any_badugi_beats_a_three_card_hand():
    king_high = badugi_value(cards("5♠ 6♥ 9♦ K♣"))
    assert king_high.description == "badugi K-9-6-5"
    assert king_high < badugi_value(cards("A♠ 2♥ 3♦ 3♠"))


def test_e5_three_cards_beat_two_even_six_seven_seven_eight_against_ace_two():
    eight_high = badugi_value(cards("6♠ 7♥ 7♦ 8♣"))
    ace_two = badugi_value(cards("A♠ 2♥ 2♠ A♥"))
    assert (eight_high.description, ace_two.description) == ("3-card 8-7-6", "2-card 2-A")
    assert eight_high < ace_two


def test_e5_the_card_repeating_a_rank_and_a_suit_is_left_out():
    value = badugi_value(cards("A♥ 2♣ 3♦ 2♥"))
    assert value == badugi_value(cards("A♥ 2♣ 3♦ K♦"))
    assert value.description == "3-card 3-2-A"


def test_e3_ace_to_four_rainbow_is_the_best_and_straights_do_not_hurt():
    best = [hand for hand in combinations(DECK, 4) if badugi_rank(hand) == 0]
    assert len(best) == 24  # A-2-3-4 in each of the 4! suit assignments
    assert all(sorted(card.rank for card in hand) == [1, 2, 3, 4] for hand in best)
    assert badugi_value(cards("5s 6h 7d 8c")) < badugi_value(cards("5s 6h 7d 9c"))


def test_e3_a_flush_is_not_a_category_but_one_card():
    assert badugi_value(cards("As 2s 3s 4s")).description == "1-card A"
    assert badugi_value(cards("Ks Kh Kd Kc")).description == "1-card K"


def test_e4_suits_never_break_a_tie():
    assert badugi_rank(cards("As 2h 3d 4c")) == badugi_rank(cards("Ah 2s 3c 4d"))
    assert badugi_value(cards("8s 7h 7d 2c")) == badugi_value(cards("8d 7c 7s 2h"))


def test_e4_left_out_cards_never_break_a_tie():
    assert badugi_value(cards("As 2h 3d Kd")) == badugi_value(cards("As 2h 3d 4d"))


def test_e4_every_subset_is_examined_not_cards_dropped_in_order():
    # Keeping the first ace (spades) would cost the 2 of spades: A-h 2-s 3-d wins.
    assert badugi_value(cards("As Ah 2s 3d")).description == "3-card 3-2-A"


def test_five_cards_count_their_best_four():
    assert badugi_value(cards("Kd As 2h 3d 4c")).description == "badugi 4-3-2-A"
    assert badugi_rank(cards("Kd As 2h 3d 4c")) == 0


@pytest.mark.parametrize(("hand", "problem"), [
    ([], "have 4 or 5 cards, got 0"),
    (cards("As 2h 3d"), "have 4 or 5 cards, got 3"),
    (cards("As 2h 3d 4c 5s 6h"), "have 4 or 5 cards, got 6"),
    (cards("As 2h 3d As"), "As appears twice"),
    ((*cards("As 2h 3d"), JOKER), "joker"),
    ([0, 1, 2, 99], "99 is not a card"),
])
def test_bad_hands_raise_evaluation_error(hand, problem):
    for evaluate in (badugi_value, badugi_rank, brute_force_value):
        with pytest.raises(EvaluationError, match=problem):
            evaluate(hand)


def test_evaluation_error_is_a_value_error():
    assert issubclass(EvaluationError, ValueError)


def test_value_is_immutable_and_hashable():
    value = badugi_value(cards("As 2h 3d 4c"))
    assert isinstance(value, BadugiValue)
    assert {value, badugi_value(cards("Ah 2s 3c 4d"))} == {value}
    with pytest.raises(AttributeError):
        value.rank = 3  # type: ignore[misc]


@pytest.mark.parametrize(("hand", "description"), [
    ("As 2h 3d 4c", "badugi 4-3-2-A"),
    ("Ts 7h 4d 2c", "badugi 10-7-4-2"),
    ("6s 7h 7d 8c", "3-card 8-7-6"),
    ("As 5s 5h Ah", "2-card 5-A"),
    ("As 5s 9s Ks", "1-card A"),
])
def test_descriptions(hand, description):
    assert badugi_value(cards(hand)).description == description == str(badugi_value(cards(hand)))


# -- parse_description -----------------------------------------------------------


@pytest.mark.parametrize(("text", "expected"), [
    ("badugi 9-7-4-2", (4, (9, 7, 4, 2))),
    ("badugi 10-7-4-2", (4, (10, 7, 4, 2))),
    ("badugi T-7-4-2", (4, (10, 7, 4, 2))),
    ("3-card 8-7-6", (3, (8, 7, 6))),
    ("2-card 5-A", (2, (5, 1))),
    ("1-card K", (1, (13,))),
    ("Badugi: T,8,7,5", (4, (10, 8, 7, 5))),          # PokerStars
    ("3-card: T,7,2", (3, (10, 7, 2))),
    ("2-card: K,A", (2, (13, 1))),
    ("3-Card: 7, 2, A", (3, (7, 2, 1))),               # Full Tilt
    ("  BADUGI 2-4-A-3 ", (4, (4, 3, 2, 1))),          # any order, any case
    ("4-card 4-3-2-A", (4, (4, 3, 2, 1))),
    # a person's: the size in words, or ranks alone, as many usable cards as they name
    ("three-card 3-2-A", (3, (3, 2, 1))),
    ("Two card: K, A", (2, (13, 1))),
    ("four-card A-2-3-4", (4, (4, 3, 2, 1))),
    ("4-3-2-A", (4, (4, 3, 2, 1))),
    ("A-2-3", (3, (3, 2, 1))),
    ("3-2-A", (3, (3, 2, 1))),
    ("K, A", (2, (13, 1))),
    ("10", (1, (10,))),
])
def test_parse_description_reads_every_format(text, expected):
    assert parse_description(text) == expected


@pytest.mark.parametrize("text", [
    "", "badugi", "a pair of kings", "badugi 9-7-4", "3-card 8-7-6-5", "3-card 8-8-6",
    "5-card 8-7-6-5-4", "badugi 9-7-4-X", "3-card: 7,2,A and more", "0-card",
    # ranks alone are no more than four, none repeated; a size in words must agree with them
    "7-5-4-3-2", "A-2-2", "three-card 4-3-2-A", "five-card 8-7-6-5-4", "three-card",
])
def test_parse_description_returns_none_for_other_text(text):
    assert parse_description(text) is None


# Shown hands and the sites' descriptions of them, from /work/shared/real_logs.
SHOWN_IN_REAL_LOGS = [
    ("Ac Kd 6c Kc", "2-card: K,A"), ("7d 2c Ah Jd", "3-Card: 7, 2, A"),
    ("5c 4s 2h Js", "3-Card: 5, 4, 2"), ("2h 3s 2d 5h", "3-card: 5,3,2"),
    ("5d 3c 3s 4s", "3-card: 5,4,3"), ("6h 2c Qs 3h", "3-card: Q,3,2"),
    ("Td 8c 9d Qh", "3-card: Q,9,8"), ("Tc 3s 2s 7h", "3-card: T,7,2"),
    ("4d 3s 2h Ac", "Badugi: 4,3,2,A"), ("Ts 4c 2h 5d", "Badugi: T,5,4,2"),
    ("8c 5d 7s Th", "Badugi: T,8,7,5"), ("6h Qc As 7d", "Badugi: Q,7,6,A"),
    ("2h Ah 2d 5s", "3-card: 5,2,A"), ("5c Ah 5s 3d", "3-card: 5,3,A"),
]


@pytest.mark.parametrize(("shown", "stated"), SHOWN_IN_REAL_LOGS)
def test_sites_descriptions_match_the_evaluator(shown, stated):
    value = badugi_value(cards(shown))
    assert parse_description(stated) == (value.size, value.ranks)
    assert parse_description(value.description) == (value.size, value.ranks)


# -- five-card lowball (X2) -------------------------------------------------------


def test_deuce_to_seven_orderings():
    ranking = ["7c 5d 4s 3h 2h", "7c 6d 4s 3h 2h", "8c 5d 4s 3h 2h", "Kc Qd Js Th 8h",
               "Ac 5d 4s 3h 2h",            # ace high, not a straight
               "2c 2d 4s 3h 5h", "Ac Ad Ks Qh Jh", "2c 2d 3s 3h 4h", "2c 2d 2s 3h 4h",
               "6c 5d 4s 3h 2h",            # straight
               "7h 5h 4h 3h 2h",            # flush
               "2c 2d 2s 3h 3d", "2c 2d 2s 2h 3d", "6h 5h 4h 3h 2h"]
    values = [lowball27_value(cards(hand)) for hand in ranking]
    assert values == sorted(values) and len(set(values)) == len(values)
    assert values[0].rank == 0
    assert [value.category for value in values[-5:]] == [
        "straight", "flush", "full house", "four of a kind", "straight flush"]


def test_deuce_to_seven_ace_five_is_ace_high_and_suits_never_break_ties():
    assert lowball27_value(cards("Ac 5d 4s 3h 2h")).description == "A-5-4-3-2"
    assert lowball27_value(cards("Ac 5d 4s 3h 2h")) == lowball27_value(cards("Ad 5c 4h 3s 2s"))


def test_ace_to_five_orderings():
    ranking = ["Ah 2h 3h 4h 5h", "6c 4d 3s 2h Ah", "6c 5d 4s 3h Ah", "6c 5d 4s 3h 2h",
               "Kc Qd Js Th 9h", "Ac Ad 2s 3h 4h", "2c 2d As 3h 4h", "Ac Ad 2s 2h 3h",
               "Ac Ad As 2h 3h", "Ac Ad As 2h 2d", "Ac Ad As Ah 2d"]
    values = [lowball_a5_value(cards(hand)) for hand in ranking]
    assert values == sorted(values) and len(set(values)) == len(values)
    assert values[0].rank == 0 and values[0].description == "5-4-3-2-A"
    assert lowball_a5_value(cards("Ah 2h 3h 4h 5h")) == lowball_a5_value(cards("Ac 2h 3h 4h 5h"))


@pytest.mark.parametrize(("hand", "deuce_to_seven", "ace_to_five"), [
    ("8s 8h 7d 4c 2h", "pair of eights, 7-4-2", "pair of eights, 7-4-2"),
    ("8s 8h 3d 3c 2h", "two pair, eights and threes, 2", "two pair, eights and threes, 2"),
    ("8s 8h 8d 3c 2h", "three eights, 3-2", "three eights, 3-2"),
    ("8s 8h 8d 3c 3h", "full house, eights full of threes", "full house, eights full of threes"),
    ("Ks Kh Kd Kc Ah", "four kings, A", "four kings, A"),
    ("Th 9h 8h 7h 6h", "straight flush 10-9-8-7-6", "10-9-8-7-6"),
    ("Ac 5d 4s 3h 2h", "A-5-4-3-2", "5-4-3-2-A"),
])
def test_lowball_descriptions(hand, deuce_to_seven, ace_to_five):
    assert lowball27_value(cards(hand)).description == deuce_to_seven
    assert lowball_a5_value(cards(hand)).description == ace_to_five


def representatives() -> list[tuple[int, ...]]:
    """One five-card hand for each rank multiset, plus a one-suited one when the
    ranks differ: together every value class of both lowballs."""
    hands = []
    for ranks in combinations_with_replacement(range(1, 14), 5):
        seen: Counter[int] = Counter()
        suits = []
        for rank in ranks:
            suits.append(seen[rank])  # repeated ranks get different suits
            seen[rank] += 1
        if max(seen.values()) == 5:
            continue
        if len(seen) == 5:
            hands.append(tuple((rank - 1) * 4 for rank in ranks))  # one suit
            suits[0] = 1
        hands.append(tuple((rank - 1) * 4 + suit for rank, suit in zip(ranks, suits, strict=True)))
    return hands


@pytest.mark.parametrize(("evaluate", "deuce_to_seven", "classes"), [
    (lowball27_value, True, 7462), (lowball_a5_value, False, 6175)])
def test_every_lowball_class_ranks_as_the_reference_orders_it(evaluate, deuce_to_seven, classes):
    hands = representatives()
    # the weaker the high hand, the better the low: negate nothing, sort ascending
    strength = {hand: reference_high_strength(hand, deuce_to_seven=deuce_to_seven) for hand in hands}
    expected = dense_ranks([(category, tuple(ordered)) for category, ordered in strength.values()])
    assert len(expected) == classes
    for hand in hands:
        category, ordered = strength[hand]
        assert evaluate(hand).rank == expected[category, tuple(ordered)], hand


@given(st.lists(st.sampled_from(DECK), min_size=10, max_size=10, unique=True))
@settings(max_examples=1000)
def test_lowball_comparisons_follow_the_reference(ten):
    first, second = ten[:5], ten[5:]
    for evaluate, deuce_to_seven in ((lowball27_value, True), (lowball_a5_value, False)):
        low_first, low_second = evaluate(first), evaluate(second)
        high_first = reference_high_strength(first, deuce_to_seven=deuce_to_seven)
        high_second = reference_high_strength(second, deuce_to_seven=deuce_to_seven)
        assert isinstance(low_first, LowballValue)
        assert (low_first < low_second) == (high_first < high_second)
        assert (low_first == low_second) == (high_first == high_second)


@pytest.mark.parametrize("evaluate", [lowball27_value, lowball_a5_value])
@pytest.mark.parametrize(("hand", "problem"), [
    (cards("As 2h 3d 4c"), "have 5 cards, got 4"),
    (cards("As 2h 3d 4c 5s 6s"), "have 5 cards, got 6"),
    (cards("As 2h 3d 4c As"), "As appears twice"),
    ((*cards("As 2h 3d 4c"), JOKER), "joker"),
])
def test_bad_lowball_hands_raise_evaluation_error(evaluate, hand, problem):
    with pytest.raises(EvaluationError, match=problem):
        evaluate(hand)


# -- five-card descriptions (X2, S1) ------------------------------------------------------


@pytest.mark.parametrize("evaluate", [lowball27_value, lowball_a5_value, high_value])
def test_every_five_card_description_reads_back_as_its_own_value_and_not_the_next(evaluate):
    """Each class's words fit it, and not the class next in rank, the most like it."""
    values = sorted({evaluate(hand) for hand in representatives()})
    for value, following in zip(values, [*values[1:], None]):
        claim = parse_five_card_description(value.description)
        assert claim is not None and claim_fits(claim, value), value
        assert following is None or not claim_fits(claim, following), (value, following)


@pytest.mark.parametrize(("text", "expected"), [
    # PokerStars, Full Tilt, Winamax and OnGame (tests/data/real)
    ("Lo: 8,7,5,4,2", ("high card", (8, 7, 5, 4, 2))),
    ("Lo: a pair of Fives", ("pair", (5,))),
    ("Lo: a straight, Four to Eight", ("straight", (8,))),
    ("straight, Seven high", ("straight", (7,))),
    ("K,T,8,6,2", ("high card", (13, 10, 8, 6, 2))),
    ("High card : King", ("high card", (13,))),
    ("TWO_PAIR ACE, JACK", ("two pair", (1, 11))),
    ("three of a kind, Aces", ("three of a kind", (1,))),
    # words a person writes, as far as they go
    ("J-high", ("high card", (11,))),
    ("seven-five low", ("high card", (7, 5))),
    ("pair of Queens", ("pair", (12,))),
    ("full house", ("full house", ())),
    ("A K Q J 9", ("high card", (1, 13, 12, 11, 9))),   # an ace, not an article
    ("a Royal Flush", ("straight flush", ())),
    # ranks alone are the cards' ranks: a repeated one is a pair or more, grouped first
    ("8-8-7-4-2", ("pair", (8, 7, 4, 2))),
    ("7-6-4-3-3", ("pair", (3, 7, 6, 4))),
    ("10-8-T-6-4", ("pair", (10, 8, 6, 4))),
    ("Lo: 8,7,6,6,2", ("pair", (6, 8, 7, 2))),
    ("K,T,8,T,2", ("pair", (10, 13, 8, 2))),
    ("9-9-4-4-2", ("two pair", (9, 4, 2))),
    ("3-8-3-8-3", ("full house", (3, 8))),
    # ranks alone that no five cards are, and a category its ranks deny: read, fit nothing
    ("A-2 6-5-4-3-A", ("no five-card hand", (1, 2, 6, 5, 4, 3, 1))),
    ("7-7-7-7-7", ("no five-card hand", (7, 7, 7, 7, 7))),
    ("high card 7-7-5-3-2", ("high card", (7, 7, 5, 3, 2))),
    # the house's "<category> of <rank>s, <ranks>" with a high card's category
    ("high card of sevens, 8-5-2", ("high card", (7, 8, 5, 2))),
    # not a five-card hand's words
    ("badugi 4-3-2-A", None), ("a fine hand", None), ("", None),
])
def test_five_card_descriptions_read_in_every_form(text, expected):
    assert parse_five_card_description(text) == expected


def test_a_five_card_claim_fits_as_far_as_it_goes():
    pair = lowball27_value(cards("Qd Qc Jd 3h 2d"))
    assert claim_fits(("pair", (12, 11)), pair) and not claim_fits(("pair", (11,)), pair)
    assert not claim_fits(("high card", (12,)), pair)
    two_pair = high_value(cards("As Ad Jh Jc 4d"))   # either pair first
    assert claim_fits(("two pair", (11, 1, 4)), two_pair)
    low = lowball_a5_value(cards("8c 7d 5h 2s Ah"))  # every rank named: in any order
    assert claim_fits(("high card", (1, 2, 5, 7, 8)), low)
    assert not claim_fits(("high card", (7, 5, 4, 2, 1)), low)


@pytest.mark.parametrize(("words", "hand", "fits"), [
    ("7-6-4-3-3", "7c 6d 4s 3h 2h", False),   # a repeated rank where the hand has none
    ("7-6-4-3-3", "7c 6d 4s 3h 3d", True),    # the cards' ranks of a pair of threes
    ("3-3-6", "7c 6d 4s 3h 3d", False),       # a kicker named that is not its highest, 7
    ("3-3-7-6", "7c 6d 4s 3h 3d", True),
    ("8-6-5-8-2", "8c 6d 5s 3h 2h", False),
    ("A-2 6-5-4-3-A", "6c 5d 4s 3h Ah", False),
    ("high card 7-7-5-3-2", "7c 7d 5s 3h 2h", False),
    ("high card of sevens, 8-5-2", "8c 7d 5s 7h 2h", False),
])
def test_a_rank_named_twice_fits_only_a_hand_that_holds_it_twice(words, hand, fits):
    claim = parse_five_card_description(words)
    assert claim is not None and claim_fits(claim, lowball27_value(cards(hand))) is fits
