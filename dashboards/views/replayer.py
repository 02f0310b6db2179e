"""Hand replayer: a hand step by step, with the cards, the pot and the stacks.

Other pages link here with ``?hand=<hand id>&source=<file>``; without
``source``, the hand id is looked up in every file.
"""

from __future__ import annotations

import re

import pandas as pd
import streamlit as st

from dashlib import data, replay, ui
from dashlib.data import Database, HandKey, HandRows

STEP_KEY = "replay_step"
#: The cards a step's words name, as in "discards 2 [Kh 8d]".
CARDS_IN_TEXT = re.compile(r"\[([^\]]*)\]")
SHOWN_HAND_KEY = "replay_hand"


def go_to(key: HandKey) -> None:
    """Show ``key`` from its first step, with its address in the URL."""
    st.query_params.from_dict({"hand": key.hand_id, "source": key.source})
    st.session_state[STEP_KEY] = 0


def move(by: int, last: int) -> None:
    st.session_state[STEP_KEY] = min(max(st.session_state.get(STEP_KEY, 0) + by, 0), last)


def requested_hand(db: Database) -> HandKey | None:
    """The hand of the URL; the first hand played when the URL names none."""
    hand_id = st.query_params.get("hand")
    if hand_id is None:
        return data.first_hand(db)
    source = st.query_params.get("source")
    if source:
        return HandKey(source, hand_id)
    found = data.hands_with_id(db, hand_id)
    if len(found) > 1:
        return st.selectbox(f"Hand {ui.md(hand_id)} is in {len(found)} files; which one?", found,
                            format_func=lambda key: key.source, key="replay_source")
    return found[0] if found else None


def find_form(db: Database) -> None:
    """Open a hand by its id, or by its session and number."""
    with st.form("find_hand", border=False):
        by_id, session, number, go = st.columns([3, 3, 2, 1], vertical_alignment="bottom")
        hand_id = by_id.text_input("Hand id", placeholder="fri-1127#3").strip()
        session_id = session.text_input("or session id", placeholder="fri-1127").strip()
        hand_number = number.number_input("and hand number", min_value=1, value=1, step=1)
        if not go.form_submit_button("Open"):
            return
    found = (data.hands_with_id(db, hand_id) if hand_id
             else data.hands_numbered(db, session_id, int(hand_number)) if session_id else [])
    if found:
        go_to(found[0])
        st.rerun()
    st.error("No such hand: give a hand id, or a session id and a hand number.")


def hand_header(db: Database, key: HandKey, rows: HandRows) -> None:
    hand = rows.hand
    when = f" · {hand['started_at']:%Y-%m-%d %H:%M}" if pd.notna(hand["started_at"]) else ""
    st.html(f"<h3>Hand #{hand['number']} of session {ui.name_html(hand['session_id'], 30)}"
            f"{when}</h3><p style='opacity:0.7;font-size:0.9rem;margin:0'>"
            f"{ui.text_html(hand['hand_id'])} · {ui.text_html(key.source)}, line "
            f"{hand['line']} · ruleset {ui.text_html(hand['ruleset'])} · ended: "
            f"{ui.text_html(hand['ended'])}</p>")
    earlier, later, _ = st.columns([1, 1, 4])
    for column, step, label in ((earlier, -1, "◂ Previous hand"), (later, 1, "Next hand ▸")):
        neighbour = data.next_in_session(db, key, step)
        column.button(label, key=f"replay_hand_{step}", disabled=neighbour is None,
                      on_click=go_to, args=(neighbour,) if neighbour else None)


def step_controls(count: int) -> int:
    """Prev and Next buttons and a slider over the steps; the step shown."""
    last = count - 1
    if st.session_state.get(STEP_KEY, 0) > last:
        st.session_state[STEP_KEY] = 0
    back, forward, slider = st.columns([1, 1, 8], vertical_alignment="bottom")
    back.button("◂ Prev", key="replay_prev", on_click=move, args=(-1, last),
                width="stretch")
    forward.button("Next ▸", key="replay_next", on_click=move, args=(1, last),
                   width="stretch")
    return slider.slider("Step", min_value=0, max_value=last, key=STEP_KEY)


