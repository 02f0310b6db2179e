"""The log's payout against the pots the settlement built: who is paid, and from what.

The settlement (:mod:`.settle`) works out the pots, who wins each and each half
of a split game; :class:`Payout` judges the log's awards against that and says
which rule a difference breaks, one report per mistake:

- the amounts paid do not make the pot: S1 (S4 after a fold), or S3 when the
  log paid the uncalled bet with the pot; a rake where the rules take none is S1
  (S4) too;
- a player paid from a side pot he did not cover, or paid more than the pots
  he covered hold: M3;
- an award from a side pot the chips do not make (``from side pot 5``): S1, once
  a pot, who it pays judged as any award;
- a half the log labels as the Badugi half of a pot nobody who could win it
  qualifies for: X3 (the whole pot goes to the lowball half);
- a pot, or a half, paid to a worse hand: S1, with the evaluation rule behind it
  (E1-E5) in plain Badugi;
- the right players paid the wrong shares: S2 for a tie, X3 for a split pot's
  halves, S1 otherwise.

What the hand paid is then the awards as the log says them, unless the hand's own
statements of its end (stacks, nets, a summary's results) agree with the rules'
payout instead: the award is then the one wrong figure, and following it would make
each correct statement a violation of its own (docs/rules.md, "One mistake, one
violation").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from badugi_hh.engine.describe import explain_wrong_badugi
from badugi_hh.engine.report import Pot, chips
from badugi_hh.engine.shares import Share, half_of, pot_number
from badugi_hh.engine.state import LogClaims, TableState
from badugi_hh.evaluate import BadugiValue
from badugi_hh.games import Game, HandValue
from badugi_hh.rules import ODD_CHIP_RULES
from badugi_hh.wording import counted

__all__ = ["Payout"]


def _nonzero(awards: dict[str, int]) -> dict[str, int]:
    """The awards of something.

    >>> _nonzero({"Ana": 2, "Bruno": 0})
    {'Ana': 2}
    """
    return {name: amount for name, amount in awards.items() if amount}


def _paid(awards: dict[str, int]) -> set[str]:
    """Who is paid something."""
    paid = set()
    for name, amount in awards.items():   # a loop, not a set comprehension: every hand
        if amount > 0:
            paid.add(name)
    return paid


def _each_paid(awards: dict[str, int]) -> str:
    """``Ana 3, Bo 2``: what each player is paid, by name, for a message."""
    return ", ".join(f"{name} {chips(amount)}" for name, amount in sorted(awards.items()))


def _the_pot_paid(computed: dict[str, int] | None, rake: int) -> dict[str, int] | None:
    """What a hand whose awards do not make its pot paid: the pot as the rules share
    it, the rake taken from the largest share (None while a hand is unknown).

    The chips each player put in, line by line, and the log's own total make the
    pot; an award that contradicts them is the one figure of the log that is wrong,
    and following it would store nets that do not add up.

    >>> _the_pot_paid({"Ana": 600, "Bo": 625}, 25)
    {'Ana': 600, 'Bo': 600}
    """
    if computed is None:
        return None
    paid = dict(computed)
    if rake and paid:
        largest = max(paid, key=lambda name: paid[name])
        paid[largest] -= rake
    return paid


class Payout:
    """The pots as the rules share them, to judge the log's awards by."""


    def __init__(self, state: TableState, claims: LogClaims, game: Game, pots: list[Pot],
                 shares: list[list[Share]], half_values: Sequence[Mapping[str, HandValue]],
                 tied: bool, report: Callable[[str, int, str], None]) -> None:
        self.state = state
        self.claims = claims
        self.game = game
        self.pots = pots
        self.shares = shares                # each pot's shares, as the rules cut it
        self.half_values = half_values
        self.tied = tied                    # whether a pot or half was shared by a tie (S2)
        self.report = report
        #: What the rules pay each player a disputed award the hand followed pays
        #: otherwise, where the hand states no end of his (:attr:`PlayerResult.rules_won`).
        self.unsettled: dict[str, int] = {}

    def judge(self, computed: dict[str, int] | None, pot: int, returned: dict[str, int],
              rake: int) -> dict[str, int]:
        """Check the log's awards against the pot and the winners; what the hand paid."""
        state, claims = self.state, self.claims
        stated = dict(claims.awards)
        for name, amount in claims.inferred_returns.items():
            # The reader took the return out of the award: count it the engine's way.
            if name in stated:
                stated[name] += amount - returned.get(name, 0)
        rule = "S4" if state.ended == "fold" else "S1"
        if rake and not state.rules.rake:
            self._rake_not_taken(rule, rake, pot)
        if not stated:
            if state.ended != "incomplete" and state.rules.awards_logged:
                self.report(rule, state.end_line, f"the log does not say who wins the pot "
                            f"of {chips(pot)}")
            elif state.ended != "incomplete" and computed is None:
                # a log that need not state the award (PHH's) leaves it to the rules, and
                # they cannot say it either: the pot would be paid to nobody, unsaid
                self.report(rule, state.end_line, f"the log does not say who wins the pot "
                            f"of {chips(pot)}, and the rules cannot: {self._unknown_hands()} not "
                            f"known")
            return computed or {}
        line = claims.award_line
        paid = sum(stated.values())
        if paid + rake != pot:
            forgot_return = sum(returned.values())
            if forgot_return and paid + rake == pot + forgot_return:
                self.report("S3", line, f"the log pays out {chips(paid)}, the whole of the "
                            f"bets; the uncalled {chips(forgot_return)} goes back to "
                            f"{', '.join(returned)}, so the pot is {chips(pot)}")
                returned.clear()   # follow the log: its award already holds the return
            else:
                rake_note = f" after a rake of {chips(rake)}" if rake else ""
                self.report(rule, line, f"the log pays out {chips(paid)}{rake_note}, but the "
                            f"pot is {chips(pot)}")
                return self._agreed_payout(stated, _the_pot_paid(computed, rake), returned)
        elif computed is not None and self._compare_winners(computed, stated, rake, line):
            return self._disputed_payout(stated, _the_pot_paid(computed, rake), returned)
        return stated

    def _unknown_hands(self) -> str:
        """``Ana's hand is``: the hands that contest a pot but are not known, which leave
        its winner unknown (``settle._Settler._shares``)."""
        values, mucked = self.half_values[0], self.state.mucked
        unknown: list[str] = []
        for pot in self.pots:
            contenders = [name for name in pot.eligible if name not in mucked]
            if len(contenders) > 1:
                unknown += [name for name in contenders
                            if name not in values and name not in unknown]
        names = [f"{name}'s" for name in unknown]
        return (f"{' and '.join(names)} hands are" if len(names) > 1
                else f"{names[0] if names else 'a'} hand is")

    def _rake_not_taken(self, rule: str, rake: int, pot: int) -> None:
        """A rake the log takes where the rules take none (a house game's default, "no
        rake"): the whole pot is the winners', so a payout short of it by the rake is
        wrong. Sites state the rake they take, and their rulesets take one. Once said,
        the log's rake is followed, so the payout is judged against it."""
        total = self.claims.pot_total   # the line that states the rake
        line = total[2] if total else self.claims.award_line
        self.report(rule, line, f"the log takes a rake of {chips(rake)}, but these rules "
                    f"take none: the pot of {chips(pot)} goes to its winners whole")

    def _agreed_payout(self, stated: dict[str, int], pot_paid: dict[str, int] | None,
                       returned: dict[str, int]) -> dict[str, int]:
        """What a hand whose awards do not make its pot paid: the figure the log agrees
        with twice. The awards where its stack or net lines say the same; else the pot
        (the chips put in, line by line, and the log's total say it), so that the nets
        stored add up."""
        if pot_paid is None or self._stated_ends_agree(stated, pot_paid, returned):
            return stated
        return pot_paid

    def _disputed_payout(self, stated: dict[str, int], pot_paid: dict[str, int] | None,
                         returned: dict[str, int]) -> dict[str, int]:
        """What a hand whose awards make its pot but pay it otherwise than the rules
        (just reported) paid: the rules' payout where the hand's own statements of its
        end (stack, net and summary lines) agree with it and not with the awards, for
        then the award is the one wrong figure, and following it would make each of
        those correct statements a violation of its own; else the awards, as the log
        says them."""
        if pot_paid is None:
            return stated
        for_the_rules = (self._stated_ends_agree(pot_paid, stated, returned)
                         or self._summary_agrees(pot_paid, stated))
        for_the_awards = (self._stated_ends_agree(stated, pot_paid, returned)
                          or self._summary_agrees(stated, pot_paid))
        if for_the_rules and not for_the_awards:
            return pot_paid
        # Nothing in the hand tells which was right for a player whose end it does not
        # state: a later statement of his stack may (engine/chain.py).
        claims = self.claims
        self.unsettled = {name: pot_paid.get(name, 0) for name in self.state.players
                          if pot_paid.get(name, 0) != stated.get(name, 0)
                          and name not in claims.stacks and name not in claims.nets}
        return stated

    def _stated_ends_agree(self, payout: dict[str, int], other: dict[str, int],
                           returned: dict[str, int]) -> bool:
        """Whether a player's end the hand states (his stack, his net) is what ``payout``
        leaves him, where ``other`` leaves him another."""
        players, claims = self.state.players, self.claims
        stated_ends = [(name, amount) for name, (amount, _) in claims.stacks.items()]
        stated_ends += [(name, net + players[name].start) for name, (net, _) in claims.nets.items()
                        if name in players]
        for name, end in stated_ends:
            player = players.get(name)
            if player is None:
                continue
            kept = player.start - player.put_in + returned.get(name, 0)
            if end == kept + payout.get(name, 0) != kept + other.get(name, 0):
                return True
        return False

    def _summary_agrees(self, payout: dict[str, int], other: dict[str, int]) -> bool:
        """Whether a site's summary says a seat won what ``payout`` pays him, where
        ``other`` pays him another. Not asked where the awards do not make the pot
        (:meth:`_agreed_payout`): following a summary that repeats a wrong amount would
        only move its S1 to a G3 at the next hand's stacks."""
        return any(won == payout.get(name, 0) != other.get(name, 0)
                   for name, (won, _) in self.claims.summary.items())

    def _compare_winners(self, computed: dict[str, int], stated: dict[str, int],
                         rake: int, line: int) -> bool:
        """Report the log's awards where they pay the pot otherwise than the rules;
        whether they did."""
        if computed == stated and not self.claims.award_pots:
            return False   # the common case: paid as the rules pay, no pot named to check
        if self._labelled_wrongly():
            return True
        computed_winners, stated_winners = _paid(computed), _paid(stated)
        if computed_winners == stated_winners:
            # a tie's share of nothing (the one chip of a half) needs no line of its own
            if rake == 0 and _nonzero(computed) != _nonzero(stated):
                rule, why = self._share_rule(stated)
                self.report(rule, line, f"the log splits the pot as {_each_paid(stated)}; "
                            f"it is {_each_paid(computed)}{why}")
                return True
            return False
        if self.state.ended == "fold":
            self.report("S4", line, f"the log gives the pot to "
                        f"{', '.join(sorted(stated_winners))}; after the fold it goes to "
                        f"{', '.join(sorted(computed_winners))}")
        elif len(self.pots) > 1:
            self._wrong_side_pots(self._wrong_pot_line(line), stated)
        elif self.game.badugi_only:
            right, wrong = sorted(computed_winners), sorted(stated_winners)
            explain_wrong_badugi(right, wrong, self.half_values[0], line, self.report)
        else:
            self._other_game_winner(sorted(computed_winners), sorted(stated_winners), line)
        return True

    # -- what the log's labels say ----------------------------------------------------

    def _labelled_wrongly(self) -> bool:
        """Awards that name their pot or half and cannot be (M3, X3, S1); one report. A
        side pot the hand does not have is said apart, once a pot (:meth:`_no_such_pot`)."""
        missing: set[int] = set()
        for name, label, amount, line in self.claims.award_pots:
            number = pot_number(label)
            if number >= len(self.pots):
                # a slip in the label, not in who is paid: the payout is judged after it
                if number not in missing:
                    missing.add(number)
                    self._no_such_pot(name, amount, number, line)
                continue
            pot = self.pots[number]
            where = "the main pot" if number == 0 else f"side pot {number}"
            half = half_of(label, self.game)
            if number and name not in pot.eligible:
                self._wrong_side_pots(line)
                return True
            if half is None:
                continue
            shares = [share for share in self.shares[number] if half in share[2]]
            first, second = self.game.halves
            if half == first.name and not shares:
                self.report("X3", line, f"the log pays {name} {chips(amount)} from the "
                            f"{first.name} half of {where}, but no hand that can win it "
                            f"qualifies: the whole pot goes to the {second.name} half")
                return True
            if shares and name not in shares[0][1]:
                self.report("S1", line, f"the log pays {name} {chips(amount)} from the "
                            f"{half} half of {where}, but {' and '.join(shares[0][1])} "
                            f"{'has' if len(shares[0][1]) == 1 else 'have'} the best {half} "
                            f"hand ({self._hands({name, *shares[0][1]})})")
                return True
        return False

    def _no_such_pot(self, name: str, amount: int, number: int, line: int) -> None:
        """S1: the log pays ``name`` from side pot ``number``, which the chips do not make."""
        sides = len(self.pots) - 1
        made = f"the main pot and {counted(sides, 'side pot')}" if sides else "one pot"
        self.report("S1", line, f"the log pays {name} {chips(amount)} from side pot "
                    f"{number}, but the hand has no side pot {number}: its chips make {made}")

    # -- which rule a difference breaks ----------------------------------------------------

    def _share_rule(self, stated: dict[str, int]) -> tuple[str, str]:
        """Which rule amounts paid to the right players break, and why."""
        if self.state.ended == "fold":
            return "S4", ""
        if self.state.runs:
            return "S1", " (each run wins its share of each pot, the odd chip to the first run)"
        if self.tied:   # who gets the odd chip matters only where there is one
            return "S2", (f" (a tie splits the pot, {ODD_CHIP_RULES[self.state.rules.odd_chip]})"
                          if self._odd_chip() else " (a tie splits the pot evenly)")
        if self.game.split:
            return "X3", " (each half wins half the pot, the odd chip to the Badugi half)"
        if len(self.pots) > 1 and self._beyond_covered(stated):
            return "M3", " (each side pot goes to the best hand among those who covered it)"
        if len(self.pots) > 1:
            return "S1", " (a pot is paid to a worse hand)"
        return "S1", ""

    def _odd_chip(self) -> bool:
        """Whether a tie leaves an odd chip: a share its winners cannot divide evenly."""
        return any(amount % len(group) for shares in self.shares
                   for amount, group, _ in shares if len(group) > 1)

    def _beyond_covered(self, stated: dict[str, int]) -> bool:
        """Whether no share of the pots among the players who covered them pays what the
        log says (M3).

        Each side pot's players are among the pot's below it, so it is enough that for
        every pot, the players who covered none above it are paid no more than the pots
        up to it hold.
        """
        highest = {name: max((number for number, pot in enumerate(self.pots)
                              if name in pot.eligible), default=-1) for name in stated}
        held = 0
        for number, pot in enumerate(self.pots):
            if sum(amount for name, amount in stated.items() if highest[name] < number) > held:
                return True
            held += pot.amount
        return False

    def _wrong_pot_line(self, line: int) -> int:
        """The line of the first award that names a pot its player does not win (``Ana
        wins 12 from side pot 1`` where Edu wins it): the slip is there, not at the
        first award's ``line``, which is kept where no award names such a pot."""
        for name, label, _, at in self.claims.award_pots:
            number = pot_number(label)
            if number < len(self.pots) and name not in self.pots[number].winners:
                return at
        return line

    def _wrong_side_pots(self, line: int, stated: dict[str, int] | None = None) -> None:
        """A payout with side pots that is not theirs: M3 where a player is paid from a
        pot he did not cover, S1 where a pot or a half goes to a worse hand."""
        pots = "; ".join(f"{chips(pot.amount)} among {', '.join(pot.eligible)} to "
                         f"{', '.join(pot.winners)}" for pot in self.pots)
        if stated is None or self._beyond_covered(stated):
            self.report("M3", line, f"the log's payout does not follow the pots: chips a "
                        f"player cannot cover form side pots, each won by the best hand "
                        f"among the players who contributed to it ({pots})")
        else:
            self.report("S1", line, f"the log pays a pot or a half to a worse hand: each "
                        f"goes to the best hand among the players who contributed to it "
                        f"({pots})")

    def _hands(self, names: set[str]) -> str:
        """Each player's hand in each half: ``Ana: badugi ..., 2-7 ...; Bruno: ...``."""
        def words(half: str, value: HandValue) -> str:   # a Badugi value names itself
            return (value.description if isinstance(value, BadugiValue)
                    else f"{half} {value.description}")

        return "; ".join(
            f"{name}: " + ", ".join(words(half.name, values[name])
                                    for half, values in zip(self.game.halves, self.half_values)
                                    if name in values)
            for name in sorted(names))

    def _other_game_winner(self, right: list[str], wrong: list[str], line: int) -> None:
        """A lowball or split pot paid to the wrong players (S1)."""
        self.report("S1", line, f"the log pays {', '.join(wrong)}, but the pot goes to "
                    f"{' and '.join(right)} ({self._hands({*right, *wrong})})")
