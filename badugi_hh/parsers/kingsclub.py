"""KingsClub's hand histories of the draw games (docs/format.md): a streaming reader.

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
>>> hand.hand_id, hand.ruleset.small_blind, hand.unit
('kingsclub#7', 1500, 100)
>>> hand.events[0]
Seat(line=4, player='Ana', seat=1, stack=128500, in_hand=True, sitting_out=False)

Each line is parsed with ``grammar/kingsclub.lark``. KingsClub says a call
as the round's total it brings the caller to (``calls 90`` after raising to
60 adds 30); the reader keeps each player's live chips in the round to turn
that into the :class:`~badugi_hh.events.Call` amount the engine checks (B7).
It states no pot total, only the rake: the hand's
:class:`~badugi_hh.events.PotTotal` has ``total=None``. It returns an
uncalled bet without a word (its summary's stacks and nets count it back):
the reader states each return as an
:class:`~badugi_hh.events.UncalledReturned` at the ``*** SUMMARY ***`` line.
A hand of a game it does not read (Hold'em, Razz, A-5 single draw...) is a
:class:`~badugi_hh.events.SkippedHand` named by its game. A hand run twice
(``discards [Th] draws [8c] [Qs]``, ``Run 2: ... shows``, a ``Dealt to`` line in the
draw holding both runs' cards) has its first run as the play and each later run's
cards as :class:`~badugi_hh.events.RunCards`.

The reader is made from the site's spec (:class:`~badugi_hh.parsers.site.SiteSpec`):
``parse_line`` parses one line from a start rule of the grammar (cached: lines repeat),
``sniff`` says whether a log is KingsClub's:

>>> parse_line("Player1 bets 1,060.50", "line")(line=3)
Bet(line=3, player='Player1', amount=106050, all_in=False)
>>> sniff("#37732805: Limit Badugi - 30/60"), sniff("# a house comment")
(True, False)
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import cast
from datetime import datetime

from lark import Token, v_args

from badugi_hh.events import (
    Award, Bet, Button, Call, Cards, Deal, Draw, DrawnCards, Event, Hand, NetStated, Note,
    PostBlind, PotTotal, Raise, RunCards, Seat, Show, SkippedHand, StackStated, Street,
    UncalledReturned,
)
from badugi_hh.hand_ids import HandId
from badugi_hh.parsers import marks
from badugi_hh.parsers.common import (
    CENTS, AmountFormat, EventFactory, LineError, Wording, money, read_cards, read_name,
    read_number,
)
from badugi_hh.parsers.common import dated, game_read
from badugi_hh.parsers.hands import MAX_TABLE_SIZE, hero_of, site_ruleset, table_first
from badugi_hh.parsers.site import (
    ActionTransformer, QuickMatch, SiteHand, SiteReader, SiteSpec, betting_shapes, parse_at,
    quick_reader, quick_shapes,
)
from badugi_hh.parsers.text import LineBlock
from badugi_hh.rules import Game, Ruleset, Structure

__all__ = ["READER", "kingsclub_parser", "parse_line", "read_kingsclub",
           "read_kingsclub_lines", "sniff"]

#: A tournament's table: ``T<tournament> [<table>]`` (fpdb's reader knows it so).
_TOURNAMENT_TABLE = re.compile(r"T(\d+) \[\d+\]")

#: The games read, by the header's name. "2-7 Triple Draw Lowball" is how
#: trackers name KingsClub's game; the site's own header says "2-7 Triple Draw".
_STRUCTURES: dict[str, Structure] = {"Limit": "fixed", "Pot Limit": "pot", "No Limit": "no"}
#: How a skipped game is named in reports, where KingsClub's name is not the usual one.
_SKIPPED_NAMES = {"Holdem": "Hold'em", "Short Deck Holdem": "Short Deck Hold'em",
                  "Seven Card Stud": "7 Card Stud", "Seven Card Stud Hi-Lo": "7 Card Stud Hi-Lo"}

_WORDING = Wording({
    "NAME": "a player's name", "INT": "a number", "COUNT": "a number of cards",
    "AMOUNT": "an amount such as 1,285",
    "SIGNED_AMOUNT": "a result such as +298.25 or -270", "BLIND": "small or big",
    "ORDINAL": "1ST, 2ND, 3RD or 4TH", "CARDS": "cards in brackets such as [8d 7s 8h 9d]",
    "QUOTED": "a table's name in single quotes", "DATE": "a date such as 2020-10-30",
    "TIME": "a time such as 19:53:19", "STRUCTURE": "Limit, Pot Limit or No Limit",
    "GAME": "a game such as Badugi, then ' - ' and the stakes",
}, places=(("CHECKS", "':' or an action like 'Hero calls 90' (posts, checks, folds, bets, "
                      "calls, raises, draws, discards, stands pat, shows, sits out)"),))


@dataclass(frozen=True, slots=True)
class Header:
    """The first line of a hand: its number, game and stakes."""

    number: int
    structure: str
    game: str
    small: int
    big: int


@dataclass(frozen=True, slots=True)
class TableLine:
    """``Table 'Bronx  BT' Seat 1 is the button``."""

    name: str
    button: int


@dataclass(frozen=True, slots=True)
class CallTo:
    """``Hero calls 90``: a call up to a round total, made an amount by the reader."""

    to: int
    all_in: bool


@dataclass(frozen=True, slots=True)
class BothBlinds:
    """``Hero: posts blind 44``: the live big blind; the reader adds the dead small one."""

    big: int
    all_in: bool


@dataclass(frozen=True, slots=True)
class DealLine:
    """``Dealt to Hero: [...]``: a deal, or during a draw what the player received (in
    each run, when the hand is run twice); the reader tells which by the count."""

    player: str
    cards: Cards
    column: int


@v_args(inline=True)
class KingsClubTransformer(ActionTransformer):
    """Each line's result, built while Lark parses it (no tree is built)."""

    amount = AmountFormat(bare="cents")
    hidden = "X"

    def header(self, number: Token, structure: Token, game: Token, small: Token,
               big: Token) -> Header:
        return Header(read_number(number), str(structure), str(game), self.amount(small),
                      self.amount(big))

    def when(self, date: Token, time: Token) -> datetime:
        try:
            return dated(datetime.strptime(f"{date} {time}", "%Y-%m-%d %H:%M:%S"))
        except ValueError as error:
            raise LineError(f"{date} {time} is not a date and time: {error}",
                            date.column) from None

    def line(self, item: object = None) -> object:
        return item

    summary_line = line

    def table(self, name: Token, seat: Token) -> TableLine:
        return TableLine(name[1:-1], read_number(seat))

    def seat(self, number: Token, name: Token, stack: Token) -> EventFactory:
        return functools.partial(Seat, player=read_name(name), seat=read_number(number),
                                 stack=self.amount(stack))

    # KingsClub's rules give more than the shared ones (a call to an amount, both blinds at
    # once): a transformer's method returns what its own grammar's rule gives.
    def player_line(self, name: Token, verb: object) -> object:  # type: ignore[override]
        if isinstance(verb, (CallTo, BothBlinds)) or _is_note(verb):
            return str(name), verb
        if isinstance(verb, tuple):   # a draw run twice: each run's event
            return tuple(functools.partial(make, player=str(name)) for make in verb)
        return functools.partial(cast(EventFactory, verb), player=str(name))

    def posts_both(self, amount: Token, all_in: bool | None) -> BothBlinds:
        return BothBlinds(self.amount(amount), bool(all_in))

    def calls(self, to: Token, all_in: bool | None) -> CallTo:  # type: ignore[override]
        return CallTo(self.amount(to), bool(all_in))

    def draws(self, count: Token) -> EventFactory:
        # Only the count: the others' discards are not shown.
        return functools.partial(Draw, discarded=(None,) * self.card_count(count, "draws"))

    def hero_draw(self, thrown: Token, drawn: Token, second_run: Token | None,
                  ) -> EventFactory | tuple[EventFactory, EventFactory]:
        discarded, received = read_cards(thrown, "X"), read_cards(drawn, "X")
        for cards in (drawn, second_run):
            if cards is not None and len(read_cards(cards, "X")) != len(discarded):
                raise LineError(f"discards {len(discarded)} cards but draws "
                                f"{len(read_cards(cards, 'X'))}", cards.column)
        draw = functools.partial(Draw, discarded=discarded, drawn=received)
        if second_run is None:
            return draw
        return draw, functools.partial(RunCards, run=2, kind="drawn",
                                       cards=read_cards(second_run, "X"))

    def dealt_to(self, name: Token, cards: Token) -> DealLine:
        return DealLine(read_name(name), read_cards(cards, "X"), cards.column or 0)

    def sits_out(self) -> EventFactory:
        # A note keeps the line as written, which the reader adds.
        return functools.partial(Note, kind="table")

    def run(self, number: Token, name: Token, cards: Token) -> EventFactory:
        """``Run 2: Player4 shows [...]``: the first run's show is the hand's."""
        run, shown = read_number(number), read_cards(cards, "X")
        if run == 1:
            return functools.partial(Show, player=str(name), cards=shown)
        if run < 1:
            raise LineError(f"run {run}: the runs are numbered from 1", number.column)
        return functools.partial(RunCards, player=str(name), run=run, kind="shown", cards=shown)

    def seat_result(self, _number: Token, name: Token, stack: Token,
                    net: Token) -> tuple[EventFactory, ...]:
        return (functools.partial(StackStated, player=str(name), amount=self.amount(stack)),
                functools.partial(NetStated, player=str(name), amount=money(net)))

    def rake(self, amount: Token) -> EventFactory:
        return functools.partial(PotTotal, total=None, rake=self.amount(amount))

    def whole_pot_award(self, name: Token, amount: Token) -> EventFactory:
        return functools.partial(Award, player=str(name), amount=self.amount(amount))

    pot_award = whole_pot_award

    def side_pot_award(self, name: Token, amount: Token, number: Token) -> EventFactory:
        return functools.partial(Award, player=str(name), amount=self.amount(amount),
                                 pot=f"side {int(number)}")


