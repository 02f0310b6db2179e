"""Small seeded rounds of the fuzz harness (tests/fuzz): no mutated log may crash a reader,
the engine or the store, and each hostile strategy keeps its promises (no traceback, no
exit status 3, no hang, no hand lost unnamed, nothing written by ``sql``, bounded errors).
The long run is ``python -m tests.fuzz --inputs 100000``, its figures in README.md."""

from __future__ import annotations

import random

import pytest

from tests.fuzz import MUTATIONS, corpus, run
from tests.fuzz.hostile import STRATEGIES

#: Inputs per strategy here: enough to reach each of its kinds now and then, a few
#: seconds each.
ROUND = {"phh_types": 40, "merge_sizes": 12, "invisible": 30, "concatenated": 12,
         "odd_paths": 8, "sql": 15, "disk_full": 4, "archives": 11, "links": 12,
         "control_text": 8, "extreme_dates": 30,
         # a watcher racing a writer: two imports and a watcher's batches each, about 2 s
         "watch_race": 6}


# the first half in the default run (an import every 50), all 300 in the wide tier
@pytest.mark.parametrize("inputs", [pytest.param(150, id="half"),
                                    pytest.param(300, marks=pytest.mark.wide, id="all")])
def test_three_hundred_mutated_logs_raise_nothing(inputs: int) -> None:
    # A hang here is a loop that never ends, not a slow machine: hence minutes, not seconds.
    counts = run(inputs, seed=15, hang_seconds=300, strategies=(), import_every=inputs // 3)
    assert counts.inputs == inputs and counts.imports == 3
    assert counts.failures == []
    assert (counts.tracebacks, counts.hangs, counts.unpositioned) == (0, 0, 0)
    assert counts.errors > 0   # the mutations broke lines, and the readers said where


# a third of each round in the default run (at least two inputs), the whole in the wide tier
@pytest.mark.parametrize("share", [pytest.param(3, id="third"),
                                   pytest.param(1, marks=pytest.mark.wide, id="round")])
@pytest.mark.parametrize("strategy", list(STRATEGIES))
def test_each_hostile_strategy_keeps_every_promise(strategy: str, share: int) -> None:
    inputs = max(2, ROUND[strategy] // share)
    counts = run(inputs, seed=24, hang_seconds=120, strategies=[strategy], mutation_weight=0)
    assert counts.by_kind == {strategy: inputs}
    assert counts.failures == []
    assert (counts.tracebacks, counts.exit_3, counts.hangs, counts.lost_hands,
            counts.problems, counts.unpositioned) == (0, 0, 0, 0, 0, 0)


def test_the_readers_name_what_the_hostile_logs_break() -> None:
    """The strategies that damage a log are seen to: errors come back, at a line."""
    counts = run(30, seed=3, strategies=["phh_types", "merge_sizes", "invisible"],
                 mutation_weight=0)
    assert counts.errors > 0 and counts.unpositioned == 0 and counts.failures == []


def test_round_covers_every_strategy() -> None:
    assert set(ROUND) == set(STRATEGIES)


def test_every_mutation_changes_or_keeps_bytes_without_failing() -> None:
    """Each mutation works on every log of the corpus (a broken mutation would fuzz less)."""
    rng = random.Random(0)
    for path in corpus():
        data = path.read_bytes()
        for mutation in MUTATIONS:
            assert isinstance(mutation(rng, data), bytes)
