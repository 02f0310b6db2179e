"""PHH, the Poker Hand History format of the PokerKit authors: a reader.

A ``.phh`` file is one hand written in TOML; a ``.phhs`` file holds many, each
under a table header (``[1]``, ``[2]`` ...). The specification is
uoftcprg/phh-std (docs/format.md, "PHH", says what is read and how):

>>> log = '''variant = "FB"
... antes = [0, 0]
... blinds_or_straddles = [1, 2]
... small_bet = 2
... big_bet = 4
... starting_stacks = [100, 100]
... players = ["Ana", "Bruno"]
... actions = ["d dh p1 7c8c9hQs", "d dh p2 ????????", "p2 cbr 4", "p1 f"]
... '''
>>> session, hand = read_phh(log, "demo.phh")
>>> hand.hand_id, hand.ruleset.game, [type(event).__name__ for event in hand.events][:4]
('demo', 'badugi', ['Seat', 'Seat', 'Button', 'PostBlind'])
>>> hand.events[-2:]
[Raise(line=8, player='Bruno', to=4, by=None, all_in=False), Fold(line=8, player='Ana')]

Each hand becomes the events every other dialect gives: seats, the button
(the last player of a PHH hand), blinds and antes, deals (``??`` is a card
nobody saw), bets, draws, the showdown, and the results when the file states
them (``winnings``, ``finishing_stacks``). The file is cut into hands at its
table headers and each hand is parsed with :mod:`tomllib` on its own, so a
broken hand costs itself only; an error names the file, line and column, and a
field of the wrong type or out of range names the field. A hand of a variant
that is not of the draw family is counted as skipped, by name, before any of its
fields is looked at.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Iterator
from dataclasses import fields as dataclass_fields
from datetime import datetime, timezone
from decimal import Decimal
from functools import partial
from itertools import chain, count
from pathlib import Path
from typing import Any, TypeVar, get_args
from zoneinfo import ZoneInfo

from badugi_hh.events import (
    Award, BlindKind, Button, Event, Hand, ParseError, PotTotal, Record, Seat, SessionStart,
    SkippedHand, StackStated,
)
from badugi_hh.games import GAMES
from badugi_hh.parsers.common import (
    MAX_AMOUNT, MAX_COUNT, MAX_HAND_CHARACTERS, MAX_HAND_LINES, MAX_NAME, damage_before,
    damage_message, dated, excerpt, kept_text,
)
from badugi_hh.parsers.hands import HAND_SIZES
from badugi_hh.parsers.phh_actions import Actions
from badugi_hh.parsers.phh_fields import (
    KEY, MAX_DECIMALS, FieldError, Fields, PHHBlock, shown)
from badugi_hh.parsers.text import LogText, Source, open_log
from badugi_hh.places import (
    AMBIGUOUS_ABBREVIATIONS, GENERIC_ABBREVIATIONS, abbreviation_offset, place_zone)
from badugi_hh.rules import HOUSE, Game, Ruleset, Structure
from badugi_hh.sites import DeckRecycling, time_zone

__all__ = ["VARIANTS", "read_phh", "read_phh_lines", "sniff", "starts_hand"]

#: The betting structure a PHH variant code's first letter names, and its words.
_CODE_STRUCTURES: dict[str, tuple[Structure, str]] = {
    "F": ("fixed", "Fixed-limit"), "P": ("pot", "Pot-limit"), "N": ("no", "No-limit")}
#: Every variant code of the PHH specification (and of PokerKit): its name in reports,
#: the game it is read as (None: not of the draw family, skipped by name) and its
#: betting structure. The draw family's codes are the game registry's (its ``phh``
#: names); the specification has none for A-5 triple draw, five-card draw, or a fixed-
#: or pot-limit single draw.
VARIANTS: dict[str, tuple[str, Game | None, Structure]] = {
    code: (f"{_CODE_STRUCTURES[code[0]][1]} {game.name}", game.id, _CODE_STRUCTURES[code[0]][0])
    for game in GAMES.values() for code in game.site_names.get("phh", ())} | {
    "FT": ("Fixed-limit Texas Hold'em", None, "fixed"),
    "NT": ("No-limit Texas Hold'em", None, "no"),
    "NS": ("No-limit Short-deck Hold'em", None, "no"),
    "PO": ("Pot-limit Omaha", None, "pot"),
    "FO/8": ("Fixed-limit Omaha Hi/Lo", None, "fixed"),
    "F7S": ("Fixed-limit 7 Card Stud", None, "fixed"),
    "F7S/8": ("Fixed-limit 7 Card Stud Hi/Lo", None, "fixed"),
    "FR": ("Fixed-limit Razz", None, "fixed"),
}
#: The fields a hand of each betting structure must have (the specification's table).
_REQUIRED: dict[Structure, tuple[str, ...]] = {
    "fixed": ("antes", "blinds_or_straddles", "small_bet", "big_bet", "starting_stacks",
              "actions"),
    "no": ("antes", "blinds_or_straddles", "min_bet", "starting_stacks", "actions"),
}
#: The optional fields the specification types, which a hand is read without when they
#: are of another type (an error says so, the hand is kept).
_OPTIONAL_STRINGS = ("author", "event", "url", "venue", "address", "city", "region",
                     "postal_code", "country", "time_zone_abbreviation", "currency_symbol")
#: Every field the specification names (its "Required Fields" and "Optional Fields"): a
#: field of another name without the leading ``_`` of a user-defined one is a note.
_STANDARD_FIELDS = frozenset({
    "variant", "antes", "blinds_or_straddles", "bring_in", "small_bet", "big_bet", "min_bet",
    "starting_stacks", "actions", *_OPTIONAL_STRINGS, "time", "time_zone", "day", "month",
    "year", "hand", "level", "seats", "seat_count", "table", "players", "finishing_stacks",
    "winnings", "currency", "ante_trimming_status", "time_limit", "time_banks"})
#: A top-level table header: where a hand of a ``.phhs`` file starts. Its name may be
#: quoted, as TOML allows any key, and hold any character then (``["WSOP 2023/43 #5"]``,
#: ``['Table: 3']``), which PokerKit's ``load_all`` reads as a hand like any other. Every
#: line that begins with ``[`` in a log of any dialect is tried: the quantifiers are
#: possessive and a name's blanks come only before more of it, so that a line of
#: thousands of blanks is passed over at once, not in time growing with their cube.
_TABLE = re.compile(r"""\[\s*+((?:[\w.-]|"(?:[^"\\\n]|\\.)*+"|'[^'\n]*+'|[ ]++(?=[^\s\]]))++)"""
                    r"""\s*+\]\s*+(#.*)?""")
