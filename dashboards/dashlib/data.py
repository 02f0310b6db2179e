"""Every query the dashboard runs, cached per version of the database file or dataset.

The tables come from a DuckDB file (``--db``) or a dataset folder of Parquet
files (``--data``, :mod:`badugi_hh.dataset`); the queries are the same on both.
Browsing reads them through one read-only connection, shared by the sessions
(each query takes its own cursor). It stays open while pages query it, so
DuckDB's buffers stay warm, and closes after :data:`IDLE_SECONDS` without a
query: DuckDB lets one process write a file only when no other holds it, and
``badugi-hh import`` waits that long for it. A cached result is keyed by the
file's size and modification time (its WAL's too), or by the state of the
dataset's manifest folder, so the first view after any import, here or on the
command line, reads the new data.

The figures come from :mod:`badugi_hh.stats` where it has them; the queries
here are the ones only the pages need (a win-rate curve sampled in SQL,
paginated lists, the rows of one hand). What a user types reaches SQL only
as a bound parameter.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import os
import re
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import NamedTuple, TypeVar

import duckdb
import numpy as np
import pandas as pd
import streamlit as st

from badugi_hh import stats
from badugi_hh.dataset import connect_dataset, import_to_dataset, is_dataset
from badugi_hh.dataset.layout import MANIFEST
from badugi_hh.stats import Filters
from badugi_hh.money import format_amount
from badugi_hh.store import DEFAULT_DB, ImportSummary, Store, StoreError, connect_current

#: The environment variable naming the database when the app gets no ``--db``.
DB_ENV = "BADUGI_HH_DB"
#: The environment variable naming a dataset folder, read instead of the database.
DATA_ENV = "BADUGI_HH_DATA"
#: How long a page waits for a database that an import is writing.
BROWSE_WAIT_SECONDS = 2.0
#: How long the shared read-only connection outlives the last query; well under
#: the 10 s that ``badugi-hh import`` waits for a database in use.
IDLE_SECONDS = 4.0
#: How long the Import page waits for page views of other sessions to finish.
IMPORT_WAIT_SECONDS = 10.0
#: Rows per page of the lists.
PAGE_ROWS = 50
#: Points per player of the win-rate curve, about, when he has more hands: enough
#: for a chart's width, few enough for the browser to draw at once.
CURVE_POINTS = 500
#: Up to this many rows of hand_players the curve is computed hand by hand (a sort
#: of the rows); beyond, hands are first summed per slice of time, one of
#: CURVE_SLICES, which needs no sort of the hands and stays exact at each slice's end.
EXACT_CURVE_ROWS = 200_000
CURVE_SLICES = 20_000

Result = TypeVar("Result")


class DatabaseUnavailable(StoreError):
    """The database is missing, or busy longer than a page view may wait."""


# -- which database, in which version --------------------------------------------------

class Location(NamedTuple):
    """Where the tables are: a DuckDB file, or a dataset folder when ``dataset``."""

    path: Path
    dataset: bool = False


def location(argv: list[str] | None = None) -> Location:
    """The dataset of ``--data DIR`` or the database of ``--db FILE`` after the script's
    ``--``, else the dataset of $BADUGI_HH_DATA or the database of $BADUGI_HH_DB, else
    ``badugi.duckdb`` in the current folder."""
    parser = argparse.ArgumentParser(add_help=False, allow_abbrev=False)
    parser.add_argument("--db")
    parser.add_argument("--data")
    known, _ = parser.parse_known_args(sys.argv[1:] if argv is None else argv)
    if known.data or known.db:
        return Location(Path(known.data or known.db).resolve(), bool(known.data))
    if os.environ.get(DATA_ENV):
        return Location(Path(os.environ[DATA_ENV]).resolve(), dataset=True)
    return Location(Path(os.environ.get(DB_ENV) or DEFAULT_DB).resolve())


@dataclass(frozen=True, slots=True)
class Database:
    """A database file or dataset as it is now; the cache key of every query on it."""

    path: str
    version: tuple[int, ...]
    dataset: bool = False

    @property
    def kind(self) -> str:
        """What the pages call it: ``database`` or ``dataset``."""
        return "dataset" if self.dataset else "database"


def current() -> Database:
    """The database or dataset the app browses, with its current version."""
    path, dataset = location()
    if dataset:
        return _current_dataset(path)
    if not path.exists():
        raise DatabaseUnavailable(f"There is no database at {path} yet: import a log on the "
                                  "Import page, or run badugi-hh import PATH --db "
                                  f"{path}.")
    files = [path, path.with_name(path.name + ".wal")]
    version = tuple(number for file in files if file.exists()
                    for number in (file.stat().st_mtime_ns, file.stat().st_size))
    return Database(str(path), version)


def _current_dataset(path: Path) -> Database:
    """A dataset changes only by a log's manifest file coming or going (its rows are
    read through the manifest), which changes the manifest folder's time and count."""
    if not is_dataset(path):
        raise DatabaseUnavailable(f"There is no dataset at {path} yet: import a log on the "
                                  f"Import page, or run badugi-hh import PATH --out {path}.")
    manifest = path / MANIFEST
    version = (manifest.stat().st_mtime_ns, sum(1 for _ in manifest.iterdir()))
    return Database(str(path), version, dataset=True)


