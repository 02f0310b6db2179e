"""A hand met in several logs of a dataset, shown once.

Each log is written by a task of its own, which cannot know what the other logs
hold, so every log's files keep all its hands. The reader
(:mod:`badugi_hh.dataset.reader`) shows each hand once, by the store's rule
(:mod:`badugi_hh.rows.identity`): the copy of the log imported first (by the
manifest's ``run_started_at``, then the path and line) is the hand; the others are
rows of ``hand_sources`` only, and one whose content hash differs is a T5
violation of its log. A session none of whose hands is shown from its log is left
out too, as is a second copy of a session without hands, and a hand of another
game met in two logs is counted once. The logs of one import run are taken in the
order of their paths (as a plain import with ``--jobs 1`` reads them), whichever
task finished first. A compaction rewrites the files as they are:
which copy is shown is decided when the dataset is read, so a log re-imported or
removed shows its hands' other copies again.

:func:`find_copies` works this out once per connection, into small tables: the
views then filter on them only when the dataset holds a copy at all.
"""

from __future__ import annotations

import duckdb

from badugi_hh.hand_ids import hand_file_sql, site_hand_sql
from badugi_hh.rows.identity import CONFLICT_MESSAGE, DIFFERENT_CONTENT_SQL, RANKED_COPIES_SQL

__all__ = ["find_copies", "public_view"]

_KEY = f"site, hand_id, {hand_file_sql()}"

#: Every copy of each hand met more than once, ranked (the first is shown).
_REPEATED = RANKED_COPIES_SQL.format(copies=f"""(
    SELECT h.site, h.hand_id, h.source, h.line, h.content_hash, h.session_id,
           coalesce(m.run_started_at, m.imported_at) AS imported_at
    FROM dataset_raw_hands h
    SEMI JOIN (SELECT {_KEY} AS file FROM dataset_raw_hands GROUP BY ALL
               HAVING count(*) > 1) r
           ON r.site = h.site AND r.hand_id = h.hand_id
          AND r.file = {hand_file_sql("h.")}
    LEFT JOIN manifest m ON m.path = h.source)""")
_STATEMENTS = (
    f"CREATE TABLE dataset_repeated AS {_REPEATED}",
    "CREATE TABLE dataset_second_hands AS SELECT source, hand_id FROM dataset_repeated "
    "WHERE copy > 1",
    # a session none of whose hands is shown from its log, and a session without hands
    # whose site and id a log imported before holds
    "CREATE TABLE dataset_second_sessions AS "
    "SELECT DISTINCT r.source, r.session_id FROM dataset_repeated r WHERE r.copy > 1 "
    "AND NOT EXISTS (SELECT 1 FROM dataset_raw_hands h WHERE h.source = r.source "
    "AND h.session_id = r.session_id AND NOT EXISTS (SELECT 1 FROM dataset_second_hands d "
    "WHERE d.source = h.source AND d.hand_id = h.hand_id)) "
    "UNION SELECT s.source, s.session_id FROM dataset_raw_sessions s "
    "LEFT JOIN manifest m ON m.path = s.source WHERE s.hands = 0 "
    "QUALIFY row_number() OVER (PARTITION BY s.site, s.session_id "
    "ORDER BY coalesce(m.run_started_at, m.imported_at), s.source) > 1",
)

#: The tables whose rows belong to a hand, and those that belong to a session.
_OF_HANDS = ("hands", "hand_players", "actions", "draws", "showdowns", "pots", "pot_halves",
             "run_hands", "run_pots")
_OF_SESSIONS = ("sessions", "session_players")
_NOT_SECOND_HAND = ("NOT EXISTS (SELECT 1 FROM dataset_second_hands d "
                    "WHERE d.source = t.source AND d.hand_id = t.hand_id)")
_NOT_SECOND_SESSION = ("NOT EXISTS (SELECT 1 FROM dataset_second_sessions d "
                       "WHERE d.source = t.source AND d.session_id = t.session_id)")
_SITE_HAND_ID = site_hand_sql("t.hand_id")


def find_copies(con: duckdb.DuckDBPyConnection) -> bool:
    """Rank the copies of each hand met more than once (over the views
    ``dataset_raw_hands`` and ``dataset_raw_sessions`` and the table ``manifest``);
    whether there is any."""
    for statement in _STATEMENTS:
        con.execute(statement)
    return bool(con.execute("SELECT count(*) FROM dataset_second_hands").fetchall()[0][0]
                or con.execute("SELECT count(*) FROM dataset_second_sessions").fetchall()[0][0])


def public_view(table: str, copies: bool) -> str | None:
    """The statement of the view ``table`` over ``dataset_raw_{table}``, each hand once
    (``copies``: some hand is met more than once); None for a table this module leaves
    as it is read."""
    raw = f"dataset_raw_{table} t"
    if table == "hand_sources":
        return ("CREATE VIEW hand_sources AS SELECT site, hand_id, source, line, "
                "coalesce(content_hash, '') AS content_hash FROM dataset_raw_hands")
    if table == "skipped":
        return (f"CREATE VIEW skipped AS SELECT t.* FROM {raw} LEFT JOIN manifest m "
                f"ON m.path = t.source QUALIFY NOT {_SITE_HAND_ID} OR row_number() OVER "
                "(PARTITION BY t.hand_id, t.game ORDER BY coalesce(m.run_started_at, "
                "m.imported_at), t.source, t.line) = 1")
    if table not in (*_OF_HANDS, *_OF_SESSIONS, "violations"):
        return None
    if not copies:
        return f"CREATE VIEW {table} AS SELECT t.* FROM {raw}"
    if table in _OF_HANDS:
        return f"CREATE VIEW {table} AS SELECT t.* FROM {raw} WHERE {_NOT_SECOND_HAND}"
    if table in _OF_SESSIONS:
        return f"CREATE VIEW {table} AS SELECT t.* FROM {raw} WHERE {_NOT_SECOND_SESSION}"
    return (f"CREATE VIEW violations AS SELECT t.* FROM {raw} WHERE "
            f"(t.hand_id IS NULL OR {_NOT_SECOND_HAND}) "
            f"AND (t.level <> 'session' OR {_NOT_SECOND_SESSION}) "
            "UNION ALL SELECT source, hand_id, session_id, 'hand' AS level, 'T5' AS rule, "
            f"format('{CONFLICT_MESSAGE}', hand_id, source, line, first_source, first_line) "
            "AS message, line FROM dataset_repeated WHERE copy > 1 AND source <> first_source "
            f"AND {DIFFERENT_CONTENT_SQL}")
