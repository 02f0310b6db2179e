"""The rule that two units are never added on a page (the filters on what is at stake
are :func:`dashlib.ui.filters_sidebar`'s)."""

from __future__ import annotations

import pandas as pd


def units_mix(frame: pd.DataFrame) -> bool:
    """Whether the rows of ``frame`` (with currency and unit) are in more than one unit."""
    return len(frame[["currency", "unit"]].drop_duplicates()) > 1
