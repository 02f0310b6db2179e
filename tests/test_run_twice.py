"""A hand run twice (issue 32): both runs read, each run's share of the pot to its best hand.

KingsClub's no-limit 2-7 single draw runs the draw twice when the players are all
in before it: the real hand in tests/data/real/kingsclub/, and hands written here
in its line shapes (docs/format.md, "KingsClub"): the hero's ``discards [..] draws
[..] [..]``, ``Run 1:`` / ``Run 2:`` shows, and the older ``Dealt to`` line after
a draw that lists the cards of both runs.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import duckdb
import pytest

from badugi_hh.cards import parse_cards as c
from badugi_hh.engine import HandReport, Pot, audit
from badugi_hh.dataset import connect_dataset
from badugi_hh.engine.session import replay_hand
from badugi_hh.events import (
    Award, Button, Call, Deal, Draw, DrawnCards, Fold, Hand, ParseError, PostBlind, Raise, RunCards,
    Seat, SessionStart, Show, Street,
)
from badugi_hh.parsers import read_records
from badugi_hh.parsers.house import read_house
from badugi_hh.parsers.kingsclub import read_kingsclub
from badugi_hh.parsers.phh import read_phh
from badugi_hh.phh_writer import TomlValue, phh_fields, phh_text
from badugi_hh.rules import Ruleset
from badugi_hh.stats import HandKey, hand_rows
from badugi_hh.store import SCHEMA_VERSION, TABLES, Store, schema_version
from badugi_hh.writer import house_log

REAL = Path(__file__).parent / "data" / "real" / "kingsclub" / \
    "cash-27sd-nl-25-50-202108-run-it-twice.txt"

#: Two players all in before the draw, each winning one run: the hero's draw gives each
#: run's cards, and he shows each run's hand.
SPLIT = """#100: No Limit 2-7 Single Draw - 25/50
2021-08-04 06:53:29
Table 'T' Seat 3 is the button
Seat 1: Ana (1,200)
Seat 2: Hero (1,200)
Seat 3: Bo (1,200)
*** 1ST BETTING ROUND ***
Ana: posts ante 5
Hero: posts ante 5
Bo: posts ante 5
Ana: posts the small blind 25
Hero: posts the big blind 50
Dealt to Ana: [X X X X X]
Dealt to Hero: [5d 7h Th Td 2h]
Dealt to Bo: [X X X X X]
Bo raises to 150
Ana folds
Hero raises to 1,195, and is all in
Bo calls 1,195, and is all in
*** 1ST DRAW ***
Hero discards [Th Td] draws [8c 3s] [Qs Kd]
Bo stands pat
Run 1: Hero shows [5d 7h 8c 3s 2h]
Run 2: Hero shows [5d 7h Qs Kd 2h]
Bo shows [6c 9s 7s 2c 5c]
*** 2ND BETTING ROUND ***
*** SUMMARY ***
Seat 1: Ana (1,170) -30
Seat 2: Hero (1,215) +15
Seat 3: Bo (1,215) +15
Rake 0
Hero wins (1,215) from pot
Bo wins (1,215) from pot
"""

#: The older form: a player's draw as a count, then a ``Dealt to`` line holding the
#: cards of both runs' draws, first run first; here Bo draws and Hero stands pat.
OLDER = SPLIT.replace("Dealt to Hero: [5d 7h Th Td 2h]", "Dealt to Hero: [6c 9s 7s 2c 5c]").replace(
    "Hero discards [Th Td] draws [8c 3s] [Qs Kd]\nBo stands pat\n",
    "Hero stands pat\nBo draws 2\nDealt to Bo: [X X X X]\n").replace(
    "Run 1: Hero shows [5d 7h 8c 3s 2h]\nRun 2: Hero shows [5d 7h Qs Kd 2h]\n"
    "Bo shows [6c 9s 7s 2c 5c]", "Hero shows [6c 9s 7s 2c 5c]\nRun 1: Bo shows "
    "[5d 7h 8c 3s 2h]\nRun 2: Bo shows [5d 7h Qs Kd 2h]")


def only_hand(text: str) -> Hand:
    [hand] = [record for record in read_kingsclub(text, name="kc.txt")
              if isinstance(record, Hand)]
    return hand


def report_of(text: str) -> HandReport:
    return replay_hand(only_hand(text))


# -- reading -------------------------------------------------------------------------------

def test_the_heros_draw_gives_each_runs_cards_and_each_run_shows_its_hand() -> None:
    events = only_hand(SPLIT).events
    assert [e for e in events if isinstance(e, (Draw, RunCards, Show))] == [
        Draw(line=21, player="Hero", discarded=c("Th Td"), drawn=c("8c 3s")),
        RunCards(line=21, player="Hero", run=2, kind="drawn", cards=c("Qs Kd")),
        Draw(line=22, player="Bo", discarded=()),
        Show(line=23, player="Hero", cards=c("5d 7h 8c 3s 2h")),
        RunCards(line=24, player="Hero", run=2, kind="shown", cards=c("5d 7h Qs Kd 2h")),
        Show(line=25, player="Bo", cards=c("6c 9s 7s 2c 5c"))]


@pytest.mark.parametrize("drawn", [2, 3])
def test_the_older_form_lists_both_runs_draws_in_one_dealt_line(drawn: int) -> None:
    text = OLDER.replace("Bo draws 2\nDealt to Bo: [X X X X]",
                         f"Bo draws {drawn}\nDealt to Bo: [{' '.join(['X'] * 2 * drawn)}]")
    events = only_hand(text).events
    hidden = (None,) * drawn
    assert [e for e in events if isinstance(e, (DrawnCards, RunCards)) and e.line == 23] == [
        DrawnCards(line=23, player="Bo", cards=hidden),
        RunCards(line=23, player="Bo", run=2, kind="drawn", cards=hidden)]
    report = report_of(text)
    assert report.violations == []
    assert [run.pots[0].winners for run in report.runs] == [("Bo",), ("Hero",)]


@pytest.mark.parametrize(("dealt", "column", "why"), [
    ("[X X X]", 14, "3 cards dealt during the draw, but Bo drew 2"),
    ("[X X X X X X]", 14, "6 cards dealt during the draw, but Bo drew 2"),
])
def test_a_dealt_line_in_the_draw_that_fits_no_run_is_an_error_at_its_column(
        dealt: str, column: int, why: str) -> None:
    text = OLDER.replace("Dealt to Bo: [X X X X]", f"Dealt to Bo: {dealt}")
    records = list(read_kingsclub(text, name="kc.txt"))
    [error] = [record for record in records if isinstance(record, ParseError)]
    assert (error.line, error.column, error.hand_lost) == (23, column, False)
    assert why in error.message
    [hand] = [record for record in records if isinstance(record, Hand)]
    assert hand.damaged == (23,)


def test_a_hero_draw_whose_runs_differ_in_count_is_an_error() -> None:
    text = SPLIT.replace("draws [8c 3s] [Qs Kd]", "draws [8c 3s] [Qs]")
    [error] = [r for r in read_kingsclub(text, name="kc.txt") if isinstance(r, ParseError)]
    assert (error.line, error.column) == (21, 37)
    assert "discards 2 cards but draws 1" in error.message


# -- settling ------------------------------------------------------------------------------

def test_the_real_hand_pays_both_runs_to_the_same_player_and_nets_as_the_site() -> None:
    session, hand = read_records(REAL)
    assert isinstance(hand, Hand)
    report = replay_hand(hand)
    assert report.violations == []
    assert report.net == {"Player0": -2000, "Player1": -2000, "Player2": -120000,
                          "Player3": -2000, "Hero": -4500, "Player4": 131800,
                          "Player5": -2000}
    first, second = report.runs
    assert (first.number, second.number) == (1, 2)
    assert second.hands == {"Player2": c("4h 9d 8h 5h 3d"), "Player4": c("4c 8d 6h 2h 5c")}
    eligible = ("Player2", "Player4")
    assert first.pots == second.pots == (Pot(126250, eligible, ("Player4",)),)


def test_each_player_winning_one_run_takes_half_and_nothing_is_reported() -> None:
    report = report_of(SPLIT)
    assert report.violations == []
    assert (report.net["Hero"], report.net["Bo"]) == (1500, 1500)
    assert [run.pots[0].winners for run in report.runs] == [("Hero",), ("Bo",)]
    assert report.runs[1].hands["Hero"] == c("5d 7h Qs Kd 2h")


def test_a_second_run_told_only_by_the_draw_is_the_first_runs_hand_with_its_cards() -> None:
    text = SPLIT.replace("Run 2: Hero shows [5d 7h Qs Kd 2h]\n", "")
    report = report_of(text)
    assert report.violations == []
    assert report.runs[1].hands["Hero"] == c("5d 7h Qs Kd 2h")


def test_the_whole_pot_to_the_first_runs_winner_is_an_s1() -> None:
    text = SPLIT.replace("Seat 2: Hero (1,215) +15\nSeat 3: Bo (1,215) +15", "Seat 2: Hero "
                         "(2,430) +1,230\nSeat 3: Bo (0) -1,200").replace(
        "Hero wins (1,215) from pot\nBo wins (1,215) from pot", "Hero wins pot (2,430)")
    assert {v.rule for v in report_of(text).violations} == {"S1"}


def test_a_card_in_two_hands_of_one_run_is_a_d4_but_a_card_in_both_runs_is_not() -> None:
    # Run 2's 2c is in Bo's hand: one deck per run (D4).
    twice = SPLIT.replace("draws [8c 3s] [Qs Kd]", "draws [8c 3s] [Qs 2c]").replace(
        "Run 2: Hero shows [5d 7h Qs Kd 2h]", "Run 2: Hero shows [5d 7h Qs 2c 2h]")
    assert [(v.rule, v.line) for v in report_of(twice).violations
            if v.rule.startswith("D")] == [("D4", 24)]
    # 8c in both runs: each run is dealt from the stub left before the draw.
    both = SPLIT.replace("draws [8c 3s] [Qs Kd]", "draws [8c 3s] [8c Kd]").replace(
        "Run 2: Hero shows [5d 7h Qs Kd 2h]", "Run 2: Hero shows [5d 7h 8c Kd 2h]")
    assert [v.rule for v in report_of(both).violations if v.rule.startswith("D")] == []


@pytest.mark.parametrize(("old", "new"), [
    ("Run 2: Hero shows [5d 7h Qs Kd 2h]", "Run 2: Hero shows [5d 7h Qs Jd 2h]"),   # drew Kd
    ("Bo shows [6c 9s 7s 2c 5c]", "Run 1: Bo shows [6c 9s 7s 2c 5c]\n"
                                  "Run 2: Bo shows [6c 9s 7s 2c 4c]"),           # stood pat
])
def test_a_runs_show_that_is_not_the_hand_its_draw_made_is_a_d2(old: str, new: str) -> None:
    violations = report_of(SPLIT.replace(old, new)).violations
    assert [v.rule for v in violations if v.rule.startswith("D")] == ["D2"]


def test_a_discarded_card_back_in_the_second_run_is_a_d3() -> None:
    text = SPLIT.replace("draws [8c 3s] [Qs Kd]", "draws [8c 3s] [Qs Td]").replace(
        "Run 2: Hero shows [5d 7h Qs Kd 2h]", "Run 2: Hero shows [5d 7h Qs Td 2h]")
    [violation] = [v for v in report_of(text).violations if v.rule.startswith("D")]
    assert (violation.rule, violation.line) == ("D3", 24)
    assert violation.message.startswith("in run 2 Hero holds Td (5d 7h Qs Td 2h), but it was "
                                        "discarded")


# -- the odd chip ----------------------------------------------------------------------------

RULES = Ruleset(name="t", game="27sd", structure="no", draws=1, hand_size=5, small_blind=1,
                big_blind=2, small_bet=2, big_bet=2, min_players=2, max_players=8,
                starting_stack=None, rake=False, burns_logged=False, deal_order_logged=False)


def odd_pot_hand(first: int, second: int) -> Hand:
    """All in for 11 each, Cy's ante dead: a pot of 23, Ana winning run 1 and Bo run 2;
    the log pays ``first`` to Ana and ``second`` to Bo."""
    hidden = (None,) * 5
    events = [
        Seat(player="Ana", seat=1, stack=11, line=1), Seat(player="Bo", seat=2, stack=11, line=2),
        Seat(player="Cy", seat=3, stack=11, line=3), Button(seat=3, line=4),
        *(PostBlind(player=name, amount=1, kind="ante", line=5) for name in ("Ana", "Bo", "Cy")),
        PostBlind(player="Ana", amount=1, kind="small", line=6),
        PostBlind(player="Bo", amount=2, kind="big", line=7),
        *(Deal(player=name, cards=hidden, line=8) for name in ("Ana", "Bo", "Cy")),
        Fold(player="Cy", line=9),
        Raise(player="Ana", to=10, all_in=True, line=10),
        Call(player="Bo", amount=8, all_in=True, line=11),
        Street(kind="draw", number=1, line=12),
        Draw(player="Ana", discarded=(), line=13),
        Draw(player="Bo", discarded=(None,), line=14),
        Show(player="Bo", cards=c("9s 7s 6c 5c 2c"), line=15),
        RunCards(player="Bo", run=2, kind="shown", cards=c("8s 7s 6c 5c 2c"), line=16),
        Show(player="Ana", cards=c("8d 7d 6h 5h 3d"), line=17),
        Street(kind="showdown", line=18),
        Award(player="Ana", amount=first, line=19), Award(player="Bo", amount=second, line=20)]
    return Hand(hand_id="t#1", number=1, ruleset=RULES, events=events, source="t.txt")


def test_the_odd_chip_of_a_pot_cut_between_two_runs_goes_to_the_first_run() -> None:
    report = replay_hand(odd_pot_hand(12, 11))
    assert report.violations == []
    assert [run.pots for run in report.runs] == [(Pot(12, ("Ana", "Bo"), ("Ana",)),),
                                                (Pot(11, ("Ana", "Bo"), ("Bo",)),)]
    assert report.net == {"Ana": 1, "Bo": 0, "Cy": -1}


def test_the_odd_chip_to_the_second_run_is_an_s1_that_says_the_rule() -> None:
    [violation] = replay_hand(odd_pot_hand(11, 12)).violations
    assert violation.rule == "S1"
    assert "the odd chip to the first run" in violation.message


def test_the_audit_of_a_file_counts_a_hand_run_twice_once() -> None:
    reports = [r for r in audit(read_records(REAL)) if isinstance(r, HandReport)]
    assert len(reports) == 1


# -- stored, shown -------------------------------------------------------------------------

@pytest.fixture
def stored_real(tmp_path: Path) -> Path:
    path = tmp_path / "rit.duckdb"
    with Store(path) as store:
        store.import_paths([REAL])
    return path


def test_both_runs_are_stored_and_the_hand_counts_once(stored_real: Path) -> None:
    with Store(stored_real, read_only=True) as store:
        con = store.connection
        assert con.sql("SELECT run, player, cards FROM run_hands ORDER BY ALL").fetchall() == [
            (1, "Player2", "4h 9d 8h 5h 3d"), (1, "Player4", "4c 8d 6h 2h 7h"),
            (2, "Player2", "4h 9d 8h 5h 3d"), (2, "Player4", "4c 8d 6h 2h 5c")]
        assert con.sql("SELECT run, pot, amount, winners FROM run_pots ORDER BY ALL"
                       ).fetchall() == [(1, 0, 126250, ["Player4"]), (2, 0, 126250, ["Player4"])]
        assert con.sql("SELECT count(*) FROM hands").fetchall() == [(1,)]
        assert dict(con.sql("SELECT player, net FROM hand_players").fetchall()) == {
            "Player0": -2000, "Player1": -2000, "Player2": -120000, "Player3": -2000,
            "Hero": -4500, "Player4": 131800, "Player5": -2000}


def test_a_version_7_database_migrates_keeping_every_row_its_runs_unknown(
        stored_real: Path) -> None:
    """Version 7 had no run tables: the hand, its pots and nets stay; no run is made up."""
    kept = {table: ", ".join(f'"{column}"' for column in TABLES[table]._fields)
            for table in ("hands", "hand_players", "showdowns", "pots", "violations")}
    with duckdb.connect(str(stored_real)) as con:   # the database as version 7 left it
        con.execute("DROP TABLE run_hands; DROP TABLE run_pots; DROP TABLE pot_halves; "
                    "ALTER TABLE sources DROP COLUMN audit_version; "   # v10's
                    "UPDATE schema_version SET version = 7")
        for column in ("won_badugi_half", "won_lowball_half"):   # the halves until v9
            con.execute(f"ALTER TABLE hand_players ADD COLUMN {column} BOOLEAN")
        before = {table: con.sql(f"SELECT {columns} FROM {table} ORDER BY ALL").fetchall()
                  for table, columns in kept.items()}
    with Store(stored_real) as store:
        con = store.connection
        assert schema_version(con) == SCHEMA_VERSION
        assert {table: con.sql(f"SELECT {columns} FROM {table} ORDER BY ALL").fetchall()
                for table, columns in kept.items()} == before
        assert con.sql("SELECT (SELECT count(*) FROM run_hands), "
                       "(SELECT count(*) FROM run_pots)").fetchall() == [(0, 0)]


def test_the_dataset_stores_both_runs_as_the_database_does(stored_real: Path,
                                                           real_dataset: Path) -> None:
    dataset = connect_dataset(real_dataset)
    with Store(stored_real, read_only=True) as store:
        for table in ("run_hands", "run_pots"):
            query = f"SELECT * EXCLUDE (source) FROM {table} ORDER BY ALL"
            assert dataset.sql(query).fetchall() == store.connection.sql(query).fetchall()
            assert len(dataset.sql(query).fetchall()) == (4 if table == "run_hands" else 2)


def test_the_replayer_shows_both_runs(stored_real: Path, dashlib_path: None) -> None:
    from dashlib import replay
    with Store(stored_real, read_only=True) as store:
        rows = hand_rows(store.connection, HandKey(str(REAL), "kingsclub#45393683"))
    assert rows is not None
    assert replay.runs(rows, replay.money_of(rows)) == [
        ("Run 1", [("Player2", "4h 9d 8h 5h 3d"), ("Player4", "4c 8d 6h 2h 7h")],
         "main pot 1,262.50 chips to Player4"),
        ("Run 2", [("Player2", "4h 9d 8h 5h 3d"), ("Player4", "4c 8d 6h 2h 5c")],
         "main pot 1,262.50 chips to Player4")]


# -- PHH -----------------------------------------------------------------------------------

def runs_of(report: HandReport) -> list[tuple[int, dict[str, object], list[object]]]:
    """Each run, its pots' players in name order (PHH seats them from the button)."""
    return [(run.number, dict(run.hands), [(pot.amount, sorted(pot.eligible), pot.winners)
                                           for pot in run.pots]) for run in report.runs]


