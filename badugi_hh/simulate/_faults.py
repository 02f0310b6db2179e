"""Hands that break one rule each, and :func:`inject_violation`, which plays them.

Each fault is a :class:`~._hand.HandPlay` that overrides one small method, so
the hand is played by the rules but for the one mistake. A rule only some
tables can break (G4 heads-up, M1 multiway, X3 in a split game) is offered
only there: see :func:`breakable_rules`.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator, Sequence
from functools import partial

from badugi_hh.cards import JOKER, Card, parse_cards, rank_name
from badugi_hh.evaluate import BadugiValue, LowballValue, badugi_value
from badugi_hh.events import Call, Cards, Check, Hand, Record, SessionStart
from badugi_hh.rules import HOUSE, Ruleset
from badugi_hh.simulate._games import GAMES, HalfValue, Lowball
from badugi_hh.simulate._hand import HandPlay
from badugi_hh.simulate._table import Pot, Table, stacked_deck

#: How many times a rule-breaking hand is dealt anew before trying another hand.
ATTEMPTS_PER_HAND = 12
#: The hands RULES.md E5 evaluates; a wrong description of one is reported as E5.
WORKED_EXAMPLES = frozenset(frozenset(parse_cards(h)) for h in ("As 2h 3d Kd", "Ah 2c 3d 2h"))
#: Names no simulated table seats, for the stranger of G1.
STRANGERS = ("Zeca", "Yara", "Xavi")


class NoChance(ValueError):
    """The session has no hand in which the rule can be broken (no showdown, say)."""


class Fault(HandPlay):
    """A hand that breaks one rule once; ``applied`` tells whether it had the chance."""

    applied = False


def _describe(size: int, ranks: Sequence[int]) -> str:
    """A Badugi value in the project's words, e.g. ``badugi 9-7-4-2``, ``3-card 8-7-6``."""
    kind = "badugi" if size == 4 else f"{size}-card"
    return f"{kind} {'-'.join(rank_name(r) for r in sorted(ranks, reverse=True))}"


# -- G: table, cards, blinds -------------------------------------------------------

class _StrangerActs(Fault):
    """G1: a player not seated at the table calls the big blind."""

    def post_blinds(self) -> None:
        super().post_blinds()
        stranger = next(name for name in STRANGERS if name not in self.table.seats)
        self.emit(Call, player=stranger, amount=self.rules.big_blind)
        self.applied = True


class _JokerDealt(Fault):
    """G2: the log names one card dealt to a player the joker."""

    def deal(self) -> None:
        order = self.deal_order()
        victim = self.rng.choice([p for p in order if p != self.hidden])
        self.alias[self.deck[order.index(victim)]] = JOKER
        self.applied = True
        super().deal()


class _StackMisstated(Fault):
    """G3: the log gives a player one chip too many at the end of the hand.

    The session goes on from the stated stacks, as the log has it, so only
    this statement disagrees with the chips.
    """

    def state_stacks(self) -> None:
        self.stack[self.rng.choice(self.table.players)] += 1
        self.applied = True
        super().state_stacks()


class _ButtonStays(Fault):
    """G4 (heads-up): the button stays where it was; later hands alternate from there."""

    def choose_button(self) -> str:
        if self.table.button is None:
            return super().choose_button()
        self.applied = True
        return self.table.button


class _DealtOutOfOrder(Fault):
    """G5: the second player left of the button is dealt first (heads-up: the dealer)."""

    def deal_order(self) -> list[str]:
        first, second, *rest = super().deal_order()
        self.applied = True
        return [second, first, *rest]


class _SameDeal(Fault):
    """G6: each player gets the very cards of the previous hand: no shuffle."""

    def choose_hidden(self) -> None:
        return None

    def shuffled_deck(self) -> list[Card]:
        last = self.table.last_deal or {}
        previous = [last.get(player, ()) for player in self.deal_order()]
        if not all(len(cards) == self.rules.hand_size and None not in cards
                   for cards in previous):
            return super().shuffled_deck()
        self.applied = True
        return stacked_deck(self.rng, previous, len(previous))   # type: ignore[arg-type]


