"""Subcommands of the ``badugi-hh`` command line, one module each.

A command's module holds its help, its arguments and ``run``, and imports
nothing heavy at the top: ``badugi-hh COMMAND --help`` builds the parser
without pandas, DuckDB or the engine, which ``run`` imports when it needs them.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import duckdb

#: :data:`badugi_hh.store.DEFAULT_DB` and :data:`badugi_hh.store.LOCK_WAIT_SECONDS`, for
#: the help texts; repeated here because the store imports DuckDB and Arrow
#: (tests/test_cli.py checks that the two agree).
DEFAULT_DB = "badugi.duckdb"
LOCK_WAIT_SECONDS = 10.0


def at_least_one(text: str) -> int:
    """An argument that counts something that must happen at least once.

    >>> at_least_one("2")
    2
    >>> at_least_one("0")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: 0 is not a whole number >= 1
    """
    try:
        number = int(text)
    except ValueError:
        number = 0
    if number < 1:
        raise argparse.ArgumentTypeError(f"{text} is not a whole number >= 1")
    return number


def day(text: str) -> date:
    """An argument that is a day (YYYY-MM-DD).

    >>> day("2024-01-31")
    datetime.date(2024, 1, 31)
    """
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a date such as 2024-01-31") from None


def add_hand_filters(parser: argparse.ArgumentParser, player_help: str) -> None:
    """The options that choose stored hands, as ``stats`` and ``export`` read them."""
    parser.add_argument("--player", help=player_help)
    parser.add_argument("--session", help="only the hands of this session id")
    parser.add_argument("--ruleset", help="only hands played under this ruleset name")
    parser.add_argument("--from", dest="date_from", type=day, metavar="DATE",
                        help="only hands played on or after this day (YYYY-MM-DD)")
    parser.add_argument("--to", dest="date_to", type=day, metavar="DATE",
                        help="only hands played on or before this day (YYYY-MM-DD)")
    parser.add_argument("--tag", help="only hands with this tag (badugi-hh tag), any case")


def add_clock_argument(parser: argparse.ArgumentParser) -> None:
    """``--tz ZONE``: the one clock days, sessions and shown times are read on; by
    default this machine's zone (a command reads it from ``tz`` after
    :func:`clock_of`)."""
    parser.add_argument("--tz", metavar="ZONE",
                        help="read days, sessions and times in this time zone (UTC, "
                             "Europe/Paris, America/New_York...; default: this machine's)")


def clock_of(args: argparse.Namespace) -> str:
    """The zone ``--tz`` names, else this machine's."""
    from badugi_hh.rows.clock import machine_zone

    return getattr(args, "tz", None) or machine_zone()


def add_wait_argument(parser: argparse.ArgumentParser) -> None:
    """``--wait SECONDS``: how long a command that writes the user's own tables (persons,
    tags, notes) waits for an import holding the database or dataset."""
    parser.add_argument("--wait", type=float, default=LOCK_WAIT_SECONDS, metavar="SECONDS",
                        help="how long to wait for an import holding the database or dataset "
                             f"(default {LOCK_WAIT_SECONDS:g})")


def add_source_arguments(parser: argparse.ArgumentParser) -> None:
    """Where a command reads the tables: ``--db FILE`` (the default, badugi.duckdb) or
    ``--data DATASET``, not both. :func:`open_tables` opens what they name."""
    sources = parser.add_mutually_exclusive_group()
    sources.add_argument("--db", default=DEFAULT_DB, metavar="FILE",
                         help=f"the DuckDB database (default: {DEFAULT_DB} in this folder)")
    sources.add_argument("--data", metavar="DATASET",
                         help="a dataset folder of Parquet files (badugi-hh import --out) "
                              "instead of a database")


@contextmanager
def open_tables(args: argparse.Namespace) -> Iterator[duckdb.DuckDBPyConnection]:
    """A read-only connection to the tables of ``--db`` or ``--data``, closed on exit.

    Both are closed to the outside (no other file, URL or extension) with their
    configuration locked, so a query typed by a user can only read the tables. A
    missing database or dataset raises :class:`~badugi_hh.store.StoreError` whose
    message says what to run.
    """
    if getattr(args, "data", None) is not None:
        from badugi_hh.dataset import connect_dataset

        connection = connect_dataset(args.data)
    else:
        from badugi_hh.store import Store

        connection = Store(args.db, read_only=True).connection
    try:
        yield connection
    finally:
        connection.close()


def dataset_file_unreadable(data: str | None, error: BaseException) -> bool:
    """Whether DuckDB failed to read a file of the dataset at ``data`` (one gone since
    the dataset was opened, or damaged), as opposed to a query's own error or a bug.

    >>> dataset_file_unreadable(None, OSError("x"))
    False
    """
    if data is None or not type(error).__module__.lstrip("_").startswith("duckdb"):
        return False
    if type(error).__name__ not in ("IOException", "PermissionException",
                                    "InvalidInputException"):
        return False
    return str(Path(data).resolve()) in str(error)
