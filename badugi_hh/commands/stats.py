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
figures. Exit status: 0, or 1 when the database cannot be opened.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from datetime import date
from typing import TextIO

import numpy as np
import pandas as pd

from badugi_hh import stats
from badugi_hh.commands.sql import (
    add_db_argument, add_format_arguments, format_table, plain, write_result,
)
from badugi_hh.money import format_amount
from badugi_hh.stats import Filters
from badugi_hh.store import Store, StoreError


def _day(text: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a date such as 2024-01-31") from None


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    add_db_argument(parser)
    parser.add_argument("--player", help="only this player")
    parser.add_argument("--session", help="only the hands of this session id")
    parser.add_argument("--ruleset", help="only hands played under this ruleset name")
    parser.add_argument("--from", dest="date_from", type=_day, metavar="DATE",
                        help="only hands played on or after this day (YYYY-MM-DD)")
    parser.add_argument("--to", dest="date_to", type=_day, metavar="DATE",
                        help="only hands played on or before this day (YYYY-MM-DD)")
    add_format_arguments(parser)


def run(args: argparse.Namespace) -> int:
    filters = Filters(args.player, args.session, args.ruleset, args.date_from, args.date_to)
    try:
        with Store(args.db, read_only=True) as store:
            con = store.connection
            players = stats.player_stats(con, filters)
            positions = stats.position_stats(con, filters)
            draws = stats.draw_habits(con, filters)
            summary = stats.overview(con, filters)
            coverage = stats.coverage(con, filters)
    except StoreError as error:
        print(f"badugi-hh stats: {error}", file=sys.stderr)
        return 1
    if args.format == "json":
        print(json.dumps({"coverage": _plain_coverage(coverage),
                          "players": player_objects(players, positions, draws)},
                         ensure_ascii=False, indent=2))
    elif args.format == "csv":
        write_result(list(players.columns), _rows(players), "csv", sys.stdout)
    else:
        write_report(summary, players, positions, draws, sys.stdout, coverage)
    return 0


def _rows(frame: pd.DataFrame) -> list[list[object]]:
    """The frame's values as plain Python values, None where missing."""
    return [[_python(value) for value in row] for row in frame.itertuples(index=False)]


def _python(value: object) -> object:
    if _missing(value):
        return None
    return value.item() if isinstance(value, np.generic) else value


def _missing(value: object) -> bool:
    return value is None or value is pd.NaT or (isinstance(value, float) and math.isnan(value))


def _records(frame: pd.DataFrame) -> list[dict[str, object]]:
    return [dict(zip(frame.columns, map(plain, row))) for row in _rows(frame)]


def _plain_coverage(coverage: dict[str, object]) -> dict[str, object]:
    return {**coverage, "skipped_by_game": dict(coverage["skipped_by_game"]),
            "text": stats.coverage_line(coverage)}


def money(amount: int, currency: str, unit: int) -> dict[str, object]:
    """An amount with its unit, never a bare number.

    >>> money(570, "USD", 100)
    {'amount': 570, 'currency': 'USD', 'unit': 100, 'text': '$5.70'}
    """
    return {"amount": amount, "currency": currency, "unit": unit,
            "text": format_amount(amount, currency, unit)}


def _with_money(record: dict[str, object]) -> dict[str, object]:
    """``record`` with its ``net`` carrying its unit (and no loose unit keys)."""
    currency, unit = record.pop("currency"), record.pop("unit")
    return {**record, "net": money(record["net"], currency, unit)}


def player_objects(players: pd.DataFrame, positions: pd.DataFrame,
                   draws: pd.DataFrame) -> list[dict[str, object]]:
    """One JSON object per player and unit: the per-player figures, then by position
    and by draw (the draws count every unit of the player)."""
    objects = []
    for record in _records(players):
        mine = positions[(positions.player == record["player"])
                         & (positions.site == record["site"])
                         & (positions.currency == record["currency"])]
        by_position = {row.pop("position"): _with_money(row) for row in _records(
            mine.drop(columns=["player", "site"]))}
        by_draw = _records(draws[draws.player == record["player"]].drop(columns="player"))
        objects.append({**_with_money(record), "positions": by_position, "draws": by_draw})
    return objects


def _percent(value: object) -> str:
    return "-" if _missing(value) else f"{value:.1%}"


def _number(value: object, digits: int = 2) -> str:
    return "-" if _missing(value) else f"{value:,.{digits}f}"


def _table(out: TextIO, title: str, columns: list[str], cells: list[list[str]]) -> None:
    print(f"\n{title}", file=out)
    for line in format_table(columns, cells):
        print(f"  {line}", file=out)


def write_report(summary: dict[str, object], players: pd.DataFrame, positions: pd.DataFrame,
                 draws: pd.DataFrame, out: TextIO,
                 coverage: dict[str, object] | None = None) -> None:
    """The readable report: an overview line, the coverage, then one table per subject."""
    print(overview_line(summary), file=out)
    if coverage is not None:
        print(f"Coverage: {stats.coverage_line(coverage)}", file=out)
    if players.empty:
        return
    rows = list(players.itertuples(index=False))
    _table(out, "Results and betting", ["player", "hands", "net", "net bb", "bb/100", "VPIP",
                                        "PFR", "3-bet", "AF", "AFq", "WTSD", "W$SD",
                                        "won w/o SD"],
           [[_name(p), f"{p.hands:,}", _signed(p.net, p.currency, p.unit),
             _number(p.net_bb, 1),
             _number(p.bb_per_100), _percent(p.vpip), _percent(p.pfr), _percent(p.three_bet),
             _number(p.aggression_factor), _percent(p.aggression_frequency),
             _percent(p.went_to_showdown), _percent(p.won_at_showdown),
             f"{p.won_without_showdown:,}"] for p in rows])
    _table(out, "Fold to a bet, by betting round; snowing and made badugis",
           ["player", "round 1", "round 2", "round 3", "round 4", "snow",
            "badugi by final draw"],
           [[p.player, _percent(p.fold_to_bet_round1), _percent(p.fold_to_bet_round2),
             _percent(p.fold_to_bet_round3), _percent(p.fold_to_bet_round4),
             _percent(p.snow), _percent(p.badugi_by_final_draw)] for p in rows])
    _table(out, "Draws: how often the player stands pat, how many cards he draws",
           ["player", "draw", "draws", "stand pat", "mean drawn", "0", "1", "2", "3", "4"],
           [[d.player, str(d.draw), f"{d.draws:,}", _percent(d.stand_pat),
             _number(d.mean_cards_drawn), *(f"{getattr(d, f'drew_{n}'):,}" for n in range(5))]
            for d in draws.itertuples(index=False)])
    _table(out, "Position", ["player", "position", "hands", "net", "bb/100", "VPIP", "PFR"],
           [[_name(p), p.position, f"{p.hands:,}", _signed(p.net, p.currency, p.unit),
             _number(p.bb_per_100), _percent(p.vpip), _percent(p.pfr)]
            for p in positions.itertuples(index=False)])


def _name(row: object) -> str:
    """The player, with his site when he has one: a player is a site and a name."""
    return f"{row.player} ({row.site})" if row.site else row.player


def _signed(amount: int, currency: str, unit: int) -> str:
    """``+$5.70``, ``-1,500 chips``: the amount as the log writes it, with a sign."""
    return ("+" if amount > 0 else "") + format_amount(amount, currency, unit)


def overview_line(summary: dict[str, object]) -> str:
    """What the figures cover, in one line.

    >>> overview_line({"hands": 0, "sessions": 0, "players": 0, "first_hand_at": None,
    ...                "last_hand_at": None, "files": 0, "violations": 0, "quarantined": 0})
    'no hands match (the database holds 0 files, 0 violations, 0 quarantined texts)'
    """
    database = (f"{summary['files']:,} files, {summary['violations']:,} violations, "
                f"{summary['quarantined']:,} quarantined texts")
    if not summary["hands"]:
        return f"no hands match (the database holds {database})"
    first, last = summary["first_hand_at"], summary["last_hand_at"]
    dates = f", {first:%Y-%m-%d} to {last:%Y-%m-%d}" if first and last else ""
    return (f"{summary['hands']:,} hands in {summary['sessions']:,} sessions, "
            f"{summary['players']:,} players{dates} (the database holds {database})")
