"""Say which person you are: the one the statistics and the dashboard open on.

    badugi-hh alias Ana pokerstars:Hero fulltilt:Hero
    badugi-hh me Ana          # you are Ana
    badugi-hh me              # who you are
    badugi-hh me --clear      # no one

PERSON is one `badugi-hh alias` made. It is kept in the database (--db) or the
dataset (--data), in its settings.

Exit status: 0 when done, 2 for a person that is not known, 1 when the database or
dataset cannot be opened or written.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from badugi_hh.commands import add_source_arguments, add_wait_argument
from badugi_hh.commands.alias import (
    EXIT_DATABASE, EXIT_OK, EXIT_UNKNOWN, Unknown, person_tables,
)
from badugi_hh.sites import site_label

if TYPE_CHECKING:
    import duckdb


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.add_argument("person", nargs="?", metavar="PERSON",
                        help="the person you are (badugi-hh alias makes one)")
    parser.add_argument("--clear", action="store_true", help="you are no one of the persons")
    add_source_arguments(parser)
    add_wait_argument(parser)


def run(args: argparse.Namespace) -> int:
    from badugi_hh.store import StoreError
    from badugi_hh.store.persons import set_me
    from badugi_hh.textsafe import printable

    if args.clear and args.person is not None:
        print("badugi-hh me: give PERSON or --clear, not both", file=sys.stderr)
        return EXIT_UNKNOWN
    try:
        with person_tables(args, write=args.person is not None or args.clear) as con:
            said = "you are no one of the persons now"
            if args.clear:
                set_me(con, None)
            else:
                said = _who(con, args.person)
    except Unknown as error:
        print(f"badugi-hh me: {printable(str(error))}", file=sys.stderr)
        return EXIT_UNKNOWN
    except StoreError as error:
        print(f"badugi-hh me: {printable(str(error))}", file=sys.stderr)
        return EXIT_DATABASE
    print(printable(said))   # once saved: a change that could not be kept is never told done
    return EXIT_OK


def _who(con: duckdb.DuckDBPyConnection, person: str | None) -> str:
    """Name the user ``person`` (None: leave him as he is); who he is now, in a line."""
    from badugi_hh.store.persons import me, names_of, person_named, persons, set_me

    if person is not None:
        found = person_named(con, person)
        if found is None:
            known = ", ".join(persons(con)) or "none yet"
            raise Unknown(f"no person {person!r} (persons: {known}); "
                          f"make one with badugi-hh alias {person} SITE:NAME...")
        set_me(con, found)
    user = me(con)
    if user is None:
        return "you are no one yet: badugi-hh me PERSON says who you are"
    names = ", ".join(f"{site_label(site)}:{player}" for site, player in names_of(con, user))
    return f"you are {user}: {names}"
