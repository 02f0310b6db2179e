"""Persons: the names one human plays under on several sites, and which person the user is.

``badugi-hh alias`` and ``me`` keep them in a database or in a dataset; the functions of
``badugi_hh.store.persons`` read them from either, for the statistics and the dashboard.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from badugi_hh import cli
from badugi_hh.dataset import connect_dataset
from badugi_hh.store import Store
from badugi_hh.store.persons import me, names_of, persons

ROOT = Path(__file__).resolve().parents[1]
REAL = ROOT / "tests" / "data" / "real"


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory,
             real_dataset: Path) -> tuple[Path, Path]:
    """The real exports in a database and in a dataset (Hero plays on four sites)."""
    folder = tmp_path_factory.mktemp("persons")
    with Store(folder / "real.duckdb") as store:
        store.import_paths([REAL])
    return folder / "real.duckdb", real_dataset


@pytest.fixture(params=["--db", pytest.param("--data", marks=pytest.mark.wide)])
def tables(request: pytest.FixtureRequest, imported: tuple[Path, Path],
           tmp_path: Path) -> list[str]:
    """``--db COPY`` or ``--data COPY``: a fresh copy of the imported hands for each test."""
    import shutil

    db, ds = imported
    if request.param == "--db":
        shutil.copy(db, tmp_path / "real.duckdb")
        return ["--db", str(tmp_path / "real.duckdb")]
    shutil.copytree(ds, tmp_path / "ds")
    return ["--data", str(tmp_path / "ds")]


def reading(tables: list[str]):
    option, path = tables
    return Store(path, read_only=True).connection if option == "--db" else connect_dataset(path)


def test_alias_names_a_persons_names_on_several_sites(tables: list[str], capsys) -> None:
    assert cli.main(["alias", "Ana", "pokerstars:hero", "Full Tilt:Hero", "kingsclub:Hero",
                     *tables]) == 0
    assert capsys.readouterr().out == (
        "Ana: fulltilt:Hero, kingsclub:Hero, pokerstars:Hero (3 names)\n")
    con = reading(tables)
    assert persons(con) == ["Ana"]
    assert names_of(con, "ana") == [("fulltilt", "Hero"), ("kingsclub", "Hero"),
                                    ("pokerstars", "Hero")]
    assert me(con) is None


def test_me_names_the_user_and_survives_an_import(tables: list[str], capsys) -> None:
    assert cli.main(["alias", "Ana", "merge:Hero", *tables]) == 0
    assert cli.main(["me", "ANA", *tables]) == 0
    assert cli.main(["me", *tables]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "you are Ana: merge:Hero"
    option, path = tables
    importing = ["--out", path] if option == "--data" else ["--db", path]
    assert cli.main(["import", str(ROOT / "sample_logs" / "2026-11-06-ana-bruno-bust.txt"),
                     *importing]) == 0
    assert me(reading(tables)) == "Ana"
    assert cli.main(["me", "--clear", *tables]) == 0
    assert me(reading(tables)) is None


def test_a_name_given_to_another_person_moves(tables: list[str], capsys) -> None:
    assert cli.main(["alias", "Ana", "merge:Hero", "winamax:Player4", *tables]) == 0
    assert cli.main(["alias", "Bo", "merge:Hero", *tables]) == 0
    assert "merge:Hero was Ana's: it is now Bo's" in capsys.readouterr().out
    con = reading(tables)
    assert names_of(con, "Ana") == [("winamax", "Player4")]
    assert names_of(con, "Bo") == [("merge", "Hero")]


def test_alias_list_and_remove(tables: list[str], capsys) -> None:
    assert cli.main(["alias", "Ana", "merge:Hero", "winamax:Player4", *tables]) == 0
    assert cli.main(["me", "Ana", *tables]) == 0
    capsys.readouterr()
    assert cli.main(["alias", "--list", *tables]) == 0
    assert capsys.readouterr().out == "Ana: merge:Hero, winamax:Player4 (2 names) (me)\n"
    assert cli.main(["alias", "--remove", "Ana", "merge:Hero", *tables]) == 0
    assert cli.main(["alias", "--remove", "Ana", *tables]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "Ana: 1 name removed", "Ana: 1 name removed; Ana is no longer a person"]
    con = reading(tables)
    assert persons(con) == [] and me(con) is None   # the user was Ana: now no one


@pytest.mark.parametrize(("argv", "said"), [
    (["alias", "Ana", "betfair:Hero"], "'betfair:Hero' is not SITE:NAME with a known site"),
    (["alias", "Ana", "Hero"], "'Hero' is not SITE:NAME"),
    (["alias", "Ana", "pokerstars:Nobody"], "no player 'Nobody' on pokerstars"),
    (["alias", "--remove", "Zed"], "no person 'Zed' (persons: none yet)"),
    (["alias", " ", "merge:Hero"], "a person's name cannot be empty"),
    (["me", "Zed"], "no person 'Zed'"),
])
def test_what_is_not_known_is_exit_2_and_changes_nothing(tables: list[str], capsys,
                                                         argv: list[str], said: str) -> None:
    assert cli.main([*argv, *tables]) == 2
    assert said in capsys.readouterr().err
    assert persons(reading(tables)) == []


def test_a_name_of_another_person_is_not_removed_from_this_one(tables: list[str],
                                                               capsys) -> None:
    assert cli.main(["alias", "Ana", "merge:Hero", *tables]) == 0
    assert cli.main(["alias", "--remove", "Ana", "winamax:Player4", *tables]) == 2
    assert "winamax:Player4 is not a name of Ana's" in capsys.readouterr().err
    assert names_of(reading(tables), "Ana") == [("merge", "Hero")]


def test_a_dataset_keeps_its_persons_in_a_file_of_its_own(imported: tuple[Path, Path],
                                                          tmp_path: Path) -> None:
    import shutil

    shutil.copytree(imported[1], tmp_path / "ds")
    assert cli.main(["alias", "Ana", "merge:Hero", "--data", str(tmp_path / "ds")]) == 0
    assert sorted(path.name for path in (tmp_path / "ds" / "persons").iterdir()) == [
        "aliases.parquet", "hand_notes.parquet", "hand_tags.parquet", "labels.parquet",
        "player_labels.parquet", "player_notes.parquet", "settings.parquet"]
    assert not list((tmp_path / "ds").glob("*.tmp"))


def test_the_alias_table_reads_the_same_from_a_database_and_its_dataset(
        imported: tuple[Path, Path], tmp_path: Path) -> None:
    import shutil

    shutil.copy(imported[0], tmp_path / "db.duckdb")
    shutil.copytree(imported[1], tmp_path / "ds")
    for tables in (["--db", str(tmp_path / "db.duckdb")], ["--data", str(tmp_path / "ds")]):
        assert cli.main(["alias", "Ana", "pokerstars:Hero", "house:Ana", *tables]) == 2
        assert cli.main(["alias", "Ana", "pokerstars:Hero", *tables]) == 0
    query = "SELECT * FROM aliases ORDER BY ALL"
    assert (Store(tmp_path / "db.duckdb", read_only=True).connection.sql(query).fetchall()
            == connect_dataset(tmp_path / "ds").sql(query).fetchall()
            == [("pokerstars", "Hero", "Ana")])
