"""The audit: violations by rule and in pages, and the text no parser could read."""

from __future__ import annotations

import duckdb
import pandas as pd

from badugi_hh.filters import Filters
from badugi_hh.stats.query import frame

__all__ = ["quarantine_count", "quarantine_page", "violation_count", "violation_page",
           "violations_by_rule"]

_VIOLATIONS_BY_RULE = """
SELECT v.rule, any_value(r.title) AS title, count(*) AS violations,
       count(DISTINCT (v.source, v.hand_id)) FILTER (WHERE v.hand_id IS NOT NULL) AS hands,
       count(DISTINCT v.source) AS files
FROM violations v
LEFT JOIN rules r USING (rule)
{where}
GROUP BY v.rule
ORDER BY violations DESC, v.rule
"""

#: A violation is chosen with the hand it is in, or (a violation of a session as a
#: whole) with a session holding a chosen hand.
_CHOSEN = """WHERE CASE WHEN v.hand_id IS NULL
    THEN (v.source, v.session_id) IN (SELECT source, session_id FROM hand_players WHERE {c})
    ELSE (v.source, v.hand_id) IN (SELECT source, hand_id FROM hand_players WHERE {c}) END"""


def violations_by_rule(con: duckdb.DuckDBPyConnection,
                       filters: Filters = Filters()) -> pd.DataFrame:
    """Per rule id: its title, how many violations, in how many hands and files; with
    filters, those of the chosen hands (a session's own: of sessions holding one)."""
    conditions, params = filters.conditions()
    where = _CHOSEN.format(c=" AND ".join(conditions)) if conditions else ""
    return frame(con, _VIOLATIONS_BY_RULE.format(where=where), [*params, *params])


def _rule_where(rules: tuple[str, ...]) -> tuple[str, list[object]]:
    return ("WHERE v.rule IN (SELECT unnest(?))", [list(rules)]) if rules else ("", [])


def violation_count(con: duckdb.DuckDBPyConnection, rules: tuple[str, ...] = ()) -> int:
    """Violations of the chosen rules (all when none)."""
    where, params = _rule_where(rules)
    return int(con.execute(f"SELECT count(*) FROM violations v {where}",
                           params).fetchall()[0][0])


def violation_page(con: duckdb.DuckDBPyConnection, rules: tuple[str, ...], offset: int,
                   limit: int) -> pd.DataFrame:
    """A page of the violations of the chosen rules (all when none), by file and line,
    with the site of the hand or session they are in."""
    where, params = _rule_where(rules)
    return frame(con, "SELECT v.rule, r.title, v.message, v.source, v.line, v.session_id, "
                      "v.hand_id, v.level, coalesce(h.site, s.site) AS site "
                      "FROM violations v LEFT JOIN rules r USING (rule) "
                      "LEFT JOIN hands h ON h.source = v.source AND h.hand_id = v.hand_id "
                      "LEFT JOIN sessions s ON s.source = v.source "
                      f"AND s.session_id = v.session_id {where} "
                      "ORDER BY v.source, v.line, v.rule LIMIT ? OFFSET ?",
                 [*params, limit, offset])


def quarantine_count(con: duckdb.DuckDBPyConnection) -> int:
    return int(con.execute("SELECT count(*) FROM quarantine").fetchall()[0][0])


def quarantine_page(con: duckdb.DuckDBPyConnection, offset: int, limit: int) -> pd.DataFrame:
    """A page of the quarantined texts, by file and line, verbatim with the reason."""
    return frame(con, "SELECT source, line, column_number, error, text FROM quarantine "
                      "ORDER BY source, line LIMIT ? OFFSET ?", [limit, offset])
