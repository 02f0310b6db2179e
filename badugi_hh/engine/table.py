"""The table during a hand: who sits where, the button, the blinds, who is still in.

:class:`Table` seats the players of one hand (each a :class:`TablePlayer`, whose
chips are a :class:`~badugi_hh.ledger.Stake`), knows the clockwise orders the
rules count from (G4, G5, M1, M2) and how many players can still act. It checks
what seats and stacks break (G1, G3, T2, T6) through the ``report`` it is given.

>>> from badugi_hh.rules import HOUSE
>>> found = []
>>> table = Table(HOUSE.replace(max_players=6), lambda *v: found.append(v), carried={})
>>> for name, seat in (("Ana", 1), ("Bruno", 3), ("Carla", 5)):
...     table.sit(name, seat, 100, line=1)
>>> table.button_seat = 3
>>> [p.name for p in table.order_after(3)]
['Carla', 'Ana', 'Bruno']
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Mapping, Sequence
from operator import attrgetter

from badugi_hh.cards import Card
from badugi_hh.engine.lines import chips_lines
from badugi_hh.engine.names import misspelling_of, not_seated
from badugi_hh.engine.report import chips, new_tuple
from badugi_hh.engine.state import PlayerState
from badugi_hh.events import Button, Cards, Event, Hand, Seat
from badugi_hh.ledger import Stake
from badugi_hh.rules import Ruleset

__all__ = ["Report", "Table", "TablePlayer"]

#: How a part of the engine reports a broken rule: ``report(rule, line, message)``.
Report = Callable[[str, int, str], None]


class TablePlayer(Stake):
    """A player dealt in: his chips (a :class:`Stake`), cards and standing in the hand.

    Not a dataclass, whose ``__init__`` stays Python when the engine is compiled: six
    of these are made a hand.
    """

    def __init__(self, name: str, seat: int, start: int, stack: int) -> None:
        self.put_in = self.dead = self.round_in = 0   # a Stake's start: nothing put in
        self.name = name
        self.seat = seat
        self.start = start
        self.stack = stack
        """Chips behind: ``start`` less what he put in."""
        self.folded_in_round: int | None = None
        self.all_in = False
        self.cards: list[Card | None] = []
        """What he holds now (None where unseen)."""
        self.dealt: Cards = ()

    @property
    def folded(self) -> bool:
        return self.folded_in_round is not None

    def frozen(self) -> PlayerState:
        """His state at the end of the hand."""
        return new_tuple(PlayerState, (self.name, self.seat, self.start, self.put_in,
                                       self.dead, self.folded_in_round, self.all_in,
                                       self.dealt))


seat_of = attrgetter("seat")


def for_money(hand: Hand) -> bool:
    """Whether ``hand`` is played at a cash table (in a currency, or a unit of cents),
    where a player may add chips between hands (T6)."""
    return hand.currency is not None or hand.unit > 1


def contradicts(carried: int | None, stack: int | None, *, cash: bool) -> bool:
    """Whether the ``stack`` a hand states for a player (None: none) contradicts the one
    ``carried`` from the hand before (G3): at a cash table a player may add chips between
    hands (T6), never take them."""
    if stack is None or carried is None or stack == carried:
        return False
    return not (cash and stack > carried)


class Table:
    """The players of one hand by seat, the button and the big blind, and who can act.

    ``carried`` holds each player's stack at the end of the hand before (G3);
    ``cash``: the hand is played for money, where a stack may grow between hands
    (T6); ``report`` is how a broken rule is told. ``other_account``: the chips' account
    of each player's start where the log stated another (G3), which a call beyond his
    stack behind may be played from (B7).
    """


    def __init__(self, rules: Ruleset, report: Report, carried: Mapping[str, int], *,
                 cash: bool = False, other_account: Mapping[str, int] | None = None) -> None:
        self.rules = rules
        self.report = report
        self.carried = carried
        self.other_account: Mapping[str, int] = other_account or {}
        self.cash = cash
        self.players: dict[str, TablePlayer] = {}
        self.able = 0                  # players neither folded nor all-in
        self.live = 0                  # players who have not folded
        self.button_seat: int | None = None
        self.last_button: tuple[str, int] | None = None   # the hand before's: name, seat
        self.follows_hand = False   # whether the hand before at this table is known (T3)
        self.big_blind: str | None = None
        self.idle: dict[str, int] = {}   # seated, not dealt in (T2): their stacks
        self.sitting_out: set[str] = set()   # dealt in, though sitting out (a tournament)
        self.vacated: set[int] = set()   # seats of players not dealt in, or gone since (T2)
        self.broke: set[str] = set()   # left with no chips by the hand before (N1)
        self.chips_as_logged: set[str] = set()   # of them, those the log puts chips in for
        self._orders: dict[int | None, list[TablePlayer]] = {}   # seat -> clockwise order
        self._able: dict[tuple[int | None, int], list[str]] = {}   # (seat, able) -> names
        self._strangers_told: set[tuple[str, int]] = set()   # (name, line) of each G1 said

    @property
    def heads_up(self) -> bool:
        """Two players dealt in: the dealer posts the small blind (G4), whatever the
        table's size; at a site's 8-seat table two players often play alone."""
        return self.rules.max_players == 2 or len(self.players) == 2

    @property
    def blind_rule(self) -> str:
        """Who posts what, and who acts when: G4 heads-up, M1 multiway."""
        return "G4" if self.heads_up else "M1"

    # -- seats -------------------------------------------------------------------

    def sit(self, name: str, seat: int, stack: int | None, line: int) -> None:
        """``name`` is dealt in at ``seat`` with ``stack`` (None: the carried stack); a
        seat line that adds no chips to a broke player's none leaves him as he was (N1)."""
        if name in self.broke and not stack:
            return
        carried = self.carried.get(name)
        if stack is None:
            stack = carried if carried is not None else (self.rules.starting_stack or 0)
        elif contradicts(carried, stack, cash=self.cash):
            self.report("G3", line, f"{name} starts with {chips(stack)}, but ended the "
                        f"previous hand with {chips(carried or 0)}")
        self._deal_in(name, seat, stack)

    def _deal_in(self, name: str, seat: int, stack: int) -> None:
        if name not in self.players:
            self.able += 1
            self.live += 1
        self.players[name] = TablePlayer(name, seat, stack, stack)
        self._orders.clear()
        self._able.clear()

    def sit_session(self, seats: Mapping[str, int], events: Sequence[Event], line: int) -> None:
        """Deal in the players a house session's header seats (``seats``), with their
        carried stacks, but those the hand's own seat lines (in ``events``) say sit out
        (T2): these lines may follow the button, where the players are counted (G1).

        A player who ended the hand before with no chips left (N1) cannot post or act:
        he sits out too, unless the hand's own seat line deals him in (chips added) or
        fewer than two players with chips are left to play without him (heads-up). A
        hand that has him put chips in all the same is played as the log counts them
        (:meth:`_sit_as_logged`): the one G1 of the slip."""
        if not seats:
            return   # a site's hand: its seat lines seat its players
        seat_lines = [event for event in events if type(event) is Seat]
        out = {event.player for event in seat_lines if not event.in_hand}
        dealt = {event.player for event in seat_lines if event.in_hand and event.stack}
        playing = {name: seat for name, seat in seats.items() if name not in out}
        broke = {name for name in playing if name not in dealt and self._broke(name)}
        if len(playing) - len(broke) < 2:   # no hand without him: judged as the log plays it
            broke = set()
        self.broke = broke
        first_chips, chips = (chips_lines(events, self.rules.structure is not None) if broke
                              else ({}, {}))
        for name, seat in playing.items():
            if name in first_chips and name in broke:
                self._sit_as_logged(name, seat, chips[name], first_chips[name])
            elif name in broke:
                self.sit_out(name, None, line)
                self.vacated.add(seat)
            else:
                self.sit(name, seat, None, line)

    def _sit_as_logged(self, name: str, seat: int, chips: int, line: int) -> None:
        """Deal in ``name``, broke, whom the log has put chips in first on ``line``: one
        G1, and the hand played as the log counts his chips, so that the blinds, the
        turns and the pot the others play are the log's (one mistake, one violation).
        He is seated with the ``chips`` his lines put in, so that a line of his that puts
        in his last is all in, and starts with what he did put in (:meth:`count_as_logged`)."""
        self.report("G1", line, f"{name} has no chips left, yet puts chips in; the hand "
                    "is played as the log counts them (N1)")
        self._deal_in(name, seat, chips)
        self.chips_as_logged.add(name)

    def count_as_logged(self) -> None:
        """The hand over, each player dealt in broke (:meth:`_sit_as_logged`) started it
        with the chips he put in, no more: none of the stack he was seated with is left."""
        for name in self.chips_as_logged:
            player = self.players[name]
            player.start -= player.stack
            player.stack = 0

    def _broke(self, name: str) -> bool:
        """``name`` ended the hand before with no chips left (N1)."""
        carried = self.carried.get(name)
        return carried is not None and carried <= 0

    def sit_out(self, name: str, stack: int | None, line: int) -> None:
        """``name`` is seated but not dealt in (T2): no part in the hand, his stack carried."""
        carried = self.carried.get(name)
        if contradicts(carried, stack, cash=self.cash):
            self.report("G3", line, f"{name} sits with {chips(stack or 0)}, but ended the "
                        f"previous hand with {chips(carried or 0)}")
        kept = carried if stack is None else stack
        if kept is not None:
            self.idle[name] = kept

    def player(self, name: str, line: int) -> TablePlayer | None:
        """The player dealt in as ``name``, else a G1 report and None: one seated but sitting
        out the hand, or left with no chips, is told apart from one who has no seat. A
        hand-typed name that misspells one player's (:meth:`misspelt`) is reported too, and
        read as his."""
        if name in self.players:
            return self.players[name]
        seated = self._seated_as(name, line)
        if seated != name:   # nobody's, or the misspelt name of a player dealt in
            return None if seated is None else self.players[seated]
        why = ("has no chips left, so takes no part in the hands after (N1)"
               if self.idle[name] <= 0   # seated, not dealt in this hand: his stack says why
               else "sits out this hand: seated, but not dealt in, so takes no part in it (T2)")
        self.report("G1", line, f"{name} {why}")
        return None

    def button_named(self, button: Button) -> int | None:
        """The seat of ``button``: where the log names its player instead, his seat, the
        name read as any other (:meth:`player`: a misspelt one is his, with a G1). A name
        nobody is dealt in under leaves the button unknown, as a hand that names none."""
        if button.player is None:
            return button.seat
        player = self.players.get(button.player) or self.player(button.player, button.line)
        return None if player is None else player.seat

    def button_at(self, seat: int, line: int) -> None:
        """The button is at ``seat`` (named, or told by the small blind): heads-up in
        the house game it alternates every hand (G4); a site's may stay put (a dead
        button)."""
        self.button_seat, last = seat, self.last_button
        rules = self.rules
        if rules.button_alternates and rules.max_players == 2 and last and last[1] == seat:
            self.report("G4", line, f"the button stays with {last[0]}; it alternates every hand")

    def name_of(self, name: str, line: int) -> str:
        """The name a log's ``name`` is read as (:meth:`player`): the player's whose name
        it misspells, else as written."""
        player = self.player(name, line)
        return name if player is None else player.name

    def claim(self, claims: dict[str, tuple[int, int]], name: str, amount: int,
              line: int) -> None:
        """Keep in ``claims`` what the log claims of ``name`` on ``line`` (a stack, a net, a
        return, a summary's result), to be checked once the hand is settled, under the name
        he is seated as (:meth:`_seated_as`). A claim of nobody's is not kept: it is said
        (G1), but there are no chips of his to check it against."""
        seated = self._seated_as(name, line)
        if seated is not None:
            claims[seated] = (amount, line)

    def _seated_as(self, name: str, line: int) -> str | None:
        """The name of the player seated as ``name``, dealt in or not (T2): his own; else,
        with a G1, the name of the player dealt in that it misspells (:meth:`misspelt`),
        or None where it is nobody's. The G1 is said once for a line, however many of its
        claims name him (a site's summary line states a stack and a net)."""
        if name in self.players or name in self.idle:
            return name
        player = self.misspelt(name)
        if (name, line) not in self._strangers_told:
            self._strangers_told.add((name, line))
            self.report("G1", line, not_seated(name, None if player is None else player.name))
        return None if player is None else player.name

    def misspelt(self, name: str) -> TablePlayer | None:
        """The player dealt in whose name ``name`` misspells, where names are typed by hand
        (``Ruleset.names_by_hand``): the only one whose name it is in another case, or,
        with none such, the only one whose name it is but for one slip (:func:`.names.one_slip`).
        None where no player, or more than one, matches: a guess would be a coin's toss."""
        if not self.rules.names_by_hand:
            return None
        found = misspelling_of(name, self.players)
        return None if found is None else self.players[found]

    # -- orders ------------------------------------------------------------------

    def order_after(self, seat: int | None) -> list[TablePlayer]:
        """Players clockwise, starting with the first seat after ``seat`` (None: by seat)."""
        order = self._orders.get(seat)
        if order is None:
            by_seat = self._orders.get(None)
            if by_seat is None:   # sorted once per hand, then only rotated
                by_seat = self._orders[None] = sorted(self.players.values(), key=seat_of)
            if seat is None:
                return by_seat
            first = bisect_right(by_seat, seat, key=seat_of)   # the first seat after it
            order = self._orders[seat] = by_seat[first:] + by_seat[:first]
        return order

    def can_act_after(self, seat: int | None, to_match: int, *, skip: str = "") -> list[str]:
        """Who still has a decision, in order from left of ``seat``; with one player
        or none left to bet against, only those who owe a call (S3)."""
        # Who can act changes only when a player folds or goes all-in (``able`` falls):
        # the names are worked out once for each count, not at every bet.
        key = (seat, self.able)
        able = self._able.get(key)
        if able is None:
            able = self._able[key] = [p.name for p in self.order_after(seat)
                                      if not (p.all_in or p.folded_in_round is not None)]
        names = list(able)
        if skip and skip in names:
            names.remove(skip)
        if len(names) + (1 if skip else 0) < 2:
            players = self.players
            return [n for n in names if players[n].round_in < to_match]
        return names

    def no_more_betting(self, to_match: int) -> bool:
        """At most one player can still bet and nobody owes a call (S3)."""
        return self.able < 2 and all(p.round_in >= to_match or p.all_in
                                     or p.folded_in_round is not None
                                     for p in self.players.values())

    @property
    def button(self) -> str | None:
        """The player on the button, if one is dealt in there."""
        return next((p.name for p in self.players.values() if p.seat == self.button_seat),
                    None)

    # -- chips -------------------------------------------------------------------

    def put_in(self, player: TablePlayer, amount: int, line: int) -> None:
        """``amount`` goes in as ``player``'s bet or call of the round: his stake, his stack."""
        player.add(amount)
        self.take(player, amount, line)

    def take(self, player: TablePlayer, amount: int, line: int) -> None:
        """``amount`` leaves ``player``'s stack (his stake counts it); all-in at 0 (S3)."""
        if amount > player.stack:
            self.report("S3", line, f"{player.name} puts in {chips(amount)} with only "
                        f"{chips(player.stack)} behind; a short stack goes all-in for the "
                        "rest")
            # The pot follows the log's chips, so he had them: the S3 is the one
            # violation, and his start grows by the shortfall rather than his stack going
            # below zero, so that his end stack stays his start plus his net, never negative.
            player.start += amount - player.stack
            player.stack = amount
        player.stack -= amount
        if player.stack <= 0 and not player.all_in:
            player.all_in = True
            self.able -= player.folded_in_round is None

    def covered_by_other_account(self, player: TablePlayer, amount: int) -> bool:
        """Whether ``player``'s stack behind, as the table's other account of his start
        has it (where it keeps two: G3), covers ``amount``."""
        start = self.other_account.get(player.name)
        return start is not None and start - (player.start - player.stack) >= amount

    def fold(self, player: TablePlayer, round_number: int) -> None:
        """``player`` folds in ``round_number``: out of the hand."""
        player.folded_in_round = round_number
        self.live -= 1
        if not player.all_in:
            self.able -= 1