def phh_round_trip(hand: Hand) -> tuple[dict[str, TomlValue], HandReport, HandReport]:
    report = replay_hand(hand)
    fields = phh_fields(hand, report)
    [again] = [record for record in read_phh(phh_text(fields), "x.phh")
               if isinstance(record, Hand)]
    return fields, report, replay_hand(again)


def test_the_real_hand_round_trips_through_phh_with_both_runs() -> None:
    session, hand = read_records(REAL)
    assert isinstance(hand, Hand)
    fields, report, again = phh_round_trip(hand)
    assert "# run 2 p2 sm 4c8d6h2h5c" in fields["actions"]   # type: ignore[operator]
    assert again.violations == []
    assert again.net == report.net
    assert runs_of(again) == runs_of(report)


def test_a_split_hand_round_trips_each_runs_draw_and_show() -> None:
    fields, report, again = phh_round_trip(only_hand(SPLIT))
    actions = fields["actions"]
    assert isinstance(actions, list)
    draw = actions.index("p2 sd ThTd")
    assert actions[draw:draw + 6] == ["p2 sd ThTd", "p3 sd", "d dh p2 8c3s",
                                      "# run 2 d dh p2 QsKd", "p2 sm 5d7h8c3s2h",
                                      "# run 2 p2 sm 5d7hQsKd2h"]
    assert fields["winnings"] == [0, Decimal("1215.00"), Decimal("1215.00")]
    assert again.violations == []
    assert (again.net, runs_of(again)) == (report.net, runs_of(report))


