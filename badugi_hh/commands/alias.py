"""Name the screen names one person plays under, on any site, so his results add up.

    badugi-hh alias Ana pokerstars:Hero "full tilt:Hero" house:Ana
    badugi-hh alias --list
    badugi-hh alias --remove Ana fulltilt:Hero     # one name; without names: the person

A name is SITE:NAME: the site as the tables write it or as the project prints it
(pokerstars or PokerStars, fulltilt or "Full Tilt", kingsclub, merge, winamax, ongame, bossmedia, phh;
house for the house logs) and the screen name, found without regard to case among
the players imported. A name belongs to one person: giving it to another moves it.
`badugi-hh me PERSON` then says which person you are, and `stats --person PERSON`
shows a person's figures, summed per currency. Persons are kept in the database
(--db) or the dataset (--data), docs/schema.md says how.

Exit status: 0 when done, 2 for a person, site or name that is not known, 1 when the
database or dataset cannot be opened or written.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from badugi_hh.commands import add_source_arguments, add_wait_argument
from badugi_hh.sites import SITES, site_label
from badugi_hh.textsafe import printable, unsafe_character
from badugi_hh.wording import counted

if TYPE_CHECKING:
    import duckdb

EXIT_OK, EXIT_DATABASE, EXIT_UNKNOWN = 0, 1, 2

#: The sites a name may be given on, by the word a SITE:NAME pair writes
#: (:attr:`badugi_hh.sites.Site.label`: the id, ``house`` for the house logs).
SITE_NAMES = {site.label: site.id for site in SITES}


class Unknown(Exception):
    """A person, site or name the tables do not hold; the message says which."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.add_argument("person", nargs="?", metavar="PERSON", help="who plays under the names")
    parser.add_argument("names", nargs="*", metavar="SITE:NAME",
                        help="screen names, each with its site (pokerstars:Hero)")
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--list", action="store_true",
                      help="list the persons and their names (of PERSON alone if given)")
    what.add_argument("--remove", action="store_true",
                      help="take the names from PERSON (without names: remove the person)")
    add_source_arguments(parser)
    add_wait_argument(parser)


def run(args: argparse.Namespace) -> int:
    if not args.list and (args.person is None or (not args.names and not args.remove)):
        print("badugi-hh alias: give PERSON and SITE:NAME..., or --list, or --remove PERSON",
              file=sys.stderr)
        return EXIT_UNKNOWN
    from badugi_hh.store import StoreError

    try:
        with person_tables(args, write=not args.list) as con:
            said = list(_listed(con, args.person) if args.list else _changed(con, args))
    except Unknown as error:
        _say(str(error))
        return EXIT_UNKNOWN
    except StoreError as error:   # the dataset's DatasetBusy is one too
        _say(str(error))
        return EXIT_DATABASE
    for line in said:   # once saved: a change that could not be kept is never told done
        print(printable(line))
    return EXIT_OK


@contextmanager
def person_tables(args: argparse.Namespace, *, write: bool,
                  ) -> Iterator[duckdb.DuckDBPyConnection]:
    """The tables of persons of ``--db`` or ``--data``; ``write``: changes are kept when
    the block ends without an error (in one transaction, or one file each)."""
    if args.data is not None:
        yield from _dataset_tables(args.data, args.wait, write)
        return
    import duckdb

    from badugi_hh.store import Store, StoreError
    from badugi_hh.rows.errors import first_line

    with Store(args.db, read_only=not write, wait=args.wait) as store:
        con = store.connection
        if not write:
            yield con
            return
        con.begin()
        try:
            yield con
        except BaseException:
            con.rollback()
            raise
        try:
            con.commit()
        except duckdb.Error as error:   # a full disk, a file made read-only meanwhile
            raise StoreError(f"cannot save the change into {args.db}: {first_line(error)}; "
                             "nothing was changed") from None


