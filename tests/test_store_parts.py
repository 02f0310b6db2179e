"""``import --jobs``: a large log read in parts by the workers stores what ``--jobs 1``
stores, table by table and row by row (badugi_hh/store/parts.py): a house log cut
before its sessions' headers, a site's export before its hands' headers."""

from __future__ import annotations

import io
import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from conftest import every_other_wide

from badugi_hh.commands.importer import EXIT_INTERRUPTED
from badugi_hh.events import Record
from badugi_hh.rows.batch import RowBatch
from badugi_hh.simulate import simulate
from badugi_hh.store import Store, TABLES
from badugi_hh.store import importer as importer_module
from badugi_hh.rows.files import Fingerprint
from badugi_hh.store.importer import (
    FileJob, Importer, PartJob, _CopiesInTurn, _cut, _Failed, _Gathered, _PartEnd, _read_part,
    _TaskDone,
)
from badugi_hh.store.parts import FilePart, cut_log
from badugi_hh.writer import write_records
from tests.test_clock import fall_sessions
from tests.test_dataset_parts import copied

ROOT = Path(__file__).resolve().parents[1]
#: Parts this small cut a simulated log of 30 sessions into about a dozen.
PART_BYTES = 20_000
#: Columns that say when a row was written, not what was read.
_WHEN = {"imported_at", "first_imported_at", "applied_at"}


def log_text(records: list[Record]) -> str:
    out = io.StringIO()
    write_records(records, out)
    return out.getvalue()


def rows_of(db: Path) -> dict[str, list[tuple[object, ...]]]:
    """Every row of every table (``sources`` too), sorted, less the times of writing."""
    with Store(db, read_only=True) as store:
        con = store.connection
        rows = {}
        for table in [*TABLES, "sources"]:
            columns = [name for (name,) in con.execute(
                "SELECT column_name FROM information_schema.columns WHERE table_name = ?",
                [table]).fetchall() if name not in _WHEN]
            rows[table] = con.execute(f"SELECT {', '.join(columns)} FROM {table} "
                                      "ORDER BY ALL").fetchall()
        return rows


def import_both(tmp_path: Path, log: Path) -> tuple[dict[str, list[tuple[object, ...]]],
                                                     dict[str, list[tuple[object, ...]]]]:
    """The rows of ``log`` imported with ``--jobs 1`` and with ``--jobs 2`` (the second
    import of each stores nothing new), and the two summaries' counts alike."""
    summaries = []
    for jobs in (1, 2):
        with Store(tmp_path / f"jobs{jobs}.duckdb", batch_hands=40) as store:
            summary = store.import_paths([log], jobs=jobs)
            before = store.counts()
            again = store.import_paths([log], jobs=jobs)
            assert (again.unchanged, again.new_hands, store.counts()) == (1, 0, before)
        summaries.append((summary.files, summary.hands, summary.new_hands, summary.sessions,
                          summary.violations, summary.quarantined, summary.copies,
                          summary.failures, summary.no_hands))
    assert summaries[0] == summaries[1]
    return rows_of(tmp_path / "jobs1.duckdb"), rows_of(tmp_path / "jobs2.duckdb")


