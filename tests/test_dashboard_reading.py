"""Every page of the dashboard as a player reads it (issue 35, item 3), on the real exports
of every site (tests/data/real) and the sample logs: no ``None``, ``NULL`` or ``nan`` in
any text or table cell (a table's cells are read as the grid shows them: the text its
Styler writes, else the value), every column labelled in words, one count of sessions,
each rule titled as the hand's ruleset states it, the upload taking what an import reads.

The browser walk of the same pages (cut text, the grid as drawn) is
tests/test_dashboard_browser.py's.
"""

from __future__ import annotations

import gzip
import json
import re
import tarfile
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pandas as pd
import pytest
from streamlit.dataframe_util import convert_arrow_bytes_to_pandas_df
from streamlit.testing.v1 import AppTest

from badugi_hh import stats
from badugi_hh.parsers import read_records
from badugi_hh.rules import HOUSE, RULES, stated_title
from badugi_hh.sources import IMPORTED_SUFFIXES
from badugi_hh.store import Store, connect
from conftest import open_page

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "dashboards" / "app.py"
LOGS = [ROOT / "tests" / "data" / "real", ROOT / "sample_logs"]
#: A missing value as a page would show it.
MISSING = re.compile(r"(?<![\w'])(?:None|NULL|nan|NaN|NaT|<NA>)(?![\w'])")
#: A dash: only where the page says what it means.
DASH = "–"
#: A column name left as the code names it (``drew_0``, ``made_by_final_draw``).
CODE_NAME = re.compile(r"^[a-z0-9]+(?:_[a-z0-9]+)+$")


@pytest.fixture(scope="module")
def every_site_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("reading") / "every-site.duckdb"
    with Store(path) as store:
        store.import_paths(LOGS)
    return path


@pytest.fixture
def app(every_site_db: Path, monkeypatch: pytest.MonkeyPatch) -> AppTest:
    monkeypatch.setenv("BADUGI_HH_DB", str(every_site_db))
    monkeypatch.delenv("BADUGI_HH_DATA", raising=False)
    return AppTest.from_file(str(APP), default_timeout=60)


def shown_frames(app: AppTest) -> Iterator[tuple[pd.DataFrame, list[str]]]:
    """Each table of the page as its grid shows it, with its columns' labels: a missing
    value as the table's placeholder (the grid shows "None" without one, whatever a
    Styler writes), else the text of its Styler where it has one, else the value."""
    for element in app.dataframe:
        proto = element.proto
        data = proto.arrow_data
        values = element.value.reset_index(drop=True)
        styled = (convert_arrow_bytes_to_pandas_df(data.styler.display_values)
                  .reset_index(drop=True) if data.HasField("styler") else values)
        placeholder = proto.placeholder if proto.HasField("placeholder") else "None"
        config = json.loads(proto.columns or "{}")
        order = list(proto.column_order) or [str(c) for c in values.columns]
        shown = pd.DataFrame({column: [placeholder if _missing(value) else str(text)
                                       for value, text in zip(values[column], styled[column])]
                              for column in order if column in values})
        labels = [config.get(column, {}).get("label") or column for column in order]
        yield shown, labels
    for element in app.table:
        yield element.value.reset_index(), [str(c) for c in element.value.reset_index()]


def _missing(value: object) -> bool:
    return value is None or (not isinstance(value, str | list | tuple) and bool(pd.isna(value)))


def page_text(app: AppTest) -> str:
    """The page's words outside its tables."""
    parts = [element.value for kind in ("markdown", "caption", "title", "header", "subheader",
                                        "info", "warning", "error", "success")
             for element in getattr(app, kind)]
    parts += [f"{metric.label} {metric.value}" for metric in app.metric]
    parts += [str(option) for box in app.selectbox for option in box.options]
    return "\n".join(map(str, parts))


