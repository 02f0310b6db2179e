"""Rows printed as CSV, as JSON or as an aligned table, a row at a time.

``badugi-hh sql`` hands these writers the rows as DuckDB fetches them, batch
after batch, so memory stays flat whatever the size of the result; ``stats
--csv`` uses them too. CSV and JSON keep every text exact (their quoting makes
it inert); the table, for a terminal, escapes control characters
(:func:`badugi_hh.textsafe.printable`): a player named with an ESC sequence
cannot clear the screen.

>>> import sys
>>> rows = write_result(["player", "net"], [("Ana", 14), ("Bruno", -14)], "json", sys.stdout)
[
{"player": "Ana", "net": 14},
{"player": "Bruno", "net": -14}
]
>>> rows = write_result(["player", "net"], [("\\x1b]0;pwned\\x07Bob", 14)], "table", sys.stdout)
player               net
\\x1b]0;pwned\\x07Bob   14
"""

from __future__ import annotations

import csv
import json
import math
from collections.abc import Iterable, Iterator, Sequence
from datetime import date, datetime, time
from decimal import Decimal
from typing import Protocol

from badugi_hh.textsafe import printable

Row = Sequence[object]


class TextSink(Protocol):
    """Where the rows go: a text stream, or anything that writes text."""

    def write(self, text: str, /) -> int: ...

#: What a spreadsheet takes for the start of a formula (OWASP, "CSV Injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def write_result(columns: Sequence[str], rows: Iterable[Row], form: str, out: TextSink) -> int:
    """Print ``rows`` as an aligned ``table``, as ``json`` or as ``csv``; how many."""
    if form == "json":
        return write_json(columns, rows, out)
    if form == "csv":
        return write_csv(columns, rows, out)
    return write_table(columns, rows, out)


def write_csv(columns: Sequence[str], rows: Iterable[Row], out: TextSink) -> int:
    """A header line, then a line per row, each written as it comes."""
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(map(csv_cell, columns))
    count = 0
    for count, row in enumerate(rows, 1):
        writer.writerow(map(csv_cell, row))
    return count


def write_json(columns: Sequence[str], rows: Iterable[Row], out: TextSink) -> int:
    """A JSON list of one object per row, an object a line, written as each row comes
    (valid JSON, and easy to read a line at a time)."""
    count = 0
    out.write("[")
    for count, row in enumerate(rows, 1):
        record = dict(zip(columns, map(plain, row)))
        out.write(("\n" if count == 1 else ",\n")
                  + json.dumps(record, ensure_ascii=False, default=str, allow_nan=False))
    out.write("\n]\n" if count else "]\n")
    return count


def write_table(columns: Sequence[str], rows: Iterable[Row], out: TextSink) -> int:
    """Aligned columns, every text escaped for the terminal; a cell of several lines
    (an EXPLAIN plan) keeps its lines. The rows are held to align them: the caller
    bounds them (``sql`` prints 100 unless told otherwise)."""
    cells: list[list[str]] = []
    count = 0
    for count, row in enumerate(rows, 1):
        cells.extend(_lines_of(row))
    for line in format_table([printable(str(name)) for name in columns], cells):
        print(line, file=out)
    return count


def _lines_of(row: Row) -> Iterator[list[str]]:
    """The row as one or more lines of printable cells.

    >>> list(_lines_of(["plan", "a\\nb"]))
    [['plan', 'a'], ['', 'b']]
    """
    split = [[printable(line) for line in text(value).split("\n")] for value in row]
    height = max((len(lines) for lines in split), default=1)
    for index in range(height):
        yield [lines[index] if index < len(lines) else "" for lines in split]


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
    """A value JSON can hold: dates as ISO text, decimals as numbers, NaN and infinities
    as null, inside lists and structs too.

    >>> plain(datetime(2024, 1, 1, 20, 0)), plain(Decimal("1.5")), plain(float("nan"))
    ('2024-01-01T20:00:00', 1.5, None)
    >>> plain({"x": [Decimal("2"), float("inf")]})
    {'x': [2.0, None]}
    """
    if isinstance(value, (datetime, date, time)):
        return value.isoformat()
    if isinstance(value, Decimal):
        return float(value)
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, (list, tuple)):
        return [plain(item) for item in value]
    if isinstance(value, dict):
        return {str(key): plain(item) for key, item in value.items()}
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
    return cell in ("", "NULL", "-", "unknown") or cell.rstrip("%").replace(",", "").lstrip("+-").replace(
        ".", "", 1).isdigit()