# -- B: betting ----------------------------------------------------------------------

class _DrawMissing(Fault):
    """B1 (X1 in a split game): the showdown comes after two draws and three rounds."""

    def draws_to_play(self) -> int:
        return self.rules.draws - 1

    def showdown(self) -> None:
        # All-in, the engine would blame the missing draw on S3 instead.
        self.applied = not self.all_in
        super().showdown()


class _WrongBetSize(Fault):
    """B2: fixed limit, a bet of the big bet in round 2, or of the small bet in rounds 3
    and 4; pot and half-pot limit, a chip more than the pot allows; no limit, a chip
    less than the big blind."""

    def bet_amount(self, player: str, size: int) -> int:
        if self.rules.structure == "fixed":
            wrong = self.rules.big_bet if size == self.rules.small_bet else self.rules.small_bet
        else:
            least, most = self.bet_range()
            wrong = least - 1 if most is None else most + 1
        if self.applied or not 0 < wrong < self.stack[player]:
            return size
        self.applied = True
        return wrong


class _RaiseAfterCap(Fault):
    """B3: a raising war in one round, with a raise past the cap."""

    def __init__(self, table: Table) -> None:
        super().__init__(table)
        self.war_round = self.rng.randint(1, self.rules.betting_rounds)
        self.war_on = False

    def betting_round(self, number: int) -> None:
        self.war_on = number == self.war_round
        super().betting_round(number)

    def can_raise(self, player: str) -> bool:
        if super().can_raise(player):
            return True
        capped = self.bets >= self.rules.max_bets_per_round
        return (self.war_on and capped and not self.applied
                and any(p != player for p in self.able())
                and self.stack[player] > self.to_match - self.round_in[player])

    def choose_action(self, player: str, number: int) -> str:
        if self.war_on and "raise" in self.options(player):
            self.applied = self.applied or self.bets >= self.rules.max_bets_per_round
            return "raise"
        return super().choose_action(player, number)


class _CheckFacingBet(Fault):
    """B4: a player checks facing a bet after a draw, and puts nothing in."""

    def choose_action(self, player: str, number: int) -> str:
        if (not self.applied and number > 1 and not self.all_in   # else S3 has a say too
                and self.to_match > self.round_in[player]):
            self.applied = True
            return "check"
        return super().choose_action(player, number)


class _RoundCutShort(Fault):
    """B5: the next draw starts while a player still has to act."""

    def round_ends_early(self, number: int) -> bool:
        if self.applied or number >= self.rules.betting_rounds or self.all_in:
            return False
        self.applied = True
        return True


class _OutOfTurn(Fault):
    """B6 heads-up, M2 multiway: in one betting round the second player to act acts first."""

    def __init__(self, table: Table) -> None:
        super().__init__(table)
        self.wrong_round = self.rng.randint(1, self.rules.betting_rounds)

    def acting_order(self, number: int) -> list[str]:
        order = super().acting_order(number)
        able = self.still_to_act(order)
        if number != self.wrong_round or self.all_in or len(able) < 2:
            return order
        self.applied = True
        first, second = order.index(able[0]), order.index(able[1])
        order[first], order[second] = order[second], order[first]
        return order


class _WrongCall(Fault):
    """B7: a call of the whole amount to match, forgetting what is already in."""

    def call_amount(self, player: str) -> int:
        if self.applied or not self.round_in[player] or self.to_match >= self.stack[player]:
            return super().call_amount(player)
        self.applied = True
        return self.to_match


# -- D: draws ---------------------------------------------------------------------------

class _DrawsOutOfOrder(Fault):
    """D1: in one draw the second player left of the button draws first."""

    def drawing_order(self) -> list[str]:
        order = super().drawing_order()
        if self.applied or len(order) < 2:
            return order
        self.applied = True
        return [order[1], order[0], *order[2:]]


class _ShortReplacement(Fault):
    """D2: in the last draw a player discards two or more and receives one card fewer."""

    def replacements(self, discarded: int, number: int) -> int:
        if self.applied or number < self.rules.draws or discarded < 2:
            return discarded
        self.applied = True
        return discarded - 1


