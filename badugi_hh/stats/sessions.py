"""Sessions: each one's players and results, pages of them, and one session's hands.

A session counts where it holds a hand read: one whose every hand was skipped (not
played, cancelled, of a game not audited) is counted only by the coverage, so that
every page gives one number of sessions (the Overview's, from the hands). The filters
choose the sessions that hold a hand they pass; a player filter also keeps only that
player's rows of :func:`session_results`.
"""

from __future__ import annotations

import duckdb
import pandas as pd

from badugi_hh.filters import Filters
from badugi_hh.stats.query import frame

__all__ = ["session_count", "session_hands", "session_page", "session_players",
           "session_results", "session_violations"]


def _session_where(filters: Filters) -> tuple[list[str], list[object]]:
    """The conditions on ``sessions s``: it holds a hand read that the filters pass."""
    conditions, params = filters.conditions()
    if not conditions:
        return ["s.hands > 0"], []
    return [f"(s.source, s.session_id) IN (SELECT source, session_id FROM hand_players "
            f"WHERE {' AND '.join(conditions)})"], params


def _player_rows(filters: Filters) -> tuple[list[str], list[object]]:
    """The conditions on ``session_players p`` keeping the chosen players' rows."""
    conditions: list[str] = []
    params: list[object] = []
    if filters.player is not None:
        conditions.append("p.player = ?")
        params.append(filters.player)
    if filters.players:
        conditions.append("(s.site, p.player) IN (SELECT * FROM (VALUES "
                          + ", ".join("(?, ?)" for _ in filters.players) + "))")
        params += [value for identity in filters.players for value in identity]
    return conditions, params


def _where(*parts: tuple[list[str], list[object]]) -> tuple[str, list[object]]:
    conditions = [condition for part, _ in parts for condition in part]
    params = [value for _, values in parts for value in values]
    return ("WHERE " + " AND ".join(conditions) if conditions else ""), params


_SESSION_RESULTS = """
SELECT s.source, s.session_id, s.title, {started} AS started_at, s.ruleset, s.site, s.kind,
       s.currency, s.unit, s.hands, s.winner,
       p.player, p.seat, p.start_stack, p.final_stack, p.net, p.won_session, p.place
FROM sessions s JOIN session_players p USING (source, session_id)
{where}
ORDER BY s.started_utc NULLS FIRST, s.started_at, s.source, s.session_id, p.seat
"""


def session_results(con: duckdb.DuckDBPyConnection, filters: Filters = Filters()) -> pd.DataFrame:
    """One row per session and player: hands played, the player's result in the
    session's unit, his place (tournaments) and the winner (house sessions: N1)."""
    where, params = _where(_session_where(filters), _player_rows(filters))
    return frame(con, _SESSION_RESULTS.format(where=where, started=filters.clock("s.")),
                 params)


def session_count(con: duckdb.DuckDBPyConnection, filters: Filters = Filters()) -> int:
    where, params = _where(_session_where(filters))
    return int(con.execute(f"SELECT count(*) FROM sessions s {where}", params).fetchall()[0][0])


_SESSION_PAGE = """
WITH page AS (
    SELECT s.source, s.session_id, s.title, {started} AS started_at, s.started_utc,
           s.ruleset, s.site, s.kind, s.currency, s.unit, s.hands, s.winner
    FROM sessions s
    {where}
    ORDER BY s.started_utc DESC NULLS LAST, s.started_at DESC, s.source, s.session_id
    LIMIT ? OFFSET ?
),
results AS (
    SELECT p.source, p.session_id,
           list(p.player ORDER BY p.seat) AS players, list(p.net ORDER BY p.seat) AS nets,
           list(coalesce(p.place, 0) ORDER BY p.seat) AS places   -- 0: not stated
    FROM session_players p SEMI JOIN page USING (source, session_id)
    GROUP BY ALL
),
spans AS (
    SELECT h.source, h.session_id,
           coalesce(max(h.started_utc) - min(h.started_utc),
                    max(h.started_at) - min(h.started_at)) AS duration
    FROM hands h SEMI JOIN page USING (source, session_id)
    GROUP BY ALL
)
SELECT page.* EXCLUDE (started_utc), results.players, results.nets, results.places,
       spans.duration
FROM page LEFT JOIN results USING (source, session_id) LEFT JOIN spans USING (source, session_id)
ORDER BY page.started_utc DESC NULLS LAST, page.started_at DESC, page.source, page.session_id
"""


def session_page(con: duckdb.DuckDBPyConnection, filters: Filters, offset: int,
                 limit: int) -> pd.DataFrame:
    """One page of sessions, newest first: each player's net in the session's unit
    (``players``, ``nets`` and ``places``, in seat order; place 0: not stated), the
    winner, hands, duration."""
    where, params = _where(_session_where(filters))
    return frame(con, _SESSION_PAGE.format(where=where, started=filters.clock("s.")),
                 [*params, limit, offset])


def session_players(con: duckdb.DuckDBPyConnection, source: str,
                    session_id: str) -> pd.DataFrame:
    """Each player's stacks and net, in the session's unit, his place and whether he won."""
    return frame(con, "SELECT p.player, s.site, p.seat, p.start_stack, p.final_stack, p.net, "
                      "s.currency, s.unit, p.place, p.won_session "
                      "FROM session_players p JOIN sessions s USING (source, session_id) "
                      "WHERE p.source = ? AND p.session_id = ? ORDER BY p.seat",
                 [source, session_id])


_SESSION_HANDS = """
WITH winners AS (
    SELECT hand_id, list(player ORDER BY seat) AS winners, list(won ORDER BY seat) AS won
    FROM hand_players
    WHERE source = ? AND session_id = ? AND won > 0
    GROUP BY hand_id
)
SELECT h.number, h.hand_id, {started} AS started_at, h.button_player, h.pot, h.rake, h.currency,
       h.unit, h.ended, w.winners, w.won, h.violations
FROM hands h LEFT JOIN winners w USING (hand_id)
WHERE h.source = ? AND h.session_id = ?
ORDER BY h.number, h.hand_id
LIMIT ? OFFSET ?
"""


def session_hands(con: duckdb.DuckDBPyConnection, source: str, session_id: str,
                  offset: int, limit: int, tz: str | None = None) -> pd.DataFrame:
    """A page of the session's hands in order: its time (in ``tz``, else as the log
    states it), button, pot and rake, how the hand ended, its winners (``winners`` and
    what each ``won``, in seat order) and violations."""
    started = Filters(tz=tz).clock("h.")
    return frame(con, _SESSION_HANDS.format(started=started),
                 [source, session_id, source, session_id, limit, offset])


def session_violations(con: duckdb.DuckDBPyConnection, source: str,
                       session_id: str) -> pd.DataFrame:
    """The violations of the session as a whole (N1 and the like), not of a hand."""
    return frame(con, "SELECT rule, message, line FROM violations WHERE source = ? AND "
                      "session_id = ? AND hand_id IS NULL ORDER BY line",
                 [source, session_id])
