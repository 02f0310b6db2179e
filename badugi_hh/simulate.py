"""Random heads-up Badugi sessions played by the rules, and the same with one rule broken.

The simulator is a second implementation of the house game (RULES.md G, B, D,
E, S, N), written from the rules and never asking :mod:`badugi_hh.engine`: it
shuffles, deals, bets, draws and settles by itself, so auditing what it plays
tests the engine against an independent reading of the rules. Its players
are simple but not random: they bet and raise with strong hands, fold weak
ones, draw to their best Badugi subset, and now and then snow (stand pat on
nothing), break a made hand or get into a raising war. Every action, all-ins,
capped rounds, split pots and busted sessions all turn up within a few
hundred sessions.

>>> from badugi_hh.engine import audit
>>> records = list(simulate(sessions=2, seed=7))
>>> [type(r).__name__ for r in records][:2], type(records[-1]).__name__
(['SessionStart', 'Hand'], 'SessionEnd')
>>> records[1].hand_id, records[1].events[0]
('sim-7-1#1', Button(line=7, seat=1))
>>> sum(len(report.violations) for report in audit(records))
0

:func:`inject_violation` turns a legal session into test data for one rule:

>>> broken = inject_violation(simulate_session(random.Random(3), 1), "B7", random.Random(3))
>>> sorted({v.rule for report in audit(broken) for v in report.violations})
['B7']
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import partial

from badugi_hh.cards import DECK, JOKER, Card, parse_cards, rank_name
from badugi_hh.evaluate import BadugiValue, badugi_value
from badugi_hh.events import (
    Award, Bet, Burn, Button, Call, Cards, Check, Deal, Draw, Event, Fold, Hand, PostBlind,
    Raise, Record, SessionEnd, SessionPlayer, SessionStart, Show, StackStated, Street,
    UncalledReturned,
)
from badugi_hh.rules import HOUSE, Ruleset

__all__ = ["BREAKABLE_RULES", "PLAYERS", "best_subset", "hand_strength",
           "inject_violation", "simulate", "simulate_session"]

#: The two players of a simulated session, seats 1 and 2.
PLAYERS = ("Ana", "Bruno")
#: When the first simulated session starts; session n starts n - 1 days later.
FIRST_SESSION_AT = datetime(2024, 1, 1, 20, 0)
HAND_INTERVAL = timedelta(minutes=3)
#: How loose and aggressive a player is, drawn per session: about 0.25 timid,
#: 1 aggressive, 2 a maniac who never folds and raises all he can. The
#: maniacs make the big pots that bust a stack before hand 12.
STYLE_RANGE = (0.25, 1.0)
MANIAC_RANGE = (1.4, 2.4)
MANIAC_CHANCE = 0.5
#: How often a player with no badugi stands pat anyway, as a bluff (a snow).
SNOW_CHANCE = 0.03
#: How often a made badugi is broken for no reason at all (bad players do it).
WHIM_BREAK_CHANCE = 0.02
#: How many times a rule-breaking hand is dealt anew before trying another hand.
ATTEMPTS_PER_HAND = 12
#: The hands RULES.md E5 evaluates; a wrong description of one is reported as E5.
WORKED_EXAMPLES = frozenset(frozenset(parse_cards(h)) for h in ("As 2h 3d Kd", "Ah 2c 3d 2h"))


# -- the table: what carries from hand to hand --------------------------------

@dataclass(slots=True)
class _Table:
    """A session under way: who sits where, the chips, and the last hand's button and deal."""

    rng: random.Random
    ruleset: Ruleset
    session_id: str
    seats: dict[str, int]
    stacks: dict[str, int]
    started_at: datetime | None
    hidden: float
    styles: dict[str, float]
    next_line: int
    hands_played: int = 0
    button: str | None = None
    last_deal: dict[str, Cards] | None = None

    @classmethod
    def resume(cls, start: SessionStart, played: Sequence[Hand], rng: random.Random,
               hidden: float) -> _Table:
        """The table after ``played``, as the log states it (stacks, button, deal)."""
        seats = {p.name: p.seat for p in sorted(start.players, key=lambda p: p.seat)}
        table = cls(rng, start.ruleset, start.session_id, seats,
                    {p.name: p.stack for p in start.players}, start.started_at, hidden,
                    {name: _style(rng) for name in seats},
                    next_line=start.line + len(seats) + 3, hands_played=len(played))
        if played:
            last = played[-1]
            by_seat = {seat: name for name, seat in seats.items()}
            table.stacks.update({e.player: e.amount for e in last.events
                                 if isinstance(e, StackStated)})
            table.button = next(by_seat[e.seat] for e in last.events if isinstance(e, Button))
            table.last_deal = {e.player: e.cards for e in last.events if isinstance(e, Deal)}
            table.next_line = last.events[-1].line + 2
        return table

    def goes_on(self) -> bool:
        """Another hand is due: the session is not over and nobody is broke (N1)."""
        limit = self.ruleset.session_hands
        return ((limit is None or self.hands_played < limit)
                and all(chips > 0 for chips in self.stacks.values()))

    def commit(self, hand: _HandPlay) -> None:
        """Carry a finished hand's stacks, button and deal to the next."""
        self.hands_played += 1
        self.stacks = dict(hand.stack)
        self.button = hand.button
        self.last_deal = hand.logged_deal
        self.next_line = hand.line + 2

    def session_end(self) -> SessionEnd:
        """The closing line: the larger stack wins, equal stacks draw (N1)."""
        top = max(self.stacks.values())
        leaders = [name for name, chips in self.stacks.items() if chips == top]
        return SessionEnd(winner=leaders[0] if len(leaders) == 1 else None,
                          draw=len(leaders) > 1, stacks=dict(self.stacks),
                          line=self.next_line)