def _waiting(opener: Callable[[], Result], path: str | Path, wait: float) -> Result:
    """``opener()``, tried again while this process holds the file in the other mode
    (DuckDB refuses a read-write and a read-only connection to one file at once);
    other processes' locks are waited for by :func:`~badugi_hh.store.connect`."""
    deadline = time.monotonic() + wait
    while True:
        try:
            return opener()
        except duckdb.ConnectionException:
            if time.monotonic() >= deadline:
                raise DatabaseUnavailable(
                    f"{path} is being written by an import; try again when it is done."
                ) from None
            time.sleep(0.1)


class Reader:
    """The read-only connection to one database or dataset: opened by the first query,
    closed :data:`IDLE_SECONDS` after the last, or at once by :meth:`release`."""

    def __init__(self, path: str, dataset: bool = False) -> None:
        self.path = path
        self.dataset = dataset
        self._lock = threading.Lock()
        self._connection: duckdb.DuckDBPyConnection | None = None
        self._users = 0
        self._idle: threading.Timer | None = None

    @contextmanager
    def cursor(self) -> Iterator[duckdb.DuckDBPyConnection]:
        with self._lock:
            if self._idle is not None:
                self._idle.cancel()
            if self._connection is None:
                self._connection = self._connect()
            self._users += 1
            cursor = self._connection.cursor()
        try:
            yield cursor
        finally:
            cursor.close()
            self._done()

    def _connect(self) -> duckdb.DuckDBPyConnection:
        """Closed and read-only either way: no other file, URL or extension."""
        if self.dataset:   # Parquet files: nothing holds them, nothing to wait for
            return connect_dataset(self.path)
        return _waiting(lambda: connect_current(self.path, wait=BROWSE_WAIT_SECONDS),
                        self.path, BROWSE_WAIT_SECONDS)

    def _done(self) -> None:
        with self._lock:
            self._users -= 1
            if not self._users:
                self._idle = threading.Timer(IDLE_SECONDS, self.release)
                self._idle.daemon = True
                self._idle.start()

    def release(self) -> None:
        """Close the connection unless a query is running (its end starts the timer)."""
        with self._lock:
            if self._users or self._connection is None:
                return
            self._connection.close()
            self._connection = None


@st.cache_resource(show_spinner=False, max_entries=16)
def reader(path: str, dataset: bool = False, version: tuple[int, ...] = ()) -> Reader:
    return Reader(path, dataset)


