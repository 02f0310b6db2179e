"""A house log's player seated but sitting out (``Seat 3: Bo (80) is sitting out``, T2).

The session's header seats every player; a hand's seat line saying one of them sits out
takes him out of that hand: not counted for G1, the blinds, the order of play or the
showdown, no row of his in the hand, his stack carried to the next hand. A hand whose
only seat line is a sitting-out one is still played by the session's other players
(docs/format.md, "Hands"). Each test failed when the engine dealt the session's players
in whatever the hand said. A header's ``is sitting out`` is its session's first hand's; a
player sitting out who acts is told so (G1), not that he has no seat.
"""

from __future__ import annotations

import math
from pathlib import Path

from badugi_hh.engine import HandReport, SessionReport, audit
from badugi_hh.events import Hand, Seat, SessionStart, SkippedHand
from badugi_hh.parsers.house import read_house
from badugi_hh.stats import player_stats
from badugi_hh.store import Store
from badugi_hh.writer import format_session_start

HEADER = """\
Session #sit "sitting out" 2026-11-27 20:00
Rules: Badugi triple draw, fixed limit 2/4, blinds 1/2, cap 3 raises, 2 to 8 players, \
stacks 100, unlimited hands
Seat 1: Ana (100)
Seat 2: Bruno (100)
Seat 3: Carla (100)
Seat 4: Dmitri (100)
"""

#: Everybody plays; Carla takes the blinds.
FIRST_HAND = """
Hand #1 - button Ana
Bruno: posts small blind 1
Carla: posts big blind 2
Dealt to Bruno [?? ?? ?? ??]
Dealt to Carla [?? ?? ?? ??]
Dealt to Dmitri [?? ?? ?? ??]
Dealt to Ana [?? ?? ?? ??]
Dmitri: folds
Ana: folds
Bruno: folds
Carla wins 2
Stacks: Ana 100, Bruno 99, Carla 101, Dmitri 100
"""

#: Dmitri sits out; left of the button (Bruno) Carla and Ana post, Bruno acts first.
DMITRI_OUT = """
Hand #2 - button Bruno
{seats}Carla: posts small blind 1
Ana: posts big blind 2
Dealt to Carla [?? ?? ?? ??]
Dealt to Ana [?? ?? ?? ??]
Dealt to Bruno [?? ?? ?? ??]
Bruno: folds
Carla: folds
Ana wins 2
Stacks: Ana 101, Bruno 99, Carla 100, Dmitri 100
"""

EVERY_SEAT_RESTATED = """\
Seat 1: Ana (100)
Seat 2: Bruno (99)
Seat 3: Carla (101)
Seat 4: Dmitri (100) is sitting out
"""

ONLY_THE_SITTING_OUT_SEAT = "Seat 4: Dmitri (100) is sitting out\n"

#: Ana sits out of the first hand: Carla and Dmitri post, Bruno acts first, Dmitri wins
#: without a showdown.
ANA_OUT = HEADER.replace('#sit "sitting out"', '#sit3 "sit"') + """
Hand #1 - button Bruno
Seat 1: Ana (100) is sitting out
Seat 2: Bruno (100)
Seat 3: Carla (100)
Seat 4: Dmitri (100)
Carla: posts small blind 1
Dmitri: posts big blind 2
Dealt to Carla [?? ?? ?? ??]
Dealt to Dmitri [?? ?? ?? ??]
Dealt to Bruno [?? ?? ?? ??]
Bruno: folds
Carla: folds
Dmitri wins 2
Stacks: Ana 100, Bruno 100, Carla 99, Dmitri 101
"""


def audited(text: str) -> list[object]:
    return list(audit(read_house(text, "sit.txt")))


def hands(text: str) -> list[HandReport]:
    return [r for r in audited(text) if isinstance(r, HandReport)]


def violations(text: str) -> list[str]:
    return [str(v) for r in hands(text) for v in r.violations]


def test_a_player_sitting_out_of_a_hand_that_restates_every_seat_takes_no_part() -> None:
    """It was ``[M1] Ana posts the big blind; it is Dmitri's to post`` and a B5."""
    text = HEADER + FIRST_HAND + DMITRI_OUT.format(seats=EVERY_SEAT_RESTATED)
    assert violations(text) == []
    second = hands(text)[1]
    assert set(second.players) == {"Ana", "Bruno", "Carla"}
    assert second.end_stacks == {"Ana": 101, "Bruno": 99, "Carla": 100, "Dmitri": 100}


