"""Hostile inputs that are not a mutated log: each strategy builds one case in a scratch
folder, runs the reader, the store or a command on it, and returns what went wrong.

The strategies (:data:`STRATEGIES`) are the classes of input that once destroyed data,
blocked a folder, hung or crashed:

* ``phh_types``: a PHH field given a value of the wrong type (``variant = []``,
  ``small_bet = nan``, arrays nested thousands deep, ``antes = 5``, ``seat_count =
  ["d"]``, ``currency = 1.5``...): a positioned error naming the field, never a crash;
* ``merge_sizes``: a Merge ``<game>`` with thousands of elements, a line of hundreds of
  kilobytes, a huge attribute: bounded, each error keeping a bounded excerpt;
* ``invisible``: an invisible or control character (U+FEFF, NBSP, ZWSP, RLO, a form
  feed, a bad UTF-8 byte...) before a hand's header: every hand read or named (a NUL
  byte makes a file binary, refused whole: the mutated logs have those);
* ``concatenated``: logs of two or three dialects in one file: every hand of each read
  or named;
* ``odd_paths``: a FIFO, links (to ``/dev/zero``, to nowhere, in a loop), an unreadable
  file and folder, a name of 255 bytes, a folder named like a log, beside a good log:
  ``validate`` and ``import`` name each, store the good log, and return;
* ``sql``: statement forms against ``badugi-hh sql`` (EXPLAIN ANALYZE, COPY, ATTACH,
  PRAGMA, several statements, UNION chains of thousands): refused or bounded, and
  nothing written;
* ``disk_full``: ``import`` and ``export`` on a file system of 1 MiB (mounted as tmpfs
  when the process may; skipped with a message otherwise): an error, no half-written
  file, no database that blocks the next run;
* ``archives``: a zip, tar.gz or gz made hostile by hand (a name twice, an encrypted or
  Deflate64 member, a name not UTF-8 or holding ``!``, cut short, an archive inside, a
  directory listing one member a thousand times): each named, the good logs beside and
  inside stored, and ``export`` reads back what was stored;
* ``watch_race``: a writer thread appending a log in random pieces while the watcher
  imports what it finds: no hand ever stored cut, and in the end what the whole log holds;
* ``links``: a link named like a log inside a folder, to a log of the folder, to a private
  file outside it, to a pipe inside or out, to a folder outside, through a second link:
  ``validate``, ``import`` and the watcher's look return, name each link they skip, store
  the good log, and keep no byte of the file outside;
* ``control_text``: a note, tag or person's name holding terminal controls: refused as
  given, and printed escaped by ``note``, ``tag``, ``alias`` and ``me`` when a database
  holds them all the same;
* ``extreme_dates``: a clean log with dates moved to the calendar's ends (year 1, 2,
  9998, 9999), read in zones at their limits (UTC-12, UTC+14, America/Adak): each hand
  read or named, ``import`` storing what ``validate`` reads, no internal error.

Every case also holds the harness's invariants: no exception escapes, no exit status 3
(an internal error), no run over the hang limit (:mod:`tests.fuzz` times each case).
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from badugi_hh import cli
from badugi_hh.engine import HandReport, audit
from badugi_hh.events import ParseError, SkippedHand
from badugi_hh.parsers import read_records
from badugi_hh.parsers.common import MAX_KEPT_TEXT
from badugi_hh.store import Store

ROOT = Path(__file__).resolve().parents[2]
#: The longest message a reader may give, and the excerpt of a line an error keeps
#: (docs/format.md, "Limits"): 100 characters each side of the column, with room for
#: the words around them.
MAX_MESSAGE = 2_000   # the readers' 1,000 and the words around it


@dataclass
class Case:
    """What one hostile input did: the problems found, and what was counted."""

    problems: list[str] = field(default_factory=list)
    errors: int = 0
    exit_3: int = 0
    lost_hands: int = 0
    skipped_checks: list[str] = field(default_factory=list)


Strategy = Callable[[random.Random, Path, Case], None]


# -- what is read, and whether every hand is accounted for ------------------------------

def read_all(path: Path) -> list[object]:
    """Every record the readers and the engine give for ``path``."""
    return list(audit(read_records(path)))


def hand_lines(records: Iterable[object]) -> list[int]:
    """The first line of each hand read (audited or skipped by its game)."""
    return sorted(record.line for record in records
                  if isinstance(record, (HandReport, SkippedHand)))


def check_errors(records: Iterable[object], case: Case) -> None:
    """Each parse error is positioned and bounded."""
    for record in records:
        if not isinstance(record, ParseError):
            continue
        case.errors += 1
        if record.line < 1 or not record.source:
            case.problems.append(f"an error without a position: {record.message[:200]!r}")
        if len(record.message) > MAX_MESSAGE or len(record.text) > MAX_KEPT_TEXT + MAX_MESSAGE:
            case.problems.append(f"an error keeps {len(record.message):,} + {len(record.text):,}"
                                 f" characters: {record.message[:100]!r}")


def account_for_hands(expected: list[int], records: list[object], case: Case,
                      label: str) -> None:
    """Each hand that starts at a line of ``expected`` is read (a record starting in its
    lines) or named (an error in its lines): none vanishes silently."""
    read = hand_lines(records)
    errors = sorted(record.line for record in records if isinstance(record, ParseError))
    for start, end in zip(expected, [*expected[1:], 1 << 62], strict=True):
        if not any(start <= line < end for line in read) and not any(
                start <= line < end for line in errors):
            case.lost_hands += 1
            case.problems.append(f"{label}: the hand at line {start} is neither read nor named")


@cache
def clean_logs() -> tuple[tuple[Path, bytes, tuple[int, ...]], ...]:
    """The text logs of the corpus that read without an error (UTF-8, so that they can be
    joined), with the first line of each hand."""
    found = []
    for folder in (ROOT / "tests" / "data" / "real", ROOT / "sample_logs"):
        for path in sorted(folder.rglob("*.txt")):
            data = path.read_bytes()
            if "expected" in path.parts or path.name == "README.md" or b"<game" in data:
                continue
            try:
                data.decode("utf-8")
            except UnicodeDecodeError:
                continue
            records = read_all(path)
            if any(isinstance(record, ParseError) for record in records):
                continue
            if lines := hand_lines(records):
                found.append((path, data, tuple(lines)))
    return tuple(found)


# -- PHH type confusion -----------------------------------------------------------------

PHH_FIELDS = ["variant", "small_bet", "big_bet", "antes", "blinds_or_straddles",
              "starting_stacks", "seat_count", "seats", "currency", "players", "actions",
              "ante_trimming_status", "min_bet", "bring_in", "table", "hand", "day", "month",
              "year", "time", "time_zone", "event", "finishing_stacks", "winnings",
              "currency_symbol", "author"]


def confusing_value(rng: random.Random) -> str:
    """A TOML value of a type no PHH field has, or of one out of every field's range."""
    depth = rng.choice([2, 30, 500, 3000])
    return rng.choice([
        "[]", "nan", "-nan", "inf", "-inf", "5", "-5", "0", "1.5", "-0.001", '["d"]', "[[1]]",
        "[" * depth + "]" * depth, "true", '"x"', '""', "{a = 1}", "1979-05-27T07:32:00Z",
        "07:32:00", "1e400", "9" * 30, '"' + "9" * 30 + '"', "[1, [2]]", '[1, "2"]',
        "[nan, nan, nan, nan]", "[1e300, 1e300]", '"\\u202e\\u0000"', "0x10", "[inf]",
        '["", ""]', '"?? ?? ??"', "{}",
    ])