class _NoBurn(Fault):
    """D3: no card is burned before a draw."""

    def burn(self) -> None:
        if self.applied:
            super().burn()
        else:
            self.applied = True   # the first draw goes without its burn


class _CardDealtTwice(Fault):
    """D4: the last card dealt is the first card again, for all to see."""

    def choose_hidden(self) -> None:
        return None

    def shuffled_deck(self) -> list[Card]:
        deck = super().shuffled_deck()
        deck[len(self.table.seats) * self.rules.hand_size - 1] = deck[0]
        self.applied = True
        return deck


# -- E and X2: descriptions ---------------------------------------------------------------

Misdescription = Callable[[random.Random, Sequence[Card], BadugiValue],
                          tuple[Sequence[Card], str] | None]


class _WrongDescription(Fault):
    """E1-E4: a shown hand's Badugi value is described wrongly, as ``misdescribe`` words it."""

    def __init__(self, table: Table, misdescribe: Misdescription) -> None:
        super().__init__(table)
        self.misdescribe = misdescribe

    def shown(self, player: str, cards: Sequence[Card]) -> tuple[Cards, str | None]:
        wrong = None
        if (not self.applied and len(cards) == self.rules.hand_size
                and frozenset(cards) not in WORKED_EXAMPLES):
            wrong = self.misdescribe(self.rng, cards, badugi_value(cards))
        if wrong is None:
            return super().shown(player, cards)
        self.applied = True
        shown, words = wrong
        return tuple(shown), self.game.describe(cards, badugi_words=words)


def _wrong_size(rng: random.Random, cards: Sequence[Card],
                value: BadugiValue) -> tuple[Sequence[Card], str]:
    """E1: a badugi called a three-card hand, or a smaller hand one card bigger."""
    if value.size == 4:
        return cards, _describe(3, value.ranks[1:])
    extra = min(set(range(1, 14)) - set(value.ranks))
    return cards, _describe(value.size + 1, (*value.ranks, extra))


def _nearest_missing(held: set[int], top: int, height: Callable[[int], int] = int) -> int:
    """The rank not held that is nearest to ``top`` (the lower one on a tie)."""
    return min((r for r in range(1, 14) if r not in held),
               key=lambda r: (abs(height(r) - height(top)), height(r)))


def _wrong_ranks(rng: random.Random, cards: Sequence[Card],
                 value: BadugiValue) -> tuple[Sequence[Card], str]:
    """E2: the right size, but the top card read as a rank the hand does not hold."""
    misread = _nearest_missing({card.rank for card in cards}, value.ranks[0])
    return cards, _describe(value.size, (misread, *value.ranks[1:]))


def _poker_words(rng: random.Random, cards: Sequence[Card],
                 value: BadugiValue) -> tuple[Sequence[Card], str]:
    """E3: the hand described as a high-poker hand."""
    ranks = sorted((card.rank for card in cards), reverse=True)
    pairs = [r for r in ranks if ranks.count(r) > 1]
    if pairs:
        return cards, f"a pair of {rank_name(pairs[0])}s"
    return cards, f"{rank_name(ranks[0])} high"


def _greedy_reading(cards: Sequence[Card]) -> tuple[int, tuple[int, ...]]:
    """Dropping each card that repeats a rank or suit of one kept, in the order shown."""
    kept: list[Card] = []
    for card in cards:
        if len(kept) < 4 and all(card.rank != k.rank and card.suit != k.suit for k in kept):
            kept.append(card)
    return len(kept), tuple(sorted((card.rank for card in kept), reverse=True))


def _mechanical(rng: random.Random, cards: Sequence[Card],
                value: BadugiValue) -> tuple[Sequence[Card], str] | None:
    """E4: the cards shown in an order whose card-by-card reading misses the best subset."""
    orders = list(itertools.permutations(cards))
    rng.shuffle(orders)
    for order in orders:
        size, ranks = _greedy_reading(order)
        if (size, ranks) != (value.size, value.ranks):
            return order, _describe(size, ranks)
    return None


