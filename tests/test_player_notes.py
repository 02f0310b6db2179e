"""Notes and colour labels on players (``note --player``, ``label``): kept by the player's
site and name through re-imports, a file deleted and imported again, the migration of a
database of each earlier schema, a dataset and ``export --format duckdb``; shown by
``opponents``, the Table and Players pages; ``stats --label`` and the sidebar's Label
filter choose the labelled players.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import duckdb
import pytest
from conftest import every_other_wide

from badugi_hh.cli import main
from badugi_hh.store import SCHEMA_VERSION, TABLES, Store, connect, schema_version
from badugi_hh.store.notes import NoteError
from badugi_hh.store.player_notes import label_of, player_note_of, set_label, set_player_note
from conftest import open_page

TESTS = Path(__file__).resolve().parent
REAL = TESTS / "data" / "real" / "pokerstars"
APP = TESTS.parent / "dashboards" / "app.py"
#: A hand of the cash log, as PokerStars printed its number; Hero and Lino19 sit at it.
HAND = "49164202872"
HERO, LINO = ("pokerstars", "Hero"), ("pokerstars", "Lino19")


@pytest.fixture
def logs(tmp_path: Path) -> Path:
    folder = tmp_path / "logs"
    folder.mkdir()
    shutil.copy(REAL / "cash-badugi-fl-0.25-0.50-201009.txt", folder / "cash.txt")
    shutil.copy(REAL / "tour-badugi-fl-sng-201011.txt", folder / "sng.txt")
    return folder


@pytest.fixture
def db(logs: Path, tmp_path: Path) -> Path:
    path = tmp_path / "hands.duckdb"
    with Store(path) as store:
        store.import_paths([logs])
    return path


def run(*argv: str) -> int:
    return main(list(argv))


def marks(db: Path, player: tuple[str, str] = HERO) -> tuple[str | None, str | None]:
    """The player's label and note, read from the database."""
    with Store(db, read_only=True) as store:
        label = label_of(store.connection, player)
        return (label.name if label else None), player_note_of(store.connection, player)


# -- the commands ----------------------------------------------------------------------

def test_a_note_on_a_player_is_written_printed_and_removed(db: Path, capsys) -> None:
    assert run("note", "--player", "PokerStars:hero", "calls down light\nbluffs rivers",
               "--db", str(db)) == 0
    assert capsys.readouterr().out.strip() == "Hero (PokerStars): note written"
    assert run("note", "--player", "pokerstars:Hero", "--db", str(db)) == 0
    assert capsys.readouterr().out.splitlines() == ["calls down light", "bluffs rivers"]
    assert run("note", "--player", "pokerstars:Hero", "", "--db", str(db)) == 0
    assert marks(db) == (None, None)
    capsys.readouterr()
    assert run("note", "--player", "pokerstars:Hero", "--db", str(db)) == 0
    assert capsys.readouterr().out.strip() == "Hero (PokerStars) has no note"


def test_a_label_is_given_replaced_shown_removed_and_listed(db: Path, capsys) -> None:
    assert run("label", "pokerstars:Hero", "FISH", "--db", str(db)) == 0
    assert capsys.readouterr().out.strip() == "Hero (PokerStars): labelled fish (green)"
    assert run("label", "pokerstars:Lino19", "calling station", "--colour", "Orange",
               "--db", str(db)) == 0
    assert run("label", "pokerstars:Hero", "Calling Station", "--db", str(db)) == 0
    assert run("note", "--player", "pokerstars:Hero", "loose\npassive", "--db", str(db)) == 0
    capsys.readouterr()
    assert run("label", "pokerstars:Hero", "--db", str(db)) == 0   # his label, his note
    assert capsys.readouterr().out.splitlines() == [
        "Hero (PokerStars): calling station (orange)", "loose"]
    assert run("label", "pokerstars:Hero", "calling station", "--color", "brown",
               "--db", str(db)) == 0   # a new colour for the label, both players'
    assert capsys.readouterr().out.strip() == \
        "Hero (PokerStars): labelled calling station (brown)"
    assert run("label", "--list", "--db", str(db)) == 0
    assert capsys.readouterr().out.splitlines() == [
        "fish\tgreen\t0 players", "reg\tblue\t0 players", "nit\tyellow\t0 players",
        "maniac\tred\t0 players", "friend\tpurple\t0 players",
        "calling station\tbrown\t2 players: pokerstars:Hero, pokerstars:Lino19"]
    assert run("label", "pokerstars:Hero", "--remove", "--db", str(db)) == 0
    assert run("label", "pokerstars:Lino19", "--remove", "--db", str(db)) == 0
    assert capsys.readouterr().out.splitlines() == [
        "Hero (PokerStars): label calling station removed",
        "Lino19 (PokerStars): label calling station removed"]
    assert run("label", "--list", "--db", str(db)) == 0   # a label of his own no one has: gone
    assert "calling station" not in capsys.readouterr().out
    assert run("label", "pokerstars:Hero", "--remove", "--db", str(db)) == 0
    assert capsys.readouterr().out.strip() == "Hero (PokerStars): had no label"


