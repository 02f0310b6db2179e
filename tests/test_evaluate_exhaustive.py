"""The five-card evaluators against their definitions on every five-card hand.

``lowball27_value``, ``lowball_a5_value`` and ``high_value`` rank hands through a
table built from a key of their own; here each of the C(52,5) = 2,598,960 hands
is also judged by a second, independent reading of the rules: a high hand
(five-card draw) by high poker (the ace high, or low in the wheel A-5-4-3-2, the
lowest straight), a lowball hand as bad as it is good at high poker (2-7: ace
high, straights and flushes count, no wheel; A-5: ace low, straights and
flushes ignored). The orders must be the same. Badugi's best four of five (X4) is checked against the definition by
every subset on a large sample.

About a minute of work, so these run in their own CI step (``pytest -m
exhaustive``), not in the default run.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from itertools import combinations

import pytest

from badugi_hh.cards import DECK, Card
from badugi_hh.evaluate import (
    badugi_value, brute_force_value, high_value, lowball27_value, lowball_a5_value,
)

pytestmark = pytest.mark.exhaustive

HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)


def high_poker_strength(ranks: Sequence[int], suited: bool, *, count_straights: bool,
                        ) -> tuple[int, tuple[int, ...]]:
    """How strong five ranks are at high poker: a category, then the ranks that break ties.

    Written apart from the evaluator: counts first, then a straight or a flush.
    """
    counts = Counter(ranks)
    shape = sorted(counts.values(), reverse=True)
    order = tuple(sorted(ranks, key=lambda rank: (counts[rank], rank), reverse=True))
    straight = count_straights and len(counts) == 5 and max(ranks) - min(ranks) == 4
    flush = count_straights and suited
    if straight and flush:
        return STRAIGHT_FLUSH, order
    if shape == [4, 1]:
        return QUADS, order
    if shape == [3, 2]:
        return FULL_HOUSE, order
    if flush:
        return FLUSH, order
    if straight:
        return STRAIGHT, order
    return {(3, 1, 1): TRIPS, (2, 2, 1): TWO_PAIR, (2, 1, 1, 1): PAIR}.get(
        tuple(shape), HIGH_CARD), order


def deuce_to_seven(cards: Sequence[Card]) -> tuple[int, tuple[int, ...]]:
    """2-7: the ace is high, and A-5-4-3-2 is no straight (its ace is 14)."""
    ranks = [14 if card.rank == 1 else card.rank for card in cards]
    return high_poker_strength(ranks, len({card.suit for card in cards}) == 1,
                               count_straights=True)


def ace_to_five(cards: Sequence[Card]) -> tuple[int, tuple[int, ...]]:
    """A-5: the ace is low, and straights and flushes are nothing."""
    return high_poker_strength([card.rank for card in cards], False, count_straights=False)


def high_poker(cards: Sequence[Card]) -> tuple[int, tuple[int, ...]]:
    """High poker: the ace is high, but low in A-5-4-3-2, a five-high straight."""
    ranks = [14 if card.rank == 1 else card.rank for card in cards]
    if sorted(ranks) == [2, 3, 4, 5, 14]:
        ranks = [1 if rank == 14 else rank for rank in ranks]
    return high_poker_strength(ranks, len({card.suit for card in cards}) == 1,
                               count_straights=True)


@pytest.mark.parametrize(("evaluate", "definition", "stronger_wins"), [
    (lowball27_value, deuce_to_seven, False), (lowball_a5_value, ace_to_five, False),
    (high_value, high_poker, True)],
    ids=["2-7", "A-5", "high"])
def test_every_five_card_hand_ranks_as_the_definition_orders_it(
        evaluate: Callable, definition: Callable, stronger_wins: bool) -> None:
    rank_of: dict[tuple[int, tuple[int, ...]], int] = {}
    hands = 0
    for cards in combinations(DECK, 5):
        key, rank = definition(cards), evaluate(cards).rank
        assert rank_of.setdefault(key, rank) == rank, cards   # equal by the rules, equal here
        hands += 1
    assert hands == 2_598_960
    # at lowball the weakest high-poker hand wins, at high poker the strongest
    ranks = [rank_of[key] for key in sorted(rank_of, reverse=stronger_wins)]
    assert ranks == sorted(set(ranks)), "the evaluator orders some hands otherwise"
    assert len(ranks) == (6175 if evaluate is lowball_a5_value else 7462)


def test_badugi_takes_the_best_four_of_five_on_a_large_sample() -> None:
    rng = random.Random(13)
    for _ in range(200_000):
        cards = rng.sample(DECK, 5)
        best = min((brute_force_value(four) for four in combinations(cards, 4)),
                   key=lambda value: value.rank)
        assert badugi_value(cards) == best, cards
