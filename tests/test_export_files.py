"""``badugi-hh export`` never writes over a log, a file it did not write, or itself.

The attacks of issue 24: an export into the folder its log came from rewrote the
log with one session (202 hands became 12); two logs named ``friday.txt`` exported
to one ``friday.phhs`` (23 hands written, 12 kept); a full disk left a truncated
``.phhs`` and a damaged ``.duckdb`` that stopped every later run; a hand stored
once was written twice.
"""

from __future__ import annotations

import errno
import hashlib
import json
import shutil
import subprocess
from pathlib import Path

import duckdb
import pytest

from badugi_hh.cli import main
from badugi_hh.commands.export_files import MANIFEST, PARTIAL
from badugi_hh.parsers import read_records
from badugi_hh.events import Hand
from badugi_hh.store import Store, connect

SAMPLES = Path(__file__).resolve().parents[1] / "sample_logs"
LEAGUE = SAMPLES / "2026-summer-sunday-league.txt"   # 202 hands, many sessions
BUST = SAMPLES / "2026-11-06-ana-bruno-bust.txt"       # 11 hands
HIDDEN = SAMPLES / "2026-11-20-ana-carla-hidden.txt"   # 12 hands


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def imported(tmp_path: Path, logs: dict[str, Path]) -> Path:
    """A database of copies of ``logs`` (name in tmp_path/logs: original)."""
    for name, original in logs.items():
        copy = tmp_path / "logs" / name
        copy.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(original, copy)
    db = tmp_path / "hands.duckdb"
    with Store(db) as store:
        store.import_paths([tmp_path / "logs"])
    return db


def hands_in(path: Path) -> list[str]:
    return [record.hand_id for record in read_records(path) if isinstance(record, Hand)]


def files_under(folder: Path) -> list[str]:
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())


def stored_hands(db: Path) -> int:
    con = connect(db, read_only=True)
    try:
        return con.execute("SELECT count(*) FROM hands").fetchall()[0][0]
    finally:
        con.close()


@pytest.mark.parametrize("form", ["house", "phh"])
def test_the_folder_a_log_came_from_is_refused(form: str, tmp_path: Path, capsys) -> None:
    db = imported(tmp_path, {"league.txt": LEAGUE})
    log = tmp_path / "logs" / "league.txt"
    before = digest(log)
    session = "sun-0609"
    assert main(["export", "--format", form, "--db", str(db), "--out", str(log.parent),
                 "--session", session]) == 1
    err = capsys.readouterr().err
    assert err == (f"badugi-hh export: {log.parent} holds {log}, a log imported into the "
                   "database: an export there could write over it; name another folder\n")
    assert digest(log) == before and len(hands_in(log)) == 202
    with Store(db) as store:   # importing again loses nothing
        store.import_paths([log.parent])
    assert stored_hands(db) == 202


def test_a_folder_an_export_did_not_write_is_refused(tmp_path: Path, capsys) -> None:
    db = imported(tmp_path, {"bust.txt": BUST})
    out = tmp_path / "out"
    out.mkdir()
    (out / "notes.txt").write_text("mine")
    (out / "bust.phhs").write_text("my own PHH, typed by hand")
    assert main(["export", "--format", "phh", "--db", str(db), "--out", str(out)]) == 1
    assert capsys.readouterr().err == (
        f"badugi-hh export: {out} holds 2 files no export wrote (bust.phhs, notes.txt): "
        "name a new or empty folder, or one an export wrote\n")
    assert files_under(out) == ["bust.phhs", "notes.txt"]
    assert (out / "bust.phhs").read_text() == "my own PHH, typed by hand"


def test_an_export_again_replaces_its_own_files_and_only_them(tmp_path: Path,
                                                             capsys) -> None:
    db = imported(tmp_path, {"bust.txt": BUST, "hidden.txt": HIDDEN})
    out = tmp_path / "out"
    assert main(["export", "--format", "phh", "--db", str(db), "--out", str(out)]) == 0
    assert files_under(out) == [MANIFEST, "bust.phhs", "hidden.phhs"]
    first = (out / "bust.phhs").read_text()
    assert main(["export", "--format", "phh", "--db", str(db), "--out", str(out),
                 "--player", "Bruno"]) == 0
    assert files_under(out) == [MANIFEST, "bust.phhs"]   # the folder is this export's
    assert (out / "bust.phhs").read_text() == first
    manifest = json.loads((out / MANIFEST).read_text())
    assert manifest["files"] == ["bust.phhs"]
    assert capsys.readouterr().err.splitlines()[-1] == f"11 hands written to {out}"


