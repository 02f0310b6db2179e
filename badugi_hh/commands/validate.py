"""Replay logs under the rules and list every violation as file:line: [RULE] message.

Folders are searched for the logs and archives PATH below names, and archives are
read member by member, as `import` does, and each file gets the verdict `import` gives it: hands of games not
audited are counted as skipped, by game; a path that cannot be read (missing, not a
regular file, no permission, a folder without logs) is named. Its sessions are those
that hold a hand audited, as `import` and `stats` count them: a session whose every
hand was skipped (a hand cancelled before any action) is not one.

Exit status: 0 when every hand is clean, 1 when a rule is broken, 2 when some
input cannot be read (a path as above, a binary file, a hand with a syntax error),
3 when a log could not be read for an internal error (a bug: the message names the
log, and the other logs are validated).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from badugi_hh.collector import paced_for_reading
from badugi_hh.engine import HandReport, SessionReport, Violation, audit
from badugi_hh.errors import internal_error
from badugi_hh.events import ParseError, SkippedHand
from badugi_hh.parsers import read_records
from badugi_hh.progress import Progress
from badugi_hh.sources import (
    FOUND_IN_FOLDERS, Log, Unreadable, find_logs, size_of, unreadable_file,
)
from badugi_hh.textsafe import printable

EXIT_CLEAN, EXIT_VIOLATIONS, EXIT_UNREADABLE, EXIT_INTERNAL = 0, 1, 2, 3


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="+", type=Path, metavar="PATH",
                        help="log files or archives, or folders to search for "
                             f"{FOUND_IN_FOLDERS}")
    parser.add_argument("--json", action="store_true",
                        help="print one JSON object per file instead of text")


@dataclass
class FileAudit:
    """What validating one file found."""

    path: str
    hands: int = 0
    sessions: int = 0
    violations: list[Violation] = field(default_factory=list)
    errors: list[ParseError] = field(default_factory=list)
    skipped: Counter[str] = field(default_factory=Counter)
    """Hands of games not audited, by game."""
    notes: list[tuple[int, str]] = field(default_factory=list)
    """What the audit could not judge, at its line: information, not violations."""

    def as_json(self) -> dict[str, object]:
        return {
            "file": self.path, "hands": self.hands, "sessions": self.sessions,
            "skipped": dict(self.skipped.most_common()),
            "notes": [{"line": line, "message": note} for line, note in self.notes],
            "violations": [{"rule": v.rule, "line": v.line, "hand": v.hand_id,
                            "message": v.message} for v in self.violations],
            "errors": [{"line": e.line, "column": e.column, "message": e.message}
                       for e in self.errors],
        }


def validate_file(path: Log, progress: Progress | None = None) -> FileAudit:
    """Parse and replay one file (or archive member); unreadable parts become
    :class:`ParseError`."""
    result = FileAudit(str(path))
    with path.open("rb") as stream:   # named as the path (or ARCHIVE!MEMBER)
        read = 0
        for item in audit(read_records(stream)):
            if isinstance(item, HandReport):
                result.hands += 1
                result.violations.extend(item.violations)
                result.notes.extend((item.line, note) for note in item.notes)
                if progress:
                    progress.advance()
                    progress.advance_bytes(stream.tell() - read)
                    read = stream.tell()
            else:
                _count_other(result, item)
        if progress:
            progress.advance_bytes(stream.tell() - read)
    result.violations.sort(key=lambda v: v.line)
    return result


def _count_other(result: FileAudit, item: SessionReport | SkippedHand | ParseError) -> None:
    """A session's report, a hand not audited, or text that cannot be read."""
    if isinstance(item, SessionReport):
        # counted as import and stats count them (docs/schema.md): a session whose every
        # hand was skipped (a hand cancelled before any action) holds no hand audited
        result.sessions += item.hands > 0
        result.violations.extend(item.violations)
    elif isinstance(item, SkippedHand):
        result.skipped[item.game] += 1
    else:
        result.errors.append(item)


