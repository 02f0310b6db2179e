"""What the filters can choose in a database, and the filters a user's words make.

The command line and the dashboard offer and check the same values: the players
(a site and a name each), the persons of the ``aliases`` table, and the sites,
games, currencies, kinds, rulesets, stakes and table sizes the hands hold.
:func:`resolve` turns what a user typed into :class:`~badugi_hh.filters.Filters`,
or raises a :class:`~badugi_hh.filters.FilterError` that lists what the database
holds.

>>> from badugi_hh.store import Store
>>> with Store(":memory:") as store:
...     resolve(store.connection, site="PokerStars")
Traceback (most recent call last):
badugi_hh.filters.FilterError: --site 'PokerStars': the database holds none
"""

from __future__ import annotations

import difflib
from datetime import date
from typing import Any

import duckdb
import pandas as pd

from badugi_hh.filters import (
    STAKES_HIGH_SQL, STAKES_LOW_SQL, FilterError, Filters, Identity, check_days, match_stakes,
    match_table_size, match_value, parse_stakes, parse_table_size,
)
from badugi_hh.stats.query import frame
from badugi_hh.store import notes as store_notes
from badugi_hh.store import persons as store_persons
from badugi_hh.store import player_notes as store_player_notes
from badugi_hh.rows.clock import check_zone
from badugi_hh.textsafe import printable

__all__ = ["date_bounds", "held", "held_stakes", "held_table_sizes", "me", "names_of",
           "labels", "persons", "player_marks", "players", "resolve", "tags"]

#: The columns whose values :func:`held` lists.
_HELD = ("site", "game", "currency", "kind", "ruleset")


def players(con: duckdb.DuckDBPyConnection, filters: Filters = Filters()) -> pd.DataFrame:
    """Every player (site and name) of the selection and his hands, most hands first."""
    where, params = filters.where()
    return frame(con, f"SELECT site, player, count(*) AS hands FROM hand_players {where} "
                      "GROUP BY ALL ORDER BY hands DESC, player, site", params)


# -- persons: the one place that reads who is whom -------------------------------------

def persons(con: duckdb.DuckDBPyConnection) -> pd.DataFrame:
    """Each person of the ``aliases`` table with his names, (site, name) pairs."""
    return frame(con, "SELECT person, list((site, player) ORDER BY site, player) AS names "
                      "FROM aliases GROUP BY person ORDER BY lower(person), person", [])


def names_of(con: duckdb.DuckDBPyConnection, person: str) -> list[Identity]:
    """The names ``person`` plays under, as (site, name) (:mod:`badugi_hh.store.persons`)."""
    return store_persons.names_of(con, person)


def me(con: duckdb.DuckDBPyConnection) -> str | None:
    """The person the database names as its user (``badugi-hh me``), if any."""
    return store_persons.me(con)


# -- the values held -------------------------------------------------------------------

def held(con: duckdb.DuckDBPyConnection, column: str) -> list[str]:
    """The values of a hand's ``site``, ``game``, ``currency``, ``kind`` or ``ruleset``
    in the database."""
    if column not in _HELD:
        raise ValueError(f"no filter on {column}")
    return [value for value, in con.execute(
        f"SELECT DISTINCT {column} FROM hands ORDER BY {column}").fetchall()]


def held_stakes(con: duckdb.DuckDBPyConnection) -> list[tuple[int, int, str, int]]:
    """The stakes of the hands (low, high, currency, unit; see
    :data:`~badugi_hh.filters.STAKES_LOW_SQL`), in each currency from the smallest."""
    return con.execute(f"SELECT DISTINCT {STAKES_LOW_SQL} AS low, {STAKES_HIGH_SQL} AS high, "
                       "currency, unit FROM hands ORDER BY currency, unit, high, low").fetchall()


def held_table_sizes(con: duckdb.DuckDBPyConnection) -> list[int]:
    """The numbers of seats of the tables the sessions were played at."""
    return [size for size, in con.execute(
        "SELECT DISTINCT max_players FROM sessions ORDER BY max_players").fetchall()]


def date_bounds(con: duckdb.DuckDBPyConnection) -> tuple[date | None, date | None]:
    """The days of the first and the last hand."""
    return tuple(con.execute("SELECT min(started_at)::DATE, max(started_at)::DATE "
                             "FROM hands").fetchall()[0])


# -- what a user typed -----------------------------------------------------------------

def resolve(con: duckdb.DuckDBPyConnection, *, player: str | None = None,
            person: str | None = None, session: str | None = None, ruleset: str | None = None,
            date_from: date | None = None, date_to: date | None = None,
            site: str | None = None, game: str | None = None, currency: str | None = None,
            kind: str | None = None, stakes: str | None = None,
            table_size: str | None = None, tz: str | None = None,
            tag: str | None = None, label: str | None = None) -> Filters:
    """The filters a user's words name, each value matched among those the database
    holds (:func:`~badugi_hh.filters.match_value`); a FilterError says which is unknown
    and lists the values it could be."""
    check_days(date_from, date_to)
    typed = {"site": site, "game": game, "currency": currency, "kind": kind,
             "ruleset": ruleset}
    values: dict[str, Any] = {field: match_value(field, text, held(con, field))
                              for field, text in typed.items() if text is not None}
    if stakes is not None:
        values["stakes"] = match_stakes(parse_stakes(stakes), held_stakes(con))
    if table_size is not None:
        values["table_size"] = match_table_size(parse_table_size(table_size),
                                                held_table_sizes(con))
    if tag is not None:
        values["tag"] = _tag(con, tag)
    if label is not None:
        values["label"] = _label(con, label)
    if person is not None:
        values |= _person(con, person)
    if player is not None:
        values |= _player(con, player)
    if tz is not None:
        try:
            values["tz"] = check_zone(tz)
        except ValueError as error:
            raise FilterError(f"--tz: {error}") from None
    return Filters(session=session, date_from=date_from, date_to=date_to, **values)


