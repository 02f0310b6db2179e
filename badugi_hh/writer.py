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

It writes any well-formed record the format can express, a site's hand too (its
names with blanks in double quotes, its antes, its rake, what its summary says each
seat collected, the money its amounts are in); a value it cannot (a pot it has no
words for, a name that is not one line) raises :class:`ValueError` rather than
producing text that would read back differently.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Mapping
from datetime import datetime
from itertools import groupby
from typing import TextIO

from badugi_hh.cards import Card, format_cards
from badugi_hh.events import (
    LOWBALL_HALF, Award, Bet, Burn, Button, Call, Cards, Check, Deal, Draw, DrawnCards, Event,
    Fold, Hand, Muck, NetStated, Note, ParseError, PlayerEvent, PostBlind, PotTotal, Raise, Record,
    RunCards, Seat, SessionEnd, SessionStart, Show, SkippedHand, StackStated, Street,
    SummaryResult, TournamentSummary, UncalledReturned,
)
from badugi_hh.games import GAMES, game_for_site_name
from badugi_hh.hand_ids import HandId
from badugi_hh.parsers.house import RESERVED_NAMES
from badugi_hh.rules import HOUSE, Ruleset
from badugi_hh.sites import HOUSE_SITE, site_of

__all__ = ["format_event", "format_hand", "format_session_end", "format_session_start",
           "house_log", "refuse_damaged", "write_records"]

_NAME = re.compile(r"\w[\w.'-]*")        # the grammar's NAME
_SESSION_ID = re.compile(r"[\w.-]+")     # the grammar's SESSION_ID
_SITE_HAND = re.compile(r"\w[\w.-]*")    # the grammar's SITE_HAND, no "#" (and TOURNAMENT_ID)
_BUY_IN = re.compile(r'[^\s"]+')          # the grammar's BUY_IN without a code after it
_BLIND_WORDS = {"small": "small blind", "big": "big blind", "dead": "dead blind",
                "small+big": "small & big blinds", "ante": "ante", "straddle": "straddle"}
#: The words of each betting structure but fixed limit.
_LIMIT_WORDS = {"pot": "pot limit", "half-pot": "half-pot limit", "no": "no limit"}
#: The lines that state one figure a player, written one line for a run of them.
_STATED: dict[type[PlayerEvent], str] = {StackStated: "Stacks", NetStated: "Net", SummaryResult: "Collected"}
_DRAW_WORDS = {1: "single", 2: "double", 3: "triple"}
#: The words of the halves of a split pot: each half's name in the registry, and the older
#: word for the second half of Badeucy and Badacey (docs/format.md).
_HALF_WORDS = sorted({half.name for game in GAMES.values() if game.split for half in game.halves}
                     | {LOWBALL_HALF})
#: An award's pot: "", "main" or "side N", then for a split game the half it is from.
_POT = re.compile(r"(?:(?P<pot>main|side(?: (?P<side>\d+))?|pot (?P<number>\d+))(?: (?=.)|$))?"
                  rf"(?P<half>{'|'.join(map(re.escape, _HALF_WORDS))})?")
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


def format_hand(hand: Hand, seats: Mapping[int, str] | None = None,
                rules: Ruleset | None = None) -> str:
    """A hand: its ``Hand #`` line, then a line per event.

    ``seats`` (seat number to name) lets the button be written as a name,
    ``button Ana``; without it the line says ``button seat 1``. ``rules`` are its
    session's: a hand under others (a tournament's next level) says its own in a
    ``Rules`` line after the ``Hand`` line.

    >>> hand = Hand(hand_id="s1#4", number=4, ruleset=HOUSE, events=[
    ...     Button(seat=2), Check(player="Ana"), Award(player="Ana", amount=3)])
    >>> print(format_hand(hand, {1: "Ana", 2: "Bruno"}), end="")
    Hand #4 - button Bruno
    Ana: checks
    Ana wins 3
    """
    events = hand.events
    header = f"Hand #{hand.number}{_origin(hand)}"
    if events and isinstance(events[0], Button):
        seat, named = events[0].seat, events[0].player
        if named is not None:   # a name the session seats nobody under, kept as written
            button = _name(named)
        elif seat is not None and seats and seat in seats:
            button = _name(seats[seat])
        else:
            button = f"seat {seat}"
        header += f" - button {button}"
        events = events[1:]
    if hand.started_at is not None:
        header += f" - {_when(hand.started_at)}"
    if hand.unit != 1 or hand.currency is not None:
        header += f" - {_money(hand.currency, hand.unit)}"
    lines = [header]
    if rules is not None and hand.ruleset != rules:
        lines.append(_rules(hand.ruleset))
    for kind, run in groupby(events, type):
        if kind in _STATED:
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
        case Seat(player=player, seat=seat, stack=stack, in_hand=in_hand,
                  sitting_out=sitting_out):
            stated = "" if stack is None else f" ({_amount(stack)})"
            out = (" is sitting out and dealt in" if sitting_out
                   else "" if in_hand else " is sitting out")
            return f"Seat {seat}: {_name(player)}{stated}{out}"
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
        case PotTotal(total=None, rake=rake):
            return f"Rake {_amount(rake or 0)}"
        case PotTotal(total=int() as total, rake=rake):
            return f"Total pot {_amount(total)}" + (f" | Rake {_amount(rake)}" if rake else "")
        case StackStated() | NetStated() | SummaryResult():
            return _stated(type(event), [event])
        case RunCards(player=player, run=run, kind=kind, cards=cards):
            verb = "draws" if kind == "drawn" else "shows"
            return f"{_name(player)}: {verb} {_cards(cards)} in run {run}"
        case Button():
            raise ValueError("a button can only be the first event of a hand")
    return f"{_name(event.player)}: {_action(event)}"  # type: ignore[attr-defined]


