"""OnGame's hand histories (docs/format.md, "OnGame exports"): a streaming reader.

>>> log = '''***** History for hand R5-91-14 *****
... Start hand: Sun Sep 11 15:26:27 EEST 2011
... Table: Irbid [91] (LIMIT FIVE_CARD_DRAW $1/$2, Real money)
... User: Ana B
... Button: seat 4
... Players in round: 2
... Seat 1: Ana B ($81.70)
... Seat 4: Bruno ($24.80)
... Bruno posts small blind ($0.50)
... Ana B posts big blind ($1)
... ---
... Dealing pocket cards
... Dealing to Ana B: [9d, Ts, Qc, 6c, 3c]
... Bruno folds
... ---
... Summary:
... Main pot: $1 won by Ana B ($1)
... Rake taken: $0
... Seat 1: Ana B ($82.20), net: +$0.50
... Seat 4: Bruno ($24.30), net: -$0.50
... ***** End of hand R5-91-14 *****
... '''
>>> session, hand = read_ongame(log)
>>> hand.hand_id, hand.ruleset.game, hand.ruleset.small_blind, hand.currency, hand.hero
('ongame#R5-91-14', '5cd', 50, 'USD', 'Ana B')
>>> hand.started_at.isoformat()
'2011-09-11T15:26:27+03:00'
>>> parse_line("raises $1.50 to $2 [all in]", "action")(player="Ana", line=3)
Raise(line=3, player='Ana', to=200, by=None, all_in=True)
>>> sniff("***** History for hand R5-174428515-248 *****"), sniff("Session #s1")
(True, False)

Names may hold blanks, so the reader takes the player's name off the front of
a line of play, knowing the names from the hand's seats, and parses the rest
with ``grammar/ongame.lark``. OnGame marks no street but the deal: the draw
begins at the first ``changed N cards`` line (:func:`~.hands.marked_draw`),
and the hero's draw is told by his whole new hand (``New hand for Hero: [...]``),
from which the reader reads what he threw and what he got. It writes no line
for an uncalled bet and leaves it out of the pot: the reader returns it
(:class:`~badugi_hh.events.UncalledReturned`, inferred) at the summary. A hand
of a game it does not read (Hold'em, Omaha, Stud, Razz) is a
:class:`~badugi_hh.events.SkippedHand` named by its game.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone, tzinfo
from typing import cast
from zoneinfo import ZoneInfo

from lark import Token, v_args

from badugi_hh.events import (
    Award, Button, Cards, Deal, Draw, Event, Hand, NetStated, Note, PostBlind, PotTotal,
    Raise, Seat, Show, SkippedHand, StackStated, Street, UncalledReturned,
)
from badugi_hh.hand_ids import HandId
from badugi_hh.ledger import hand_ledger
from badugi_hh.parsers import marks
from badugi_hh.parsers.common import (
    CENTS, CURRENCY_SIGNS, AmountFormat, EventFactory, LineError, Wording, dated, game_read,
    money, read_cards, read_name, read_number,
)
from badugi_hh.parsers.hands import (
    MAX_TABLE_SIZE, hero_of, hidden_deals, marked_draw, site_ruleset, table_first,
)
from badugi_hh.parsers.site import (
    ActionTransformer, SiteHand, SiteReader, SiteSpec, parse_at, unseated_line,
)
from badugi_hh.parsers.text import LineBlock
from badugi_hh.rules import Game, Ruleset, Structure

__all__ = ["READER", "ongame_parser", "parse_line", "read_ongame", "read_ongame_lines",
           "sniff"]

#: A hand's first line, and its hand id (``R5-174428515-248``, ``T5-569087-5``).
_SUMMARY_SEAT = re.compile(r"Seat (\d{1,9}): ")
#: ``Sun Sep 11 15:26:27 EEST 2011``: weekday, month, day, time, zone, year.
_WHEN = re.compile(r"[A-Za-z]{3} ([A-Za-z]{3}) +(\d{1,2}) (\d\d:\d\d:\d\d) (\S+) (\d{4})\s*$")
_GMT_OFFSET = re.compile(r"GMT([+-])(\d\d)(\d\d)")

#: The zones OnGame's clients print, by abbreviation: a summer or winter zone is one
#: offset; Moscow's moved (UTC+3, UTC+4 from March 2011 to October 2014), so its
#: offset is the IANA zone's on the day. ``GMT+0100`` is read as it says.
_ZONES: dict[str, tzinfo] = {
    **{name: timezone(timedelta(hours=hours), name) for name, hours in (
        ("UTC", 0), ("GMT", 0), ("WET", 0), ("WEST", 1), ("BST", 1), ("CET", 1), ("CEST", 2),
        ("EET", 2), ("EEST", 3), ("GST", 4), ("ET", -5), ("EST", -5), ("EDT", -4))},
    "MSK": ZoneInfo("Europe/Moscow"),
}

_STRUCTURES: dict[str, Structure] = {"LIMIT": "fixed", "POT_LIMIT": "pot", "NO_LIMIT": "no"}
#: How a skipped game is named in reports.
_SKIPPED_NAMES = {"TEXAS_HOLDEM": "Hold'em", "OMAHA_HI": "Omaha", "OMAHA_HI_LO": "Omaha Hi/Lo",
                  "SEVEN_CARD_STUD": "7 Card Stud", "SEVEN_CARD_STUD_HI_LO": "7 Card Stud Hi/Lo",
                  "RAZZ": "Razz"}

_WORDING = Wording({
    "HAND_ID": "a hand id such as R5-174428515-248", "QUOTED": "a name in double quotes",
    "TOURNAMENT_ID": "a tournament id such as R-271-14",
    "WHEN": "a date such as Sun Sep 11 15:26:27 EEST 2011",
    "TABLE_NAME": "a table's name, then its number in brackets",
    "LIMIT": "LIMIT, POT_LIMIT or NO_LIMIT", "GAME": "a game such as FIVE_CARD_DRAW",
    "MONEY_KIND": "Real money, Play money, TC or Chips", "SEAT_NAME": "a player's name and stack",
    "DEALT_NAME": "a player's name", "WINNER_NAME": "a player's name and his share",
    "AMOUNT": "an amount such as $0.50", "SIGNED_AMOUNT": "a result such as +$0.50",
    "HALF": "High or Low", "INT": "a number",
    "COUNT": "a number of cards", "CARDS": "cards in brackets such as [9d, Ts, Qc, 6c, 3c]",
    "DESCRIPTION": "a description in parentheses", "TEXT": "a name",
    "_MARKER": "'---' alone",
}, places=(("CHECKS", "an action like 'calls $1' (posts, checks, folds, bets, calls, "
                      "raises, changed, shows, sits out)"),))


@dataclass(frozen=True, slots=True)
class Tournament:
    """``(TOURNAMENT: "Freeroll", R-271-14, buy-in: €1)``, as written."""

    name: str | None
    ident: str | None
    buy_in: str | None


@dataclass(frozen=True, slots=True)
class Header:
    """The first line of a hand."""

    hand_id: str
    tournament: Tournament | None


@dataclass(frozen=True, slots=True)
class TableLine:
    """``Table: Irbid [174428515] (LIMIT FIVE_CARD_DRAW $1/$2, Real money)``."""

    name: str
    game: str
    structure: Structure
    stakes: tuple[int, int]
    sign: str
    """The currency sign of the stakes (``$``), or ``""``."""
    money: str


@dataclass(frozen=True, slots=True)
class NewHand:
    """``New hand for Hero: [...]``: the hero's hand after his draw."""

    player: str
    cards: Cards
    column: int


