"""Benchmarks of the import as a user runs it, and of queries on a large dataset.

``import_sections`` times the command line itself, a fresh process per run:
``badugi-hh import`` into a DuckDB file with ``--jobs 1`` and ``--jobs 2``, and
into a dataset on a local Dask cluster of one and two workers. The figures
include what a user waits for (start-up, spawning the workers, the cluster,
writing) and the CPU every process spent, so what parallel work costs shows.

``stats_on_a_dataset`` imports simulated logs into a dataset, copies its logs
until it holds millions of hands (each copy under other source, player, hand and
session names, as if other tables and players), compacts it, loads the same rows into a
DuckDB file, and times the per-player statistics of one player on each.
"""

from __future__ import annotations

import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from badugi_hh.dataset.layout import MANIFEST, manifest_path
from badugi_hh.dataset.snapshot import LOG_ENTRIES
from badugi_hh.dataset.writer import FILE_TABLES

Figures = dict[str, float]

#: Columns that name a player, or hold a list of names; and the ids of hands and
#: sessions, so that a copy's hands are hands of their own, not copies of the first's.
_NAME_COLUMNS = ("player", "button_player", "big_blind_player", "winner", "first_source",
                 "hand_id", "session_id")
_NAME_LISTS = ("players", "eligible", "winners")


def _write_simulated_logs(folder: Path, hands: int, files: int) -> int:
    from badugi_hh.store import _sessions_holding, _write_logs
    from badugi_hh.simulate import simulate

    _write_logs(_sessions_holding(simulate(hands, 2024), hands), folder, -(-hands // files))
    return hands


class _Run:
    """One command run in a fresh process: its wall time and its CPU, children included."""

    def __init__(self, command: Sequence[str]) -> None:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(command, capture_output=True, check=True)
        self.wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        self.cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def import_sections(quick: bool) -> Figures:
    """``badugi-hh import`` from the command line: one and two processes, one and two
    Dask workers, on the same simulated logs (16 files); and the fixed cost of each,
    timed on a log of one session."""
    hands, files = (4_000, 8) if quick else (200_000, 16)
    cli = [sys.executable, "-m", "badugi_hh.cli", "import"]
    ways = {"--jobs 1": ["--jobs", "1"], "--jobs 2": ["--jobs", "2"],
            "cluster local:1": ["--cluster", "local:1"],
            "cluster local:2": ["--cluster", "local:2"]}
    figures: Figures = {"hands": hands}
    with tempfile.TemporaryDirectory() as folder:
        logs, tiny = Path(folder) / "logs", Path(folder) / "tiny"
        _write_simulated_logs(logs, hands, files)
        _write_simulated_logs(tiny, 1, 1)
        for number, (label, options) in enumerate(ways.items()):
            target = (["--out", f"{folder}/ds{number}"] if "cluster" in label
                      else ["--db", f"{folder}/db{number}.duckdb"])
            fixed = _Run([*cli, str(tiny), *target[:1], f"{target[1]}-tiny", *options])
            run = _Run([*cli, str(logs), *target, *options])
            figures[f"{label}: wall (s)"] = run.wall
            figures[f"{label}: CPU, all processes (s)"] = run.cpu
            figures[f"{label}: hands/s"] = hands / run.wall
            figures[f"{label}: fixed cost, a 1-hand log (s)"] = fixed.wall
    for two, one in (("--jobs 2", "--jobs 1"), ("cluster local:2", "cluster local:1")):
        figures[f"{two} over {one.split()[-1]} (x)"] = (figures[f"{two}: hands/s"]
                                                        / figures[f"{one}: hands/s"])
        figures[f"{two} over {one.split()[-1]}, fixed costs taken out (x)"] = (
            (figures[f"{one}: wall (s)"] - figures[f"{one}: fixed cost, a 1-hand log (s)"])
            / (figures[f"{two}: wall (s)"] - figures[f"{two}: fixed cost, a 1-hand log (s)"]))
    return figures


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
        _write_simulated_logs(Path(folder) / "logs", imported, 16)
        import_to_dataset([f"{folder}/logs"], root, compact_after=None)
        sizes = _bytes_per_hand(root, Path(folder) / "sizes", imported)
        replicate(root, copies)
        compacted = compact(root)
        _to_duckdb_file(root, db)
        store = Store(db, read_only=True).connection
        dataset = connect_dataset(root)
        hands = dataset.sql("SELECT count(*) FROM hands").fetchall()[0][0]
        one = stats.Filters(player="Ana~7" if copies > 7 else "Ana~1")

        def per_player(con: object) -> object:
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
