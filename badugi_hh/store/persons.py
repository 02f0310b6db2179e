"""Persons: the names one human plays under, on any site, and which person the user is.

A player is a site and a name (``('pokerstars', 'Hero')``); a **person** is a list of
them, kept in the table ``aliases`` (one row per name: a name belongs to one person at
most). The setting ``me`` (table ``settings``) names the person the user is. Person
names are matched without regard to case and keep the spelling first given.

The functions take any connection whose tables are the store's, a database or a
dataset (:func:`badugi_hh.dataset.persons.person_tables` writes a dataset's); the
writing ones run inside the caller's transaction.

>>> from badugi_hh.store import Store
>>> with Store(":memory:") as store:
...     con = store.connection
...     moved = add_names(con, "Ana", [("pokerstars", "Hero"), ("fulltilt", "Hero")])
...     set_me(con, "ana")
...     persons(con), names_of(con, "ANA"), me(con)
(['Ana'], [('fulltilt', 'Hero'), ('pokerstars', 'Hero')], 'Ana')
"""

from __future__ import annotations

import duckdb

__all__ = ["ME", "add_names", "me", "names_of", "person_named", "persons", "remove_names",
           "set_me"]

#: The setting that names the user's person.
ME = "me"


def persons(con: duckdb.DuckDBPyConnection) -> list[str]:
    """Every person, sorted without regard to case."""
    return [name for (name,) in con.execute(
        "SELECT DISTINCT person FROM aliases ORDER BY lower(person), person").fetchall()]


def person_named(con: duckdb.DuckDBPyConnection, person: str) -> str | None:
    """The person's name as stored (``ana`` finds ``Ana``); None for no such person."""
    found = con.execute("SELECT DISTINCT person FROM aliases WHERE lower(person) = lower(?) "
                        "ORDER BY person", [person]).fetchall()
    return found[0][0] if found else None


def names_of(con: duckdb.DuckDBPyConnection, person: str) -> list[tuple[str, str]]:
    """The (site, name) of a person, sorted; empty for no such person."""
    return [(site, player) for site, player in con.execute(
        "SELECT site, player FROM aliases WHERE lower(person) = lower(?) ORDER BY site, player",
        [person]).fetchall()]


def me(con: duckdb.DuckDBPyConnection) -> str | None:
    """The person the user is (``badugi-hh me``), if one is named and still a person."""
    found = con.execute("SELECT value FROM settings WHERE name = ?", [ME]).fetchall()
    return person_named(con, found[0][0]) if found else None


def add_names(con: duckdb.DuckDBPyConnection, person: str, names: list[tuple[str, str]],
              ) -> list[tuple[str, str, str]]:
    """Give ``person`` the ``names`` (site, name); the (site, name, person) of each that
    was another person's and is moved."""
    person = person_named(con, person) or person
    moved = []
    for site, player in names:
        held = con.execute("SELECT person FROM aliases WHERE site = ? AND player = ?",
                           [site, player]).fetchall()
        if held and held[0][0] != person:
            moved.append((site, player, held[0][0]))
        con.execute("INSERT OR REPLACE INTO aliases VALUES (?, ?, ?)", [site, player, person])
    return moved


def remove_names(con: duckdb.DuckDBPyConnection, person: str,
                 names: list[tuple[str, str]] | None = None) -> int:
    """Take ``names`` from ``person`` (None: every name, so the person goes); how many
    were his. The user who was that person is no one any more."""
    if names is None:
        removed = con.execute("DELETE FROM aliases WHERE lower(person) = lower(?)",
                              [person]).fetchall()[0][0]
    else:
        removed = sum(con.execute(
            "DELETE FROM aliases WHERE lower(person) = lower(?) AND site = ? AND player = ?",
            [person, site, player]).fetchall()[0][0] for site, player in names)
    if person_named(con, person) is None:
        con.execute("DELETE FROM settings WHERE name = ? AND lower(value) = lower(?)",
                    [ME, person])
    return int(removed)


def set_me(con: duckdb.DuckDBPyConnection, person: str | None) -> None:
    """Name the user's person (None: no one)."""
    con.execute("DELETE FROM settings WHERE name = ?", [ME])
    if person is not None:
        con.execute("INSERT INTO settings VALUES (?, ?)", [ME, person_named(con, person) or person])
