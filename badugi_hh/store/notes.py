"""The user's tags and notes on hands, kept by the hand's identity.

A tag ("bad beat", "review") or a note belongs to a hand as :mod:`badugi_hh.rows.identity`
names it: its site and hand id (and its file, for a site whose ids are the file's
own), never to a row of the file it was read from. Deleting a file and importing it
again, importing another copy of the hand, or migrating the database leaves them
where they are. A hand has any number of tags and one note. Tags are matched
without regard to case and keep the spelling first given (as persons do).

The functions take any connection whose tables are the store's: a database, or the
user's tables of a dataset (:func:`badugi_hh.dataset.persons.person_tables`); the
writing ones run inside the caller's transaction.

>>> from badugi_hh.store import Store
>>> with Store(":memory:") as store:
...     con = store.connection
...     hand = HandIdentity("pokerstars", "ps-1", "")
...     add_tag(con, hand, "Bad beat"), add_tag(con, hand, "bad BEAT"), add_tag(con, hand, "review")
...     set_note(con, hand, "I should have folded the river")
...     tags_of(con, hand), note_of(con, hand), [tuple(count) for count in tag_counts(con)]
(True, False, True)
(['Bad beat', 'review'], 'I should have folded the river', [('Bad beat', 0, 1), ('review', 0, 1)])
"""

from __future__ import annotations

from datetime import datetime
from typing import NamedTuple

import duckdb

from badugi_hh.hand_ids import hand_file_sql
from badugi_hh.rows.identity import identity
from badugi_hh.textsafe import unsafe_character

__all__ = ["MAX_NOTE_CHARS", "MAX_TAG_CHARS", "HandIdentity", "NoteError", "TagCount", "add_tag",
           "check_tag", "checked_note", "hand_identity", "note_of", "remove_tag", "set_note", "tag_counts",
           "tag_named", "tags_of"]

#: The longest tag and note kept: a label, and a paragraph or a few.
MAX_TAG_CHARS = 40
MAX_NOTE_CHARS = 4000


class NoteError(ValueError):
    """A tag or note that cannot be kept: the message says why."""


class HandIdentity(NamedTuple):
    """Which hand a tag or note is on: :func:`badugi_hh.rows.identity.identity`'s key."""

    site: str
    hand_id: str
    file: str


def hand_identity(site: str, hand_id: str, source: str) -> HandIdentity:
    """The identity of the hand stored as ``hand_id`` from ``source``.

    >>> hand_identity("pokerstars", "ps-1", "/a.txt")
    HandIdentity(site='pokerstars', hand_id='ps-1', file='')
    >>> hand_identity("phh", "7", "/b.phh")
    HandIdentity(site='phh', hand_id='7', file='/b.phh')
    """
    return HandIdentity(*identity(site, hand_id, source))


def check_tag(text: str) -> str:
    """A tag as kept: without blanks around it; empty, over :data:`MAX_TAG_CHARS` or with
    a control character is a :class:`NoteError`.

    >>> check_tag("  review ")
    'review'
    >>> check_tag("")
    Traceback (most recent call last):
    badugi_hh.store.notes.NoteError: a tag cannot be empty
    """
    tag = " ".join(text.split())
    if not tag:
        raise NoteError("a tag cannot be empty")
    if len(tag) > MAX_TAG_CHARS:
        raise NoteError(f"a tag has at most {MAX_TAG_CHARS} characters ({len(tag)} given)")
    if any(not character.isprintable() for character in tag):
        raise NoteError("a tag cannot hold a control character")
    return tag


def tag_named(con: duckdb.DuckDBPyConnection, tag: str) -> str | None:
    """The tag as first spelled (``Review`` for ``review``); None when no hand has it."""
    found = con.execute("SELECT tag FROM hand_tags WHERE lower(tag) = lower(?) "
                        "ORDER BY tagged_at, tag LIMIT 1", [tag]).fetchall()
    return found[0][0] if found else None