class _WrongLowball(Fault):
    """X2: in a split game a shown hand's lowball value is read with a wrong top card."""

    def shown(self, player: str, cards: Sequence[Card]) -> tuple[Cards, str | None]:
        lowball = self.game.lowball
        if self.applied or lowball is None or len(cards) != self.rules.hand_size:
            return super().shown(player, cards)
        value = lowball.value(cards)
        if value.category != "high card":
            return super().shown(player, cards)
        self.applied = True
        return tuple(cards), self.game.describe(cards, lowball_words=_misread_low(value, lowball))


def _misread_low(value: LowballValue, lowball: Lowball) -> str:
    """Five different ranks with the top one swapped for the nearest rank not held."""
    def height(rank: int) -> int:
        return 14 if lowball.ace_high and rank == 1 else rank

    misread = _nearest_missing(set(value.ranks), value.ranks[0], height)
    ranks = sorted((misread, *value.ranks[1:]), key=height, reverse=True)
    return "-".join(map(rank_name, ranks))


# -- S, M and X3: the pot ---------------------------------------------------------------------

class _WorseHandWins(Fault):
    """S1: at a showdown with one pot, the pot (or a split game's half) one hand wins
    goes to another. (With side pots the mistake is M3's.)"""

    pot_count = 0

    def pots(self) -> list[Pot]:
        pots = super().pots()
        self.pot_count = len(pots)
        return pots

    def best(self, contenders: list[str], values: dict[str, dict[str, HalfValue]],
             half: str) -> list[str]:
        winners = super().best(contenders, values, half)
        others = [p for p in contenders if p not in winners
                  and (half != "badugi" or not self.game.split
                       or self.qualifies(values[p][half]))]
        if self.applied or self.pot_count != 1 or len(winners) != 1 or not others:
            return winners
        self.applied = True
        return [others[0]]


class _TieSplitUnevenly(Fault):
    """S2: two players get hands of the same ranks, and a tie's chips are shared wrongly."""

    def shuffled_deck(self) -> list[Card]:
        size = self.rules.hand_size
        ranks = self.rng.sample(range(1, 10), size)
        suits = self.rng.sample(range(4), 4) + [self.rng.randrange(4)] * (size - 4)
        turn = self.rng.randint(1, 3)   # a different suit for every card: no card twice
        first = [Card.of(rank, suit) for rank, suit in zip(ranks, suits, strict=True)]
        second = [Card.of(rank, (suit + turn) % 4) for rank, suit in zip(ranks, suits, strict=True)]
        return stacked_deck(self.rng, [first, second], len(self.table.seats))

    def shares(self, amount: int, winners: list[str]) -> list[tuple[str, int]]:
        shares = super().shares(amount, winners)
        if self.applied or len(shares) < 2 or amount < 2:
            return shares
        self.applied = True
        (first, most), *middle, (last, least) = shares
        return [(first, most - 1), *middle, (last, least + 1)]


class _WrongReturn(Fault):
    """S3: after a fold, one chip more than the uncalled bet is returned (and won less)."""

    def uncovered(self) -> tuple[str, int]:
        top, amount = super().uncovered()
        if self.applied or not self.hand_won() or not amount:
            return top, amount
        self.applied = True
        return top, amount + 1


class _PlayAfterFold(Fault):
    """S4: the winner checks after the last fold ended the hand."""

    def end_after_fold(self) -> None:
        self.emit(Check, player=self.live()[0])
        self.applied = True
        super().end_after_fold()


class _WrongBigBlind(Fault):
    """M1 (multiway): the big blind is posted by the third player left of the button."""

    def blind_posters(self) -> tuple[str, str]:
        small, _ = super().blind_posters()
        self.applied = True
        return small, self.clockwise_after(self.button)[2]


