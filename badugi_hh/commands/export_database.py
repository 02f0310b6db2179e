"""``badugi-hh export --format duckdb``: the chosen hands' rows, into a database file.

:func:`badugi_hh.store.slice.copy_slice` knows which rows go; this module knows
where they may go. ``--out`` is a new file, or a database badugi-hh wrote (a
previous export, a store), never the origin, a log imported into it, or any
other file. The copy is made under a temporary name beside ``--out`` (from a
copy of it when it exists) and renamed over it when complete: a full disk or a
killed run leaves ``--out`` as it was, never a damaged file that stops the next
run.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from badugi_hh.wording import counted

if TYPE_CHECKING:
    import duckdb

    from badugi_hh.stats import Filters


def export_database(origin: duckdb.DuckDBPyConnection, args: argparse.Namespace,
                    filters: Filters) -> int:
    """Copy the hands ``filters`` choose from ``origin`` into the database file
    ``args.out``; what stops it is raised as a StoreError or an ExportRefused, one
    line for the user."""
    import duckdb

    from badugi_hh.commands.export_files import replaced_whole
    from badugi_hh.store import Store, StoreError
    from badugi_hh.rows.errors import first_line
    from badugi_hh.store.slice import copy_slice

    out: Path = args.out
    imported = [path for (path,) in origin.execute("SELECT path FROM sources").fetchall()]
    _check_target(out, None if args.data is not None else Path(args.db), imported)
    out.parent.mkdir(parents=True, exist_ok=True)
    try:
        with replaced_whole(out) as temp:
            if out.exists():
                _copy_of_store(out, temp)
            with Store(temp) as target:
                copied = copy_slice(origin, target.connection, filters)
    except duckdb.Error as error:   # a file of the dataset gone, a full disk...
        raise StoreError(f"cannot copy into {out}: {first_line(error)}") from None
    print(f"{counted(copied.hands, 'hand')} copied to {out} "
          f"({copied.new_hands:,} new, {copied.rows:,} rows)", file=sys.stderr)
    return 0


def _check_target(out: Path, origin: Path | None, imported: list[str]) -> None:
    """Refuse an ``out`` that is the origin, an imported log, or a file that is not a
    database badugi-hh wrote."""
    from badugi_hh.commands.export_files import ExportRefused

    resolved = out.resolve()
    if origin is not None and origin.resolve() == resolved:
        raise ExportRefused(f"--out {out} is the database the hands come from: "
                            "name another file")
    if any(Path(source).resolve() == resolved for source in imported):
        raise ExportRefused(f"--out {out} is a log imported into the database: "
                            "name another file")
    if out.is_dir():
        raise ExportRefused(f"--out {out} is a folder: name a database file")
    if out.exists() and not _is_store(out):
        raise ExportRefused(f"--out {out} is not a database badugi-hh wrote: name a new file, "
                            "or a database of badugi-hh to add the hands to")


def _is_store(path: Path) -> bool:
    """Whether ``path`` is a DuckDB file with the store's tables (of any version)."""
    import duckdb

    from badugi_hh.store import StoreError, connect, schema_version

    try:
        con = connect(path, read_only=True)
    except (StoreError, duckdb.Error):   # not a DuckDB file at all
        return False
    try:
        return schema_version(con) > 0
    finally:
        con.close()


def _copy_of_store(out: Path, temp: Path) -> None:
    """Copy the database ``out`` to ``temp``, whole: opened for writing first, which
    waits for another writer and folds its log (.wal) into the file."""
    from badugi_hh.store import Store

    Store(out).close()
    shutil.copyfile(out, temp)
