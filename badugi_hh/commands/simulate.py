"""Write random, legal sessions as a house-format log.

The sessions are played by the rules (docs/rules.md: G, B, D, E, S, N, M, X) by a
simulator that is independent of the rules engine, so auditing them tests
the engine; the same seed always writes the same log:

    $ badugi-hh simulate --sessions 100 --seed 7 --out sim.txt
    $ badugi-hh simulate --game badeucy --players 6 --out badeucy.txt

--game picks Badugi (the default), the split games Badeucy and Badacey, or
2-7 or A-5 triple draw; --players seats 2 (the default) to 8 players.

With --break RULE every session breaks that rule once (say B7, a call of
the wrong amount), which makes test data for the auditor. With --hidden,
one player's cards are hidden until the showdown in about a quarter of the
hands (or the share given), as on a site's log.
"""

from __future__ import annotations

import argparse
import sys
from badugi_hh.commands import at_least_one
from badugi_hh.simulate import (
    EVERY_BREAKABLE_RULE, GAMES, breakable_rules, simulate, table_rules,
)

HIDDEN_SHARE = 0.25


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.add_argument("--sessions", type=at_least_one, default=1, metavar="N",
                        help="how many sessions (default 1)")
    parser.add_argument("--seed", type=int, default=0, metavar="S",
                        help="the seed: the same seed writes the same log (default 0)")
    parser.add_argument("--out", default="-", metavar="FILE",
                        help="the log to write (default: standard output)")
    parser.add_argument("--game", choices=tuple(GAMES), default="badugi",
                        help="the game: " + ", ".join(GAMES) + " (default badugi)")
    parser.add_argument("--players", type=int, choices=range(2, 9), default=2, metavar="N",
                        help="players at the table, 2 to 8 (default 2, heads-up)")
    parser.add_argument("--break", dest="break_rule", choices=EVERY_BREAKABLE_RULE,
                        metavar="RULE", help="break this rule once in every session: "
                        + " ".join(EVERY_BREAKABLE_RULE) + " (G4 and B6 heads-up only, "
                        "M1-M3 multiway only, X1-X3 in split games only, B1 not in them, "
                        "E1-E4 where a Badugi value is shown)")
    parser.add_argument("--hidden", type=_share, nargs="?", const=HIDDEN_SHARE, default=0.0,
                        metavar="SHARE", help="hide one player's cards in this share of "
                        f"the hands (default with the flag: {HIDDEN_SHARE})")


EXIT_CANNOT_WRITE = 2


def run(args: argparse.Namespace) -> int:
    from badugi_hh.writer import write_records   # needed by this command only

    ruleset = table_rules(args.game, args.players)
    if args.break_rule and args.break_rule not in breakable_rules(ruleset):
        print(f"badugi-hh simulate: {args.break_rule} cannot be broken in "
              f"{ruleset.game_name} for {args.players} players; these can: "
              + " ".join(breakable_rules(ruleset)), file=sys.stderr)
        return EXIT_CANNOT_WRITE
    records = simulate(args.sessions, args.seed, ruleset, hidden=args.hidden,
                       break_rule=args.break_rule)
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
