"""A name no player is dealt in under (G1): a slip of the typist's in a hand-typed log is
reported once and read as the player's it misspells; anywhere else the action is nobody's.

docs/rules.md (G1) states the test: the one player whose name it is in another case, else
the one whose name it is but for one slip (a letter added, dropped or changed, two
neighbours swapped); only where the ruleset says names are typed by hand.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from badugi_hh import cli
from badugi_hh.dataset import connect_dataset
from badugi_hh.engine import HandReport, SessionReport, audit, replay_hand
from badugi_hh.engine.fast import replay_heads_up
from badugi_hh.engine.table import Table
from badugi_hh.events import Button, Event, Hand, NetStated, Note, ParseError, StackStated
from badugi_hh.parsers.hands import site_ruleset
from badugi_hh.parsers.house import read_house
from badugi_hh.rules import HOUSE
from badugi_hh.store import Store

from handkit import SEATS, full_hand, numbered, replay

CLEAN = replay(full_hand())


def misspelt(line: int, typed: str) -> list[Event]:
    """The full hand with the name on ``line`` (1-based) typed as ``typed``."""
    events = full_hand()
    events[line - 1] = dataclasses.replace(events[line - 1], player=typed)
    return events


@pytest.mark.parametrize(("line", "typed"), [
    (7, "bruno"),    # a call before the first draw, in another case
    (3, "BRUNO"),    # the big blind's post
    (10, "Bruon"),   # a draw, two letters swapped
    (12, "Brno"),    # the first action after a draw, which opens the round: a letter dropped
    (26, "Anna"),    # a raise, a letter added
    (30, "Ama"),     # a show, a letter changed
    (31, "ana"),     # the award
])
def test_a_misspelt_name_is_one_g1_and_the_hand_is_played_as_his(line: int, typed: str) -> None:
    report = replay(misspelt(line, typed))
    [violation] = report.violations
    seated = full_hand()[line - 1].player   # type: ignore[attr-defined]
    assert (violation.rule, violation.line) == ("G1", line)
    assert violation.message == (f"{typed} is not seated at this table; read as {seated}, "
                                 "whose name it misspells")
    assert (report.net, report.actions, report.draws) == (CLEAN.net, CLEAN.actions, CLEAN.draws)


def test_a_site_name_is_never_read_as_another_players() -> None:
    """A site writes its own names: an unknown one acts for nobody, as before."""
    site = HOUSE.replace(names_by_hand=False)
    report = replay(misspelt(7, "bruno"), ruleset=site)
    assert report.violations[0].message == "bruno is not seated at this table"
    assert [v.rule for v in report.violations][:2] == ["G1", "B5"]   # Bruno never called


def test_the_site_rulesets_say_their_names_are_not_typed() -> None:
    assert HOUSE.names_by_hand
    assert not site_ruleset("pokerstars Badugi 2/4", 2, 4, 8).names_by_hand


def test_a_name_close_to_no_player_or_to_two_is_nobodys() -> None:
    found: list[tuple[str, int, str]] = []
    table = Table(HOUSE.replace(max_players=4), lambda *v: found.append(v), carried={})
    for seat, name in enumerate(("Ana", "Ava", "Bruno", "ANA"), start=1):
        table.sit(name, seat, 100, line=1)
    assert table.player("Ama", 5) is None          # one slip from Ana and from Ava
    assert table.player("aNa", 6) is None          # Ana and ANA in another case
    assert table.player("Zeca", 7) is None         # close to nobody
    assert [message for _, _, message in found] == [
        f"{name} is not seated at this table" for name in ("Ama", "aNa", "Zeca")]
    # the same letters in another case come before a slip: "ava" is Ava's, not Ana's
    assert table.misspelt("AVA") is table.players["Ava"]
    assert table.misspelt("Bruna") is table.players["Bruno"]


#: A home game whose organiser typed "Bruno" for the seated "bruno".
HOME_GAME = """\
Session #hg-0223 "February" 2026-02-23 20:00
Rules: Badugi triple draw, fixed limit 2/4, blinds 1/2, cap 3 raises, heads-up, stacks 100, \
unlimited hands
Seat 1: Ana_R (100)
Seat 2: bruno (100)