@pytest.mark.parametrize("form, name", [("house", "bust.txt"), ("phh", "bust.phhs")])
def test_a_file_changed_since_the_export_wrote_it_is_refused(form: str, name: str,
                                                            tmp_path: Path, capsys) -> None:
    """An export again wrote over a file the user had edited since (its manifest listed
    names alone): the file is the user's now. The manifest records each file's size and
    digest as written, and the export refuses, naming the file, having written nothing."""
    db = imported(tmp_path, {"bust.txt": BUST, "hidden.txt": HIDDEN})
    out = tmp_path / "out"
    assert main(["export", "--format", form, "--db", str(db), "--out", str(out)]) == 0
    with open(out / name, "a", encoding="utf-8") as typed:
        typed.write("# my edit\n")
    before = {listed: digest(out / listed) for listed in files_under(out)}
    capsys.readouterr()
    for only in ([], ["--player", "Carla"]):   # to write it again, or to remove it
        assert main(["export", "--format", form, "--db", str(db), "--out", str(out),
                     *only]) == 1
        assert capsys.readouterr().err == (
            f"badugi-hh export: {out / name} was changed since an export wrote it: it is "
            "yours now, and an export there would write over it; move it out of the "
            "folder, or name another folder\n")
        assert {listed: digest(out / listed) for listed in files_under(out)} == before
    (out / name).rename(tmp_path / name)   # moved away, the folder is the export's again
    assert main(["export", "--format", form, "--db", str(db), "--out", str(out)]) == 0
    assert (tmp_path / name).read_text(encoding="utf-8").endswith("# my edit\n")


def test_a_manifest_of_names_alone_is_read_and_then_records_digests(tmp_path: Path) -> None:
    """An earlier release's manifest lists names alone: its files are the export's, as that
    release took them (an edit cannot be told from them), and the export again records
    what it writes."""
    db = imported(tmp_path, {"bust.txt": BUST})
    out = tmp_path / "out"
    out.mkdir()
    (out / "bust.phhs").write_text("an earlier release's PHH")
    (out / MANIFEST).write_text(json.dumps({"written by": "badugi-hh export",
                                            "files": ["bust.phhs"]}))
    assert main(["export", "--format", "phh", "--db", str(db), "--out", str(out)]) == 0
    assert len(hands_in(out / "bust.phhs")) == 11
    manifest = json.loads((out / MANIFEST).read_text())
    assert manifest["files"] == ["bust.phhs"]
    assert manifest["digests"] == {"bust.phhs": {"size": (out / "bust.phhs").stat().st_size,
                                                 "sha256": digest(out / "bust.phhs")}}


def test_a_manifest_whose_digests_are_not_digests_is_refused(tmp_path: Path, capsys) -> None:
    db = imported(tmp_path, {"bust.txt": BUST})
    out = tmp_path / "out"
    out.mkdir()
    (out / MANIFEST).write_text(json.dumps({"files": [], "digests": {"a": "b"}}))
    assert main(["export", "--format", "phh", "--db", str(db), "--out", str(out)]) == 1
    assert capsys.readouterr().err == (
        f"badugi-hh export: {out / MANIFEST} cannot be read (a digest is not a size and a "
        "SHA-256): name another folder\n")


def test_two_logs_of_one_name_export_to_two_files(tmp_path: Path, capsys) -> None:
    another_friday = tmp_path / "another-friday.txt"   # BUST's hands in a session of its own
    another_friday.write_text(BUST.read_text(encoding="utf-8").replace("#fri-1106", "#fri-1113"),
                              encoding="utf-8")
    db = imported(tmp_path, {"a/friday.txt": BUST, "b/friday.txt": HIDDEN,
                             "b/friday.log": another_friday})
    out = tmp_path / "out"
    assert main(["export", "--format", "phh", "--db", str(db), "--out", str(out)]) == 0
    written = [name for name in files_under(out) if name != MANIFEST]
    assert len(written) == 3 and "a/friday.phhs" in written
    b = sorted(name for name in written if name.startswith("b/"))
    assert len(b) == 2 and all(name.startswith("b/friday-") for name in b)
    counts = sorted(len(hands_in(out / name)) for name in written)
    assert counts == [11, 11, 12]
    assert capsys.readouterr().err.splitlines()[-1] == f"34 hands written to {out}"


