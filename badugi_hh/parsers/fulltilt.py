"""Full Tilt Poker's hand histories (docs/format.md): a streaming reader.

Badugi, 2-7 and A-5 triple draw are read into events; a hand of any other game
(a Razz hand in a mixed-game file) is a :class:`SkippedHand` named by its game.

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
(Button(line=6, seat=1, player=None), Award(line=10, player='Bruno', amount=10, pot='', description=None))

Each line is parsed with ``grammar/fulltilt.lark``. Names may hold blanks, so
before a line is parsed a seated player's name where a name starts is put in
as a one-word stand-in (:func:`_shape`), the longest name first; the stand-in
keeps the cache of parsed lines as useful as with one-word names. The reader
then puts the hand in the order the engine replays it: the seats, the button
(which Full Tilt states after the blinds), a hidden deal for every player
dealt in whose cards the log does not show.

>>> parse_line("Hero calls $0.10", "line")(line=3)
Call(line=3, player='Hero', amount=10, all_in=False)
>>> sniff("Full Tilt Poker Game #32617272179: Table Clackers"), sniff("Session #s1")
(True, False)
>>> sniff("FullTiltPoker Game #25314791161: Table Squaw Tea (6 max)")
True
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import cast
from datetime import datetime

from lark import Token, v_args

from badugi_hh.events import (
    Award, Button, Cards, Deal, DrawnCards, Event, Hand, Muck, Note, NoteKind, PlayerEvent,
    PotTotal, Seat, SkippedHand, Street, SummaryResult, calls_off,
)
from badugi_hh.hand_ids import HandId
from badugi_hh.parsers import marks
from badugi_hh.parsers.common import (
    CENTS, CURRENCY_SIGNS, AmountFormat, EventFactory, LineError, Wording, read_cards,
    read_name, read_number,
)
from badugi_hh.parsers.common import dated, game_read
from badugi_hh.parsers.hands import (
    MAX_TABLE_SIZE, hero_of, hidden_deals, site_ruleset, table_first,
)
from badugi_hh.parsers.site import (
    NOT_READ, ActionTransformer, QuickMatch, SiteHand, SiteReader, SiteSpec, betting_shapes,
    parse_at, quick_reader, quick_shapes,
)
from badugi_hh.parsers.text import LineBlock
from badugi_hh.rules import Game, Ruleset, Structure
from badugi_hh.textcache import LONGEST_CACHED_LINE

__all__ = ["READER", "amount", "fulltilt_parser", "parse_line", "read_fulltilt",
           "read_fulltilt_lines", "sniff"]


#: The games read into events, by the header's name for them.
_STRUCTURES: dict[str, tuple[Structure, str]] = {
    "Limit": ("fixed", "Limit"), "FL": ("fixed", "Limit"),
    "Pot Limit": ("pot", "Pot Limit"), "PL": ("pot", "Pot Limit"),
    "No Limit": ("no", "No Limit"), "NL": ("no", "No Limit"),
}
#: Small blinds of fixed-limit cash stakes that are not half the small bet, by small bet
#: in cents: $15/$30 posts $10/$15 (the blinds other Full Tilt readers list).
_CASH_SMALL_BLINDS = {1500: 1000}

#: The buy-in a tournament's name starts with: ``$10``, ``$5 + $0.50``, ``€2+€0.20``.
_BUY_IN = re.compile(r"(?:\.COM )?([$€£]\d[\d,.]*(?: ?\+ ?[$€£]\d[\d,.]*)*"
                     r"|\d[\d,]* Play (?:Money|Chips?)) ")
#: What follows a guarantee, not a buy-in, at the start of a tournament's name: "$1,000
#: Guarantee (3x Chance)", "$7,000 KO Guarantee", "$10,000 Rush Guar (Rebuy)".
_GUARANTEE = re.compile(r"(?:[A-Za-z-]+ ){0,2}(?:Guar(?:antee)?d?|Gtd|GTD)\b")

#: What a seated player's name becomes before a line is parsed (see :func:`_shape`).
_STAND_IN = "¶"

_WORDING = Wording({
    "NAME": "a player's name", "SEAT_NAME": "a player's name and stack",
    "INT": "a number", "AMOUNT": "an amount such as $0.10",
    "BLIND": "small or big", "ORDINAL": "FIRST, SECOND or THIRD",
    "CARDS": "cards in brackets such as [7s 4s 7h 5c]", "TABLE": "the table's name",
    "TOURNAMENT": "a tournament's name", "GAME_NAME": "a game's name",
    "LIMIT": "a betting structure such as Limit or FL", "MIX": "a mixed game",
    "TIME": "a time such as 10:18:16", "ZONE": "a time zone such as ET",
    "DATE": "a date such as 2013/05/08", "WORDED_DATE": "a date such as Wed, July 21, 2010",
    "STREET_NOTE": "a note in parentheses", "TEXT": "some text", "WINS": "'wins' or 'ties for'",
    "SEP": "' - '", "PREFIX": "'Full Tilt Poker Game'", "POSITION": "(button) or a blind",
    "FOLDED": "what the player did", "DURATION": "a duration such as 24s",
},
    # after "Player3", where any action fits
    places=(("FOLDS", "an action like 'Hero calls $0.10' (posts, antes, checks, folds, bets, "
                      "calls, raises, discards, stands pat, is dealt, shows, mucks, wins) or "
                      "a chat line like 'Hero: gg'"),),
    any_line="a line of a Full Tilt hand, like 'Hero calls $0.10' or '*** FIRST DRAW ***'")


# -- what the lines say -------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Stakes:
    low: int
    high: int
    cash: bool   # money with a currency sign, not chips
    sign: str = ""   # that sign


@dataclass(frozen=True, slots=True)
class GameName:
    structure: Structure
    name: str   # "Limit 2-7 Triple Draw", as reports name a game
    game: Game | None   # None: a game not read


@dataclass(frozen=True, slots=True)
class Header:
    """The first line of a hand."""

    number: int
    table: str
    tournament: str | None
    """The tournament's name and id, ``$10 Heads-Up Sit & Go (243560420)``."""
    tournament_id: str | None
    stakes: Stakes
    game: GameName
    started_at: datetime
    partial: bool

    @property
    def currency(self) -> str | None:
        """``USD``, ``EUR``, ``GBP`` by the stakes' sign; ``PLAY`` for play chips (no
        sign at a table); None for a tournament's chips."""
        if self.tournament is not None:
            return None
        return CURRENCY_SIGNS.get(self.stakes.sign, "PLAY")

    @property
    def buy_in(self) -> str | None:
        return _buy_in(self.tournament or "")

    @property
    def max_players(self) -> int:
        match = re.search(r"\((\d{1,3}) max", self.table)   # more digits: no table size
        if match:
            return max(2, min(int(match.group(1)), 10))
        heads_up = re.search(r"heads[ -]up", f"{self.table} {self.tournament or ''}", re.I)
        return 2 if heads_up else MAX_TABLE_SIZE


