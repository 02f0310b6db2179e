"""The user's notes and colour labels on players, kept by the player (his site and name).

A player (``pokerstars``, ``Hero``) has at most one note and one label, never tied to
a file: re-importing his hands, deleting a file and migrating the database leave
them where they are. A label has a name and one of :data:`COLOURS`: the built-in
labels (:data:`BUILT_IN_LABELS`, fish, reg, nit, maniac, friend) have fixed colours;
a label of the user's own is given its colour when first given to a player, and
lasts while a player has it. Labels are matched without regard to case and keep the
spelling first given (as tags do). What a user types is refused when it holds a
control or invisible format character (:func:`~badugi_hh.textsafe.unsafe_character`): a database is
shared, and the next reader's terminal must not run it.

The functions take any connection whose tables are the store's (a database, or a
dataset's user tables, :func:`badugi_hh.dataset.persons.person_tables`); the writing
ones run inside the caller's transaction.

>>> from badugi_hh.store import Store
>>> with Store(":memory:") as store:
...     con = store.connection
...     hero = ("pokerstars", "Hero")
...     set_label(con, hero, "FISH"), set_label(con, ("pokerstars", "Bo"), "station", "orange")
...     set_player_note(con, hero, "calls down light\\nbluffs the river")
...     label_of(con, hero), player_note_of(con, hero).splitlines()[0]
...     [(label.name, label.colour, label.players) for label in labels(con)][-2:]
(Label(name='fish', colour='green', players=1), Label(name='station', colour='orange', players=1))
(Label(name='fish', colour='green', players=1), 'calls down light')
[('friend', 'purple', 0), ('station', 'orange', 1)]
"""

from __future__ import annotations

from datetime import datetime
from typing import NamedTuple

import duckdb

from badugi_hh.store.notes import NoteError, checked_note
from badugi_hh.textsafe import printable, unsafe_character

__all__ = ["BUILT_IN_LABELS", "COLOURS", "MAX_LABEL_CHARS", "Label", "Player", "check_colour",
           "check_label", "first_line", "label_of", "labelled_players", "labels", "player_note_of",
           "remove_label", "set_label", "set_player_note"]

#: A player: his site (``''`` for the house logs) and his name there.
Player = tuple[str, str]

#: The colours a label may have, and how the pages draw each (a web colour, and a
#: coloured disc for tables and terminals).
COLOURS = {"red": ("#d62728", "🔴"), "orange": ("#ff7f0e", "🟠"), "yellow": ("#d4a800", "🟡"),
           "green": ("#2ca02c", "🟢"), "blue": ("#1f77b4", "🔵"), "purple": ("#9467bd", "🟣"),
           "brown": ("#8c564b", "🟤"), "black": ("#333333", "⚫")}
#: The labels every database has, with their colours: the usual reads of a draw table.
BUILT_IN_LABELS = {"fish": "green", "reg": "blue", "nit": "yellow", "maniac": "red",
                   "friend": "purple"}
#: The longest label kept: a word or two, drawn beside a name.
MAX_LABEL_CHARS = 24


class Label(NamedTuple):
    """A label, its colour (a key of :data:`COLOURS`) and how many players have it."""

    name: str
    colour: str
    players: int


def check_label(text: str) -> str:
    """A label's name as kept: blanks collapsed; empty, too long or with a control
    character is a :class:`~badugi_hh.store.notes.NoteError`.

    >>> check_label("  calling   station ")
    'calling station'
    >>> check_label("a\\x07")
    Traceback (most recent call last):
    badugi_hh.store.notes.NoteError: a label cannot hold a control character (\\x07 at character 2)
    """
    if (unsafe := unsafe_character(text)) is not None:
        raise NoteError(f"a label cannot hold a control character ({unsafe})")
    label = " ".join(text.split())
    if not label:
        raise NoteError("a label cannot be empty")
    if len(label) > MAX_LABEL_CHARS:
        raise NoteError(f"a label has at most {MAX_LABEL_CHARS} characters "
                        f"({len(label)} given)")
    return label


def check_colour(text: str) -> str:
    """One of :data:`COLOURS`, any case; another is a NoteError that lists them.

    >>> check_colour("Green")
    'green'
    >>> check_colour("teal")
    Traceback (most recent call last):
    badugi_hh.store.notes.NoteError: no colour 'teal': the colours are red, orange, yellow, green, blue, purple, brown, black
    """
    colour = text.strip().lower()
    if colour not in COLOURS:
        raise NoteError(f"no colour {printable(text)!r}: the colours are {', '.join(COLOURS)}")
    return colour


