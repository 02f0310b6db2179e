"""Queries on a large dataset (``bench --only dataset``).

``stats_on_a_dataset`` imports simulated logs into a dataset, copies its logs
until it holds millions of hands (each copy under other source, player, hand and
session names, as if other tables and players), compacts it, loads the same rows into a
DuckDB file, and times the per-player statistics of one player on each.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

import duckdb
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from badugi_hh.dataset.layout import MANIFEST, manifest_path
from badugi_hh.dataset.snapshot import LOG_ENTRIES
from badugi_hh.dataset.layout import FILE_TABLES
from badugi_hh.bench.store import write_simulated_logs


Figures = dict[str, float]

#: Columns that name a player, or hold a list of names; and the ids of hands and
#: sessions, so that a copy's hands are hands of their own, not copies of the first's.
_NAME_COLUMNS = ("player", "button_player", "big_blind_player", "winner", "first_source",
                 "hand_id", "session_id")
_NAME_LISTS = ("players", "eligible", "winners")


# -- a large dataset -------------------------------------------------------------------

def _renamed(table: pa.Table, suffix: str) -> pa.Table:
    """``table`` with its sources and player names made those of another copy."""
    for name in table.column_names:
        column = table[name]
        if name == "source" or name == "path" or name in _NAME_COLUMNS:
            renamed = pc.binary_join_element_wise(column, pa.scalar(suffix), "")
        elif name in _NAME_LISTS:
            renamed = pa.chunked_array([_renamed_list(chunk, suffix) for chunk in column.chunks],
                                       column.type)
        else:
            continue
        table = table.set_column(table.column_names.index(name), name, renamed)
    return table


def _renamed_list(chunk: pa.ListArray, suffix: str) -> pa.ListArray:
    values = pc.binary_join_element_wise(chunk.values, pa.scalar(suffix), "")
    return pa.ListArray.from_arrays(chunk.offsets, values, mask=chunk.is_null())


def replicate(root: Path, copies: int) -> None:
    """Add ``copies`` - 1 copies of every log of the dataset, each a log of its own."""
    manifests = [pq.read_table(path) for path in sorted((root / MANIFEST).glob(LOG_ENTRIES))]
    for copy in range(1, copies):
        suffix = f"~{copy}"
        for manifest in manifests:
            key = f"{manifest['key'][0].as_py()}c{copy}"
            files = []
            for relative in manifest["files"][0].as_py():
                # part-KEY.parquet, part-KEY.2.parquet ... become the copy's own
                copied = relative.replace(f"part-{manifest['key'][0].as_py()}", f"part-{key}")
                pq.write_table(_renamed(pq.read_table(root / relative, partitioning=None),
                                        suffix), root / copied)
                files.append(copied)
            row = _renamed(manifest.set_column(manifest.column_names.index("key"), "key",
                                               pa.array([key])), suffix)
            row = row.set_column(row.column_names.index("files"), "files",
                                 pa.array([files], pa.list_(pa.string())))
            pq.write_table(row, manifest_path(root, key))


def _to_duckdb_file(root: Path, db: Path) -> None:
    """The dataset's rows in a store file, as ``import`` would have written them."""
    from badugi_hh.dataset import connect_dataset
    from badugi_hh.store import Store

    dataset = connect_dataset(root)
    with Store(db) as store:
        for table in FILE_TABLES + ("sources",):
            # streamed a million rows at a time: the actions alone are tens of millions
            rows = dataset.sql(f"SELECT * FROM {table}").to_arrow_reader(1_000_000)
            store.connection.register("copied", rows)
            store.connection.execute(f"INSERT INTO {table} BY NAME SELECT * FROM copied")
            store.connection.unregister("copied")
        store.connection.execute("CHECKPOINT")


def _bytes(path: Path) -> int:
    return sum(file.stat().st_size for file in path.rglob("*") if file.is_file())


def _bytes_per_hand(root: Path, scratch: Path, hands: int) -> Figures:
    """What a hand costs on disk, on the simulated logs as imported (the copies that
    follow repeat one another, which compression would flatter)."""
    from badugi_hh.dataset.compact import compact

    shutil.copytree(root, scratch / "ds")
    own = _bytes(scratch / "ds") / hands
    compact(scratch / "ds")
    _to_duckdb_file(scratch / "ds", scratch / "db.duckdb")
    figures = {"Parquet, a file per log (bytes/hand)": own,
               "Parquet, compacted (bytes/hand)": _bytes(scratch / "ds") / hands,
               "DuckDB file (bytes/hand)": (scratch / "db.duckdb").stat().st_size / hands}
    shutil.rmtree(scratch)
    return figures


def stats_on_a_dataset(quick: bool) -> Figures:
    """``stats --player`` on a dataset of millions of hands and on the same DuckDB file."""
    from badugi_hh import stats
    from badugi_hh.bench import best_times
    from badugi_hh.dataset import connect_dataset, import_to_dataset
    from badugi_hh.dataset.compact import compact
    from badugi_hh.store import Store

    imported, copies = (2_000, 3) if quick else (200_000, 25)
    with tempfile.TemporaryDirectory() as folder:
        root, db = Path(folder) / "ds", Path(folder) / "copy.duckdb"
        write_simulated_logs(Path(folder) / "logs", imported, 16)
        import_to_dataset([f"{folder}/logs"], root, compact_after=None)
        sizes = _bytes_per_hand(root, Path(folder) / "sizes", imported)
        replicate(root, copies)
        compacted = compact(root)
        assert compacted is not None, "no other compaction runs on a dataset of its own"
        _to_duckdb_file(root, db)
        store = Store(db, read_only=True).connection
        dataset = connect_dataset(root)
        hands = dataset.sql("SELECT count(*) FROM hands").fetchall()[0][0]
        one = stats.Filters(player="Ana~7" if copies > 7 else "Ana~1")

        def per_player(con: duckdb.DuckDBPyConnection) -> Callable[[], object]:
            return lambda: (stats.player_stats(con, one), stats.position_stats(con, one),
                            stats.draw_habits(con, one), stats.overview(con, one))

        per_player(dataset)(), per_player(store)()   # as a dashboard's second query is
        on_dataset, on_file = best_times([per_player(dataset), per_player(store)], 3)
        return {"hands": hands, "logs": compacted.logs,
                "Parquet files before compaction": compacted.files_before,
                "Parquet files after compaction": compacted.files_after,
                "compaction (s)": compacted.seconds,
                **sizes,
                "stats of one player, dataset (s)": on_dataset,
                "stats of one player, DuckDB file (s)": on_file,
                "dataset over DuckDB file (x)": on_dataset / on_file}