def house_log(hands: Iterable[tuple[SessionStart | None, Hand]]) -> tuple[str, int, list[str]]:
    """Stored hands of any dialect, each with its session's header, as a house log.

    Each session's header comes before its first hand (its id made one the format
    writes: a site's ``:`` and blanks become ``-``); a hand under other rules than its
    session's says its own; a site's notes (chat, joins, clocks) are left out, as the
    format has no line for them. A hand the format cannot say is left out and named, and
    so is a hand with a line that could not be read (:func:`refuse_damaged`).
    Returns the text, how many hands it holds, and what was left out.
    """
    blocks: list[str] = []
    failures: list[str] = []
    current: SessionStart | None = None
    first: Hand | None = None   # the current session's first hand, which names its tournament
    count = 0
    for session, hand in hands:
        try:
            refuse_damaged(hand)
            header = ""
            if session is not None and session is not current:
                header = format_session_start(_house_session(session)) + _tournament(hand)
            elif first is not None:
                _refuse_other_tournament(hand, first)
            seats = {player.seat: player.name for player in session.players} if session else None
            text = format_hand(_house_hand(hand), seats,
                               session.ruleset if session is not None else None)
        except ValueError as error:
            failures.append(f"{HandId.parse(hand.site, hand.hand_id).named}: not written: "
                            f"{error}")
            continue
        if header:
            current, first = session, hand
            blocks.append(header)
        blocks.append(text)
        count += 1
    return "\n".join(blocks), count, failures


def _tournament(hand: Hand) -> str:
    """The ``Tournament`` line of the session whose first hand is ``hand``: its id and
    buy-in, each a word or in double quotes; none for a hand of no tournament.

    >>> _tournament(Hand(hand_id="ps-1", number=1, ruleset=HOUSE, events=[],
    ...                  tournament="330855877", buy_in="$1.00+$0.20"))
    'Tournament #330855877 - buy-in $1.00+$0.20\\n'
    >>> _tournament(Hand(hand_id="o-1", number=1, ruleset=HOUSE, events=[],
    ...                  tournament="Sunday 500", buy_in="€4.60 + €0.40"))
    'Tournament "Sunday 500" - buy-in "€4.60 + €0.40"\\n'
    """
    if not hand.tournament:
        return ""
    line = "Tournament " + (f"#{hand.tournament}" if _SITE_HAND.fullmatch(hand.tournament)
                            else _quoted(hand.tournament, "tournament's id"))
    if hand.buy_in:
        line += " - buy-in " + (hand.buy_in if _BUY_IN.fullmatch(hand.buy_in)
                                else _quoted(hand.buy_in, "buy-in"))
    return _lines([line])


def _refuse_other_tournament(hand: Hand, first: Hand) -> None:
    """ValueError where ``hand`` is of another tournament than its session's first hand,
    which the session's ``Tournament`` line names for all its hands."""
    if (hand.tournament or None, hand.buy_in or None) != (first.tournament or None,
                                                          first.buy_in or None):
        raise ValueError(f"its tournament ({hand.tournament} {hand.buy_in or ''}) is not its "
                         f"session's ({first.tournament} {first.buy_in or ''})")