@dataclass(frozen=True, slots=True)
class Rake:
    """``Rake taken: $0.25``, and the sign it is written with."""

    amount: int
    sign: str


#: ``sits out``: the player takes no part in the hand.
SITS_OUT = object()
#: What a summary's seat line gives: the player's stack, net and shown cards, as
#: factories waiting for his name and line.
SeatResult = tuple[EventFactory, ...]

#: An OnGame amount (``$0.50``, ``€1``, ``1,500``, ``$1,391.85``) in cents.
amount = AmountFormat(signs="$€£", bare="cents")


def _cards(token: Token) -> Cards:
    """``[9d, Ts, Qc]``: OnGame's commas are blanks to the shared card reader (which
    keeps each card's column); ``-`` is a card nobody saw (its stud lines)."""
    return read_cards(Token("CARDS", token.replace(",", " "), column=token.column), "-")


@v_args(inline=True)
class OnGameTransformer(ActionTransformer):
    """Each line's result, built while Lark parses it (no tree is built)."""

    amount = amount
    hidden = "-"

    def header(self, hand_id: Token, tournament: Tournament | None) -> Header:
        return Header(str(hand_id), tournament)

    def tournament(self, name: Token | None, ident: Token | None,
                   buy_in: Token | None) -> Tournament:
        return Tournament(None if name is None else name[1:-1],
                          None if ident is None else str(ident),
                          None if buy_in is None else str(buy_in))

    def start_time(self, when: Token) -> datetime:
        return _started_at(when)

    def table(self, name: Token, _number: Token, limit: Token, game: Token,
              stakes: tuple[tuple[int, int], str], _ante: Token | None,
              kind: Token) -> TableLine:
        (small, big), sign = stakes
        return TableLine(str(name).removeprefix("[SPEED]").strip(), str(game),
                         _STRUCTURES[str(limit)], (small, big), sign, str(kind))

    def stakes(self, small: Token, big: Token) -> tuple[tuple[int, int], str]:
        sign = next((mark for mark in "$€£" if mark in small + big), "")
        return (amount(small), amount(big)), sign

    def user(self, name: Token) -> str:
        return read_name(name)

    def button(self, seat: Token) -> int:
        return read_number(seat)

    def players(self, _count: Token, size: Token | None) -> int | None:
        return None if size is None else read_number(size)

    def seat(self, number: Token, name: Token, stack: Token) -> EventFactory:
        return functools.partial(Seat, player=read_name(name), seat=read_number(number),
                                 stack=amount(stack))

    def line(self, item: object = None) -> object:
        return item

    def action(self, verb: object) -> object:
        return verb

    def marker(self, _text: Token | None = None) -> None:
        return None

    def pocket_cards(self) -> EventFactory:
        return functools.partial(Street, kind="deal", number=1)

    def summary(self) -> EventFactory:
        return functools.partial(Street, kind="summary", number=1)

    def end(self, _hand_id: Token) -> None:
        return None

    def dealt(self, name: Token, cards: Token) -> EventFactory:
        return functools.partial(Deal, player=str(name), cards=_cards(cards))

    def new_hand(self, name: Token, cards: Token) -> NewHand:
        return NewHand(str(name), _cards(cards), cards.column or 0)

    def small_blind(self, paid: Token, all_in: bool | None) -> EventFactory:
        return self._post("small", paid, all_in)

    def big_blind(self, paid: Token, all_in: bool | None) -> EventFactory:
        return self._post("big", paid, all_in)

    def dead(self, paid: Token, all_in: bool | None) -> EventFactory:
        return self._post("dead", paid, all_in)

    def both(self, paid: Token, all_in: bool | None) -> EventFactory:
        return self._post("small+big", paid, all_in)

    def raises(self, _added: Token, to: Token, all_in: bool | None) -> EventFactory:
        # What he adds is not the raise's increment (the big blind raising adds less):
        # the round's total alone is the engine's.
        return functools.partial(Raise, to=amount(to), all_in=bool(all_in))

    def changed(self, count: Token) -> EventFactory:
        if int(count) == 0:
            return self.stands_pat()
        return self.discards(count, None)

    def shows(self, cards: Token, description: Token | None = None) -> EventFactory:
        return functools.partial(Show, cards=_cards(cards),
                                 description=self.description(description))

    def sits_out(self) -> object:
        return SITS_OUT

    def main_pot(self) -> str:
        return "main"

    def side_pot(self, number: Token) -> str:
        return f"side {read_number(number)}"

    def pot(self, name: str, total: Token, *winners: tuple[str, int]) -> tuple[object, ...]:
        awards = tuple(Award(player=player, amount=share, pot=name) for player, share in winners)
        return ("pot", amount(total), awards)

    def winner(self, name: Token, share: Token, _half: Token | None) -> tuple[str, int]:
        return read_name(name), amount(share)

    def rake(self, taken: Token) -> Rake:
        return Rake(amount(taken), next((mark for mark in "$€£" if mark in taken), ""))

    def seat_summary(self, stack: Token, net: Token | None, cards: Token | None,
                     description: Token | None) -> SeatResult:
        made: list[EventFactory] = [functools.partial(StackStated, amount=amount(stack))]
        if net is not None:
            made.append(functools.partial(NetStated, amount=money(net)))
        if cards is not None:
            made.append(functools.partial(Show, cards=_cards(cards),
                                          description=self.description(description)))
        return tuple(made)


