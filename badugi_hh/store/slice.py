"""A slice of the tables copied into a store file: the chosen hands and what they need.

``badugi-hh export --format duckdb`` writes with :func:`copy_slice`. It lives in
the store, not in the command, because it is knowledge of the store's tables:
which rows of each table belong to a hand, a session or a log file, and how a
store is written (one transaction, bulk inserts BY NAME). It reads from any
connection whose tables are the store's, a store file or a dataset
(:func:`badugi_hh.dataset.connect_dataset`), so it never asks which.

The rows go from the origin to the target as Arrow record batches, each
table's in one stream, never row by row through Python. Copying is
idempotent: each row belongs to a unit (a hand, a session, a file's line, a
player...), and the target's rows of every unit the slice carries are deleted
before the slice's are inserted, so copying twice leaves one copy, and a
later slice of the same file adds its hands beside the earlier ones.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

import duckdb

from badugi_hh.hand_ids import FILE_LOCAL_SQL, hand_file_sql
from badugi_hh.store.importer import write_transaction
from badugi_hh.rows.batch import PER_HAND_TABLES
from badugi_hh.rows.schema import TABLES

if TYPE_CHECKING:   # only the type: the filters module imports nothing of the store
    from badugi_hh.filters import Filters

#: The tables a slice copies, owners after what they own (the order makes no
#: difference to the result: every table is replaced unit by unit).
COPIED = tuple(table for table in TABLES if table not in ("schema_version", "rules"))

#: The columns naming the unit a row belongs to: the target's rows of a unit are
#: replaced by the slice's. A violation of no hand (hand_id NULL) is its session's.
UNITS: dict[str, tuple[str, ...]] = {
    "sources": ("path",),
    "sessions": ("source", "session_id"),
    "session_players": ("source", "session_id"),
    "players": ("site", "player"),
    "hands": ("source", "hand_id"),
    "hand_players": ("source", "hand_id"),
    "actions": ("source", "hand_id"),
    "draws": ("source", "hand_id"),
    "showdowns": ("source", "hand_id"),
    "pots": ("source", "hand_id"),
    "pot_halves": ("source", "hand_id"),
    "run_hands": ("source", "hand_id"),
    "run_pots": ("source", "hand_id"),
    "violations": ("source", "session_id", "hand_id"),
    "quarantine": ("source", "line"),
    "skipped": ("source", "line"),
    "hand_sources": ("site", "hand_id", "source"),
    "aliases": ("site", "player"),
    "settings": ("name",),
    "tournaments": ("source", "site", "tournament_id", "origin"),
    "tournament_results": ("source", "site", "tournament_id", "origin"),
    "hand_tags": ("site", "hand_id", "file", "tag"),
    "hand_notes": ("site", "hand_id", "file"),
    "player_notes": ("site", "player"),
    "player_labels": ("site", "player"),
    "labels": ("name",),
}

#: What the filters choose, as the origin's CTEs: the hands a chosen player was
#: dealt in (whole, every player's rows), their sessions (whole), their log files,
#: and the players of those hands and sessions.
_CHOSEN = """
WITH chosen AS (SELECT DISTINCT source, hand_id FROM hand_players {where}),
chosen_sessions AS (
    SELECT DISTINCT source, session_id FROM hands SEMI JOIN chosen USING (source, hand_id)),
chosen_sources AS (SELECT DISTINCT source FROM chosen),
chosen_players AS (
    SELECT site, player FROM hand_players SEMI JOIN chosen USING (source, hand_id)
    UNION
    SELECT s.site, p.player FROM session_players p
    JOIN sessions s USING (source, session_id)
    SEMI JOIN chosen_sessions USING (source, session_id))
