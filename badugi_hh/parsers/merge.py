"""Merge Gaming Network (Carbon Poker and its skins) XML hand histories: a streaming reader.

A Merge export is a list of XML elements with no root: a ``<description>``
naming the game and stakes, then one ``<game>`` per hand (docs/format.md).

>>> log = '''<description type="2-7 Lowball" stakes="Limit $1/$2"/>
... <game id="7-1" starttime="20110419085211" numholecards="5" gametype="67"
...  realmoney="true" data="20110419|Minnehaha (7)|7|7-1|false">
... <players dealer="3">
...   <player seat="1" nickname="Ana" balance="$30.00" dealtin="true" />
...   <player seat="3" nickname="Bruno" balance="$50.00" dealtin="true" />
... </players>
... <round id="BLINDS" sequence="1">
...   <event sequence="1" type="SMALL_BLIND" player="3" amount="0.50"/>
...   <event sequence="2" type="BIG_BLIND" player="1" amount="1.00"/>
... </round>
... <round id="PRE_FIRST_DRAW" sequence="2">
...   <event sequence="3" type="FOLD" player="3"/>
... </round>
... <round id="END_OF_FOLDED_GAME" sequence="3">
...   <winner amount="1.50" uncalled="false" potnumber="1" player="1" pottype="n"/>
... </round>
... </game>
... '''
>>> session, hand = read_merge(log)
>>> hand.hand_id, hand.ruleset.game, hand.ruleset.small_blind, hand.unit
('merge#7-1', '27td', 50, 100)
>>> hand.events[0]
Seat(line=5, player='Ana', seat=2, stack=3000, in_hand=True, sitting_out=False)
>>> hand.events[2]
Button(line=4, seat=4, player=None)

The file is fed to :class:`xml.etree.ElementTree.XMLPullParser` one line at a
time, inside a root element of our own, so each element is known with its
line and memory holds one ``<game>``. Malformed XML costs the hand it is in:
the error names file, line and column, and reading resumes at the next line
that starts a ``<game>`` or ``<description>``, with a fresh parser. A
``<!DOCTYPE`` (and so any entity declaration) is refused: it cannot follow
the root element, so it is a syntax error by construction.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from typing import cast

from badugi_hh.cards import Card, parse_card
from badugi_hh.events import (
    Award, Bet, Button, Call, Cards, Check, Deal, Draw, DrawnCards, Event, Fold, Hand, Muck,
    Note, ParseError, PostBlind, PotTotal, Raise, Record, Seat, SessionStart, Show,
    SkippedHand, Street, UncalledReturned,
)
from badugi_hh.hand_ids import HandId
from badugi_hh.parsers.common import (
    CENTS, CURRENCY_SIGNS, MAX_HAND_CHARACTERS, MAX_HAND_LINES, LineError, damage_before,
    damage_message, excerpt, money, read_name,
)
from badugi_hh.parsers.common import dated, game_read
from badugi_hh.parsers.hands import (
    HAND_SIZES, MAX_TABLE_SIZE, hero_of, return_unmatched, site_ruleset,
)
from badugi_hh.parsers.text import LogText, Source, open_log
from badugi_hh.rules import Game, Ruleset, Structure

__all__ = ["merge_reader", "read_merge", "read_merge_lines", "sniff"]

#: The root element wrapped around the file: a Merge export has none of its own.
_ROOT = "<merge>\n"

#: A line where reading may resume after malformed XML.
_RESUME = re.compile(r"\s*<(game|description)[\s>/]")

#: Merge's draw games we read, by the description's ``type`` and by the ``gametype`` /
#: ``multigametype`` code a mixed game's hand names its game by; every other game is
#: skipped by name.
#: How a skipped game is named, by its ``type`` or its code in a mixed game.
_SKIPPED_NAMES = {
    "Holdem": "Hold'em", "Omaha": "Omaha", "Omaha H/L8": "Omaha Hi/Lo",
    "5-Draw w/Joker": "5 Card Draw with a Joker",
    "7-Stud": "7 Card Stud", "7-Stud H/L8": "7 Card Stud Hi/Lo", "5-Stud": "5 Card Stud",
    "Razz": "Razz",
    "1": "Hold'em", "2": "Hold'em", "9": "Hold'em", "23": "Hold'em", "4": "Omaha",
    "34": "Omaha Hi/Lo", "35": "Omaha Hi/Lo", "37": "Omaha Hi/Lo", "38": "7 Card Stud",
    "39": "7 Card Stud", "41": "7 Card Stud", "42": "7 Card Stud", "43": "7 Card Stud Hi/Lo",
    "45": "7 Card Stud Hi/Lo", "46": "Razz", "47": "Razz", "49": "Razz",
}
_STRUCTURES: dict[str, Structure] = {
    "Limit": "fixed", "Pot Limit": "pot", "Half Pot Limit": "half-pot", "No Limit": "no"}

_STAKES = re.compile(
    r"(?P<structure>Half Pot Limit|Pot Limit|No Limit|Limit)"
    r"(?: Level (?P<level>\d+) Blinds (?P<level_sb>[\d.,]+)/(?P<level_bb>[\d.,]+))?"
    r"\s*\(?(?P<amounts>\$?[\d.,]+(?:/\$?[\d.,]+)*)?\)?")

#: Merge's fixed-limit small blinds that are not half the small bet (cents).
_LIMIT_SMALL_BLINDS = {5: 2, 25: 10, 500: 200, 1500: 1000, 2500: 1000}

#: Before this (Eastern time, the log's own), ``RAISE`` gave the chips added, not the total.
_RAISE_TO_SINCE = datetime(2010, 9, 8)

#: Merge's largest table, for a seat past the size a game does not state.
_LARGEST_TABLE = 10

_ROUND_STREETS: dict[str, tuple[str, int] | None] = {
    "BLINDS": None, "PRE_FIRST_DRAW": ("deal", 1), "FIRST_DRAW": ("draw", 1),
    "SECOND_DRAW": ("draw", 2), "THIRD_DRAW": ("draw", 3), "POST_FIRST_DRAW": None,
    "POST_SECOND_DRAW": None, "POST_THIRD_DRAW": None, "SHOWDOWN": ("showdown", 1),
    "END_OF_FOLDED_GAME": None, "END_OF_GAME": None, "GAME_CANCELLED": None,
}
_BLINDS = {"SMALL_BLIND": "small", "BIG_BLIND": "big", "INITIAL_BLIND": "big",
           "ANTE": "ante"}
_NOTES = {"CHAT": "chat", "DISCONNECTED": "connection", "RECONNECTED": "connection",
          "LEAVE": "table", "PLAYER_OUT": "tournament", "GAME_CANCELLED": "hand"}
#: How many elements a ``<game>`` may hold: more is not a hand, and would hold memory
#: (each could be an error of its own). Its lines are bounded like every reader's
#: hands (:data:`~badugi_hh.parsers.common.MAX_HAND_LINES`).
MAX_GAME_ELEMENTS = 5000
#: A line indented with blanks only (most of a file): nothing invisible before its text.
_INDENTED = re.compile(r"[ \t]*[!-~]")


@dataclass(frozen=True, slots=True)
class Description:
    """A ``<description>``: the game, its structure and stakes (cents), as written."""

    game: str
    tournament: bool
    structure: str
    amounts: tuple[int, ...]
    level: str | None = None
    """A tournament's blind level, ``4`` of ``No Limit Level 4 Blinds 40/80``."""
    sign: str = ""
    """The stakes' currency sign (``$``), or ``""``."""


