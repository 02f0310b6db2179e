"""Full Tilt Poker's fixed-limit Badugi hand histories (docs/format.md): a streaming reader.

>>> log = '''Full Tilt Poker Game #1: Table T - FL Badugi - $0.10/$0.20 - 10:18:16 ET - 2013/05/08
... Seat 1: Ana ($1)
... Seat 2: Bruno ($2)
... Ana posts the small blind of $0.05
... Bruno posts the big blind of $0.10
... The button is in seat #1
... *** HOLE CARDS ***
... Ana folds
... Uncalled bet of $0.05 returned to Bruno
... Bruno wins the pot ($0.10)
... '''
>>> session, hand = read_fulltilt(log)
>>> session.session_id, hand.hand_id, hand.ruleset.big_bet, hand.unit
('fulltilt:T:20130508-101816', 'fulltilt#1', 20, 100)
>>> hand.events[2], hand.events[-1]
(Button(line=6, seat=1), Award(line=10, player='Bruno', amount=10, pot='', description=None))

Each line is parsed with ``grammar/fulltilt.lark``. The reader then puts
the hand in the order the engine replays it: the button (which Full Tilt
states after the blinds) before the blinds, a hidden deal for every player
whose cards the log does not show, and no seat for a player who sits the
hand out.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime

from lark import Lark, Token, v_args

from badugi_hh.events import (
    Award, Bet, Button, Call, Draw, DrawnCards, Event, Hand, PostBlind, PotTotal, Raise, Record,
    Seat, Show, Street, UncalledReturned,
)
from badugi_hh.parsers.house import LineError
from badugi_hh.parsers.site import (
    CENTS, MAX_TABLE_SIZE, EventFactory, SiteHand, SiteTransformer, Wording, hidden_deals,
    money, parse_at, parse_with, read_cards, read_site_log, site_ruleset, table_first,
)
from badugi_hh.parsers.text import LineBlock, LogText, Source, open_log
from badugi_hh.resources import grammar_path

__all__ = ["GRAMMAR_PATH", "fulltilt_parser", "parse_line", "read_fulltilt",
           "read_fulltilt_lines", "sniff"]

GRAMMAR_PATH = grammar_path("fulltilt.lark")

_HAND_START = re.compile(r"\s*Full Tilt Poker Game #(\d+)")

_WORDING = Wording({
    "NAME": "a player's name", "INT": "a number", "AMOUNT": "an amount such as $0.10",
    "BLIND": "small or big", "ORDINAL": "FIRST, SECOND or THIRD",
    "CARDS": "cards in brackets such as [7s 4s 7h 5c]", "TABLE": "the table's name",
    "TIME": "a time such as 10:18:16", "ZONE": "a time zone such as ET",
    "DATE": "a date such as 2013/05/08", "STREET_NOTE": "a note in parentheses",
    "TEXT": "some text", "WINS": "'wins' or 'ties for'",
})


@dataclass(frozen=True, slots=True)
class Header:
    """The first line of a hand."""

    number: int
    table: str
    small_bet: int
    big_bet: int
    started_at: datetime


@dataclass(frozen=True, slots=True, kw_only=True)
class SittingOut:
    """``Player5 is sitting out``: seated, but not dealt in if said before the deal."""

    player: str
    line: int = 0


@v_args(inline=True)
class FullTiltTransformer(SiteTransformer):
    """Each line's result, built while Lark parses it (no tree is built)."""

    def header(self, number: Token, table: Token, _game: None, small: Token, big: Token,
               time: Token, _zone: Token, date: Token) -> Header:
        started = datetime.strptime(f"{date} {time}", "%Y/%m/%d %H:%M:%S")
        return Header(int(number), str(table), money(small), money(big), started)

    def line(self, item: object = None) -> object:
        return item

    summary_line = line

    def game(self) -> None:
        return None

    def seat(self, number: Token, name: Token, stack: Token) -> EventFactory:
        return functools.partial(Seat, player=str(name), seat=int(number), stack=money(stack))

    def button(self, seat: Token) -> EventFactory:
        return functools.partial(Button, seat=int(seat))

    def posts(self, blind: Token, amount: Token, all_in: object) -> EventFactory:
        return functools.partial(PostBlind, amount=money(amount), kind=str(blind),
                                 all_in=all_in is not None)

    def sitting_out(self) -> type[SittingOut]:
        return SittingOut

    def waits(self, _seconds: Token) -> None:
        return None

    def returns(self) -> None:
        return None

    def calls(self, amount: Token, all_in: object) -> EventFactory:
        return functools.partial(Call, amount=money(amount), all_in=all_in is not None)

    def bets(self, amount: Token, all_in: object) -> EventFactory:
        return functools.partial(Bet, amount=money(amount), all_in=all_in is not None)

    def raises(self, to: Token, all_in: object) -> EventFactory:
        return functools.partial(Raise, to=money(to), all_in=all_in is not None)

    def stands_pat(self) -> EventFactory:
        return functools.partial(Draw, discarded=())

    def drawn(self, count: Token) -> EventFactory:
        return functools.partial(DrawnCards, cards=(None,) * int(count))

    def shows(self, cards: Token, description: Token | None) -> EventFactory:
        return functools.partial(Show, cards=read_cards(cards),
                                 description=None if description is None else str(description))

    def wins(self, _wins: Token, pot: str, amount: Token,
             description: Token | None) -> EventFactory:
        return functools.partial(Award, amount=money(amount), pot=pot,
                                 description=None if description is None else str(description))

    def side_pot(self, number: Token | None) -> str:
        return "side" if number is None else f"side {int(number)}"

    def uncalled(self, amount: Token, name: Token) -> EventFactory:
        return functools.partial(UncalledReturned, player=str(name), amount=money(amount))

    def total(self, total: Token, rake: Token | None) -> EventFactory:
        return functools.partial(PotTotal, total=money(total),
                                 rake=0 if rake is None else money(rake))

    def summary_seat(self, _number: Token, _text: Token) -> None:
        return None


