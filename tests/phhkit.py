"""Hands played in PokerKit and written by PokerKit's own PHH writer, for the reader's tests.

A hand is played at random but legally by PokerKit's state machine (every hole card
dealt by PokerKit, one card a deal or a player's cards at once), then written with
``HandHistory.from_game_state``: compressed, each player's cards in one action, or not,
one card an action, round the table, and each replacement card an action of its own.
"""

from __future__ import annotations

import random
import warnings
from dataclasses import dataclass

import pytest

pokerkit = pytest.importorskip("pokerkit")

AUTOMATIONS = (
    pokerkit.Automation.ANTE_POSTING, pokerkit.Automation.BET_COLLECTION,
    pokerkit.Automation.BLIND_OR_STRADDLE_POSTING, pokerkit.Automation.CARD_BURNING,
    pokerkit.Automation.HAND_KILLING, pokerkit.Automation.CHIPS_PUSHING,
    pokerkit.Automation.CHIPS_PULLING,
)


@dataclass(frozen=True)
class PlayedHand:
    """A hand PokerKit played: its PHH text, as PokerKit writes it, and how it ended."""

    text: str
    starting_stacks: list[int]
    final_stacks: list[int]


def game(code: str, ante: int = 0, mode: object = pokerkit.Mode.TOURNAMENT) -> object:
    """PokerKit's game of a PHH variant code: blinds 1/2, bets 2/4 (min bet 2), each
    player's ``ante``; ``mode`` its tournament's rules or a cash game's."""
    if code == "FB":
        return pokerkit.FixedLimitBadugi(AUTOMATIONS, True, ante, (1, 2), 2, 4, mode=mode)
    if code == "F2L3D":
        return pokerkit.FixedLimitDeuceToSevenLowballTripleDraw(AUTOMATIONS, True, ante,
                                                                (1, 2), 2, 4, mode=mode)
    return pokerkit.NoLimitDeuceToSevenLowballSingleDraw(AUTOMATIONS, True, ante, (1, 2), 2,
                                                         mode=mode)


def play(code: str, players: int, seed: int, *, one_card: bool,
         stack_sizes: tuple[int, ...] = (30, 60, 200), ante: int = 0,
         most_discards: int = 3, partial_shows: bool = False) -> PlayedHand:
    """A hand of ``code`` at ``players`` seats, played at random by the seed, each stack
    one of ``stack_sizes``, each draw of at most ``most_discards`` cards. With
    ``partial_shows``, a cash game where each player at the showdown shows some of his
    cards at random (none to all), as PokerKit lets him."""
    rng = random.Random(seed)
    random.seed(seed)   # PokerKit shuffles its deck with the random module
    chosen = game(code, ante, pokerkit.Mode.CASH_GAME if partial_shows
                  else pokerkit.Mode.TOURNAMENT)
    stacks = [rng.choice(stack_sizes) for _ in range(players)]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")   # PokerKit warns of plays it finds unwise
        state = chosen(stacks, players)  # type: ignore[operator]
        while state.status:
            if partial_shows and state.can_show_or_muck_hole_cards():
                held = list(state.hole_cards[state.showdown_index])
                state.show_or_muck_hole_cards(rng.sample(held, rng.randint(0, len(held))))
                continue
            _step(state, code, rng, one_card, most_discards)
    history = pokerkit.HandHistory.from_game_state(chosen, state, compression_status=not one_card)
    return PlayedHand(history.dumps(), stacks, list(state.stacks))


def _step(state: object, code: str, rng: random.Random, one_card: bool,
          most_discards: int) -> None:
    if state.can_deal_hole():
        index = state.hole_dealee_index
        state.deal_hole(1 if one_card else len(state.hole_dealing_statuses[index]), index)
    elif state.can_stand_pat_or_discard():
        held = list(state.hole_cards[state.stand_patter_or_discarder_index])
        state.stand_pat_or_discard(rng.sample(held, rng.randint(0, min(most_discards, len(held)))))
    elif state.can_show_or_muck_hole_cards():
        state.show_or_muck_hole_cards(True)
    else:
        choices = ["cc"]
        if state.checking_or_calling_amount and state.can_fold():
            choices.append("f")
        if state.can_complete_bet_or_raise_to():
            choices += ["cbr", "cbr"]
        choice = rng.choice(choices)
        if choice == "f":
            state.fold()
        elif choice == "cc":
            state.check_or_call()
        else:
            low = state.min_completion_betting_or_raising_to_amount
            high = state.max_completion_betting_or_raising_to_amount
            state.complete_bet_or_raise_to(rng.choice([low, high]) if code == "N2L1D" else low)
