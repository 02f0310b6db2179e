"""PokerStars hand histories (docs/format.md, "PokerStars"): a streaming reader.

:func:`read_pokerstars` yields one record at a time: a
:class:`~badugi_hh.events.SessionStart` whenever the table changes, then a
:class:`~badugi_hh.events.Hand` per hand, or a
:class:`~badugi_hh.events.SkippedHand` for a hand of a game it does not read
(Razz, Hold'em... in a mixed-game file). A hand it cannot read comes as a
:class:`~badugi_hh.events.ParseError` in its place, naming file, line and
column, and reading goes on with the next hand.

>>> log = '''PokerStars Game #1:  Badugi Limit ($0.25/$0.50 USD) - 2010/09/05 10:32:15 ET
... Table 'Demo' 8-max Seat #1 is the button
... Seat 1: Ana ($5 in chips)
... Seat 2: Mr Pink ($5 in chips)
... Mr Pink: posts small blind $0.10
... Ana: posts big blind $0.25
... *** DEALING HANDS ***
... Mr Pink: folds
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

The log is cut into hands at their first lines (``PokerStars Game #``,
``PokerStars Hand #``, ``PokerStars Zoom Hand #``, ``PokerStars Home Game
Hand #``), and each line is parsed with the grammar (``grammar/pokerstars.lark``)
from the start rule for its place in the hand. Names may hold blanks, so a line
that starts with a player is cut after the longest name the hand's seat lines
know, and only the rest is parsed: ``Mr Pink: folds`` is ``Mr Pink`` and
``: folds``. The parse of a rest is cached by its text, since most of them
(``: folds``, ``: calls $0.25``) repeat exactly. Cutting the log, sessions and
errors are those of every site reader (:mod:`.site`).

>>> parse_line(": calls 40 and is all-in", "after_name")[0](line=3, player="Mr Pink")
Call(line=3, player='Mr Pink', amount=40, all_in=True)
>>> sniff("PokerStars Game #52588201462: Tournament #330855877"), sniff("Session #s1")
(True, False)
>>> sniff("Full Tilt Hand #153580143072:  Hold'em No Limit (5/10) - 2016/05/20 8:19:23 ET")
True
>>> sniff("Full Tilt Poker Game #32617272179: Table Clackers")   # Full Tilt's own format
False
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast, NamedTuple

from lark import Token, v_args

from badugi_hh.events import (
    Award, Button, Deal, Draw, DrawnCards, Event, Hand, Muck, Note, PlayerEvent, PotTotal,
    Seat, SkippedHand, StackStated, Street, SummaryResult, UncalledReturned,
)
from badugi_hh.events import NoteKind as NoteOfEvent
from badugi_hh.hand_ids import HandId
from badugi_hh.ledger import hand_ledger
from badugi_hh.parsers import marks
from badugi_hh.parsers.common import (
    CURRENCY_SIGNS, MAX_NAME, AmountFormat, EventFactory, LineError, Wording, read_cards,
    read_name, read_number,
)
from badugi_hh.parsers.common import dated, game_read
from badugi_hh.parsers.hands import insert_hidden_deals, marked_draw, site_ruleset
from badugi_hh.parsers.slots import SET_LINE, MadeEvent, made_event
from badugi_hh.parsers.site import (
    ActionTransformer, QuickMatch, SiteHand, SiteReader, SiteSpec, parse_at, quick_reader,
    quick_shapes,
)
from badugi_hh.parsers.text import LineBlock
from badugi_hh.rules import Game, Ruleset, Structure
from badugi_hh.textcache import LONGEST_CACHED_LINE, cached_for_short_lines

__all__ = ["READER", "parse_line", "pokerstars_parser", "read_pokerstars",
           "read_pokerstars_lines", "sniff"]


#: The games read into events, by the site's name without the betting structure.
#: The betting structures a game's name ends with.
_STRUCTURES: dict[str, Structure] = {
    " Fixed Limit": "fixed", " Pot Limit": "pot", " No Limit": "no", " Limit": "fixed",
}
_SUMMARY_SEAT = re.compile(r"Seat (\d+): ")
#: A header's title and number; the game (for the grammar) follows, then the date and
#: times from :data:`_WHEN` on.
_HEADER = re.compile(r"(?:PokerStars|Full Tilt) (?:Home Game |Zoom |Rush )?(?:Game |Hand )?"
                     r"#(\d{1,30}):\s*")
_WHEN = re.compile(r" - \d{4}/")
#: The stack of a seat line.
_STACK = re.compile(r" \(((?:[$€£₹¥]|Rs\. ?)?\d[\d,]*(?:\.\d+)?) in chips")
_TIMES = re.compile(r"(\d{4})/(\d\d?)/(\d\d?)\s*(?:-\s*)?(\d\d?):(\d\d):(\d\d)")


# -- what the structural lines say ------------------------------------------------

@dataclass(frozen=True, slots=True)
class Stakes:
    """The two numbers of a header's stakes: bets in fixed limit, blinds otherwise."""

    small: int
    big: int
    money: bool
    """Whether they are money (cents, ``Hand.unit`` 100) rather than chips."""
    text: str
    currency: str | None = None
    """The money's code (``USD``), from the one written or the amounts' sign."""


class GameLine(NamedTuple):
    """The hand's header: its number, the game, the stakes, when.

    (A named tuple, as :class:`SeatLine`: one is made for every hand, and a
    tuple is made in a third of the time of a frozen dataclass.)
    """

    number: str
    game: str
    """The site's name of the game dealt: ``Badugi Limit``, ``Razz Limit``."""
    stakes: Stakes
    tournament: str | None
    started_at: datetime | None
    site: str = "pokerstars"
    """``fulltilt`` for Full Tilt's hands of 2016, written by PokerStars' software."""
    buy_in: str | None = None
    level: str | None = None
    home: bool = False
    """A home game's (``{club}`` in the header): its chips are not play money."""

    @property
    def currency(self) -> str | None:
        """The hand's money: ``USD``...; ``PLAY`` at a play-money table; None for
        chips (a tournament's, a home game's).

        >>> play = GameLine("1", "Badugi Limit", Stakes(10, 20, False, "10/20"), None, None)
        >>> play.currency, play._replace(home=True).currency
        ('PLAY', None)
        """
        if self.tournament is not None or (self.home and not self.stakes.money):
            return None
        return self.stakes.currency if self.stakes.money else "PLAY"


@dataclass(frozen=True, slots=True)
class TableLine:
    name: str
    max_players: int | None
    button: int | None


class SeatLine(NamedTuple):
    seat: int
    player: str
    stack: int
    status: str | None
    """``sitting out``, ``out of hand`` (moved in from another table) or ``None``."""


#: A line's result that is a note of this kind (see ``events.Note``), kept with its text.
NoteKind = str
#: The note of a hand the site cancelled: every chip put in goes back.
_CANCELLED = "cancelled"