def add_tag(con: duckdb.DuckDBPyConnection, hand: HandIdentity, tag: str) -> bool:
    """Tag the hand; False when it already had the tag (in any case)."""
    tag = check_tag(tag)
    tag = tag_named(con, tag) or tag
    if tag in tags_of(con, hand):
        return False
    con.execute("INSERT INTO hand_tags VALUES (?, ?, ?, ?, ?)", [*hand, tag, datetime.now()])
    return True


def remove_tag(con: duckdb.DuckDBPyConnection, hand: HandIdentity, tag: str) -> bool:
    """Take the tag off the hand; False when it did not have it."""
    removed = con.execute("DELETE FROM hand_tags WHERE site = ? AND hand_id = ? AND file = ? "
                          "AND lower(tag) = lower(?)", [*hand, tag.strip()]).fetchall()
    return bool(removed[0][0])


def tags_of(con: duckdb.DuckDBPyConnection, hand: HandIdentity) -> list[str]:
    """The hand's tags, in the order they were given."""
    return [tag for (tag,) in con.execute(
        "SELECT tag FROM hand_tags WHERE site = ? AND hand_id = ? AND file = ? "
        "ORDER BY tagged_at, tag", list(hand)).fetchall()]


class TagCount(NamedTuple):
    """A tag and the hands that have it."""

    tag: str
    hands: int
    """The tagged hands stored now: those ``stats --tag`` chooses."""
    not_stored: int
    """The tagged hands not stored now (a file rewritten without them, or never imported
    here): a tag is kept by the hand's identity, so a hand read again has it back."""


#: Each tag's hands, stored or not, matched to ``hands`` as ``--tag`` matches them
#: (:meth:`badugi_hh.filters.Filters.conditions`).
_TAG_COUNTS = f"""
    SELECT tag, count(*) FILTER (WHERE stored), count(*) FILTER (WHERE NOT stored)
    FROM (SELECT tag, (site, hand_id, file) IN (
              SELECT site, hand_id, {hand_file_sql()} FROM hands) AS stored
          FROM hand_tags)
    GROUP BY tag ORDER BY lower(tag), tag"""


def tag_counts(con: duckdb.DuckDBPyConnection) -> list[TagCount]:
    """Every tag and how many hands have it, sorted without regard to case; ``con``
    holds the hands too."""
    return [TagCount(*row) for row in con.execute(_TAG_COUNTS).fetchall()]


def checked_note(text: str) -> str:
    """A note on a hand or a player as kept: stripped; too long, or holding a control
    character other than line breaks and tabs, is a :class:`NoteError`."""
    note = text.strip()
    if len(note) > MAX_NOTE_CHARS:
        raise NoteError(f"a note has at most {MAX_NOTE_CHARS:,} characters "
                        f"({len(note):,} given)")
    # A database is shared: a terminal escape kept here would run on its next reader's.
    if (unsafe := unsafe_character(note, allowed="\n\t")) is not None:
        raise NoteError(f"a note cannot hold a control character ({unsafe}); "
                        "line breaks and tabs it may")
    return note


def set_note(con: duckdb.DuckDBPyConnection, hand: HandIdentity, text: str) -> None:
    """Write the hand's note (replacing the one it had); blank text removes it."""
    note = checked_note(text)
    con.execute("DELETE FROM hand_notes WHERE site = ? AND hand_id = ? AND file = ?",
                list(hand))
    if note:
        con.execute("INSERT INTO hand_notes VALUES (?, ?, ?, ?, ?)",
                    [*hand, note, datetime.now()])


def note_of(con: duckdb.DuckDBPyConnection, hand: HandIdentity) -> str | None:
    """The hand's note, if it has one."""
    found = con.execute("SELECT note FROM hand_notes WHERE site = ? AND hand_id = ? "
                        "AND file = ?", list(hand)).fetchall()
    return found[0][0] if found else None
