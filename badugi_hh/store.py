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
[('Ana', 'button', -1), ('Bruno', 'big blind', 1)]
>>> summary.new_hands, summary.violations   # N1: a session is 12 hands, this one has 1
(1, 1)

How an import stays fast, safe and small:

* Hands are buffered in batches of :data:`BATCH_HANDS`; each batch becomes
  one Arrow table per database table, inserted in bulk in one transaction.
  A crash or Ctrl-C loses at most the batch under way, and the database is
  consistent at every commit.
* A hand is identified by its source file and hand id. Before inserting, a
  batch looks up which of its hands are already stored, so re-importing adds
  nothing and an appended file adds only its new hands. A file's row in
  ``sources`` (size and SHA-256 of its content) is written in the same
  transaction as its last hands: an unchanged file is then skipped without
  being parsed, and a file that was rewritten (its old content is no longer
  its beginning) has its rows replaced.
* Memory holds one batch, never a whole file.
* ``jobs`` > 1 parses and audits files in that many worker processes, which
  send their rows to this one, the only writer (DuckDB allows one).
"""

from __future__ import annotations

import hashlib
import itertools
import math
import multiprocessing
import operator
import queue
import re
import tempfile
import time
import traceback
import types
import typing
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import NamedTuple

import duckdb
import pyarrow as pa
import pyarrow.compute as pc

from badugi_hh.cards import DECK, JOKER, Card
from badugi_hh.engine import (
    ActionRecord, Auditor, DrawRecord, HandReport, SessionReport, Violation,
)
from badugi_hh.evaluate import EvaluationError, badugi_rank
from badugi_hh.events import Cards, Hand, ParseError, Record, SessionStart, SkippedHand
from badugi_hh.parsers import iter_log_files, read_records
from badugi_hh.rules import RULES, Ruleset

__all__ = [
    "BATCH_HANDS", "DEFAULT_DB", "TABLES", "ImportSummary", "Store", "StoreError",
    "StoreLocked", "bench_import", "schema_sql",
]

#: The database a command uses when no ``--db`` is given, in the current folder.
DEFAULT_DB = "badugi.duckdb"
#: Hands per transaction: large enough that the fixed cost of a bulk insert
#: vanishes, small enough that memory stays flat and a crash loses little.
BATCH_HANDS = 2000
#: How long opening waits for another process that holds the database.
LOCK_WAIT_SECONDS = 10.0

#: Called after each committed batch with the number of hands it read.
ProgressCallback = Callable[[int], None]


# -- the schema: one row type per table ------------------------------------------------
# The column names and types of every table are the fields of these tuples; the
# DDL and the Arrow schemas of the bulk inserts are derived from them, so the
# three cannot drift apart. docs/schema.md explains every column.

class SourceRow(NamedTuple):
    path: str
    size: int | None
    content_hash: str | None
    imported_at: datetime
    hands: int
    violations: int
    quarantined: int


class SessionRow(NamedTuple):
    source: str
    session_id: str
    title: str
    started_at: datetime | None
    ruleset: str
    game: str
    small_blind_size: int
    big_blind_size: int
    small_bet: int
    big_bet: int
    max_raises: int
    draws: int
    max_players: int
    starting_stack: int | None
    session_length: int | None
    players: list[str]
    hands: int
    winner: str | None
    line: int


class SessionPlayerRow(NamedTuple):
    source: str
    session_id: str
    player: str
    seat: int
    start_stack: int
    final_stack: int
    net: int
    won_session: bool


class PlayerRow(NamedTuple):
    player: str
    first_source: str
    first_imported_at: datetime


class HandRow(NamedTuple):
    source: str
    hand_id: str
    number: int
    session_id: str
    started_at: datetime | None
    ruleset: str
    button_player: str | None
    big_blind_player: str | None
    big_blind_size: int
    pot: int
    rake: int
    ended: str
    rounds_played: int
    draws_played: int
    unit: int
    line: int
    violations: int


class HandPlayerRow(NamedTuple):
    source: str
    hand_id: str
    player: str
    session_id: str
    number: int
    started_at: datetime | None
    ruleset: str
    seat: int
    position: str
    big_blind_size: int
    start_stack: int
    end_stack: int
    contributed: int
    returned: int
    won: int
    net: int
    net_bb: float
    vpip: bool
    pfr: bool
    three_bet_chance: bool
    three_bet: bool
    bets: int
    raises: int
    calls: int
    checks: int
    folds: int
    folded_in_round: int | None
    saw_first_draw: bool
    went_to_showdown: bool
    won_at_showdown: bool
    won_without_showdown: bool
    round1_faced_bet: bool
    round2_faced_bet: bool
    round3_faced_bet: bool
    round4_faced_bet: bool
    round1_folded_to_bet: bool
    round2_folded_to_bet: bool
    round3_folded_to_bet: bool
    round4_folded_to_bet: bool
    draw1_cards: int | None
    draw2_cards: int | None
    draw3_cards: int | None
    snowed: bool | None
    badugi_after_final_draw: bool | None


class ActionRow(NamedTuple):
    source: str
    hand_id: str
    seq: int
    player: str
    round: int
    action: str
    amount: int
    total_in_round: int
    facing: int
    all_in: bool
    line: int


class DrawRow(NamedTuple):
    source: str
    hand_id: str
    player: str
    draw: int
    discarded: int
    stood_pat: bool
    discarded_cards: str
    drawn_cards: str
    hand_after: str | None
    line: int


class ShowdownRow(NamedTuple):
    source: str
    hand_id: str
    player: str
    shown_cards: str | None
    value_rank: int | None
    value_size: int | None
    description: str | None
    won: int


class PotRow(NamedTuple):
    source: str
    hand_id: str
    pot: int
    amount: int
    eligible: list[str]
    winners: list[str]


class ViolationRow(NamedTuple):
    source: str
    hand_id: str | None
    session_id: str
    level: str
    rule: str
    message: str
    line: int


class QuarantineRow(NamedTuple):
    source: str
    line: int
    column_number: int
    error: str
    text: str


class SkippedRow(NamedTuple):
    """A hand of a game the engine does not audit: read past, counted by game."""

    source: str
    line: int
    hand_id: str
    game: str


class RuleRow(NamedTuple):
    rule: str
    title: str


#: Every table, in the order a batch inserts into them.
TABLES: dict[str, type[tuple]] = {
    "rules": RuleRow,
    "sources": SourceRow,
    "sessions": SessionRow,
    "session_players": SessionPlayerRow,
    "players": PlayerRow,
    "hands": HandRow,
    "hand_players": HandPlayerRow,
    "actions": ActionRow,
    "draws": DrawRow,
    "showdowns": ShowdownRow,
    "pots": PotRow,
    "violations": ViolationRow,
    "quarantine": QuarantineRow,
    "skipped": SkippedRow,
}
_PRIMARY_KEYS = {"rules": "rule", "sources": "path", "players": "player"}

_SQL_TYPES: dict[object, tuple[str, pa.DataType]] = {
    str: ("VARCHAR", pa.string()),
    int: ("BIGINT", pa.int64()),
    float: ("DOUBLE", pa.float64()),
    bool: ("BOOLEAN", pa.bool_()),
    datetime: ("TIMESTAMP", pa.timestamp("us")),
    list[str]: ("VARCHAR[]", pa.list_(pa.string())),
}


def _columns(row_type: type[tuple]) -> list[tuple[str, str, pa.DataType, bool]]:
    """(name, SQL type, Arrow type, nullable) of each field of a row type."""
    columns = []
    for name, hint in typing.get_type_hints(row_type).items():
        nullable = isinstance(hint, types.UnionType) and type(None) in hint.__args__
        if nullable:
            hint = next(arg for arg in hint.__args__ if arg is not type(None))
        sql_type, arrow_type = _SQL_TYPES[hint]
        columns.append((name, sql_type, arrow_type, nullable))
    return columns


def schema_sql() -> str:
    """The ``CREATE TABLE`` statements of the store.

    >>> print(schema_sql().splitlines()[0])
    CREATE TABLE IF NOT EXISTS rules (rule VARCHAR NOT NULL PRIMARY KEY, title VARCHAR NOT NULL);
    """
    statements = []
    for table, row_type in TABLES.items():
        key = _PRIMARY_KEYS.get(table)
        columns = ", ".join(
            f"{name} {sql_type}{'' if nullable else ' NOT NULL'}"
            f"{' PRIMARY KEY' if name == key else ''}"
            for name, sql_type, _, nullable in _columns(row_type))
        statements.append(f"CREATE TABLE IF NOT EXISTS {table} ({columns});")
    return "\n".join(statements)


def _arrow_table(row_type: type[tuple], rows: list[tuple]) -> pa.Table:
    """Rows transposed to one typed Arrow column each, for one bulk insert."""
    columns = _columns(row_type)
    values = list(zip(*rows, strict=True)) if rows else [()] * len(columns)
    if len(values) != len(columns):
        raise ValueError(f"{row_type.__name__} has {len(columns)} columns, "
                         f"a row has {len(values)}")
    arrays = [pa.array(column, type=arrow_type)
              for column, (_, _, arrow_type, _) in zip(values, columns)]
    return pa.Table.from_arrays(arrays, names=[name for name, *_ in columns])


# -- errors ----------------------------------------------------------------------------

class StoreError(Exception):
    """The database cannot be opened or used; the message says why and what to do."""


class StoreLocked(StoreError):
    """Another process holds the database (DuckDB allows one writer per file)."""


_LOCK_HOLDER = re.compile(r"Conflicting lock is held in (.*?) \(PID (\d+)\)")


def _locked_message(path: Path, error: str, waited: float) -> str:
    holder = _LOCK_HOLDER.search(error)
    who = (f"process {holder.group(2)} ({holder.group(1)})" if holder
           else "another process")
    return (f"{path} is in use by {who}; waited {waited:g} s for it. Only one import "
            "may write at a time: let the other one finish, then run this again.")


def connect(path: str | Path, *, read_only: bool = False,
            wait: float = LOCK_WAIT_SECONDS) -> duckdb.DuckDBPyConnection:
    """Open the database, waiting up to ``wait`` seconds for another process's lock."""
    path = Path(path)
    if read_only and str(path) != ":memory:" and not path.exists():
        raise StoreError(f"no database at {path}: import some logs first "
                         f"(badugi-hh import PATH --db {path})")
    deadline = time.monotonic() + wait
    while True:
        try:
            con = duckdb.connect(str(path), read_only=read_only)
            break
        except duckdb.IOException as error:
            if "Could not set lock" not in str(error):
                raise StoreError(f"cannot open {path}: {error}") from None
            if time.monotonic() >= deadline:
                raise StoreLocked(_locked_message(path, str(error), wait)) from None
            time.sleep(0.2)
    con.execute("SET enable_progress_bar = false")   # the import draws its own line
    return con


