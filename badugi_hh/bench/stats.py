"""The latency of the statistics on a million hands (``badugi-hh bench --only stats``)."""

from __future__ import annotations

import tempfile
from datetime import date
from pathlib import Path

from badugi_hh.filters import Filters
from badugi_hh.games import HOUSE_GAME
from badugi_hh.stats.games import game_stats
from badugi_hh.stats.figures import player_stats

__all__ = ["bench_stats_query"]

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
    "game": f"'{HOUSE_GAME}'",
    "kind": "'home'",
    "currency": "'chips'",
    "unit": "1",
    "tournament_id": "NULL",
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
    """Latency of :func:`player_stats` and :func:`game_stats` over ``hands`` heads-up
    hands (2 rows each).

    The ``hand_players`` rows are synthesised with SQL, not imported: values are
    pseudo-random, the shape (two players, 12-hand sessions, a hand every three
    minutes) is a real database's. The database is a file, as in use.
    """
    from badugi_hh.bench import best_time
    from badugi_hh.rows.schema import HandPlayerRow, columns_of
    from badugi_hh.store import Store

    columns = ", ".join(_bench_column(name, sql_type)
                        for name, sql_type, _, _ in columns_of(HandPlayerRow))
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
                for name, query in (("player_stats", player_stats), ("game_stats", game_stats)):
                    query(con, filters)   # warm the cache, as a dashboard's second query is
                    seconds = best_time(lambda: query(con, filters), repeats)
                    timings[f"{name}, {label} (ms)"] = 1000 * seconds
    return {"hands": hands, "hand_players rows": 2 * hands, **timings}
