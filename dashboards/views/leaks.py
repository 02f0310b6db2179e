"""Leak report: one player's results by session and by stakes, by the hand he held at
showdown and by the cards he drew on the first draw, per game.

A page of its own rather than a section of Players: it reads one player (or person)
at a time, as the draw player studies himself, with a chart per figure; Players
compares every player in one table. Big blinds compare across units; amounts are
written in their unit and never added across units (a row per unit). docs/schema.md
defines every figure (``winrate_by_session``, ``winrate_by_stakes``,
``final_hand_results``, ``first_draw_results`` of :mod:`badugi_hh.stats`).
"""

from __future__ import annotations

from typing import Any

import pandas as pd
import streamlit as st

from badugi_hh.filters import KIND_NAMES, Filters, stakes_text
from badugi_hh.games import GAME_NAMES
from badugi_hh.money import unit_name
from dashlib import data, ui, units

#: The colours of a bar: a gain and a loss.
GAIN, LOSS = "#17813a", "#d0021b"


def whose(db: data.Database, filters: Filters) -> ui.Choice | None:
    """The sidebar's person or player, else the selector's: the user when named, else
    the player with the most hands."""
    if filters.person is not None:
        return (filters.person,)
    if filters.players:
        return filters.players[0]
    everyone = ui.who_choices(db)
    if not everyone:
        return None
    you = ui.you()
    default = you if you in everyone else next(
        (choice for choice in everyone if len(choice) == 2), everyone[0])
    return st.selectbox("Player", everyone, index=everyone.index(default), key="leaks_player",
                        format_func=ui.choice_label,
                        help="whose leaks: a player (a site and a name) or a person "
                             "(every name the aliases table gives him)")


#: The most characters of the labels of bars standing side by side; past it the bars
#: lie one under the other, each label whole beside its bar.
LEVEL_LABELS = 100
#: The height of a bar lying down, in pixels.
BAR_PX = 30


def bars(frame: pd.DataFrame, x: str, y: str, x_title: str, y_title: str,
         order: list[str], details: dict[str, str] | None = None) -> None:
    """Bars of ``y`` for each ``x`` (in ``order``), green above 0, red below, each
    with its ``details`` (column: title) on hover; a chart whose bars are all 0 says
    so instead of drawing an empty frame. Labels are never cut nor dropped: long ones
    lay the bars down."""
    if frame[y].eq(0).all():
        st.info(f"Every {y_title} is 0: nothing to chart.")
        return
    lying = sum(map(len, order)) > LEVEL_LABELS
    category = {"field": x, "type": "ordinal", "sort": order, "title": x_title,
                "axis": {"labelAngle": 0, "labelLimit": 0, "labelOverlap": False}}
    measure = {"field": y, "type": "quantitative", "title": y_title}
    hover = [{"field": x, "type": "ordinal", "title": x_title},
             *({"field": column, "type": "nominal", "title": title}
               for column, title in (details or {}).items()),
             {"field": y, "type": "quantitative", "title": y_title, "format": ".2f"}]
    st.vega_lite_chart(frame, {
        "mark": {"type": "bar"},
        "encoding": {
            "x": measure if lying else category, "y": category if lying else measure,
            "color": {"condition": {"test": f"datum['{y}'] < 0", "value": LOSS},
                      "value": GAIN},
            "tooltip": hover},
        "height": BAR_PX * len(order) if lying else 280,
    }, width="stretch")


def table(frame: pd.DataFrame, columns: list[str], config: dict[str, Any]) -> None:
    shown = frame[columns]
    st.dataframe(shown, hide_index=True, placeholder=units.NONE_TO_COUNT,
                 column_config=ui.readable_columns(shown, config))


#: How the tables label and write their columns.
NUMBERS: dict[str, Any] = {
    "net_bb": st.column_config.NumberColumn("net bb", format="%+.1f"),
    "bb_per_100": st.column_config.NumberColumn("bb/100", format="%+.2f"),
    "bb_per_hand": st.column_config.NumberColumn("bb per hand", format="%+.2f"),
    "hands": st.column_config.NumberColumn(format="localized"),
    "hand_class": "hand at showdown", "drawn": "first draw", "won_share": "won at showdown",
    "title": "session title", "session": "#", "session_id": "session"}


def with_texts(frame: pd.DataFrame) -> pd.DataFrame:
    """Amounts in their unit (a net that cannot be added says why), shares in percent."""
    texts = units.with_money_text(frame, signed=True)
    if "won_at_showdown" in frame:
        texts = texts.assign(won_share=units.share_texts(frame["won_at_showdown"],
                                                         [True] * len(frame)))
    return texts


def units_caption(frame: pd.DataFrame) -> None:
    if units.units_mix(frame):
        st.caption("The rows are in several units (chips, USD...): amounts are never added "
                   "across them, so each unit has its rows; big blinds compare them.")


