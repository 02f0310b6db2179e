"""Betting structures: the sizes a bet or a raise may have (B2), the cap (B3), and what
reopens the betting (T1, T8).

:class:`Levels` holds the amounts of one betting round (what there is to match,
the last full bet or raise, how many count toward the cap) and judges each bet
or raise against the structure: fixed limit sizes every bet by the round (the
small bet, then the big bet) and caps a round; pot limit, half-pot limit and no
limit (:class:`Structure`) allow a range and have no cap.

>>> pot = structure_of("pot")
>>> pot.raise_range(to_match=20, last_raise=10, pot=60, owed=20, big_blind=10)
(30, 100)
>>> structure_of("no").bet_range(pot=60, big_blind=10)
(10, None)

What reopens the betting (T8): a full bet or raise, or short all-ins that add up
to one for a player since he acted. In fixed limit an all-in of half a bet or
more counts as a full one (T1's half-bet rule):

>>> from badugi_hh.rules import HOUSE
>>> levels = Levels(HOUSE)
>>> levels.start(3)                       # the big bet is 4 after the second draw
>>> levels.reopens(1), levels.reopens(2)  # an all-in raising by 1, by 2
(False, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from badugi_hh.engine.report import WHOLE_CHIPS, chips, round_name, written
from badugi_hh.frozen import rebuilt
from badugi_hh.rules import Ruleset

__all__ = ["Levels", "Structure", "raise_over_all_in", "structure_of"]


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

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        return rebuilt(self)   # copy and pickle, compiled too (badugi_hh.frozen)


_STRUCTURES = {
    "pot": Structure("pot limit", (1, 1)),
    "half-pot": Structure("half-pot limit", (1, 2)),
    "no": Structure("no limit", None),
}


def structure_of(name: str) -> Structure | None:
    """The structure of ``Ruleset.structure``; None for fixed limit."""
    return _STRUCTURES.get(name)


class Levels:
    """The amounts of one betting round, and the sizes a bet or raise may have in it."""


    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules
        self.structure = structure_of(rules.structure)   # None: fixed limit
        self.start(1)

    def start(self, number: int) -> None:
        """Betting round ``number`` begins: nothing to match yet."""
        self.round = number
        self.size = self.rules.bet_size(number)   # fixed limit's bet and raise
        self.to_match = 0
        self.full_to = 0           # the last full bet or raise: raises go from it (T1)
        self.short_half = False    # an all-in since then of half a bet or more (T1)
        self.last_raise = 0        # the last full bet or raise's size (not fixed limit)
        self.largest_raise = 0     # the largest bet or raise, short or not, blinds aside
        self.bets = 0              # the bet and raises toward the cap (B3)

    def post_big_blind(self) -> None:
        """The big blind is the round's bet: raises go from it, even posted short (T1)."""
        self.full_to = max(self.full_to, self.rules.big_blind)
        self.last_raise = self.rules.big_blind

    def reopens(self, increase: int) -> bool:
        """Whether raising what there is to match by ``increase`` reopens the betting for
        a player who acted before it (T8): a full bet or raise; in fixed limit half a
        bet is enough (T1); by PokerKit's rules (``Ruleset.reopen_by_least_bet`` false)
        as much as the round's largest bet or raise before it, however small that is, in
        every structure."""
        if not self.rules.reopen_by_least_bet:   # PokerKit's measure of a full raise
            return increase >= self.largest_raise
        if self.structure is None:
            return 2 * increase >= self.size
        return increase >= max(self.last_raise, self.least_bet)

    @property
    def least_bet(self) -> int:
        """The least bet, and raise, of pot and no limit: the big blind unless the rules
        say another (PHH's ``min_bet``)."""
        return self.rules.min_bet or self.rules.big_blind

    @property
    def capped(self) -> bool:
        """The bet and every raise are in: nobody raises (B3; not in pot or no limit)."""
        return self.structure is None and self.bets > self.rules.max_raises

    # -- fixed limit -------------------------------------------------------------

    def fixed_bet(self, name: str, amount: int, all_in: bool) -> tuple[str | None, bool]:
        """A fixed-limit bet of ``amount``: what is wrong with it (B2), and whether it
        counts toward the cap (a short all-in does not, T1)."""
        size = self.size
        short = amount < size and all_in
        problem = None
        if amount != size and not short:
            problem = (f"{name} bets {chips(amount)}; a bet {round_name(self.round)} is "
                       f"{chips(size)}")
        self.largest_raise = max(self.largest_raise, amount)
        return problem, self._raise_level(amount, short)

    def fixed_raise(self, name: str, to: int, by: int | None, all_in: bool,
                    ) -> tuple[str | None, bool]:
        """A fixed-limit raise to ``to``: what is wrong with its size (B2), and whether it
        counts toward the cap.

        Raises go from the last full bet or raise: after a short all-in the next
        player *completes* it (T1). After an all-in of half a bet or more, a full
        raise over it is legal too, measured from the all-in or from the full raise
        it counts as; so is an all-in over it that falls short of both, which is
        itself short of the full raise the first one counts as. A PHH hand's raise
        goes one bet over the highest bet instead, an all-in for less included
        (:func:`raise_over_all_in`, PokerKit's rule).
        """
        size, to_match = self.size, self.to_match
        expected_to = self.full_to + size
        legal = self.legal_raises()
        # An all-in short of every legal size is no fault (S3); one that is a full raise
        # over the all-in before it but falls short of a full raise over the level that
        # all-in counts as is itself a short all-in of that chain (T1): the next raise
        # may go from either.
        short = all_in and to < max(legal) and (to not in legal or to > expected_to)
        problem = None
        if to not in legal and not short:
            amounts = sorted(set(legal))
            over = (f", over the all-in to {chips(to_match)}, as PokerKit raises"
                    if self.rules.raise_over_short_all_in and to_match != self.full_to else "")
            problem = (f"{name} raises to {chips(to)}, but a raise {round_name(self.round)} "
                       f"goes to {_either(amounts)} (the bet is {chips(size)}{over})")
        else:
            problem = _by_and_to(name, by, to, to_match)
        if self.short_half and to > expected_to:
            # raised over: the all-in counted as the full raise to expected_to (T1)
            self.full_to, self.short_half = expected_to, False
            self.bets += 1
        self.largest_raise = max(self.largest_raise, to - to_match)
        return problem, self._raise_level(to, short)

    def legal_raises(self) -> tuple[int, ...]:
        """The totals a full fixed-limit raise may go to (T1), the least first."""
        size, to_match, expected_to = self.size, self.to_match, self.full_to + self.size
        if self.rules.raise_over_short_all_in:
            return (raise_over_all_in(to_match, size),)
        if self.short_half:
            return (expected_to, to_match + size, expected_to + size)
        return (expected_to,)

    def raise_meant(self, name: str, to: int, by: int | None, most: int,
                    ) -> tuple[int, str | None]:
        """The total a raise to ``to`` by ``by`` goes to (``most``: the most the raiser
        can reach), and what is wrong with the log's figures if it is not ``to`` (B2).

        Its total, what the next call matches, unless in fixed limit only its increment
        makes a full raise: the rules know the raise's size, so the total is the slip
        (``raises 2 to 5`` over a bet of 2, the bet 2, goes to 4). In pot and no limit a
        range is legal and the rules cannot tell: the total is followed.
        """
        if by is None or self.structure is not None:
            return to, None
        legal, by_to = self.legal_raises(), self.to_match + by
        if by_to not in legal or to in legal or by_to > most:
            return to, None
        return by_to, (f"{name} raises {chips(by)} to {chips(to)}, but a raise of {chips(by)} "
                       f"goes to {chips(by_to)}, a full raise {round_name(self.round)} (the "
                       f"bet is {chips(self.size)}): played as a raise to {chips(by_to)}")

    def _raise_level(self, to: int, short_all_in: bool) -> bool:
        """Move the level raises go from; whether the bet or raise to ``to`` counts (T1).

        A bet or raise sets the level (a wrong one too: B2 has said so, and the
        log is followed). An all-in for less than a full bet or raise leaves the
        level where it was, and does not count toward the cap: the next player
        may *complete* it to the full level (PokerStars does so even after an
        all-in of half a bet or more), and that completion counts.
        """
        if not short_all_in:
            self.full_to, self.short_half = to, False
            return True
        self.short_half = self.short_half or 2 * (to - self.full_to) >= self.size
        return False

    # -- pot limit, half-pot limit, no limit ----------------------------------------

    def sized(self, name: str, kind: str, to: int, by: int | None, owed: int, pot: int,
              all_in: bool) -> str | None:
        """A bet or raise to ``to`` in pot, half-pot or no limit: what is wrong with its
        size (B2). The last full bet or raise sets the least raise after it; by
        PokerKit's rules (``Ruleset.reopen_by_least_bet`` false) the round's largest bet
        or raise does, the blinds not counted, so a raise over the big blind goes
        ``min_bet`` over it, whatever the big blind
        (``State.min_completion_betting_or_raising_to_amount``)."""
        structure, big_blind, to_match = self.structure, self.least_bet, self.to_match
        assert structure is not None, "fixed limit is sized by fixed_bet and fixed_raise"
        last_raise = self.last_raise if self.rules.reopen_by_least_bet else self.largest_raise
        least, most = (structure.bet_range(pot=pot, big_blind=big_blind) if not to_match
                       else structure.raise_range(to_match=to_match, last_raise=last_raise,
                                                  pot=pot, owed=owed, big_blind=big_blind))
        problem = None
        if (to < least and not all_in) or (most is not None and to > most):
            limit = (f"{chips(least)} to {chips(most)}" if most is not None
                     else f"at least {chips(least)}")
            problem = (f"{name} {kind}s to {chips(to)}; in {structure.name} a {kind} "
                       f"{round_name(self.round)} goes to {limit}")
        else:
            problem = _by_and_to(name, by, to, to_match)
        if to - to_match >= self.last_raise:   # a full bet or raise: the next goes from it
            self.last_raise = to - to_match
        self.largest_raise = max(self.largest_raise, to - to_match)
        return problem