# -- what one import did ---------------------------------------------------------------

@dataclass(slots=True)
class ImportSummary:
    """Counts of one import; ``new_*`` are rows the database did not have before."""

    files: int = 0
    unchanged: int = 0
    unreadable: list[str] = field(default_factory=list)
    hands: int = 0
    new_hands: int = 0
    sessions: int = 0
    violations: int = 0
    quarantined: int = 0
    skipped: int = 0
    """Hands of games the engine does not audit (the ``skipped`` table, by game)."""
    rows: int = 0
    seconds: float = 0.0

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds if self.seconds else 0.0

    def __str__(self) -> str:
        """One sentence for the end of an import.

        >>> print(ImportSummary(files=2, unchanged=1, hands=30, new_hands=12, violations=3,
        ...                     seconds=0.5))
        2 files read (1 unchanged, skipped): 30 hands, 12 new, 0 sessions, 3 new violations, 0 quarantined in 0.50 s (60 hands/s)
        """
        unchanged = f" ({self.unchanged} unchanged, skipped)" if self.unchanged else ""
        skipped = (f", {self.skipped:,} hands of other games skipped" if self.skipped
                   else "")
        return (f"{self.files} files read{unchanged}: {self.hands:,} hands, "
                f"{self.new_hands:,} new, {self.sessions:,} sessions, "
                f"{self.violations:,} new violations, {self.quarantined:,} quarantined"
                f"{skipped} in {self.seconds:.2f} s ({self.hands_per_second:,.0f} hands/s)")