def _started_at(when: Token) -> datetime:
    """``Sun Sep 11 15:26:27 EEST 2011`` as an aware time, in the zone it names."""
    column = when.column or 0
    found = _WHEN.match(when)
    if found is None:
        raise LineError(f"expected a date such as 'Sun Sep 11 15:26:27 EEST 2011', got "
                        f"{str(when)[:40]!r}", column)
    month, day, clock, zone_name, year = found.groups()
    zone = _zone(zone_name, column + found.start(4))
    try:
        local = dated(datetime.strptime(f"{year} {month} {day} {clock}", "%Y %b %d %H:%M:%S"))
    except ValueError as error:
        raise LineError(f"{when} is not a date and time: {error}", column) from None
    if isinstance(zone, ZoneInfo):   # the offset of the day: a fixed zone of that offset
        offset = zone.utcoffset(local) or timedelta(0)
        zone = timezone(offset, zone_name)
    return local.replace(tzinfo=zone)


def _zone(name: str, column: int) -> tzinfo:
    if (offset := _GMT_OFFSET.fullmatch(name)) is not None:
        sign, hours, minutes = offset.groups()
        delta = timedelta(hours=int(hours), minutes=int(minutes))
        return timezone(-delta if sign == "-" else delta, name)
    zone = _ZONES.get(name)
    if zone is None:
        raise LineError(f"the time zone {name[:20]!r} is not one OnGame writes (such as "
                        "EEST, CET or GMT+0100)", column)
    return zone


