"""Import logs into the DuckDB database, replaying every hand under the rules.

    badugi-hh import logs/ friday.txt --db club.duckdb

Folders are searched for the logs and archives PATH below names; an archive is
read in place, each log inside it a log of its own named ARCHIVE!MEMBER
(archive.zip!march/table.txt), and such a name may be given too (not into a
dataset: unpack the archive for --out). Every hand is
stored with its actions, draws, showdown, pots and violations; text that cannot be
read is kept verbatim in the quarantine table. A hand is its site and the site's
hand number (a house hand: its session and number): met again in another file (a
re-download, a copy, two exports that overlap) it is stored once, and every file it
was read in is listed in the hand_sources table; a copy whose content differs from
the stored one is reported under T5. Importing is idempotent: a file imported before
and unchanged is skipped, an appended file adds only its new hands. Each batch of
hands is committed at once, so an interrupted import leaves the database consistent
and running it again finishes the job. --jobs N parses and audits N files at a time
in other processes (a folder of many logs imports faster; a house log or a site's
text export over 4 MB is read in parts, cut before a session's or a hand's header,
by all of them).

Times are kept as each log states them and in UTC (hands.started_utc): a site's logs
are read in its zone (PokerStars, Full Tilt, KingsClub and Merge: US Eastern time;
Winamax: UTC), house logs in the zone --tz names (default: this machine's), which is
recorded with each hand.

--out DATASET/ writes a dataset instead: the same tables as Hive-partitioned
Parquet (by site and month) with a manifest of the logs imported, which any
tool reading Parquet can use and `stats`, `sql` and `dashboard` read with
--data DATASET/. --cluster local[:N] runs it on N worker processes of a Dask
cluster on this machine, --cluster tcp://HOST:PORT on a running Dask scheduler,
whose workers read the logs themselves (paths they see, or fsspec URLs such as
s3://bucket/logs/) and write into DATASET/ (a folder they all see). Needs
pip install 'badugi-hh[cluster]'. A log already in the dataset is skipped; a
run that stopped is finished by running it again. docs/scale.md says more.

Each file with text that could not be read is listed with its first error, as
file:line:column: message, and hands of games not audited are counted by game, as
`validate` counts them. Exit status: 0 when every path was read; 2 when a path
cannot be read (missing, not a regular file, no permission, a folder without logs)
or a file read holds no readable hand; 1 when the database or dataset cannot be
opened or written (another import holding it, a DuckDB file of another program)
or the cluster cannot be reached; 3 when a log could not be read for an internal
error (a bug: the message names the log, and the other logs are imported); 130
when interrupted.
"""

from __future__ import annotations

import argparse
import os
import sys
from datetime import datetime
from typing import TYPE_CHECKING

from badugi_hh.commands import LOCK_WAIT_SECONDS, at_least_one
from badugi_hh.commands.sql import add_db_argument
from badugi_hh.progress import Progress
from badugi_hh.sources import FOUND_IN_FOLDERS
from badugi_hh.textsafe import printable
from badugi_hh.wording import counted

if TYPE_CHECKING:
    import duckdb

    from badugi_hh.store import ImportSummary

EXIT_OK, EXIT_DATABASE, EXIT_UNREADABLE, EXIT_INTERNAL, EXIT_INTERRUPTED = 0, 1, 2, 3, 130


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    # kept as typed: a Path would make s3://bucket/x into s3:/bucket/x
    parser.add_argument("paths", nargs="+", metavar="PATH",
                        help="log files or archives, or folders to search for "
                             f"{FOUND_IN_FOLDERS}; with --out, also fsspec URLs such as "
                             "s3://bucket/logs/")
    add_db_argument(parser)
    parser.add_argument("--jobs", type=at_least_one, default=1, metavar="N",
                        help="parse and audit in N processes, a file (or a part of a "
                             "large log) each at a time (default 1); this one writes")
    parser.add_argument("--out", metavar="DATASET",
                        help="write a Parquet dataset in this folder instead of --db "
                             "(made if missing)")
    parser.add_argument("--cluster", metavar="SPEC", type=cluster_spec,
                        help="with --out: run on Dask, local (a worker per core), local:N, "
                             "or tcp://HOST:PORT of a scheduler")
    parser.add_argument("--tz", type=time_zone, metavar="ZONE",
                        help="the time zone of house logs' times, an IANA name such as "
                             "Europe/Paris (default: this machine's); sites' logs are "
                             "read in their own zone")
    parser.add_argument("--timings", action="store_true",
                        help="print where the time went (one line, on stderr): the work of "
                             "one process alone, and the parallel work")
    parser.add_argument("--wait", type=float, default=LOCK_WAIT_SECONDS, metavar="SECONDS",
                        help="how long to wait for another process using the database "
                             "or writing into the dataset "
                             f"(default {LOCK_WAIT_SECONDS:g})")


