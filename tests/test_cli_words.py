"""What the commands say to a player reading a terminal: a mistyped option answered with
the command's own usage and the option meant, no ``NULL`` in a table, the currency of each
row of results, a missing folder named as such, and no empty database left behind by an
import that stored nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from badugi_hh.cli import main

REAL = Path(__file__).parent / "data" / "real"


@pytest.fixture(scope="module")
def pokerstars_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The real PokerStars exports: an SNG in chips (no summary: its entrants and some
    places unknown) and cash games in dollars."""
    db = tmp_path_factory.mktemp("words") / "ps.duckdb"
    assert main(["import", "--db", str(db), str(REAL / "pokerstars")]) == 0
    return db


def test_a_mistyped_option_gets_the_commands_usage_and_the_option_meant(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["stats", "--playr", "Hero"])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: badugi-hh stats ")
    assert "unrecognized arguments: --playr Hero (did you mean --player?)" in err


def test_an_unknown_command_still_gets_the_top_level_usage(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["statz"])
    assert capsys.readouterr().err.startswith("usage: badugi-hh [-h]")


def test_tournaments_say_unknown_where_the_hands_never_said(
        pokerstars_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournaments", "--db", str(pokerstars_db)]) == 0
    table = capsys.readouterr().out
    assert "NULL" not in table and "None" not in table
    [still_in] = [line for line in table.splitlines() if " Player4 " in line
                  and "330855877" in line]
    assert still_in.split()[-1] == "unknown"          # no place: he was in at the end
    assert main(["tournaments", "--db", str(pokerstars_db), "--csv"]) == 0
    assert ",,Player5,3," in capsys.readouterr().out   # CSV leaves the unknown empty


def test_each_row_of_results_names_its_currency(
        pokerstars_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--db", str(pokerstars_db)]) == 0
    lines = capsys.readouterr().out.splitlines()
    header = lines.index("Results and betting") + 1
    assert lines[header].split()[:4] == ["player", "site", "currency", "hands"]
    table = lines[header + 1:lines.index("", header)]
    player1 = sorted(line.split()[2] for line in table if line.split()[:1] == ["Player1"])
    assert player1 == ["USD", "chips"]    # one name at two tables: two rows, told apart


def test_a_missing_folder_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "nope" / "x.duckdb"
    assert main(["import", "--db", str(missing), str(REAL / "winamax")]) != 0
    assert f"the folder {missing.parent} does not exist" in capsys.readouterr().err
    assert main(["stats", "--db", str(missing)]) != 0
    err = capsys.readouterr().err
    assert f"the folder {missing.parent} does not exist" in err and "IO Error" not in err


def test_an_import_that_stores_no_hand_leaves_no_database(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = tmp_path / "notes.txt"
    text.write_text("not a hand history\n", encoding="utf-8")
    db = tmp_path / "new.duckdb"
    assert main(["import", "--db", str(db), str(text)]) == 2
    assert "no hand stored, so no database was made" in capsys.readouterr().out
    assert not db.exists() and not db.with_name("new.duckdb.wal").exists()


def test_an_import_that_stores_no_hand_keeps_a_database_that_was_there(
        pokerstars_db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = tmp_path / "notes.txt"
    text.write_text("not a hand history\n", encoding="utf-8")
    copy = tmp_path / "copy.duckdb"
    copy.write_bytes(pokerstars_db.read_bytes())
    assert main(["import", "--db", str(copy), str(text)]) == 2
    assert f"into {copy}" in capsys.readouterr().out
    assert copy.exists()
