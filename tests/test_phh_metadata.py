"""What a PHH hand says of where it stands in time and in a tournament: the zone of its
time (``time_zone``), its level, its tournament (``_tournament``, ours: PHH has none),
stored as a site's hand's are, and written back by the export so a round trip keeps them.
"""

from __future__ import annotations

import io
import shutil
import zoneinfo
from datetime import datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

import duckdb
import pytest

from badugi_hh.cli import main
from badugi_hh.engine import Auditor, HandReport, audit
from badugi_hh.events import Hand, ParseError
from badugi_hh.parsers import read_records
from badugi_hh.parsers.phh import read_phh
from badugi_hh.places import ABBREVIATIONS, AMBIGUOUS_ABBREVIATIONS
from badugi_hh.phh_writer import phh_fields, write_phhs
from badugi_hh.store import Store

REAL = Path(__file__).resolve().parents[1] / "tests" / "data" / "real"
SNG = REAL / "pokerstars" / "tour-badugi-fl-sng-201011.txt"

HAND = '''variant = "FB"
antes = [0, 0]
blinds_or_straddles = [1, 2]
small_bet = 2
big_bet = 4
starting_stacks = [100, 100]
actions = ["d dh p1 7c8c9hQs", "d dh p2 ????????", "p2 cbr 4", "p1 f"]
players = ["Bruno", "Ana"]
day = 27
month = 11
year = 2026
time = 20:15:00
'''


def read(text: str) -> tuple[Hand, list[ParseError]]:
    records = list(read_phh(text, "x.phh"))
    [hand] = [record for record in records if isinstance(record, Hand)]
    return hand, [record for record in records if isinstance(record, ParseError)]


def stored(tmp_path: Path, text: str, query: str, *, zone: str = "America/New_York",
           ) -> list[tuple[object, ...]]:
    """``text`` as a .phh file imported with the import's zone ``zone``: what ``query``
    reads of the store."""
    log = tmp_path / "logs" / "hand.phh"
    log.parent.mkdir(parents=True, exist_ok=True)
    log.write_text(text, encoding="utf-8")
    with Store(tmp_path / "hands.duckdb") as store:
        store.import_paths([log], zone=zone)
        return store.connection.sql(query).fetchall()


def utc(*moment: int) -> datetime:
    return datetime(*moment, tzinfo=timezone.utc)


# -- the zone of the hand's time --------------------------------------------------------------

def test_the_zone_the_hand_states_places_its_time_whatever_the_imports(tmp_path: Path) -> None:
    text = HAND + 'time_zone = "Europe/Paris"\n'
    rows = stored(tmp_path, text, "SELECT started_at, started_utc, time_zone FROM hands "
                                  "UNION ALL SELECT started_at, started_utc, time_zone "
                                  "FROM sessions")
    # Paris is UTC+1 in November: 20:15 there is 19:15 UTC, not New York's 01:15 next day
    assert rows == [(datetime(2026, 11, 27, 20, 15), utc(2026, 11, 27, 19, 15),
                     "Europe/Paris")] * 2


def test_without_a_zone_or_place_the_hand_is_in_utc_whatever_the_imports(
        tmp_path: Path) -> None:
    """The specification: a time of no time_zone and no place is in UTC."""
    assert stored(tmp_path, HAND, "SELECT started_utc, time_zone FROM hands") == [
        (utc(2026, 11, 27, 20, 15), "UTC")]


def test_without_a_zone_the_hand_is_in_its_places(tmp_path: Path) -> None:
    place = 'city = "Paris"\nregion = "Ile-de-France"\ncountry = "France"\n'
    assert stored(tmp_path, HAND + place, "SELECT started_utc, time_zone FROM hands") == [
        (utc(2026, 11, 27, 19, 15), "Europe/Paris")]