def unreadable(app: AppTest) -> list[str]:
    """What a player would trip on: a missing value shown as such, an empty cell, a
    column labelled by its code name."""
    text_ = page_text(app)
    found = [f"text: {line}" for line in text_.splitlines() if MISSING.search(line)]
    explained = f"{DASH}:" in text_   # a caption saying what the dash means
    for shown, labels in shown_frames(app):
        for label in labels:
            if CODE_NAME.match(label):
                found.append(f"column {label}")
        for column in shown.columns:
            for value in shown[column]:
                text = "" if _missing(value) else str(value)
                if not text.strip() or MISSING.search(text) or (text == DASH
                                                                 and not explained):
                    found.append(f"cell {column}: {text!r}")
                    break
    return found


def test_the_players_page_writes_every_figure(app: AppTest, every_site_db: Path) -> None:
    open_page(app, "players")
    assert not unreadable(app)
    with connect(every_site_db, read_only=True) as con:
        chosen = con.execute(
            "SELECT site, player FROM (SELECT game, site, player, count(*) AS hands "
            "FROM hand_players GROUP BY game, site, player) "
            "QUALIFY row_number() OVER (PARTITION BY game ORDER BY hands DESC, player) = 1"
        ).fetchall()
    for site, player in chosen:   # the busiest player of every game
        app.selectbox(key="players_detail").select((site, player)).run()
        assert not app.exception
        assert not unreadable(app), (site, player, unreadable(app))
    open_page(app, "players")
    everyone = next(shown for shown, _ in shown_frames(app))
    assert (everyone["three_bet"] == "–").any()   # a player never had the chance
    assert "no hands to count" in page_text(app)


@pytest.mark.parametrize("page", ["overview", "tournaments", "audit", "import_logs"])
def test_a_page_shows_no_missing_value(app: AppTest, page: str) -> None:
    open_page(app, page)
    assert not unreadable(app)


def test_every_kind_of_session_reads_in_words(app: AppTest, every_site_db: Path) -> None:
    open_page(app, "sessions")
    assert not unreadable(app)
    with connect(every_site_db, read_only=True) as con:
        kinds = con.execute("SELECT DISTINCT site, kind FROM sessions WHERE hands > 0 "
                            "ORDER BY ALL").fetchall()
    for site, kind in kinds:   # the newest session of each site and kind
        app.selectbox(key="filter_site").set_value(site)
        app.selectbox(key="filter_kind").set_value(kind).run()
        assert not app.exception
        assert not unreadable(app), (site, kind, unreadable(app))
    assert len(kinds) >= 7


def test_every_page_counts_the_same_sessions(app: AppTest) -> None:
    overview = next(m.value for m in open_page(app, "overview").metric if m.label == "Sessions")
    listed = open_page(app, "sessions").caption[0].value
    assert listed.startswith(f"{overview} sessions"), (overview, listed)