def refuse_damaged(hand: Hand) -> None:
    """ValueError, naming and counting them, when lines of ``hand`` could not be read.

    Written without them, the hand would read back whole and be judged past the first,
    where its import judged it only up to it (and PHH's replay would act it out): an
    export would change its verdict, or say it in words its log never had.

    >>> refuse_damaged(Hand(hand_id="s1#4", number=4, ruleset=HOUSE, events=[], damaged=(20, 23)))
    Traceback (most recent call last):
    ...
    ValueError: 2 lines of the hand could not be read (lines 20, 23)
    """
    if len(hand.damaged) == 1:
        raise ValueError(f"line {hand.damaged[0]} of the hand could not be read")
    if hand.damaged:
        raise ValueError(f"{len(hand.damaged)} lines of the hand could not be read (lines "
                         f"{', '.join(map(str, hand.damaged))})")


def _house_session(session: SessionStart) -> SessionStart:
    """The session with an id the format can write: a site's ``:`` become ``-``."""
    return dataclasses.replace(session, session_id=re.sub(r"[^\w.-]", "-", session.session_id))


def _house_hand(hand: Hand) -> Hand:
    """The hand as a house log says it: the button first (sites seat first), and without
    the site's notes, which the format has no line for."""
    buttons = [event for event in hand.events if isinstance(event, Button)]
    rest = [event for event in hand.events if not isinstance(event, (Button, Note))]
    return dataclasses.replace(hand, events=buttons[:1] + rest)


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
        elif isinstance(record, SkippedHand):
            out.write(f"# skipped: {record.game} hand {record.hand_id}\n")
        elif isinstance(record, TournamentSummary):   # a summary file's: no hand to write
            out.write(f"# tournament summary: {record.site} {record.tournament_id}\n")
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


def _stated(kind: type[PlayerEvent], events: list[Event]) -> str:
    """Consecutive stacks (or net results, or what a summary says each seat collected) of
    a hand, on one line."""
    if kind is NetStated:
        figures = [f"{_name(event.player)} {event.amount:+d}"  # type: ignore[attr-defined]
                   for event in events]
    else:
        figures = [f"{_name(event.player)} "  # type: ignore[attr-defined]
                   f"{_amount(event.won if kind is SummaryResult else event.amount)}"  # type: ignore[attr-defined]
                   for event in events]
    return f"{_STATED[kind]}: " + ", ".join(figures)


def _rules(ruleset: Ruleset) -> str:
    name = "" if ruleset.name == HOUSE.name else f" {_quoted(ruleset.name)}"
    game = GAMES[ruleset.game]
    draws = (f"{_DRAW_WORDS[ruleset.draws]} draw" if ruleset.draws in _DRAW_WORDS
             else f"{ruleset.draws} draws")
    # the game's own words (the registry's), or its short name and other draws, counted
    # where the words would name another game (2-7 single draw is not 2-7 triple draw's)
    words = (game.house_name if ruleset.draws == game.draws
             else f"{game.site_names[HOUSE_SITE][-1]} {draws}")
    if game_for_site_name(HOUSE_SITE, words) not in (game, None):
        words = f"{game.site_names[HOUSE_SITE][-1]} {ruleset.draws} draws"
    limit = _LIMIT_WORDS.get(ruleset.structure, "fixed limit")
    clauses = [words, f"{limit} {ruleset.small_bet}/{ruleset.big_bet}",
               f"blinds {ruleset.small_blind}/{ruleset.big_blind}",
               f"cap {ruleset.max_raises} {'raise' if ruleset.max_raises == 1 else 'raises'}",
               _players(ruleset.min_players, ruleset.max_players),
               "stacks as seated" if ruleset.starting_stack is None
               else f"stacks {ruleset.starting_stack}",
               "unlimited hands" if ruleset.session_hands is None
               else f"{ruleset.session_hands} hands"]
    if ruleset.hand_size != game.hand_size:
        clauses.append(f"{ruleset.hand_size} cards")
    if not ruleset.cap_heads_up:
        clauses.append("no cap heads-up")
    if not ruleset.burns_logged:
        clauses.append("burns not logged")
    if not ruleset.deal_order_logged:
        clauses.append("deal order not logged")
    if ruleset.rake:
        clauses.append("rake")
    if ruleset.odd_chip != HOUSE.odd_chip:
        clauses.append("odd chip left of button")
    if ruleset.min_bet is not None:
        clauses.append(f"min bet {ruleset.min_bet}")
    if ruleset.dead_money_in_main_pot:
        clauses.append("dead money in main pot")
    if ruleset.antes_trimmed:
        clauses.append("antes trimmed")
    if ruleset.deck_recycling == "dead_cards":
        clauses.append("dead cards recycled")
    if not ruleset.reopen_by_least_bet:
        clauses.append("reopen by largest raise")
    clauses += [words for words, kept in (("lone player acts", ruleset.lone_player_acts),
                                          ("raise over short all-in",
                                           ruleset.raise_over_short_all_in),
                                          ("partial shows judged",
                                           ruleset.partial_show_judged),
                                          ("unshown hands mucked", not ruleset.shows_logged),
                                          ("button may stay", not ruleset.button_alternates),
                                          ("play on after a bust",
                                           not ruleset.bust_ends_session))
                if kept]
    clauses += [words for words, kept in (("dead small blind", ruleset.dead_small_blind),
                                          ("antes returned", ruleset.uncovered_antes_returned),
                                          ("sitting out folded", ruleset.sitting_out_folded),
                                          ("folded hands recycled",
                                           ruleset.deck_recycling == "folded_hands_and_discards"))
                if kept]
    return f"Rules{name}: " + ", ".join(clauses)


