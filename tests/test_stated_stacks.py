"""A stack the log states at a hand's end that the chips contradict (G3).

The violation names the log's figure; the hand's rows keep the chips' (``end_stack`` is
``start_stack + net``, as for every other hand: docs/schema.md), and the table keeps both
accounts of that stack, the log's and the chips', until the log states it again: agreeing
with either is no violation, so one wrong statement is reported once, whichever of the
two was wrong (docs/rules.md, G3 and N1). The first tests failed when the engine replaced
the player's end stack with the log's, storing an end stack its own net contradicts; those
of the two accounts failed when the table followed the log's account alone.
"""

from __future__ import annotations

from pathlib import Path

from badugi_hh import cli
from badugi_hh.engine import HandReport, SessionReport, audit
from badugi_hh.events import Hand
from badugi_hh.parsers import read_records
from badugi_hh.parsers.house import read_house
from badugi_hh.parsers.kingsclub import read_kingsclub
from badugi_hh.parsers.phh import read_phh
from badugi_hh.phh_writer import phh_fields, phh_text
from badugi_hh.store import Store
from sitekit import KINGSCLUB, PS_CASH, PS_SNG, tampered, violations

#: Hand 1's Stacks line gives Ana 105 where the chips say 99; hand 2 starts from the log's.
HOUSE = """\
Session #g3 "stated stacks" 2026-11-27 20:00
Rules: Badugi triple draw, fixed limit 2/4, blinds 1/2, cap 3 raises, heads-up, \
stacks 100, unlimited hands
Seat 1: Ana (100)
Seat 2: Bruno (100)

Hand #1 - button Ana
Ana: posts small blind 1
Bruno: posts big blind 2
Dealt to Bruno [?? ?? ?? ??]
Dealt to Ana [?? ?? ?? ??]
Ana: folds
Bruno wins 2
Stacks: Ana 105, Bruno 101

Hand #2 - button Bruno
Bruno: posts small blind 1
Ana: posts big blind 2
Dealt to Ana [?? ?? ?? ??]
Dealt to Bruno [?? ?? ?? ??]
Bruno: folds
Ana wins 2
Stacks: Ana 106, Bruno 100
"""

#: p2 wins the blinds (98 / 102); the file says both end as they began.
PHH = '''variant = "FB"
antes = [0, 0]
blinds_or_straddles = [1, 2]
small_bet = 2
big_bet = 4
starting_stacks = [100, 100]
actions = [
  "d dh p1 ????????",
  "d dh p2 ????????",
  "p2 cbr 4",
  "p1 f",
]
finishing_stacks = [100, 100]
'''


def _hand_players(db: Path) -> list[tuple[str, str, int, int, int]]:
    with Store(db, read_only=True) as store:
        return store.connection.execute(
            "SELECT hand_id, player, start_stack, end_stack, net FROM hand_players "
            "ORDER BY hand_id, player").fetchall()


def _violations(db: Path) -> list[tuple[str, str, str]]:
    with Store(db, read_only=True) as store:
        return store.connection.execute(
            "SELECT hand_id, rule, message FROM violations ORDER BY hand_id, message").fetchall()


def test_a_house_hand_stores_the_chips_figures_and_its_next_hand_starts_from_the_log(
        tmp_path: Path) -> None:
    log = tmp_path / "g3.txt"
    log.write_text(HOUSE, encoding="utf-8")
    db = tmp_path / "g3.duckdb"
    assert cli.main(["import", str(log), "--db", str(db)]) == 0
    assert _hand_players(db) == [
        ("g3#1", "Ana", 100, 99, -1), ("g3#1", "Bruno", 100, 101, 1),
        ("g3#2", "Ana", 105, 106, 1), ("g3#2", "Bruno", 101, 100, -1)]
    assert _violations(db) == [
        ("g3#1", "G3", "the log says Ana ends the hand with 105; the chips say 99")]


def test_a_phh_hand_stores_the_chips_figures_not_its_finishing_stacks(tmp_path: Path) -> None:
    log = tmp_path / "g3.phh"
    log.write_text(PHH, encoding="utf-8")
    db = tmp_path / "g3.duckdb"
    assert cli.main(["import", str(log), "--db", str(db)]) == 0
    [(_, _, start, end, net), (_, _, start2, end2, net2)] = _hand_players(db)
    assert (start, end, net, start2, end2, net2) == (100, 98, -2, 100, 102, 2)
    assert [rule for _, rule, _ in _violations(db)] == ["G3", "G3"]


