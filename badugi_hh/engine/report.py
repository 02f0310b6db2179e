"""What the engine says: violations, and the report of each hand and session.

>>> str(Violation("B2", "Ana bets 3; a bet before the first draw is 2", "h#1", "t.txt", 13))
't.txt:13: [B2] h#1: Ana bets 3; a bet before the first draw is 2'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from collections.abc import Mapping
from typing import Any, NamedTuple

from badugi_hh.games import HandValue
from badugi_hh.events import Cards, Hand
from badugi_hh.frozen import rebuilt
from badugi_hh.money import CHIPS, currency_of, message_amount
from badugi_hh.rules import Ruleset

ROUND_NAMES = ("before the first draw", "after the first draw",
               "after the second draw", "after the third draw")
DRAW_NAMES = ("first", "second", "third")


def round_name(number: int) -> str:
    return ROUND_NAMES[number - 1] if number <= len(ROUND_NAMES) else f"round {number}"


def draw_name(number: int) -> str:
    return DRAW_NAMES[number - 1] if number <= len(DRAW_NAMES) else f"extra ({number}th)"


# -- amounts, as the hand's log writes them ------------------------------------

#: The characters an amount is wrapped in (:func:`chips`) where a message is made, by a
#: part of the engine that does not know the hand's money, until :func:`written` writes
#: it as the log does: control characters, which no log's name or card holds.
AMOUNT_OPEN = "\x0e"
AMOUNT_CLOSE = "\x0f"


def chips(amount: int) -> str:
    """``amount`` (in the hand's smallest unit) in a message: marked, to be written in
    the hand's money once the message is reported (:func:`written`)."""
    return f"{AMOUNT_OPEN}{amount}{AMOUNT_CLOSE}"


class Money(NamedTuple):
    """What a hand's amounts are in: a currency (``USD``...; ``chips``, play money's
    ``PLAY``) and how many of the amounts make one of it (:attr:`Hand.unit`)."""

    currency: str
    unit: int

    def amount(self, amount: int) -> str:
        """``amount`` as the log writes it (:func:`badugi_hh.money.message_amount`)."""
        return message_amount(amount, self.currency, self.unit)

    def signed(self, amount: int) -> str:
        """``amount`` as a move of a stack: ``+`` before a gain."""
        return f"+{self.amount(amount)}" if amount > 0 else self.amount(amount)


#: Whole chips: a house log's, a tournament's; amounts written as the integers they are.
WHOLE_CHIPS = Money(CHIPS, 1)


def money_of(hand: Hand) -> Money:
    return Money(currency_of(hand), hand.unit)


def written(message: str, money: Money) -> str:
    """``message`` with each amount marked by :func:`chips` written in ``money``.

    >>> message = f"Hero bets {chips(30)}; a bet after the second draw is {chips(20)}"
    >>> written(message, Money("USD", 100))
    'Hero bets $0.30; a bet after the second draw is $0.20'
    >>> written(message, WHOLE_CHIPS), written(message, Money(CHIPS, 100))
    ('Hero bets 30; a bet after the second draw is 20', 'Hero bets 0.3; a bet after the \
second draw is 0.2')
    """
    if AMOUNT_OPEN not in message:
        return message
    first, *marked = message.split(AMOUNT_OPEN)
    parts = [first]
    for part in marked:
        number, _, rest = part.partition(AMOUNT_CLOSE)
        parts.append(money.amount(int(number)))
        parts.append(rest)
    return "".join(parts)


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

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        return rebuilt(self)   # copy and pickle, compiled too (badugi_hh.frozen)


class HandViolations:
    """What the parts of one hand's replay report to: ``report(rule, line, message)`` adds
    a :class:`Violation` of the hand to ``found``, its amounts marked (:func:`chips`) until
    the hand's report writes them in its money (:func:`in_money`).

    The parts hold this, not the replay, so nothing the replay made refers back to it:
    a hand's replay, and its report, are freed as soon as they are done, not left to the
    garbage collector, whose passes walk every object an import keeps.
    """

    def __init__(self, hand_id: str, source: str) -> None:
        self.hand_id = hand_id
        self.source = source
        self.found: list[Violation] = []

    def report(self, rule: str, line: int, message: str) -> None:
        self.found.append(Violation(rule, message, self.hand_id, self.source, line))


def in_money(violations: list[Violation], money: Money) -> list[Violation]:
    """``violations`` with each message's amounts written in ``money`` (:func:`written`),
    in place: the one step between the parts of the engine, which mark amounts, and all
    that keeps or prints a report."""
    for index, violation in enumerate(violations):
        if AMOUNT_OPEN in violation.message:
            violations[index] = Violation(violation.rule, written(violation.message, money),
                                          violation.hand_id, violation.source, violation.line)
    return violations


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
new_tuple = tuple.__new__


class DrawRecord(NamedTuple):
    """One player's draw, and the hand it leaves (``None`` where unseen)."""

    player: str
    draw: int
    discarded: Cards
    drawn: Cards
    hand_after: Cards
    line: int

    @property
    def discard_count(self) -> int:
        return len(self.discarded)

    @property
    def count(self) -> int:   # type: ignore[override]
        """The store's name for :attr:`discard_count`; it shadows ``tuple.count``, so it
        goes once the store reads ``discard_count``."""
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
    value: HandValue | None = None
    """The shown hand's value: Badugi's, a lowball value, or a split game's Badugi half."""
    dealt: Cards = ()
    other_halves: tuple[tuple[str, HandValue], ...] = ()
    """In a split game, the shown hand's value in each half after the first, by the
    half's name in the registry (``("2-7", value)``)."""
    stated_end_stack: int | None = None
    """The stack the log says he ends the hand with, where the chips say otherwise (a
    G3): ``end_stack`` stays the chips' figure, so that it is ``start_stack + net``."""
    rules_won: int | None = None
    """What the rules pay him, where the hand followed an award it disputes (S1, S4) that
    pays him otherwise and states no end of his to tell which was right: the table keeps
    the account of his stack this makes beside the log's (``engine/chain.py``)."""

    @property
    def description(self) -> str | None:
        """The shown hand's value in words; every half's in a split game, each after the
        first named (``badugi 4-3-2-A; 2-7 A-7-4-3-2``, as a house log writes it)."""
        if self.value is None:
            return None
        if not self.other_halves:
            return self.value.description
        return "; ".join([self.value.description, *(f"{half} {value.description}"
                                                    for half, value in self.other_halves)])

    @property
    def net(self) -> int:
        return self.won + self.returned - self.contributed

    @property
    def carried_stack(self) -> int:
        """The stack his next hand at the table starts from: the log's where it states
        another than the chips (G3), so that one wrong statement is reported once and
        not again at every hand after it."""
        return self.end_stack if self.stated_end_stack is None else self.stated_end_stack


class Pot(NamedTuple):
    """A pot (the main pot or a side pot, M3): its chips, who may win it, who did."""

    amount: int
    eligible: tuple[str, ...]
    winners: tuple[str, ...] = ()


class HalfShare(NamedTuple):
    """A split game's pot (X3): the chips one player won of one half of it. ``pot`` is
    its number in :attr:`HandReport.pots` (0, the main pot), ``half`` the name of the
    game's :class:`~badugi_hh.games.Half` (``badugi``, ``2-7``, ``a-5``)."""

    pot: int
    half: str
    player: str
    chips: int


class RunResult(NamedTuple):
    """One run of a hand run twice: each showdown player's hand in it, and its share
    of each pot (in the pots' order) with who won that share."""

    number: int
    hands: Mapping[str, Cards]
    pots: tuple[Pot, ...]


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
    halves: tuple[HalfShare, ...] = ()
    """In a split game settled at a showdown: the chips each player won of each half of
    each pot; a pot nobody contested is both halves, cut as a contested one (X3)."""
    runs: tuple[RunResult, ...] = ()
    """A hand run twice (or more): each run, the first included; empty for every other."""

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
    def carried_stacks(self) -> dict[str, int]:
        """The stacks the next hand at the table starts from, those not dealt in
        included (:attr:`PlayerResult.carried_stack`)."""
        return {**self.idle, **{name: p.carried_stack for name, p in self.players.items()}}

    @property
    def winners(self) -> tuple[str, ...]:
        return tuple(n for n, p in self.players.items() if p.won > 0)

    def judge_up_to_damage(self, first: int) -> None:
        """Keep the violations before ``first``, the hand's first unreadable line: what
        follows may hang on it."""
        kept = [v for v in self.violations if v.line < first]
        if len(kept) < len(self.violations):
            self.notes.append(f"not judged after line {first}, which could not be read "
                              f"({len(self.violations) - len(kept)} finding(s) set aside)")
        else:
            self.notes.append(f"line {first} could not be read")
        self.violations[:] = kept


@dataclass(slots=True)
class SessionReport:
    session_id: str
    source: str
    hands: int
    stacks: dict[str, int]
    winner: str | None             # None: a draw, or nobody known
    violations: list[Violation] = field(default_factory=list)
    starts: dict[str, int] = field(default_factory=dict)
    """Each player's stack as the session starts, as the audit settled it (G3): its
    header's, or the ruleset's where the header stated another and a later statement of
    the log confirmed the ruleset's; empty where no header seats the players."""
    read_as: dict[str, str] = field(default_factory=dict)
    """Each seat line's name the session is read under another name, with that name: the
    one every line of its first hand calls the player by (a misspelt seat line, G1)."""
