"""``badugi-hh sql`` and the dashboard's connections: one query, read-only, closed.

A refusal is one clear line on stderr and exit status 2, never a traceback, and the
database, the file system and the network are left as they were.
"""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest

from badugi_hh.cli import main
from badugi_hh.store import Store, connect_current

SAMPLE_LOGS = Path(__file__).resolve().parents[1] / "sample_logs"


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("sql") / "hands.duckdb"
    with Store(path) as store:
        store.import_paths([SAMPLE_LOGS / "2026-11-06-ana-bruno-bust.txt"])
    return path


REFUSED = [
    "COPY hands TO '{tmp}/x.csv'",
    "EXPORT DATABASE '{tmp}/d'",
    "SELECT * FROM read_text('/etc/passwd')",
    "SELECT * FROM read_csv('/etc/passwd')",
    "SELECT * FROM read_blob('/etc/passwd')",
    "SELECT * FROM glob('/*')",
    "INSTALL httpfs",
    "LOAD httpfs",
    "SELECT * FROM 'https://example.com/x.csv'",
    "ATTACH '{tmp}/other.duckdb' AS other",
    "SET enable_external_access = true",
    "PRAGMA version",
    "SELECT 1; SELECT 2",
    "SELECT 1; DELETE FROM hands",
    "DELETE FROM hands",
    "CREATE TABLE x (a INTEGER)",
    "EXPLAIN ANALYZE COPY hands TO '{tmp}/y.csv'",
    "CALL pragma_version()",
]


@pytest.mark.parametrize("query", REFUSED)
def test_sql_refuses_what_is_not_one_closed_query(query: str, db: Path, tmp_path: Path,
                                                  capsys) -> None:
    hands = duckdb.connect(str(db), read_only=True).execute(
        "SELECT count(*) FROM hands").fetchone()
    assert main(["sql", query.format(tmp=tmp_path), "--db", str(db)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("badugi-hh sql: ") and err.count("\n") == 1, err
    assert "Traceback" not in err
    assert list(tmp_path.iterdir()) == []   # nothing written, nothing attached
    assert duckdb.connect(str(db), read_only=True).execute(
        "SELECT count(*) FROM hands").fetchone() == hands


@pytest.mark.parametrize("query", [
    "SELECT count(*) AS n FROM hands",
    "WITH h AS (SELECT * FROM hands) SELECT count(*) AS n FROM h",
    "DESCRIBE hands",
    "SHOW TABLES",
    "FROM hands SELECT count(*) AS n",
    "VALUES (1)",
    "EXPLAIN SELECT * FROM hands",
])
def test_sql_still_runs_queries(query: str, db: Path, capsys) -> None:
    assert main(["sql", query, "--db", str(db), "--csv"]) == 0
    assert capsys.readouterr().out.strip()


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
