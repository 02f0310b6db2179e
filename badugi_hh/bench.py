"""Throughput of the stages of badugi-hh, one section per stage.

    python -m badugi_hh.bench                   # every section
    python -m badugi_hh.bench --quick           # shorter runs, rougher figures
    python -m badugi_hh.bench --only evaluator  # one section

A section is a function ``(quick) -> dict`` of named figures, listed in
:data:`SECTIONS`; adding a stage's benchmark is adding one such function.
Timings are the best of a few repeats: the least disturbed run is the closest
to what the code costs. Figures print as each section ends:

>>> for line in report("evaluator", {"badugi_rank (hands/s)": 1234567.8, "build (s)": 0.1712}):
...     print(line)
evaluator
  badugi_rank (hands/s)     1,234,568
  build (s)                     0.171
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import time
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from itertools import combinations
from typing import TypeVar

from badugi_hh import evaluate
from badugi_hh.cards import DECK

Figures = dict[str, float]
Item = TypeVar("Item")
Section = Callable[[bool], Figures]


def best_time(action: Callable[[], object], repeats: int) -> float:
    """The fastest of ``repeats`` runs of ``action``, in seconds."""
    timings = []
    for _ in range(repeats):
        start = time.perf_counter()
        action()
        timings.append(time.perf_counter() - start)
    return min(timings)


def calls_per_second(function: Callable[[Item], object], inputs: Sequence[Item],
                     repeats: int) -> float:
    """How many calls of ``function`` a second, over all of ``inputs`` each repeat."""
    def call_all() -> None:
        deque(map(function, inputs), maxlen=0)  # consume with the least loop overhead
    return len(inputs) / best_time(call_all, repeats)


def import_seconds(module: str) -> float:
    """Time to import ``module`` in a fresh interpreter (its dependencies included)."""
    code = (f"import time; start = time.perf_counter(); import {module}; "
            "print(time.perf_counter() - start)")
    output = subprocess.run([sys.executable, "-c", code], capture_output=True,
                            text=True, check=True).stdout
    return float(output)


def bench_evaluator(quick: bool) -> Figures:
    """Badugi lookups against the brute-force definition, and the five-card lowball."""
    repeats = 1 if quick else 3
    rng = random.Random(2024)  # the same hands every run
    hands = list(combinations(DECK, 4))
    rng.shuffle(hands)  # random order, as in real use: no cache-friendly runs
    lookups = hands[:50_000] if quick else hands
    slow = hands[:2_000 if quick else 20_000]
    fives = [tuple(rng.sample(DECK, 5)) for _ in range(2_000 if quick else 20_000)]
    for warm_up in (evaluate.badugi_rank, evaluate.lowball27_value):
        warm_up(fives[0])  # tables are built on first use; the build is timed apart
    lookup_rate = calls_per_second(evaluate.badugi_rank, lookups, repeats)
    brute_rate = calls_per_second(evaluate.brute_force_value, slow, repeats)
    return {
        "import badugi_hh.evaluate (s)": import_seconds("badugi_hh.evaluate"),
        "table build (s)": best_time(evaluate._build_rank_table, repeats),  # not cached
        "badugi_rank, 4 cards (hands/s)": lookup_rate,
        "badugi_value, 4 cards (hands/s)": calls_per_second(evaluate.badugi_value, slow, repeats),
        "badugi_value, 5 cards (hands/s)": calls_per_second(evaluate.badugi_value, fives, repeats),
        "brute_force_value, 4 cards (hands/s)": brute_rate,
        "badugi_rank speedup over brute force (x)": lookup_rate / brute_rate,
        "lowball27_value (hands/s)": calls_per_second(evaluate.lowball27_value, fives, repeats),
    }


#: name -> section, in the order they run.
SECTIONS: dict[str, Section] = {
    "evaluator": bench_evaluator,
}


def format_figure(value: float) -> str:
    """Large rates with thousands separators, small figures with three digits."""
    return f"{value:,.0f}" if value >= 100 else f"{value:.3g}"


def report(section: str, figures: Figures) -> Iterable[str]:
    yield section
    width = max(map(len, figures))
    for label, value in figures.items():
        yield f"  {label:<{width}}  {format_figure(value):>12}"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--quick", action="store_true", help="short runs, rougher figures")
    parser.add_argument("--only", choices=SECTIONS, metavar="NAME",
                        help=f"run one section: {', '.join(SECTIONS)}")


def run(args: argparse.Namespace) -> int:
    for name in [args.only] if args.only else SECTIONS:
        print(*report(name, SECTIONS[name](args.quick)), sep="\n", flush=True)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m badugi_hh.bench",
                                     description=__doc__.splitlines()[0])
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
