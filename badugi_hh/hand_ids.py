"""A hand's id as a value: its site, its session (a house hand's) and its number.

A site numbers its hands itself; the store keeps such a hand's id as the site's
prefix (:attr:`badugi_hh.sites.Site.hand_id_prefix`) and the number as the site
printed it. A house hand is numbered within its session. A PHH hand's id is what
its file calls it. This module is the one place that text is written and read.

>>> str(HandId(site="pokerstars", number="49164202872"))
'ps-49164202872'
>>> str(HandId(site="", session="fri-1127", number="3"))
'fri-1127#3'
>>> HandId.parse("merge", "merge#33423082-14")
HandId(site='merge', session='', number='33423082-14')
>>> HandId.parse("", "fri-1127#3").printed, HandId.parse("winamax", "winamax#91-2-14").printed
('fri-1127#3', '91-2-14')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from badugi_hh.sites import FILE_LOCAL_SITES, HOUSE_SITE, SITES, site_of

__all__ = ["FILE_LOCAL_SQL", "HandId", "hand_file_sql", "left_out_note", "printed_number_sql",
           "site_hand_sql"]

#: What joins a house hand's session and number.
_HOUSE_MARK = "#"


@dataclass(frozen=True, slots=True, kw_only=True)
class HandId:
    """Which hand of its site a hand is (see the module docstring)."""

    site: str
    """The site's id (:data:`badugi_hh.sites.SITES`)."""
    session: str = ""
    """A house hand's session; ``''`` for a site's hand."""
    number: str
    """The number as the site printed it (a house hand's number in its session; a PHH
    hand's id as its file gives it)."""

    def __str__(self) -> str:
        """The hand's id as stored (the one text form)."""
        if self.site == HOUSE_SITE:
            return f"{self.session}{_HOUSE_MARK}{self.number}" if self.session else self.number
        return _prefix(self.site) + self.number

    @classmethod
    def parse(cls, site: str, text: str) -> HandId:
        """The id of a hand of ``site`` stored as ``text`` (what :meth:`__str__` wrote).

        >>> HandId.parse("phh", "hand-7"), HandId.parse("", "loose")
        (HandId(site='phh', session='', number='hand-7'), HandId(site='', session='', number='loose'))
        """
        if site == HOUSE_SITE:
            session, mark, number = text.rpartition(_HOUSE_MARK)
            return cls(site=site, session=session, number=number) if mark else cls(
                site=site, number=text)
        return cls(site=site, number=text.removeprefix(_prefix(site)))

    @property
    def printed(self) -> str:
        """How a user names the hand: the number its site printed, a house hand's id."""
        return self.number if self.site != HOUSE_SITE else str(self)

    @property
    def named(self) -> str:
        """How a message names the hand: its site's name and :attr:`printed`.

        >>> HandId(site="pokerstars", number="52589246185").named
        'PokerStars hand 52589246185'
        >>> HandId.parse("", "fri-1127#3").named, HandId.parse("newsite", "7").named
        ('hand fri-1127#3', 'hand 7')
        """
        entry = site_of(self.site)
        if entry is None or self.site == HOUSE_SITE:
            return f"hand {self.printed}"
        return f"{entry.name} hand {self.printed}"


def left_out_note(site: str, hand_ids: Sequence[str], most: int = 3) -> str:
    """Why a hand's stacks are not carried from the hand before it in its file: the hands
    of ``site`` played in between, which the file leaves out (a PHH export's), the first
    ``most`` of them named.

    >>> left_out_note("pokerstars", ["ps-35839176665", "ps-35839272371"])
    'the file leaves out PokerStars hand 35839176665 and PokerStars hand 35839272371'
    >>> left_out_note("", ["fri#1", "fri#2", "fri#3", "fri#4", "fri#5"])
    'the file leaves out hand fri#1, hand fri#2, hand fri#3 and 2 more'
    """
    named = [HandId.parse(site, hand_id).named for hand_id in hand_ids[:most]]
    if len(hand_ids) > most:
        named.append(f"{len(hand_ids) - most:,} more")
    listed = named[-1] if len(named) < 2 else f"{', '.join(named[:-1])} and {named[-1]}"
    return f"the file leaves out {listed}"


def _prefix(site: str) -> str:
    entry = site_of(site)
    return entry.hand_id_prefix if entry is not None else ""


def printed_number_sql(number: str) -> tuple[str, list[str]]:
    """SQL over the columns ``site`` and ``hand_id`` saying a hand is the one its site
    printed as ``number``, and its parameters; house and PHH hands have no such number.

    >>> sql, parameters = printed_number_sql("7")
    >>> sql[:60], parameters[:4]
    ('((site = ? AND hand_id = ?) OR (site = ? AND hand_id = ?) OR', ['pokerstars', 'ps-7', 'fulltilt', 'fulltilt#7'])
    """
    ids = [HandId(site=entry.id, number=number) for entry in SITES if entry.hand_id_prefix]
    clauses = " OR ".join("(site = ? AND hand_id = ?)" for _ in ids)
    return f"({clauses})", [value for found in ids for value in (found.site, str(found))]


def site_hand_sql(hand_id: str) -> str:
    """SQL saying the stored id ``hand_id`` (a column, where no site column is at hand)
    names a site's hand, which is the same hand in any file it is met in.

    >>> site_hand_sql("k.hand_id")[:69]
    "(starts_with(k.hand_id, 'ps-') OR starts_with(k.hand_id, 'fulltilt#')"
    """
    return "(" + " OR ".join(f"starts_with({hand_id}, '{entry.hand_id_prefix}')"
                             for entry in SITES if entry.hand_id_prefix) + ")"


#: The sites whose hand ids are their files' own, as a list for SQL's ``IN``.
FILE_LOCAL_SQL = ", ".join(f"'{site}'" for site in FILE_LOCAL_SITES)


def hand_file_sql(prefix: str = "") -> str:
    """SQL for the ``file`` of a row's hand identity (:mod:`badugi_hh.rows.identity`):
    its source where the site's hand ids are its files' own, else ``''``; ``prefix``
    qualifies the columns ``site`` and ``source``.

    >>> hand_file_sql("h.")
    "CASE WHEN h.site IN ('phh') THEN h.source ELSE '' END"
    """
    return f"CASE WHEN {prefix}site IN ({FILE_LOCAL_SQL}) THEN {prefix}source ELSE '' END"