@pytest.fixture
def small_parts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Parts of :data:`PART_BYTES`; the logs read whole instead of in parts, listed."""
    monkeypatch.setattr(importer_module, "PART_BYTES", PART_BYTES)
    read_whole: list[str] = []
    read_whole_instead = Importer._read_whole_instead

    def noted(importer: Importer, log: importer_module._CutLog) -> None:
        read_whole.append(log.job.source)
        read_whole_instead(importer, log)

    monkeypatch.setattr(Importer, "_read_whole_instead", noted)
    return read_whole


@pytest.fixture(scope="module")
def house_text() -> str:
    """30 six-handed sessions, each with a call of the wrong amount (B7), and a line of
    play that cannot be read in the 25th session: simulated once for the module."""
    text = log_text(list(simulate(sessions=30, seed=3, break_rule="B7")))
    session = [m.start() for m in re.finditer(r"^Session #", text, re.M)][24]
    play = text.index(": calls", session)
    line_start = text.rindex("\n", 0, play) + 1
    return text[:line_start] + "Bruno: calls banana\n" + text[line_start:]


@pytest.fixture
def house_log(tmp_path: Path, house_text: str) -> Path:
    """:func:`house_text` written for one test (which may change it)."""
    log = tmp_path / "house.txt"
    log.write_text(house_text, encoding="utf-8")
    return log


def test_a_large_house_log_is_cut_before_session_headers(house_log: Path) -> None:
    data = house_log.read_bytes()
    with house_log.open("rb") as stream:
        cut = cut_log(stream, len(data), PART_BYTES)
    assert cut is not None and cut.kind == "house"
    parts = cut.parts
    assert len(parts) >= 5 and all(part.lead == part.start for part in parts)
    lines = data.split(b"\n")
    for part in parts:
        assert part.number == 0 or data[part.start:].startswith(b"Session #")
        assert lines[part.first_line - 1].startswith(b"Session #") or part.number == 0
    assert [part.end for part in parts[:-1]] == [part.start for part in parts[1:]]
    assert parts[-1].end == len(data)


def test_parts_store_what_one_process_stores(tmp_path: Path, house_log: Path,
                                             small_parts: list[str]) -> None:
    one, two = import_both(tmp_path, house_log)
    assert one == two and small_parts == []
    assert len(one["sessions"]) == 30 and len(one["violations"]) >= 30
    # the damaged line, where the whole file has it
    damaged = house_log.read_text(encoding="utf-8").splitlines().index("Bruno: calls banana") + 1
    assert [(line, column) for _, line, column, *_ in one["quarantine"]] == [(damaged, 14)]


@pytest.mark.wide   # (the order itself is held by the next test, in the default run)
def test_identical_copies_read_by_two_workers_store_what_one_process_stores(
        tmp_path: Path) -> None:
    """Two copies of one log, each a task of its own: read side by side, a session's
    first hands were stored from one copy and its last from the other, and the session
    kept for both (a session stored twice in about one import of three, at 8 sessions and
    batches of 6 hands). The copy is read once the first is: each table as one process
    stores it."""
    text = log_text(list(simulate(sessions=8, seed=5)))
    logs = []
    for name in ("a.txt", "b.txt"):
        (tmp_path / name).write_text(text, encoding="utf-8")
        logs.append(tmp_path / name)
    for jobs in (1, 2):
        with Store(tmp_path / f"jobs{jobs}.duckdb", batch_hands=6) as store:
            store.import_paths(logs, jobs=jobs)
    one, two = rows_of(tmp_path / "jobs1.duckdb"), rows_of(tmp_path / "jobs2.duckdb")
    assert len(one["sessions"]) == 8 and {row[0] for row in one["sessions"]} == {str(logs[0])}
    assert one == two


def test_copies_are_given_to_the_workers_once_the_file_they_copy_is_read() -> None:
    """Workers are given the copies of a file (its size and content hash) once that
    file's tasks are all done, then side by side; each worker is told to stop once
    nothing is held back."""
    def job(name: str, digest: str) -> FileJob:
        return FileJob(Path(name), name, Fingerprint(100, digest, None))

    first, other, copy, third = job("a", "x"), job("b", "y"), job("c", "x"), job("d", "x")
    parts = [PartJob(copy, "house", FilePart(number, 0, 0, 100, 1, 1, None))
             for number in range(2)]
    given: queue.Queue[object] = queue.Queue()

    def taken() -> list[object]:
        return [given.get() for _ in range(given.qsize())]

    turns = _CopiesInTurn([first, other, *parts, third], given, workers=2)
    assert taken() == [first, other]
    turns.done("b")
    assert taken() == []
    turns.done("a")
    assert taken() == [*parts, third, None, None]
    for source in ("c", "d", "c"):
        turns.done(source)
    assert taken() == []


def test_a_worker_sends_the_rows_of_small_files_together(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker gathers the rows of the files it reads until they make a batch, or until
    no task waits: then one batch of them, then why a file stopped and the tasks done, in
    their order (a file's end after its rows, as the writer needs). Sent file by file, a
    thousand one-session logs read slower in two workers than in one process."""
    monkeypatch.setattr(signal, "signal", lambda *args: None)   # the worker's, not pytest's
    jobs = []
    for number in range(3):
        log = tmp_path / f"log{number}.txt"
        log.write_text(log_text(list(simulate(sessions=1, seed=number))), encoding="utf-8")
        jobs.append(FileJob(log, str(log), importer_module._fingerprint(log, None)))
    missing = FileJob(tmp_path / "gone.txt", str(tmp_path / "gone.txt"), jobs[0].fingerprint)
    tasks: queue.Queue[object] = queue.Queue()
    sent: queue.Queue[object] = queue.Queue()
    for task in [jobs[0], missing, jobs[1], None]:   # each waiting as the last ends
        tasks.put(task)
    importer_module._read_in_worker(tasks, sent, 1000, "UTC")
    batch, *messages, end = [sent.get() for _ in range(sent.qsize())]
    assert isinstance(batch, RowBatch) and end is None
    assert [finished.path for finished in batch.finished] == [jobs[0].source, jobs[1].source]
    assert len(batch.sealed["hands"]) == 1   # made into Arrow once, not once a file
    failed = messages.pop(1)
    assert isinstance(failed, _Failed) and failed.unreadable and "gone.txt" in failed.message
    assert messages == [_TaskDone(task.source) for task in [jobs[0], missing, jobs[1]]]
    # no task waiting: what is gathered is sent before the worker waits for one
    gathered = _Gathered(sent, batch_hands=1000)
    for rows in importer_module._read_file(jobs[2], 1000, "UTC"):
        gathered.add(rows)
    gathered.done(jobs[2].source)
    assert sent.empty()
    threading.Timer(0.5, tasks.put, [None]).start()
    assert gathered.next_task(tasks) is None
    assert [type(message) for message in [sent.get_nowait(), sent.get_nowait()]] == [
        RowBatch, _TaskDone]
    # a whole batch is sent at once
    gathered = _Gathered(sent, batch_hands=1)
    for rows in importer_module._read_file(jobs[0], 1000, "UTC"):
        gathered.add(rows)
    assert isinstance(sent.get_nowait(), RowBatch)


