"""A second copy of a whole session compared with the session kept: T5 where they differ.

A session all of whose hands are copies of hands stored from another file is not stored
(:mod:`badugi_hh.store.commit`). Its hands are compared by their content hash; what the
session itself states (its header, its end line: who won, with what) is compared here,
with the session kept from the other file, by the verdicts on what each states (an end
line that the chips contradict is an N1 whose message says what the line stated; a
header's stacks, G3) and the places each announces. A copy that differs is a violation of T5
in its own file, at its header's line, naming both files, as a hand's copy is; the first
copy stays. Only a copy of the whole session is compared (the same site, id and number
of hands): a part of it, cut from a longer download, ends elsewhere by nature.
"""

from __future__ import annotations

from itertools import chain
from typing import Any

import duckdb

from badugi_hh.rows.batch import RowBatch
from badugi_hh.rows.schema import TABLES, Row, ViolationRow

__all__ = ["session_conflicts"]

#: What a session's players' rows hold that the log states rather than its hands: the
#: places a tournament's table announces.
_PLAYER_FACTS = ("player", "place")

#: The files the hands of the copies' session ids are stored from.
_KEPT_SOURCES = ("SELECT DISTINCT site, session_id, source FROM hands "
                 "WHERE session_id IN (SELECT unnest($sessions)) ORDER BY source")
#: The copies in the batch's files of kept sessions' hands that differ from them (a T5
#: each, or a copy read with a line lost): the sessions then differ by what the hands tell.
_DIFFERING_HANDS = ("SELECT DISTINCT c.source, h.source, h.session_id FROM hand_sources c "
                    "JOIN hands h ON h.site = c.site AND h.hand_id = c.hand_id "
                    "WHERE c.source IN (SELECT unnest($copies)) "
                    "AND h.session_id IN (SELECT unnest($sessions)) "
                    "AND c.content_hash <> h.content_hash")
_STORED = {
    "sessions": "SELECT * FROM sessions WHERE session_id IN (SELECT unnest($sessions))",
    "session_players": "SELECT * FROM session_players "
                       "WHERE session_id IN (SELECT unnest($sessions))",
    "violations": "SELECT * FROM violations WHERE level = 'session' "
                  "AND session_id IN (SELECT unnest($sessions))",
}

#: The T5 message of a session's copy that differs from the session kept.
SESSION_CONFLICT_MESSAGE = ("session {} at {}:{} differs from its copy at {}:{} (the same "
                            "site and session id): the first copy is kept")

Facts = tuple[list[tuple[Any, ...]], list[tuple[str, str]]]
Key = tuple[str, str]


def session_conflicts(con: duckdb.DuckDBPyConnection, batch: RowBatch,
                      second: set[Key]) -> list[Row]:
    """A T5 violation row for each of the batch's ``second`` sessions (source, session
    id) that differs from the session kept; run once the batch's hands are stored and
    before its sessions are."""
    rows = batch.arrow("sessions") if second else None
    if rows is None:
        return []
    sessions = {(row["source"], row["session_id"]): row for row in rows.to_pylist()}
    copies = sorted(second & sessions.keys())
    if not copies:
        return []
    in_batch = _BatchFacts(batch)
    stored = _StoredFacts(con, copies)
    conflicts: list[Row] = []
    for key in copies:
        copy = sessions[key]
        for source in stored.kept_sources(copy["site"], key):
            kept = ((sessions[(source, key[1])], in_batch.of(sessions[(source, key[1])]))
                    if (source, key[1]) in sessions.keys() - second
                    else stored.session((source, key[1])))
            if kept is None or kept[0]["hands"] != copy["hands"]:
                continue   # not the whole session: a part of it
            if (key[0], source, key[1]) in stored.differing_hands:
                break   # told by the hands' own verdicts
            if _differ(kept[1], in_batch.of(copy)):
                conflicts.append(ViolationRow(
                    key[0], None, key[1], "session", "T5",
                    SESSION_CONFLICT_MESSAGE.format(key[1], key[0], copy["line"], source,
                                                    kept[0]["line"]),
                    copy["line"]))
            break
    return conflicts


