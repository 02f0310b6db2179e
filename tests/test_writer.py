"""The writer: reading what it writes gives back the same records, exactly."""

from __future__ import annotations

import dataclasses
import io
from datetime import datetime

import pytest
from conftest import examples_by_tier
from hypothesis import given, settings
from hypothesis import strategies as st
from lark.lexer import PatternStr

from badugi_hh.cards import DECK, JOKER
from badugi_hh.events import (
    Award, Bet, Burn, Button, Call, Check, Deal, Draw, DrawnCards, Fold, Hand, Muck,
    NetStated, ParseError, PostBlind, PotTotal, Raise, Record, Seat, SessionEnd,
    SessionPlayer, SessionStart, Show, SkippedHand, StackStated, Street, UncalledReturned,
)
from badugi_hh.parsers.house import RESERVED_NAMES, hand_line_events, house_parser, read_house
from badugi_hh.rules import HOUSE, Ruleset
from badugi_hh.simulate import simulate
from badugi_hh.writer import (
    format_event, format_hand, format_session_end, format_session_start, write_records,
)

SOURCE = "written.txt"

#: Every keyword of the grammar that could be mistaken for a name: names are
#: drawn from these too, so a keyword missing from RESERVED_NAMES shows up.
KEYWORDS = sorted({terminal.pattern.value for terminal in house_parser().terminals
                   if isinstance(terminal.pattern, PatternStr)
                   and terminal.pattern.value[:1].isalpha()})

#: Names of one word, keywords (written in double quotes where a keyword could stand), and
#: any one line of text, as a site's screen names are ("Mr Pink", 'say "hi"').
names = st.one_of(
    st.from_regex(r"[A-Za-zÀ-ÖØ-öø-ÿ0-9][\w.'-]{0,7}", fullmatch=True),
    st.sampled_from(KEYWORDS), st.sampled_from(sorted(RESERVED_NAMES)),
    st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\n\r\x00"),
            min_size=1, max_size=12),
)
amounts = st.integers(min_value=0, max_value=10**6)
cards = st.sampled_from([*DECK, JOKER, None])
card_lists = st.lists(cards, max_size=5).map(tuple)
one_line_text = st.text(st.characters(blacklist_categories=("Cs",),
                                      blacklist_characters="\n\r\x00"), max_size=20)
descriptions = st.none() | one_line_text
moments = st.none() | st.datetimes(min_value=datetime(1990, 1, 1),
                                   max_value=datetime(2100, 1, 1)).map(
    lambda moment: moment.replace(microsecond=0))

streets = st.one_of(
    st.builds(Street, kind=st.sampled_from(["draw", "betting"]),
              number=st.integers(0, 20)),
    st.builds(Street, kind=st.sampled_from(["deal", "showdown", "summary"]),
              number=st.just(1)),
)
events = st.one_of(
    st.builds(Seat, player=names, seat=st.integers(0, 99), stack=st.none() | amounts),
    st.builds(PostBlind, player=names, amount=amounts,
              kind=st.sampled_from(["small", "big", "dead", "small+big"]), all_in=st.booleans()),
    streets,
    st.builds(Deal, player=names, cards=card_lists),
    st.builds(Burn, card=cards),
    st.builds(Draw, player=names, discarded=card_lists, drawn=st.none() | card_lists),
    st.builds(DrawnCards, player=names, cards=card_lists),
    st.builds(Check, player=names),
    st.builds(Fold, player=names),
    st.builds(Bet, player=names, amount=amounts, all_in=st.booleans()),
    st.builds(Call, player=names, amount=amounts, all_in=st.booleans()),
    st.builds(Raise, player=names, to=amounts, by=st.none() | amounts, all_in=st.booleans()),
    st.builds(UncalledReturned, player=names, amount=amounts),
    st.builds(Show, player=names, cards=card_lists, description=descriptions),
    st.builds(Muck, player=names, cards=st.none() | card_lists),
    st.builds(Award, player=names, amount=amounts,
              pot=st.sampled_from(["", "main", "side 1", "side 12", "badugi", "lowball",
                                   "main badugi", "side 3 lowball"]),
              description=descriptions),
    st.builds(PotTotal, total=amounts, rake=amounts),
    st.builds(StackStated, player=names, amount=amounts),
    st.builds(NetStated, player=names, amount=st.integers(-10**6, 10**6)),
)
rulesets = st.builds(
    Ruleset,
    name=st.just("house") | one_line_text,
    game=st.sampled_from(["badugi", "badeucy", "badacey", "27td", "a5td"]),
    min_players=st.integers(2, 9), max_players=st.integers(2, 9),
    starting_stack=st.none() | amounts,
    small_blind=amounts, big_blind=amounts, small_bet=amounts, big_bet=amounts,
    max_raises=st.integers(0, 9), draws=st.integers(0, 9), hand_size=st.integers(1, 9),
    session_hands=st.none() | st.integers(1, 500),
    burns_logged=st.booleans(), deal_order_logged=st.booleans(), rake=st.booleans(),
    odd_chip=st.sampled_from(["big_blind", "first_left_of_button"]),
)


