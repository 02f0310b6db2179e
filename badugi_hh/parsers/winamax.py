"""Winamax's hand histories (docs/format.md, "Winamax exports"): a streaming reader.

>>> log = '''Winamax Poker - CashGame - HandId: #91-2-14 - Lowball27 fixed limit (0.50€/1€) - \\
... 2016/10/11 12:42:36 UTC
... Table: 'Suceava 02' 6-max (real money) Seat #1 is the button
... Seat 1: Ana B (20€)
... Seat 2: Bruno (13.05€)
... *** ANTE/BLINDS ***
... Ana B posts small blind 0.25€
... Bruno posts big blind 0.50€
... *** FIRST-BET ***
... Ana B folds
... Bruno collected 0.75€ from pot
... *** SUMMARY ***
... Total pot 0.75€ | No rake
... Seat 2: Bruno (big blind) won 0.75€
... '''
>>> session, hand = read_winamax(log)
>>> hand.hand_id, hand.ruleset.game, hand.ruleset.small_blind, hand.unit
('winamax#91-2-14', '27td', 25, 100)
>>> hand.events[3]
PostBlind(line=6, player='Ana B', amount=25, kind='small', all_in=False)
>>> parse_line("raises 0.50 to 1", "action")(player="Ana", line=3)
Raise(line=3, player='Ana', to=100, by=50, all_in=False)
>>> money("0.50€"), money("2047.50€"), money("6.02k"), money("$5")
(50, 204750, 602000, 500)
>>> sniff("Winamax Poker - CashGame - HandId: #1-2-3 - Lowball27"), sniff("Session #s1")
(True, False)

Names may hold blanks, so the reader takes the player's name off the front of
a line of play, knowing the names from the hand's seats, and parses the rest
with ``grammar/winamax.lark``. A seated player the hand never names again was
not dealt in (Winamax writes nothing for a player sitting out). Winamax's
``Total pot`` is what it paid out, uncalled bets included and the rake taken
off, so the hand's :class:`~badugi_hh.events.PotTotal` gives only the rake.
A hand of a game it does not read (Hold'em, Omaha, Stud, Razz) is a
:class:`~badugi_hh.events.SkippedHand` named by its game.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import cast
from datetime import datetime

from lark import Token, v_args

from badugi_hh.events import (
    Award, BlindKind, Button, Cards, Deal, DrawnCards, Event, Hand, Note, PostBlind, PotTotal,
    Raise, Seat, StreetKind,
    SkippedHand, Street, SummaryResult,
)
from badugi_hh.hand_ids import HandId
from badugi_hh.parsers import marks
from badugi_hh.parsers.common import (
    CENTS, CURRENCY_SIGNS, AmountFormat, EventFactory, LineError, Wording, read_cards,
    read_name, read_number,
)
from badugi_hh.parsers.common import dated, game_read
from badugi_hh.parsers.hands import (
    hero_of, hidden_deals, return_unmatched, site_ruleset, table_first,
)
from badugi_hh.parsers.site import (
    ActionTransformer, SiteHand, SiteReader, SiteSpec, parse_at, quick_reader,
    quick_shapes, unseated_line,
)
from badugi_hh.parsers.text import LineBlock
from badugi_hh.rules import Game, Ruleset

__all__ = ["READER", "money", "parse_line", "read_winamax", "read_winamax_lines",
           "sniff", "winamax_parser"]

#: A hand's first line (and its hand id, where it can be found).
_SUMMARY_SEAT = re.compile(r"Seat (\d{1,9}): ")
#: A tournament's table: its name, ``(<tournament id>)#<table number>``.
_TOURNAMENT_TABLE = re.compile(r"\((\d+)\)#\d+$")

#: The games read, by the header's name. Winamax dealt 2-7 triple draw as
#: "Lowball27" (2016 play money) and "2-7 Triple Draw"; no export of Badugi is
#: known, and its name is the one other sites use.
#: How a skipped game is named in reports.
_SKIPPED_NAMES = {"Holdem": "Hold'em", "Omaha5": "5 Card Omaha", "Omaha8": "Omaha Hi/Lo",
                  "7stud": "7-Card Stud", "7stud8": "7-Card Stud Hi/Lo"}
_STRUCTURES = {"fixed limit": "fixed", "pot limit": "pot", "no limit": "no"}
_STREETS: dict[str, tuple[StreetKind, int] | None] = {
    "ANTE/BLINDS": None, "PRE-FLOP": ("deal", 1), "FIRST-BET": ("deal", 1),
    "FIRST-DRAW": ("draw", 1), "SECOND-BET": ("betting", 2), "SECOND-DRAW": ("draw", 2),
    "THIRD-BET": ("betting", 3), "THIRD-DRAW": ("draw", 3), "FOURTH-BET": ("betting", 4),
    "SHOW DOWN": ("showdown", 1), "SUMMARY": ("summary", 1),
}

_WORDING = Wording({
    "HAND_ID": "a hand id such as #9160772-2-1476189756",
    "GAME": "a game such as Lowball27, then its limit", "LIMIT": "fixed, pot or no limit",
    "QUOTED": "a name in double quotes", "BUYIN": "the buy-in", "INT": "a number",
    "COUNT": "a number of cards", "TABLE_NAME": "a table's name in single quotes",
    "SIZE": "a table size such as 6-max", "MONEY_KIND": "(real money) or (play money)",
    "BUTTON_SEAT": "the button's seat such as #4", "SEAT_NAME": "a player's name and stack",
    "DEALT_NAME": "a player's name", "MONEY": "an amount such as 0.50€",
    "SIGNED_MONEY": "an amount such as 0.50€", "BLIND": "small or big",
    "CARD_WORD": "card or cards", "CARDS": "cards in brackets such as [3s 2c 5s Ks 8c]",
    "DESCRIPTION": "a description in parentheses", "STREET": "a street such as FIRST-DRAW",
    "POSITION": "(small blind), (big blind) or (button)", "WORD": "a word",
    "TEXT": "a description", "DATE": "a date such as 2016/10/11",
    "TIME": "a time such as 12:42:36", "FAST_FOLD": "Go Fast, HOLD-UP or ESCAPE",
}, places=(("CHECKS", "an action like 'calls 0.50€' (posts, denies, checks, folds, bets, "
                      "calls, raises, discard, stands pat, shows, collected)"),))


@dataclass(frozen=True, slots=True)
class Tournament:
    """``Tournament "Freeroll 150€" buyIn: 0€ + 0€ level: 4``, as written."""

    name: str
    buy_in: str
    level: str | None


@dataclass(frozen=True, slots=True)
class Header:
    """The first line of a hand."""

    hand_id: str
    tournament: Tournament | None
    game: str
    structure: str
    stakes: tuple[int, ...]
    started_at: datetime
    sign: str
    """The currency sign of the stakes (``€``), or ``""``."""


@dataclass(frozen=True, slots=True)
class TableLine:
    """``Table: 'Suceava 02' 6-max (play money) Seat #4 is the button``."""

    name: str
    size: int
    button: int | None
    money: str | None
    """``real money``, ``play money``, or None where the line does not say."""


