"""Write stored hands out as PHH (for PokerKit and researchers) or as house logs.

    badugi-hh export --format phh --player Ana --out phh/
    badugi-hh export --format house --session fri-1127 --out logs/
    badugi-hh export --format duckdb --data club-dataset/ --player Ana --out ana.duckdb

The database (--db) or dataset (--data) says which hands (the filters are those
of ``stats``). With phh and house each is read again from the file it was
imported from, so what is written is the log's own hand, replayed by the engine
for the stacks the players brought. One file is written per source file:
``<name>.phhs`` (a PHH file of many hands) or ``<name>.txt``. A hand the format
cannot say (a dead blind in PHH, a name with a blank in the house format) is
listed on standard error and left out; so is a file changed since its import.

With duckdb the stored rows themselves are copied into the database file --out
(made if missing, else added to): the chosen hands whole, with their actions,
draws, showdowns, pots and violations, their sessions, their log files' rows,
quarantined text and skipped hands, and their players. Without filters
everything is copied, and the copy's statistics are the origin's. Exporting the
same hands again replaces them, never doubles them.

Exit status: 0, 1 when the database or dataset cannot be opened (or --out
written, for duckdb), 2 when some hand or file could not be written.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import sys
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

from typing import TYPE_CHECKING

from badugi_hh.commands import add_hand_filters, add_source_arguments, counted, open_tables
from badugi_hh.events import Hand, Record, SessionStart

if TYPE_CHECKING:   # the engine, the store and the readers load when the command runs
    import duckdb

    from badugi_hh.engine import HandReport
    from badugi_hh.stats import Filters

EXIT_OK, EXIT_DATABASE, EXIT_PARTIAL = 0, 1, 2


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.add_argument("--format", choices=("phh", "house", "duckdb"), required=True,
                        help="phh: PokerKit's hand histories; house: our own log format; "
                             "duckdb: the stored rows, into a database file")
    parser.add_argument("--out", type=Path, required=True, metavar="PATH",
                        help="the folder to write to (made if missing); with --format "
                             "duckdb, the database file (made if missing)")
    add_source_arguments(parser)
    add_hand_filters(parser, "only hands this player was dealt in")


def run(args: argparse.Namespace) -> int:
    from badugi_hh.stats import Filters
    from badugi_hh.store import StoreError

    filters = Filters(args.player, args.session, args.ruleset, args.date_from, args.date_to)
    try:
        if args.format == "duckdb":
            return export_duckdb(args, filters)
        with open_tables(args) as con:
            chosen = chosen_hands(con, as_stored(con, filters))
        args.out.mkdir(parents=True, exist_ok=True)
    except StoreError as error:
        print(f"badugi-hh export: {error}", file=sys.stderr)
        return EXIT_DATABASE
    except OSError as error:   # --out is a file, or not writable
        print(f"badugi-hh export: cannot write into {args.out}: {error.strerror or error}",
              file=sys.stderr)
        return EXIT_DATABASE
    status, written = EXIT_OK, 0
    for (source, content_hash), hand_ids in chosen.items():
        problem = _changed_since_import(Path(source), content_hash)
        if problem:
            print(f"badugi-hh export: {source}: {problem}; its hands are left out",
                  file=sys.stderr)
            status = EXIT_PARTIAL
            continue
        count, failures = export_file(Path(source), hand_ids, args.format, args.out)
        written += count
        for failure in failures:
            print(f"badugi-hh export: {source}: {failure}", file=sys.stderr)
        status = EXIT_PARTIAL if failures else status
    print(f"{written:,} hands written to {args.out}", file=sys.stderr)
    return status


def export_duckdb(args: argparse.Namespace, filters: Filters) -> int:
    """Copy the chosen hands' rows into the database file ``args.out``; what stops it
    is raised as a StoreError, one line for the user."""
    import duckdb

    from badugi_hh.store import Store, StoreError
    from badugi_hh.store.connection import first_line
    from badugi_hh.store.slice import copy_slice

    if args.data is None and Path(args.db).resolve() == args.out.resolve():
        raise StoreError(f"--out {args.out} is the database the hands come from: "
                         "name another file")
    with open_tables(args) as origin:
        filters = as_stored(origin, filters)
        try:
            args.out.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise StoreError(f"cannot write {args.out}: {error.strerror or error}") from None
        with Store(args.out) as target:
            try:
                copied = copy_slice(origin, target.connection, filters)
            except duckdb.Error as error:   # a file of the dataset gone, a full disk...
                raise StoreError(f"cannot copy into {args.out}: {first_line(error)}") from None
    print(f"{counted(copied.hands, 'hand')} copied to {args.out} "
          f"({copied.new_hands:,} new, {copied.rows:,} rows)", file=sys.stderr)
    return EXIT_OK


def as_stored(con: duckdb.DuckDBPyConnection, filters: Filters) -> Filters:
    """``filters`` with the player's name as the logs spell it, as ``stats`` takes it."""
    from badugi_hh.commands.stats import spelled_as_stored

    if filters.player is None:
        return filters
    return dataclasses.replace(filters, player=spelled_as_stored(con, filters.player))


