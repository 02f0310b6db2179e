"""The Leak report page (issue 35, item 4): one player's win rate by session and by
stakes, his results by the hand held at showdown and by the cards drawn on the first
draw, as charts and tables with no None, NULL or nan; each part with nothing to show
says so. On the hand-typed log of tests/test_stats_leaks.py, whose figures are counted
there, and on the real exports; then in Chromium (``pytest -m browser``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from badugi_hh.cli import main
from badugi_hh.store import Store
from conftest import DASHBOARDS, open_page
from test_stats_leaks import write_two_tournaments

DATA = Path(__file__).resolve().parent / "data"
LOG, REAL = DATA / "house" / "leaks.txt", DATA / "real"
APP = DASHBOARDS / "app.py"
#: What a page must never show where a value is missing.
MISSING = re.compile(r"\b(None|NULL|nan|NaN|NaT)\b")


@pytest.fixture(scope="module")
def leaks_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("leaks_page") / "leaks.duckdb"
    with Store(path) as store:
        store.import_paths([LOG])
    return path


@pytest.fixture(scope="module")
def real_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("leaks_real") / "real.duckdb"
    with Store(path) as store:
        store.import_paths([REAL])
    return path


def leaks_page(db: Path, monkeypatch: pytest.MonkeyPatch) -> AppTest:
    monkeypatch.setenv("BADUGI_HH_DB", str(db))
    return open_page(AppTest.from_file(str(APP), default_timeout=60), "leaks")


def shown_text(app: AppTest) -> str:
    """Every text the page shows: its words and every cell of its tables."""
    words = [element.value for kind in ("title", "subheader", "caption", "markdown", "info")
             for element in getattr(app, kind)]
    cells = [frame.value.astype(str).to_csv(index=False) for frame in app.dataframe]
    return "\n".join(map(str, [*words, *cells]))


def charts(app: AppTest) -> list[dict[str, object]]:
    return [json.loads(chart.proto.spec) for chart in app.get("vega_lite_chart")]


def test_the_page_draws_each_figure_of_the_chosen_player(leaks_db: Path,
                                                         monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    app = leaks_page(leaks_db, monkeypatch)
    app.selectbox(key="leaks_player").select(("", "Ana")).run()
    assert not app.exception
    y_titles = [spec["encoding"]["y"]["title"] for spec in charts(app)]   # type: ignore[index]
    assert y_titles == ["net big blinds", "bb/100", "big blinds per hand", "bb/100"]
    sessions, stakes, classes, draws = (frame.value for frame in app.dataframe)
    assert list(sessions["net"]) == ["-7 chips", "-4 chips", "+4 chips"]
    assert list(sessions["title"]) == ["Badugi at 2/4", "Badugi at 4/8", "2-7 at 2/4"]
    assert list(stakes["stakes"]) == ["2/4 chips · home game", "4/8 chips · home game"]
    # two games: the first offered (2-7) is shown until another is chosen
    assert list(classes["hand_class"]) == ["7-low", "8-low"]
    app.selectbox(key="leaks_final_game").select("Badugi").run()
    classes = app.dataframe[2].value
    assert list(classes["hand_class"]) == ["badugi 8-high", "badugi 9-high", "3-card"]
    assert list(classes["won_share"]) == ["100.0%", "0.0%", "0.0%"]
    assert list(classes["net"]) == ["+2 chips", "-10 chips", "-4 chips"]
    app.selectbox(key="leaks_draw_game").select("Badugi").run()
    draws = app.dataframe[3].value
    assert list(draws["drawn"]) == ["stood pat", "1 card", "2 cards"]
    assert list(draws["bb_per_100"]) == [-500.0, 100.0, -100.0]
    assert not MISSING.search(shown_text(app)), shown_text(app)


def test_each_part_with_nothing_to_show_says_so(leaks_db: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    app = leaks_page(leaks_db, monkeypatch)
    app.sidebar.text_input(key="filter_session").set_value("no-such-session").run()
    assert not app.exception
    infos = [info.value for info in app.info]
    assert len(infos) == 4 and all(text.endswith("nothing to chart.") for text in infos), infos
    assert not charts(app) and not app.dataframe


#: One hand, a split pot: every net is 0, so every bar would be 0.
SPLIT_POT = """\
Session #chop-1 "A chop" 2026-11-30 20:00
Rules: Badugi triple draw, fixed limit 2/4, blinds 1/2, cap 3 raises, heads-up, stacks 100, 1 hands
Seat 1: Ana (100)
Seat 2: Bruno (100)

