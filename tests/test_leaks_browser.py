"""The Leak report page in a real browser (issue 35, item 4): its four charts drawn
with no None, NULL or nan on the page and no text cut, and each part saying so when
the sidebar's filters leave nothing to show.

Headless Chromium (Debian's, driven by Playwright) from tests/browserkit.py; skipped
only when either is missing. The tables' cells are checked in test_dashboard_leaks.py
(the grid draws them on a canvas).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from badugi_hh.store import Store
from browserkit import chromium_page, served_dashboard, settle, shoot, sync_api

pytestmark = pytest.mark.browser

LOG = Path(__file__).resolve().parent / "data" / "house" / "leaks.txt"
MISSING = re.compile(r"\b(None|NULL|nan|NaN|NaT)\b")
CHARTS = '[data-testid="stVegaLiteChart"]'


@pytest.fixture(scope="module")
def url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    path = tmp_path_factory.mktemp("leaks_browser") / "leaks.duckdb"
    with Store(path) as store:
        store.import_paths([LOG])
    with served_dashboard("--db", str(path)) as address:
        yield address


@pytest.fixture(scope="module")
def page(url: str) -> Iterator[sync_api.Page]:
    with chromium_page() as page:
        yield page


def cut_texts(page: sync_api.Page) -> list[str]:
    """The texts of the page's main part wider than their box."""
    return page.evaluate("""() => [...document.querySelectorAll(
        '[data-testid="stMain"] p, [data-testid="stMain"] h1, [data-testid="stMain"] h3,'
        + '[data-testid="stMain"] label')]
        .filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.innerText)""")


def test_the_page_draws_its_four_charts(page: sync_api.Page, url: str) -> None:
    page.goto(f"{url}/leaks")
    settle(page, "Leak report")
    page.locator(CHARTS).nth(3).wait_for(timeout=30_000)
    assert page.locator(CHARTS).count() == 4
    shoot(page, "leak_report")
    text = page.locator('[data-testid="stMain"]').inner_text()
    for title in ("Win rate by session", "Win rate by stakes",
                  "Results by the hand at showdown",
                  "Results by the cards drawn on the first draw"):
        assert title in text
    assert not MISSING.search(text), MISSING.search(text)
    assert not cut_texts(page)


def test_with_nothing_to_show_each_part_says_so(page: sync_api.Page, url: str) -> None:
    page.goto(f"{url}/leaks")
    settle(page, "Leak report")
    session = page.get_by_label("Session id")
    session.fill("no-such-session")
    session.press("Enter")
    page.get_by_text("nothing to chart.").nth(3).wait_for(timeout=30_000)
    settle(page, "Leak report")
    assert page.get_by_text("nothing to chart.").count() == 4
    assert page.locator(CHARTS).count() == 0
    assert not MISSING.search(page.locator('[data-testid="stMain"]').inner_text())