def test_a_part_s_end_is_sent_with_its_rows_not_with_the_next_files(
        tmp_path: Path, house_log: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A large log's part is sent as it is read, and its end at once: the copies of the
    log wait for that end (_CopiesInTurn). It waited for the worker's next send, behind
    the small files read after it while tasks were waiting."""
    monkeypatch.setattr(signal, "signal", lambda *args: None)   # the worker's, not pytest's
    job = FileJob(house_log, str(house_log), importer_module._fingerprint(house_log, None))
    cut = _cut(job, PART_BYTES)
    assert cut is not None
    small = tmp_path / "small.txt"
    small.write_text(log_text(list(simulate(sessions=1, seed=5))), encoding="utf-8")
    tasks: queue.Queue[object] = queue.Queue()
    sent: queue.Queue[object] = queue.Queue()
    for task in [PartJob(job, "house", cut.parts[0]),
                 FileJob(small, str(small), importer_module._fingerprint(small, None)), None]:
        tasks.put(task)
    importer_module._read_in_worker(tasks, sent, 1000, "UTC")
    messages = [sent.get() for _ in range(sent.qsize())]
    ends = [at for at, message in enumerate(messages) if isinstance(message, _TaskDone)]
    assert [messages[at] for at in ends] == [_TaskDone(job.source), _TaskDone(str(small))]
    assert all(not isinstance(message, RowBatch) or not message.finished
               or message.finished[0].path != str(small) for message in messages[:ends[0]])
    assert isinstance(messages[ends[0] + 1], RowBatch)   # the small file's rows after it


def test_of_two_copies_met_in_one_batch_the_file_planned_first_stores_the_hand(
        tmp_path: Path) -> None:
    """Workers' rows reach the writer in any order: a one-hand Merge export whose hand is a
    copy of one in a larger export stored that hand, and its session beside the larger
    one's, in 5 imports of 6 with ``--jobs 2`` (23 sessions of the real exports, not 22).
    Within a batch the file planned first stores it, and is its players' first file, as
    ``--jobs 1`` reads them; here the rows come in the wrong order."""
    merge = ROOT / "tests" / "data" / "real" / "merge"
    larger, smaller = (merge / "cash-27td-fl-1-2-201104-multi.xml.txt",
                       merge / "cash-27td-fl-1-2-201104-showdown.xml.txt")
    with Store(tmp_path / "one.duckdb") as store:
        store.import_paths([larger, smaller])
    jobs = [FileJob(path, str(path), importer_module._fingerprint(path, None))
            for path in (larger, smaller)]
    with Store(tmp_path / "turned.duckdb") as store:
        importer = store._importer(None, "UTC", None)
        importer.seen.order = {job.source: place for place, job in enumerate(jobs)}
        for job in reversed(jobs):   # the smaller file's rows first
            for rows in importer_module._read_file(job, 1000, "UTC"):
                importer.batch.merge(rows)
        importer.flush()
    assert rows_of(tmp_path / "turned.duckdb") == rows_of(tmp_path / "one.duckdb")


def test_a_session_id_used_twice_keeps_the_log_whole(tmp_path: Path, house_log: Path,
                                                    small_parts: list[str]) -> None:
    """The reader renames the second session (s~2): parts could not know it."""
    text = house_log.read_text(encoding="utf-8")
    first = re.search(r"^Session #(\S+)", text, re.M)
    assert first is not None
    last = [m for m in re.finditer(r"^Session #(\S+)", text, re.M)][-1]
    text = text[:last.start(1)] + first.group(1) + text[last.end(1):]
    house_log.write_text(text, encoding="utf-8")
    with house_log.open("rb") as stream:
        assert cut_log(stream, len(text), PART_BYTES) is None
    one, two = import_both(tmp_path, house_log)
    assert one == two
    assert any(f"{first.group(1)}~2" in str(row) for row in one["sessions"])


@pytest.mark.parametrize("hour", [1, 4])
def test_a_house_part_that_starts_in_the_hour_that_repeats_is_read_with_the_log(
        tmp_path: Path, small_parts: list[str], monkeypatch: pytest.MonkeyPatch,
        hour: int) -> None:
    """A house part has no hand before it to tell which passage of a repeated hour its
    first time is: read alone, session b's hands were an hour early (05:20 UTC, not
    06:20). Such a log is read whole; one whose cut is in no such hour is still cut."""
    monkeypatch.setattr(importer_module, "PART_BYTES", 600)   # a part per session
    log = tmp_path / "fall.txt"
    log.write_text(fall_sessions(hour), encoding="utf-8")
    for jobs in (1, 2):
        with Store(tmp_path / f"jobs{jobs}.duckdb") as store:
            store.import_paths([log], jobs=jobs, zone="America/New_York")
    one, two = rows_of(tmp_path / "jobs1.duckdb"), rows_of(tmp_path / "jobs2.duckdb")
    assert one == two
    assert small_parts == ([str(log)] if hour == 1 else [])
    with Store(tmp_path / "jobs2.duckdb", read_only=True) as store:
        assert store.connection.execute(
            "SELECT strftime(started_utc AT TIME ZONE 'UTC', '%H:%M') FROM hands "
            "WHERE session_id = 'b' ORDER BY number").fetchall() == (
            [("06:20",), ("06:40",)] if hour == 1 else [("09:20",), ("09:40",)])


def test_a_nul_byte_keeps_the_log_whole(tmp_path: Path, house_log: Path,
                                        small_parts: list[str]) -> None:
    """Reading stops at a NUL byte: what follows it is not read, with parts neither."""
    data = house_log.read_bytes()
    at = data.index(b"\nHand #", len(data) * 2 // 3) + 3
    house_log.write_bytes(data[:at] + b"\0" + data[at:])
    with house_log.open("rb") as stream:
        assert cut_log(stream, len(data) + 1, PART_BYTES) is None
    one, two = import_both(tmp_path, house_log)
    assert one == two


def test_a_site_export_inside_a_part_has_the_log_read_whole(
        tmp_path: Path, house_log: Path, small_parts: list[str]) -> None:
    """A house log another export interrupts: the house reader carries its session
    across the other hands, so the part is not stored and the log is read whole."""
    export = (ROOT / "tests" / "data" / "real" / "pokerstars"
              / "cash-badugi-fl-0.25-0.50-201009.txt").read_text(encoding="utf-8-sig")
    text = house_log.read_text(encoding="utf-8")
    hand = [m.start() for m in re.finditer(r"^Hand #", text, re.M)][-20]
    house_log.write_text(text[:hand] + export + "\n\n" + text[hand:], encoding="utf-8")
    one, two = import_both(tmp_path, house_log)
    assert one == two and small_parts == [str(house_log.resolve())]
    assert any("pokerstars" in row for row in one["hands"])


def test_copies_of_a_log_read_whole_after_its_parts_count_each_session_once(
        tmp_path: Path, house_log: Path, small_parts: list[str]) -> None:
    """Copies of a log whose parts are not stored (another export inside one): the
    sessions its parts' rows brought were taken back as it was read whole, those a commit
    had left out as second copies too, and the summary said fewer sessions than it
    stored (117 of 201 on three copies of 200 sessions, fewer than none at smaller
    batches; here 14 to 26 of 32 on two copies)."""
    export = (ROOT / "tests" / "data" / "real" / "pokerstars"
              / "cash-badugi-fl-0.25-0.50-201009.txt").read_text(encoding="utf-8-sig")
    text = house_log.read_text(encoding="utf-8")
    hand = [m.start() for m in re.finditer(r"^Hand #", text, re.M)][-20]
    logs = []
    for name in ("a.txt", "b.txt"):
        (tmp_path / name).write_text(text[:hand] + export + "\n\n" + text[hand:],
                                     encoding="utf-8")
        logs.append(tmp_path / name)
    with Store(tmp_path / "jobs2.duckdb", batch_hands=40) as store:
        summary = store.import_paths(logs, jobs=2)
        stored = store.connection.execute(
            "SELECT count(*) FROM sessions WHERE hands > 0").fetchall()[0][0]
    assert (summary.sessions, stored) == (32, 32) and small_parts   # 30 house, 2 PokerStars


def tournaments_export(copies: int) -> bytes:
    """The real PokerStars SNG ``copies`` times, each copy a tournament of its own (and its
    own hand ids and year): a log whose tournaments close in many commits."""
    name = ["pokerstars/tour-badugi-fl-sng-201011.txt"]
    return b"".join(
        re.sub(rb"Tournament #(\d+)", lambda found: b"Tournament #%d" % (int(found[1]) + copy),
               copied(name, copy + 1, other_days=True)[len(copied(name, copy, other_days=True)):])
        for copy in range(copies))


def test_a_site_export_with_tournaments_read_whole_after_its_parts_stores_each_once(
        tmp_path: Path, house_log: Path, small_parts: list[str]) -> None:
    """Tournaments a log's first parts stored go when the log is read whole instead: each
    file's account of a tournament is stored once, as --jobs 1 stores it."""
    log = tmp_path / "mixed.txt"
    log.write_bytes(tournaments_export(4) + house_log.read_bytes())
    one, two = import_both(tmp_path, log)
    assert small_parts == [str(log.resolve())]
    assert len(one["tournaments"]) == 4 and one == two


