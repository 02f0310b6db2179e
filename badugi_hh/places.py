"""The time zone of a place, found in the IANA database's own tables.

A PHH hand may place its time by its ``city``, ``region`` and ``country`` instead of a
``time_zone``: the specification then reads it as the local time of the place. The
database names most zones after a city (``Europe/Paris``) and lists each zone's country
(``zone.tab``, ISO 3166 codes; ``iso3166.tab``, their names), which is all a place
needs where its city names a zone: nothing is guessed beyond that.

>>> place_zone("Paris", "France"), place_zone("new york", "US")
('Europe/Paris', 'America/New_York')
>>> place_zone("Amsterdam", "NL")
'Europe/Amsterdam'
>>> place_zone("Paris", "Canada"), place_zone("Lyon", "France")
(None, None)
"""

from __future__ import annotations

import zoneinfo
from functools import cache
from importlib import resources
from pathlib import Path

__all__ = ["place_zone"]


def place_zone(city: str, country: str) -> str | None:
    """The IANA name of the one zone named after ``city`` (the name's last part, ``_``
    read as a space, in any case) in ``country`` (its ISO 3166 code or its name as the
    database writes it); None where there is no such zone, or more than one."""
    wanted = city.strip().casefold(), country.strip().casefold()
    found = [zone for zone, code in _zone_countries().items()
             if zone.rpartition("/")[2].replace("_", " ").casefold() == wanted[0]
             and wanted[1] in (code.casefold(), _country_names().get(code, "").casefold())]
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