def test_a_hand_whose_only_seat_line_sits_a_player_out_is_played_by_the_others() -> None:
    """It was skipped as ``Badugi (not played)``, and the stack chain broken after it."""
    text = HEADER + FIRST_HAND + DMITRI_OUT.format(seats=ONLY_THE_SITTING_OUT_SEAT)
    records = audited(text)
    assert not any(isinstance(r, SkippedHand) for r in records)
    first, second = hands(text)
    assert [v for r in (first, second) for v in r.violations] == []
    assert set(second.players) == {"Ana", "Bruno", "Carla"}
    assert second.notes == []   # the stacks were checked against the hand before
    assert second.end_stacks["Dmitri"] == 100


def test_a_player_sitting_out_does_not_take_a_turn_or_the_showdown() -> None:
    """It was ``[M2] Bruno acts out of turn: it is Ana's turn``, the same for Carla, and
    ``[B5] the showdown starts before the last betting round is over``."""
    assert violations(ANA_OUT) == []
    [report] = hands(ANA_OUT)
    assert set(report.players) == {"Bruno", "Carla", "Dmitri"}
    assert report.end_stacks["Ana"] == 100


#: A heads-up game whose header seats a third player, who sits out.
HEADS_UP_AND_ONE_OUT = """\
Session #hu "three seats, two play" 2026-11-27 20:00
Rules: Badugi triple draw, fixed limit 2/4, blinds 1/2, cap 3 raises, heads-up, stacks 100, \
unlimited hands
Seat 1: Ana (100)
Seat 2: Bruno (100)
Seat 3: Carla (100)

Hand #1 - button Ana
Seat 3: Carla (100) is sitting out
Ana: posts small blind 1
Bruno: posts big blind 2
Dealt to Bruno [?? ?? ?? ??]
Dealt to Ana [?? ?? ?? ??]
Ana: folds
Bruno wins 2
Stacks: Ana 99, Bruno 101, Carla 100
"""


def test_a_player_sitting_out_is_not_counted_for_the_table_size() -> None:
    """It was ``[G1] 3 players take part; this game is for 2``: the session's players were
    counted at the button, before the hand's seat line that sits one of them out."""
    [report] = hands(HEADS_UP_AND_ONE_OUT)
    assert report.violations == []


def test_the_statistics_leave_out_a_player_sitting_out(tmp_path: Path) -> None:
    """Ana was counted as playing the hand (CO); Dmitri, who won it without a showdown,
    had W$SD 100% and 0 hands won without a showdown."""
    with Store(tmp_path / "sit.duckdb") as store:
        store.import_records(read_house(ANA_OUT, "sit3.txt"), source="sit3.txt")
        rows = {row["player"]: row for row in player_stats(store.connection)
                .to_dict("records")}
        seated = store.connection.execute(
            "SELECT player FROM hand_players ORDER BY player").fetchall()
    assert seated == [("Bruno",), ("Carla",), ("Dmitri",)]
    assert set(rows) == {"Bruno", "Carla", "Dmitri"}
    dmitri = rows["Dmitri"]
    assert (dmitri["hands"], dmitri["net"], dmitri["won_without_showdown"]) == (1, 1, 1)
    assert math.isnan(dmitri["went_to_showdown"]) and math.isnan(dmitri["won_at_showdown"])


#: Carla's seat line sits her out of the hand, and then she folds in it.
CARLA_OUT_ACTS = HEADS_UP_AND_ONE_OUT.replace("Ana: folds\n", "Carla: folds\nAna: folds\n")


def test_a_player_sitting_out_who_acts_is_told_he_sits_out_not_that_he_has_no_seat() -> None:
    """It was ``[G1] Carla is not seated at this table``: she is, at seat 3."""
    [report] = hands(CARLA_OUT_ACTS)
    [violation] = report.violations
    assert violation.rule == "G1"
    assert violation.line == CARLA_OUT_ACTS.splitlines().index("Carla: folds") + 1
    assert violation.message == ("Carla sits out this hand: seated, but not dealt in, so "
                                 "takes no part in it (T2)")
    # one with no seat at all is still told so
    [stranger] = hands(HEADS_UP_AND_ONE_OUT.replace("Ana: folds\n", "Zoe: folds\nAna: folds\n"))
    assert [v.message for v in stranger.violations] == ["Zoe is not seated at this table"]