# -- from engine reports to rows -------------------------------------------------------

#: The text of each card, and ``??`` for a card nobody saw.
_CARD_TEXT: dict[Card | None, str] = {card: str(card) for card in (*DECK, JOKER)} | {None: "??"}
#: Badugi ranks below this are four-card hands (the evaluator ranks the 715 badugis first).
_BADUGI_RANKS = math.comb(13, 4)


def _cards_text(cards: Cards) -> str:
    """``As 2h ??``: :func:`~badugi_hh.cards.format_cards`, by table look-up."""
    return " ".join([_CARD_TEXT[card] for card in cards])


def _is_badugi(cards: Cards) -> bool | None:
    """Whether a known hand is a badugi; None while any card is unseen.

    >>> from badugi_hh.cards import parse_cards
    >>> _is_badugi(parse_cards("As 2h 3d 4c")), _is_badugi(parse_cards("As 2s 3d 4c"))
    (True, False)
    >>> _is_badugi((*parse_cards("As 2h 3d"), None)) is None
    True
    """
    if not cards or None in cards:
        return None
    try:
        return badugi_rank(cards) < _BADUGI_RANKS
    except EvaluationError:   # a broken log's hand (a card twice); its violation says so
        return None


@dataclass(slots=True)
class _Tally:
    """One player's betting in one hand (the definitions are in docs/schema.md)."""

    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(
        ("bet", "raise", "call", "check", "fold"), 0))
    vpip: bool = False
    pfr: bool = False
    three_bet_chance: bool = False
    three_bet: bool = False
    faced_bet: list[bool] = field(default_factory=lambda: [False] * 4)
    folded_to_bet: list[bool] = field(default_factory=lambda: [False] * 4)

    def add(self, action: ActionRecord, raises_before_draw: int) -> None:
        """Count one action (not a blind); ``raises_before_draw`` were made before it."""
        self.counts[action.kind] += 1
        if action.round == 1:
            self.vpip |= action.kind in ("call", "bet", "raise")
            self.pfr |= action.kind in ("bet", "raise")
            if raises_before_draw == 1:   # facing one raise over the big blind
                self.three_bet_chance = True
                self.three_bet |= action.kind == "raise"
        if action.facing > 0 and 1 <= action.round <= 4:
            self.faced_bet[action.round - 1] = True
            self.folded_to_bet[action.round - 1] |= action.kind == "fold"


def _tally_actions(report: HandReport) -> dict[str, _Tally]:
    """Each player's betting in the hand, in one pass over its actions."""
    tallies = {name: _Tally() for name in report.players}
    raises_before_draw = 0
    for action in report.actions:
        if action.kind == "post":
            continue
        tally = tallies.get(action.player)
        if tally is not None:   # None: a stranger acts (G1); the report says so
            tally.add(action, raises_before_draw)
        raises_before_draw += action.round == 1 and action.kind == "raise"
    return tallies


class _DrawHabits(NamedTuple):
    cards: tuple[int | None, int | None, int | None]   # drawn in draws 1, 2, 3
    snowed: bool | None
    badugi_after_final_draw: bool | None


def _draw_habits(draws: list[DrawRecord], final_draw: int) -> _DrawHabits:
    """Cards drawn per draw, snowing and the final hand of one player's draws."""
    cards: list[int | None] = [None, None, None]
    snowed: bool | None = None
    made: bool | None = None
    for draw in draws:
        if 1 <= draw.draw <= 3:
            cards[draw.draw - 1] = draw.count
        if not (draw.stands_pat or draw.draw == final_draw):
            continue
        badugi = _is_badugi(draw.hand_after)
        if badugi is None:
            continue
        if draw.stands_pat:
            snowed = bool(snowed) or not badugi
        if draw.draw == final_draw:
            made = badugi
    return _DrawHabits((cards[0], cards[1], cards[2]), snowed, made)


