"""Tournaments: one row per tournament and player, and each player's results in money.

A tournament is its site and id. What the store holds of it comes from its summary
file and from the hands of its tables (``tournaments``, ``tournament_results``, one row
per file); a summary's word comes first, the hands fill in what it leaves out. The
chips of a tournament never leave it: its result is money, the prize less the buy-in
and fee, in the buy-in's currency.

A player who entered again (a re-entry) has a result per entry, each its own row, each
counted as a tournament played with its own cost. Which entry a row is follows from its
place: an entry ends before the next one begins, so among one file's rows of a player the
worst place is his first entry and the best (or still playing) his last.

A result *counts* when its prize is known: a summary states it, or the hands of a site
that writes the prize with the place (PokerStars). ``itm`` is the share of counted
results that won a prize; ``roi`` is their net over what they cost (buy-in and fee).
"""

from __future__ import annotations

import duckdb
import pandas as pd

from badugi_hh.filters import Filters
from badugi_hh.stats.query import frame, owned, who

__all__ = ["tournament_results", "tournament_totals"]

#: Each file's rows, the summary's first (rank 0), then merged per tournament and player.
#: A summary that names no game (Winamax's before its ``Levels`` line, docs/format.md)
#: leaves it to the hands.
_MERGED = """
WITH facts AS (
    SELECT site, tournament_id,
           coalesce(first(game ORDER BY origin = 'hands', line) FILTER (WHERE game <> ''),
                    '') AS game,
           first(buy_in ORDER BY origin = 'hands') FILTER (WHERE buy_in IS NOT NULL) AS buy_in,
           first(fee ORDER BY origin = 'hands') FILTER (WHERE fee IS NOT NULL) AS fee,
           first(currency ORDER BY buy_in IS NULL, origin = 'hands') AS currency,
           first(unit ORDER BY buy_in IS NULL, origin = 'hands') AS unit,
           max(entrants) AS entrants,
           max(prize_pool) AS prize_pool,
           min(started_utc) AS started_utc,
           min(started_at) AS started_at
    FROM tournaments GROUP BY site, tournament_id
),
entries AS (
    SELECT *, row_number() OVER (PARTITION BY source, site, tournament_id, origin, player
                                 ORDER BY place DESC NULLS LAST, line) AS entry
    FROM tournament_results
),
results AS (
    SELECT site, tournament_id, player, entry,
           first(place ORDER BY origin = 'hands') FILTER (WHERE place IS NOT NULL) AS place,
           first(prize ORDER BY origin = 'hands') FILTER (WHERE prize IS NOT NULL) AS prize
    FROM entries GROUP BY site, tournament_id, player, entry
),
rows AS (
    SELECT r.site, r.tournament_id, f.game, {started} AS started, f.buy_in, f.fee,
           f.currency, f.unit, f.entrants, r.player, r.entry, r.place, r.prize,
           f.buy_in + coalesce(f.fee, 0) AS cost,
           r.prize - (f.buy_in + coalesce(f.fee, 0)) AS net
    FROM results r JOIN facts f USING (site, tournament_id)
)
"""

_RESULTS = _MERGED + """
SELECT {person}site, tournament_id, game, started, buy_in, fee, currency, unit, entrants,
       player, entry, place, prize, net
FROM rows {where}
ORDER BY started NULLS LAST, site, tournament_id, place NULLS LAST, player, entry
"""

_TOTALS = _MERGED + """
SELECT {who}currency, unit,
       count(*) AS tournaments,
       count(prize) AS counted,
       -- none counted: not known, not none in the money
       CASE WHEN count(prize) > 0 THEN count(*) FILTER (WHERE prize > 0) END AS cashes,
       count(*) FILTER (WHERE prize > 0) / nullif(count(prize), 0) AS itm,
       sum(cost) FILTER (WHERE prize IS NOT NULL) AS cost,
       sum(prize) AS prizes,
       sum(net) AS net,
       sum(net) / nullif(sum(cost) FILTER (WHERE prize IS NOT NULL), 0) AS roi
FROM rows {where}
GROUP BY {who}currency, unit
ORDER BY {who}currency
"""


def _conditions(filters: Filters) -> tuple[str, list[object]]:
    """The filters a tournament row answers: the player (or person), site, game, days."""
    clauses: list[str] = []
    params: list[object] = []
    if filters.players:
        clauses.append("(" + " OR ".join("(site = ? AND player = ?)"
                                          for _ in filters.players) + ")")
        params += [value for identity in filters.players for value in identity]
    for column, value in (("player", filters.player), ("site", filters.site),
                          ("game", filters.game)):
        if value is not None:
            clauses.append(f"{column} = ?")
            params.append(value)
    if filters.date_from is not None:
        clauses.append("started::DATE >= ?")
        params.append(filters.date_from)
    if filters.date_to is not None:
        clauses.append("started::DATE <= ?")
        params.append(filters.date_to)
    return ("WHERE " + " AND ".join(clauses) if clauses else ""), params


def _started(filters: Filters) -> str:
    """The start on the one clock the filters name, else as the files state it."""
    return filters.clock("f.")


def tournament_results(con: duckdb.DuckDBPyConnection,
                       filters: Filters = Filters()) -> pd.DataFrame:
    """One row per tournament, player and entry (1, or 2 and on for a re-entry): site, id,
    game, start (on the filters' clock), buy-in, fee, currency and unit, entrants (None:
    unknown), place (None: not known, or
    still playing), prize (None: not known) and net, in the smallest unit."""
    where, params = _conditions(filters)
    person = "? AS person, " if filters.by_person else ""
    sql = _RESULTS.format(started=_started(filters), where=where, person=person)
    return frame(con, sql, ([filters.person] if filters.by_person else []) + params)


def tournament_totals(con: duckdb.DuckDBPyConnection,
                      filters: Filters = Filters()) -> pd.DataFrame:
    """Per player (or the person) and buy-in currency: tournaments played, those whose
    result counts, cashes (None where none counts), ``itm`` (a share), what the counted ones cost, their prizes,
    ``net`` and ``roi`` (net over cost), amounts in the smallest unit."""
    where, params = _conditions(filters)
    sql = _TOTALS.format(started=_started(filters), where=where, who=who(filters))
    return owned(frame(con, sql, params), filters)