@dataclass(frozen=True, slots=True)
class NoteOf:
    """A line kept as a :class:`Note` of ``kind`` (its text is the line's)."""

    kind: NoteKind


@dataclass(frozen=True, slots=True, kw_only=True)
class Collected:
    """``Seat 2: X collected ($98)`` in the summary: an award the play may not state;
    ``showed [..] and won ($98) with a 3-Card: 5, 4, 2`` also says what he showed, which
    is judged as his shows line is (the cards, D2; the words, a description)."""

    player: str
    amount: int
    cards: Cards | None = None
    description: str | None = None


#: Money (``$1,285.50``, ``€0.02``) in cents; chips (``1,500``, ``500K``) as they are.
amount = AmountFormat(signs="$€£", bare="chips", scales={"K": 1000, "M": 1000000})


def _buy_in(tournament: str) -> str | None:
    """The buy-in a tournament's name starts with, as written (Full Tilt states it nowhere
    else in a hand).

    >>> _buy_in("$10 Heads-Up Sit & Go (243560420)"), _buy_in("$5 + $0.50 Sit & Go (7)")
    ('$10', '$5 + $0.50')
    >>> _buy_in("MiniFTOPS Main Event (255707037)") is None
    True
    >>> _buy_in("$1,000 Guarantee (3x Chance) (252554958)") is None   # the prize pool
    True
    >>> _buy_in("$5,000 Guaranteed Badugi (252554959)") is None
    True
    >>> _buy_in("250 Play Money Sit & Go (247472173)")   # in play chips
    '250 Play Money'
    >>> _buy_in(".COM 250 Play Chip Sit & Go (243448107)")   # as the 2012 site named it
    '250 Play Chip'
    """
    found = _BUY_IN.match(tournament)
    if found is None or _GUARANTEE.match(tournament, found.end()):
        return None
    return found.group(1)


def _description(text: Token | None) -> str | None:
    """The site's words for a hand, without its article: ``3-Card: 7, 2, A``."""
    return None if text is None else str(text).removeprefix("a ").strip()


