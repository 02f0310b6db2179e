"""Datasets: the same tables as the DuckDB store, as Parquet, on one machine or a cluster.

Every check compares a dataset with a plain ``import`` of the same logs: row
for row in every table (bar the time of the import), and the statistics.
"""

from __future__ import annotations

import importlib
import os
import shutil
import signal
import time
from pathlib import Path

import duckdb
import pandas as pd
import pyarrow.parquet as pq
import pytest
from conftest import every_other_wide

from badugi_hh import cli, stats
from badugi_hh.dataset import (
    ClusterSpec, DatasetBusy, DatasetImport, connect_dataset, hive_partitioning,
    import_to_dataset,
)
from badugi_hh.dataset.cluster import DaskRunner, runner
from badugi_hh.dataset.layout import IMPORT_LOCK, MANIFEST, STAGING, hold_lock
from badugi_hh.dataset import compact as compact_module
from badugi_hh.dataset import writer
from badugi_hh.dataset.compact import compact
from badugi_hh.parsers import iter_log_files
from badugi_hh.simulate import simulate
from badugi_hh.store import TABLES, Store, StoreError
from badugi_hh.writer import write_records

ROOT = Path(__file__).resolve().parents[1]
REAL = ROOT / "tests" / "data" / "real"
SAMPLES = ROOT / "sample_logs"

#: Columns that say when (and by which audit: a dataset records none) a row was written,
#: not what the logs hold.
_WHEN = {"sources": ["imported_at", "audit_version"], "players": ["first_source", "first_imported_at"],
         "schema_version": ["applied_at"]}


def compaction_entries(root: Path) -> list[Path]:
    return sorted((root / MANIFEST).glob("compaction-*.parquet"))


def rows(con: duckdb.DuckDBPyConnection, table: str) -> list[tuple]:
    skip = _WHEN.get(table)
    columns = f"* EXCLUDE ({', '.join(skip)})" if skip else "*"
    return con.sql(f"SELECT {columns} FROM {table} ORDER BY ALL").fetchall()


def assert_same_tables(store: duckdb.DuckDBPyConnection,
                       dataset: duckdb.DuckDBPyConnection) -> None:
    for table in TABLES:
        assert rows(dataset, table) == rows(store, table), table


def assert_same_stats(store: duckdb.DuckDBPyConnection,
                      dataset: duckdb.DuckDBPyConnection) -> None:
    for figures in (stats.player_stats, stats.position_stats, stats.draw_habits):
        pd.testing.assert_frame_equal(figures(dataset), figures(store))
    assert stats.overview(dataset) == stats.overview(store)
    assert stats.coverage(dataset) == stats.coverage(store)


def stored(tmp_path: Path, *paths: Path) -> duckdb.DuckDBPyConnection:
    """A plain import of ``paths``, opened read-only."""
    db = tmp_path / "plain.duckdb"
    with Store(db) as store:
        store.import_paths(paths)
    return Store(db, read_only=True).connection


def simulated_logs(folder: Path, files: int, sessions: int) -> Path:
    folder.mkdir()
    for seed in range(files):
        with open(folder / f"sim-{seed}.txt", "w", encoding="utf-8") as out:
            write_records(simulate(sessions, seed), out)
    return folder


@pytest.fixture(scope="module")
def samples_and_real(tmp_path_factory: pytest.TempPathFactory) -> tuple[DatasetImport, Path]:
    """The sample logs and the real exports imported once into a dataset (``ds``) and by
    a plain import (``plain.duckdb``) in the folder returned, for the tests that only
    read them."""
    folder = tmp_path_factory.mktemp("samples_and_real")
    done = import_to_dataset([str(SAMPLES), str(REAL)], folder / "ds")
    stored(folder, SAMPLES, REAL).close()
    return done, folder


# -- one machine -----------------------------------------------------------------------

def test_a_dataset_holds_what_the_store_holds(
        samples_and_real: tuple[DatasetImport, Path]) -> None:
    done, folder = samples_and_real
    assert not done.failures and not done.summary.unreadable
    logs = len(list(iter_log_files([SAMPLES, REAL])))   # each log read compacted, however many
    assert done.compacted.logs == logs and done.compacted.files_after < done.compacted.files_before
    store = Store(folder / "plain.duckdb", read_only=True).connection
    dataset = connect_dataset(folder / "ds")
    assert_same_tables(store, dataset)
    assert_same_stats(store, dataset)
    assert done.summary.new_hands == len(rows(store, "hands")) > 700
    store.close()


