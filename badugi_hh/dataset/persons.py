"""A dataset's persons and settings, tags and notes: one small Parquet file each, replaced whole.

``badugi-hh alias``, ``me``, ``tag`` and ``note`` change them with the functions of
:mod:`badugi_hh.store.persons` and :mod:`badugi_hh.store.notes`, on a connection
:func:`person_tables` gives: the tables loaded from their files, written back when the
block ends without an error (each file staged, then renamed into place, so a reader
sees the old file or the new one). It holds the dataset's import lock meanwhile, so it never runs beside an
import, nor beside another change of persons.

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as root:
...     (Path(root) / "manifest").mkdir()
...     with person_tables(root) as con:
...         _ = con.execute("INSERT INTO aliases VALUES ('pokerstars', 'Hero', 'Ana')")
...     with person_tables(root) as con:
...         con.sql("SELECT site, player, person FROM aliases").fetchall()
[('pokerstars', 'Hero', 'Ana')]
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import duckdb
import pyarrow as pa
import pyarrow.parquet as pq

from badugi_hh.dataset.importer import DatasetBusy
from badugi_hh.dataset.layout import (
    IMPORT_LOCK, LOCK_WAIT_SECONDS, PERSON_FILES, hold_lock, move_into_place,
)
from badugi_hh.dataset.reader import is_dataset
from badugi_hh.rows.errors import StoreError, first_line
from badugi_hh.rows.schema import schema_sql

__all__ = ["person_tables"]


@contextmanager
def person_tables(root: str | Path, wait: float | None = LOCK_WAIT_SECONDS,
                  ) -> Iterator[duckdb.DuckDBPyConnection]:
    """A connection holding the dataset's ``aliases`` and ``settings``, written back to
    their files at the end of the block; waits ``wait`` seconds (None: as long as it
    takes) for an import into the dataset to end, then raises :class:`DatasetBusy`."""
    root = Path(root).resolve()
    if not is_dataset(root):
        raise StoreError(f"no dataset at {root}: import some logs first "
                         f"(badugi-hh import PATH --out {root})")
    with hold_lock(root / IMPORT_LOCK, wait) as locked:
        if not locked:
            raise DatasetBusy.of(root, wait)
        con = duckdb.connect(":memory:")
        try:
            for table, relative in PERSON_FILES.items():
                con.execute(schema_sql((table,)))
                if (root / relative).is_file():
                    con.register("stored", pq.read_table(root / relative))
                    con.execute(f"INSERT INTO {table} BY NAME SELECT * FROM stored")
                    con.unregister("stored")
            yield con
            _write_back(con, root)
        finally:
            con.close()


def _write_back(con: duckdb.DuckDBPyConnection, root: Path) -> None:
    """Every table's file staged first, then all renamed into place: a full disk stops
    the staging, before any file is replaced, and the change is refused whole."""
    staged: dict[Path, Path] = {}
    try:
        for table, relative in PERSON_FILES.items():
            staged[root / relative] = root / f"{Path(relative).name}-{time.monotonic_ns()}.tmp"
            pq.write_table(con.sql(f"SELECT * FROM {table} ORDER BY ALL").to_arrow_table(),
                           staged[root / relative])
    except (OSError, pa.ArrowException) as error:
        for path in staged.values():
            path.unlink(missing_ok=True)
        why = error.strerror if isinstance(error, OSError) and error.strerror else None
        raise StoreError(f"cannot save the change into the dataset at {root}: "
                         f"{why or first_line(error)}; nothing was changed") from None
    for final, path in staged.items():
        move_into_place(path, final)
