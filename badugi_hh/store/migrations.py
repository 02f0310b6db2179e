"""Forward migrations: a database written by an older release, brought up to date.

``schema_version`` holds one row per version the database was brought to; a
database without that table is version 1 (every release before it). Opening a
database for writing runs the steps from its version to
:data:`~badugi_hh.rows.schema.SCHEMA_VERSION`, all in one transaction: an
interrupted migration leaves the old version whole. A step changes tables in
place (ALTER, UPDATE) and derives new columns from the rows it has, so nothing
is re-imported; where the old rows cannot tell (the hero), the column is NULL.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import NamedTuple

import duckdb
import pyarrow as pa

from badugi_hh.games import GAMES
from badugi_hh.hand_ids import site_hand_sql
from badugi_hh.money import CHIPS, CURRENCY_SQL, KIND_SQL, SITE_SQL, buy_in_parts
from badugi_hh.rows.clock import Clock, machine_zone
from badugi_hh.rows.errors import StoreError
from badugi_hh.rows.identity import CONFLICT_MESSAGE, CONTENT_HASH_SQL, RANKED_COPIES_SQL
from badugi_hh.rows.positions import MAX_TABLE, seat_positions
from badugi_hh.rows.schema import SCHEMA_VERSION, UtcTime, arrow_table, schema_sql

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
    for column in _V8_HALF_COLUMNS:   # until v9 (pot_halves)
        con.execute(f"ALTER TABLE hand_players ADD COLUMN {column} BOOLEAN")


# -- version 4 to 5 --------------------------------------------------------------------
# A hand is its site and hand id: the copies of one hand in several files are brought
# down to the first imported, every copy listed in hand_sources, one that differs
# reported under T5. Every hand and session gains its time in UTC and the zone it was
# read in (house logs: this machine's zone, recorded); settings holds "me".

_V5_COLUMNS = (("hands", "started_utc TIMESTAMP WITH TIME ZONE"),
               ("hands", "time_zone VARCHAR NOT NULL DEFAULT ''"),
               ("hands", "content_hash VARCHAR NOT NULL DEFAULT ''"),
               ("hand_players", "started_utc TIMESTAMP WITH TIME ZONE"),
               ("sessions", "started_utc TIMESTAMP WITH TIME ZONE"),
               ("sessions", "time_zone VARCHAR NOT NULL DEFAULT ''"))
_V5_COPIES = RANKED_COPIES_SQL.format(copies="""(
    SELECT h.site, h.hand_id, h.source, h.line, h.content_hash, h.session_id,
           coalesce(s.imported_at, TIMESTAMP '1970-01-01') AS imported_at
    FROM hands h LEFT JOIN sources s ON s.path = h.source)""")
_V5_ONE_COPY = [
    f"CREATE TEMP TABLE v5_copies AS {_V5_COPIES}",
    "INSERT INTO hand_sources BY NAME SELECT site, hand_id, source, line, content_hash "
    "FROM v5_copies",
    *(f"DELETE FROM {table} t USING v5_copies c WHERE c.copy > 1 AND t.source = c.source "
      "AND t.hand_id = c.hand_id"
      for table in ("hands", "hand_players", "actions", "draws", "showdowns", "pots",
                    "violations")),
    # the copies that differ from the first: T5 (the message's template is the parameter)
    "INSERT INTO violations BY NAME SELECT source, hand_id, session_id, 'hand' AS level, "
    "'T5' AS rule, format(?, hand_id, source, line, first_source, first_line) AS message, "
    "line FROM v5_copies WHERE copy > 1 AND source <> first_source "
    "AND content_hash <> first_hash",
    # the sessions whose every hand was a copy go with their players and violations
    "CREATE TEMP TABLE v5_sessions AS SELECT DISTINCT c.source, c.session_id FROM v5_copies c "
    "WHERE c.copy > 1 AND NOT EXISTS (SELECT 1 FROM hands h WHERE h.source = c.source "
    "AND h.session_id = c.session_id)",
    # a session without hands met again: the first imported stays
    "INSERT INTO v5_sessions SELECT s.source, s.session_id FROM sessions s "
    "LEFT JOIN sources f ON f.path = s.source WHERE s.hands = 0 "
    "QUALIFY row_number() OVER (PARTITION BY s.site, s.session_id "
    "ORDER BY f.imported_at NULLS FIRST, s.source) > 1",
    *(f"DELETE FROM {table} t USING v5_sessions s WHERE t.source = s.source "
      f"AND t.session_id = s.session_id{where}"
      for table, where in (("sessions", ""), ("session_players", ""),
                           ("violations", " AND t.level = 'session'"))),
    f"DELETE FROM skipped k WHERE {site_hand_sql('k.hand_id')} "
    "AND EXISTS (SELECT 1 FROM skipped o WHERE o.hand_id = k.hand_id AND o.game = k.game "
    "AND (o.source, o.line) < (k.source, k.line))",
    "UPDATE sources SET hands = (SELECT count(*) FROM hand_sources c WHERE c.source = path), "
    "violations = (SELECT count(*) FROM violations v WHERE v.source = path)",
    "DROP TABLE v5_copies",
    "DROP TABLE v5_sessions",
]


class _TimeRow(NamedTuple):
    source: str
    key: str
    started_utc: UtcTime | None
    time_zone: str


def _v5_clock(con: duckdb.DuckDBPyConnection) -> None:
    """Each hand's and session's time in UTC, read as an import reads it: a file's
    hands in their order (a repeated hour is told apart by the hands around it)."""
    clock = Clock(machine_zone())
    for table, key in (("hands", "hand_id"), ("sessions", "session_id")):
        rows: list[_TimeRow] = []
        for (source,) in con.execute(f"SELECT DISTINCT source FROM {table}").fetchall():
            clock.last = None
            for ident, started_at, site in con.execute(
                    f"SELECT {key}, started_at, site FROM {table} WHERE source = ? "
                    "ORDER BY line", [source]).fetchall():
                moment = clock.read(started_at, site, advance=table == "hands")
                rows.append(_TimeRow(source, ident, moment.utc, moment.zone))
            if len(rows) >= _V5_ROWS_AT_ONCE:
                _v5_set_times(con, table, key, rows)
                rows = []
        _v5_set_times(con, table, key, rows)
    con.execute("UPDATE hand_players t SET started_utc = h.started_utc FROM hands h "
                "WHERE t.source = h.source AND t.hand_id = h.hand_id")


#: Rows of times held before they are written: the migration's memory stays flat.
_V5_ROWS_AT_ONCE = 100_000


def _v5_set_times(con: duckdb.DuckDBPyConnection, table: str, key: str,
                  rows: list[_TimeRow]) -> None:
    con.register("v5_times", arrow_table(_TimeRow, rows))
    try:
        con.execute(f"UPDATE {table} t SET started_utc = u.started_utc, time_zone = u.time_zone "
                    f"FROM v5_times u WHERE t.source = u.source AND t.{key} = u.key")
    finally:
        con.unregister("v5_times")


def _to_v5(con: duckdb.DuckDBPyConnection) -> None:
    for table, column in _V5_COLUMNS:
        con.execute(f"ALTER TABLE {table} ADD COLUMN {column}")
    _v5_clock(con)
    con.execute(f"UPDATE hands t SET content_hash = c.content_hash FROM ({CONTENT_HASH_SQL}) c "
                "WHERE t.source = c.source AND t.hand_id = c.hand_id")
    con.execute(schema_sql(("hand_sources", "settings")))
    for statement in _V5_ONE_COPY:
        con.execute(statement, [CONFLICT_MESSAGE] if "?" in statement else [])


# -- version 5 to 6 --------------------------------------------------------------------
# Each hand player row names its tournament (hand_players.tournament_id). Tournaments:
# each file's account of a tournament (a summary file's, or its hands') and
# of every player's place and prize. Older databases kept the hands' places in
# session_players and no prize: their tournaments come from those rows and the hands'
# buy-in text (the fee and the prizes the hands state are read at the next import of
# the file).

_V6_FROM_HANDS = [
    """INSERT INTO tournaments BY NAME
       SELECT h.source, h.site, h.tournament_id, 'hands' AS origin,
              arg_min(h.game, h.line) AS game, NULL AS buy_in, NULL AS fee,
              'USD' AS currency, 100 AS unit, NULL AS entrants, NULL AS prize_pool,
              min(h.started_at) AS started_at, min(h.started_utc) AS started_utc,
              arg_min(h.time_zone, h.line) AS time_zone, arg_min(h.hero, h.line) AS hero,
              min(h.line) AS line
       FROM hands h WHERE h.tournament_id IS NOT NULL GROUP BY h.source, h.site, h.tournament_id""",
    """INSERT INTO tournament_results BY NAME
       SELECT DISTINCT s.source, s.site, h.tournament_id, 'hands' AS origin, p.player,
              p.place, NULL AS prize, s.line
       FROM sessions s JOIN session_players p USING (source, session_id)
       JOIN (SELECT DISTINCT source, session_id, tournament_id FROM hands
             WHERE tournament_id IS NOT NULL) h USING (source, session_id)""",
]


def _to_v6(con: duckdb.DuckDBPyConnection) -> None:
    con.execute(schema_sql(("tournaments", "tournament_results")))
    # each hand player's tournament: the chips of two tournaments are never summed
    con.execute("ALTER TABLE hand_players ADD COLUMN tournament_id VARCHAR")
    con.execute("UPDATE hand_players t SET tournament_id = h.tournament_id FROM hands h "
                "WHERE t.source = h.source AND t.hand_id = h.hand_id "
                "AND h.tournament_id IS NOT NULL")
    for statement in _V6_FROM_HANDS:
        con.execute(statement)
    for site, tournament, text in con.execute(
            "SELECT DISTINCT site, tournament_id, buy_in FROM hands "
            "WHERE tournament_id IS NOT NULL AND buy_in IS NOT NULL").fetchall():
        parts = buy_in_parts(text)
        if parts is not None:
            con.execute("UPDATE tournaments SET buy_in = ?, fee = ?, currency = ? "
                        "WHERE site = ? AND tournament_id = ? AND origin = 'hands'",
                        [*parts, site, tournament])


# -- version 6 to 7 --------------------------------------------------------------------
# The user's tags and notes on hands, keyed by the hand's identity (site, hand id), so
# they outlive re-imports: new tables, nothing derived.

def _to_v7(con: duckdb.DuckDBPyConnection) -> None:
    con.execute(schema_sql(("hand_tags", "hand_notes")))


# -- version 7 to 8 --------------------------------------------------------------------
# New tables, nothing derived. The user's notes and colour labels on players, keyed by
# the player (site, name), so they outlive re-imports, and his own labels' colours. A hand
# run twice: each run's hands and its share of each pot; a hand stored before kept its
# first run alone (its other rows are kept as they were): its runs stay unknown, no rows,
# until its log is imported into a new database (as the deal of v3).

def _to_v8(con: duckdb.DuckDBPyConnection) -> None:
    con.execute(schema_sql(("player_notes", "player_labels", "labels", "run_hands",
                            "run_pots")))


# -- version 8 to 9 --------------------------------------------------------------------
# The halves of a split game's pots become rows, each half named as the game registry
# names it (pot_halves: a pot, a half, a player and his share), in place of two columns
# of hand_players that named two halves (whether he won a share of the first half and of
# the second in some pot of the hand). Each of those that is true becomes a row of that
# half; which pot and how many chips they did not keep: NULL, until a new import of the
# log.

#: The columns v4 to v8 kept, by the game's half each stood for.
_V8_HALF_COLUMNS = ("won_badugi_half", "won_lowball_half")
_V9_HALVES = """
INSERT INTO pot_halves BY NAME
SELECT p.source, p.hand_id, NULL AS pot, h.half, p.player, NULL AS share
FROM hand_players p JOIN v9_halves h ON h.game = p.game
WHERE CASE h.number {columns} END
"""


def _split_halves() -> pa.Table:
    """Each split game's halves in their order, named as the registry names them."""
    rows = [(game.id, number, half.name) for game in GAMES.values() if game.split
            for number, half in enumerate(game.halves)]
    games, numbers, names = zip(*rows)
    return pa.table({"game": games, "number": numbers, "half": names})


