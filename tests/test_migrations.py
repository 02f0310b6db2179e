"""Schema v2 and v3: a database written by the v1 release opens, migrates, and loses nothing;
v9: each earlier schema's halves of split pots (tests/data/schemas) become rows; v10: a
migrated database's logs imported again are judged by today's rules; v12: a v11
database's currencies and kinds become those a new import stores.

tests/data/v1.duckdb was written by the v1 store (sample_logs/ and the PokerStars
Badugi logs of tests/data/real/); each test migrates a copy of it.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import duckdb
import pytest

from badugi_hh.cli import main
from badugi_hh.commands.importer import older_audit_gone
from badugi_hh.engine import AUDIT_VERSION
from badugi_hh.games import GAMES
from badugi_hh.stats import older_audit_count, older_audit_line
from badugi_hh.store import SCHEMA_VERSION, TABLES, Store, StoreError, schema_version
from badugi_hh.store.notes import add_tag, hand_identity, note_of, set_note, tags_of
from copykit import COUNTS, NETS, SESSIONS, copies_of_real_exports

ROOT = Path(__file__).resolve().parent.parent
V1 = ROOT / "tests" / "data" / "v1.duckdb"
#: What v1 had: every row of these is still there after the migration.
KEPT = ("sources", "sessions", "session_players", "hands", "hand_players", "actions", "draws",
        "showdowns", "pots", "violations", "quarantine", "skipped")


@pytest.fixture
def v1_copy(tmp_path: Path) -> Path:
    copy = tmp_path / "old.duckdb"
    shutil.copy(V1, copy)
    return copy


def _counts(path: Path) -> dict[str, int]:
    with duckdb.connect(str(path), read_only=True) as con:
        counts = {table: con.execute(f"SELECT count(*) FROM {table}").fetchall()[0][0]
                  for table in KEPT}
        counts["player names"] = con.execute(
            "SELECT count(DISTINCT player) FROM players").fetchall()[0][0]
    return counts


def _columns(con: duckdb.DuckDBPyConnection) -> dict[str, set[tuple[str, str, bool]]]:
    rows = con.execute("SELECT table_name, column_name, data_type, is_nullable "
                       "FROM duckdb_columns() WHERE database_name = current_database()")
    columns: dict[str, set[tuple[str, str, bool]]] = {}
    for table, name, kind, nullable in rows.fetchall():
        columns.setdefault(table, set()).add((name, kind, nullable))
    return columns


def test_the_v1_file_is_version_1() -> None:
    with duckdb.connect(str(V1), read_only=True) as con:
        assert schema_version(con) == 1


def test_migrating_v1_keeps_every_row(v1_copy: Path) -> None:
    before = _counts(v1_copy)
    assert before["hands"] > 600 and before["violations"] > 0
    with Store(v1_copy) as store:
        assert schema_version(store.connection) == SCHEMA_VERSION
    assert _counts(v1_copy) == before


def test_a_migrated_database_has_the_tables_of_a_new_one(v1_copy: Path, tmp_path: Path) -> None:
    with Store(v1_copy) as old, Store(tmp_path / "new.duckdb") as new:
        assert _columns(old.connection) == _columns(new.connection)
        assert set(_columns(new.connection)) == set(TABLES)


def test_migrated_rows_match_a_new_import_of_the_same_logs(v1_copy: Path,
                                                          tmp_path: Path) -> None:
    """The columns the migration derives are those an import of today computes."""
    with Store(v1_copy, read_only=True) as old:   # the logs the v1 file was made from
        made_from = {Path(path).name
                     for (path,) in old.connection.sql("SELECT path FROM sources").fetchall()}
    logs = [path for folder in (ROOT / "sample_logs", ROOT / "tests/data/real/pokerstars")
            for path in sorted(folder.iterdir()) if path.name in made_from]
    query = ("SELECT regexp_extract(source, '[^/]*$') AS file, hand_id, player, position, "
             "site, kind, currency, unit FROM hand_players")
    sessions = ("SELECT regexp_extract(source, '[^/]*$'), session_id, site, kind, currency, "
                "winner FROM sessions")
    with Store(v1_copy) as old, Store(tmp_path / "new.duckdb") as new:
        new.import_paths(logs)
        migrated, imported = (set(s.connection.sql(query).fetchall()) for s in (old, new))
        assert len(migrated) > 1600 and migrated == imported
        assert (set(old.connection.sql(sessions).fetchall())
                == set(new.connection.sql(sessions).fetchall()))


def test_positions_name_every_seat_of_a_multiway_hand(v1_copy: Path) -> None:
    with Store(v1_copy) as store:
        rows = store.connection.sql(
            "SELECT count(*) FILTER (WHERE position = ''), "
            "list(DISTINCT position ORDER BY position) FROM hand_players").fetchall()[0]
    assert rows == (0, ["BB", "BTN", "CO", "HJ", "MP", "SB", "UTG", "UTG+1"])


def test_a_cash_session_has_no_winner_and_house_sessions_keep_theirs(v1_copy: Path) -> None:
    with Store(v1_copy) as store:
        winners = dict(store.connection.sql(
            "SELECT kind, count(winner) FROM sessions GROUP BY kind").fetchall())
    assert winners["cash"] == 0 and winners["home"] > 30


def test_opening_read_only_migrates_first(v1_copy: Path) -> None:
    with Store(v1_copy, read_only=True) as store:
        assert schema_version(store.connection) == SCHEMA_VERSION
        assert store.counts()["hands"] == 640


def test_a_database_of_a_newer_release_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "future.duckdb"
    with Store(path) as store:
        store.connection.execute("INSERT INTO schema_version VALUES (99, now())")
    with pytest.raises(StoreError, match="version 99, newer"):
        Store(path)


def test_migrated_hands_leave_the_deal_unknown_and_a_new_import_stores_it(
        v1_copy: Path, tmp_path: Path) -> None:
    """v3 stores each player's dealt cards; the rows of older releases kept none."""
    query = "SELECT count(dealt_cards), count(*) FROM hand_players"
    with Store(v1_copy) as old, Store(tmp_path / "new.duckdb") as new:
        new.import_paths([ROOT / "sample_logs"])
        assert old.connection.sql(query).fetchall()[0][0] == 0
        known, players = new.connection.sql(query).fetchall()[0]
        assert known == players > 0


