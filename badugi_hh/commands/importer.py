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

--out DATASET/ writes a dataset instead: the same tables as Hive-partitioned
Parquet (by site and month) with a manifest of the logs imported, which any
tool reading Parquet can use and `stats`, `sql` and `dashboard` read with
--data DATASET/. --cluster local[:N] runs it on N worker processes of a Dask
cluster on this machine, --cluster tcp://HOST:PORT on a running Dask scheduler,
whose workers read the logs themselves (paths they see, or fsspec URLs such as
s3://bucket/logs/) and write into DATASET/ (a folder they all see). Needs
pip install 'badugi-hh[cluster]'. A log already in the dataset is skipped; a
run that stopped is finished by running it again. docs/scale.md says more.

Each file with text that could not be read is listed with its first error,
as file:line:column: message. Exit status: 0 when every path was read, 2 when
a path cannot be read or the files read hold no readable hand (nothing could
be stored), 1 when the database or dataset cannot be opened or written (another
import holding it, say) or the cluster cannot be reached, 3 when a log could not be imported for
an internal error (a bug: the message says which log), 130 when interrupted.
"""

from __future__ import annotations

import argparse
import os
import sys
from datetime import datetime
from typing import TYPE_CHECKING

from badugi_hh.commands import LOCK_WAIT_SECONDS, at_least_one, counted
from badugi_hh.commands.sql import add_db_argument
from badugi_hh.progress import Progress

if TYPE_CHECKING:
    import duckdb

    from badugi_hh.store import ImportSummary

EXIT_OK, EXIT_DATABASE, EXIT_UNREADABLE, EXIT_INTERNAL, EXIT_INTERRUPTED = 0, 1, 2, 3, 130


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    # kept as typed: a Path would make s3://bucket/x into s3:/bucket/x
    parser.add_argument("paths", nargs="+", metavar="PATH",
                        help="log files, or folders to search for *.txt and *.log "
                             "(with --out, also fsspec URLs such as s3://bucket/logs/)")
    add_db_argument(parser)
    parser.add_argument("--jobs", type=at_least_one, default=1, metavar="N",
                        help="parse and audit in N processes, one file each at a time "
                             "(default 1); this one writes")
    parser.add_argument("--out", metavar="DATASET",
                        help="write a Parquet dataset in this folder instead of --db "
                             "(made if missing)")
    parser.add_argument("--cluster", metavar="SPEC", type=cluster_spec,
                        help="with --out: run on Dask, local (a worker per core), local:N, "
                             "or tcp://HOST:PORT of a scheduler")
    parser.add_argument("--wait", type=float, default=LOCK_WAIT_SECONDS, metavar="SECONDS",
                        help="how long to wait for another process using the database "
                             "or writing into the dataset "
                             f"(default {LOCK_WAIT_SECONDS:g})")


def cluster_spec(text: str) -> object:
    """The ``--cluster`` argument, checked as the command line is read."""
    from badugi_hh.dataset.cluster import ClusterSpec

    try:
        return ClusterSpec.parse(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def run(args: argparse.Namespace) -> int:
    if args.cluster is not None and args.out is None:
        print("badugi-hh import: --cluster writes a dataset: give --out DATASET/",
              file=sys.stderr)
        return EXIT_UNREADABLE
    if args.out is not None and args.jobs > 1:
        print("badugi-hh import: --jobs is for --db; with --out, give --cluster local:N",
              file=sys.stderr)
        return EXIT_UNREADABLE
    if args.out is not None:
        return run_dataset(args)
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
    return _unreadable_status(summary)


def _unreadable_status(summary: ImportSummary) -> int:
    """2 when a path could not be read or no file read held a hand, else 0."""
    if summary.files > summary.unchanged and not summary.hands:
        print(f"badugi-hh import: no readable hand in the {counted(summary.files, 'file')} "
              "read: nothing was stored", file=sys.stderr)
        return EXIT_UNREADABLE
    return EXIT_UNREADABLE if summary.unreadable else EXIT_OK


def run_dataset(args: argparse.Namespace) -> int:
    """``import --out DATASET/``, here or on a cluster."""
    from badugi_hh.dataset import ClusterError, DatasetBusy, import_to_dataset
    from badugi_hh.store import StoreError

    if os.path.exists(args.out) and not os.path.isdir(args.out):
        print(f"badugi-hh import: cannot write the dataset at {args.out}: it is a file, "
              "not a folder", file=sys.stderr)
        return EXIT_DATABASE
    progress = Progress("hand", stream=sys.stderr)
    try:
        done = import_to_dataset(args.paths, args.out, args.cluster, progress.advance,
                                 wait=args.wait)
    except (ClusterError, DatasetBusy, StoreError) as error:   # StoreError: damaged
        progress.close()
        print(f"badugi-hh import: {error}", file=sys.stderr)
        return EXIT_DATABASE
    except OSError as error:   # not a folder, no permission, a full disk...
        progress.close()
        print(f"badugi-hh import: cannot write the dataset at {args.out}: "
              f"{error.strerror or error}: {error.filename or args.out}", file=sys.stderr)
        return EXIT_DATABASE
    except KeyboardInterrupt:
        progress.close()
        print("badugi-hh import: interrupted; the logs written so far are kept, and "
              "running the same import again finishes the job", file=sys.stderr)
        return EXIT_INTERRUPTED
    progress.close()
    summary = done.summary
    for problem in summary.unreadable:
        print(f"badugi-hh import: cannot read {problem}", file=sys.stderr)
    for error in done.quarantined:
        print(f"badugi-hh import: quarantined {error}", file=sys.stderr)
    for problem in done.unwritable:
        print(f"badugi-hh import: cannot write into the dataset: {problem}", file=sys.stderr)
    for failure in done.failures:
        print(f"badugi-hh import: internal error (a bug, please report it): {failure}",
              file=sys.stderr)
    print(f"{summary_line(summary)} into {args.out}")
    if done.compacted is not None and done.compacted.logs:
        compacted = done.compacted
        print(f"compacted {counted(compacted.logs, 'log')}: {compacted.files_before:,} files "
              f"into {compacted.files_after:,} in {compacted.seconds:.2f} s")
    if done.failures:
        return EXIT_INTERNAL
    if done.unwritable:
        return EXIT_DATABASE
    return _unreadable_status(summary)


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
