"""CSV a spreadsheet opens safely: a cell that could start a formula is text (OWASP)."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from badugi_hh.cli import main
from badugi_hh.commands.sql import csv_cell
from badugi_hh.store import Store

SAMPLE = Path(__file__).resolve().parents[1] / "sample_logs" / "2026-11-06-ana-bruno-bust.txt"
EVIL = "=cmd|'/C calc'!A0"


@pytest.fixture(scope="module")
def evil_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Bruno renamed in every table (the house grammar would not read such a name, a
    site export may)."""
    path = tmp_path_factory.mktemp("evil") / "evil.duckdb"
    with Store(path) as store:
        assert store.import_paths([SAMPLE]).new_hands
        con = store.connection
        for (table,) in con.execute("SELECT DISTINCT table_name FROM information_schema.columns "
                                    "WHERE column_name = 'player'").fetchall():
            con.execute(f"UPDATE {table} SET player = ? WHERE player = 'Bruno'", [EVIL])
    return path


def _csv(args: list[str], capsys) -> list[dict[str, str]]:
    assert main(args) == 0
    return list(csv.DictReader(io.StringIO(capsys.readouterr().out)))


def test_sql_csv_quotes_a_formula_and_keeps_negative_numbers(evil_db: Path, capsys) -> None:
    rows = _csv(["sql", "SELECT player, sum(net) AS net, '+1' AS plus, '@x' AS at, "
                 "'-2' AS minus, chr(9) || 'tab' AS tab "
                 "FROM hand_players GROUP BY player ORDER BY net", "--db", str(evil_db),
                 "--csv"], capsys)
    assert sorted(row["player"] for row in rows) == ["'" + EVIL, "Ana"]
    assert int(rows[0]["net"]) < 0   # a negative number is written as a number
    assert {rows[0][k] for k in ("plus", "at", "minus")} == {"'+1", "'@x", "'-2"}
    assert rows[0]["tab"] == "'\ttab"


def test_a_carriage_return_start_is_quoted_too() -> None:
    """Not through the CLI: csv.reader then meets a bare CR, which no log name holds."""
    assert csv_cell("\r=1") == "'\r=1" and csv_cell(-5.5) == -5.5


def test_stats_csv_quotes_a_formula_player(evil_db: Path, capsys) -> None:
    rows = _csv(["stats", "--db", str(evil_db), "--csv"], capsys)
    players = {row["player"] for row in rows}
    assert "'" + EVIL in players and EVIL not in players
    net = [row[key] for row in rows for key in row if key == "net"]
    assert any(value.startswith("-") for value in net)
