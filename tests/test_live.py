"""The live table (issue 35, item 1): :func:`badugi_hh.stats.live_tables`, which the
dashboard's Live table page and ``badugi-hh hud`` both draw; the watcher's record that
says whether it still runs; ``badugi-hh hud --once``.

The figures are those of tests/test_opponents.py, counted by hand from the PokerStars
cash Badugi log; the draws of buddyboy3399 by draw, from the same four hands: draw 1
in three hands (2 cards, pat, 1 card), pat at draws 2 and 3 in all three.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import re
import signal
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from badugi_hh import stats
from badugi_hh.cli import main
from badugi_hh.store import Store, connect
from badugi_hh.store.player_notes import set_label, set_player_note
from badugi_hh.watch_state import STALE_SECONDS, Heartbeat, WatchState, stamp_path, watch_state
from test_opponents import BY_HAND, CASH_BADUGI, HERO_NET

#: buddyboy3399's draws, draw by draw: (stood pat, cards drawn per draw, draws).
DRAWS_BY_DRAW = {1: (1 / 3, 1.0, 3), 2: (1.0, 0.0, 3), 3: (1.0, 0.0, 3)}
_HAND_START = re.compile(rb"^(?:\xef\xbb\xbf)?PokerStars Game #", re.MULTILINE)


def hands_of(log: Path) -> list[bytes]:
    """The log's hands, each its own text ending with the blank lines a site writes."""
    text = log.read_bytes()
    starts = [match.start() for match in _HAND_START.finditer(text)]
    return [text[start:end].rstrip() + b"\n\n\n"
            for start, end in zip(starts, [*starts[1:], len(text)])]


def other_table(hand: bytes) -> bytes:
    """The hand as if played at another table at the same moment: another table name,
    other hand numbers (a number is a hand's identity on its site), and buddyboy3399,
    whose figures are counted by hand, another player there."""
    return (hand.replace(b"Benkoela V", b"Benkoela W").replace(b"#4916", b"#5916")
            .replace(b"buddyboy3399", b"buddyboy4400"))


def live(con, **choice) -> list[stats.LiveTable]:
    return stats.live_tables(con, **choice)


@pytest.fixture
def store(tmp_path: Path):
    with Store(tmp_path / "live.duckdb") as opened:
        yield opened


def test_a_player_s_figures_are_those_counted_by_hand(store: Store) -> None:
    store.import_paths([CASH_BADUGI])
    set_label(store.connection, ("pokerstars", "buddyboy3399"), "fish")
    set_player_note(store.connection, ("pokerstars", "buddyboy3399"), "pats light\ncalls down")
    (table,) = live(store.connection)
    assert (table.site, table.table, table.game, table.stakes) == (
        "pokerstars", "Benkoela V", "Badugi", "$0.25/$0.50")
    assert table.key.hand_id == "ps-49164287914"
    row = table.players.set_index("player").loc["buddyboy3399"]
    assert (row["hands"], row["label"], row["colour"], row["note"]) == (
        4, "fish", "green", "pats light")
    for name in ("vpip", "pfr", "three_bet", "aggression_frequency", "went_to_showdown",
                 *(f"fold_to_bet_round{n}" for n in range(1, 5))):
        value, n = BY_HAND[name]
        assert row[f"{name}_n"] == n, name
        assert math.isnan(row[name]) if value is None else row[name] == pytest.approx(value)
    for draw, (pat, cards, n) in DRAWS_BY_DRAW.items():
        assert row[f"stand_pat_{draw}"] == pytest.approx(pat)
        assert row[f"cards_per_draw_{draw}"] == pytest.approx(cards)
        assert row[f"stand_pat_{draw}_n"] == row[f"cards_per_draw_{draw}_n"] == n
    assert [figure.short for figure in table.figures] == [
        "VPIP", "PFR", "3B", "AGG", "WTSD", "pat 1", "cards 1", "pat 2", "cards 2", "pat 3",
        "cards 3", "F1", "F2", "F3", "F4"]
    cells = {figure.short: table.cell(next(table.players[table.players["player"]
                                                         == "buddyboy3399"].itertuples()),
                                      figure) for figure in table.figures}
    assert (cells["VPIP"], cells["3B"], cells["pat 1"], cells["cards 1"]) == (
        "75.0% (n=4)", "– (n=0)", "33.3% (n=3)", "1.00 cards (n=3)")


def test_the_hero_is_the_user_s_name_else_the_log_s_hero(store: Store) -> None:
    store.import_paths([CASH_BADUGI])
    net, hands = HERO_NET   # Hero sat in all four hands beside buddyboy3399
    for hero in ((), (("pokerstars", "Hero"),)):
        (table,) = live(store.connection, hero=hero)
        assert table.players.loc[table.players["is_hero"], "player"].tolist() == ["Hero"]
        assert table.hero is not None
        assert (table.hero.player, table.hero.hands, table.hero.net) == ("Hero", hands, net)
        assert table.hero.text == "4 hands, -$0.35 (-1.4 bb)"
    (table,) = live(store.connection, hero=(("pokerstars", "Lino19"),))
    assert table.hero is not None and table.hero.player == "Lino19"


