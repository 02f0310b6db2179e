"""No silent loss: what cannot be read is kept with its text, and nothing read is dropped."""

from __future__ import annotations

import random
from pathlib import Path

from badugi_hh.events import ParseError
from badugi_hh.parsers import read_records
from badugi_hh.store import Store

ROOT = Path(__file__).resolve().parents[1]
HOUSE = ROOT / "sample_logs" / "2026-11-06-ana-bruno-bust.txt"
REAL = ROOT / "tests" / "data" / "real"
PHH = ROOT / "tests" / "data" / "phh"


def test_a_session_id_used_twice_in_a_file_keeps_both_sessions(tmp_path: Path) -> None:
    text = HOUSE.read_text(encoding="utf-8")
    log = tmp_path / "twice.txt"
    log.write_text(text + "\n" + text, encoding="utf-8")
    second = len(text.splitlines()) + 3   # after the blank line and the comment
    with Store(tmp_path / "once.duckdb") as store:
        once = store.import_paths([HOUSE]).new_hands
    with Store(tmp_path / "db.duckdb") as store:   # not beside HOUSE: its hands are HOUSE's
        summary = store.import_paths([log])
        sessions = store.connection.execute(
            "SELECT session_id FROM sessions WHERE source = ? ORDER BY ALL", [str(log)]).fetchall()
        warning = store.connection.execute(
            "SELECT line, column_number, error, text, hand_lost FROM quarantine "
            "WHERE source = ?", [str(log)]).fetchall()
    assert summary.new_hands == 2 * once
    assert sessions == [("fri-1106",), ("fri-1106~2",)]
    assert warning == [(second, 10, "the session id fri-1106 is used again (first at line 2); "
                        "this session is read as fri-1106~2", text.splitlines()[1], False)]


def _damaged_logs(tmp_path: Path) -> list[Path]:
    """One log of each format with a line of each hand broken in the middle."""
    rng = random.Random(15)
    sources = [HOUSE, next(PHH.glob("*.phh"))] + [
        next(iter(sorted(folder.iterdir()))) for folder in sorted(REAL.iterdir())
        if folder.is_dir() and folder.name != "expected"]
    damaged = []
    for source in sources:
        data = source.read_bytes()
        encoding = "utf-16" if data[:2] in (b"\xff\xfe", b"\xfe\xff") else "utf-8"
        lines = data.decode(encoding, errors="replace").splitlines()
        for index in rng.sample(range(2, len(lines)), min(5, len(lines) - 2)):
            lines[index] = lines[index][: len(lines[index]) // 2] + " garbled ]["
        target = tmp_path / source.name
        target.write_text("\n".join(lines) + "\n", encoding="utf-8")
        damaged.append(target)
    return damaged


def test_every_parse_error_carries_the_text_it_could_not_read(tmp_path: Path) -> None:
    errors = [record for log in _damaged_logs(tmp_path) for record in read_records(log)
              if isinstance(record, ParseError)]
    assert len({error.source for error in errors}) >= 5
    assert [str(e) for e in errors if not e.text.strip()] == []


def test_a_merge_game_lost_with_its_description_keeps_its_text(tmp_path: Path) -> None:
    export = REAL / "merge" / "cash-27td-pl-0.05-0.10-201102.xml.txt"
    log = tmp_path / "merge.xml.txt"
    log.write_text(export.read_text(encoding="utf-8").replace("$0.05/", "$0.0555/", 1),
                   encoding="utf-8")
    errors = [r for r in read_records(log) if isinstance(r, ParseError)]
    assert len(errors) >= 2   # the description, then each game it leaves without stakes
    assert [e for e in errors if not e.text.strip()] == []
    assert "stakes=" in errors[0].text and "<game" in errors[1].text


def test_a_merge_game_cut_short_or_damaged_keeps_its_lines(tmp_path: Path) -> None:
    export = (REAL / "merge" / "cash-27td-pl-0.05-0.10-201102.xml.txt").read_text(
        encoding="utf-8")
    damaged = tmp_path / "damaged.xml.txt"
    damaged.write_text(export.replace('type="DRAW"', 'type="JUGGLE"', 1), encoding="utf-8")
    cut = tmp_path / "cut.xml.txt"
    cut.write_text(export[:export.index("</game>")], encoding="utf-8")
    errors = [r for log in (damaged, cut) for r in read_records(log)
              if isinstance(r, ParseError)]
    assert len(errors) == 2
    assert 'type="JUGGLE"' in errors[0].text and "<game" in errors[1].text
