"""One clock: each hand keeps its time as the log states it, and gains it in UTC.

Sites' logs are read in the site's zone (PokerStars, Full Tilt, KingsClub, Merge: US
Eastern time with its daylight saving; Winamax: UTC), house logs in the zone of
``import --tz`` (default: this machine's). Twice a year a local time is ambiguous:
the tests cover both ends of daylight saving.
"""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest

from badugi_hh import cli
from badugi_hh.dataset import connect_dataset, import_to_dataset
from badugi_hh.store import Store
from badugi_hh.rows.clock import Clock, check_zone, machine_zone, zone_of

ROOT = Path(__file__).resolve().parents[1]
REAL = ROOT / "tests" / "data" / "real"
UTC = timezone.utc


def utc(*parts: int) -> datetime:
    return datetime(*parts, tzinfo=UTC)


def test_the_pokerstars_cet_line_is_stored_at_its_et_time_in_utc(tmp_path: Path) -> None:
    """``2010/11/12 20:42:34 CET [2010/11/12 14:42:34 ET]``: 19:42:34 UTC (EST, UTC-5)."""
    with Store(tmp_path / "db.duckdb") as store:
        store.import_paths([REAL / "pokerstars" / "tour-badugi-fl-sng-201011.txt"])
        row = store.connection.sql(
            "SELECT started_at, started_utc, time_zone FROM hands "
            "WHERE hand_id = 'ps-52588201462'").fetchall()[0]
        players = store.connection.sql(
            "SELECT DISTINCT started_utc FROM hand_players "
            "WHERE hand_id = 'ps-52588201462'").fetchall()
        session = store.connection.sql(
            "SELECT started_utc, time_zone FROM sessions ORDER BY started_utc LIMIT 1").fetchall()
    assert row == (datetime(2010, 11, 12, 14, 42, 34), utc(2010, 11, 12, 19, 42, 34),
                   "America/New_York")
    assert players == [(utc(2010, 11, 12, 19, 42, 34),)]
    assert session == [(utc(2010, 11, 12, 19, 42, 34), "America/New_York")]


@pytest.mark.parametrize(("log", "hand", "stated", "in_utc", "zone"), [
    ("winamax/cash-27td-fl-0.50-1-201610.txt", "winamax#9160772-2-1476189756",
     datetime(2016, 10, 11, 12, 42, 36), utc(2016, 10, 11, 12, 42, 36), "UTC"),
    # Eastern daylight time in June (UTC-4), standard time in November (UTC-5)
    ("pokerstars/cash-27td-fl-0.10-0.20-201106.txt", "ps-63845186378",
     datetime(2011, 6, 26, 13, 34, 2), utc(2011, 6, 26, 17, 34, 2), "America/New_York"),
    ("fulltilt/cash-27td-fl-5-10-201211.txt", "fulltilt#31497971185",
     datetime(2012, 11, 23, 15, 37, 47), utc(2012, 11, 23, 20, 37, 47), "America/New_York"),
    ("kingsclub/cash-badugi-fl-30-60-202010.txt", "kingsclub#37732805",
     datetime(2020, 10, 30, 19, 53, 19), utc(2020, 10, 30, 23, 53, 19), "America/New_York"),
    ("merge/cash-27td-fl-1-2-201104-showdown.xml.txt", "merge#33423082-14",
     datetime(2011, 4, 19, 9, 11, 34), utc(2011, 4, 19, 13, 11, 34), "America/New_York"),
    # OnGame states the zone with each time
    ("ongame/cash-5cd-fl-usd-1-2-201109-goalwin.txt", "ongame#R5-174428515-248",
     datetime(2011, 9, 11, 15, 26, 27), utc(2011, 9, 11, 12, 26, 27), "EEST"),
])
def test_each_site_is_read_in_its_own_zone(tmp_path: Path, log: str, hand: str,
                                           stated: datetime, in_utc: datetime,
                                           zone: str) -> None:
    with Store(tmp_path / "db.duckdb") as store:
        store.import_paths([REAL / log], zone="Asia/Tokyo")   # a house zone, not theirs
        assert store.connection.sql(
            "SELECT started_at, started_utc, time_zone FROM hands WHERE hand_id = ?",
            params=[hand]).fetchall() == [(stated, in_utc, zone)]


