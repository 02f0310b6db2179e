"""One stored hand as text to share: the log's own lines, a house log, or PHH.

Each is read again from the file the hand was imported from, as ``badugi-hh export``
reads it, after checking that the file is the one imported (its SHA-256 is the one
the store recorded): a file gone or changed since says so instead of showing other
text. A log inside an archive (``ARCHIVE!MEMBER``, a ``.gz``) is read from the archive,
as import read it. The three forms:

* **original**: the hand's own lines in its log, from its first line to the line
  before what follows it in the file (the next hand or session), blank lines at
  its end left out, after its session's header where the log writes one (a house
  log's seats, Merge's table description); as the site wrote them.
* **house**: the hand in our own log format (:mod:`badugi_hh.writer`), after the
  header of its session.
* **phh**: the hand in PokerKit's hand-history format (:mod:`badugi_hh.phh_writer`).

A form that cannot say the hand (a dead blind in PHH, a name with a blank in the
house format; in either, a line of the hand that could not be read) is a
:class:`HandTextError` whose message says why; the other forms are unaffected.
"""

from __future__ import annotations

import dataclasses
import hashlib
import io
from collections.abc import Iterable, Iterator
from typing import NamedTuple

from badugi_hh.engine import Auditor, HandReport
from badugi_hh.events import Award, Hand, ParseError, Record, SessionStart, SkippedHand
from badugi_hh.hand_ids import HandId
from badugi_hh.parsers import read_records
from badugi_hh.parsers.text import open_log
from badugi_hh.sources import Log, Unreadable, log_named

__all__ = ["FORMS", "HandText", "HandTextError", "hand_texts", "imported_log",
           "played_hands", "replayed_hands"]

#: The forms a hand is shared in, and how the pages name them.
FORMS = {"original": "original text", "house": "house text", "phh": "PHH"}


class HandTextError(ValueError):
    """Why a hand cannot be given in a form: the file changed or is gone, the hand is
    not in it, or the form cannot say it."""


class HandText(NamedTuple):
    """One hand in each form: the text, or the error saying why there is none."""

    original: str | HandTextError
    house: str | HandTextError
    phh: str | HandTextError


def imported_log(source: str, content_hash: str | None, size: int | None = None) -> Log | str:
    """The log stored as ``source``, read as import read it (a file, a ``.gz``, a log
    inside an archive), or why it no longer holds the hands stored from it. ``size``:
    the bytes the import read (a log being written was read to its last whole hand, and
    may have grown since), whose digest is ``content_hash``; None: the whole file."""
    log = log_named(source)
    if isinstance(log, Unreadable):
        return "the file is gone" if log.missing else log.reason
    digest = hashlib.sha256()
    left = size
    try:
        with log.open("rb") as stream:
            while (left is None or left > 0) and (
                    chunk := stream.read(1 << 20 if left is None else min(1 << 20, left))):
                digest.update(chunk)
                left = None if left is None else left - len(chunk)
    except OSError as error:
        return f"cannot read it: {error.strerror or error}"
    if left or (content_hash is not None and digest.hexdigest() != content_hash):
        return "the file changed since it was imported"
    return log


def played_hands(records: Iterable[Record],
                 ) -> Iterator[tuple[SessionStart | None, Hand, HandReport] | SkippedHand]:
    """Each hand of ``records`` in order, with its session header and the engine's report
    of it, and each hand the engine skips (another game, a hand not played)."""
    auditor = Auditor()
    session: SessionStart | None = None
    for record in records:
        if isinstance(record, SessionStart):
            session = record
        for report in auditor.feed(record):
            if isinstance(report, HandReport) and isinstance(record, Hand):
                yield session, record, report
            elif isinstance(report, SkippedHand):
                yield report


def replayed_hands(records: Iterable[Record]) -> Iterator[tuple[SessionStart | None, Hand,
                                                                    HandReport]]:
    """Each hand of ``records`` with its session header and the engine's report of it."""
    return (item for item in played_hands(records) if not isinstance(item, SkippedHand))


