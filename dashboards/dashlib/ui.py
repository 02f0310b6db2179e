"""Widgets the pages share: the filters, pagination, cards, names, links to the replayer.

Text from a log (names, ids, rulesets, messages) is data, never markup: it goes into
HTML escaped (:func:`text_html`, :func:`name_html`, shown by ``st.html``, which reads
no Markdown), or into Markdown with every markup character escaped (:func:`md`).
"""

from __future__ import annotations

import html
import math
import re
from decimal import Decimal
from typing import Any
from urllib.parse import urlencode

import pandas as pd
import streamlit as st

from badugi_hh.filters import (
    KIND_NAMES, SITE_NAMES, FilterError, Filters, Stakes, check_days, site_name,
    stakes_text,
)
from badugi_hh.games import GAME_NAMES
from badugi_hh.rows.clock import zone_shown
from badugi_hh.store.player_notes import COLOURS
from dashlib import data
from dashlib.data import Database, HandKey

#: The replayer's page file and the address other pages link to.
REPLAYER_PAGE = "views/replayer.py"
REPLAYER_PATH = "replayer"
#: The page of the players at one hand's table, opened from the replayer.
TABLE_PAGE = "views/table.py"
TABLE_PATH = "table"
#: The filters on what is at stake: the hands' column, the label, and how the column's
#: values are shown.
_STAKES: tuple[tuple[str, str, dict[str, str]], ...] = (
    ("kind", "Cash / tournament / home", KIND_NAMES),
    ("site", "Site", SITE_NAMES),
    ("currency", "Currency", {}),
    ("game", "Game", GAME_NAMES))
#: Widget keys of the sidebar filters, kept while a page without them is shown.
#: The sidebar's setting of who the user is, and the Overview's choice of curves that
#: opens on him.
YOU_KEY = "setting_you"
GRAPHED_KEY = "overview_players"
FILTER_KEYS = ("filter_player", "filter_session", "filter_ruleset", "filter_from", "filter_to",
               *(f"filter_{column}" for column, *_ in _STAKES), "filter_stakes",
               "filter_table_size", "filter_tag", "filter_label", YOU_KEY)

#: Four-colour deck: each suit its colour, so a badugi (four suits) reads at a glance.
_SUITS = {"s": ("♠", "#1b1b1b"), "h": ("♥", "#d0021b"), "d": ("♦", "#1f5fd1"),
          "c": ("♣", "#17813a")}
_RANKS = "A23456789TJQK"
_CARD_STYLE = ("display:inline-block;min-width:2.3em;padding:0.1em 0.25em;margin:0 0.1em;"
               "border:1px solid #9a9a9a;border-radius:0.3em;background:#fff;"
               "font-family:monospace;font-weight:700;text-align:center;")
_UNSEEN_STYLE = ("background:repeating-linear-gradient(45deg,#34558b,#34558b 3px,"
                 "#4a6ea8 3px,#4a6ea8 6px);color:#fff;")


def card_html(card: str) -> str:
    """One card as a small coloured span; ``??`` (unseen) as a card's back."""
    if len(card) == 2 and card[0] in _RANKS and card[1] in _SUITS:
        symbol, colour = _SUITS[card[1]]
        return (f'<span title="{card}" style="{_CARD_STYLE}color:{colour}">'
                f"{card[0]}{symbol}</span>")
    return (f'<span title="{html.escape(card)}" '
            f'style="{_CARD_STYLE}{_UNSEEN_STYLE}">{html.escape(card)}</span>')


def cards_html(cards: list[str] | str) -> str:
    return "".join(card_html(card) for card in (cards.split() if isinstance(cards, str)
                                               else cards))


# -- text from the logs ----------------------------------------------------------------

#: Characters Markdown (and Streamlit's own :colour[...] and $math$) reads as markup.
_MARKUP = re.compile(r"([\\`*_{}\[\]()<>#+\-.!|:$~&])")
#: The widest a name is drawn, in characters; the whole name shows on hover.
NAME_WIDTH = 14


