"""Amounts in violation messages and notes are written as the hand's log writes them: a
money hand's in its currency (``$0.30``), chips as the bare number of the log, KingsClub's
hundredths and a PHH hand's thousandths with their decimals (``1350``, ``100.075``), whole
chips as they always were. Counts that are no amounts (lines, seats, draws) stay as they are.

The engine's parts mark each amount (``engine.report.chips``) and a hand's report, or its
session's, writes it: no mark may reach a message that is stored or printed.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from badugi_hh.engine import HandReport, SessionReport, audit
from badugi_hh.engine.report import AMOUNT_CLOSE, AMOUNT_OPEN, Money, chips, written
from badugi_hh.events import Hand
from badugi_hh.parsers import read_records
from badugi_hh.parsers.phh import read_phh
from sitekit import KINGSCLUB, PS_CASH, REAL, tampered
from tests.fuzz import corpus, mutate

PS_LOWBALL = REAL / "pokerstars" / "cash-27td-fl-0.10-0.20-200911.txt"


def messages(path: Path) -> list[tuple[str, int, str]]:
    """(rule, line, message) of every violation the audit of ``path`` reports."""
    return [(v.rule, v.line, v.message) for r in audit(read_records(path))
            if isinstance(r, (HandReport, SessionReport)) for v in r.violations]


def test_a_pokerstars_bet_is_told_in_dollars(tmp_path: Path) -> None:
    copy = tampered(tmp_path, 88, "Hero: bets $0.20", "Hero: bets $0.30", PS_LOWBALL)
    assert messages(copy)[0] == (
        "B2", 88, "Hero bets $0.30; a bet after the second draw is $0.20")


def test_a_pokerstars_stack_is_told_in_dollars(tmp_path: Path) -> None:
    copy = tampered(tmp_path, 145, "($7.59 in chips)", "($7.54 in chips)", PS_LOWBALL)
    assert messages(copy) == [
        ("G3", 145, "Eisenherz73 starts with $7.54, but ended the previous hand with $7.59")]


def test_a_pokerstars_payout_is_told_in_dollars(tmp_path: Path) -> None:
    copy = tampered(tmp_path, 94, "collected $0.20", "collected $0.30", PS_CASH)
    assert ("S4", 94, "the log pays out $0.30, but the pot is $0.20") in messages(copy)


def test_kingsclub_chips_in_hundredths_are_told_as_its_log_writes_them(tmp_path: Path) -> None:
    copy = tampered(tmp_path, 41, "Seat 5: Hero (570) -30", "Seat 5: Hero (580.5) -30",
                    KINGSCLUB)
    assert messages(copy) == [
        ("G3", 41, "the log says Hero ends the hand with 580.5; the chips say 570")]


PHH = '''variant = "FB"
antes = [0, 0, 0]
blinds_or_straddles = [0.05, 0.10, 0]
small_bet = 0.10
big_bet = 0.20
starting_stacks = [100.125, 100, 100]
actions = ["d dh p1 ????????", "d dh p2 ????????", "d dh p3 ????????", "p3 f", "p1 f"]
finishing_stacks = [100.07, 100.05, 100]
'''


@pytest.mark.parametrize(("currency", "said", "made"), [
    ("", "100.07", "100.075"), ('currency = "USD"\n', "$100.070", "$100.075")])
def test_a_phh_hand_in_thousandths_is_told_in_them(currency: str, said: str, made: str) -> None:
    records = list(read_phh(PHH + currency, "x.phh"))
    assert [record.unit for record in records if isinstance(record, Hand)] == [1000]
    [report] = [r for r in audit(records) if isinstance(r, HandReport)]
    assert [(v.rule, v.message) for v in report.violations] == [
        ("G3", f"the log says p1 ends the hand with {said}; the chips say {made}")]


def test_a_missing_hands_note_tells_the_moves_in_dollars(tmp_path: Path) -> None:
    copy = tampered(tmp_path, 165, "($5.55 in chips)", "($5.05 in chips)", PS_CASH)
    copy = tampered(tmp_path, 169, "($10.20 in chips)", "($10.65 in chips)", copy)
    [note] = [note for r in audit(read_records(copy)) if isinstance(r, HandReport)
              for note in r.notes if "missing" in note]
    assert note.endswith("(Lino19 -$0.50, buddyboy3399 +$0.45)")


def test_marks_are_written_in_the_money_given() -> None:
    message = f"Ana puts in {chips(-1250)} at line 12 with {chips(7)} behind"
    assert [written(message, money) for money in (
        Money("chips", 1), Money("chips", 100), Money("EUR", 100), Money("CAD", 100),
        Money("PLAY", 1))] == [
        "Ana puts in -1250 at line 12 with 7 behind",
        "Ana puts in -12.5 at line 12 with 0.07 behind",
        "Ana puts in -€12.50 at line 12 with €0.07 behind",
        "Ana puts in -12.50 CAD at line 12 with 0.07 CAD behind",
        "Ana puts in -1250 at line 12 with 7 behind"]


def _texts(path: Path) -> list[str]:
    """Every message and note the audit of ``path`` makes."""
    texts: list[str] = []
    for report in audit(read_records(path)):
        if isinstance(report, (HandReport, SessionReport)):
            texts += [str(v) for v in report.violations]
        if isinstance(report, HandReport):
            texts += report.notes
    return texts


#: A line that states an amount: a blind, a bet, a call, a raise, a stack, an award.
_AMOUNT_LINE = re.compile(rb"(posts|bets|calls|raises|collected|wins|won|returned|chips|"
                          rb"Stacks|Net|Total pot|Seat \d+:|pot \()[^\n]*\d")


def _nudged(rng: random.Random, data: bytes) -> bytes:
    """``data`` with the last digit of a few lines that state an amount changed: wrong
    bets, calls, stacks and awards, each line still read as it was."""
    lines = data.split(b"\n")
    stating = [number for number, line in enumerate(lines) if _AMOUNT_LINE.search(line)]
    for number in rng.sample(stating, min(len(stating), 6)):
        line = lines[number]
        at = max(line.rfind(digit) for digit in b"0123456789")
        other = rng.choice([d for d in b"123456789" if d != line[at]])
        lines[number] = line[:at] + bytes([other]) + line[at + 1:]
    return b"\n".join(lines)


def test_no_mark_reaches_a_message_of_any_log_nudged_or_mutated(tmp_path: Path) -> None:
    """Every log the fuzz harness starts from: as it is, with amounts nudged (every kind
    of amount a message tells, in chips, cents and thousandths), and mutated."""
    rng = random.Random(2026)
    texts: list[str] = []
    for number, source in enumerate(corpus()):
        data = source.read_bytes()
        variants = [data, _nudged(rng, data), _nudged(rng, data), mutate(rng, data)]
        for copy, variant in enumerate(variants):
            path = tmp_path / f"{number}-{copy}{source.suffix}"
            path.write_bytes(variant)
            texts += _texts(path)
    assert texts and not [text for text in texts
                          if AMOUNT_OPEN in text or AMOUNT_CLOSE in text]
    assert any(" $" in text for text in texts)   # money hands' amounts were told
