"""Hands that break one rule of the result each: descriptions, the pot and its halves.

Each fault is a :class:`~._hand.HandPlay` that overrides one small method (E1-E4,
X2, S1-S4, M3, X3). :mod:`._faults` plays them.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence

from badugi_hh.cards import Card, rank_name
from badugi_hh.evaluate import BadugiValue, LowballValue, badugi_value
from badugi_hh.events import Cards, Check
from badugi_hh.simulate._games import HalfValue, Lowball
from badugi_hh.simulate._hand import HandPlay
from badugi_hh.simulate._play_faults import WORKED_EXAMPLES, Fault, describe_badugi
from badugi_hh.simulate._table import Pot, Table, stacked_deck
# -- E and X2: descriptions ---------------------------------------------------------------

Misdescription = Callable[[random.Random, Sequence[Card], BadugiValue],
                          tuple[Sequence[Card], str] | None]


class WrongDescription(Fault):
    """E1-E4: a shown hand's Badugi value is described wrongly, as ``misdescribe`` words it."""

    def __init__(self, table: Table, misdescribe: Misdescription) -> None:
        super().__init__(table)
        self.misdescribe = misdescribe

    def shown(self, player: str, cards: Sequence[Card]) -> tuple[Cards, str | None]:
        wrong = None
        if (not self.applied and len(cards) == self.rules.hand_size
                and frozenset(cards) not in WORKED_EXAMPLES):
            wrong = self.misdescribe(self.rng, cards, badugi_value(cards))
        if wrong is None:
            return super().shown(player, cards)
        self.applied = True
        shown, words = wrong
        return tuple(shown), self.game.describe(cards, badugi_words=words)


def wrong_size(rng: random.Random, cards: Sequence[Card],
                value: BadugiValue) -> tuple[Sequence[Card], str]:
    """E1: a badugi called a three-card hand, or a smaller hand one card bigger."""
    if value.size == 4:
        return cards, describe_badugi(3, value.ranks[1:])
    extra = min(set(range(1, 14)) - set(value.ranks))
    return cards, describe_badugi(value.size + 1, (*value.ranks, extra))


def _nearest_missing(held: set[int], top: int, height: Callable[[int], int] = int) -> int:
    """The rank not held that is nearest to ``top`` (the lower one on a tie)."""
    return min((r for r in range(1, 14) if r not in held),
               key=lambda r: (abs(height(r) - height(top)), height(r)))


def wrong_ranks(rng: random.Random, cards: Sequence[Card],
                 value: BadugiValue) -> tuple[Sequence[Card], str]:
    """E2: the right size, but the top card read as a rank the hand does not hold."""
    misread = _nearest_missing({card.rank for card in cards}, value.ranks[0])
    return cards, describe_badugi(value.size, (misread, *value.ranks[1:]))


def poker_words(rng: random.Random, cards: Sequence[Card],
                 value: BadugiValue) -> tuple[Sequence[Card], str]:
    """E3: the hand described as a high-poker hand."""
    ranks = sorted((card.rank for card in cards), reverse=True)
    pairs = [r for r in ranks if ranks.count(r) > 1]
    if pairs:
        return cards, f"a pair of {rank_name(pairs[0])}s"
    return cards, f"{rank_name(ranks[0])} high"


def _greedy_reading(cards: Sequence[Card]) -> tuple[int, tuple[int, ...]]:
    """Dropping each card that repeats a rank or suit of one kept, in the order shown."""
    kept: list[Card] = []
    for card in cards:
        if len(kept) < 4 and all(card.rank != k.rank and card.suit != k.suit for k in kept):
            kept.append(card)
    return len(kept), tuple(sorted((card.rank for card in kept), reverse=True))


def mechanical(rng: random.Random, cards: Sequence[Card],
                value: BadugiValue) -> tuple[Sequence[Card], str] | None:
    """E4: the cards shown in an order whose card-by-card reading misses the best subset."""
    orders = list(itertools.permutations(cards))
    rng.shuffle(orders)
    for order in orders:
        size, ranks = _greedy_reading(order)
        if (size, ranks) != (value.size, value.ranks):
            return order, describe_badugi(size, ranks)
    return None


class WrongLowball(Fault):
    """X2: in a split game a shown hand's lowball value is read with a wrong top card."""

    def shown(self, player: str, cards: Sequence[Card]) -> tuple[Cards, str | None]:
        lowball = self.game.lowball
        if (self.applied or not isinstance(lowball, Lowball)
                or len(cards) != self.rules.hand_size):
            return super().shown(player, cards)
        value = lowball.value(cards)
        if value.category != "high card":
            return super().shown(player, cards)
        self.applied = True
        return tuple(cards), self.game.describe(cards, lowball_words=_misread_low(value, lowball))


