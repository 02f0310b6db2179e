"""One hand as text to share (the replayer's copy buttons): the log's own lines, house
text and PHH, each read back by our readers and replayed to the same result as the
hand in its file. A form that cannot say a hand says why; a changed file is refused."""

from __future__ import annotations

import hashlib
import io
import shutil
from pathlib import Path

import pytest

from badugi_hh.engine import HandReport
from badugi_hh.hand_text import HandTextError, hand_texts, replayed_hands
from badugi_hh.parsers import read_records

REAL = Path(__file__).resolve().parent / "data" / "real"
LOGS = sorted(path for path in REAL.rglob("*.txt"))


def outcome(report: HandReport) -> tuple[int, int, list[tuple[int, int, int]]]:
    """What a hand came to: the pot, the rake, each seat's stack, chips put in and won."""
    return (report.pot_total, report.rake,
            sorted((p.seat, p.start_stack, p.won - p.contributed + p.returned)
                   for p in report.players.values()))


def read_back(text: str) -> list[HandReport]:
    return [report for _, _, report in replayed_hands(read_records(io.StringIO(text)))]


def last_hands() -> list[tuple[Path, HandReport]]:
    """The last hand of every real export, and every hand of the cash Badugi log."""
    chosen = []
    for log in LOGS:
        reports = [report for _, _, report in replayed_hands(read_records(log))]
        every = "cash-badugi-fl-0.25" in log.name
        chosen += [(log, report) for report in (reports if every else reports[-1:])]
    return chosen


@pytest.mark.parametrize("log, report", last_hands(),
                         ids=lambda value: value.hand_id if isinstance(value, HandReport)
                         else value.parent.name)
def test_each_form_reads_back_as_the_same_hand(log: Path, report: HandReport) -> None:
    digest = hashlib.sha256(log.read_bytes()).hexdigest()
    texts = hand_texts(str(log), report.hand_id, report.line, digest)
    assert not isinstance(texts.original, HandTextError), texts.original
    (original,) = read_back(texts.original)
    assert original.hand_id == report.hand_id and outcome(original) == outcome(report)
    assert texts.original.splitlines()[0] in log.read_text(
        encoding="utf-16" if b"\0" in log.read_bytes()[:100] else "utf-8-sig",
        errors="replace")
    for form in ("house", "phh"):
        text = getattr(texts, form)
        if isinstance(text, HandTextError):   # the form cannot say this hand: says why
            assert str(text).startswith(("PHH cannot say", "hand ")), text
            continue
        (again,) = read_back(text)
        assert outcome(again) == outcome(report), form


def test_a_form_that_cannot_say_the_hand_says_why() -> None:
    log = REAL / "pokerstars" / "cash-badugi-fl-0.25-0.50-201009.txt"
    reports = [report for _, _, report in replayed_hands(read_records(log))]
    last = reports[-1]   # two big blinds posted: PHH has a blind for two seats only
    texts = hand_texts(str(log), last.hand_id, last.line, None)
    assert isinstance(texts.phh, HandTextError)
    assert "a blind is posted by a player PHH has no blind for" in str(texts.phh)
    assert isinstance(texts.house, str) and isinstance(texts.original, str)


def test_a_file_changed_since_its_import_is_refused(tmp_path: Path) -> None:
    log = tmp_path / "cash.txt"
    shutil.copy(REAL / "pokerstars" / "cash-badugi-fl-0.25-0.50-201009.txt", log)
    digest = hashlib.sha256(log.read_bytes()).hexdigest()
    first = next(report for _, _, report in replayed_hands(read_records(log)))
    assert isinstance(hand_texts(str(log), first.hand_id, first.line, digest).original, str)
    log.write_bytes(log.read_bytes() + b"\n")
    texts = hand_texts(str(log), first.hand_id, first.line, digest)
    assert all(str(text).endswith("the file changed since it was imported") for text in texts)
    log.unlink()
    assert str(hand_texts(str(log), first.hand_id, first.line, digest).house).endswith(
        "the file is gone")


def test_most_real_hands_are_written_in_every_form() -> None:
    """PHH has no code for A-5, five-card draw nor pot-limit 2-7, nor a blind past the two after the
    button: those are the only hands left out, and the house format says them all."""
    written = {"house": 0, "phh": 0}
    for log, report in last_hands():
        texts = hand_texts(str(log), report.hand_id, report.line, None)
        for form in written:
            written[form] += not isinstance(getattr(texts, form), HandTextError)
    assert written == {"house": 26, "phh": 15}


def test_a_log_read_to_its_last_whole_hand_is_found_after_it_grew(tmp_path: Path) -> None:
    """A watcher imports a log being written up to its last whole hand: the log's row
    holds that many bytes and their digest, and the file grows past them. Its hands are
    read back all the same; a file shorter than what was read has changed."""
    from badugi_hh.cli import main
    from badugi_hh.store import Store

    whole = (REAL / "pokerstars" / "cash-badugi-fl-0.25-0.50-201009.txt").read_bytes()
    log = tmp_path / "table.txt"
    log.write_bytes(whole + b"PokerStars Game #1: Badugi Limit ($0.25/$0.50 USD) - half writ")
    with Store(tmp_path / "db.duckdb") as store:
        store.import_paths([log], ends={str(log): len(whole)})
        [(size, digest)] = store.connection.execute(
            "SELECT size, content_hash FROM sources").fetchall()
        [(hand_id, line)] = store.connection.execute(
            "SELECT hand_id, line FROM hands ORDER BY line LIMIT 1").fetchall()
    assert size == len(whole)
    texts = hand_texts(str(log), hand_id, line, digest, size)
    assert isinstance(texts.original, str) and hand_id.removeprefix("ps-") in texts.original
    assert main(["export", "--format", "house", "--db", str(tmp_path / "db.duckdb"),
                 "--out", str(tmp_path / "house")]) == 0
    log.write_bytes(whole[:size - 1])
    assert isinstance(hand_texts(str(log), hand_id, line, digest, size).original,
                      HandTextError)