@dataclass(frozen=True, slots=True)
class OutOfPosition:
    """``posts big blind 0.50 out of position``: the kind is settled by the reader."""

    blind: str
    amount: int
    all_in: bool


#: ``denies big blind``: the player sits out.
DENIES = object()


#: A Winamax amount (``0.50€``, ``2047.50€``, ``1500``, ``6.02k``, ``-6.10€``) in cents.
money = AmountFormat(signs="€$", bare="cents", scales={"k": 1000}, negative=True)


@v_args(inline=True)
class WinamaxTransformer(ActionTransformer):
    """Each line's result, built while Lark parses it (no tree is built)."""

    amount = money
    hidden = "X"

    def header(self, tournament: Tournament | None, hand_id: Token,
               game: tuple[str, str, tuple[tuple[int, ...], str]], date: Token,
               time: Token) -> Header:
        try:
            started_at = dated(datetime.strptime(f"{date} {time}", "%Y/%m/%d %H:%M:%S"))
        except ValueError as error:
            raise LineError(f"{date} {time} is not a date and time: {error}",
                            date.column) from None
        name, structure, (stakes, sign) = game
        return Header(str(hand_id)[1:], tournament, name, structure, stakes, started_at, sign)

    def game(self, name: Token, limit: Token, stakes: tuple[tuple[int, ...], str],
             ) -> tuple[str, str, tuple[tuple[int, ...], str]]:
        return str(name), _STRUCTURES[str(limit)], stakes

    def cash(self) -> None:
        return None

    def fast_fold(self, _kind: Token, _name: Token) -> None:
        return None

    def tournament(self, name: Token, buy_in: Token, level: Token | None) -> Tournament:
        return Tournament(name[1:-1], str(buy_in), None if level is None else str(level))

    def stakes(self, *amounts: Token | None) -> tuple[tuple[int, ...], str]:
        written = [str(amount) for amount in amounts if amount is not None]
        sign = next((mark for mark in "€$" if mark in written[-1]), "")
        return tuple(money(amount) for amount in written), sign

    def table(self, name: Token, size: Token, kind: Token | None,
              button: int | None) -> TableLine:
        return TableLine(name[1:-1], int(size.removesuffix("-max")), button,
                         None if kind is None else kind[1:-1])

    def button(self, seat: Token) -> int:
        return int(seat.lstrip("#"))

    def seat(self, number: Token, name: Token, stack: Token, _bounty: Token | None
             ) -> EventFactory:
        return functools.partial(Seat, player=read_name(name), seat=read_number(number),
                                 stack=money(stack))

    def line(self, item: object = None) -> object:
        return item

    def action(self, verb: object) -> object:
        return verb

    def out_of_position(self) -> bool:
        return True

    # Winamax's grammar gives a post more parts than the shared rule's: a transformer's
    # method takes what its own grammar's rule gives (hence the overrides' ignores).
    def posts(self, blind: Token, amount: Token,  # type: ignore[override]
              out_of_position: bool | None, all_in: bool | None) -> object:
        if out_of_position:
            return OutOfPosition(str(blind), self.amount(amount), bool(all_in))
        return self._post(cast(BlindKind, str(blind)), amount, all_in)


    def denies(self) -> object:
        return DENIES

    def raises(self, by: Token, to: Token, all_in: bool | None) -> EventFactory:
        # Winamax has been seen to write a negative increment: only the total is sure.
        increment = money(by)
        return functools.partial(Raise, to=money(to), by=increment if increment > 0 else None,
                                 all_in=bool(all_in))

    def discard(self, count: Token, _word: Token) -> EventFactory:
        return self.discards(count, None)

    def collected(self, amount: Token, pot: str) -> EventFactory:
        return self.award(amount, pot)

    def side_pot(self, number: Token) -> str:
        return f"side {int(number)}"

    def dealt(self, name: Token, cards: Token, drawn: Token | None) -> tuple[str, ...]:
        return ("dealt", str(name), read_cards(cards, "X"),  # type: ignore[return-value]
                None if drawn is None else read_cards(drawn, "X"))

    def street(self, name: Token) -> EventFactory | None:  # type: ignore[override]
        kind_number = _STREETS[str(name)]
        if kind_number is None:
            return None
        kind, number = kind_number
        return functools.partial(Street, kind=kind, number=number)

    def rake(self, _total: Token, rake: Token) -> EventFactory:
        return functools.partial(PotTotal, total=None, rake=money(rake))

    def no_rake(self, _total: Token) -> EventFactory:
        return functools.partial(PotTotal, total=None, rake=0)

    def seat_summary(self, *parts: object) -> object:
        return parts[-1]   # the outcome: the positions before it say nothing more

    def folded(self, *_parts: object) -> EventFactory:
        return functools.partial(SummaryResult, won=0)

    def won(self, amount: Token) -> EventFactory:
        return functools.partial(SummaryResult, won=money(amount))

    def showed(self, cards: Token, *won_and_words: Token) -> EventFactory:
        won = money(won_and_words[0]) if len(won_and_words) == 2 else 0
        return functools.partial(SummaryResult, won=won, cards=read_cards(cards, "X"),
                                 description=str(won_and_words[-1]))



