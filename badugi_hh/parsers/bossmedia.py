"""Boss Media (Opoker and the network's other skins) XML hand histories: a streaming reader.

A Boss Media export is one ``<ROOT>`` holding a ``<HISTORY>`` per hand: its
``PLAYER`` seats, then ``ACTION`` elements (blinds, deals, bets, the draw) and a
``SHOWDOWN`` with each player's ``RESULT`` (docs/format.md). Cards are numbers,
``LINK="0"`` to ``"51"``: the ace to the king of diamonds, then clubs, hearts and
spades; ``"b"`` is a card the hero does not see.

>>> log = '''<?xml version="1.0" encoding="UTF-8"?>
... <ROOT>
... <HISTORY ID="7" SESSION="session1.xml" TABLE="Table FCD 1" GAME="GAME_FCD"
...  GAMETYPE="GAMETYPE_REAL" GAMEKIND="GAMEKIND_CASH" TABLECURRENCY="EUR" LIMIT="FL"
...  STAKES="2.00/4.00" DATE="1315776178" TABLETOURNEYID="" WIN="1.00" LOSS="0.00">
... <PLAYER NAME="Ana" SEAT="1" AMOUNT="50.00" STATE="STATE_PLAYING" DEALER="Y"></PLAYER>
... <PLAYER NAME="Bo" SEAT="2" AMOUNT="40.00" STATE="STATE_PLAYING" DEALER="N"></PLAYER>
... <ACTION TYPE="HAND_BLINDS" PLAYER="Ana" KIND="HAND_SB" VALUE="1.00"></ACTION>
... <ACTION TYPE="HAND_BLINDS" PLAYER="Bo" KIND="HAND_BB" VALUE="2.00"></ACTION>
... <ACTION TYPE="HAND_DEAL" PLAYER="Bo"><CARD LINK="0"></CARD><CARD LINK="14"></CARD>
... <CARD LINK="28"></CARD><CARD LINK="42"></CARD><CARD LINK="51"></CARD></ACTION>
... <ACTION TYPE="ACTION_FOLD" PLAYER="Ana"></ACTION>
... <SHOWDOWN NAME="HAND_SHOWDOWN" POT="2.00" RAKE="0.00">
... <RESULT PLAYER="Bo" WIN="2.00" HAND="$(STR_BY_DEFAULT)"></RESULT></SHOWDOWN></HISTORY>
... </ROOT>
... '''
>>> session, hand = read_bossmedia(log)
>>> hand.hand_id, hand.ruleset.game, hand.ruleset.small_blind, hand.currency, hand.hero
('bossmedia#7', '5cd', 100, 'EUR', 'Bo')
>>> [event for event in hand.events if type(event).__name__ == "Deal"][0].cards
(Ad, 2c, 3h, 4s, Ks)

The lines are fed to :class:`xml.etree.ElementTree.XMLPullParser` inside a root
element of our own (the file's ``<ROOT>``, which a file still being written has not
closed, is left out), so each element is known with its line and memory holds one
``<HISTORY>``. Malformed XML costs the hand it is in: the error names file, line
and column, and reading resumes at the next line that starts a ``<HISTORY>``.
"""

from __future__ import annotations

import dataclasses
import re
import xml.etree.ElementTree as ElementTree
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import cast

from badugi_hh.cards import Card, parse_card
from badugi_hh.events import (
    Award, Bet, Button, Call, Cards, Check, Deal, Draw, DrawnCards, Event, Fold, Hand, Muck,
    NetStated, ParseError, PostBlind, PotTotal, Raise, Record, Seat, SessionStart, Show,
    SkippedHand, Street, UncalledReturned,
)
from badugi_hh.hand_ids import HandId
from badugi_hh.ledger import hand_ledger
from badugi_hh.parsers.common import (
    CENTS, MAX_HAND_CHARACTERS, MAX_HAND_LINES, LineError, dated, excerpt, game_read, money,
    read_name,
)
from badugi_hh.parsers.hands import HAND_SIZES, hero_of, site_ruleset
from badugi_hh.parsers.text import LogText, Source, open_log
from badugi_hh.rules import Game, Ruleset, Structure

__all__ = ["bossmedia_reader", "read_bossmedia", "read_bossmedia_lines", "sniff"]