Hand #1 - button bruno
bruno: posts small blind 1
Ana_R: posts big blind 2
Dealt to Ana_R [?? ?? ?? ??]
Dealt to bruno [?? ?? ?? ??]
Bruno: calls 1
Ana_R: checks
*** FIRST DRAW ***
Burn [??]
Ana_R: stands pat
bruno: discards 3
Ana_R: bets 2
bruno: folds
Uncalled bet 2 returned to Ana_R
Ana_R wins 4
Stacks: Ana_R 102, bruno 98

Session ends - stacks Ana_R 102, bruno 98
"""


def hand_reports(text: str) -> list[HandReport]:
    return [r for r in audit(read_house(text, "home.txt")) if isinstance(r, HandReport)]


def test_a_house_log_with_a_misspelt_name_is_one_violation() -> None:
    [report] = hand_reports(HOME_GAME)
    assert [(v.rule, v.line) for v in report.violations] == [("G1", 11)]
    assert report.net == {"Ana_R": 2, "bruno": -2}


def test_a_sites_hand_in_a_house_log_keeps_the_sites_names() -> None:
    """A site's hand written in the house format (``Hand #1 - pokerstars hand ...``)
    has the site's names, not typed ones: its ruleset says so."""
    site_hand = HOME_GAME.replace("Hand #1 - button", "Hand #1 - pokerstars hand 4916 - button")
    [hand] = [r for r in read_house(site_hand, "site.txt") if isinstance(r, Hand)]
    assert not hand.ruleset.names_by_hand
    [report] = hand_reports(site_hand)
    first, *rest = report.violations
    assert (first.rule, first.line, first.message) == (
        "G1", 11, "Bruno is not seated at this table")
    assert rest   # Bruno's call is nobody's: bruno never calls, as the rest then says


#: The home game as typed right: each test below misspells one name of a claim in it.
SPELT_RIGHT = HOME_GAME.replace("Bruno: calls 1", "bruno: calls 1")
STACKS = "Stacks: Ana_R 102, bruno 98"
SESSION_END = "Session ends - stacks Ana_R 102, bruno 98"


def session_violations(text: str) -> list[tuple[str, str]]:
    [session] = [r for r in audit(read_house(text, "home.txt")) if isinstance(r, SessionReport)]
    return [(v.rule, v.message) for v in session.violations]


@pytest.mark.parametrize(("stacks", "found"), [
    ("Stacks: Ana_R 102, Bruno 98", []),   # the stack right: the slip alone
    ("Stacks: Ana_R 102, BRUNO 97", [      # the stack wrong too: judged as his
        ("G3", "the log says bruno ends the hand with 97; the chips say 98")]),
])
def test_a_misspelt_name_in_a_stacks_line_is_one_g1_and_his_stack_is_judged(
        stacks: str, found: list[tuple[str, str]]) -> None:
    typed = stacks.split(", ")[1].split()[0]
    [report] = hand_reports(SPELT_RIGHT.replace(STACKS, stacks))
    assert [(v.rule, v.message) for v in report.violations] == [
        ("G1", f"{typed} is not seated at this table; read as bruno, whose name it misspells"),
        *found]


def test_a_stack_claimed_for_nobody_is_said_not_dropped() -> None:
    [report] = hand_reports(SPELT_RIGHT.replace(STACKS, "Stacks: Ana_R 102, Zeca 98"))
    assert [(v.rule, v.line, v.message) for v in report.violations] == [
        ("G1", 21, "Zeca is not seated at this table")]


def test_an_uncalled_bet_returned_to_a_misspelt_name_is_his() -> None:
    """The return is right once read as Ana_R's: one G1, no S3."""
    text = SPELT_RIGHT.replace("returned to Ana_R", "returned to ana_r")
    [report] = hand_reports(text)
    assert [(v.rule, v.line, v.message) for v in report.violations] == [
        ("G1", 19, "ana_r is not seated at this table; read as Ana_R, whose name it misspells")]
    assert report.net == {"Ana_R": 2, "bruno": -2}