class _Hand:
    """The events of one hand as its lines are read."""

    def __init__(self) -> None:
        self.events: list[Event] = []
        self.seats: dict[int, str] = {}
        self.names: list[str] = []        # longest first, to take off a line's front
        self.sitting_out: set[str] = set()
        self.street = ""                  # the kind of the last street marker
        self.summary = False

    def read(self, text: str, number: int) -> None:
        """Read one line after the table line."""
        if self.summary and _SUMMARY_SEAT.match(text):
            self._read_summary_seat(text, number)
        elif not self.street and not self.summary and text.startswith("Seat "):
            seat = cast("Callable[..., Seat]", parse_at(parse_line, text, "seat", number))
            self._add_seat(seat(line=number))
        elif (name := self._name_at(text)) is not None:
            item = _parse_after(text, len(name), "action", number)
            self._add_action(name, item, number, text)
        else:
            self._read_unnamed(text, number)

    def _read_unnamed(self, text: str, number: int) -> None:
        """A line no seated name starts: the hand's own (a street, a deal), else a line of
        play by a name no seat holds, read as his (the engine reports him: G1)."""
        try:
            item = parse_at(parse_line, text, "line", number)
        except LineError:
            stranger = unseated_line(parse_line, text)
            if stranger is None:
                raise
            self._add_action(*stranger, number, text)
        else:
            self._add_line(item, number)

    def _name_at(self, text: str) -> str | None:
        return next((name for name in self.names if text.startswith(name + " ")), None)

    def _add_seat(self, seat: Seat) -> None:
        self.events.append(seat)
        self.seats[seat.seat] = seat.player
        self.names = sorted(self.seats.values(), key=len, reverse=True)

    def _add_action(self, name: str, item: object, number: int, text: str) -> None:
        if item is DENIES:
            self.sitting_out.add(name)
            self.events.append(Note(kind="table", text=text.strip(), line=number))
        elif isinstance(item, OutOfPosition):
            self._add_out_of_position(name, item, number, text)
        else:
            self.events.append(item(player=name, line=number))  # type: ignore[operator]

    def _add_out_of_position(self, name: str, post: OutOfPosition, number: int,
                             text: str) -> None:
        """A small blind out of position is dead; with a big blind of 0 after it, it is
        both blinds at once; a big blind out of position is live."""
        if post.blind == "small":
            self.events.append(PostBlind(player=name, amount=post.amount, kind="dead",
                                         all_in=post.all_in, line=number))
            return
        last = next((index for index in range(len(self.events) - 1, -1, -1)
                     if type(self.events[index]) is PostBlind
                     and self.events[index].player == name), None)  # type: ignore
        previous = self.events[last] if last is not None else None
        if post.amount == 0 and type(previous) is PostBlind and previous.kind == "dead":
            self.events[last] = PostBlind(player=name, amount=previous.amount,  # type: ignore
                                          kind="small+big", line=previous.line,
                                          all_in=previous.all_in or post.all_in)
            self.events.append(Note(kind="table", text=text.strip(), line=number))
            return
        self.events.append(PostBlind(player=name, amount=post.amount, kind="big",
                                     all_in=post.all_in, line=number))

    def _add_line(self, item: object, number: int) -> None:
        if isinstance(item, tuple):
            _, name, cards, drawn = item
            self._add_dealt(name, cards, drawn, number)
        elif item is not None:
            event = item(line=number)  # type: ignore[operator]
            if type(event) is Street:
                self.street = event.kind
                self.summary = event.kind == "summary"
            self.events.append(event)

    def _add_dealt(self, name: str, cards: Cards, drawn: Cards | None, number: int) -> None:
        """The cards dealt to ``name``; one no seat holds (a misspelt name) is his, as in
        PokerStars' reader: the engine reports him (G1) and the cards are nobody's."""
        if drawn is None:
            self.events.append(Deal(player=name, cards=cards, line=number))
        elif self.street == "draw":   # after a draw: [kept] [received]
            self.events.append(DrawnCards(player=name, cards=drawn, kept=cards, line=number))
        else:
            self.events.append(Deal(player=name, cards=cards + drawn, line=number))

    def _read_summary_seat(self, text: str, number: int) -> None:
        """A summary's seat line. Its seat's player's restates the play, which the engine
        checks itself (and its ``won`` holds the uncalled bet Winamax returns unsaid): no
        event. A name no seat holds (a misspelt one) makes it a claim of his, as in
        PokerStars' reader: the engine reports him (G1) and checks nothing of it."""
        match = _SUMMARY_SEAT.match(text)
        assert match is not None
        name = self.seats.get(int(match.group(1)))
        rest = text[match.end():]
        if name is not None and rest.startswith(name + " "):
            _parse_after(text, match.end() + len(name), "seat_summary", number)
            return
        stranger = unseated_line(parse_line, rest, "seat_summary")
        if stranger is None or stranger[0] in self.seats.values():
            raise LineError(f"seat {match.group(1)} is not "
                            f"{'seated' if name is None else repr(name) + ' then a result'}",
                            match.end() + 1)
        claimant, claim = stranger
        self.events.append(claim(player=claimant, line=number))  # type: ignore[operator]

    def finish(self, hand_size: int) -> list[Event]:
        """Seats first; a seated player named nowhere else, or denying the big blind,
        was not dealt in; every player dealt in gets a hidden deal the log does not show."""
        named = {getattr(event, "player", None) for event in self.events
                 if type(event) is not Seat}
        events = [Seat(player=e.player, seat=e.seat, stack=e.stack, in_hand=False, line=e.line)
                  if type(e) is Seat and (e.player not in named or e.player in self.sitting_out)
                  else e for e in self.events]
        return hidden_deals(table_first(events), hand_size)


