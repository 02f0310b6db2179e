"""Run a read-only SQL query on the database and print the result.

    badugi-hh sql "SELECT player, sum(net) AS net FROM hand_players GROUP BY player"
    badugi-hh sql "SELECT * FROM actions" --csv > actions.csv

docs/schema.md describes the tables. The command runs exactly one query:
SELECT (with WITH, FROM-first, VALUES, TABLE, DESCRIBE, SHOW, SUMMARIZE) or
EXPLAIN of one (not EXPLAIN ANALYZE, which runs what it explains), as DuckDB's
own parser classifies it, calling no table function but those that compute
rows or read the catalogue: nothing that writes. It runs on a DuckDB instance
of its own, with no access to files, URLs or extensions, no temporary directory
and its configuration locked: the database is attached read-only, or a
dataset's views (--data DATASET/) are made again, opening only its files.

The result streams: --csv and --json print every row as DuckDB fetches it, in
constant memory whatever its size (JSON as a list of one object per line); the
table prints the first 100 rows (--limit N) and says so when there are more.
Text in the table is escaped for the terminal; CSV and JSON keep it exact.
A query stops when DuckDB has spent --timeout seconds computing its rows (30;
the time taken to print them is not counted, so a large export is not cut
short), or when it needs more than --max-memory (1GB), with a message saying
which.

Exit status: 0; 1 when the query fails or the database cannot be opened; 2 when
the text is refused (no statement, several, one that is not a query, one
reaching outside, a text over 16,384 characters); 4 when the query is stopped
by its time or memory limit.
"""

from __future__ import annotations

import argparse
import itertools
import re
import sys
from collections.abc import Iterator
from contextlib import closing
from typing import TYPE_CHECKING

from badugi_hh.commands import (
    DEFAULT_DB, add_source_arguments, at_least_one, dataset_file_unreadable,
)
from badugi_hh.commands.sql_check import Refused, check_query
from badugi_hh.commands.sql_output import csv_cell, format_table, plain, write_result
from badugi_hh.textsafe import printable

if TYPE_CHECKING:
    import duckdb

    from badugi_hh.commands.query_clock import QueryClock

__all__ = ["JSON_ROWS", "Refused", "add_db_argument", "add_format_arguments", "check_query", "csv_cell",
           "format_table", "plain", "write_result"]

EXIT_FAILED, EXIT_REFUSED, EXIT_LIMIT = 1, 2, 4
#: Kept for callers of the first release: no statement is one kind of refusal.
EXIT_NO_STATEMENT = EXIT_REFUSED

#: Rows the table prints unless --limit says otherwise (it holds them to align them).
TABLE_ROWS = 100
#: Rows fetched from DuckDB at a time: memory holds one batch.
BATCH_ROWS = 2048
#: Batches between two releases of the blocks a scan cached (about 130,000 rows).
RELEASE_EVERY = 64
DEFAULT_TIMEOUT = 30.0
DEFAULT_MEMORY = "1GB"


def add_db_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--db", default=DEFAULT_DB, metavar="FILE",
                        help=f"the DuckDB database (default: {DEFAULT_DB} in this folder)")


#: What ``sql --json`` prints (and ``stats --by BY --json``).
JSON_ROWS = "a JSON list of one object per row"


def add_format_arguments(parser: argparse.ArgumentParser, json_shape: str) -> None:
    """``--json`` (which prints ``json_shape``, as the command's help says it) and
    ``--csv``."""
    formats = parser.add_mutually_exclusive_group()
    formats.add_argument("--json", dest="format", action="store_const", const="json",
                         help=f"print {json_shape}")
    formats.add_argument("--csv", dest="format", action="store_const", const="csv",
                         help="print CSV with a header line")
    parser.set_defaults(format="table")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.add_argument("query", metavar="SQL", help="one SQL query, e.g. a SELECT")
    add_source_arguments(parser)
    add_format_arguments(parser, JSON_ROWS)
    parser.add_argument("--limit", type=at_least_one, metavar="N",
                        help=f"print at most N rows (default: {TABLE_ROWS} in the table, "
                             "every row with --csv or --json)")
    parser.add_argument("--timeout", type=seconds, default=DEFAULT_TIMEOUT, metavar="SECONDS",
                        help=f"stop the query once DuckDB has spent this long computing "
                             f"its rows (default: {DEFAULT_TIMEOUT:g}; printing them is not "
                             "counted)")
    parser.add_argument("--max-memory", type=memory_size, default=DEFAULT_MEMORY,
                        metavar="SIZE", help=f"stop a query that needs more memory "
                                             f"(default: {DEFAULT_MEMORY}; 512MB, 4GB...)")


