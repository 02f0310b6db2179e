"""Each player's results and betting habits, by unit and by position; what a selection holds.

The figures read ``hand_players`` alone, one row per hand and player, so they stay
fast on millions of hands. A row is a player (site and name) in one unit, or, when
the filters name a person, that person in one unit, summed over his names.
"""

from __future__ import annotations

from typing import Any

import duckdb
import pandas as pd

from badugi_hh.filters import Filters
from badugi_hh.stats.query import (
    NET_BB_SUM, counted, frame, net_sum, owned, share, who, with_bb_per_100,
)

__all__ = ["HABITS", "POSITION_ORDER", "coverage", "coverage_line", "overview", "player_stats",
           "position_stats"]

#: Each betting habit of ``hand_players`` rows: the SQL of the figure, and the SQL
#: counting the chances it is a share of (its sample size, ``n``). docs/schema.md
#: defines them; :mod:`badugi_hh.stats.opponents` shows them with their ``n``.
HABITS: dict[str, tuple[str, str]] = {
    "vpip": ("avg(vpip::DOUBLE)", "count(*)"),
    "pfr": ("avg(pfr::DOUBLE)", "count(*)"),
    "three_bet": (share("three_bet", "three_bet_chance"), counted("three_bet_chance")),
    "aggression_factor": ("(sum(bets) + sum(raises)) / nullif(sum(calls), 0)",
                          "sum(bets) + sum(raises) + sum(calls)"),
    "aggression_frequency": ("(sum(bets) + sum(raises)) "
                             "/ nullif(sum(bets) + sum(raises) + sum(calls) + sum(folds), 0)",
                             "sum(bets) + sum(raises) + sum(calls) + sum(folds)"),
    "went_to_showdown": (share("went_to_showdown", "saw_first_draw"),
                         counted("saw_first_draw")),
    "won_at_showdown": (share("won_at_showdown", "went_to_showdown"),
                        counted("went_to_showdown")),
    **{f"fold_to_bet_round{n}": (share(f"round{n}_folded_to_bet", f"round{n}_faced_bet"),
                                 counted(f"round{n}_faced_bet")) for n in range(1, 5)},
}


def _habit(name: str) -> str:
    return f"{HABITS[name][0]} AS {name}"


_PLAYER_STATS = f"""
SELECT {{who}}currency, unit,
       count(*) AS hands,
       {net_sum("net")} AS net,
       {NET_BB_SUM} AS net_bb,
       {", ".join(_habit(name) for name in ("vpip", "pfr", "three_bet", "aggression_factor",
                                           "aggression_frequency", "went_to_showdown",
                                           "won_at_showdown"))},
       {counted("won_without_showdown")} AS won_without_showdown,
       {", ".join(_habit(f"fold_to_bet_round{n}") for n in range(1, 5))}
FROM hand_players
{{where}}
GROUP BY {{who}}currency, unit
ORDER BY hands DESC, {{who}}currency
"""


def player_stats(con: duckdb.DuckDBPyConnection, filters: Filters = Filters()) -> pd.DataFrame:
    """One row per player (site and name), or person, and unit: results, preflop-style
    habits, aggression, showdowns and folds to a bet per round (docs/schema.md). The
    figures that depend on the game are :func:`~badugi_hh.stats.games.game_stats`'s."""
    where, params = filters.where()
    result = frame(con, _PLAYER_STATS.format(who=who(filters), where=where), params)
    return owned(with_bb_per_100(result), filters)


#: Positions in the order they act before the draw, for sorting.
POSITION_ORDER = ("UTG", "UTG+1", "UTG+2", "UTG+3", "UTG+4", "MP", "HJ", "CO", "BTN", "SB",
                  "BB", "")

_POSITION_STATS = f"""
SELECT {{who}}position, currency, unit, count(*) AS hands, {net_sum("net")} AS net,
       {NET_BB_SUM} AS net_bb, avg(vpip::DOUBLE) AS vpip, avg(pfr::DOUBLE) AS pfr
FROM hand_players
{{where}}
GROUP BY {{who}}position, currency, unit
ORDER BY {{who}}currency, coalesce(list_position(?, position), 99)
"""


def position_stats(con: duckdb.DuckDBPyConnection, filters: Filters = Filters()) -> pd.DataFrame:
    """Per player (or person), unit and position (BTN, SB, BB, UTG... CO): hands, net,
    bb/100, VPIP and PFR."""
    where, params = filters.where()
    result = frame(con, _POSITION_STATS.format(who=who(filters), where=where),
                   [*params, list(POSITION_ORDER)])
    return owned(with_bb_per_100(result), filters)