def _parse_after(text: str, offset: int, start: str, number: int) -> object:
    """``text`` from ``offset`` on (after a player's name) parsed from ``start``; an error's
    column is counted in the whole line."""
    rest = text[offset:]
    blanks = len(rest) - len(rest.lstrip())
    try:
        return parse_at(parse_line, rest.strip(), start, number)
    except LineError as error:
        if error.column:
            error.column += offset + blanks
        raise


class WinamaxHands:
    """Assembles each hand of a Winamax log (see :mod:`.site`)."""

    def assemble(self, block: LineBlock, source: str) -> SiteHand | SkippedHand:
        header: Header = parse_at(parse_line, block.lines[0], "header", block.start)  # type: ignore
        hand_id = str(HandId(site="winamax", number=header.hand_id))
        game = game_read("winamax", header.game)
        if game is None:
            return SkippedHand(game=_skipped_name(header), hand_id=hand_id, source=source,
                               line=block.start)
        if len(block.lines) < 2:
            raise LineError("expected the table line after the hand's first line", 0,
                            block.start)
        table: TableLine = parse_at(parse_line, block.lines[1], "table",  # type: ignore
                                    block.line_of(1))
        hand = _Hand()
        if table.button is not None:
            hand.events.append(Button(seat=table.button, line=block.line_of(1)))
        errors: list[LineError] = []
        for number, text in block.numbered(2):
            if not text.strip():
                continue
            try:
                hand.read(text, number)
            except LineError as error:
                error.line = error.line or number
                errors.append(error)
        if not any(type(event) is Award for event in hand.events):
            raise LineError("the hand ends without a line such as 'Ana collected 12.15€ "
                            "from pot'", 0, block.last_line)
        ruleset = _ruleset(header, game, table.size)
        number = read_number(header.hand_id.split("-")[1])
        tournament = header.tournament
        played = Hand(hand_id=hand_id, number=number, ruleset=ruleset, events=[],
                      source=source, line=block.start, started_at=header.started_at,
                      unit=CENTS, site="winamax", currency=_currency(header, table),
                      table=table.name, tournament=_tournament_id(header, table),
                      buy_in=tournament.buy_in if tournament else None,
                      level=tournament.level if tournament else None)
        # Winamax writes no line for an uncalled bet: it pays it with the pot.
        played.events = return_unmatched(played, hand.finish(ruleset.hand_size))
        played.hero = hero_of(played.events)
        return SiteHand(played, table.name, session_key=tournament and tournament.name,
                        errors=errors)


