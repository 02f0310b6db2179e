"""PokerStars Badugi hand histories (docs/format.md, "PokerStars"): a streaming reader.

:func:`read_pokerstars` yields one record at a time: a
:class:`~badugi_hh.events.SessionStart` whenever the table changes, then a
:class:`~badugi_hh.events.Hand` per hand. A hand it cannot read comes as a
:class:`~badugi_hh.events.ParseError` in its place, naming file, line and
column, and reading goes on with the next hand.

>>> log = '''PokerStars Game #1:  Badugi Limit ($0.25/$0.50 USD) - 2010/09/05 10:32:15 ET
... Table 'Demo' 8-max Seat #1 is the button
... Seat 1: Ana ($5 in chips)
... Seat 2: Bruno ($5 in chips)
... Bruno: posts small blind $0.10
... Ana: posts big blind $0.25
... *** DEALING HANDS ***
... Bruno: folds
... Uncalled bet ($0.15) returned to Ana
... Ana collected $0.20 from pot
... *** SUMMARY ***
... Total pot $0.20 | Rake $0
... '''
>>> session, hand = read_pokerstars(log)
>>> session.session_id, hand.hand_id, hand.unit, hand.ruleset.small_bet
('ps-Demo-1', 'ps-1', 100, 25)
>>> hand.events[-1]
PotTotal(line=12, total=20, rake=0)

The log is cut into hands at its ``PokerStars Game #`` lines, and each line
is parsed with the grammar (``grammar/pokerstars.lark``) from the start rule
for its place in the hand; a line's parse is cached by its text, since most
lines (``Player3: folds``, ``*** FIRST DRAW ***``) repeat exactly.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from pathlib import Path

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from badugi_hh.cards import parse_card
from badugi_hh.events import (
    Award, Bet, Button, Call, Cards, Check, Deal, Draw, DrawnCards, Event, Fold, Hand,
    Muck, ParseError, PostBlind, PotTotal, Raise, Record, Seat, SessionStart, Show,
    StackStated, Street, UncalledReturned,
)
from badugi_hh.parsers.text import LogText, Source, open_log
from badugi_hh.rules import HOUSE, Ruleset

__all__ = ["GRAMMAR_PATH", "read_pokerstars", "read_pokerstars_lines", "sniff"]

GRAMMAR_PATH = Path(__file__).resolve().parents[2] / "grammar" / "pokerstars.lark"

#: A hand longer than this has lost its next ``PokerStars Game #`` line.
MAX_HAND_LINES = 2000

#: An event of a play line, waiting for its line number: ``make(line=7)``.
EventFactory = Callable[..., Event]

_ORDINALS = {"FIRST": 1, "SECOND": 2, "THIRD": 3}


class LineError(Exception):
    """A line the grammar rejects, at ``column`` (1-based; 0: the whole line)."""

    def __init__(self, message: str, column: int, line: int = 0) -> None:
        super().__init__(message)
        self.message = message
        self.column = column
        self.line = line


# -- what the structural lines say ------------------------------------------------

@dataclass(frozen=True, slots=True)
class GameLine:
    """The hand's header: its number, the game, the stakes, when."""

    number: str
    cash: bool
    small_bet: int
    big_bet: int
    tournament: str | None
    stakes: str
    started_at: datetime | None


@dataclass(frozen=True, slots=True)
class TableLine:
    name: str
    max_players: int
    button: int


