"""The rules engine: replays hands event by event and reports every violation.

The engine sees only :mod:`badugi_hh.events`, never text, so it audits every
log dialect alike. It keeps its own account of every chip and every card and
compares it with what the log states (winners, amounts, descriptions, stacks).
A violation names the rule id of RULES.md, the hand, the source line and says
what went wrong in a sentence a player understands. After reporting, the
engine follows the log's version (the stated award, the stated stack), so one
mistake is reported once and does not echo through the rest of the session.

>>> from badugi_hh.cards import parse_cards
>>> from badugi_hh.events import *
>>> from badugi_hh.rules import HOUSE
>>> ev = [Button(seat=1, line=1),
...       PostBlind(player="Ana", amount=1, kind="small", line=2),
...       PostBlind(player="Bruno", amount=2, kind="big", line=3),
...       Deal(player="Bruno", cards=parse_cards("7c 8c 9h Qs"), line=4),
...       Deal(player="Ana", cards=parse_cards("As 2h 3d Kd"), line=5),
...       Raise(player="Ana", to=6, line=6),
...       Fold(player="Bruno", line=7),
...       Award(player="Ana", amount=4, line=8)]
>>> hand = Hand(hand_id="demo#1", number=1, ruleset=HOUSE, events=ev, source="demo.txt")
>>> report = replay_hand(hand, seats={"Ana": 1, "Bruno": 2})
>>> [str(v) for v in report.violations]
['demo.txt:6: [B2] demo#1: Ana raises to 6, but a raise before the first draw goes to 4 (the bet is 2)']
>>> report.net
{'Ana': 2, 'Bruno': -2}
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from operator import attrgetter
from typing import NamedTuple

from badugi_hh.cards import JOKER, Card, format_cards, parse_cards, rank_name
from badugi_hh.evaluate import BadugiValue, EvaluationError, badugi_value, parse_description
from badugi_hh.events import (
    Award, Bet, Burn, Button, Call, Cards, Check, Deal, Draw, DrawnCards, Event,
    Fold, Hand, Muck, NetStated, Note, ParseError, PlayerEvent, PostBlind, PotTotal,
    Raise, Record, Seat, SessionEnd, SessionStart, Show, SkippedHand, StackStated, Street,
    SummaryResult, UncalledReturned,
)
from badugi_hh.rules import Ruleset

__all__ = [
    "Violation", "ActionRecord", "DrawRecord", "PlayerResult", "Pot",
    "HandReport", "SessionReport", "HandReplay", "Auditor",
    "replay_hand", "audit",
]

ROUND_NAMES = ("before the first draw", "after the first draw",
               "after the second draw", "after the third draw")
DRAW_NAMES = ("first", "second", "third")


def _round_name(number: int) -> str:
    return ROUND_NAMES[number - 1] if number <= len(ROUND_NAMES) else f"round {number}"


def _draw_name(number: int) -> str:
    return DRAW_NAMES[number - 1] if number <= len(DRAW_NAMES) else f"extra ({number}th)"


# -- what the engine reports ---------------------------------------------------

@dataclass(frozen=True, slots=True)
class Violation:
    """A broken rule: its id, where it happened, and a sentence explaining it."""

    rule: str
    message: str
    hand_id: str | None
    source: str
    line: int

    def __str__(self) -> str:
        where = f"{self.hand_id}: " if self.hand_id else ""
        return f"{self.source}:{self.line}: [{self.rule}] {where}{self.message}"


class ActionRecord(NamedTuple):
    """One betting action, with the chips it put in (``amount``)."""

    player: str
    round: int
    kind: str          # post, check, bet, call, raise, fold
    amount: int        # chips added by this action
    to: int            # the player's total in this round afterwards
    all_in: bool
    facing: int        # chips the player had to add to call before acting
    line: int


#: Builds a NamedTuple from a tuple of its fields, without the constructor's overhead.
_new_tuple = tuple.__new__


class DrawRecord(NamedTuple):
    """One player's draw, and the hand it leaves (``None`` where unseen)."""

    player: str
    draw: int
    discarded: Cards
    drawn: Cards
    hand_after: Cards
    line: int

    @property
    def count(self) -> int:
        return len(self.discarded)

    @property
    def stands_pat(self) -> bool:
        return not self.discarded


@dataclass(slots=True)
class PlayerResult:
    name: str
    seat: int
    position: str                 # button, small blind, big blind, or "" (multiway)
    start_stack: int
    contributed: int = 0
    returned: int = 0
    won: int = 0
    end_stack: int = 0
    folded_in_round: int | None = None
    saw_showdown: bool = False
    shown: Cards | None = None
    value: BadugiValue | None = None
    dealt: Cards = ()

    @property
    def net(self) -> int:
        return self.won + self.returned - self.contributed


@dataclass(frozen=True, slots=True)
class Pot:
    amount: int
    eligible: tuple[str, ...]
    winners: tuple[str, ...] = ()


@dataclass(slots=True)
class HandReport:
    """Everything the engine established about one hand."""

    hand_id: str
    number: int
    source: str
    line: int
    session_id: str
    ruleset: Ruleset
    players: dict[str, PlayerResult]
    button: str | None = None
    big_blind: str | None = None
    actions: list[ActionRecord] = field(default_factory=list)
    draws: list[DrawRecord] = field(default_factory=list)
    pots: list[Pot] = field(default_factory=list)
    rake: int = 0
    ended: str = "incomplete"     # "fold", "showdown" or "incomplete"
    rounds_played: int = 0
    draws_played: int = 0
    violations: list[Violation] = field(default_factory=list)
    idle: dict[str, int] = field(default_factory=dict)
    """Players seated but not dealt in (T2), with the stacks they keep."""
    notes: list[str] = field(default_factory=list)
    """What the audit could not judge, and why: information, not violations."""

    @property
    def pot_total(self) -> int:
        return sum(p.contributed - p.returned for p in self.players.values())

    @property
    def net(self) -> dict[str, int]:
        return {name: p.net for name, p in self.players.items()}

    @property
    def end_stacks(self) -> dict[str, int]:
        """Every seated player's stack after the hand, those not dealt in included."""
        return {**self.idle, **{name: p.end_stack for name, p in self.players.items()}}

    @property
    def winners(self) -> tuple[str, ...]:
        return tuple(n for n, p in self.players.items() if p.won > 0)


@dataclass(slots=True)
class SessionReport:
    session_id: str
    source: str
    hands: int
    stacks: dict[str, int]
    winner: str | None             # None: a draw, or nobody known
    violations: list[Violation] = field(default_factory=list)


# -- replaying one hand --------------------------------------------------------

@dataclass(slots=True)
class _Player:
    name: str
    seat: int
    stack: int                     # chips behind
    start: int
    total_in: int = 0
    round_in: int = 0
    folded: bool = False
    all_in: bool = False
    folded_in_round: int | None = None
    cards: list[Card | None] = field(default_factory=list)
    dealt: Cards = ()


_seat_of = attrgetter("seat")
_total_in_of = attrgetter("total_in")