def test_the_figures_are_the_same_to_the_last_digit(
        samples_and_real: tuple[DatasetImport, Path],
        capsys: pytest.CaptureFixture[str]) -> None:
    """bb won are summed exactly: doubles added in the files' order, not the database's,
    differed in their last digits (30.9 against 30.899999999999995)."""
    _, folder = samples_and_real
    printed = []
    for source in (["--data", str(folder / "ds")], ["--db", str(folder / "plain.duckdb")]):
        for output in ("--json", "--csv"):
            assert cli.main(["stats", *source, output]) == 0
            printed.append(capsys.readouterr().out)
    assert printed[:2] == printed[2:]


def test_a_name_on_several_sites_is_found_whatever_its_case(
        tmp_path: Path, samples_and_real: tuple[DatasetImport, Path],
        capsys: pytest.CaptureFixture[str]) -> None:
    ds = samples_and_real[1] / "ds"
    sites = connect_dataset(ds).sql(
        "SELECT count(DISTINCT site) FROM players WHERE player = 'Hero'").fetchall()[0][0]
    assert sites > 1
    assert cli.main(["stats", "--data", str(ds), "--player", "hero"]) == 0
    assert "\n  Hero " in capsys.readouterr().out
    assert cli.main(["export", "--data", str(ds), "--format", "duckdb",
                     "--player", "hero", "--out", str(tmp_path / "hero.duckdb")]) == 0
    copied = Store(tmp_path / "hero.duckdb", read_only=True).connection
    assert copied.sql("SELECT count(*) FROM hands").fetchall()[0][0] > 100


def test_importing_again_adds_nothing(tmp_path: Path) -> None:
    import_to_dataset([str(SAMPLES)], tmp_path / "ds")
    files = sorted((tmp_path / "ds").rglob("*.parquet"))
    again = import_to_dataset([str(SAMPLES)], tmp_path / "ds").summary
    assert (again.new_hands, again.rows, again.unchanged) == (0, 0, again.files)
    assert sorted((tmp_path / "ds").rglob("*.parquet")) == files


def test_hands_lie_in_site_and_month_folders_without_the_site_column(tmp_path: Path) -> None:
    import_to_dataset([str(REAL / "pokerstars")], tmp_path / "ds")
    folders = {path.parent.relative_to(tmp_path / "ds").as_posix()
               for path in (tmp_path / "ds" / "hands").rglob("*.parquet")}
    assert "hands/site=pokerstars/month=2010-11" in folders
    part = next((tmp_path / "ds" / "hands").rglob("*.parquet"))
    assert "site" not in pq.read_schema(part).names
    # any tool reading Hive partitions gets the site back
    sites = duckdb.sql(f"SELECT DISTINCT site FROM read_parquet('{tmp_path}/ds/hands/*/*/*.parquet',"
                       " hive_partitioning = true)").fetchall()
    assert sites == [("pokerstars",)]


def test_dask_reads_a_table_of_house_logs_given_the_partitions_as_text(tmp_path: Path) -> None:
    # every house log's site folder is Hive's unknown value, which Dask cannot type alone
    dd = pytest.importorskip("dask.dataframe")
    import_to_dataset([str(SAMPLES)], tmp_path / "ds")
    frame = dd.read_parquet(str(tmp_path / "ds" / "hand_players"),
                            dataset={"partitioning": hive_partitioning()}).compute()
    with connect_dataset(tmp_path / "ds") as con:
        [(players, nets)] = con.execute("SELECT count(*), sum(net) FROM hand_players").fetchall()
    assert (len(frame), frame["net"].sum()) == (players, nets)
    assert frame["site"].isna().all() and frame["month"].str.match(r"\d{4}-\d\d$").all()


def test_a_changed_log_replaces_its_rows(tmp_path: Path) -> None:
    log = tmp_path / "logs" / "club.txt"
    log.parent.mkdir()
    shutil.copy(SAMPLES / "2026-summer-sunday-league.txt", log)
    first = import_to_dataset([str(log.parent)], tmp_path / "ds").summary
    log.write_text(log.read_text(encoding="utf-8") + "\n"
                   + (SAMPLES / "2026-11-06-ana-bruno-bust.txt").read_text(encoding="utf-8"),
                   encoding="utf-8")
    appended = import_to_dataset([str(log.parent)], tmp_path / "ds").summary
    assert len(list((tmp_path / "ds" / MANIFEST).iterdir())) == 1
    # the hands of the session appended are new, as the store counts them
    assert 0 < appended.new_hands == appended.hands - first.hands
    assert_same_tables(stored(tmp_path, log.parent), connect_dataset(tmp_path / "ds"))