@st.composite
def sessions(draw: st.DrawFn) -> list[Record]:
    """A session start, some hands of random well-formed events, maybe an end."""
    players = draw(st.lists(names, min_size=1, max_size=6, unique=True))
    seats = draw(st.lists(st.integers(1, 10), min_size=len(players),
                          max_size=len(players), unique=True))
    session_id = draw(st.from_regex(r"[\w.-]{1,12}", fullmatch=True))
    ruleset = draw(rulesets)
    records: list[Record] = [SessionStart(
        session_id=session_id, ruleset=ruleset, title=draw(one_line_text),
        started_at=draw(moments), source=SOURCE,
        players=[SessionPlayer(seat=seat, name=name, stack=draw(amounts))
                 for seat, name in zip(seats, players)])]
    for number in draw(st.lists(st.integers(0, 10**6), max_size=4)):
        button = draw(st.lists(st.builds(Button, seat=st.sampled_from(seats) | st.integers(0, 99)),
                               max_size=1))
        body = draw(st.lists(events, max_size=12))
        result = draw(st.builds(Award, player=names, amount=amounts))
        records.append(Hand(hand_id=f"{session_id}#{number}", number=number, ruleset=ruleset,
                            events=[*button, *body, result], source=SOURCE,
                            session_id=session_id, started_at=draw(moments)))
    if draw(st.booleans()):
        winner = draw(st.none() | st.sampled_from(players))
        records.append(SessionEnd(
            winner=winner, draw=winner is None and draw(st.booleans()), source=SOURCE,
            stacks=draw(st.dictionaries(st.sampled_from(players), amounts))))
    return records


def written(records: list[Record]) -> str:
    out = io.StringIO()
    write_records(records, out)
    return out.getvalue()


def without_lines(record: Record) -> Record:
    """The record as the test built it: no line numbers (the writer decides those)."""
    record = dataclasses.replace(record, line=0)
    if isinstance(record, SessionStart):
        record.players = [dataclasses.replace(player, line=0) for player in record.players]
    if isinstance(record, Hand):
        record.events = [dataclasses.replace(event, line=0) for event in record.events]
    return record


@pytest.mark.parametrize("examples", examples_by_tier(100, 300))
def test_reading_what_was_written_gives_the_same_records(examples: int) -> None:
    @settings(max_examples=examples, deadline=None)
    @given(sessions())
    def round_trip(records: list[Record]) -> None:
        text = written(records)
        read = list(read_house(text, name=SOURCE))
        assert [without_lines(record) for record in read] == records

    round_trip()


@settings(max_examples=100, deadline=None)
@given(sessions())
def test_line_numbers_point_at_the_written_lines(records: list[Record]) -> None:
    text = written(records)
    lines = text.split("\n")
    for record in read_house(text, name=SOURCE):
        assert lines[record.line - 1].startswith(("Session", "Hand"))
        if isinstance(record, SessionStart):   # a G3 about a stack points at its seat line
            for player in record.players:
                assert lines[player.line - 1].startswith(f"Seat {player.seat}: ")
        if isinstance(record, Hand):
            for event in record.events:
                if isinstance(event, Button):
                    assert event.line == record.line
                else:
                    assert event in hand_line_events(lines[event.line - 1], event.line)
    assert written(list(read_house(text, name=SOURCE))) == text


def test_simulated_sessions_round_trip() -> None:
    played = list(simulate(sessions=5, seed=11))
    read = list(read_house(written(played), name=SOURCE))
    assert [without_lines(dataclasses.replace(record, source=SOURCE)) for record in read] == [
        without_lines(dataclasses.replace(record, source=SOURCE)) for record in played]


def test_the_sketch_hand_is_written_as_players_type_it() -> None:
    hand = next(record for record in read_house(SKETCH) if isinstance(record, Hand))
    assert format_hand(hand, {1: "Ana", 2: "Bruno"}) == SKETCH.split("\n\n")[1]


def test_a_button_named_as_nobody_seated_is_written_as_the_log_wrote_it() -> None:
    """A misspelt button (read with its name: the audit judges it) survives an export."""
    text = ("Session #t\nSeat 1: Ana (100)\nSeat 2: Bruno (100)\n\n"
            "Hand #1 - button Bruon\nAna wins 3\n")
    hand = next(record for record in read_house(text) if isinstance(record, Hand))
    assert format_hand(hand, {1: "Ana", 2: "Bruno"}).splitlines()[0] == "Hand #1 - button Bruon"


def test_a_session_header_states_every_number_of_the_rules() -> None:
    start = SessionStart(session_id="t", ruleset=HOUSE.replace(max_players=6, rake=True),
                         players=[SessionPlayer(seat=1, name="Ana", stack=50)],
                         title='the "big" one', started_at=datetime(2026, 11, 27, 20, 0, 5))
    assert format_session_start(start) == (
        'Session #t "the \\"big\\" one" 2026-11-27 20:00:05\n'
        "Rules: Badugi triple draw, fixed limit 2/4, blinds 1/2, cap 3 raises, "
        "2 to 6 players, stacks 100, 12 hands, rake\n"
        "Seat 1: Ana (50)\n")