# -- version 4 to 5: a hand is its site and hand id --------------------------------------

V4 = ROOT / "tests" / "data" / "v4-copies"


@pytest.fixture
def v4_copies(tmp_path: Path) -> Path:
    """A v4 database holding the real exports three times (tests/data/v4-copies)."""
    path = tmp_path / "v4.duckdb"
    with duckdb.connect(str(path)) as con:
        con.execute(f"IMPORT DATABASE '{V4}'")
    return path


def test_the_v4_copies_are_version_4_and_hold_every_hand_three_times(v4_copies: Path) -> None:
    with duckdb.connect(str(v4_copies), read_only=True) as con:
        assert schema_version(con) == 4
        assert con.sql("SELECT count(*), count(DISTINCT hand_id) FROM hands").fetchall() == [
            (624, 207)]


def test_migrating_v4_keeps_each_hand_once_as_a_new_import_of_the_same_files(
        v4_copies: Path, tmp_path: Path) -> None:
    with duckdb.connect(str(v4_copies), read_only=True) as con:
        first_copies = con.sql(
            "SELECT DISTINCT hand_id, player, net, dealt_cards FROM hand_players "
            "WHERE source LIKE '%/logs/a/%' ORDER BY ALL").fetchall()
        held = {Path(source).name for (source,) in con.sql(
            "SELECT path FROM sources").fetchall()}
    logs = copies_of_real_exports(tmp_path / "logs")
    for path in [path for path in logs.rglob("*") if path.is_file()]:
        if path.name not in held:   # an export added to the corpus after v4
            path.unlink()
    with Store(v4_copies) as old, Store(tmp_path / "new.duckdb") as new:
        new.import_paths([logs])
        for query in (NETS, SESSIONS):
            assert old.connection.sql(query).fetchall() == new.connection.sql(query).fetchall()
        # The v4 copies keep the verdicts of the engine that stored them: the SNG's missing
        # hand (three G3) and sit-out fold (S3), which the engine now takes as a note and as
        # PokerStars' practice (docs/rules.md, "Site practice"). All else is the same.
        [(*kept, rules, players)] = old.connection.sql(COUNTS).fetchall()
        assert rules == ["G3", "G3", "G3", "S3"]
        assert new.connection.sql(COUNTS).fetchall() == [(*kept, None, players)]
        # the hash and the clock the migration computed are those an import computes
        same = ("SELECT hand_id, content_hash, started_at, started_utc, time_zone FROM hands "
                "ORDER BY ALL")
        assert old.connection.sql(same).fetchall() == new.connection.sql(same).fetchall()
        copies = "SELECT count(*), count(DISTINCT content_hash) FROM hand_sources"
        assert old.connection.sql(copies).fetchall() == [(624, 207)]
        kept = old.connection.sql(
            "SELECT hand_id, player, net, dealt_cards FROM hand_players WHERE source LIKE "
            "'%/logs/a/%' ORDER BY ALL").fetchall()
        files = old.connection.sql("SELECT count(*), sum(hands) FROM sources").fetchall()
    assert kept == first_copies   # every hand, from its first file, untouched
    assert files == [(66, 624)]