def test_tables_played_together_side_by_side_and_chosen_by_site_and_name(
        store: Store, tmp_path: Path) -> None:
    hands = hands_of(CASH_BADUGI)
    other = tmp_path / "other.txt"
    other.write_bytes(b"".join(other_table(hand) for hand in hands[:2]))
    store.import_paths([CASH_BADUGI, other])
    tables = live(store.connection)
    # newest first: V's newest hand is at 10:34:29, W's at 10:33:25
    assert [table.table for table in tables] == ["Benkoela V", "Benkoela W"]
    assert tables[1].key.hand_id == "ps-59164247462"
    assert [t.table for t in live(store.connection, table="koela w")] == ["Benkoela W"]
    assert live(store.connection, site="fulltilt") == []
    assert [t.table for t in live(store.connection, limit=1)] == ["Benkoela V"]


def test_a_table_not_played_lately_is_not_live(store: Store) -> None:
    later = Path(CASH_BADUGI).parent / "cash-27td-fl-0.10-0.20-201106.txt"
    store.import_paths([CASH_BADUGI, later])
    assert [table.table for table in live(store.connection)] == ["SeinV"]
    assert [table.table for table in live(store.connection, table="Benkoela")] == [
        "Benkoela V"]


def test_an_empty_database_has_no_live_table(store: Store) -> None:
    assert live(store.connection) == []


# -- the watcher's record --------------------------------------------------------------

def test_the_record_says_running_then_stopped(tmp_path: Path) -> None:
    target = tmp_path / "club.duckdb"
    with Heartbeat(target, [str(tmp_path)]) as beat:
        assert beat.problem is None
        state = watch_state(target)
        assert state is not None and state.running() and state.stopped is None
        assert state.text().startswith(f"watching {tmp_path.resolve()} since ")
    state = watch_state(target)
    assert state is not None and not state.running() and state.stopped is not None
    assert state.text().startswith("the watcher stopped at ")


def test_a_watcher_killed_without_its_stop_is_stopped_at_its_last_beat() -> None:
    long_ago = datetime.now(timezone.utc) - timedelta(seconds=STALE_SECONDS + 60)
    silent = WatchState(["/hands"], os.getpid(), long_ago, long_ago, None)
    assert not silent.running()
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)
    now = datetime.now(timezone.utc)
    assert not WatchState(["/hands"], int(gone.stdout), now, now, None).running()


def test_a_file_that_is_not_a_record_is_left_as_it_is(tmp_path: Path) -> None:
    target = tmp_path / "club.duckdb"
    stamp_path(target).write_text("my own notes", encoding="utf-8")
    with Heartbeat(target, [str(tmp_path)]) as beat:
        assert beat.problem is not None and "not a watcher's record" in beat.problem
    assert stamp_path(target).read_text(encoding="utf-8") == "my own notes"
    assert watch_state(target) is None


def test_watch_writes_its_record(tmp_path: Path) -> None:
    """``badugi-hh watch`` stopped as the dashboard stops it (a termination signal)."""
    folder, database = tmp_path / "hands", tmp_path / "club.duckdb"
    folder.mkdir()
    (folder / "table.txt").write_bytes(CASH_BADUGI.read_bytes())
    watcher = subprocess.Popen([sys.executable, "-m", "badugi_hh.cli", "watch", str(folder),
                                "--db", str(database)], stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True)
    try:
        for line in watcher.stdout or ():
            if "watching" in line:   # its first import is done
                break
        state = watch_state(database)
        assert state is not None and state.running() and state.pid == watcher.pid
        assert state.folders == [str(folder.resolve())]
    finally:
        watcher.terminate()
        watcher.wait(timeout=30)
    assert watcher.returncode == 0
    state = watch_state(database)
    assert state is not None and state.stopped is not None and not state.running()
    assert json.loads(stamp_path(database).read_text())["stopped"] == state.stopped.isoformat()


# -- badugi-hh hud --once ---------------------------------------------------------------

