"""The DuckDB store: every hand, action, draw and violation, queryable with SQL.

:class:`Store` replays records under the rules (:mod:`badugi_hh.engine`) and
writes what the engine established, one table per kind of fact (documented in
``docs/schema.md``). ``hand_players`` holds one row per hand and player with
every figure the statistics need, so they never scan the actions.

>>> from badugi_hh.events import Award, Button, Fold, Hand, PostBlind, SessionPlayer, SessionStart
>>> from badugi_hh.rules import HOUSE
>>> header = SessionStart(session_id="demo", ruleset=HOUSE, line=1, players=[
...     SessionPlayer(seat=1, name="Ana", stack=100), SessionPlayer(seat=2, name="Bruno", stack=100)])
>>> hand = Hand(hand_id="demo#1", number=1, ruleset=HOUSE, session_id="demo", line=4, events=[
...     Button(seat=1, line=4), PostBlind(player="Ana", amount=1, kind="small", line=5),
...     PostBlind(player="Bruno", amount=2, kind="big", line=6), Fold(player="Ana", line=7),
...     Award(player="Bruno", amount=2, line=8)])
>>> with Store(":memory:") as store:
...     summary = store.import_records([header, hand], source="demo.txt")
...     store.connection.sql("SELECT player, position, net FROM hand_players ORDER BY seat").fetchall()
[('Ana', 'BTN', -1), ('Bruno', 'BB', 1)]
>>> summary.new_hands, summary.violations   # N1: a session is 12 hands, this one has 1
(1, 1)

How an import stays fast, safe and small:

* Hands are buffered in batches of :data:`BATCH_HANDS`; each batch becomes
  one Arrow table per database table, inserted in bulk in one transaction.
  A crash or Ctrl-C loses at most the batch under way, and the database is
  consistent at every commit.
* A hand is identified by its site and the site's hand id (a house hand by its
  session and number: :mod:`badugi_hh.rows.identity`). Before inserting, a
  batch looks up which of its hands are already stored, from any file, so
  re-importing adds nothing, an appended file adds only its new hands, and a
  hand met in two files is stored once, both places listed in ``hand_sources``.
  A file's row in ``sources`` (size and SHA-256 of its content) is written in
  the same transaction as its last hands: an unchanged file is then skipped
  without being parsed, and a file that was rewritten (its old content is no
  longer its beginning) has its rows replaced.
* Memory holds one batch, never a whole file.
* ``jobs`` > 1 parses and audits files in that many worker processes, largest
  first, which send their rows as Arrow batches to this one, the only writer (DuckDB
  allows one); it commits :data:`~badugi_hh.store.importer.WRITER_BATCH_HANDS` hands
  at a time while the workers go on.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Mapping
from pathlib import Path

import duckdb

from badugi_hh.collector import paced_for_reading
from badugi_hh.events import Record
from badugi_hh.rows.clock import machine_zone
from badugi_hh.rows.errors import StoreError
from badugi_hh.rows.files import BATCH_HANDS, ImportSummary
from badugi_hh.rows.schema import SCHEMA_VERSION, TABLES, RuleRow, arrow_table
from badugi_hh.rules import RULES
from badugi_hh.sources import Unreadable, find_logs
from badugi_hh.store.commit import count_of
from badugi_hh.store.connection import (
    LOCK_WAIT_SECONDS, ForeignDatabase, StoreLocked, connect,
)
from badugi_hh.store.importer import (
    BytesCallback, FileJob, Importer, ProgressCallback, checkpoints_deferred, write_transaction,
)
from badugi_hh.store.migrations import migrate, schema_version

__all__ = [
    "BATCH_HANDS", "DEFAULT_DB", "LOCK_WAIT_SECONDS", "SCHEMA_VERSION", "TABLES",
    "ForeignDatabase", "ImportSummary", "Store", "StoreError", "StoreLocked", "connect",
    "connect_current", "schema_version",
]

#: The database a command uses when no ``--db`` is given, in the current folder.
DEFAULT_DB = "badugi.duckdb"


# -- the store -------------------------------------------------------------------------

def connect_current(path: str | Path, *, wait: float = LOCK_WAIT_SECONDS,
                    ) -> duckdb.DuckDBPyConnection:
    """A read-only connection to the database, migrated first (opened for writing
    a moment) when an older release wrote it: reading needs today's tables."""
    con = connect(path, read_only=True, wait=wait)
    if schema_version(con) in (0, SCHEMA_VERSION):
        return con
    con.close()
    Store(path, wait=wait).close()
    return connect(path, read_only=True, wait=wait)


