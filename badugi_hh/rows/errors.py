"""The error both back ends raise for a user, and the one line of an error they show.

>>> raise StoreError("no dataset at /tmp/x: import some logs first")
Traceback (most recent call last):
...
badugi_hh.rows.errors.StoreError: no dataset at /tmp/x: import some logs first
"""

from __future__ import annotations


class StoreError(Exception):
    """The database or dataset cannot be opened or used; the message says why and what to do."""


class Busy(StoreError):
    """Another process writes into the database or dataset. :attr:`in_use` says who,
    without what to do about it: a watcher, which tries again by itself, says that."""

    def __init__(self, message: str, in_use: str | None = None) -> None:
        super().__init__(message)
        self.in_use = in_use or message


def first_line(error: BaseException) -> str:
    """An error's message without the hints and blank lines DuckDB and Arrow append.

    >>> first_line(ValueError("\\nno such column\\nLINE 1: ..."))
    'no such column'
    """
    return next((line for line in str(error).splitlines() if line.strip()), type(error).__name__)
