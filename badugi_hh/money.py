"""Units of amounts: what a hand's amounts are counted in, and how logs write them.

Amounts are stored as integers in a hand's smallest unit: chips, or cents of a
currency (``unit`` = 100). Two units are never added: every money figure is
grouped by ``currency`` (``USD``, ``EUR``, ``chips``...) and ``unit``.

>>> format_amount(570, "USD", 100), format_amount(-125, "EUR", 100)
('$5.70', '-€1.25')
>>> format_amount(1500, "chips", 1)
'1,500 chips'
"""

from __future__ import annotations

import re

from badugi_hh.events import Hand

#: The sites whose ruleset names start with theirs (the readers name rulesets so).
SITES = ("pokerstars", "fulltilt", "kingsclub", "merge", "winamax", "phh")
#: How logs write each currency's amounts.
SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£"}
CHIPS = "chips"
#: ``cash``: money at a ring table; ``tournament``: chips of a tournament;
#: ``home``: the house game's chips (sessions of N1).
KINDS = ("cash", "tournament", "home")

_CODE = re.compile(r"\b([A-Z]{3})\s*$")


def format_amount(amount: int, currency: str, unit: int) -> str:
    """``amount`` (in the smallest unit) as a log writes it.

    >>> format_amount(5, "PLAY", 1), format_amount(250, "CAD", 100)
    ('5 PLAY', '2.50 CAD')
    """
    sign = "-" if amount < 0 else ""
    whole, cents = divmod(abs(amount), unit)
    digits = len(str(unit - 1)) if unit > 1 else 0
    number = f"{whole:,}" + (f".{cents:0{digits}d}" if digits else "")
    symbol = SYMBOLS.get(currency)
    return f"{sign}{symbol}{number}" if symbol else f"{sign}{number} {currency}"


def site_of(hand: Hand) -> str:
    """The hand's site; from its ruleset's name while a reader does not say it.

    >>> from badugi_hh.rules import HOUSE
    >>> site_of(Hand(hand_id="1", number=1, ruleset=HOUSE.replace(name="pokerstars $1/$2 USD"),
    ...              events=[]))
    'pokerstars'
    """
    if hand.site:
        return hand.site
    first = hand.ruleset.name.split(" ", 1)[0]
    return first if first in SITES else ""


def currency_of(hand: Hand) -> str:
    """``USD``, ``EUR``... for money (read from the ruleset's name while the
    reader does not say it; ``USD`` for cents of a name without a code), else chips."""
    if hand.currency:
        return hand.currency
    if hand.unit == 1 or (hand.site and hand.tournament):   # a tournament's chips, in cents
        return CHIPS
    code = _CODE.search(hand.ruleset.name)
    symbol = next((code for code, sign in SYMBOLS.items() if sign in hand.ruleset.name), "USD")
    return code.group(1) if code else symbol


def kind_of(hand: Hand, site: str, currency: str) -> str:
    """``tournament`` (the log names one, or a site's chips), ``home`` (a house log)
    or ``cash``."""
    if hand.tournament:
        return "tournament"
    if not site:
        return "home"
    return "tournament" if currency == CHIPS else "cash"


#: The same three derivations in SQL, over v1 rows (hands: ruleset, unit), for
#: the migration; tests check they agree with the functions above.
SITE_SQL = (f"CASE WHEN split_part(ruleset, ' ', 1) IN ({', '.join(repr(s) for s in SITES)}) "
            "THEN split_part(ruleset, ' ', 1) ELSE '' END")
CURRENCY_SQL = (f"CASE WHEN unit = 1 THEN '{CHIPS}' ELSE coalesce(nullif(regexp_extract("
                r"ruleset, '\b([A-Z]{3})\s*$', 1), ''), CASE WHEN ruleset LIKE '%€%' THEN 'EUR' "
                "WHEN ruleset LIKE '%£%' THEN 'GBP' ELSE 'USD' END) END")
KIND_SQL = (f"CASE WHEN site = '' THEN 'home' WHEN currency = '{CHIPS}' THEN 'tournament' "
            "ELSE 'cash' END")