def tags(con: duckdb.DuckDBPyConnection) -> list[str]:
    """Every tag the user gave a hand (``badugi-hh tag``), sorted without regard to case."""
    return [count.tag for count in store_notes.tag_counts(con)]


def _tag(con: duckdb.DuckDBPyConnection, typed: str) -> str:
    """A tag as stored, matched without case; a FilterError lists the tags held."""
    stored = store_notes.tag_named(con, typed.strip())
    if stored is not None:
        return stored
    option, held_tags = f"--tag {printable(typed)!r}", ", ".join(map(printable, tags(con)))
    if not held_tags:
        raise FilterError(f"{option}: no hand is tagged yet (badugi-hh tag HAND TAG tags one)")
    raise FilterError(f"{option}: no hand has that tag; the tags are {held_tags}")


def labels(con: duckdb.DuckDBPyConnection) -> list[str]:
    """Every label some player has (``badugi-hh label``): the built-in ones, then the
    user's own."""
    return [label.name for label in store_player_notes.labels(con) if label.players]


def player_marks(con: duckdb.DuckDBPyConnection) -> pd.DataFrame:
    """Each player the user labelled or noted: site, player, label and its colour, and
    note, the first line of his note; ``''`` where the user gave none."""
    marks = frame(con, "SELECT coalesce(l.site, n.site) AS site, "
                       "coalesce(l.player, n.player) AS player, l.label, n.note "
                       "FROM player_labels l FULL JOIN player_notes n "
                       "ON l.site = n.site AND l.player = n.player ORDER BY ALL", [])
    colours = {label.name: label.colour for label in store_player_notes.labels(con)}
    given = [label if isinstance(label, str) else "" for label in marks["label"]]
    marks["label"] = given
    marks.insert(3, "colour", [colours.get(label, "") for label in given])
    marks["note"] = [store_player_notes.first_line(note) if isinstance(note, str) else ""
                     for note in marks["note"]]
    return marks


def _label(con: duckdb.DuckDBPyConnection, typed: str) -> str:
    """A label as stored, matched without case; a FilterError lists the labels given."""
    given = labels(con)
    stored = next((name for name in given if name.lower() == " ".join(typed.split()).lower()),
                  None)
    if stored is not None:
        return stored
    option = f"--label {printable(typed)!r}"
    if not given:
        raise FilterError(f"{option}: no player is labelled yet (badugi-hh label SITE:NAME "
                          "LABEL labels one)")
    raise FilterError(f"{option}: no player has that label; the labels given are "
                      f"{', '.join(map(printable, given))}")


def _person(con: duckdb.DuckDBPyConnection, typed: str) -> dict[str, object]:
    """A person and his names; his name is matched without case."""
    known = persons(con)["person"].tolist()
    if not known:
        raise FilterError(f"--person {printable(typed)!r}: no person is named in the "
                          "database (badugi-hh alias PERSON SITE:NAME names one)")
    person = match_value("person", typed, known)
    return {"person": person, "players": tuple(names_of(con, person))}


def _player(con: duckdb.DuckDBPyConnection, typed: str) -> dict[str, object]:
    """A name on every site (``Hero``), or one site's (``pokerstars:Hero``), as stored or
    differing in case alone from one stored spelling."""
    stored = con.execute("SELECT site, player FROM players WHERE lower(player) = lower(?)",
                         [typed]).fetchall()
    spellings = {name for _, name in stored}
    if typed in spellings:
        return {"player": typed}
    if len(spellings) == 1:
        return {"player": spellings.pop()}
    site_text, colon, name = typed.partition(":")
    site = _site_of_players(con, site_text) if colon and name else None
    if site is not None:
        on_site = {player for player, in con.execute(
            "SELECT player FROM players WHERE site = ? AND lower(player) = lower(?)",
            [site, name]).fetchall()}
        found = name if name in on_site else on_site.pop() if len(on_site) == 1 else None
        if found is not None:
            return {"players": ((site, found),)}
    raise FilterError(_unknown_player(con, typed, spellings,
                                      (site, name) if site is not None else None))


def _site_of_players(con: duckdb.DuckDBPyConnection, typed: str) -> str | None:
    """The site some player is on that ``typed`` names (pokerstars, PokerStars...)."""
    sites = {site for site, in con.execute("SELECT DISTINCT site FROM players").fetchall()}
    try:
        return match_value("site", typed, sorted(sites))
    except FilterError:
        return None


def _unknown_player(con: duckdb.DuckDBPyConnection, typed: str, spellings: set[str],
                    on_site: tuple[str, str] | None) -> str:
    """Why ``typed`` names no player; the near names (of the site ``on_site`` names,
    written SITE:NAME as typed) are a hint at a misspelling."""
    option = f"--player {printable(typed)!r}"
    if spellings:
        held_names = ", ".join(sorted(map(printable, spellings)))
        return f"{option} is ambiguous: the database holds {held_names}"
    if on_site is None:
        names = [name for name, in con.execute("SELECT DISTINCT player FROM players").fetchall()]
        close = difflib.get_close_matches(typed, names, n=5, cutoff=0.6)
    else:
        site, name = on_site
        names = [name for name, in con.execute("SELECT player FROM players WHERE site = ?",
                                                [site]).fetchall()]
        close = [f"{site}:{near}" for near in difflib.get_close_matches(name, names, n=5,
                                                                        cutoff=0.6)]
    hint = f"; players with a near name: {', '.join(map(printable, close))}" if close else ""
    return f"{option}: no player of that name in the database{hint}"
