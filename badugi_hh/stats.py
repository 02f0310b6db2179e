"""Statistics of the stored hands, in SQL: one function per table of figures.

Money is never added across units: every figure in money (``net``) comes with
the ``currency`` and ``unit`` it is counted in, and the rows are grouped by
them; a player with cash and tournament hands has a row for each. Big blinds
(``net_bb``, ``bb_per_100``) compare across units.

Every function takes a DuckDB connection (``Store(...).connection``) and
:class:`Filters`, and returns a :class:`pandas.DataFrame`; the command line
prints them and the dashboard plots them. What the user types (a player, a
session, dates) reaches SQL only as bound parameters. The per-player figures
read ``hand_players`` alone, one row per hand and player, so they stay fast
on millions of hands. docs/schema.md defines every figure; shares are
fractions from 0 to 1, NaN when the figure has no hand to count (a 3-bet
share of a player who never faced a raise).

>>> from badugi_hh.store import Store
>>> with Store(":memory:") as store:
...     player_stats(store.connection, Filters(player="Ana")).empty
True
"""

from __future__ import annotations

import dataclasses
import tempfile
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from pathlib import Path

import duckdb
import pandas as pd

__all__ = [
    "Filters", "bench_stats_query", "coverage", "coverage_line", "cumulative_net", "draw_habits",
    "overview", "player_stats", "position_stats", "session_results", "violations_by_rule",
]


@dataclass(frozen=True, slots=True)
class Filters:
    """Which hands count; ``None`` is no restriction. Dates are whole days, both included."""

    player: str | None = None
    session: str | None = None
    ruleset: str | None = None
    date_from: date | None = None
    date_to: date | None = None
    site: str | None = None
    """``pokerstars``...; ``''`` for the house logs."""
    game: str | None = None
    currency: str | None = None
    """``USD``, ``EUR``... or ``chips``."""
    kind: str | None = None
    """``cash``, ``tournament`` or ``home``."""

    def where(self, *, player: str = "player", session: str = "session_id",
              ruleset: str = "ruleset", started_at: str = "started_at", prefix: str = "",
              ) -> tuple[str, list[object]]:
        """A ``WHERE`` clause over the named columns, and its parameters; ``prefix``
        qualifies the columns of site, game, currency and kind (``s.``).

        >>> Filters(player="Ana", date_to=date(2024, 1, 31)).where()
        ('WHERE player = ? AND started_at < ?', ['Ana', datetime.datetime(2024, 2, 1, 0, 0)])
        >>> Filters(currency="USD").where(prefix="s.")
        ('WHERE s.currency = ?', ['USD'])
        >>> Filters().where()
        ('', [])
        """
        clauses: list[str] = []
        params: list[object] = []
        for column, value in ((player, self.player), (session, self.session),
                              (ruleset, self.ruleset), (f"{prefix}site", self.site),
                              (f"{prefix}game", self.game), (f"{prefix}currency", self.currency),
                              (f"{prefix}kind", self.kind)):
            if value is not None:
                clauses.append(f"{column} = ?")
                params.append(value)
        if self.date_from is not None:
            clauses.append(f"{started_at} >= ?")
            params.append(_midnight(self.date_from))
        if self.date_to is not None:
            clauses.append(f"{started_at} < ?")
            params.append(_midnight(self.date_to) + timedelta(days=1))
        return ("WHERE " + " AND ".join(clauses) if clauses else ""), params


def _midnight(day: date) -> datetime:
    return datetime(day.year, day.month, day.day)


def _frame(con: duckdb.DuckDBPyConnection, sql: str, params: list[object]) -> pd.DataFrame:
    return con.execute(sql, params).df()


def _count(condition: str) -> str:
    """SQL counting the rows where ``condition`` holds (a BIGINT, unlike count_if)."""
    return f"count(*) FILTER (WHERE {condition})"


def _share(hits: str, chances: str) -> str:
    """SQL for hits / chances as a fraction, NULL when there is no chance."""
    return f"{_count(hits)} / nullif({_count(chances)}, 0)"


#: The sum of the big blinds won, exact: doubles added in another order (a dataset's
#: files, DuckDB's threads) differ in their last digits, so the same hands would not
#: give the same figures. Each hand's figure is kept to a millionth of a big blind.
NET_BB_SUM = "sum(net_bb::DECIMAL(18, 6))::DOUBLE"

