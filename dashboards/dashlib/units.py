"""Amounts and players as the pages write them: every amount in its unit, every player
with his site; two units are never added on a page (the filters on what is at stake
are :func:`dashlib.ui.filters_sidebar`'s)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd

from badugi_hh.filters import player_label, site_name
from badugi_hh.money import format_amount

#: What a page writes where an amount of money cannot be given (summed past 64-bit
#: integers).
NO_AMOUNT = "too large to add up"
#: What a net says where its rows hold the chips of two tournaments (or of a tournament
#: and a home game): they are worth nothing outside their game, so they are not added.
NOT_SUMMED = "not added: chips of separate games"
#: What a figure's cell says where it has no hands to count (a share of no chance), and
#: where the game has no such figure; :data:`MISSING_CAPTION` tells the reader.
NONE_TO_COUNT = "–"
NOT_APPLICABLE = "n/a"
MISSING_CAPTION = (f"{NONE_TO_COUNT}: no hands to count (no chance to do it yet); "
                   f"{NOT_APPLICABLE}: the game has no such figure.")
#: How a page writes a share in text, and a grid's column of shares in percent (of
#: :func:`in_percent`): one decimal, as ``badugi-hh stats`` writes them.
PERCENT = "{:.1%}"
PERCENT_COLUMN = "%.1f%%"


def units_mix(frame: pd.DataFrame) -> bool:
    """Whether the rows of ``frame`` (with currency and unit) are in more than one unit."""
    return len(frame[["currency", "unit"]].drop_duplicates()) > 1


def amount(value: Any, currency: str, unit: int, signed: bool = False) -> str:
    """An amount stored in the smallest unit, as its log writes it (``$5.70``,
    ``1,500 chips``); ``signed`` adds a ``+`` to a gain. A sum that cannot be given
    says why: chips of separate games, or (money) past the 64-bit integers.

    >>> amount(570, "USD", 100), amount(-1500, "chips", 1), amount(5, "EUR", 100, signed=True)
    ('$5.70', '-1,500 chips', '+€0.05')
    >>> amount(1, "chips", 1), amount(None, "chips", 1)
    ('1 chip', 'not added: chips of separate games')
    """
    if value is None or pd.isna(value):
        return NOT_SUMMED if currency == "chips" else NO_AMOUNT
    text = format_amount(int(value), currency, int(unit))
    return f"+{text}" if signed and int(value) > 0 else text


def with_money_text(frame: pd.DataFrame, *columns: str, signed: bool = False) -> pd.DataFrame:
    """``frame`` with each amount column (``net`` by default) replaced by its text in the
    row's unit: a page shows no amount without its unit."""
    texts = {column: [amount(value, currency, unit, signed) for value, currency, unit
                      in zip(frame[column], frame["currency"], frame["unit"])]
             for column in columns or ("net",)}
    return frame.assign(**texts)


def with_site_names(frame: pd.DataFrame) -> pd.DataFrame:
    """``frame`` with its ``site`` column named as the pages name sites (``PokerStars``,
    ``house logs``)."""
    return frame.assign(site=frame["site"].map(site_name)) if "site" in frame else frame


def listed(names: object) -> list[str]:
    """A list column's value as a list (a missing one is empty)."""
    return list(names) if isinstance(names, list | tuple | np.ndarray) else []


def amounts_of(names: Sequence[str], values: Sequence[Any], currency: str, unit: int,
               places: Sequence[Any] = ()) -> str:
    """``Ana +$5.70, Bo -$5.70``: each name's amount in the unit, with a tournament's
    places where the log states them (place 0: not stated)."""
    parts = []
    for index, (name, value) in enumerate(zip(names, values)):
        place = int(places[index]) if index < len(places) and places[index] else 0
        placed = f" ({place}.)" if place else ""
        parts.append(f"{name} {amount(value, currency, unit, signed=True)}{placed}")
    return ", ".join(parts)


def who_label(choice: tuple[str, ...]) -> str:
    """A player (site, name) or a person (name,) as a page names them.

    >>> who_label(("pokerstars", "Hero")), who_label(("Me",))
    ('Hero (PokerStars)', 'Me (person)')
    """
    return f"{choice[0]} (person)" if len(choice) == 1 else player_label(*choice)


def share_texts(shares: pd.Series, applicable: Sequence[bool]) -> list[str]:
    """Shares as a table of a few rows writes them, ``7.5%``: :data:`NOT_APPLICABLE`
    where the row's game has no such figure, :data:`NONE_TO_COUNT` where it had no
    hand to count (a grid shows one word for every missing cell, never two).

    >>> share_texts(pd.Series([0.075, None, None]), [True, True, False])
    ['7.5%', '–', 'n/a']
    """
    return [NOT_APPLICABLE if not defined else NONE_TO_COUNT if pd.isna(share)
            else PERCENT.format(share) for share, defined in zip(shares, applicable)]


def in_percent(frame: pd.DataFrame, shares: Sequence[str]) -> pd.DataFrame:
    """``frame`` with its columns of shares (fractions) in percent, for a grid's column
    formatted :data:`PERCENT_COLUMN`; a column given as text already is kept.

    >>> in_percent(pd.DataFrame({"vpip": [0.7767, 0.0], "game": ["a", "b"]}),
    ...            ["vpip", "game"])["vpip"].round(2).tolist()
    [77.67, 0.0]
    """
    return frame.assign(**{name: 100 * frame[name] for name in shares
                           if pd.api.types.is_numeric_dtype(frame[name])})

