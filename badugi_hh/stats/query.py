"""What every query of the statistics shares: running one, counting, summing money.

A figure's rows belong to a player (his site and name) or, when the filters name a
person, to that person: :func:`who` gives the columns to group by, and
:func:`owned` names the rows of a person's figures after him.
"""

from __future__ import annotations

from collections.abc import Sequence

import duckdb
import pandas as pd

from badugi_hh.filters import Filters

__all__ = ["CHIP_ACCOUNT", "NET_BB_SUM", "counted", "frame", "money_sum", "net_sum", "owned",
           "share", "who", "who_columns", "with_bb_per_100"]

#: The sum of the big blinds won, exact: doubles added in another order (a dataset's
#: files, DuckDB's threads) differ in their last digits, so the same hands would not
#: give the same figures. Each hand's figure is kept to a millionth of a big blind: in
#: 18 digits below 10^12 big blinds (64-bit integers, fast), in 38 above (a hand can
#: net 10^15 big blinds, the bound on an amount); each part is summed exactly, and the
#: two added in one order.
NET_BB_SUM = ("(coalesce(sum(CASE WHEN abs(net_bb) < 1e12 THEN net_bb::DECIMAL(18, 6) END), 0)"
              "::DOUBLE + coalesce(sum(CASE WHEN abs(net_bb) >= 1e12 "
              "THEN net_bb::DECIMAL(38, 6) END), 0)::DOUBLE)")


def money_sum(column: str) -> str:
    """SQL summing amounts of one unit exactly; NULL (a figure that cannot be given)
    past the 64-bit integers, never an error that would stop every other figure."""
    return f"TRY_CAST(sum({column}) AS BIGINT)"


#: A row's chip account: its tournament for a tournament hand (its chips are worth
#: nothing outside it), else one account for the rest of its unit.
CHIP_ACCOUNT = "CASE WHEN kind = 'tournament' THEN coalesce(tournament_id, '') ELSE '' END"


def net_sum(column: str) -> str:
    """:func:`money_sum` of the amounts of one chip account: NULL where the rows hold
    the chips of two tournaments (or of a tournament and a home game), which never add
    up; a tournament's result is money (:mod:`badugi_hh.stats.tournaments`)."""
    return (f"CASE WHEN min({CHIP_ACCOUNT}) <> max({CHIP_ACCOUNT}) THEN NULL "
            f"ELSE {money_sum(column)} END")


def counted(condition: str) -> str:
    """SQL counting the rows where ``condition`` holds (a BIGINT, unlike count_if)."""
    return f"count(*) FILTER (WHERE {condition})"


def share(hits: str, chances: str) -> str:
    """SQL for hits / chances as a fraction, NULL when there is no chance."""
    return f"{counted(hits)} / nullif({counted(chances)}, 0)"


def who(filters: Filters, prefix: str = "") -> str:
    """The columns a figure is grouped by before its own (with a trailing comma): the
    player and his site, or nothing when the figures are a person's (summed over his
    names; :func:`owned` names the rows)."""
    return "" if filters.by_person else f"{prefix}player, {prefix}site, "


def who_columns(frame_: pd.DataFrame) -> list[str]:
    """The columns of ``frame_`` naming whose figures a row holds.

    >>> who_columns(pd.DataFrame(columns=["player", "site", "hands"]))
    ['player', 'site']
    >>> who_columns(pd.DataFrame(columns=["person", "hands"]))
    ['person']
    """
    return ["person"] if "person" in frame_.columns else ["player", "site"]


def owned(result: pd.DataFrame, filters: Filters) -> pd.DataFrame:
    """``result`` with a first column ``person`` when the filters name one."""
    if filters.by_person:
        result.insert(0, "person", pd.Series([filters.person] * len(result), dtype=object))
    return result


def with_bb_per_100(result: pd.DataFrame) -> pd.DataFrame:
    """``result`` with ``bb_per_100`` after its ``net_bb``: big blinds won per 100 hands
    (computed here once, not summed a second time in SQL)."""
    result.insert(list(result.columns).index("net_bb") + 1, "bb_per_100",
                  100 * result["net_bb"] / result["hands"])
    return result


def frame(con: duckdb.DuckDBPyConnection, sql: str, params: Sequence[object]) -> pd.DataFrame:
    """The result of ``sql`` as a frame; what the user chose reaches it only in ``params``."""
    return con.execute(sql, params).df()
