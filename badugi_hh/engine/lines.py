"""What a hand's lines say of who plays it, read before it is replayed: how many players
it deals in (T2), where each first puts chips in (a broke player's, N1), and whether one
still plays on after a line (B5).
"""

from __future__ import annotations

from collections.abc import Iterable

from badugi_hh.events import (Award, Bet, Call, Check, Draw, Event, Fold, Muck, PostBlind, Raise,
                              Seat, Show, UncalledReturned)

__all__ = ["chips_lines", "dealt_in", "plays_on"]

#: The lines by which a player plays a hand on: he acts, draws or comes to the showdown;
#: and those that pay him (a bet of his returned uncalled, a pot), wherever they stand.
_PLAYING = (Bet, Call, Check, Draw, Fold, Muck, Raise, Show)
_PAID = (Award, UncalledReturned)


def chips_lines(events: Iterable[Event]) -> tuple[dict[str, int], int]:
    """Each player's first line that puts chips in (a blind, a call, a bet, a raise), and
    how many chips these lines write, all told (a raise's total for a raise).

    >>> chips_lines([PostBlind(player="Ana", amount=1, line=5), Call(player="Bo", amount=1,
    ...              line=8), Raise(player="Ana", to=4, line=9), Seat(player="Cy", seat=3)])
    ({'Ana': 5, 'Bo': 8}, 6)
    """
    first: dict[str, int] = {}
    written = 0
    for event in events:
        if isinstance(event, PostBlind | Call | Bet):
            written += event.amount
        elif isinstance(event, Raise):
            written += event.to
        else:
            continue
        first.setdefault(event.player, event.line)
    return first, written


def dealt_in(events: Iterable[Event], seats: Iterable[str]) -> int:
    """How many players a hand deals in: the players ``seats`` names (a house session's,
    whose header seats them) and those its ``Seat`` events seat, less those these say
    are not dealt in (T2). A house hand's seat lines restate some of its session's
    seats; the others still play.

    >>> dealt_in([Seat(player="Dmitri", seat=4, in_hand=False)], ["Ana", "Bo", "Dmitri"])
    2
    """
    dealt = dict.fromkeys(seats, True)
    dealt.update((event.player, event.in_hand) for event in events if type(event) is Seat)
    return sum(dealt.values())


def plays_on(events: Iterable[Event], name: str, after: int) -> bool:
    """Whether ``name`` acts, draws or comes to the showdown on a line after ``after``, or
    is paid in the hand: one still to act when a betting round closed who does none of
    these folded (B5).

    >>> events = [Fold(player="Bo", line=3), Draw(player="Ana", discarded=(), line=9),
    ...           UncalledReturned(player="Cy", amount=1, line=4)]
    >>> plays_on(events, "Ana", 5), plays_on(events, "Bo", 5), plays_on(events, "Cy", 5)
    (True, False, True)
    """
    for event in events:
        if isinstance(event, _PAID) and event.player == name:
            return True
        if isinstance(event, _PLAYING) and event.player == name and event.line > after:
            return True
    return False