class HandReplay:
    """The state machine of one hand: :meth:`feed` it events, then :meth:`finish`.

    ``seats`` names the players when the hand itself does not (the house
    format seats them in the session header); ``stacks`` gives the chips each
    starts with when the hand does not state them. ``previous`` is the
    report of the hand before at the same table, for the rules that link
    hands (the button alternates, the deck is reshuffled).
    """

    # slots: a cheaper __init__ and attribute access, on the hot path of every event
    __slots__ = (
        "hand", "rules", "previous", "_stacks", "violations", "players", "_orders",
        "able", "live", "actions", "draws", "button_seat", "button_line", "big_blind",
        "round", "round_closed", "pending", "to_match", "bets_in_round",
        "draw_number", "in_draw", "to_draw", "drew", "burns",
        "seen", "out_of_play", "cards_used", "dealt_order",
        "showdown", "fold_line", "after_fold_reported",
        "stated_awards", "award_line", "stated_returns", "stated_stacks", "stated_net",
        "descriptions", "mucked", "shown", "pot_total", "last_line", "idle",
        "full_to", "summary_won", "blinds_checked",
    )

    def __init__(self, hand: Hand, seats: dict[str, int] | None = None,
                 stacks: dict[str, int] | None = None,
                 previous: HandReport | None = None) -> None:
        self.hand = hand
        self.rules = hand.ruleset
        self.previous = previous
        self._stacks = stacks or {}
        self.violations: list[Violation] = []
        self.players: dict[str, _Player] = {}
        self._orders: dict[int | None, list[_Player]] = {}   # seat -> clockwise order
        self.able = 0                  # players neither folded nor all-in
        self.live = 0                  # players who have not folded
        for name, seat in (seats or {}).items():
            self._sit(name, seat, None, hand.line)
        self.actions: list[ActionRecord] = []
        self.draws: list[DrawRecord] = []
        self.button_seat: int | None = None
        self.button_line = hand.line
        self.big_blind: str | None = None
        # betting
        self.round = 0                 # betting round under way, 0 before the blinds
        self.round_closed = False
        self.pending: list[str] = []   # who must still act this round, in order
        self.to_match = 0
        self.full_to = 0               # the last full bet or raise: raises go from it (T1)
        self.blinds_checked = False    # whether a big blind was looked for at the deal
        self.bets_in_round = 0
        # draws
        self.draw_number = 0           # draws begun
        self.in_draw = False
        self.to_draw: list[str] = []   # who must still draw, in order
        self.drew: set[str] = set()
        self.burns = 0                 # burns in the draw under way
        # cards
        self.seen: dict[Card, str] = {}
        self.out_of_play: set[Card] = set()
        self.cards_used = 0
        self.dealt_order: list[str] = []
        # ending
        self.showdown = False
        self.fold_line = 0             # the fold that ended the hand
        self.after_fold_reported = False
        # what the log states
        self.stated_awards: dict[str, int] = {}
        self.award_line = 0
        self.stated_returns: dict[str, tuple[int, int]] = {}
        self.stated_stacks: dict[str, tuple[int, int]] = {}
        self.stated_net: dict[str, tuple[int, int]] = {}
        self.descriptions: dict[str, tuple[str, int]] = {}
        self.mucked: set[str] = set()
        self.shown: dict[str, Cards] = {}
        self.pot_total: tuple[int | None, int, int] | None = None   # total, rake, line
        self.last_line = hand.line
        self.idle: dict[str, int] = {}   # seated, not dealt in (T2): their stacks
        self.summary_won: dict[str, tuple[int, int]] = {}   # the summary's wins, with lines

    def report(self, rule: str, line: int, message: str) -> None:
        self.violations.append(Violation(rule, message, self.hand.hand_id,
                                         self.hand.source, line))

    @property
    def heads_up(self) -> bool:
        """Two players dealt in: the dealer posts the small blind (G4), whatever the
        table's size; at a site's 8-seat table two players often play alone."""
        return self.rules.max_players == 2 or len(self.players) == 2

    # -- table ----------------------------------------------------------------

    def _sit(self, name: str, seat: int, stack: int | None, line: int) -> None:
        carried = self._stacks.get(name)
        if stack is None:
            stack = carried if carried is not None else (self.rules.starting_stack or 0)
        elif carried is not None and carried != stack and not self._topped_up(carried, stack):
            self.report("G3", line, f"{name} starts with {stack}, but ended the "
                        f"previous hand with {carried}")
        if name not in self.players:
            self.able += 1
            self.live += 1
        self.players[name] = _Player(name, seat, stack, stack)
        self._orders.clear()

    def _topped_up(self, carried: int, stack: int) -> bool:
        """At a cash table a player may add chips between hands (T6); never take them."""
        return stack > carried and (self.hand.currency is not None or self.hand.unit > 1)

    def _player(self, name: str, line: int) -> _Player | None:
        player = self.players.get(name)
        if player is None:
            self.report("G1", line, f"{name} is not seated at this table")
        return player

    def _order_after(self, seat: int | None) -> list[_Player]:
        """Players clockwise, starting with the first seat after ``seat``."""
        order = self._orders.get(seat)
        if order is None:
            by_seat = self._orders.get(None)
            if by_seat is None:   # sorted once per hand, then only rotated
                by_seat = self._orders[None] = sorted(self.players.values(), key=_seat_of)
            if seat is None:
                return by_seat
            first = bisect_right(by_seat, seat, key=_seat_of)   # the first seat after it
            order = self._orders[seat] = by_seat[first:] + by_seat[:first]
        return order

    def _can_act_after(self, seat: int | None, *, skip: str = "") -> list[str]:
        """Who still has a decision, in order; nobody once betting is over (S3)."""
        names = [p.name for p in self._orders.get(seat) or self._order_after(seat)
                 if not (p.folded or p.all_in) and p.name != skip]
        if len(names) + (1 if skip else 0) < 2:
            players, to_match = self.players, self.to_match
            return [n for n in names if players[n].round_in < to_match]
        return names

    def _no_more_betting(self) -> bool:
        """At most one player can still bet and nobody owes a call (S3)."""
        return self.able < 2 and all(p.round_in >= self.to_match or p.folded or p.all_in
                                     for p in self.players.values())

    # -- dispatch -------------------------------------------------------------

    def feed(self, event: Event) -> None:
        """Apply one event; events are fed in the order of the log."""
        self.last_line = event.line
        handler = _HANDLERS.get(type(event))
        if handler is None:
            raise TypeError(f"the engine does not know {type(event).__name__} events")
        if self.fold_line and type(event) not in _AFTER_HAND:
            self._after_fold(event)
        else:
            handler(self, event)

    def feed_all(self, events: Iterable[Event]) -> None:
        """:meth:`feed` for a whole hand: the same steps, with less overhead per event."""
        handlers, after_hand = _HANDLERS, _AFTER_HAND
        event = None
        for event in events:
            kind = type(event)
            handler = handlers.get(kind)
            if handler is None:
                self.feed(event)   # raises the error for an unknown event
            elif self.fold_line and kind not in after_hand:
                self._after_fold(event)
            else:
                handler(self, event)
        if event is not None:
            self.last_line = event.line

    def _after_fold(self, event: Event) -> None:
        if not self.after_fold_reported:
            self.after_fold_reported = True
            self.report("S4", event.line, "the hand goes on after the fold on line "
                        f"{self.fold_line}; a fold ends the hand at once")

    def on_seat(self, event: Seat) -> None:
        if event.in_hand:
            self._sit(event.player, event.seat, event.stack, event.line)
            return
        # Not dealt in (T2): no part in the hand, but the stack is carried (G3).
        carried = self._stacks.get(event.player)
        stack = carried if event.stack is None else event.stack
        if (event.stack is not None and carried is not None and carried != event.stack
                and not self._topped_up(carried, event.stack)):
            self.report("G3", event.line, f"{event.player} sits with {event.stack}, but "
                        f"ended the previous hand with {carried}")
        if stack is not None:
            self.idle[event.player] = stack

    def on_note(self, event: Note) -> None:
        """Chat, table news and the like say nothing about the play."""

    def on_button(self, event: Button) -> None:
        self.button_seat, self.button_line = event.seat, event.line
        count, rules = len(self.players), self.rules
        if not rules.min_players <= count <= rules.max_players:
            wanted = (str(rules.min_players) if rules.min_players == rules.max_players
                      else f"{rules.min_players} to {rules.max_players}")
            self.report("G1", event.line, f"{count} players take part; this game is "
                        f"for {wanted}")
        previous = self.previous
        # A site's button may stay put (a dead button); the house game's alternates (G4).
        if (self.rules.max_players == 2 and previous is not None
                and previous.button is not None
                and previous.players.get(previous.button) is not None
                and previous.players[previous.button].seat == event.seat):
            self.report("G4", event.line, f"the button stays with {previous.button}; "
                        "it alternates every hand")

    def on_street(self, event: Street) -> None:
        if event.kind == "deal":
            self._check_big_blind(event.line)
        elif event.kind == "draw":
            self._begin_draw(event.line, event.number)
        elif event.kind == "showdown":
            self._begin_showdown(event.line)

    # -- blinds ---------------------------------------------------------------

    def _expected_blinds(self) -> tuple[str | None, str | None]:
        """Who posts the small and the big blind: G4 heads-up, M1 multiway."""
        if self.button_seat is None or len(self.players) < 2:
            return None, None
        order = self._order_after(self.button_seat)
        if self.heads_up and order[-1].seat == self.button_seat:
            return order[-1].name, order[0].name   # the dealer, then the other
        # (A button on a seat not dealt in is a dead button: the blinds follow it.)
        return order[0].name, order[1].name

    def on_post(self, event: PostBlind) -> None:
        player = self.players.get(event.player) or self._player(event.player, event.line)
        if player is None:
            return
        if self.round == 0:
            self.round = 1
        kind, rules = event.kind, self.rules
        if kind == "small":
            small = self._expected_blinds()[0]
            if small and event.player != small:
                self.report(self._blind_rule(), event.line, f"{event.player} posts the "
                            f"small blind; it is {small}'s to post")
            self._check_blind_amount(player, event, rules.small_blind)
        elif kind in ("big", "small+big") and self.big_blind is None:
            self.big_blind = event.player
            big = self._expected_blinds()[1]
            if big and event.player != big:
                self.report(self._blind_rule(), event.line, f"{event.player} posts the "
                            f"big blind; it is {big}'s to post")
            self._check_blind_amount(player, event, rules.big_blind)
        if kind in ("dead", "ante"):
            dead = event.amount
        elif kind == "small+big":
            dead = max(0, event.amount - rules.big_blind)
        else:
            dead = 0
        self._put_in(player, event.amount - dead, event.line)
        if dead:
            self._put_in(player, dead, event.line, live=False)
        if player.round_in > self.to_match:
            self.to_match = player.round_in
            if kind != "small":
                self.bets_in_round = 1   # the big blind is the opening bet (B3)
        if kind in ("big", "small+big"):
            self.full_to = max(self.full_to, rules.big_blind)   # even if posted short (T1)
        self.actions.append(_new_tuple(ActionRecord, (event.player, 1, "post", event.amount,
                                                      player.round_in, player.all_in, 0,
                                                      event.line)))
        # Round 1 starts left of the big blind: the dealer heads-up (B6, M2).
        anchor = self.players[self.big_blind].seat if self.big_blind else self.button_seat
        self.pending = self._can_act_after(anchor)

    def _check_big_blind(self, line: int) -> None:
        """Once the blinds are in, a big blind must be among them (G4, M1).

        Reported once; the betting then starts left of the player who owed it,
        so the rest of the round is not reported as out of turn.
        """
        if self.blinds_checked or self.round != 1 or self.big_blind is not None:
            self.blinds_checked = True
            return
        self.blinds_checked = True
        big = self._expected_blinds()[1]
        whose = f"; it is {big}'s to post" if big else ""
        self.report(self._blind_rule(), line, f"no big blind is posted{whose}")
        if big:
            self.pending = self._can_act_after(self.players[big].seat)

    def _blind_rule(self) -> str:
        """Who posts what: G4 heads-up, M1 multiway."""
        return "G4" if self.heads_up else "M1"

    def _check_blind_amount(self, player: _Player, event: PostBlind, expected: int) -> None:
        short_all_in = event.amount < expected and event.amount == player.stack
        if event.amount != expected and not short_all_in:
            self.report(self._blind_rule(), event.line, f"{event.player} posts "
                        f"{event.amount} for the {event.kind} blind; it is {expected}")

    # -- the deal -------------------------------------------------------------

    def on_deal(self, event: Deal) -> None:
        player = self.players.get(event.player) or self._player(event.player, event.line)
        if player is None:
            return
        if self.draw_number:
            self._show_hand_after_draw(player, event)
            return

        if player.dealt:
            self.report("G5", event.line, f"{player.name} is dealt a second hand")
        elif len(event.cards) != self.rules.hand_size:
            self.report("G5", event.line, f"{player.name} is dealt {len(event.cards)} "
                        f"cards; each player gets {self.rules.hand_size}")
        if self.rules.deal_order_logged and self.dealt_order:
            self._check_deal_order(player, event.line)
        self._take_cards(event.cards, f"dealt to {player.name}", event.line)
        player.cards = list(event.cards)
        player.dealt = tuple(event.cards)
        self.dealt_order.append(player.name)

    def _check_deal_order(self, player: _Player, line: int) -> None:
        """The deal starts left of the button: with the big blind heads-up (G5)."""
        if self.button_seat is None:
            return
        order = [p.name for p in self._order_after(self.button_seat)]
        place = order.index(player.name)
        dealt_later = [n for n in self.dealt_order if order.index(n) > place]
        if dealt_later and len(self.dealt_order) == 1:
            starter = "the big blind" if self.heads_up else "the player left of the button"
            self.report("G5", line, f"the deal starts with {dealt_later[0]}; it starts "
                        f"with {starter}, {order[0]}")
        elif dealt_later:
            self.report("G5", line, f"{player.name} is dealt after {dealt_later[-1]}; "
                        "the deal goes clockwise from the button")

    def _show_hand_after_draw(self, player: _Player, event: Deal) -> None:
        """Site logs restate the hero's whole hand after each draw."""
        for card in event.cards:
            if card is not None and card not in player.cards and card not in self.seen:
                self.seen[card] = f"drawn by {player.name}"
        player.cards = list(event.cards)

    def _take_cards(self, cards: Sequence[Card | None], where: str, line: int) -> None:
        """Account for cards leaving the deck (G2, D3, D4)."""
        self.cards_used += len(cards)
        self._check_cards(cards, where, line)

    def _check_cards(self, cards: Sequence[Card | None], where: str, line: int) -> None:
        """Cards coming into play, already counted: none may be in play or out of it."""
        seen = self.seen
        for card in cards:
            if card is None:
                continue
            if card.is_joker:
                self.report("G2", line, f"a joker is {where}; the deck has 52 cards and "
                            "no jokers")
                continue
            previous = seen.get(card)
            if previous is not None:
                if card in self.out_of_play:
                    self.report("D3", line, f"{card} is {where}, but it was {previous}, and "
                                "discards and burned cards are out of play")
                else:
                    self.report("D4", line, f"{card} is {where}, but it was already "
                                f"{previous}; each card is dealt once")
            seen[card] = where

    # -- betting --------------------------------------------------------------

    def _start_round(self, number: int) -> None:
        self.round, self.round_closed = number, False
        self.to_match, self.full_to, self.bets_in_round = 0, 0, 0
        for player in self.players.values():
            player.round_in = 0
        # After a draw the first player left of the button acts (B6, M2).
        self.pending = self._can_act_after(self.button_seat)

    def _enter_betting(self, line: int) -> bool:
        """Open the betting round an action belongs to; False if there is none."""
        if self.round and not self.in_draw and not self.round_closed:
            return True   # the round under way: by far the most common case
        if self.round == 0:
            self.report(self._blind_rule(), line, "betting starts before the blinds are "
                        "posted")
            self.round = 1

        if self.in_draw:
            self._close_draw(line)
            if self._no_more_betting():
                self.report("S3", line, "there is no betting once a player is all-in; "
                            "the remaining draws are played without it")
                return False
            self._start_round(self.draw_number + 1)
            if self.round > self.rules.betting_rounds:
                self.report("B1", line, f"a betting round after the last draw's; there are "
                            f"{self.rules.betting_rounds} betting rounds")
        elif self.round_closed:
            if self._no_more_betting():
                self.report("S3", line, "there is no betting once a player is all-in; "
                            "the remaining draws are played without it")
                return False
            if self.round >= self.rules.betting_rounds:
                self.report("B1", line, "a betting action after the last betting round; "
                            f"there are {self.rules.betting_rounds}")
            else:
                self.report("B5", line, f"the betting round {_round_name(self.round)} "
                            "was already over")
            self.round_closed = False
        return True

    def _action_player(self, event: PlayerEvent) -> _Player | None:
        player = self.players.get(event.player) or self._player(event.player, event.line)
        if player is None:
            return None
        # The round under way (by far the most common case) needs no _enter_betting call.
        if not (self.round and not self.in_draw and not self.round_closed) \
                and not self._enter_betting(event.line):
            return None
        if not self.blinds_checked:
            self._check_big_blind(event.line)
        pending = self.pending
        if pending and pending[0] == player.name:
            del pending[0]   # the player whose turn it is: nothing more to check here
            return player
        if player.folded:
            self.report("B4", event.line, f"{player.name} acts after folding")
            return None
        if player.all_in:
            self.report("S3", event.line, f"{player.name} is all-in and has no more "
                        "decisions to make")
            return None
        if self.pending and self.pending[0] != player.name:
            self.report("B6", event.line, f"{player.name} acts out of turn: it is "
                        f"{self.pending[0]}'s turn {_round_name(self.round)}"
                        + self._order_hint())
        if player.name in self.pending:
            self.pending.remove(player.name)
        return player

    def _order_hint(self) -> str:
        if not self.heads_up:
            return ""
        return (" (the dealer acts first before the first draw)" if self.round == 1
                else " (the big blind acts first after a draw)")

    def _record(self, player: _Player, kind: str, added: int, facing: int, line: int) -> None:
        # tuple.__new__ skips the NamedTuple constructor's argument parsing (hot path)
        self.actions.append(_new_tuple(ActionRecord, (player.name, self.round, kind, added,
                                                      player.round_in, player.all_in,
                                                      facing, line)))
        if self.able < 2:
            # Nobody left to bet against: only a call of what is owed remains (S3).
            self.pending = [n for n in self.pending
                            if self.players[n].round_in < self.to_match]
        if not self.pending:
            self.round_closed = True

    def on_check(self, event: Check) -> None:
        player = self._action_player(event)
        if player is None:
            return
        facing = self.to_match - player.round_in
        if facing > 0:
            self.report("B4", event.line, f"{player.name} checks facing a bet ({facing} "
                        "to call); the choice is call, raise or fold")
        self._record(player, "check", 0, facing, event.line)

    def on_fold(self, event: Fold) -> None:
        player = self.players.get(event.player)
        if player is not None and player.all_in and not player.folded and self.live > 2:
            self._fold_all_in(player, event.line)
            return
        player = self._action_player(event)
        if player is None:
            return
        facing = self.to_match - player.round_in
        player.folded, player.folded_in_round = True, self.round
        self.able -= 1
        self.live -= 1
        if self.live == 1:
            self.fold_line = event.line
            self.pending = []
        self._record(player, "fold", 0, facing, event.line)

    def _fold_all_in(self, player: _Player, line: int) -> None:
        """A fold by a player already all-in: reported, then followed (S3).

        PokerStars folds the hand of an all-in player who sits out; by the
        rules he has no decision left and stays in for the pot he covers. With
        others still contesting the pot, the log's fold decides who can win
        it, so the engine goes on from it. (A fold that would end the hand is
        reported and ignored, like any action by an all-in player.)
        """
        self.report("S3", line, f"{player.name} folds while all-in; an all-in player has "
                    "no more decisions and stays in for the pot he covers")
        player.folded, player.folded_in_round = True, self.round
        self.live -= 1   # not self.able: being all-in took him out of the betting already
        # Not self._record: he was owed no action, so who is still to act is unchanged.
        self.actions.append(ActionRecord(player.name, self.round, "fold", 0, player.round_in,
                                         True, 0, line))

    def on_call(self, event: Call) -> None:
        player = self._action_player(event)
        if player is None:
            return
        facing = self.to_match - player.round_in
        if facing <= 0:
            self.report("B4", event.line, f"{player.name} calls with no bet to call; "
                        "the choice is check or bet")
        else:
            expected = min(facing, player.stack)
            if event.amount != expected:
                self.report("B7", event.line, f"{player.name} calls {event.amount}; the "
                            f"call is {expected}: {self.to_match} to match less the "
                            f"{player.round_in} already in this round")
        self._put_in(player, event.amount, event.line)
        self._record(player, "call", event.amount, facing, event.line)

    def on_bet(self, event: Bet) -> None:
        player = self._action_player(event)
        if player is None:
            return
        facing = self.to_match - player.round_in
        size = self.rules.bet_size(self.round)
        if self.to_match > 0:
            self.report("B4", event.line, f"{player.name} bets facing a bet of "
                        f"{self.to_match}; the choice is call, raise or fold")
        elif event.amount != size and not (event.amount < size and event.amount == player.stack):
            self.report("B2", event.line, f"{player.name} bets {event.amount}; a bet "
                        f"{_round_name(self.round)} is {size}")
        short = event.amount < size and event.amount == player.stack
        self._aggress(player, event.amount, event.line, "bet", facing,
                      counts=self._raise_level(event.amount, size, short))

    def on_raise(self, event: Raise) -> None:
        player = self._action_player(event)
        if player is None:
            return
        facing = self.to_match - player.round_in
        size = self.rules.bet_size(self.round)
        added = event.to - player.round_in
        expected_to = self.full_to + size   # a completion after a short all-in, too (T1)
        if self.to_match == 0:
            self.report("B4", event.line, f"{player.name} raises with no bet to raise; "
                        "the choice is check or bet")
        elif event.to != expected_to and not (event.to < expected_to and added == player.stack):
            self.report("B2", event.line, f"{player.name} raises to {event.to}, but a raise "
                        f"{_round_name(self.round)} goes to {expected_to} (the bet is {size})")
        elif event.by is not None and event.by != event.to - self.to_match:
            self.report("B2", event.line, f"{player.name} raises by {event.by}, but from "
                        f"{self.to_match} to {event.to} is a raise of "
                        f"{event.to - self.to_match}")
        short = event.to < expected_to and added == player.stack
        self._aggress(player, added, event.line, "raise", facing,
                      counts=self._raise_level(event.to, size, short))

    def _raise_level(self, to: int, size: int, short_all_in: bool) -> bool:
        """Move the level raises go from; whether the bet or raise to ``to`` counts (T1).

        A bet or raise sets the level (a wrong one too: B2 has said so, and the
        log is followed). An all-in for less than a full one counts as full if it
        is at least half of it (the half-bet rule of limit poker); for less, the
        next player may complete it, and only that completion counts.
        """
        if not short_all_in:
            self.full_to = to
            return True
        if 2 * (to - self.full_to) >= size:
            self.full_to += size
            return True
        return False

    def _aggress(self, player: _Player, added: int, line: int, kind: str, facing: int,
                 *, counts: bool = True) -> None:
        if counts and self.bets_in_round > self.rules.max_raises:   # bet and raises all in
            self.report("B3", line, f"{player.name} {kind}s after the cap: one bet and "
                        f"{self.rules.max_raises} raises per round"
                        + (", the big blind counting as the bet" if self.round == 1 else ""))
        self.bets_in_round += counts
        self._put_in(player, added, line)
        if player.round_in > self.to_match:
            self.to_match = player.round_in
        self.pending = self._can_act_after(player.seat, skip=player.name)
        self._record(player, kind, added, facing, line)

    def _put_in(self, player: _Player, amount: int, line: int, *, live: bool = True) -> None:
        if amount > player.stack:
            self.report("S3", line, f"{player.name} puts in {amount} with only "
                        f"{player.stack} behind; a short stack goes all-in for the rest")
        player.stack -= amount
        player.total_in += amount
        if live:
            player.round_in += amount
        if player.stack <= 0 and not player.all_in:
            player.all_in = True
            self.able -= not player.folded

    # -- draws ----------------------------------------------------------------

    def _begin_draw(self, line: int, number: int | None = None) -> None:
        self._close_draw(line)
        expected = self.draw_number + 1
        if number is not None and number != expected:
            self.report("D1", line, f"the {_draw_name(number)} draw comes where the "
                        f"{_draw_name(expected)} is due")
        if expected > self.rules.draws:
            self.report("D1", line, f"a {_draw_name(expected)} draw; there are "
                        f"{self.rules.draws} draws")
        if self.pending:
            self.report("B5", line, f"the {_draw_name(expected)} draw starts before the "
                        f"betting round {_round_name(self.round)} is over "
                        f"({', '.join(self.pending)} still to act)")
            self.pending = []
        elif self.draw_number >= self.round and not self._no_more_betting():
            self.report("B1", line, f"no betting round between the "
                        f"{_draw_name(self.draw_number)} and the {_draw_name(expected)} draw")
        self.round_closed = True
        self.draw_number, self.in_draw, self.burns = expected, True, 0
        # Each draw goes clockwise from the button: the big blind first heads-up (D1).
        self.to_draw = [p.name for p in self._order_after(self.button_seat) if not p.folded]
        self.drew = set()

    def _close_draw(self, line: int) -> None:
        if not self.in_draw:
            return
        for name in self.to_draw:
            self.report("D1", line, f"{name} does not draw in the {_draw_name(self.draw_number)} "
                        "draw (standing pat is a draw of zero cards)")
        self.to_draw, self.in_draw = [], False

    def on_burn(self, event: Burn) -> None:
        if not self.in_draw or not self.to_draw:
            self._begin_draw(event.line)
        elif self.drew:
            self.report("D3", event.line, "a card is burned in the middle of the "
                        f"{_draw_name(self.draw_number)} draw; the burn comes before it")
        elif self.burns:
            self.report("D3", event.line, "a second card is burned before the "
                        f"{_draw_name(self.draw_number)} draw; one card is burned")
        self.burns += 1
        self._take_cards((event.card,), "burned", event.line)
        if event.card is not None:
            self.out_of_play.add(event.card)

    def on_draw(self, event: Draw) -> None:
        name, line, discarded = event.player, event.line, event.discarded
        player = self.players.get(name) or self._player(name, line)
        if player is None:
            return
        if player.folded:
            self.report("S4", line, f"{name} draws after folding")
            return
        to_draw = self.to_draw
        if not self.in_draw or not to_draw:
            self._begin_draw(line)
            to_draw = self.to_draw
        drew = self.drew
        if self.rules.burns_logged and not self.burns and not drew:
            self.report("D3", line, f"no card is burned before the "
                        f"{_draw_name(self.draw_number)} draw")
        if to_draw and to_draw[0] == name and name not in drew:
            del to_draw[0]   # the player whose turn it is: nothing more to check here
            drew.add(name)
        else:
            self._check_draw_turn(player, line)
        if discarded:
            self._discard(player, event)
        drawn = event.drawn if event.drawn is not None else (None,) * len(discarded)
        if len(drawn) != len(discarded):
            self.report("D2", line, f"{name} discards {len(discarded)} "
                        f"and receives {len(drawn)}; the replacements equal the discards")
        if drawn:
            self._take_cards(drawn, f"drawn by {name}", line)
            player.cards.extend(drawn)
        self._check_deck_size(line)
        self.draws.append(_new_tuple(DrawRecord, (name, self.draw_number, discarded,
                                                  drawn, tuple(player.cards), line)))

    def _check_draw_turn(self, player: _Player, line: int) -> None:
        if player.name in self.drew:
            self.report("D1", line, f"{player.name} draws twice in the "
                        f"{_draw_name(self.draw_number)} draw")
        elif self.to_draw and self.to_draw[0] != player.name:
            first = "the big blind" if self.heads_up else "the first player left of the button"
            self.report("D1", line, f"{player.name} draws before {self.to_draw[0]}; "
                        f"{first} draws first")
        self.drew.add(player.name)
        if player.name in self.to_draw:
            self.to_draw.remove(player.name)

    def _discard(self, player: _Player, event: Draw) -> None:
        if len(event.discarded) > self.rules.hand_size:
            self.report("D2", event.line, f"{player.name} discards {len(event.discarded)} "
                        f"cards; a player discards 0 to {self.rules.hand_size}")
        held, seen, out_of_play = player.cards, self.seen, self.out_of_play
        where = f"discarded by {player.name}"
        for card in event.discarded:
            if card is not None and card in held:
                held.remove(card)
            elif None in held:
                held.remove(None)   # a card we had not seen until now
            elif card is not None:
                self.report("D2", event.line, f"{player.name} discards {card}, which is "
                            f"not in the hand ({format_cards(held)})")
            elif held:
                held.pop()
            if card is not None:
                seen[card] = where
                out_of_play.add(card)

    def on_drawn_cards(self, event: DrawnCards) -> None:
        """Site logs tell the hero's replacements on a line of their own (D2, D3, D4)."""
        player = self._player(event.player, event.line)
        if player is None or not event.cards:
            return
        # Full Tilt tells the hero's cards after the other players' draws, so
        # the record to complete is the player's in this draw, not the last one.
        at = next((index for index in range(len(self.draws) - 1, -1, -1)
                   if self.draws[index].draw == self.draw_number
                   and self.draws[index].player == player.name), None)
        if at is not None and self.draws[at].count != len(event.cards):
            self.report("D2", event.line, f"{player.name} discards {self.draws[at].count} "
                        f"and receives {len(event.cards)}; the replacements equal the "
                        "discards")
        self._check_cards(event.cards, f"drawn by {player.name}", event.line)
        unknown = [i for i, card in enumerate(player.cards) if card is None]
        for index, card in zip(unknown[-len(event.cards):], event.cards):
            player.cards[index] = card
        if at is not None:
            self.draws[at] = self.draws[at]._replace(drawn=tuple(event.cards),
                                                     hand_after=tuple(player.cards))

    def _check_deck_size(self, line: int) -> None:
        rules = self.rules
        limit = min(52, len(self.players) * rules.hand_size * (1 + rules.draws) + rules.draws)
        if self.cards_used > limit:
            self.report("D4", line, f"{self.cards_used} cards are used in this hand; "
                        f"at most {limit} can be without recycling the deck")
            self.cards_used = -52   # once per hand

    # -- showdown -------------------------------------------------------------

    def _begin_showdown(self, line: int) -> None:
        if self.showdown or self.fold_line:
            return
        self.showdown = True
        all_in = self._no_more_betting() and not self.pending
        self._close_draw(line)
        if self.pending:
            self.report("B5", line, "the showdown starts before the last betting round is "
                        f"over ({', '.join(self.pending)} still to act)")
            self.pending = []
        elif all_in and self.draw_number < self.rules.draws:
            self.report("S3", line, f"the showdown comes after {self.draw_number} draws; "
                        "with a player all-in the remaining draws are still played")
        elif not all_in and (self.round < self.rules.betting_rounds
                             or self.draw_number < self.rules.draws):
            self.report("B1", line, f"the showdown comes after {self.round} betting rounds "
                        f"and {self.draw_number} draws; there are "
                        f"{self.rules.betting_rounds} rounds and {self.rules.draws} draws")
        self.round_closed = True

    def on_show(self, event: Show) -> None:
        player = self._player(event.player, event.line)
        if player is None:
            return
        self._begin_showdown(event.line)
        self._reconcile_shown(player, event.cards, event.line)
        self.shown[player.name] = tuple(player.cards)
        if event.description is not None:
            self.descriptions[player.name] = (event.description, event.line)

    def on_muck(self, event: Muck) -> None:
        player = self._player(event.player, event.line)
        if player is None:
            return
        self._begin_showdown(event.line)
        self.mucked.add(player.name)
        if event.cards:
            self._reconcile_shown(player, event.cards, event.line)

    def _reconcile_shown(self, player: _Player, shown: Cards, line: int) -> None:
        """Shown cards are the cards the log gave the player (D2, D3, D4)."""
        held = list(player.cards)
        for card in shown:
            if card is None or card in held:
                held.remove(card) if card in held else None
                continue
            if None not in held:
                self.report("D2", line, f"{player.name} shows {format_cards(shown)} but "
                            f"holds {format_cards(player.cards)}")
                break
            held.remove(None)
            if card in self.seen:
                rule = "D3" if card in self.out_of_play else "D4"
                self.report(rule, line, f"{player.name} shows {card}, but it was "
                            f"{self.seen[card]}")
            self.seen[card] = f"held by {player.name}"
        player.cards = list(shown)

    # -- results --------------------------------------------------------------

    def on_award(self, event: Award) -> None:
        self.stated_awards[event.player] = self.stated_awards.get(event.player, 0) + event.amount
        self.award_line = self.award_line or event.line
        self._player(event.player, event.line)

    def on_uncalled(self, event: UncalledReturned) -> None:
        self.stated_returns[event.player] = (event.amount, event.line)

    def on_stack(self, event: StackStated) -> None:
        self.stated_stacks[event.player] = (event.amount, event.line)

    def on_net(self, event: NetStated) -> None:
        self.stated_net[event.player] = (event.amount, event.line)

    def on_summary_result(self, event: SummaryResult) -> None:
        self.summary_won[event.player] = (event.won, event.line)

    def on_pot_total(self, event: PotTotal) -> None:
        self.pot_total = (event.total, event.rake, event.line)

    def finish(self) -> HandReport:
        """Settle the pot, compare the result with the log's, and report."""
        return _Settlement(self).report()


