"""badugi-hh watch: a real export written into a watched folder hand by hand, as a site
writes it, is stored hand by hand, each hand once, while a reader (as the dashboard
has) reads the same database."""

from __future__ import annotations

import gzip
import io
import os
import random
import shutil
import signal
import subprocess
import sys
import threading
import time
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import duckdb
import pytest

from badugi_hh.parsers import dialect_of
from badugi_hh.stats import coverage, coverage_line
from badugi_hh.store import Store, StoreError, connect_current
from badugi_hh.watch import Watcher, into_database

REAL = Path(__file__).resolve().parent / "data" / "real"
#: 17 hands of 2-7 Triple Draw, as PokerStars wrote them.
EXPORT = REAL / "pokerstars" / "cash-27td-fl-0.10-0.20-200911.txt"
#: How long the watcher is given for what it must do: a bound for a hung test, not a
#: speed target (it takes a fraction of this).
PATIENCE = 30.0


def hands_of(log: Path) -> list[str]:
    """The text of each hand of ``log``, cut where its dialect starts a hand."""
    lines = log.read_text(encoding="utf-8-sig").splitlines(keepends=True)
    dialect = dialect_of(lines[0])
    hands: list[list[str]] = []
    for line in lines:
        if dialect.starts(line) or not hands:
            hands.append([])
        hands[-1].append(line)
    return ["".join(hand).rstrip("\n") + "\n" for hand in hands]


def appended(log: Path, text: str) -> None:
    """Append as a site does: the text, at once, flushed."""
    with open(log, "a", encoding="utf-8", newline="") as out:
        out.write(text)


def until(condition, what: str) -> None:
    deadline = time.monotonic() + PATIENCE
    while not condition():
        assert time.monotonic() < deadline, f"waited {PATIENCE} s for {what}"
        time.sleep(0.05)


def stop_watching(watch: subprocess.Popen[str]) -> None:
    """Stop ``badugi-hh watch`` as the dashboard's Stop does, with a termination signal,
    which it takes as Ctrl-C. Not SIGINT: a suite started in the background (``pytest
    &``, ``nohup``) ignores it, and so do the processes it starts. One that does not
    end is killed: no test leaves a watcher running."""
    watch.send_signal(signal.SIGTERM)
    try:
        watch.wait(timeout=PATIENCE)
    except subprocess.TimeoutExpired:
        watch.kill()
        watch.wait()
        raise


class DashboardReader(threading.Thread):
    """Reads the database as the dashboard does, over and over: a read-only connection
    opened for a look and closed after it (the dashboard's closes when idle)."""

    def __init__(self, database: Path) -> None:
        super().__init__(daemon=True)
        self.database = database
        self.counts: list[int] = []
        self.errors: list[str] = []
        self.stop = threading.Event()

    def run(self) -> None:
        while not self.stop.is_set():
            try:
                # the dashboard waits 2 s, then says to look again: a loaded test
                # machine may take longer to store a batch
                con = connect_current(self.database, wait=PATIENCE)
                try:
                    self.counts.append(con.execute("SELECT count(*) FROM hands").fetchone()[0])
                finally:
                    con.close()
            except StoreError as error:
                self.errors.append(str(error))
            time.sleep(0.05)

    @property
    def last(self) -> int:
        return self.counts[-1] if self.counts else -1


