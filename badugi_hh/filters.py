"""What a user can filter the stored hands on, and how the values he types are matched.

The command line and the dashboard build the same :class:`Filters`; the
statistics (:mod:`badugi_hh.stats`) turn it into a ``WHERE`` clause over
``hand_players`` whose values are bound parameters, never spliced text.

A player is a site and a name: ``players`` holds such pairs (one player, or the
names of one person), while ``player`` alone is a name on any site. A value the
user types for a site, game, currency or kind is matched without case and by
every name the project prints (``PokerStars``, ``2-7``, ``27td``, ``2-7 Triple
Draw``) against the values the database holds; an unknown or ambiguous one is a
:class:`FilterError` that lists them.

>>> Filters(players=(("pokerstars", "Hero"),), currency="USD").where()
('WHERE ((site = ? AND player = ?)) AND currency = ?', ['pokerstars', 'Hero', 'USD'])
>>> match_value("game", "2-7", ["27td", "badugi"])
'27td'
>>> match_value("site", "PokerStars", ["", "pokerstars"])
'pokerstars'
>>> parse_stakes("$0.10/$0.20")
Stakes(low=Decimal('0.10'), high=Decimal('0.20'), currency='USD')
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from decimal import Decimal, InvalidOperation
from typing import Any

from badugi_hh.games import GAME_NAMES, GAMES
from badugi_hh.hand_ids import hand_file_sql
from badugi_hh.money import CHIPS, SYMBOLS, format_amount
from badugi_hh.sites import SITES
from badugi_hh.textsafe import printable

__all__ = [
    "FilterError", "Filters", "Identity", "KIND_NAMES", "SITE_NAMES", "Stakes", "STAKES_HIGH_SQL",
    "STAKES_LOW_SQL", "check_days", "match_stakes", "match_table_size",
    "match_value", "parse_stakes", "parse_table_size", "player_label", "site_name", "stakes_text",
]

#: A player: his site (``''`` for the house logs) and his name there.
Identity = tuple[str, str]

#: How the pages and reports name each site (:attr:`badugi_hh.sites.Site.name`); the
#: stored value is the key.
SITE_NAMES = {site.id: site.name for site in SITES}
#: How they name each kind of stakes.
KIND_NAMES = {"cash": "cash", "tournament": "tournament", "home": "home game"}

#: Other names a user may type, beyond the stored value and the names above
#: (compared without case, blanks or punctuation). A name may stand for several
#: stored values (``2-7``: triple or single draw); the database's values decide.
_OTHER_NAMES: dict[str, dict[str, tuple[str, ...]]] = {
    "site": {site.id: site.other_names for site in SITES},
    "game": {game.id: game.aliases for game in GAMES.values() if game.aliases},
    "currency": {code: (symbol,) for code, symbol in SYMBOLS.items()}
    | {CHIPS: ("chip", "tournament chips")},
    "kind": {"cash": ("cash game", "ring"), "tournament": ("tourney", "sng", "mtt"),
             "home": ("house",)},
}
#: The printed names of each filter's values, beside the stored value.
_PRINTED = {"site": SITE_NAMES, "game": GAME_NAMES, "kind": KIND_NAMES}

#: What a zone's name may hold (``America/Argentina/Buenos_Aires``, ``Etc/GMT+5``).
_ZONE_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_+\-/]*")

#: The stakes of a hand, as its site names them: the small and big bet of a fixed-limit
#: game (``$0.10/$0.20`` has blinds of $0.05/$0.10), the blinds of a pot- or no-limit
#: one (its bets are the same size in every round). In the ``hands`` table's columns.
STAKES_LOW_SQL = "CASE WHEN big_bet <> small_bet THEN small_bet ELSE small_blind_size END"
STAKES_HIGH_SQL = "CASE WHEN big_bet <> small_bet THEN big_bet ELSE big_blind_size END"


class FilterError(ValueError):
    """A filter's value the database cannot answer: the message says why in one line
    and lists what it holds."""


@dataclass(frozen=True, slots=True)
class Stakes:
    """Stakes as a user names them: two amounts in the currency (``0.10``, ``0.20``
    dollars; ``20``, ``40`` chips), and the currency when he names it."""

    low: Decimal
    high: Decimal
    currency: str | None = None

    def __str__(self) -> str:
        """``0.10/0.20``, ``$0.10/$0.20``."""
        symbol = SYMBOLS.get(self.currency or "", "")
        code = f" {self.currency}" if self.currency and not symbol else ""
        return f"{symbol}{self.low}/{symbol}{self.high}{code}"


@dataclass(frozen=True, slots=True)
class Filters:
    """Which hands count; ``None`` (or empty) is no restriction. Dates are whole days,
    both included (:func:`check_days` refuses a first day after the last)."""

    player: str | None = None
    """A name, on every site it is played on."""
    session: str | None = None
    ruleset: str | None = None
    date_from: date | None = None
    date_to: date | None = None
    site: str | None = None
    """``pokerstars``...; ``''`` for the house logs."""
    game: str | None = None
    currency: str | None = None
    """``USD``, ``EUR``... or ``chips``."""
    kind: str | None = None
    """``cash``, ``tournament`` or ``home``."""
    stakes: Stakes | None = None
    table_size: int | None = None
    """Seats at the table (2: heads-up, 6: six-max...)."""
    players: tuple[Identity, ...] = ()
    """Players as (site, name): one, or the names of :attr:`person`."""
    person: str | None = None
    """Whose names ``players`` are: the figures are summed over them, per currency."""
    tz: str | None = None
    """The one clock (an IANA zone) that days, sessions and shown times are read on;
    None: each hand's time as its log states it."""

    def clock(self, prefix: str = "") -> str:
        """The SQL of a row's time on the chosen clock (``prefix``: ``hp.``...): its UTC
        moment in :attr:`tz`, else the time as stated. The zone is a name the zone
        database knows (checked where it was typed), so it is written in the SQL.

        >>> Filters().clock("h."), Filters(tz="Europe/Paris").clock()
        ('h.started_at', "coalesce(timezone('Europe/Paris', started_utc), started_at)")
        """
        if self.tz is None:
            return f"{prefix}started_at"
        if not _ZONE_NAME.fullmatch(self.tz):
            raise FilterError(f"--tz {printable(self.tz)!r} is not a time zone's name")
        return (f"coalesce(timezone('{self.tz}', {prefix}started_utc), "
                f"{prefix}started_at)")
    tag: str | None = None
    """Only the hands the user gave this tag (``badugi-hh tag``), as stored."""
    label: str | None = None
    """Only the players the user gave this label (``badugi-hh label``), as stored."""

    def conditions(self, prefix: str = "") -> tuple[list[str], list[object]]:
        """The conditions on ``hand_players`` (columns qualified by ``prefix``, such as
        ``hp.``) and their parameters, in order.

        >>> Filters(player="Ana", date_to=date(2024, 1, 31)).conditions("hp.")
        (['hp.player = ?', 'hp.started_at < ?'], ['Ana', datetime.datetime(2024, 2, 1, 0, 0)])
        """
        clauses: list[str] = []
        params: list[object] = []
        if self.players:
            clauses.append("(" + " OR ".join(
                f"({prefix}site = ? AND {prefix}player = ?)" for _ in self.players) + ")")
            params += [value for identity in self.players for value in identity]
        for column, value in (("player", self.player), ("session_id", self.session),
                              ("ruleset", self.ruleset), ("site", self.site),
                              ("game", self.game), ("currency", self.currency),
                              ("kind", self.kind)):
            if value is not None:
                clauses.append(f"{prefix}{column} = ?")
                params.append(value)
        if self.date_from is not None:
            clauses.append(f"{self.clock(prefix)} >= ?")
            params.append(_midnight(self.date_from))
        if self.date_to is not None:
            clauses.append(f"{self.clock(prefix)} < ?")
            params.append(_midnight(self.date_to) + timedelta(days=1))
        if self.stakes is not None:
            clause, values = _stakes_condition(self.stakes, prefix)
            clauses.append(clause)
            params += values
        if self.table_size is not None:
            clauses.append(f"({prefix}source, {prefix}session_id) IN (SELECT source, "
                           "session_id FROM sessions WHERE max_players = ?)")
            params.append(self.table_size)
        if self.tag is not None:
            clauses.append(f"({prefix}site, {prefix}hand_id, {hand_file_sql(prefix)}) IN "
                           "(SELECT site, hand_id, file FROM hand_tags WHERE tag = ?)")
            params.append(self.tag)
        if self.label is not None:
            clauses.append(f"({prefix}site, {prefix}player) IN "
                           "(SELECT site, player FROM player_labels WHERE label = ?)")
            params.append(self.label)
        return clauses, params

    def where(self, prefix: str = "") -> tuple[str, list[object]]:
        """:meth:`conditions` as a ``WHERE`` clause (``''`` when nothing is filtered).

        >>> Filters(currency="USD").where(prefix="s.")
        ('WHERE s.currency = ?', ['USD'])
        >>> Filters().where()
        ('', [])
        """
        clauses, params = self.conditions(prefix)
        return ("WHERE " + " AND ".join(clauses) if clauses else ""), params

    @property
    def by_person(self) -> bool:
        """Whether the figures are one person's, summed over his names."""
        return self.person is not None

    def but(self, **changes: Any) -> Filters:
        """A copy with ``changes``: ``filters.but(player=None)``."""
        return dataclasses.replace(self, **changes)