@contextmanager
def reading(db: Database) -> Iterator[duckdb.DuckDBPyConnection]:
    """A read-only cursor for one query. A dataset's connection lists the files of its
    logs when it opens, so each version of a dataset has a reader of its own (the old
    one closes when idle); a database file's one connection sees every version."""
    version = db.version if db.dataset else ()
    with reader(db.path, db.dataset, version).cursor() as cursor:
        yield cursor


def _cached(function: Callable[..., Result]) -> Callable[..., Result]:
    return st.cache_data(show_spinner=False, max_entries=256)(function)


def _frame(db: Database, sql: str, params: list[object]) -> pd.DataFrame:
    with reading(db) as con:
        return con.execute(sql, params).df()


def _and(where: str, clause: str) -> str:
    """``where`` (a WHERE clause or nothing) narrowed by ``clause``."""
    return f"{where} AND {clause}" if where else f"WHERE {clause}"


# -- the statistics of badugi_hh.stats -------------------------------------------------

@_cached
def overview(db: Database, filters: Filters) -> dict[str, object]:
    with reading(db) as con:
        return stats.overview(con, filters)


@_cached
def player_stats(db: Database, filters: Filters) -> pd.DataFrame:
    with reading(db) as con:
        return stats.player_stats(con, filters)


@_cached
def draw_habits(db: Database, filters: Filters) -> pd.DataFrame:
    with reading(db) as con:
        return stats.draw_habits(con, filters)


@_cached
def position_stats(db: Database, filters: Filters) -> pd.DataFrame:
    with reading(db) as con:
        return stats.position_stats(con, filters)


@_cached
def coverage(db: Database, filters: Filters) -> dict[str, object]:
    """Hands of the selection read, unreadable and skipped (see stats.coverage)."""
    with reading(db) as con:
        figures = stats.coverage(con, filters)
    return {**figures, "skipped_by_game": dict(figures["skipped_by_game"]),
            "text": stats.coverage_line(figures)}


def with_money_text(frame: pd.DataFrame, column: str = "net") -> pd.DataFrame:
    """``frame`` with ``<column>_text``: each amount as its log writes it, in its unit."""
    texts = [format_amount(int(amount), currency, int(unit)) for amount, currency, unit in
             zip(frame[column], frame["currency"], frame["unit"])]
    return frame.assign(**{f"{column}_text": texts})


@_cached
def violations_by_rule(db: Database) -> pd.DataFrame:
    with reading(db) as con:
        return stats.violations_by_rule(con)


# -- what the filters offer ------------------------------------------------------------

@_cached
def players(db: Database) -> pd.DataFrame:
    """Every player and his number of hands, most hands first."""
    return _frame(db, "SELECT player, count(*) AS hands FROM hand_players "
                      "GROUP BY player ORDER BY hands DESC, player", [])


@_cached
def choices(db: Database, column: str) -> list[str]:
    """The values of a hand's ``site``, ``game``, ``currency`` or ``kind`` in the database."""
    if column not in ("site", "game", "currency", "kind"):
        raise ValueError(f"no filter on {column}")
    return _frame(db, f"SELECT DISTINCT {column} AS value FROM hands ORDER BY value",
                  [])["value"].tolist()


@_cached
def rulesets(db: Database) -> list[str]:
    return _frame(db, "SELECT DISTINCT ruleset FROM sessions ORDER BY ruleset",
                  [])["ruleset"].tolist()


@_cached
def date_bounds(db: Database) -> tuple[date | None, date | None]:
    """The days of the first and the last hand."""
    first, last = _frame(db, "SELECT min(started_at)::DATE AS first, "
                             "max(started_at)::DATE AS last FROM hands", []).iloc[0]
    return (None if pd.isna(first) else first, None if pd.isna(last) else last)


# -- the win-rate curve ----------------------------------------------------------------

