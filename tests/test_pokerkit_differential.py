"""PokerKit as a second referee: simulated hands replayed by it and by our engine.

Each simulated hand is written as PHH and replayed by PokerKit action by
action, with the house cap set in PokerKit (one bet and three raises a round,
the big blind counting as the bet: PokerKit's fixed limit allows four
completions, bets or raises a street, blind not counted). Both must accept
every action, end with the same stacks and pay the same players. The only
differences allowed are the documented ones: a card dealt twice is a warning in
PokerKit and a violation (D4) here (the simulator deals none), and PokerKit does
not reopen the betting after a short all-in raise (T1) and waits for a check
from the last player with chips (S3 has no betting then), so multiway hands in
which a player goes all-in are left out.

The default run compares a small sample; ``pytest -m pokerkit_large`` compares
20,000 hands for each game and table size (about a minute each).
"""

from __future__ import annotations

import dataclasses
import io
import itertools
import warnings

import pytest

from badugi_hh.engine import Auditor, HandReport
from badugi_hh.events import Hand
from badugi_hh.phh_writer import phh_fields, write_phhs
from badugi_hh.rules import HOUSE
from badugi_hh.simulate import simulate, table_rules

pokerkit = pytest.importorskip("pokerkit")
from pokerkit.notation import parse_action  # noqa: E402  (after the skip)

#: Every game of ours that PokerKit plays (it has no A-5 triple draw, nor split games),
#: and the table sizes compared.
GAMES = ["badugi", "27td"]
PLAYERS = [2, 3, 6]
SAMPLE_HANDS, LARGE_HANDS = 300, 20_000


class CappedHistory(pokerkit.HandHistory):
    """A PHH hand in PokerKit, under the house cap (RULES.md B3)."""

    def create_game(self) -> object:
        game = super().create_game()
        game.streets = tuple(
            dataclasses.replace(street, max_completion_betting_or_raising_count=(
                HOUSE.max_raises if index == 0 else HOUSE.max_bets_per_round))
            for index, street in enumerate(game.streets))
        return game


def simulated(game: str, players: int, hands: int, seed: int) -> list[tuple[Hand, HandReport]]:
    """``hands`` simulated hands (a quarter with hidden cards) and our reports of them."""
    auditor, pairs = Auditor(), []
    for record in simulate(hands, seed, table_rules(game, players), hidden=0.25):
        for report in auditor.feed(record):
            if (isinstance(report, HandReport) and isinstance(record, Hand)
                    and not (players > 2 and _goes_all_in(record))):
                pairs.append((record, report))
        if len(pairs) >= hands:
            break
    return pairs[:hands]


def _goes_all_in(hand: Hand) -> bool:
    """Whether a player goes all-in in the hand (by a blind, a call, a bet or a raise).

    The readings that differ are all-in ones. PokerKit does not reopen the
    betting after a short all-in raise, whereas the half-bet rule of limit poker
    (docs/rules.md, T1), which the simulator plays, lets a full raise follow an
    all-in of half a bet or more; and when the one player left with chips has
    not acted yet, PokerKit waits for his check, where RULES.md S3 has no
    betting once the others are all-in. Multiway, such hands are left out.
    """
    return any(getattr(event, "all_in", False) for event in hand.events)


def replay_in_pokerkit(text: str) -> tuple[object, list[str]]:
    """PokerKit's final state of a PHH hand, and every action it refused.

    As PokerKit's own reader does, the steps PHH leaves out (blinds, collecting
    bets, burns, awarding the pots) are taken when the next action needs them.
    """
    history = CappedHistory.loads(text)
    state = history.create_state()
    refused = []
    for action in history.actions:
        while True:
            try:
                parse_action(state, action)
                break
            except ValueError:
                if not _automatic_step(state):
                    refused.append(action)
                    break
    while _automatic_step(state):
        pass
    return state, refused


def _automatic_step(state: object) -> bool:
    for can, do in (("can_post_ante", "post_ante"), ("can_collect_bets", "collect_bets"),
                    ("can_post_blind_or_straddle", "post_blind_or_straddle"),
                    ("can_burn_card", "burn_card"), ("can_kill_hand", "kill_hand"),
                    ("can_push_chips", "push_chips"), ("can_pull_chips", "pull_chips")):
        if getattr(state, can)():
            getattr(state, do)(*(("??",) if do == "burn_card" else ()))
            return True
    if state.status and state.can_show_or_muck_hole_cards(()):
        state.show_or_muck_hole_cards(())
        return True
    return False


def _winners(state: object, names: list[str]) -> set[str]:
    """Whom PokerKit paid from a pot.

    Only who, not how much: PokerKit pays a winner his own unmatched chips back
    before the pot, and we count them in the pot he wins (the stacks agree).
    """
    return {name for operation in state.operations
            if isinstance(operation, pokerkit.ChipsPushing)
            for name, amount in zip(names, operation.amounts) if amount}


def compare(pairs: list[tuple[Hand, HandReport]]) -> int:
    """Replay each hand in PokerKit and check it agrees with us; how many hands compared."""
    disagreements = []
    for hand, report in pairs:
        assert not report.violations, f"{hand.hand_id} is not legal: {report.violations}"
        fields = phh_fields(hand, report)
        out = io.StringIO()
        write_phhs([fields], out)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")   # PokerKit warns of a needless fold
            state, refused = replay_in_pokerkit(out.getvalue().split("\n", 1)[1])
        names = fields["players"]
        stacks = dict(zip(names, map(int, state.stacks)))
        ours = {name: report.players[name].end_stack for name in names}
        if refused or stacks != ours or _winners(state, names) != set(report.winners):
            disagreements.append((hand.hand_id, refused, stacks, ours))
    assert not disagreements, disagreements[:3]
    return len(pairs)


@pytest.mark.parametrize(("game", "players"), list(itertools.product(GAMES, PLAYERS)))
def test_pokerkit_agrees_on_a_sample(game: str, players: int) -> None:
    assert compare(simulated(game, players, SAMPLE_HANDS, seed=41)) == SAMPLE_HANDS


@pytest.mark.pokerkit_large
@pytest.mark.parametrize(("game", "players"), list(itertools.product(GAMES, PLAYERS)))
def test_pokerkit_agrees_on_20000_hands(game: str, players: int) -> None:
    assert compare(simulated(game, players, LARGE_HANDS, seed=2024)) == LARGE_HANDS


def test_the_house_cap_is_set_in_pokerkit() -> None:
    """A fourth raise before the draw is refused (PokerKit alone would allow it)."""
    actions = ["d dh p1 ????????", "d dh p2 ????????", "p2 cbr 4", "p1 cbr 6", "p2 cbr 8",
               "p1 cbr 10"]
    text = ('variant = "FB"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nsmall_bet = 2\n'
            f"big_bet = 4\nstarting_stacks = [100, 100]\nactions = {actions!r}\n"
            ).replace("'", '"')
    _, refused = replay_in_pokerkit(text)
    assert refused == ["p1 cbr 10"]
