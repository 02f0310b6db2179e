"""What the simulated players know of each game: values, descriptions, what to keep.

The simulator values hands with :mod:`badugi_hh.evaluate` (the definitions of
E1-E4 and X2, each checked against them exhaustively), never with the engine;
the registry (:mod:`badugi_hh.games`) tells it each game's hand size and draws.
A game is a :class:`Game`: which halves a showdown has, how a shown hand is
described, which cards a player keeps and how strong he thinks his hand is.

>>> from badugi_hh.cards import parse_cards
>>> badeucy = GAMES["badeucy"]
>>> badeucy.halves, badeucy.hand_size
(('badugi', '2-7'), 5)
>>> badeucy.describe(parse_cards("As 2h 3d 4c 7s"))
'badugi 4-3-2-A; 2-7 A-7-4-3-2'
>>> GAMES["27td"].describe(parse_cards("7c 5d 4s 3h 2h"))
'7-5-4-3-2'
>>> GAMES["5cd"].keep(parse_cards("Kc Kd 9s 5h 3h")), GAMES["5cd"].halves
([Kc, Kd], ('high',))
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import cast

from collections import Counter

from badugi_hh.cards import Card, parse_cards
from badugi_hh.evaluate import (
    BadugiValue, FiveCardValue, badugi_value, high_value, lowball27_value, lowball_a5_value,
)
from badugi_hh.games import GAMES as REGISTRY, Game as RegistryGame, GameId
from badugi_hh.rules import HOUSE, Ruleset, Structure

__all__ = ["GAMES", "Game", "HighHand", "Lowball", "best_subset", "hand_strength",
           "table_rules"]

#: A value of one half of a showdown: lower ``rank`` is better.
HalfValue = BadugiValue | FiveCardValue
#: How low a kept card may be: the highest rank a lowball player keeps (ace high in 2-7).
LOW_ENOUGH = 8


def best_subset(cards: Sequence[Card]) -> tuple[Card, ...]:
    """The cards a Badugi player keeps: the largest set with no repeated rank or suit.

    Of the sets of that size, the one with the lowest ranks, compared from the top.

    >>> best_subset(parse_cards("As 2h 3d Kd"))
    (As, 2h, 3d)
    """
    for size in range(min(4, len(cards)), 0, -1):
        usable = [subset for subset in itertools.combinations(cards, size)
                  if len({c.rank for c in subset}) == size == len({c.suit for c in subset})]
        if usable:
            return min(usable, key=lambda subset: sorted((c.rank for c in subset), reverse=True))
    return ()


def hand_strength(cards: Sequence[Card]) -> float:
    """How good a Badugi hand is, from 0 (nothing) to 1 (4-3-2-A): what the players bet on.

    Any badugi is worth more than any three-card hand, and so on down (E1);
    within a size, the lower the top card the better (E2).

    >>> hands = ("As 2h 3d 4c", "Ks Qh Jd Tc", "As 2h 3d Kd")
    >>> [round(hand_strength(parse_cards(h)), 2) for h in hands]
    [1.0, 0.7, 0.65]
    """
    if len(cards) not in (4, 5):
        return 0.0   # a hand short of cards: only a log that breaks D2 deals one
    value = badugi_value(cards)
    floor, span = {4: (0.7, 0.3), 3: (0.3, 0.35), 2: (0.05, 0.2), 1: (0.0, 0.05)}[value.size]
    return floor + span * (13 - value.ranks[0]) / (13 - value.size)


@dataclass(frozen=True, slots=True)
class Lowball:
    """A five-card lowball: its evaluator, its name in descriptions, where the ace plays."""

    name: str                                   # "2-7" or "A-5"
    value: Callable[[Sequence[Card]], FiveCardValue]
    ace_high: bool
    best_top: int                               # the top card of the best hand

    def height(self, card: Card) -> int:
        """The card's rank as this lowball counts it: the ace is 14 in 2-7."""
        return 14 if self.ace_high and card.rank == 1 else card.rank

    def keep(self, cards: Sequence[Card]) -> list[Card]:
        """One card of each low rank, lowest first; in 2-7 not a pat straight or flush."""
        kept: list[Card] = []
        for card in sorted(cards, key=self.height):
            if self.height(card) <= LOW_ENOUGH and all(k.rank != card.rank for k in kept):
                kept.append(card)
        if len(kept) == 5 and self.value(kept).category != "high card":
            kept.pop()   # only 2-7 has straights and flushes: break it at the top
        return kept

    def strength(self, cards: Sequence[Card]) -> float:
        """0 (a pair or worse) to 1 (the best hand), by the top card of five different ones."""
        if len(cards) != 5:
            return 0.0
        value = self.value(cards)
        if value.category != "high card":
            return 0.1 if value.category == "pair" else 0.0
        top = max(self.height(card) for card in cards)
        return 0.3 + 0.7 * (14 - top) / (14 - self.best_top)


    def describe(self, value: FiveCardValue) -> str:
        return value.description


