"""The house hand-history format (docs/format.md): a streaming reader.

:func:`read_house` yields one record at a time, like ``chess.pgn.read_game``:
a :class:`~badugi_hh.events.SessionStart`, then a
:class:`~badugi_hh.events.Hand` per hand, then the
:class:`~badugi_hh.events.SessionEnd` if the log has one. A hand it cannot
read comes as a :class:`~badugi_hh.events.ParseError` in its place, and
reading goes on with the next hand.

>>> log = '''Session #fri-1127 "Friday home game" 2026-11-27 20:00
... Seat 1: Ana (100)
... Seat 2: Bruno (100)
...
... Hand #1 - button Ana
... Ana: posts small blind 1
... Bruno: posts big blind 2
... Ana: folds
... Bruno wins 3
... '''
>>> session, hand = read_house(log)
>>> session.session_id, [p.name for p in session.players], session.ruleset.big_bet
('fri-1127', ['Ana', 'Bruno'], 4)
>>> hand.hand_id, hand.events[0]
('fri-1127#1', Button(line=5, seat=1, player=None))
>>> hand.events[-1]
Award(line=9, player='Bruno', amount=3, pot='', description=None)

How it stays fast and small: the reader cuts the log into blocks at the
lines that start with ``Session`` or ``Hand``, and parses each line of a
block with the grammar (``grammar/house.lark``) from the start rule for its
place in the block. Only the current block is held in memory. The grammar
is the only definition of the format and the source of every syntax error;
the reader just avoids parsing the same thing twice. What a hand line makes
is a plan (each event's class and fields, waiting for its line number), kept
by the line's text, since most lines (``Bruno: checks``, ``*** FIRST DRAW
***``) repeat exactly; a line with cards or numbers is made from the plan of
its shape, with its cards or numbers filled in (see :func:`hand_line_events`).
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import re
from collections.abc import Callable, Generator, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from lark import Lark, Token
from lark.visitors import Transformer, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken
from mypy_extensions import mypyc_attr

from badugi_hh.cards import DECK, Card, parse_card
from badugi_hh.events import (
    Award, Bet, BlindKind, Burn, Button, Call, Cards, Check, Deal, Draw, DrawnCards, Event,
    Fold, Hand, Muck, NetStated, ParseError, PostBlind, PotTotal, Raise, Record, RunCards, Seat,
    SessionEnd, SessionPlayer, SessionStart, Show, StackStated, Street, StreetKind,
    SummaryResult, UncalledReturned,
)
from badugi_hh.parsers.common import (
    MAX_HAND_LINES, LineError, damage_before, damage_message, dated, excerpt, kept_text,
    lalr_parser, read_count, read_name, read_number,
)
from badugi_hh.games import GAMES, game_for_site_name
from badugi_hh.hand_ids import HandId
from badugi_hh.parsers.slots import SET_LINE, MadeEvent, class_and_fields, event_fields, made_event
from badugi_hh.parsers.text import LineBlock, LogText, Source, open_log
from badugi_hh.resources import grammar_path
from badugi_hh.textcache import LONGEST_CACHED_LINE, ShortTextCache, cached_for_short_lines
from badugi_hh.rules import HOUSE, Ruleset
from badugi_hh.sites import HOUSE_SITE

__all__ = ["GRAMMAR_PATH", "MAX_BLOCK_LINES", "RESERVED_NAMES", "SETTING_CLAUSES", "LineError",
           "game_hand_size", "hand_line_events", "house_parser", "house_reader", "parse_line",
           "read_house",
           "read_house_lines", "sniff"]

GRAMMAR_PATH = grammar_path("house.lark")

#: A hand longer than this has lost its next ``Hand #`` line (the limit of every reader).
MAX_BLOCK_LINES = MAX_HAND_LINES

#: Words that cannot be a player's name as a bare word, because where a name may
#: stand the grammar also expects them as keywords ("Burn [5c]", "button seat 2", the
#: "Session ends - draw" line), or because they start a block: such a name is written
#: in double quotes ("Seat": folds), as is a name with a blank.
RESERVED_NAMES = frozenset({"Burn", "Collected", "Dealt", "Hand", "Net", "Rake", "Rules",
                            "Seat", "Session", "Stacks", "Total", "Uncalled", "draw", "seat",
                            "stacks"})

#: An event of a hand line, waiting for its line number: ``make(line=7)``.
EventFactory = Callable[..., Event]


#: What an error says of a file in no format that is read (a room, a tracker's export).
SITE_EXPORTS = ("the exports of PokerStars, Full Tilt, KingsClub, Merge, Winamax, OnGame and "
                "Boss Media are recognised by their first line, and this is none of them")


# -- what the structural lines say ------------------------------------------------

@dataclass(frozen=True, slots=True)
class SessionLine:
    session_id: str
    title: str
    started_at: datetime | None


@dataclass(frozen=True, slots=True)
class SessionEndLine:
    winner: str | None
    draw: bool
    stacks: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class TournamentLine:
    """The tournament a session is a table of, as its site writes it."""

    tournament: str
    buy_in: str | None


@dataclass(frozen=True, slots=True)
class RulesLine:
    """The :class:`~badugi_hh.rules.Ruleset` fields the line sets."""

    changes: dict[str, object]


#: What each ``Rules`` clause of fixed words (the grammar's ``setting``) sets: the
#: :class:`~badugi_hh.rules.Ruleset` fields and their values, by the clause's words.
SETTING_CLAUSES: Mapping[str, Mapping[str, object]] = {
    "heads-up": {"min_players": 2, "max_players": 2},
    "stacks as seated": {"starting_stack": None},
    "unlimited hands": {"session_hands": None},
    "no cap heads-up": {"cap_heads_up": False},
    "burns logged": {"burns_logged": True},
    "burns not logged": {"burns_logged": False},
    "deal order logged": {"deal_order_logged": True},
    "deal order not logged": {"deal_order_logged": False},
    "rake": {"rake": True},
    "no rake": {"rake": False},
    "odd chip to big blind": {"odd_chip": "big_blind"},
    "odd chip left of button": {"odd_chip": "first_left_of_button"},
    "dead money in main pot": {"dead_money_in_main_pot": True},
    "antes trimmed": {"antes_trimmed": True},
    "dead cards recycled": {"deck_recycling": "dead_cards"},
    "reopen by largest raise": {"reopen_by_least_bet": False},
    "lone player acts": {"lone_player_acts": True},
    "raise over short all-in": {"raise_over_short_all_in": True},
    "partial shows judged": {"partial_show_judged": True},
    "unshown hands mucked": {"shows_logged": False},
    "button may stay": {"button_alternates": False},
    "play on after a bust": {"bust_ends_session": False},
    "dead small blind": {"dead_small_blind": True},
    "antes returned": {"uncovered_antes_returned": True},
    "sitting out folded": {"sitting_out_folded": True},
    "folded hands recycled": {"deck_recycling": "folded_hands_and_discards"},
}


@dataclass(frozen=True, slots=True)
class HandLine:
    number: int
    button: Token | int | None  # a player's name (kept with its column) or a seat
    started_at: datetime | None
    money: tuple[str | None, int] = (None, 1)
    """The amounts' currency (None: chips) and unit (100: in cents)."""
    origin: HandId | None = None
    """A site's hand: its site and the number the site printed (``pokerstars hand 4916``)."""


# -- the grammar's rules, one method each -------------------------------------------

_DRAW_WORDS = {"single": 1, "double": 2, "triple": 3}
#: The Rules line's names of the lowball games, and their ``Ruleset.game``.

def game_hand_size(game: str) -> int:
    """Cards a player holds when the Rules line does not say (the game registry's): four
    in Badugi, five in the split games (X4), the lowballs and five-card draw.

    >>> game_hand_size("badugi"), game_hand_size("badeucy"), game_hand_size("27td")
    (4, 5, 5)
    """
    return GAMES[game].hand_size
_ORDINALS = {"FIRST": 1, "SECOND": 2, "THIRD": 3}
_DATE_AND_TIME_PARTS = re.compile(r"[-/:]")


def _moment(date: str, clock: str | None) -> datetime:
    """The moment of a DATE and a TIME, or a :class:`ValueError` that says why there is none."""
    numbers = _DATE_AND_TIME_PARTS.split(date + (":" + clock if clock else ""))
    return dated(datetime(*map(int, numbers)))  # type: ignore[arg-type]


@functools.cache  # a few hundred spellings: only those the grammar's CARD matches
def _card(text: str) -> Card | None:
    return None if text == "??" else parse_card(text, allow_joker=True)


def _all_in(flag: object) -> bool:
    return flag is not None


