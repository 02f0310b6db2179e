"""What a folder holds that is no log of it: one rule for ``import``, ``validate`` and
``watch`` (:func:`badugi_hh.sources.log_files_in`).

A named pipe (or a link to one) never blocks a watcher; ``data.csv.gz`` is no log for
any of them; a link leading out of the folder (``~/.ssh/id_rsa`` named ``id.txt``) is
skipped with its reason, while a link inside the folder is read; and a file that
yields no hand says that its text is kept in quarantine.
"""

from __future__ import annotations

import gzip
import os
import threading
from pathlib import Path

import duckdb
import pytest

from badugi_hh.cli import main
from badugi_hh.commands.importer import NO_HANDS_STORED
from badugi_hh.sources import Unreadable, log_files_in
from badugi_hh.store import Store
from badugi_hh.watch import Watcher, into_database

ROOT = Path(__file__).resolve().parents[1]
LOG = ROOT / "sample_logs" / "2026-11-06-ana-bruno-bust.txt"
#: A bound for a hung watcher, not a speed target (a look takes milliseconds).
PATIENCE = 30.0
SECRET = "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n"


@pytest.fixture
def watched(tmp_path: Path) -> tuple[Watcher, Path, Path]:
    folder, database = tmp_path / "logs", tmp_path / "db.duckdb"
    folder.mkdir()
    return Watcher([folder], into_database(database), settle=0.0, quiet=60.0), folder, database


def stepped(watcher: Watcher):
    """One look of the watcher in a thread; a look that blocks (a pipe opened) is
    released by writing into the pipes, and fails the test."""
    outcome: list[object] = []
    look = threading.Thread(target=lambda: outcome.append(watcher.step()), daemon=True)
    look.start()
    look.join(PATIENCE)
    if look.is_alive():
        for pipe in watcher.folders[0].glob("*pipe*"):
            os.close(os.open(pipe, os.O_WRONLY | os.O_NONBLOCK))
        pytest.fail("the watcher's look blocked on a named pipe")
    return outcome[0]


def test_a_named_pipe_in_a_watched_folder_is_skipped_and_said_once(watched) -> None:
    watcher, folder, database = watched
    watcher.snapshot()
    os.mkfifo(folder / "pipe.txt")
    (folder / "linked-pipe.log").symlink_to(folder / "pipe.txt")
    complete(folder / "friday.txt")
    batch = stepped(watcher)
    assert batch is not None and batch.summary.new_hands == 11
    assert sorted(batch.summary.unreadable) == [
        f"{folder / 'linked-pipe.log'}: not a regular file (a named pipe)",
        f"{folder / 'pipe.txt'}: not a regular file (a named pipe)"]
    assert stepped(watcher) is None   # said once


@pytest.mark.parametrize("name", ["data.csv.gz", "app.conf.gz"])
def test_a_gzipped_file_that_is_no_log_is_no_log_for_watch_nor_import(
        watched, tmp_path: Path, name: str) -> None:
    watcher, folder, database = watched
    watcher.snapshot()
    (folder / name).write_bytes(gzip.compress(b"id,name\n1,ana\n"))
    (folder / "friday.txt.gz").write_bytes(gzip.compress(LOG.read_bytes()))
    batch = stepped(watcher)
    assert batch.paths == [str(folder / "friday.txt.gz")] and batch.summary.quarantined == 0
    assert [str(found) for found in log_files_in(folder)] == [str(folder / "friday.txt.gz")]
    with Store(tmp_path / "other.duckdb") as store:
        summary = store.import_paths([folder])
    assert (summary.files, summary.quarantined) == (1, 0)


def complete(log: Path) -> None:
    """The sample log as a site leaves it: its last hand followed by a blank line."""
    log.write_text(LOG.read_text(encoding="utf-8").rstrip("\n") + "\n\n", encoding="utf-8")


@pytest.fixture
def outside_link(tmp_path: Path) -> Path:
    """A folder holding a log, a link to a log of its own, and ``id.txt``: a link to a
    private key outside it."""
    folder = tmp_path / "logs"
    (folder / "2026").mkdir(parents=True)
    complete(folder / "2026" / "friday.txt")
    (folder / "latest.txt").symlink_to(folder / "2026" / "friday.txt")
    (tmp_path / "id_ed25519").write_text(SECRET, encoding="utf-8")
    (folder / "id.txt").symlink_to(tmp_path / "id_ed25519")
    return folder