class _Hand:
    """The events of one hand as its lines are read."""

    def __init__(self) -> None:
        self.events: list[Event] = []
        self.seats: dict[int, str] = {}
        self.names: list[str] = []        # longest first, to take off a line's front
        self.sitting_out: set[str] = set()
        self.dealt: dict[str, Cards] = {}
        self.button: int | None = None
        self.size: int | None = None
        self.hero: str | None = None
        self.total = 0                    # the pots' sum, as the summary states them
        self.rake: Rake | None = None
        self.summary = False

    def read(self, text: str, number: int) -> None:
        """Read one line after the table line."""
        if self.summary and _SUMMARY_SEAT.match(text):
            self._read_summary_seat(text, number)
        elif not self.summary and text.startswith(_PREAMBLE):
            self._read_preamble(text, number)
        elif not self.summary and text.startswith("Seat "):
            seat = cast("Callable[..., Seat]", parse_at(parse_line, text, "seat", number))
            self._add_seat(seat(line=number))
        elif not self.summary and (name := self._name_at(text)) is not None:
            self._add_action(name, _parse_after(text, len(name), "action", number), number,
                             text)
        else:
            self._read_unnamed(text, number)

    def _read_unnamed(self, text: str, number: int) -> None:
        """A line no seated name starts: the hand's own (a marker, a deal, a pot), else,
        before the summary, a line of play by a name no seat holds, read as his (the
        engine reports him: G1)."""
        try:
            item = parse_at(parse_line, text, "line", number)
        except LineError:
            stranger = None if self.summary else unseated_line(parse_line, text)
            if stranger is None:
                raise
            self._add_action(*stranger, number, text)
        else:
            self._add_line(item, number)

    def _add_action(self, name: str, item: object, number: int, text: str) -> None:
        if item is SITS_OUT:
            self.sitting_out.add(name)
            self.events.append(Note(kind="table", text=text.strip(), line=number))
        else:
            self.events.append(item(player=name, line=number))  # type: ignore[operator]

    def _read_preamble(self, text: str, number: int) -> None:
        start = _PREAMBLE_STARTS[text.split(":", 1)[0]]
        item = parse_at(parse_line, text, start, number)
        if start == "user":
            self.hero = cast(str, item)
        elif start == "button":
            self.button = cast(int, item)
            self.events.append(Button(seat=self.button, line=number))
        else:
            self.size = cast("int | None", item)

    def _name_at(self, text: str) -> str | None:
        return next((name for name in self.names if text.startswith(name + " ")), None)

    def _add_seat(self, seat: Seat) -> None:
        self.events.append(seat)
        self.seats[seat.seat] = seat.player
        self.names = sorted(self.seats.values(), key=len, reverse=True)

    def _add_line(self, item: object, number: int) -> None:
        if isinstance(item, NewHand):
            self._add_new_hand(item, number)
        elif isinstance(item, tuple):   # a pot: its total, and each winner's share
            _, total, awards = item
            self.total += total
            self.events.extend(dataclasses.replace(award, line=number) for award in awards)
        elif isinstance(item, Rake):
            self.rake = item
        elif item is not None:
            event = item(line=number)  # type: ignore[operator]
            if type(event) is Deal:   # a name no seat holds too, as PokerStars reads it (G1)
                self.dealt[event.player] = event.cards
            elif type(event) is Street and event.kind == "summary":
                self.summary = True
            self.events.append(event)

    def _add_new_hand(self, new: NewHand, number: int) -> None:
        """The hero's draw, from his hand before it and after: what left it was thrown,
        what came was drawn. A ``changed N cards`` line of his before it is that draw."""
        old = self.dealt.get(new.player)
        if old is None:
            raise LineError(f"{new.player!r} was dealt no cards to draw to", new.column)
        discarded = tuple(card for card in old if card not in new.cards)
        drawn = tuple(card for card in new.cards if card not in old)
        self.dealt[new.player] = new.cards
        at = next((index for index in range(len(self.events) - 1, -1, -1)
                   if type(self.events[index]) is Draw
                   and self.events[index].player == new.player), None)  # type: ignore
        if at is None:
            self.events.append(Draw(player=new.player, discarded=discarded, drawn=drawn,
                                    line=number))
            return
        said = cast(Draw, self.events[at])
        if len(said.discarded) != len(discarded):
            raise LineError(f"{new.player} changed {len(said.discarded)} cards, but his new "
                            f"hand holds {len(drawn)} new ones", new.column)
        self.events[at] = Draw(player=new.player, discarded=discarded, drawn=drawn,
                               line=said.line)

    def _read_summary_seat(self, text: str, number: int) -> None:
        match = _SUMMARY_SEAT.match(text)
        assert match is not None
        name = self.seats.get(int(match.group(1)))
        rest = text[match.end():]
        if name is not None and rest.startswith(name + " "):
            made = cast(SeatResult, _parse_after(text, match.end() + len(name), "seat_summary",
                                                 number))
        else:
            name, made = self._stranger_in_summary(rest, match, name)
        shown = any(type(e) is Show and e.player == name for e in self.events)
        self.events.extend(make(player=name, line=number) for make in made
                           if not (shown and make.func is Show))  # type: ignore[attr-defined]

    def _stranger_in_summary(self, rest: str, match: re.Match[str], seated: str | None,
                             ) -> tuple[str, SeatResult]:
        """The name and claims of a summary's seat line that does not name its seat's
        player: one no seat holds (a misspelt one) is read as his, as PokerStars' reader
        reads it; the engine reports him (G1) and checks nothing he is said to hold."""
        stranger = unseated_line(parse_line, rest, "seat_summary")
        if stranger is None or stranger[0] in self.seats.values():
            raise LineError(f"seat {match.group(1)} is not "
                            f"{'seated' if seated is None else repr(seated) + ' then a result'}",
                            match.end() + 1)
        return stranger[0], cast(SeatResult, stranger[1])

    def finish(self, hand_size: int, equal_blinds: bool) -> list[Event]:
        """Seats first; a seated player named nowhere else, or sitting out, was not dealt
        in; every player dealt in gets a hidden deal the log does not show; the draw's
        marker before its first draw; the pot's total and rake at the summary.
        ``equal_blinds``: the stakes' blinds are one amount (``$1/$1``), which OnGame
        calls a big blind both times: the first is the small blind."""
        if equal_blinds:
            self._name_small_blind()
        named = {getattr(event, "player", None) for event in self.events
                 if type(event) not in (Seat, StackStated, NetStated)}
        events = [Seat(player=e.player, seat=e.seat, stack=e.stack, in_hand=False, line=e.line)
                  if type(e) is Seat and (e.player not in named or e.player in self.sitting_out)
                  else e for e in self.events]
        events = marked_draw(hidden_deals(table_first(events), hand_size))
        at = next((index for index, event in enumerate(events)
                   if type(event) is Street and event.kind == "summary"), len(events))
        line = events[at].line if at < len(events) else 0
        total = PotTotal(total=self.total, rake=self.rake.amount if self.rake else 0, line=line)
        return [*events[:at + 1], total, *events[at + 1:]]


    def _name_small_blind(self) -> None:
        posts = [index for index, event in enumerate(self.events) if type(event) is PostBlind]
        if posts and all(cast(PostBlind, self.events[i]).kind != "small" for i in posts):
            first = cast(PostBlind, self.events[posts[0]])
            if first.kind == "big":
                self.events[posts[0]] = dataclasses.replace(first, kind="small")


