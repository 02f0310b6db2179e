"""A site's export read in parts side by side, joined where the parts meet.

A site export is a list of hands, and what one hand leaves to the next is little:
the table's session (the reader's: its key, id and count of hands), the stacks,
button and deal of the hand before (the auditor's G3, G4, G6), the clock's last
reading, and the hand ids seen (T5). A part of the log (cut at a hand's header,
:mod:`badugi_hh.dataset.chunks`) is read from a *lead-in* of the few hands before
it, which are audited to know what carries into the part and not written. What a
part cannot settle alone it tells the driver in its :class:`Seam`:

* ``entry``: a digest of what carries into it, after the lead-in; ``exit``: the same
  at its end. Where one part's exit is not the next one's entry (a lead-in that did
  not reach back to a hand, a time the clock reads two ways), the log is read whole.
* The session the lead-in leaves under way (``carried_id``): the part read it from the
  lead-in's first hand, so under another id than its own where it began earlier, and
  (a site that numbers hands by their place in the session) with numbers counted from
  there. The driver knows its id and count from the parts before, and has the part's
  rows of it renamed and renumbered (``renames``).
* Its first and last sessions (:class:`SessionPiece`): their rows are written once the
  pieces of each are put together, as one read would have closed it.
* The ids of its hands: a hand id used in two parts (T5, judged across the log) has
  the log read whole; so has a session id begun in two parts (a site's reader names the
  second ``ID~2``: a sitting pasted again, :mod:`badugi_hh.parsers.site`).

:func:`join` puts the seams of a log's parts together, or says the log must be
read whole (None); :class:`Joiner` does it part by part, in order.

>>> joiner = Joiner("x.txt", renumbers=False)
>>> joiner.add(0, Seam("in", "out", None, 0, None, False, None, b"a" * 8, False))
True
>>> joiner.add(1, Seam("out", "end", None, 0, None, False, None, b"a" * 8, False))   # T5
False
"""

from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime

import pyarrow as pa
import pyarrow.compute as pc

from badugi_hh.engine import HandReport, SessionReport, Violation
from badugi_hh.events import Hand, Record, SessionStart
from badugi_hh.rows.files import FileAudit
from badugi_hh.rows.sessions import HandMoney, OpenSession

__all__ = ["BY_SESSION", "Joined", "Joiner", "PartAudit", "Seam", "SessionPiece", "WholeSession",
           "join", "renamed_rows"]

#: The bytes of a hand id's digest, in :attr:`Seam.hand_ids`.
_ID_BYTES = 8


@dataclass(slots=True)
class SessionPiece:
    """What one part read of a session that goes on before or after it."""

    report: SessionReport
    """As the engine closed it in the part: the part's hands and findings, the final stacks."""
    session: OpenSession | None
    """What the part's hands told of it (None: no hand was audited)."""
    hands: int
    """The hands of it the reader gave in the part, audited or not (its numbering)."""
    clock: datetime | None
    """The clock's last reading when the part closed it: a session's time is read
    then where no hand of it was audited (:meth:`~badugi_hh.rows.batch.RowBatch.add_session`)."""


@dataclass(slots=True)
class Seam:
    """What a part of a site's export leaves for the driver to settle."""

    entry: str
    exit: str
    carried_id: str | None
    """The id the part gave the session the lead-in leaves under way (None: none)."""
    lead_hands: int
    """The hands of that session in the lead-in."""
    carried: SessionPiece | None
    carried_ends: bool
    """Whether that session ends in the part."""
    last: SessionPiece | None
    """The session under way at the part's end, when it is not the carried one."""
    hand_ids: bytes
    """A digest of each hand id read, :data:`_ID_BYTES` bytes each."""
    reused: bool
    """The carried session's id names a session begun in the part too."""
    begun: frozenset[str] = frozenset()
    """The ids of the sessions begun in the part (after its lead-in)."""