@v_args(inline=True)
class FullTiltTransformer(ActionTransformer):
    """Each line's result, built while Lark parses it (no tree is built)."""

    amount = amount

    # -- the header
    def header(self, _prefix: Token, number: Token,
               where: tuple[str, str | None, str | None],
               *rest: object) -> Header:
        *pieces, clock, partial = rest
        bets = next((p for p in pieces if isinstance(p, tuple)), None)
        game = next((p for p in pieces if isinstance(p, GameName)), None)
        if bets is None or game is None:
            raise LineError("the first line names no stakes or no game", 1)
        low, high = bets
        sign = str(low)[:1] if str(low)[:1] in CURRENCY_SIGNS else ""
        stakes = (Stakes(amount(low), amount(high), bool(sign), sign)
                  if game.game is not None else Stakes(0, 0, cash=False))
        table, tournament, tournament_id = where
        return Header(read_number(number), table, tournament, tournament_id, stakes, game,
                      clock, partial is not None)  # type: ignore[arg-type]

    def cash_table(self, table: Token) -> tuple[str, None, None]:
        return str(table), None, None

    def tournament_table(self, name: Token, number: Token, table: Token,
                         ) -> tuple[str, str, str]:
        return str(table), f"{name} ({number})", str(number)

    def stakes(self, low: Token, high: Token, _ante: Token | None) -> tuple[Token, Token]:
        # Read as amounts only for a game read: others have stakes like "2B/2B" (Flipout).
        return low, high

    def game(self, _cap: Token | None, limit: Token, name: Token) -> GameName:
        structure, words = _STRUCTURES[re.sub(r"^(CAP|Cap) ", "", str(limit))]
        return GameName(structure, f"{words} {name}", game_read("fulltilt", str(name)))

    def numeric_clock(self, time: Token, _zone: Token, date: Token, et_time: Token | None,
                      _et_zone: Token | None, et_date: Token | None) -> datetime:
        # A header in local time restates it in ET, the site's clock, in brackets.
        if et_time is not None and et_date is not None:
            time, date = et_time, et_date
        return _when(f"{date} {time}", "%Y/%m/%d")

    def worded_clock(self, time: Token, _zone: Token, date: Token) -> datetime:
        return _when(f"{date} {time}", "%a, %B %d, %Y")

    # -- the lines of play
    def line(self, item: object = None) -> object:
        return item

    summary_line = line

    # Full Tilt's rules give more than the shared ones (a collection, a note): a
    # transformer's method returns what its own grammar's rule gives.
    def player_line(self, name: Token, verb: object) -> object:  # type: ignore[override]
        if isinstance(verb, Collected):
            return dataclasses.replace(verb, player=str(name))
        if isinstance(verb, NoteOf) or verb is None:
            return verb
        return functools.partial(cast(EventFactory, verb), player=str(name))

    def seat(self, number: Token, name: Token, stack: Token, _out: object) -> EventFactory:
        # Whether he is dealt in is known at the hand's end: "is sitting out" is said of
        # players who then post and play (they come back), and not said of all who don't.
        return functools.partial(Seat, player=read_name(name), seat=read_number(number),
                                 stack=self.amount(stack))

    def seat_out(self) -> None:
        return None

    def button(self, seat: Token) -> EventFactory:
        return functools.partial(Button, seat=read_number(seat))

    def posts_dead(self, money_: Token, all_in: object) -> EventFactory:
        return self._post("dead", money_, all_in)

    def posts_live(self, money_: Token, all_in: object) -> EventFactory:
        # Back from sitting out, a player posts a big blind out of position; it plays live.
        return self._post("big", money_, all_in)

    def all_in_words(self) -> bool:
        return True

    def capped(self) -> bool:
        return False   # the cap is the engine's to count

    def description(self, text: Token | None) -> str | None:
        """The site's words for a hand, without its article: ``3-Card: 7, 2, A``."""
        return _description(text)

    def shows_hand(self, _text: Token) -> NoteOf:
        return NoteOf("hand")   # a hand named without its cards: nothing to replay

    def wins(self, _wins: Token, pot: str, money_: Token,
             description: Token | None) -> EventFactory:
        return functools.partial(Award, amount=self.amount(money_), pot=pot,
                                 description=_description(description))

    def side_pot(self, number: Token | None) -> str:
        return "side" if number is None else f"side {int(number)}"

    def numbered_pot(self, number: Token) -> str:
        return f"pot {int(number)}"

    def ante_back(self, money_: Token, name: Token) -> EventFactory:
        return self.uncalled(money_, name)

    def chat(self, _text: Token | None = None) -> NoteOf:
        return NoteOf("chat")

    def sitting_out(self) -> NoteOf:
        return NoteOf("table")

    waiting = sitting_out

    def timeout(self, *_words: Token) -> NoteOf:
        return NoteOf("timeout")

    timeout_notice = timeout

    def connection(self, *_words: Token) -> NoteOf:
        return NoteOf("connection")

    def news(self, *_words: Token) -> NoteOf:
        return NoteOf("table")

    def emote(self, _feeling: Token) -> NoteOf:
        return NoteOf("chat")

    observer_chat = emote

    def tournament_news(self, *_words: Token) -> NoteOf:
        return NoteOf("tournament")

    def level_notice(self, _text: Token) -> NoteOf:
        return NoteOf("tournament")

    def hand_notice(self, *_words: Token) -> NoteOf:
        return NoteOf("hand")   # "Hand #N has been canceled"

    # -- the summary
    def total(self, total: Token, *rest: object) -> EventFactory:
        rake = rest[-1] if rest else None
        return functools.partial(PotTotal, total=amount(total),
                                 rake=0 if not isinstance(rake, Token) else amount(rake))

    def pot_part(self, *_parts: object) -> None:
        return None

    def duration(self, _time: Token) -> None:
        return None

    def board(self, _cards: Token) -> None:
        return None

    def summary_seat(self, _number: Token, name: Token, _position: Token | None,
                     outcome: object) -> object:
        if isinstance(outcome, Collected):
            return dataclasses.replace(outcome, player=str(name))
        if outcome is None:
            return None
        return functools.partial(cast(EventFactory, outcome), player=str(name))

    def collected(self, money_: Token, *_mucked: object) -> Collected:
        return Collected(player="", amount=self.amount(money_))

    def showed_and_won(self, cards: Token, money_: Token, text: Token | None) -> Collected:
        return Collected(player="", amount=self.amount(money_), cards=read_cards(cards),
                         description=_description(text))

    def showed_and_lost(self, cards: Token, text: Token | None) -> EventFactory:
        # what a loser showed, and that he won nothing, restated: both are checked
        return functools.partial(SummaryResult, won=0, cards=read_cards(cards),
                                 description=_description(text))

    def mucked(self, cards: Token, _text: Token | None) -> EventFactory:
        # The only place a mucked hand's cards are told.
        return functools.partial(Muck, cards=read_cards(cards))

    def said_nothing(self, *_items: object) -> None:
        return None   # restates the play