def phh_types(rng: random.Random, scratch: Path, case: Case) -> None:
    source = rng.choice(sorted((ROOT / "tests" / "data" / "phh").glob("*.phh")))
    lines = source.read_text(encoding="utf-8").split("\n")
    name = rng.choice(PHH_FIELDS)
    value = confusing_value(rng)
    at = next((i for i, line in enumerate(lines) if re.match(rf"{name}\s*=", line)), None)
    if at is None:   # a field the hand lacks: added, before the actions array
        lines.insert(rng.randrange(len(lines) + 1) if not lines[0].startswith("#") else 0,
                     f"{name} = {value}")
    else:   # the whole value replaced, a multi-line array included
        end = at
        if lines[at].rstrip().endswith("["):
            end = next((i for i in range(at, len(lines)) if lines[i].startswith("]")), at)
        lines[at:end + 1] = [f"{name} = {value}"]
    path = scratch / "confused.phh"
    path.write_text("\n".join(lines), encoding="utf-8")
    records = read_all(path)
    check_errors(records, case)
    account_for_hands([1], records, case, f"{name} = {value[:40]}")
    if rng.random() < 0.2:   # currency = 1.5 once read clean and crashed the import
        import_and_count(path, records, scratch, case)


def import_and_count(path: Path, records: list[object], scratch: Path, case: Case) -> None:
    """Import ``path`` into a new database: no file a bug stopped, and as many hands
    stored (or counted as copies) as were read."""
    database = scratch / "import.duckdb"
    try:
        with Store(database) as store:
            summary = store.import_paths([path])
        if summary.failures:
            case.exit_3 += 1
            case.problems.append(f"import: {summary.failures[0]}")
        read = len(hand_lines(records))
        if summary.hands + summary.skipped != read:
            case.problems.append(f"import stored {summary.hands} + {summary.skipped} "
                                 f"skipped of {read} hands read")
    finally:
        database.unlink(missing_ok=True)
        Path(f"{database}.wal").unlink(missing_ok=True)


# -- Merge sizes ------------------------------------------------------------------------

