"""Forward migrations: a database written by an older release, brought up to date.

``schema_version`` holds one row per version the database was brought to; a
database without that table is version 1 (every release before it). Opening a
database for writing runs the steps from its version to
:data:`~badugi_hh.store.schema.SCHEMA_VERSION`, all in one transaction: an
interrupted migration leaves the old version whole. A step changes tables in
place (ALTER, UPDATE) and derives new columns from the rows it has, so nothing
is re-imported; where the old rows cannot tell (the hero), the column is NULL.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

import duckdb
import pyarrow as pa

from badugi_hh.money import CURRENCY_SQL, KIND_SQL, SITE_SQL
from badugi_hh.store.connection import StoreError
from badugi_hh.store.positions import MAX_TABLE, seat_positions
from badugi_hh.store.schema import SCHEMA_VERSION, schema_sql

Migration = Callable[[duckdb.DuckDBPyConnection], None]


def schema_version(con: duckdb.DuckDBPyConnection) -> int:
    """The version of the database's tables; 0 for a database without tables."""
    tables = {name for (name,) in con.execute(
        "SELECT table_name FROM duckdb_tables() WHERE database_name = current_database()"
    ).fetchall()}
    if "schema_version" in tables:
        return con.execute("SELECT max(version) FROM schema_version").fetchall()[0][0] or 0
    return 1 if "hands" in tables else 0


# -- version 1 to 2 --------------------------------------------------------------------
# New per hand: site, game, kind, currency and stakes, table, tournament, hero; per
# hand player the same money columns and positions for any table size; per session
# the money columns and finishing places; players become (site, name), and aliases
# link one person's names.

_HAND_COLUMNS = (
    "site VARCHAR NOT NULL DEFAULT ''", "game VARCHAR NOT NULL DEFAULT 'badugi'",
    "kind VARCHAR NOT NULL DEFAULT 'home'", "currency VARCHAR NOT NULL DEFAULT 'chips'",
    "small_blind_size BIGINT NOT NULL DEFAULT 0", "small_bet BIGINT NOT NULL DEFAULT 0",
    "big_bet BIGINT NOT NULL DEFAULT 0", "table_name VARCHAR NOT NULL DEFAULT ''",
    "tournament_id VARCHAR", "buy_in VARCHAR", "level VARCHAR", "hero VARCHAR",
)
_MONEY_COLUMNS = ("site VARCHAR NOT NULL DEFAULT ''", "game VARCHAR NOT NULL DEFAULT 'badugi'",
                  "kind VARCHAR NOT NULL DEFAULT 'home'",
                  "currency VARCHAR NOT NULL DEFAULT 'chips'",
                  "unit BIGINT NOT NULL DEFAULT 1")
_SESSION_COLUMNS = ("site VARCHAR NOT NULL DEFAULT ''", "kind VARCHAR NOT NULL DEFAULT 'home'",
                    "currency VARCHAR NOT NULL DEFAULT 'chips'", "unit BIGINT NOT NULL DEFAULT 1")

