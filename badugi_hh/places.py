"""The time zone of a place, found in the IANA database's own tables.

A PHH hand may place its time by its ``city``, ``region`` and ``country`` instead of a
``time_zone``: the specification then reads it as the local time of the place. The
database names most zones after a city (``Europe/Paris``) and lists each zone's country
(``zone.tab``, ISO 3166 codes; ``iso3166.tab``, their names), which is all a place
needs where its city names a zone. A city that names none is still placed where its
country or state keeps one clock: a country of one zone (Lyon is on Paris's), and a
state of the United States that lies in one zone (:data:`US_STATE_ZONES`; Las Vegas,
Nevada, the specification's own example, is on Los Angeles's). Nothing is guessed
beyond that: a city of a country or state of many zones that names none is not placed.

>>> place_zone("Paris", "France"), place_zone("new york", "US")
('Europe/Paris', 'America/New_York')
>>> place_zone("Amsterdam", "NL"), place_zone("Lyon", "France")
('Europe/Amsterdam', 'Europe/Paris')
>>> place_zone("Las Vegas", "United States of America", "Nevada")
'America/Los_Angeles'
>>> place_zone("Paris", "Canada"), place_zone("Austin", "USA", "Texas")
(None, None)

A time may be told by a zone's abbreviation alone (``EST``). The database writes one
for most zones, and some stand for more than one offset (``CST`` is Chicago's and
China's); :data:`ABBREVIATIONS` holds the common ones that stand for one, and
:data:`AMBIGUOUS_ABBREVIATIONS` says what the others stand for:

>>> abbreviation_offset("cet"), abbreviation_offset("CST")
(datetime.timedelta(seconds=3600), None)

North America also names a zone's clock without its season (``ET``, as PokerStars dates
its hands): :data:`GENERIC_ABBREVIATIONS` holds the zone each stands for, whose own
rules then say whether a date is on standard or daylight time.
"""

from __future__ import annotations

import zoneinfo
from datetime import timedelta
from functools import cache
from importlib import resources
from pathlib import Path

__all__ = ["ABBREVIATIONS", "AMBIGUOUS_ABBREVIATIONS", "COUNTRY_NAMES",
           "GENERIC_ABBREVIATIONS", "US_STATE_ZONES", "abbreviation_offset", "place_zone"]

#: The common zone abbreviations that stand for one offset from UTC, in hours: each as
#: the IANA database writes it for the zones of that offset (EST: America/New_York's
#: winter), and no zone of the database writes it for another.
ABBREVIATIONS: dict[str, float] = {
    "UTC": 0, "GMT": 0, "WET": 0, "WEST": 1, "CET": 1, "CEST": 2, "EET": 2, "EEST": 3,
    "MSK": 3, "EST": -5, "EDT": -4, "MST": -7, "MDT": -6, "PDT": -7,
    "AKST": -9, "AKDT": -8, "HST": -10, "NST": -3.5, "NDT": -2.5, "PKT": 5, "HKT": 8,
    "JST": 9, "KST": 9, "AWST": 8, "ACST": 9.5, "ACDT": 10.5, "AEST": 10, "AEDT": 11,
    "NZST": 12, "NZDT": 13,
}
#: The common abbreviations that stand for more than one offset, and what they stand
#: for: in the IANA database (CST, CDT, PST, IST), or in common use beside it (BST, AST, SST:
#: the database writes Dhaka's, Riyadh's and Singapore's time as offsets, +06, +03, +08).
AMBIGUOUS_ABBREVIATIONS: dict[str, str] = {
    "CST": "US Central (UTC-6), China (UTC+8) or Cuba (UTC-5) standard time",
    "CDT": "US Central (UTC-5) or Cuba (UTC-4) daylight time",
    "PST": "US Pacific (UTC-8) or Philippine (UTC+8) standard time",
    "IST": "India (UTC+5:30), Ireland (UTC+1) or Israel (UTC+2) standard time",
    "BST": "British summer (UTC+1) or Bangladesh (UTC+6) time",
    "AST": "Atlantic (UTC-4) or Arabia (UTC+3) standard time",
    "SST": "Samoa (UTC-11) or Singapore (UTC+8) standard time",
}


#: The abbreviations of a North American clock whatever the season (``ET`` is EST in
#: winter, EDT in summer): the zone of each, in the IANA database.
GENERIC_ABBREVIATIONS: dict[str, str] = {
    "ET": "America/New_York", "CT": "America/Chicago", "MT": "America/Denver",
    "PT": "America/Los_Angeles", "AKT": "America/Anchorage",
}


