"""A person's figures (issue 21, item 3): the names the aliases table gives him summed per
currency, never across currencies, in ``stats --person`` and on the dashboard, whose
Overview opens on the user once he is named."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from badugi_hh import cli, stats
from badugi_hh.filters import Filters
from badugi_hh.store import Store

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "dashboards" / "app.py"
#: Hero's accounts on four sites: cash in dollars on three, KingsClub's cents whose money
#: no line names (chips), and Full Tilt's tournament chips.
NAMES = (("fulltilt", "Hero"), ("kingsclub", "Hero"), ("merge", "Hero"), ("pokerstars", "Hero"))


@pytest.fixture(scope="module")
def person_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("persons") / "persons.duckdb"
    with Store(path) as store:
        store.import_paths([ROOT / "tests" / "data" / "real"])
        store.connection.executemany("INSERT INTO aliases VALUES (?, ?, 'Me')", NAMES)
    return path


def test_a_persons_names_come_from_the_aliases_table(person_db: Path) -> None:
    with Store(person_db, read_only=True) as store:
        assert stats.names_of(store.connection, "Me") == list(NAMES)
        assert stats.persons(store.connection)["person"].tolist() == ["Me"]
        assert stats.names_of(store.connection, "Nobody") == []


def test_a_persons_figures_are_his_names_summed_per_currency(person_db: Path) -> None:
    with Store(person_db, read_only=True) as store:
        con = store.connection
        me = stats.resolve(con, person="me")   # any case
        assert (me.person, me.players) == ("Me", NAMES)
        summed = stats.player_stats(con, me).set_index(["currency", "unit"])
        names = stats.player_stats(con, Filters(players=NAMES))
        # never across currencies, nor across units
        assert sorted(summed.index) == [("USD", 100), ("chips", 1), ("chips", 100)]
        for unit, rows in names.groupby(["currency", "unit"]):
            assert summed.loc[unit, "hands"] == rows["hands"].sum()
            assert summed.loc[unit, "net"] == rows["net"].sum()
            assert summed.loc[unit, "net_bb"] == pytest.approx(rows["net_bb"].sum())
        assert list(summed.columns[:1]) == ["person"]
        # Winamax's Hero is not his: the play money is not in his figures
        assert "PLAY" not in summed.index
        games = stats.game_stats(con, me)
        assert games["person"].unique().tolist() == ["Me"]
        assert games["hands"].sum() == summed["hands"].sum()


def test_the_command_prints_a_persons_figures(person_db: Path,
                                              capsys: pytest.CaptureFixture) -> None:
    assert cli.main(["stats", "--db", str(person_db), "--person", "Me", "--json"]) == 0
    objects = json.loads(capsys.readouterr().out)["players"]
    assert [(row["person"], row["net"]["currency"]) for row in objects] == [
        ("Me", "chips"), ("Me", "USD"), ("Me", "chips")]
    assert objects[1]["names"][0] == {"site": "fulltilt", "player": "Hero"}
    assert cli.main(["stats", "--db", str(person_db), "--person", "Me"]) == 0
    report = capsys.readouterr().out
    assert "Me plays as Full Tilt: Hero, KingsClub: Hero, Merge: Hero, PokerStars: Hero" in report
    assert re.search(r"\n  person  currency +hands  net", report)
    assert cli.main(["stats", "--db", str(person_db), "--person", "You"]) == 2
    assert "--person 'You': the database holds Me" in capsys.readouterr().err
    assert cli.main(["stats", "--db", str(person_db), "--person", "Me", "--player", "Hero"]) == 2


def _app(person_db: Path, monkeypatch: pytest.MonkeyPatch) -> AppTest:
    monkeypatch.setenv("BADUGI_HH_DB", str(person_db))
    monkeypatch.delenv("BADUGI_HH_DATA", raising=False)
    app = AppTest.from_file(str(APP), default_timeout=60)
    app.run()
    assert not app.exception
    return app


def _table(app: AppTest, column: str):
    return next(frame.value for frame in app.dataframe if column in frame.value.columns)


def test_the_dashboard_offers_persons_and_sums_them(person_db: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    app = _app(person_db, monkeypatch)
    choice = app.sidebar.selectbox(key="filter_player")
    assert choice.options[0] == "Me · person"
    assert "Hero · PokerStars" in choice.options and "Hero · Winamax" in choice.options
    choice.select(("Me",)).run()
    assert not app.exception
    totals = _table(app, "bb_per_100")
    # a curve per unit: Full Tilt's tournament chips and KingsClub's are two
    assert sorted(zip(totals["who"], totals["currency"])) == [
        ("Me (person)", "USD"), ("Me (person)", "chips"), ("Me (person)", "chips")]
    with Store(person_db, read_only=True) as store:
        expected = stats.player_stats(store.connection, Filters(person="Me", players=NAMES))
    assert sorted(zip(totals["currency"], totals["hands"])) == sorted(
        zip(expected["currency"], expected["hands"]))
    app.switch_page("views/players.py").run()
    assert not app.exception
    assert _table(app, "vpip")["person"].tolist() == ["Me", "Me", "Me"]


def test_the_overview_opens_on_the_user_once_named(person_db: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    app = _app(person_db, monkeypatch)
    graphed = app.multiselect(key="overview_players")
    assert ("Me",) not in graphed.value   # nobody named yet: the players with most hands
    app.sidebar.selectbox(key="setting_you").select("Me").run()
    assert not app.exception
    assert app.multiselect(key="overview_players").value == [("Me",)]
    app.switch_page("views/players.py").run()   # the setting is kept from page to page
    app.switch_page("views/overview.py").run()
    assert app.sidebar.selectbox(key="setting_you").value == "Me"
    assert app.multiselect(key="overview_players").value == [("Me",)]
    assert set(_table(app, "bb_per_100")["who"]) == {"Me (person)"}


def test_kingsclub_amounts_are_never_dollars(tmp_path: Path,
                                             capsys: pytest.CaptureFixture) -> None:
    """No KingsClub line names a currency (docs/format.md, "KingsClub"): its amounts are
    chips of their own, beside a person's PokerStars dollars, never added to them."""
    db = str(tmp_path / "kc.duckdb")
    real = ROOT / "tests" / "data" / "real"
    assert cli.main(["import", str(real / "kingsclub" / "cash-badugi-fl-30-60-202010.txt"),
                     str(real / "pokerstars" / "cash-badugi-fl-0.25-0.50-201009.txt"),
                     "--db", db]) == 0
    assert cli.main(["alias", "Me", "kingsclub:Hero", "pokerstars:Hero", "--db", db]) == 0
    capsys.readouterr()
    assert cli.main(["stats", "--db", db, "--person", "Me", "--json"]) == 0
    nets = [row["net"] for row in json.loads(capsys.readouterr().out)["players"]]
    assert [(net["currency"], net["unit"], net["text"]) for net in nets] == [
        ("USD", 100, "-$0.35"), ("chips", 100, "-30.00 chips")]
    assert cli.main(["stats", "--db", db, "--person", "Me"]) == 0
    report = capsys.readouterr().out
    assert "-30.00 chips" in report and "$30" not in report
    assert cli.main(["opponents", "--db", db, "--hand", "37732805", "--person", "Me"]) == 0
    assert "hero vs him: -30.00 chips (n=1 hand)" in capsys.readouterr().out