@v_args(inline=True)
class PokerStarsTransformer(Transformer):
    """Builds each line's result while Lark parses it: play lines become event
    factories, so that a parsed line can be cached and stamped with each line
    number it occurs at."""

    # start rules
    def hand_header(self, number: Token, game: dict[str, object], when: datetime,
                    eastern: datetime | None) -> GameLine:
        # The site's own time (ET) where the log gives two; cash logs give only ET.
        return GameLine(number=str(number), started_at=eastern or when, **game)  # type: ignore

    def table_line(self, name: Token, size: Token, button: Token) -> TableLine:
        return TableLine(name[1:-1], int(size), int(button))

    def seat_line(self, number: Token, name: Token, stack: int, _out: Token | None,
                  ) -> EventFactory:
        # A player sitting out is still dealt in at a tournament: he posts and folds.
        return functools.partial(Seat, player=str(name), seat=int(number), stack=stack)

    def play_line(self, item: EventFactory | None = None) -> tuple[EventFactory, ...]:
        return () if item is None else (item,)

    def summary_line(self, item: EventFactory | None = None) -> tuple[EventFactory, ...]:
        return () if item is None else (item,)

    # the header
    def cash_game(self, small: Token, big: Token, currency: Token) -> dict[str, object]:
        return {"cash": True, "small_bet": _amount(small), "big_bet": _amount(big),
                "tournament": None, "stakes": f"{small}/{big} {currency}"}

    def tournament_game(self, tournament: Token, _buy_in: Token, _fee: Token, _currency: Token,
                        level: Token, small: Token, big: Token) -> dict[str, object]:
        return {"cash": False, "small_bet": int(small), "big_bet": int(big),
                "tournament": str(tournament), "stakes": f"level {level} ({small}/{big})"}

    def when(self, date: Token, clock: Token, _zone: Token) -> datetime | None:
        try:
            return datetime.strptime(f"{date} {clock}", "%Y/%m/%d %H:%M:%S")
        except ValueError:
            raise LineError(f"{date} {clock} is not a date and time", date.column) from None

    # the play
    def player_line(self, name: Token, verb: EventFactory | None) -> EventFactory | None:
        return None if verb is None else functools.partial(verb, player=str(name))

    def posts(self, kind: str, amount: int, all_in: object) -> EventFactory:
        return functools.partial(PostBlind, amount=amount, kind=kind, all_in=all_in is not None)

    def small_blind(self) -> str:
        return "small"

    def big_blind(self) -> str:
        return "big"

    def small_and_big_blinds(self) -> str:
        return "small+big"

    def checks(self) -> EventFactory:
        return Check

    def folds(self) -> EventFactory:
        return Fold

    def bets(self, amount: int, all_in: object) -> EventFactory:
        return functools.partial(Bet, amount=amount, all_in=all_in is not None)

    def calls(self, amount: int, all_in: object) -> EventFactory:
        return functools.partial(Call, amount=amount, all_in=all_in is not None)

    def raises(self, by: int, to: int, all_in: object) -> EventFactory:
        return functools.partial(Raise, to=to, by=by, all_in=all_in is not None)

    def all_in(self) -> bool:
        return True

    def discards(self, count: Token, cards: Token | None) -> EventFactory:
        # Only the hero's discards are shown; the others' are a count of unseen cards.
        discarded = (None,) * int(count) if cards is None else _cards(cards)
        if len(discarded) != int(count):
            raise LineError(f"says {count} discarded cards but lists {len(discarded)}",
                            count.column)
        return functools.partial(Draw, discarded=discarded)

    def stands_pat(self, _held: Token | None) -> EventFactory:
        return functools.partial(Draw, discarded=())

    def shows(self, cards: Token, description: Token | None) -> EventFactory:
        return functools.partial(Show, cards=_cards(cards),
                                 description=None if description is None else description[1:-1])

    def mucks(self) -> EventFactory:
        return Muck

    def no_show(self) -> None:
        return None   # the winner of an uncontested pot keeps his cards hidden

    def sits_out(self) -> None:
        return None   # a player not in the hand's seats: he is not dealt in

    def deal(self, name: Token, cards: Token, drawn: Token | None) -> EventFactory:
        if drawn is None:
            return functools.partial(Deal, player=str(name), cards=_cards(cards))
        # After a draw the hero's kept cards, then what he received.
        return functools.partial(DrawnCards, player=str(name), cards=_cards(drawn))

    def uncalled(self, amount: int, name: Token) -> EventFactory:
        return functools.partial(UncalledReturned, player=str(name), amount=amount)

    def award(self, name: Token, amount: int, pot: str) -> EventFactory:
        return functools.partial(Award, player=str(name), amount=amount, pot=pot)

    def whole_pot(self) -> str:
        return ""

    def main_pot(self) -> str:
        return "main"

    def side_pot(self) -> str:
        return "side 1"

    def street(self, kind_and_number: tuple[str, int]) -> EventFactory:
        kind, number = kind_and_number
        return functools.partial(Street, kind=kind, number=number)

    def deal_street(self) -> tuple[str, int]:
        return "deal", 1

    def draw_street(self, ordinal: Token) -> tuple[str, int]:
        return "draw", _ORDINALS[ordinal]

    def showdown_street(self) -> tuple[str, int]:
        return "showdown", 1

    def summary_street(self) -> tuple[str, int]:
        return "summary", 1

    def finished(self, name: Token, _place: Token, _prize: Token | None) -> EventFactory:
        # Out of the tournament: the log says he ends the hand with no chips.
        return functools.partial(StackStated, player=str(name), amount=0)

    def table_note(self, *_words: Token) -> None:
        return None

    # the summary
    def pot_total(self, total: int, _pots: None, rake: int) -> EventFactory:
        return functools.partial(PotTotal, total=total, rake=rake)

    def pots(self, _main: int, _side: int) -> None:
        return None   # each pot after its share of the rake; the awards say the same

    def summary_seat(self, _seat: Token, name: Token, _position: None,
                     outcome: EventFactory | None) -> EventFactory | None:
        return None if outcome is None else functools.partial(outcome, player=str(name))

    def position(self) -> None:
        return None

    def said_nothing(self, *_items: object) -> None:
        return None   # restates the play, which the audit has already checked

    def mucked(self, cards: Token) -> EventFactory:
        # The only place a mucked hand's cards are told.
        return functools.partial(Muck, cards=_cards(cards))

    def amount(self, token: Token) -> int:
        return _amount(token)


