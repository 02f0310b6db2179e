"""The dataset as the store's tables: DuckDB views over the Parquet files.

:func:`connect_dataset` opens an in-memory DuckDB whose views have the names
and columns of the store's tables, so every query of ``stats``, ``sql`` and the
dashboard runs unchanged on a dataset. The views read only the files the
manifest lists (a log whose import has not finished is not seen), and the
connection is then closed as a read-only store connection is: it reaches those
files and nothing else, loads no extension, and its configuration is locked.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import datetime
from pathlib import Path

import duckdb

from badugi_hh.dataset.layout import MANIFEST, PARTITIONED, PARTITIONED_BY_ROW
from badugi_hh.rules import RULES
from badugi_hh.store.connection import CLOSED_CONFIG, StoreError
from badugi_hh.store.schema import (
    SCHEMA_VERSION, TABLES, RuleRow, SchemaVersionRow, _arrow_table, _columns, schema_sql,
)

_HIVE = "hive_partitioning = true, hive_types = {'site': VARCHAR, 'month': VARCHAR}"

#: The newest manifest row of each source (an older one outlives its replacement
#: only if an import stopped between writing one and removing the other).
_LATEST = """
    SELECT * FROM read_parquet(?)
    QUALIFY row_number() OVER (PARTITION BY path ORDER BY imported_at DESC, key) = 1"""


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
    con = duckdb.connect(":memory:")
    manifests = sorted(str(path) for path in (root / MANIFEST).glob("*.parquet"))
    files: dict[str, list[str]] = defaultdict(list)
    if manifests:
        con.execute(f"CREATE TABLE manifest AS {_LATEST}", [manifests])
        for (relative,) in con.sql("SELECT unnest(files) FROM manifest").fetchall():
            files[relative.split("/", 1)[0]].append(str(root / relative))
    else:
        con.execute(schema_sql(("sources",)).replace(" sources ", " manifest "))
    _create_views(con, files)
    _close(con, [*manifests, *(path for paths in files.values() for path in paths)])
    return con


def _create_views(con: duckdb.DuckDBPyConnection, files: dict[str, list[str]]) -> None:
    for table in TABLES:
        if table in ("rules", "schema_version"):
            _catalogue(con, table)
        elif table == "sources":
            con.execute("CREATE VIEW sources AS SELECT path, size, content_hash, imported_at, "
                        "hands, violations, quarantined FROM manifest")
        elif not files.get(table):
            con.execute(schema_sql((table,)))
        else:
            con.execute(f"CREATE VIEW {table} AS {_select(table, sorted(files[table]))}")


def _select(table: str, files: list[str]) -> str:
    """The store's columns of ``table``, in its order, from its Parquet ``files``
    (written into the view: a view takes no parameters)."""
    listed = "[" + ", ".join("'" + path.replace("'", "''") + "'" for path in files) + "]"
    names = [name for name, *_ in _columns(TABLES[table])]
    columns = ", ".join("coalesce(site, '') AS site"
                        if name == "site" and table in PARTITIONED_BY_ROW else name
                        for name in names)
    options = f", {_HIVE}" if table in PARTITIONED else ""
    if table == "players":   # one row per player: the first log that named him
        return ("SELECT site, player, arg_min(first_source, first_imported_at) AS first_source, "
                f"min(first_imported_at) AS first_imported_at FROM read_parquet({listed}) "
                "GROUP BY site, player")
    return f"SELECT {columns} FROM read_parquet({listed}{options})"


def _catalogue(con: duckdb.DuckDBPyConnection, table: str) -> None:
    rows = (_arrow_table(RuleRow, list(RULES.items())) if table == "rules" else
            _arrow_table(SchemaVersionRow, [SchemaVersionRow(SCHEMA_VERSION, datetime.now())]))
    con.register(f"{table}_rows", rows)
    con.execute(f"CREATE TABLE {table} AS SELECT * FROM {table}_rows")
    con.unregister(f"{table}_rows")


def _close(con: duckdb.DuckDBPyConnection, paths: list[str]) -> None:
    """Reach the dataset's files and nothing else, from now on (see CLOSED_CONFIG)."""
    con.execute("SET allowed_paths = ?", [paths])
    for option, value in CLOSED_CONFIG.items():
        con.execute(f"SET {option} = {str(value).lower()}")