def read_description(attrib: dict[str, str]) -> Description:
    """The game of ``<description type=".." stakes=".."/>``, or :class:`LineError`.

    >>> read_description({"type": "Badugi Tournament", "stakes": "Pot Limit ($0.05/$0.10)"})
    Description(game='Badugi', tournament=True, structure='Pot Limit', amounts=(5, 10), \
level=None, sign='$')
    >>> read_description({"type": "Holdem Tournament",
    ...                   "stakes": "No Limit Level 4 Blinds 40/80"}).level
    '4'
    """
    kind = attrib.get("type", "")
    game = kind.removesuffix(" Tournament")
    match = _STAKES.fullmatch(attrib.get("stakes", "").strip())
    if not game or match is None:
        raise LineError(f"expected a game and stakes such as type=\"Badugi\" stakes=\"Limit "
                        f"$1/$2\", got type={kind!r} stakes={attrib.get('stakes')!r}", 1)
    written = match["amounts"] or (f"{match['level_sb']}/{match['level_bb']}"
                                   if match["level_bb"] else "")
    try:
        amounts = tuple(money(text) for text in written.split("/") if text)
    except ValueError as error:   # an amount money() refused (too many decimals or digits)
        raise LineError(f"stakes: {error}", 1) from None
    sign = written[:1] if written[:1] in CURRENCY_SIGNS else ""
    return Description(game, game != kind, match["structure"], amounts, match["level"], sign)


class _Unclosed(Exception):
    """A ``<game>`` or ``<description>`` starts inside a game: that game was cut short."""


class _Oversized(Exception):
    """A ``<game>`` longer than any hand: it is dropped, and reading resumes after it."""


