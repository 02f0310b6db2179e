"""Players: the statistics of every player, and one player's draws and positions."""

from __future__ import annotations

import dataclasses

import streamlit as st

from dashlib import data, ui

_PERCENT = {name: st.column_config.NumberColumn(label, format="percent") for name, label in (
    ("vpip", "VPIP"), ("pfr", "PFR"), ("three_bet", "3-bet"),
    ("aggression_frequency", "AFq"), ("went_to_showdown", "WTSD"),
    ("won_at_showdown", "W$SD"), ("fold_to_bet_round1", "fold to bet r1"),
    ("fold_to_bet_round2", "fold to bet r2"), ("fold_to_bet_round3", "fold to bet r3"),
    ("fold_to_bet_round4", "fold to bet r4"), ("snow", "snow"),
    ("badugi_by_final_draw", "badugi by final draw"))}
COLUMNS = {
    **_PERCENT,
    "net_bb": st.column_config.NumberColumn("net bb", format="%.1f"),
    "bb_per_100": st.column_config.NumberColumn("bb/100", format="%+.2f"),
    "aggression_factor": st.column_config.NumberColumn("AF", format="%.2f"),
    "won_without_showdown": st.column_config.NumberColumn("won w/o SD"),
    "net": st.column_config.NumberColumn("net (smallest unit)", format="localized"),
    "net_text": "net",
}

db = data.current()
filters = ui.filters_sidebar(db)
table = data.player_stats(db, filters)

st.title("Players")
st.caption("Click a column's header to sort by it; the sidebar filters the hands counted. "
           "A player has a row per unit (chips, USD...): amounts of two units are never "
           "added. docs/schema.md defines every figure. "
           f"Coverage: {data.coverage(db, filters)['text']}.")
if table.empty:
    st.info("No hands match the filters.")
    st.stop()
st.dataframe(data.with_money_text(table), hide_index=True, column_config=COLUMNS,
             column_order=["player", "site", "currency", "hands", "net_text", "net",
                           *table.columns[6:]])

names = list(dict.fromkeys(table["player"]))
player = st.selectbox("Player", names, key="players_detail",
                      index=names.index(filters.player) if filters.player in names else 0)
mine = dataclasses.replace(filters, player=player)
st.html(f"<h3>{ui.name_html(player, 40)}: draws</h3>")
draws = data.draw_habits(db, mine)
if draws.empty:
    st.info(f"{ui.md(player)} took part in no draw.")
else:
    pat, drawn = st.columns(2)
    pat.markdown("**Stands pat**, share of his draws")
    pat.bar_chart(draws.assign(stand_pat=100 * draws["stand_pat"]), x="draw", y="stand_pat",
                  x_label="draw", y_label="% stood pat")
    drawn.markdown("**Cards drawn**, times per number of cards")
    spread = draws.melt(id_vars="draw", value_vars=[f"drew_{n}" for n in range(6)],
                        var_name="cards", value_name="times")
    drawn.bar_chart(spread.assign(cards=spread["cards"].str.removeprefix("drew_")),
                    x="draw", y="times", color="cards", x_label="draw", y_label="times")
    st.dataframe(draws.drop(columns="player"), hide_index=True,
                 column_config={"stand_pat": st.column_config.NumberColumn(
                     "stand pat", format="percent"),
                     "mean_cards_drawn": st.column_config.NumberColumn(
                         "mean cards drawn", format="%.2f")})

st.html(f"<h3>{ui.name_html(player, 40)}: by position</h3>")
st.dataframe(data.with_money_text(data.position_stats(db, mine)).drop(columns="player"),
             hide_index=True,
             column_config={name: COLUMNS[name] for name in ("net_bb", "bb_per_100", "vpip",
                                                             "pfr", "net", "net_text")})