def check_days(date_from: date | None, date_to: date | None) -> None:
    """Refuse a first day after the last, which would choose nothing without saying why.

    >>> check_days(date(2024, 2, 1), date(2024, 1, 1))
    Traceback (most recent call last):
    badugi_hh.filters.FilterError: the first day (2024-02-01) is after the last (2024-01-01)
    """
    if date_from and date_to and date_from > date_to:
        raise FilterError(f"the first day ({date_from}) is after the last ({date_to})")


def _midnight(day: date) -> datetime:
    return datetime(day.year, day.month, day.day)


def _stakes_condition(stakes: Stakes, prefix: str) -> tuple[str, list[object]]:
    """The hands of those stakes, compared exactly: amounts over ``unit`` as decimals."""
    currency = " AND currency = ?" if stakes.currency else ""
    clause = (f"({prefix}source, {prefix}hand_id) IN (SELECT source, hand_id FROM hands "
              f"WHERE ({STAKES_LOW_SQL})::DECIMAL(38, 6) = ?::DECIMAL(38, 6) * unit "
              f"AND ({STAKES_HIGH_SQL})::DECIMAL(38, 6) = ?::DECIMAL(38, 6) * unit{currency})")
    params: list[object] = [stakes.low, stakes.high]
    return clause, params + ([stakes.currency] if stakes.currency else [])