@dataclass(slots=True)
class _OpenSession:
    """What the store keeps of a session until the engine reports its end."""

    session_id: str
    ruleset: Ruleset
    title: str = ""
    started_at: datetime | None = None
    line: int = 0
    seats: dict[str, int] = field(default_factory=dict)
    start_stacks: dict[str, int] = field(default_factory=dict)
    last_stacks: dict[str, int] = field(default_factory=dict)
    """Each player's stack after his last hand: at a site players leave before the end."""

    @classmethod
    def of_header(cls, start: SessionStart) -> _OpenSession:
        return cls(start.session_id, start.ruleset, start.title, start.started_at, start.line,
                   {p.name: p.seat for p in start.players},
                   {p.name: p.stack for p in start.players})

    def meet(self, hand: Hand, report: HandReport) -> None:
        """Take from a hand what the header did not say: the start, late players."""
        if self.started_at is None:
            self.started_at = hand.started_at
        for name, result in report.players.items():
            if name not in self.seats:
                self.seats[name] = result.seat
                self.start_stacks[name] = result.start_stack
            self.last_stacks[name] = result.end_stack


class _FinishedFile(NamedTuple):
    """A file read to its end, for its row in ``sources``."""

    path: str
    size: int | None
    content_hash: str | None
    imported_at: datetime


def _violation_rows(source: str, session_id: str, violations: list[Violation],
                    level: str) -> Iterator[tuple]:
    return ((source, v.hand_id, session_id, level, v.rule, v.message, v.line)
            for v in violations)


#: Tables with rows per hand; each of their rows starts with (source, hand_id),
#: so the rows of a hand stored already can be dropped from a batch.
_PER_HAND_TABLES = ("hands", "hand_players", "actions", "draws", "showdowns", "pots",
                    "violations")


def _without_hands(rows: pa.Table, stored: set[tuple[str, str]]) -> pa.Table:
    """``rows`` (of a per-hand table) less those of the ``stored`` (source, hand id)."""
    if not stored or not rows.num_rows:
        return rows
    keys = pc.binary_join_element_wise(rows["source"], rows["hand_id"], "\x00")
    stored_keys = pa.array([f"{source}\x00{hand_id}" for source, hand_id in stored])
    return rows.filter(pc.invert(pc.is_in(keys, value_set=stored_keys)))