@pytest.mark.parametrize(("place", "stated_utc", "zone"), [
    # the specification's own example (its 2-7 triple draw hand, and every hand of the
    # 2023 WSOP's Event #43 its authors wrote): no zone is named after Las Vegas, and the
    # database writes the country "United States"
    ('city = "Las Vegas"\nregion = "Nevada"\ncountry = "United States of America"\n',
     utc(2026, 11, 28, 4, 15), "America/Los_Angeles"),
    ('city = "Lyon"\nregion = "Auvergne-Rhone-Alpes"\ncountry = "France"\n',
     utc(2026, 11, 27, 19, 15), "Europe/Paris"),
], ids=["a state of one zone", "a country of one zone"])
def test_a_city_no_zone_is_named_after_is_placed_by_its_country_or_state(
        tmp_path: Path, place: str, stated_utc: datetime, zone: str) -> None:
    hand, errors = read(HAND + place)
    assert errors == [] and str(hand.started_at.tzinfo) == zone
    assert stored(tmp_path, HAND + place, "SELECT started_utc, time_zone FROM hands") == [
        (stated_utc, zone)]


CHICAGO = 'city = "Chicago"\nregion = "Illinois"\ncountry = "US"\n'
SHANGHAI = 'city = "Shanghai"\nregion = "Shanghai"\ncountry = "China"\n'


@pytest.mark.parametrize(("fields", "stated_utc", "zone"), [
    ('time_zone_abbreviation = "EST"\n', utc(2026, 11, 28, 1, 15), "UTC-05:00"),
    ('time_zone_abbreviation = "cet"\n', utc(2026, 11, 27, 19, 15), "UTC+01:00"),
    (f'time_zone_abbreviation = "CST"\n{CHICAGO}', utc(2026, 11, 28, 2, 15),
     "America/Chicago"),
    (f'time_zone_abbreviation = "CST"\n{SHANGHAI}', utc(2026, 11, 27, 12, 15),
     "Asia/Shanghai"),
    # the clock the time was written on, not the venue's: an online site's UTC
    ('time_zone_abbreviation = "UTC"\ncity = "Paris"\nregion = "Ile-de-France"\n'
     'country = "France"\n', utc(2026, 11, 27, 20, 15), "UTC"),
    ('time_zone_abbreviation = "EST"\ntime_zone = "Europe/Paris"\n',
     utc(2026, 11, 27, 19, 15), "Europe/Paris"),    # time_zone first
    # a North American clock whatever the season: New York's (EST in November)
    ('time_zone_abbreviation = "ET"\n', utc(2026, 11, 28, 1, 15), "America/New_York"),
    ('time_zone_abbreviation = "pt"\ncity = "Paris"\nregion = "Ile-de-France"\n'
     'country = "France"\n', utc(2026, 11, 28, 4, 15), "America/Los_Angeles"),
], ids=["EST alone", "CET alone", "CST in Chicago", "CST in Shanghai", "UTC in Paris",
        "with time_zone", "ET alone", "PT in Paris"])
def test_a_zone_abbreviation_places_the_time_where_it_names_one_clock(
        tmp_path: Path, fields: str, stated_utc: datetime, zone: str) -> None:
    """The specification reads the time in the abbreviation: the place's zone where it is
    the zone's name then (CST is Chicago's and China's), else the one offset a common
    abbreviation stands for; no word is said."""
    assert read(HAND + fields)[1] == []
    assert stored(tmp_path, HAND + fields, "SELECT started_utc, time_zone FROM hands") == [
        (stated_utc, zone)]


def test_a_seasons_less_abbreviation_keeps_its_zones_summer_time() -> None:
    """``ET`` in July is EDT, four hours behind UTC."""
    hand, errors = read(HAND.replace("month = 11", "month = 7")
                        + 'time_zone_abbreviation = "ET"\n')
    assert errors == [] and hand.started_at is not None
    assert hand.started_at.astimezone(timezone.utc) == utc(2026, 7, 28, 0, 15)


@pytest.mark.parametrize(("abbreviation", "hour"), [("CDT", 6), ("CST", 7)])
def test_the_abbreviation_tells_which_passage_of_the_hour_turned_back(abbreviation: str,
                                                                      hour: int) -> None:
    """1:30 happens twice in Chicago on 2026-11-01: first on CDT, then on CST."""
    text = HAND.replace("day = 27", "day = 1").replace("time = 20:15:00", "time = 01:30:00")
    hand, errors = read(text + f'time_zone_abbreviation = "{abbreviation}"\n{CHICAGO}')
    assert errors == [] and hand.started_at is not None
    assert hand.started_at.astimezone(timezone.utc) == utc(2026, 11, 1, hour, 30)