@pytest.mark.parametrize(("end", "found"), [
    ("Session ends - stacks Ana_R 102, Brnuo 98", [
        ("G1", "Brnuo is not seated at this table; read as bruno, whose name it misspells")]),
    ("Session ends - stacks Ana_R 102, Bruno 97", [
        ("G1", "Bruno is not seated at this table; read as bruno, whose name it misspells"),
        ("N1", "the log says bruno ends the session with 97; the chips say 98")]),
    ("Session ends - stacks Ana_R 102, Zeca 98", [
        ("G1", "Zeca is not seated at this table")]),
])
def test_the_sessions_end_reads_a_misspelt_name_as_his_and_says_an_unknown_one(
        end: str, found: list[tuple[str, str]]) -> None:
    violations = session_violations(SPELT_RIGHT.replace(SESSION_END, end))
    assert violations == found
    assert not any("None" in message for _, message in violations)


@pytest.mark.parametrize(("end", "found"), [
    ("Session ends - ana_r wins - stacks Ana_R 102, bruno 98", [   # the slip alone
        ("G1", "ana_r is not seated at this table; read as Ana_R, whose name it misspells")]),
    ("Session ends - Brnuo wins", [                                # the winner wrong too
        ("G1", "Brnuo is not seated at this table; read as bruno, whose name it misspells"),
        ("N1", "the log says bruno wins, but Ana_R wins with the larger stack "
               "(Ana_R 102, bruno 98)")]),
    ("Session ends - Zeca wins", [                                 # nobody's: a wrong winner
        ("N1", "the log says Zeca wins, but Ana_R wins with the larger stack "
               "(Ana_R 102, bruno 98)")]),
])
def test_the_sessions_end_reads_a_misspelt_winner_as_his(
        end: str, found: list[tuple[str, str]]) -> None:
    """The winner is a name typed like any other: a misspelt one is one G1, and the
    winner is then judged as his (N1 only where he did not win)."""
    assert session_violations(SPELT_RIGHT.replace(SESSION_END, end)) == found


SITE_HAND = SPELT_RIGHT.replace("Hand #1 - button", "Hand #1 - pokerstars hand 4916 - button")


@pytest.mark.parametrize(("right", "typed", "unknown"), [
    (STACKS, "Stacks: Ana_R 102, Bruno 97", "Bruno"),   # wrong, but nobody's: not judged
    (STACKS, f"{STACKS}\nCollected: Ana_R 4, Bruno 0", "Bruno"),   # a site's summary
    ("returned to Ana_R", "returned to ana_R", "ana_R"),
])
def test_a_sites_claim_of_an_unknown_name_is_said_and_given_to_nobody(
        right: str, typed: str, unknown: str) -> None:
    """A site writes its own names: an unknown one in a claim is G1, and not read as the
    player's it resembles, so his chips are not judged against it."""
    [report] = hand_reports(SITE_HAND.replace(right, typed))
    assert [(v.rule, v.message) for v in report.violations] == [
        ("G1", f"{unknown} is not seated at this table")]


def test_a_sites_session_end_gives_an_unknown_name_to_nobody() -> None:
    end = "Session ends - stacks Ana_R 102, Bruno 98"
    assert session_violations(SITE_HAND.replace(SESSION_END, end)) == [
        ("G1", "Bruno is not seated at this table")]


def test_a_sites_session_end_reads_no_winner_as_another_players() -> None:
    """After a site's hand an unknown winner is nobody's: the N1 of a wrong winner."""
    end = "Session ends - ana_r wins"
    assert session_violations(SITE_HAND.replace(SESSION_END, end)) == [
        ("N1", "the log says ana_r wins, but Ana_R wins with the larger stack "
               "(Ana_R 102, bruno 98)")]


WITH_NETS = [*full_hand(), NetStated(player="Ana", amount=14), NetStated(player="Bruno",
                                                                        amount=-14)]