class _Rows:
    """The rows of one batch, table by table, built as the reports arrive so
    the reports themselves are not kept.

    The rows of the per-hand tables are plain tuples in the field order of their
    row type (``HandRow``...): they cost less to build, and less to the garbage
    collector, which stops tracking a tuple of plain values. :func:`_arrow_table`
    checks their width and types.

    A worker process seals its rows into Arrow tables (:meth:`seal`) before
    sending them: Arrow crosses the process boundary as flat buffers, and
    building it is work the worker does in parallel instead of the one writing
    process.
    """

    def __init__(self) -> None:
        self.tables: dict[str, list[tuple]] = {name: [] for name in TABLES}
        self.sealed: dict[str, list[pa.Table]] = {name: [] for name in TABLES}
        self.session_violations: list[tuple] = []
        self.hand_keys: set[tuple[str, str]] = set()
        self.hands_read = 0
        self.sessions_read = 0
        self.finished: list[_FinishedFile] = []

    def __bool__(self) -> bool:
        return bool(self.hands_read or self.sessions_read or self.finished
                    or self.tables["quarantine"] or self.sealed["quarantine"]
                    or self.tables["skipped"] or self.sealed["skipped"])

    def add_hand(self, source: str, hand: Hand, report: HandReport,
                 started_at: datetime | None) -> None:
        self.hands_read += 1
        key = (source, report.hand_id)
        if key in self.hand_keys:   # a hand id repeated in one file: the first one counts
            return
        self.hand_keys.add(key)
        rules = report.ruleset
        self.tables["hands"].append((
            source, report.hand_id, report.number, report.session_id, started_at, rules.name,
            report.button, report.big_blind, rules.big_blind, report.pot_total, report.rake,
            report.ended, report.rounds_played, report.draws_played, hand.unit, report.line,
            len(report.violations)))
        self._add_hand_players(source, report, started_at)
        self._add_actions(source, report)
        self._add_draws(source, report)
        self._add_showdowns(source, report)
        self._add_pots(source, report)
        self.tables["violations"].extend(_violation_rows(source, report.session_id,
                                                         report.violations, "hand"))

    def _add_hand_players(self, source: str, report: HandReport,
                          started_at: datetime | None) -> None:
        tallies = _tally_actions(report)
        draws_by_player: dict[str, list[DrawRecord]] = {}
        for draw in report.draws:
            draws_by_player.setdefault(draw.player, []).append(draw)
        big_blind = report.ruleset.big_blind
        reached_draw = report.draws_played >= 1
        rows = self.tables["hand_players"]
        for name, result in report.players.items():
            tally, net = tallies[name], result.net
            habits = _draw_habits(draws_by_player.get(name, []), report.ruleset.draws)
            won = result.won > 0
            in_after_round1 = result.folded_in_round is None or result.folded_in_round > 1
            rows.append((
                source, report.hand_id, name, report.session_id, report.number, started_at,
                report.ruleset.name, result.seat, result.position, big_blind,
                result.start_stack, result.end_stack, result.contributed, result.returned,
                result.won, net, net / big_blind if big_blind else 0.0,
                tally.vpip, tally.pfr, tally.three_bet_chance, tally.three_bet,
                tally.counts["bet"], tally.counts["raise"], tally.counts["call"],
                tally.counts["check"], tally.counts["fold"], result.folded_in_round,
                reached_draw and in_after_round1,
                result.saw_showdown, result.saw_showdown and won,
                report.ended == "fold" and won,
                *tally.faced_bet, *tally.folded_to_bet,
                *habits.cards, habits.snowed, habits.badugi_after_final_draw))

    def _add_actions(self, source: str, report: HandReport) -> None:
        self.tables["actions"].extend(
            (source, report.hand_id, seq, a.player, a.round, a.kind, a.amount, a.to, a.facing,
             a.all_in, a.line)
            for seq, a in enumerate(report.actions, start=1))

    def _add_draws(self, source: str, report: HandReport) -> None:
        self.tables["draws"].extend(
            (source, report.hand_id, d.player, d.draw, d.count, d.stands_pat,
             _cards_text(d.discarded), _cards_text(d.drawn),
             None if None in d.hand_after else _cards_text(d.hand_after), d.line)
            for d in report.draws)

    def _add_showdowns(self, source: str, report: HandReport) -> None:
        self.tables["showdowns"].extend(
            (source, report.hand_id, name, None if p.shown is None else _cards_text(p.shown),
             p.value.rank if p.value else None, p.value.size if p.value else None,
             p.value.description if p.value else None, p.won)
            for name, p in report.players.items() if p.saw_showdown)

    def _add_pots(self, source: str, report: HandReport) -> None:
        self.tables["pots"].extend(
            (source, report.hand_id, number, pot.amount, list(pot.eligible), list(pot.winners))
            for number, pot in enumerate(report.pots))

    def add_session(self, source: str, report: SessionReport, session: _OpenSession) -> None:
        self.sessions_read += 1
        rules = session.ruleset
        players = sorted(session.seats, key=session.seats.__getitem__)
        self.tables["sessions"].append(SessionRow(
            source, report.session_id, session.title, session.started_at, rules.name,
            rules.game, rules.small_blind, rules.big_blind, rules.small_bet, rules.big_bet,
            rules.max_raises, rules.draws, rules.max_players, rules.starting_stack,
            rules.session_hands, players, report.hands, report.winner, session.line))
        for name in players:
            start = session.start_stacks.get(name, 0)
            final = report.stacks.get(name, session.last_stacks.get(name, start))
            self.tables["session_players"].append(SessionPlayerRow(
                source, report.session_id, name, session.seats[name], start, final,
                final - start, name == report.winner))
        self.session_violations.extend(_violation_rows(source, report.session_id,
                                                       report.violations, "session"))

    def merge(self, other: _Rows) -> None:
        """Add the rows of ``other`` (a later batch, maybe of another file)."""
        repeated = self.hand_keys & other.hand_keys
        if repeated:   # a hand id repeated further down the same file
            other.drop_hands(repeated)
        for table, rows in other.tables.items():
            self.tables[table].extend(rows)
            self.sealed[table].extend(other.sealed[table])
        self.session_violations.extend(other.session_violations)
        self.hand_keys |= other.hand_keys
        self.hands_read += other.hands_read
        self.sessions_read += other.sessions_read
        self.finished.extend(other.finished)

    def drop_hands(self, stored: set[tuple[str, str]]) -> None:
        """Leave out the rows of hands the database has already."""
        for table in _PER_HAND_TABLES:
            self.tables[table] = [row for row in self.tables[table]
                                  if (row[0], row[1]) not in stored]
            self.sealed[table] = [_without_hands(rows, stored) for rows in self.sealed[table]]

    def complete(self) -> None:
        """Add the session violations and the players, once the hands are final."""
        self.tables["violations"].extend(self.session_violations)
        now = datetime.now()
        first_source: dict[str, str] = {}
        for table in ("session_players", "hand_players"):
            for row in self.tables[table]:
                first_source.setdefault(row[2], row[0])   # both start: source, ..., player
            for rows in self.sealed[table]:
                for name, source in zip(rows["player"].to_pylist(), rows["source"].to_pylist()):
                    first_source.setdefault(name, source)
        self.tables["players"] = [PlayerRow(name, source, now)
                                  for name, source in first_source.items()]

    def seal(self) -> None:
        """Turn the rows gathered so far into Arrow tables (see the class docstring)."""
        for table, rows in self.tables.items():
            if rows:
                self.sealed[table].append(_arrow_table(TABLES[table], rows))
                self.tables[table] = []

    def arrow(self, table: str) -> pa.Table | None:
        """Every row of ``table`` as one Arrow table; None when there is none."""
        parts = [*self.sealed[table]]
        if self.tables[table]:
            parts.append(_arrow_table(TABLES[table], self.tables[table]))
        parts = [part for part in parts if part.num_rows]
        if not parts:
            return None
        return parts[0] if len(parts) == 1 else pa.concat_tables(parts)

    def add_skipped(self, source: str, skipped: SkippedHand) -> None:
        self.tables["skipped"].append(
            SkippedRow(source, skipped.line, skipped.hand_id, skipped.game))

    def add_quarantine(self, source: str, error: ParseError) -> None:
        self.tables["quarantine"].append(
            QuarantineRow(source, error.line, error.column, error.message, error.text))


# -- the import ------------------------------------------------------------------------

class _Fingerprint(NamedTuple):
    size: int
    content_hash: str
    prefix_hash: str | None   # of the first bytes, as many as the last import saw


def _fingerprint(path: Path, known_size: int | None) -> _Fingerprint:
    """SHA-256 of the file, and of its first ``known_size`` bytes, in one read."""
    digest = hashlib.sha256()
    prefix: str | None = None
    size = 0
    with open(path, "rb") as stream:
        while chunk := stream.read(1 << 20):
            if known_size is not None and prefix is None and size + len(chunk) >= known_size:
                head = digest.copy()
                head.update(chunk[:known_size - size])
                prefix = head.hexdigest()
            digest.update(chunk)
            size += len(chunk)
    return _Fingerprint(size, digest.hexdigest(), prefix)


