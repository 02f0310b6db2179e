"""Split games in the store and the statistics: what each player won of each half of each
pot (issue 13), the halves named as the game registry names them (pot_halves)."""

from __future__ import annotations

import re
from pathlib import Path

import pandas as pd
from streamlit.testing.v1 import AppTest

from badugi_hh import stats
from badugi_hh.cli import main
from badugi_hh.dataset import connect_dataset, import_to_dataset
from badugi_hh.events import Award, Fold, Hand, PlayerEvent
from badugi_hh.filters import Filters
from badugi_hh.games import GAMES
from badugi_hh.simulate import simulate, table_rules
from badugi_hh.stats import applies
from badugi_hh.store import Store
from badugi_hh.writer import write_records
from conftest import open_page

#: An award's pot with its half: "2-7", "main badugi", "side 1 2-7".
_HALF_OF_POT = re.compile(r"(?:(?:main|side (?P<side>\d+)) )?(?P<half>badugi|2-7)")


def test_the_halves_won_are_stored_and_counted(tmp_path: Path) -> None:
    records = list(simulate(6, 5, table_rules("badeucy", 3)))
    log = tmp_path / "badeucy.txt"
    with log.open("w", encoding="utf-8") as out:
        write_records(records, out)
    paid: dict[tuple[str, int, str, str], int] = {}   # each half's awards, as the log says
    reached: dict[str, int] = {}   # showdowns of halves each player reached, from the log
    for hand in (r for r in records if isinstance(r, Hand)):
        halves = [(award, _HALF_OF_POT.fullmatch(award.pot)) for award in hand.events
                  if isinstance(award, Award)]
        folded = {e.player for e in hand.events if isinstance(e, Fold)}
        for player in {e.player for e in hand.events if isinstance(e, PlayerEvent)} - folded:
            reached[player] = reached.get(player, 0) + any(half for _, half in halves)
        for award, half in halves:
            if half:
                key = (hand.hand_id, int(half["side"] or 0), half["half"], award.player)
                paid[key] = paid.get(key, 0) + award.amount
    with Store(tmp_path / "split.duckdb") as store:
        store.import_paths([log])
        con = store.connection
        rows = {(hand, pot, half, player): share for hand, pot, half, player, share in con.sql(
            "SELECT hand_id, pot, half, player, share FROM pot_halves").fetchall()}
        described = con.sql("SELECT count(*) FROM showdowns "
                            "WHERE description LIKE '%; 2-7 %'").fetchall()[0][0]
        figures = stats.game_stats(con)
    assert paid and described > 0
    # each half a log's award names was won by its player, for the chips it says; a pot
    # nobody contested is both halves, cut as a contested one
    assert {half for _, _, half, _ in rows} == {half.name for half in GAMES["badeucy"].halves}
    assert all(rows[key] == chips for key, chips in paid.items())
    # the showdowns each player reached, not every split hand he was dealt in
    assert dict(zip(figures["player"], figures["split_showdowns"])) == {
        player: count for player, count in reached.items() if count}
    assert set(figures["game"]) == {"badeucy"} and figures["snow"].isna().all()
    assert figures["won_half_a_5"].isna().all()   # Badacey's half: absent in Badeucy
    assert ((figures["scooped"] <= figures["won_half_badugi"])
            & (figures["scooped"] <= figures["won_half_2_7"])).all()
    assert (figures["won_half_badugi"] > 0).any() and (figures["won_half_2_7"] > 0).any()


def split_database(folder: Path) -> Path:
    """A database of two sessions of each split game (Badeucy, Badacey), three players."""
    log = folder / "split.txt"
    with log.open("w", encoding="utf-8") as out:
        for game in ("badeucy", "badacey"):
            write_records(simulate(2, 3, table_rules(game, 3)), out)
    db = folder / "split.duckdb"
    with Store(db) as store:
        store.import_paths([log])
    return db