def raise_over_all_in(highest: int, size: int) -> int:
    """Where a fixed-limit raise goes by PokerKit's rule (a PHH hand's,
    ``Ruleset.raise_over_short_all_in``): one bet over the highest bet, an all-in for less
    included; T1 raises from the last full bet or raise instead. The PHH writer holds a
    site's hand to it too.

    >>> raise_over_all_in(9, 4)   # a raise to 8, an all-in to 9: PokerKit's raise goes to 13
    13
    """
    return highest + size


def _by_and_to(name: str, by: int | None, to: int, to_match: int) -> str | None:
    """What is wrong with a raise whose increment ``by`` and total ``to`` disagree (B2).

    >>> written(_by_and_to("Ana", 53, 53, 2) or "", WHOLE_CHIPS)
    'Ana raises by 53, but from 2 to 53 is a raise of 51'
    """
    if by is None or by == to - to_match:
        return None
    return (f"{name} raises by {chips(by)}, but from {chips(to_match)} to {chips(to)} is a "
            f"raise of {chips(to - to_match)}")


def _either(amounts: list[int]) -> str:
    """The legal amounts as a sentence says them.

    >>> written(_either([8]), WHOLE_CHIPS), written(_either([12, 15, 16]), WHOLE_CHIPS)
    ('8', '12, 15 or 16')
    """
    *others, last = [chips(amount) for amount in amounts]
    return f"{', '.join(others)} or {last}" if others else last
