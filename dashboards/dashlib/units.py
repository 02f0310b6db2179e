"""The sidebar filters on what is at stake (site, game, currency, cash / tournament /
home), and the rule that two units are never added on a page.

They extend :func:`dashlib.ui.filters_sidebar`; pages call :func:`stakes_sidebar` after it.
"""

from __future__ import annotations

import dataclasses

import streamlit as st

from badugi_hh.stats import Filters
from dashlib import data
from dashlib.data import Database

#: Each filter: the hands' column, the label, and how the column's values are shown.
_STAKES = (("kind", "Cash / tournament / home", {"cash": "cash", "tournament": "tournament",
                                                  "home": "home game"}),
           ("site", "Site", {"": "house logs"}),
           ("currency", "Currency", {}),
           ("game", "Game", {}))


def stakes_sidebar(db: Database, filters: Filters) -> Filters:
    """``filters`` narrowed by the sidebar's choices of kind, site, currency and game."""
    chosen = {}
    for column, label, names in _STAKES:
        values = data.choices(db, column)
        if len(values) < 2:
            continue   # nothing to choose between
        chosen[column] = st.sidebar.selectbox(
            label, values, index=None, placeholder="All", key=f"filter_{column}",
            format_func=lambda value, names=names: names.get(value, value))
    return dataclasses.replace(filters, **chosen)


def units_mix(frame) -> bool:
    """Whether the rows of ``frame`` (with currency and unit) are in more than one unit."""
    return len(frame[["currency", "unit"]].drop_duplicates()) > 1