_OVERVIEW = """
SELECT count(DISTINCT (source, hand_id)) AS hands,
       count(DISTINCT (source, session_id)) AS sessions,
       count(DISTINCT (site, player)) AS players,
       min({clock}) AS first_hand_at,
       max({clock}) AS last_hand_at
FROM hand_players
{where}
"""


def overview(con: duckdb.DuckDBPyConnection, filters: Filters = Filters()) -> dict[str, Any]:
    """Hands, sessions, players (a site and a name each) and dates of the hands that
    pass the filters, and the files, violations and quarantined texts of the whole
    database.

    >>> from badugi_hh.store import Store
    >>> with Store(":memory:") as store:
    ...     overview(store.connection)
    {'hands': 0, 'sessions': 0, 'players': 0, 'first_hand_at': None, 'last_hand_at': None, 'files': 0, 'violations': 0, 'quarantined': 0}
    """
    where, params = filters.where()
    cursor = con.execute(_OVERVIEW.format(where=where, clock=filters.clock()), params)
    names = [column[0] for column in cursor.description]
    figures: dict[str, Any] = dict(zip(names, cursor.fetchall()[0]))
    totals = con.execute("SELECT (SELECT count(*) FROM sources), (SELECT count(*) FROM "
                         "violations), (SELECT count(*) FROM quarantine)").fetchall()[0]
    figures.update(zip(("files", "violations", "quarantined"), totals))
    return figures


_COVERAGE = """
WITH files AS (SELECT DISTINCT source FROM hand_players {where})
SELECT (SELECT count(DISTINCT (source, hand_id)) FROM hand_players {where}) AS hands_read,
       (SELECT count(*) FROM quarantine WHERE hand_lost AND {scope}) AS unreadable,
       (SELECT count(*) FROM quarantine WHERE NOT hand_lost AND {scope}) AS damaged_lines,
       (SELECT count(*) FROM skipped WHERE {scope}) AS skipped,
       (SELECT coalesce(map(list(game), list(hands)), MAP {{}})
        FROM (SELECT game, count(*) AS hands FROM skipped WHERE {scope}
              GROUP BY game ORDER BY hands DESC, game)) AS skipped_by_game
"""


def coverage(con: duckdb.DuckDBPyConnection, filters: Filters = Filters()) -> dict[str, Any]:
    """How much of the selection could be read: its hands, and the hands of its files
    that could not be read (quarantined) or were skipped (games not audited, by game).

    Unreadable text has no player or date, so with filters it is counted over the
    files the selection's hands come from; without, over the whole database.

    >>> from badugi_hh.store import Store
    >>> with Store(":memory:") as store:
    ...     coverage(store.connection)["hands"]
    0
    """
    where, params = filters.where()
    scope = "source IN (SELECT source FROM files)" if where else "TRUE"
    cursor = con.execute(_COVERAGE.format(where=where, scope=scope), [*params, *params])
    names = [column[0] for column in cursor.description]
    figures: dict[str, Any] = dict(zip(names, cursor.fetchall()[0]))
    figures["hands"] = figures["hands_read"] + figures["unreadable"] + figures["skipped"]
    return figures


def coverage_line(figures: dict[str, Any]) -> str:
    """The coverage in one sentence; never silent about what was left out.

    >>> coverage_line({"hands": 78, "hands_read": 72, "unreadable": 6, "damaged_lines": 0,
    ...                "skipped": 0, "skipped_by_game": {}})
    '72 of 78 hands read; 6 unreadable'
    >>> coverage_line({"hands": 5, "hands_read": 2, "unreadable": 0, "damaged_lines": 1,
    ...                "skipped": 3, "skipped_by_game": {"Razz": 3}})
    '2 of 5 hands read; 3 skipped (not audited: Razz 3); 1 unreadable line in hands kept'
    """
    parts = [f"{figures['hands_read']:,} of {figures['hands']:,} hands read"]
    if figures["unreadable"]:
        parts.append(f"{figures['unreadable']:,} unreadable")
    if figures["skipped"]:
        games = ", ".join(f"{game} {count:,}" for game, count in
                          dict(figures["skipped_by_game"]).items())
        parts.append(f"{figures['skipped']:,} skipped (not audited: {games})")
    if figures["damaged_lines"]:
        lines = figures["damaged_lines"]
        parts.append(f"{lines:,} unreadable line{'s' if lines != 1 else ''} in hands kept")
    return "; ".join(parts)
