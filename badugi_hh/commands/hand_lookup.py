"""One stored hand named on the command line, as the replayer finds it.

``opponents``, ``tag`` and ``note`` take a hand as its site printed its number
(``49164202872``, ``#49164202872``) or as its stored id (``ps-49164202872``,
``fri-1127#3``): :func:`badugi_hh.stats.find_hands`. No hand, or a number two sites
share, is a :class:`HandNotFound` whose message says what to give instead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from badugi_hh.hand_ids import HandId
from badugi_hh.textsafe import printable

if TYPE_CHECKING:
    import duckdb

    from badugi_hh.stats import FoundHand


class HandNotFound(Exception):
    """No stored hand answers, or several do; the message says which and what to give."""


def one_hand(con: duckdb.DuckDBPyConnection, typed: str, where: str) -> FoundHand:
    """The one hand ``typed`` names in the tables of ``where`` (for the message)."""
    from badugi_hh.filters import site_name
    from badugi_hh.stats import find_hands

    found = find_hands(con, typed)
    if not found:
        raise HandNotFound(f"no hand {printable(typed)!r} in {where}: give the number its "
                           "site printed (49164202872) or its stored id (ps-49164202872, "
                           "fri-1127#3)")
    if len(found) > 1:
        listed = "; ".join(f"{hand.hand_id} ({site_name(hand.site)}, {printable(hand.source)})"
                           for hand in found[:5])
        raise HandNotFound(f"{len(found)} hands answer to {printable(typed)!r}: {listed}; "
                           "give the stored id of one")
    return found[0]


def named(site: str, hand_id: str) -> str:
    """How output names the hand stored as ``hand_id`` of ``site``: by its site and the
    number the site printed, as the audit's notes do.

    >>> named("pokerstars", "ps-49164202872"), named("", "fri-1127#3")
    ('PokerStars hand 49164202872', 'hand fri-1127#3')
    """
    return printable(HandId.parse(site, hand_id).named)


def tables_name(data: str | None, db: str) -> str:
    """``the database badugi.duckdb``, ``the dataset club/``: where a command looked."""
    return f"the dataset {data}" if data is not None else f"the database {db}"
