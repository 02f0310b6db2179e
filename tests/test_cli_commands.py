"""What a new user meets on the command line: clear messages and exit statuses, no tracebacks."""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path

import pytest

from badugi_hh.cli import main
from badugi_hh.commands.importer import NO_HANDS_STORED, NOTHING_STORED
from conftest import UNREADABLE_LOG, write_simulated
from badugi_hh.store import Store

SAMPLE_LOGS = Path(__file__).resolve().parents[1] / "sample_logs"
#: The progress bar: `` 46%|####6     | 164k/355k [00:00<00:00, 1.60MB/s, 83 hands]``.
COUNTER = re.compile(r"\d+%\|.*\| [\d.]+k?/[\d.]+k? \[[\d:]+<[\d:?]+, [^\]]*B/s")


@pytest.fixture(scope="module")
def empty_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("db") / "empty.duckdb"
    Store(path).close()
    return path


@pytest.mark.parametrize("query", ["", " ", ";", "-- c", "/* nothing */ ;"])
def test_sql_without_a_statement_says_so(query: str, empty_db: Path, capsys) -> None:
    assert main(["sql", query, "--db", str(empty_db)]) == 2
    assert capsys.readouterr().err == f"badugi-hh sql: no statement in {query!r}\n"


@pytest.mark.parametrize(("out", "reason"), [("missing/sim.txt", "No such file or directory"),
                                             (".", "Is a directory")])
def test_simulate_to_a_path_it_cannot_write(out: str, reason: str, tmp_path: Path,
                                            capsys) -> None:
    target = str(tmp_path / out)
    assert main(["simulate", "--out", target]) == 2
    assert capsys.readouterr().err == f"badugi-hh simulate: cannot write {target}: {reason}\n"


def test_simulate_help_cites_the_rules_document(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    out = capsys.readouterr().out
    assert "docs/rules.md" in out and "RULES.md" not in out.replace("docs/rules.md", "")
    assert (SAMPLE_LOGS.parent / "docs" / "rules.md").is_file()


@pytest.mark.parametrize(("command", "prefix"), [("validate", ""),
                                                 ("import", "badugi-hh import: ")])
def test_a_folder_without_logs_is_exit_2_with_a_message(tmp_path: Path, capsys, command: str,
                                                        prefix: str) -> None:
    folder = tmp_path / "logs"
    folder.mkdir()
    (folder / "notes.md").write_text("no logs here\n", encoding="utf-8")
    assert main([command, str(folder), *(["--db", str(tmp_path / "x.duckdb")]
                                         if command == "import" else [])]) == 2
    assert capsys.readouterr().err == (f"{prefix}{folder}: no log files (*.txt, *.log, *.xml, "
                                       "*.phh, *.phhs) in this folder\n")
    assert not (tmp_path / "x.duckdb").exists()   # nothing to import: no database made


class Terminal(io.StringIO):
    """stdout and stderr both on one terminal, as when a user runs a command."""

    def isatty(self) -> bool:
        return True


def screen(written: str) -> list[str]:
    """The lines a terminal shows: a carriage return goes back to the left margin,
    ``ESC [K`` erases to the end of the line."""
    lines = []
    for line in written.split("\n"):
        shown = ""
        for part in line.split("\r"):
            erase = part.startswith("\x1b[K")
            part = part.removeprefix("\x1b[K")
            shown = part + ("" if erase else shown[len(part):])
        lines.append(shown)
    return lines


def test_screen_overwrites_after_a_carriage_return() -> None:
    assert screen("12 hands\r3\nabc\r\x1b[Kd") == ["32 hands", "d"]


def test_validate_clears_the_bar_before_each_line(monkeypatch) -> None:
    terminal = Terminal()
    monkeypatch.setattr(sys, "stdout", terminal)
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(["validate", str(SAMPLE_LOGS / "broken-B.txt"),
                 str(SAMPLE_LOGS / "broken-D.txt")]) == 1
    assert COUNTER.search(terminal.getvalue())   # drawn while it ran
    lines = [line.rstrip() for line in screen(terminal.getvalue())]
    assert lines[0].startswith(str(SAMPLE_LOGS / "broken-B.txt"))
    assert not any(COUNTER.search(line) for line in lines)   # erased before each line
    assert lines[-1] == ""   # and at the end: the screen keeps the report only


def test_the_counter_is_silent_off_a_terminal(capsys) -> None:
    assert main(["validate", str(SAMPLE_LOGS / "broken-B.txt")]) == 1
    assert not COUNTER.search(capsys.readouterr().err)


def test_import_of_nothing_but_unreadable_text_lists_it_and_exits_2(tmp_path: Path,
                                                                     capsys) -> None:
    log = tmp_path / "broken.txt"
    log.write_text(UNREADABLE_LOG, encoding="utf-8")
    db = tmp_path / "db.duckdb"
    assert main(["import", str(log), "--db", str(db)]) == 2
    out, err = capsys.readouterr()
    assert out.startswith("1 file read: 0 hands, 0 new, 1 session, ")
    assert out.rstrip().endswith(f"; no hand stored, so no database was made at {db}")
    assert not db.exists()
    quarantined, no_hand = err.splitlines()
    assert quarantined.startswith(f"badugi-hh import: quarantined {log}:9:6: hand #1: ")
    assert quarantined.endswith("got 'juggles'")
    assert no_hand == f"badugi-hh import: {log}: {NOTHING_STORED}"


def test_import_names_a_file_with_no_readable_hand_beside_stored_hands(tmp_path: Path,
                                                                      capsys) -> None:
    """The good file is stored; the other is named, and the status is validate's (2)."""
    write_simulated(tmp_path / "good.txt", 1, seed=1)
    (tmp_path / "broken.txt").write_text(UNREADABLE_LOG, encoding="utf-8")
    assert main(["import", str(tmp_path), "--db", str(tmp_path / "db.duckdb")]) == 2
    out, err = capsys.readouterr()
    assert out.startswith("2 files read: ") and ", 1 session," not in out
    assert err.splitlines()[0].startswith(
        f"badugi-hh import: quarantined {tmp_path / 'broken.txt'}:9:6: ")
    assert err.splitlines()[1:] == [
        f"badugi-hh import: {tmp_path / 'broken.txt'}: {NO_HANDS_STORED}"]
    assert main(["validate", str(tmp_path)]) == 2


def test_import_refuses_zero_jobs(tmp_path: Path, capsys) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["import", str(tmp_path), "--jobs", "0"])
    assert exit_info.value.code == 2
    assert "--jobs: 0 is not a whole number >= 1" in capsys.readouterr().err


