"""``HandReplay``: one hand's events in, every rule checked, chips and cards accounted.

The replay keeps its own account of the betting (blinds, acting order, bet
sizes, the cap), the draws and every card, reports what breaks a rule, then
follows the log; :mod:`.settle` then settles the pot.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from operator import attrgetter
import re

from badugi_hh.betting import structure_of
from badugi_hh.cards import Card, format_cards
from badugi_hh.engine.report import (
    ActionRecord, DrawRecord, HandReport, Violation, draw_name, new_tuple, round_name,
)
from badugi_hh.engine.settle import Settlement
from badugi_hh.events import (
    Award, Bet, Burn, Button, Call, Cards, Check, Deal, Draw, DrawnCards, Event, Fold, Hand, Muck,
    NetStated, Note, PlayerEvent, PostBlind, PotTotal, Raise, Seat, Show, StackStated, Street,
    SummaryResult, UncalledReturned,
)
from badugi_hh.games import game_of


@dataclass(slots=True)
class ReplayPlayer:
    name: str
    seat: int
    stack: int                     # chips behind
    start: int
    total_in: int = 0
    dead_in: int = 0               # dead blinds and antes: in the pot, never a bet (T3)
    round_in: int = 0
    folded: bool = False
    all_in: bool = False
    folded_in_round: int | None = None
    cards: list[Card | None] = field(default_factory=list)
    dealt: Cards = ()


seat_of = attrgetter("seat")


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
        "stated_awards", "award_line", "side_awards", "stated_returns", "stated_stacks",
        "stated_net",
        "descriptions", "mucked", "shown", "pot_total", "last_line", "idle",
        "full_to", "short_half", "summary_won", "blinds_checked", "deck_reported", "misplayed",
        "structure", "last_raise", "antes_posted",
    )

    def __init__(self, hand: Hand, seats: dict[str, int] | None = None,
                 stacks: dict[str, int] | None = None,
                 previous: HandReport | None = None) -> None:
        self.hand = hand
        self.rules = hand.ruleset
        self.previous = previous
        self._stacks = stacks or {}
        self.violations: list[Violation] = []
        self.players: dict[str, ReplayPlayer] = {}
        self._orders: dict[int | None, list[ReplayPlayer]] = {}   # seat -> clockwise order
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
        self.short_half = False        # an all-in since then of half a bet or more (T1)
        # pot limit, half-pot limit or no limit; None for fixed limit, played below
        self.structure = None if self.rules.structure == "fixed" else structure_of(
            self.rules.structure)
        self.last_raise = 0            # the last full bet or raise's size (not fixed limit)
        self.antes_posted = False      # a game of antes alone has no blinds (T3)
        self.blinds_checked = False    # whether a big blind was looked for at the deal
        self.deck_reported = False     # D4's count of cards is reported once a hand
        self.misplayed: set[Card] = set()   # cards already reported (G2, D3, D4): once each
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
        self.side_awards: list[tuple[int, str, int]] = []   # (side pot, player, line) (M3)
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
        self.players[name] = ReplayPlayer(name, seat, stack, stack)
        self._orders.clear()

    def _topped_up(self, carried: int, stack: int) -> bool:
        """At a cash table a player may add chips between hands (T6); never take them."""
        return stack > carried and (self.hand.currency is not None or self.hand.unit > 1)

    def _player(self, name: str, line: int) -> ReplayPlayer | None:
        player = self.players.get(name)
        if player is None:
            self.report("G1", line, f"{name} is not seated at this table")
        return player

    def _order_after(self, seat: int | None) -> list[ReplayPlayer]:
        """Players clockwise, starting with the first seat after ``seat``."""
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
        handler = HANDLERS.get(type(event))
        if handler is None:
            raise TypeError(f"the engine does not know {type(event).__name__} events")
        if self.fold_line and type(event) not in AFTER_HAND:
            self._after_fold(event)
        else:
            handler(self, event)

    def feed_all(self, events: Iterable[Event]) -> None:
        """:meth:`feed` for a whole hand: the same steps, with less overhead per event."""
        handlers, after_hand = HANDLERS, AFTER_HAND
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
        if kind == "ante":
            self.antes_posted = True
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
            self.last_raise = rules.big_blind   # the big blind is the bet to raise
        self.actions.append(new_tuple(ActionRecord, (event.player, 1, "post", event.amount,
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
        if (self.blinds_checked or self.round != 1 or self.big_blind is not None
                or self.antes_posted):   # antes alone: left of the button acts first
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

    def _check_blind_amount(self, player: ReplayPlayer, event: PostBlind, expected: int) -> None:
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

    def _check_deal_order(self, player: ReplayPlayer, line: int) -> None:
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

    def _show_hand_after_draw(self, player: ReplayPlayer, event: Deal) -> None:
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
                if card not in self.misplayed:   # once a hand, wherever it comes back
                    self.misplayed.add(card)
                    self.report("G2", line, f"a joker is {where}; the deck has 52 cards "
                                "and no jokers")
                continue
            previous = seen.get(card)
            if previous is not None and card not in self.misplayed:   # one report a card
                if card in self.out_of_play and self._recycled():
                    self.out_of_play.discard(card)   # back in play from the reshuffled discards
                elif card in self.out_of_play:
                    self.misplayed.add(card)
                    self.report("D3", line, f"{card} is {where}, but it was {previous}, and "
                                "discards and burned cards are out of play")
                else:
                    self.misplayed.add(card)
                    self.report("D4", line, f"{card} is {where}, but it was already "
                                f"{previous}; each card is dealt once")
            seen[card] = where

    # -- betting --------------------------------------------------------------

    def _start_round(self, number: int) -> None:
        self.round, self.round_closed = number, False
        self.to_match, self.full_to, self.bets_in_round = 0, 0, 0
        self.short_half, self.last_raise = False, 0
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
                self.report("B5", line, f"the betting round {round_name(self.round)} "
                            "was already over")
            self.round_closed = False
        return True

    def _action_player(self, event: PlayerEvent) -> ReplayPlayer | None:
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
        if not self.pending and self._no_more_betting():
            self.report("S3", event.line, f"{player.name} acts, but every other player is "
                        "all-in and nothing is owed: there is no betting once players are "
                        "all-in")
            return None
        if self.pending and self.pending[0] != player.name:
            self.report("B6" if self.heads_up else "M2", event.line,
                        f"{player.name} acts out of turn: it is "
                        f"{self.pending[0]}'s turn {round_name(self.round)}"
                        + self._order_hint())
        if player.name in self.pending:
            self.pending.remove(player.name)
        return player

    def _order_hint(self) -> str:
        if not self.heads_up:
            return ""
        return (" (the dealer acts first before the first draw)" if self.round == 1
                else " (the big blind acts first after a draw)")

    def _record(self, player: ReplayPlayer, kind: str, added: int, facing: int, line: int) -> None:
        # tuple.__new__ skips the NamedTuple constructor's argument parsing (hot path)
        self.actions.append(new_tuple(ActionRecord, (player.name, self.round, kind, added,
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

    def _fold_all_in(self, player: ReplayPlayer, line: int) -> None:
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
        if self.structure is not None:
            self._sized_bet(player, event.amount, self.to_match, event.line, "bet")
            return
        facing = self.to_match - player.round_in
        size = self.rules.bet_size(self.round)
        if self.to_match > 0:
            self.report("B4", event.line, f"{player.name} bets facing a bet of "
                        f"{self.to_match}; the choice is call, raise or fold")
        elif event.amount != size and not (event.amount < size and event.amount == player.stack):
            self.report("B2", event.line, f"{player.name} bets {event.amount}; a bet "
                        f"{round_name(self.round)} is {size}")
        short = event.amount < size and event.amount == player.stack
        self._aggress(player, event.amount, event.line, "bet", facing,
                      counts=self._raise_level(event.amount, size, short))

    def on_raise(self, event: Raise) -> None:
        player = self._action_player(event)
        if player is None:
            return
        if self.structure is not None:
            self._sized_bet(player, event.to, self.to_match, event.line, "raise")
            return
        facing = self.to_match - player.round_in
        size = self.rules.bet_size(self.round)
        added = event.to - player.round_in
        expected_to = self.full_to + size   # a completion after a short all-in, too (T1)
        # After an all-in of half a bet or more, a full raise over it is legal too (T1),
        # measured from the all-in or from the full raise it counts as.
        legal = ((expected_to, self.to_match + size, expected_to + size) if self.short_half
                 else (expected_to,))
        if self.to_match == 0:
            self.report("B4", event.line, f"{player.name} raises with no bet to raise; "
                        "the choice is check or bet")
        # An all-in short of the highest full raise is no fault: it is short (S3).
        elif event.to not in legal and not (event.to < max(legal) and added == player.stack):
            self.report("B2", event.line, f"{player.name} raises to {event.to}, but a raise "
                        f"{round_name(self.round)} goes to {expected_to} (the bet is {size})")
        elif event.by is not None and event.by != event.to - self.to_match:
            self.report("B2", event.line, f"{player.name} raises by {event.by}, but from "
                        f"{self.to_match} to {event.to} is a raise of "
                        f"{event.to - self.to_match}")
        short = event.to not in legal and event.to < max(legal) and added == player.stack
        if self.short_half and event.to in legal[1:]:
            self.bets_in_round += 1   # raised over: the all-in counted as a full one (T1)
        self._aggress(player, added, event.line, "raise", facing,
                      counts=self._raise_level(event.to, size, short))

    def _sized_bet(self, player: ReplayPlayer, to: int, to_match: int, line: int,
                   kind: str) -> None:
        """A bet or raise to ``to`` in pot limit, half-pot limit or no limit (B2, B4)."""
        structure, rules = self.structure, self.rules
        assert structure is not None
        facing = to_match - player.round_in
        added = to - player.round_in
        if (kind == "bet") != (to_match == 0):
            self.report("B4", line, f"{player.name} {kind}s "
                        + ("with no bet to raise; the choice is check or bet" if to_match == 0
                           else f"facing a bet of {to_match}; the choice is call, raise or "
                           "fold"))
        pot = sum(p.total_in for p in self.players.values())
        least, most = (structure.bet_range(pot=pot, big_blind=rules.big_blind) if not to_match
                       else structure.raise_range(to_match=to_match, last_raise=self.last_raise,
                                                  pot=pot, owed=facing,
                                                  big_blind=rules.big_blind))
        all_in = added == player.stack
        if (to < least and not all_in) or (most is not None and to > most):
            limit = f"{least} to {most}" if most is not None else f"at least {least}"
            self.report("B2", line, f"{player.name} {kind}s to {to}; in {structure.name} "
                        f"a {kind} {round_name(self.round)} goes to {limit}")
        if to - to_match >= self.last_raise:   # a full bet or raise: the next goes from it
            self.last_raise = to - to_match
        self._aggress(player, added, line, kind, facing)

    def _raise_level(self, to: int, size: int, short_all_in: bool) -> bool:
        """Move the level raises go from; whether the bet or raise to ``to`` counts (T1).

        A bet or raise sets the level (a wrong one too: B2 has said so, and the
        log is followed). An all-in for less than a full bet or raise leaves the
        level where it was, and does not count toward the cap: the next player
        may *complete* it to the full level (PokerStars does so even after an
        all-in of half a bet or more), and that completion counts. After an
        all-in of half a bet or more, a full raise over it is legal as well (the
        half-bet rule other rooms play).
        """
        if not short_all_in:
            self.full_to, self.short_half = to, False
            return True
        self.short_half = self.short_half or 2 * (to - self.full_to) >= size
        return False

    def _aggress(self, player: ReplayPlayer, added: int, line: int, kind: str, facing: int,
                 *, counts: bool = True) -> None:
        if self.able < 2:   # he is able; nobody else is
            self.report("S3", line, f"{player.name} {kind}s, but every other player is "
                        "all-in: there is nobody to bet against, only a call or a fold")
        # Once the bet and every raise are in, nobody raises, short all-in or not (T1, T7);
        # pot limit and no limit have no cap.
        if (self.bets_in_round > self.rules.max_raises and self.structure is None
                and (self.rules.cap_heads_up or self.live > 2)):
            self.report("B3", line, f"{player.name} {kind}s after the cap: one bet and "
                        f"{self.rules.max_raises} raises per round"
                        + (", the big blind counting as the bet" if self.round == 1 else ""))
        self.bets_in_round += counts
        self._put_in(player, added, line)
        if player.round_in > self.to_match:
            self.to_match = player.round_in
        self.pending = self._can_act_after(player.seat, skip=player.name)
        self._record(player, kind, added, facing, line)

    def _put_in(self, player: ReplayPlayer, amount: int, line: int, *, live: bool = True) -> None:
        if amount > player.stack:
            self.report("S3", line, f"{player.name} puts in {amount} with only "
                        f"{player.stack} behind; a short stack goes all-in for the rest")
        player.stack -= amount
        player.total_in += amount
        if live:
            player.round_in += amount
        else:
            player.dead_in += amount
        if player.stack <= 0 and not player.all_in:
            player.all_in = True
            self.able -= not player.folded

    # -- draws ----------------------------------------------------------------

    def _begin_draw(self, line: int, number: int | None = None) -> None:
        self._close_draw(line)
        expected = self.draw_number + 1
        if number is not None and number != expected:
            self.report("D1", line, f"the {draw_name(number)} draw comes where the "
                        f"{draw_name(expected)} is due")
        if expected > self.rules.draws:
            self.report("D1", line, f"a {draw_name(expected)} draw; there are "
                        f"{self.rules.draws} draws")
        if self.pending:
            self.report("B5", line, f"the {draw_name(expected)} draw starts before the "
                        f"betting round {round_name(self.round)} is over "
                        f"({', '.join(self.pending)} still to act)")
            self.pending = []
        elif self.draw_number >= self.round and not self._no_more_betting():
            self.report("B1", line, f"no betting round between the "
                        f"{draw_name(self.draw_number)} and the {draw_name(expected)} draw")
        self.round_closed = True
        self.draw_number, self.in_draw, self.burns = expected, True, 0
        # Each draw goes clockwise from the button: the big blind first heads-up (D1).
        self.to_draw = [p.name for p in self._order_after(self.button_seat) if not p.folded]
        self.drew = set()

    def _close_draw(self, line: int) -> None:
        if not self.in_draw:
            return
        for name in self.to_draw:
            self.report("D1", line, f"{name} does not draw in the {draw_name(self.draw_number)} "
                        "draw (standing pat is a draw of zero cards)")
        self.to_draw, self.in_draw = [], False

    def on_burn(self, event: Burn) -> None:
        if not self.in_draw or not self.to_draw:
            self._begin_draw(event.line)
        elif self.drew:
            self.report("D3", event.line, "a card is burned in the middle of the "
                        f"{draw_name(self.draw_number)} draw; the burn comes before it")
        elif self.burns:
            self.report("D3", event.line, "a second card is burned before the "
                        f"{draw_name(self.draw_number)} draw; one card is burned")
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
                        f"{draw_name(self.draw_number)} draw")
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
        self.draws.append(new_tuple(DrawRecord, (name, self.draw_number, discarded,
                                                  drawn, tuple(player.cards), line)))

    def _check_draw_turn(self, player: ReplayPlayer, line: int) -> None:
        if player.name in self.drew:
            self.report("D1", line, f"{player.name} draws twice in the "
                        f"{draw_name(self.draw_number)} draw")
        elif self.to_draw and self.to_draw[0] != player.name:
            first = "the big blind" if self.heads_up else "the first player left of the button"
            self.report("D1", line, f"{player.name} draws before {self.to_draw[0]}; "
                        f"{first} draws first")
        self.drew.add(player.name)
        if player.name in self.to_draw:
            self.to_draw.remove(player.name)

    def _discard(self, player: ReplayPlayer, event: Draw) -> None:
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

    def _most_cards(self) -> int:
        """Every card dealt, every card drawn, every burn: the most a hand can use (D4)."""
        rules = self.rules
        return len(self.players) * rules.hand_size * (1 + rules.draws) + rules.draws

    def _recycled(self) -> bool:
        """Whether the stub has run out and the discards were shuffled into a new one.

        Heads-up Badugi never needs it (D4: 35 cards at most); five-card games from
        three players and Badugi from four can run out, and then a discard may
        come back (not a D3).
        """
        return self.cards_used > 52 and self._most_cards() > 52

    def _check_deck_size(self, line: int) -> None:
        limit = min(52, self._most_cards())
        if self.cards_used > limit and not self._recycled() and not self.deck_reported:
            self.deck_reported = True   # once per hand
            self.report("D4", line, f"{self.cards_used} cards are used in this hand; "
                        f"at most {limit} can be without recycling the deck")

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
            # the split games state their own structure (X1), the same as B1's
            self.report("X1" if game_of(self.rules).split else "B1", line,
                        f"the showdown comes after {self.round} betting rounds "
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

    def _reconcile_shown(self, player: ReplayPlayer, shown: Cards, line: int) -> None:
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
            if card in self.out_of_play and self._recycled():
                self.out_of_play.discard(card)   # an unseen draw from the reshuffled discards
            elif card in self.seen:
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
        side = _SIDE_POT.match(event.pot)
        if side:   # "side 2", "side 2 lowball": which pot the log pays from (M3)
            self.side_awards.append((int(side.group(1)), event.player, event.line))

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
        return Settlement(self).report()


HANDLERS = {
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
#: An award's pot naming a side pot, and its number.
_SIDE_POT = re.compile(r"side (?:pot[ -])?(\d+)")

#: What may follow the fold that ends a hand.
AFTER_HAND = frozenset({UncalledReturned, Award, PotTotal, StackStated, NetStated,
                         Muck, Show, Street, Note, SummaryResult})