#: The header says Carla is sitting out when the session starts: Ana and Bruno play the
#: first hand; Carla plays the second, which says nothing of her.
HEADER_OUT = """\
Session #hdr "sitting out from the start" 2026-11-27 20:00
Rules: Badugi triple draw, fixed limit 2/4, blinds 1/2, cap 3 raises, 2 to 8 players, \
stacks 100, unlimited hands
Seat 1: Ana (100)
Seat 2: Bruno (100)
Seat 3: Carla (100) is sitting out

Hand #1 - button Ana
Ana: posts small blind 1
Bruno: posts big blind 2
Dealt to Bruno [?? ?? ?? ??]
Dealt to Ana [?? ?? ?? ??]
Ana: folds
Bruno wins 2
Stacks: Ana 99, Bruno 101, Carla 100

Hand #2 - button Bruno
Carla: posts small blind 1
Ana: posts big blind 2
Dealt to Carla [?? ?? ?? ??]
Dealt to Ana [?? ?? ?? ??]
Dealt to Bruno [?? ?? ?? ??]
Bruno: folds
Carla: folds
Ana wins 2
Stacks: Ana 100, Bruno 101, Carla 99
"""


def test_a_player_the_header_says_is_sitting_out_sits_out_the_first_hand() -> None:
    """The header's ``is sitting out`` was ignored: Carla was dealt in, and the first hand
    had two M1, an M2 and a B5."""
    assert violations(HEADER_OUT) == []
    first, second = hands(HEADER_OUT)
    assert set(first.players) == {"Ana", "Bruno"}
    assert first.end_stacks["Carla"] == 100
    assert set(second.players) == {"Ana", "Bruno", "Carla"}


def test_the_header_seat_line_is_read_into_the_first_hand_only() -> None:
    """As if the first hand said it, after its button, at the header's line."""
    first, second = [r for r in read_house(HEADER_OUT, "hdr.txt") if isinstance(r, Hand)]
    [seat] = [event for event in first.events if isinstance(event, Seat)]
    assert first.events[1] == seat
    assert (seat.player, seat.seat, seat.stack, seat.in_hand, seat.line) == (
        "Carla", 3, 100, False, 5)
    assert not any(isinstance(event, Seat) for event in second.events)


def test_the_first_hands_own_seat_line_says_it_instead() -> None:
    """Back before the first hand: its seat line deals her in."""
    text = HEADER_OUT.replace("Hand #1 - button Ana\n", "Hand #1 - button Ana\n"
                              "Seat 3: Carla (100)\n")
    assert "Carla" in hands(text)[0].players


# -- a player with no chips left ------------------------------------------------------

#: Carla goes all-in for her 2 chips in the big blind and loses them to Dmitri: the session
#: is over (N1), yet a second hand is played by the others, which says nothing of her.
CARLA_BROKE = """\
Session #bust "a broke player" 2026-11-27 20:00
Rules: Badugi triple draw, fixed limit 2/4, blinds 1/2, cap 3 raises, 2 to 8 players, \
stacks as seated, unlimited hands
Seat 1: Ana (100)
Seat 2: Bruno (100)
Seat 3: Carla (2)
Seat 4: Dmitri (100)

Hand #1 - button Ana
Bruno: posts small blind 1
Carla: posts big blind 2 and is all-in
Dealt to Bruno [?? ?? ?? ??]
Dealt to Carla [Kc Qd Jh Ts]
Dealt to Dmitri [As 2h 3d 4c]
Dealt to Ana [?? ?? ?? ??]
Dmitri: calls 2
Ana: folds
Bruno: folds
*** FIRST DRAW ***
Burn [??]
Carla: stands pat
Dmitri: stands pat
*** SECOND DRAW ***
Burn [??]
Carla: stands pat
Dmitri: stands pat
*** THIRD DRAW ***
Burn [??]
Carla: stands pat
Dmitri: stands pat
*** SHOWDOWN ***
Carla: shows [Kc Qd Jh Ts]
Dmitri: shows [As 2h 3d 4c]
Dmitri wins 5
Stacks: Ana 100, Bruno 99, Carla 0, Dmitri 103
"""

