"""Figures that belong to one game: snowing and made hands by the game's own measure, draws
per game, never averaged across games (issue 22, item 5).

The expected values are worked out here from the stored draws with the evaluators of
:mod:`badugi_hh.evaluate` (a low at all is a high-card value) and the game registry's
made hand (:attr:`badugi_hh.games.Game.made_hand`: a 9-low in 2-7, an 8-low in A-5),
independently of the SQL that computes them.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import pandas as pd
import pytest

from badugi_hh import stats
from badugi_hh.cards import parse_cards
from badugi_hh.evaluate import LowballValue, lowball27_value, lowball_a5_value
from badugi_hh.filters import Filters
from badugi_hh.games import GAMES
from badugi_hh.simulate import simulate, table_rules
from badugi_hh.store import Store
from badugi_hh.writer import write_records

EVALUATORS = {"27td": lowball27_value, "a5td": lowball_a5_value, "27sd": lowball27_value}


def made_low(value: LowballValue) -> bool:
    """No pair (and, in 2-7, no straight or flush): the hand is a low at all."""
    return value.category == "high card"


@pytest.fixture(scope="module")
def mixed_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Ana, Bruno and Carla at three tables: Badugi, 2-7 and A-5 triple draw, every card
    known."""
    folder = tmp_path_factory.mktemp("games")
    for seed, game in enumerate(("badugi", "27td", "a5td"), start=11):   # a seed each:
        with open(folder / f"{game}.txt", "w", encoding="utf-8") as out:  # its own hands
            write_records(simulate(8, seed, table_rules(game, 3)), out)
    path = folder / "games.duckdb"
    with Store(path) as store:
        store.import_paths([folder])
    return path


def expected_lowball(con, game: str) -> dict[str, tuple[float | None, float | None]]:
    """Each player's snow and made-by-the-final-draw shares in ``game``, from the draws."""
    evaluate = EVALUATORS[game]
    snowed: dict[tuple[str, str], bool] = {}
    made: dict[tuple[str, str], bool] = {}
    for hand_id, player, draw, stood_pat, cards in con.execute(
            "SELECT d.hand_id, d.player, d.draw, d.stood_pat, d.hand_after FROM draws d "
            "JOIN hands h USING (source, hand_id) WHERE h.game = ? AND d.hand_after IS NOT NULL",
            [game]).fetchall():
        value = evaluate(parse_cards(cards))
        if stood_pat:
            snowed[hand_id, player] = snowed.get((hand_id, player), False) or not made_low(value)
        if draw == GAMES[game].draws:   # the final draw
            made[hand_id, player] = bool(GAMES[game].is_made(parse_cards(cards)))
    shares: dict[str, list] = defaultdict(lambda: [[], []])
    for (_, player), value in snowed.items():
        shares[player][0].append(value)
    for (_, player), value in made.items():
        shares[player][1].append(value)
    return {player: tuple(sum(v) / len(v) if v else None for v in pair)
            for player, pair in shares.items()}


def test_snow_and_made_hands_by_each_lowball_games_measure(mixed_db: Path) -> None:
    with Store(mixed_db, read_only=True) as store:
        con = store.connection
        figures = stats.game_stats(con)
        for game in ("27td", "a5td"):
            expected = expected_lowball(con, game)
            rows = figures[figures["game"] == game].set_index("player")
            assert set(rows.index) == {"Ana", "Bruno", "Carla"}
            for player, (snow, made) in expected.items():
                assert rows.loc[player, "snow"] == pytest.approx(snow), (game, player)
                assert rows.loc[player, "made_by_final_draw"] == pytest.approx(made), (game,
                                                                                       player)
            # the store's own flag judges a badugi, which a five-card low never is: by it
            # nearly every pat 2-7 hand was a "snow"
            store_flag = con.execute("SELECT avg(snowed::DOUBLE) FROM hand_players "
                                     "WHERE game = ? AND snowed IS NOT NULL", [game]).fetchall()
            assert store_flag[0][0] > rows["snow"].max()


def test_single_draw_2_7_is_judged_at_its_one_draw(tmp_path: Path) -> None:
    log = tmp_path / "27sd.txt"
    with open(log, "w", encoding="utf-8") as out:
        write_records(simulate(10, 5, table_rules("27sd", 3)), out)
    with Store(tmp_path / "27sd.duckdb") as store:
        store.import_paths([log])
        rows = stats.game_stats(store.connection).set_index("player")
        expected = expected_lowball(store.connection, "27sd")
    for player, (snow, made) in expected.items():
        assert made is not None
        assert rows.loc[player, "made_by_final_draw"] == pytest.approx(made), player
        if snow is None:   # never stood pat with his cards known
            assert pd.isna(rows.loc[player, "snow"]), player
        else:
            assert rows.loc[player, "snow"] == pytest.approx(snow), player


def test_a_player_has_a_row_per_game_never_an_average(mixed_db: Path) -> None:
    with Store(mixed_db, read_only=True) as store:
        con = store.connection
        ana = stats.game_stats(con, Filters(players=(("", "Ana"),)))
        assert sorted(ana["game"]) == ["27td", "a5td", "badugi"]
        hands = dict(con.execute("SELECT game, count(*) FROM hand_players WHERE player = 'Ana' "
                                 "GROUP BY game").fetchall())
        assert dict(zip(ana["game"], ana["hands"])) == hands
        badugi = ana[ana["game"] == "badugi"].iloc[0]
        flags = con.execute("SELECT avg(snowed::DOUBLE), avg(badugi_after_final_draw::DOUBLE) "
                            "FROM hand_players WHERE player = 'Ana' AND game = 'badugi'"
                            ).fetchall()[0]
        assert (badugi["snow"], badugi["made_by_final_draw"]) == pytest.approx(flags)
        assert ana["split_showdowns"].isna().all()   # no split game here


def test_draw_tables_are_per_game(mixed_db: Path) -> None:
    with Store(mixed_db, read_only=True) as store:
        draws = stats.draw_habits(store.connection, Filters(players=(("", "Bruno"),)))
    assert set(draws["game"]) == {"badugi", "27td", "a5td"}
    assert len(draws) == len(draws[["game", "draw"]].drop_duplicates()) == 9
    badugi = draws[draws["game"] == "badugi"]
    assert (badugi["drew_5"] == 0).all()   # four cards: never five drawn


def test_which_figure_applies_to_which_game() -> None:
    assert stats.applies("snow", "badugi") and stats.applies("snow", "27td")
    assert not stats.applies("snow", "badeucy") and not stats.applies("made_by_final_draw",
                                                                       "badacey")
    assert stats.applies("split_showdowns", "badeucy")
    assert not stats.applies("split_showdowns", "27td")