def test_a_site_summary_stack_the_chips_contradict_is_told_not_stored() -> None:
    text = KINGSCLUB.read_text(encoding="utf-8").replace("Seat 5: Hero (570) -30",
                                                         "Seat 5: Hero (580) -30")
    hand_report, session_report = audit(read_kingsclub(text, name=KINGSCLUB.name))
    assert isinstance(hand_report, HandReport) and isinstance(session_report, SessionReport)
    assert [(v.rule, v.message) for v in hand_report.violations] == [
        ("G3", "the log says Hero ends the hand with 580; the chips say 570")]   # as it writes them
    hero = hand_report.players["Hero"]
    assert (hero.end_stack, hero.start_stack + hero.net, hero.carried_stack) == (
        57000, 57000, 58000)
    assert session_report.stacks["Hero"] == 58000   # the table carries the log's


def test_an_export_writes_the_logs_finishing_stacks_so_the_g3_is_found_again() -> None:
    hand, report = _phh_hand_and_report(PHH)
    again = _phh_hand_and_report(phh_text(phh_fields(hand, report)))[1]
    assert [(v.rule, v.message) for v in again.violations] == [
        (v.rule, v.message) for v in report.violations] != []


def _phh_hand_and_report(text: str) -> tuple[Hand, HandReport]:
    records = list(read_phh(text, "g3.phh"))
    [hand] = [record for record in records if isinstance(record, Hand)]
    [report] = [r for r in audit(records) if isinstance(r, HandReport)]
    return hand, report


def _house(hand_2_stacks: str | None, end: str | None) -> str:
    """:data:`HOUSE` with hand 2's ``Stacks:`` line stating ``hand_2_stacks`` (None: hand 2
    left out) and the session's end line stating ``end`` (None: none)."""
    text = HOUSE if hand_2_stacks is None else HOUSE.replace("Ana 106, Bruno 100", hand_2_stacks)
    if hand_2_stacks is None:
        text = text[:text.index("Hand #2")]
    return text if end is None else f"{text}\nSession ends - stacks {end}\n"


def _imported(tmp_path: Path, text: str) -> Path:
    log = tmp_path / "g3.txt"
    log.write_text(text, encoding="utf-8")
    db = tmp_path / "g3.duckdb"
    assert cli.main(["import", str(log), "--db", str(db)]) == 0
    return db


def _session_players(db: Path) -> list[tuple[str, int, int]]:
    with Store(db, read_only=True) as store:
        return store.connection.execute(
            "SELECT player, final_stack, net FROM session_players ORDER BY player").fetchall()


#: The only violation, of hand or session (an N1 has no hand id).
ONE_G3 = [("g3#1", "G3", "the log says Ana ends the hand with 105; the chips say 99")]


def test_a_typo_in_a_stacks_line_is_one_violation_when_the_next_hand_states_the_chips(
        tmp_path: Path) -> None:
    """Hand 2's stacks are the chips' (Ana 99 + 1): hand 1's 105 was a slip of the pen.
    Hand 2 starts from the chips' figure, and the session's nets add up to zero."""
    db = _imported(tmp_path, _house("Ana 100, Bruno 100", "Ana 100, Bruno 100"))
    assert _violations(db) == ONE_G3
    assert _hand_players(db)[2:] == [("g3#2", "Ana", 99, 100, 1), ("g3#2", "Bruno", 101, 100, -1)]
    assert _session_players(db) == [("Ana", 100, 0), ("Bruno", 100, 0)]


def test_a_typo_in_the_last_stacks_line_is_one_violation_when_the_session_end_states_the_chips(
        tmp_path: Path) -> None:
    db = _imported(tmp_path, _house(None, "Ana 99, Bruno 101"))
    assert _violations(db) == ONE_G3
    assert _session_players(db) == [("Ana", 99, -1), ("Bruno", 101, 1)]


