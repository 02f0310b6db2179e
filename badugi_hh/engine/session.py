"""Hands linked into sessions and tables: ``Auditor`` and :func:`audit`.

The stack chain from hand to hand (G3, kept by :mod:`.chain`), the button (G4), the
reshuffle (G6), a session's length and winner (N1), unique hand ids (T5); hands of games
not audited, not played, that could not be read or that the file left out.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import partial
from dataclasses import dataclass, field

from badugi_hh.engine.chain import (ChipsAccounts, chips_accounts, chips_after_a_bust,
                                    confirmed_at_the_end, could_play_on, missing_hand,
                                    missing_hand_note, opening_accounts, played_after_a_bust,
                                    respell, seat_line_slips, seat_slips_disproved,
                                    settled_starts, start_stacks, stated_at_the_end,
                                    unnamed_dropped, winner_at_the_end)
from badugi_hh.engine.fast import replay_heads_up
from badugi_hh.engine.gaps import STOPS_SHORT, last_number, lost_hand, numbering_note, stopped_short
from badugi_hh.engine.replay import HandReplay
from badugi_hh.engine.report import (WHOLE_CHIPS, HandReport, SessionReport, Violation,
                                     chips, in_money, money_of)
from badugi_hh.engine.shuffle import deal_repeats
from badugi_hh.engine.lines import not_played
from badugi_hh.events import (Hand, ParseError, Record, SessionEnd, SessionPlayer, SessionStart,
                              SkippedHand, TournamentSummary)
from badugi_hh.hand_ids import HandId, left_out_note
from badugi_hh.rules import Ruleset


#: What feeding the auditor a record completes.
Reports = list[HandReport | SessionReport | SkippedHand]


def replay_hand(hand: Hand, seats: dict[str, int] | None = None,
                stacks: dict[str, int] | None = None,
                previous: HandReport | None = None, *, fast_path: bool = True,
                other_account: dict[str, int] | None = None) -> HandReport:
    """Replay one hand on its own and return the engine's report (``other_account``: as
    :class:`HandReplay` takes it). ``fast_path=False`` skips the heads-up fast path; the
    report is the same, only slower (the benchmark measures the difference).
    """
    report = replay_heads_up(hand, seats, stacks, previous) if fast_path else None
    if report is None:
        replay = HandReplay(hand, seats, stacks, previous, other_account)
        replay.feed_all(hand.events)
        report = replay.finish()
    if previous is not None:
        repeated = deal_repeats(report, previous)
        if repeated:
            report.violations.append(Violation("G6", repeated, hand.hand_id, hand.source,
                                               hand.line))
    return report


@dataclass(slots=True)
class _Table:
    """What carries from one hand to the next: seats, stacks, the last hand."""

    session_id: str
    source: str
    ruleset: Ruleset | None = None
    seats: dict[str, int] = field(default_factory=dict)
    header: list[SessionPlayer] = field(default_factory=list)   # till the first hand reads it
    read_as: dict[str, str] = field(default_factory=dict)   # SessionReport.read_as
    stacks: dict[str, int] = field(default_factory=dict)
    chips: ChipsAccounts = field(default_factory=dict)
    """The chips' account of a stack the log stated against them, beside the log's in
    ``stacks``, until the log states it again (:mod:`badugi_hh.engine.chain`)."""
    starts: dict[str, int] = field(default_factory=dict)
    """Each player's stack as the session starts (:attr:`SessionReport.starts`)."""
    doubted: dict[str, int] = field(default_factory=dict)
    """The ruleset's starting stack of each player the header seats with another, until
    a statement of his stack settles which the session started from."""
    previous: HandReport | None = None
    hands: int = 0
    line: int = 0
    violations: list[Violation] = field(default_factory=list)
    unknown_before: str = ""
    """Why the stacks carried into the next hand are unknown (a hand lost, skipped, left out)."""
    played_on: bool = False
    """A hand was played after a player's bust and reported (N1): the session ended once."""
    number: int = 0
    """The number of the session's last hand, read, skipped or lost (0: none yet)."""
    last_hand: Hand | None = None
    """The session's last hand read: its money writes the amounts of the session's
    findings (looked up once, at the session's report, not for every hand)."""