def _summary_awards(collected: list[tuple[int, Collected]]) -> list[Award]:
    """The summary's collections as the awards, where the play states none."""
    return [Award(player=item.player, amount=item.amount, description=item.description,
                  line=line) for line, item in collected]


def _summary_results(collected: list[tuple[int, Collected]]) -> list[SummaryResult]:
    """What the summary says each winner collected, over all his lines, at the last, with
    what it says he showed."""
    won: dict[str, SummaryResult] = {}
    for line, item in collected:
        before = won.get(item.player)
        won[item.player] = SummaryResult(
            player=item.player, line=line, won=item.amount + (before.won if before else 0),
            cards=item.cards if item.cards is not None or before is None else before.cards,
            description=item.description if item.description is not None or before is None
            else before.description)
    return list(won.values())



def _when(text: str, date_format: str) -> datetime:
    time_format = "%H:%M:%S" if text.count(":") == 2 else "%H:%M"
    try:
        return dated(datetime.strptime(text, f"{date_format} {time_format}"))
    except ValueError as error:
        raise LineError(f"{text!r} is not a date and time: {error}", 1) from None


# -- names with blanks ----------------------------------------------------------------------

_SUMMARY_SEAT = re.compile(r"Seat \d+: ")
_RETURNED = " returned to "


def _name_at(text: str, start: str) -> int:
    """Where a player's name starts in a line (-1: the line names nobody first)."""
    if start == "summary_line":
        match = _SUMMARY_SEAT.match(text)
        return match.end() if match else -1
    if text.startswith(("Seat ", "*** ")):
        return -1
    if text.startswith("Dealt to "):
        return len("Dealt to ")
    if text.startswith(("Uncalled bet of ", "Ante of ")):
        at = text.find(_RETURNED)
        return at + len(_RETURNED) if at >= 0 else -1
    return 0


def _shape(text: str, start: str, names: Iterable[str]) -> tuple[str, str | None, int]:
    """``text`` with the seated name where a name starts put as :data:`_STAND_IN`.

    Returns the line to parse, the name put aside (or ``None``) and where it was.
    ``names`` are longest first, so "Bob Smith" wins over "Bob".

    >>> _shape("Steve Zolotow raises to $40", "line", ["Steve Zolotow", "Steve"])
    ('¶ raises to $40', 'Steve Zolotow', 0)
    """
    at = _name_at(text, start)
    if at < 0:
        return text, None, -1
    for name in names:
        end = at + len(name)
        if text.startswith(name, at) and text[end:end + 1] in ("", " ", ":"):
            return text[:at] + _STAND_IN + text[end:], name, at
    return text, None, -1


# -- a hand --------------------------------------------------------------------------------

@dataclass(slots=True)
class _Lines:
    """What a hand's lines say, in the log's order."""

    events: list[Event] = dataclasses.field(default_factory=list)
    texts: dict[int, str] = dataclasses.field(default_factory=dict)
    collected: list[tuple[int, Collected]] = dataclasses.field(default_factory=list)
    errors: list[LineError] = dataclasses.field(default_factory=list)
    names: list[str] = dataclasses.field(default_factory=list)
    dealt: bool = False
    drawing: bool = False   # a draw has begun: a deal then is the cards a player draws


