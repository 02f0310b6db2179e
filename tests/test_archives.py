"""Logs read in place from archives: the same hands as the folder they were made of,
each member a source of its own, and hostile or damaged archives named."""

from __future__ import annotations

import gzip
import shutil
import tarfile
import zipfile
from collections.abc import Callable
from pathlib import Path

import duckdb
import pytest
from conftest import every_other_wide

from badugi_hh.archives import KEPT_OPEN, MAX_RATIO, ArchiveMember
from badugi_hh.cli import main
from badugi_hh.hand_text import hand_texts
from badugi_hh.sources import Unreadable, find_logs
from badugi_hh.store import Store
from badugi_hh.watch import into_database, logs_in

REAL = Path(__file__).resolve().parent / "data" / "real"
REAL_LOGS = sorted(path for path in REAL.rglob("*") if path.suffix in (".txt", ".xml"))
#: What a hand is, whichever file it was read from.
HANDS = "SELECT * EXCLUDE (source) FROM hands ORDER BY site, hand_id"
PLAYERS = "SELECT * EXCLUDE (source) FROM hand_players ORDER BY site, hand_id, player"
VIOLATIONS = "SELECT rule, hand_id, message, line FROM violations ORDER BY ALL"


def tables(database: Path) -> dict[str, list[tuple]]:
    with duckdb.connect(str(database), read_only=True) as con:
        return {query: con.execute(query).fetchall() for query in (HANDS, PLAYERS, VIOLATIONS)}


def imported(paths: list[Path], database: Path, jobs: int = 1) -> dict[str, list[tuple]]:
    with Store(database) as store:
        summary = store.import_paths(paths, jobs=jobs)
    assert not summary.unreadable and not summary.failures
    return tables(database)


@pytest.fixture(scope="module")
def folder_database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    database = tmp_path_factory.mktemp("folder") / "folder.duckdb"
    imported([REAL], database)
    return database


@pytest.fixture(scope="module")
def folder_tables(folder_database: Path) -> dict[str, list[tuple]]:
    return tables(folder_database)


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


#: What a hand is, and where it was read from but for the file: a hand two files hold
#: (Merge's hand 33423082-14, in two of its exports) is stored from whichever file an
#: import with --jobs finishes first, at that file's line and in that file's session.
HANDS_ANYWHERE = "SELECT * EXCLUDE (source, line, session_id) FROM hands ORDER BY site, hand_id"
PLAYERS_ANYWHERE = ("SELECT * EXCLUDE (source, session_id) FROM hand_players "
                    "ORDER BY site, hand_id, player")


def stored_anywhere(tables_of: dict[str, list[tuple]], database: Path) -> dict[str, object]:
    with duckdb.connect(str(database), read_only=True) as con:
        return {"hands": con.execute(HANDS_ANYWHERE).fetchall(),
                "players": con.execute(PLAYERS_ANYWHERE).fetchall(),
                "violations": tables_of[VIOLATIONS]}


@pytest.mark.parametrize("jobs", every_other_wide([(1,), (2,)]))
def test_a_tar_gz_of_the_real_logs_imports_as_the_folder(folder_tables, folder_database: Path,
                                                         tmp_path: Path, jobs: int) -> None:
    archive = tmp_path / "real.tgz"
    with tarfile.open(archive, "w:gz") as out:
        out.add(REAL, arcname="real")
    read = imported([archive], tmp_path / "tgz.duckdb", jobs)
    if jobs == 1:
        assert read == folder_tables
    else:
        assert stored_anywhere(read, tmp_path / "tgz.duckdb") == stored_anywhere(
            folder_tables, folder_database)


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


# -- what the archive gave, read back; hostile members; names that collide --------------

WINAMAX = REAL / "winamax" / "cash-27td-fl-0.50-1-201610.txt"
STARS = REAL / "pokerstars" / "cash-27td-fl-0.10-0.20-201106.txt"


def stored_sources(database: Path) -> dict[str, int]:
    with duckdb.connect(str(database), read_only=True) as con:
        return dict(con.execute("SELECT source, count(*) FROM hands GROUP BY source").fetchall())