def _unquote(token: Token) -> str:
    return re.sub(r"\\(.)", r"\1", token[1:-1])


def _word(token: Token, what: str) -> str:
    """A word as it is, or a text in double quotes unquoted, which must not be empty."""
    if token.type != "STRING":
        return str(token)
    text = _unquote(token)
    if not text.strip():
        raise LineError(f"{what} cannot be empty", token.column or 0)
    return text


def _later_run(number: Token) -> int:
    """``in run 2``: a run after the first (the first run is the hand's own lines)."""
    run = read_number(number)
    if run < 2:
        raise LineError(f"run {run}: a later run is numbered from 2 (the first run is the "
                        "hand's own draw and show)", number.column or 0)
    return run


def _player(name: Token) -> str:
    """A player's name: a word, or any name in double quotes (``"Mr Pink"``)."""
    return read_name(Token.new_borrow_pos("NAME", _unquote(name), name)
                     if name.startswith('"') else name)


@v_args(inline=True)
class HouseTransformer(Transformer[Token, object]):
    """Builds each line's result while Lark parses it (no tree is built).

    Hand lines become event factories, so a parsed line can be cached and
    stamped with each line number it occurs at. A card list is only ever
    stored or counted here, never looked into: :func:`hand_line_events`
    relies on that to reuse the parse of a line for other cards.
    """

    # start rules
    def blank_line(self) -> None:
        return None

    def session_line(self, line: SessionLine | SessionEndLine) -> SessionLine | SessionEndLine:
        return line

    def header_line(self, item: RulesLine | TournamentLine | EventFactory | None,
                    ) -> RulesLine | TournamentLine | EventFactory | None:
        return item

    def hand_start(self, number: Token, origin: HandId | None, button: Token | int | None,
                   started_at: datetime | None, money: tuple[str | None, int] | None,
                   ) -> HandLine:
        return HandLine(read_number(number), button, started_at, money or (None, 1), origin)

    def origin(self, site: Token, _hand: Token, number: Token) -> HandId:
        # the registry's id is its name without blanks or capitals ("Full Tilt": fulltilt),
        # which tests/test_house_parser.py holds for every site SITE names
        site_id = "".join(site.split()).lower().removesuffix("poker")
        return HandId(site=site_id, number=str(number).removeprefix("#"))

    def money(self, currency: Token, cents: bool | None) -> tuple[str | None, int]:
        return (None if currency == "chips" else str(currency)), (100 if cents else 1)

    def in_cents(self) -> bool:
        return True

    def hand_line(self, item: EventFactory | tuple[EventFactory, ...] | None,
                  ) -> tuple[EventFactory, ...]:
        if item is None:
            return ()
        return item if isinstance(item, tuple) else (item,)

    # session
    def session_header(self, session_id: Token, title: Token | None,
                       started_at: datetime | None) -> SessionLine:
        return SessionLine(str(session_id), _unquote(title) if title else "", started_at)

    def when(self, date: Token, clock: Token | None) -> datetime:
        try:
            return _moment(date, clock)
        except ValueError as error:
            raise LineError(f"{date} {clock or ''}".strip() + f" is not a date and time: {error}",
                            date.column) from None

    def session_end(self, outcome: tuple[str | None, bool] | None,
                    stacks: tuple[tuple[str, int], ...] | None) -> SessionEndLine:
        winner, draw = outcome or (None, False)
        return SessionEndLine(winner, draw, stacks or ())

    def winner(self, name: Token) -> tuple[str | None, bool]:
        return _player(name), False

    def drawn_session(self) -> tuple[str | None, bool]:
        return None, True

    # rules
    def rules(self, name: Token | None, *clauses: Mapping[str, object]) -> RulesLine:
        changes = {key: value for clause in clauses for key, value in clause.items()}
        if name is not None:
            changes["name"] = _unquote(name)
        if "game" in changes and "hand_size" not in changes:
            changes["hand_size"] = game_hand_size(changes["game"])  # type: ignore[arg-type]
        if "game" in changes and "draws" not in changes:
            changes["draws"] = GAMES[changes["game"]].draws  # type: ignore[index]
        return RulesLine(changes)

    def game(self, game: Token, draws: tuple[str, int] | None) -> dict[str, object]:
        """The registry's game of the words: ``2-7 single draw`` first, else ``2-7`` (and
        ``2-7 1 draws`` is 2-7 triple draw's game with one draw)."""
        words, count = draws or ("", None)
        entry = game_for_site_name(HOUSE_SITE, f"{game} {words}") if words else None
        entry = entry or game_for_site_name(HOUSE_SITE, str(game))
        if entry is None:
            raise LineError(f"{game} is not a game of the house format", game.column)
        return {"game": entry.id} if count is None else {"game": entry.id, "draws": count}

    def setting(self, *words: Token) -> Mapping[str, object]:
        return SETTING_CLAUSES[" ".join(words)]

    def named_draws(self, word: Token) -> tuple[str, int]:
        return f"{word} draw", _DRAW_WORDS[word]

    def counted_draws(self, count: Token) -> tuple[str, int]:
        return "", read_count(count)

    def limit(self, small: Token, big: Token) -> dict[str, object]:
        return {"small_bet": read_number(small), "big_bet": read_number(big)}

    def blinds(self, small: Token, big: Token) -> dict[str, object]:
        return {"small_blind": read_number(small), "big_blind": read_number(big)}

    def cap(self, raises: Token) -> dict[str, object]:
        return {"max_raises": read_number(raises)}

    def players_exactly(self, count: Token) -> dict[str, object]:
        return {"min_players": read_count(count), "max_players": read_count(count)}

    def players_between(self, least: Token, most: Token) -> dict[str, object]:
        return {"min_players": read_count(least), "max_players": read_count(most)}

    def fixed_stacks(self, chips: Token) -> dict[str, object]:
        return {"starting_stack": read_number(chips)}

    def hands_limit(self, hands: Token) -> dict[str, object]:
        return {"session_hands": read_number(hands)}

    def hand_size(self, cards: Token) -> dict[str, object]:
        return {"hand_size": read_count(cards)}

    def min_bet(self, amount: Token) -> dict[str, object]:
        return {"min_bet": read_number(amount)}

    def tournament(self, tournament: Token, buy_in: Token | None) -> TournamentLine:
        return TournamentLine(_word(tournament, "the tournament's id"),
                              None if buy_in is None else _word(buy_in, "the buy-in"))

    def seat(self, number: Token, name: Token, stack: Token | None,
             sitting_out: str | None) -> EventFactory:
        return functools.partial(Seat, player=_player(name), seat=read_number(number),
                                 stack=None if stack is None else read_number(stack),
                                 in_hand=sitting_out != "out",
                                 sitting_out=sitting_out == "dealt in")

    def not_dealt_in(self) -> str:
        return "out"

    def dealt_in_sitting_out(self) -> str:
        return "dealt in"

    def pot_limit(self, small: Token | None, big: Token | None) -> dict[str, object]:
        return self._structure("pot", small, big)

    def half_pot_limit(self, small: Token | None, big: Token | None) -> dict[str, object]:
        return self._structure("half-pot", small, big)

    def no_limit(self, small: Token | None, big: Token | None) -> dict[str, object]:
        return self._structure("no", small, big)

    def _structure(self, structure: str, small: Token | None,
                   big: Token | None) -> dict[str, object]:
        """``no limit`` alone keeps the bets the ruleset has; ``no limit 2/4`` sets them."""
        bets = {} if small is None or big is None else self.limit(small, big)
        return {"structure": structure, **bets}

    # a hand
    def button_player(self, name: Token) -> Token:
        return Token.new_borrow_pos("NAME", _player(name), name)

    def button_seat(self, number: Token) -> int:
        return read_number(number)

    def player_line(self, name: Token, verb: EventFactory) -> EventFactory:
        return functools.partial(verb, player=_player(name))

    def posts(self, kind: BlindKind, amount: Token, all_in: object) -> EventFactory:
        return functools.partial(PostBlind, amount=read_number(amount), kind=kind,
                                 all_in=_all_in(all_in))

    def small_blind(self) -> str:
        return "small"

    def big_blind(self) -> str:
        return "big"

    def dead_blind(self) -> str:
        return "dead"

    def ante(self) -> str:
        return "ante"

    def straddle(self) -> str:
        return "straddle"

    def small_and_big_blinds(self) -> str:
        return "small+big"

    def checks(self) -> EventFactory:
        return Check

    def folds(self) -> EventFactory:
        return Fold

    def bets(self, amount: Token, all_in: object) -> EventFactory:
        return functools.partial(Bet, amount=read_number(amount), all_in=_all_in(all_in))

    def calls(self, amount: Token, all_in: object) -> EventFactory:
        return functools.partial(Call, amount=read_number(amount), all_in=_all_in(all_in))

    def raises(self, by: Token | None, to: Token, all_in: object) -> EventFactory:
        return functools.partial(Raise, to=read_number(to),
                                 by=None if by is None else read_number(by),
                                 all_in=_all_in(all_in))

    def all_in(self) -> bool:
        return True

    def discards(self, count: Token, discarded: Cards | None, drawn: Cards | None,
                 ) -> EventFactory:
        if discarded is None:
            discarded = (None,) * read_count(count)
        elif len(discarded) != read_count(count):
            raise LineError(f"says {count} discarded cards but lists {len(discarded)}",
                            count.column)
        return functools.partial(Draw, discarded=discarded, drawn=drawn)

    def stands_pat(self) -> EventFactory:
        return functools.partial(Draw, discarded=())

    def draws_cards(self, cards: Cards) -> EventFactory:
        return functools.partial(DrawnCards, cards=cards)

    def shows(self, cards: Cards, description: Token | None) -> EventFactory:
        return functools.partial(Show, cards=cards,
                                 description=None if description is None else description[1:-1])

    def run_draws(self, cards: Cards, run: Token) -> EventFactory:
        return functools.partial(RunCards, run=_later_run(run), kind="drawn", cards=cards)

    def run_shows(self, cards: Cards, run: Token) -> EventFactory:
        return functools.partial(RunCards, run=_later_run(run), kind="shown", cards=cards)

    def mucks(self, cards: Cards | None) -> EventFactory:
        return functools.partial(Muck, cards=cards)

    def deal(self, name: Token, cards: Cards) -> EventFactory:
        return functools.partial(Deal, player=_player(name), cards=cards)

    def burn(self, card: Token) -> EventFactory:
        return functools.partial(Burn, card=_card(card))

    def street(self, kind_and_number: tuple[StreetKind, int]) -> EventFactory:
        kind, number = kind_and_number
        return functools.partial(Street, kind=kind, number=number)

    def deal_street(self) -> tuple[StreetKind, int]:
        return "deal", 1

    def ordinal_draw_street(self, ordinal: Token) -> tuple[StreetKind, int]:
        return "draw", _ORDINALS[ordinal]

    def numbered_draw_street(self, number: Token) -> tuple[StreetKind, int]:
        return "draw", read_number(number)

    def betting_street(self, number: Token) -> tuple[StreetKind, int]:
        return "betting", read_number(number)

    def showdown_street(self) -> tuple[StreetKind, int]:
        return "showdown", 1

    def summary_street(self) -> tuple[StreetKind, int]:
        return "summary", 1

    def uncalled(self, amount: Token, name: Token) -> EventFactory:
        return functools.partial(UncalledReturned, player=_player(name),
                                 amount=read_number(amount))

    def award(self, name: Token, amount: Token, pot: str | None,
              description: Token | None) -> EventFactory:
        return functools.partial(Award, player=_player(name), amount=read_number(amount),
                                 pot=pot or "",
                                 description=None if description is None else description[1:-1])

    def whole_pot(self, pot: str) -> str:
        return pot

    def half_pot(self, half: str, pot: str | None) -> str:
        return f"{pot} {half}" if pot else half

    def half(self, name: Token) -> str:
        return str(name)

    def main_pot(self) -> str:
        return "main"

    def side_pot(self, number: Token | None) -> str:
        return "side" if number is None else f"side {read_number(number)}"

    def numbered_pot(self, number: Token) -> str:
        return f"pot {read_number(number)}"

    def pot_total(self, total: Token, rake: Token | None) -> EventFactory:
        return functools.partial(PotTotal, total=read_number(total),
                                 rake=0 if rake is None else read_number(rake))

    def rake(self, amount: Token) -> EventFactory:
        return functools.partial(PotTotal, total=None, rake=read_number(amount))

    def stacks(self, stacks: tuple[tuple[str, int], ...]) -> tuple[EventFactory, ...]:
        return tuple(functools.partial(StackStated, player=name, amount=amount)
                     for name, amount in stacks)

    def results(self, won: tuple[tuple[str, int], ...]) -> tuple[EventFactory, ...]:
        return tuple(functools.partial(SummaryResult, player=name, won=amount)
                     for name, amount in won)

    def stack_list(self, *names_and_amounts: Token) -> tuple[tuple[str, int], ...]:
        return tuple((_player(name), read_number(amount))
                     for name, amount in zip(names_and_amounts[::2], names_and_amounts[1::2]))

    def nets(self, *names_and_amounts: Token) -> tuple[EventFactory, ...]:
        return tuple(functools.partial(NetStated, player=_player(name),
                                       amount=read_number(amount))
                     for name, amount in zip(names_and_amounts[::2], names_and_amounts[1::2]))

    def cards(self, cards: Token) -> Cards:
        return tuple(map(_card, cards[1:-1].split()))