_PLAYER_STATS = f"""
SELECT player, site, currency, unit,
       count(*) AS hands,
       sum(net)::BIGINT AS net,
       {NET_BB_SUM} AS net_bb,
       100 * {NET_BB_SUM} / count(*) AS bb_per_100,
       avg(vpip::DOUBLE) AS vpip,
       avg(pfr::DOUBLE) AS pfr,
       {_share("three_bet", "three_bet_chance")} AS three_bet,
       (sum(bets) + sum(raises)) / nullif(sum(calls), 0) AS aggression_factor,
       (sum(bets) + sum(raises))
           / nullif(sum(bets) + sum(raises) + sum(calls) + sum(folds), 0) AS aggression_frequency,
       {_share("went_to_showdown", "saw_first_draw")} AS went_to_showdown,
       {_share("won_at_showdown", "went_to_showdown")} AS won_at_showdown,
       {_count("won_without_showdown")} AS won_without_showdown,
       {_share("round1_folded_to_bet", "round1_faced_bet")} AS fold_to_bet_round1,
       {_share("round2_folded_to_bet", "round2_faced_bet")} AS fold_to_bet_round2,
       {_share("round3_folded_to_bet", "round3_faced_bet")} AS fold_to_bet_round3,
       {_share("round4_folded_to_bet", "round4_faced_bet")} AS fold_to_bet_round4,
       avg(snowed::DOUBLE) AS snow,
       avg(badugi_after_final_draw::DOUBLE) AS badugi_by_final_draw,
       {_count("won_badugi_half IS NOT NULL")} AS split_showdowns,
       avg(won_badugi_half::DOUBLE) AS won_badugi_half,
       avg(won_lowball_half::DOUBLE) AS won_lowball_half,
       avg((won_badugi_half AND won_lowball_half)::DOUBLE) AS scooped
FROM hand_players
{{where}}
GROUP BY player, site, currency, unit
ORDER BY hands DESC, player, site, currency
"""


def player_stats(con: duckdb.DuckDBPyConnection, filters: Filters = Filters()) -> pd.DataFrame:
    """One row per player (site and name) and unit: results, preflop-style habits,
    aggression, showdowns, folds to a bet per round, snowing and made badugis, and in
    the split games the halves won at a showdown (see docs/schema.md)."""
    where, params = filters.where()
    return _frame(con, _PLAYER_STATS.format(where=where), params)


_DRAW_HABITS = f"""
WITH drawn AS (
    UNPIVOT (SELECT player, draw1_cards AS "1", draw2_cards AS "2", draw3_cards AS "3"
             FROM hand_players {{where}})
    ON "1", "2", "3" INTO NAME draw VALUE cards
)
SELECT player, draw::INTEGER AS draw,
       count(*) AS draws,
       avg((cards = 0)::DOUBLE) AS stand_pat,
       avg(cards) AS mean_cards_drawn,
       {", ".join(f"{_count(f'cards = {n}')} AS drew_{n}" for n in range(6))}
FROM drawn
GROUP BY ALL
ORDER BY player, draw
"""


def draw_habits(con: duckdb.DuckDBPyConnection, filters: Filters = Filters()) -> pd.DataFrame:
    """Per player and draw (1-3): how often he stands pat, how many cards he draws
    on average, and how many times he drew 0, 1, 2, 3 and 4 cards."""
    where, params = filters.where()
    return _frame(con, _DRAW_HABITS.format(where=where), params)


#: Positions in the order they act before the draw, for sorting.
POSITION_ORDER = ("UTG", "UTG+1", "UTG+2", "UTG+3", "UTG+4", "MP", "HJ", "CO", "BTN", "SB",
                  "BB", "")

_POSITION_STATS = f"""
SELECT player, site, position, currency, unit, count(*) AS hands, sum(net)::BIGINT AS net,
       {NET_BB_SUM} AS net_bb, 100 * {NET_BB_SUM} / count(*) AS bb_per_100,
       avg(vpip::DOUBLE) AS vpip, avg(pfr::DOUBLE) AS pfr
FROM hand_players
{{where}}
GROUP BY player, site, position, currency, unit
ORDER BY player, site, currency, coalesce(list_position(?, position), 99)
"""


def position_stats(con: duckdb.DuckDBPyConnection, filters: Filters = Filters()) -> pd.DataFrame:
    """Per player, unit and position (BTN, SB, BB, UTG... CO): hands, net, bb/100,
    VPIP and PFR."""
    where, params = filters.where()
    return _frame(con, _POSITION_STATS.format(where=where), [*params, list(POSITION_ORDER)])