class Auditor:
    """Replays a stream of records session by session (N1, G3, G4, G6 link hands).

    >>> from badugi_hh.events import SessionStart, SessionPlayer
    >>> from badugi_hh.rules import HOUSE
    >>> auditor = Auditor()
    >>> auditor.feed(SessionStart(session_id="s", ruleset=HOUSE, source="x.txt", line=1,
    ...     players=[SessionPlayer(seat=1, name="Ana", stack=100),
    ...              SessionPlayer(seat=2, name="Bruno", stack=90)]))
    []
    >>> [str(v) for v in auditor.close().violations]
    ['x.txt:1: [G3] Bruno starts the session with 90 chips; each player starts with 100', 'x.txt:1: [N1] the session holds no hand; a session is 12 hands']
    """

    def __init__(self, *, fast_path: bool = True) -> None:
        self.table: _Table | None = None
        self.fast_path = fast_path
        # hash of each hand id seen -> its line (T5); a hash keeps memory small
        self._hand_lines: dict[int, int] = {}

    def feed(self, record: Record) -> Reports:
        """Replay one record; return the reports it completes."""
        table = self.table
        if isinstance(record, Hand):   # a house session's header seats its hands' players
            seats = table.seats if table and table.session_id == record.session_id else {}
            short = record.ruleset.audited and stopped_short(record)
            void = not_played(record, seats) or ("partial" if short else "")
            if not record.ruleset.audited or void:
                game = record.ruleset.game_name
                return self._skip(SkippedHand(
                    game=f"{game} ({void})" if void else game, hand_id=record.hand_id,
                    source=record.source, line=record.line, hand=record))
            reports = self._hand(record)
            # a partial history that broke a rule: judged, its faults said but not its stop
            if short is False and isinstance(judged := reports[-1], HandReport):
                judged.violations[:] = [v for v in judged.violations if v.message != STOPS_SHORT]
            return reports
        if isinstance(record, SessionStart):
            return self._session_start(record)
        if isinstance(record, SessionEnd):
            return self._session_end(record)
        if isinstance(record, SkippedHand):
            return self._skip(record)
        if isinstance(record, TournamentSummary):
            return []   # a summary file's: no play to replay, the store keeps it
        if table is not None and record.hand_lost:
            if table.seats:   # a house session: the hand was still played (N1 counts it)
                table.hands += 1
            table.unknown_before = lost_hand(record)   # the stacks after it are unknown
            table.number += bool(table.number)   # its number is lost with it: the next one
            table.previous = None   # its button and deal are unknown (G4, G6)
        return []   # a ParseError: nothing to replay

    def _skip(self, skipped: SkippedHand) -> Reports:
        """A hand of another game: its chips move, so the next hand's stacks are unknown."""
        if self.table is not None and skipped.hand is not None:   # numbered all the same
            self.table.number = last_number(self.table.number, skipped.hand)
        if self.table is not None and not self.table.seats:
            self.table.unknown_before = (f"{skipped.game} hand {skipped.hand_id} was "
                                         "played in between")
            self.table.previous = None
        return [skipped]

    def carried(self) -> tuple[object, ...] | None:
        """What carries from the records fed so far into the next ones: the seats, the
        stacks (the next hand's G3, and the session's final ones if it ends first),
        whether they are unknown to the next hand, and the last hand's button and deals
        (G4, G6); None without a session under way. Two auditors that carry the same
        judge what follows alike, whatever else each has seen."""
        table = self.table
        if table is None:
            return None
        previous = table.previous
        last = None if previous is None else (previous.button, tuple(
            (name, player.seat, player.dealt) for name, player in previous.players.items()))
        return (tuple(table.seats.items()), tuple(table.stacks.items()),
                tuple(table.chips.items()), tuple(table.doubted.items()),
                bool(table.unknown_before), table.played_on, last)

    def begin_part(self) -> str | None:
        """Start judging a part of a log that follows the hands fed so far (read only to
        know what carries into it): their hand ids, and the count and findings of the
        session under way, are left to the part of the log they belong to. Returns that
        session's id (None: none under way)."""
        self._hand_lines.clear()
        table = self.table
        if table is None:
            return None
        table.hands, table.violations = 0, []
        return table.session_id

    def close(self, *, ended: bool = True) -> SessionReport | None:
        """End the session under way (at the end of the stream). ``ended`` false: the
        stream stops where a log being written was read to, so the session may go on;
        its length is judged (N1) once its end, or the whole log, is read."""
        table, self.table = self.table, None
        if table is None:
            return None
        if ended:
            self._check_length(table, table.line)
        return self._session_report(table)

    def _session_start(self, record: SessionStart) -> Reports:
        closed = self.close()
        table = _Table(record.session_id, record.source, record.ruleset, line=record.line)
        table.seats, table.header = {p.name: p.seat for p in record.players}, record.players
        table.stacks, table.chips, table.violations = opening_accounts(record)
        table.starts, table.doubted = dict(table.stacks), dict(table.chips)
        self.table = table
        return [closed] if closed else []

    def _hand(self, hand: Hand) -> Reports:
        reports: Reports = []
        table = self.table
        if table is None or (hand.session_id and hand.session_id != table.session_id):
            closed = self.close()
            reports.extend([closed] if closed else [])
            table = self.table = _Table(hand.session_id, hand.source)
        table.hands += 1
        table.ruleset = table.ruleset or hand.ruleset
        table.last_hand = hand
        if table.header:   # a seat line spelt unlike every line of the first hand (G1)
            table.read_as, table.header = seat_line_slips(table.header, hand, table.violations), []
            respell(table.read_as, table.seats, table.stacks, table.chips, table.starts,
                    table.doubted)
        self._check_continues(table, hand)
        numbering = numbering_note(table.number, hand)
        table.number = last_number(table.number, hand)
        if hand.left_out and table.previous is not None and not any(   # a PHH export's gap
                hash(gone) in self._hand_lines for gone in hand.left_out):   # (not one read)
            table.unknown_before, table.previous = left_out_note(hand.site, hand.left_out), None
        carried, chips = unnamed_dropped(hand, *(start_stacks(
            hand, table.stacks, table.chips) if table.chips else (table.stacks, table.chips)))
        missing = ""   # a site's hand missing from the log: coverage, not a violation
        if not table.seats and not table.unknown_before and table.previous is not None:
            missing = missing_hand(hand, carried)
        if (table.unknown_before or missing) and not table.seats:
            carried, chips = {}, {}   # a site's hand states its stacks: taken as they are
        report, carried, chips = self._replay(hand, table, carried, chips)
        for name, added in chips_after_a_bust(hand, report, carried).items():
            table.starts[name] = table.starts.get(name, 0) + added   # nets add up (N1)
        self._check_unique(table, hand)
        if missing and table.previous is not None and table.previous.hand_id != hand.hand_id:
            report.notes.append(missing_hand_note(table.previous, hand, missing))
        if numbering:
            report.notes.append(numbering)
        chips_before, table.chips = table.chips, chips_accounts(hand, report, carried, chips)
        if table.unknown_before:
            if table.seats:   # a house hand states only its end: not judged (G3), followed
                report.violations[:] = [v for v in report.violations if v.rule != "G3"]
                table.chips = {}
            report.notes.append(f"stacks not checked against the hand before: "
                                f"{table.unknown_before}")
            table.unknown_before = ""
        if table.doubted:
            confirmed, table.doubted = settled_starts(table.doubted, hand, chips_before,
                                                      carried, table.chips)
            table.starts.update(confirmed)
        if hand.damaged:
            report.judge_up_to_damage(hand.damaged[0])
            if not table.seats:
                table.unknown_before = (f"{HandId.parse(hand.site, hand.hand_id).named} has "
                                        f"a line that could not be read (line "
                                        f"{hand.damaged[0]})")
        table.stacks = report.carried_stacks
        table.previous = report
        last_line = report.actions[-1].line if report.actions else report.line
        table.line = max(hand.line, last_line, report.line)
        reports.append(report)
        return reports

    def _replay(self, hand: Hand, table: _Table, carried: dict[str, int], chips: ChipsAccounts,
                ) -> tuple[HandReport, dict[str, int], ChipsAccounts]:
        """Replay ``hand`` from the log's account of the stacks (``carried``), and again
        from the chips' (``chips``) of the players whose stated end stacks agree with it;
        the report, the stacks it started from and the chips' accounts still open."""
        # (a partial, not a nested function: a closure's cell and function hold each
        # other, a cycle per hand the collector would have to find)
        replay = partial(replay_hand, seats=table.seats or None, stacks=carried,
                         previous=table.previous, fast_path=self.fast_path, other_account=chips)
        hand, report = seat_slips_disproved(hand, replay(hand), carried, replay)
        confirmed = confirmed_at_the_end(hand, report, chips) if chips else {}
        if not confirmed:
            return report, carried, chips
        carried = {**carried, **confirmed}
        chips = {name: stack for name, stack in chips.items() if name not in confirmed}
        return replay_hand(hand, table.seats or None, carried, table.previous,
                           fast_path=self.fast_path, other_account=chips), carried, chips

    def _check_unique(self, table: _Table, hand: Hand) -> None:
        """A hand id names one hand (T5); a store keeps the first copy.

        Reported with the session, since it is about the list of hands: the
        second copy's own report is not stored.
        """
        first = self._hand_lines.setdefault(hash(hand.hand_id), hand.line)
        if first != hand.line:
            table.violations.append(Violation(
                "T5", f"the hand id is used again (first at line {first}); "
                "only the first hand with it is stored", hand.hand_id, hand.source, hand.line))

    def _check_continues(self, table: _Table, hand: Hand) -> None:
        """A session stops at its length or when a player is broke (N1; where the table
        plays on without him, when one is left with chips): the first hand played after
        a bust is reported, not each one after it (one mistake, one violation)."""
        limit = hand.ruleset.session_hands
        bust = (played_after_a_bust(table.stacks, hand.ruleset)
                if table.seats and not table.played_on else None)
        if limit is not None and table.hands > limit:
            message = f"hand {table.hands} is played; a session is {limit} hands"
        elif bust is not None:
            table.played_on = True
            message = bust
        else:
            return
        table.violations.append(Violation("N1", message, hand.hand_id, hand.source, hand.line))

    def _session_end(self, record: SessionEnd) -> Reports:
        table = self.table
        if table is None:
            return []
        if not table.unknown_before:   # after a lost last hand its chips are unknown
            _check_end_stacks(table, record)
        table.line = record.line
        closed = self.close()
        return [closed] if closed else []

    def _check_length(self, table: _Table, line: int) -> None:
        ruleset = table.ruleset
        limit = ruleset.session_hands if ruleset else None
        if (ruleset is None or limit is None or (table.hands and not table.seats)
                or table.hands >= limit):
            return   # (hands that seat their own players: a site's session, of no length)
        if not table.hands:   # a header and no hand, whether its seat lines were typed or not
            ends = "the session holds no hand"
        elif could_play_on(table.stacks, ruleset):
            played = f"{table.hands} hand{'' if table.hands == 1 else 's'}"
            ends = f"the session ends after {played} with " + (
                "every player" if ruleset.bust_ends_session else "two players or more") + \
                " still holding chips"
        else:
            return
        table.violations.append(Violation("N1", f"{ends}; a session is {limit} hands", None,
                                          table.source, line))

    def _session_report(self, table: _Table) -> SessionReport:
        return SessionReport(table.session_id, table.source, table.hands,
                             dict(table.stacks), _leader(table.stacks),
                             in_money(table.violations, money_of(table.last_hand)
                                      if table.last_hand else WHOLE_CHIPS), table.starts,
                             table.read_as)


