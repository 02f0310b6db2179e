"""Exports that read back: a house log of PHH hands (which state no result: the rules
settle the pot) holds the engine's ``wins`` lines and validates clean, with the same nets;
a source none of whose hands an export can say gets no file, not an empty one."""

from __future__ import annotations

import json
from pathlib import Path

import duckdb

from badugi_hh.cli import main

ROOT = Path(__file__).resolve().parents[1]
PHH = ROOT / "tests" / "data" / "phh"
REAL = ROOT / "tests" / "data" / "real"
SIDE_POTS = ROOT / "sample_logs" / "2026-12-05-six-handed-side-pots.txt"


def nets(database: Path) -> list[tuple[str, int]]:
    with duckdb.connect(str(database), read_only=True) as con:
        return con.execute("SELECT player, sum(net) FROM hand_players GROUP BY player "
                           "ORDER BY player").fetchall()


def test_a_house_export_of_phh_hands_validates_and_keeps_their_nets(tmp_path: Path,
                                                                    capsys) -> None:
    # the PHH of the repository, and PHH written from a house log with side pots
    assert main(["import", str(SIDE_POTS), "--db", str(tmp_path / "house.duckdb")]) == 0
    assert main(["export", "--format", "phh", "--db", str(tmp_path / "house.duckdb"),
                 "--out", str(tmp_path / "phh")]) == 0
    database = tmp_path / "phh.duckdb"
    assert main(["import", str(PHH), str(tmp_path / "phh"), "--db", str(database)]) == 0
    out = tmp_path / "house"
    assert main(["export", "--format", "house", "--db", str(database), "--out", str(out)]) == 0
    capsys.readouterr()
    assert main(["validate", str(out)]) == 0
    said = capsys.readouterr().out.splitlines()
    sources = [path for folder in (PHH, tmp_path / "phh") for path in folder.rglob("*.phh*")]
    assert len(said) == len(sources) and all(line.endswith(": clean") for line in said), said
    assert main(["import", str(out), "--db", str(tmp_path / "again.duckdb")]) == 0
    assert nets(tmp_path / "again.duckdb") == nets(database)


def test_a_source_with_no_hand_written_gets_no_file(tmp_path: Path, capsys) -> None:
    database = tmp_path / "db.duckdb"
    a5 = REAL / "kingsclub" / "cash-a5td-fl-44-88-202010.txt"   # PHH has no code
    main(["import", str(a5), str(REAL / "pokerstars" / "cash-27td-fl-0.10-0.20-200911.txt"),
          "--db", str(database)])
    out = tmp_path / "phh"
    assert main(["export", "--format", "phh", "--db", str(database), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    written = sorted(path.relative_to(out).as_posix() for path in out.rglob("*")
                     if path.is_file())
    assert written == [".badugi-hh-export.json",
                       "pokerstars/cash-27td-fl-0.10-0.20-200911.phhs"]
    assert json.loads((out / ".badugi-hh-export.json").read_text())["files"] == written[1:]
    assert f"{a5}: no hand of it written: no kingsclub/cash-a5td-fl-44-88-202010.phhs" in err
