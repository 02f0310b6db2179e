"""Hand values: Badugi (rules E1-E4), and the five-card values of :mod:`badugi_hh.fivecard`.

Every value has an integer ``rank`` where **lower is better**, as in lowball:
``0`` is the best hand, two hands are of equal value exactly when their ranks
are equal, and ``a < b`` reads "a beats b".

>>> from badugi_hh.cards import parse_cards
>>> wheel = badugi_value(parse_cards("As 2h 3d 4c"))
>>> wheel
BadugiValue(rank=0, size=4, ranks=(4, 3, 2, 1))
>>> print(wheel)
badugi 4-3-2-A
>>> three = badugi_value(parse_cards("As 2h 3d Kd"))   # two diamonds (E5)
>>> three.description, wheel < three
('3-card 3-2-A', True)
>>> badugi_rank(parse_cards("Ah 2c 3s 7d")), badugi_rank(parse_cards("7d 3s 2c Ah"))
(15, 15)

Five cards (Badeucy, Badacey) count their best four (X4):

>>> print(badugi_value(parse_cards("As 2h 3d Kd 4c")))
badugi 4-3-2-A

Ranks are written as players say them: ``A``, ``2`` ... ``10``, ``J``, ``Q``,
``K`` (:func:`~badugi_hh.cards.rank_name`), so a ten reads ``badugi 10-7-4-2``;
:func:`parse_description` also reads ``T`` and the site formats:

>>> parse_description("Badugi: T,7,4,2"), parse_description("3-Card: 7, 2, A")
((4, (10, 7, 4, 2)), (3, (7, 2, 1)))

Speed. :func:`badugi_rank` is one dictionary lookup keyed by the 52-bit mask
of the four cards: about 1.2 million calls/s on tuples of Card in random
order (2 million on plain ints; CPython 3.11, one core of the machine this was
written on), against about 20,000/s for :func:`brute_force_value`. A hand not
in the table yet is worked out from its shape (~10 µs) and added; once the
hands worked out have cost what building the whole table does (about 0.1 s for
all 270,725 hands, ~20 MB), the rest is built at once. So a short import pays
for the hands it meets, a long one for the table once; importing
this module builds nothing and takes about 25 ms, most of it ``typing`` and
``dataclasses``. ``python -m badugi_hh.bench`` measures all of this again.

The five-card values (2-7 and A-5 lowball, high poker) have the same shape and
are imported from here too:

>>> print(lowball27_value(parse_cards("7c 5d 4s 3h 2h")))
7-5-4-3-2
>>> high_value(parse_cards("Ac Ad 9s 5h 3h")).description
'pair of aces, 9-5-3'
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import accumulate, combinations, combinations_with_replacement, pairwise, product
from typing import Any, Final

from badugi_hh.cards import RANKS, Card, rank_name
from badugi_hh.fivecard import (
    EvaluationError, FiveCardGame, FiveCardValue, LowballValue, checked_hand, high_value,
    lowball27_value, lowball_a5_value,
)
from badugi_hh.frozen import rebuilt

__all__ = [
    "BadugiValue", "EvaluationError", "FiveCardGame", "FiveCardValue", "LowballValue",
    "badugi_rank", "badugi_value", "brute_force_value", "fill_rank_table", "high_value",
    "lowball27_value", "lowball_a5_value", "parse_description", "shown_badugi_value",
]


# -- Badugi --------------------------------------------------------------------


@dataclass(frozen=True, slots=True, order=True)
class BadugiValue:
    """The value of a Badugi hand; compares by ``rank``, so ``a < b`` means a beats b.

    ``size`` is the number of usable cards (4 for a badugi) and ``ranks`` their
    ranks, highest first, ace = 1. Ranks 0-714 are badugis, 715-1000 three-card,
    1001-1078 two-card and 1079-1091 one-card hands. Suits and left-out cards
    play no part (E4):

    >>> from badugi_hh.cards import parse_cards
    >>> a = badugi_value(parse_cards("Ah 2c 3d 2h"))
    >>> b = badugi_value(parse_cards("As 2d 3c 3h"))
    >>> a == b, a.size, a.ranks, a.description
    (True, 3, (3, 2, 1), '3-card 3-2-A')
    """

    rank: int
    size: int = field(compare=False)
    ranks: tuple[int, ...] = field(compare=False)

    @property
    def description(self) -> str:
        """``badugi 4-3-2-A``, ``3-card 8-7-6``, ``2-card 5-A`` or ``1-card A``."""
        kind = "badugi" if self.size == 4 else f"{self.size}-card"
        return f"{kind} {'-'.join(map(rank_name, self.ranks))}"

    def __str__(self) -> str:
        return self.description

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        return rebuilt(self)   # copy and pickle, compiled too (badugi_hh.frozen)


def _all_badugi_values() -> tuple[BadugiValue, ...]:
    """Every Badugi value, best first: more cards first (E1), then lower ranks (E2).

    Within a size, descending rank tuples in increasing order put 4-3-2-A
    before 5-3-2-A before 5-4-2-A: the first difference from the top decides.
    """
    keys = [(size, descending)
            for size in (4, 3, 2, 1)
            for descending in sorted(tuple(reversed(low_first))
                                     for low_first in combinations(range(1, 14), size))]
    return tuple(BadugiValue(rank, size, ranks) for rank, (size, ranks) in enumerate(keys))


#: All 1,092 values (715 badugis, 286 three-card, 78 two-card, 13 one-card hands).
_VALUES: Final = _all_badugi_values()
_VALUE_BY_KEY = {(value.size, value.ranks): value for value in _VALUES}


def _best_subset(hand: Sequence[Card]) -> tuple[Card, ...]:
    """The cards that count, by trying every subset (E1, E2, E4)."""
    def badness(subset: tuple[Card, ...]) -> tuple[int, list[int]]:
        return -len(subset), sorted((card.rank for card in subset), reverse=True)

    usable = (subset
              for size in range(1, 5)
              for subset in combinations(hand, size)
              if len({card.rank for card in subset}) == size == len({card.suit for card in subset}))
    return min(usable, key=badness)


def brute_force_value(cards: Iterable[Card]) -> BadugiValue:
    """The value of 4 or 5 cards by the definition, trying every subset (E1-E4).

    About 60 times slower than :func:`badugi_rank`: the reference that builds
    its table and the baseline of ``python -m badugi_hh.bench``.

    >>> from badugi_hh.cards import parse_cards
    >>> print(brute_force_value(parse_cards("As Ah 2s 5s")))
    2-card 2-A
    """
    return _value_of_best_subset(cards, (4, 5))


def _value_of_best_subset(cards: Iterable[Card], sizes: tuple[int, ...]) -> BadugiValue:
    """The value of the best subset of ``cards``, which must be as many as ``sizes`` allows."""
    best = _best_subset(checked_hand(cards, sizes, "badugi"))
    return _VALUE_BY_KEY[len(best), tuple(sorted((card.rank for card in best), reverse=True))]


def shown_badugi_value(cards: Iterable[Card]) -> BadugiValue:
    """The value of the cards a Badugi hand shows, one to five of them: the best subset of
    those alone, as PokerKit judges a hand shown in part (``Ruleset.partial_show_judged``).

    >>> from badugi_hh.cards import parse_cards
    >>> print(shown_badugi_value(parse_cards("2c")), shown_badugi_value(parse_cards("Kc Kd 3h")))
    1-card 2 2-card K-3
    """
    return _value_of_best_subset(cards, (1, 2, 3, 4, 5))


#: rank of each four-card hand worked out so far, keyed by ``sum(1 << card)``.
_RANK_BY_MASK: Final[dict[int, int]] = {}
_BUILD_LOCK = threading.Lock()
#: ``1 << card``; indexing beats shifting a :class:`Card` by ~5 % (bit 52: the joker).
_BIT: Final = tuple(1 << card for card in range(53))
#: The number of four-card hands: the size of the whole table.
_ALL_FOURS: Final = 270_725
#: Hands worked out one by one (~10 µs each, compiled) before the rest of the table is
#: built at once (~0.13 s compiled, about as much): a short import meets few hands, a
#: long one most of them.
_WHOLE_TABLE_AFTER: Final = 16_000

# Four cards sorted by index are sorted by rank. Which positions of such a hand
# make its best subset depends only on its *shape* -- which neighbours share a
# rank, and each card's suit -- because comparing two subsets only ever asks
# whether one position's rank is lower than another's. So the slow definition
# runs once per shape (613 of them) and each of the 270,725 hands costs only
# its mask: building the table takes ~0.1 s instead of ~14 s.
_Pattern = tuple[bool, ...]             # (r0 == r1, r1 == r2, r2 == r3)
_Suits = tuple[int, ...]
#: The best positions of each shape met so far, keyed by its pattern and its suits in one
#: tuple.
_POSITIONS_BY_SHAPE: Final[dict[tuple[bool | int, ...], tuple[int, ...]]] = {}


def _positions_by_shape() -> dict[_Pattern, dict[tuple[int, ...], list[_Suits]]]:
    """For each rank-equality pattern: best positions -> the suit tuples that choose them."""
    shapes: dict[_Pattern, dict[tuple[int, ...], list[_Suits]]] = {}
    for pattern in product((False, True), repeat=3):
        example_ranks = list(accumulate((0 if same else 1 for same in pattern), initial=1))
        groups: dict[tuple[int, ...], list[_Suits]] = {}
        for suits in product(range(4), repeat=4):
            if any(same and left >= right
                   for same, (left, right) in zip(pattern, pairwise(suits), strict=True)):
                continue  # equal ranks in index order need increasing suits
            hand = tuple(Card.of(rank, suit) for rank, suit in zip(example_ranks, suits, strict=True))
            positions = tuple(hand.index(card) for card in _best_subset(hand))
            groups.setdefault(positions, []).append(suits)
        shapes[pattern] = groups
    return shapes


def _build_rank_table() -> dict[int, int]:
    """The rank of each of the 270,725 four-card hands, keyed by card mask."""
    shapes = _positions_by_shape()
    table: dict[int, int] = {}
    for ranks in combinations_with_replacement(range(1, 14), 4):
        groups = shapes[tuple(low == high for low, high in pairwise(ranks))]
        b0, b1, b2, b3 = ((rank - 1) * 4 for rank in ranks)  # each rank's spade
        for positions, suit_tuples in groups.items():
            counted = tuple(sorted((ranks[i] for i in positions), reverse=True))
            rank = _VALUE_BY_KEY[len(positions), counted].rank
            for s0, s1, s2, s3 in suit_tuples:
                table[1 << (b0 + s0) | 1 << (b1 + s1) | 1 << (b2 + s2) | 1 << (b3 + s3)] = rank
    return table


def _four_card_rank(four: Sequence[Card]) -> int:
    """The rank of four different cards (checked already): from the table, or worked
    out from the hand's shape and added to it."""
    mask = _BIT[four[0]] | _BIT[four[1]] | _BIT[four[2]] | _BIT[four[3]]
    rank = _RANK_BY_MASK.get(mask)
    if rank is not None:
        return rank
    hand = sorted(four)
    r0, r1, r2, r3 = ranks = [card // 4 + 1 for card in hand]   # Card.rank, without its call
    shape = (r0 == r1, r1 == r2, r2 == r3, *(card % 4 for card in hand))
    positions = _POSITIONS_BY_SHAPE.get(shape)
    if positions is None:
        positions = tuple(hand.index(card) for card in _best_subset(hand))
        _POSITIONS_BY_SHAPE[shape] = positions
    counted = tuple(sorted((ranks[i] for i in positions), reverse=True))
    rank = _VALUE_BY_KEY[len(positions), counted].rank
    _RANK_BY_MASK[mask] = rank
    if len(_RANK_BY_MASK) >= _WHOLE_TABLE_AFTER:
        fill_rank_table()
    return rank


def fill_rank_table() -> None:
    """Fill :data:`_RANK_BY_MASK` with every hand, once, while other callers wait: done
    after 16,000 hands worked out one by one, or at once by whoever times the lookups."""
    with _BUILD_LOCK:
        if len(_RANK_BY_MASK) < _ALL_FOURS:
            _RANK_BY_MASK.update(_build_rank_table())


def badugi_rank(cards: Sequence[Card]) -> int:
    """The rank of a Badugi hand (0 = 4-3-2-A, lower is better): one table lookup.

    Made for speed on four cards; five cards and bad hands take the slow path
    of :func:`badugi_value`, which raises :class:`EvaluationError`.

    >>> from badugi_hh.cards import parse_cards
    >>> badugi_rank(parse_cards("As 2h 3d 4c")), badugi_rank(parse_cards("Ks Kh Kd Kc"))
    (0, 1091)
    >>> badugi_rank(parse_cards("As 2h 3d As"))
    Traceback (most recent call last):
    ...
    badugi_hh.fivecard.EvaluationError: As appears twice
    """
    try:
        a, b, c, d = cards
        return _RANK_BY_MASK[_BIT[a] | _BIT[b] | _BIT[c] | _BIT[d]]
    except (ValueError, TypeError, LookupError):  # not 4 cards, not cards, or not met yet
        return badugi_value(cards).rank


def badugi_value(cards: Iterable[Card]) -> BadugiValue:
    """The value of 4 cards, or of the best 4 of 5 (Badeucy, Badacey: X4).

    >>> from badugi_hh.cards import parse_cards
    >>> badugi_value(parse_cards("6s 7h 7d 8c")).description   # E5
    '3-card 8-7-6'
    >>> badugi_value(parse_cards("As 2h 3d"))
    Traceback (most recent call last):
    ...
    badugi_hh.fivecard.EvaluationError: badugi hands have 4 or 5 cards, got 3
    """
    if not isinstance(cards, (tuple, list)):
        cards = tuple(cards)   # unpacking below must not use up an iterator
    try:   # the common case, four good cards: one lookup, as in badugi_rank
        a, b, c, d = cards
        return _VALUES[_RANK_BY_MASK[_BIT[a] | _BIT[b] | _BIT[c] | _BIT[d]]]
    except (ValueError, TypeError, LookupError):
        pass   # five cards, bad cards, or a hand not met yet
    hand = checked_hand(cards, (4, 5), "badugi")
    return _VALUES[min(_four_card_rank(four) for four in combinations(hand, 4))]


_RANK_BY_NAME = {name.lower(): rank for rank, name in enumerate(RANKS, start=1)} | {"10": 10}
#: How many usable cards a stated ``N-card`` names, in figures or in words (``three-card``).
_SIZE_BY_NAME = {str(size): size for size in range(1, 5)} | {
    word: size for size, word in enumerate(("one", "two", "three", "four"), start=1)}
_DESCRIPTION = re.compile(
    r"\s*(?:(?:(?P<badugi>badugi)|(?P<size>[1-4]|one|two|three|four)[-\s]?card)\s*:?\s*)?"
    r"(?P<ranks>(?:10|[a2-9tjqk])(?:\s*[-,\s]\s*(?:10|[a2-9tjqk]))*)\s*",
    re.IGNORECASE)


def parse_description(text: str) -> tuple[int, tuple[int, ...]] | None:
    """A stated Badugi hand as ``(size, ranks highest first)``, or None if it is not one.

    Reads ``badugi 9-7-4-2`` and ``3-card 8-7-6`` (this project), PokerStars'
    ``Badugi: T,8,7,5`` and Full Tilt's ``3-Card: 7, 2, A``, ranks in any order.
    The size may be a word (``three-card 3-2-A``) or left out: ranks alone
    (``4-3-2-A``, ``A-2-3``) state as many usable cards as they name.

    >>> parse_description("2-card A-5"), parse_description("badugi 10-7-4-2")
    ((2, (5, 1)), (4, (10, 7, 4, 2)))
    >>> parse_description("A-2-3"), parse_description("three-card 3-2-A")
    ((3, (3, 2, 1)), (3, (3, 2, 1)))
    >>> parse_description("a pair of kings") is None, parse_description("3-card: 7,7,2") is None
    (True, True)
    """
    match = _DESCRIPTION.fullmatch(text)
    if match is None:
        return None
    ranks = sorted((_RANK_BY_NAME[token.lower()] for token in re.split(r"[-,\s]+", match["ranks"])),
                   reverse=True)
    if match["badugi"]:
        size = 4
    elif match["size"]:
        size = _SIZE_BY_NAME[match["size"].lower()]
    else:
        size = len(ranks)   # ranks alone: a Badugi hand has at most four usable cards
    if len(ranks) != size or len(set(ranks)) != size or size > 4:
        return None
    return size, tuple(ranks)
