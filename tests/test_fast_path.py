"""The heads-up fast path against the general engine.

:func:`~badugi_hh.engine.replay_hand` first tries ``replay_heads_up``, which
returns either None (the play is not a clean heads-up hand) or the report of
the hand, settled by the same :func:`~badugi_hh.engine.settle.settle` from the
same table state. Whatever it returns must be exactly what the general state
machine, :class:`HandReplay`, reports for the same hand. These tests replay
legal hands, hands with each breakable rule broken, and thousands of randomly
mutated hands both ways and compare the two reports field by field.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable, Iterator
from functools import cache

import pytest
from conftest import every_other_wide

from badugi_hh.cards import DECK, JOKER
from badugi_hh.engine import HandReplay, HandReport, audit
from badugi_hh.engine.fast import replay_heads_up
from badugi_hh.events import (
    Bet, Burn, Call, Check, Event, Fold, Hand, PostBlind, Raise, Record, SessionStart,
    StackStated,
)
from badugi_hh.rules import HOUSE, Ruleset
from badugi_hh.simulate import BREAKABLE_RULES, simulate
from handkit import SEATS, full_hand, numbered, settled

Context = tuple[Hand, dict[str, int], dict[str, int], HandReport | None]


def general_report(hand: Hand, seats: dict[str, int], stacks: dict[str, int],
                   previous: HandReport | None) -> HandReport:
    replay = HandReplay(hand, seats, stacks, previous)
    replay.feed_all(hand.events)
    return replay.finish()


def contexts(records: Iterable[Record]) -> Iterator[tuple[Context, HandReport]]:
    """Each hand with the seats, stacks and previous hand it is replayed with."""
    seats: dict[str, int] = {}
    stacks: dict[str, int] = {}
    previous = None
    for record in records:
        if isinstance(record, SessionStart):
            seats = {p.name: p.seat for p in record.players}
            stacks = {p.name: p.stack for p in record.players}
            previous = None
        elif isinstance(record, Hand):
            report = general_report(record, seats, stacks, previous)
            yield (record, seats, stacks, previous), report
            stacks, previous = report.end_stacks, report


def fast_agrees(context: Context, expected: HandReport) -> bool:
    """Whether the fast path took the hand; it must agree with ``expected`` if it did."""
    fast = replay_heads_up(*context)
    if fast is None:
        return False
    for field in dataclasses.fields(HandReport):
        assert getattr(fast, field.name) == getattr(expected, field.name), (
            f"{context[0].hand_id}: {field.name} differs", expected.violations)
    return True


@cache
def legal_records(seeds: range, ruleset: Ruleset = HOUSE, hidden: float = 0.0,
                  ) -> tuple[Record, ...]:
    return tuple(record for seed in seeds
                 for record in simulate(1, seed, ruleset, hidden=hidden))


def without_burns(records: Iterable[Record], ruleset: Ruleset) -> list[Record]:
    """The sessions as a log that does not state burns would give them."""
    changed: list[Record] = []
    for record in records:
        if isinstance(record, SessionStart):
            record = dataclasses.replace(record, ruleset=ruleset)
        elif isinstance(record, Hand):
            record = dataclasses.replace(
                record, ruleset=ruleset,
                events=[e for e in record.events if not isinstance(e, Burn)])
        changed.append(record)
    return changed


# -- legal hands --------------------------------------------------------------------

def test_nearly_every_legal_hand_takes_the_fast_path_and_agrees():
    pairs = list(contexts(legal_records(range(200))))
    taken = [fast_agrees(context, report) for context, report in pairs]
    assert all(not report.violations for _, report in pairs)
    assert sum(taken) >= 0.98 * len(pairs)
    all_in = [fast for fast, (_, report) in zip(taken, pairs)
              if any(a.all_in for a in report.actions)]
    assert len(all_in) > 50 and sum(all_in) >= 0.9 * len(all_in)
    # Only a blind that puts a player all-in sends a legal hand the general way.
    assert all(any(a.kind == "post" and a.all_in for a in report.actions)
               for fast, (_, report) in zip(taken, pairs) if not fast)


def test_hidden_cards_go_the_general_way():
    pairs = list(contexts(legal_records(range(60), hidden=0.5)))
    hidden = [(c, r) for c, r in pairs if any(None in p.dealt for p in r.players.values())]
    assert hidden and not any(fast_agrees(c, r) for c, r in hidden)
    assert sum(fast_agrees(c, r) for c, r in pairs) >= len(pairs) // 3


@pytest.mark.parametrize("ruleset", [
    HOUSE.replace(small_blind=5, big_blind=10, small_bet=10, big_bet=20, starting_stack=1000),
    HOUSE.replace(max_raises=4, session_hands=20),
    HOUSE.replace(deal_order_logged=False),
], ids=["bigger stakes", "four raises", "deal order not logged"])
def test_other_numbers_take_the_fast_path_too(ruleset):
    pairs = list(contexts(legal_records(range(40), ruleset)))
    assert all(not report.violations for _, report in pairs)
    assert sum(fast_agrees(c, r) for c, r in pairs) >= 0.8 * len(pairs)


def test_a_log_without_burns_takes_the_fast_path_only_where_burns_are_not_logged():
    quiet = HOUSE.replace(burns_logged=False)
    pairs = list(contexts(without_burns(legal_records(range(40)), quiet)))
    assert sum(fast_agrees(c, r) for c, r in pairs) >= 0.8 * len(pairs)
    loud = [(c, r) for c, r in contexts(without_burns(legal_records(range(40)), HOUSE))
            if r.draws_played]   # hands folded before the first draw burn nothing
    assert loud and all(r.violations for _, r in loud)
    assert not any(fast_agrees(c, r) for c, r in loud)


# -- broken hands ---------------------------------------------------------------------

#: Rules of what the log claims came of the hand (stacks, awards, returns, descriptions;
#: S4: a pot after a fold paid wrong): the settlement judges them, on either path. G6
#: links two hands: the session does.
CLAIM_RULES = frozenset({"G3", "G6", "E1", "E2", "E3", "E4", "S1", "S2", "S3", "S4"})


@pytest.mark.parametrize("rule", every_other_wide([(rule,) for rule in BREAKABLE_RULES]))
def test_a_broken_rule_of_the_play_sends_the_hand_the_general_way(rule):
    records = [r for seed in range(15) for r in simulate(1, seed, break_rule=rule)]
    pairs = list(contexts(records))
    audited = [report for report in audit(records) if isinstance(report, HandReport)]
    broken = [(c, r) for (c, r), report in zip(pairs, audited) if report.violations]
    taken = [fast_agrees(c, r) for c, r in pairs]
    assert any(taken)   # the hands around the broken one still go fast
    if rule == "N1":   # a session's fault; its hands are legal
        return
    assert broken and {v.rule for report in audited for v in report.violations} == {rule}
    broken_taken = [fast_agrees(c, r) for c, r in broken]
    # A claim is settled alike on both paths; a fault of the play is the general engine's
    # (the simulator breaks S4 by playing on after the fold).
    assert all(broken_taken) if rule in CLAIM_RULES - {"S4"} else not any(broken_taken)


# -- mutated hands ----------------------------------------------------------------------

def _nudge(value: object, rng: random.Random) -> object:
    if isinstance(value, bool):
        return not value
    if isinstance(value, int) and not isinstance(value, type(JOKER)):
        return value + rng.choice((-2, -1, 1, 2))
    if isinstance(value, type(JOKER)):
        return rng.choice((*DECK, JOKER, None))
    if isinstance(value, tuple) and value:
        cards = list(value)
        cards[rng.randrange(len(cards))] = rng.choice((*DECK, JOKER, None))
        return tuple(cards)
    if isinstance(value, str) and value in ("Ana", "Bruno"):
        return "Bruno" if value == "Ana" else "Ana"
    return value


def mutate_event(event: Event, rng: random.Random) -> Event:
    """The event with one field changed: an amount, a card, the player, a number."""
    names = [f.name for f in dataclasses.fields(event) if f.name != "line"]
    name = rng.choice(names)
    return dataclasses.replace(event, **{name: _nudge(getattr(event, name), rng)})


def mutate(hand: Hand, rng: random.Random) -> Hand:
    events = list(hand.events)
    spot = rng.randrange(len(events))
    how = rng.choice(("drop", "repeat", "swap", "move", "change", "change", "change"))
    if how == "drop":
        del events[spot]
    elif how == "repeat":
        events.insert(spot, events[spot])
    elif how == "swap" and spot + 1 < len(events):
        events[spot], events[spot + 1] = events[spot + 1], events[spot]
    elif how == "move":
        events.insert(rng.randrange(len(events)), events.pop(spot))
    else:
        events[spot] = mutate_event(events[spot], rng)
    return dataclasses.replace(hand, events=events)


@pytest.mark.parametrize("seed", every_other_wide([(seed,) for seed in range(4)]))
def test_mutated_hands_agree_with_the_general_engine(seed):
    rng = random.Random(seed)
    pairs = list(contexts(legal_records(range(100))))
    reported = taken = taken_with_findings = 0
    for _ in range(2500):
        (hand, seats, stacks, previous), _report = rng.choice(pairs)
        context = (mutate(hand, rng), seats, stacks, previous)
        expected = general_report(*context)
        reported += bool(expected.violations)
        if fast_agrees(context, expected):
            taken += 1
            taken_with_findings += bool(expected.violations)
            # what the fast path takes, it took for a clean play: only claims can be wrong
            assert {v.rule for v in expected.violations} <= CLAIM_RULES, expected.violations
    # Most mutations break a rule; a wrong claim (an award, a stack) still goes fast
    # and is settled alike; the harmless ones (a stated stack moved earlier) go fast.
    assert reported > 1500 and taken_with_findings > 50 and taken < 2500 - 1000


def test_the_table_state_is_checked_as_well_as_the_hand():
    pairs = list(contexts(legal_records(range(30))))
    for (hand, seats, stacks, previous), report in pairs:
        again = (hand, seats, stacks, report)   # the same hand twice: G4 and G6
        assert not fast_agrees(again, general_report(*again))
        # G3 where the log states the end stacks: a claim, which either path settles
        richer = {name: chips + 1 for name, chips in stacks.items()}
        expected = general_report(hand, seats, richer, previous)
        assert "G3" in {v.rule for v in expected.violations}
        fast_agrees((hand, seats, richer, previous), expected)
        swapped = dict(zip(seats, reversed(seats.values())))   # the wrong dealer
        assert not fast_agrees((hand, swapped, stacks, previous),
                               general_report(hand, swapped, stacks, previous))


# -- all-in hands, exhaustively -----------------------------------------------------------

@cache
def all_in_pairs() -> list[tuple[Context, HandReport]]:
    """Legal hands in which a player goes all-in: the fast path's least common course."""
    return [(c, r) for c, r in contexts(legal_records(range(300)))
            if any(a.all_in for a in r.actions)]


