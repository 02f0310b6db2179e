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
from decimal import Decimal
from typing import NamedTuple

from badugi_hh.events import Hand
from badugi_hh.sites import RULESET_SITES, TOURNAMENTS_NAMED_SITES

#: How logs write each currency's amounts.
SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£"}
CHIPS = "chips"
#: Play money: chips a log writes as bare numbers (``458 in chips``), as it does a game's.
PLAY = "PLAY"
#: ``cash``: money at a ring table; ``tournament``: chips of a tournament;
#: ``home``: the house game's chips (sessions of N1).
KINDS = ("cash", "tournament", "home")

_CODE = re.compile(r"\b([A-Z]{3})\s*$")


def format_amount(amount: int, currency: str, unit: int) -> str:
    """``amount`` (in the smallest unit) as a log writes it.

    >>> format_amount(5, "PLAY", 1), format_amount(250, "CAD", 100)
    ('5 PLAY', '2.50 CAD')
    >>> format_amount(-1, "chips", 1), format_amount(0, "chips", 1)
    ('-1 chip', '0 chips')
    """
    sign = "-" if amount < 0 else ""
    whole, cents = divmod(abs(amount), unit)
    digits = len(str(unit - 1)) if unit > 1 else 0
    number = f"{whole:,}" + (f".{cents:0{digits}d}" if digits else "")
    symbol = SYMBOLS.get(currency)
    if symbol:
        return f"{sign}{symbol}{number}"
    noun = "chip" if currency == CHIPS and number == "1" else currency   # one chip, 2 chips
    return f"{sign}{number} {noun}"


def message_amount(amount: int, currency: str, unit: int) -> str:
    """``amount`` (in the smallest unit) as a message about its hand writes it, the way
    the log does: money as :func:`format_amount` writes it; chips, play money's too, as
    a bare number, as the log's lines write them (``posts 25``), a finer unit's
    (KingsClub's hundredths, a PHH hand's thousandths) with the decimals it needs.

    >>> message_amount(30, "USD", 100), message_amount(-125, "EUR", 100)
    ('$0.30', '-€1.25')
    >>> message_amount(754, CHIPS, 1), message_amount(1500, PLAY, 1)
    ('754', '1500')
    >>> message_amount(135000, CHIPS, 100), message_amount(12500, CHIPS, 1000)
    ('1350', '12.5')
    >>> message_amount(-5, CHIPS, 100)
    '-0.05'
    """
    if currency != CHIPS and currency != PLAY:
        return format_amount(amount, currency, unit)
    if unit == 1:
        return str(amount)
    sign = "-" if amount < 0 else ""
    whole, part = divmod(abs(amount), unit)
    decimals = f"{part:0{len(str(unit - 1))}d}".rstrip("0")
    return f"{sign}{whole}.{decimals}" if decimals else f"{sign}{whole}"


def unit_name(currency: str, unit: int) -> str:
    """How a page names a unit where two share a currency's name: chips counted in
    hundredths (KingsClub's, a tournament's in cents) are ``chips in cents``, as the
    house format writes them; money is named by its currency alone.

    >>> unit_name("USD", 100), unit_name("chips", 1), unit_name("chips", 100)
    ('USD', 'chips', 'chips in cents')

    A PHH hand whose amounts need more decimals than cents is counted in a finer unit,
    which its rows keep apart from the cents of the same money:

    >>> unit_name("USD", 1000), unit_name("chips", 1000)
    ('USD in 1/1000', 'chips in 1/1000')
    """
    if unit > 100:
        return f"{currency} in 1/{unit}"
    return f"{currency} in cents" if currency == CHIPS and unit == 100 else currency


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
    return first if first in RULESET_SITES else ""


def currency_of(hand: Hand) -> str:
    """``USD``, ``EUR``... for money (read from the ruleset's name while the reader
    does not say it), else chips: a tournament's, a home game's, and amounts whose
    money no line names (KingsClub's cents: docs/format.md), which are never taken
    for a currency and so never added to one."""
    if hand.currency:
        return hand.currency
    if hand.unit == 1 or (hand.site and hand.tournament):   # a tournament's chips, in cents
        return CHIPS
    code = _CODE.search(hand.ruleset.name)
    symbol = next((code for code, sign in SYMBOLS.items() if sign in hand.ruleset.name), CHIPS)
    return code.group(1) if code else symbol


def kind_of(hand: Hand, site: str, currency: str) -> str:
    """``tournament`` (the log names one, or a site's whole chips), ``home`` (a house
    log, or whole chips of a site whose tournaments are named, PHH's, that name none) or
    ``cash``: a site's ring table, its money named, or cents whose money no line names
    (KingsClub's), which are chips but no tournament's."""
    if hand.tournament:
        return "tournament"
    if not site:
        return "home"
    if currency != CHIPS or hand.unit != 1:
        return "cash"
    return "home" if site in TOURNAMENTS_NAMED_SITES else "tournament"


#: The same three derivations in SQL, over v1 rows (hands: ruleset, unit), for
#: the migration; tests check they agree with the functions above.
SITE_SQL = (f"CASE WHEN split_part(ruleset, ' ', 1) IN ({', '.join(repr(s) for s in RULESET_SITES)}) "
            "THEN split_part(ruleset, ' ', 1) ELSE '' END")
CURRENCY_SQL = (f"CASE WHEN unit = 1 THEN '{CHIPS}' ELSE coalesce(nullif(regexp_extract("
                r"ruleset, '\b([A-Z]{3})\s*$', 1), ''), CASE WHEN ruleset LIKE '%$%' THEN 'USD' "
                "WHEN ruleset LIKE '%€%' THEN 'EUR' WHEN ruleset LIKE '%£%' THEN 'GBP' "
                f"ELSE '{CHIPS}' END) END")
