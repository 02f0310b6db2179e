"""Hands that break one rule of the play each: the table, the cards, the betting, the draws.

Each fault is a :class:`~._hand.HandPlay` that overrides one small method, so the
hand is played by the rules but for the one mistake (G1-G6, B1-B7, D1-D4, M1,
M2). :mod:`._faults` plays them.
"""

from __future__ import annotations

from collections.abc import Sequence

from badugi_hh.cards import JOKER, Card, parse_cards, rank_name
from badugi_hh.events import Call
from badugi_hh.simulate._hand import HandPlay
from badugi_hh.simulate._table import Table, stacked_deck

#: The hands RULES.md E5 evaluates; a wrong description of one is reported as E5.
WORKED_EXAMPLES = frozenset(frozenset(parse_cards(h)) for h in ("As 2h 3d Kd", "Ah 2c 3d 2h"))
#: Names no simulated table seats, for the stranger of G1.
STRANGERS = ("Zeca", "Yara", "Xavi")


class Fault(HandPlay):
    """A hand that breaks one rule once; ``applied`` tells whether it had the chance."""

    applied = False


def describe_badugi(size: int, ranks: Sequence[int]) -> str:
    """A Badugi value in the project's words, e.g. ``badugi 9-7-4-2``, ``3-card 8-7-6``."""
    kind = "badugi" if size == 4 else f"{size}-card"
    return f"{kind} {'-'.join(rank_name(r) for r in sorted(ranks, reverse=True))}"


# -- G: table, cards, blinds -------------------------------------------------------

class StrangerActs(Fault):
    """G1: a player not seated at the table calls the big blind."""

    def post_blinds(self) -> None:
        super().post_blinds()
        stranger = next(name for name in STRANGERS if name not in self.table.seats)
        self.emit(Call, player=stranger, amount=self.rules.big_blind)
        self.applied = True


class JokerDealt(Fault):
    """G2: the log names one card dealt to a player the joker."""

    def deal(self) -> None:
        order = self.deal_order()
        victim = self.rng.choice([p for p in order if p != self.hidden])
        self.alias[self.deck[order.index(victim)]] = JOKER
        self.applied = True
        super().deal()


class StackMisstated(Fault):
    """G3: the log gives a player one chip too many at the end of the hand.

    The session goes on from the stated stacks, as the log has it, so only
    this statement disagrees with the chips.
    """

    def state_stacks(self) -> None:
        self.stack[self.rng.choice(self.table.players)] += 1
        self.applied = True
        super().state_stacks()


class ButtonStays(Fault):
    """G4 (heads-up): the button stays where it was; later hands alternate from there."""

    def choose_button(self) -> str:
        if self.table.button is None:
            return super().choose_button()
        self.applied = True
        return self.table.button


class DealtOutOfOrder(Fault):
    """G5: the second player left of the button is dealt first (heads-up: the dealer)."""

    def deal_order(self) -> list[str]:
        first, second, *rest = super().deal_order()
        self.applied = True
        return [second, first, *rest]


class SameDeal(Fault):
    """G6: each player gets the very cards of the previous hand: no shuffle."""

    def choose_hidden(self) -> None:
        return None

    def shuffled_deck(self) -> list[Card]:
        last = self.table.last_deal or {}
        previous = [last.get(player, ()) for player in self.deal_order()]
        if not all(len(cards) == self.rules.hand_size and None not in cards
                   for cards in previous):
            return super().shuffled_deck()
        self.applied = True
        return stacked_deck(self.rng, previous, len(previous))   # type: ignore[arg-type]


# -- B: betting ----------------------------------------------------------------------

class DrawMissing(Fault):
    """B1 (X1 in a split game): the showdown comes after two draws and three rounds."""

    def draws_to_play(self) -> int:
        return self.rules.draws - 1

    def showdown(self) -> None:
        # All-in, the engine would blame the missing draw on S3 instead.
        self.applied = not self.all_in
        super().showdown()


