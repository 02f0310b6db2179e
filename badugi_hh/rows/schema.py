"""The tables of both back ends: one row type per table, and what is derived from them.

The column names and types of every table are the fields of these tuples; the
DDL and the Arrow schemas of the bulk inserts are derived from them, so the
three cannot drift apart. docs/schema.md explains every column.
"""

from __future__ import annotations

import functools
import types
from collections.abc import Sequence
import typing
from datetime import datetime
from typing import Any, NamedTuple, NewType

import pyarrow as pa

#: The version of the tables below; :mod:`badugi_hh.store.migrations` brings an
#: older database up to it.
SCHEMA_VERSION = 12

#: A moment in UTC (an aware datetime): a ``TIMESTAMP WITH TIME ZONE`` column.
UtcTime = NewType("UtcTime", datetime)

#: A row of a table, as its row type's fields in order.
Row = tuple[Any, ...]


#: A table's row type: a NamedTuple class, whose fields are the table's columns.
RowType = type[NamedTuple]


class SourceRow(NamedTuple):
    path: str
    size: int | None
    content_hash: str | None
    imported_at: datetime
    hands: int
    violations: int
    quarantined: int
    audit_version: int
    """The engine's :data:`~badugi_hh.engine.AUDIT_VERSION` that judged its hands (0:
    an older release's, before the version was recorded)."""


class SessionRow(NamedTuple):
    source: str
    session_id: str
    title: str
    started_at: datetime | None
    started_utc: UtcTime | None
    time_zone: str
    ruleset: str
    game: str
    site: str
    kind: str
    currency: str
    unit: int
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
    place: int | None


class PlayerRow(NamedTuple):
    site: str
    player: str
    first_source: str
    first_imported_at: datetime


class HandRow(NamedTuple):
    source: str
    hand_id: str
    number: int
    session_id: str
    started_at: datetime | None
    started_utc: UtcTime | None
    time_zone: str
    ruleset: str
    site: str
    game: str
    kind: str
    currency: str
    unit: int
    small_blind_size: int
    big_blind_size: int
    small_bet: int
    big_bet: int
    table_name: str
    tournament_id: str | None
    buy_in: str | None
    level: str | None
    hero: str | None
    button_player: str | None
    big_blind_player: str | None
    pot: int
    rake: int
    ended: str
    rounds_played: int
    draws_played: int
    line: int
    violations: int
    content_hash: str


class HandPlayerRow(NamedTuple):
    source: str
    hand_id: str
    player: str
    session_id: str
    number: int
    started_at: datetime | None
    started_utc: UtcTime | None
    ruleset: str
    site: str
    game: str
    kind: str
    currency: str
    unit: int
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
    dealt_cards: str | None
    tournament_id: str | None


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


class PotHalfRow(NamedTuple):
    """A split game's showdown (X3): what ``player`` won of ``half`` (the name of the
    game's half in the registry: ``badugi``, ``2-7``, ``a-5``) of pot ``pot`` (as in
    ``pots``); ``pot`` and ``share`` are None in the rows a migration derived from a
    release that kept only which halves each player won."""

    source: str
    hand_id: str
    pot: int | None
    half: str
    player: str
    share: int | None


class RunHandRow(NamedTuple):
    """A hand run twice: a showdown player's hand in one run (``run`` 1, 2...)."""

    source: str
    hand_id: str
    run: int
    player: str
    cards: str


class RunPotRow(NamedTuple):
    """A hand run twice: one run's share of one pot (``pot`` as in ``pots``), and who won
    it."""

    source: str
    hand_id: str
    run: int
    pot: int
    amount: int
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
    hand_lost: bool


class SkippedRow(NamedTuple):
    """A hand of a game the engine does not audit: read past, counted by game."""

    source: str
    line: int
    hand_id: str
    game: str


class RuleRow(NamedTuple):
    rule: str
    title: str


class HandSourceRow(NamedTuple):
    """One place a hand was read: a copy in a file (the hand is stored once)."""

    site: str
    hand_id: str
    source: str
    line: int
    content_hash: str