_TABLE_STYLE = "width:100%;border-collapse:collapse;font-size:0.95rem"
_CELL = "padding:0.2rem 0.5rem;border-bottom:1px solid #e3e3e3"
_RIGHT = f"{_CELL};text-align:right;white-space:nowrap"
_COLUMNS = (("seat", _RIGHT), ("player", _CELL), ("position", _CELL), ("cards", _CELL),
            ("stack", _RIGHT), ("change", _RIGHT), ("hand value", _CELL))


def table_html(step: replay.Step, start: replay.Step, rows: HandRows) -> str:
    """The players as a drawn table, a compact row each however many sit: seat, name,
    position, cards, stack, its change since the deal, and the hand value shown."""
    head = "".join(f'<th style="{style};text-align:left">{label}</th>'
                   for label, style in _COLUMNS)
    body = []
    for player in rows.players.itertuples():
        name = player.player
        change = step.stacks[name] - start.stacks[name]
        cells = (str(player.seat), ui.name_html(name), ui.text_html(player.position),
                 f'<span style="white-space:nowrap">{ui.cards_html(step.cards[name])}</span>',
                 step.amount(step.stacks[name]),
                 f"{'+' if change > 0 else ''}{step.amount(change)}" if change else "",
                 ui.text_html(step.values.get(name, "")))
        body.append(f'<tr data-player="{ui.text_html(name)}">' + "".join(
            f'<td class="{label.replace(" ", "-")}" style="{style}">{cell}</td>'
            for (label, style), cell in zip(_COLUMNS, cells)) + "</tr>")
    return (f'<table style="{_TABLE_STYLE}"><thead><tr>{head}</tr></thead>'
            f"<tbody>{''.join(body)}</tbody></table>")


def words_html(words: replay.Words) -> str:
    """A step's words: names drawn as names, the cards the rest names as cards."""
    return "".join(ui.name_html(word) if isinstance(word, replay.Name)
                   else CARDS_IN_TEXT.sub(lambda cards: ui.cards_html(cards.group(1)),
                                          ui.text_html(word))
                   for word in words)


def step_html(step: replay.Step) -> str:
    return f"{ui.text_html(step.phase)}: {words_html(step.words)}"


def log_html(steps: list[replay.Step], shown: int, flagged: set[int]) -> str:
    """Every step, the one shown in bold, a ⚠ where a rule was broken."""
    items = []
    for number, step in enumerate(steps):
        text = step_html(step) + (" ⚠" if step.line in flagged else "")
        items.append(f"<li><b>{text}</b></li>" if number == shown else f"<li>{text}</li>")
    return f"<ol start='0' style='line-height:1.6;margin:0'>{''.join(items)}</ol>"


def show_hand(rows: HandRows) -> None:
    steps = replay.steps(rows)
    shown = step_controls(len(steps))
    step = steps[shown]
    now, pot = st.columns([5, 1], vertical_alignment="center")
    now.html(f"<b>{step_html(step)}</b>")
    pot.metric("Pot", step.amount(step.pot))
    st.html(table_html(step, steps[0], rows))
    log, notes = st.columns([3, 2])
    with log:
        st.markdown("**The hand**")
        flagged = set(rows.violations["line"].tolist())
        with st.container(height=420):
            st.html(log_html(steps, shown, flagged))
    with notes:
        st.markdown("**Violations**")
        if rows.violations.empty:
            st.success("This hand breaks no rule.")
        else:
            st.dataframe(rows.violations, hide_index=True)
        if not rows.pots.empty:
            st.markdown("**Pots**")
            st.dataframe(rows.pots.assign(amount=rows.pots["amount"] / step.unit)
                         if step.unit != 1 else rows.pots, hide_index=True)


db = data.current()
st.title("Hand replayer")
find_form(db)
key = requested_hand(db)
rows = data.hand_rows(db, key) if key else None
if rows is None:
    st.info(f"No such hand in the {db.kind}." if key else f"The {db.kind} has no hands yet.")
    st.stop()
if st.session_state.get(SHOWN_HAND_KEY) != key:
    st.session_state[SHOWN_HAND_KEY] = key
    st.session_state[STEP_KEY] = 0
hand_header(db, key, rows)
show_hand(rows)
