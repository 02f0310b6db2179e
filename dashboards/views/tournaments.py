"""Tournaments: each tournament a player played, its buy-in, place and prize, and each
player's ITM, ROI and profit. Results are money in the buy-in's currency; a
tournament's chips never leave it."""

from __future__ import annotations

from typing import Any

import pandas as pd
import streamlit as st

from badugi_hh.filters import player_label, site_name
from badugi_hh.rows.clock import zone_shown
from badugi_hh.wording import UNKNOWN
from dashlib import data, ui, units


#: What a cell says where the logs do not state the figure (a prize, a place, the
#: entrants, a fee, a start), in the word of ``badugi-hh tournaments``: a result
#: counts only when its prize is known.


def percent(share: Any) -> str:
    """A share as the pages write it: ``33.3%``; where no result counts, says so."""
    return UNKNOWN if share is None or pd.isna(share) else units.PERCENT.format(float(share))


def count(value: Any, noun: str) -> str:
    """A number with what it counts: ``8 players``; where the log does not state it,
    says so."""
    if value is None or pd.isna(value):
        return UNKNOWN
    return f"{int(value):,} {noun}"


def place(value: Any, entrants: Any) -> str:
    """``3 of 8``; ``3``; not known while the log does not tell it (still playing, or
    not stated)."""
    if value is None or pd.isna(value):
        return UNKNOWN
    return f"{int(value)} of {int(entrants)}" if pd.notna(entrants) else str(int(value))


def money(frame: pd.DataFrame, column: str, missing: str, signed: bool = False) -> list[str]:
    """The amounts of ``column`` in each row's currency; ``missing`` where there is none."""
    texts = units.with_money_text(frame, column, signed=signed)[column]
    return [missing if pd.isna(value) else text for value, text in zip(frame[column], texts)]


def player_table(totals: pd.DataFrame) -> pd.DataFrame:
    """One row per player (or the person) and currency, every figure with its unit."""
    return pd.DataFrame({
        "player": [str(row.person) if "person" in row._fields
                   else player_label(row.site, row.player) for row in totals.itertuples()],
        "tournaments": [count(value, "played") for value in totals["tournaments"]],
        "cashes": [count(value, "in the money") for value in totals["cashes"]],
        "ITM": [percent(value) for value in totals["itm"]],
        "ROI": [percent(value) for value in totals["roi"]],
        "buy-ins and fees": money(totals, "cost", UNKNOWN),
        "prizes": money(totals, "prizes", UNKNOWN),
        "profit": money(totals, "net", UNKNOWN, signed=True),
    })


def tournament_table(results: pd.DataFrame, zone: str | None) -> pd.DataFrame:
    """One row per tournament and player, amounts in the buy-in's currency."""
    return pd.DataFrame({
        f"started ({zone_shown(zone)})" if zone else "started":
            [UNKNOWN if pd.isna(when) else f"{when:%Y-%m-%d %H:%M}"
             for when in results["started"]],
        "site": results["site"].map(site_name), "tournament": results["tournament_id"],
        "game": results["game"].map(lambda game: ui.GAME_NAMES.get(game, game)),
        "buy-in": money(results, "buy_in", UNKNOWN),
        "fee": money(results, "fee", UNKNOWN),
        "entrants": [count(value, "players") for value in results["entrants"]],
        "player": results["player"],
        "place": [place(value, entrants) for value, entrants
                  in zip(results["place"], results["entrants"])],
        "prize": money(results, "prize", UNKNOWN),
        "net": money(results, "net", UNKNOWN, signed=True),
    })


st.title("Tournaments")
db = data.current()
filters = ui.filters_sidebar(db)
results = data.ask(db, "tournament_results", filters)
if results.empty:
    st.info("No tournament matches the filters: import a tournament's hands or its "
            "summary file (PokerStars, Full Tilt).")
    st.stop()
totals = data.ask(db, "tournament_totals", filters)
clock = zone_shown(filters.tz) if filters.tz else "each log’s own clock"
st.caption(f"Starts in {clock}. A result counts when its prize "
           "is known (a summary file states it, or a PokerStars hand): ITM is the share of "
           "counted results that won a prize, ROI their net over their buy-ins and fees. "
           "Amounts are in each tournament's buy-in currency; tournament chips are never "
           f"added up. “{UNKNOWN}”: the logs do not state it (a player still playing when "
           "his log ends, a summary file not imported); such a result is neither a cash "
           "nor a miss.")
st.subheader("Players")
st.table(player_table(totals).set_index("player"))
st.subheader("Tournaments")
first = ui.pager(len(results), "tournaments_page")
shown = results.iloc[first:first + data.PAGE_ROWS].reset_index(drop=True)
st.table(tournament_table(shown, filters.tz).set_index("tournament"))
