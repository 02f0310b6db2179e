"""From engine reports to rows: what the store and the dataset keep of each hand and session."""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from itertools import chain, repeat
from dataclasses import dataclass, field
from datetime import datetime
from typing import cast

import pyarrow as pa
import pyarrow.compute as pc

from badugi_hh.cards import DECK, JOKER, Card
from badugi_hh.engine import ActionRecord, DrawRecord, HandReport, SessionReport, Violation
from badugi_hh.evaluate import EvaluationError, badugi_rank
from badugi_hh.events import Cards, Hand, Muck, ParseError, SkippedHand, TournamentSummary
from badugi_hh.money import written_buy_in
from badugi_hh.rows.clock import Clock, Moment
from badugi_hh.rows.identity import content_hash
from badugi_hh.rows.positions import positions
from badugi_hh.rows.sessions import (
    HOME_CHIPS, HandMoney, OpenSession, heads_up_places, session_winner,
)
from badugi_hh.sites import SITES_STATING_PRIZES
from badugi_hh.rows.schema import (
    TABLES, ActionRow, FinishedFile, HandPlayerRow, LinesRead, PlayerRow, QuarantineRow,
    SessionPlayerRow, SessionRow, SkippedRow, Row, TournamentResultRow, TournamentRow, UtcTime,
    ViolationRow, arrow_table,
)


#: The text of each card, and ``??`` for a card nobody saw.
_CARD_TEXT: dict[Card | None, str] = {card: str(card) for card in (*DECK, JOKER)} | {None: "??"}
_card_text = _CARD_TEXT.__getitem__   # a C call, for map()
#: Badugi ranks below this are four-card hands (the evaluator ranks the 715 badugis first).
_BADUGI_RANKS = math.comb(13, 4)


#: Card tuples kept at most (then forgotten, all at once): memory stays flat.
_CARDS_TEXTS_KEPT = 1 << 16


class _CardsTexts(dict[Cards, str]):
    """The text of the card tuples met lately (discards and draws recur; a four-card
    hand seldom does, and is joined where it is met: ``" ".join(map(_card_text,
    cards))``): looked up as a dict is, without a Python call, made on a miss.

    >>> from badugi_hh.cards import parse_cards
    >>> texts = _CardsTexts()
    >>> texts[(*parse_cards("As 2h"), None)], texts[()], len(texts)
    ('As 2h ??', '', 2)
    """

    def __missing__(self, cards: Cards) -> str:
        if len(self) >= _CARDS_TEXTS_KEPT:
            self.clear()
        text = self[cards] = " ".join(map(_card_text, cards))
        return text


#: ``As 2h ??``: :func:`~badugi_hh.cards.format_cards` of a card tuple, by table look-up.
_cards_text = _CardsTexts().__getitem__


def _mucked_cards(hand: Hand) -> dict[str, str]:
    """The cards of the hands mucked at the showdown that the log tells (a site's summary:
    ``mucked [Ad Td Qc 2s]``): the engine values only the hands shown."""
    return {event.player: _cards_text(event.cards) for event in hand.events
            if type(event) is Muck and event.cards}


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
    known = cast(Sequence[Card], cards)
    if len(known) == 4 and len(set(known)) == 4 and JOKER not in known:
        # four cards of the deck (``(rank - 1) * 4 + suit``): four ranks and four suits
        return len({card >> 2 for card in known}) == 4 and len({card & 3 for card in known}) == 4
    try:
        return badugi_rank(known) < _BADUGI_RANKS
    except EvaluationError:   # a broken log's hand (a card twice); its violation says so
        return None


#: One player's betting in one hand, in the order of its ``hand_players`` columns (the
#: definitions are in docs/schema.md): vpip, pfr, three_bet_chance, three_bet; bets,
#: raises, calls, checks, folds; then (:data:`_FACED`) round1..4_faced_bet and
#: round1..4_folded_to_bet. A list, not an object: one is made per player and hand.
_NO_BETTING: list[bool | int] = [False] * 4 + [0] * 5 + [False] * 8
_VPIP, _PFR, _THREE_BET_CHANCE, _THREE_BET = range(4)
_COUNTED = {"bet": 4, "raise": 5, "call": 6, "check": 7, "fold": 8}
_FACED = 9   # round n's faced bet at _FACED + n - 1, its fold to one 4 further
_ROUND1_VOLUNTARY = {"call": (_VPIP,), "bet": (_VPIP, _PFR), "raise": (_VPIP, _PFR)}