def test_a_run_that_stopped_is_finished_by_running_it_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    logs = simulated_logs(tmp_path / "logs", files=3, sessions=5)
    write_manifest, calls = writer.write_manifest, []

    def stop_at_the_second(*args: object) -> None:
        calls.append(1)
        if len(calls) == 2:   # its files written and moved, its manifest row not
            raise KeyboardInterrupt
        write_manifest(*args)

    monkeypatch.setattr(writer, "write_manifest", stop_at_the_second)
    with pytest.raises(KeyboardInterrupt):
        import_to_dataset([str(logs)], tmp_path / "ds")
    assert len(list((tmp_path / "ds" / MANIFEST).iterdir())) == 1
    # a reader sees the finished log alone, not the half-written one
    assert connect_dataset(tmp_path / "ds").sql("SELECT count(DISTINCT source) FROM hands"
                                                ).fetchall() == [(1,)]
    monkeypatch.setattr(writer, "write_manifest", write_manifest)
    again = import_to_dataset([str(logs)], tmp_path / "ds").summary
    assert (again.files, again.unchanged) == (3, 1)
    assert_same_tables(stored(tmp_path, logs), connect_dataset(tmp_path / "ds"))
    assert not any((tmp_path / "ds" / STAGING).iterdir())


@pytest.mark.parametrize("open_files, waiting_rows", every_other_wide([(2, 512 * 1024), (64, 1_000)]))
def test_a_log_of_many_months_keeps_few_files_open_and_few_rows_waiting(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, open_files: int,
        waiting_rows: int) -> None:
    """Two seasons in one log, over the same months. With two files open at most, a
    folder met again gets a second file; with few rows waiting, files get more row
    groups. Nothing else differs."""
    logs = tmp_path / "logs"
    logs.mkdir()
    with open(logs / "two-seasons.txt", "w", encoding="utf-8") as out:
        write_records([*simulate(40, 0), *simulate(40, 1)], out)   # each season two months
    monkeypatch.setattr(writer, "OPEN_FILES", open_files)
    monkeypatch.setattr(writer, "WAITING_ROWS", waiting_rows)
    import_to_dataset([str(logs)], tmp_path / "ds", batch_hands=100, compact_after=None)
    files = pq.read_table(next((tmp_path / "ds" / MANIFEST).iterdir()))["files"][0].as_py()
    row_groups = max(pq.ParquetFile(tmp_path / "ds" / name).num_row_groups for name in files)
    if open_files == 2:
        assert any(name.endswith(".2.parquet") for name in files) and row_groups == 1
    else:
        assert not any(name.endswith(".2.parquet") for name in files) and row_groups > 1
    store, dataset = stored(tmp_path, logs), connect_dataset(tmp_path / "ds")
    assert_same_tables(store, dataset)
    assert_same_stats(store, dataset)


