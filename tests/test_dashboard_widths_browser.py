"""The dashboard's tables at 1400 px in a real browser, beside the sidebar, on the real
exports: the Leak report's per-session table and the Players draw table show every column
whole (issue 35: no column cut; the first ended at a lone "n", the second at "drew 5 ca").

The grid draws its cells on a canvas: a column is cut where the grid's scroller is wider
than its box (it scrolls sideways), which its scrollWidth and clientWidth tell.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from badugi_hh.store import Store
from browserkit import chromium_page, served_dashboard, settle, sync_api

pytestmark = pytest.mark.browser

REAL = Path(__file__).resolve().parent / "data" / "real"
GRIDS = '[data-testid="stDataFrame"]'
#: Each grid's scroller: its whole width and the width it shows.
WIDTHS = """() => [...document.querySelectorAll('[data-testid="stDataFrame"] .dvn-scroller')]
    .map(s => [s.scrollWidth, s.clientWidth])"""


@pytest.fixture(scope="module")
def url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    path = tmp_path_factory.mktemp("widths_browser") / "real.duckdb"
    with Store(path) as store:
        store.import_paths([REAL])
    with served_dashboard("--db", str(path)) as address:
        yield address


@pytest.fixture(scope="module")
def page(url: str) -> Iterator[sync_api.Page]:
    with chromium_page(width=1400) as page:
        yield page


def grid_widths(page: sync_api.Page, url: str, name: str, title: str, grids: int,
                player: str) -> list[list[int]]:
    """The widths of the page's grids, once it details ``player`` (its first selectbox)."""
    page.goto(f"{url}/{name}")
    settle(page, title)
    page.locator('[data-testid="stMain"] [data-testid="stSelectbox"]').first.click()
    page.get_by_role("option", name=player, exact=True).click()
    settle(page, title)
    page.locator(GRIDS).nth(grids - 1).wait_for(timeout=30_000)
    widths: list[list[int]] = page.evaluate(WIDTHS)
    return widths


@pytest.mark.parametrize(("name", "title", "grids", "index", "player"), [
    ("leaks", "Leak report", 4, 0, "Player4 · PokerStars"),   # Win rate by session
    ("players", "Players", 4, 2, "Hero · Full Tilt"),         # his 2-7 Triple Draw draws
], ids=["leaks per session", "players draws"])
def test_every_column_of_the_table_shows_whole_at_1400_px(
        page: sync_api.Page, url: str, name: str, title: str, grids: int, index: int,
        player: str) -> None:
    whole, shown = grid_widths(page, url, name, title, grids, player)[index]
    assert whole <= shown, f"{name}: {whole - shown} px of columns out of view"
