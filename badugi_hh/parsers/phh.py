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
broken hand costs itself only; an error names the file, line and column.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass, field, fields
from datetime import datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

from badugi_hh.cards import Card, CardError, parse_card
from badugi_hh.events import (
    Award, Bet, BlindKind, Burn, Button, Call, Cards, Check, Deal, Draw, Event, Fold, Hand, Muck,
    ParseError, PostBlind, PotTotal, Raise, Record, Seat, SessionStart, Show, SkippedHand,
    StackStated, Street,
)
from badugi_hh.parsers.common import MAX_AMOUNT
from badugi_hh.parsers.text import LogText, Source, open_log
from badugi_hh.rules import HOUSE, Game, Ruleset

__all__ = ["PHH_VARIANTS", "read_phh", "read_phh_lines", "sniff"]

#: The variant codes read into full hands, and their games.
PHH_VARIANTS: dict[str, Game] = {"FB": "badugi", "F2L3D": "27td"}
#: The other codes of the specification: read past, counted by game.
_OTHER_VARIANTS = {
    "FT": "Fixed-limit Texas Hold'em", "NT": "No-limit Texas Hold'em",
    "NS": "No-limit Short-deck Hold'em", "PO": "Pot-limit Omaha",
    "FO/8": "Fixed-limit Omaha Hi/Lo", "F7S": "Fixed-limit 7 Card Stud",
    "F7S/8": "Fixed-limit 7 Card Stud Hi/Lo", "FR": "Fixed-limit Razz",
    "N2L1D": "No-limit 2-7 Single Draw",
}
_HAND_SIZES: dict[str, int] = {"badugi": 4, "27td": 5}
#: A top-level table header: where a hand of a ``.phhs`` file starts.
_TABLE = re.compile(r"\[\s*([\w.\"' -]+?)\s*\]\s*(#.*)?")
_KEY = re.compile(r"\s*([A-Za-z_][\w-]*)\s*=")
_TOML_ERROR = re.compile(r"\(at line (\d+), column (\d+)\)")
#: How the PHH writer states a house burn: a no-op action with a commentary.
BURN_COMMENT = re.compile(r"#\s*burn\s+(\S\S)\s*$")
_REQUIRED = ("variant", "antes", "blinds_or_straddles", "small_bet", "big_bet",
             "starting_stacks", "actions")


def starts_hand(text: str) -> bool:
    """Whether a line (from its first visible character) begins a PHH hand: a table
    header (``[2]``) or the ``variant`` key.

    >>> starts_hand("[2]"), starts_hand('variant = "FB"'), starts_hand("[Ah Kd]: shows")
    (True, True, False)
    """
    return (text.startswith("variant") and _KEY.match(text) is not None) or (
        text.startswith("[") and _TABLE.fullmatch(text.rstrip()) is not None)


def sniff(first_line: str) -> bool:
    """Whether a log whose first line that is neither blank nor a comment is PHH.

    >>> sniff('variant = "FB"'), sniff("[1]"), sniff("Session #fri-1127"), sniff("# a note")
    (True, True, False, False)
    """
    return bool(_KEY.match(first_line) or _TABLE.fullmatch(first_line.strip()))


class PHHError(Exception):
    """A hand that cannot be read: the message, and where in the hand (1-based line)."""

    def __init__(self, message: str, line: int, column: int = 0) -> None:
        super().__init__(message)
        self.message, self.line, self.column = message, line, column


@dataclass(slots=True)
class _Block:
    """The text of one hand: its lines, from line ``start`` of the file."""

    start: int
    key: str | None          # the table's name in a .phhs file, None for a .phh file
    lines: list[str] = field(default_factory=list)

    def line_of_key(self, key: str) -> int:
        """The file's line where ``key = ...`` is set (the block's first line if nowhere)."""
        for number, text in enumerate(self.lines):
            match = _KEY.match(text)
            if match and match.group(1) == key:
                return self.start + number
        return self.start

    def find(self, literal: str, after: tuple[int, int]) -> tuple[int, int] | None:
        """Line and column (1-based) of the first ``literal`` from ``after`` on, or None."""
        line, column = after
        for number in range(line - self.start, len(self.lines)):
            text = self.lines[number]
            at = text.find(literal, column if number == line - self.start else 0)
            if at >= 0:
                return self.start + number, at + 1
        return None


