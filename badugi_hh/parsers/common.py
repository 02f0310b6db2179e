"""What every reader shares: the error of a line, the bounds, names, numbers, amounts, cards.

No reader of a site imports another dialect: the house format, the five sites,
Merge's XML and PHH all take their basics from here.

>>> read_number(Token("INT", "1285")), read_count(Token("INT", "5"))
(1285, 5)
>>> DOLLARS = AmountFormat(signs="$", bare="chips")
>>> DOLLARS("$1,285.50"), DOLLARS("1,500"), DOLLARS("0.25")
(128550, 1500, 25)
>>> excerpt("x" * 1000, 500)[:12], len(excerpt("x" * 1000, 500))
('...xxxxxxxxx', 206)
"""

from __future__ import annotations

import functools
import hashlib
import os
import re
import sys
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal, NoReturn

import lark
from lark import Lark, Token
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from badugi_hh.cards import Card, parse_card
from badugi_hh.compiled import PURE_PYTHON_VARIABLE
from badugi_hh.events import Cards, Event
from badugi_hh.games import game_for_site_name
from badugi_hh.rules import Game
from badugi_hh.user_cache import cache_file

__all__ = ["CENTS", "CURRENCY_SIGNS", "MAX_AMOUNT", "MAX_COUNT", "MAX_HAND_LINES",
           "MAX_KEPT_TEXT", "MAX_NAME", "AmountFormat", "EventFactory", "LineError", "Wording", "bounded",
           "bounded_money", "dated", "damage_before", "damage_message", "excerpt", "game_read",
           "kept_text", "lalr_parser", "money", "parse_with", "read_cards", "read_count",
           "read_name", "read_number", "reader_kind"]

#: The bounds on what a log controls (docs/format.md, "Limits"). An amount above
#: MAX_AMOUNT (of the smallest unit) would not fit the store's 64-bit columns once
#: summed; a count above MAX_COUNT (a deck) would make a reader allocate what the
#: log asks for; a name above MAX_NAME characters is no player's.
MAX_AMOUNT = 10**15
MAX_COUNT = 52
MAX_NAME = 200
#: The most lines a hand (a site's hand, a house hand, a Merge ``<game>``, a PHH
#: hand) may take: a longer one has lost the next hand's first line, and holding it
#: whole would let one broken file take any amount of memory.
MAX_HAND_LINES = 2000
#: The most characters a hand read as a whole may hold (a PHH hand, a Merge
#: ``<game>``, where a few long lines could otherwise hold any amount of memory);
#: a real one holds a few kilobytes.
MAX_HAND_CHARACTERS = 1 << 20

#: The first and last moments a log may date a hand: any zone moves a time by at most a
#: day (UTC-12 to UTC+14), so a date a day from the calendar's ends (1 January of year
#: 1, 31 December 9999) could not be placed in UTC, nor a day be told around it.
FIRST_DATE = datetime(2, 1, 1)
LAST_DATE = datetime(9998, 12, 31, 23, 59, 59)

#: Site amounts are money (or chips with cents): stored in hundredths.
CENTS = 100
#: The currency of an amount written with a sign (``$0.25``, ``0.50€``).
CURRENCY_SIGNS = {"$": "USD", "€": "EUR", "£": "GBP"}

#: An event of a line, waiting for its line number: ``make(line=7)``.
EventFactory = Callable[..., Event]


#: The longest message an error gives (its line's excerpt is kept apart).
MAX_MESSAGE = 1000


