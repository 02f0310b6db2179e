"""Records as house-format text (docs/format.md): the inverse of the house reader.

Reading what this writes gives back the same records, field for field, with
line numbers that point into the written text:

>>> import io
>>> from badugi_hh.parsers.house import read_house
>>> log = '''Session #fri-1127 "Friday home game" 2026-11-27 20:00
... Rules: Badugi triple draw, fixed limit 2/4, blinds 1/2, cap 3 raises, heads-up, stacks 100, 12 hands
... Seat 1: Ana (100)
... Seat 2: Bruno (100)
...
... Hand #1 - button Ana
... Ana: posts small blind 1
... Bruno: posts big blind 2
... Dealt to Bruno [?? ?? ?? ??]
... Dealt to Ana [As 2h 3d Kd]
... Ana: raises 2 to 4
... Bruno: folds
... Uncalled bet 2 returned to Ana
... Ana wins 4
... Stacks: Ana 102, Bruno 98
...
... Session ends - Ana wins - stacks Ana 102, Bruno 98
... '''
>>> out = io.StringIO()
>>> write_records(read_house(log), out)
>>> out.getvalue() == log
True

It writes any well-formed record the format can express; a value it cannot
(a name with a blank, a pot it has no words for) raises :class:`ValueError`
rather than producing text that would read back differently.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from datetime import datetime
from itertools import groupby
from typing import TextIO

from badugi_hh.cards import Card, format_cards
from badugi_hh.events import (
    Award, Bet, Burn, Button, Call, Cards, Check, Deal, Draw, DrawnCards, Event, Fold,
    Hand, Muck, NetStated, ParseError, PostBlind, PotTotal, Raise, Record, Seat,
    SessionEnd, SessionStart, Show, StackStated, Street, UncalledReturned,
)
from badugi_hh.games import GAMES, game_for_site_name
from badugi_hh.parsers.house import RESERVED_NAMES
from badugi_hh.rules import HOUSE, Ruleset

__all__ = ["format_event", "format_hand", "format_session_end", "format_session_start",
           "write_records"]

_NAME = re.compile(r"\w[\w.'-]*")        # the grammar's NAME
_SESSION_ID = re.compile(r"[\w.-]+")     # the grammar's SESSION_ID
_BLIND_WORDS = {"small": "small blind", "big": "big blind", "dead": "dead blind",
                "small+big": "small & big blinds"}
_DRAW_WORDS = {1: "single", 2: "double", 3: "triple"}
_STRUCTURE_WORDS = {"pot": "pot limit", "half-pot": "half-pot limit", "no": "no limit"}
#: An award's pot: "", "main" or "side N", then for a split game the half it is from.
_POT = re.compile(r"(?:(?P<pot>main|side (?P<side>\d+))(?: (?=.)|$))?(?P<half>badugi|lowball)?")
_ORDINALS = {1: "FIRST", 2: "SECOND", 3: "THIRD"}


def format_session_start(record: SessionStart) -> str:
    """The session header: the session line, the rules and one line per seat.

    >>> from badugi_hh.events import SessionPlayer
    >>> print(format_session_start(SessionStart(session_id="s1", ruleset=HOUSE,
    ...       players=[SessionPlayer(seat=1, name="Ana", stack=100)])), end="")
    Session #s1
    Rules: Badugi triple draw, fixed limit 2/4, blinds 1/2, cap 3 raises, heads-up, stacks 100, 12 hands
    Seat 1: Ana (100)
    """
    session = f"Session #{_checked(_SESSION_ID, record.session_id, 'session id')}"
    if record.title:
        session += f" {_quoted(record.title)}"
    if record.started_at is not None:
        session += f" {_when(record.started_at)}"
    seats = [format_event(Seat(player=player.name, seat=player.seat, stack=player.stack))
             for player in record.players]
    return _lines([session, _rules(record.ruleset), *seats])


def format_hand(hand: Hand, seats: Mapping[int, str] | None = None) -> str:
    """A hand: its ``Hand #`` line, then a line per event.

    ``seats`` (seat number to name) lets the button be written as a name,
    ``button Ana``; without it the line says ``button seat 1``.

    >>> hand = Hand(hand_id="s1#4", number=4, ruleset=HOUSE, events=[
    ...     Button(seat=2), Check(player="Ana"), Award(player="Ana", amount=3)])
    >>> print(format_hand(hand, {1: "Ana", 2: "Bruno"}), end="")
    Hand #4 - button Bruno
    Ana: checks
    Ana wins 3
    """
    events = hand.events
    header = f"Hand #{hand.number}"
    if events and isinstance(events[0], Button):
        seat = events[0].seat
        button = _name(seats[seat]) if seats and seat in seats else f"seat {seat}"
        header += f" - button {button}"
        events = events[1:]
    if hand.started_at is not None:
        header += f" - {_when(hand.started_at)}"
    lines = [header]
    for kind, run in groupby(events, type):
        if kind in (StackStated, NetStated):
            lines.append(_stated(kind, list(run)))
        else:
            lines.extend(map(format_event, run))
    return _lines(lines)


def format_session_end(record: SessionEnd) -> str:
    """The session's closing line.

    >>> print(format_session_end(SessionEnd(winner="Ana", stacks={"Ana": 130, "Bruno": 70})))
    Session ends - Ana wins - stacks Ana 130, Bruno 70
    <BLANKLINE>
    """
    line = "Session ends"
    if record.winner is not None and record.draw:
        raise ValueError("a session cannot end both won and drawn")
    if record.winner is not None:
        line += f" - {_name(record.winner)} wins"
    elif record.draw:
        line += " - draw"
    if record.stacks:
        line += " - stacks " + ", ".join(f"{_name(name)} {_amount(amount)}"
                                         for name, amount in record.stacks.items())
    return _lines([line])


def format_event(event: Event) -> str:
    """One event as its line of a hand (a :class:`Button` lives in the hand's first line).

    >>> format_event(Draw(player="Bruno", discarded=(None, None)))
    'Bruno: discards 2'
    """
    match event:
        case Seat(player=player, seat=seat, stack=stack):
            stated = "" if stack is None else f" ({_amount(stack)})"
            return f"Seat {seat}: {_name(player)}{stated}"
        case Street(kind=kind, number=number):
            return f"*** {_street(kind, number)} ***"
        case Deal(player=player, cards=cards):
            return f"Dealt to {_name(player)} {_cards(cards)}"
        case Burn(card=card):
            return f"Burn {_cards((card,))}"
        case UncalledReturned(player=player, amount=amount):
            return f"Uncalled bet {_amount(amount)} returned to {_name(player)}"
        case Award(player=player, amount=amount, pot=pot, description=description):
            return f"{_name(player)} wins {_amount(amount)}{_pot(pot)}{_description(description)}"
        case PotTotal(total=None):
            raise ValueError("the house format states a rake only with the pot's total")
        case PotTotal(total=total, rake=rake):
            return f"Total pot {_amount(total)}" + (f" | Rake {_amount(rake)}" if rake else "")
        case StackStated() | NetStated():
            return _stated(type(event), [event])
        case Button():
            raise ValueError("a button can only be the first event of a hand")
    return f"{_name(event.player)}: {_action(event)}"  # type: ignore[attr-defined]


def write_records(records: Iterable[Record], out: TextIO) -> None:
    """Write ``records`` as a house log, a blank line between them.

    A :class:`ParseError` is written as comment lines holding its message and
    the text that could not be read, so converting a log loses nothing.
    """
    seats: dict[int, str] = {}
    for index, record in enumerate(records):
        if index:
            out.write("\n")
        if isinstance(record, SessionStart):
            seats = {player.seat: player.name for player in record.players}
            out.write(format_session_start(record))
        elif isinstance(record, Hand):
            out.write(format_hand(record, seats))
        elif isinstance(record, SessionEnd):
            out.write(format_session_end(record))
        else:
            out.write(_commented(record))


# -- pieces --------------------------------------------------------------------------

def _action(event: Event) -> str:
    match event:
        case PostBlind(amount=amount, kind=kind, all_in=all_in):
            if kind not in _BLIND_WORDS:   # a site's ante
                raise ValueError(f"the house format has no line for a post of kind {kind!r}")
            return f"posts {_BLIND_WORDS[kind]} {_amount(amount)}{_all_in(all_in)}"
        case Check():
            return "checks"
        case Fold():
            return "folds"
        case Bet(amount=amount, all_in=all_in):
            return f"bets {_amount(amount)}{_all_in(all_in)}"
        case Call(amount=amount, all_in=all_in):
            return f"calls {_amount(amount)}{_all_in(all_in)}"
        case Raise(to=to, by=by, all_in=all_in):
            by_text = "" if by is None else f"{_amount(by)} "
            return f"raises {by_text}to {_amount(to)}{_all_in(all_in)}"
        case Draw(discarded=discarded, drawn=drawn):
            return _draw(discarded, drawn)
        case DrawnCards(cards=cards):
            return f"draws {_cards(cards)}"
        case Show(cards=cards, description=description):
            return f"shows {_cards(cards)}{_description(description)}"
        case Muck(cards=cards):
            return "mucks" if cards is None else f"mucks {_cards(cards)}"
    raise ValueError(f"the house format has no line for {event!r}")


def _draw(discarded: Cards, drawn: Cards | None) -> str:
    """``stands pat``, or ``discards N``, with the cards where any is known."""
    if not discarded and drawn is None:
        return "stands pat"
    text = f"discards {len(discarded)}"
    if any(card is not None for card in discarded):
        text += f" {_cards(discarded)}"
    return text if drawn is None else f"{text} draws {_cards(drawn)}"


def _street(kind: str, number: int) -> str:
    if kind == "draw":
        return f"{_ORDINALS[number]} DRAW" if number in _ORDINALS else f"DRAW {number}"
    if kind == "betting":
        return f"BETTING ROUND {number}"
    names = {"deal": "DEALING HANDS", "showdown": "SHOWDOWN", "summary": "SUMMARY"}
    if number != 1 or kind not in names:
        raise ValueError(f"the house format has no street marker for {kind} {number}")
    return names[kind]


def _stated(kind: type, events: list[Event]) -> str:
    """Consecutive stacks (or net results) of a hand, on one line."""
    if kind is StackStated:
        return "Stacks: " + ", ".join(f"{_name(event.player)} {_amount(event.amount)}"
                                      for event in events)  # type: ignore[attr-defined]
    return "Net: " + ", ".join(f"{_name(event.player)} {event.amount:+d}"
                               for event in events)  # type: ignore[attr-defined]


def _rules(ruleset: Ruleset) -> str:
    name = "" if ruleset.name == HOUSE.name else f" {_quoted(ruleset.name)}"
    game = GAMES[ruleset.game]
    draws = (f"{_DRAW_WORDS[ruleset.draws]} draw" if ruleset.draws in _DRAW_WORDS
             else f"{ruleset.draws} draws")
    # the game's own words (the registry's), or its short name and other draws, counted
    # where the words would name another game (2-7 single draw is not 2-7 triple draw's)
    words = (game.house_name if ruleset.draws == game.draws
             else f"{game.site_names['house'][-1]} {draws}")
    if game_for_site_name("house", words) not in (game, None):
        words = f"{game.site_names['house'][-1]} {ruleset.draws} draws"
    clauses = [words, _STRUCTURE_WORDS.get(ruleset.structure,
                                           f"fixed limit {ruleset.small_bet}/{ruleset.big_bet}"),
               f"blinds {ruleset.small_blind}/{ruleset.big_blind}",
               f"cap {ruleset.max_raises} {'raise' if ruleset.max_raises == 1 else 'raises'}",
               _players(ruleset.min_players, ruleset.max_players),
               "stacks as seated" if ruleset.starting_stack is None
               else f"stacks {ruleset.starting_stack}",
               "unlimited hands" if ruleset.session_hands is None
               else f"{ruleset.session_hands} hands"]
    if ruleset.hand_size != game.hand_size:
        clauses.append(f"{ruleset.hand_size} cards")
    if not ruleset.burns_logged:
        clauses.append("burns not logged")
    if not ruleset.deal_order_logged:
        clauses.append("deal order not logged")
    if ruleset.rake:
        clauses.append("rake")
    if ruleset.odd_chip != HOUSE.odd_chip:
        clauses.append("odd chip left of button")
    return f"Rules{name}: " + ", ".join(clauses)


def _players(least: int, most: int) -> str:
    if least == most == 2:
        return "heads-up"
    return f"{least} players" if least == most else f"{least} to {most} players"


def _pot(pot: str) -> str:
    """`` from main pot``, `` from badugi half of side pot 1``: where an award comes from.

    >>> _pot("side 2 lowball"), _pot("badugi"), _pot("")
    (' from lowball half of side pot 2', ' from badugi half', '')
    """
    match = _POT.fullmatch(pot)
    if match is None:
        raise ValueError(f"the house format has no words for the pot {pot!r}")
    words = "main pot" if match["pot"] == "main" else (
        f"side pot {match['side']}" if match["side"] else "")
    if match["half"]:
        words = f"{match['half']} half" + (f" of {words}" if words else "")
    return f" from {words}" if words else ""


def _cards(cards: Iterable[Card | None]) -> str:
    return f"[{format_cards(cards)}]"


def _all_in(all_in: bool) -> str:
    return " and is all-in" if all_in else ""


def _description(description: str | None) -> str:
    return "" if description is None else f" ({_one_line(description, 'description')})"


def _amount(amount: int) -> int:
    if amount < 0:
        raise ValueError(f"amounts are never negative: {amount}")
    return amount


def _name(name: str) -> str:
    if name in RESERVED_NAMES:
        raise ValueError(f"{name!r} is a word of the format and cannot be a player's name")
    return _checked(_NAME, name, "player's name")


def _checked(pattern: re.Pattern[str], text: str, what: str) -> str:
    if not pattern.fullmatch(text):
        raise ValueError(f"{text!r} is not a {what} the house format can write "
                         "(letters, digits and _ . ' - only)")
    return text


def _quoted(text: str) -> str:
    return '"' + _one_line(text, "title").replace("\\", "\\\\").replace('"', '\\"') + '"'


def _one_line(text: str, what: str) -> str:
    """Free text, which must not end its line early or look like a binary file."""
    if any(character in text for character in "\n\r\0"):
        raise ValueError(f"a {what} must fit on its line: {text!r}")
    return text


def _when(moment: datetime) -> str:
    return f"{moment:%Y-%m-%d %H:%M}" + (f":{moment:%S}" if moment.second else "")


def _commented(error: ParseError) -> str:
    lines = [f"# could not be read: {error}", *error.text.splitlines()]
    return _lines(["# " + line if index else line for index, line in enumerate(lines)])


def _lines(lines: list[str]) -> str:
    return "".join(line + "\n" for line in lines)