#: The grammar's own transformer, for a time read outside the parser (a hand's first line).
_TRANSFORMER = HouseTransformer()


@functools.cache
def house_parser() -> Lark:
    """The grammar compiled once: LALR, building results while it parses."""
    return lalr_parser(GRAMMAR_PATH.read_text(encoding="utf-8"), "house",
                       transformer=HouseTransformer(),
                       start=["blank_line", "session_line", "header_line", "hand_start",
                              "hand_line"])


@cached_for_short_lines(8192)
def parse_line(text: str, start: str) -> object:
    """Parse one line from the grammar's ``start`` rule, or raise :class:`LineError`.

    >>> parse_line("Bruno: raises 2 to 4", "hand_line")[0](line=12)
    Raise(line=12, player='Bruno', to=4, by=2, all_in=False)
    >>> parse_line("Dealt to Ana [As Xx 3d Kd]", "hand_line")
    Traceback (most recent call last):
    ...
    badugi_hh.parsers.common.LineError: expected a card such as As, 10d, A♠ or ??, got 'Xx'
    """
    try:
        return house_parser().parse(text, start=start)
    except UnexpectedInput as error:
        raise _explain(error, text, start) from None


# -- lines with cards: parsed once per shape ---------------------------------------
#
# A line with cards rarely repeats ("Dealt to Ana [As 2h 3d Kd]"), but its
# shape does ("Dealt to Ana [.. .. .. ..]"). So the grammar parses a copy of
# the line whose card lists are replaced by marker cards, one marker per list
# and as many cards as the list has (group i becomes "[" + DECK[i] repeated);
# the result, cached by that copy, is filled in with the real cards. This gives
# exactly what parsing the line itself gives, because
#
# * the real lists are checked first: each word one of the spellings the
#   grammar's CARD terminal matches, between single blanks, or else the whole
#   list matched by its CARDS terminal, so the lexer reads both copies as the
#   same token types;
# * the transformer only stores a card list, or counts it (the marker copy
#   keeps every count), and never looks at the cards;
# * a shape is used only if each list's markers came back, whole, in exactly
#   one field of the events. A list inside a description or a comment, or a
#   burn (one card, not a list) fails that test, and such lines are parsed
#   as they are (burn lines repeat, so their plans are kept by their text).

_CARD_LIST = re.compile(r"(\[[^\[\]]*\])")
#: A shown hand's description after its cards ("[As 2h 3d 4c] (badugi 4-3-2-A)"), which
#: changes with the cards: the grammar's DESCRIPTION runs from "(" to the line's last
#: ")", whatever lies between, so the copy has a stand-in there too, and the shape
#: is used only if the stand-in comes back whole in one field.
_DESCRIPTION_AFTER = re.compile(r"([ \t]+\()(.*)(\)[ \t]*)")
_DESCRIBED = "\0"

#: A hand line's events but for their line number.
_Plan = Sequence[MadeEvent]


@functools.lru_cache(maxsize=256)  # real lines have a few lists of up to five cards
def _marker(index: int, size: int) -> str:
    """The stand-in for card list ``index`` of ``size`` cards, e.g. ``[Ah Ah Ah]`` for 1, 3."""
    return "[" + " ".join([str(DECK[index])] * size) + "]"


def _parsed_plan(text: str) -> _Plan:
    """The events of a hand line as the grammar reads it (raises :class:`LineError`)."""
    return tuple(map(made_event, cast("tuple[EventFactory, ...]", parse_line(text, "hand_line"))))


