"""What a log controls is bounded: a number, a count or a name out of bounds is a ParseError
at its file, line and column, the rest of the file still reads, and nothing is allocated
or stored on the log's say-so (docs/format.md, "Limits")."""

from __future__ import annotations

import tracemalloc
from pathlib import Path

import pytest

from badugi_hh.engine.describe import read_description
from badugi_hh.events import Hand, ParseError
from badugi_hh.parsers import read_records
from badugi_hh.parsers.house import hand_line_events
from badugi_hh.store import Store

ROOT = Path(__file__).resolve().parents[1]
HOUSE = ROOT / "sample_logs" / "2026-11-06-ana-bruno-bust.txt"
STARS = next(iter(sorted((ROOT / "tests" / "data" / "real" / "pokerstars").iterdir())))
PHH = ROOT / "tests" / "data" / "phh" / "wikipedia-badugi.phh"


def _with_line(source: Path, number: int, text: str, target: Path) -> Path:
    """``source`` with its line ``number`` (1-based) replaced by ``text``."""
    lines = source.read_text(encoding="utf-8").splitlines()
    lines[number - 1] = text
    target.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return target


def _read(path: Path) -> tuple[list[Hand], list[ParseError]]:
    records = list(read_records(path))
    return ([r for r in records if isinstance(r, Hand)],
            [r for r in records if isinstance(r, ParseError)])


@pytest.mark.parametrize(("line", "column", "says"), [
    ("Bruno: bets 99999999999999999999", 13, "more than 10^15"),      # past 2^63
    ("Bruno: bets " + "9" * 5000, 13, "5000 digits"),                  # past int()'s limit
    ("Bruno: bets 1000000000000001", 13, "more than 10^15"),
    ("Bruno: discards 100000000", 17, "more than 52"),
])
def test_an_out_of_bounds_number_is_a_positioned_error(line: str, column: int, says: str,
                                                       tmp_path: Path) -> None:
    whole_hands, _ = _read(HOUSE)
    log = _with_line(HOUSE, 18, line, tmp_path / "hostile.txt")
    tracemalloc.start()
    hands, errors = _read(log)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 50_000_000   # a tuple of 10^8 unseen cards would take 800 MB
    assert [(e.line, e.column) for e in errors] == [(18, column)]
    assert says in errors[0].message and str(errors[0]).startswith(f"{log}:18:{column}: ")
    assert len(hands) == len(whole_hands) - 1   # the rest of the file still reads


def test_a_name_longer_than_the_limit_is_a_positioned_error(tmp_path: Path) -> None:
    log = _with_line(HOUSE, 5, "Seat 2: " + "B" * 201 + " (100)", tmp_path / "long.txt")
    _, errors = _read(log)
    assert (errors[0].line, errors[0].column) == (5, 9)
    assert "201 characters is longer than 200" in errors[0].message


def test_a_site_hand_number_out_of_bounds_is_a_positioned_error(tmp_path: Path) -> None:
    """Found by the fuzz harness: the number was read after the header, where no line was
    known, and the error said line 0."""
    text = STARS.read_text(encoding="utf-8").replace("#35839001292:", "#" + "9" * 25 + ":", 1)
    log = tmp_path / "number.txt"
    log.write_text(text, encoding="utf-8")
    hands, errors = _read(log)
    assert [(e.line, e.column) for e in errors] == [(1, 18)]   # after "PokerStars Game #"
    assert "25 digits" in errors[0].message
    assert len(hands) == len(_read(STARS)[0]) - 1


def test_long_lines_are_not_kept_by_the_caches() -> None:
    """Lines repeat, so what is made of them is cached; but a hostile log's long lines are
    each new, and caches keyed by them would keep megabytes for nothing (issue 15)."""
    def kept(lines: int) -> int:
        before = tracemalloc.get_traced_memory()[0]
        for number in range(lines):
            text = f"({number:05}" + "x" * 20_000 + ")"   # a new line each time
            hand_line_events(f"Ana: shows [As 2h 3d 4c] {text}", 20)
            read_description[text]
        return tracemalloc.get_traced_memory()[0] - before

    tracemalloc.start()
    kept(1)   # the grammar and the caches' first entries
    grown = kept(300)
    tracemalloc.stop()
    assert grown < 1_000_000   # 300 lines of 20 kB: 6 MB for each cache that kept them


def test_a_site_amount_past_the_store_is_refused_and_the_file_imports(tmp_path: Path) -> None:
    text = STARS.read_text(encoding="utf-8").replace(
        "TheLabman: posts small blind $0.05", "TheLabman: posts small blind $99999999999999999", 1)
    log = tmp_path / "stars.txt"
    log.write_text(text, encoding="utf-8")
    hands, errors = _read(log)
    assert [e.line for e in errors] == [9] and "10^15" in errors[0].message
    assert hands
    with Store(tmp_path / "db.duckdb") as store:   # no Arrow overflow at import
        summary = store.import_paths([log])
    assert summary.new_hands == len(hands) and summary.quarantined == 1


def test_a_phh_number_past_the_int_limit_is_an_error(tmp_path: Path) -> None:
    text = PHH.read_text(encoding="utf-8").replace("small_bet = 2", "small_bet = " + "9" * 5000)
    log = tmp_path / "hand.phh"
    log.write_text(text, encoding="utf-8")
    _, errors = _read(log)
    assert errors and "too long or too large" in errors[0].message


def test_a_phh_amount_past_the_ceiling_is_an_error(tmp_path: Path) -> None:
    text = PHH.read_text(encoding="utf-8").replace("small_bet = 2", "small_bet = " + "9" * 30)
    log = tmp_path / "hand.phh"
    log.write_text(text, encoding="utf-8")
    _, errors = _read(log)
    assert errors and "10^15" in errors[0].message


@pytest.mark.parametrize("amount", ["$0.19999999999999999999", "$" + "9" * 5000])
def test_merge_stakes_out_of_bounds_are_an_error_not_a_crash(amount: str,
                                                             tmp_path: Path) -> None:
    """Found by the fuzz harness: the stakes of <description> escaped as a ValueError."""
    export = ROOT / "tests" / "data" / "real" / "merge" / "cash-27td-pl-0.05-0.10-201102.xml.txt"
    log = tmp_path / "merge.xml.txt"
    log.write_text(export.read_text(encoding="utf-8").replace("$0.05/", amount + "/", 1),
                   encoding="utf-8")
    _, errors = _read(log)
    assert errors and errors[0].message.startswith("stakes: ")
    assert len(errors[0].message) < 100


@pytest.mark.parametrize(("old", "new"), [
    ("starting_stacks = [", "starting_stacks = [2.5e99999999999, "),   # Decimal refuses it
    ('"p2 cbr 2"', '"p2 cbr 1e999999"'),                               # Decimal overflows
    ('"p2 cbr 2"', '"p2 cbr ' + "9" * 5000 + '"'),
])
def test_phh_numbers_decimal_refuses_are_errors(old: str, new: str, tmp_path: Path) -> None:
    """Found by the fuzz harness: Decimal's InvalidOperation and Overflow escaped."""
    log = tmp_path / "hand.phh"
    log.write_text(PHH.read_text(encoding="utf-8").replace(old, new, 1), encoding="utf-8")
    _, errors = _read(log)
    assert errors and len(errors[0].message) < 200   # quoted, not copied whole