SITE = "bossmedia"
#: The root element wrapped around the hands: the file's own ``<ROOT>`` is left out.
_ROOT = "<bossmedia>\n"
#: A line where reading may resume after malformed XML.
_RESUME = re.compile(r"\s*<HISTORY[\s>]")
#: What opens a file and closes it, blanked out before the lines are fed (columns kept).
_OPENING = re.compile(r"\s*(?:<\?xml[^>]*\?>)?\s*(?:<ROOT>)?")
_CLOSING = re.compile(r"</ROOT>\s*$")

#: The games outside the draw family, by Boss Media's code: skipped by name.
_SKIPPED_NAMES = {"GAME_THM": "Hold'em", "GAME_OMA": "Omaha", "GAME_OMATU": "Omaha",
                  "GAME_OMAHL": "Omaha Hi/Lo"}
_STRUCTURES: dict[str, Structure] = {"FL": "fixed", "PL": "pot", "NL": "no"}
_STRUCTURE_NAMES = {"FL": "Limit", "PL": "Pot Limit", "NL": "No Limit"}
_TOURNAMENT_KINDS = ("GAMEKIND_TOURNAMENT", "GAMEKIND_SITGO")
_BLINDS = {"HAND_SB": "small", "HAND_BB": "big", "HAND_DSB": "dead", "HAND_AB": "small+big"}
_STATES = ("STATE_PLAYING", "STATE_SITOUT", "STATE_EMPTY")
#: A ``RESULT``'s ``HAND`` of a player who showed nothing.
_MUCKED = "$(STR_G_MUCK)"
#: The card of each ``LINK`` number: ranks ace to king within each suit, in this order.
_RANKS, _SUITS = "A23456789TJQK", "dchs"
#: How many elements a ``<HISTORY>`` may hold: more is not a hand, and would hold memory.
MAX_HISTORY_ELEMENTS = 5000