def test_chips_the_log_did_not_show_are_one_violation_when_the_next_statements_follow_the_log(
        tmp_path: Path) -> None:
    """The log was right (Ana's 105 came from chips the hand did not show moving): its
    later statements follow it, and the session's figures are the log's."""
    db = _imported(tmp_path, _house("Ana 106, Bruno 100", "Ana 106, Bruno 100"))
    assert _violations(db) == ONE_G3
    assert _session_players(db) == [("Ana", 106, 6), ("Bruno", 100, 0)]
    (tmp_path / "end").mkdir()
    db = _imported(tmp_path / "end", _house(None, "Ana 105, Bruno 101"))
    assert _violations(db) == ONE_G3
    assert _session_players(db) == [("Ana", 105, 5), ("Bruno", 101, 1)]


def test_a_statement_agreeing_with_neither_account_is_a_new_violation(tmp_path: Path) -> None:
    """Hand 2's 103 is neither the log's account (106) nor the chips' (100): a G3 of its
    own, and the chain follows it, so the session's end agreeing with it says nothing."""
    db = _imported(tmp_path, _house("Ana 103, Bruno 100", "Ana 103, Bruno 100"))
    assert _violations(db) == [*ONE_G3, (
        "g3#2", "G3", "the log says Ana ends the hand with 103; the chips say 106")]
    assert _session_players(db) == [("Ana", 103, 3), ("Bruno", 100, 0)]


#: Player6 ends the tournament's first hand with 1560 and wins 220 in its second.
PS_SEAT_LINES = (68, "Seat 4: Player6 (1560 in chips)", 129, "Seat 4: Player6 (1780 in chips)")


def test_a_typo_in_a_site_seat_line_is_one_violation_when_the_next_seat_line_states_the_chips(
        tmp_path: Path) -> None:
    first, line = PS_SEAT_LINES[0], PS_SEAT_LINES[1]
    log = tampered(tmp_path, first, line, line.replace("1560", "1570"), PS_SNG)
    assert [found for found in violations(log) if found[0] == "G3"] == [("G3", first)]


def test_chips_a_site_did_not_show_are_one_violation_when_its_seat_lines_follow_them(
        tmp_path: Path) -> None:
    """The next seat line (1790) follows the first's 1570: no violation; the chain follows
    it alone, so the file's own 1920 a hand later (1790 + 140 by the chips) is a new one."""
    first, line, second, next_line = PS_SEAT_LINES
    tampered(tmp_path, first, line, line.replace("1560", "1570"), PS_SNG)
    log = tampered(tmp_path, second, next_line, next_line.replace("1780", "1790"),
                   tmp_path / PS_SNG.name)
    assert [found for found in violations(log) if found[0] == "G3"] == [("G3", first),
                                                                         ("G3", 187)]


# -- an award the engine disputes, where the hand's stated end says which holds ---------------

#: Bruno wins hand 1's showdown (Ana ends with 62), Ana hand 2's pot after Bruno's fold.
AWARDS = """\
Session #aw "disputed awards" 2026-11-06 20:00
Rules: Badugi triple draw, fixed limit 2/4, blinds 1/2, cap 3 raises, heads-up, stacks 100, \
2 hands
Seat 1: Ana (100)
Seat 2: Bruno (100)

Hand #1 - button Ana
Ana: posts small blind 1
Bruno: posts big blind 2
Dealt to Bruno [Ks 8d 2d 9s]
Dealt to Ana [Ts Tc 9h Ad]
Ana: raises 2 to 4
Bruno: calls 2
*** FIRST DRAW ***
Burn [7d]
Bruno: discards 2 [Ks 8d] draws [7s 8c]
Ana: discards 2 [Tc Ts] draws [6d 4s]
Bruno: bets 2
Ana: calls 2
*** SECOND DRAW ***
Burn [Kd]
Bruno: discards 1 [9s] draws [6h]
Ana: discards 1 [6d] draws [5c]
Bruno: bets 4
Ana: raises 4 to 8
Bruno: raises 4 to 12
Ana: raises 4 to 16
Bruno: calls 4
*** THIRD DRAW ***
Burn [Ac]
Bruno: discards 0 draws []
Ana: discards 0 draws []
Bruno: bets 4
Ana: raises 4 to 8
Bruno: raises 4 to 12
Ana: raises 4 to 16
Bruno: calls 4
*** SHOWDOWN ***
Bruno: shows [2d 7s 8c 6h] (badugi 8-7-6-2)
Ana: shows [9h Ad 4s 5c] (badugi 9-5-4-A)
Bruno wins 76
Stacks: Ana 62, Bruno 138

Hand #2 - button Bruno
Bruno: posts small blind 1
Ana: posts big blind 2
Dealt to Ana [3c Th Jc 8h]
Dealt to Bruno [Kc 9s Jh 2s]
Bruno: folds
Uncalled bet 1 returned to Ana
Ana wins 2
Stacks: Ana 63, Bruno 137

Session ends - Bruno wins - stacks Ana 63, Bruno 137
"""