#: Left of the button (Bruno) Carla's seat is passed over: Dmitri and Ana post.
WITHOUT_CARLA = """
Hand #2 - button Bruno
Dmitri: posts small blind 1
Ana: posts big blind 2
Dealt to Dmitri [?? ?? ?? ??]
Dealt to Ana [?? ?? ?? ??]
Dealt to Bruno [?? ?? ?? ??]
Bruno: folds
Dmitri: folds
Ana wins 2
Stacks: Ana 101, Bruno 99, Carla 0, Dmitri 102
"""


def every_violation(text: str) -> list[tuple[str, str]]:
    """The hands' and the session's violations: (rule, message)."""
    return [(v.rule, v.message) for r in audited(text)
            if isinstance(r, HandReport | SessionReport) for v in r.violations]


def test_a_broke_player_takes_no_part_in_the_hands_played_after() -> None:
    """Playing on is one violation (N1). It was four more: two M1 (``Dmitri posts the small
    blind; it is Carla's to post``), an M2 (``it is Carla's turn``) and a B5 (``Carla, Ana
    still to act``), all asking chips of a player who has none."""
    text = CARLA_BROKE + WITHOUT_CARLA
    assert every_violation(text) == [("N1", "the hand is played although Carla has no "
                                      "chips left; the session ended with the previous hand; "
                                      "a table that plays on without him says 'play on after "
                                      "a bust' on its Rules line")]
    second = hands(text)[1]
    assert set(second.players) == {"Ana", "Bruno", "Dmitri"}
    assert second.end_stacks == {"Ana": 101, "Bruno": 99, "Carla": 0, "Dmitri": 102}


def test_a_table_that_plays_on_after_a_bust_says_so_and_is_not_n1() -> None:
    """A home game of four plays on when one goes bust; its Rules line says so."""
    text = CARLA_BROKE.replace("unlimited hands", "unlimited hands, play on after a bust")
    assert every_violation(text + WITHOUT_CARLA) == []
    assert hands(text + WITHOUT_CARLA)[1].end_stacks["Ana"] == 101
    # a table of 12 hands that plays on, stopped with three players still holding chips
    twelve = text.replace("unlimited hands", "12 hands") + WITHOUT_CARLA
    assert every_violation(twelve) == [("N1", "the session ends after 2 hands with two players "
                                        "or more still holding chips; a session is 12 hands")]
    start = next(r for r in read_house(text) if isinstance(r, SessionStart))
    assert not start.ruleset.bust_ends_session
    assert "play on after a bust" in format_session_start(start)   # written back as read


def test_playing_on_after_a_bust_is_reported_once() -> None:
    """The session ended with Carla's bust: the hands played after it are one mistake, one
    N1 at the first of them. It was an N1 at each, every one saying that the session ended
    with the hand before, although the N1 before it said so of an earlier one."""
    third = """
Hand #3 - button Dmitri
Ana: posts small blind 1
Bruno: posts big blind 2
Dealt to Ana [?? ?? ?? ??]
Dealt to Bruno [?? ?? ?? ??]
Dealt to Dmitri [?? ?? ?? ??]
Dmitri: folds
Ana: folds
Bruno wins 2
Stacks: Ana 100, Bruno 100, Carla 0, Dmitri 102
"""
    text = CARLA_BROKE + WITHOUT_CARLA + third
    second = hands(text)[1]
    assert [(v.rule, v.hand_id) for r in audited(text) if isinstance(r, HandReport | SessionReport)
            for v in r.violations] == [("N1", second.hand_id)]


def test_a_broke_player_who_acts_is_told_he_has_no_chips() -> None:
    """It was an M1 for each blind and ``[M2] Carla acts out of turn``: she was dealt in."""
    text = CARLA_BROKE + WITHOUT_CARLA.replace("Bruno: folds\n", "Carla: folds\nBruno: folds\n")
    assert sorted(rule for rule, _ in every_violation(text)) == ["G1", "N1"]
    [g1] = hands(text)[1].violations
    assert g1.message == "Carla has no chips left, so takes no part in the hands after (N1)"