@pytest.fixture(scope="module")
def one_session_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("one")
    with Store(folder / "db.duckdb") as store:
        store.import_paths([write_simulated(folder / "game.txt", 1, seed=1)])
    return folder / "db.duckdb"


def test_stats_finds_a_player_whatever_the_case(one_session_db: Path, capsys) -> None:
    assert main(["stats", "--db", str(one_session_db), "--player", "ana"]) == 0
    out = capsys.readouterr().out
    assert " in 1 session, 1 player" in out and "\n  Ana " in out


def test_stats_overview_agrees_in_number(one_session_db: Path, capsys) -> None:
    assert main(["stats", "--db", str(one_session_db)]) == 0
    assert "(the database holds 1 file, " in capsys.readouterr().out


def test_import_and_stats_count_the_same_sessions(tmp_path: Path, capsys) -> None:
    """A session whose every hand is skipped (a cancelled hand) holds no hand audited, and
    a session whose only hand is a copy of one stored is not stored again: neither is
    counted by the import, as stats does not count them (docs/schema.md)."""
    real = Path(__file__).parent / "data" / "real"
    logs = tmp_path / "logs"
    logs.mkdir()
    for name in ("pokerstars/cash-27td-fl-1-2-200809-hand-cancelled.txt",
                 "pokerstars/cash-27td-fl-0.10-0.20-200911.txt",
                 "merge/cash-27td-fl-1-2-201104-multi.xml.txt",
                 "merge/cash-27td-fl-1-2-201104-showdown.xml.txt"):
        (logs / name.replace("/", "-")).write_bytes((real / name).read_bytes())
    db = str(tmp_path / "db.duckdb")
    assert main(["import", str(logs), "--db", db]) == 0
    imported = re.search(r", (\d+) sessions?,", capsys.readouterr().out)
    assert main(["stats", "--db", db]) == 0
    counted = re.match(r"\d+ hands in (\d+) sessions?", capsys.readouterr().out)
    assert imported and counted and imported[1] == counted[1]