def test_a_copy_that_differs_is_reported_by_the_migration(v4_copies: Path) -> None:
    with duckdb.connect(str(v4_copies)) as con:   # as if the CRLF copy had been edited
        con.execute("UPDATE hand_players SET won = won + 1 WHERE hand_id = 'ps-52588201462' "
                    "AND player = 'Player7' AND source LIKE '%/crlf/%'")
    with Store(v4_copies) as store:
        found = store.connection.sql(
            "SELECT regexp_replace(source, '.*/logs/', ''), hand_id, message FROM violations "
            "WHERE rule = 'T5'").fetchall()
    assert [(source, hand) for source, hand, _ in found] == [
        ("crlf/pokerstars/tour-badugi-fl-sng-201011.txt", "ps-52588201462")]
    assert "/logs/a/pokerstars/tour-badugi-fl-sng-201011.txt:1 (the same site" in found[0][2]


# -- version 8 to 9: the halves of split pots become rows -----------------------------------

SCHEMAS = ROOT / "tests" / "data" / "schemas"
#: The user's own rows, each a version kept since it had the table.
_MARKS = ("hand_tags", "hand_notes", "player_notes", "player_labels")


def _halves_as_columns(con: duckdb.DuckDBPyConnection) -> set[tuple[str, str, str, str]]:
    """(source, hand, half, player) of each half a player won, as v4 to v8 kept them: the
    first and the second half of the game (the registry's names) in two columns."""
    names = {(game.id, number): half.name for game in GAMES.values() if game.split
             for number, half in enumerate(game.halves)}
    return {(source, hand, names[game, number], player)
            for source, hand, player, game, *won in con.execute(
                "SELECT source, hand_id, player, game, won_badugi_half, won_lowball_half "
                "FROM hand_players").fetchall()
            for number, flag in enumerate(won) if flag}


@pytest.mark.parametrize("version", range(2, SCHEMA_VERSION))
def test_each_earlier_schema_keeps_every_hand_half_note_and_tag(tmp_path: Path,
                                                                  version: int) -> None:
    path = tmp_path / "old.duckdb"
    with duckdb.connect(str(path)) as con:
        con.execute(f"IMPORT DATABASE '{SCHEMAS / f'v{version}'}'")
        if 4 <= version < 8:   # their logs were Badugi: three hands as a split game's
            con.execute("UPDATE hand_players SET game = 'badacey', won_badugi_half = won > 0, "
                        "won_lowball_half = net > 0 WHERE hand_id IN (SELECT DISTINCT hand_id "
                        "FROM hand_players ORDER BY hand_id LIMIT 3)")
        halves = _halves_as_columns(con) if 4 <= version < 9 else set()
        # from v9 on the halves are rows already, which a migration keeps as they are
        half_rows = (con.execute("SELECT * FROM pot_halves ORDER BY ALL").fetchall()
                     if version >= 9 else [])
        hands = con.execute("SELECT source, hand_id FROM hands ORDER BY ALL").fetchall()
        tables = {name for (name,) in con.execute("SELECT table_name FROM duckdb_tables()")
                  .fetchall()}
        marks = {table: con.execute(f"SELECT * FROM {table} ORDER BY ALL").fetchall()
                 for table in _MARKS if table in tables}
    assert (version < 8 or len(halves) + len(half_rows) > 40) and (version < 4 or halves
                                                                    or half_rows)
    with Store(path) as store:
        con = store.connection
        assert con.execute("SELECT source, hand_id FROM hands ORDER BY ALL").fetchall() == hands
        for table, rows in marks.items():
            assert con.execute(f"SELECT * FROM {table} ORDER BY ALL").fetchall() == rows
        if version >= 9:
            assert con.execute("SELECT * FROM pot_halves ORDER BY ALL").fetchall() == half_rows
            return
        assert set(con.execute("SELECT source, hand_id, half, player FROM pot_halves")
                   .fetchall()) == halves
        # which pot and how many chips the columns did not say
        assert con.execute("SELECT count(pot), count(share) FROM pot_halves").fetchall() == [
            (0, 0)]


# -- version 9 to 10: the audit that judged each file ----------------------------------------