def test_the_two_left_after_a_bust_play_heads_up() -> None:
    """Bruno's seat line sits him out, Carla is broke: Dmitri (button, small blind) and Ana
    play heads-up (G4). It was M1, M2 and B5 for Carla."""
    heads_up = """
Hand #2 - button Dmitri
Seat 2: Bruno (99) is sitting out
Dmitri: posts small blind 1
Ana: posts big blind 2
Dealt to Ana [?? ?? ?? ??]
Dealt to Dmitri [?? ?? ?? ??]
Dmitri: folds
Ana wins 2
Stacks: Ana 101, Bruno 99, Carla 0, Dmitri 102
"""
    text = CARLA_BROKE + heads_up
    assert [rule for rule, _ in every_violation(text)] == ["N1"]
    assert set(hands(text)[1].players) == {"Ana", "Dmitri"}


def test_a_broke_player_is_still_dealt_in_where_no_hand_is_played_without_him() -> None:
    """Heads-up the hand after a bust has nobody else: it is judged as the log plays it,
    and is not skipped as a hand of one player, so its N1 is kept."""
    heads_up = CARLA_BROKE.replace("Seat 1: Ana (100)\nSeat 2: Bruno (100)\n", "").replace(
        "2 to 8 players", "heads-up")
    heads_up = heads_up[:heads_up.index("Hand #1")] + """\
Hand #1 - button Carla
Carla: posts small blind 1
Dmitri: posts big blind 2
Dealt to Dmitri [?? ?? ?? ??]
Dealt to Carla [?? ?? ?? ??]
Carla: calls 1 and is all-in
*** FIRST DRAW ***
Burn [??]
Dmitri: stands pat
Carla: stands pat
*** SECOND DRAW ***
Burn [??]
Dmitri: stands pat
Carla: stands pat
*** THIRD DRAW ***
Burn [??]
Dmitri: stands pat
Carla: stands pat
*** SHOWDOWN ***
Dmitri: shows [As 2h 3d 4c]
Carla: shows [Kc Qd Jh Ts]
Dmitri wins 4
Stacks: Carla 0, Dmitri 102

Hand #2 - button Dmitri
Dmitri: posts small blind 1
Carla: posts big blind 2
Dealt to Carla [?? ?? ?? ??]
Dealt to Dmitri [?? ?? ?? ??]
Dmitri: folds
Carla wins 3
"""
    rules = {rule for rule, _ in every_violation(heads_up)}
    assert "N1" in rules and "G1" not in rules   # his blind without chips is S3
    assert set(hands(heads_up)[1].players) == {"Carla", "Dmitri"}


def test_a_broke_player_who_adds_chips_plays_again() -> None:
    """At a cash table a player may add chips between hands (T6): the hand's seat line
    restating Carla's stack deals her in, and she posts her blind. The table is for four
    players: she counts from the button on (G1), although her seat line follows it."""
    cash = CARLA_BROKE.replace("Hand #1 - button Ana\n", "Hand #1 - button Ana - USD in cents\n"
                               ).replace("2 to 8 players", "4 players")
    rebuy = """
Hand #2 - button Bruno - USD in cents
Seat 3: Carla (500)
Carla: posts small blind 1
Dmitri: posts big blind 2
Dealt to Carla [?? ?? ?? ??]
Dealt to Dmitri [?? ?? ?? ??]
Dealt to Ana [?? ?? ?? ??]
Dealt to Bruno [?? ?? ?? ??]
Ana: folds
Bruno: folds
Carla: folds
Dmitri wins 2
Stacks: Ana 100, Bruno 99, Carla 499, Dmitri 104
"""
    text = cash + rebuy
    assert [rule for rule, _ in every_violation(text)] == ["N1"]   # the session went on
    assert set(hands(text)[1].players) == {"Ana", "Bruno", "Carla", "Dmitri"}


#: Carla, broke, is written into the next hand all the same: she posts the small blind and
#: folds. The log counts her chip: Dmitri wins it (2: the pot less his uncalled 1).
CARLA_POSTS = """
Hand #2 - button Bruno
Carla: posts small blind 1
Dmitri: posts big blind 2
Dealt to Carla [?? ?? ?? ??]
Dealt to Dmitri [?? ?? ?? ??]
Dealt to Ana [?? ?? ?? ??]
Dealt to Bruno [?? ?? ?? ??]
Ana: folds
Bruno: folds
Carla: folds
Dmitri wins 2
Stacks: Ana 100, Bruno 99, Carla 0, Dmitri 104
"""

