"""Hand replayer: a hand step by step, with the cards, the pot and the stacks.

Other pages link here with ``?hand=<hand id>&source=<file>``; without ``source``,
``hand`` is looked up as an id or as the number a site printed (``49164202872``
finds ``ps-49164202872``), and when several hands answer, the page asks which,
each shown with its site. Every amount is in the hand's currency; folded players
are marked; every pot lists all its winners.
"""

from __future__ import annotations

import re

import pandas as pd
import streamlit as st

from badugi_hh.filters import site_name
from badugi_hh.stats import FoundHand, site_number
from badugi_hh.rows.clock import zone_shown
from dashlib import data, replay, ui, units
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


def which_hand(found: list[FoundHand], typed: str) -> HandKey | None:
    """The one hand found, or the user's pick among several: each with its site, as two
    sites may print the same number."""
    if len(found) < 2:
        return found[0].key if found else None
    chosen = st.selectbox(f"{len(found)} hands answer to {ui.md(typed)}; which one?", found,
                          format_func=found_label, key="replay_source")
    return chosen.key


def found_label(hand: FoundHand) -> str:
    """``ps-49164202872 · PokerStars · /logs/a.txt``."""
    return f"{hand.hand_id} · {site_name(hand.site)} · {hand.source}"


def requested_hand(db: Database) -> HandKey | None:
    """The hand of the URL; the first hand played when the URL names none."""
    hand_id = st.query_params.get("hand")
    if hand_id is None:
        return data.ask(db, "first_hand")
    source = st.query_params.get("source")
    if source:
        return HandKey(source, hand_id)
    return which_hand(data.ask(db, "find_hands", hand_id), hand_id)


def find_form(db: Database) -> None:
    """Open a hand by the number its site printed (or its id), or by its session and
    number. A number two sites share opens the choice between them."""
    with st.form("find_hand", border=False):
        by_id, session, number, go = st.columns([3, 3, 2, 1], vertical_alignment="bottom")
        typed = by_id.text_input("Hand number or id",
                                 placeholder="49164202872 or fri-1127#3").strip()
        session_id = session.text_input("or session id", placeholder="fri-1127").strip()
        hand_number = number.number_input("and hand number", min_value=1, value=1, step=1)
        if not go.form_submit_button("Open"):
            return
    if typed:
        found = data.ask(db, "find_hands", typed)
        if len(found) == 1:
            go_to(found[0].key)
            st.rerun()
        if found:   # the URL names the number, and the page asks which hand
            st.query_params.from_dict({"hand": typed})
            st.session_state[STEP_KEY] = 0
            st.rerun()
    elif session_id:
        numbered = data.ask(db, "hands_numbered", session_id, int(hand_number))
        if numbered:
            go_to(numbered[0])
            st.rerun()
    st.error("No such hand: give the hand's number as its site printed it (or its id), or "
             "a session id and a hand number.")


def shown_time(hand: pd.Series) -> str:
    """`` · 2010-11-12 20:42 Europe/Paris``: the hand's time on the app's one clock (as
    its log states it where the store has no UTC time for it); empty without a time."""
    if pd.notna(hand.get("started_utc")):
        zone = data.clock()
        moment = pd.Timestamp(hand["started_utc"])
        moment = moment.tz_localize("UTC") if moment.tzinfo is None else moment
        return f" · {moment.tz_convert(zone):%Y-%m-%d %H:%M} {zone_shown(zone)}"
    return f" · {hand['started_at']:%Y-%m-%d %H:%M}" if pd.notna(hand["started_at"]) else ""


def hand_header(db: Database, key: HandKey, rows: HandRows) -> None:
    hand = rows.hand
    when = shown_time(hand)
    money = replay.money_of(rows)
    rake = f" · rake {money.text(int(hand['rake']))}" if hand["rake"] else ""
    number = site_number(hand["hand_id"], hand["site"])
    title = (f"{ui.text_html(site_name(hand['site']))} hand {ui.name_html(number, 30)}"
             if hand["site"] else f"Hand {ui.name_html(number, 30)} (house logs)")
    st.html(f"<h3>{title} · #{hand['number']} of session "
            f"{ui.name_html(hand['session_id'], 30)}{when}</h3>"
            f"<p style='opacity:0.7;font-size:0.9rem;margin:0'>"
            f"{ui.text_html(key.source)}, "
            f"line {hand['line']} · ruleset "
            f"{ui.text_html(hand['ruleset'])} · amounts in {ui.text_html(money.currency)}"
            f"{ui.text_html(rake)} · ended: {ui.text_html(hand['ended'])}</p>")
    earlier, later, table, _ = st.columns([1, 1, 1, 3])
    for column, step, label in ((earlier, -1, "◂ Previous hand"), (later, 1, "Next hand ▸")):
        neighbour = data.ask(db, "next_in_session", key, step)
        column.button(label, key=f"replay_hand_{step}", disabled=neighbour is None,
                      on_click=go_to, args=(neighbour,) if neighbour else None)
    if table.button("Players at this table ▸", key="replay_table",
                    help="each player's habits over all his hands, and your net against him"):
        st.switch_page(ui.TABLE_PAGE, query_params={"hand": key.hand_id, "source": key.source})


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


#: How a player who has folded is drawn: greyed, with the word.
_FOLDED_STYLE = "opacity:0.45"


