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
lines (``Player3: folds``, ``*** FIRST DRAW ***``) repeat exactly. Cutting
the log, sessions and errors are those of every site reader (:mod:`.site`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime

from lark import Lark, Token, v_args

from badugi_hh.events import (
    Award, Bet, Button, Call, Draw, Event, Hand, Muck, PostBlind, PotTotal, Raise, Record, Seat,
    Show, StackStated, Street, UncalledReturned,
)
from badugi_hh.parsers.house import LineError
from badugi_hh.parsers.site import (
    EventFactory, SiteHand, SiteTransformer, Wording, hidden_deals, money, parse_at,
    parse_with, read_cards, read_site_log, site_ruleset,
)
from badugi_hh.parsers.text import LineBlock, LogText, Source, open_log
from badugi_hh.resources import grammar_path

__all__ = ["GRAMMAR_PATH", "parse_line", "pokerstars_parser", "read_pokerstars",
           "read_pokerstars_lines", "sniff"]

GRAMMAR_PATH = grammar_path("pokerstars.lark")

_HAND_START = "PokerStars Game #"
_HAND_NUMBER = re.compile(r"PokerStars Game #(\d+)")


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
class PokerStarsTransformer(SiteTransformer):
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
        return {"cash": True, "small_bet": money(small), "big_bet": money(big),
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
    def posts(self, kind: str, amount: int, all_in: object) -> EventFactory:
        return functools.partial(PostBlind, amount=amount, kind=kind, all_in=all_in is not None)

    def small_blind(self) -> str:
        return "small"

    def big_blind(self) -> str:
        return "big"

    def small_and_big_blinds(self) -> str:
        return "small+big"

    def bets(self, amount: int, all_in: object) -> EventFactory:
        return functools.partial(Bet, amount=amount, all_in=all_in is not None)

    def calls(self, amount: int, all_in: object) -> EventFactory:
        return functools.partial(Call, amount=amount, all_in=all_in is not None)

    def raises(self, by: int, to: int, all_in: object) -> EventFactory:
        return functools.partial(Raise, to=to, by=by, all_in=all_in is not None)

    def stands_pat(self, _held: Token | None) -> EventFactory:
        return functools.partial(Draw, discarded=())

    def shows(self, cards: Token, description: Token | None) -> EventFactory:
        return functools.partial(Show, cards=read_cards(cards),
                                 description=None if description is None else description[1:-1])

    def no_show(self) -> None:
        return None   # the winner of an uncontested pot keeps his cards hidden

    def sits_out(self) -> None:
        return None   # a player not in the hand's seats: he is not dealt in

    def uncalled(self, amount: int, name: Token) -> EventFactory:
        return functools.partial(UncalledReturned, player=str(name), amount=amount)

    def award(self, name: Token, amount: int, pot: str) -> EventFactory:
        return functools.partial(Award, player=str(name), amount=amount, pot=pot)

    def side_pot(self) -> str:
        return "side 1"

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
        return functools.partial(Muck, cards=read_cards(cards))

    def amount(self, token: Token) -> int:
        # Money in cents (the hand's unit is then 100); tournament chips as they are.
        return money(token) if token.type == "MONEY" else int(token)


@functools.cache
def pokerstars_parser() -> Lark:
    """The grammar compiled once: LALR, building results while it parses."""
    return Lark(GRAMMAR_PATH.read_text(encoding="utf-8"), parser="lalr",
                transformer=PokerStarsTransformer(), maybe_placeholders=True,
                start=["hand_header", "table_line", "seat_line", "play_line", "summary_line"])


#: Syntax errors in words.
_WORDING = Wording(
    {
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
    },
    # after "Player3:", where any action fits
    places=(("FOLDS", "an action like 'Player3: calls 20' (posts, checks, folds, bets, calls, "
                      "raises, discards, stands pat, shows, mucks)"),),
    any_line="a line of a PokerStars hand, like 'Player3: calls 20' or '*** FIRST DRAW ***'",
)


@functools.lru_cache(maxsize=8192)
def parse_line(text: str, start: str) -> object:
    """Parse one line from the grammar's ``start`` rule, or raise :class:`LineError`.

    >>> parse_line("Player2: calls 40 and is all-in", "play_line")[0](line=3)
    Call(line=3, player='Player2', amount=40, all_in=True)
    """
    return parse_with(pokerstars_parser(), text, start, _WORDING)


# -- a hand ---------------------------------------------------------------------------

class PokerStarsDialect:
    """Cuts a PokerStars log into hands and assembles each (see :mod:`.site`).

    A session is the hands in a row at one table and tournament, whose blind
    levels change the stakes but not the players' stacks; or at one table and
    stakes for cash. A hand's number is its place in its session.
    """

    first_line = f"a hand starting {_HAND_START!r}"

    def is_hand_start(self, text: str) -> bool:
        return text.startswith(_HAND_START)

    def hand_name(self, block: LineBlock) -> str:
        match = _HAND_NUMBER.match(block.lines[0])
        return f"hand #{match.group(1)}" if match else f"the hand at line {block.start}"

    def assemble(self, block: LineBlock, source: str) -> SiteHand:
        game: GameLine = parse_at(parse_line, block.lines[0], "hand_header",  # type: ignore
                                  block.start)
        if len(block.lines) < 2:
            raise LineError("expected the 'Table' line after the hand's first line", 0,
                            block.start + 1)
        table: TableLine = parse_at(parse_line, block.lines[1], "table_line",  # type: ignore
                                    block.start + 1)
        events = _events(list(block.numbered(2)), Button(seat=table.button, line=block.start + 1))
        if not any(type(event) is Award for event in events):
            raise LineError("the hand ends without a line such as 'Ana collected $0.20 "
                            "from pot'", 0, block.last_line)
        ruleset = site_ruleset(
            f"pokerstars {game.stakes}", game.small_bet, game.big_bet, table.max_players,
            small_blind=_CASH_SMALL_BLINDS.get(game.small_bet) if game.cash else None,
            rake=game.cash)
        hand = Hand(hand_id=f"ps-{game.number}", number=int(game.number), ruleset=ruleset,
                    events=hidden_deals(events, ruleset.hand_size), source=source,
                    line=block.start, started_at=game.started_at, unit=100 if game.cash else 1)
        slug = re.sub(r"[^\w.-]+", "-", table.name).strip("-")
        where = (f"tournament #{game.tournament}" if game.tournament
                 else f"{game.stakes} cash game")
        return SiteHand(hand, table.name, session_key=game.tournament or game.stakes,
                        session_id=f"ps-{slug}-{game.number}",
                        title=f"PokerStars table '{table.name}', {where}", renumber=True)


def _events(lines: list[tuple[int, str]], button: Button) -> list[Event]:
    """The seats, the button, then the play and the summary (after ``*** SUMMARY ***``)."""
    seats = next((index for index, (_, text) in enumerate(lines)
                  if not text.startswith("Seat ")), len(lines))
    events: list[Event] = [
        parse_at(parse_line, text, "seat_line", number)(line=number)  # type: ignore[operator]
        for number, text in lines[:seats]]
    events.append(button)
    start = "play_line"
    for number, text in lines[seats:]:
        for make in parse_at(parse_line, text, start, number):  # type: ignore[attr-defined]
            event = make(line=number)
            events.append(event)
            if type(event) is Street and event.kind == "summary":
                start = "summary_line"
    return events


#: The small blind at the cash stakes seen in real logs, by big blind (cents):
#: PokerStars posts $0.10 at $0.25/$0.50, not half the big blind. Tournaments
#: post half the big blind at every level of the real log.
_CASH_SMALL_BLINDS = {25: 10}


def read_pokerstars_lines(log: LogText) -> Iterator[Record]:
    """The records of a PokerStars log opened with :func:`~badugi_hh.parsers.text.open_log`."""
    return read_site_log(PokerStarsDialect(), log)


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