def md(text: object) -> str:
    """``text`` for a Markdown string (a caption, a label): every markup character
    escaped, so ``**bold**`` shows its asterisks and ``![x](url)`` loads nothing."""
    return _MARKUP.sub(r"\\\1", str(text))


def text_html(text: object) -> str:
    """``text`` for HTML shown by ``st.html``, which reads no Markdown."""
    return html.escape(str(text))


def name_html(name: object, width: int = NAME_WIDTH) -> str:
    """A player's name isolated from the text around it (a right-to-left name does
    not reorder the line), cut to ``width`` characters with the whole on hover."""
    escaped = html.escape(str(name))
    return (f'<bdi title="{escaped}" style="display:inline-block;max-width:{width}ch;'
            "overflow:hidden;text-overflow:ellipsis;white-space:nowrap;"
            f'vertical-align:bottom">{escaped}</bdi>')


def label_html(label: str, colour: str) -> str:
    """A player's label as a small chip of its colour (:mod:`badugi_hh.store.player_notes`);
    ``''`` for no label."""
    if not label:
        return ""
    background = COLOURS.get(colour, ("#777777", ""))[0]
    return (f'<span class="player-label" data-colour="{html.escape(colour)}" style="'
            f"background:{background};color:#fff;border-radius:0.6em;padding:0.05em 0.5em;"
            f'font-size:0.85em;white-space:nowrap">{html.escape(label)}</span>')


def label_text(label: str, colour: str) -> str:
    """A player's label for a table cell: its colour's disc and its name (``🟢 fish``)."""
    return f"{COLOURS[colour][1]} {label}" if label and colour in COLOURS else label


# -- filters ---------------------------------------------------------------------------

#: A choice of whose figures: a player as (site, name), or a person as (name,).
Choice = tuple[str, ...]


def keep_filters() -> None:
    """Keep the filters' values while a page that does not show them is open
    (Streamlit forgets a widget's value when a run does not draw it)."""
    for key in FILTER_KEYS:
        if key in st.session_state:
            st.session_state[key] = st.session_state[key]


def who_choices(db: Database) -> list[Choice]:
    """The persons of the aliases table, then every player (site and name), most hands
    first."""
    persons = data.ask(db, "persons")["person"].tolist()
    players = data.ask(db, "players")
    return [(person,) for person in persons] + list(zip(players["site"], players["player"]))


def choice_label(choice: Choice) -> str:
    """``Hero · PokerStars``, ``Me · person``: how a selector names a choice."""
    return f"{choice[0]} · person" if len(choice) == 1 else \
        f"{choice[1]} · {site_name(choice[0])}"


def chosen(db: Database, choice: Choice) -> Filters:
    """The filters of one choice: a player's hands, or a person's (summed over his names)."""
    if len(choice) == 1:
        return Filters(person=choice[0], players=tuple(data.ask(db, "names_of", choice[0])),
                       tz=data.clock())
    return Filters(players=((choice[0], choice[1]),), tz=data.clock())


def _you_setting(db: Database) -> None:
    """The sidebar's "You are": a person of the aliases table, at first the one the
    database names (``badugi-hh me``)."""
    persons = data.ask(db, "persons")["person"].tolist()
    if not persons:
        return
    named = data.ask(db, "me")
    if YOU_KEY not in st.session_state and named in persons:
        st.session_state[YOU_KEY] = named
    st.sidebar.selectbox("You are", persons, index=None, key=YOU_KEY, placeholder="nobody yet",
                         help="the person the Overview opens on", on_change=_open_on_you)


def _open_on_you() -> None:
    """A new user: the Overview's graph opens on him again."""
    st.session_state.pop(GRAPHED_KEY, None)


def you() -> Choice | None:
    """The user as the sidebar names him; the Overview opens on him."""
    person = st.session_state.get(YOU_KEY)
    return (person,) if person else None


