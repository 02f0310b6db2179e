"""Write stored hands out as PHH (for PokerKit), as house logs, or as a DuckDB file.

    badugi-hh export --format phh --player Ana --out phh/
    badugi-hh export --format house --session fri-1127 --out logs/
    badugi-hh export --format duckdb --data club-dataset/ --player Ana --out ana.duckdb

The database (--db) or dataset (--data) says which hands: --player, --session,
--ruleset, --from, --to and --tag choose them as ``stats`` reads them. With phh
and house each is read again from the file it was imported from, so what is
written is the log's own hand, replayed by the engine
for the stacks the players brought, and a hand that states no time with the
one it is stored with (its session's); a hand the store holds once is written
once. One file is written per source file: ``<name>.phhs`` (a PHH file of many
hands) or ``<name>.txt``, in the folder of the source relative to the common
folder of all of them (``a/friday.phhs``, ``b/friday.phhs``). A hand the format
cannot say (a dead blind in PHH, a name with a blank in the house format) is
listed on standard error and left out; so is a file changed since its import,
and, in either format, a hand kept without a line that could not be read (its
lines named and counted: written without them it would read back whole).
A source none of whose hands can be said gets no file (never an empty one). A
hand whose log states no result (PHH's: its rules settle the pot) is written as
a house log with the engine's result (``Carol wins 36``), so that a house export
of any stored hand reads back.

--out is a folder the export owns: new, empty, or a previous export's (it lists
what it wrote in .badugi-hh-export.json, with each file's size and SHA-256); a
folder holding a log imported into the database, any file an export did not
write, or a file changed since an export wrote it (the user's now), is refused,
nothing written. Exporting there again replaces the previous export. A file an
earlier release listed by name alone cannot be told from an edit, and is
replaced. Each file is written under a temporary name
and renamed when complete: a full disk leaves the previous file or none, never
half of one.

With duckdb the stored rows themselves are copied into the database file --out
(made if missing, else added to; refused when it is not a database badugi-hh
wrote, or a log imported into it): the chosen hands whole, with their actions,
draws, showdowns, pots and violations, their sessions, their log files' rows,
quarantined text and skipped hands, and their players. Without filters
everything is copied, and the copy's statistics are the origin's. Exporting the
same hands again replaces them, never doubles them. The copy is made beside
--out and renamed over it when complete.

Exit status: 0, 1 when the database or dataset cannot be opened or --out is
refused or cannot be written, 2 when some hand or file could not be written or
--tag names a tag no hand has, or --player a player the store does not hold (as
``stats``: NAME on every site, or SITE:NAME).
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from collections import defaultdict
from collections.abc import Iterable, Iterator
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from badugi_hh.commands import add_hand_filters, add_source_arguments, open_tables
from badugi_hh.events import Hand, SessionStart, SkippedHand
from badugi_hh.hand_ids import HandId
from badugi_hh.sites import time_zone
from badugi_hh.textsafe import printable
from badugi_hh.wording import counted

if TYPE_CHECKING:   # the engine, the store and the readers load when the command runs
    import duckdb

    from badugi_hh.engine import HandReport
    from badugi_hh.sources import Log
    from badugi_hh.stats import Filters

EXIT_OK, EXIT_DATABASE, EXIT_PARTIAL = 0, 1, 2


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.add_argument("--format", choices=("phh", "house", "duckdb"), required=True,
                        help="phh: PokerKit's hand histories; house: our own log format; "
                             "duckdb: the stored rows, into a database file")
    parser.add_argument("--out", type=Path, required=True, metavar="PATH",
                        help="the folder to write to (made if missing; empty, or a previous "
                             "export's); with --format duckdb, the database file (made if "
                             "missing)")
    add_source_arguments(parser)
    add_hand_filters(parser, "only hands this player was dealt in")


def run(args: argparse.Namespace) -> int:
    from badugi_hh.commands.export_files import ExportRefused
    from badugi_hh.stats import FilterError, Filters
    from badugi_hh.store import StoreError

    filters = Filters(args.player, args.session, args.ruleset, args.date_from, args.date_to,
                      tag=args.tag)
    try:
        if args.format == "duckdb":
            from badugi_hh.commands.export_database import export_database

            with open_tables(args) as origin:
                return export_database(origin, args, as_stored(origin, filters))
        return export_logs(args, filters)
    except (StoreError, ExportRefused) as error:
        return _failed(str(error))
    except FilterError as error:   # a tag no hand has
        print(f"badugi-hh export: {printable(str(error))}", file=sys.stderr)
        return EXIT_PARTIAL
    except OSError as error:   # --out not writable, a full disk...
        return _failed(f"cannot write into {args.out}: {error.strerror or error}"
                       f"{f' ({error.filename})' if error.filename else ''}")


def _failed(message: str) -> int:
    print(f"badugi-hh export: {printable(message)}", file=sys.stderr)
    return EXIT_DATABASE


def export_logs(args: argparse.Namespace, filters: Filters) -> int:
    """Write the chosen hands as PHH or house logs, a file per source, into the folder
    ``args.out``; the exit status."""
    from badugi_hh.commands.export_files import ExportFolder, output_names
    from badugi_hh.hand_text import imported_log

    with open_tables(args) as con:
        chosen = chosen_hands(con, as_stored(con, filters))
        imported = [path for (path,) in con.execute("SELECT path FROM sources").fetchall()]
    folder = ExportFolder.open(args.out, imported)
    status, written, readable, logs = EXIT_OK, 0, {}, {}
    for (source, content_hash, size), stored in chosen.items():
        log = imported_log(source, content_hash, size)
        if isinstance(log, str):
            print(f"badugi-hh export: {printable(source)}: {printable(log)}; its hands are "
                  "left out", file=sys.stderr)
            status = EXIT_PARTIAL
        else:
            readable[source], logs[source] = stored, log
    names = output_names(readable, ".phhs" if args.format == "phh" else ".txt")
    folder.plan(names.values())
    for source, stored in readable.items():
        with folder.writing(names[source]) as out:
            count, failures = export_file(logs[source], stored, args.format, out)
        if not count:
            folder.drop(names[source])
            failures.append(f"no hand of it written: no {names[source]}")
        written += count
        for failure in failures:
            print(f"badugi-hh export: {printable(source)}: {printable(failure)}",
                  file=sys.stderr)
        status = EXIT_PARTIAL if failures else status
    folder.finish()
    print(f"{counted(written, 'hand')} written to {args.out}", file=sys.stderr)
    return status


def as_stored(con: duckdb.DuckDBPyConnection, filters: Filters) -> Filters:
    """``filters`` with the player (NAME on every site, or SITE:NAME) and the tag as
    stored, read as ``stats`` reads them (an unknown one is a FilterError)."""
    from badugi_hh.stats import resolve

    resolved = resolve(con, player=filters.player, tag=filters.tag)
    return dataclasses.replace(filters, player=resolved.player, players=resolved.players,
                               tag=resolved.tag)


@dataclasses.dataclass(frozen=True, slots=True)
class StoredHand:
    """Where the store read a chosen hand, and the time it keeps for it."""

    line: int
    started_at: datetime | None
    """Its own time, or its session's where the hand states none (as ``hands.started_at``)."""
    zone: str
    """The zone the store read that time in (``hands.time_zone``: a house log's is the
    import's ``--tz``, which the log does not state)."""

    def zoned(self, stated: datetime | None) -> datetime | None:
        """The hand's time with its zone: ``stated`` where it has one, else the stored
        time (its session's where the hand states none) in the stored zone."""
        if stated is not None and stated.tzinfo is not None:
            return stated
        if self.started_at is None:
            return stated
        try:
            return self.started_at.replace(tzinfo=time_zone(self.zone))
        except ValueError:   # OnGame's GMT+0100, which its reader gives with the time
            return self.started_at