class FullTiltHands:
    """Assembles each hand of a Full Tilt log (see :mod:`.site`); the lines read in a
    log are kept for the log (:data:`_LineCache`)."""

    def __init__(self) -> None:
        self.lines: _LineCache = {}

    def assemble(self, block: LineBlock, source: str) -> SiteHand | SkippedHand:
        header = _header(block)
        hand_id = str(HandId(site="fulltilt", number=str(header.number)))
        if header.game.game is None:
            return SkippedHand(game=header.game.name, hand_id=hand_id, source=source,
                               line=block.start)
        ruleset = _ruleset(header, header.game.game)
        if header.partial:
            events: list[Event] = [Note(kind="hand", line=block.start, text=(
                "a partial hand: Full Tilt wrote only part of it, so it is not replayed"))]
            errors: list[LineError] = []
        else:
            if len(self.lines) > _MAX_NAME_SETS:
                self.lines.clear()
            lines = _read_lines(block, self.lines)
            if lines.dealt and not lines.collected and not any(
                    type(e) is Award or calls_off(e) for e in lines.events):
                raise LineError("the hand ends without a line such as 'Hero wins the pot "
                                "($0.81)'", 0, block.last_line)
            events, errors = _in_play_order(lines, ruleset.hand_size), lines.errors
        hand = Hand(hand_id=hand_id, number=header.number, ruleset=ruleset, events=events,
                    source=source, line=block.start, started_at=header.started_at,
                    unit=CENTS if header.stakes.cash else 1, site="fulltilt",
                    currency=header.currency, table=header.table,
                    tournament=header.tournament_id, buy_in=header.buy_in,
                    hero=hero_of(events))
        site = SiteHand(hand, header.table, errors=errors)
        if header.tournament is not None:
            when = header.started_at.strftime("%Y%m%d-%H%M%S")
            site.session_key = header.tournament
            site.session_id = f"fulltilt:{header.tournament}:{header.table}:{when}"
            site.title = f"{header.tournament}, table {header.table}"
        return site


def _header(block: LineBlock) -> Header:
    return parse_at(parse_line, block.lines[0], "header", block.start)  # type: ignore


def _ruleset(header: Header, game_id: Game) -> Ruleset:
    """The hand's stakes and ``game_id``, the game of the header (one read); a tournament
    takes no rake, nor does play money."""
    stakes, game = header.stakes, header.game
    cash = header.tournament is None
    if game.structure == "fixed":
        small_blind = _CASH_SMALL_BLINDS.get(stakes.low) if cash and stakes.cash else None
        return site_ruleset("fulltilt", stakes.low, stakes.high, header.max_players,
                            small_blind=small_blind, rake=cash and stakes.cash,
                            game=game_id,
                            structure=game.structure)
    # Pot and no limit: the stakes are the blinds.
    return site_ruleset("fulltilt", stakes.high, stakes.high, header.max_players,
                        small_blind=stakes.low, big_blind=stakes.high, rake=cash,
                        game=game_id, structure=game.structure)


#: What each line of a log read so far says, by the seated names (longest first) and
#: start rule it was read with: players sit at a table for many hands, and most lines
#: (``Player3 folds``) repeat.
_LineCache = dict[tuple[tuple[str, ...], str], dict[str, object]]
#: The cache's bounds: sets of names and start rules, and lines per set.
_MAX_NAME_SETS, _MAX_LINES = 32, 10_000


def _read_lines(block: LineBlock, cache: _LineCache) -> _Lines:
    """Every line of the hand after its first, each read or kept as an error."""
    lines = _Lines()
    start = "line"
    known, names = cache.setdefault(((), start), {}), 0
    for number, text in block.numbered(1):
        if len(lines.names) != names:   # a seat read: the names a line is read with
            known, names = cache.setdefault((tuple(lines.names), start), {}), len(lines.names)
        item = known.get(text, _UNREAD)
        if item is _UNREAD:
            if not text.strip():
                continue
            try:
                item = _parse(text, start, lines.names)
            except LineError as error:
                error.line = number
                lines.errors.append(error)
                continue
            if len(known) < _MAX_LINES and len(text) <= LONGEST_CACHED_LINE:
                known[text] = item
        _take(lines, item, number, text)
        if lines.events and type(lines.events[-1]) is Street:
            kind = lines.events[-1].kind
            lines.dealt = lines.dealt or kind == "deal"
            if kind == "summary" and start != "summary_line":
                start = "summary_line"
                known = cache.setdefault((tuple(lines.names), start), {})
    return lines


#: What :func:`_read_lines` finds for a line it has not read (``None`` is what a
#: line that says nothing to keep gives).
_UNREAD = object()