@pytest.mark.parametrize(("argv", "message"), [
    (("label", "stars2:Hero", "fish"), "'stars2:Hero' is not SITE:NAME with a known site"),
    (("label", "Hero", "fish"), "'Hero' is not SITE:NAME"),
    (("label", "pokerstars:", "fish"), "'pokerstars:' is not SITE:NAME"),
    (("label", "pokerstars:Nobody", "fish"), "no player 'Nobody' on pokerstars"),
    (("label", "pokerstars:Hero", "fi\x1bsh", "--colour", "red"),
     "a label cannot hold a control character (\\x1b at character 3)"),
    (("label", "pokerstars:Hero", "   "), "a label cannot be empty"),
    (("label", "pokerstars:Hero", "x" * 25, "--colour", "red"), "at most 24 characters"),
    (("label", "pokerstars:Hero", "station", "--colour", "teal"),
     "no colour 'teal': the colours are red, orange, yellow, green, blue, purple, brown"),
    (("label", "pokerstars:Hero", "station"), "'station' is a new label: give its colour"),
    (("label", "pokerstars:Hero", "fish", "--colour", "red"),
     "fish is a built-in label, always green"),
    (("label", "pokerstars:Hero", "--colour", "red"), "give SITE:NAME [LABEL"),
    (("label", "pokerstars:Hero", "fish", "--remove"), "give SITE:NAME [LABEL"),
    (("label", "--list", "pokerstars:Hero"), "give SITE:NAME [LABEL"),
    (("label",), "give SITE:NAME [LABEL"),
    (("note", "--player", "pokerstars:Hero", "a\x1b]0;owned\x07"),
     "a note cannot hold a control character (\\x1b at character 2); line breaks and tabs "
     "it may"),
    (("note", "--player", "pokerstars:Hero", "x" * 4001), "at most 4,000 characters"),
    (("note", "--player", "merge:Hero", "text"), "no player 'Hero' on merge"),
    (("note", "--player", "pokerstars:Hero", HAND, "text"), "the note alone, not a hand"),
    (("note",), "give HAND [TEXT], or --player SITE:NAME [TEXT]"),
])
def test_bad_input_is_exit_2_with_one_line_and_keeps_nothing(
        db: Path, capsys, argv: tuple[str, ...], message: str) -> None:
    assert run(*argv, "--db", str(db)) == 2
    error = capsys.readouterr().err
    assert message in error and error.count("\n") == 1 and "\x1b" not in error
    assert marks(db) == (None, None)


@pytest.mark.parametrize("argv", [("label", "pokerstars:Hero", "fish"),
                                  ("label", "pokerstars:Hero"), ("label", "--list"),
                                  ("note", "--player", "pokerstars:Hero", "tight")])
def test_a_missing_database_is_named_exit_1_and_never_made(tmp_path: Path, capsys,
                                                           argv: tuple[str, ...]) -> None:
    missing = tmp_path / "none.duckdb"
    assert run(*argv, "--db", str(missing)) == 1
    assert f"no database at {missing}" in capsys.readouterr().err
    assert not missing.exists()


