"""Each statistic on five hands crafted so that its value is known by hand.

Each hand is a session of its own, played on its own day (2024-01-01 to
2024-01-05), all legal, Ana in seat 1 and Bruno in seat 2:

====  ======  ======================================================  ========
hand  button  what happens                                            Ana net
====  ======  ======================================================  ========
H1    Ana     handkit's full hand: Ana raises, bets, raises; her      +14
              4-3-2-A beats Bruno's 9-7-4-2 at the showdown
H2    Ana     Ana completes, all check and stand pat to a showdown:   -2
              Ana snows with a 3-card hand, Bruno's badugi wins
H3    Ana     Ana raises, Bruno folds                                 +2
H4    Ana     Ana raises, Bruno re-raises (a 3-bet), Ana folds        -4
H5    Bruno   Bruno folds his small blind                             +1
====  ======  ======================================================  ========
"""

from __future__ import annotations

import json
import math
from datetime import date, datetime
from pathlib import Path

import pandas as pd
import pytest

from badugi_hh import cli
from badugi_hh.events import (
    Award, Button, Deal, Event, Fold, Hand, PostBlind, Raise, Record, SessionPlayer,
    SessionStart, UncalledReturned,
)
from badugi_hh.rules import HOUSE
from badugi_hh.stats import (
    Filters, cumulative_net, draw_habits, game_stats, overview, player_stats, position_stats,
    session_results, violations_by_rule, winrate_by_date, winrate_curve,
)
from badugi_hh.store import Store
from handkit import c, checked_down, full_hand, numbered

ONE_HAND_SESSIONS = HOUSE.replace(session_hands=None)


def blinds(button: str = "Ana") -> list[Event]:
    other = "Bruno" if button == "Ana" else "Ana"
    return [Button(seat=1 if button == "Ana" else 2),
            PostBlind(player=button, amount=1, kind="small"),
            PostBlind(player=other, amount=2, kind="big"),
            Deal(player=other, cards=c("7c 8c 9h Qs")), Deal(player=button, cards=c("As 2h 3d Kd"))]


HANDS: dict[str, list[Event]] = {
    "H1": full_hand(),
    "H2": checked_down("As 2s 3d 4c", "7c 8h 9d Ts", {"Bruno": 4}),
    "H3": blinds() + [Raise(player="Ana", to=4), Fold(player="Bruno"),
                      UncalledReturned(player="Ana", amount=2), Award(player="Ana", amount=4)],
    "H4": blinds() + [Raise(player="Ana", to=4), Raise(player="Bruno", to=6),
                      Fold(player="Ana"), UncalledReturned(player="Bruno", amount=2),
                      Award(player="Bruno", amount=8)],
    "H5": blinds("Bruno") + [Fold(player="Bruno"), UncalledReturned(player="Ana", amount=1),
                             Award(player="Ana", amount=2)],
}


def session(day: int, events: list[Event]) -> list[Record]:
    session_id = f"day{day}"
    players = [SessionPlayer(seat=1, name="Ana", stack=100),
               SessionPlayer(seat=2, name="Bruno", stack=100)]
    return [SessionStart(session_id=session_id, ruleset=ONE_HAND_SESSIONS, players=players,
                         started_at=datetime(2024, 1, day, 20), line=1),
            Hand(hand_id=f"{session_id}#1", number=1, ruleset=ONE_HAND_SESSIONS,
                 events=numbered(events), session_id=session_id, line=1)]


@pytest.fixture(scope="module")
def con(tmp_path_factory: pytest.TempPathFactory):
    db = tmp_path_factory.mktemp("stats") / "crafted.duckdb"
    with Store(db) as store:
        for day, events in enumerate(HANDS.values(), start=1):
            store.import_records(session(day, events), source=f"day{day}.txt")
        yield store.connection


def by_player(frame: pd.DataFrame) -> dict[str, dict[str, object]]:
    return {row["player"]: row for row in frame.to_dict("records")}


@pytest.fixture(scope="module")
def stats(con) -> dict[str, dict[str, object]]:
    return by_player(player_stats(con))


def same(value: object, expected: float | None) -> bool:
    if expected is None:
        return isinstance(value, float) and math.isnan(value)
    return value == pytest.approx(expected)


def test_the_crafted_hands_are_legal(con) -> None:
    assert con.execute("SELECT count(*) FROM violations").fetchall() == [(0,)]
    assert con.execute("SELECT count(*) FROM hands").fetchall() == [(5,)]