def test_pokerkits_rule_of_reopening_is_written_and_read_back() -> None:
    """A PHH hand's ruleset (T8 by PokerKit's rule) survives an export to the house format."""
    rules = HOUSE.replace(structure="no", small_bet=2, big_bet=2, reopen_by_least_bet=False)
    start = SessionStart(session_id="t", ruleset=rules,
                         players=[SessionPlayer(seat=1, name="Ana", stack=50)])
    text = format_session_start(start)
    assert text.splitlines()[1].endswith(", reopen by largest raise")
    [again] = [r for r in read_house(text) if isinstance(r, SessionStart)]
    assert again.ruleset == rules


def test_a_drawn_session_end() -> None:
    assert format_session_end(SessionEnd(draw=True)) == "Session ends - draw\n"


def test_a_parse_error_is_kept_as_comments() -> None:
    error = ParseError(message="hand #2: expected a number", source="a.txt", line=7,
                       column=14, text="Hand #2 - button Ana\nAna: bets x")
    text = written([error])
    assert text == ("# could not be read: a.txt:7:14: hand #2: expected a number\n"
                    "# Hand #2 - button Ana\n# Ana: bets x\n")


@pytest.mark.parametrize("event, complaint", [
    (Check(player="two\nlines"), "fit on its line"),
    (Check(player=""), "cannot be empty"),
    (Award(player="Ana", amount=3, pot="pot of gold"), "no words for the pot"),
    (Street(kind="showdown", number=2), "no street marker"),
    (Bet(player="Ana", amount=-2), "never negative"),
    (Show(player="Ana", cards=(), description="two\nlines"), "fit on its line"),
    (Button(seat=1), "first event of a hand"),
])
def test_what_the_format_cannot_say_is_refused(event, complaint: str) -> None:
    with pytest.raises(ValueError, match=complaint):
        format_event(event)


SKETCH = """\
Session #fri-1127 "Friday home game" 2026-11-27 20:00
Rules: Badugi triple draw, fixed limit 2/4, blinds 1/2, cap 3 raises, heads-up, stacks 100, 12 hands
Seat 1: Ana (100)
Seat 2: Bruno (100)

Hand #1 - button Ana
Ana: posts small blind 1
Bruno: posts big blind 2
Dealt to Bruno [7c 8c 9h Qs]
Dealt to Ana [As 2h 3d Kd]
Ana: raises 2 to 4
Bruno: calls 2
*** FIRST DRAW ***
Burn [5c]
Bruno: discards 2 [8c Qs] draws [4d Jh]
Ana: discards 1 [Kd] draws [4c]
Bruno: checks
Ana: bets 2
Bruno: calls 2
*** SECOND DRAW ***
Burn [??]
Bruno: discards 1 [Jh] draws [2s]
Ana: stands pat
Bruno: checks
Ana: checks
*** THIRD DRAW ***
Burn [Td]
Bruno: stands pat
Ana: stands pat
Bruno: bets 4
Ana: raises 4 to 8
Bruno: calls 4
*** SHOWDOWN ***
Bruno: shows [7c 9h 4d 2s] (badugi 9-7-4-2)
Ana: shows [As 2h 3d 4c] (badugi 4-3-2-A)
Ana wins 28
Stacks: Ana 114, Bruno 86
"""


def test_a_skipped_hand_is_written_as_a_comment_the_reader_reads_past() -> None:
    session, first, *_ = simulate(1, seed=1)
    skipped = SkippedHand(game="Razz", hand_id="pokerstars#1", source=SOURCE, line=1)
    text = written([session, skipped, first])
    assert "\n# skipped: Razz hand pokerstars#1\n" in text
    read = list(read_house(text, "converted.txt"))
    assert [type(record) for record in read] == [SessionStart, Hand]
    assert read[1].hand_id == first.hand_id


def test_a_sessions_tournament_is_written_once_and_a_hand_of_another_refused() -> None:
    """A session's ``Tournament`` line names the tournament of all its hands: it is its
    first hand's, and a later hand of another tournament cannot be said in it."""
    from badugi_hh.writer import house_log

    session = SessionStart(session_id="t", ruleset=HOUSE, players=[
        SessionPlayer(seat=1, name="Ana", stack=100), SessionPlayer(seat=2, name="Bo", stack=100)])

    def hand(number: int, tournament: str) -> Hand:
        return Hand(hand_id=f"t#{number}", number=number, ruleset=HOUSE,
                    events=[Award(player="Ana", amount=0)], session_id="t",
                    tournament=tournament, buy_in="$1.00+$0.20")

    text, count, failures = house_log([(session, hand(1, "77")), (session, hand(2, "77")),
                                       (session, hand(3, "78"))])
    assert count == 2 and text.count("Tournament #77 - buy-in $1.00+$0.20\n") == 1
    assert failures == ["hand t#3: not written: its tournament (78 $1.00+$0.20) is not its "
                        "session's (77 $1.00+$0.20)"]
    read = [record for record in read_house(text, name=SOURCE) if isinstance(record, Hand)]
    assert [(each.tournament, each.buy_in) for each in read] == [("77", "$1.00+$0.20")] * 2
