"""Betting structures as data: the sizes a bet or a raise may have (B2), and the cap (B3).

Fixed limit, the house game's, sizes every bet by the round (the small bet,
then the big bet) and caps a round at one bet and three raises; the engine
plays it itself, short all-ins included (T1). Pot limit, half-pot limit and
no limit answer one question, asked here: between which totals may a player
bet or raise to, given the pot and what he owes? None of them caps a round.

>>> pot = structure_of("pot")
>>> pot.raise_range(to_match=20, last_raise=10, pot=60, owed=20, big_blind=10)
(30, 100)
>>> structure_of("no").bet_range(pot=60, big_blind=10)
(10, None)
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Structure", "structure_of"]


@dataclass(frozen=True, slots=True)
class Structure:
    """A betting structure other than fixed limit.

    ``pot_share`` is the most a bet or raise adds, as a share of the pot (a raise
    counting the call first): 1 for pot limit, 1/2 for half-pot limit, None for
    no limit.
    """

    name: str
    pot_share: tuple[int, int] | None   # numerator, denominator

    def bet_range(self, *, pot: int, big_blind: int) -> tuple[int, int | None]:
        """The least and the most a bet may be (at least the big blind)."""
        return big_blind, self._most(pot, big_blind)

    def raise_range(self, *, to_match: int, last_raise: int, pot: int, owed: int,
                    big_blind: int) -> tuple[int, int | None]:
        """The least and the most a raise may go to.

        At least the last bet or raise again (never less than the big blind);
        at most the pot once the raiser's call is in it, on top of the call.
        """
        least = to_match + max(last_raise, big_blind)
        most = self._most(pot + owed, big_blind)
        return least, None if most is None else to_match + most

    def _most(self, pot: int, big_blind: int) -> int | None:
        if self.pot_share is None:
            return None
        numerator, denominator = self.pot_share
        return max(big_blind, pot * numerator // denominator)


_STRUCTURES = {
    "pot": Structure("pot limit", (1, 1)),
    "half-pot": Structure("half-pot limit", (1, 2)),
    "no": Structure("no limit", None),
}


def structure_of(name: str) -> Structure:
    """The structure of ``Ruleset.structure`` (``pot``, ``half-pot``, ``no``)."""
    return _STRUCTURES[name]