def test_the_abbreviations_read_alone_stand_for_one_offset_in_the_zone_database() -> None:
    """Each is written by some zone of the IANA database at its offset, and none that the
    database writes at two offsets is among them (this year's winter and summer)."""
    offsets: dict[str, set[timedelta]] = {}
    for name in zoneinfo.available_timezones():
        for month in (1, 7):
            moment = datetime(2026, month, 15, tzinfo=ZoneInfo(name))
            offsets.setdefault(moment.tzname() or "", set()).add(moment.utcoffset() or
                                                                  timedelta(0))
    for abbreviation, hours in ABBREVIATIONS.items():
        assert offsets.get(abbreviation) == {timedelta(hours=hours)}, abbreviation
    assert {name for name, found in offsets.items() if len(found) > 1
            and name.isalpha()} <= set(AMBIGUOUS_ABBREVIATIONS)


@pytest.mark.parametrize(("place", "key", "says"), [
    ('city = "Paris"\ncountry = "France"\n', 13, "city: the place has no region"),
    ('city = "Paris"\nregion = "Ontario"\ncountry = "Canada"\n', 13,
     "city: no zone of the IANA database is named after 'Paris' in 'Canada'"),
    ('city = "Banff"\nregion = "Alberta"\ncountry = "Canada"\n', 13,
     "city: no zone of the IANA database is named after 'Banff' in 'Canada', and neither "
     "it nor 'Alberta' keeps one clock"),
    ('city = "Austin"\nregion = "Texas"\ncountry = "United States of America"\n', 13,
     "city: no zone of the IANA database is named after 'Austin'"),
    ('time_zone_abbreviation = "CST"\n', 13,
     "time_zone_abbreviation: 'CST' stands for US Central (UTC-6), China (UTC+8) or Cuba "
     "(UTC-5) standard time"),
    ('time_zone_abbreviation = "XST"\n', 13,
     "time_zone_abbreviation: 'XST' is none of the common abbreviations that stand for one "
     "offset"),
    (f'time_zone_abbreviation = "CDT"\n{CHICAGO}', 13,   # November: Chicago is on CST
     "time_zone_abbreviation: 'CDT' is not America/Chicago's time on 2026-11-27 (CST), and "
     "stands for US Central (UTC-5) or Cuba (UTC-4) daylight time"),
], ids=["city alone", "no zone", "no zone in its country", "a state of two zones",
        "ambiguous", "unknown",
        "not the place's"])
def test_a_time_its_place_does_not_place_is_read_in_utc_and_said(place: str, key: int,
                                                                   says: str) -> None:
    hand, [error] = read(HAND + place)
    assert (error.line, error.column, error.hand_lost) == (key, 1, False)
    assert error.message.startswith(says) and error.message.endswith(
        "; the time is read in UTC")
    assert hand.started_at == datetime(2026, 11, 27, 20, 15, tzinfo=ZoneInfo("UTC"))


UNTIMED = """Session #fri "untimed hands" 2026-11-27 20:00
Rules: Badugi triple draw, fixed limit 2/4, blinds 1/2, cap 3 raises, 2 to 8 players, \
unlimited hands
Seat 1: Ana (100)
Seat 2: Bruno (100)

Hand #1 - button Ana
Ana: posts small blind 1
Bruno: posts big blind 2
Dealt to Bruno [5s 6d 7h 8c]
Dealt to Ana [As 2d 3h 4c]
Ana: folds
Bruno wins 2
"""