class _SidePotToAllIn(Fault):
    """M3 (multiway): a side pot is paid as if the all-in player had covered it."""

    def pots(self) -> list[Pot]:
        pots = super().pots()
        self.main_eligible = pots[0].eligible
        return pots

    def pot_awards(self, pot: Pot, values: dict[str, dict[str, HalfValue]],
                   ) -> list[tuple[str, int, str]]:
        awards = super().pot_awards(pot, values)
        if self.applied or not pot.name.startswith("side"):
            return awards
        wide = super().pot_awards(Pot(pot.amount, self.main_eligible, pot.name), values)
        if _totals(wide) == _totals(awards):
            return awards
        self.applied = True
        return wide


def _totals(awards: list[tuple[str, int, str]]) -> dict[str, int]:
    totals: dict[str, int] = {}
    for player, amount, _ in awards:
        totals[player] = totals.get(player, 0) + amount
    return totals


class _UnevenHalves(Fault):
    """X3: a split pot whose halves go to different players is cut one chip off half."""

    def halves(self, pot: Pot, contenders: list[str],
               values: dict[str, dict[str, HalfValue]]) -> list[tuple[str, int]]:
        halves = super().halves(pot, contenders, values)
        if self.applied or len(halves) != 2 or halves[1][1] < 2:
            return halves
        winners = [set(HandPlay.best(self, contenders, values, half)) for half, _ in halves]
        if winners[0] == winners[1]:
            return halves
        self.applied = True
        (badugi, more), (lowball, less) = halves
        return [(badugi, more + 1), (lowball, less - 1)]


_FAULTS: dict[str, Callable[[Table], Fault]] = {
    "G1": _StrangerActs, "G2": _JokerDealt, "G3": _StackMisstated, "G4": _ButtonStays,
    "G5": _DealtOutOfOrder, "G6": _SameDeal,
    "B1": _DrawMissing, "B2": _WrongBetSize, "B3": _RaiseAfterCap, "B4": _CheckFacingBet,
    "B5": _RoundCutShort, "B6": _OutOfTurn, "B7": _WrongCall,
    "D1": _DrawsOutOfOrder, "D2": _ShortReplacement, "D3": _NoBurn, "D4": _CardDealtTwice,
    "E1": partial(_WrongDescription, misdescribe=_wrong_size),
    "E2": partial(_WrongDescription, misdescribe=_wrong_ranks),
    "E3": partial(_WrongDescription, misdescribe=_poker_words),
    "E4": partial(_WrongDescription, misdescribe=_mechanical),
    "S1": _WorseHandWins, "S2": _TieSplitUnevenly, "S3": _WrongReturn, "S4": _PlayAfterFold,
    "M1": _WrongBigBlind, "M2": _OutOfTurn, "M3": _SidePotToAllIn,
    "X1": _DrawMissing, "X2": _WrongLowball, "X3": _UnevenHalves,
}
#: Every rule id :func:`inject_violation` can break at some table.
EVERY_BREAKABLE_RULE: tuple[str, ...] = (*_FAULTS, "N1")
#: Rules of one kind of table only; the others apply at every table.
_HEADS_UP_ONLY = frozenset({"G4", "B6"})
_MULTIWAY_ONLY = frozenset({"M1", "M2", "M3"})
_SPLIT_ONLY = frozenset({"X1", "X2", "X3"})
_BADUGI_ONLY = frozenset({"E1", "E2", "E3", "E4"})   # a Badugi value to misdescribe


def breakable_rules(ruleset: Ruleset) -> tuple[str, ...]:
    """The rules :func:`inject_violation` can break in sessions of ``ruleset``.

    Heads-up only G4 and B6 know the order of play (multiway: M1, M2); a
    split game's missing draw is X1 rather than B1; E1-E4 need a Badugi value.

    >>> from badugi_hh.simulate import table_rules
    >>> " ".join(breakable_rules(table_rules("badeucy", 3)))
    'G1 G2 G3 G5 G6 B2 B3 B4 B5 B7 D1 D2 D3 D4 E1 E2 E3 E4 S1 S2 S3 S4 M1 M2 M3 X1 X2 X3 N1'
    """
    game = GAMES[ruleset.game]
    skipped = _MULTIWAY_ONLY if ruleset.max_players == 2 else _HEADS_UP_ONLY
    if ruleset.structure != "fixed":
        skipped |= {"B3"}   # pot limit and no limit have no cap
    skipped |= {"B1"} if game.split else _SPLIT_ONLY
    if not game.badugi:
        skipped |= _BADUGI_ONLY
    return tuple(rule for rule in EVERY_BREAKABLE_RULE if rule not in skipped)


