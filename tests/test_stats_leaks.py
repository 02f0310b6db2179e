"""The draw player's leak report and the win rate by session and by stakes (issue 35,
item 4), on a log typed by hand (tests/data/house/leaks.txt) whose figures are counted
here hand by hand; and on logs of every game, the classes against the evaluators.

The log, in chips, Ana and Bruno heads-up:

* session bad-1, Badugi 2/4 (big blind 2): hand 1, Ana draws 1 then shows a badugi
  8-5-3-A and beats Bruno's 3-card (he drew 2), +2 for Ana; hand 2, Bruno folds his small
  blind, +1 for Ana, nobody draws; hand 3, Ana stands pat on a badugi 9-6-4-3, Bruno
  draws 3 and shows a badugi 7-4-2-A, +10 for Bruno.
* session bad-2, Badugi 4/8 (big blind 4): Bruno draws 1 to a badugi K-5-3-2, Ana draws
  2 to a 3-card: +4 for Bruno.
* session low-1, 2-7 triple draw 2/4: Ana draws 2 to an 8-6-4-3-2 against Bruno's pair
  of nines (he drew 3), +2; then Ana draws 1 to a 7-5-4-3-2 and Bruno mucks unseen
  (he drew 1), +2.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from pathlib import Path

import pandas as pd
import pytest

from badugi_hh import stats
from badugi_hh.cards import parse_cards, rank_name
from badugi_hh.cli import main
from badugi_hh.filters import Filters
from badugi_hh.games import GAMES
from badugi_hh.simulate import simulate, table_rules
from badugi_hh.stats.leaks import HAND_CLASS_ORDER, NOT_SHOWN
from badugi_hh.store import Store
from badugi_hh.writer import write_records

DATA = Path(__file__).resolve().parent / "data"
LOG, REAL = DATA / "house" / "leaks.txt", DATA / "real"
ANA, BRUNO = Filters(players=(("", "Ana"),)), Filters(players=(("", "Bruno"),))


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("leaks") / "leaks.duckdb"
    with Store(path) as store:
        summary = store.import_paths([LOG])
    assert summary.new_hands == 6 and not summary.violations
    return path


def figures(db: Path, query: str, filters: Filters = Filters()) -> pd.DataFrame:
    with Store(db, read_only=True) as store:
        result: pd.DataFrame = getattr(stats, query)(store.connection, filters)
        return result


def rows_of(frame: pd.DataFrame, *keys: str) -> dict[tuple[object, ...], tuple[object, ...]]:
    """Each row's ``keys`` and its hands, net (chips) and net in big blinds."""
    return {tuple(row[key] for key in keys): (row["hands"], row["net"], row["net_bb"])
            for _, row in frame.iterrows()}


def test_results_by_final_hand_class_as_counted_by_hand(db: Path) -> None:
    ana = figures(db, "final_hand_results", ANA)
    assert rows_of(ana, "game", "hand_class") == {
        ("27td", "7-low"): (1, 2, 1.0), ("27td", "8-low"): (1, 2, 1.0),
        ("badugi", "badugi 8-high"): (1, 2, 1.0), ("badugi", "badugi 9-high"): (1, -10, -5.0),
        ("badugi", "3-card"): (1, -4, -1.0)}
    # best class first, within each game
    assert list(ana["hand_class"]) == ["7-low", "8-low", "badugi 8-high", "badugi 9-high",
                                       "3-card"]
    assert list(ana["won"]) == [1, 1, 1, 0, 0]
    assert list(ana["won_at_showdown"]) == [1.0, 1.0, 1.0, 0.0, 0.0]
    assert list(ana["bb_per_hand"]) == [1.0, 1.0, 1.0, -5.0, -1.0]
    assert set(ana["half"]) == {""} and set(ana["currency"]) == {"chips"}
    bruno = figures(db, "final_hand_results", BRUNO)
    assert rows_of(bruno, "game", "hand_class") == {
        ("27td", "pair or worse"): (1, -2, -1.0), ("27td", NOT_SHOWN): (1, -2, -1.0),
        ("badugi", "badugi 7-high"): (1, 10, 5.0), ("badugi", "badugi K-high"): (1, 4, 1.0),
        ("badugi", "3-card"): (1, -2, -1.0)}


def test_results_by_cards_drawn_on_the_first_draw_as_counted_by_hand(db: Path) -> None:
    ana = figures(db, "first_draw_results", ANA)
    # hand 2 of bad-1 ended before the first draw: it is in no row
    assert rows_of(ana, "game", "cards_drawn") == {
        ("27td", 1): (1, 2, 1.0), ("27td", 2): (1, 2, 1.0),
        ("badugi", 0): (1, -10, -5.0), ("badugi", 1): (1, 2, 1.0), ("badugi", 2): (1, -4, -1.0)}
    assert list(ana["bb_per_100"]) == [100.0, 100.0, -500.0, 100.0, -100.0]
    assert list(ana["showdowns"]) == [1] * 5
    assert list(ana["won_at_showdown"]) == [1.0, 1.0, 0.0, 1.0, 0.0]
    bruno = figures(db, "first_draw_results", BRUNO)
    assert rows_of(bruno, "game", "cards_drawn") == {
        ("27td", 1): (1, -2, -1.0), ("27td", 3): (1, -2, -1.0),
        ("badugi", 1): (1, 4, 1.0), ("badugi", 2): (1, -2, -1.0), ("badugi", 3): (1, 10, 5.0)}


