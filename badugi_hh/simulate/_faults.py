"""Hands that break one rule each, and :func:`inject_violation`, which plays them.

Each fault is a :class:`~._hand.HandPlay` that overrides one small method, so
the hand is played by the rules but for the one mistake: the play's faults are
in :mod:`._play_faults`, the result's in :mod:`._result_faults`. A rule only
some tables can break (G4 heads-up, M1 multiway, X3 in a split game) is offered
only there: see :func:`breakable_rules`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from functools import partial

from badugi_hh.events import Hand, Record, SessionStart
from badugi_hh.rules import HOUSE, Ruleset
from badugi_hh.simulate._games import GAMES
from badugi_hh.simulate._hand import HandPlay
from badugi_hh.simulate._play_faults import (
    ButtonStays, CardDealtTwice, CheckFacingBet, DealtOutOfOrder, DrawMissing, DrawsOutOfOrder,
    Fault, JokerDealt, NoBurn, OutOfTurn, RaiseAfterCap, RoundCutShort, SameDeal,
    ShortReplacement, StackMisstated, StrangerActs, WrongBetSize, WrongCall,
)
from badugi_hh.simulate._result_faults import (
    PlayAfterFold, SidePotToAllIn, TieSplitUnevenly, UnevenHalves, WorseHandWins,
    WrongBigBlind, WrongDescription, WrongLowball, WrongReturn, mechanical, poker_words,
    wrong_ranks, wrong_size,
)
from badugi_hh.simulate._table import Table

#: How many times a rule-breaking hand is dealt anew before trying another hand.
ATTEMPTS_PER_HAND = 12


class NoChance(ValueError):
    """The session has no hand in which the rule can be broken (no showdown, say)."""


_FAULTS: dict[str, Callable[[Table], Fault]] = {
    "G1": StrangerActs, "G2": JokerDealt, "G3": StackMisstated, "G4": ButtonStays,
    "G5": DealtOutOfOrder, "G6": SameDeal,
    "B1": DrawMissing, "B2": WrongBetSize, "B3": RaiseAfterCap, "B4": CheckFacingBet,
    "B5": RoundCutShort, "B6": OutOfTurn, "B7": WrongCall,
    "D1": DrawsOutOfOrder, "D2": ShortReplacement, "D3": NoBurn, "D4": CardDealtTwice,
    "E1": partial(WrongDescription, misdescribe=wrong_size),
    "E2": partial(WrongDescription, misdescribe=wrong_ranks),
    "E3": partial(WrongDescription, misdescribe=poker_words),
    "E4": partial(WrongDescription, misdescribe=mechanical),
    "S1": WorseHandWins, "S2": TieSplitUnevenly, "S3": WrongReturn, "S4": PlayAfterFold,
    "M1": WrongBigBlind, "M2": OutOfTurn, "M3": SidePotToAllIn,
    "X1": DrawMissing, "X2": WrongLowball, "X3": UnevenHalves,
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
