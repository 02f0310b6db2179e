"""Write random, legal sessions as a house-format log.

The sessions are played by the rules (docs/rules.md: G, B, D, E, S, N, M, X) by a
simulator that is independent of the rules engine, so auditing them tests
the engine; the same seed always writes the same log:

    $ badugi-hh simulate --sessions 100 --seed 7 --out sim.txt
    $ badugi-hh simulate --game badeucy --players 6 --out badeucy.txt
    $ badugi-hh simulate --game 27sd --players 4 --structure no-limit --stacks 20

--game picks Badugi (the default), the split games Badeucy and Badacey, 2-7 or
A-5 triple draw, 2-7 single draw or five-card draw; --players seats 2 (the
default) to 8 players. --structure plays fixed limit (the default), pot limit,
half-pot limit or no limit; --stacks seats every player with N big blinds, or
each with a number drawn between N and M (--stacks 10-40); without it the
house's 100 chips (50 big blinds).

--out writes a new file, or replaces a log this command wrote and nobody has
changed since (its last line is a comment with the digest of the text above it);
any other file, an edited log included, is refused, never written over.

With --break RULE every session breaks that rule once (say B7, a call of
the wrong amount), which makes test data for the auditor. With --hidden,
one player's cards are hidden until the showdown in about a quarter of the
hands (or the share given), as on a site's log.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TextIO, cast

from badugi_hh.commands import at_least_one
from badugi_hh.commands.export_files import replaced_whole
from badugi_hh.events import Record, SessionStart
from badugi_hh.progress import Progress
from badugi_hh.rules import HOUSE, Structure
from badugi_hh.simulate import (
    EVERY_BREAKABLE_RULE, GAMES, breakable_rules, simulate, table_rules,
)

HIDDEN_SHARE = 0.25
#: The structures as the command names them, and as rulesets do.
STRUCTURES: dict[str, Structure] = {"fixed": "fixed", "pot": "pot", "half-pot": "half-pot",
                                    "no-limit": "no"}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.add_argument("--sessions", type=at_least_one, default=1, metavar="N",
                        help="how many sessions (default 1)")
    parser.add_argument("--seed", type=int, default=0, metavar="S",
                        help="the seed: the same seed writes the same log (default 0)")
    parser.add_argument("--out", default="-", metavar="FILE",
                        help="the log to write (default: standard output)")
    parser.add_argument("--game", choices=tuple(GAMES), default=HOUSE.game,
                        help="the game: " + ", ".join(GAMES) + f" (default {HOUSE.game})")
    parser.add_argument("--players", type=int, choices=range(2, 9), default=2, metavar="N",
                        help="players at the table, 2 to 8 (default 2, heads-up)")
    parser.add_argument("--structure", choices=tuple(STRUCTURES), default="fixed",
                        help="the betting: " + ", ".join(STRUCTURES) + " (default fixed)")
    parser.add_argument("--stacks", type=_stacks, metavar="N[-M]",
                        help="starting stacks in big blinds: N for everyone, or N-M for a "
                        "stack drawn in that range for each player (default: 100 chips)")
    parser.add_argument("--break", dest="break_rule", choices=EVERY_BREAKABLE_RULE,
                        metavar="RULE", help="break this rule once in every session: "
                        + " ".join(EVERY_BREAKABLE_RULE) + " (G4 and B6 heads-up only, "
                        "M1-M3 multiway only, X1-X3 in split games only, B1 not in them, "
                        "E1-E4 where a Badugi value is shown)")
    parser.add_argument("--hidden", type=_share, nargs="?", const=HIDDEN_SHARE, default=0.0,
                        metavar="SHARE", help="hide one player's cards in this share of "
                        f"the hands (default with the flag: {HIDDEN_SHARE})")


EXIT_CANNOT_WRITE = 2
#: How a log this command wrote begins (its sessions' ids start with ``sim-``).
SIMULATED_SESSION = b"Session #sim-"
#: The comment a log this command writes to a file ends with: the SHA-256 of the text
#: above it, so that a log the user has edited since (his notes, names changed) is his
#: and never written over, as an export keeps an edited file (README, ``export``).
SIGNED = "# written by badugi-hh simulate; sha256 "


def run(args: argparse.Namespace) -> int:
    from badugi_hh.writer import write_records   # needed by this command only

    low, high = args.stacks or (None, None)
    ruleset = table_rules(args.game, args.players, structure=STRUCTURES[args.structure],
                          stack=low if low == high else None)
    ranged = low is not None and low != high
    if ranged:
        ruleset = ruleset.replace(starting_stack=None)
    if args.break_rule and args.break_rule not in breakable_rules(ruleset):
        print(f"badugi-hh simulate: {args.break_rule} cannot be broken in "
              f"{ruleset.game_name} for {args.players} players; these can: "
              + " ".join(breakable_rules(ruleset)), file=sys.stderr)
        return EXIT_CANNOT_WRITE
    records = simulate(args.sessions, args.seed, ruleset, hidden=args.hidden,
                       break_rule=args.break_rule, stacks=args.stacks if ranged else None)
    with Progress("session", total=args.sessions) as progress:
        if args.out == "-":
            write_records(counting(records, progress), sys.stdout)
            return 0
        out = Path(args.out).absolute()
        if out.is_file() and not simulated(out):
            why = ("was changed since this command wrote it (it is yours now)"
                   if _opens_simulated(out) else "exists and is not a log this command wrote")
            print(f"badugi-hh simulate: {args.out} {why}: name a new file", file=sys.stderr)
            return EXIT_CANNOT_WRITE
        try:
            with written(out) as target:
                signing = _Signing(target)
                # a stream of text as the writer uses one: write() alone
                write_records(counting(records, progress), cast(TextIO, signing))
                signing.write("\n")
                target.write(f"{SIGNED}{signing.digest.hexdigest()}\n")
        except OSError as error:   # a missing folder, a folder, no permission, a full disk
            progress.clear()
            print(f"badugi-hh simulate: cannot write {args.out}: {error.strerror}",
                  file=sys.stderr)
            return EXIT_CANNOT_WRITE
    return 0


def simulated(log: Path) -> bool:
    """Whether ``log`` is one this command wrote, unchanged since: a new run may replace
    it. Its first line opens a simulated session and its last is the :data:`SIGNED`
    digest of the text above it; a log of an earlier release, which signed none, is
    known by its first line alone (an edit of it cannot be told, as with an export's)."""
    if not _opens_simulated(log):
        return False
    try:
        digest, last, signed = hashlib.sha256(), "", False
        with open(log, encoding="utf-8") as text:   # read as written: "\n" line ends
            for line in text:
                digest.update(last.encode("utf-8"))
                signed = signed or line.startswith(SIGNED)
                last = line
        body = digest.hexdigest() if last.startswith(SIGNED) else None
        return not signed or last.rstrip("\n") == f"{SIGNED}{body}"
    except (OSError, UnicodeDecodeError):
        return False


def _opens_simulated(log: Path) -> bool:
    """Whether ``log``'s first line opens a simulated session."""
    try:
        with open(log, "rb") as start:
            return start.readline().startswith(SIMULATED_SESSION)
    except OSError:
        return False


class _Signing(io.TextIOBase):
    """A text stream that also hashes what is written to it (:data:`SIGNED`)."""

    def __init__(self, target: TextIO) -> None:
        super().__init__()
        self.target, self.digest = target, hashlib.sha256()

    def write(self, text: str) -> int:
        self.digest.update(text.encode("utf-8"))
        return self.target.write(text)


@contextmanager
def written(out: Path) -> Iterator[TextIO]:
    """``out`` to write: a new file or an earlier log written whole under another name
    and renamed when complete (a failure leaves the earlier log, or nothing); what is
    not a regular file (``/dev/null``, a pipe) is written as it is."""
    if out.exists() and not out.is_file():
        with open(out, "w", encoding="utf-8") as target:
            yield target
        return
    with replaced_whole(out) as temp, open(temp, "w", encoding="utf-8") as target:
        yield target


def counting(records: Iterable[Record], progress: Progress) -> Iterator[Record]:
    """``records``, the bar advanced by one at each session's end (the next one's start)."""
    started = False
    for record in records:
        if isinstance(record, SessionStart):
            if started:
                progress.advance()
            started = True
        yield record
    progress.advance(int(started))


def _stacks(text: str) -> tuple[int, int]:
    """``20`` or ``10-40``: a number of big blinds, or a range of them."""
    low, _, high = text.partition("-")
    try:
        stacks = int(low), int(high or low)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text} is not a number of big blinds like 20 "
                                         "or a range like 10-40") from None
    if not 1 <= stacks[0] <= stacks[1] <= 100_000:
        raise argparse.ArgumentTypeError(f"{text}: stacks go from 1 big blind up, the "
                                         "smaller first")
    return stacks


def _share(text: str) -> float:
    share = float(text)
    if not 0 <= share <= 1:
        raise argparse.ArgumentTypeError(f"{text} is not a share between 0 and 1")
    return share