def test_the_win_rate_by_session_and_by_stakes_as_counted_by_hand(db: Path) -> None:
    sessions = figures(db, "winrate_by_session", ANA)
    assert list(sessions["session_id"]) == ["bad-1", "bad-2", "low-1"]   # in the order played
    assert list(sessions["title"]) == ["Badugi at 2/4", "Badugi at 4/8", "2-7 at 2/4"]
    assert list(sessions["game"]) == ["badugi", "badugi", "27td"]
    assert rows_of(sessions, "session_id") == {("bad-1",): (3, -7, -3.5),
                                               ("bad-2",): (1, -4, -1.0),
                                               ("low-1",): (2, 4, 2.0)}
    assert sessions["bb_per_100"].round(2).tolist() == [-116.67, -100.0, 100.0]
    stakes = figures(db, "winrate_by_stakes", ANA)
    assert rows_of(stakes, "low", "high") == {(2, 4): (5, -3, -1.5), (4, 8): (1, -4, -1.0)}
    assert list(stakes["sessions"]) == [2, 1] and list(stakes["bb_per_100"]) == [-30.0, -100.0]
    assert set(stakes["kind"]) == {"home"}


def test_a_person_sums_his_names_and_the_filters_narrow(db: Path) -> None:
    both = Filters(person="Both", players=(("", "Ana"), ("", "Bruno")))
    draws = figures(db, "first_draw_results", both)
    assert list(draws.columns[:2]) == ["person", "game"]
    badugi_one = draws[(draws["game"] == "badugi") & (draws["cards_drawn"] == 1)].iloc[0]
    assert (badugi_one["hands"], badugi_one["net"]) == (2, 6)   # Ana's +2 and Bruno's +4
    only_badugi = figures(db, "final_hand_results", ANA.but(game="badugi"))
    assert set(only_badugi["game"]) == {"badugi"} and only_badugi["hands"].sum() == 3
    assert figures(db, "winrate_by_stakes", ANA.but(session="nope")).empty