def _tally_actions(report: HandReport) -> dict[str, list[bool | int]]:
    """Each player's betting in the hand (see :data:`_NO_BETTING`), in one pass over
    its actions (the blinds not counted).

    >>> from badugi_hh.engine import ActionRecord, HandReport
    >>> from badugi_hh.rules import HOUSE
    >>> report = HandReport("h", 1, "", 1, "s", HOUSE, {"Ana": None, "Bo": None}, actions=[
    ...     ActionRecord("Ana", 1, "post", 1, 1, False, 0, 1),
    ...     ActionRecord("Ana", 1, "raise", 3, 4, False, 1, 2),
    ...     ActionRecord("Bo", 1, "raise", 4, 6, False, 2, 3),
    ...     ActionRecord("Ana", 1, "fold", 0, 4, False, 2, 4)])
    >>> tallies = _tally_actions(report)
    >>> tallies["Ana"][:9], tallies["Ana"][_FACED], tallies["Ana"][_FACED + 4]
    ([True, True, False, False, 0, 1, 0, 0, 1], True, True)
    >>> tallies["Bo"][:4]   # facing one raise: his raise is a 3-bet
    [True, True, True, True]
    """
    tallies = {name: _NO_BETTING.copy() for name in report.players}
    raises_before_draw = 0
    for action in report.actions:
        kind, round_ = action.kind, action.round
        if kind == "post":
            continue
        tally = tallies.get(action.player)
        if tally is not None:   # None: a stranger acts (G1); the report says so
            tally[_COUNTED[kind]] += 1
            if round_ == 1:
                for column in _ROUND1_VOLUNTARY.get(kind, ()):
                    tally[column] = True
                if raises_before_draw == 1:   # facing one raise over the big blind
                    tally[_THREE_BET_CHANCE] = True
                    if kind == "raise":
                        tally[_THREE_BET] = True
            if action.facing > 0 and 1 <= round_ <= 4:
                tally[_FACED + round_ - 1] = True
                if kind == "fold":
                    tally[_FACED + round_ + 3] = True
        if round_ == 1 and kind == "raise":
            raises_before_draw += 1
    return tallies


#: A player's draw habits, in the order of their ``hand_players`` columns: the cards he
#: drew in draws 1, 2 and 3, whether he snowed, whether his final hand is a badugi; these
#: for a player who drew no cards (a hand over before the first draw).
_NO_DRAWS: tuple[None, ...] = (None,) * 5
_SNOWED, _MADE = 3, 4


def _draw_habits(draws: list[DrawRecord], final_draw: int) -> dict[str, list[int | bool | None]]:
    """Each drawing player's habits (see :data:`_NO_DRAWS`), in one pass over the draws.

    >>> from badugi_hh.cards import parse_cards
    >>> _draw_habits([DrawRecord("Ana", 1, parse_cards("Kd"), parse_cards("2c"), (), 5),
    ...               DrawRecord("Ana", 2, (), (), parse_cards("As 2c 3h 4d"), 6)], 2)
    {'Ana': [1, 0, None, False, True]}
    """
    habits: dict[str, list[int | bool | None]] = {}
    for player, number, discarded, _, after, _ in draws:
        habit = habits.get(player)
        if habit is None:
            habit = habits[player] = [None] * 5
        if 1 <= number <= 3:
            habit[number - 1] = len(discarded)
        if discarded and number != final_draw:
            continue
        badugi = _is_badugi(after)
        if badugi is None:
            continue
        if not discarded:
            habit[_SNOWED] = bool(habit[_SNOWED]) or not badugi
        if number == final_draw:
            habit[_MADE] = badugi
    return habits


def _violation_rows(source: str, session_id: str, violations: list[Violation],
                    level: str) -> Iterator[Row]:
    return ((source, v.hand_id, session_id, level, v.rule, v.message, v.line)
            for v in violations)


#: Tables with rows per hand; each of their rows starts with (source, hand_id),
#: so the rows of a hand stored already can be dropped from a batch.
PER_HAND_TABLES = ("hands", "hand_players", "actions", "draws", "showdowns", "pots",
                   "pot_halves", "run_hands", "run_pots", "violations")
#: And the copies of the hands: a hand repeated in one file is not a copy of its own.
_REPEATED_HAND_TABLES = (*PER_HAND_TABLES, "hand_sources")


