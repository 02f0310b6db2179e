"""One stored hand: every row kept of it, and how to find it.

A hand is found by its stored id (``ps-49164202872``, ``fri-1127#3``), by the number
its site printed (``49164202872``: two sites may share one, so every match is
returned, each with its site), or by its session and number.

>>> from badugi_hh.store import Store
>>> with Store(":memory:") as store:
...     find_hands(store.connection, "49164202872")
[]
"""

from __future__ import annotations

from typing import NamedTuple

import duckdb
import pandas as pd

from badugi_hh.hand_ids import HandId, printed_number_sql
from badugi_hh.stats.query import frame
from badugi_hh.store import notes

__all__ = ["FOUND_HANDS", "FoundHand", "HandKey", "HandMarks", "HandRows", "find_hands",
           "first_hand", "hand_marks", "hand_rows", "hands_numbered", "next_in_session",
           "site_number", "source_hash"]

#: The most hands a look-up returns.
FOUND_HANDS = 50


class HandKey(NamedTuple):
    source: str
    hand_id: str


class FoundHand(NamedTuple):
    """A hand a look-up found, with its site to tell two of one number apart."""

    source: str
    hand_id: str
    site: str

    @property
    def key(self) -> HandKey:
        return HandKey(self.source, self.hand_id)


class HandRows(NamedTuple):
    """Everything stored about one hand, a frame per table."""

    hand: pd.Series
    players: pd.DataFrame
    actions: pd.DataFrame
    draws: pd.DataFrame
    showdowns: pd.DataFrame
    pots: pd.DataFrame
    violations: pd.DataFrame
    run_hands: pd.DataFrame
    """A hand run twice: each run's hands (no rows for a hand run once)."""
    run_pots: pd.DataFrame
    """A hand run twice: each run's share of each pot and its winners."""


_HAND_TABLES = {
    "players": "SELECT player, seat, position, start_stack, end_stack, contributed, returned, "
               "won, net, dealt_cards, folded_in_round FROM hand_players "
               "WHERE source = ? AND hand_id = ? ORDER BY seat",
    "actions": "SELECT seq, player, round, action, amount, total_in_round, all_in, line "
               "FROM actions WHERE source = ? AND hand_id = ? ORDER BY seq",
    "draws": "SELECT player, draw, discarded, discarded_cards, drawn_cards, hand_after, line "
             "FROM draws WHERE source = ? AND hand_id = ? ORDER BY line, draw",
    "showdowns": "SELECT player, shown_cards, description, won FROM showdowns "
                 "WHERE source = ? AND hand_id = ?",
    "pots": "SELECT pot, amount, eligible, winners FROM pots "
            "WHERE source = ? AND hand_id = ? ORDER BY pot",
    "violations": "SELECT v.rule, r.title, v.message, v.line FROM violations v "
                  "LEFT JOIN rules r USING (rule) "
                  "WHERE v.source = ? AND v.hand_id = ? ORDER BY v.line, v.rule",
    "run_hands": "SELECT run, player, cards FROM run_hands "
                 "WHERE source = ? AND hand_id = ? ORDER BY run, player",
    "run_pots": "SELECT run, pot, amount, winners FROM run_pots "
                "WHERE source = ? AND hand_id = ? ORDER BY run, pot",
}


def hand_rows(con: duckdb.DuckDBPyConnection, key: HandKey) -> HandRows | None:
    """The stored rows of one hand; None when there is no such hand."""
    params = [key.source, key.hand_id]
    hand = frame(con, "SELECT * FROM hands WHERE source = ? AND hand_id = ?", params)
    if hand.empty:
        return None
    frames = {name: frame(con, sql, params) for name, sql in _HAND_TABLES.items()}
    return HandRows(hand.iloc[0], **frames)


def source_hash(con: duckdb.DuckDBPyConnection, source: str) -> tuple[str | None, int | None]:
    """The SHA-256 of the log file when it was imported, and how many of its bytes that
    import read (a log being written: to its last whole hand); None: not recorded."""
    found = con.execute("SELECT content_hash, size FROM sources WHERE path = ?",
                        [source]).fetchall()
    return (found[0][0], found[0][1]) if found else (None, None)


class HandMarks(NamedTuple):
    """What the user wrote on a hand: its tags, its note (:mod:`badugi_hh.store.notes`)."""

    tags: list[str]
    note: str | None


def hand_marks(con: duckdb.DuckDBPyConnection, key: HandKey) -> HandMarks:
    """The tags and the note of one hand (kept by its identity, not by its file)."""
    found = con.execute("SELECT site FROM hands WHERE source = ? AND hand_id = ?",
                        list(key)).fetchall()
    if not found:
        return HandMarks([], None)
    hand = notes.hand_identity(found[0][0], key.hand_id, key.source)
    return HandMarks(notes.tags_of(con, hand), notes.note_of(con, hand))


#: The hands whose id is ``?`` or whose site printed ``{printed}``.
_FIND = """
SELECT source, hand_id, site FROM hands
WHERE hand_id = ? OR {printed}
ORDER BY site, source, hand_id
LIMIT ?
"""


def site_number(hand_id: str, site: str) -> str:
    """The number the site printed for a hand (a house hand's id is its own).

    >>> site_number("ps-49164202872", "pokerstars"), site_number("merge#33423082-1", "merge")
    ('49164202872', '33423082-1')
    >>> site_number("fri-1127#3", "")
    'fri-1127#3'
    """
    return HandId.parse(site, hand_id).printed


def find_hands(con: duckdb.DuckDBPyConnection, text: str) -> list[FoundHand]:
    """The hands whose id is ``text``, or whose site printed it as their number
    (``49164202872``, ``#49164202872``), with their sites."""
    typed = text.strip().lstrip("#").strip()
    if not typed:
        return []
    printed, params = printed_number_sql(typed)
    rows = con.execute(_FIND.format(printed=printed), [typed, *params, FOUND_HANDS]).fetchall()
    return [FoundHand(*row) for row in rows]


def hands_numbered(con: duckdb.DuckDBPyConnection, session_id: str,
                   number: int) -> list[HandKey]:
    """Hand ``number`` of the session, one per file that has the session."""
    rows = con.execute("SELECT source, hand_id FROM hands WHERE session_id = ? AND number = ? "
                       "ORDER BY source LIMIT ?", [session_id, number, FOUND_HANDS]).fetchall()
    return [HandKey(*row) for row in rows]


def first_hand(con: duckdb.DuckDBPyConnection) -> HandKey | None:
    """The hand played first, where the replayer starts when asked for none."""
    rows = con.execute("SELECT source, hand_id FROM hands "
                       "ORDER BY started_at NULLS FIRST, source, number LIMIT 1").fetchall()
    return HandKey(*rows[0]) if rows else None


def next_in_session(con: duckdb.DuckDBPyConnection, key: HandKey,
                    step: int) -> HandKey | None:
    """The hand ``step`` places after (or, negative, before) this one in its session."""
    rows = con.execute("SELECT n.source, n.hand_id FROM hands h JOIN hands n "
                       "ON n.source = h.source AND n.session_id = h.session_id "
                       "AND n.number = h.number + ? WHERE h.source = ? AND h.hand_id = ? "
                       "LIMIT 1", [step, key.source, key.hand_id]).fetchall()
    return HandKey(*rows[0]) if rows else None
