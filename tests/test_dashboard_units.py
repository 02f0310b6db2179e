"""The pages on logs of several units (tests/data/real + sample_logs/): each says its
coverage, writes amounts in their unit, never adds two units, and graphs big blinds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from badugi_hh.store import Store

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "dashboards" / "app.py"
PAGES = ("overview", "players", "sessions", "audit", "leaks")


@pytest.fixture(scope="module")
def corpus_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("pages") / "corpus.duckdb"
    with Store(db) as store:
        store.import_paths([ROOT / "tests" / "data" / "real", ROOT / "sample_logs"])
    return db


@pytest.fixture
def app(corpus_db: Path, monkeypatch: pytest.MonkeyPatch, dashlib_path: None) -> AppTest:
    monkeypatch.setenv("BADUGI_HH_DB", str(corpus_db))
    return AppTest.from_file(str(APP), default_timeout=60)


def _open(app: AppTest, page: str) -> AppTest:
    app.run()
    app.switch_page(f"views/{page}.py")
    app.run()
    assert not app.exception, app.exception
    return app


def _texts(app: AppTest) -> str:
    return "\n".join(element.value for kind in (app.caption, app.markdown)
                     for element in kind)


@pytest.mark.parametrize("page", PAGES)
def test_every_page_states_its_coverage(app: AppTest, page: str) -> None:
    assert " hands read" in _texts(_open(app, page))


@pytest.mark.parametrize("page", ["overview", "players"])
def test_money_tables_write_each_amount_in_its_unit(app: AppTest, page: str) -> None:
    _open(app, page)
    texts = []
    for frame in (element.value for element in app.dataframe):
        if "net" not in frame.columns:
            continue
        assert "currency" in frame.columns
        keys = [column for column in ("who", "player", "site", "position")
                if column in frame.columns]
        assert frame.groupby([*keys, "currency"]).size().max() == 1   # a row per unit
        texts += frame["net"].tolist()
    assert any("$" in text for text in texts) and any("chips" in text for text in texts)


def test_where_units_mix_the_graph_defaults_to_big_blinds(app: AppTest) -> None:
    _open(app, "overview")
    assert any(header.value == "Net big blinds over hands" for header in app.subheader)
    app.toggle(key="overview_amounts").set_value(True).run()
    assert any(header.value == "Net amount over hands" for header in app.subheader)


def test_a_cash_session_has_no_winner(app: AppTest) -> None:
    _open(app, "sessions")
    app.sidebar.selectbox(key="filter_kind").select("cash").run()
    listed = next(frame.value for frame in app.dataframe if "results" in frame.value.columns)
    assert set(listed["kind"]) == {"cash"}
    assert set(listed["winner"]) == {"none (cash: see the nets)"}
    # Winamax's play money, KingsClub's chips (its logs name no currency)
    assert listed["results"].str.contains(r"\$|€| PLAY| chips").all()


def _axis_titles(app: AppTest) -> list[str]:
    charts = app.get("vega_lite_chart")
    return [json.loads(chart.proto.spec)["encoding"]["y"]["title"] for chart in charts]


def test_the_graphs_axis_says_what_it_shows(app: AppTest) -> None:
    _open(app, "overview")
    assert _axis_titles(app)[0] == "net big blinds"
    app.toggle(key="overview_amounts").set_value(True).run()
    assert all(title.startswith("net (") for title in _axis_titles(app))


def test_the_stakes_filters_are_kept_on_a_page_without_filters(app: AppTest) -> None:
    from dashlib import ui
    assert {"filter_kind", "filter_site", "filter_currency", "filter_game"} <= set(
        ui.FILTER_KEYS)
    _open(app, "players")
    app.sidebar.selectbox(key="filter_kind").select("cash").run()
    app.switch_page("views/audit.py").run()     # a page that draws no filter
    app.switch_page("views/sessions.py").run()
    assert not app.exception
    assert app.sidebar.selectbox(key="filter_kind").value == "cash"
