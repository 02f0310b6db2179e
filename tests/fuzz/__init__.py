"""A fuzz harness: the real logs, mutated, read, audited and now and then imported, and
hostile inputs of other kinds (:mod:`tests.fuzz.hostile`).

    python -m tests.fuzz --inputs 100000 --seed 2026

Most inputs are one log of tests/data/real/, sample_logs/ or tests/data/phh/ with one to
three mutations (:data:`MUTATIONS`); the others are drawn from the strategies of
:data:`tests.fuzz.hostile.STRATEGIES` (PHH type confusion, Merge sizes, invisible
characters before headers, dialects concatenated, odd paths, SQL statement forms, a full
disk), by their :data:`~tests.fuzz.hostile.WEIGHTS` next to :data:`MUTATION_WEIGHT`.
The harness counts tracebacks (any exception that escapes the readers, the engine, the
store or a command), exits with status 3 (an internal error), hangs (an input still
running after :data:`HANG_SECONDS`), hands neither read nor named in an error, the parse
errors reported instead (each must have a line) and the process's peak memory.
tests/test_fuzz.py runs small seeded rounds with the default tests.
"""

from __future__ import annotations

import codecs
import random
import re
import resource
import signal
import tempfile
import traceback
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path

from badugi_hh.engine import audit
from badugi_hh.events import ParseError
from badugi_hh.parsers import read_records
from badugi_hh.store import Store
from . import hostile

ROOT = Path(__file__).resolve().parents[2]
#: An input still running after this many seconds (of CPU time: :func:`deadline`) is
#: counted as a hang.
HANG_SECONDS = 10
#: Every this many inputs, the input is also imported into a fresh DuckDB database.
IMPORT_EVERY = 100
#: How often a mutated log is drawn, next to the weights of the hostile strategies.
MUTATION_WEIGHT = 60
#: Names that read right to left or are made of emoji, to stand in for a player's.
STRANGE_NAMES = ["\u202eanA", "\u05d0\u05e0\u05d4", "\u0627\u0646\u0627", "\U0001f0cf\U0001f600",
                 "A\u0301na", "\u200bBruno"]

_DIGITS = b"0123456789"
_NUMBER = re.compile(rb"[0-9]+")
#: A line with its line end.
_LINE = re.compile(rb"[^\n]*\n|[^\n]+")
#: A word: what ``str.split()`` splits at is runs of whitespace.
_WORD = re.compile(r"\S+")


def corpus() -> list[Path]:
    """The logs the mutations start from, in a fixed order."""
    folders = [ROOT / "tests" / "data" / "real", ROOT / "sample_logs",
               ROOT / "tests" / "data" / "phh"]
    return sorted(path for folder in folders for path in folder.rglob("*")
                  if path.is_file() and path.suffix in (".txt", ".phh", ".log")
                  and "expected" not in path.parts and path.name != "README.md")


# -- mutations: bytes in, bytes out -----------------------------------------------------

def flip_bytes(rng: random.Random, data: bytes) -> bytes:
    out = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        if out:
            out[rng.randrange(len(out))] = rng.randrange(256)
    return bytes(out)


def shuffle_lines(rng: random.Random, data: bytes) -> bytes:
    lines = data.split(b"\n")
    if len(lines) > 2:
        start = rng.randrange(len(lines) - 1)
        chunk = lines[start:start + rng.randint(2, 12)]
        rng.shuffle(chunk)
        lines[start:start + len(chunk)] = chunk
    return b"\n".join(lines)


def truncate(rng: random.Random, data: bytes) -> bytes:
    return data[:rng.randrange(len(data) + 1)]


def _replace_digits(rng: random.Random, data: bytes, make: Callable[[], bytes]) -> bytes:
    """``data`` with ``make()`` from a digit chosen at random to the end of its number.

    The digit is found by counting, not from a list of every digit's place: a mutated
    input of megabytes has millions of digits, and such a list would be the largest
    thing in the process.
    """
    wanted = rng.randrange(count) if (count := sum(map(data.count, _DIGITS))) else None
    if wanted is None:
        return data
    for number in _NUMBER.finditer(data):
        if wanted < len(number[0]):
            return data[:number.start() + wanted] + make() + data[number.end():]
        wanted -= len(number[0])
    raise AssertionError("fewer digits than counted")


def huge_number(rng: random.Random, data: bytes) -> bytes:
    digits = rng.choice([19, 20, 25, 4301, 5000])
    return _replace_digits(rng, data, lambda: b"9" * digits)


def huge_count(rng: random.Random, data: bytes) -> bytes:
    for word in (b"discards ", b"draws ", b"Seat ", b"sd ", b"cards"):
        if word in data and rng.random() < 0.5:
            at = data.index(word) + len(word)
            return data[:at] + b"100000000" + data[at:].lstrip(b"0123456789")
    return _replace_digits(rng, data, lambda: b"100000000")


def nul_bytes(rng: random.Random, data: bytes) -> bytes:
    at = rng.randrange(len(data) + 1)
    return data[:at] + b"\x00" * rng.randint(1, 4) + data[at:]


