"""The players at one hand's table (``badugi-hh opponents``), on the real exports.

The figures of one player, buddyboy3399 of the PokerStars cash Badugi log, are
counted here by hand from the log (his four hands; quoted below), not by the code
under test; so is the net of Hero against him.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from badugi_hh import stats
from badugi_hh.cli import main
from badugi_hh.store import Store, connect

REAL = Path(__file__).resolve().parent / "data" / "real"
CASH_BADUGI = REAL / "pokerstars" / "cash-badugi-fl-0.25-0.50-201009.txt"
#: The last hand of the log: buddyboy3399, JDANIELDC, oooDestroyoo, Scorpio2000, Hero,
#: Lino19 and kallexx1 are seated.
LAST_HAND = "49164287914"

# buddyboy3399's four hands, as the log writes them:
#   #49164202872  calls $0.25 | draws 2 | faces Lino19's bet, raises | pat | faces a bet,
#                 calls | pat | faces a bet, calls | shows down and wins
#   #49164247462  folds to the big blind
#   #49164255772  the big blind: raises $0.25 to $0.50 | pat, bets | pat, bets | pat, bets |
#                 shows down, loses
#   #49164287914  the small blind: calls $0.15 | draws 1, bets | pat, bets | pat, bets,
#                 faces JDANIELDC's raise, calls | mucks at the showdown
BY_HAND = {
    "hands": 4,
    "vpip": (3 / 4, 4),                 # he put money in by choice in 3 of his 4 hands
    "pfr": (1 / 4, 4),                  # he raised before the first draw once
    "three_bet": (None, 0),             # nobody raised before him: no chance to 3-bet
    "aggression_frequency": (8 / 14, 14),   # 6 bets + 2 raises of 14 actions (5 calls, 1 fold)
    "aggression_factor": (8 / 5, 13),   # bets and raises per call; n: bets, raises, calls
    "went_to_showdown": (3 / 3, 3),     # he saw the first draw 3 times, each to the showdown
    "won_at_showdown": (1 / 3, 3),      # and won one of them
    "fold_to_bet_round1": (1 / 3, 3),   # faced the big blind 3 times (not as the big blind)
    "fold_to_bet_round2": (0.0, 1),     # faced Lino19's bet in #49164202872: raised
    "fold_to_bet_round3": (0.0, 1),
    "fold_to_bet_round4": (0.0, 2),     # a bet in #...202872, a raise in #...287914
}
#: His draws: 9 (three in each hand he saw the draw), pat in 7, 3 cards drawn in all.
DRAWS_BY_HAND = {"draws": 9, "stand_pat": 7 / 9, "cards_per_draw": 3 / 9}
#: Hero's net in the four hands he played beside buddyboy3399: -$0.25 (his big blind,
#: checked, then folded after the first draw), -$0.10 (his small blind), 0, 0.
HERO_NET = (-35, 4)


@pytest.fixture(scope="module")
def real_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("opponents") / "real.duckdb"
    with Store(path) as store:
        store.import_paths([REAL])
    return path


def _table(real_db: Path, hero: tuple[tuple[str, str], ...]) -> stats.Opponents:
    con = connect(real_db, read_only=True)
    try:
        (found,) = stats.find_hands(con, LAST_HAND)
        table = stats.opponents(con, found.key, hero)
    finally:
        con.close()
    assert table is not None
    return table


def test_a_player_s_figures_are_those_counted_by_hand_from_the_log(real_db: Path) -> None:
    table = _table(real_db, (("pokerstars", "Hero"),))
    row = table.players.set_index("player").loc["buddyboy3399"]
    assert row["hands"] == BY_HAND["hands"]
    for name, (value, n) in ((k, v) for k, v in BY_HAND.items() if k != "hands"):
        assert row[f"{name}_n"] == n, name
        if value is None:
            assert math.isnan(row[name]), name
        else:
            assert row[name] == pytest.approx(value), name
    (draws,) = table.draws[table.draws["player"] == "buddyboy3399"].itertuples()
    assert (draws.hand_size, draws.games) == (4, "badugi")
    assert draws.draws == DRAWS_BY_HAND["draws"]
    assert draws.stand_pat == pytest.approx(DRAWS_BY_HAND["stand_pat"])
    assert draws.cards_per_draw == pytest.approx(DRAWS_BY_HAND["cards_per_draw"])


def test_every_seated_player_is_listed_in_seat_order_with_the_hero_marked(real_db: Path
                                                                         ) -> None:
    table = _table(real_db, (("pokerstars", "Hero"),))
    assert table.players["player"].tolist() == ["Lino19", "Hero", "oooDestroyoo",
                                                "Scorpio2000", "buddyboy3399", "JDANIELDC",
                                                "kallexx1"]
    assert table.players.loc[table.players["is_hero"], "player"].tolist() == ["Hero"]
    assert "Hero" not in set(table.versus["player"])   # no net against himself


def test_hero_vs_villain_is_the_hero_s_net_in_the_hands_both_played(real_db: Path) -> None:
    table = _table(real_db, (("pokerstars", "Hero"),))
    versus = table.versus.set_index("player")
    net, hands = HERO_NET
    assert (versus.loc["buddyboy3399", "net"], versus.loc["buddyboy3399", "hands"]) == (net,
                                                                                       hands)
    assert (versus.loc["buddyboy3399", "currency"], versus.loc["buddyboy3399", "unit"]) == (
        "USD", 100)
    assert versus.loc["buddyboy3399", "text"] == "-$0.35 (n=4 hands)"
    # kallexx1 sat in the last two hands only: Hero folded both without paying a blind
    assert (versus.loc["kallexx1", "net"], versus.loc["kallexx1", "hands"]) == (0, 2)


def test_no_hero_no_net(real_db: Path) -> None:
    table = _table(real_db, ())
    assert table.versus.empty and not table.players["is_hero"].any()


def test_the_command_prints_each_figure_with_its_n(real_db: Path, capsys) -> None:
    assert main(["opponents", "--hand", LAST_HAND, "--db", str(real_db),
                 "--player", "pokerstars:Hero"]) == 0
    text = capsys.readouterr().out
    block = text[text.index("buddyboy3399"):].split("\n\n")[0]
    for expected in ("4 hands", "VPIP 75.0% (n=4)", "PFR 25.0% (n=4)", "3-bet – (n=0)",
                     "aggression 57.1% (n=14)", "aggression factor 1.60× (n=13)",
                     "went to showdown 100.0% (n=3)", "won at showdown 33.3% (n=3)",
                     "fold to a bet, round 1 33.3% (n=3)", "fold to a bet, round 4 0.0% (n=2)",
                     "draws in 4-card games (badugi): stood pat 77.8% (n=9) · 0.33 cards (n=9)",
                     "hero vs him: -$0.35 (n=4 hands)"):
        assert expected in block, expected
    assert "Hero: Hero (PokerStars)" in text


def test_a_player_of_one_hand_is_said_with_the_noun_agreeing(real_db: Path, capsys) -> None:
    assert main(["opponents", "--hand", LAST_HAND, "--db", str(real_db),
                 "--player", "pokerstars:Hero"]) == 0
    text = capsys.readouterr().out
    assert ", 1 hand\n" in text and " 1 hands" not in text


def test_json_gives_each_figure_its_n_and_each_net_its_unit(real_db: Path, capsys) -> None:
    assert main(["opponents", "--hand", f"ps-{LAST_HAND}", "--db", str(real_db), "--json",
                 "--player", "pokerstars:Hero"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["hand"]["hand_id"] == f"ps-{LAST_HAND}"
    player = next(p for p in report["players"] if p["player"] == "buddyboy3399")
    assert player["vpip"] == {"value": 0.75, "n": 4}
    assert player["three_bet"] == {"value": None, "n": 0}
    assert player["hero_net"] == [{"amount": -35, "currency": "USD", "unit": 100,
                                   "text": "-$0.35", "hands": 4}]
    assert player["draws"][0]["stand_pat"] == {"value": pytest.approx(7 / 9), "n": 9}


def test_csv_has_each_figure_beside_its_n(real_db: Path, capsys) -> None:
    assert main(["opponents", "--hand", LAST_HAND, "--db", str(real_db), "--csv"]) == 0
    header, *lines = capsys.readouterr().out.splitlines()
    columns = header.split(",")
    assert columns.index("vpip_n") == columns.index("vpip") + 1
    assert len(lines) == 7


def test_the_hero_is_the_person_me_names(real_db: Path, tmp_path: Path, capsys) -> None:
    db = tmp_path / "me.duckdb"
    db.write_bytes(real_db.read_bytes())
    assert main(["alias", "Me", "pokerstars:Hero", "--db", str(db)]) == 0
    assert main(["me", "Me", "--db", str(db)]) == 0
    capsys.readouterr()
    assert main(["opponents", "--hand", LAST_HAND, "--db", str(db)]) == 0
    text = capsys.readouterr().out
    assert "Hero: Me (person)" in text and "hero vs him: -$0.35 (n=4 hands)" in text


@pytest.mark.parametrize("typed", ["123", "ps-999", "#"])
def test_an_unknown_hand_is_named_with_exit_2(real_db: Path, typed: str, capsys) -> None:
    assert main(["opponents", "--hand", typed, "--db", str(real_db)]) == 2
    err = capsys.readouterr().err
    assert f"no hand {typed!r} in the database {real_db}" in err
    assert "Traceback" not in err


def test_an_unknown_person_is_exit_2(real_db: Path, capsys) -> None:
    assert main(["opponents", "--hand", LAST_HAND, "--db", str(real_db),
                 "--person", "Nobody"]) == 2
    assert "--person 'Nobody'" in capsys.readouterr().err


def test_on_a_dataset_the_figures_are_the_database_s(real_db: Path, real_dataset: Path,
                                                     capsys) -> None:
    outputs = []
    for option, path in (("--db", real_db), ("--data", real_dataset)):
        assert main(["opponents", "--hand", LAST_HAND, option, str(path), "--json",
                     "--player", "pokerstars:Hero"]) == 0
        report = json.loads(capsys.readouterr().out)
        report["hand"].pop("source")
        outputs.append(report)
    assert outputs[0] == outputs[1]