# -- strategy -------------------------------------------------------------------

def _style(rng: random.Random) -> float:
    """A player's temperament for a session: a maniac half of the time."""
    return rng.uniform(*(MANIAC_RANGE if rng.random() < MANIAC_CHANCE else STYLE_RANGE))


def best_subset(cards: Sequence[Card]) -> tuple[Card, ...]:
    """The cards a player keeps: the largest set with no repeated rank or suit, lowest first.

    >>> best_subset(parse_cards("As 2h 3d Kd"))
    (As, 2h, 3d)
    """
    for size in range(len(cards), 0, -1):
        usable = [subset for subset in itertools.combinations(cards, size)
                  if len({c.rank for c in subset}) == size == len({c.suit for c in subset})]
        if usable:
            return min(usable, key=lambda subset: sorted((c.rank for c in subset), reverse=True))
    return ()


def hand_strength(cards: Sequence[Card]) -> float:
    """How good a hand is, from 0 (nothing) to 1 (4-3-2-A): what the players bet on.

    Any badugi is worth more than any three-card hand, and so on down (E1);
    within a size, the lower the top card the better (E2).

    >>> hands = ("As 2h 3d 4c", "Ks Qh Jd Tc", "As 2h 3d Kd")
    >>> [round(hand_strength(parse_cards(h)), 2) for h in hands]
    [1.0, 0.7, 0.65]
    """
    if len(cards) != 4:
        return 0.0   # a hand short of cards: only a log that breaks D2 deals one
    value = badugi_value(cards)
    floor, span = {4: (0.7, 0.3), 3: (0.3, 0.35), 2: (0.05, 0.2), 1: (0.0, 0.05)}[value.size]
    return floor + span * (13 - value.ranks[0]) / (13 - value.size)


def _describe(size: int, ranks: Sequence[int]) -> str:
    """A hand value in the project's words, e.g. ``badugi 9-7-4-2``, ``3-card 8-7-6``."""
    kind = "badugi" if size == 4 else f"{size}-card"
    return f"{kind} {'-'.join(rank_name(r) for r in sorted(ranks, reverse=True))}"


def _stacked_deck(rng: random.Random, first: Sequence[Card], second: Sequence[Card]) -> list[Card]:
    """A deck whose deal gives ``first`` to the big blind and ``second`` to the button."""
    rest = [card for card in DECK if card not in first and card not in second]
    rng.shuffle(rest)
    return [card for pair in zip(first, second, strict=True) for card in pair] + rest


# -- one hand -------------------------------------------------------------------