def _is_note(item: object) -> bool:
    return isinstance(item, functools.partial) and item.func is Note


class _Hand:
    """The events of one hand as its lines are read.

    ``round_in`` is each player's live chips in the betting round: what a
    "calls 90" is counted from, and what tells, when the round closes, the
    part of the top bet nobody matched, which KingsClub returns unsaid.
    """

    def __init__(self, small_blind: int, hand_size: int) -> None:
        self.events: list[Event] = []
        self.hand_size = hand_size
        self.drawn: dict[str, Draw] | None = None   # each one's draw in the draw under way
        self.table: TableLine | None = None
        self.small_blind = small_blind
        self.round_in: dict[str, int] = {}
        self.put_in: dict[str, int] = {}   # each one's chips into the pot, all rounds
        self.returns: dict[str, int] = {}
        self.summary = False

    def add(self, item: object, line: int, text: str) -> None:
        if isinstance(item, tuple):     # most lines: a player's, or a line's events
            said = item[1]
            if isinstance(said, CallTo):
                self._add(Call(player=item[0], amount=said.to - self.round_in.get(item[0], 0),
                               all_in=said.all_in, line=line))
            elif isinstance(said, BothBlinds):
                self._add(PostBlind(player=item[0], amount=said.big + self.small_blind,
                                    kind="small+big", all_in=said.all_in, line=line))
            elif _is_note(said):
                self._add(said(text=text.strip(), line=line))
            else:
                for make in item:
                    self._add(make(line=line))
        elif isinstance(item, TableLine):
            self.table = item
            self.events.append(Button(seat=item.button, line=line))
        elif isinstance(item, DealLine):
            for event in self._dealt(item, line):
                self._add(event)
        elif item is not None:
            self._add(item(line=line))  # type: ignore[operator]

    def _dealt(self, deal: DealLine, line: int) -> list[Event]:
        """A deal; during a draw, the cards the player received there: as many as he
        discarded, or twice as many when the hand is run twice (the first run's, then
        the second's), or his whole hand restated."""
        count = len(deal.cards)
        if self.drawn is None or count == self.hand_size:
            return [Deal(player=deal.player, cards=deal.cards, line=line)]
        draw = self.drawn.get(deal.player)
        wanted = len(draw.discarded) if draw is not None else None
        if wanted and count in (wanted, 2 * wanted):
            made: list[Event] = [DrawnCards(player=deal.player, cards=deal.cards[:wanted],
                                            line=line)]
            if count > wanted:
                made.append(RunCards(player=deal.player, run=2, kind="drawn",
                                     cards=deal.cards[wanted:], line=line))
            return made
        said = (f"{deal.player} has not drawn yet" if wanted is None
                else f"{deal.player} drew {wanted}")
        raise LineError(f"{count} cards dealt during the draw, but {said}: neither his "
                        f"hand, his draw, nor the draw of each of two runs", deal.column, line)

    def _add(self, event: Event) -> None:
        kind = type(event)
        if kind is Draw and self.drawn is not None:
            self.drawn[event.player] = cast(Draw, event)   # type: ignore[attr-defined]
        if kind is Street:
            self.drawn = {} if event.kind == "draw" else None  # type: ignore[attr-defined]
            self._close_round()
            if event.kind == "summary":  # type: ignore[attr-defined]
                self.summary = True
                self.events.extend(UncalledReturned(player=name, amount=amount,
                                                    line=event.line)
                                   for name, amount in self.returns.items())
        self.events.append(event)
        if kind is PostBlind:
            blind = cast(PostBlind, event)
            self._put(blind.player, blind.amount)
            self._count(blind.player, self._live(blind))
        elif kind is Bet or kind is Call:
            self._put(event.player, event.amount)  # type: ignore[attr-defined]
            self._count(event.player, event.amount)  # type: ignore[attr-defined]
        elif kind is Raise:
            raise_ = cast(Raise, event)
            self._put(raise_.player, raise_.to - self.round_in.get(raise_.player, 0))
            self.round_in[raise_.player] = raise_.to

    def _live(self, blind: PostBlind) -> int:
        if blind.kind in ("ante", "dead"):
            return 0
        return blind.amount - self.small_blind if blind.kind == "small+big" else blind.amount

    def _count(self, name: str, amount: int) -> None:
        self.round_in[name] = self.round_in.get(name, 0) + amount

    def _put(self, name: str, amount: int) -> None:
        self.put_in[name] = self.put_in.get(name, 0) + amount

    def _unwritten_dead_blind(self) -> list[Event]:
        """A missed blind a returning player posts dead, which KingsClub leaves unwritten:
        the awards and rake pay more than the lines put in, and one player's stated net is
        short of what his lines give by just that (fpdb's regression file NL-2-7-SD-USD-125-
        250-202103.missed.sb.txt: "wins pot (1,350)" of 1,225 put in, the winner's net +875,
        not +1,000). The blind is his, posted dead with the others, where the gap is the
        small blind a missed one costs dead; any other gap (an award paid too much, which
        his net line contradicts alike) stays the audit's to report (S1)."""
        won: dict[str, int] = {}
        rake = 0
        for event in self.events:
            if isinstance(event, Award):
                won[event.player] = won.get(event.player, 0) + event.amount
            elif isinstance(event, PotTotal):
                rake += event.rake or 0
        missing = (sum(won.values()) + rake + sum(self.returns.values())
                   - sum(self.put_in.values()))
        if missing <= 0:
            return []
        short = {event.player: (won.get(event.player, 0) + self.returns.get(event.player, 0)
                                - self.put_in.get(event.player, 0) - event.amount)
                 for event in self.events if isinstance(event, NetStated)}
        off = [(name, by) for name, by in short.items() if by]
        blinds = [e.line for e in self.events if type(e) is PostBlind]
        # (a hand with no blind written is no hand of missed blinds posted with the others)
        if len(off) != 1 or off[0][1] != missing or missing != self.small_blind or not blinds:
            return []
        name, line = off[0][0], blinds[-1]
        return [PostBlind(player=name, amount=missing, kind="dead", line=line),
                Note(kind="table", line=line,
                     text=f"{name}: a dead blind of {missing / 100:g} the log does not write, "
                          "told by the pot paid and his stated net")]

    def _close_round(self) -> None:
        """The top bet's part that nobody matched goes back to its bettor."""
        if self.summary or not self.round_in:
            return
        (top, most), *others = sorted(self.round_in.items(), key=lambda item: -item[1])
        matched = others[0][1] if others else 0
        if most > matched:
            self.returns[top] = self.returns.get(top, 0) + most - matched
        self.round_in.clear()

    def finish(self) -> list[Event]:
        """The events, seats first; a player seated but dealt no cards is not in the hand."""
        self._close_round()
        dead = self._unwritten_dead_blind()
        if dead:   # posted with the blinds: after the last one
            after = max(i for i, e in enumerate(self.events) if type(e) is PostBlind) + 1
            self.events[after:after] = dead
        dealt = {event.player for event in self.events if type(event) is Deal}
        if dealt:
            self.events = [Seat(player=e.player, seat=e.seat, stack=e.stack, in_hand=False,
                                line=e.line)
                           if type(e) is Seat and e.player not in dealt else e
                           for e in self.events]
        return table_first(self.events)


