"""A simulated table: who sits where, the chips, and what carries from hand to hand.

The button moves one seat clockwise every hand (heads-up: it alternates, G4);
a session goes on until its length or until a player is broke (N1).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from badugi_hh.cards import DECK, Card
from badugi_hh.events import Button, Cards, Deal, Hand, SessionEnd, SessionStart, StackStated
from badugi_hh.rules import Ruleset
from badugi_hh.simulate._games import GAMES, Game

#: How loose and aggressive a player is, drawn per session: about 0.25 timid,
#: 1 aggressive, 2 a maniac who never folds and raises all he can. The
#: maniacs make the big pots that bust a stack before hand 12.
STYLE_RANGE = (0.25, 1.0)
MANIAC_RANGE = (1.4, 2.4)
MANIAC_CHANCE = 0.5


class Played(Protocol):
    """What a finished hand leaves to the next (:meth:`Table.commit`)."""

    stack: dict[str, int]
    button: str
    logged_deal: dict[str, Cards]
    line: int


@dataclass(frozen=True, slots=True)
class Pot:
    """A pot (M3): its chips, who may win it, and its name in the log."""

    amount: int
    eligible: tuple[str, ...]
    name: str = ""          # "", or "main", "side 1"... when there are side pots


# -- the table: what carries from hand to hand --------------------------------

@dataclass(slots=True)
class Table:
    """A session under way: who sits where, the chips, and the last hand's button and deal."""

    rng: random.Random
    ruleset: Ruleset
    session_id: str
    seats: dict[str, int]          # in seat order
    stacks: dict[str, int]
    started_at: datetime | None
    hidden: float
    styles: dict[str, float]
    next_line: int
    hands_played: int = 0
    button: str | None = None
    last_deal: dict[str, Cards] | None = None

    @classmethod
    def resume(cls, start: SessionStart, played: Sequence[Hand], rng: random.Random,
               hidden: float) -> Table:
        """The table after ``played``, as the log states it (stacks, button, deal)."""
        seats = {p.name: p.seat for p in sorted(start.players, key=lambda p: p.seat)}
        table = cls(rng, start.ruleset, start.session_id, seats,
                    {p.name: p.stack for p in start.players}, start.started_at, hidden,
                    {name: _style(rng, len(seats)) for name in seats},
                    next_line=start.line + len(seats) + 3, hands_played=len(played))
        if played:
            last = played[-1]
            by_seat = {seat: name for name, seat in seats.items()}
            table.stacks.update({e.player: e.amount for e in last.events
                                 if isinstance(e, StackStated)})
            table.button = next(by_seat[e.seat] for e in last.events
                                if isinstance(e, Button) and e.seat is not None)
            table.last_deal = {e.player: e.cards for e in last.events if isinstance(e, Deal)}
            table.next_line = last.events[-1].line + 2
        return table

    @property
    def game(self) -> Game:
        return GAMES[self.ruleset.game]

    @property
    def players(self) -> list[str]:
        return list(self.seats)

    def goes_on(self) -> bool:
        """Another hand is due: the session is not over and nobody is broke (N1)."""
        limit = self.ruleset.session_hands
        return ((limit is None or self.hands_played < limit)
                and all(chips > 0 for chips in self.stacks.values()))

    def commit(self, hand: Played) -> None:
        """Carry a finished hand's stacks, button and deal to the next."""
        self.hands_played += 1
        self.stacks = dict(hand.stack)
        self.button = hand.button
        self.last_deal = hand.logged_deal
        self.next_line = hand.line + 2

    def session_end(self) -> SessionEnd:
        """The closing line: the larger stack wins, equal stacks draw (N1)."""
        top = max(self.stacks.values())
        leaders = [name for name, chips in self.stacks.items() if chips == top]
        return SessionEnd(winner=leaders[0] if len(leaders) == 1 else None,
                          draw=len(leaders) > 1, stacks=dict(self.stacks),
                          line=self.next_line)


def _style(rng: random.Random, players: int) -> float:
    """A player's temperament for a session: heads-up a maniac half of the time.

    At a bigger table maniacs are rarer, or nobody would ever fold to a bet.
    """
    maniac_chance = MANIAC_CHANCE * 2 / players
    return rng.uniform(*(MANIAC_RANGE if rng.random() < maniac_chance else STYLE_RANGE))


def stacked_deck(rng: random.Random, hands: Sequence[Sequence[Card]], players: int,
                 ) -> list[Card]:
    """A deck whose deal gives ``hands`` to the first players in dealing order.

    The deal goes round the table one card at a time (G5), so card ``k`` of
    the ``i``-th player dealt is the deck's card ``k * players + i``.
    """
    fixed = {k * players + i: card for i, hand in enumerate(hands)
             for k, card in enumerate(hand)}
    rest = [card for card in DECK if card not in fixed.values()]
    rng.shuffle(rest)
    return [fixed[index] if index in fixed else rest.pop() for index in range(52)]
