"""Sessions: each session's result and winner, and the hands of the chosen one.

Every amount is written in the session's unit ($341.00, 1,500 chips), and every
session names its site: its players are that site's.
"""

from __future__ import annotations

from pathlib import PurePath
from typing import Any

import pandas as pd
import streamlit as st

from badugi_hh.filters import player_label, site_name
from badugi_hh.wording import UNKNOWN
from dashlib import data, ui, units
from dashlib.data import HandKey


def duration_text(duration: object) -> str:
    """``1 h 05 min``, or says the hands carry no time."""
    if not isinstance(duration, pd.Timedelta) or pd.isna(duration):
        return "no times stated"
    minutes = int(duration.total_seconds() // 60)
    return f"{minutes // 60} h {minutes % 60:02d} min" if minutes >= 60 else f"{minutes} min"


DRAW = "none (a draw)"
#: What a table's cell says where the log states nothing (a hand without a time).
NOT_STATED = "not stated"
#: What the winner column says where there is none, by kind of session.
NO_WINNER = {"home": DRAW, "tournament": UNKNOWN, "cash": "none (cash: see the nets)"}


def winner_text(winner: object, kind: str) -> str:
    return winner if isinstance(winner, str) else NO_WINNER.get(kind, DRAW)


def places(players: pd.DataFrame) -> list[str]:
    """Each player's finishing place in a tournament, or where the log does not state it."""
    return [UNKNOWN if pd.isna(place) else f"{int(place)}." for place in players["place"]]


def session_list(sessions: pd.DataFrame) -> pd.DataFrame:
    """The page of sessions as shown: results and winner written out, the site named."""
    results = [units.amounts_of(units.listed(players), units.listed(nets), currency, unit,
                                units.listed(places))
               for players, nets, places, currency, unit in zip(
                   sessions["players"], sessions["nets"], sessions["places"],
                   sessions["currency"], sessions["unit"])]
    return units.with_site_names(sessions.drop(columns=["players", "nets", "places"]).assign(
        results=results, duration=sessions["duration"].map(duration_text),
        title=[title or "untitled" for title in sessions["title"]],
        winner=[winner_text(w, k) for w, k in zip(sessions["winner"], sessions["kind"])]))


def session_labels(sessions: pd.DataFrame) -> dict[str, Any]:
    """Each session of the page as the chooser names it: id, title and file name (a whole
    path filled the box and was cut), the path where two files of one name hold it."""
    labels: dict[str, Any] = {}
    for row in sessions.itertuples():
        label = f"{row.session_id} · {row.title or 'untitled'} · {PurePath(row.source).name}"
        labels[f"{label} ({row.source})" if label in labels else label] = row
    return labels


def hands_list(hands: pd.DataFrame) -> pd.DataFrame:
    """A page of a session's hands as shown: pot, rake and winners in the session's unit."""
    winners = [units.amounts_of(units.listed(names), units.listed(won), currency, unit)
               for names, won, currency, unit in zip(hands["winners"], hands["won"],
                                                      hands["currency"], hands["unit"])]
    return units.with_money_text(hands, "pot", "rake").assign(winners=winners).drop(
        columns=["won", "unit"])


db = data.current()
filters = ui.filters_sidebar(db)
total = data.ask(db, "session_count", filters)

st.title("Sessions")
if not total:
    st.info("No sessions match the filters.")
    st.stop()
st.caption(f"{total:,} sessions, newest first. Results are each player's net, in the "
           "session's unit; a session's players are of its site. A house session's winner "
           "has the larger final stack (rule N1); a tournament's is its first place, when the "
           "log states it; a cash session has none. "
           f"Coverage: {data.coverage(db, filters)['text']}.")
offset = ui.pager(total, "sessions_page")
sessions = data.ask(db, "session_page", filters, offset, data.PAGE_ROWS)
listed = session_list(sessions)
st.dataframe(
    listed, hide_index=True, placeholder=NOT_STATED,
    column_order=["started_at", "session_id", "title", "site", "kind", "results", "winner",
                  "hands", "duration", "ruleset", "source"],
    column_config=ui.readable_columns(listed, {
        "started_at": st.column_config.DatetimeColumn("started", format="YYYY-MM-DD HH:mm"),
        "session_id": "session", "source": "file"}))

labels = session_labels(sessions)
chosen = labels[st.selectbox("Session", list(labels), key="sessions_chosen")]
st.subheader(f"Session {ui.md(chosen.session_id)} · {ui.md(site_name(chosen.site))}")
winner, length, duration = st.columns([2, 1, 1])   # a winner is a name and his site
winner.metric("Winner", player_label(chosen.site, chosen.winner)
              if isinstance(chosen.winner, str) else winner_text(chosen.winner, chosen.kind))
length.metric("Hands", f"{chosen.hands:,}")
duration.metric("Duration", duration_text(chosen.duration))
players = data.ask(db, "session_players", chosen.source, chosen.session_id)
if players.empty:
    st.info("The log states no player's stacks for the session as a whole.")
else:
    seated = units.with_site_names(units.with_money_text(
        units.with_money_text(players, "start_stack", "final_stack"),
        signed=True)).drop(columns="unit").assign(place=places(players))
    st.dataframe(seated, hide_index=True, placeholder=NOT_STATED,
                 column_order=["player", "site", "seat", "start_stack", "final_stack", "net",
                               *(["place"] if chosen.kind == "tournament" else []),
                               "won_session"],
                 column_config=ui.readable_columns(seated, {"won_session": "won the session"}))
problems = data.ask(db, "session_violations", chosen.source, chosen.session_id)
if not problems.empty:
    st.warning("Violations of the session as a whole:\n" + "".join(
        f"\n- [{row.rule}] line {row.line}: {ui.md(row.message)}" for row in problems.itertuples()))

st.markdown("**Hands**")
first = ui.pager(chosen.hands, "session_hands_page")
hands = data.ask(db, "session_hands", chosen.source, chosen.session_id, first, data.PAGE_ROWS,
                 data.clock())
hand_rows = ui.with_replay_links(hands_list(hands).assign(source=chosen.source,
                                                        site=site_name(chosen.site)))
st.dataframe(hand_rows, hide_index=True, placeholder=NOT_STATED,
             column_order=["replay", "number", "hand_id", "started_at", "site", "button_player",
                           "pot", "rake", "ended", "winners", "violations"],
             column_config=ui.readable_columns(hand_rows, {
                 "replay": ui.REPLAY_LINK, "button_player": "button", "hand_id": "hand",
                 "started_at": st.column_config.DatetimeColumn("time", format="HH:mm")}))
ui.open_in_replayer({f"#{row.number} · {row.hand_id}": HandKey(chosen.source, row.hand_id)
                     for row in hands.itertuples()}, "sessions_hand")