#: The currencies PokerStars writes by their sign alone (``$1/$2``); ``Rs.`` is the rupee.
_SIGNS = CURRENCY_SIGNS | {"₹": "INR", "¥": "CNY", "R": "INR"}
#: Money in cents (the hand's unit is then 100); chips as they are.
_AMOUNTS = AmountFormat(signs="$€£₹¥", prefixes=("Rs.",), bare="chips")


@v_args(inline=True)
class PokerStarsTransformer(ActionTransformer):
    """Builds each line's result while Lark parses it: a tuple of event factories
    (waiting for the line number, and the player the reader cut off the line)
    and note kinds, so that a parsed line can be cached."""

    amount = _AMOUNTS

    # start rules
    def hand_game(self, club: Token | None, game: dict[str, object],
                  _aams: Token | None = None) -> dict[str, object]:
        return game | {"home": club is not None}

    def table_line(self, name: Token, size: Token | None, _money: Token | None,
                   button: int | None) -> TableLine:
        return TableLine(name[1:-1], None if size is None else int(size.split("-")[0]),
                         button)

    def button(self, seat: Token) -> int:
        return read_number(seat)

    def seat_line(self, number: Token, name: Token, stack: Token, _bounty: None,
                  status: str | None) -> SeatLine:
        return SeatLine(read_number(number), read_name(name), self.amount(stack), status)

    def after_name(self, item: object) -> tuple[object, ...]:
        return item if type(item) is tuple else (item,)

    def play_line(self, item: object) -> tuple[object, ...]:
        return (item,)

    def dealt_cards(self, cards: Token, drawn: Token | None) -> tuple[EventFactory]:
        if drawn is None:
            return (functools.partial(Deal, cards=read_cards(cards)),)
        # After a draw the hero's hand is restated as [kept] [received].
        return (functools.partial(DrawnCards, cards=read_cards(drawn), kept=read_cards(cards)),)

    def summary_line(self, item: EventFactory) -> tuple[EventFactory]:
        return (item,)

    def summary_outcome(self, *items: object) -> tuple[object, ...]:
        outcome = items[-1]
        return () if outcome is None else (outcome,)

    # the header
    def cash_game(self, game: Token, stakes: Stakes) -> dict[str, object]:
        return {"game": str(game), "stakes": stakes, "tournament": None}

    def mixed_cash_game(self, _mix: Token, game: Token, stakes: Stakes) -> dict[str, object]:
        return {"game": str(game), "stakes": stakes, "tournament": None}

    def tournament_game(self, _title: Token, tournament: Token, buy_in: str | None,
                        game: Token, level: tuple[str | None, str | None, Stakes],
                        ) -> dict[str, object]:
        dealt, number, stakes = level
        return {"game": dealt or str(game), "stakes": stakes, "tournament": str(tournament),
                "buy_in": buy_in, "level": number}

    def buy_in(self, amount: Token, _currency: Token | None) -> str:
        return str(amount)   # as written; its currency is its sign's or its code's

    def plain_level(self, _round: Token | None, level: Token, stakes: Stakes,
                    ) -> tuple[None, str, Stakes]:
        return None, str(level), stakes

    def mixed_level(self, game: Token, _round: Token | None, level: Token, stakes: Stakes,
                    ) -> tuple[str, str, Stakes]:
        return str(game), str(level), stakes

    def no_level(self, stakes: Stakes) -> tuple[None, None, Stakes]:
        return None, None, stakes

    def stakes(self, _ante: Token | None, small: Token, big: Token, _cap: None,
               currency: Token | None) -> Stakes:
        text = f"{small}/{big}" + ("" if currency is None else f" {currency}")
        return Stakes(self.amount(small), self.amount(big), _is_money(small), text,
                      _currency(small, currency))

    def button_blind(self, _words: Token, blind: Token, _ante: Token, currency: Token | None,
                     ) -> Stakes:
        return Stakes(0, self.amount(blind), _is_money(blind), f"button blind {blind}",
                      _currency(blind, currency))

    def cap(self, _amount: Token) -> None:
        return None

    # seats
    def bounty(self, _amount: Token) -> None:
        return None

    def sitting_out(self) -> str:
        return "sitting out"

    def out_of_hand(self, _why: Token) -> str:
        return "out of hand"

    # the play
    def small_blind(self) -> str:
        return "small"

    def big_blind(self) -> str:
        return "big"

    def small_and_big_blinds(self) -> str:
        return "small+big"

    def ante(self) -> str:
        return "ante"

    def folds_showing(self, _cards: Token) -> tuple[object, ...]:
        # The fold, and the cards he chose to show kept in the line's note: one card, or
        # some of them, is no hand to judge.
        return self.folds(), "hand"

    def no_show(self) -> NoteKind:
        return "hand"   # the winner of an uncontested pot keeps his cards hidden

    def side_pot(self, number: Token | None) -> str:
        return "side 1" if number is None else f"side {number.lstrip('-')}"

    def finished(self, _place: Token, _prize: Token | None) -> tuple[object, ...]:
        # Out of the tournament: the log says he ends the hand with no chips.
        return functools.partial(StackStated, amount=0), "tournament"

    def finished_unplaced(self) -> tuple[object, ...]:
        # Out with no place: players who went out in the same hand, their order not
        # settled there ("Corey88 finished the tournament", as a PokerStars tracker's
        # tests of real 8-Game exports quote it); no chips left all the same.
        return self.finished(Token("NTH", ""), None)

    def table_note(self, *_words: Token) -> NoteKind:
        return "table"

    def chat_note(self, _text: Token) -> NoteKind:
        return "chat"

    def connection_note(self) -> NoteKind:
        return "connection"

    def timeout_note(self) -> NoteKind:
        return "timeout"

    def tournament_note(self, _text: Token) -> NoteKind:
        return "tournament"

    def hand_note(self) -> NoteKind:
        return "hand"

    def cancelled(self) -> NoteKind:
        return _CANCELLED

    # the summary
    def pot_total(self, total: Token, _pots: None, rake: Token) -> EventFactory:
        return functools.partial(PotTotal, total=self.amount(total), rake=self.amount(rake))

    def pots(self, _main: Token, *_sides: None) -> None:
        return None   # each pot after its share of the rake; the awards say the same

    def side_pot_total(self, _number: Token | None, _amount: Token) -> None:
        return None

    def position(self) -> None:
        return None

    def said_nothing(self, *_items: object) -> None:
        return None   # a player sitting out: nothing to check

    # A seat's result in the summary restates the play; the engine checks it (S1).
    def won(self, amount: Token | int) -> EventFactory:
        return functools.partial(SummaryResult, won=self.amount(str(amount)))

    # What a seat's line says he showed, and the words for it, are judged as his shows
    # line's are: the cards (D2) and the description (E, X2, S1).
    def shown_and_won(self, cards: Token, amount: Token, text: Token | None = None,
                      ) -> EventFactory:
        return functools.partial(SummaryResult, won=self.amount(str(amount)),
                                 cards=read_cards(cards), description=_summary_words(text))

    def shown_and_lost(self, cards: Token, text: Token | None = None) -> EventFactory:
        return functools.partial(SummaryResult, won=0, cards=read_cards(cards),
                                 description=_summary_words(text))

    def won_nothing(self, *_items: object) -> EventFactory:
        return self.won(0)

    def didnt_bet(self) -> None:
        return None

    def mucked(self, cards: Token | None, *_lost: None) -> EventFactory | None:
        # The only place a mucked hand's cards are told.
        return None if cards is None else functools.partial(Muck, cards=read_cards(cards))



