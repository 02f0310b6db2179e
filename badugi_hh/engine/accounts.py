"""A wrong figure's two accounts: the chips as the rules play them, and as the log wrote them.

A call of the wrong amount (B7) is played as the call it is (what is owed, or the whole
stack), and a blind posted twice is counted once (G4, M1): a slip of the pen then costs
one violation, the rest of the hand agreeing with the chips the rules put in. A log may
also carry its figure through, the chips having gone in as written (a player who really
called too much and got his change back as an uncalled bet). The betting keeps, for each
player, how many chips more (or fewer) the log's figures put in than the play
(``Betting.excess_as_logged``); his next action in the same round agrees with either
account, as a call or a raise brings him to the round's total whichever it was. What is
still apart when the hand ends the log's claims decide (its returns, awards, total,
stacks and nets): the hand is settled both ways, and the account fewer of them contradict
stands; the rules' where they tie.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from badugi_hh.engine.report import ActionRecord
from badugi_hh.engine.settle import Settlement, settle
from badugi_hh.engine.state import LogClaims, TableState

__all__ = ["settle_broke_players", "settle_either_account"]


def settle_either_account(state: TableState, claims: LogClaims,
                          excess_as_logged: Mapping[str, int],
                          played_for: Collection[ActionRecord] = (),
                          ) -> tuple[TableState, Settlement]:
    """The hand settled by the account of its chips the log's claims agree with: the
    rules' (``state``), or the log's, where each player named in ``excess_as_logged``
    put in that many chips more (fewer, if negative) and the calls the rules played for
    lines the log left out (``played_for``, B5) were not made."""
    by_rules = settle(state, claims)
    if not excess_as_logged or not by_rules.violations:
        return state, by_rules
    players = dict(state.players)
    for name, excess in excess_as_logged.items():
        player = players[name]
        if not 0 <= player.put_in + excess <= player.start:
            return state, by_rules   # no chips he had: the log's account cannot be
        players[name] = player._replace(put_in=player.put_in + excess)
    as_logged = state._replace(players=players, actions=[
        action for action in state.actions if action not in played_for])
    by_log = settle(as_logged, claims)
    if len(by_log.violations) < len(by_rules.violations):
        return as_logged, by_log
    return state, by_rules


def settle_broke_players(state: TableState, claims: LogClaims, settled: Settlement,
                         broke: Collection[str]) -> tuple[TableState, Settlement]:
    """The hand settled again where a player dealt in broke, whom the log has put chips in
    (N1; ``broke``), was paid: he played on credit, and what he got back (won, returned)
    pays first for what he put in, so he ends with what is left of it (Carla puts in 2
    and wins 4: she ends with 2, the chips kept, as a log counts them); only chips it
    leaves unpaid (she loses the 2) are added to his start, which ends at 0. The replay
    seated him with what he put in (``state``, ``settled``)."""
    players = dict(state.players)
    for name in broke:
        player, result = players[name], settled.players[name]
        players[name] = player._replace(
            start=player.put_in - min(player.put_in, result.won + result.returned))
    if players == state.players:
        return state, settled
    again = state._replace(players=players)
    return again, settle(again, claims)
