"""The real site exports in tests/data/real/ and copies of them with a line changed."""

from __future__ import annotations

from pathlib import Path

from badugi_hh.engine import HandReport, SessionReport, audit
from badugi_hh.events import Hand, SessionStart
from badugi_hh.parsers import read_records

REAL = Path(__file__).parent / "data" / "real"
PS_CASH = REAL / "pokerstars" / "cash-badugi-fl-0.25-0.50-201009.txt"
PS_SNG = REAL / "pokerstars" / "tour-badugi-fl-sng-201011.txt"
FULLTILT = REAL / "fulltilt" / "cash-badugi-fl-0.10-0.20-201305.txt"
KINGSCLUB = REAL / "kingsclub" / "cash-badugi-fl-30-60-202010.txt"


def tampered(tmp_path: Path, line: int, old: str, new: str, source: Path) -> Path:
    """A copy of ``source`` with ``old`` replaced by ``new`` in one line."""
    lines = source.read_bytes().split(b"\n")
    assert old.encode() in lines[line - 1]
    lines[line - 1] = lines[line - 1].replace(old.encode(), new.encode())
    copy = tmp_path / source.name
    copy.write_bytes(b"\n".join(lines))
    return copy


def the_hand(path: Path) -> Hand:
    """The one hand of a one-hand export, after its session."""
    session, hand = read_records(path)
    assert isinstance(session, SessionStart) and isinstance(hand, Hand)
    return hand


def at(hand: Hand, line: int) -> list:
    """The events of ``hand`` read from ``line``."""
    return [event for event in hand.events if event.line == line]


def violations(path: Path) -> list[tuple[str, int]]:
    """The (rule, line) of every violation the audit of ``path`` reports."""
    return [(v.rule, v.line) for r in audit(read_records(path))
            if isinstance(r, (HandReport, SessionReport)) for v in r.violations]