# The sliced curve keeps every n-th point of each player (n making about
# CURVE_POINTS of them) and his last, with the running totals of
# stats.cumulative_net at that hand; below EXACT_CURVE_ROWS rows that function
# itself samples the exact curve.
# A slice holds the hands of one stretch of the time between the first and the last
# filtered hand (hands without a time come first); hands at the same time share a
# slice, so the totals at a slice's end are those after its last hand in the order
# of stats.cumulative_net.
_SLICED_CURVE = """
WITH filtered AS (
    SELECT player, currency, unit, started_at, net, net_bb, went_to_showdown
    FROM hand_players {where}
),
span AS (SELECT min(epoch(started_at)) AS first, max(epoch(started_at)) AS last FROM filtered),
slices AS (
    SELECT player, currency, unit,
           CASE WHEN started_at IS NULL THEN -1
                ELSE floor((epoch(started_at) - first) / greatest(last - first, 1)
                           * (? - 1))::BIGINT END AS slice,
           count(*) AS hands, sum(net) AS net,
           sum(CASE WHEN went_to_showdown THEN net ELSE 0 END) AS showdown_net,
           sum(CASE WHEN went_to_showdown THEN 0 ELSE net END) AS non_showdown_net,
           {net_bb_sum} AS net_bb
    FROM filtered, span
    GROUP BY ALL
),
running AS (
    SELECT player, currency, unit, row_number() OVER running AS point,
           count(*) OVER (PARTITION BY player, currency, unit) AS points,
           sum(hands) OVER running AS hands, sum(net) OVER running AS net,
           sum(showdown_net) OVER running AS showdown_net,
           sum(non_showdown_net) OVER running AS non_showdown_net,
           sum(net_bb) OVER running AS net_bb
    FROM slices
    WINDOW running AS (PARTITION BY player, currency, unit ORDER BY slice
                       ROWS UNBOUNDED PRECEDING)
)
SELECT player, currency, unit, hands::BIGINT AS hands, net::BIGINT AS net,
       showdown_net::BIGINT AS showdown_net, non_showdown_net::BIGINT AS non_showdown_net,
       net_bb
FROM running
WHERE point % greatest(1, points // ?) = 0 OR point = points
ORDER BY player, currency, unit, hands
"""


@_cached
def winrate_curve(db: Database, filters: Filters, chosen: tuple[str, ...],
                  exact_rows: int = EXACT_CURVE_ROWS) -> pd.DataFrame:
    """The running net of each chosen player over his hands (a curve per unit), and
    its showdown and non-showdown parts, at about :data:`CURVE_POINTS` of his hands and his last;
    summed per slice of time when there are more than ``exact_rows`` rows."""
    where, params = filters.where()
    where = _and(where, "player IN (SELECT unnest(?))")
    params = [*params, list(chosen)]
    with reading(db) as con:
        rows = con.execute(f"SELECT count(*) FROM hand_players {where}", params).fetchall()[0][0]
        if rows <= exact_rows:
            curve = stats.cumulative_net(con, filters, points=CURVE_POINTS)
            curve = curve[curve["player"].isin(chosen)].rename(columns={"hand_index": "hands"})
            return curve[["player", "currency", "unit", "hands", "net", "showdown_net",
                          "non_showdown_net", "net_bb"]].reset_index(drop=True)
        return con.execute(_SLICED_CURVE.format(where=where, net_bb_sum=stats.NET_BB_SUM),
                           [*params, CURVE_SLICES, CURVE_POINTS]).df()


# -- sessions --------------------------------------------------------------------------

def _session_where(filters: Filters) -> tuple[str, list[object]]:
    """The filters over ``sessions s``; a player filter keeps the sessions he sat in."""
    where, params = dataclasses.replace(filters, player=None).where(
        session="s.session_id", ruleset="s.ruleset", started_at="s.started_at", prefix="s.")
    if filters.player is not None:
        where = _and(where, "EXISTS (SELECT 1 FROM session_players sp WHERE sp.source = "
                            "s.source AND sp.session_id = s.session_id AND sp.player = ?)")
        params.append(filters.player)
    return where, params