REAL = ROOT / "tests" / "data" / "real"
#: The two PokerStars logs of every database of tests/data/schemas, by their names there.
_POKERSTARS_LOGS = {"cash.txt": REAL / "pokerstars" / "cash-badugi-fl-0.25-0.50-201009.txt",
                    "sng.txt": REAL / "pokerstars" / "tour-badugi-fl-sng-201011.txt"}


def _beside_its_logs(tmp_path: Path, version: int, folder: str,
                     logs: dict[str, Path]) -> tuple[Path, Path]:
    """The database of schema ``version`` (README.md of tests/data/schemas), whose logs lay
    in ``folder``, and those of its ``logs`` laid under ``tmp_path``: its files named by
    where the logs lie now."""
    laid = (tmp_path / "logs").resolve()
    laid.mkdir()
    for name, log in logs.items():
        shutil.copy(log, laid / name)
    path = tmp_path / f"v{version}.duckdb"
    with duckdb.connect(str(path)) as con:
        con.execute(f"IMPORT DATABASE '{SCHEMAS / f'v{version}'}'")
        for table, column in con.execute(
                "SELECT table_name, column_name FROM duckdb_columns() c SEMI JOIN duckdb_tables() "
                "USING (table_name) WHERE column_name IN ('source', 'path', 'first_source')"
        ).fetchall():
            con.execute(f"UPDATE {table} SET {column} = replace({column}, ?, ?)",
                        [folder, f"{laid}{os.sep}"])
    return path, laid


def _v2_beside_its_logs(tmp_path: Path) -> tuple[Path, Path]:
    """The v2 database and its two logs, laid under ``tmp_path``."""
    return _beside_its_logs(tmp_path, 2, "/tmp/schemas/logs/", _POKERSTARS_LOGS)


#: The columns of each table of the rows an import writes of a file (a migrated table's
#: new columns come last: they are named, in a new table's order).
_OF_A_FILE = {table: ", ".join(row._fields) for table, row in TABLES.items()
              if "source" in row._fields}


def _rows_of_files(con: duckdb.DuckDBPyConnection) -> dict[str, list[tuple[object, ...]]]:
    return {table: con.execute(f"SELECT {columns} FROM {table} ORDER BY ALL").fetchall()
            for table, columns in _OF_A_FILE.items()}


def test_a_migrated_database_s_logs_imported_again_are_judged_by_today_s_rules(
        tmp_path: Path) -> None:
    """v2 stored three G3 and an S3 that today's engine no longer raises (site practices);
    importing its unchanged logs replaces them, keeping the hands, tags and notes."""
    path, logs = _v2_beside_its_logs(tmp_path)
    with Store(path) as store:
        con = store.connection
        assert con.execute("SELECT rule, count(*) FROM violations GROUP BY ALL ORDER BY ALL"
                           ).fetchall() == [("G3", 3), ("S3", 1)]
        assert older_audit_count(con) == 2
        hands = con.execute("SELECT site, hand_id, source FROM hands ORDER BY ALL").fetchall()
        marked = hand_identity(*hands[0])
        add_tag(con, marked, "review")
        set_note(con, marked, "kept through a new audit")
        summary = store.import_paths([logs])
        assert (summary.files, summary.reaudited, summary.unchanged, summary.new_hands,
                summary.older_audit_gone) == (2, 2, 0, 0, 0)
        assert con.execute("SELECT site, hand_id, source FROM hands ORDER BY ALL").fetchall() == hands
        assert tags_of(con, marked) == ["review"]
        assert note_of(con, marked) == "kept through a new audit"
        assert older_audit_count(con) == 0
        reaudited = _rows_of_files(con)
        # at today's audit, nothing is read again
        again = store.import_paths([logs])
        assert (again.files, again.unchanged, again.reaudited, again.hands) == (2, 2, 0, 0)
        assert _rows_of_files(con) == reaudited
    with Store(tmp_path / "new.duckdb") as new:   # the same logs, imported today
        new.import_paths([logs])
        assert _rows_of_files(new.connection) == reaudited
        assert not reaudited["violations"]