#: And a hand where the others' play counts her chips: she calls the big blind, Dmitri
#: raises and she folds; he wins her 2 (the pot less his uncalled 2).
CARLA_CALLS = CARLA_POSTS.replace("Carla: folds\nDmitri wins 2\n", """\
Carla: calls 1
Dmitri: raises to 4
Carla: folds
Dmitri wins 4
""").replace("Dmitri 104", "Dmitri 105")


def test_a_broke_player_written_putting_chips_in_is_one_violation() -> None:
    """Her hand is played as the log counts her chips, so the blinds, the turns and the
    award are as the log has them. It was a G1 at each of her lines, ``[M1] Dmitri posts the
    big blind; it is Ana's to post``, two S4 (the hand going on after Bruno's fold, the
    award) and a G3 of Dmitri's stack, besides the session's N1."""
    for second, lost in ((CARLA_POSTS, 1), (CARLA_CALLS, 2)):
        text = CARLA_BROKE + second
        posted = text.splitlines().index("Carla: posts small blind 1") + 1
        report = hands(text)[1]
        assert [(v.rule, v.line, v.message) for v in report.violations] == [
            ("G1", posted, "Carla has no chips left, yet puts chips in; the hand is "
             "played as the log counts them (N1)")]
        assert [rule for rule, _ in every_violation(text)] == ["G1", "N1"]
        carla = report.players["Carla"]
        assert (carla.start_stack, carla.net, carla.end_stack) == (lost, -lost, 0)
        assert report.players["Dmitri"].net == lost
        assert report.end_stacks["Dmitri"] == 103 + lost


def test_the_chips_a_broke_player_puts_in_are_stored_as_added(tmp_path: Path) -> None:
    """Every hand's nets and the session's add up to zero, and no stack is negative: her
    session starts with the chip the log has her put in after her bust. The session's
    nets added up to 1 (Dmitri's 104 kept, the chip he won from nobody)."""
    text = CARLA_BROKE.replace("Hand #1 - button Ana\n", "Hand #1 - button Ana - USD in cents\n"
                               ) + CARLA_POSTS.replace("button Bruno", "button Bruno - USD in cents")
    with Store(tmp_path / "bust.duckdb") as store:
        store.import_records(read_house(text, "bust.txt"), source="bust.txt")
        hand_nets = store.connection.execute(
            "SELECT hand_id, sum(net), min(end_stack) FROM hand_players GROUP BY hand_id "
            "ORDER BY hand_id").fetchall()
        sessions = dict(((player, (start, final, net)) for player, start, final, net in
                         store.connection.execute("SELECT player, start_stack, final_stack, "
                                                  "net FROM session_players").fetchall()))
    assert hand_nets == [("bust#1", 0, 0), ("bust#2", 0, 0)]
    assert sum(net for _, _, net in sessions.values()) == 0
    assert sessions["Carla"] == (3, 0, -3) and sessions["Dmitri"] == (100, 104, 4)


#: And a hand she wins: she completes the blind, checks it down and takes the 4; the log
#: counts the chips kept, her 2 paid back out of her winnings (the table holds 302).
CARLA_WINS = CARLA_POSTS.replace("Dealt to Carla [?? ?? ?? ??]\nDealt to Dmitri [?? ?? ?? ??]",
                                 "Dealt to Carla [As 2h 3d 4c]\nDealt to Dmitri [Kc Qd Jh Ts]"
                                 ).replace("Carla: folds\nDmitri wins 2\n", """\
Carla: calls 1
Dmitri: checks
""" + "".join(f"""\
*** {which} DRAW ***
Burn [??]
Carla: stands pat
Dmitri: stands pat
Carla: checks
Dmitri: checks
""" for which in ("FIRST", "SECOND", "THIRD")) + """\
*** SHOWDOWN ***
Carla: shows [As 2h 3d 4c]
Dmitri: shows [Kc Qd Jh Ts]
Carla wins 4
""").replace("Carla 0, Dmitri 104", "Carla 2, Dmitri 101")


