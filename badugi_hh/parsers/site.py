"""One shape for every reader of a site's text export (PokerStars, Full Tilt, KingsClub,
Winamax): a :class:`SiteSpec` says what is the site's own, :class:`SiteReader` makes the
rest from it.

A site export is a list of hands, each starting with a header line and
naming its own seats, stacks and stakes; there is no session header. So a
site reader:

* cuts the log into hands at the lines the spec's ``header`` matches, holding one
  hand at a time (:func:`read_site_log`), whatever invisible characters a damaged
  file puts before a header (the line is reported, the hand read);
* parses each line with the site's Lark grammar (which imports what the sites
  share from ``grammar/shared.lark``), from the start rule for its place in the
  hand (:meth:`SiteReader.parse_line`, cached: lines repeat), into *items*: event
  factories waiting for their line number (:class:`ActionTransformer` builds those
  of the shared actions, reading amounts with the site's :class:`AmountFormat`),
  or the site's own objects (a header, a marker); the frequent shapes of a line are read
  by one pattern each instead, built by the same transformer's methods
  (:func:`quick_reader`: the same result, the grammar left for the rest and for errors);
* lets the site's assembler turn the items of a hand into a :class:`Hand`;
* yields a :class:`SessionStart` whenever the table or the stakes change
  (or what else the site says starts a session: :attr:`SiteHand.session_key`),
  with no players: the seats of a site hand are its own ``Seat`` events. A
  session whose id (its table and first hand) came before in the file, a sitting
  pasted again, is read as ``ID~2`` (as the house reader renames a session id used
  twice): two sessions never share a stored row.

A line that cannot be read becomes a :class:`ParseError` naming file, line
and column; the hand is kept without it (:attr:`Hand.damaged` lists such
lines), so a line costs no more than itself. Only a hand whose header cannot
be read is lost, as a :class:`ParseError` in its place; reading goes on with
the next hand, and any text before the first hand is one error too. A hand of
a game the reader does not read comes as a :class:`SkippedHand`, named by
its game.

>>> READER = SiteReader(SiteSpec(
...     name="demo", grammar="kingsclub.lark", starts=("line",),
...     transformer=ActionTransformer, wording=Wording({}), header=re.compile(r"#(\\d+): "),
...     initials="#", first_line="a hand's first line", hands=lambda: None))
>>> READER.sniff("\\u200b#12: Limit Badugi - 30/60"), READER.sniff("Session #s1")
(True, False)
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import NamedTuple, Protocol, cast

from lark import Lark, Token, Transformer, v_args

from badugi_hh.events import (
    Award, Bet, BlindKind, Call, Check, Deal, Draw, DrawnCards, Fold, Hand, Muck, ParseError,
    PostBlind, Raise, Record, SessionStart, Show, SkippedHand, Street, StreetKind,
    UncalledReturned,
)
from badugi_hh.hand_ids import HandId
from badugi_hh.parsers.common import (
    CENTS, CURRENCY_SIGNS, MAX_HAND_LINES, AmountFormat, EventFactory, LineError,
    Wording, damage_before, damage_message, excerpt, kept_text, lalr_parser, money, parse_with,
    read_cards,
)
from badugi_hh.parsers.hands import HAND_SIZES, MAX_TABLE_SIZE, site_ruleset
from badugi_hh.parsers.text import LineBlock, LogText, Source, open_log
from badugi_hh.resources import grammar_path
from badugi_hh.textcache import LONGEST_CACHED_LINE

__all__ = ["CENTS", "CURRENCY_SIGNS", "HAND_SIZES", "MAX_HAND_LINES", "MAX_TABLE_SIZE",
           "NOT_READ", "ActionTransformer", "EventFactory", "QuickMatch", "QuickShape",
           "SiteDialect", "SiteHand", "SiteReader", "SiteSpec", "Wording", "betting_shapes",
           "is_archive_marker", "lines_to_test", "money", "parse_at", "quick_reader",
           "quick_shapes", "read_cards", "read_site_log", "site_ruleset", "unseated_line"]

#: The most cards a player of a draw game holds: a larger count of discards is no hand's.
_MOST_CARDS = max(HAND_SIZES.values())


# -- the actions the sites write alike ----------------------------------------------------

#: The ordinals of streets, in words (PokerStars, Full Tilt) or figures (KingsClub).
_ORDINALS = {"FIRST": 1, "SECOND": 2, "THIRD": 3, "1ST": 1, "2ND": 2, "3RD": 3, "4TH": 4}


@v_args(inline=True)
class ActionTransformer(Transformer[Token, object]):
    """The results of the rules of ``grammar/shared.lark``, and of the rules every site
    grammar has in some wording (blinds, streets, shows, awards).

    Each line's result is built while Lark parses it (no tree is built); a
    line of play becomes an event factory waiting for its player and line. A
    site sets :attr:`amount` (how it writes an amount) and :attr:`hidden` (its
    mark for an unseen card), and overrides what it says otherwise.
    """

    #: The site's amounts; money in cents.
    amount: AmountFormat = AmountFormat()
    #: The site's word for a card nobody saw (``X``), if it writes one.
    hidden: str | None = None

    def player_line(self, name: Token, verb: EventFactory | None) -> EventFactory | None:
        return None if verb is None else functools.partial(verb, player=str(name))

    def all_in(self) -> bool:
        return True

    def checks(self) -> EventFactory:
        return Check

    def folds(self) -> EventFactory:
        return Fold

    def posts(self, kind: Token | str, amount: Token, all_in: object) -> EventFactory:
        return self._post(cast(BlindKind, str(kind)), amount, all_in)

    def antes(self, amount: Token, all_in: object) -> EventFactory:
        return self._post("ante", amount, all_in)

    def _post(self, kind: BlindKind, amount: Token, all_in: object) -> EventFactory:
        return functools.partial(PostBlind, amount=self.amount(amount), kind=kind,
                                 all_in=bool(all_in))

    def bets(self, amount: Token, all_in: object) -> EventFactory:
        return functools.partial(Bet, amount=self.amount(amount), all_in=bool(all_in))

    def calls(self, amount: Token, all_in: object) -> EventFactory:
        return functools.partial(Call, amount=self.amount(amount), all_in=bool(all_in))

    def raises_to(self, to: Token, all_in: object) -> EventFactory:
        return functools.partial(Raise, to=self.amount(to), all_in=bool(all_in))

    def raises_by(self, by: Token, to: Token, all_in: object) -> EventFactory:
        return functools.partial(Raise, to=self.amount(to), by=self.amount(by),
                                 all_in=bool(all_in))

    def discards(self, count: Token, cards: Token | None) -> EventFactory:
        # Only the hero's discards are shown; the others' are a count of unseen cards.
        discarded = (None,) * self.card_count(count, "discards") if cards is None else (
            read_cards(cards, self.hidden))
        if len(discarded) != int(count):
            raise LineError(f"says {count} discarded cards but lists {len(discarded)}",
                            count.column)
        return functools.partial(Draw, discarded=discarded)

    def card_count(self, count: Token, verb: str) -> int:
        """A number of cards, checked before a tuple of that many unseen cards is made."""
        if len(count) > 2 or int(count) > _MOST_CARDS:
            raise LineError(f"{verb} {count} cards, more than a hand holds", count.column)
        return int(count)

    def stands_pat(self, _held: Token | None = None) -> EventFactory:
        return functools.partial(Draw, discarded=())

    def drawn(self, count: Token) -> EventFactory:
        """``is dealt 2 cards``: the cards received, unseen."""
        return functools.partial(DrawnCards, cards=(None,) * self.card_count(count, "is dealt"))

    def shows(self, cards: Token, description: Token | None = None) -> EventFactory:
        return functools.partial(Show, cards=read_cards(cards, self.hidden),
                                 description=self.description(description))

    def description(self, text: Token | None) -> str | None:
        """The site's words for a shown hand, without their parentheses."""
        if text is None:
            return None
        return text[1:-1] if text.startswith("(") and text.endswith(")") else str(text)

    def mucks(self, cards: Token | None = None) -> EventFactory:
        return functools.partial(Muck, cards=None if cards is None else read_cards(
            cards, self.hidden))

    def deal(self, name: Token, cards: Token, drawn: Token | None = None) -> EventFactory:
        if drawn is None:
            return functools.partial(Deal, player=str(name), cards=read_cards(cards, self.hidden))
        # After a draw the hero's hand is restated as [kept] [received].
        return functools.partial(DrawnCards, player=str(name),
                                 cards=read_cards(drawn, self.hidden),
                                 kept=read_cards(cards, self.hidden))

    def uncalled(self, amount: Token, name: Token) -> EventFactory:
        return functools.partial(UncalledReturned, player=str(name), amount=self.amount(amount))

    def award(self, amount: Token, pot: str = "") -> EventFactory:
        return functools.partial(Award, amount=self.amount(amount), pot=pot)

    def whole_pot(self) -> str:
        return ""

    def main_pot(self) -> str:
        return "main"

    def street(self, kind_and_number: tuple[StreetKind, int], _note: Token | None = None,
               ) -> EventFactory:
        kind, number = kind_and_number
        return functools.partial(Street, kind=kind, number=number)

    def deal_street(self) -> tuple[StreetKind, int]:
        return "deal", 1

    def draw_street(self, ordinal: Token | None = None) -> tuple[StreetKind, int]:
        return "draw", 1 if ordinal is None else _ORDINALS[ordinal]

    def betting_street(self, ordinal: Token) -> tuple[StreetKind, int]:
        return "betting", _ORDINALS[ordinal]

    def showdown_street(self) -> tuple[StreetKind, int]:
        return "showdown", 1

    def summary_street(self) -> tuple[StreetKind, int]:
        return "summary", 1


