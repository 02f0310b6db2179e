"""One clock: each hand's time as its log states it, and the same moment in UTC.

Logs write local times, most without a zone. Each site writes in one zone of its
own (:attr:`badugi_hh.sites.Site.zone`, the one place of these conventions); a house log
is in the zone the import is given (``import --tz``), by default this machine's. A reader that gives an aware time (one with its zone)
is taken at its word.

>>> from datetime import datetime
>>> clock = Clock("Europe/Paris")
>>> clock.to_utc(datetime(2010, 11, 12, 14, 42, 34), zone_of("pokerstars", clock.house_zone))
datetime.datetime(2010, 11, 12, 19, 42, 34, tzinfo=datetime.timezone.utc)
>>> zone_of("", "Europe/Paris"), zone_of("winamax", "Europe/Paris")
('Europe/Paris', 'UTC')

Twice a year a local time is not one moment. When clocks go back, an hour repeats:
a time in it is taken as its first passage, unless that would put the hand before
the hand read just before it in the same log, which means the clocks went back
meanwhile. When clocks go forward, an hour does not exist: a time in it is read
with the offset of before the change, as a clock not yet moved forward shows it.
"""

from __future__ import annotations

import os
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import NamedTuple

from badugi_hh.sites import site_of, time_zone
from badugi_hh.rows.schema import UtcTime

__all__ = ["Clock", "Moment", "check_zone", "machine_zone", "zone_of", "zone_shown"]


def zone_of(site: str, house_zone: str) -> str:
    """The zone of a hand of ``site`` whose time has no zone: the site's, else (a house
    log) ``house_zone``."""
    entry = site_of(site)
    return entry.zone if entry is not None and entry.zone is not None else house_zone


def check_zone(name: str) -> str:
    """``name`` if it is a time zone of the IANA database, else ValueError saying so.

    >>> check_zone("America/New_York")
    'America/New_York'
    >>> check_zone("Mars/Olympus")
    Traceback (most recent call last):
    ValueError: unknown time zone 'Mars/Olympus': give a name such as UTC, Europe/Paris or America/New_York
    """
    try:
        time_zone(name)
    except ValueError as error:
        raise ValueError(f"{error}: give a name such as UTC, Europe/Paris or "
                         "America/New_York") from None
    return name


#: The names the zone database gives UTC itself: a person reads each as UTC.
_UTC_NAMES = frozenset({"UTC", "Etc/UTC", "Etc/UCT", "Etc/Universal", "Etc/Zulu", "UCT",
                        "Universal", "Zulu"})


def zone_shown(name: str) -> str:
    """A zone's name as people read it: ``UTC`` for each of UTC's names.

    >>> zone_shown("Etc/UTC"), zone_shown("Zulu"), zone_shown("Europe/Paris")
    ('UTC', 'UTC', 'Europe/Paris')
    """
    return "UTC" if name in _UTC_NAMES else name


def machine_zone() -> str:
    """This machine's time zone, by its IANA name (``TZ``, else what /etc/localtime
    links to, else /etc/timezone); UTC when none can be named."""
    candidates = [os.environ.get("TZ", "").lstrip(":")]
    try:
        candidates.append(os.readlink("/etc/localtime").partition("zoneinfo/")[2])
    except OSError:
        pass
    try:
        candidates.append(Path("/etc/timezone").read_text(encoding="utf-8").strip())
    except OSError:
        pass
    for name in filter(None, candidates):
        try:
            return check_zone(name)
        except ValueError:
            continue
    return "UTC"


class Moment(NamedTuple):
    """A time as the log states it, the same moment in UTC, and the zone between them."""

    local: datetime | None
    utc: UtcTime | None
    zone: str


class Clock:
    """Turns the local times of one log, in their order, into UTC."""

    def __init__(self, house_zone: str) -> None:
        self.house_zone = house_zone
        self.last: datetime | None = None
        """The UTC time of the hand read before: what tells the two passages of a
        repeated hour apart."""
        self.passage_assumed = False
        """Whether a time in a repeated hour was read with no hand before it: taken as
        the first passage, which a hand before it (in a log read from its middle) could
        have made the second."""

    def read(self, stated: datetime | None, site: str, *, advance: bool = True) -> Moment:
        """A hand's (or session's) time of ``site`` as stored: the local time without
        its zone, in UTC, and the zone's name.

        >>> from datetime import timedelta
        >>> Clock("UTC").read(datetime(2016, 10, 11, 12, 42, 36,
        ...                            tzinfo=timezone(timedelta(hours=2))), "winamax")
        Moment(local=datetime.datetime(2016, 10, 11, 12, 42, 36), utc=datetime.datetime(2016, 10, 11, 10, 42, 36, tzinfo=datetime.timezone.utc), zone='UTC+02:00')
        """
        if stated is not None and stated.tzinfo is not None:
            return Moment(stated.replace(tzinfo=None), self.to_utc(stated, "", advance=advance),
                          str(stated.tzinfo))
        zone = zone_of(site, self.house_zone)
        return Moment(stated, self.to_utc(stated, zone, advance=advance), zone)

    def to_utc(self, local: datetime | None, zone: str, *, advance: bool = True,
               ) -> UtcTime | None:
        """``local`` (in ``zone`` unless it carries its own) in UTC; ``advance``: it is
        the log's next hand, which later ones are compared with."""
        if local is None:
            return None
        if local.tzinfo is not None:
            moment = local.astimezone(timezone.utc)
        else:
            tz = time_zone(zone)
            # a zone gives every local time an offset (``or``: for the type checker)
            first = tz.utcoffset(local.replace(fold=0)) or timedelta(0)
            second = tz.utcoffset(local.replace(fold=1)) or timedelta(0)
            moment = (local - first).replace(tzinfo=timezone.utc)
            if second < first:
                if self.last is None:
                    self.passage_assumed = True
                elif moment < self.last:
                    moment = (local - second).replace(tzinfo=timezone.utc)   # passed again
        if advance:
            self.last = moment
        return UtcTime(moment)
