"""Tags and notes on hands: kept by the hand's identity (site, hand id) through
re-imports, a file deleted and imported again, a copy of the hand in another file, the
v6 -> v7 migration, and in a dataset; ``--tag`` chooses hands in ``stats`` and
``export``.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import duckdb
import pytest

from badugi_hh import stats
from badugi_hh.cli import main
from badugi_hh.store import SCHEMA_VERSION, TABLES, Store, connect, schema_version
from badugi_hh.store.notes import HandIdentity, NoteError, add_tag, tags_of

REAL = Path(__file__).resolve().parent / "data" / "real"
CASH_BADUGI = REAL / "pokerstars" / "cash-badugi-fl-0.25-0.50-201009.txt"
SNG = REAL / "pokerstars" / "tour-badugi-fl-sng-201011.txt"
V1 = Path(__file__).resolve().parent / "data" / "v1.duckdb"
#: Two hands of the cash log, as PokerStars printed their numbers.
FIRST, LAST = "49164202872", "49164287914"


@pytest.fixture
def logs(tmp_path: Path) -> Path:
    folder = tmp_path / "logs"
    folder.mkdir()
    shutil.copy(CASH_BADUGI, folder / "cash.txt")
    shutil.copy(SNG, folder / "sng.txt")
    return folder


@pytest.fixture
def db(logs: Path, tmp_path: Path) -> Path:
    path = tmp_path / "hands.duckdb"
    with Store(path) as store:
        store.import_paths([logs])
    return path


def run(*argv: str) -> int:
    return main(list(argv))


def tagged_hands(db: Path, tag: str) -> set[str]:
    con = connect(db, read_only=True)
    try:
        filters = stats.resolve(con, tag=tag)
        return {hand_id for hand_id, in con.execute(
            f"SELECT DISTINCT hand_id FROM hand_players {filters.where()[0]}",
            filters.where()[1]).fetchall()}
    finally:
        con.close()


def test_tag_untag_list_and_note(db: Path, capsys) -> None:
    assert run("tag", FIRST, "bad beat", "--db", str(db)) == 0
    assert run("tag", LAST, "Bad Beat", "--db", str(db)) == 0   # the same tag, any case
    assert run("tag", LAST, "review", "--db", str(db)) == 0
    assert run("note", LAST, "He raises the river with a rough eight", "--db", str(db)) == 0
    capsys.readouterr()
    assert run("tag", "--list", "--db", str(db)) == 0
    assert capsys.readouterr().out.splitlines() == ["bad beat\t2 hands", "review\t1 hand"]
    assert run("tag", LAST, "--db", str(db)) == 0
    assert capsys.readouterr().out.splitlines() == [f"PokerStars hand {LAST}: bad beat, review",
                                                    "He raises the river with a rough eight"]
    assert run("tag", FIRST, "BAD BEAT", "--remove", "--db", str(db)) == 0
    assert tagged_hands(db, "bad beat") == {f"ps-{LAST}"}
    assert run("note", LAST, "", "--db", str(db)) == 0
    capsys.readouterr()
    assert run("note", LAST, "--db", str(db)) == 0
    assert capsys.readouterr().out.strip() == f"PokerStars hand {LAST} has no note"


def test_an_unknown_hand_or_a_bad_tag_is_exit_2(db: Path, capsys) -> None:
    assert run("tag", "123", "review", "--db", str(db)) == 2
    assert f"no hand '123' in the database {db}" in capsys.readouterr().err
    assert run("note", "ps-1", "text", "--db", str(db)) == 2
    assert "no hand 'ps-1'" in capsys.readouterr().err
    assert run("tag", FIRST, "   ", "--db", str(db)) == 2
    assert "a tag cannot be empty" in capsys.readouterr().err
    assert run("tag", "--db", str(db)) == 2


def test_stats_and_export_choose_the_hands_of_a_tag(db: Path, tmp_path: Path,
                                                    capsys) -> None:
    assert run("tag", FIRST, "review", "--db", str(db)) == 0
    assert run("tag", LAST, "review", "--db", str(db)) == 0
    capsys.readouterr()
    assert run("stats", "--db", str(db), "--tag", "REVIEW", "--json") == 0
    report = json.loads(capsys.readouterr().out)
    assert report["coverage"]["hands_read"] == 2
    hero = next(p for p in report["players"] if p["player"] == "Hero")
    assert hero["hands"] == 2 and hero["net"]["text"] == "-$0.25"   # his big blind, lost
    assert run("stats", "--db", str(db), "--tag", "nothing") == 2
    assert "--tag 'nothing': no hand has that tag; the tags are review" in \
        capsys.readouterr().err
    out = tmp_path / "export"
    assert run("export", "--format", "house", "--db", str(db), "--tag", "review",
               "--out", str(out)) == 0
    assert "2 hands written" in capsys.readouterr().err


def test_tags_and_notes_survive_a_changed_file_re_imported(db: Path, logs: Path) -> None:
    assert run("tag", LAST, "review", "--db", str(db)) == 0
    assert run("note", LAST, "remember", "--db", str(db)) == 0
    log = logs / "cash.txt"
    log.write_bytes(log.read_bytes().replace(b"\n", b"\r\n"))   # changed: imported again
    with Store(db) as store:
        summary = store.import_paths([logs])
        hands = store.connection.execute("SELECT count(*) FROM hands").fetchall()[0][0]
    assert summary.files and hands == 108
    assert tagged_hands(db, "review") == {f"ps-{LAST}"}
    con = connect(db, read_only=True)
    try:
        (found,) = stats.find_hands(con, LAST)
        assert stats.hand_marks(con, found.key) == stats.HandMarks(["review"], "remember")
    finally:
        con.close()


def test_tags_survive_a_file_deleted_and_imported_again_from_elsewhere(
        db: Path, logs: Path, tmp_path: Path) -> None:
    """Every row read from the file removed, as the store forgets a file; the log then
    imported from another folder: its hands are stored anew, and keep their tags."""
    assert run("tag", LAST, "review", "--db", str(db)) == 0
    old = str((logs / "cash.txt").resolve())
    moved = tmp_path / "elsewhere"
    moved.mkdir()
    shutil.move(logs / "cash.txt", moved / "cash-copy.txt")
    with Store(db) as store:
        con = store.connection
        for table, row_type in TABLES.items():
            if "source" in row_type._fields:
                con.execute(f"DELETE FROM {table} WHERE source = ?", [old])
        con.execute("DELETE FROM sources WHERE path = ?", [old])
        assert not stats.find_hands(con, LAST)
        store.import_paths([moved])
        (found,) = stats.find_hands(con, LAST)
    assert found.source == str((moved / "cash-copy.txt").resolve())
    assert tagged_hands(db, "review") == {f"ps-{LAST}"}


def _as_v6(path: Path) -> None:
    """The database as the v6 release left it: v7 only added the tables of tags and
    notes (v9 turned two columns of halves into pot_halves, v10 recorded each file's
    audit)."""
    con = duckdb.connect(str(path))
    try:
        con.execute("DROP TABLE hand_tags")
        con.execute("DROP TABLE hand_notes")
        con.execute("DROP TABLE pot_halves")
        con.execute("ALTER TABLE sources DROP COLUMN audit_version")
        for column in ("won_badugi_half", "won_lowball_half"):
            con.execute(f"ALTER TABLE hand_players ADD COLUMN {column} BOOLEAN")
        con.execute("DELETE FROM schema_version")
        con.execute("INSERT INTO schema_version VALUES (6, now())")
    finally:
        con.close()


def test_a_v6_database_migrates_and_its_tags_then_survive_a_re_import(
        db: Path, logs: Path) -> None:
    _as_v6(db)
    with duckdb.connect(str(db), read_only=True) as con:
        assert schema_version(con) == 6
    assert run("tag", LAST, "review", "--db", str(db)) == 0   # opens it: migrates to v7 on
    with duckdb.connect(str(db), read_only=True) as con:
        assert schema_version(con) == SCHEMA_VERSION > 7
        assert con.execute("SELECT max(version) FROM schema_version").fetchall() == [
            (SCHEMA_VERSION,)]
    (logs / "cash.txt").write_bytes((logs / "cash.txt").read_bytes() + b"\n\n")
    with Store(db) as store:
        store.import_paths([logs])
    assert tagged_hands(db, "review") == {f"ps-{LAST}"}


def test_a_v1_database_migrates_to_tables_of_tags(tmp_path: Path) -> None:
    path = tmp_path / "old.duckdb"
    shutil.copy(V1, path)
    with Store(path) as store:
        con = store.connection
        hand_id, site = con.execute("SELECT hand_id, site FROM hands LIMIT 1").fetchall()[0]
        assert add_tag(con, HandIdentity(site, hand_id, ""), "old hand")
        assert tags_of(con, HandIdentity(site, hand_id, "")) == ["old hand"]


def test_tag_list_counts_the_tagged_hands_stored_now(db: Path, logs: Path, capsys) -> None:
    """A file rewritten without a tagged hand takes the hand out, not its tag (the hand
    read again has it back): ``tag --list`` counts the hands ``stats --tag`` finds, and
    says how many tagged hands are not stored now."""
    assert run("tag", LAST, "bad beat", "--db", str(db)) == 0
    assert run("tag", FIRST, "review", "--db", str(db)) == 0
    log = logs / "cash.txt"
    whole = log.read_bytes()
    log.write_bytes(whole[:whole.index(f"PokerStars Game #{LAST}".encode())])   # all but it
    with Store(db) as store:
        assert store.import_paths([logs]).removed_hands == 1
    assert tagged_hands(db, "bad beat") == set()
    capsys.readouterr()
    assert run("tag", "--list", "--db", str(db)) == 0
    assert capsys.readouterr().out.splitlines() == [
        "bad beat\t0 hands (1 tagged hand not stored now)", "review\t1 hand"]
    log.write_bytes(whole)   # the hand read again has its tag back
    with Store(db) as store:
        store.import_paths([logs])
    assert run("tag", "--list", "--db", str(db)) == 0
    assert capsys.readouterr().out.splitlines() == ["bad beat\t1 hand", "review\t1 hand"]


def test_a_dataset_keeps_tags_and_notes_beside_its_persons(logs: Path, tmp_path: Path,
                                                           capsys) -> None:
    dataset = tmp_path / "dataset"
    assert run("import", str(logs), "--out", str(dataset)) == 0
    assert run("tag", LAST, "review", "--data", str(dataset)) == 0
    assert run("note", LAST, "in a dataset", "--data", str(dataset)) == 0
    assert (dataset / "persons" / "hand_tags.parquet").is_file()
    capsys.readouterr()
    assert run("stats", "--data", str(dataset), "--tag", "review", "--json") == 0
    assert json.loads(capsys.readouterr().out)["coverage"]["hands_read"] == 1
    assert run("note", LAST, "--data", str(dataset)) == 0
    assert capsys.readouterr().out.strip() == "in a dataset"
    assert run("import", str(logs), "--out", str(dataset)) == 0   # nothing new: kept
    capsys.readouterr()
    assert run("tag", "--list", "--data", str(dataset)) == 0
    assert capsys.readouterr().out.strip() == "review\t1 hand"


def test_a_tag_too_long_or_with_a_control_character_is_refused(db: Path) -> None:
    with Store(db) as store:
        hand = HandIdentity("pokerstars", f"ps-{LAST}", "")
        with pytest.raises(NoteError, match="at most 40"):
            add_tag(store.connection, hand, "x" * 41)
        with pytest.raises(NoteError, match="control character"):
            add_tag(store.connection, hand, "a\x1bb")


def test_the_sidebar_s_tag_reaches_the_figures(db: Path, monkeypatch: pytest.MonkeyPatch
                                               ) -> None:
    """The dashboard's Tag filter: the Overview counts the tagged hands only."""
    from streamlit.testing.v1 import AppTest

    assert run("tag", FIRST, "review", "--db", str(db)) == 0
    monkeypatch.setenv("BADUGI_HH_DB", str(db))
    monkeypatch.delenv("BADUGI_HH_DATA", raising=False)
    app = AppTest.from_file(str(Path(__file__).resolve().parents[1] / "dashboards" / "app.py"),
                            default_timeout=60)
    app.run()
    hands = next(metric for metric in app.metric if metric.label == "Hands")
    assert hands.value == "108"
    app.sidebar.selectbox(key="filter_tag").select("review").run()
    assert not app.exception
    hands = next(metric for metric in app.metric if metric.label == "Hands")
    assert hands.value == "1"
