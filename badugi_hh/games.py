"""The games of the draw family, as one registry: what each is, and what sites call it.

Every fact about a game lives in its :class:`Game` entry of :data:`GAMES`: its
id (``Ruleset.game``), its name in reports, the cards each player holds, its
draws, the halves a pot is cut in and how each half is judged, which figures
of the statistics apply to it, the names sites (and PHH's variant codes) give it,
and the names a user may type for it. The engine, the simulator, the writers, the
readers, the filters and the statistics' SQL ask this registry, and no other module
writes a game's id (``tests/test_registry_literals.py``); a new game is one entry
here and, if none judges it yet, its evaluator in :mod:`badugi_hh.evaluate`
(``docs/architecture.md``, "Adding a game").

>>> game = GAMES["27sd"]
>>> game.name, game.hand_size, game.draws, [half.name for half in game.halves]
('2-7 Single Draw', 5, 1, ['2-7'])
>>> game_for_site_name("pokerstars", "Single Draw 2-7 Lowball").id
'27sd'
>>> game_for_site_name("phh", "F2L3D").id, game_for_site_name("merge", "71").id
('27td', 'badugi')
>>> game_for_site_name("pokerstars", "Razz") is None
True

Badugi, the lowballs and five-card draw give the whole pot to the best hand by
one evaluator. Badeucy and Badacey (RULES.md X1-X4) split each pot in two
halves: the best Badugi of any four of the five cards, and the best five-card
lowball hand (2-7 or A-5). The settlement asks the game what a hand is worth in
each half and who may win it; it holds no ``if game == ...``.

>>> from badugi_hh.cards import parse_cards
>>> badeucy = GAMES["badeucy"]
>>> cards = parse_cards("As 2h 3d 4c 7s")   # the ace is low for Badugi, high for 2-7
>>> [str(half.value(cards)) for half in badeucy.halves]
['badugi 4-3-2-A', 'A-7-4-3-2']
>>> badeucy.halves[0].qualifies(badeucy.halves[0].value(parse_cards("As 2s 3s 4d 4c")))
False

Which figures apply (``docs/schema.md``): a *made hand* is a badugi in Badugi, a
9-low or better in 2-7, triple or single draw (no pair, straight or flush; the ace
high), an 8-low or better in A-5 (no pair). "Made by the final draw" and snowing
(standing pat on no hand at all: without a badugi in Badugi, on a pair, or in 2-7 a
straight or a flush, in lowball) are counted only where :attr:`Game.made_hand` is
defined: not in the split games, whose players stand pat for either half, nor in
five-card draw.

>>> GAMES["27td"].is_made(parse_cards("9c 7d 5s 3h 2h")), GAMES["27td"].is_made(
...     parse_cards("Tc 7d 5s 3h 2h"))
(True, False)
>>> GAMES["badeucy"].made_hand is None
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any, Literal, Protocol

from badugi_hh.cards import Card
from badugi_hh.evaluate import (
    BadugiValue, badugi_value, high_value, lowball27_value, lowball_a5_value,
    shown_badugi_value,
)
from badugi_hh.frozen import rebuilt
from badugi_hh.sites import HOUSE_SITE

__all__ = ["GAMES", "GAME_NAMES", "HOUSE_GAME", "Family", "Game", "GameId", "Half", "HandValue",
           "MadeHand", "betting_rounds", "game_for_site_name", "game_of", "games_of_family"]

#: The ids of the games, as ``Ruleset.game`` names them.
GameId = Literal["badugi", "badeucy", "badacey", "27td", "a5td", "27sd", "5cd", "a5sd"]
#: The house game of RULES.md (triple-draw Badugi): a ruleset's game where none is named.
HOUSE_GAME: GameId = "badugi"
#: Which figures a game's hands feed (``docs/schema.md``).
Family = Literal["badugi", "lowball", "split", "high"]


class HandValue(Protocol):
    """What an evaluator gives: comparable by ``rank`` (lower wins), and words for it."""

    @property
    def rank(self) -> int: ...

    @property
    def description(self) -> str: ...


@dataclass(frozen=True, slots=True)
class Half:
    """One way a pot is won: ``name``, the value of a hand, and what qualifies.

    ``misdescribed`` is the rule a shown hand's wrong description breaks (RULES.md):
    X2 for a lowball hand, S1 for a high one (no rule defines high poker; S1 is the
    showdown's); None for a Badugi hand, whose mistake E1-E5 name (``engine/describe.py``).
    ``part_value`` values the cards of a hand shown in part, where the rules judge it on
    them (``Ruleset.partial_show_judged``): a Badugi of the cards shown, as PokerKit's;
    None where the half needs a whole hand (a five-card hand), so no part of one can win it.
    """

    name: str
    value: Callable[[Sequence[Card]], HandValue]
    qualifies: Callable[[HandValue], bool]
    misdescribed: str | None = None
    part_value: Callable[[Sequence[Card]], HandValue] | None = None

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        return rebuilt(self)   # copy and pickle, compiled too (badugi_hh.frozen)


@dataclass(frozen=True, slots=True)
class MadeHand:
    """What counts as a made hand for the figures: ``words`` for people, ``test`` for
    cards; for a lowball game the highest rank a made low may hold, by which the
    statistics judge stored hands in SQL (``ace_low``: the ace ranks under the two)."""

    words: str
    test: Callable[[Sequence[Card]], bool]
    highest: int | None = None
    ace_low: bool = False

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        return rebuilt(self)   # copy and pickle, compiled too (badugi_hh.frozen)


@dataclass(frozen=True, slots=True)
class Game:
    """A game of the draw family.

    ``halves`` are the ways a pot is won: one, or two for a split game (X3), whose
    first half takes the odd chip and goes to the other when no eligible hand
    qualifies for it. ``site_names`` maps each site's id (:data:`badugi_hh.sites.SITES`)
    to the names it gives the game, the first the usual one (the house format writes
    it); ``merge`` also holds Merge's numeric game codes, ``phh`` the PHH variant codes
    (their first letter is the structure). ``aliases`` are the other names a user may
    type in a filter (``--game "2-7 TD"``); one may stand for several games.
    """

    id: GameId
    name: str
    hand_size: int
    draws: int
    halves: tuple[Half, ...]
    family: Family
    made_hand: MadeHand | None
    site_names: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    aliases: tuple[str, ...] = ()
    split: bool = field(init=False)
    """Whether each pot is cut in halves (X3)."""
    badugi_only: bool = field(init=False)
    """Plain Badugi: E1-E5 explain its verdicts and read its descriptions."""

    def __post_init__(self) -> None:
        # asked for every hand settled: worked out once
        object.__setattr__(self, "split", len(self.halves) > 1)
        object.__setattr__(self, "badugi_only", self.halves[0].name == "badugi"
                           and len(self.halves) == 1)

    @property
    def house_name(self) -> str:
        """How the house format's Rules line names the game (``2-7 single draw``)."""
        return self.site_names[HOUSE_SITE][0]

    def is_made(self, cards: Sequence[Card]) -> bool | None:
        """Whether ``cards`` are a made hand (None where the figure does not apply)."""
        return None if self.made_hand is None else self.made_hand.test(cards)

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        return rebuilt(self)   # copy and pickle, compiled too (badugi_hh.frozen)


def _any_hand(_value: HandValue) -> bool:
    return True


def _four_card_badugi(value: HandValue) -> bool:
    return isinstance(value, BadugiValue) and value.size == 4


def _is_badugi(cards: Sequence[Card]) -> bool:
    return len(cards) in (4, 5) and badugi_value(cards).size == 4


#: The highest rank of a made low: 2-7's nine, A-5's eight.
_NINE, _EIGHT = 9, 8


def _nine_low(cards: Sequence[Card]) -> bool:
    """2-7: five ranks, no straight or flush, 9 high or lower (an ace is high)."""
    if len(cards) != 5:
        return False
    value = lowball27_value(cards)
    return value.category == "high card" and 1 < value.ranks[0] <= _NINE


def _eight_low(cards: Sequence[Card]) -> bool:
    """A-5: five ranks, 8 high or lower (an ace is low)."""
    if len(cards) != 5:
        return False
    value = lowball_a5_value(cards)
    return value.category == "high card" and value.ranks[0] <= _EIGHT


_BADUGI = Half("badugi", badugi_value, _any_hand, part_value=shown_badugi_value)
_QUALIFIED_BADUGI = Half("badugi", badugi_value, _four_card_badugi,
                         part_value=shown_badugi_value)
_LOWBALL_27 = Half("2-7", lowball27_value, _any_hand, "X2")
_LOWBALL_A5 = Half("a-5", lowball_a5_value, _any_hand, "X2")
_HIGH = Half("high", high_value, _any_hand, "S1")
_A_BADUGI = MadeHand("a badugi (four cards of four ranks and four suits)", _is_badugi)
_NINE_LOW = MadeHand("a 9-low or better: five ranks, no straight or flush, the ace high",
                     _nine_low, _NINE)
_EIGHT_LOW = MadeHand("an 8-low or better: five ranks, the ace low", _eight_low, _EIGHT,
                      ace_low=True)

#: Every game of the family, by id.
GAMES: dict[str, Game] = {game.id: game for game in (
    Game("badugi", "Badugi", 4, 3, (_BADUGI,), "badugi", _A_BADUGI, {
        HOUSE_SITE: ("Badugi triple draw", "Badugi"), "pokerstars": ("Badugi",),
        "fulltilt": ("Badugi",), "kingsclub": ("Badugi",), "merge": ("Badugi", "71"),
        "winamax": ("Badugi",), "phh": ("FB",)}),
    Game("27td", "2-7 Triple Draw", 5, 3, (_LOWBALL_27,), "lowball", _NINE_LOW, {
        HOUSE_SITE: ("2-7 triple draw", "2-7"),
        "pokerstars": ("Triple Draw 2-7 Lowball", "Triple Draw 2-7"),
        "fulltilt": ("2-7 Triple Draw",),
        "kingsclub": ("2-7 Triple Draw", "2-7 Triple Draw Lowball"),
        "merge": ("2-7 Lowball", "67"), "winamax": ("2-7 Triple Draw", "Lowball27"),
        "phh": ("F2L3D",)},
        ("2-7", "Triple Draw 2-7", "2-7 TD", "deuce to seven triple draw", "2-7 lowball")),
    Game("a5td", "A-5 Triple Draw", 5, 3, (_LOWBALL_A5,), "lowball", _EIGHT_LOW, {
        HOUSE_SITE: ("A-5 triple draw", "A-5"), "pokerstars": ("Triple Draw A-5 Lowball",),
        "fulltilt": ("A-5 Triple Draw",), "kingsclub": ("A-5 Triple Draw",),
        "merge": ("A-5 Lowball", "63")},
        ("a-5", "Triple Draw A-5", "A-5 TD", "ace to five triple draw", "a-5 lowball")),
    Game("badeucy", "Badeucy", 5, 3, (_QUALIFIED_BADUGI, _LOWBALL_27), "split", None, {
        HOUSE_SITE: ("Badeucy triple draw", "Badeucy"), "fulltilt": ("Badeucey",),
        "kingsclub": ("Badeucey", "Badeucy")}),
    Game("badacey", "Badacey", 5, 3, (_QUALIFIED_BADUGI, _LOWBALL_A5), "split", None, {
        HOUSE_SITE: ("Badacey triple draw", "Badacey"), "fulltilt": ("Badacey",),
        "kingsclub": ("Badacey",)}),
    Game("27sd", "2-7 Single Draw", 5, 1, (_LOWBALL_27,), "lowball", _NINE_LOW, {
        HOUSE_SITE: ("2-7 single draw",),
        "pokerstars": ("Single Draw 2-7 Lowball", "Single Draw 2-7"),
        "fulltilt": ("2-7 Single Draw",), "kingsclub": ("2-7 Single Draw",),
        "phh": ("N2L1D",)},
        ("2-7", "2-7 SD", "Single Draw 2-7", "2-7 lowball")),
    Game("5cd", "Five Card Draw", 5, 1, (_HIGH,), "high", None, {
        HOUSE_SITE: ("five-card draw", "5-card draw"), "pokerstars": ("5 Card Draw",),
        "fulltilt": ("5 Card Draw",), "kingsclub": ("5 Card Draw",),
        "merge": ("5-Draw", "55"), "ongame": ("FIVE_CARD_DRAW",), "bossmedia": ("GAME_FCD",)},
        ("5 card draw",)),
    Game("a5sd", "A-5 Single Draw", 5, 1, (_LOWBALL_A5,), "lowball", _EIGHT_LOW, {
        HOUSE_SITE: ("A-5 single draw",), "kingsclub": ("A-5 Single Draw",)},
        ("a-5", "A-5 SD", "Single Draw A-5", "a-5 lowball")),
)}

#: Each game's name in reports, by id (the dashboard's and the CLI's labels).
GAME_NAMES: dict[str, str] = {game_id: game.name for game_id, game in GAMES.items()}

_BY_SITE_NAME: dict[tuple[str, str], Game] = {
    (site, name.casefold()): game
    for game in GAMES.values() for site, names in game.site_names.items() for name in names}


def games_of_family(family: Family) -> tuple[str, ...]:
    """The ids of the games whose hands feed ``family``'s figures, in registry order.

    >>> games_of_family("split")
    ('badeucy', 'badacey')
    """
    return tuple(game.id for game in GAMES.values() if game.family == family)


def betting_rounds(game_ids: Iterable[str]) -> int:
    """How many betting rounds hands of these games have, at most: one more than the
    most draws (any game's, where none is given); a report shows no later round.

    >>> betting_rounds(["5cd"]), betting_rounds(["5cd", "badugi"]), betting_rounds([])
    (2, 4, 4)
    """
    most = max(game.draws for game in GAMES.values())
    return 1 + max((GAMES[game_id].draws for game_id in game_ids), default=most)


def game_for_site_name(site: str, name: str) -> Game | None:
    """The game ``site`` (a site's id, :data:`badugi_hh.sites.SITES`) calls ``name``, in any case; None for a
    game outside the family (Hold'em, Razz...) or a name the registry does not know.

    The name is the game's alone: the reader strips the betting structure first
    (``Badugi Limit`` is ``Badugi``). PHH's codes carry theirs: ``N2L1D`` is no-limit.

    >>> game_for_site_name("fulltilt", "2-7 single draw").name
    '2-7 Single Draw'
    """
    return _BY_SITE_NAME.get((site, name.casefold()))


class _Dealt(Protocol):
    """What :func:`game_of` reads of a ruleset."""

    @property
    def game(self) -> str: ...

    @property
    def badugi_qualifier(self) -> str: ...


def game_of(rules: _Dealt) -> Game:
    """The game ``rules`` deal, with the qualifier of the Badugi half they set (X3).

    >>> from badugi_hh.rules import HOUSE
    >>> game_of(HOUSE.replace(game="badacey", badugi_qualifier="none")).halves[0].qualifies(
    ...     badugi_value([0, 4, 8, 12]))   # four spades: a one-card badugi
    True
    """
    return _game(rules.game, rules.badugi_qualifier)


@lru_cache(maxsize=64)   # a hostile log may state any qualifier: bounded all the same
def _game(game_id: str, badugi_qualifier: str) -> Game:
    game = GAMES[game_id]
    if not game.split or badugi_qualifier == "four-card":
        return game
    return replace(game, halves=(_BADUGI, *game.halves[1:]))