_SESSION_RESULTS = """
SELECT s.source, s.session_id, s.title, s.started_at, s.ruleset, s.site, s.kind,
       s.currency, s.unit, s.hands, s.winner,
       p.player, p.seat, p.start_stack, p.final_stack, p.net, p.won_session, p.place
FROM sessions s JOIN session_players p USING (source, session_id)
{where}
ORDER BY s.started_at NULLS FIRST, s.source, s.session_id, p.seat
"""


def session_results(con: duckdb.DuckDBPyConnection, filters: Filters = Filters()) -> pd.DataFrame:
    """One row per session and player: hands played, the player's result in the
    session's unit, his place (tournaments) and the winner (house sessions: N1)."""
    where, params = filters.where(player="p.player", session="s.session_id",
                                  ruleset="s.ruleset", started_at="s.started_at", prefix="s.")
    return _frame(con, _SESSION_RESULTS.format(where=where), params)


_CUMULATIVE_NET = """
WITH running AS (
    SELECT player, currency, unit, row_number() OVER running AS hand_index,
           count(*) OVER (PARTITION BY player, currency, unit) AS player_hands,
           started_at, source, hand_id,
           (sum(net) OVER running)::BIGINT AS net,
           (sum(CASE WHEN went_to_showdown THEN net ELSE 0 END) OVER running)::BIGINT
               AS showdown_net,
           (sum(CASE WHEN went_to_showdown THEN 0 ELSE net END) OVER running)::BIGINT
               AS non_showdown_net,
           sum(net_bb) OVER running AS net_bb
    FROM hand_players
    {where}
    WINDOW running AS (PARTITION BY player, currency, unit
                       ORDER BY started_at NULLS FIRST, source, number ROWS UNBOUNDED PRECEDING)
)
SELECT * EXCLUDE (player_hands) FROM running
WHERE hand_index % greatest(1, player_hands // ?) = 0 OR hand_index = player_hands
ORDER BY player, currency, unit, hand_index
"""


def cumulative_net(con: duckdb.DuckDBPyConnection, filters: Filters = Filters(),
                   points: int | None = None) -> pd.DataFrame:
    """Each player's running net after each of his hands, in the order played, split
    into the part won or lost at showdowns and the part without (the win-rate graph);
    one curve per player and unit, since amounts of two units do not add.

    ``points`` keeps about that many rows per player (every n-th hand, and his
    last), so a graph of a million hands need not carry them all.
    """
    where, params = filters.where()
    every_hand = 2 ** 62   # player_hands // this is 0: no row is skipped
    return _frame(con, _CUMULATIVE_NET.format(where=where), [*params, points or every_hand])


_VIOLATIONS_BY_RULE = """
SELECT v.rule, any_value(r.title) AS title, count(*) AS violations,
       count(DISTINCT (v.source, v.hand_id)) FILTER (WHERE v.hand_id IS NOT NULL) AS hands,
       count(DISTINCT v.source) AS files
FROM violations v
LEFT JOIN rules r USING (rule)
LEFT JOIN hands h USING (source, hand_id)
LEFT JOIN sessions s ON s.source = v.source AND s.session_id = v.session_id
{where}
GROUP BY v.rule
ORDER BY violations DESC, v.rule
"""

#: A violation concerns a player when it is in a hand he played, or (for a
#: session-level violation) in a session he played.
_PLAYER_IN_VIOLATION = """(EXISTS (SELECT 1 FROM hand_players hp WHERE hp.source = v.source
    AND hp.hand_id = v.hand_id AND hp.player = ?) OR (v.hand_id IS NULL AND EXISTS (
    SELECT 1 FROM session_players sp WHERE sp.source = v.source
    AND sp.session_id = v.session_id AND sp.player = ?)))"""


def violations_by_rule(con: duckdb.DuckDBPyConnection,
                       filters: Filters = Filters()) -> pd.DataFrame:
    """Per rule id: its title, how many violations, in how many hands and files."""
    where, params = dataclasses.replace(filters, player=None).where(
        session="v.session_id", ruleset="coalesce(h.ruleset, s.ruleset)",
        started_at="coalesce(h.started_at, s.started_at)", prefix="s.")
    if filters.player is not None:
        where = f"{where} AND {_PLAYER_IN_VIOLATION}" if where else \
            f"WHERE {_PLAYER_IN_VIOLATION}"
        params += [filters.player, filters.player]
    return _frame(con, _VIOLATIONS_BY_RULE.format(where=where), params)


_OVERVIEW = """
SELECT count(DISTINCT (source, hand_id)) AS hands,
       count(DISTINCT (source, session_id)) AS sessions,
       count(DISTINCT player) AS players,
       min(started_at) AS first_hand_at,
       max(started_at) AS last_hand_at
FROM hand_players
{where}
"""


