"""KingsClub's limit Badugi hand histories (docs/format.md): a streaming reader.

>>> log = '''#7: Limit Badugi - 30/60
... 2020-10-30 19:53:19
... Table 'T' Seat 1 is the button
... Seat 1: Ana (1,285)
... Seat 2: Bruno (630)
... *** 1ST BETTING ROUND ***
... Ana: posts the small blind 15
... Bruno: posts the big blind 30
... Ana folds
... *** SUMMARY ***
... Seat 1: Ana (1,270) -15
... Seat 2: Bruno (645) +15
... Bruno wins pot (45)
... '''
>>> session, hand = read_kingsclub(log)
>>> hand.hand_id, hand.ruleset.small_blind, hand.unit, hand.events[0]
('kingsclub#7', 1500, 100, Seat(line=4, player='Ana', seat=1, stack=128500, in_hand=True))

Each line is parsed with ``grammar/kingsclub.lark``. KingsClub says a call
as the round's total it brings the caller to (``calls 90`` after raising to
60 adds 30); the reader keeps each player's chips in the round to turn that
into the :class:`~badugi_hh.events.Call` amount the engine checks (B7).
It states no pot total, only the rake: the hand's
:class:`~badugi_hh.events.PotTotal` has ``total=None``.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime

from lark import Lark, Token, Transformer, v_args

from badugi_hh.events import (
    Award, Bet, Button, Call, Check, Deal, Draw, Event, Fold, Hand, NetStated,
    PostBlind, PotTotal, Raise, Record, Seat, Show, StackStated, Street,
)
from badugi_hh.parsers.house import LineError
from badugi_hh.parsers.site import (
    CENTS, MAX_TABLE_SIZE, EventFactory, SiteHand, Wording, money, parse_at, parse_with,
    read_cards, read_site_log, site_ruleset, table_first,
)
from badugi_hh.parsers.text import LineBlock, LogText, Source, open_log
from badugi_hh.resources import grammar_path

__all__ = ["GRAMMAR_PATH", "kingsclub_parser", "parse_line", "read_kingsclub",
           "read_kingsclub_lines", "sniff"]

GRAMMAR_PATH = grammar_path("kingsclub.lark")

_HAND_START = re.compile(r"\s*#(\d+): ")
_ORDINALS = {"1ST": 1, "2ND": 2, "3RD": 3, "4TH": 4}

_WORDING = Wording({
    "NAME": "a player's name", "INT": "a number", "AMOUNT": "an amount such as 1,285",
    "SIGNED_AMOUNT": "a result such as +298.25 or -270", "BLIND": "small or big",
    "ORDINAL": "1ST, 2ND, 3RD or 4TH", "CARDS": "cards in brackets such as [8d 7s 8h 9d]",
    "QUOTED": "a table's name in single quotes", "DATE": "a date such as 2020-10-30",
    "TIME": "a time such as 19:53:19",
})


@dataclass(frozen=True, slots=True)
class Header:
    """The first line of a hand: its number and stakes."""

    number: int
    small_bet: int
    big_bet: int


@dataclass(frozen=True, slots=True)
class TableLine:
    """``Table 'Bronx  BT' Seat 1 is the button``."""

    name: str
    button: int


@dataclass(frozen=True, slots=True)
class CallTo:
    """``Hero calls 90``: a call up to a round total, made an amount by the reader."""

    to: int


@v_args(inline=True)
class KingsClubTransformer(Transformer):
    """Each line's result, built while Lark parses it (no tree is built)."""

    def header(self, number: Token, small: Token, big: Token) -> Header:
        return Header(int(number), money(small), money(big))

    def when(self, date: Token, time: Token) -> datetime:
        return datetime.strptime(f"{date} {time}", "%Y-%m-%d %H:%M:%S")

    def line(self, item: object = None) -> object:
        return item

    summary_line = line

    def table(self, name: Token, seat: Token) -> TableLine:
        return TableLine(name[1:-1], int(seat))

    def seat(self, number: Token, name: Token, stack: Token) -> EventFactory:
        return functools.partial(Seat, player=str(name), seat=int(number), stack=money(stack))

    def player_line(self, name: Token, verb: EventFactory | CallTo) -> object:
        if isinstance(verb, CallTo):
            return str(name), verb
        return functools.partial(verb, player=str(name))

    def posts(self, blind: Token, amount: Token) -> EventFactory:
        return functools.partial(PostBlind, amount=money(amount), kind=str(blind))

    def checks(self) -> EventFactory:
        return Check

    def folds(self) -> EventFactory:
        return Fold

    def calls(self, to: Token) -> CallTo:
        return CallTo(money(to))

    def bets(self, amount: Token) -> EventFactory:
        return functools.partial(Bet, amount=money(amount))

    def raises(self, to: Token) -> EventFactory:
        return functools.partial(Raise, to=money(to))

    def draws(self, count: Token) -> EventFactory:
        # Only the count: nobody's discards are shown, the hero's included.
        return functools.partial(Draw, discarded=(None,) * int(count))

    def shows(self, cards: Token) -> EventFactory:
        return functools.partial(Show, cards=read_cards(cards, "X"))

    def deal(self, name: Token, cards: Token) -> EventFactory:
        return functools.partial(Deal, player=str(name), cards=read_cards(cards, "X"))

    def betting_street(self, ordinal: Token) -> EventFactory:
        return functools.partial(Street, kind="betting", number=_ORDINALS[ordinal])

    def draw_street(self, ordinal: Token) -> EventFactory:
        return functools.partial(Street, kind="draw", number=_ORDINALS[ordinal])

    def summary_street(self) -> EventFactory:
        return functools.partial(Street, kind="summary")

    def seat_result(self, _number: Token, name: Token, stack: Token,
                    net: Token) -> tuple[EventFactory, ...]:
        return (functools.partial(StackStated, player=str(name), amount=money(stack)),
                functools.partial(NetStated, player=str(name), amount=money(net)))

    def rake(self, amount: Token) -> EventFactory:
        return functools.partial(PotTotal, total=None, rake=money(amount))

    def award(self, name: Token, amount: Token) -> EventFactory:
        return functools.partial(Award, player=str(name), amount=money(amount))


