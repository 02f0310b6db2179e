"""Exports joined into one file (``cat a.txt b.txt > c.txt``): the byte-order mark a site's
export starts with lands at the start of the line where the second file begins. It is an
encoding marker, not text, and is dropped there as at the start of a file
(badugi_hh/parsers/text.py): the joined file reads as its files read apart, with no error,
in every dialect and however it is read (whole, in parts, by ``watch``). A U+FEFF further
into a line is still reported."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from badugi_hh.cli import main
from badugi_hh.events import Hand, ParseError, Record
from badugi_hh.parsers.dialects import read_log
from badugi_hh.parsers.text import open_log
from badugi_hh.store import Store
from badugi_hh.store import importer as importer_module
from badugi_hh.store.parts import cut_log
from badugi_hh.watch import Watcher, into_database

ROOT = Path(__file__).resolve().parents[1]
REAL = ROOT / "tests" / "data" / "real"
STARS = REAL / "pokerstars"
SAMPLES = ROOT / "sample_logs"
PHH = ROOT / "tests" / "data" / "phh"
BOM = b"\xef\xbb\xbf"
#: One real export of each site in UTF-8 (Full Tilt's other exports are UTF-16).
SITES = {"pokerstars": STARS / "cash-27td-fl-0.10-0.20-201106.txt",
         "fulltilt": REAL / "fulltilt" / "cash-badugi-fl-0.10-0.20-201305.txt",
         "kingsclub": REAL / "kingsclub" / "cash-badugi-fl-30-60-202010.txt",
         "winamax": REAL / "winamax" / "cash-27td-fl-0.50-1-201610.txt",
         "merge": REAL / "merge" / "cash-27td-fl-1-2-201104-multi.xml.txt",
         "ongame": REAL / "ongame" / "cash-5cd-fl-usd-1-2-201109-goalwin.txt",
         "bossmedia": REAL / "bossmedia" / "cash-5cd-fl-eur-2-4-201109.xml"}


def records(data: bytes, first_line: int = 1) -> list[Record]:
    """The records of ``data`` (lines numbered from ``first_line``), the file's end too."""
    with open_log(io.BytesIO(data), "c.txt", first_line) as log:
        found = list(read_log(log))
        end = log.end_errors()
    return found + end


def apart(first: bytes, second: bytes) -> list[Record]:
    """The records of two files read one after the other, the second's lines numbered on
    from the first's: what their concatenation must read as."""
    assert first.endswith(b"\n")
    return records(first) + records(second, first.count(b"\n") + 1)


def errors(found: list[Record]) -> list[ParseError]:
    return [record for record in found if isinstance(record, ParseError)]


@pytest.mark.parametrize(("first", "second"), [
    ("cash-badugi-fl-0.25-0.50-201009.txt", "cash-27td-fl-0.10-0.20-201106.txt"),
    ("cash-27td-fl-0.10-0.20-200911.txt", "tour-badugi-fl-sng-201011.txt"),
    ("tour-badugi-fl-sng-201011.txt", "cash-badugi-fl-0.25-0.50-201009.txt"),
])
def test_pokerstars_exports_joined_by_cat_read_as_the_files_apart(first: str,
                                                                  second: str) -> None:
    one, two = (STARS / first).read_bytes(), (STARS / second).read_bytes()
    assert two.startswith(BOM)   # as PokerStars writes it
    joined = records(one + two)
    assert errors(joined) == []
    assert joined == apart(one, two)
    assert sum(isinstance(record, Hand) for record in joined) > 1


@pytest.mark.parametrize("marks", [1, 2], ids=["second", "both"])
def test_house_logs_joined_with_a_mark_before_the_second_read_as_the_files_apart(
        marks: int) -> None:
    """A house log saved with a byte-order mark (as a Windows editor saves it) after
    another: no error, and the second log's first session is not lost."""
    one = (SAMPLES / "2026-11-06-ana-bruno-bust.txt").read_bytes()
    two = BOM + (SAMPLES / "2026-11-13-carla-dmitri-split.txt").read_bytes()
    if marks == 2:
        one = BOM + one
    joined = records(one + two)
    assert errors(joined) == []
    assert joined == apart(one, two)


def test_phh_files_joined_with_a_mark_before_the_second_read_as_the_files_apart() -> None:
    one, two = (PHH / "antes.phhs").read_bytes(), BOM + (PHH / "deals.phhs").read_bytes()
    joined = records(one + two)
    assert errors(joined) == []
    assert joined == apart(one, two)


@pytest.mark.parametrize("site", SITES)
def test_every_sites_export_joined_to_a_house_log_with_a_mark_reads_as_apart(site: str,
                                                                            ) -> None:
    house = (SAMPLES / "2026-11-06-ana-bruno-bust.txt").read_bytes()
    export = BOM + SITES[site].read_bytes().removeprefix(BOM)
    pairs = [(export, BOM + house)]
    if site != "bossmedia":   # (its '<?xml' line does not follow a house session's end)
        pairs.append((house, export))
    for one, two in pairs:
        joined = records(one + two)
        assert errors(joined) == []
        assert joined == apart(one, two)


