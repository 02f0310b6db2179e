"""One table and one hand, played by the rules: the simulator's own reading of RULES.md.

Heads-up or multiway, every game of :mod:`._games`. The seat order decides
everything: the button moves one seat clockwise every hand (heads-up: it
alternates, G4); the two players left of it post the blinds (heads-up the
dealer posts the small one, G4, M1); the deal and the draws go clockwise from
the button (G5, D1); the betting starts left of the big blind before the first
draw and left of the button after each (B6, M2).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from badugi_hh.cards import DECK, Card
from badugi_hh.events import (
    Award, Bet, Burn, Button, Call, Cards, Check, Deal, Draw, Event, Fold, Hand, PostBlind,
    Raise, SessionEnd, SessionStart, Show, StackStated, Street, UncalledReturned,
)
from badugi_hh.rules import Ruleset
from badugi_hh.simulate._games import GAMES, Game, HalfValue

HAND_INTERVAL = timedelta(minutes=3)
#: How loose and aggressive a player is, drawn per session: about 0.25 timid,
#: 1 aggressive, 2 a maniac who never folds and raises all he can. The
#: maniacs make the big pots that bust a stack before hand 12.
STYLE_RANGE = (0.25, 1.0)
MANIAC_RANGE = (1.4, 2.4)
MANIAC_CHANCE = 0.5
#: How much stronger a hand must be to stay in, for each opponent beyond the first.
MULTIWAY_CAUTION = 0.08
#: How often a player with a hand to draw to stands pat anyway, as a bluff (a snow).
SNOW_CHANCE = 0.03
#: How often a made hand is broken for no reason at all (bad players do it).
WHIM_BREAK_CHANCE = 0.02


@dataclass(frozen=True, slots=True)
class Pot:
    """A pot (M3): its chips, who may win it, and its name in the log."""

    amount: int
    eligible: tuple[str, ...]
    name: str = ""          # "", or "main", "side 1"... when there are side pots


# -- the table: what carries from hand to hand --------------------------------

@dataclass(slots=True)
class Table:
    """A session under way: who sits where, the chips, and the last hand's button and deal."""

    rng: random.Random
    ruleset: Ruleset
    session_id: str
    seats: dict[str, int]          # in seat order
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
               hidden: float) -> Table:
        """The table after ``played``, as the log states it (stacks, button, deal)."""
        seats = {p.name: p.seat for p in sorted(start.players, key=lambda p: p.seat)}
        table = cls(rng, start.ruleset, start.session_id, seats,
                    {p.name: p.stack for p in start.players}, start.started_at, hidden,
                    {name: _style(rng, len(seats)) for name in seats},
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

    @property
    def game(self) -> Game:
        return GAMES[self.ruleset.game]

    @property
    def players(self) -> list[str]:
        return list(self.seats)

    def goes_on(self) -> bool:
        """Another hand is due: the session is not over and nobody is broke (N1)."""
        limit = self.ruleset.session_hands
        return ((limit is None or self.hands_played < limit)
                and all(chips > 0 for chips in self.stacks.values()))

    def commit(self, hand: HandPlay) -> None:
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


def _style(rng: random.Random, players: int) -> float:
    """A player's temperament for a session: heads-up a maniac half of the time.

    At a bigger table maniacs are rarer, or nobody would ever fold to a bet.
    """
    maniac_chance = MANIAC_CHANCE * 2 / players
    return rng.uniform(*(MANIAC_RANGE if rng.random() < maniac_chance else STYLE_RANGE))


def stacked_deck(rng: random.Random, hands: Sequence[Sequence[Card]], players: int,
                 ) -> list[Card]:
    """A deck whose deal gives ``hands`` to the first players in dealing order.

    The deal goes round the table one card at a time (G5), so card ``k`` of
    the ``i``-th player dealt is the deck's card ``k * players + i``.
    """
    fixed = {k * players + i: card for i, hand in enumerate(hands)
             for k, card in enumerate(hand)}
    rest = [card for card in DECK if card not in fixed.values()]
    rng.shuffle(rest)
    return [fixed[index] if index in fixed else rest.pop() for index in range(52)]


# -- one hand -------------------------------------------------------------------

class HandPlay:
    """One hand, dealt and played by the rules; :meth:`play` returns it as a :class:`Hand`.

    The faults (``_faults.py``) break one rule each. They override the small
    methods here (who has the button, how much a call is, ...), so every
    other chip and card stays as the rules have it.
    """

    def __init__(self, table: Table) -> None:
        self.table, self.rng, self.rules, self.game = table, table.rng, table.ruleset, table.game
        self.number = table.hands_played + 1
        self.button = self.choose_button()
        self.small_blind, self.big_blind = self.blind_posters()
        self.hidden = self.choose_hidden()
        self.stack = dict(table.stacks)
        self.total_in = dict.fromkeys(self.stack, 0)
        self.round_in = dict.fromkeys(self.stack, 0)
        self.all_in: set[str] = set()
        self.folded: set[str] = set()
        self.to_match = 0
        self.full_to = 0               # the level of the last full bet or raise (T1)
        self.bets = 0                  # bets and raises this round, for the cap (B3)
        self.round_number = 1
        self.acted: dict[str, int] = {}   # who acted this round, and the bet he faced then
        self.cards: dict[str, list[Card]] = {}
        self.strength: dict[str, float] = {}   # the game's strength of the cards, kept current
        self.logged_deal: dict[str, Cards] = {}
        self.alias: dict[Card, Card] = {}   # a card the log names wrongly
        self.deck = self.shuffled_deck()
        self.discard_pile: list[Card] = []   # discards since the deck was last recycled
        self.events: list[Event] = []
        self.header_line = self.line = table.next_line

    # -- who and what --------------------------------------------------------

    @property
    def heads_up(self) -> bool:
        return len(self.table.seats) == 2

    def clockwise_after(self, player: str) -> list[str]:
        """Every player, starting with the one left of ``player`` and ending with him."""
        players = self.table.players
        start = players.index(player) + 1
        return players[start:] + players[:start]

    def live(self) -> list[str]:
        """The players who have not folded, clockwise from left of the button."""
        return [p for p in self.clockwise_after(self.button) if p not in self.folded]

    def able(self) -> list[str]:
        """The players who can still bet: not folded and not all-in."""
        return [p for p in self.live() if p not in self.all_in]

    def choose_button(self) -> str:
        """Seat 1 deals first, then the button moves one seat clockwise (G4)."""
        previous = self.table.button
        return self.table.players[0] if previous is None else self.clockwise_after(previous)[0]

    def blind_posters(self) -> tuple[str, str]:
        """Heads-up the dealer posts the small blind (G4); else the two left of him (M1)."""
        left = self.clockwise_after(self.button)
        return (self.button, left[0]) if self.heads_up else (left[0], left[1])

    def choose_hidden(self) -> str | None:
        """Whose cards the log hides, as a site's log hides the opponents'."""
        if self.rng.random() < self.table.hidden:
            return self.rng.choice(self.table.players)
        return None

    def shuffled_deck(self) -> list[Card]:
        """All 52 cards shuffled anew for every hand (G6)."""
        deck = list(DECK)
        self.rng.shuffle(deck)
        return deck

    def next_card(self) -> Card:
        """The top card of the stub; an empty stub is made anew from the discards."""
        if not self.deck:
            self.recycle()
        return self.deck.pop(0)

    def recycle(self) -> None:
        """The discards so far, shuffled, are the new stub; burns stay out of play.

        Only when every card of the deck has been used: the stub is dealt to
        its last card first, so a discard comes back only after 52 cards.
        """
        self.deck, self.discard_pile = self.discard_pile, []
        self.rng.shuffle(self.deck)

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
            if self.hand_won():
                break
            self.draw(number)
            self.betting_round(number + 1)
        if self.hand_won():
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

    def hand_won(self) -> bool:
        """Everyone but one has folded (S4)."""
        return len(self.live()) == 1

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
        for player, kind, amount in ((self.small_blind, "small", self.rules.small_blind),
                                     (self.big_blind, "big", self.rules.big_blind)):
            paid = self.put_in(player, amount)
            self.emit(PostBlind, player=player, amount=paid, kind=kind,
                      all_in=player in self.all_in)
        self.to_match = max(self.round_in.values())
        self.full_to = self.rules.big_blind
        # The big blind is the round's opening bet (B3), unless it is short of the small.
        self.bets = int(self.round_in[self.big_blind] > self.round_in[self.small_blind])

    def deal(self) -> None:
        """One card at a time, clockwise from left of the button (G5)."""
        order = self.deal_order()
        dealt = [self.next_card() for _ in range(len(order) * self.rules.hand_size)]
        self.cards = {player: dealt[i::len(order)] for i, player in enumerate(order)}
        self.strength = {player: self.game.strength(cards) for player, cards in self.cards.items()}
        for player in order:
            self.logged_deal[player] = self.logged(player, self.cards[player])
            self.emit(Deal, player=player, cards=self.logged_deal[player])

    def deal_order(self) -> list[str]:
        """Heads-up the big blind is dealt first, since he sits left of the button."""
        return self.clockwise_after(self.button)

    # -- betting -------------------------------------------------------------

    def betting_round(self, number: int) -> None:
        """One betting round (B4, B5, M3); the blinds already stand in round 1."""
        self.round_number, self.acted = number, {}
        if number > 1:
            self.to_match = self.full_to = self.bets = 0
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

    def can_raise(self, player: str) -> bool:
        """Under the cap (B3), with someone left to call, chips beyond a call, and the
        betting open to him (T8)."""
        return (self.bets < self.rules.max_bets_per_round
                and any(p != player for p in self.able())
                and self.stack[player] > self.to_match - self.round_in[player]
                and self.reopened_for(player))

    def reopened_for(self, player: str) -> bool:
        """Whether ``player`` may raise: he has not acted this round, or the bet has gone
        up since by a full raise. Short all-ins add up; in fixed limit half a bet counts
        as a full one (the half-bet rule, T1)."""
        faced = self.acted.get(player)
        return faced is None or 2 * (self.to_match - faced) >= self.rules.bet_size(
            self.round_number)

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
                amount = self.put_in(player, self.bet_amount(player, size))
                self.raise_level(player, size)
                self.emit(Bet, player=player, amount=amount, all_in=player in self.all_in)
            case "raise":
                before = self.to_match
                self.put_in(player, self.full_to + size - self.round_in[player])
                self.raise_level(player, size)
                self.emit(Raise, player=player, to=self.round_in[player],
                          by=self.round_in[player] - before, all_in=player in self.all_in)

    def raise_level(self, player: str, size: int) -> None:
        """A full bet or raise sets the level the next raise goes from (T1).

        An all-in short of it counts as full when it is at least half of it
        (the half-bet rule); for less, the next raise completes the bet.
        """
        to = self.round_in[player]
        self.to_match = max(self.to_match, to)
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
        return size

    # -- draws ---------------------------------------------------------------

    def draw(self, number: int) -> None:
        """A burn, then every player still in draws, clockwise from the button (D1, D3)."""
        self.emit(Street, kind="draw", number=number)
        self.burn()
        for player in self.drawing_order():
            self.draw_cards(player, number)

    def burn(self) -> None:
        self.emit(Burn, card=self.next_card())

    def drawing_order(self) -> list[str]:
        return self.live()

    def draw_cards(self, player: str, number: int) -> None:
        discarded = self.choose_discards(player, number)
        hand = self.cards[player]
        for card in discarded:
            hand.remove(card)
        drawn = [self.next_card() for _ in range(self.replacements(len(discarded), number))]
        self.discard_pile += discarded   # after the draw: never drawn back at once
        hand.extend(drawn)
        self.strength[player] = self.game.strength(hand)
        self.emit(Draw, player=player, discarded=self.logged(player, discarded),
                  drawn=self.logged(player, drawn))

    def replacements(self, discarded: int, number: int) -> int:
        """As many cards as were discarded (D2)."""
        return discarded

    def choose_discards(self, player: str, number: int) -> list[Card]:
        """Keep what the game values; sometimes snow, sometimes break a rough hand."""
        hand = self.cards[player]
        kept = self.game.keep(hand)
        discarded = [card for card in hand if card not in kept]
        roll = self.rng.random()
        if discarded and roll < SNOW_CHANCE:
            return []
        if not kept:
            return discarded
        top, rough = self.game.top_kept(kept)
        if (number < self.rules.draws and rough and roll < 0.35) or roll > 1 - WHIM_BREAK_CHANCE:
            discarded.append(top)
        return discarded

    # -- the end -------------------------------------------------------------

    def end_after_fold(self) -> None:
        """The last player in takes every pot at once, no showdown (S4)."""
        self.return_uncovered()
        winner = self.live()[0]
        self.pay(winner, sum(self.total_in.values()), "")

    def showdown(self) -> None:
        """Every hand still in is shown, clockwise from the button; each pot goes to
        the best hand among those who contributed to it (S1, M3), or is split by
        halves in a split game (X3)."""
        self.emit(Street, kind="showdown")
        values: dict[str, dict[str, HalfValue]] = {}
        for player in self.live():
            cards = self.cards[player]
            if len(cards) == self.rules.hand_size:
                values[player] = self.game.values(cards)
            shown, description = self.shown(player, cards)
            self.emit(Show, player=player, cards=shown, description=description)
        self.return_uncovered()
        for pot in self.pots():
            self.award_pot(pot, values)

    def shown(self, player: str, cards: Sequence[Card]) -> tuple[Cards, str | None]:
        """The shown cards and their description (E1-E4, X2)."""
        shown = tuple(self.alias.get(card, card) for card in cards)
        if len(cards) != self.rules.hand_size:
            return shown, None
        return shown, self.game.describe(cards)

    def return_uncovered(self) -> None:
        """The part of the largest bet nobody covered goes back (S3)."""
        top, returned = self.uncovered()
        if returned:
            self.stack[top] += returned
            self.total_in[top] -= returned
            self.emit(UncalledReturned, player=top, amount=returned)

    def uncovered(self) -> tuple[str, int]:
        """Who put in the most, and by how much more than anyone else."""
        top, second = sorted(self.total_in, key=self.total_in.__getitem__, reverse=True)[:2]
        return top, self.total_in[top] - self.total_in[second]

    def pots(self) -> list[Pot]:
        """The main pot and the side pots (M3): one per all-in level of the players in.

        Each takes, from every player, what he put in between the level below
        and its own; those still in who reached its level may win it.
        """
        live = self.live()
        levels = sorted({self.total_in[p] for p in live if p in self.all_in}
                        | {max(self.total_in.values())})
        pots: list[Pot] = []
        floor = 0
        for level in levels:
            amount = sum(min(chips, level) - min(chips, floor) for chips in self.total_in.values())
            eligible = tuple(p for p in live if self.total_in[p] > floor)
            if amount and not eligible:   # chips only folded players reached
                last = pots.pop() if pots else Pot(0, tuple(live))
                amount, eligible = last.amount + amount, last.eligible
            if amount:
                pots.append(Pot(amount, eligible))
            floor = level
        if len(pots) == 1:
            return pots
        return [Pot(pot.amount, pot.eligible, "main" if index == 0 else f"side {index}")
                for index, pot in enumerate(pots)]

    def award_pot(self, pot: Pot, values: dict[str, dict[str, HalfValue]]) -> None:
        """The pot to its best hand; in a split game half to each half's best (X3)."""
        for player, amount, name in self.pot_awards(pot, values):
            self.pay(player, amount, name)

    def pot_awards(self, pot: Pot, values: dict[str, dict[str, HalfValue]],
                   ) -> list[tuple[str, int, str]]:
        """Who wins how much of ``pot``, and the name of the pot or half it comes from."""
        contenders = [p for p in pot.eligible if p in values]
        if len(pot.eligible) == 1 or not contenders:
            return [(pot.eligible[0], pot.amount, pot.name)]
        awards = []
        for half, amount in self.halves(pot, contenders, values):
            name = f"{pot.name} {half}".strip()
            winners = self.best(contenders, values, half or self.game.halves[0])
            awards += [(player, share, name) for player, share in self.shares(amount, winners)]
        return awards

    def halves(self, pot: Pot, contenders: list[str], values: dict[str, dict[str, HalfValue]],
               ) -> list[tuple[str, int]]:
        """How the pot is cut: whole (half ""), or the Badugi half with the odd chip and
        the lowball half; with no Badugi qualifier, all of it to the lowball (X3)."""
        if not self.game.split:
            return [("", pot.amount)]
        if not any(self.qualifies(values[p]["badugi"]) for p in contenders):
            return [("lowball", pot.amount)]
        badugi = pot.amount - pot.amount // 2
        return [("badugi", badugi), ("lowball", pot.amount - badugi)]

    def qualifies(self, value: HalfValue) -> bool:
        """Whether a hand may win a split game's Badugi half (``Ruleset.badugi_qualifier``)."""
        return self.rules.badugi_qualifier == "none" or getattr(value, "size", 0) == 4

    def best(self, contenders: list[str], values: dict[str, dict[str, HalfValue]],
             half: str) -> list[str]:
        """The contenders with the best value in ``half`` (a Badugi half needs a qualifier)."""
        allowed = [p for p in contenders
                   if half != "badugi" or not self.game.split or self.qualifies(values[p][half])]
        best = min(values[p][half].rank for p in allowed)
        return [p for p in allowed if values[p][half].rank == best]

    def shares(self, amount: int, winners: list[str]) -> list[tuple[str, int]]:
        """Equal shares of a tie, the odd chips one each in the order of S2: the big blind
        first when the rules say so, then clockwise from the button."""
        order = [p for p in self.clockwise_after(self.button) if p in winners]
        if self.rules.odd_chip == "big_blind" and self.big_blind in order:
            order.remove(self.big_blind)
            order.insert(0, self.big_blind)
        share, odd = divmod(amount, len(order))
        return [(player, share + (index < odd)) for index, player in enumerate(order)]

    def pay(self, player: str, amount: int, pot: str) -> None:
        if amount:
            self.stack[player] += amount
            self.emit(Award, player=player, amount=amount, pot=pot)

    def state_stacks(self) -> None:
        for player in self.table.seats:
            self.emit(StackStated, player=player, amount=self.stack[player])
