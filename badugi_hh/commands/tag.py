"""Tag stored hands ("bad beat", "review") to find them again; list the tags.

    badugi-hh tag 49164202872 "bad beat"
    badugi-hh tag 49164202872 "bad beat" --remove
    badugi-hh tag 49164202872          # the hand's tags and note
    badugi-hh tag --list               # every tag and how many stored hands have it

A hand is named as its site printed its number, or by its stored id (ps-49164202872,
fri-1127#3), as the replayer takes it. A tag is kept by the hand's identity (its
site and hand id), so it stays through a re-import of the hand, a file deleted and
imported again, and the database's migrations. Tags are matched without regard to
case. ``stats --tag TAG``, ``export --tag TAG`` and the dashboard's Tag filter
choose the hands of a tag, and --list counts those, saying how many tagged hands are
not stored now (a file rewritten without them: read again, they have their tags
back); ``badugi-hh note`` writes a note on a hand. Tags are kept in the database
(--db) or the dataset (--data).

Exit status: 0 when done, 2 for a hand that is not stored (or a number two sites
share) or a tag that cannot be kept, 1 when the database or dataset cannot be
opened or written.
"""

from __future__ import annotations

import argparse
import sys

from badugi_hh.commands import add_source_arguments, add_wait_argument, open_tables
from badugi_hh.commands.hand_lookup import HandNotFound, named, one_hand, tables_name
from badugi_hh.textsafe import printable, printable_lines
from badugi_hh.wording import counted

EXIT_OK, EXIT_DATABASE, EXIT_UNKNOWN = 0, 1, 2


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.add_argument("hand", nargs="?", metavar="HAND",
                        help="the hand: its number as the site printed it, or its stored id")
    parser.add_argument("tag", nargs="?", metavar="TAG", help='the tag ("bad beat", review)')
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--remove", action="store_true", help="take TAG off the hand")
    what.add_argument("--list", action="store_true",
                      help="list every tag and how many stored hands have it")
    add_source_arguments(parser)
    add_wait_argument(parser)


def run(args: argparse.Namespace) -> int:
    from badugi_hh.store import StoreError
    from badugi_hh.store.notes import NoteError

    if args.list == (args.hand is not None) or (args.remove and args.tag is None):
        _say("give HAND [TAG] (--remove to take TAG off), or --list")
        return EXIT_UNKNOWN
    try:
        if args.list:
            _list(args)
        elif args.tag is None:
            _show(args)
        else:
            _change(args)
    except (HandNotFound, NoteError) as error:
        _say(str(error))
        return EXIT_UNKNOWN
    except StoreError as error:   # the dataset's DatasetBusy is one too
        _say(str(error))
        return EXIT_DATABASE
    return EXIT_OK


def _list(args: argparse.Namespace) -> None:
    from badugi_hh.store.notes import tag_counts

    with open_tables(args) as con:
        counts = tag_counts(con)
    if not counts:
        print("no hand is tagged yet: badugi-hh tag HAND TAG tags one")
    for tag, hands, not_stored in counts:
        gone = f" ({counted(not_stored, 'tagged hand')} not stored now)" if not_stored else ""
        print(f"{printable(tag)}\t{counted(hands, 'hand')}{gone}")


def _show(args: argparse.Namespace) -> None:
    from badugi_hh.store.notes import hand_identity, note_of, tags_of

    with open_tables(args) as con:
        found = one_hand(con, args.hand, _where(args))
        hand = hand_identity(found.site, found.hand_id, found.source)
        tags, note = tags_of(con, hand), note_of(con, hand)
    print(f"{named(found.site, found.hand_id)}: "
          f"{', '.join(map(printable, tags)) or 'no tags'}")
    if note:
        print(printable_lines(note))


def _change(args: argparse.Namespace) -> None:
    from badugi_hh.commands.alias import person_tables
    from badugi_hh.store.notes import add_tag, check_tag, hand_identity, remove_tag

    tag = check_tag(args.tag)
    with open_tables(args) as con:
        found = one_hand(con, args.hand, _where(args))
    hand = hand_identity(found.site, found.hand_id, found.source)
    with person_tables(args, write=True) as con:
        changed = remove_tag(con, hand, tag) if args.remove else add_tag(con, hand, tag)
    if args.remove:
        print(f"{named(found.site, found.hand_id)}: "
              f"{'untagged' if changed else 'had no tag'} {printable(tag)!r}")
    else:
        print(f"{named(found.site, found.hand_id)}: "
              f"{'tagged' if changed else 'already tagged'} {printable(tag)!r}")


def _where(args: argparse.Namespace) -> str:
    return tables_name(getattr(args, "data", None), args.db)


def _say(message: str) -> None:
    print(f"badugi-hh tag: {printable(message)}", file=sys.stderr)
