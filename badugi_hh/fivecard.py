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

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations_with_replacement
from typing import Any, Literal

from badugi_hh.cards import DECK, Card, rank_name
from badugi_hh.frozen import rebuilt

__all__ = ["EvaluationError", "FiveCardClaim", "FiveCardGame", "FiveCardValue", "LowballValue",
           "checked_hand", "claim_fits", "high_value", "lowball27_value", "lowball_a5_value",
           "parse_five_card_description"]


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


# -- what a log says a shown hand is -----------------------------------------------------

#: A stated five-card hand as it is read: its category and the ranks it names, in the
#: order of :attr:`FiveCardValue.ranks` (the grouped ones first), as many as it names.
FiveCardClaim = tuple[str, tuple[int, ...]]

_RANK_WORDS = ("ace", "deuce", "three", "four", "five", "six", "seven", "eight", "nine",
               "ten", "jack", "queen", "king")
#: A rank as descriptions write it, by its text: ``7``, ``T``, ``10``, ``seven``, ``sevens``.
_RANK_OF: dict[str, int] = {
    text: rank for rank, word in enumerate(_RANK_WORDS, start=1)
    for text in (word, _PLURAL[rank], "a23456789tjqk"[rank - 1])
} | {"10": 10, "two": 2, "twos": 2, "trey": 3, "treys": 3}
_RANK = "(?:" + "|".join(sorted(_RANK_OF, key=len, reverse=True)) + ")"
_RANKS = rf"{_RANK}(?:(?:\s*[-,]\s*|\s+){_RANK})*"
#: A high card's ranks are singular: a plural alone (``Kings``, ``two sixes``) names a pair
#: or more without saying which, and is not read (so not judged).
_SINGLE_RANK = "(?:" + "|".join(sorted(set(_RANK_OF) - set(_PLURAL.values()) - {"twos", "treys"},
                                       key=len, reverse=True)) + ")"
_SINGLE_RANKS = rf"{_SINGLE_RANK}(?:(?:\s*[-,]\s*|\s+){_SINGLE_RANK})*"
_PLURAL_RANK = "(?:" + "|".join(sorted(set(_PLURAL.values()) | {"twos", "treys"}, key=len,
                                       reverse=True)) + ")"
_SEP = r"[\s,]*"
#: Ranks with no category (``7-5-4-3-2``, PokerStars' ``Lo: 8,7,6,6,2``): each card's rank,
#: so a repeated rank is a pair or more, as in the hand (:func:`_claim_of_ranks_alone`).
_RANKS_ALONE = "ranks alone"
#: Each category's words, tried in this order, the named groups giving its ranks by
#: significance (``a``, then ``b`` and ``c``): this project's, and what sites write
#: (``straight, Seven high`` and ``a straight, Four to Eight``; ``TWO_PAIR ACE, JACK``;
#: ``High card : King``; ``J-high``, ``seven-five low``).
_CATEGORY_WORDS: tuple[tuple[str, str], ...] = (
    *((category, pattern) for category in ("straight flush", "straight", "flush")
      for pattern in (rf"{category}{_SEP}(?P<a>{_RANKS})",
                      rf"{category}{_SEP}(?P<a>{_RANK})[\s-]*high",
                      rf"{category}{_SEP}{_RANK}\s+to\s+(?P<a>{_RANK})",
                      category)),
    ("straight flush", "royal flush"),
    ("full house", rf"full(?: house)?{_SEP}(?:(?P<a>{_RANK})"
                   rf"(?:\s*(?:full of|full|and|over|,)\s*(?P<b>{_RANK}))?)?"),
    ("full house", rf"(?P<a>{_RANK})\s+full of\s+(?P<b>{_RANK})"),
    ("four of a kind", rf"(?:four of a kind|quads)(?:{_SEP}of)?{_SEP}"
                       rf"(?:(?P<a>{_RANK})(?:{_SEP}(?P<b>{_RANKS}))?)?"),
    ("four of a kind", rf"four\s+(?P<a>{_PLURAL_RANK})(?:{_SEP}(?P<b>{_RANKS}))?"),
    ("three of a kind", rf"(?:three of a kind|trips|set)(?:{_SEP}of)?{_SEP}"
                        rf"(?:(?P<a>{_RANK})(?:{_SEP}(?P<b>{_RANKS}))?)?"),
    ("three of a kind", rf"three\s+(?P<a>{_PLURAL_RANK})(?:{_SEP}(?P<b>{_RANKS}))?"),
    ("two pair", rf"two pairs?(?:{_SEP}of)?{_SEP}(?:(?P<a>{_RANK})(?:\s*(?:and|&|,)\s*|\s+)"
                 rf"(?P<b>{_RANK})(?:{_SEP}(?P<c>{_RANKS}))?)?"),
    ("pair", rf"(?:one )?pair(?:{_SEP}of)?{_SEP}(?:(?P<a>{_RANK})(?:{_SEP}(?P<b>{_RANKS}))?)?"),
    ("high card", rf"(?:high card|no pair){_SEP}(?P<a>{_SINGLE_RANKS})?"),
    # the house's "<category> of <rank>s, <ranks>" with the high card's rank in the plural
    ("high card", rf"(?:high card|no pair){_SEP}of{_SEP}(?P<a>{_RANK})(?:{_SEP}(?P<b>{_RANKS}))?"),
    ("high card", rf"(?P<a>{_SINGLE_RANKS})[\s-]*high"),
    (_RANKS_ALONE, rf"(?P<a>{_SINGLE_RANKS})(?:[\s-]*low)?"),
)
_CATEGORY_PATTERNS = tuple((category, re.compile(pattern)) for category, pattern in _CATEGORY_WORDS)
#: How many ranks of each category are its groups (a pair's, a full house's two).
_GROUPS = {"pair": 1, "two pair": 2, "three of a kind": 1, "full house": 2, "four of a kind": 1}
#: What a description may start with: a site's ``Lo:`` (PokerStars), an article (not an
#: ace: ``A K Q J 9``).
_LEAD = re.compile(r"(?:(?:lo|hi)\s*:\s*)?(?:(?:a|an)\s+(?=[a-z]{2}))?")


