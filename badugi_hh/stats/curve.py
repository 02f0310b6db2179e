"""The win-rate graph: each player's running net over his hands, or over the days;
his result in each session, and at each stakes.

A curve per player (or person) and unit, since amounts of two units do not add;
the net is split into the part won or lost at showdowns and the part without.

>>> from badugi_hh.store import Store
>>> with Store(":memory:") as store:
...     list(winrate_by_stakes(store.connection).columns)
['player', 'site', 'kind', 'currency', 'unit', 'low', 'high', 'sessions', 'hands', 'net', \
'net_bb', 'bb_per_100']
"""

from __future__ import annotations

import duckdb
import pandas as pd

from badugi_hh.filters import STAKES_HIGH_SQL, STAKES_LOW_SQL, Filters
from badugi_hh.stats.query import (
    CHIP_ACCOUNT, NET_BB_SUM, frame, net_sum, owned, who, with_bb_per_100,
)

__all__ = ["CURVE_POINTS", "CURVE_SLICES", "EXACT_CURVE_ROWS", "cumulative_net",
           "winrate_by_date", "winrate_by_session", "winrate_by_stakes", "winrate_curve"]

#: Points per curve of :func:`winrate_curve`, about, when it has more hands: enough
#: for a chart's width, few enough for a browser to draw at once.
CURVE_POINTS = 500
#: Up to this many rows of hand_players the curve is computed hand by hand (a sort of
#: the rows); beyond, hands are first summed per slice of time, one of CURVE_SLICES,
#: which needs no sort of the hands and stays exact at each slice's end.
EXACT_CURVE_ROWS = 200_000
CURVE_SLICES = 20_000


#: The curves whose hands hold the chips of two tournaments (or of a tournament and a
#: home game): their chip amounts are not summed, their big blinds are.
_MIXED_CHIPS = f"""
SELECT {{who}}currency, unit FROM hand_players {{where}}
GROUP BY ALL HAVING min({CHIP_ACCOUNT}) <> max({CHIP_ACCOUNT})
"""
_NET_COLUMNS = ["net", "showdown_net", "non_showdown_net"]


def _chips_apart(con: duckdb.DuckDBPyConnection, filters: Filters,
                 curves: pd.DataFrame) -> pd.DataFrame:
    """``curves`` with no running net in chips where a curve crosses tournaments: the
    chips of one are worth nothing in another (its ``net_bb`` stays)."""
    where, params = filters.where()
    mixed = frame(con, _MIXED_CHIPS.format(who=who(filters), where=where), params)
    if mixed.empty or curves.empty:
        return curves
    keys = list(mixed.columns)
    crossing = curves[keys].merge(mixed.assign(mixed=True), how="left", on=keys)["mixed"]
    curves = curves.astype({column: "Int64" for column in _NET_COLUMNS})
    curves.loc[crossing.fillna(False).astype(bool).to_numpy(), _NET_COLUMNS] = pd.NA
    return curves


def _running(column: str) -> str:
    return f"TRY_CAST(sum({column}) OVER running AS BIGINT)"


_CUMULATIVE_NET = f"""
WITH running AS (
    SELECT {{who}}currency, unit, row_number() OVER running AS hand_index,
           count(*) OVER (PARTITION BY {{who}}currency, unit) AS player_hands,
           started_at, source, hand_id,
           {_running("net")} AS net,
           {_running("CASE WHEN went_to_showdown THEN net ELSE 0 END")} AS showdown_net,
           {_running("CASE WHEN went_to_showdown THEN 0 ELSE net END")} AS non_showdown_net,
           sum(net_bb) OVER running AS net_bb
    FROM hand_players
    {{where}}
    WINDOW running AS (PARTITION BY {{who}}currency, unit
                       ORDER BY started_at NULLS FIRST, source, number ROWS UNBOUNDED PRECEDING)
)
SELECT * EXCLUDE (player_hands) FROM running
WHERE hand_index % greatest(1, player_hands // ?) = 0 OR hand_index = player_hands
ORDER BY {{who}}currency, unit, hand_index
"""


