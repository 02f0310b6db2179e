"""The ``badugi-hh`` command line: one subcommand per job.

Each subcommand lives in the module of the stage it drives and registers
itself here through :data:`COMMANDS`, so this file stays a table of contents.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

#: subcommand -> module that defines ``add_arguments(parser)`` and ``run(args) -> int``.
COMMANDS: dict[str, str] = {
    "hand": "badugi_hh.commands.hand",
    "validate": "badugi_hh.commands.validate",
    "bench": "badugi_hh.commands.bench",
    "simulate": "badugi_hh.commands.simulate",
    "import": "badugi_hh.commands.importer",
    "stats": "badugi_hh.commands.stats",
    "sql": "badugi_hh.commands.sql",
    "dashboard": "badugi_hh.commands.dashboard",
    "export": "badugi_hh.commands.export",
}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="badugi-hh",
        description="Import, replay and audit Badugi hand histories.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, module_name in COMMANDS.items():
        module = importlib.import_module(module_name)
        command = sub.add_parser(name, help=module.__doc__.strip().splitlines()[0],
                                 description=module.__doc__)
        module.add_arguments(command)
        command.set_defaults(run=module.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.run(args)
    except BrokenPipeError:  # `badugi-hh ... | head` is not an error
        sys.stderr.close()
        return 0


if __name__ == "__main__":
    sys.exit(main())
