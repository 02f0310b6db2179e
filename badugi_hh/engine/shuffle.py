"""The shuffle between two hands (G6): does a hand's deal repeat the hand before's?

A deal repeats the last one when every player whose cards are known (two hands at
least: one hand alone, a site's hero's, comes again by chance once in some hundred
thousand hands) got the very cards he got last hand, or when the cards came off the
deck in the order they came last hand, the deal going round from another seat
because the button moved.
:func:`deal_repeats` is asked of each hand after its replay, by either path.
"""

from __future__ import annotations

from operator import attrgetter

from badugi_hh.cards import Card
from badugi_hh.engine.report import HandReport

__all__ = ["deal_repeats"]


def deal_repeats(report: HandReport, previous: HandReport) -> str:
    """How the hand's deal repeats the hand before's, or "": no shuffle between them (G6).

    Either every player whose deal is known, two at least, got the very cards he got
    last hand, or the cards came off the deck in the order they came last hand (the
    deal going round from another seat when the button moved), every card of both
    deals known.
    """
    known = 0   # cards of the deal known and the same: one hand alone may repeat by chance
    for name, result in report.players.items():
        if result.dealt and None not in result.dealt:
            last = previous.players.get(name)
            if last is None or last.dealt != result.dealt:
                break
            known += len(result.dealt)
    else:
        if known >= 2 * report.ruleset.hand_size:
            return ("the deal repeats the previous hand card for card: the cards were not "
                    "shuffled")
    first = _first_dealt(report)
    if first is None or first != _first_dealt(previous):   # the common case, cheaply
        return ""
    top, last_top = _deck_top(report), _deck_top(previous)
    common = min(len(top), len(last_top))
    if common and common >= 2 * report.ruleset.hand_size and top[:common] == last_top[:common]:
        return (f"the first {common} cards come off the deck in the order they came last hand "
                "(the deal starts from another seat): the cards were not shuffled")
    return ""


def _first_dealt(report: HandReport) -> Card | None:
    """The first card off the deck: the first of the first player left of the button.

    Each hand is asked twice (as this hand, then as the next one's previous): the last
    answer is kept with its report.
    """
    last_report, last_first = _FIRST_DEALT.pair
    if last_report is report:
        return last_first
    first = _first_dealt_of(report)
    _FIRST_DEALT.pair = (report, first)   # one tuple, read and written whole
    return first


class _LastAnswer:
    """The report :func:`_first_dealt` was last asked about, and its answer."""

    pair: tuple[HandReport | None, Card | None] = (None, None)


_FIRST_DEALT = _LastAnswer()


def _first_dealt_of(report: HandReport) -> Card | None:
    button = report.players.get(report.button) if report.button else None
    if button is None:
        return None
    first = lowest = None
    for player in report.players.values():
        if lowest is None or player.seat < lowest.seat:
            lowest = player
        if player.seat > button.seat and (first is None or player.seat < first.seat):
            first = player
    dealee = first or lowest
    return dealee.dealt[0] if dealee is not None and dealee.dealt else None


def _deck_top(report: HandReport) -> tuple[Card | None, ...]:
    """The cards dealt, in the order they left the deck: one at a time, clockwise from
    left of the button (G5); empty unless the button and every dealt card are known."""
    button = report.players.get(report.button) if report.button else None
    if button is None:
        return ()
    seated = sorted(report.players.values(), key=attrgetter("seat"))
    first = next((i for i, player in enumerate(seated) if player.seat > button.seat), 0)
    hands = [player.dealt for player in seated[first:] + seated[:first]]
    if any(not hand or None in hand for hand in hands):
        return ()
    return tuple(hand[k] for k in range(max(map(len, hands))) for hand in hands if k < len(hand))