class AliasRow(NamedTuple):
    """One person's screen name: ``player`` on ``site`` is ``person``."""

    site: str
    player: str
    person: str


class SettingRow(NamedTuple):
    """A setting of the user's, kept with the hands (``me``: the person he is)."""

    name: str
    value: str


class TournamentRow(NamedTuple):
    """What one file tells of a tournament: its summary (``origin`` ``summary``), or the
    hands of one of its tables (``hands``). Money in the smallest unit of ``currency``."""

    source: str
    site: str
    tournament_id: str
    origin: str
    game: str
    buy_in: int | None
    fee: int | None
    currency: str
    unit: int
    entrants: int | None
    prize_pool: int | None
    started_at: datetime | None
    started_utc: UtcTime | None
    time_zone: str
    hero: str | None
    line: int


class TournamentResultRow(NamedTuple):
    """One player's result in a tournament, as one file tells it: ``place`` None while
    he is still playing (or the file does not say), ``prize`` None when not stated."""

    source: str
    site: str
    tournament_id: str
    origin: str
    player: str
    place: int | None
    prize: int | None
    line: int


class HandTagRow(NamedTuple):
    """A tag the user gave a hand, keyed by the hand's identity (``file``: its file for a
    site whose ids name a hand only within its file, else ``''``), never by a file
    row: it outlives deleting and re-importing the file."""

    site: str
    hand_id: str
    file: str
    tag: str
    tagged_at: datetime


class HandNoteRow(NamedTuple):
    """The user's note on a hand, keyed as :class:`HandTagRow`."""

    site: str
    hand_id: str
    file: str
    note: str
    noted_at: datetime


class PlayerNoteRow(NamedTuple):
    """The user's note on a player, keyed by the player (his site and name), never by a
    file row: it outlives deleting and re-importing his files."""

    site: str
    player: str
    note: str
    noted_at: datetime


class PlayerLabelRow(NamedTuple):
    """The label the user gave a player (one at most), keyed as :class:`PlayerNoteRow`;
    ``label`` names a built-in label or a row of ``labels``."""

    site: str
    player: str
    label: str
    labelled_at: datetime


class LabelRow(NamedTuple):
    """A label of the user's own and its colour (the built-in ones are not stored)."""

    name: str
    colour: str
    created_at: datetime


class SchemaVersionRow(NamedTuple):
    version: int
    applied_at: datetime


# The rows of a batch that no table stores as they are; here with the tables' rows, as
# their fields' types are read (arrow_table) and a compiled module keeps no such types.

class FinishedFile(NamedTuple):
    """A file read to its end, for its row in ``sources``."""

    path: str
    size: int | None
    content_hash: str | None
    imported_at: datetime
    hands_read: int
    skipped_read: int
    """Hands of games not audited: with ``hands_read``, whether it held a readable hand."""
    summaries_read: int = 0
    """Tournament summaries: a file of them holds no hand and is not empty for that."""


class LinesRead(NamedTuple):
    """The lines of a file whose rows a batch holds: after ``after``, up to ``through``
    (None: to the file's end). A file read again (it grew) has its quarantined text of
    those lines replaced by the batch's: a hand cut short when read before is whole now."""

    source: str
    after: int
    through: int | None


#: Every table, in the order a batch inserts into them.
TABLES: dict[str, RowType] = {
    "schema_version": SchemaVersionRow,
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
    "pot_halves": PotHalfRow,
    "run_hands": RunHandRow,
    "run_pots": RunPotRow,
    "violations": ViolationRow,
    "quarantine": QuarantineRow,
    "skipped": SkippedRow,
    "hand_sources": HandSourceRow,
    "aliases": AliasRow,
    "settings": SettingRow,
    "tournaments": TournamentRow,
    "tournament_results": TournamentResultRow,
    "hand_tags": HandTagRow,
    "hand_notes": HandNoteRow,
    "player_notes": PlayerNoteRow,
    "player_labels": PlayerLabelRow,
    "labels": LabelRow,
}
_PRIMARY_KEYS = {"schema_version": ("version",), "rules": ("rule",), "sources": ("path",),
                 "players": ("site", "player"), "aliases": ("site", "player"),
                 "settings": ("name",), "hand_tags": ("site", "hand_id", "file", "tag"),
                 "hand_notes": ("site", "hand_id", "file"),
                 "player_notes": ("site", "player"), "player_labels": ("site", "player"),
                 "labels": ("name",)}

