"""What a hand's lines say of who plays it, read before it is replayed: whether anyone
does (a hand called off, dead or partial), how many players it deals in (T2), where each
first puts chips in (a broke player's, N1), and whether one still plays on after a line
(B5).
"""

from __future__ import annotations

from collections.abc import Iterable

from badugi_hh.engine.kinds import PLAYER_EVENTS
from badugi_hh.events import (Award, Bet, Call, Check, Draw, Event, Fold, Hand, Muck, Note,
                              PostBlind, Raise, Seat, Show, Street, UncalledReturned,
                              calls_off)

__all__ = ["chips_lines", "dealt_in", "not_played", "plays_on"]

#: The lines by which a player plays a hand on: he acts, draws or comes to the showdown;
#: and those that pay him (a bet of his returned uncalled, a pot), wherever they stand.
_PLAYING = (Bet, Call, Check, Draw, Fold, Muck, Raise, Show)
_PAID = (Award, UncalledReturned)


def chips_lines(events: Iterable[Event], bets_as_totals: bool,
                ) -> tuple[dict[str, int], dict[str, int]]:
    """Each player's first line that puts chips in (a blind, a call, a bet, a raise), and
    the chips he has as the log counts them: where a line of his says he is all in, what
    his lines put in up to it (a raise to its total in the round, and a bet where
    ``bets_as_totals``: pot and no limit; the rounds parted by a draw); else more than
    every line of the hand puts in, as he may bet on after them.

    >>> chips_lines([PostBlind(player="Ana", amount=1, line=5), Call(player="Bo", amount=1,
    ...              line=8), Raise(player="Ana", to=4, line=9), Street(kind="draw", line=10),
    ...              Bet(player="Ana", amount=2, all_in=True, line=11)], False)
    ({'Ana': 5, 'Bo': 8}, {'Ana': 6, 'Bo': 7})
    """
    first: dict[str, int] = {}
    chips: dict[str, int] = {}
    all_in: dict[str, int] = {}
    round_in: dict[str, int] = {}
    for event in events:
        if isinstance(event, Street):
            round_in = {}
            continue
        if isinstance(event, Raise) or isinstance(event, Bet) and bets_as_totals:
            to = event.to if isinstance(event, Raise) else event.amount
            added = to - round_in.get(event.player, 0)
        elif isinstance(event, PostBlind | Call | Bet):
            added = event.amount
        else:
            continue
        first.setdefault(event.player, event.line)
        chips[event.player] = chips.get(event.player, 0) + added
        round_in[event.player] = round_in.get(event.player, 0) + added
        if event.all_in:
            all_in.setdefault(event.player, chips[event.player])
    written = sum(chips.values())
    return first, {name: all_in.get(name, written) for name in chips}


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


def not_played(hand: Hand, seats: Iterable[str]) -> str:
    """Why a hand was not played, or "": the site called it off (``Hand cancelled``,
    ``GAME_CANCELLED``), or fewer than two of its seated players were dealt in (a
    dead or partial hand): the hand's own seats, and those of its session (``seats``,
    a house log's header) it does not say sit out (T2).

    Its chips go back where they came from, and nothing in it is a verdict: it
    is counted as skipped, never audited.
    """
    # One pass over the kinds, the classes looked up once: this runs for every hand.
    note, seat, player_events = Note, Seat, PLAYER_EVENTS
    noted = seated = played = False
    for event in hand.events:
        kind = type(event)
        noted = noted or kind is note
        seated = seated or kind is seat
        played = played or kind in player_events
    if noted and any(map(calls_off, hand.events)):
        return "cancelled"
    if seated and dealt_in(hand.events, seats) < 2:
        return "not played"
    if not played:
        return "not played"   # a partial hand: nobody's play is in the log
    return ""