def test_results(stats) -> None:
    assert {p: (s["hands"], s["net"], s["net_bb"]) for p, s in stats.items()} == {
        "Ana": (5, 11, 5.5), "Bruno": (5, -11, -5.5)}
    assert stats["Ana"]["bb_per_100"] == pytest.approx(110)   # 100 × 5.5 bb / 5 hands


def test_vpip_and_pfr(stats) -> None:
    # Ana puts chips in voluntarily in H1-H4, not in H5 (her big blind is not);
    # Bruno calls in H1 and 3-bets in H4, but checks his big blind in H2.
    assert (stats["Ana"]["vpip"], stats["Bruno"]["vpip"]) == (0.8, 0.4)
    assert (stats["Ana"]["pfr"], stats["Bruno"]["pfr"]) == (0.6, 0.2)


def test_three_bet(stats) -> None:
    # Bruno faces exactly one raise in H1, H3 and H4, and re-raises in H4; Ana
    # never faces a single raise (in H4 she faces the 3-bet).
    assert same(stats["Bruno"]["three_bet"], 1 / 3)
    assert same(stats["Ana"]["three_bet"], None)


def test_aggression(stats) -> None:
    # Ana: 1 bet, 4 raises, 1 call, 1 fold. Bruno: 1 bet, 1 raise, 3 calls, 2 folds.
    assert same(stats["Ana"]["aggression_factor"], 5.0)
    assert same(stats["Ana"]["aggression_frequency"], 5 / 7)
    assert same(stats["Bruno"]["aggression_factor"], 2 / 3)
    assert same(stats["Bruno"]["aggression_frequency"], 2 / 7)


def test_showdowns(stats) -> None:
    # H1 and H2 reach the first draw and the showdown; Ana wins H1, Bruno H2.
    for player in ("Ana", "Bruno"):
        assert same(stats[player]["went_to_showdown"], 1.0)
        assert same(stats[player]["won_at_showdown"], 0.5)
    assert (stats["Ana"]["won_without_showdown"], stats["Bruno"]["won_without_showdown"]) == (2, 1)


def test_fold_to_a_bet_per_round(stats) -> None:
    ana, bruno = stats["Ana"], stats["Bruno"]
    # Round 1: Ana owes chips in H1-H4 and folds in H4; Bruno owes in H1, H3, H4
    # and H5 (his small blind) and folds in H3 and H5.
    assert same(ana["fold_to_bet_round1"], 0.25)
    assert same(bruno["fold_to_bet_round1"], 0.5)
    # Round 2: only Bruno faces a bet (H1), and calls; round 3 is checked through;
    # round 4 (H1): Ana faces the bet, Bruno the raise; both play on.
    assert same(ana["fold_to_bet_round2"], None) and same(bruno["fold_to_bet_round2"], 0.0)
    assert same(ana["fold_to_bet_round3"], None) and same(bruno["fold_to_bet_round3"], None)
    assert same(ana["fold_to_bet_round4"], 0.0) and same(bruno["fold_to_bet_round4"], 0.0)


def test_snowing_and_made_badugis(con) -> None:
    # Ana stands pat on a badugi in H1 and on a 3-card hand in H2 (a snow);
    # Bruno stands pat only on badugis, and ends both showdowns with one.
    games = by_player(game_stats(con))
    assert {(p, g["game"], g["hands"]) for p, g in games.items()} == {
        ("Ana", "badugi", 5), ("Bruno", "badugi", 5)}
    assert same(games["Ana"]["snow"], 0.5) and same(games["Bruno"]["snow"], 0.0)
    assert same(games["Ana"]["made_by_final_draw"], 0.5)
    assert same(games["Bruno"]["made_by_final_draw"], 1.0)
    assert same(games["Ana"]["won_half_badugi"], None)   # no split game: absent
    assert pd.isna(games["Ana"]["split_showdowns"])


def test_draw_habits(con) -> None:
    rows = {(r["player"], r["draw"]): r for r in draw_habits(con).to_dict("records")}
    assert {r["game"] for r in rows.values()} == {"badugi"}
    assert set(rows) == {(p, d) for p in ("Ana", "Bruno") for d in (1, 2, 3)}
    # Draw 1: Ana draws 1 (H1) and 0 (H2); Bruno 2 and 0. Draw 2: Ana 0, 0; Bruno 1, 0.
    ana1, bruno1, bruno2 = rows["Ana", 1], rows["Bruno", 1], rows["Bruno", 2]
    assert (ana1["draws"], ana1["stand_pat"], ana1["mean_cards_drawn"]) == (2, 0.5, 0.5)
    assert [ana1[f"drew_{n}"] for n in range(5)] == [1, 1, 0, 0, 0]
    assert [bruno1[f"drew_{n}"] for n in range(5)] == [1, 0, 1, 0, 0]
    assert (bruno2["stand_pat"], bruno2["mean_cards_drawn"]) == (0.5, 0.5)
    assert rows["Ana", 3]["stand_pat"] == rows["Bruno", 3]["stand_pat"] == 1.0


