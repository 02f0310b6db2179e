"""The dataset as the store's tables: DuckDB views over the Parquet files.

:func:`connect_dataset` opens an in-memory DuckDB whose views have the names
and columns of the store's tables, so every query of ``stats``, ``sql`` and the
dashboard runs unchanged on a dataset. The views read only the files the
manifest lists (a log whose import has not finished is not seen; see
:mod:`badugi_hh.dataset.snapshot`), and the
connection is then closed as a read-only store connection is: it reaches those
files and nothing else, loads no extension, and its configuration is locked.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from datetime import datetime
from pathlib import Path

import duckdb
import pyarrow as pa

from badugi_hh.dataset.copies import find_copies, public_view
from badugi_hh.dataset.layout import (
    MANIFEST, PARTITIONED, PARTITIONED_BY_ROW, PERSON_FILES, FILE_TABLES,
)
from badugi_hh.dataset.snapshot import Snapshot, read_snapshot
from badugi_hh.hand_ids import hand_file_sql
from badugi_hh.rules import RULES
from badugi_hh.rows.closed import CLOSED_CONFIG
from badugi_hh.rows.errors import StoreError, first_line
from badugi_hh.rows.schema import SCHEMA_VERSION, TABLES, columns_of, schema_sql

_HIVE = "hive_partitioning = true, hive_types = {'site': VARCHAR, 'month': VARCHAR}"


def is_dataset(path: Path) -> bool:
    return (path / MANIFEST).is_dir()


def connect_dataset(root: str | Path) -> duckdb.DuckDBPyConnection:
    """A closed, read-only DuckDB connection whose views are the store's tables.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as empty:
    ...     (Path(empty) / "manifest").mkdir()
    ...     con = connect_dataset(empty)
    ...     con.sql("SELECT count(*) FROM hands").fetchall()
    [(0,)]
    """
    root = Path(root).resolve()
    if not is_dataset(root):
        raise StoreError(f"no dataset at {root}: import some logs first "
                         f"(badugi-hh import PATH --out {root})")
    for attempt in range(_ATTEMPTS):
        try:
            return _connect(root)
        except (FileNotFoundError, duckdb.IOException) as error:
            # an import or compaction replaced a file between the listing and the reading;
            # the manifest now lists its successor. A file gone for good is damage.
            if attempt == _ATTEMPTS - 1:
                raise StoreError(f"the dataset at {root} is damaged: "
                                 f"{_why_damaged(error)}") from None
            time.sleep(0.05 * (attempt + 1))
        except (OSError, pa.ArrowException, duckdb.Error) as error:
            raise StoreError(f"the dataset at {root} is damaged: {_why_damaged(error)}") from None
    raise AssertionError("unreachable")


def hands_shown(root: str | Path) -> int:
    """How many hands the dataset at ``root`` shows, each once: the identities
    (:func:`badugi_hh.rows.identity.identity`) among its hands' files, counted
    without the views :func:`connect_dataset` builds (an import counts them twice).

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as empty:
    ...     hands_shown(empty)
    0
    """
    root = Path(root).resolve()
    if not any((root / MANIFEST).glob("*.parquet")):
        return 0
    snapshot = read_snapshot(root)
    con = duckdb.connect(":memory:")
    try:
        _create_raw_views(con, root, snapshot, ("hands",))
        return int(con.execute("SELECT count(*) FROM (SELECT DISTINCT site, hand_id, "
                               f"{hand_file_sql()} "
                               "FROM dataset_raw_hands)").fetchall()[0][0])
    except (OSError, pa.ArrowException, duckdb.Error) as error:   # a part cut short
        raise StoreError(f"the dataset at {root} is damaged: {_why_damaged(error)}; "
                         "nothing was imported: put that file back from a copy, or import "
                         "the logs into a new dataset") from None
    finally:
        con.close()


def _create_raw_views(con: duckdb.DuckDBPyConnection, root: Path, snapshot: Snapshot,
                      tables: Iterable[str]) -> None:
    """The views ``dataset_raw_{table}`` of ``tables`` over the files ``snapshot`` lists."""
    whole, filtered = snapshot.files()
    # the logs whose rows a stale compaction still holds for good
    con.execute("CREATE TABLE compacted_live AS SELECT unnest(?::VARCHAR[]) AS path",
                [[path for stale in snapshot.stale for path in snapshot.live_paths_of(stale)]])
    for table in tables:
        con.execute(_raw_view(table, [str(root / f) for f in whole.get(table, [])],
                              [str(root / f) for f in filtered.get(table, [])]))


def _why_damaged(error: Exception) -> str:
    if isinstance(error, FileNotFoundError) and error.filename:
        return f"{error.filename} is listed but missing"
    return first_line(error)


#: Tries to open a dataset that imports are changing meanwhile.
_ATTEMPTS = 5


def _connect(root: Path) -> duckdb.DuckDBPyConnection:
    snapshot = read_snapshot(root)
    whole, filtered = snapshot.files()
    missing = next((f for files in (*whole.values(), *filtered.values()) for f in files
                    if not (root / f).exists()), None)
    if missing is not None:
        raise FileNotFoundError(2, "listed but missing", str(root / missing))
    con = duckdb.connect(":memory:")
    con.register("live_logs", snapshot.logs)
    con.execute("CREATE TABLE manifest AS SELECT * FROM live_logs")
    con.unregister("live_logs")
    _create_raw_views(con, root, snapshot, FILE_TABLES)
    copies = find_copies(con)
    settings = {table: root / relative for table, relative in PERSON_FILES.items()
                if (root / relative).is_file()}
    for table in TABLES:
        con.execute(_view(table, copies, settings.get(table)))
    every = [str(root / f) for files in (*whole.values(), *filtered.values()) for f in files]
    _close(con, [*map(str, snapshot.entries), *every, *map(str, settings.values())])
    return con


def _raw_view(table: str, whole: list[str], filtered: list[str]) -> str:
    """The view ``dataset_raw_{table}``: every row of the table's files, copies of hands
    met in other logs included (:mod:`badugi_hh.dataset.copies` shows each once)."""
    if not whole and not filtered:
        return f"CREATE VIEW dataset_raw_{table} AS {_typed_empty(table)}"
    parts = [_select(table, whole)] if whole else []
    if filtered:
        column = "first_source" if table == "players" else "source"
        parts.append(f"SELECT * FROM ({_select(table, filtered)}) "
                     f"WHERE {column} IN (SELECT path FROM compacted_live)")
    return f"CREATE VIEW dataset_raw_{table} AS {' UNION ALL '.join(parts)}"


def _view(table: str, copies: bool, settings: Path | None) -> str:
    """The statement that makes ``table`` (``copies``: the dataset holds a hand met in
    two logs; ``settings``: the file of the table of persons or settings, if any)."""
    if table in ("rules", "schema_version"):
        return _catalogue_sql(table)
    if table == "sources":   # the audit that judged a log is not recorded: 0, unknown
        return ("CREATE VIEW sources AS SELECT path, size, content_hash, imported_at, "
                "hands, violations, quarantined, 0 AS audit_version FROM manifest")
    if table in PERSON_FILES:
        if settings is None:
            return schema_sql((table,))
        return f"CREATE VIEW {table} AS SELECT * FROM read_parquet({_listed([str(settings)])})"
    if table == "players":   # one row per player: the first log that named him
        return ("CREATE VIEW players AS SELECT site, player, arg_min(first_source, "
                "first_imported_at) AS first_source, min(first_imported_at) AS "
                "first_imported_at FROM dataset_raw_players GROUP BY site, player")
    return public_view(table, copies) or f"CREATE VIEW {table} AS SELECT * FROM dataset_raw_{table}"


def _typed_empty(table: str) -> str:
    """No row, with the store's columns and types of ``table``: unioned by name with a
    table's files, it gives NULL for a column the files of an older release lack."""
    columns = ", ".join(f"NULL::{sql_type} AS {name}" for name, sql_type, *_ in
                        columns_of(TABLES[table]))
    return f"SELECT {columns} WHERE false"