_TOML_ERROR = re.compile(r"\(at (?:line (\d+), column (\d+)|end of document)\)")
#: The raises after the first bet a fixed-limit round allows in PHH, as PokerKit replays
#: it (a bet and four raises, the big blind counting as the bet, before the first draw).
_PHH_CAP = 4
#: The blinds of a hand, the smaller first.
_BLIND_KINDS: tuple[BlindKind, ...] = ("small", "big")
#: The most actions a hand may hold.
MAX_ACTIONS = 5000
_T = TypeVar("_T")


def sniff(first_line: str) -> bool:
    """Whether a log whose first line that is neither blank nor a comment is PHH.

    >>> sniff('variant = "FB"'), sniff("[1]"), sniff("Session #fri-1127"), sniff("# a note")
    (True, True, False, False)
    """
    return bool(KEY.match(first_line) or _TABLE.fullmatch(first_line.strip()))


def starts_hand(text: str) -> bool:
    """Whether a line (from its first visible character) begins a PHH hand: a table
    header (``[2]``) or the ``variant`` key, bare or quoted.

    >>> starts_hand("[2]"), starts_hand('"variant" = "FB"'), starts_hand("[Ah Kd]: shows")
    (True, True, False)
    """
    key = KEY.match(text)
    return (key is not None and key.group(2) == "variant") or (
        text.startswith("[") and _TABLE.fullmatch(text.rstrip()) is not None)


def read_phh_lines(log: LogText) -> Iterator[Record]:
    """The records of a PHH log already opened with :func:`open_log`."""
    reader = _PHHReader(log.name)
    for block in _blocks(log):
        zeroed = _zeroed(log, block)
        for record in reader.read_block(block):
            if zeroed and isinstance(record, Hand):   # zeros (a crash's) took some of it
                record.damaged = tuple(sorted(set(record.damaged) | zeroed))
            yield record
    yield from log.end_errors()


def _zeroed(log: LogText, block: _Block) -> set[int]:
    """The lines of the hand's ``block`` where the text layer left out a run of NULs, up to
    its last line with text (zeros after it, at a file's end, took none of the hand)."""
    if not log.damages:
        return set()
    last = max((block.start + at for at, text in enumerate(block.lines) if text.strip()),
               default=block.start)
    return log.zeroed(block.start, last)


def read_phh(source: Source, name: str | None = None) -> Iterator[Record]:
    """Read a PHH file (``.phh``) or a file of hands (``.phhs``); ``str`` is the text."""
    with open_log(source, name) as log:
        yield from read_phh_lines(log)


class _Block(PHHBlock):
    """A hand's text as cut from the file, with what went wrong in the cutting: invisible
    characters before its table header, or more text than a hand holds."""

    __slots__ = ("damage", "late_of", "overflow", "size")

    def __init__(self, start: int, key: str | None, lines: list[str]) -> None:
        super().__init__(start, key, lines)
        self.damage: ParseError | None = None
        #: The hand whose table this is, written after another hand's (``[1._meta]``
        #: after ``[2]``); None for a hand.
        self.late_of: str | None = None
        self.overflow: FieldError | None = None
        self.size = sum(map(len, lines))

    def add(self, number: int, text: str) -> None:
        if self.overflow is not None:
            return
        self.size += len(text)
        if len(self.lines) >= MAX_HAND_LINES or self.size > MAX_HAND_CHARACTERS:
            self.overflow = FieldError(
                f"more than {MAX_HAND_LINES} lines or {MAX_HAND_CHARACTERS:,} characters "
                "without the next hand's table header: not a hand", number)
            return
        self.lines.append(text)


def _blocks(log: LogText) -> Iterator[_Block]:
    """The hands of the file: all of it for a ``.phh``, each table of a ``.phhs``.

    A file with a key before any table header is one hand (its tables are its
    own); otherwise each top-level table header starts a hand, whatever invisible
    characters come before it (reported; the hand is read). A header of a table inside
    the hand's (``[1._meta]`` after ``[1]``: a user-defined field of hand 1 written as a
    table, as TOML allows and PokerKit reads it) is a line of that hand; one after another
    hand's (``[1._meta]`` after ``[2]``) is a block of its own, marked as hand 1's
    (:attr:`_Block.late_of`), not a hand.
    """
    block = _Block(log.first_line, None, [])
    single = False
    path: tuple[str, ...] = ()
    seen: set[str] = set()   # the hands' keys so far (``1``, ``2``)
    quote: str | None = None   # the multi-line string open at the line's start
    for number, text in enumerate(log, log.first_line):
        within_string, quote = quote is not None, _left_open(text, quote)
        if within_string:   # ``[2]`` inside ``author = """`` ... ``"""`` is text, no header
            block.add(number, text)
            continue
        header = None if single else _TABLE.fullmatch(text)
        width = 0
        if header is None and not single and text and not "!" <= text[0] <= "~":
            width = damage_before(text)
            header = _TABLE.fullmatch(text, width)
        if header is not None and block.key is not None and _within(path, text[width:]):
            header = None
        if header is not None:
            path = _header_path(text[width:])
            if block.key is not None:
                yield block
            name = ".".join(path) or header.group(1).strip("\"'")   # escapes read as TOML's
            block = _Block(number, name, [text[width:]])
            if len(path) > 1 and path[0] in seen:
                block.late_of = path[0]
            seen.update(path[:1])
            if (message := damage_message(text, width)) is not None:
                block.damage = ParseError(message=message, source=log.name, line=number,
                                          column=1, text=excerpt(text), hand_lost=False)
            continue
        single = single or (block.key is None and KEY.match(text) is not None)
        block.add(number, text)
    if block.key is not None or single:
        yield block


def _left_open(text: str, quote: str | None) -> str | None:
    """The multi-line string (its delimiter, three double or three single quotes) still
    open at the end of the line ``text``, given the one open at its start; None where none
    is. A line without a triple quote leaves things as they were, unread.

    >>> three = '"' * 3
    >>> _left_open(f"author = {three}", None) == three, _left_open("[2]", three) == three
    (True, True)
    >>> _left_open(f"x{three}", three), _left_open("a = '''x''' # '''", None)
    (None, None)
    """
    if '"""' not in text and "'''" not in text:
        return quote
    at = 0
    while at < len(text):
        if quote is not None:
            at = _closing(text, at, quote)
            if at < 0:
                return quote
            quote = None
        elif text[at] == "#":
            return None
        elif text.startswith(('"""', "'''"), at):
            quote, at = text[at:at + 3], at + 3
        elif text[at] in "\"'":
            at = _closing(text, at + 1, text[at])
            if at < 0:
                return None   # a string left open on its line: TOML's error, at it
        else:
            at += 1
    return quote


