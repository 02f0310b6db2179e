"""One log file into the dataset: read, audited and written as Parquet where it runs.

:func:`import_file` is the task a worker runs (or this process, without a
cluster). It reads the log itself, from a path or an fsspec URL, and sends
back only a :class:`FileResult` of counts: the rows go straight to the
dataset's folder, which every worker sees.

A log's files are written under ``_tmp/KEY/`` and moved into place when the
whole log is written; its manifest row is written last. Until that row exists
no reader looks at the log's files (:mod:`badugi_hh.dataset.reader` reads the
files the manifest lists), so a log is in the dataset whole or not at all, and
a run that crashed is resumed by importing again: the logs with a manifest row
are skipped, the others are written again under the same names.
"""

from __future__ import annotations

import hashlib
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import IO, NamedTuple

import pyarrow as pa
import pyarrow.parquet as pq

from badugi_hh.dataset.layout import (
    MANIFEST, PARTITIONED, PARTITIONED_BY_ROW, file_key, manifest_path, move_into_place,
    part_name, staging_folder,
)
from badugi_hh.dataset.partition import Folders, split
from badugi_hh.parsers import read_records
from badugi_hh.store.importer import BATCH_HANDS, _file_batches, _Fingerprint
from badugi_hh.store.rows import _Rows
from badugi_hh.store.schema import TABLES, PlayerRow, _arrow_table

#: The tables a log's rows go to; the catalogue tables are written once per dataset.
FILE_TABLES = tuple(table for table in TABLES
                    if table not in ("schema_version", "rules", "sources", "aliases"))


class ManifestRow(NamedTuple):
    """One imported log: the store's ``sources`` row, and the files that hold it."""

    path: str
    size: int | None
    content_hash: str | None
    imported_at: datetime
    hands: int
    violations: int
    quarantined: int
    key: str
    sessions: int
    skipped: int
    files: list[str]


@dataclass(frozen=True, slots=True)
class FileTask:
    """A log to import: where a worker opens it, and the source its rows name."""

    location: str
    source: str
    superseded: tuple[str, ...] = ()
    """Keys of earlier contents of the same source, removed once this one is in."""


@dataclass(slots=True)
class FileResult:
    """What crosses the network back: counts, never rows."""

    source: str
    key: str = ""
    unchanged: bool = False
    hands: int = 0
    new_hands: int = 0
    sessions: int = 0
    violations: int = 0
    quarantined: int = 0
    skipped: int = 0
    rows: int = 0
    unreadable: str | None = None
    first_error: str | None = None
    """``line:column: message`` of the first text that could not be read."""


@contextmanager
def open_location(location: str) -> Iterator[IO[bytes]]:
    """A local path, or an fsspec URL (``s3://``, ``gs://``, ``file://``...)."""
    if "://" not in location:
        with open(location, "rb") as stream:
            yield stream
        return
    import fsspec   # only the cluster extra installs it

    with fsspec.open(location, "rb") as stream:
        yield stream


def content_hash(location: str) -> tuple[int, str]:
    digest, size = hashlib.sha256(), 0
    with open_location(location) as stream:
        while chunk := stream.read(1 << 20):
            digest.update(chunk)
            size += len(chunk)
    return size, digest.hexdigest()


def import_file(task: FileTask, root: str, batch_hands: int = BATCH_HANDS) -> FileResult:
    """Read, audit and write one log into the dataset at ``root``."""
    try:
        size, digest = content_hash(task.location)
    except OSError as error:
        return FileResult(task.source, unreadable=f"{task.location}: {error.strerror or error}")
    key = file_key(task.source, digest)
    dataset = Path(root)
    if manifest_path(dataset, key).exists():
        return FileResult(task.source, key, unchanged=True)
    writer = _LogWriter(dataset, key)
    with open_location(task.location) as stream:
        for rows in _file_batches(read_records(stream), task.source,
                                  _Fingerprint(size, digest, None), batch_hands):
            writer.add(rows)
    result = writer.commit(ManifestSize(task.source, size, digest))
    for old in task.superseded:
        if old != key:
            remove_log(dataset, old)
    return result


class ManifestSize(NamedTuple):
    source: str
    size: int
    content_hash: str