#: The line of hand 1's award and hand 2's.
SHOWDOWN_AWARD, FOLD_AWARD = 40, 50


def _found(text: str) -> list[tuple[str, int]]:
    return [(v.rule, v.line) for r in audit(read_house(text, "aw.txt"))
            if isinstance(r, HandReport | SessionReport) for v in r.violations]


def _won(db: Path) -> list[tuple[str, str, int, int, int]]:
    with Store(db, read_only=True) as store:
        return store.connection.execute(
            "SELECT hand_id, player, won, net, end_stack FROM hand_players "
            "ORDER BY hand_id, player").fetchall()


#: Hand 1 and 2 as the chips and both Stacks lines have them.
AS_THE_CHIPS_HAVE_IT = [("aw#1", "Ana", 0, -38, 62), ("aw#1", "Bruno", 76, 38, 138),
                        ("aw#2", "Ana", 2, 1, 63), ("aw#2", "Bruno", 0, -1, 137)]


def test_a_pot_given_to_the_worse_hand_is_one_violation_where_the_stacks_line_states_the_chips(
        tmp_path: Path) -> None:
    """The Stacks line agrees with the rules' payout, not the award: the award is the one
    wrong figure (S1), the hand stores the chips', and neither that line nor the next
    hand's is a G3. The engine followed the award and said two G3 at a correct line."""
    text = AWARDS.replace("Bruno wins 76", "Ana wins 76")
    assert _found(text) == [("S1", SHOWDOWN_AWARD)]
    assert _won(_imported(tmp_path, text)) == AS_THE_CHIPS_HAVE_IT


def test_a_pot_after_a_fold_given_to_the_folder_is_one_violation_where_the_stacks_line_states_the_chips(
        tmp_path: Path) -> None:
    text = AWARDS.replace("Ana wins 2", "Bruno wins 2")
    assert _found(text) == [("S4", FOLD_AWARD)]
    assert _won(_imported(tmp_path, text)) == AS_THE_CHIPS_HAVE_IT


def test_a_disputed_award_its_stacks_line_agrees_with_is_followed() -> None:
    """The log says the award twice (its Stacks line agrees): stored as the log says."""
    text = AWARDS.replace("Bruno wins 76", "Ana wins 76").replace(
        "Stacks: Ana 62, Bruno 138", "Stacks: Ana 138, Bruno 62")
    text = text[:text.index("Hand #2")]
    [report] = [r for r in audit(read_house(text, "aw.txt")) if isinstance(r, HandReport)]
    assert [(v.rule, v.line) for v in report.violations] == [("S1", SHOWDOWN_AWARD)]
    assert {name: (p.won, p.end_stack) for name, p in report.players.items()} == {
        "Ana": (76, 138), "Bruno": (0, 62)}


def test_a_site_award_is_one_violation_where_its_summary_states_the_chips() -> None:
    """KingsClub's summary states each seat's stack and net: the rules' payout, not the
    award's. Following the award, the engine said two G3 and two S1 besides."""
    text = KINGSCLUB.read_text(encoding="utf-8").replace("Player1 wins pot (568.25)",
                                                         "Player0 wins pot (568.25)")
    hand_report, _ = audit(read_kingsclub(text, name=KINGSCLUB.name))
    assert isinstance(hand_report, HandReport)
    assert [v.rule for v in hand_report.violations] == ["S1"]
    assert {name: p.won for name, p in hand_report.players.items()} == {
        "Player0": 0, "Player1": 56825, "Hero": 0}


def test_a_site_award_is_one_violation_where_its_summary_names_the_winner(
        tmp_path: Path) -> None:
    """PokerStars' summary says Scorpio2000 collected the pot the award gives to Hero: the
    engine said S1 of both summary lines, and the next hand's seat lines, which follow the
    chips, read as a hand missing from the log."""
    log = tampered(tmp_path, 94, "Scorpio2000 collected", "Hero collected", PS_CASH)
    assert violations(log) == [("S4", 94)]
    assert not any(r.notes for r in audit(read_records(log)) if isinstance(r, HandReport))