def test_the_report_prints_each_half_of_each_split_game_by_its_name(tmp_path: Path,
                                                                   capsys) -> None:
    db = split_database(tmp_path)
    assert main(["stats", "--db", str(db)]) == 0
    lines = capsys.readouterr().out.splitlines()
    header = next(line for line in lines if " split SDs " in line).split()
    assert " ".join(header[header.index("SDs") + 1:]) == (
        "won badugi half won 2-7 half won a-5 half scooped")
    badeucy = next(line for line in lines if " Badeucy " in line).split()
    badacey = next(line for line in lines if " Badacey " in line).split()
    # each game's other half is not its own: n/a
    assert badeucy[-2] == "n/a" != badeucy[-3] and badacey[-3] == "n/a" != badacey[-2]


def test_the_players_page_shows_each_half_of_each_split_game(tmp_path: Path,
                                                            monkeypatch) -> None:
    db = split_database(tmp_path)
    with Store(db, read_only=True) as store:
        expected = stats.game_stats(store.connection, Filters(players=(("", "Ana"),)))
    monkeypatch.delenv("BADUGI_HH_DATA", raising=False)
    monkeypatch.setenv("BADUGI_HH_DB", str(db))
    app = open_page(AppTest.from_file(str(ROOT / "dashboards" / "app.py"), default_timeout=60),
                    "players")
    app.selectbox(key="players_detail").select(("", "Ana")).run()
    assert not app.exception
    games = next(frame.value for frame in app.dataframe if "scooped" in frame.value.columns)
    assert list(games.columns) == ["game", "hands", "split_showdowns", "won_half_badugi",
                                   "won_half_2_7", "won_half_a_5", "scooped"]
    for figure in ("won_half_badugi", "won_half_2_7", "won_half_a_5"):
        assert games[figure].tolist() == [
            f"{share:.1%}" if applies(figure, game) else "n/a"
            for share, game in zip(expected[figure], expected["game"])]


def test_a_dataset_holds_the_halves_and_their_figures_as_the_store_does(tmp_path: Path) -> None:
    db = split_database(tmp_path)
    done = import_to_dataset([str(tmp_path / "split.txt")], tmp_path / "dataset")
    assert not done.failures
    dataset = connect_dataset(tmp_path / "dataset")
    query = "SELECT hand_id, pot, half, player, share FROM pot_halves ORDER BY ALL"
    with Store(db, read_only=True) as store:
        halves = store.connection.sql(query).fetchall()
        assert len(halves) > 20 and dataset.sql(query).fetchall() == halves
        pd.testing.assert_frame_equal(stats.game_stats(dataset),
                                      stats.game_stats(store.connection))


ROOT = Path(__file__).resolve().parent.parent
#: The names two halves had before the registry named them: the two columns of the store,
#: the grammar's rules and the report's fields.
_FIXED_HALVES = re.compile(r"won_(?:badugi|lowball)_half|\b(?:badugi|lowball)_half\b")
#: The one place that names the columns: the migration that turns them into rows.
_MIGRATIONS = Path("badugi_hh", "store", "migrations.py")


def fixed_halves(root: Path) -> list[str]:
    """Each line of the code, the grammar and the dashboards under ``root`` that names a
    half by a fixed field or column."""
    return [f"{path.relative_to(root)}:{number}"
            for folder in ("badugi_hh", "dashboards", "grammar")
            for path in sorted((root / folder).rglob("*"))
            if path.suffix in (".py", ".pyx", ".lark", ".sql")
            and path.relative_to(root) != _MIGRATIONS
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
            if _FIXED_HALVES.search(line)]


def test_no_half_is_named_by_a_fixed_field_or_column_again() -> None:
    """A split game's halves are the registry's (``Half.name``): a column, a grammar rule
    or a field named after the Badugi and the lowball half would leave out the halves of
    any other split game (high and low)."""
    assert fixed_halves(ROOT) == []