def test_hud_once_prints_each_player_s_figures(tmp_path: Path, capsys,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    database = tmp_path / "club.duckdb"
    with Store(database) as opened:
        opened.import_paths([CASH_BADUGI])
    assert main(["hud", "--db", str(database), "--once"]) == 0
    text = capsys.readouterr().out
    assert "PokerStars · Benkoela V · Badugi $0.25/$0.50 · hand 49164287914" in text
    assert "no watcher has stored hands here" in text
    column = _column(text, "buddyboy3399")
    for expected in ("75.0% (n=4)", "25.0% (n=4)", "57.1% (n=14)", "33.3% (n=3)",
                     "1.00 cards (n=3)"):
        assert expected in column, expected
    assert "your session (Hero): 4 hands, -$0.35 (-1.4 bb)" in text


def _column(text: str, player: str) -> str:
    """The cells of ``player``'s column of a table rich drew, one per line."""
    lines = text.splitlines()
    head = next(line for line in lines if player in line)
    at = head.index(player)
    left, right = head.rindex("┃", 0, at), head.index("┃", at)
    return "\n".join(line[left + 1:right].strip() for line in lines)


def test_hud_without_a_database_says_so_in_one_line(tmp_path: Path, capsys) -> None:
    assert main(["hud", "--db", str(tmp_path / "none.duckdb")]) == 1
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and error.startswith("badugi-hh hud: no database at ")
    assert not (tmp_path / "none.duckdb").exists()


def test_hud_names_the_sites_held_for_an_unknown_site(tmp_path: Path, capsys) -> None:
    database = tmp_path / "club.duckdb"
    with Store(database) as opened:
        opened.import_paths([CASH_BADUGI])
    assert main(["hud", "--db", str(database), "--site", "fulltilt", "--once"]) == 2
    assert "the database holds PokerStars" in capsys.readouterr().err


def test_the_live_tables_read_a_database_opened_read_only(tmp_path: Path) -> None:
    database = tmp_path / "club.duckdb"
    with Store(database) as opened:
        opened.import_paths([CASH_BADUGI])
    con = connect(database, read_only=True)
    try:
        assert [table.table for table in stats.live_tables(con)] == ["Benkoela V"]
    finally:
        con.close()


def test_a_dataset_has_the_same_live_table(tmp_path: Path) -> None:
    from badugi_hh.dataset import connect_dataset, import_to_dataset

    done = import_to_dataset([str(CASH_BADUGI)], tmp_path / "dataset")
    assert done.summary.new_hands == 4 and not done.failures
    con = connect_dataset(tmp_path / "dataset")
    try:
        (table,) = stats.live_tables(con)
    finally:
        con.close()
    row = table.players.set_index("player").loc["buddyboy3399"]
    assert (row["hands"], row["vpip_n"], row["stand_pat_1_n"]) == (4, 4, 3)
    assert table.hero is not None and table.hero.text == "4 hands, -$0.35 (-1.4 bb)"


# -- the Live table page ---------------------------------------------------------------

APP = Path(__file__).resolve().parents[1] / "dashboards" / "app.py"


@pytest.fixture
def readers_closed() -> Iterator[None]:
    """The page's read-only connections closed when the test ends, not by their idle
    timers (daemon threads) later: one that fires while the interpreter exits would close
    a DuckDB connection in a thread being torn down."""
    before = set(threading.enumerate())
    yield
    for thread in set(threading.enumerate()) - before:
        if isinstance(thread, threading.Timer):
            thread.cancel()
            thread.function(*thread.args, **thread.kwargs)


def _page(monkeypatch: pytest.MonkeyPatch, variable: str, path: Path):
    from streamlit.testing.v1 import AppTest

    from conftest import open_page

    monkeypatch.setenv(variable, str(path))
    return open_page(AppTest.from_file(str(APP), default_timeout=60), "live")


@pytest.mark.parametrize("dataset", [False, True], ids=["database", "dataset"])
def test_the_page_draws_the_live_tables_of_a_database_or_dataset(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, dataset: bool,
        readers_closed: None) -> None:
    from badugi_hh.dataset import import_to_dataset

    target = tmp_path / ("dataset" if dataset else "club.duckdb")
    if dataset:
        import_to_dataset([str(CASH_BADUGI)], target)
    else:
        with Store(target) as opened:
            opened.import_paths([CASH_BADUGI])
    with Heartbeat(target, [str(tmp_path)]):
        app = _page(monkeypatch, "BADUGI_HH_DATA" if dataset else "BADUGI_HH_DB", target)
        (drawn,) = [element.proto.body for element in app.get("html")]
        (running,) = [success.value for success in app.success]
        assert running.startswith("watching ") and " since " in running
    assert 'data-table="Benkoela V"' in drawn and "hand <a href=" in drawn
    assert ('<td data-player="buddyboy3399" data-figure="vpip" style="'
            in drawn and "75.0%<br><small" in drawn)
    assert ">your session (Hero): 4 hands, -$0.35 (-1.4 bb)<" in drawn


def test_the_page_says_when_no_watcher_stores_hands(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch,
                                                    readers_closed: None) -> None:
    database = tmp_path / "club.duckdb"
    with Store(database) as opened:
        opened.import_paths([CASH_BADUGI])
    app = _page(monkeypatch, "BADUGI_HH_DB", database)
    assert any("No watcher stores hands here" in info.value for info in app.info)


def _hud_looks(monkeypatch: pytest.MonkeyPatch, database: Path,
               before_look: Callable[[int], None]) -> list[str]:
    """``database`` with the real cash Badugi export, and the HUD's looks at it counted
    (the list returned), each finding the database changed; ``before_look`` is told each
    look's number before the look reads."""
    from badugi_hh.commands import hud

    with Store(database) as opened:
        opened.import_paths([CASH_BADUGI])
    read = hud._tables
    looks: list[str] = []

    def tables(args):
        looks.append("read")
        before_look(len(looks))
        return read(args)

    versions = iter(range(1000))
    monkeypatch.setattr(hud, "_tables", tables)
    monkeypatch.setattr(hud, "_version", lambda args: (next(versions),))
    return looks


def test_hud_keeps_its_tables_while_an_import_holds_the_database(
        tmp_path: Path, capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    """A look that finds the database held longer than it waits is tried at the next
    look; Ctrl-C (here after the third look) ends the HUD with status 0."""
    from badugi_hh.commands import hud
    from badugi_hh.store import StoreLocked

    database = tmp_path / "club.duckdb"

    def before_look(look: int) -> None:
        if look == 2:
            raise StoreLocked(f"{database} is held by another process")

    def sleep(seconds: float) -> None:
        if len(looks) == 3:
            raise KeyboardInterrupt

    looks = _hud_looks(monkeypatch, database, before_look)
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.setattr(hud.time, "sleep", sleep)
    assert main(["hud", "--db", str(database)]) == 0
    assert looks == ["read"] * 3
    captured = capsys.readouterr()
    assert "buddyboy3399" in captured.out and captured.err == ""


@pytest.mark.parametrize("look", [1, 2])
def test_hud_ends_on_a_ctrl_c_that_duckdb_took_during_a_look(
        tmp_path: Path, capsys, monkeypatch: pytest.MonkeyPatch, look: int) -> None:
    """DuckDB's client may take the Ctrl-C pressed inside a statement and go on as if none
    came (badugi_hh/ctrl_c.py): the HUD, which looks again every second, went on for
    good. The Ctrl-C is noted as it comes, in the first look (before the HUD follows the
    tables) or a later one, and ends the HUD at the next look."""
    from badugi_hh import ctrl_c
    from badugi_hh.commands import hud

    database = tmp_path / "club.duckdb"

    def before_look(number: int) -> None:
        if number == look:
            with contextlib.suppress(KeyboardInterrupt):   # as DuckDB swallows it
                ctrl_c.interrupt(signal.SIGINT, None)
        if number > 3:
            raise AssertionError("the HUD went on after Ctrl-C")

    looks = _hud_looks(monkeypatch, database, before_look)
    monkeypatch.setattr(hud.time, "sleep", lambda seconds: None)
    assert main(["hud", "--db", str(database)]) == 0
    assert looks == ["read"] * look
    assert capsys.readouterr().err == ""


def test_hud_prints_a_log_s_names_as_written(tmp_path: Path, capsys,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """A table or player name that looks like rich's markup is printed as it is."""
    monkeypatch.setenv("COLUMNS", "200")
    log, database = tmp_path / "table.txt", tmp_path / "club.duckdb"
    log.write_bytes(CASH_BADUGI.read_bytes().replace(b"Benkoela V", b"Benk[b]oela")
                    .replace(b"Lino19", b"[red]Lino"))
    with Store(database) as opened:
        opened.import_paths([log])
    assert main(["hud", "--db", str(database), "--once"]) == 0
    text = capsys.readouterr().out
    assert "PokerStars · Benk[b]oela · Badugi" in text and "1: [red]Lino" in text


def test_the_newest_hand_s_time_is_shown_on_the_clock_asked_for(store: Store) -> None:
    store.import_paths([CASH_BADUGI])   # 2010/09/05 10:34:29 ET, its log says
    (as_logged,) = live(store.connection)
    (in_paris,) = live(store.connection, tz="Europe/Paris")
    assert as_logged.started_at == datetime(2010, 9, 5, 10, 34, 29)
    assert in_paris.started_at == datetime(2010, 9, 5, 16, 34, 29)


def test_a_single_draw_table_has_one_draw_and_two_betting_rounds(store: Store) -> None:
    single_draw = (CASH_BADUGI.parents[1] / "kingsclub"
                   / "cash-27sd-nl-25-50-202108-run-it-twice.txt")
    store.import_paths([single_draw])
    (table,) = live(store.connection)
    assert table.game == "2-7 Single Draw"
    assert [figure.short for figure in table.figures][-4:] == ["pat 1", "cards 1", "F1", "F2"]
    assert "stand_pat_2" not in table.players and "fold_to_bet_round3" not in table.players