def test_an_export_read_again_as_it_grows_keeps_one_account_of_each_tournament(
        tmp_path: Path) -> None:
    """A tournament file read again as it grows replaces what the first read stored of
    each of its tournaments, in whichever commit the tournament comes (each table's rows
    come as it closes), not only those of the first commit that holds one."""
    log = tmp_path / "sng.txt"
    log.write_bytes(tournaments_export(3))
    with Store(tmp_path / "grown.duckdb", batch_hands=40) as store:
        store.import_paths([log])
        log.write_bytes(tournaments_export(5))
        store.import_paths([log])
    with Store(tmp_path / "fresh.duckdb", batch_hands=40) as store:
        store.import_paths([log])
    grown, fresh = rows_of(tmp_path / "grown.duckdb"), rows_of(tmp_path / "fresh.duckdb")
    for table in ("tournaments", "tournament_results"):
        assert grown[table] == fresh[table]
    assert len(fresh["tournaments"]) == 5


def test_a_failed_part_leaves_the_log_to_be_read_again(tmp_path: Path, house_log: Path,
                                                       small_parts: list[str]) -> None:
    """The parts are stored as they come, and the log's row in ``sources`` only once
    all are: a part that fails leaves the log unrecorded, and the next import reads it
    again whole, storing what was missing and nothing twice."""
    with Store(tmp_path / "whole.duckdb") as store:
        store.import_paths([house_log])
        whole = store.counts()
    with Store(tmp_path / "parts.duckdb", batch_hands=40) as store:
        importer = Importer(store.connection, 40, None, "UTC")
        job = importer.plan(house_log)
        assert isinstance(job, FileJob)
        cut = _cut(job, PART_BYTES)
        assert cut is not None
        parts = cut.parts
        importer.cut_logs[job.source] = importer_module._CutLog(job, len(parts), len(parts),
                                                                None)
        boom = _PartEnd(job.source, 2, failed=importer_module._Failed(
            f"internal error in {house_log}: boom", unreadable=False))
        for part in parts:   # as the workers send them: the third part stops with a bug
            for result in ([boom] if part.number == 2
                           else _read_part(PartJob(job, "house", part), 40, "UTC")):
                importer.take(result)
        summary = importer.finish()
        assert summary.failures == [f"internal error in {house_log}: boom"]
        assert store.connection.execute("SELECT count(*) FROM sources").fetchall() == [(0,)]
        again = store.import_paths([house_log])
        assert again.new_hands == whole["hands"] - summary.new_hands > 0
        assert store.counts() == whole