def merge_sizes(rng: random.Random, scratch: Path, case: Case) -> None:
    source = rng.choice(sorted((ROOT / "tests" / "data" / "real" / "merge").glob("*.txt")))
    text = source.read_text(encoding="utf-8")
    kind = rng.choice(["unknown elements on one line", "events repeated", "huge attribute",
                       "deep nesting", "many games", "long text"])
    count = rng.choice([10, 4_999, 5_001, 20_000, 100_000])
    at = text.index("<round")
    if kind == "unknown elements on one line":
        text = text[:at] + "<x/>" * count + "\n" + text[at:]
    elif kind == "events repeated":
        event = re.search(r"\t*<event [^\n]*\n", text)
        assert event is not None
        text = text[:event.end()] + event[0] * min(count, 20_000) + text[event.end():]
    elif kind == "huge attribute":
        text = text.replace('player="1"', f'player="{"1" * count * 10}"', 1)
    elif kind == "deep nesting":
        depth = min(count, 20_000)
        text = text[:at] + "<a>" * depth + "</a>" * depth + "\n" + text[at:]
    elif kind == "many games":
        game = text[text.index("<game"):text.index("</game>") + len("</game>")]
        text = text.replace(game, "\n".join([game] * min(count // 10 + 2, 300)), 1)
    else:
        text = text[:at] + "<note>" + "ab\u202e" * count + "</note>\n" + text[at:]
    path = scratch / "merge.xml.txt"
    path.write_text(text, encoding="utf-8")
    records = read_all(path)
    check_errors(records, case)
    if not records:
        case.problems.append(f"merge, {kind} x{count}: nothing read and nothing said")


# -- invisible characters before a header -----------------------------------------------

INVISIBLE = {"U+FEFF": "\ufeff".encode(), "NBSP": "\u00a0".encode(), "ZWSP": "\u200b".encode(),
             "RLO": "\u202e".encode(), "form feed": b"\x0c", "bad UTF-8 byte": b"\xff",
             "ESC": b"\x1b", "CR": b"\r", "vertical tab": b"\x0b",
             "LS": "\u2028".encode(), "two of them": "\u200b\ufeff".encode()}


def invisible(rng: random.Random, scratch: Path, case: Case) -> None:
    source, data, starts = rng.choice(clean_logs())
    lines = data.split(b"\n")
    hit = rng.sample(starts, min(len(starts), rng.choice([1, 1, 2, 3])))
    names = []
    for start in hit:
        name, char = rng.choice(list(INVISIBLE.items()))
        names.append(name)
        lines[start - 1] = char * rng.choice([1, 1, 3]) + lines[start - 1]
    path = scratch / f"invisible{source.suffix}"
    path.write_bytes(b"\n".join(lines))
    records = read_all(path)
    check_errors(records, case)
    account_for_hands(list(starts), records, case,
                      f"{source.name} with {', '.join(names)} before a header")


# -- dialects concatenated --------------------------------------------------------------

def concatenated(rng: random.Random, scratch: Path, case: Case) -> None:
    logs = clean_logs()
    pieces = [rng.choice(logs) for _ in range(rng.choice([2, 2, 3]))]
    joined, starts = b"", []
    for _path, data, lines in pieces:
        if joined and not joined.endswith(b"\n"):
            joined += b"\n"
        joined += rng.choice([b"", b"\n", b"\n\n\n"])
        offset = joined.count(b"\n")   # the piece's line 1 is the file's line offset + 1
        starts.extend(offset + line for line in lines)
        joined += data
    path = scratch / "joined.txt"
    path.write_bytes(joined)
    records = read_all(path)
    check_errors(records, case)
    account_for_hands(starts, records, case,
                      " + ".join(piece[0].name for piece in pieces))
    if rng.random() < 0.1:
        import_and_count(path, records, scratch, case)


# -- the command line, in this process --------------------------------------------------

def command(args: list[str]) -> tuple[int, str]:
    """``badugi-hh ARGS``: its exit status and everything it printed, through Python or
    straight to the file descriptors (DuckDB draws its progress bar there)."""
    out = io.StringIO()
    with tempfile.TemporaryFile() as raw, _descriptors_to(raw.fileno()), \
            contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        status = cli.main(args)
    return status, out.getvalue()


@contextlib.contextmanager
def _descriptors_to(target: int) -> Iterator[None]:
    sys.stdout.flush()
    sys.stderr.flush()
    saved = [os.dup(1), os.dup(2)]
    try:
        os.dup2(target, 1)
        os.dup2(target, 2)
        yield
    finally:
        os.dup2(saved[0], 1)
        os.dup2(saved[1], 2)
        for descriptor in saved:
            os.close(descriptor)


def check_command(args: list[str], case: Case, label: str) -> tuple[int, str]:
    status, printed = command(args)
    if status == cli.EXIT_INTERNAL_ERROR:
        case.exit_3 += 1
        case.problems.append(f"{label}: exit 3: {printed[-300:]}")
    if "Traceback" in printed:
        case.problems.append(f"{label}: a traceback: {printed[-300:]}")
    return status, printed


# -- odd paths --------------------------------------------------------------------------

GOOD_LOG = ROOT / "sample_logs" / "2026-11-06-ana-bruno-bust.txt"


def _unprivileged() -> bool:
    return os.geteuid() != 0


def odd_paths(rng: random.Random, scratch: Path, case: Case) -> None:
    folder = scratch / "logs"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    shutil.copy(GOOD_LOG, folder / "good.txt")
    kind = rng.choice(["fifo", "link to /dev/zero", "dangling link", "link loop",
                       "long name", "folder named like a log", "unreadable file",
                       "unreadable folder", "link to a folder above", "empty file",
                       "odd characters in the name"])
    odd = folder / "odd.txt"
    if kind == "fifo":
        os.mkfifo(odd)
    elif kind == "link to /dev/zero":
        odd.symlink_to("/dev/zero")
    elif kind == "dangling link":
        odd.symlink_to(folder / "nowhere.txt")
    elif kind == "link loop":
        odd.symlink_to(folder / "loop.txt")
        (folder / "loop.txt").symlink_to(odd)
    elif kind == "long name":
        odd = folder / ("n" * 251 + ".txt")
        shutil.copy(GOOD_LOG, odd)
    elif kind == "folder named like a log":
        odd.mkdir()
    elif kind == "link to a folder above":
        (folder / "up").symlink_to(folder)
        odd = folder / "up"
    elif kind == "empty file":
        odd.write_bytes(b"")
    elif kind == "odd characters in the name":
        odd = folder / "\x1b]0;title\x07 \u202e.txt"
        shutil.copy(GOOD_LOG, odd)
    elif kind == "unreadable file":
        shutil.copy(GOOD_LOG, odd)
        odd.chmod(0)
    else:
        (folder / "closed").mkdir()
        shutil.copy(GOOD_LOG, folder / "closed" / "inside.txt")
        (folder / "closed").chmod(0)
    try:
        if kind.startswith("unreadable") and not _unprivileged():
            _odd_paths_unprivileged(folder, case, kind)
            return
        _odd_paths_here(folder, scratch, case, kind)
    finally:
        for path in (folder / "closed", odd):
            if path.exists() and not path.is_symlink():
                path.chmod(0o755)


#: The odd paths ``validate`` must name, and the name it prints.
NAMED = {"fifo": "odd.txt", "link to /dev/zero": "odd.txt", "dangling link": "odd.txt",
         "link loop": "odd.txt",
         "unreadable file": "odd.txt", "unreadable folder": "closed"}


def _odd_paths_here(folder: Path, scratch: Path, case: Case, kind: str) -> None:
    _status, printed = check_command(["validate", str(folder)], case, f"validate, {kind}")
    if kind in NAMED and NAMED[kind] not in printed:
        case.problems.append(f"validate, {kind}: the path is not named: {printed[-300:]}")
    database = scratch / "paths.duckdb"
    try:
        status, printed = check_command(["import", str(folder), "--db", str(database)], case,
                                        f"import, {kind}")
        if not database.exists():
            case.problems.append(f"import, {kind}: no database: {printed[-300:]}")
            return
        with Store(database) as store:
            hands = store.counts()["hands"]
        if hands == 0:   # the good log beside the odd path is stored all the same
            case.problems.append(f"import, {kind}: the good log was not stored")
    finally:
        database.unlink(missing_ok=True)


def _odd_paths_unprivileged(folder: Path, case: Case, kind: str) -> None:
    """Permissions bind no superuser: the unreadable cases run as ``nobody``."""
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        case.skipped_checks.append(f"{kind}: running as root without setpriv")
        return
    folder.parent.chmod(0o755)
    for args in (["validate", str(folder)], ["import", str(folder), "--db", os.devnull]):
        result = subprocess.run(
            [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups",
             sys.executable, "-m", "badugi_hh.cli", *args],
            capture_output=True, text=True, timeout=60, cwd=ROOT,
            env={**os.environ, "HOME": str(folder.parent)}, check=False)
        printed = result.stdout + result.stderr
        if result.returncode == cli.EXIT_INTERNAL_ERROR or "Traceback" in printed:
            case.exit_3 += result.returncode == cli.EXIT_INTERNAL_ERROR
            case.problems.append(f"{args[0]}, {kind}: exit {result.returncode}: "
                                 f"{printed[-300:]}")
        elif args[0] == "validate" and NAMED[kind] not in printed:
            case.problems.append(f"validate, {kind}: the path is not named: {printed[-300:]}")


# -- SQL statement forms ----------------------------------------------------------------

def sql_forms(scratch: Path, rng: random.Random) -> tuple[str, bool]:
    """A statement, and whether ``badugi-hh sql`` may run it (a single read)."""
    target = scratch / "written.out"
    other = scratch / "other.duckdb"
    union = " UNION ALL ".join(["SELECT 1 AS x"] * rng.choice([10, 2_000, 20_000]))
    forms = [
        (f"EXPLAIN ANALYZE COPY (SELECT 1 AS x) TO '{target}' (FORMAT parquet)", False),
        (f"COPY (SELECT 1 AS x) TO '{target}'", False),
        (f"COPY hands TO '{target}' (FORMAT csv)", False),
        ("EXPLAIN ANALYZE CREATE TABLE t AS SELECT 1", False),
        ("EXPLAIN ANALYZE SELECT 1", False),
        (f"ATTACH '{other}' AS other", False),
        (f"ATTACH '{other}' AS other; CREATE TABLE other.t AS SELECT 1", False),
        ("PRAGMA database_list", False), ("PRAGMA enable_profiling", False),
        ("SELECT 1; DROP TABLE hands", False), ("SELECT 1; SELECT 2", False),
        ("DELETE FROM hands", False), ("DROP TABLE hands", False),
        ("INSERT INTO rules VALUES (NULL, NULL, NULL)", False),
        ("CREATE TABLE t AS SELECT 1", False), ("INSTALL httpfs", False),
        ("LOAD httpfs", False), ("SET enable_external_access = true", False),
        ("CALL pragma_version()", False), (f"EXPORT DATABASE '{scratch}/exported'", False),
        ("CHECKPOINT", False), ("VACUUM", False), ("BEGIN TRANSACTION", False),
        (f"SELECT * FROM read_csv('{ROOT / 'README.md'}')", False),
        (f"SELECT * FROM read_text('{ROOT / 'README.md'}')", False),
        ("SELECT 1 /* ; DROP TABLE hands */", True), ("  select 1 ;  ", True),
        ("WITH x AS (SELECT 1 AS y) SELECT y FROM x", True),
        ("SELECT count(*) FROM range(1000000000000)", True),
        ("SELECT count(*) FROM hands", True), (union, True),
        ("SELECT repeat('x', 100000000)", True),
        ("SELECT '\x1b]0;title\x07' AS name", True),
        ("WITH x AS (SELECT 1) COPY (SELECT 1) TO 'x.out'", False),
        ("SELECT 1;; ;", True), ("", False), (";", False),
    ]
    return rng.choice(forms)


@cache
def sql_database(scratch: Path) -> Path:
    """A database of the sample logs, made once per scratch folder."""
    database = scratch / "sql.duckdb"
    with Store(database) as store:
        store.import_paths([ROOT / "sample_logs"])
    return database


def sql(rng: random.Random, scratch: Path, case: Case) -> None:
    database = sql_database(scratch)
    before = hashlib.sha256(database.read_bytes()).hexdigest()
    query, readable = sql_forms(scratch, rng)
    label = f"sql {query[:60]!r}"
    status, printed = check_command(["sql", "--db", str(database), "--timeout", "1",
                                     "--limit", "5", query], case, label)
    if not readable and status == 0:
        case.problems.append(f"{label}: ran (exit 0): {printed[-200:]}")
    if status not in (0, 1, 2, 4):   # read, failed, refused, stopped at a limit
        case.problems.append(f"{label}: exit {status}: {printed[-200:]}")
    written = [path.name for path in scratch.iterdir()
               if path.name in ("written.out", "other.duckdb", "exported", "x.out")]
    if written:
        case.problems.append(f"{label}: wrote {written}")
        for name in written:
            shutil.rmtree(scratch / name, ignore_errors=True)
            (scratch / name).unlink(missing_ok=True)
    if hashlib.sha256(database.read_bytes()).hexdigest() != before:
        case.problems.append(f"{label}: changed the database")
        sql_database.cache_clear()
        database.unlink()


# -- disk full --------------------------------------------------------------------------

@cache
def small_file_system(scratch: Path) -> Path | None:
    """A tmpfs of 1 MiB under ``scratch``, or None where the process may not mount one."""
    mount = scratch / "small"
    mount.mkdir(exist_ok=True)
    if os.geteuid() != 0 or shutil.which("mount") is None:
        return None
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(mount)],
                          capture_output=True, check=False)
    return mount if done.returncode == 0 else None


def unmount(scratch: Path) -> None:
    """Undo :func:`small_file_system` for ``scratch`` (if it mounted one)."""
    if small_file_system(scratch) is not None:
        subprocess.run(["umount", str(scratch / "small")], capture_output=True, check=False)
    small_file_system.cache_clear()


def disk_full(rng: random.Random, scratch: Path, case: Case) -> None:
    mount = small_file_system(scratch)
    if mount is None:
        case.skipped_checks.append("disk full: no small file system can be mounted here "
                                   "(not root, or no tmpfs)")
        return
    for path in mount.iterdir():
        shutil.rmtree(path) if path.is_dir() else path.unlink()
    # Leave a random amount of the 1 MiB free: the database or the export runs out of it
    # at a different place each time.
    (mount / "filler").write_bytes(b"\0" * rng.randrange(0, 1 << 20, 4096))
    database = mount / "full.duckdb"
    status, printed = check_command(["import", str(GOOD_LOG), "--db", str(database)], case,
                                    "import on a full disk")
    if status != 0 and database.exists():
        # The next run must not be blocked by what the failed one left.
        (mount / "filler").unlink()
        status, printed = check_command(["import", str(GOOD_LOG), "--db", str(database)],
                                        case, "import again after a full disk")
        if status != 0:
            case.problems.append(f"a full disk left a database that blocks the next import: "
                                 f"{printed[-200:]}")
        return
    if status != 0:
        return
    out = mount / "export"
    status, printed = check_command(["export", "--db", str(database), "--format",
                                     rng.choice(["phh", "house"]), "--out", str(out)],
                                    case, "export on a full disk")
    half = [path.name for path in out.rglob("*") if path.name.startswith(".")
            or path.suffix in (".tmp", ".part")] if out.exists() else []
    if status != 0 and half:
        case.problems.append(f"export on a full disk left {half}")


# -- links out of a folder, and to pipes ------------------------------------------------

#: What a link outside the folder leads to: text that must reach no table, no message.
SECRET = b"-----BEGIN OPENSSH PRIVATE KEY-----\nfuzz-secret-7f3a\n"


def links(rng: random.Random, scratch: Path, case: Case) -> None:
    """A folder with a good log and a link named ``*.txt`` of one kind: inside the folder
    (read), to a private file outside it (skipped and named, its text stored nowhere), to
    a pipe inside or outside, to a folder outside. ``validate``, ``import`` and the
    watcher's look all return, agree, and store the good log."""
    from badugi_hh.sources import log_files_in
    from badugi_hh.watch import Watcher, into_database

    folder, outside = scratch / "linked", scratch / "outside"
    for made in (folder, outside):
        shutil.rmtree(made, ignore_errors=True)
        made.mkdir()
    shutil.copy(GOOD_LOG, folder / "good.txt")
    (outside / "id_ed25519").write_bytes(SECRET)
    kind = rng.choice(["inside", "outside file", "fifo inside", "fifo outside",
                       "folder outside", "chain out"])
    link = folder / rng.choice(["id.txt", "latest.log", "sub/deep.phh"])
    link.parent.mkdir(exist_ok=True)
    if kind == "inside":
        link.symlink_to(folder / "good.txt")
    elif kind == "outside file":
        link.symlink_to(outside / "id_ed25519")
    elif kind.startswith("fifo"):
        os.mkfifo((folder if kind == "fifo inside" else outside) / "pipe")
        link.symlink_to((folder if kind == "fifo inside" else outside) / "pipe")
    elif kind == "folder outside":
        link.symlink_to(outside)
    else:   # a link to a link inside, which leads out
        (folder / "hop").symlink_to(outside / "id_ed25519")
        link.symlink_to(folder / "hop")
    label = f"links, {kind}"
    # a link to a folder is a folder, which a search does not follow: not read, not named
    named = kind not in ("inside", "folder outside")
    skipped = [found for found in log_files_in(folder) if not isinstance(found, Path)]
    if named and not any(found.path == str(link) for found in skipped):
        case.problems.append(f"{label}: {link.name} is not skipped")
    _status, printed = check_command(["validate", str(folder)], case, f"validate, {label}")
    if named and link.name not in printed:
        case.problems.append(f"validate, {label}: the link is not named: {printed[-300:]}")
    database = scratch / "links.duckdb"
    try:
        check_command(["import", str(folder), "--db", str(database)], case, f"import, {label}")
        with Store(database) as store:
            con = store.connection
            if store.counts()["hands"] == 0:
                case.lost_hands += 1
                case.problems.append(f"import, {label}: the good log was not stored")
            kept = con.execute("SELECT count(*) FROM quarantine WHERE text LIKE "
                               "'%fuzz-secret%'").fetchone()
            if kept and kept[0]:
                case.problems.append(f"import, {label}: the file outside is in quarantine")
        watcher = Watcher([folder], into_database(database), settle=0.0, quiet=0.0)
        batch = watcher.step()   # a pipe opened would block here: the deadline counts it
        if batch is None or any("fuzz-secret" in path for path in batch.paths):
            case.problems.append(f"watch, {label}: {batch}")
    finally:
        database.unlink(missing_ok=True)


# -- control characters in what a user types --------------------------------------------

#: Characters a terminal acts on, or that hide or reorder text.
CONTROLS = ["\x1b]0;pwned\x07", "\x1b[2J", "\x1b[31m", "\x07", "\x08", "\r", "\x00",
            "\x9b2J", "\u202e", "\u200b", "\x7f", "\x1bP+q\x1b\\"]
#: What may reach the terminal raw: a note's lines and tabs.
_RAW_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e"
                          "\u2060-\u2069\ufeff]")


