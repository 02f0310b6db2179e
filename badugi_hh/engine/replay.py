"""``HandReplay``: one hand's events in, every rule checked as they come, two values out.

The replay feeds each event to the part of the engine whose job it is: the
:class:`~.table.Table` (seats, button), :class:`~.rounds.Betting` (blinds and
actions), :class:`~.draws.Draws` and the :class:`~.deck.Deck` (cards). It moves
the hand from one street to the next itself (a round, a draw, the showdown:
B1, B5, S3, X1) and keeps what the log claims. :meth:`HandReplay.close` ends the
hand and hands over two frozen values, the table's
:class:`~.state.TableState` and the log's :class:`~.state.LogClaims`, which
:func:`~.settle.settle` turns into the pots, the winners and the violations of
the claims.
"""

from __future__ import annotations

from collections.abc import Iterable

from badugi_hh.engine.accounts import settle_broke_players, settle_either_account
from badugi_hh.engine.dealing import judge_deal
from badugi_hh.engine.describe import names_a_hand
from badugi_hh.engine.deck import Deck
from badugi_hh.engine.draws import Draws
from badugi_hh.engine.kinds import (
    AFTER_HAND, AWARD, BET, BURN, BUTTON, CALL, CHECK, DEAL, DRAW, FOLD, HANDLED, POST_BLIND, RAISE,
    SHOW, STACK_STATED, STREET,
)
from badugi_hh.engine.report import HandReport, HandViolations, new_tuple, round_name
from badugi_hh.engine.rounds import Betting
from badugi_hh.engine.runs import LaterRuns
from badugi_hh.engine.settle import to_report
from badugi_hh.engine.state import STOPS_SHORT, Ending, LogClaims, TableState
from badugi_hh.engine.table import Report, Table, for_money
from badugi_hh.events import (
    Award, Button, Cards, Deal, DrawnCards, Event, Hand, Muck, NetStated, Note, PlayerEvent,
    PotTotal, RunCards, Seat, Show, StackStated, Street, SummaryResult, UncalledReturned,
)
from badugi_hh.games import game_of

__all__ = ["HandReplay"]