class _Shape:
    """A hand line's events, with the fields each card list (or each number) goes to."""

    __slots__ = ("events",)

    def __init__(self, factories: Sequence[EventFactory],
                 slots: Sequence[tuple[tuple[str, int], ...]]) -> None:
        """``factories`` as the stand-ins make them; ``slots``, for each event, each field
        given a value, and the index of its value. Each event is kept as its class, the
        setters and values of its other fields, and the setter and index of each filled."""
        events = []
        for make, filled in zip(factories, slots):
            kind, fields = made_event(make)
            names = [name for name, _, _ in event_fields(kind)]
            setters = dict(zip(names, (setter for setter, _ in fields)))
            taken = {name for name, _ in filled}
            events.append((kind, tuple(field for name, field in zip(names, fields)
                                       if name not in taken),
                           tuple((setters[name], index) for name, index in filled)))
        self.events = tuple(events)

    def plan(self, values: Sequence[object]) -> _Plan:
        """The events of the line whose card lists (or numbers) are ``values``."""
        return [(kind, fixed + tuple((setter, values[index]) for setter, index in filled))
                for kind, fixed, filled in self.events]


@functools.cache
def _cards_pattern() -> re.Pattern[str]:
    return re.compile(house_parser().get_terminal("CARDS").pattern.to_regexp())


@functools.cache
def _card_words() -> dict[str, Card | None]:
    """Each way of writing one card that the grammar's CARD matches, and its card."""
    card = re.compile(house_parser().get_terminal("CARD").pattern.to_regexp())
    words = [rank + suit for rank in ["10", *"23456789tjqka"] for suit in "shdc♠♥♦♣♤♡♢♧"]
    spellings = {"".join(letters) for word in [*words, "??", "jk", "joker"]
                 for letters in itertools.product(*({c.lower(), c.upper()} for c in word))}
    return {word: _card(word) for word in spellings if card.fullmatch(word)}


def _card_list(text: str) -> Cards | None:
    """The cards of ``[...]``, or ``None`` if the grammar's CARDS does not match it whole."""
    try:   # cards between single blanks, as logs write them: each word looked up
        return tuple(map(_card_words().__getitem__, text[1:-1].split(" ")))
    except KeyError:   # another word (a card this leaves out too), other blanks, no card
        if _cards_pattern().fullmatch(text) is None:
            return None
        return tuple(map(_card, text[1:-1].split()))


#: The lists of up to two cards ("[4c]", "[?? ??]", "[10d 10h]") come back often, and the
#: events of their lines share one tuple; a longer one (a player's hand) rarely does, and
#: is read each time rather than push them out.
_CARD_LISTS = ShortTextCache(_card_list, 8192, longest=len("[10d 10h]"))


@functools.lru_cache(maxsize=4096)
def _shape(texts_and_sizes: tuple[str | int, ...]) -> _Shape | None:
    """The events of the line of the texts with card lists of the sizes between them (as
    markers: ``("Dealt to Ana ", 4, "")``), if every card list lands in one field."""
    texts = cast("tuple[str, ...]", texts_and_sizes[::2])
    sizes = cast("tuple[int, ...]", texts_and_sizes[1::2])
    marked = texts[0] + "".join(_marker(index, size) + text
                                for index, (size, text) in enumerate(zip(sizes, texts[1:])))
    try:
        factories: tuple[EventFactory, ...] = parse_line(marked, "hand_line")  # type: ignore
    except LineError:
        return None
    partials = [make for make in factories if isinstance(make, functools.partial)]
    if len(partials) < len(factories):
        return None
    described = len(sizes)   # the index of a stood-in description, after the lists
    slots = tuple(tuple((name, DECK.index(value[0])) for name, value in make.keywords.items()
                        if isinstance(value, tuple) and value and value[0] in DECK)
                  + tuple((name, described) for name, value in make.keywords.items()
                          if value == _DESCRIBED)
                  for make in partials)
    filled = [(index, make.keywords[name]) for make, fields in zip(partials, slots)
              for name, index in fields]
    whole: list[tuple[int, object]] = [(index, (DECK[index],) * size)
                                       for index, size in enumerate(sizes) if size]
    if f"({_DESCRIBED})" in marked:
        whole.append((described, _DESCRIBED))
    return _Shape(factories, slots) if sorted(filled) == whole else None


# -- lines with amounts: parsed once per shape -------------------------------------
#
# A line without cards but with amounts rarely repeats either ("Ana wins 53",
# "Stacks: Ana 100, Bruno 99, ..."; one of each per hand). Its numbers are swapped
# for stand-ins the same way: a run of digits between blanks, commas or the line's
# ends is a token of its own whatever its digits, so the lexer reads the copy as it
# reads the line. The copy is parsed twice, with two sets of stand-ins; a shape is
# used only where the results differ in exactly one field per number, holding its
# stand-in (an int), and agree everywhere else: a number the transformer put in a
# text ("side pot 2"), turned into another value, or that fell in a comment or a
# name fails that test, and such lines are parsed as they are. A number of more
# than 15 digits is never swapped: below 10^15 every number reads as its int
# (read_number), and a larger one is an error the grammar's transformer reports.

_AMOUNT = re.compile(r"(?:(?<=[ \t,])|^)([0-9]{1,15})(?=[ \t,]|$)")
#: The stand-ins of the two parses, for number i: 15 digits, as no log's amount.
_STAND_INS = (10**14, 2 * 10**14)
_STEP = _STAND_INS[1] - _STAND_INS[0]


def _stand_in(texts: tuple[str, ...], first: int) -> str:
    """The line of ``texts`` with numbers between them, number i written as ``first + i``."""
    return "".join(text + str(first + index)
                   for index, text in enumerate(texts[:-1])) + texts[-1]


def _amount_plan(text: str) -> _Plan | None:
    """The events of a line with numbers, from the shape of its kind, if it has one."""
    parts = _AMOUNT.split(text)  # the text between numbers, and the numbers
    if len(parts) == 1:
        return None
    shape = _amount_shape(tuple(parts[::2]))
    return None if shape is None else shape.plan(list(map(int, parts[1::2])))


@functools.lru_cache(maxsize=4096)
def _amount_shape(texts: tuple[str, ...]) -> _Shape | None:
    """The events of the line of ``texts`` with numbers between them (as stand-ins)."""
    try:
        first = cast("tuple[EventFactory, ...]",
                     parse_line(_stand_in(texts, _STAND_INS[0]), "hand_line"))
        second = cast("tuple[EventFactory, ...]",
                      parse_line(_stand_in(texts, _STAND_INS[1]), "hand_line"))
    except LineError:
        return None
    if len(first) != len(second):
        return None
    slots, found = [], []
    for one, other in zip(first, second):
        (maker, fields), (other_maker, other_fields) = (class_and_fields(one),
                                                        class_and_fields(other))
        if maker != other_maker or fields.keys() != other_fields.keys():
            return None
        differ = [(name, value) for name, value in fields.items() if other_fields[name] != value]
        if not all(type(value) is int and other_fields[name] == value + _STEP
                   for name, value in differ):
            return None
        slots.append(tuple((name, cast(int, value) - _STAND_INS[0]) for name, value in differ))
        found += [index for _, index in slots[-1]]
    if sorted(found) != list(range(len(texts) - 1)):
        return None
    return _Shape(first, tuple(slots))


def hand_line_events(text: str, line: int) -> list[Event]:
    """The events of one line of a hand, at ``line``; raises :class:`LineError`.

    >>> hand_line_events("Bruno: discards 2 [8c Qs] draws [4d Jh]", 17)
    [Draw(line=17, player='Bruno', discarded=(8c, Qs), drawn=(4d, Jh))]
    >>> hand_line_events("Stacks: Ana 104, Bruno 96", 30)
    [StackStated(line=30, player='Ana', amount=104), StackStated(line=30, player='Bruno', amount=96)]
    """
    events: list[Event] = []
    _add_hand_events(events, [text], line)
    return events


def _add_hand_events(events: list[Event], lines: Sequence[str], first_line: int) -> None:
    """Add the events of the lines of a hand, ``lines[0]`` being at ``first_line``; raises
    :class:`LineError` at its line.

    Every line of every hand comes here, so the work of a line is written out in this one
    loop, with no call but the events' for most lines. A line kept by its text costs a
    look-up. A line with cards rarely repeats: it is cut at its card lists, each list read
    (the short ones are kept by their text), and its events made from the shape of the
    text around them, kept by that text and the lists' sizes. Any other line is made once
    from its shape or the grammar, and kept by its text.
    """
    add, kept, split = events.append, _LINE_PLANS.get, _CARD_LIST.split
    card_list, new, set_line = _CARD_LISTS.__getitem__, object.__new__, SET_LINE
    number = first_line
    try:
        for number, text in enumerate(lines, first_line):
            plan = kept(text)
            if plan is None and "[" in text and len(text) <= LONGEST_CACHED_LINE:
                parts: list[Any] = split(text)  # the texts between lists, and the lists
                values: list[Any] = list(map(card_list, parts[1::2]))
                if None not in values and len(values) <= len(DECK):
                    parts[1::2] = map(len, values)   # the shape's key: texts and sizes
                    last = parts[-1]
                    if "(" in last and (description := _DESCRIPTION_AFTER.fullmatch(last)):
                        parts[-1] = description.group(1) + _DESCRIBED + description.group(3)
                        values.append(description.group(2))
                    shape = _shape(tuple(parts))
                    if shape is not None:   # (each event made as made_event says)
                        for kind, fixed, filled in shape.events:
                            event = new(kind)
                            set_line(event, number)
                            for set_field, value in fixed:
                                set_field(event, value)
                            for set_field, index in filled:
                                set_field(event, values[index])
                            add(event)
                        continue
            for kind, fields in _LINE_PLANS[text] if plan is None else plan:
                event = new(kind)
                set_line(event, number)
                for set_field, value in fields:
                    set_field(event, value)
                add(event)
    except LineError as error:
        error.line = number
        raise


