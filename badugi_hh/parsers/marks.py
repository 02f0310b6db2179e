"""How each dialect's blocks begin: all that a log's reading must know of every dialect.

A log is cut into the parts each dialect reads at the lines that begin a block (a
hand, a session, a summary...) of another dialect (:mod:`badugi_hh.parsers.dialects`).
To find those lines, every dialect's *mark* is needed from the first line read: the
characters its blocks' first lines begin with, and a pattern they all begin with. The
readers themselves (grammars, transformers, the patterns of every line) are imported
only when a log holds a part in their dialect: imported all at once, they were a fifth
of a small import's start.

Each reader takes its mark from here, so a dialect's mark is written once.

>>> POKERSTARS.pattern.match("PokerStars Hand #49164202872: Badugi").group(1)
'49164202872'
>>> HOUSE.initials, bool(HOUSE.pattern.match("Hand #3 - button Ana"))
('SH', True)
"""

from __future__ import annotations

import re
from typing import NamedTuple

__all__ = ["BOSSMEDIA", "FULLTILT", "FULLTILT_SUMMARY", "HOUSE", "KINGSCLUB", "MERGE",
           "Mark", "ONGAME", "PHH", "POKERSTARS", "POKERSTARS_SUMMARY", "WINAMAX",
           "WINAMAX_SUMMARY"]


class Mark(NamedTuple):
    """How a dialect's blocks begin, from their first visible character."""

    pattern: re.Pattern[str]
    """What every line that begins a block begins with (a line may match and begin
    none: the dialect's reader says). A site's hand header: group 1, the hand's number."""
    initials: str
    """The characters such a line can begin with."""


#: A hand's first line, whatever the era or the room. Full Tilt, reopened on
#: PokerStars' software in 2016, writes the same format under its own name.
POKERSTARS = Mark(re.compile(r"(?:PokerStars|Full Tilt) (?:Home Game |Zoom |Rush )?"
                             r"(?:Game |Hand )?#(\d*)"), "PF")
#: Full Tilt's own format, before 2016.
FULLTILT = Mark(re.compile(r"Full ?Tilt ?Poker(?:\.[a-z]{2,3})? Game #(\d+)"), "F")
KINGSCLUB = Mark(re.compile(r"#(\d+): "), "#")
#: Winamax's hands; its tournament summaries start with the same words (WINAMAX_SUMMARY).
WINAMAX = Mark(re.compile(r"Winamax Poker - (?!Tournament summary )(?:.*?HandId: #([\d-]+))?"),
               "W")
ONGAME = Mark(re.compile(r"\*{5} History for hand ([A-Z0-9-]+)"), "*")
#: A tournament's summary (without groups: its reader's own pattern reads the line).
POKERSTARS_SUMMARY = Mark(re.compile(r"PokerStars Tournament #\d"), "P")
FULLTILT_SUMMARY = Mark(re.compile(r"Full Tilt Poker Tournament Summary "), "F")
WINAMAX_SUMMARY = Mark(re.compile(r"Winamax Poker - Tournament summary "), "W")
MERGE = Mark(re.compile(r"(?:<\?xml[^>]*\?>\s*)?<(?:game id=|description )"), "<")
BOSSMEDIA = Mark(re.compile(r"(?:<\?xml[^>]*\?>\s*)?(?:<ROOT>\s*)?<HISTORY[\s>]"), "<")
#: A PHH table header (``[2]``) or its ``variant`` key, which TOML lets a file quote.
PHH = Mark(re.compile(r"[\"']?variant|\["), "[v\"'")
#: A house session's header or its end, or a hand's first line.
HOUSE = Mark(re.compile(r"Session\s*(?:#|ends\b)|Hand\s*#\s*\d+\s*(?:[-–—#]|$)"), "SH")
