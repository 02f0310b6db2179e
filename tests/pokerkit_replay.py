"""Test support: a simulated hand replayed by PokerKit, in a PokerKit game built for it.

PHH has codes for fixed-limit Badugi and 2-7 triple draw only, so the hands of
the other structures and of Badeucy go to PokerKit as :class:`pokerkit.State`
objects made here: the draw streets, the betting structure (PokerKit has no
half-pot limit: it plays those hands as no limit, which allows every size
half-pot limit does), the house cap in fixed limit, and the hand types (Badeucy
splits each pot between ``BadugiHand`` and 2-7's ``StandardLowHand``, with no
qualifier). Each event becomes PokerKit's own operation; what PokerKit refuses
is kept, with the event it refused.

Two readings differ, and are kept apart rather than hidden:

- PokerKit plays the full-bet rule: after an all-in of half a bet or more in fixed
  limit it refuses a full raise over it, where the half-bet rule (docs/rules.md,
  T1) allows one. Such a refusal is a :data:`T1_DIFFERENCE`.
- When every other player is all-in and nothing is owed, PokerKit still waits for a
  check from the one player with chips; RULES.md S3 has no betting then. That check
  moves no chip: it is made for PokerKit and counted (``checks_added``).
"""

from __future__ import annotations

import dataclasses

import pokerkit

from badugi_hh.cards import Card
from badugi_hh.engine import HandReport
from badugi_hh.events import (
    Bet, Call, Check, Deal, Draw, Event, Fold, Hand, Muck, PostBlind, Raise, Show, Street,
)
from badugi_hh.rules import Ruleset

T1_DIFFERENCE = "a full raise over an all-in of half a bet or more (the half-bet rule, T1)"

_HAND_TYPES = {"badugi": (pokerkit.BadugiHand,), "27td": (pokerkit.StandardLowHand,),
               "27sd": (pokerkit.StandardLowHand,),
               "badeucy": (pokerkit.BadugiHand, pokerkit.StandardLowHand)}
_STRUCTURES = {"fixed": pokerkit.BettingStructure.FIXED_LIMIT,
               "pot": pokerkit.BettingStructure.POT_LIMIT,
               "half-pot": pokerkit.BettingStructure.NO_LIMIT,
               "no": pokerkit.BettingStructure.NO_LIMIT}
_AUTOMATIONS = (pokerkit.Automation.ANTE_POSTING, pokerkit.Automation.BET_COLLECTION,
                pokerkit.Automation.BLIND_OR_STRADDLE_POSTING,
                pokerkit.Automation.CARD_BURNING, pokerkit.Automation.HAND_KILLING,
                pokerkit.Automation.CHIPS_PUSHING, pokerkit.Automation.CHIPS_PULLING)


@dataclasses.dataclass
class Replayed:
    """PokerKit's replay of one hand: its end, and what it refused."""

    state: pokerkit.State
    order: list[str]
    refused: list[tuple[Event, str]] = dataclasses.field(default_factory=list)
    checks_added: int = 0

    @property
    def stacks(self) -> dict[str, int]:
        return dict(zip(self.order, map(int, self.state.stacks)))

    @property
    def paid(self) -> set[str]:
        """Whom PokerKit paid from a pot (it pays a winner his unmatched chips back first,
        which we count as returned: only who, not how much)."""
        return {name for operation in self.state.operations
                if isinstance(operation, pokerkit.ChipsPushing)
                for name, amount in zip(self.order, operation.amounts) if amount}


def order_of(report: HandReport) -> list[str]:
    """The players from the left of the button round to the button (PokerKit's 0..n-1)."""
    seated = sorted(report.players.values(), key=lambda player: player.seat)
    button = report.players[report.button or ""]
    return ([p.name for p in seated if p.seat > button.seat]
            + [p.name for p in seated if p.seat <= button.seat])


def pokerkit_game(rules: Ruleset, starting: list[int], blinds: list[int]) -> pokerkit.State:
    """A PokerKit state of ``rules``'s game for the players' ``starting`` stacks."""
    fixed = rules.structure == "fixed"
    streets = []
    for number in range(1, rules.betting_rounds + 1):
        cap = (rules.max_raises if number == 1 else rules.max_bets_per_round) if fixed else None
        streets.append(pokerkit.Street(
            number > 1, (False,) * rules.hand_size if number == 1 else (), 0, number > 1,
            pokerkit.Opening.POSITION, rules.bet_size(number) if fixed else rules.big_blind,
            cap))
    deck = pokerkit.Deck.REGULAR if rules.game == "badugi" else pokerkit.Deck.STANDARD
    return pokerkit.State(_AUTOMATIONS, deck, _HAND_TYPES[rules.game], tuple(streets),
                          _STRUCTURES[rules.structure], True, 0, blinds, 0, starting,
                          len(starting))