def test_a_file_judged_by_an_older_audit_that_is_gone_is_counted_and_said(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, logs = _v2_beside_its_logs(tmp_path)
    (logs / "cash.txt").unlink()
    assert main(["import", str(logs), "--db", str(path)]) == 0
    err = capsys.readouterr().err
    assert err.count(older_audit_gone(1)) == 1
    assert main(["stats", "--db", str(path)]) == 0
    assert older_audit_line(1) in capsys.readouterr().out
    with Store(path) as store:   # the file still there was judged again
        assert store.connection.execute(
            "SELECT regexp_extract(path, '[^/\\\\]*$'), audit_version FROM sources ORDER BY 1"
        ).fetchall() == [("cash.txt", 0), ("sng.txt", AUDIT_VERSION)]


def test_an_appended_file_judged_by_an_older_audit_is_judged_again_whole(
        tmp_path: Path) -> None:
    """Appended to since (a log still being written): its old hands are judged again
    too, not only the new lines; with --jobs as with one process."""
    path, logs = _v2_beside_its_logs(tmp_path)
    with (logs / "sng.txt").open("ab") as log:
        log.write(b"\n\n")
    with Store(path) as store:
        summary = store.import_paths([logs], jobs=2)
        assert (summary.reaudited, summary.new_hands) == (2, 0)
        con = store.connection
        assert con.execute("SELECT count(*) FROM violations").fetchall() == [(0,)]
        assert con.execute("SELECT regexp_extract(path, '[^/\\\\]*$'), size FROM sources "
                           "ORDER BY 1").fetchall() == [
            (name, (logs / name).stat().st_size) for name in ("cash.txt", "sng.txt")]


# -- version 10 to 11: a hand's hash holds its draws and its showdown ----------------------

def test_the_hashes_a_v10_database_held_are_made_again_as_an_import_makes_them(
        tmp_path: Path) -> None:
    """Every stored hand's hash, and its own row of hand_sources, become those an import
    of today computes from the same logs (where a copy read today would otherwise not
    be compared with them: rows/identity.py)."""
    path = tmp_path / "old.duckdb"
    with duckdb.connect(str(path)) as con:
        con.execute(f"IMPORT DATABASE '{SCHEMAS / 'v10'}'")
        before = con.sql("SELECT DISTINCT length(content_hash) FROM hands").fetchall()
    real = ROOT / "tests" / "data" / "real" / "pokerstars"
    with Store(path) as old, Store(tmp_path / "new.duckdb") as new:
        new.import_paths([real / "cash-badugi-fl-0.25-0.50-201009.txt",
                          real / "tour-badugi-fl-sng-201011.txt"])
        for table in ("hands", "hand_sources"):
            query = (f"SELECT hand_id, content_hash FROM {table} WHERE site = 'pokerstars' "
                     "ORDER BY ALL")
            hashes = old.connection.sql(query).fetchall()
            assert len(hashes) == 108 and hashes == new.connection.sql(query).fetchall()
    assert before == [(32,)]


# -- version 11 to 12: amounts whose log names no currency are chips ------------------------

#: The logs of the v11 database whose rows v12 reads otherwise, and the PokerStars logs,
#: whose rows it keeps (its split-game logs are simulated: left out).
_V11_LOGS = {**_POKERSTARS_LOGS,
             "kingsclub.txt": REAL / "kingsclub" / "cash-badugi-fl-30-60-202010.txt",
             "badugi.phh": ROOT / "tests" / "data" / "phh" / "wikipedia-badugi.phh"}
_MONEY = ("SELECT source, site, kind, currency, unit, winner FROM sessions "
          "WHERE site IN ('kingsclub', 'phh') ORDER BY site")


def test_a_v11_database_migrated_holds_what_an_import_of_today_stores(tmp_path: Path) -> None:
    """v11 took KingsClub's cents for dollars and a PHH hand in chips naming no tournament
    for a tournament's (no winner): migrated, every row of their files is a new import's,
    the tournament's and the dollars' rows of PokerStars too."""
    path, logs = _beside_its_logs(tmp_path, 11, "/tmp/schemas11/logs/", _V11_LOGS)
    kingsclub, phh = (str(logs / name) for name in ("kingsclub.txt", "badugi.phh"))
    with duckdb.connect(str(path), read_only=True) as con:
        assert con.execute(_MONEY).fetchall() == [
            (kingsclub, "kingsclub", "cash", "USD", 100, None),
            (phh, "phh", "tournament", "chips", 1, None)]
    of_the_logs = f"source IN ({', '.join(repr(str(logs / name)) for name in _V11_LOGS)})"
    with Store(path) as old, Store(tmp_path / "new.duckdb") as new:
        new.import_paths([logs])
        assert old.connection.execute(_MONEY).fetchall() == [
            (kingsclub, "kingsclub", "cash", "chips", 100, None),
            (phh, "phh", "home", "chips", 1, "Carol")]
        for table in ("sessions", "session_players", "hands", "hand_players"):
            query = f"SELECT {_OF_A_FILE[table]} FROM {table} WHERE {of_the_logs} ORDER BY ALL"
            migrated = old.connection.execute(query).fetchall()
            assert migrated and migrated == new.connection.execute(query).fetchall(), table