# v1 stored only fixed-limit Badugi, where the big blind is the small bet, the big bet
# twice it and the small blind half of it: the stakes follow from big_blind_size.
_V2_HANDS = [
    f"UPDATE hands SET site = {SITE_SQL}, currency = {CURRENCY_SQL}, "
    "small_blind_size = big_blind_size // 2, small_bet = big_blind_size, "
    "big_bet = 2 * big_blind_size",
    f"UPDATE hands SET kind = {KIND_SQL}",
    "UPDATE hand_players t SET site = h.site, kind = h.kind, currency = h.currency, "
    "unit = h.unit FROM hands h WHERE t.source = h.source AND t.hand_id = h.hand_id",
    "UPDATE sessions t SET site = f.site, kind = f.kind, currency = f.currency, unit = f.unit "
    "FROM (SELECT source, session_id, arg_min(site, number) AS site, "
    "      arg_min(kind, number) AS kind, arg_min(currency, number) AS currency, "
    "      arg_min(unit, number) AS unit FROM hands GROUP BY ALL) f "
    "WHERE t.source = f.source AND t.session_id = f.session_id",
]
# Cash sessions have no winner (N1 is the house game's); v1 named the larger stack.
_V2_WINNERS = [
    "UPDATE session_players t SET won_session = false FROM sessions s "
    "WHERE s.source = t.source AND s.session_id = t.session_id AND s.kind <> 'home'",
    "UPDATE sessions SET winner = NULL WHERE kind <> 'home'",
]
# Positions: seats in order from the button (else from the seat the big blind implies).
_V2_POSITIONS = """
WITH ranked AS (
    SELECT source, hand_id, player,
           row_number() OVER (PARTITION BY source, hand_id ORDER BY seat) - 1 AS seat_index,
           count(*) OVER (PARTITION BY source, hand_id) AS players
    FROM hand_players
),
anchored AS (
    SELECT r.source, r.hand_id,
           coalesce(max(r.seat_index) FILTER (WHERE r.player = h.button_player),
                    max((r.seat_index - CASE WHEN r.players = 2 THEN 1 ELSE 2 END + r.players)
                        % r.players) FILTER (WHERE r.player = h.big_blind_player)) AS button
    FROM ranked r JOIN hands h USING (source, hand_id)
    GROUP BY ALL
)
UPDATE hand_players t SET position = coalesce(n.position, '')
FROM ranked r JOIN anchored a USING (source, hand_id)
LEFT JOIN position_names n
       ON n.players = r.players AND n.seat_index = (r.seat_index - a.button + r.players) % r.players
WHERE t.source = r.source AND t.hand_id = r.hand_id AND t.player = r.player
"""
_V2_PLAYERS = [
    "ALTER TABLE players RENAME TO players_v1",
    schema_sql(("players", "aliases")),
    "INSERT INTO players BY NAME "
    "SELECT DISTINCT hp.site, p.player, p.first_source, p.first_imported_at "
    "FROM players_v1 p JOIN hand_players hp USING (player)",
    "INSERT INTO players BY NAME SELECT '' AS site, p.* FROM players_v1 p "
    "WHERE NOT EXISTS (SELECT 1 FROM players n WHERE n.player = p.player)",
    "DROP TABLE players_v1",
]


def _position_names() -> pa.Table:
    rows = [(players, index, name) for players in range(2, MAX_TABLE + 1)
            for index, name in enumerate(seat_positions(players))]
    players, indexes, names = zip(*rows)
    return pa.table({"players": players, "seat_index": indexes, "position": names})


def _to_v2(con: duckdb.DuckDBPyConnection) -> None:
    for table, columns in (("hands", _HAND_COLUMNS), ("hand_players", _MONEY_COLUMNS),
                           ("sessions", _SESSION_COLUMNS)):
        for column in columns:
            con.execute(f"ALTER TABLE {table} ADD COLUMN {column}")
    con.execute("ALTER TABLE session_players ADD COLUMN place BIGINT")
    con.execute("ALTER TABLE quarantine ADD COLUMN hand_lost BOOLEAN NOT NULL DEFAULT true")
    for statement in [*_V2_HANDS, *_V2_WINNERS]:
        con.execute(statement)
    con.register("position_names", _position_names())
    try:
        con.execute(_V2_POSITIONS)
    finally:
        con.unregister("position_names")
    for statement in _V2_PLAYERS:
        con.execute(statement)


# -- version 2 to 3 --------------------------------------------------------------------
# New per hand player: the cards dealt, which the replayer shows from the deal on. The
# older rows kept no deal, so the column stays NULL (unknown) until the log is imported
# into a new database.

def _to_v3(con: duckdb.DuckDBPyConnection) -> None:
    con.execute("ALTER TABLE hand_players ADD COLUMN dealt_cards VARCHAR")


# -- version 3 to 4 --------------------------------------------------------------------
# New per hand player: which halves of a split game's pots he won (X3). Older rows are
# of Badugi alone, which has no halves: NULL, as for every unsplit game.

def _to_v4(con: duckdb.DuckDBPyConnection) -> None:
    con.execute("ALTER TABLE hand_players ADD COLUMN won_badugi_half BOOLEAN")
    con.execute("ALTER TABLE hand_players ADD COLUMN won_lowball_half BOOLEAN")


#: The step from each version to the next.
MIGRATIONS: dict[int, Migration] = {1: _to_v2, 2: _to_v3, 3: _to_v4}


def migrate(con: duckdb.DuckDBPyConnection) -> int:
    """Bring the database's tables to :data:`SCHEMA_VERSION` (creating them in a new
    database) inside the caller's transaction; the version it had."""
    version = schema_version(con)
    if version > SCHEMA_VERSION:
        raise StoreError(f"the database has tables of version {version}, newer than this "
                         f"badugi-hh ({SCHEMA_VERSION}): upgrade badugi-hh to open it")
    for step in range(max(version, 1), SCHEMA_VERSION) if version else ():
        MIGRATIONS[step](con)
    con.execute(schema_sql())
    if version < SCHEMA_VERSION:
        con.execute("INSERT INTO schema_version VALUES (?, ?)", [SCHEMA_VERSION, datetime.now()])
    return version