@cache
def persons_template(scratch: Path) -> Path:
    """A database of the good log, imported once and copied for each case."""
    template = scratch / "persons-template.duckdb"
    with Store(template) as store:
        store.import_paths([GOOD_LOG])
    return template


def control_text(rng: random.Random, scratch: Path, case: Case) -> None:
    """A note, a tag or a person's name holding a control character: refused as given
    (nothing stored), and what a database holds (written there by another program) is
    printed escaped by ``note``, ``tag``, ``alias`` and ``me``: never raw."""
    from badugi_hh.store.notes import hand_identity

    database = scratch / "persons.duckdb"
    shutil.copy(persons_template(scratch), database)
    text = "".join(rng.choice([*CONTROLS, "Ana ", "calls", "\n", "\t", "é"])
                   for _ in range(rng.randint(1, 6)))
    try:
        given = {"note": ["note", "1", text], "tag": ["tag", "1", text[:40]],
                 "alias": ["alias", text, "house:Ana"]}
        what = rng.choice(list(given))
        _status, printed = check_command([*given[what], "--db", str(database)], case,
                                         f"{what} {text!r}")
        if _RAW_CONTROL.search(printed):
            case.problems.append(f"{what} {text!r}: printed raw: {printed[-200:]!r}")
        with Store(database) as store:   # as a shared database may hold them
            con = store.connection
            site, hand_id, source = con.execute(
                "SELECT site, hand_id, source FROM hands ORDER BY line LIMIT 1").fetchone()
            con.execute("INSERT OR REPLACE INTO hand_notes VALUES (?, ?, ?, ?, now())",
                        [*hand_identity(site, hand_id, source), text])
            con.execute("INSERT OR REPLACE INTO aliases VALUES ('', 'Bruno', ?)", [text])
            con.execute("INSERT OR REPLACE INTO settings VALUES ('me', ?)", [text])
        for args in (["note", "1"], ["tag", "1"], ["alias", "--list"], ["me"]):
            _status, printed = check_command([*args, "--db", str(database)], case,
                                             f"{args[0]}, stored {text!r}")
            if _RAW_CONTROL.search(printed):
                case.problems.append(f"{args[0]}, stored {text!r}: printed raw: "
                                     f"{printed[-200:]!r}")
    finally:
        database.unlink(missing_ok=True)


