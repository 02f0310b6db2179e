"""Writes that fail say so in one line, name the file, and are never told done: a dataset
with a part cut short, a database where none can be made, a change of persons on a full
disk (simulated: the disk's error raised where the file is written)."""

from __future__ import annotations

import errno
from pathlib import Path

import pytest

from badugi_hh.cli import main
from badugi_hh.dataset import persons

ROOT = Path(__file__).resolve().parents[1]
FRIDAY = ROOT / "sample_logs" / "2026-11-06-ana-bruno-bust.txt"
SPLIT = ROOT / "sample_logs" / "2026-11-13-carla-dmitri-split.txt"


@pytest.fixture
def dataset(tmp_path: Path, capsys) -> Path:
    root = tmp_path / "ds"
    assert main(["import", str(FRIDAY), "--out", str(root)]) == 0
    capsys.readouterr()
    return root


def cut_short(path: Path) -> None:
    path.write_bytes(path.read_bytes()[:path.stat().st_size // 2])


def test_an_import_into_a_dataset_with_a_hands_part_cut_short_names_it(dataset: Path,
                                                                        capsys) -> None:
    [part] = dataset.glob("hands/*/*/part-*.parquet")
    cut_short(part)
    assert main(["import", str(SPLIT), "--out", str(dataset)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "internal error" not in err
    assert f"the dataset at {dataset} is damaged: " in err and str(part) in err
    assert err.rstrip().endswith("nothing was imported: put that file back from a copy, or "
                                 "import the logs into a new dataset")


def test_a_catalogue_cut_short_is_written_again(dataset: Path, capsys) -> None:
    cut_short(dataset / "rules" / "part-catalogue.parquet")
    assert main(["import", str(SPLIT), "--out", str(dataset)]) == 0
    assert main(["stats", "--data", str(dataset)]) == 0
    assert "internal error" not in capsys.readouterr().err


def test_a_database_that_cannot_be_made_is_one_line(tmp_path: Path, capsys) -> None:
    database = tmp_path / "friday.txt" / "db.duckdb"   # under a file: no folder to make it in
    (tmp_path / "friday.txt").write_text("a log\n", encoding="utf-8")
    assert main(["import", str(FRIDAY), "--db", str(database)]) == 1
    err = capsys.readouterr().err
    assert err == (f"badugi-hh import: cannot make {database}: {database.parent} is a file, "
                   "not a folder\n")


def full_disk(*_args: object, **_kwargs: object) -> None:
    raise OSError(errno.ENOSPC, "No space left on device")


@pytest.mark.parametrize("argv", [["alias", "Ana", "house:Ana"], ["me", "--clear"]])
def test_a_change_of_persons_on_a_full_disk_is_never_told_done(
        dataset: Path, argv: list[str], monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    monkeypatch.setattr(persons.pq, "write_table", full_disk)
    assert main([*argv, "--data", str(dataset)]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (f"badugi-hh {argv[0]}: cannot save the change into the dataset at "
                   f"{dataset}: No space left on device; nothing was changed\n")
    monkeypatch.undo()
    assert main(["alias", "--list", "--data", str(dataset)]) == 0
    assert capsys.readouterr().out.startswith("no persons yet")
    assert not list(dataset.glob("*.tmp"))