@pytest.mark.parametrize("form", ["phh", "house"])
def test_a_hand_stating_no_time_is_exported_with_its_sessions(tmp_path: Path, form: str,
                                                              capsys) -> None:
    """A house hand that states no time is stored with its session's, which its content
    hash holds: exported without it, it read back as a copy that differs (T5). The export
    writes the time it is stored with; a copy at another time still differs."""
    log, db = tmp_path / "logs" / "fri.txt", str(tmp_path / "hands.duckdb")
    log.parent.mkdir()
    log.write_text(UNTIMED, encoding="utf-8")
    assert main(["import", str(log), "--db", db]) == 0
    assert main(["export", "--format", form, "--db", db, "--out", str(tmp_path / "out")]) == 0
    [written] = (tmp_path / "out").glob("fri.*")
    capsys.readouterr()
    assert main(["import", str(written), "--db", db]) == 0
    assert "1 hand, 0 new, 0 sessions, 0 new violations" in capsys.readouterr().out
    later = tmp_path / "later" / written.name
    later.parent.mkdir()
    later.write_text(written.read_text(encoding="utf-8").replace("20:00", "20:05"),
                     encoding="utf-8")
    assert main(["import", str(later), "--db", db]) == 0
    assert f"[T5] hand fri#1 at {later}" in capsys.readouterr().err


@pytest.mark.parametrize(("zone", "says"), [
    ('"Mars/Olympus"', "time_zone: unknown time zone 'Mars/Olympus'"),
    ('"America"', "time_zone: unknown time zone 'America'"),   # a folder of zones
    ('"../../etc/passwd"', "time_zone: unknown time zone"),
    ("3", "time_zone: expected a string, got 3"),
])
def test_a_zone_that_is_none_is_an_error_at_its_key_and_the_hand_kept(zone: str,
                                                                       says: str) -> None:
    hand, [error] = read(HAND + f"time_zone = {zone}\n")
    assert (error.line, error.column, error.hand_lost) == (13, 1, False)
    assert error.message.startswith(says) and "the hand is read without it" in error.message
    assert hand.started_at == datetime(2026, 11, 27, 20, 15, tzinfo=ZoneInfo("UTC"))


@pytest.mark.parametrize(("date", "key", "says"), [
    ("day = 31\nmonth = 2\nyear = 2024\n", 9, "day: 2024-2-31 is not a date"),
    ("day = 1\nmonth = 13\nyear = 2024\n", 10, "month: 13 is not from 1 to 12"),
    ("day = 1\nmonth = 1\nyear = 9999\n", 9, "the year 9999 is out of range"),
    ('day = 1\nmonth = 1\nyear = 2024\ntime = "noon"\n', 12,
     "time: expected a local time such as 20:02:00"),
])
def test_a_date_that_is_none_is_an_error_at_its_key_and_the_hand_kept(
        date: str, key: int, says: str) -> None:
    """The date is optional: a bad one costs the hand's time, not the hand."""
    undated = HAND.split("day = ")[0]
    hand, [error] = read(undated + date)
    assert (error.line, error.column, error.hand_lost) == (key, 1, False)
    assert says in error.message and "the hand is read without it" in error.message
    assert hand.started_at is None and hand.events


# -- the level and the tournament ------------------------------------------------------------

def test_the_level_is_stored_as_a_sites_tournament_level(tmp_path: Path) -> None:
    assert stored(tmp_path, HAND + "level = 3\n", "SELECT level FROM hands") == [("3",)]


def test_a_level_of_another_type_is_an_error_and_no_level() -> None:
    hand, [error] = read(HAND + 'level = "three"\n')
    assert error.line == 13 and "level: expected a whole number" in error.message
    assert hand.level is None


def test_a_hand_in_chips_is_a_tournaments_only_where_it_names_one(tmp_path: Path) -> None:
    query = "SELECT kind, tournament_id, buy_in FROM hands"
    assert stored(tmp_path / "home", HAND, query) == [("home", None, None)]
    named = HAND + '_tournament = 7\n_buy_in = "$1.00+$0.20"\n'
    assert stored(tmp_path / "named", named, query) == [("tournament", "7", "$1.00+$0.20")]
    in_money = HAND.replace("[100, 100]", "[100.00, 100.00]") + 'currency = "EUR"\n'
    assert stored(tmp_path / "cash", in_money, query) == [("cash", None, None)]


