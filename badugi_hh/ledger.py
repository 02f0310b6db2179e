"""The chips of a hand: one account of what each player puts in, for readers and engine.

:class:`Stake` is the only arithmetic of chips put in a hand: a blind's live and
dead parts, a call or a bet added, a raise to a round total, a new round. The
rules engine keeps each player's contributions in one, in the general replay and
in its heads-up fast path alike (its table state is made of them,
:mod:`badugi_hh.engine.state`), and :func:`hand_ledger` follows a hand's log with
the same, so none of them can disagree on what was put in.

The engine audits the games it knows; a tracker needs the money of every hand it
reads, audited or not (a hand kept without a line it could not read). The
ledger follows only the chips the log states, never a rule: the round totals of
raises, the uncalled bets returned, what each player collected, the rake. These
are the checks every importer can make without knowing the hidden cards
(``tests/data/real/MANIFEST.md``).

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
    Award, Bet, BlindKind, Call, Fold, Hand, PostBlind, PotTotal, Raise, Seat, Show, Street,
    UncalledReturned,
)

__all__ = ["PlayerLedger", "Stake", "hand_ledger"]


@dataclass(slots=True, kw_only=True)
class Stake:
    """What one player has put into a hand so far.

    >>> stake = Stake()
    >>> stake.post("small+big", 3, big_blind=2)   # a dead small blind and a live big one
    2
    >>> stake.raise_to(6), stake.put_in, stake.dead, stake.bet
    (4, 7, 1, 6)
    """

    put_in: int = 0
    """Every chip put in: blinds, antes, bets, calls and raises."""
    dead: int = 0
    """Dead blinds and antes: in the pot whatever happens, never a bet (T3)."""
    round_in: int = 0
    """Live chips in the betting round under way (what a raise's total counts)."""

    @property
    def bet(self) -> int:
        """What the player bet in the hand: all he put in but dead money."""
        return self.put_in - self.dead

    def post(self, kind: BlindKind, amount: int, big_blind: int) -> int:
        """A blind or an ante of ``amount``; returns its live part.

        An ante and a dead blind are dead money; ``small+big`` is a dead small
        blind on top of a live big blind (T3).
        """
        if kind == "dead" or kind == "ante":
            dead = amount
        elif kind == "small+big":
            dead = max(0, amount - big_blind)
        else:
            dead = 0
        self.put_in += amount
        self.dead += dead
        self.round_in += amount - dead
        return amount - dead

    def add(self, amount: int) -> None:
        """A bet or a call of ``amount`` chips."""
        self.put_in += amount
        self.round_in += amount

    def raise_to(self, to: int) -> int:
        """A raise to a round total of ``to``; returns the chips it adds."""
        added = to - self.round_in
        self.put_in += added
        self.round_in = to
        return added


@dataclass(slots=True)
class PlayerLedger(Stake):
    """One player's chips in one hand, as the log states them."""

    player: str
    seat: int
    start_stack: int | None
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
    rake = 0
    showdown = False
    big_blind = hand.ruleset.big_blind
    for event in hand.events:
        if isinstance(event, Seat):
            if event.in_hand:
                players[event.player] = PlayerLedger(event.player, event.seat, event.stack)
            continue
        if isinstance(event, Street):
            if event.kind == "draw":
                for each in players.values():
                    each.round_in = 0
            showdown = showdown or event.kind == "showdown"
            continue
        if isinstance(event, PotTotal):
            rake = event.rake
            continue
        player = players.get(getattr(event, "player", ""))
        if player is None:
            continue
        if isinstance(event, PostBlind):
            player.post(event.kind, event.amount, big_blind)
        elif isinstance(event, (Bet, Call)):
            player.add(event.amount)
        elif isinstance(event, Raise):
            player.raise_to(event.to)
        elif isinstance(event, UncalledReturned):
            player.returned += event.amount
        elif isinstance(event, Award):
            player.collected += event.amount
        elif isinstance(event, Fold):
            player.folded = True
        elif isinstance(event, Show):
            showdown = True
    _share_rake(players, rake)
    contenders = [p for p in players.values() if not p.folded]
    if showdown and len(contenders) > 1:
        for contender in contenders:
            contender.saw_showdown = True
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