class KingsClubHands:
    """Assembles each hand of a KingsClub log (see :mod:`.site`)."""

    def assemble(self, block: LineBlock, source: str) -> SiteHand | SkippedHand:
        header: Header = parse_at(parse_line, block.lines[0], "header", block.start)  # type: ignore
        hand_id = str(HandId(site="kingsclub", number=str(header.number)))
        game = game_read("kingsclub", header.game)
        if game is None:
            return SkippedHand(game=_skipped_name(header), hand_id=hand_id, source=source,
                               line=block.start)
        if len(block.lines) < 2:
            raise LineError("expected the date and time after the hand's first line", 0,
                            block.start)
        started_at = parse_at(parse_line, block.lines[1], "when", block.line_of(1))
        ruleset = _ruleset(header, game)
        hand = _Hand(ruleset.small_blind, ruleset.hand_size)
        errors: list[LineError] = []
        table_line = block.line_of(2)
        for number, text in block.numbered(2):
            start = "summary_line" if hand.summary else "line"
            try:
                hand.add(parse_at(parse_line, text, start, number), number, text)
            except LineError as error:
                if number == table_line:   # the table line: no hand without it
                    raise
                errors.append(error)
        if hand.table is None:
            raise LineError("the hand has no line such as \"Table 'T' Seat 1 is the button\"",
                            0, table_line)
        if not any(type(event) is Award for event in hand.events):
            raise LineError("the hand ends without a line such as 'Hero wins pot (568.25)'",
                            0, block.last_line)
        events = hand.finish()
        tournament = _TOURNAMENT_TABLE.fullmatch(hand.table.name)
        # No line names the currency: see docs/format.md, "KingsClub".
        return SiteHand(Hand(hand_id=hand_id, number=header.number, ruleset=ruleset,
                             events=events, source=source, line=block.start,
                             started_at=started_at, unit=CENTS,  # type: ignore[arg-type]
                             site="kingsclub", table=hand.table.name,
                             tournament=tournament.group(1) if tournament else None,
                             hero=hero_of(events)),
                        hand.table.name, errors=errors)


