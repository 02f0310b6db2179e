"""Nothing a log holds reaches the terminal raw.

A real PokerStars export whose player is renamed with an OSC sequence (it set the
window title) and a clear-screen: ``validate`` names him in a violation and ``sql``
lists him; both print him escaped, while ``--json`` and ``--csv`` keep his name
exact.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from badugi_hh.cli import main
from badugi_hh.store import Store
from badugi_hh.store.notes import hand_identity

ROOT = Path(__file__).resolve().parents[1]
SNG = ROOT / "tests" / "data" / "real" / "pokerstars" / "tour-badugi-fl-sng-201011.txt"
EVIL = "Play\x1b]0;pwned\x07er3\x1b[2J"
ESCAPED = "Play\\x1b]0;pwned\\x07er3\\x1b[2J"


@pytest.fixture(scope="module")
def evil_log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The SNG with Player3's name made hostile, and his seat no longer said to sit out:
    his fold all-in in hand #52589452703 is then S3 (docs/rules.md, "Site practice")."""
    path = tmp_path_factory.mktemp("evil") / "sng.txt"
    text = SNG.read_text(encoding="utf-8").replace(
        "Seat 2: Player3 (25 in chips) is sitting out", "Seat 2: Player3 (25 in chips)")
    path.write_text(text.replace("Player3", EVIL), encoding="utf-8")
    return path


def test_validate_prints_a_hostile_name_escaped(evil_log: Path, capsys) -> None:
    assert main(["validate", str(evil_log)]) == 1
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out
    assert f"[S3] ps-52589452703: {ESCAPED} folds while all-in" in out


def test_validate_json_keeps_the_name_exact(evil_log: Path, capsys) -> None:
    main(["validate", str(evil_log), "--json"])
    report = json.loads(capsys.readouterr().out)
    assert any(v["message"].startswith(f"{EVIL} folds while all-in")
               for v in report["violations"])


def test_sql_prints_a_hostile_name_escaped_and_exports_it_exact(evil_log: Path, tmp_path: Path,
                                                                capsys) -> None:
    db = tmp_path / "hands.duckdb"
    with Store(db) as store:
        store.import_paths([evil_log])
    query = "SELECT DISTINCT player FROM hand_players WHERE player LIKE 'Play%3%'"
    assert main(["sql", query, "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[1].strip() == ESCAPED and "\x1b" not in out
    assert main(["sql", query, "--db", str(db), "--csv"]) == 0
    assert list(csv.reader(io.StringIO(capsys.readouterr().out))) == [["player"], [EVIL]]
    assert main(["sql", query, "--db", str(db), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == [{"player": EVIL}]


@pytest.fixture
def evil_db(evil_log: Path, tmp_path: Path) -> Path:
    db = tmp_path / "hands.duckdb"
    with Store(db) as store:
        store.import_paths([evil_log])
    return db


def test_a_note_with_a_control_character_is_refused_and_nothing_kept(evil_db: Path,
                                                                     capsys) -> None:
    assert main(["note", "52589452703", f"call {EVIL}", "--db", str(evil_db)]) == 2
    err = capsys.readouterr().err
    assert "\x1b" not in err
    assert "a note cannot hold a control character (\\x1b at character 10)" in err
    assert main(["note", "52589452703", "two\n\tlines", "--db", str(evil_db)]) == 0
    capsys.readouterr()
    assert main(["note", "52589452703", "--db", str(evil_db)]) == 0
    assert capsys.readouterr().out == "two\n\tlines\n"


def test_a_stored_note_tag_or_alias_is_printed_escaped(evil_db: Path, capsys) -> None:
    """A database made elsewhere (or before this check) may hold them: never printed raw."""
    with Store(evil_db) as store:
        con = store.connection
        site, source = con.execute("SELECT site, source FROM hands "
                                   "WHERE hand_id = 'ps-52589452703'").fetchone()
        con.execute("INSERT INTO hand_notes VALUES (?, ?, ?, ?, now())",
                    [*hand_identity(site, "ps-52589452703", source), f"line one\n{EVIL}"])
        con.execute("INSERT INTO aliases VALUES ('pokerstars', 'Player1', ?), "
                    "('pokerstars', 'Player2', ?)", [EVIL, EVIL])
    for argv in (["note", "52589452703"], ["tag", "52589452703"],
                 ["alias", "Ana", "pokerstars:Player1"], ["alias", "--list"]):
        assert main([*argv, "--db", str(evil_db)]) == 0, argv
        out = capsys.readouterr().out
        assert "\x1b" not in out and "\x07" not in out and ESCAPED in out, argv


def test_a_person_s_name_with_a_control_character_is_refused(evil_db: Path, capsys) -> None:
    assert main(["alias", EVIL, "pokerstars:Player1", "--db", str(evil_db)]) == 2
    err = capsys.readouterr().err
    assert "a person's name cannot hold a control character (\\x1b at character 5)" in err
    assert "\x1b" not in err
    assert main(["alias", "--list", "--db", str(evil_db)]) == 0
    assert capsys.readouterr().out.startswith("no persons yet")
