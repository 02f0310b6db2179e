"""The garbage collector's pace while logs are read.

Reading a log makes objects by the million (a six-handed hand is some 56 events, its
replay, its rows) and keeps a batch of them until its rows are built. At Python's pace (a
collection of the youngest objects every 700 allocations net of frees) the collector
walked the survivors again and again: an import of 7,627 six-handed hands spent a sixth
to a fifth of its CPU there. Reading makes no reference cycles of its own (a hand's
replay is freed the moment it ends, a batch when it is written: ``tests/test_engine.py``,
``tests/test_collector.py``), so a slower pace frees the same memory: the peak was the
same at every pace tried.

The pace is set above what a batch of rows holds at its commit (a batch of 2,000
six-handed hands: ~280,000 objects net of frees), so that a batch is freed before the
collector walks it: at 50,000 a collection still walked each batch, 1.5 s of the 28 s
of CPU of an 88 MB log; at this pace none ran while its hands were read
(docs/scale.md, "where the speed issue stands"). Were something to make cycles, they
would wait for the collector at most this many objects.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

#: Allocations net of frees between two collections of the youngest objects while logs
#: are read (Python's default: 700). The older generations keep their pace.
YOUNG_COLLECTION_EVERY = 500_000

_lock = threading.Lock()
_reading = 0
"""Blocks of :func:`paced_for_reading` running in the process."""
_before = gc.get_threshold()
"""The pace before the first of them."""


@contextmanager
def paced_for_reading() -> Iterator[None]:
    """The collector at :data:`YOUNG_COLLECTION_EVERY` while the block runs, then as it
    was once the last block still running in the process ends (a dataset's tasks may read
    side by side in one worker's threads); left alone where it is off (a threshold of 0).

    >>> before = gc.get_threshold()
    >>> with paced_for_reading():
    ...     gc.get_threshold()[0]
    500000
    >>> gc.get_threshold() == before
    True
    """
    global _reading, _before
    with _lock:
        if _reading == 0:
            _before = gc.get_threshold()
            if _before[0] != 0:
                gc.set_threshold(max(_before[0], YOUNG_COLLECTION_EVERY), *_before[1:])
        _reading += 1
    try:
        yield
    finally:
        with _lock:
            _reading -= 1
            if _reading == 0:
                gc.set_threshold(*_before)