def _amount(token: Token) -> int:
    """Chips as they are; money in cents (the hand's unit is then 100)."""
    if token.startswith("$"):
        return int(Decimal(token[1:]) * 100)
    return int(token)


_card = functools.cache(parse_card)   # a few dozen spellings, each read once


def _cards(token: Token) -> Cards:
    return tuple(map(_card, token[1:-1].split()))


@functools.cache
def pokerstars_parser() -> Lark:
    """The grammar compiled once: LALR, building results while it parses."""
    return Lark(GRAMMAR_PATH.read_text(encoding="utf-8"), parser="lalr",
                transformer=PokerStarsTransformer(), maybe_placeholders=True,
                start=["hand_header", "table_line", "seat_line", "play_line", "summary_line"])


@functools.lru_cache(maxsize=8192)
def parse_line(text: str, start: str) -> object:
    """Parse one line from the grammar's ``start`` rule, or raise :class:`LineError`.

    >>> parse_line("Player2: calls 40 and is all-in", "play_line")[0](line=3)
    Call(line=3, player='Player2', amount=40, all_in=True)
    """
    try:
        return pokerstars_parser().parse(text, start=start)
    except UnexpectedInput as error:
        raise _explain(error, text) from None


# -- syntax errors in words ---------------------------------------------------------

_TERMINAL_WORDS = {
    "$END": "the end of the line",
    "NAME": "a player's name",
    "INT": "a number",
    "MONEY": "an amount such as $0.25",
    "CARDS": "cards in brackets such as [As 3h 8h 6s]",
    "DESCRIPTION": "a description in parentheses",
    "TABLE_NAME": "a table name in single quotes",
    "DATE": "a date such as 2010/09/05",
    "TIME": "a time such as 10:32:15",
    "ZONE": "a time zone such as ET",
    "ROMAN": "a level such as IV",
    "ORDINAL": "FIRST, SECOND or THIRD",
    "NTH": "a place such as 3rd",
    "CHAT": "a message in double quotes",
    "REST": "a hand's description",
}


_ACTIONS = ("an action like 'Player3: calls 20' (posts, checks, folds, bets, calls, raises, "
            "discards, stands pat, shows, mucks)")


def _explain(error: UnexpectedInput, text: str) -> LineError:
    column = error.column if error.column > 0 else len(text) + 1
    if isinstance(error, UnexpectedToken):
        expected = error.expected
        got = "the end of the line" if error.token.type == "$END" else repr(str(error.token)[:20])
    else:
        expected = getattr(error, "allowed", set())
        got = repr((re.match(r"[^\s\]]*", text[column - 1:]).group()   # type: ignore[union-attr]
                    or text[column - 1:column])[:20])
    if text[column - 1:column] == "[" and "CARDS" in expected:
        return _explain_cards(text, column)
    if "FOLDS" in expected:   # after "Player3:", where any action fits
        return LineError(f"expected {_ACTIONS}, got {got}", column)
    words = sorted(_TERMINAL_WORDS.get(name) or repr(_keyword(name)) for name in expected)
    return LineError(f"expected {_one_of(words)}, got {got}", column)


def _keyword(terminal: str) -> str:
    try:
        return pokerstars_parser().get_terminal(terminal).pattern.value
    except KeyError:
        return terminal


def _one_of(words: list[str]) -> str:
    if len(words) > 6:
        return "a line of a PokerStars hand, like 'Player3: calls 20' or '*** FIRST DRAW ***'"
    *others, last = words or ["something else"]
    return f"{', '.join(others)} or {last}" if others else last