def reencode(rng: random.Random, data: bytes) -> bytes:
    encoding = rng.choice(["utf-16", "utf-16-le", "cp1252", "utf-8-sig"])
    encoder = codecs.getincrementalencoder(encoding)(errors="replace")
    encoded = b"".join(map(encoder.encode, _text_lines(data)))
    return encoded + encoder.encode("", final=True)   # the byte-order mark, if data is empty


def strange_names(rng: random.Random, data: bytes) -> bytes:
    words = sorted({word for line in _text_lines(data) for word in _words(line)
                    if word.isalpha() and word[:1].isupper()})
    data = _as_utf8(data)
    for word in rng.sample(words, min(len(words), 3)):
        data = data.replace(word.encode("utf-8"), rng.choice(STRANGE_NAMES).encode("utf-8"))
    return data


def long_name(rng: random.Random, data: bytes) -> bytes:
    """A word (each counted as often as it is written) replaced by a long name."""
    data = _as_utf8(data)
    if count := sum(1 for _word in _name_like(data)):
        word = next(islice(_name_like(data), rng.randrange(count), None))
        data = data.replace(word.encode("utf-8"), b"N" * rng.choice([199, 201, 5000]))
    return data


# The text mutations work a line at a time, and replace words in the UTF-8 bytes (where
# a word's bytes are found only where the word is): the same as decoding the input whole
# and replacing in the text, but a mutated input of megabytes is never held as text, at
# up to four bytes a character. The harness measures the readers' memory, not its own.

def _text_lines(data: bytes) -> Iterator[str]:
    """``data`` as UTF-8 text, a byte that is not UTF-8 as U+FFFD, one line at a time
    (LF is no part of a UTF-8 character, so this is the text decoded whole)."""
    return (line[0].decode("utf-8", errors="replace") for line in _LINE.finditer(data))


def _as_utf8(data: bytes) -> bytes:
    """``data`` with each byte that is not UTF-8 written as U+FFFD."""
    return b"".join(line.encode("utf-8") for line in _text_lines(data))


def _words(text: str) -> Iterator[str]:
    """The words of ``text`` one at a time, as ``text.split()`` has them."""
    return (word[0] for word in _WORD.finditer(text))


def _name_like(data: bytes) -> Iterator[str]:
    return (word for line in _text_lines(data) for word in _words(line)
            if word.isalpha() and len(word) > 2)


MUTATIONS: list[Callable[[random.Random, bytes], bytes]] = [
    flip_bytes, shuffle_lines, truncate, huge_number, huge_count, nul_bytes, reencode,
    strange_names, long_name,
]


def mutate(rng: random.Random, data: bytes) -> bytes:
    for mutation in rng.sample(MUTATIONS, rng.randint(1, 3)):
        data = mutation(rng, data)
    return data


# -- running ----------------------------------------------------------------------------

class Hang(BaseException):
    """An input ran past :data:`HANG_SECONDS` (not an ``Exception``: a command's own
    ``except Exception``, which turns a bug into exit status 3, must not catch it)."""


#: A wait with no work (a FIFO, a lock) is a hang after this many times the hang limit of
#: wall-clock time.
BLOCKED_FACTOR = 6


@contextmanager
def deadline(seconds: int) -> Iterator[None]:
    """Raise :class:`Hang` in the running code after ``seconds`` of this process's CPU
    time, or ``BLOCKED_FACTOR`` times as long on the clock (Linux: SIGPROF, SIGALRM).

    CPU time, not the clock: on a machine shared with other work an input that needs
    one second may take ten on the clock, and would count as a hang where it is not.
    The clock's longer limit catches what waits without working (a FIFO opened).
    """
    def hang(_signal: int, _frame: object) -> None:
        raise Hang

    previous = {number: signal.signal(number, hang)
                for number in (signal.SIGALRM, signal.SIGPROF)}
    signal.setitimer(signal.ITIMER_PROF, seconds)
    signal.alarm(seconds * BLOCKED_FACTOR)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.alarm(0)
        for number, handler in previous.items():
            signal.signal(number, handler)


@dataclass
class Counts:
    inputs: int = 0
    tracebacks: int = 0
    hangs: int = 0
    #: The parse errors the readers reported, each at a file, line and column.
    errors: int = 0
    #: Parse errors without a line to point at: failures, like tracebacks.
    unpositioned: int = 0
    imports: int = 0
    #: Commands that ended with exit status 3 (an internal error), and files an import
    #: reported as stopped by a bug.
    exit_3: int = 0
    #: Hands of a hostile input neither read nor named by an error.
    lost_hands: int = 0
    #: Other broken promises of a hostile input (a write by ``sql``, an unbounded error...).
    problems: int = 0
    peak_memory_mb: float = 0.0
    #: Inputs of each kind: ``mutated`` and each hostile strategy's name.
    by_kind: Counter[str] = field(default_factory=Counter)
    #: Checks this machine could not make, with the reason (each said once).
    skipped_checks: set[str] = field(default_factory=set)
    failures: list[str] = field(default_factory=list)

    @property
    def failed(self) -> bool:
        return bool(self.tracebacks or self.hangs or self.unpositioned or self.exit_3
                    or self.lost_hands or self.problems)

    def __str__(self) -> str:
        kinds = ", ".join(f"{kind} {count}" for kind, count in sorted(self.by_kind.items()))
        return (f"{self.inputs} inputs ({kinds}), {self.tracebacks} tracebacks, "
                f"{self.exit_3} exit 3, {self.hangs} hangs, {self.lost_hands} hands lost, "
                f"{self.problems} other problems, {self.errors} positioned errors, "
                f"{self.unpositioned} unpositioned, {self.imports} imports, "
                f"peak memory {self.peak_memory_mb:.0f} MB")