def _check_end_stacks(table: _Table, record: SessionEnd) -> None:
    """The stacks and the winner the session's end states, against the chips (N1): a
    stack agreeing with either account a contradicted statement left (G3) is the one the
    session ends with (:mod:`badugi_hh.engine.chain`)."""
    stacks = table.stacks
    rules = table.ruleset if table.previous is None else table.previous.ruleset
    stated, misspelt = winner_at_the_end(record, stacks, rules)
    claimed, unseated = stated_at_the_end(record, stacks, rules)
    table.violations += misspelt + unseated   # a name the session has no player of (G1)
    for name, amount in claimed.items():
        if table.chips.get(name) == amount:   # the chips' account confirmed: the log's slipped
            stacks[name] = amount
            if name in table.doubted:   # the ruleset's start is the session's
                table.starts[name] = table.doubted[name]
        elif stacks.get(name) != amount:
            table.violations.append(Violation(
                "N1", f"the log says {name} ends the session with {chips(amount)}; the "
                f"chips say {chips(stacks[name])}", None, record.source, record.line))
    winner = _leader(stacks)
    if (record.draw or record.winner) and stated != winner:
        said = "a draw" if record.draw else f"{stated} wins"
        truth = f"{winner} wins with the larger stack" if winner else "it is a draw"
        table.violations.append(Violation(
            "N1", f"the log says {said}, but {truth} ({_stack_list(stacks)})",
            None, record.source, record.line))


def _leader(stacks: dict[str, int]) -> str | None:
    """The player with the larger stack; None for a draw (N1)."""
    if not stacks:
        return None
    top = max(stacks.values())
    leaders = [n for n, s in stacks.items() if s == top]
    return leaders[0] if len(leaders) == 1 else None


def _stack_list(stacks: dict[str, int]) -> str:
    return ", ".join(f"{name} {chips(stack)}" for name, stack in stacks.items())


def audit(records: Iterable[Record], *, fast_path: bool = True,
          ) -> Iterator[HandReport | SessionReport | ParseError | SkippedHand]:
    """Replay a stream of records; yield every report, and parse errors in place.

    The order of the stream is kept, so a caller can print or store as it goes
    and memory stays flat however long the stream is. ``fast_path`` is as for
    :func:`replay_hand`.
    """
    auditor = Auditor(fast_path=fast_path)
    for record in records:
        if isinstance(record, ParseError):
            yield record
        yield from auditor.feed(record)
    closed = auditor.close()
    if closed is not None:
        yield closed