def time_zone(text: str) -> str:
    """The ``--tz`` argument, checked as the command line is read."""
    from badugi_hh.rows.clock import check_zone

    try:
        return check_zone(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


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
    if nothing_to_import(args.paths):
        return EXIT_UNREADABLE
    if args.out is not None:
        return run_dataset(args)
    from badugi_hh.without_pandas import arrow_without_pandas

    arrow_without_pandas()   # an import into a database hands PyArrow no pandas object
    from badugi_hh.store import Store, StoreError

    progress = progress_bar(args.paths)
    started = datetime.now()
    try:
        with Store(args.db, wait=args.wait) as store:
            summary = store.import_paths(args.paths, progress.advance, jobs=args.jobs,
                                         zone=args.tz, read_bytes=progress.advance_bytes)
            quarantined = first_errors(store.connection, started)
            made_for_nothing = store.made_for_nothing()
        if made_for_nothing:
            store.remove_files()
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
    tell_problems(summary, quarantined, database_kept=not made_for_nothing)
    if args.timings:
        print(f"timings: planning={summary.planning_seconds:.3f} "
              f"commit={summary.commit_seconds:.3f} total={summary.seconds:.3f}",
              file=sys.stderr)
    where = (f"; no hand stored, so no database was made at {printable(args.db)}"
             if made_for_nothing else f" into {printable(args.db)}")
    print(f"{summary_line(summary)}{where}")
    return exit_status(summary)


def progress_bar(paths: list[str], label: str = "") -> Progress:
    """The bar over the bytes of the logs named by ``paths`` (URLs' not counted),
    on standard error when it is a terminal; the logs are listed only then."""
    if not sys.stderr.isatty():
        return Progress("hand", stream=sys.stderr)
    from badugi_hh.sources import Unreadable, find_logs, size_of

    local = [path for path in paths if "://" not in path]
    return Progress("hand", stream=sys.stderr, label=label, total_bytes=sum(
        size_of(found) for found in find_logs(local) if not isinstance(found, Unreadable)))


def nothing_to_import(paths: list[str]) -> bool:
    """Whether no path names a log (all missing, unreadable, folders without logs): then
    they are named, and no database or dataset is made for nothing."""
    from badugi_hh.sources import Unreadable, find_logs

    if any("://" in path for path in paths):   # a URL's logs are listed where they lie
        return False
    found = list(find_logs(paths))
    if any(not isinstance(item, Unreadable) for item in found):
        return False
    for problem in found:
        _warn(str(problem))
    return True


def tell_problems(summary: ImportSummary, quarantined: list[str],
                  failures: list[str] | None = None, *, database_kept: bool = True,
                  command: str = "import") -> None:
    """Every path that could not be read, every file that gave nothing or stopped on a
    bug, the first unreadable text of each file, and the copies that differ, each
    line headed by the ``command`` that says it (``watch`` says its first import's)."""
    def say(message: str) -> None:
        _warn_as(command, message)

    for problem in summary.unreadable:
        say(problem)
    for failure in summary.failures if failures is None else failures:
        say(f"{failure} (a bug, please report it; the other logs were imported)")
    for error in quarantined:
        say(f"quarantined {error}")
    for path in summary.no_hands:
        say(f"{path}: {NO_HANDS_STORED if database_kept else NOTHING_STORED}")
    for conflict in summary.conflicts[:_CONFLICTS_SHOWN]:
        say(f"[T5] {conflict}")
    if summary.older_audit_gone:
        say(older_audit_gone(summary.older_audit_gone))
    if (more := len(summary.conflicts) - _CONFLICTS_SHOWN) > 0:
        copies = "copy that differs" if more == 1 else "copies that differ"
        say(f"[T5] and {more:,} more {copies} from the hand stored (the violations table "
            "lists them)")


#: What an import says of a file that held no readable hand: it says, too, that the
#: file's text was kept (a file read is never copied into the database silently).
NO_HANDS_STORED = "no readable hand was stored from it; its unreadable text is kept in quarantine"
#: The same, where the import stored no hand at all and so made no database.
NOTHING_STORED = "no readable hand: nothing was stored from it"
#: Copies differing from their hand that an import names one by one.
_CONFLICTS_SHOWN = 5


def older_audit_gone(files: int) -> str:
    """What an import says of the stored files an older audit judged that it cannot
    read again, once.

    >>> older_audit_gone(1)
    '1 stored file judged by an older audit cannot be read again (not found at its path): its violations may be out of date; put it back and run `badugi-hh import PATH`, or import the logs into a new database (`badugi-hh import LOGS --db NEW.duckdb`)'
    """
    one = files == 1
    return (f"{counted(files, 'stored file')} judged by an older audit cannot be read again "
            f"(not found at {'its path' if one else 'their paths'}): "
            f"{'its' if one else 'their'} violations may be out of date; put "
            f"{'it' if one else 'each'} back and run `badugi-hh import PATH`, or import the "
            "logs into a new database (`badugi-hh import LOGS --db NEW.duckdb`)")


def _warn(message: str) -> None:
    _warn_as("import", message)


def _warn_as(command: str, message: str) -> None:
    print(f"badugi-hh {command}: {printable(message)}", file=sys.stderr)


def exit_status(summary: ImportSummary, failed: bool = False) -> int:
    """3 when a log stopped on a bug; 2 when a path could not be read or a file read held
    no readable hand; else 0 (the module's docstring)."""
    if failed or summary.failures:
        return EXIT_INTERNAL
    return EXIT_UNREADABLE if summary.unreadable or summary.no_hands else EXIT_OK


def run_dataset(args: argparse.Namespace) -> int:
    """``import --out DATASET/``, here or on a cluster."""
    from badugi_hh.dataset import ClusterError, DatasetBusy, import_to_dataset
    from badugi_hh.store import StoreError

    if (why := dataset_is_a_file(args.out)) is not None:
        print(f"badugi-hh import: {why}", file=sys.stderr)
        return EXIT_DATABASE
    progress = progress_bar(args.paths)
    try:
        done = import_to_dataset(args.paths, args.out, args.cluster, progress.advance,
                                 wait=args.wait, zone=args.tz,
                                 read_bytes=progress.advance_bytes)
    except (ClusterError, DatasetBusy, StoreError) as error:   # StoreError: damaged
        progress.close()
        print(f"badugi-hh import: {error}", file=sys.stderr)
        return EXIT_DATABASE
    except OSError as error:   # not a folder, no permission, a full disk...
        progress.close()
        print(f"badugi-hh import: {dataset_unwritable(args.out, error)}", file=sys.stderr)
        return EXIT_DATABASE
    except KeyboardInterrupt:
        progress.close()
        print("badugi-hh import: interrupted; the logs written so far are kept, and "
              "running the same import again finishes the job", file=sys.stderr)
        return EXIT_INTERRUPTED
    progress.close()
    summary = done.summary
    tell_problems(summary, done.quarantined, done.failures)
    if args.timings:
        print(f"timings: {done.timings}", file=sys.stderr)
    for problem in done.unwritable:
        _warn(f"cannot write into the dataset: {problem}")
    print(f"{summary_line(summary)} into {printable(args.out)}")
    if done.compacted is not None and done.compacted.logs:
        compacted = done.compacted
        print(f"compacted {counted(compacted.logs, 'log')}: {compacted.files_before:,} files "
              f"into {compacted.files_after:,} in {compacted.seconds:.2f} s")
    if done.unwritable and not done.failures:
        return EXIT_DATABASE
    return exit_status(summary, failed=bool(done.failures))


#: The first unreadable text of each file the import has just read, and how many more.
_FIRST_ERRORS = """
    SELECT q.source, q.line, q.column_number, q.error, count(*) OVER (PARTITION BY q.source)
    FROM quarantine q JOIN sources s ON s.path = q.source
    WHERE s.imported_at >= ?
    QUALIFY row_number() OVER (PARTITION BY q.source ORDER BY q.line) = 1
    ORDER BY q.source"""


def dataset_is_a_file(out: str) -> str | None:
    """Why a dataset cannot be written at ``out`` before trying: a file is there (a
    database named by mistake). ``import --out`` and ``watch --data`` say it alike."""
    if os.path.exists(out) and not os.path.isdir(out):
        return f"cannot write the dataset at {out}: it is a file, not a folder"
    return None


def dataset_unwritable(out: str, error: OSError) -> str:
    """Why writing a dataset at ``out`` failed (a file on its path, no permission...)."""
    return (f"cannot write the dataset at {out}: {error.strerror or error}: "
            f"{error.filename or out}")


def first_errors(con: duckdb.DuckDBPyConnection, since: datetime) -> list[str]:
    """``file:line:column: message (and 2 more)`` for each file imported since ``since``
    that holds quarantined text."""
    return [f"{source}:{line}:{column}: {error}"
            + (f" (and {count - 1:,} more)" if count > 1 else "")
            for source, line, column, error, count in con.execute(_FIRST_ERRORS, [since])
            .fetchall()]


def removed_hands(summary: ImportSummary) -> str:
    """The clause that says how many hands a rewritten file no longer holds (removed:
    no file holds them now); ``''`` when none. ``import`` and ``watch`` both say it.

    >>> from badugi_hh.store import ImportSummary
    >>> removed_hands(ImportSummary(removed_hands=5)), removed_hands(ImportSummary())
    (', 5 hands no longer in a rewritten file removed', '')
    """
    if not summary.removed_hands:
        return ""
    return f", {counted(summary.removed_hands, 'hand')} no longer in a rewritten file removed"


def summary_line(summary: ImportSummary) -> str:
    """What the import did, in one line.

    >>> from badugi_hh.store import ImportSummary
    >>> print(summary_line(ImportSummary(files=1, hands=1, new_hands=1, sessions=1,
    ...                                  seconds=0.5)))
    1 file read: 1 hand, 1 new, 1 session, 0 new violations, 0 quarantined in 0.50 s (2 hands/s)
    """
    from badugi_hh.commands.validate import not_audited   # the engine: not for --help

    unchanged = f" ({summary.unchanged:,} unchanged, skipped)" if summary.unchanged else ""
    if summary.reaudited:
        unchanged += f" ({summary.reaudited:,} judged again by today's rules)"
    skipped = f", {not_audited(summary.skipped_by_game)}" if summary.skipped else ""
    if summary.summaries:
        summaries = "summary" if summary.summaries == 1 else "summaries"
        skipped += f", {summary.summaries:,} tournament {summaries}"
    if summary.unreadable:   # each named on its own line: counted here too
        skipped += f", {counted(len(summary.unreadable), 'path')} not read"
    return (f"{counted(summary.files, 'file')} read{unchanged}: "
            f"{counted(summary.hands, 'hand')}, {summary.new_hands:,} new"
            f"{removed_hands(summary)}, "
            f"{counted(summary.sessions, 'session')}, "
            f"{counted(summary.violations, 'new violation')}, "
            f"{summary.quarantined:,} quarantined{skipped} in {summary.seconds:.2f} s "
            f"({summary.hands_per_second:,.0f} hands/s)")