def cumulative_net(con: duckdb.DuckDBPyConnection, filters: Filters = Filters(),
                   points: int | None = None) -> pd.DataFrame:
    """Each player's (or the person's) running net after each of his hands, in the
    order played, split into the part won or lost at showdowns and the part without;
    one curve per player and unit.

    ``points`` keeps about that many rows per curve (every n-th hand, and the last),
    so a graph of a million hands need not carry them all.
    """
    where, params = filters.where()
    every_hand = 2 ** 62   # player_hands // this is 0: no row is skipped
    curves = frame(con, _CUMULATIVE_NET.format(who=who(filters), where=where),
                   [*params, points or every_hand])
    return owned(_chips_apart(con, filters, curves), filters)


# A slice holds the hands of one stretch of the time between the first and the last
# filtered hand (hands without a time come first); hands at the same time share a
# slice, so the totals at a slice's end are those after its last hand in the order
# of cumulative_net.
_SLICED_CURVE = f"""
WITH filtered AS (
    SELECT {{who}}currency, unit, started_at, net, net_bb, went_to_showdown
    FROM hand_players {{where}}
),
span AS (SELECT min(epoch(started_at)) AS first, max(epoch(started_at)) AS last FROM filtered),
slices AS (
    SELECT {{who}}currency, unit,
           CASE WHEN started_at IS NULL THEN -1
                ELSE floor((epoch(started_at) - first) / greatest(last - first, 1)
                           * (? - 1))::BIGINT END AS slice,
           count(*) AS hands, sum(net) AS net,
           sum(CASE WHEN went_to_showdown THEN net ELSE 0 END) AS showdown_net,
           sum(CASE WHEN went_to_showdown THEN 0 ELSE net END) AS non_showdown_net,
           {NET_BB_SUM} AS net_bb
    FROM filtered, span
    GROUP BY ALL
),
running AS (
    SELECT {{who}}currency, unit, row_number() OVER running AS point,
           count(*) OVER (PARTITION BY {{who}}currency, unit) AS points,
           sum(hands) OVER running AS hands, {_running("net")} AS net,
           {_running("showdown_net")} AS showdown_net,
           {_running("non_showdown_net")} AS non_showdown_net,
           sum(net_bb) OVER running AS net_bb
    FROM slices
    WINDOW running AS (PARTITION BY {{who}}currency, unit ORDER BY slice
                       ROWS UNBOUNDED PRECEDING)
)
SELECT {{who}}currency, unit, hands::BIGINT AS hands, net, showdown_net, non_showdown_net,
       net_bb
FROM running
WHERE point % greatest(1, points // ?) = 0 OR point = points
ORDER BY {{who}}currency, unit, hands
"""

_CURVE_COLUMNS = ["currency", "unit", "hands", "net", "showdown_net", "non_showdown_net",
                  "net_bb"]


def winrate_curve(con: duckdb.DuckDBPyConnection, filters: Filters = Filters(),
                  points: int = CURVE_POINTS,
                  exact_rows: int = EXACT_CURVE_ROWS) -> pd.DataFrame:
    """:func:`cumulative_net` at about ``points`` hands of each curve and its last
    (``hands`` counts them); summed per slice of time first when the selection has
    more than ``exact_rows`` rows, which passes through the exact curve at each
    slice's end."""
    where, params = filters.where()
    rows = con.execute(f"SELECT count(*) FROM hand_players {where}", params).fetchall()[0][0]
    if rows <= exact_rows:
        curve = cumulative_net(con, filters, points).rename(columns={"hand_index": "hands"})
        columns = [column for column in ("person", "player", "site") if column in curve]
        return curve[[*columns, *_CURVE_COLUMNS]].reset_index(drop=True)
    sql = _SLICED_CURVE.format(who=who(filters), where=where)
    curves = frame(con, sql, [*params, CURVE_SLICES, points])
    return owned(_chips_apart(con, filters, curves), filters)


