"""The Table page in a real browser, on the real exports: opened from the replayer's
"Players at this table" button, every figure shown with its unit and its sample size,
the net of the user (the person ``badugi-hh me`` names) against each player in
dollars; a tag given in the replayer, then offered by the sidebar's Tag filter; the
hand shared as its log's text, and PHH saying why it cannot say it.

Headless Chromium (Debian's, driven by Playwright) from tests/browserkit.py;
skipped only when either is missing.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlencode

import pytest

from badugi_hh.cli import main
from badugi_hh.store import Store, connect
from browserkit import chromium_page, served_dashboard, settle, shoot, sync_api

pytestmark = pytest.mark.browser

REAL = Path(__file__).resolve().parent / "data" / "real"
#: The last hand of the PokerStars cash Badugi log (tests/test_opponents.py counts its
#: players' figures by hand).
HAND = "ps-49164287914"
#: A share, a factor or cards per draw, each with n: ``75.0% (n=4)``, ``1.60× (n=13)``,
#: ``0.33 cards (n=9)``, ``– (n=0)``.
FIGURE = re.compile(r"(?:\d+\.\d%|\d+\.\d\d(?:×| cards)|–) \(n=[\d,]+\)")
#: The hero's net in one or more currencies: ``-$0.35 (n=4 hands)``.
NET = re.compile(r"[-+]?(?:[$€£][\d,]+\.\d\d|[\d,]+ (?:chips|[A-Z]{3,4})) \(n=[\d,]+ hands?\)")


@pytest.fixture(scope="module")
def real_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("table_browser") / "real.duckdb"
    with Store(path) as store:
        store.import_paths([REAL])
    assert main(["alias", "Me", "pokerstars:Hero", "--db", str(path)]) == 0
    assert main(["me", "Me", "--db", str(path)]) == 0
    return path


@pytest.fixture(scope="module")
def url(real_db: Path) -> Iterator[str]:
    with served_dashboard("--db", str(real_db)) as address:
        yield address


@pytest.fixture(scope="module")
def page(url: str) -> Iterator[sync_api.Page]:
    with chromium_page(width=1600) as page:
        yield page


def source_of(real_db: Path) -> str:
    con = connect(real_db, read_only=True)
    try:
        return con.execute("SELECT source FROM hands WHERE hand_id = ?", [HAND]).fetchall()[0][0]
    finally:
        con.close()


def test_the_table_page_opened_from_the_replayer(page: sync_api.Page, url: str,
                                                 real_db: Path) -> None:
    page.goto(f"{url}/replayer?{urlencode({'hand': HAND, 'source': source_of(real_db)})}")
    settle(page, "Hand replayer")
    page.get_by_role("button", name="Players at this table ▸").click()
    settle(page, "Table")
    assert "/table" in page.url
    rows = page.locator("table.opponents tbody tr")
    page.locator("table.opponents").wait_for(timeout=30_000)
    assert rows.count() == 7
    shoot(page, "table")
    checked = 0
    for cell in page.locator("table.opponents td[data-figure]").all():
        name, text = cell.get_attribute("data-figure"), cell.inner_text().strip()
        if name in ("seat", "player"):
            continue
        if name == "hands":
            assert re.fullmatch(r"[\d,]+ hands?", text), text
        elif name == "hero_net":
            assert text == "—" or text == "no hand together" or all(
                NET.fullmatch(part) for part in text.split("; ")), text
        elif "card" in name and text == "no draw":
            pass
        else:
            assert FIGURE.fullmatch(text), (name, text)
        checked += 1
    assert checked == 7 * (1 + 11 + 4 + 1)
    buddy = page.locator('table.opponents tr[data-player="buddyboy3399"]')
    assert buddy.locator('td[data-figure="vpip"]').inner_text() == "75.0% (n=4)"
    assert buddy.locator('td[data-figure="aggression_factor"]').inner_text() == "1.60× (n=13)"
    assert buddy.locator('td[data-figure="stand_pat_4card"]').inner_text() == "77.8% (n=9)"
    assert buddy.locator('td[data-figure="hero_net"]').inner_text() == "-$0.35 (n=4 hands)"
    hero = page.locator('table.opponents tr[data-player="Hero"]')
    assert "(hero)" in hero.locator('td[data-figure="player"]').inner_text()


def test_a_tag_given_in_the_replayer_is_offered_by_the_sidebar(page: sync_api.Page, url: str,
                                                               real_db: Path) -> None:
    page.goto(f"{url}/replayer?{urlencode({'hand': HAND, 'source': source_of(real_db)})}")
    settle(page, "Hand replayer")
    page.get_by_label("Tag").first.fill("review")
    page.get_by_role("button", name="Add tag").click()
    page.get_by_text("review", exact=True).first.wait_for(timeout=30_000)
    settle(page, "Hand replayer")
    page.get_by_text("Share this hand").click()
    page.get_by_role("tab", name="PHH").wait_for(timeout=30_000)
    settle(page, "Hand replayer")
    page.get_by_role("tab", name="PHH").click()   # PHH has no blind for a third poster
    page.get_by_text("No PHH: PHH cannot say PokerStars hand 49164287914").wait_for(timeout=30_000)
    page.get_by_role("tab", name="original text").click()
    assert page.get_by_text("PokerStars Game #49164287914").count() >= 1
    page.goto(url)
    settle(page, "Overview")
    assert page.locator('[data-testid="stSidebar"]').get_by_text("Tag", exact=True).count() == 1