_HANDLERS = {
    Seat: HandReplay.on_seat, Button: HandReplay.on_button, PostBlind: HandReplay.on_post,
    Street: HandReplay.on_street, Deal: HandReplay.on_deal, Burn: HandReplay.on_burn,
    Draw: HandReplay.on_draw, DrawnCards: HandReplay.on_drawn_cards,
    Check: HandReplay.on_check, Fold: HandReplay.on_fold, Call: HandReplay.on_call,
    Bet: HandReplay.on_bet, Raise: HandReplay.on_raise,
    UncalledReturned: HandReplay.on_uncalled, Show: HandReplay.on_show,
    Muck: HandReplay.on_muck, Award: HandReplay.on_award, PotTotal: HandReplay.on_pot_total,
    StackStated: HandReplay.on_stack, NetStated: HandReplay.on_net,
    Note: HandReplay.on_note, SummaryResult: HandReplay.on_summary_result,
}
#: What may follow the fold that ends a hand.
_AFTER_HAND = frozenset({UncalledReturned, Award, PotTotal, StackStated, NetStated,
                         Muck, Show, Street, Note, SummaryResult})


# -- settling the pot ----------------------------------------------------------

#: E5's worked comparisons: (better, worse) as (usable cards, ranks high to low).
E5_COMPARISONS = frozenset({
    ((4, (4, 3, 2, 1)), (4, (7, 3, 2, 1))),      # 4-3-2-A beats A♥ 2♣ 3♠ 7♦
    ((4, (4, 3, 2, 1)), (4, (5, 4, 3, 2))),      # 4-3-2-A beats 5-4-3-2 (seed 002)
    ((4, (13, 9, 6, 5)), (3, (3, 2, 1))),        # 5-6-9-K beats A-2-3 (seed 004)
    ((3, (8, 7, 6)), (2, (2, 1))),               # 6-7-7-8 beats A-2 (seed 004)
})
#: E5's worked evaluations: the cards, and what they are worth.
E5_HANDS = {
    frozenset(parse_cards("As 2h 3d Kd")): (3, (3, 2, 1)),
    frozenset(parse_cards("Ah 2c 3d 2h")): (3, (3, 2, 1)),
}
_CATEGORY_WORDS = ("straight", "flush", "pair", "trips", "high")
#: Logs repeat the same few hundred descriptions: read each once.
_read_description = lru_cache(maxsize=4096)(parse_description)