def _closing(text: str, at: int, quote: str) -> int:
    """Just past the ``quote`` that closes a string from ``at`` on (a basic string's
    escaped quote skipped; a multi-line one's closing delimiter may hold two more quotes,
    as TOML allows), or -1 where the line does not close it."""
    while (found := text.find(quote, at)) >= 0:
        escapes = len(text[:found]) - len(text[:found].rstrip("\\"))
        if quote[0] == '"' and escapes % 2:
            at = found + 1
            continue
        end = found + len(quote)
        while len(quote) == 3 and end < len(text) and text[end] == quote[0] and (
                end - found < 5):
            end += 1
        return end
    return -1


def _header_path(header: str) -> tuple[str, ...]:
    """The keys a table header names (``[1._meta]``: ``1``, ``_meta``; quotes read as
    TOML reads them); none where it is no TOML.

    >>> _header_path("[1]"), _header_path('["1"._meta]  # notes'), _header_path("[1")
    (('1',), ('1', '_meta'), ())
    """
    try:
        table: object = tomllib.loads(header)
    except tomllib.TOMLDecodeError:
        return ()
    keys: list[str] = []
    while isinstance(table, dict) and len(table) == 1:
        key, table = next(iter(table.items()))
        keys.append(key)
    return tuple(keys)


def _within(path: tuple[str, ...], header: str) -> bool:
    """Whether ``header`` names a table inside the one of the keys ``path``."""
    inner = _header_path(header)
    return bool(path) and len(inner) > len(path) and inner[:len(path)] == path