_SQL_TYPES: dict[object, tuple[str, pa.DataType]] = {
    str: ("VARCHAR", pa.string()),
    int: ("BIGINT", pa.int64()),
    float: ("DOUBLE", pa.float64()),
    bool: ("BOOLEAN", pa.bool_()),
    datetime: ("TIMESTAMP", pa.timestamp("us")),
    UtcTime: ("TIMESTAMP WITH TIME ZONE", pa.timestamp("us", tz="UTC")),
    list[str]: ("VARCHAR[]", pa.list_(pa.string())),
}


def columns_of(row_type: RowType) -> list[tuple[str, str, pa.DataType, bool]]:
    """(name, SQL type, Arrow type, nullable) of each field of a row type."""
    columns = []
    for name, hint in typing.get_type_hints(row_type).items():
        nullable = (isinstance(hint, types.UnionType) or typing.get_origin(hint) is typing.Union
                    ) and type(None) in typing.get_args(hint)
        if nullable:
            hint = next(arg for arg in typing.get_args(hint) if arg is not type(None))
        sql_type, arrow_type = _SQL_TYPES[hint]
        columns.append((name, sql_type, arrow_type, nullable))
    return columns


def schema_sql(tables: tuple[str, ...] = tuple(TABLES)) -> str:
    """The ``CREATE TABLE`` statements of the store (of ``tables``, by default all).

    >>> rules = schema_sql(("rules",))
    >>> rules.partition(", ")[0], rules.endswith(", PRIMARY KEY (rule));")
    ('CREATE TABLE IF NOT EXISTS rules (rule VARCHAR NOT NULL', True)
    """
    statements = []
    for table in tables:
        key = _PRIMARY_KEYS.get(table)
        columns = [f"{name} {sql_type}{'' if nullable else ' NOT NULL'}"
                   for name, sql_type, _, nullable in columns_of(TABLES[table])]
        if key:
            columns.append(f"PRIMARY KEY ({', '.join(key)})")
        statements.append(f"CREATE TABLE IF NOT EXISTS {table} ({', '.join(columns)});")
    return "\n".join(statements)


def arrow_table(row_type: RowType, rows: Sequence[Row]) -> pa.Table:
    """Rows transposed to one typed Arrow column each, for one bulk insert.

    >>> arrow_table(RuleRow, [("G1", "seated players only"), ("G2", "one deck")]).to_pydict()
    {'rule': ['G1', 'G2'], 'title': ['seated players only', 'one deck']}
    >>> arrow_table(RuleRow, [("G1",)])
    Traceback (most recent call last):
    ValueError: RuleRow has 2 columns, a row has 1
    """
    struct = _row_struct(row_type)
    widths = set(map(len, rows))
    if widths - {struct.num_fields}:
        raise ValueError(f"{row_type.__name__} has {struct.num_fields} columns, "
                         f"a row has {max(widths - {struct.num_fields})}")
    # the rows read as one column of structs and split: Arrow transposes them, where
    # a Python list per column took a pass per column (and twice the time)
    return pa.Table.from_arrays(pa.array(rows, type=struct).flatten(),
                                schema=pa.schema(list(struct)))


@functools.cache
def _row_struct(row_type: RowType) -> pa.StructType:
    """The Arrow struct of one row of ``row_type``: its columns as fields, in order."""
    return pa.struct([(name, arrow_type) for name, _, arrow_type, _ in columns_of(row_type)])