def test_validate_and_import_count_the_same_sessions(tmp_path: Path, capsys) -> None:
    """A real export whose one hand was cancelled before any action holds no hand audited:
    validate counted its session (200 sessions of 200 files where import counted 160);
    both now count the sessions holding a hand audited (docs/schema.md)."""
    real = Path(__file__).parent / "data" / "real" / "pokerstars"
    logs = tmp_path / "logs"
    logs.mkdir()
    for name in ("cash-27td-fl-1-2-200809-hand-cancelled.txt",
                 "cash-27td-fl-0.10-0.20-200911.txt"):
        (logs / name).write_bytes((real / name).read_bytes())
    assert main(["validate", "--json", str(logs)]) in (0, 1)
    files = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert {Path(file["file"]).name: file["sessions"] for file in files} == {
        "cash-27td-fl-1-2-200809-hand-cancelled.txt": 0, "cash-27td-fl-0.10-0.20-200911.txt": 1}
    assert main(["validate", str(logs / "cash-27td-fl-1-2-200809-hand-cancelled.txt")]) == 0
    assert capsys.readouterr().out.splitlines()[-1].endswith(
        ": 0 hands in 0 sessions: clean; 1 hand not audited: 1 2-7 Triple Draw (cancelled)")
    assert main(["import", str(logs), "--db", str(tmp_path / "db.duckdb")]) == 0
    imported = re.search(r", (\d+) sessions?,", capsys.readouterr().out)
    assert imported and int(imported[1]) == sum(file["sessions"] for file in files) == 1


@pytest.mark.parametrize("header", [
    'Session #h1 "x" 2026-12-01 20:00\nRules: Badugi triple draw\nSeat 1: Ana (100)\n'
    'Seat 2: Bruno (100)\n',
    "Session #h2\n",
])
def test_a_session_with_no_hand_is_said_once_with_or_without_seat_lines(
        header: str, tmp_path: Path, capsys) -> None:
    """A header and no hand: one N1, whether it seats its players or not (a bare
    ``Session`` line was clean), and a summary that does not count sessions holding no
    hand as 0 sessions with a violation."""
    log = tmp_path / "header.txt"
    log.write_text(header)
    assert main(["validate", str(log)]) == 1
    assert capsys.readouterr().out.splitlines() == [
        f"{log}:1: [N1] the session holds no hand; a session is 12 hands",
        f"{log}: holds no hand: 1 violation"]


def _help_of(command: str, capsys) -> str:
    with pytest.raises(SystemExit):
        main([command, "--help"])
    return " ".join(capsys.readouterr().out.split())   # argparse's wrapping undone


@pytest.mark.parametrize("command", ["import", "validate"])
def test_the_help_names_every_file_a_folder_search_finds(command: str, capsys) -> None:
    from badugi_hh.sources import ARCHIVE_SUFFIXES, LOG_SUFFIXES

    text = _help_of(command, capsys)
    path_help = text[text.index("positional arguments:"):text.index("options:")]
    for suffix in (*LOG_SUFFIXES, *ARCHIVE_SUFFIXES):
        assert suffix in path_help, (command, suffix, path_help)


@pytest.mark.parametrize("command", ["opponents", "stats", "tournaments"])
def test_the_json_help_says_the_object_printed(command: str, one_session_db: Path,
                                               capsys) -> None:
    """``--json`` prints one object: its help names each of its keys, and no list."""
    text = _help_of(command, capsys)
    options = text[text.index("options:"):]
    json_help = options[options.index("--json print"):options.index("--csv print")]
    with Store(one_session_db, read_only=True) as store:
        [(hand,)] = store.connection.sql("SELECT hand_id FROM hands LIMIT 1").fetchall()
    args = ["--hand", hand] if command == "opponents" else []
    assert main([command, *args, "--db", str(one_session_db), "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert isinstance(printed, dict)
    assert all(f'"{key}"' in json_help for key in printed), (printed.keys(), json_help)
    assert "one JSON object" in json_help and "list of one object per row" not in \
        json_help.split("(with --by")[0]
