"""sample_logs/: the valid sessions audit clean, each broken file reports what its header says."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from badugi_hh.cli import main
from badugi_hh.commands.validate import validate_file
from badugi_hh.engine import HandReport, audit
from badugi_hh.events import Award, Deal
from badugi_hh.parsers import read_records

SAMPLES = Path(__file__).resolve().parent.parent / "sample_logs"
VALID = sorted(p for p in SAMPLES.glob("*.txt") if not p.name.startswith("broken-"))
BROKEN = sorted(SAMPLES.glob("broken-*.txt"))


def _reports(path: Path) -> list[HandReport]:
    return [r for r in audit(read_records(path)) if isinstance(r, HandReport)]


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.name)
def test_valid_sessions_are_clean(path: Path) -> None:
    result = validate_file(path)
    assert result.errors == [] and result.violations == []
    assert result.hands > 0


def test_there_are_the_promised_valid_sessions() -> None:
    reports = {p.name: _reports(p) for p in VALID}
    busted = [n for n, rs in reports.items()
              if len(rs) < 12 and 0 in rs[-1].end_stacks.values()]
    split = [n for n, rs in reports.items()
             if any(len(r.winners) > 1 for r in rs)]
    hidden = [n for n in reports
              if any(isinstance(e, Deal) and None in e.cards
                     for rec in read_records(SAMPLES / n) if hasattr(rec, "events")
                     for e in rec.events)]
    assert busted and split and hidden


@pytest.mark.parametrize("path", BROKEN, ids=lambda p: p.name)
def test_broken_files_report_exactly_their_header(path: Path) -> None:
    header = path.read_text(encoding="utf-8").split("\n", 5)[:5]
    expect_line = next(line for line in header if line.startswith("# expect:"))
    expected = [(rule, int(line)) for rule, line in
                re.findall(r"([A-Z]\d)@(\d+)", expect_line)]
    family = path.stem.removeprefix("broken-")
    assert expected and all(rule.startswith(family) for rule, _ in expected)
    result = validate_file(path)
    assert result.errors == []
    assert [(v.rule, v.line) for v in result.violations] == expected


def test_every_family_has_a_broken_file() -> None:
    assert {p.stem.removeprefix("broken-") for p in BROKEN} == set("GBDESN")


def test_awards_in_valid_samples_are_stated() -> None:
    for path in VALID:
        for record in read_records(path):
            if hasattr(record, "events"):
                assert any(isinstance(e, Award) for e in record.events), record.hand_id


def test_the_command_sums_up_each_file_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    real = SAMPLES.parent / "tests" / "data" / "real"
    badugi = real / "fulltilt" / "cash-badugi-fl-0.10-0.20-201305.txt"
    assert main(["validate", str(badugi), str(SAMPLES / "broken-G.txt")]) == 1
    summaries = [line.split(": ", 1)[1] for line in capsys.readouterr().out.splitlines()
                 if line.endswith(("clean", "unreadable lines"))]
    assert summaries[0] == "1 hand in 1 session: clean"
    assert re.fullmatch(r"\d+ hands in \d+ sessions?: \d+ violations?, 0 unreadable lines",
                        summaries[1])