def _kept_plan(text: str) -> _Plan:
    """How a line without cards (or not read by a shape of them) is made."""
    if len(text) <= LONGEST_CACHED_LINE and "[" not in text:
        plan = _amount_plan(text)
        if plan is not None:
            return plan
    return _parsed_plan(text)


#: The plan of each line made by _kept_plan, by its text: "Bruno: folds", "Ana: calls 2",
#: "Burn [9s]" come back in every hand, and are then made with no call but the events'.
_LINE_PLANS = ShortTextCache(_kept_plan, 8192)


# -- a hand's first line: parsed once per shape ---------------------------------------
#
# "Hand #12 - button Ana - 2026-11-27 20:03" differs from hand to hand in its number
# and its time alone (and a site's hand, "Hand #12 - pokerstars hand 49164202872 - ...",
# in the site's number). They are swapped for stand-ins of the same length (every
# column stays: the button's name keeps its own, for an error), the copy is parsed
# twice with two sets of them, and the shape is used where the numbers and the time
# come back in their own fields and nothing else differs; the real time is then
# read by the grammar's own ``when``. A number of more than 15 digits, a time
# ``when`` refuses, or any other line is parsed as it is.

_HAND_START_NUMBER = re.compile(r"[ \t]*Hand[ \t]*#[ \t]*([0-9]{1,15})(?![0-9])")
#: A site's hand number right after the hand's own (a run of the grammar's SITE_HAND),
#: after a site of one to three words in any case ("Full Tilt Poker Hand #8").
_HAND_START_ORIGIN = re.compile(
    r"[ \t]*[-–—][ \t]*[A-Za-z]+(?:[ \t][A-Za-z]+){0,2}[ \t]+[Hh][Aa][Nn][Dd][ \t]+#?(\w[\w.-]*)")
_HAND_START_WHEN = re.compile(r"(?<![\w.'-])([0-9]{4}[-/][0-9]{2}[-/][0-9]{2})"
                              r"(?:[ \t]+([0-9]{1,2}:[0-9]{2}(?::[0-9]{2})?))?(?![\w.'-]|:)")
_ZEROS = str.maketrans("123456789", "000000000")


def _hand_start(text: str) -> HandLine:
    """The first line of a hand, read (raises :class:`LineError`)."""
    number = _HAND_START_NUMBER.match(text)
    if number is None or len(text) > LONGEST_CACHED_LINE:
        return cast(HandLine, parse_line(text, "hand_start"))
    origin, when = _hand_start_parts(text, number)
    shape = _hand_start_shape(_stood_in(text, _hand_start_runs(number, origin), when, "0"))
    started_at = None if when is None else _started_at(when.group(1), when.group(2))
    if shape is None or (when is not None and started_at is None):
        return cast(HandLine, parse_line(text, "hand_start"))   # the grammar says why, where
    # (the shape read a site's number where the line has one, and only there)
    site_hand = None if origin is None or shape.origin is None else dataclasses.replace(
        shape.origin, number=origin.group(1))
    return HandLine(int(number.group(1)), shape.button, shape.started_at and started_at,
                    shape.money, site_hand)


def _hand_start_parts(text: str, number: re.Match[str],
                      ) -> tuple[re.Match[str] | None, re.Match[str] | None]:
    """Where a hand's first line may have a site's hand number, and a date and time."""
    origin = _HAND_START_ORIGIN.match(text, number.end())
    return origin, _HAND_START_WHEN.search(text, (origin or number).end())


def _hand_start_runs(number: re.Match[str], origin: re.Match[str] | None,
                     ) -> list[tuple[int, int]]:
    """The runs of a hand's first line swapped for stand-ins: its numbers."""
    return [number.span(1)] if origin is None else [number.span(1), origin.span(1)]


@functools.lru_cache(maxsize=1024)   # hands a few minutes apart: minutes come back
def _started_at(date: str, clock: str | None) -> datetime | None:
    """The time the grammar's own ``when`` reads, None where it refuses it."""
    try:
        return _moment(date, clock)
    except ValueError:
        return None


def _stood_in(text: str, runs: Sequence[tuple[int, int]], when: re.Match[str] | None,
              digit: str) -> str:
    """``text`` with the characters of each of ``runs`` (a hand's number, a session's id)
    all ``digit`` ("0" or "1"), and its date and time, if any, those of 2000-01-01 00:00
    ("0") or 2001-02-02 01:01 ("1")."""
    spans = [((start, end), digit * (end - start)) for start, end in runs]
    if when is not None:
        date = when.group(1)
        spans.append((when.span(1), f"200{digit}{date[4]}0{int(digit) + 1}{date[7]}0"
                                    f"{int(digit) + 1}"))
        if when.group(2):   # each run of digits all 0 but its last, which is ``digit``
            clock = when.group(2).translate(_ZEROS) + ":"
            spans.append((when.span(2), clock.replace("0:", digit + ":")[:-1]))
    for (start, end), stand_in in reversed(spans):
        text = text[:start] + stand_in + text[end:]
    return text


def _when_tokens(when: re.Match[str]) -> tuple[Token, Token | None]:
    date = Token("DATE", when.group(1), column=when.start(1) + 1)
    clock = when.group(2)
    return date, None if clock is None else Token("TIME", clock, column=when.start(2) + 1)


@functools.lru_cache(maxsize=256)
def _hand_start_shape(first: str) -> HandLine | None:
    """The first line read from ``first`` (its stand-ins "0"), if the line with the other
    stand-ins differs from it in the hand's number and time alone, each read from its
    stand-in."""
    number = _HAND_START_NUMBER.match(first)
    if number is None:
        return None
    origin, when = _hand_start_parts(first, number)
    second = _stood_in(first, _hand_start_runs(number, origin), when, "1")
    try:
        one = cast(HandLine, parse_line(first, "hand_start"))
        other = cast(HandLine, parse_line(second, "hand_start"))
    except LineError:
        return None
    expected = []
    for text, read in ((first, one), (second, other)):
        number = _HAND_START_NUMBER.match(text)
        origin, when = _hand_start_parts(text, number) if number else (None, None)
        expected.append((number and int(number.group(1)), origin and origin.group(1),
                         when and read.started_at and _TRANSFORMER.when(*_when_tokens(when))))
    # (comparisons apart, not two tuples compared: compiled, mypyc's C for the tuples'
    # form did not build)
    if one.button != other.button or one.money != other.money or one.number == other.number:
        return None
    if (one.origin and one.origin.site) != (other.origin and other.origin.site):
        return None
    if [(one.number, one.origin and one.origin.number, one.started_at),
            (other.number, other.origin and other.origin.number, other.started_at)] != expected:
        return None
    return one


# -- a session's first and last lines: parsed once per shape ------------------------
#
# A session's header ('Session #fri-1127 "Friday home game" 2026-11-27 20:00') is new
# in each session, and so is nearly every session's end (its stacks). The header's id,
# its title (in quotes, with no backslash) and its time are swapped for stand-ins, as a
# hand's first line's number and time are: the id, a run of the characters of the
# grammar's SESSION_ID, is the only token the grammar takes after "Session #", and a
# title with no quote or backslash in it is one STRING whatever it holds. The end's
# numbers are swapped as a hand line's are. Each shape is used where the copies differ
# in the swapped fields alone, each read from its stand-in; any other line is parsed
# as it is.

_SESSION_HEADER = re.compile(r'[ \t]*Session[ \t]*#[ \t]*([\w.-]+)(?:[ \t]+"([^"\\]*)")?')