#: The lines between the table line and the seats, by their first words.
_PREAMBLE_STARTS = {"User": "user", "Button": "button", "Players in round": "players"}
_PREAMBLE = tuple(f"{words}: " for words in _PREAMBLE_STARTS)


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


def _returned(hand: Hand) -> list[Event]:
    """The hand's events with the part of the top bet nobody matched given back to its
    bettor at the summary: OnGame writes no line for it and leaves it out of the pot. Dead
    money (antes, a dead blind) is nobody's bet to match."""
    ledger = hand_ledger(hand)
    put_in = sorted((figures.put_in - figures.dead, name) for name, figures in ledger.items())
    events = hand.events
    if len(put_in) < 2 or put_in[-1][0] == put_in[-2][0]:
        return events
    at = next((index for index, event in enumerate(events)
               if type(event) is Street and event.kind == "summary"), len(events))
    returned = UncalledReturned(player=put_in[-1][1], amount=put_in[-1][0] - put_in[-2][0],
                                inferred=True, line=events[at].line if at < len(events) else 0)
    return [*events[:at], returned, *events[at:]]


class OnGameHands:
    """Assembles each hand of an OnGame log (see :mod:`.site`)."""

    def assemble(self, block: LineBlock, source: str) -> SiteHand | SkippedHand:
        header: Header = parse_at(parse_line, block.lines[0], "header", block.start)  # type: ignore
        hand_id = str(HandId(site="ongame", number=header.hand_id))
        if len(block.lines) < 3:
            raise LineError("expected the start time and the table line after the hand's "
                            "first line", 0, block.start)
        started_at = cast(datetime, parse_at(parse_line, block.lines[1], "start_time",
                                             block.line_of(1)))
        table = cast(TableLine, parse_at(parse_line, block.lines[2], "table", block.line_of(2)))
        game = game_read("ongame", table.game)
        if game is None:
            return SkippedHand(game=_skipped_name(table), hand_id=hand_id, source=source,
                               line=block.start)
        hand = _Hand()
        errors: list[LineError] = []
        for number, text in block.numbered(3):
            if not text.strip():
                continue
            try:
                hand.read(text, number)
            except LineError as error:
                error.line = error.line or number
                if not hand.summary and text.startswith("Seat "):
                    # a player whose seat is unread would make every line naming him an
                    # error of its own: the hand is lost, told once (as PokerStars')
                    raise
                errors.append(error)
        if not any(type(event) is Award for event in hand.events):
            raise LineError("the hand ends without a line such as 'Main pot: $1 won by Hero "
                            "($1)'", 0, block.last_line)
        tournament = header.tournament
        size = max([hand.size or MAX_TABLE_SIZE, *hand.seats])
        ruleset = _ruleset(table, game, size, rake=tournament is None)
        played = Hand(hand_id=hand_id, number=read_number(header.hand_id.rsplit("-", 1)[1]),
                      ruleset=ruleset, events=hand.finish(ruleset.hand_size, len(set(table.stakes)) == 1),
                      source=source,
                      line=block.start, started_at=started_at, unit=CENTS, site="ongame",
                      currency=_currency(table, hand.rake, tournament), table=table.name,
                      tournament=tournament.ident or tournament.name if tournament else None,
                      buy_in=tournament.buy_in if tournament else None)
        played.events = _returned(played)
        played.hero = hand.hero if hand.hero in hand.dealt else hero_of(played.events)
        return SiteHand(played, table.name, session_key=tournament, errors=errors)