#: Real exports of each site whose text export is cut, copied so that cuts fall inside
#: tables' sessions (a tournament's table all along; cash tables in turn); each copy's
#: hands other ids and other days (a session id is its table's and its start's: one
#: used again is read as ID~2, which a part cannot know, so the log is read whole).
SITE_EXPORTS = {
    "pokerstars": (["pokerstars/tour-badugi-fl-sng-201011.txt",
                    "pokerstars/cash-27td-fl-0.10-0.20-200911.txt",
                    "pokerstars/cash-27td-fl-1-2-200809-hand-cancelled.txt",
                    "pokerstars/cash-badugi-fl-0.25-0.50-201009.txt"], 2),
    "full tilt": (["fulltilt/cash-27td-fl-5-10-201211.txt",
                   "fulltilt/tour-27td-fl-headsup-sng-201211.txt",
                   "fulltilt/cash-27td-fl-150-300-201011-sitting-out.txt"], 2),
    "kingsclub": (["kingsclub/cash-27td-fl-40-80-202101.txt",   # a hand each
                   "kingsclub/cash-a5td-fl-44-88-202010.txt",
                   "kingsclub/cash-badugi-fl-30-60-202010.txt"], 10),
    "winamax": (["winamax/cash-27td-fl-0.50-1-201610.txt"], 20),   # a hand
    "ongame": (["ongame/cash-5cd-fl-usd-1-2-201109-goalwin.txt"], 4),
}