def _parse(text: str, start: str, names: list[str]) -> object:
    """The result of one line, its stand-in name given back the player's own."""
    shaped, name, at = _shape(text.strip(), start, names)
    indent = len(text) - len(text.lstrip())
    try:
        item = parse_line(shaped, start)
    except LineError as error:
        if name is not None and error.column > at + 1:
            error.column += len(name) - len(_STAND_IN)
        error.column += indent if error.column else 0
        raise
    if name is None:
        return item
    if isinstance(item, Collected):
        return dataclasses.replace(item, player=name)
    if isinstance(item, functools.partial):
        return functools.partial(item, player=name)
    return item


def _take(lines: _Lines, item: object, number: int, text: str) -> None:
    """Add what one line says to the hand."""
    if item is None:
        return
    if isinstance(item, NoteOf):
        lines.events.append(Note(kind=item.kind, text=text.strip(), line=number))
    elif isinstance(item, Collected):
        lines.collected.append((number, item))
    else:
        event = item(line=number)  # type: ignore[operator]
        if type(event) is Street and event.kind == "draw":
            lines.drawing = True
        elif type(event) is Deal and lines.drawing:
            # all his cards replaced, the hero's new hand is one list: "Dealt to Hero [..]"
            event = DrawnCards(player=event.player, cards=event.cards, line=event.line)
        lines.events.append(event)
        lines.texts[number] = text.strip()
        if type(event) is Seat:
            lines.names.append(event.player)
            lines.names.sort(key=len, reverse=True)


def _in_play_order(lines: _Lines, hand_size: int) -> list[Event]:
    """The events as the engine replays them.

    The seats, then the button (which decides the blinds, M1), then the play.
    A seated player of whom the hand says nothing else (no blind, no action, no
    cards) was not dealt in (T2): Full Tilt writes a line for everyone dealt in,
    if only a fold, and says "is sitting out" of some who are not (and of some
    who come back and play). Everyone else is dealt a hand. A hand that ends
    before the deal without a winner is a dead hand: nobody is dealt in and the
    blinds come back.
    """
    events = lines.events
    if not any(type(e) is Award for e in events):
        events = [*events, *_summary_awards(lines.collected)]   # only the summary says who won
    else:   # the summary restates what the play paid: the engine checks it (S1)
        events = [*events, *_summary_results(lines.collected)]
    if not lines.dealt and not any(type(e) is Award for e in events):
        return _dead_hand(lines)
    acting = {e.player for e in events if isinstance(e, PlayerEvent) and type(e) is not Seat}
    out = {e.player for e in events if type(e) is Seat and e.player not in acting}
    seats = [dataclasses.replace(e, in_hand=False) for e in events
             if type(e) is Seat and e.player in out]
    played = [e for e in events if type(e) is not Seat or e.player not in out]
    ordered = hidden_deals(table_first(played), hand_size)
    first_play = next((i for i, e in enumerate(ordered) if type(e) is not Seat), len(ordered))
    return [*ordered[:first_play], *seats, *ordered[first_play:]]


def _dead_hand(lines: _Lines) -> list[Event]:
    """A hand nobody was dealt: its seats, not dealt in, and its lines as notes."""
    seats = [dataclasses.replace(e, in_hand=False) for e in lines.events if type(e) is Seat]
    notes: list[Event] = [Note(kind="hand", line=seats[0].line if seats else 0,
                               text="a dead hand: no cards were dealt, no chips moved")]
    for event in lines.events:
        if type(event) in (Note, PotTotal):
            notes.append(event)
        elif type(event) is not Seat:
            notes.append(Note(kind="hand", text=lines.texts.get(event.line, ""),
                              line=event.line))
    return [*seats, *notes]


# -- the frequent lines, read without the grammar -------------------------------------------

#: The grammar's terminals, as its patterns write them (grammar/fulltilt.lark); one its
#: lexer takes whole is an atomic group (never given back for the rest to fit).
_AMOUNT = r"(?>[$€£]?\d{1,3}(?:,\d{3})+(?:\.\d\d?)?[KMB]?|[$€£]?\d+(?:\.\d\d?)?[KMB]?)"
_NAME = r"[^\s:()\[\],]+"
_CARDS = r"\[[^\[\]\n]*\]"
_TEXT = r"\S[^\n]*"
_SEAT_NAME = r"(?>[^\s(][^\n]*?(?= \([$€£]?\d[\d,.]*[KM]?\)))"
_ALL_IN = r"(?:(?P<all_in>,? and is all in)|,? and is capped)?"
_PLAYER = rf"(?P<name>{_NAME}) "
#: What builds each line's result: the transformer the grammar's parse runs.
_TILT = FullTiltTransformer()
_STREETS = {"HOLE CARDS": _TILT.deal_street(), "DRAW": _TILT.draw_street(),
            "SHOW DOWN": _TILT.showdown_street(), "SUMMARY": _TILT.summary_street(),
            **{f"{ordinal} DRAW": _TILT.draw_street(Token("ORDINAL", ordinal))
               for ordinal in ("FIRST", "SECOND", "THIRD")}}