def _dataset_tables(root: str, wait: float, write: bool) -> Iterator[duckdb.DuckDBPyConnection]:
    """A dataset's tables (read-only), or its persons and settings to change, with its
    players beside them to check names against."""
    from badugi_hh.dataset import connect_dataset
    from badugi_hh.dataset.persons import person_tables as dataset_tables

    reading = connect_dataset(root)
    try:
        if not write:
            yield reading
            return
        with dataset_tables(root, wait) as con:
            players = reading.sql("SELECT site, player FROM players").to_arrow_table()
            con.register("players", players)
            yield con
    finally:
        reading.close()


def _changed(con: duckdb.DuckDBPyConnection, args: argparse.Namespace) -> Iterator[str]:
    from badugi_hh.store.persons import add_names, names_of, person_named, remove_names

    names = [known_player(con, text) for text in args.names]
    if args.remove:
        person = person_named(con, args.person)
        if person is None:
            raise Unknown(_no_person(con, args.person))
        held = set(names_of(con, person))
        if any(name not in held for name in names):
            strangers = ", ".join(_shown(*name) for name in names if name not in held)
            raise Unknown(f"{strangers} is not a name of {person}'s")
        removed = remove_names(con, person, names or None)
        yield (f"{person}: {counted(removed, 'name')} removed"
               + ("" if names_of(con, person) else f"; {person} is no longer a person"))
        return
    if not args.person.strip():   # a name nobody can type back, nor see in a list
        raise Unknown("a person's name cannot be empty: give the name he goes by")
    # Aliases travel in shared databases: a name is printed on other terminals.
    if (unsafe := unsafe_character(args.person)) is not None:
        raise Unknown(f"a person's name cannot hold a control character ({unsafe})")
    for site, player, previous in add_names(con, args.person, names):
        yield f"{_shown(site, player)} was {previous}'s: it is now {args.person}'s"
    person = person_named(con, args.person)
    yield _line(person or args.person, names_of(con, args.person))


def _listed(con: duckdb.DuckDBPyConnection, person: str | None) -> Iterator[str]:
    from badugi_hh.store.persons import me, names_of, person_named, persons

    if person is not None:
        found = person_named(con, person)
        if found is None:
            raise Unknown(_no_person(con, person))
        yield _line(found, names_of(con, found))
        return
    everyone = persons(con)
    if not everyone:
        yield "no persons yet: badugi-hh alias PERSON SITE:NAME... names one"
    user = me(con)
    for name in everyone:
        yield _line(name, names_of(con, name)) + (" (me)" if name == user else "")


def known_player(con: duckdb.DuckDBPyConnection, text: str) -> tuple[str, str]:
    """``SITE:NAME`` as the (site, name) of a player imported (the name in any case); an
    unknown site, an empty name or a player no hand has is :class:`Unknown`."""
    site_text, colon, name = text.partition(":")
    site = SITE_NAMES.get("".join(site_text.lower().split()).replace("-", ""))
    if not colon or site is None or not name:
        raise Unknown(f"{text!r} is not SITE:NAME with a known site "
                      f"({', '.join(SITE_NAMES)}), such as pokerstars:Hero")
    found = con.execute("SELECT player FROM players WHERE site = ? AND lower(player) = lower(?) "
                        "ORDER BY player = ? DESC, player", [site, name, name]).fetchall()
    if not found:
        raise Unknown(f"no player {name!r} on {site_text} among the hands and tournament "
                      "summaries imported (badugi-hh stats lists the players)")
    return site, found[0][0]


def _no_person(con: duckdb.DuckDBPyConnection, person: str) -> str:
    from badugi_hh.store.persons import persons

    known = ", ".join(persons(con)) or "none yet"
    return f"no person {person!r} (persons: {known})"


def _shown(site: str, player: str) -> str:
    return f"{site_label(site)}:{player}"


def _line(person: str, names: list[tuple[str, str]]) -> str:
    listed = ", ".join(_shown(*name) for name in names)
    return f"{person}: {listed} ({counted(len(names), 'name')})"


def _say(message: str) -> None:
    print(f"badugi-hh alias: {printable(message)}", file=sys.stderr)
