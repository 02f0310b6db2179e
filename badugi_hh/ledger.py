"""What a hand's own log says each player put in and took out, in any game.

The rules engine audits the games it knows; a tracker needs the money of every
hand it reads, audited or not (2-7 and A-5 triple draw, a hand kept without a
line it could not read). :func:`hand_ledger` follows only the chips the log
states, never a rule: the round totals of raises, the uncalled bets returned,
what each player collected, the rake. These are the checks every importer can
make without knowing the hidden cards (``tests/data/real/MANIFEST.md``).

>>> from badugi_hh.events import Award, Call, Fold, Hand, PostBlind, PotTotal, Raise, Seat
>>> from badugi_hh.rules import HOUSE
>>> hand = Hand(hand_id="1", number=1, ruleset=HOUSE, events=[
...     Seat(player="Ana", seat=1, stack=100), Seat(player="Bruno", seat=2, stack=100),
...     PostBlind(player="Ana", amount=1, kind="small"), PostBlind(player="Bruno", amount=2),
...     Raise(player="Ana", to=4), Call(player="Bruno", amount=2), Fold(player="Bruno"),
...     Award(player="Ana", amount=7), PotTotal(total=8, rake=1)])
>>> ledger = hand_ledger(hand)
>>> ledger["Ana"].net, ledger["Ana"].rake, ledger["Bruno"].net
(3, 1, -4)
"""

from __future__ import annotations

from dataclasses import dataclass

from badugi_hh.events import (
    Award, Bet, Call, Fold, Hand, PostBlind, PotTotal, Raise, Seat, Show, Street,
    UncalledReturned,
)

__all__ = ["PlayerLedger", "hand_ledger"]


@dataclass(slots=True)
class PlayerLedger:
    """One player's chips in one hand, as the log states them."""

    player: str
    seat: int
    start_stack: int | None
    put_in: int = 0
    returned: int = 0
    collected: int = 0
    rake: int = 0
    """His share of the rake: taken from the pots he won, in proportion."""
    folded: bool = False
    saw_showdown: bool = False

    @property
    def net(self) -> int:
        return self.collected + self.returned - self.put_in


def hand_ledger(hand: Hand) -> dict[str, PlayerLedger]:
    """Each dealt-in player's chips in ``hand``, from its events alone."""
    players: dict[str, PlayerLedger] = {}
    round_in: dict[str, int] = {}
    rake = 0
    showdown = False
    for event in hand.events:
        kind = type(event)
        if kind is Seat:
            if event.in_hand:
                players[event.player] = PlayerLedger(event.player, event.seat, event.stack)
            continue
        if kind is Street:
            if event.kind == "draw":
                round_in.clear()
            showdown = showdown or event.kind == "showdown"
            continue
        if kind is PotTotal:
            rake = event.rake
            continue
        player = players.get(getattr(event, "player", ""))
        if player is None:
            continue
        name = player.player
        if kind is PostBlind:
            player.put_in += event.amount
            if event.kind not in ("dead", "ante"):
                live = (min(event.amount, hand.ruleset.big_blind)
                        if event.kind == "small+big" else event.amount)
                round_in[name] = round_in.get(name, 0) + live
        elif kind is Bet or kind is Call:
            player.put_in += event.amount
            round_in[name] = round_in.get(name, 0) + event.amount
        elif kind is Raise:
            player.put_in += event.to - round_in.get(name, 0)
            round_in[name] = event.to
        elif kind is UncalledReturned:
            player.returned += event.amount
        elif kind is Award:
            player.collected += event.amount
        elif kind is Fold:
            player.folded = True
        elif kind is Show:
            showdown = True
    _share_rake(players, rake)
    contenders = [p for p in players.values() if not p.folded]
    if showdown and len(contenders) > 1:
        for player in contenders:
            player.saw_showdown = True
    return players


def _share_rake(players: dict[str, PlayerLedger], rake: int) -> None:
    """The rake, shared by the winners in proportion to what they collected."""
    winners = [p for p in players.values() if p.collected > 0]
    collected = sum(p.collected for p in winners)
    if not rake or not collected:
        return
    left = rake
    for player in winners[1:]:
        player.rake = rake * player.collected // collected
        left -= player.rake
    winners[0].rake = left