"""
_OF_HANDS = "SEMI JOIN chosen USING (source, hand_id)"
_OF_SESSIONS = "SEMI JOIN chosen_sessions USING (source, session_id)"
_OF_SOURCES = "SEMI JOIN chosen_sources USING (source)"
_OF_PLAYERS = "SEMI JOIN chosen_players USING (site, player)"
#: A tournament the chosen hands were played in, as every file tells of it (its summary too).
_OF_TOURNAMENTS = ("WHERE EXISTS (SELECT 1 FROM hands h SEMI JOIN chosen USING (source, hand_id) "
                   "WHERE h.site = t.site AND h.tournament_id = t.tournament_id)")
#: A tag's or note's hand is chosen (its identity: site, hand id, and file where the
#: site's ids are the file's own).
_OF_HAND_IDENTITIES = (
    "WHERE EXISTS (SELECT 1 FROM hands h SEMI JOIN chosen USING (source, hand_id) "
    f"WHERE h.site = t.site AND h.hand_id = t.hand_id AND t.file = {hand_file_sql('h.')})")
_CHOSEN_ROWS = {
    "sources": "WHERE t.path IN (SELECT source FROM chosen_sources)",
    "sessions": _OF_SESSIONS,
    "session_players": _OF_SESSIONS,
    "players": _OF_PLAYERS,
    "hands": _OF_HANDS,
    "hand_players": _OF_HANDS,
    "actions": _OF_HANDS,
    "draws": _OF_HANDS,
    "showdowns": _OF_HANDS,
    "pots": _OF_HANDS,
    "pot_halves": _OF_HANDS,
    "run_hands": _OF_HANDS,
    "run_pots": _OF_HANDS,
    "violations": "WHERE EXISTS (SELECT 1 FROM chosen c WHERE c.source = t.source "
                  "AND c.hand_id = t.hand_id) OR (t.hand_id IS NULL AND EXISTS (SELECT 1 "
                  "FROM chosen_sessions c WHERE c.source = t.source "
                  "AND c.session_id = t.session_id))",
    "quarantine": _OF_SOURCES,
    "skipped": _OF_SOURCES,
    "hand_sources": "WHERE EXISTS (SELECT 1 FROM hands h SEMI JOIN chosen USING (source, hand_id) "
                    "WHERE h.site = t.site AND h.hand_id = t.hand_id)",
    "aliases": _OF_PLAYERS,
    "settings": "",
    "tournaments": _OF_TOURNAMENTS,
    "tournament_results": _OF_TOURNAMENTS,
    "hand_tags": _OF_HAND_IDENTITIES,
    "hand_notes": _OF_HAND_IDENTITIES,
    "player_notes": _OF_PLAYERS,
    "player_labels": _OF_PLAYERS,
    "labels": "",
}


class Copied(NamedTuple):
    """What a copy did: the hands of the slice, how many the target did not hold, and
    the rows written in all."""

    hands: int
    new_hands: int
    rows: int


def selection(table: str, filters: Filters | None) -> tuple[str, list[object]]:
    """The origin's query of the slice's rows of ``table``, and its parameters; every
    row without filters.

    >>> selection("pots", None)
    ('SELECT t.* FROM pots t ', [])
    >>> from badugi_hh.filters import Filters
    >>> query, params = selection("pots", Filters(player="Ana"))
    >>> query.splitlines()[-1], params
    ('SELECT t.* FROM pots t SEMI JOIN chosen USING (source, hand_id)', ['Ana'])
    """
    where, params = filters.where() if filters is not None else ("", [])
    if not where:   # everything: whole tables, even rows of no hand or session
        return f"SELECT t.* FROM {table} t ", []
    return _CHOSEN.format(where=where) + f"SELECT t.* FROM {table} t {_CHOSEN_ROWS[table]}", params


def copy_slice(origin: duckdb.DuckDBPyConnection, target: duckdb.DuckDBPyConnection,
               filters: Filters | None = None) -> Copied:
    """Copy the hands ``filters`` choose (all without filters), with their sessions,
    log files, quarantined text and players, from ``origin`` into ``target``, a
    store's connection with today's schema, in one transaction."""
    hands_before = _count(target, "hands")
    with write_transaction(target):
        _forget_other_copies(origin, target, filters)
        copied = {table: _copy_table(origin, target, table, filters) for table in COPIED}
    return Copied(copied["hands"], _count(target, "hands") - hands_before,
                  sum(copied.values()))


#: The target's hands that the slice holds from another file (the same site and hand
#: id): the slice's copy replaces them, so the target holds each hand once.
_OTHER_COPIES = f"""
    SELECT t.source, t.hand_id FROM hands t JOIN slice_hands s
    ON t.site = s.site AND t.hand_id = s.hand_id AND t.source <> s.source
    AND t.site NOT IN ({FILE_LOCAL_SQL})"""


def _forget_other_copies(origin: duckdb.DuckDBPyConnection, target: duckdb.DuckDBPyConnection,
                         filters: Filters | None) -> None:
    query, params = selection("hands", filters)
    hands = origin.sql(f"SELECT site, hand_id, source FROM ({query})", params=params)
    target.register("slice_hands", hands.to_arrow_table())
    try:
        target.execute(f"CREATE TEMP TABLE other_copies AS {_OTHER_COPIES}")
    finally:
        target.unregister("slice_hands")
    for table in PER_HAND_TABLES:
        target.execute(f"DELETE FROM {table} t USING other_copies o "
                       "WHERE t.source = o.source AND t.hand_id = o.hand_id")
    target.execute("DROP TABLE other_copies")


def _copy_table(origin: duckdb.DuckDBPyConnection, target: duckdb.DuckDBPyConnection,
                table: str, filters: Filters | None) -> int:
    """Stream the slice's rows of ``table`` into a temporary table of the target (its
    units are needed twice), replace the target's rows of those units; how many."""
    query, params = selection(table, filters)
    target.register("origin_rows", origin.sql(query, params=params).to_arrow_reader())
    try:
        target.execute("CREATE TEMP TABLE slice_rows AS SELECT * FROM origin_rows")
    finally:
        target.unregister("origin_rows")
    same_unit = " AND ".join(f"s.{column} IS NOT DISTINCT FROM t.{column}"
                             for column in UNITS[table])
    target.execute(f"DELETE FROM {table} t WHERE EXISTS "
                   f"(SELECT 1 FROM slice_rows s WHERE {same_unit})")
    target.execute(f"INSERT INTO {table} BY NAME SELECT * FROM slice_rows")
    copied = _count(target, "slice_rows")
    target.execute("DROP TABLE slice_rows")
    return copied


def _count(con: duckdb.DuckDBPyConnection, table: str) -> int:
    return int(con.execute(f"SELECT count(*) FROM {table}").fetchall()[0][0])