def test_a_note_or_label_held_with_a_control_character_prints_escaped(db: Path,
                                                                      capsys) -> None:
    """A database written by other means (or shared) may hold one: it never reaches the
    terminal raw."""
    with Store(db) as store:
        store.connection.execute("INSERT INTO labels VALUES ('x\x1b[2J', 'red', now())")
        store.connection.execute("INSERT INTO player_labels VALUES "
                                 "('pokerstars', 'Hero', 'x\x1b[2J', now())")
        store.connection.execute("INSERT INTO player_notes VALUES "
                                 "('pokerstars', 'Hero', 'calls\n\x1b]0;owned\x07', now())")
    for argv in (("label", "pokerstars:Hero"), ("label", "--list"),
                 ("note", "--player", "pokerstars:Hero"), ("opponents", "--hand", HAND)):
        assert run(*argv, "--db", str(db)) == 0
        out = capsys.readouterr().out
        assert "\x1b" not in out and "\\x1b" in out, argv


def test_the_store_functions_refuse_what_the_commands_refuse(db: Path) -> None:
    with Store(db) as store:
        with pytest.raises(NoteError, match="control character"):
            set_player_note(store.connection, HERO, "a\x9bb")   # a C1 control
        with pytest.raises(NoteError, match="control character"):
            set_label(store.connection, HERO, "rtl\u202eoverride", "red")
        set_player_note(store.connection, HERO, "two\tcolumns\nand lines")
        assert player_note_of(store.connection, HERO) == "two\tcolumns\nand lines"


# -- kept ------------------------------------------------------------------------------

def test_notes_and_labels_survive_a_changed_file_re_imported(db: Path, logs: Path) -> None:
    assert run("label", "pokerstars:Hero", "nit", "--db", str(db)) == 0
    assert run("note", "--player", "pokerstars:Hero", "folds too much", "--db", str(db)) == 0
    log = logs / "cash.txt"
    log.write_bytes(log.read_bytes().replace(b"\n", b"\r\n"))   # changed: imported again
    with Store(db) as store:
        assert store.import_paths([logs]).files
    assert marks(db) == ("nit", "folds too much")


def test_notes_and_labels_survive_every_file_of_the_player_deleted_and_imported_again(
        db: Path, logs: Path, tmp_path: Path) -> None:
    assert run("label", "pokerstars:Lino19", "maniac", "--db", str(db)) == 0
    assert run("note", "--player", "pokerstars:Lino19", "raises any pair", "--db",
               str(db)) == 0
    moved = tmp_path / "elsewhere"
    moved.mkdir()
    with Store(db) as store:
        con = store.connection
        for path in logs.iterdir():   # every row read from the files, as the store forgets one
            for table, row_type in TABLES.items():
                if "source" in row_type._fields:
                    con.execute(f"DELETE FROM {table} WHERE source = ?", [str(path.resolve())])
            con.execute("DELETE FROM sources WHERE path = ?", [str(path.resolve())])
            shutil.move(path, moved / path.name)
        con.execute("DELETE FROM players")
        assert not con.execute("SELECT count(*) FROM hands").fetchall()[0][0]
        store.import_paths([moved])
    assert marks(db, LINO) == ("maniac", "raises any pair")


#: A database of each earlier schema, as its release wrote it (tests/data/schemas/README.md).
SCHEMAS = TESTS / "data" / "schemas"


def _earlier(version: int, path: Path) -> Path:
    """The database of schema ``version`` at ``path``."""
    if version == 1:
        shutil.copy(TESTS / "data" / "v1.duckdb", path)
    else:
        with duckdb.connect(str(path)) as con:
            con.execute(f"IMPORT DATABASE '{SCHEMAS / f'v{version}'}'")
    return path


# the first and the last version in the default run, every version in the wide tier
@pytest.mark.parametrize("version", [
    version if version in (1, SCHEMA_VERSION - 1) else pytest.param(version, marks=pytest.mark.wide)
    for version in range(1, SCHEMA_VERSION)])
def test_a_database_of_each_earlier_schema_migrates_and_keeps_notes_through_a_re_import(
        logs: Path, tmp_path: Path, version: int) -> None:
    path = _earlier(version, tmp_path / "old.duckdb")
    with duckdb.connect(str(path), read_only=True) as con:
        assert schema_version(con) == version
        hands = con.execute("SELECT count(DISTINCT hand_id) FROM hands").fetchall()
    with Store(path) as store:   # opening it migrates it, keeping every hand
        assert schema_version(store.connection) == SCHEMA_VERSION
        assert store.connection.execute(
            "SELECT count(DISTINCT hand_id) FROM hands").fetchall() == hands
        store.import_paths([logs])
    assert run("label", "pokerstars:Hero", "reg", "--db", str(path)) == 0
    assert run("note", "--player", "pokerstars:Hero", "tight", "--db", str(path)) == 0
    (logs / "cash.txt").write_bytes((logs / "cash.txt").read_bytes() + b"\n\n")
    with Store(path) as store:
        assert store.import_paths([logs]).files
    assert marks(path) == ("reg", "tight")