def _listed(files: list[str]) -> str:
    return "[" + ", ".join("'" + path.replace("'", "''") + "'" for path in files) + "]"


def _select(table: str, files: list[str]) -> str:
    """The store's columns of ``table``, in its order, from its Parquet ``files``
    (written into the view: a view takes no parameters)."""
    names = [name for name, *_ in columns_of(TABLES[table])]
    columns = ", ".join("coalesce(site, '') AS site"
                        if name == "site" and table in PARTITIONED_BY_ROW else name
                        for name in names)
    options = f", {_HIVE}" if table in PARTITIONED else ""
    return (f"SELECT {columns} FROM ({_typed_empty(table)} UNION ALL BY NAME "
            f"SELECT * FROM read_parquet({_listed(files)}, union_by_name = true{options}))")


def _catalogue_sql(table: str) -> str:
    """The rules and the schema version, from the code (the same for every dataset)."""
    if table == "rules":
        values = ", ".join(f"({_quoted(rule)}, {_quoted(title)})" for rule, title in RULES.items())
        return f"CREATE TABLE rules AS SELECT * FROM (VALUES {values}) t(rule, title)"
    return (f"CREATE TABLE schema_version AS SELECT {SCHEMA_VERSION}::BIGINT AS version, "
            f"TIMESTAMP '{datetime.now():%Y-%m-%d %H:%M:%S}' AS applied_at")


def _quoted(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def _close(con: duckdb.DuckDBPyConnection, paths: list[str]) -> None:
    """Reach the dataset's files and nothing else, from now on (see CLOSED_CONFIG).

    Each file's metadata is kept once read: every query on a table opens all its
    files, and a dataset's files never change (they are replaced, under new names).
    """
    con.execute("SET parquet_metadata_cache = true")
    con.execute("SET allowed_paths = ?", [paths])
    for option, value in CLOSED_CONFIG.items():
        con.execute(f"SET {option} = {str(value).lower()}")