class PartAudit(FileAudit):
    """:class:`~badugi_hh.rows.files.FileAudit` of a part: the records before line
    ``first_line`` are the lead-in, audited only to know what carries into the part."""

    def __init__(self, source: str, house_zone: str, first_line: int) -> None:
        super().__init__(source, house_zone)
        self.first_line = first_line
        self.leading = True
        self.entry = ""
        self.last_hand: tuple[int, str] | None = None
        self.clock_known = True
        self.lead_counts: Counter[str] = Counter()
        self.counts: Counter[str] = Counter()
        self.carried_id: str | None = None
        self.carried: SessionPiece | None = None
        self.begun: set[str] = set()
        self.ids = bytearray()

    def take_record(self, record: Record) -> None:
        if record.line < self.first_line:
            self._prime(record)
            return
        if self.leading:
            self._begin()
        if isinstance(record, Hand):
            self.last_hand = (record.line, record.hand_id)
            self.counts[record.session_id] += 1
            self.ids += hashlib.blake2b(record.hand_id.encode(), digest_size=_ID_BYTES).digest()
        elif isinstance(record, SessionStart):
            self.begun.add(record.session_id)
            self.counts[record.session_id] = 0   # a session of an id used before
        self.feed(record)

    def _prime(self, record: Record) -> None:
        if isinstance(record, Hand):
            self.last_hand = (record.line, record.hand_id)
            self.lead_counts[record.session_id] += 1
        elif isinstance(record, SessionStart):
            self.lead_counts[record.session_id] = 0
        for report in self.auditor.feed(record):
            if isinstance(report, HandReport) and isinstance(record, Hand):
                # the clock reads each hand as its rows would (a repeated hour's passage)
                if record.started_at is None:
                    self.clock_known = False
                else:
                    self.clock.read(record.started_at, HandMoney.of(record).site)

    def _begin(self) -> None:
        self.leading = False
        self.entry = self._state()
        self.carried_id = self.auditor.begin_part()
        self.lead_hands = self.lead_counts[self.carried_id or ""]

    def _state(self) -> str:
        """A digest of what carries into the next record (see :class:`Seam`)."""
        clock = self.clock.last if self.clock_known else "unknown"
        state = repr((self.last_hand, self.auditor.carried(), clock))
        return hashlib.sha256(state.encode()).hexdigest()

    def session_closed(self, report: SessionReport) -> None:
        if self.carried_id is not None and self.carried is None \
                and report.session_id == self.carried_id:
            self.carried = self._piece(report)
            return
        super().session_closed(report)

    def _piece(self, report: SessionReport) -> SessionPiece:
        return SessionPiece(report, self.sessions.pop(report.session_id, None),
                            self.counts[report.session_id], self.clock.last)

    def finish(self) -> Seam:
        """The end of the part: its seam (the sessions under way are not written)."""
        if self.leading:
            self._begin()
        exit_state = self._state()
        carried_ends = self.carried is not None
        closed = self.auditor.close()
        last = None
        if closed is not None:
            if self.carried_id is not None and self.carried is None:
                self.carried = self._piece(closed)
            else:
                last = self._piece(closed)
        return Seam(self.entry, exit_state, self.carried_id, self.lead_hands, self.carried,
                    carried_ends, last, bytes(self.ids), self.carried_id in self.begun,
                    frozenset(self.begun))


@dataclass(slots=True)
class _Merged:
    """A session put together from its pieces, in their order."""

    session_id: str
    session: OpenSession
    hands: int
    audited: int
    stacks: dict[str, int]
    winner: str | None
    clock: datetime | None
    violations: list[Violation] = field(default_factory=list)
    starts: dict[str, int] = field(default_factory=dict)

    @classmethod
    def of(cls, piece: SessionPiece) -> _Merged | None:
        report = piece.report
        if piece.session is None:
            return None
        return cls(report.session_id, piece.session, piece.hands, report.hands,
                   report.stacks, report.winner, piece.clock, list(report.violations),
                   report.starts)

    def add(self, piece: SessionPiece) -> bool:
        if piece.session is not None and not self.session.extend(piece.session):
            return False
        report = piece.report
        self.hands += piece.hands
        self.audited += report.hands
        self.stacks, self.winner, self.clock = report.stacks, report.winner, piece.clock
        self.starts = report.starts   # as the last piece settled them (G3)
        self.violations.extend(report.violations)
        return True

    def whole(self, source: str) -> WholeSession:
        """The session as the engine closes it, what its hands told, and the clock then."""
        return (SessionReport(self.session_id, source, self.audited, self.stacks, self.winner,
                              self.violations, self.starts), self.session, self.clock)


