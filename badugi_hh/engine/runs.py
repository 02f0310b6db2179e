"""A hand run twice: each later run's hands as the log tells them, and each run's pots.

When the players are all in before a draw, a site may *run it twice*: the draw
is dealt once for each run, every pot is cut into one share per run, and each
share goes to that run's best hand among the pot's players (docs/rules.md, "Run
it twice"). The first run is the hand's play; :class:`LaterRuns` gathers what the
log says of the others (:class:`~badugi_hh.events.RunCards`) while the replay
goes, and at the end makes each later run's hands and checks their cards:
each run is dealt from the one stub left before the draw, so a card may come in
two runs, but never twice in one run, and never a card already discarded (D3,
D4). :class:`RunSplit` is the settlement's part: each run's share of a pot, the
odd chip to the first run.

>>> run_parts(2525, 2), run_parts(2528, 2), run_parts(10, 3)
([1263, 1262], [1264, 1264], [4, 3, 3])
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import cast

from badugi_hh.cards import Card, format_cards
from badugi_hh.engine.shares import Share
from badugi_hh.engine.report import DrawRecord, Pot, RunResult
from badugi_hh.engine.state import TableState
from badugi_hh.engine.table import Report
from badugi_hh.evaluate import EvaluationError
from badugi_hh.events import Cards, RunCards
from badugi_hh.games import Game, Half, HandValue
from badugi_hh.rules import Ruleset

__all__ = ["LaterRuns", "RunSplit", "evaluate_hands", "run_parts"]

#: Each half's value of each hand (one half but in the split games).
HalfValues = list[dict[str, HandValue]]


def run_parts(amount: int, runs: int) -> list[int]:
    """A pot cut into one share per run: equal, the odd chips to the first runs."""
    share, odd = divmod(amount, runs)
    return [share + (1 if run < odd else 0) for run in range(runs)]


def evaluate_hands(hands: Mapping[str, Cards], game: Game, rules: Ruleset,
                   into: HalfValues) -> HalfValues:
    """Each whole, known hand of ``hands`` valued in each half of ``game``, in ``into``;
    under ``rules.partial_show_judged`` a hand shown in part too (:func:`_value_part`)."""
    pairs = tuple(zip(into, game.halves))
    size = rules.hand_size
    for name, cards in hands.items():
        if len(cards) == size and None not in cards:
            known = cast(Sequence[Card], cards)   # no None among them
            try:
                for values, half in pairs:
                    values[name] = half.value(known)
            except EvaluationError:
                pass   # a joker or a repeated card, reported where it appeared
        elif rules.partial_show_judged:
            _value_part(name, [card for card in cards if card is not None], pairs)
    return into


def _value_part(name: str, shown: Sequence[Card],
                pairs: tuple[tuple[dict[str, HandValue], Half], ...]) -> None:
    """A hand shown in part valued on the cards shown, as PokerKit judges it, where every
    half values a part of a hand (a Badugi of one card, say); else it is left unvalued,
    a hand that cannot win (no card shown, or a five-card hand short of its five)."""
    valued: list[tuple[dict[str, HandValue], HandValue]] = []
    for values, half in pairs:
        if not shown or half.part_value is None:
            return
        try:
            valued.append((values, half.part_value(shown)))
        except EvaluationError:
            return   # a joker or a repeated card, reported where it appeared
    for values, value in valued:
        values[name] = value


class LaterRuns:
    """What the log says of the runs after the first, as the hand goes."""

    def __init__(self, report: Report) -> None:
        self.report = report
        self.shown: dict[int, dict[str, Cards]] = {}
        # run -> player -> (the first run's cards, this run's) of each of his draws
        self.drawn: dict[int, dict[str, list[tuple[Cards, Cards]]]] = {}
        self.lines: dict[tuple[int, str], int] = {}   # where a run's cards were last told

    def add(self, event: RunCards, records: Sequence[DrawRecord]) -> None:
        """One :class:`RunCards`; ``records`` are the draws so far (the first run's)."""
        self.lines[event.run, event.player] = event.line
        if event.kind == "shown":
            self.shown.setdefault(event.run, {})[event.player] = event.cards
            return
        record = next((r for r in reversed(records) if r.player == event.player), None)
        if record is None or len(record.drawn) != len(event.cards):
            drew = len(record.drawn) if record is not None else 0
            self.report("D2", event.line, f"{event.player} receives {len(event.cards)} cards "
                        f"in run {event.run}'s draw, but drew {drew}; each run replaces "
                        "the same discards")
            return
        self.drawn.setdefault(event.run, {}).setdefault(event.player, []).append(
            (record.drawn, event.cards))

    def hands(self, state: TableState, out_of_play: Collection[Card],
              folded: Mapping[str, Cards], line: int) -> tuple[dict[str, Cards], ...]:
        """Each later run's hands of the players who showed down; ``folded``: the cards
        of those who folded, still out of every run's deck."""
        runs = sorted(self.shown.keys() | self.drawn.keys())
        if not runs:
            return ()
        if runs != list(range(2, runs[-1] + 1)):
            self.report("S1", line, f"the log tells runs {', '.join(map(str, runs))}; "
                        "the runs after the first are numbered from 2 on")
        drew_last = {record.player for record in state.draws
                     if record.draw == state.draws_played and record.discarded}
        made = []
        for run in runs:
            hands = {name: self._hand(run, name, cards, name in drew_last)
                     for name, cards in state.shown.items()}
            self._check_deck(run, hands, out_of_play, folded, line)
            made.append(hands)
        return tuple(made)

    def _hand(self, run: int, name: str, first: Cards, drew: bool) -> Cards:
        """``name``'s hand in ``run``: as shown there, else his first run's hand with
        each draw's cards of this run, else (he stood pat) the same hand. A hand shown
        in a run must be the one its draws make, where both are known (D2)."""
        made = self._made(run, name, first, drew)
        shown = self.shown.get(run, {}).get(name)
        if shown is None:
            return made
        if None not in made and None not in shown and Counter(made) != Counter(shown):
            self.report("D2", self.lines[run, name], f"in run {run} {name} shows "
                        f"{format_cards(shown)} but holds {format_cards(made)}")
        return shown

    def _made(self, run: int, name: str, first: Cards, drew: bool) -> Cards:
        """The hand ``name``'s draws make in ``run``; unseen cards where not told."""
        swaps = self.drawn.get(run, {}).get(name)
        if swaps is None:
            return (None,) * len(first) if drew else first
        hand = list(first)
        for first_cards, run_cards in swaps:
            for old, new in zip(first_cards, run_cards):
                if old is None or old not in hand:
                    return (None,) * len(first)   # the first run's cards are not known
                hand[hand.index(old)] = new
        return tuple(hand)

    def _check_deck(self, run: int, hands: Mapping[str, Cards], out_of_play: Collection[Card],
                    folded: Mapping[str, Cards], line: int) -> None:
        """One run's cards come from one deck: no card twice, none discarded (D3, D4)."""
        # card -> who holds it, and the line that told his cards in this run (if one did)
        held: dict[Card, tuple[str, int | None]] = {
            card: (f"folded by {name}", None) for name, cards in folded.items()
            for card in cards if card is not None}
        for name, cards in hands.items():
            told = self.lines.get((run, name))
            for card in cards:
                if card is None:
                    continue
                if card in out_of_play:
                    self.report("D3", told or line, f"in run {run} {name} holds {card} "
                                f"({format_cards(cards)}), but it was discarded; every "
                                "run is dealt from the stub left before the draw")
                elif card in held:
                    holder, where = held[card]
                    self.report("D4", told or where or line, f"in run {run} {card} is held "
                                f"by {name} ({format_cards(cards)}) and {holder}; each card "
                                "is dealt once in a run")
                held[card] = (f"held by {name}", told)


class RunSplit:
    """The settlement's part in a hand run twice: each pot cut into one share per run,
    each share to that run's best hand among the pot's players."""

    def __init__(self, state: TableState, game: Game) -> None:
        self.hands = (state.shown, *state.runs)
        self.values = [evaluate_hands(hands, game, state.rules, [{} for _ in game.halves])
                       for hands in self.hands]
        self.pots: list[list[Pot]] = [[] for _ in self.hands]

    def shares(self, pot: Pot, share_of: Callable[[Pot, HalfValues], list[Share] | None],
               ) -> list[Share] | None:
        """The shares of ``pot``, run after run; None while a run's winner is unknown."""
        made: list[Share] = []
        for run, part in enumerate(run_parts(pot.amount, len(self.hands))):
            shares = share_of(Pot(part, pot.eligible), self.values[run])
            if shares is None:
                return None
            winners = tuple(dict.fromkeys(name for _, group, _ in shares for name in group))
            self.pots[run].append(Pot(part, pot.eligible, winners))
            made.extend(shares)
        return made

    def results(self) -> tuple[RunResult, ...]:
        """Each run, its hands and its share of each pot whose winners are known."""
        return tuple(RunResult(number, hands, tuple(pots)) for number, (hands, pots)
                     in enumerate(zip(self.hands, self.pots), 1))
