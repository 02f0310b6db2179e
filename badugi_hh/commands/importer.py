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

Exit status: 0 when every path was read, 2 when a path cannot be read, 1
when the database cannot be opened (another import holding it, say), 130
when interrupted.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from badugi_hh.commands import LOCK_WAIT_SECONDS
from badugi_hh.commands.sql import add_db_argument
from badugi_hh.progress import Progress

EXIT_OK, EXIT_DATABASE, EXIT_UNREADABLE, EXIT_INTERRUPTED = 0, 1, 2, 130


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.add_argument("paths", nargs="+", type=Path, metavar="PATH",
                        help="log files, or folders to search for *.txt and *.log")
    add_db_argument(parser)
    parser.add_argument("--jobs", type=int, default=1, metavar="N",
                        help="parse and audit in N processes, one file each at a time "
                             "(default 1); this one writes")
    parser.add_argument("--wait", type=float, default=LOCK_WAIT_SECONDS, metavar="SECONDS",
                        help="how long to wait for another process using the database "
                             f"(default {LOCK_WAIT_SECONDS:g})")


def run(args: argparse.Namespace) -> int:
    from badugi_hh.store import Store, StoreError

    progress = Progress("hands", stream=sys.stderr)
    try:
        with Store(args.db, wait=args.wait) as store:
            summary = store.import_paths(args.paths, progress.advance, jobs=args.jobs)
    except StoreError as error:
        print(f"badugi-hh import: {error}", file=sys.stderr)
        return EXIT_DATABASE
    except KeyboardInterrupt:
        progress.close()
        print(f"badugi-hh import: interrupted; the {progress.count:,} hands committed so far "
              "are kept, and running the same import again finishes the job", file=sys.stderr)
        return EXIT_INTERRUPTED
    progress.close()
    for problem in summary.unreadable:
        print(f"badugi-hh import: cannot read {problem}", file=sys.stderr)
    print(f"{summary} into {args.db}")
    return EXIT_UNREADABLE if summary.unreadable else EXIT_OK
