"""Compaction: the rows of many logs in one file per table and folder.

A task writes its log's own files, so a dataset of many small logs (a site writes
one per table and day) has many small files, and every query opens each one: on
a million hands in 16,000 files a player's statistics took half a second where
one file per table takes 40 ms. :func:`compact` puts the rows of the logs no
compaction covers yet, and those of stale compactions (see
:mod:`badugi_hh.dataset.snapshot`), into one file per table and site/month folder,
``hand_players`` sorted by player so a player's rows are found by the files'
statistics. ``import --out`` runs it when :data:`COMPACT_AFTER_LOGS` logs are
uncovered, as tasks of :data:`FOLDERS_PER_TASK` folders on the import's cluster.

It is atomic the way an import is: the new files are staged and moved into place
unseen, the compaction entry that makes readers use them is written last, and
only then are the files it replaces removed. A compaction that stopped half-way
left files no entry lists; the next one removes them. One compaction runs at a
time (a lock file); an import meanwhile is safe, its logs are covered next time.
"""

from __future__ import annotations

import shutil
import time
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple, cast

import duckdb
import pyarrow.parquet as pq

from badugi_hh.dataset.cluster import Runner
from badugi_hh.dataset.layout import (
    COMPACT_LOCK, MANIFEST, STAGING, hold_lock, move_into_place,
)
from badugi_hh.dataset.snapshot import Compaction, Snapshot, read_snapshot
from badugi_hh.rows.schema import arrow_table

#: ``import --out`` compacts once this many logs are read from their own files.
COMPACT_AFTER_LOGS = 16

_PREFIX = "compacted-"
_SORTED_BY = {"hand_players": "player", "players": "player"}
#: Rows per row group: DuckDB's default, but small groups for the tables sorted by
#: player, so a player's statistics read only the groups that hold him (their
#: statistics say which), not every group of every month.
_ROW_GROUP_ROWS = {"hand_players": 8_192}
_DEFAULT_ROW_GROUP_ROWS = 122_880


class CompactionRow(NamedTuple):
    id: str
    covers: list[str]
    files: list[str]


@dataclass(slots=True)
class Compacted:
    """What a compaction did."""

    logs: int = 0
    files_before: int = 0
    files_after: int = 0
    seconds: float = 0.0


def compact(root: str | Path, runner: Runner | None = None) -> Compacted | None:
    """Compact the dataset at ``root``, in tasks of folders on ``runner`` (by default
    here, one after the other); None when another compaction holds the lock,
    or when a task failed (an import removed a file meanwhile, say): the files written
    so far are then left out, and removed by the next compaction."""
    runner = runner or Runner()
    with PendingCompaction.start(Path(root).resolve(), runner) as pending:
        if pending is None:
            return None
        for tag, outcome in runner:
            pending.take(tag, outcome)
        return pending.finish()


#: What a compaction's tasks are known by in a runner (beside an import's tasks).
COMPACTION_TAG = "compaction"


class PendingCompaction:
    """A compaction whose tasks run on a runner, maybe among an import's: started by
    :meth:`start`, fed its tasks' outcomes by :meth:`take`, put in use by :meth:`finish`
    once :attr:`done`. It covers the logs with an entry when it starts."""

    def __init__(self, snapshot: Snapshot, covers: set[str], runner: Runner) -> None:
        self.snapshot, self.covers = snapshot, covers
        self.started = time.perf_counter()
        self.compaction_id = f"{time.time_ns():020d}"
        whole, filtered = _inputs(snapshot, covers)
        folders = [Folder(name, whole[name], filtered[name])
                   for name in sorted(set(whole) | set(filtered))]
        self.result = Compacted(logs=len(covers), files_before=sum(
            len(folder.whole) + len(folder.filtered) for folder in folders))
        self.outcomes: dict[int, object] = {}
        self.tasks = 0
        for start in range(0, len(folders), FOLDERS_PER_TASK):
            runner.submit((COMPACTION_TAG, self.compaction_id, start), compact_folders,
                          str(snapshot.root), folders[start:start + FOLDERS_PER_TASK],
                          _sources(snapshot), self.compaction_id)
            self.tasks += 1

    @classmethod
    @contextmanager
    def start(cls, root: Path, runner: Runner) -> Iterator[PendingCompaction | None]:
        """A compaction of ``root`` under way on ``runner`` for the block's length (its
        lock held, its staged files removed at the end); None when another holds it."""
        with hold_lock(root / COMPACT_LOCK, wait=0) as locked:
            if not locked:
                yield None
                return
            snapshot = read_snapshot(root)
            covers = set(snapshot.uncovered) | {
                key for stale in snapshot.stale for key in stale.covers
                if key in snapshot.live_keys}
            try:
                yield cls(snapshot, covers, runner)
            finally:
                shutil.rmtree(root / STAGING / "compaction", ignore_errors=True)

    def owns(self, tag: object) -> bool:
        """Whether ``tag`` is one of this compaction's tasks."""
        return isinstance(tag, tuple) and tag[:2] == (COMPACTION_TAG, self.compaction_id)

    def take(self, tag: object, outcome: object) -> None:
        """A task's outcome: the files it wrote, or its error as one line."""
        if self.owns(tag):
            self.outcomes[cast(tuple[str, str, int], tag)[2]] = outcome

    @property
    def done(self) -> bool:
        return len(self.outcomes) == self.tasks

    def finish(self) -> Compacted | None:
        """Put the compacted files in use and remove what they replace; None when a
        task failed (compacted next time)."""
        if self.covers:
            outcomes = [self.outcomes[start] for start in sorted(self.outcomes)]
            if not all(isinstance(outcome, list) for outcome in outcomes):
                return None   # a task's error, as one line
            _put_in_use(self.snapshot, self.covers, self.compaction_id,
                        [relative for files in cast(list[list[str]], outcomes)
                         for relative in files], self.result)
        _remove_leftovers(self.snapshot.root, read_snapshot(self.snapshot.root))
        self.result.seconds = time.perf_counter() - self.started
        return self.result


