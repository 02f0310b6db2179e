"""One table and one hand, played by the rules: the simulator's own reading of RULES.md.

Heads-up or multiway, every game of :mod:`._games`. The seat order decides
everything: the button moves one seat clockwise every hand (heads-up: it
alternates, G4); the two players left of it post the blinds (heads-up the
dealer posts the small one, G4, M1); the deal and the draws go clockwise from
the button (G5, D1); the betting starts left of the big blind before the first
draw and left of the button after each (B6, M2).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta

from badugi_hh.cards import DECK, Card
from badugi_hh.events import Burn, Button, Cards, Deal, Draw, Event, Hand, PostBlind, Street
from badugi_hh.simulate._betting import BettingPlay
from badugi_hh.simulate._showdown import ShowdownPlay
from badugi_hh.simulate._table import Table

HAND_INTERVAL = timedelta(minutes=3)
#: How often a player with a hand to draw to stands pat anyway, as a bluff (a snow).
SNOW_CHANCE = 0.03
#: How often a made hand is broken for no reason at all (bad players do it).
WHIM_BREAK_CHANCE = 0.02


class HandPlay(BettingPlay, ShowdownPlay):
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
        self.start_betting()
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