@pytest.mark.parametrize(("line", "typed", "said"), [
    (33, "bruno", "bruno is not seated at this table; read as Bruno, whose name it misspells"),
    (32, "Zeca", "Zeca is not seated at this table"),
    (35, "Bruna", "Bruna is not seated at this table; read as Bruno, whose name it misspells"),
    (34, "Zeca", "Zeca is not seated at this table"),
])
def test_a_claim_of_an_unknown_name_is_said_in_a_hand_the_fast_path_takes(
        line: int, typed: str, said: str) -> None:
    """The heads-up fast path takes the hand typed right; the misspelt claim (a stack, a
    net) it hands to the general replay, which says it."""
    hand = Hand(hand_id="t#1", number=1, ruleset=HOUSE, events=numbered(WITH_NETS))
    assert replay_heads_up(hand, SEATS, None, None) is not None
    events = list(WITH_NETS)
    events[line - 1] = dataclasses.replace(events[line - 1], player=typed)
    report = replay(events)
    assert [(v.rule, v.line, v.message) for v in report.violations] == [("G1", line, said)]
    assert report.net == CLEAN.net


def test_one_line_of_claims_of_an_unknown_name_is_one_g1() -> None:
    """A site's summary line may state a stranger's stack and net (OnGame's ``Seat 1:
    Hro ($82.20), net: +$0.50``): one mistake, one G1; another line naming him is
    another."""
    events = [*numbered(full_hand()), StackStated(player="Zeca", amount=98, line=40),
              NetStated(player="Zeca", amount=-2, line=40),
              NetStated(player="Zeca", amount=-2, line=41)]
    hand = Hand(hand_id="t#1", number=1, ruleset=HOUSE.replace(names_by_hand=False),
                events=events, source="t.txt", line=1, session_id="t")
    report = replay_hand(hand, SEATS, None, None)
    assert [(v.rule, v.line, v.message) for v in report.violations] == [
        ("G1", 40, "Zeca is not seated at this table"),
        ("G1", 41, "Zeca is not seated at this table")]
    assert report.net == CLEAN.net


def hand_lines(number: int, button: str, small: str, big: str, stacks: str) -> str:
    """A hand the small blind folds: the big blind's 1 uncalled, his blind won."""
    return (f"Hand #{number} - button {button}\n{small}: posts small blind 1\n"
            f"{big}: posts big blind 2\n{small}: folds\nUncalled bet 1 returned to {big}\n"
            f"{big} wins 2\nStacks: {stacks}\n\n")


#: Three hands heads-up, the button alternating; each states the stacks after it.
THREE_HANDS = ('Session #btn "Buttons"\nRules: unlimited hands\nSeat 1: Ana (100)\nSeat 2: Bruno (100)\n\n'
               + hand_lines(1, "Ana", "Ana", "Bruno", "Ana 99, Bruno 101")
               + hand_lines(2, "Bruno", "Bruno", "Ana", "Ana 100, Bruno 100")
               + hand_lines(3, "Ana", "Ana", "Bruno", "Ana 99, Bruno 101"))


def test_three_hands_typed_right_are_clean() -> None:
    reports = hand_reports(THREE_HANDS)
    assert [(r.button, r.violations, r.notes) for r in reports] == [
        ("Ana", [], []), ("Bruno", [], []), ("Ana", [], [])]


@pytest.mark.parametrize("typed", ["Bruon", "bruno", "Brun"])
def test_a_misspelt_button_is_one_g1_and_the_hand_is_kept(typed: str) -> None:
    """The ``Hand`` line's button is a name like any other: one slip is his (G1), the
    hand is replayed with the button on his seat, and the next hand's stacks follow it."""
    text = THREE_HANDS.replace("Hand #2 - button Bruno", f"Hand #2 - button {typed}")
    assert not [r for r in read_house(text, "home.txt") if isinstance(r, ParseError)]
    reports = hand_reports(text)
    assert [r.button for r in reports] == ["Ana", "Bruno", "Ana"]
    assert [(v.hand_id, v.rule, v.line, v.message) for r in reports for v in r.violations] == [
        ("btn#2", "G1", 14, f"{typed} is not seated at this table; read as Bruno, whose "
         "name it misspells")]
    assert [r.notes for r in reports] == [[], [], []]   # no stacks left unchecked