def _session_line(text: str) -> SessionLine | SessionEndLine:
    """The first line of a session's block (its header or its end), read (raises
    :class:`LineError`)."""
    if len(text) <= LONGEST_CACHED_LINE:
        header = _SESSION_HEADER.match(text)
        line = _session_header(text, header) if header else _session_end(text)
        if line is not None:
            return line
    return cast("SessionLine | SessionEndLine", parse_line(text, "session_line"))


def _session_header(text: str, header: re.Match[str]) -> SessionLine | None:
    """A session's header from the shape of its kind, if it has one and its time is one."""
    when = _HAND_START_WHEN.search(text, header.end())
    titled = header.group(2) is not None
    runs = [header.span(1), header.span(2)] if titled else [header.span(1)]
    shape = _session_header_shape(_stood_in(text, runs, when, "0"))
    started_at = None if when is None else _started_at(when.group(1), when.group(2))
    if shape is None or (when is not None and started_at is None):
        return None
    return SessionLine(header.group(1), header.group(2) if titled else shape.title,
                       shape.started_at and started_at)


@functools.lru_cache(maxsize=256)
def _session_header_shape(first: str) -> SessionLine | None:
    """The header read from ``first`` (its stand-ins "0"), if the line with the other
    stand-ins differs from it in the id, the title and the time alone, each read from
    its stand-in."""
    header = _SESSION_HEADER.match(first)
    if header is None:
        return None
    when = _HAND_START_WHEN.search(first, header.end())
    titled = header.group(2) is not None
    runs = [header.span(1), header.span(2)] if titled else [header.span(1)]
    second = _stood_in(first, runs, when, "1")
    try:
        one, other = parse_line(first, "session_line"), parse_line(second, "session_line")
    except LineError:
        return None
    if not isinstance(one, SessionLine) or not isinstance(other, SessionLine):
        return None
    expected = []
    for text, read in ((first, one), (second, other)):
        header = cast(re.Match[str], _SESSION_HEADER.match(text))
        when = _HAND_START_WHEN.search(text, header.end())
        expected.append(SessionLine(
            header.group(1), header.group(2) if titled else one.title,
            when and read.started_at and _TRANSFORMER.when(*_when_tokens(when))))
    return one if [one, other] == expected else None


def _session_end(text: str) -> SessionEndLine | None:
    """A session's end from the shape of its kind, if it has one with numbers."""
    parts = _AMOUNT.split(text)  # the text between numbers, and the numbers
    if len(parts) == 1:
        return None
    shape = _session_end_shape(tuple(parts[::2]))
    if shape is None:
        return None
    names = [name for name, _ in shape.stacks]
    return SessionEndLine(shape.winner, shape.draw, tuple(zip(names, map(int, parts[1::2]))))


@functools.lru_cache(maxsize=256)
def _session_end_shape(texts: tuple[str, ...]) -> SessionEndLine | None:
    """The end of the line of ``texts`` with numbers between them (as stand-ins), if each
    number is a stack's, in their order, and nothing else differs."""
    try:
        one = parse_line(_stand_in(texts, _STAND_INS[0]), "session_line")
        other = parse_line(_stand_in(texts, _STAND_INS[1]), "session_line")
    except LineError:
        return None
    if not isinstance(one, SessionEndLine) or not isinstance(other, SessionEndLine):
        return None
    names = [name for name, _ in one.stacks]
    if len(names) != len(texts) - 1 or (one.winner, one.draw) != (other.winner, other.draw):
        return None
    for read, first in ((one, _STAND_INS[0]), (other, _STAND_INS[1])):
        if read.stacks != tuple((name, first + index) for index, name in enumerate(names)):
            return None
    return one


# -- syntax errors in words a player understands ---------------------------------

#: The grammar's named terminals as a player would say them; keywords are
#: quoted as they are.
_TERMINAL_WORDS = {
    "$END": "the end of the line",
    "<END-OF-FILE>": "the end of the line",
    "NAME": "a player's name",
    "SESSION_ID": "a session id such as fri-1127",
    "INT": "a number",
    "SIGNED_INT": "a number such as +14 or -14",
    "CARD": "a card such as As, 10d, A♠ or ??",
    "CARDS": "cards in brackets such as [As 2h 3d Kd] or [?? ??]",
    "DESCRIPTION": "a description in parentheses",
    "STRING": "a text in double quotes",
    "TOURNAMENT_ID": "the tournament's id such as 330855877",
    "BUY_IN": "the buy-in as the site writes it, such as $1.00+$0.20",
    "SITE": "a site such as pokerstars",
    "HAND_WORD": "'hand'",
    "SITE_HAND": "the site's hand number",
    "CURRENCY": "the amounts' money (USD in cents, chips in cents or PLAY)",
    "DATE": "a date such as 2026-11-27",
    "TIME": "a time such as 20:00",
    "GAME": "a game (Badugi, Badeucy, Badacey, 2-7, A-5, five-card draw)",
    "DRAW_COUNT": "single, double or triple",
    "ORDINAL": "FIRST, SECOND or THIRD",
    "_SEP": "' - '",
}

#: What may start a line, by start rule: one example of each kind says more
#: than the list of keywords.
_LINE_STARTS = {
    "hand_line": "a line of the hand, like 'Ana: calls 2', 'Dealt to Ana [As 2h 3d Kd]', "
                 "'Burn [5c]', '*** FIRST DRAW ***' or 'Ana wins 28'",
    "header_line": "a header line, like 'Seat 1: Ana (100)' or 'Rules: Badugi triple draw, "
                   "fixed limit 2/4'",
}

#: Places in a line where a family of phrases fits: (a terminal only that
#: place expects, the words for what fits there).
_PLACES = (
    ("CHECKS", "an action like '{player}: calls 2' (checks, folds, bets, calls, raises, "
               "posts, discards, stands pat, draws, shows, mucks)"),
    ("BLINDS", "a rule, like 'Badugi triple draw', 'fixed limit 2/4', 'blinds 1/2', "
               "'cap 3 raises', 'heads-up', 'stacks 100' or '12 hands'"),
)


def _explain(error: UnexpectedInput, text: str, start: str) -> LineError:
    column = error.column
    if text[column - 1:column] == "[" and "CARDS" in _terminals(error):
        return _explain_cards(text, column)
    if start in _LINE_STARTS and column == len(text) - len(text.lstrip()) + 1:
        expected = _LINE_STARTS[start]
    else:
        expected = _expected(_terminals(error), text)
    if isinstance(error, UnexpectedToken):
        if error.token.type == "$END":
            return LineError(f"expected {expected}, but the line ends there",
                             len(text.rstrip()) + 1)
        got = str(error.token)
    else:  # no terminal matches here: show the word that begins here
        got = re.match(r"[^\s\]]*", text[column - 1:]).group() or text[column - 1]  # type: ignore
    return LineError(f"expected {expected}, got {got[:20]!r}{_colon_hint(got, text)}", column)


def _colon_hint(got: str, text: str) -> str:
    """A result written as an action (``Ana: wins 28``): the list of actions never says
    that a result line is the one without a colon, so say it."""
    if got != "wins" or ":" not in text:
        return ""
    player, _, rest = text.partition(":")
    return f"; a result line takes no colon: '{player.strip()[:40]} {rest.strip()[:40]}'"


def _terminals(error: UnexpectedInput) -> set[str]:
    if isinstance(error, UnexpectedToken):
        return error.expected
    return error.allowed if isinstance(error, UnexpectedCharacters) else set()


def _explain_cards(text: str, column: int) -> LineError:
    """Point at the word inside ``[...]`` that the grammar's CARD does not match."""
    bracket = re.compile(r"\[([^\]]*)").match(text, column - 1)
    if bracket is None:   # the caller points at a '['
        raise AssertionError(f"no '[' at column {column} of {text!r}")
    inside = bracket.group(1)
    card = re.compile(house_parser().get_terminal("CARD").pattern.to_regexp())
    words = list(re.finditer(r"\S+", inside))
    for word in words:
        if not card.fullmatch(word.group()):
            return LineError(f"expected {_TERMINAL_WORDS['CARD']}, got {word.group()!r}",
                             column + 1 + word.start())
    return LineError("expected ']' after the cards", column + 1 + len(inside))


def _expected(terminals: set[str], text: str) -> str:
    """The terminals Lark expected, in words."""
    for terminal, words in _PLACES:
        if terminal in terminals:
            return words.format(player=text.split(":", 1)[0].strip())
    described = sorted(_TERMINAL_WORDS[name] for name in terminals if name in _TERMINAL_WORDS)
    keywords = sorted(repr(house_parser().get_terminal(name).pattern.value)
                      for name in terminals if name not in _TERMINAL_WORDS)
    *others, last = described + keywords or ["something else"]
    return f"{', '.join(others)}, or {last}" if others else last


# -- reading a log, block by block ------------------------------------------------

