"""The cards of a hand: every card seen, where it went, and the deck running out.

:class:`Deck` follows each card the log names as it is dealt, drawn, burned,
discarded or shown, and reports a card that cannot be where the log puts it: a
joker (G2), a discard or burn that comes back (D3), a card in two places or more
cards than a deck holds (D4), a shown or discarded card the player does not hold
(D2). When the stub runs out the discards since the last reshuffle make a new
one, burns and the drawing player's own discards left out, and only those may come
back (docs/rules.md, "Deck recycling"). Under Full Tilt's rule
(``Ruleset.deck_recycling``) the folded hands join them, and every discard of the
draw, as the replacements are dealt after the draw's last discard; under PokerKit's
the burns too, one a draw, stated or not (an unstated one after the draw's last discard).

>>> from badugi_hh.cards import parse_cards
>>> from badugi_hh.engine.table import Table
>>> from badugi_hh.rules import HOUSE
>>> found = []
>>> report = lambda *violation: found.append(violation)
>>> deck = Deck(Table(HOUSE, report, {}), report)
>>> deck.take(parse_cards("As 2h 3d Kd"), "dealt to Ana", line=4)
>>> deck.take(parse_cards("Kd"), "dealt to Bruno", line=5)
>>> found
[('D4', 5, 'Kd is dealt to Bruno, but it was already dealt to Ana; each card is dealt once')]
"""

from __future__ import annotations

from collections.abc import Sequence

from badugi_hh.cards import JOKER, Card, format_cards
from badugi_hh.engine.table import Report, Table, TablePlayer
from badugi_hh.events import Cards

__all__ = ["Deck"]


