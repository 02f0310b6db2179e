"""Overview: what the tables hold, and each player's running net over his hands or days.

A player is a site and a name; a person (the aliases table) sums his names. Amounts
of two units are never added: a curve per player and unit, and where the curves are
in several units the graph shows big blinds unless asked for amounts. The Overview
opens on the user when one is named (``badugi-hh me``, or the sidebar's "You are").
"""

from __future__ import annotations

import pandas as pd
import streamlit as st

from badugi_hh.filters import Filters
from badugi_hh.money import unit_name
from dashlib import data, ui, units

#: Players drawn at first when the user is not named: those with the most hands.
DEFAULT_PLAYERS = 5
#: The lines of the split graph, in the classic colours: total green, showdown blue,
#: non-showdown red.
SPLIT = {"net": "total", "showdown_net": "at showdown", "non_showdown_net": "without showdown"}
SPLIT_COLOURS = ["#17813a", "#1f5fd1", "#d0021b"]
#: The graph's x axes: the query of each.
AXES = {"hands": "winrate_curve", "day": "winrate_by_date"}


def amount_title(curve: pd.DataFrame) -> str:
    """The y-axis title of amounts in the curve's one unit: ``net (chips)``, ``net (USD)``."""
    return f"net ({unit_name(curve['currency'].iloc[0], curve['unit'].iloc[0])})"


def curves(db: data.Database, filters: Filters, choices: list[ui.Choice],
           axis: str) -> pd.DataFrame:
    """The running net of each choice (a player, or a person summed over his names), a
    curve per unit, with the choice's label in ``who``."""
    players = tuple(choice for choice in choices if len(choice) == 2)
    parts = []
    if players:
        part = data.ask(db, AXES[axis], filters.but(players=players, person=None))
        parts.append(part.assign(who=[units.who_label((site, name)) for site, name in
                                      zip(part["site"], part["player"])]))
    for person in (choice for choice in choices if len(choice) == 1):
        mine = ui.chosen(db, person)
        part = data.ask(db, AXES[axis], filters.but(players=mine.players, person=mine.person))
        parts.append(part.assign(who=units.who_label(person)))
    parts = [part.drop(columns=[c for c in ("player", "site", "person") if c in part])
             for part in parts]
    return pd.concat(parts, ignore_index=True) if parts else pd.DataFrame()


def graph_choices(db: data.Database, filters: Filters) -> list[ui.Choice]:
    """Whose curves to draw: the sidebar's choice, else the multiselect's (the user when
    named, else the players with the most hands)."""
    if filters.person is not None:
        return [(filters.person,)]
    if filters.players:
        return list(filters.players)
    everyone = ui.who_choices(db)
    you = ui.you()
    default = [you] if you else [choice for choice in everyone if len(choice) == 2][
        :DEFAULT_PLAYERS]
    return st.multiselect("Players on the graph", everyone, default=default,
                          format_func=ui.choice_label, key=ui.GRAPHED_KEY)


db = data.current()
filters = ui.filters_sidebar(db)
figures = data.ask(db, "overview", filters)
coverage = data.coverage(db, filters)

st.title("Overview")
hands, sessions, players, first, last = st.columns(5)
hands.metric("Hands", f"{figures['hands']:,}")
sessions.metric("Sessions", f"{figures['sessions']:,}")
players.metric("Players", f"{figures['players']:,}", help="a player is a site and a name")
for column, label, moment in ((first, "First hand", figures["first_hand_at"]),
                              (last, "Last hand", figures["last_hand_at"])):
    column.metric(label, f"{moment:%Y-%m-%d}" if moment else "no date stated")
st.caption(f"The {db.kind} holds {figures['files']:,} files, {figures['violations']:,} "
           f"rule violations and {figures['quarantined']:,} quarantined texts: "
           f"{ui.md(db.path)}")
st.caption(f"Coverage of the selection: {coverage['text']}.")
if not figures["hands"]:
    st.info("No hands match the filters.")
    st.stop()

chosen = graph_choices(db, filters)
if not chosen:
    st.stop()
axis = st.radio("Over", list(AXES), horizontal=True, key="overview_axis",
                format_func=lambda axis: {"hands": "hands played", "day": "days"}[axis])
curve = curves(db, filters, chosen, axis)
if curve.empty:
    st.info("The chosen players have no hands in the selection"
            + (" with a date." if axis == "day" else "."))
    st.stop()
mixed = units.units_mix(curve)
# one series per player and unit: named by the player alone unless units mix
curve["series"] = ([f"{who} · {unit_name(currency, unit)}" for who, currency, unit
                    in zip(curve["who"], curve["currency"], curve["unit"])]
                   if mixed else curve["who"])
totals = curve.groupby("series", sort=False).last()
totals["bb_per_100"] = 100 * totals["net_bb"] / totals["hands"]
legend = {series: f"{series} ({row.bb_per_100:+.2f} bb/100)"
          for series, row in totals.iterrows()}

in_amounts = not mixed or st.toggle("Amounts (one curve per unit) instead of big blinds",
                                    key="overview_amounts")
measure = "net" if in_amounts else "net_bb"
# amounts in the currency itself (dollars, not cents), as the axis title says
shown = curve.assign(**{column: curve[column] / curve["unit"] for column in SPLIT})
st.subheader(("Net amount" if in_amounts else "Net big blinds")
             + (" over hands" if axis == "hands" else " over days"))
if mixed:
    st.caption("The selection holds several units (chips, USD...): they are never added, "
               "so each player has a curve per unit; big blinds compare them.")
ui.line_chart(shown.assign(series=shown["series"].map(legend)), measure, "series",
              amount_title(curve) if in_amounts else "net big blinds", x=axis)
results = units.with_money_text(totals.reset_index(), signed=True)[
    ["who", "currency", "hands", "net", "net_bb", "bb_per_100"]]
st.dataframe(
    results, hide_index=True,
    column_config=ui.readable_columns(results, {"who": "player",
                   "hands": st.column_config.NumberColumn(format="localized"),
                   "net_bb": st.column_config.NumberColumn("net bb", format="%.1f"),
                   "bb_per_100": st.column_config.NumberColumn("bb/100", format="%+.2f")}))

st.subheader("Won at showdown and without")
split_player = st.selectbox("Player", list(legend), key="overview_split_player")
one = shown.loc[shown["series"] == split_player]
split = one[[axis, *SPLIT]].melt(id_vars=axis, var_name="line", value_name="amount")
ui.line_chart(split.assign(line=split["line"].map(SPLIT)), "amount", "line",
              amount_title(one), dict(zip(SPLIT.values(), SPLIT_COLOURS)), x=axis)
st.caption("The total is the sum of the two: chips won or lost in the hands that went to a "
           "showdown, and in those that ended without one.")
