"""Committing a batch of rows: each hand stored once, every copy of it listed.

A batch holds the rows of up to :data:`~badugi_hh.rows.files.BATCH_HANDS` hands,
of one file or several. :func:`commit` writes it inside the caller's transaction:

1. Each copy of a hand (a row of ``hand_sources``) is matched with the hand the
   database holds under the same identity (:mod:`badugi_hh.rows.identity`), or with
   an earlier copy in the batch. A copy of a hand held already is left out, its
   place kept in ``hand_sources``; one whose content differs is a T5 violation. A
   hand held from the same file and line whose content differs has grown (it was
   read while being written): its rows are replaced by the batch's, and the
   quarantined text of the lines the batch read again goes with them. A copy read
   whole replaces one held with a line not read (its quarantined line says what it
   lost, so their difference is no T5); the damaged copy stays listed.
2. The rows of the hands left are inserted, then the sessions: a session none of
   whose hands is stored from its file (a second copy of a whole session) is left
   out with its players and violations, as its hands were; one that states otherwise
   than the session kept is a T5 violation (:mod:`badugi_hh.store.session_copies`).
3. Players, quarantined text, hands of other games (counted once per site hand id)
   and each finished file's row in ``sources``.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from typing import NamedTuple

import duckdb
import pyarrow as pa
import pyarrow.compute as pc

from badugi_hh.engine import AUDIT_VERSION
from badugi_hh.hand_ids import site_hand_sql
from badugi_hh.rows.identity import conflict_message, identity, same_content
from badugi_hh.rows.batch import PER_HAND_TABLES, RowBatch
from badugi_hh.rows.schema import (
    TABLES, FinishedFile, LinesRead, QuarantineRow, Row, ViolationRow, arrow_table,
)
from badugi_hh.store.session_copies import session_conflicts

#: The tables of a batch in the order they are written: the hands before their
#: sessions, which are kept only if a hand of theirs is.
ORDER = ("hands", "hand_players", "actions", "draws", "showdowns", "pots", "pot_halves",
         "run_hands", "run_pots", "hand_sources",
         "sessions", "session_players", "violations", "players", "quarantine", "skipped",
         "tournaments", "tournament_results")

#: The hands stored already under the identity of a copy of the batch.
_STORED_COPIES = ("SELECT h.site, h.hand_id, h.source, h.line, h.content_hash FROM hands h "
                  "SEMI JOIN batch_copies b USING (site, hand_id)")
#: The lines of a stored hand's file that could not be read but were kept in the hand:
#: those from its first line up to the next hand or session of the file.
_DAMAGED_LINES = (
    "SELECT count(*) FROM quarantine q WHERE q.source = $source AND NOT q.hand_lost "
    "AND q.line >= $line AND NOT EXISTS (SELECT 1 FROM hand_sources s "
    "WHERE s.source = $source AND s.line > $line AND s.line <= q.line) "
    "AND NOT EXISTS (SELECT 1 FROM sessions s "
    "WHERE s.source = $source AND s.line > $line AND s.line <= q.line)")
#: The sessions of the batch that met a hand stored already, none of whose hands is
#: stored from their file.
_SECOND_SESSIONS = ("SELECT b.source, b.session_id FROM batch_sessions b "
                    "SEMI JOIN copied_sessions c USING (source, session_id) "
                    "WHERE NOT EXISTS (SELECT 1 FROM hands h WHERE h.source = b.source "
                    "AND h.session_id = b.session_id)")
#: The sessions stored under the site and id of a session of the batch without hands
#: (a header alone, or hands of other games only): such a session is its site and id.
_HELD_SESSIONS = ("SELECT s.site, s.session_id, s.source FROM sessions s SEMI JOIN "
                  "batch_sessions b ON s.site = b.site AND s.session_id = b.session_id "
                  "AND b.hands = 0")

# The deletes make sessions and their violations an upsert (an appended log extends
# its last session); the NOT EXISTS clauses keep a re-run idempotent.
_REPLACE_SESSIONS = (
    "DELETE FROM sessions t USING {frame} b "
    "WHERE t.source = b.source AND t.session_id = b.session_id",
    "DELETE FROM session_players t USING {frame} b "
    "WHERE t.source = b.source AND t.session_id = b.session_id",
)
_DELETE_SESSION_VIOLATIONS = (
    "DELETE FROM violations t USING {frame} b WHERE t.level = 'session' "
    "AND t.source = b.source AND t.session_id = b.session_id")
#: A skipped hand's id names its site's hand (``ps-…``, ``merge#…``): met in another file,
#: it is the same hand. A PHH file's ids (a number, the file's name) are its own.
_SITE_HAND_ID = site_hand_sql("{row}.hand_id")
_SAME_SKIPPED_HAND = ("k.hand_id = b.hand_id AND k.game = b.game AND "
                      + _SITE_HAND_ID.format(row="b"))
_INSERTS = {
    "players": "INSERT INTO players BY NAME SELECT * FROM {frame} b "
               "WHERE NOT EXISTS (SELECT 1 FROM players p WHERE p.site = b.site "
               "AND p.player = b.player)",
    "quarantine": "INSERT INTO quarantine BY NAME SELECT * FROM {frame} b WHERE NOT EXISTS "
                  "(SELECT 1 FROM quarantine q WHERE q.source = b.source AND q.line = b.line)",
    "skipped": "INSERT INTO skipped BY NAME SELECT * FROM {frame} b WHERE NOT EXISTS "
               "(SELECT 1 FROM skipped k WHERE (k.source = b.source AND k.line = b.line) "
               f"OR ({_SAME_SKIPPED_HAND})) "
               f"QUALIFY NOT {_SITE_HAND_ID.format(row='b')} OR row_number() OVER "
               "(PARTITION BY b.hand_id, b.game ORDER BY b.source, b.line) = 1",
    # a copy listed already (a file read again, appended) is not listed twice
    "hand_sources": "INSERT INTO hand_sources BY NAME SELECT * FROM {frame} b WHERE NOT EXISTS "
                    "(SELECT 1 FROM hand_sources s WHERE s.source = b.source "
                    "AND s.site = b.site AND s.hand_id = b.hand_id)",
    "new hand_sources": "INSERT INTO hand_sources BY NAME SELECT * FROM {frame}",
    "violations": "INSERT INTO violations BY NAME SELECT * FROM {frame} b WHERE b.rule <> 'T5' "
                  "OR NOT EXISTS (SELECT 1 FROM violations v WHERE v.source = b.source "
                  "AND v.hand_id IS NOT DISTINCT FROM b.hand_id AND v.rule = b.rule "
                  "AND v.line = b.line)",
}
_DEFAULT_INSERT = "INSERT INTO {table} BY NAME SELECT * FROM {frame}"
#: A file's hands are its copies, wherever each hand is stored from.
_FINISH_SOURCES = """
    INSERT OR REPLACE INTO sources BY NAME
    SELECT f.path, f.size, f.content_hash, f.imported_at,
           (SELECT count(*) FROM hand_sources c WHERE c.source = f.path) AS hands,
           (SELECT count(*) FROM violations v WHERE v.source = f.path) AS violations,
           (SELECT count(*) FROM quarantine q WHERE q.source = f.path) AS quarantined,
           {audit} AS audit_version
    FROM {frame} f"""


#: One file's account of one tournament: its source, site, tournament id and origin.
TournamentKey = tuple[str, str, str, str]


@dataclass(slots=True)
class Seen:
    """What the batches of one import have met so far, which a commit reads and adds to."""

    listed_sources: set[str]
    """The files with rows in ``hand_sources``: only their copies can be listed already."""
    copied_sessions: set[tuple[str, str]] = field(default_factory=set)
    """The (source, session id) of the sessions that met a hand held already: kept only
    if a hand of theirs is stored from their file."""
    order: dict[str, int] = field(default_factory=dict)
    """Each file's place in the import's plan, where workers read them: of two copies of a
    hand in one batch, the one of the file planned first is stored, and a player's first
    file is the first planned, as a one-process import (which reads the files in that
    order) has them; the workers' rows come in any order. Empty: the batch's own order is
    the plan's."""
    tournaments_written: set[TournamentKey] = field(default_factory=set)
    """Each file's tournaments (and origin) this import wrote rows of: what an earlier
    import wrote of one (a tournament file read again as it grows) is replaced, once,
    by the batch that first holds it (a file's tournaments come in its batches as its
    tables close)."""