KIND_SQL = (f"CASE WHEN site = '' THEN 'home' WHEN currency <> '{CHIPS}' OR unit <> 1 "
            f"THEN 'cash' WHEN site IN ({', '.join(repr(s) for s in TOURNAMENTS_NAMED_SITES)}) "
            "THEN 'home' ELSE 'tournament' END")


class BuyIn(NamedTuple):
    """A tournament's price, in the smallest unit of ``currency`` (cents): ``amount``
    goes to the prize pool (a bounty included), ``fee`` to the site (None: the text
    names one sum, its parts unknown)."""

    amount: int
    fee: int | None
    currency: str

    @property
    def cost(self) -> int:
        """What a player pays to enter."""
        return self.amount + (self.fee or 0)


#: What a buy-in may count in beside money, each its own currency (never added to one):
#: play chips, the sites' points (PokerStars' FPP and StarsCoin, Full Tilt's FTP) and Full
#: Tilt's tournament dollars, as a summary (``Buy-In: 100 FPP``), a PokerStars hand
#: (``Tournament #1, 9FPP Badugi Limit``, ``5 SC``) or a Full Tilt tournament's name
#: (``250 Play Money Sit & Go``) writes them.
BUY_IN_UNITS = {"Play Chips": "PLAY", "Play Chip": "PLAY", "Play Money": "PLAY", "FPP": "FPP",
                "FTP": "FTP", "SC": "SC", "T$": "T$"}
BUY_IN_UNIT = r"Play Chips?|Play Money|FPP|FTP|SC|T\$"
_BUY_IN_UNIT_WORD = re.compile(rf"\s*(?P<unit>{BUY_IN_UNIT})(?=[\s+/]|$)")
_MONEY_SIGN_OR_CODE = re.compile(r"[$€£]|[A-Z]{3}|[Ff]reeroll")


def written_buy_in(text: str, *, bare_is_play: bool) -> BuyIn | None:
    """A buy-in with what it is counted in: a unit's word (``100 FPP``, ``9FPP``: FPP),
    the rupee's sign (INR), else the sign or code :func:`buy_in_parts` reads. Where
    ``bare_is_play`` (PokerStars': a summary's ``300/20``, a home game's ``100+9`` in a
    hand's header), a buy-in with neither sign, code nor unit is play money.

    >>> written_buy_in("9FPP", bare_is_play=True), written_buy_in("100+9", bare_is_play=True)
    (BuyIn(amount=900, fee=None, currency='FPP'), BuyIn(amount=10000, fee=900, currency='PLAY'))
    >>> written_buy_in("250 Play Money", bare_is_play=False)
    BuyIn(amount=25000, fee=None, currency='PLAY')
    """
    units = {BUY_IN_UNITS[word["unit"]] for word in _BUY_IN_UNIT_WORD.finditer(text)}
    bare = _BUY_IN_UNIT_WORD.sub(" ", text) if len(units) == 1 else text
    parts = buy_in_parts(bare.replace("₹", "").removesuffix(" INR").strip()
                         if "₹" in bare else bare)
    if parts is None:
        return None
    return parts._replace(currency=(
        units.pop() if units else "INR" if "₹" in text
        else "PLAY" if bare_is_play and not _MONEY_SIGN_OR_CODE.search(text)
        else parts.currency))


_BUY_IN_PART = re.compile(r"\s*(?P<before>[$€£]?)\s*(?P<number>\d[\d,]*(?:\.\d+)?)"
                          r"\s*(?P<after>[$€£]?)\s*")
_BUY_IN_CODE = re.compile(r"\s+(?P<code>[A-Z]{3})\s*$")


def buy_in_parts(text: str) -> BuyIn | None:
    """A buy-in as a log or a summary writes it: parts joined by ``+`` (hands) or ``/``
    (summaries), the last the fee, a code or a sign for the currency; None for text
    that is no such buy-in. A freeroll costs nothing.

    >>> buy_in_parts("$1.00+$0.20 USD"), buy_in_parts("$10")
    (BuyIn(amount=100, fee=20, currency='USD'), BuyIn(amount=1000, fee=None, currency='USD'))
    >>> buy_in_parts("€9.04/€0.96 EUR"), buy_in_parts("$10.00/$2.50/$0.50 USD").cost
    (BuyIn(amount=904, fee=96, currency='EUR'), 1300)
    >>> buy_in_parts("Freeroll"), buy_in_parts("a ticket")
    (BuyIn(amount=0, fee=0, currency='USD'), None)
    """
    if text.strip().casefold() == "freeroll":
        return BuyIn(0, 0, "USD")
    code = _BUY_IN_CODE.search(text)
    body = text[:code.start()] if code else text
    parts = [_BUY_IN_PART.fullmatch(part) for part in re.split(r"[+/]", body)]
    if not parts or any(part is None for part in parts):
        return None
    found = [part for part in parts if part is not None]
    signs = {part["before"] or part["after"] for part in found} - {""}
    by_sign = next((name for name, sign in SYMBOLS.items() if sign in signs), None)
    currency = code["code"] if code else by_sign or "USD"
    cents = [round(Decimal(part["number"].replace(",", "")) * 100) for part in found]
    if len(cents) == 1:
        return BuyIn(cents[0], None, currency)
    return BuyIn(sum(cents[:-1]), cents[-1], currency)
