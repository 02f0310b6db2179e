"""A simulated betting round: who acts, what he may do, and how much (B2-B7, T1, T8).

The simulator's own reading of the betting, apart from the engine's: fixed
limit (the bet of the round, a cap of one bet and three raises), pot limit,
half-pot limit and no limit (at least the big blind or the last full raise, at
most the pot or the stack), short stacks all-in for less, and the reopening
rule: a player who has acted may raise again only once the bet has gone up by a
full raise since (half a bet in fixed limit), short all-ins adding up.
"""

from __future__ import annotations

import random

from badugi_hh.events import Bet, Call, Check, Event, Fold, Raise
from badugi_hh.rules import Ruleset
from badugi_hh.simulate._table import Table

#: How much stronger a hand must be to stay in, for each opponent beyond the first.
MULTIWAY_CAUTION = 0.08


class BettingPlay:
    """The betting of a simulated hand; :class:`~._hand.HandPlay` plays it."""

    table: Table
    rng: random.Random
    rules: Ruleset
    button: str
    big_blind: str
    stack: dict[str, int]
    total_in: dict[str, int]
    round_in: dict[str, int]
    all_in: set[str]
    folded: set[str]
    strength: dict[str, float]

    def clockwise_after(self, player: str) -> list[str]:
        raise NotImplementedError

    def live(self) -> list[str]:
        raise NotImplementedError

    def able(self) -> list[str]:
        raise NotImplementedError

    def hand_won(self) -> bool:
        raise NotImplementedError

    def put_in(self, player: str, amount: int) -> int:
        raise NotImplementedError

    def emit(self, event_type: type[Event], **fields: object) -> None:
        raise NotImplementedError

    def start_betting(self) -> None:
        """Nothing to match yet: the levels of a new round."""
        self.to_match = 0
        self.full_to = 0               # the level of the last full bet or raise (T1)
        self.last_raise = 0            # its size: the least raise after it (pot, no limit)
        self.bets = 0                  # bets and raises this round, for the cap (B3)
        self.round_number = 1
        self.acted: dict[str, int] = {}   # who acted this round, and the bet he faced then

    def betting_round(self, number: int) -> None:
        """One betting round (B4, B5, M3); the blinds already stand in round 1."""
        self.round_number, self.acted = number, {}
        if number > 1:
            self.to_match = self.full_to = self.last_raise = self.bets = 0
            self.round_in = dict.fromkeys(self.round_in, 0)
        to_act = self.still_to_act(self.acting_order(number))
        while to_act:
            player = to_act.pop(0)
            kind = self.choose_action(player, number)
            self.act(player, kind, number)
            if self.hand_won():
                return
            if kind in ("bet", "raise"):
                to_act = self.clockwise_after(player)[:-1]
            to_act = self.still_to_act(to_act)
            if to_act and self.round_ends_early(number):
                return

    def acting_order(self, number: int) -> list[str]:
        """Left of the big blind first before the first draw, left of the button after
        (B6, M2): heads-up the dealer first, then the big blind first."""
        return self.clockwise_after(self.big_blind if number == 1 else self.button)

    def still_to_act(self, players: list[str]) -> list[str]:
        """Who of ``players`` acts: with one player or none left to bet against, only a
        call owed is left (S3)."""
        able = self.able()
        if len(able) < 2:
            return [p for p in players if p in able and self.round_in[p] < self.to_match]
        return [p for p in players if p in able]

    def round_ends_early(self, number: int) -> bool:
        """Whether the round stops with a player still to act: never, by the rules (B5)."""
        return False

    @property
    def fixed_limit(self) -> bool:
        return self.rules.structure == "fixed"

    def can_raise(self, player: str) -> bool:
        """Under the cap (B3, fixed limit only), with someone left who could call more
        than the bet already is (no one raises what nobody can call), chips beyond a
        call, and the betting open to him (T8)."""
        return ((not self.fixed_limit or self.bets < self.rules.max_bets_per_round)
                and any(p != player and self.stack[p] > self.to_match - self.round_in[p]
                        for p in self.able())
                and self.stack[player] > self.to_match - self.round_in[player]
                and self.reopened_for(player))

    def reopened_for(self, player: str) -> bool:
        """Whether ``player`` may raise: he has not acted this round, or the bet has gone
        up since by a full raise. Short all-ins add up; in fixed limit half a bet counts
        as a full one (the half-bet rule, T1)."""
        faced = self.acted.get(player)
        if faced is None:
            return True
        if self.fixed_limit:
            return 2 * (self.to_match - faced) >= self.rules.bet_size(self.round_number)
        return self.to_match - faced >= max(self.last_raise, self.rules.big_blind)

    def options(self, player: str) -> tuple[str, ...]:
        """What ``player`` may do now (B3, B4)."""
        raise_ = ("raise",) if self.can_raise(player) else ()
        if self.to_match > self.round_in[player]:
            return ("fold", "call", *raise_)
        if self.to_match == 0:
            return ("check", "bet") if raise_ else ("check",)
        return ("check", *raise_)

    def choose_action(self, player: str, number: int) -> str:
        """Bet and raise strong hands, fold weak ones, bluff a little."""
        options = self.options(player)
        strength = self.strength[player]
        style = self.table.styles[player]
        roll = self.rng.random()
        aggressive = "bet" if "bet" in options else "raise" if "raise" in options else None
        if "fold" in options:
            # Weak hands fold more as the draws run out; loose players fold less.
            raise_chance = max(0.0, strength - 0.4) * style * 2 + 0.08 * style ** 2
            # Each opponent still in makes a weak hand weaker.
            weak = 0.55 + MULTIWAY_CAUTION * (len(self.live()) - 2) - strength
            fold_chance = max(0.0, weak) * max(0.0, 1.5 - style) * (0.6 + number / 4)
            if aggressive and roll < raise_chance:
                return aggressive
            return "fold" if roll > 1 - fold_chance else "call"
        if aggressive and roll < strength * style + 0.08:
            return aggressive
        return "check"

    def act(self, player: str, kind: str, number: int) -> None:
        self.record_act(player, kind, number)
        self.acted[player] = self.to_match

    def record_act(self, player: str, kind: str, number: int) -> None:
        """The action's chips and its line in the log."""
        size = self.rules.bet_size(number)
        match kind:
            case "check":
                self.emit(Check, player=player)
            case "fold":
                self.folded.add(player)
                self.emit(Fold, player=player)
            case "call":
                amount = self.put_in(player, self.call_amount(player))
                self.emit(Call, player=player, amount=amount, all_in=player in self.all_in)
            case "bet":
                if not self.fixed_limit:
                    size = self.choose_size(player, *self.bet_range())
                before = self.to_match
                amount = self.put_in(player, self.bet_amount(player, size))
                self.raise_level(player, size, before)
                self.emit(Bet, player=player, amount=amount, all_in=player in self.all_in)
            case "raise":
                before = self.to_match
                to = (self.full_to + size if self.fixed_limit
                      else self.choose_size(player, *self.raise_range(player)))
                self.put_in(player, to - self.round_in[player])
                self.raise_level(player, size, before)
                self.emit(Raise, player=player, to=self.round_in[player],
                          by=self.round_in[player] - before, all_in=player in self.all_in)

    def raise_level(self, player: str, size: int, before: int) -> None:
        """A full bet or raise sets the level the next raise goes from (T1).

        Fixed limit: an all-in short of it counts as full when it is at least half
        of it (the half-bet rule); for less, the next raise completes the bet. Pot
        and no limit: a raise by at least the last full one (the big blind, for a
        bet) is full, and sets the least raise after it; an all-in for less is not.
        """
        to = self.round_in[player]
        self.to_match = max(self.to_match, to)
        if not self.fixed_limit:
            if to - before >= max(self.last_raise, self.rules.big_blind):
                self.last_raise, self.full_to = to - before, to
                self.bets += 1
            return
        if player not in self.all_in or to >= self.full_to + size:
            self.full_to = to   # a wrong size too (B2 is reported, and the log followed)
        elif 2 * (to - self.full_to) >= size:
            self.full_to += size
        else:
            return   # only the completion will count toward the cap
        self.bets += 1

    def call_amount(self, player: str) -> int:
        """What is still missing to match (B7); a short stack puts in less."""
        return self.to_match - self.round_in[player]

    def bet_amount(self, player: str, size: int) -> int:
        """What a bet puts in: the round's size (fixed limit), else the size chosen."""
        return size

    # -- pot limit, half-pot limit and no limit (B2) --------------------------------------

    def pot_limit(self, call: int) -> int | None:
        """The most a bet or raise may add once the call is in: the pot, half of it, or
        no limit (None); never less than the big blind."""
        share = {"pot": (1, 1), "half-pot": (1, 2)}.get(self.rules.structure)
        if share is None:
            return None
        numerator, denominator = share
        pot = sum(self.total_in.values()) + call
        return max(self.rules.big_blind, pot * numerator // denominator)

    def bet_range(self) -> tuple[int, int | None]:
        """A bet: at least the big blind, at most the pot's limit."""
        return self.rules.big_blind, self.pot_limit(0)

    def raise_range(self, player: str) -> tuple[int, int | None]:
        """A raise goes at least the last full raise (or the big blind) over what there is
        to match, at most the pot's limit over it (the call counted in the pot first)."""
        call = self.to_match - self.round_in[player]
        most = self.pot_limit(call)
        return (self.to_match + max(self.last_raise, self.rules.big_blind),
                None if most is None else self.to_match + most)

    def choose_size(self, player: str, least: int, most: int | None) -> int:
        """The least, something between, or the most (all-in at no limit): a round total,
        never beyond the stack (all-in for less is always allowed, S3)."""
        everything = self.round_in[player] + self.stack[player]
        top = everything if most is None else min(most, everything)
        roll = self.rng.random()
        to = least if roll < 0.45 else top if roll > 0.8 else (least + top) // 2
        return min(max(to, least), everything)
