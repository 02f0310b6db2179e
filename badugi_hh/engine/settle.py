"""Settling a hand: pots and side pots, who wins each, odd chips, returns; the log's claims.

:func:`settle` is a function of what the replay hands over, the table's
:class:`~.state.TableState` and the log's :class:`~.state.LogClaims`: it has
:mod:`.side_pots` cut the pots (S3, M3), pays each to its best hand or halves (S1,
S2, X3), and reports every claim of the log that differs (awards, returns, totals, stacks,
nets, descriptions, the summary). It imports nothing from the replay, so the
general engine and the heads-up fast path settle a hand by the same code.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple, cast

from badugi_hh.cards import Card
from badugi_hh.engine.describe import check_descriptions
from badugi_hh.engine.payout import Payout
from badugi_hh.engine.shares import HalfChips, Share, count_halves
from badugi_hh.engine.side_pots import cut_pots
from badugi_hh.engine.pots import uncalled
from badugi_hh.engine.report import (
    HalfShare, HandReport, PlayerResult, Pot, RunResult, Violation, chips, in_money,
    money_of, new_tuple,
)
from badugi_hh.engine.runs import HalfValues, RunSplit, evaluate_hands
from badugi_hh.engine.state import LogClaims, TableState, partial_history
from badugi_hh.evaluate import EvaluationError
from badugi_hh.events import Hand
from badugi_hh.games import Game, HandValue, game_of

__all__ = ["Settlement", "settle", "to_report"]

class Settlement(NamedTuple):
    """What a hand paid each player, the pots, and the claims of the log that are wrong."""

    players: dict[str, PlayerResult]
    pots: list[Pot]
    rake: int
    halves: tuple[HalfShare, ...]
    violations: list[Violation]
    runs: tuple[RunResult, ...]


def settle(state: TableState, claims: LogClaims) -> Settlement:
    """Settle the hand ``state`` describes and compare the result with ``claims``."""
    unshown = _unshown(state)
    if unshown:
        return _settle_unshown(state, claims, unshown)
    plain = _settle_plainly(state, claims)
    return plain if plain is not None else _Settler(state, claims).settle()


def _unshown(state: TableState) -> list[str]:
    """The players at the showdown whom a log that states every hand there (a house
    log) neither shows nor mucks. A log that shows and mucks no hand at all states no
    showdown: its award alone says how the hand ended (a fold left out is B5)."""
    if state.ended != "showdown" or not state.rules.shows_logged or not (
            state.shown or state.mucked):
        return []
    return [name for name, player in state.players.items() if not player.folded
            and name not in state.shown and name not in state.mucked]


def _settle_unshown(state: TableState, claims: LogClaims, unshown: list[str]) -> Settlement:
    """The hand settled with each ``unshown`` hand taken as mucked: a hand not shown
    cannot win (RULES.md S1: the hands are shown), and the line the log left out is the
    one mistake, so the pot goes to the hands shown and the award is judged so. One the
    log pays is the winner's show left out: his hand is unknown, and the award settles
    the pots he contends for (no second S1 for paying a hand the log did not show)."""
    paid = [name for name in unshown if name in claims.awards]
    settler = _Settler(state._replace(mucked=state.mucked | frozenset(
        name for name in unshown if name not in paid)), claims)
    line = claims.award_line or state.end_line   # the left-out line came before the award
    for name in unshown:
        settler.report("S1", line, f"{name} neither shows nor mucks at the showdown: " + (
            "the hand is unknown, and the log's award settles the pot" if name in paid
            else "a hand not shown cannot win, and is taken as mucked"))
    return settler.settle()


def _settle_plainly(state: TableState, claims: LogClaims) -> Settlement | None:
    """The settlement of the common hand whose log is right, or None for any other.

    One pot (nobody all-in), one game (no halves), no tie, the log's awards,
    returns, total, stacks and nets as the chips make them, no pot named: then
    nothing is to be reported, and the result is what :class:`_Settler` would
    find, in a fraction of its time. At the first claim that differs, or anything
    else, the full settlement takes the hand and explains it
    (``tests/test_settle_plainly.py`` holds the two to the same result).
    """
    game = game_of(state.rules)
    if (game.split or state.ended == "incomplete" or claims.award_pots or state.runs
            or claims.inferred_returns or not claims.awards):
        return None
    players = state.players
    returned = uncalled(players)
    if claims.returns and any(returned.get(name, 0) != amount
                              for name, (amount, _) in claims.returns.items()):
        return None
    pot = 0
    live: list[str] = []
    eligible: list[str] = []   # live players with chips in the pot (all live, if none)
    for name, player in players.items():
        if player.all_in:
            return None
        chips = player.put_in - returned.get(name, 0)
        pot += chips
        if player.folded_in_round is None:
            live.append(name)
            if chips > 0:
                eligible.append(name)
    if pot <= 0:
        return None
    eligible = eligible or live
    total = claims.pot_total
    rake = total[1] if total else 0
    if total is not None and (total[0] not in (None, pot) or rake and not state.rules.rake):
        return None   # a wrong total, or a rake the rules do not take: to report
    values: dict[str, HandValue] = {}
    value, size = game.halves[0].value, state.rules.hand_size
    for name, cards in state.shown.items():
        if len(cards) == size and None not in cards:
            try:
                values[name] = value(cast(Sequence[Card], cards))
            except EvaluationError:
                return None
    if state.ended == "fold":
        winners = tuple(live)
    else:
        contenders = [name for name in eligible if name not in state.mucked]
        if len(contenders) <= 1:
            winners = tuple(contenders or eligible)
        elif all(name in values for name in contenders):
            winners = _best(contenders, values)
        else:
            return None
    if len(winners) != 1 or claims.awards != {winners[0]: pot - rake}:
        return None   # a tie, an odd chip, a rake to place, or a payout to judge
    won = {winners[0]: pot - rake}
    if any(won.get(name, 0) != amount for name, (amount, _) in claims.summary.items()):
        return None
    results = _player_results(state, returned, won, values)
    if any(results[name].end_stack != amount for name, (amount, _) in claims.stacks.items()
           if name in results) or any(results[name].net != amount for name, (amount, _)
                                      in claims.nets.items() if name in results):
        return None
    if claims.descriptions:
        found: list[tuple[str, int, str]] = []
        check_descriptions(game, claims.descriptions, state.shown, (values,),
                           lambda *fault: found.append(fault))
        if found:
            return None
    pots = [new_tuple(Pot, (pot, tuple(eligible), winners))] if pot else []
    return new_tuple(Settlement, (results, pots, rake, (), [], ()))


def _player_results(state: TableState, returned: Mapping[str, int], won: Mapping[str, int],
                    values: Mapping[str, HandValue],
                    other_halves: Sequence[tuple[str, Mapping[str, HandValue]]] = (),
                    ) -> dict[str, PlayerResult]:
    """Each player's result: chips in, back, won, his stack after, his shown hand (its
    value in the first half, and by name in ``other_halves`` of a split game)."""
    positions = {state.big_blind: "big blind"}
    if state.button:
        positions[state.button] = "button"
    showdown = state.showdown
    results = {}
    for name, p in state.players.items():
        back = returned.get(name, 0)
        chips_won = won.get(name, 0)
        # positional arguments: cheaper than keywords, in PlayerResult's field order
        results[name] = PlayerResult(
            name, p.seat, positions.get(name, ""), p.start, p.put_in, back, chips_won,
            p.start - p.put_in + back + chips_won, p.folded_in_round,
            showdown and not p.folded, state.shown.get(name), values.get(name),
            p.dealt, tuple((half, by_player[name]) for half, by_player in other_halves
                           if name in by_player) if other_halves else ())
    return results


def to_report(hand: Hand, state: TableState, settlement: Settlement,
              replayed: list[Violation]) -> HandReport:
    """The report of ``hand``: what the replay found (``replayed``), then the settlement,
    the amounts of each written in the hand's money."""
    found = replayed + settlement.violations if settlement.violations else replayed
    if found:   # (a hand's money is looked up only where it has something to write)
        in_money(found, money_of(hand))
    return HandReport(
        hand.hand_id, hand.number, hand.source, hand.line, hand.session_id, state.rules,
        settlement.players, state.button, state.big_blind, state.actions, state.draws,
        settlement.pots, settlement.rake, state.ended, state.rounds_played, state.draws_played,
        found, dict(state.idle), [], settlement.halves, settlement.runs)


