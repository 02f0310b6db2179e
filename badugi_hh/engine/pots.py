"""What goes back and what stays in the pot whatever happens: the uncovered part of the
largest bet (S3), and dead money (dead blinds, antes) added to the main pot (T3).

>>> from badugi_hh.engine.report import Pot
>>> with_dead_money([Pot(40, ("Ana", "Bruno"))], 10, ("Ana", "Bruno"))
[Pot(amount=50, eligible=('Ana', 'Bruno'), winners=())]
>>> [pot.amount for pot in with_dead_money([Pot(40, ("Ana",))], 10, ("Ana", "Bruno"))]
[10, 40]
"""

from __future__ import annotations

from collections.abc import Mapping

from badugi_hh.engine.report import Pot
from badugi_hh.engine.state import PlayerState

__all__ = ["ante_returns", "uncalled", "with_dead_money"]


def uncalled(players: Mapping[str, PlayerState]) -> dict[str, int]:
    """The uncovered part of the largest bet, to go back (S3). Dead money (a dead
    blind, antes) is in the pot whatever happens: only bets can go unmatched (T3)."""
    top_name, top, second = "", -1, -1   # the largest bet, and the next (in seat order)
    for player in players.values():
        bet = player.put_in - player.dead
        if bet > top:
            top_name, top, second = player.name, bet, top
        elif bet > second:
            second = bet
    return {top_name: top - second} if second >= 0 and top > second else {}


def with_dead_money(pots: list[Pot], dead: int, live: tuple[str, ...]) -> list[Pot]:
    """``pots`` with ``dead`` money in the main pot: the first, if every player still in
    may win it, else a pot of its own before it (a player all in for his ante alone
    still wins the antes, as PokerKit pays them)."""
    if not dead:
        return pots
    if pots and pots[0].eligible == live:
        return [Pot(pots[0].amount + dead, live), *pots[1:]]
    return [Pot(dead, live), *pots]


def ante_returns(antes: Mapping[str, int]) -> dict[str, int]:
    """What goes back of each player's ante where the rules trim them
    (``Ruleset.antes_trimmed``, PokerKit's ``State.collect_bets``): the part above the next
    largest, as of an uncalled bet, so a lone ante goes back whole.

    >>> ante_returns({"Ana": 5, "Bo": 3, "Cy": 0}), ante_returns({"Ana": 2})
    ({'Ana': 2, 'Bo': 0, 'Cy': 0}, {'Ana': 2})
    """
    cutoff = sorted([0, 0, *antes.values()])[-2]
    return {name: max(0, ante - cutoff) for name, ante in antes.items()}