# -- dates at the calendar's ends -------------------------------------------------------

#: Dates a hand may state, at and past the calendar's ends.
EXTREME_DATES = [(1, 1, 1), (1, 1, 2), (2, 1, 1), (1970, 1, 1), (9998, 12, 31),
                 (9999, 12, 30), (9999, 12, 31), (2038, 1, 19)]
#: Zones at their limits: UTC-12, UTC+14, one with summer time near the date line.
EXTREME_ZONES = ["Etc/GMT+12", "Pacific/Kiritimati", "America/Adak", "UTC", "Asia/Kolkata"]
_STATED_DATE = re.compile(rb"(\d{4})([/-])(\d\d)\2(\d\d)")


def extreme_dates(rng: random.Random, scratch: Path, case: Case) -> None:
    """A clean log with some of its dates moved to the calendar's ends, read in a zone
    at its limits: each hand read or named at its date, by ``validate`` and ``import``
    alike, and no internal error."""
    source, data, starts = rng.choice(clean_logs())
    dates = list(_STATED_DATE.finditer(data))
    if not dates:
        return
    chosen = {match.start() for match in rng.sample(dates, min(len(dates), rng.randint(1, 3)))}
    year, month, day = rng.choice(EXTREME_DATES)

    def moved(match: re.Match[bytes]) -> bytes:
        if match.start() not in chosen:
            return match[0]
        sep = match[2]
        return b"%04d%s%02d%s%02d" % (year, sep, month, sep, day)

    path = scratch / f"dated{source.suffix}"
    path.write_bytes(_STATED_DATE.sub(moved, data))
    zone = rng.choice(EXTREME_ZONES)
    label = f"{source.name} dated {year}-{month}-{day}, --tz {zone}"
    records = read_all(path)
    check_errors(records, case)
    account_for_hands(list(starts), records, case, label)
    if rng.random() >= 0.2:   # an import costs a database: one case in five
        return
    database = scratch / "dated.duckdb"
    try:
        with Store(database) as store:
            summary = store.import_paths([path], zone=zone)
        if summary.failures:
            case.exit_3 += 1
            case.problems.append(f"import, {label}: {summary.failures[0]}")
        elif summary.hands + summary.skipped != len(hand_lines(records)):
            case.lost_hands += 1
            case.problems.append(f"import, {label}: stored {summary.hands} of "
                                 f"{len(hand_lines(records))} hands read")
    finally:
        database.unlink(missing_ok=True)
        Path(f"{database}.wal").unlink(missing_ok=True)


