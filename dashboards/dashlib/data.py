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

Every query is a function of :mod:`badugi_hh.stats`, asked through :func:`ask`
and cached here; this module holds no SQL. What a user types reaches SQL only as
a bound parameter.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import re
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple, TypeVar

import duckdb
import streamlit as st

from badugi_hh import stats
from badugi_hh.dataset import connect_dataset, import_to_dataset, is_dataset
from badugi_hh.dataset.layout import MANIFEST
from badugi_hh.dataset.persons import person_tables
from badugi_hh.filters import Filters
from badugi_hh.hand_text import FORMS, HandText, HandTextError
from badugi_hh.hand_text import hand_texts as texts_of_hand
from badugi_hh.stats import HandKey, HandRows   # the pages name hands by them
from badugi_hh.store import notes
from badugi_hh.store.importer import write_transaction

__all__ = ["FORMS", "Database", "DatabaseUnavailable", "HandKey", "HandRows", "HandText",
           "HandTextError", "Location", "ask", "clock", "coverage", "current", "hand_texts",
           "import_log", "location", "note_hand", "reader", "reading", "save_upload",
           "tag_hand", "upload_folder"]
from badugi_hh.store import DEFAULT_DB, ImportSummary, Store, StoreError, connect_current
from badugi_hh.rows.clock import check_zone, machine_zone

#: The environment variable naming the database when the app gets no ``--db``.
DB_ENV = "BADUGI_HH_DB"
#: The environment variable naming the zone the pages show times in, without ``--tz``.
TZ_ENV = "BADUGI_HH_TZ"
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


def clock(argv: list[str] | None = None) -> str:
    """The zone the pages show times, days and sessions in: ``--tz ZONE`` after the
    script's ``--``, else $BADUGI_HH_TZ, else this machine's zone; a name the zone
    database does not know is taken as UTC (the command checked it already)."""
    parser = argparse.ArgumentParser(add_help=False, allow_abbrev=False)
    parser.add_argument("--tz")
    known, _ = parser.parse_known_args(sys.argv[1:] if argv is None else argv)
    try:
        return check_zone(known.tz or os.environ.get(TZ_ENV) or machine_zone())
    except ValueError:
        return "UTC"


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


# -- the statistics --------------------------------------------------------------------

#: The functions of badugi_hh.stats a page may ask for through :func:`ask`.
QUERIES = frozenset({
    "overview", "coverage", "player_stats", "position_stats", "game_stats", "draw_habits",
    "winrate_curve", "winrate_by_date", "violations_by_rule", "players", "persons",
    "names_of", "me", "held", "held_stakes", "held_table_sizes", "date_bounds",
    "session_count", "session_page", "session_players", "session_hands",
    "session_violations", "hand_rows", "find_hands", "hands_numbered", "first_hand",
    "next_in_session", "violation_count", "violation_page", "quarantine_count",
    "older_audit_count", "quarantine_page", "tournament_results", "tournament_totals", "opponents", "hand_marks",
    "tags", "source_hash", "labels", "player_marks", "winrate_by_session", "winrate_by_stakes",
    "final_hand_results", "first_draw_results", "live_tables",
})


@_cached
def ask(db: Database, query: str, *args: object) -> Any:
    """``badugi_hh.stats.<query>(connection, *args)`` on the database or dataset as it
    is now, cached until either changes: ``ask(db, "player_stats", filters)``."""
    if query not in QUERIES:
        raise ValueError(f"no query named {query}")
    with reading(db) as con:
        return getattr(stats, query)(con, *args)


def coverage(db: Database, filters: Filters) -> dict[str, object]:
    """Hands of the selection read, unreadable and skipped, and the sentence saying it."""
    figures = ask(db, "coverage", filters)
    return {**figures, "skipped_by_game": dict(figures["skipped_by_game"]),
            "text": stats.coverage_line(figures)}


@_cached
def hand_texts(db: Database, key: HandKey) -> HandText | None:
    """The hand as its log's own text, house text and PHH (:mod:`badugi_hh.hand_text`),
    read again from its file if unchanged since its import; None for no such hand."""
    rows = ask(db, "hand_rows", key)
    if rows is None:
        return None
    return texts_of_hand(key.source, key.hand_id, int(rows.hand["line"]),
                         *ask(db, "source_hash", key.source))


# -- the user's tags and notes ---------------------------------------------------------

@contextmanager
def _writing(where: Location) -> Iterator[duckdb.DuckDBPyConnection]:
    """The user's tables of the database (in one transaction, the shared reader closed
    meanwhile) or of the dataset (its files replaced when the block ends)."""
    if where.dataset:
        with person_tables(where.path, wait=IMPORT_WAIT_SECONDS) as con:
            yield con
    else:
        reader(str(where.path)).release()
        store = _waiting(lambda: Store(where.path, wait=IMPORT_WAIT_SECONDS), where.path,
                         IMPORT_WAIT_SECONDS)
        with store, write_transaction(store.connection):
            yield store.connection
    st.cache_data.clear()   # the pages show the new tags at once


def tag_hand(where: Location, site: str, key: HandKey, tag: str, remove: bool = False,
             ) -> bool:
    """Give the hand ``tag`` (or take it off); whether that changed anything. A tag that
    cannot be kept raises :class:`~badugi_hh.store.notes.NoteError`."""
    hand = notes.hand_identity(site, key.hand_id, key.source)
    with _writing(where) as con:
        return notes.remove_tag(con, hand, tag) if remove else notes.add_tag(con, hand, tag)


def note_hand(where: Location, site: str, key: HandKey, text: str) -> None:
    """Write the hand's note (blank text removes it)."""
    with _writing(where) as con:
        notes.set_note(con, notes.hand_identity(site, key.hand_id, key.source), text)


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
               read_bytes: Callable[[int], None] | None = None,
               ) -> tuple[ImportSummary, list[str]]:
    """Import one log into the database, opened for writing only meanwhile, or into
    the dataset (in this process); ``progress`` is told the hands read, ``read_bytes``
    the bytes. Returns the summary and, for a dataset, the error that stopped the
    log's import, if one did."""
    if where.dataset:
        done = import_to_dataset([str(log)], where.path, progress=progress,
                                 read_bytes=read_bytes)
        summary, failures = done.summary, done.failures
    else:
        reader(str(where.path)).release()
        store = _waiting(lambda: Store(where.path, wait=IMPORT_WAIT_SECONDS), where.path,
                         IMPORT_WAIT_SECONDS)
        with store:
            summary = store.import_paths([log], progress, read_bytes=read_bytes)
            failures = []
    st.cache_data.clear()   # results of the old version would only take room
    return summary, failures