def seconds(text: str) -> float:
    """A positive number of seconds.

    >>> seconds("2.5")
    2.5
    >>> seconds("0")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: 0 is not a number of seconds > 0
    """
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"{text} is not a number of seconds > 0")
    return value


def memory_size(text: str) -> str:
    """A size in DuckDB's notation.

    >>> memory_size("512MB"), memory_size("1.5 GiB")
    ('512MB', '1.5GiB')
    >>> memory_size("lots")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: 'lots' is not a size such as 512MB or 4GB
    """
    size = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([KMGT]i?B)\s*", text, re.IGNORECASE)
    if size is None or float(size.group(1)) == 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size such as 512MB or 4GB")
    return size.group(1) + size.group(2)


def run(args: argparse.Namespace) -> int:
    import duckdb

    from badugi_hh.commands.query_clock import QueryClock
    from badugi_hh.commands.sql_connection import open_for_query
    from badugi_hh.store import StoreError
    from badugi_hh.rows.errors import first_line

    fetched = _Fetched()
    try:
        check_query(args.query)
        with closing(open_for_query(args, args.max_memory)) as con, \
                QueryClock(con, args.timeout) as clock:
            try:
                _print_result(con, clock, args, fetched)
            except (duckdb.Error, TimeoutError):
                if not clock.expired:
                    raise
                return _stopped(f"the query took more than {args.timeout:g} s "
                                "(--timeout SECONDS allows more)")
    except Refused as refusal:
        return _failed(str(refusal), EXIT_REFUSED)
    except StoreError as error:
        return _failed(str(error), EXIT_FAILED)
    except duckdb.OutOfMemoryException:
        return _stopped(f"the query needs more memory than {args.max_memory} "
                        "(--max-memory SIZE allows more)")
    except duckdb.Error as error:
        if not fetched.rows and dataset_file_unreadable(args.data, error):
            raise   # a file replaced under the query, nothing printed: the command runs again
        if isinstance(error, duckdb.PermissionException):   # the closed connection said no
            return _failed(f"refused: {first_line(error)}", EXIT_REFUSED)
        return _failed(first_line(error), EXIT_FAILED)
    except OSError as error:
        if isinstance(error, BrokenPipeError):   # `sql ... | head`: the command line's
            raise
        return _failed(f"cannot write the result: {error.strerror or error}", EXIT_FAILED)
    return 0


class _Fetched:
    """How many rows were fetched so far: a command that printed some cannot run again."""

    rows = 0


def _print_result(con: duckdb.DuckDBPyConnection, clock: QueryClock,
                  args: argparse.Namespace, fetched: _Fetched) -> None:
    """Run the query and print its rows as they come, at most ``--limit`` of them."""
    with clock.running():
        con.execute(args.query)
    columns = [column[0] for column in con.description or ()]
    limit = args.limit or (TABLE_ROWS if args.format == "table" else None)
    rows = _rows(con, clock, fetched, args.max_memory)
    printed = write_result(columns, itertools.islice(rows, limit), args.format, sys.stdout)
    sys.stdout.flush()   # a full disk under `> file` is said here, not at exit
    if printed == limit and next(rows, None) is not None:
        print(f"badugi-hh sql: the first {limit:,} rows; more not shown (--limit N shows "
              "more, --csv and --json print every row)", file=sys.stderr)


def _rows(con: duckdb.DuckDBPyConnection, clock: QueryClock, fetched: _Fetched,
          memory: str) -> Iterator[tuple[object, ...]]:
    """The result's rows, fetched a batch at a time, each fetch on the clock; the
    blocks the scan read are released every :data:`RELEASE_EVERY` batches."""
    from badugi_hh.commands.sql_connection import release_cached_blocks

    for number in itertools.count(1):
        with clock.running():
            batch = con.fetchmany(BATCH_ROWS)
        if not batch:
            return
        fetched.rows += len(batch)
        yield from batch
        if number % RELEASE_EVERY == 0:
            release_cached_blocks(con, memory)


def _failed(message: str, status: int) -> int:
    """One line on standard error, escaped: DuckDB's messages quote the data."""
    print(f"badugi-hh sql: {printable(message)}", file=sys.stderr)
    return status


def _stopped(why: str) -> int:
    sys.stdout.flush()   # what was printed before the stop comes first
    return _failed(f"stopped: {why}", EXIT_LIMIT)