def test_a_button_nobody_is_seated_under_is_one_g1_and_the_hand_is_kept() -> None:
    text = THREE_HANDS.replace("Hand #2 - button Bruno", "Hand #2 - button Carla")
    reports = hand_reports(text)
    assert [(v.hand_id, v.rule, v.message) for r in reports for v in r.violations] == [
        ("btn#2", "G1", "Carla is not seated at this table")]
    # as a hand that names none: heads-up Bruno's small blind makes him the button (G4)
    assert [r.button for r in reports] == ["Ana", "Bruno", "Ana"]
    assert [r.net for r in reports][1] == {"Ana": 1, "Bruno": -1}


def test_a_button_the_small_blind_tells_still_alternates() -> None:
    """Hands naming no button: Ana posting the small blind twice running keeps the button
    (G4), said at her second small blind as where a hand names it."""
    unnamed = re.sub(r"Hand #(\d) - button \w+", r"Hand #\1", THREE_HANDS)
    assert [[(v.rule, v.line) for v in r.violations] for r in hand_reports(unnamed)] == [
        [], [], []]
    stays = unnamed.replace("Bruno: posts small blind 1\nAna: posts big blind 2\nBruno: folds\n"
                            "Uncalled bet 1 returned to Ana\nAna wins 2",
                            "Ana: posts small blind 1\nBruno: posts big blind 2\nAna: folds\n"
                            "Uncalled bet 1 returned to Bruno\nBruno wins 2").replace(
        "Ana 100, Bruno 100", "Ana 98, Bruno 102").replace(
        "Hand #3\nAna: posts small blind 1\nBruno: posts big blind 2\nAna: folds\n"
        "Uncalled bet 1 returned to Bruno\nBruno wins 2\nStacks: Ana 99, Bruno 101",
        "Hand #3\nBruno: posts small blind 1\nAna: posts big blind 2\nBruno: folds\n"
        "Uncalled bet 1 returned to Ana\nAna wins 2\nStacks: Ana 99, Bruno 101")
    assert [[(v.rule, v.line, v.message) for v in r.violations] for r in hand_reports(stays)] == [
        [], [("G4", 15, "the button stays with Ana; it alternates every hand")], []]
    # a site's button may stay put, and a house log copying its hands says so
    may_stay = stays.replace("Rules: unlimited hands", "Rules: unlimited hands, button may stay")
    assert [r.violations for r in hand_reports(may_stay)] == [[], [], []]


@pytest.mark.parametrize(("second", "found"), [(2, [("G4", 14)]), (3, [])])
def test_a_button_that_stays_after_a_hand_left_out_is_no_g4(second: int,
                                                            found: list[tuple[str, int]]) -> None:
    """Ana keeps the button from hand 1 to the next: a G4 where that is hand 2, none where
    it is hand 3, the button having moved twice in the hand the log leaves out."""
    text = ('Session #btn "Buttons"\nRules: unlimited hands\nSeat 1: Ana (100)\n'
            'Seat 2: Bruno (100)\n\n' + hand_lines(1, "Ana", "Ana", "Bruno", "Ana 99, Bruno 101")
            + hand_lines(second, "Ana", "Ana", "Bruno", "Ana 98, Bruno 102"))
    assert [(v.rule, v.line) for r in hand_reports(text) for v in r.violations] == found


@pytest.mark.parametrize(("first", "found"), [
    (Button(seat=None, player="Carla"), ["G1"]),         # a button nobody has
    (Note(kind="chat", text="Ana: gl"), []),              # no button named
])
def test_heads_up_the_small_blind_tells_a_button_the_hand_does_not(
        first: Event, found: list[str]) -> None:
    """Heads-up the dealer posts the small blind (G4): where the hand's button is nobody's
    or unnamed, Ana's small blind makes her the button, so the big blind, Bruno, draws and
    acts first after each draw (D1, B6), not the player in the first seat."""
    report = replay([first, *full_hand()[1:]])
    assert [v.rule for v in report.violations] == found
    assert (report.button, report.draws, report.actions, report.net) == (
        "Ana", CLEAN.draws, CLEAN.actions, CLEAN.net)