def _currency(header: Header, table: TableLine) -> str | None:
    """A tournament's chips: None. Play money: ``PLAY``. Real money: the stakes' sign's,
    euros where there is none (Winamax plays in euros); unstated, a sign says money."""
    if header.tournament is not None:
        return None
    if table.money == "play money":
        return "PLAY"
    sign = CURRENCY_SIGNS.get(header.sign)
    if table.money == "real money":
        return sign or "EUR"
    return sign or "PLAY"


def _tournament_id(header: Header, table: TableLine) -> str | None:
    """The id in a tournament's table name (``'Freeroll 150€(5142226)#004'``), else its
    name: the header states none.

    >>> free = Tournament("Freeroll 150€", "0€", "4")
    >>> bare = TableLine("Freeroll 150€(5142226)#004", 9, 1, None)
    >>> _tournament_id(Header("1-2-3", free, "Holdem", "no", (1, 2), None, ""), bare)
    '5142226'
    """
    if header.tournament is None:
        return None
    found = _TOURNAMENT_TABLE.search(table.name)
    return found.group(1) if found else header.tournament.name


def _ruleset(header: Header, game: Game, size: int) -> Ruleset:
    """Fixed limit: the last two stakes are the bets, the blinds half the small bet and
    the small bet (an ante, if any, comes first). Pot and no limit: they are the blinds."""
    small, big = header.stakes[-2:]
    size = max(size, 2)
    rake = header.tournament is None
    if header.structure == "fixed":
        return site_ruleset("winamax", small, big, size, game=game, rake=rake)
    return site_ruleset("winamax", big, big, size, game=game, rake=rake,
                        structure=header.structure,
                        small_blind=small, big_blind=big)


