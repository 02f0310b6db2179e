"""The dashboard's pages, run by Streamlit's AppTest on a real imported database,
and again on a dataset imported from the same logs.

Every figure a page shows is compared with what :mod:`badugi_hh.stats` (or
the stored rows) says of the database, so a page on the dataset must show the
database's figures; no page may show an exception.
"""

from __future__ import annotations

import json
import math
import re
from datetime import date
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import duckdb
import pandas as pd
import pytest
from streamlit.testing.v1 import AppTest

from badugi_hh import stats
from badugi_hh.cli import build_parser
from badugi_hh.commands import dashboard
from badugi_hh.dataset import connect_dataset, import_to_dataset
from badugi_hh.events import Deal, Hand
from badugi_hh.filters import site_name
from badugi_hh.money import format_amount
from badugi_hh.parsers import read_records
from badugi_hh.stats import Filters
from badugi_hh.store import Store, connect
from conftest import open_page
APP = Path(__file__).resolve().parents[1] / "dashboards" / "app.py"


# -- helpers ---------------------------------------------------------------------------

@pytest.fixture
def db(dashboard_db: Path) -> duckdb.DuckDBPyConnection:
    """The test database, read-only, for the expected figures."""
    con = connect(dashboard_db, read_only=True)
    yield con
    con.close()


# each page on the database here; on the dataset of the same logs too in the wide tier
@pytest.fixture(params=["db", pytest.param("dataset", marks=pytest.mark.wide)])
def browsed(request: pytest.FixtureRequest, dashboard_db: Path, dashboard_dataset: Path,
            monkeypatch: pytest.MonkeyPatch) -> str:
    """The app's environment names the database, or the dataset of the same logs."""
    if request.param == "dataset":
        monkeypatch.setenv("BADUGI_HH_DATA", str(dashboard_dataset))
    else:
        monkeypatch.delenv("BADUGI_HH_DATA", raising=False)
    monkeypatch.setenv("BADUGI_HH_DB", str(dashboard_db))   # the dataset comes first
    return request.param


@pytest.fixture
def app(browsed: str) -> AppTest:
    return AppTest.from_file(str(APP), default_timeout=60)


def metric(app: AppTest, label: str) -> str:
    return next(m.value for m in app.metric if m.label == label)


class _SeatCells(HTMLParser):
    """The replayer's players table: each row's cells by the class of their column."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: dict[str, dict[str, str]] = {}
        self.player: str | None = None
        self.column: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "tr" and "data-player" in found:
            self.player = found["data-player"]
            self.rows[self.player] = {}
        elif tag == "td" and self.player is not None:
            self.column = found.get("class")
            self.rows[self.player][self.column] = ""

    def handle_data(self, text: str) -> None:
        if self.player is not None and self.column is not None:
            self.rows[self.player][self.column] += text


def seats(app: AppTest) -> dict[str, dict[str, str]]:
    """The replayer's table: for each player, the text of each column (``stack``...)."""
    parser = _SeatCells()
    for element in app.html:
        parser.feed(element.value)
    return parser.rows


def html_text(app: AppTest) -> str:
    return "".join(element.value for element in app.html)


def percent_columns(element: object) -> list[str]:
    """The columns of a grid written as percentages with one decimal (``77.7%``)."""
    config = json.loads(element.proto.columns or "{}")   # type: ignore[attr-defined]
    return [column for column, settings in config.items()
            if settings.get("type_config", {}).get("format") == "%.1f%%"
            and column in element.value.columns]   # type: ignore[attr-defined]


def table(app: AppTest, column: str) -> pd.DataFrame:
    """The first table of the page that has ``column``, its shares as fractions (the grid
    holds them in percent)."""
    element = next(frame for frame in app.dataframe if column in frame.value.columns)
    shares = percent_columns(element)
    return element.value.assign(**{share: element.value[share] / 100 for share in shares})


def rows(con: duckdb.DuckDBPyConnection, sql: str, *params: object) -> list[tuple]:
    return con.execute(sql, list(params)).fetchall()


def signed(amount: int, currency: str, unit: int) -> str:
    """An amount as the pages write a result: in its unit, a gain with a plus."""
    return ("+" if amount > 0 else "") + format_amount(int(amount), currency, int(unit))