def read_phh_lines(log: LogText) -> Iterator[Record]:
    """The records of a PHH log already opened with :func:`open_log`."""
    reader = _PHHReader(log.name)
    for block in _blocks(log):
        yield from reader.read_block(block)
    if (error := log.end_error()) is not None:
        yield error


def read_phh(source: Source, name: str | None = None) -> Iterator[Record]:
    """Read a PHH file (``.phh``) or a file of hands (``.phhs``); ``str`` is the text."""
    with open_log(source, name) as log:
        yield from read_phh_lines(log)


def _blocks(log: LogText) -> Iterator[_Block]:
    """The hands of the file: all of it for a ``.phh``, each table of a ``.phhs``.

    A file with a key before any table header is one hand (its tables are its
    own); otherwise each top-level table header starts a hand.
    """
    block = _Block(log.first_line, None)
    single = False
    for number, text in enumerate(log, log.first_line):
        header = None if single else _TABLE.fullmatch(text)
        if header is not None:
            if block.key is not None:
                yield block
            block = _Block(number, header.group(1).strip("\"'"), [text])
            continue
        single = single or (block.key is None and _KEY.match(text) is not None)
        block.lines.append(text)
    if block.key is not None or single:
        yield block


class _PHHReader:
    """Turns each hand's fields into a :class:`Hand`, grouping hands into sessions."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.stem = Path(source).stem
        self.session: tuple[str, Ruleset] | None = None
        self.count = 0

    def read_block(self, block: _Block) -> Iterator[Record]:
        self.count += 1
        try:
            fields_ = _parse_toml(block)
            yield from self._hand(block, fields_)
        except PHHError as error:
            where = f"hand {block.key}: " if block.key else ""
            yield ParseError(message=f"{where}{error.message}", source=self.source,
                             line=error.line, column=error.column,
                             text="\n".join(block.lines))

    def _hand(self, block: _Block, data: dict[str, Any]) -> Iterator[Record]:
        if block.key is not None and "variant" not in data and len(data) == 1:
            data = next(iter(data.values()))   # ``[1]`` written as a dotted key's table
        for name in _REQUIRED:
            if name not in data:
                raise PHHError(f"the hand has no {name!r} field (required by PHH)",
                               block.start)
        variant = data["variant"]
        hand_id = str(data.get("hand", block.key if block.key is not None else self.stem))
        line = block.line_of_key("variant")
        if variant not in PHH_VARIANTS:
            if variant in _OTHER_VARIANTS:
                yield SkippedHand(game=_OTHER_VARIANTS[variant], hand_id=hand_id,
                                  source=self.source, line=line)
                return
            known = ", ".join([*PHH_VARIANTS, *_OTHER_VARIANTS])
            raise PHHError(f"unknown variant {variant!r} (PHH's codes: {known})", line, 1)
        hand = _HandBuilder(block, data, PHH_VARIANTS[variant]).build(hand_id, self.count)
        hand.source = self.source
        session_id = str(data.get("_session") or (f"phh:{data['table']}" if "table" in data
                                                  else f"phh:{self.stem}#{hand_id}"))
        hand.session_id = session_id
        if self.session != (session_id, hand.ruleset):
            self.session = (session_id, hand.ruleset)
            yield SessionStart(session_id=session_id, ruleset=hand.ruleset, players=[],
                               title=str(data.get("event", "")), started_at=hand.started_at,
                               source=self.source, line=hand.line)
        yield hand


def _shown(text: object) -> str:
    """How an error quotes what a log wrote: at most 60 characters of it.

    >>> _shown("p2 cbr 4"), _shown("p2 cbr " + "9" * 100)[-6:]
    ("'p2 cbr 4'", "99...'")
    """
    text = str(text)
    return repr(text if len(text) <= 60 else text[:60] + "...")


def _parse_toml(block: _Block) -> dict[str, Any]:
    """The block's fields; a TOML error is placed at its line and column in the file."""
    try:
        return tomllib.loads("\n".join(block.lines), parse_float=Decimal)
    except tomllib.TOMLDecodeError as error:
        message = str(error)
        found = _TOML_ERROR.search(message)
        line, column = (int(found[1]), int(found[2])) if found else (1, 0)
        raise PHHError(f"not TOML: {_TOML_ERROR.sub('', message).strip()}",
                       block.start + line - 1, column) from None
    except (ValueError, ArithmeticError):   # a number int() or Decimal refuses: no line given
        raise PHHError("a number too long or too large to read", block.start) from None