class _StoredFacts:
    """What the store holds of the copies' session ids, asked once for all of them (a
    batch of copied files holds a session per table, each asked alone was a fifth of an
    import of copies): the files their hands are stored from, their sessions with their
    facts, and the copies' hands that differ from them."""

    def __init__(self, con: duckdb.DuckDBPyConnection, copies: list[Key]) -> None:
        ids = {"sessions": sorted({session for _source, session in copies})}
        self.sources: dict[tuple[str, str], list[str]] = {}
        for site, session, source in con.execute(_KEPT_SOURCES, ids).fetchall():
            self.sources.setdefault((site, session), []).append(source)
        self.differing_hands = set(con.execute(_DIFFERING_HANDS, {
            **ids, "copies": sorted({source for source, _session in copies})}).fetchall())
        self.rows = {table: _by_key(_dicts(con.execute(query, ids)))
                     for table, query in _STORED.items()}

    def kept_sources(self, site: str, copy: Key) -> list[str]:
        """The other files the hands of the copy's session are stored from, by name."""
        return [source for source in self.sources.get((site, copy[1]), []) if source != copy[0]]

    def session(self, key: Key) -> tuple[dict[str, Any], Facts] | None:
        """The session stored before under ``key`` (source, session id), with its facts."""
        stored = self.rows["sessions"].get(key)
        if not stored:
            return None
        return stored[0], _facts(self.rows["session_players"].get(key, []),
                                 self.rows["violations"].get(key, []))


def _by_key(rows: list[dict[str, Any]]) -> dict[Key, list[dict[str, Any]]]:
    grouped: dict[Key, list[dict[str, Any]]] = {}
    for row in rows:
        grouped.setdefault((row["source"], row["session_id"]), []).append(row)
    return grouped


def _dicts(result: duckdb.DuckDBPyConnection) -> list[dict[str, Any]]:
    names = [column[0] for column in result.description or ()]
    return [dict(zip(names, row)) for row in result.fetchall()]


class _BatchFacts:
    """The facts of the batch's sessions: their players and verdicts, by session."""

    def __init__(self, batch: RowBatch) -> None:
        self.players = _by_session(batch, "session_players")
        self.verdicts = _by_session(batch, "violations", level="session")

    def of(self, session: dict[str, Any]) -> Facts:
        key = (session["source"], session["session_id"])
        return _facts(self.players.get(key, []), self.verdicts.get(key, []))


def _by_session(batch: RowBatch, table: str, level: str | None = None,
                ) -> dict[Key, list[dict[str, Any]]]:
    """The batch's rows of ``table`` by session, read as they lie: sealing them here
    would hide them from :meth:`RowBatch.drop_sessions`, which runs next."""
    names = TABLES[table]._fields
    rows = chain((dict(zip(names, row)) for row in batch.tables[table]),
                 *(part.to_pylist() for part in batch.sealed[table]))
    grouped: dict[Key, list[dict[str, Any]]] = {}
    for row in rows:
        if level is None or row["level"] == level:
            grouped.setdefault((row["source"], row["session_id"]), []).append(row)
    return grouped


def _differ(kept: Facts, copy: Facts) -> bool:
    """Whether two copies' facts differ. The places are compared only where both copies
    state some: a format that cannot write them (a house export of a PokerStars
    tournament) says nothing of them, which is no other statement."""
    (kept_places, kept_verdicts), (copy_places, copy_verdicts) = kept, copy
    if kept_verdicts != copy_verdicts:
        return True
    return _states_places(kept_places) and _states_places(copy_places) and (
        kept_places != copy_places)


def _states_places(players: list[tuple[Any, ...]]) -> bool:
    return any(place is not None for _player, place in players)


def _facts(players: list[dict[str, Any]], verdicts: list[dict[str, Any]]) -> Facts:
    """What two copies of a session are compared by: not its row, whose other facts its
    hands make (compared by their hashes) or a format leaves out (a PHH file names no
    table); a T5 is the file's verdict on a hand id, not a statement of the session's."""
    return (sorted(tuple(row[name] for name in _PLAYER_FACTS) for row in players),
            sorted((row["rule"], row["message"]) for row in verdicts if row["rule"] != "T5"))