@_cached
def session_count(db: Database, filters: Filters) -> int:
    where, params = _session_where(filters)
    return int(_frame(db, f"SELECT count(*) AS n FROM sessions s {where}", params)["n"][0])


_SESSION_PAGE = """
WITH page AS (
    SELECT s.source, s.session_id, s.title, s.started_at, s.ruleset, s.kind, s.currency,
           s.unit, s.hands, s.winner
    FROM sessions s
    {where}
    ORDER BY s.started_at DESC NULLS LAST, s.source, s.session_id
    LIMIT ? OFFSET ?
),
results AS (
    SELECT p.source, p.session_id,
           list(p.player ORDER BY p.seat) AS players, list(p.net ORDER BY p.seat) AS nets,
           list(coalesce(p.place, 0) ORDER BY p.seat) AS places   -- 0: not stated
    FROM session_players p SEMI JOIN page USING (source, session_id)
    GROUP BY ALL
),
spans AS (
    SELECT h.source, h.session_id, max(h.started_at) - min(h.started_at) AS duration
    FROM hands h SEMI JOIN page USING (source, session_id)
    GROUP BY ALL
)
SELECT page.*, results.players, results.nets, results.places, spans.duration
FROM page LEFT JOIN results USING (source, session_id) LEFT JOIN spans USING (source, session_id)
ORDER BY page.started_at DESC NULLS LAST, page.source, page.session_id
"""


@_cached
def session_page(db: Database, filters: Filters, offset: int, limit: int) -> pd.DataFrame:
    """One page of sessions, newest first: each player's net in the session's unit
    (and place, in a tournament), the winner, hands, duration."""
    where, params = _session_where(filters)
    page = _frame(db, _SESSION_PAGE.format(where=where), [*params, limit, offset])
    results = [_session_results(*row) for row in
               zip(page["players"], page["nets"], page["places"], page["currency"], page["unit"])]
    return page.drop(columns=["players", "nets", "places"]).assign(results=results)


def _session_results(players: object, nets: object, places: object, currency: str,
                     unit: int) -> str:
    """``Ana +$5.70, Bo -$5.70``; a tournament's places where the log states them."""
    if not isinstance(players, list | tuple | np.ndarray):
        return ""
    parts = []
    for player, net, place in zip(players, nets, places):
        sign = "+" if net > 0 else ""
        placed = f" ({int(place)}.)" if place else ""
        parts.append(f"{player} {sign}{format_amount(int(net), currency, int(unit))}{placed}")
    return ", ".join(parts)


@_cached
def session_players(db: Database, source: str, session_id: str) -> pd.DataFrame:
    """Each player's stacks and net, in the session's unit, his place and whether he won."""
    return _frame(db, "SELECT p.player, p.seat, p.start_stack, p.final_stack, p.net, "
                      "s.currency, s.unit, p.place, p.won_session "
                      "FROM session_players p JOIN sessions s USING (source, session_id) "
                      "WHERE p.source = ? AND p.session_id = ? ORDER BY p.seat",
                  [source, session_id])


_SESSION_HANDS = """
WITH winners AS (
    SELECT hand_id, string_agg(player || ' ' || won, ', ' ORDER BY seat) AS winners
    FROM hand_players
    WHERE source = ? AND session_id = ? AND won > 0
    GROUP BY hand_id
)
SELECT h.number, h.hand_id, h.started_at, h.button_player, h.pot, h.currency, h.unit,
       h.ended, w.winners, h.violations
FROM hands h LEFT JOIN winners w USING (hand_id)
WHERE h.source = ? AND h.session_id = ?
ORDER BY h.number, h.hand_id
LIMIT ? OFFSET ?
"""


@_cached
def session_hands(db: Database, source: str, session_id: str, offset: int,
                  limit: int) -> pd.DataFrame:
    return _frame(db, _SESSION_HANDS,
                  [source, session_id, source, session_id, limit, offset])