def test_a_tournament_of_another_type_is_an_error_and_the_hand_kept() -> None:
    hand, [error] = read(HAND + "_tournament = [7]\n")
    assert error.line == 13 and "_tournament: expected a string or a whole number" in (
        error.message)
    assert hand.tournament is None


# -- the export, and back --------------------------------------------------------------------

def written(hand: Hand) -> str:
    [report] = [item for item in Auditor().feed(hand) if isinstance(item, HandReport)]
    out = io.StringIO()
    write_phhs([phh_fields(hand, report)], out)
    return out.getvalue()


def test_the_export_writes_the_zone_level_and_tournament_it_read() -> None:
    hand, _ = read(HAND + 'time_zone = "Europe/Paris"\nlevel = 3\n_tournament = "T7"\n')
    text = written(hand)
    assert {'time_zone = "Europe/Paris"', "level = 3", '_tournament = "T7"'} <= set(
        text.splitlines())
    again, errors = read(text.split("\n", 1)[1])
    assert errors == []
    assert (again.started_at, again.level, again.tournament) == (
        hand.started_at, "3", "T7")


def test_the_export_writes_a_roman_numeral_level_as_its_number() -> None:
    """PokerStars writes its levels in Roman numerals (``Level I``); PHH's ``level`` is an
    integer, so the SNG's first hand is written as level 1 (it was left out)."""
    records = list(read_records(SNG))
    hand = next(record for record in records if isinstance(record, Hand))
    assert hand.level == "I"
    [report] = [item for item in Auditor().feed(hand) if isinstance(item, HandReport)]
    assert phh_fields(hand, report)["level"] == 1


@pytest.mark.parametrize(("zone", "written_as"), [
    (timezone(timedelta(hours=3), "EEST"), "Etc/GMT-3"),   # OnGame's zones: fixed offsets
    (timezone(timedelta(hours=-5), "EST"), "Etc/GMT+5"),
    (timezone(timedelta(0), "GMT"), "UTC"),
    # no zone of the database: written in UTC, which a time of no time_zone is read in
    (timezone(timedelta(hours=5, minutes=30)), "UTC"),
])
def test_a_fixed_offset_is_written_as_the_zone_databases(zone: timezone,
                                                         written_as: str) -> None:
    hand, _ = read(HAND)
    hand.started_at = datetime(2011, 9, 11, 15, 26, 27, tzinfo=zone)
    text = written(hand)
    assert f'time_zone = "{written_as}"' in text.splitlines()
    again, errors = read(text.split("\n", 1)[1])
    assert errors == [] and again.started_at == hand.started_at


def test_a_time_of_no_known_zone_is_not_written() -> None:
    """A house hand read from its log alone: its zone is the import's, which it does not
    carry, and a time written without time_zone would be read in UTC."""
    hand, _ = read(HAND)
    hand.started_at = datetime(2026, 11, 27, 20, 15)
    assert not {"day", "time", "time_zone"} & {line.split(" = ")[0]
                                              for line in written(hand).splitlines()}


def test_a_house_hand_is_exported_in_the_zone_it_was_imported_in(tmp_path: Path,
                                                                  capsys) -> None:
    log, db = tmp_path / "logs" / "fri.txt", str(tmp_path / "hands.duckdb")
    log.parent.mkdir()
    log.write_text(UNTIMED, encoding="utf-8")
    assert main(["import", str(log), "--db", db, "--tz", "Asia/Tokyo"]) == 0
    assert main(["export", "--format", "phh", "--db", db, "--out", str(tmp_path / "out")]) == 0
    [written_file] = (tmp_path / "out").glob("fri.*")
    assert {"time = 20:00:00", 'time_zone = "Asia/Tokyo"'} <= set(
        written_file.read_text(encoding="utf-8").splitlines())
    capsys.readouterr()
    assert main(["import", str(written_file), "--db", db, "--tz", "UTC"]) == 0
    with duckdb.connect(db, read_only=True) as con:
        assert con.execute("SELECT DISTINCT started_utc = TIMESTAMPTZ '2026-11-27 11:00:00+00' "
                           "FROM hands").fetchall() == [(True,)]