# -- archives built by hand ------------------------------------------------------------

#: The hostile archives ``archives`` builds, each beside a good log and holding one.
ARCHIVE_KINDS = ("duplicate names", "encrypted", "Deflate64", "name not UTF-8", "'!' in a name",
                 "zip cut short", "tar.gz cut short", ".gz cut short", "nested archives",
                 "tar.gz duplicate names", "directory listing one member many times")


def archives(rng: random.Random, scratch: Path, case: Case) -> None:
    """A zip, tar.gz or gz made hostile by hand: ``validate`` and ``import`` name what
    cannot be read, store the good log beside it and the good member inside it (unless
    the archive is cut short before it), and ``export`` reads back what was stored."""
    import tarfile
    import warnings
    import zipfile

    folder = scratch / "logs"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    shutil.copy(GOOD_LOG, folder / "good.txt")
    good, kind = GOOD_LOG.read_bytes(), rng.choice(ARCHIVE_KINDS)
    inside = rng.choice([log for log in clean_logs() if log[0] != GOOD_LOG])[1]
    if kind.startswith("tar.gz"):
        with tarfile.open(folder / "a.tar.gz", "w:gz") as tar:
            for name, data in (("in.txt", inside), ("twice.txt", good), ("twice.txt", good)):
                info = tarfile.TarInfo(name)
                info.size = len(data)
                tar.addfile(info, io.BytesIO(data))
    elif kind == ".gz cut short":
        data = gzip_compress(inside)
        (folder / "b.txt.gz").write_bytes(data[:rng.randrange(1, len(data))])
    else:
        with warnings.catch_warnings(), zipfile.ZipFile(folder / "a.zip", "w",
                                                        zipfile.ZIP_DEFLATED) as out:
            warnings.simplefilter("ignore")   # zipfile warns of a duplicate name
            out.writestr("in.txt", inside)
            odd = {"duplicate names": "in2.txt", "'!' in a name": "x.zip!y.txt",
                   "name not UTF-8": "\u00e9\u00e9\u00e9.txt", "nested archives": "inner.zip"}
            out.writestr(odd.get(kind, "odd.txt"), zip_of(good) if kind == "nested archives"
                         else good)
            if kind == "duplicate names":
                out.writestr("in2.txt", good)
    raw = bytearray((folder / "a.zip").read_bytes()) if (folder / "a.zip").exists() else None
    if raw is not None:
        directory = raw.find(b"PK\x01\x02", raw.find(b"PK\x01\x02") + 4)  # odd's entry
        for at in (raw.find(b"PK\x03\x04", 4) - 2, directory):   # its local header, entry
            if kind == "encrypted":
                raw[at + 8] |= 1
            elif kind == "Deflate64":
                raw[at + 10:at + 12] = b"\x09\x00"
        raw = raw.replace("\u00e9\u00e9\u00e9".encode(), b"\xff\xfe\xfd\xfc\xfb\xfa")
        if kind == "zip cut short":
            raw = raw[:rng.randrange(1, len(raw))]
        elif kind == "directory listing one member many times":
            end = raw.find(b"PK\x05\x06")
            entry = raw[directory:end]
            raw[directory:end] = entry * 1000
            record = raw.rfind(b"PK\x05\x06")
            size = int.from_bytes(raw[record + 12:record + 16], "little") + 999 * len(entry)
            raw[record + 8:record + 16] = (1001).to_bytes(2, "little") * 2 + size.to_bytes(
                4, "little")
        (folder / "a.zip").write_bytes(bytes(raw))
    _archives_read(folder, scratch, case, kind)


