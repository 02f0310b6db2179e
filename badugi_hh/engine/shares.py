"""A pot's shares and the halves of a split game's pots: how the settlement
(:mod:`.settle`) cuts each pot, and which pot and half an award's label names, as
the settlement and the judge of the log's payout (:mod:`.payout`) both read them.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from badugi_hh.events import LOWBALL_HALF
from badugi_hh.games import Game

__all__ = ["HalfChips", "Share", "count_halves", "half_of", "pot_number"]

#: A share of a pot: how much, who takes it, and the halves of a split game it is.
Share = tuple[int, tuple[str, ...], tuple[str, ...]]
#: What each player won of each half of each pot: (pot number, half, player) to chips.
HalfChips = dict[tuple[int, str, str], int]


def count_halves(chips: HalfChips, pot: int, share: Share,
                 divide: Callable[[int, tuple[str, ...], dict[str, int]], None]) -> None:
    """Add to ``chips`` what each winner of ``share`` of pot number ``pot`` won of each of
    its halves; ``divide`` shares an amount among winners (S2). A share of both halves (a
    pot nobody contested) is cut as a contested pot is, the odd chip to the first (X3).

    >>> chips: HalfChips = {}
    >>> count_halves(chips, 0, (5, ("Ana",), ("badugi", "2-7")),
    ...              lambda amount, group, won: won.update({group[0]: amount}))
    >>> chips
    {(0, 'badugi', 'Ana'): 3, (0, '2-7', 'Ana'): 2}
    """
    amount, group, halves = share
    for number, half in enumerate(halves):
        won: dict[str, int] = {}
        divide(amount // len(halves) + (1 if number < amount % len(halves) else 0), group, won)
        for name in group:
            chips[pot, half, name] = chips.get((pot, half, name), 0) + won.get(name, 0)


#: An award's pot naming a side pot, and its number.
_SIDE_POT = re.compile(r"side (?:pot[ -])?(\d+)")


def pot_number(label: str) -> int:
    """Which pot an award's label names: 0 for the main pot (or none named)."""
    side = _SIDE_POT.match(label)
    return int(side.group(1)) if side else 0


def half_of(label: str, game: Game) -> str | None:
    """The name of the half of ``game``'s split pot an award's label names, if any.

    >>> from badugi_hh.games import GAMES
    >>> half_of("side 2 lowball", GAMES["badacey"]), half_of("2-7", GAMES["badeucy"])
    ('a-5', '2-7')
    >>> half_of("side 2", GAMES["badeucy"]), half_of("badugi", GAMES["badugi"])
    (None, None)
    """
    if not game.split:
        return None
    for half in game.halves:
        if label == half.name or label.endswith(f" {half.name}"):
            return half.name
    if label == LOWBALL_HALF or label.endswith(f" {LOWBALL_HALF}"):
        return game.halves[-1].name
    return None