def house_log(times: list[str]) -> str:
    """A heads-up house session of one folded hand per time (``HH:MM``) of 2026-11-01."""
    hands = "".join(f"Hand #{number} - button {'Ana' if number % 2 else 'Bruno'} - "
                    f"2026-11-01 {time}\n{_blinds(number)}"
                    for number, time in enumerate(times, start=1))
    return ('Session #dst "clocks go back" 2026-11-01 01:00\nRules: Badugi triple draw, '
            "fixed limit 2/4, blinds 1/2, heads-up, stacks 100, unlimited hands\nSeat 1: Ana (100)\n"
            "Seat 2: Bruno (100)\n\n" + hands)


def _blinds(number: int) -> str:
    """The button posts the small blind and folds: the big blind wins it."""
    button, other = ("Ana", "Bruno") if number % 2 else ("Bruno", "Ana")
    return (f"{button}: posts small blind 1\n{other}: posts big blind 2\n{button}: folds\n"
            f"Uncalled bet 1 returned to {other}\n{other} wins 2\n\n")


def fall_sessions(hour: int) -> str:
    """Two heads-up house sessions of 1 November 2026, when New York's clocks go back at
    02:00 to 01:00: the first's last hand at 01:05 after 01:55 (the hour's second passage),
    the second's first at 01:20 (``hour`` 1), or all of them ``hour`` - 1 hours later."""
    def session(name: str, times: list[str]) -> str:
        hands = "".join(f"Hand #{number} - button {'Ana' if number % 2 else 'Bruno'} - "
                        f"2026-11-01 {int(time[:2]) + hour - 1:02d}{time[2:]}\n"
                        f"{_blinds(number)}" for number, time in enumerate(times, start=1))
        return (f'Session #{name} "clocks go back" 2026-11-01 {hour:02d}:00\nRules: Badugi '
                "triple draw, fixed limit 2/4, blinds 1/2, heads-up, stacks 100, unlimited "
                "hands\nSeat 1: Ana (100)\nSeat 2: Bruno (100)\n\n" + hands)

    return session("a", ["01:30", "01:55", "01:05"]) + "\n" + session("b", ["01:20", "01:40"])


def test_the_hour_that_repeats_is_told_apart_by_the_hands_around_it(tmp_path: Path) -> None:
    """New York, 1 November 2026: 01:00-01:59 happens twice (EDT, then EST)."""
    log = tmp_path / "fall.txt"
    log.write_text(house_log(["01:30", "01:55", "01:10", "01:40", "02:05"]), encoding="utf-8")
    with Store(tmp_path / "db.duckdb") as store:
        store.import_paths([log], zone="America/New_York")
        rows = store.connection.sql("SELECT started_utc, time_zone FROM hands "
                                    "ORDER BY number").fetchall()
    assert rows == [(utc(2026, 11, 1, 5, 30), "America/New_York"),
                    (utc(2026, 11, 1, 5, 55), "America/New_York"),
                    (utc(2026, 11, 1, 6, 10), "America/New_York"),   # the second 01:10
                    (utc(2026, 11, 1, 6, 40), "America/New_York"),
                    (utc(2026, 11, 1, 7, 5), "America/New_York")]


def test_the_hour_that_does_not_exist_is_read_as_before_the_change() -> None:
    """New York, 8 March 2026: clocks go from 02:00 to 03:00; 02:30 is read as EST."""
    clock = Clock("America/New_York")
    assert clock.to_utc(datetime(2026, 3, 8, 1, 59), "America/New_York") == utc(2026, 3, 8, 6, 59)
    assert clock.to_utc(datetime(2026, 3, 8, 2, 30), "America/New_York") == utc(2026, 3, 8, 7, 30)
    assert clock.to_utc(datetime(2026, 3, 8, 3, 1), "America/New_York") == utc(2026, 3, 8, 7, 1)


