"""Tournaments: from the hands of the real PokerStars and Full Tilt SNGs, from summary
files written as the sites write them, their results in money (ITM, ROI), and the one
clock (``--tz``) that days are counted on."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import duckdb
import pandas as pd
import pytest
from conftest import every_other_wide

from badugi_hh import stats
from badugi_hh.cli import main
from badugi_hh.dataset import connect_dataset, import_to_dataset
from badugi_hh.events import ParseError, TournamentSummary
from badugi_hh.filters import Filters
from badugi_hh.parsers import read_records
from badugi_hh.store import SCHEMA_VERSION, Store

DATA = Path(__file__).resolve().parent / "data"
SNG = DATA / "real" / "pokerstars" / "tour-badugi-fl-sng-201011.txt"
HEADS_UP = DATA / "real" / "fulltilt" / "tour-27td-fl-headsup-sng-201211.txt"
STARS_SUMMARY = DATA / "summaries" / "pokerstars-330855877.txt"
TILT_SUMMARY = DATA / "summaries" / "fulltilt-243560420.txt"
#: A KingsClub hand played at 19:53 ET on 2020-10-30: 23:53 UTC, 00:53 in Paris the next day.
LATE_NIGHT = DATA / "real" / "kingsclub" / "cash-badugi-fl-30-60-202010.txt"


def imported(tmp_path: Path, *paths: Path) -> Path:
    path = tmp_path / "t.duckdb"
    with Store(path) as store:
        store.import_paths(paths)
    return path


def results(db: Path, filters: Filters = Filters()) -> dict[tuple[str, str], dict]:
    with duckdb.connect(str(db), read_only=True) as con:
        rows = stats.tournament_results(con, filters)
    return {(row["tournament_id"], row["player"]): row for row in rows.to_dict("records")}


def totals(db: Path, filters: Filters = Filters()) -> dict[str, dict]:
    with duckdb.connect(str(db), read_only=True) as con:
        rows = stats.tournament_totals(con, filters)
    return {row["player"]: row for row in rows.to_dict("records")}


def _none(value: object) -> object:
    return None if pd.isna(value) else value   # None, NaN, NA: not known


def read_clean(log: Path, text: str) -> list[object]:
    """``text`` written to ``log`` and read: its records, none of them an error."""
    log.write_text(text, encoding="utf-8")
    records = list(read_records(log))
    assert [r for r in records if isinstance(r, ParseError)] == []
    return records


def test_the_pokerstars_sng_from_its_hands_alone(tmp_path: Path) -> None:
    rows = results(imported(tmp_path, SNG))
    sng = {player: row for (tournament, player), row in rows.items()
           if tournament == "330855877"}
    assert len(sng) == 8
    assert {(row["buy_in"], row["fee"], row["currency"]) for row in sng.values()} == \
        {(100, 20, "USD")}
    places = {player: _none(row["place"]) for player, row in sng.items()}
    assert places == {"Player2": 8, "Player3": 7, "Player7": 6, "Player1": 5, "Player0": 4,
                      "Player5": 3, "Player6": None, "Player4": None}   # still playing at its end
    assert sng["Player5"]["prize"] == 160 and sng["Player5"]["net"] == 40
    # PokerStars writes the prize with the place: a place stated without one won nothing
    assert sng["Player2"]["prize"] == 0 and sng["Player2"]["net"] == -120
    assert _none(sng["Player6"]["prize"]) is None and _none(sng["Player6"]["net"]) is None


def test_a_pokerstars_summary_gives_every_place_the_prizes_and_the_roi(tmp_path: Path) -> None:
    db = imported(tmp_path, SNG, STARS_SUMMARY)
    sng = {player: row for (tournament, player), row in results(db).items()
           if tournament == "330855877"}
    assert sorted(int(row["place"]) for row in sng.values()) == list(range(1, 9))
    assert {player: row["prize"] for player, row in sng.items() if row["prize"]} == \
        {"Player6": 400, "Player4": 240, "Player5": 160}
    assert {row["entrants"] for row in sng.values()} == {8}
    hero = totals(db, Filters(player="Player5"))["Player5"]
    assert (hero["tournaments"], hero["cashes"], hero["cost"], hero["prizes"], hero["net"]) == \
        (1, 1, 120, 160, 40)
    assert hero["itm"] == 1.0 and hero["roi"] == pytest.approx(40 / 120)
    assert totals(db)["Player2"]["roi"] == -1.0


def test_a_summary_read_alone_holds_what_the_site_wrote() -> None:
    summary, = read_records(STARS_SUMMARY)
    assert isinstance(summary, TournamentSummary)
    assert (summary.site, summary.tournament_id, summary.game, summary.buy_in, summary.fee,
            summary.currency, summary.entrants, summary.prize_pool, summary.hero_place) == \
        ("pokerstars", "330855877", "badugi", 100, 20, "USD", 8, 800, 3)
    assert str(summary.started_at) == "2010-11-12 14:42:34"   # the ET time in brackets
    assert [(r.player, r.place, r.prize, r.line) for r in summary.results[:3]] == \
        [("Player6", 1, 400, 10), ("Player4", 2, 240, 11), ("Player5", 3, 160, 12)]


def test_summaries_imported_alone_make_the_database_and_are_counted(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # a player who imports his folder of summaries before his hands keeps them
    db = tmp_path / "t.duckdb"
    assert main(["import", str(STARS_SUMMARY), str(TILT_SUMMARY), "--db", str(db)]) == 0
    line = capsys.readouterr().out
    assert "0 hands" in line and "2 tournament summaries" in line and "no database" not in line
    assert {tournament for tournament, _ in results(db)} == {"330855877", "243560420"}
    # their players are players: found by name, and given to a person
    assert main(["tournaments", "--db", str(db), "--player", "pokerstars:player5"]) == 0
    assert "Player5" in capsys.readouterr().out
    assert main(["alias", "Me", "pokerstars:Player5", "--db", str(db)]) == 0
    capsys.readouterr()
    assert main(["import", str(STARS_SUMMARY), str(TILT_SUMMARY),
                 "--out", str(tmp_path / "ds")]) == 0   # a dataset's line says them too
    assert "2 tournament summaries" in capsys.readouterr().out


def test_a_full_tilt_summary_completes_the_heads_up_sng(tmp_path: Path) -> None:
    db = imported(tmp_path, HEADS_UP, TILT_SUMMARY)
    hero = results(db)[("243560420", "Hero")]
    assert (hero["site"], hero["game"], hero["buy_in"], hero["fee"], hero["entrants"],
            hero["place"], hero["prize"], hero["net"]) == \
        ("fulltilt", "27td", 960, 40, 2, 2, 0, -1000)
    winner = totals(db)["Player0"]
    assert (winner["prizes"], winner["net"], winner["roi"]) == (1920, 920, pytest.approx(0.92))


def test_the_full_tilt_hands_alone_know_the_buy_in_and_the_places_but_no_prize(
        tmp_path: Path) -> None:
    """Full Tilt's hands state no place; its heads-up Sit & Go's last hand leaves Player0
    every chip, and its two players are the whole field: Player0 1st, Hero 2nd."""
    rows = results(imported(tmp_path, HEADS_UP))
    hero, winner = rows[("243560420", "Hero")], rows[("243560420", "Player0")]
    assert (hero["buy_in"], _none(hero["fee"]), hero["place"], _none(hero["net"])) == \
        (1000, None, 2, None)   # "$10" in the name: one sum; no prize stated
    assert (winner["place"], _none(winner["prize"])) == (1, None)


@pytest.mark.parametrize("name", ["250 Play Money Sit & Go",
                                  # the 2012 site's name, as its summaries write it (fpdb's
                                  # summaries/FTP/NLHE-play-250-MTT-201211.txt)
                                  ".COM 250 Play Chip Sit & Go"])
def test_a_full_tilt_play_money_sng_costs_play_chips_not_dollars(tmp_path: Path,
                                                                  name: str) -> None:
    """"250 Play Money Sit & Go": the name's amount is in play chips, no dollar's worth."""
    log = tmp_path / "play.txt"
    log.write_text(HEADS_UP.read_text(encoding="utf-8").replace(
        "$10 Heads-Up Sit & Go", name), encoding="utf-8")
    with duckdb.connect(str(imported(tmp_path, log)), read_only=True) as con:
        assert con.execute("SELECT DISTINCT buy_in, fee, currency FROM tournaments").fetchall() \
            == [(25000, None, "PLAY")]


def test_a_result_not_known_is_not_out_of_the_money(tmp_path: Path) -> None:
    """Player4 and Player6 were still playing when the PokerStars log ends, and Full Tilt
    states no prize: none of them counts as a cash nor as a miss."""
    with duckdb.connect(str(imported(tmp_path, HEADS_UP, SNG)), read_only=True) as con:
        rows = {(row["site"], row["player"]): row
                for row in stats.tournament_totals(con).to_dict("records")}
    for player in (("pokerstars", "Player4"), ("pokerstars", "Player6"),
                   ("fulltilt", "Hero"), ("fulltilt", "Player0")):
        assert (rows[player]["counted"], _none(rows[player]["cashes"])) == (0, None), player
    assert (rows[("pokerstars", "Player5")]["cashes"],
            rows[("pokerstars", "Player2")]["cashes"]) == (1, 0)


DAMAGED = """PokerStars Tournament #77, Badugi Limit
Buy-In: $1.00/$0.2x USD
3 players
Total Prize Pool: $3.00 USD
Tournament started 2010/11/12 14:00:00 ET
  1: Ana (Lyon), $2.00 (66.67%)
  2: Bo (Kyiv), $1.O0 (33.33%)
  3: Cy (Oslo),