#: The rules :func:`inject_violation` can break in the house game (heads-up Badugi).
BREAKABLE_RULES = breakable_rules(HOUSE)


def play_on(table: Table) -> Iterator[Hand]:
    """The rest of the session, by the rules, from where ``table`` stands."""
    while table.goes_on():
        hand = HandPlay(table)
        played = hand.play()
        table.commit(hand)
        yield played


def _parts(records: Sequence[Record]) -> tuple[SessionStart, list[Hand]]:
    """The start and the hands of one session's records."""
    start = records[0] if records else None
    if not isinstance(start, SessionStart):
        raise ValueError("a session starts with its SessionStart record")
    if any(isinstance(record, SessionStart) for record in records[1:]):
        raise ValueError("inject_violation takes the records of one session")
    hands = [record for record in records[1:] if isinstance(record, Hand)]
    return start, hands


def inject_violation(records: Sequence[Record], rule: str, rng: random.Random, *,
                     hidden: float = 0.0) -> list[Record]:
    """A copy of the legal session ``records`` that breaks ``rule`` once.

    The hands before the broken one are kept. The broken hand, chosen with
    ``rng`` among those that give the mistake a chance, is dealt anew and
    played by the rules but for the one mistake; the hands after it are
    played on from the chips it leaves (as its log states them), so the
    mistake does not echo into other rules. For N1 a 12-hand session gets a
    13th hand, and one that a bust ended stops a hand or more before the
    bust, every player still holding chips. ``hidden`` is as for
    :func:`~badugi_hh.simulate.simulate_session`, for the hands dealt anew.

    >>> from badugi_hh.engine import audit
    >>> from badugi_hh.simulate import simulate_session
    >>> session = simulate_session(random.Random(11), 1)
    >>> broken = inject_violation(session, "D1", random.Random(0))
    >>> sorted({v.rule for report in audit(broken) for v in report.violations})
    ['D1']
    >>> inject_violation(session, "M1", random.Random(0))   # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: cannot break M1 in Badugi for 2 players; the simulator breaks G1 G2 ... S4 N1
    """
    start, hands = _parts(records)
    breakable = breakable_rules(start.ruleset)
    if rule not in breakable:
        raise ValueError(f"cannot break {rule} in {start.ruleset.game_name} for "
                         f"{len(start.players)} players; the simulator breaks "
                         + " ".join(breakable))
    if rule == "N1":
        return _wrong_length(start, hands, rng, hidden)
    fault = _FAULTS[rule]
    for index in rng.sample(range(len(hands)), len(hands)):
        for _ in range(ATTEMPTS_PER_HAND):
            table = Table.resume(start, hands[:index], rng, hidden)
            broken = fault(table)
            hand = broken.play()
            if broken.applied:
                table.commit(broken)
                return [start, *hands[:index], hand, *play_on(table), table.session_end()]
    raise NoChance(f"no hand of session {start.session_id} gives a chance to break {rule}")


def _wrong_length(start: SessionStart, hands: list[Hand], rng: random.Random,
                  hidden: float) -> list[Record]:
    """N1: one hand more than the session's length, or an end before a bust ended it."""
    table = Table.resume(start, hands, rng, hidden)
    if table.ruleset.session_hands is None:
        raise NoChance("a session of unlimited hands has no length to break")
    if all(chips > 0 for chips in table.stacks.values()):
        hand = HandPlay(table)
        extra = hand.play()
        table.commit(hand)
        return [start, *hands, extra, table.session_end()]
    if len(hands) < 2:
        raise NoChance("a session that busts in its first hand cannot end earlier")
    kept = hands[:rng.randrange(1, len(hands))]
    return [start, *kept, Table.resume(start, kept, rng, hidden).session_end()]