class _FileJob(NamedTuple):
    """A file to read: where it is, the source it is stored under, its fingerprint."""

    path: Path
    source: str
    fingerprint: _Fingerprint


def _file_batches(records: Iterable[Record], source: str,
                  fingerprint: _Fingerprint | None, batch_hands: int) -> Iterator[_Rows]:
    """Audit the records of one file and turn them into rows, ``batch_hands`` hands
    at a time; the last batch carries the file's row for ``sources``."""
    auditor = Auditor()
    sessions: dict[str, _OpenSession] = {}
    batch = _Rows()
    for record in records:
        if isinstance(record, ParseError):
            batch.add_quarantine(source, record)
        elif isinstance(record, SessionStart):
            sessions[record.session_id] = _OpenSession.of_header(record)
        for report in auditor.feed(record):
            if isinstance(report, SkippedHand):
                batch.add_skipped(source, report)
                continue
            if isinstance(report, SessionReport):
                batch.add_session(source, report, _closed_session(sessions, report))
                continue
            session = sessions.setdefault(report.session_id, _OpenSession(
                report.session_id, report.ruleset, line=record.line))
            session.meet(record, report)
            batch.add_hand(source, record, report, record.started_at or session.started_at)
        if batch.hands_read >= batch_hands:
            yield batch
            batch = _Rows()
    closed = auditor.close()
    if closed is not None:
        batch.add_session(source, closed, _closed_session(sessions, closed))
    size, digest = (fingerprint.size, fingerprint.content_hash) if fingerprint else (None, None)
    batch.finished.append(_FinishedFile(source, size, digest, datetime.now()))
    yield batch


def _closed_session(sessions: dict[str, _OpenSession], report: SessionReport) -> _OpenSession:
    session = sessions.pop(report.session_id, None)
    # None: a header and no hand with its id; still a session
    return session if session is not None else _OpenSession(report.session_id, Ruleset())


def _read_in_worker(tasks: multiprocessing.Queue, results: multiprocessing.Queue,
                    batch_hands: int) -> None:
    """A worker process of ``--jobs``: reads the files it is given, sends their rows."""
    for job in iter(tasks.get, None):
        try:
            for rows in _file_batches(read_records(job.path), job.source, job.fingerprint,
                                      batch_hands):
                rows.seal()
                results.put(rows)
        except Exception:   # the parent stops the import and shows this
            results.put(f"reading {job.path} failed:\n{traceback.format_exc()}")
            return
    results.put(None)


# The statements of a commit, in order. {frame} is the batch's Arrow table of the
# same name; the deletes make sessions and their violations an upsert (an appended
# log extends its last session), the NOT EXISTS clauses keep a re-run idempotent.
_REPLACE_SESSIONS = (
    "DELETE FROM sessions t USING {frame} b "
    "WHERE t.source = b.source AND t.session_id = b.session_id",
    "DELETE FROM session_players t USING {frame} b "
    "WHERE t.source = b.source AND t.session_id = b.session_id",
)
_DELETE_SESSION_VIOLATIONS = (
    "DELETE FROM violations t USING {frame} b WHERE t.level = 'session' "
    "AND t.source = b.source AND t.session_id = b.session_id")
_INSERTS = {
    "players": "INSERT INTO players BY NAME SELECT * FROM {frame} b "
               "WHERE NOT EXISTS (SELECT 1 FROM players p WHERE p.player = b.player)",
    "quarantine": "INSERT INTO quarantine BY NAME SELECT * FROM {frame} b WHERE NOT EXISTS "
                  "(SELECT 1 FROM quarantine q WHERE q.source = b.source AND q.line = b.line)",
    "skipped": "INSERT INTO skipped BY NAME SELECT * FROM {frame} b WHERE NOT EXISTS "
               "(SELECT 1 FROM skipped k WHERE k.source = b.source AND k.line = b.line)",
}
_DEFAULT_INSERT = "INSERT INTO {table} BY NAME SELECT * FROM {frame}"
_FINISH_SOURCES = """
    INSERT OR REPLACE INTO sources BY NAME
    SELECT f.path, f.size, f.content_hash, f.imported_at,
           (SELECT count(*) FROM hands h WHERE h.source = f.path) AS hands,
           (SELECT count(*) FROM violations v WHERE v.source = f.path) AS violations,
           (SELECT count(*) FROM quarantine q WHERE q.source = f.path) AS quarantined
    FROM {frame} f"""


@contextmanager
def _transaction(con: duckdb.DuckDBPyConnection) -> Iterator[None]:
    """All the statements inside, or (on any error, Ctrl-C included) none of them."""
    con.begin()
    try:
        yield
    except BaseException:
        con.rollback()
        raise
    con.commit()


def _count(result: duckdb.DuckDBPyConnection) -> int:
    """The single number a count or a data change returns (read to the end, as
    DuckDB wants before the connection runs anything else)."""
    return result.fetchall()[0][0]


def _next_result(results: multiprocessing.Queue, processes: list) -> object:
    """The next worker result; a worker that died without saying why is an error,
    not a reason to wait forever."""
    while True:
        try:
            return results.get(timeout=1.0)
        except queue.Empty:
            dead = [p for p in processes if p.exitcode not in (None, 0)]
            if dead:
                raise StoreError(f"an import worker process stopped with exit code "
                                 f"{dead[0].exitcode}; nothing of its batch was stored") from None