def test_the_v7_database_s_tags_and_notes_on_hands_survive_the_migration(
        tmp_path: Path) -> None:
    path = _earlier(7, tmp_path / "v7.duckdb")
    with Store(path) as store:
        con = store.connection
        assert con.execute("SELECT tag FROM hand_tags").fetchall() == [("review",)]
        assert con.execute("SELECT note FROM hand_notes").fetchall() == [("kept from v7",)]
        assert con.execute("SELECT count(*) FROM player_notes").fetchall() == [(0,)]


def test_a_dataset_keeps_notes_and_labels_beside_its_persons(logs: Path, tmp_path: Path,
                                                             capsys) -> None:
    dataset = tmp_path / "dataset"
    assert run("import", str(logs), "--out", str(dataset)) == 0
    assert run("label", "pokerstars:Hero", "friend", "--data", str(dataset)) == 0
    assert run("label", "pokerstars:Lino19", "station", "--colour", "black",
               "--data", str(dataset)) == 0
    assert run("note", "--player", "pokerstars:Hero", "my cousin", "--data", str(dataset)) == 0
    for table in ("player_labels", "player_notes", "labels"):
        assert (dataset / "persons" / f"{table}.parquet").is_file()
    assert run("import", str(logs), "--out", str(dataset)) == 0   # nothing new: kept
    capsys.readouterr()
    assert run("label", "pokerstars:Hero", "--data", str(dataset)) == 0
    assert capsys.readouterr().out.splitlines() == ["Hero (PokerStars): friend (purple)",
                                                    "my cousin"]
    assert run("stats", "--data", str(dataset), "--label", "STATION", "--json") == 0
    players = json.loads(capsys.readouterr().out)["players"]
    assert [player["player"] for player in players] == ["Lino19"]
    assert run("label", "pokerstars:nobody", "fish", "--data", str(dataset)) == 2


@pytest.mark.parametrize("origin", every_other_wide([("--db",), ("--data",)]))
def test_export_to_duckdb_copies_the_notes_and_labels_of_the_players_it_copies(
        logs: Path, db: Path, tmp_path: Path, origin: str) -> None:
    where = str(db)
    if origin == "--data":
        where = str(tmp_path / "dataset")
        assert run("import", str(logs), "--out", where) == 0
    assert run("label", "pokerstars:Hero", "station", "--colour", "blue", origin, where) == 0
    assert run("note", "--player", "pokerstars:Hero", "min-raises", origin, where) == 0
    # Player7 is of the tournament alone: a slice of the cash hands leaves his label out
    assert run("label", "pokerstars:Player7", "nit", origin, where) == 0
    whole, cash = tmp_path / "whole.duckdb", tmp_path / "cash.duckdb"
    assert run("export", "--format", "duckdb", origin, where, "--out", str(whole)) == 0
    assert run("export", "--format", "duckdb", origin, where, "--out", str(cash),
               "--player", "Lino19") == 0
    assert marks(whole) == marks(cash) == ("station", "min-raises")
    assert marks(whole, ("pokerstars", "Player7"))[0] == "nit"
    assert marks(cash, ("pokerstars", "Player7")) == (None, None)
    with Store(cash, read_only=True) as store:
        assert label_of(store.connection, HERO).colour == "blue"


# -- shown, and filtered on ------------------------------------------------------------

def test_stats_label_chooses_the_labelled_players(db: Path, capsys) -> None:
    assert run("label", "pokerstars:Hero", "fish", "--db", str(db)) == 0
    assert run("label", "pokerstars:Lino19", "fish", "--db", str(db)) == 0
    capsys.readouterr()
    assert run("stats", "--db", str(db), "--label", "Fish", "--json") == 0
    players = json.loads(capsys.readouterr().out)["players"]
    assert sorted(player["player"] for player in players) == ["Hero", "Lino19"]
    assert run("stats", "--db", str(db), "--label", "reg") == 2
    assert "--label 'reg': no player has that label; the labels given are fish" in \
        capsys.readouterr().err


