"""``badugi-hh export --format duckdb``: a slice of the tables copied into a store file,
from a database or a dataset, whole and idempotent."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest

from badugi_hh import stats
from badugi_hh.cli import main
from badugi_hh.dataset import connect_dataset
from badugi_hh.stats import Filters
from badugi_hh.store import TABLES, connect
from badugi_hh.store.slice import COPIED, UNITS

ROOT = Path(__file__).resolve().parents[1]


def export(origin: tuple[str, Path], out: Path, *filters: str) -> int:
    option, path = origin
    return main(["export", "--format", "duckdb", option, str(path), "--out", str(out),
                 *filters])


@pytest.fixture(params=["--db", "--data"])
def origin(request: pytest.FixtureRequest, dashboard_db: Path,
           dashboard_dataset: Path) -> tuple[str, Path]:
    """The database, or the dataset of the same logs."""
    return request.param, dashboard_db if request.param == "--db" else dashboard_dataset


def tables(path: Path) -> dict[str, list[tuple]]:
    """Every copied table's rows, sorted."""
    con = connect(path, read_only=True)
    try:
        return {table: sorted(con.execute(f"SELECT * FROM {table}").fetchall(), key=repr)
                for table in COPIED}
    finally:
        con.close()


def open_origin(origin: tuple[str, Path]) -> duckdb.DuckDBPyConnection:
    option, path = origin
    return connect(path, read_only=True) if option == "--db" else connect_dataset(path)


def test_every_table_has_a_unit_and_only_the_catalogue_is_left_out() -> None:
    assert set(UNITS) == set(COPIED) == set(TABLES) - {"schema_version", "rules"}


def test_without_filters_the_copy_has_the_statistics_of_the_origin(
        origin: tuple[str, Path], tmp_path: Path, capsys) -> None:
    out = tmp_path / "copy.duckdb"
    assert export(origin, out) == 0
    assert "0 new" not in capsys.readouterr().err
    source, copy = open_origin(origin), connect(out, read_only=True)
    try:
        assert stats.overview(copy) == stats.overview(source)
        assert stats.player_stats(copy).equals(stats.player_stats(source))
        assert stats.position_stats(copy).equals(stats.position_stats(source))
        assert stats.coverage(copy) == stats.coverage(source)
        assert stats.violations_by_rule(copy).equals(stats.violations_by_rule(source))
        for table in COPIED:   # every row, the quarantined text and the violations too
            query = f"SELECT count(*) FROM {table}"
            assert copy.sql(query).fetchall() == source.sql(query).fetchall(), table
    finally:
        source.close()
        copy.close()


def test_a_copy_of_the_database_holds_its_very_rows(dashboard_db: Path, tmp_path: Path) -> None:
    out = tmp_path / "copy.duckdb"
    assert export(("--db", dashboard_db), out) == 0
    assert tables(out) == tables(dashboard_db)


def test_exporting_twice_adds_nothing_twice(origin: tuple[str, Path], tmp_path: Path,
                                            capsys) -> None:
    out = tmp_path / "copy.duckdb"
    assert export(origin, out, "--player", "Bruno") == 0
    once = tables(out)
    assert export(origin, out, "--player", "Bruno") == 0
    assert tables(out) == once
    rows = sum(map(len, once.values()))
    assert capsys.readouterr().err.splitlines()[-1].endswith(f"(0 new, {rows:,} rows)")


def test_a_slice_holds_its_hands_whole_with_their_sessions_and_files(
        origin: tuple[str, Path], dashboard_db: Path, tmp_path: Path) -> None:
    out = tmp_path / "slice.duckdb"
    assert export(origin, out, "--session", "sim-3-2") == 0
    full = connect(dashboard_db, read_only=True)
    copy = connect(out, read_only=True)
    try:
        hands = "SELECT source, hand_id FROM hands ORDER BY ALL"
        assert copy.sql(hands).fetchall() == full.sql(
            "SELECT source, hand_id FROM hands WHERE session_id = 'sim-3-2' ORDER BY ALL"
        ).fetchall() != []
        for table in ("hand_players", "actions", "draws", "showdowns", "pots"):
            query = (f"SELECT t.* FROM {table} t SEMI JOIN (SELECT source, hand_id FROM hands "
                     "WHERE session_id = 'sim-3-2') USING (source, hand_id) ORDER BY ALL")
            assert copy.sql(f"SELECT * FROM {table} ORDER BY ALL").fetchall() == \
                full.sql(query).fetchall(), table
        assert copy.sql("SELECT session_id FROM sessions").fetchall() == [("sim-3-2",)]
        assert copy.sql("SELECT count(*) FROM session_players").fetchall() == full.sql(
            "SELECT count(*) FROM session_players WHERE session_id = 'sim-3-2'").fetchall()
        assert copy.sql("SELECT path FROM sources").fetchall() == copy.sql(
            "SELECT DISTINCT source FROM hands").fetchall()
        assert copy.sql("SELECT count(*) FROM quarantine").fetchall() == [(0,)]
        assert stats.player_stats(copy).equals(
            stats.player_stats(full, Filters(session="sim-3-2")))
    finally:
        full.close()
        copy.close()


def test_slices_of_one_file_add_up(origin: tuple[str, Path], dashboard_db: Path,
                                   tmp_path: Path) -> None:
    """Two slices that overlap: the copy holds the hands of both, each once."""
    out = tmp_path / "slices.duckdb"
    assert export(origin, out, "--to", "2024-01-05") == 0
    assert export(origin, out, "--from", "2024-01-03") == 0
    copy, full = connect(out, read_only=True), connect(dashboard_db, read_only=True)
    try:
        for table in ("hands", "hand_players", "actions", "draws", "showdowns", "pots"):
            dated = (f"SELECT t.* FROM {table} t SEMI JOIN (SELECT source, hand_id FROM hands "
                     "WHERE started_at IS NOT NULL) USING (source, hand_id) ORDER BY ALL")
            assert copy.sql(f"SELECT * FROM {table} ORDER BY ALL").fetchall() == \
                full.sql(dated).fetchall(), table
    finally:
        copy.close()
        full.close()


def test_export_refuses_to_write_over_its_origin_and_names_a_missing_dataset(
        dashboard_db: Path, tmp_path: Path, capsys) -> None:
    assert export(("--db", dashboard_db), dashboard_db) == 1
    assert "is the database the hands come from" in capsys.readouterr().err
    assert export(("--data", tmp_path / "none"), tmp_path / "out.duckdb") == 1
    assert capsys.readouterr().err.startswith(f"badugi-hh export: no dataset at {tmp_path}")
    assert not (tmp_path / "out.duckdb").exists()


def test_phh_from_a_dataset_is_phh_from_the_database(dashboard_db: Path,
                                                     dashboard_dataset: Path,
                                                     tmp_path: Path) -> None:
    for option, path in (("--db", dashboard_db), ("--data", dashboard_dataset)):
        assert main(["export", "--format", "phh", option, str(path), "--player", "Bruno",
                     "--out", str(tmp_path / option.strip("-"))]) == 0
    written = sorted(path.name for path in (tmp_path / "db").iterdir())
    assert written and written == sorted(path.name for path in (tmp_path / "data").iterdir())
    for name in written:
        assert (tmp_path / "db" / name).read_text() == (tmp_path / "data" / name).read_text()