@pytest.fixture(scope="module")
def every_game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Three players at a table of each game, every card shown."""
    folder = tmp_path_factory.mktemp("leak_games")
    for seed, game in enumerate(GAMES, start=21):
        with open(folder / f"{game}.txt", "w", encoding="utf-8") as out:
            write_records(simulate(3, seed, table_rules(game, 3)), out)
    path = folder / "games.duckdb"
    with Store(path) as store:
        store.import_paths([folder])
    return path


def expected_class(half: str, cards: str) -> str:
    """A hand's class worked out from the evaluators' values, apart from the SQL."""
    hand = parse_cards(cards)
    game_half = {"badugi": GAMES["badugi"].halves[0], "2-7": GAMES["27td"].halves[0],
                 "a-5": GAMES["a5td"].halves[0], "high": GAMES["5cd"].halves[0]}[half]
    value = game_half.value(hand)
    top = rank_name(value.ranks[0])   # the highest rank that plays
    if half == "badugi":
        return f"badugi {top}-high" if value.size == 4 else f"{value.size}-card"
    if half == "high":
        return value.category
    if value.category != "high card":
        return "pair or worse"
    return "A-high" if top == "A" else f"{top}-low"   # the ace tops only a 2-7 hand


def test_every_game_s_classes_follow_the_evaluators(every_game: Path) -> None:
    result = figures(every_game, "final_hand_results")
    with Store(every_game, read_only=True) as store:
        shown = store.connection.execute(
            "SELECT hp.player, hp.game, s.shown_cards, hp.won_at_showdown, "
            "coalesce((SELECT list(DISTINCT h.half) FROM pot_halves h WHERE h.source = "
            "hp.source AND h.hand_id = hp.hand_id AND h.player = hp.player), []), hp.net "
            "FROM hand_players hp JOIN showdowns s USING (source, hand_id, player) "
            "WHERE hp.went_to_showdown").fetchall()
    expected: dict[tuple[str, str, str, str], list[int]] = defaultdict(lambda: [0, 0, 0])
    for player, game, cards, won, halves_won, net in shown:
        halves = GAMES[game].halves
        for half in halves:
            label = half.name if GAMES[game].split else ""
            hand_class = NOT_SHOWN if cards is None or "?" in cards \
                else expected_class(half.name, cards)
            won_here = half.name in halves_won if GAMES[game].split else won
            row = expected[player, game, label, hand_class]
            row[0] += 1
            row[1] += bool(won_here)
            row[2] += net
    got = {(r.player, r.game, r.half, r.hand_class): [r.hands, r.won, r.net]
           for r in result.itertuples()}
    assert got == dict(expected)
    assert set(result["game"]) == set(GAMES)
    for (_, game, half), classes in result.groupby(["player", "game", "half"],
                                                   sort=False)["hand_class"]:
        order = HAND_CLASS_ORDER[half or GAMES[game].halves[0].name]
        positions = [order.index(name) for name in classes]   # best first
        assert positions == sorted(positions), (game, half)


def test_stats_by_prints_each_breakdown(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--db", str(db), "--player", "Ana", "--by", "final-hand"]) == 0
    out = capsys.readouterr().out
    assert "Results by the hand held at showdown" in out
    assert "badugi 9-high" in out and "-10 chips" in out and "None" not in out
    assert main(["stats", "--db", str(db), "--player", "Ana", "--by", "first-draw"]) == 0
    out = capsys.readouterr().out
    assert " pat " in out and "-500.00" in out
    assert main(["stats", "--db", str(db), "--player", "Ana", "--by", "stakes"]) == 0
    assert "4/8 chips" in capsys.readouterr().out
    assert main(["stats", "--db", str(db), "--player", "Ana", "--by", "session",
                 "--json"]) == 0
    sessions = json.loads(capsys.readouterr().out)
    assert [row["net"]["text"] for row in sessions] == ["-7 chips", "-4 chips", "4 chips"]
    assert main(["stats", "--db", str(db), "--session", "bad-2", "--player", "Ana",
                 "--by", "first-draw", "--csv"]) == 0
    assert capsys.readouterr().out.splitlines()[1].startswith("Ana,,badugi,chips,1,2,1,-4,")
    assert main(["stats", "--db", str(db), "--by", "final-hand", "--from", "2030-01-01"]) == 0
    assert "no hands match the filters" in capsys.readouterr().out


def test_a_hand_mucked_at_showdown_with_its_cards_told_is_judged_from_them(
        tmp_path: Path) -> None:
    """PokerStars' summary tells the cards the hero mucked (``mucked [3d 7h 4c Ad 5s]``):
    the store keeps them without a value; the report judges them all the same."""
    log = REAL / "pokerstars" / "cash-27td-fl-0.10-0.20-200911.txt"
    with Store(tmp_path / "stars.duckdb") as store:
        store.import_paths([log])
        con = store.connection
        unvalued = con.execute("SELECT count(*) FROM showdowns WHERE player = 'Hero' "
                               "AND description IS NULL AND shown_cards IS NOT NULL"
                               ).fetchall()[0][0]
        hero = stats.final_hand_results(con, Filters(players=(("pokerstars", "Hero"),)))
    assert unvalued == 3
    # ace-high, five ranks: 3d 7h 4c Ad 5s, 9s 2d 5s Ah 8h and 4h As 8d 3s 7c, all lost
    assert rows_of(hero, "hand_class") == {("7-low",): (1, 64, 6.4),
                                           ("A-high",): (3, -207, -20.7)}
    assert list(hero["won"]) == [1, 0]


def write_two_tournaments(folder: Path) -> Path:
    """The PokerStars SNG, and a copy of it as another tournament a day later (its own
    id and hand numbers): the same players at the same levels in two tournaments."""
    log = (REAL / "pokerstars" / "tour-badugi-fl-sng-201011.txt").read_text(
        encoding="utf-8-sig")
    (folder / "first.txt").write_text(log, encoding="utf-8")
    second = re.sub(r"Game #\d", "Game #9", log).replace("330855877", "330855878")
    (folder / "second.txt").write_text(second.replace("2010/11/12", "2010/11/13"),
                                       encoding="utf-8")
    return folder


def test_chips_of_two_tournaments_are_not_added_and_the_report_says_why(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "logs").mkdir()
    logs = write_two_tournaments(tmp_path / "logs")
    with Store(tmp_path / "sngs.duckdb") as store:
        assert store.import_paths([logs]).new_hands == 208
        con = store.connection
        player7 = Filters(players=(("pokerstars", "Player7"),))
        stakes = stats.winrate_by_stakes(con, player7)
        sessions = stats.winrate_by_session(con, player7)
        draws = stats.first_draw_results(con, player7)
    assert set(stakes["sessions"]) == {2} and stakes["net"].isna().all()
    assert stakes["net_bb"].notna().all()   # big blinds add up across tournaments
    assert sessions["net"].notna().all()    # each session is one tournament's
    assert draws["net"].isna().all() and draws["bb_per_100"].notna().all()
    assert main(["stats", "--db", str(tmp_path / "sngs.duckdb"), "--player", "Player7",
                 "--by", "stakes"]) == 0
    out = capsys.readouterr().out
    assert "not added" in out and "the chips of separate tournaments" in out
    assert "None" not in out and "nan" not in out


def test_sessions_are_in_the_order_played_whatever_their_unit(tmp_path: Path) -> None:
    with Store(tmp_path / "fulltilt.duckdb") as store:
        store.import_paths([REAL / "fulltilt"])
        sessions = stats.winrate_by_session(store.connection,
                                            Filters(players=(("fulltilt", "Hero"),)))
    assert {"USD", "chips"} <= set(sessions["currency"])   # cash tables and a sit & go
    assert sessions["started_at"].is_monotonic_increasing