class WrongBetSize(Fault):
    """B2: fixed limit, a bet of the big bet in round 2, or of the small bet in rounds 3
    and 4; pot and half-pot limit, a chip more than the pot allows; no limit, a chip
    less than the big blind."""

    def bet_amount(self, player: str, size: int) -> int:
        if self.rules.structure == "fixed":
            wrong = self.rules.big_bet if size == self.rules.small_bet else self.rules.small_bet
        else:
            least, most = self.bet_range()
            wrong = least - 1 if most is None else most + 1
        if self.applied or not 0 < wrong < self.stack[player]:
            return size
        self.applied = True
        return wrong


class RaiseAfterCap(Fault):
    """B3: a raising war in one round, with a raise past the cap."""

    def __init__(self, table: Table) -> None:
        super().__init__(table)
        self.war_round = self.rng.randint(1, self.rules.betting_rounds)
        self.war_on = False

    def betting_round(self, number: int) -> None:
        self.war_on = number == self.war_round
        super().betting_round(number)

    def can_raise(self, player: str) -> bool:
        if super().can_raise(player):
            return True
        capped = self.bets >= self.rules.max_bets_per_round
        return (self.war_on and capped and not self.applied
                and any(p != player for p in self.able())
                and self.stack[player] > self.to_match - self.round_in[player])

    def choose_action(self, player: str, number: int) -> str:
        if self.war_on and "raise" in self.options(player):
            self.applied = self.applied or self.bets >= self.rules.max_bets_per_round
            return "raise"
        return super().choose_action(player, number)


class CheckFacingBet(Fault):
    """B4: a player checks facing a bet after a draw, and puts nothing in."""

    def choose_action(self, player: str, number: int) -> str:
        if (not self.applied and number > 1 and not self.all_in   # else S3 has a say too
                and self.to_match > self.round_in[player]):
            self.applied = True
            return "check"
        return super().choose_action(player, number)


class RoundCutShort(Fault):
    """B5: the next draw starts while a player still has to act."""

    def round_ends_early(self, number: int) -> bool:
        if self.applied or number >= self.rules.betting_rounds or self.all_in:
            return False
        self.applied = True
        return True


class OutOfTurn(Fault):
    """B6 heads-up, M2 multiway: in one betting round the second player to act acts first."""

    def __init__(self, table: Table) -> None:
        super().__init__(table)
        self.wrong_round = self.rng.randint(1, self.rules.betting_rounds)

    def acting_order(self, number: int) -> list[str]:
        order = super().acting_order(number)
        able = self.still_to_act(order)
        if number != self.wrong_round or self.all_in or len(able) < 2:
            return order
        self.applied = True
        first, second = order.index(able[0]), order.index(able[1])
        order[first], order[second] = order[second], order[first]
        return order


class WrongCall(Fault):
    """B7: a call of the whole amount to match, forgetting what is already in."""

    def call_amount(self, player: str) -> int:
        if self.applied or not self.round_in[player] or self.to_match >= self.stack[player]:
            return super().call_amount(player)
        self.applied = True
        return self.to_match


# -- D: draws ---------------------------------------------------------------------------

class DrawsOutOfOrder(Fault):
    """D1: in one draw the second player left of the button draws first."""

    def drawing_order(self) -> list[str]:
        order = super().drawing_order()
        if self.applied or len(order) < 2:
            return order
        self.applied = True
        return [order[1], order[0], *order[2:]]


class ShortReplacement(Fault):
    """D2: in the last draw a player discards two or more and receives one card fewer."""

    def replacements(self, discarded: int, number: int) -> int:
        if self.applied or number < self.rules.draws or discarded < 2:
            return discarded
        self.applied = True
        return discarded - 1


class NoBurn(Fault):
    """D3: no card is burned before a draw."""

    def burn(self) -> None:
        if self.applied:
            super().burn()
        else:
            self.applied = True   # the first draw goes without its burn


class CardDealtTwice(Fault):
    """D4: the last card dealt is the first card again, for all to see."""

    def choose_hidden(self) -> None:
        return None

    def shuffled_deck(self) -> list[Card]:
        deck = super().shuffled_deck()
        deck[len(self.table.seats) * self.rules.hand_size - 1] = deck[0]
        self.applied = True
        return deck