class _HandPlay:
    """One hand, dealt and played by the rules; :meth:`play` returns it as a :class:`Hand`.

    The subclasses further down break one rule each. They override the small
    methods here (who has the button, how much a call is, ...), so every
    other chip and card stays as the rules have it.
    """

    def __init__(self, table: _Table) -> None:
        self.table, self.rng, self.rules = table, table.rng, table.ruleset
        self.number = table.hands_played + 1
        self.button = self.choose_button()
        self.big_blind = self.opponent(self.button)
        self.hidden = self.choose_hidden()
        self.stack = dict(table.stacks)
        self.total_in = dict.fromkeys(self.stack, 0)
        self.round_in = dict.fromkeys(self.stack, 0)
        self.all_in: set[str] = set()
        self.folded: str | None = None
        self.to_match = 0
        self.bets = 0                  # bets and raises this round, for the cap (B3)
        self.cards: dict[str, list[Card]] = {}
        self.strength: dict[str, float] = {}   # hand_strength of the cards, kept current
        self.logged_deal: dict[str, Cards] = {}
        self.alias: dict[Card, Card] = {}   # a card the log names wrongly
        self.deck = self.shuffled_deck()
        self.events: list[Event] = []
        self.header_line = self.line = table.next_line

    # -- who and what --------------------------------------------------------

    def opponent(self, player: str) -> str:
        return next(name for name in self.table.seats if name != player)

    def choose_button(self) -> str:
        """Seat 1 deals first, then the button alternates (G4)."""
        previous = self.table.button
        return next(iter(self.table.seats)) if previous is None else self.opponent(previous)

    def choose_hidden(self) -> str | None:
        """Whose cards the log hides, as a site's log hides the opponent's."""
        if self.rng.random() < self.table.hidden:
            return self.rng.choice(list(self.table.seats))
        return None

    def shuffled_deck(self) -> list[Card]:
        """All 52 cards shuffled anew for every hand (G6)."""
        deck = list(DECK)
        self.rng.shuffle(deck)
        return deck

    def next_card(self) -> Card:
        return self.deck.pop(0)

    def logged(self, player: str, cards: Sequence[Card]) -> Cards:
        """The cards as the log shows them: hidden for the hidden player."""
        if player == self.hidden:
            return (None,) * len(cards)
        return tuple(self.alias.get(card, card) for card in cards)

    def emit(self, event_type: type[Event], **fields: object) -> None:
        self.line += 1
        self.events.append(event_type(line=self.line, **fields))

    # -- the hand ------------------------------------------------------------

    def play(self) -> Hand:
        self.emit(Button, seat=self.table.seats[self.button])
        self.post_blinds()
        self.deal()
        self.betting_round(1)
        for number in range(1, self.draws_to_play() + 1):
            if self.folded:
                break
            self.draw(number)
            self.betting_round(number + 1)
        if self.folded:
            self.end_after_fold()
        else:
            self.showdown()
        self.state_stacks()
        table = self.table
        started = (table.started_at + HAND_INTERVAL * (self.number - 1)
                   if table.started_at else None)
        return Hand(hand_id=f"{table.session_id}#{self.number}", number=self.number,
                    ruleset=self.rules, events=self.events, line=self.header_line,
                    session_id=table.session_id, started_at=started)

    def draws_to_play(self) -> int:
        return self.rules.draws

    def put_in(self, player: str, amount: int) -> int:
        """Move chips to the pot; a short stack puts in what it has, all-in (S3)."""
        amount = min(amount, self.stack[player])
        self.stack[player] -= amount
        self.total_in[player] += amount
        self.round_in[player] += amount
        if self.stack[player] == 0:
            self.all_in.add(player)
        return amount

    def post_blinds(self) -> None:
        """The dealer posts the small blind, the other the big blind (G4)."""
        for player, kind, amount in ((self.button, "small", self.rules.small_blind),
                                     (self.big_blind, "big", self.rules.big_blind)):
            paid = self.put_in(player, amount)
            self.emit(PostBlind, player=player, amount=paid, kind=kind,
                      all_in=player in self.all_in)
        self.to_match = max(self.round_in.values())
        # The big blind is the round's opening bet (B3), unless it is short of the small.
        self.bets = int(self.round_in[self.big_blind] > self.round_in[self.button])

    def deal(self) -> None:
        """One card at a time, starting with the big blind (G5)."""
        dealt = [self.next_card() for _ in range(2 * self.rules.hand_size)]
        self.cards = {self.big_blind: dealt[0::2], self.button: dealt[1::2]}
        self.strength = {player: hand_strength(cards) for player, cards in self.cards.items()}
        for player in self.deal_order():
            self.logged_deal[player] = self.logged(player, self.cards[player])
            self.emit(Deal, player=player, cards=self.logged_deal[player])

    def deal_order(self) -> tuple[str, str]:
        return self.big_blind, self.button

    # -- betting -------------------------------------------------------------

    def betting_round(self, number: int) -> None:
        """One betting round (B4, B5); the blinds already stand in round 1."""
        if number > 1:
            self.to_match = self.bets = 0
            self.round_in = dict.fromkeys(self.round_in, 0)
        to_act = self.still_to_act(self.acting_order(number))
        while to_act:
            player = to_act.pop(0)
            kind = self.choose_action(player, number)
            self.act(player, kind, number)
            if self.folded:
                return
            if kind in ("bet", "raise"):
                to_act = [self.opponent(player)]
            to_act = self.still_to_act(to_act)
            if to_act and self.round_ends_early(number):
                return

    def acting_order(self, number: int) -> list[str]:
        """The dealer first before the first draw, the big blind after (B6)."""
        if number == 1:
            return [self.button, self.big_blind]
        return [self.big_blind, self.button]

    def still_to_act(self, players: list[str]) -> list[str]:
        """Who of ``players`` acts: once a player is all-in, only a call owed is left (S3)."""
        able = [p for p in players if p not in self.all_in]
        if self.all_in:
            return [p for p in able if self.round_in[p] < self.to_match]
        return able

    def round_ends_early(self, number: int) -> bool:
        """Whether the round stops with a player still to act: never, by the rules (B5)."""
        return False

    def options(self, player: str) -> tuple[str, ...]:
        """What ``player`` may do now (B3, B4); nobody raises a player who is all-in."""
        facing = self.to_match - self.round_in[player]
        can_raise = (self.bets < self.rules.max_bets_per_round
                     and self.opponent(player) not in self.all_in
                     and self.stack[player] > facing)
        if facing > 0:
            return ("fold", "call") + (("raise",) if can_raise else ())
        if self.to_match == 0:
            return ("check", "bet")
        return ("check",) + (("raise",) if can_raise else ())

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
            fold_chance = max(0.0, 0.55 - strength) * max(0.0, 1.5 - style) * (0.6 + number / 4)
            if aggressive and roll < raise_chance:
                return aggressive
            return "fold" if roll > 1 - fold_chance else "call"
        if aggressive and roll < strength * style + 0.08:
            return aggressive
        return "check"

    def act(self, player: str, kind: str, number: int) -> None:
        size = self.rules.bet_size(number)
        match kind:
            case "check":
                self.emit(Check, player=player)
            case "fold":
                self.folded = player
                self.emit(Fold, player=player)
            case "call":
                amount = self.put_in(player, self.call_amount(player))
                self.emit(Call, player=player, amount=amount, all_in=player in self.all_in)
            case "bet":
                amount = self.put_in(player, self.bet_amount(player, size))
                self.raise_to_match(player)
                self.emit(Bet, player=player, amount=amount, all_in=player in self.all_in)
            case "raise":
                before = self.to_match
                self.put_in(player, before + size - self.round_in[player])
                self.raise_to_match(player)
                self.emit(Raise, player=player, to=self.round_in[player],
                          by=self.round_in[player] - before, all_in=player in self.all_in)

    def raise_to_match(self, player: str) -> None:
        self.to_match = max(self.to_match, self.round_in[player])
        self.bets += 1

    def call_amount(self, player: str) -> int:
        """What is still missing to match (B7); a short stack puts in less."""
        return self.to_match - self.round_in[player]

    def bet_amount(self, player: str, size: int) -> int:
        return size

    # -- draws ---------------------------------------------------------------

    def draw(self, number: int) -> None:
        """A burn, then the big blind draws, then the dealer (D1, D3)."""
        self.emit(Street, kind="draw", number=number)
        self.burn()
        for player in self.drawing_order():
            self.draw_cards(player, number)

    def burn(self) -> None:
        self.emit(Burn, card=self.next_card())

    def drawing_order(self) -> tuple[str, str]:
        return self.big_blind, self.button

    def draw_cards(self, player: str, number: int) -> None:
        discarded = self.choose_discards(player, number)
        drawn = [self.next_card() for _ in range(self.replacements(len(discarded), number))]
        hand = self.cards[player]
        for card in discarded:
            hand.remove(card)
        hand.extend(drawn)
        self.strength[player] = hand_strength(hand)
        self.emit(Draw, player=player, discarded=self.logged(player, discarded),
                  drawn=self.logged(player, drawn))

    def replacements(self, discarded: int, number: int) -> int:
        """As many cards as were discarded (D2)."""
        return discarded

    def choose_discards(self, player: str, number: int) -> list[Card]:
        """Keep the best Badugi subset; sometimes snow, sometimes break a rough hand."""
        hand = self.cards[player]
        kept = best_subset(hand)
        discarded = [card for card in hand if card not in kept]
        draws_after = self.rules.draws - number
        roll = self.rng.random()
        if discarded and roll < SNOW_CHANCE:
            return []
        top = max(kept, key=lambda card: card.rank)
        rough = top.rank >= (11 if len(kept) == 4 else 10)
        if (draws_after and rough and roll < 0.35) or roll > 1 - WHIM_BREAK_CHANCE:
            discarded.append(top)
        return discarded

    # -- the end -------------------------------------------------------------

    def end_after_fold(self) -> None:
        """The other player takes the pot at once, no showdown (S4)."""
        assert self.folded is not None
        self.settle([self.opponent(self.folded)])

    def showdown(self) -> None:
        """Both hands are shown, the big blind first; the best takes the pot (S1, S2)."""
        self.emit(Street, kind="showdown")
        ranks: dict[str, int] = {}
        for player in (self.big_blind, self.button):
            cards = self.cards[player]
            value = badugi_value(cards) if len(cards) == self.rules.hand_size else None
            if value is not None:
                ranks[player] = value.rank
            shown, description = self.shown(player, cards, value)
            self.emit(Show, player=player, cards=shown, description=description)
        best = min(ranks.values())
        self.settle([player for player, rank in ranks.items() if rank == best])

    def shown(self, player: str, cards: Sequence[Card],
              value: BadugiValue | None) -> tuple[Cards, str | None]:
        """The shown cards and their description (E1-E4)."""
        return (tuple(self.alias.get(card, card) for card in cards),
                value.description if value else None)

    def settle(self, winners: list[str]) -> None:
        """Return the uncovered part of a bet (S3), then pay the pot to ``winners``."""
        top, returned = self.uncovered()
        if returned:
            self.stack[top] += returned
            self.emit(UncalledReturned, player=top, amount=returned)
        pot = sum(self.total_in.values()) - returned
        for player, amount in self.shares(pot, winners):
            self.stack[player] += amount
            self.emit(Award, player=player, amount=amount)

    def uncovered(self) -> tuple[str, int]:
        """Who put in more than the other, and by how much."""
        top, other = sorted(self.total_in, key=self.total_in.__getitem__, reverse=True)
        return top, self.total_in[top] - self.total_in[other]

    def shares(self, pot: int, winners: list[str]) -> list[tuple[str, int]]:
        """The pot to the winner; a tie splits it, any odd chip to the big blind (S2).

        Heads-up the pot is always even, since the uncovered part of a bet goes
        back: twice the smaller contribution. The odd chip is there for the rule.
        """
        if len(winners) == 1:
            return [(winners[0], pot)]
        half, odd = divmod(pot, 2)
        return [(self.big_blind, half + odd), (self.button, half)]

    def state_stacks(self) -> None:
        for player in self.table.seats:
            self.emit(StackStated, player=player, amount=self.stack[player])