def test_pokerkit_reads_the_phh_of_a_hand_run_twice_as_its_first_run() -> None:
    pokerkit = pytest.importorskip("pokerkit")
    session, hand = read_records(REAL)
    assert isinstance(hand, Hand)
    fields = phh_fields(hand, replay_hand(hand))
    history = pokerkit.HandHistory.loads(phh_text(fields))
    stacks = list(list(history)[-1].stacks)
    # the first run's winner takes the pot, the rake PHH cannot say left with him
    assert stacks[fields["players"].index("Player4")] == Decimal("2525.00")  # type: ignore


@pytest.mark.parametrize(("action", "message"), [
    ("# run 1 p2 sm 5d7hQsKd2h", "run 1: a later run is numbered from 2"),
    ("# run 2 p9 sm 5d7hQsKd2h", "expected a player p1 to p3"),
])
def test_a_run_commentary_that_cannot_be_is_an_error(action: str, message: str) -> None:
    fields, _, _ = phh_round_trip(only_hand(SPLIT))
    actions = [action if item.startswith("# run 2 p2 sm") else item
               for item in fields["actions"]]   # type: ignore[union-attr]
    records = list(read_phh(phh_text({**fields, "actions": actions}), "x.phh"))
    [error] = [record for record in records if isinstance(record, ParseError)]
    assert message in error.message


