"""The house reader alone on a log's text, caches emptied first."""

from __future__ import annotations

import time

from badugi_hh.events import Hand, ParseError
from badugi_hh.parsers.house import clear_caches, read_house


def bench_parse(hands_text: str) -> dict[str, float]:
    """Time :func:`read_house` on the text of a whole house log (header included).

    The caches are emptied first, so the figure includes the parses a cold
    reader makes.

    >>> figures = bench_parse("Session #b\\nSeat 1: A\\nSeat 2: B\\nHand #1\\nA wins 3\\n")
    >>> figures["hands"], figures["errors"]
    (1, 0)
    """
    clear_caches()
    started = time.perf_counter()
    kinds = [type(record) for record in read_house(hands_text)]
    seconds = time.perf_counter() - started
    hands = kinds.count(Hand)
    return {"hands": hands, "errors": kinds.count(ParseError), "seconds": seconds,
            "hands_per_second": hands / seconds if seconds else float("inf"),
            "lines_per_second": hands_text.count("\n") / seconds if seconds else float("inf")}