def assert_same_numbers(shown: pd.DataFrame, expected: pd.DataFrame) -> None:
    """Equal frames, numbers to float precision and NaN equal to NaN (or None). A page
    writes each ``net`` in its unit (the ``unit`` column is not shown) and each site
    by its name."""
    if "net" in expected.columns and "unit" in expected.columns:
        assert shown["net"].tolist() == [
            signed(net, currency, unit) for net, currency, unit in
            zip(expected["net"], expected["currency"], expected["unit"])]
        shown, expected = shown.drop(columns="net"), expected.drop(columns=["net", "unit"])
    if "site" in expected.columns:
        expected = expected.assign(site=expected["site"].map(site_name))
    shown = shown[[column for column in expected.columns if column in shown.columns]]
    assert list(shown.columns) == list(expected.columns)
    assert len(shown) == len(expected)
    for column in expected.columns:
        for got, want in zip(shown[column], expected[column]):
            if isinstance(want, float) or isinstance(got, float):
                assert (pd.isna(got) and pd.isna(want)) or math.isclose(got, want), column
            else:
                assert got == want, column


# -- the command -----------------------------------------------------------------------

def test_the_command_serves_the_app_on_localhost_with_the_database_after_the_dashes(
        tmp_path: Path) -> None:
    args = build_parser().parse_args(["dashboard", "--db", str(tmp_path / "x.duckdb")])
    command = dashboard.streamlit_command(dashboard.APP, Path(args.db), args.address, args.port,
                                          tz="Europe/Paris")
    assert dashboard.APP == APP and APP.is_file()
    assert command[1:5] == ["-m", "streamlit", "run", str(APP)]
    settings = dict(zip(command[5:command.index("--")][::2], command[6:command.index("--")][::2]))
    assert settings["--server.address"] == "127.0.0.1"
    assert settings["--server.port"] == "8501"
    assert settings["--server.maxUploadSize"] == str(dashboard.UPLOAD_LIMIT_MB)
    assert command[command.index("--"):] == ["--", "--db", str(tmp_path / "x.duckdb"),
                                             "--tz", "Europe/Paris"]


def test_the_command_passes_a_dataset_instead_of_the_database(tmp_path: Path,
                                                              capsys) -> None:
    args = build_parser().parse_args(["dashboard", "--data", str(tmp_path / "ds")])
    command = dashboard.streamlit_command(dashboard.APP, Path(args.data), args.address,
                                          args.port, dataset=True)
    assert command[command.index("--"):] == ["--", "--data", str(tmp_path / "ds"), "--tz", "UTC"]
    with pytest.raises(SystemExit):
        build_parser().parse_args(["dashboard", "--db", "a.duckdb", "--data", "ds"])
    assert "not allowed with argument" in capsys.readouterr().err


def test_the_app_reads_the_database_from_its_arguments_else_the_environment(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, dashlib_path: None) -> None:
    from dashlib import data
    monkeypatch.delenv(data.DATA_ENV, raising=False)
    monkeypatch.setenv(data.DB_ENV, str(tmp_path / "env.duckdb"))
    assert data.location(["--db", str(tmp_path / "arg.duckdb")]) == (
        tmp_path / "arg.duckdb", False)
    assert data.location(["-q", "--durations=5"]) == (tmp_path / "env.duckdb", False)
    assert data.location(["--data", str(tmp_path / "ds")]) == (tmp_path / "ds", True)
    monkeypatch.setenv(data.DATA_ENV, str(tmp_path / "env-ds"))
    assert data.location([]) == (tmp_path / "env-ds", True)
    assert data.location(["--db", str(tmp_path / "arg.duckdb")]) == (
        tmp_path / "arg.duckdb", False)


def test_without_a_database_the_pages_say_so_and_import_offers_to_make_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BADUGI_HH_DB", str(tmp_path / "none.duckdb"))
    app = AppTest.from_file(str(APP), default_timeout=60).run()
    assert not app.exception
    assert "There is no database" in app.info[0].value
    assert not (tmp_path / "none.duckdb").exists()   # browsing never creates it


