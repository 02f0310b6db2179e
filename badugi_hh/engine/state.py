"""What a replayed hand hands over to be settled: the table's state and the log's claims.

The replay (:mod:`.replay`, or the heads-up fast path, :mod:`.fast`) closes a
hand and hands over two frozen values: :class:`TableState`, what happened at the
table (each player's chips in, folds, cards, seats, blinds, how the hand
ended), and :class:`LogClaims`, what the log says came of it (awards, returns,
stacks, nets, descriptions, its summary and total). The settlement
(:func:`badugi_hh.engine.settle.settle`) is a function of these two alone.

>>> from badugi_hh.rules import HOUSE
>>> ana = PlayerState("Ana", 1, 100, put_in=4, dead=0, folded_in_round=None, all_in=False,
...                   dealt=())
>>> ana.bet, ana.folded
(4, False)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal, NamedTuple

from badugi_hh.engine.report import ActionRecord, DrawRecord
from badugi_hh.events import Cards
from badugi_hh.rules import Ruleset
from badugi_hh.sites import site_of

__all__ = ["Ending", "LogClaims", "PlayerState", "STOPS_SHORT", "Stated", "TableState",
           "partial_hands_allowed", "partial_history"]

#: How a hand ended: every player but one folded, a showdown, or the log stops.
Ending = Literal["fold", "showdown", "incomplete"]
#: The B1 of a hand that just stops: no fault where its format allows a partial history.
STOPS_SHORT = "the hand stops before a fold or a showdown"
#: An amount the log states, and the line it states it on.
Stated = tuple[int, int]


class PlayerState(NamedTuple):
    """One player dealt in, at the end of the hand."""

    name: str
    seat: int
    start: int
    put_in: int
    dead: int
    """Dead blinds and antes: in the pot, never a bet (T3)."""
    folded_in_round: int | None
    """The betting round he folded in; None if he did not fold."""
    all_in: bool
    dealt: Cards

    @property
    def folded(self) -> bool:
        return self.folded_in_round is not None

    @property
    def bet(self) -> int:
        """What he bet in the hand: all he put in but dead money."""
        return self.put_in - self.dead


class TableState(NamedTuple):
    """The table at the end of a hand, as the rules have it (and the log where it was
    followed after a report)."""

    hand_id: str
    source: str
    rules: Ruleset
    players: Mapping[str, PlayerState]
    """Every player dealt in, in the order the log seated them."""
    clockwise: tuple[str, ...]
    """The players clockwise from the first seat left of the button (the odd chip's order)."""
    button: str | None
    big_blind: str | None
    ended: Ending
    showdown: bool
    """Whether a showdown began (a fold after it still ends the hand as a fold)."""
    end_line: int
    """The fold that ended the hand, else the last line of the hand."""
    shown: Mapping[str, Cards]
    """The cards each player showed down, as the replay reconciled them with the deal."""
    mucked: frozenset[str]
    rounds_played: int
    draws_played: int
    actions: list[ActionRecord]
    draws: list[DrawRecord]
    idle: Mapping[str, int]
    """Players seated but not dealt in (T2), with their stacks."""
    runs: tuple[Mapping[str, Cards], ...]
    """A hand run twice: each later run's hands of the showdown's players (the first
    run's are ``shown``); empty for a hand run once."""


class LogClaims(NamedTuple):
    """What the log says came of the hand, each with its line."""

    awards: Mapping[str, int]
    """What each player is paid, all pots and halves together."""
    award_line: int
    """The first award's line (0: no award stated)."""
    award_pots: tuple[tuple[str, str, int, int], ...]
    """Awards that name their pot (``main``, ``side 1 badugi``): (player, pot, amount, line)."""
    returns: Mapping[str, Stated]
    """Uncalled bets the log says were returned."""
    inferred_returns: Mapping[str, int]
    """Returns the reader worked out itself (the log pays them with the pot): its
    arithmetic, never a claim to check."""
    stacks: Mapping[str, Stated]
    nets: Mapping[str, Stated]
    descriptions: Sequence[tuple[str, str, int]]
    """Each description the log gives of a shown hand, as (player, words, line): a show
    line's, an award's, and a site summary's restating them, each judged."""
    summary: Mapping[str, Stated]
    """What the summary says each player won (0: nothing)."""
    pot_total: tuple[int | None, int, int] | None
    """The log's total pot (None where it states only the rake), the rake, the line."""


def partial_hands_allowed(rules: Ruleset) -> bool:
    """Whether a hand of these rules may stop before it is over (PHH's "partial history",
    :attr:`badugi_hh.sites.Site.partial_hands`). The format is the ruleset's first word
    (``phh F2L3D``), as :func:`badugi_hh.money.site_of` reads a site where a reader does
    not say it: a PHH file's hand is PHH's whatever site its ``_site`` names."""
    site = site_of(rules.name.split(" ", 1)[0])
    return site is not None and site.partial_hands


def partial_history(state: TableState) -> bool:
    """Whether the hand stops before it is over where its format allows it: its bets are
    still out, its pot paid to nobody, as its ``finishing_stacks`` state them."""
    return state.ended == "incomplete" and partial_hands_allowed(state.rules)
