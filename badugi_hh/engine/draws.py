"""The draws of a hand: who draws when, the burn before each, discards and replacements.

:class:`Draws` opens each draw (after the betting round before it is over: B1,
B5), takes the burn (D3) and every player's draw in turn (D1), and holds the
discards and replacements to the deck (D2, D3, D4).
"""

from __future__ import annotations

from collections import Counter

from badugi_hh.cards import format_cards
from badugi_hh.engine.deck import Deck
from badugi_hh.engine.report import DrawRecord, draw_name, new_tuple, round_name
from badugi_hh.engine.rounds import Betting
from badugi_hh.engine.table import Report, Table, TablePlayer
from badugi_hh.events import Burn, Cards, Draw, DrawnCards

__all__ = ["Draws"]


class Draws:
    """The draws of one hand, one after the other."""


    def __init__(self, table: Table, deck: Deck, betting: Betting, report: Report) -> None:
        self.table = table
        self.deck = deck
        self.betting = betting
        self.report = report
        self.rules = table.rules
        self.number = 0                # draws begun
        self.open = False              # a draw under way
        self.to_draw: list[str] = []   # who must still draw, in order
        self.drew: set[str] = set()
        self.burns = 0                 # burns in the draw under way
        # PokerKit's unwritten burn: the line of the draw it belongs to, till it is
        # burned after the draw's last discard (State.burn_card waits for every discard)
        self.burn_due: int | None = None
        self.records: list[DrawRecord] = []
        # each player's hand just before his last discards: a site's line of the cards
        # he kept is checked against it (on_drawn_cards)
        self.held_before: dict[str, Cards] = {}
        # Full Tilt and PokerKit deal a draw's replacements once every player has
        # discarded (Deck.replaces_after_last_discard): (cards, drawing player, line) wait
        # here till the draw closes or the log tells them
        self.undealt: list[tuple[Cards, str, int]] = []

    def begin(self, line: int, number: int | None = None) -> None:
        """The next draw starts (D1), once the betting before it is over (B1, B5)."""
        self.close(line)
        betting, expected = self.betting, self.number + 1
        if number is not None and number != expected:
            self.report("D1", line, f"the {draw_name(number)} draw comes where the "
                        f"{draw_name(expected)} is due")
        if expected > self.rules.draws:
            self.report("D1", line, f"a {draw_name(expected)} draw; there are "
                        f"{self.rules.draws} draws")
        if betting.pending:
            betting.close_with_players_to_act(line, f"the {draw_name(expected)} draw starts")
        elif (self.number >= betting.round
              and not self.table.no_more_betting(betting.levels.to_match)):
            self.report("B1", line, f"no betting round between the "
                        f"{draw_name(self.number)} and the {draw_name(expected)} draw")
        betting.end_round()
        self.number, self.open, self.burns = expected, True, 0
        # Each draw goes clockwise from the button: the big blind first heads-up (D1).
        self.to_draw = [p.name for p in self.table.order_after(self.table.button_seat)
                        if not p.folded]
        self.drew = set()

    def close(self, line: int) -> None:
        """The draw under way ends: whoever has not drawn missed it (D1)."""
        if not self.open:
            return
        self.deal_replacements()
        for name in self.to_draw:
            self.report("D1", line, f"{name} does not draw in the {draw_name(self.number)} "
                        "draw (standing pat is a draw of zero cards)")
        self.to_draw, self.open = [], False

    def on_burn(self, event: Burn) -> None:
        if not self.open or not self.to_draw:
            self.begin(event.line)
        elif self.drew:
            self.report("D3", event.line, "a card is burned in the middle of the "
                        f"{draw_name(self.number)} draw; the burn comes before it")
        elif self.burns:
            self.report("D3", event.line, "a second card is burned before the "
                        f"{draw_name(self.number)} draw; one card is burned")
        self.burns += 1
        self.deck.burn(event.card, event.line)

    def on_draw(self, event: Draw) -> None:
        line, discarded = event.line, event.discarded
        player = self.table.players.get(event.player) or self.table.player(event.player, line)
        if player is None:
            return
        name = player.name   # the log's, or the player's whose name it misspells (G1)
        if player.folded:
            self.report("S4", line, f"{name} draws after folding")
            return
        to_draw = self.to_draw
        if not self.open or not to_draw:
            self.begin(line)
            to_draw = self.to_draw
        drew = self.drew
        if not self.burns and not drew:
            self._no_burn_stated(line)
        if to_draw and to_draw[0] == name and name not in drew:
            del to_draw[0]   # the player whose turn it is: nothing more to check here
            drew.add(name)
        else:
            self._check_turn(player, line)
        self.held_before[name] = tuple(player.cards)
        if discarded:
            if len(discarded) > self.rules.hand_size:
                self.report("D2", line, f"{name} discards {len(discarded)} cards; a player "
                            f"discards 0 to {self.rules.hand_size}")
            self.deck.discard(player, discarded, line)
        drawn = event.drawn if event.drawn is not None else (None,) * len(discarded)
        if len(drawn) != len(discarded):
            self.report("D2", line, f"{name} discards {len(discarded)} "
                        f"and receives {len(drawn)}; the replacements equal the discards")
        if drawn:
            if self.deck.replaces_after_last_discard:
                self.undealt.append((drawn, name, line))
            else:
                self.deck.take(drawn, f"drawn by {name}", line)
            player.cards.extend(drawn)
        self.deck.pile_discards()
        self.deck.check_size(line)
        self.records.append(new_tuple(DrawRecord, (name, self.number, discarded, drawn,
                                                   tuple(player.cards), line)))

    def deal_replacements(self, through: str | None = None) -> None:
        """The replacements dealt after the draw's last discard, in turn: a reshuffle then
        brings back every card discarded in the draw (D3, D4). ``through``: only as far
        as that player's, the others' to come after it. PokerKit's unwritten burn comes
        first: when the stub is empty, it is the burn that reshuffles this draw's
        discards into the new one."""
        if self.burn_due is not None:
            self.deck.burn(None, self.burn_due)
            self.burn_due = None
        undealt = self.undealt
        while undealt:
            drawn, name, line = undealt.pop(0)
            self.deck.take(drawn, f"drawn by {name}", line)
            self.deck.check_size(line)
            if name == through:
                break

    def _no_burn_stated(self, line: int) -> None:
        """The draw under way starts without a burn: a D3 where the log states burns;
        PokerKit burns a card all the same, one a PHH hand never states (its stub),
        once every player has discarded (:meth:`deal_replacements`)."""
        if self.rules.burns_logged:
            self.report("D3", line, f"no card is burned before the "
                        f"{draw_name(self.number)} draw")
        elif self.deck.recycles_burns:
            self.burns += 1
            self.burn_due = line

    def _check_turn(self, player: TablePlayer, line: int) -> None:
        if player.name in self.drew:
            self.report("D1", line, f"{player.name} draws twice in the "
                        f"{draw_name(self.number)} draw")
        elif self.to_draw and self.to_draw[0] != player.name:
            first = ("the big blind" if self.table.heads_up
                     else "the first player left of the button")
            self.report("D1", line, f"{player.name} draws before {self.to_draw[0]}; "
                        f"{first} draws first")
        self.drew.add(player.name)
        if player.name in self.to_draw:
            self.to_draw.remove(player.name)

    def on_drawn_cards(self, event: DrawnCards) -> None:
        """Site logs tell the hero's replacements on a line of their own (D2, D3, D4)."""
        player = self.table.player(event.player, event.line)
        if player is None or not event.cards:
            return
        # Full Tilt tells the hero's cards after the other players' draws, so
        # the record to complete is the player's in this draw, not the last one.
        records = self.records
        at = next((index for index in range(len(records) - 1, -1, -1)
                   if records[index].draw == self.number
                   and records[index].player == player.name), None)
        if at is not None and records[at].discard_count != len(event.cards):
            self.report("D2", event.line, f"{player.name} discards {records[at].discard_count} "
                        f"and receives {len(event.cards)}; the replacements equal the "
                        "discards")
        if at is not None and event.kept is not None:
            self._check_kept(player, records[at], event.kept, event.line)
        # Full Tilt writes the replacements after the draw's last discard, in the order
        # the players discarded: his, and those before, are off the stub by now.
        self.deal_replacements(through=player.name)
        self.deck.check(event.cards, f"drawn by {player.name}", event.line)
        unknown = [i for i, card in enumerate(player.cards) if card is None]
        for index, card in zip(unknown[-len(event.cards):], event.cards):
            player.cards[index] = card
        if at is not None:
            records[at] = records[at]._replace(drawn=tuple(event.cards),
                                               hand_after=tuple(player.cards))

    def _check_kept(self, player: TablePlayer, record: DrawRecord, kept: Cards,
                    line: int) -> None:
        """A site restates the cards the hero kept: those he held less his discards (D2).
        Where his discards are a count (Winamax writes no cards), they say which he threw,
        and his hand is theirs from now on."""
        held = self.held_before[player.name]
        left, unnamed = list(held), 0
        for card in record.discarded:
            if card is not None and card in left:
                left.remove(card)
            else:   # a discard written as a count, or one he did not hold (D2 already)
                unnamed += 1
        if Counter(kept) - Counter(left) or len(left) - len(kept) != unnamed:
            self.report("D2", line, f"{player.name} keeps {format_cards(kept)}, but held "
                        f"{format_cards(held)} and discarded {format_cards(record.discarded)}")
            return
        kept_slots = len(player.cards) - len(record.drawn)   # the cards before his new ones
        player.cards[:kept_slots] = kept