Hand #1 - button Ana - 2026-11-30 20:01
Ana: posts small blind 1
Bruno: posts big blind 2
Dealt to Bruno [?? ?? ?? ??]
Dealt to Ana [?? ?? ?? ??]
Ana: calls 1
Bruno: checks
*** FIRST DRAW ***
Burn [??]
Bruno: discards 2
Ana: discards 1
Bruno: checks
Ana: checks
*** SECOND DRAW ***
Burn [??]
Bruno: stands pat
Ana: stands pat
Bruno: checks
Ana: checks
*** THIRD DRAW ***
Burn [??]
Bruno: stands pat
Ana: stands pat
Bruno: checks
Ana: checks
*** SHOWDOWN ***
Bruno: shows [Ac 3h 5d 8s]
Ana: shows [As 3d 5c 8h]
Ana wins 2
Bruno wins 2

Session ends - no winner - stacks Ana 100, Bruno 100
"""


def test_a_chart_whose_bars_are_all_zero_says_so(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    log = tmp_path / "chop.txt"
    log.write_text(SPLIT_POT, encoding="utf-8")
    with Store(tmp_path / "chop.duckdb") as store:
        assert not store.import_paths([log]).violations
    app = leaks_page(tmp_path / "chop.duckdb", monkeypatch)
    assert not app.exception
    assert [info.value for info in app.info] == [
        f"Every {measure} is 0: nothing to chart." for measure in (
            "net big blinds", "bb/100", "big blinds per hand", "bb/100")]
    assert not charts(app) and len(app.dataframe) == 4   # the tables stay
    assert not MISSING.search(shown_text(app)), shown_text(app)


def test_the_real_exports_show_no_missing_value(real_db: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    app = leaks_page(real_db, monkeypatch)
    for player in (("pokerstars", "Hero"), ("fulltilt", "Hero")):
        app.selectbox(key="leaks_player").select(player).run()
        assert not app.exception
        assert len(charts(app)) == 4
        assert not MISSING.search(shown_text(app)), player
    classes = app.dataframe[2].value   # Full Tilt's Hero: every class has its unit
    assert classes["net"].str.contains(r"\$|chips").all()


def test_a_net_of_two_tournaments_chips_says_why_it_is_not_added(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "logs").mkdir()
    with Store(tmp_path / "sngs.duckdb") as store:
        store.import_paths([write_two_tournaments(tmp_path / "logs")])
    app = leaks_page(tmp_path / "sngs.duckdb", monkeypatch)
    app.selectbox(key="leaks_player").select(("pokerstars", "Player7")).run()
    assert not app.exception
    sessions, stakes, _, draws = (frame.value for frame in app.dataframe)
    assert sessions["net"].str.endswith(" chips").all()   # one tournament each
    for table in (stakes, draws):
        assert set(table["net"]) == {"not added: chips of separate games"}
    assert len(charts(app)) == 4   # in big blinds, which add up
    assert not MISSING.search(shown_text(app)), shown_text(app)


def test_the_page_opens_on_the_user(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``badugi-hh me`` names him: the selector starts on him, a person of one name."""
    path = tmp_path / "me.duckdb"
    with Store(path) as store:
        store.import_paths([LOG])
    assert main(["alias", "Me", "house:Bruno", "--db", str(path)]) == 0
    assert main(["me", "Me", "--db", str(path)]) == 0
    app = leaks_page(path, monkeypatch)
    assert app.selectbox(key="leaks_player").value == ("Me",)
    assert list(app.dataframe[0].value["net"]) == ["+7 chips", "+4 chips", "-4 chips"]
