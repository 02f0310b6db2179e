"""AUDIT_VERSION follows the engine's verdicts: a database stores it with each file, and an
import reads a file judged by an older audit again (docs/schema.md, "sources"). The
verdicts (violations, notes and nets) on the project's logs are fingerprinted here:
when they change, this test fails until AUDIT_VERSION is raised and the new fingerprint
recorded under it, so no release leaves stored verdicts stale without saying so.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from badugi_hh.engine import AUDIT_VERSION, HandReport, SessionReport, audit
from badugi_hh.parsers import read_records
from badugi_hh.sources import Unreadable, find_logs

ROOT = Path(__file__).resolve().parent.parent
#: The logs judged: the house samples, the sites' real exports (where false alarms show),
#: the house and PHH files of the tests.
CORPUS = (ROOT / "sample_logs", *(ROOT / "tests" / "data" / name
                                  for name in ("real", "house", "phh")))
#: The fingerprint of the verdicts of each audit version, the current one last. A change
#: of verdicts gets a new version and a new line, never a new fingerprint for an old one.
FINGERPRINTS = {
    1: "9545f60f7f52c1d5b930675643d24ca6740edc52fabd51d1bde3e9f886b14229",
    2: "a5bbcadda84e5197546d3fc4c1af4ab4282128924457d14eee4d9c4348ab43c7",
    # the project's logs judged alike; logs with a misspelt name, a typo in a stated stack,
    # a broke player, a wrong call, a PokerKit hand... are judged anew, and a hand's stored
    # figures follow the account its stated end confirms
    3: "a5bbcadda84e5197546d3fc4c1af4ab4282128924457d14eee4d9c4348ab43c7",
    # the project's logs judged alike again; logs with a broke player written into a hand,
    # a misspelt winner, a left-out call or show, an award from a side pot the hand lacks,
    # a heads-up hand naming no button, a site's line by a name no seat holds, a PHH hand
    # with two players of one name... are judged anew
    4: "a5bbcadda84e5197546d3fc4c1af4ab4282128924457d14eee4d9c4348ab43c7",
    # and again; a heads-up house log naming no button, Full Tilt's first hand past an
    # empty seat, a seat line the hand's own Stacks line disproves, a side pot paid to the
    # wrong player, a PHH table changing stakes, a tournament summary's tickets, play chips
    # and re-entries... are judged or read anew
    5: "a5bbcadda84e5197546d3fc4c1af4ab4282128924457d14eee4d9c4348ab43c7",
    # a lost house hand's note names the hand's first line and the line that lost it; a
    # home game playing on after a bust, a seat number given twice, a hand number skipped,
    # a PHH over-bet, raked winnings or whole floats, amounts of money in messages... are
    # judged or read anew
    6: "4fb67647afb6bfa3f77f29f780fe36b4fbb448027931a792d8518b0b73987818",
    # a KingsClub export with a dead blind it left unwritten joins the logs; a PHH partial
    # history, a PokerStars fold that shows cards or a player out with no place, zeros a
    # crash left in a log, PHH hands of two tables numbered alike... are judged or read anew
    7: "ce9fbda3a8aaf0bf22dab929dce5ccc3af5a6544ee6720751d9bb9a5f8457f02",
}


def _verdicts() -> list[str]:
    """Each violation, note and hand's nets, one line each, as the engine gives them."""
    lines: list[str] = []
    for log in find_logs(CORPUS):
        assert not isinstance(log, Unreadable), log
        name = Path(str(log)).relative_to(ROOT).as_posix()
        with log.open("rb") as stream:
            for report in audit(read_records(stream)):
                if isinstance(report, HandReport | SessionReport):
                    lines.extend(f"{name}:{v.line}: [{v.rule}] {v.message}"
                                 for v in report.violations)
                if isinstance(report, HandReport):
                    lines.extend(f"{name}:{report.line}: (note) {note}" for note in report.notes)
                    lines.append(f"{name}:{report.line}: {sorted(report.net.items())}")
    return lines


def test_the_audit_version_is_raised_with_every_change_of_verdicts() -> None:
    verdicts = _verdicts()
    assert len(verdicts) > 800
    fingerprint = hashlib.sha256("\n".join(verdicts).encode()).hexdigest()
    assert AUDIT_VERSION == max(FINGERPRINTS), "record the new version's fingerprint here"
    assert fingerprint == FINGERPRINTS[AUDIT_VERSION], (
        "the engine's verdicts changed: raise AUDIT_VERSION (badugi_hh/engine/__init__.py) "
        f"and record {fingerprint!r} under it in FINGERPRINTS")