def gzip_compress(data: bytes) -> bytes:
    import gzip

    return gzip.compress(data)


def zip_of(data: bytes) -> bytes:
    import zipfile

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as out:
        out.writestr("deep.txt", data)
    return buffer.getvalue()


def _archives_read(folder: Path, scratch: Path, case: Case, kind: str) -> None:
    check_command(["validate", str(folder)], case, f"validate, {kind}")
    database = scratch / "archives.duckdb"
    database.unlink(missing_ok=True)
    check_command(["import", str(folder), "--db", str(database)], case, f"import, {kind}")
    with Store(database) as store:
        sources = {source for (source,) in store.connection.execute(   # read whole
            "SELECT path FROM sources").fetchall()}
    archive = folder.resolve() / ("a.tar.gz" if "tar" in kind else "a.zip")
    wanted = {str(folder.resolve() / "good.txt")} | (
        set() if "cut short" in kind else {f"{archive}!in.txt"})
    if not wanted <= sources:
        case.lost_hands += 1
        case.problems.append(f"import, {kind}: not stored: {sorted(wanted - sources)}")
    _status, printed = check_command(["export", "--format", "house", "--db", str(database),
                                      "--out", str(scratch / "exported")], case,
                                     f"export, {kind}")
    shutil.rmtree(scratch / "exported", ignore_errors=True)
    if "its hands are left out" in printed:   # a log stored from an archive, not read back
        case.problems.append(f"export, {kind}: {printed[-300:]}")