@functools.cache
def fulltilt_parser() -> Lark:
    """The grammar compiled once: LALR, building results while it parses."""
    return Lark(GRAMMAR_PATH.read_text(encoding="utf-8"), parser="lalr",
                transformer=FullTiltTransformer(), start=["header", "line", "summary_line"])


@functools.lru_cache(maxsize=8192)
def parse_line(text: str, start: str) -> object:
    """One line parsed from ``start``, or :class:`LineError` (cached: lines repeat).

    >>> parse_line("Hero calls $0.10", "line")(line=3)
    Call(line=3, player='Hero', amount=10, all_in=False)
    """
    return parse_with(fulltilt_parser(), text, start, _WORDING)


class FullTiltDialect:
    """Cuts a Full Tilt log into hands and assembles each (see :mod:`.site`)."""

    first_line = "a hand starting 'Full Tilt Poker Game #'"

    def is_hand_start(self, text: str) -> bool:
        return text[:1] in "F \t" and _HAND_START.match(text) is not None

    def hand_name(self, block: LineBlock) -> str:
        match = _HAND_START.match(block.lines[0])
        return f"hand #{match.group(1)}" if match else f"the hand at line {block.start}"

    def assemble(self, block: LineBlock, source: str) -> SiteHand:
        header: Header = parse_at(parse_line, block.lines[0], "header", block.start)  # type: ignore
        events, sitting_out = self._events(block)
        if not any(type(event) is Award for event in events):
            raise LineError("the hand ends without a line such as 'Hero wins the pot ($0.81)'",
                            0, block.last_line)
        ruleset = site_ruleset("fulltilt", header.small_bet, header.big_bet, MAX_TABLE_SIZE)
        hand = Hand(hand_id=f"fulltilt#{header.number}", number=header.number,
                    ruleset=ruleset, events=_in_play_order(events, sitting_out, ruleset.hand_size),
                    source=source, line=block.start, started_at=header.started_at, unit=CENTS)
        return SiteHand(hand, header.table)

    @staticmethod
    def _events(block: LineBlock) -> tuple[list[Event], set[str]]:
        events: list[Event] = []
        sitting_out: set[str] = set()
        start = "line"
        for number, text in block.numbered(1):
            item = parse_at(parse_line, text, start, number)
            if item is None:
                continue
            event = item(line=number)  # type: ignore[operator]
            if type(event) is SittingOut:
                # Only before the deal does sitting out mean "not in this hand".
                if not any(type(e) is Street for e in events):
                    sitting_out.add(event.player)
                continue
            events.append(event)
            if type(event) is Street and event.kind == "summary":
                start = "summary_line"
        return events, sitting_out


def _in_play_order(events: list[Event], sitting_out: set[str], hand_size: int) -> list[Event]:
    """The events as the engine replays them.

    The button goes before the blinds, which it decides (M1); a player who
    sits the hand out is not seated in it; everyone else is dealt a hand.
    """
    seated = [e for e in events if type(e) is not Seat or e.player not in sitting_out]
    return hidden_deals(table_first(seated), hand_size)


def read_fulltilt_lines(log: LogText) -> Iterator[Record]:
    """The records of a Full Tilt log opened with :func:`~badugi_hh.parsers.text.open_log`."""
    return read_site_log(FullTiltDialect(), log)


def read_fulltilt(source: Source, name: str | None = None) -> Iterator[Record]:
    """Read a Full Tilt log one record at a time (``source`` as for ``open_log``)."""
    with open_log(source, name) as log:
        yield from read_fulltilt_lines(log)


def sniff(first_line: str) -> bool:
    """Whether a log starting with ``first_line`` is Full Tilt's.

    >>> sniff("Full Tilt Poker Game #32617272179: Table Clackers"), sniff("Session #s1")
    (True, False)
    """
    return _HAND_START.match(first_line) is not None
