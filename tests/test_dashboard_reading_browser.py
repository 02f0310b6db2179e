"""Every page of the dashboard in Chromium as a player reads it (issue 35, item 3), on the
real exports of every site (tests/data/real) and the sample logs: no ``None``, ``NULL`` or
``nan`` in a page's text, no text cut (an element that hides what overflows it is as wide
as its text), no legend cut, every signed amount with its unit. The grids draw their cells
on a canvas, and their accessible copy holds the raw values: the text they show is checked
on the same pages and database through AppTest, in the default tier
(tests/test_dashboard_reading.py).

The browser tier (``pytest -m browser``); screenshots go to tests/artifacts/reading_*.png.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlencode

import pytest

from badugi_hh.filters import site_name
from badugi_hh.store import Store, connect
from browserkit import chromium_page, served_dashboard, settle, shoot, sync_api
from test_dashboard_reading import LOGS, MISSING

pytestmark = pytest.mark.browser

#: Whose text is read: the page and its sidebar, but for the grids' canvases (their
#: accessible copy holds the raw values, not the text drawn) and code blocks (a log's
#: own text, which may say anything).
TEXT_JS = """() => {
  const parts = [];
  const walker = document.createTreeWalker(document.querySelector('[data-testid="stApp"]'),
                                           NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest('[data-testid="stDataFrame"], [data-testid="stCode"], '
                                  + 'style, script, [data-testid="stSkipToMainContent"]')) continue;
    if (!parent.getClientRects().length) continue;   // not shown
    parts.push(node.textContent);
  }
  return parts.join('\\n');
}"""
#: Every element that hides what overflows it and holds more text than it shows, every
#: box whose chosen value is wider than the box, every chart label Vega-Lite cut.
CUT_JS = """() => {
  const cut = [];
  for (const e of document.querySelectorAll('[data-testid="stMain"] *, '
                                            + '[data-testid="stSidebar"] *')) {
    if (e.closest('canvas, [data-testid="stDataFrame"]') || e.clientWidth <= 1) continue;
    if (!e.textContent.trim() || !e.getClientRects().length) continue;
    const style = getComputedStyle(e);
    if (!['hidden', 'clip'].includes(style.overflowX) && style.textOverflow !== 'ellipsis')
      continue;
    if (e.scrollWidth > e.clientWidth + 1)
      cut.push(`${e.tagName} ${e.textContent.trim().slice(0, 60)} (${e.scrollWidth} > `
               + `${e.clientWidth} px)`);
  }
  const ruler = document.createElement('canvas').getContext('2d');
  for (const input of document.querySelectorAll('[data-testid="stMain"] input[type=text], '
                                                + '[data-testid="stSidebar"] input[type=text]')) {
    if (!input.value || !input.getClientRects().length) continue;   // a box's chosen value
    const style = getComputedStyle(input);
    ruler.font = style.font;
    const room = input.clientWidth - parseFloat(style.paddingLeft)
      - parseFloat(style.paddingRight);
    if (ruler.measureText(input.value).width > room + 1)
      cut.push(`INPUT ${input.value.slice(0, 60)} (${Math.round(
        ruler.measureText(input.value).width)} > ${Math.round(room)} px)`);
  }
  for (const label of document.querySelectorAll('[data-testid="stVegaLiteChart"] text'))
    if (label.textContent.endsWith('…')) cut.push(`chart label ${label.textContent}`);
  return cut;
}"""
#: A signed amount (a net) and what follows it: a unit, big blinds or a share.
SIGNED = re.compile(r"(?<![\w./$€£-])([-+][$€£]?\d[\d,]*(?:\.\d+)?)(\s?\S*)")
UNITS = re.compile(r"^(?:\s(?:chips?|[A-Z]{3,4}|bb(?:/100)?)\b|%|\s%)")


@pytest.fixture(scope="module")
def every_site_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("reading_browser") / "every-site.duckdb"
    with Store(path) as store:
        store.import_paths(LOGS)
    return path


@pytest.fixture(scope="module")
def page_at(every_site_db: Path) -> Iterator[tuple[str, sync_api.Page]]:
    with served_dashboard("--db", str(every_site_db)) as url, chromium_page() as page:
        yield url, page


def bare_amounts(text: str) -> list[str]:
    """The signed numbers of ``text`` written without a unit (``+85``, ``-1,500``)."""
    return [number + after for number, after in SIGNED.findall(text)
            if not number[1] in "$€£" and not UNITS.match(after)]


def read(page: sync_api.Page, title: str, shot: str) -> list[str]:
    """What a player would trip on in the page shown: a missing value, a cut text, an
    amount without its unit."""
    settle(page, title)
    page.wait_for_timeout(500)   # the charts draw after the run
    shoot(page, f"reading_{shot}")
    text = page.evaluate(TEXT_JS)
    found = [f"missing value: {line}" for line in text.splitlines() if MISSING.search(line)]
    found += [f"cut: {what}" for what in page.evaluate(CUT_JS)]
    found += [f"no unit: {amount}" for amount in bare_amounts(text)]
    return found


def choose(page: sync_api.Page, label: str, option: str) -> None:
    """Pick ``option`` in the selectbox labelled ``label``."""
    page.get_by_label(label, exact=True).first.click()
    page.get_by_role("option", name=option, exact=True).first.click()


def test_every_page_reads_as_a_player_reads_it(page_at: tuple[str, sync_api.Page],
                                               every_site_db: Path) -> None:
    url, page = page_at
    problems: dict[str, list[str]] = {}
    for path, title in (("", "Overview"), ("players", "Players"), ("sessions", "Sessions"),
                        ("tournaments", "Tournaments"), ("audit", "Audit"),
                        ("import", "Import a log")):
        page.goto(f"{url}/{path}")
        problems[path or "overview"] = read(page, title, path or "overview")
    page.goto(url)
    settle(page, "Overview")
    page.get_by_text("days", exact=True).click()
    page.get_by_text("Amounts (one curve per unit) instead of big blinds").click()
    problems["overview, amounts by day"] = read(page, "Overview", "overview_amounts")

    with connect(every_site_db, read_only=True) as con:
        sites = [site for site, in con.execute(
            "SELECT DISTINCT site FROM sessions WHERE hands > 0 ORDER BY site").fetchall()]
        source, hand_id = con.execute(
            "SELECT source, hand_id FROM hands WHERE site = 'pokerstars' "
            "AND kind = 'tournament' ORDER BY pot DESC LIMIT 1").fetchone()
    for site in sites:   # each site's newest session, and its players' figures
        page.goto(f"{url}/sessions")
        settle(page, "Sessions")
        choose(page, "Site", site_name(site))
        problems[f"sessions of {site}"] = read(page, "Sessions", f"sessions_{site or 'house'}")
        page.goto(f"{url}/players")
        settle(page, "Players")
        choose(page, "Site", site_name(site))
        problems[f"players of {site}"] = read(page, "Players", f"players_{site or 'house'}")

    page.goto(f"{url}/table?{urlencode({'hand': hand_id, 'source': source})}")
    problems["table"] = read(page, "Table", "table")
    assert not {where: found for where, found in problems.items() if found}
