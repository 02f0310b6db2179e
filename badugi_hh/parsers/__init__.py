"""Hand-history readers: text of any supported dialect to typed records.

:func:`read_records` opens a log, recognises its dialect from its first
line that is neither blank nor a comment, and hands it to that dialect's
reader. Every reader streams: it yields one record at a time and holds one
hand at most.

>>> import io
>>> log = io.BytesIO(b"Session #s1\\nSeat 1: Ana (100)\\nSeat 2: Bruno (100)\\n"
...                  b"Hand #1 - button Ana\\nAna: folds\\nBruno wins 3\\n")
>>> [type(record).__name__ for record in read_records(log)]
['SessionStart', 'Hand']
>>> dialect_of("PokerStars Game #49164202872:  Badugi Limit").name
'pokerstars'
>>> dialect_of("Session #fri-1127").name
'house'

A log no reader claims goes to the house reader, whose errors then say
what a house log looks like.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from badugi_hh.events import Record
from badugi_hh.parsers import fulltilt, house, kingsclub, merge, phh, pokerstars, winamax
from badugi_hh.parsers.site import is_archive_marker
from badugi_hh.parsers.text import LogText, open_log
from badugi_hh.sources import LOG_SUFFIXES, iter_log_files

__all__ = ["DIALECTS", "Dialect", "LOG_SUFFIXES", "dialect_of", "iter_log_files",
           "read_records"]

#: How many lines may come before the first that is not blank.
_SNIFF_LINES = 100
#: A comment line (house and PHH logs may open with comments): no dialect's mark.
_COMMENT = re.compile(r"\s*#(\s|$)")


@dataclass(frozen=True, slots=True)
class Dialect:
    """A log format: how to recognise it, and its reader."""

    name: str
    sniff: Callable[[str], bool]
    """Whether a log whose first non-blank line is this one is in the dialect."""
    read: Callable[[LogText], Iterator[Record]]


#: Tried in order; the first whose ``sniff`` says yes reads the log, and the
#: last one reads any log that no dialect claims.
DIALECTS: list[Dialect] = [
    Dialect("pokerstars", pokerstars.sniff, pokerstars.read_pokerstars_lines),
    Dialect("fulltilt", fulltilt.sniff, fulltilt.read_fulltilt_lines),
    Dialect("kingsclub", kingsclub.sniff, kingsclub.read_kingsclub_lines),
    Dialect("merge", merge.sniff, merge.read_merge_lines),
    Dialect("winamax", winamax.sniff, winamax.read_winamax_lines),
    Dialect("phh", phh.sniff, phh.read_phh_lines),
    Dialect("house", house.sniff, house.read_house_lines),
]


def dialect_of(first_line: str) -> Dialect:
    """The dialect of a log that starts (after blank lines) with ``first_line``."""
    return next((dialect for dialect in DIALECTS if dialect.sniff(first_line)), DIALECTS[-1])


def read_records(path_or_file: str | os.PathLike[str] | IO[bytes] | IO[str],
                 ) -> Iterator[Record]:
    """The records of one log file, in whichever dialect it is written.

    A ``str`` here is a path (unlike :func:`~badugi_hh.parsers.house.read_house`,
    which takes the text itself).
    """
    source = Path(path_or_file) if isinstance(path_or_file, str) else path_or_file
    with open_log(source) as log:
        first = next((line for line in log.head(_SNIFF_LINES)
                      if line.strip() and not _COMMENT.match(line)
                      and not is_archive_marker(line)), "")
        yield from dialect_of(first).read(log)
