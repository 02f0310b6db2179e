"""Which SQL text ``badugi-hh sql`` runs: one query that only reads the tables.

DuckDB's own parser judges the text (a regular expression is defeated by
comments, quoting and case): exactly one statement, a SELECT as DuckDB
classifies it (WITH, FROM-first, VALUES, TABLE, DESCRIBE, SHOW, SUMMARIZE), or
EXPLAIN of such a query without ANALYZE (which runs the statement it explains).
The query's table functions must be ones that read (``range``, ``unnest``, the
catalogue's ``duckdb_tables()``...): ``checkpoint()``, ``enable_logging()``,
``query('...')``, ``read_csv`` and their kind are refused even inside a SELECT.
The text is bounded too: DuckDB's planner takes memory out of all proportion to
some texts (114 KB of UNION ALL: 1.1 GB), before any limit on the query applies.

>>> check_query("WITH a AS (SELECT 1) SELECT * FROM a")
>>> check_query("EXPLAIN SELECT * FROM range(3)")
>>> check_query("EXPLAIN ANALYZE COPY hands TO 'x.csv'")
Traceback (most recent call last):
badugi_hh.commands.sql_check.Refused: EXPLAIN ANALYZE runs the statement it explains: only EXPLAIN of a query (EXPLAIN SELECT ...) may run here
>>> check_query("SELECT * FROM checkpoint()")
Traceback (most recent call last):
badugi_hh.commands.sql_check.Refused: the table function checkpoint() does more than read the tables: it may not run here
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import duckdb

#: The longest query text read, in characters: room for any query typed by hand,
#: while a planner fed this much takes tens of MB, not GB.
MAX_QUERY_CHARS = 16_384

#: Table functions a query may call: they compute rows or read the catalogue.
READING_TABLE_FUNCTIONS = frozenset({
    "range", "generate_series", "unnest", "repeat", "repeat_row", "json_each", "json_tree",
    "histogram", "histogram_values", "query_table", "summary", "pg_timezone_names",
    "icu_calendar_names", "test_all_types",
})
#: Prefixes of the catalogue's table functions (duckdb_tables(), pragma_table_info()...).
READING_PREFIXES = ("duckdb_", "pragma_")
#: Scalar functions that change state: a sequence, the log, DuckDB's internals.
STATE_CHANGING_FUNCTIONS = frozenset({"setval", "nextval", "write_log"})


class Refused(Exception):
    """The text is not one read-only query; the message says why in one line."""


def check_query(query: str) -> None:
    """Return if ``query`` is one read-only query, else raise :class:`Refused`."""
    import duckdb

    if len(query) > MAX_QUERY_CHARS:
        raise Refused(f"the query has {len(query):,} characters; at most "
                      f"{MAX_QUERY_CHARS:,} are read")
    text, kind = _single_statement(query)
    if kind == "EXPLAIN":
        text, kind = _single_statement(_explained(text))
    if kind != "SELECT":
        raise Refused("only a query may run here (SELECT, WITH, VALUES, DESCRIBE, SHOW, "
                      f"EXPLAIN SELECT), not {_named(text, kind)}")
    _check_functions(text)


def _single_statement(query: str) -> tuple[str, str]:
    """The one statement of ``query``: its text and its kind as DuckDB's parser names it
    (SELECT, EXPLAIN, COPY...)."""
    import duckdb

    # a syntax error is a duckdb.Error: the query fails, as any other would
    statements = duckdb.extract_statements(query)
    if not statements:
        raise Refused(f"no statement in {query!r}")
    if len(statements) > 1:
        raise Refused(f"one statement at a time, not {len(statements)}")
    try:
        kind = statements[0].type.name
    except ValueError:   # a kind newer than this DuckDB's Python API (UPDATE EXTENSIONS)
        kind = ""
    return statements[0].query, kind


def _explained(statement: str) -> str:
    """The statement an ``EXPLAIN`` explains; refused with ANALYZE, which runs it, or
    with options in parentheses (which may hold ANALYZE).

    >>> _explained("/* plan */ explain -- why\\n SELECT 1")
    'SELECT 1'
    """
    import duckdb

    tokens = [(start, _word_at(statement, start)) for start, kind in duckdb.tokenize(statement)
              if kind != duckdb.token_type.comment]
    words = [word for _, word in tokens[:2]]
    if words[1:] in (["ANALYZE"], ["ANALYSE"]):
        raise Refused("EXPLAIN ANALYZE runs the statement it explains: only EXPLAIN of a "
                      "query (EXPLAIN SELECT ...) may run here")
    if len(tokens) < 2 or words[1] == "(":
        raise Refused("EXPLAIN takes no options here: write EXPLAIN SELECT ...")
    return statement[tokens[1][0]:]


def _word_at(text: str, start: int) -> str:
    """The keyword at ``start``, upper case, or the character there.

    >>> _word_at("EXPLAIN analyze/**/", 8), _word_at("EXPLAIN (ANALYZE)", 8)
    ('ANALYZE', '(')
    """
    word = re.match(r"\w+", text[start:])
    return word.group().upper() if word else text[start]


def _check_functions(query: str) -> None:
    """Refuse a table function that does more than read, or a scalar one that changes
    state, anywhere in the query (its subqueries and CTEs included)."""
    for name, table in _functions(query):
        if table and not (name in READING_TABLE_FUNCTIONS or name.startswith(READING_PREFIXES)):
            raise Refused(f"the table function {name}() does more than read the tables: "
                          "it may not run here")
        if name in STATE_CHANGING_FUNCTIONS or name.startswith("__internal"):
            raise Refused(f"the function {name}() changes state: it may not run here")


def _functions(query: str) -> Iterator[tuple[str, bool]]:
    """Each function the query calls, lower case, and whether it is a table function,
    from DuckDB's own syntax tree of it."""
    import duckdb

    con = duckdb.connect(":memory:", config={"enable_external_access": False})
    try:
        (serialized,), = con.execute("SELECT json_serialize_sql(?)", [query]).fetchall()
        tree = json.loads(serialized)
    finally:
        con.close()
    if tree.get("error"):
        raise Refused(f"the query cannot be checked: {tree.get('error_message', '')}")
    yield from _walk(tree, table=False)


def _walk(node: object, table: bool) -> Iterator[tuple[str, bool]]:
    if isinstance(node, list):
        for item in node:
            yield from _walk(item, table)
    elif isinstance(node, dict):
        if node.get("class") == "FUNCTION" and isinstance(node.get("function_name"), str):
            yield node["function_name"].lower(), table
        for key, value in node.items():
            yield from _walk(value, key == "function" and node.get("type") == "TABLE_FUNCTION")


def _named(statement: str, kind: str) -> str:
    """The statement as the user wrote it: DuckDB counts INSTALL as a LOAD, CHECKPOINT
    as a CALL.

    >>> _named("INSTALL httpfs", "LOAD"), _named("COPY t TO 'x'", "COPY")
    ('INSTALL (a LOAD statement)', 'COPY')
    """
    word = re.match(r"\s*([A-Za-z]+)", statement)
    if word is None or word.group(1).upper() == kind:
        return kind or "this statement"
    if not kind:
        return word.group(1).upper()
    return f"{word.group(1).upper()} (a {kind} statement)"
