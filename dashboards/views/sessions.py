"""Sessions: each session's result and winner, and the hands of the chosen one."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from dashlib import data, ui
from dashlib.data import HandKey


def duration_text(duration: object) -> str:
    """``1 h 05 min``, or ``–`` when the hands carry no time."""
    if not isinstance(duration, pd.Timedelta) or pd.isna(duration):
        return "–"
    minutes = int(duration.total_seconds() // 60)
    return f"{minutes // 60} h {minutes % 60:02d} min" if minutes >= 60 else f"{minutes} min"


DRAW = "none (a draw)"
#: What the winner column says where there is none, by kind of session.
NO_WINNER = {"home": DRAW, "tournament": "not stated", "cash": "– (cash: see the nets)"}

db = data.current()
filters = ui.filters_sidebar(db)
total = data.session_count(db, filters)

st.title("Sessions")
if not total:
    st.info("No sessions match the filters.")
    st.stop()
st.caption(f"{total:,} sessions, newest first. Results are each player's net, in the "
           "session's unit. A house session's winner has the larger final stack (rule N1); a "
           "tournament's is its first place, when the log states it; a cash session has "
           "none. " f"Coverage: {data.coverage(db, filters)['text']}.")
offset = ui.pager(total, "sessions_page")
sessions = data.session_page(db, filters, offset, data.PAGE_ROWS)
st.dataframe(
    sessions.assign(duration=sessions["duration"].map(duration_text),
                    winner=sessions["winner"].fillna(sessions["kind"].map(NO_WINNER))),
    hide_index=True,
    column_order=["started_at", "session_id", "title", "kind", "results", "winner", "hands",
                  "duration", "ruleset", "source"],
    column_config={"started_at": st.column_config.DatetimeColumn("started",
                                                                 format="YYYY-MM-DD HH:mm"),
                   "session_id": "session", "source": "file"})

labels = {f"{row.session_id} · {row.title or 'untitled'} · {row.source}": row
          for row in sessions.itertuples()}
chosen = labels[st.selectbox("Session", list(labels), key="sessions_chosen")]
st.subheader(f"Session {ui.md(chosen.session_id)}")
winner, length, duration = st.columns(3)
winner.metric("Winner", chosen.winner if isinstance(chosen.winner, str)
              else NO_WINNER.get(chosen.kind, DRAW))
length.metric("Hands", f"{chosen.hands:,}")
duration.metric("Duration", duration_text(chosen.duration))
st.dataframe(data.with_money_text(data.session_players(db, chosen.source, chosen.session_id)),
             hide_index=True,
             column_order=["player", "seat", "start_stack", "final_stack", "net_text", "net",
                           "place", "won_session"],
             column_config={"net_text": "net", "net": "net (smallest unit)"})
problems = data.session_violations(db, chosen.source, chosen.session_id)
if not problems.empty:
    st.warning("Violations of the session as a whole:\n" + "".join(
        f"\n- [{row.rule}] line {row.line}: {ui.md(row.message)}" for row in problems.itertuples()))

st.markdown("**Hands**")
first = ui.pager(chosen.hands, "session_hands_page")
hands = data.session_hands(db, chosen.source, chosen.session_id, first, data.PAGE_ROWS)
st.dataframe(ui.with_replay_links(data.with_money_text(hands, "pot").assign(
                 source=chosen.source)), hide_index=True,
             column_order=["replay", "number", "hand_id", "started_at", "button_player",
                           "pot_text", "ended", "winners", "violations"],
             column_config={"replay": ui.REPLAY_LINK, "button_player": "button",
                            "pot_text": "pot",
                            "started_at": st.column_config.DatetimeColumn(
                                "time", format="HH:mm")})
ui.open_in_replayer({f"#{row.number} · {row.hand_id}": HandKey(chosen.source, row.hand_id)
                     for row in hands.itertuples()}, "sessions_hand")
