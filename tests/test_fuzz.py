"""A small seeded round of the fuzz harness (tests/fuzz): no mutated log may crash a reader,
the engine or the store. The long run is ``python -m tests.fuzz --inputs 100000``, its
figures in README.md."""

from __future__ import annotations

import random

from tests.fuzz import MUTATIONS, corpus, run


def test_three_hundred_mutated_logs_raise_nothing() -> None:
    # A hang here is a loop that never ends, not a slow machine: hence minutes, not seconds.
    counts = run(300, seed=15, hang_seconds=300)
    assert counts.inputs == 300 and counts.imports == 3
    assert counts.failures == []
    assert (counts.tracebacks, counts.hangs, counts.unpositioned) == (0, 0, 0)
    assert counts.errors > 0   # the mutations broke lines, and the readers said where


def test_every_mutation_changes_or_keeps_bytes_without_failing() -> None:
    """Each mutation works on every log of the corpus (a broken mutation would fuzz less)."""
    rng = random.Random(0)
    for path in corpus():
        data = path.read_bytes()
        for mutation in MUTATIONS:
            assert isinstance(mutation(rng, data), bytes)