class Committed(NamedTuple):
    """What a batch added: rows per table, violations replaced (of sessions and of
    grown hands), the copies of hands stored already (from this file or another), with
    the T5 message of each that differs from the stored one, and the stored hands
    replaced: by their grown text, or by a copy read whole."""

    inserted: dict[str, int]
    replaced_violations: int
    copies: int
    conflicts: list[str]
    grown: int


@contextmanager
def registered(con: duckdb.DuckDBPyConnection, name: str, rows: object) -> Iterator[str]:
    """``rows`` (Arrow) visible to SQL as ``name`` while the block runs."""
    con.register(name, rows)
    try:
        yield name
    except BaseException:
        # after an error (a Ctrl-C inside DuckDB among them) DuckDB refuses every
        # statement until the rollback, this one too: the error to tell is the first
        with suppress(duckdb.TransactionException):
            con.unregister(name)
        raise
    con.unregister(name)


def commit(con: duckdb.DuckDBPyConnection, batch: RowBatch, seen: Seen) -> Committed:
    """Write ``batch`` (see the module docstring); the caller holds the transaction.
    ``seen``: what the import met before this batch, which it adds to."""
    copies, conflicts, grown, bettered = _resolve_copies(con, batch, seen.order)
    seen.copied_sessions |= batch.sessions_of(copies) | batch.repeated_sessions
    batch.drop_hands(copies, PER_HAND_TABLES)
    batch.complete(seen.order)
    if conflicts:
        batch.tables["violations"].extend(conflicts)
    inserted = dict.fromkeys(TABLES, 0)
    replaced = (_forget_hands(con, grown, (*PER_HAND_TABLES, "hand_sources"))
                + _forget_hands(con, bettered, PER_HAND_TABLES))   # its copy stays listed
    _forget_quarantine_read_again(con, batch)
    read_again = _tournaments_read_again(batch, seen)
    for table in ORDER:
        if table == "sessions":
            _drop_second_sessions(con, batch, seen.copied_sessions)
        rows = batch.arrow(table)
        if rows is None:
            continue
        with registered(con, f"batch_{table}", rows) as frame:
            if table in _TOURNAMENT_TABLES and read_again:
                _replace_earlier_tournaments(con, table, read_again)
            if table == "sessions":
                for statement in _REPLACE_SESSIONS:
                    con.execute(statement.format(frame=frame))
                replaced += count_of(con.execute(_DELETE_SESSION_VIOLATIONS.format(frame=frame)))
            statement = _INSERTS.get(_statement_of(table, rows, seen), _DEFAULT_INSERT)
            inserted[table] = count_of(con.execute(statement.format(table=table, frame=frame)))
    listed = batch.arrow("hand_sources")
    if listed is not None:
        seen.listed_sources.update(listed["source"].unique().to_pylist())
    if batch.finished:
        with registered(con, "batch_sources", arrow_table(FinishedFile, batch.finished)):
            con.execute(_FINISH_SOURCES.format(frame="batch_sources", audit=AUDIT_VERSION))
    return Committed(inserted, replaced, len(copies),
                     [row[ViolationRow._fields.index("message")] for row in conflicts],
                     len(grown) + len(bettered))