# -- sessions -------------------------------------------------------------------

def _check_game(ruleset: Ruleset, players: Sequence[str]) -> None:
    if ruleset.game != "badugi" or ruleset.max_players != 2 or len(set(players)) != 2:
        raise ValueError("the simulator plays heads-up Badugi: two players, a ruleset for two")
    if ruleset.starting_stack is None:
        raise ValueError("the simulator needs a ruleset with a starting stack")


def _play_on(table: _Table) -> Iterator[Hand]:
    """The rest of the session, by the rules, from where ``table`` stands."""
    while table.goes_on():
        hand = _HandPlay(table)
        played = hand.play()
        table.commit(hand)
        yield played


def simulate_session(rng: random.Random, session_number: int, ruleset: Ruleset = HOUSE, *,
                     players: Sequence[str] = PLAYERS, started_at: datetime | None = None,
                     session_id: str | None = None, hidden: float = 0.0) -> list[Record]:
    """One complete, legal heads-up session: SessionStart, each Hand, SessionEnd.

    ``hidden`` is the share of hands in which one player's cards are hidden
    (``None``) until the showdown, as in a site's log.

    >>> records = simulate_session(random.Random(1), 4, hidden=0.5)
    >>> start, end = records[0], records[-1]
    >>> start.session_id, [(p.seat, p.name, p.stack) for p in start.players]
    ('sim-4', [(1, 'Ana', 100), (2, 'Bruno', 100)])
    >>> sum(end.stacks.values()), len(records) - 2 <= 12
    (200, True)
    """
    _check_game(ruleset, players)
    session_id = session_id or f"sim-{session_number}"
    start = SessionStart(
        session_id=session_id, ruleset=ruleset, title=f"Simulated session {session_number}",
        started_at=started_at or FIRST_SESSION_AT + timedelta(days=session_number - 1),
        players=[SessionPlayer(seat=seat, name=name, stack=ruleset.starting_stack or 0)
                 for seat, name in enumerate(players, start=1)],
        line=1)
    table = _Table.resume(start, [], rng, hidden)
    hands = list(_play_on(table))
    return [start, *hands, table.session_end()]


