"""Per-player statistics of the imported hands: results, VPIP, PFR, aggression, draws.

    badugi-hh stats --player Ana --from 2024-01-01 --to 2024-01-31

Prints an overview line, the coverage (hands read, unreadable, skipped) and
four tables: results and betting habits, folds to a bet per betting round,
draws, and results by position. Money is never added across units: a player
has a row per currency (chips, USD...), and amounts are written as the logs
write them ($5.70, 1,500 chips). docs/schema.md defines every figure. --json
prints {"coverage": {...}, "players": [...]}, one object per player and unit
(keys such as hands, bb_per_100, vpip, pfr; "net" is {"amount", "currency",
"unit", "text"}; "positions" and "draws" nested); --csv prints the per-player
figures. --data DATASET/ reads a Parquet dataset (import --out) instead of the
database. Exit status: 0, or 1 when the database cannot be opened.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

from badugi_hh.commands import add_hand_filters, add_source_arguments, open_tables
from badugi_hh.commands.sql import add_format_arguments, write_result

if TYPE_CHECKING:
    import duckdb


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    add_source_arguments(parser)
    add_hand_filters(parser, "only this player (any case: ana finds Ana)")
    parser.add_argument("--site", help="only hands of this site (pokerstars, fulltilt...; "
                        "'' for home games)")
    parser.add_argument("--game", help="only hands of this game (badugi...)")
    parser.add_argument("--currency", help="only hands in this currency (USD, EUR... or chips)")
    parser.add_argument("--kind", choices=("cash", "tournament", "home"),
                        help="only cash games, tournaments or home games")
    add_format_arguments(parser)


def run(args: argparse.Namespace) -> int:
    from badugi_hh import stats
    from badugi_hh.commands.stats_report import (
        player_objects, plain_coverage, rows, write_report,
    )
    from badugi_hh.stats import Filters
    from badugi_hh.store import StoreError

    try:
        with open_tables(args) as con:
            player = args.player and spelled_as_stored(con, args.player)
            filters = Filters(player, args.session, args.ruleset, args.date_from, args.date_to,
                              args.site, args.game, args.currency, args.kind)
            players = stats.player_stats(con, filters)
            positions = stats.position_stats(con, filters)
            draws = stats.draw_habits(con, filters)
            summary = stats.overview(con, filters)
            coverage = stats.coverage(con, filters)
    except StoreError as error:
        print(f"badugi-hh stats: {error}", file=sys.stderr)
        return 1
    if args.format == "json":
        print(json.dumps({"coverage": plain_coverage(coverage),
                          "players": player_objects(players, positions, draws)},
                         ensure_ascii=False, indent=2))
    elif args.format == "csv":
        write_result(list(players.columns), rows(players), "csv", sys.stdout)
    else:
        write_report(summary, players, positions, draws, sys.stdout, coverage,
                     "dataset" if getattr(args, "data", None) is not None else "database")
    return 0


def spelled_as_stored(con: duckdb.DuckDBPyConnection, name: str) -> str:
    """The player's name as the logs spell it, when ``name`` differs from it in case
    alone and no other player's does; else ``name`` itself (names are case-sensitive
    in the database: Ana and ANA could be two players)."""
    # fetchall: a result left half-read would hold the connection
    if con.execute("SELECT 1 FROM players WHERE player = ? LIMIT 1", [name]).fetchall():
        return name
    # one row per site: the same name on two sites is one spelling
    spellings = con.execute("SELECT DISTINCT player FROM players WHERE lower(player) = lower(?)",
                            [name]).fetchall()
    return spellings[0][0] if len(spellings) == 1 else name