def test_a_phh_hands_winnings_are_one_violation_where_its_finishing_stacks_state_the_chips(
) -> None:
    """p2 wins the pot after p1's fold; ``winnings`` gives it to p1, ``finishing_stacks``
    to p2."""
    text = PHH.replace("finishing_stacks = [100, 100]",
                       "winnings = [4, 0]\nfinishing_stacks = [98, 102]")
    _, report = _phh_hand_and_report(text)
    assert [v.rule for v in report.violations] == ["S4"]
    assert {name: (p.won, p.end_stack) for name, p in report.players.items()} == {
        "p1": (0, 98), "p2": (4, 102)}


def _without_stacks_line(text: str, line: str) -> str:
    assert f"\n{line}\n" in text
    return text.replace(f"\n{line}\n", "\n")


def test_a_disputed_award_followed_for_want_of_a_stacks_line_is_settled_by_the_next_one(
        tmp_path: Path) -> None:
    """Hand 1 states no end: its award is followed, and the table keeps the rules' account
    of both stacks beside it. Hand 2's Stacks line agrees with that one (Ana 62 + 1), so
    it is no G3 and hand 2 is replayed from it, as after a stack typed wrong."""
    text = _without_stacks_line(AWARDS.replace("Bruno wins 76", "Ana wins 76"),
                                "Stacks: Ana 62, Bruno 138")
    assert _found(text) == [("S1", SHOWDOWN_AWARD)]
    db = _imported(tmp_path, text)
    assert _won(db) == [("aw#1", "Ana", 76, 38, 138), ("aw#1", "Bruno", 0, -38, 62),
                        *AS_THE_CHIPS_HAVE_IT[2:]]
    assert _session_players(db) == [("Ana", 63, -37), ("Bruno", 137, 37)]


def test_a_disputed_award_in_the_last_hand_is_settled_by_the_sessions_end_line() -> None:
    text = _without_stacks_line(AWARDS.replace("Ana wins 2", "Bruno wins 2"),
                                "Stacks: Ana 63, Bruno 137")
    assert _found(text) == [("S4", FOLD_AWARD)]


def test_a_site_award_its_summary_repeats_is_settled_by_the_next_hands_seat_lines(
        tmp_path: Path) -> None:
    """The award and the summary give Hero the pot Scorpio2000 won; the next hand's seat
    lines follow the chips. The engine read them as a hand missing from the log."""
    log = tampered(tmp_path, 94, "Scorpio2000 collected", "Hero collected", PS_CASH)
    log = tampered(tmp_path, 99, "folded before the Draw", "collected ($0.20)", log)
    log = tampered(tmp_path, 100, "collected ($0.20)", "folded before the Draw", log)
    assert violations(log) == [("S4", 94)]
    assert not any(r.notes for r in audit(read_records(log)) if isinstance(r, HandReport))


#: :data:`HOUSE` with every statement right: Ana 99, Bruno 101, then 100 each.
SEATED = HOUSE.replace("Ana 105, Bruno 101", "Ana 99, Bruno 101").replace(
    "Ana 106, Bruno 100", "Ana 100, Bruno 100")

#: Bruno's seat line in the session's header, where the ruleset gives each player 100.
BRUNO_SEATED = (4, "Seat 2: Bruno (100)")


def _seated(bruno: int, first_stacks: str | None, second_stacks: str | None,
            end: str | None) -> str:
    """:data:`SEATED` with Bruno's header stack ``bruno``, hands 1 and 2 stating
    ``first_stacks`` and ``second_stacks`` (None: no ``Stacks:`` line), and the session's
    end stating ``end`` (None: none)."""
    line, seat = BRUNO_SEATED
    assert SEATED.splitlines()[line - 1] == seat
    text = SEATED.replace(seat, f"Seat 2: Bruno ({bruno})")
    for stated, said in (("Ana 99, Bruno 101", first_stacks), ("Ana 100, Bruno 100", second_stacks)):
        text = text.replace(f"Stacks: {stated}\n", "" if said is None else f"Stacks: {said}\n")
    return text if end is None else f"{text}\nSession ends - stacks {end}\n"