def _without_declaration(text: str) -> str:
    """``text`` with a leading ``<?xml ...?>`` blanked out (columns kept)."""
    stripped = text.lstrip()
    end = stripped.find("?>") if stripped.startswith("<?xml") else -1
    if end < 0:
        return text
    cut = len(text) - len(stripped) + end + 2
    return " " * cut + text[cut:]


def _started_at(text: str) -> datetime:
    """``20110419091134`` (ET, the site's clock) or ``2012/08/14 21:50:08 +0400``: the
    player's clock and its offset from UTC, which differs from one export to the next
    (``-0300``, ``-0400``, ``+0400`` in fpdb's corpus), so the time is kept with it.

    >>> _started_at("2012/08/14 21:50:08 +0400").isoformat()
    '2012-08-14T21:50:08+04:00'
    """
    for form, size in (("%Y/%m/%d %H:%M:%S %z", 25), ("%Y%m%d%H%M%S", 14),
                       ("%Y/%m/%d %H:%M:%S", 19)):
        try:
            moment = datetime.strptime(text[:size], form)
        except ValueError:
            continue
        try:
            return dated(moment)
        except ValueError as error:
            raise LineError(f"{text[:size]} is not a start time: {error}", 1) from None
    raise LineError(f"expected a start time such as 20110419091134, got {text[:30]!r}", 1)


def _raise_to(game: _Game) -> bool:
    """Whether the hand's ``RAISE`` gives the round total (a clock with an offset is of
    2012 on, long after the change)."""
    return game.started_at.tzinfo is not None or game.started_at >= _RAISE_TO_SINCE


def _cards(text: str) -> Cards:
    """``Qh,Tc,4s`` as cards; ``null`` is a card nobody sees (stud's, in mixed games)."""
    cards: list[Card | None] = []
    for word in text.split(","):
        word = word.strip()
        try:
            cards.append(None if word == "null" else parse_card(word))
        except ValueError:
            raise LineError(f"expected cards such as Qh,Tc,4s (null for a hidden card), "
                            f"got {word[:20]!r}", 1) from None
    return tuple(cards)


@dataclass(slots=True)
class _Game:
    """One ``<game>`` being read: its header, its events, the chips in the round."""

    hand_id: str
    number: int
    line: int
    table: str
    started_at: datetime
    description: Description
    real_money: bool
    tournament_table: str | None
    """A tournament's ``<id>-<table number>`` (``data``'s third field)."""
    game: Game | None
    skipped_name: str
    seats_stated: int | None
    events: list[Event | None] = field(default_factory=list)   # None: a show to come
    elements: int = 0
    characters: int = 0
    errors: list[LineError] = field(default_factory=list)
    texts: dict[int, str] = field(default_factory=dict)       # line -> text, of errors only
    seats: dict[str, str] = field(default_factory=dict)       # seat index -> player
    dealt_in: set[str] = field(default_factory=set)
    round: str = ""
    round_in: dict[str, int] = field(default_factory=dict)
    put_in: int = 0
    returned: int = 0
    paid: int = 0
    award_line: int = 0
    deal_at: int | None = None      # index of the deal marker in events
    deals: list[Event] = field(default_factory=list)
    held: dict[str, tuple[Card | None, ...]] = field(default_factory=dict)
    last_draw: dict[str, int] = field(default_factory=dict)   # player -> index of his Draw
    forced: dict[str, int] = field(default_factory=dict)      # blinds and antes posted
    reveals: dict[str, int] = field(default_factory=dict)   # player -> where his cards go

    def player(self, attrib: dict[str, str]) -> str:
        seat = attrib.get("player", "")
        name = self.seats.get(seat)
        if name is None:
            raise LineError(f"seat {seat!r} acts, but nobody sits there", 1)
        return name


