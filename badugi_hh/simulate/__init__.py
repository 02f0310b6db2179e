"""Random sessions of every game played by the rules, and the same with one rule broken.

The simulator is a second implementation of the rules (RULES.md G, B, D, E,
S, N, M and X), written from them and never asking :mod:`badugi_hh.engine`:
it shuffles, deals, bets, draws and settles by itself, so auditing what it
plays tests the engine against an independent reading of the rules. It
deals heads-up or at a table of up to 8 (side pots included, M3), Badugi,
the split games Badeucy and Badacey (X1-X4), and 2-7 and A-5 triple draw.
Its players are simple but not random: they bet and raise with strong hands,
fold weak ones, draw to what the game values, and now and then snow (stand
pat on nothing), break a made hand or get into a raising war.

>>> from badugi_hh.engine import audit
>>> records = list(simulate(sessions=2, seed=7))
>>> [type(r).__name__ for r in records][:2], type(records[-1]).__name__
(['SessionStart', 'Hand'], 'SessionEnd')
>>> records[1].hand_id, records[1].events[0]
('sim-7-1#1', Button(line=7, seat=1, player=None))
>>> sum(len(report.violations) for report in audit(records))
0

A table of six, and a split game:

>>> six = list(simulate(1, seed=7, ruleset=table_rules("badugi", 6)))
>>> [p.name for p in six[0].players]
['Ana', 'Bruno', 'Carla', 'Dmitri', 'Edu', 'Flor']
>>> badeucy = list(simulate(1, seed=7, ruleset=table_rules("badeucy")))
>>> len(badeucy[1].events[3].cards), badeucy[0].ruleset.game_name
(5, 'Badeucy')

:func:`inject_violation` turns a legal session into test data for one rule:

>>> broken = inject_violation(simulate_session(random.Random(3), 1), "B7", random.Random(3))
>>> sorted({v.rule for report in audit(broken) for v in report.violations})
['B7']
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from datetime import datetime, timedelta
from functools import partial

from badugi_hh.events import Record, SessionPlayer, SessionStart
from badugi_hh.games import GAMES as GAMES_REGISTRY
from badugi_hh.rules import HOUSE, Ruleset
from badugi_hh.simulate._faults import (
    BREAKABLE_RULES, EVERY_BREAKABLE_RULE, NoChance, breakable_rules, inject_violation, play_on,
)
from badugi_hh.simulate._games import GAMES, best_subset, hand_strength, table_rules
from badugi_hh.simulate._table import Table

__all__ = ["BREAKABLE_RULES", "EVERY_BREAKABLE_RULE", "GAMES", "PLAYERS", "PLAYER_NAMES",
           "best_subset", "breakable_rules", "hand_strength", "inject_violation", "simulate",
           "simulate_session", "table_rules"]

#: Who sits at a simulated table, seat 1 first; heads-up the first two.
PLAYER_NAMES = ("Ana", "Bruno", "Carla", "Dmitri", "Edu", "Flor", "Gil", "Hana")
PLAYERS = PLAYER_NAMES[:2]
#: When the first simulated session starts; session n starts n - 1 days later.
FIRST_SESSION_AT = datetime(2024, 1, 1, 20, 0)


def _check_table(ruleset: Ruleset, players: Sequence[str],
                 stacks: tuple[int, int] | None) -> None:
    game = GAMES.get(ruleset.game)
    if (game is None or ruleset.hand_size != game.hand_size
            or ruleset.draws != GAMES_REGISTRY[ruleset.game].draws):
        raise ValueError(f"the simulator deals {', '.join(GAMES)}, each with its own hand "
                         "size and draws: use table_rules()")
    if not ruleset.min_players == ruleset.max_players == len(set(players)) == len(players):
        raise ValueError("the simulator plays a full table: as many different players as "
                         "the ruleset seats")
    if (ruleset.starting_stack is None) == (stacks is None):
        raise ValueError("the simulator needs either a ruleset with a starting stack or a "
                         "range of stacks (and a ruleset of stacks as seated)")


def simulate_session(rng: random.Random, session_number: int, ruleset: Ruleset = HOUSE, *,
                     players: Sequence[str] | None = None, started_at: datetime | None = None,
                     session_id: str | None = None, hidden: float = 0.0,
                     stacks: tuple[int, int] | None = None) -> list[Record]:
    """One complete, legal session: SessionStart, each Hand, SessionEnd.

    ``players`` default to the first of :data:`PLAYER_NAMES`, as many as the
    ruleset seats. ``hidden`` is the share of hands in which one player's
    cards are hidden (``None``) until the showdown, as in a site's log.
    ``stacks`` (with a ruleset of stacks as seated) is a range of big blinds:
    each player sits with a stack drawn from it.

    >>> records = simulate_session(random.Random(1), 4, hidden=0.5)
    >>> start, end = records[0], records[-1]
    >>> start.session_id, [(p.seat, p.name, p.stack) for p in start.players]
    ('sim-4', [(1, 'Ana', 100), (2, 'Bruno', 100)])
    >>> sum(end.stacks.values()), len(records) - 2 <= 12
    (200, True)
    """
    players = players or PLAYER_NAMES[:ruleset.max_players]
    _check_table(ruleset, players, stacks)
    session_id = session_id or f"sim-{session_number}"
    seated = ([rng.randint(*stacks) * ruleset.big_blind for _ in players] if stacks
              else [ruleset.starting_stack or 0] * len(players))
    start = SessionStart(
        session_id=session_id, ruleset=ruleset, title=f"Simulated session {session_number}",
        started_at=started_at or FIRST_SESSION_AT + timedelta(days=session_number - 1),
        players=[SessionPlayer(seat=seat, name=name, stack=stack)
                 for seat, (name, stack) in enumerate(zip(players, seated), start=1)],
        line=1)
    table = Table.resume(start, [], rng, hidden)
    hands = list(play_on(table))
    return [start, *hands, table.session_end()]


def simulate(sessions: int, seed: int, ruleset: Ruleset = HOUSE, *, hidden: float = 0.0,
             break_rule: str | None = None,
             stacks: tuple[int, int] | None = None) -> Iterator[Record]:
    """``sessions`` sessions, the same for the same ``seed``; each with ``break_rule`` broken.

    Session n has its own generator, seeded by ``seed``, n and the table, so
    the first sessions do not depend on how many are asked for. A session
    that gives no chance to break the rule (no showdown to misdescribe, say)
    is played again. ``stacks`` is as for :func:`simulate_session`: a range of
    starting stacks in big blinds, for a ruleset of stacks as seated.

    >>> first = list(simulate(1, seed=5))
    >>> first == list(simulate(3, seed=5))[:len(first)]
    True
    """
    table = ("" if (ruleset.game, ruleset.max_players) == (HOUSE.game, HOUSE.max_players)
             else f" {ruleset.game} {ruleset.max_players}")
    if ruleset.structure != "fixed" or stacks or ruleset.starting_stack != HOUSE.starting_stack:
        seated = f"{stacks[0]}-{stacks[1]}" if stacks else ruleset.starting_stack
        table += f" {ruleset.structure} {seated}"
    # the table in the session's id too: the same seed at two tables makes two sessions,
    # not copies of one whose hands the store would hold for the same hands (T5)
    prefix = "-".join(["sim", *table.split()])
    for number in range(1, sessions + 1):
        rng = random.Random(f"badugi-hh simulate {seed} {number}{table}")
        play = partial(simulate_session, rng, number, ruleset,
                       session_id=f"{prefix}-{seed}-{number}", hidden=hidden, stacks=stacks)
        yield from play() if break_rule is None else _broken_session(play, break_rule, rng, hidden)


def _broken_session(play: Callable[[], list[Record]], rule: str, rng: random.Random,
                    hidden: float, tries: int = 20) -> list[Record]:
    for _ in range(tries):
        try:
            return inject_violation(play(), rule, rng, hidden=hidden)
        except NoChance:
            continue
    raise ValueError(f"no simulated session gave a chance to break {rule} in {tries} tries")