class LineError(Exception):
    """A line that cannot be read, at ``column`` (1-based; 0: the whole line).

    ``line`` is filled in by the reader, which knows where the text was. A message
    that quotes what the log holds is cut to :data:`MAX_MESSAGE` characters: a log may
    give a seat or a name of a megabyte.

    >>> len(LineError(f"seat {'1' * 10**6!r} acts, but nobody sits there", 1).message)
    1003
    """

    def __init__(self, message: str, column: int | None, line: int = 0) -> None:
        message = excerpt(message, side=MAX_MESSAGE // 2)
        super().__init__(message)
        self.message = message
        self.column = column or 0
        self.line = line

    def __str__(self) -> str:
        return self.message


def game_read(site: str, name: str) -> Game | None:
    """The id of the game ``site`` calls ``name``, as the game registry has it
    (:func:`badugi_hh.games.game_for_site_name`); None for a game the readers skip.

    >>> game_read("merge", "67"), game_read("winamax", "Holdem")
    ('27td', None)
    """
    game = game_for_site_name(site, name)
    return None if game is None else game.id


# -- numbers and names -------------------------------------------------------------------

def bounded(value: int, most: int, column: int, what: str = "number") -> int:
    """``value`` if its size is at most ``most``, else a :class:`LineError` at ``column``.

    >>> bounded(-5, 10, 3)
    -5
    >>> bounded(10**16, MAX_AMOUNT, 7)
    Traceback (most recent call last):
    badugi_hh.parsers.common.LineError: the number 10000000000000000 is more than 10^15
    """
    if abs(value) <= most:
        return value
    raise LineError(f"the {what} {value} is more than {_power(most)}", column)


def dated(moment: datetime) -> datetime:
    """The moment a log states, if it lies within :data:`FIRST_DATE` and
    :data:`LAST_DATE`; else a :class:`ValueError` saying why, which each reader reports
    at the date's column, as it does a date that does not exist.

    >>> dated(datetime(2026, 11, 27, 20, 0))
    datetime.datetime(2026, 11, 27, 20, 0)
    >>> dated(datetime(9999, 12, 31, 23, 59))
    Traceback (most recent call last):
    ValueError: the year 9999 is out of range (years 2 to 9998: a time zone moves a time by up to a day)
    """
    if not FIRST_DATE <= (moment if moment.tzinfo is None else moment.replace(tzinfo=None)) \
            <= LAST_DATE:
        raise ValueError(f"the year {moment.year} is out of range (years {FIRST_DATE.year} "
                         f"to {LAST_DATE.year}: a time zone moves a time by up to a day)")
    return moment


def _power(number: int) -> str:
    """10^15 for 1000000000000000, other numbers as they are."""
    text = str(number)
    return f"10^{len(text) - 1}" if text.strip("0") == "1" and number >= 1000 else text


def _int(token: Token | str, most: int, what: str) -> int:
    """The number a token states, refused before ``int()`` when it has too many digits
    (Python refuses more than 4,300, and no bound here needs more than 20)."""
    column = getattr(token, "column", 0) or 0
    digits = str(token).lstrip("+-")
    if len(digits) > 20:
        raise LineError(f"the {what} of {len(digits)} digits is more than {_power(most)}",
                        column)
    return bounded(int(token), most, column, what)


def read_number(token: Token | str) -> int:
    """An amount, a stack, a hand, seat or street number: at most :data:`MAX_AMOUNT`."""
    return _int(token, MAX_AMOUNT, "number")


def read_count(token: Token | str) -> int:
    """A count of cards, draws or players: at most :data:`MAX_COUNT`."""
    return _int(token, MAX_COUNT, "count")


def read_name(token: Token | str) -> str:
    """A player's name, at most :data:`MAX_NAME` characters."""
    if len(token) > MAX_NAME:
        raise LineError(f"a name of {len(token)} characters is longer than {MAX_NAME}",
                        getattr(token, "column", 0) or 0)
    return str(token)


# -- amounts -----------------------------------------------------------------------------

def bounded_money(whole: str, cents: str | None) -> int:
    """Cents, at most MAX_AMOUNT: more would not fit the store once summed; the digits
    are counted before ``int()``, which refuses more than 4,300 of them.

    >>> bounded_money("1,285", "5")
    128550
    >>> bounded_money("9" * 5000, None)
    Traceback (most recent call last):
    ValueError: an amount of 5000 digits is more than 10^15 cents
    """
    digits = whole.replace(",", "")
    if len(digits) > 20:
        raise ValueError(f"an amount of {len(digits)} digits is more than 10^15 cents")
    amount = int(digits) * CENTS + int((cents or "0").ljust(2, "0"))
    if amount > MAX_AMOUNT:
        raise ValueError(f"the amount {amount} cents is more than 10^15")
    return amount


@dataclass(frozen=True, slots=True)
class AmountFormat:
    """How a site writes an amount: the one amount parser, set by each site.

    ``signs`` are the currency marks that may come before or after the number
    (``$0.25``, ``0.50€``), ``prefixes`` longer ones (``Rs.``). An amount with a
    mark or with decimals is money, read in cents; a bare whole number is chips as
    written when ``bare`` is ``"chips"`` (PokerStars' and Full Tilt's tournaments),
    else cents too (KingsClub, Merge, Winamax write every amount so). ``scales``
    are suffixes that multiply (``500K``, ``6.02k``); ``negative``: a leading ``-``
    (a net result, Winamax's odd raise increment) is read.

    >>> AmountFormat(signs="€$", bare="cents", scales={"k": 1000})("6.02k")
    602000
    >>> AmountFormat(bare="chips", scales={"K": 1000})("500K")
    500000
    >>> AmountFormat()("1.234")
    Traceback (most recent call last):
    ValueError: '1.234' is not an amount
    """

    signs: str = "$€£"
    prefixes: tuple[str, ...] = ()
    bare: Literal["chips", "cents"] = "cents"
    scales: Mapping[str, int] = field(default_factory=dict)
    negative: bool = False

    def __call__(self, text: str) -> int:
        token = str(text)
        if self.bare == "chips" and token.isdecimal() and len(token) < 16:
            return int(token)   # the common case: chips, within MAX_AMOUNT by their length
        if (plain := _PLAIN_MONEY.fullmatch(token)) is not None:
            return int(plain[1]) * CENTS + int(plain[2])   # the other: 32.80, read in cents
        if token[:1] and token[:1] in self.signs and token[-1:] not in self.scales \
                and (plain := _PLAIN_MONEY.fullmatch(token, 1)) is not None:
            return int(plain[1]) * CENTS + int(plain[2])   # and $32.80
        return self._parse(token.strip())

    def _parse(self, text: str) -> int:
        body, sign = (text[1:], -1) if self.negative and text.startswith("-") else (text, 1)
        marked = False
        for prefix in self.prefixes:
            if body.startswith(prefix):
                body, marked = body[len(prefix):].lstrip(), True
        if body[:1] in self.signs and body[:1]:
            body, marked = body[1:], True
        elif body[-1:] in self.signs and body[-1:]:
            body, marked = body[:-1], True
        scale = self.scales.get(body[-1:], 1) if body else 1
        if scale != 1:
            body = body[:-1]
        match = _AMOUNT.fullmatch(body)
        if match is None:
            raise ValueError(f"{text[:30]!r} is not an amount")
        whole, cents = match.groups()
        if self.bare == "chips" and not marked and cents is None:
            amount = read_number(whole.replace(",", "")) * scale
        else:
            amount = bounded_money(whole, cents) * scale
        if amount > MAX_AMOUNT:
            raise ValueError(f"{text[:30]!r} is more than 10^15")
        return sign * amount


_AMOUNT = re.compile(r"(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?")
#: Money written with cents and nothing else, within MAX_AMOUNT by its length.
_PLAIN_MONEY = re.compile(r"(\d{1,12})\.(\d\d)")
_SIGNED_MONEY = AmountFormat(negative=True)


def money(text: str) -> int:
    """An amount as a site writes money (``$0.10``, ``1,285``, ``+298.25``), in cents.

    >>> money("$1,285.50"), money("928.25"), money("-270"), money("+5")
    (128550, 92825, -27000, 500)
    """
    return _SIGNED_MONEY(text.strip().removeprefix("+"))


# -- cards ---------------------------------------------------------------------------------

def read_cards(token: Token | str, hidden: str | None = None) -> Cards:
    """The cards of a bracketed list such as ``[7s 4s 7h 5c]``; ``hidden`` is an unseen card.

    A word that is not a card is a :class:`LineError` at its own column.

    >>> read_cards(Token("CARDS", "[As X 2h]", column=5), hidden="X")
    (As, None, 2h)
    """
    cards: list[Card | None] = []
    column = getattr(token, "column", 1) or 1
    for word in re.finditer(r"[^\s\[\]]+", token):
        text = word.group()
        try:
            cards.append(None if text == hidden else _card(text))
        except ValueError:
            _not_a_card(text, column + word.start(), hidden)
    return tuple(cards)


@functools.cache
def _card(text: str) -> Card:
    return parse_card(text)


def _not_a_card(text: str, column: int, hidden: str | None) -> NoReturn:
    unseen = f" or {hidden} for a hidden card" if hidden else ""
    raise LineError(f"expected a card such as As or Td{unseen}, got {text[:20]!r}", column)


# -- what an error keeps of its line ---------------------------------------------------------

#: How many characters of a line an error keeps on each side of its column.
EXCERPT_SIDE = 100
#: The most characters of a lost hand an error keeps: a hand's text, as written, is
#: kept to be fixed and read again, but a hand is never this long.
MAX_KEPT_TEXT = 1 << 16


def excerpt(text: str, column: int = 0, side: int = EXCERPT_SIDE) -> str:
    """At most ``2 * side`` characters of ``text`` around ``column`` (1-based; 0: its start),
    with ``...`` where it is cut: an error's copy of its line stays small whatever the
    line (a Merge line may hold 800 KB of elements, each of them an error).

    >>> excerpt("Ana: folds")
    'Ana: folds'
    >>> excerpt("a" * 300 + "BAD" + "b" * 300, 301, side=5)
    '...aaaaaBADbb...'
    """
    if len(text) <= 2 * side:
        return text
    start = max(0, min(column - 1 - side, len(text) - 2 * side)) if column else 0
    end = start + 2 * side
    return ("..." if start else "") + text[start:end] + ("..." if end < len(text) else "")


def kept_text(text: str) -> str:
    """The text of a lost hand as an error keeps it: whole, up to :data:`MAX_KEPT_TEXT`.

    >>> kept_text("Hand #1"), len(kept_text("x" * 100_000))
    ('Hand #1', 65539)
    """
    return text if len(text) <= MAX_KEPT_TEXT else text[:MAX_KEPT_TEXT] + "..."


# -- damage before a header -------------------------------------------------------------------

#: What may come before a hand's first line and is not text: invisible and control
#: characters, a byte that was not UTF-8, blanks.
#: What may come before a header in a damaged file: anything but visible ASCII.
DAMAGE = re.compile(r"[^\x21-\x7e]*")


def damage_before(text: str) -> int:
    """How many characters before the first visible ASCII one: what a header may be
    preceded by when a file is damaged (U+FEFF, NBSP, ZWSP, RLO, a form feed...).

    >>> damage_before("\\u200bHand #3"), damage_before("Hand #3"), damage_before(" \\tHand")
    (1, 0, 2)
    """
    return DAMAGE.match(text).end()  # type: ignore[union-attr]


def damage_message(text: str, width: int, what: str = "hand") -> str | None:
    """What an error says of the ``width`` characters before a header, or None when they
    are blanks only (which no reader minds).

    >>> damage_message("\\u200b\\u202eHand #3", 2)
    "characters that are not text (U+200B ZERO WIDTH SPACE, U+202E RIGHT-TO-LEFT OVERRIDE) \
before the hand's first line: they are left out and the hand is read"
    """
    marks = [character for character in text[:width] if character not in " \t"]
    if not marks:
        return None
    shown = ", ".join(f"U+{ord(mark):04X} {unicodedata.name(mark, 'a control character')}"
                      for mark in marks[:3]) + (", ..." if len(marks) > 3 else "")
    return (f"characters that are not text ({shown}) before the {what}'s first line: they "
            f"are left out and the {what} is read")


# -- syntax errors in words ---------------------------------------------------------------------

#: What an error quotes of the text where it is: a word, or one mark.
_WORD = re.compile(r"[^\s()\[\],]+|\S")


@dataclass(frozen=True, slots=True)
class Wording:
    """How syntax errors say what a dialect's grammar expected.

    ``terminals`` names the grammar's named terminals as a reader would;
    ``places`` are (a terminal only one place in a line expects, the words for
    everything that fits there), such as the verbs after ``Player3:``;
    ``any_line`` is said instead of a list of more than six things.
    """

    terminals: dict[str, str]
    places: tuple[tuple[str, str], ...] = ()
    any_line: str | None = None


def reader_kind() -> Literal["compiled", "python"]:
    """How the grammars' LALR parsers run: ``"compiled"`` (by lark-cython, Lark's lexer
    and parser compiled to C: the same results about twice as fast) where it is
    installed and ``BADUGI_HH_PURE_PYTHON`` is not set, else ``"python"`` (Lark alone).

    >>> reader_kind() in ("compiled", "python")
    True
    """
    if os.environ.get(PURE_PYTHON_VARIABLE, "") not in ("", "0"):
        return "python"
    try:
        import lark_cython  # noqa: F401  (only whether it is there)
    except ImportError:
        return "python"
    return "compiled"


def lalr_parser(grammar: str, cache_name: str | None = None, **options: Any) -> Lark:
    """A LALR parser of ``grammar`` that builds results with ``options["transformer"]``
    as it parses, run by lark-cython where :func:`reader_kind` says so.

    ``cache_name``: the grammar's tables are kept in this user's cache folder under that
    name (:mod:`badugi_hh.user_cache`), and loaded from there by the next process: Lark
    checks that the file holds this grammar (and the files it imports) with these
    options, for this Lark and Python, and builds the tables again (and keeps them)
    where it does not; a damaged file, or one that cannot be read or written, costs the
    build, never an error.

    lark-cython's tokens are not ``str``; the transformers read a token as text (slice
    it, compare it, ``int()`` it), so each token a rule passes to its transformer
    method is made a :class:`lark.Token` first: every transformer works with either
    parser, and gives the same results (tests/test_compiled_readers.py).

    >>> from lark import Transformer
    >>> class Amount(Transformer):
    ...     def start(self, children):
    ...         return int(children[0])   # a token read as text, by either parser
    >>> lalr_parser("start: /[0-9]+/", transformer=Amount()).parse("1285")
    1285
    """
    kind = reader_kind()
    if cache_name is None:
        return _lalr_parser(grammar, kind, options)
    # a file per grammar, options (an import path is the install's), Lark and Python: two
    # installs or interpreters beside each other keep a file each rather than rebuild
    # each other's in turn
    digest = hashlib.sha256(repr((grammar, sorted(
        (name, str(value)) for name, value in options.items() if name != "transformer"),
        lark.__version__, sys.version_info[:2])).encode()).hexdigest()[:12]
    with cache_file(f"grammar-{cache_name}-{kind}-{digest}.lark") as cached:
        return _lalr_parser(grammar, kind, options if cached is None
                            else {**options, "cache": cached})


def _lalr_parser(grammar: str, kind: Literal["compiled", "python"],
                 options: dict[str, Any]) -> Lark:
    if kind == "python":
        return Lark(grammar, parser="lalr", **options)
    import lark_cython

    parser = Lark(grammar, parser="lalr", _plugins=lark_cython.plugins, **options)
    # Lark keeps its rules' callbacks in this dict, the one the compiled parser calls
    # (a terminal's own callback, keyed by its name, gets lark-cython's token as it must).
    # A Lark that keeps them elsewhere gets Lark's own parser: slower, never wrong.
    callbacks = getattr(parser, "_callbacks", None)
    if not isinstance(callbacks, dict):
        options.pop("cache", None)   # (the file is the compiled parser's)
        return Lark(grammar, parser="lalr", **options)
    for rule, callback in callbacks.items():
        if not isinstance(rule, str):
            callbacks[rule] = _given_lark_tokens(callback, lark_cython.Token)
    return parser


def _given_lark_tokens(callback: Callable[[list[Any]], object],
                       compiled_token: Any) -> Callable[[list[Any]], object]:
    def with_lark_tokens(children: list[Any]) -> object:
        return callback([Token(child.type, child.value, child.start_pos, child.line,
                               child.column, child.end_line, child.end_column, child.end_pos)
                         if type(child) is compiled_token else child for child in children])
    return with_lark_tokens


def parse_with(parser: Lark, text: str, start: str, wording: Wording) -> object:
    """Parse ``text`` from ``start``; a syntax error becomes a :class:`LineError`."""
    try:
        return parser.parse(text, start=start)
    except UnexpectedInput as error:
        raise _explain(error, text, parser, wording) from None
    except ValueError as error:   # an amount the transformer refused
        raise LineError(str(error), 1) from None


def _explain(error: UnexpectedInput, text: str, parser: Lark, wording: Wording) -> LineError:
    if isinstance(error, UnexpectedToken):
        expected = error.expected
    elif isinstance(error, UnexpectedCharacters):
        expected = error.allowed
    else:
        expected = set()
    if "CARDS" in expected and text[error.column - 1:error.column] == "[":
        _explain_cards(text, error.column)
    wanted = next((words for terminal, words in wording.places if terminal in expected), None)
    if wanted is None:
        wanted = _one_of(expected, parser, wording)
    if isinstance(error, UnexpectedToken) and error.token.type == "$END":
        return LineError(f"expected {wanted}, but the line ends there", len(text.rstrip()) + 1)
    word = _WORD.match(text, error.column - 1)
    got = word.group() if word else text[error.column - 1:error.column]
    return LineError(f"expected {wanted}, got {got[:20]!r}", error.column)


def _explain_cards(text: str, column: int) -> None:
    """Raise :class:`LineError` at what is wrong in a list of cards the grammar rejects.

    A grammar whose ``CARDS`` admits only cards (PokerStars') rejects a list
    with a word that is not a card: :func:`read_cards` points at the word.
    """
    end = text.find("]", column)
    if end < 0:
        raise LineError("expected ']' after the cards", len(text.rstrip()) + 1)
    read_cards(Token("CARDS", text[column - 1:end + 1], column=column))


def _one_of(expected: set[str], parser: Lark, wording: Wording) -> str:
    """The terminals Lark expected, in words: ``a number or 'chips'``."""
    named = sorted(wording.terminals[name] for name in expected if name in wording.terminals)
    keywords = sorted(repr(parser.get_terminal(name).pattern.value)
                      for name in expected if name not in wording.terminals
                      and not name.startswith("$") and name != "<END-OF-FILE>")
    if "$END" in expected or "<END-OF-FILE>" in expected:
        keywords.append("the end of the line")
    if wording.any_line is not None and len(named) + len(keywords) > 6:
        return wording.any_line
    *others, last = named + keywords or ["something else"]
    return f"{', '.join(others)} or {last}" if others else last
