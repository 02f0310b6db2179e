"""Which files hold a dataset's rows now: the manifest's entries, resolved.

The manifest folder holds two kinds of entries, each one Parquet file written
whole:

* a **log entry** (``part-KEY.parquet``) per imported log: its ``sources`` row and
  the files it wrote. A log is *live* when its entry is the newest of its path
  (an older one outlives its replacement only if an import stopped between the
  two).
* a **compaction entry** (``compaction-ID.parquet``): the logs it ``covers`` and the
  files that now hold their rows (:mod:`badugi_hh.dataset.compact`). A log
  covered by a compaction is read from the compaction's files, not its own.

Compactions are taken newest first; one that shares a log with a newer one was
rewritten by it and is left out. A compaction that covers a log no longer live
(a log re-imported since, whose new rows lie in its own files) is *stale*: its
files are read with only the rows of its live logs, until the next compaction
rewrites it.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from badugi_hh.dataset.layout import MANIFEST
from badugi_hh.rows.errors import StoreError, first_line

LOG_ENTRIES = "part-*.parquet"
COMPACTION_ENTRIES = "compaction-*.parquet"


@dataclass(frozen=True, slots=True)
class Compaction:
    id: str
    covers: frozenset[str]
    files: tuple[str, ...]
    entry: Path


@dataclass
class Snapshot:
    """The dataset as a reader sees it: live logs, compactions in use, files per table."""

    root: Path
    logs: pa.Table
    """The live log entries (columns of :class:`~badugi_hh.dataset.writer.ManifestRow`)."""
    entries: list[Path]
    compactions: list[Compaction] = field(default_factory=list)
    stale: list[Compaction] = field(default_factory=list)
    """Compactions in use that cover a log no longer live."""
    replaced: list[Compaction] = field(default_factory=list)
    """Compactions a newer one rewrote (left out; removed by the next compaction)."""

    @property
    def live_keys(self) -> dict[str, str]:
        """Key: path of every live log."""
        return dict(zip(self.logs["key"].to_pylist(), self.logs["path"].to_pylist()))

    @property
    def uncovered(self) -> list[str]:
        """The live logs no compaction in use covers: they are read from their own files."""
        covered = {key for compaction in self.compactions for key in compaction.covers}
        return [key for key in self.live_keys if key not in covered]

    def live_paths_of(self, compaction: Compaction) -> list[str]:
        live = self.live_keys
        return sorted(live[key] for key in compaction.covers if key in live)

    def files(self) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
        """By table: the files read whole, and those of stale compactions, read with
        only the rows of their live logs; paths relative to the dataset."""
        whole: dict[str, list[str]] = defaultdict(list)
        filtered: dict[str, list[str]] = defaultdict(list)
        own = dict(zip(self.logs["key"].to_pylist(), self.logs["files"].to_pylist()))
        for key in self.uncovered:
            for relative in own[key]:
                whole[_table_of(relative)].append(relative)
        for compaction in self.compactions:
            chosen = filtered if compaction in self.stale else whole
            for relative in compaction.files:
                chosen[_table_of(relative)].append(relative)
        return whole, filtered


def _table_of(relative: str) -> str:
    return relative.split("/", 1)[0]


class DatasetDamaged(StoreError):
    """A manifest entry that cannot be read as one: the message names the dataset."""


@contextmanager
def entries_read(root: Path) -> Iterator[None]:
    """Turn what a damaged entry raises (not Parquet, columns missing) into
    :class:`DatasetDamaged`; a file gone meanwhile stays a FileNotFoundError."""
    try:
        yield
    except (pa.ArrowException, KeyError, IndexError, TypeError) as error:
        raise DatasetDamaged(f"the dataset at {root} is damaged: a manifest entry cannot be "
                             f"read ({type(error).__name__}: {first_line(error)})") from None


def read_snapshot(root: Path) -> Snapshot:
    """The manifest's entries as they are now, resolved (see the module docstring)."""
    with entries_read(root):
        return _read_snapshot(root)


def _read_snapshot(root: Path) -> Snapshot:
    entries = sorted((root / MANIFEST).glob(LOG_ENTRIES))
    table = pq.read_table(entries, schema=_manifest_schema()) if entries else None
    if table is not None:   # an entry of other columns reads as nulls, unless it is first
        for name in ("path", "key", "files"):
            if table[name].null_count:
                raise KeyError(f"a log entry without {name!r}")
    logs = _latest_per_path(table)
    snapshot = Snapshot(root, logs, entries)
    live = set(snapshot.live_keys)
    taken: set[str] = set()
    for compaction in sorted(_compactions(root), key=lambda c: c.id, reverse=True):
        if compaction.covers & taken:
            snapshot.replaced.append(compaction)
            continue
        taken |= compaction.covers
        snapshot.compactions.append(compaction)
        if not compaction.covers <= live:
            snapshot.stale.append(compaction)
    return snapshot


def _manifest_schema() -> pa.Schema:
    """Today's columns of a log entry: an entry of an older release reads NULL for the
    columns it lacks, whichever entry is read first."""
    from badugi_hh.dataset.writer import ManifestRow
    from badugi_hh.rows.schema import arrow_table

    return arrow_table(ManifestRow, []).schema


def _latest_per_path(logs: pa.Table | None) -> pa.Table:
    from badugi_hh.dataset.writer import ManifestRow
    from badugi_hh.rows.schema import arrow_table

    if logs is None:
        return arrow_table(ManifestRow, [])
    newest: dict[str, int] = {}
    for index, (path, when, key) in enumerate(zip(logs["path"].to_pylist(),
                                                   logs["imported_at"].to_pylist(),
                                                   logs["key"].to_pylist())):
        best = newest.get(path)
        if best is None or (when, key) > (logs["imported_at"][best].as_py(),
                                          logs["key"][best].as_py()):
            newest[path] = index
    return logs.take(sorted(newest.values()))


def _compactions(root: Path) -> list[Compaction]:
    compactions = []
    for entry in sorted((root / MANIFEST).glob(COMPACTION_ENTRIES)):
        row = pq.read_table(entry).to_pylist()[0]
        compactions.append(Compaction(row["id"], frozenset(row["covers"]),
                                      tuple(row["files"]), entry))
    return compactions