def _key(value: BadugiValue) -> tuple[int, tuple[int, ...]]:
    return value.size, value.ranks


def _describe(key: tuple[int, tuple[int, ...]]) -> str:
    ranks = "-".join(rank_name(r) for r in key[1])
    return f"badugi {ranks}" if key[0] == 4 else f"{key[0]}-card {ranks}"


def _mechanical_readings(cards: Sequence[Card]) -> set[tuple[int, tuple[int, ...]]]:
    """What dropping cards one by one, instead of examining subsets, yields (E4)."""
    readings = set()
    for order in (cards, sorted(cards, key=lambda c: c.rank)):
        kept: list[Card] = []
        for card in order:
            if all(card.rank != k.rank and card.suit != k.suit for k in kept):
                kept.append(card)
        readings.add((len(kept), tuple(sorted((c.rank for c in kept), reverse=True))))
    return readings


def _is_straight(key: tuple[int, tuple[int, ...]]) -> bool:
    size, ranks = key
    return size >= 3 and all(a - b == 1 for a, b in zip(ranks, ranks[1:]))


class _Settlement:
    """The end of a hand: pots, winners, and the comparison with the log."""

    def __init__(self, replay: HandReplay) -> None:
        self.replay = replay
        self.report_ = replay.report
        self.players = replay.players
        self.values: dict[str, BadugiValue] = {}

    def report(self) -> HandReport:
        replay = self.replay
        ended = self._ending()
        returned = self._returned()
        pots = self._pots(returned)
        rake = replay.pot_total[1] if replay.pot_total else 0
        pot = sum(p.amount for p in pots)
        self._check_total(pot)
        self._evaluate_shown()
        computed = self._computed_awards(pots, ended)
        won = self._compare_awards(computed, pot, returned, rake, ended)
        self._check_summary(won)
        button = next((p.name for p in self.players.values()
                       if p.seat == replay.button_seat), None)
        results = self._results(returned, won, button)
        self._compare_stacks(results)
        self._check_descriptions()
        self._check_reshuffle(results)
        return HandReport(
            hand_id=replay.hand.hand_id, number=replay.hand.number,
            source=replay.hand.source, line=replay.hand.line,
            session_id=replay.hand.session_id, ruleset=replay.rules,
            players=results, button=button, big_blind=replay.big_blind,
            actions=replay.actions, draws=replay.draws, pots=pots, rake=rake,
            ended=ended, rounds_played=replay.round, draws_played=replay.draw_number,
            violations=replay.violations, idle=replay.idle)

    def _check_summary(self, won: dict[str, int]) -> None:
        """Each seat's result in the summary is what the hand paid that player (S1)."""
        for name, (amount, line) in self.replay.summary_won.items():
            paid = won.get(name, 0)
            if amount != paid:
                said = f"won {amount}" if amount else "won nothing"
                self.report_("S1", line, f"the summary says {name} {said}, but the hand "
                             f"paid {name} {paid}")

    def _check_total(self, pot: int) -> None:
        """The log's own total pot is ``pot``, what was put in less the returns (S1)."""
        stated = self.replay.pot_total
        if stated is None or stated[0] is None:   # no total: KingsClub states only the rake
            return
        if stated[0] != pot:
            self.report_("S1", stated[2], f"the log's total pot is {stated[0]}, but the "
                         f"chips put in, less what was returned, make {pot}")

    def _ending(self) -> str:
        replay = self.replay
        if replay.fold_line:
            return "fold"
        if not replay.showdown and replay.stated_awards:
            replay._begin_showdown(replay.award_line)
        if replay.showdown:
            return "showdown"
        self.report_("B1", replay.last_line, "the hand stops before a fold or a showdown")
        return "incomplete"

    def _returned(self) -> dict[str, int]:
        """The uncovered part of the largest contribution goes back (S3)."""
        replay = self.replay
        ranked = sorted(self.players.values(), key=_total_in_of, reverse=True)
        returned: dict[str, int] = {}
        if len(ranked) >= 2 and ranked[0].total_in > ranked[1].total_in:
            returned[ranked[0].name] = ranked[0].total_in - ranked[1].total_in
        for name, (amount, line) in replay.stated_returns.items():
            if returned.get(name, 0) != amount:
                self.report_("S3", line, f"{amount} is returned to {name}, but the uncovered "
                             f"part of the bet is {returned.get(name, 0)}")
                returned[name] = amount   # follow the log from here on
        return returned

    def _pots(self, returned: dict[str, int]) -> list[Pot]:
        """The main pot and the side pots, each with who can win it (S3, M3)."""
        contrib = {n: p.total_in - returned.get(n, 0) for n, p in self.players.items()}
        live = [p for p in self.players.values() if not p.folded]
        if not any(p.all_in for p in live):
            return self._single_pot(contrib, live)
        levels = sorted({contrib[p.name] for p in live if p.all_in}
                        | {max(contrib.values(), default=0)})
        pots: list[Pot] = []
        floor = 0
        for level in levels:
            amount = sum(max(0, min(c, level) - floor) for c in contrib.values())
            eligible = tuple(p.name for p in live if contrib[p.name] > floor)
            if amount and eligible:
                pots.append(Pot(amount, eligible))
            elif amount:   # chips only folded players reached: the last pot takes them
                last = pots.pop() if pots else Pot(0, tuple(p.name for p in live))
                pots.append(Pot(last.amount + amount, last.eligible))
            floor = level
        return pots

    @staticmethod
    def _single_pot(contrib: dict[str, int], live: list[_Player]) -> list[Pot]:
        """Nobody still in is all-in: every chip goes to one pot (no sorting needed)."""
        amount = sum(c for c in contrib.values() if c > 0)
        if not amount:
            return []
        eligible = tuple(p.name for p in live if contrib[p.name] > 0)
        return [Pot(amount, eligible or tuple(p.name for p in live))]

    def _evaluate_shown(self) -> None:
        size = self.replay.rules.hand_size
        for name, cards in self.replay.shown.items():
            if len(cards) == size and None not in cards:
                try:
                    self.values[name] = badugi_value(cards)   # type: ignore[arg-type]
                except EvaluationError:
                    pass   # a joker or a repeated card, reported where it appeared

    def _pot_winners(self, pot: Pot) -> tuple[str, ...] | None:
        """The best hands among those eligible; None while a hand is unknown."""
        contenders = [n for n in pot.eligible if n not in self.replay.mucked]
        if len(contenders) <= 1:
            return tuple(contenders or pot.eligible)
        if any(n not in self.values for n in contenders):
            return None
        best = min(self.values[n].rank for n in contenders)
        return tuple(n for n in contenders if self.values[n].rank == best)

    def _odd_chip_order(self, winners: tuple[str, ...]) -> list[str]:
        """Heads-up the odd chip goes to the big blind (S2); else left of the button."""
        order = [p.name for p in self.replay._order_after(self.replay.button_seat)
                 if p.name in winners]
        big = self.replay.big_blind
        if self.replay.rules.odd_chip == "big_blind" and big in order:
            order.remove(big)
            order.insert(0, big)
        return order

    def _computed_awards(self, pots: list[Pot], ended: str) -> dict[str, int] | None:
        awards: dict[str, int] = {}
        for index, pot in enumerate(pots):
            winners = (tuple(p.name for p in self.players.values() if not p.folded)
                       if ended == "fold" else self._pot_winners(pot))
            if winners is None:
                return None
            pots[index] = Pot(pot.amount, pot.eligible, winners)
            if len(winners) == 1:   # the common case: no split, no odd chip
                awards[winners[0]] = awards.get(winners[0], 0) + pot.amount
                continue
            share, odd = divmod(pot.amount, len(winners))
            for position, name in enumerate(self._odd_chip_order(winners)):
                awards[name] = awards.get(name, 0) + share + (1 if position < odd else 0)
        return awards

    def _compare_awards(self, computed: dict[str, int] | None, pot: int,
                        returned: dict[str, int], rake: int, ended: str) -> dict[str, int]:
        replay = self.replay
        stated = replay.stated_awards
        rule = "S4" if ended == "fold" else "S1"
        if not stated:
            if ended != "incomplete":
                self.report_(rule, replay.last_line, f"the log does not say who wins "
                             f"the pot of {pot}")
            return computed or {}
        line = replay.award_line
        paid = sum(stated.values())
        if paid + rake != pot:
            forgot_return = sum(returned.values())
            if forgot_return and paid + rake == pot + forgot_return:
                self.report_("S3", line, f"the log pays out {paid}, the whole of the bets; "
                             f"the uncalled {forgot_return} goes back to "
                             f"{', '.join(returned)}, so the pot is {pot}")
                returned.clear()   # follow the log: its award already holds the return
            else:
                rake_note = f" after a rake of {rake}" if rake else ""
                self.report_(rule, line, f"the log pays out {paid}{rake_note}, but the pot "
                             f"is {pot}")
        elif computed is not None:
            self._compare_winners(computed, stated, rake, ended, line)
        return dict(stated)

    def _compare_winners(self, computed: dict[str, int], stated: dict[str, int],
                         rake: int, ended: str, line: int) -> None:
        computed_winners = {n for n, a in computed.items() if a > 0}
        stated_winners = {n for n, a in stated.items() if a > 0}
        if computed_winners == stated_winners:
            if rake == 0 and computed != stated:
                rule = "S2" if len(computed_winners) > 1 else ("S4" if ended == "fold" else "S1")
                detail = ", ".join(f"{n} {a}" for n, a in sorted(computed.items()))
                why = (" (a tie splits the pot, the odd chip to the big blind)"
                       if rule == "S2" else "")
                self.report_(rule, line, f"the log splits the pot as "
                             f"{', '.join(f'{n} {a}' for n, a in sorted(stated.items()))}; "
                             f"it is {detail}{why}")
            return
        if ended == "fold":
            self.report_("S4", line, f"the log gives the pot to {', '.join(sorted(stated_winners))}"
                         f"; after the fold it goes to {', '.join(sorted(computed_winners))}")
            return
        self._explain_wrong_winner(sorted(computed_winners), sorted(stated_winners), line)

    def _explain_wrong_winner(self, right: list[str], wrong: list[str], line: int) -> None:
        """The best hand takes the pot (S1); say which evaluation rule the log missed."""
        verdict = (f"the log gives the pot to {', '.join(wrong)}, but "
                   f"{' and '.join(right)} {'has' if len(right) == 1 else 'have'} the best hand")
        if set(wrong) < set(right):
            value = self.values[right[0]]
            self.report_("E4", line, f"{verdict}: {' and '.join(right)} tie with "
                         f"{value.description}, and neither suits nor the excluded cards "
                         "break a tie")
            return
        best = self.values.get(right[0])
        claimed = self.values.get(wrong[0])
        if best is None or claimed is None:
            self.report_("S1", line, verdict)
            return
        detail = f" ({best.description} against {claimed.description})"
        if (_key(best), _key(claimed)) in E5_COMPARISONS:
            self.report_("E5", line, f"{verdict}{detail}, a worked example of the rules")
        elif best.size != claimed.size:
            self.report_("S1", line, f"{verdict}{detail}: more usable cards beat fewer (E1)")
        elif _is_straight(_key(best)):
            self.report_("S1", line, f"{verdict}{detail}: straights do not count against "
                         "a Badugi hand (E3)")
        else:
            self.report_("S1", line, f"{verdict}{detail}: the lower highest card wins (E2)")

    def _results(self, returned: dict[str, int], won: dict[str, int],
                 button: str | None) -> dict[str, PlayerResult]:
        replay = self.replay
        positions = {replay.big_blind: "big blind"}
        if button:
            positions[button] = "button"
        results = {}
        for name, p in self.players.items():
            back = returned.get(name, 0)
            chips_won = won.get(name, 0)
            # positional arguments: cheaper than keywords, in PlayerResult's field order
            results[name] = PlayerResult(
                name, p.seat, positions.get(name, ""), p.start, p.total_in, back, chips_won,
                p.start - p.total_in + back + chips_won, p.folded_in_round,
                replay.showdown and not p.folded, replay.shown.get(name),
                self.values.get(name), p.dealt)
        return results

    def _compare_stacks(self, results: dict[str, PlayerResult]) -> None:
        for name, (amount, line) in self.replay.stated_stacks.items():
            result = results.get(name)
            if result is not None and result.end_stack != amount:
                self.report_("G3", line, f"the log says {name} ends the hand with {amount}; "
                             f"the chips say {result.end_stack}")
                result.end_stack = amount   # follow the log from here on
        for name, (amount, line) in self.replay.stated_net.items():
            result = results.get(name)
            if result is not None and result.net != amount:
                self.report_("S1", line, f"the log says {name} nets {amount}; the chips "
                             f"say {result.net}")

    def _check_descriptions(self) -> None:
        for name, (text, line) in self.replay.descriptions.items():
            value = self.values.get(name)
            if value is None:
                continue
            stated = _read_description(text)
            if stated == _key(value):
                continue
            cards = self.replay.shown[name]
            verdict = f"{name}'s hand is described as '{text}', but it is {value.description}"
            if stated is None:
                category = any(w in text.lower() for w in _CATEGORY_WORDS)
                self.report_("E3" if category else "E1", line, verdict + (
                    ": Badugi has no straights, flushes or pairs" if category else ""))
            elif E5_HANDS.get(frozenset(cards)) == _key(value):
                self.report_("E5", line, f"{verdict}, a worked example of the rules")
            elif stated in _mechanical_readings(cards):   # type: ignore[arg-type]
                self.report_("E4", line, f"{verdict}: examine every subset instead of "
                             "dropping cards one by one")
            elif stated[0] != value.size:
                self.report_("E1", line, f"{verdict}: the largest subset with no repeated "
                             f"rank or suit has {value.size} cards")
            else:
                self.report_("E2", line, f"{verdict} ({_describe(stated)} is not its value)")

    def _check_reshuffle(self, results: dict[str, PlayerResult]) -> None:
        """The same cards to the same players as last hand: no shuffle (G6)."""
        previous = self.replay.previous
        if previous is None:
            return
        known = {n: r.dealt for n, r in results.items() if r.dealt and None not in r.dealt}
        if known and all(previous.players.get(n) is not None
                         and previous.players[n].dealt == cards for n, cards in known.items()):
            self.report_("G6", self.replay.hand.line, "the deal repeats the previous hand "
                         "card for card: the cards were not shuffled")