class _MergeReader:
    """Feeds the lines to the XML parser and turns its elements into records."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.parser: ElementTree.XMLPullParser[ElementTree.Element] | None = None
        self.first_line = 0          # the file's line fed right after the root
        self.root: ElementTree.Element | None = None
        self.depth = 0
        self.description: Description | None = None
        self.game: _Game | None = None
        self.session: tuple[str, Ruleset] | None = None
        self.session_id = ""
        self.top: ElementTree.Element | None = None   # the <game> or <description> open
        self.started = False
        self.text = ""   # the line being fed: what an element's error quotes
        self.log: LogText | None = None   # the log read, whose runs of zeros it names

    # -- feeding lines -----------------------------------------------------------

    def feed(self, number: int, text: str) -> Iterator[Record]:
        if text and not "!" <= text[0] <= "~" and _INDENTED.match(text) is None:
            text = yield from self._undamaged(number, text)
        if self.game is not None:
            self.game.characters += len(text)
            if (number - self.game.line >= MAX_HAND_LINES
                    or self.game.characters > MAX_HAND_CHARACTERS):
                game, self.game, self.parser = self.game, None, None
                yield self._error(f"game {game.hand_id}: more than {MAX_HAND_LINES} lines or "
                                  f"{MAX_HAND_CHARACTERS:,} characters without its </game>",
                                  number, 0, game.texts[game.line])
        if not self.started:
            if not text.strip():
                return
            text = _without_declaration(text)
            if not text.strip():     # the declaration alone on its line
                return
            self.started = True
            if _RESUME.match(text) is None:
                yield self._error("expected a Merge export's <description> or <game> "
                                  "element", number, 1, text)
                return
        if self.parser is None and _RESUME.match(text) is None:
            return                   # what is left of a hand lost to malformed XML
        yield from self._feed(number, text, retry=True)

    def _undamaged(self, number: int, text: str) -> Generator[ParseError, None, str]:
        """``text``, with invisible characters before a ``<game>`` or ``<description>``
        (a damaged file) blanked out and reported: the game is read."""
        width = damage_before(text)
        message = damage_message(text, width, "game") if _RESUME.match(text, width) else None
        if message is None:
            return text
        yield self._error(message, number, 1, text, lost=False)
        return " " * width + text[width:]

    def _feed(self, number: int, text: str, *, retry: bool) -> Iterator[Record]:
        if self.parser is None:
            self._new_parser(number)
        parser = self.parser
        assert parser is not None
        self.text = text
        try:
            parser.feed(text + "\n")
            # the parser was asked for ("start" | "end", element) events only
            events = cast("Iterator[tuple[str, ElementTree.Element]]", parser.read_events())
            for kind, element in events:
                yield from self._element(kind, element, number)
        except ElementTree.ParseError as error:
            yield self._xml_error(error, number, text)
        except _Unclosed:
            game, self.game, self.parser = self.game, None, None
            where = f"game {game.hand_id}: " if game else ""
            yield self._error(f"{where}a new <{text.split()[0].lstrip('<')}> starts before "
                              "the </game> of this one", number, 1, text)
        except _Oversized:
            game, self.game, self.parser = self.game, None, None
            assert game is not None
            yield self._error(f"game {game.hand_id}: more than {MAX_GAME_ELEMENTS} elements: "
                              "not a hand", number, 1, game.texts[game.line])
            return
        else:
            return
        if retry and _RESUME.match(text):   # the broken hand ends here, the next starts
            yield from self._feed(number, text, retry=False)

    def close(self, last_line: int) -> Iterator[Record]:
        if self.game is not None:
            game, self.game = self.game, None
            yield self._error(f"game {game.hand_id}: the file ends inside the game (no "
                              "</game>)", last_line, 0, game.texts[game.line])

    def _new_parser(self, number: int) -> None:
        self.parser = ElementTree.XMLPullParser(events=("start", "end"))
        self.parser.feed(_ROOT)
        self.first_line = number
        self.root, self.depth = None, 0

    def _xml_error(self, error: ElementTree.ParseError, number: int, text: str) -> ParseError:
        line, column = getattr(error, "position", (2, 0))
        line = self.first_line + max(line, 2) - 2
        message = str(error).split(": line ")[0]
        if "<!DOCTYPE" in text:
            message = ("a DOCTYPE is refused: Merge exports have none, and its entities "
                       "could expand without bound")
            line, column = number, text.index("<!DOCTYPE")
        self.parser = None
        game, self.game = self.game, None
        where = f"game {game.hand_id}: " if game else ""
        return self._error(f"{where}malformed XML: {message}", line, column + 1, text,
                           lost=game is not None)

    def _error(self, message: str, line: int, column: int, text: str, *,
               lost: bool = True) -> ParseError:
        """An error, keeping an excerpt of its line (a line may hold thousands of elements,
        each an error)."""
        return ParseError(message=message, source=self.source, line=line, column=column,
                          text=excerpt(text, column), hand_lost=lost)

    # -- elements ------------------------------------------------------------------

    def _element(self, kind: str, element: ElementTree.Element, line: int,
                 ) -> Iterator[Record]:
        if self.root is None:        # our own root
            self.root = element
            return
        if kind == "start":
            self.depth += 1
            if self.depth > 1 and element.tag in ("game", "description"):
                raise _Unclosed
            if self.depth == 1:
                self.top = element
                yield from self._top_start(element, line)
            elif self.game is not None:
                self._child(kind, element, line)
            return
        self.depth -= 1
        if self.depth == 1 and self.top is not None:
            self.top.clear()         # a finished round: the tree holds no more than one
        if self.depth == 0:
            self.root.clear()        # a finished hand leaves nothing behind
            if element.tag == "game":
                yield from self._finish(line)
        elif self.game is not None:
            self._child(kind, element, line)

    def _top_start(self, element: ElementTree.Element, line: int) -> Iterator[Record]:
        try:
            if element.tag == "description":
                self.description = read_description(element.attrib)
            elif element.tag == "game":
                self.game = self._game(element.attrib, line)
                self.game.texts[line] = self.text   # what a game lost at the end shows
                if self.game.game is None:
                    yield SkippedHand(game=self.game.skipped_name, hand_id=self.game.hand_id,
                                      source=self.source, line=line)
                    self.game = None
            else:
                raise LineError(f"expected <description> or <game>, got <{element.tag}>", 1)
        except LineError as error:
            hand = element.attrib.get("id")
            where = (f"game {HandId(site='merge', number=hand)}: "
                     if element.tag == "game" and hand else "")
            yield self._error(where + error.message, line, error.column, self.text)

    def _game(self, attrib: dict[str, str], line: int) -> _Game:
        description = self.description
        if description is None:
            raise LineError("a <game> before any <description> of its game and stakes", 1)
        hand_id = attrib.get("id", "")
        match = re.fullmatch(r"\d+-(\d{1,9})", hand_id)
        if match is None:
            raise LineError(f"expected a game id such as 33423082-14, got {hand_id!r}", 1)
        data = attrib.get("data", "")
        fields = data.split("|") if "|" in data else data.split(":")
        table = fields[1].strip() if len(fields) > 1 else hand_id.split("-")[0]
        seats = attrib.get("seats", "")
        code = attrib.get("multigametype") or ""
        game = game_read("merge", code or description.game)
        name = _SKIPPED_NAMES.get(code or description.game, code and f"mixed game {code}"
                                  or description.game)
        return _Game(hand_id=str(HandId(site="merge", number=hand_id)), number=int(match[1]),
                     line=line, table=table,
                     started_at=_started_at(attrib.get("starttime", "")),
                     description=description, real_money=attrib.get("realmoney") != "false",
                     tournament_table=fields[2].strip() if description.tournament
                     and len(fields) > 2 else None,
                     game=game,
                     skipped_name=f"{name} {description.structure}",
                     seats_stated=int(seats) if seats.isdigit() and len(seats) < 3 else None)

    def _child(self, kind: str, element: ElementTree.Element, line: int) -> None:
        game = self.game
        assert game is not None
        if kind != "start":
            return
        game.elements += 1
        if game.elements > MAX_GAME_ELEMENTS:
            raise _Oversized
        handler = _START.get(element.tag)
        try:
            if handler is None:
                raise LineError(f"unknown element <{element.tag}>", 1)
            handler(self, game, element.attrib, line)
        except LineError as error:
            error.line = line
            game.errors.append(error)
            game.texts[line] = self.text   # the quarantine shows the damaged line
        except ValueError as error:   # an amount money() refused
            game.errors.append(LineError(str(error), 1, line))
            game.texts[line] = self.text

    # -- what each element becomes ---------------------------------------------------------

    def _players(self, game: _Game, attrib: dict[str, str], line: int) -> None:
        dealer = attrib.get("dealer", "")
        if not dealer.isdigit() or len(dealer) > 2:
            raise LineError(f"expected the dealer's seat, got {dealer!r}", 1)
        game.events.append(Button(seat=int(dealer) + 1, line=line))

    def _player(self, game: _Game, attrib: dict[str, str], line: int) -> None:
        seat, name = attrib.get("seat", ""), attrib.get("nickname", "")
        if not seat.isdigit() or len(seat) > 2 or not name:
            raise LineError(f"expected a seat number and a nickname, got seat={seat!r} "
                            f"nickname={name!r}", 1)
        read_name(name)   # refuses a name too long to be a player's
        game.seats[seat] = name
        in_hand = attrib.get("dealtin", "true") == "true"
        if in_hand:
            game.dealt_in.add(name)
        game.events.append(Seat(player=name, seat=int(seat) + 1,
                                stack=money(attrib.get("balance", "")), in_hand=in_hand,
                                line=line))

    def _round(self, game: _Game, attrib: dict[str, str], line: int) -> None:
        name = attrib.get("id", "")
        if name not in _ROUND_STREETS:
            raise LineError(f"unknown round {name!r}", 1)
        game.round = name
        street = _ROUND_STREETS[name]
        if street is None:
            return
        kind, number = street
        if kind == "draw":
            game.round_in.clear()
        if kind == "deal":
            game.deal_at = len(game.events)
        game.events.append(Street(kind=kind, number=number, line=line))  # type: ignore

    def _event(self, game: _Game, attrib: dict[str, str], line: int) -> None:
        kind = attrib.get("type", "")
        if kind in _NOTES:
            who = attrib.get("player")
            text = attrib.get("text", "")
            said = f"{who}: {text}" if kind == "CHAT" else f"{kind} {who or ''}".strip()
            game.events.append(Note(kind=_NOTES[kind], text=said, line=line))  # type: ignore
            return
        if kind in ("SHOW", "MUCK"):
            self._show(game, kind, game.player(attrib), line)
            return
        player = game.player(attrib)
        game.dealt_in.add(player)
        if kind in _BLINDS or kind == "RETURN_BLIND":
            self._blind(game, player, kind, money(attrib.get("amount", "")), line)
        elif kind in ("FOLD", "SIT_OUT"):
            game.events.append(Fold(player=player, line=line))
        elif kind == "CHECK":
            game.events.append(Check(player=player, line=line))
        elif kind == "DRAW":
            self._draw(game, player, attrib.get("text", ""), line)
        elif kind in ("CALL", "BET", "RAISE", "COMPLETE", "ALL_IN"):
            self._bet(game, player, kind, attrib.get("amount"), line)
        else:
            raise LineError(f"unknown event type {kind!r}", 1)

    def _show(self, game: _Game, kind: str, player: str, line: int) -> None:
        """A shown hand's cards follow in a ``<cards>`` element; a mucked one's may not.

        The winner of a pot nobody contests "mucks" too: he shows nothing.
        """
        if game.round != "SHOWDOWN":
            return
        game.reveals[player] = len(game.events)   # the order players show or muck in
        game.events.append(Muck(player=player, line=line) if kind == "MUCK" else None)

    def _blind(self, game: _Game, player: str, kind: str, amount: int, line: int) -> None:
        ruleset_bb = _big_blind(game)
        blind = _BLINDS.get(kind)
        if blind is None:   # RETURN_BLIND: a returning player's missed blinds
            blind = "small+big" if amount > ruleset_bb else "big" if amount == ruleset_bb \
                else "dead"
        live = 0 if blind in ("ante", "dead") else (
            min(amount, ruleset_bb) if blind == "small+big" else amount)
        game.round_in[player] = game.round_in.get(player, 0) + live
        game.put_in += amount
        game.forced[player] = game.forced.get(player, 0) + amount
        game.events.append(PostBlind(player=player, amount=amount, kind=blind,  # type: ignore
                                     line=line))

    def _draw(self, game: _Game, player: str, count: str, line: int) -> None:
        size = HAND_SIZES[game.game]  # type: ignore[index]
        if not count.isdigit() or int(count) > size:
            raise LineError(f"expected how many cards are drawn, 0 to {size}, got {count!r}", 1)
        game.last_draw[player] = len(game.events)
        game.events.append(Draw(player=player, discarded=(None,) * int(count), line=line))

    def _bet(self, game: _Game, player: str, kind: str, written: str | None,
             line: int) -> None:
        if written is None:
            if kind == "ALL_IN":   # a marker only, for a player all in already
                game.events.append(Note(kind="hand", text=f"{player} is all in", line=line))
                return
            raise LineError(f"{kind} without an amount", 1)
        amount = money(written)
        before = game.round_in.get(player, 0)
        highest = max(game.round_in.values(), default=0)
        if kind in ("RAISE", "COMPLETE") and _raise_to(game):
            amount -= before          # the round total it brings him to
        added = amount
        if added < 0:
            raise LineError(f"raises to {written}, less than the {before} he has in", 1)
        total = before + added
        all_in = kind == "ALL_IN"
        if kind == "CALL" or (all_in and total <= highest):
            event: Event = Call(player=player, amount=added, all_in=all_in, line=line)
        elif kind == "BET" or (all_in and highest == 0):
            event = Bet(player=player, amount=added, all_in=all_in, line=line)
        else:
            event = Raise(player=player, to=total, all_in=all_in, line=line)
        game.round_in[player] = total
        game.put_in += added
        game.events.append(event)

    def _cards(self, game: _Game, attrib: dict[str, str], line: int) -> None:
        kind = attrib.get("type", "")
        if kind not in ("HOLE", "DRAW_DRAWN_CARDS", "SHOWN", "MUCKED"):
            raise LineError(f"unknown cards type {kind!r}", 1)
        player = game.player(attrib)
        cards = _cards(attrib.get("cards", ""))
        if kind == "HOLE":
            game.deals.append(Deal(player=player, cards=cards, line=line))
            game.held[player] = cards
        elif kind == "DRAW_DRAWN_CARDS":
            self._drawn(game, player, cards, line)
        else:
            shown = (Show(player=player, cards=cards, line=line) if kind == "SHOWN"
                     else Muck(player=player, cards=cards, line=line))
            at = game.reveals.pop(player, None)
            if at is None:
                game.events.append(shown)
            else:
                game.events[at] = shown

    def _drawn(self, game: _Game, player: str, after: Cards, line: int) -> None:
        """The hand after a draw: what went and what came, against the hand before."""
        before = game.held.get(player)
        game.held[player] = after
        at = game.last_draw.get(player)
        if before is None or at is None or None in before or None in after:
            return
        draw = game.events[at]
        assert isinstance(draw, Draw)
        gone = tuple(card for card in before if card not in after)
        came = tuple(card for card in after if card not in before)
        if len(gone) != len(draw.discarded) or len(came) != len(gone):
            raise LineError(f"{player} draws {len(draw.discarded)}, but his hand changes by "
                            f"{len(came)} cards", 1)
        game.events[at] = Draw(player=player, discarded=gone, line=draw.line)
        if came:   # standing pat, he is dealt nothing
            game.events.append(DrawnCards(player=player, cards=came, line=line))

    def _winner(self, game: _Game, attrib: dict[str, str], line: int) -> None:
        player = game.player(attrib)
        amount = money(attrib.get("amount", ""))
        if attrib.get("uncalled") == "true":
            game.returned += amount
            game.events.append(UncalledReturned(player=player, amount=amount, line=line))
            return
        pot = attrib.get("potnumber", "1")
        game.paid += amount
        game.award_line = game.award_line or line
        game.events.append(Award(player=player, amount=amount, line=line,
                                 pot="" if pot == "1" else f"side {pot[:3]}",
                                 description=attrib.get("hand") or None))

    # -- a finished game ------------------------------------------------------------------

    def _finish(self, line: int) -> Iterator[Record]:
        game, self.game = self.game, None
        if game is None:
            return
        try:
            ruleset = self._ruleset(game)
        except LineError as error:
            yield self._error(f"game {game.hand_id}: {error.message}", game.line, 1,
                              game.texts[game.line])
            return
        events = _ordered(game, ruleset.hand_size)
        tournament = game.tournament_table
        hand = Hand(hand_id=game.hand_id, number=game.number, ruleset=ruleset,
                    events=[], source=self.source, line=game.line,
                    started_at=game.started_at, unit=CENTS, site="merge",
                    currency=_currency(game), table=tournament or game.table,
                    tournament=tournament.split("-")[0] if tournament else None,
                    level=game.description.level)
        # Merge marks some uncalled bets and folds others into the winner's amount.
        hand.events = return_unmatched(hand, events)
        hand.hero = hero_of(hand.events)
        for fault in game.errors:
            yield self._error(f"game {game.hand_id}: {fault.message}", fault.line,
                              fault.column, game.texts.get(fault.line, ""), lost=False)
        # zeros (a crash's, a disk repair's) inside the game took some of its text
        zeroed = self.log.zeroed(game.line, line - 1) if self.log is not None else set()
        if game.errors or zeroed:
            hand.damaged = tuple(sorted({fault.line for fault in game.errors} | zeroed))
        key = (game.table, ruleset)
        if self.session != key:
            self.session = key
            self.session_id = f"merge:{game.table}:{game.started_at:%Y%m%d-%H%M%S}"
            yield SessionStart(session_id=self.session_id, ruleset=ruleset, players=[],
                               title=game.table, started_at=game.started_at,
                               source=self.source, line=game.line)
        hand.session_id = self.session_id
        yield hand

    def _ruleset(self, game: _Game) -> Ruleset:
        description = game.description
        small_blind, big_blind, small_bet, big_bet = _stakes(description, game)
        seats = [event.seat for event in game.events if type(event) is Seat]
        size = game.seats_stated or MAX_TABLE_SIZE
        if game.seats_stated is None and max(seats, default=0) > size:
            size = _LARGEST_TABLE
        return site_ruleset("merge", small_bet, big_bet, size, small_blind=small_blind,
                            big_blind=big_blind, rake=not description.tournament,
                            game=game.game,
                            structure=_STRUCTURES[description.structure])


_START = {
    "players": _MergeReader._players, "player": _MergeReader._player,
    "round": _MergeReader._round, "event": _MergeReader._event,
    "cards": _MergeReader._cards, "winner": _MergeReader._winner,
}


def _stakes(description: Description, game: _Game | None) -> tuple[int, int, int, int]:
    """Small blind, big blind, small bet, big bet of a hand.

    A fixed-limit game states its bets, ``Limit $1/$2``: the big blind is the
    small bet, the small blind half of it, but for the odd sizes Merge rounds
    down (``$5/$10``: a $2 small blind). A pot-limit game states its blinds.
    A tournament that states none plays the blinds its hands post.
    """
    amounts = description.amounts
    if len(amounts) < 2 and game is not None:
        posted = {event.kind: event.amount for event in game.events
                  if type(event) is PostBlind}
        big = posted.get("big") or (amounts[0] if amounts else 0)
        if not big:
            raise LineError("neither the description nor the hand states the stakes", 1)
        amounts = (posted.get("small", big // 2), big, big, 2 * big)
    if len(amounts) < 2:
        return 0, 0, 0, 0
    if description.structure == "Limit":
        small_bet, big_bet = amounts[0], amounts[1]
        if len(amounts) == 4:
            return amounts
        return (_LIMIT_SMALL_BLINDS.get(small_bet, small_bet // 2), small_bet, small_bet,
                big_bet)
    small_blind, big_blind = amounts[0], amounts[1]
    return small_blind, big_blind, big_blind, big_blind


def _big_blind(game: _Game) -> int:
    """The big blind the description states, or the hand's own big blind so far."""
    amounts = game.description.amounts
    if len(amounts) >= 2:
        return _stakes(game.description, None)[1]
    return next((event.amount for event in game.events
                 if type(event) is PostBlind and event.kind == "big"),
                amounts[0] if amounts else 0)


