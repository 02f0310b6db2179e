"""``badugi-hh sql`` and the dashboard's connections: one query, read-only, closed.

A refusal is one clear line on stderr and exit status 2, never a traceback, and the
database, the dataset's files, the file system and the network are left as they were.
Every statement form is tried on both a database and a dataset: EXPLAIN ANALYZE
once wrote into a dataset's own Parquet files.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import duckdb
import pytest
from conftest import every_other_wide

from badugi_hh.cli import main
from badugi_hh.commands.sql_check import MAX_QUERY_CHARS
from badugi_hh.store import Store, connect_current

SAMPLE_LOGS = Path(__file__).resolve().parents[1] / "sample_logs"


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("sql") / "hands.duckdb"
    with Store(path) as store:
        store.import_paths([SAMPLE_LOGS / "2026-11-06-ana-bruno-bust.txt"])
    return path


@pytest.fixture(params=["--db", "--data"])
def origin(request: pytest.FixtureRequest, db: Path,
           dashboard_dataset: Path) -> tuple[str, Path]:
    return request.param, db if request.param == "--db" else dashboard_dataset


def fingerprint(path: Path) -> dict[str, str]:
    """Every file under ``path`` (or the file itself) and the hash of its content."""
    files = [path] if path.is_file() else sorted(p for p in path.rglob("*") if p.is_file())
    return {str(file): hashlib.sha256(file.read_bytes()).hexdigest() for file in files}


def a_parquet_file(dataset: Path) -> Path:
    return next(dataset.rglob("*.parquet"))


REFUSED = [
    # the statements of issue 24: EXPLAIN ANALYZE runs what it explains
    "EXPLAIN ANALYZE COPY (SELECT 1 AS x) TO '{parquet}' (FORMAT parquet, USE_TMP_FILE false)",
    "EXPLAIN ANALYZE CREATE TABLE x AS SELECT 1",
    "/* plan */ explain -- and run\n analyze SELECT 1",
    "EXPLAIN (ANALYZE) SELECT 1",
    "EXPLAIN (FORMAT json, ANALYZE) SELECT 1",
    "EXPLAIN/**/ANALYZE/**/SELECT 1",
    "EXPLAIN /**/ ANALYZE COPY (SELECT 1) TO '{parquet}'",
    "EXPLAIN COPY hands TO '{tmp}/x.csv'",
    "EXPLAIN CREATE TABLE x AS SELECT 1",
    # files, databases, extensions
    "COPY hands TO '{tmp}/x.csv'",
    "COPY (SELECT 1 AS x) TO '{parquet}' (FORMAT parquet)",
    "COPY hands FROM '{tmp}/x.csv'",
    "EXPORT DATABASE '{tmp}/d'",
    "IMPORT DATABASE '{tmp}/d'",
    "ATTACH '{tmp}/other.duckdb' AS other",
    "DETACH store",
    "USE memory",
    "INSTALL httpfs",
    "FORCE INSTALL httpfs",
    "LOAD httpfs",
    "UPDATE EXTENSIONS",
    # state
    "SET enable_external_access = true",
    "SET memory_limit = '100GB'",
    "RESET lock_configuration",
    "SET VARIABLE x = 1",
    "PRAGMA version",
    "CALL pragma_version()",
    "CALL checkpoint()",
    "CHECKPOINT",
    "VACUUM",
    "ANALYZE",
    "BEGIN TRANSACTION",
    "PREPARE p AS SELECT 1",
    "CREATE TABLE x (a INTEGER)",
    "CREATE VIEW v AS SELECT 1",
    "CREATE MACRO m() AS 1",
    "CREATE SECRET (TYPE s3, KEY_ID 'k', SECRET 's')",
    "CREATE SEQUENCE s",
    "DELETE FROM hands",
    "UPDATE hands SET pot = 0",
    "INSERT INTO hands SELECT * FROM hands",
    "DROP TABLE hands",
    "ALTER TABLE hands RENAME TO h",
    "COMMENT ON TABLE hands IS 'x'",
    "PIVOT hands ON site USING count(*)",
    # several statements, one hidden behind a comment or a string
    "SELECT 1; SELECT 2",
    "SELECT 1; DELETE FROM hands",
    "SELECT 1 /* ; */; DROP TABLE hands",
    "-- only a comment\nSELECT ';'; COPY hands TO '{tmp}/x.csv'",
    "SELECT 1;\n-- the end\nEXPLAIN ANALYZE COPY (SELECT 1) TO '{parquet}'",
    # table functions that do more than read, even inside a SELECT
    "SELECT * FROM checkpoint()",
    "FROM force_checkpoint()",
    "SELECT * FROM query('SELECT 1')",
    "WITH a AS (SELECT 1) SELECT * FROM a, (FROM enable_logging())",
    "SELECT (SELECT count(*) FROM enable_profiling())",
    "FROM truncate_duckdb_logs()",
    "FROM json_execute_serialized_sql('x')",
    "SELECT * FROM read_parquet('{parquet}')",
    "SELECT * FROM read_text('/etc/passwd')",
    "SELECT * FROM read_csv('/etc/passwd')",
    "SELECT * FROM read_blob('/etc/passwd')",
    "SELECT * FROM sniff_csv('/etc/passwd')",
    "SELECT * FROM glob('/*')",
    "SELECT nextval('s')",
    "SELECT write_log('x')",
    # files named as tables: the closed connection refuses them
    "SELECT * FROM 'https://example.com/x.csv'",
    "SELECT * FROM '{tmp}/x.csv'",
]


@pytest.mark.parametrize("query", every_other_wide([(query,) for query in REFUSED]))
def test_sql_refuses_what_is_not_one_closed_query(query: str, origin: tuple[str, Path],
                                                  dashboard_dataset: Path, tmp_path: Path,
                                                  capsys) -> None:
    option, path = origin
    before, dataset_before = fingerprint(path), fingerprint(dashboard_dataset)
    text = query.format(tmp=tmp_path, parquet=a_parquet_file(dashboard_dataset))
    assert main(["sql", text, option, str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("badugi-hh sql: ") and err.count("\n") == 1, err
    assert "Traceback" not in err
    assert list(tmp_path.iterdir()) == []   # nothing written, nothing attached
    assert fingerprint(path) == before
    assert fingerprint(dashboard_dataset) == dataset_before


@pytest.mark.parametrize("query", ["SELECT * FROM '/etc/passwd'",
                                   "SELECT * FROM '/etc/passwd.csv'"])
def test_a_file_named_as_a_table_is_not_read(query: str, origin: tuple[str, Path],
                                             capsys) -> None:
    option, path = origin
    assert main(["sql", query, option, str(path)]) in (1, 2)
    out, err = capsys.readouterr()
    assert out == "" and "root:" not in err and err.count("\n") == 1


def test_the_dataset_s_files_are_left_as_they_were(dashboard_dataset: Path, capsys) -> None:
    """The attack of issue 24, on its own: the dataset still reads the same after it."""
    before = fingerprint(dashboard_dataset)
    parquet = a_parquet_file(dashboard_dataset)
    attack = (f"EXPLAIN ANALYZE COPY (SELECT 1 AS x) TO '{parquet}' "
              "(FORMAT parquet, USE_TMP_FILE false)")
    assert main(["sql", attack, "--data", str(dashboard_dataset)]) == 2
    assert "EXPLAIN ANALYZE runs the statement" in capsys.readouterr().err
    assert fingerprint(dashboard_dataset) == before
    assert main(["sql", "SELECT count(*) AS n FROM hands", "--data", str(dashboard_dataset),
                 "--csv"]) == 0
    assert int(capsys.readouterr().out.split()[1]) > 0


@pytest.mark.parametrize("query", [
    "SELECT count(*) AS n FROM hands",
    "WITH h AS (SELECT * FROM hands) SELECT count(*) AS n FROM h",
    "DESCRIBE hands",
    "SHOW TABLES",
    "SUMMARIZE hands",
    "FROM hands SELECT count(*) AS n",
    "TABLE rules",
    "VALUES (1)",
    "(SELECT 1) UNION ALL (SELECT 2)",
    "EXPLAIN SELECT * FROM hands",
    "/* why */ EXPLAIN -- the plan\n SELECT count(*) FROM hands",
    "SELECT * FROM range(3)",
    "SELECT * FROM generate_series(1, 3)",
    "SELECT unnest([1, 2])",
    "SELECT * FROM duckdb_tables()",
    "SELECT * FROM pragma_table_info('hands')",
    "SELECT 'COPY hands TO ''x''; DROP TABLE hands' AS text",
    "SELECT 1 -- ; DROP TABLE hands",
])
def test_sql_still_runs_queries(query: str, origin: tuple[str, Path], capsys) -> None:
    option, path = origin
    assert main(["sql", query, option, str(path), "--csv"]) == 0
    assert capsys.readouterr().out.strip()


def test_a_syntax_error_is_a_failed_query_in_one_line(db: Path, capsys) -> None:
    assert main(["sql", "SELEC 1", "--db", str(db)]) == 1
    err = capsys.readouterr().err
    assert err == 'badugi-hh sql: Parser Error: syntax error at or near "SELEC"\n'


def test_a_text_over_the_bound_is_refused_before_it_is_parsed(db: Path, capsys) -> None:
    """114 KB of UNION ALL took 1.1 GB in DuckDB's planner: such a text is not read."""
    union = " UNION ALL ".join(f"SELECT {i} AS x" for i in range(4500))
    assert len(union) > 114_000
    assert main(["sql", union, "--db", str(db)]) == 2
    assert capsys.readouterr().err == (f"badugi-hh sql: the query has {len(union):,} "
                                       f"characters; at most {MAX_QUERY_CHARS:,} are read\n")


def test_dashboard_connection_is_closed_to_the_outside(db: Path) -> None:
    """The dashboard reads through :func:`connect_current`, the same closed connection."""
    con = connect_current(db)
    try:
        with pytest.raises(duckdb.PermissionException):
            con.execute("SELECT * FROM read_text('/etc/passwd')")
        with pytest.raises(duckdb.Error):
            con.execute("SET enable_external_access = true")
        assert con.execute("SELECT count(*) FROM hands").fetchone()[0] > 0
    finally:
        con.close()


def test_sql_on_a_v1_database_migrates_it_first(tmp_path: Path, capsys) -> None:
    """The migration needs a writable connection: it runs on its own, before the closed
    read-only one the query gets."""
    v1 = tmp_path / "v1.duckdb"
    v1.write_bytes((Path(__file__).parent / "data" / "v1.duckdb").read_bytes())
    assert main(["sql", "SELECT count(*) AS n FROM hand_players WHERE position IS NOT NULL",
                 "--db", str(v1), "--json"]) == 0
    assert '"n"' in capsys.readouterr().out
    assert main(["sql", "SELECT * FROM read_text('/etc/passwd')", "--db", str(v1)]) == 2