@functools.cache
def kingsclub_parser() -> Lark:
    """The grammar compiled once: LALR, building results while it parses."""
    return Lark(GRAMMAR_PATH.read_text(encoding="utf-8"), parser="lalr",
                transformer=KingsClubTransformer(),
                start=["header", "when", "line", "summary_line"])


@functools.lru_cache(maxsize=8192)
def parse_line(text: str, start: str) -> object:
    """One line parsed from ``start``, or :class:`LineError` (cached: lines repeat).

    >>> parse_line("Player1 bets 1,060.50", "line")(line=3)
    Bet(line=3, player='Player1', amount=106050, all_in=False)
    """
    return parse_with(kingsclub_parser(), text, start, _WORDING)


class _Hand:
    """The events of one hand as its lines are read."""

    def __init__(self) -> None:
        self.events: list[Event] = []
        self.table: TableLine | None = None
        self.round_in: dict[str, int] = {}   # each player's chips in the betting round

    def add(self, item: object, line: int) -> None:
        if isinstance(item, TableLine):
            self.table = item
            self.events.append(Button(seat=item.button, line=line))
        elif isinstance(item, tuple) and isinstance(item[1], CallTo):
            name, call = item
            self._add(Call(player=name, amount=call.to - self.round_in.get(name, 0), line=line))
        elif isinstance(item, tuple):
            for make in item:
                self._add(make(line=line))
        elif item is not None:
            self._add(item(line=line))  # type: ignore[operator]

    def _add(self, event: Event) -> None:
        self.events.append(event)
        kind = type(event)
        if kind is Street:
            self.round_in.clear()
        elif kind in (PostBlind, Bet, Call):
            name = event.player  # type: ignore[attr-defined]
            self.round_in[name] = self.round_in.get(name, 0) + event.amount  # type: ignore
        elif kind is Raise:
            self.round_in[event.player] = event.to  # type: ignore[attr-defined]


class KingsClubDialect:
    """Cuts a KingsClub log into hands and assembles each (see :mod:`.site`)."""

    first_line = "a hand's first line, such as '#37732805: Limit Badugi - 30/60'"

    def is_hand_start(self, text: str) -> bool:
        return text[:1] in "# \t" and _HAND_START.match(text) is not None

    def hand_name(self, block: LineBlock) -> str:
        match = _HAND_START.match(block.lines[0])
        return f"hand #{match.group(1)}" if match else f"the hand at line {block.start}"

    def assemble(self, block: LineBlock, source: str) -> SiteHand:
        header: Header = parse_at(parse_line, block.lines[0], "header", block.start)  # type: ignore
        if len(block.lines) < 2:
            raise LineError("expected the date and time after the hand's first line", 0,
                            block.start)
        started_at = parse_at(parse_line, block.lines[1], "when", block.start + 1)
        hand = _Hand()
        start = "line"
        for number, text in block.numbered(2):
            item = parse_at(parse_line, text, start, number)
            hand.add(item, number)
            if hand.events and type(last := hand.events[-1]) is Street and last.kind == "summary":
                start = "summary_line"
        if hand.table is None:
            raise LineError("the hand has no line such as \"Table 'T' Seat 1 is the button\"",
                            0, block.start + 2)
        if not any(type(event) is Award for event in hand.events):
            raise LineError("the hand ends without a line such as 'Hero wins pot (568.25)'",
                            0, block.last_line)
        ruleset = site_ruleset("kingsclub", header.small_bet, header.big_bet, MAX_TABLE_SIZE)
        return SiteHand(Hand(hand_id=f"kingsclub#{header.number}", number=header.number,
                             ruleset=ruleset, events=table_first(hand.events), source=source,
                             line=block.start, started_at=started_at,  # type: ignore
                             unit=CENTS),
                        hand.table.name)


def read_kingsclub_lines(log: LogText) -> Iterator[Record]:
    """The records of a KingsClub log opened with :func:`~badugi_hh.parsers.text.open_log`."""
    return read_site_log(KingsClubDialect(), log)


def read_kingsclub(source: Source, name: str | None = None) -> Iterator[Record]:
    """Read a KingsClub log one record at a time (``source`` as for ``open_log``)."""
    with open_log(source, name) as log:
        yield from read_kingsclub_lines(log)


def sniff(first_line: str) -> bool:
    """Whether a log starting with ``first_line`` is KingsClub's.

    >>> sniff("#37732805: Limit Badugi - 30/60"), sniff("# a house comment")
    (True, False)
    """
    return _HAND_START.match(first_line) is not None
