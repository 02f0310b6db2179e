"""Opening the database file, waiting for another process that holds it, and making
sure it is one of ours: a DuckDB file of another program, or one left empty by an
import stopped in its first moment, is named as such by every command."""

from __future__ import annotations

import re
import time
from pathlib import Path

import duckdb

from badugi_hh.rows.closed import CLOSED_CONFIG
from badugi_hh.rows.errors import Busy, StoreError

#: How long opening waits for another process that holds the database.
LOCK_WAIT_SECONDS = 10.0
#: The memory DuckDB may keep for a connection that writes. Its default, 80% of the
#: machine's, let a long import keep the blocks it wrote: a 1 GB log grew the process
#: to 1.2 GB. Beyond this DuckDB evicts what it wrote or spills to the folder
#: ``<database>.tmp`` beside the file, so an import's memory is this and one batch of
#: rows, whatever the log's size (docs/scale.md, "the whole import again, and its memory").
WRITER_MEMORY = "256MB"


class StoreLocked(Busy):
    """Another process holds the database (DuckDB allows one writer per file)."""


class ForeignDatabase(StoreError):
    """A DuckDB file without badugi-hh's tables: another program's, or an empty one."""


#: A database of ours has one of these (version 1 had no ``schema_version``).
_OUR_TABLES = {"schema_version", "hands"}
_OBJECTS = ("SELECT table_name FROM duckdb_tables() WHERE database_name = current_database() "
            "UNION ALL SELECT view_name FROM duckdb_views() "
            "WHERE database_name = current_database() AND NOT internal")


def _check_ours(con: duckdb.DuckDBPyConnection, path: Path, read_only: bool) -> None:
    """Raise :class:`ForeignDatabase` unless the database holds our tables; an empty one
    is fine to write into (an import creates them)."""
    names = sorted(name for (name,) in con.execute(_OBJECTS).fetchall())
    if _OUR_TABLES & set(names) or (not names and not read_only):
        return
    if not names:
        raise ForeignDatabase(
            f"{path} is an empty DuckDB database, without the tables of badugi-hh (an "
            "import stopped in its first moment leaves one): import logs into it "
            f"(badugi-hh import PATH --db {path}) or give another file")
    shown = ", ".join(names[:5]) + (f" and {len(names) - 5} more" if len(names) > 5 else "")
    raise ForeignDatabase(
        f"{path} is a DuckDB database of another program, not of badugi-hh (it holds "
        f"{shown}, not the tables of hand histories): give another file")


_LOCK_HOLDER = re.compile(r"Conflicting lock is held in (.*?) \(PID (\d+)\)")


def _locked(path: Path, error: str, waited: float) -> StoreLocked:
    holder = _LOCK_HOLDER.search(error)
    who = (f"process {holder.group(2)} ({holder.group(1)})" if holder
           else "another process")
    in_use = f"{path} is in use by {who}"
    return StoreLocked(f"{in_use}; waited {waited:g} s for it. Only one import may write at "
                       "a time: let the other one finish, then run this again.", in_use)


def connect(path: str | Path, *, read_only: bool = False,
            wait: float = LOCK_WAIT_SECONDS) -> duckdb.DuckDBPyConnection:
    """Open the database, waiting up to ``wait`` seconds for another process's lock.

    A ``read_only`` connection is also closed to the outside (:data:`CLOSED_CONFIG`)
    and its configuration locked, so it can only read the tables. A file that is not
    a database of ours raises :class:`ForeignDatabase`.
    """
    path = Path(path)
    if str(path) != ":memory:" and not path.parent.is_dir():
        # DuckDB would say "IO Error: Cannot open file": the folder is what is missing
        why = (f"{path.parent} is a file, not a folder" if path.parent.exists()
               else f"the folder {path.parent} does not exist")
        raise StoreError(f"{'no database at' if read_only else 'cannot make'} {path}: {why}")
    if read_only and str(path) != ":memory:" and not path.exists():
        raise StoreError(f"no database at {path}: import some logs first "
                         f"(badugi-hh import PATH --db {path})")
    deadline = time.monotonic() + wait
    while True:
        try:
            con = duckdb.connect(str(path), read_only=read_only,
                                 config=CLOSED_CONFIG if read_only else {})
            break
        except duckdb.IOException as error:
            if "Could not set lock" not in str(error):
                raise StoreError(f"cannot open {path}: {error}") from None
            if time.monotonic() >= deadline:
                raise _locked(path, str(error), wait) from None
            time.sleep(0.2)
    try:
        _check_ours(con, path, read_only)
    except ForeignDatabase:
        con.close()
        raise
    if not read_only:   # a locked read-only connection keeps DuckDB's defaults
        con.execute("SET enable_progress_bar = false")   # the import draws its own line
        con.execute(f"SET memory_limit = '{WRITER_MEMORY}'")
    return con

