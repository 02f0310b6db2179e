"""One file's records audited and turned into batches of rows, as both back ends import them.

The DuckDB store commits the batches (:mod:`badugi_hh.store.importer`), the dataset
writes them as Parquet files (:mod:`badugi_hh.dataset.writer`); both count what an
import did in an :class:`ImportSummary`.

>>> from badugi_hh.events import Award, Fold, Hand, PostBlind, SessionPlayer, SessionStart
>>> from badugi_hh.rules import HOUSE
>>> header = SessionStart(session_id="demo", ruleset=HOUSE, line=1, players=[
...     SessionPlayer(seat=1, name="Ana", stack=100), SessionPlayer(seat=2, name="Bruno", stack=100)])
>>> def hand(number: int) -> Hand:
...     return Hand(hand_id=f"demo#{number}", number=number, ruleset=HOUSE, session_id="demo",
...                 line=number + 1, events=[
...         PostBlind(player="Ana", amount=1, kind="small", line=number + 1),
...         PostBlind(player="Bruno", amount=2, kind="big", line=number + 1),
...         Fold(player="Ana", line=number + 1), Award(player="Bruno", amount=2, line=number + 1)])
>>> batches = file_batches([header, hand(1), hand(2), hand(3)], "demo.txt", None, 2, "UTC")
>>> [batch.hands_read for batch in batches]
[2, 1]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from typing import NamedTuple, cast

from badugi_hh.engine import Auditor, SessionReport
from badugi_hh.events import (
    Hand, ParseError, Record, SessionStart, SkippedHand, TournamentSummary,
)
from badugi_hh.rules import Ruleset
from badugi_hh.rows.batch import RowBatch
from badugi_hh.rows.schema import FinishedFile, LinesRead
from badugi_hh.rows.clock import Clock
from badugi_hh.rows.sessions import OpenSession
from badugi_hh.wording import counted

#: Hands per transaction: large enough that the fixed cost of a bulk insert
#: vanishes, small enough that memory stays flat and a crash loses little.
BATCH_HANDS = 2000
#: Characters of quarantined text (the lines of hands that cannot be read) per
#: transaction: such hands count no hand, and a file of them must not be held whole.
BATCH_QUARANTINE_CHARS = 1 << 20


@dataclass(slots=True)
class ImportSummary:
    """Counts of one import; ``new_*`` are rows the database did not have before."""

    files: int = 0
    unchanged: int = 0
    unreadable: list[str] = field(default_factory=list)
    """``path: why`` of each path that could not be read (missing, not a file...)."""
    no_hands: list[str] = field(default_factory=list)
    """The files read that held no readable hand (nor a hand of another game)."""
    failures: list[str] = field(default_factory=list)
    """``internal error in FILE: ...`` of each file a bug stopped reading."""
    hands: int = 0
    new_hands: int = 0
    removed_hands: int = 0
    """Hands stored from a file that was rewritten without them: its rows went (no other
    file holds them)."""
    copies: int = 0
    """Hands read that the database held already, from this file or another."""
    conflicts: list[str] = field(default_factory=list)
    """The T5 message of each copy that differs from the hand stored (the first kept)."""
    sessions: int = 0
    summaries: int = 0
    """Tournament summaries read (a site's file of a tournament's buy-in and places)."""
    violations: int = 0
    quarantined: int = 0
    skipped: int = 0
    """Hands of games the engine does not audit, read (the ``skipped`` table, by game)."""
    skipped_by_game: Counter[str] = field(default_factory=Counter)
    reaudited: int = 0
    """Files read again whole (unchanged, or appended to): an older audit judged them."""
    older_audit_gone: int = 0
    """Stored files judged by an older audit that cannot be read again (gone or moved)."""
    rows: int = 0
    seconds: float = 0.0
    planning_seconds: float = 0.0
    """Listing and hashing the files, before any is read (one process)."""
    commit_seconds: float = 0.0
    """Writing into the database: the one writer's share of the import."""

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds if self.seconds else 0.0

    def __str__(self) -> str:
        """One sentence for the end of an import.

        >>> print(ImportSummary(files=2, unchanged=1, hands=30, new_hands=12, violations=3,
        ...                     seconds=0.5))
        2 files read (1 unchanged, skipped): 30 hands, 12 new, 0 sessions, 3 new violations, 0 quarantined in 0.50 s (60 hands/s)
        """
        unchanged = f" ({self.unchanged} unchanged, skipped)" if self.unchanged else ""
        if self.reaudited:
            unchanged += f" ({self.reaudited} judged again by today's rules)"
        skipped = (f", {self.skipped:,} hands not audited" if self.skipped
                   else "")
        removed = (f", {counted(self.removed_hands, 'hand')} no longer in a rewritten file "
                   "removed" if self.removed_hands else "")   # as the command line says it
        return (f"{self.files} files read{unchanged}: {self.hands:,} hands, "
                f"{self.new_hands:,} new{removed}, {self.sessions:,} sessions, "
                f"{self.violations:,} new violations, {self.quarantined:,} quarantined"
                f"{skipped} in {self.seconds:.2f} s ({self.hands_per_second:,.0f} hands/s)")


