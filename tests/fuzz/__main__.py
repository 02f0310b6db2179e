"""``python -m tests.fuzz --inputs N [--seed S] [--keep DIR] [--only KIND ...]``: print
the counts (and, every ``--progress`` inputs, the counts so far on standard error)."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from tests.fuzz import MUTATION_WEIGHT, Counts, run
from tests.fuzz.hostile import STRATEGIES


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.fuzz", description=__doc__)
    parser.add_argument("--inputs", type=int, default=1000, help="how many inputs")
    parser.add_argument("--seed", type=int, default=0, help="the inputs' random seed")
    parser.add_argument("--keep", type=Path, metavar="DIR",
                        help="save each mutated log that failed in DIR")
    parser.add_argument("--only", nargs="+", choices=["mutated", *STRATEGIES], metavar="KIND",
                        help=f"draw only these kinds of input (mutated, {', '.join(STRATEGIES)})")
    parser.add_argument("--progress", type=int, default=1000, metavar="N",
                        help="print the counts so far every N inputs")
    args = parser.parse_args(argv)
    only = args.only or ["mutated", *STRATEGIES]
    started = time.monotonic()

    shown = 0

    def progress(counts: Counts) -> None:
        nonlocal shown
        for failure in counts.failures[shown:]:
            print(failure[:2000], file=sys.stderr)
        shown = len(counts.failures)
        print(f"[{time.monotonic() - started:.0f} s] {counts}", file=sys.stderr, flush=True)

    counts = run(args.inputs, args.seed, keep=args.keep,
                 strategies=[name for name in STRATEGIES if name in only],
                 mutation_weight=MUTATION_WEIGHT if "mutated" in only else 0,
                 progress=progress, progress_every=args.progress)
    for failure in counts.failures[:5]:
        print(failure, file=sys.stderr)
    for skipped in sorted(counts.skipped_checks):
        print(f"not checked here: {skipped}", file=sys.stderr)
    print(f"{counts}, in {time.monotonic() - started:.0f} s")
    return 1 if counts.failed else 0


if __name__ == "__main__":
    sys.exit(main())