_BY_DATE = f"""
WITH days AS (
    SELECT {{who}}currency, unit, ({{clock}})::DATE AS day, count(*) AS day_hands,
           sum(net) AS day_net,
           sum(CASE WHEN went_to_showdown THEN net ELSE 0 END) AS day_showdown_net,
           {NET_BB_SUM} AS day_net_bb
    FROM hand_players
    {{where}}
    GROUP BY ALL
)
SELECT {{who}}currency, unit, day,
       (sum(day_hands) OVER running)::BIGINT AS hands,
       {_running("day_net")} AS net,
       {_running("day_showdown_net")} AS showdown_net,
       {_running("day_net - day_showdown_net")} AS non_showdown_net,
       sum(day_net_bb) OVER running AS net_bb
FROM days
WINDOW running AS (PARTITION BY {{who}}currency, unit ORDER BY day ROWS UNBOUNDED PRECEDING)
ORDER BY {{who}}currency, unit, day
"""


def winrate_by_date(con: duckdb.DuckDBPyConnection,
                    filters: Filters = Filters()) -> pd.DataFrame:
    """The win-rate graph over the days: each curve's running totals (hands, net and
    its showdown parts, big blinds) at the end of each day it has hands on, days on the
    filters' clock. Hands without a time are left out."""
    where, params = filters.where()
    dated = f"{where} AND started_at IS NOT NULL" if where else "WHERE started_at IS NOT NULL"
    sql = _BY_DATE.format(who=who(filters), where=dated, clock=filters.clock())
    return owned(_chips_apart(con, filters, frame(con, sql, params)), filters)


_BY_SESSION = f"""
WITH results AS (
    SELECT {{who}}currency, unit, source, session_id, game, min({{clock}}) AS started_at,
           count(*) AS hands, {net_sum("net")} AS net, {NET_BB_SUM} AS net_bb
    FROM hand_players
    {{where}}
    GROUP BY ALL
)
SELECT results.*, coalesce(sessions.title, '') AS title
FROM results LEFT JOIN sessions USING (source, session_id)
ORDER BY {{who}}started_at NULLS FIRST, source, session_id, currency, unit
"""


def winrate_by_session(con: duckdb.DuckDBPyConnection,
                       filters: Filters = Filters()) -> pd.DataFrame:
    """The win rate session by session: per player (or person), unit and session (its
    file and id, its game, its title, ``''`` for none, and its first hand's time on the
    filters' clock), the session's hands, net, net_bb and bb_per_100, in the order
    played whatever the unit (a session without a time first). A session's net in
    chips is NULL where its hands hold the chips of two tournaments
    (:func:`~badugi_hh.stats.query.net_sum`)."""
    where, params = filters.where()
    sql = _BY_SESSION.format(who=who(filters), where=where, clock=filters.clock())
    return owned(with_bb_per_100(frame(con, sql, params)), filters)


# The stakes of each hand as its site names them (badugi_hh.filters.STAKES_LOW_SQL):
# joined by USING, so that no column of hand_players is ambiguous for the filters.
_BY_STAKES = f"""
WITH stakes AS (
    SELECT source, hand_id, {STAKES_LOW_SQL} AS low, {STAKES_HIGH_SQL} AS high FROM hands
)
SELECT {{who}}kind, currency, unit, low, high,
       count(DISTINCT (source, session_id)) AS sessions, count(*) AS hands,
       {net_sum("net")} AS net, {NET_BB_SUM} AS net_bb
FROM hand_players JOIN stakes USING (source, hand_id)
{{where}}
GROUP BY ALL
ORDER BY {{who}}kind, currency, unit, high, low
"""


def winrate_by_stakes(con: duckdb.DuckDBPyConnection,
                      filters: Filters = Filters()) -> pd.DataFrame:
    """The win rate at each stakes: per player (or person), kind (cash, tournament,
    home), unit and stakes (``low`` and ``high`` in the smallest unit: the small and
    big bet of a fixed-limit game, the blinds of the others;
    :func:`~badugi_hh.filters.stakes_text` writes them), the sessions and hands, net,
    net_bb and bb_per_100. Tournament chips of two tournaments at one level are not
    added: their net is NULL, their big blinds are summed."""
    where, params = filters.where()
    sql = _BY_STAKES.format(who=who(filters), where=where)
    return owned(with_bb_per_100(frame(con, sql, params)), filters)
