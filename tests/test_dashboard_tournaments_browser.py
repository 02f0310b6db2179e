"""The Tournaments page in a real browser, on real logs: the PokerStars SNG and the Full
Tilt heads-up SNG with their summary files, served with ``--tz Europe/Paris``. Every
figure is written with its unit: counts with what they count, shares in %, money with
its currency's sign. Skipped as every browser test is (tests/browserkit.py: no Chromium, no
Playwright)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlencode

import pytest

from badugi_hh.store import Store
from browserkit import chromium_page, served_dashboard, settle, shoot, sync_api

DATA = Path(__file__).resolve().parent / "data"
LOGS = [DATA / "real" / "pokerstars" / "tour-badugi-fl-sng-201011.txt",
        DATA / "real" / "fulltilt" / "tour-27td-fl-headsup-sng-201211.txt",
        DATA / "summaries"]

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def tournaments_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    path = tmp_path_factory.mktemp("tournaments") / "tournaments.duckdb"
    with Store(path) as store:
        store.import_paths(LOGS)
    with served_dashboard("--db", str(path), "--tz", "Europe/Paris") as url:
        yield url


@pytest.fixture(scope="module")
def page(tournaments_url: str) -> Iterator[sync_api.Page]:
    with chromium_page() as page:
        yield page


def table(page: sync_api.Page, index: int) -> list[dict[str, str]]:
    """The rows of the page's ``index``-th table, by its header's words."""
    grid = page.locator('[data-testid="stTable"] table').nth(index)
    header = [cell.strip() for cell in grid.locator("thead th").all_inner_texts()]
    return [dict(zip(header, [cell.strip() for cell in row.locator("th, td").all_inner_texts()]))
            for row in grid.locator("tbody tr").all()]


def test_the_tournaments_page_gives_every_figure_with_its_unit(
        page: sync_api.Page, tournaments_url: str) -> None:
    page.goto(f"{tournaments_url}/tournaments")
    settle(page, "Tournaments")
    shoot(page, "tournaments")
    players = {row["player"]: row for row in table(page, 0)}
    hero = players["Player5 (PokerStars)"]
    assert (hero["tournaments"], hero["cashes"], hero["ITM"], hero["ROI"]) == \
        ("1 played", "1 in the money", "100.0%", "33.3%")
    assert (hero["buy-ins and fees"], hero["prizes"], hero["profit"]) == \
        ("$1.20", "$1.60", "+$0.40")
    assert players["Hero (Full Tilt)"]["profit"] == "-$10.00"
    for row in players.values():
        assert row["ITM"].endswith("%") and row["ROI"].endswith("%")
        assert all(row[money].lstrip("+-").startswith("$")
                   for money in ("buy-ins and fees", "prizes", "profit"))
    rows = table(page, 1)
    sng = [row for row in rows if row["tournament"] == "330855877"]
    assert sorted(row["place"] for row in sng) == [f"{place} of 8" for place in range(1, 9)]
    assert {row["started (Europe/Paris)"] for row in sng} == {"2010-11-12 20:42"}
    assert {(row["buy-in"], row["fee"], row["entrants"]) for row in sng} == \
        {("$1.00", "$0.20", "8 players")}
    assert all(row["prize"].startswith("$") and row["net"].lstrip("+-").startswith("$")
               for row in rows)


def test_the_replayer_shows_a_hand_on_the_one_clock(page: sync_api.Page,
                                                    tournaments_url: str) -> None:
    query = urlencode({"hand": "ps-52588201462", "source": str(LOGS[0].resolve())})
    page.goto(f"{tournaments_url}/replayer?{query}")
    settle(page, "Hand replayer")
    # the log's ET 14:42:34 (its CET 20:42:34), shown in the zone the dashboard was given
    assert page.get_by_text("2010-11-12 20:42 Europe/Paris").count() >= 1
