"""Where each file of a dataset lies, and how it gets there whole.

A dataset is a folder of Parquet files, one folder per table of the store::

    DATASET/
      manifest/part-KEY.parquet                       one row per imported log file
      hands/site=pokerstars/month=2024-05/part-KEY.parquet
      hand_players/site=.../month=.../part-KEY.parquet
      ...                                             (every per-hand and session table)
      quarantine/part-KEY.parquet                     (tables with no site: one file each)
      rules/part-catalogue.parquet
      _tmp/KEY/...                                    files of an import under way

``KEY`` names one imported log: a digest of its content hash and its source, so
one log's files have the same names each time it is imported, and a re-run
overwrites instead of adding. The site and month folders are Hive partitions:
the site is taken out of the files (it is the folder's name), the month is the
month the hand or session started (``__HIVE_DEFAULT_PARTITION__`` when unknown).
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import socket
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import quote

if TYPE_CHECKING:
    import pyarrow.dataset as pads

#: The Hive name of a partition whose value is unknown (DuckDB and Spark read NULL).
UNKNOWN = "__HIVE_DEFAULT_PARTITION__"

#: The folder of the log files already imported, keyed by KEY.
MANIFEST = "manifest"

#: Files being written; moved into place when the whole log is written.
STAGING = "_tmp"

#: The tables split into site and month folders. The first group carries the site
#: and start time itself; the others take them from their hand or session.
PARTITIONED_BY_ROW = ("hands", "hand_players", "sessions")
PARTITIONED_BY_HAND = ("actions", "draws", "showdowns", "pots", "pot_halves", "run_hands",
                       "run_pots")
PARTITIONED = (*PARTITIONED_BY_ROW, *PARTITIONED_BY_HAND, "session_players", "violations")
#: The tables each log writes files of. The others are the catalogue (the rules), the
#: manifest (``sources``), the copies of hands (``hand_sources``, from the hands'
#: files) and the user's own tables, one file each (:data:`PERSON_FILES`).
FILE_TABLES = ("sessions", "session_players", "players", "hands", "hand_players", "actions",
               "draws", "showdowns", "pots", "pot_halves", "run_hands", "run_pots", "violations",
               "quarantine", "skipped",
               "tournaments", "tournament_results")
#: The persons and settings of ``badugi-hh alias`` and ``me``, the tags and notes of
#: ``badugi-hh tag`` and ``note``, and the notes and labels on players: the user's own
#: tables, one file each, replaced whole at each change.
PERSON_FILES = {"aliases": "persons/aliases.parquet", "settings": "persons/settings.parquet",
                "hand_tags": "persons/hand_tags.parquet",
                "hand_notes": "persons/hand_notes.parquet",
                "player_notes": "persons/player_notes.parquet",
                "player_labels": "persons/player_labels.parquet",
                "labels": "persons/labels.parquet"}


def file_key(source: str, content_hash: str) -> str:
    """The name of one imported log's files: the same log gives the same key.

    >>> file_key("/logs/a.txt", "ab" * 32) == file_key("/logs/a.txt", "ab" * 32)
    True
    >>> len(file_key("/logs/a.txt", "ab" * 32))
    32
    """
    return hashlib.sha256(f"{source}\x00{content_hash}".encode()).hexdigest()[:32]


def hive_partitioning() -> pads.Partitioning:
    """The site and month folders as another reader of Parquet (Dask, PyArrow) should
    take them: as text. Left to guess, Dask cannot type a column whose folders are all
    :data:`UNKNOWN` (the site of a house log, the month of an undated hand) and refuses
    the table, a dataset of house logs alone included::

        dd.read_parquet("hands/hand_players", dataset={"partitioning": hive_partitioning()})

    Such a reader takes every file in the folders, a hand met in two logs once in each:
    :func:`~badugi_hh.dataset.reader.connect_dataset` shows each hand once.
    """
    import pyarrow as pa
    import pyarrow.dataset as pads

    return pads.partitioning(pa.schema([("site", pa.string()), ("month", pa.string())]),
                             flavor="hive")


def partition_folder(site: str | None, month: str | None) -> str:
    """``site=.../month=...`` with Hive's escapes (DuckDB reads them back).

    >>> partition_folder("full tilt", "2024-05"), partition_folder("", None)
    ('site=full%20tilt/month=2024-05', 'site=__HIVE_DEFAULT_PARTITION__/month=__HIVE_DEFAULT_PARTITION__')
    """
    return f"site={_hive_value(site)}/month={_hive_value(month)}"


def _hive_value(value: str | None) -> str:
    return quote(value, safe="-_.") if value else UNKNOWN


def part_name(key: str) -> str:
    return f"part-{key}.parquet"


def manifest_path(root: Path, key: str) -> Path:
    return root / MANIFEST / part_name(key)


def staging_folder(root: Path, key: str) -> Path:
    return root / STAGING / key


def move_into_place(staged: Path, final: Path) -> None:
    """Rename a finished file to where readers find it: a reader sees it whole or
    not at all (a rename within one file system is atomic)."""
    final.parent.mkdir(parents=True, exist_ok=True)
    os.replace(staged, final)


#: The lock files: one import writes into a dataset at a time, and one compaction runs.
IMPORT_LOCK = ".import.lock"
COMPACT_LOCK = ".compact.lock"
#: How long a wait for another process's lock lasts by default: an import called from
#: a script whose worker processes run the script again must not wait for itself.
LOCK_WAIT_SECONDS = 10.0


@contextmanager
def hold_lock(path: Path, wait: float | None) -> Iterator[bool]:
    """Whether this process got the lock file ``path`` within ``wait`` seconds (None:
    for as long as it takes). The system releases it if the process dies. The holder
    writes who it is into the file (:func:`lock_holder` reads it)."""
    deadline = None if wait is None else time.monotonic() + wait
    with open(path, "a+") as lock:   # not "w": a waiter would wipe the holder's name
        while True:
            try:
                fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if deadline is not None and time.monotonic() >= deadline:
                    yield False
                    return
                time.sleep(0.1)
        try:
            lock.seek(0)
            lock.truncate()
            lock.write(_this_process())
            lock.flush()
            yield True
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def _this_process() -> str:
    command = " ".join([Path(sys.argv[0]).name, *sys.argv[1:]])[:200] if sys.argv else ""
    return (f"process {os.getpid()} on {socket.gethostname()} ({command or 'python'}), "
            f"since {datetime.now():%Y-%m-%d %H:%M:%S}")


def lock_holder(path: Path) -> str:
    """Who holds (or last held) the lock file ``path``, as it wrote itself down."""
    try:
        return path.read_text(encoding="utf-8", errors="replace").strip() or "another process"
    except OSError:
        return "another process"