def hand_texts(source: str, hand_id: str, line: int, content_hash: str | None,
               size: int | None = None) -> HandText:
    """The hand stored as ``hand_id`` at ``line`` of ``source`` in the three forms;
    ``content_hash``: the SHA-256 of the file's first ``size`` bytes at its import (None:
    not recorded; the whole file)."""
    log = imported_log(source, content_hash, size)
    if isinstance(log, str):
        error = HandTextError(f"{source}: {log}")
        return HandText(error, error, error)
    found = next(((session, hand, report) for session, hand, report
                  in replayed_hands(read_records(log))
                  if hand.hand_id == hand_id and report.line == line), None)
    if found is None:
        error = HandTextError(f"{source} has no hand {hand_id} at line {line}")
        return HandText(error, error, error)
    session, hand, report = found
    return HandText(_original(source, log, hand, session), _house(session, hand, report),
                    _phh(hand, report))


def _original(source: str, log: Log, hand: Hand,
              session: SessionStart | None) -> str | HandTextError:
    """The hand's lines as the log writes them (see the module's docstring), checked by
    reading them back: the text must read alone as this hand."""
    records = [(record.line, isinstance(record, Hand)) for record in read_records(log)
               if not isinstance(record, ParseError)]
    line = hand.line
    after = min((start for start, _ in records if start > line), default=None)
    session_line = session.line if session is not None and session.line else line
    first_hand = min((start for start, is_hand in records
                      if is_hand and start >= min(session_line, line)), default=line)
    header: list[str] = []
    lines: list[str] = []
    before: list[str] = []   # the last line not blank before the session's first hand
    with open_log(log) as read:
        for number, text in enumerate(read, 1):
            if after is not None and number >= after:
                break
            if number < first_hand:
                before = [text] if text.strip() else before
                header += [text] if number >= session_line else []
            elif number >= line:
                lines.append(text)
    while lines and not lines[-1].strip():
        lines.pop()
    # A log may write its session's header apart from the hands (a house log's seats),
    # or its table's description on the line before its first hand (Merge's).
    for prefix in (header, before):
        text = "\n".join([*prefix, *lines]) + "\n"
        if _reads_as(text, hand.hand_id):
            return text
    return HandTextError(f"{source}:{line}: the hand's lines do not read alone as "
                         f"{HandId.parse(hand.site, hand.hand_id).named}")


def _reads_as(text: str, hand_id: str) -> bool:
    """Whether ``text`` reads as the one hand ``hand_id``, without an error."""
    records = list(read_records(io.StringIO(text)))
    hands = [record for record in records if isinstance(record, Hand)]
    return (len(hands) == 1 and hands[0].hand_id == hand_id
            and not any(isinstance(record, ParseError) for record in records))


def with_result(hand: Hand, report: HandReport) -> Hand:
    """``hand`` with what the engine paid each winner, where its log states no result: PHH
    writes none (the rules settle the pot), and a house log must (``Ana wins 28``), or it
    would not read back. A hand whose log states a result is left as it is."""
    if any(isinstance(event, Award) for event in hand.events):
        return hand
    awards = [Award(player=name, amount=result.won, line=hand.events[-1].line if hand.events
                    else hand.line)
              for name, result in report.players.items() if result.won > 0]
    return dataclasses.replace(hand, events=[*hand.events, *awards])


def _house(session: SessionStart | None, hand: Hand, report: HandReport,
           ) -> str | HandTextError:
    from badugi_hh.writer import house_log

    text, count, failures = house_log([(session, with_result(hand, report))])
    return text if count else HandTextError("; ".join(failures) or "not written")


def _phh(hand: Hand, report: HandReport) -> str | HandTextError:
    from badugi_hh.phh_writer import phh_fields, phh_text

    try:
        return phh_text(phh_fields(hand, report))
    except ValueError as error:
        return HandTextError(f"PHH cannot say {HandId.parse(hand.site, hand.hand_id).named}: "
                             f"{error}")
