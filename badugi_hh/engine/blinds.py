"""The blinds, antes and straddles a hand opens with: who posts which blind, once, and of
what size (G4, M1), the antes as the rules trim them, a big blind missing (G4, M1), and
the seat round 1's action starts left of.

:class:`Blinds` takes each post's chips and moves the round's level (the big blind is the
opening bet, B3; a straddle over it the round's bet), but keeps nobody's turn: that is
:class:`~.rounds.Betting`'s, which hands it each post and owns it.
"""

from __future__ import annotations

from badugi_hh.engine.betting import Levels
from badugi_hh.engine.pots import ante_returns
from badugi_hh.engine.report import chips
from badugi_hh.engine.table import Report, Table, TablePlayer
from badugi_hh.events import PostBlind

__all__ = ["Blinds"]


class Blinds:
    """The blinds and antes of one hand, as they are posted."""


    def __init__(self, table: Table, levels: Levels, report: Report) -> None:
        self.table = table
        self.rules = table.rules
        self.levels = levels
        self.report = report
        self.posted: set[tuple[str, str]] = set()   # who posted which blind (G4, M1)
        self.antes_posted = False      # a game of antes alone has no blinds (T3)
        self.straddle_seat: int | None = None   # the last straddle's: round 1 starts left of it
        self.small_posted = False      # without one, the small blind may be dead (T3)
        self.checked = False           # whether a big blind was looked for at the deal
        self.whole_antes: dict[str, int] = {}   # each ante as posted, where they are trimmed
        self.antes_back: dict[str, int] = {}    # and the part of it trimming gave back

    def post(self, player: TablePlayer, event: PostBlind) -> bool:
        """Take ``player``'s post ``event``; False where he posted that blind already, a
        G4 (M1) whose chips are not taken: the log's account of them is the betting's."""
        table, rules, levels = self.table, self.rules, self.levels
        name, kind = player.name, event.kind
        if kind in ("small", "big") and (name, kind) in self.posted:
            # a line written twice, or chips put in twice
            self.report(table.blind_rule, event.line, f"{name} posts the {kind} blind "
                        "again; a blind is posted once")
            return False
        self.posted.add((name, kind))
        if kind == "small" and table.button_seat is None and table.heads_up:
            # a hand that names no button, or one nobody has: heads-up the dealer posts
            # the small blind (G4), so he is the button the play and draws go round from
            table.button_at(player.seat, event.line)
        if kind == "small":
            small = self.expected()[0]
            if small and name != small:
                self.report(table.blind_rule, event.line, f"{name} posts the "
                            f"small blind; it is {small}'s to post")
            self._check_amount(player, event, rules.small_blind)
            self.small_posted = True
        elif kind in ("big", "small+big") and table.big_blind is None:
            table.big_blind = name
            big = self.expected(small_posted=self.small_posted)[1]
            if big and name != big:
                self.report(table.blind_rule, event.line, f"{name} posts the "
                            f"big blind; it is {big}'s to post")
            self._check_amount(player, event, rules.big_blind)
        if kind == "ante":
            self.antes_posted = True
        player.post(kind, event.amount, rules.big_blind)
        if kind == "straddle" and player.round_in >= levels.to_match:
            # a live blind over the big blind: the round's bet, as PokerKit plays PHH's
            # straddle (docs/format.md, "PHH")
            self.straddle_seat = player.seat
            levels.full_to = max(levels.full_to, player.round_in)
        if kind == "ante" and rules.uncovered_antes_returned:
            # The site pays back the antes a short all-in does not cover with the
            # uncalled bet: for what goes back they count as bet, not dead money (S3).
            player.dead -= event.amount
        table.take(player, event.amount, event.line)
        if kind == "ante" and rules.antes_trimmed:
            self.whole_antes[name] = self.whole_antes.get(name, 0) + event.amount
            self._trim_antes(event.line)
        if player.round_in > levels.to_match:
            levels.to_match = player.round_in
            if kind != "small":
                levels.bets = 1   # the big blind is the opening bet (B3)
        if kind in ("big", "small+big"):
            levels.post_big_blind()
        return True

    def first_to_act_after(self) -> int | None:
        """The seat round 1 starts left of: the last straddle's, else the big blind's (the
        dealer acts first heads-up), else the button's (B6, M2)."""
        table = self.table
        return (self.straddle_seat if self.straddle_seat is not None
                else table.players[table.big_blind].seat if table.big_blind
                else table.button_seat)

    def expected(self, *, small_posted: bool = True) -> tuple[str | None, str | None]:
        """Who posts the small and the big blind: G4 heads-up, M1 multiway.

        Where the small blind's seat is dead (:meth:`_small_blind_dead`) and no small
        blind was posted, nobody owes it and the big blind is the first player after
        the button: the dead small blind of a dead-button site.
        """
        table = self.table
        if table.button_seat is None or len(table.players) < 2:
            return None, None
        order = table.order_after(table.button_seat)
        if table.heads_up and order[-1].seat == table.button_seat:
            return order[-1].name, order[0].name   # the dealer, then the other
        if not small_posted and self._small_blind_dead(order[0].seat):
            return None, order[0].name
        # (A button on a seat not dealt in is a dead button: the blinds follow it.)
        return order[0].name, order[1].name

    def _small_blind_dead(self, first: int) -> bool:
        """Whether the small blind's seat lies empty or sits out, at a site that leaves
        it dead (``Ruleset.dead_small_blind``): a seat between the button and ``first``,
        the first seat dealt in after it, is held by a player not dealt in or was left
        by one of the hand before; or, where the hand before at the table is not known
        (a log's first hand), nobody holds it: its player may have left since."""
        table, button = self.table, self.table.button_seat
        if not self.rules.dead_small_blind or button is None:
            return False
        last = max(button, self.rules.max_players, *table.vacated)
        between = (range(button + 1, first) if button < first
                   else [*range(button + 1, last + 1), *range(1, first)])
        held = {player.seat for player in table.players.values()}
        return any(seat in table.vacated or not (table.follows_hand or seat in held)
                   for seat in between)

    def missing_big_blind(self, round_number: int, line: int) -> str | None:
        """Once the blinds are in, a big blind must be among them (G4, M1): reported once;
        the player who owed it, for the betting to start left of, where one did."""
        table = self.table
        if (self.checked or round_number != 1 or table.big_blind is not None
                or self.antes_posted):   # antes alone: left of the button acts first
            self.checked = True
            return None
        self.checked = True
        big = self.expected(small_posted=self.small_posted)[1]
        whose = f"; it is {big}'s to post" if big else ""
        self.report(table.blind_rule, line, f"no big blind is posted{whose}")
        return big

    def _trim_antes(self, line: int) -> None:
        """The antes as the rules trim them (``Ruleset.antes_trimmed``), worked out again as
        each comes in, whatever their order: what trimming gives back (or, a larger ante
        come since, takes again) moves the stack, and whether its player is all in."""
        table = self.table
        for name, back in ante_returns(self.whole_antes).items():
            player, change = table.players[name], back - self.antes_back.get(name, 0)
            self.antes_back[name] = back
            player.put_in -= change
            player.dead -= change
            if change < 0:
                table.take(player, -change, line)
            elif change:
                player.stack += change
                if player.all_in:
                    player.all_in = False
                    table.able += player.folded_in_round is None

    def _check_amount(self, player: TablePlayer, event: PostBlind, expected: int) -> None:
        # a blind is short all in where it takes the stack the whole ante left: where the
        # antes are trimmed, PokerKit sizes it so, before any of the ante goes back
        stack = player.stack - self.antes_back.get(player.name, 0)
        short_all_in = event.amount < expected and event.amount == stack
        if event.amount != expected and not short_all_in:
            self.report(self.table.blind_rule, event.line, f"{player.name} posts "
                        f"{chips(event.amount)} for the {event.kind} blind; it is "
                        f"{chips(expected)}")