#: A session as the engine closed it, what its hands told, the clock's last reading then.
WholeSession = tuple[SessionReport, OpenSession, datetime | None]


@dataclass(slots=True)
class Joined:
    """How a log's parts are put together."""

    sessions: list[WholeSession] = field(default_factory=list)
    """The sessions of more than one part (or at a part's edge), whole, to be written."""
    renames: dict[int, tuple[str, str, int]] = field(default_factory=dict)
    """By part: its id of the session it carries in, the session's own id, and what to
    add to the numbers of its hands."""


def join(seams: list[tuple[int, Seam]], source: str, renumbers: bool) -> Joined | None:
    """The seams of a log's parts (by part, in order; parts without records left out)
    put together; None: the log must be read whole."""
    joiner = Joiner(source, renumbers)
    if not all(joiner.add(index, seam) for index, seam in seams):
        return None
    return joiner.end()


class Joiner:
    """The seams of a log's parts put together one at a time, in their order (an
    import that stores each part once the parts before it are joined)."""

    def __init__(self, source: str, renumbers: bool) -> None:
        self.source = source
        self.renumbers = renumbers
        self.joined = Joined()
        self.under_way: _Merged | None = None
        self.exit_state: str | None = None
        self.hand_ids: set[bytes] = set()
        self.begun: set[str] = set()

    def add(self, index: int, seam: Seam) -> bool:
        """Join part ``index``; False: the log must be read whole (a hand id in two
        parts: T5 is judged across the log; a session id begun in two: the reader names
        the second ``ID~2``, which a part cannot know; parts that do not meet as one read
        would)."""
        own = {seam.hand_ids[at:at + _ID_BYTES] for at in range(0, len(seam.hand_ids), _ID_BYTES)}
        if not (self.hand_ids.isdisjoint(own) and self.begun.isdisjoint(seam.begun)):
            return False
        self.hand_ids |= own
        self.begun |= seam.begun
        if self.exit_state is not None and seam.entry != self.exit_state:
            return False
        self.exit_state = seam.exit
        under_way = self.under_way
        if seam.carried_id is not None:
            # (reused: its rows are not told apart from the other session's, and a read
            # closes it with the other one's header, as the store does)
            if under_way is None or seam.carried is None or seam.reused:
                return False
            offset = under_way.hands - seam.lead_hands if self.renumbers else 0
            if seam.carried_id != under_way.session_id or offset:
                if seam.carried_id == under_way.session_id:
                    return False   # numbers that a renaming run twice would shift twice
                self.joined.renames[index] = (seam.carried_id, under_way.session_id, offset)
            if not under_way.add(seam.carried):
                return False
            if seam.carried_ends:
                self.joined.sessions.append(under_way.whole(self.source))
                under_way = None
        elif under_way is not None:
            return False
        if seam.last is not None:
            under_way = _Merged.of(seam.last)
            if under_way is None:
                return False
        self.under_way = under_way
        return True

    def end(self) -> Joined:
        """The parts joined, the session under way at the log's end whole too."""
        if self.under_way is not None:
            self.joined.sessions.append(self.under_way.whole(self.source))
            self.under_way = None
        return self.joined


#: The tables whose rows name their session (and number their hands in it).
BY_SESSION = ("hands", "hand_players", "violations")


def renamed_rows(table: pa.Table, renamed: str, session_id: str, offset: int) -> pa.Table | None:
    """The rows of a part (of a table of :data:`BY_SESSION`) with those of session
    ``renamed`` given the session's own id, and ``offset`` added to their hands' numbers
    (:attr:`Joined.renames`); None where no row is of that session."""
    ours = pc.fill_null(pc.equal(table["session_id"], renamed), False)
    if not pc.any(ours).as_py():
        return None
    table = _replaced(table, "session_id", pc.if_else(ours, session_id, table["session_id"]))
    if offset and "number" in table.column_names:
        table = _replaced(table, "number", pc.if_else(
            ours, pc.add(table["number"], offset), table["number"]))
    return table


def _replaced(table: pa.Table, name: str, values: pa.ChunkedArray | pa.Array) -> pa.Table:
    index = table.schema.get_field_index(name)
    kind = table.schema.field(index)
    return table.set_column(index, kind, values.cast(kind.type))
