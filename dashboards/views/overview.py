"""Overview: what the tables hold, and each player's running net over his hands.

Amounts of two units are never added: a player has a curve per unit, and where the
curves are in several units the graph shows big blinds unless asked for amounts.
"""

from __future__ import annotations

import pandas as pd
import streamlit as st

from dashlib import data, ui, units

#: Players drawn at first: those with the most hands.
DEFAULT_PLAYERS = 5
#: The lines of the split graph, in the classic colours: total green, showdown blue,
#: non-showdown red.
SPLIT = {"net": "total", "showdown_net": "at showdown", "non_showdown_net": "without showdown"}
SPLIT_COLOURS = ["#17813a", "#1f5fd1", "#d0021b"]



def amount_title(curve: pd.DataFrame) -> str:
    """The y-axis title of amounts in the curve's one unit: ``net (chips)``, ``net (USD
    cents)``; the amounts are stored in the smallest unit."""
    currency, unit = curve[["currency", "unit"]].iloc[0]
    if unit == 1:
        return f"net ({currency})"
    return f"net ({currency} cents)" if unit == 100 else f"net (1/{unit} {currency})"


db = data.current()
filters = ui.filters_sidebar(db)
figures = data.overview(db, filters)
coverage = data.coverage(db, filters)

st.title("Overview")
hands, sessions, players, first, last = st.columns(5)
hands.metric("Hands", f"{figures['hands']:,}")
sessions.metric("Sessions", f"{figures['sessions']:,}")
players.metric("Players", f"{figures['players']:,}")
for column, label, moment in ((first, "First hand", figures["first_hand_at"]),
                              (last, "Last hand", figures["last_hand_at"])):
    column.metric(label, f"{moment:%Y-%m-%d}" if moment else "–")
st.caption(f"The {db.kind} holds {figures['files']:,} files, {figures['violations']:,} "
           f"rule violations and {figures['quarantined']:,} quarantined texts: "
           f"{ui.md(db.path)}")
st.caption(f"Coverage of the selection: {coverage['text']}.")
if not figures["hands"]:
    st.info("No hands match the filters.")
    st.stop()

if filters.player:
    chosen = [filters.player]
else:
    everyone = data.players(db)["player"].tolist()
    chosen = st.multiselect("Players on the graph", everyone,
                            default=everyone[:DEFAULT_PLAYERS], key="overview_players")
    if not chosen:
        st.stop()
curve = data.winrate_curve(db, filters, tuple(chosen))
mixed = units.units_mix(curve)
# one series per player and unit: named by the player alone unless units mix
curve["series"] = (curve["player"] + " · " + curve["currency"]) if mixed else curve["player"]
totals = curve.groupby("series", sort=False).last()
totals["bb_per_100"] = 100 * totals["net_bb"] / totals["hands"]
legend = {series: f"{series} ({row.bb_per_100:+.2f} bb/100)"
          for series, row in totals.iterrows()}

in_amounts = not mixed or st.toggle("Amounts (one curve per unit) instead of big blinds",
                                    key="overview_amounts")
measure = "net" if in_amounts else "net_bb"
st.subheader(("Net amount" if in_amounts else "Net big blinds") + " over hands")
if mixed:
    st.caption("The selection holds several units (chips, USD...): they are never added, "
               "so each player has a curve per unit; big blinds compare them.")
ui.line_chart(curve.assign(series=curve["series"].map(legend)), measure, "series",
              amount_title(curve) if in_amounts else "net big blinds")
st.dataframe(
    data.with_money_text(totals.reset_index())[
        ["player", "currency", "hands", "net", "net_text", "net_bb", "bb_per_100"]],
    hide_index=True,
    column_config={"hands": st.column_config.NumberColumn(format="localized"),
                   "net": st.column_config.NumberColumn("net (smallest unit)",
                                                        format="localized"),
                   "net_text": "net",
                   "net_bb": st.column_config.NumberColumn("net bb", format="%.1f"),
                   "bb_per_100": st.column_config.NumberColumn("bb/100", format="%+.2f")})

st.subheader("Won at showdown and without")
split_player = st.selectbox("Player", list(legend), key="overview_split_player")
split = curve.loc[curve["series"] == split_player, ["hands", *SPLIT]].melt(
    id_vars="hands", var_name="line", value_name="chips")
ui.line_chart(split.assign(line=split["line"].map(SPLIT)), "chips", "line",
              amount_title(curve.loc[curve["series"] == split_player]),
              dict(zip(SPLIT.values(), SPLIT_COLOURS)))
st.caption("The total is the sum of the two: chips won or lost in the hands that went to a "
           "showdown, and in those that ended without one.")
