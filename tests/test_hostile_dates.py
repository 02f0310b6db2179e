"""Dates at the calendar's ends: a hand dated 9999/12/31 (or year 1) cannot be placed in
UTC from every zone, so every reader reports it at its date, as it does 2026/02/30, and
``validate`` and ``import`` agree: that hand is unreadable, the others are stored, no
internal error (``docs/format.md``, "Dates")."""

from __future__ import annotations

import re
from pathlib import Path

import duckdb
import pytest

from badugi_hh.cli import main

ROOT = Path(__file__).resolve().parents[1]
REAL = ROOT / "tests" / "data" / "real"
HOUSE = ROOT / "sample_logs" / "2026-11-06-ana-bruno-bust.txt"


def first_date_changed(log: Path, pattern: str, replacement: str, tmp_path: Path) -> Path:
    """``log`` with its first date replaced (as UTF-8: Full Tilt's UTF-16 too)."""
    raw = log.read_bytes()
    text = (raw[:len(raw) // 2 * 2].decode("utf-16") if raw[:2] in (b"\xff\xfe", b"\xfe\xff")
            else raw.decode("utf-8-sig"))
    changed, count = re.subn(pattern, replacement, text, count=1)
    assert count == 1
    path = tmp_path / log.name
    path.write_text(changed, encoding="utf-8")
    return path


CASES = {
    "pokerstars-9999": (REAL / "pokerstars" / "cash-27td-fl-0.10-0.20-200911.txt",
                        r"2009/11/25 14:12:58", "9999/12/31 23:59:58", 17),
    "pokerstars-year-1": (REAL / "pokerstars" / "cash-27td-fl-0.10-0.20-200911.txt",
                          r"2009/11/25 14:12:58", "0001/01/01 00:00:01", 17),
    "fulltilt": (REAL / "fulltilt" / "cash-27td-fl-0.10-0.20-201011.txt",
                 r"2010/11/01", "9999/12/31", None),
    "kingsclub": (REAL / "kingsclub" / "cash-27td-fl-40-80-202101.txt",
                  r"2021-01-02 15:42:06", "9999-12-31 23:42:06", None),
    "merge": (REAL / "merge" / "cash-27td-fl-1-2-201104-multi.xml.txt",
              r'starttime="20110419085211"', 'starttime="99991231235211"', None),
    "winamax": (REAL / "winamax" / "cash-27td-fl-0.50-1-201610.txt",
                r"2016/10/11 12:42:36", "9999/12/31 23:42:36", None),
    "house-hand": (HOUSE, r"(Hand #1 - button Ana - )2026-11-06 20:00",
                   r"\g<1>9999-12-31 22:00", 11),
}


def counts(database: Path) -> tuple[int, list[str]]:
    with duckdb.connect(str(database), read_only=True) as con:
        hands = con.execute("SELECT count(*) FROM hands").fetchone()[0]
        errors = [row[0] for row in con.execute("SELECT error FROM quarantine").fetchall()]
    return hands, errors


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("zone", ["America/Adak", "Pacific/Kiritimati"])
def test_a_hand_dated_past_the_calendar_is_one_unreadable_hand(case: str, zone: str,
                                                               tmp_path: Path, capsys) -> None:
    log, pattern, replacement, hands_in_log = CASES[case]
    changed = first_date_changed(log, pattern, replacement, tmp_path)
    main(["validate", str(changed)])
    said = capsys.readouterr().out
    assert "is out of range (years 2 to 9998" in said
    lost = int(re.search(r"\((\d+) hands? lost\)", said).group(1))
    database = tmp_path / "db.duckdb"
    assert main(["import", str(changed), "--db", str(database), "--tz", zone]) in (0, 2)
    err = capsys.readouterr().err
    assert "internal error" not in err
    read = int(re.search(r": (\d+) hands? in ", said).group(1))
    if not database.exists():   # its one hand lost: no database made, the error said
        assert read == 0 and "out of range" in err
        return
    stored, errors = counts(database)
    assert len(errors) == lost and any("out of range" in error for error in errors)
    assert stored == read
    if hands_in_log is not None:   # the hand dated so is the only one lost
        assert (stored, lost) == (hands_in_log - 1, 1)


def test_the_last_date_any_zone_places_is_read(tmp_path: Path) -> None:
    log, pattern, _, hands_in_log = CASES["house-hand"]
    changed = first_date_changed(log, pattern, r"\g<1>9998-12-31 23:59", tmp_path)
    assert main(["import", str(changed), "--db", str(tmp_path / "db.duckdb"),
                 "--tz", "Pacific/Kiritimati"]) == 0
    assert counts(tmp_path / "db.duckdb") == (hands_in_log, [])
