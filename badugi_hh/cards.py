"""Playing cards: a 52-card deck with the ace low (rule G2).

A :class:`Card` is an ``int`` from 0 to 51, so the evaluator can index tables
with it directly, yet it prints and parses like a card:

>>> card = parse_card("Td")
>>> card, card.rank, card.suit_symbol
(Td, 10, '♦')
>>> parse_card("10♦") == card == parse_card("td")
True
>>> parse_cards("As 2h 3d Kd")
(As, 2h, 3d, Kd)
>>> parse_card("Xx")
Traceback (most recent call last):
...
badugi_hh.cards.CardError: 'Xx' is not a card: expected a rank (A 2-9 T/10 J Q K) and a suit (s h d c or ♠ ♥ ♦ ♣)

Jokers are not part of the deck; :data:`JOKER` exists so that a log that
names one can be read and reported under G2 rather than rejected unread.
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = [
    "Card", "CardError", "DECK", "JOKER", "RANKS", "SUITS",
    "parse_card", "parse_cards", "format_cards", "rank_name",
]

#: Ranks from low to high; index + 1 is the numeric rank (ace = 1).
RANKS = "A23456789TJQK"
#: Suits in the order of rule G2: spades, hearts, diamonds, clubs.
SUITS = "shdc"
SUIT_SYMBOLS = "♠♥♦♣"

_RANK_BY_TEXT = {ch: i + 1 for i, ch in enumerate(RANKS)}
_RANK_BY_TEXT.update({ch.lower(): r for ch, r in _RANK_BY_TEXT.items()})
_RANK_BY_TEXT["10"] = 10
_SUIT_BY_TEXT = {ch: i for i, ch in enumerate(SUITS)}
_SUIT_BY_TEXT.update({ch.upper(): i for i, ch in enumerate(SUITS)})
_SUIT_BY_TEXT.update({ch: i for i, ch in enumerate(SUIT_SYMBOLS)})
# Some sites and editors write the outline forms of the suit symbols.
_SUIT_BY_TEXT.update({ch: i for i, ch in enumerate("♤♡♢♧")})

_JOKER_NAMES = frozenset({"jk", "jo", "joker", "🃏", "xj"})


class CardError(ValueError):
    """Text that does not name a card of the deck."""


class Card(int):
    """One card of the 52-card deck, as an integer ``(rank - 1) * 4 + suit``."""

    __slots__ = ()

    def __new__(cls, value: int) -> Card:
        if not 0 <= value <= 52:
            raise CardError(f"card index {value} outside 0..52")
        return super().__new__(cls, value)

    @classmethod
    def of(cls, rank: int, suit: int) -> Card:
        """The card of ``rank`` (1 = ace ... 13 = king) and ``suit`` (0..3, s h d c)."""
        return _CARDS[(rank - 1) * 4 + suit]

    @property
    def rank(self) -> int:
        """1 for the ace up to 13 for the king (ace always low, G2)."""
        return self // 4 + 1

    @property
    def suit(self) -> int:
        """0 spades, 1 hearts, 2 diamonds, 3 clubs."""
        return self % 4

    @property
    def is_joker(self) -> bool:
        return self == 52

    @property
    def suit_symbol(self) -> str:
        return SUIT_SYMBOLS[self.suit]

    def __str__(self) -> str:
        if self.is_joker:
            return "Jk"
        return RANKS[self // 4] + SUITS[self % 4]

    __repr__ = __str__


_CARDS = tuple(int.__new__(Card, i) for i in range(53))
#: The 52-card deck, ace of spades first.
DECK: tuple[Card, ...] = _CARDS[:52]
#: Not a card of the deck (G2); only ever produced so it can be reported.
JOKER: Card = _CARDS[52]


def parse_card(text: str, *, allow_joker: bool = False) -> Card:
    """Parse ``As``, ``Td``, ``10d``, ``A♠`` or ``ah`` into a :class:`Card`."""
    token = text.strip()
    if allow_joker and token.lower() in _JOKER_NAMES:
        return JOKER
    rank = _RANK_BY_TEXT.get(token[:-1])
    suit = _SUIT_BY_TEXT.get(token[-1:])
    if rank is None or suit is None:
        raise CardError(
            f"{text!r} is not a card: expected a rank (A 2-9 T/10 J Q K) "
            "and a suit (s h d c or ♠ ♥ ♦ ♣)")
    return _CARDS[(rank - 1) * 4 + suit]


def parse_cards(text: str, *, allow_joker: bool = False) -> tuple[Card, ...]:
    """Parse whitespace- or comma-separated cards, e.g. ``"As 2h 3d Kd"``."""
    return tuple(parse_card(t, allow_joker=allow_joker)
                 for t in text.replace(",", " ").split())


def format_cards(cards: Iterable[Card | None]) -> str:
    """Cards as text, ``??`` for a card nobody saw."""
    return " ".join("??" if c is None else str(c) for c in cards)


def rank_name(rank: int) -> str:
    """``A``, ``2`` ... ``10`` (written out, as players say it), ``J``, ``Q``, ``K``."""
    return "10" if rank == 10 else RANKS[rank - 1]