a line no summary holds
You finished in 1st place.
"""


def test_damaged_summary_lines_are_positioned_errors_and_the_rest_is_kept(
        tmp_path: Path) -> None:
    log = tmp_path / "damaged.txt"
    log.write_text(DAMAGED, encoding="utf-8")
    records = list(read_records(log))
    errors = [(r.line, r.column, r.hand_lost) for r in records if isinstance(r, ParseError)]
    assert errors == [(2, 9, False), (7, 17, False), (9, 1, False)]
    summary, = [r for r in records if isinstance(r, TournamentSummary)]
    assert [(r.player, r.place, r.prize) for r in summary.results] == \
        [("Ana", 1, 200), ("Cy", 3, 0)]
    db = imported(tmp_path, log)
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT line, column_number FROM quarantine ORDER BY line"
                           ).fetchall() == [(2, 9), (7, 17), (9, 1)]
        assert con.execute("SELECT count(*) FROM tournament_results").fetchall() == [(2,)]
        assert con.execute("SELECT hands FROM sources").fetchall() == [(0,)]


def test_the_tournaments_command_prints_json_per_tournament_and_player(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = imported(tmp_path, SNG, STARS_SUMMARY)
    assert main(["tournaments", "--db", str(db), "--player", "Player5", "--json",
                 "--tz", "Europe/Paris"]) == 0
    answer = json.loads(capsys.readouterr().out)
    row, = answer["tournaments"]
    assert (row["tournament"], row["started"], row["place"], row["buy_in"]["text"],
            row["fee"]["text"], row["prize"]["text"], row["net"]["text"]) == \
        ("330855877", "2010-11-12 20:42:34", 3, "$1.00", "$0.20", "$1.60", "$0.40")
    player, = answer["players"]
    assert (player["tournaments"], player["itm"], round(player["roi"], 4),
            player["profit"]["text"]) == (1, 1.0, 0.3333, "$0.40")


@pytest.mark.parametrize("output", [[], ["--json"], ["--csv"]], ids=["table", "json", "csv"])
def test_the_tournaments_command_says_what_the_hands_alone_do_not(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], output: list[str]) -> None:
    """Hands without their summary: no fee, no place, no prize; each shown as unknown."""
    db = imported(tmp_path, HEADS_UP, SNG)
    assert main(["tournaments", "--db", str(db), *output]) == 0
    printed = capsys.readouterr().out
    if output == ["--json"]:
        rows = json.loads(printed)["tournaments"]
        hero = next(row for row in rows if row["player"] == "Hero")
        assert (hero["buy_in"]["text"], hero["fee"], hero["place"], hero["prize"]) == \
            ("$10.00", None, 2, None)
        hero = next(row for row in json.loads(printed)["players"] if row["player"] == "Hero")
        assert (hero["cashes"], hero["itm"]) == (None, None)
    else:
        assert "243560420" in printed and "330855877" in printed
    if not output:   # the fee and the result no log states: one word, never a blank
        hero, = [line.split() for line in printed.splitlines()
                 if line.startswith("Full Tilt") and " Hero " in line]
        assert hero[-7:] == ["$10.00", "unknown", "unknown", "Hero", "2", "unknown", "unknown"]
        totals_line, = [line for line in printed.splitlines()
                        if line.startswith("Player4 (PokerStars)")]
        assert totals_line.split()[2:] == ["1"] + ["unknown"] * 6


@pytest.mark.parametrize("jobs", every_other_wide([(1,), (2,)]))
def test_a_tournament_file_imported_as_it_grows_holds_what_it_holds_whole(
        tmp_path: Path, jobs: int) -> None:
    """A tournament still played: its file read again after each of three more hands (and
    the summary beside it) replaces what the file told before, never adds to it."""
    text = SNG.read_bytes()
    starts = [index for index in range(len(text))
              if text.startswith(b"PokerStars Game", index)][1:4]
    growing = tmp_path / "logs" / SNG.name
    growing.parent.mkdir()
    db = tmp_path / "grown.duckdb"
    for cut in [*starts, len(text)]:
        growing.write_bytes(text[:cut])
        with Store(db) as store:
            store.import_paths([growing.parent, STARS_SUMMARY], jobs=jobs)
    whole = tmp_path / "whole"
    whole.mkdir()
    (whole / SNG.name).write_bytes(text)
    fresh = imported(tmp_path, whole, STARS_SUMMARY)
    query = ("SELECT * EXCLUDE (source) FROM {} ORDER BY ALL")
    with duckdb.connect(str(db), read_only=True) as grown, \
            duckdb.connect(str(fresh), read_only=True) as once:
        for table in ("tournaments", "tournament_results"):
            assert grown.sql(query.format(table)).fetchall() == \
                once.sql(query.format(table)).fetchall(), table


def test_the_tournaments_command_refuses_an_unknown_zone(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = imported(tmp_path, SNG)
    assert main(["tournaments", "--db", str(db), "--tz", "Mars/Olympus"]) == 2
    assert "unknown time zone 'Mars/Olympus'" in capsys.readouterr().err


def test_the_dataset_answers_as_the_database(tmp_path: Path) -> None:
    done = import_to_dataset([str(SNG), str(STARS_SUMMARY)], tmp_path / "ds")
    assert not done.failures and not done.summary.no_hands
    con = connect_dataset(tmp_path / "ds")
    try:
        rows = stats.tournament_totals(con, Filters(player="Player5"))
    finally:
        con.close()
    assert rows[["tournaments", "cost", "prizes", "net"]].values.tolist() == [[1, 120, 160, 40]]


def test_a_version_5_database_gains_its_tournaments_from_its_hands(tmp_path: Path) -> None:
    db = imported(tmp_path, SNG)
    with duckdb.connect(str(db)) as con:   # as release 5 left it: no tournament tables
        con.execute("DROP TABLE tournaments")
        con.execute("DROP TABLE tournament_results")
        con.execute("ALTER TABLE hand_players DROP COLUMN tournament_id")
        con.execute("DROP TABLE pot_halves")   # v9's rows of halves: two columns until then
        for column in ("won_badugi_half", "won_lowball_half"):
            con.execute(f"ALTER TABLE hand_players ADD COLUMN {column} BOOLEAN")
        con.execute("ALTER TABLE sources DROP COLUMN audit_version")   # v10's
        con.execute("UPDATE schema_version SET version = 5")
    with Store(db):
        pass
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT max(version) FROM schema_version").fetchall() == \
            [(SCHEMA_VERSION,)]
        assert con.execute("SELECT DISTINCT tournament_id FROM hand_players").fetchall() == \
            [("330855877",)]
    sng = {player: row for (tournament, player), row in results(db).items()
           if tournament == "330855877"}
    assert (sng["Player5"]["buy_in"], sng["Player5"]["fee"], sng["Player5"]["place"]) == \
        (100, 20, 3)
    assert int(sng["Player2"]["place"]) == 8


def test_the_clock_decides_the_day_a_late_night_hand_counts_in(tmp_path: Path) -> None:
    db = imported(tmp_path, LATE_NIGHT)
    with duckdb.connect(str(db), read_only=True) as con:
        paris = stats.resolve(con, tz="Europe/Paris")
        new_york = stats.resolve(con, tz="America/New_York")
        days = {zone: stats.winrate_by_date(con, filters)["day"].astype(str).tolist()
                for zone, filters in (("paris", paris), ("new_york", new_york))}
        on_31st = {zone: stats.overview(con, filters.but(date_from=date(2020, 10, 31),
                                                         date_to=date(2020, 10, 31)))["hands"]
                   for zone, filters in (("paris", paris), ("new_york", new_york))}
    assert set(days["paris"]) == {"2020-10-31"} and set(days["new_york"]) == {"2020-10-30"}
    assert on_31st == {"paris": 1, "new_york": 0}


def test_stats_from_and_to_are_read_on_the_tz_clock(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = imported(tmp_path, LATE_NIGHT)
    counts = {}
    for zone in ("Europe/Paris", "America/New_York"):
        assert main(["stats", "--db", str(db), "--from", "2020-10-31", "--to", "2020-10-31",
                     "--tz", zone, "--json"]) == 0
        counts[zone] = json.loads(capsys.readouterr().out)["coverage"]["hands"]
    assert counts == {"Europe/Paris": 1, "America/New_York": 0}


def test_chips_of_two_tournaments_are_never_summed(tmp_path: Path) -> None:
    db = imported(tmp_path, SNG, HEADS_UP)
    both = Filters(person="Me", players=(("pokerstars", "Player5"), ("fulltilt", "Hero")))
    one = Filters(players=(("pokerstars", "Player5"),))
    with duckdb.connect(str(db), read_only=True) as con:
        mixed = stats.player_stats(con, both).to_dict("records")
        alone = stats.player_stats(con, one).to_dict("records")
        curve = stats.winrate_curve(con, both)
        days = stats.winrate_by_date(con, both)
        positions = stats.position_stats(con, both)
    row, = mixed
    assert (row["currency"], _none(row["net"])) == ("chips", None)
    assert row["hands"] > alone[0]["hands"] and row["net_bb"] != 0   # big blinds still add up
    assert alone[0]["net"] == -1500   # one tournament: its chips, start to bust
    assert curve["net"].isna().all() and curve["net_bb"].notna().all()
    assert days["net"].isna().all() and not days.empty
    big_blind = positions.set_index("position").loc["BB"]
    assert _none(big_blind["net"]) is None   # the big blind in both tournaments


def test_the_dashboard_reads_its_clock_after_the_dashes(dashlib_path: None) -> None:
    from dashlib import data

    assert data.clock(["--db", "x.duckdb", "--tz", "Europe/Paris"]) == "Europe/Paris"
    assert data.clock(["--db", "x.duckdb", "--tz", "Mars/Olympus"]) == "UTC"


#: A Full Tilt rebuy tournament of 2-7 single draw, in the shape of fpdb's regression
#: summary `summaries/FTP/27SD-USD-MTT-1-201303.txt` (jejellyroll-fr/fpdb-3).
TILT_REBUYS = """\
Full Tilt Poker Tournament Summary $100 1r+1a (251286379) 2-7 Single Draw No Limit (Rebuy/Add-On, 6 Handed)
Buy-In: $1 + $0.10
Add-On: $1
Rebuy: $1
Hero performed 1 Rebuy
Buy-In Chips: 2000
Add-On Chips: 2500
Rebuy Chips: 2000
30 Entries
Total Add-Ons: 12
Total Rebuys: 12
Total Prize Pool: $100
Tournament started: 2013/03/23 01:11:00 WET [2013/03/22 21:11:00 ET]
Tournament finished: 2013/03/23 05:17:13 WET [2013/03/23 01:17:13 ET]