class HandReplay:
    """The state machine of one hand: :meth:`feed` it events, then :meth:`finish`.

    ``seats`` names the players when the hand itself does not (the house
    format seats them in the session header); ``stacks`` gives the chips each
    starts with when the hand does not state them, and ``other_account`` the
    chips' account of a start the log stated otherwise (G3). ``previous`` is the
    report of the hand before at the same table, for the button (G4).
    """

    def __init__(self, hand: Hand, seats: dict[str, int] | None = None,
                 stacks: dict[str, int] | None = None,
                 previous: HandReport | None = None,
                 other_account: dict[str, int] | None = None) -> None:
        self.hand = hand
        self.rules = hand.ruleset
        self.previous = previous
        found = HandViolations(hand.hand_id, hand.source)
        self.violations = found.found
        self.report: Report = found.report   # the parts' too: none of them holds the replay
        self.table = table = Table(self.rules, self.report, stacks or {}, cash=for_money(hand),
                                   other_account=other_account)
        table.sit_session(seats or {}, hand.events, hand.line)
        table.follows_hand = previous is not None   # its seats (T3), its button (G4)
        if (previous is not None and previous.button in previous.players
                and previous.number == hand.number - 1):   # none between: it alternated once
            table.last_button = (previous.button, previous.players[previous.button].seat)
        self.deck = Deck(table, self.report)
        self.betting = Betting(table, self.report, hand.events)
        self.draws = Draws(table, self.deck, self.betting, self.report)
        self.showdown = False
        self.after_fold_reported = False
        self.dealt_order: list[str] = []
        self.last_line = hand.line
        self.shown: dict[str, Cards] = {}
        self.mucked: set[str] = set()
        self.later_runs = LaterRuns(self.report)   # a hand run twice: the runs after the first
        # what the log claims
        self.awards: dict[str, int] = {}
        self.award_line = 0
        self.award_pots: list[tuple[str, str, int, int]] = []
        self.returns: dict[str, tuple[int, int]] = {}
        self.inferred_returns: dict[str, int] = {}
        self.stacks: dict[str, tuple[int, int]] = {}
        self.nets: dict[str, tuple[int, int]] = {}
        self.descriptions: list[tuple[str, str, int]] = []
        self.summary: dict[str, tuple[int, int]] = {}
        self.pot_total: tuple[int | None, int, int] | None = None

    # -- dispatch -------------------------------------------------------------

    def feed(self, event: Event) -> None:
        """Apply one event; events are fed in the order of the log."""
        self.feed_all((event,))

    def feed_all(self, events: Iterable[Event]) -> None:
        """Apply a hand's events in the order of the log."""
        betting = self.betting
        event = None
        for event in events:
            if betting.fold_line and type(event) not in AFTER_HAND:
                if type(event) not in HANDLED:
                    raise TypeError(f"the engine does not know {type(event).__name__} events")
                self._after_fold(event)
            else:
                self._apply(event)
        if event is not None:
            self.last_line = event.line

    def _apply(self, event: Event) -> None:
        """Hand ``event`` to the part whose job it is: the replay, the betting or the draws.

        A chain of type tests, the commonest events first: compiled, each handler is
        then called directly, where a table of handlers made each call a Python one, and
        each class is a static (:mod:`.kinds`), not a look-up of the module's names.
        """
        betting, draws = self.betting, self.draws
        if type(event) is CALL:
            if self._round_open(event):
                betting.on_call(event)
        elif type(event) is DRAW:
            draws.on_draw(event)
        elif type(event) is DEAL:
            self.on_deal(event)
        elif type(event) is STACK_STATED:
            self.on_stack(event)
        elif type(event) is RAISE:
            if self._round_open(event):
                betting.on_raise(event)
        elif type(event) is STREET:
            self.on_street(event)
        elif type(event) is FOLD:
            if self._round_open(event):
                betting.on_fold(event)
        elif type(event) is BURN:
            draws.on_burn(event)
        elif type(event) is BET:
            if self._round_open(event):
                betting.on_bet(event)
        elif type(event) is CHECK:
            if self._round_open(event):
                betting.on_check(event)
        elif type(event) is SHOW:
            self.on_show(event)
        elif type(event) is POST_BLIND:
            betting.on_post(event)
        elif type(event) is AWARD:
            self.on_award(event)
        elif type(event) is BUTTON:
            self.on_button(event)
        else:
            self._apply_rare(event)

    def _apply_rare(self, event: Event) -> None:
        """:meth:`_apply` for the events few hands have."""
        if type(event) is Seat:
            self.on_seat(event)
        elif type(event) is UncalledReturned:
            self.on_uncalled(event)
        elif type(event) is Muck:
            self.on_muck(event)
        elif type(event) is PotTotal:
            self.on_pot_total(event)
        elif type(event) is NetStated:
            self.on_net(event)
        elif type(event) is SummaryResult:
            self.on_summary_result(event)
        elif type(event) is Note:
            self.on_note(event)
        elif type(event) is DrawnCards:
            self.draws.on_drawn_cards(event)
        elif type(event) is RunCards:
            self.on_run_cards(event)
        else:
            raise TypeError(f"the engine does not know {type(event).__name__} events")

    def _round_open(self, event: PlayerEvent) -> bool:
        """Whether a betting round is open for the action ``event``, opening the one it
        belongs to where it comes while none is (False: there is none, S3)."""
        return not self.betting.needs_round(event) or self._enter_betting(event.line)

    def _after_fold(self, event: Event) -> None:
        if not self.after_fold_reported:
            self.after_fold_reported = True
            self.report("S4", event.line, "the hand goes on after the fold on line "
                        f"{self.betting.fold_line}; a fold ends the hand at once")

    # -- the table ------------------------------------------------------------

    def on_seat(self, event: Seat) -> None:
        if event.in_hand:
            self.table.sit(event.player, event.seat, event.stack, event.line)
            if event.sitting_out:
                self.table.sitting_out.add(event.player)
        else:   # not dealt in (T2): no part in the hand, but the stack is carried (G3)
            self.table.sit_out(event.player, event.stack, event.line)
            self.table.vacated.add(event.seat)

    def on_note(self, event: Note) -> None:
        """Chat, table news and the like say nothing about the play."""

    def on_button(self, event: Button) -> None:
        table, rules, previous = self.table, self.rules, self.previous
        seat = table.button_named(event)
        if seat is not None:
            table.button_at(seat, event.line)
        if previous is not None:   # who played the hand before and is gone left his seat
            table.vacated.update(player.seat for name, player in previous.players.items()
                                 if name not in table.players)
        count = len(table.players)
        if not rules.min_players <= count <= rules.max_players:
            wanted = (str(rules.min_players) if rules.min_players == rules.max_players
                      else f"{rules.min_players} to {rules.max_players}")
            self.report("G1", event.line, f"{count} players take part; this game is "
                        f"for {wanted}")

    def on_street(self, event: Street) -> None:
        if event.kind == "deal":
            self.betting.check_big_blind(event.line)
        elif event.kind == "draw":
            self.draws.begin(event.line, event.number)
        elif event.kind == "showdown":
            self._begin_showdown(event.line)

    def on_deal(self, event: Deal) -> None:
        table = self.table
        player = table.players.get(event.player) or table.player(event.player, event.line)
        if player is None:
            return
        if self.draws.number:   # site logs restate the hero's hand after each draw
            self.deck.restate(player, event.cards)
            return
        judge_deal(table, player, event.cards, self.dealt_order, event.line)
        self.deck.take(event.cards, f"dealt to {player.name}", event.line)
        player.cards = list(event.cards)
        player.dealt = tuple(event.cards)
        self.dealt_order.append(player.name)

    # -- from one street to the next ---------------------------------------------

    def _enter_betting(self, line: int) -> bool:
        """Open the betting round an action belongs to; False if there is none (S3)."""
        betting, draws, table, rules = self.betting, self.draws, self.table, self.rules
        if betting.round == 0:
            self.report(table.blind_rule, line, "betting starts before the blinds are posted")
            betting.round = 1
        if draws.open:
            draws.close(line)
            if table.no_more_betting(betting.levels.to_match):
                self.report("S3", line, "there is no betting once a player is all-in; "
                            "the remaining draws are played without it")
                return False
            betting.start_round(draws.number + 1)
            if betting.round > rules.betting_rounds:
                self.report("B1", line, f"a betting round after the last draw's; there are "
                            f"{rules.betting_rounds} betting rounds")
        elif betting.closed:
            if table.no_more_betting(betting.levels.to_match):
                self.report("S3", line, "there is no betting once a player is all-in; "
                            "the remaining draws are played without it")
                return False
            if betting.round >= rules.betting_rounds:
                self.report("B1", line, "a betting action after the last betting round; "
                            f"there are {rules.betting_rounds}")
            else:
                self.report("B5", line, f"the betting round {round_name(betting.round)} "
                            "was already over")
            betting.closed = False
        return True

    def _begin_showdown(self, line: int, what: str = "the showdown starts") -> None:
        betting, draws, rules = self.betting, self.draws, self.rules
        if self.showdown or betting.fold_line:
            return
        self.showdown = True
        all_in = self.table.no_more_betting(betting.levels.to_match) and not betting.pending
        draws.close(line)
        if betting.pending:
            betting.close_with_players_to_act(line, what)
            self.showdown = not betting.fold_line   # its folds left out left one player
        elif all_in and draws.number < rules.draws:
            self.report("S3", line, f"the showdown comes after {draws.number} draws; "
                        "with a player all-in the remaining draws are still played")
        elif not all_in and (betting.round < rules.betting_rounds or draws.number < rules.draws):
            # the split games state their own structure (X1), the same as B1's
            self.report("X1" if game_of(rules).split else "B1", line,
                        f"the showdown comes after {betting.round} betting rounds "
                        f"and {draws.number} draws; there are "
                        f"{rules.betting_rounds} rounds and {rules.draws} draws")
        betting.end_round()

    def on_show(self, event: Show) -> None:
        player = self.table.player(event.player, event.line)
        if player is None:
            return
        self._begin_showdown(event.line)
        self.deck.show(player, event.cards, event.line)
        self.shown[player.name] = tuple(player.cards)
        if event.description is not None:
            self.descriptions.append((player.name, event.description, event.line))

    def on_run_cards(self, event: RunCards) -> None:
        """A later run's cards (a hand run twice): judged once the hand is over."""
        if self.table.player(event.player, event.line) is not None:
            self.later_runs.add(event, self.draws.records)

    def on_muck(self, event: Muck) -> None:
        player = self.table.player(event.player, event.line)
        if player is None:
            return
        self._begin_showdown(event.line)
        self.mucked.add(player.name)
        if event.cards:
            self.deck.show(player, event.cards, event.line)

    # -- what the log claims ------------------------------------------------------

    def on_award(self, event: Award) -> None:
        name = self.table.name_of(event.player, event.line)   # a misspelt name: his (G1)
        self.awards[name] = self.awards.get(name, 0) + event.amount
        words = event.description   # Full Tilt's "wins the pot ($0.81) with a 3-Card: 5, 4, 2"
        if words is not None and names_a_hand(game_of(self.rules), words):
            self.descriptions.append((name, words, event.line))
        self.award_line = self.award_line or event.line
        if event.pot:   # "main", "side 2", "side 2 lowball": which pot the log pays from
            self.award_pots.append((name, event.pot, event.amount, event.line))

    def on_uncalled(self, event: UncalledReturned) -> None:
        if event.inferred:   # the reader's arithmetic, not the log's claim
            self.inferred_returns[event.player] = event.amount
        else:   # a misspelt name: his, an unknown one: nobody's (G1), as for each claim
            self.table.claim(self.returns, event.player, event.amount, event.line)

    def on_stack(self, event: StackStated) -> None:
        self.table.claim(self.stacks, event.player, event.amount, event.line)

    def on_net(self, event: NetStated) -> None:
        self.table.claim(self.nets, event.player, event.amount, event.line)

    def on_summary_result(self, event: SummaryResult) -> None:
        self.table.claim(self.summary, event.player, event.won, event.line)
        if event.cards is None and event.description is None:
            return
        # "showed [..] and lost with Lo: 9,7,6,5,2": what he showed, restated, is judged
        # as his show line is; a name nobody has was said (G1) by the claim above
        player = self.table.players.get(event.player) or self.table.misspelt(event.player)
        if player is None:
            return
        if event.cards is not None:
            self.deck.check_restated(player, event.cards, event.line)
        if event.description is not None:
            self.descriptions.append((player.name, event.description, event.line))

    def on_pot_total(self, event: PotTotal) -> None:
        self.pot_total = (event.total, event.rake, event.line)

    # -- the end --------------------------------------------------------------------

    def close(self) -> tuple[TableState, LogClaims]:
        """End the hand (B1 if it just stops) and hand over what the table and the log say."""
        betting, table = self.betting, self.table
        self.draws.deal_replacements()   # a hand stopping in a draw: its cards are checked
        if not betting.fold_line and not self.showdown and self.awards:
            self._begin_showdown(self.award_line, "the pot is awarded")   # with no showdown line
        ending: Ending = ("fold" if betting.fold_line
                          else "showdown" if self.showdown else "incomplete")
        if ending == "incomplete":
            self.report("B1", self.last_line, STOPS_SHORT)
        table.count_as_logged()   # a broke player the log put chips in: his start (N1)
        players = table.players
        state = new_tuple(TableState, (
            self.hand.hand_id, self.hand.source, self.rules,
            {name: player.frozen() for name, player in players.items()},
            tuple(p.name for p in table.order_after(table.button_seat)),
            table.button, table.big_blind, ending, self.showdown,
            betting.fold_line or self.last_line,
            self.shown, frozenset(self.mucked), betting.round, self.draws.number,
            betting.actions, self.draws.records, table.idle, ()))
        if self.later_runs.shown or self.later_runs.drawn:
            folded = {p.name: tuple(p.cards) for p in players.values() if p.folded}
            state = state._replace(runs=self.later_runs.hands(
                state, self.deck.out_of_play, folded, self.last_line))
        claims = new_tuple(LogClaims, (
            self.awards, self.award_line, tuple(self.award_pots), self.returns,
            self.inferred_returns, self.stacks, self.nets, self.descriptions, self.summary,
            self.pot_total))
        return state, claims

    def finish(self) -> HandReport:
        """Close the hand, settle it by the account its claims agree with, and report."""
        state, claims = self.close()
        state, settled = settle_either_account(state, claims, self.betting.excess_as_logged,
                                               self.betting.played_for)
        if self.table.chips_as_logged:   # a broke player the log put chips in (N1)
            state, settled = settle_broke_players(state, claims, settled,
                                                  self.table.chips_as_logged)
        return to_report(self.hand, state, settled, self.violations)