def _currency(amount: str, code: Token | None) -> str | None:
    """The code of a money amount: the one written after the stakes, else its sign's.

    >>> _currency("$1", None), _currency("$1", Token("CURRENCY", "CAD")), _currency("10", None)
    ('USD', 'CAD', None)
    """
    if code is not None and str(code) not in ("FPP", "SC"):
        return str(code)
    return _SIGNS.get(amount[:1]) if _is_money(amount) else None




def _summary_words(text: Token | None) -> str | None:
    """A summary's words for a shown hand, without the article its shows line has not:
    ``with a Badugi: 8,6,5,4`` says what ``(Badugi: 8,6,5,4)`` does."""
    return None if text is None else str(text).removeprefix("a ")


def _is_money(token: str) -> bool:
    """Whether an amount is money (``$0.25``, ``€1``, ``0.50``) rather than chips."""
    return not token[0].isdigit() or "." in token


#: Syntax errors in words.
_WORDING = Wording(
    {
        "INT": "a number",
        "AMOUNT": "an amount such as $0.25",
        "CARDS": "cards in brackets such as [As 3h 8h 6s]",
        "DESCRIPTION": "a description in parentheses",
        "TABLE_NAME": "a table name in single quotes",
        "SEAT_NAME": "a player's name and stack such as 'Ana ($5 in chips)'",
        "GAME": "a game such as 'Badugi Limit'",
        "LEVEL": "a level such as IV",
        "ORDINAL": "FIRST, SECOND or THIRD",
        "NTH": "a place such as 3rd",
        "CHAT": "a message in double quotes",
        "TEXT": "more words",
    },
    # after "Player3:", where any action fits
    places=(("FOLDS", "an action like 'Player3: calls 20' (posts, checks, folds, bets, calls, "
                      "raises, discards, stands pat, shows, mucks)"),),
    any_line="a line of a PokerStars hand, like 'Player3: calls 20' or '*** FIRST DRAW ***'",
)


# -- the frequent lines, read without the grammar ----------------------------------------

#: The grammar's terminals, as its own patterns write them (grammar/pokerstars.lark);
#: one its lexer takes whole is an atomic group (never given back for the rest to fit).
_AMOUNT = r"(?>(?:[$€£₹¥]|Rs\. ?)?\d[\d,]*(?:\.\d+)?)"
_CARDS = r"\[[^\[\]\n]*\]"
_TEXT = r"\S(?:.*\S)?"
#: A game's name and a seated name, each as the grammar's lexer takes it: the first
#: that fits, never given back to let the rest of the line fit (an atomic group).
_GAME = r"(?>(?:\d+[-+]? ?)?[A-Za-z][^()\n]*?(?= \(| - |,\s*[^\sA-Za-z]|\)))"
_SEAT_NAME = r"(?>\S(?:.*?\S)??(?= \((?:[$€£₹¥]|Rs\. ?)?\d[\d,.]* in chips))"
_ALL_IN = r"(?P<all_in> and is all-in)?"
_CURRENCY = r"USD|EUR|GBP|CAD|INR|CNY|FPP|SC"
_STAKES = rf"(?P<small>{_AMOUNT})/(?P<big>{_AMOUNT})(?: (?P<currency>{_CURRENCY}))?"
_POSITIONS = r"(?: \((?:button|small blind|big blind|button blind)\))*"
#: What builds each line's result: the transformer the grammar's parse runs.
_STARS = PokerStarsTransformer()
_BLINDS = {"small blind": "small", "big blind": "big", "small & big blinds": "small+big",
           "the ante": "ante"}
_STREETS = {"DEALING HANDS": _STARS.deal_street(), "SHOW DOWN": _STARS.showdown_street(),
            "SUMMARY": _STARS.summary_street(),
            **{f"{ordinal} DRAW": _STARS.draw_street(Token("ORDINAL", ordinal))
               for ordinal in ("FIRST", "SECOND", "THIRD")}}


def _stakes(found: QuickMatch) -> Stakes:
    return _STARS.stakes(None, found["small"], found["big"], None, found.optional("currency"))


def _showed(found: QuickMatch) -> EventFactory:
    """A summary's ``showed [..] and won (..)`` or ``and lost``, as the grammar builds it."""
    amount, text = found.optional("amount"), found.optional("text")
    if amount is None:
        return _STARS.shown_and_lost(found["cards"], text)
    return _STARS.shown_and_won(found["cards"], amount, text)


def _pot(found: QuickMatch) -> str:
    """The pot an award is from, as the grammar's rules for it say."""
    pot = found.optional("pot")
    if pot is None:
        return _STARS.side_pot(found.optional("side"))
    return _STARS.whole_pot() if pot == "pot" else _STARS.main_pot()