def by_session(db: data.Database, mine: Filters) -> None:
    st.subheader("Win rate by session")
    sessions = data.ask(db, "winrate_by_session", mine)
    if sessions.empty:
        st.info("No session in the selection: nothing to chart.")
        return
    sessions = with_texts(sessions).assign(
        started=["no time stated" if pd.isna(moment) else f"{moment:%Y-%m-%d %H:%M}"
                 for moment in sessions["started_at"]],
        title=[title or "untitled" for title in sessions["title"]],
        game=sessions["game"].map(lambda game: GAME_NAMES.get(game, game)))
    sessions["session"] = [str(number) for number in range(1, len(sessions) + 1)]
    st.caption("Each session's result in big blinds, in the order played (a session "
               "without a time first); its id, title and net on hover.")
    bars(sessions, "session", "net_bb", "session", "net big blinds",
         list(sessions["session"]), {"session_id": "id", "title": "title",
                                     "started": "started", "net": "net"})
    units_caption(sessions)
    # the id and start (on the bar's hover) and the currency (the net's unit) left out, so
    # every column shows whole beside the sidebar at 1400 px
    table(sessions, ["session", "title", "game", "hands", "net", "net_bb", "bb_per_100"],
          NUMBERS)


def by_stakes(db: data.Database, mine: Filters) -> None:
    st.subheader("Win rate by stakes")
    stakes = data.ask(db, "winrate_by_stakes", mine)
    if stakes.empty:
        st.info("No hands in the selection: nothing to chart.")
        return
    stakes = with_texts(stakes).assign(stakes=[
        f"{stakes_text(low, high, currency, unit)} · {KIND_NAMES.get(kind, kind)}"
        for low, high, currency, unit, kind
        in zip(stakes["low"], stakes["high"], stakes["currency"], stakes["unit"],
               stakes["kind"])])
    st.caption("Big blinds won per 100 hands at each stakes: the bets of a fixed-limit "
               "game, the blinds of a pot- or no-limit one.")
    bars(stakes, "stakes", "bb_per_100", "stakes", "bb/100", list(stakes["stakes"]),
         {"hands": "hands", "net": "net"})
    units_caption(stakes)
    table(stakes, ["stakes", "sessions", "hands", "net", "net_bb", "bb_per_100"], NUMBERS)


def game_choice(frame: pd.DataFrame, key: str) -> pd.DataFrame:
    """The rows of one game (one half of a split game) and unit, chosen when several."""
    halves = frame["half"] if "half" in frame else pd.Series([""] * len(frame),
                                                             index=frame.index)
    several_units = units.units_mix(frame)
    labels = [GAME_NAMES.get(game, game) + (f", {half} half" if half else "")
              + (f" · {unit_name(currency, unit)}" if several_units else "")
              for game, half, currency, unit
              in zip(frame["game"], halves, frame["currency"], frame["unit"])]
    choices = list(dict.fromkeys(labels))
    chosen = st.selectbox("Game", choices, key=key) if len(choices) > 1 else choices[0]
    return frame[[label == chosen for label in labels]]


def by_final_hand(db: data.Database, mine: Filters, label: str) -> None:
    st.subheader("Results by the hand at showdown")
    classes = data.ask(db, "final_hand_results", mine)
    if classes.empty:
        st.info(f"{ui.md(label)} reached no showdown in the selection: nothing to chart.")
        return
    st.caption("Each showdown he reached, by the hand he held: a badugi by its top card, "
               "then 3-card...; a 2-7 or A-5 low by its top card, then pair or worse; "
               "five-card draw by category. A split game's halves are judged apart; the "
               "net is the whole hand's.")
    chosen = with_texts(game_choice(classes, "leaks_final_game"))
    bars(chosen, "hand_class", "bb_per_hand", "hand at showdown", "big blinds per hand",
         list(chosen["hand_class"]), {"hands": "showdowns", "won_share": "won", "net": "net"})
    table(chosen, ["hand_class", "hands", "won", "won_share", "net", "net_bb",
                   "bb_per_hand"], {**NUMBERS, "hands": "showdowns"})


def by_first_draw(db: data.Database, mine: Filters, label: str) -> None:
    st.subheader("Results by the cards drawn on the first draw")
    draws = data.ask(db, "first_draw_results", mine)
    if draws.empty:
        st.info(f"{ui.md(label)} took part in no first draw in the selection: nothing to "
                "chart.")
        return
    st.caption("The hands he took part in the first draw, by the cards he drew there.")
    chosen = with_texts(game_choice(draws, "leaks_draw_game")).assign(drawn=lambda rows: [
        "stood pat" if cards == 0 else f"{cards} card{'' if cards == 1 else 's'}"
        for cards in rows["cards_drawn"]])
    bars(chosen, "drawn", "bb_per_100", "first draw", "bb/100", list(chosen["drawn"]),
         {"hands": "hands", "net": "net", "won_share": "won at showdown"})
    table(chosen, ["drawn", "hands", "net", "net_bb", "bb_per_100", "showdowns",
                   "won_share"], NUMBERS)


db = data.current()
filters = ui.filters_sidebar(db)
st.title("Leak report")
st.caption("One player's results by session and stakes, by the hand he held at showdown "
           "and by the cards he drew on the first draw. The sidebar filters the hands "
           "counted; docs/schema.md defines every figure. "
           f"Coverage: {data.coverage(db, filters)['text']}.")
choice = whose(db, filters)
if choice is None:
    st.info("No hands are stored yet: nothing to show.")
    st.stop()
player = ui.chosen(db, choice)
mine = filters.but(players=player.players, person=player.person)
who = units.who_label(choice)
st.html(f"<h3>{ui.name_html(who, 40)}</h3>")
by_session(db, mine)
by_stakes(db, mine)
st.divider()
by_final_hand(db, mine, who)
by_first_draw(db, mine, who)
