"""Settling a hand: pots and side pots, who wins each, odd chips, returns.

The settlement compares its own result with what the log states (awards,
descriptions, stacks, nets, totals) and reports where they differ.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from badugi_hh.cards import Card, parse_cards, rank_name
from badugi_hh.engine.report import HandReport, PlayerResult, Pot
from badugi_hh.games import HandValue, game_of
from badugi_hh.evaluate import BadugiValue, EvaluationError, parse_description
from badugi_hh.textcache import cached_for_short_lines

if TYPE_CHECKING:   # the replay hands itself over to be settled: no import at run time
    from badugi_hh.engine.replay import HandReplay, ReplayPlayer


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
#: Logs repeat the same few hundred descriptions: read each once (a long one, which
#: no log repeats, is read each time rather than kept).
read_description = cached_for_short_lines(4096)(parse_description)


def _bet_in(player: ReplayPlayer) -> int:
    """What ``player`` bet in the hand: all he put in but dead money."""
    return player.total_in - player.dead_in


#: A share of a pot: how much, who takes it, and the halves of a split game it is.
_Share = tuple[int, tuple[str, ...], tuple[str, ...]]


def _best(names: list[str], values: dict[str, HandValue]) -> tuple[str, ...]:
    """The players among ``names`` whose hand is the best (the lowest rank)."""
    best = min(values[n].rank for n in names)
    return tuple(n for n in names if values[n].rank == best)


def value_key(value: BadugiValue) -> tuple[int, tuple[int, ...]]:
    """A Badugi value as (usable cards, ranks high to low), as descriptions are read."""
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


class Settlement:
    """The end of a hand: pots, winners, and the comparison with the log."""

    def __init__(self, replay: HandReplay) -> None:
        self.replay = replay
        self.report_ = replay.report
        self.players = replay.players
        self.game = game_of(replay.rules)
        # each shown hand's value in each half of the game (one half but in split games)
        self.half_values: list[dict[str, HandValue]] = [{} for _ in self.game.halves]
        self.values = self.half_values[0]
        self.half_winners: dict[str, set[str]] = {}   # split games: half -> its winners
        self.replay_pots: list[Pot] = []   # as the computed awards shared them (M3 past one)
        self.tied = False       # whether a pot or half was shared by a tie (S2)

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
            violations=replay.violations, idle=replay.idle,
            half_winners={half: tuple(sorted(names))
                          for half, names in self.half_winners.items()})

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
        # Dead money (a dead blind, antes) is in the pot whatever happens: only bets
        # can go unmatched (T3).
        ranked = sorted(self.players.values(), key=_bet_in, reverse=True)
        returned: dict[str, int] = {}
        if len(ranked) >= 2 and _bet_in(ranked[0]) > _bet_in(ranked[1]):
            returned[ranked[0].name] = _bet_in(ranked[0]) - _bet_in(ranked[1])
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
    def _single_pot(contrib: dict[str, int], live: list[ReplayPlayer]) -> list[Pot]:
        """Nobody still in is all-in: every chip goes to one pot (no sorting needed)."""
        amount = sum(c for c in contrib.values() if c > 0)
        if not amount:
            return []
        eligible = tuple(p.name for p in live if contrib[p.name] > 0)
        return [Pot(amount, eligible or tuple(p.name for p in live))]

    def _evaluate_shown(self) -> None:
        size = self.replay.rules.hand_size
        halves = self.game.halves
        for name, cards in self.replay.shown.items():
            if len(cards) == size and None not in cards:
                try:
                    for values, half in zip(self.half_values, halves):
                        values[name] = half.value(cards)   # type: ignore[arg-type]
                except EvaluationError:
                    pass   # a joker or a repeated card, reported where it appeared

    def _shares(self, pot: Pot) -> list[_Share] | None:
        """Who wins ``pot`` at showdown, how much each winning group takes, and which
        halves of a split game that is.

        One group in most games; in a split game (X3) the Badugi half, with the
        odd chip, and the lowball half, or the whole pot to the lowball half when
        no eligible hand qualifies for the other (a pot nobody contested is both
        halves). None while a hand is unknown.
        """
        split = self.game.split
        contenders = [n for n in pot.eligible if n not in self.replay.mucked]
        if len(contenders) <= 1:
            return [(pot.amount, tuple(contenders or pot.eligible),
                     ("badugi", "lowball") if split else ())]
        if any(n not in self.values for n in contenders):
            return None
        if not split:
            return [(pot.amount, _best(contenders, self.values), ())]
        first = self.game.halves[0]
        qualified = [n for n in contenders if first.qualifies(self.half_values[0][n])]
        low = _best(contenders, self.half_values[1])
        if not qualified:
            return [(pot.amount, low, ("lowball",))]
        half = pot.amount - pot.amount // 2
        return [(half, _best(qualified, self.half_values[0]), ("badugi",)),
                (pot.amount - half, low, ("lowball",))]

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
            shares = ([(pot.amount, tuple(p.name for p in self.players.values() if not p.folded),
                        ())] if ended == "fold" else self._shares(pot))
            if shares is None:
                return None
            winners: list[str] = []
            for amount, group, halves in shares:
                if not group:   # nobody left in: there is no one to divide the pot among
                    self.report_("S4", self.replay.fold_line or self.replay.last_line,
                                 f"every player folded: nobody is left to win the pot of "
                                 f"{amount}")
                    continue
                winners.extend(name for name in group if name not in winners)
                self._divide(amount, group, awards)
                self.tied = self.tied or len(group) > 1
                for half in halves:
                    self.half_winners.setdefault(half, set()).update(group)
            pots[index] = Pot(pot.amount, pot.eligible, tuple(winners))
        self.replay_pots = pots
        return awards

    def _divide(self, amount: int, winners: tuple[str, ...], awards: dict[str, int]) -> None:
        """``amount`` shared by ``winners``, the odd chips by S2."""
        if len(winners) == 1:   # the common case: no split, no odd chip
            awards[winners[0]] = awards.get(winners[0], 0) + amount
            return
        share, odd = divmod(amount, len(winners))
        for position, name in enumerate(self._odd_chip_order(winners)):
            awards[name] = awards.get(name, 0) + share + (1 if position < odd else 0)

    def _compare_awards(self, computed: dict[str, int] | None, pot: int,
                        returned: dict[str, int], rake: int, ended: str) -> dict[str, int]:
        replay = self.replay
        stated = replay.stated_awards
        rule = "S4" if ended == "fold" else "S1"
        if not stated:
            if ended != "incomplete" and replay.rules.awards_logged:
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
        if self._paid_from_a_side_pot_not_covered(line):
            return
        if computed_winners == stated_winners:
            if rake == 0 and computed != stated:
                rule, why = self._share_rule(ended)
                detail = ", ".join(f"{n} {a}" for n, a in sorted(computed.items()))
                self.report_(rule, line, f"the log splits the pot as "
                             f"{', '.join(f'{n} {a}' for n, a in sorted(stated.items()))}; "
                             f"it is {detail}{why}")
            return
        if ended == "fold":
            self.report_("S4", line, f"the log gives the pot to {', '.join(sorted(stated_winners))}"
                         f"; after the fold it goes to {', '.join(sorted(computed_winners))}")
            return
        if len(self.replay_pots) > 1:
            self._wrong_side_pots(line)
            return
        self._explain_wrong_winner(sorted(computed_winners), sorted(stated_winners), line)

    def _paid_from_a_side_pot_not_covered(self, line: int) -> bool:
        """A player paid from a side pot he did not contribute to (M3), where the log
        names the pots it pays from."""
        for number, name, _line in self.replay.side_awards:
            if number < len(self.replay_pots) and name not in self.replay_pots[number].eligible:
                self._wrong_side_pots(line)
                return True
        return False

    def _share_rule(self, ended: str) -> tuple[str, str]:
        """Which rule amounts paid to the right players break, and why."""
        if ended == "fold":
            return "S4", ""
        if self.tied:
            return "S2", " (a tie splits the pot, the odd chip to the big blind)"
        if self.game.split:
            return "X3", " (each half wins half the pot, the odd chip to the Badugi half)"
        if len(self.replay_pots) > 1:
            return "M3", " (each side pot goes to the best hand among those who covered it)"
        return "S1", ""

    def _wrong_side_pots(self, line: int) -> None:
        """A payout with side pots that is not theirs (M3): each pot, and who wins it."""
        pots = "; ".join(f"{pot.amount} among {', '.join(pot.eligible)} to "
                         f"{', '.join(pot.winners)}" for pot in self.replay_pots)
        self.report_("M3", line, f"the log's payout does not follow the pots: chips a "
                     f"player cannot cover form side pots, each won by the best hand among "
                     f"the players who contributed to it ({pots})")

    def _explain_wrong_winner(self, right: list[str], wrong: list[str], line: int) -> None:
        """The best hand takes the pot (S1); say which evaluation rule the log missed."""
        if not self.game.badugi_only:
            self._other_game_winner(right, wrong, line)
            return
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
        if (value_key(best), value_key(claimed)) in E5_COMPARISONS:
            self.report_("E5", line, f"{verdict}{detail}, a worked example of the rules")
        elif best.size != claimed.size:
            self.report_("S1", line, f"{verdict}{detail}: more usable cards beat fewer (E1)")
        elif _is_straight(value_key(best)):
            self.report_("S1", line, f"{verdict}{detail}: straights do not count against "
                         "a Badugi hand (E3)")
        else:
            self.report_("S1", line, f"{verdict}{detail}: the lower highest card wins (E2)")

    def _other_game_winner(self, right: list[str], wrong: list[str], line: int) -> None:
        """A lowball or split pot paid to the wrong players (S1; X3 in a split game)."""
        hands = "; ".join(
            f"{name}: " + ", ".join(f"{half.name} {values[name].description}"
                                    for half, values in zip(self.game.halves, self.half_values)
                                    if name in values)
            for name in sorted({*right, *wrong}))
        self.report_("S1", line,
                     f"the log pays {', '.join(wrong)}, but the pot goes to "
                     f"{' and '.join(right)} ({hands})")

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
                self.values.get(name), p.dealt,
                self.half_values[1].get(name) if self.game.split else None)
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
        """A shown Badugi hand's stated description (E1-E5); in a split game written as
        ``badugi 4-3-2-A; 2-7 A-7-4-3-2``, its lowball part too (X2). Other games' words
        vary by site and are not read."""
        if not (self.game.badugi_only or self.game.split):
            return
        for name, (text, line) in self.replay.descriptions.items():
            value = self.values.get(name)
            if value is None:
                continue
            if not self.game.split:
                self._check_badugi_words(name, text, line, value)
            elif ";" in text:
                badugi, lowball = text.split(";", 1)
                self._check_badugi_words(name, badugi.strip(), line, value)
                self._check_lowball_words(name, lowball.strip(), line)

    def _check_lowball_words(self, name: str, text: str, line: int) -> None:
        """The lowball half's words, after the game's name (``2-7``, ``A-5``) (X2)."""
        value = self.half_values[1][name]
        half = self.game.halves[1].name
        words = text[len(half):].strip() if text.lower().startswith(half) else text
        if words.lower() != value.description.lower():
            self.report_("X2", line, f"{name}'s {half.upper()} hand is described as "
                         f"'{words}', but it is {value.description}: the lowball half is "
                         f"judged by {half.upper()} rules")

    def _check_badugi_words(self, name: str, text: str, line: int, value: HandValue) -> None:
        stated = read_description(text)
        if stated == value_key(value):
            return
        cards = self.replay.shown[name]
        verdict = f"{name}'s hand is described as '{text}', but it is {value.description}"
        if stated is None:
            category = any(w in text.lower() for w in _CATEGORY_WORDS)
            self.report_("E3" if category else "E1", line, verdict + (
                ": Badugi has no straights, flushes or pairs" if category else ""))
        elif E5_HANDS.get(frozenset(cards)) == value_key(value):
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
