"""What comes between two hands of a session that the log does not play out: a hand lost
to a line that could not be read, and a hand number skipped or out of order; and a hand
a format lets stop before it is over.

None is a violation: the audit says, in a note at the hand after it, what it could
not judge there (the stacks carried into it, its button: G3, G4), and skips a hand
stopped short as it skips one not played.
"""

from __future__ import annotations

from badugi_hh.engine.replay import HandReplay
from badugi_hh.engine.state import STOPS_SHORT, partial_hands_allowed
from badugi_hh.events import Hand, ParseError
from badugi_hh.hand_ids import HandId
from badugi_hh.sites import HOUSE_SITE

__all__ = ["STOPS_SHORT", "last_number", "lost_hand", "numbering_note", "stopped_short"]


def stopped_short(hand: Hand) -> bool | None:
    """Whether ``hand`` stops before a fold or a showdown where its format allows it:
    PHH's actions "may represent [...] a partial history that does not reach the
    terminal state" (:func:`~badugi_hh.engine.state.partial_hands_allowed`). True: it
    does, and breaks no rule up to there (it has no result to judge or store: skipped);
    False: it does, having broken one (judged, its faults said, its stop not B1); None:
    it is over, or its format wants it whole (stopping short is B1).

    Only such a format's hands are replayed here, once more, to know it.
    """
    if not partial_hands_allowed(hand.ruleset):
        return None
    replay = HandReplay(hand)
    replay.feed_all(hand.events)
    state, _ = replay.close()
    if state.ended != "incomplete":
        return None
    return all(violation.message == STOPS_SHORT for violation in replay.violations)


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


def last_number(last: int, hand: Hand) -> int:
    """The number of a session's last hand it numbers once ``hand`` is read (``last``
    before it)."""
    return hand.number if _numbered_by_session(hand) else last


def _numbered_by_session(hand: Hand) -> bool:
    """Whether ``hand`` is known by its number in its session (``fri-1127#3``), as a
    house log's own hands are; a site's hand keeps the site's numbers, which do not
    count the session's hands."""
    return HandId.parse(hand.site, hand.hand_id) == HandId(
        site=HOUSE_SITE, session=hand.session_id, number=str(hand.number))


def numbering_note(last: int, hand: Hand) -> str:
    """What a house hand's number says the log leaves out or puts out of order after the
    hand numbered ``last`` before it in the session (0: none), or "". The hand before
    it at the table is the one numbered just before (docs/rules.md, G4): with another
    number between, or one out of order, the hand before it in the log is not that hand,
    so its button is not judged against it. A number written again is T5's.

    >>> from badugi_hh.rules import HOUSE
    >>> def note(last: int, number: int) -> list[str]:
    ...     return numbering_note(last, Hand(hand_id=f"s#{number}", number=number,
    ...                                      session_id="s", ruleset=HOUSE, events=[])
    ...                           ).split("; ")
    >>> note(2, 4)[0]
    'hand #3 is not in the log before hand #4, which follows hand #2'
    >>> note(2, 4)[1]
    "the button is not judged against hand #2's (G4)"
    >>> note(1, 5)[0]
    'hands #2 to #4 are not in the log before hand #5, which follows hand #1'
    >>> note(1, 4)[0]
    'hands #2 and #3 are not in the log before hand #4, which follows hand #1'
    >>> note(3, 2)[0]
    'hand #2 comes after hand #3: the numbers go back'
    >>> note(2, 3), note(3, 3), note(0, 7)
    ([''], [''], [''])
    """
    number = hand.number
    if not last or last <= number <= last + 1 or not _numbered_by_session(hand):
        return ""
    rules = hand.ruleset
    button = (f"; the button is not judged against hand #{last}'s (G4)"
              if rules.button_alternates and rules.max_players == 2 else "")
    if number < last:
        return f"hand #{number} comes after hand #{last}: the numbers go back{button}"
    left_out = (f"hand #{last + 1} is" if number == last + 2 else
                f"hands #{last + 1} and #{number - 1} are" if number == last + 3 else
                f"hands #{last + 1} to #{number - 1} are")
    return f"{left_out} not in the log before hand #{number}, which follows hand #{last}{button}"