def test_a_persons_two_kinds_of_chips_are_two_named_rows(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture) -> None:
    """A Full Tilt tournament's chips and KingsClub's chips in cents are both chips: each
    is a row of its own, named by its unit, with the positions of its own hands."""
    db = str(tmp_path / "chips.duckdb")
    real = ROOT / "tests" / "data" / "real"
    assert cli.main(["import", str(real / "kingsclub" / "cash-badugi-fl-30-60-202010.txt"),
                     str(real / "fulltilt" / "tour-27td-fl-headsup-sng-201211.txt"),
                     "--db", db]) == 0
    assert cli.main(["alias", "Me", "kingsclub:Hero", "fulltilt:Hero", "--db", db]) == 0
    capsys.readouterr()
    assert cli.main(["stats", "--db", db, "--person", "Me", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["players"]
    assert [(row["net"]["unit"], {(net["net"]["unit"]) for net in row["positions"].values()})
            for row in rows] == [(1, {1}), (100, {100})]
    assert cli.main(["stats", "--db", db, "--person", "Me"]) == 0
    report = capsys.readouterr().out
    assert "chips in cents" in report.split("Fold to a bet")[0]
    assert "chips in cents" in report.split("Fold to a bet")[1].split("Position")[0]
    assert "chips in cents" in report.split("Position")[-1]
