"""Every page of the dashboard on the real exports of all six sites (tests/data/real):
no amount is printed without its unit, and no player without his site (issue 21, items
2 and 4).

Amounts are recognised where the pages put them: every cell of a column of money, every
money metric, the replayer's stacks, pots, rake and the amounts its steps name. A player
is named with his site in the same row (a ``site`` column), in his label (``Hero
(PokerStars)``, ``Hero · PokerStars``), or under a heading that names the hand's site.
"""

from __future__ import annotations

import re
from pathlib import Path

import pandas as pd
import pytest
from streamlit.testing.v1 import AppTest

from badugi_hh.filters import SITE_NAMES
from badugi_hh.store import Store, connect
from conftest import open_page

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "dashboards" / "app.py"
REAL = ROOT / "tests" / "data" / "real"
#: An amount with its unit, as the logs write them: $5.70, -€1.25, 1,500 chips, 1.50 PLAY.
WITH_UNIT = r"[-+]?(?:[$€£][\d,]+(?:\.\d+)?|[\d,]+(?:\.\d+)? (?:chips?|[A-Z]{3,4}))"
#: A number standing alone in a text (not inside a name such as Player0 or a card).
NUMBER = re.compile(r"(?<![\w.$€£,])[-+]?[$€£]?\d[\d,]*(?:\.\d+)?(?: (?:chips?|[A-Z]{3,4}))?"
                    r"(?!\w|[.,]\d)")
#: Columns of money, by the names the pages give them.
MONEY_COLUMNS = {"net", "pot", "rake", "start_stack", "final_stack", "results", "winners",
                 "won", "amount", "stack"}
#: Columns naming players, which need the site beside them.
PLAYER_COLUMNS = {"player", "winner", "button_player", "winners", "results", "who"}
#: A tournament's finishing place in a session's results: ``(1.)``.
PLACE = re.compile(r"\(\d+\.\)")
SITES = set(SITE_NAMES.values())
#: Where a step's words name an amount.
AMOUNT_WORDS = re.compile(r"(?:posts|calls|bets|raises to|wins|uncalled|rake|pot of|pot) "
                          r"([-+]?[$€£]?\d\S*(?: chips?| [A-Z]{3,4})?)")


@pytest.fixture(scope="module")
def real_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("real_pages") / "real.duckdb"
    with Store(path) as store:
        store.import_paths([REAL])
    return path


@pytest.fixture
def app(real_db: Path, monkeypatch: pytest.MonkeyPatch) -> AppTest:
    monkeypatch.setenv("BADUGI_HH_DB", str(real_db))
    monkeypatch.delenv("BADUGI_HH_DATA", raising=False)
    return AppTest.from_file(str(APP), default_timeout=60)


def bare_amounts(text: str) -> list[str]:
    """The numbers of ``text`` written without a unit."""
    return [number for number in NUMBER.findall(PLACE.sub("", text))
            if not re.fullmatch(WITH_UNIT, number)]


def named_with_site(value: object) -> bool:
    """A label naming a player and his site, or a person."""
    text = str(value)
    return text.endswith("(person)") or any(text.endswith((f"({site})", f"· {site}"))
                                            for site in SITES)


def check_page(app: AppTest, where: str) -> int:
    """Check every table and metric of the page; the number of amounts checked."""
    checked = 0
    for frame in (element.value for element in app.dataframe):
        for column in frame.columns:
            values = [value for value in frame[column] if not _empty(value)]
            if column in MONEY_COLUMNS and values:
                assert not pd.api.types.is_numeric_dtype(frame[column]), (where, column)
                for value in values:
                    assert not bare_amounts(str(value)), (where, column, value)
                    checked += 1
            if column in PLAYER_COLUMNS and values:
                assert "site" in frame.columns or all(map(named_with_site, values)), (
                    where, column, values[:3])
    for metric in app.metric:
        if metric.label == "Pot":
            assert re.fullmatch(WITH_UNIT, metric.value), (where, metric.value)
            checked += 1
        if metric.label == "Winner" and not metric.value.startswith(("none", "not", "–")):
            assert named_with_site(metric.value), (where, metric.value)
    for key in ("filter_player", "players_detail", "overview_players"):
        try:
            widget = app.selectbox(key=key) if key != "overview_players" else \
                app.multiselect(key=key)
        except KeyError:
            continue
        assert all(map(named_with_site, widget.options)), (where, key)
    return checked


def _empty(value: object) -> bool:
    return value is None or value is pd.NA or (isinstance(value, float) and value != value) \
        or (isinstance(value, str) and not value)


