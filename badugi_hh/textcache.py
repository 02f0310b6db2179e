"""Caches keyed by a log's text that keep only short texts.

Hand-history lines repeat ("Bruno: folds"), so the readers and the engine cache
what they make of a line, a card list or a hand's description. But a hostile file
may hold lines of up to 1 MiB (:data:`~badugi_hh.parsers.text.MAX_LINE_BYTES`),
each of them new: an ``lru_cache`` keyed by such texts would keep thousands of
megabytes for nothing. A long text is worked out each time it comes instead.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TypeVar

__all__ = ["LONGEST_CACHED_LINE", "ShortTextCache", "cached_for_short_lines"]

#: The longest text a cache keeps: hand-history lines are shorter.
LONGEST_CACHED_LINE = 500

_Parse = TypeVar("_Parse", bound=Callable[..., object])
_Made = TypeVar("_Made")


def cached_for_short_lines(maxsize: int) -> Callable[[_Parse], _Parse]:
    """An ``lru_cache`` of a function of a text (and other arguments) that never keeps
    a text longer than :data:`LONGEST_CACHED_LINE`.

    >>> calls = []
    >>> @cached_for_short_lines(8)
    ... def length(text: str) -> int:
    ...     calls.append(text)
    ...     return len(text)
    >>> length("ab"), length("ab"), length("x" * 600), length("x" * 600), len(calls)
    (2, 2, 600, 600, 3)
    >>> length.cache_info().currsize
    1
    """
    def decorate(parse: _Parse) -> _Parse:
        cached = functools.lru_cache(maxsize=maxsize)(parse)

        @functools.wraps(parse)
        def parse_bounded(text: str, *rest: object) -> object:
            if len(text) > LONGEST_CACHED_LINE:
                return parse(text, *rest)
            return cached(text, *rest)

        parse_bounded.cache_clear = cached.cache_clear  # type: ignore[attr-defined]
        parse_bounded.cache_info = cached.cache_info  # type: ignore[attr-defined]
        return parse_bounded  # type: ignore[return-value]
    return decorate


class ShortTextCache(dict[str, _Made]):
    """What ``make`` makes of each short text, looked up as a dict: ``cache[text]``.

    A text that is found costs one dict look-up and no call, which is what a reader
    wants for the lines that repeat in every hand. A text longer than ``longest``
    (:data:`LONGEST_CACHED_LINE`, or less for texts that repeat only when short) is made
    each time; when ``maxsize`` texts are kept, the cache starts again empty (what
    repeats comes back at once). What ``make`` raises is raised, and nothing is kept.

    >>> calls = []
    >>> def length(text: str) -> int:
    ...     calls.append(text)
    ...     return len(text)
    >>> lengths = ShortTextCache(length, maxsize=2)
    >>> lengths["ab"], lengths["ab"], lengths["x" * 600], lengths["x" * 600], len(calls)
    (2, 2, 600, 600, 3)
    >>> lengths["c"], lengths["d"], sorted(lengths)
    (1, 1, ['d'])
    >>> short = ShortTextCache(length, maxsize=2, longest=3)
    >>> short["abc"], short["abcd"], sorted(short)
    (3, 4, ['abc'])
    """

    def __init__(self, make: Callable[[str], _Made], maxsize: int,
                 longest: int = LONGEST_CACHED_LINE) -> None:
        super().__init__()
        self.make = make
        self.maxsize = maxsize
        self.longest = longest

    def __missing__(self, text: str) -> _Made:
        made = self.make(text)
        if len(text) <= self.longest:
            if len(self) >= self.maxsize:
                self.clear()
            self[text] = made
        return made