def test_a_tournament_exported_as_phh_reads_back_as_the_same_tournament(
        tmp_path: Path) -> None:
    (tmp_path / "logs").mkdir()
    shutil.copyfile(SNG, tmp_path / "logs" / SNG.name)
    with Store(tmp_path / "site.duckdb") as store:
        store.import_paths([tmp_path / "logs"], zone="Asia/Tokyo")
    assert main(["export", "--format", "phh", "--db", str(tmp_path / "site.duckdb"),
                 "--out", str(tmp_path / "phh")]) == 2   # one hand PHH cannot say
    with Store(tmp_path / "phh.duckdb") as store:
        store.import_paths([tmp_path / "phh"], zone="Asia/Tokyo")
    query = ("SELECT hand_id, kind, tournament_id, buy_in, started_utc, time_zone FROM hands "
             "ORDER BY hand_id")
    with Store(tmp_path / "site.duckdb", read_only=True) as site, \
            Store(tmp_path / "phh.duckdb", read_only=True) as back:
        before = site.connection.sql(query).fetchall()
        after = back.connection.sql(query).fetchall()
    assert len(after) == len(before) - 1 > 100
    assert set(after) <= set(before)
    assert {row[1:4] for row in after} == {("tournament", "330855877", "$1.00+$0.20")}


def violations(text: str) -> list[str]:
    return [violation.rule for report in audit(read_phh(text, "x.phh"))
            if isinstance(report, HandReport) for violation in report.violations]


def test_a_hand_stating_its_rake_was_raked_unless_its_ruleset_says_none() -> None:
    """PHH has no rule of rake: a hand whose ``_rake`` says one was taken is of a table that
    takes one (our export without its ``_ruleset``: no S1 on a PokerStars pot); a
    ``_ruleset`` that says none is taken makes the same rake a wrong payout."""
    assert violations(HAND + "_rake = 1\n") == []
    assert violations(HAND + "_rake = 1\n_ruleset = {rake = false}\n") == ["S4"]


def test_a_table_whose_stakes_change_is_a_session_each_with_an_id_of_its_own(
        tmp_path: Path) -> None:
    """Three hands at table t1, the second at higher stakes: each change of stakes starts
    a session, as a site's does, and each has its own id, so the store keeps the three
    apart, each with its own hands (three sessions of one id joined each hand to each)."""
    table = 'table = "t1"\n'
    higher = HAND.replace("[1, 2]", "[2, 4]").replace("small_bet = 2", "small_bet = 4").replace(
        "big_bet = 4", "big_bet = 8").replace('"p2 cbr 4"', '"p2 cbr 8"')
    text = "".join(f"[{number}]\n{hand}{table}\n"
                   for number, hand in enumerate((HAND, higher, HAND), 1))
    assert stored(tmp_path, text,
                  "SELECT h.hand_id, h.session_id, s.kind, s.hands FROM hands h JOIN sessions s "
                  "USING (source, session_id) ORDER BY h.hand_id") == [
        ("1", "phh:t1", "home", 1), ("2", "phh:t1~2", "home", 1),
        ("3", "phh:t1~3", "home", 1)]


def test_a_tournament_table_whose_blinds_rise_stays_one_session(tmp_path: Path) -> None:
    """A tournament's next level (``level``, ``_tournament``) or a stored session's hands
    (``_session``, as the export writes every hand of a PokerStars tournament) go on with
    their session, as the site's tournament was one: splitting them at each level made
    an export read back as a session a level, none of them the stored one."""
    higher = HAND.replace("[1, 2]", "[2, 4]").replace("small_bet = 2", "small_bet = 4").replace(
        "big_bet = 4", "big_bet = 8").replace('"p2 cbr 4"', '"p2 cbr 8"')
    for case, marks in enumerate((['table = "t1"\n_tournament = "77"\n'] * 2,
                                  ['table = "t1"\nlevel = 1\n', 'table = "t1"\nlevel = 2\n'],
                                  ['_session = "ps-1"\n'] * 2)):
        text = "".join(f"[{number}]\n{hand}{mark}\n"
                       for number, (hand, mark) in enumerate(zip((HAND, higher), marks), 1))
        rows = stored(tmp_path / str(case), text,
                      "SELECT h.hand_id, h.session_id, s.hands FROM hands h JOIN sessions s "
                      "USING (source, session_id) ORDER BY h.hand_id")
        session = "ps-1" if "_session" in marks[0] else "phh:t1"
        assert rows == [("1", session, 2), ("2", session, 2)], marks


