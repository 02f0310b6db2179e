"""``python -m tests.fuzz --inputs N [--seed S] [--keep DIR]``: print the counts."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tests.fuzz import run


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.fuzz", description=__doc__)
    parser.add_argument("--inputs", type=int, default=1000, help="how many mutated logs")
    parser.add_argument("--seed", type=int, default=0, help="the mutations' random seed")
    parser.add_argument("--keep", type=Path, metavar="DIR",
                        help="save each input that failed in DIR")
    args = parser.parse_args(argv)
    counts = run(args.inputs, args.seed, keep=args.keep)
    for failure in counts.failures[:5]:
        print(failure, file=sys.stderr)
    print(counts)
    return 1 if counts.failed else 0


if __name__ == "__main__":
    sys.exit(main())