# -- the house format ------------------------------------------------------------------------

def house_round_trip(text: str) -> tuple[str, HandReport, HandReport]:
    session, hand = list(read_kingsclub(text, name="kc.txt"))
    assert isinstance(session, SessionStart) and isinstance(hand, Hand)
    written, count, refused = house_log([(session, hand)])
    assert (count, refused) == (1, [])
    [again] = [record for record in read_house(written, name="h.txt")
               if isinstance(record, Hand)]
    return written, replay_hand(hand), replay_hand(again)


def test_a_split_hand_round_trips_through_the_house_format() -> None:
    written, report, again = house_round_trip(SPLIT)
    assert "Hero: draws [Qs Kd] in run 2\n" in written
    assert "Hero: shows [5d 7h Qs Kd 2h] in run 2\n" in written
    assert again.violations == []
    assert (again.net, runs_of(again)) == (report.net, runs_of(report))


def test_a_house_line_of_run_1_is_an_error_at_its_number() -> None:
    written, _, _ = house_round_trip(SPLIT)
    broken = written.replace("shows [5d 7h Qs Kd 2h] in run 2", "shows [5d 7h Qs Kd 2h] in run 1")
    [error] = [r for r in read_house(broken, name="h.txt") if isinstance(r, ParseError)]
    assert "run 1: a later run is numbered from 2" in error.message
    assert error.column == len("Hero: shows [5d 7h Qs Kd 2h] in run ") + 1