#: By start rule, the shapes of most lines of real exports: each is read by its pattern
#: and built by the transformer's methods, as the grammar's parse builds it; any other
#: line (or a value refused) is parsed (tests/test_site_caches.py compares the two).
_QUICK = {
    "after_name": quick_reader(re.compile(r":? ([a-z'-]+)"), quick_shapes(
        folds=(r": folds", lambda _found: (_STARS.folds(),)),
        checks=(r": checks", lambda _found: (_STARS.checks(),)),
        calls=(rf": calls (?P<amount>{_AMOUNT}){_ALL_IN}",
               lambda found: (_STARS.calls(found["amount"], found.all_in()),)),
        bets=(rf": bets (?P<amount>{_AMOUNT}){_ALL_IN}",
              lambda found: (_STARS.bets(found["amount"], found.all_in()),)),
        raises=(rf": raises (?P<by>{_AMOUNT}) to (?P<to>{_AMOUNT}){_ALL_IN}",
                lambda found: (_STARS.raises_by(found["by"], found["to"], found.all_in()),)),
        posts=(rf": posts (?P<blind>small blind|big blind|small & big blinds|the ante) "
               rf"(?P<amount>{_AMOUNT}){_ALL_IN}",
               lambda found: (_STARS.posts(_BLINDS[found["blind"]], found["amount"],
                                           found.all_in()),)),
        discards=(rf": discards (?P<count>\d+) cards?(?: (?P<cards>{_CARDS}))?",
                  lambda found: (_STARS.discards(found["count"], found.optional("cards")),)),
        stands=(rf": stands pat(?: on)?(?: {_CARDS})?", lambda _found: (_STARS.stands_pat(),)),
        shows=(rf": shows (?P<cards>{_CARDS})(?: (?P<text>\([^()]*\)))?",
               lambda found: (_STARS.shows(found["cards"], found.optional("text")),)),
        mucks=(r": mucks hand", lambda _found: (_STARS.mucks(),)),
        **{"doesn't": (r": doesn't show hand", lambda _found: (_STARS.no_show(),))},
        collected=(rf" collected (?P<amount>{_AMOUNT}) from (?:(?P<pot>pot|main pot)|side "
                   r"pot(?P<side>-\d+)?)",
                   lambda found: (_STARS.award(found["amount"], _pot(found)),)),
        joins=(r" joins the table at seat #\d+", lambda _found: (_STARS.table_note(),)),
        leaves=(r" leaves the table", lambda _found: (_STARS.table_note(),)),
        will=(r" will be allowed to play after the button",
              lambda _found: (_STARS.table_note(),)),
        sits=(r": sits out", lambda _found: (_STARS.table_note(),)),
        is_=(r"(?::? is (?P<out>sitting out)| is (?:connected|disconnected))",
             lambda found: (_STARS.table_note() if found.optional("out")
                            else _STARS.connection_note(),)),
        has=(r" has (?:(?P<returned>returned)|timed out(?: while(?: being)? disconnected)?)",
             lambda found: (_STARS.connection_note() if found.optional("returned")
                            else _STARS.timeout_note(),)),
        said=(r' said, (?P<chat>".*)', lambda found: (_STARS.chat_note(found["chat"]),)),
        finished=(rf" finished the tournament in (?P<place>\d+(?:st|nd|rd|th)) place"
                  rf"(?: and received (?P<prize>{_AMOUNT})\.)?",
                  lambda found: _STARS.finished(found["place"], found.optional("prize"))),
    )),
    "play_line": quick_reader(re.compile(r"(\S+)"), {
        "***": (re.compile(rf"\*\*\* (?P<street>{'|'.join(_STREETS)}) \*\*\*"),
                lambda found: (_STARS.street(_STREETS[found["street"]]),)),
        "Uncalled": (re.compile(rf"Uncalled bet \((?P<amount>{_AMOUNT})\) returned to "
                                rf"(?P<name>{_TEXT})"),
                     lambda found: (_STARS.uncalled(found["amount"], found["name"]),)),
        "Betting": (re.compile(r"Betting is capped"), lambda _found: (_STARS.table_note(),)),
        "The": (re.compile(r"The deck is reshuffled"), lambda _found: (_STARS.hand_note(),)),
        "Hand": (re.compile(r"Hand cancelled"), lambda _found: (_STARS.cancelled(),)),
    }),
    "dealt_cards": quick_reader(re.compile(r"()"), {"": (
        re.compile(rf" (?P<cards>{_CARDS})(?: (?P<drawn>{_CARDS}))?"),
        lambda found: _STARS.dealt_cards(found["cards"], found.optional("drawn")))}),
    "summary_line": quick_reader(re.compile(r"(\S+)"), {"Total": (
        re.compile(rf"Total pot (?P<total>{_AMOUNT})(?: Main pot {_AMOUNT}\.(?: Side pot(?:-\d+)? "
                   rf"{_AMOUNT}\.)+)? \| Rake (?P<rake>{_AMOUNT})"),
        lambda found: (_STARS.pot_total(found["total"], None, found["rake"]),))}),
    "summary_outcome": quick_reader(re.compile(rf"{_POSITIONS} (\S+)"), quick_shapes(
        collected=(rf"{_POSITIONS} collected \((?P<amount>{_AMOUNT})\)",
                   lambda found: (_STARS.won(found["amount"]),)),
        mucked=(rf"{_POSITIONS} mucked(?: (?P<cards>{_CARDS}))?(?: and lost)?",
                lambda found: _STARS.summary_outcome(_STARS.mucked(found.optional("cards")))),
        showed=(rf"{_POSITIONS} showed (?P<cards>{_CARDS}) and (?:won \((?P<amount>{_AMOUNT})\)"
                rf"|lost)(?: with (?P<text>{_TEXT}))?",
                lambda found: (_showed(found),)),
        folded=(rf"{_POSITIONS} folded (?:before the Draw|after the (?:\d+(?:st|nd|rd|th) )?"
                r"Draw|before Flop)(?: \(didn't bet\))?",
                lambda _found: (_STARS.won_nothing(),)),
    )),
    "seat_line": quick_reader(re.compile(r"(Seat)"), {"Seat": (
        re.compile(rf"Seat (?P<seat>\d+): (?P<name>{_SEAT_NAME}) \((?P<stack>{_AMOUNT}) in "
                   r"chips\)(?P<out> is sitting out)?"),
        lambda found: _STARS.seat_line(found["seat"], found["name"], found["stack"], None,
                                       found.optional("out") and _STARS.sitting_out()))}),
    "table_line": quick_reader(re.compile(r"(Table)"), {"Table": (
        re.compile(r"Table (?P<name>'[^']*')(?: (?P<size>\d+-[Mm]ax))?"
                   r"(?: \((?:Play|Real) Money\))? Seat #(?P<button>\d+) is the button"),
        lambda found: _STARS.table_line(found["name"], found.optional("size"), None,
                                        _STARS.button(found["button"])))}),
    "hand_game": quick_reader(re.compile(r"(?:Zoom |Rush )?(Tournament #|)"), {
        "": (re.compile(rf"(?P<game>{_GAME}) \({_STAKES}\)"),
             lambda found: _STARS.hand_game(None, _STARS.cash_game(found["game"],
                                                                   _stakes(found)))),
        "Tournament #": (
            re.compile(rf"(?P<title>(?:Zoom |Rush )?Tournament #)(?P<number>\d+), (?P<buy_in>"
                       rf"(?>[$€£₹¥]\d[\d.,]*(?:\+[$€£₹¥]?\d[\d.,]*)*))"
                       rf"(?>(?: (?P<code>{_CURRENCY}))?) (?P<game>{_GAME}) - Level "
                       rf"(?P<level>[IVXLC]+|\d+) \({_STAKES}\)"),
            lambda found: _STARS.hand_game(None, _STARS.tournament_game(
                found["title"], found["number"],
                _STARS.buy_in(found["buy_in"], found.optional("code")), found["game"],
                _STARS.plain_level(None, found["level"], _stakes(found))))),
    }),
}