def slipped_in_actions(players: Iterable[str]) -> list[Event]:
    """Actions of every kind and common size, to insert anywhere in a hand."""
    actions: list[Event] = []
    for name in players:
        actions += [Check(player=name), Fold(player=name)]
        actions += [Call(player=name, amount=n) for n in (0, 1, 2, 4)]
        actions += [Bet(player=name, amount=n) for n in (2, 4)]
        actions += [Raise(player=name, to=n) for n in (4, 6, 8, 12)]
    return actions


@pytest.mark.parametrize("first", every_other_wide([(0,), (1,)]),
                         ids=["even hands", "odd hands"])
def test_every_action_slipped_into_an_all_in_hand_is_judged_alike(first):
    pairs = all_in_pairs()[:25]
    assert len(pairs) == 25
    # every other hand here, the others in the wide tier
    for (hand, seats, stacks, previous), _report in pairs[first::2]:
        for extra in slipped_in_actions(seats):
            for spot in range(len(hand.events) + 1):
                events = [*hand.events[:spot], extra, *hand.events[spot:]]
                context = (dataclasses.replace(hand, events=events), seats, stacks, previous)
                fast_agrees(context, general_report(*context))


def test_two_actions_after_an_all_in_go_the_general_way():
    extras = slipped_in_actions(("Ana", "Bruno"))
    taken = 0
    for (hand, seats, stacks, previous), report in all_in_pairs()[:4]:
        all_in = next(a for a in report.actions if a.all_in)
        spot = next(i for i, e in enumerate(hand.events) if e.line == all_in.line) + 1
        for first in extras:
            for second in extras:
                for kept in (spot, spot + 1):   # before the answer to the all-in, or for it
                    events = [*hand.events[:spot], first, second, *hand.events[kept:]]
                    context = (dataclasses.replace(hand, events=events), seats, stacks,
                               previous)
                    taken += fast_agrees(context, general_report(*context))
    # The fast path takes none of them (actions slipped in after an all-in): each goes
    # the general way, which is the only judge here.
    assert taken == 0