def patched_zip(path: Path, member: str, patch: Callable[[bytearray, int], None]) -> None:
    """``patch(raw, at)`` applied at ``member``'s local header and at its entry in the
    central directory (``at``: where each starts; the field offsets differ by 2)."""
    raw = bytearray(path.read_bytes())
    with zipfile.ZipFile(path) as archive:
        info = archive.getinfo(member)
    patch(raw, info.header_offset - 2)   # a local header's fields sit 2 bytes before
    directory = raw.find(b"PK\x01\x02")
    while raw[directory + 42:directory + 46] != info.header_offset.to_bytes(4, "little"):
        directory = raw.find(b"PK\x01\x02", directory + 4)
    patch(raw, directory)
    path.write_bytes(bytes(raw))


def flags_encrypted(raw: bytearray, at: int) -> None:
    raw[at + 8] |= 0x1


def method_deflate64(raw: bytearray, at: int) -> None:
    raw[at + 10:at + 12] = (9).to_bytes(2, "little")


def test_export_and_a_hands_text_read_an_archives_logs_as_import_did(tmp_path: Path,
                                                                       capsys) -> None:
    folder = tmp_path / "logs"
    folder.mkdir()
    with zipfile.ZipFile(folder / "week.zip", "w", zipfile.ZIP_DEFLATED) as out:
        out.write(WINAMAX, "mon/t1.txt")
    (folder / "stars.txt.gz").write_bytes(gzip.compress(STARS.read_bytes()))
    with tarfile.open(folder / "more.tar.gz", "w:gz") as out:
        out.add(REAL / "kingsclub" / "cash-badugi-fl-30-60-202010.txt", "kc/t2.txt")
    database = tmp_path / "db.duckdb"
    assert main(["import", str(folder), "--db", str(database)]) == 0
    stored = stored_sources(database)
    assert set(stored) == {f"{folder / 'week.zip'}!mon/t1.txt", str(folder / "stars.txt.gz"),
                           f"{folder / 'more.tar.gz'}!kc/t2.txt"}
    capsys.readouterr()
    assert main(["export", "--format", "house", "--db", str(database),
                 "--out", str(tmp_path / "out")]) == 0
    assert capsys.readouterr().err.endswith(f"{sum(stored.values())} hands written to "
                                            f"{tmp_path / 'out'}\n")
    with duckdb.connect(str(database), read_only=True) as con:
        rows = con.execute("SELECT h.source, h.hand_id, h.line, s.content_hash FROM hands h "
                           "JOIN sources s ON s.path = h.source").fetchall()
    for source, hand_id, line, content_hash in rows:
        texts = hand_texts(source, hand_id, line, content_hash)
        assert isinstance(texts.original, str) and hand_id.split("#")[-1].split("-")[0] in (
            texts.original), texts.original


def test_hostile_members_are_named_and_the_rest_of_the_folder_is_read(tmp_path: Path,
                                                                      capsys) -> None:
    folder = tmp_path / "logs"
    folder.mkdir()
    shutil.copy(WINAMAX, folder / "plain.txt")
    archive = folder / "odd.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as out:
        for name in ("good.txt", "secret.txt", "d64.txt", "\u00e9t\u00e9.txt"):
            out.write(STARS, name)
    patched_zip(archive, "secret.txt", flags_encrypted)
    patched_zip(archive, "d64.txt", method_deflate64)
    archive.write_bytes(archive.read_bytes().replace("\u00e9t\u00e9".encode(),
                                                     b"\xff\xfet\xfd\xfc"))   # as long
    for command in (["validate", str(folder)], ["import", str(folder), "--db",
                                                 str(tmp_path / "db.duckdb")]):
        assert main(command) == 2
        err = capsys.readouterr().err
        assert f"{archive}!secret.txt: encrypted: not read" in err
        assert f"{archive}!d64.txt: compressed by Deflate64, which cannot be read here" in err
        assert f"{archive}!\\xff\\xfet\\xfd\\xfc.txt: its name is not UTF-8" in err
        assert "internal error" not in err and "Traceback" not in err
    assert set(stored_sources(tmp_path / "db.duckdb")) == {f"{archive}!good.txt",
                                                           str(folder / "plain.txt")}
    assert [str(found) for found in logs_in([folder])
            if not isinstance(found, Unreadable)] == [f"{archive}!good.txt",
                                                       str(folder / "plain.txt")]
    watched = into_database(tmp_path / "watched.duckdb")({str(archive): None})   # dropped in
    assert (f"{archive}!secret.txt: encrypted: not read (it needs a password; unpack it "
            "yourself)") in watched.summary.unreadable and watched.summary.new_hands > 0