def _to_v9(con: duckdb.DuckDBPyConnection) -> None:
    con.execute(schema_sql(("pot_halves",)))
    con.register("v9_halves", _split_halves())
    try:
        con.execute(_V9_HALVES.format(columns=" ".join(
            f"WHEN {number} THEN p.{column}" for number, column in enumerate(_V8_HALF_COLUMNS))))
    finally:
        con.unregister("v9_halves")
    for column in _V8_HALF_COLUMNS:
        con.execute(f"ALTER TABLE hand_players DROP COLUMN {column}")


# -- version 9 to 10 -------------------------------------------------------------------
# Each file's row names the audit that judged its hands (sources.audit_version, the
# engine's AUDIT_VERSION). Older releases recorded none: 0, older than any, so the next
# import of an unchanged file reads it again and its verdicts become today's.

def _to_v10(con: duckdb.DuckDBPyConnection) -> None:
    con.execute("ALTER TABLE sources ADD COLUMN audit_version BIGINT NOT NULL DEFAULT 0")


# -- version 10 to 11 ------------------------------------------------------------------
# A hand's content hash holds its draws' cards and the hands shown at its showdown too
# (two copies that differed only there were taken as one, the second's violations lost):
# every stored hand's hash is made again from its rows, and so is its own row in
# hand_sources. The other copies a database lists keep the hash they were read with,
# of the older format, which is not compared with today's (rows/identity.py).