#: The quarantined text of the lines a batch read again that it does not hold again.
_STALE_QUARANTINE = """
    DELETE FROM quarantine q USING batch_lines b
    WHERE q.source = b.source AND q.line > b.after AND (b.through IS NULL OR q.line <= b.through)
      AND NOT EXISTS (SELECT 1 FROM batch_kept k
                      WHERE k.source = q.source AND k.line = q.line AND k.error = q.error)"""


def _forget_hands(con: duckdb.DuckDBPyConnection, hands: set[tuple[str, str]],
                  tables: tuple[str, ...]) -> int:
    """Delete the rows of ``hands`` (source, hand id) from ``tables``: hands the batch
    stores again (grown, or from a copy read whole); the number of their violations
    deleted."""
    if not hands:
        return 0
    deleted = 0
    with registered(con, "forgotten_hands", pa.table({"source": [s for s, _ in hands],
                                                      "hand_id": [h for _, h in hands]})):
        for table in tables:
            count = count_of(con.execute(
                f"DELETE FROM {table} t USING forgotten_hands g "
                "WHERE t.source = g.source AND t.hand_id = g.hand_id"))
            deleted += count if table == "violations" else 0
    return deleted


def _forget_quarantine_read_again(con: duckdb.DuckDBPyConnection, batch: RowBatch) -> None:
    """Delete the quarantined text of the lines the batch read, where it no longer
    finds it: a file that grew is read again, and a hand cut short where the last read
    stopped (``expected an amount, but the line ends there``) reads whole now."""
    if not batch.lines_read:
        return
    ranges = arrow_table(LinesRead, batch.lines_read)
    kept = batch.arrow("quarantine")
    kept = (kept.select(["source", "line", "error"]) if kept is not None
            else arrow_table(QuarantineRow, []).select(["source", "line", "error"]))
    with registered(con, "batch_lines", ranges), registered(con, "batch_kept", kept):
        con.execute(_STALE_QUARANTINE).fetchall()