def chosen_hands(con: duckdb.DuckDBPyConnection,
                 filters: Filters) -> dict[tuple[str, str | None], set[str]]:
    """The hands the filters choose, by source file (and the file's hash at its import)."""
    where, params = filters.where()
    rows = con.execute(
        f"SELECT DISTINCT hp.source, s.content_hash, hp.hand_id FROM "
        f"(SELECT source, hand_id FROM hand_players {where}) hp "
        "LEFT JOIN sources s ON s.path = hp.source ORDER BY hp.source", params).fetchall()
    chosen: dict[tuple[str, str | None], set[str]] = defaultdict(set)
    for source, content_hash, hand_id in rows:
        chosen[(source, content_hash)].add(hand_id)
    return chosen


def _changed_since_import(path: Path, content_hash: str | None) -> str:
    """Why the file no longer holds the hands stored from it, or ""."""
    if not path.is_file():
        return "the file is gone"
    if content_hash is not None and hashlib.sha256(path.read_bytes()).hexdigest() != content_hash:
        return "the file changed since it was imported"
    return ""


def replayed_hands(records: Iterator[Record]) -> Iterator[tuple[SessionStart | None, Hand,
                                                                   HandReport]]:
    """Each hand of ``records`` with its session header and the engine's report of it."""
    from badugi_hh.engine import Auditor, HandReport

    auditor = Auditor()
    session: SessionStart | None = None
    for record in records:
        if isinstance(record, SessionStart):
            session = record
        for report in auditor.feed(record):
            if isinstance(report, HandReport) and isinstance(record, Hand):
                yield session, record, report


def export_file(source: Path, hand_ids: set[str], form: str, out: Path,
                ) -> tuple[int, list[str]]:
    """Write the hands ``hand_ids`` of ``source`` into ``out``: how many, and what failed."""
    from badugi_hh.parsers import read_records

    chosen = [(session, hand, report)
              for session, hand, report in replayed_hands(read_records(source))
              if hand.hand_id in hand_ids]
    if form == "phh":
        return _write_phh(chosen, out / f"{source.stem}.phhs")
    return _write_house(chosen, out / f"{source.stem}.txt")


def _write_phh(chosen: list[tuple[SessionStart | None, Hand, HandReport]],
               path: Path) -> tuple[int, list[str]]:
    from badugi_hh.phh_writer import phh_fields, write_phhs

    fields, failures = [], []
    for _, hand, report in chosen:
        try:
            fields.append(phh_fields(hand, report))
        except ValueError as error:
            failures.append(f"hand {hand.hand_id}: not written: {error}")
    with open(path, "w", encoding="utf-8") as out:
        return write_phhs(fields, out), failures


def _write_house(chosen: list[tuple[SessionStart | None, Hand, HandReport]],
                 path: Path) -> tuple[int, list[str]]:
    """Each session's header, then its chosen hands; a hand that cannot be said is left out."""
    from badugi_hh.writer import house_log

    text, count, failures = house_log((session, hand) for session, hand, _ in chosen)
    with open(path, "w", encoding="utf-8") as out:
        out.write(text)
    return count, failures