def test_an_archive_is_read_in_one_pass_whatever_its_members(tmp_path: Path,
                                                             monkeypatch) -> None:
    """A zip's directory is read once, a tar.gz listed once and read once more (it was
    read again from its start for each member: 2,000 logs took 100 times a folder's)."""
    zip_path, tar_path = tmp_path / "many.zip", tmp_path / "many.tgz"
    with zipfile.ZipFile(zip_path, "w") as out, tarfile.open(tar_path, "w:gz") as tar:
        for number in range(40):
            out.write(WINAMAX, f"t{number:02}.txt")
            tar.add(WINAMAX, f"t{number:02}.txt")
    opened: list[object] = []
    for module, name in ((zipfile, "ZipFile"), (tarfile, "open")):
        real = getattr(module, name)
        monkeypatch.setattr(module, name, lambda *args, real=real, **kwargs: (
            opened.append(args), real(*args, **kwargs))[1])
    for path, passes in ((zip_path, 1), (tar_path, 2)):
        opened.clear()
        assert main(["validate", str(path)]) == 0
        assert len(opened) == passes, path


def central_directory_repeated(path: Path, times: int, renamed: bool = False) -> None:
    """The zip at ``path`` (of one member) made to list that member ``times`` times (under
    names of their own when ``renamed``: all of them the same bytes)."""
    raw = path.read_bytes()
    start, end = raw.find(b"PK\x01\x02"), raw.find(b"PK\x05\x06")
    entry = raw[start:end]
    name_length = int.from_bytes(entry[28:30], "little")
    entries = [entry[:46] + (f"{n:0{name_length - 4}}.txt".encode() if renamed
                             else entry[46:46 + name_length]) + entry[46 + name_length:]
               for n in range(times)]
    record = bytearray(raw[end:])
    record[8:12] = (times & 0xFFFF).to_bytes(2, "little") * 2
    record[12:16] = (len(entry) * times).to_bytes(4, "little")
    path.write_bytes(raw[:start] + b"".join(entries) + bytes(record))


def test_a_member_listed_many_times_is_refused_once_and_the_rest_read(tmp_path: Path,
                                                                      capsys) -> None:
    folder = tmp_path / "logs"
    folder.mkdir()
    with zipfile.ZipFile(folder / "many.zip", "w", zipfile.ZIP_DEFLATED) as out:
        out.write(STARS, "t.txt")
    central_directory_repeated(folder / "many.zip", 5000)
    shutil.copy(WINAMAX, folder / "plain.txt")
    assert main(["import", str(folder), "--db", str(tmp_path / "db.duckdb")]) == 2
    err = capsys.readouterr().err
    assert err.count("many.zip!t.txt: listed 5,000 times in this archive: no copy is read") == 1
    assert set(stored_sources(tmp_path / "db.duckdb")) == {str(folder / "plain.txt")}


def test_an_archive_whose_logs_expand_past_its_limit_together_is_refused(
        tmp_path: Path) -> None:
    """Each member within the ratio, all of them far past it (one member's bytes listed
    under many names): the whole archive counts."""
    archive = tmp_path / "wide.zip"
    text = "".join(f"{n * 7919 % 100003:06} " for n in range(150_000)).encode()   # 1 MB
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as out:
        out.writestr("00000000.txt", text)
    central_directory_repeated(archive, 200, renamed=True)
    [refused] = find_logs([archive])
    assert isinstance(refused, Unreadable) and refused.path == str(archive)
    assert refused.reason.startswith(
        f"refused: its logs would expand to {200 * len(text):,} bytes from "
        f"{archive.stat().st_size:,} (more than {MAX_RATIO} times")