def test_without_a_dataset_the_pages_say_so(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BADUGI_HH_DATA", str(tmp_path / "none"))
    app = AppTest.from_file(str(APP), default_timeout=60).run()
    assert not app.exception
    assert "There is no dataset" in app.info[0].value
    assert not (tmp_path / "none").exists()


def test_a_dataset_is_read_again_when_a_log_comes_or_goes(
        tmp_path: Path, dashboard_logs: Path, monkeypatch: pytest.MonkeyPatch,
        dashlib_path: None) -> None:
    from badugi_hh.dataset.importer import known_logs
    from badugi_hh.dataset.writer import remove_log
    from dashlib import data
    dataset = tmp_path / "ds"
    import_to_dataset([str(dashboard_logs / "capped.txt")], dataset)
    monkeypatch.setenv(data.DATA_ENV, str(dataset))
    before = data.current()
    capped = data.ask(before, "overview", Filters())["hands"]
    import_to_dataset([str(dashboard_logs / "club.txt")], dataset)
    grown = data.current()
    assert grown.version != before.version
    assert data.ask(grown, "overview", Filters())["hands"] > capped
    (club,), = [logs for source, logs in known_logs(dataset).items()
                if source.endswith("club.txt")]
    remove_log(dataset, club.key)
    assert data.ask(data.current(), "overview", Filters())["hands"] == capped


# -- Overview --------------------------------------------------------------------------

def test_overview_shows_the_figures_of_the_store(app: AppTest, db) -> None:
    app.run()
    assert not app.exception
    expected = stats.overview(db)
    assert metric(app, "Hands") == f"{expected['hands']:,}"
    assert metric(app, "Sessions") == f"{expected['sessions']:,}"
    assert metric(app, "Players") == f"{expected['players']:,}"
    assert metric(app, "First hand") == f"{expected['first_hand_at']:%Y-%m-%d}"
    assert metric(app, "Last hand") == f"{expected['last_hand_at']:%Y-%m-%d}"
    # the graph's end points, which its legend labels with bb/100; a player with his site
    totals = table(app, "bb_per_100").set_index("who")
    players = stats.player_stats(db)
    players.index = [f"{name} ({site_name(site)})" for name, site in
                     zip(players["player"], players["site"])]
    assert sorted(totals.index) == sorted(players.index) == ["Ana (house logs)",
                                                             "Bruno (house logs)"]
    for name, shown in totals.iterrows():
        assert shown["hands"] == players.loc[name, "hands"]
        assert shown["net"] == signed(players.loc[name, "net"], "chips", 1)
        assert math.isclose(shown["bb_per_100"], players.loc[name, "bb_per_100"])


def test_overview_with_a_player_filter_counts_only_his_hands(app: AppTest, db) -> None:
    app.run()
    app.sidebar.selectbox(key="filter_player").select(("", "Bruno")).run()
    assert not app.exception
    assert metric(app, "Hands") == f"{stats.overview(db, Filters(player='Bruno'))['hands']:,}"
    assert table(app, "bb_per_100")["who"].tolist() == ["Bruno (house logs)"]


def test_the_win_rate_curve_sampled_in_sql_passes_through_the_exact_curve(
        browsed: str, db, dashlib_path: None) -> None:
    from dashlib import data
    database = data.current()
    assert database.dataset == (browsed == "dataset")
    exact = stats.cumulative_net(db)
    both = Filters(players=(("", "Ana"), ("", "Bruno")))
    for threshold in (stats.EXACT_CURVE_ROWS, 0):   # a point per hand; summed per slice
        curve = data.ask(database, "winrate_curve", both, stats.CURVE_POINTS, threshold)
        merged = curve.merge(exact, left_on=["player", "hands"],
                             right_on=["player", "hand_index"], suffixes=("", "_exact"))
        assert len(merged) == len(curve)
        for column in ("net", "showdown_net", "non_showdown_net"):
            assert (merged[column] == merged[f"{column}_exact"]).all(), (threshold, column)
        ends = curve.groupby("player")["hands"].max()
        assert ends.to_dict() == exact.groupby("player")["hand_index"].max().to_dict()


# -- Players ---------------------------------------------------------------------------

def test_players_table_is_the_player_statistics(app: AppTest, db) -> None:
    open_page(app, "players")
    assert_same_numbers(table(app, "vpip"), stats.player_stats(db))


def test_players_filters_reach_the_statistics(app: AppTest, db) -> None:
    open_page(app, "players")
    app.sidebar.date_input(key="filter_from").set_value(date(2024, 1, 5))
    app.sidebar.date_input(key="filter_to").set_value(date(2024, 1, 9)).run()
    app.sidebar.selectbox(key="filter_ruleset").select("house").run()
    assert not app.exception
    filters = Filters(ruleset="house", date_from=date(2024, 1, 5), date_to=date(2024, 1, 9))
    assert_same_numbers(table(app, "vpip"), stats.player_stats(db, filters))
    app.sidebar.text_input(key="filter_session").input("sim-3-6").run()
    assert_same_numbers(table(app, "vpip"),
                        stats.player_stats(db, Filters(None, "sim-3-6", "house",
                                                       date(2024, 1, 5), date(2024, 1, 9))))


def test_a_players_draws_and_positions(app: AppTest, db) -> None:
    open_page(app, "players")
    app.selectbox(key="players_detail").select(("", "Bruno")).run()
    assert not app.exception
    bruno = Filters(players=(("", "Bruno"),))
    draws = stats.draw_habits(db, bruno).drop(columns=["player", "site"])
    assert_same_numbers(table(app, "stand_pat"), draws.drop(columns="game"))
    assert_same_numbers(table(app, "position"),
                        stats.position_stats(db, bruno).drop(columns=["player", "site"]))
    games = table(app, "made_by_final_draw")   # Badugi's figures alone: no split column
    assert games["game"].tolist() == ["Badugi"]
    expected = stats.game_stats(db, bruno)
    assert games["hands"].tolist() == expected["hands"].tolist()
    for figure in ("snow", "made_by_final_draw"):   # shares in words: 7.5%, or – for none
        assert games[figure].tolist() == [f"{share:.1%}" if share == share else "–"
                                          for share in expected[figure]]


def test_the_players_shares_are_percent_with_one_decimal(app: AppTest, db) -> None:
    """One format a column, one decimal as the CLI: not ``77.67%``, ``80.2%`` and ``0%``."""
    open_page(app, "players")
    element = next(frame for frame in app.dataframe if "vpip" in frame.value.columns)
    shares = percent_columns(element)
    assert {"vpip", "pfr", "three_bet", "went_to_showdown", "won_at_showdown"} <= set(shares)
    expected = stats.player_stats(db)
    for share in shares:
        for got, want in zip(element.value[share], expected[share]):
            assert (pd.isna(got) and pd.isna(want)) or math.isclose(got, 100 * want), share


# -- Sessions --------------------------------------------------------------------------

def _session_with_a_winner(db) -> tuple[str, str, str]:
    results = stats.session_results(db)
    won = results[results["winner"].notna()].iloc[-1]
    return won["source"], won["session_id"], won["winner"]


def test_a_sessions_winner_result_and_hands(app: AppTest, db) -> None:
    source, session_id, winner = _session_with_a_winner(db)
    open_page(app, "sessions")
    listed = table(app, "results")
    assert len(listed) == len(rows(db, "SELECT 1 FROM sessions"))
    chosen = listed[(listed["source"] == source) & (listed["session_id"] == session_id)]
    assert chosen["winner"].tolist() == [winner]
    label = next(option for option in app.selectbox(key="sessions_chosen").options
                 if option.startswith(f"{session_id} ·") and option.endswith(Path(source).name))
    app.selectbox(key="sessions_chosen").select(label).run()
    assert not app.exception
    assert metric(app, "Winner") == f"{winner} (house logs)"
    players = table(app, "won_session")
    expected = stats.session_results(db, Filters(session=session_id))
    expected = expected[expected["source"] == source]
    assert players["net"].tolist() == [signed(net, "chips", 1) for net in expected["net"]]
    assert players["start_stack"].tolist() == [format_amount(stack, "chips", 1)
                                               for stack in expected["start_stack"]]
    assert set(players["site"]) == {"house logs"}
    hands = table(app, "button_player")
    assert hands["hand_id"].tolist() == [hand_id for hand_id, in rows(
        db, "SELECT hand_id FROM hands WHERE source = ? AND session_id = ? ORDER BY number",
        source, session_id)]
    link = urlsplit(hands["replay"].iloc[0])
    assert link.path == "replayer"
    assert parse_qs(link.query) == {"hand": [hands["hand_id"].iloc[0]], "source": [source]}


def test_a_session_hand_opens_in_the_replayer(app: AppTest, db) -> None:
    source, session_id, _ = _session_with_a_winner(db)
    open_page(app, "sessions")
    session = app.selectbox(key="sessions_chosen")
    session.select(next(option for option in session.options
                        if option.startswith(f"{session_id} ·")
                        and option.endswith(Path(source).name)))
    app.run()
    choice = app.selectbox(key="sessions_hand_choice")
    choice.select(choice.options[1]).run()
    app.button(key="sessions_hand_open").click().run()
    assert not app.exception
    hand_id = choice.options[1].split(" · ")[1]
    assert app.query_params["hand"] == hand_id
    assert hand_id in html_text(app)


# -- Hand replayer ---------------------------------------------------------------------

def _showdown_hand(db) -> tuple[str, str]:
    return rows(db, "SELECT source, hand_id FROM hands WHERE ended = 'showdown' "
                    "AND violations = 0 ORDER BY source, started_at, number LIMIT 1")[0]


def _events(db, source: str, hand_id: str) -> list[tuple[int, str, str, int]]:
    """(line, player, kind, amount) of the hand's actions and draws, in order."""
    return rows(db, "SELECT line, player, action, amount FROM actions "
                    "WHERE source = ? AND hand_id = ? UNION ALL "
                    "SELECT line, player, 'draw', 0 FROM draws WHERE source = ? AND hand_id = ? "
                    "ORDER BY line", source, hand_id, source, hand_id)


def test_the_replayer_steps_through_a_hand_with_pot_and_stacks(app: AppTest, db) -> None:
    source, hand_id = _showdown_hand(db)
    open_page(app, "replayer", hand=hand_id, source=source)
    assert metric(app, "Pot") == "0 chips"
    events = _events(db, source, hand_id)
    start = dict(rows(db, "SELECT player, start_stack FROM hand_players "
                          "WHERE source = ? AND hand_id = ?", source, hand_id))
    for step in range(1, 6):
        app.button(key="replay_next").click().run()
        assert not app.exception
        assert app.slider(key="replay_step").value == step
        paid = {name: sum(amount for _, who, _, amount in events[:step] if who == name)
                for name in start}
        assert metric(app, "Pot") == format_amount(sum(paid.values()), "chips", 1)
        for name, stack in start.items():
            assert seats(app)[name]["stack"] == format_amount(stack - paid[name], "chips", 1)
    app.button(key="replay_prev").click().run()
    assert app.slider(key="replay_step").value == 4


def test_the_replayers_last_step_awards_the_pot_and_values_the_hands(app: AppTest, db) -> None:
    source, hand_id = _showdown_hand(db)
    open_page(app, "replayer", hand=hand_id, source=source)
    slider = app.slider(key="replay_step")
    slider.set_value(slider.max).run()
    assert not app.exception
    pot, = rows(db, "SELECT pot FROM hands WHERE source = ? AND hand_id = ?", source, hand_id)
    assert metric(app, "Pot") == format_amount(pot[0], "chips", 1)
    for name, end in rows(db, "SELECT player, end_stack FROM hand_players "
                              "WHERE source = ? AND hand_id = ?", source, hand_id):
        assert seats(app)[name]["stack"] == format_amount(end, "chips", 1)
    page = html_text(app)
    for cards, description in rows(db, "SELECT shown_cards, description FROM showdowns "
                                       "WHERE source = ? AND hand_id = ?", source, hand_id):
        assert description in page
        for card in cards.split():
            assert f'title="{card}"' in page   # drawn as a card


def test_the_replayer_finds_a_hand_by_id_and_steps_to_the_next_hand(app: AppTest, db) -> None:
    open_page(app, "replayer")
    app.text_input[0].input("sim-3-2#3")
    app.button[0].click().run()
    assert not app.exception
    assert app.query_params["hand"] == "sim-3-2#3"
    assert "sim-3-2#3" in html_text(app)
    app.button(key="replay_hand_1").click().run()
    assert app.query_params["hand"] == "sim-3-2#4"
    assert app.slider(key="replay_step").value == 0


@pytest.mark.parametrize("asked", [{"hand": "999999"}, {"hand": "zzz"},
                                   {"hand": "zzz", "source": "nowhere.txt"}])
def test_a_link_to_a_hand_not_stored_says_so_and_names_it(app: AppTest, browsed: str,
                                                          asked: dict[str, str]) -> None:
    """A linked hand the store lacks is not an empty store (it held hands all along)."""
    open_page(app, "replayer", **asked)
    kind = "dataset" if browsed == "dataset" else "database"
    assert [info.value for info in app.info] == [f"No such hand in the {kind}: {asked['hand']}."]


def test_the_replayer_shows_the_cards_dealt(browsed: str, dashboard_logs: Path,
                                            dashlib_path: None) -> None:
    """The cards worked back from the stored draws are the cards the log deals."""
    from dashlib import data, replay
    database = data.current()
    source = str((dashboard_logs / "club.txt").resolve())
    compared = 0
    hands = [record for record in read_records(dashboard_logs / "club.txt")
             if isinstance(record, Hand)]
    for record in hands[:60]:
        dealt = {event.player: [str(card) if card is not None else replay.UNSEEN
                                for card in event.cards]
                 for event in record.events if isinstance(event, Deal)}
        shown = replay.steps(data.ask(database, "hand_rows",
                                      data.HandKey(source, record.hand_id)))[0]
        for player, cards in shown.cards.items():
            if replay.UNSEEN in dealt[player]:
                continue   # dealt face down in the log: only the showdown tells them
            seen = [card for card in cards if card != replay.UNSEEN]
            assert set(seen) <= set(dealt[player]), (record.hand_id, player)
            compared += len(seen)
    assert compared > 150


def test_the_replayer_writes_a_money_games_amounts_as_money(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, dashlib_path: None) -> None:
    """A PokerStars cash hand is stored in cents and replayed in dollars and cents."""
    from dashlib import data, replay
    log = Path(__file__).parent / "data" / "real" / "pokerstars" / \
        "cash-badugi-fl-0.25-0.50-201009.txt"
    path = tmp_path / "cash.duckdb"
    with Store(path) as store:
        store.import_paths([log])
    monkeypatch.setenv(data.DB_ENV, str(path))
    key = data.HandKey(str(log.resolve()), "ps-49164202872")
    shown = replay.steps(data.ask(data.current(), "hand_rows", key))
    texts = [step.text for step in shown]
    assert "Lino19 posts $0.10" in texts and "buddyboy3399 raises to $0.50" in texts
    result = shown[-1]
    assert (result.unit, result.pot, result.amount(result.pot)) == (100, 570, "$5.70")
    assert "buddyboy3399 wins $5.45" in result.text   # $5.70 less the rake of $0.25
    assert "rake $0.25 taken from the pot of $5.70" in result.text
    page = open_page(AppTest.from_file(str(APP), default_timeout=60), "replayer",
                     hand="49164202872")   # the number PokerStars printed
    page.slider(key="replay_step").set_value(len(shown) - 1).run()
    assert not page.exception
    assert metric(page, "Pot") == "$5.70"
    assert seats(page)["buddyboy3399"]["stack"] == "$11.95"   # 8.25 - 1.75 + 5.45
    assert "Rake $0.25, as the log states it" in html_text(page)


# -- Audit -----------------------------------------------------------------------------

def test_audit_lists_the_injected_violation_with_file_line_and_link(app: AppTest, db) -> None:
    open_page(app, "audit")
    assert not app.warning   # every file judged by today's audit (a dataset records none)
    assert_same_numbers(table(app, "files"), stats.violations_by_rule(db))
    app.multiselect(key="audit_rules").select("B3").run()
    assert not app.exception
    listed = table(app, "level")
    expected = rows(db, "SELECT rule, message, source, line, hand_id FROM violations "
                        "WHERE rule = 'B3' ORDER BY source, line")
    assert expected and expected[0][2].endswith("capped.txt")
    assert list(listed[["rule", "message", "source", "line", "hand_id"]].itertuples(
        index=False, name=None)) == expected
    link = urlsplit(listed["replay"].iloc[0])
    assert parse_qs(link.query) == {"hand": [expected[0][4]], "source": [expected[0][2]]}
    app.button(key="audit_hand_open").click().run()
    assert not app.exception
    assert table(app, "message")["rule"].tolist() == ["B3"]


def test_audit_shows_the_quarantined_text_verbatim(app: AppTest, db) -> None:
    open_page(app, "audit")
    (source, line, error, text), = rows(db, "SELECT source, line, error, text FROM quarantine")
    labels = [re.sub(r"\\(.)", r"\1", expander.label)   # as text: markup escaped
              for expander in app.expander]
    assert any(label.startswith(f"{source}:{line}") and error in label for label in labels)
    assert [code.value for code in app.code] == [text]
    assert "Ana: juggles the chips" in text


def test_audit_says_when_stored_hands_were_judged_by_an_older_audit(
        tmp_path: Path, dashboard_logs: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "older.duckdb"
    with Store(path) as store:
        store.import_paths([dashboard_logs])
        store.connection.execute("UPDATE sources SET audit_version = 0 WHERE path = ?",
                                 [str((dashboard_logs / "capped.txt").resolve())])
    monkeypatch.setenv("BADUGI_HH_DB", str(path))
    older = open_page(AppTest.from_file(str(APP), default_timeout=60), "audit")
    assert [warning.value for warning in older.warning] == [stats.older_audit_line(1)]


# -- Import ----------------------------------------------------------------------------

def test_import_uploads_a_log_into_a_new_database(tmp_path: Path, dashboard_logs: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "fresh.duckdb"
    monkeypatch.setenv("BADUGI_HH_DB", str(path))
    app = AppTest.from_file(str(APP), default_timeout=60).run()
    app.switch_page("views/import_logs.py").run()
    assert "50 MB" in app.markdown[0].value
    content = (dashboard_logs / "capped.txt").read_bytes()
    app.file_uploader(key="import_upload").upload("capped.txt", content, "text/plain")
    app.run()
    app.button(key="import_start").click().run()
    assert not app.exception
    con = connect(path, read_only=True)
    try:
        (hands, violations), = rows(con, "SELECT count(*), sum(violations) FROM hands")
    finally:
        con.close()
    assert metric(app, "New hands") == f"{hands:,}" and hands > 0
    assert metric(app, "New violations") == f"{violations:,}"
    app.switch_page("views/overview.py").run()
    assert metric(app, "Hands") == f"{hands:,}"

    app.switch_page("views/import_logs.py").run()   # the same file again adds nothing
    app.file_uploader(key="import_upload").upload("capped.txt", content, "text/plain")
    app.run()
    app.button(key="import_start").click().run()
    assert metric(app, "New hands") == "0"
    assert "imported before" in app.info[0].value


def test_import_uploads_a_log_into_a_new_dataset(tmp_path: Path, dashboard_logs: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "fresh"
    monkeypatch.setenv("BADUGI_HH_DATA", str(path))
    # where the default badugi.duckdb would go: not the checkout, which the README's
    # first command fills
    monkeypatch.chdir(tmp_path)
    app = AppTest.from_file(str(APP), default_timeout=60).run()
    app.switch_page("views/import_logs.py").run()
    assert f"the dataset {path}" in re.sub(r"\\(.)", r"\1", app.markdown[0].value)
    content = (dashboard_logs / "capped.txt").read_bytes()
    app.file_uploader(key="import_upload").upload("capped.txt", content, "text/plain")
    app.run()
    app.button(key="import_start").click().run()
    assert not app.exception and not app.error
    con = connect_dataset(path)
    try:
        (hands, violations), = rows(con, "SELECT count(*), sum(violations) FROM hands")
    finally:
        con.close()
    assert metric(app, "New hands") == f"{hands:,}" and hands > 0
    assert metric(app, "New violations") == f"{violations:,}"
    assert not (tmp_path / "fresh.duckdb").exists() and not Path("badugi.duckdb").exists()
    app.switch_page("views/overview.py").run()
    assert metric(app, "Hands") == f"{hands:,}"

    app.switch_page("views/import_logs.py").run()   # the same file again adds nothing
    app.file_uploader(key="import_upload").upload("capped.txt", content, "text/plain")
    app.run()
    app.button(key="import_start").click().run()
    assert metric(app, "New hands") == "0"
    assert "imported before" in app.info[0].value