_BLOCK_START = re.compile(r"[ \t]*(Session|Hand)(?![\w.'-])")
_BLOCK_INITIALS = frozenset("SH \t")
_HAND_NUMBER = re.compile(r"\s*Hand\s*#\s*(\d+)")
#: A hand's own rules, on the line after its ``Hand`` line.
_HAND_RULES = re.compile(r"\s*Rules\s*[:\"]")


@mypyc_attr(native_class=False)   # compiled, as the Python class it extends
@dataclass(slots=True)
class _Block(LineBlock):
    """The lines of a session header, a session's end or a hand, as read.

    ``damage``: the invisible characters taken off its first line, and what an error
    says of them (the block is read all the same).
    """

    kind: str = "Hand"  # "preamble" (before any session), "Session" or "Hand"
    damage: str = ""
    damage_message: str = ""

    @property
    def name(self) -> str:
        """How messages name the block: ``hand #3``, ``the session header``."""
        if self.kind == "Hand":
            number = _HAND_NUMBER.match(self.lines[0])
            return f"hand #{number.group(1)}" if number else f"the hand at line {self.start}"
        if self.kind == "Session":
            ends = re.match(r"\s*Session\s+ends", self.lines[0])
            return "the session's end" if ends else "the session header"
        return ""


@dataclass(slots=True)
class _Session:
    start: SessionStart
    seats: dict[str, int]
    tournament: TournamentLine | None = None
    """The tournament its hands are of (its header's ``Tournament`` line)."""
    ended_at: int | None = None
    first_hand_seats: tuple[Seat, ...] = ()
    """The header's seat lines that say a player is sitting out: his first hand's (T2)."""


