"""Every file on its own, and one verdict per file.

A bug that stops the reading of one log (simulated: a reader that raises) is told as
``internal error in FILE`` for that log, and the others are read and stored, with
``--jobs 1``, ``--jobs 2`` and into a dataset, never with a traceback. What is not a
regular file is refused by name without hanging; a folder without logs, and a file of
other games only, get the same verdict from ``validate`` and ``import``. A DuckDB file
that is not ours is named by every command that opens a database.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import duckdb
import pytest
from conftest import every_other_wide

from badugi_hh import cli, parsers
from badugi_hh.dataset import import_to_dataset
from badugi_hh.store import ForeignDatabase, Store

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "sample_logs"
REAL = ROOT / "tests" / "data" / "real"

#: Makes every reader stop with a bug on a log named crash.txt, after its first record,
#: in any process that starts with this on its path (the workers of --jobs 2 too).
SITECUSTOMIZE = textwrap.dedent('''
    from badugi_hh import parsers

    read_any_log = parsers.read_log

    def read_log(log):
        records = read_any_log(log)
        if not str(log.name).endswith("crash.txt"):
            yield from records
            return
        yield next(records)
        raise RuntimeError("a reader's bug")

    parsers.read_log = read_log
''')


@pytest.fixture
def logs(tmp_path: Path) -> Path:
    """Three sample logs and crash.txt, a copy of a fourth that a bug stops reading."""
    folder = tmp_path / "logs"
    folder.mkdir()
    names = sorted(path.name for path in SAMPLES.glob("2026-*.txt"))
    for name in names[:3]:
        shutil.copy(SAMPLES / name, folder / name)
    shutil.copy(SAMPLES / names[3], folder / "crash.txt")
    return folder


@pytest.fixture
def crashing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """Readers that crash on crash.txt, here and in every process started from here;
    the environment those processes get."""
    folder = tmp_path / "crashing"
    folder.mkdir()
    (folder / "sitecustomize.py").write_text(SITECUSTOMIZE, encoding="utf-8")
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(folder), str(ROOT)]))
    namespace: dict[str, object] = {}
    exec(SITECUSTOMIZE.replace("parsers.read_log = read_log", ""), namespace)
    monkeypatch.setattr(parsers, "read_log", namespace["read_log"])
    return dict(os.environ)


def good_hands(logs: Path, tmp_path: Path) -> list[tuple]:
    """The hands of the logs but crash.txt, imported alone."""
    alone = tmp_path / "alone"
    alone.mkdir()
    for path in logs.iterdir():
        if path.name != "crash.txt":
            shutil.copy(path, alone / path.name)
    with Store(tmp_path / "alone.duckdb") as store:
        store.import_paths([alone])
        return store.connection.sql("SELECT hand_id, player, net FROM hand_players "
                                    "ORDER BY ALL").fetchall()


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_reader_crash_costs_its_own_log_only(logs: Path, tmp_path: Path, crashing: dict,
                                               jobs: int) -> None:
    """With ``--jobs 2`` the import runs in a process of its own: its workers are forked
    from a server process that imported the readers once, and one started by an earlier
    test here would read with the readers that do not crash."""
    db = tmp_path / "db.duckdb"
    if jobs == 1:
        with Store(db) as store:
            failures = store.import_paths([logs]).failures
    else:
        done = subprocess.run([sys.executable, "-m", "badugi_hh.cli", "import", "--jobs", "2",
                               str(logs), "--db", str(db)],
                              capture_output=True, text=True, env=crashing, timeout=120)
        failures = [line[line.index("internal error in "):] for line in done.stderr.splitlines()
                    if "internal error in " in line]
    with Store(db, read_only=True) as store:
        stored = store.connection.sql(
            "SELECT hand_id, player, net FROM hand_players WHERE source NOT LIKE '%crash.txt' "
            "ORDER BY ALL").fetchall()
        finished = store.connection.sql("SELECT path FROM sources ORDER BY ALL").fetchall()
    assert [failure.split(": ", 1)[0] for failure in failures] == [
        f"internal error in {logs / 'crash.txt'}"]
    assert "RuntimeError: a reader's bug at " in failures[0]
    assert stored == good_hands(logs, tmp_path)
    # crash.txt has no row in sources: the next import reads it again
    assert finished == [(str(logs / name),) for name in sorted(os.listdir(logs))
                        if name != "crash.txt"]


def test_a_reader_crash_costs_its_own_log_only_in_a_dataset(logs: Path, tmp_path: Path,
                                                            crashing: dict) -> None:
    done = import_to_dataset([str(logs)], tmp_path / "ds")
    assert [failure.split(": ", 1)[0] for failure in done.failures] == [
        f"internal error in {logs / 'crash.txt'}"]
    assert done.summary.files == 3 and done.summary.hands > 0


@pytest.mark.parametrize("command", every_other_wide([
    (["import", "--jobs", "1"],), (["import", "--jobs", "2"],), (["import", "--out", "DATASET"],),
    (["validate"],)]))
def test_no_traceback_reaches_the_user_and_the_status_is_3(logs: Path, tmp_path: Path,
                                                           crashing: dict,
                                                           command: list[str]) -> None:
    target = [] if command[0] == "validate" else ["--db", str(tmp_path / "db.duckdb")]
    argv = [arg.replace("DATASET", str(tmp_path / "ds")) for arg in command]
    if "--out" in argv:
        target = []
    done = subprocess.run([sys.executable, "-m", "badugi_hh.cli", *argv, str(logs), *target],
                          capture_output=True, text=True, env=crashing, timeout=120)
    assert done.returncode == 3, done.stderr
    assert "Traceback" not in done.stderr + done.stdout
    assert f"internal error in {logs / 'crash.txt'}: RuntimeError: a reader's bug" in done.stderr
    if command[0] == "validate":   # the other logs are validated
        assert done.stdout.count(": clean") + done.stdout.count("violation") >= 3
    else:
        assert "3 files read" in done.stdout


def run_cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """The command in a process of its own, stopped if it hangs."""
    return subprocess.run([sys.executable, "-m", "badugi_hh.cli", *args], capture_output=True,
                          text=True, timeout=60, cwd=cwd)


@pytest.mark.parametrize("command", ["validate", "import"])
def test_what_is_not_a_regular_file_is_refused_by_name_without_hanging(
        tmp_path: Path, command: str) -> None:
    folder = tmp_path / "logs"
    folder.mkdir()
    shutil.copy(SAMPLES / "2026-11-06-ana-bruno-bust.txt", folder / "friday.txt")
    os.mkfifo(folder / "pipe.txt")
    (folder / "zero.txt").symlink_to("/dev/zero")
    os.mkfifo(tmp_path / "given.log")
    done = run_cli(command, str(folder), str(tmp_path / "given.log"),
                   *(["--db", str(tmp_path / "db.duckdb")] if command == "import" else []))
    assert done.returncode == 2, done.stderr
    for name, kind in ((folder / "pipe.txt", "a named pipe"),
                       (folder / "zero.txt", "a character device"),
                       (tmp_path / "given.log", "a named pipe")):
        assert f"{name}: not a regular file ({kind})" in done.stderr
    # the log beside them is read
    assert "friday.txt: 11 hands" in done.stdout or "1 file read: 11 hands" in done.stdout


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads any file")
@pytest.mark.parametrize("command", ["validate", "import"])
def test_unreadable_files_and_folders_are_named(tmp_path: Path, command: str) -> None:
    folder = tmp_path / "logs"
    (folder / "locked").mkdir(parents=True)
    shutil.copy(SAMPLES / "2026-11-06-ana-bruno-bust.txt", folder / "secret.txt")
    shutil.copy(SAMPLES / "2026-11-13-carla-dmitri-split.txt", folder / "locked" / "b.txt")
    (folder / "secret.txt").chmod(0)
    (folder / "locked").chmod(0)
    try:
        done = run_cli(command, str(folder),
                       *(["--db", str(tmp_path / "db.duckdb")] if command == "import" else []))
    finally:
        (folder / "locked").chmod(0o755)
    assert done.returncode == 2
    assert f"{folder / 'secret.txt'}: cannot read this file: permission denied" in done.stderr
    assert f"{folder / 'locked'}: cannot read this folder: permission denied" in done.stderr


def test_an_unreadable_file_is_named_not_skipped(tmp_path: Path, monkeypatch) -> None:
    """The same, where this process may read anything (a root user): the check is the
    file's permission, as the system answers it."""
    from badugi_hh import sources

    log = tmp_path / "secret.txt"
    shutil.copy(SAMPLES / "2026-11-06-ana-bruno-bust.txt", log)
    monkeypatch.setattr(sources.os, "access", lambda path, mode: Path(path) != log)
    found = list(sources.find_logs([tmp_path]))
    assert [str(item) for item in found] == [f"{log}: cannot read this file: permission denied"]


