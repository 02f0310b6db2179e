"""The simulator against the engine: two readings of RULES.md, written apart.

Legal sessions must pass the audit without a single violation, and a session
with one rule broken on purpose must be reported under that rule and no
other. Where they disagree, one of them misreads the rules.
"""

from __future__ import annotations

import dataclasses
import io
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache

import pytest
from conftest import every_other_wide

from badugi_hh.cards import JOKER
from badugi_hh.cli import main
from badugi_hh.engine import audit
from badugi_hh.events import (
    Award, Bet, Burn, Button, Call, Check, Deal, Draw, Fold, Hand, PostBlind, Raise, Record,
    SessionEnd, SessionStart, Show, StackStated, Street, UncalledReturned,
)
from badugi_hh.parsers.house import read_house
from badugi_hh.rules import HOUSE
from badugi_hh.simulate import BREAKABLE_RULES, inject_violation, simulate, simulate_session
from badugi_hh.writer import write_records

#: 1,000 legal sessions: about 5 s to simulate and 2.5 s to audit on one core.
LEGAL_SEEDS = range(1000)
COVERAGE_SEEDS = range(300)
BROKEN_SEEDS = range(12)
TOTAL_CHIPS = 2 * (HOUSE.starting_stack or 0)


def hidden_share(seed: int) -> float:
    """Every other seed hides one player's cards in a third of the hands."""
    return 0.3 if seed % 2 else 0.0


@cache
def legal_session(seed: int) -> tuple[Record, ...]:
    return tuple(simulate(1, seed, hidden=hidden_share(seed)))


def hands_of(session: Sequence[Record]) -> list[Hand]:
    return [record for record in session if isinstance(record, Hand)]


def stacks_after(hand: Hand) -> dict[str, int]:
    return {e.player: e.amount for e in hand.events if isinstance(e, StackStated)}


def violations(records: Iterable[Record]) -> list[str]:
    return [str(v) for report in audit(records) for v in getattr(report, "violations", ())]


def rules_reported(records: Iterable[Record]) -> list[str]:
    return sorted(v.split("[", 1)[1].split("]", 1)[0] for v in violations(records))


# -- the sessions themselves -------------------------------------------------------

def test_a_seed_always_gives_the_same_sessions():
    assert list(simulate(3, seed=42)) == list(simulate(3, seed=42))
    assert list(simulate(1, seed=42)) != list(simulate(1, seed=43))
    broken = list(simulate(3, seed=42, break_rule="B3"))
    assert broken == list(simulate(3, seed=42, break_rule="B3"))


def test_the_first_sessions_do_not_depend_on_how_many_are_asked_for():
    two = list(simulate(2, seed=9))
    assert list(simulate(5, seed=9))[:len(two)] == two


@pytest.mark.parametrize("seed", COVERAGE_SEEDS)
def test_a_session_is_complete_and_keeps_every_chip(seed):
    session = legal_session(seed)
    start, *middle, end = session
    assert isinstance(start, SessionStart) and isinstance(end, SessionEnd)
    assert [(p.seat, p.stack) for p in start.players] == [(1, 100), (2, 100)]
    hands = hands_of(session)
    assert hands == middle and 1 <= len(hands) <= HOUSE.session_hands
    assert [h.number for h in hands] == list(range(1, len(hands) + 1))
    assert all(h.hand_id == f"{start.session_id}#{h.number}" for h in hands)
    for hand in hands:
        stacks = stacks_after(hand)
        assert sum(stacks.values()) == TOTAL_CHIPS and min(stacks.values()) >= 0
    # Only the last hand can leave a player broke, and a session ends early only then.
    assert all(min(stacks_after(h).values()) > 0 for h in hands[:-1])
    busted = min(end.stacks.values()) == 0
    assert busted or len(hands) == HOUSE.session_hands
    assert end.stacks == stacks_after(hands[-1])
    top = max(end.stacks.values())
    leaders = [name for name, chips in end.stacks.items() if chips == top]
    assert (end.winner, end.draw) == ((leaders[0], False) if len(leaders) == 1 else (None, True))


@pytest.mark.parametrize("seed", COVERAGE_SEEDS)
def test_lines_increase_and_no_card_is_seen_twice_in_a_hand(seed):
    lines = []
    for hand in hands_of(legal_session(seed)):
        lines += [hand.line, *(e.line for e in hand.events)]
        seen = [card for e in hand.events
                for card in (e.cards if isinstance(e, Deal) else e.drawn if isinstance(e, Draw)
                             else (e.card,) if isinstance(e, Burn) else ())
                if card is not None]
        assert len(seen) == len(set(seen)) and JOKER not in seen
    assert lines == sorted(set(lines))


@pytest.mark.parametrize("seed", COVERAGE_SEEDS)
def test_the_button_alternates_and_posts_the_small_blind(seed):
    session = legal_session(seed)
    seats = {p.seat: p.name for p in session[0].players}
    for number, hand in enumerate(hands_of(session)):
        button = next(e.seat for e in hand.events if isinstance(e, Button))
        assert button == 1 + number % 2
        small, big = (e for e in hand.events if isinstance(e, PostBlind))
        assert (small.player, small.kind, big.kind) == (seats[button], "small", "big")
        dealt = [e.player for e in hand.events if isinstance(e, Deal)]
        assert dealt == [big.player, small.player]


# -- how much of the game the sessions show ------------------------------------------