def test_positions(con) -> None:
    rows = {(r["player"], r["position"]): (r["hands"], r["net"], r["bb_per_100"])
            for r in position_stats(con).to_dict("records")}
    assert rows == {("Ana", "BTN"): (4, 10, 125.0), ("Ana", "BB"): (1, 1, 50.0),
                    ("Bruno", "BB"): (4, -10, -125.0),
                    ("Bruno", "BTN"): (1, -1, -50.0)}


def test_session_results(con) -> None:
    results = session_results(con, Filters(player="Ana"))
    assert list(results.net) == [14, -2, 2, -4, 1]
    assert list(results.winner) == ["Ana", "Bruno", "Ana", "Bruno", "Ana"]
    assert list(results.won_session) == [True, False, True, False, True]
    assert set(results.hands) == {1}
    assert len(session_results(con)) == 10


def test_cumulative_net_splits_showdowns_from_the_rest(con) -> None:
    ana = cumulative_net(con, Filters(player="Ana"))
    assert list(ana.hand_index) == [1, 2, 3, 4, 5]
    assert list(ana.net) == [14, 12, 14, 10, 11]
    assert list(ana.showdown_net) == [14, 12, 12, 12, 12]
    assert list(ana.non_showdown_net) == [0, 0, 2, -2, -1]
    assert list(ana.showdown_net + ana.non_showdown_net) == list(ana.net)


def test_cumulative_net_sampled_keeps_every_nth_hand_and_the_last(con) -> None:
    ana = cumulative_net(con, Filters(player="Ana"), points=2)   # 5 hands: every 2nd
    assert list(ana.hand_index) == [2, 4, 5]
    assert list(ana.net) == [12, 10, 11]


def test_the_win_rate_by_date_ends_each_day_at_the_running_totals(con) -> None:
    ana = winrate_by_date(con, Filters(players=(("", "Ana"),)))
    assert [day.day for day in ana.day] == [1, 2, 3, 4, 5]
    assert list(ana.hands) == [1, 2, 3, 4, 5]
    assert list(ana.net) == [14, 12, 14, 10, 11]
    assert list(ana.showdown_net) == [14, 12, 12, 12, 12]
    assert list(ana.net_bb) == [7.0, 6.0, 7.0, 5.0, 5.5]
    assert set(ana.player) == {"Ana"} and set(ana.site) == {""}


def test_the_sampled_curve_is_the_exact_one_at_its_points(con) -> None:
    exact = cumulative_net(con)
    for rows in (10 ** 6, 0):   # hand by hand; summed per slice of time
        curve = winrate_curve(con, points=2, exact_rows=rows)
        assert set(curve.player) == {"Ana", "Bruno"}
        for player, mine in curve.groupby("player"):
            theirs = exact[exact.player == player].set_index("hand_index")
            assert list(mine.net) == [theirs.loc[hands, "net"] for hands in mine.hands]
            assert mine.hands.iloc[-1] == 5


def test_filters_by_date_session_ruleset_player(con) -> None:
    days_3_and_4 = by_player(player_stats(con, Filters(date_from=date(2024, 1, 3),
                                                       date_to=date(2024, 1, 4))))
    assert {p: (s["hands"], s["net"]) for p, s in days_3_and_4.items()} == {
        "Ana": (2, -2), "Bruno": (2, 2)}
    first = by_player(player_stats(con, Filters(session="day1")))
    assert first["Ana"]["net"] == 14
    assert len(player_stats(con, Filters(ruleset="house"))) == 2
    assert player_stats(con, Filters(ruleset="other")).empty
    assert list(player_stats(con, Filters(player="Bruno")).player) == ["Bruno"]


def test_user_input_is_bound_never_spliced(con) -> None:
    assert player_stats(con, Filters(player="Ana' OR '1'='1")).empty
    assert player_stats(con, Filters(session="x'; DROP TABLE hands; --")).empty
    assert con.execute("SELECT count(*) FROM hands").fetchall() == [(5,)]