def chosen_hands(con: duckdb.DuckDBPyConnection, filters: Filters,
                 ) -> dict[tuple[str, str | None, int | None], dict[str, StoredHand]]:
    """The hands the filters choose, by source file (and the file's hash at its import,
    of the bytes it read):
    each hand's id, the line the store read it at and its time. A file may hold a hand id
    twice; the store keeps the first (T5), and so does the export."""
    where, params = filters.where()
    rows = con.execute(
        f"SELECT DISTINCT h.source, s.content_hash, s.size, h.hand_id, h.line, h.started_at, "
        "h.time_zone "
        f"FROM (SELECT DISTINCT source, hand_id FROM hand_players {where}) hp "
        "JOIN hands h USING (source, hand_id) "
        "LEFT JOIN sources s ON s.path = h.source ORDER BY h.source, h.line", params).fetchall()
    chosen: dict[tuple[str, str | None, int | None], dict[str, StoredHand]] = defaultdict(dict)
    for source, content_hash, size, hand_id, line, started_at, zone in rows:
        chosen[(source, content_hash, size)][hand_id] = StoredHand(line, started_at, zone)
    return chosen


def export_file(source: Log, stored: dict[str, StoredHand], form: str, out: TextIO,
                ) -> tuple[int, list[str]]:
    """Write the ``stored`` hands of ``source`` to ``out``: how many, and what failed."""
    from badugi_hh.hand_text import played_hands
    from badugi_hh.parsers import read_records

    played = _as_stored(played_hands(read_records(source)), stored)
    hands = {hand_id: hand.line for hand_id, hand in stored.items()}
    if form == "phh":
        return _write_phh(played, hands, out)
    return _write_house([item for item in played if not isinstance(item, SkippedHand)
                         and hands.get(item[1].hand_id) == item[2].line], out)