def test_a_mark_inside_a_line_is_still_reported() -> None:
    """Only a mark at a line's very start is a joined file's: one further in is text."""
    one = (SAMPLES / "2026-11-06-ana-bruno-bust.txt").read_bytes()
    line = next(number for number, text in enumerate(one.split(b"\n"), 1)
                if text.startswith(b"Hand #3 - button"))
    for damaged, column in ((b"\nHand #3" + BOM + b" - button", 8),
                            (b"\n " + BOM + b"Hand #3 - button", 1)):
        found = records(one.replace(b"\nHand #3 - button", damaged, 1))
        [error] = errors(found)
        assert (error.line, error.column) == (line, column)
        assert "\\ufeff" in error.message or "U+FEFF" in error.message


def test_a_column_on_a_joined_files_first_line_counts_from_after_its_mark() -> None:
    """As on a file's first line: the mark is not counted, the user sees none."""
    one = (SAMPLES / "2026-11-06-ana-bruno-bust.txt").read_bytes()
    broken = one.replace(b"\nHand #3 - button", b"\nHand #3 x button", 1)
    [plain] = errors(records(broken))
    [marked] = errors(records(broken.replace(b"\nHand #3 x", b"\n" + BOM + b"Hand #3 x")))
    assert (marked.line, marked.column, marked.message) == (plain.line, plain.column,
                                                             plain.message)
    assert plain.column == 9


def joined_export(tmp_path: Path) -> tuple[Path, bytes, bytes]:
    one = (STARS / "tour-badugi-fl-sng-201011.txt").read_bytes()
    two = (STARS / "cash-badugi-fl-0.25-0.50-201009.txt").read_bytes()
    path = tmp_path / "c.txt"
    path.write_bytes(one + two)
    return path, one, two


def test_validate_finds_a_joined_file_clean(tmp_path: Path, capsys) -> None:
    path, _, _ = joined_export(tmp_path)
    assert main(["validate", str(path)]) == 0
    out = capsys.readouterr().out
    assert "unreadable" not in out and "PARSE" not in out


#: Parts this small cut the joined export both where its second file begins and a
#: hand later, whose lead-in reads across the mark (checked below).
PART_BYTES = 3000


@pytest.mark.parametrize("jobs", [1, 2])
def test_import_quarantines_nothing_of_a_joined_file_whole_or_in_parts(
        tmp_path: Path, monkeypatch, jobs: int) -> None:
    """Read whole, or in parts, one of which begins on the line the mark starts and one
    whose lead-in crosses it: nothing is quarantined, every hand is stored."""
    path, one, two = joined_export(tmp_path)
    with path.open("rb") as stream:
        cut = cut_log(stream, len(one + two), PART_BYTES)
    assert cut is not None
    assert any(part.start == len(one) for part in cut.parts)
    assert any(part.lead < len(one) < part.start for part in cut.parts)
    monkeypatch.setattr(importer_module, "PART_BYTES", PART_BYTES)
    hands = sum(isinstance(record, Hand) for record in apart(one, two))
    with Store(tmp_path / "db.duckdb") as store:
        summary = store.import_paths([path], jobs=jobs)
        quarantine = store.connection.execute("SELECT count(*) FROM quarantine").fetchone()
    assert (summary.quarantined, quarantine, summary.hands) == (0, (0,), hands)


def test_watch_takes_an_export_appended_with_its_mark_without_quarantine(
        tmp_path: Path) -> None:
    """``cat b.txt >> a.txt`` into a watched folder: the file, read again from its start
    as it grew, has no damaged line."""
    folder, database = tmp_path / "logs", tmp_path / "db.duckdb"
    folder.mkdir()
    watch = Watcher([folder], into_database(database), settle=0.0, quiet=0.0)
    watch.snapshot()
    one = (STARS / "cash-badugi-fl-0.25-0.50-201009.txt").read_bytes()
    two = (STARS / "cash-27td-fl-0.10-0.20-201106.txt").read_bytes()
    log = folder / "t.txt"
    log.write_bytes(one)
    first = watch.step()
    with log.open("ab") as out:
        out.write(two)
    second = watch.step()
    assert first is not None and second is not None
    assert first.summary.quarantined == second.summary.quarantined == 0
    with Store(database, read_only=True) as store:
        assert store.connection.execute("SELECT count(*) FROM quarantine").fetchone() == (0,)
        assert store.connection.execute("SELECT count(*) FROM hands").fetchone() == (
            sum(isinstance(record, Hand) for record in apart(one, two)),)