@pytest.mark.parametrize("stated", [True, False], ids=["stacks stated", "stacks not stated"])
def test_all_in_hands_on_other_stacks_are_judged_alike(stated):
    taken = 0
    for (hand, seats, stacks, previous), _report in all_in_pairs():
        if not stated:   # nothing left to catch a wrong count but the engine itself
            hand = dataclasses.replace(hand, events=[
                e for e in hand.events if not isinstance(e, StackStated)])
        for name in stacks:
            for change in (-5, -3, -2, -1, 1, 2):
                other = {**stacks, name: max(0, stacks[name] + change)}
                context = (hand, seats, other, previous)
                taken += fast_agrees(context, general_report(*context))
    assert taken > 0   # the fast path judged some of them (and agreed on each)


def test_a_hand_with_no_betting_before_the_first_draw_goes_the_general_way():
    # No blinds and no betting round 1, but the pot (20) paid out right.
    events = [e for e in numbered(full_hand())
              if not isinstance(e, (PostBlind, Raise, Call)) or e.line > 8]
    events = numbered(settled(events, {"Ana": 20}, {"Ana": 110, "Bruno": 90}))
    unbet = Hand(hand_id="t#1", number=1, ruleset=HOUSE, events=events, source="t.txt",
                 line=1, session_id="t")
    report = general_report(unbet, SEATS, {}, None)
    assert sorted(v.rule for v in report.violations) == ["B1", "G4"]
    assert replay_heads_up(unbet, SEATS, {}, None) is None