def _explain_cards(text: str, column: int) -> LineError:
    """Point at the word inside ``[...]`` that is not a card."""
    inside = re.compile(r"\[([^\]]*)").match(text, column - 1).group(1)  # type: ignore[union-attr]
    for word in re.finditer(r"\S+", inside):
        try:
            parse_card(word.group())
        except ValueError:
            return LineError(f"expected a card such as As or Td, got {word.group()!r}",
                             column + 1 + word.start())
    return LineError("expected ']' after the cards", column + 1 + len(inside))


# -- reading a log, hand by hand ------------------------------------------------------

_HAND_START = "PokerStars Game #"


@dataclass(slots=True)
class _Block:
    """The lines of one hand (or of what comes before the first), as read."""

    start: int
    lines: list[str] = field(default_factory=list)
    overflowed: bool = False

    @property
    def text(self) -> str:
        return "\n".join(self.lines).rstrip()

    @property
    def last_line(self) -> int:
        filled = [index for index, text in enumerate(self.lines) if text.strip()]
        return self.start + (filled[-1] if filled else 0)


@dataclass(slots=True)
class _Session:
    key: tuple[str, str]
    session_id: str
    hands: int = 0


class _PokerStarsReader:
    """Turns the lines of one log into records, one hand at a time."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.session: _Session | None = None

    def read(self, log: LogText) -> Iterator[Record]:
        block = _Block(1)   # what comes before the first hand, which must be blank
        for number, text in enumerate(log, 1):
            if text.startswith(_HAND_START):
                yield from self._close(block)
                block = _Block(number)
            if len(block.lines) < MAX_HAND_LINES:
                block.lines.append(text)
            else:
                block.overflowed = True
        yield from self._close(block)
        if log.problem is not None:
            yield ParseError(message=log.problem.message, source=self.source,
                             line=log.problem.line, column=log.problem.column)
        elif log.lines_read == 0:
            yield ParseError(message="empty file", source=self.source, line=1)

    def _close(self, block: _Block) -> Iterator[Record]:
        if not block.lines or not block.lines[0].startswith(_HAND_START):
            filled = [i for i, text in enumerate(block.lines) if text.strip()]
            if filled:
                yield ParseError(message=f"expected a hand starting '{_HAND_START}'",
                                 source=self.source, line=block.start + filled[0], column=1,
                                 text=block.text)
            return
        try:
            yield from self._hand(block)
        except LineError as error:
            number = re.match(r"PokerStars Game #(\d+)", block.lines[0])
            name = f"hand #{number.group(1)}: " if number else ""
            yield ParseError(message=name + error.message, source=self.source,
                             line=error.line, column=error.column, text=block.text)

    def _hand(self, block: _Block) -> Iterator[Record]:
        if block.overflowed:
            raise LineError(f"more than {MAX_HAND_LINES} lines without a "
                            f"'{_HAND_START}' line", 0, block.start + MAX_HAND_LINES)
        lines = list(enumerate(block.lines, block.start))
        game: GameLine = _parse_at(lines[0], "hand_header")   # type: ignore[assignment]
        if len(lines) < 2:
            raise LineError("expected the 'Table' line after the hand's first line", 0,
                            block.start + 1)
        table: TableLine = _parse_at(lines[1], "table_line")  # type: ignore[assignment]
        events, rest = _seats(lines[2:])
        events.append(Button(seat=table.button, line=lines[1][0]))
        events += _play(rest)
        if not any(type(event) is Award for event in events):
            raise LineError("the hand ends without a line such as 'Ana collected $0.20 "
                            "from pot'", 0, block.last_line)
        yield from self._session_for(game, table, block.start)
        session = self.session
        assert session is not None
        session.hands += 1
        yield Hand(hand_id=f"ps-{game.number}", number=session.hands,
                   ruleset=_ruleset(game.cash, game.small_bet, game.big_bet, game.stakes,
                                    table.max_players),
                   events=_with_hidden_deals(events), source=self.source, line=block.start,
                   session_id=session.session_id, started_at=game.started_at,
                   unit=100 if game.cash else 1)

    def _session_for(self, game: GameLine, table: TableLine, line: int,
                     ) -> Iterator[SessionStart]:
        """A new session whenever the table (or the tournament, or the stakes) changes."""
        key = (table.name, game.tournament or game.stakes)
        if self.session is not None and self.session.key == key:
            return
        slug = re.sub(r"[^\w.-]+", "-", table.name).strip("-")
        self.session = _Session(key, f"ps-{slug}-{game.number}")
        where = (f"tournament #{game.tournament}" if game.tournament
                 else f"{game.stakes} cash game")
        yield SessionStart(
            session_id=self.session.session_id,
            ruleset=_ruleset(game.cash, game.small_bet, game.big_bet, game.stakes,
                             table.max_players),
            # Players come and go: each hand seats its own (G3 still links their stacks).
            players=[], title=f"PokerStars table '{table.name}', {where}",
            started_at=game.started_at, source=self.source, line=line)


def _parse_at(numbered: tuple[int, str], start: str) -> object:
    """:func:`parse_line`, with the line number put in errors."""
    number, text = numbered
    try:
        return parse_line(text, start)
    except LineError as error:
        error.line = number
        raise


def _seats(lines: list[tuple[int, str]]) -> tuple[list[Event], list[tuple[int, str]]]:
    """The seat lines after the table line, and the lines after them."""
    events: list[Event] = []
    index = 0
    while index < len(lines) and lines[index][1].startswith("Seat "):
        events.append(_parse_at(lines[index], "seat_line")(line=lines[index][0]))  # type: ignore
        index += 1
    return events, lines[index:]


def _play(lines: list[tuple[int, str]]) -> list[Event]:
    """The events of the play and of the summary, which follows ``*** SUMMARY ***``."""
    events: list[Event] = []
    start = "play_line"
    for number, text in lines:
        for make in _parse_at((number, text), start):   # type: ignore[attr-defined]
            event = make(line=number)
            events.append(event)
            if type(event) is Street and event.kind == "summary":
                start = "summary_line"
    return events


def _with_hidden_deals(events: list[Event]) -> list[Event]:
    """Add a hidden hand for every seated player the log does not show one for.

    Everyone seated is dealt in; the log names only the hero's cards. The
    hidden hands go right after ``*** DEALING HANDS ***``.
    """
    shown = {event.player for event in events if type(event) is Deal}  # type: ignore[attr-defined]
    hidden = [event.player for event in events   # type: ignore[attr-defined]
              if type(event) is Seat and event.player not in shown]  # type: ignore[attr-defined]
    at = next((i for i, event in enumerate(events)
               if type(event) is Street and event.kind == "deal"), None)
    if at is None or not hidden:
        return events
    line = events[at].line
    deals = [Deal(player=player, cards=(None,) * 4, line=line) for player in hidden]
    return events[:at + 1] + deals + events[at + 1:]   # type: ignore[return-value]


#: The small blind at the cash stakes seen in real logs, by big blind (cents):
#: PokerStars posts $0.10 at $0.25/$0.50, not half the big blind.
_CASH_SMALL_BLINDS = {25: 10}


@functools.cache
def _ruleset(cash: bool, small_bet: int, big_bet: int, stakes: str, size: int) -> Ruleset:
    """The site's rules at these stakes: the big blind is the small bet.

    Tournaments post half the big blind as the small blind at every level of
    the real log; cash tables a table's worth (``_CASH_SMALL_BLINDS``), else half.
    """
    small_blind = _CASH_SMALL_BLINDS.get(small_bet, small_bet // 2) if cash else small_bet // 2
    return HOUSE.replace(
        name=f"pokerstars {stakes}", min_players=2, max_players=size, starting_stack=None,
        small_blind=small_blind, big_blind=small_bet, small_bet=small_bet, big_bet=big_bet,
        session_hands=None, burns_logged=False, deal_order_logged=False, rake=cash)


def read_pokerstars_lines(log: LogText) -> Iterator[Record]:
    """The records of a PokerStars log opened with :func:`~badugi_hh.parsers.text.open_log`."""
    return _PokerStarsReader(log.name).read(log)


def read_pokerstars(source: Source, name: str | None = None) -> Iterator[Record]:
    """Read a PokerStars log, one record at a time; see the module docstring.

    ``source`` is a :class:`~pathlib.Path`, an open file, or the text as ``str``.
    """
    with open_log(source, name) as log:
        yield from read_pokerstars_lines(log)


def sniff(first_line: str) -> bool:
    """Whether a log whose first non-blank line is ``first_line`` is a PokerStars log.

    >>> sniff("PokerStars Game #52588201462: Tournament #330855877"), sniff("Session #s1")
    (True, False)
    """
    return first_line.startswith("PokerStars ")
