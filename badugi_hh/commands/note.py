"""Write a note on a stored hand or a player, or read it.

    badugi-hh note 49164202872 "He 3-bets light from the small blind"
    badugi-hh note 49164202872          # print the note
    badugi-hh note 49164202872 ""       # remove it
    badugi-hh note --player pokerstars:Bo "Draws to any three-card 7"
    badugi-hh note --player pokerstars:Bo          # print his note; "" removes it

A hand is named as its site printed its number, or by its stored id, as the
replayer takes it. A hand has one note: writing another replaces it. The note is
kept by the hand's identity (its site and hand id), so it stays through a re-import
of the hand, a file deleted and imported again, and the database's migrations.
Notes are kept in the database (--db) or the dataset (--data); ``badugi-hh tag``
tags hands.

With --player SITE:NAME (the site as ``alias`` takes it, the name in any case) the
note is on that player, kept by his site and name through re-imports and
migrations; the Table and Players pages and ``badugi-hh opponents`` show its first
line, and ``badugi-hh label`` gives him a colour label. A note may hold line breaks
and tabs, no other control character.

Exit status: 0 when done, 2 for a hand or player that is not stored (or a number two
sites share) or a note over 4,000 characters or with a control character, 1 when the
database or dataset cannot be opened or written.
"""

from __future__ import annotations

import argparse
import sys

from badugi_hh.commands import add_source_arguments, add_wait_argument, open_tables
from badugi_hh.commands.hand_lookup import HandNotFound, named, one_hand, tables_name
from badugi_hh.textsafe import printable, printable_lines

EXIT_OK, EXIT_DATABASE, EXIT_UNKNOWN = 0, 1, 2


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.add_argument("hand", nargs="?", metavar="HAND",
                        help="the hand: its number as the site printed it, or its stored id")
    parser.add_argument("text", nargs="?", metavar="TEXT",
                        help="the note (replaces the hand's; empty removes it); without it "
                             "the note is printed")
    parser.add_argument("--player", metavar="SITE:NAME",
                        help="note this player (pokerstars:Hero) instead of a hand: "
                             "note --player SITE:NAME [TEXT]")
    add_source_arguments(parser)
    add_wait_argument(parser)


def run(args: argparse.Namespace) -> int:
    from badugi_hh.commands.alias import person_tables
    from badugi_hh.store import StoreError
    from badugi_hh.store.notes import NoteError, hand_identity, note_of, set_note

    if args.player is not None:
        return _player_note(args)
    if args.hand is None:
        _say("give HAND [TEXT], or --player SITE:NAME [TEXT]")
        return EXIT_UNKNOWN
    where = tables_name(getattr(args, "data", None), args.db)
    try:
        with open_tables(args) as con:
            found = one_hand(con, args.hand, where)
            hand = hand_identity(found.site, found.hand_id, found.source)
            if args.text is None:
                note = note_of(con, hand)
                print(printable_lines(note) if note is not None
                      else f"{named(hand.site, hand.hand_id)} has no note")
                return EXIT_OK
        with person_tables(args, write=True) as con:
            set_note(con, hand, args.text)
    except (HandNotFound, NoteError) as error:
        _say(str(error))
        return EXIT_UNKNOWN
    except StoreError as error:   # the dataset's DatasetBusy is one too
        _say(str(error))
        return EXIT_DATABASE
    print(f"{named(hand.site, hand.hand_id)}: note "
          f"{'written' if args.text.strip() else 'removed'}")
    return EXIT_OK


def _player_note(args: argparse.Namespace) -> int:
    """``note --player SITE:NAME [TEXT]``: the first positional argument is the text."""
    from badugi_hh.commands.alias import Unknown, known_player, person_tables
    from badugi_hh.filters import player_label
    from badugi_hh.store import StoreError
    from badugi_hh.store.notes import NoteError
    from badugi_hh.store.player_notes import player_note_of, set_player_note

    if args.text is not None:
        _say("give --player SITE:NAME and the note alone, not a hand")
        return EXIT_UNKNOWN
    text = args.hand
    try:
        with open_tables(args) as con:   # read-only: a missing database is named, not made
            player = known_player(con, args.player)
            if text is None:
                note = player_note_of(con, player)
                print(printable_lines(note) if note is not None
                      else f"{printable(player_label(*player))} has no note")
                return EXIT_OK
        with person_tables(args, write=True) as con:
            set_player_note(con, player, text)
    except (Unknown, NoteError) as error:
        _say(str(error))
        return EXIT_UNKNOWN
    except StoreError as error:   # the dataset's DatasetBusy is one too
        _say(str(error))
        return EXIT_DATABASE
    print(f"{printable(player_label(*player))}: note {'written' if text.strip() else 'removed'}")
    return EXIT_OK


def _say(message: str) -> None:
    print(f"badugi-hh note: {printable(message)}", file=sys.stderr)