class Fingerprint(NamedTuple):
    size: int
    content_hash: str
    prefix_hash: str | None   # of the first bytes, as many as the last import saw
    goes_on: bool = False
    """Whether the file holds more than the bytes read (a log read as far as a watcher
    found its hands complete): the session under way there is not judged ended."""


def file_batches(records: Iterable[Record], source: str, fingerprint: Fingerprint | None,
                  batch_hands: int, house_zone: str,
                  audit: FileAudit | None = None) -> Iterator[RowBatch]:
    """Audit the records of one file and turn them into rows, ``batch_hands`` hands
    at a time; the last batch carries the file's row for ``sources``. ``house_zone``:
    the time zone of its house hands (:mod:`badugi_hh.rows.clock`). ``audit``: the
    caller's, to read what the reading found after (a new one by default)."""
    audit = audit or FileAudit(source, house_zone)
    yield from audited_batches(audit, records, batch_hands)
    audit.close(ended=not (fingerprint and fingerprint.goes_on))
    size, digest = (fingerprint.size, fingerprint.content_hash) if fingerprint else (None, None)
    audit.batch.finished.append(FinishedFile(source, size, digest, datetime.now(), audit.hands,
                                              audit.skipped, audit.summaries))
    yield audit.take(to_the_end=True)


def audited_batches(audit: FileAudit, records: Iterable[Record],
                    batch_hands: int) -> Iterator[RowBatch]:
    """Feed ``records`` to ``audit``, taking its rows each time they make a batch; the
    rows of the last records are left in it (the caller closes the file or part)."""
    for record in records:
        audit.feed(record)
        # a hand's errors come before the hand they are read with: one batch holds both
        if batch_full(audit.batch, batch_hands) and not hand_follows(record):
            yield audit.take()


def hand_follows(record: Record) -> bool:
    """Whether ``record`` is an error in a hand that is read all the same (it comes next)."""
    return isinstance(record, ParseError) and not record.hand_lost


class FileAudit:
    """The records of one file, in their order, audited and turned into rows: the
    auditor, the clock and the sessions under way carry from record to record, the
    rows gather in :attr:`batch` until they are taken."""

    def __init__(self, source: str, house_zone: str) -> None:
        self.source = source
        self.auditor = Auditor()
        self.clock = Clock(house_zone)
        self.sessions: dict[str, OpenSession] = {}
        self.batch = RowBatch()
        self.hands = self.skipped = self.summaries = 0
        self.taken_through = self.last_line = 0
        """The last line of the batches taken, and of the records fed since."""

    def feed(self, record: Record) -> None:
        batch, source, clock = self.batch, self.source, self.clock
        self.last_line = max(self.last_line, record.line)
        if isinstance(record, ParseError):
            batch.add_quarantine(source, record)
        elif isinstance(record, SessionStart):
            self.sessions[record.session_id] = OpenSession.of_header(record)
        elif isinstance(record, TournamentSummary):
            batch.add_tournament_summary(source, record, clock)
            self.summaries += 1
        for report in self.auditor.feed(record):
            if isinstance(report, SkippedHand):
                batch.add_skipped(source, report)
                self.skipped += 1
                continue
            if isinstance(report, SessionReport):
                self.session_closed(report)
                continue
            hand = cast(Hand, record)   # a hand's report comes of a hand
            session = self.sessions.setdefault(report.session_id, OpenSession(
                report.session_id, report.ruleset, line=hand.line))
            session.meet(hand, report, clock)
            batch.add_hand(source, hand, report, hand.started_at or session.started_at, clock)
            self.hands += 1

    def session_closed(self, report: SessionReport) -> None:
        """The engine closed a session: its rows."""
        self.batch.add_session(self.source, report, _closed_session(self.sessions, report),
                               self.clock)

    def close(self, *, ended: bool = True) -> None:
        """The end of the file: the session under way is closed (``ended`` false: the
        end of what was read of a file that goes on, :meth:`Auditor.close`)."""
        closed = self.auditor.close(ended=ended)
        if closed is not None:
            self.session_closed(closed)

    def take(self, to_the_end: bool = False, end_line: int | None = None) -> RowBatch:
        """The rows gathered so far, of the lines read since the last batch (to the
        file's end, for its last; to ``end_line``, for the last of a part of a file
        that ends there); the next ones gather in a new batch."""
        batch, self.batch = self.batch, RowBatch()
        through = end_line if to_the_end else self.last_line
        batch.lines_read.append(LinesRead(self.source, self.taken_through, through))
        self.taken_through = self.last_line
        return batch


def batch_full(rows: RowBatch, batch_hands: int) -> bool:
    """Whether ``rows`` make a whole batch: ``batch_hands`` hands, or the quarantine's
    text past :data:`BATCH_QUARANTINE_CHARS`."""
    return rows.hands_read >= batch_hands or rows.quarantined_chars >= BATCH_QUARANTINE_CHARS


def _closed_session(sessions: dict[str, OpenSession], report: SessionReport) -> OpenSession:
    session = sessions.pop(report.session_id, None)
    # None: a header and no hand with its id; still a session
    return session if session is not None else OpenSession(report.session_id, Ruleset())
