"""What a hand's lines say of who plays it, read before it is replayed: how many players
it deals in (T2), and where each first puts chips in (a broke player's, N1).
"""

from __future__ import annotations

from collections.abc import Iterable

from badugi_hh.events import Bet, Call, Event, PostBlind, Raise, Seat

__all__ = ["chips_lines", "dealt_in"]


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