def _key_columns(table: str, first: str, second: str) -> tuple[int, int]:
    fields = TABLES[table]._fields
    return fields.index(first), fields.index(second)


def _joined(keys: set[tuple[str, str]]) -> pa.Array:
    """``keys`` as :func:`_without` finds them: each pair's texts joined by a NUL. Made
    once for all the tables of a batch: made for each, a writer's batch of 200 small
    files with 4,400 copies among their 5,080 hands spent a second making them."""
    return pa.array([f"{a}\x00{b}" for a, b in keys], type=pa.string())


def _without(rows: pa.Table, first: str, second: str, dropped: pa.Array) -> pa.Table:
    """``rows`` less those whose columns ``first`` and ``second`` are one of the keys
    ``dropped`` (:func:`_joined`)."""
    if not len(dropped) or not rows.num_rows:
        return rows
    joined = pc.binary_join_element_wise(rows[first], rows[second], "\x00")
    return rows.filter(pc.invert(pc.is_in(joined, value_set=dropped)))


class _HandRows(ABC):
    """The rows of a per-hand table not yet read by Arrow, kept as what a hand's rows
    share (once per hand) and what is each row's own: Arrow repeats the shared values
    itself, where a row tuple of its own per value cost a Python object each."""

    def __init__(self) -> None:
        self.hands: list[Row] = []
        self.rows: list[Row] = []
        self.counts: list[int] = []
        """Each hand's number of rows, in the order of :attr:`hands` and :attr:`rows`."""

    def extend(self, other: _HandRows) -> None:
        self.hands.extend(other.hands)
        self.rows.extend(other.rows)
        self.counts.extend(other.counts)

    def drop(self, dropped: set[tuple[str, str]]) -> None:
        """Leave out the rows of the ``dropped`` hands (source, hand id: the first two of
        a hand's shared values), before Arrow reads them: copies of hands stored already
        can be most of a batch."""
        hands: list[Row] = []
        rows: list[Row] = []
        counts: list[int] = []
        end = 0
        for hand, count in zip(self.hands, self.counts):
            end += count
            if (hand[0], hand[1]) not in dropped:
                hands.append(hand)
                rows.extend(self.rows[end - count:end])
                counts.append(count)
        self.hands, self.rows, self.counts = hands, rows, counts

    def take(self) -> pa.Table | None:
        """The rows kept so far, as an Arrow table (None: no row); they are kept no more."""
        if not self.counts:
            return None
        hands, rows, counts = self.hands, self.rows, self.counts
        self.hands, self.rows, self.counts = [], [], []
        return self.table(hands, rows, counts)

    @abstractmethod
    def table(self, hands: list[Row], rows: list[Row], counts: list[int]) -> pa.Table:
        """The Arrow table of ``rows``, ``counts[i]`` of them of ``hands[i]``."""


def _repeated(values: list[Row], struct: pa.StructType, counts: list[int]) -> list[pa.Array]:
    """One column per field of ``struct``: each of ``values`` repeated ``counts`` times."""
    of_row = pa.array(list(chain.from_iterable(map(repeat, range(len(counts)), counts))),
                      type=pa.int64())
    return list(pa.array(values, type=struct).take(of_row).flatten())


def _struct_of(schema: pa.Schema, names: Sequence[str]) -> pa.StructType:
    return pa.struct([schema.field(name) for name in names])


#: The ``actions`` column of each field of the engine's :class:`ActionRecord`.
_ACTION_COLUMNS = {"player": "player", "round": "round", "kind": "action", "amount": "amount",
                   "to": "total_in_round", "all_in": "all_in", "facing": "facing",
                   "line": "line"}
_ACTIONS_SCHEMA = arrow_table(ActionRow, []).schema
#: An :class:`ActionRecord` as Arrow reads it, a field per column it fills.
_ACTION_RECORD = pa.struct([(field, _ACTIONS_SCHEMA.field(_ACTION_COLUMNS[field]).type)
                            for field in ActionRecord._fields])
_ACTION_HAND = _struct_of(_ACTIONS_SCHEMA, ("source", "hand_id"))