def _ordered(game: _Game, hand_size: int) -> list[Event]:
    """The events as the engine expects them.

    Seats and the button first; the deals right after the deal marker (the
    hero's cards come at the end of the round, hidden deals for the others);
    a tournament's stacks with the blinds and antes added back, since Merge
    states them after the posts; the rake, which Merge does not state, as the
    pot less what was paid.
    """
    tournament = game.description.tournament
    seats: list[Event] = []
    for event in game.events:
        if type(event) is Seat:
            stack = event.stack
            if tournament and stack is not None:
                stack += game.forced.get(event.player, 0)
            seats.append(Seat(player=event.player, seat=event.seat, stack=stack,
                              in_hand=event.player in game.dealt_in, line=event.line))
    buttons = [event for event in game.events if type(event) is Button]
    events = [event for event in game.events
              if event is not None and type(event) not in (Seat, Button)]
    if game.deal_at is not None:
        at = next(index for index, event in enumerate(events)
                  if type(event) is Street and event.kind == "deal")
        dealt = {event.player for event in game.deals}  # type: ignore[attr-defined]
        line = events[at].line
        hidden = [Deal(player=seat.player, cards=(None,) * hand_size, line=line)  # type: ignore
                  for seat in seats if seat.in_hand and seat.player not in dealt]  # type: ignore
        events[at + 1:at + 1] = [*game.deals, *hidden]
    if game.award_line:
        pot = game.put_in - game.returned
        rake = pot - game.paid if not tournament and pot >= game.paid else 0
        events.append(PotTotal(total=None, rake=rake, line=game.award_line))
    return [*seats, *buttons, *events]


