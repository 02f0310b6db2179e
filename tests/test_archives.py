"""Logs read in place from archives: the same hands as the folder they were made of,
each member a source of its own, and hostile or damaged archives named."""

from __future__ import annotations

import gzip
import shutil
import tarfile
import zipfile
from pathlib import Path

import duckdb
import pytest

from badugi_hh.archives import MAX_RATIO, ArchiveMember
from badugi_hh.cli import main
from badugi_hh.sources import Unreadable, find_logs
from badugi_hh.store import Store

REAL = Path(__file__).resolve().parent / "data" / "real"
REAL_LOGS = sorted(path for path in REAL.rglob("*.txt"))
#: What a hand is, whichever file it was read from.
HANDS = "SELECT * EXCLUDE (source) FROM hands ORDER BY site, hand_id"
PLAYERS = "SELECT * EXCLUDE (source) FROM hand_players ORDER BY site, hand_id, player"
VIOLATIONS = "SELECT rule, hand_id, message, line FROM violations ORDER BY ALL"


def tables(database: Path) -> dict[str, list[tuple]]:
    with duckdb.connect(str(database), read_only=True) as con:
        return {query: con.execute(query).fetchall() for query in (HANDS, PLAYERS, VIOLATIONS)}


def imported(paths: list[Path], database: Path) -> dict[str, list[tuple]]:
    with Store(database) as store:
        summary = store.import_paths(paths)
    assert not summary.unreadable and not summary.failures
    return tables(database)


@pytest.fixture(scope="module")
def folder_tables(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[tuple]]:
    return imported([REAL], tmp_path_factory.mktemp("folder") / "folder.duckdb")


def test_a_zip_of_the_real_logs_imports_as_the_folder(folder_tables, tmp_path: Path) -> None:
    archive = tmp_path / "real.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as out:
        for log in REAL_LOGS:
            out.write(log, log.relative_to(REAL))
        out.writestr("MANIFEST.md", "not a log: passed over, as a folder's")
    assert len(folder_tables[HANDS]) > 200
    assert imported([archive], tmp_path / "zip.duckdb") == folder_tables
    with duckdb.connect(str(tmp_path / "zip.duckdb"), read_only=True) as con:
        sources = {path for (path,) in con.execute("SELECT path FROM sources").fetchall()}
    assert sources == {f"{archive}!{log.relative_to(REAL)}" for log in REAL_LOGS}
    with Store(tmp_path / "zip.duckdb") as store:   # again: nothing new, nothing re-read
        again = store.import_paths([archive])
    assert (again.unchanged, again.new_hands) == (len(REAL_LOGS), 0)


def test_gzipped_logs_import_as_the_folder(folder_tables, tmp_path: Path) -> None:
    folder = tmp_path / "gz"
    for log in REAL_LOGS:
        target = folder / log.relative_to(REAL).with_suffix(".txt.gz")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(gzip.compress(log.read_bytes()))
    (folder / "notes.csv.gz").write_bytes(gzip.compress(b"a,b\n"))   # not a log
    assert imported([folder], tmp_path / "gz.duckdb") == folder_tables


def test_a_tar_gz_of_the_real_logs_imports_as_the_folder(folder_tables, tmp_path: Path) -> None:
    archive = tmp_path / "real.tgz"
    with tarfile.open(archive, "w:gz") as out:
        out.add(REAL, arcname="real")
    assert imported([archive], tmp_path / "tgz.duckdb") == folder_tables


def test_a_bomb_and_a_damaged_archive_are_named_and_the_rest_is_read(tmp_path: Path,
                                                                      capsys) -> None:
    folder = tmp_path / "logs"
    folder.mkdir()
    shutil.copy(REAL / "winamax" / "cash-27td-fl-0.50-1-201610.txt", folder / "plain.txt")
    with zipfile.ZipFile(folder / "bomb.zip", "w", zipfile.ZIP_DEFLATED) as out:
        out.writestr("hands.txt", b"\n" * (4 << 20))   # 4 MiB from a few kB
        out.write(REAL / "pokerstars" / "cash-27td-fl-0.10-0.20-201106.txt", "good.txt")
    damaged = (folder / "bomb.zip").read_bytes()
    (folder / "damaged.zip").write_bytes(damaged[:len(damaged) // 2])
    (folder / "cut.txt.gz").write_bytes(gzip.compress(b"Session #x\n" * 100)[:40])
    database = tmp_path / "db.duckdb"
    assert main(["import", str(folder), "--db", str(database)]) == 2
    err = capsys.readouterr().err
    assert f"{folder / 'bomb.zip'}!hands.txt: refused: it would expand to 4,194,304 bytes" in err
    assert f"more than {MAX_RATIO} times" in err
    assert f"{folder / 'damaged.zip'}: damaged archive: " in err
    assert f"{folder / 'cut.txt.gz'}: cannot read this file: damaged archive: " in err
    with duckdb.connect(str(database), read_only=True) as con:
        sources = sorted(Path(path).name for (path,) in
                         con.execute("SELECT DISTINCT source FROM hands").fetchall())
    assert sources == ["bomb.zip!good.txt", "plain.txt"]


def test_a_gz_expanding_past_its_limit_is_refused_while_read(tmp_path: Path) -> None:
    bomb = tmp_path / "bomb.txt.gz"
    with gzip.open(bomb, "wb") as out:   # its stated size, modulo 4 GiB, made to lie
        out.write(b"Session #s1\n" + b"\n" * (8 << 20))
    raw = bytearray(bomb.read_bytes())
    raw[-4:] = (100).to_bytes(4, "little")
    bomb.write_bytes(bytes(raw))
    [member] = find_logs([bomb])
    assert isinstance(member, ArchiveMember) and member.size == 100
    with member.open() as stream, pytest.raises(OSError, match="expands past"):
        while stream.read(1 << 16):
            pass


def test_a_member_can_be_named_on_the_command_line(tmp_path: Path, capsys) -> None:
    archive = tmp_path / "week.zip"
    with zipfile.ZipFile(archive, "w") as out:
        out.write(REAL / "winamax" / "cash-27td-fl-0.50-1-201610.txt", "mon/t1.txt")
    assert main(["validate", f"{archive}!mon/t1.txt"]) == 0
    assert capsys.readouterr().out == f"{archive}!mon/t1.txt: 1 hand in 1 session: clean\n"
    [missing] = find_logs([f"{archive}!tue/t1.txt"])
    assert isinstance(missing, Unreadable) and missing.reason == f"no such log in {archive}"


def test_a_dataset_names_the_archive_members_it_cannot_take(tmp_path: Path, capsys) -> None:
    archive = tmp_path / "week.zip"
    with zipfile.ZipFile(archive, "w") as out:
        out.write(REAL / "winamax" / "cash-27td-fl-0.50-1-201610.txt", "t1.txt")
    plain = REAL / "pokerstars" / "cash-27td-fl-0.10-0.20-201106.txt"
    assert main(["import", str(archive), str(plain), "--out", str(tmp_path / "ds")]) == 2
    captured = capsys.readouterr()
    assert (f"{archive}!t1.txt: a log inside an archive is not read into a dataset: import "
            "it into a database (--db), or unpack the archive first") in captured.err
    assert captured.out.startswith("1 file read: 1 hand, 1 new")