class Deck:
    """Where every card of one hand is, as far as the log tells."""


    def __init__(self, table: Table, report: Report) -> None:
        self.table = table
        self.report = report
        self.seen: dict[Card, str] = {}        # card -> where it was last seen
        self.out_of_play: set[Card] = set()    # discarded or burned (D3)
        self.used = 0                          # cards dealt, drawn and burned, seen or not
        self.misplayed: set[Card] = set()      # cards already reported (G2, D3, D4): once each
        self.size_reported = False             # D4's count of cards: once a hand
        self._most, self._most_for = 0, -1     # most_cards, and for how many players
        # The stub, and the dead cards that make the next one when it runs out
        # (Ruleset.deck_recycling): the discards; under Full Tilt's and PokerKit's rules
        # the folded hands as well, and every discard of the draw, the replacements
        # waiting for its last one; under PokerKit's the burns too.
        recycling = table.rules.deck_recycling
        self.recycles_folded_hands = recycling != "discards"
        self.replaces_after_last_discard = recycling != "discards"
        self.recycles_burns = recycling == "dead_cards"
        self.stub_left = 52                    # cards left in the stub
        self.dead: set[Card] = set()           # dead since the last reshuffle (known ones)
        self.dead_count = 0                    # and how many, known or not
        self.gathered: set[str] = set()        # folded players whose cards are dead
        self.reshuffled: set[Card] = set()     # back in the stub: may be dealt again
        self.set_aside: Cards = ()             # the drawing player's discards (not PokerKit's)

    # -- the deck's size ---------------------------------------------------------

    def most_cards(self) -> int:
        """Every card dealt, every card drawn, every burn: the most a hand can use (D4).

        Asked at every draw; the players are all dealt in by then, so it is worked out
        once for the number of players seated.
        """
        players = len(self.table.players)
        if players != self._most_for:
            rules = self.table.rules
            self._most = players * rules.hand_size * (1 + rules.draws) + rules.draws
            self._most_for = players
        return self._most

    def recycled(self) -> bool:
        """Whether the stub has run out and the discards were shuffled into a new one.

        Heads-up Badugi never needs it (D4: 35 cards at most); five-card games from
        three players and Badugi from four can run out, and then a discard may
        come back (not a D3).
        """
        return self.used > 52 and self.most_cards() > 52

    def check_size(self, line: int) -> None:
        """No more cards used than the deck can give without recycling (D4)."""
        limit = min(52, self.most_cards())
        if self.used > limit and not self.recycled() and not self.size_reported:
            self.size_reported = True
            self.report("D4", line, f"{self.used} cards are used in this hand; "
                        f"at most {limit} can be without recycling the deck")

    # -- cards coming into play --------------------------------------------------

    def take(self, cards: Sequence[Card | None], where: str, line: int) -> None:
        """``cards`` leave the deck (dealt, drawn or burned): G2, D3, D4."""
        self.used += len(cards)
        self._leave_stub(len(cards))
        self.check(cards, where, line)

    def _leave_stub(self, count: int) -> None:
        """``count`` cards come off the stub: when it holds fewer, it is dealt to its last
        card and the dead cards make a new one (Full Tilt's help and PokerKit's
        ``State._consume_cards`` add the folded hands to them)."""
        if count > self.stub_left:
            if self.recycles_folded_hands:
                self._gather_folded_hands()
            self.reshuffled |= self.dead
            self.stub_left += self.dead_count
            self.dead, self.dead_count = set(), 0
        self.stub_left -= count

    def _gather_folded_hands(self) -> None:
        """The new stub takes the folded hands too, each hand once."""
        for player in self.table.players.values():
            if player.folded and player.name not in self.gathered:
                self.gathered.add(player.name)
                self._die(player.cards)

    def _die(self, cards: Sequence[Card | None]) -> None:
        """``cards`` are out of play: the next reshuffle brings them back."""
        self.dead.update(card for card in cards if card is not None)
        self.dead_count += len(cards)

    def _comes_back(self, card: Card) -> bool:
        """Whether ``card``, seen before, is dealt again from a reshuffled stub: then it
        is back in play (and may not come back once more)."""
        back = card in self.reshuffled
        if back:
            self.reshuffled.discard(card)
            self.out_of_play.discard(card)   # back in play
        return back

    def check(self, cards: Sequence[Card | None], where: str, line: int) -> None:
        """Cards coming into play, already counted: none may be in play or out of it."""
        seen, joker = self.seen, JOKER   # a local: compiled, a module's name is a look-up
        for card in cards:
            if card is None:
                continue
            if card == joker:   # an int comparison: Card.is_joker is a property call
                if card not in self.misplayed:   # once a hand, wherever it comes back
                    self.misplayed.add(card)
                    self.report("G2", line, f"a joker is {where}; the deck has 52 cards "
                                "and no jokers")
                continue
            previous = seen.get(card)
            if (previous is not None and card not in self.misplayed   # one report a card
                    and not self._comes_back(card)):
                self.misplayed.add(card)
                if card in self.out_of_play:
                    self.report("D3", line, f"{card} is {where}, but it was {previous}, and "
                                "discards and burned cards are out of play")
                else:
                    self.report("D4", line, f"{card} is {where}, but it was already "
                                f"{previous}; each card is dealt once")
            seen[card] = where

    def burn(self, card: Card | None, line: int) -> None:
        """A card burned before a draw: out of play (D3); in house and site hands for the
        rest of the hand, in PokerKit's till the next reshuffle."""
        self.take((card,), "burned", line)
        if card is not None:
            self.out_of_play.add(card)
        if self.recycles_burns:
            self._die((card,))

    # -- cards leaving a hand ----------------------------------------------------

    def discard(self, player: TablePlayer, discarded: Cards, line: int) -> None:
        """``player`` throws ``discarded`` away: cards he must hold (D2), out of play (D3)."""
        held, seen, out_of_play = player.cards, self.seen, self.out_of_play
        where = f"discarded by {player.name}"
        for card in discarded:
            if card is not None and card in held:
                held.remove(card)
            elif None in held:
                held.remove(None)   # a card we had not seen until now
            elif card is not None:
                self.report("D2", line, f"{player.name} discards {card}, which is "
                            f"not in the hand ({format_cards(held)})")
            elif held:
                held.pop()
            if card is not None:
                seen[card] = where
                out_of_play.add(card)
        if self.replaces_after_last_discard:
            self._die(discarded)   # no replacement is dealt before the draw's last discard
        else:
            self.set_aside = discarded

    def pile_discards(self) -> None:
        """The drawing player has his replacements: his discards join the dead cards
        now, so a reshuffle in his own draw cannot give them back to him."""
        self._die(self.set_aside)
        self.set_aside = ()

    def restate(self, player: TablePlayer, cards: Cards) -> None:
        """A site log restates the hero's whole hand after a draw: cards new to us are
        the ones he drew."""
        for card in cards:
            if card is not None and card not in player.cards and card not in self.seen:
                self.seen[card] = f"drawn by {player.name}"
        player.cards = list(cards)

    def check_restated(self, player: TablePlayer, stated: Cards, line: int) -> None:
        """A site's summary says what the player showed (``showed [7c 6d 9c 4s 2c]``): the
        cards he holds, his shown hand once he has shown it, as a show line's must be (D2).
        A statement restates: it changes nothing the replay knows, and a card he may hold
        unseen is not taken for a card he was dealt (:meth:`show` does that)."""
        held = list(player.cards)
        for card in stated:
            if card is None:
                continue   # a card the statement hides says nothing
            if card in held:
                held.remove(card)
            elif None in held:
                held.remove(None)   # a card of his the log never showed: it may be this one
            else:
                self.report("D2", line, f"the summary says {player.name} showed "
                            f"{format_cards(stated)}, but he holds {format_cards(player.cards)}")
                return

    def show(self, player: TablePlayer, shown: Cards, line: int) -> None:
        """Shown cards are the cards the log gave the player (D2, D3, D4)."""
        held = list(player.cards)
        for card in shown:
            if card is None or card in held:
                if card in held:
                    held.remove(card)
                continue
            if None not in held:
                self.report("D2", line, f"{player.name} shows {format_cards(shown)} but "
                            f"holds {format_cards(player.cards)}")
                break
            held.remove(None)
            if card in self.seen and not self._comes_back(card):
                rule = "D3" if card in self.out_of_play else "D4"
                self.report(rule, line, f"{player.name} shows {card}, but it was "
                            f"{self.seen[card]}")
            self.seen[card] = f"held by {player.name}"
        player.cards = list(shown)