STRATEGIES: dict[str, Strategy] = {
    "phh_types": phh_types, "merge_sizes": merge_sizes, "invisible": invisible,
    "concatenated": concatenated, "odd_paths": odd_paths, "sql": sql, "disk_full": disk_full,
    "archives": archives,
    "links": links, "control_text": control_text, "extreme_dates": extreme_dates,
}
#: How often each strategy is drawn, next to :data:`tests.fuzz.MUTATION_WEIGHT` for a
#: mutated log: the costly ones (a command, a database) rarer.
WEIGHTS: dict[str, float] = {"phh_types": 12, "merge_sizes": 3, "invisible": 12,
                             "concatenated": 8, "odd_paths": 1, "sql": 3, "disk_full": 0.5,
                             "archives": 1, "links": 1, "control_text": 1,
                             "extreme_dates": 6}


# -- a watcher racing a writer ----------------------------------------------------------

def watch_race(rng: random.Random, scratch: Path, case: Case) -> None:
    """A writer thread appends a clean log in random pieces (mid-line, mid-hand) while
    a watcher looks at the folder again and again: no hand is ever stored cut (each
    stored hand is as the whole log's import stores it), and at the end the two agree."""
    source, data, _ = rng.choice(clean_logs())
    scratch = Path(tempfile.mkdtemp(dir=scratch))   # the folder's files are this case's
    try:
        _race(rng, source, data, scratch, case)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def _race(rng: random.Random, source: Path, data: bytes, scratch: Path, case: Case) -> None:
    import threading

    import duckdb

    from badugi_hh.watch import Watcher, into_database

    folder, log = scratch / "watched", scratch / "watched" / "table.txt"
    folder.mkdir()
    (scratch / "whole.txt").write_bytes(data)
    with Store(scratch / "whole.duckdb") as store:
        store.import_paths([scratch / "whole.txt"])
        whole = set(store.connection.execute("SELECT hand_id, content_hash FROM hands")
                    .fetchall())
        unreadable = store.connection.execute(_QUARANTINED).fetchall()
    database = scratch / "watched.duckdb"
    watcher = Watcher([folder], into_database(database), settle=0.0, quiet=3600.0)
    watcher.snapshot()
    # pieces cut at random bytes, and some at a hand's end (as a site writes), so that
    # the watcher finds complete hands while the next is being written
    hand_ends = [found.end() for found in re.finditer(rb"\n\n+", data)]
    pieces = sorted({*rng.sample(range(1, len(data)), min(len(data) - 1, rng.randint(1, 40))),
                     *rng.sample(hand_ends, min(len(hand_ends), rng.randint(0, 20)))}
                    - {len(data)})

    def write() -> None:
        for start, end in zip([0, *pieces], [*pieces, len(data)]):
            with open(log, "ab") as out:
                out.write(data[start:end])
            threading.Event().wait(rng.uniform(0.0, 0.02))

    writer = threading.Thread(target=write, daemon=True)
    writer.start()
    label = f"watch race on {source.name}, {len(pieces) + 1} pieces"
    while writer.is_alive():
        _stored_as_whole(watcher.step(), database, whole, case, label)
    watcher.quiet = 0.0   # the log's last hand: taken as a log that stays as it is
    _stored_as_whole(watcher.step(), database, whole, case, label)
    with duckdb.connect(str(database), read_only=True) as con:
        stored = set(con.execute("SELECT hand_id, content_hash FROM hands").fetchall())
        quarantined = con.execute(_QUARANTINED).fetchall()
    if stored != whole:
        case.lost_hands += len(whole - stored)
        case.problems.append(f"{label}: {len(whole - stored)} hands missing, "
                             f"{len(stored - whole)} differ from the whole log's")
    if quarantined != unreadable:
        case.problems.append(f"{label}: quarantined {quarantined[:3]}, the whole log "
                             f"{unreadable[:3]}")


#: What a database holds as unreadable, wherever its log lies.
_QUARANTINED = "SELECT line, error FROM quarantine ORDER BY ALL"


def _stored_as_whole(batch: object, database: Path, whole: set[tuple[str, str]],
                     case: Case, label: str) -> None:
    """After a watcher's step: every hand stored is one the whole log holds, so none cut."""
    import duckdb

    if batch is None or not database.exists():
        return
    with duckdb.connect(str(database), read_only=True) as con:
        cut = set(con.execute("SELECT hand_id, content_hash FROM hands").fetchall()) - whole
    if cut:
        case.problems.append(f"{label}: stored cut {sorted(cut)[:3]}")


STRATEGIES["watch_race"] = watch_race
WEIGHTS["watch_race"] = 1