def test_names_that_read_two_ways_are_refused_and_a_reimport_changes_nothing(
        tmp_path: Path, capsys) -> None:
    """``a.zip!b.zip!c.txt`` was both a.zip's ``b.zip!c.txt`` and the file a.zip!b.zip's
    ``c.txt``: each import stored one in place of the other."""
    folder = tmp_path / "logs"
    folder.mkdir()
    with zipfile.ZipFile(folder / "a.zip", "w") as out:
        out.write(STARS, "b.zip!c.txt")
        out.write(WINAMAX, "t.txt")
    with zipfile.ZipFile(folder / "a.zip!b.zip", "w") as out:
        out.write(REAL / "kingsclub" / "cash-badugi-fl-30-60-202010.txt", "c.txt")
    shutil.copy(STARS, folder / "a.zip!t.txt")   # a file named as a.zip's member
    database = tmp_path / "db.duckdb"
    assert main(["import", str(folder), "--db", str(database)]) == 2
    err = capsys.readouterr().err
    assert f"{folder / 'a.zip'}!b.zip!c.txt: a member's name holding '!' is not read" in err
    assert (f"{folder / 'a.zip!t.txt'}: its name is that of the log t.txt inside "
            f"{folder / 'a.zip'}") in err
    first = stored_sources(database)
    assert set(first) == {f"{folder / 'a.zip!b.zip'}!c.txt", f"{folder / 'a.zip'}!t.txt"}
    main(["import", str(folder), "--db", str(database)])
    assert stored_sources(database) == first
    assert "0 new" in capsys.readouterr().out
    [found] = find_logs([f"{folder / 'a.zip!b.zip'}!c.txt"])
    assert isinstance(found, ArchiveMember) and found.archive == folder / "a.zip!b.zip"


def test_a_zip_replaced_after_it_was_listed_is_named(tmp_path: Path) -> None:
    archive = tmp_path / "sync.zip"
    with zipfile.ZipFile(archive, "w") as out:
        out.write(STARS, "t.txt")
    [member] = find_logs([archive])
    assert isinstance(member, ArchiveMember)
    for number in range(KEPT_OPEN):   # others listed since: it is no longer held open
        with zipfile.ZipFile(tmp_path / f"other{number}.zip", "w") as out:
            out.write(STARS, "t.txt")
        list(find_logs([tmp_path / f"other{number}.zip"]))
    with zipfile.ZipFile(tmp_path / "new.zip", "w") as out:
        out.write(WINAMAX, "other.txt")
    (tmp_path / "new.zip").replace(archive)   # as a sync client writes a file
    with pytest.raises(OSError, match="the archive changed since it was listed"):
        member.open().read()


def test_a_tar_holding_one_name_twice_reads_neither(tmp_path: Path) -> None:
    archive = tmp_path / "twice.tgz"
    with tarfile.open(archive, "w:gz") as out:
        out.add(STARS, "t.txt")
        out.add(WINAMAX, "t.txt")   # as `tar -r` appends a newer copy
        out.add(WINAMAX, "u.txt")
    assert [str(found) for found in find_logs([archive])] == [
        f"{archive}!t.txt: listed 2 times in this archive: no copy is read (which one is the "
        "log cannot be told)", f"{archive}!u.txt"]


def test_a_gz_cut_short_is_called_so(tmp_path: Path, capsys) -> None:
    cut = tmp_path / "cut.txt.gz"
    whole = gzip.compress(STARS.read_bytes())
    cut.write_bytes(whole[:len(whole) // 2])
    assert int.from_bytes(cut.read_bytes()[-4:], "little") > 100 * len(whole)   # a bomb's size
    assert main(["validate", str(cut)]) == 2
    err = capsys.readouterr().err
    assert f"{cut}: cannot read this file: damaged archive: it is cut short (truncated" in err
    assert "bomb" not in err