class _HouseReader:
    """Turns the lines of one log into records, one block at a time."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.session: _Session | None = None
        self.no_session = ("there is no session header before it (a house log starts with "
                           "'Session #<id>')")
        self.session_ids: dict[str, int] = {}   # each session id read, and its line
        self.log: LogText | None = None   # the log read, whose runs of zeros it names

    def read(self, log: LogText) -> Iterator[Record]:
        """The records of ``log``, or of a part of a log: a session read in an earlier
        part goes on in a later one."""
        block = _Block(log.first_line, kind="preamble")
        lines = block.lines
        self.log = log
        for number, text in enumerate(log, log.first_line):
            # (The first-letter test only spares most lines the regular expression.)
            if text[:1] in _BLOCK_INITIALS and (match := _BLOCK_START.match(text)):
                yield from self._close(block, at_end=False)
                block = _Block(number, kind=match.group(1))
                lines = block.lines
            elif text and not "!" <= text[0] <= "~" and (
                    match := _BLOCK_START.match(text, damage_before(text))):
                # A header after invisible characters (a damaged file): read, and reported.
                yield from self._close(block, at_end=False)
                block = _Block(number, kind=match.group(1), damage=text,
                               damage_message=damage_message(
                                   text, match.start(1), match.group(1).lower()) or "")
                text, lines = text[match.start(1):], block.lines
            if len(lines) < MAX_BLOCK_LINES:
                lines.append(text)
            else:
                block.overflowed = True
        if not log.stopped:   # (a hand cut where reading stopped is the stop's error)
            yield from self._end(block, log.first_line)
        yield from log.end_errors()

    def _end(self, block: _Block, first_line: int) -> Iterator[Record]:
        """The last block of a log read to its end."""
        if block.kind == "preamble":  # not one "Session" or "Hand" line in the file
            yield from list(self._close(block, at_end=True)) or [ParseError(
                message="no session and no hands: the file holds only blank lines and "
                        "comments", source=self.source, line=first_line, hand_lost=False)]
        else:
            yield from self._close(block, at_end=True)

    def _close(self, block: _Block, at_end: bool) -> Iterator[Record]:
        if block.damage_message:
            yield ParseError(message=block.damage_message, source=self.source,
                             line=block.start, column=1, text=excerpt(block.damage),
                             hand_lost=False)
        try:
            if block.kind == "preamble":
                self._preamble(block)
            elif block.kind == "Session":
                yield from self._session(block)
            elif self.session is None or self.session.ended_at is not None:
                yield self._orphan(block)
            else:
                yield self._zeros_noted(self._hand(block, self.session, at_end), block)
        except LineError as error:
            if block.name == "the session header":  # its hands have no players, no rules
                self.session = None
                self.no_session = f"the session header at line {block.start} could not be read"
            yield self._error(block, error)

    def _zeros_noted(self, hand: Hand, block: _Block) -> Hand:
        """``hand``, not judged after the lines where zeros (a crash's) took its text."""
        zeroed = self.log.zeroed_in(block) if self.log is not None else set()
        if zeroed:
            hand.damaged = tuple(sorted(set(hand.damaged) | zeroed))
        return hand

    def _preamble(self, block: _Block) -> None:
        for number, text in block.numbered():
            _parse_at(text, "blank_line", number, "no session header: a house log starts with "
                      "a line like 'Session #fri-1127 \"Friday home game\" 2026-11-27 20:00'"
                      f"; {SITE_EXPORTS}")
        _check_length(block)

    def _session(self, block: _Block) -> Iterator[SessionStart | SessionEnd | ParseError]:
        _check_length(block)
        try:
            line = _session_line(block.lines[0])
        except LineError as error:
            error.line = block.start
            raise
        if isinstance(line, SessionEndLine):
            for number, text in block.numbered(1):
                _parse_at(text, "blank_line", number, "after 'Session ends' only a new "
                          "'Session #...' may follow")
            if self.session is not None:
                self.session.ended_at = block.start
            yield SessionEnd(winner=line.winner, draw=line.draw, stacks=dict(line.stacks),
                             source=self.source, line=block.start)
            return
        start, sitting_out, tournament, moved = self._session_start(line, block)
        for seat, taken_by in moved:
            yield self._seat_moved(seat, taken_by, block)
        if start.session_id in self.session_ids:
            start = yield from self._renamed(start, block)
        self.session_ids[start.session_id] = block.start
        self.session = _Session(start, {player.name: player.seat for player in start.players},
                                tournament, first_hand_seats=sitting_out)
        yield start

    def _renamed(self, start: SessionStart, block: _Block,
                 ) -> Generator[ParseError, None, SessionStart]:
        """A session id used twice in one file: the second session's hands would have the
        first's hand ids and be dropped as already stored, so it gets a new id (s1~2),
        reported as a warning (no hand is lost)."""
        first = start.session_id
        copy = 2
        while f"{first}~{copy}" in self.session_ids:
            copy += 1
        renamed = f"{first}~{copy}"
        yield ParseError(message=f"the session id {first} is used again (first at line "
                         f"{self.session_ids[first]}); this session is read as {renamed}",
                         source=self.source, line=block.start,
                         column=block.lines[0].find("#") + 2, text=block.lines[0],
                         hand_lost=False)
        return dataclasses.replace(start, session_id=renamed)

    def _seat_moved(self, seat: Seat, taken_by: Seat, block: _Block) -> ParseError:
        """A seat line whose number an earlier one gives (:func:`_seats_apart`): one
        warning at its number, as for a session id used twice; no hand is lost."""
        text = block.lines[seat.line - block.start]
        column = re.match(r"\s*Seat\s*", text).end() + 1   # type: ignore[union-attr]
        return ParseError(message=f"the session header: seat {taken_by.seat} is given "
                          f"twice, first to {taken_by.player} (line {taken_by.line}); "
                          f"{seat.player} is read at seat {seat.seat}, the next free one",
                          source=self.source, line=seat.line, column=column,
                          text=excerpt(text, column), hand_lost=False)

    def _session_start(self, line: SessionLine, block: _Block,
                       ) -> tuple[SessionStart, tuple[Seat, ...], TournamentLine | None,
                                  list[tuple[Seat, Seat]]]:
        """The session's header, its seat lines that say a player is sitting out, its
        tournament, and the seat lines moved off a seat an earlier one gives."""
        changes: dict[str, object] = {}
        seats: list[Seat] = []
        tournament: TournamentLine | None = None
        for number, text in block.numbered(1):
            item = _parse_at(text, "header_line", number)
            if isinstance(item, RulesLine):
                changes.update(item.changes)
            elif isinstance(item, TournamentLine):
                if tournament is not None:
                    raise LineError("the session names its tournament twice: a session is "
                                    "a table of one tournament", 1, number)
                tournament = item
            elif item is not None:
                seats.append(item(line=number))  # type: ignore[operator]
        ruleset = _ruleset(changes)
        seats, moved = _seats_apart(seats)
        start = SessionStart(session_id=line.session_id, ruleset=ruleset,
                             players=_players(seats, ruleset), title=line.title,
                             started_at=line.started_at, source=self.source, line=block.start)
        return (start, tuple(seat for seat in seats if seat.sitting_out or not seat.in_hand),
                tournament, moved)

    def _orphan(self, block: _Block) -> ParseError:
        why = self.no_session if self.session is None else (
            f"it comes after the session ended at line {self.session.ended_at}")
        return self._error(block, LineError(f"cannot be read: {why}", 1, block.start))

    def _hand(self, block: _Block, session: _Session, at_end: bool) -> Hand:
        # the session's first hand takes the header's sitting-out lines, read or lost
        header_seats, session.first_hand_seats = session.first_hand_seats, ()
        _check_length(block)
        try:
            start = _hand_start(block.lines[0])
        except LineError as error:
            error.line = block.start
            raise
        events: list[Event] = []
        if start.button is not None:
            events.append(_button(start.button, session, block.start))
        ruleset, first = session.start.ruleset, 1
        if len(block.lines) > 1 and _HAND_RULES.match(block.lines[1]):
            # a hand under other rules than its session's (a tournament's next level)
            rules: RulesLine = _parse_at(block.lines[1], "header_line",  # type: ignore
                                         block.start + 1)
            ruleset, first = _ruleset(rules.changes), 2
        _add_hand_events(events, block.lines[first:], block.start + first)
        if header_seats:
            _sit_out_first_hand(events, header_seats)
        if Award not in map(type, events):
            where = "the file ends in the middle of the hand" if at_end else "the hand ends"
            raise LineError(f"{where} without a result line such as 'Ana wins 28'", 0,
                            block.last_line)
        if not session.start.players:   # a site's session: each hand seats its players
            events = _seats_first(events)
        # a site's hand is its site's hand id; a house hand is its session's, numbered
        hand_id = start.origin or HandId(site=HOUSE_SITE, session=session.start.session_id,
                                         number=str(start.number))
        if start.origin is not None:   # a site's hand: its names, shows and button the site's
            ruleset = ruleset.replace(names_by_hand=False, shows_logged=False,
                                      button_alternates=False)
        of = session.tournament   # the tournament its header names, if any
        return Hand(hand_id=str(hand_id), site=hand_id.site, number=start.number,
                    ruleset=ruleset, events=events, source=self.source,
                    line=block.start, session_id=session.start.session_id,
                    started_at=start.started_at, currency=start.money[0],
                    unit=start.money[1], tournament=None if of is None else of.tournament,
                    buy_in=None if of is None else of.buy_in)

    def _error(self, block: _Block, error: LineError) -> ParseError:
        """The error that costs ``block``: a hand is lost with it; a session's header or
        end, or text before any session, is no hand (a header's hands are each lost
        with an error of their own, so counting it too would count one hand more)."""
        where, lost = f"{block.name}: " if block.name else "", block.kind == "Hand"
        return ParseError(message=where + error.message, source=self.source,
                          line=error.line, column=error.column, text=kept_text(block.text),
                          hand_lost=lost, hand_line=block.start if lost else 0)


def _parse_at(text: str, start: str, line: int, message: str | None = None) -> object:
    """:func:`parse_line`, with the line number (and perhaps a message) put in errors."""
    try:
        return parse_line(text, start)
    except LineError as error:
        error.line = line
        error.message = message or error.message
        raise


def _check_length(block: _Block) -> None:
    if block.overflowed:
        raise LineError(f"more than {MAX_BLOCK_LINES} lines without a 'Hand #' line", 0,
                        block.start + MAX_BLOCK_LINES)


def _seats_apart(seats: list[Seat]) -> tuple[list[Seat], list[tuple[Seat, Seat]]]:
    """The header's seat lines with no seat given twice, and each line moved, with the
    earlier line that holds its seat. Two players at one seat is a slip of the number:
    the later one is read at the next seat above it that no seat line gives
    (``Seat 1: Ana``, ``Seat 1: Bruno``: Bruno at 2), so the typed number is one
    problem, not every hand's blinds, deal and turns (G4, G5, D1, B6)."""
    given = {seat.seat for seat in seats}
    held: dict[int, Seat] = {}
    apart: list[Seat] = []
    moved: list[tuple[Seat, Seat]] = []
    for seat in seats:
        if seat.seat in held:
            free = next(number for number in itertools.count(seat.seat + 1)
                        if number not in given)
            given.add(free)
            moved.append((dataclasses.replace(seat, seat=free), held[seat.seat]))
            seat = moved[-1][0]
        held[seat.seat] = seat
        apart.append(seat)
    return apart, moved


def _players(seats: list[Seat], ruleset: Ruleset) -> list[SessionPlayer]:
    players: list[SessionPlayer] = []
    for seat in seats:
        if any(player.name == seat.player for player in players):
            raise LineError(f"{seat.player} is seated twice", 1, seat.line)
        stack = ruleset.starting_stack if seat.stack is None else seat.stack
        if stack is None:
            raise LineError("the rules give no starting stack: say it, as in "
                            f"'Seat {seat.seat}: {seat.player} (100)'", 1, seat.line)
        players.append(SessionPlayer(seat=seat.seat, name=seat.player, stack=stack,
                                     line=seat.line))
    return players


def _ruleset(changes: dict[str, object]) -> Ruleset:
    """The rules a ``Rules`` line states: the house rules but for its clauses."""
    return HOUSE.replace(**changes) if changes else HOUSE


def _sit_out_first_hand(events: list[Event], header_seats: tuple[Seat, ...]) -> None:
    """Put the session header's ``is sitting out`` seat lines into its first hand, after
    its button, as if the hand said them (T2): a player at the table when the session
    starts, but sitting out, is out of the first hand as a hand's own line puts him out
    of it. A seat line of the hand itself for the same player says it instead."""
    named = {event.player for event in events if type(event) is Seat}
    after_button = 1 if events and type(events[0]) is Button else 0
    events[after_button:after_button] = [seat for seat in header_seats
                                         if seat.player not in named]


def _seats_first(events: list[Event]) -> list[Event]:
    """A hand that seats its own players (a session with no ``Seat`` lines, as a site's
    hand written in this format): its seats before the button, as the engine counts
    the players at the button (G1)."""
    seats = [event for event in events if type(event) is Seat]
    return seats + [event for event in events if type(event) is not Seat]


def _button(button: Token | int, session: _Session, line: int) -> Button:
    """The button a ``Hand`` line names: by its seat, or by its player's name, whose seat
    the session's header gives. A name the header does not seat is handed on as written
    (``seat`` None): whether it misspells a seated player's or is nobody's is the engine's
    judgement (G1), which knows the hand's players; the hand is read either way."""
    if isinstance(button, int):
        return Button(seat=button, line=line)
    name = str(button)
    seat = session.seats.get(name)
    return Button(seat=seat, player=name if seat is None else None, line=line)


def read_house_lines(log: LogText) -> Iterator[Record]:
    """The records of a house log already opened with :func:`~badugi_hh.parsers.text.open_log`."""
    return _HouseReader(log.name).read(log)


def house_reader(source: str) -> Callable[[LogText], Iterator[Record]]:
    """A reader of the house parts of the log ``source``, which carries the session (and
    the session ids met) from one part to the next: a house log another export
    interrupts goes on where it was."""
    return _HouseReader(source).read


def read_house(source: Source, name: str | None = None) -> Iterator[Record]:
    """Read a house log, one record at a time; see the module docstring.

    ``source`` is a :class:`~pathlib.Path`, an open file (binary or text),
    or the text of a log as ``str``. ``name`` is the source the records cite
    (default: the path, or the file's name).
    """
    with open_log(source, name) as log:
        yield from read_house_lines(log)


def sniff(first_line: str) -> bool:
    """Whether a log whose first non-blank line is ``first_line`` is a house log.

    >>> sniff('Session #fri-1127 "Friday home game"'), sniff("# typed by Ana")
    (True, True)
    >>> sniff("PokerStars Game #1: Badugi"), sniff("#37732805: Limit Badugi - 30/60")
    (False, False)
    """
    match = _BLOCK_START.match(first_line)
    if match:
        return match.group(1) == "Session"
    try:
        return parse_line(first_line, "blank_line") is None
    except LineError:
        return False


def clear_caches() -> None:
    """Forget every line parsed so far, so that a timing starts cold."""
    parse_line.cache_clear()  # type: ignore[attr-defined]   # cached_for_short_lines adds it
    _LINE_PLANS.clear()
    _CARD_LISTS.clear()
    _hand_start_shape.cache_clear()
    _session_header_shape.cache_clear()
    _session_end_shape.cache_clear()
    _shape.cache_clear()
    _amount_shape.cache_clear()