def test_a_broke_player_written_in_who_wins_pays_back_what_she_put_in() -> None:
    """What she is paid pays first for the chips she put in on credit: she ends with 2,
    as the log counts it, and starts with nothing added, so every net adds up. Seated
    with what she put in, she ended with the 4 she won: a G3 of the log's 2, and the
    session's nets summing to -2."""
    text = CARLA_BROKE + CARLA_WINS
    report = hands(text)[1]
    assert [rule for rule, _ in every_violation(text)] == ["G1", "N1"]
    carla = report.players["Carla"]
    assert (carla.start_stack, carla.net, carla.end_stack) == (0, 2, 2)
    [session] = [r for r in audited(text) if isinstance(r, SessionReport)]
    assert session.stacks["Carla"] == 2 and sum(session.stacks.values()) == 302

#: Carla, broke after hand 1, is written into hand 2 all in with a small blind of 1; the
#: others play on beside her, for a side pot.
CARLA_ALL_IN = """\
Session #bk "broke" 2026-11-27 20:00
Rules: Badugi triple draw, fixed limit 2/4, blinds 1/2, cap 3 raises, 2 to 8 players, stacks as seated, unlimited hands
Seat 1: Ana (100)
Seat 2: Bruno (100)
Seat 3: Carla (2)

Hand #1 - button Ana
Bruno: posts small blind 1
Carla: posts big blind 2 and is all-in
Dealt to Bruno [?? ?? ?? ??]
Dealt to Carla [Kc Qd Jh Ts]
Dealt to Ana [As 2h 3d 4c]
Ana: calls 2
Bruno: folds
*** FIRST DRAW ***
Burn [??]
Carla: stands pat
Ana: stands pat
*** SECOND DRAW ***
Burn [??]
Carla: stands pat
Ana: stands pat
*** THIRD DRAW ***
Burn [??]
Carla: stands pat
Ana: stands pat
*** SHOWDOWN ***
Carla: shows [Kc Qd Jh Ts]
Ana: shows [As 2h 3d 4c]
Ana wins 5
Stacks: Ana 103, Bruno 99, Carla 0
Hand #2 - button Bruno
Carla: posts small blind 1 and is all-in
Ana: posts big blind 2
Dealt to Carla [5s 6h 7d 8c]
Dealt to Ana [Ad 2c 3s 4h]
Dealt to Bruno [Kc Qd Jh Ts]
Bruno: calls 2
Ana: checks
*** FIRST DRAW ***
Burn [??]
Carla: stands pat
Ana: stands pat
Bruno: stands pat
Ana: checks
Bruno: checks
*** SECOND DRAW ***
Burn [??]
Carla: stands pat
Ana: stands pat
Bruno: stands pat
Ana: checks
Bruno: checks
*** THIRD DRAW ***
Burn [??]
Carla: stands pat
Ana: stands pat
Bruno: stands pat
Ana: checks
Bruno: checks
*** SHOWDOWN ***
Carla: shows [5s 6h 7d 8c]
Ana: shows [Ad 2c 3s 4h]
Bruno: shows [Kc Qd Jh Ts]
Ana wins 3 from main pot
Ana wins 2 from side pot 1
Stacks: Ana 106, Bruno 97, Carla 0

Session ends - Ana wins - stacks Ana 106, Bruno 97, Carla 0
"""


def test_a_broke_player_written_in_all_in_is_all_in_as_the_log_says() -> None:
    """Her line says she is all in: she has the chip it puts in, no more, so she is not
    to act again. Seated with every chip of the hand, she was: an M2 at every round (her
    turn), and a call of 1 played for her, the award an S1 and the nets summing to -1."""
    report = hands(CARLA_ALL_IN)[1]
    assert [rule for rule, _ in every_violation(CARLA_ALL_IN)] == ["G1", "N1"]
    carla = report.players["Carla"]
    assert (carla.start_stack, carla.contributed, carla.end_stack) == (1, 1, 0)
    assert sum(report.net.values()) == 0

def test_a_broke_player_in_a_seat_line_that_adds_no_chips_still_takes_no_part() -> None:
    """``Seat 3: Carla (0)`` (or no stack: the carried 0) adds no chips: she is passed over
    as without it. It dealt her in with nothing: two M1, an M2 and a B5."""
    for seat_line in ("Seat 3: Carla (0)\n", "Seat 3: Carla\n"):
        text = CARLA_BROKE + WITHOUT_CARLA.replace(
            "Hand #2 - button Bruno\n", "Hand #2 - button Bruno\n" + seat_line)
        assert [rule for rule, _ in every_violation(text)] == ["N1"]
        assert set(hands(text)[1].players) == {"Ana", "Bruno", "Dmitri"}
