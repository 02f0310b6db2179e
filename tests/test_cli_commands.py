"""What a new user meets on the command line: clear messages and exit statuses, no tracebacks."""

from __future__ import annotations

from pathlib import Path

import pytest

from badugi_hh.cli import main
from badugi_hh.store import Store

SAMPLE_LOGS = Path(__file__).resolve().parents[1] / "sample_logs"


@pytest.fixture(scope="module")
def empty_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("db") / "empty.duckdb"
    Store(path).close()
    return path


@pytest.mark.parametrize("query", ["", " ", ";", "-- c", "/* nothing */ ;"])
def test_sql_without_a_statement_says_so(query: str, empty_db: Path, capsys) -> None:
    assert main(["sql", query, "--db", str(empty_db)]) == 2
    assert capsys.readouterr().err == f"badugi-hh sql: no statement in {query!r}\n"