#: The tables of what a file tells of a tournament, one row per file and tournament (and
#: player), which a file read again replaces.
_TOURNAMENT_TABLES = ("tournaments", "tournament_results")
#: What names one file's account of one tournament in both tables.
_TOURNAMENT_KEY = ("source", "site", "tournament_id", "origin")


def _tournaments_read_again(batch: RowBatch, seen: Seen) -> list[TournamentKey]:
    """The batch's tournaments of a file that this import has not written any rows of
    yet (their rows from an earlier import go); they are then counted as written."""
    keys: set[TournamentKey] = set()
    for table in _TOURNAMENT_TABLES:
        rows = batch.arrow(table)
        if rows is not None:
            keys.update(zip(*(rows[column].to_pylist() for column in _TOURNAMENT_KEY)))
    again = sorted(keys - seen.tournaments_written)
    seen.tournaments_written |= keys
    return again


def _replace_earlier_tournaments(con: duckdb.DuckDBPyConnection, table: str,
                                 keys: list[TournamentKey]) -> None:
    """Remove what an earlier import wrote of ``keys``, tournaments of files read again:
    a file's rows are those of its whole, grown content."""
    columns = list(zip(*keys))
    with registered(con, "tournaments_again", pa.table(dict(zip(_TOURNAMENT_KEY, columns)))):
        con.execute(f"DELETE FROM {table} t USING tournaments_again k WHERE "
                    + " AND ".join(f"t.{column} = k.{column}" for column in _TOURNAMENT_KEY))


def _statement_of(table: str, rows: pa.Table, seen: Seen) -> str:
    """The insert of ``table``: copies of files never listed need no look-up."""
    if table == "hand_sources" and not seen.listed_sources.intersection(
            rows["source"].unique().to_pylist()):
        return "new hand_sources"
    return table


def _resolve_copies(con: duckdb.DuckDBPyConnection, batch: RowBatch, order: dict[str, int],
                    ) -> tuple[set[tuple[str, str]], list[Row], set[tuple[str, str]],
                               set[tuple[str, str]]]:
    """The (source, hand id) of the batch's copies of hands stored already (or met
    earlier in the batch: in the plan's ``order`` of their files, where given), a T5
    violation row for each that differs, and the (source, hand id) of the stored hands
    the batch's copy replaces: those that grew, and those with a line not read where the
    batch's copy was read whole (docs/schema.md)."""
    copies = batch.arrow("hand_sources")
    if copies is None:
        return set(), [], set(), set()
    with registered(con, "batch_copies", copies):
        first = {identity(site, hand_id, source): (source, line, digest)
                 for site, hand_id, source, line, digest in con.execute(_STORED_COPIES).fetchall()}
    stored = set(first.values())
    again: set[tuple[str, str]] = set()
    grown: set[tuple[str, str]] = set()
    bettered: set[tuple[str, str]] = set()
    differing: list[tuple[str, str, int, str, int]] = []
    rows = list(zip(*(copies[name].to_pylist() for name in ("site", "hand_id", "source",
                                                             "line", "content_hash"))))
    if order:   # (a stable sort: each file's own copies keep their order)
        rows.sort(key=lambda row: order.get(row[2], len(order)))
    for site, hand_id, source, line, digest in rows:
        copy = (source, line, digest)
        key = identity(site, hand_id, source)
        held = first.setdefault(key, copy)
        if held is copy:
            continue   # the first copy: stored now
        if held in stored and held[:2] == copy[:2] and held[2] != digest:
            first[key] = copy   # the hand read before it was whole: stored whole now
            grown.add((source, hand_id))
            continue
        if held[0] == source or same_content(held[2], digest):
            again.add((source, hand_id))
            continue
        held_whole = _read_whole(con, batch, held, held in stored)
        copy_whole = _read_whole(con, batch, copy, stored=False)
        if copy_whole and not held_whole:
            first[key] = copy   # kept over the copy with a line not read
            (bettered if held in stored else again).add((held[0], hand_id))
            continue
        again.add((source, hand_id))
        if copy_whole == held_whole:   # else what differs is what a line not read lost
            differing.append((source, hand_id, line, held[0], held[1]))
    return again, _conflict_rows(batch, differing), grown, bettered


