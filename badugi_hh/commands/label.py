"""Give players colour labels (fish, reg, nit, maniac, friend, or your own); list the labels.

    badugi-hh label pokerstars:Bo fish
    badugi-hh label pokerstars:Cy "calling station" --colour orange
    badugi-hh label pokerstars:Bo              # his label and note
    badugi-hh label pokerstars:Bo --remove
    badugi-hh label --list                     # every label, its colour, its players

A player is SITE:NAME, the site as ``alias`` takes it (pokerstars, "full tilt",
kingsclub, merge, winamax, ongame, bossmedia, phh, house) and the name in any case. A player has one
label: giving another replaces it. The built-in labels have fixed colours (fish
green, reg blue, nit yellow, maniac red, friend purple); a label of your own is
made by giving it with --colour (red, orange, yellow, green, blue, purple, brown,
black), takes a new colour the same way, and lasts while a player has it. Labels
are matched without regard to case. A label is kept by the player's site and name,
so it stays through re-imports and the database's migrations; the Table and Players
pages and ``badugi-hh opponents`` show it, and ``stats --label LABEL`` and the
dashboard's Label filter choose the labelled players. ``badugi-hh note --player``
writes a note on a player. Labels are kept in the database (--db) or the dataset
(--data).

Exit status: 0 when done, 2 for an unknown site or player, a label that cannot be kept
or an unknown colour, 1 when the database or dataset cannot be opened or written.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from badugi_hh.commands import add_source_arguments, add_wait_argument, open_tables
from badugi_hh.textsafe import printable
from badugi_hh.wording import counted

if TYPE_CHECKING:
    import duckdb

EXIT_OK, EXIT_DATABASE, EXIT_UNKNOWN = 0, 1, 2


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.add_argument("player", nargs="?", metavar="SITE:NAME",
                        help="the player (pokerstars:Hero)")
    parser.add_argument("label", nargs="?", metavar="LABEL",
                        help="the label (fish, reg, nit, maniac, friend, or your own)")
    parser.add_argument("--colour", "--color", dest="colour", metavar="COLOUR",
                        help="the colour of a label of your own: red, orange, yellow, green, "
                             "blue, purple, brown or black")
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--remove", action="store_true", help="take the player's label off")
    what.add_argument("--list", action="store_true",
                      help="list every label, its colour and its players (SITE:NAME)")
    add_source_arguments(parser)
    add_wait_argument(parser)


def run(args: argparse.Namespace) -> int:
    from badugi_hh.commands.alias import Unknown
    from badugi_hh.store import StoreError
    from badugi_hh.store.notes import NoteError

    if not _well_formed(args):
        _say("give SITE:NAME [LABEL [--colour COLOUR]], SITE:NAME --remove, or --list")
        return EXIT_UNKNOWN
    try:
        for line in _listed(args) if args.list else _changed(args):
            print(line)
    except (Unknown, NoteError) as error:
        _say(str(error))
        return EXIT_UNKNOWN
    except StoreError as error:   # the dataset's DatasetBusy is one too
        _say(str(error))
        return EXIT_DATABASE
    return EXIT_OK


def _well_formed(args: argparse.Namespace) -> bool:
    """--list alone; else a player, with a label, --remove, or nothing (to show his)."""
    if args.list:
        return args.player is None and args.colour is None
    if args.player is None or (args.remove and args.label is not None):
        return False
    return args.colour is None or args.label is not None


def _listed(args: argparse.Namespace) -> list[str]:
    """A line per label: its name, colour and players, counted and named SITE:NAME."""
    from badugi_hh.sites import site_label
    from badugi_hh.store.player_notes import labelled_players, labels

    with open_tables(args) as con:
        given, players = labels(con), labelled_players(con)
    lines = []
    for label in given:
        names = sorted(printable(f"{site_label(site)}:{name}") for site, name
                       in players.get(label.name.lower(), []))
        listed = f": {', '.join(names)}" if names else ""
        lines.append(f"{printable(label.name)}\t{label.colour}\t"
                     f"{counted(label.players, 'player')}{listed}")
    return lines


def _changed(args: argparse.Namespace) -> list[str]:
    """Label the player, take his label off, or show his label and his note's first line.
    The player is found first, read-only: a missing database is named, never made."""
    from badugi_hh.commands.alias import known_player, person_tables
    from badugi_hh.filters import player_label
    from badugi_hh.store.player_notes import first_line, label_of, player_note_of

    with open_tables(args) as con:
        player = known_player(con, args.player)
        who = printable(player_label(*player))
        if args.label is None and not args.remove:
            label = label_of(con, player)
            note = first_line(player_note_of(con, player))
            shown = f"{printable(label.name)} ({label.colour})" if label else "no label"
            return [f"{who}: {shown}", *([printable(note)] if note else [])]
    with person_tables(args, write=True) as con:
        return [f"{who}: {_change(con, player, args)}"]


def _change(con: duckdb.DuckDBPyConnection, player: tuple[str, str],
            args: argparse.Namespace) -> str:
    from badugi_hh.store.player_notes import remove_label, set_label

    if args.remove:
        removed = remove_label(con, player)
        return f"label {printable(removed)} removed" if removed else "had no label"
    given = set_label(con, player, args.label, args.colour)
    return f"labelled {printable(given.name)} ({given.colour})"


def _say(message: str) -> None:
    print(f"badugi-hh label: {printable(message)}", file=sys.stderr)
