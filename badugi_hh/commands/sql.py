"""Run a read-only SQL query on the database and print the result.

    badugi-hh sql "SELECT player, sum(net) AS net FROM hand_players GROUP BY player"

docs/schema.md describes the tables. The command runs exactly one query:
SELECT (with WITH, FROM-first, VALUES, DESCRIBE, SHOW, SUMMARIZE) or EXPLAIN, as
DuckDB's own parser classifies it. The database is opened read-only with no
access to files, URLs or extensions, and its configuration locked; --data
DATASET/ runs the query on a Parquet dataset (import --out), whose files alone
it may read. Exit status:
0, 1 when the query fails or the database cannot be opened, 2 when the text is
refused (no statement, several, one that is not a query, or one reaching outside).
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import re
import sys
from collections.abc import Sequence
from datetime import date, datetime, time
from decimal import Decimal
from typing import TYPE_CHECKING, TextIO

from badugi_hh.commands import (
    DEFAULT_DB, add_source_arguments, dataset_file_unreadable, open_tables,
)

if TYPE_CHECKING:
    import duckdb


def add_db_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--db", default=DEFAULT_DB, metavar="FILE",
                        help=f"the DuckDB database (default: {DEFAULT_DB} in this folder)")


def add_format_arguments(parser: argparse.ArgumentParser) -> None:
    formats = parser.add_mutually_exclusive_group()
    formats.add_argument("--json", dest="format", action="store_const", const="json",
                         help="print a JSON list of one object per row")
    formats.add_argument("--csv", dest="format", action="store_const", const="csv",
                         help="print CSV with a header line")
    parser.set_defaults(format="table")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.add_argument("query", metavar="SQL", help="one SQL statement, e.g. a SELECT")
    add_source_arguments(parser)
    add_format_arguments(parser)


EXIT_REFUSED = 2
#: Kept for callers of the first release: no statement is one kind of refusal.
EXIT_NO_STATEMENT = EXIT_REFUSED


class Refused(Exception):
    """The text is not one read-only query; the message says why in one line."""


def check_query(query: str) -> None:
    """Refuse anything but exactly one query, judged by DuckDB's parser (not a regex,
    which comments, quoting and case defeat).

    >>> check_query("WITH a AS (SELECT 1) SELECT * FROM a")
    >>> check_query("COPY hands TO 'x.csv'")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    badugi_hh.commands.sql.Refused: only a query may run here (SELECT, ...), not COPY
    """
    import duckdb

    statements = duckdb.extract_statements(query)
    if not statements:
        raise Refused(f"no statement in {query!r}")
    if len(statements) > 1:
        raise Refused(f"one statement at a time, not {len(statements)}")
    kind = statements[0].type
    if kind not in (duckdb.StatementType.SELECT, duckdb.StatementType.EXPLAIN):
        raise Refused("only a query may run here (SELECT, WITH, DESCRIBE, SHOW, EXPLAIN), "
                      f"not {_named(statements[0].query, kind.name)}")


def _named(statement: str, kind: str) -> str:
    """The statement as the user wrote it: DuckDB counts INSTALL as a LOAD, CHECKPOINT
    as a CALL.

    >>> _named("INSTALL httpfs", "LOAD"), _named("COPY t TO 'x'", "COPY")
    ('INSTALL (a LOAD statement)', 'COPY')
    """
    word = re.match(r"\s*([A-Za-z]+)", statement)
    if word is None or word.group(1).upper() == kind:
        return kind
    return f"{word.group(1).upper()} (a {kind} statement)"


def run(args: argparse.Namespace) -> int:
    import duckdb

    from badugi_hh.store import StoreError
    from badugi_hh.store.connection import first_line

    try:
        check_query(args.query)
        with open_tables(args) as connection:
            cursor = connection.execute(args.query)
            columns = [column[0] for column in cursor.description or ()]
            rows = cursor.fetchall() if columns else []
    except Refused as refusal:
        print(f"badugi-hh sql: {refusal}", file=sys.stderr)
        return EXIT_REFUSED
    except StoreError as error:
        print(f"badugi-hh sql: {error}", file=sys.stderr)
        return 1
    except duckdb.Error as error:
        if dataset_file_unreadable(args.data, error):
            raise   # a file replaced under the query: the command is run again
        if isinstance(error, duckdb.PermissionException):   # the closed connection said no
            print(f"badugi-hh sql: refused: {first_line(error)}", file=sys.stderr)
            return EXIT_REFUSED
        print(f"badugi-hh sql: {explain(error)}", file=sys.stderr)
        return 1
    write_result(columns, rows, args.format, sys.stdout)
    return 0


def explain(error: duckdb.Error) -> str:
    """DuckDB's message, with what to do when the query tried to write."""
    message = str(error)
    if "read-only" in message:
        message += ("\nbadugi-hh sql opens the database read-only: it answers queries and "
                    "never changes the data (badugi-hh import adds to it)")
    return message