def labels(con: duckdb.DuckDBPyConnection) -> list[Label]:
    """The built-in labels, then the user's own sorted without regard to case, each
    with its colour and the players who have it."""
    counts = dict(con.execute("SELECT lower(label), count(*) FROM player_labels "
                              "GROUP BY ALL").fetchall())
    own = con.execute("SELECT name, colour FROM labels ORDER BY lower(name), name").fetchall()
    return [Label(name, colour, counts.get(name.lower(), 0))
            for name, colour in [*BUILT_IN_LABELS.items(), *own]]


def labelled_players(con: duckdb.DuckDBPyConnection) -> dict[str, list[Player]]:
    """The players (site, name) who have each label, by the label in lower case."""
    players: dict[str, list[Player]] = {}
    for label, site, player in con.execute("SELECT lower(label), site, player "
                                           "FROM player_labels ORDER BY ALL").fetchall():
        players.setdefault(label, []).append((site, player))
    return players


def _label_named(con: duckdb.DuckDBPyConnection, name: str) -> Label | None:
    return next((label for label in labels(con) if label.name.lower() == name.lower()), None)


def set_label(con: duckdb.DuckDBPyConnection, player: Player, name: str,
              colour: str | None = None) -> Label:
    """Give the player the label ``name`` (replacing the one he had); a label of the
    user's own is made with ``colour`` (required then), and given ``colour`` anew when
    it exists. The label as kept, its players counted."""
    name = check_label(name)
    colour = check_colour(colour) if colour is not None else None
    label = _label_named(con, name)
    if label is None:
        if colour is None:
            raise NoteError(f"{printable(name)!r} is a new label: give its colour with "
                            f"--colour ({', '.join(COLOURS)})")
        con.execute("INSERT INTO labels VALUES (?, ?, ?)", [name, colour, datetime.now()])
        label = Label(name, colour, 0)
    elif colour is not None and colour != label.colour:
        if label.name in BUILT_IN_LABELS:
            raise NoteError(f"{label.name} is a built-in label, always {label.colour}: "
                            "name a label of your own for another colour")
        con.execute("UPDATE labels SET colour = ? WHERE name = ?", [colour, label.name])
        label = label._replace(colour=colour)
    _forget_label_of(con, player)
    con.execute("INSERT INTO player_labels VALUES (?, ?, ?, ?)",
                [*player, label.name, datetime.now()])
    given = con.execute("SELECT count(*) FROM player_labels WHERE lower(label) = lower(?)",
                        [label.name]).fetchall()[0][0]
    return label._replace(players=int(given))


def remove_label(con: duckdb.DuckDBPyConnection, player: Player) -> str | None:
    """Take the player's label off; the label he had, or None."""
    return _forget_label_of(con, player)


def _forget_label_of(con: duckdb.DuckDBPyConnection, player: Player) -> str | None:
    """Delete the player's label; a label of the user's own that no player has left goes."""
    had = con.execute("DELETE FROM player_labels WHERE site = ? AND player = ? RETURNING label",
                      list(player)).fetchall()
    if not had:
        return None
    con.execute("DELETE FROM labels WHERE name = ? AND NOT EXISTS (SELECT 1 FROM player_labels "
                "WHERE lower(label) = lower(name))", [had[0][0]])
    return str(had[0][0])


def label_of(con: duckdb.DuckDBPyConnection, player: Player) -> Label | None:
    """The player's label, if he has one."""
    found = con.execute("SELECT label FROM player_labels WHERE site = ? AND player = ?",
                        list(player)).fetchall()
    return _label_named(con, found[0][0]) if found else None


def set_player_note(con: duckdb.DuckDBPyConnection, player: Player, text: str) -> None:
    """Write the player's note (replacing the one he had); blank text removes it. Line
    breaks and tabs are kept; another control character is a NoteError."""
    note = checked_note(text)
    con.execute("DELETE FROM player_notes WHERE site = ? AND player = ?", list(player))
    if note:
        con.execute("INSERT INTO player_notes VALUES (?, ?, ?, ?)",
                    [*player, note, datetime.now()])


def player_note_of(con: duckdb.DuckDBPyConnection, player: Player) -> str | None:
    """The player's note, if he has one."""
    found = con.execute("SELECT note FROM player_notes WHERE site = ? AND player = ?",
                        list(player)).fetchall()
    return found[0][0] if found else None


def first_line(note: str | None) -> str:
    """The first line of a note, as the tables show it beside a name; ``''`` for none.

    >>> first_line("calls down light\\nbluffs the river"), first_line(None)
    ('calls down light', '')
    """
    return note.strip().splitlines()[0] if note and note.strip() else ""
