"""The ``badugi-hh`` command line: one subcommand per job.

Each subcommand lives in a module of :mod:`badugi_hh.commands` that defines
``add_arguments(parser)`` and ``run(args) -> int``; this file is their table of
contents. Only the module of the command being run is imported: the others
bring in pandas, DuckDB or the rules engine, and ``badugi-hh --help`` or
``badugi-hh hand`` should answer at once.

Exit status: the command's own (see each command's --help), 2 for a usage
error, 1 for data files that cannot be read under a query, 3 for an internal
error (a bug: a short message instead of a traceback), 130 when interrupted. A
command that runs out of disk space says so and exits with 1.
"""

from __future__ import annotations

import argparse
import difflib
import errno
import importlib
import os
import sys
import time
from collections.abc import Collection, Sequence
from typing import NamedTuple

from badugi_hh import __version__
from badugi_hh.ctrl_c import CtrlC
from badugi_hh.errors import describe

EXIT_INTERNAL_ERROR, EXIT_INTERRUPTED = 3, 130


class Command(NamedTuple):
    module: str
    """Defines ``add_arguments(parser)`` and ``run(args) -> int``; its docstring is the help."""
    summary: str
    """The first line of the module's docstring, for ``badugi-hh --help`` without importing it."""


COMMANDS: dict[str, Command] = {
    "hand": Command("badugi_hh.commands.hand",
                    "Evaluate hands: each one's value and rank, and which one wins."),
    "validate": Command("badugi_hh.commands.validate",
                        "Replay logs under the rules and list every violation as "
                        "file:line: [RULE] message."),
    "bench": Command("badugi_hh.commands.bench",
                     "Measure the throughput of each stage (the same as "
                     "``python -m badugi_hh.bench``)."),
    "simulate": Command("badugi_hh.commands.simulate",
                        "Write random, legal sessions as a house-format log."),
    "import": Command("badugi_hh.commands.importer",
                      "Import logs into the DuckDB database, replaying every hand under the "
                      "rules."),
    "watch": Command("badugi_hh.commands.watch",
                     "Watch hand-history folders and import each hand as the site writes "
                     "it, until Ctrl-C."),
    "stats": Command("badugi_hh.commands.stats",
                     "Per-player statistics of the imported hands: results, VPIP, PFR, "
                     "aggression, draws."),
    "tournaments": Command("badugi_hh.commands.tournaments",
                           "Tournaments played: each one's buy-in, place and prize, and each "
                           "player's ITM and ROI."),
    "sql": Command("badugi_hh.commands.sql",
                   "Run a read-only SQL query on the database and print the result."),
    "dashboard": Command("badugi_hh.commands.dashboard",
                         "Serve the Streamlit dashboard: players, sessions, tournaments, "
                         "replayer, table, audit, import."),
    "alias": Command("badugi_hh.commands.alias",
                     "Name the screen names one person plays under, on any site, so his "
                     "results add up."),
    "me": Command("badugi_hh.commands.me",
                  "Say which person you are: the one the statistics and the dashboard open "
                  "on."),
    "opponents": Command("badugi_hh.commands.opponents",
                         "The players seated at one hand: each one's habits over all his "
                         "hands, and your net against him."),
    "hud": Command("badugi_hh.commands.hud",
                   "The live table in the terminal: each table being played and its players' "
                   "figures, as hands arrive."),
    "tag": Command("badugi_hh.commands.tag",
                   "Tag stored hands (\"bad beat\", \"review\") to find them again; list "
                   "the tags."),
    "note": Command("badugi_hh.commands.note",
                    "Write a note on a stored hand or a player, or read it."),
    "label": Command("badugi_hh.commands.label",
                     "Give players colour labels (fish, reg, nit, maniac, friend, or your "
                     "own); list the labels."),
    "export": Command("badugi_hh.commands.export",
                      "Write stored hands out as PHH (for PokerKit), as house logs, or as a "
                      "DuckDB file."),
}