def write_result(columns: Sequence[str], rows: Sequence[Sequence[object]], form: str,
                 out: TextIO) -> None:
    """Print rows as an aligned ``table``, as ``json`` or as ``csv``."""
    if form == "json":
        records = [dict(zip(columns, map(plain, row))) for row in rows]
        print(json.dumps(records, ensure_ascii=False, indent=2), file=out)
    elif form == "csv":
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(map(csv_cell, columns))
        writer.writerows(map(csv_cell, row) for row in rows)
    else:
        for line in format_table(columns, [[text(value) for value in row] for row in rows]):
            print(line, file=out)


#: What a spreadsheet takes for the start of a formula (OWASP, "CSV Injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: object) -> object:
    """A CSV cell a spreadsheet shows as text: a string that could start a formula gets
    a leading quote (a player may be named ``=cmd|'/C calc'!A0``); numbers stay numbers.

    >>> csv_cell("=cmd|'/C calc'!A0"), csv_cell("-x"), csv_cell(-5), csv_cell("Ana"), csv_cell(None)
    ("'=cmd|'/C calc'!A0", "'-x", -5, 'Ana', '')
    """
    if value is None:
        return ""
    value = plain(value)
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def plain(value: object) -> object:
    """A value JSON can hold: dates as ISO text, decimals as numbers, NaN as null.

    >>> plain(datetime(2024, 1, 1, 20, 0)), plain(Decimal("1.5")), plain(float("nan"))
    ('2024-01-01T20:00:00', 1.5, None)
    """
    if isinstance(value, (datetime, date, time)):
        return value.isoformat()
    if isinstance(value, Decimal):
        return float(value)
    if isinstance(value, float) and math.isnan(value):
        return None
    if isinstance(value, (list, tuple)):
        return [plain(item) for item in value]
    return value


def text(value: object) -> str:
    """How a value reads in a table: NULL for a missing value, floats shortened.

    >>> text(None), text(2 / 3), text(1265), text(["Ana", "Bruno"])
    ('NULL', '0.666667', '1265', 'Ana, Bruno')
    """
    if value is None:
        return "NULL"
    if isinstance(value, float):
        return f"{value:.6g}"
    if isinstance(value, (list, tuple)):
        return ", ".join(map(text, value))
    return str(value)


def format_table(columns: Sequence[str], cells: Sequence[Sequence[str]]) -> list[str]:
    """Aligned columns: numbers to the right, text to the left.

    >>> print("\\n".join(format_table(["player", "net"], [["Ana", "14"], ["Bruno", "-14"]])))
    player  net
    Ana      14
    Bruno   -14
    """
    widths = [max([len(name), *(len(row[i]) for row in cells)]) for i, name in enumerate(columns)]
    numeric = [all(_looks_numeric(row[i]) for row in cells) and bool(cells)
               for i in range(len(columns))]

    def line(values: Sequence[str]) -> str:
        return "  ".join(value.rjust(width) if right else value.ljust(width)
                         for value, width, right in zip(values, widths, numeric)).rstrip()

    return [line(columns), *map(line, cells)]


def _looks_numeric(cell: str) -> bool:
    return cell in ("NULL", "-") or cell.rstrip("%").replace(",", "").lstrip("+-").replace(
        ".", "", 1).isdigit()
