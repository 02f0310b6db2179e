"""Copying and pickling the frozen dataclasses of the compiled modules.

``copy`` and ``pickle`` rebuild an object as an empty one whose fields they then
set; compiled by mypyc, a frozen dataclass refuses the setting. Each frozen
dataclass of the compiled modules (:mod:`badugi_hh.compiled`) therefore reduces
itself with :func:`rebuilt`: its class and the arguments of its constructor,
which the compiled engine and the Python one rebuild alike (so a pickle made by
one loads in the other).

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Pair:
...     left: int
...     right: int
>>> rebuilt(Pair(1, 2))
(<class 'badugi_hh.frozen.Pair'>, (1, 2))
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

__all__ = ["rebuilt"]


def rebuilt(value: Any) -> tuple[type[Any], tuple[Any, ...]]:
    """``value``'s class and its constructor's arguments, in order (for ``__reduce__``)."""
    return type(value), tuple(getattr(value, field.name) for field in fields(value) if field.init)