def test_overview(con) -> None:
    assert overview(con) == {
        "hands": 5, "sessions": 5, "players": 2, "first_hand_at": datetime(2024, 1, 1, 20),
        "last_hand_at": datetime(2024, 1, 5, 20), "files": 5, "violations": 0,
        "quarantined": 0}
    assert overview(con, Filters(date_from=date(2024, 1, 5)))["hands"] == 1


def test_violations_by_rule(tmp_path: Path) -> None:
    wrong_raise = [e if not isinstance(e, Raise) else Raise(player="Ana", to=6)
                   for e in HANDS["H3"]]   # B2: a raise before the first draw goes to 4
    with Store(tmp_path / "db.duckdb") as store:
        store.import_records(session(1, HANDS["H1"]) + session(2, wrong_raise),
                             source="mixed.txt")
        con = store.connection
        rules = violations_by_rule(con).to_dict("records")
        assert {r["rule"] for r in rules} >= {"B2"}
        b2 = next(r for r in rules if r["rule"] == "B2")
        assert (b2["violations"], b2["hands"], b2["files"]) == (1, 1, 1)
        assert "bets and raises" in b2["title"]
        assert violations_by_rule(con, Filters(session="day1")).empty
        assert len(violations_by_rule(con, Filters(player="Ana"))) == len(rules)
        assert violations_by_rule(con, Filters(player="Nobody")).empty
        assert violations_by_rule(con, Filters(date_to=date(2024, 1, 1))).empty


# -- the command -----------------------------------------------------------------------

def test_stats_command_json(tmp_path: Path, capsys) -> None:
    db = tmp_path / "crafted.duckdb"
    with Store(db) as store:
        for day, events in enumerate(HANDS.values(), start=1):
            store.import_records(session(day, events), source=f"day{day}.txt")
    assert cli.main(["stats", "--db", str(db), "--json", "--player", "Ana"]) == 0
    output = json.loads(capsys.readouterr().out)
    [ana] = output["players"]
    assert (ana["player"], ana["hands"], ana["net"], ana["vpip"], ana["pfr"]) == (
        "Ana", 5, {"amount": 11, "currency": "chips", "unit": 1, "text": "11 chips"}, 0.8, 0.6)
    assert output["coverage"]["text"] == "5 of 5 hands read"
    assert ana["bb_per_100"] == pytest.approx(110)
    assert ana["three_bet"] is None   # no chance to 3-bet: null, not NaN
    assert ana["positions"]["BTN"]["hands"] == 4
    assert [(d["game"], d["draw"]) for d in ana["draws"]] == [("badugi", n) for n in (1, 2, 3)]
    [badugi] = ana["games"]
    assert (badugi["game"], badugi["hands"], badugi["snow"]) == ("badugi", 5, 0.5)

    assert cli.main(["stats", "--db", str(db)]) == 0
    report = capsys.readouterr().out
    assert report.startswith("5 hands in 5 sessions, 2 players, 2024-01-01 to 2024-01-05")
    assert "\nCoverage: 5 of 5 hands read\n" in report
    assert "80.0%" in report   # Ana's VPIP

    assert cli.main(["stats", "--db", str(db), "--csv", "--from", "2024-01-05"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("player,site,currency,unit,hands,net,net_bb,bb_per_100,vpip")
    assert len(lines) == 3


def test_stats_command_with_no_matching_hands(tmp_path: Path, capsys) -> None:
    db = tmp_path / "empty.duckdb"
    Store(db).close()
    assert cli.main(["stats", "--db", str(db)]) == 0
    assert capsys.readouterr().out.startswith("no hands match")
    assert cli.main(["stats", "--db", str(db), "--player", "Nobody"]) == 2
    assert "--player 'Nobody': no player of that name" in capsys.readouterr().err


def test_the_terminal_and_the_hud_round_a_half_big_blind_alike() -> None:
    """Both write a figure with wording.decimal_text: a half rounds away from zero, so
    2.25 bb is 2.3 in each, as 3.75 is 3.8 (a format rounding to even gave 2.2)."""
    from badugi_hh.commands.stats_report import _number
    from badugi_hh.stats.live import HeroSession
    hud = HeroSession("pokerstars", "Hero", 12, 225, "USD", 100, 2.25).text
    assert (hud, _number(2.25, 1), _number(3.75, 1), _number(-2.25, 1)) == (
        "12 hands, +$2.25 (+2.3 bb)", "2.3", "3.8", "-2.3")