def check(path: Path, database: Path | None) -> list[ParseError]:
    """Read and audit ``path`` (and import it into ``database``, a new database deleted
    after, as an import run ends); any exception escapes. Returns the parse errors."""
    errors = [report for report in audit(read_records(path))
              if isinstance(report, ParseError)]
    if database is not None:
        with Store(database) as store:
            store.import_paths([path])
        database.unlink()   # a thousand databases would fill the scratch folder
    return errors


def run(inputs: int, seed: int = 0, *, keep: Path | None = None,
        hang_seconds: int = HANG_SECONDS, import_every: int = IMPORT_EVERY,
        strategies: Sequence[str] = tuple(hostile.STRATEGIES),
        mutation_weight: float = MUTATION_WEIGHT,
        progress: Callable[[Counts], None] | None = None, progress_every: int = 1000,
        ) -> Counts:
    """Fuzz ``inputs`` inputs: mutated logs and the hostile ``strategies``; ``keep``
    saves each mutated log that failed there; ``progress`` is given the counts every
    ``progress_every`` inputs."""
    rng = random.Random(seed)
    sources = [(path, path.read_bytes()) for path in corpus()]
    kinds = ["mutated", *strategies]
    weights = [mutation_weight, *(hostile.WEIGHTS[name] for name in strategies)]
    counts = Counts()
    with tempfile.TemporaryDirectory(prefix="badugi-fuzz-") as scratch:
        try:
            for number in range(1, inputs + 1):
                kind = rng.choices(kinds, weights)[0]
                counts.by_kind[kind] += 1
                if kind == "mutated":
                    _mutated(rng, sources, Path(scratch), number, import_every, hang_seconds,
                             counts, keep)
                else:
                    _hostile(kind, rng, Path(scratch), number, hang_seconds, counts)
                counts.inputs = number
                if progress is not None and number % progress_every == 0:
                    counts.peak_memory_mb = _peak_memory_mb()
                    progress(counts)
        finally:
            hostile.unmount(Path(scratch))
    counts.peak_memory_mb = _peak_memory_mb()
    return counts


def _peak_memory_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _mutated(rng: random.Random, sources: list[tuple[Path, bytes]], scratch: Path,
             number: int, import_every: int, hang_seconds: int, counts: Counts,
             keep: Path | None) -> None:
    source, data = rng.choice(sources)
    path = scratch / f"input{source.suffix}"
    path.write_bytes(mutate(rng, data))
    database = scratch / f"db{number}.duckdb" if number % import_every == 0 else None
    _one(path, database, hang_seconds, counts, f"{number} ({source.name})", keep)
    counts.imports += database is not None


def _hostile(kind: str, rng: random.Random, scratch: Path, number: int, hang_seconds: int,
             counts: Counts) -> None:
    case = hostile.Case()
    try:
        with deadline(hang_seconds):
            hostile.STRATEGIES[kind](rng, scratch, case)
    except Hang:
        counts.hangs += 1
        counts.failures.append(f"input {number} ({kind}): hang")
    except Exception:   # noqa: BLE001 - counting what escapes is the point
        counts.tracebacks += 1
        counts.failures.append(f"input {number} ({kind}):\n{traceback.format_exc()}")
    counts.errors += case.errors
    counts.exit_3 += case.exit_3
    counts.lost_hands += case.lost_hands
    counts.problems += len(case.problems) - case.lost_hands - case.exit_3
    counts.skipped_checks.update(case.skipped_checks)
    counts.failures.extend(f"input {number} ({kind}): {problem}" for problem in case.problems)


def _one(path: Path, database: Path | None, hang_seconds: int, counts: Counts, label: str,
         keep: Path | None) -> None:
    try:
        with deadline(hang_seconds):
            errors = check(path, database)
        counts.errors += len(errors)
        unpositioned = [error for error in errors if error.line < 1 or not error.source]
        if not unpositioned:
            return
        counts.unpositioned += len(unpositioned)
        counts.failures.append(f"input {label}: no position: {unpositioned[0].message}")
    except Hang:
        counts.hangs += 1
        counts.failures.append(f"input {label}: hang")
    except Exception:   # noqa: BLE001 - counting what escapes is the point
        counts.tracebacks += 1
        counts.failures.append(f"input {label}:\n{traceback.format_exc()}")
    if keep is not None:
        keep.mkdir(parents=True, exist_ok=True)
        (keep / f"failure-{len(counts.failures)}{path.suffix}").write_bytes(path.read_bytes())