def parse_five_card_description(text: str) -> FiveCardClaim | None:
    """What a description says a five-card hand is, or None where it cannot be read.

    Reads this project's words (:attr:`FiveCardValue.description`) and the sites':

    >>> parse_five_card_description("pair of eights, 7-4-2")
    ('pair', (8, 7, 4, 2))
    >>> parse_five_card_description("Lo: a straight, Four to Eight")
    ('straight', (8,))
    >>> parse_five_card_description("TWO_PAIR ACE, JACK"), parse_five_card_description("J-high")
    (('two pair', (1, 11)), ('high card', (11,)))
    >>> parse_five_card_description("seven-five low"), parse_five_card_description("full house")
    (('high card', (7, 5)), ('full house', ()))
    >>> parse_five_card_description("badugi 4-3-2-A") is None
    True
    >>> parse_five_card_description("Kings"), parse_five_card_description("two sixes")
    (None, None)
    """
    words = " ".join(text.lower().replace("_", " ").replace(":", " : ").split())
    words = _LEAD.sub("", words, count=1).replace(" :", "")
    for category, pattern in _CATEGORY_PATTERNS:
        found = pattern.fullmatch(words)
        if found is None:
            continue
        ranks = tuple(_RANK_OF[token] for group in ("a", "b", "c")
                      if group in pattern.groupindex and found[group]
                      for token in re.split(r"\s*[-,]\s*|\s+", found[group]))
        if category == _RANKS_ALONE:
            return _claim_of_ranks_alone(ranks)
        # A category without groups and a rank named twice (``high card 7-7-5-3-2``)
        # is read as written: no hand has it, so whatever the hand is, it is not that.
        return category, ranks
    return None


#: The category that ranks alone name, by how often their repeated ranks come
#: (``8-8-7-4-2``: one twice, a pair).
_CATEGORY_BY_REPEATS = {
    (): "high card", (2,): "pair", (2, 2): "two pair", (3,): "three of a kind",
    (3, 2): "full house", (4,): "four of a kind",
}
#: What ranks alone claim where they name no five-card hand: more than five cards, or
#: repeats no five cards make (``7-7-7-7-7``, ``8-8-5-5-2-2``). No value has this category.
_NO_FIVE_CARD_HAND = "no five-card hand"


def _claim_of_ranks_alone(ranks: tuple[int, ...]) -> FiveCardClaim:
    """Ranks with no category read as the cards' ranks: ranks all different are a hand
    with no pair (``7-5-4-3-2``); a repeated rank is a pair or more, grouped as a value
    groups its ranks (``7-6-4-3-3`` is a pair of threes, 7-6-4), so the words fit a hand
    that has that pair and not one that has none.

    >>> _claim_of_ranks_alone((7, 6, 4, 3, 3)), _claim_of_ranks_alone((10, 8, 10, 6, 4))
    (('pair', (3, 7, 6, 4)), ('pair', (10, 8, 6, 4)))
    >>> _claim_of_ranks_alone((1, 2, 6, 5, 4, 3, 1))[0]
    'no five-card hand'
    """
    counts = Counter(ranks)
    repeats = tuple(sorted((count for count in counts.values() if count > 1), reverse=True))
    category = _CATEGORY_BY_REPEATS.get(repeats) if len(ranks) <= 5 else None
    if category is None:
        return _NO_FIVE_CARD_HAND, ranks
    # the grouped ranks first, the most often named first (a full house's three), as
    # FiveCardValue.ranks orders them; the rest in the order written, which may be any
    by_group = tuple(sorted(counts, key=lambda rank: counts[rank], reverse=True))
    return category, by_group


def claim_fits(claim: FiveCardClaim, value: FiveCardValue) -> bool:
    """Whether ``value`` is what ``claim`` says, as far as it says it: its category, its
    groups (two pairs in either order), then its other ranks: all of them, or the highest
    ones, in any order.

    >>> from badugi_hh.cards import parse_cards
    >>> value = lowball27_value(parse_cards("Qd Qc Jd 3h 2d"))
    >>> claim_fits(("pair", (12,)), value), claim_fits(("high card", (11,)), value)
    (True, False)
    """
    category, ranks = claim
    if category != value.category:
        return False
    groups = _GROUPS.get(category, 0)
    head, tail = ranks[:groups], ranks[groups:]
    held_head, held_tail = value.ranks[:groups], value.ranks[groups:]
    if sorted(head) != sorted(held_head[:len(head)]) or (
            category != "two pair" and head != held_head[:len(head)]):
        return False
    # the ranks named are the highest, in whatever order: "7-5 low" and "5-7 low" alike
    return sorted(tail) == sorted(held_tail[:len(tail)])
