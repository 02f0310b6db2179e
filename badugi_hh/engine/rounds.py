"""Betting rounds: the blinds, whose turn it is, and what each action may be.

:class:`Betting` takes the blinds (their chips and sizes posted by
:class:`~badugi_hh.engine.blinds.Blinds`) and every check, fold, call, bet and raise of a
hand. It keeps who is still to act (B5, B6, M2), who has acted since the last
full bet or raise (T8), and each action's chips (B4, B7, S3), and asks
:class:`~badugi_hh.engine.betting.Levels` what sizes the structure allows (B2, B3, T1).
What happens between rounds (a draw, the showdown) is the replay's business: when an
action comes while no round is open (:meth:`Betting.needs_round`), the replay opens one.
"""

from __future__ import annotations

from collections.abc import Sequence

from badugi_hh.engine.betting import Levels
from badugi_hh.engine.blinds import Blinds
from badugi_hh.engine.lines import plays_on
from badugi_hh.engine.report import ActionRecord, chips, new_tuple, round_name
from badugi_hh.engine.table import Report, Table, TablePlayer
from badugi_hh.events import Bet, Call, Check, Event, Fold, PlayerEvent, PostBlind, Raise

__all__ = ["Betting"]


class Betting:
    """The betting of one hand, round by round.

    An action that comes while no round is open (after a draw, after a round
    closed: :meth:`needs_round`) is taken once the replay has opened the round it
    belongs to; where there is none (no betting once players are all-in) it is not.
    """

    def __init__(self, table: Table, report: Report, events: Sequence[Event] = ()) -> None:
        self.table, self.events = table, events   # events: who plays on (B5)
        self.rules, self.report, self.levels = table.rules, report, Levels(table.rules)
        self.round = 0                 # the round under way, 0 before the blinds
        self.closed = False            # the round is over (a draw or the showdown began)
        self.pending: list[str] = []   # who must still act this round, in order
        self.passed_over: set[str] = set()   # still to act, whose turn another took (B6, M2)
        self.lone_turn: str | None = None   # who may still check or fold, the round closed
        self.acted: dict[str, int] = {}   # who acted this round, and what he matched (T8)
        self.actions: list[ActionRecord] = []
        self.blinds = Blinds(table, self.levels, report)
        self.fold_line = 0             # the fold that ended the hand
        # chips the log's wrong figures put in beyond the play's, in the hand and the round
        self.excess_as_logged: dict[str, int] = {}   # (fewer: negative; engine/accounts.py)
        self.round_excess: dict[str, int] = {}
        self.played_for: list[ActionRecord] = []   # the calls of lines left out (B5)

    def start_round(self, number: int) -> None:
        """Betting round ``number`` opens; after a draw the first player left of the
        button acts (B6, M2)."""
        self.round, self.closed, self.lone_turn = number, False, None
        self.levels.start(number)
        self.acted, self.round_excess, self.passed_over = {}, {}, set()
        for player in self.table.players.values():
            player.round_in = 0
        self.pending = self.table.can_act_after(self.table.button_seat, 0)

    def close_with_players_to_act(self, line: int, what: str) -> None:
        """The round closes at ``line`` (``what``: a draw or the showdown starts) with
        players to act: the line left out is the fold of one who never acts, draws, shows
        or is paid again, and the call of what he owes of one who plays on (the log's
        account without its chips kept beside it: engine/accounts.py). B5 names them, but
        those an out-of-turn action passed over (its report did) and one left alone."""
        table, to_match, folded = self.table, self.levels.to_match, []
        for player in [table.players[name] for name in self.pending]:
            if table.live > 1 and not plays_on(self.events, player.name, line):
                table.fold(player, self.round)
                self._record(player, "fold", 0, to_match - player.round_in, line)
                folded.append(player.name)
        unreported = [name for name in (folded if table.live == 1 else self.pending)
                      if name not in self.passed_over]
        if unreported:
            self.report("B5", line, f"{what} before the betting round "
                        f"{round_name(self.round)} is over ({', '.join(unreported)} still to act)")
        for player in [table.players[name] for name in self.pending if name not in folded]:
            owed = min(to_match - player.round_in, player.stack) if table.live > 1 else 0
            if owed > 0:
                table.put_in(player, owed, line)
                self._record(player, "call", owed, to_match - player.round_in + owed, line)
                self._keep_as_logged(player.name, -owed)
                self.played_for.append(self.actions[-1])
        self.pending, self.fold_line = [], line if table.live == 1 else 0

    def end_round(self) -> None:
        """A draw or the showdown begins: the round is over, a lone player's turn too (S3)."""
        self.closed, self.lone_turn = True, None

    # -- blinds ------------------------------------------------------------------

    def on_post(self, event: PostBlind) -> None:
        table = self.table
        player = table.players.get(event.player) or table.player(event.player, event.line)
        if player is None:
            return
        if self.round == 0:
            self.round = 1
        if not self.blinds.post(player, event):   # posted again: the log's account keeps it
            self._keep_as_logged(player.name, event.amount)
            return
        self.actions.append(new_tuple(ActionRecord, (player.name, 1, "post", event.amount,
                                                      player.round_in, player.all_in, 0,
                                                      event.line)))
        self.pending = table.can_act_after(self.blinds.first_to_act_after(),
                                           self.levels.to_match)

    def check_big_blind(self, line: int) -> None:
        """Once the blinds are in, a big blind must be among them (G4, M1).

        Reported once; the betting then starts left of the player who owed it,
        so the rest of the round is not reported as out of turn.
        """
        big = self.blinds.missing_big_blind(self.round, line)
        if big:
            self.pending = self.table.can_act_after(self.table.players[big].seat,
                                                    self.levels.to_match)

    # -- whose turn ----------------------------------------------------------------

    def needs_round(self, event: PlayerEvent) -> bool:
        """Whether the action ``event`` comes while no round is open, from a player dealt
        in who has a decision to make (not a fold all-in): a round must open first."""
        if not (self.closed or not self.round) or self._lone_turn_taken(event):
            return False
        player = self.table.players.get(event.player) or self.table.misspelt(event.player)
        return player is not None and not (type(event) is Fold and self._folds_all_in(player))

    def _turn(self, event: PlayerEvent) -> TablePlayer | None:
        """The player acting, if he may act at all (G1, B4, B6, M2, S3)."""
        table = self.table
        player = table.players.get(event.player) or table.player(event.player, event.line)
        if player is None:
            return None
        if not self.blinds.checked:
            self.check_big_blind(event.line)
        pending = self.pending
        if pending and pending[0] == player.name:
            del pending[0]   # the player whose turn it is: nothing more to check here
            return player
        if self._lone_turn_taken(event):
            return player   # his turn in a closed round (needs_round let it in)
        if player.name in self.passed_over and player.name in pending:
            # his line comes late: the one B6 or M2 said so
            self.passed_over.discard(player.name)
            pending.remove(player.name)
            return player
        if player.folded:
            self.report("B4", event.line, f"{player.name} acts after folding")
            return None
        if player.all_in:
            self.report("S3", event.line, f"{player.name} is all-in and has no more "
                        "decisions to make")
            return None
        if not pending and table.no_more_betting(self.levels.to_match):
            self.report("S3", event.line, f"{player.name} acts, but every other player is "
                        "all-in and nothing is owed: there is no betting once players are "
                        "all-in")
            return None
        if pending:
            self.report("B6" if table.heads_up else "M2", event.line,
                        f"{player.name} acts out of turn: it is {pending[0]}'s turn "
                        f"{round_name(self.round)}" + self._order_hint())
            if player.name in pending:
                # Those he passed over have lost their turn: the play goes on from him, and
                # each of them may still act, late (two lines swapped) or never (his line
                # left out), without a second report for the same slip.
                at = pending.index(player.name)
                self.passed_over.update(pending[:at])
                pending[:] = pending[at + 1:] + pending[:at]
        return player

    def _order_hint(self) -> str:
        if not self.table.heads_up:
            return ""
        return (" (the dealer acts first before the first draw)" if self.round == 1
                else " (the big blind acts first after a draw)")

    def _record(self, player: TablePlayer, kind: str, added: int, facing: int, line: int) -> None:
        # tuple.__new__ skips the NamedTuple constructor's argument parsing (hot path)
        self.actions.append(new_tuple(ActionRecord, (player.name, self.round, kind, added,
                                                      player.round_in, player.all_in,
                                                      facing, line)))
        self.acted[player.name] = self.levels.to_match
        if self.table.able < 2:
            # Nobody left to bet against: only a call of what is owed remains (S3).
            players, to_match = self.table.players, self.levels.to_match
            owing = [n for n in self.pending if players[n].round_in < to_match]
            self.lone_turn = self._lone_turn(owing)
            self.pending = owing
        if not self.pending:
            self.closed = True

    def _lone_turn(self, owing: list[str]) -> str | None:
        """The player with chips who was still to act, owing nothing, once nobody is left
        to bet against, where the rules give him his turn all the same
        (``Ruleset.lone_player_acts``: PokerKit asks him to act, and a PHH hand says so)."""
        if not self.rules.lone_player_acts or owing:
            return None
        return next(iter(self.pending), None)

    def _lone_turn_taken(self, event: PlayerEvent) -> bool:
        """Whether ``event`` is the lone player's check or fold at his turn (a bet or a
        raise has nobody to go against: S3)."""
        return event.player == self.lone_turn and type(event) in (Check, Fold)

    # -- actions -------------------------------------------------------------------

    def on_check(self, event: Check) -> None:
        player = self._turn(event)
        if player is None:
            return
        facing = self.levels.to_match - player.round_in
        if facing > 0 and facing == self._meet_accounts(player.name):   # as the log counts
            # his chips, nothing is owed: they went in as it says
            self.table.put_in(player, facing, event.line)
        elif facing > 0:
            self.report("B4", event.line, f"{player.name} checks facing a bet ({chips(facing)} "
                        "to call); the choice is call, raise or fold")
        self._record(player, "check", 0, facing, event.line)

    def on_fold(self, event: Fold) -> None:
        table = self.table
        player = table.players.get(event.player)
        if player is not None and self._folds_all_in(player):
            self._fold_all_in(player, event.line)
            return
        player = self._turn(event)
        if player is None:
            return
        facing = self.levels.to_match - player.round_in
        table.fold(player, self.round)
        if table.live == 1:
            self.fold_line = event.line
            self.pending = []
        self._record(player, "fold", 0, facing, event.line)

    def _folds_all_in(self, player: TablePlayer) -> bool:
        """Whether a fold by ``player`` is one by a player all-in, with others still
        contesting the pot (:meth:`_fold_all_in`)."""
        return player.all_in and not player.folded and self.table.live > 2

    def _fold_all_in(self, player: TablePlayer, line: int) -> None:
        """A fold by a player already all-in: reported, then followed (S3).

        By the rules he has no decision left and stays in for the pot he covers.
        A site that folds the hand of a player sitting out even when his blind put
        him all-in (PokerStars' tournaments: ``Ruleset.sitting_out_folded``) plays
        by its own rule there: such a fold is not reported. With others still
        contesting the pot, the log's fold decides who can win it, so the engine
        goes on from it. (A fold that would end the hand is reported and ignored,
        like any action by an all-in player.)
        """
        if not (self.rules.sitting_out_folded and player.name in self.table.sitting_out):
            self.report("S3", line, f"{player.name} folds while all-in; an all-in player "
                        "has no more decisions and stays in for the pot he covers")
        self.table.fold(player, self.round)
        # Not self._record: he was owed no action, so who is still to act is unchanged.
        self.actions.append(ActionRecord(player.name, self.round, "fold", 0, player.round_in,
                                         True, 0, line))

    def on_call(self, event: Call) -> None:
        player = self._turn(event)
        if player is None:
            return
        to_match = self.levels.to_match
        facing = to_match - player.round_in
        if facing <= 0:
            self.report("B4", event.line, f"{player.name} calls with no bet to call; "
                        "the choice is check or bet")
        added = event.amount
        if facing > 0:   # a call is of what is owed, or of the whole stack (all-in)
            added = min(facing, player.stack)
            excess = self._meet_accounts(player.name)   # the call as the log counts his chips
            if event.amount == facing > added and self.table.covered_by_other_account(
                    player, facing):
                # What is owed, beyond the stack the hand started him with but within the
                # table's other account of it: the stated stack is the one mistake (G3),
                # not the call. Played as written (S3 from this account), so a statement
                # that confirms the other account replays the hand from it with neither.
                added = facing
            elif event.amount == min(facing, player.stack - self.excess_as_logged.get(
                    player.name, 0)) != added:
                # all in by the log's account of his stack, which an earlier round's
                # figure left apart from the rules' (B5, B7): that account's call
                self._keep_as_logged(player.name, event.amount - added)
            elif event.amount != added and not (excess and event.amount == added - excess):
                self.report("B7", event.line, f"{player.name} calls {chips(event.amount)}; "
                            f"the call is {chips(added)}: {chips(to_match)} to match less the "
                            f"{chips(player.round_in)} already in this round")
                self._keep_as_logged(player.name, event.amount - added)
        self.table.put_in(player, added, event.line)
        self._record(player, "call", added, facing, event.line)

    def on_bet(self, event: Bet) -> None:
        player = self._turn(event)
        if player is None:
            return
        to_match = self.levels.to_match
        if to_match > 0:
            self.report("B4", event.line, f"{player.name} bets facing a bet of "
                        f"{chips(to_match)}; the choice is call, raise or fold")
        # A bet's amount is what it adds; in pot and no limit it is sized as a total.
        to = event.amount if self.levels.structure is not None else player.round_in + event.amount
        added = event.amount if self.levels.structure is None else to - player.round_in
        self._aggress(player, "bet", to, added, None, event.line, wrong_kind=to_match > 0)

    def on_raise(self, event: Raise) -> None:
        player = self._turn(event)
        if player is None:
            return
        to_match, to = self.levels.to_match, event.to
        if to_match == 0:
            self.report("B4", event.line, f"{player.name} raises with no bet to raise; "
                        "the choice is check or bet")
        elif self._short_of_reopening(player) is None:   # a raise he may make: its figures
            to, slip = self.levels.raise_meant(player.name, to, event.by,
                                               player.round_in + player.stack)
            if slip:
                self.report("B2", event.line, slip)
        # a raise to less than he has in (PHH's ``cbr 1`` over his blind of 2) adds nothing
        self._aggress(player, "raise", to, max(0, to - player.round_in), event.by,
                      event.line, wrong_kind=to_match == 0)

    def _aggress(self, player: TablePlayer, kind: str, to: int, added: int, by: int | None,
                 line: int, *, wrong_kind: bool) -> None:
        """A bet or raise to ``to``, adding ``added``: its size (B2), who may make it
        (S3, T8), the cap (B3), then its chips. After a B4 (a bet facing a bet, a raise
        with nothing to raise) a fixed-limit size is not judged as well."""
        table, levels = self.table, self.levels
        self._meet_accounts(player.name)   # a bet or raise's total is either account's
        facing = levels.to_match - player.round_in
        # all in by either account of his chips: the log's may have him short (a wrong call)
        # or with more (a call it left out: the rules' account puts in what he has)
        as_logged = player.stack - self.excess_as_logged.get(player.name, 0)
        all_in, taken = added in (player.stack, as_logged), min(added, player.stack)
        alone = table.able < 2   # he is able; nobody else is
        short_of = None if alone or wrong_kind or kind == "bet" else self._short_of_reopening(
            player)
        if levels.structure is not None:
            pot = sum(p.put_in for p in table.players.values())
            problem = levels.sized(player.name, kind, to, by, facing, pot, all_in)
            counts = True
        else:
            problem, counts = (levels.fixed_bet(player.name, added, all_in) if kind == "bet"
                               else levels.fixed_raise(player.name, to, by, all_in))
            problem = None if wrong_kind else problem
        if problem and short_of is None:
            self.report("B2", line, problem)
        if alone:
            self.report("S3", line, f"{player.name} {kind}s, but every other player is "
                        "all-in: there is nobody to bet against, only a call or a fold")
        elif short_of is not None:
            words = "half a bet" if levels.structure is None else "a full raise"
            self.report("T8", line, f"{player.name} {kind}s to {chips(player.round_in + added)}, "
                        f"but the betting was not reopened: since he acted it went up by "
                        f"{chips(short_of)}, an all-in short of {words}; he may only call "
                        "or fold")
        # Once the bet and every raise are in, nobody raises, short all-in or not (T1, T7);
        # pot limit and no limit have no cap.
        if levels.capped and (self.rules.cap_heads_up or table.live > 2):
            self.report("B3", line, f"{player.name} {kind}s after the cap: one bet and "
                        f"{self.rules.max_raises} raises per round"
                        + (", the big blind counting as the bet" if self.round == 1 else ""))
        levels.bets += counts
        if taken < added == as_logged:
            self._keep_as_logged(player.name, added - taken)
        else:
            taken = added
        table.put_in(player, taken, line)
        levels.to_match = max(levels.to_match, player.round_in + added - taken)
        self.pending = table.can_act_after(player.seat, levels.to_match, skip=player.name)
        self.passed_over = set()   # every player owing acts again, in order
        self._record(player, kind, taken, facing, line)

    def _keep_as_logged(self, name: str, excess: int) -> None:
        """The log's account of his chips: ``excess`` more than played (negative: fewer)."""
        self.round_excess[name] = self.round_excess.get(name, 0) + excess
        self.excess_as_logged[name] = self.excess_as_logged.get(name, 0) + excess

    def _meet_accounts(self, name: str) -> int:
        """His action meets both accounts: the excess his had this round, now spent."""
        excess = self.round_excess.pop(name, 0)
        if excess:
            left = self.excess_as_logged.pop(name) - excess
            if left:
                self.excess_as_logged[name] = left
        return excess

    def _short_of_reopening(self, player: TablePlayer) -> int | None:
        """How much the bet went up since ``player`` acted, if that is short of what
        reopens the betting for him (T8); None if he may bet or raise."""
        matched = self.acted.get(player.name)
        if matched is None:
            return None
        increase = self.levels.to_match - matched
        # Nothing new since he acted: he has no turn at all, which B5, B6 or M2 report.
        return None if not increase or self.levels.reopens(increase) else increase