def test_a_misspelt_seat_line_is_one_g1_there_and_the_session_reads_the_hands_name() -> None:
    """The header seats ``Bruon`` and every line says ``Bruno``: the seat line is the one
    that differs, so it is the mistake, said once, where each line was a G1 and the
    Hand line naming the button ``Bruno`` lost its hand."""
    text = THREE_HANDS.replace("Seat 2: Bruno (100)", "Seat 2: Bruon (100)")
    assert not [r for r in read_house(text, "home.txt") if isinstance(r, ParseError)]
    reports = hand_reports(text)
    assert [(r.button, r.violations, r.notes) for r in reports] == [
        ("Ana", [], []), ("Bruno", [], []), ("Ana", [], [])]
    assert session_violations(text + "Session ends - stacks Ana 99, Bruno 101\n") == [
        ("G1", "seat 2 seats Bruon, whom every line of the first hand calls Bruno; read as "
         "Bruno, the name it misspells")]
    [session] = [r for r in audit(read_house(text, "home.txt")) if isinstance(r, SessionReport)]
    assert (session.violations[0].line, session.stacks) == (4, {"Ana": 99, "Bruno": 101})
    # the report says whom it read under another name, and starts him under the hands' name
    assert (session.read_as, session.starts) == ({"Bruon": "Bruno"}, {"Ana": 100, "Bruno": 100})


def test_a_misspelt_seat_line_stating_another_stack_is_judged_under_the_hands_name() -> None:
    """``Bruon (102)``: the stack is a G3 at the seat line, and the first hand's stacks,
    the ruleset's 100 moved by the chips, settle it for Bruno, as where the seat line
    spells him right; the chips' account kept under the misspelling was no one's, and
    the hand's statement was a second G3."""
    text = THREE_HANDS.replace("Seat 2: Bruno (100)", "Seat 2: Bruon (102)")
    reports = hand_reports(text)
    assert [r.violations for r in reports] == [[], [], []]
    [session] = [r for r in audit(read_house(text, "home.txt")) if isinstance(r, SessionReport)]
    assert [(v.rule, v.line) for v in session.violations] == [("G3", 4), ("G1", 4)]
    assert session.starts == {"Ana": 100, "Bruno": 100}


def test_a_misspelt_seat_line_stores_one_row_for_its_player(tmp_path: Path) -> None:
    """The database and a dataset keep the session's players under the names it is read
    by: the seat line's misspelling was kept beside them, a player of seat 2 who never
    played, his stack untouched."""
    log = tmp_path / "logs" / "home.txt"
    log.parent.mkdir()
    log.write_text(THREE_HANDS.replace("Seat 2: Bruno (100)", "Seat 2: Bruon (100)"),
                   encoding="utf-8")
    assert cli.main(["import", str(log), "--db", str(tmp_path / "home.duckdb")]) == 0
    assert cli.main(["import", str(log), "--out", str(tmp_path / "ds")]) == 0
    query = ("SELECT player, seat, start_stack, final_stack, net, won_session "
             "FROM session_players ORDER BY seat")
    expected = [("Ana", 1, 100, 99, -1, False), ("Bruno", 2, 100, 101, 1, True)]
    with Store(tmp_path / "home.duckdb", read_only=True) as store:
        assert store.connection.execute(query).fetchall() == expected
        assert store.connection.execute("SELECT players FROM sessions").fetchall() == [
            (["Ana", "Bruno"],)]
    assert connect_dataset(tmp_path / "ds").execute(query).fetchall() == expected


def test_a_seat_name_the_first_hand_uses_is_the_right_one() -> None:
    """Where the first hand calls the player by his seat line's name too, the line that
    says otherwise is the slip: its own G1, the seat line kept."""
    text = THREE_HANDS.replace("Bruno: posts big blind 2", "Bruon: posts big blind 2", 1)
    assert session_violations(text) == []
    [first, *rest] = hand_reports(text)
    assert [(v.line, v.message) for v in first.violations] == [
        (8, "Bruon is not seated at this table; read as Bruno, whose name it misspells")]
    assert [r.violations for r in rest] == [[], []]
