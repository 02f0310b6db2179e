"""Five-card hand values: 2-7 and A-5 lowball (X2), and high poker (five-card draw).

Every value has an integer ``rank`` where **lower is better**, as for Badugi
(:mod:`badugi_hh.evaluate`): ``a < b`` reads "a beats b", whatever the game.

>>> from badugi_hh.cards import parse_cards
>>> print(lowball27_value(parse_cards("7c 5d 4s 3h 2h")))
7-5-4-3-2
>>> lowball27_value(parse_cards("6c 5d 4s 3h 2h")).description   # 2-7 counts straights
'straight 6-5-4-3-2'
>>> lowball_a5_value(parse_cards("Ac 2d 3s 4h 5h")).rank           # A-5 does not
0
>>> high_value(parse_cards("Ah Kh Qh Jh Th")).rank                  # a royal flush
0
>>> print(high_value(parse_cards("Ac 2d 3s 4h 5h")))                # the wheel
straight 5-4-3-2-A
>>> high_value(parse_cards("Kc Kd 9s 5h 3h")) < high_value(parse_cards("Ac Qd 9s 5h 3h"))
True

Each game's values are a table of every class of five ranks and suitedness
(7,462 for 2-7 and high poker, 6,175 for A-5), built on first use.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations_with_replacement
from typing import Any, Literal

from badugi_hh.cards import DECK, Card, rank_name
from badugi_hh.frozen import rebuilt

__all__ = ["EvaluationError", "FiveCardGame", "FiveCardValue", "LowballValue",
           "checked_hand", "high_value", "lowball27_value", "lowball_a5_value"]


class EvaluationError(ValueError):
    """Cards that do not form a hand of the game: wrong count, joker or duplicate."""


def checked_hand(cards: Iterable[Card], sizes: tuple[int, ...], game: str) -> tuple[Card, ...]:
    """The cards as a tuple of :class:`Card`, or :class:`EvaluationError` saying what is wrong."""
    hand = tuple(cards)
    if len(hand) not in sizes:
        wanted = " or ".join(map(str, sizes))
        raise EvaluationError(f"{game} hands have {wanted} cards, got {len(hand)}")
    for card in hand:
        if not (isinstance(card, int) and 0 <= card <= 52):
            raise EvaluationError(f"{card!r} is not a card")
        if card == 52:
            raise EvaluationError("a joker is not a card of the deck (G2)")
    repeated = [card for card, count in Counter(hand).items() if count > 1]
    if repeated:
        raise EvaluationError(f"{DECK[repeated[0]]} appears twice")
    return tuple(DECK[card] for card in hand)  # plain ints are welcome too


#: ``2-7`` and ``a-5`` lowball, and ``high`` poker.
FiveCardGame = Literal["2-7", "a-5", "high"]

_PLURAL = dict(zip(range(1, 15), (
    "aces", "deuces", "threes", "fours", "fives", "sixes", "sevens", "eights",
    "nines", "tens", "jacks", "queens", "kings", "aces"), strict=True))
_CATEGORY_BY_COUNTS = {
    (1, 1, 1, 1, 1): "high card", (2, 1, 1, 1): "pair", (2, 2, 1): "two pair",
    (3, 1, 1): "three of a kind", (3, 2): "full house", (4, 1): "four of a kind",
}
#: Categories from the weakest at high poker to the strongest: a lowball's best first.
#: A-5 ignores straights and flushes, so it never sees those categories.
_CATEGORY_ORDER = (
    "high card", "pair", "two pair", "three of a kind", "straight", "flush",
    "full house", "four of a kind", "straight flush")
_WHEEL = (14, 5, 4, 3, 2)


@dataclass(frozen=True, slots=True, order=True)
class FiveCardValue:
    """A five-card value; compares by ``rank``, lower is better (``a < b``: a wins).

    Ranks of one game only are comparable. ``ranks`` lists the ranks in order of
    significance (ace = 1): the grouped ones first, then the rest highest first
    (a wheel's ace last, as the five-high straight it makes at high poker).

    >>> from badugi_hh.cards import parse_cards
    >>> value = lowball27_value(parse_cards("8s 8h 7d 4c 2h"))
    >>> value.category, value.ranks, value.description
    ('pair', (8, 7, 4, 2), 'pair of eights, 7-4-2')
    """

    rank: int
    game: FiveCardGame = field(compare=False)
    category: str = field(compare=False)
    ranks: tuple[int, ...] = field(compare=False)

    @property
    def description(self) -> str:
        """``7-5-4-3-2``, ``pair of eights, 7-4-2``, ``straight 6-5-4-3-2`` ...

        A high-card hand is its ranks in lowball, ``high card A-K-9-5-3`` at high poker.
        """
        top, *rest = self.ranks
        names = "-".join(map(rank_name, self.ranks))
        kickers = "-".join(map(rank_name, rest))
        match self.category:
            case "high card":
                return f"high card {names}" if self.game == "high" else names
            case "pair":
                return f"pair of {_PLURAL[top]}, {kickers}"
            case "two pair":
                return f"two pair, {_PLURAL[top]} and {_PLURAL[rest[0]]}, {rank_name(rest[1])}"
            case "three of a kind":
                return f"three {_PLURAL[top]}, {kickers}"
            case "full house":
                return f"full house, {_PLURAL[top]} full of {_PLURAL[rest[0]]}"
            case "four of a kind":
                return f"four {_PLURAL[top]}, {kickers}"
        return f"{self.category} {names}"  # straight, flush, straight flush

    def __str__(self) -> str:
        return self.description


    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        return rebuilt(self)   # copy and pickle, compiled too (badugi_hh.frozen)


#: The values of the lowballs are five-card values.
LowballValue = FiveCardValue

#: A class of hands: its category's place in :data:`_CATEGORY_ORDER`, and its ranks by
#: significance with the ace as 14 where it plays high.
_Key = tuple[int, tuple[int, ...]]


def _class_of(ranks: Sequence[int], suited: bool, game: FiveCardGame) -> _Key:
    """The category and significant ranks of five cards: the ace high but in A-5,
    straights and flushes counted but in A-5, the wheel a straight at high poker only."""
    values = [14 if game != "a-5" and rank == 1 else rank for rank in ranks]
    counts = Counter(values)
    by_significance = tuple(sorted(counts, key=lambda value: (counts[value], value), reverse=True))
    category = _CATEGORY_BY_COUNTS[tuple(sorted(counts.values(), reverse=True))]
    if game != "a-5" and category == "high card":
        wheel = game == "high" and by_significance == _WHEEL   # 2-7's ace high, no straight
        if wheel:
            by_significance = (5, 4, 3, 2, 1)
        straight = wheel or by_significance[0] - by_significance[4] == 4
        if straight and suited:
            category = "straight flush"
        elif straight:
            category = "straight"
        elif suited:
            category = "flush"
    return _CATEGORY_ORDER.index(category), by_significance


def _best_first(key: _Key, game: FiveCardGame) -> tuple[int, tuple[int, ...]]:
    """A lowball's best class has the weakest high-poker key; high poker's the strongest."""
    if game != "high":
        return key
    category, significance = key
    return -category, tuple(-value for value in significance)


@cache
def _table(game: FiveCardGame) -> tuple[dict[_Key, int], list[FiveCardValue]]:
    """Every value of ``game``, best first, and each class's rank."""
    keys = set()
    for ranks in combinations_with_replacement(range(1, 14), 5):
        if len(set(ranks)) > 1:  # five of a kind would need a fifth suit
            keys.add(_class_of(ranks, False, game))
            if game != "a-5" and len(set(ranks)) == 5:
                keys.add(_class_of(ranks, True, game))
    ordered = sorted(keys, key=lambda key: _best_first(key, game))
    values = [FiveCardValue(rank, game, _CATEGORY_ORDER[category],
                            tuple(1 if value == 14 else value for value in significance))
              for rank, (category, significance) in enumerate(ordered)]
    return {key: rank for rank, key in enumerate(ordered)}, values


def _value(cards: Iterable[Card], game: FiveCardGame) -> FiveCardValue:
    hand = checked_hand(cards, (5,), "high" if game == "high" else f"{game.upper()} lowball")
    rank_by_key, values = _table(game)
    suited = len({card.suit for card in hand}) == 1
    return values[rank_by_key[_class_of([card.rank for card in hand], suited, game)]]


def lowball27_value(cards: Iterable[Card]) -> FiveCardValue:
    """Deuce-to-seven value of five cards: ace high, straights and flushes count against.

    The best hand is 7-5-4-3-2 not all of one suit; A-5-4-3-2 is ace high, not a straight.

    >>> from badugi_hh.cards import parse_cards
    >>> best = lowball27_value(parse_cards("7c 5d 4s 3h 2h"))
    >>> best.rank, best < lowball27_value(parse_cards("8c 5d 4s 3h 2h"))
    (0, True)
    >>> print(lowball27_value(parse_cards("Ac 5d 4s 3h 2h")))
    A-5-4-3-2
    >>> print(lowball27_value(parse_cards("9h 7h 5h 3h 2h")))
    flush 9-7-5-3-2
    """
    return _value(cards, "2-7")


def lowball_a5_value(cards: Iterable[Card]) -> FiveCardValue:
    """Ace-to-five value of five cards: ace low, straights and flushes ignored.

    >>> from badugi_hh.cards import parse_cards
    >>> wheel = lowball_a5_value(parse_cards("Ah 2h 3h 4h 5h"))
    >>> wheel.description, wheel < lowball_a5_value(parse_cards("6c 4d 3s 2h Ah"))
    ('5-4-3-2-A', True)
    """
    return _value(cards, "a-5")


def high_value(cards: Iterable[Card]) -> FiveCardValue:
    """High-poker value of five cards (five-card draw): the ace high, or low in the wheel.

    >>> from badugi_hh.cards import parse_cards
    >>> print(high_value(parse_cards("Kc Kd Ks 9h 9c")))
    full house, kings full of nines
    >>> high_value(parse_cards("Ac Kd 9s 5h 3h")).description
    'high card A-K-9-5-3'
    """
    return _value(cards, "high")