def _rules_and_lines(db: Path) -> list[tuple[str, int]]:
    with Store(db, read_only=True) as store:
        return store.connection.execute(
            "SELECT rule, line FROM violations ORDER BY line").fetchall()


def _session_starts(db: Path) -> list[tuple[str, int, int, int]]:
    with Store(db, read_only=True) as store:
        return store.connection.execute(
            "SELECT player, start_stack, final_stack, net FROM session_players "
            "ORDER BY player").fetchall()


def test_a_typo_in_a_session_seat_line_is_one_violation_at_it_when_the_hand_states_the_chips(
        tmp_path: Path) -> None:
    """Bruno's header says 102; hand 1's stacks are the ruleset's 100 moved by the chips:
    one G3, at the seat line, and the hand and the session start from 100."""
    db = _imported(tmp_path, _seated(102, "Ana 99, Bruno 101", "Ana 100, Bruno 100",
                                     "Ana 100, Bruno 100"))
    assert _rules_and_lines(db) == [("G3", BRUNO_SEATED[0])]
    assert _hand_players(db) == [
        ("g3#1", "Ana", 100, 99, -1), ("g3#1", "Bruno", 100, 101, 1),
        ("g3#2", "Ana", 99, 100, 1), ("g3#2", "Bruno", 101, 100, -1)]
    assert _session_starts(db) == [("Ana", 100, 100, 0), ("Bruno", 100, 100, 0)]


def test_a_typo_in_a_hands_seat_line_is_one_violation_when_its_stacks_line_states_the_chips(
        tmp_path: Path) -> None:
    """Hand 2 restates Ana's stack as 97 where hand 1 left her 99; its own Stacks line
    (100) is her 99 moved by the chips, not 97 moved by them: the seat line was the
    slip, one G3 at it, and the hand is replayed and stored from 99. This failed when the
    hand's end was judged against the seat line's stack alone: a second G3 at the
    Stacks line for a statement that was right."""
    text = SEATED.replace("Hand #2 - button Bruno\n", "Hand #2 - button Bruno\nSeat 1: Ana (97)\n")
    db = _imported(tmp_path, text)
    assert _rules_and_lines(db) == [("G3", 16)]
    assert _hand_players(db)[2:] == [("g3#2", "Ana", 99, 100, 1), ("g3#2", "Bruno", 101, 100, -1)]
    assert _session_starts(db) == [("Ana", 100, 100, 0), ("Bruno", 100, 100, 0)]


def test_a_hands_seat_line_its_stacks_line_follows_stands(tmp_path: Path) -> None:
    """The same seat line, the hand's end following it (97 + 1): the chips moved
    unseen, one G3 at the seat line, and the hand starts from 97."""
    text = SEATED.replace("Hand #2 - button Bruno\n", "Hand #2 - button Bruno\nSeat 1: Ana (97)\n"
                          ).replace("Stacks: Ana 100, Bruno 100", "Stacks: Ana 98, Bruno 100")
    db = _imported(tmp_path, text)
    assert _rules_and_lines(db) == [("G3", 16)]
    assert _hand_players(db)[2] == ("g3#2", "Ana", 97, 98, 1)


def test_chips_a_session_header_gave_are_one_violation_when_the_hands_follow_it(
        tmp_path: Path) -> None:
    """The header's 102 was right (chips given him): the hands' stacks follow it, so the
    session starts from it and no hand is judged against the ruleset's 100."""
    db = _imported(tmp_path, _seated(102, "Ana 99, Bruno 103", "Ana 100, Bruno 102",
                                     "Ana 100, Bruno 102"))
    assert _rules_and_lines(db) == [("G3", BRUNO_SEATED[0])]
    assert _hand_players(db)[1] == ("g3#1", "Bruno", 102, 103, 1)
    assert _session_starts(db) == [("Ana", 100, 100, 0), ("Bruno", 102, 102, 0)]


def test_a_session_end_agreeing_with_the_rulesets_start_settles_the_sessions_start(
        tmp_path: Path) -> None:
    """No hand states a stack: the hands follow the header's 102, the session's end
    states the ruleset's account (100 + 1 - 1), which the session then starts and ends
    with, its nets adding up to zero."""
    db = _imported(tmp_path, _seated(102, None, None, "Ana 100, Bruno 100"))
    assert _rules_and_lines(db) == [("G3", BRUNO_SEATED[0])]
    assert _session_starts(db) == [("Ana", 100, 100, 0), ("Bruno", 100, 100, 0)]