def _acts(found: QuickMatch, verb: object) -> object:
    return _TILT.player_line(found["name"], verb)


def _summary_seat(found: QuickMatch, outcome: object) -> object:
    return _TILT.summary_seat(found["seat"], found["name"], found.optional("position"), outcome)


def _unless_observer(read: Callable[[str], object]) -> Callable[[str], object]:
    """``read``, but for a line the grammar's lexer takes as an observer's chat first (a
    terminal it tries before all others)."""
    def unless_observer(text: str) -> object:
        return NOT_READ if " (Observer):" in text else read(text)
    return unless_observer


#: A header's number and clock, which change from hand to hand, around the rest.
_TIME, _DATE = r"\d\d?:\d\d(?::\d\d)?", r"\d{4}/\d\d/\d\d"
_HEADER_SHAPE = re.compile(
    rf"(?P<title>Full ?Tilt ?Poker(?:\.[a-z]{{2,3}})? Game #)(?P<number>\d+)(?P<middle>: .* - )"
    rf"(?P<clock>(?P<time>{_TIME}) (?P<zone>[A-Z]{{1,5}}) - (?P<date>{_DATE})"
    rf"(?: \[(?P<et_time>{_TIME}) (?P<et_zone>[A-Z]{{1,5}}) - (?P<et_date>{_DATE})\])?)"
    r"(?P<partial> \(partial\))?")
#: The number and clock a header's shape is parsed with.
_SHAPE_NUMBER, _SHAPE_CLOCK = "0", "0:00 ET - 2000/01/01"


def _quick_header(text: str) -> object:
    """A hand's first line, its number and clock read apart and the rest (the table,
    stakes and game, a table's every hand the same) parsed once, as the line's shape.

    >>> _quick_header("Full Tilt Poker Game #7: Table T - $1/$2 - Limit Badugi - "
    ...               "10:18:16 ET - 2013/05/08").started_at
    datetime.datetime(2013, 5, 8, 10, 18, 16)
    """
    found = _HEADER_SHAPE.fullmatch(text)
    if found is None or (found["number"], found["clock"]) == (_SHAPE_NUMBER, _SHAPE_CLOCK):
        return NOT_READ   # (a shape is the grammar's to parse)
    parts = QuickMatch(found)
    try:
        shape = cast(Header, parse_line(f"{found['title']}{_SHAPE_NUMBER}{found['middle']}"
                                        f"{_SHAPE_CLOCK}{found['partial'] or ''}", "header"))
        return dataclasses.replace(shape, number=read_number(parts["number"]),
                                   started_at=_TILT.numeric_clock(
                                       parts["time"], parts["zone"], parts["date"],
                                       parts.optional("et_time"), parts.optional("et_zone"),
                                       parts.optional("et_date")))
    except LineError:
        return NOT_READ


_SUMMARY_SEAT_AT = (rf"Seat (?P<seat>\d+): (?P<name>{_NAME})"
                    r"(?: (?P<position>\((?:button|small blind|big blind)\)))? ")