class _RecordedActions(_HandRows):
    """The ``actions`` rows of hands, kept as the engine's records: a hand's actions are
    most of its rows, and Arrow reads each record as it is (the hand and the action's
    number are added per hand).

    >>> actions = _RecordedActions()
    >>> actions.add("f.txt", "h1", [ActionRecord("Ana", 1, "bet", 2, 2, False, 0, 7)])
    >>> actions.take().to_pylist()[0]["total_in_round"], actions.take()
    (2, None)
    """

    def add(self, source: str, hand_id: str, actions: list[ActionRecord]) -> None:
        if actions:
            self.hands.append((source, hand_id))
            self.rows.extend(actions)
            self.counts.append(len(actions))

    def table(self, hands: list[Row], rows: list[Row], counts: list[int]) -> pa.Table:
        fields = pa.array(rows, type=_ACTION_RECORD).flatten()
        columns = {_ACTION_COLUMNS[field]: array
                   for field, array in zip(ActionRecord._fields, fields)}
        columns.update(zip(("source", "hand_id"), _repeated(hands, _ACTION_HAND, counts)))
        columns["seq"] = pa.array(list(chain.from_iterable(range(1, count + 1)
                                                           for count in counts)), type=pa.int64())
        return pa.Table.from_arrays([columns[name] for name in _ACTIONS_SCHEMA.names],
                                    schema=_ACTIONS_SCHEMA)


#: The ``hand_players`` columns every player of a hand shares, in this order.
_HAND_COLUMNS = ("source", "hand_id", "session_id", "number", "started_at", "started_utc",
                 "ruleset", "site", "game", "kind", "currency", "unit", "big_blind_size",
                 "tournament_id")
#: And each player's own, in the order of the table.
_PLAYER_COLUMNS = tuple(name for name in HandPlayerRow._fields if name not in _HAND_COLUMNS)
_HAND_PLAYERS_SCHEMA = arrow_table(HandPlayerRow, []).schema


class _PlayerRows(_HandRows):
    """The ``hand_players`` rows of hands: a hand's shared columns (:data:`_HAND_COLUMNS`)
    once, each player's own (:data:`_PLAYER_COLUMNS`) in a tuple per player.

    >>> rows = _PlayerRows()
    >>> rows.add(("f.txt", "h1", "s", 1, None, None, "house", "", "badugi", "home",
    ...           "chips", 1, 2, None), [("Ana",) + (None,) * 37, ("Bo",) + (None,) * 37])
    >>> [(row["hand_id"], row["player"], row["big_blind_size"])
    ...  for row in rows.take().to_pylist()]
    [('h1', 'Ana', 2), ('h1', 'Bo', 2)]
    """

    def add(self, hand: Row, players: list[Row]) -> None:
        if players:
            self.hands.append(hand)
            self.rows.extend(players)
            self.counts.append(len(players))

    def table(self, hands: list[Row], rows: list[Row], counts: list[int]) -> pa.Table:
        columns = dict(zip(_PLAYER_COLUMNS, pa.array(
            rows, type=_struct_of(_HAND_PLAYERS_SCHEMA, _PLAYER_COLUMNS)).flatten()))
        columns.update(zip(_HAND_COLUMNS, _repeated(
            hands, _struct_of(_HAND_PLAYERS_SCHEMA, _HAND_COLUMNS), counts)))
        return pa.Table.from_arrays([columns[name] for name in _HAND_PLAYERS_SCHEMA.names],
                                    schema=_HAND_PLAYERS_SCHEMA)