@pytest.mark.parametrize("command", ["validate", "import"])
def test_a_file_of_other_games_is_skipped_by_name_with_the_same_status(
        tmp_path: Path, command: str, capsys) -> None:
    source = REAL / "pokerstars" / "cash-27td-fl-0.10-0.20-200911.txt"
    holdem = tmp_path / "holdem.txt"
    holdem.write_text(source.read_text(encoding="utf-8").replace(
        "Triple Draw 2-7 Lowball Limit", "Hold'em No Limit"), encoding="utf-8")
    target = ["--db", str(tmp_path / "db.duckdb")] if command == "import" else []
    assert cli.main([command, str(holdem), *target]) == 0
    out = capsys.readouterr().out
    assert "17 hands not audited: 17 Hold'em No Limit" in out


REAL_EXPORTS = sorted(path for path in REAL.rglob("*.txt") if "expected" not in path.parts)


@pytest.mark.parametrize("path", every_other_wide([(path,) for path in REAL_EXPORTS]),
                         ids=lambda path: f"{path.parent.name}/{path.name}")
def test_validate_and_import_agree_on_every_real_export(tmp_path: Path, capsys,
                                                        path: Path) -> None:
    validated = cli.main(["validate", str(path)])
    imported = cli.main(["import", str(path), "--db", str(tmp_path / "db.duckdb")])
    capsys.readouterr()
    assert (validated == 2) == (imported == 2), path