class _Importer:
    """One import run: reads files, turns reports into rows, commits them batch by batch."""

    def __init__(self, con: duckdb.DuckDBPyConnection, batch_hands: int,
                 progress: ProgressCallback | None) -> None:
        self.con = con
        self.batch_hands = batch_hands
        self.progress = progress
        self.batch = _Rows()
        self.summary = ImportSummary()
        self.started = time.perf_counter()
        self.known = {path: (size, digest) for path, size, digest in
                      con.sql("SELECT path, size, content_hash FROM sources").fetchall()}
        # Only these sources can already hold a hand of a batch; for the others
        # (every file of a first import) the look-up is skipped.
        self.stored_sources = {row[0] for row in
                               con.sql("SELECT DISTINCT source FROM hands").fetchall()}

    def plan(self, path: Path) -> _FileJob | None:
        """What importing ``path`` takes: None when it is unchanged or unreadable."""
        source = str(path.resolve())
        known_size, known_hash = self.known.get(source, (None, None))
        try:
            fingerprint = _fingerprint(path, known_size)
        except OSError as error:
            self.summary.unreadable.append(f"{path}: {error.strerror or error}")
            return None
        self.known[source] = (fingerprint.size, fingerprint.content_hash)
        if known_hash is not None and fingerprint.content_hash == known_hash:
            self.summary.files += 1
            self.summary.unchanged += 1
            return None
        if known_hash is not None and fingerprint.prefix_hash != known_hash:
            self._forget(source)   # rewritten, not appended: its old rows go
        return _FileJob(path, source, fingerprint)

    def _forget(self, source: str) -> None:
        self.flush()
        with _transaction(self.con):
            for table, column in (("sources", "path"), *((t, "source") for t in TABLES
                                                         if "source" in TABLES[t]._fields)):
                self.con.execute(f"DELETE FROM {table} WHERE {column} = ?", [source])
        self.stored_sources.discard(source)

    def read(self, records: Iterable[Record], source: str,
             fingerprint: _Fingerprint | None = None) -> None:
        for rows in _file_batches(records, source, fingerprint, self.batch_hands):
            self.take(rows)

    def read_in_workers(self, jobs: list[_FileJob], workers: int) -> None:
        """Parse and audit in ``workers`` processes; this one only writes (DuckDB
        has one writer). Queues of bounded length keep memory flat."""
        context = multiprocessing.get_context("spawn")   # no fork of DuckDB's threads
        tasks, results = context.Queue(), context.Queue(maxsize=2 * workers)
        processes = [context.Process(target=_read_in_worker, daemon=True,
                                     args=(tasks, results, self.batch_hands))
                     for _ in range(workers)]
        for process in processes:
            process.start()
        for job in [*jobs, *[None] * workers]:
            tasks.put(job)
        try:
            running = workers
            while running:
                rows = _next_result(results, processes)
                if rows is None:
                    running -= 1
                elif isinstance(rows, str):
                    raise RuntimeError(rows)
                else:
                    self.take(rows)
        finally:
            for process in processes:
                process.kill()
                process.join()

    def take(self, rows: _Rows) -> None:
        """Add a file's rows to the batch; commit it once it is full."""
        self.batch.merge(rows)
        if (self.batch.hands_read >= self.batch_hands
                or len(self.batch.finished) >= self.batch_hands):
            self.flush()

    def flush(self) -> None:
        """Commit the batch: all its rows, or (on any error) none."""
        batch, self.batch = self.batch, _Rows()
        if not batch:
            return
        with _transaction(self.con):
            batch.drop_hands(self._stored_hand_ids(batch.hand_keys))
            batch.complete()
            inserted, deleted_violations = self._insert(batch)
        self.stored_sources.update(source for source, _ in batch.hand_keys)
        summary = self.summary
        summary.files += len(batch.finished)
        summary.hands += batch.hands_read
        summary.new_hands += inserted["hands"]
        summary.sessions += batch.sessions_read
        summary.violations += inserted["violations"] - deleted_violations
        summary.quarantined += inserted["quarantine"]
        summary.skipped += inserted["skipped"]
        summary.rows += sum(inserted.values())
        if self.progress is not None:
            self.progress(batch.hands_read)

    def _stored_hand_ids(self, keys: set[tuple[str, str]]) -> set[tuple[str, str]]:
        """Which of ``keys`` (source, hand id) the database holds already."""
        maybe = [(source, hand_id) for source, hand_id in keys if source in self.stored_sources]
        if not maybe:
            return set()
        found = self.con.execute(
            "SELECT source, hand_id FROM hands WHERE source IN (SELECT unnest(?)) "
            "AND hand_id IN (SELECT unnest(?))",
            [sorted({source for source, _ in maybe}), [hand_id for _, hand_id in maybe]])
        return set(found.fetchall()) & set(maybe)

    def _insert(self, batch: _Rows) -> tuple[dict[str, int], int]:
        """Bulk-insert every table of the batch; rows inserted per table, and the
        session violations the new session rows replace."""
        inserted = dict.fromkeys(TABLES, 0)
        deleted_violations = 0
        for table in TABLES:
            rows = batch.arrow(table)
            if rows is None:
                continue
            frame = f"batch_{table}"
            self.con.register(frame, rows)
            try:
                if table == "sessions":
                    for statement in _REPLACE_SESSIONS:
                        self.con.execute(statement.format(frame=frame))
                    deleted_violations = _count(self.con.execute(
                        _DELETE_SESSION_VIOLATIONS.format(frame=frame)))
                statement = _INSERTS.get(table, _DEFAULT_INSERT)
                inserted[table] = _count(self.con.execute(
                    statement.format(table=table, frame=frame)))
            finally:
                self.con.unregister(frame)
        if batch.finished:
            self.con.register("batch_sources", _arrow_table(_FinishedFile, batch.finished))
            try:
                self.con.execute(_FINISH_SOURCES.format(frame="batch_sources"))
            finally:
                self.con.unregister("batch_sources")
        return inserted, deleted_violations

    def finish(self) -> ImportSummary:
        self.flush()
        self.summary.seconds = time.perf_counter() - self.started
        return self.summary