def _currency(game: _Game) -> str | None:
    """A tournament's chips: None; ``realmoney="false"``: ``PLAY``; else the stakes'
    sign's, and dollars where there is none: Merge's tables played in dollars."""
    if game.description.tournament:
        return None
    if not game.real_money:
        return "PLAY"
    return CURRENCY_SIGNS.get(game.description.sign, "USD")


def read_merge_lines(log: LogText) -> Iterator[Record]:
    """The records of a Merge export opened with :func:`~badugi_hh.parsers.text.open_log`."""
    return merge_reader(log.name)(log)


def merge_reader(source: str) -> Callable[[LogText], Iterator[Record]]:
    """A reader of the Merge parts of the log ``source``, which carries the game and
    stakes of the last ``<description>`` from one part to the next."""
    reader = _MergeReader(source)

    def read(log: LogText) -> Iterator[Record]:
        number = log.first_line - 1
        reader.log = log
        for number, text in enumerate(log, log.first_line):
            yield from reader.feed(number, text)
        yield from reader.close(number)
        yield from log.end_errors()
    return read


def read_merge(source: Source, name: str | None = None) -> Iterator[Record]:
    """Read a Merge export one record at a time (``source`` as for ``open_log``)."""
    with open_log(source, name) as log:
        yield from read_merge_lines(log)


def sniff(first_line: str) -> bool:
    """Whether a log whose first line that is not blank is this one is Merge's.

    >>> sniff('<description type="Badugi" stakes="Limit $1/$2"/>')
    True
    >>> sniff('<?xml version="1.0"?><game id="1-2" starttime="20110101000000">')
    True
    >>> sniff('<?xml version="1.0" encoding="utf-8"?>'), sniff("<session sessioncode='1'>")
    (False, False)
    """
    text = first_line.lstrip()
    if text.startswith("<?xml"):
        text = text[text.find("?>") + 2:].lstrip()
    return text.startswith(("<description ", "<game id="))
