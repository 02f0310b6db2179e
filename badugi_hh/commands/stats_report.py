"""The stats command's output: the readable report and the JSON objects.

Apart from :mod:`badugi_hh.commands.stats` because it needs pandas, which
``badugi-hh stats --help`` should not wait for.
"""

from __future__ import annotations

import math
from typing import TextIO

import numpy as np
import pandas as pd

from badugi_hh import stats
from badugi_hh.commands import counted
from badugi_hh.commands.sql import format_table, plain
from badugi_hh.money import format_amount


def rows(frame: pd.DataFrame) -> list[list[object]]:
    """The frame's values as plain Python values, None where missing."""
    return [[_python(value) for value in row] for row in frame.itertuples(index=False)]


def _python(value: object) -> object:
    if _missing(value):
        return None
    return value.item() if isinstance(value, np.generic) else value


def _missing(value: object) -> bool:
    return value is None or value is pd.NaT or (isinstance(value, float) and math.isnan(value))


def _records(frame: pd.DataFrame) -> list[dict[str, object]]:
    return [dict(zip(frame.columns, map(plain, row))) for row in rows(frame)]


def plain_coverage(coverage: dict[str, object]) -> dict[str, object]:
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
                 coverage: dict[str, object] | None = None, holder: str = "database") -> None:
    """The readable report: an overview line, the coverage, then one table per subject."""
    print(overview_line(summary, holder), file=out)
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
           ["player", "draw", "draws", "stand pat", "mean drawn", "0", "1", "2", "3", "4", "5"],
           [[d.player, str(d.draw), f"{d.draws:,}", _percent(d.stand_pat),
             _number(d.mean_cards_drawn), *(f"{getattr(d, f'drew_{n}'):,}" for n in range(6))]
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


def overview_line(summary: dict[str, object], holder: str = "database") -> str:
    """What the figures cover, in one line; ``holder`` is what holds the hands (the
    database, or a dataset).

    >>> overview_line({"hands": 0, "sessions": 0, "players": 0, "first_hand_at": None,
    ...                "last_hand_at": None, "files": 1, "violations": 0, "quarantined": 0})
    'no hands match (the database holds 1 file, 0 violations, 0 quarantined texts)'
    >>> overview_line({"hands": 1, "sessions": 1, "players": 1, "first_hand_at": None,
    ...                "last_hand_at": None, "files": 1, "violations": 1, "quarantined": 1})
    '1 hand in 1 session, 1 player (the database holds 1 file, 1 violation, 1 quarantined text)'
    """
    database = (f"{counted(summary['files'], 'file')}, "
                f"{counted(summary['violations'], 'violation')}, "
                f"{counted(summary['quarantined'], 'quarantined text')}")
    if not summary["hands"]:
        return f"no hands match (the {holder} holds {database})"
    first, last = summary["first_hand_at"], summary["last_hand_at"]
    dates = f", {first:%Y-%m-%d} to {last:%Y-%m-%d}" if first and last else ""
    return (f"{counted(summary['hands'], 'hand')} in {counted(summary['sessions'], 'session')}, "
            f"{counted(summary['players'], 'player')}{dates} (the {holder} holds {database})")