DEUCE_TO_SEVEN = Lowball("2-7", lowball27_value, ace_high=True, best_top=7)
ACE_TO_FIVE = Lowball("A-5", lowball_a5_value, ace_high=False, best_top=5)


@dataclass(frozen=True, slots=True)
class HighHand:
    """Five-card draw: high poker, what a player keeps and how strong he thinks it is."""

    name = "high"
    ace_high = True
    value = staticmethod(high_value)

    def height(self, card: Card) -> int:
        """The card's rank at high poker: the ace is 14."""
        return 14 if card.rank == 1 else card.rank

    def keep(self, cards: Sequence[Card]) -> list[Card]:
        """Pairs, trips and quads; a made straight, flush or full house whole; else the
        two highest cards."""
        value = self.value(cards)
        if value.category in ("straight", "flush", "full house", "straight flush"):
            return list(cards)
        counts = Counter(card.rank for card in cards)
        grouped = [card for card in cards if counts[card.rank] > 1]
        return grouped or sorted(cards, key=self.height, reverse=True)[:2]

    def strength(self, cards: Sequence[Card]) -> float:
        """0 (nothing) to 1 (a straight flush), by the category, then the top rank."""
        if len(cards) != 5:
            return 0.0
        value = self.value(cards)
        order = ("high card", "pair", "two pair", "three of a kind", "straight", "flush",
                 "full house", "four of a kind", "straight flush")
        top = 14 if value.ranks[0] == 1 else value.ranks[0]
        return (order.index(value.category) + top / 14) / len(order)

    def describe(self, value: FiveCardValue) -> str:
        return value.description


FIVE_CARD_DRAW = HighHand()