def test_the_overview_players_and_audit_pages(app: AppTest) -> None:
    checked = check_page(open_page(app, "overview"), "overview")
    app.toggle(key="overview_amounts").set_value(True).run()
    app.radio(key="overview_axis").set_value("day").run()
    checked += check_page(app, "overview by day, in amounts")
    checked += check_page(open_page(app, "players"), "players")
    app.selectbox(key="players_detail").select(("merge", "Hero")).run()
    checked += check_page(app, "players: Hero on Merge")
    checked += check_page(open_page(app, "audit"), "audit")
    assert checked > 40


def test_every_site_s_sessions(app: AppTest, real_db: Path) -> None:
    open_page(app, "sessions")
    checked = check_page(app, "sessions")
    listed = next(frame.value for frame in app.dataframe if "results" in frame.value.columns)
    assert {"$", "chips", "PLAY"} <= {unit for text in listed["results"] for unit in
                                      ("$", "chips", "PLAY") if unit in text}
    options = app.selectbox(key="sessions_chosen").options
    with connect(real_db, read_only=True) as con:
        firsts = [row for row in con.execute(
            "SELECT any_value(session_id), any_value(source) FROM sessions GROUP BY site"
            ).fetchall()]
    stacks = 0
    for session_id, source in firsts:
        label = next((option for option in options
                      if option.startswith(f"{session_id} ·")
                      and option.endswith(Path(source).name)), None)
        if label is None:
            continue   # not on the first page of the list
        app.selectbox(key="sessions_chosen").select(label).run()
        assert not app.exception
        checked += check_page(app, f"session {session_id}")
        for players in (frame.value for frame in app.dataframe
                        if "start_stack" in frame.value.columns):
            assert all(re.fullmatch(WITH_UNIT, stack) for stack in players["start_stack"])
            stacks += len(players)
    assert checked > 100 and stacks > 5


def _hands(real_db: Path) -> list[tuple[str, str, str, int]]:
    """A hand of each site (its largest pot), and every hand whose pot was split."""
    with connect(real_db, read_only=True) as con:
        return con.execute("""
            SELECT source, hand_id, site, number FROM (
                SELECT source, hand_id, site, number,
                       row_number() OVER (PARTITION BY site ORDER BY pot DESC) AS rank
                FROM hands)
            WHERE rank = 1
            UNION
            SELECT h.source, h.hand_id, h.site, h.number FROM hands h
            JOIN pots p USING (source, hand_id) WHERE len(p.winners) > 1
            ORDER BY site, hand_id""").fetchall()