@_cached
def session_violations(db: Database, source: str, session_id: str) -> pd.DataFrame:
    """The violations of the session as a whole (N1 and the like), not of a hand."""
    return _frame(db, "SELECT rule, message, line FROM violations WHERE source = ? AND "
                      "session_id = ? AND hand_id IS NULL ORDER BY line",
                  [source, session_id])


# -- one hand --------------------------------------------------------------------------

class HandKey(NamedTuple):
    source: str
    hand_id: str


class HandRows(NamedTuple):
    """Everything stored about one hand, a frame per table."""

    hand: pd.Series
    players: pd.DataFrame
    actions: pd.DataFrame
    draws: pd.DataFrame
    showdowns: pd.DataFrame
    pots: pd.DataFrame
    violations: pd.DataFrame


_HAND_TABLES = {
    "players": "SELECT player, seat, position, start_stack, end_stack, contributed, returned, "
               "won, net, dealt_cards FROM hand_players WHERE source = ? AND hand_id = ? "
               "ORDER BY seat",
    "actions": "SELECT seq, player, round, action, amount, total_in_round, all_in, line "
               "FROM actions WHERE source = ? AND hand_id = ? ORDER BY seq",
    "draws": "SELECT player, draw, discarded, discarded_cards, drawn_cards, hand_after, line "
             "FROM draws WHERE source = ? AND hand_id = ? ORDER BY line, draw",
    "showdowns": "SELECT player, shown_cards, description, won FROM showdowns "
                 "WHERE source = ? AND hand_id = ?",
    "pots": "SELECT pot, amount, eligible, winners FROM pots "
            "WHERE source = ? AND hand_id = ? ORDER BY pot",
    "violations": "SELECT v.rule, r.title, v.message, v.line FROM violations v "
                  "LEFT JOIN rules r USING (rule) "
                  "WHERE v.source = ? AND v.hand_id = ? ORDER BY v.line, v.rule",
}


@_cached
def hand_rows(db: Database, key: HandKey) -> HandRows | None:
    """The stored rows of one hand; None when there is no such hand."""
    params = [key.source, key.hand_id]
    with reading(db) as con:
        hand = con.execute("SELECT * FROM hands WHERE source = ? AND hand_id = ?",
                           params).df()
        if hand.empty:
            return None
        frames = {name: con.execute(sql, params).df() for name, sql in _HAND_TABLES.items()}
    return HandRows(hand.iloc[0], **frames)


_HAND_CHOICES = 50


@_cached
def hands_with_id(db: Database, hand_id: str) -> list[HandKey]:
    """The hands of that id, one per file that has it."""
    rows = _frame(db, "SELECT source, hand_id FROM hands WHERE hand_id = ? "
                      "ORDER BY source LIMIT ?", [hand_id, _HAND_CHOICES])
    return [HandKey(*row) for row in rows.itertuples(index=False)]


@_cached
def hands_numbered(db: Database, session_id: str, number: int) -> list[HandKey]:
    """Hand ``number`` of the session, one per file that has the session."""
    rows = _frame(db, "SELECT source, hand_id FROM hands WHERE session_id = ? AND number = ? "
                      "ORDER BY source LIMIT ?", [session_id, number, _HAND_CHOICES])
    return [HandKey(*row) for row in rows.itertuples(index=False)]


@_cached
def first_hand(db: Database) -> HandKey | None:
    """The hand played first, where the replayer starts when asked for none."""
    rows = _frame(db, "SELECT source, hand_id FROM hands "
                      "ORDER BY started_at NULLS FIRST, source, number LIMIT 1", [])
    return HandKey(*rows.iloc[0]) if len(rows) else None


@_cached
def next_in_session(db: Database, key: HandKey, step: int) -> HandKey | None:
    """The hand ``step`` places after (or, negative, before) this one in its session."""
    rows = _frame(db, "SELECT n.source, n.hand_id FROM hands h JOIN hands n "
                      "ON n.source = h.source AND n.session_id = h.session_id "
                      "AND n.number = h.number + ? WHERE h.source = ? AND h.hand_id = ? "
                      "LIMIT 1", [step, key.source, key.hand_id])
    return HandKey(*rows.iloc[0]) if len(rows) else None