# -- names -----------------------------------------------------------------------------

def site_name(site: str) -> str:
    """``PokerStars``, ``house logs``: a site as the pages name it.

    >>> site_name("fulltilt"), site_name(""), site_name("newsite")
    ('Full Tilt', 'house logs', 'newsite')
    """
    return SITE_NAMES.get(site, site)


def player_label(site: str, name: str) -> str:
    """A player as text: his name and his site (``Hero (PokerStars)``).

    >>> player_label("pokerstars", "Hero"), player_label("", "Ana")
    ('Hero (PokerStars)', 'Ana (house logs)')
    """
    return f"{name} ({site_name(site)})"


def printed_name(field: str, value: str) -> str:
    """A stored value as the reports print it, with the value itself when they differ.

    >>> printed_name("game", "27td"), printed_name("currency", "USD")
    ('2-7 Triple Draw (27td)', 'USD')
    >>> printed_name("site", "")
    "house logs ('')"
    """
    name = _PRINTED.get(field, {}).get(value, value)
    if name == value:
        return value
    return f"{name} ({value or repr(value)})"


def _folded(text: str) -> str:
    """A name compared without case, blanks or punctuation: ``2-7 TD`` is ``27td``."""
    return re.sub(r"[\W_]+", "", text.casefold()) or text.strip()


def _names(field: str, value: str) -> set[str]:
    """Every name of a stored value, folded."""
    names = {value, _PRINTED.get(field, {}).get(value, value),
             *_OTHER_NAMES.get(field, {}).get(value, ())}
    return {_folded(name) for name in names}


def held_list(field: str, held: Iterable[str]) -> str:
    """The values the database holds, as the reports print them, for a message."""
    shown = sorted(printable(printed_name(field, value)) for value in held)
    return ", ".join(shown) if shown else "none"


def match_value(field: str, typed: str, held: Sequence[str]) -> str:
    """The stored value of ``field`` (site, game, currency, kind, ruleset) that
    ``typed`` names, among the values the database holds.

    >>> match_value("currency", "usd", ["USD", "chips"])
    'USD'
    >>> match_value("kind", "SNG", ["cash", "tournament"])
    'tournament'
    >>> match_value("game", "2-7", ["27td", "27sd"])
    Traceback (most recent call last):
    badugi_hh.filters.FilterError: --game '2-7' is ambiguous: it names 2-7 Single Draw (27sd), 2-7 Triple Draw (27td)
    >>> match_value("site", "Stars", ["fulltilt"])
    Traceback (most recent call last):
    badugi_hh.filters.FilterError: --site 'Stars': the database holds Full Tilt (fulltilt)
    """
    if typed in held:
        return typed
    folded = _folded(typed)
    found = sorted(value for value in held if folded in _names(field, value))
    if len(found) == 1:
        return found[0]
    option = f"--{field.replace('_', '-')} {printable(typed)!r}"
    if found:
        raise FilterError(f"{option} is ambiguous: it names {held_list(field, found)}")
    raise FilterError(f"{option}: the database holds {held_list(field, held)}")