def test_the_replayer_on_a_hand_of_every_site(app: AppTest, real_db: Path) -> None:
    hands = _hands(real_db)
    assert {site for _, _, site, _ in hands} == {"pokerstars", "fulltilt", "kingsclub",
                                                 "merge", "winamax", "ongame", "bossmedia"}
    with connect(real_db, read_only=True) as con:
        winners = dict(((source, hand_id), names) for source, hand_id, names in con.execute(
            "SELECT source, hand_id, flatten(list(winners)) FROM pots GROUP BY ALL").fetchall())
    for source, hand_id, site, _ in hands:
        open_page(app, "replayer", hand=hand_id, source=source)
        slider = app.slider(key="replay_step")
        for step in (slider.max // 2, slider.max):
            slider.set_value(step).run()
            assert not app.exception
            check_page(app, hand_id)
            page = "".join(element.value for element in app.html)
            assert f"{SITE_NAMES[site]} hand" in page   # the heading names the site
            text = re.sub(r"<[^>]+>", " ", page)
            amounts = AMOUNT_WORDS.findall(text)
            assert amounts, hand_id
            for amount in amounts:
                assert re.fullmatch(WITH_UNIT, amount.rstrip(";,:")), (hand_id, amount)
            for cell in re.findall(r'<td class="(?:stack|change)"[^>]*>([^<]*)<', page):
                assert not cell or re.fullmatch(WITH_UNIT, cell), (hand_id, cell)
        for name in winners.get((source, hand_id), []):   # every winner of every pot
            assert f'<bdi title="{name}"' in page.split("Main pot", 1)[-1], (hand_id, name)


def test_the_replayer_marks_the_folded_and_states_the_rake(app: AppTest,
                                                           real_db: Path) -> None:
    with connect(real_db, read_only=True) as con:
        source, hand_id, rake, folded = con.execute(
            "SELECT h.source, h.hand_id, h.rake, list(hp.player) FILTER (WHERE "
            "hp.folded_in_round IS NOT NULL) FROM hands h JOIN hand_players hp "
            "USING (source, hand_id) WHERE h.site = 'pokerstars' AND h.rake > 0 "
            "GROUP BY ALL HAVING len(list(hp.player) FILTER (WHERE hp.folded_in_round "
            "IS NOT NULL)) > 0 ORDER BY h.hand_id LIMIT 1").fetchall()[0]
    open_page(app, "replayer", hand=hand_id, source=source)
    slider = app.slider(key="replay_step")
    slider.set_value(slider.max).run()
    page = "".join(element.value for element in app.html)
    for name in folded:
        row = re.search(rf'<tr data-player="{re.escape(name)}"([^>]*)>(.*?)</tr>', page)
        assert row and 'class="folded"' in row.group(1) and "folded" in row.group(2), name
    assert f"Rake ${rake / 100:.2f}, as the log states it" in page


#: Three badugis 4-3-2-A: the pot is split three ways.
THREE_WAY_SPLIT = """\
Session #tie-1 "Three-way tie" 2026-12-06 20:00
Rules: Badugi triple draw, fixed limit 2/4, blinds 1/2, cap 3 raises, 3 players, stacks 100, 1 hands, odd chip left of button
Seat 1: Ana (100)
Seat 2: Bruno (100)
Seat 3: Carla (100)

Hand #1 - button Ana - 2026-12-06 20:00
Bruno: posts small blind 1
Carla: posts big blind 2
Dealt to Bruno [Ah 2d 3c 4s]
Dealt to Carla [Ad 2c 3s 4h]
Dealt to Ana [As 2h 3d 4c]
Ana: calls 2
Bruno: calls 1
Carla: checks
*** FIRST DRAW ***
Burn [Kd]
Bruno: discards 0 draws []
Carla: discards 0 draws []
Ana: discards 0 draws []
Bruno: checks
Carla: checks
Ana: checks
*** SECOND DRAW ***
Burn [Kc]
Bruno: discards 0 draws []
Carla: discards 0 draws []
Ana: discards 0 draws []
Bruno: checks
Carla: checks
Ana: checks
*** THIRD DRAW ***
Burn [Kh]
Bruno: discards 0 draws []
Carla: discards 0 draws []
Ana: discards 0 draws []
Bruno: checks
Carla: checks
Ana: checks
*** SHOWDOWN ***
Bruno: shows [Ah 2d 3c 4s] (badugi 4-3-2-A)
Carla: shows [Ad 2c 3s 4h] (badugi 4-3-2-A)
Ana: shows [As 2h 3d 4c] (badugi 4-3-2-A)
Bruno wins 2
Carla wins 2
Ana wins 2
Stacks: Ana 100, Bruno 100, Carla 100

Session ends - draw - stacks Ana 100, Bruno 100, Carla 100
"""


def test_the_replayer_names_every_winner_of_a_three_way_split(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "tie.txt").write_text(THREE_WAY_SPLIT, encoding="utf-8")
    with Store(tmp_path / "tie.duckdb") as store:
        store.import_paths([tmp_path / "tie.txt"])
    monkeypatch.setenv("BADUGI_HH_DB", str(tmp_path / "tie.duckdb"))
    monkeypatch.delenv("BADUGI_HH_DATA", raising=False)
    app = open_page(AppTest.from_file(str(APP), default_timeout=60), "replayer", hand="tie-1#1")
    slider = app.slider(key="replay_step")
    slider.set_value(slider.max).run()
    page = "".join(element.value for element in app.html)
    pot = re.search(r"<li class='pot'>(.*?)</li>", page).group(1)
    assert pot.startswith("Main pot 6 chips: won by ")
    assert [name for name in ("Ana", "Bruno", "Carla") if f'title="{name}"' in
            pot.split("eligible")[0]] == ["Ana", "Bruno", "Carla"]
    assert "(split)" in pot
    last = re.sub(r"<[^>]+>", "", page.split("<b>", 1)[1].split("</b>", 1)[0])
    assert all(f"{name} wins 2 chips" in last for name in ("Ana", "Bruno", "Carla"))


def test_the_replayer_asks_which_site_when_two_share_a_number(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    twin = tmp_path / "fulltilt-twin.txt"   # a Full Tilt hand under PokerStars' number
    full_tilt = REAL / "fulltilt" / "cash-badugi-fl-0.10-0.20-201305.txt"
    twin.write_text(full_tilt.read_text(encoding="utf-8").replace("32617272179", "49164202872"),
                    encoding="utf-8")
    with Store(tmp_path / "twins.duckdb") as store:
        store.import_paths([REAL / "pokerstars" / "cash-badugi-fl-0.25-0.50-201009.txt", twin])
    monkeypatch.setenv("BADUGI_HH_DB", str(tmp_path / "twins.duckdb"))
    monkeypatch.delenv("BADUGI_HH_DATA", raising=False)
    app = open_page(AppTest.from_file(str(APP), default_timeout=60), "replayer")
    app.text_input[0].input("49164202872")
    app.button[0].click().run()   # the number PokerStars and Full Tilt both printed
    assert not app.exception
    which = app.selectbox(key="replay_source")
    assert [option.split(" · ")[:2] for option in which.options] == [
        ["fulltilt#49164202872", "Full Tilt"], ["ps-49164202872", "PokerStars"]]
    which.select_index(1).run()
    assert "PokerStars hand" in "".join(element.value for element in app.html)
    app.selectbox(key="replay_source").select_index(0).run()
    page = "".join(element.value for element in app.html)
    assert "Full Tilt hand" in page and ">49164202872</bdi>" in page


def test_the_sidebars_stakes_and_table_size_reach_the_figures(app: AppTest,
                                                             real_db: Path) -> None:
    from decimal import Decimal

    from badugi_hh import stats
    from badugi_hh.filters import Filters, Stakes

    open_page(app, "players")
    stakes = app.sidebar.selectbox(key="filter_stakes")
    assert "$0.10/$0.20" in stakes.options and "20/40 chips" in stakes.options
    stakes.select((10, 20, "USD", 100)).run()
    app.sidebar.selectbox(key="filter_table_size").select(6).run()
    assert not app.exception
    shown = next(frame.value for frame in app.dataframe if "vpip" in frame.value.columns)
    chosen = Filters(stakes=Stakes(Decimal("0.1"), Decimal("0.2"), "USD"), table_size=6)
    with connect(real_db, read_only=True) as con:
        expected = stats.player_stats(con, chosen)
    assert shown["hands"].tolist() == expected["hands"].tolist() and len(expected) > 3
    assert set(shown["site"]) == {"PokerStars", "Full Tilt"}   # six-max $0.10/$0.20 tables


def test_a_first_day_after_the_last_is_said_not_silently_empty(app: AppTest) -> None:
    from datetime import date

    open_page(app, "players")
    app.sidebar.date_input(key="filter_from").set_value(date(2011, 1, 2))
    app.sidebar.date_input(key="filter_to").set_value(date(2011, 1, 1)).run()
    assert not app.exception
    assert any("is after the last" in error.value for error in app.error)
    assert not app.dataframe


def test_the_replayer_shows_both_runs_of_a_hand_run_twice(app: AppTest, real_db: Path) -> None:
    source = str((REAL / "kingsclub" / "cash-27sd-nl-25-50-202108-run-it-twice.txt").resolve())
    open_page(app, "replayer", hand="kingsclub#45393683", source=source)
    page = re.sub(r"<[^>]+>", " ", "".join(element.value for element in app.html))
    page = re.sub(r"\s+", " ", page)
    assert "Run 1 : Player2 4h 9d 8h 5h 3d, Player4 4c 8d 6h 2h 7h; main pot 1,262.50 chips to " \
           "Player4" in page
    assert "Run 2 : Player2 4h 9d 8h 5h 3d, Player4 4c 8d 6h 2h 5c; main pot 1,262.50 chips to " \
           "Player4" in page


def test_the_tournaments_page_says_unknown_in_one_word_and_counts_no_unknown_miss(
        app: AppTest) -> None:
    """A figure no log states reads as ``badugi-hh tournaments`` writes it; a player whose
    result is not known is not "0 in the money"; the heads-up Sit & Go's places follow
    from its last hand (docs/schema.md)."""
    open_page(app, "tournaments")
    players, tournaments = (table.value for table in app.table)
    cells = {str(cell) for frame in (players, tournaments) for cell in frame.to_numpy().ravel()}
    assert "unknown" in cells
    assert not cells & {"not stated", "not known", "no result known", ""}
    for player in ("Player4 (PokerStars)", "Player6 (PokerStars)", "Hero (Full Tilt)",
                   "Player0 (Full Tilt)"):
        assert players.loc[player, "cashes"] == "unknown", player
    heads_up = tournaments.loc["243560420"]
    assert sorted(zip(heads_up["player"], heads_up["place"])) == [("Hero", "2"),
                                                                   ("Player0", "1")]
    assert set(heads_up["fee"]) == {"unknown"}


def test_utc_is_named_utc_whatever_the_zone_database_calls_it(
        app: AppTest, real_db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BADUGI_HH_TZ", "Etc/UTC")
    source, hand_id, _, _ = _hands(real_db)[0]
    for page, query in (("replayer", {"hand": hand_id, "source": source}),
                        ("tournaments", {})):
        open_page(app, page, **query)
        shown = " ".join(str(element.value) for element in (
            *app.title, *app.header, *app.subheader, *app.markdown, *app.caption, *app.html,
            *app.sidebar.caption))
        assert "Etc/UTC" not in shown, page
        assert page != "tournaments" or (
            "Starts in UTC." in shown and "Days and times in UTC" in shown)
        assert page != "replayer" or re.search(r"\d{4}-\d\d-\d\d \d\d:\d\d UTC", shown)
