"""The plain settlement against the full one, on every hand a replay hands over.

:func:`badugi_hh.engine.settle.settle` first tries ``_settle_plainly``, which
returns None for any hand but a right one with one pot, one game and one winner.
Whatever it returns must be exactly what the full settlement, ``_Settler``,
finds for the same table state and claims: here on the sample logs, the real
exports of every site, simulated sessions of every game, table size and
structure (short stacks, so all-ins and side pots), sessions with each rule
broken, and randomly mutated hands.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable
from pathlib import Path

import pytest

from badugi_hh.engine import HandReplay
from badugi_hh.engine.settle import _settle_plainly, _Settler
from badugi_hh.engine.state import LogClaims, TableState
from badugi_hh.events import Record
from badugi_hh.parsers import read_records
from badugi_hh.simulate import BREAKABLE_RULES, simulate, table_rules
from conftest import every_other_wide
from test_fast_path import contexts, legal_records, mutate

ROOT = Path(__file__).resolve().parents[1]
Handed = tuple[TableState, LogClaims]


def handed_over(records: Iterable[Record]) -> list[Handed]:
    """The table state and claims the replay of each hand of ``records`` hands to settlement."""
    handed = []
    for context, _ in contexts(records):
        replay = HandReplay(*context)
        replay.feed_all(context[0].events)
        handed.append(replay.close())
    return handed


def plain_agrees(handed: list[Handed]) -> int:
    """How many hands the plain settlement took; each exactly as the full one."""
    taken = 0
    for state, claims in handed:
        plain = _settle_plainly(state, claims)
        if plain is None:
            continue
        full = _Settler(state, claims).settle()
        assert plain == full, state.hand_id
        assert not full.violations, state.hand_id   # it takes only a right log
        taken += 1
    return taken


def test_the_sample_logs_and_the_real_exports():
    handed = []
    for folder in ("sample_logs", "tests/data/house", "tests/data/real"):
        for path in sorted((ROOT / folder).rglob("*.txt")):
            if "expected" not in path.parts:
                handed += handed_over(read_records(path))
    taken = plain_agrees(handed)
    assert len(handed) > 700 and 0.4 * len(handed) < taken < len(handed)


@pytest.mark.parametrize(("game", "players", "structure"), every_other_wide(list(
    itertools.product(["badugi", "27td", "a5td", "badeucy", "27sd", "5cd"], [2, 6],
                      ["fixed", "pot", "no"]))))
def test_simulated_games_with_short_stacks(game, players, structure):
    rules = table_rules(game, players, structure=structure).replace(starting_stack=None)
    handed = handed_over(simulate(40, 7, rules, stacks=(5, 40)))
    taken = plain_agrees(handed)
    if game == "badeucy":   # a split game is always settled in full (its halves)
        assert taken == 0
    else:
        assert taken > 0


@pytest.mark.parametrize("rule", BREAKABLE_RULES)
def test_sessions_with_a_rule_broken(rule):
    handed = handed_over(simulate(2, 3, break_rule=rule))
    assert plain_agrees(handed) > 0


def test_mutated_hands():
    rng = random.Random(5)
    pairs = list(contexts(legal_records(range(60))))
    chosen = [rng.choice(pairs)[0] for _ in range(3000)]
    handed = []
    for hand, seats, stacks, previous in chosen:
        replay = HandReplay(mutate(hand, rng), seats, stacks, previous)
        replay.feed_all(replay.hand.events)
        handed.append(replay.close())
    taken = plain_agrees(handed)
    assert 500 < taken < len(handed) - 500