# -- stakes and table sizes ------------------------------------------------------------

_AMOUNT = r"([$€£]?)\s*(\d[\d,]*(?:\.\d+)?|\.\d+)"
_STAKES = re.compile(rf"\s*{_AMOUNT}\s*/\s*{_AMOUNT}\s*([A-Za-z]+)?\s*")


def parse_stakes(text: str) -> Stakes:
    """Stakes as a user types them: ``0.10/0.20``, ``$0.10/$0.20``, ``1,000/2,000``,
    ``0.5/1 EUR``, ``20/40 chips``.

    >>> parse_stakes("1,000/2,000"), parse_stakes("0.5/1 eur")
    (Stakes(low=Decimal('1000'), high=Decimal('2000'), currency=None), Stakes(low=Decimal('0.5'), high=Decimal('1'), currency='EUR'))
    >>> parse_stakes("big")
    Traceback (most recent call last):
    badugi_hh.filters.FilterError: --stakes 'big' is not stakes such as 0.10/0.20 or $1/$2
    """
    match = _STAKES.fullmatch(text)
    if match is None:
        raise FilterError(f"--stakes {printable(text)!r} is not stakes such as 0.10/0.20 "
                          "or $1/$2")
    symbol, low, other_symbol, high, code = match.groups()
    symbols = {code for code, sign in SYMBOLS.items() if sign in (symbol, other_symbol)}
    currency = (CHIPS if code and code.casefold() in ("chip", "chips") else
                code.upper() if code else next(iter(symbols), None))
    try:
        return Stakes(Decimal(low.replace(",", "")), Decimal(high.replace(",", "")), currency)
    except InvalidOperation:   # the pattern admits only numbers; kept for safety's sake
        raise FilterError(f"--stakes {printable(text)!r} is not stakes such as 0.10/0.20")\
            from None


def stakes_text(low: int, high: int, currency: str, unit: int) -> str:
    """Stakes stored in the smallest unit, as the site writes them.

    >>> stakes_text(10, 20, "USD", 100), stakes_text(20, 40, "chips", 1)
    ('$0.10/$0.20', '20/40 chips')
    """
    low_text, high_text = format_amount(low, currency, unit), format_amount(high, currency,
                                                                             unit)
    suffix = f" {currency}"
    if low_text.endswith(suffix) and high_text.endswith(suffix):
        return f"{low_text.removesuffix(suffix)}/{high_text}"
    return f"{low_text}/{high_text}"


def match_stakes(stakes: Stakes, held: Sequence[tuple[int, int, str, int]]) -> Stakes:
    """``stakes`` when the database holds hands of them (``held``: low, high, currency,
    unit as stored); else a FilterError that lists the stakes it holds."""
    for low, high, currency, unit in held:
        if (Decimal(low) == stakes.low * unit and Decimal(high) == stakes.high * unit
                and stakes.currency in (None, currency)):
            return stakes
    listed = sorted({stakes_text(*row) for row in held})
    more = f" and {len(listed) - 20:,} more" if len(listed) > 20 else ""
    raise FilterError(f"--stakes {printable(str(stakes))!r}: the database holds "
                      f"{', '.join(listed[:20]) or 'no hands'}{more}")


#: Table sizes as players name them.
_TABLE_SIZES = {"headsup": 2, "hu": 2, "fullring": 9}


def parse_table_size(text: str) -> int:
    """Seats at a table: ``6``, ``6-max``, ``heads-up``.

    >>> parse_table_size("6-max"), parse_table_size("Heads-up"), parse_table_size("8")
    (6, 2, 8)
    """
    folded = _folded(text)
    size = _TABLE_SIZES.get(folded)
    if size is None and re.fullmatch(r"\d{1,2}(max)?", folded):
        size = int(folded.removesuffix("max"))
    if size is None or size < 2:
        raise FilterError(f"--table-size {printable(text)!r} is not a table size such as "
                          "6, 6-max or heads-up")
    return size


def match_table_size(size: int, held: Sequence[int]) -> int:
    """``size`` when the database holds tables of that size; else a FilterError."""
    if size in held:
        return size
    listed = ", ".join(str(seats) for seats in sorted(held)) or "none"
    raise FilterError(f"--table-size {size}: the database holds tables of {listed} seats")