def test_a_hand_stored_once_is_written_once(tmp_path: Path, capsys) -> None:
    """A log holding hand #2 twice: the store keeps the first (T5), so does the export."""
    lines = BUST.read_text().split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith("Hand #2 "))
    end = next(i for i, line in enumerate(lines) if line.startswith("Hand #3 "))
    twice = tmp_path / "twice.txt"
    twice.write_text("\n".join(lines[:end] + lines[start:end] + lines[end:]))
    db = imported(tmp_path, {"twice.txt": twice})
    assert stored_hands(db) == 11
    for form, name in (("phh", "twice.phhs"), ("house", "twice.txt")):
        out = tmp_path / form
        assert main(["export", "--format", form, "--db", str(db), "--out", str(out)]) == 0
        assert capsys.readouterr().err.splitlines()[-1] == f"11 hands written to {out}"
        assert len(hands_in(out / name)) == 11


def test_a_run_stopped_halfway_leaves_nothing_in_the_way(tmp_path: Path) -> None:
    """A killed export leaves a temporary file and a manifest naming files it never
    wrote: the next run cleans them up."""
    db = imported(tmp_path, {"bust.txt": BUST})
    out = tmp_path / "out"
    out.mkdir()
    (out / f".bust.phhs{PARTIAL}dead").write_text("half a ha")
    (out / MANIFEST).write_text(json.dumps({"files": ["bust.phhs", "gone.phhs", "../x"]}))
    (tmp_path / "x").write_text("not the export's")
    assert main(["export", "--format", "phh", "--db", str(db), "--out", str(out)]) == 0
    assert files_under(out) == [MANIFEST, "bust.phhs"]
    assert (tmp_path / "x").read_text() == "not the export's"


def _full_disk(*args: object, **kwargs: object) -> None:
    raise OSError(errno.ENOSPC, "No space left on device")