@pytest.mark.parametrize("site", every_other_wide([(site,) for site in SITE_EXPORTS]))
def test_a_site_export_read_in_parts_stores_what_one_process_stores(
        tmp_path: Path, site: str, monkeypatch: pytest.MonkeyPatch,
        small_parts: list[str]) -> None:
    names, copies = SITE_EXPORTS[site]
    log = tmp_path / "export.txt"
    log.write_bytes(copied(names, copies, other_days=True))
    part_bytes = log.stat().st_size // 5
    monkeypatch.setattr(importer_module, "PART_BYTES", part_bytes)
    with log.open("rb") as stream:
        cut = cut_log(stream, log.stat().st_size, part_bytes)
    assert cut is not None and len(cut.parts) >= 4
    assert all(part.lead < part.start for part in cut.parts[1:])   # each with its lead-in
    one, two = import_both(tmp_path, log)
    assert one == two and small_parts == []   # cut, not read whole
    assert len(one["hands"]) >= len(cut.parts)


def test_a_table_played_all_along_is_one_session_across_the_parts(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, small_parts: list[str]) -> None:
    """A PokerStars hand's number is its place in its session, counted across the cuts."""
    log = tmp_path / "tournament.txt"
    log.write_bytes(copied(["pokerstars/tour-badugi-fl-sng-201011.txt"], 2))
    monkeypatch.setattr(importer_module, "PART_BYTES", log.stat().st_size // 6)
    one, two = import_both(tmp_path, log)
    assert one == two and small_parts == []
    with Store(tmp_path / "jobs2.duckdb", read_only=True) as store:
        assert store.connection.execute(
            "SELECT count(*), min(number), max(number), count(DISTINCT session_id) FROM hands"
        ).fetchall() == [(208, 1, 208, 1)]


def test_a_session_id_begun_in_two_parts_has_the_export_read_whole(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, small_parts: list[str]) -> None:
    """Full Tilt's copies on the same days begin sessions of the same ids (a table and a
    start) with other hands: the reader names each second one ID~2, which a part cannot
    know. Read whole, each is a session of its own, with --jobs 1 as with parts."""
    names, copies = SITE_EXPORTS["full tilt"]
    log = tmp_path / "export.txt"
    log.write_bytes(copied(names, copies))
    monkeypatch.setattr(importer_module, "PART_BYTES", log.stat().st_size // 5)
    one, two = import_both(tmp_path, log)
    assert one == two and small_parts == [str(log)]
    ids = [row[1] for row in one["sessions"]]
    assert len(ids) == len(set(ids)) and sum(id.endswith("~2") for id in ids) == len(ids) // 2


def test_a_hand_id_in_two_parts_has_the_export_read_whole(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, small_parts: list[str]) -> None:
    """T5 is judged across the log: an export pasted twice is read whole."""
    log = tmp_path / "twice.txt"
    log.write_bytes((ROOT / "tests" / "data" / "real" / "pokerstars"
                     / "tour-badugi-fl-sng-201011.txt").read_bytes() * 2)
    monkeypatch.setattr(importer_module, "PART_BYTES", log.stat().st_size // 4)
    one, two = import_both(tmp_path, log)
    assert one == two and small_parts == [str(log.resolve())]
    assert any("T5" in row for row in one["violations"])


def test_a_log_appended_to_is_read_again_in_parts_as_one_read_reads_it(
        tmp_path: Path, house_log: Path, small_parts: list[str]) -> None:
    """A log read while its last session was being written, then read whole again: the
    short session's row and findings and the cut hand's error are replaced."""
    text = house_log.read_text(encoding="utf-8")
    live = tmp_path / "live.txt"
    live.write_text(text[:text.index("*** SECOND DRAW ***", len(text) * 2 // 3)],
                    encoding="utf-8")
    with Store(tmp_path / "parts.duckdb", batch_hands=40) as store:
        store.import_paths([live], jobs=2)
        live.write_text(text, encoding="utf-8")
        store.import_paths([live], jobs=2)
    with Store(tmp_path / "clean.duckdb", batch_hands=40) as store:
        store.import_paths([live])
    assert rows_of(tmp_path / "parts.duckdb") == rows_of(tmp_path / "clean.duckdb")
    assert small_parts == []


def _at(moment: str, writer: object) -> bool:
    """Whether the import whose writer is ``writer`` (a psutil process) is at ``moment``:
    its fork server has spent a third of a second importing, or the semaphores' tracker,
    the fork server and both workers are there."""
    import psutil

    try:
        processes = writer.children(recursive=True)  # type: ignore[attr-defined]
        if moment == "workers-started":
            return len(processes) >= 4
        return any("forkserver" in " ".join(process.cmdline())
                   and sum(process.cpu_times()[:2]) >= 0.3 for process in processes)
    except psutil.Error:   # one ended meanwhile: look again
        return False


@pytest.fixture(scope="module")
def seven_hundred_sessions(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """A log of 700 heads-up sessions, simulated once for the module."""
    log = tmp_path_factory.mktemp("logs") / "log.txt"
    with log.open("w", encoding="utf-8") as out:
        write_records(simulate(sessions=700, seed=1), out)
    return log.read_bytes()


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc")
@pytest.mark.parametrize("moment", ["fork-server-importing", "workers-started"])
def test_ctrl_c_during_an_import_in_workers_prints_no_workers_traceback(
        tmp_path: Path, moment: str, seven_hundred_sessions: bytes) -> None:
    """Ctrl-C goes to every process of the terminal's group: the workers leave it to the
    writer, which says what is kept; none prints a traceback. The signal comes while the
    fork server imports the readers, before it ignores Ctrl-C (it printed the traceback
    of its imports), or once both workers are forked. They are started with Ctrl-C held
    back, and inherit it so."""
    psutil = pytest.importorskip("psutil")
    # copies, read all the same and stored once: far more reading than the signal waits
    # for, so that a quick machine is still at work when it comes
    logs = []
    for number in range(1, 7):
        copy = tmp_path / f"log{number}.txt"
        copy.write_bytes(seven_hundred_sessions)
        logs.append(str(copy))
    command = [sys.executable, "-m", "badugi_hh", "import", *logs,
               "--db", str(tmp_path / "db.duckdb"), "--jobs", "2"]
    child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True, cwd=ROOT, start_new_session=True)
    writer = psutil.Process(child.pid)
    while child.poll() is None and not _at(moment, writer):
        time.sleep(0.01)
    os.killpg(child.pid, signal.SIGINT)
    out, err = child.communicate(timeout=300)
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    assert child.returncode == EXIT_INTERRUPTED, (out, err)
    assert "interrupted; the " in err
