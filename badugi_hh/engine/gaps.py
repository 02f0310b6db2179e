"""What comes between two hands of a session that the log does not play out: a hand lost
to a line that could not be read, and a hand number skipped or out of order.

Neither is a violation: the audit says, in a note at the hand after it, what it could
not judge there (the stacks carried into it, its button: G3, G4).
"""

from __future__ import annotations

from badugi_hh.events import Hand, ParseError
from badugi_hh.sites import HOUSE_SITE

__all__ = ["lost_hand", "numbering_note"]


def lost_hand(error: ParseError) -> str:
    """Why the stacks after a lost hand are unknown, naming the hand by its first line
    (the one its ``Hand`` line is on), and the line that lost it where that is another.

    >>> lost_hand(ParseError(message="", source="t.txt", line=15, hand_line=6))
    'the hand at line 6, whose line 15 could not be read, is lost'
    >>> lost_hand(ParseError(message="", source="t.txt", line=6, hand_line=6))
    'the hand at line 6 could not be read'
    >>> lost_hand(ParseError(message="", source="t.txt", line=15))
    'a hand could not be read (line 15)'
    """
    if not error.hand_line:   # a reader that does not say where the hand starts
        return f"a hand could not be read (line {error.line})"
    if error.hand_line == error.line:
        return f"the hand at line {error.line} could not be read"
    return f"the hand at line {error.hand_line}, whose line {error.line} could not be read, is lost"