def _skipped_name(header: Header) -> str:
    """``Razz``, ``Hold'em No Limit``: the game, and its structure unless fixed limit."""
    name = _SKIPPED_NAMES.get(header.game, header.game)
    structure = {"pot": "Pot Limit", "no": "No Limit"}.get(header.structure)
    return f"{name} {structure}" if structure else name


# -- the frequent lines, read without the grammar -------------------------------------------

#: The grammar's terminals, as its patterns write them (grammar/winamax.lark); one its
#: lexer takes whole is an atomic group (never given back for the rest to fit).
_AMOUNT = r"(?>[€$]?\d{1,15}(?:\.\d{1,2})?k?[€$]?)"
_CARDS = r"\[[^\[\]\n]*\]"
_ALL_IN = r"(?P<all_in> and is all-in)?"
#: What builds each line's result: the transformer the grammar's parse runs.
_WINAMAX = WinamaxTransformer()


#: By start rule, the shapes of most lines of real exports: each read by its pattern and
#: built by the transformer's methods, as the grammar's parse builds it; any other line is
#: parsed (tests/test_site_caches.py compares the two).
_QUICK = {
    "action": quick_reader(re.compile(r"(\S+)"), quick_shapes(
        folds=(r"folds", lambda _found: _WINAMAX.folds()),
        checks=(r"checks", lambda _found: _WINAMAX.checks()),
        calls=(rf"calls (?P<amount>{_AMOUNT}){_ALL_IN}",
               lambda found: _WINAMAX.calls(found["amount"], found.all_in())),
        bets=(rf"bets (?P<amount>{_AMOUNT}){_ALL_IN}",
              lambda found: _WINAMAX.bets(found["amount"], found.all_in())),
        raises=(rf"raises (?P<by>(?>-?[€$]?\d{{1,15}}(?:\.\d{{1,2}})?[€$]?)) to "
                rf"(?P<to>{_AMOUNT}){_ALL_IN}",
                lambda found: _WINAMAX.raises(found["by"], found["to"], found.all_in())),
        posts=(rf"posts (?:(?P<blind>small|big) blind|ante) (?P<amount>{_AMOUNT}){_ALL_IN}",
               lambda found: _WINAMAX.posts(blind, found["amount"], None, found.all_in())
               if (blind := found.optional("blind")) is not None
               else _WINAMAX.antes(found["amount"], found.all_in())),
        discard=(r"discard (?P<count>\d+) (?P<word>cards?)",
                 lambda found: _WINAMAX.discard(found["count"], found["word"])),
        shows=(rf"shows (?P<cards>{_CARDS})(?: (?P<text>\([^\n]*\)))?",
               lambda found: _WINAMAX.shows(found["cards"], found.optional("text"))),
        collected=(rf"collected (?P<amount>{_AMOUNT}) from (?P<main>main )?pot",
                   lambda found: _WINAMAX.collected(
                       found["amount"], _WINAMAX.main_pot() if found.optional("main")
                       else _WINAMAX.whole_pot())),
    )),
    "seat": quick_reader(re.compile(r"(Seat)"), {"Seat": (
        re.compile(r"Seat (?P<seat>\d+): (?P<name>(?>\S[^\n]*?(?= \([^()\n]*\)\s*$))) "
                   rf"\((?P<stack>{_AMOUNT})\)"),
        lambda found: _WINAMAX.seat(found["seat"], found["name"], found["stack"], None))}),
    "line": quick_reader(re.compile(r"(\S+)"), {
        "***": (re.compile(rf"\*\*\* (?P<street>{'|'.join(map(re.escape, _STREETS))}) \*\*\*"),
                lambda found: _WINAMAX.street(found["street"])),
        "Dealt": (re.compile(rf"Dealt to (?P<name>(?>\S[^\n]*?(?= \[))) (?P<cards>{_CARDS})"
                             rf"(?: (?P<drawn>{_CARDS}))?"),
                  lambda found: _WINAMAX.dealt(found["name"], found["cards"],
                                               found.optional("drawn"))),
        "Total": (re.compile(rf"Total pot (?P<total>{_AMOUNT}) \| (?:Rake (?P<rake>{_AMOUNT})"
                             r"|No rake)"),
                  lambda found: _WINAMAX.no_rake(found["total"])
                  if (rake := found.optional("rake")) is None
                  else _WINAMAX.rake(found["total"], rake)),
    }),
}


READER = SiteReader(SiteSpec(
    name="winamax", grammar="winamax.lark",
    starts=("header", "table", "seat", "line", "action", "seat_summary"),
    transformer=WinamaxTransformer, wording=_WORDING, header=marks.WINAMAX.pattern,
    initials=marks.WINAMAX.initials,
    header_starts=("Winamax Poker - ",),
    first_line=("a hand's first line, such as 'Winamax Poker - CashGame - HandId: "
                "#9160772-2-1476189756 - Lowball27 fixed limit (0.50€/1€) - ...'"), hands=WinamaxHands,
    quick=_QUICK, joined_header=re.compile(r"Winamax Poker - .*HandId: #[\d-]+ - "
                                           r"(?=.*\d{4}/\d{1,2}/\d{1,2} \d{1,2}:\d{2}:\d{2})")))

winamax_parser = READER.parser
parse_line = READER.parse_line
read_winamax = READER.read
read_winamax_lines = READER.read_lines
sniff = READER.sniff