# -- a site, as data ------------------------------------------------------------------------

@dataclass(slots=True)
class SiteHand:
    """A hand assembled by a site's reader, the table it was played at, and its session.

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
    """What a site adds to :func:`read_site_log`: how its hands are put together."""

    def assemble(self, block: LineBlock, source: str) -> SiteHand | SkippedHand:
        """The hand of ``block`` (or a hand of a game not read), or :class:`LineError`
        with its line set where the hand cannot be read at all."""


@dataclass(frozen=True, slots=True, kw_only=True)
class SiteSpec:
    """What is a site's own; :class:`SiteReader` makes a reader of it.

    ``header`` matches a hand's first line from its first visible character (group
    1: the hand's number), ``initials`` are the characters that line can start with
    and ``header_starts`` the texts (tried before the pattern, on every line that
    starts so: a player's name may start with an initial); the games read are those the game
    registry names for the site (:func:`badugi_hh.games.game_for_site_name`), its
    other games are skipped by name; ``hands`` makes the assembler of one log's hands (it may keep caches for that log).
    ``claims``: how the first line of a log that holds no hand's header may start
    for the log to be the site's all the same (another of its exports), so that its
    reader says what is wrong. ``quick``: by start rule, what reads the frequent shapes
    of a line without the grammar (:func:`quick_reader`), giving what the grammar gives.
    ``joined_header``: what a header found after other text on a line (a line end lost)
    must be from its start to be taken for one, stricter than ``header``: a whole header,
    with its number and what comes after it (a date, the stakes), since a chat line or a
    player's name (``Ace#7``) may hold a header's first characters; by default none is.
    ``chat``: what a line's text before a header matches, whole, where the header is in
    what a player says (PokerStars' ``Hero said, "``, Full Tilt's ``Hero: lol ``): quoted,
    not joined.
    """

    name: str
    grammar: str
    starts: tuple[str, ...]
    transformer: Callable[[], Transformer[Token, object]]
    wording: Wording
    header: re.Pattern[str]
    initials: str
    first_line: str
    hands: Callable[[], SiteDialect]
    claims: tuple[str, ...] = ()
    header_starts: tuple[str, ...] = ("",)
    quick: Mapping[str, Callable[[str], object]] = field(default_factory=dict)
    joined_header: re.Pattern[str] = re.compile(r"(?!)")
    chat: re.Pattern[str] = re.compile(r"(?!)")


class SiteReader:
    """``parse_line``, ``read``, ``read_lines`` and ``sniff`` of a site, from its spec."""

    def __init__(self, spec: SiteSpec) -> None:
        self.spec = spec
        self._parser: Lark | None = None
        # Lines repeat ("Player3: folds"), and so do those the grammar refuses where a
        # reader tries a line in turn ("Ted joins the table" as a seated player's action):
        # each is parsed once while the cache holds it, a refusal kept as what it says.
        self._parsed = functools.lru_cache(maxsize=8192)(self._parse_or_refusal)

    def parser(self) -> Lark:
        """The grammar compiled once: LALR, building results while it parses."""
        if self._parser is None:
            path = grammar_path(self.spec.grammar)
            self._parser = lalr_parser(path.read_text(encoding="utf-8"), self.spec.name,
                                       transformer=self.spec.transformer(),
                                       maybe_placeholders=True, start=list(self.spec.starts),
                                       import_paths=[path.parent])
        return self._parser

    def parse_line(self, text: str, start: str) -> object:
        """One line parsed from ``start``, or :class:`LineError`."""
        result = (self._parsed(text, start) if len(text) <= LONGEST_CACHED_LINE
                  else self._parse_or_refusal(text, start))
        if type(result) is _Refusal:
            raise LineError(result.message, result.column)
        return result

    def _parse_or_refusal(self, text: str, start: str) -> object:
        quick = self.spec.quick.get(start) if QUICK_READS else None
        if quick is not None and (read := quick(text)) is not NOT_READ:
            return read
        try:
            return parse_with(self.parser(), text, start, self.spec.wording)
        except LineError as error:
            return _Refusal(error.message, error.column)

    def is_hand_start(self, text: str) -> bool:
        """Whether ``text`` is a hand's first line (from its first character)."""
        spec = self.spec
        return (text[:1] in spec.initials and text.startswith(spec.header_starts)
                and spec.header.match(text) is not None)

    def sniff(self, first_line: str) -> bool:
        """Whether a log whose first line that is not blank is ``first_line`` is the site's."""
        text = first_line[damage_before(first_line):]
        return self.is_hand_start(text) or text.startswith(self.spec.claims or ("\0",))

    def hand_name(self, block: LineBlock) -> str:
        """How errors name the hand: ``Full Tilt hand 32617272179``, as the notes do."""
        match = self.spec.header.match(block.lines[0])
        return (HandId(site=self.spec.name, number=match.group(1)).named
                if match and match.group(1) else f"the hand at line {block.start}")

    def read_lines(self, log: LogText) -> Iterator[Record]:
        """The records of a log opened with :func:`~badugi_hh.parsers.text.open_log`."""
        return read_site_log(self, log)

    def read(self, source: Source, name: str | None = None) -> Iterator[Record]:
        """Read a log one record at a time: ``source`` is a :class:`~pathlib.Path`, an
        open file, or the text as ``str``."""
        with open_log(source, name) as log:
            yield from self.read_lines(log)


#: Whether the readers read a line's frequent shapes without the grammar (off: every
#: line is parsed, as tests/test_site_caches.py reads to compare).
QUICK_READS = True
#: What a quick reader gives for a line it does not read (None is a line's result too).
NOT_READ = object()
#: A shape of line read without the grammar: its pattern, and what makes the line's
#: result of the pattern's match, by the transformer's own methods (so the same
#: objects as the grammar's parse).
QuickShape = tuple[re.Pattern[str], Callable[["QuickMatch"], object]]


class QuickMatch:
    """A shape's match, each group as the grammar's token of it (its column set), for
    the transformer's methods.

    >>> found = QuickMatch(re.fullmatch(r"calls (?P<amount>\\d+)(?P<all_in> all-in)?", "calls 5"))
    >>> found["amount"].column, found.optional("all_in")
    (7, None)
    """

    __slots__ = ("found",)

    def __init__(self, found: re.Match[str]) -> None:
        self.found = found

    def __getitem__(self, name: str) -> Token:
        """A group the shape's pattern always fills."""
        token = self.optional(name)
        if token is None:
            raise ValueError(f"the shape's {name} is not there")
        return token

    def optional(self, name: str) -> Token | None:
        text = self.found[name]
        return None if text is None else Token(name.upper(), text,
                                               column=self.found.start(name) + 1)

    def all_in(self) -> bool:
        """Whether the shape's optional group ``all_in`` (a site's all-in words) is there."""
        return self.found["all_in"] is not None


def quick_shapes(**shapes: tuple[str, Callable[[QuickMatch], object]]) -> dict[str, QuickShape]:
    """Each shape's pattern compiled, by the word that names it (``is_`` for ``is``, a
    keyword of Python's)."""
    return {word.rstrip("_"): (re.compile(pattern), build) for word, (pattern, build)
            in shapes.items()}


def betting_shapes(transformer: ActionTransformer, player: str, amount: str, all_in: str,
                   ) -> dict[str, tuple[str, Callable[[QuickMatch], object]]]:
    """The shapes of a fold, a check, a call, a bet and a raise, for :func:`quick_shapes`,
    where a site writes them ``{player}folds``, ``{player}calls {amount}{all_in}``,
    ``{player}raises to {amount}{all_in}`` (``player`` with a group ``name``, ``all_in``
    one named ``all_in``): each read by the grammar's own methods, as its parse reads it."""

    def acts(found: QuickMatch, verb: EventFactory) -> object:
        return transformer.player_line(found["name"], verb)

    return {
        "folds": (rf"{player}folds", lambda found: acts(found, transformer.folds())),
        "checks": (rf"{player}checks", lambda found: acts(found, transformer.checks())),
        "calls": (rf"{player}calls (?P<amount>{amount}){all_in}",
                  lambda found: acts(found, transformer.calls(found["amount"], found.all_in()))),
        "bets": (rf"{player}bets (?P<amount>{amount}){all_in}",
                 lambda found: acts(found, transformer.bets(found["amount"], found.all_in()))),
        "raises": (rf"{player}raises to (?P<amount>{amount}){all_in}",
                   lambda found: acts(found, transformer.raises_to(found["amount"],
                                                                   found.all_in()))),
    }


def quick_reader(kind: re.Pattern[str], shapes: Mapping[str, QuickShape],
                 ) -> Callable[[str], object]:
    """What reads a line of a start rule in one of its frequent ``shapes``, or gives
    :data:`NOT_READ`.

    ``kind`` matches a line's first words, the last of its groups that takes part naming
    the shape (``calls`` in ``: calls $0.25``); the shape's pattern must match the whole
    line. NOT_READ for any other line, and for a value the transformer refuses: the
    grammar then reads it, or says what is wrong. So a shape's pattern admits only lines
    the grammar reads so.

    >>> read = quick_reader(re.compile(r"(\\w+)"), {"seat": (re.compile(r"seat (?P<n>\\d+)"),
    ...                                                      lambda found: int(found["n"]))})
    >>> read("seat 3"), read("seat three") is NOT_READ, read("table 3") is NOT_READ
    (3, True, True)
    """
    def read(text: str) -> object:
        named = kind.match(text)
        shape = None if named is None else shapes.get(named[named.lastindex or 0])
        found = None if shape is None else shape[0].fullmatch(text)
        if found is None:
            return NOT_READ
        try:
            return shape[1](QuickMatch(found))  # type: ignore[index]
        except (LineError, ValueError):
            return NOT_READ
    return read


class _Refusal(NamedTuple):
    """What :class:`LineError` a line's parse raised, kept in the cache of parses: a
    new error is raised from it each time (readers move an error's column)."""

    message: str
    column: int


def parse_at(parse: Callable[[str, str], object], text: str, start: str, line: int) -> object:
    """``parse(text, start)``, with ``line`` put in the :class:`LineError` it raises."""
    try:
        return parse(text, start)
    except LineError as error:
        error.line = line
        raise


def unseated_line(parse: Callable[[str, str], object], text: str, start: str = "action",
                    ) -> tuple[str, object] | None:
    """A line of play whose name no seat holds (a misspelt one), for a reader that takes
    a seated name off a line's front (names hold blanks): the name is the shortest front,
    cut at a blank, after which the rest parses from ``start`` (an ``action``; a summary
    seat line's rest after its seat number, its outcome), as PokerStars' reader reads a
    player not seated, returned with what the rest says; None where no front does. Read
    so, the line is the stranger's: the engine reports him (G1) and gives it to nobody,
    as on every site, and the hand is not lost to a line it could not read. A line that
    begins as a street's marker does (``***``) is none: a marker joined to the next line
    (a line end lost) stays the one unreadable line it is, not a stranger's play that
    would leave the street unmarked.

    >>> def parse(text: str, start: str) -> object:
    ...     if not text.startswith(("calls ", "folds")):
    ...         raise LineError("expected an action", 1)
    ...     return text
    >>> unseated_line(parse, "Ana Luo calls 40"), unseated_line(parse, "*** SUMMARY ***")
    (('Ana Luo', 'calls 40'), None)
    >>> unseated_line(parse, "*** FIRST-DRAW ***Ana calls 40") is None
    True
    """
    if text.startswith("***"):
        return None
    at = 0
    while (at := text.find(" ", at + 1)) > 0:
        try:
            return text[:at], parse(text[at + 1:], start)
        except LineError:
            continue
    return None


# -- reading a log, hand by hand ---------------------------------------------------------

def read_site_log(reader: SiteReader, log: LogText) -> Iterator[Record]:
    """The records of a site log: a session per table and stakes, each hand or its error."""
    source = log.name
    dialect = reader.spec.hands()
    session: tuple[str, object] | None = None
    session_id = ""
    hands = 0
    session_ids: set[str] = set()
    for block in _blocks(reader, log, source):
        if isinstance(block, ParseError):
            yield block
            continue
        if block.damage:
            yield _damage_error(block, source)
        try:
            _check_length(block)
            site = dialect.assemble(block, source)
        except LineError as error:
            if error.line == block.start and error.column:
                error.column += block.damage
            yield ParseError(message=f"{reader.hand_name(block)}: {error.message}",
                             source=source, line=error.line, column=error.column,
                             text=kept_text(block.text), hand_line=block.start)
            continue
        if isinstance(site, SkippedHand):
            yield site
            continue
        hand = site.hand
        for fault in site.errors:
            yield ParseError(message=f"{reader.hand_name(block)}: {fault.message}",
                             source=source, line=fault.line, column=fault.column,
                             text=excerpt(block.text_at(fault.line), fault.column),
                             hand_lost=False)
        zeroed = log.zeroed_in(block)   # zeros (a crash's) took some of its text
        if site.errors or zeroed:
            hand.damaged = tuple(sorted({fault.line for fault in site.errors} | zeroed))
        key = (site.table, hand.ruleset if site.session_key is None else site.session_key)
        if session != key:
            session, hands = key, 0
            session_id = _unused(site.session_id or _session_id(
                hand.ruleset.name, site.table, hand.started_at, hand.number), session_ids)
            yield _session_start(session_id, site, source)
        hands += 1
        hand.session_id = session_id
        if site.renumber:
            hand.number = hands
        yield hand
    yield from log.end_errors()


def _damage_error(block: _Block, source: str) -> ParseError:
    """The hand's first line had invisible characters before it, or the text of another
    line (joined): reported, the hand read."""
    return ParseError(message=block.damage_message, source=source, line=block.start,
                      column=block.damage_column,
                      text=excerpt(block.damaged_text, block.damage_column), hand_lost=False)


def _session_start(session_id: str, site: SiteHand, source: str) -> SessionStart:
    """A session for the hands that follow at one table and stakes.

    It names no players: each hand seats its own (``Seat`` events), so a
    player who leaves the table is not carried into later hands.
    """
    hand = site.hand
    return SessionStart(session_id=session_id, ruleset=hand.ruleset, players=[],
                        title=site.title or site.table, started_at=hand.started_at, source=source,
                        line=hand.line)


def _unused(session_id: str, used: set[str]) -> str:
    """``session_id``, or ``session_id~N`` where a session of the file has it already,
    which it then adds to ``used``.

    >>> used = set()
    >>> [_unused(id, used) for id in ("ps-T-1", "ps-T-5", "ps-T-1", "ps-T-1")]
    ['ps-T-1', 'ps-T-5', 'ps-T-1~2', 'ps-T-1~3']
    """
    unused, copy = session_id, 1
    while unused in used:
        copy += 1
        unused = f"{session_id}~{copy}"
    used.add(unused)
    return unused


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


@dataclass(slots=True)
class _Block(LineBlock):
    """A hand's lines; ``damage`` characters were taken off its first: invisible ones, or
    the text of the line before it where it was joined to it."""

    damage: int = 0
    damage_message: str = ""
    damaged_text: str = ""
    damage_column: int = 1
    """Where the error of the damage points (after other text: a joined header)."""
    blank_of_blanks: bool = False
    """Whether a line of the block holds nothing visible but is not empty (blanks, a
    no-break space): it may be a blank line, which :func:`_close` then leaves out."""


def _blocks(reader: SiteReader, log: LogText, source: str) -> Iterator[_Block | ParseError]:
    """The hands of the log one at a time.

    Text before the first hand is one error, at its first line that is not blank. The
    lines between two that may start a hand (:func:`lines_to_test`) go to the hand
    a slice at a time. A hand's header inside a line (:func:`_joined_headers`) starts a
    hand there as well: the text before it ends the line before.
    """
    block = _Block(log.first_line)   # before the first hand, until a hand starts
    in_hand = False
    is_hand_start, header = reader.is_hand_start, reader.spec.header.match
    initials, header_starts = reader.spec.initials, reader.spec.header_starts
    plain = _plain_initials(initials)
    finder = _hand_start_finder(initials, header_starts)
    header_texts = _header_texts(initials, header_starts)
    joined_header, said = reader.spec.joined_header.match, reader.spec.chat.fullmatch
    number = log.first_line   # the chunk's first line
    for chunk in log.chunks():
        kept = 0   # the chunk's lines before this are in a block
        searched = chunk_text(chunk)
        tested = lines_to_test(chunk, plain, finder, searched)
        joins = _joined_headers(chunk, searched, header_texts, joined_header, said)
        if joins:
            tested = sorted({*tested, *joins})
        for at in tested:
            text = chunk[at]
            joined = joins.get(at) if joins else None
            if joined is not None:
                text = text[:joined[0]]   # the line as it was before the header joined it
            initial = text[:1]
            # (every line is tested where none is plain; a joined one whatever it starts with)
            if initial in plain and joined is None:
                continue
            if initial in _MARKER_STARTS and " # " in text and is_archive_marker(text):
                _keep(block, [*chunk[kept:at], ""])   # a blank line to the hand before it
                kept = at + 1
            elif initial and initial in initials and text.startswith(header_starts) \
                    and header(text) is not None:   # is_hand_start
                _keep(block, chunk[kept:at])
                yield from _close(reader, block, in_hand, source)
                block, in_hand, kept = _Block(number + at), True, at
            elif text and not "!" <= text[0] <= "~" and (width := damage_before(text)):
                if width == len(text):   # a line of blanks, maybe a blank line (see _close)
                    block.blank_of_blanks = True
                elif is_hand_start(text[width:]):
                    _keep(block, chunk[kept:at])
                    yield from _close(reader, block, in_hand, source)
                    block, in_hand = _Block(number + at), True
                    message = damage_message(text, width)
                    if message:
                        block.damage, block.damage_message, block.damaged_text = (
                            width, message, text)
                    _keep(block, [text[width:]])
                    kept = at + 1
            if joined is not None:
                if kept <= at:   # the line's text before the header ends its block
                    _keep(block, [*chunk[kept:at], text])
                    kept = at + 1
                whole = chunk[at]
                for column, end in zip(joined, [*joined[1:], len(whole)]):
                    yield from _close(reader, block, in_hand, source)
                    block, in_hand = _joined_block(number + at, whole, column, end), True
        _keep(block, chunk[kept:])
        number += len(chunk)
    yield from _close(reader, block, in_hand, source)


def _joined_block(line: int, text: str, column: int, end: int) -> _Block:
    """The hand whose header starts at ``column`` (0-based) of the log's line ``line``,
    ``text``, after other text: its first line is ``text`` from there to ``end``, and an
    error says where the line end before it is missing."""
    block = _Block(line, damage=column, damaged_text=text, damage_column=column + 1)
    block.damage_message = (
        "a hand's first line starts here, after the text of another line (a line end is "
        "missing): that text is read as a line of its own, and the hand from here")
    _keep(block, [text[column:end]])
    return block


def _keep(block: _Block, lines: list[str]) -> None:
    """``lines`` added to the block, as many as it has room for (see
    :data:`MAX_HAND_LINES`): it is marked overflowed if that is not all of them."""
    room = MAX_HAND_LINES - len(block.lines)
    if len(lines) > room:
        lines, block.overflowed = lines[:max(room, 0)], True
    block.lines += lines


@functools.cache
def _hand_start_finder(initials: str, header_starts: tuple[str, ...]) -> re.Pattern[str]:
    """What finds, in the text of lines each put after a line end, the line ends before
    lines that :func:`_blocks` tests: those that start with an invisible character or a
    blank, with the stars of an archive's marker, or with an initial and a text a hand's
    first line starts with; every other line is kept as it is.

    >>> finder = _hand_start_finder("P", ("PokerStars ",))
    >>> [found.start() for found in finder.finditer("\\nPokerStars Hand\\nPlayer1: folds\\n\\n"
    ...                                              "\\u200bPokerStars\\n*** # 2 ***")]
    [0, 32, 44]
    """
    starts = "|".join(map(re.escape, header_starts))
    return re.compile(rf"\n(?:[^\x21-\x7e\n]|\*{{3,}} # |(?=[{re.escape(initials)}])(?:{starts}))")


def lines_to_test(lines: list[str], plain: frozenset[str], finder: re.Pattern[str],
                  text: str | None = None) -> Sequence[int]:
    """The places of the lines among ``lines`` that a reader must test one by one: those
    after the line ends ``finder`` finds in their text, each line put after a line end
    (one search instead of a test a line; ``finder`` finds at least every line that
    needs it). Every line where no first character is ``plain`` (as tests read with
    every short cut off), or where a line holds a line end. ``text``: the lines' text
    (:func:`chunk_text`), where the caller has it already.

    >>> lines_to_test(["Seat 1", "", "PokerStars Hand #1", "x"], frozenset("Sx"),
    ...               _hand_start_finder("P", ("PokerStars ",)))
    [2]
    """
    text = chunk_text(lines) if text is None else text
    if not plain or text.count("\n") != len(lines):
        return range(len(lines))
    places, place, counted = [], 0, 0
    search = finder.search
    found = search(text)
    while found is not None:
        at = found.start()
        place += text.count("\n", counted, at)
        counted = at
        places.append(place)
        found = search(text, at + 1)
    return places


def chunk_text(lines: list[str]) -> str:
    """The text of ``lines`` searched at once: each line put after a line end."""
    return "\n" + "\n".join(lines)


@functools.cache
def _header_texts(initials: str, header_starts: tuple[str, ...]) -> tuple[str, ...]:
    """What every hand's header starts with: the spec's texts, or where one of them is
    empty, its initials (:func:`_joined_headers` looks for these inside lines).

    >>> _header_texts("PF", ("PokerStars ", "Full Tilt ")), _header_texts("#", ("",))
    (('PokerStars ', 'Full Tilt '), ('#',))
    """
    return tuple(initials) if "" in header_starts else header_starts


def _joined_headers(lines: list[str], text: str, header_texts: tuple[str, ...],
                    is_joined_header: Callable[[str], object],
                    is_said: Callable[[str], object]) -> dict[int, list[int]]:
    """The hands' headers that start inside one of ``lines``, after other text (a line
    end lost, two lines joined): by the place of the line, the columns (0-based) where
    each starts. Text that only invisible characters or blanks come before is not joined
    to anything (:func:`damage_before`: a damaged header, read as one), nor a header
    that is said: after text that ``is_said`` (a player's chat, up to where his words
    start) or that ends with a colon and a blank (``Hero: ``: no line ends so).

    One search of the lines' ``text`` (:func:`chunk_text`) for each of ``header_texts``
    finds whether any of them comes after something else than a line end; only then are
    the lines looked at one by one.

    >>> header, said = (lambda text: text[:1] == "#"), (lambda text: text == "Bo said ")
    >>> lines = ["#1: A", "Bo folds#2: B", "\u200b#3: C", "Bo#4: D#5: E"]
    >>> _joined_headers(lines, chunk_text(lines), ("#",), header, said)
    {1: [8], 3: [2, 7]}
    >>> lines = ["Bo: #2: B", "Bo said #3: C"]
    >>> _joined_headers(lines, chunk_text(lines), ("#",), header, said)
    {}
    """
    if not any(_inside_a_line(text, start) for start in header_texts):
        return {}
    joins: dict[int, list[int]] = {}
    for place, line in enumerate(lines):
        visible = damage_before(line)
        columns = sorted(column for start in header_texts
                         for column in _places(line, start, visible + 1)
                         if is_joined_header(line[column:])
                         and not _said(line[:column], is_said))
        if columns:
            joins[place] = columns
    return joins


def _said(before: str, is_said: Callable[[str], object]) -> bool:
    """Whether a header after ``before`` on its line is what a player says."""
    return before.endswith(": ") or bool(is_said(before))


def _inside_a_line(text: str, start: str) -> bool:
    """Whether ``start`` is in ``text`` (:func:`chunk_text`, a line end first) somewhere
    else than at the start of a line."""
    return any(text[at - 1] != "\n" for at in _places(text, start, 1))


def _places(text: str, part: str, first: int) -> Iterator[int]:
    """Where ``part`` starts in ``text``, from ``first`` on."""
    at = text.find(part, first)
    while at >= 0:
        yield at
        at = text.find(part, at + 1)


@functools.cache
def _plain_initials(initials: str) -> frozenset[str]:
    """The first characters of the lines :func:`_blocks` keeps as they are with no more
    test: visible ASCII that starts neither a hand (``initials``) nor an archive's marker,
    and nothing (a blank line).

    >>> plain = _plain_initials("PF")
    >>> sorted(set(map(chr, range(0x21, 0x7f))) - plain), "" in plain
    (['*', 'F', 'P'], True)
    """
    return frozenset([*map(chr, range(0x21, 0x7f)), ""]) - set(initials) - set(_MARKER_STARTS)


def _close(reader: SiteReader, block: _Block, in_hand: bool, source: str,
           ) -> Iterator[_Block | ParseError]:
    if in_hand:
        if block.blank_of_blanks or _empty_line_inside(block.lines):
            block.leave_out_blank_lines()   # (no site writes one inside a hand: a copy's)
        yield block
        return
    first = next((index for index, text in enumerate(block.lines) if text.strip()), None)
    if first is not None:
        yield ParseError(message=f"expected {reader.spec.first_line}", source=source,
                         line=block.start + first, column=1, text=kept_text(block.text))


def _empty_line_inside(lines: list[str]) -> bool:
    """Whether an empty line comes before the last line that is not: one count, the empty
    lines after a hand (which separate hands) counted off from the end.

    >>> _empty_line_inside(["Hand #1", "Ana folds", "", ""]), _empty_line_inside(["H", "", "x"])
    (False, True)
    """
    end = len(lines)
    while end > 1 and not lines[end - 1]:
        end -= 1
    return lines.count("") > len(lines) - end


def _check_length(block: LineBlock) -> None:
    if block.overflowed:
        raise LineError(f"more than {MAX_HAND_LINES} lines without the next hand's first line",
                        0, block.start + MAX_HAND_LINES)
