"""The engine reports what no rule allows, and never crashes on it."""

from __future__ import annotations

from badugi_hh.engine.replay import HandReplay
from badugi_hh.events import Button, Fold, Hand, PostBlind
from badugi_hh.rules import HOUSE


def test_a_hand_where_every_player_folded_is_a_violation_not_a_crash() -> None:
    """Nobody left to pay: the award had divided the pot by zero winners."""
    hand = Hand(hand_id="demo#1", number=1, ruleset=HOUSE, source="demo.txt", events=[
        Button(seat=1, line=1), PostBlind(player="Ana", amount=1, kind="small", line=2),
        PostBlind(player="Bruno", amount=2, kind="big", line=3), Fold(player="Ana", line=4)])
    replay = HandReplay(hand, {"Ana": 1, "Bruno": 2})
    replay.feed_all(hand.events)
    replay.table.players["Bruno"].folded_in_round = 1   # what a log the replay followed could leave
    report = replay.finish()
    # the big blind's uncalled chip went back: the pot is Ana's 1 and Bruno's 1
    assert ("S4", "every player folded: nobody is left to win the pot of 2") in [
        (v.rule, v.message) for v in report.violations]