#: By start rule, the shapes of most lines of real exports (a seated name put as its
#: stand-in): each read by its pattern and built by the transformer's methods, as the
#: grammar's parse builds it; any other line is parsed (tests/test_site_caches.py).
_QUICK = {
    "line": _unless_observer(quick_reader(
        # (a line's first word that is the grammar's own, "Ante" and "Hand" too, is never
        # a name: the lexer takes it as the keyword)
        re.compile(rf"(?:(Seat|Dealt|Uncalled|\*\*\*|The|Ante|Hand)(?= )|{_NAME} (\S+))"),
        quick_shapes(
            Seat=(rf"Seat (?P<seat>\d+): (?P<name>{_SEAT_NAME}) \((?P<stack>{_AMOUNT})\)"
                  r"(?:, is sitting out| \(sitting out\))?",
                  lambda found: _TILT.seat(found["seat"], found["name"], found["stack"], None)),
            Dealt=(rf"Dealt to (?P<name>{_NAME}) (?P<cards>{_CARDS})(?: (?P<drawn>{_CARDS}))?",
                   lambda found: _TILT.deal(found["name"], found["cards"],
                                            found.optional("drawn"))),
            Uncalled=(rf"Uncalled bet of (?P<amount>{_AMOUNT}) returned to (?P<name>{_NAME})",
                      lambda found: _TILT.uncalled(found["amount"], found["name"])),
            **{"***": (rf"\*\*\* (?P<street>{'|'.join(_STREETS)}) \*\*\*"
                       r"(?: (?P<note>\([^\n]*\)))?",
                       lambda found: _TILT.street(_STREETS[found["street"]],
                                                  found.optional("note")))},
            The=(r"The button is in seat #(?P<seat>\d+)",
                 lambda found: _TILT.button(found["seat"])),
            **betting_shapes(_TILT, _PLAYER, _AMOUNT, _ALL_IN),
            posts=(rf"{_PLAYER}posts the (?P<blind>small|big) blind of (?P<amount>{_AMOUNT})"
                   rf"{_ALL_IN}",
                   lambda found: _acts(found, _TILT.posts(found["blind"], found["amount"],
                                                          found.all_in()))),
            discards=(rf"{_PLAYER}discards (?P<count>\d+) cards?(?: (?P<cards>{_CARDS}))?",
                      lambda found: _acts(found, _TILT.discards(found["count"],
                                                                found.optional("cards")))),
            mucks=(rf"{_PLAYER}mucks(?: (?P<cards>{_CARDS}))?",
                   lambda found: _acts(found, _TILT.mucks(found.optional("cards")))),
            is_=(rf"{_PLAYER}is (?:dealt (?P<count>\d+) cards?|(?P<out>sitting out))",
                 lambda found: _acts(found, _TILT.sitting_out() if found.optional("out")
                                     else _TILT.drawn(found["count"]))),
            stands=(rf"{_PLAYER}stands pat(?: on)?(?: {_CARDS})?",
                    lambda found: _acts(found, _TILT.stands_pat())),
            shows=(rf"{_PLAYER}shows (?P<cards>{_CARDS})(?: (?P<text>{_TEXT}))?",
                   lambda found: _acts(found, _TILT.shows(found["cards"],
                                                          found.optional("text")))),
            wins=(rf"{_PLAYER}(?P<wins>wins) the (?P<main>main )?pot \((?P<amount>{_AMOUNT})\)"
                  rf"(?: with (?P<text>{_TEXT}))?",
                  lambda found: _acts(found, _TILT.wins(
                      found["wins"], _TILT.main_pot() if found.optional("main")
                      else _TILT.whole_pot(), found["amount"], found.optional("text")))),
        ))),
    "header": _quick_header,
    "summary_line": _unless_observer(quick_reader(re.compile(r"(Total|Seat)(?= )"), {
        "Total": (re.compile(rf"Total pot (?P<total>{_AMOUNT})(?: \| Rake (?P<rake>{_AMOUNT}))?"),
                  lambda found: _TILT.total(found["total"], found.optional("rake"))),
        "Seat": (re.compile(
            rf"{_SUMMARY_SEAT_AT}(?:collected \((?P<collected>{_AMOUNT})\)(?:, mucked)?"
            rf"|showed (?P<shown>{_CARDS}) and (?:won \((?P<won>{_AMOUNT})\)|lost)"
            rf"(?: with (?P<words>{_TEXT}))?"
            rf"|mucked (?P<mucked>{_CARDS})(?: - (?P<text>{_TEXT}))?"
            r"|is sitting out|(?:didn't bet|folded)[^\n]*)"),
            lambda found: _summary_seat(found, _outcome(found))),
    })),
}


def _outcome(found: QuickMatch) -> object:
    """What a summary's seat line says of the hand's end, as the grammar's rules build it."""
    if (collected := found.optional("collected")) is not None:
        return _TILT.collected(collected)
    if (won := found.optional("won")) is not None:
        return _TILT.showed_and_won(found["shown"], won, found.optional("words"))
    if (shown := found.optional("shown")) is not None:
        return _TILT.showed_and_lost(shown, found.optional("words"))
    if (mucked := found.optional("mucked")) is not None:
        return _TILT.mucked(mucked, found.optional("text"))
    return None   # (said_nothing: a hand lost, folded, or sat out restates the play)


READER = SiteReader(SiteSpec(
    name="fulltilt", grammar="fulltilt.lark", starts=("header", "line", "summary_line"),
    transformer=FullTiltTransformer, wording=_WORDING, header=marks.FULLTILT.pattern,
    initials=marks.FULLTILT.initials,
    header_starts=("Full",),
    first_line="a hand starting 'Full Tilt Poker Game #'", hands=FullTiltHands, quick=_QUICK,
    joined_header=re.compile(r"Full ?Tilt ?Poker(?:\.[a-z]{2,3})? Game #\d+: "
                             r"(?=.*\d{1,2}:\d{2}:\d{2})(?=.*\d{4}/\d{1,2}/\d{1,2})"),
    chat=re.compile(r"(?!Seat \d+: |Total pot |\*)[^:\[\]()]+: .*")))

fulltilt_parser = READER.parser
parse_line = READER.parse_line
read_fulltilt = READER.read
read_fulltilt_lines = READER.read_lines
sniff = READER.sniff
