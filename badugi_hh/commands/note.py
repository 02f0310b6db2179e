"""Write a note on a stored hand, or read it.

    badugi-hh note 49164202872 "He 3-bets light from the small blind"
    badugi-hh note 49164202872          # print the note
    badugi-hh note 49164202872 ""       # remove it

A hand is named as its site printed its number, or by its stored id, as the
replayer takes it. A hand has one note: writing another replaces it. The note is
kept by the hand's identity (its site and hand id), so it stays through a re-import
of the hand, a file deleted and imported again, and the database's migrations.
Notes are kept in the database (--db) or the dataset (--data); ``badugi-hh tag``
tags hands.

Exit status: 0 when done, 2 for a hand that is not stored (or a number two sites
share) or a note over 4,000 characters, 1 when the database or dataset cannot be
opened or written.
"""

from __future__ import annotations

import argparse
import sys

from badugi_hh.commands import add_source_arguments, add_wait_argument, open_tables
from badugi_hh.commands.hand_lookup import HandNotFound, one_hand, tables_name
from badugi_hh.textsafe import printable, printable_lines

EXIT_OK, EXIT_DATABASE, EXIT_UNKNOWN = 0, 1, 2


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.add_argument("hand", metavar="HAND",
                        help="the hand: its number as the site printed it, or its stored id")
    parser.add_argument("text", nargs="?", metavar="TEXT",
                        help="the note (replaces the hand's; empty removes it); without it "
                             "the note is printed")
    add_source_arguments(parser)
    add_wait_argument(parser)


def run(args: argparse.Namespace) -> int:
    from badugi_hh.commands.alias import person_tables
    from badugi_hh.store import StoreError
    from badugi_hh.store.notes import NoteError, hand_identity, note_of, set_note

    where = tables_name(getattr(args, "data", None), args.db)
    try:
        with open_tables(args) as con:
            found = one_hand(con, args.hand, where)
            hand = hand_identity(found.site, found.hand_id, found.source)
            if args.text is None:
                note = note_of(con, hand)
                print(printable_lines(note) if note is not None
                      else f"{hand.hand_id} has no note")
                return EXIT_OK
        with person_tables(args, write=True) as con:
            set_note(con, hand, args.text)
    except (HandNotFound, NoteError) as error:
        _say(str(error))
        return EXIT_UNKNOWN
    except StoreError as error:   # the dataset's DatasetBusy is one too
        _say(str(error))
        return EXIT_DATABASE
    print(f"{hand.hand_id}: note {'written' if args.text.strip() else 'removed'}")
    return EXIT_OK


def _say(message: str) -> None:
    print(f"badugi-hh note: {printable(message)}", file=sys.stderr)
