"""The audit: violations by rule and in pages, and the text no parser could read.

Each rule is titled as the ruleset of the session it was broken in states it
(:func:`~badugi_hh.rules.stated_title`): a site's G3 is not the house game's "stacks:
100 each at the start"; one rule under two titles is two rows of
:func:`violations_by_rule`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import duckdb
import pandas as pd

from badugi_hh.engine import AUDIT_VERSION
from badugi_hh.filters import Filters
from badugi_hh.games import GAMES
from badugi_hh.rules import HOUSE, RULES, STRUCTURE_NAMES, Ruleset, stated_title
from badugi_hh.stats.query import frame

__all__ = ["older_audit_count", "older_audit_line", "quarantine_count", "quarantine_page", "violation_count", "violation_page",
           "violations_by_rule"]

#: What a session's row tells of its ruleset, for titling its rules as it states them.
#: (A page of violations names the site of a session's hands, else of its file's.)
_RULESET = "s.ruleset, s.game, s.max_players, s.starting_stack, s.max_raises, s.session_length"
_RULESET_COLUMNS = ("ruleset", "game", "max_players", "starting_stack", "max_raises",
                    "session_length")

_VIOLATIONS_BY_RULE = f"""
SELECT v.rule, s.site, {_RULESET}, count(*) AS violations,
       count(DISTINCT (v.source, v.hand_id)) FILTER (WHERE v.hand_id IS NOT NULL) AS hands,
       list(DISTINCT v.source) AS files
FROM violations v
LEFT JOIN sessions s ON s.source = v.source AND s.session_id = v.session_id
{{where}}
GROUP BY ALL
"""


def session_rules(row: Mapping[str, Any]) -> Ruleset | None:
    """The ruleset a session's row states (its site and ``_RULESET`` columns), or None
    for a violation in no stored session (a copy's T5)."""
    if row["game"] is None or pd.isna(row["game"]):
        return None
    structure = next((key for key, name in STRUCTURE_NAMES.items()
                      if name.casefold() in str(row["ruleset"]).casefold()), "fixed")
    stack = row["starting_stack"]
    length = row["session_length"]
    rules = HOUSE.replace(max_players=int(row["max_players"]), max_raises=int(row["max_raises"]),
                          structure=structure,
                          starting_stack=None if pd.isna(stack) else int(stack),
                          session_hands=None if pd.isna(length) else int(length),
                          burns_logged=not row["site"], cap_heads_up=not row["site"])
    return rules.for_game(row["game"]) if row["game"] in GAMES else rules


def _titled(rows: pd.DataFrame) -> pd.Series:
    """Each row's rule titled as its session's ruleset states it."""
    return pd.Series([stated_title(row["rule"], rules) if (rules := session_rules(row))
                      else RULES.get(row["rule"], row["rule"])
                      for row in rows.to_dict("records")], index=rows.index, dtype=object)


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
    groups = frame(con, _VIOLATIONS_BY_RULE.format(where=where), [*params, *params])
    groups["title"] = _titled(groups)
    rules = groups.groupby(["rule", "title"], as_index=False, sort=False).agg(
        violations=("violations", "sum"), hands=("hands", "sum"),
        files=("files", lambda files: len({name for names in files for name in names})))
    return rules.sort_values(["violations", "rule", "title"], ascending=[False, True, True],
                             ignore_index=True)


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
    each rule titled as its session's ruleset states it, with the site of the hand or
    session they are in (a copy's T5, in neither: the copy's, from ``hand_sources``)."""
    where, params = _rule_where(rules)
    page = frame(con, f"SELECT v.rule, v.message, v.source, v.line, v.session_id, "
                      f"v.hand_id, v.level, {_RULESET}, coalesce(h.site, s.site, "
                      "(SELECT any_value(c.site) FROM hand_sources c WHERE c.source = v.source "
                      "AND c.hand_id = v.hand_id)) AS site "
                      "FROM violations v "
                      "LEFT JOIN hands h ON h.source = v.source AND h.hand_id = v.hand_id "
                      "LEFT JOIN sessions s ON s.source = v.source "
                      f"AND s.session_id = v.session_id {where} "
                      "ORDER BY v.source, v.line, v.rule LIMIT ? OFFSET ?",
                 [*params, limit, offset])
    page.insert(1, "title", _titled(page))
    return page.drop(columns=list(_RULESET_COLUMNS))


def older_audit_count(con: duckdb.DuckDBPyConnection) -> int:
    """The stored files whose hands an older audit than today's judged (a store of an
    older release migrated; docs/schema.md, "sources"). A dataset records no audit (its
    view of ``sources`` says 0, unknown): 0."""
    stored = con.execute("SELECT count(*) FROM duckdb_tables() WHERE table_name = 'sources'"
                         ).fetchall()[0][0]
    if not stored:
        return 0
    return int(con.execute("SELECT count(*) FROM sources WHERE audit_version < ?",
                           [AUDIT_VERSION]).fetchall()[0][0])


def older_audit_line(files: int) -> str:
    """What stats and the Audit page say when some stored hands had an older audit.

    >>> older_audit_line(2)
    "2 stored files were judged by an older audit: their violations may be out of date; `badugi-hh import` of their logs judges them again by today's rules"
    """
    one = files == 1
    return (f"{files:,} stored file{'' if one else 's'} {'was' if one else 'were'} judged by an "
            f"older audit: {'its' if one else 'their'} violations may be out of date; "
            f"`badugi-hh import` of {'its log' if one else 'their logs'} judges "
            f"{'it' if one else 'them'} again by today's rules")


def quarantine_count(con: duckdb.DuckDBPyConnection) -> int:
    return int(con.execute("SELECT count(*) FROM quarantine").fetchall()[0][0])


def quarantine_page(con: duckdb.DuckDBPyConnection, offset: int, limit: int) -> pd.DataFrame:
    """A page of the quarantined texts, by file and line, verbatim with the reason."""
    return frame(con, "SELECT source, line, column_number, error, text FROM quarantine "
                      "ORDER BY source, line LIMIT ? OFFSET ?", [limit, offset])