def filters_sidebar(db: Database) -> Filters:
    """The sidebar's filters: player or person, session, ruleset, days, what is at stake,
    stakes and table size. A first day after the last stops the page with a message."""
    sidebar = st.sidebar
    sidebar.subheader("Filters")
    choice = sidebar.selectbox("Player", who_choices(db), index=None, format_func=choice_label,
                               placeholder="All players", key="filter_player",
                               help="a player is a site and a name; a person is every name "
                                    "the aliases table gives him")
    session = sidebar.text_input("Session id", key="filter_session",
                                 placeholder="All sessions").strip() or None
    ruleset = sidebar.selectbox("Ruleset", data.ask(db, "held", "ruleset"), index=None,
                                placeholder="All rulesets", key="filter_ruleset")
    first, last = data.ask(db, "date_bounds")
    date_from = sidebar.date_input("From", value=None, min_value=first, max_value=last,
                                   key="filter_from", help="the first day, included")
    date_to = sidebar.date_input("To", value=None, min_value=first, max_value=last,
                                 key="filter_to", help="the last day, included")
    values: dict[str, Any] = {**_stakes(db), **_limits(db)}
    tags = data.ask(db, "tags")
    if tags:
        values["tag"] = sidebar.selectbox("Tag", tags, index=None, placeholder="All hands",
                                          key="filter_tag",
                                          help="only the hands you gave this tag (in the "
                                               "replayer, or badugi-hh tag)")
    labels = data.ask(db, "labels")
    if labels:
        values["label"] = sidebar.selectbox("Label", labels, index=None,
                                            placeholder="All players", key="filter_label",
                                            help="only the players you gave this label "
                                                 "(badugi-hh label)")
    _you_setting(db)
    try:
        check_days(date_from, date_to)
    except FilterError as error:
        st.error(md(f"The filters choose no day: {error}."))
        st.stop()
    filters = Filters(None, session, ruleset, date_from, date_to, **values, tz=data.clock())
    sidebar.caption(f"Days and times in {zone_shown(data.clock())}")
    if choice is None:
        return filters
    player = chosen(db, choice)
    return filters.but(players=player.players, person=player.person)


def _stakes(db: Database) -> dict[str, str | None]:
    """The sidebar's choices of kind, site, currency and game, where there is a choice."""
    chosen_values = {}
    for column, label, names in _STAKES:
        values = data.ask(db, "held", column)
        if len(values) < 2:
            continue   # nothing to choose between
        chosen_values[column] = st.sidebar.selectbox(
            label, values, index=None, placeholder="All", key=f"filter_{column}",
            format_func=lambda value, names=names: names.get(value, value))
    return chosen_values


def _limits(db: Database) -> dict[str, object]:
    """The sidebar's choices of stakes (bets of a fixed-limit game, blinds of the others)
    and table size, where there is a choice."""
    chosen_values: dict[str, object] = {}
    stakes = data.ask(db, "held_stakes")
    if len(stakes) > 1:
        level = st.sidebar.selectbox("Stakes", stakes, index=None, placeholder="All",
                                     key="filter_stakes", format_func=lambda row: stakes_text(*row),
                                     help="the bets of a fixed-limit game, the blinds of a "
                                          "pot- or no-limit one")
        if level is not None:
            low, high, currency, unit = level
            chosen_values["stakes"] = Stakes(Decimal(low) / unit, Decimal(high) / unit,
                                             currency)
    sizes = data.ask(db, "held_table_sizes")
    if len(sizes) > 1:
        chosen_values["table_size"] = st.sidebar.selectbox(
            "Table size", sizes, index=None, placeholder="All", key="filter_table_size",
            format_func=lambda seats: "heads-up (2 seats)" if seats == 2 else f"{seats} seats")
    return chosen_values


# -- lists -----------------------------------------------------------------------------

def pager(total: int, key: str, rows: int = data.PAGE_ROWS) -> int:
    """A page number input under a list of ``total`` rows; the first row's offset."""
    pages = max(1, math.ceil(total / rows))
    if pages == 1:
        return 0
    number, rows_shown = st.columns([1, 3], vertical_alignment="bottom")
    page = number.number_input(f"Page (of {pages:,})", min_value=1, max_value=pages, value=1,
                               step=1, key=key)
    first = (page - 1) * rows
    rows_shown.caption(f"Rows {first + 1:,}–{min(first + rows, total):,} of {total:,}")
    return first


