"""The dashboard in a real browser: ``badugi-hh dashboard`` serves it, headless
Chromium (Debian's, driven by Playwright) opens every page and steps the replayer,
once on a database (``--db``) and once on a dataset of the same logs (``--data``).

Its own tier: ``pytest -m browser`` (``.ci/run`` runs it after the default tests).
Screenshots of each page go to tests/artifacts/ (the dataset's end in ``_dataset``).
Skipped only when /usr/bin/chromium or the playwright package is missing (``apt-get
install chromium``; ``pip install -e '.[dev]'``); Playwright never downloads a browser.
The server is the ``badugi-hh`` beside this interpreter: run from a worktree, put it
first with PYTHONPATH.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlencode

import pytest

from badugi_hh.dataset import import_to_dataset
from badugi_hh.money import format_amount
from badugi_hh.store import Store, connect
from browserkit import chromium_page, served_dashboard, settle, shoot, sync_api

# The browser tier (pytest -m browser; .ci/run runs it after the default tests).
pytestmark = pytest.mark.browser

#: A real 8-handed log: the replayer must stay readable at eight seats.
EIGHT_HANDED = (Path(__file__).resolve().parent / "data" / "real" / "pokerstars"
                / "tour-badugi-fl-sng-201011.txt")
#: Sidebar link text and the page's title, in the order of the navigation.
PAGES = [("Overview", "Overview"), ("Players", "Players"), ("Sessions", "Sessions"),
         ("Tournaments", "Tournaments"), ("Hand replayer", "Hand replayer"), ("Audit", "Audit"),
         ("Import", "Import a log")]


@pytest.fixture(scope="module")
def browser_db(dashboard_db: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The test database and the real 8-handed PokerStars SNG."""
    path = tmp_path_factory.mktemp("browser") / "browser.duckdb"
    shutil.copy(dashboard_db, path)
    with Store(path) as store:
        store.import_paths([EIGHT_HANDED])
    return path