def _cards(cards: tuple[Card | None, ...]) -> str:
    return "".join("??" if card is None else str(card) for card in cards)


class _Replay:
    def __init__(self, hand: Hand, report: HandReport) -> None:
        self.hand, self.report = hand, report
        self.order = order_of(report)
        self.index = {name: i for i, name in enumerate(self.order)}
        blinds = [0] * len(self.order)
        for event in hand.events:
            if isinstance(event, PostBlind):
                blinds[self.index[event.player]] += event.amount
        if len(blinds) == 2:
            blinds.reverse()   # PokerKit's heads-up blinds, as PHH writes them
        starting = [report.players[name].start_stack for name in self.order]
        self.replayed = Replayed(pokerkit_game(report.ruleset, starting, blinds), self.order)
        self.deals: dict[str, tuple[Card | None, ...]] = {}
        self.dealt = False
        self.round_in = dict.fromkeys(self.order, 0)
        self.drawn: list[tuple[str, str]] = []

    @property
    def state(self) -> pokerkit.State:
        return self.replayed.state

    def run(self) -> Replayed:
        for event in self.hand.events:
            try:
                self.event(event)
            except ValueError as error:
                self.replayed.refused.append((event, str(error)))
                return self.replayed
        self.deal()
        self.give_draws()
        while self.state.status and self.state.can_show_or_muck_hole_cards(()):
            self.state.show_or_muck_hole_cards(())
        return self.replayed

    def event(self, event: Event) -> None:
        if isinstance(event, Deal):
            self.deals[event.player] = event.cards
        elif isinstance(event, Street) and event.kind == "draw":
            self.deal()
            self.give_draws()
            self.settle_round()
            self.round_in = dict.fromkeys(self.order, 0)
        elif isinstance(event, Draw):
            self.deal()
            self.settle_round()
            self.state.stand_pat_or_discard(_cards(event.discarded))
            if event.discarded:
                drawn = event.drawn if event.drawn is not None else (None,) * len(
                    event.discarded)
                self.drawn.append((event.player, _cards(drawn)))
        elif isinstance(event, (Check, Call, Fold, Bet, Raise)):
            self.deal()
            self.give_draws()
            self.bet(event)
        elif isinstance(event, (Show, Muck)):
            self.deal()
            self.give_draws()
            self.settle_round()
            shown: str | bool = _cards(event.cards) if isinstance(event, Show) else False
            if self.state.can_show_or_muck_hole_cards(shown, self.index[event.player]):
                self.state.show_or_muck_hole_cards(shown, self.index[event.player])

    def deal(self) -> None:
        if not self.dealt:
            self.dealt = True
            size = self.report.ruleset.hand_size
            for name in self.order:
                self.state.deal_hole(_cards(self.deals.get(name, (None,) * size)),
                                     self.index[name])

    def give_draws(self) -> None:
        for name, cards in self.drawn:
            self.state.deal_hole(cards, self.index[name])
        self.drawn.clear()

    def settle_round(self) -> None:
        """PokerKit's check by the one player with chips, where S3 has no betting."""
        while (self.state.actor_index is not None and self.state.can_check_or_call()
               and self.state.checking_or_calling_amount == 0):
            self.state.check_or_call()
            self.replayed.checks_added += 1

    def bet(self, event: Check | Call | Fold | Bet | Raise) -> None:
        name = event.player
        if isinstance(event, Fold):
            self.state.fold()
        elif isinstance(event, (Check, Call)):
            self.round_in[name] += event.amount if isinstance(event, Call) else 0
            self.state.check_or_call()
        else:
            to = event.to if isinstance(event, Raise) else self.round_in[name] + event.amount
            self.round_in[name] = to
            self.state.complete_bet_or_raise_to(to)


def replay(hand: Hand, report: HandReport) -> Replayed:
    """PokerKit's replay of ``hand``, which the engine reported as ``report``."""
    return _Replay(hand, report).run()


def is_t1_difference(hand: Hand, refused: Event) -> bool:
    """Whether PokerKit refused a raise over an all-in raise or bet (fixed limit): the bet
    or raise before it in its round was a player's all-in."""
    if not isinstance(refused, Raise) or hand.ruleset.structure != "fixed":
        return False
    for event in reversed(hand.events[:hand.events.index(refused)]):
        if isinstance(event, Street):
            return False
        if isinstance(event, (Bet, Raise)):
            return event.all_in
    return False
