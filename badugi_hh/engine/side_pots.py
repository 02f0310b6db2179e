"""The pots a hand's chips make: the main pot and the side pots, each with who may win
it (S3, M3).

:func:`cut_pots` owns where the pots are cut: at the total of each player still in who
is all in (at every total a player still in put in, where the rules trim the antes),
chips only folded players reached going to the pot below, and dead money to the main pot
where the rules make it the main pot's. Who wins each pot is :mod:`.settle`'s business.

>>> from badugi_hh.engine.state import PlayerState
>>> from badugi_hh.rules import HOUSE
>>> players = {"Ana": PlayerState("Ana", 1, 30, 30, 0, None, True, ()),
...            "Bo": PlayerState("Bo", 2, 100, 50, 0, None, False, ()),
...            "Cy": PlayerState("Cy", 3, 100, 50, 0, None, False, ())}
>>> [(pot.amount, pot.eligible) for pot in cut_pots(players, HOUSE, {})]
[(90, ('Ana', 'Bo', 'Cy')), (40, ('Bo', 'Cy'))]
"""

from __future__ import annotations

from collections.abc import Mapping

from badugi_hh.engine.pots import with_dead_money
from badugi_hh.engine.report import Pot, new_tuple
from badugi_hh.engine.state import PlayerState
from badugi_hh.rules import Ruleset

__all__ = ["cut_pots"]


def cut_pots(players: Mapping[str, PlayerState], rules: Ruleset,
             returned: Mapping[str, int]) -> list[Pot]:
    """The main pot and the side pots of the chips ``players`` put in, less what was
    ``returned``, each with who can win it (S3, M3).

    Where the rules make dead money the main pot's, it is set apart from the
    levels and added to the pot every player still in may win. Where they trim the
    antes, a pot is cut at every total a player still in put in, all in or not: one
    who anted less wins from each other only what he matched.
    """
    contrib: dict[str, int] = {}
    live: list[PlayerState] = []
    amount, all_in = 0, False
    eligible: list[str] = []
    apart = rules.dead_money_in_main_pot
    every_total = rules.antes_trimmed
    dead = 0
    for name, player in players.items():   # one pass: most hands have one pot
        chips = contrib[name] = player.put_in - returned.get(name, 0)
        if apart:
            contrib[name] -= player.dead
            dead += player.dead
        if chips > 0:
            amount += chips
        if player.folded_in_round is None:
            live.append(player)
            all_in = all_in or player.all_in
            if chips > 0:
                eligible.append(name)
    if not (all_in or every_total):   # nobody still in is all-in: one pot, no levels
        if not amount:
            return []
        return [new_tuple(Pot, (amount, tuple(eligible or [p.name for p in live]), ()))]
    levels = sorted({contrib[p.name] for p in live if p.all_in or every_total}
                    | {max(contrib.values(), default=0)})
    pots: list[Pot] = []
    floor = 0
    for level in levels:
        amount = sum(max(0, min(c, level) - floor) for c in contrib.values())
        covered = tuple(p.name for p in live if contrib[p.name] > floor)
        if amount and covered:
            pots.append(Pot(amount, covered))
        elif amount:   # chips only folded players reached: the last pot takes them
            last = pots.pop() if pots else Pot(0, tuple(p.name for p in live))
            pots.append(Pot(last.amount + amount, last.eligible))
        floor = level
    return with_dead_money(pots, dead, tuple(p.name for p in live))
