"""Players: the statistics of every player, and one player's figures per game, draws and
positions. A player is a site and a name; a person chosen in the sidebar is summed."""

from __future__ import annotations

from typing import Any

import pandas as pd
import streamlit as st

from badugi_hh.filters import Filters
from badugi_hh.games import GAME_NAMES
from badugi_hh.stats import HALF_FIGURES, applies
from dashlib import data, ui, units

#: The labels of the shares (fractions, shown in percent).
_SHARES = {"vpip": "VPIP", "pfr": "PFR", "three_bet": "3-bet", "aggression_frequency": "AFq",
           "went_to_showdown": "WTSD", "won_at_showdown": "W$SD",
           **{f"fold_to_bet_round{n}": f"fold to bet r{n}" for n in range(1, 5)},
           "snow": "snow", "made_by_final_draw": "made by final draw",
           **{figure: f"won {half} half" for figure, half in HALF_FIGURES.items()},
           "scooped": "scooped", "stand_pat": "stand pat"}
COLUMNS = {**{name: st.column_config.NumberColumn(label, format=units.PERCENT_COLUMN)
              for name, label in _SHARES.items()},
           "net_bb": st.column_config.NumberColumn("net bb", format="%.1f"),
           "bb_per_100": st.column_config.NumberColumn("bb/100", format="%+.2f"),
           "aggression_factor": st.column_config.NumberColumn("AF", format="%.2f"),
           "mean_cards_drawn": st.column_config.NumberColumn("mean cards drawn", format="%.2f"),
           "won_without_showdown": "won w/o SD", "split_showdowns": "split showdowns",
           "note": st.column_config.TextColumn("your note", help="the first line of your note "
                                               "on him (badugi-hh note --player)"),
           **{f"drew_{n}": f"drew {n} card{'' if n == 1 else 's'}" for n in range(6)}}
#: The figures of one game, which the game may not define (n/a there).
GAME_FIGURES = ("snow", "made_by_final_draw", "split_showdowns", *HALF_FIGURES, "scooped")
#: The columns counting the draws of 0 to 5 cards.
DREW = [f"drew_{n}" for n in range(6)]


def with_marks(db: data.Database, table: pd.DataFrame) -> tuple[pd.DataFrame, list[str]]:
    """The players' table with the label the user gave each (its colour's disc and name)
    and the first line of his note on him, and those columns' names; none where he
    gave no player either, or for a person's figures (his names may carry several)."""
    marks = data.ask(db, "player_marks").set_index(["site", "player"])
    if "site" not in table or marks.empty:
        return table, []
    players = list(zip(table["site"], table["player"]))
    return table.assign(
        label=[ui.label_text(marks["label"].get(player, ""), marks["colour"].get(player, ""))
               for player in players],
        note=[marks["note"].get(player, "") for player in players]), ["label", "note"]


def detail_choice(table: pd.DataFrame, filters: Filters) -> ui.Choice:
    """Whose figures the rest of the page details: the sidebar's person, or a player of
    the table (the sidebar's first)."""
    if filters.person is not None:
        return (filters.person,)
    choices = list(dict.fromkeys(zip(table["site"], table["player"])))
    start = choices.index(filters.players[0]) if filters.players and \
        filters.players[0] in choices else 0
    return st.selectbox("Player", choices, index=start, key="players_detail",
                        format_func=ui.choice_label)


def show(frame: pd.DataFrame, config: dict[str, Any] = COLUMNS) -> None:
    """A table of figures; a share with no hand to count shows a dash (MISSING_CAPTION)."""
    frame = units.in_percent(frame, [name for name in _SHARES if name in frame])
    st.dataframe(frame, hide_index=True, column_config=ui.readable_columns(frame, config),
                 placeholder=units.NONE_TO_COUNT)