def _put_in_use(snapshot: Snapshot, covers: set[str], compaction_id: str, files: list[str],
                done: Compacted) -> None:
    """Write the entry that puts the compacted ``files`` in use, then remove the files
    they replace."""
    root = snapshot.root
    done.files_after = len(files)
    entry = root / STAGING / f"compaction-{compaction_id}.parquet"
    entry.parent.mkdir(parents=True, exist_ok=True)
    pq.write_table(arrow_table(CompactionRow, [CompactionRow(compaction_id, sorted(covers),
                                                              files)]), entry)
    move_into_place(entry, root / MANIFEST / entry.name)
    # readers now take the new files; what they replace can go
    own = dict(zip(snapshot.logs["key"].to_pylist(), snapshot.logs["files"].to_pylist()))
    for key in covers & set(snapshot.uncovered):
        for relative in own[key]:
            (root / relative).unlink(missing_ok=True)
    for stale in snapshot.stale:
        _remove_compaction(root, stale)


def _sources(snapshot: Snapshot) -> list[str]:
    """The logs whose rows the stale compactions hold for good: their live ones (a log
    re-imported since has its new rows in its own files)."""
    return sorted(path for stale in snapshot.stale for path in snapshot.live_paths_of(stale))


def _inputs(snapshot: Snapshot, covers: set[str],
            ) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """By folder (``table/site=../month=..``): the files to take whole, and those of
    stale compactions, to take only the covered logs' rows of."""
    whole: dict[str, list[str]] = defaultdict(list)
    filtered: dict[str, list[str]] = defaultdict(list)
    own = dict(zip(snapshot.logs["key"].to_pylist(), snapshot.logs["files"].to_pylist()))
    for key in covers & set(snapshot.uncovered):
        for relative in own[key]:
            whole[relative.rsplit("/", 1)[0]].append(relative)
    for stale in snapshot.stale:
        for relative in stale.files:
            filtered[relative.rsplit("/", 1)[0]].append(relative)
    return whole, filtered


#: Folders a task compacts: a task costs a start (and a DuckDB connection), and a
#: dataset of many months has thousands of folders.
FOLDERS_PER_TASK = 64


class Folder(NamedTuple):
    """A folder to compact: the files to take whole, and those to take in part."""

    name: str
    whole: list[str]
    filtered: list[str]


def compact_folders(dataset: str, folders: list[Folder], sources: list[str],
                    compaction_id: str) -> list[str]:
    """One compacted file per folder (a task): their paths, relative to the dataset.
    A file it reads that is gone (an import replaced its log) is an error."""
    con = duckdb.connect(":memory:")
    return [_compact_folder(con, Path(dataset), folder, sources, compaction_id)
            for folder in folders]


def _compact_folder(con: duckdb.DuckDBPyConnection, root: Path, folder: Folder,
                    sources: list[str], compaction_id: str) -> str:
    table = folder.name.split("/", 1)[0]
    column = "first_source" if table == "players" else "source"
    parts = []
    if folder.whole:
        parts.append(f"SELECT * FROM read_parquet({_listed(root, folder.whole)}, "
                     "hive_partitioning = false, union_by_name = true)")
    if folder.filtered:
        parts.append(f"SELECT * FROM read_parquet({_listed(root, folder.filtered)}, "
                     "hive_partitioning = false, union_by_name = true) "
                     f"WHERE {column} IN (SELECT unnest({_quoted_list(sources)}))")
    order = f" ORDER BY {_SORTED_BY[table]}" if table in _SORTED_BY else ""
    relative = f"{folder.name}/{_PREFIX}{compaction_id}.parquet"
    staged = root / STAGING / "compaction" / relative
    staged.parent.mkdir(parents=True, exist_ok=True)
    con.execute(f"COPY ({' UNION ALL '.join(parts)}{order}) TO {_quoted(str(staged))} "
                f"(FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE "
                f"{_ROW_GROUP_ROWS.get(table, _DEFAULT_ROW_GROUP_ROWS)})")
    move_into_place(staged, root / relative)
    return relative


def _remove_compaction(root: Path, compaction: Compaction) -> None:
    compaction.entry.unlink(missing_ok=True)
    for relative in compaction.files:
        (root / relative).unlink(missing_ok=True)


def _remove_leftovers(root: Path, snapshot: Snapshot) -> None:
    """Compactions a newer one replaced, and compacted files no entry lists (left by a
    compaction that stopped before its entry was written)."""
    for replaced in snapshot.replaced:
        _remove_compaction(root, replaced)
    listed = {relative for compaction in snapshot.compactions for relative in compaction.files}
    for path in root.glob(f"*/**/{_PREFIX}*.parquet"):
        if path.relative_to(root).as_posix() not in listed:
            path.unlink()


def _quoted(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def _listed(root: Path, files: list[str]) -> str:
    return _quoted_list([str(root / relative) for relative in files])


def _quoted_list(texts: list[str]) -> str:
    return "[" + ", ".join(map(_quoted, texts)) + "]::VARCHAR[]"