#: Three players, no limit: Carla's call of 47 puts all her 100 in, and Bruno wins.
ALL_IN = """\
Session #nl "all in" 2024-01-01 20:00
Rules: Badugi triple draw, no limit 2/4, blinds 1/2, cap 3 raises, 3 players, stacks 100, \
12 hands, odd chip left of button
Seat 1: Ana (100)
Seat 2: Bruno (100)
Seat 3: Carla (100)

Hand #1 - button Ana - 2024-01-01 20:00
Bruno: posts small blind 1
Carla: posts big blind 2
Dealt to Bruno [4c 9c Ts 9s]
Dealt to Carla [Js 5h 4h 6s]
Dealt to Ana [6h Ad 6c 7s]
Ana: raises 2 to 4
Bruno: raises 49 to 53
Carla: calls 51
Ana: raises 47 to 100 and is all-in
Bruno: calls 47 and is all-in
Carla: calls 47 and is all-in
*** FIRST DRAW ***
Burn [3c]
Bruno: discards 0 draws []
Carla: discards 2 [Js 5h] draws [Kc Qc]
Ana: discards 0 draws []
*** SECOND DRAW ***
Burn [Qd]
Bruno: discards 2 [9c Ts] draws [3h 8d]
Carla: discards 2 [Kc Qc] draws [8h Qs]
Ana: discards 1 [6c] draws [2h]
*** THIRD DRAW ***
Burn [7c]
Bruno: discards 0 draws []
Carla: discards 2 [8h Qs] draws [8s 4d]
Ana: discards 1 [6h] draws [Td]
*** SHOWDOWN ***
Bruno: shows [4c 9s 3h 8d] (badugi 9-8-4-3)
Carla: shows [4h 6s 8s 4d] (2-card 6-4)
Ana: shows [Ad 7s 2h Td] (3-card 7-2-A)
Bruno wins 300
Stacks: Ana 0, Bruno 300, Carla 0

Session ends - Bruno wins - stacks Ana 0, Bruno 300, Carla 0
"""


def test_a_seat_line_short_of_an_all_in_is_one_violation_and_no_stack_is_negative(
        tmp_path: Path) -> None:
    """Carla's header says 99: her all-in of 100 is what the ruleset's 100 covers, as
    the hand's stacks confirm, so the seat line's G3 is the one violation (not B7 and
    S3 at her call, nor 'the chips say -1'), and she is stored from 100 to 0."""
    db = _imported(tmp_path, ALL_IN.replace("Seat 3: Carla (100)", "Seat 3: Carla (99)"))
    assert _rules_and_lines(db) == [("G3", 5)]
    assert [row for row in _hand_players(db) if row[1] == "Carla"] == [
        ("nl#1", "Carla", 100, 0, -100)]
    assert _session_starts(db)[2] == ("Carla", 100, 0, -100)


def test_chips_put_in_beyond_the_stack_played_are_the_s3_and_never_a_negative_stack(
        tmp_path: Path) -> None:
    """Nothing states Carla's stack after her header's 99: the hand is played from it, so
    her call of 47 with 46 behind is an S3, and the pot keeps the log's chips. It is no
    B7: 47 is what she owes, and the ruleset's 100, the table's other account of her
    start, leaves her exactly that, so the figure in doubt is the seat line's (its G3),
    not the call's. She had the chips: her start is stored as the 100 that covers them,
    and she ends with 0, not -1, so that her end stack is still her start plus her net."""
    text = ALL_IN.replace("Seat 3: Carla (100)", "Seat 3: Carla (99)")
    text = text[:text.index("Stacks:")]
    db = _imported(tmp_path, text)
    assert _rules_and_lines(db) == [("G3", 5), ("S3", 18)]
    assert [row for row in _hand_players(db) if row[1] == "Carla"] == [
        ("nl#1", "Carla", 100, 0, -100)]
    (tmp_path / "end").mkdir()   # the session's end agrees with the ruleset's 100 - 100
    db = _imported(tmp_path / "end", f"{text}\nSession ends - stacks Ana 0, Bruno 300, Carla 0\n")
    assert _session_starts(db)[2] == ("Carla", 100, 0, -100)