def abbreviation_offset(abbreviation: str) -> timedelta | None:
    """The offset from UTC a common abbreviation stands for (in any case); None where it
    stands for more than one (:data:`AMBIGUOUS_ABBREVIATIONS`) or is not a common one."""
    hours = ABBREVIATIONS.get(abbreviation.strip().upper())
    return None if hours is None else timedelta(hours=hours)


#: The full English names of countries (as the specification asks a PHH hand to write
#: them: ``country = "United States of America"`` in its own example) that the
#: database's ``iso3166.tab`` writes shorter, and their ISO 3166 codes.
COUNTRY_NAMES: dict[str, str] = {
    "united states of america": "US", "usa": "US", "united kingdom": "GB", "uk": "GB",
    "united kingdom of great britain and northern ireland": "GB", "south korea": "KR",
    "republic of korea": "KR", "north korea": "KP", "russian federation": "RU",
}
#: The zone of each state of the United States (and its capital district) that keeps one
#: clock, by its name as the specification asks a PHH ``region`` to be written. Nevada's
#: one town on Mountain time (West Wendover) aside, it keeps Pacific time. The states a
#: zone line crosses (Texas, Florida, Oregon...) are not here: a city of theirs that
#: names no zone is not placed.
US_STATE_ZONES: dict[str, str] = dict.fromkeys((
    "connecticut", "delaware", "district of columbia", "georgia", "maine", "maryland",
    "massachusetts", "new hampshire", "new jersey", "new york", "north carolina", "ohio",
    "pennsylvania", "rhode island", "south carolina", "vermont", "virginia",
    "west virginia"), "America/New_York") | dict.fromkeys((
        "alabama", "arkansas", "illinois", "iowa", "louisiana", "minnesota", "mississippi",
        "missouri", "oklahoma", "wisconsin"), "America/Chicago") | dict.fromkeys((
            "colorado", "montana", "new mexico", "utah", "wyoming"), "America/Denver") | {
    "california": "America/Los_Angeles", "washington": "America/Los_Angeles",
    "nevada": "America/Los_Angeles", "hawaii": "Pacific/Honolulu"}


def place_zone(city: str, country: str, region: str = "") -> str | None:
    """The IANA name of the one zone named after ``city`` (the name's last part, ``_``
    read as a space, in any case) in ``country`` (its ISO 3166 code, its name as the
    database writes it, or its full name: :data:`COUNTRY_NAMES`); where the city names
    none, the country's only zone, or a United States ``region``'s
    (:data:`US_STATE_ZONES`); None where there is no such zone, or more than one."""
    wanted = country.strip().casefold()
    codes = {code for code, name in _country_names().items()
             if wanted in (code.casefold(), name.casefold())}
    codes |= {COUNTRY_NAMES[wanted]} if wanted in COUNTRY_NAMES else set()
    zones = [zone for zone, code in _zone_countries().items() if code in codes]
    found = [zone for zone in zones if zone.rpartition("/")[2].replace("_", " ").casefold()
             == city.strip().casefold()]
    if not found and len(zones) == 1:   # the country keeps one clock
        found = zones
    state = US_STATE_ZONES.get(region.strip().casefold()) if codes == {"US"} else None
    if not found and state is not None:
        found = [state]
    return found[0] if len(found) == 1 else None


@cache
def _zone_countries() -> dict[str, str]:
    """Each zone of ``zone.tab`` and the ISO 3166 code of its country: a zone a country
    each (``Europe/Amsterdam`` is the Netherlands', where ``zone1970.tab`` has merged it
    into Brussels)."""
    return {row[2]: row[0] for row in _table("zone.tab") if len(row) >= 3}


@cache
def _country_names() -> dict[str, str]:
    """Each ISO 3166 code's country name (``FR``: ``France``)."""
    return {row[0]: row[1] for row in _table("iso3166.tab") if len(row) >= 2}


def _table(name: str) -> list[list[str]]:
    """The rows of one of the database's tables (tab-separated, ``#`` comments), from
    where the zones themselves are read: the system's zone folders, else the ``tzdata``
    package; none where neither holds it."""
    text = next((path.read_text(encoding="utf-8") for path in
                 (Path(folder) / name for folder in zoneinfo.TZPATH) if path.is_file()),
                None)
    if text is None:
        try:
            text = resources.files("tzdata").joinpath("zoneinfo", name).read_text(
                encoding="utf-8")
        except (ModuleNotFoundError, OSError):
            return []
    return [line.split("\t") for line in text.splitlines()
            if line and not line.startswith("#")]