def _parse_rest(text: str, offset: int, start: str) -> Any:
    """Parse ``text`` after its first ``offset`` characters (a name); errors point into
    the whole line."""
    try:
        return parse_line(text[offset:], start)
    except LineError as error:
        error.column += offset
        raise


# -- a hand ---------------------------------------------------------------------------

class PokerStarsHands:
    """Assembles each hand of a PokerStars log (see :mod:`.site`).

    A session is the hands in a row at one table and tournament, whose blind
    levels change the stakes but not the players' stacks; or at one table and
    stakes for cash. A hand's number is its place in its session. The lines read
    are kept from one log to the next (:data:`_LINES_READ`, :data:`_SEAT_LINES_READ`).
    """

    def __init__(self) -> None:
        self.lines = _LINES_READ
        self.seat_lines = _SEAT_LINES_READ

    def assemble(self, block: LineBlock, source: str) -> SiteHand | SkippedHand:
        game = parse_at(_header, block.lines[0], "", block.start)
        assert isinstance(game, GameLine)
        dealt, structure, label = _game_of(game.game)
        hand_id = str(HandId(site="pokerstars", number=game.number))
        if dealt is None:   # another game of a mixed table: not read past its header
            return SkippedHand(game=label, hand_id=hand_id, source=source,
                               line=block.start)
        if len(block.lines) < 2:
            raise LineError("expected the 'Table' line after the hand's first line", 0,
                            block.line_of(1))
        table: TableLine = parse_at(parse_line, block.lines[1], "table_line",  # type: ignore
                                    block.line_of(1))
        if table.button is None:
            raise LineError("expected 'Seat #N is the button' on the 'Table' line", 0,
                            block.line_of(1))
        ruleset = _ruleset(game, dealt, structure, table.max_players)
        reader = _HandReader(self.lines, self.seat_lines, tournament=game.tournament is not None,
                             hand_size=ruleset.hand_size)
        events = reader.read(block, Button(seat=table.button, line=block.line_of(1)))
        if ruleset.draws == 1:   # the single draws: PokerStars writes no marker for the draw
            events = marked_draw(events)
        if not reader.errors and not reader.cancelled and not reader.awarded:
            raise LineError("the hand ends without a line such as 'Ana collected $0.20 "
                            "from pot'", 0, block.last_line)
        hand = Hand(hand_id=hand_id, number=int(game.number), ruleset=ruleset,  # (in bounds)
                    events=events, source=source, line=block.start,
                    started_at=game.started_at, unit=100 if game.stakes.money else 1,
                    site=game.site, currency=game.currency, table=table.name,
                    tournament=game.tournament, buy_in=game.buy_in, level=game.level,
                    hero=reader.hero)
        if reader.cancelled:
            hand.events = _all_returned(hand)
        slug = _slug(table.name)
        where = (f"tournament #{game.tournament}" if game.tournament
                 else f"{game.stakes.text} cash game")
        return SiteHand(hand, table.name, session_key=game.tournament or game.stakes.text,
                        session_id=f"ps-{slug}-{game.number}",
                        title=f"PokerStars table '{table.name}', {where}", renumber=True,
                        errors=reader.errors)


@cached_for_short_lines(256)   # (a table's every hand names it)
def _slug(table: str) -> str:
    """A table's name as a session id takes it.

    >>> _slug("Alcyone IV (Play Money)")
    'Alcyone-IV-Play-Money'
    """
    return re.sub(r"[^\w.-]+", "-", table).strip("-")


def _seat_line(text: str, _start: str = "") -> SeatLine:
    """A seat line, parsed by its shape: the stack, which differs from hand to hand, is
    read apart, so that the parse of the rest is cached.

    >>> _seat_line("Seat 3: Mr Pink ($5.25 in chips) is sitting out")
    SeatLine(seat=3, player='Mr Pink', stack=525, status='sitting out')
    """
    stack = _STACK.search(text)
    if stack is None:   # the grammar says what is wrong
        return parse_line(text, "seat_line")  # type: ignore[return-value]
    shape = f"{text[:stack.start(1)]}0{text[stack.end(1):]}"
    seat: SeatLine = parse_line(shape, "seat_line")  # type: ignore[assignment]
    try:
        return SeatLine(seat.seat, seat.player, _AMOUNTS(stack.group(1)), seat.status)
    except ValueError as error:
        raise LineError(str(error), stack.start(1) + 1) from None


def _header(text: str, _start: str = "") -> GameLine:
    """The hand's first line: the number and the times cut off, the game parsed.

    >>> _header("PokerStars Game #7: Razz Limit ($1/$2 USD) - 2009/11/26 10:27:46 CET "
    ...         "[2009/11/26 4:27:46 ET]").started_at
    datetime.datetime(2009, 11, 26, 4, 27, 46)
    """
    header = _HEADER.match(text)
    if header is None:
        raise LineError("expected a hand's number, such as 'PokerStars Hand #123:'", 1)
    when = _WHEN.search(text, header.end())
    if when is None:
        raise LineError("expected ' - ' and the date, such as ' - 2010/09/05 10:32:15 ET'",
                        len(text.rstrip()) + 1)
    game = _parse_rest(text[:when.start()], header.end(), "hand_game")
    try:   # here, where the line is known: the hand's number in bounds
        read_number(header.group(1))
    except LineError as error:
        error.column = header.start(1) + 1
        raise
    return GameLine(number=header.group(1), started_at=_started_at(text, when.start()),
                    site="fulltilt" if text.startswith("Full Tilt") else "pokerstars",
                    **game)


def _started_at(text: str, at: int) -> datetime:
    """The date and times that start at ``at`` of a header: the site's own time (ET),
    the last where the log gives two."""
    times = _TIMES.findall(text, at)
    if not times:
        raise LineError("expected a date and time such as 2010/09/05 10:32:15", at + 4)
    try:
        return dated(datetime(*map(int, times[-1])))  # type: ignore[arg-type]
    except ValueError as error:
        raise LineError("{}/{}/{} {}:{}:{} is not a date and time: ".format(*times[-1])
                        + str(error), at + 4) from None


@cached_for_short_lines(256)   # (a table's every hand names its game)
def _game_of(name: str) -> tuple[Game | None, Structure, str]:
    """The game and structure of a site's game name, if read; and its name for reports.

    >>> _game_of("Triple Draw 2-7 Lowball Limit"), _game_of("Razz Limit")[2]
    (('27td', 'fixed', 'Triple Draw 2-7 Lowball'), 'Razz')
    >>> _game_of("Hold'em No Limit")
    (None, 'no', "Hold'em No Limit")
    """
    for suffix, structure in _STRUCTURES.items():
        if name.endswith(suffix):
            base = name.removesuffix(suffix)
            label = base if structure == "fixed" else name
            return game_read("pokerstars", base), structure, label
    return None, "fixed", name