def _cards(text: str, line: int, column: int) -> Cards:
    """PHH cards, written without separators: ``7c8c9hQs``; ``??`` is a hidden card."""
    if len(text) % 2:
        raise PHHError(f"expected cards such as 7c8c9hQs (two characters each), got "
                       f"{text!r}", line, column)
    cards: list[Card | None] = []
    for at in range(0, len(text), 2):
        word = text[at:at + 2]
        try:
            cards.append(None if word == "??" else parse_card(word))
        except CardError:
            raise PHHError(f"expected a card such as As or ?? , got {word!r}",
                           line, column + at) from None
    return tuple(cards)


def _money_unit(data: dict[str, Any]) -> int:
    """100 when any amount is written with decimals (money in cents), else 1 (chips)."""
    values: list[object] = [data.get(name) for name in ("small_bet", "big_bet")]
    for name in ("antes", "blinds_or_straddles", "starting_stacks", "winnings",
                 "finishing_stacks"):
        values.extend(data.get(name) or [])
    return 100 if any(isinstance(value, Decimal) for value in values) else 1


class _HandBuilder:
    """One hand's fields and actions as events, keeping the chips each player has in."""

    def __init__(self, block: _Block, data: dict[str, Any], game: Game) -> None:
        self.block, self.data, self.game = block, data, game
        self.unit = _money_unit(data)
        stacks = data["starting_stacks"]
        self.count = len(stacks) if isinstance(stacks, list) else 0
        if self.count < 2:
            raise PHHError("starting_stacks must list two players or more",
                           block.line_of_key("starting_stacks"))
        self.names = self._strings("players") or [f"p{i}" for i in range(1, self.count + 1)]
        self.stacks = self._amounts("starting_stacks")
        self.events: list[Event] = []
        self.round_in = [0] * self.count
        self.to_match = 0
        self.held: list[list[Card | None]] = [[] for _ in range(self.count)]
        self.phase = "deal"          # deal, betting, draw, showdown
        self.draws = 0
        self.pending: dict[int, Draw] = {}    # this draw's discards, waiting for new cards
        self.cursor = (block.line_of_key("actions"), 0)
        self.action = ""

    # -- fields ----------------------------------------------------------------

    def _list(self, name: str) -> list[Any] | None:
        value = self.data.get(name)
        if value is None:
            return None
        if not isinstance(value, list) or len(value) != self.count:
            raise PHHError(f"{name} must be a list of {self.count} values, one a player",
                           self.block.line_of_key(name))
        return value

    def _strings(self, name: str) -> list[str] | None:
        values = self._list(name)
        return None if values is None else [str(value) for value in values]

    def _amount(self, value: object, name: str) -> int:
        line = self.block.line_of_key(name)
        scaled = (self._scaled(str(value), line, 0) if isinstance(value, (int, Decimal))
                  else None)
        if scaled is None or scaled != scaled.to_integral_value() or scaled < 0:
            raise PHHError(f"{name}: {str(value)[:30]!r} is not an amount (a whole number of "
                           "chips, or money with at most two decimals)", line)
        return int(scaled)

    def _scaled(self, written: str, line: int, column: int) -> Decimal:
        """``written`` in the smallest unit, at most MAX_AMOUNT (more would not fit the
        store once summed), checked before ``int()``: 1e999999 is a short word."""
        try:
            scaled = Decimal(written) * self.unit
        except ArithmeticError:   # an exponent past what Decimal holds
            scaled = Decimal("Infinity")
        if abs(scaled) > MAX_AMOUNT:
            raise PHHError(f"the amount {written[:30]} is more than 10^15", line, column)
        return scaled

    def _amounts(self, name: str) -> list[int]:
        return [self._amount(value, name) for value in self._list(name) or []]

    def _ruleset(self, small_blind: int, big_blind: int) -> Ruleset:
        stated = self.data.get("_ruleset")
        base = HOUSE.replace(
            name=f"phh {self.data['variant']}", game=self.game,
            hand_size=_HAND_SIZES[self.game], max_players=max(self.count,
                                                              self.data.get("seat_count", 0)),
            starting_stack=None, session_hands=None, small_blind=small_blind,
            big_blind=big_blind, small_bet=self._amount(self.data["small_bet"], "small_bet"),
            big_bet=self._amount(self.data["big_bet"], "big_bet"), burns_logged=False,
            # winnings are optional in PHH: a file without them implies its results
            awards_logged="winnings" in self.data)
        if not isinstance(stated, dict):
            return base
        known = {f.name for f in fields(Ruleset)}
        unknown = set(stated) - known
        if unknown:
            raise PHHError(f"_ruleset: unknown settings {', '.join(sorted(unknown))}",
                           self.block.line_of_key("_ruleset"))
        return base.replace(**stated)

    # -- the hand --------------------------------------------------------------

    def build(self, hand_id: str, number: int) -> Hand:
        seats = [int(seat) for seat in self._list("seats") or range(1, self.count + 1)]
        if any(not 0 < seat <= MAX_AMOUNT for seat in seats):   # the store keeps 64 bits
            raise PHHError("seats: each seat is a number from 1 to 10^15",
                           self.block.line_of_key("seats"))
        for name, seat, stack in zip(self.names, seats, self.stacks):
            self.events.append(Seat(player=name, seat=seat, stack=stack,
                                    line=self.block.line_of_key("starting_stacks")))
        self.events.append(Button(seat=seats[-1], line=self.block.line_of_key("players")))
        small, big = self._forced_bets()
        ruleset = self._ruleset(small, big)
        self._actions()
        self._results()
        hand_number = self.data.get("hand")
        return Hand(hand_id=hand_id, ruleset=ruleset, events=self.events,
                    number=hand_number if isinstance(hand_number, int) else number,
                    line=self.block.start, started_at=self._started_at(),
                    unit=self.unit, currency=self.data.get("currency"),
                    site=str(self.data.get("_site", "")), table=str(self.data.get("table", "")))

    def _started_at(self) -> datetime | None:
        day, month, year = (self.data.get(name) for name in ("day", "month", "year"))
        if not (isinstance(day, int) and isinstance(month, int) and isinstance(year, int)):
            return None
        moment = self.data.get("time")
        try:
            return datetime(year, month, day, *((moment.hour, moment.minute, moment.second)
                                                if moment is not None else ()))
        except (ValueError, AttributeError):
            raise PHHError("day, month, year and time are not a date and time",
                           self.block.line_of_key("day")) from None

    def _forced_bets(self) -> tuple[int, int]:
        """Antes, then the small and big blind; heads-up, PHH lists the blinds reversed."""
        antes = self._amounts("antes")
        blinds = self._amounts("blinds_or_straddles")
        if self.count == 2:
            antes, blinds = antes[::-1], blinds[::-1]
        line = self.block.line_of_key("blinds_or_straddles")
        posted = [(index, amount) for index, amount in enumerate(blinds) if amount]
        if len(posted) > 2:
            raise PHHError("straddles are not read: only a small and a big blind", line)
        for index, amount in enumerate(antes):
            if amount:
                paid = self._put(index, amount, blind=False)
                self.events.append(PostBlind(player=self.names[index], kind="ante",
                                             amount=paid, all_in=self._all_in(index),
                                             line=self.block.line_of_key("antes")))
        ordered = sorted(posted, key=lambda posting: (posting[1], posting[0]))
        kinds: list[BlindKind] = ["small", "big"][-len(ordered):] if ordered else []
        for (index, amount), kind in zip(ordered, kinds):
            paid = self._put(index, amount)
            self.events.append(PostBlind(player=self.names[index], kind=kind,
                                         amount=paid, all_in=self._all_in(index),
                                         line=line))
        amounts = [amount for _, amount in ordered]
        small = amounts[0] if len(amounts) == 2 else 0
        return small, amounts[-1] if amounts else 0

    def _put(self, index: int, amount: int, *, blind: bool = True) -> int:
        """Move chips to the pot, no more than the stack (an all-in); what was paid."""
        paid = min(amount, self.stacks[index])
        self.stacks[index] -= paid
        if blind:
            self.round_in[index] += paid
            self.to_match = max(self.to_match, self.round_in[index])
        return paid

    def _all_in(self, index: int) -> bool:
        return self.stacks[index] == 0

    def _actions(self) -> None:
        actions = self.data["actions"]
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise PHHError("actions must be a list of strings", self.cursor[0])
        for action in actions:
            self.cursor = self._where(action)
            try:
                self._action(action, *self.cursor)
            except PHHError as error:
                raise PHHError(f"action {_shown(action)}: {error.message}",
                               error.line, error.column) from None
        self._flush_draws()

    def _where(self, action: str) -> tuple[int, int]:
        """Where ``action`` is written, just past the last action's place.

        A string written with escapes is not found as such: its error then
        names the line of the action before it.
        """
        for quote in "\"'":
            found = self.block.find(f"{quote}{action}{quote}", self.cursor)
            if found is not None:
                return found[0], found[1] + 1
        return self.cursor

    def _player(self, word: str, line: int, column: int) -> int:
        if re.fullmatch(r"p\d{1,3}", word) and 1 <= int(word[1:]) <= self.count:
            return int(word[1:]) - 1
        raise PHHError(f"expected a player p1 to p{self.count}, got {word!r}", line, column)

    def _column_of(self, word: str, column: int) -> int:
        """The column of ``word`` in the action being read, which starts at ``column``."""
        return column + max(self.action.rfind(word), 0)

    def _action(self, action: str, line: int, column: int) -> None:
        self.action = action
        text, _, commentary = action.partition("#")
        words = text.split()
        if not words:
            burn = BURN_COMMENT.fullmatch("#" + commentary) if commentary else None
            if burn:   # a burn starts a draw, even right after another (after an all-in)
                self._begin_draw(line, again=bool(self.pending))
                self.events.append(Burn(card=_cards(burn[1], line, column)[0], line=line))
            return
        if words[0] == "d":
            self._dealer(words, line, column)
            return
        index = self._player(words[0], line, column)
        verb, arguments = (words[1] if len(words) > 1 else ""), words[2:]
        if verb == "sd" and len(arguments) <= 1:
            self._discard(index, arguments[0] if arguments else "", line, column)
        elif verb == "sm" and len(arguments) <= 1:
            self._show(index, arguments[0] if arguments else None, line, column)
        elif verb in ("f", "cc") and not arguments:
            self._bet(index, verb, None, line)
        elif verb == "cbr" and len(arguments) == 1:
            self._bet(index, verb, self._action_amount(arguments[0], line, column), line)
        else:
            raise PHHError("expected an action such as 'p1 cc', 'p2 cbr 4', 'p1 f', "
                           "'p1 sd 7c8c', 'p1 sm 2s4c6d9h' or 'd dh p1 7c8c9hQs'", line, column)

    def _action_amount(self, word: str, line: int, column: int) -> int:
        try:
            Decimal(word)
        except ArithmeticError:
            raise PHHError(f"expected an amount, got {word[:30]!r}", line, column) from None
        scaled = self._scaled(word, line, column)
        if scaled != scaled.to_integral_value() or scaled <= 0:
            raise PHHError(f"expected an amount, got {word[:30]!r}", line, column)
        return int(scaled)

    def _dealer(self, words: list[str], line: int, column: int) -> None:
        if len(words) != 4 or words[1] != "dh":
            raise PHHError("a draw game deals hole cards only: 'd dh p1 7c8c9hQs'",
                           line, column)
        index = self._player(words[2], line, self._column_of(words[2], column))
        cards = _cards(words[3], line, self._column_of(words[3], column))
        if self.phase == "deal":
            self.held[index] = list(cards)
            self.events.append(Deal(player=self.names[index], cards=cards, line=line))
            return
        pending = self.pending.get(index)
        if self.phase != "draw" or pending is None or pending.drawn is not None:
            raise PHHError(f"{words[2]} is dealt cards, but has not discarded", line, column)
        if len(cards) != len(pending.discarded):
            raise PHHError(f"{words[2]} discarded {len(pending.discarded)} cards and is "
                           f"dealt {len(cards)}", line, column)
        self.pending[index] = Draw(player=pending.player, discarded=pending.discarded,
                                   drawn=cards, line=pending.line)
        self.held[index].extend(cards)

    def _begin_draw(self, line: int, again: bool = False) -> None:
        """A draw starts after betting, or ``again`` after a draw nobody could bet after."""
        if again:
            self._flush_draws()
        if self.phase in ("deal", "betting") or again:
            self.draws += 1
            self.phase = "draw"
            self.round_in = [0] * self.count
            self.to_match = 0
            self.events.append(Street(kind="draw", number=self.draws, line=line))

    def _discard(self, index: int, written: str, line: int, column: int) -> None:
        self._begin_draw(line, again=index in self.pending)
        cards = _cards(written, line, self._column_of(written, column))
        for card in cards:
            held = self.held[index]
            if card in held:
                held.remove(card)
            elif None in held:
                held.remove(None)
        self.pending[index] = Draw(player=self.names[index], discarded=cards,
                                   drawn=None, line=line)

    def _flush_draws(self) -> None:
        """The draw is over: its discards, each with the cards that replaced them."""
        self.events.extend(self.pending.values())
        self.pending.clear()

    def _bet(self, index: int, verb: str, to: int | None, line: int) -> None:
        if self.phase == "draw":
            self._flush_draws()
        if self.phase != "showdown":
            self.phase = "betting"
        name = self.names[index]
        facing = self.to_match - self.round_in[index]
        if verb == "f":
            self.events.append(Fold(player=name, line=line))
        elif verb == "cc" and facing <= 0:
            self.events.append(Check(player=name, line=line))
        elif verb == "cc":
            paid = self._put(index, facing)
            self.events.append(Call(player=name, amount=paid,
                                    all_in=self._all_in(index), line=line))
        else:
            assert to is not None
            bet = self.to_match == 0
            paid = self._put(index, to - self.round_in[index])
            all_in = self._all_in(index)
            self.events.append(Bet(player=name, amount=paid, all_in=all_in, line=line)
                               if bet else Raise(player=name, to=self.round_in[index],
                                                 all_in=all_in, line=line))

    def _show(self, index: int, written: str | None, line: int, column: int) -> None:
        if self.phase == "draw":
            self._flush_draws()
        if self.phase != "showdown":
            self.phase = "showdown"
            self.events.append(Street(kind="showdown", line=line))
        name = self.names[index]
        if written is None:
            self.events.append(Muck(player=name, line=line))
            return
        cards = (tuple(self.held[index]) if written == "-"
                 else _cards(written, line, self._column_of(written, column)))
        self.events.append(Show(player=name, cards=cards, line=line))

    def _results(self) -> None:
        """What the file states of the end: each player's winnings and final stack.

        ``_rake`` (the house writer's field: PHH has none) is the rake taken.
        """
        if "_rake" in self.data:
            self.events.append(PotTotal(total=None, rake=self._amount(self.data["_rake"],
                                                                       "_rake"),
                                        line=self.block.line_of_key("_rake")))
        line = self.block.line_of_key("winnings")
        for name, amount in zip(self.names, self._amounts("winnings")):
            if amount:
                self.events.append(Award(player=name, amount=amount, line=line))
        line = self.block.line_of_key("finishing_stacks")
        for name, amount in zip(self.names, self._amounts("finishing_stacks")):
            self.events.append(StackStated(player=name, amount=amount, line=line))