def features(hand: Hand) -> set[str]:
    """What happens in a hand, in words a coverage report can count."""
    found: set[str] = set()
    betting_round, bets = 1, 0
    for event in hand.events:
        kind = type(event).__name__.lower()
        if isinstance(event, (Check, Bet, Call, Raise, Fold)):
            found.add(kind)
        if isinstance(event, (PostBlind, Bet, Call, Raise)) and event.all_in:
            found.add(f"all-in {kind}")
        if isinstance(event, Street) and event.kind == "draw":
            betting_round, bets = event.number + 1, 0
        if isinstance(event, PostBlind) and event.kind == "big":
            bets = 1
        if isinstance(event, (Bet, Raise)):
            bets += 1
            if bets == HOUSE.max_bets_per_round:
                found.add(f"cap in round {betting_round}")
        if isinstance(event, Fold):
            found.add(f"fold in round {betting_round}")
        if isinstance(event, Draw) and event.stands_pat:
            found.add("stand pat")
        if isinstance(event, Deal) and None in event.cards:
            found.add("hidden cards")
        if isinstance(event, UncalledReturned):
            found.add("uncalled bet returned")
        if isinstance(event, Show):
            found.add("showdown")
    if sum(isinstance(e, Award) for e in hand.events) == 2:
        found.add("split pot")
    return found


def session_features(session: Sequence[Record]) -> set[str]:
    hands = hands_of(session)
    found = set().union(*map(features, hands))
    end = session[-1]
    assert isinstance(end, SessionEnd)
    if len(hands) < HOUSE.session_hands:
        found.add("bust before hand 12")
    if end.draw:
        found.add("drawn session")
    return found


EXPECTED_FEATURES = (
    {"check", "bet", "call", "raise", "fold", "stand pat", "showdown", "split pot",
     "all-in postblind", "all-in bet", "all-in call", "all-in raise", "hidden cards",
     "uncalled bet returned", "bust before hand 12", "drawn session"}
    | {f"cap in round {n}" for n in range(1, 5)}
    | {f"fold in round {n}" for n in range(1, 5)})


def test_the_sessions_show_every_part_of_the_game():
    sessions = Counter(f for seed in COVERAGE_SEEDS for f in session_features(legal_session(seed)))
    assert EXPECTED_FEATURES <= set(sessions), EXPECTED_FEATURES - set(sessions)
    # Busts are common enough to test N1's early end, rare enough to keep most sessions long.
    assert 0.12 <= sessions["bust before hand 12"] / len(COVERAGE_SEEDS) <= 0.45


# -- the audit ------------------------------------------------------------------------

@pytest.mark.parametrize("first", every_other_wide([(0,), (1,)]),
                         ids=["even seeds", "odd seeds"])
def test_the_engine_finds_nothing_wrong_in_legal_sessions(first):
    # every other seed here, the others in the wide tier
    found = [v for seed in LEGAL_SEEDS[first::2] for v in violations(legal_session(seed))]
    assert found == [], f"{len(found)} violations, first: {found[:5]}"



@pytest.mark.parametrize("rule", BREAKABLE_RULES)
def test_a_broken_rule_is_reported_once_and_alone(rule):
    for seed in BROKEN_SEEDS:
        records = list(simulate(1, seed, break_rule=rule, hidden=hidden_share(seed)))
        assert rules_reported(records) == [rule], (seed, violations(records))


def test_an_uncalled_bet_kept_in_the_pot_is_reported_once():
    session = list(simulate_session(random.Random(5), 1))
    index, hand = next((i, r) for i, r in enumerate(session) if isinstance(r, Hand)
                       and any(isinstance(e, UncalledReturned) for e in r.events))
    returned = next(e for e in hand.events if isinstance(e, UncalledReturned))
    events = [dataclasses.replace(e, amount=e.amount + returned.amount) if isinstance(e, Award)
              else e for e in hand.events if e is not returned]
    session[index] = dataclasses.replace(hand, events=events)
    assert rules_reported(session) == ["S3"]


def test_only_known_rules_and_single_sessions_can_be_broken():
    session = simulate_session(random.Random(1), 1)
    with pytest.raises(ValueError, match="cannot break M1"):
        inject_violation(session, "M1", random.Random(1))
    with pytest.raises(ValueError, match="one session"):
        inject_violation(session + session, "B2", random.Random(1))


def test_breaking_keeps_the_hands_before_the_broken_one():
    session = simulate_session(random.Random(2), 1)
    broken = inject_violation(session, "D3", random.Random(2))
    first_broken = next(i for i, (a, b) in enumerate(zip(session, broken, strict=False)) if a != b)
    blamed = [report.hand_id for report in audit(broken) if report.violations]
    assert blamed == [broken[first_broken].hand_id]


# -- through the house format and the command line -------------------------------------

def test_sessions_written_and_read_back_still_pass():
    out = io.StringIO()
    write_records(simulate(30, seed=4, hidden=0.3), out)
    records = list(read_house(out.getvalue(), name="sim.txt"))
    assert sum(isinstance(r, Hand) for r in records) == sum(
        isinstance(r, Hand) for r in simulate(30, seed=4, hidden=0.3))
    assert violations(records) == []


@pytest.mark.parametrize("extra, expected", [
    ([], []),
    (["--break", "G5", "--hidden"], ["G5", "G5"]),   # once in each of the two sessions
])
def test_the_command_writes_a_log_the_validator_reads(tmp_path, extra, expected):
    log = tmp_path / "sim.txt"
    assert main(["simulate", "--sessions", "2", "--seed", "8", "--out", str(log), *extra]) == 0
    records = list(read_house(log))
    assert sum(isinstance(r, SessionStart) for r in records) == 2
    assert rules_reported(records) == expected