def test_stats_label_on_a_database_with_no_label_says_how_to_give_one(db: Path,
                                                                      capsys) -> None:
    assert run("stats", "--db", str(db), "--label", "fish") == 2
    assert "no player is labelled yet (badugi-hh label SITE:NAME LABEL" in \
        capsys.readouterr().err


def test_opponents_shows_each_player_s_label_and_note_s_first_line(db: Path,
                                                                   capsys) -> None:
    assert run("label", "pokerstars:Hero", "maniac", "--db", str(db)) == 0
    assert run("note", "--player", "pokerstars:Hero", "caps every draw\nsecond line",
               "--db", str(db)) == 0
    capsys.readouterr()
    assert run("opponents", "--hand", HAND, "--db", str(db)) == 0
    out = capsys.readouterr().out
    assert "Seat 2: Hero (PokerStars), 4 hands, labelled maniac (red)\n  note: caps every " \
           "draw\n" in out and "second line" not in out
    assert run("opponents", "--hand", HAND, "--db", str(db), "--json") == 0
    players = {p["player"]: p for p in json.loads(capsys.readouterr().out)["players"]}
    assert players["Hero"]["label"] == {"name": "maniac", "colour": "red"}
    assert players["Hero"]["note"] == "caps every draw"
    assert players["Lino19"]["label"] is None and players["Lino19"]["note"] is None


@pytest.fixture
def browsing(db: Path, monkeypatch: pytest.MonkeyPatch, dashlib_path: None) -> Iterator[Path]:
    """The app browses ``db``; its reader's connection is closed after the test, not
    left to its idle timer (a connection open when the interpreter ends aborts it)."""
    monkeypatch.setenv("BADUGI_HH_DB", str(db))
    monkeypatch.delenv("BADUGI_HH_DATA", raising=False)
    yield db
    from dashlib import data

    data.reader(str(db.resolve())).release()


@pytest.fixture
def browsed_db(browsing: Path) -> Path:
    assert run("label", "pokerstars:Hero", "fish", "--db", str(browsing)) == 0
    assert run("note", "--player", "pokerstars:Hero", "limps & calls <b>\nmore", "--db",
               str(browsing)) == 0
    return browsing


def _open(page: str, **query: str):
    from streamlit.testing.v1 import AppTest

    return open_page(AppTest.from_file(str(APP), default_timeout=60), page, **query)


def test_the_table_page_shows_each_seated_player_s_label_and_note(browsed_db: Path,
                                                                  logs: Path) -> None:
    app = _open("table", hand=f"ps-{HAND}", source=str((logs / "cash.txt").resolve()))
    page = "".join(element.proto.body for element in app.get("html"))
    hero_row = page[page.index('<tr data-player="Hero">'):]
    hero_row = hero_row[:hero_row.index("</tr>")]
    assert 'data-colour="green"' in hero_row and ">fish</span>" in hero_row
    assert "limps &amp; calls &lt;b&gt;" in hero_row and "more" not in hero_row
    lino_row = page[page.index('<tr data-player="Lino19">'):]
    assert "player-label" not in lino_row[:lino_row.index("</tr>")]


def test_without_a_label_or_note_the_pages_show_no_column_of_them(browsing: Path,
                                                                   logs: Path) -> None:
    app = _open("table", hand=f"ps-{HAND}", source=str((logs / "cash.txt").resolve()))
    page = "".join(element.proto.body for element in app.get("html"))
    assert '<tr data-player="Hero">' in page and "your note" not in page
    app = _open("players")
    assert "Hero" in set(app.dataframe[0].value["player"])
    assert not {"label", "note"} & set(app.dataframe[0].value.columns)
    assert "Label" not in [box.label for box in app.sidebar.selectbox]


def test_the_players_page_shows_labels_and_notes_and_the_label_filter_keeps_the_labelled(
        browsed_db: Path) -> None:
    app = _open("players")
    table = app.dataframe[0].value
    hero = table[table["player"] == "Hero"].iloc[0]
    assert hero["label"] == "🟢 fish" and hero["note"] == "limps & calls <b>"
    assert set(table.loc[table["player"] == "Lino19", "label"]) == {""}
    app.sidebar.selectbox(key="filter_label").select("fish").run()
    assert not app.exception
    assert set(app.dataframe[0].value["player"]) == {"Hero"}