def game_figures(db: data.Database, mine: Filters) -> None:
    games = data.ask(db, "game_stats", mine)
    figures = [name for name in GAME_FIGURES if any(applies(name, g) for g in games["game"])]
    st.markdown("**Per game** (made: a badugi in Badugi, a nine-low or better in 2-7 and "
                "A-5; docs/schema.md)")
    defined = {name: [applies(name, game) for game in games["game"]] for name in figures}
    shown = games[["game", "hands", *figures]].assign(**{
        name: units.share_texts(games[name], defined[name])
        for name in figures if name != "split_showdowns"})
    if "split_showdowns" in figures:   # a count, of the split games only
        shown["split_showdowns"] = [f"{int(count):,}" if known else units.NOT_APPLICABLE
                                    for count, known in zip(games["split_showdowns"],
                                                            defined["split_showdowns"])]
    show(shown.assign(game=shown["game"].map(lambda g: GAME_NAMES.get(g, g))),
         {**COLUMNS, **{name: _SHARES[name] for name in figures if name in _SHARES}})


def draws_of(db: data.Database, mine: Filters, label: str) -> None:
    """The draws of one game: pat shares and cards drawn per draw."""
    draws = data.ask(db, "draw_habits", mine)
    if draws.empty:
        st.info(f"{ui.md(label)} took part in no draw.")
        return
    games = list(dict.fromkeys(draws["game"]))
    game = st.selectbox("Game", games, key="players_draws_game",
                        format_func=lambda g: GAME_NAMES.get(g, g)) if len(games) > 1 \
        else games[0]
    draws = draws[draws["game"] == game]
    pat, drawn = st.columns(2)
    pat.markdown(f"**Stands pat** in {GAME_NAMES.get(game, game)}, share of his draws")
    if draws["stand_pat"].eq(0).all():
        pat.info(f"{ui.md(label)} never stood pat in {GAME_NAMES.get(game, game)}: "
                 "nothing to chart.")
    else:
        pat.bar_chart(draws.assign(stand_pat=100 * draws["stand_pat"]), x="draw",
                      y="stand_pat", x_label="draw", y_label="% stood pat")
    drawn.markdown("**Cards drawn**, times per number of cards")
    spread = draws.melt(id_vars="draw", value_vars=DREW, var_name="cards", value_name="times")
    drawn.vega_lite_chart(spread.assign(cards=spread["cards"].map(COLUMNS)), {
        "mark": "bar",
        "encoding": {"x": {"field": "draw", "type": "ordinal", "axis": {"labelAngle": 0}},
                     "y": {"field": "times", "type": "quantitative", "title": "times"},
                     "color": {"field": "cards", "type": "nominal", "title": None,
                               "sort": [COLUMNS[name] for name in DREW],
                               "legend": {**ui.WHOLE_LEGEND, "direction": "horizontal",
                                          "columns": 3}}},
    }, width="stretch")
    # the game is the one chosen above: a column of it would push the last ones out of view
    show(draws.drop(columns=[c for c in ("player", "site", "person", "game") if c in draws])
         .reset_index(drop=True))


db = data.current()
filters = ui.filters_sidebar(db)
table = data.ask(db, "player_stats", filters)

st.title("Players")
st.caption("Click a column's header to sort by it; the sidebar filters the hands counted. "
           "A player is a site and a name, with a row per unit (chips, USD...): amounts of "
           "two units are never added. docs/schema.md defines every figure. "
           f"Coverage: {data.coverage(db, filters)['text']}.")
if table.empty:
    st.info("No hands match the filters.")
    st.stop()
who = ["person"] if filters.person is not None else ["player", "site"]
marked, marks = with_marks(db, table)
order = [*who, *marks, "currency", "hands", "net", *table.columns[len(who) + 4:]]
show(units.with_site_names(units.with_money_text(marked, signed=True))[order])
st.caption(units.MISSING_CAPTION)

choice = detail_choice(table, filters)
mine = ui.chosen(db, choice).but(**{name: getattr(filters, name) for name in (
    "session", "ruleset", "date_from", "date_to", "site", "game", "currency", "kind",
    "stakes", "table_size")})
label = units.who_label(choice)
st.html(f"<h3>{ui.name_html(label, 40)}: figures per game and draws</h3>")
game_figures(db, mine)
draws_of(db, mine, label)

st.html(f"<h3>{ui.name_html(label, 40)}: by position</h3>")
positions = data.ask(db, "position_stats", mine)
show(units.with_money_text(positions, signed=True).drop(
    columns=[c for c in ("player", "site", "person", "unit") if c in positions]))