@dataclass(frozen=True, slots=True)
class Game:
    """One of the games the simulator deals (``Ruleset.game``)."""

    key: str
    badugi: bool                  # whether a Badugi half (or the whole pot) is played for
    lowball: Lowball | HighHand | None   # the five-card half (or the whole game)

    @property
    def hand_size(self) -> int:
        return REGISTRY[self.key].hand_size

    @property
    def halves(self) -> tuple[str, ...]:
        """The directions a pot is played for, as the registry names them: one, or two for
        a split game (X3)."""
        return tuple(half.name for half in REGISTRY[self.key].halves)

    @property
    def split(self) -> bool:
        return len(self.halves) == 2

    def values(self, cards: Sequence[Card]) -> dict[str, HalfValue]:
        """The hand's value in each half (X2): the best four for Badugi (X4), all five low."""
        evaluators = (((badugi_value,) if self.badugi else ())
                      + ((self.lowball.value,) if self.lowball else ()))
        return {half: value(cards) for half, value in zip(self.halves, evaluators, strict=True)}

    def describe(self, cards: Sequence[Card], badugi_words: str | None = None,
                 lowball_words: str | None = None) -> str:
        """The shown hand in words: ``badugi 9-7-4-2; 2-7 8-7-5-4-2`` for a split game.

        ``badugi_words`` and ``lowball_words`` replace a half's words (a
        misdescription on purpose).
        """
        values = self.values(cards)
        parts = []
        if self.badugi:
            parts.append(badugi_words or values[self.halves[0]].description)
        if self.lowball:
            words = lowball_words or values[self.halves[-1]].description
            parts.append(f"{self.lowball.name} {words}" if self.split else words)
        return "; ".join(parts)

    def keep(self, cards: Sequence[Card]) -> list[Card]:
        """The cards worth keeping; in a split game the low badugi cards and low ones."""
        if not self.lowball:
            return list(best_subset(cards))
        low = self.lowball.keep(cards)
        if not self.badugi:
            return low
        assert isinstance(self.lowball, Lowball), "a split game's other half is a lowball"
        kept = [c for c in best_subset(cards) if c.rank <= LOW_ENOUGH + 1]   # aces too
        extra = [c for c in low if c not in kept and all(k.rank != c.rank for k in kept)]
        return kept + extra[:self.hand_size - len(kept)]

    def strength(self, cards: Sequence[Card]) -> float:
        """How strong the hand looks, 0 to 1: the mean over the halves."""
        if len(cards) != self.hand_size:
            return 0.0
        parts = ([hand_strength(cards)] if self.badugi else []) + (
            [self.lowball.strength(cards)] if self.lowball else [])
        return sum(parts) / len(parts)

    def top_kept(self, kept: Sequence[Card]) -> tuple[Card, bool]:
        """The highest kept card, and whether it is rough enough to break for (high
        poker: never)."""
        if isinstance(self.lowball, HighHand):
            return max(kept, key=self.lowball.height), False
        if self.lowball:
            top = max(kept, key=self.lowball.height)
            return top, self.lowball.height(top) >= 9
        top = max(kept, key=lambda card: card.rank)
        return top, top.rank >= (11 if len(kept) == 4 else 10)


#: How the simulated players play a five-card half, by the evaluator that judges it.
_FIVE_CARD_PLAY: dict[object, Lowball | HighHand] = {
    lowball27_value: DEUCE_TO_SEVEN, lowball_a5_value: ACE_TO_FIVE, high_value: FIVE_CARD_DRAW}


def _simulated(game: RegistryGame) -> Game:
    """The registry's ``game`` as the players know it: a Badugi half, a five-card one."""
    values = [half.value for half in game.halves]
    five_card = [_FIVE_CARD_PLAY[value] for value in values if value is not badugi_value]
    return Game(game.id, badugi=badugi_value in values,
                lowball=five_card[0] if five_card else None)


#: Every game of the registry (:data:`badugi_hh.games.GAMES`), as the simulator deals it.
GAMES: dict[str, Game] = {game_id: _simulated(game) for game_id, game in REGISTRY.items()}


def table_rules(game: str = HOUSE.game, players: int = 2, *, structure: Structure = "fixed",
                stack: int | None = None) -> Ruleset:
    """The ruleset the simulator plays ``game`` by at a table of ``players``.

    The house game's numbers and betting ``structure``; the game's hand size and
    draws (the registry's); a fixed table of ``players``, the odd chip left of the
    button multiway (S2). ``stack`` is each player's starting stack in big blinds
    (the house's 100 chips when None).

    >>> table_rules() == HOUSE
    True
    >>> rules = table_rules("badacey", 6)
    >>> rules.hand_size, rules.min_players, rules.max_players, rules.odd_chip
    (5, 6, 6, 'first_left_of_button')
    >>> short = table_rules("27sd", 3, structure="no", stack=20)
    >>> short.draws, short.structure, short.starting_stack, short.game_name
    (1, 'no', 40, 'No Limit 2-7 Single Draw')
    """
    if game not in GAMES:
        raise ValueError(f"no game {game!r}; the simulator deals {', '.join(GAMES)}")
    if not 2 <= players <= 8:
        raise ValueError(f"{players} players: the simulator seats 2 to 8")
    rules = HOUSE.for_game(cast(GameId, game)) if game != HOUSE.game else HOUSE
    if structure != rules.structure:
        rules = rules.replace(structure=structure)
    if stack is not None:
        rules = rules.replace(starting_stack=stack * rules.big_blind)
    if players > 2:
        rules = rules.replace(min_players=players, max_players=players,
                              odd_chip="first_left_of_button")
    return rules