def _read_whole(con: duckdb.DuckDBPyConnection, batch: RowBatch,
                copy: tuple[str, int, str], stored: bool) -> bool:
    """Whether a hand's ``copy`` (source, line, hash) was read without a line that could
    not be: the batch's knows it, a stored one's quarantined lines tell it."""
    source, line, _ = copy
    if not stored:
        return (source, line) not in batch.damaged_copies
    return count_of(con.execute(_DAMAGED_LINES, {"source": source, "line": line})) == 0


def _conflict_rows(batch: RowBatch, differing: list[tuple[str, str, int, str, int]],
                   ) -> list[Row]:
    if not differing:
        return []
    hands = batch.arrow("hands")
    session_of = dict(zip(zip(hands["source"].to_pylist(), hands["hand_id"].to_pylist()),
                          hands["session_id"].to_pylist())) if hands is not None else {}
    return [ViolationRow(source, hand_id, session_of.get((source, hand_id), ""), "hand", "T5",
                         conflict_message(hand_id, source, line, first_source, first_line),
                         line)
            for source, hand_id, line, first_source, first_line in differing]


def _drop_second_sessions(con: duckdb.DuckDBPyConnection, batch: RowBatch,
                          copied_sessions: set[tuple[str, str]]) -> None:
    """Leave out the batch's second copies of sessions: those that met a hand held
    already and none of whose hands is stored from their file (this runs after the
    hands are in), and those without hands whose site and id a session stored, or one
    earlier in the batch, has."""
    sessions = batch.arrow("sessions")
    if sessions is None:
        return
    columns = sessions.select(["source", "session_id", "site", "hands"])
    keys = set(zip(columns["source"].to_pylist(), columns["session_id"].to_pylist()))
    copied = keys & copied_sessions
    without_hands = pc.min(columns["hands"]).as_py() == 0
    second: set[tuple[str, str]] = set()
    held: dict[tuple[str, str], str] = {}
    with registered(con, "batch_sessions", columns):
        if copied:
            with registered(con, "copied_sessions", pa.table({
                    "source": [source for source, _ in copied],
                    "session_id": [session for _, session in copied]})):
                second = set(con.execute(_SECOND_SESSIONS).fetchall())
        if without_hands:
            held = {(site, session): source for site, session, source
                    in con.execute(_HELD_SESSIONS).fetchall()}
    for source, session, site, hands in zip(*(column.to_pylist() for column in columns.columns)):
        if not hands and held.setdefault((site, session), source) != source:
            second.add((source, session))
    if second:
        conflicts = session_conflicts(con, batch, second)
        batch.drop_sessions(second)
        batch.tables["violations"].extend(conflicts)


def count_of(result: duckdb.DuckDBPyConnection) -> int:
    """The single number a count or a data change returns (read to the end, as
    DuckDB wants before the connection runs anything else)."""
    return int(result.fetchall()[0][0])


__all__ = ["ORDER", "Committed", "Seen", "commit", "count_of", "registered"]