def test_hands_of_two_tables_numbered_alike_are_two_hands_not_a_copy(tmp_path: Path) -> None:
    """Hands are numbered at each table (the specification's style guide names Hand 51 at
    Table 6 ``6-51.phh``), so a file of two tables' hands repeats their numbers: the
    second table's hand 5 is its own hand, stored as ``t2-5``, not a copy of the first
    table's (T5, and lost). The same number again at the same table is still T5."""
    two_tables = "".join(f'[{number}]\n{HAND}hand = 5\ntable = "{table}"\n\n'
                         for number, table in enumerate(("t1", "t2"), 1))
    assert [violation.rule for report in audit(read_phh(two_tables, "x.phhs"))
            for violation in getattr(report, "violations", [])] == []
    assert stored(tmp_path, two_tables, "SELECT hand_id, session_id FROM hands ORDER BY 1") == [
        ("5", "phh:t1"), ("t2-5", "phh:t2")]
    one_table = two_tables.replace('"t2"', '"t1"')
    assert "T5" in [violation.rule for report in audit(read_phh(one_table, "x.phhs"))
                    for violation in getattr(report, "violations", [])]


@pytest.mark.parametrize(("written", "stored_as"), [
    ("usd", "USD"), ("Eur", "EUR"), ("USD", "USD"), ("play chips", "play chips")])
def test_a_currency_code_is_read_in_capitals(written: str, stored_as: str) -> None:
    """The specification's ``currency`` is an ISO 4217 code: ``usd`` is the dollars every
    site's hand calls ``USD``, and a report sums them with those only under one code."""
    hand, errors = read(HAND + f'currency = "{written}"\n')
    assert errors == [] and hand.currency == stored_as


def test_a_local_date_time_is_the_hands_date_and_time(tmp_path: Path) -> None:
    """``time`` is a local time in the specification; a file may write TOML's local
    date-time instead (PokerKit reads it, and writes it back so): its clock is the time
    and its date the hand's, unless ``day``, ``month`` or ``year`` say another date,
    an error at ``time``, and the hand is read without its time, as with any bad time."""
    undated = HAND.split("day = ")[0]
    assert stored(tmp_path, undated + 'time = 2023-06-22T12:30:00\ntime_zone = "Europe/Paris"\n',
                  "SELECT started_at, started_utc FROM hands") == [
        (datetime(2023, 6, 22, 12, 30), datetime(2023, 6, 22, 10, 30, tzinfo=timezone.utc))]
    hand, errors = read(undated + "time = 2023-06-22T12:30:00\nday = 23\n")
    assert [str(error).split(": ", 1)[1] for error in errors] == [
        "time: 2023-06-22 is not the hand's date (day = 23); the hand is read without it"]
    assert hand.started_at is None


@pytest.mark.parametrize(("zone", "started_at"), [
    ("", datetime(2023, 6, 22, 12, 30)),
    ('time_zone = "Europe/Paris"\n', datetime(2023, 6, 22, 18, 30))])
def test_a_date_time_with_its_offset_is_that_moment(tmp_path: Path, zone: str,
                                                    started_at: datetime) -> None:
    """TOML's date-time with its offset (PokerKit reads and writes it back as it is) is
    an exact moment: the hand's date, time and zone, said in the clock of the
    ``time_zone`` it states, where it was an error and the hand stored with no time."""
    undated = HAND.split("day = ")[0]
    text = undated + "time = 2023-06-22T12:30:00-04:00\n" + zone
    assert read(text)[1] == []
    assert stored(tmp_path, text, "SELECT started_at, started_utc FROM hands") == [
        (started_at, datetime(2023, 6, 22, 16, 30, tzinfo=timezone.utc))]
