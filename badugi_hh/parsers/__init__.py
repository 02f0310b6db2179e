"""Hand-history readers: text of any supported dialect to typed records.

:func:`read_records` opens a log and reads each part of it with the dialect of
the hands in it, recognised at each hand's first line (:mod:`.dialects`): a file
may hold two dialects, and a damaged header costs its hand, never the file. Every
reader streams: it yields one record at a time and holds one hand at most.

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
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from badugi_hh.archives import ArchiveMember
from badugi_hh.events import Record
from badugi_hh.parsers.dialects import DIALECTS, Dialect, dialect_of, read_log
from badugi_hh.parsers.text import open_log
from badugi_hh.sources import LOG_SUFFIXES, iter_log_files

__all__ = ["DIALECTS", "Dialect", "LOG_SUFFIXES", "dialect_of", "iter_log_files",
           "read_records"]


def read_records(path_or_file: str | os.PathLike[str] | ArchiveMember | IO[bytes] | IO[str],
                 ) -> Iterator[Record]:
    """The records of one log file, in whichever dialects it is written.

    A ``str`` here is a path (unlike :func:`~badugi_hh.parsers.house.read_house`,
    which takes the text itself).
    """
    source = Path(path_or_file) if isinstance(path_or_file, str) else path_or_file
    with open_log(source) as log:
        yield from read_log(log)