1: Ana, $40
2: Hero, $30
Hero finished in 2nd place
"""


def test_a_full_tilt_rebuy_summary_reads_its_rebuy_and_add_on_lines(tmp_path: Path) -> None:
    log = tmp_path / "rebuys.txt"
    records = read_clean(log, TILT_REBUYS)
    summary, = records
    assert (summary.game, summary.buy_in, summary.fee, summary.entrants, summary.prize_pool,
            summary.hero_place) == ("27sd", 100, 10, 30, 10000, 2)
    assert [(r.player, r.place, r.prize) for r in summary.results] == \
        [("Ana", 1, 4000), ("Hero", 2, 3000)]


def test_a_full_tilt_prize_pool_run_into_the_rebuys_line_is_read(tmp_path: Path) -> None:
    # fpdb's summaries/FTP/10Game-USD-SnG-8-201404.Satellite.to.Mini.FTOPS.line.error.txt
    # (jejellyroll-fr/fpdb-3): the site wrote two lines as one.
    log = tmp_path / "joined.txt"
    text = TILT_REBUYS.replace("Total Rebuys: 12\nTotal Prize Pool: $100",
                               "Total Rebuys: 2Total Prize Pool: $55")
    summary, = read_clean(log, text)
    assert summary.prize_pool == 5500


def test_a_full_tilt_summary_of_a_tournament_still_running(tmp_path: Path) -> None:
    # The shape of fpdb's summaries/FTP/5-Stud-USD-MTT-100-201303.txt (jejellyroll-fr/fpdb-3).
    log = tmp_path / "running.txt"
    records = read_clean(log, (
        "Full Tilt Poker Tournament Summary Badugi Night (251332389) Badugi Limit\n"
        "Buy-In: $100 + $9\nBuy-In Chips: 4000\n102 Entries\nTotal Prize Pool: $20,000\n"
        "Tournament started: 2013/03/31 14:31:00 ET\nTournament is still in progress\n\n"
        "Still Playing - Fisumus Maximus\nStill Playing - Hero\n"))
    summary, = records
    assert [(r.player, r.place, r.prize) for r in summary.results] == \
        [("Fisumus Maximus", None, None), ("Hero", None, None)]


@pytest.mark.parametrize(("written", "buy_in", "fee", "currency"), [
    ("9FPP", 900, None, "FPP"),        # fpdb's tour/Stars headers write "50FPP Hold'em Limit"
    ("5 SC", 500, None, "SC"),
    ("100+9", 10000, 900, "PLAY"),     # a home game's play money (8-Game ...homeGame.shootout)
    ("$1.00+$0.20 USD", 100, 20, "USD"),
])
def test_a_pokerstars_tournament_of_hands_keeps_what_its_buy_in_is_counted_in(
        tmp_path: Path, written: str, buy_in: int, fee: int | None, currency: str) -> None:
    # The SNG's first hand with another buy-in in its header: points and play chips are
    # their own currencies, as its summary's are, never dollars.
    first = SNG.read_text(encoding="utf-8-sig").split("\n\n\n")[0]
    log = tmp_path / "points.txt"
    log.write_text(first.replace("$1.00+$0.20 USD", written, 1) + "\n", encoding="utf-8")
    with duckdb.connect(str(imported(tmp_path, log)), read_only=True) as con:
        row = con.execute("SELECT buy_in, fee, currency FROM tournaments "
                          "WHERE origin = 'hands'").fetchone()
    assert row == (buy_in, fee, currency)


def test_a_pokerstars_summary_name_may_hold_commas(tmp_path: Path) -> None:
    # As in fpdb's regression summaries summaries/Stars/NLHE-USD-MTT-20-200708.s0rrow.2nd.txt
    # and NLHE-MTT-USD-50-5-202112.double.entryid.txt (jejellyroll-fr/fpdb-3).
    log = tmp_path / "commas.txt"
    records = read_clean(log, (
        "PokerStars Tournament #1, Badugi Limit\nBuy-In: $1.00/$0.20 USD\n3 players\n"
        "Total Prize Pool: $3.00 USD\n  1: Ana (Lyon), $3.00 (100%)\n"
        "  2: Bravo,Jonny (Glasgow),\n  3: O rato, Luis (Brazil), still playing\n"))
    summary, = records
    assert [(r.player, r.place, r.prize) for r in summary.results] == \
        [("Ana", 1, 300), ("Bravo,Jonny", 2, 0), ("O rato, Luis", None, None)]


def test_a_pokerstars_satellite_summary_keeps_its_qualifiers(tmp_path: Path) -> None:
    # The shape of fpdb's summaries/Stars/NLHE-USD-MTT-0.50-201107.SuperSatellite.Complete.txt
    # and NLHE-MTT-USD-250-250-30-202005.reentry.ko.txt (jejellyroll-fr/fpdb-3).
    log = tmp_path / "satellite.txt"
    records = read_clean(log, (
        "PokerStars Tournament #2, Badugi Limit\nSuper Satellite\nBuy-In: $0.45/$0.05 USD\n"
        "3 players\nTotal Prize Pool: $1.35 USD\nTarget Tournament #1 Buy-In: $1.20 USD\n"
        "1 ticket to the target tournament\nTournament started 2011/07/01 10:00:00 ET\n"
        "  1: Ana (Lyon),  (qualified for the target tournament)\n  2: Hero (Oslo), $0.15\n"
        "  3: Bo (Kyiv),\nYou finished in 2nd place.\n"
        "You made 1 re-entries for a total of $0.50.\n"
        "You collected 1 bounties for a total of USD 0.10.\n"))
    summary, = records
    assert [(r.player, r.place, r.prize) for r in summary.results] == \
        [("Ana", 1, None), ("Hero", 2, 15), ("Bo", 3, 0)]


def test_a_pokerstars_summary_of_a_tournament_not_played_has_no_place_of_his(
        tmp_path: Path) -> None:
    # The last line of fpdb's summaries/Stars/NLHE-MTT-FPP-100-201309.Finished.Super.Satellite.txt
    # (jejellyroll-fr/fpdb-3): the site's word that the account holder was not in it.
    log = tmp_path / "not-played.txt"
    records = read_clean(log, (
        "PokerStars Tournament #4, Badugi Limit\nBuy-In: $1.00/$0.10 USD\n2 players\n"
        "Total Prize Pool: $2.00 USD\nTournament started 2013/09/03 15:21:56 ET\n"
        "Tournament finished 2013/09/03 15:33:37 ET\n  1: Ana (Lyon), $2.00 (100%)\n"
        "  2: Bo (Kyiv),\n\n"
        "There are no personal statistics because you did not play in this tournament.\n"))
    summary, = records
    assert isinstance(summary, TournamentSummary) and summary.hero_place is None
    assert [(r.player, r.place, r.prize) for r in summary.results] == \
        [("Ana", 1, 200), ("Bo", 2, 0)]


def test_a_pokerstars_summary_after_a_control_character_is_read_with_one_error(
        tmp_path: Path) -> None:
    # The first byte of fpdb's summaries/Stars/NLHE-USD-MTT-4max-2.00-201011.Stars.local.format.txt
    # (jejellyroll-fr/fpdb-3), a summary as the client keeps it: U+0010 before its first line.
    log = tmp_path / "local.txt"
    log.write_text("\x10PokerStars Tournament #5, Badugi Limit\nBuy-In: $2.00/$0.20 USD\n"
                   "2 players\nTotal Prize Pool: $4.00 USD\n"
                   "Tournament started 2010/11/10 8:15:00 ET\n\n  1: Ana (Lyon), $4.00 (100%)\n"
                   "  2: Hero (Oslo),\n\nYou finished in 2nd place (eliminated at hand #7).\n",
                   encoding="utf-8")
    error, summary = read_records(log)
    assert isinstance(error, ParseError) and (error.line, error.column) == (1, 1)
    assert "U+0010" in error.message and not error.hand_lost
    assert isinstance(summary, TournamentSummary)
    assert (summary.tournament_id, summary.buy_in, summary.fee, summary.hero_place) == \
        ("5", 200, 20, 2)
    assert [(r.player, r.place, r.prize) for r in summary.results] == \
        [("Ana", 1, 400), ("Hero", 2, 0)]


def test_a_ticket_prize_keeps_its_words_and_no_sum(tmp_path: Path) -> None:
    # The shapes of fpdb's summaries/Stars/NLHE-USD-5-201603.Sunday.Million.ticket.txt and
    # summaries/FTP/Freeroll-Satellite-MultipleWinners-20100830.txt,
    # PLO8-USD-SnG-9man-201012.Satellite.to.FTOPS.txt (jejellyroll-fr/fpdb-3).
    log = tmp_path / "tickets.txt"
    records = read_clean(log, (
        "PokerStars Tournament #3, Badugi Limit\nBuy-In: $4.70/$0.30 USD\n3 players\n"
        "Total Prize Pool: Sunday Million ticket\n"
        "Tournament started 2016/03/19 19:18:27 CET [2016/03/19 14:18:27 ET]\n"
        "  1: Bayezidur (Ukraine), Sunday Million ticket\n  2: Hero (Latvia),\n"
        "  3: Bo (Canada),\nYou finished in 2nd place.\n"
        "Full Tilt Poker Tournament Summary Satellite (4) 2-7 Triple Draw Limit\n"
        "Buy-In: $10 + $1\n9 Entries\nTotal Prize Pool: $90\n"
        "Top 999 finishers receive entry to Tournament 264533392\n"
        "Top finisher receives $75 Satellite Token\n"
        "Tournament started: 2010/12/01 10:00:00 ET\n1: chimpzilla, Weekly Freeroll Ticket\n"
        "1: Player0, $13 MiniFTOPS Ticket\n3: Hero, $15\n4: Ana\nHero finished in 3rd place\n"))
    stars, tilt = records
    assert isinstance(stars, TournamentSummary) and isinstance(tilt, TournamentSummary)
    assert stars.prize_pool is None
    assert [(r.player, r.place, r.prize, r.award) for r in stars.results] == \
        [("Bayezidur", 1, None, "Sunday Million ticket"), ("Hero", 2, 0, None),
         ("Bo", 3, 0, None)]
    assert [(n.line, n.text) for n in stars.notes] == \
        [(4, "Total Prize Pool: Sunday Million ticket")]
    assert [(r.player, r.place, r.prize, r.award) for r in tilt.results] == \
        [("chimpzilla", 1, None, "Weekly Freeroll Ticket"),
         ("Player0", 1, None, "$13 MiniFTOPS Ticket"), ("Hero", 3, 1500, None),
         ("Ana", 4, 0, None)]
    assert len(tilt.notes) == 2
    # a ticket is no sum: the store holds no prize for it, and no figure counts it
    db = imported(tmp_path, log)
    rows = results(db)
    assert _none(rows[("3", "Bayezidur")]["prize"]) is None
    assert _none(rows[("4", "Player0")]["prize"]) is None
    assert totals(db)["Bayezidur"]["counted"] == 0


def test_play_chips_points_and_rupees_are_each_their_own_currency(tmp_path: Path) -> None:
    # The shapes of fpdb's summaries/FTP/NLHE-9max-play-STT-201301.hero.cashes.txt,
    # summaries/Stars/NLHE-Play-STT-20110405.txt, NLHE-9max-SC-MTT-201512.txt and
    # NLHE-9max-MTT-INR-136.50-13.50-201901.txt (jejellyroll-fr/fpdb-3).
    log = tmp_path / "units.txt"
    records = read_clean(log, (
        "Full Tilt Poker Tournament Summary Play (10) Badugi Limit\n"
        "Buy-In: 250 Play Chips + 0 Play Chips\n2 Entries\nTotal Prize Pool: 500 Play Chips\n"
        "1: Ana, 500 Play Chips\n2: Hero\nHero finished in 2nd place\n"
        "PokerStars Tournament #11, Badugi Limit\nBuy-In: 300/20\n2 players\n"
        "Total Prize Pool: 600\n  1: Hero (Lyon), 600 (100%)\n  2: Bo (Kyiv),\n"
        "PokerStars Tournament #12, Badugi Limit\nSuper Satellite\nBuy-In: 250 SC\n3 players\n"
        "Total Prize Pool: 750 SC\n  1: Ana (Lyon),  (qualified for the target tournament)\n"
        "  2: Hero (Oslo), 25,750 FPP\n  3: Bo (Kyiv),\n"
        "PokerStars Tournament #13, Badugi Limit\nBuy-In: ₹136.50/₹13.50 INR\n2 players\n"
        "Total Prize Pool: ₹273.00 INR\n  1: Hero (India), ₹273.00 (100%)\n  2: Bo (India),\n"))
    assert [(r.currency, r.buy_in, r.fee, r.prize_pool) for r in records] == \
        [("PLAY", 25000, 0, 50000), ("PLAY", 30000, 2000, 60000), ("SC", 25000, None, 75000),
         ("INR", 13650, 1350, 27300)]
    assert [(r.player, r.prize) for r in records[0].results] == [("Ana", 50000), ("Hero", 0)]
    # FPP won in a tournament bought in StarsCoin: no sum of its buy-in's unit
    assert [(r.player, r.prize, r.award) for r in records[2].results] == \
        [("Ana", None, None), ("Hero", None, "25,750 FPP"), ("Bo", 0, None)]
    with duckdb.connect(str(imported(tmp_path, log)), read_only=True) as con:
        rows = stats.tournament_totals(con, Filters(player="Hero")).to_dict("records")
    # no dollar figure holds them: each sum stays in its own currency
    assert sorted((row["site"], row["currency"], _none(row["prizes"])) for row in rows) == \
        [("fulltilt", "PLAY", 0), ("pokerstars", "INR", 27300), ("pokerstars", "PLAY", 60000),
         ("pokerstars", "SC", None)]


def test_a_full_tilt_knockout_and_multi_entry_summary(tmp_path: Path) -> None:
    # The shapes of fpdb's summaries/FTP/NLHE-9max-MTT-USD-70-2013.ko.guar.txt and
    # NLHE-9max-MTT-USD-20-201301.multi-entry.txt (jejellyroll-fr/fpdb-3).
    log = tmp_path / "knockout.txt"
    records = read_clean(log, (
        "Full Tilt Poker Tournament Summary KO (5) Badugi Limit (Knockout, Multi-Entry)\n"
        "Buy-In: $70 + $5\nKnockout Bounty: $15\nHero received 3 Knockout Bounty Awards\n"
        "4 Entries\nTotal Prize Pool: $220\nTournament started: 2013/01/06 11:01:00 ET\n"
        "1: Ana, $220\n2: Hero\n3: Bo\n4: Hero\nHero finished in 2nd and 4th place.\n"
        "Some player names are missing from this summary as the player list was not fully "
        "loaded.\n"))
    summary, = records
    assert isinstance(summary, TournamentSummary)
    assert (summary.buy_in, summary.fee, summary.prize_pool, summary.hero_place) == \
        (7000, 500, 22000, 2)
    assert [n.line for n in summary.notes] == [3, 4, 13]
    assert [(r.player, r.place) for r in summary.results] == \
        [("Ana", 1), ("Hero", 2), ("Bo", 3), ("Hero", 4)]


def test_pokerstars_letters_and_places_not_stated(tmp_path: Path) -> None:
    # The shapes of fpdb's summaries/Stars/NLHE-EUR-STT-0.42-201102.emailed.cp1252.txt,
    # MPLO-6max-MTT-USD-27-201605.txt and NLHE-MTT-USD-250-250-30-202005.reentry.ko.txt
    # (jejellyroll-fr/fpdb-3).
    log = tmp_path / "letters.txt"
    records = read_clean(log, (
        "PokerStars Tournament #21, Badugi Limit\nBuy-In: €0.42/€0.08 EUR\n10 players\n"
        "Total Prize Pool: €4.20 EUR\n"
        "Tournament started 2011/02/06 22:17:47 CET [2011/02/06 16:17:47 ET]\n\n\nDear Hero,\n\n"
        "You finished the tournament in 2nd place. A EUR 0.90 award has been credited to "
        "your Real Money account.\n\nCongratulations!\n\nThank you for participating.\n"
        "PokerStars Tournament #22, Badugi Limit\nBuy-In: $24.55/$2.45 USD\n2 players\n"
        "  1: Ana (Brazil), still playing\n  2: Hero (Canada),\n"
        "You finished the tournament (eliminated at hand #153370993356).\n"
        "PokerStars Tournament #23, Badugi Limit\nBuy-In: $500.00/$30.00 USD\n2 players\n"
        "  1: Ana (Germany), $1,060.00 (100%)\n  2: Hero (Canada),\n"
        "You finished in 2nd place.You finished the tournament (eliminated at\n"
        "2020/05/06 2:54:01 CUST [2020/05/05 18:54:01 ET]).\n"))
    letter, unplaced, broken = records
    assert isinstance(letter, TournamentSummary) and isinstance(unplaced, TournamentSummary)
    assert isinstance(broken, TournamentSummary)
    assert (letter.hero_place, [(r.player, r.place, r.prize) for r in letter.results]) == \
        (2, [("Hero", 2, 90)])
    assert [n.text for n in letter.notes] == ["Dear Hero,"]
    assert (unplaced.hero_place, len(unplaced.notes)) == (None, 1)
    assert (broken.hero_place, [n.line for n in broken.notes]) == (2, [27])
    assert results(imported(tmp_path, log))[("21", "Hero")]["net"] == 40


def test_a_pokerstars_re_entry_is_the_player_s_own_result_each_entry_counted(
        tmp_path: Path) -> None:
    # The shape of fpdb's summaries/Stars/NLHE-9max-MTT-INR-136.50-13.50-201901.txt
    # (jejellyroll-fr/fpdb-3): "[3]" marks a third entry, never part of the name.
    log = tmp_path / "reentry.txt"
    log.write_text(
        "PokerStars Tournament #31, Badugi Limit\nBuy-In: $1.00/$0.10 USD\n3 players\n"
        "Total Prize Pool: $5.00 USD\n  1: Ana (India), $3.00 (60%)\n"
        "  2: COyourACES [3] (India), $2.00 (40%)\n  3: Vorono[a]1 [2] (India),\n"
        "  4: COyourACES [2] (India),\n  5: Vorono[a]1 (India),\n  6: COyourACES (India),\n",
        encoding="utf-8")
    summary, = read_records(log)
    assert isinstance(summary, TournamentSummary)
    assert [(r.player, r.entry, r.place) for r in summary.results] == \
        [("Ana", 1, 1), ("COyourACES", 3, 2), ("Vorono[a]1", 2, 3), ("COyourACES", 2, 4),
         ("Vorono[a]1", 1, 5), ("COyourACES", 1, 6)]
    db = imported(tmp_path, log)
    with duckdb.connect(str(db), read_only=True) as con:
        rows = stats.tournament_results(con).to_dict("records")
    assert sorted((row["player"], row["entry"], row["place"], row["prize"]) for row in rows
                  if row["player"] == "COyourACES") == \
        [("COyourACES", 1, 6, 0), ("COyourACES", 2, 4, 0), ("COyourACES", 3, 2, 200)]
    player = totals(db)["COyourACES"]
    assert (player["tournaments"], player["cost"], player["prizes"], player["net"]) == \
        (3, 330, 200, -130)


#: The shapes of fpdb's regression summaries summaries/Winamax/ (jejellyroll-fr/fpdb-3):
#: PLO5-EUR-50-HUSNG-202003.txt (its levels cut short) and NLHE-EUR-9.00-MTSNG-201105.
#: rebuy.addons.txt.
WINAMAX_SNG = (
    "Winamax Poker - Tournament summary : Pot Limit Omaha 5(338672173)\n"
    "Player : mierontie\nBuy-In : 46.75€ + 3.25€\nRegistered players : 2\nMode : sng\n"
    "Type : sitngo\nSpeed : semiturbo\nFlight ID : 0\n"
    "Levels : Levels : [10-20:0:360:omaha5-pot-limit,15-30:0:360:omaha5-pot-limit]\n"
    "Prizepool : 93.50€\nTournament started 2020/03/24 11:11:08 UTC\nYou played 10min 0s\n"
    "You finished in 1st place\nYou won 93.50€\n")
WINAMAX_REBUYS = (
    "Winamax Poker - Tournament summary : Qualificatif 300€(7949467)\nPlayer : Hero\n"
    "Buy-In : 9€ + 1€\nRebuy cost : 9€ + 1€\nAddon cost : 9€ + 1€\nYour rebuys : 4\n"
    "Your addons : 2\nRegistered players : 18\nTotal rebuys : 9\nTotal addons : 3\n"
    "Prizepool : 300€\nTournament started 2011/05/28 19:10:00 UTC\nYou played 36min 15s\n"
    "You finished in 9th place\n")


def test_a_winamax_summary_is_a_summary_not_a_hand_lost(tmp_path: Path) -> None:
    # Winamax writes one beside each tournament's hands: once read as a hand whose header
    # could not be read, each was "1 hand lost".
    summary, = read_clean(tmp_path / "sng_summary.txt", WINAMAX_SNG)
    assert isinstance(summary, TournamentSummary)
    assert (summary.site, summary.tournament_id, summary.game, summary.buy_in, summary.fee,
            summary.currency, summary.entrants, summary.prize_pool, summary.hero_place) == \
        ("winamax", "338672173", "5 Card Omaha Pot Limit", 4675, 325, "EUR", 2, 9350, 1)
    assert str(summary.started_at) == "2020-03-24 11:11:08+00:00"
    assert [(r.player, r.place, r.prize) for r in summary.results] == [("mierontie", 1, 9350)]


def test_a_winamax_summary_notes_its_rebuys_and_a_ticket_s_entry(tmp_path: Path) -> None:
    summary, = read_clean(tmp_path / "rebuys_summary.txt", WINAMAX_REBUYS)
    assert (summary.buy_in, summary.fee, summary.prize_pool, summary.hero_place) == \
        (900, 100, 30000, 9)
    assert [(r.player, r.place, r.prize) for r in summary.results] == [("Hero", 9, 0)]
    assert [note.text for note in summary.notes] == [
        "Rebuy cost : 9€ + 1€", "Addon cost : 9€ + 1€", "Your rebuys : 4", "Your addons : 2",
        "Total rebuys : 9", "Total addons : 3"]
    ticket, = read_clean(tmp_path / "ticket_summary.txt", WINAMAX_REBUYS.replace(
        "Buy-In : 9€ + 1€", "Buy-In : Ticket uniquement"))
    assert (ticket.buy_in, ticket.fee, ticket.notes[0].text) == \
        (None, None, "Buy-In : Ticket uniquement")


@pytest.mark.parametrize(("won", "prize", "award", "notes"), [
    ("You won 12€ + Bounty 3€", 1200, None, ["You won 12€ + Bounty 3€"]),
    ("You won Ticket 5€", None, "You won Ticket 5€", ["You won Ticket 5€"]),
])
def test_a_winamax_prize_beside_money_is_a_note(tmp_path: Path, won, prize, award,
                                                notes) -> None:
    # The shapes of the "You won" line fpdb's WinamaxSummary.py reads (jejellyroll-fr/fpdb-3).
    summary, = read_clean(tmp_path / "won_summary.txt",
                          WINAMAX_SNG.replace("You won 93.50€", won).replace(
                              "Buy-In : 46.75€ + 3.25€", "Buy-In : Freeroll"))
    assert [(r.place, r.prize, r.award) for r in summary.results] == [(1, prize, award)]
    assert [note.text for note in summary.notes] == notes
    assert (summary.buy_in, summary.fee) == (0, 0)


def test_a_winamax_summary_without_a_game_leaves_it_to_the_hands(tmp_path: Path) -> None:
    # The real 2-7 triple draw hand made a tournament's (its header and table as Winamax
    # writes a tournament's: docs/format.md), with a 2011 summary, which has no Levels line.
    hand = (DATA / "real" / "winamax" / "cash-27td-fl-0.50-1-201610.txt").read_text(
        encoding="utf-8").replace(
        "CashGame", 'Tournament "Freeroll 150€" buyIn: 0€ + 0€ level: 4').replace(
        "'Suceava 02' 6-max (play money)", "'Freeroll 150€(5142226)#004' 6-max (real money)"
        ).replace("Total pot 12.15 | Rake 0.85", "Total pot 13 | No rake").replace(
        "collected 12.15", "collected 13").replace("won 12.15", "won 13")
    (tmp_path / "logs").mkdir()
    (tmp_path / "logs" / "hands.txt").write_text(hand, encoding="utf-8")
    (tmp_path / "logs" / "summary.txt").write_text(
        "Winamax Poker - Tournament summary : Freeroll 150€(5142226)\nPlayer : Player2\n"
        "Buy-In : 0€ + 0€\nRegistered players : 5000\nPrizepool : 150€\n"
        "Tournament started 2016/10/11 12:00:00 UTC\nYou played 13min 52s\n"
        "You finished in 7th place\nYou won 5€\n", encoding="utf-8")
    db = imported(tmp_path, tmp_path / "logs")
    player = results(db)[("5142226", "Player2")]
    assert (player["game"], player["place"], player["prize"], player["currency"]) == \
        ("27td", 7, 500, "EUR")


@pytest.mark.parametrize(("old", "new"), [
    ("Registered players : 2", "Registered players : 99999999999999999999999"),
    ("You finished in 1st place", "You finished in 99999999999999999999th place"),
    ("Prizepool : 93.50€", "Prizepool : 99999999999999999999999€"),
])
def test_a_summary_figure_past_what_the_store_holds_is_an_error_at_its_line(
        tmp_path: Path, old: str, new: str) -> None:
    """A damaged summary's count, place or sum of twenty digits: one error at its line, the
    summary kept, where it stopped the whole import on an internal error."""
    log = tmp_path / "summary.txt"
    log.write_text(WINAMAX_SNG.replace(old, new), encoding="utf-8")
    error, summary = read_records(log)
    assert isinstance(error, ParseError) and isinstance(summary, TournamentSummary)
    assert error.line == WINAMAX_SNG.split("\n").index(old) + 1
