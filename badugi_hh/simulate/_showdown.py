"""A simulated showdown: pots and side pots, halves, odd chips, and what the log says.

The simulator's own reading of S1-S4, M3 and X3, apart from the engine's: the
uncovered part of a bet goes back, each pot goes to the best hand among those who
covered it (a split game's halves each to its own best hand), ties share with
the odd chips by S2.
"""

from __future__ import annotations

from collections.abc import Sequence

from badugi_hh.cards import Card
from badugi_hh.events import Award, Cards, Event, Show, StackStated, Street, UncalledReturned
from badugi_hh.rules import Ruleset
from badugi_hh.simulate._games import Game, HalfValue
from badugi_hh.simulate._table import Pot, Table


class ShowdownPlay:
    """The end of a simulated hand; :class:`~._hand.HandPlay` plays it."""

    table: Table
    rules: Ruleset
    game: Game
    button: str
    big_blind: str
    stack: dict[str, int]
    total_in: dict[str, int]
    all_in: set[str]
    cards: dict[str, list[Card]]
    alias: dict[Card, Card]

    def clockwise_after(self, player: str) -> list[str]:
        raise NotImplementedError

    def live(self) -> list[str]:
        raise NotImplementedError

    def hand_won(self) -> bool:
        raise NotImplementedError

    def emit(self, event_type: type[Event], **fields: object) -> None:
        raise NotImplementedError

    # -- the end -------------------------------------------------------------

    def end_after_fold(self) -> None:
        """The last player in takes every pot at once, no showdown (S4)."""
        self.return_uncovered()
        winner = self.live()[0]
        self.pay(winner, sum(self.total_in.values()), "")

    def showdown(self) -> None:
        """Every hand still in is shown, clockwise from the button; each pot goes to
        the best hand among those who contributed to it (S1, M3), or is split by
        halves in a split game (X3)."""
        self.emit(Street, kind="showdown")
        values: dict[str, dict[str, HalfValue]] = {}
        for player in self.live():
            cards = self.cards[player]
            if len(cards) == self.rules.hand_size:
                values[player] = self.game.values(cards)
            shown, description = self.shown(player, cards)
            self.emit(Show, player=player, cards=shown, description=description)
        self.return_uncovered()
        for pot in self.pots():
            self.award_pot(pot, values)

    def shown(self, player: str, cards: Sequence[Card]) -> tuple[Cards, str | None]:
        """The shown cards and their description (E1-E4, X2)."""
        shown = tuple(self.alias.get(card, card) for card in cards)
        if len(cards) != self.rules.hand_size:
            return shown, None
        return shown, self.game.describe(cards)

    def return_uncovered(self) -> None:
        """The part of the largest bet nobody covered goes back (S3)."""
        top, returned = self.uncovered()
        if returned:
            self.stack[top] += returned
            self.total_in[top] -= returned
            self.emit(UncalledReturned, player=top, amount=returned)

    def uncovered(self) -> tuple[str, int]:
        """Who put in the most, and by how much more than anyone else."""
        top, second = sorted(self.total_in, key=self.total_in.__getitem__, reverse=True)[:2]
        return top, self.total_in[top] - self.total_in[second]

    def pots(self) -> list[Pot]:
        """The main pot and the side pots (M3): one per all-in level of the players in.

        Each takes, from every player, what he put in between the level below
        and its own; those still in who reached its level may win it.
        """
        live = self.live()
        levels = sorted({self.total_in[p] for p in live if p in self.all_in}
                        | {max(self.total_in.values())})
        pots: list[Pot] = []
        floor = 0
        for level in levels:
            amount = sum(min(chips, level) - min(chips, floor) for chips in self.total_in.values())
            eligible = tuple(p for p in live if self.total_in[p] > floor)
            if amount and not eligible:   # chips only folded players reached
                last = pots.pop() if pots else Pot(0, tuple(live))
                amount, eligible = last.amount + amount, last.eligible
            if amount:
                pots.append(Pot(amount, eligible))
            floor = level
        if len(pots) == 1:
            return pots
        return [Pot(pot.amount, pot.eligible, "main" if index == 0 else f"side {index}")
                for index, pot in enumerate(pots)]

    def award_pot(self, pot: Pot, values: dict[str, dict[str, HalfValue]]) -> None:
        """The pot to its best hand; in a split game half to each half's best (X3)."""
        for player, amount, name in self.pot_awards(pot, values):
            self.pay(player, amount, name)

    def pot_awards(self, pot: Pot, values: dict[str, dict[str, HalfValue]],
                   ) -> list[tuple[str, int, str]]:
        """Who wins how much of ``pot``, and the name of the pot or half it comes from."""
        contenders = [p for p in pot.eligible if p in values]
        if len(pot.eligible) == 1 or not contenders:
            return [(pot.eligible[0], pot.amount, pot.name)]
        awards = []
        for half, amount in self.halves(pot, contenders, values):
            name = f"{pot.name} {half}".strip()
            winners = self.best(contenders, values, half or self.game.halves[0])
            awards += [(player, share, name) for player, share in self.shares(amount, winners)]
        return awards

    def halves(self, pot: Pot, contenders: list[str], values: dict[str, dict[str, HalfValue]],
               ) -> list[tuple[str, int]]:
        """How the pot is cut: whole (half ""), or the Badugi half with the odd chip and
        the lowball half; with no Badugi qualifier, all of it to the lowball (X3). A half
        is named as the registry names it (``badugi``, ``2-7``)."""
        if not self.game.split:
            return [("", pot.amount)]
        badugi, lowball = self.game.halves
        if not any(self.qualifies(values[p][badugi]) for p in contenders):
            return [(lowball, pot.amount)]
        odd = pot.amount - pot.amount // 2
        return [(badugi, odd), (lowball, pot.amount - odd)]

    def qualifies(self, value: HalfValue) -> bool:
        """Whether a hand may win a split game's Badugi half (``Ruleset.badugi_qualifier``)."""
        return self.rules.badugi_qualifier == "none" or getattr(value, "size", 0) == 4

    def best(self, contenders: list[str], values: dict[str, dict[str, HalfValue]],
             half: str) -> list[str]:
        """The contenders with the best value in ``half`` (a Badugi half needs a qualifier)."""
        allowed = [p for p in contenders
                   if half != self.game.halves[0] or not self.game.split
                   or self.qualifies(values[p][half])]
        best = min(values[p][half].rank for p in allowed)
        return [p for p in allowed if values[p][half].rank == best]

    def shares(self, amount: int, winners: list[str]) -> list[tuple[str, int]]:
        """Equal shares of a tie, the odd chips one each in the order of S2: the big blind
        first when the rules say so, then clockwise from the button."""
        order = [p for p in self.clockwise_after(self.button) if p in winners]
        if self.rules.odd_chip == "big_blind" and self.big_blind in order:
            order.remove(self.big_blind)
            order.insert(0, self.big_blind)
        share, odd = divmod(amount, len(order))
        return [(player, share + (index < odd)) for index, player in enumerate(order)]

    def pay(self, player: str, amount: int, pot: str) -> None:
        if amount:
            self.stack[player] += amount
            self.emit(Award, player=player, amount=amount, pot=pot)

    def state_stacks(self) -> None:
        for player in self.table.seats:
            self.emit(StackStated, player=player, amount=self.stack[player])