def _ruleset(game: GameLine, dealt: Game, structure: Structure, max_players: int | None,
             ) -> Ruleset:
    """Fixed limit: the stakes are the bets. Pot and no limit: they are the blinds."""
    stakes, size = game.stakes, max_players or 10
    name = f"pokerstars {game.game} {stakes.text}"
    if structure != "fixed":
        return site_ruleset(name, stakes.big, stakes.big, size, small_blind=stakes.small,
                            big_blind=stakes.big, rake=game.tournament is None, game=dealt,
                            structure=structure)
    cash = game.tournament is None
    small_blind = _CASH_SMALL_BLINDS.get(stakes.small) if cash and stakes.money else None
    return site_ruleset(name, stakes.small, stakes.big, size, small_blind=small_blind,
                        rake=cash, game=dealt)


#: The small blind of PokerStars' fixed-limit cash tables, by big blind (the small
#: bet), in cents, where it is not half of it: $0.05/$0.10 posts $0.02, $0.25/$0.50
#: posts $0.10, $5/$10 posts $2, $15/$30 posts $10 (the site's own table of limits).
#: Tournaments post half the big blind at every level of the real SNG.
_CASH_SMALL_BLINDS = {5: 2, 25: 10, 300: 100, 500: 200, 1500: 1000, 2500: 1000, 7500: 5000,
                      25000: 10000}


class _HandReader:
    """Reads the lines of one hand after its header and table line into events.

    A line that cannot be read is kept in :attr:`errors` and the hand goes on.
    While reading, it notes what assembling the hand needs (where the deal is,
    who is dealt cards, whether a pot is awarded), so nothing reads the events
    again for it.
    """

    def __init__(self, lines: _LineCache, seat_lines: dict[str, SeatLine], *,
                 tournament: bool, hand_size: int) -> None:
        self.lines = lines
        self.seat_lines = seat_lines
        self.tournament = tournament
        self.hand_size = hand_size
        self.errors: list[LineError] = []
        self.known = _seated_names(frozenset())
        self.summary = False
        """Whether the lines are the summary's (after ``*** SUMMARY ***``)."""
        self.cancelled = False
        self.awarded = False
        """Whether a line awards a pot: a hand without one is cut short."""
        self.deal_at: int | None = None
        """The place of the deal's street marker among the play's events."""
        self.dealt: set[str] = set()
        self.drawing = False
        """Whether a draw has begun: a deal then is the cards a player draws."""
        self.hero: str | None = None
        """The player dealt cards face up (see :func:`~.site.hero_of`)."""

    def read(self, block: LineBlock, button: Button) -> list[Event]:
        """The events of the hand's lines after its header and table line."""
        seats: list[tuple[int, SeatLine]] = []
        lines, at = block.lines, 2
        while at < len(lines) and lines[at].startswith("Seat "):
            number = block.line_of(at)
            seats.append((number, self._seat(lines[at], number)))
            at += 1
        self.known = _seated_names(frozenset(seat.player for _, seat in seats))
        if len(self.lines) > _MAX_NAME_SETS:
            self.lines.clear()
        play = self._play(block.numbered(at))
        table = self._seats(seats, play)
        if self.deal_at is None:   # no deal: nobody is dealt a hidden hand
            return [*table, button, *play]
        # (a seat not in the hand is dealt nothing, and a player dealt a card is in it:
        # see _seats)
        return [*table, button, *insert_hidden_deals(play, self.deal_at, table, self.dealt,
                                                     self.hand_size)]

    def _seat(self, text: str, number: int) -> SeatLine:
        """A seat line, read once while the process runs (:data:`_SEAT_LINES_READ`, up to
        :data:`_MAX_LINES` of them, then cleared): a player who plays no chips in a hand
        keeps his stack, and his seat line repeats at the next (more than half of those of
        the real SNG do)."""
        seat = self.seat_lines.get(text)
        if seat is None:
            seat = cast(SeatLine, parse_at(_seat_line, text, "", number))
            if len(self.seat_lines) >= _MAX_LINES:   # stacks drift: keep the recent ones
                self.seat_lines.clear()
            if len(text) <= LONGEST_CACHED_LINE:
                self.seat_lines[text] = seat
        return seat

    def _play(self, lines: Iterable[tuple[int, str]]) -> list[Event]:
        """The events of the play and the summary."""
        events: list[Event] = []
        add, new, set_line = events.append, object.__new__, SET_LINE
        known, in_summary = self._known_lines(), self.summary
        for number, text in lines:
            line = known.get(text)
            if line is None:
                if not text or text.isspace():
                    continue
                try:
                    line = self._read_line(text)
                except LineError as error:
                    error.line = number
                    self.errors.append(error)
                    continue
                if len(known) < _MAX_LINES and len(text) <= LONGEST_CACHED_LINE:
                    known[text] = line
            plan, marks = line
            for kind, fields in plan:   # (each event made as slots.made_event says)
                event = new(kind)
                set_line(event, number)
                for set_field, value in fields:
                    set_field(event, value)
                add(event)
            if not marks:
                continue
            if marks == _AWARDS:
                self.awarded = True
            elif marks == _DRAWS:
                self.drawing = True   # a single draw's discards come without a marker
            else:
                self._take(events, len(events) - len(plan), marks)
                if self.summary and not in_summary:
                    known, in_summary = self._known_lines(), True   # the summary's
        return events

    def _known_lines(self) -> dict[str, _ReadLine]:
        """The lines read so far with this hand's seated names, in the play or the summary."""
        return self.lines.setdefault((self.known.names, self.summary), {})

    def _read_line(self, text: str) -> _ReadLine:
        start, at = "after_name", 0
        if self.summary:
            seat = _SUMMARY_SEAT.match(text)
            start, at = "summary_outcome", -1 if seat is None else seat.end()
        seated = None if at < 0 else self.known.starting(text, at)
        read = None if seated is None else _REST_READS[start].get(text[at + len(seated):])
        player: str | None
        if seated is not None and read is not None:   # most: what the general path finds
            player, (items, marks) = seated, read
        else:
            player, (items, marks) = (self._summary_line(text) if self.summary
                                      else self._play_line(text))
        return tuple([made_event(_factory(item, player, text)) for item in items]), marks

    def _take(self, events: list[Event], first: int, marks: int) -> None:
        """Note what assembling the hand needs from the events of a line, from ``first``."""
        self.cancelled = self.cancelled or bool(marks & _CANCELS)
        for at in range(first, len(events)):
            event = events[at]
            if type(event) is Street:
                if event.kind == "deal" and self.deal_at is None:
                    self.deal_at = at
                self.summary = self.summary or event.kind == "summary"
                self.drawing = self.drawing or event.kind == "draw"
            elif type(event) is Draw:
                self.drawing = True   # a single draw's discards come without a marker
            elif type(event) is Deal and self.drawing:
                # all his cards replaced, the hero's new hand is one list: "Dealt to Hero [..]"
                events[at] = DrawnCards(player=event.player, cards=event.cards, line=event.line)
            elif type(event) is Deal:
                self.dealt.add(event.player)
                if self.hero is None and event.cards and None not in event.cards:
                    self.hero = event.player
            elif type(event) is Award:
                self.awarded = True

    def _seats(self, seats: list[tuple[int, SeatLine]], events: list[Event]) -> list[Seat]:
        """The seats; one sitting out or moved in after the deal takes part only if he acts.

        At a tournament a player sitting out is dealt in all the same: he posts
        and the site folds his hand.
        """
        actors = {event.player for event in events
                  if isinstance(event, PlayerEvent) and type(event) is not StackStated
                  } if any(seat.status for _, seat in seats) else set()
        return [Seat(player=seat.player, seat=seat.seat, stack=seat.stack, line=line,
                     in_hand=(seat.status is None or seat.player in actors
                              or self._dealt_in_sitting_out(seat)),
                     sitting_out=self._dealt_in_sitting_out(seat))
                if seat.status is not None else
                Seat(player=seat.player, seat=seat.seat, stack=seat.stack, line=line)
                for line, seat in seats]

    def _dealt_in_sitting_out(self, seat: SeatLine) -> bool:
        """Whether a tournament deals him in though he sits out (its practice: he posts,
        and his hand is folded at his turn, all-in or not)."""
        return self.tournament and seat.status == "sitting out"

    def _known_name(self, text: str) -> str | None:
        """The longest seated name that starts ``text`` and is followed by ':' or a blank."""
        return self.known.starting(text)

    def _play_line(self, text: str) -> _Items:
        first_error: LineError | None = None
        name = self.known.starting(text)
        if name is not None:
            try:
                return name, _rest_read(text[len(name):], "after_name")
            except LineError as error:
                error.column += len(name)
                first_error = error
        if text.startswith("Dealt to "):
            return self._dealt(text)
        play_error: LineError | None = None
        if _may_read(text, "play_line"):
            try:
                return None, _rest_read(text, "play_line")
            except LineError as error:
                play_error = error
        found = _unknown_player(text, 0, "after_name")
        if found is not None:
            return found
        if play_error is None:   # (asked only now: the grammar says why it cannot read it)
            try:
                return None, _rest_read(text, "play_line")
            except LineError as error:
                play_error = error
        if play_error.column > 1:   # a line such as '*** FIRST DRAW ***', misspelt
            first_error = first_error or play_error
        raise first_error or LineError(
            "expected a line of a PokerStars hand, like 'Player3: calls 20' (a seated "
            f"player's name first) or '*** FIRST DRAW ***', got {text.split()[0][:20]!r}", 1)

    def _dealt(self, text: str) -> _Items:
        at = len("Dealt to ")
        name = self._known_name(text[at:])
        if name is None:
            cut = text.find(" [", at)
            if cut <= at:
                raise LineError("expected a seated player's name after 'Dealt to'", at + 1)
            name = text[at:cut]
        return name, _rest_read_at(text, at + len(name), "dealt_cards")

    def _summary_line(self, text: str) -> _Items:
        seat = _SUMMARY_SEAT.match(text)
        if seat is None:
            return None, _rest_read(text, "summary_line")
        at = seat.end()
        seated = self.known.starting(text, at)
        if seated is not None:
            return seated, _rest_read_at(text, at + len(seated), "summary_outcome")
        found = _unknown_player(text, at, "summary_outcome")
        if found is None:
            raise LineError("expected a seated player's name after the seat number", at + 1)
        return found