def hand_url(key: HandKey) -> str:
    """The replayer's address for a hand, relative to any page of the app."""
    return f"{REPLAYER_PATH}?{urlencode({'hand': key.hand_id, 'source': key.source})}"


def with_replay_links(frame: pd.DataFrame) -> pd.DataFrame:
    """``frame`` (with source and hand_id columns) with a ``replay`` link column."""
    links = [hand_url(HandKey(source, hand_id)) if isinstance(hand_id, str) else None
             for source, hand_id in zip(frame["source"], frame["hand_id"])]
    return frame.assign(replay=links)


REPLAY_LINK = st.column_config.LinkColumn("replay", display_text="open ▸",
                                          help="open the hand in the replayer")


def open_in_replayer(choices: dict[str, HandKey], key: str) -> None:
    """A choice of hands and a button that opens the chosen one in the replayer."""
    if not choices:
        return
    left, right = st.columns([4, 1], vertical_alignment="bottom")
    label = left.selectbox("Hand", list(choices), key=f"{key}_choice")
    if right.button("Open in replayer", key=f"{key}_open"):
        chosen = choices[label]
        st.switch_page(REPLAYER_PAGE,
                       query_params={"hand": chosen.hand_id, "source": chosen.source})


#: A legend under a chart, one entry a line, each label whole: Vega-Lite cuts a label
#: past 160 pixels ("Ana (house logs) (+85.7…") and drops the entries past the width.
WHOLE_LEGEND = {"orient": "bottom", "direction": "vertical", "labelLimit": 0}
#: The x axes of the win-rate graph: a column and its title, and its Vega-Lite type.
X_AXES = {"hands": ("hands played", "quantitative"), "day": ("day", "temporal")}


def line_chart(frame: pd.DataFrame, y: str, series: str, y_title: str,
               colours: dict[str, str] | None = None, x: str = "hands") -> None:
    """Lines of column ``y`` (titled ``y_title``: what it counts) over ``x`` (``hands``,
    or ``day``), one per value of ``series``. A plain Vega-Lite spec: building it with
    Altair costs more than the query behind it."""
    x_title, x_type = X_AXES[x]
    colour: dict[str, object] = {"field": series, "type": "nominal", "title": None,
                                 "legend": WHOLE_LEGEND}
    if colours:
        colour["scale"] = {"domain": list(colours), "range": list(colours.values())}
    st.vega_lite_chart(frame, {
        "mark": {"type": "line", "strokeWidth": 1.5},
        "encoding": {"x": {"field": x, "type": x_type, "title": x_title},
                     "y": {"field": y, "type": "quantitative", "title": y_title},
                     "color": colour},
        "height": 360,
    }, width="stretch")


#: The widest a character of the grid's font is on average, and a cell's padding, in
#: pixels: enough for a column to hold its longest text.
_CHAR_PX, _CELL_PX = 8, 24


def readable_columns(frame: pd.DataFrame,
                     config: dict[str, Any] | None = None) -> dict[str, Any]:
    """``st.dataframe``'s column_config for ``frame``: each column labelled in words
    (``config``'s label, else its name with spaces, ``drew 0`` for ``drew_0``), and each
    column of text as wide as its longest text. The grid sizes a column by its first
    rows, leaving out a text twice their mean as an outlier, so a long text below them
    ("not added: chips of separate games") was cut."""
    config = dict(config or {})
    for column in map(str, frame.columns):
        given = config.get(column)
        if given is not None and not isinstance(given, str):
            continue   # a column of its own kind (a link, a time) keeps its settings
        label = given or column.replace("_", " ")
        texts = [value for value in frame[column] if isinstance(value, str)]
        widest = max([len(label), *map(len, texts)]) if texts else 0
        config[column] = st.column_config.Column(label, width=widest * _CHAR_PX + _CELL_PX) \
            if texts else label
    return config