# -- the heads-up fast path ------------------------------------------------------
#
# Nearly every hand of a heads-up log is played by the rules, and for those the
# state machine above spends most of its time on generality two players never
# need: seat orders, lists of who is still to act, side pots. The fast path
# replays such a hand in plain local variables and gives up, returning None,
# at the first thing outside the ordinary course of a heads-up hand: a broken
# rule, a hidden card, an event it does not handle. The general
# engine then replays the hand from the start and explains what went wrong.
# So the fast path never reports a violation; it only shows there is none,
# and tests/test_fast_path.py checks that whatever it accepts, the general
# engine reports identically, on clean hands and on thousands of broken ones.

#: Betting actions, and what an ActionRecord calls them.
_ACTION_KINDS = {Check: "check", Call: "call", Bet: "bet", Raise: "raise", Fold: "fold"}


def _replay_heads_up(hand: Hand, seats: dict[str, int] | None,
                     stacks: dict[str, int] | None,
                     previous: HandReport | None) -> HandReport | None:
    """The report of a heads-up hand with no violation, or None for any other hand."""
    rules = hand.ruleset
    if (not seats or len(seats) != 2 or rules.max_players != 2 or rules.min_players > 2
            or rules.hand_size != 4 or rules.rake):
        return None
    names = tuple(seats)
    seat_numbers = tuple(seats.values())
    if seat_numbers[0] == seat_numbers[1]:
        return None
    index = {names[0]: 0, names[1]: 1}
    carried = stacks or {}
    default = rules.starting_stack or 0
    start = tuple(default if carried.get(n) is None else carried[n] for n in names)
    stack, total, round_in = list(start), [0, 0], [0, 0]
    held: list[list[Card]] = [[], []]
    dealt: list[Cards] = [(), ()]
    folded_in: list[int | None] = [None, None]
    small_bet, big_bet, max_raises = rules.small_bet, rules.big_bet, rules.max_raises
    half, hand_size, draws_allowed = rules.betting_rounds // 2, rules.hand_size, rules.draws
    card_limit = min(52, 2 * hand_size * (1 + draws_allowed) + draws_allowed)
    button = -1                       # the dealer's index, once the button is known
    blinds = round_ = to_match = bets = draw_number = cards_used = fold_line = 0
    pending: list[int] = []           # who must still act, in order
    to_draw: list[int] = []           # who must still draw, in order
    in_draw = burned = drew_any = finished = showdown = all_in = False
    seen: set[Card] = set()
    actions: list[ActionRecord] = []
    draw_records: list[DrawRecord] = []
    awards: dict[str, int] = {}
    returns: dict[str, int] = {}
    stated_stacks: dict[str, int] = {}
    stated_net: dict[str, int] = {}
    descriptions: dict[str, str] = {}
    shown: dict[str, Cards] = {}
    mucked: set[str] = set()
    action_kind = _ACTION_KINDS.get

    for event in hand.events:
        kind = type(event)
        action = action_kind(kind)
        if action is not None:
            i = index.get(event.player)   # type: ignore[attr-defined]
            if i is None:
                return None
            if in_draw:   # the first action after a draw opens the next round
                if to_draw or all_in:
                    return None   # a draw unfinished, or betting after an all-in (S3)
                in_draw = False
                round_ = draw_number + 1
                round_in[0] = round_in[1] = to_match = bets = 0
                pending = [1 - button, button]   # the big blind acts first after a draw
            if not pending or pending[0] != i:
                return None
            del pending[0]
            facing, chips, added = to_match - round_in[i], stack[i], 0
            if kind is Call:   # the call is what is owed, or the whole stack if less (B7)
                added = event.amount   # type: ignore[attr-defined]
                if facing <= 0 or added != (facing if facing < chips else chips):
                    return None
            elif kind is Check:
                if facing:
                    return None
            elif kind is Fold:   # a fold ends a heads-up hand
                folded_in[i], fold_line, finished, pending = round_, event.line, True, []
            else:   # a bet or a raise of the round's size, or all-in for less (B2, B3)
                size = small_bet if round_ <= half else big_bet
                if kind is Raise:
                    to, by = event.to, event.by   # type: ignore[attr-defined]
                    added = to - round_in[i]
                    if not to_match or to <= to_match or (by is not None and by != to - to_match):
                        return None
                else:
                    to = added = event.amount   # type: ignore[attr-defined]
                    if to_match:
                        return None
                full = to_match + size
                if all_in or bets > max_raises or (   # not a full raise, nor a short all-in
                        to != full and not (to < full and added == chips)):
                    return None
                to_match, pending = to, [1 - i]
                bets += 1
            if added:
                if added > chips:
                    return None   # more than the stack (S3)
                stack[i] = chips - added
                total[i] += added
                round_in[i] += added
                if added == chips:
                    all_in = True
            if all_in and pending:   # against an all-in only a call of what is owed is left
                pending = [p for p in pending if round_in[p] < to_match]
            actions.append(_new_tuple(ActionRecord, (
                event.player, round_, action, added,   # type: ignore[attr-defined]
                round_in[i], not stack[i], facing, event.line)))
        elif kind is Draw:
            i = index.get(event.player)   # type: ignore[attr-defined]
            if i is None or not to_draw or to_draw[0] != i or not (burned or drew_any
                                                                   or not rules.burns_logged):
                return None
            del to_draw[0]
            drew_any = True
            cards = held[i]
            discarded, drawn = event.discarded, event.drawn   # type: ignore[attr-defined]
            if len(discarded) > hand_size:
                return None
            for card in discarded:
                if card not in cards:
                    return None
                cards.remove(card)
            if drawn is None:
                if discarded:
                    return None   # replacements not shown: hidden cards
                drawn = ()
            if len(drawn) != len(discarded):
                return None
            if drawn:
                new = set(drawn)
                if len(new) != len(drawn) or None in new or JOKER in new \
                        or not seen.isdisjoint(new):
                    return None
                seen |= new
                cards.extend(drawn)
                cards_used += len(drawn)
            if cards_used > card_limit:
                return None
            draw_records.append(_new_tuple(DrawRecord, (
                event.player, draw_number, discarded, drawn,   # type: ignore[attr-defined]
                tuple(cards), event.line)))
        elif kind is Street:
            street = event.kind   # type: ignore[attr-defined]
            if street == "draw":
                number = draw_number + 1
                # a betting round comes between draws (B1), unless a player is all-in
                if in_draw:
                    if to_draw or not all_in:
                        return None
                elif pending or (round_ != number and not all_in):
                    return None
                if (finished or event.number != number   # type: ignore[attr-defined]
                        or number > draws_allowed):
                    return None
                draw_number, in_draw, burned, drew_any = number, True, False, False
                to_draw = [1 - button, button]   # the big blind draws first
            elif street == "showdown":
                if finished or pending or draw_number != draws_allowed \
                        or (to_draw if all_in else round_ != rules.betting_rounds):
                    return None   # the hand is not over (B1, B5, S3)
                showdown = finished = True
        elif kind is Burn:
            card = event.card   # type: ignore[attr-defined]
            if not in_draw or not to_draw or drew_any or burned:
                return None
            burned = True
            cards_used += 1
            if card is not None:
                if card == JOKER or card in seen:
                    return None
                seen.add(card)
        elif kind is PostBlind:
            i = index.get(event.player)   # type: ignore[attr-defined]
            if i is None or button < 0 or finished:
                return None
            amount, blind = event.amount, event.kind   # type: ignore[attr-defined]
            if blinds == 0:   # the dealer posts the small blind first (G4)
                if blind != "small" or i != button or amount != rules.small_blind:
                    return None
            elif blinds != 1 or blind != "big" or i == button or amount != rules.big_blind:
                return None
            if amount >= stack[i]:
                return None
            blinds += 1
            round_ = 1
            stack[i] -= amount
            total[i] += amount
            round_in[i] += amount
            if round_in[i] > to_match:
                to_match = round_in[i]
                if blind == "big":
                    bets = 1   # the big blind is the opening bet (B3)
            actions.append(_new_tuple(ActionRecord, (
                event.player, 1, "post", amount, round_in[i],   # type: ignore[attr-defined]
                False, 0, event.line)))
            if blinds == 2:
                pending = [button, 1 - button]   # the dealer acts first before the draw
        elif kind is Deal:
            i = index.get(event.player)   # type: ignore[attr-defined]
            cards = event.cards   # type: ignore[attr-defined]
            # the deal starts with the big blind (G5): the dealer's cards come second
            if (i is None or button < 0 or draw_number or dealt[i] or finished
                    or len(cards) != hand_size
                    or (rules.deal_order_logged and i != button and dealt[button])):
                return None
            new = set(cards)
            if len(new) != len(cards) or None in new or JOKER in new \
                    or not seen.isdisjoint(new):
                return None
            seen |= new
            cards_used += len(cards)
            held[i] = list(cards)
            dealt[i] = tuple(cards)
        elif kind is StackStated:
            stated_stacks[event.player] = event.amount   # type: ignore[attr-defined]
        elif kind is Award:
            name = event.player   # type: ignore[attr-defined]
            if name not in index:
                return None
            awards[name] = awards.get(name, 0) + event.amount   # type: ignore[attr-defined]
        elif kind is Show or kind is Muck:
            i = index.get(event.player)   # type: ignore[attr-defined]
            if i is None or fold_line or names[i] in shown or names[i] in mucked:
                return None
            if not showdown:
                if pending or draw_number != draws_allowed \
                        or (to_draw if all_in else round_ != rules.betting_rounds):
                    return None
                showdown = finished = True
            cards = event.cards   # type: ignore[attr-defined]
            if kind is Muck:
                if cards:
                    return None
                mucked.add(names[i])
                continue
            if len(cards) != hand_size or len(held[i]) != hand_size \
                    or set(cards) != set(held[i]):
                return None
            shown[names[i]] = tuple(cards)
            held[i] = list(cards)
            if event.description is not None:   # type: ignore[attr-defined]
                descriptions[names[i]] = event.description   # type: ignore[attr-defined]
        elif kind is Button:
            seat = event.seat   # type: ignore[attr-defined]
            if button >= 0 or blinds or seat not in seat_numbers:
                return None
            button = seat_numbers.index(seat)
            if previous is not None and previous.button is not None:
                last = previous.players.get(previous.button)
                if last is not None and last.seat == seat:
                    return None   # the button must alternate (G4)
        elif kind is UncalledReturned:
            returns[event.player] = event.amount   # type: ignore[attr-defined]
        elif kind is NetStated:
            stated_net[event.player] = event.amount   # type: ignore[attr-defined]
        else:
            return None   # seats, restated hands, rake: the general engine's business

    if not finished:
        return None
    # -- settlement: one pot of what both matched; the excess goes back (S3)
    matched = min(total)
    if not matched:
        return None
    back = (total[0] - matched, total[1] - matched)
    for name, amount in returns.items():
        i = index.get(name)
        if (0 if i is None else back[i]) != amount:
            return None
    pot = 2 * matched
    values = {name: badugi_value(cards) for name, cards in shown.items()}
    if fold_line:
        live = winners = (names[0] if folded_in[0] is None else names[1],)
    else:
        live = names
        contenders = tuple(n for n in names if n not in mucked)
        if len(contenders) < 2:
            winners = contenders or names
        elif len(values) < 2:
            return None   # a hand went unshown: the general engine explains
        else:
            first, second = values[names[0]].rank, values[names[1]].rank
            winners = names if first == second else (names[0 if first < second else 1],)
    # Both players put in the same, so a tie splits evenly with no odd chip (S2).
    if awards != dict.fromkeys(winners, pot // len(winners)):
        return None
    for name, text in descriptions.items():
        if _read_description(text) != _key(values[name]):
            return None
    results = {}
    for i, name in enumerate(names):
        won = awards.get(name, 0)
        end = start[i] - total[i] + back[i] + won
        if stated_stacks.get(name, end) != end or (
                name in stated_net and stated_net[name] != end - start[i]):
            return None
        results[name] = PlayerResult(
            name, seat_numbers[i], "button" if i == button else "big blind", start[i],
            total[i], back[i], won, end, folded_in[i], showdown and folded_in[i] is None,
            shown.get(name), values.get(name), dealt[i])
    if previous is not None and _deal_repeats(dealt, names, previous):
        return None   # no shuffle between hands (G6)
    return HandReport(
        hand.hand_id, hand.number, hand.source, hand.line, hand.session_id, rules, results,
        names[button], names[1 - button], actions, draw_records, [Pot(pot, live, winners)], 0,
        "fold" if fold_line else "showdown", round_, draw_number, [])


def _deal_repeats(dealt: list[Cards], names: tuple[str, ...], previous: HandReport) -> bool:
    """Whether every known deal of this hand is the same player's deal of the last (G6)."""
    known = [(name, cards) for name, cards in zip(names, dealt) if cards]
    return bool(known) and all((last := previous.players.get(name)) is not None
                               and last.dealt == cards for name, cards in known)


# -- replaying sessions ----------------------------------------------------------

def replay_hand(hand: Hand, seats: dict[str, int] | None = None,
                stacks: dict[str, int] | None = None,
                previous: HandReport | None = None, *, fast_path: bool = True) -> HandReport:
    """Replay one hand on its own and return the engine's report.

    ``fast_path=False`` skips the heads-up fast path; the report is the same,
    only slower (the benchmark measures the difference).
    """
    report = _replay_heads_up(hand, seats, stacks, previous) if fast_path else None
    if report is not None:
        return report
    replay = HandReplay(hand, seats, stacks, previous)
    replay.feed_all(hand.events)
    return replay.finish()


@dataclass(slots=True)
class _Table:
    """What carries from one hand to the next: seats, stacks, the last hand."""

    session_id: str
    source: str
    ruleset: Ruleset | None = None
    seats: dict[str, int] = field(default_factory=dict)
    stacks: dict[str, int] = field(default_factory=dict)
    previous: HandReport | None = None
    hands: int = 0
    line: int = 0
    violations: list[Violation] = field(default_factory=list)
    unknown_before: str = ""
    """Why the stacks carried into the next hand are unknown (a hand lost or skipped)."""


class Auditor:
    """Replays a stream of records session by session (N1, G3, G4, G6 link hands).

    >>> from badugi_hh.events import SessionStart, SessionPlayer
    >>> from badugi_hh.rules import HOUSE
    >>> auditor = Auditor()
    >>> auditor.feed(SessionStart(session_id="s", ruleset=HOUSE, source="x.txt", line=1,
    ...     players=[SessionPlayer(seat=1, name="Ana", stack=100),
    ...              SessionPlayer(seat=2, name="Bruno", stack=90)]))
    []
    >>> [str(v) for v in auditor.close().violations]
    ['x.txt:1: [G3] Bruno starts the session with 90 chips; each player starts with 100', 'x.txt:1: [N1] the session ends after 0 hands with every player still holding chips; a session is 12 hands']
    """

    def __init__(self, *, fast_path: bool = True) -> None:
        self.table: _Table | None = None
        self.fast_path = fast_path
        # hash of each hand id seen -> its line (T5); a hash keeps memory small
        self._hand_lines: dict[int, int] = {}

    def feed(self, record: Record) -> list[HandReport | SessionReport | SkippedHand]:
        """Replay one record; return the reports it completes."""
        if isinstance(record, Hand):
            void = _void(record)
            if not record.ruleset.audited or void:
                game = record.ruleset.game_name
                return self._skip(SkippedHand(
                    game=f"{game} ({void})" if void else game, hand_id=record.hand_id,
                    source=record.source, line=record.line, hand=record))
            return self._hand(record)
        if isinstance(record, SessionStart):
            return self._session_start(record)
        if isinstance(record, SessionEnd):
            return self._session_end(record)
        if isinstance(record, SkippedHand):
            return self._skip(record)
        table = self.table
        if table is not None and record.hand_lost:
            if table.seats:   # a house session: the hand was still played (N1 counts it)
                table.hands += 1
            else:   # a site log: the stacks after the lost hand are unknown
                table.unknown_before = f"the hand at line {record.line} could not be read"
            table.previous = None   # its button and deal are unknown (G4, G6)
        return []   # a ParseError: nothing to replay

    def _skip(self, skipped: SkippedHand) -> list[HandReport | SessionReport | SkippedHand]:
        """A hand of another game: its chips move, so the next hand's stacks are unknown."""
        if self.table is not None and not self.table.seats:
            self.table.unknown_before = (f"{skipped.game} hand {skipped.hand_id} was "
                                         "played in between")
            self.table.previous = None
        return [skipped]

    def close(self) -> SessionReport | None:
        """End the session under way (at the end of the stream)."""
        table, self.table = self.table, None
        if table is None:
            return None
        self._check_length(table, table.line)
        return self._session_report(table)

    def _session_start(self, record: SessionStart) -> list[HandReport | SessionReport]:
        closed = self.close()
        table = _Table(record.session_id, record.source, record.ruleset, line=record.line)
        table.seats = {p.name: p.seat for p in record.players}
        table.stacks = {p.name: p.stack for p in record.players}
        expected = record.ruleset.starting_stack
        for player in record.players:
            if expected is not None and player.stack != expected:
                table.violations.append(Violation(
                    "G3", f"{player.name} starts the session with {player.stack} chips; "
                    f"each player starts with {expected}", None, record.source, record.line))
        self.table = table
        return [closed] if closed else []

    def _hand(self, hand: Hand) -> list[HandReport | SessionReport]:
        reports: list[HandReport | SessionReport] = []
        table = self.table
        if table is None or (hand.session_id and hand.session_id != table.session_id):
            closed = self.close()
            reports.extend([closed] if closed else [])
            table = self.table = _Table(hand.session_id, hand.source)
        table.hands += 1
        table.ruleset = table.ruleset or hand.ruleset
        self._check_continues(table, hand)
        carried = table.stacks
        if table.unknown_before:
            carried = {}
        report = replay_hand(hand, table.seats or None, carried, table.previous,
                             fast_path=self.fast_path)
        self._check_unique(table, hand)
        if table.unknown_before:
            report.notes.append(f"stacks not checked against the hand before: "
                                f"{table.unknown_before}")
            table.unknown_before = ""
        if hand.damaged:
            _judge_up_to_damage(report, hand)
            if not table.seats:
                table.unknown_before = (f"hand {hand.hand_id} has a line that could not "
                                        f"be read (line {hand.damaged[0]})")
        table.stacks = report.end_stacks
        table.previous = report
        last_line = report.actions[-1].line if report.actions else report.line
        table.line = max(hand.line, last_line, report.line)
        reports.append(report)
        return reports

    def _check_unique(self, table: _Table, hand: Hand) -> None:
        """A hand id names one hand (T5); a store keeps the first copy.

        Reported with the session, since it is about the list of hands: the
        second copy's own report is not stored.
        """
        first = self._hand_lines.setdefault(hash(hand.hand_id), hand.line)
        if first != hand.line:
            table.violations.append(Violation(
                "T5", f"the hand id is used again (first at line {first}); "
                "only the first hand with it is stored", hand.hand_id, hand.source, hand.line))

    def _check_continues(self, table: _Table, hand: Hand) -> None:
        """A session stops at its length or when a player is broke (N1)."""
        limit = hand.ruleset.session_hands
        if limit is not None and table.hands > limit:
            message = f"hand {table.hands} is played; a session is {limit} hands"
        elif table.seats and table.stacks and min(table.stacks.values()) <= 0:
            broke = [n for n, s in table.stacks.items() if s <= 0]
            message = (f"the hand is played although {', '.join(broke)} has no chips left; "
                       "the session ended with the previous hand")
        else:
            return
        table.violations.append(Violation("N1", message, hand.hand_id, hand.source, hand.line))

    def _session_end(self, record: SessionEnd) -> list[HandReport | SessionReport]:
        table = self.table
        if table is None:
            return []
        stacks = table.stacks
        for name, amount in record.stacks.items():
            if stacks.get(name) != amount:
                table.violations.append(Violation(
                    "N1", f"the log says {name} ends the session with {amount}; the chips "
                    f"say {stacks.get(name)}", None, record.source, record.line))
        winner = _leader(stacks)
        stated = None if record.draw else record.winner
        if (record.draw or record.winner) and stated != winner:
            said = "a draw" if record.draw else f"{record.winner} wins"
            truth = f"{winner} wins with the larger stack" if winner else "it is a draw"
            table.violations.append(Violation(
                "N1", f"the log says {said}, but {truth} ({_stack_list(stacks)})",
                None, record.source, record.line))
        table.line = record.line
        closed = self.close()
        return [closed] if closed else []

    def _check_length(self, table: _Table, line: int) -> None:
        ruleset = table.ruleset
        limit = ruleset.session_hands if ruleset else None
        if limit is None or not table.seats or table.hands >= limit:
            return
        if all(s > 0 for s in table.stacks.values()):
            table.violations.append(Violation(
                "N1", f"the session ends after {table.hands} hands with every player still "
                f"holding chips; a session is {limit} hands", None, table.source, line))

    def _session_report(self, table: _Table) -> SessionReport:
        return SessionReport(table.session_id, table.source, table.hands,
                             dict(table.stacks), _leader(table.stacks), table.violations)


def _void(hand: Hand) -> str:
    """Why a hand was not played, or "": the site called it off (``Hand cancelled``,
    ``GAME_CANCELLED``), or fewer than two of its seated players were dealt in (a
    dead or partial hand).

    Its chips go back where they came from, and nothing in it is a verdict: it
    is counted as skipped, never audited.
    """
    if any(type(event) is Note and event.kind == "hand" and "cancel" in event.text.lower()
           for event in hand.events):
        return "cancelled"
    seats = [event for event in hand.events if type(event) is Seat]
    if seats and sum(seat.in_hand for seat in seats) < 2:
        return "not played"
    return ""


def _judge_up_to_damage(report: HandReport, hand: Hand) -> None:
    """Keep the violations before the first unreadable line; what follows may hang on it."""
    first = hand.damaged[0]
    kept = [v for v in report.violations if v.line < first]
    if len(kept) < len(report.violations):
        report.notes.append(f"not judged after line {first}, which could not be read "
                            f"({len(report.violations) - len(kept)} finding(s) set aside)")
    else:
        report.notes.append(f"line {first} could not be read")
    report.violations[:] = kept


def _leader(stacks: dict[str, int]) -> str | None:
    """The player with the larger stack; None for a draw (N1)."""
    if not stacks:
        return None
    top = max(stacks.values())
    leaders = [n for n, s in stacks.items() if s == top]
    return leaders[0] if len(leaders) == 1 else None


def _stack_list(stacks: dict[str, int]) -> str:
    return ", ".join(f"{n} {s}" for n, s in stacks.items())


def audit(records: Iterable[Record], *, fast_path: bool = True,
          ) -> Iterator[HandReport | SessionReport | ParseError | SkippedHand]:
    """Replay a stream of records; yield every report, and parse errors in place.

    The order of the stream is kept, so a caller can print or store as it goes
    and memory stays flat however long the stream is. ``fast_path`` is as for
    :func:`replay_hand`.
    """
    auditor = Auditor(fast_path=fast_path)
    for record in records:
        if isinstance(record, ParseError):
            yield record
        yield from auditor.feed(record)
    closed = auditor.close()
    if closed is not None:
        yield closed
