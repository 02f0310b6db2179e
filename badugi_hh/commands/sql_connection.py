"""The connection ``badugi-hh sql`` runs a user's query on: its own, bounded and closed.

Every read-only connection of the project reaches its tables and nothing else
(:data:`badugi_hh.rows.closed.CLOSED_CONFIG`). A query typed by a user
gets more: a DuckDB instance of its own, made with a memory limit and no
temporary directory, so the query can neither take the machine's memory nor
write a file (DuckDB spills to a temporary directory when memory runs short;
here it stops with an out-of-memory error instead). The database is attached
to it read-only; a dataset's views and small tables are copied into it from
:func:`badugi_hh.dataset.connect_dataset`, with the files they may read. Then
it is closed and locked like the others.

>>> import argparse, tempfile
>>> from badugi_hh.store import Store
>>> with tempfile.TemporaryDirectory() as folder:
...     Store(f"{folder}/hands.duckdb").close()
...     args = argparse.Namespace(db=f"{folder}/hands.duckdb", data=None)
...     con = open_for_query(args, "100MB")
...     con.sql("SELECT count(*) FROM hands").fetchall(), memory_limit(con)
...     con.close()
([(0,)], '95.3 MiB')
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from badugi_hh.rows.closed import CLOSED_CONFIG

if TYPE_CHECKING:
    import duckdb

def _instance_config(memory: str) -> dict[str, str | bool | int | float | list[str]]:
    """What the query's own instance is made with: its memory, and no temporary
    directory, the one place DuckDB writes files unasked. The memory limit alone may
    change once the configuration is locked: :func:`release_cached_blocks` lowers it
    a moment (no statement of the user's can: only a query runs)."""
    return {"memory_limit": memory, "temp_directory": "", "allowed_configs": ["memory_limit"]}


#: The memory limit :func:`release_cached_blocks` sets a moment: above what a scan
#: keeps pinned, below anything cached.
RELEASE_TO = "4MB"


def release_cached_blocks(con: duckdb.DuckDBPyConnection, memory: str) -> None:
    """Evict the database's blocks DuckDB keeps cached once read, by setting the memory
    limit low a moment, then back to ``memory``.

    A whole table streamed out leaves every block it read in the buffer pool until
    the memory limit is reached (9 MB a million actions): called between batches,
    this keeps the memory of ``SELECT * FROM actions`` flat. Blocks the query still
    needs (a sort's, a hash table's) cannot be evicted without a temporary
    directory: the lower limit is then refused, and nothing changes.
    """
    import duckdb

    cursor = con.cursor()
    try:
        cursor.execute(f"SET memory_limit = '{RELEASE_TO}'")
    except duckdb.OutOfMemoryException:
        pass   # the query holds more than that: nothing to release
    finally:
        cursor.execute(f"SET memory_limit = '{memory}'")
        cursor.close()


#: Settings the copy of a dataset's connection makes itself, not copied from it.
_OWN_SETTINGS = frozenset({*CLOSED_CONFIG, "memory_limit", "max_memory", "temp_directory"})


def open_for_query(args: argparse.Namespace, memory: str) -> duckdb.DuckDBPyConnection:
    """A connection to the tables of ``--db`` or ``--data`` that reads them and nothing
    else, with at most ``memory`` (DuckDB's notation: ``1GB``) for the query.

    Raises :class:`~badugi_hh.store.StoreError` when the database or dataset cannot
    be opened, with a message that says what to do.
    """
    import duckdb

    con = duckdb.connect(":memory:", config=_instance_config(memory))
    try:
        if getattr(args, "data", None) is not None:
            _copy_dataset(con, Path(args.data))
        else:
            _attach_database(con, Path(args.db))
        # the rows wait for Python a batch at a time: DuckDB need not queue 10 MB of them
        con.execute("SET max_streaming_buffer_size = '1MB'")
        for option, value in CLOSED_CONFIG.items():
            con.execute(f"SET {option} = {str(value).lower()}")
    except BaseException:
        con.close()
        raise
    return con


def memory_limit(con: duckdb.DuckDBPyConnection) -> str:
    """The connection's memory limit as DuckDB writes it (``953.6 MiB``)."""
    return str(con.execute("SELECT current_setting('memory_limit')").fetchall()[0][0])


def _attach_database(con: duckdb.DuckDBPyConnection, path: Path) -> None:
    """Attach the database read-only, as the default one; migrated first when an older
    release wrote it (the store's read-only opening does that, and waits while an
    import holds the file)."""
    import duckdb

    from badugi_hh.store import Store, StoreError
    from badugi_hh.rows.errors import first_line

    Store(path, read_only=True).close()
    try:
        con.execute(f"ATTACH {_quoted(str(path))} AS store (READ_ONLY)")
    except duckdb.Error as error:   # an import took the file in the meantime
        raise StoreError(f"cannot open {path}: {first_line(error)}") from None
    con.execute("USE store")


def _copy_dataset(con: duckdb.DuckDBPyConnection, root: Path) -> None:
    """The dataset connection's tables, views and settings (the files it may read),
    made again in ``con``: the views are its SQL, the tables small (the manifest,
    the rules...)."""
    from badugi_hh.dataset import connect_dataset

    origin = connect_dataset(root)
    try:
        for name, create in origin.execute(
                "SELECT table_name, sql FROM duckdb_tables() WHERE database_name = "
                "current_database() AND NOT temporary ORDER BY table_oid").fetchall():
            con.execute(create)
            con.register("origin_rows", origin.sql(f"FROM {_identifier(name)}").to_arrow_reader())
            con.execute(f"INSERT INTO {_identifier(name)} SELECT * FROM origin_rows")
            con.unregister("origin_rows")
        for (create,) in origin.execute(
                "SELECT sql FROM duckdb_views() WHERE database_name = current_database() "
                "AND NOT internal AND NOT temporary ORDER BY view_oid").fetchall():
            con.execute(create)
        for name, value in _changed_settings(origin):
            con.execute(f"SET {name} = ?", [value])
    finally:
        origin.close()


def _changed_settings(origin: duckdb.DuckDBPyConnection) -> list[tuple[str, object]]:
    """The settings ``origin`` changed from a new instance's, but those this module
    sets itself; its temporary directory left out of the directories it may reach."""
    import duckdb

    defaults = duckdb.connect(":memory:")
    try:
        default = dict(defaults.execute("SELECT name, value FROM duckdb_settings()").fetchall())
    finally:
        defaults.close()
    changed = []
    for name, value in origin.execute("SELECT name, value FROM duckdb_settings()").fetchall():
        if value == default.get(name) or name in _OWN_SETTINGS:
            continue
        typed = origin.execute("SELECT current_setting(?)", [name]).fetchall()[0][0]
        if name == "allowed_directories":
            typed = [path for path in typed if not _is_temp_directory(origin, path)]
        changed.append((name, typed))
    return changed


def _is_temp_directory(origin: duckdb.DuckDBPyConnection, path: str) -> bool:
    """DuckDB adds its temporary directory to the allowed ones; this instance has none."""
    temp = origin.execute("SELECT current_setting('temp_directory')").fetchall()[0][0]
    return bool(temp) and Path(path).resolve() == Path(temp).resolve()


def _identifier(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _quoted(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"
