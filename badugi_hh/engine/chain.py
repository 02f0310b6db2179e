"""The stack chain from hand to hand (G3): where a hand missing from a site's log moved
the stacks.
"""

from __future__ import annotations

from badugi_hh.engine.table import for_money
from badugi_hh.events import Hand, Seat


#: The most of a pot a cash table's rake takes: sites take 5% or less, with a cap.
_MOST_RAKE = (1, 10)


def missing_hand(hand: Hand, carried: dict[str, int]) -> str:
    """How the stated stacks of a site's ``hand`` moved from the ``carried`` ones, where
    one hand missing from the log moved them; "" where none did (G3 then judges them).

    Chips pass from losers to winners: in a tournament they are all kept (a player
    gone since may have lost all of his), at a cash table the rake may take a share
    of the pot; a top-up alone (T6) or a chip made or lost is no hand.

    >>> from badugi_hh.rules import HOUSE
    >>> def seated(**stacks):
    ...     return Hand(hand_id="2", number=2, ruleset=HOUSE, events=[
    ...         Seat(player=name, seat=seat, stack=stack)
    ...         for seat, (name, stack) in enumerate(stacks.items(), 1)])
    >>> missing_hand(seated(Ana=90, Bo=110), {"Ana": 100, "Bo": 100})
    'Ana -10, Bo +10'
    >>> missing_hand(seated(Ana=90, Bo=100), {"Ana": 100, "Bo": 100})
    ''
    """
    stated = {event.player: event.stack for event in hand.events
              if type(event) is Seat and event.stack is not None}
    moves = {name: stack - carried[name] for name, stack in stated.items()
             if name in carried and stack != carried[name]}
    lost = -sum(move for move in moves.values() if move < 0)
    won = sum(move for move in moves.values() if move > 0)
    if not lost or not won:
        return ""
    if for_money(hand):   # a cash table: a rake, never more
        share, whole = _MOST_RAKE
        played = won <= lost <= won + lost * share // whole
    else:
        gone = sum(stack for name, stack in carried.items() if name not in stated)
        played = won == lost or won == lost + gone
    return ", ".join(f"{name} {move:+}" for name, move in moves.items()) if played else ""