def test_a_site_writing_a_real_export_hand_by_hand_is_followed(tmp_path: Path) -> None:
    folder, database = tmp_path / "HandHistory", tmp_path / "hands.duckdb"
    folder.mkdir()
    hands = hands_of(EXPORT)
    assert len(hands) == 17
    watch = subprocess.Popen(
        [sys.executable, "-m", "badugi_hh.cli", "watch", str(folder), "--db", str(database)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    lines: list[str] = []
    errors: list[str] = []
    # each stream read to its end by a thread of its own, joined before either is closed
    followers = [threading.Thread(target=lambda: lines.extend(watch.stdout), daemon=True),
                 threading.Thread(target=lambda: errors.extend(watch.stderr), daemon=True)]
    for follower in followers:
        follower.start()
    reader = DashboardReader(database)
    try:
        until(lambda: any("watching" in line for line in lines), "the first import")
        reader.start()
        table = folder / "HH20091120 Table 1.txt"
        for hand in hands[:8]:
            appended(table, hand + "\n\n")   # a site ends each hand with blank lines
            time.sleep(0.05)
        until(lambda: reader.last == 8, "the first 8 hands")
        half = hands[8].splitlines(keepends=True)
        appended(table, "".join(half[:len(half) // 2]))   # a hand being written
        time.sleep(1.0)   # more than the watcher's settling time, many times over
        assert reader.last == 8   # it waits for its end
        appended(table, "".join(half[len(half) // 2:]) + "\n\n")
        for hand in hands[9:]:
            appended(table, hand + "\n\n")
            time.sleep(0.05)
        until(lambda: reader.last == 17, "every hand")
    finally:
        reader.stop.set()
        stop_watching(watch)
        for follower in followers:
            follower.join(timeout=PATIENCE)
    err = "".join(errors)
    assert watch.returncode == 0 and "Traceback" not in err, err
    assert reader.errors == [] and 0 < min(set(reader.counts) - {0}) < 17   # read meanwhile
    assert any(line.endswith(f"new hand from {table.name}\n") or
               line.endswith(f"new hands from {table.name}\n") for line in lines)
    with duckdb.connect(str(database), read_only=True) as con:
        assert con.execute("SELECT count(*), count(DISTINCT hand_id) FROM hands").fetchone() \
            == (17, 17)
        assert con.execute("SELECT count(*) FROM quarantine").fetchone() == (0,)
        watched = con.execute("SELECT * EXCLUDE (source) FROM hand_players ORDER BY ALL").fetchall()
    shutil.copy(EXPORT, tmp_path / "whole.txt")
    with Store(tmp_path / "whole.duckdb") as store:   # the same export, imported at once
        store.import_paths([tmp_path / "whole.txt"])
        assert store.connection.execute(
            "SELECT * EXCLUDE (source) FROM hand_players ORDER BY ALL").fetchall() == watched


@pytest.fixture
def watcher(tmp_path: Path) -> tuple[Watcher, Path, Path]:
    folder, database = tmp_path / "logs", tmp_path / "db.duckdb"
    folder.mkdir()
    return Watcher([folder], into_database(database), settle=0.0, quiet=60.0), folder, database


def stored(database: Path) -> int:
    with duckdb.connect(str(database), read_only=True) as con:
        return con.execute("SELECT count(*) FROM hands").fetchone()[0]


def test_the_complete_hands_are_taken_at_once_the_last_when_the_file_is_quiet(watcher,
                                                                             ) -> None:
    watch, folder, database = watcher
    watch.snapshot()
    hands = hands_of(EXPORT)
    appended(folder / "t.txt", hands[0] + "\n\n" + hands[1])
    batch = watch.step()   # the first hand ends with its blank line: taken now
    assert batch is not None and batch.summary.new_hands == 1 and stored(database) == 1
    assert watch.step() is None   # the last hand may be half written: it waits
    watch.quiet = 0.0   # as if the file had not changed for that long
    batch = watch.step()
    assert batch is not None and batch.summary.new_hands == 1 and stored(database) == 2
    assert watch.step() is None   # nothing changed since


def test_a_utf16_log_appended_to_after_its_stray_last_byte_is_followed(watcher) -> None:
    """Full Tilt's UTF-16 export ends with a stray byte: the hand appended after it lies a
    byte out of step, and is taken once complete, not when the file is quiet."""
    watch, folder, database = watcher
    watch.snapshot()
    first, second = (REAL / "fulltilt" / name for name in (
        "cash-27td-fl-0.10-0.20-201011.txt", "cash-27td-fl-150-300-201012.txt"))
    log = folder / "ft.txt"
    log.write_bytes(first.read_bytes())
    batch = watch.step()
    assert batch is not None and batch.summary.new_hands == 1
    with open(log, "ab") as out:
        out.write(second.read_bytes()[2:])   # appended: the text, without a mark
    batch = watch.step()
    assert batch is not None and batch.summary.new_hands == 1 and stored(database) == 2
    with duckdb.connect(str(database), read_only=True) as con:
        assert con.execute("SELECT count(*) FROM quarantine").fetchone() == (0,)


def test_a_log_rewritten_whole_is_not_quarantined_while_it_is_empty(watcher) -> None:
    """Boss Media rewrites its log whole after each hand: caught between emptying it and
    writing it again, the log holds no hand yet, which is no empty file to report."""
    watch, folder, database = watcher
    watch.snapshot()
    export = (REAL / "bossmedia" / "cash-5cd-fl-eur-2-4-201109.xml").read_text()
    opening = export[:export.index("<HISTORY ")]
    hands = [hand + "</HISTORY>\n" for hand in
             export[len(opening):].split("</HISTORY>\n")[:2]]
    log = folder / "session583869141.xml"
    for written in (1, 2):
        log.write_text("")
        assert watch.step() is None
        log.write_text(opening + "".join(hands[:written]) + "</ROOT>\n")
        batch = watch.step()
        assert batch is not None and (batch.summary.new_hands, batch.summary.quarantined) \
            == (1, 0)
    assert stored(database) == 2


def test_an_archive_dropped_into_the_folder_is_imported(watcher) -> None:
    watch, folder, database = watcher
    watch.snapshot()
    (folder / "old.txt.gz").write_bytes(gzip.compress(EXPORT.read_bytes()))
    batch = watch.step()
    assert batch is not None and batch.summary.new_hands == 17
    os.utime(folder / "old.txt.gz")   # touched, not changed: nothing new
    assert watch.step().summary.new_hands == 0 and stored(database) == 17


def zipped(log: Path) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.write(log, log.name)
    return buffer.getvalue()


def test_a_zip_copied_in_slowly_is_read_once_whole_never_told_damaged(watcher) -> None:
    """A zip still being copied lacks the directory it ends with: it waits, with no
    'damaged archive' said, and is read once whole."""
    watch, folder, database = watcher
    watch.snapshot()
    data, archive = zipped(EXPORT), folder / "old.zip"
    archive.write_bytes(data[:len(data) // 2])
    assert watch.step() is None
    archive.write_bytes(data)
    batch = watch.step()
    assert batch is not None and (batch.summary.new_hands, batch.summary.unreadable) == (17, [])


def test_a_zip_half_copied_when_the_watch_starts_waits_for_its_end(watcher) -> None:
    watch, folder, database = watcher
    data, archive = zipped(EXPORT), folder / "old.zip"
    archive.write_bytes(data[:len(data) // 2])
    watch.snapshot()
    assert watch.still_written([str(archive)]) == {str(archive): 0}
    archive.write_bytes(data)
    batch = watch.step()
    assert batch is not None and (batch.summary.new_hands, batch.summary.unreadable) == (17, [])


def rewritten_over(first: list[str], shorter: bool) -> str:
    """Other hands of the export, written over a log that held ``first``: fewer bytes, the
    last hand half written; or more, the old log's length falling inside the last hand
    (where a look for hand ends from the old log's last end finds none)."""
    old_length = len("".join(first))
    later = [hand + "\n\n" for hand in hands_of(EXPORT)[len(first):]]
    if shorter:
        return later[0] + later[1] + later[2][:len(later[2]) // 2]
    written = ""
    while len(written) < old_length:
        written += later.pop(0)
    assert len(written) - len(later[-1]) < old_length < len(written)
    return written


@pytest.mark.parametrize("shorter", [True, False], ids=["shorter", "longer"])
def test_a_rewritten_logs_complete_hands_are_taken_at_once(watcher, shorter: bool) -> None:
    """A log written over with other hands is read from its start: its complete hands
    are stored at the next look, as an appended log's are, not after the wait for an
    unfinished hand."""
    watch, folder, database = watcher
    watch.snapshot()
    first = [hand + "\n\n" for hand in hands_of(EXPORT)[:5]]
    log = folder / "t.txt"
    log.write_text("".join(first), encoding="utf-8")
    assert watch.step().summary.new_hands == 5
    log.write_text(rewritten_over(first, shorter), encoding="utf-8")
    batch = watch.step()
    assert batch is not None and batch.summary.removed_hands == 5
    assert batch.summary.new_hands == stored(database) == (2 if shorter else 5)


def test_watch_says_how_many_hands_a_rewritten_log_no_longer_holds(watcher, capsys) -> None:
    """The batch's line says what ``import`` says of the hands a rewrite removed."""
    from badugi_hh.commands.watch import Reporter

    watch, folder, database = watcher
    report = Reporter(str(database))
    watch.snapshot()
    hands = [hand + "\n\n" for hand in hands_of(EXPORT)]
    log = folder / "t.txt"
    log.write_text("".join(hands[:5]), encoding="utf-8")
    report(watch.step())
    log.write_text("".join(hands[5:10]), encoding="utf-8")
    watch.quiet = 0.0   # taken whole, however the look for hand ends goes
    report(watch.step())
    lines = [line.split(" ", 1)[1] for line in capsys.readouterr().out.splitlines()]
    assert lines == ["5 new hands from t.txt",
                     "5 new hands from t.txt, 5 hands no longer in a rewritten file removed"]


def test_watch_refuses_a_folder_that_is_not_there(tmp_path: Path, capsys) -> None:
    from badugi_hh.cli import main

    assert main(["watch", str(tmp_path / "gone"), "--db", str(tmp_path / "x.duckdb")]) == 2
    assert capsys.readouterr().err == f"badugi-hh watch: {tmp_path / 'gone'}: not a folder to watch\n"


@pytest.mark.parametrize("db", ["notes.txt", "gone/x.duckdb"])
def test_watch_refused_a_database_says_it_once_and_leaves_nothing_beside_it(
        tmp_path: Path, capsys, db: str) -> None:
    """A file that is not a database, or a folder that does not exist: one error, that
    of the database, and no watcher's record beside the user's file."""
    from badugi_hh.cli import main

    (tmp_path / "notes.txt").write_text("call Bruno\n", encoding="utf-8")
    (tmp_path / "logs").mkdir()
    shutil.copy(EXPORT, tmp_path / "logs" / "t.txt")
    assert main(["watch", str(tmp_path / "logs"), "--db", str(tmp_path / db)]) == 1
    said = capsys.readouterr().err.splitlines()
    assert len(said) == 1 and "watch.json" not in said[0], said
    assert sorted(path.name for path in tmp_path.iterdir()) == ["logs", "notes.txt"]


def test_watch_says_it_tries_a_busy_database_again_by_itself(tmp_path: Path, capsys) -> None:
    """The store's advice to run the command again is not the watcher's: it retries."""
    from badugi_hh.commands.watch import Reporter

    database = tmp_path / "db.duckdb"
    Store(database).close()
    holder = subprocess.Popen([sys.executable, "-c", "import duckdb, sys, time; "
                               "con = duckdb.connect(sys.argv[1]); print('held', flush=True); "
                               "time.sleep(60)", str(database)], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        shutil.copy(EXPORT, tmp_path / "t.txt")
        Reporter(str(database))(into_database(database, wait=0.2)({str(tmp_path / "t.txt"): None}))
    finally:
        holder.kill()
        holder.wait()
    said = capsys.readouterr().err
    assert f"{database} is in use by process {holder.pid}" in said
    assert said.endswith("; trying again\n") and "run this again" not in said


def test_appended_hands_reach_a_dataset(tmp_path: Path) -> None:
    from badugi_hh.dataset import connect_dataset
    from badugi_hh.watch import into_dataset

    folder, root = tmp_path / "logs", tmp_path / "hands"
    folder.mkdir()
    watch = Watcher([folder], into_dataset(root), settle=0.0, parts=False)
    watch.snapshot()
    hands = hands_of(EXPORT)
    for shown, part in ((3, hands[:3]), (5, hands[3:5])):
        appended(folder / "t.txt", "".join(hand + "\n\n" for hand in part))
        assert watch.step() is not None
        con = connect_dataset(root)
        try:
            assert con.execute("SELECT count(*), count(DISTINCT hand_id) FROM hands"
                               ).fetchone() == (shown, shown)
        finally:
            con.close()


def test_a_dataset_batch_says_a_logs_unreadable_text_once(tmp_path: Path) -> None:
    """A dataset reads a log whole each time it grows: where its unreadable text begins,
    said by the first batch, is not said again at each hand appended, as a database's
    batches do not say it again."""
    from badugi_hh.watch import into_dataset

    folder, root = tmp_path / "logs", tmp_path / "hands"
    folder.mkdir()
    watch = Watcher([folder], into_dataset(root), settle=0.0, parts=False)
    watch.snapshot()
    hands = [hand + "\n\n" for hand in hands_of(EXPORT)[:4]]
    damaged, line = with_an_unreadable_line(hands[0])
    appended(folder / "t.txt", damaged + hands[1])
    first = watch.step()
    assert first is not None and [problem.split(":", 2)[1] for problem in first.problems] \
        == [str(line)]
    for hand in hands[2:]:
        appended(folder / "t.txt", hand)
        batch = watch.step()
        assert batch is not None and (batch.summary.new_hands, batch.problems) == (1, [])


#: A sit-and-go of 104 hands, as PokerStars wrote it: its nets add up to nothing.
SNG = REAL / "pokerstars" / "tour-badugi-fl-sng-201011.txt"


@pytest.mark.parametrize("cut_after", [b"Player3: bets",   # the hand kept, incomplete
                                       b"PokerStars Game #52588385937: Tourn"])   # lost
def test_a_hand_read_while_being_written_is_replaced_whole_when_the_log_grows(
        tmp_path: Path, cut_after: bytes) -> None:
    text = SNG.read_bytes()
    cut = text.index(cut_after, text.index(b"PokerStars Game #52588385937")) + len(cut_after)
    log, database = tmp_path / "sng.txt", tmp_path / "db.duckdb"
    log.write_bytes(text[:cut])   # read as the site writes it: half a hand
    with Store(database) as store:
        store.import_paths([log])
        assert store.connection.execute("SELECT count(*) FROM quarantine").fetchall()[0] == (1,)
        assert coverage_line(coverage(store.connection)) != "2 of 2 hands read"
        before = store.connection.execute("SELECT count(*) FROM hands").fetchall()[0][0]
        appended(log, text[cut:].decode("utf-8"))
        summary = store.import_paths([log])
        con = store.connection
        assert summary.new_hands == 104 - before and summary.quarantined == 0
        assert con.execute("SELECT ended FROM hands WHERE hand_id = 'ps-52588385937'"
                           ).fetchall() == [("showdown",)]
        assert con.execute("SELECT count(*) FROM quarantine").fetchall()[0] == (0,)
        assert con.execute("SELECT count(*) FROM violations WHERE hand_id = 'ps-52588385937'"
                           ).fetchall()[0] == (0,)
        assert con.execute("SELECT count(*), count(DISTINCT hand_id), sum(net) "
                           "FROM hands JOIN hand_players USING (source, hand_id)"
                           ).fetchall()[0][1:] == (104, 0)
        assert con.execute("SELECT hands, quarantined FROM sources").fetchall() == [(104, 0)]
        assert coverage_line(coverage(con)) == "104 of 104 hands read"


def test_half_a_hand_written_while_the_watcher_imports_is_not_read(tmp_path: Path) -> None:
    """The race a busy machine lost: the site writes half a hand between the watcher's
    look at the file (its last hand complete) and the import's read of it."""
    folder, database = tmp_path / "logs", tmp_path / "db.duckdb"
    folder.mkdir()
    log = folder / "sng.txt"
    text = SNG.read_text(encoding="utf-8-sig")
    first = text.index("PokerStars Game #52588385937")   # the third hand
    second = text.index("PokerStars Game", first + 1)
    cut = text.index("Player3: bets", first) + len("Player3: bets")
    write_into_database = into_database(database)

    def site_writes_meanwhile(ends):
        if log.stat().st_size == first:
            appended(log, text[first:cut])   # after the look, before the read
        return write_into_database(ends)

    watch = Watcher([folder], site_writes_meanwhile, settle=0.0, quiet=60.0)
    watch.snapshot()
    appended(log, text[:first])
    assert watch.step().summary.new_hands == 2
    appended(log, text[cut:second])   # the hand's end
    assert watch.step().summary.new_hands == 1
    with duckdb.connect(str(database), read_only=True) as con:
        assert con.execute("SELECT ended FROM hands WHERE hand_id = 'ps-52588385937'"
                           ).fetchall() == [("showdown",)]
        assert con.execute("SELECT count(*) FROM quarantine").fetchall() == [(0,)]
        assert con.execute("SELECT count(*) FROM violations WHERE rule = 'B1'").fetchall() \
            == [(0,)]


# -- a site writing while the machine is busy ------------------------------------------

def simulated_log(sessions: int, seed: int) -> bytes:
    """House sessions the simulator plays, as the house format writes them."""
    from badugi_hh.simulate import simulate
    from badugi_hh.writer import write_records

    out = io.StringIO()
    write_records(simulate(sessions, seed=seed), out)
    return out.getvalue().encode()


def as_the_site_ends_it(export: Path) -> bytes:
    """A real export with the blank lines its site writes after each hand, the last too."""
    return export.read_bytes() + b"\n\n\n"


class RandomWriter(threading.Thread):
    """Writes logs as a site does, and worse: each in pieces cut at random bytes (mid-line,
    mid-hand), flushed, the logs taking turns, with pauses now and then longer than the
    watcher's settling time, so that it looks at a log that stops in the middle of a hand."""

    def __init__(self, folder: Path, logs: dict[str, bytes], seed: int) -> None:
        super().__init__(daemon=True)
        self.folder, self.logs = folder, logs
        self.rng = random.Random(seed)
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            self.write_all()
        except BaseException as error:   # told by the test, not lost in a thread
            self.error = error

    def write_all(self) -> None:
        written = dict.fromkeys(self.logs, 0)
        while left := [name for name in self.logs if written[name] < len(self.logs[name])]:
            name = self.rng.choice(left)
            end = self.piece_end(self.logs[name], written[name])
            with open(self.folder / name, "ab") as out:
                out.write(self.logs[name][written[name]:end])
                out.flush()
            written[name] = end
            time.sleep(self.rng.choice((0.0, 0.005, 0.02)) if self.rng.random() > 0.05
                       else self.rng.uniform(0.3, 0.6))   # the watcher looks meanwhile

    def piece_end(self, log: bytes, written: int) -> int:
        """Where the next piece ends: a few bytes on, some lines on, or, as a site
        writes, at the end of the hand under way (its blank line)."""
        hand_end = log.find(b"\n\n", written + 1)
        return self.rng.choice((written + self.rng.randint(1, 40),
                                written + self.rng.randint(40, 2000),
                                len(log) if hand_end < 0 else hand_end + 2))


@contextmanager
def busy_cores(count: int) -> Iterator[None]:
    """``count`` processes spinning on the processor while the block runs."""
    spinning = [subprocess.Popen([sys.executable, "-c", "while True: pass"])
                for _ in range(count)]
    try:
        yield
    finally:
        for process in spinning:
            process.kill()
            process.wait()


@dataclass
class Looks:
    """What the database showed at each look while the logs were written."""

    hands: int = 0
    cut: list[tuple[int, int]] = field(default_factory=list)
    """(hands ending incomplete, quarantine rows) of each look that saw any."""


def look(database: Path, looks: Looks) -> int:
    try:
        con = connect_current(database, wait=PATIENCE)
    except StoreError:   # not created yet
        return 0
    try:
        hands, incomplete = con.execute("SELECT count(*), count(*) FILTER "
                                        "(ended = 'incomplete') FROM hands").fetchall()[0]
        quarantined = con.execute("SELECT count(*) FROM quarantine").fetchall()[0][0]
    finally:
        con.close()
    if incomplete or quarantined:
        looks.cut.append((incomplete, quarantined))
    looks.hands = hands
    return hands


@contextmanager
def watch_command(folder: Path, database: Path) -> Iterator[None]:
    """``badugi-hh watch`` running while the block runs (started, its first import
    done), then stopped: it ends cleanly, and says no traceback."""
    watch = subprocess.Popen(
        [sys.executable, "-m", "badugi_hh.cli", "watch", str(folder), "--db", str(database)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    said: list[str] = []
    follower = threading.Thread(target=lambda: said.extend(watch.stdout), daemon=True)
    follower.start()
    try:
        until(lambda: any("watching" in line for line in said), "the first import")
        yield
    finally:
        stop_watching(watch)
        follower.join(timeout=PATIENCE)
    errors = watch.stderr.read()
    assert watch.returncode == 0 and "Traceback" not in errors, errors


def watch_a_writer(tmp_path: Path, logs: dict[str, bytes], busy: int, seed: int) -> Path:
    """Watch a folder while :class:`RandomWriter` writes ``logs`` into it, ``busy``
    processors kept busy; every hand stored whole, once, and never a cut one, seen at
    any look. The database."""
    folder, database = tmp_path / "HandHistory", tmp_path / "hands.duckdb"
    folder.mkdir()
    whole = tmp_path / "whole"
    whole.mkdir()
    for name, text in logs.items():
        (whole / name).write_bytes(text)
    with Store(tmp_path / "whole.duckdb") as store:   # the same logs, imported at once
        expected = store.import_paths([whole]).hands
        reference = store.connection.execute(
            "SELECT hand_id, content_hash FROM hands ORDER BY ALL").fetchall()
    looks = Looks()
    with busy_cores(busy), watch_command(folder, database):
        writer = RandomWriter(folder, logs, seed)
        writer.start()
        while writer.is_alive():
            look(database, looks)
            time.sleep(0.1)
        assert writer.error is None, writer.error
        deadline = time.monotonic() + 10 * PATIENCE
        while look(database, looks) < expected:
            assert time.monotonic() < deadline, f"{looks.hands} of {expected} hands stored"
            time.sleep(0.2)
    assert looks.cut == [], f"seed {seed}: hands seen cut (incomplete, quarantined)"
    with duckdb.connect(str(database), read_only=True) as con:
        assert con.execute("SELECT hand_id, content_hash FROM hands ORDER BY ALL"
                           ).fetchall() == reference, f"seed {seed}"
        assert con.execute("SELECT count(*) FROM sources WHERE hands > 0").fetchall() \
            == [(len(logs),)]
        # chips change hands, none appear or vanish: each table's nets and rake add to 0
        assert con.execute(
            "WITH nets AS (SELECT source, session_id, sum(net) AS net FROM hand_players "
            "GROUP BY ALL), rakes AS (SELECT source, session_id, sum(coalesce(rake, 0)) AS rake "
            "FROM hands GROUP BY ALL) SELECT * FROM nets JOIN rakes USING (source, session_id) "
            "WHERE net + rake <> 0").fetchall() == []
        figures = coverage(con)
    assert (figures["hands_read"], figures["hands"], figures["damaged_lines"]) \
        == (expected, expected, 0)
    return database


# with a core kept busy as well in the wide tier (the default run loads the machine itself)
@pytest.mark.parametrize("busy", [0, pytest.param(1, marks=pytest.mark.wide)])
def test_a_log_flushed_at_random_bytes_is_stored_hand_by_hand(
        tmp_path: Path, busy: int) -> None:
    logs = {"ft-sng.txt": as_the_site_ends_it(REAL / "fulltilt" /
                                              "tour-27td-fl-headsup-sng-201211.txt"),
            "ps-cash.txt": as_the_site_ends_it(REAL / "pokerstars" /
                                               "cash-badugi-fl-0.25-0.50-201009.txt"),
            "house.txt": simulated_log(2, seed=34)}
    watch_a_writer(tmp_path, logs, busy=busy, seed=34)


@pytest.mark.slow
def test_a_thousand_hands_flushed_at_random_bytes_with_every_core_busy(tmp_path: Path,
                                                                        ) -> None:
    logs = {"ps-sng.txt": as_the_site_ends_it(SNG),
            "ft-sng.txt": as_the_site_ends_it(REAL / "fulltilt" /
                                              "tour-27td-fl-headsup-sng-201211.txt"),
            "ps-cash.txt": as_the_site_ends_it(EXPORT),
            **{f"house-{table}.txt": simulated_log(20, seed=table) for table in range(4)}}
    database = watch_a_writer(tmp_path, logs, busy=os.cpu_count() or 1, seed=1000)
    with duckdb.connect(str(database), read_only=True) as con:
        assert con.execute("SELECT count(*) FROM hands").fetchall()[0][0] >= 1000


def test_a_hand_ended_after_the_watcher_saw_the_file_waits_for_the_next_look(
        tmp_path: Path) -> None:
    """The file is seen mid-hand; the hand ends before the watcher reads where its hands
    end: what it imports is judged on the bytes it saw, so the cut is not taken for an
    end (found by the fuzz harness's watch race)."""
    folder, database = tmp_path / "logs", tmp_path / "db.duckdb"
    folder.mkdir()
    log = folder / "t.txt"
    hands = [hand + "\n\n" for hand in hands_of(EXPORT)]
    half = len(hands[1]) // 2
    rest = [hands[1][half:]]

    class SiteWritesAfterTheLook(Watcher):
        def _stamps(self) -> dict[str, tuple[int, int]]:
            stamps = super()._stamps()
            if rest and log.exists():
                appended(log, rest.pop())
            return stamps

    watch = SiteWritesAfterTheLook([folder], into_database(database), settle=0.0, quiet=60.0)
    watch.snapshot()
    appended(log, hands[0] + hands[1][:half])
    assert watch.step().summary.new_hands == 1   # the first hand; the second seen cut
    assert watch.step().summary.new_hands == 1   # the second, whole, at the next look
    with duckdb.connect(str(database), read_only=True) as con:
        assert con.execute("SELECT count(*) FILTER (ended = 'incomplete') FROM hands"
                           ).fetchall() == [(0,)]
        assert con.execute("SELECT count(*) FROM quarantine").fetchall() == [(0,)]


def test_a_grown_hand_that_loses_its_violation_counts_none_new(tmp_path: Path) -> None:
    """A hand stored cut (B1: the betting never ends) is replaced whole once its log grows:
    its violation goes, and the import says no new violation, never a negative count."""
    from badugi_hh.store import Store

    whole = (REAL / "pokerstars" / "cash-badugi-fl-0.25-0.50-201009.txt").read_bytes()
    log = tmp_path / "t.txt"
    log.write_bytes(whole[:1500])
    with Store(tmp_path / "db.duckdb") as store:
        store.import_paths([log])
        log.write_bytes(whole)
        grown = store.import_paths([log])
        [(violations,)] = store.connection.execute("SELECT count(*) FROM violations").fetchall()
    assert grown.violations == 0 and violations == 0


def session_rules(database: Path) -> list[str]:
    with duckdb.connect(str(database), read_only=True) as con:
        return [rule for (rule,) in con.execute(
            "SELECT rule FROM violations WHERE level = 'session' ORDER BY rule").fetchall()]


def test_a_session_still_being_written_is_not_judged_at_its_length_until_it_ends(
        watcher) -> None:
    """Three hands of a twelve-hand house session: the two complete ones are stored at
    once, but the session's end is not read (no ``Session ends``, the file may grow), so
    its length (N1) waits; the file left unchanged as long as an unfinished hand waits
    is taken whole, and judged then."""
    watch, folder, database = watcher
    watch.snapshot()
    session = simulated_log(1, seed=1).decode()
    three = session[:session.index("Hand #4 ")]
    (folder / "td.txt").write_text(three, encoding="utf-8")
    batch = watch.step()
    assert batch is not None and batch.summary.new_hands == 2
    assert batch.summary.violations == 0 and session_rules(database) == []
    watch.quiet = 0.0   # as if the file had not changed for that long
    batch = watch.step()
    assert batch is not None and batch.summary.new_hands == 1
    assert session_rules(database) == ["N1"]


def test_a_log_half_written_when_the_watch_starts_is_read_to_its_last_complete_hand(
        watcher) -> None:
    """The first import reads only the complete hands of a log a site is still writing
    (changed just now, its last hand unfinished): the half-written hand is neither stored
    cut nor quarantined, nor is the session judged at its end; the watch then goes on
    with the log as with one it saw change."""
    watch, folder, database = watcher
    session = simulated_log(1, seed=1).decode()
    fourth = session.index("Hand #4 ")
    log = folder / "td.txt"
    log.write_text(session[:fourth + 60], encoding="utf-8")
    watch.snapshot()
    ends = watch.still_written([str(log)])
    assert list(ends) == [str(log)] and 0 < (ends[str(log)] or 0) < log.stat().st_size
    batch = into_database(database)(ends)
    assert (batch.summary.new_hands, batch.summary.quarantined, batch.summary.violations,
            batch.summary.no_hands) == (3, 0, 0, [])
    assert watch.step() is None   # the fourth hand may still be written: it waits
    fifth = session.index("Hand #5 ")
    appended(log, session[fourth + 60:session.index("\n", fifth) + 1])   # the next begins
    batch = watch.step()
    assert batch is not None and batch.summary.new_hands == 1 and stored(database) == 4
    assert session_rules(database) == []


def test_a_log_quiet_when_the_watch_starts_is_read_whole(watcher) -> None:
    """A log unchanged for as long as an unfinished hand waits is not being written: the
    first import takes it whole, as ``import`` does."""
    watch, folder, database = watcher
    session = simulated_log(1, seed=1).decode()
    log = folder / "td.txt"
    log.write_text(session[:session.index("Hand #4 ") + 60], encoding="utf-8")
    written = time.time() - watch.quiet - 1
    os.utime(log, (written, written))
    watch.snapshot()
    assert watch.still_written([str(log)]) == {}


def test_a_log_read_in_part_is_judged_at_its_length_once_read_whole(tmp_path: Path) -> None:
    """The store judges a session's length where a file is read to its end, not where a
    caller stopped reading it; ``import`` of the same file judges it."""
    log = tmp_path / "td.txt"
    session = simulated_log(1, seed=1)
    log.write_bytes(session[:session.index(b"Hand #4 ")])
    with Store(tmp_path / "db.duckdb") as store:
        part = store.import_paths([log], ends={str(log): session.index(b"Hand #3 ")})
        whole = store.import_paths([log])
    assert (part.new_hands, part.violations) == (2, 0)
    assert (whole.new_hands, whole.violations) == (1, 1)
    assert session_rules(tmp_path / "db.duckdb") == ["N1"]


def test_a_log_the_site_creates_empty_waits_for_its_first_hand(watcher) -> None:
    """A client may create a table's log before its first hand ends: the empty file is
    no log without a hand (no quarantined text, no note), it waits for its hands."""
    watch, folder, database = watcher
    watch.snapshot()
    log = folder / "t.txt"
    log.touch()
    assert watch.step() is None
    appended(log, hands_of(EXPORT)[0] + "\n\n")
    batch = watch.step()
    assert batch is not None and (batch.summary.new_hands, batch.summary.quarantined,
                                  batch.summary.no_hands) == (1, 0, [])


def test_a_log_created_empty_waits_past_the_quiet_time_for_its_first_hand(watcher,
                                                                         capsys) -> None:
    """A draw hand lasts longer than the wait for an unfinished hand: a log created when
    the table opens stays empty that long, and is no log without a hand (no quarantined
    "empty file", no error) however long it waits; its first hand is read once written."""
    from badugi_hh.commands.watch import Reporter

    watch, folder, database = watcher
    report = Reporter(str(database))
    watch.snapshot()
    log = folder / "t.txt"
    log.touch()
    assert watch.step() is None
    watch.quiet = 0.0   # as if the first hand took longer than that
    assert watch.step() is None and not database.exists()
    appended(log, hands_of(EXPORT)[0] + "\n\n")
    batch = watch.step()
    assert batch is not None and (batch.summary.new_hands, batch.summary.quarantined,
                                  batch.problems) == (1, 0, [])
    report(batch)
    assert capsys.readouterr().err == ""


def test_a_log_the_site_truncates_to_write_again_keeps_its_hands(watcher, capsys) -> None:
    """A client that rewrites a log in place empties it first: seen empty, its hands are
    not removed (to be told as new again a moment later) nor the empty file quarantined;
    once written again, it holds the same hands and nothing is said."""
    from badugi_hh.commands.watch import Reporter

    watch, folder, database = watcher
    report = Reporter(str(database))
    watch.snapshot()
    log = folder / "t.txt"
    written = "".join(hand + "\n\n" for hand in hands_of(EXPORT)[:5])
    log.write_text(written, encoding="utf-8")
    report(watch.step())
    log.write_bytes(b"")
    assert watch.step() is None and stored(database) == 5
    log.write_text(written, encoding="utf-8")
    batch = watch.step()
    assert batch is not None and (batch.summary.new_hands, batch.summary.removed_hands,
                                  batch.summary.quarantined) == (0, 0, 0)
    report(batch)
    assert [line.split(" ", 1)[1] for line in capsys.readouterr().out.splitlines()] \
        == ["5 new hands from t.txt"]


def test_a_log_left_empty_is_taken_once_quiet(watcher) -> None:
    """A log emptied for good (the user cleared it) loses its hands once it stayed
    empty as long as an unfinished hand waits, as ``import`` would read it."""
    watch, folder, database = watcher
    watch.snapshot()
    log = folder / "t.txt"
    log.write_text(hands_of(EXPORT)[0] + "\n\n", encoding="utf-8")
    watch.step()
    log.write_bytes(b"")
    assert watch.step() is None
    watch.quiet = 0.0
    batch = watch.step()
    assert batch is not None and batch.summary.removed_hands == 1 and stored(database) == 0


@pytest.mark.parametrize("created_ago", [0.0, "past the quiet time"])
def test_an_empty_log_when_the_watch_starts_waits_for_its_hands(watcher, created_ago) -> None:
    """A log created empty before the watch starts is not read by the first import, however
    long ago the client created it (it is no log without a hand to quarantine): the watch
    waits for its first hand."""
    watch, folder, database = watcher
    log = folder / "t.txt"
    log.touch()
    if created_ago:
        created = time.time() - watch.quiet - 1
        os.utime(log, (created, created))
    watch.snapshot()
    assert watch.still_written([str(log)]) == {str(log): 0}
    assert watch.step() is None
    appended(log, hands_of(EXPORT)[0] + "\n\n")
    batch = watch.step()
    assert batch is not None and (batch.summary.new_hands, batch.summary.quarantined) == (1, 0)


def with_an_unreadable_line(hand: str) -> tuple[str, int]:
    """``hand`` with a line no reader knows after its header, and that line's number."""
    header, rest = hand.split("\n", 1)
    return f"{header}\nHero: dances on the table\n{rest}", 2


def test_a_batch_says_where_its_unreadable_text_is_once(watcher, capsys) -> None:
    """As ``import`` does, each batch names the file, line and column of the text it
    could not read, not a count alone; a log read again as it grows does not say it
    again."""
    from badugi_hh.commands.watch import Reporter

    watch, folder, database = watcher
    report = Reporter(str(database))
    watch.snapshot()
    hands = [hand + "\n\n" for hand in hands_of(EXPORT)]
    damaged, line = with_an_unreadable_line(hands[0])
    log = folder / "t.txt"
    appended(log, damaged)
    report(watch.step())
    appended(log, hands[1])
    report(watch.step())
    said = capsys.readouterr()
    where = f"quarantined {log.resolve()}:{line}:"
    assert [error.startswith(f"badugi-hh watch: {where}") for error in
            said.err.splitlines()] == [True], said.err
    assert [out.split(" ", 1)[1] for out in said.out.splitlines()] == [
        "0 new hands from t.txt, 1 quarantined text", "1 new hand from t.txt"]


def test_the_first_import_says_where_its_unreadable_text_is(watcher, capsys) -> None:
    """The first import of ``watch`` names the unreadable text's place, as ``import``."""
    import argparse

    from badugi_hh.commands.watch import first_import

    watch, folder, database = watcher
    damaged, line = with_an_unreadable_line(hands_of(EXPORT)[0] + "\n\n")
    log = folder / "t.txt"
    log.write_text(damaged, encoding="utf-8")
    written = time.time() - watch.quiet - 1   # a log not being written: read whole
    os.utime(log, (written, written))
    watch.snapshot()
    args = argparse.Namespace(folders=[str(folder)], db=str(database), data=None, tz=None)
    assert first_import(args, str(database), watch.still_written)
    assert f"quarantined {log.resolve()}:{line}:" in capsys.readouterr().err


def test_the_first_import_s_problems_are_said_by_watch(watcher, capsys) -> None:
    """What the first import could not read is said as the watch's, the command the
    user ran, as each batch's is."""
    import argparse

    from badugi_hh.commands.watch import first_import

    watch, folder, database = watcher
    (folder / "empty.txt").write_bytes(b"\n")
    written = time.time() - watch.quiet - 1
    os.utime(folder / "empty.txt", (written, written))
    watch.snapshot()
    args = argparse.Namespace(folders=[str(folder)], db=str(database), data=None, tz=None)
    assert first_import(args, str(database), watch.still_written)
    errors = capsys.readouterr().err.splitlines()
    assert errors and all(line.startswith("badugi-hh watch: ") for line in errors), errors


@pytest.mark.parametrize("where", ["club.duckdb", "club.duckdb/hands"],
                         ids=["a file", "under a file"])
def test_watch_says_a_dataset_cannot_be_written_where_a_file_is(tmp_path: Path, capsys,
                                                                 where: str) -> None:
    """``--data`` naming a database (or a path under it) by mistake is refused as
    ``import --out`` refuses it, with exit status 1, not taken for a bug."""
    from badugi_hh.cli import main

    folder = tmp_path / "logs"
    folder.mkdir()
    shutil.copy(EXPORT, folder / "t.txt")
    (tmp_path / "club.duckdb").write_bytes(b"a database")
    assert main(["watch", str(folder), "--data", str(tmp_path / where)]) == 1
    errors = capsys.readouterr().err
    assert f"badugi-hh watch: cannot write the dataset at {tmp_path / where}: " in errors
    assert "internal error" not in errors
    assert (tmp_path / "club.duckdb").read_bytes() == b"a database"


def test_a_batch_names_the_copies_that_differ_from_their_hand(watcher, capsys) -> None:
    """A hand appended to a log that an archive already holds otherwise (another time
    here) is a T5: the batch names the hand and both files, as ``import`` does, not
    a count of violations alone."""
    from badugi_hh.commands.watch import Reporter

    watch, folder, database = watcher
    report = Reporter(str(database))
    hand = hands_of(EXPORT)[0] + "\n\n"
    (folder / "old.txt").write_text(hand, encoding="utf-8")
    watch.snapshot()
    into_database(database)({str(folder / "old.txt"): None})
    appended(folder / "t.txt", hand.replace("14:12:58 ET", "14:12:59 ET", 1))
    report(watch.step())
    errors = capsys.readouterr().err.splitlines()
    assert len(errors) == 1 and errors[0].startswith("badugi-hh watch: [T5] "), errors
    assert "old.txt" in errors[0] and "t.txt" in errors[0]


def test_a_copy_that_differs_is_said_once_as_its_log_grows(watcher, capsys) -> None:
    """A log read again as it grows finds its copy that differs again: the batch that
    first reads it says the T5, the next ones, of the hands appended, do not repeat it
    (as its unreadable text is said once)."""
    from badugi_hh.commands.watch import Reporter

    watch, folder, database = watcher
    report = Reporter(str(database))
    hands = [hand + "\n\n" for hand in hands_of(EXPORT)[:3]]
    (folder / "old.txt").write_text(hands[0], encoding="utf-8")
    watch.snapshot()
    into_database(database)({str(folder / "old.txt"): None})
    log = folder / "t.txt"
    appended(log, hands[0].replace("14:12:58 ET", "14:12:59 ET", 1))
    report(watch.step())
    for hand in hands[1:]:
        appended(log, hand)
        report(watch.step())
    errors = capsys.readouterr().err.splitlines()
    assert [error.startswith("badugi-hh watch: [T5] ") for error in errors] == [True], errors


def test_a_log_written_again_in_place_keeps_its_hands_while_it_is_written(watcher,
                                                                          capsys) -> None:
    """A client that rewrites its log in place, seen part written (its first hands
    whole, the next cut): its other hands are not removed to be told new again a moment
    later; once whole again nothing is said. A log replaced by another (its first hand
    another) is still read at once (``test_a_rewritten_logs_complete_hands_are_taken_at_once``)."""
    from badugi_hh.commands.watch import Reporter

    watch, folder, database = watcher
    report = Reporter(str(database))
    hands = [hand + "\n\n" for hand in hands_of(EXPORT)[:5]]
    log = folder / "t.txt"
    log.write_text("".join(hands[:4]), encoding="utf-8")
    watch.snapshot()
    into_database(database)({str(log): None})   # the first import
    appended(log, hands[4])
    report(watch.step())
    log.write_text("".join(hands[:2]) + hands[2][:100], encoding="utf-8")
    assert watch.step() is None and stored(database) == 5
    log.write_text("".join(hands), encoding="utf-8")
    batch = watch.step()
    assert batch is not None and (batch.summary.new_hands, batch.summary.removed_hands) \
        == (0, 0)
    report(batch)
    assert [line.split(" ", 1)[1] for line in capsys.readouterr().out.splitlines()] \
        == ["1 new hand from t.txt"]


def test_a_log_cut_short_for_good_loses_its_hands_once_quiet(watcher) -> None:
    """A log that starts as it did but stays shorter (its last hands deleted) is read
    as it is once it stayed so as long as an unfinished hand waits."""
    watch, folder, database = watcher
    hands = [hand + "\n\n" for hand in hands_of(EXPORT)[:5]]
    log = folder / "t.txt"
    watch.snapshot()
    log.write_text("".join(hands), encoding="utf-8")
    watch.step()
    log.write_text("".join(hands[:3]), encoding="utf-8")
    assert watch.step() is None
    watch.quiet = 0.0
    batch = watch.step()
    assert batch is not None and batch.summary.removed_hands == 2 and stored(database) == 3