def simulate(sessions: int, seed: int, ruleset: Ruleset = HOUSE, *, hidden: float = 0.0,
             break_rule: str | None = None) -> Iterator[Record]:
    """``sessions`` sessions, the same for the same ``seed``; each with ``break_rule`` broken.

    Session n has its own generator, seeded by ``seed`` and n, so the first
    sessions do not depend on how many are asked for. A session that gives no
    chance to break the rule (no showdown to misdescribe, say) is played again.

    >>> first = list(simulate(1, seed=5))
    >>> first == list(simulate(3, seed=5))[:len(first)]
    True
    """
    for number in range(1, sessions + 1):
        rng = random.Random(f"badugi-hh simulate {seed} {number}")
        play = partial(simulate_session, rng, number, ruleset,
                       session_id=f"sim-{seed}-{number}", hidden=hidden)
        yield from play() if break_rule is None else _broken_session(play, break_rule, rng, hidden)


def _broken_session(play: Callable[[], list[Record]], rule: str, rng: random.Random,
                    hidden: float, tries: int = 20) -> list[Record]:
    for _ in range(tries):
        try:
            return inject_violation(play(), rule, rng, hidden=hidden)
        except _NoChance:
            continue
    raise ValueError(f"no simulated session gave a chance to break {rule} in {tries} tries")


# -- breaking one rule ------------------------------------------------------------

class _NoChance(ValueError):
    """The session has no hand in which the rule can be broken (no showdown, say)."""


class _Fault(_HandPlay):
    """A hand that breaks one rule once; ``applied`` tells whether it had the chance."""

    applied = False


class _StrangerActs(_Fault):
    """G1: a third player, not seated at the table, calls the big blind."""

    def post_blinds(self) -> None:
        super().post_blinds()
        stranger = next(name for name in ("Carla", "Dora", "Edu") if name not in self.table.seats)
        self.emit(Call, player=stranger, amount=self.rules.big_blind)
        self.applied = True


class _JokerDealt(_Fault):
    """G2: the log names one card dealt to a player the joker."""

    def deal(self) -> None:
        victim = self.rng.choice([p for p in (self.big_blind, self.button) if p != self.hidden])
        self.alias[self.deck[0 if victim == self.big_blind else 1]] = JOKER
        self.applied = True
        super().deal()