#: What the text of a line after its player's name says (or of a whole line naming
#: nobody first): event factories and note kinds, and its marks.
_RestRead = tuple[tuple[object, ...], int]
#: What a line says: its player (``None`` for a line that names nobody first), and
#: what the rest says.
_Items = tuple[str | None, _RestRead]
#: What a line says, ready to be stamped with its line number: how each of its events is
#: made (its class and its fields' values, :func:`~.slots.made_event`: filling the slots of a
#: new event costs a third of the event's ``__init__``), and its marks.
_ReadLine = tuple[tuple[MadeEvent, ...], int]
#: A line's marks: it makes an event that assembling the hand looks for (a street, a
#: deal, an award), it cancels the hand, it makes a note. Most lines have none; those of
#: an award or of discards only are told apart, what they tell needing no look at the
#: events.
_TELLS, _CANCELS, _AWARDS, _DRAWS, _NOTES = 1, 2, 4, 8, 16
#: The events :meth:`_HandReader._take` looks at.
_TOLD = (Street, Deal, Draw, Award)


def _factory(item: object, player: str | None, text: str) -> EventFactory:
    """The factory of an item of a line, with ``player`` bound; a note kind's note
    (a cancelled hand's is a note on the hand), which names no player."""
    if type(item) is str:
        kind = cast(NoteOfEvent, "hand" if item == _CANCELLED else item)
        return functools.partial(Note, kind=kind, text=text)
    return item if player is None else functools.partial(item, player=player)  # type: ignore


def _marks(items: tuple[object, ...]) -> int:
    """The marks of a line's items, from the kinds of event they make.

    >>> _marks((Note,)), _marks((functools.partial(Award, amount=5),)), _marks(("chat",))
    (0, 4, 16)
    """
    marks, told = 0, set()
    for item in items:
        if type(item) is str:
            marks |= _NOTES | (_CANCELS if item == _CANCELLED else 0)
        elif (kind := _kind_made(cast(EventFactory, item))) in _TOLD:
            told.add(kind)
    if told:
        marks |= {frozenset([Award]): _AWARDS, frozenset([Draw]): _DRAWS}.get(
            frozenset(told), _TELLS)
    return marks


def _rest_read(rest: str, start: str) -> _RestRead:
    """What ``rest`` says parsed from ``start``, and its marks; kept for every log (a
    line's text after the player, as most are, repeats across tables and players)."""
    kept = _REST_READS[start]
    read = kept.get(rest)
    if read is None:
        items: tuple[object, ...] = parse_line(rest, start)  # type: ignore[assignment]
        read = items, _marks(items)
        if len(rest) <= LONGEST_CACHED_LINE:
            if len(kept) >= _MAX_LINES:
                kept.clear()
            kept[rest] = read
    return read


def _rest_read_at(text: str, offset: int, start: str) -> _RestRead:
    """:func:`_rest_read` of ``text`` after its first ``offset`` characters (a name);
    errors point into the whole line."""
    try:
        return _rest_read(text[offset:], start)
    except LineError as error:
        error.column += offset
        raise