def _ruleset(header: Header, game: Game) -> Ruleset:
    """Fixed limit: the header's stakes are the bets, the blinds half the small bet and
    the small bet. Pot and no limit: the header's stakes are the blinds."""
    structure = _STRUCTURES[header.structure]
    if structure == "fixed":
        return site_ruleset("kingsclub", header.small, header.big, MAX_TABLE_SIZE, game=game)
    return site_ruleset("kingsclub", header.big, header.big, MAX_TABLE_SIZE, game=game,
                        structure=structure, small_blind=header.small, big_blind=header.big)


def _skipped_name(header: Header) -> str:
    """``Razz``, ``Hold'em No Limit``: the game, and its structure unless fixed limit."""
    name = _SKIPPED_NAMES.get(header.game, header.game)
    return name if header.structure == "Limit" else f"{name} {header.structure}"


# -- the frequent lines, read without the grammar -------------------------------------------

#: The grammar's terminals, as its patterns write them (grammar/kingsclub.lark); one its
#: lexer takes whole is an atomic group (never given back for the rest to fit).
_AMOUNT = r"(?>\d{1,3}(?:,\d{3})+(?:\.\d\d?)?|\d{1,15}(?:\.\d\d?)?)"
_NAME = r"[^\s:()\[\],]+"
_CARDS = r"\[[^\[\]\n]*\]"
_ALL_IN = r"(?P<all_in>,? and is all in)?"
_PLAYER = rf"(?P<name>{_NAME}):? "
#: The words a line of play starts with that the lexer takes as the grammar's own, never
#: as a name ("Run: folds" is refused, not a player Run folding).
_KEYWORDS = r"(?:Seat|Dealt|Table|Run|\*\*\*)"
#: What builds each line's result: the transformer the grammar's parse runs.
_KINGS = KingsClubTransformer()