def boss_card(link: str) -> Card | None:
    """The card of a ``CARD LINK``: ``0``-``51``, or ``b`` for a hidden card.

    >>> boss_card("0"), boss_card("22"), boss_card("51"), boss_card("b")
    (Ad, Tc, Ks, None)
    """
    if link == "b":
        return None
    if not link.isdigit() or int(link) > 51:
        raise LineError(f"expected a card number 0 to 51 (b for a hidden card), "
                        f"got {link[:20]!r}", 1)
    number = int(link)
    return parse_card(_RANKS[number % 13] + _SUITS[number // 13])


def _cards(element: ElementTree.Element) -> Cards:
    return tuple(boss_card(card.attrib.get("LINK", "")) for card in element
                 if card.tag == "CARD")


class _BadValue(LineError):
    """An attribute whose value cannot be read: told at that value in its line."""

    def __init__(self, message: str, attribute: str) -> None:
        super().__init__(message, 1)
        self.attribute = attribute


class _ChipsDisagree(LineError):
    """An amount that does not fit the chips the reader counts in the round: after a
    line of the hand that could not be read, those chips are unknown, so it is no error
    of its own (the hand is judged up to that line alone)."""


def _error_column(error: Exception, text: str, column: int) -> int:
    """Where on ``text`` the ``error`` of the element at ``column`` is: the value of the
    attribute it names, else the element.

    >>> _error_column(_BadValue("'4.0x' is not an amount", "VALUE"),
    ...               ' <ACTION TYPE="ACTION_CALL" VALUE="4.0x"></ACTION>', 2)
    36
    """
    if isinstance(error, _BadValue):
        found = re.compile(rf"\s{error.attribute}\s*=\s*[\"']").search(text, column - 1)
        if found is not None:
            return found.end() + 1
    return column


def _amount(attrib: dict[str, str], name: str = "VALUE", default: str | None = None) -> int:
    """The amount of attribute ``name``: money, never less than nothing."""
    written = attrib.get(name) or default
    if written is None:
        raise LineError(f"expected an amount in {name}=\"...\"", 1)
    try:
        amount = money(written)
    except ValueError as error:
        raise _BadValue(str(error), name) from None
    if amount < 0:
        raise _BadValue(f"{name}: an amount less than nothing, {written[:20]}", name)
    return amount


@dataclass(slots=True)
class _History:
    """One ``<HISTORY>`` being read: its header, its events, the chips in the round."""

    hand_id: str
    number: int
    line: int
    table: str
    session: str
    started_at: datetime
    game: Game
    structure: str
    stakes: tuple[int, int]
    currency: str | None
    tournament: str | None
    hero_net: int
    events: list[Event] = field(default_factory=list)
    seats: list[Seat] = field(default_factory=list)
    table_size: int = 0
    button: Button | None = None
    elements: int = 0
    characters: int = 0
    errors: list[LineError] = field(default_factory=list)
    texts: dict[int, str] = field(default_factory=dict)       # line -> text, of errors only
    stacks: dict[str, int] = field(default_factory=dict)      # chips behind, as played
    dealt: set[str] = field(default_factory=set)
    round_in: dict[str, int] = field(default_factory=dict)
    draws: int = 0
    held: dict[str, Cards] = field(default_factory=dict)
    showdown_line: int = 0
    showdown_marked: bool = False
    pot: tuple[int, int] | None = None                        # the log's pot and rake

    @property
    def named(self) -> str:
        """How errors name the hand: ``Boss Media hand 2692984519``."""
        return HandId.parse(SITE, self.hand_id).named

    def player(self, attrib: dict[str, str]) -> str:
        """The PLAYER an element names; one no seat holds (a misspelt name) too, as on
        every site: the engine reports him (G1) and gives what he does to nobody."""
        name = attrib.get("PLAYER", "")
        if not name:
            raise LineError("expected the PLAYER who acts", 1)
        return name

    def put_in(self, player: str, added: int, live: bool = True) -> None:
        if player not in self.stacks:
            return   # a stranger's chips: nobody's, the seated players' counts untouched
        if added > self.stacks[player]:
            raise _ChipsDisagree(f"{player} puts in {added}, more than the "
                                 f"{self.stacks[player]} he has left", 1)
        self.stacks[player] -= added
        if live:
            self.round_in[player] = self.round_in.get(player, 0) + added


class _BossMediaReader:
    """Feeds the lines to the XML parser and turns its elements into records."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.parser: ElementTree.XMLPullParser[ElementTree.Element] | None = None
        self.first_line = 0          # the file's line fed right after our root
        self.root: ElementTree.Element | None = None
        self.depth = 0
        self.history: _History | None = None
        #: An open element's line, that line's text and the element's column in it.
        self.starts: dict[int, tuple[int, str, int]] = {}
        self.column = 0   # where on the line being fed the last element started
        self.session: tuple[str, str, Ruleset] | None = None
        self.session_id = ""
        self.started = False
        self.text = ""
        self.log: LogText | None = None   # the log read, whose runs of zeros it names

    # -- feeding lines -----------------------------------------------------------

    def feed(self, number: int, text: str) -> Iterator[Record]:
        opening = _OPENING.match(text)
        if opening is not None and opening.end():
            text = " " * opening.end() + text[opening.end():]
        text = _CLOSING.sub(lambda found: " " * len(found.group()), text)
        if not text.strip():
            return
        history = self.history
        if history is not None:
            history.characters += len(text)
            if (number - history.line >= MAX_HAND_LINES
                    or history.characters > MAX_HAND_CHARACTERS):
                self.history, self.parser = None, None
                yield self._error(f"{history.named}: more than {MAX_HAND_LINES} lines "
                                  f"or {MAX_HAND_CHARACTERS:,} characters without its "
                                  "</HISTORY>", number, 0, history.texts[history.line])
        if not self.started:
            self.started = True
            if _RESUME.match(text) is None:
                yield self._error("expected a Boss Media export's <HISTORY> element",
                                  number, 1, text)
                return
        if self.parser is None and _RESUME.match(text) is None:
            return                   # what is left of a hand lost to malformed XML
        yield from self._feed(number, text, retry=True)

    def _feed(self, number: int, text: str, *, retry: bool) -> Iterator[Record]:
        if self.parser is None:
            self.parser = ElementTree.XMLPullParser(events=("start", "end"))
            self.parser.feed(_ROOT)
            self.first_line, self.root, self.depth = number, None, 0
            self.starts.clear()
        self.text, self.column = text, 0
        try:
            self.parser.feed(text + "\n")
            # the parser was asked for ("start" | "end", element) events only
            events = cast("Iterator[tuple[str, ElementTree.Element]]",
                          self.parser.read_events())
            for kind, element in events:
                yield from self._element(kind, element, number)
        except ElementTree.ParseError as error:
            yield self._xml_error(error, number, text)
        except _Oversized:
            history, self.history, self.parser = self.history, None, None
            assert history is not None
            yield self._error(f"{history.named}: more than {MAX_HISTORY_ELEMENTS} "
                              "elements: not a hand", number, 1, history.texts[history.line])
            return
        else:
            return
        if retry and _RESUME.match(text):   # the broken hand ends here, the next starts
            yield from self._feed(number, text, retry=False)

    def close(self, last_line: int) -> Iterator[Record]:
        if self.history is not None:
            history, self.history = self.history, None
            yield self._error(f"{history.named}: the file ends inside the hand (no "
                              "</HISTORY>)", last_line, 0, history.texts[history.line])

    def _xml_error(self, error: ElementTree.ParseError, number: int, text: str) -> ParseError:
        line, column = getattr(error, "position", (2, 0))
        line = self.first_line + max(line, 2) - 2
        message = str(error).split(": line ")[0]
        if "<!DOCTYPE" in text:
            message = "a DOCTYPE is refused: its entities could expand without bound"
            line, column = number, text.index("<!DOCTYPE")
        self.parser = None
        history, self.history = self.history, None
        where = f"{history.named}: " if history else ""
        return self._error(f"{where}malformed XML: {message}", line, column + 1, text,
                           lost=history is not None)

    def _error(self, message: str, line: int, column: int, text: str, *,
               lost: bool = True) -> ParseError:
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
            self.column = self.text.find(f"<{element.tag}", self.column) + 1
            self.starts[id(element)] = (line, self.text, self.column or 1)
            if self.depth == 1:
                yield from self._history_start(element, line)
            elif self.history is not None:
                self._child(element, self.starts[id(element)], ending=False)
            return
        self.depth -= 1
        begun = self.starts.pop(id(element), (line, self.text, 1))
        if self.depth == 0:
            self.root.clear()        # a finished hand leaves nothing behind
            self.starts.clear()
            if element.tag == "HISTORY":
                yield from self._finish(line)
        elif self.history is not None:
            self._child(element, begun, ending=True)

    def _history_start(self, element: ElementTree.Element, line: int) -> Iterator[Record]:
        attrib = element.attrib
        try:
            if element.tag != "HISTORY":
                raise LineError(f"expected <HISTORY>, got <{element.tag[:40]}>", 1)
            code = attrib.get("GAME", "")
            game = game_read(SITE, code)
            limit = attrib.get("LIMIT", "")
            if limit not in _STRUCTURES:
                raise LineError(f"expected LIMIT=\"FL\", \"PL\" or \"NL\", got {limit[:20]!r}", 1)
            if game is None:
                name = _SKIPPED_NAMES.get(code, code[:40] or "a game without a name")
                yield SkippedHand(game=f"{name} {_STRUCTURE_NAMES[limit]}",
                                  hand_id=str(HandId(site=SITE, number=attrib.get("ID", "")[:40])),
                                  source=self.source, line=line)
                return
            self.history = _new_history(attrib, line, game)
            self.history.texts[line] = self.text
        except (LineError, ValueError) as error:
            hand = attrib.get("ID")
            where = f"{HandId(site=SITE, number=hand[:40]).named}: " if hand else ""
            yield self._error(where + str(error), line,
                              _error_column(error, self.text, self.column or 1), self.text)

    def _child(self, element: ElementTree.Element, begun: tuple[int, str, int], *,
               ending: bool) -> None:
        """An element of the hand, read at its start or at its end (with its cards); ``begun``:
        the line it starts on, that line's text and its column there, where an error is."""
        line, text, column = begun
        history = self.history
        assert history is not None
        if not ending:
            history.elements += 1
            if history.elements > MAX_HISTORY_ELEMENTS:
                raise _Oversized
        handler = _HANDLERS.get((element.tag, ending))
        try:
            if handler is None:
                # read at its other end, or with the element it is in (a CARD)
                if ending or (element.tag, True) in _HANDLERS or element.tag == "CARD":
                    return
                raise LineError(f"unknown element <{element.tag[:40]}>", 1)
            handler(history, element.attrib, element, line)
        except (LineError, ValueError) as error:   # ValueError: an amount money() refused
            if isinstance(error, _ChipsDisagree) and history.errors:
                return   # the knock-on of a line not read: the chips are unknown since
            history.errors.append(LineError(str(error), _error_column(error, text, column),
                                            line))
            history.texts[line] = text

    # -- a finished hand ------------------------------------------------------------------

    def _finish(self, line: int) -> Iterator[Record]:
        history, self.history = self.history, None
        if history is None:
            return
        ruleset = _ruleset(history)
        hand = Hand(hand_id=history.hand_id, number=history.number, ruleset=ruleset,
                    events=[], source=self.source, line=history.line,
                    started_at=history.started_at, unit=CENTS, site=SITE,
                    currency=history.currency, table=history.table,
                    tournament=history.tournament)
        hand.events = _ordered(hand, history)
        hand.hero = hero_of(hand.events)
        # zeros (a crash's, a disk repair's) inside the hand took some of its text
        zeroed = self.log.zeroed(history.line, line - 1) if self.log is not None else set()
        # The header's WIN and LOSS are the hero's: a claim the chips of a hand with a
        # line not read cannot be held to.
        if hand.hero is not None and not history.errors and not zeroed:
            hand.events.append(NetStated(player=hand.hero, amount=history.hero_net,
                                         line=history.line))
        for fault in history.errors:
            yield self._error(f"{history.named}: {fault.message}", fault.line,
                              fault.column, history.texts.get(fault.line, ""), lost=False)
        if history.errors or zeroed:
            hand.damaged = tuple(sorted({fault.line for fault in history.errors} | zeroed))
        key = (history.session, history.table, ruleset)
        if self.session != key:
            self.session = key
            self.session_id = f"{SITE}:{history.table}:{history.started_at:%Y%m%d-%H%M%S}"
            yield SessionStart(session_id=self.session_id, ruleset=ruleset, players=[],
                               title=history.table, started_at=history.started_at,
                               source=self.source, line=history.line)
        hand.session_id = self.session_id
        yield hand


class _Oversized(Exception):
    """A ``<HISTORY>`` longer than any hand: it is dropped, and reading resumes after it."""


def _new_history(attrib: dict[str, str], line: int, game: Game) -> _History:
    """A hand's header: its id, table, time, stakes, currency and the hero's result."""
    hand_id = attrib.get("ID", "")
    if not hand_id.isdigit() or len(hand_id) > 18:
        raise LineError(f"expected a hand id such as 2692984519, got {hand_id[:40]!r}", 1)
    date = attrib.get("DATE", "")
    if not date.isdigit() or len(date) > 11:
        raise LineError(f"expected the hand's start in seconds since 1970, got {date[:40]!r}", 1)
    started_at = dated(datetime.fromtimestamp(int(date), tz=timezone.utc).replace(tzinfo=None))
    stakes = attrib.get("STAKES", "").split("/")
    amounts = tuple(money(part) for part in stakes
                    if re.fullmatch(r"\d[\d,]*(?:\.\d+)?", part))
    if len(stakes) != 2 or len(amounts) != 2 or min(amounts) <= 0:
        raise LineError(f"expected STAKES such as \"2.00/4.00\", got "
                        f"{attrib.get('STAKES', '')[:40]!r}", 1)
    tournament = attrib.get("GAMEKIND") in _TOURNAMENT_KINDS
    session = attrib.get("SESSION", "")
    currency = attrib.get("TABLECURRENCY", "")
    if not tournament and not re.fullmatch(r"[A-Z]{3}", currency):
        raise LineError(f"expected a currency such as TABLECURRENCY=\"EUR\", got "
                        f"{currency[:20]!r}", 1)
    return _History(
        hand_id=str(HandId(site=SITE, number=hand_id)), number=int(hand_id), line=line,
        table=attrib.get("TABLE", "")[:200], session=session[:200], started_at=started_at,
        game=game, structure=attrib["LIMIT"], stakes=(amounts[0], amounts[1]),
        currency=None if tournament else
        currency if attrib.get("GAMETYPE") == "GAMETYPE_REAL" else "PLAY",
        tournament=(attrib.get("TABLETOURNEYID") or re.sub(r"\D", "", session)[:40]
                    or None) if tournament else None,
        hero_net=_amount(attrib, "WIN", "0") - _amount(attrib, "LOSS", "0"))


# -- what each element becomes ---------------------------------------------------------

Handler = Callable[[_History, dict[str, str], ElementTree.Element, int], None]


def _player(history: _History, attrib: dict[str, str], _: ElementTree.Element,
            line: int) -> None:
    seat, state = attrib.get("SEAT", ""), attrib.get("STATE", "STATE_PLAYING")
    if not seat.isdigit() or len(seat) > 2:
        raise LineError(f"expected a seat number, got SEAT={seat[:20]!r}", 1)
    if state not in _STATES:
        raise LineError(f"unknown player state {state[:40]!r}", 1)
    history.table_size = max(history.table_size + 1, int(seat))
    if attrib.get("DEALER") == "Y":
        history.button = Button(seat=int(seat), line=line)
    if state == "STATE_EMPTY":
        return
    name = read_name(attrib.get("NAME", ""))
    if not name or name in history.stacks:
        raise LineError(f"expected a player's name seated once, got {name[:40]!r}", 1)
    stack = _amount(attrib, "AMOUNT")
    history.stacks[name] = stack
    history.seats.append(Seat(player=name, seat=int(seat), stack=stack,
                              in_hand=state == "STATE_PLAYING", line=line))


def _action(history: _History, attrib: dict[str, str], element: ElementTree.Element,
            line: int) -> None:
    kind = attrib.get("TYPE", "")
    if kind == "HAND_BOARD":
        _board(history, attrib, line)
        return
    player = history.player(attrib)
    if kind == "HAND_BLINDS":
        _blind(history, player, attrib, line)
    elif kind == "HAND_ANTE":
        amount = _amount(attrib)
        history.put_in(player, amount, live=False)
        history.events.append(PostBlind(player=player, amount=amount, kind="ante", line=line))
    elif kind == "HAND_DEAL" and player not in history.stacks:
        # the deals say who is dealt in: a seated player's misspelt would sit him out
        raise LineError(f"{player[:40]!r} is dealt cards, but no PLAYER of that name is "
                        "seated: who is dealt in is not known", 1)
    elif kind == "HAND_DEAL":
        _deal(history, player, _cards(element), line)
    elif kind == "CHANGECARD":
        _draw(history, player, attrib.get("COUNT", ""), _cards(element), line)
    elif kind == "ACTION_FOLD":
        history.events.append(Fold(player=player, line=line))
    elif kind == "ACTION_CHECK":
        history.events.append(Check(player=player, line=line))
    elif kind in ("ACTION_BET", "ACTION_RAISE", "ACTION_CALL", "ACTION_ALLIN"):
        _bet(history, player, kind, _amount(attrib), line)
    else:
        raise LineError(f"unknown action type {kind[:40]!r}", 1)


def _board(history: _History, attrib: dict[str, str], line: int) -> None:
    """A draw game's ``HAND_BOARD`` (no ``VALUE``) ends a betting round: the draw comes."""
    if "VALUE" in attrib:
        raise LineError(f"a board ({attrib['VALUE'][:20]}) in a draw game", 1)
    history.draws += 1
    history.round_in.clear()
    history.events.append(Street(kind="draw", number=history.draws, line=line))


def _blind(history: _History, player: str, attrib: dict[str, str], line: int) -> None:
    """A blind; a dead small blind (``HAND_DSB``) goes to the pot, not to the bet (T3)."""
    kind = _BLINDS.get(attrib.get("KIND", ""))
    if kind is None:
        raise LineError(f"unknown blind {attrib.get('KIND', '')[:40]!r}", 1)
    amount = _amount(attrib)
    live = 0 if kind == "dead" else (
        min(amount, _big_blind(history)) if kind == "small+big" else amount)
    history.put_in(player, live)
    history.put_in(player, amount - live, live=False)
    history.events.append(PostBlind(player=player, amount=amount, kind=kind,  # type: ignore
                                    all_in=history.stacks.get(player) == 0, line=line))


def _deal(history: _History, player: str, cards: Cards, line: int) -> None:
    size = HAND_SIZES[history.game]
    if len(cards) != size:
        raise LineError(f"{player} is dealt {len(cards)} cards; {size} are dealt", 1)
    if not history.dealt:
        history.events.append(Street(kind="deal", number=1, line=line))
    history.dealt.add(player)
    history.held[player] = cards
    history.events.append(Deal(player=player, cards=cards, line=line))


def _draw(history: _History, player: str, count: str, after: Cards, line: int) -> None:
    """``CHANGECARD``: how many cards ``player`` draws, and his whole hand after the draw
    (hidden for the others): what went and what came, against his hand before."""
    size = HAND_SIZES[history.game]
    if not count.isdigit() or int(count) > size:
        raise LineError(f"expected how many cards are drawn, 0 to {size}, got {count[:20]!r}",
                        1)
    drawn = int(count)
    before = history.held.get(player)
    history.held[player] = after
    if before is None or None in before or None in after or len(after) != size:
        history.events.append(Draw(player=player, discarded=(None,) * drawn, line=line))
        return
    gone = tuple(card for card in before if card not in after)
    came = tuple(card for card in after if card not in before)
    if len(gone) != drawn or len(came) != drawn:
        raise LineError(f"{player} draws {drawn}, but his hand changes by {len(came)} cards", 1)
    history.events.append(Draw(player=player, discarded=gone, line=line))
    if came:   # standing pat, he is dealt nothing
        history.events.append(DrawnCards(player=player, cards=came, line=line))


def _bet(history: _History, player: str, kind: str, value: int, line: int) -> None:
    """A bet, raise, call or all-in, whose ``VALUE`` is the player's total in the round.

    A call's ``VALUE`` is written either way by the network's clients: the round's
    total (what the files read here write) or what the caller adds (the export other
    parsers' tests hold); a full call adds what he owes either way, and a short all-in
    call is told apart by the chips he has left. An ``ACTION_ALLIN`` gives the stack he
    had when the round began: his total in the round, all in.
    """
    if player not in history.stacks:
        _stranger_bet(history, player, kind, value, line)
        return
    before = history.round_in.get(player, 0)
    highest = max(history.round_in.values(), default=0)
    left = history.stacks[player]
    if kind == "ACTION_CALL":
        owed = highest - before
        if value in (owed, highest):
            added = min(owed, left)
        elif value == left or value - before == left:
            added = left
        else:
            raise _ChipsDisagree(f"{player} calls {value}, but owes {owed} to match {highest}",
                                 1)
    else:
        added = value - before
    if added <= 0 and kind != "ACTION_CALL":
        raise _ChipsDisagree(f"{player} bets to {value}, no more than the {before} he has in",
                             1)
    if kind == "ACTION_ALLIN" and added != left:
        raise _ChipsDisagree(f"{player} goes all in for {value}, but has {left} left beside the "
                        f"{before} he has in the round", 1)
    total, all_in = before + added, added == left
    event: Event
    if kind == "ACTION_CALL" or (kind == "ACTION_ALLIN" and total <= highest):
        event = Call(player=player, amount=added, all_in=all_in, line=line)
    elif kind == "ACTION_BET" or (kind == "ACTION_ALLIN" and highest == 0):
        event = Bet(player=player, amount=added, all_in=all_in, line=line)
    else:
        event = Raise(player=player, to=total, all_in=all_in, line=line)
    history.put_in(player, added)
    history.events.append(event)


def _stranger_bet(history: _History, player: str, kind: str, value: int, line: int) -> None:
    """A bet or raise of a PLAYER no seat holds: its ``VALUE``, his total in the round, is
    all the event says (a raise's total; a bet's amount, nothing being in before it).
    What a call or an all-in adds is his chips' to say, which no seat tells: an error.
    His total stands in the round (no seated player's chips move), so the call of it
    that follows reads as the log writes it, and the engine judges it so."""
    if kind in ("ACTION_BET", "ACTION_RAISE"):
        history.round_in[player] = value
    if kind == "ACTION_BET":
        history.events.append(Bet(player=player, amount=value, line=line))
    elif kind == "ACTION_RAISE":
        history.events.append(Raise(player=player, to=value, line=line))
    else:
        verb = "calls" if kind == "ACTION_CALL" else "goes all in"
        raise LineError(f"{player[:40]!r} {verb}, but no PLAYER of that name is seated: "
                        "what he puts in is not known without his chips", 1)


def _showdown(history: _History, attrib: dict[str, str], _: ElementTree.Element,
              line: int) -> None:
    """The ``SHOWDOWN``: the pot as paid, after the rake (and after any uncalled bet)."""
    rake = _amount(attrib, "RAKE") if attrib.get("RAKE") else 0
    history.pot = (_amount(attrib, "POT"), rake)
    history.showdown_line = line


def _result(history: _History, attrib: dict[str, str], element: ElementTree.Element,
            line: int) -> None:
    """One player's ``RESULT``: what he won (the uncalled part of his bet left out), and
    his cards where he shows them; ``$(STR_G_MUCK)``: he mucks."""
    player = history.player(attrib)
    cards = _cards(element)
    shown = bool(cards) and None not in cards
    mucked = attrib.get("HAND") == _MUCKED
    if (shown or mucked) and not history.showdown_marked:
        history.showdown_marked = True
        history.events.append(Street(kind="showdown", number=1,
                                     line=history.showdown_line or line))
    if shown:
        history.events.append(Show(player=player, cards=cards, line=line))
    elif mucked:
        history.events.append(Muck(player=player, line=line))
    won = _amount(attrib, "WIN")
    if won:
        history.events.append(Award(player=player, amount=won, line=line))


_HANDLERS: dict[tuple[str, bool], Handler] = {
    ("PLAYER", False): _player, ("ACTION", True): _action,
    ("SHOWDOWN", False): _showdown, ("RESULT", True): _result,
}


# -- the hand as the engine reads it -------------------------------------------------------

def _big_blind(history: _History) -> int:
    small_bet, big_bet = history.stakes
    return small_bet if history.structure == "FL" else big_bet


def _ruleset(history: _History) -> Ruleset:
    """The table's rules. A fixed-limit table's ``STAKES`` are its small and big bets:
    the big blind is the small bet, the small blind half of it, rounded up to the cent
    (``0.25/0.50``: 0.13, 0.25); a pot- or no-limit table's are its blinds."""
    first, second = history.stakes
    if history.structure == "FL":
        small_blind, big_blind, small_bet, big_bet = (first + 1) // 2, first, first, second
    else:
        small_blind, big_blind, small_bet, big_bet = first, second, second, second
    return site_ruleset(SITE, small_bet, big_bet, max(history.table_size, 2),
                        small_blind=small_blind, big_blind=big_blind,
                        rake=history.tournament is None, game=history.game,
                        structure=_STRUCTURES[history.structure])


def _ordered(hand: Hand, history: _History) -> list[Event]:
    """The seats (a player is in the hand when he is dealt), the button, the play, then
    the uncalled bet returned, the awards, and the log's pot and rake.

    Boss Media writes no line for an uncalled bet and leaves it out of the winner's
    ``WIN``: the reader returns it, as the chips say (:func:`_uncalled`).
    """
    dealt = history.dealt
    # (a seat is read in_hand while its STATE is STATE_PLAYING: a player sitting out and
    # dealt in all the same is dealt in sitting out)
    seats: list[Event] = [dataclasses.replace(seat, in_hand=seat.player in dealt,
                                              sitting_out=seat.player in dealt
                                              and not seat.in_hand)
                          for seat in history.seats]
    button: list[Event] = [history.button] if history.button is not None else []
    play = [event for event in history.events if type(event) is not Award]
    awards = [event for event in history.events if type(event) is Award]
    events = [*seats, *button, *play]
    returned = _uncalled(hand, events, history.showdown_line)
    totals: list[Event] = []
    if history.pot is not None:
        pot, rake = history.pot
        totals.append(PotTotal(total=pot + rake, rake=rake, line=history.showdown_line))
    return [*events, *returned, *awards, *totals]


def _uncalled(hand: Hand, events: list[Event], line: int) -> list[Event]:
    """The return of the part of the largest bet nobody matched, if any, at ``line`` (the
    ``SHOWDOWN``'s, which states the pot without it), else at the last event's."""
    ledger = hand_ledger(dataclasses.replace(hand, events=events))
    put_in = sorted((figures.put_in, name) for name, figures in ledger.items())
    if len(put_in) < 2 or put_in[-1][0] == put_in[-2][0]:
        return []
    line = line or max(event.line for event in events)
    return [UncalledReturned(player=put_in[-1][1], amount=put_in[-1][0] - put_in[-2][0],
                             line=line, inferred=True)]


# -- reading a log ---------------------------------------------------------------------

def read_bossmedia_lines(log: LogText) -> Iterator[Record]:
    """The records of a Boss Media export opened with
    :func:`~badugi_hh.parsers.text.open_log`."""
    return bossmedia_reader(log.name)(log)


def bossmedia_reader(source: str) -> Callable[[LogText], Iterator[Record]]:
    """A reader of the Boss Media parts of the log ``source``, which carries the session
    from one part to the next."""
    reader = _BossMediaReader(source)

    def read(log: LogText) -> Iterator[Record]:
        number = log.first_line - 1
        reader.log = log
        for number, text in enumerate(log, log.first_line):
            yield from reader.feed(number, text)
        yield from reader.close(number)
        yield from log.end_errors()
    return read


def read_bossmedia(source: Source, name: str | None = None) -> Iterator[Record]:
    """Read a Boss Media export one record at a time (``source`` as for ``open_log``)."""
    with open_log(source, name) as log:
        yield from read_bossmedia_lines(log)


def starts(text: str) -> bool:
    """Whether a line begins a Boss Media hand (after the file's opening, if there).

    >>> starts('<HISTORY ID="1" SESSION="session1.xml">'), starts("<ROOT>")
    (True, False)
    """
    opening = _OPENING.match(text)
    return _RESUME.match(text, opening.end() if opening else 0) is not None


def sniff(first_line: str) -> bool:
    """Whether a log whose first line that is not blank is this one is Boss Media's.

    >>> sniff('<?xml version="1.0" encoding="UTF-8"?>'), sniff("<ROOT>")
    (False, True)
    """
    opening = _OPENING.match(first_line)
    text = first_line[opening.end() if opening else 0:]
    return first_line.lstrip().startswith("<ROOT>") or text.startswith("<HISTORY ")