@pytest.mark.parametrize("archive", ["zip", "tar.gz", "gz"])
def test_the_upload_takes_what_an_import_reads(archive: str, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    log = LOGS[0] / "pokerstars" / "tour-badugi-fl-sng-201011.txt"
    packed = tmp_path / f"export.txt.{archive}" if archive == "gz" else \
        tmp_path / f"export.{archive}"
    if archive == "zip":
        with zipfile.ZipFile(packed, "w") as bundle:
            bundle.write(log, log.name)
    elif archive == "tar.gz":
        with tarfile.open(packed, "w:gz") as bundle:
            bundle.add(log, log.name)
    else:
        packed.write_bytes(gzip.compress(log.read_bytes()))
    monkeypatch.setenv("BADUGI_HH_DB", str(tmp_path / "fresh.duckdb"))
    monkeypatch.delenv("BADUGI_HH_DATA", raising=False)
    app = open_page(AppTest.from_file(str(APP), default_timeout=60), "import_logs")
    uploader = app.file_uploader(key="import_upload")
    assert tuple(uploader.proto.type) == IMPORTED_SUFFIXES
    uploader.upload(packed.name, packed.read_bytes(), "application/octet-stream")
    app.run()
    app.button(key="import_start").click().run()
    assert not app.exception and not app.error
    figures = {metric.label: metric.value for metric in app.metric}
    assert int(figures["New hands"]) > 100
    assert "Sessions read" in figures   # what the file holds, not the pages' count


def test_the_audit_titles_each_rule_as_its_ruleset_states_it(app: AppTest) -> None:
    open_page(app, "audit")
    by_rule = app.dataframe[0].value
    g3 = set(by_rule.loc[by_rule["rule"] == "G3", "title"])
    assert g3 == {"stacks: 100 each at the start, carried from hand to hand"}   # the house
    listed = app.dataframe[1].value
    sites = listed[listed["site"] != "house logs"]
    assert "100 each" not in " ".join(sites["title"])
    # the real SNG breaks no stack chain now (a missing hand is a note): its ruleset's
    # title, as the page would give its G3
    sng = next(read_records(LOGS[0] / "pokerstars" / "tour-badugi-fl-sng-201011.txt"))
    assert stated_title("G3", sng.ruleset) == (
        "stacks: as each hand states them, carried from hand to hand")


def test_the_house_game_s_rules_keep_the_catalogue_s_titles() -> None:
    assert {rule: stated_title(rule, HOUSE) for rule in RULES} == RULES
    eight_seats = HOUSE.replace(max_players=8, starting_stack=None, session_hands=None,
                                burns_logged=False, cap_heads_up=False).for_game("27td")
    changed = {rule for rule in RULES if stated_title(rule, eight_seats) != RULES[rule]}
    assert changed == {"G1", "G3", "G4", "G5", "B3", "B6", "D1", "D2", "D3", "D4", "N1"}


def test_a_copy_s_t5_names_its_site(tmp_path: Path) -> None:
    log = LOGS[0] / "pokerstars" / "tour-badugi-fl-sng-201011.txt"
    copy = tmp_path / "copy.txt"   # the same hands, one seat's name changed
    copy.write_text(log.read_text(encoding="utf-8").replace("Player5", "Player55"),
                    encoding="utf-8")
    with Store(tmp_path / "copies.duckdb") as store:
        store.import_paths([log])
        store.import_paths([copy])
        page = stats.violation_page(store.connection, ("T5",), 0, 10)
    assert not page.empty and set(page["site"]) == {"pokerstars"}


def test_a_player_who_never_stood_pat_gets_words_not_a_blank_chart(app: AppTest) -> None:
    open_page(app, "players")
    app.selectbox(key="players_detail").select(("fulltilt", "Hero")).run()
    app.selectbox(key="players_draws_game").select("badugi").run()
    assert not app.exception
    assert any("never stood pat in Badugi" in info.value for info in app.info)
    assert len(app.get("vega_lite_chart")) == 1   # the cards drawn alone


def test_a_net_of_separate_games_chips_says_why_it_is_not_given(dashlib_path: None) -> None:
    from dashlib import units

    rows = pd.DataFrame({"net": [None, None, 1], "currency": ["chips", "USD", "chips"],
                         "unit": [1, 100, 1]})
    assert units.with_money_text(rows)["net"].tolist() == [
        "not added: chips of separate games", "too large to add up", "1 chip"]


def test_hands_without_a_time_say_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "untimed.duckdb"   # a PHH hand states no time
    with Store(path) as store:
        store.import_paths([ROOT / "tests" / "data" / "phh" / "wikipedia-badugi.phh"])
    monkeypatch.setenv("BADUGI_HH_DB", str(path))
    monkeypatch.delenv("BADUGI_HH_DATA", raising=False)
    app = open_page(AppTest.from_file(str(APP), default_timeout=60), "overview")
    assert {m.label: m.value for m in app.metric}["First hand"] == "no date stated"
    open_page(app, "sessions")
    assert {m.label: m.value for m in app.metric}["Duration"] == "no times stated"
    assert not unreadable(app)
