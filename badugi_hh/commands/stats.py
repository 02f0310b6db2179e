"""Per-player statistics of the imported hands: results, VPIP, PFR, aggression, draws.

    badugi-hh stats --player Ana --from 2024-01-01 --to 2024-01-31
    badugi-hh stats --player pokerstars:Hero --game 2-7 --stakes 0.10/0.20
    badugi-hh stats --person me --currency usd
    badugi-hh stats --player pokerstars:Hero --by first-draw

Prints an overview line, the coverage (hands read, unreadable, skipped) and five
tables: results and betting habits, folds to a bet per betting round, the figures
of each game (snowing, made hands, split pots), draws per game, and results by
position. A player is a site and a name: --player NAME takes that name on every
site (a row each), --player SITE:NAME one site's; --person PERSON sums the names
the aliases table gives him (badugi-hh alias). Money is never added across units:
a row per currency and unit (USD, chips, chips in cents: KingsClub's), amounts written
as the logs write them ($5.70, 1,500 chips, 956.00 chips). Site, game, currency, kind and ruleset are matched without
case and by the names the reports print (PokerStars, 2-7, 27td, usd, sng);
--stakes are the bets of a fixed-limit game (0.10/0.20) or the blinds of a pot-
or no-limit one; --table-size counts seats (6, 6-max, heads-up); --tag chooses the hands given a
tag (badugi-hh tag); --label the players given a label (badugi-hh label), any case. docs/schema.md
defines every figure. --json prints {"coverage": {...}, "players": [...]}, one
object per player (or person) and unit (keys such as hands, bb_per_100, vpip; "net"
is {"amount", "currency", "unit", "text"}; "positions", "games" and "draws"
nested); --csv prints the per-player figures. --data DATASET/ reads a Parquet
dataset (import --out) instead of the database. Exit status: 0; 1 when the
database cannot be opened; 2 when a filter names nothing the database holds (the
message lists what it holds) or the first day is after the last. --tz ZONE reads
the days of --from and --to on that clock (default: this machine's zone), whatever
clock each site wrote its logs in.

--by prints one figure broken down instead of the report (the dashboard's Leak
report page draws the same): ``session`` (each session's net and bb/100, in the
order played), ``stakes`` (per stakes), ``final-hand`` (per game and class of the
hand held at showdown: badugi 8-high, 3-card; 9-low, pair or worse...; each half of a
split game apart) and ``first-draw`` (per game and number of cards drawn on the
first draw: hands, net, bb/100, showdowns won). --json and --csv print its rows.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

from badugi_hh.commands import (
    add_clock_argument, add_hand_filters, add_source_arguments, clock_of, open_tables,
)
from badugi_hh.commands.sql import JSON_ROWS, add_format_arguments, write_result

if TYPE_CHECKING:
    import duckdb

    from badugi_hh.filters import Filters

EXIT_OK, EXIT_DATABASE, EXIT_FILTER = 0, 1, 2
#: The breakdowns of --by (badugi_hh.commands.stats_report.BREAKDOWNS holds their queries).
BREAKDOWN_NAMES = ("session", "stakes", "final-hand", "first-draw")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    add_source_arguments(parser)
    add_hand_filters(parser, "only this player: NAME on every site, or SITE:NAME "
                             "(pokerstars:Hero); any case: ana finds Ana")
    parser.add_argument("--person", help="only the names of this person (badugi-hh alias), "
                                         "their figures summed per currency")
    parser.add_argument("--site", help="only hands of this site (PokerStars, fulltilt...; "
                        "'' or house for the house logs)")
    parser.add_argument("--game", help="only hands of this game (badugi, 2-7 or 27td, a-5...)")
    parser.add_argument("--currency", help="only hands in this currency (USD, EUR... or chips)")
    parser.add_argument("--kind", help="only cash games, tournaments or home games")
    parser.add_argument("--stakes", help="only hands of these stakes: the bets of a fixed-limit "
                        "game (0.10/0.20, $1/$2), the blinds of a pot- or no-limit one")
    parser.add_argument("--table-size", metavar="SEATS",
                        help="only tables of this many seats (2 or heads-up, 6 or 6-max...)")
    parser.add_argument("--label", help="only the players given this label (badugi-hh label: "
                                        "fish, reg...), any case")
    parser.add_argument("--by", choices=BREAKDOWN_NAMES,
                        help="print one figure broken down instead of the report: results "
                             "by session, by stakes, by the hand held at showdown "
                             "(final-hand) or by the cards drawn on the first draw "
                             "(first-draw), per game")
    add_clock_argument(parser)
    add_format_arguments(parser, 'one JSON object, {"coverage": {...}, "players": [...]} '
                                 f"(with --by, {JSON_ROWS})")


def run(args: argparse.Namespace) -> int:
    from badugi_hh import stats
    from badugi_hh.commands.stats_report import player_objects, plain_coverage, write_report
    from badugi_hh.store import StoreError

    if args.player is not None and args.person is not None:
        print("badugi-hh stats: give --player or --person, not both", file=sys.stderr)
        return EXIT_FILTER
    if args.by is not None:
        return run_breakdown(args)
    try:
        with open_tables(args) as con:
            filters = filters_of(con, args)
            figures = {name: getattr(stats, name)(con, filters) for name in (
                "player_stats", "position_stats", "game_stats", "draw_habits", "overview",
                "coverage")}
            figures["older_audit"] = stats.older_audit_count(con)
    except StoreError as error:
        print(f"badugi-hh stats: {error}", file=sys.stderr)
        return EXIT_DATABASE
    except stats.FilterError as error:
        print(f"badugi-hh stats: {error}", file=sys.stderr)
        return EXIT_FILTER
    players = figures["player_stats"]
    if args.format == "json":
        print(json.dumps({"coverage": plain_coverage(figures["coverage"]),
                          "players": player_objects(filters, players, figures["position_stats"],
                                                    figures["game_stats"],
                                                    figures["draw_habits"])},
                         ensure_ascii=False, indent=2))
    elif args.format == "csv":
        from badugi_hh.commands.stats_report import rows

        write_result(list(players.columns), rows(players), "csv", sys.stdout)
    else:
        write_report(figures, filters, sys.stdout,
                     "dataset" if getattr(args, "data", None) is not None else "database")
    return EXIT_OK


def run_breakdown(args: argparse.Namespace) -> int:
    """``stats --by BY``: one figure broken down, as a table, JSON or CSV."""
    from badugi_hh import stats
    from badugi_hh.commands.stats_report import (
        BREAKDOWNS, breakdown_objects, rows, write_breakdown,
    )
    from badugi_hh.store import StoreError

    try:
        with open_tables(args) as con:
            figures = getattr(stats, BREAKDOWNS[args.by][0])(con, filters_of(con, args))
    except StoreError as error:
        print(f"badugi-hh stats: {error}", file=sys.stderr)
        return EXIT_DATABASE
    except stats.FilterError as error:
        print(f"badugi-hh stats: {error}", file=sys.stderr)
        return EXIT_FILTER
    if args.format == "json":
        print(json.dumps(breakdown_objects(figures), ensure_ascii=False, indent=2))
    elif args.format == "csv":
        write_result(list(figures.columns), rows(figures), "csv", sys.stdout)
    else:
        write_breakdown(args.by, figures, sys.stdout)
    return EXIT_OK


def filters_of(con: duckdb.DuckDBPyConnection, args: argparse.Namespace) -> Filters:
    """The filters the options name, each value matched among those the database
    holds; a FilterError says which is not."""
    from badugi_hh.stats import resolve

    return resolve(con, player=args.player, person=getattr(args, "person", None),
                   session=args.session, ruleset=args.ruleset, date_from=args.date_from,
                   date_to=args.date_to, site=getattr(args, "site", None),
                   game=getattr(args, "game", None), currency=getattr(args, "currency", None),
                   kind=getattr(args, "kind", None), stakes=getattr(args, "stakes", None),
                   table_size=getattr(args, "table_size", None), tz=clock_of(args),
                   tag=getattr(args, "tag", None), label=getattr(args, "label", None))

