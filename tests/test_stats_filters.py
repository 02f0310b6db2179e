"""Filters that answer (issue 21, item 6): values matched without case and by every name
the project prints, unknown ones refused with the values the database holds, stakes and
table size, and the same Filters for the command line and the dashboard; a hand found by
the number its site printed (item 7).
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from pathlib import Path

import duckdb
import pytest

from badugi_hh import cli, stats
from badugi_hh.filters import (
    FilterError, Stakes, match_value, parse_stakes, parse_table_size,
)
from badugi_hh.store import Store

ROOT = Path(__file__).resolve().parents[1]
REAL = ROOT / "tests" / "data" / "real"
PS_CASH = REAL / "pokerstars" / "cash-badugi-fl-0.25-0.50-201009.txt"
FT_CASH = REAL / "fulltilt" / "cash-badugi-fl-0.10-0.20-201305.txt"


@pytest.fixture(scope="module")
def real_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("filters") / "real.duckdb"
    with Store(path) as store:
        store.import_paths([REAL])
    return path


def run(capsys: pytest.CaptureFixture, *argv: str) -> tuple[int, str, str]:
    status = cli.main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


# -- names -----------------------------------------------------------------------------

@pytest.mark.parametrize(("field", "typed", "stored"), [
    ("site", "PokerStars", "pokerstars"), ("site", "POKERSTARS", "pokerstars"),
    ("site", "Full Tilt", "fulltilt"), ("site", "full-tilt", "fulltilt"),
    ("site", "house", ""), ("site", "", ""),
    ("game", "2-7", "27td"), ("game", "27TD", "27td"), ("game", "2-7 Triple Draw", "27td"),
    ("game", "triple draw 2-7", "27td"), ("game", "A-5", "a5td"), ("game", "badugi", "badugi"),
    ("currency", "usd", "USD"), ("currency", "$", "USD"), ("currency", "CHIPS", "chips"),
    ("kind", "Cash", "cash"), ("kind", "SNG", "tournament"), ("kind", "home game", "home"),
])
def test_a_value_is_matched_by_every_name_the_project_prints(field: str, typed: str,
                                                            stored: str) -> None:
    held = {"site": ["", "fulltilt", "pokerstars"], "game": ["27td", "a5td", "badugi"],
            "currency": ["USD", "chips"], "kind": ["cash", "home", "tournament"]}[field]
    assert match_value(field, typed, held) == stored


def test_an_unknown_or_ambiguous_value_lists_what_the_database_holds() -> None:
    with pytest.raises(FilterError, match=r"--game 'razz': the database holds "
                                          r"2-7 Triple Draw \(27td\), Badugi \(badugi\)"):
        match_value("game", "razz", ["badugi", "27td"])
    with pytest.raises(FilterError, match="ambiguous: it names 2-7 Single Draw"):
        match_value("game", "2-7", ["27td", "27sd"])
    with pytest.raises(FilterError, match=r"house logs \(''\)"):
        match_value("site", "winamax", [""])


def test_stakes_and_table_sizes_as_players_write_them() -> None:
    assert parse_stakes("$0.10/$0.20") == Stakes(Decimal("0.10"), Decimal("0.20"), "USD")
    assert parse_stakes(" 1,000 / 2,000 chips") == Stakes(Decimal(1000), Decimal(2000), "chips")
    assert parse_stakes("€.5/€1") == Stakes(Decimal("0.5"), Decimal(1), "EUR")
    assert [parse_table_size(text) for text in ("6", "6-max", "heads-up", "HU", "8 max")] == [
        6, 6, 2, 2, 8]
    for bad in ("low", "1/", "0.1-0.2"):
        with pytest.raises(FilterError, match="not stakes"):
            parse_stakes(bad)
    with pytest.raises(FilterError, match="not a table size"):
        parse_table_size("1")


def test_the_first_day_after_the_last_is_refused(tmp_path: Path) -> None:
    with Store(tmp_path / "empty.duckdb") as store, pytest.raises(
            FilterError, match="2024-02-01.*after.*2024-01-01"):
        stats.resolve(store.connection, date_from=date(2024, 2, 1), date_to=date(2024, 1, 1))


# -- on the real exports ---------------------------------------------------------------

def test_stakes_are_the_bets_of_a_fixed_limit_game_and_the_blinds_of_a_pot_limit_one(
        real_db: Path) -> None:
    with Store(real_db, read_only=True) as store:
        con = store.connection
        limit = stats.resolve(con, stakes="$0.10/$0.20")   # blinds $0.05/$0.10
        hands = con.execute("SELECT site, count(*) FROM hands WHERE small_bet = 10 AND "
                            "big_bet = 20 AND currency = 'USD' GROUP BY site ORDER BY site"
                            ).fetchall()
        assert stats.overview(con, limit)["hands"] == sum(n for _, n in hands) > 18
        # Merge's pot-limit 2-7 by its blinds, Full Tilt's fixed-limit A-5 by its bets
        tenth = stats.resolve(con, stakes="0.05/0.10")
        assert stats.overview(con, tenth)["hands"] == 2
        assert set(stats.game_stats(con, tenth)[["site", "game"]].itertuples(
            index=False, name=None)) >= {("merge", "27td"), ("fulltilt", "a5td")}
        with pytest.raises(FilterError, match=r"--stakes '7/9'.*\$0\.10/\$0\.20.*20/40 chips"):
            stats.resolve(con, stakes="7/9")


def test_table_size_counts_the_seats(real_db: Path) -> None:
    with Store(real_db, read_only=True) as store:
        con = store.connection
        heads_up = stats.player_stats(con, stats.resolve(con, table_size="heads-up"))
        assert set(zip(heads_up["site"], heads_up["player"])) == {("fulltilt", "Hero"),
                                                                   ("fulltilt", "Player0")}
        with pytest.raises(FilterError, match="holds tables of 2, 5, 6, 8 seats"):
            stats.resolve(con, table_size="9")


def test_the_command_matches_names_and_refuses_what_the_database_lacks(
        real_db: Path, capsys: pytest.CaptureFixture) -> None:
    db = ["--db", str(real_db), "--csv"]
    status, stored, _ = run(capsys, "stats", *db, "--site", "pokerstars")
    assert status == 0 and len(stored.splitlines()) > 5
    for typed in ("PokerStars", "POKERSTARS", "Poker Stars"):
        assert run(capsys, "stats", *db, "--site", typed)[1] == stored
    # "2-7" alone names two games of the corpus (triple and single draw): refused below
    status, two_seven, _ = run(capsys, "stats", *db, "--game", "2-7 TRIPLE draw",
                               "--currency", "usd", "--kind", "CASH")
    assert status == 0 and two_seven == run(capsys, "stats", *db, "--game", "27td",
                                            "--currency", "USD", "--kind", "cash")[1]
    assert two_seven.count("\n") > 10
    status, out, err = run(capsys, "stats", *db, "--game", "2-7")
    assert (status, out) == (2, "") and "--game '2-7' is ambiguous" in err
    status, out, err = run(capsys, "stats", *db, "--site", "Betfair")
    assert (status, out) == (2, "")
    assert ("--site 'Betfair': the database holds Boss Media (bossmedia), Full Tilt "
            "(fulltilt), KingsClub") in err
    assert run(capsys, "stats", *db, "--from", "2011-01-02", "--to", "2011-01-01")[0] == 2
    status, out, err = run(capsys, "stats", *db, "--stakes", "$0.10/$0.20",
                           "--table-size", "6-max")
    assert status == 0 and "pokerstars,USD" in out


def test_a_player_is_a_name_on_every_site_or_one_sites(real_db: Path,
                                                       capsys: pytest.CaptureFixture) -> None:
    db = ["--db", str(real_db), "--json"]
    import json
    every_site = json.loads(run(capsys, "stats", *db, "--player", "hero")[1])["players"]
    assert {row["site"] for row in every_site} == {"bossmedia", "fulltilt", "kingsclub",
                                                   "merge", "pokerstars", "winamax", "ongame"}
    one_site = json.loads(run(capsys, "stats", *db, "--player", "PokerStars:Hero")[1])
    assert [(row["player"], row["site"]) for row in one_site["players"]] == [
        ("Hero", "pokerstars")]
    status, _, err = run(capsys, "stats", *db, "--player", "Heroo")
    assert status == 2 and "near name: Hero" in err
    status, _, err = run(capsys, "stats", *db, "--player", "PokerStars:Heroo")
    assert status == 2 and err.endswith("players with a near name: pokerstars:Hero\n")


@pytest.mark.parametrize("form", ["duckdb", "house", "phh"])
def test_export_reads_a_player_as_stats_does(real_db: Path, tmp_path: Path, form: str,
                                            capsys: pytest.CaptureFixture) -> None:
    """SITE:NAME chooses that site's player's hands; an unknown one is refused as stats
    refuses it."""
    out = tmp_path / ("copy.duckdb" if form == "duckdb" else "logs")
    status, _, err = run(capsys, "export", "--format", form, "--db", str(real_db),
                         "--out", str(out), "--player", "pokerstars:hero")
    with duckdb.connect(str(real_db), read_only=True) as con:
        (expected,) = con.execute("SELECT count(*) FROM hand_players WHERE site = 'pokerstars'"
                                  " AND player = 'Hero'").fetchone() or (0,)
    unsaid = err.count(": not written: ")   # PHH has no dead blind
    assert unsaid == err.count(": PokerStars hand ")   # named as the site printed it
    assert status == (2 if unsaid else 0) and (form == "phh") == (unsaid > 0)
    assert expected > 0 and err.splitlines()[-1].startswith(f"{expected - unsaid} hands ")
    status, _, err = run(capsys, "export", "--format", form, "--db", str(real_db),
                         "--out", str(tmp_path / "none"), "--player", "pokerstars:Heroo")
    refused = run(capsys, "stats", "--db", str(real_db), "--player", "pokerstars:Heroo")
    assert (status, err.removeprefix("badugi-hh export")) == (
        refused[0], refused[2].removeprefix("badugi-hh stats")) and status == 2
    assert not (tmp_path / "none").exists()


def test_only_the_betting_rounds_of_the_games_are_shown(real_db: Path,
                                                       capsys: pytest.CaptureFixture) -> None:
    """Five-card draw has two betting rounds (one draw), Badugi four; mixed, the most."""
    db = ["--db", str(real_db)]
    status, out, _ = run(capsys, "opponents", *db, "--hand", "R5-174428515-250")
    assert status == 0 and "fold to a bet, round 2" in out and "round 3" not in out
    status, out, _ = run(capsys, "stats", *db, "--player", "ongame:Hero")
    assert status == 0 and "round 2" in out and "round 3" not in out
    status, out, _ = run(capsys, "stats", *db, "--player", "Hero")
    assert status == 0 and "round 4" in out


# -- a hand by the number its site printed -----------------------------------------------

def test_a_hand_is_found_by_its_sites_number_and_two_sites_are_told_apart(
        tmp_path: Path) -> None:
    twin = tmp_path / "fulltilt-twin.txt"   # a Full Tilt hand under PokerStars' number
    twin.write_text(FT_CASH.read_text(encoding="utf-8").replace("32617272179", "49164202872"),
                    encoding="utf-8")
    with Store(tmp_path / "two.duckdb") as store:
        store.import_paths([PS_CASH, twin])
        con = store.connection
        found = stats.find_hands(con, "49164202872")
        assert [(hand.hand_id, hand.site) for hand in found] == [
            ("fulltilt#49164202872", "fulltilt"), ("ps-49164202872", "pokerstars")]
        assert stats.find_hands(con, "#49164202872 ") == found
        assert [hand.hand_id for hand in stats.find_hands(con, "ps-49164202872")] == [
            "ps-49164202872"]
        assert stats.find_hands(con, "4916420287") == []   # a number is whole, not a part
        assert stats.find_hands(con, "2872") == []