def _best(names: list[str], values: dict[str, HandValue]) -> tuple[str, ...]:
    """The players among ``names`` whose hand is the best (the lowest rank)."""
    best: list[str] = []
    lowest = 0
    for name in names:   # a loop, not min() and a filter: this runs for every showdown
        rank = values[name].rank
        if not best or rank < lowest:
            best, lowest = [name], rank
        elif rank == lowest:
            best.append(name)
    return tuple(best)


class _Settler:
    """One settlement under way: the state, the claims, and what is found."""


    def __init__(self, state: TableState, claims: LogClaims) -> None:
        self.state = state
        self.claims = claims
        self.players = state.players
        self.game: Game = game_of(state.rules)
        # each shown hand's value in each half of the game (one half but in split games)
        self.half_values: list[dict[str, HandValue]] = [{}, {}] if self.game.split else [{}]
        self.values = self.half_values[0]
        self.runs = RunSplit(state, self.game) if state.runs else None   # a hand run twice
        self.half_chips: HalfChips = {}   # split games: each half's winners, runs summed
        self.shares: list[list[Share]] = []   # each pot's shares, as the rules cut it
        self.tied = False       # whether a pot or half was shared by a tie (S2)
        self.violations: list[Violation] = []

    def report(self, rule: str, line: int, message: str) -> None:
        self.violations.append(Violation(rule, message, self.state.hand_id, self.state.source,
                                         line))

    def settle(self) -> Settlement:
        state, claims = self.state, self.claims
        partial = partial_history(state)   # its bets still out: none returned, none paid
        returned = {} if partial else self._returned()
        pots = cut_pots(self.players, state.rules, returned)
        rake = claims.pot_total[1] if claims.pot_total else 0
        pot = 0
        for each in pots:
            pot += each.amount
        self._check_total(pot)
        self._evaluate_shown()
        computed = {} if partial else self._computed_awards(pots)
        payout = Payout(state, claims, self.game, pots, self.shares, self.half_values,
                        self.tied, self.report)
        won = payout.judge(computed, pot, returned, rake)
        self._check_summary(won)
        results = self._results(returned, won)
        for name, rules_won in payout.unsettled.items():   # the chain keeps both accounts
            results[name].rules_won = rules_won
        self._compare_stacks(results)
        check_descriptions(self.game, claims.descriptions, state.shown, self.half_values,
                           self.report)
        halves = tuple(HalfShare(*key, chips) for key, chips in self.half_chips.items())
        return new_tuple(Settlement, (results, pots, rake, halves, self.violations,
                                      self.runs.results() if self.runs else ()))

    # -- what goes back (the pots are cut by side_pots.py) ------------------------

    def _returned(self) -> dict[str, int]:
        """The uncovered part of the largest bet goes back (S3).

        Dead money (a dead blind, antes) is in the pot whatever happens: only bets
        can go unmatched (T3). A return the log states is checked, then followed.
        """
        returned = uncalled(self.players)
        for name, (amount, line) in self.claims.returns.items():
            if returned.get(name, 0) != amount:
                self.report("S3", line, f"{chips(amount)} is returned to {name}, but the "
                            f"uncovered part of the bet is {chips(returned.get(name, 0))}")
                returned[name] = amount   # follow the log from here on
        return returned

    def _check_total(self, pot: int) -> None:
        """The log's own total pot is ``pot``, what was put in less the returns (S1)."""
        stated = self.claims.pot_total
        if stated is None or stated[0] is None:   # no total: KingsClub states only the rake
            return
        if stated[0] != pot:
            self.report("S1", stated[2], f"the log's total pot is {chips(stated[0])}, but "
                        f"the chips put in, less what was returned, make {chips(pot)}")

    # -- who wins ---------------------------------------------------------------------

    def _evaluate_shown(self) -> None:
        evaluate_hands(self.state.shown, self.game, self.state.rules, self.half_values)

    def _shares(self, pot: Pot, half_values: HalfValues | None = None) -> list[Share] | None:
        """Who wins ``pot`` at showdown, how much each winning group takes, and which
        halves of a split game that is.

        One group in most games; in a split game (X3) its first half (Badugi's), with
        the odd chip, and its second, or the whole pot to the second when no eligible
        hand qualifies for the first (a pot nobody contested is both halves), each by
        its :attr:`Half.name`. None while a hand is unknown. ``half_values``: a run's.
        """
        half_values = half_values or self.half_values
        split, mucked, values = self.game.split, self.state.mucked, half_values[0]
        contenders = [name for name in pot.eligible if name not in mucked] if mucked \
            else list(pot.eligible)
        if self.state.rules.partial_show_judged:   # judged on the cards shown: no hand, no win
            contenders = [name for name in contenders if name in values]
        if len(contenders) <= 1:
            return [(pot.amount, tuple(contenders or pot.eligible),
                     tuple(half.name for half in self.game.halves) if split else ())]
        for name in contenders:
            if name not in values:
                return None
        if not split:
            return [(pot.amount, _best(contenders, values), ())]
        first, second = self.game.halves
        qualified = [n for n in contenders if first.qualifies(values[n])]
        low = _best(contenders, half_values[1])
        if not qualified:
            return [(pot.amount, low, (second.name,))]
        half = pot.amount - pot.amount // 2
        return [(half, _best(qualified, values), (first.name,)),
                (pot.amount - half, low, (second.name,))]

    def _computed_awards(self, pots: list[Pot]) -> dict[str, int] | None:
        """What the rules pay each player; None while a contender's hand is unknown."""
        state = self.state
        awards: dict[str, int] = {}
        folded = state.ended == "fold"
        for index, pot in enumerate(pots):
            if folded:
                shares: list[Share] | None = [(pot.amount, tuple(
                    [p.name for p in self.players.values() if p.folded_in_round is None]), ())]
            else:
                shares = self._shares(pot) if self.runs is None else self.runs.shares(
                    pot, self._shares)
            if shares is None:
                return None
            self.shares.append(shares)
            winners: list[str] = []
            for amount, group, halves in shares:
                if not group:   # nobody left in: there is no one to divide the pot among
                    self.report("S4", state.end_line, f"every player folded: nobody is left "
                                f"to win the pot of {chips(amount)}")
                    continue
                for name in group:
                    if name not in winners:
                        winners.append(name)
                self._divide(amount, group, awards)
                self.tied = self.tied or len(group) > 1
                if halves:
                    count_halves(self.half_chips, index, (amount, group, halves), self._divide)
            pots[index] = new_tuple(Pot, (pot.amount, pot.eligible, tuple(winners)))
        return awards

    def _divide(self, amount: int, winners: tuple[str, ...], awards: dict[str, int]) -> None:
        """``amount`` shared by ``winners``, the odd chips by S2: heads-up to the big
        blind first, else clockwise from left of the button."""
        if len(winners) == 1:   # the common case: no split, no odd chip
            awards[winners[0]] = awards.get(winners[0], 0) + amount
            return
        order = [name for name in self.state.clockwise if name in winners]
        big = self.state.big_blind
        if self.state.rules.odd_chip == "big_blind" and big in order:
            order.remove(big)
            order.insert(0, big)
        share, odd = divmod(amount, len(winners))
        for position, name in enumerate(order):
            awards[name] = awards.get(name, 0) + share + (1 if position < odd else 0)

    def _check_summary(self, won: dict[str, int]) -> None:
        """Each seat's result in the summary is what the hand paid that player (S1)."""
        for name, (amount, line) in self.claims.summary.items():
            paid = won.get(name, 0)
            if amount != paid:
                said = f"won {chips(amount)}" if amount else "won nothing"
                self.report("S1", line, f"the summary says {name} {said}, but the hand "
                            f"paid {name} {chips(paid)}")

    # -- each player's result -----------------------------------------------------------

    def _results(self, returned: dict[str, int], won: dict[str, int]) -> dict[str, PlayerResult]:
        others = [(half.name, values) for half, values
                  in zip(self.game.halves[1:], self.half_values[1:], strict=True)]
        return _player_results(self.state, returned, won, self.values, others)

    def _compare_stacks(self, results: dict[str, PlayerResult]) -> None:
        for name, (amount, line) in self.claims.stacks.items():
            result = results.get(name)
            if result is not None and result.end_stack != amount:
                self.report("G3", line, f"the log says {name} ends the hand with "
                            f"{chips(amount)}; the chips say {chips(result.end_stack)}")
                result.stated_end_stack = amount   # the session's chain follows the log
        for name, (amount, line) in self.claims.nets.items():
            result = results.get(name)
            if result is not None and result.net != amount:
                self.report("S1", line, f"the log says {name} nets {chips(amount)}; the "
                            f"chips say {chips(result.net)}")
