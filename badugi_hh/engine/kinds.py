"""The event classes the replay and the heads-up fast path test each event against,
the sets of them the replay takes (:data:`HANDLED`) and lets follow a hand's end, and
every kind of event a player makes (:data:`PLAYER_EVENTS`).

Compiled, a class named in a function is looked up in its module's names (a
dictionary) at every use; one of these ``Final`` names is a static, read at no cost.
mypy narrows an event's type on them as on the classes themselves, so the replay's
and the fast path's chains of ``type(event) is ...`` tests read as they would with
the classes.

>>> from badugi_hh.events import Call
>>> type(Call(player="Ana", amount=2)) is CALL
True
"""

from __future__ import annotations

from typing import Final

from badugi_hh.events import (
    Award, Bet, Burn, Button, Call, Check, Deal, Draw, DrawnCards, Event, Fold, Muck, NetStated,
    Note, PlayerEvent, PostBlind, PotTotal, Raise, RunCards, Seat, Show, StackStated, Street,
    SummaryResult, UncalledReturned,
)

__all__ = ["AFTER_HAND", "AWARD", "BET", "BURN", "BUTTON", "CALL", "CHECK", "DEAL", "DRAW", "FOLD",
           "HANDLED", "MUCK", "NET_STATED", "PLAYER_EVENTS", "POST_BLIND", "RAISE", "SHOW",
           "STACK_STATED", "STREET", "UNCALLED_RETURNED"]

AWARD: Final = Award
BET: Final = Bet
BURN: Final = Burn
BUTTON: Final = Button
CALL: Final = Call
CHECK: Final = Check
DEAL: Final = Deal
DRAW: Final = Draw
FOLD: Final = Fold
MUCK: Final = Muck
NET_STATED: Final = NetStated
POST_BLIND: Final = PostBlind
RAISE: Final = Raise
SHOW: Final = Show
STACK_STATED: Final = StackStated
STREET: Final = Street
UNCALLED_RETURNED: Final = UncalledReturned


#: The events the replay takes (:meth:`.replay.HandReplay._apply` says who handles each).
HANDLED = frozenset({Seat, Button, Street, Deal, Show, Muck, RunCards, Award, PotTotal,
                     UncalledReturned, StackStated, NetStated, Note, SummaryResult,
                     PostBlind, Check, Fold, Call, Bet, Raise, Burn, Draw, DrawnCards})

#: What may follow the fold that ends a hand.
AFTER_HAND = frozenset({UncalledReturned, Award, PotTotal, StackStated, NetStated,
                         Muck, Show, Street, Note, SummaryResult})


def _subclasses(kind: type[Event]) -> set[type[Event]]:
    return {kind}.union(*map(_subclasses, kind.__subclasses__()))


#: Every kind of event a player makes (seats, blinds, actions, draws, shows...).
PLAYER_EVENTS = frozenset(_subclasses(PlayerEvent))
