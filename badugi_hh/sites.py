"""The sites whose logs the project reads, as one registry: every fact of a site.

Each :class:`Site` of :data:`SITES` owns what the rest of the project knows of a
site: its id (the value stored in every ``site`` column), its name as the reports
print it and the other names a user may type, the dialects its logs are read in,
the time zone its logs write times in, whether its hand ids are its files' own, the
prefix its hand ids are stored with, whether its hands state every prize,
and its practice where the rules leave a choice (:class:`SitePractice`).
The readers, the store, the filters and the commands ask this registry; a new site
is one entry here and its reader (``docs/architecture.md``, "Adding a site").

The house logs are a site too, whose id is ``''`` (what the store has always held):
:data:`HOUSE_SITE`. ``house`` is one of the names a user types for it.

>>> site_of("fulltilt").name, site_of("fulltilt").practice.dead_small_blind
('Full Tilt', True)
>>> site_of("").name, site_of("").label, site_of("winamax").zone
('house logs', 'house', 'UTC')
>>> site_of("newsite") is None
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

__all__ = ["DeckRecycling", "FILE_LOCAL_SITES", "HOUSE_SITE", "RULESET_SITES", "SITES", "SITES_STATING_PRIZES",
           "SITE_DIALECTS", "SITE_IDS", "Site", "SitePractice", "TOURNAMENTS_NAMED_SITES",
           "site_label", "site_of", "time_zone"]


#: What makes a new stub when the deck runs out (:attr:`badugi_hh.rules.Ruleset.deck_recycling`):
#: the discards (the house's rule), the folded hands and the discards (Full Tilt's), or
#: every dead card, burns included (PokerKit's, a PHH hand's).
DeckRecycling = Literal["discards", "folded_hands_and_discards", "dead_cards"]


@dataclass(frozen=True, slots=True, kw_only=True)
class SitePractice:
    """What a site does where the rules leave a choice: the
    :class:`~badugi_hh.rules.Ruleset` fields of the same names (docs/rules.md, "Site
    practice", gives each with its source). The defaults: a moving button, antes that a
    short all-in does not cover stay dead, no sit-out folds, the discards reshuffled."""

    dead_small_blind: bool = False
    uncovered_antes_returned: bool = False
    sitting_out_folded: bool = False
    deck_recycling: DeckRecycling = "discards"


@dataclass(frozen=True, slots=True, kw_only=True)
class Site:
    """One site (see the module docstring)."""

    id: str
    """The stored value (``pokerstars``; ``''`` for the house logs)."""
    name: str
    """How the pages and reports name it (``PokerStars``)."""
    other_names: tuple[str, ...] = ()
    """Other names a user may type for it (compared without case, blanks or
    punctuation); the house's first is the one ``SITE:NAME`` pairs write."""
    dialects: tuple[str, ...]
    """The dialects (:data:`badugi_hh.parsers.dialects.DIALECTS`) its logs are read in,
    the first its hands'."""
    text_export: bool = False
    """Whether its hands are read by the shared reader of the sites' text exports
    (:func:`~badugi_hh.parsers.site.read_site_log`): a hand is a block from its header
    to the next one, and a reader carries only the table's session from hand to hand."""
    zone: str | None = None
    """The IANA zone its logs write times in where a log does not say; None: the zone
    the import is given (``import --tz``)."""
    hand_id_prefix: str = ""
    """What its stored hand ids put before the number it printed (``ps-``); ``''``: the
    id is the log's own (:mod:`badugi_hh.hand_ids`)."""
    file_local_ids: bool = False
    """Whether its hand ids name a hand only within its file (so the file is part of a
    hand's identity, :mod:`badugi_hh.rows.identity`)."""
    tournaments_named: bool = False
    """Whether a hand of it is a tournament's only where it names the tournament (PHH:
    a hand in chips may be any game's); else a hand of it in chips is a tournament's
    (:func:`badugi_hh.money.kind_of`)."""
    partial_hands: bool = False
    """Whether a hand of it may stop before it is over (PHH's "partial history"): such a
    hand is skipped as partial, where anywhere else stopping so is B1."""
    states_prizes: bool = False
    """Whether its hands state a prize in the line that states a finisher's place
    ("finished the tournament in 3rd place and received $1.60."): a place stated
    without one won nothing."""
    practice: SitePractice = field(default_factory=SitePractice)

    @property
    def label(self) -> str:
        """The site in a ``SITE:NAME`` pair (``pokerstars:Hero``, ``house:Ana``)."""
        return self.id or self.other_names[0]


#: The empty id: the house logs' hands, sessions and players.
HOUSE_SITE = ""

#: Every site. Zones: PokerStars and Full Tilt print ET (PokerStars prints the player's
#: zone first, and ET in brackets, which is the time its reader takes), as do KingsClub
#: and the Merge network's XML by the convention trackers use for them; Winamax prints
#: UTC, and Boss Media's XML a Unix time (read as UTC); OnGame prints each hand's zone (``EEST``), which its reader gives with the
#: time. Practices: docs/rules.md, "Site practice".
SITES: tuple[Site, ...] = (
    Site(id="pokerstars", name="PokerStars", other_names=("Poker Stars", "stars"),
         dialects=("pokerstars", "pokerstars-summary"), text_export=True,
         zone="America/New_York", hand_id_prefix="ps-", states_prizes=True,
         practice=SitePractice(uncovered_antes_returned=True, sitting_out_folded=True)),
    Site(id="fulltilt", name="Full Tilt", other_names=("Full Tilt Poker", "ftp"),
         dialects=("fulltilt", "fulltilt-summary"), text_export=True,
         zone="America/New_York", hand_id_prefix="fulltilt#",
         practice=SitePractice(dead_small_blind=True,
                               deck_recycling="folded_hands_and_discards")),
    Site(id="kingsclub", name="KingsClub", other_names=("Kings Club",),
         dialects=("kingsclub",), text_export=True, zone="America/New_York",
         hand_id_prefix="kingsclub#"),
    Site(id="merge", name="Merge", other_names=("Merge Network",), dialects=("merge",),
         zone="America/New_York", hand_id_prefix="merge#"),
    Site(id="winamax", name="Winamax", dialects=("winamax", "winamax-summary"), text_export=True,
         zone="UTC", hand_id_prefix="winamax#"),
    Site(id="ongame", name="OnGame", other_names=("OnGame Network", "Goalwin"),
         dialects=("ongame",), text_export=True, hand_id_prefix="ongame#"),
    Site(id="bossmedia", name="Boss Media", other_names=("Boss", "Opoker"),
         dialects=("bossmedia",), zone="UTC", hand_id_prefix="bossmedia#"),
    Site(id="phh", name="PHH", dialects=("phh",), file_local_ids=True, tournaments_named=True,
         partial_hands=True),
    Site(id=HOUSE_SITE, name="house logs", other_names=("house", "home", "house log", "''", '""'),
         dialects=("house",)),
)

_BY_ID = {site.id: site for site in SITES}

#: The stored ids, in the registry's order.
SITE_IDS = tuple(_BY_ID)
#: The sites whose ruleset names start with their id (every reader but the house's
#: names its rulesets so).
RULESET_SITES = tuple(site.id for site in SITES if site.id != HOUSE_SITE)
#: Sites whose hand ids name a hand only within its file.
FILE_LOCAL_SITES = tuple(site.id for site in SITES if site.file_local_ids)
#: Sites whose hands are a tournament's only where they name it.
TOURNAMENTS_NAMED_SITES = tuple(site.id for site in SITES if site.tournaments_named)
#: Sites whose hands state each prize with the place it was won at.
SITES_STATING_PRIZES = frozenset(site.id for site in SITES if site.states_prizes)
#: The dialects of the sites' text exports (see :attr:`Site.text_export`).
SITE_DIALECTS = frozenset(dialect for site in SITES if site.text_export
                          for dialect in site.dialects[:1])


def site_of(site_id: str) -> Site | None:
    """The site stored as ``site_id``; None for one the registry does not know."""
    return _BY_ID.get(site_id)


def site_label(site_id: str) -> str:
    """The site as a ``SITE:NAME`` pair writes it (:attr:`Site.label`); an id the
    registry does not know, as stored.

    >>> site_label(""), site_label("merge"), site_label("newsite")
    ('house', 'merge', 'newsite')
    """
    site = _BY_ID.get(site_id)
    return site.label if site is not None else site_id


@lru_cache(maxsize=64)
def time_zone(name: str) -> ZoneInfo:
    """The zone of the IANA database named ``name``: a site's, the one an import is given,
    the one a log states. A name it does not hold, a folder of zones (``America``) or a
    path is a ValueError saying so.

    >>> time_zone("Europe/Paris").key
    'Europe/Paris'
    >>> time_zone("America")
    Traceback (most recent call last):
    ValueError: unknown time zone 'America'
    """
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):   # OSError: a folder of zones
        raise ValueError(f"unknown time zone {name[:60]!r}") from None
