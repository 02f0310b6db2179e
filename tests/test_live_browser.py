"""The Live table page in Chromium (issue 35, item 1) while ``badugi-hh watch`` stores
the hands a writer appends to a watched log, as a site does: each new hand's players and
figures appear on the page by themselves, two tables side by side, and the page says
when the watcher stopped. The page reads as a player reads it (no missing value, no cut
text, every amount with its unit: tests/test_dashboard_reading_browser.py's checks).

The browser tier (``pytest -m browser``); screenshots go to tests/artifacts/live_*.png.
"""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from badugi_hh.store.player_notes import set_label, set_player_note
from badugi_hh.store import Store
from browserkit import BADUGI_HH, chromium_page, served_dashboard, shoot, sync_api
from test_dashboard_reading_browser import read
from test_live import CASH_BADUGI, hands_of, other_table

pytestmark = pytest.mark.browser
#: How long a hand written may take to show (the watcher settles, imports, the page
#: looks again): generous, for a loaded machine; the page looks every second.
PATIENCE_MS = 30_000


@pytest.fixture
def watcher(tmp_path: Path) -> Iterator[tuple[Path, Path, subprocess.Popen[str]]]:
    """``badugi-hh watch`` on a folder holding the first two hands of two tables, once its
    first import is done: the folder's log of table V, the database, the process."""
    hands = hands_of(CASH_BADUGI)
    folder, database = tmp_path / "hands", tmp_path / "club.duckdb"
    folder.mkdir()
    (folder / "benkoela-v.txt").write_bytes(b"".join(hands[:2]))
    (folder / "benkoela-w.txt").write_bytes(b"".join(other_table(hand) for hand in hands[:2]))
    with Store(database) as store:   # the user's label and note on a player
        set_label(store.connection, ("pokerstars", "buddyboy3399"), "fish")
        set_player_note(store.connection, ("pokerstars", "buddyboy3399"), "pats light\nmore")
    process = subprocess.Popen([str(BADUGI_HH), "watch", str(folder), "--db", str(database)],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        for line in process.stdout or ():
            if "watching" in line:   # the first import is done
                break
        yield folder / "benkoela-v.txt", database, process
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def cell(page: sync_api.Page, table: str, player: str, figure: str) -> sync_api.Locator:
    return page.locator(f'.live-table[data-table="{table}"] '
                        f'td[data-player="{player}"][data-figure="{figure}"]')


def test_the_live_table_follows_the_hands_a_watcher_stores(
        watcher: tuple[Path, Path, subprocess.Popen[str]]) -> None:
    log, database, process = watcher
    hands = hands_of(CASH_BADUGI)
    with served_dashboard("--db", str(database)) as url, chromium_page(1800, 1400) as page:
        page.goto(f"{url}/live")
        assert read(page, "Live table", "live_start") == []
        tables = page.locator(".live-table")
        assert tables.count() == 2   # both tables, side by side
        first, second = (tables.nth(n).bounding_box() for n in range(2))
        assert first and second and second["x"] > first["x"] + first["width"] - 1
        assert abs(second["y"] - first["y"]) < 1
        assert page.get_by_text("watching ").count() >= 1
        table_v = page.locator('.live-table[data-table="Benkoela V"]')
        assert "hand 49164247462" in table_v.inner_text()
        assert cell(page, "Benkoela V", "kallexx1", "vpip").count() == 0
        assert cell(page, "Benkoela V", "buddyboy3399", "vpip").inner_text().split() == [
            "50.0%", "n=2"]
        head = table_v.locator('th[data-player="buddyboy3399"]').inner_text()
        assert "fish" in head and "pats light" in head and "more" not in head

        log.write_bytes(log.read_bytes() + hands[2])   # the site writes the next hand
        cell(page, "Benkoela V", "kallexx1", "vpip").wait_for(timeout=PATIENCE_MS)
        assert "hand 49164255772" in table_v.inner_text()
        assert cell(page, "Benkoela V", "buddyboy3399", "vpip").inner_text().split() == [
            "66.7%", "n=3"]

        log.write_bytes(log.read_bytes() + hands[3])   # and the one after it
        cell(page, "Benkoela V", "oooDestroyoo", "hands").wait_for(timeout=PATIENCE_MS)
        assert "hand 49164287914" in table_v.inner_text()
        # the figures counted by hand in tests/test_opponents.py
        for figure, expected in (("vpip", ["75.0%", "n=4"]), ("pfr", ["25.0%", "n=4"]),
                                 ("aggression_frequency", ["57.1%", "n=14"]),
                                 ("stand_pat_1", ["33.3%", "n=3"]),
                                 ("cards_per_draw_1", ["1.00", "cards", "n=3"]),
                                 ("fold_to_bet_round4", ["0.0%", "n=2"])):
            assert cell(page, "Benkoela V", "buddyboy3399", figure).inner_text().split() == (
                expected), figure
        assert "your session (Hero): 4 hands, -$0.35 (-1.4 bb)" in table_v.inner_text()
        assert read(page, "Live table", "live_four_hands") == []

        process.terminate()   # as the Import page's Stop does
        assert process.wait(timeout=30) == 0
        page.get_by_text("the watcher stopped at").wait_for(timeout=PATIENCE_MS)
        shoot(page, "live_stopped")