# -- the store -------------------------------------------------------------------------

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
        self.connection = connect(self.path, read_only=read_only, wait=wait)
        if not read_only:
            self._create_schema()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def close(self) -> None:
        self.connection.close()

    def _create_schema(self) -> None:
        con = self.connection
        with _transaction(con):
            con.execute(schema_sql())
            con.register("rule_catalogue", _arrow_table(RuleRow, list(RULES.items())))
            con.execute("INSERT OR REPLACE INTO rules SELECT * FROM rule_catalogue")
            con.unregister("rule_catalogue")

    def import_paths(self, paths: Iterable[str | Path],
                     progress: ProgressCallback | None = None, *, jobs: int = 1,
                     ) -> ImportSummary:
        """Import log files and folders of logs (searched as ``badugi-hh validate`` does).

        A path that does not exist or cannot be read is listed in
        :attr:`ImportSummary.unreadable`; the others are imported all the same.
        With ``jobs`` > 1, that many processes parse and audit files side by side
        (one file is never split) while this one writes.
        """
        importer = _Importer(self.connection, self.batch_hands, progress)
        planned = []
        for path in map(Path, paths):
            if not path.exists():
                importer.summary.unreadable.append(f"{path}: no such file or folder")
                continue
            for file in iter_log_files([path]):
                job = importer.plan(Path(file))
                if job is not None and jobs > 1:
                    planned.append(job)
                elif job is not None:
                    importer.read(read_records(job.path), job.source, job.fingerprint)
        if planned:
            importer.read_in_workers(planned, min(jobs, len(planned)))
        return importer.finish()

    def import_file(self, path: str | Path,
                    progress: ProgressCallback | None = None) -> ImportSummary:
        """Import one log file; skipped when unchanged since its last import."""
        importer = _Importer(self.connection, self.batch_hands, progress)
        job = importer.plan(Path(path))
        if job is not None:
            importer.read(read_records(job.path), job.source, job.fingerprint)
        return importer.finish()

    def import_records(self, records: Iterable[Record], source: str,
                       progress: ProgressCallback | None = None) -> ImportSummary:
        """Audit and store records that come from ``source`` (a name, not read).

        The hands already stored under ``source`` are left as they are.
        """
        importer = _Importer(self.connection, self.batch_hands, progress)
        importer.read(records, source)
        return importer.finish()

    def counts(self) -> dict[str, int]:
        """Rows per table.

        >>> with Store(":memory:") as store:
        ...     store.counts()["hands"], store.counts()["rules"] > 30
        (0, True)
        """
        return {table: _count(self.connection.execute(f"SELECT count(*) FROM {table}"))
                for table in TABLES}


# -- benchmark -------------------------------------------------------------------------

def bench_import(hands: int = 100_000, seed: int = 2024, *, jobs: int = 1,
                 files: int = 8) -> dict[str, float]:
    """Import throughput of simulated house logs: parse + audit + store.

    Writes simulated sessions, split into ``files`` logs, until they hold
    ``hands`` hands; imports the folder into a new database file with ``jobs``
    processes (1: everything on one core), then imports it again (unchanged,
    every file is skipped by its hash).
    """
    from badugi_hh.simulate import simulate

    with tempfile.TemporaryDirectory() as folder:
        logs = Path(folder) / "logs"
        _write_logs(_sessions_holding(simulate(hands, seed), hands), logs, -(-hands // files))
        with Store(Path(folder) / "bench.duckdb") as store:
            first = store.import_paths([logs], jobs=jobs)
            again = store.import_paths([logs], jobs=jobs)
    return {
        "hands": first.hands,
        f"import, {jobs} process{'es' if jobs > 1 else ''} (hands/s)": first.hands_per_second,
        "rows stored (rows/s)": first.rows / first.seconds,
        "import (s)": first.seconds,
        "re-import, unchanged (s)": again.seconds,
    }


def _sessions_holding(records: Iterable[Record], hands: int) -> Iterator[Record]:
    """Whole sessions of ``records``, as many as it takes to reach ``hands`` hands."""
    count = 0
    for record in records:
        if isinstance(record, SessionStart) and count >= hands:
            return
        count += isinstance(record, Hand)
        yield record


def _write_logs(records: Iterable[Record], folder: Path, hands_per_file: int) -> None:
    """House logs of ``records`` in ``folder``: a new file at the first session that
    starts after ``hands_per_file`` hands."""
    from badugi_hh.writer import write_records

    def numbered() -> Iterator[tuple[int, Record]]:
        number, hands = 0, hands_per_file
        for record in records:
            if isinstance(record, SessionStart) and hands >= hands_per_file:
                number, hands = number + 1, 0
            hands += isinstance(record, Hand)
            yield number, record

    folder.mkdir()
    for number, group in itertools.groupby(numbered(), key=operator.itemgetter(0)):
        with open(folder / f"bench-{number}.txt", "w", encoding="utf-8") as out:
            write_records((record for _, record in group), out)