class RowBatch:
    """The rows of one batch, table by table, built as the reports arrive so
    the reports themselves are not kept.

    The rows of the per-hand tables are plain tuples in the field order of their
    row type (``HandRow``...): they cost less to build, and less to the garbage
    collector, which stops tracking a tuple of plain values. :func:`arrow_table`
    checks their width and types. Those of ``actions`` and ``hand_players``, most of a
    hand's, are kept apart (:attr:`kept`): the engine's action records as they are, a
    hand's shared columns once.

    A worker process seals its rows into Arrow tables (:meth:`seal`) before
    sending them: Arrow crosses the process boundary as flat buffers, and
    building it is work the worker does in parallel instead of the one writing
    process.
    """

    def __init__(self) -> None:
        self.tables: dict[str, list[Row]] = {name: [] for name in TABLES}
        self.sealed: dict[str, list[pa.Table]] = {name: [] for name in TABLES}
        self.actions = _RecordedActions()
        self.players = _PlayerRows()
        self.kept: dict[str, _HandRows] = {"actions": self.actions, "hand_players": self.players}
        """The rows of these tables not sealed yet (their ``tables`` lists stay empty)."""
        self.session_violations: list[Row] = []
        self.hand_keys: set[tuple[str, str]] = set()
        self.repeated_sessions: set[tuple[str, str]] = set()
        """The (source, session id) of the sessions with a hand whose id came before in
        their file: a session of such hands alone is a second copy, which the store
        leaves out (:mod:`badugi_hh.store.commit`), wherever the batches are cut."""
        self.damaged_copies: set[tuple[str, int]] = set()
        """The (source, line) of the hands read with a line that could not be: a copy of
        one read whole is kept over them (:mod:`badugi_hh.store.commit`)."""
        self.hands_read = 0
        self.sessions_read = 0
        self.quarantined_chars = 0   # of the quarantine's texts: what bounds a batch of them
        self.skipped_games: Counter[str] = Counter()
        self.finished: list[FinishedFile] = []
        self.bytes_read = 0   # of the log files, for a progress bar over bytes
        self.lines_read: list[LinesRead] = []

    def __bool__(self) -> bool:
        return bool(self.hands_read or self.sessions_read or self.finished
                    or self.tables["quarantine"] or self.sealed["quarantine"]
                    or self.tables["skipped"] or self.sealed["skipped"]
                    or self.tables["tournaments"] or self.sealed["tournaments"])

    def add_hand(self, source: str, hand: Hand, report: HandReport,
                 started_at: datetime | None, clock: Clock) -> None:
        self.hands_read += 1
        key = (source, report.hand_id)
        if key in self.hand_keys:   # a hand id repeated in one file: the first one counts
            self.repeated_sessions.add((source, report.session_id))
            return
        self.hand_keys.add(key)
        if hand.damaged:
            self.damaged_copies.add((source, report.line))
        rules = report.ruleset
        money = HandMoney.of(hand)
        moment = clock.read(started_at, money.site)
        dealt = {name: " ".join(map(_card_text, result.dealt)) if result.dealt else None
                 for name, result in report.players.items()}
        draws, shown = self._draw_rows(source, report), self._showdown_rows(source, hand, report)
        digest = content_hash(report, rules.game, moment.local, dealt, draws, shown,
                              verdicts=not money.site)
        self.tables["hands"].append((
            source, report.hand_id, report.number, report.session_id, moment.local, moment.utc,
            moment.zone, rules.name, money.site, rules.game, money.kind, money.currency,
            money.unit, rules.small_blind, rules.big_blind, rules.small_bet, rules.big_bet,
            hand.table, hand.tournament, hand.buy_in, hand.level, hand.hero, report.button,
            report.big_blind, report.pot_total, report.rake, report.ended, report.rounds_played,
            report.draws_played, report.line, len(report.violations), digest))
        self.tables["hand_sources"].append((money.site, report.hand_id, source, report.line,
                                            digest))
        self._add_hand_players(source, report, moment, money, dealt, hand.tournament)
        self.actions.add(source, report.hand_id, report.actions)
        self.tables["draws"].extend(draws)
        self.tables["showdowns"].extend(shown)
        self._add_pots(source, report)
        self._add_halves(source, report)
        self._add_runs(source, report)
        self.tables["violations"].extend(_violation_rows(source, report.session_id,
                                                         report.violations, "hand"))

    def _add_hand_players(self, source: str, report: HandReport, moment: Moment,
                          money: HandMoney, dealt: dict[str, str | None],
                          tournament: str | None) -> None:
        tallies = _tally_actions(report)
        rules = report.ruleset
        big_blind = rules.big_blind
        habits = _draw_habits(report.draws, rules.draws)
        reached_draw = report.draws_played >= 1
        folded = report.ended == "fold"
        seat_names = positions({name: p.seat for name, p in report.players.items()},
                               report.button, report.big_blind)
        rows = []
        for name, result in report.players.items():
            tally, net, won = tallies[name], result.net, result.won > 0
            in_after_round1 = result.folded_in_round is None or result.folded_in_round > 1
            rows.append((   # the columns of _PLAYER_COLUMNS
                name, result.seat, seat_names[name],
                result.start_stack, result.end_stack, result.contributed, result.returned,
                result.won, net, net / big_blind if big_blind else 0.0,
                *tally[:_FACED], result.folded_in_round, reached_draw and in_after_round1,
                result.saw_showdown, result.saw_showdown and won, folded and won,
                *tally[_FACED:], *habits.get(name, _NO_DRAWS), dealt[name]))
        self.players.add((   # the columns of _HAND_COLUMNS, which every player shares
            source, report.hand_id, report.session_id, report.number, moment.local, moment.utc,
            rules.name, money.site, rules.game, money.kind, money.currency, money.unit,
            big_blind, tournament), rows)

    @staticmethod
    def _draw_rows(source: str, report: HandReport) -> list[Row]:
        hand_id = report.hand_id
        return [(source, hand_id, player, draw, len(discarded), not discarded,
                 _cards_text(discarded), _cards_text(drawn),
                 None if None in after else " ".join(map(_card_text, after)), line)
                for player, draw, discarded, drawn, after, line in report.draws]

    @staticmethod
    def _showdown_rows(source: str, hand: Hand, report: HandReport) -> list[Row]:
        # a winner may show his hand though the others folded: it is told, so kept
        shown = [(name, p) for name, p in report.players.items()
                 if p.saw_showdown or p.shown is not None]
        # the log's mucked hands: read only where a player at the showdown showed none
        mucked = (_mucked_cards(hand) if report.ended == "showdown"
                  and any(p.shown is None for _, p in shown) else {})
        return [(source, report.hand_id, name,
                 _cards_text(p.shown) if p.shown is not None else mucked.get(name),
                 p.value.rank if p.value else None, getattr(p.value, "size", None),
                 p.description, p.won)
                for name, p in shown]

    def _add_pots(self, source: str, report: HandReport) -> None:
        self.tables["pots"].extend(
            (source, report.hand_id, number, pot.amount, list(pot.eligible), list(pot.winners))
            for number, pot in enumerate(report.pots))

    def _add_halves(self, source: str, report: HandReport) -> None:
        """A split game's showdown: what each player won of each half of each pot (X3)."""
        self.tables["pot_halves"].extend(
            (source, report.hand_id, share.pot, share.half, share.player, share.chips)
            for share in report.halves)

    def _add_runs(self, source: str, report: HandReport) -> None:
        """A hand run twice: each run's hands and its share of each pot."""
        for run in report.runs:
            self.tables["run_hands"].extend(
                (source, report.hand_id, run.number, name, _cards_text(cards))
                for name, cards in run.hands.items())
            self.tables["run_pots"].extend(
                (source, report.hand_id, run.number, number, pot.amount, list(pot.winners))
                for number, pot in enumerate(run.pots))

    def add_session(self, source: str, report: SessionReport, session: OpenSession,
                    clock: Clock) -> None:
        self.sessions_read += 1
        rules = session.ruleset
        money = session.money or HOME_CHIPS
        moment = session.moment or clock.read(session.started_at, money.site, advance=False)
        session.read_as(report.read_as)   # one row a player, under the name he was read by
        players = sorted(session.seats, key=session.seats.__getitem__)
        finals = {name: report.stacks.get(name, session.last_stacks.get(
            name, session.start_stacks.get(name, 0))) for name in players}
        session.places.update(heads_up_places(session, finals))
        winner = session_winner(money.kind, report.winner, session.places)
        self.tables["sessions"].append(SessionRow(
            source, report.session_id, session.title, moment.local, moment.utc, moment.zone,
            rules.name, rules.game, *money, rules.small_blind, rules.big_blind, rules.small_bet,
            rules.big_bet, rules.max_raises, rules.draws, rules.max_players,
            rules.starting_stack, rules.session_hands, players, report.hands, winner,
            session.line))
        for name in players:
            start = report.starts.get(name, session.start_stacks.get(name, 0))   # as settled
            final = finals[name]
            self.tables["session_players"].append(SessionPlayerRow(
                source, report.session_id, name, session.seats[name], start, final,
                final - start, name == winner, session.places.get(name)))
        self.session_violations.extend(_violation_rows(source, report.session_id,
                                                       report.violations, "session"))
        if session.tournament is not None:
            self._add_tournament_of_hands(source, session, moment, players)

    def _add_tournament_of_hands(self, source: str, session: OpenSession, moment: Moment,
                                 players: list[str]) -> None:
        """What a tournament's table tells of it: the buy-in its hands write, the places
        and prizes they state (the others: None, not known from this table)."""
        money = session.money or HOME_CHIPS
        # PokerStars writes a play-money buy-in bare ("100+9"), and its points with their
        # unit ("9FPP", "5 SC"): each its own currency, as its summaries' are
        parts = written_buy_in(session.buy_in or "", bare_is_play=money.site == "pokerstars")
        tournament = session.tournament or ""
        # a site that writes the prize in the line of the place: a place without one won none
        unpaid = 0 if money.site in SITES_STATING_PRIZES else None
        self.tables["tournaments"].append(TournamentRow(
            source, money.site, tournament, "hands", session.ruleset.game,
            parts.amount if parts else None, parts.fee if parts else None,
            parts.currency if parts else "USD", 100, None, None, moment.local,
            UtcTime(moment.utc) if moment.utc else None, moment.zone, session.hero,
            session.line))
        self.tables["tournament_results"].extend(
            TournamentResultRow(source, money.site, tournament, "hands", name,
                                session.places.get(name),
                                session.prizes.get(name, unpaid if name in session.places
                                                   else None), session.line)
            for name in players)

    def add_tournament_summary(self, source: str, summary: TournamentSummary,
                               clock: Clock) -> None:
        """A site's summary of a tournament: its facts and every player's result."""
        moment = clock.read(summary.started_at, summary.site, advance=False)
        hero = next((result.player for result in summary.results
                     if summary.hero_place is not None and result.place == summary.hero_place),
                    None)
        self.tables["tournaments"].append(TournamentRow(
            source, summary.site, summary.tournament_id, "summary", summary.game,
            summary.buy_in, summary.fee, summary.currency, summary.unit, summary.entrants,
            summary.prize_pool, moment.local, UtcTime(moment.utc) if moment.utc else None,
            moment.zone, hero, summary.line))
        self.tables["tournament_results"].extend(
            TournamentResultRow(source, summary.site, summary.tournament_id, "summary",
                                result.player, result.place, result.prize, result.line)
            for result in summary.results)

    def merge(self, other: RowBatch) -> None:
        """Add the rows of ``other`` (a later batch, maybe of another file)."""
        repeated = self.hand_keys & other.hand_keys
        if repeated:   # a hand id repeated further down the same file
            self.repeated_sessions |= other.sessions_of(repeated)
            other.drop_hands(repeated)
        for table, rows in other.tables.items():
            self.tables[table].extend(rows)
            self.sealed[table].extend(other.sealed[table])
        for table, kept in self.kept.items():
            kept.extend(other.kept[table])
        self.session_violations.extend(other.session_violations)
        self.hand_keys |= other.hand_keys
        self.repeated_sessions |= other.repeated_sessions
        self.damaged_copies |= other.damaged_copies
        self.hands_read += other.hands_read
        self.sessions_read += other.sessions_read
        self.quarantined_chars += other.quarantined_chars
        self.skipped_games.update(other.skipped_games)
        self.finished.extend(other.finished)
        self.bytes_read += other.bytes_read
        self.lines_read.extend(other.lines_read)

    def drop_hands(self, hands: set[tuple[str, str]],
                   tables: tuple[str, ...] = _REPEATED_HAND_TABLES) -> None:
        """Leave out the rows of ``hands`` (source, hand id) from ``tables``: by default
        those of a hand met again in its file; the store keeps the copies of a hand held
        already (:mod:`badugi_hh.store.commit`)."""
        if not hands:
            return
        dropped = _joined(hands) if any(self.sealed[table] for table in tables) else None
        for table in tables:
            if table in self.kept:
                self.kept[table].drop(hands)
            source, hand_id = _key_columns(table, "source", "hand_id")
            self.tables[table] = [row for row in self.tables[table]
                                  if (row[source], row[hand_id]) not in hands]
            if dropped is not None:
                self.sealed[table] = [_without(rows, "source", "hand_id", dropped)
                                      for rows in self.sealed[table]]

    def sessions_of(self, hands: set[tuple[str, str]]) -> set[tuple[str, str]]:
        """The (source, session id) of ``hands`` (source, hand id) of the batch."""
        rows = self.arrow("hands") if hands else None
        if rows is None:
            return set()
        return {(source, session) for source, hand_id, session in zip(
            rows["source"].to_pylist(), rows["hand_id"].to_pylist(),
            rows["session_id"].to_pylist()) if (source, hand_id) in hands}

    def drop_sessions(self, sessions: set[tuple[str, str]]) -> None:
        """Leave out ``sessions`` (source, session id): their rows and their violations,
        but for a T5 (a hand id used again in the file), which is the file's verdict on
        that hand whether or not its session is kept."""
        dropped = _joined(sessions)
        for table in ("sessions", "session_players"):
            source, session_id = _key_columns(table, "source", "session_id")
            self.tables[table] = [row for row in self.tables[table]
                                  if (row[source], row[session_id]) not in sessions]
            self.sealed[table] = [_without(rows, "source", "session_id", dropped)
                                  for rows in self.sealed[table]]
        source, session_id = _key_columns("violations", "source", "session_id")
        level, rule = ViolationRow._fields.index("level"), ViolationRow._fields.index("rule")
        self.tables["violations"] = [
            row for row in self.tables["violations"]
            if row[level] != "session" or row[rule] == "T5"
            or (row[source], row[session_id]) not in sessions]

    def complete(self, order: dict[str, int] | None = None) -> None:
        """Add the session violations and the players, once the hands are final; a
        player's first source is his first file in ``order`` (the import's plan), where
        given, else in the batch's."""
        self.tables["violations"].extend(self.session_violations)
        now = datetime.now()
        first_source: dict[tuple[str, str], str] = {}   # (site, player): source
        last = len(order) if order else 0
        self._seal_kept(("hand_players",))
        for site, name, source in chain(self._players_seated(), self._players_placed()):
            known = first_source.setdefault((site, name), source)
            if order and known != source and order.get(source, last) < order.get(known, last):
                first_source[site, name] = source
        self.tables["players"] = [PlayerRow(site, name, source, now)
                                  for (site, name), source in first_source.items()]

    def _players_seated(self) -> Iterator[tuple[str, str, str]]:
        """(site, player, source) of every row of ``hand_players`` (sealed)."""
        for rows in self.sealed["hand_players"]:
            yield from zip(rows["site"].to_pylist(), rows["player"].to_pylist(),
                           rows["source"].to_pylist())

    def _players_placed(self) -> Iterator[tuple[str, str, str]]:
        """(site, player, source) of every tournament result: a summary names players
        none of the hands imported may hold, who are players all the same (``--player``,
        ``alias`` find them)."""
        site, player, source = (TournamentResultRow._fields.index(name)
                                for name in ("site", "player", "source"))
        for row in self.tables["tournament_results"]:
            yield row[site], row[player], row[source]
        for rows in self.sealed["tournament_results"]:
            yield from zip(rows["site"].to_pylist(), rows["player"].to_pylist(),
                           rows["source"].to_pylist())

    def seal(self) -> None:
        """Turn the rows gathered so far into Arrow tables (see the class docstring)."""
        self._seal_kept()
        for table, rows in self.tables.items():
            if rows:
                self.sealed[table].append(arrow_table(TABLES[table], rows))
                self.tables[table] = []

    def _seal_kept(self, tables: Iterable[str] = ("actions", "hand_players")) -> None:
        for table in tables:
            rows = self.kept[table].take()
            if rows is not None:
                self.sealed[table].append(rows)

    def arrow(self, table: str) -> pa.Table | None:
        """Every row of ``table`` as one Arrow table; None when there is none. The table
        is kept so (sealed): a second call costs nothing."""
        if table in self.kept:
            self._seal_kept((table,))
        parts = [*self.sealed[table]]
        if self.tables[table]:
            parts.append(arrow_table(TABLES[table], self.tables[table]))
            self.tables[table] = []
        parts = [part for part in parts if part.num_rows]
        if not parts:
            self.sealed[table] = []
            return None
        whole = parts[0] if len(parts) == 1 else pa.concat_tables(parts)
        self.sealed[table] = [whole]
        return whole

    def sessions_with_hands(self) -> int:
        """The sessions of the batch that hold a hand audited: what every count of
        sessions counts (docs/schema.md), so not one whose every hand was skipped."""
        rows = self.arrow("sessions")
        return 0 if rows is None else int(pc.sum(pc.greater(rows["hands"], 0)).as_py() or 0)

    def add_skipped(self, source: str, skipped: SkippedHand) -> None:
        self.skipped_games[skipped.game] += 1
        self.tables["skipped"].append(
            SkippedRow(source, skipped.line, skipped.hand_id, skipped.game))

    def add_quarantine(self, source: str, error: ParseError) -> None:
        self.quarantined_chars += len(error.text) + len(error.message)
        self.tables["quarantine"].append(
            QuarantineRow(source, error.line, error.column, error.message, error.text,
                          error.hand_lost))