def _origin(hand: Hand) -> str:
    """`` - pokerstars hand 49164202872``: a site's hand, whose number names it wherever it
    is read, says it, so that it reads back as the same hand (its site and hand id); a
    house hand, or one whose id names it only in its file (PHH's), says nothing.

    >>> _origin(Hand(hand_id="merge#33423082-14", number=14, ruleset=HOUSE, events=[],
    ...              site="merge"))
    ' - merge hand 33423082-14'
    """
    entry = site_of(hand.site)
    if entry is None or not entry.hand_id_prefix:
        return ""
    hand_id = HandId.parse(hand.site, hand.hand_id)
    if str(hand_id) != hand.hand_id:
        raise ValueError(f"the hand id {hand.hand_id!r} is not a {entry.name} hand number")
    return f" - {hand.site} hand {_checked(_SITE_HAND, hand_id.number, 'hand number')}"


def _players(least: int, most: int) -> str:
    if least == most == 2:
        return "heads-up"
    return f"{least} players" if least == most else f"{least} to {most} players"


def _pot(pot: str) -> str:
    """`` from main pot``, `` from badugi half of side pot 1``: where an award comes from.

    >>> _pot("side 2 2-7"), _pot("badugi"), _pot("lowball"), _pot("")
    (' from 2-7 half of side pot 2', ' from badugi half', ' from lowball half', '')
    """
    match = _POT.fullmatch(pot)
    if match is None:
        raise ValueError(f"the house format has no words for the pot {pot!r}")
    pot, side, number = match["pot"], match["side"], match["number"]
    words = ("" if pot is None else f"side pot {side}" if side else f"pot {number}" if number
             else f"{pot} pot")
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
    """A player's name: a word as it is, any other name (a keyword, a name with blanks)
    in double quotes, ``\\`` before a quote or a backslash in it."""
    if _NAME.fullmatch(name) and name not in RESERVED_NAMES:
        return name
    if not name:
        raise ValueError("a player's name cannot be empty")
    return '"' + _one_line(name, "player's name").replace("\\", "\\\\").replace('"', '\\"') + '"'


def _money(currency: str | None, unit: int) -> str:
    """What a hand's amounts are: ``USD in cents``, ``chips``, ``PLAY``.

    >>> _money("USD", 100), _money(None, 1), _money(None, 100)
    ('USD in cents', 'chips', 'chips in cents')
    """
    if unit not in (1, 100):
        raise ValueError(f"amounts in units of 1/{unit} cannot be written")
    code = currency if currency is not None else "chips"
    if not re.fullmatch(r"[A-Z]{3,5}|chips", code):
        raise ValueError(f"the house format names a currency by its code, not {code!r}")
    return code + (" in cents" if unit == 100 else "")


def _checked(pattern: re.Pattern[str], text: str, what: str) -> str:
    if not pattern.fullmatch(text):
        raise ValueError(f"{text!r} is not a {what} the house format can write "
                         "(letters, digits and _ . ' - only)")
    return text


def _quoted(text: str, what: str = "title") -> str:
    return '"' + _one_line(text, what).replace("\\", "\\\\").replace('"', '\\"') + '"'


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