# -- a DuckDB file that is not ours ------------------------------------------------------

@pytest.fixture
def databases(tmp_path: Path) -> dict[str, Path]:
    """A DuckDB file of another program, one left empty, and a text file."""
    foreign, empty = tmp_path / "invoices.duckdb", tmp_path / "empty.duckdb"
    with duckdb.connect(str(foreign)) as con:
        con.execute("CREATE TABLE invoices (number INTEGER, amount DECIMAL(9, 2))")
    duckdb.connect(str(empty)).close()
    (tmp_path / "notes.duckdb").write_text("not a database\n", encoding="utf-8")
    return {"foreign": foreign, "empty": empty, "text": tmp_path / "notes.duckdb"}


COMMANDS = [["stats"], ["sql", "SELECT 1"], ["export", "--format", "phh", "--out", "OUT"],
            ["alias", "--list"], ["me"], ["dashboard", "--port", "8599"]]


@pytest.mark.parametrize("command", every_other_wide([(command,) for command in COMMANDS]),
                         ids=lambda command: command[0])
def test_every_command_names_a_database_of_another_program(
        databases: dict[str, Path], tmp_path: Path, command: list[str]) -> None:
    argv = [arg.replace("OUT", str(tmp_path / "out")) for arg in command]
    for kind in ("foreign", "empty"):
        done = run_cli(*argv, "--db", str(databases[kind]))
        assert done.returncode == 1, (kind, done.stderr)
        assert "Traceback" not in done.stderr
        said = ("a DuckDB database of another program" if kind == "foreign"
                else "an empty DuckDB database")
        assert f"{databases[kind]} is {said}" in done.stderr


def test_import_refuses_a_database_of_another_program_and_fills_an_empty_one(
        databases: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    # in this process: the commands in processes of their own are the sweep's above
    log = str(SAMPLES / "2026-11-06-ana-bruno-bust.txt")
    assert cli.main(["import", log, "--db", str(databases["foreign"])]) == 1
    assert "a DuckDB database of another program, not of badugi-hh (it holds invoices" in (
        capsys.readouterr().err)
    assert cli.main(["import", log, "--db", str(databases["empty"])]) == 0
    assert cli.main(["stats", "--db", str(databases["empty"])]) == 0
    capsys.readouterr()
    assert cli.main(["stats", "--db", str(databases["text"])]) == 1
    assert "cannot open" in capsys.readouterr().err


def test_the_store_raises_foreign_database(databases: dict[str, Path]) -> None:
    with pytest.raises(ForeignDatabase, match="holds invoices"):
        Store(databases["foreign"])
    with pytest.raises(ForeignDatabase, match="empty DuckDB database"):
        Store(databases["empty"], read_only=True)