def test_import_skips_a_link_out_of_the_folder_and_reads_one_inside(
        outside_link: Path, tmp_path: Path, capsys) -> None:
    database = tmp_path / "db.duckdb"
    assert main(["import", str(outside_link), "--db", str(database)]) == 2
    out, err = capsys.readouterr()
    assert err.splitlines() == [
        f"badugi-hh import: {outside_link / 'id.txt'}: skipped: a link to "
        f"{tmp_path / 'id_ed25519'}, outside {outside_link}"]
    assert out.startswith("2 files read (1 unchanged, skipped): 11 hands, 11 new")
    assert ", 1 path not read in " in out
    with duckdb.connect(str(database), read_only=True) as con:
        assert con.execute("SELECT count(*) FROM quarantine").fetchone() == (0,)
        assert con.execute("SELECT count(*) FROM sources WHERE path LIKE '%id.txt'"
                           ).fetchone() == (0,)


def test_validate_and_watch_skip_the_same_link(outside_link: Path, tmp_path: Path,
                                               capsys) -> None:
    assert main(["validate", str(outside_link)]) == 2
    out, err = capsys.readouterr()
    assert f"{outside_link / 'id.txt'}: skipped: a link to" in err
    assert "OPENSSH" not in out + err
    watcher = Watcher([outside_link], into_database(tmp_path / "db.duckdb"), settle=0.0)
    batch = stepped(watcher)
    assert sorted(batch.paths) == [str(outside_link / "2026" / "friday.txt"),
                                   str(outside_link / "latest.txt")]
    assert [problem.split(":")[0] for problem in batch.summary.unreadable] == [
        str(outside_link / "id.txt")]


def test_a_file_with_no_hand_says_its_text_is_kept_in_quarantine(tmp_path: Path,
                                                                  capsys) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("remember to call Bruno\n", encoding="utf-8")
    database = tmp_path / "db.duckdb"
    assert main(["import", str(LOG), "--db", str(database)]) == 0   # a database with hands
    assert main(["import", str(notes), "--db", str(database)]) == 2
    assert f"{notes}: {NO_HANDS_STORED}" in capsys.readouterr().err
    with duckdb.connect(str(database), read_only=True) as con:
        assert con.execute("SELECT text FROM quarantine").fetchall() == [
            ("remember to call Bruno",)]


def test_the_shared_rule_names_what_it_skips(outside_link: Path) -> None:
    os.mkfifo(outside_link / "pipe.phh")
    (outside_link / "gone.txt").symlink_to(outside_link / "nothing")
    (outside_link / "loop.txt").symlink_to(outside_link / "loop.txt")
    skipped = {Path(found.path).name: found.reason for found in log_files_in(outside_link)
               if isinstance(found, Unreadable)}
    assert skipped == {
        "gone.txt": "a link to a file that does not exist",
        "id.txt": f"skipped: a link to {outside_link.parent / 'id_ed25519'}, outside "
                  f"{outside_link}",
        "loop.txt": "too many levels of symbolic links",
        "pipe.phh": "not a regular file (a named pipe)"}


def test_a_link_to_a_folder_is_named_alike_by_validate_import_and_watch(
        outside_link: Path, tmp_path: Path, capsys) -> None:
    """Links to folders are not followed (one out reads what lies outside, one within
    what is read already, either may loop): each is named, not passed over in silence."""
    (tmp_path / "elsewhere").mkdir()
    complete(tmp_path / "elsewhere" / "saturday.txt")
    (outside_link / "out").symlink_to(tmp_path / "elsewhere")
    (outside_link / "again").symlink_to(outside_link / "2026")
    said = {"again": f"{outside_link / 'again'}: skipped: a link to the folder "
                     f"{outside_link / '2026'}, whose logs are read where they lie (links to "
                     "folders are not followed)",
            "out": f"{outside_link / 'out'}: skipped: a link to the folder "
                   f"{tmp_path / 'elsewhere'}, outside {outside_link}"}
    assert main(["validate", str(outside_link)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert all(line in err for line in said.values())
    assert main(["import", str(outside_link), "--db", str(tmp_path / "db.duckdb")]) == 2
    out, err = capsys.readouterr()
    assert all(f"badugi-hh import: {line}" in err.splitlines() for line in said.values())
    assert ", 3 paths not read in " in out and "saturday" not in out + err.replace(
        said["out"], "")
    watcher = Watcher([outside_link], into_database(tmp_path / "w.duckdb"), settle=0.0)
    told = stepped(watcher).summary.unreadable
    assert len(told) == 3 and all(line in told for line in said.values())