# -- shadow runs: the logs themselves, read and audited both ways --------------------------

def _both_ways(records: list[Record]) -> tuple[int, int]:
    """Audit ``records`` with and without the fast path; every report must be the same.
    Returns how many hands there were, and how many the fast path takes."""
    fast = list(audit(records))
    general = list(audit(records, fast_path=False))
    assert len(fast) == len(general)
    for one, other in zip(fast, general):
        assert one == other, getattr(one, "hand_id", one)
    taken = sum(replay_heads_up(*context) is not None for context, _ in contexts(records))
    return sum(isinstance(report, HandReport) for report in fast), taken


def test_the_sample_logs_and_the_real_exports_are_judged_alike_either_way():
    from pathlib import Path

    from badugi_hh.parsers import read_records

    root = Path(__file__).resolve().parents[1]
    hands = taken = 0
    for folder in ("sample_logs", "tests/data/house", "tests/data/real"):
        for path in sorted((root / folder).rglob("*.txt")):
            if "expected" in path.parts:
                continue
            counted, fast = _both_ways(list(read_records(path)))
            hands, taken = hands + counted, taken + fast
    assert hands > 700 and taken > 250


def test_fuzzed_logs_are_judged_alike_either_way():
    import tempfile
    from pathlib import Path

    from badugi_hh.parsers import read_records
    from fuzz import corpus, mutate

    rng = random.Random(22)
    sources = [path.read_bytes() for path in corpus() if "house" in str(path)
               or "sample_logs" in str(path)]
    taken = 0
    with tempfile.TemporaryDirectory() as scratch:
        for number in range(60):
            path = Path(scratch) / f"input{number}.txt"
            path.write_bytes(mutate(rng, rng.choice(sources)))
            taken += _both_ways(list(read_records(path)))[1]
    assert taken > 200
