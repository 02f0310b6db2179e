"""What the readers of site exports (PokerStars, Full Tilt, KingsClub) have in common.

A site export is a list of hands, each starting with a header line and
naming its own seats, stacks and stakes; there is no session header. So a
site reader:

* cuts the log into hands at the lines :attr:`SiteDialect.is_hand_start`
  recognises, holding one hand at a time (:func:`read_site_log`);
* parses each line with the dialect's Lark grammar, from the start rule for
  its place in the hand (:func:`parse_with`), into *items*: event factories
  waiting for their line number, or dialect objects (a header, a marker);
* lets the dialect assemble the items of a hand into a :class:`Hand`;
* yields a :class:`SessionStart` whenever the table or the stakes change
  (or what else the dialect says starts a session: :attr:`SiteHand.session_key`),
  with no players: the seats of a site hand are its own ``Seat`` events.

A line that cannot be read becomes a :class:`ParseError` naming file, line
and column; the hand is kept without it (:attr:`Hand.damaged` lists such
lines), so a line costs no more than itself. Only a hand whose header cannot
be read is lost, as a :class:`ParseError` in its place; reading goes on with
the next hand, and any text before the first hand is one error too. A hand of
a game the reader does not read comes as a :class:`SkippedHand`, named by
its game.

>>> money("$1,285.50"), money("928.25"), money("-270"), money("$5")
(128550, 92825, -27000, 500)
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Callable, Container, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import NoReturn, Protocol

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from badugi_hh.cards import Card, parse_card
from badugi_hh.events import (
    Award, Button, Cards, Check, Deal, Draw, DrawnCards, Event, Fold, Hand, Muck, ParseError,
    Record, Seat, SessionStart, SkippedHand, Street, UncalledReturned,
)
from badugi_hh.ledger import hand_ledger
from badugi_hh.parsers.house import MAX_AMOUNT, MAX_COUNT, LineError
from badugi_hh.parsers.text import LineBlock, LogText
from badugi_hh.rules import HOUSE, Game, Ruleset, Structure

__all__ = ["CENTS", "CURRENCY_SIGNS", "MAX_HAND_LINES", "MAX_TABLE_SIZE", "EventFactory",
           "SiteDialect", "SiteHand", "SiteTransformer", "Wording", "hero_of", "hidden_deals",
           "insert_hidden_deals", "money", "parse_at", "parse_with", "read_cards",
           "read_site_log", "return_unmatched", "site_ruleset", "table_first"]

#: Site amounts are money (or chips with cents): stored in hundredths.
CENTS = 100

#: The currency of an amount written with a sign (``$0.25``, ``0.50€``).
CURRENCY_SIGNS = {"$": "USD", "€": "EUR", "£": "GBP"}

#: A hand longer than this has lost the next hand's header line.
MAX_HAND_LINES = 2000

#: Site Badugi tables seat at most eight: the size of a table whose log does not say it.
MAX_TABLE_SIZE = 8

_MONEY = re.compile(r"([+-]?)\$?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?")

#: What an error quotes of the text where it is: a word, or one mark.
_WORD = re.compile(r"[^\s()\[\],]+|\S")

#: An event of a line, waiting for its line number: ``make(line=7)``.
EventFactory = Callable[..., Event]


def money(text: str) -> int:
    """An amount as written by a site (``$0.10``, ``1,285``, ``+298.25``), in cents.

    Thousands separators are commas; more than two decimals is not money.
    """
    match = _MONEY.fullmatch(text.strip())
    if match is None:
        raise ValueError(f"{text[:30]!r} is not an amount")   # a log may hold megabytes
    sign, whole, cents = match.groups()
    return -bounded_money(whole, cents) if sign == "-" else bounded_money(whole, cents)


def bounded_money(whole: str, cents: str | None) -> int:
    """Cents, at most MAX_AMOUNT: more would not fit the store once summed; the digits
    are counted before ``int()``, which refuses more than 4,300 of them.

    >>> bounded_money("1,285", "5")
    128550
    >>> bounded_money("9" * 5000, None)
    Traceback (most recent call last):
    ValueError: an amount of 5000 digits is more than 10^15 cents
    """
    digits = whole.replace(",", "")
    if len(digits) > 20:
        raise ValueError(f"an amount of {len(digits)} digits is more than 10^15 cents")
    amount = int(digits) * CENTS + int((cents or "0").ljust(2, "0"))
    if amount > MAX_AMOUNT:
        raise ValueError(f"the amount {amount} cents is more than 10^15")
    return amount


#: Cards dealt to each player, by game.
HAND_SIZES: dict[str, int] = {"badugi": 4, "badeucy": 5, "badacey": 5, "27td": 5, "a5td": 5}


# A log has a few stakes; a hostile one may have new stakes in every hand: bounded.
@functools.lru_cache(maxsize=256)
def site_ruleset(name: str, small_bet: int, big_bet: int, max_players: int, *,
                 small_blind: int | None = None, big_blind: int | None = None,
                 rake: bool = True, game: Game = "badugi",
                 structure: Structure = "fixed") -> Ruleset:
    """The triple-draw game of a site table: stakes from the header, rake, no burns.

    The blinds are the small bet and, unless ``small_blind`` says otherwise, half
    of it, as in every fixed-limit game these sites deal, where no header states
    them (``big_blind`` for one that does, as pot limit does). A site hand states
    its own stacks and has no session length; ``rake=False`` for a tournament,
    which takes none. ``game`` sets the hand size (:data:`HAND_SIZES`). Sites
    lift the cap on raises once two players are left in the hand (T7).
    """
    return HOUSE.replace(name=name, max_players=max_players, min_players=2,
                         starting_stack=None, game=game, structure=structure,
                         hand_size=HAND_SIZES[game],
                         small_blind=small_bet // 2 if small_blind is None else small_blind,
                         big_blind=small_bet if big_blind is None else big_blind,
                         small_bet=small_bet, big_bet=big_bet,
                         session_hands=None, burns_logged=False, deal_order_logged=False,
                         rake=rake, cap_heads_up=False)


# -- what the site grammars share ---------------------------------------------------

_ORDINALS = {"FIRST": 1, "SECOND": 2, "THIRD": 3}


@v_args(inline=True)
class SiteTransformer(Transformer):
    """The results of the rules that PokerStars' and Full Tilt's grammars share.

    Each line's result is built while Lark parses it (no tree is built); a
    line of play becomes an event factory waiting for its player and line.
    """

    def player_line(self, name: Token, verb: EventFactory | None) -> EventFactory | None:
        return None if verb is None else functools.partial(verb, player=str(name))

    def checks(self) -> EventFactory:
        return Check

    def folds(self) -> EventFactory:
        return Fold

    def all_in(self) -> bool:
        return True

    def discards(self, count: Token, cards: Token | None) -> EventFactory:
        # Only the hero's discards are shown; the others' are a count of unseen cards.
        if len(count) > 2 or int(count) > MAX_COUNT:   # before a tuple of that many is made
            raise LineError(f"discards {count} cards, more than a deck", count.column)
        discarded = (None,) * int(count) if cards is None else read_cards(cards)
        if len(discarded) != int(count):
            raise LineError(f"says {count} discarded cards but lists {len(discarded)}",
                            count.column)
        return functools.partial(Draw, discarded=discarded)

    def mucks(self) -> EventFactory:
        return Muck

    def whole_pot(self) -> str:
        return ""

    def main_pot(self) -> str:
        return "main"

    def deal(self, name: Token, cards: Token, drawn: Token | None) -> EventFactory:
        if drawn is None:
            return functools.partial(Deal, player=str(name), cards=read_cards(cards))
        # After a draw the hero's hand is restated as [kept] [received].
        return functools.partial(DrawnCards, player=str(name), cards=read_cards(drawn))

    def street(self, kind_and_number: tuple[str, int], _note: Token | None = None,
               ) -> EventFactory:
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


# -- parsing one line ----------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Wording:
    """How syntax errors say what a dialect's grammar expected.

    ``terminals`` names the grammar's named terminals as a reader would;
    ``places`` are (a terminal only one place in a line expects, the words for
    everything that fits there), such as the verbs after ``Player3:``;
    ``any_line`` is said instead of a list of more than six things.
    """

    terminals: dict[str, str]
    places: tuple[tuple[str, str], ...] = ()
    any_line: str | None = None


def parse_with(parser: Lark, text: str, start: str, wording: Wording) -> object:
    """Parse ``text`` from ``start``; a syntax error becomes a :class:`LineError`."""
    try:
        return parser.parse(text, start=start)
    except UnexpectedInput as error:
        raise _explain(error, text, parser, wording) from None
    except ValueError as error:   # an amount the transformer refused
        raise LineError(str(error), 1) from None


def _explain(error: UnexpectedInput, text: str, parser: Lark, wording: Wording) -> LineError:
    if isinstance(error, UnexpectedToken):
        expected = error.expected
    elif isinstance(error, UnexpectedCharacters):
        expected = error.allowed
    else:
        expected = set()
    if "CARDS" in expected and text[error.column - 1:error.column] == "[":
        _explain_cards(text, error.column)
    wanted = next((words for terminal, words in wording.places if terminal in expected), None)
    if wanted is None:
        wanted = _one_of(expected, parser, wording)
    if isinstance(error, UnexpectedToken) and error.token.type == "$END":
        return LineError(f"expected {wanted}, but the line ends there", len(text.rstrip()) + 1)
    word = _WORD.match(text, error.column - 1)
    got = word.group() if word else text[error.column - 1:error.column]
    return LineError(f"expected {wanted}, got {got[:20]!r}", error.column)


def _explain_cards(text: str, column: int) -> None:
    """Raise :class:`LineError` at what is wrong in a list of cards the grammar rejects.

    A grammar whose ``CARDS`` admits only cards (PokerStars') rejects a list
    with a word that is not a card: :func:`read_cards` points at the word.
    """
    end = text.find("]", column)
    if end < 0:
        raise LineError("expected ']' after the cards", len(text.rstrip()) + 1)
    read_cards(Token("CARDS", text[column - 1:end + 1], column=column))


def _one_of(expected: set[str], parser: Lark, wording: Wording) -> str:
    """The terminals Lark expected, in words: ``a number or 'chips'``."""
    named = sorted(wording.terminals[name] for name in expected if name in wording.terminals)
    keywords = sorted(repr(parser.get_terminal(name).pattern.value)
                      for name in expected if name not in wording.terminals
                      and not name.startswith("$") and name != "<END-OF-FILE>")
    if "$END" in expected or "<END-OF-FILE>" in expected:
        keywords.append("the end of the line")
    if wording.any_line is not None and len(named) + len(keywords) > 6:
        return wording.any_line
    *others, last = named + keywords or ["something else"]
    return f"{', '.join(others)} or {last}" if others else last


# -- reading a log, hand by hand ---------------------------------------------------------

@dataclass(slots=True)
class SiteHand:
    """A hand assembled by a dialect, the table it was played at, and its session.

    A session is the hands in a row at one table with the same ``session_key``
    (``None``: the same ruleset, so the stakes). The session a hand starts is
    ``session_id`` and ``title``, by default ``<ruleset name>:<table>:<when>``
    (``fulltilt:Clackers:20130508-101816``) and the table. ``renumber``: the
    hand's number is its place in the session, the site's number being an id only.
    """

    hand: Hand
    table: str
    session_key: object = None
    session_id: str = ""
    title: str = ""
    renumber: bool = False
    errors: list[LineError] = field(default_factory=list)
    """Lines of the hand that could not be read, each with its line set."""


class SiteDialect(Protocol):
    """What :func:`read_site_log` needs from a site's reader."""

    #: What a hand's first line is, for an error before the first hand.
    first_line: str

    def is_hand_start(self, text: str) -> bool:
        """Whether ``text`` is the first line of a hand."""

    def hand_name(self, block: LineBlock) -> str:
        """How errors name the hand: ``hand #32617272179``."""

    def assemble(self, block: LineBlock, source: str) -> SiteHand | SkippedHand:
        """The hand of ``block`` (or a hand of a game not read), or :class:`LineError`
        with its line set where the hand cannot be read at all."""


def read_site_log(dialect: SiteDialect, log: LogText) -> Iterator[Record]:
    """The records of a site log: a session per table and stakes, each hand or its error."""
    source = log.name
    session: tuple[str, object] | None = None
    session_id = ""
    hands = 0
    for block in _blocks(dialect, log, source):
        if isinstance(block, ParseError):
            yield block
            continue
        try:
            _check_length(block)
            site = dialect.assemble(block, source)
        except LineError as error:
            yield ParseError(message=f"{dialect.hand_name(block)}: {error.message}",
                             source=source, line=error.line, column=error.column,
                             text=block.text)
            continue
        if isinstance(site, SkippedHand):
            yield site
            continue
        hand = site.hand
        for error in site.errors:
            yield ParseError(message=f"{dialect.hand_name(block)}: {error.message}",
                             source=source, line=error.line, column=error.column,
                             text=block.lines[error.line - block.start]
                             if 0 <= error.line - block.start < len(block.lines) else "",
                             hand_lost=False)
        if site.errors:
            hand.damaged = tuple(sorted(error.line for error in site.errors))
        key = (site.table, hand.ruleset if site.session_key is None else site.session_key)
        if session != key:
            session, hands = key, 0
            session_id = site.session_id or _session_id(
                hand.ruleset.name, site.table, hand.started_at, hand.number)
            yield _session_start(session_id, site, source)
        hands += 1
        hand.session_id = session_id
        if site.renumber:
            hand.number = hands
        yield hand
    if (error := log.end_error()) is not None:
        yield error


def _session_start(session_id: str, site: SiteHand, source: str) -> SessionStart:
    """A session for the hands that follow at one table and stakes.

    It names no players: each hand seats its own (``Seat`` events), so a
    player who leaves the table is not carried into later hands.
    """
    hand = site.hand
    return SessionStart(session_id=session_id, ruleset=hand.ruleset, players=[],
                        title=site.title or site.table, started_at=hand.started_at, source=source,
                        line=hand.line)


def _session_id(site: str, table: str, started_at: datetime | None, number: int) -> str:
    """Unique across files: the table and when its first hand here began."""
    when = started_at.strftime("%Y%m%d-%H%M%S") if started_at else f"hand{number}"
    return f"{site}:{table}:{when}"


#: ``******** # 12 ********``: the line a tracker's archive puts before each hand.
_ARCHIVE_MARKER = re.compile(r"\ufeff?\*{3,} # \d+ \*{3,}\s*")


_MARKER_STARTS = ("*", "\ufeff")


def is_archive_marker(text: str) -> bool:
    """Whether ``text`` numbers the next hand of a tracker's archive (Hold'em Manager's).

    Such a line is not the site's: it separates hands like a blank line does.

    >>> is_archive_marker("\ufeff******************** # 1 *************************")
    True
    >>> is_archive_marker("*** FIRST DRAW ***")
    False
    """
    return text[:1] in "*\ufeff" and _ARCHIVE_MARKER.fullmatch(text) is not None


def _blocks(dialect: SiteDialect, log: LogText, source: str,
            ) -> Iterator[LineBlock | ParseError]:
    """The hands of the log one at a time.

    Text before the first hand is one error, at its first line that is not blank.
    """
    block = LineBlock(1)   # before the first hand, until a hand starts
    in_hand = False
    for number, text in enumerate(log, 1):
        if text[:1] in _MARKER_STARTS and " # " in text and is_archive_marker(text):
            text = ""   # a blank line to the hand before it
        elif dialect.is_hand_start(text):
            yield from _close(dialect, block, in_hand, source)
            block, in_hand = LineBlock(number), True
        if len(block.lines) < MAX_HAND_LINES:
            block.lines.append(text)
        else:
            block.overflowed = True
    yield from _close(dialect, block, in_hand, source)


def _close(dialect: SiteDialect, block: LineBlock, in_hand: bool, source: str,
           ) -> Iterator[LineBlock | ParseError]:
    if in_hand:
        yield block
        return
    first = next((index for index, text in enumerate(block.lines) if text.strip()), None)
    if first is not None:
        yield ParseError(message=f"expected {dialect.first_line}", source=source,
                         line=block.start + first, column=1, text=block.text)


def _check_length(block: LineBlock) -> None:
    if block.overflowed:
        raise LineError(f"more than {MAX_HAND_LINES} lines without the next hand's first line",
                        0, block.start + MAX_HAND_LINES)


# -- helpers for assembling a hand ---------------------------------------------------------

def return_unmatched(hand: Hand, events: list[Event]) -> list[Event]:
    """``events`` with the unmatched part of the last bet returned, where a site pays it.

    Some sites write no line for an uncalled bet and pay it with the pot: a
    folded-to big blind 'wins $1.50' of a $1.00 pot and his own unmatched $0.50
    (Merge, Winamax). The hand then says what happened: the $0.50 goes back,
    the pot of $1.00 is won (S3). A hand that states its returns is left alone.

    >>> from badugi_hh.events import Award, Fold, PostBlind, Seat
    >>> hand = Hand(hand_id="1", number=1, ruleset=site_ruleset("merge", 100, 200, 6),
    ...             events=[])
    >>> events = [Seat(player="Ana", seat=1), Seat(player="Bo", seat=2),
    ...           PostBlind(player="Ana", amount=50, kind="small"),
    ...           PostBlind(player="Bo", amount=100), Fold(player="Ana"),
    ...           Award(player="Bo", amount=150, line=9)]
    >>> returned, award = return_unmatched(hand, events)[-2:]
    >>> returned
    UncalledReturned(line=9, player='Bo', amount=50, inferred=True)
    >>> award.amount
    100
    """
    if any(type(event) is UncalledReturned for event in events):
        return events
    ledger = hand_ledger(dataclasses.replace(hand, events=events))
    put_in = sorted((figures.put_in, name) for name, figures in ledger.items())
    if len(put_in) < 2 or put_in[-1][0] == put_in[-2][0]:
        return events
    unmatched, bettor = put_in[-1][0] - put_in[-2][0], put_in[-1][1]
    at = next((index for index, event in enumerate(events) if type(event) is Award
               and event.player == bettor and event.amount >= unmatched), None)
    if at is None:
        return events
    award = events[at]
    return [*events[:at], UncalledReturned(player=bettor, amount=unmatched, line=award.line,
                                           inferred=True),
            dataclasses.replace(award, amount=award.amount - unmatched), *events[at + 1:]]



def read_cards(token: Token, hidden: str | None = None) -> Cards:
    """The cards of a bracketed list such as ``[7s 4s 7h 5c]``; ``hidden`` is an unseen card.

    A word that is not a card is a :class:`LineError` at its own column.
    """
    cards: list[Card | None] = []
    for word in re.finditer(r"[^\s\[\]]+", token):
        text = word.group()
        try:
            cards.append(None if text == hidden else _card(text))
        except ValueError:
            return _not_a_card(text, token.column + word.start(), hidden)
    return tuple(cards)


@functools.cache
def _card(text: str) -> Card:
    return parse_card(text)


def _not_a_card(text: str, column: int, hidden: str | None) -> NoReturn:
    unseen = f" or {hidden} for a hidden card" if hidden else ""
    raise LineError(f"expected a card such as As or Td{unseen}, got {text!r}", column)


def parse_at(parse: Callable[[str, str], object], text: str, start: str, line: int) -> object:
    """``parse(text, start)``, with ``line`` put in the :class:`LineError` it raises."""
    try:
        return parse(text, start)
    except LineError as error:
        error.line = line
        raise


def table_first(events: Sequence[Event]) -> list[Event]:
    """``events`` with the seats, then the button, first, as the engine expects.

    Sites state the button before the seats (KingsClub) or after the blinds
    (Full Tilt); the engine counts the players at the button (G1) and checks
    who posts the blinds against it (G4, M1).
    """
    kinds = (Seat, Button)
    return ([e for e in events if type(e) is Seat] + [e for e in events if type(e) is Button]
            + [e for e in events if type(e) not in kinds])


def hidden_deals(events: Sequence[Event], hand_size: int) -> list[Event]:
    """``events`` with a hidden :class:`Deal` for each seated player the log deals nothing.

    Sites tell only the hero's cards; everyone seated and in the hand at the
    deal was dealt a hand, which the engine needs to follow their draws. The hidden deals go
    right after the ``deal`` street marker, at its line; a hand without one
    deals nobody.
    """
    at = next((index for index, event in enumerate(events)
               if type(event) is Street and event.kind == "deal"), None)
    if at is None:
        return list(events)
    dealt = {event.player for event in events if type(event) is Deal}
    return insert_hidden_deals(events, at, events, dealt, hand_size)


def insert_hidden_deals(events: Sequence[Event], at: int, seats: Iterable[Event],
                        dealt: Container[str], hand_size: int) -> list[Event]:
    """``events`` with a hidden deal, after the deal's street marker at ``at``, for each
    :class:`Seat` of ``seats`` in the hand whose player is not in ``dealt``.

    :func:`hidden_deals` finds the marker and who is dealt cards in the events; a
    reader that noted them while reading (PokerStars') calls this alone.
    """
    line = events[at].line
    missing = [Deal(player=seat.player, cards=(None,) * hand_size, line=line)
               for seat in seats
               if type(seat) is Seat and seat.in_hand and seat.player not in dealt]
    return [*events[:at + 1], *missing, *events[at + 1:]]


def hero_of(events: Sequence[Event]) -> str | None:
    """The player whose hole cards the hand shows: the first dealt every card face up.

    Sites deal the others hidden cards (KingsClub's ``[X X X X]``, :func:`hidden_deals`'),
    or none at all.

    >>> from badugi_hh.cards import parse_cards
    >>> hero_of([Deal(player="Bo", cards=(None,) * 4),
    ...          Deal(player="Ana", cards=parse_cards("As 2h 3d Kd"))])
    'Ana'
    """
    return next((event.player for event in events
                 if type(event) is Deal and event.cards and None not in event.cards), None)
