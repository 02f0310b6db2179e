"""``--db FILE`` or ``--data DATASET``: the two places a command reads the tables from."""

from __future__ import annotations

import argparse
from pathlib import Path

import duckdb
import pytest

from badugi_hh.commands import DEFAULT_DB, add_source_arguments, open_tables
from badugi_hh.dataset import import_to_dataset
from badugi_hh.store import Store, StoreError

SAMPLE_LOGS = Path(__file__).resolve().parents[1] / "sample_logs"


def parse(*args: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="badugi-hh test")
    add_source_arguments(parser)
    return parser.parse_args(args)


@pytest.fixture(scope="module")
def sources(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The sample logs imported into a database and into a dataset."""
    folder = tmp_path_factory.mktemp("sources")
    with Store(folder / "sample.duckdb") as store:
        store.import_paths([SAMPLE_LOGS])
    done = import_to_dataset([str(SAMPLE_LOGS)], folder / "ds")
    summary, failures = done.summary, done.failures
    assert summary.new_hands and not failures
    return folder / "sample.duckdb", folder / "ds"


def test_db_is_the_default_and_data_excludes_it(capsys) -> None:
    assert (parse().db, parse().data) == (DEFAULT_DB, None)
    with pytest.raises(SystemExit):
        parse("--db", "a.duckdb", "--data", "ds/")
    assert "not allowed with argument" in capsys.readouterr().err


def test_both_hold_the_same_hands(sources: tuple[Path, Path]) -> None:
    db, data = sources
    query = "SELECT source, hand_id, net FROM hand_players ORDER BY ALL"
    with open_tables(parse("--db", str(db))) as from_db:
        expected = from_db.sql(query).fetchall()
    with open_tables(parse("--data", str(data))) as from_data:
        assert from_data.sql(query).fetchall() == expected
    assert expected


@pytest.mark.parametrize("option", ["--db", "--data"])
def test_the_connection_reaches_no_other_file(option: str, sources: tuple[Path, Path]) -> None:
    path = sources[0] if option == "--db" else sources[1]
    with open_tables(parse(option, str(path))) as con, pytest.raises(duckdb.Error):
        con.sql("SELECT * FROM read_csv('/etc/passwd')").fetchall()


@pytest.mark.parametrize(("option", "missing", "words"), [
    ("--db", "none.duckdb", "no database at"), ("--data", "none", "no dataset at")])
def test_a_missing_source_says_what_to_run(option: str, missing: str, words: str,
                                           tmp_path: Path) -> None:
    with pytest.raises(StoreError, match=words), open_tables(
            parse(option, str(tmp_path / missing))):
        pass
    assert not (tmp_path / missing).exists()