def _to_v11(con: duckdb.DuckDBPyConnection) -> None:
    con.execute(f"UPDATE hands t SET content_hash = c.content_hash FROM ({CONTENT_HASH_SQL}) c "
                "WHERE t.source = c.source AND t.hand_id = c.hand_id")
    con.execute("UPDATE hand_sources t SET content_hash = h.content_hash FROM hands h "
                "WHERE t.source = h.source AND t.hand_id = h.hand_id AND t.line = h.line")


# -- version 11 to 12 ------------------------------------------------------------------
# Amounts whose log names no currency are chips, never dollars: v11 stored KingsClub's
# cents as USD, where no line of its logs, nor of a house or PHH export of its hands,
# names one (docs/format.md, "KingsClub"). A kind is then read again from the columns
# kind_of reads (the tournament, the site, the currency and the unit): cents of chips are
# a cash table's, and whole chips of a site whose tournaments are named (PHH) that name
# none are a home game's, no longer a tournament's. A session is its first hand's, and
# its winner the one its new kind names (rows/sessions.py, session_winner): a home
# game's is the larger final stack (N1), a cash table has none.

_V12_KIND = f"CASE WHEN tournament_id IS NOT NULL THEN 'tournament' ELSE {KIND_SQL} END"
_V12_STEPS = [
    *(f"UPDATE {table} SET currency = '{CHIPS}' WHERE site = 'kingsclub' AND currency = 'USD'"
      for table in ("hands", "hand_players", "sessions")),
    *(f"UPDATE {table} SET kind = {_V12_KIND}" for table in ("hands", "hand_players")),
    "CREATE TEMP TABLE v12_sessions AS SELECT s.source, s.session_id, h.kind "
    "FROM sessions s JOIN (SELECT source, session_id, arg_min(kind, line) AS kind FROM hands "
    "GROUP BY ALL) h USING (source, session_id) WHERE s.kind <> h.kind",
    "UPDATE sessions t SET kind = k.kind, winner = NULL FROM v12_sessions k "
    "WHERE t.source = k.source AND t.session_id = k.session_id",
    # a home game's winner: the one player holding the largest final stack (a tie: none)
    "UPDATE sessions t SET winner = l.player FROM ("
    "  SELECT source, session_id, any_value(player) AS player FROM ("
    "    SELECT *, max(final_stack) OVER (PARTITION BY source, session_id) AS top "
    "    FROM session_players SEMI JOIN v12_sessions USING (source, session_id)) "
    "  WHERE final_stack = top GROUP BY ALL HAVING count(*) = 1) l "
    "WHERE t.source = l.source AND t.session_id = l.session_id AND t.kind = 'home'",
    "UPDATE session_players t SET won_session = t.player IS NOT DISTINCT FROM s.winner "
    "FROM sessions s SEMI JOIN v12_sessions USING (source, session_id) "
    "WHERE t.source = s.source AND t.session_id = s.session_id",
    "DROP TABLE v12_sessions",
]


def _to_v12(con: duckdb.DuckDBPyConnection) -> None:
    for statement in _V12_STEPS:
        con.execute(statement)


#: The step from each version to the next.
MIGRATIONS: dict[int, Migration] = {1: _to_v2, 2: _to_v3, 3: _to_v4, 4: _to_v5, 5: _to_v6,
                                   6: _to_v7, 7: _to_v8, 8: _to_v9, 9: _to_v10, 10: _to_v11,
                                   11: _to_v12}


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