def test_a_full_disk_leaves_no_half_written_phh(tmp_path: Path, capsys,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    db = imported(tmp_path, {"bust.txt": BUST, "hidden.txt": HIDDEN})
    out = tmp_path / "out"
    assert main(["export", "--format", "phh", "--db", str(db), "--out", str(out)]) == 0
    before = {name: digest(out / name) for name in files_under(out)}
    real_fsync = __import__("os").fsync
    calls = []

    def fsync_then_full(fd: int) -> None:   # the second file's data never fits
        calls.append(fd)
        if len(calls) == 2:
            _full_disk()
        real_fsync(fd)

    monkeypatch.setattr("badugi_hh.commands.export_files.os.fsync", fsync_then_full)
    assert main(["export", "--format", "phh", "--db", str(db), "--out", str(out),
                 "--player", "Ana"]) == 1
    assert "No space left on device" in capsys.readouterr().err
    # no half file (the manifest holds no digest of the files the stopped run was writing)
    assert {name: digest(out / name) for name in files_under(out) if name != MANIFEST} == {
        name: written for name, written in before.items() if name != MANIFEST}
    monkeypatch.undo()
    assert main(["export", "--format", "phh", "--db", str(db), "--out", str(out)]) == 0
    assert {name: digest(out / name) for name in files_under(out)} == before


def test_a_full_disk_leaves_no_damaged_duckdb(tmp_path: Path, capsys,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    from badugi_hh.store import slice as store_slice

    db = imported(tmp_path, {"bust.txt": BUST, "hidden.txt": HIDDEN})
    out = tmp_path / "slice.duckdb"
    real_copy = store_slice.copy_slice

    def copy_then_full(*args: object, **kwargs: object) -> object:
        real_copy(*args, **kwargs)   # written, then the disk fills at the checkpoint
        raise duckdb.IOException("Could not write file: No space left on device")

    monkeypatch.setattr(store_slice, "copy_slice", copy_then_full)
    assert main(["export", "--format", "duckdb", "--db", str(db), "--out", str(out)]) == 1
    assert "No space left on device" in capsys.readouterr().err
    assert not out.exists()
    assert not [p for p in tmp_path.iterdir() if PARTIAL in p.name]
    monkeypatch.undo()
    assert main(["export", "--format", "duckdb", "--db", str(db), "--out", str(out),
                 "--player", "Bruno"]) == 0
    before = digest(out)
    monkeypatch.setattr(store_slice, "copy_slice", copy_then_full)
    assert main(["export", "--format", "duckdb", "--db", str(db), "--out", str(out)]) == 1
    assert digest(out) == before and stored_hands(out) == 11   # the previous copy, whole
    monkeypatch.undo()
    assert main(["export", "--format", "duckdb", "--db", str(db), "--out", str(out)]) == 0
    assert stored_hands(out) == 23


@pytest.mark.parametrize("what", ["log", "foreign", "text", "folder", "empty"])
def test_a_duckdb_out_that_is_not_a_badugi_database_is_refused(what: str, tmp_path: Path,
                                                               capsys) -> None:
    db = imported(tmp_path, {"bust.txt": BUST})
    out = {"log": tmp_path / "logs" / "bust.txt", "foreign": tmp_path / "other.duckdb",
           "text": tmp_path / "notes.txt", "folder": tmp_path / "logs",
           "empty": tmp_path / "empty.duckdb"}[what]
    if what == "foreign":
        duckdb.connect(str(out)).execute("CREATE TABLE mine AS SELECT 42 AS answer").close()
    elif what == "text":
        out.write_text("my notes")
    elif what == "empty":
        out.touch()
    before = {name: digest(tmp_path / name) for name in files_under(tmp_path)}
    assert main(["export", "--format", "duckdb", "--db", str(db), "--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"badugi-hh export: --out {out} is ") and err.count("\n") == 1
    assert {name: digest(tmp_path / name) for name in files_under(tmp_path)} == before


@pytest.fixture
def small_disk(tmp_path: Path) -> Path:
    """A file system of 64 KiB (tmpfs), where the machine lets a test mount one."""
    disk = tmp_path / "disk"
    disk.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(disk)],
                             capture_output=True)
    if mounted.returncode != 0:
        pytest.skip("cannot mount a small file system here (the simulated tests still run)")
    yield disk
    subprocess.run(["umount", str(disk)], check=True)


def test_a_real_full_disk_leaves_no_half_file_and_a_later_run_works(
        small_disk: Path, tmp_path: Path, capsys) -> None:
    db = imported(tmp_path, {"league.txt": LEAGUE})
    phh, database = small_disk / "phh", small_disk / "slice.duckdb"
    assert main(["export", "--format", "phh", "--db", str(db), "--out", str(phh)]) == 1
    assert main(["export", "--format", "duckdb", "--db", str(db), "--out",
                 str(database)]) == 1
    err = capsys.readouterr().err
    assert err.count("No space left on device") == 2 and "internal error" not in err
    assert files_under(small_disk) in ([], [f"phh/{MANIFEST}"])   # nothing half-written
    subprocess.run(["mount", "-o", "remount,size=64m", str(small_disk)], check=True)
    assert main(["export", "--format", "phh", "--db", str(db), "--out", str(phh)]) == 0
    assert main(["export", "--format", "duckdb", "--db", str(db), "--out",
                 str(database)]) == 0
    assert len(hands_in(phh / "league.phhs")) == 202 and stored_hands(database) == 202


def test_one_hand_written_is_said_in_the_singular(tmp_path: Path, capsys) -> None:
    one_hand = (Path(__file__).parent / "data" / "real" / "kingsclub"
                / "cash-badugi-fl-30-60-202010.txt")
    db = imported(tmp_path, {"kc.txt": one_hand})
    out = tmp_path / "out"
    assert main(["export", "--format", "phh", "--db", str(db), "--out", str(out)]) == 0
    assert capsys.readouterr().err.splitlines()[-1] == f"1 hand written to {out}"
