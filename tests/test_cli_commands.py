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


@pytest.mark.parametrize(("out", "reason"), [("missing/sim.txt", "No such file or directory"),
                                             (".", "Is a directory")])
def test_simulate_to_a_path_it_cannot_write(out: str, reason: str, tmp_path: Path,
                                            capsys) -> None:
    target = str(tmp_path / out)
    assert main(["simulate", "--out", target]) == 2
    assert capsys.readouterr().err == f"badugi-hh simulate: cannot write {target}: {reason}\n"


def test_simulate_help_cites_the_rules_document(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    out = capsys.readouterr().out
    assert "docs/rules.md" in out and "RULES.md" not in out.replace("docs/rules.md", "")
    assert (SAMPLE_LOGS.parent / "docs" / "rules.md").is_file()