class _StackMisstated(_Fault):
    """G3: the log gives a player one chip too many at the end of the hand.

    The session goes on from the stated stacks, as the log has it, so only
    this statement disagrees with the chips.
    """

    def state_stacks(self) -> None:
        self.stack[self.rng.choice(list(self.table.seats))] += 1
        self.applied = True
        super().state_stacks()


class _ButtonStays(_Fault):
    """G4: the button stays where it was; later hands alternate from there."""

    def choose_button(self) -> str:
        if self.table.button is None:
            return super().choose_button()
        self.applied = True
        return self.table.button


class _ButtonDealtFirst(_Fault):
    """G5: the dealer's hand is dealt (logged) before the big blind's."""

    def deal_order(self) -> tuple[str, str]:
        self.applied = True
        return self.button, self.big_blind


class _SameDeal(_Fault):
    """G6: each player gets the very cards of the previous hand: no shuffle."""

    def choose_hidden(self) -> None:
        return None

    def shuffled_deck(self) -> list[Card]:
        last = self.table.last_deal or {}
        previous = [last.get(player, ()) for player in (self.big_blind, self.button)]
        if not all(len(cards) == self.rules.hand_size and None not in cards for cards in previous):
            return super().shuffled_deck()
        self.applied = True
        return _stacked_deck(self.rng, *previous)   # type: ignore[arg-type]


class _DrawMissing(_Fault):
    """B1: the showdown comes after two draws and three betting rounds."""

    def draws_to_play(self) -> int:
        return self.rules.draws - 1

    def showdown(self) -> None:
        # All-in, the engine would blame the missing draw on S3 instead.
        self.applied = not self.all_in
        super().showdown()


class _WrongBetSize(_Fault):
    """B2: a bet of the big bet in round 2, or of the small bet in rounds 3 and 4."""

    def bet_amount(self, player: str, size: int) -> int:
        wrong = self.rules.big_bet if size == self.rules.small_bet else self.rules.small_bet
        if self.applied or wrong >= self.stack[player]:
            return size
        self.applied = True
        return wrong


class _RaiseAfterCap(_Fault):
    """B3: a raising war in one round, with a raise past the cap."""

    def __init__(self, table: _Table) -> None:
        super().__init__(table)
        self.war_round = self.rng.randint(1, self.rules.betting_rounds)
        self.war_on = False

    def betting_round(self, number: int) -> None:
        self.war_on = number == self.war_round
        super().betting_round(number)

    def options(self, player: str) -> tuple[str, ...]:
        options = super().options(player)
        capped = self.bets >= self.rules.max_bets_per_round
        if (self.war_on and capped and not self.applied
                and self.opponent(player) not in self.all_in
                and self.stack[player] > self.to_match - self.round_in[player]):
            return (*options, "raise")
        return options

    def choose_action(self, player: str, number: int) -> str:
        if self.war_on and "raise" in self.options(player):
            self.applied = self.applied or self.bets >= self.rules.max_bets_per_round
            return "raise"
        return super().choose_action(player, number)


class _CheckFacingBet(_Fault):
    """B4: a player checks facing a bet after a draw; the bet is never called."""

    def choose_action(self, player: str, number: int) -> str:
        bettor_all_in = self.opponent(player) in self.all_in   # then S3 has a say too
        if (not self.applied and number > 1 and not bettor_all_in
                and self.to_match > self.round_in[player]):
            self.applied = True
            return "check"
        return super().choose_action(player, number)


class _RoundCutShort(_Fault):
    """B5: the next draw starts while a player still has to act."""

    def round_ends_early(self, number: int) -> bool:
        if self.applied or number >= self.rules.betting_rounds or self.all_in:
            return False
        self.applied = True
        return True


class _OutOfTurn(_Fault):
    """B6: in one betting round the players act in the wrong order."""

    def __init__(self, table: _Table) -> None:
        super().__init__(table)
        self.wrong_round = self.rng.randint(1, self.rules.betting_rounds)

    def acting_order(self, number: int) -> list[str]:
        order = super().acting_order(number)
        if number != self.wrong_round or self.all_in:
            return order
        self.applied = True
        return order[::-1]


class _WrongCall(_Fault):
    """B7: a call of the whole amount to match, forgetting what is already in."""

    def call_amount(self, player: str) -> int:
        if self.applied or not self.round_in[player] or self.to_match >= self.stack[player]:
            return super().call_amount(player)
        self.applied = True
        return self.to_match


class _ButtonDrawsFirst(_Fault):
    """D1: in one draw the dealer draws before the big blind."""

    def drawing_order(self) -> tuple[str, str]:
        if self.applied:
            return super().drawing_order()
        self.applied = True
        return self.button, self.big_blind


class _ShortReplacement(_Fault):
    """D2: in the last draw a player discards two or more and receives one card fewer."""

    def replacements(self, discarded: int, number: int) -> int:
        if self.applied or number < self.rules.draws or discarded < 2:
            return discarded
        self.applied = True
        return discarded - 1


