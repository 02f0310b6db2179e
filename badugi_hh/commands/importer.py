"""Import logs into the DuckDB database, replaying every hand under the rules.

    badugi-hh import logs/ friday.txt --db club.duckdb

Folders are searched for *.txt and *.log files. Every hand is stored with its
actions, draws, showdown, pots and violations; text that cannot be read is
kept verbatim in the quarantine table. Importing is idempotent: a file
imported before and unchanged is skipped, an appended file adds only its new
hands. Each batch of hands is committed at once, so an interrupted import
leaves the database consistent and running it again finishes the job.
--jobs N parses and audits N files at a time in other processes (a folder of
many logs imports faster; one file is read by one process).

Each file with text that could not be read is listed with its first error,
as file:line:column: message. Exit status: 0 when every path was read, 2 when
a path cannot be read or the files read hold no readable hand (nothing could
be stored), 1 when the database cannot be opened (another import holding it,
say), 130 when interrupted.
"""

from __future__ import annotations

import argparse
import sys
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from badugi_hh.commands import LOCK_WAIT_SECONDS, at_least_one, counted
from badugi_hh.commands.sql import add_db_argument
from badugi_hh.progress import Progress

if TYPE_CHECKING:
    import duckdb

    from badugi_hh.store import ImportSummary

EXIT_OK, EXIT_DATABASE, EXIT_UNREADABLE, EXIT_INTERRUPTED = 0, 1, 2, 130


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.add_argument("paths", nargs="+", type=Path, metavar="PATH",
                        help="log files, or folders to search for *.txt and *.log")
    add_db_argument(parser)
    parser.add_argument("--jobs", type=at_least_one, default=1, metavar="N",
                        help="parse and audit in N processes, one file each at a time "
                             "(default 1); this one writes")
    parser.add_argument("--wait", type=float, default=LOCK_WAIT_SECONDS, metavar="SECONDS",
                        help="how long to wait for another process using the database "
                             f"(default {LOCK_WAIT_SECONDS:g})")


def run(args: argparse.Namespace) -> int:
    from badugi_hh.store import Store, StoreError

    progress = Progress("hand", stream=sys.stderr)
    started = datetime.now()
    try:
        with Store(args.db, wait=args.wait) as store:
            summary = store.import_paths(args.paths, progress.advance, jobs=args.jobs)
            quarantined = first_errors(store.connection, started)
    except StoreError as error:
        print(f"badugi-hh import: {error}", file=sys.stderr)
        return EXIT_DATABASE
    except KeyboardInterrupt:
        progress.close()
        print(f"badugi-hh import: interrupted; the {counted(progress.count, 'hand')} "
              "committed so far are kept, and running the same import again finishes the job",
              file=sys.stderr)
        return EXIT_INTERRUPTED
    progress.close()
    for problem in summary.unreadable:
        print(f"badugi-hh import: cannot read {problem}", file=sys.stderr)
    for error in quarantined:
        print(f"badugi-hh import: quarantined {error}", file=sys.stderr)
    print(f"{summary_line(summary)} into {args.db}")
    if summary.files > summary.unchanged and not summary.hands:
        print(f"badugi-hh import: no readable hand in the {counted(summary.files, 'file')} "
              "read: nothing was stored", file=sys.stderr)
        return EXIT_UNREADABLE
    return EXIT_UNREADABLE if summary.unreadable else EXIT_OK


#: The first unreadable text of each file the import has just read, and how many more.
_FIRST_ERRORS = """
    SELECT q.source, q.line, q.column_number, q.error, count(*) OVER (PARTITION BY q.source)
    FROM quarantine q JOIN sources s ON s.path = q.source
    WHERE s.imported_at >= ?
    QUALIFY row_number() OVER (PARTITION BY q.source ORDER BY q.line) = 1
    ORDER BY q.source"""


def first_errors(con: duckdb.DuckDBPyConnection, since: datetime) -> list[str]:
    """``file:line:column: message (and 2 more)`` for each file imported since ``since``
    that holds quarantined text."""
    return [f"{source}:{line}:{column}: {error}"
            + (f" (and {count - 1:,} more)" if count > 1 else "")
            for source, line, column, error, count in con.execute(_FIRST_ERRORS, [since])
            .fetchall()]


def summary_line(summary: ImportSummary) -> str:
    """What the import did, in one line.

    >>> from badugi_hh.store import ImportSummary
    >>> print(summary_line(ImportSummary(files=1, hands=1, new_hands=1, sessions=1,
    ...                                  seconds=0.5)))
    1 file read: 1 hand, 1 new, 1 session, 0 new violations, 0 quarantined in 0.50 s (2 hands/s)
    """
    unchanged = f" ({summary.unchanged:,} unchanged, skipped)" if summary.unchanged else ""
    skipped = (f", {counted(summary.skipped, 'hand')} not audited"
               if summary.skipped else "")
    return (f"{counted(summary.files, 'file')} read{unchanged}: "
            f"{counted(summary.hands, 'hand')}, {summary.new_hands:,} new, "
            f"{counted(summary.sessions, 'session')}, "
            f"{counted(summary.violations, 'new violation')}, "
            f"{summary.quarantined:,} quarantined{skipped} in {summary.seconds:.2f} s "
            f"({summary.hands_per_second:,.0f} hands/s)")