def _currency(table: TableLine, rake: Rake | None, tournament: Tournament | None,
              ) -> str | None:
    """A tournament's chips: None. Play money: ``PLAY``. Real money: the stakes' sign's,
    else the rake's (some skins write the stakes bare and the rake with its sign)."""
    if tournament is not None or table.money in ("TC", "Chips"):
        return None
    if table.money == "Play money":
        return "PLAY"
    return CURRENCY_SIGNS.get(table.sign or (rake.sign if rake else ""))


def _ruleset(table: TableLine, game: Game, size: int, *, rake: bool) -> Ruleset:
    """Fixed limit: the stakes are the bets, the blinds half the small bet (rounded down,
    as OnGame posts $0.02 at $0.05/$0.10) and the small bet. Pot and no limit: they are
    the blinds."""
    small, big = table.stakes
    if table.structure == "fixed":
        return site_ruleset("ongame", small, big, size, game=game, rake=rake)
    return site_ruleset("ongame", big, big, size, game=game, rake=rake,
                        structure=table.structure, small_blind=small, big_blind=big)


def _skipped_name(table: TableLine) -> str:
    """``Razz``, ``Hold'em No Limit``: the game, and its structure unless fixed limit."""
    name = _SKIPPED_NAMES.get(table.game, table.game)
    structure = {"pot": "Pot Limit", "no": "No Limit"}.get(table.structure)
    return f"{name} {structure}" if structure else name


READER = SiteReader(SiteSpec(
    name="ongame", grammar="ongame.lark",
    starts=("header", "start_time", "table", "user", "button", "players", "seat", "line",
            "action", "seat_summary"),
    transformer=OnGameTransformer, wording=_WORDING, header=marks.ONGAME.pattern,
    initials=marks.ONGAME.initials,
    header_starts=("***** History for hand ",),
    first_line="a hand's first line, such as '***** History for hand R5-174428515-248 *****'",
    hands=OnGameHands, joined_header=re.compile(r"\*{5} History for hand [A-Z0-9-]+ \*{5}[ \t]*$")))

ongame_parser = READER.parser
parse_line = READER.parse_line
read_ongame = READER.read
read_ongame_lines = READER.read_lines
sniff = READER.sniff