class _NoBurn(_Fault):
    """D3: no card is burned before a draw."""

    def burn(self) -> None:
        if self.applied:
            super().burn()
        else:
            self.applied = True   # the first draw goes without its burn


class _CardDealtTwice(_Fault):
    """D4: the dealer's last card is the big blind's first card again, for all to see."""

    def choose_hidden(self) -> None:
        return None

    def shuffled_deck(self) -> list[Card]:
        deck = super().shuffled_deck()
        deck[2 * self.rules.hand_size - 1] = deck[0]
        self.applied = True
        return deck


Misdescription = Callable[[random.Random, Sequence[Card], BadugiValue],
                          tuple[Sequence[Card], str] | None]


class _WrongDescription(_Fault):
    """E1-E4: a shown hand is described wrongly, as ``misdescribe`` words it."""

    def __init__(self, table: _Table, misdescribe: Misdescription) -> None:
        super().__init__(table)
        self.misdescribe = misdescribe

    def shown(self, player: str, cards: Sequence[Card],
              value: BadugiValue | None) -> tuple[Cards, str | None]:
        wrong = None
        if not self.applied and value is not None and frozenset(cards) not in WORKED_EXAMPLES:
            wrong = self.misdescribe(self.rng, cards, value)
        if wrong is None:
            return super().shown(player, cards, value)
        self.applied = True
        shown, description = wrong
        return tuple(shown), description


def _wrong_size(rng: random.Random, cards: Sequence[Card],
                value: BadugiValue) -> tuple[Sequence[Card], str]:
    """E1: a badugi called a three-card hand, or a smaller hand one card bigger."""
    if value.size == 4:
        return cards, _describe(3, value.ranks[1:])
    extra = min(set(range(1, 14)) - set(value.ranks))
    return cards, _describe(value.size + 1, (*value.ranks, extra))


def _wrong_ranks(rng: random.Random, cards: Sequence[Card],
                 value: BadugiValue) -> tuple[Sequence[Card], str]:
    """E2: the right size, but the top card read as a rank the hand does not hold."""
    held = {card.rank for card in cards}
    top = value.ranks[0]
    misread = min((r for r in range(1, 14) if r not in held), key=lambda r: (abs(r - top), r))
    return cards, _describe(value.size, (misread, *value.ranks[1:]))


def _poker_words(rng: random.Random, cards: Sequence[Card],
                 value: BadugiValue) -> tuple[Sequence[Card], str]:
    """E3: the hand described as a high-poker hand."""
    ranks = sorted((card.rank for card in cards), reverse=True)
    pairs = [r for r in ranks if ranks.count(r) > 1]
    if pairs:
        return cards, f"a pair of {rank_name(pairs[0])}s"
    return cards, f"{rank_name(ranks[0])} high"


def _greedy_reading(cards: Sequence[Card]) -> tuple[int, tuple[int, ...]]:
    """Dropping each card that repeats a rank or suit of one kept, in the order shown."""
    kept: list[Card] = []
    for card in cards:
        if all(card.rank != k.rank and card.suit != k.suit for k in kept):
            kept.append(card)
    return len(kept), tuple(sorted((card.rank for card in kept), reverse=True))


def _mechanical(rng: random.Random, cards: Sequence[Card],
                value: BadugiValue) -> tuple[Sequence[Card], str] | None:
    """E4: the cards shown in an order whose card-by-card reading misses the best subset."""
    orders = list(itertools.permutations(cards))
    rng.shuffle(orders)
    for order in orders:
        size, ranks = _greedy_reading(order)
        if (size, ranks) != (value.size, value.ranks):
            return order, _describe(size, ranks)
    return None


class _WorseHandWins(_Fault):
    """S1: at a showdown without a tie, the pot goes to the worse hand."""

    def shares(self, pot: int, winners: list[str]) -> list[tuple[str, int]]:
        if self.folded or len(winners) != 1:
            return super().shares(pot, winners)
        self.applied = True
        return [(self.opponent(winners[0]), pot)]


class _TieSplitUnevenly(_Fault):
    """S2: both players get badugis of the same ranks, and the dealer gets more of the pot."""

    def shuffled_deck(self) -> list[Card]:
        ranks = self.rng.sample(range(1, 10), self.rules.hand_size)
        suits = self.rng.sample(range(4), 4)
        turn = self.rng.randint(1, 3)   # a different suit for every rank: no card twice
        big_blind = [Card.of(rank, suit) for rank, suit in zip(ranks, suits, strict=True)]
        button = [Card.of(rank, (suit + turn) % 4) for rank, suit in zip(ranks, suits, strict=True)]
        return _stacked_deck(self.rng, big_blind, button)

    def shares(self, pot: int, winners: list[str]) -> list[tuple[str, int]]:
        if len(winners) != 2 or pot < 3:
            return super().shares(pot, winners)
        self.applied = True
        button_share = pot // 2 + 1
        return [(self.big_blind, pot - button_share), (self.button, button_share)]