class Store:
    """A DuckDB database of audited hands; use it as a context manager.

    ``read_only`` opens an existing database for queries only (any write
    fails). Opening waits up to ``wait`` seconds while another process holds
    the file, then raises :class:`StoreLocked` naming that process.
    """

    def __init__(self, path: str | Path = DEFAULT_DB, read_only: bool = False, *,
                 wait: float = LOCK_WAIT_SECONDS, batch_hands: int = BATCH_HANDS) -> None:
        self.path = Path(path)
        self.read_only = read_only
        self.batch_hands = batch_hands
        #: Whether this store made the file (a new database), as :meth:`made_for_nothing` asks.
        self.created = False
        if read_only:
            self.connection = connect_current(self.path, wait=wait)
        else:
            self._open_for_writing(wait)

    def _open_for_writing(self, wait: float) -> None:
        """Open (or create) the database and bring its tables to this release's. A new
        file that cannot be made whole (a full disk, say) is removed: half a header would
        make every later command fail on a file the user never had."""
        new = str(self.path) != ":memory:" and not self.path.exists()
        try:
            self.connection = connect(self.path, wait=wait)
            self._create_schema()
            self.created = new
        except (duckdb.Error, OSError, StoreError) as error:
            # another process's file (made since we looked) is never ours to remove
            if new and not isinstance(error, (StoreLocked, ForeignDatabase)):
                if hasattr(self, "connection"):
                    self.connection.close()
                self.remove_files()
            raise

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def close(self) -> None:
        self.connection.close()

    def made_for_nothing(self) -> bool:
        """Whether this store made a new file and it still holds no hand nor tournament
        summary: an import that read none should leave no empty database behind
        (:meth:`remove_files`)."""
        if not self.created:
            return False
        [(held,)] = self.connection.execute(
            "SELECT (SELECT count(*) FROM hands) + (SELECT count(*) FROM tournaments)"
        ).fetchall()
        return bool(held == 0)

    def remove_files(self) -> None:
        """Remove the database file and its write-ahead log: only after :meth:`close`,
        and only for a file :meth:`made_for_nothing` says this store made."""
        for made in (self.path, self.path.with_name(self.path.name + ".wal")):
            with contextlib.suppress(OSError):   # none made: no folder, or not one
                made.unlink(missing_ok=True)

    def _create_schema(self) -> None:
        con = self.connection
        with write_transaction(con):
            migrate(con)
            con.register("rule_catalogue", arrow_table(RuleRow, list(RULES.items())))
            con.execute("INSERT OR REPLACE INTO rules SELECT * FROM rule_catalogue")
            con.unregister("rule_catalogue")

    def import_paths(self, paths: Iterable[str | Path],
                     progress: ProgressCallback | None = None, *, jobs: int = 1,
                     zone: str | None = None,
                     read_bytes: BytesCallback | None = None,
                     ends: Mapping[str, int | None] | None = None) -> ImportSummary:
        """Import log files and folders of logs (found as ``badugi-hh validate`` finds
        them: :func:`badugi_hh.sources.find_logs`).

        A path that cannot be read (missing, not a regular file, no permission, a folder
        without logs) is listed in :attr:`ImportSummary.unreadable`, a file a bug stopped
        reading in :attr:`ImportSummary.failures`; the others are imported all the same.
        With ``jobs`` > 1, that many processes parse and audit files side by side
        (a large house log in parts, :mod:`badugi_hh.store.parts`) while this one writes. ``zone``: the time zone of
        house logs' times (default: this machine's; :mod:`badugi_hh.rows.clock`).
        ``read_bytes`` is told the bytes read as the import goes (a progress bar's).
        An archive's logs are sources of their own (:mod:`badugi_hh.archives`).
        A stored file an older audit judged is read again and its rows replaced, each
        file in one transaction (docs/schema.md, "The audit that judged a file").
        ``ends``: how many bytes of some of the files to read, by their path as given
        (a watcher's: where the last complete hand of a log being written ends); a
        later import reads what follows. A file that holds more than the bytes read is
        not at its end: the session under way there is not judged ended (N1).
        """
        importer = self._importer(progress, zone, read_bytes)
        planned: list[FileJob] = []
        end_of = {str(Path(path)): end for path, end in (ends or {}).items()}
        for found in find_logs(paths):
            if isinstance(found, Unreadable):
                importer.summary.unreadable.append(str(found))
            elif (job := importer.plan(found, end_of.get(str(found)))) is not None:
                planned.append(job)
        while importer.read_again:   # they held copies of a rewritten file's hands
            for again in find_logs([importer.read_again.pop(0)]):   # an archive's member too
                job = None if isinstance(again, Unreadable) else importer.plan(again)
                if job is not None and job.source not in {known.source for known in planned}:
                    planned.append(job)
        importer.planned()
        reaudits = [job for job in planned if job.reaudit]   # each replaced in one transaction
        planned = [job for job in planned if not job.reaudit]
        with importer.ctrl_c, checkpoints_deferred(self.connection), paced_for_reading():
            if jobs > 1 and planned:
                importer.read_in_workers(planned, jobs)
            else:
                for job in planned:
                    importer.read_file(job)
            for job in reaudits:
                importer.reaudit(job)
            return importer.finish()

    def import_file(self, path: str | Path, progress: ProgressCallback | None = None, *,
                    zone: str | None = None) -> ImportSummary:
        """Import one log file; skipped when unchanged since its last import."""
        return self.import_paths([path], progress, zone=zone)

    def import_records(self, records: Iterable[Record], source: str,
                       progress: ProgressCallback | None = None, *,
                       zone: str | None = None) -> ImportSummary:
        """Audit and store records that come from ``source`` (a name, not read).

        The hands already stored (from ``source`` or another file) are left as they are.
        """
        importer = self._importer(progress, zone)
        with importer.ctrl_c, paced_for_reading():
            importer.read(records, source)
            return importer.finish()

    def _importer(self, progress: ProgressCallback | None, zone: str | None,
                  read_bytes: BytesCallback | None = None) -> Importer:
        return Importer(self.connection, self.batch_hands, progress, zone or machine_zone(),
                         read_bytes)

    def counts(self) -> dict[str, int]:
        """Rows per table.

        >>> with Store(":memory:") as store:
        ...     store.counts()["hands"], store.counts()["rules"] > 30
        (0, True)
        """
        return {table: count_of(self.connection.execute(f"SELECT count(*) FROM {table}"))
                for table in TABLES}