@dataclass
class _LogWriter:
    """The Parquet files of one log, one per table and folder, written batch by batch."""

    root: Path
    key: str
    writers: dict[str, pq.ParquetWriter] = field(default_factory=dict)
    seen_hands: set[tuple[str, str]] = field(default_factory=set)
    players: dict[tuple[str, str], str] = field(default_factory=dict)
    result: FileResult = field(default_factory=lambda: FileResult(""))

    def __post_init__(self) -> None:
        shutil.rmtree(staging_folder(self.root, self.key), ignore_errors=True)

    def add(self, rows: _Rows) -> None:
        repeated = rows.hand_keys & self.seen_hands   # a hand id repeated further down
        if repeated:
            rows.drop_hands(repeated)
        self.seen_hands |= rows.hand_keys
        rows.complete()
        for player in rows.tables["players"]:
            self.players.setdefault((player.site, player.player), player.first_source)
        rows.tables["players"] = []
        counts = self.result
        counts.hands += rows.hands_read
        counts.sessions += rows.sessions_read
        tables = {name: rows.arrow(name) for name in FILE_TABLES}
        folders = Folders(tables["hands"], tables["sessions"])
        for name, table in tables.items():
            if table is not None:
                self._write(name, table, folders)

    def _write(self, name: str, table: pa.Table, folders: Folders) -> None:
        counts = self.result
        counts.rows += table.num_rows
        counts.new_hands += table.num_rows if name == "hands" else 0
        counts.violations += table.num_rows if name == "violations" else 0
        if name == "quarantine":
            counts.first_error = counts.first_error or _first_error(table)
            counts.quarantined += table.num_rows
        counts.skipped += table.num_rows if name == "skipped" else 0
        if name not in PARTITIONED:
            self._append(name, table)
            return
        row_folders = folders.of(name, table)
        if name in PARTITIONED_BY_ROW:   # the site is the folder's name, not a column
            table = table.drop_columns(["site"])
        for folder, rows in split(table, row_folders):
            self._append(f"{name}/{folder}", rows)

    def _append(self, folder: str, table: pa.Table) -> None:
        writer = self.writers.get(folder)
        if writer is None:
            path = staging_folder(self.root, self.key) / folder / part_name(self.key)
            path.parent.mkdir(parents=True, exist_ok=True)
            writer = self.writers[folder] = pq.ParquetWriter(path, table.schema)
        writer.write_table(table)

    def commit(self, file: ManifestSize) -> FileResult:
        """Move the log's files into place, then write its manifest row."""
        if self.players:
            now = datetime.now()
            self._append("players", _arrow_table(PlayerRow, [
                PlayerRow(site, name, source, now)
                for (site, name), source in self.players.items()]))
        staged = staging_folder(self.root, self.key)
        files = []
        for folder, writer in self.writers.items():
            writer.close()
            relative = f"{folder}/{part_name(self.key)}"
            move_into_place(staged / relative, self.root / relative)
            files.append(relative)
        counts = self.result
        counts.source, counts.key = file.source, self.key
        manifest = ManifestRow(file.source, file.size, file.content_hash, datetime.now(),
                               counts.new_hands, counts.violations, counts.quarantined,
                               self.key, counts.sessions, counts.skipped, sorted(files))
        staged_manifest = staged / part_name(self.key)
        pq.write_table(_arrow_table(ManifestRow, [manifest]), staged_manifest)
        move_into_place(staged_manifest, manifest_path(self.root, self.key))
        shutil.rmtree(staged, ignore_errors=True)
        return counts


def _first_error(quarantine: pa.Table) -> str:
    first = quarantine.slice(0, 1).to_pylist()[0]
    return f"{first['line']}:{first['column_number']}: {first['error']}"


def remove_log(root: Path, key: str) -> None:
    """Take a log's rows out of the dataset: its manifest row first, so readers stop
    reading its files before they go."""
    manifest = manifest_path(root, key)
    if not manifest.exists():
        return
    files = pq.read_table(manifest, columns=["files"])["files"][0].as_py()
    manifest.unlink()
    for relative in files:
        (root / relative).unlink(missing_ok=True)


__all__ = ["MANIFEST", "FileResult", "FileTask", "ManifestRow", "import_file", "remove_log"]