class _WrongReturn(_Fault):
    """S3: after a fold, one chip more than the uncalled bet is returned (and won less)."""

    def uncovered(self) -> tuple[str, int]:
        top, amount = super().uncovered()
        if self.applied or not self.folded or not amount:
            return top, amount
        self.applied = True
        return top, amount + 1


class _PlayAfterFold(_Fault):
    """S4: the winner checks after the other player's fold ended the hand."""

    def end_after_fold(self) -> None:
        assert self.folded is not None
        self.emit(Check, player=self.opponent(self.folded))
        self.applied = True
        super().end_after_fold()


_FAULTS: dict[str, Callable[[_Table], _Fault]] = {
    "G1": _StrangerActs, "G2": _JokerDealt, "G3": _StackMisstated, "G4": _ButtonStays,
    "G5": _ButtonDealtFirst, "G6": _SameDeal,
    "B1": _DrawMissing, "B2": _WrongBetSize, "B3": _RaiseAfterCap, "B4": _CheckFacingBet,
    "B5": _RoundCutShort, "B6": _OutOfTurn, "B7": _WrongCall,
    "D1": _ButtonDrawsFirst, "D2": _ShortReplacement, "D3": _NoBurn, "D4": _CardDealtTwice,
    "E1": partial(_WrongDescription, misdescribe=_wrong_size),
    "E2": partial(_WrongDescription, misdescribe=_wrong_ranks),
    "E3": partial(_WrongDescription, misdescribe=_poker_words),
    "E4": partial(_WrongDescription, misdescribe=_mechanical),
    "S1": _WorseHandWins, "S2": _TieSplitUnevenly, "S3": _WrongReturn, "S4": _PlayAfterFold,
}
#: The rule ids :func:`inject_violation` can break.
BREAKABLE_RULES: tuple[str, ...] = (*_FAULTS, "N1")


def _parts(records: Sequence[Record]) -> tuple[SessionStart, list[Hand]]:
    """The start and the hands of one session's records."""
    start = records[0] if records else None
    if not isinstance(start, SessionStart):
        raise ValueError("a session starts with its SessionStart record")
    if any(isinstance(record, SessionStart) for record in records[1:]):
        raise ValueError("inject_violation takes the records of one session")
    hands = [record for record in records[1:] if isinstance(record, Hand)]
    return start, hands


def inject_violation(records: Sequence[Record], rule: str, rng: random.Random, *,
                     hidden: float = 0.0) -> list[Record]:
    """A copy of the legal session ``records`` that breaks ``rule`` once.

    The hands before the broken one are kept. The broken hand, chosen with
    ``rng`` among those that give the mistake a chance, is dealt anew and
    played by the rules but for the one mistake; the hands after it are
    played on from the chips it leaves (as its log states them), so the
    mistake does not echo into other rules. For N1 a 12-hand session gets a
    13th hand, and one that a bust ended stops a hand or more before the
    bust, both players still holding chips. ``hidden`` is as for
    :func:`simulate_session`, for the hands dealt anew.

    >>> from badugi_hh.engine import audit
    >>> session = simulate_session(random.Random(11), 1)
    >>> broken = inject_violation(session, "D1", random.Random(0))
    >>> sorted({v.rule for report in audit(broken) for v in report.violations})
    ['D1']
    >>> inject_violation(session, "Z9", random.Random(0))   # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: cannot break Z9; the simulator breaks G1 G2 G3 ... S4 N1
    """
    if rule not in BREAKABLE_RULES:
        raise ValueError(f"cannot break {rule}; the simulator breaks {' '.join(BREAKABLE_RULES)}")
    start, hands = _parts(records)
    if rule == "N1":
        return _wrong_length(start, hands, rng, hidden)
    fault = _FAULTS[rule]
    for index in rng.sample(range(len(hands)), len(hands)):
        for _ in range(ATTEMPTS_PER_HAND):
            table = _Table.resume(start, hands[:index], rng, hidden)
            broken = fault(table)
            hand = broken.play()
            if broken.applied:
                table.commit(broken)
                return [start, *hands[:index], hand, *_play_on(table), table.session_end()]
    raise _NoChance(f"no hand of session {start.session_id} gives a chance to break {rule}")


def _wrong_length(start: SessionStart, hands: list[Hand], rng: random.Random,
                  hidden: float) -> list[Record]:
    """N1: one hand more than the session's length, or an end before a bust ended it."""
    table = _Table.resume(start, hands, rng, hidden)
    if table.ruleset.session_hands is None:
        raise _NoChance("a session of unlimited hands has no length to break")
    if all(chips > 0 for chips in table.stacks.values()):
        hand = _HandPlay(table)
        extra = hand.play()
        table.commit(hand)
        return [start, *hands, extra, table.session_end()]
    if len(hands) < 2:
        raise _NoChance("a session that busts in its first hand cannot end earlier")
    kept = hands[:rng.randrange(1, len(hands))]
    return [start, *kept, _Table.resume(start, kept, rng, hidden).session_end()]
