"""Live table: the tables being played, as ``badugi-hh watch`` (or the Import page's
watcher) stores their hands; for each player seated at a table's newest hand, the
figures a draw player reads at a glance, his label and the first line of your note on
him; your session at the table so far; and whether the watcher still runs.

The page draws :func:`badugi_hh.stats.live_tables`, as ``badugi-hh hud`` does in the
terminal: a column per player, a row per figure, each figure over all his stored
hands with its sample size. It looks again every :data:`REFRESH_SECONDS` (a Streamlit
fragment), reading the database only when its file changed; the watcher's line is
read from its record beside the database (:mod:`badugi_hh.watch_state`).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import streamlit as st

from badugi_hh.filters import site_name
from badugi_hh import stats
from badugi_hh.stats import LiveTable, site_number
from badugi_hh.store import StoreError
from badugi_hh.watch_state import watch_state
from dashlib import data, ui

#: How often the page looks for a new hand (the issue asks for 2 s at most).
REFRESH_SECONDS = 0.5
#: How many tables stand side by side; more go on the next row.
ACROSS = 3
_CELL = "padding:0.2rem 0.45rem;border-bottom:1px solid #e3e3e3;vertical-align:top"
_TABLE = "border-collapse:collapse;font-size:0.85rem"
_SMALL = '<br><small style="color:#777">{}</small>'


def cell_html(text: str) -> str:
    """A figure as :meth:`LiveTable.cell` writes it (``34% (n=120)``), its n on a line
    of its own so that the columns stay narrow.

    >>> cell_html("34% (n=120)")
    '34%<br><small style="color:#777">n=120</small>'
    """
    value, _, count = text.partition(" (")
    return ui.text_html(value) + (_SMALL.format(ui.text_html(count.rstrip(")"))) if count
                                  else "")


def table_html(live: LiveTable) -> str:
    """One table: its newest hand, a column per seated player (his label and note under
    his name), a row per figure, and the hero's session."""
    started = "" if live.started_at is None else f" at {live.started_at:%H:%M:%S}"
    rows = list(live.players.itertuples(index=False))
    heads = "".join(
        f'<th data-player="{ui.text_html(row.player)}" style="{_CELL};text-align:left">'
        f"{row.seat}: <bdi>{ui.text_html(row.player)}</bdi>{' (hero)' if row.is_hero else ''}"
        + (f"<br>{ui.label_html(row.label, row.colour)}" if row.label else "")
        + (_SMALL.format(ui.text_html(row.note)) if row.note else "") + "</th>"
        for row in rows)
    body = [_row("hands", "hands", [f"{row.hands:,}" for row in rows], rows)]
    body += [_row(figure.column, figure.short,
                  [cell_html(live.cell(row, figure)) for row in rows], rows, figure.label)
             for figure in live.figures]
    hero = (f"your session ({ui.text_html(live.hero.player)}): {ui.text_html(live.hero.text)}"
            if live.hero is not None else "no hero seated")
    number = site_number(live.key.hand_id, live.site)
    return (f'<div class="live-table" data-table="{ui.text_html(live.table)}">'
            f"<h4>{ui.text_html(site_name(live.site))} · {ui.text_html(live.table)}</h4>"
            f"<p>{ui.text_html(live.game)} {ui.text_html(live.stakes)} · hand "
            f'<a href="{ui.text_html(ui.hand_url(live.key))}" target="_self">{ui.text_html(number)}</a>'
            f"{started}</p>"
            f'<div style="overflow-x:auto"><table class="live" style="{_TABLE}"><thead><tr>'
            f'<th style="{_CELL}"></th>{heads}</tr></thead><tbody>{"".join(body)}</tbody>'
            f'</table></div><p class="hero-session">{hero}</p></div>')


def _row(column: str, short: str, cells: list[str], rows: list[Any],
         label: str = "") -> str:
    return (f'<tr data-figure="{column}"><th title="{ui.text_html(label or short)}" '
            f'style="{_CELL};text-align:left;white-space:nowrap">{ui.text_html(short)}</th>'
            + "".join(f'<td data-player="{ui.text_html(row.player)}" '
                      f'data-figure="{column}" style="{_CELL};white-space:nowrap">{cell}</td>'
                      for row, cell in zip(rows, cells)) + "</tr>")


def watcher_line(db_path: str) -> None:
    """Whether hands are still coming: the watcher's record, in a line."""
    state = watch_state(db_path)
    if state is None:
        st.info("No watcher stores hands here: start one on the Import page, or run "
                "`badugi-hh watch FOLDER`.", icon=":material/visibility_off:")
    elif state.running():
        st.success(ui.md(state.text()), icon=":material/visibility:")
    else:
        st.warning(ui.md(state.text()), icon=":material/visibility_off:")


@st.fragment(run_every=REFRESH_SECONDS)
def live_view(site: str | None, table: str | None, hero: tuple[tuple[str, str], ...]) -> None:
    """The tables as stored now; run again every :data:`REFRESH_SECONDS`."""
    try:
        db = data.current()
        tables = data.ask(db, "live_tables", hero, site, table or None, stats.LIVE_TABLES,
                          data.clock())
    except StoreError as error:   # not there yet, or being written a moment longer
        st.info(ui.md(error), icon=":material/database:")
        return
    watcher_line(db.path)
    st.caption(f"Looked at {datetime.now():%H:%M:%S}; each figure over all the player's "
               "stored hands, with n, the chances it counts (docs/schema.md).")
    if not tables:
        st.info("No table has a hand stored yet" + (" that matches the choice above."
                                                     if site is not None or table else "."))
        return
    across = min(ACROSS, len(tables))
    for start in range(0, len(tables), across):
        for column, live in zip(st.columns(across), tables[start:start + across]):
            column.html(table_html(live))


db = data.current()
st.title("Live table")
left, middle, right = st.columns(3)
sites = data.ask(db, "held", "site")
site = left.selectbox("Site", sites, index=None, format_func=site_name,
                      placeholder="every site", key="live_site")
table = middle.text_input("Table", key="live_table", placeholder="every table",
                          help="only the tables whose name holds this text (any case)")
choices = ui.who_choices(db)
you = ui.you() or ((data.ask(db, "me"),) if data.ask(db, "me") else None)
choice = right.selectbox("You are", choices, index=choices.index(you) if you in choices else None,
                         format_func=ui.choice_label, key="live_hero",
                         placeholder="the player whose cards the log shows",
                         help="whose session is shown under each table")
hero = ui.chosen(db, choice).players if choice else ()
live_view(site, table.strip() or None, tuple(hero))
