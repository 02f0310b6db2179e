"""The deal judged: each player dealt one hand of the game's size (G5), in the order the
log's site deals where the log states it (G5: from the button, clockwise).

Kept apart from :mod:`badugi_hh.engine.replay`, which calls it for each hand's deal, so
that every part of the engine stays small enough to read whole.
"""

from __future__ import annotations

from collections.abc import Sequence

from badugi_hh.engine.table import Table, TablePlayer
from badugi_hh.events import MaybeCard

__all__ = ["judge_deal"]


def judge_deal(table: Table, player: TablePlayer, cards: Sequence[MaybeCard],
               dealt_order: list[str], line: int) -> None:
    """``player`` is dealt ``cards`` at ``line``, after the players of ``dealt_order``: a
    second hand, or a hand of the wrong size, is G5; so is a deal out of order."""
    rules = table.rules
    if player.dealt:
        table.report("G5", line, f"{player.name} is dealt a second hand")
    elif len(cards) != rules.hand_size:
        table.report("G5", line, f"{player.name} is dealt {len(cards)} cards; each player "
                     f"gets {rules.hand_size}")
    if rules.deal_order_logged and dealt_order:
        _check_deal_order(table, player, dealt_order, line)


def _check_deal_order(table: Table, player: TablePlayer, dealt_order: list[str],
                      line: int) -> None:
    """The deal starts left of the button: with the big blind heads-up (G5)."""
    if table.button_seat is None:
        return
    order = [p.name for p in table.order_after(table.button_seat)]
    place = order.index(player.name)
    dealt_later = [n for n in dealt_order if order.index(n) > place]
    if dealt_later and len(dealt_order) == 1:
        starter = "the big blind" if table.heads_up else "the player left of the button"
        table.report("G5", line, f"the deal starts with {dealt_later[0]}; it starts "
                     f"with {starter}, {order[0]}")
    elif dealt_later:
        table.report("G5", line, f"{player.name} is dealt after {dealt_later[-1]}; "
                     "the deal goes clockwise from the button")