def _misread_low(value: LowballValue, lowball: Lowball) -> str:
    """Five different ranks with the top one swapped for the nearest rank not held."""
    def height(rank: int) -> int:
        return 14 if lowball.ace_high and rank == 1 else rank

    misread = _nearest_missing(set(value.ranks), value.ranks[0], height)
    ranks = sorted((misread, *value.ranks[1:]), key=height, reverse=True)
    return "-".join(map(rank_name, ranks))


# -- S, M and X3: the pot ---------------------------------------------------------------------

class WorseHandWins(Fault):
    """S1: at a showdown with one pot, the pot (or a split game's half) one hand wins
    goes to another. (With side pots the mistake is M3's.)"""

    pot_count = 0

    def pots(self) -> list[Pot]:
        pots = super().pots()
        self.pot_count = len(pots)
        return pots

    def best(self, contenders: list[str], values: dict[str, dict[str, HalfValue]],
             half: str) -> list[str]:
        winners = super().best(contenders, values, half)
        others = [p for p in contenders if p not in winners
                  and (half != self.game.halves[0] or not self.game.split
                       or self.qualifies(values[p][half]))]
        if self.applied or self.pot_count != 1 or len(winners) != 1 or not others:
            return winners
        self.applied = True
        return [others[0]]


class TieSplitUnevenly(Fault):
    """S2: two players get hands of the same ranks, and a tie's chips are shared wrongly."""

    def shuffled_deck(self) -> list[Card]:
        size = self.rules.hand_size
        ranks = self.rng.sample(range(1, 10), size)
        suits = self.rng.sample(range(4), 4) + [self.rng.randrange(4)] * (size - 4)
        turn = self.rng.randint(1, 3)   # a different suit for every card: no card twice
        first = [Card.of(rank, suit) for rank, suit in zip(ranks, suits, strict=True)]
        second = [Card.of(rank, (suit + turn) % 4) for rank, suit in zip(ranks, suits, strict=True)]
        return stacked_deck(self.rng, [first, second], len(self.table.seats))

    def shares(self, amount: int, winners: list[str]) -> list[tuple[str, int]]:
        shares = super().shares(amount, winners)
        if self.applied or len(shares) < 2 or amount < 2:
            return shares
        self.applied = True
        (first, most), *middle, (last, least) = shares
        return [(first, most - 1), *middle, (last, least + 1)]


class WrongReturn(Fault):
    """S3: after a fold, one chip more than the uncalled bet is returned (and won less)."""

    def uncovered(self) -> tuple[str, int]:
        top, amount = super().uncovered()
        if self.applied or not self.hand_won() or not amount:
            return top, amount
        self.applied = True
        return top, amount + 1


class PlayAfterFold(Fault):
    """S4: the winner checks after the last fold ended the hand."""

    def end_after_fold(self) -> None:
        self.emit(Check, player=self.live()[0])
        self.applied = True
        super().end_after_fold()


class WrongBigBlind(Fault):
    """M1 (multiway): the big blind is posted by the third player left of the button."""

    def blind_posters(self) -> tuple[str, str]:
        small, _ = super().blind_posters()
        self.applied = True
        return small, self.clockwise_after(self.button)[2]


class SidePotToAllIn(Fault):
    """M3 (multiway): a side pot is paid as if the all-in player had covered it."""

    def pots(self) -> list[Pot]:
        pots = super().pots()
        self.main_eligible = pots[0].eligible
        return pots

    def pot_awards(self, pot: Pot, values: dict[str, dict[str, HalfValue]],
                   ) -> list[tuple[str, int, str]]:
        awards = super().pot_awards(pot, values)
        if self.applied or not pot.name.startswith("side"):
            return awards
        wide = super().pot_awards(Pot(pot.amount, self.main_eligible, pot.name), values)
        if _totals(wide) == _totals(awards):
            return awards
        self.applied = True
        return wide


def _totals(awards: list[tuple[str, int, str]]) -> dict[str, int]:
    totals: dict[str, int] = {}
    for player, amount, _ in awards:
        totals[player] = totals.get(player, 0) + amount
    return totals


class UnevenHalves(Fault):
    """X3: a split pot whose halves go to different players is cut one chip off half."""

    def halves(self, pot: Pot, contenders: list[str],
               values: dict[str, dict[str, HalfValue]]) -> list[tuple[str, int]]:
        halves = super().halves(pot, contenders, values)
        if self.applied or len(halves) != 2 or halves[1][1] < 2:
            return halves
        winners = [set(HandPlay.best(self, contenders, values, half)) for half, _ in halves]
        if winners[0] == winners[1]:
            return halves
        self.applied = True
        (badugi, more), (lowball, less) = halves
        return [(badugi, more + 1), (lowball, less - 1)]