@pytest.fixture(scope="module")
def browser_dataset(dashboard_logs: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The same logs as :func:`browser_db`, imported into a dataset."""
    path = tmp_path_factory.mktemp("browser") / "browser-dataset"
    done = import_to_dataset([str(dashboard_logs), str(EIGHT_HANDED)], path)
    summary, failures = done.summary, done.failures
    assert summary.new_hands and not failures
    return path


@pytest.fixture(scope="module", params=["--db", "--data"])
def served(request: pytest.FixtureRequest, browser_db: Path,
           browser_dataset: Path) -> tuple[str, Path]:
    """The option of ``badugi-hh dashboard`` and what it names: the database, then the
    dataset of the same logs."""
    return request.param, browser_db if request.param == "--db" else browser_dataset


@pytest.fixture(scope="module")
def suffix(served: tuple[str, Path]) -> str:
    """Of the screenshots: the dataset's do not overwrite the database's."""
    return "_dataset" if served[0] == "--data" else ""


@pytest.fixture(scope="module")
def dashboard_url(served: tuple[str, Path]) -> Iterator[str]:
    """``badugi-hh dashboard`` serving the test database or dataset on a free port of
    127.0.0.1."""
    option, path = served
    with served_dashboard(option, str(path)) as url:
        yield url


@pytest.fixture(scope="module")
def page(dashboard_url: str) -> Iterator[sync_api.Page]:
    with chromium_page() as page:
        yield page


def test_every_page_renders_without_an_exception(page: sync_api.Page,
                                                 dashboard_url: str, suffix: str) -> None:
    page.goto(dashboard_url)
    settle(page, "Overview")
    for link, title in PAGES:
        page.locator('[data-testid="stSidebarNav"] a', has_text=link).first.click()
        settle(page, title)
        shoot(page, title.lower().replace(" ", "_") + suffix)
    # the uploader comes after the page's title: on a busy machine, a while after it
    page.get_by_text("up to 50 MB").first.wait_for(timeout=30_000)
    assert page.get_by_text("up to 50 MB").count() == 1


def test_the_overview_answers_at_its_own_address(page: sync_api.Page,
                                                 dashboard_url: str) -> None:
    page.goto(f"{dashboard_url}/overview")
    settle(page, "Overview")
    assert page.get_by_text("Page not found").count() == 0


def test_the_replayer_steps_with_next(page: sync_api.Page, dashboard_url: str,
                                      dashboard_db: Path, suffix: str) -> None:
    con = connect(dashboard_db, read_only=True)
    try:
        source, hand_id = con.execute(
            "SELECT source, hand_id FROM hands WHERE ended = 'showdown' "
            "ORDER BY source, started_at, number LIMIT 1").fetchall()[0]
        amounts = [amount for amount, in con.execute(
            "SELECT amount FROM actions WHERE source = ? AND hand_id = ? ORDER BY line",
            [source, hand_id]).fetchall()]
    finally:
        con.close()
    page.goto(f"{dashboard_url}/replayer?{urlencode({'hand': hand_id, 'source': source})}")
    settle(page, "Hand replayer")
    step_shown = page.locator('[data-testid="stSliderThumbValue"]')
    pot = page.locator('[data-testid="stMetric"]', has_text="Pot").locator(
        '[data-testid="stMetricValue"]')
    assert step_shown.inner_text() == "0"
    for step in range(1, 4):   # the blinds and the first action: no draw yet
        page.get_by_role("button", name="Next ▸").click()
        page.wait_for_function(
            "step => document.querySelector('[data-testid=\"stSliderThumbValue\"]')"
            ".innerText.trim() === String(step)", arg=step, timeout=15_000)
        settle(page, "Hand replayer")
        assert pot.inner_text() == format_amount(sum(amounts[:step]), "chips", 1)
    shoot(page, "replayer_step_3" + suffix)


#: Whether the players table fits its column and ends above the hand's log; each name
#: cell shows its text (cut with an ellipsis, never spilling over the next cell).
_LAYOUT = """() => {
    const table = document.querySelector('tr[data-player]').closest('table');
    const log = [...document.querySelectorAll('p, strong')].find(
        e => e.innerText.trim() === 'The hand');
    const names = [...table.querySelectorAll('td.player bdi')].map(
        bdi => bdi.getBoundingClientRect().right <= bdi.closest('td').getBoundingClientRect()
               .right + 1);
    return {fits: table.scrollWidth <= table.parentElement.clientWidth + 1,
            above: table.getBoundingClientRect().bottom <= log.getBoundingClientRect().top,
            rows: table.querySelectorAll('tr[data-player]').length,
            namesInside: names.every(Boolean),
            pageFits: document.documentElement.scrollWidth <= window.innerWidth};
}"""


def test_an_eight_handed_hand_steps_through_without_overflow(
        page: sync_api.Page, dashboard_url: str, browser_db: Path, suffix: str) -> None:
    """Every step of a real 8-seat showdown: eight compact rows of exactly four cards,
    inside the page and above the log."""
    page.goto(f"{dashboard_url}/replayer?"
              f"{urlencode({'hand': 'ps-52588201462', 'source': str(EIGHT_HANDED)})}")
    settle(page, "Hand replayer")
    step_shown = page.locator('[data-testid="stSliderThumbValue"]')
    with connect(browser_db, read_only=True) as con:   # the deal, each line, the result
        last, = con.execute(
            "SELECT (SELECT count(*) FROM actions WHERE hand_id = $1) "
            "+ (SELECT count(*) FROM draws WHERE hand_id = $1) + 1",
            ["ps-52588201462"]).fetchall()[0]
    for step in range(last + 1):
        if step:
            page.get_by_role("button", name="Next ▸").click()
            page.wait_for_function(
                "step => document.querySelector('[data-testid=\"stSliderThumbValue\"]')"
                ".innerText.trim() === String(step)", arg=step, timeout=15_000)
            settle(page, "Hand replayer")
        layout = page.evaluate(_LAYOUT)
        assert layout == {"fits": True, "above": True, "rows": 8, "namesInside": True,
                          "pageFits": True}, (step, layout)
        for row in page.locator("tr[data-player]").all():
            assert row.locator("td.cards span[title]").count() == 4
    assert step_shown.inner_text() == str(last)
    shoot(page, "replayer_8_seats" + suffix)