def table_html(step: replay.Step, start: replay.Step, rows: HandRows) -> str:
    """The players as a drawn table, a compact row each however many sit: seat, name,
    position (and whether he folded), cards, stack, its change since the deal, and the
    hand value shown. A folded player's row is greyed."""
    head = "".join(f'<th style="{style};text-align:left">{label}</th>'
                   for label, style in _COLUMNS)
    body = []
    for player in rows.players.itertuples():
        name = player.player
        change = step.stacks[name] - start.stacks[name]
        folded = name in step.folded
        position = ui.text_html(player.position) + (" · folded" if folded else "")
        cells = (str(player.seat), ui.name_html(name), position,
                 f'<span style="white-space:nowrap">{ui.cards_html(step.cards[name])}</span>',
                 step.amount(step.stacks[name]),
                 f"{'+' if change > 0 else ''}{step.amount(change)}" if change else "",
                 ui.text_html(step.values.get(name, "")))
        state = f' class="folded" style="{_FOLDED_STYLE}"' if folded else ""
        body.append(f'<tr data-player="{ui.text_html(name)}"{state}>' + "".join(
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
        st.markdown("**Pots**")
        st.html(pots_html(rows, step.money))
        if not rows.run_hands.empty:
            st.markdown("**Run twice**: each pot is shared between the runs")
            st.html(runs_html(rows, step.money))


def marks(db: Database, key: HandKey, site: str) -> None:
    """The hand's tags and note, and the forms that change them (kept in the database or
    dataset by the hand's identity, so a re-import keeps them)."""
    tags, note = data.ask(db, "hand_marks", key)
    st.markdown("**Tags** " + (" · ".join(f"`{ui.md(tag)}`" for tag in tags) or "none yet"))
    where = data.location()
    with st.form("replay_tag", border=False):
        typed, add, remove = st.columns([3, 1, 1], vertical_alignment="bottom")
        tag = typed.text_input("Tag", placeholder="bad beat, review…", key="replay_tag_text")
        adding = add.form_submit_button("Add tag")
        removing = remove.form_submit_button("Remove tag")
    if (adding or removing) and tag.strip():
        try:
            data.tag_hand(where, site, key, tag, remove=removing)
        except ValueError as error:   # a tag that cannot be kept says why
            st.error(ui.md(error))
        else:
            st.rerun()
    with st.form("replay_note", border=False):
        text = st.text_area("Note", value=note or "", key="replay_note_text",
                            placeholder="what to remember about this hand")
        if st.form_submit_button("Save note"):
            try:
                data.note_hand(where, site, key, text)
            except ValueError as error:
                st.error(ui.md(error))
            else:
                st.rerun()


def share(db: Database, key: HandKey) -> None:
    """The hand as its log's own text, as house text and as PHH, each to copy (the code
    block's copy button) or download; a form that cannot say the hand says why."""
    # read on demand: the hand's whole file is read and replayed again
    if not st.toggle("Share this hand", key="replay_share",
                     help="the hand as its log's text, house text or PHH, to copy or download"):
        return
    texts = data.hand_texts(db, key)
    if texts is None:
        return
    suffixes = {"original": ".txt", "house": ".txt", "phh": ".phh"}
    for tab, (form, label) in zip(st.tabs(list(data.FORMS.values())), data.FORMS.items()):
        text = getattr(texts, form)
        with tab:
            if isinstance(text, data.HandTextError):
                st.warning(ui.md(f"No {label}: {text}"))
                continue
            st.code(text, language=None)
            name = re.sub(r"[^\w.-]", "_", key.hand_id) + f"-{form}{suffixes[form]}"
            st.download_button(f"Download the {label}", text, file_name=name,
                               mime="text/plain", key=f"replay_download_{form}")


def runs_html(rows: HandRows, money: replay.Money) -> str:
    """Each run of a hand run twice: every showdown hand in it, and its share of each pot
    with its winners."""
    items = []
    for name, hands, paid in replay.runs(rows, money):
        held = ", ".join(f"{ui.name_html(player)} {ui.text_html(cards)}"
                         for player, cards in hands)
        items.append(f"<li class='run'><b>{name}</b>: {held}; {ui.text_html(paid)}</li>")
    return f"<ul style='margin:0;line-height:1.6'>{''.join(items)}</ul>"


def pots_html(rows: HandRows, money: replay.Money) -> str:
    """Every pot with its amount, who could win it and every one of its winners (a
    three-way split names three), then the rake the log states."""
    items = []
    for pot in rows.pots.itertuples():
        winners = ", ".join(ui.name_html(name) for name in units.listed(pot.winners)) or \
            "nobody"
        eligible = ", ".join(ui.name_html(name) for name in units.listed(pot.eligible))
        split = " (split)" if len(units.listed(pot.winners)) > 1 else ""
        label = "Main pot" if pot.pot == 0 else f"Side pot {pot.pot}"
        items.append(f"<li class='pot'>{label} {ui.text_html(money.text(pot.amount))}: won by "
                     f"{winners}{split}; eligible: {eligible or 'nobody'}</li>")
    rake = int(rows.hand["rake"])
    if rake:
        items.append(f"<li class='rake'>Rake {ui.text_html(money.text(rake))}, as the log "
                     "states it: the winners share the pot less the rake</li>")
    if not items:
        return "<p>The log awards no pot.</p>"
    return f"<ul style='margin:0;line-height:1.6'>{''.join(items)}</ul>"


db = data.current()
st.title("Hand replayer")
find_form(db)
key = requested_hand(db)
rows = data.ask(db, "hand_rows", key) if key else None
if rows is None:
    asked = st.query_params.get("hand")
    st.info(f"No such hand in the {db.kind}: {ui.md(asked)}." if asked is not None
            else f"The {db.kind} has no hands yet.")
    st.stop()
if st.session_state.get(SHOWN_HAND_KEY) != key:
    st.session_state[SHOWN_HAND_KEY] = key
    st.session_state[STEP_KEY] = 0
hand_header(db, key, rows)
show_hand(rows)
tagging, sharing = st.columns([2, 3])
with tagging:
    marks(db, key, rows.hand["site"])
with sharing:
    share(db, key)