def test_the_first_passage_of_the_repeated_hour_when_nothing_comes_before() -> None:
    clock = Clock("UTC")
    assert clock.to_utc(datetime(2026, 11, 1, 1, 30), "America/New_York") == utc(
        2026, 11, 1, 5, 30)


def test_europe_changes_on_its_own_days(tmp_path: Path) -> None:
    """Paris, 25 October 2026: 02:00-02:59 repeats; a house log with --tz Europe/Paris."""
    clock = Clock("Europe/Paris")
    times = [clock.to_utc(datetime(2026, 10, 25, hour, minute), zone_of("", "Europe/Paris"))
             for hour, minute in ((2, 40), (2, 10), (3, 5))]
    assert times == [utc(2026, 10, 25, 0, 40), utc(2026, 10, 25, 1, 10), utc(2026, 10, 25, 2, 5)]


def test_import_records_the_zone_it_was_given_and_the_machines_by_default(
        tmp_path: Path) -> None:
    log = tmp_path / "house.txt"
    log.write_text(house_log(["20:00"]), encoding="utf-8")
    assert cli.main(["import", str(log), "--db", str(tmp_path / "tz.duckdb"),
                     "--tz", "Europe/Paris"]) == 0
    assert cli.main(["import", str(log), "--db", str(tmp_path / "local.duckdb")]) == 0
    with Store(tmp_path / "tz.duckdb", read_only=True) as paris, \
            Store(tmp_path / "local.duckdb", read_only=True) as local:
        assert paris.connection.sql("SELECT started_utc, time_zone FROM hands").fetchall() == [
            (utc(2026, 11, 1, 19, 0), "Europe/Paris")]
        assert local.connection.sql("SELECT time_zone FROM hands").fetchall() == [
            (machine_zone(),)]


def test_an_unknown_zone_is_a_usage_error(tmp_path: Path, capsys) -> None:
    with pytest.raises(SystemExit) as exit_info:
        cli.main(["import", str(REAL), "--tz", "Mars/Olympus"])
    assert exit_info.value.code == 2
    assert "unknown time zone 'Mars/Olympus'" in capsys.readouterr().err
    with pytest.raises(ValueError):
        check_zone("CET-1CEST")


@pytest.mark.parametrize("name", ["America", "Europe", "", "/etc/localtime", "../UTC"])
def test_a_folder_of_zones_or_a_path_is_an_unknown_zone_not_a_crash(name: str, capsys) -> None:
    with pytest.raises(ValueError, match="unknown time zone"):
        check_zone(name)
    with pytest.raises(SystemExit) as exit_info:
        cli.main(["import", str(REAL), "--tz", name])
    assert exit_info.value.code == 2
    assert "unknown time zone" in capsys.readouterr().err


def test_the_machines_zone_is_named_by_the_tz_variable(monkeypatch) -> None:
    monkeypatch.setenv("TZ", "America/Chicago")
    assert machine_zone() == "America/Chicago"
    monkeypatch.setenv("TZ", "not a zone")
    assert machine_zone() != "not a zone"


def test_a_dataset_holds_the_same_clock(tmp_path: Path) -> None:
    log = tmp_path / "fall.txt"
    log.write_text(house_log(["01:30", "01:55", "01:10"]), encoding="utf-8")
    import_to_dataset([str(log), str(REAL / "winamax")], tmp_path / "ds", zone="America/New_York")
    with Store(tmp_path / "db.duckdb") as store:
        store.import_paths([log, REAL / "winamax"], zone="America/New_York")
        query = "SELECT hand_id, started_at, started_utc, time_zone FROM hands ORDER BY ALL"
        assert connect_dataset(tmp_path / "ds").sql(query).fetchall() == store.connection.sql(
            query).fetchall()