def run(args: argparse.Namespace) -> int:
    status = EXIT_CLEAN
    found = list(find_logs(args.paths))
    progress = Progress("hand", stream=sys.stderr, total_bytes=sum(
        size_of(item) for item in found if not isinstance(item, Unreadable)))
    for item in found:
        result = item if isinstance(item, Unreadable) else _validated(item, progress)
        progress.clear()   # before any output, or the counter runs into it
        if isinstance(result, FileAudit):
            status = max(status, _status(result))
            if args.json:
                print(json.dumps(result.as_json(), ensure_ascii=False))
            else:
                _print_text(result)
        else:
            print(printable(str(result)), file=sys.stderr)
            status = max(status, EXIT_UNREADABLE if isinstance(result, Unreadable)
                         else EXIT_INTERNAL)
    progress.close()
    return status


def _validated(path: Log, progress: Progress) -> FileAudit | Unreadable | str:
    """The file's audit; what made it unreadable; or the bug that stopped its reading
    (``internal error in FILE: ...``): the other files are validated all the same."""
    try:
        with paced_for_reading():
            return validate_file(path, progress)
    except OSError as error:   # removed or made unreadable since it was found
        return unreadable_file(path, error)
    except Exception as error:   # a bug in a reader or the engine: this file only
        return internal_error(str(path), error)


def _status(result: FileAudit) -> int:
    if result.errors:
        return EXIT_UNREADABLE
    return EXIT_VIOLATIONS if result.violations else EXIT_CLEAN


def _print_text(result: FileAudit) -> None:
    for error in result.errors:
        _say(f"{error.source}:{error.line}:{error.column}: [PARSE] {error.message}")
    for violation in result.violations:
        _say(str(violation))
    for line, note in result.notes:
        _say(f"{result.path}:{line}: (note) {note}")
    lost = sum(error.hand_lost for error in result.errors)
    if not (result.hands or result.skipped or lost):   # no hand was lost either
        # a session with no hand is said once, by its violation (N1), never as a count
        # of sessions that holds none (sessions are those holding a hand, as import's)
        found = f": {_count(len(result.violations), 'violation')}" if result.violations else ""
        _say(f"{result.path}: holds no hand{found}")
        return
    hands_lost = f" ({_count(lost, 'hand')} lost)" if lost else ""
    verdict = "clean" if not (result.violations or result.errors) else (
        f"{_count(len(result.violations), 'violation')}, "
        f"{_count(len(result.errors), 'unreadable line')}{hands_lost}")
    skipped = f"; {not_audited(result.skipped)}" if result.skipped else ""
    _say(f"{result.path}: {_count(result.hands, 'hand')} in "
         f"{_count(result.sessions, 'session')}: {verdict}{skipped}")


def _say(line: str) -> None:
    """Print a line of the report, escaped: a name or a log's text may hold ESC
    sequences that would drive the terminal (badugi_hh.textsafe)."""
    print(printable(line))


def not_audited(skipped: Counter[str]) -> str:
    """``74 hands not audited: 31 Razz, 22 Stud`` (other games, or hands not played).

    >>> not_audited(Counter({"Razz": 5, "2-7 Triple Draw (cancelled)": 2}))
    '7 hands not audited: 5 Razz, 2 2-7 Triple Draw (cancelled)'
    >>> not_audited(Counter())
    ''
    """
    if not skipped:
        return ""
    games = ", ".join(f"{count:,} {game}" for game, count in skipped.most_common())
    return f"{_count(skipped.total(), 'hand')} not audited: {games}"


def _count(number: int, thing: str) -> str:
    """``1 hand``, ``2 hands``.

    >>> _count(1, "session"), _count(0, "unreadable hand")
    ('1 session', '0 unreadable hands')
    """
    return f"{number:,} {thing}{'' if number == 1 else 's'}"
