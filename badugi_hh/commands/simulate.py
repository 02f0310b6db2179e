"""Write random, legal heads-up Badugi sessions as a house-format log.

The sessions are played by the rules (docs/rules.md: G, B, D, E, S, N) by a
simulator that is independent of the rules engine, so auditing them tests
the engine; the same seed always writes the same log:

    $ badugi-hh simulate --sessions 100 --seed 7 --out sim.txt

With --break RULE every session breaks that rule once (say B7, a call of
the wrong amount), which makes test data for the auditor. With --hidden,
one player's cards are hidden until the showdown in about a quarter of the
hands (or the share given), as on a site's log.

Exit status: 0, or 2 when the log cannot be written (a missing folder, say).
"""

from __future__ import annotations

import argparse
import sys

from badugi_hh.commands import at_least_one
from badugi_hh.simulate import BREAKABLE_RULES, simulate

HIDDEN_SHARE = 0.25


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.add_argument("--sessions", type=at_least_one, default=1, metavar="N",
                        help="how many sessions (default 1)")
    parser.add_argument("--seed", type=int, default=0, metavar="S",
                        help="the seed: the same seed writes the same log (default 0)")
    parser.add_argument("--out", default="-", metavar="FILE",
                        help="the log to write (default: standard output)")
    parser.add_argument("--break", dest="break_rule", choices=BREAKABLE_RULES,
                        metavar="RULE", help="break this rule once in every session: "
                        + " ".join(BREAKABLE_RULES))
    parser.add_argument("--hidden", type=_share, nargs="?", const=HIDDEN_SHARE, default=0.0,
                        metavar="SHARE", help="hide one player's cards in this share of "
                        f"the hands (default with the flag: {HIDDEN_SHARE})")


EXIT_CANNOT_WRITE = 2


def run(args: argparse.Namespace) -> int:
    from badugi_hh.writer import write_records   # needed by this command only

    records = simulate(args.sessions, args.seed, hidden=args.hidden, break_rule=args.break_rule)
    if args.out == "-":
        write_records(records, sys.stdout)
        return 0
    try:
        with open(args.out, "w", encoding="utf-8") as target:
            write_records(records, target)
    except OSError as error:   # a missing folder, a folder, no permission, a full disk
        print(f"badugi-hh simulate: cannot write {args.out}: {error.strerror}", file=sys.stderr)
        return EXIT_CANNOT_WRITE
    return 0


def _share(text: str) -> float:
    share = float(text)
    if not 0 <= share <= 1:
        raise argparse.ArgumentTypeError(f"{text} is not a share between 0 and 1")
    return share
