"""The games of the draw family as data: hand size, how each half of a pot is judged.

Badugi, 2-7 and A-5 triple draw give the whole pot to the best hand by one
evaluator. Badeucy and Badacey (RULES.md X1-X4) split each pot in two halves:
the best Badugi of any four of the five cards, and the best five-card lowball
hand (2-7 or A-5). The settlement asks the game what a hand is worth in each
half and who may win it; it holds no ``if game == ...``.

>>> from badugi_hh.cards import parse_cards
>>> from badugi_hh.rules import HOUSE
>>> badeucy = game_of(HOUSE.replace(game="badeucy", hand_size=5))
>>> [half.name for half in badeucy.halves], badeucy.hand_size
(['badugi', '2-7'], 5)
>>> cards = parse_cards("As 2h 3d 4c 7s")   # the ace is low for Badugi, high for 2-7
>>> [str(half.value(cards)) for half in badeucy.halves]
['badugi 4-3-2-A', 'A-7-4-3-2']
>>> badeucy.halves[0].qualifies(badeucy.halves[0].value(parse_cards("As 2s 3s 4d 4c")))
False
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol

from badugi_hh.cards import Card
from badugi_hh.evaluate import badugi_value, lowball27_value, lowball_a5_value
from badugi_hh.rules import Ruleset

__all__ = ["Game", "Half", "HandValue", "game_of"]


class HandValue(Protocol):
    """What an evaluator gives: comparable by ``rank`` (lower wins), and words for it."""

    @property
    def rank(self) -> int: ...

    @property
    def description(self) -> str: ...


@dataclass(frozen=True, slots=True)
class Half:
    """One way a pot is won: ``name``, the value of a hand, and what qualifies."""

    name: str
    value: Callable[[Sequence[Card]], HandValue]
    qualifies: Callable[[HandValue], bool]


@dataclass(frozen=True, slots=True)
class Game:
    """A game of the family: the cards each player holds, and the halves of a pot.

    A game with one half gives each pot to its best hand; with two, each pot is
    split (X3): the first half takes the odd chip, and a half no eligible hand
    qualifies for goes to the other.
    """

    name: str
    hand_size: int
    halves: tuple[Half, ...]

    @property
    def split(self) -> bool:
        return len(self.halves) > 1

    @property
    def badugi_only(self) -> bool:
        """Plain Badugi: E1-E5 explain its verdicts and read its descriptions."""
        return self.halves[0].name == "badugi" and not self.split


def _any_hand(_value: HandValue) -> bool:
    return True


def _four_card_badugi(value: HandValue) -> bool:
    return value.size == 4   # type: ignore[attr-defined]


_LOWBALL_27 = Half("2-7", lowball27_value, _any_hand)
_LOWBALL_A5 = Half("a-5", lowball_a5_value, _any_hand)


def game_of(rules: Ruleset) -> Game:
    """The game ``rules`` deal: its halves, with the qualifier the rules set (X3)."""
    # Cached by the three fields it reads: hashing a whole Ruleset for every hand
    # settled costs more than building the game.
    return _game(rules.game, rules.hand_size, rules.badugi_qualifier)


# One entry per game, hand size and qualifier; bounded all the same, as a hostile
# log may state any of them.
@lru_cache(maxsize=256)
def _game(name: str, hand_size: int, badugi_qualifier: str) -> Game:
    badugi = Half("badugi", badugi_value,
                  _four_card_badugi if badugi_qualifier == "four-card" else _any_hand)
    halves = {
        "badugi": (Half("badugi", badugi_value, _any_hand),),
        "27td": (_LOWBALL_27,),
        "a5td": (_LOWBALL_A5,),
        "badeucy": (badugi, _LOWBALL_27),
        "badacey": (badugi, _LOWBALL_A5),
    }[name]
    return Game(name, hand_size, halves)