def _acts(found: QuickMatch, verb: object) -> object:
    return _KINGS.player_line(found["name"], verb)


def _street(found: QuickMatch) -> object:
    ordinal = found.optional("ordinal")
    if ordinal is None:
        return _KINGS.street(_KINGS.summary_street())
    if found["round"] == "DRAW":
        return _KINGS.street(_KINGS.draw_street(ordinal))
    return _KINGS.street(_KINGS.betting_street(ordinal))


#: By start rule, the shapes of most lines of real exports: each read by its pattern and
#: built by the transformer's methods, as the grammar's parse builds it; any other line is
#: parsed (tests/test_site_caches.py compares the two).
_QUICK = {
    "header": quick_reader(re.compile(r"(#)"), {"#": (
        re.compile(rf"#(?P<number>\d+): (?P<structure>(?:Pot |No )?Limit) "
                   rf"(?P<game>(?>[^\s-][^\n]*?(?=\s+-\s+[\d,.]+/))) - "
                   rf"(?P<small>{_AMOUNT})/(?P<big>{_AMOUNT})"),
        lambda found: _KINGS.header(found["number"], found["structure"], found["game"],
                                    found["small"], found["big"]))}),
    "when": quick_reader(re.compile(r"()"), {"": (
        re.compile(r"(?P<date>\d{4}-\d\d-\d\d) (?P<time>\d\d:\d\d:\d\d)"),
        lambda found: _KINGS.when(found["date"], found["time"]))}),
    "line": quick_reader(
        re.compile(rf"(?:(Seat|Dealt|Table|\*\*\*)(?= )|(?!{_KEYWORDS}[: ]){_NAME}:? (\S+))"),
        quick_shapes(
            Table=(r"Table (?P<name>'[^']*') Seat (?P<seat>\d+) is the button",
                   lambda found: _KINGS.table(found["name"], found["seat"])),
            Seat=(rf"Seat (?P<seat>\d+): (?P<name>{_NAME}) \((?P<stack>{_AMOUNT})\)",
                  lambda found: _KINGS.seat(found["seat"], found["name"], found["stack"])),
            Dealt=(rf"Dealt to (?P<name>{_NAME}): (?P<cards>{_CARDS})",
                   lambda found: _KINGS.dealt_to(found["name"], found["cards"])),
            **{"***": (r"\*\*\* (?:(?P<ordinal>1ST|2ND|3RD|4TH) (?P<round>BETTING ROUND|DRAW)"
                       r"|SUMMARY) \*\*\*", _street)},
            **betting_shapes(_KINGS, _PLAYER, _AMOUNT, _ALL_IN),
            posts=(rf"{_PLAYER}posts (?:the (?P<blind>small|big) blind|(?P<ante>ante)|blind) "
                   rf"(?P<amount>{_AMOUNT}){_ALL_IN}",
                   lambda found: _acts(found, _posts(found))),
            discards=(rf"{_PLAYER}discards (?P<thrown>{_CARDS}) draws (?P<drawn>{_CARDS})"
                      rf"(?: (?P<again>{_CARDS}))?",
                      lambda found: _acts(found, _KINGS.hero_draw(
                          found["thrown"], found["drawn"], found.optional("again")))),
            draws=(rf"{_PLAYER}draws (?P<count>\d+)",
                   lambda found: _acts(found, _KINGS.draws(found["count"]))),
            stands=(rf"{_PLAYER}stands pat(?: on)?(?: {_CARDS})?",
                    lambda found: _acts(found, _KINGS.stands_pat())),
            shows=(rf"{_PLAYER}shows (?P<cards>{_CARDS})(?: (?P<text>\([^\n]*\)))?",
                   lambda found: _acts(found, _KINGS.shows(found["cards"],
                                                           found.optional("text")))),
        )),
    "summary_line": quick_reader(re.compile(rf"(?:(Seat|Rake)(?= )|{_NAME} (wins))"), {
        "Seat": (re.compile(rf"Seat (?P<seat>\d+): (?P<name>{_NAME}) \((?P<stack>{_AMOUNT})\) "
                            rf"(?P<net>[+-]{_AMOUNT})"),
                 lambda found: _KINGS.seat_result(found["seat"], found["name"], found["stack"],
                                                  found["net"])),
        "Rake": (re.compile(rf"Rake (?P<amount>{_AMOUNT})"),
                 lambda found: _KINGS.rake(found["amount"])),
        "wins": (re.compile(rf"(?P<name>{_NAME}) wins (?:pot \((?P<whole>{_AMOUNT})\)"
                            rf"|\((?P<amount>{_AMOUNT})\) from pot)"),
                 lambda found: _KINGS.whole_pot_award(found["name"], found.optional("whole")
                                                      or found["amount"])),
    }),
}


def _posts(found: QuickMatch) -> object:
    """A blind, an ante or both blinds, as the grammar's rules for each build it."""
    if (blind := found.optional("blind")) is not None:
        return _KINGS.posts(blind, found["amount"], found.all_in())
    if found.optional("ante") is not None:
        return _KINGS.antes(found["amount"], found.all_in())
    return _KINGS.posts_both(found["amount"], found.all_in())


READER = SiteReader(SiteSpec(
    name="kingsclub", grammar="kingsclub.lark", starts=("header", "when", "line", "summary_line"),
    transformer=KingsClubTransformer, wording=_WORDING, header=marks.KINGSCLUB.pattern,
    initials=marks.KINGSCLUB.initials,
    first_line="a hand's first line, such as '#37732805: Limit Badugi - 30/60'",
    hands=KingsClubHands, quick=_QUICK,
    joined_header=re.compile(r"#\d+: (?:Limit|No Limit|Pot Limit) .* - [\d.,]+/[\d.,]+[ \t]*$")))

kingsclub_parser = READER.parser
parse_line = READER.parse_line
read_kingsclub = READER.read
read_kingsclub_lines = READER.read_lines
sniff = READER.sniff