class _PHHReader:
    """Turns each hand's fields into a :class:`Hand`, grouping hands into sessions."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.stem = Path(source).stem
        self.session: tuple[str, object, str] | None = None   # table, stakes, session id
        self.session_parts: dict[str, int] = {}   # each table's sessions so far (its stakes)
        self.count = 0
        self.first_tables: dict[str, str | None] = {}   # each stated hand id's first table

    def read_block(self, block: _Block) -> Iterator[Record]:
        if block.damage is not None:
            yield block.damage
        if block.late_of is not None:
            yield self._late_table(block, block.late_of)
            return
        self.count += 1
        try:
            if block.overflow is not None:
                raise block.overflow
            yield from self._hand(block, _parse_toml(block))
        except FieldError as error:
            where = f"hand {block.key}: " if block.key else ""
            yield ParseError(message=f"{where}{error.message}", source=self.source,
                             line=error.line, column=error.column,
                             text=kept_text("\n".join(block.lines)), hand_line=block.start)

    def _late_table(self, block: _Block, hand_key: str) -> ParseError:
        """A note at a table of a hand written after another hand's (``[1._meta]`` after
        ``[2]``): valid TOML, which PokerKit joins to its hand; the hand was read before
        it, and is kept as read (the store keeps no user-defined field, what such a table
        holds)."""
        return ParseError(
            message=f"[{block.key}] is a table of hand {hand_key}, written after another "
                    f"hand's: hand {hand_key} is read without it", source=self.source,
            line=block.start, column=1, text=excerpt(block.lines[0]), hand_lost=False)

    def _hand(self, block: _Block, data: dict[str, Any]) -> Iterator[Record]:
        if block.key is not None and "variant" not in data and len(data) == 1:
            data = next(iter(data.values()))   # ``[1]`` written as a dotted key's table
            if not isinstance(data, dict):
                raise FieldError("expected the fields of a hand under its table header",
                                 block.start)
        fields = Fields(block, data, _money_unit(data))
        if "variant" not in data:
            raise FieldError("the hand has no 'variant' field (required by PHH)", block.start)
        variant = fields.string("variant", most=20)
        if variant not in VARIANTS:
            raise fields.error("variant", f"unknown variant {shown(variant)} (PHH's codes: "
                                          f"{', '.join(VARIANTS)})")
        name, game, structure = VARIANTS[variant]
        # a skipped hand's fields are not looked at: a malformed ``hand`` is reported (by
        # ``_notes``) for a hand that is read, which is named as if it had none
        hand_id = self._told_apart(_unless_malformed(partial(fields.label, "hand")), fields) or (
            block.key if block.key is not None else self.stem)
        if game is None:
            yield SkippedHand(game=name, hand_id=hand_id, source=self.source,
                              line=fields.block.line_of_key("variant")[0])
            return
        for required in _REQUIRED[structure]:
            if required not in data:
                raise FieldError(f"the hand has no {required!r} field (required by PHH for "
                                 f"{variant})", block.start)
        foreign = list(self._not_of_variant(fields, variant, structure))
        if foreign:
            yield from foreign
            fields = Fields(block, data, _money_unit(data))   # its amounts set no unit
        count = _player_count(fields)
        yield from self._notes(fields, count)
        builder = _HandBuilder(fields, variant, game, structure, count)
        hand = builder.build(hand_id, self.count)
        if builder.renamed:
            yield self._renamed(fields, builder.renamed)
        hand.source = self.source
        session_id = (fields.string("_session") or (
            f"phh:{fields.label('table')}" if "table" in data else f"phh:{self.stem}#{hand_id}"))
        # a tournament's next level, or a stored session's (``_session``: its hands may
        # each have their own rules, as a house log's), goes on with its session, as a
        # site's tournament does; its chips stay chips, so a change of unit starts one
        stakes = (hand.unit if hand.tournament or hand.level is not None
                  or "_session" in data else hand.ruleset)
        if self.session is None or self.session[:2] != (session_id, stakes):
            # a table whose stakes or unit change starts a session of its own, as a site's
            # does, with an id of its own so that the store holds them apart (the second
            # ``phh:t1~2``, as a house log's session id used again)
            # (a hand of no table is a session of its own, whose id is its hand's)
            part = self.session_parts.get(session_id, 0) + 1 if "table" in data or (
                "_session" in data) else 1
            self.session_parts[session_id] = part
            self.session = (session_id, stakes,
                            session_id if part == 1 else f"{session_id}~{part}")
            hand.session_id = self.session[2]
            yield SessionStart(session_id=hand.session_id, ruleset=hand.ruleset, players=[],
                               title=fields.string("event") or "", started_at=hand.started_at,
                               source=self.source, line=hand.line)
        hand.session_id = self.session[2]
        yield hand

    def _told_apart(self, hand: str | None, fields: Fields) -> str | None:
        """The id of a hand whose stated ``hand`` a hand of another ``table`` of the file
        took first: ``7-51``, its table's and its own, as the specification's style guide
        names the file of Hand 51 at Table 6 (``6-51.phh``). Hands are numbered at each
        table, so a file of many tables repeats their numbers; such hands are distinct,
        not a copy of one (T5, which a number used again at the same table still is)."""
        if hand is None:
            return None
        table = _unless_malformed(partial(fields.label, "table"))
        first = self.first_tables.setdefault(hand, table)
        return hand if table is None or first is None or first == table else f"{table}-{hand}"

    def _notes(self, fields: Fields, count: int) -> Iterator[ParseError]:
        """The optional fields the hand is read without, being of another type or range
        than the specification's: each is an error at its key and is taken as absent
        (dropped from the hand's data, so every later reading finds it missing), and the
        hand is kept: a hand plays without any of them."""
        for name, check in _optional_checks(fields, count):
            try:
                check(name)
            except FieldError as error:
                # ``day`` stands for the whole date: a bad month or time drops it too
                fields.data.pop(name, None)
                yield self._kept(fields, error, "the hand is read without it")
        yield from self._unknown(fields)
        try:
            _zoned_start(fields)
        except FieldError as error:
            yield self._kept(fields, error, "the time is read in UTC")

    def _not_of_variant(self, fields: Fields, variant: str,
                        structure: Structure) -> Iterator[ParseError]:
        """A note at each field of the specification that the variant has no use for,
        which is read past (dropped from the hand's data), as PokerKit plays the hand
        without it: a bring-in other than 0 (a stud game's forced bet, which the
        specification says is never given with blinds), ``min_bet`` in fixed limit (it
        "must never be specified in fixed-limit games"), ``small_bet`` and ``big_bet`` in
        no limit (whose one bet is ``min_bet``)."""
        unused = {"fixed": ("min_bet",), "no": ("small_bet", "big_bet")}[structure]
        for name in ("bring_in", *unused):
            if name not in fields.data:
                continue
            value = fields.data.pop(name)
            if name == "bring_in" and value == 0 and not isinstance(value, bool):
                continue   # no bring-in, as PokerKit's own hands of every variant write it
            bets = ("bets are small_bet and big_bet" if structure == "fixed"
                    else "one bet is min_bet")
            why = ("has no bring-in (a stud game's forced bet): its forced bets are the "
                   "blinds" if name == "bring_in" else
                   f"is {VARIANTS[variant][0].split(' ')[0].lower()}: its {bets}")
            yield self._kept(fields, fields.error(name, f"{variant} {why}"), "it is read past")

    def _unknown(self, fields: Fields) -> Iterator[ParseError]:
        """A note at each field the specification does not name and that is not
        user-defined (``_`` first): it is read past, as the specification asks ("User-
        defined Fields": a parser "may issue a warning"), but said, since it may be a
        misspelt field (``winning``) whose content the hand is read without."""
        for name in fields.data:
            if not name.startswith("_") and name not in _STANDARD_FIELDS:
                error = fields.error(name, "not a field of PHH (a user-defined field's name "
                                           "starts with '_')")
                yield self._kept(fields, error, "it is read past")

    def _renamed(self, fields: Fields, renamed: list[tuple[int, str, str]]) -> ParseError:
        """One word, at ``players``, for the players read under another name than the
        file's, being named as a player before them."""
        said = ", ".join(f"p{index} {shown(stated)} is read as {shown(name)}"
                         for index, stated, name in renamed)
        error = fields.error("players", f"a name given to two players is told apart: {said}")
        return self._kept(fields, error, "the hand is kept")

    def _kept(self, fields: Fields, error: FieldError, so: str) -> ParseError:
        """``error`` of a hand that is read all the same, ``so`` saying how."""
        return ParseError(message=f"{error.message}; {so}", source=self.source,
                          line=error.line, column=error.column,
                          text=excerpt(fields.block.lines[error.line - fields.block.start]
                                       if error.line >= fields.block.start else ""),
                          hand_lost=False)


def _parse_toml(block: PHHBlock) -> dict[str, Any]:
    """The block's fields; a TOML error is placed at its line and column in the file."""
    try:
        # each line ends with its newline, the last too: tomllib places an error found on
        # the last line "at end of document" when no newline follows it
        return tomllib.loads("\n".join(block.lines) + "\n", parse_float=Decimal)
    except tomllib.TOMLDecodeError as error:
        message = str(error)
        found = _TOML_ERROR.search(message)
        line, column = (int(found[1]), int(found[2])) if found and found[1] else _end_of(block)
        raise FieldError(f"not TOML: {_TOML_ERROR.sub('', message).strip()}",
                         block.start + line - 1, column) from None
    except RecursionError:   # arrays nested thousands deep
        raise FieldError("not a hand: values nested too deep", block.start) from None
    except (ValueError, ArithmeticError):   # a number int() or Decimal refuses: no line given
        raise FieldError("a number too long or too large to read", block.start) from None


def _end_of(block: PHHBlock) -> tuple[int, int]:
    """The line (of the block, 1-based) and column just past its last text: where a value
    left open (``b = [1,``) is found missing, "at end of document" for tomllib."""
    written = [number for number, text in enumerate(block.lines, 1) if text.strip()] or [1]
    last = block.lines[written[-1] - 1] if block.lines else ""
    return written[-1], len(last.rstrip()) + 1


#: The amounts of a hand: its fields that hold one, or one a player.
_AMOUNT_FIELDS = ("small_bet", "big_bet", "min_bet", "bring_in", "_rake", "antes",
                  "blinds_or_straddles", "starting_stacks", "winnings", "finishing_stacks")
#: The amounts a hand is read without where malformed (``_notes``): one a player.
_OPTIONAL_ARRAYS = ("winnings", "finishing_stacks")
#: A bet's amount in an action: ``p1 cbr 0.125`` (a commentary after ``#`` is no action).
_BET_AMOUNT = re.compile(r"^[^#]*\bcbr\s+([^\s#]+)")


def _money_unit(data: dict[str, Any]) -> int:
    """The unit the hand's amounts are counted in: 1 (chips) where every one is whole;
    else money, in the smallest power of ten from cents (100) that makes each whole
    (PokerKit plays with Decimal chips, and splits a pot of 0.29 in two at 0.145: a
    hand in thousandths). A whole amount written as a float (``2.0``, as the
    specification's own examples write ``antes = [0.0, 3.0]``; ``1e3``) needs no
    decimals: the unit follows the decimals the amounts need, not how they are written,
    so the same hand is stored alike either way. A hand that names its ``currency`` is
    money whatever its amounts need: counted in cents at least, so that a hand of whole
    dollars keeps the unit of its table's others (and of its export, which writes
    ``3.00``). An amount of more than :data:`MAX_DECIMALS` decimals takes no part: its
    field's reading refuses it, an error at its key.

    >>> _money_unit({"antes": [0, 0], "small_bet": 2}), _money_unit({"min_bet": Decimal("2.0")})
    (1, 1)
    >>> _money_unit({"finishing_stacks": [Decimal("3.145"), 3], "actions": ["p1 cbr 0.2"]})
    1000
    >>> _money_unit({"min_bet": 2, "currency": "USD"})
    100
    """
    places = [count for count in map(_decimals, _amounts_written(data))
              if 0 < count <= MAX_DECIMALS]
    if isinstance(data.get("currency"), str):
        places.append(2)
    return int(10 ** max(2, *places)) if places else 1


def _amounts_written(data: dict[str, Any]) -> Iterator[Decimal]:
    """Every amount of the hand written with decimals (TOML's floats, an action's ``0.25``);
    none of a field or action of another type, which its reading reports, nor of an
    optional array of another length than the players' (``winnings``), which the hand is
    read without: its decimals would count the hand's whole chips in thousandths.

    >>> list(_amounts_written({"starting_stacks": [9, 9], "winnings": [0, Decimal("3.005"), 1]}))
    []
    """
    stacks = data.get("starting_stacks")
    for name in _AMOUNT_FIELDS:
        value = data.get(name)
        if (name in _OPTIONAL_ARRAYS and isinstance(value, list) and isinstance(stacks, list)
                and len(value) != len(stacks)):
            continue
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, Decimal) and item.is_finite():
                yield item
    actions = data.get("actions")
    for action in actions if isinstance(actions, list) else []:
        found = _BET_AMOUNT.match(action) if isinstance(action, str) else None
        if found is not None and not found[1].isdigit():
            try:
                amount = Decimal(found[1])
            except ArithmeticError:   # not a number: the action's reading says so
                continue
            if amount.is_finite():
                yield amount


def _decimals(amount: Decimal) -> int:
    """How many decimals ``amount`` needs (``2.50``: 1; ``1E+2``: 0). Read off its digits,
    not normalised: an exponent past what Decimal's context holds (``2.5e99999999999``,
    which the amount's reading refuses) would overflow."""
    _, digits, exponent = amount.as_tuple()
    if not isinstance(exponent, int):
        return 0
    trailing = len(digits) - len("".join(map(str, digits)).rstrip("0"))
    return max(0, -(exponent + trailing))


class _HandBuilder:
    """One hand's fields as a :class:`Hand`: its players and seats, its ruleset, the events
    of its forced bets and actions (:class:`~.phh_actions.Actions`), and its results."""

    def __init__(self, fields: Fields, variant: str, game: Game, structure: Structure,
                 count: int) -> None:
        self.fields, self.variant, self.game, self.structure = fields, variant, game, structure
        self.count = count
        self.names, self.renamed = _player_names(fields, self.count)
        stated = fields.strings("players", count, empty=True) or [""] * count
        # p1, p2... are places counted from the button, not people: see Hand.positional
        self.positional = tuple(name for name, given in zip(self.names, stated) if not given)
        self.stacks = fields.amounts("starting_stacks", self.count, positive=True) or []
        self.line = fields.block.line_of_key("actions")[0]

    def build(self, hand_id: str, number: int) -> Hand:
        fields = self.fields
        seats = _seats(fields, self.count) or list(range(1, self.count + 1))
        events: list[Event] = [Seat(player=name, seat=seat, stack=stack,
                                    line=fields.block.line_of_key("starting_stacks")[0])
                               for name, seat, stack in zip(self.names, seats, self.stacks)]
        events.append(Button(seat=seats[-1], line=fields.block.line_of_key("players")[0]))
        actions = Actions(self.names, self.stacks, HAND_SIZES[self.game], self.line,
                          fields.unit)
        small, big = self._forced_bets(actions)
        ruleset = self._ruleset(small, big)
        self._actions(actions)
        events += actions.finish()
        events += self._results(actions.pot(self.stacks))
        return Hand(hand_id=hand_id, ruleset=ruleset, events=events,
                    number=int(hand_id) if hand_id.isdecimal() and len(hand_id) < 16
                    else number,
                    line=fields.block.start, started_at=self._started_at(),
                    unit=fields.unit, currency=_currency_code(fields.string("currency", most=16)),
                    site=fields.string("_site", most=40) or "",
                    table=fields.label("table") or "",
                    tournament=_unless_malformed(lambda: fields.label("_tournament")),
                    buy_in=_unless_malformed(lambda: fields.string("_buy_in")),
                    level=self._level(), positional=self.positional,
                    left_out=self._left_out_before())

    def _level(self) -> str | None:
        """``level``, the tournament's blind level, as a site's level is kept: as the log
        writes it (``3``)."""
        level = _unless_malformed(lambda: self.fields.integer("level", 0, MAX_AMOUNT))
        return None if level is None else str(level)

    def _left_out_before(self) -> tuple[str, ...]:
        """``_left_out_before`` (our writer's field: the hands of the table its export left
        out since the hand before); of another type, the hand is read without it (an error
        says so, from ``_notes``), and its stacks are carried from the hand before."""
        try:
            return tuple(self.fields.labels("_left_out_before") or ())
        except FieldError:
            return ()

    def _forced_bets(self, actions: Actions) -> tuple[int, int]:
        """Antes, then the small and big blind, then the straddles; heads-up, PHH lists
        the blinds reversed."""
        fields = self.fields
        antes = self._antes()
        blinds = fields.amounts("blinds_or_straddles", self.count) or []
        if self.count == 2:
            antes, blinds = antes[::-1], blinds[::-1]
        # the first two are the blinds; a forced bet after them is a straddle
        posted = [(index, amount) for index, amount in enumerate(blinds[:2]) if amount]
        straddles = [(index, amount) for index, amount in enumerate(blinds) if amount
                     and index >= 2]
        # Each ante is posted whole, as PokerKit posts it: a blind is sized by the stack
        # the whole ante leaves, before trimming gives part of the ante back
        # (Ruleset.antes_trimmed, which the engine judges by)
        for index, amount in enumerate(antes):
            if amount:
                actions.post(index, amount, "ante", fields.block.line_of_key("antes")[0])
        ordered = sorted(posted, key=lambda posting: (posting[1], posting[0]))
        kinds = _BLIND_KINDS[-len(ordered):] if ordered else ()
        line = fields.block.line_of_key("blinds_or_straddles")[0]
        for (index, amount), kind in zip(ordered, kinds):
            actions.post(index, amount, kind, line)
        for index, amount in straddles:
            actions.post(index, amount, "straddle", line)
        if self._ante_trimming():
            for index, (whole, kept) in enumerate(zip(antes, _trimmed(antes, self.stacks))):
                actions.give_back(index, min(whole, self.stacks[index]) - kept)
        amounts = [amount for _, amount in ordered]
        return (amounts[0] if len(amounts) == 2 else 0), (amounts[-1] if amounts else 0)

    def _antes(self) -> list[int]:
        """Each player's ante: one amount is every player's, as PokerKit reads it."""
        fields = self.fields
        single = fields.data["antes"]
        if fields.scaled(single) is not None:
            return [fields.amount("antes")] * self.count
        return fields.amounts("antes", self.count) or []

    def _ruleset(self, small_blind: int, big_blind: int) -> Ruleset:
        fields = self.fields
        if self.structure == "fixed":
            small_bet = fields.amount("small_bet", positive=True)
            big_bet = fields.amount("big_bet", positive=True)
        else:
            small_bet = big_bet = fields.amount("min_bet", positive=True)
        seat_count = fields.integer("seat_count", self.count, MAX_COUNT) or self.count
        base = HOUSE.replace(
            name=f"phh {self.variant}", game=self.game, structure=self.structure,
            hand_size=HAND_SIZES[self.game], draws=GAMES[self.game].draws,
            max_players=seat_count, starting_stack=None, session_hands=None,
            # PokerKit's cap (the WSOP's): four bets and raises a round on top of the blinds
            max_raises=_PHH_CAP,
            small_blind=small_blind, big_blind=big_blind, small_bet=small_bet,
            big_bet=big_bet, min_bet=None if self.structure == "fixed" else small_bet,
            burns_logged=False,
            # PokerKit's deck: unstated burns, and dead cards reshuffled when it runs out
            deck_recycling="dead_cards",
            # winnings are optional in PHH: a file without them implies its results
            awards_logged="winnings" in fields,
            # PHH has no rule of rake: a hand stating the rake taken (_rake), or a cash
            # table's winnings, which are "post-rake" (the specification), may be raked
            rake="_rake" in fields or ("winnings" in fields and self._cash_table()),
            # antes untrimmed (PHH's default) are dead money of the main pot; trimmed,
            # they are collected like bets
            dead_money_in_main_pot=not self._ante_trimming(),
            antes_trimmed=self._ante_trimming(),
            # PokerKit reopens the betting by the round's largest raise, the blinds aside
            reopen_by_least_bet=False,
            # PokerKit's betting where it is not the house's (docs/rules.md, "PHH")
            lone_player_acts=True, raise_over_short_all_in=True,
            # PokerKit judges a hand shown in part on the cards shown (docs/format.md, "PHH")
            partial_show_judged=True, shows_logged=False, button_alternates=False)
        stated = fields.table("_ruleset")
        return base if stated is None else base.replace(**_settings(fields, stated))

    def _ante_trimming(self) -> bool:
        """``ante_trimming_status``: false where missing, as the specification says, or
        of another type (reported by ``_notes``, and the hand read without it)."""
        try:
            return bool(self.fields.boolean("ante_trimming_status"))
        except FieldError:
            return False

    def _actions(self, actions: Actions) -> None:
        fields = self.fields
        written = fields.data["actions"]
        if not isinstance(written, list) or not all(isinstance(a, str) for a in written):
            raise fields.error("actions", "expected an array of strings such as \"p1 cc\"")
        if len(written) > MAX_ACTIONS:
            raise fields.error("actions", f"{len(written):,} actions, more than a hand's "
                                          f"{MAX_ACTIONS:,}")
        cursor: tuple[int, int] | None = fields.block.line_of_key("actions")
        for action in written:
            cursor, where = _where(fields.block, action, cursor)
            try:
                actions.act(action, *where)
            except FieldError as error:
                raise FieldError(f"action {shown(action)}: {error.message}", error.line,
                                 error.column) from None

    def _cash_table(self) -> bool:
        """Whether the hand is played for money at a cash table, where a site takes a
        rake: it names its currency (not play chips) and no tournament."""
        currency = _unless_malformed(lambda: self.fields.string("currency", most=16))
        return (currency is not None and currency.upper() != "PLAY"
                and "_tournament" not in self.fields and "level" not in self.fields)

    def _rake_taken(self, pot: int, won: list[int] | None) -> int:
        """The rake that winnings short of the ``pot`` were paid after: at a cash table,
        and no more than a tenth of the pot (sites take 5 to 10%, capped); a larger
        shortfall, or any in chips, is a payout the audit disputes (S1, S4)."""
        shortfall = pot - sum(won) if won else 0
        return shortfall if self._cash_table() and 0 < shortfall * 10 <= pot else 0

    def _results(self, pot: int) -> list[Event]:
        """What the file states of the end: each player's winnings and final stack.

        ``_rake`` (our writer's field: PHH has none) is the rake taken; without it, the
        winnings short of the ``pot`` at a cash table, up to a tenth of it, are: the
        specification's winnings are "the post-rake values" ("Optional Fields",
        "Winnings"). More than the pot, or less by more, is the audit's (S1, S4).
        """
        fields = self.fields
        events: list[Event] = []
        won = fields.amounts("winnings", self.count)
        rake = fields.amount("_rake") if "_rake" in fields else self._rake_taken(pot, won)
        if rake > 0:
            line = fields.block.line_of_key("_rake" if "_rake" in fields else "winnings")[0]
            events.append(PotTotal(total=None, rake=rake, line=line))
        line = fields.block.line_of_key("winnings")[0]
        for name, amount in zip(self.names, won or []):
            if amount:
                events.append(Award(player=name, amount=amount, line=line))
        line = fields.block.line_of_key("finishing_stacks")[0]
        events += [StackStated(player=name, amount=amount, line=line) for name, amount
                   in zip(self.names, fields.amounts("finishing_stacks", self.count) or [])]
        return events

    def _started_at(self) -> datetime | None:
        """The start the hand states, in its zone (:func:`_zoned_start`); in UTC where
        the hand says something that does not place it (reported by ``_notes``)."""
        try:
            return _zoned_start(self.fields)
        except FieldError:
            moment = _unless_malformed(lambda: _stated_start(self.fields))
            return None if moment is None else moment.replace(tzinfo=time_zone("UTC"))


def _currency_code(currency: str | None) -> str | None:
    """``currency``, an ISO 4217 code as the specification asks, in its capitals: a file
    that writes ``usd`` plays in the dollars the sites' hands call ``USD``, and its
    results add up with theirs. Any other string is kept as written.

    >>> _currency_code("usd"), _currency_code("USD"), _currency_code("play chips")
    ('USD', 'USD', 'play chips')
    """
    if currency is not None and len(currency) == 3 and currency.isascii() and currency.isalpha():
        return currency.upper()
    return currency


def _player_count(fields: Fields) -> int:
    """How many players the hand has: one a starting stack. Every per-player array is
    checked against it, so a malformed ``starting_stacks`` costs the hand."""
    stacks = fields.data["starting_stacks"]
    count = len(stacks) if isinstance(stacks, list) else 0
    if not 2 <= count <= MAX_COUNT:
        raise fields.error("starting_stacks", f"expected an array of 2 to {MAX_COUNT} "
                                              f"positive amounts, got {shown(stacks)}")
    if any(isinstance(stack, Decimal) and stack == Decimal("inf") for stack in stacks):
        raise fields.error("starting_stacks", "an unknown stack (inf) is not read: the "
                                              "audit needs every player's chips")
    return count


def _optional_checks(fields: Fields, count: int,
                     ) -> list[tuple[str, Callable[[str], object]]]:
    """Each field a hand can be played without, with its reading: a check that raises a
    FieldError where the field is of another type or range (``_notes`` then drops it).
    A field not listed is required (its error costs the hand) or read past."""
    checks: list[tuple[str, Callable[[str], object]]] = [
        (name, fields.string) for name in _OPTIONAL_STRINGS]
    return checks + [
        ("hand", fields.label), ("table", fields.label),
        # no players' names: p1, p2...; no seats: 1, 2...; no winnings: the rules settle
        ("players", partial(fields.strings, count=count, empty=True)),
        ("seats", lambda name: _seats(fields, count)),
        ("seat_count", lambda name: fields.integer(name, count, MAX_COUNT)),
        ("winnings", partial(fields.amounts, count=count)),
        ("finishing_stacks", partial(fields.amounts, count=count)),
        ("currency", partial(fields.string, most=16)),
        ("time_zone", lambda name: _time_zone(fields)),
        ("day", lambda name: _stated_start(fields)),
        ("level", lambda name: fields.integer(name, 0, MAX_AMOUNT)),
        ("time_limit", fields.seconds),
        ("time_banks", partial(fields.seconds, count=count)),
        ("ante_trimming_status", fields.boolean),
        ("_session", fields.string), ("_site", partial(fields.string, most=40)),
        ("_rake", lambda name: fields.amount(name) if name in fields else None),
        # without our writer's ruleset, the hand is audited by PHH's (PokerKit's) rules
        ("_ruleset", lambda name: _settings(fields, fields.table(name) or {})),
        ("_tournament", fields.label), ("_buy_in", fields.string),
        ("_left_out_before", fields.labels)]


def _seats(fields: Fields, count: int) -> list[int] | None:
    """``seats``: one a player, no two the same; None where missing."""
    seats = fields.integers("seats", count, 1, MAX_AMOUNT)
    if seats is not None and len(set(seats)) != count:
        raise fields.error("seats", "two players sit in the same seat")
    return seats


def _player_names(fields: Fields, players: int) -> tuple[list[str], list[tuple[int, str, str]]]:
    """``players``, each under a name of his own, and who was renamed (his place, stated
    name and name read). A player whose name is unknown (``""``, as the specification
    writes one) or not given (no ``players``) is named by his place, as the actions name
    him: ``p1``, ``p2``..., or ``p1_2``... where another player's stated name is that. A
    player named as one before him (an anonymised export's second ``Hero``; the
    specification does not forbid it) is ``Hero (2)``, ``Hero (3)``...: the events name
    players by their names."""
    stated = fields.strings("players", players, empty=True) or [""] * players
    taken = set(stated)
    names: list[str] = []
    renamed: list[tuple[int, str, str]] = []
    for index, name in enumerate(stated, 1):
        if not name:
            name = _unused(f"p{index}", taken)
        elif name in names:
            numbered = _numbered(name, taken)
            renamed.append((index, name, numbered))
            name = numbered
        taken.add(name)
        names.append(name)
    return names, renamed


def _unused(name: str, taken: set[str]) -> str:
    """``name``, else the first of ``name_2``, ``name_3``... not ``taken``.

    >>> _unused("p1", {"Ann"}), _unused("p1", {"p1", "p1_2"})
    ('p1', 'p1_3')
    """
    return next(candidate for candidate in chain([name], (
        f"{name}_{number}" for number in count(2))) if candidate not in taken)


def _numbered(name: str, taken: set[str]) -> str:
    """The first of ``name (2)``, ``name (3)``... not ``taken``; ``name`` is cut short where
    the number would make it longer than a name may be, so that it reads back.

    >>> _numbered("Hero", {"Hero", "Hero (2)"}), len(_numbered("x" * MAX_NAME, set()))
    ('Hero (3)', 200)
    """
    suffixes = (f" ({number})" for number in count(2))
    return next(candidate for candidate in (name[:MAX_NAME - len(suffix)] + suffix
                                            for suffix in suffixes) if candidate not in taken)


def _unless_malformed(read: Callable[[], _T | None]) -> _T | None:
    """What ``read`` reads of an optional field: None where missing, or of another type or
    range (``_notes`` reports it, and the hand is read without it)."""
    try:
        return read()
    except FieldError:
        return None


def _stated_start(fields: Fields) -> datetime | None:
    """``day``, ``month``, ``year`` and ``time`` as a local time, None where the date is
    not given whole; a field of another type or range, or a date that does not exist
    (``day = 31``, ``month = 2``), is a FieldError at its key."""
    day = fields.integer("day", 1, 31)
    month = fields.integer("month", 1, 12)
    year = fields.integer("year", 1, 9999)
    moment = fields.local_time("time")
    stamp = fields.data.get("time")
    if isinstance(stamp, datetime):   # a local date-time: its date is the hand's, unless
        said = [f"{name} = {value}" for name, value, own in zip(   # the date's fields differ
            ("day", "month", "year"), (day, month, year), (stamp.day, stamp.month, stamp.year))
            if value not in (None, own)]
        if said:
            error = fields.error("time", f"{stamp.date()} is not the hand's date "
                                         f"({', '.join(said)})")
            del fields.data["time"]   # the hand is read without it, as ``_notes`` says
            raise error
        day, month, year = stamp.day, stamp.month, stamp.year
    if day is None or month is None or year is None:
        return None
    try:
        return dated(datetime(year, month, day, *(
            (moment.hour, moment.minute, moment.second) if moment is not None else ())))
    except ValueError as error:
        raise fields.error("day", f"{year}-{month}-{day} is not a date: {error}") from None


def _zoned_start(fields: Fields) -> datetime | None:
    """The start the hand states, in its zone as the specification places it (optional
    fields, "Time"): ``time_zone``; else ``time_zone_abbreviation``; else the local time
    of the place ``city``, ``region`` and ``country`` name together; else UTC. None
    where the date is not given whole, or is not a date; a FieldError where the hand
    says something that does not place it (reported by ``_notes``: the time is then
    read in UTC)."""
    moment = _unless_malformed(lambda: _stated_start(fields))
    if moment is None:
        return None
    zone = _unless_malformed(lambda: _time_zone(fields))
    stamp = fields.data.get("time")
    if isinstance(stamp, datetime) and stamp.tzinfo is not None:
        # a date-time with its offset is that moment: a stated zone says it in its own clock
        offset = moment.replace(tzinfo=stamp.tzinfo)
        return offset.astimezone(zone) if zone is not None else offset
    abbreviation = _unless_malformed(lambda: fields.string("time_zone_abbreviation"))
    if zone is None and abbreviation:
        # the place only tells the abbreviation's zone: a place of another zone than the
        # clock the time was written on (an online site's UTC) is no error
        return _abbreviated(fields, moment, abbreviation,
                            _unless_malformed(lambda: _place_zone(fields)))
    return moment.replace(tzinfo=zone or _place_zone(fields) or time_zone("UTC"))


def _abbreviated(fields: Fields, moment: datetime, abbreviation: str,
                 place: ZoneInfo | None) -> datetime:
    """``moment`` on the clock ``abbreviation`` names: the place's zone where it is the
    zone's name at that time (``CST`` in Chicago in winter, or the second passage of an
    hour the clocks turn back), else the one offset it stands for (``CET``,
    :func:`badugi_hh.places.abbreviation_offset`), else the zone a season's-less North
    American one names (``ET``: New York's clock, its first passage of an hour turned
    back); a FieldError where it stands for more than one (``CST`` alone) or is not a
    common one."""
    generic = GENERIC_ABBREVIATIONS.get(abbreviation.strip().upper())
    if generic is not None:   # the zone's own name then is EST or EDT, never ET
        return moment.replace(tzinfo=time_zone(generic))
    if place is not None:
        for fold in (0, 1):
            placed = moment.replace(tzinfo=place, fold=fold)
            if (placed.tzname() or "").upper() == abbreviation.strip().upper():
                return placed
    offset = abbreviation_offset(abbreviation)
    if offset is not None:
        return moment.replace(tzinfo=timezone(offset))
    ambiguous = AMBIGUOUS_ABBREVIATIONS.get(abbreviation.strip().upper())
    what = (f"stands for {ambiguous}" if ambiguous is not None
            else "is none of the common abbreviations that stand for one offset")
    if place is not None:
        there = moment.replace(tzinfo=place).tzname()
        what = f"is not {place.key}'s time on {moment:%Y-%m-%d} ({there}), and {what}"
    raise fields.error("time_zone_abbreviation", f"{shown(abbreviation)} {what}")


#: The fields that place a time where ``time_zone`` does not: the three together.
_PLACE = ("city", "region", "country")


def _place_zone(fields: Fields) -> ZoneInfo | None:
    """The zone of the hand's place: the one of the IANA database named after its city,
    in its country, else its country's or its state's one zone (:mod:`badugi_hh.places`:
    Las Vegas, Nevada, the specification's own example, is America/Los_Angeles). None
    where the hand names no place; a FieldError where it names one that does not place
    a time (a place not named whole, a zone not found)."""
    given = {key: _unless_malformed(partial(fields.string, key)) for key in _PLACE}
    city, country = given["city"], given["country"]
    if city and given["region"] and country:
        zone = place_zone(city, country, given["region"])
        if zone is None:
            raise fields.error("city", f"no zone of the IANA database is named after "
                                       f"{shown(city)} in {shown(country)}, and neither "
                                       f"it nor {shown(given['region'])} keeps one clock")
        return time_zone(zone)
    named = [key for key in _PLACE if given[key]]
    if named:
        missing = " and ".join(key for key in _PLACE if not given[key])
        raise fields.error(named[0], f"the place has no {missing}: the specification "
                                     "places a time by city, region and country together")
    return None


def _time_zone(fields: Fields) -> ZoneInfo | None:
    """The zone ``time_zone`` names (``Europe/Paris``), None where missing; a name the
    IANA database does not hold is a FieldError at the key."""
    name = fields.string("time_zone")
    if name is None:
        return None
    try:
        return time_zone(name)
    except ValueError as error:
        raise fields.error("time_zone", f"{error} (PHH's time_zone is a zone of the IANA "
                                        "database, such as Europe/Paris)") from None


def _trimmed(antes: list[int], stacks: list[int]) -> list[int]:
    """The antes PokerKit keeps when they are trimmed (``ante_trimming_status = true``):
    each as the stack allows, and none above the second largest (the excess goes back
    before the deal, as an uncalled bet would; the engine trims them alike).

    >>> _trimmed([0, 3, 0], [100, 100, 100]), _trimmed([5, 5, 5], [100, 2, 100])
    ([0, 0, 0], [5, 2, 5])
    """
    paid = [min(ante, stack) for ante, stack in zip(antes, stacks)]
    cutoff = sorted(paid)[-2]
    return [min(ante, cutoff) for ante in paid]


def _where(block: PHHBlock, action: str, cursor: tuple[int, int] | None,
           ) -> tuple[tuple[int, int] | None, tuple[int, int]]:
    """Where ``action`` is written, just past the last action's place, and the cursor for
    the next. A string written with escapes is not found as such: its error names the
    place of the action before it, and the search stops (it would read the rest of the
    hand for every action)."""
    if cursor is None:
        return None, (block.start, 0)
    for quote in "\"'":
        found = block.find(f"{quote}{action}{quote}", cursor)
        if found is not None:
            return (found[0], found[1] + 1), (found[0], found[1] + 1)
    return None, cursor


#: The type each setting of ``_ruleset`` must have: the Ruleset's own.
_SETTING_TYPES = {field.name: str(field.type) for field in dataclass_fields(Ruleset)}
#: The Ruleset's field types that a Literal's name stands for, by that name.
_NAMED_LITERALS: dict[str, object] = {"Game": Game, "Structure": Structure,
                                      "DeckRecycling": DeckRecycling}
#: The settings that count players, cards, draws or raises: at most a deck's worth (the
#: engine makes as many hidden cards as a hand's size says).
_COUNTS = {"min_players": 2, "max_players": 2, "max_raises": 0, "draws": 0, "hand_size": 1}


def _settings(fields: Fields, stated: dict[str, Any]) -> dict[str, object]:
    """The settings of ``_ruleset`` (our writer's field: every setting of the ruleset a hand
    was audited under), each checked against the Ruleset's own type."""
    changes: dict[str, object] = {}
    for name, value in stated.items():
        kind = _SETTING_TYPES.get(name)
        if kind is None:
            raise fields.error("_ruleset", f"unknown setting {shown(name)}")
        least = _COUNTS.get(name, 0)
        if not _fits(kind, value) or (name in _COUNTS and not least <= value <= MAX_COUNT):
            what = f"a count from {least} to {MAX_COUNT}" if name in _COUNTS else kind
            raise fields.error("_ruleset", f"{name} = {shown(value)} is not {what}")
        changes[name] = value
    return changes


def _fits(kind: str, value: object) -> bool:
    """Whether ``value`` is of the Ruleset field type ``kind`` (written as annotated)."""
    if kind in ("int", "int | None"):
        return (isinstance(value, int) and not isinstance(value, bool)
                and 0 <= value <= MAX_AMOUNT)
    if kind == "bool":
        return isinstance(value, bool)
    if kind == "str":
        return isinstance(value, str) and len(value) <= 200
    choices = re.findall(r"[\"']([^\"']*)[\"']", kind)   # a Literal's choices
    if not choices and kind in _NAMED_LITERALS:
        choices = list(get_args(_NAMED_LITERALS[kind]))
    return isinstance(value, str) and value in choices