def test_a_large_log_read_in_parts_reads_as_it_reads_whole(tmp_path: Path) -> None:
    logs = simulated_logs(tmp_path / "logs", files=1, sessions=60)
    log = next(logs.iterdir())
    # CRLF line ends, a bad line in a hand, and a header damaged in the middle
    text = log.read_text(encoding="utf-8").replace("Bruno: calls 2\n", "Bruno: calls 2\nnoise\n", 3)
    text = text.replace("Session #sim-0-30 ", "Sesion #sim-0-30 ")
    log.write_bytes(text.replace("\n", "\r\n").encode())
    done = import_to_dataset([str(logs)], tmp_path / "ds", chunk_bytes=log.stat().st_size // 7)
    manifest = pq.read_table(next((tmp_path / "ds" / MANIFEST).iterdir())).to_pylist()[0]
    assert sum("-6.parquet" in name for name in manifest["files"]) >= 5   # seven parts
    assert done.quarantined[0].startswith(f"{log}:")
    store, dataset = stored(tmp_path, logs), connect_dataset(tmp_path / "ds")
    assert_same_tables(store, dataset)
    assert_same_stats(store, dataset)


@pytest.mark.parametrize("parts", every_other_wide([(2,), (3,), (5,), (13,)]))
def test_a_log_read_in_any_number_of_parts_equals_the_log_read_whole(
        tmp_path: Path, parts: int) -> None:
    logs = simulated_logs(tmp_path / "logs", files=1, sessions=26)
    log = next(logs.iterdir())
    whole = import_to_dataset([str(logs)], tmp_path / "whole", chunk_bytes=0).summary
    cut = import_to_dataset([str(logs)], tmp_path / "cut",
                            chunk_bytes=-(-log.stat().st_size // parts)).summary
    manifest = pq.read_table(next((tmp_path / "cut" / MANIFEST).iterdir())).to_pylist()[0]
    indexes = {name.rsplit("-", 1)[-1].split(".")[0] for name in manifest["files"]}
    assert indexes == {str(index) for index in range(parts)}   # each part wrote its rows
    assert (cut.hands, cut.sessions, cut.violations) == (whole.hands, whole.sessions,
                                                          whole.violations)
    assert_same_tables(connect_dataset(tmp_path / "whole"), connect_dataset(tmp_path / "cut"))
    assert_same_stats(connect_dataset(tmp_path / "whole"), connect_dataset(tmp_path / "cut"))


@pytest.mark.parametrize("spoil", ["session id used twice", "NUL byte", "UTF-16",
                                   "a site's export after it"])
def test_a_log_whose_parts_would_differ_is_read_whole(tmp_path: Path, spoil: str) -> None:
    logs = simulated_logs(tmp_path / "logs", files=1, sessions=40)
    log = next(logs.iterdir())
    text = log.read_text(encoding="utf-8")
    if spoil == "session id used twice":
        log.write_text(text.replace("Session #sim-0-35 ", "Session #sim-0-2 "), encoding="utf-8")
    elif spoil == "NUL byte":
        log.write_bytes(text.replace("Ana: checks", "Ana: ch\0ecks", 1).encode())
    elif spoil == "a site's export after it":   # its hands are read by its own reader
        log.write_bytes(text.encode() + (REAL / "pokerstars" / "tour-badugi-fl-sng-201011.txt"
                                         ).read_bytes())
    else:
        log.write_bytes(text.encode("utf-16"))
    import_to_dataset([str(logs)], tmp_path / "ds", chunk_bytes=log.stat().st_size // 4)
    manifest = pq.read_table(next((tmp_path / "ds" / MANIFEST).iterdir())).to_pylist()[0]
    assert all(name.endswith(f"part-{manifest['key']}.parquet") for name in manifest["files"])
    assert_same_tables(stored(tmp_path, logs), connect_dataset(tmp_path / "ds"))
    assert len(list((tmp_path / "ds").rglob("*.parquet"))) == len(manifest["files"]) + 2


def test_a_log_imported_again_after_a_compaction_replaces_its_compacted_rows(
        tmp_path: Path) -> None:
    logs = simulated_logs(tmp_path / "logs", files=4, sessions=3)
    import_to_dataset([str(logs)], tmp_path / "ds", compact_after=2)
    changed = logs / "sim-1.txt"
    changed.write_text(changed.read_text(encoding="utf-8").rsplit("Session #", 1)[0],
                       encoding="utf-8")
    # not compacted again: the compaction's rows of the old log are left out by the reader
    import_to_dataset([str(logs)], tmp_path / "ds", compact_after=None)
    assert_same_tables(stored(tmp_path, logs), connect_dataset(tmp_path / "ds"))
    compacted = compact(tmp_path / "ds")
    assert compacted.logs == 4 and len(compaction_entries(tmp_path / "ds")) == 1
    assert_same_tables(stored(tmp_path, logs), connect_dataset(tmp_path / "ds"))


def test_a_compaction_that_stopped_changes_nothing_and_is_cleaned_up(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    logs = simulated_logs(tmp_path / "logs", files=3, sessions=3)
    import_to_dataset([str(logs)], tmp_path / "ds", compact_after=None)
    files = sorted((tmp_path / "ds").rglob("*.parquet"))

    def stop(*_args: object) -> None:   # the compacted files are in place, the entry not
        raise KeyboardInterrupt

    monkeypatch.setattr(compact_module, "arrow_table", stop)
    with pytest.raises(KeyboardInterrupt):
        compact(tmp_path / "ds")
    assert list((tmp_path / "ds").rglob("compacted-*.parquet"))
    assert_same_tables(stored(tmp_path, logs), connect_dataset(tmp_path / "ds"))
    monkeypatch.undo()
    compact(tmp_path / "ds")
    compacted = sorted((tmp_path / "ds").rglob("*.parquet"))
    assert len(compacted) < len(files)
    assert all("compacted-" in path.name or "manifest" in path.parts or "rules" in path.parts
               for path in compacted)
    assert_same_tables(stored(tmp_path, logs), connect_dataset(tmp_path / "ds"))
    again = import_to_dataset([str(logs)], tmp_path / "ds").summary
    assert (again.unchanged, again.rows) == (3, 0)


def test_logs_are_read_from_fsspec_urls(tmp_path: Path) -> None:
    fsspec = pytest.importorskip("fsspec")
    logs = simulated_logs(tmp_path / "logs", files=2, sessions=3)
    memory = fsspec.filesystem("memory")   # an object store, as this process sees it
    for log in sorted(logs.iterdir()):
        memory.pipe(f"/logs-{tmp_path.name}/{log.name}", log.read_bytes())
    done = import_to_dataset([f"memory://logs-{tmp_path.name}/"], tmp_path / "ds")
    assert done.summary.files == 2 and not done.failures and not done.summary.unreadable
    dataset = connect_dataset(tmp_path / "ds")
    assert dataset.sql("SELECT DISTINCT source FROM hands ORDER BY 1").fetchall() == [
        (f"memory:///logs-{tmp_path.name}/sim-0.txt",),
        (f"memory:///logs-{tmp_path.name}/sim-1.txt",)]
    store = stored(tmp_path, logs)
    assert stats.overview(dataset) == stats.overview(store)
    missing = import_to_dataset([f"memory://{tmp_path.name}/nowhere"], tmp_path / "ds").summary
    assert "no such file or folder" in missing.unreadable[0]


def test_a_file_url_is_the_local_path_it_names(tmp_path: Path) -> None:
    """The same log as file:///x and as /x is one log, not two."""
    logs = simulated_logs(tmp_path / "logs", files=2, sessions=3)
    import_to_dataset([logs.as_uri()], tmp_path / "ds")
    again = import_to_dataset([str(logs)], tmp_path / "ds").summary
    assert (again.files, again.unchanged, again.new_hands) == (2, 2, 0)
    assert connect_dataset(tmp_path / "ds").sql(
        "SELECT DISTINCT source FROM hands ORDER BY 1").fetchall() == [
        (str(logs / "sim-0.txt"),), (str(logs / "sim-1.txt"),)]


def test_the_connection_reaches_the_dataset_and_nothing_else(
        samples_and_real: tuple[DatasetImport, Path]) -> None:
    ds = samples_and_real[1] / "ds"
    con = connect_dataset(ds)
    with pytest.raises(duckdb.PermissionException):
        con.sql("SELECT * FROM read_csv('/etc/passwd')").fetchall()
    with pytest.raises(duckdb.PermissionException):
        con.sql(f"COPY (SELECT 1) TO '{ds}/evil.csv'")
    with pytest.raises(duckdb.Error, match="configuration"):
        con.execute("SET enable_external_access = true")


def test_an_empty_or_missing_dataset(tmp_path: Path) -> None:
    (tmp_path / "empty" / MANIFEST).mkdir(parents=True)
    assert rows(connect_dataset(tmp_path / "empty"), "hands") == []
    with pytest.raises(Exception, match="no dataset at"):
        connect_dataset(tmp_path / "nowhere")


# -- the command line ------------------------------------------------------------------

def test_import_out_writes_a_dataset_that_stats_reads(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "logs" / "club.txt"
    log.parent.mkdir()
    text = (SAMPLES / "2026-11-06-ana-bruno-bust.txt").read_text(encoding="utf-8")
    log.write_text(text.replace("Bruno: calls 2\n", "Bruno: calls 2\nthe dog ate this\n", 1),
                   encoding="utf-8")
    assert cli.main(["import", str(log.parent), "--out", str(tmp_path / "ds")]) == 0
    out = capsys.readouterr()
    assert "1 quarantined" in out.out
    assert f"quarantined {log}:14:5: hand #1: " in out.err
    assert cli.main(["import", str(log.parent), "--out", str(tmp_path / "ds")]) == 0
    assert "unchanged, skipped" in capsys.readouterr().out
    assert cli.main(["stats", "--data", str(tmp_path / "ds"), "--player", "Ana"]) == 0
    out = capsys.readouterr().out
    assert "Ana" in out and "(the dataset holds 1 file, " in out


def test_a_log_with_no_readable_hand_is_exit_status_2(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "noise.txt").write_text("nothing here\n", encoding="utf-8")
    assert cli.main(["import", str(tmp_path / "noise.txt"), "--out", str(tmp_path / "ds")]) == 2
    assert "no readable hand" in capsys.readouterr().err


def test_cluster_without_a_dataset_or_with_a_bad_spec(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["import", str(SAMPLES), "--cluster", "local:2"]) == 2
    assert "give --out DATASET/" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        cli.main(["import", str(SAMPLES), "--out", str(tmp_path), "--cluster", "local:x"])
    assert "local:N" in capsys.readouterr().err


@pytest.mark.parametrize("spec", ["local:x", "local:100000", "tcp://127.0.0.1", "tls://h:1",
                                  "tcp://:8786"])
def test_a_cluster_spec_is_checked_as_the_command_line_is_read(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], spec: str) -> None:
    with pytest.raises(SystemExit) as exited:
        cli.main(["import", str(SAMPLES), "--out", str(tmp_path), "--cluster", spec])
    assert exited.value.code == 2 and f"argument --cluster: {spec!r}" in capsys.readouterr().err


def test_logs_given_as_urls_on_the_command_line(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    url = (REAL / "pokerstars").as_uri() + "/"   # file:///..., the way s3:// is given
    assert cli.main(["import", url, "--out", str(tmp_path / "ds")]) == 0
    assert "5 files read: 126 hands" in capsys.readouterr().out


def test_a_dataset_that_cannot_be_written_is_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "file").write_text("", encoding="utf-8")
    assert cli.main(["import", str(SAMPLES), "--out", str(tmp_path / "file")]) == 1
    assert "cannot write the dataset at" in capsys.readouterr().err
    # a file where the dataset needs a folder: what a read-only folder also gives, an OSError
    (tmp_path / "ds").mkdir()
    (tmp_path / "ds" / "manifest").write_text("", encoding="utf-8")
    assert cli.main(["import", str(SAMPLES), "--out", str(tmp_path / "ds")]) == 1
    err = capsys.readouterr().err
    assert err.startswith("badugi-hh import: cannot write the dataset at") and "\n" not in err[:-1]
    assert cli.main(["import", str(SAMPLES), "--out", str(tmp_path / "x"), "--jobs", "2"]) == 2
    assert "give --cluster local:N" in capsys.readouterr().err


def test_a_log_that_cannot_be_written_is_one_line_and_costs_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A full disk, a folder made read-only: said per log, exit 1, and nothing staged or
    half-listed is left (the run again imports the log)."""
    root = tmp_path / "ds"
    real_flush = writer._PartFile.flush

    def no_space(part: writer._PartFile) -> None:
        if part.waiting:
            raise OSError(28, "No space left on device", str(part.path))
        real_flush(part)

    monkeypatch.setattr(writer._PartFile, "flush", no_space)
    assert cli.main(["import", str(SAMPLES), "--out", str(root)]) == 1
    err = capsys.readouterr().err
    assert "cannot write into the dataset: " in err and "No space left on device" in err
    assert "internal error" not in err
    assert not any((root / STAGING).glob("*/*")) and not any((root / MANIFEST).iterdir())
    league = SAMPLES / "2026-summer-sunday-league.txt"   # read in parts: one line for the log
    parts = import_to_dataset([str(league)], root, chunk_bytes=league.stat().st_size // 3)
    assert len(parts.unwritable) == 1 and not parts.failures
    assert not any(root.glob("hands/**/*.parquet"))
    monkeypatch.undo()
    assert cli.main(["import", str(SAMPLES), "--out", str(root)]) == 0
    assert_same_tables(stored(tmp_path, SAMPLES), connect_dataset(root))


def test_one_import_writes_into_a_dataset_at_a_time(
        tmp_path: Path, samples_and_real: tuple[DatasetImport, Path],
        capsys: pytest.CaptureFixture[str]) -> None:
    root = tmp_path / "ds"
    import_to_dataset([str(SAMPLES)], root)
    (root / STAGING / "left-by-a-killed-import").mkdir(parents=True)
    with hold_lock(root / IMPORT_LOCK, wait=0) as mine:
        assert mine
        with pytest.raises(DatasetBusy, match=f"process {os.getpid()} on .*waited 0.2 s"):
            import_to_dataset([str(REAL)], root, wait=0.2)
        assert cli.main(["import", str(REAL), "--out", str(root), "--wait", "0"]) == 1
        err = capsys.readouterr().err
        assert "an import is writing into" in err and f"process {os.getpid()} " in err
    rules = root / "rules" / "part-catalogue.parquet"
    written = rules.stat().st_mtime_ns
    import_to_dataset([str(SAMPLES), str(REAL)], root)
    assert not (root / STAGING / "left-by-a-killed-import").exists()
    assert rules.stat().st_mtime_ns == written   # nothing new to say: not written again
    store = Store(samples_and_real[1] / "plain.duckdb", read_only=True).connection
    assert_same_tables(store, connect_dataset(root))
    store.close()


def test_a_damaged_dataset_is_one_line(tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    root = tmp_path / "ds"
    logs = sorted(SAMPLES.glob("2026-1*.txt"))   # a manifest entry each
    import_to_dataset([str(log) for log in logs], root, compact_after=None)
    entry = next((root / MANIFEST).glob("part-*.parquet"))
    listed = pq.read_table(entry)["files"][0].as_py()
    (root / listed[0]).unlink()
    with pytest.raises(StoreError, match="is damaged: .* is listed but missing"):
        connect_dataset(root)
    entry.write_bytes(b"not parquet")
    assert cli.main(["stats", "--data", str(root)]) == 1
    err = capsys.readouterr().err
    assert "is damaged" in err and err.count("\n") == 1
    entry.unlink()
    entries = sorted((root / MANIFEST).glob("part-*.parquet"))
    for spoiled in (entries[-1], entries[0]):   # read after a good entry, then first
        duckdb.sql(f"COPY (SELECT 1 AS x) TO '{spoiled}' (FORMAT parquet)")   # other columns
        for command in (["stats", "--data", str(root)],
                        ["import", str(SAMPLES), "--out", str(root)]):
            assert cli.main(command) == 1
            err = capsys.readouterr().err
            assert "is damaged: a manifest entry cannot be read" in err and err.count("\n") == 1


def test_a_file_damaged_after_the_dataset_was_opened_is_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    root = tmp_path / "ds"
    import_to_dataset([str(SAMPLES / "2026-summer-sunday-league.txt")], root)   # one log will do
    opened = iter([connect_dataset(root) for _ in range(6)])   # each command tries 3 times
    for table in ("actions", "hands", "hand_players"):
        for part in (root / table).rglob("*.parquet"):
            part.write_bytes(b"PAR1 cut short")
    monkeypatch.setattr("badugi_hh.dataset.connect_dataset", lambda _root: next(opened))
    assert cli.main(["sql", "--data", str(root), "SELECT count(*) FROM actions"]) == 1
    assert cli.main(["stats", "--data", str(root)]) == 1
    err = capsys.readouterr().err
    assert err.count("cannot read the data: ") == 2 and "internal error" not in err


def test_a_query_on_files_an_import_replaced_meanwhile_is_run_again(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    logs = tmp_path / "logs"
    logs.mkdir()
    shutil.copy(SAMPLES / "2026-summer-sunday-league.txt", logs / "club.txt")
    root = tmp_path / "ds"
    import_to_dataset([str(logs)], root)
    before = connect_dataset(root)   # opened, then the log's files are replaced
    with open(logs / "club.txt", "a", encoding="utf-8") as log:
        log.write("\n" + (SAMPLES / "2026-11-06-ana-bruno-bust.txt").read_text(encoding="utf-8"))
    import_to_dataset([str(logs)], root)
    connections = iter([before])
    monkeypatch.setattr("badugi_hh.dataset.connect_dataset",
                        lambda where: next(connections, None) or connect_dataset(where))
    assert cli.main(["sql", "--data", str(root), "SELECT count(*) FROM hands"]) == 0
    assert capsys.readouterr().out.split()[-1] == str(len(rows(stored(tmp_path, logs), "hands")))


def test_an_unreachable_scheduler_is_one_line(capsys: pytest.CaptureFixture[str],
                                              tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    assert cli.main(["import", str(SAMPLES), "--out", str(tmp_path / "ds"),
                     "--cluster", "tcp://127.0.0.1:9"]) == 1
    error = capsys.readouterr().err   # at once: nothing listens on port 9
    assert "cannot reach the scheduler at tcp://127.0.0.1:9: nothing listens there" in error


# -- a cluster -------------------------------------------------------------------------

@pytest.fixture(scope="module")
def local_cluster():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        with distributed.Client(cluster) as client:
            yield cluster, client


@pytest.mark.cluster
def test_a_cluster_import_equals_a_plain_import(tmp_path: Path, local_cluster) -> None:
    cluster, _ = local_cluster
    logs = simulated_logs(tmp_path / "logs", files=4, sessions=20)
    spec = ClusterSpec(address=cluster.scheduler_address)
    # parts of 20 kB: the simulated logs and the larger sites' exports are read in parts
    done = import_to_dataset([str(logs), str(REAL)], tmp_path / "ds", spec, chunk_bytes=20_000)
    assert not done.failures
    store, dataset = stored(tmp_path, logs, REAL), connect_dataset(tmp_path / "ds")
    assert_same_tables(store, dataset)
    assert_same_stats(store, dataset)
    again = import_to_dataset([str(logs), str(REAL)], tmp_path / "ds", spec).summary
    assert (again.new_hands, again.rows) == (0, 0)


@pytest.mark.cluster
def test_a_task_goes_to_the_cluster_only_when_a_worker_is_free(local_cluster) -> None:
    cluster, _ = local_cluster
    with runner(ClusterSpec(address=cluster.scheduler_address)) as running:
        assert isinstance(running, DaskRunner) and running.workers == 2
        for number in range(6):
            running.submit(number, time.sleep, 0.05)
        # two on the workers, four held back in their order
        assert len(running.tags) == 2 and [tag for tag, _, _ in running.waiting] == [2, 3, 4, 5]
        seen = []
        for tag, outcome in running:
            assert outcome is None and len(running.tags) <= 2
            seen.append(tag)
        assert sorted(seen) == list(range(6)) and not running.waiting


@pytest.mark.cluster
def test_logs_in_are_compacted_while_the_last_ones_are_read(tmp_path: Path,
                                                            local_cluster) -> None:
    cluster, _ = local_cluster
    logs = simulated_logs(tmp_path / "logs", files=5, sessions=4)
    # the largest log goes first and is read while the four others go, one after the other,
    # to the other worker, and are compacted (a task waits for a free worker: none is
    # queued behind the large log); it is 30 times as long as each, and too short to be cut
    with open(logs / "sim-0.txt", "w", encoding="utf-8") as out:
        write_records(simulate(120, 0), out)
    spec = ClusterSpec(address=cluster.scheduler_address)
    done = import_to_dataset([str(logs)], tmp_path / "ds", spec, compact_after=2)
    # the four small logs while the large one was read, then the large one alone
    assert done.compacted is not None and done.compacted.logs == 5
    assert len(compaction_entries(tmp_path / "ds")) == 2 and done.timings.compaction > 0
    assert done.timings.tasks == 5
    store, dataset = stored(tmp_path, logs), connect_dataset(tmp_path / "ds")
    assert_same_tables(store, dataset)
    assert_same_stats(store, dataset)


@pytest.mark.cluster
def test_a_worker_killed_mid_run_costs_time_not_rows(tmp_path: Path, local_cluster) -> None:
    cluster, client = local_cluster
    logs = simulated_logs(tmp_path / "logs", files=6, sessions=60)
    pids = list(client.run(os.getpid).values())
    killed: list[int] = []

    def kill_a_worker(_hands: int) -> None:   # while the other tasks are under way
        if not killed:
            killed.append(pids[0])
            os.kill(pids[0], signal.SIGKILL)

    spec = ClusterSpec(address=cluster.scheduler_address)
    import_to_dataset([str(logs)], tmp_path / "ds", spec, kill_a_worker)
    import_to_dataset([str(logs)], tmp_path / "ds", spec)
    assert killed
    assert_same_tables(stored(tmp_path, logs), connect_dataset(tmp_path / "ds"))


def fingerprint(con: duckdb.DuckDBPyConnection, table: str) -> tuple[int, int]:
    """The rows of a table in two numbers (the row count and a sum of row hashes), for
    tables too large to compare row by row."""
    skip = _WHEN.get(table)
    columns = f"* EXCLUDE ({', '.join(skip)})" if skip else "*"
    return con.sql(f"SELECT count(*), coalesce(sum(hash(t)::HUGEINT), 0) "
                   f"FROM (SELECT {columns} FROM {table}) t").fetchall()[0]


@pytest.mark.slow
@pytest.mark.cluster
def test_a_cluster_import_of_200000_hands_equals_a_plain_import(tmp_path: Path,
                                                                 local_cluster) -> None:
    """The issue's figure: 200,000 simulated hands and every real log (pytest -m slow)."""
    from badugi_hh.bench.store import sessions_holding, write_logs

    cluster, _ = local_cluster
    logs = tmp_path / "logs"
    write_logs(sessions_holding(simulate(200_000, 2024), 200_000), logs, 12_500)
    spec = ClusterSpec(address=cluster.scheduler_address)
    done = import_to_dataset([str(logs), str(REAL)], tmp_path / "ds", spec)
    assert not done.failures and done.summary.hands >= 200_000
    store, dataset = stored(tmp_path, logs, REAL), connect_dataset(tmp_path / "ds")
    for table in TABLES:
        assert fingerprint(dataset, table) == fingerprint(store, table), table
    assert_same_stats(store, dataset)
    again = import_to_dataset([str(logs), str(REAL)], tmp_path / "ds", spec).summary
    assert (again.new_hands, again.rows) == (0, 0)


def test_the_package_gives_and_lists_every_name_it_exports() -> None:
    """Its names are imported when first asked for (an import into a database needs none
    of them): each one is still there, listed by dir() as an eager package lists it."""
    import badugi_hh.dataset as package

    for name in package.__all__:
        assert name in dir(package)
        assert getattr(package, name) is getattr(
            importlib.import_module(getattr(package, name).__module__), name)
    with pytest.raises(AttributeError):
        getattr(package, "no_such_name")