def build_parser(full: Collection[str] = tuple(COMMANDS)) -> argparse.ArgumentParser:
    """The parser, with the arguments of the commands in ``full``; the others are
    listed with their summary and their modules are not imported."""
    parser = argparse.ArgumentParser(
        prog="badugi-hh",
        description="Import, replay and audit Badugi hand histories.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, command in COMMANDS.items():
        if name not in full:
            sub.add_parser(name, help=command.summary)
            continue
        module = importlib.import_module(command.module)
        parser_of_command = sub.add_parser(name, help=command.summary,
                                           description=module.__doc__)
        module.add_arguments(parser_of_command)
        parser_of_command.set_defaults(run=module.run, parser_of_command=parser_of_command)
    return parser


def parse_arguments(parser: argparse.ArgumentParser, argv: list[str]) -> argparse.Namespace:
    """The arguments; one the command does not know is refused with the command's own
    usage (argparse would print the top level's), and the nearest option it has.

    >>> parse_arguments(build_parser(full={"note"}), ["note", "--playr", "x"])
    Traceback (most recent call last):
    SystemExit: 2
    """
    args, unknown = parser.parse_known_args(argv)
    command_parser = getattr(args, "parser_of_command", None)
    if unknown:
        if command_parser is None:
            parser.error(f"unrecognized arguments: {' '.join(unknown)}")
        options = [option for action in command_parser._actions
                   for option in action.option_strings]
        near = difflib.get_close_matches(unknown[0], options, n=1)
        hint = f" (did you mean {near[0]}?)" if near and unknown[0].startswith("-") else ""
        command_parser.error(f"unrecognized arguments: {' '.join(unknown)}{hint}")
    if command_parser is not None:
        del args.parser_of_command
    return args


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    # The command is the first argument: badugi-hh has no options of its own but --help
    # and --version.
    name = argv[0] if argv else ""
    args = None
    # PyArrow loads NumPy, whose OpenBLAS starts a thread per core that spins a while
    # waiting for matrix work no command gives it: ~0.1 s of a core's time in every
    # process (and --jobs worker) on two cores, more on more. Set before NumPy loads.
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    try:
        args = parse_arguments(build_parser(full={name}), argv)
        with CtrlC():   # a Ctrl-C that DuckDB took inside a statement is one all the same
            return _run(args)
    except BrokenPipeError:  # `badugi-hh ... | head` is not an error
        sys.stderr.close()
        return 0
    except KeyboardInterrupt:
        print(f"badugi-hh {name}: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except Exception as error:  # a bug: say where in one line, not in a traceback
        if _dataset_file_unreadable(args, error):
            from badugi_hh.rows.errors import first_line

            print(f"badugi-hh {name}: cannot read the data: {first_line(error)}",
                  file=sys.stderr)
            return EXIT_DATA_UNREADABLE
        if _disk_full(error):
            print(f"badugi-hh {name}: no space left on the device: {describe(error)}",
                  file=sys.stderr)
            return EXIT_DISK_FULL
        print(f"badugi-hh {name}: internal error: {describe(error)} (please report)",
              file=sys.stderr)
        return EXIT_INTERNAL_ERROR


#: The exit status of a dataset whose files cannot be read, as of one that cannot be
#: opened.
EXIT_DATA_UNREADABLE = 1
#: The exit status of a command that ran out of disk space: the machine's state, not a bug.
EXIT_DISK_FULL = 1
#: Runs of a command on a dataset whose files an import replaced under its queries.
_DATA_ATTEMPTS = 3


def _run(args: argparse.Namespace) -> int:
    """The command; again, on a dataset, when an import or a compaction replaced a file
    between its opening and its query: the manifest then lists the new ones."""
    for attempt in range(1, _DATA_ATTEMPTS + 1):
        try:
            status: int = args.run(args)
            return status
        except Exception as error:
            if attempt == _DATA_ATTEMPTS or not _dataset_file_unreadable(args, error):
                raise
            time.sleep(0.2 * attempt)
    raise AssertionError("unreachable")


def _disk_full(error: BaseException | None) -> bool:
    """Whether ``error``, or an error it came from, is a write to a full disk (DuckDB
    says so in its message only).

    >>> _disk_full(OSError(28, "No space left on device"))
    True
    >>> _disk_full(RuntimeError("Could not write file 'x.wal': No space left on device"))
    True
    >>> _disk_full(ValueError("a bug"))
    False
    """
    seen = 0
    while error is not None and seen < 10:   # a chain of causes, bounded
        if isinstance(error, OSError) and error.errno == errno.ENOSPC:
            return True
        if "No space left on device" in str(error):
            return True
        error, seen = error.__cause__ or error.__context__, seen + 1
    return False


def _dataset_file_unreadable(args: object, error: BaseException) -> bool:
    """DuckDB could not read a file of the dataset ``--data`` names: one gone (replaced
    meanwhile) or damaged. That is the data's state, not a bug."""
    from badugi_hh.commands import dataset_file_unreadable

    return dataset_file_unreadable(getattr(args, "data", None), error)


if __name__ == "__main__":
    sys.exit(main())