def overview(con: duckdb.DuckDBPyConnection, filters: Filters = Filters()) -> dict[str, object]:
    """Hands, sessions, players and dates of the hands that pass the filters, and
    the files, violations and quarantined texts of the whole database.

    >>> from badugi_hh.store import Store
    >>> with Store(":memory:") as store:
    ...     overview(store.connection)
    {'hands': 0, 'sessions': 0, 'players': 0, 'first_hand_at': None, 'last_hand_at': None, 'files': 0, 'violations': 0, 'quarantined': 0}
    """
    where, params = filters.where()
    cursor = con.execute(_OVERVIEW.format(where=where), params)
    names = [column[0] for column in cursor.description]
    figures: dict[str, object] = dict(zip(names, cursor.fetchall()[0]))
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


def coverage(con: duckdb.DuckDBPyConnection, filters: Filters = Filters()) -> dict[str, object]:
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
    figures: dict[str, object] = dict(zip(names, cursor.fetchall()[0]))
    figures["hands"] = figures["hands_read"] + figures["unreadable"] + figures["skipped"]
    return figures


def coverage_line(figures: dict[str, object]) -> str:
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


# -- benchmark -------------------------------------------------------------------------

#: hand_players columns the benchmark fills with something other than a coin toss.
_BENCH_VALUES = {
    "source": "'bench.txt'",
    "hand_id": "'bench#' || (i // 2)",
    "player": "CASE WHEN i % 2 = 0 THEN 'Ana' ELSE 'Bruno' END",
    "session_id": "'bench-' || (i // 24)",
    "number": "(i // 2) % 12 + 1",
    "started_at": "TIMESTAMP '2024-01-01 20:00' + to_minutes((i // 2) * 3)",
    "ruleset": "'house'",
    "seat": "i % 2 + 1",
    "position": "CASE WHEN (i + i // 2) % 2 = 0 THEN 'BTN' ELSE 'BB' END",
    "site": "''",
    "game": "'badugi'",
    "kind": "'home'",
    "currency": "'chips'",
    "unit": "1",
    "big_blind_size": "2",
    "net": "(hash(i, 'net') % 41)::BIGINT - 20",
    "net_bb": "((hash(i, 'net') % 41)::BIGINT - 20) / 2",
    "folded_in_round": "NULL",
    "snowed": "CASE WHEN hash(i, 'pat') % 5 = 0 THEN hash(i, 'snow') % 3 = 0 END",
    "badugi_after_final_draw": "CASE WHEN hash(i, 'final') % 2 = 0 "
                               "THEN hash(i, 'made') % 3 = 0 END",
}


def _bench_column(name: str, sql_type: str) -> str:
    if name in _BENCH_VALUES:
        return f"{_BENCH_VALUES[name]} AS {name}"
    if sql_type == "BOOLEAN":
        return f"hash(i, '{name}') % 3 = 0 AS {name}"
    return f"(hash(i, '{name}') % 5)::{sql_type} AS {name}"


def bench_stats_query(hands: int = 1_000_000, repeats: int = 5) -> dict[str, float]:
    """Latency of :func:`player_stats` over ``hands`` heads-up hands (2 rows each).

    The ``hand_players`` rows are synthesised with SQL, not imported: values are
    pseudo-random, the shape (two players, 12-hand sessions, a hand every three
    minutes) is a real database's. The database is a file, as in use.
    """
    from badugi_hh.bench import best_time
    from badugi_hh.store import HandPlayerRow, Store
    from badugi_hh.store.schema import _columns

    columns = ", ".join(_bench_column(name, sql_type)
                        for name, sql_type, _, _ in _columns(HandPlayerRow))
    with tempfile.TemporaryDirectory() as folder:
        with Store(Path(folder) / "bench.duckdb") as store:
            con = store.connection
            con.execute(f"INSERT INTO hand_players SELECT {columns} FROM range(?) t(i)",
                        [2 * hands])
            con.execute("CHECKPOINT")
            timings = {}
            for label, filters in (("all players", Filters()),
                                   ("one player, one month",
                                    Filters(player="Ana", date_from=date(2024, 2, 1),
                                            date_to=date(2024, 2, 29)))):
                player_stats(con, filters)   # warm the cache, as a dashboard's second query is
                seconds = best_time(lambda: player_stats(con, filters), repeats)
                timings[f"player_stats, {label} (ms)"] = 1000 * seconds
    return {"hands": hands, "hand_players rows": 2 * hands, **timings}