# -- the audit -------------------------------------------------------------------------

def _rule_where(rules: tuple[str, ...]) -> tuple[str, list[object]]:
    return ("WHERE v.rule IN (SELECT unnest(?))", [list(rules)]) if rules else ("", [])


@_cached
def violation_count(db: Database, rules: tuple[str, ...]) -> int:
    where, params = _rule_where(rules)
    return int(_frame(db, f"SELECT count(*) AS n FROM violations v {where}", params)["n"][0])


@_cached
def violation_page(db: Database, rules: tuple[str, ...], offset: int,
                   limit: int) -> pd.DataFrame:
    """Violations of the chosen rules (all when none), by file and line."""
    where, params = _rule_where(rules)
    return _frame(db, "SELECT v.rule, r.title, v.message, v.source, v.line, v.session_id, "
                      f"v.hand_id, v.level FROM violations v LEFT JOIN rules r USING (rule) "
                      f"{where} ORDER BY v.source, v.line, v.rule LIMIT ? OFFSET ?",
                  [*params, limit, offset])


@_cached
def quarantine_count(db: Database) -> int:
    return int(_frame(db, "SELECT count(*) AS n FROM quarantine", [])["n"][0])


@_cached
def quarantine_page(db: Database, offset: int, limit: int) -> pd.DataFrame:
    return _frame(db, "SELECT source, line, column_number, error, text FROM quarantine "
                      "ORDER BY source, line LIMIT ? OFFSET ?", [limit, offset])


# -- importing -------------------------------------------------------------------------

def upload_folder(db_path: Path) -> Path:
    """Where uploaded logs are kept: beside the database (or dataset), under their own
    names, so that uploading a file again skips it, or adds only its new hands when it
    grew."""
    return db_path.parent / f"{db_path.stem}-uploads"


def save_upload(db_path: Path, name: str, content: bytes) -> Path:
    """Keep an upload without ever writing over another log: a file it merely extends
    (the same log, grown) is rewritten in place, so only its new hands are imported;
    any other content gets a name of its own, ``<sha256[:16]>-<name>``. (Writing over
    a different log of the same name would replace that log's hands in the store.)"""
    folder = upload_folder(db_path)
    folder.mkdir(parents=True, exist_ok=True)
    safe = re.sub(r"[^\w.-]", "_", Path(name).name).lstrip(".") or "upload.txt"
    own = [folder / safe, *sorted(folder.glob(f"????????????????-{safe}"))]
    target = next((path for path in own if _grown_from(path, content)), None)
    if target is None:
        plain = folder / safe
        target = plain if not plain.exists() else (
            folder / f"{hashlib.sha256(content).hexdigest()[:16]}-{safe}")
    target.write_bytes(content)
    return target


def _grown_from(path: Path, content: bytes) -> bool:
    """Whether ``content`` is the log at ``path``, possibly with hands added."""
    return path.is_file() and content.startswith(path.read_bytes())


def import_log(where: Location, log: Path, progress: Callable[[int], None],
               ) -> tuple[ImportSummary, list[str]]:
    """Import one log into the database, opened for writing only meanwhile, or into
    the dataset (in this process). Returns the summary and, for a dataset, the error
    that stopped the log's import, if one did."""
    if where.dataset:
        done = import_to_dataset([str(log)], where.path, progress=progress)
        summary, failures = done.summary, done.failures
    else:
        reader(str(where.path)).release()
        store = _waiting(lambda: Store(where.path, wait=IMPORT_WAIT_SECONDS), where.path,
                         IMPORT_WAIT_SECONDS)
        with store:
            summary, failures = store.import_file(log, progress), []
    st.cache_data.clear()   # results of the old version would only take room
    return summary, failures