#: What :func:`_rest_read` keeps, by start rule and text.
_REST_READS: dict[str, dict[str, _RestRead]] = {
    start: {} for start in ("after_name", "play_line", "dealt_cards", "summary_line",
                            "summary_outcome")}


def _kind_made(make: EventFactory) -> object:
    """The class of the events a factory makes: an event class, or a partial of one.

    Read off the factory rather than by making an event: most lines of a short file
    are read once, and each is marked.
    """
    while isinstance(make, functools.partial):
        make = make.func
    return make


#: What each line read so far says, by the seated names it was read with and
#: whether it is in a summary: players sit at a table for many hands, and most lines
#: (``Player3: folds``) repeat, from one hand to the next and one export to the next
#: (a player's exports of a day, of each of his tables, share their players).
_LineCache = dict[tuple[frozenset[str], bool], dict[str, _ReadLine]]
#: The cache's bounds: sets of names (tables and their comings and goings), and
#: lines per set.
_MAX_NAME_SETS, _MAX_LINES = 32, 10_000
#: The lines read, and the seat lines (each read once while its stack holds).
_LINES_READ: _LineCache = {}
_SEAT_LINES_READ: dict[str, SeatLine] = {}


#: How a street's line starts (``*** FIRST DRAW ***``); no player's name starts so.
_MARKER = "*** "


def _unknown_player(text: str, at: int, start: str) -> _Items | None:
    """A line of a player the seat lines do not name (one joining, or watching), his
    name at ``at``: the shortest run of words after which the rest reads.

    ``Ted the Mad: sits out`` is tried as ``Ted``, ``Ted the``, then ``Ted the Mad``;
    a name is no longer than a name can be (a hostile line of a megabyte is not tried at
    each of its blanks). Text that starts with a street's marker (``*** ``) is no name:
    it is a marker with the next line joined to it by damage (``*** FIRST DRAW ***Ann:
    discards 1 card``), a line that cannot be read, not a player without a seat (G1).

    >>> _unknown_player("*** FIRST DRAW ***Ann: discards 1 card", 0, "after_name") is None
    True
    """
    if text.startswith(_MARKER, at):
        return None
    for cut in range(at + 1, min(len(text), at + MAX_NAME + 1)):
        if text[cut] in " :" and _may_read(text[cut:], start):
            try:
                return text[at:cut], _rest_read_at(text, cut, start)
            except LineError:
                continue
    return None


class _SeatedNames:
    """The names seated at a hand, and which of them starts a line.

    The longest that fits is the one: found by the names' lengths, longest first, as
    a pattern of the names tried in that order would find it; the shortest name (the
    pattern's last) only when ':' or a blank follows it. A table's players come and go
    from hand to hand, and a pattern of their names took longer to compile than most
    hands take to read.

    >>> seated = _SeatedNames(frozenset({"Mr Pink", "Mr", "Ana"}))
    >>> seated.starting("Mr Pink: folds"), seated.starting("Seat 2: Mr mucked", 8)
    ('Mr Pink', 'Mr')
    >>> seated.starting("Anabel: folds"), seated.starting("Mrs Ana: folds")
    ('Ana', None)
    """

    __slots__ = ("names", "_lengths", "_shortest", "_colons")

    def __init__(self, names: frozenset[str]) -> None:
        self.names = names
        self._lengths = sorted({len(name) for name in names}, reverse=True)
        self._shortest = max(names, key=lambda name: (-len(name), name)) if names else ""
        self._colons = any(":" in name for name in names)

    def starting(self, text: str, at: int = 0) -> str | None:
        """The seated name that starts ``text`` at ``at``, or None."""
        names = self.names
        if not self._colons:   # most lines: 'Name: ...'; a longer name would hold the ':'
            colon = text.find(":", at)
            if colon > at and text[at:colon] in names:
                return text[at:colon]
        for length in self._lengths:
            name = text[at:at + length]
            if name in names and (name != self._shortest
                                  or text[at + length:at + length + 1] in (":", " ")):
                return name
        return None


#: The words a line can start with (after blanks) from the start rules a reader tries
#: where a line may not fit (a name not seated, a player joining): the grammar's. A
#: line that starts otherwise is refused, and the reader need not ask the grammar why
#: unless no other reading fits.
_FIRST_WORDS = {
    "play_line": ("***", "Uncalled", "Betting", "The", "Hand"),
    "after_name": (":", "collected", "finished", "wins", "re-buys", "takes", "said", "joins",
                   "leaves", "will", "is", "was", "has"),
    "summary_outcome": ("(", "folded", "collected", "showed", "is", "mucked"),
}


def _may_read(text: str, start: str) -> bool:
    """Whether ``text`` starts as a line of rule ``start`` may (False: it is refused).

    >>> _may_read(" leaves the table", "after_name"), _may_read("bel: folds", "after_name")
    (True, False)
    """
    return text.lstrip(" \t\xa0").startswith(_FIRST_WORDS[start])


@functools.lru_cache(maxsize=256)
def _seated_names(names: frozenset[str]) -> _SeatedNames:
    """The seated names of a hand, made once for a table's players."""
    return _SeatedNames(names)


def _all_returned(hand: Hand) -> list[Event]:
    """The events of a cancelled hand, with every chip put in going back to its player."""
    events = hand.events
    at = next(index for index, event in enumerate(events)
              if type(event) is Note and event.kind == "hand")
    line = events[at].line
    returned = [UncalledReturned(player=player.player, amount=player.put_in - player.returned,
                                 line=line, inferred=True)
                for player in hand_ledger(hand).values() if player.put_in > player.returned]
    return [*events[:at + 1], *returned, *events[at + 1:]]


READER = SiteReader(SiteSpec(
    name="pokerstars", grammar="pokerstars.lark",
    starts=("hand_game", "table_line", "seat_line", "after_name", "play_line", "dealt_cards",
            "summary_line", "summary_outcome"),
    transformer=PokerStarsTransformer, wording=_WORDING, header=marks.POKERSTARS.pattern,
    initials=marks.POKERSTARS.initials,
    header_starts=("PokerStars ", "Full Tilt "),
    first_line="a hand starting 'PokerStars Game #' or 'PokerStars Hand #'",
    hands=PokerStarsHands, claims=("PokerStars ",), quick=_QUICK,
    joined_header=re.compile(r"(?:PokerStars|Full Tilt) (?:Home Game |Zoom |Rush )?(?:Game |Hand )?"
                             r"#\d+: (?=.* \d{4}/\d{1,2}/\d{1,2} \d{1,2}:\d{2}:\d{2})"),
    chat=re.compile(r'.+ said, "[^"]*')))

pokerstars_parser = READER.parser
parse_line = READER.parse_line
read_pokerstars = READER.read
read_pokerstars_lines = READER.read_lines
sniff = READER.sniff