def _as_stored(played: Iterable[tuple[SessionStart | None, Hand, HandReport] | SkippedHand],
               stored: dict[str, StoredHand],
               ) -> Iterator[tuple[SessionStart | None, Hand, HandReport] | SkippedHand]:
    """``played``, each hand's time as stored, with its zone: a hand that states no time
    given its session's (written without it, the hand read back would be stored with
    none, or another session's, and differ from its copy in the store: T5), a time of no
    zone given the one the store read it in (PHH reads a time of no zone in UTC)."""
    for item in played:
        if not isinstance(item, SkippedHand):
            session, hand, report = item
            kept = stored.get(hand.hand_id)
            if kept is not None and kept.line == report.line:
                item = session, dataclasses.replace(
                    hand, started_at=kept.zoned(hand.started_at)), report
        yield item


def _write_phh(played: Iterable[tuple[SessionStart | None, Hand, HandReport] | SkippedHand],
               hands: dict[str, int], out: TextIO) -> tuple[int, list[str]]:
    """The chosen ``hands`` (id: line) of ``played`` as PHH. A hand written after hands
    of its table that are not (not chosen, not said in PHH, skipped) names them
    (``_left_out_before``), so that the file read back does not carry the stacks across
    them (G3): their chips moved."""
    from badugi_hh.phh_writer import phh_fields, write_phhs

    fields, failures = [], []
    left_out: dict[str, list[str]] = defaultdict(list)   # by session, since its last written
    written: set[str] = set()   # the sessions with a hand written
    session_id = ""
    for item in played:
        if isinstance(item, SkippedHand):
            session_id = item.hand.session_id if item.hand is not None else session_id
            left_out[session_id] += [*(item.hand.left_out if item.hand else ()),
                                     item.hand_id]
            continue
        _, hand, report = item
        session_id = hand.session_id
        before = [*left_out.pop(session_id, ()), *hand.left_out]
        if hands.get(hand.hand_id) == report.line:
            try:
                fields.append(phh_fields(hand, report,
                                         before if session_id in written else ()))
                written.add(session_id)
                continue
            except ValueError as error:
                failures.append(f"{HandId.parse(hand.site, hand.hand_id).named}: not "
                                f"written: {error}")
        left_out[session_id] = [*before, hand.hand_id]
    return write_phhs(fields, out), failures


def _write_house(chosen: list[tuple[SessionStart | None, Hand, HandReport]],
                 out: TextIO) -> tuple[int, list[str]]:
    """Each session's header, then its chosen hands; a hand that cannot be said is left out."""
    from badugi_hh.hand_text import with_result
    from badugi_hh.writer import house_log

    text, count, failures = house_log((session, with_result(hand, report))
                                      for session, hand, report in chosen)
    out.write(text)
    return count, failures
