"""Overview: what the database holds, and each player's running net over his hands."""

from __future__ import annotations

import streamlit as st

from dashlib import data, ui

#: Players drawn at first: those with the most hands.
DEFAULT_PLAYERS = 5
#: The lines of the split graph, in the classic colours: total green, showdown blue,
#: non-showdown red.
SPLIT = {"net": "total", "showdown_net": "at showdown", "non_showdown_net": "without showdown"}
SPLIT_COLOURS = ["#17813a", "#1f5fd1", "#d0021b"]

db = data.current()
filters = ui.filters_sidebar(db)
figures = data.overview(db, filters)

st.title("Overview")
hands, sessions, players, first, last = st.columns(5)
hands.metric("Hands", f"{figures['hands']:,}")
sessions.metric("Sessions", f"{figures['sessions']:,}")
players.metric("Players", f"{figures['players']:,}")
for column, label, moment in ((first, "First hand", figures["first_hand_at"]),
                              (last, "Last hand", figures["last_hand_at"])):
    column.metric(label, f"{moment:%Y-%m-%d}" if moment else "–")
st.caption(f"The database holds {figures['files']:,} files, {figures['violations']:,} "
           f"rule violations and {figures['quarantined']:,} quarantined texts: "
           f"{db.path}")
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
totals = curve.groupby("player", sort=False).last()
totals["bb_per_100"] = 100 * totals["net_bb"] / totals["hands"]
legend = {player: f"{player} ({row.bb_per_100:+.2f} bb/100)"
          for player, row in totals.iterrows()}

st.subheader("Net chips over hands")
ui.line_chart(curve.assign(player=curve["player"].map(legend)), "net", "player")
st.dataframe(
    totals.reset_index()[["player", "hands", "net", "net_bb", "bb_per_100"]],
    hide_index=True,
    column_config={"hands": st.column_config.NumberColumn(format="localized"),
                   "net": st.column_config.NumberColumn(format="localized"),
                   "net_bb": st.column_config.NumberColumn("net bb", format="%.1f"),
                   "bb_per_100": st.column_config.NumberColumn("bb/100", format="%+.2f")})

st.subheader("Won at showdown and without")
split_player = st.selectbox("Player", list(legend), key="overview_split_player")
split = curve.loc[curve["player"] == split_player, ["hands", *SPLIT]].melt(
    id_vars="hands", var_name="line", value_name="chips")
ui.line_chart(split.assign(line=split["line"].map(SPLIT)), "chips", "line",
              dict(zip(SPLIT.values(), SPLIT_COLOURS)))
st.caption("The total is the sum of the two: chips won or lost in the hands that went to a "
           "showdown, and in those that ended without one.")
