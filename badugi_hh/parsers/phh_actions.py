"""PHH's actions as events: every form of the specification's action notation.

The dealer deals a player's cards in one action or in many (``d dh p1 7c8c9hQs``,
or one card at a time, round the table, as PokerKit writes a hand when it does
not compress the deals); after a draw the replacement cards come the same way,
after every discard of the round. ``??`` is a card nobody saw, alone or among
known ones (``Kh??``). A player folds (``f``), checks or calls (``cc``),
completes, bets or raises to an amount (``cbr 4``), stands pat or discards
(``sd``, ``sd 7c8c``), shows (``sm 2s4c6d9h``, ``sm -`` for the cards he holds)
or mucks (``sm``). A commentary follows ``#``; an action of a commentary alone
is a no-op, except ``# burn 5c``, which is how our writer states a burn, and
``# run 2 d dh p2 QsKd`` and ``# run 2 p2 sm 5d7hQsKd2h``, a later run's cards of a
hand run twice (:mod:`badugi_hh.phh_writer`).

>>> builder = Actions(["Ana", "Bo"], [100, 100], hand_size=4, line=1)
>>> builder.post(1, 1, "small", 1), builder.post(0, 2, "big", 1)
(None, None)
>>> for action in ["d dh p1 As", "d dh p2 ??", "d dh p1 2h3d4c", "p2 cbr 4", "p1 f"]:
...     builder.act(action, 5, 1)
>>> [type(event).__name__ for event in builder.finish()]
['PostBlind', 'PostBlind', 'Deal', 'Deal', 'Raise', 'Fold']
>>> builder.events[2]
Deal(line=5, player='Ana', cards=(As, 2h, 3d, 4c))
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation

from badugi_hh.cards import Card, CardError, parse_card
from badugi_hh.events import (
    Bet, BlindKind, Burn, Call, Cards, Check, Deal, Draw, Event, Fold, Muck, PostBlind, Raise,
    RunCards, RunCardsKind, Show, Street,
)
from badugi_hh.parsers.common import MAX_AMOUNT
from badugi_hh.parsers.phh_fields import FieldError, shown

__all__ = ["BURN_COMMENT", "RUN_COMMENT", "SHOW_COMMENT", "Actions"]

#: How the PHH writer states a house burn: a no-op action with a commentary.
BURN_COMMENT = re.compile(r"#\s*burn\s+(\S\S)\s*$")
#: How it states a show or a muck after everyone else folded, which PokerKit refuses
#: as an action: ``# p2 shows As2hKd6d2s``, ``# p2 mucks``.
SHOW_COMMENT = re.compile(r"#\s*(p\d{1,3})\s+(?:shows\s+(\S+)|mucks)\s*$")
#: How it states a later run's cards of a hand run twice: ``# run 2 d dh p2 QsKd`` (what
#: the player received in that run's draw), ``# run 2 p2 sm 5d7hQsKd2h`` (his hand in it).
RUN_COMMENT = re.compile(r"#\s*run\s+(\d{1,2})\s+(?:d\s+dh\s+(p\d{1,3})\s+(\S+)"
                         r"|(p\d{1,3})\s+sm\s+(\S+))\s*$")
_PLAYER = re.compile(r"p(\d{1,3})")
_NOTATION = ("expected an action such as 'p1 cc', 'p2 cbr 4', 'p1 f', 'p1 sd 7c8c', "
             "'p1 sm 2s4c6d9h' or 'd dh p1 7c8c9hQs'")


def cards_of(text: str, line: int, column: int) -> Cards:
    """PHH cards, written without separators: ``7c8c9hQs``; a card with a ``?`` (``??``)
    is a card nobody saw.

    >>> cards_of("Kh??", 1, 1)
    (Kh, None)
    """
    if len(text) % 2:
        raise FieldError(f"expected cards such as 7c8c9hQs (two characters each), got "
                         f"{shown(text)}", line, column)
    cards: list[Card | None] = []
    for at in range(0, len(text), 2):
        word = text[at:at + 2]
        try:
            cards.append(None if "?" in word else parse_card(word))
        except CardError:
            raise FieldError(f"expected a card such as As or ??, got {word!r}",
                             line, column + at) from None
    return tuple(cards)


@dataclass(slots=True)
class _Discard:
    """A player's discard in the draw under way, and the cards dealt him since."""

    player: str
    discarded: Cards
    line: int
    drawn: list[Card | None] = field(default_factory=list)


class Actions:
    """One hand's forced bets and actions as events, keeping the chips each player has in.

    ``names`` and ``stacks`` are the players, p1 first; ``line`` where the actions are;
    ``unit`` the hand's (100 when its amounts are money written with cents).
    """

    def __init__(self, names: list[str], stacks: list[int], hand_size: int,
                 line: int, unit: int = 1) -> None:
        self.names, self.stacks, self.hand_size = names, list(stacks), hand_size
        self.unit = unit
        self.count = len(names)
        self.events: list[Event] = []
        self.round_in = [0] * self.count
        self.to_match = 0
        self.held: list[list[Card | None]] = [[] for _ in names]
        self.dealt_at: dict[int, int] = {}     # player -> line of his first deal
        self.dealing = True                     # the first deal is under way
        self.phase = "betting"                  # betting, draw or showdown, once dealt
        self.draws = 0
        self.pending: dict[int, _Discard] = {}  # this draw's discards, by player
        self.line = line
        self.returned = 0   # the uncalled bets of the rounds closed so far

    def pot(self, stacks: list[int]) -> int:
        """The pot once every action is read: what left the ``stacks`` the hand started
        with, less each round's uncalled bet (the largest bet's part nobody matched)."""
        return sum(stacks) - sum(self.stacks) - self.returned - self._uncalled()

    def _uncalled(self) -> int:
        largest, second = sorted(self.round_in)[-2:][::-1]
        return largest - second

    # -- forced bets -----------------------------------------------------------------

    def post(self, index: int, amount: int, kind: BlindKind, line: int) -> None:
        """A blind or an ante of ``amount``: no more than the player's stack (all-in)."""
        paid = min(amount, self.stacks[index])
        self.stacks[index] -= paid
        if kind != "ante":
            self.round_in[index] += paid
            self.to_match = max(self.to_match, self.round_in[index])
        self.events.append(PostBlind(player=self.names[index], kind=kind, amount=paid,
                                     all_in=self.stacks[index] == 0, line=line))

    def give_back(self, index: int, amount: int) -> None:
        """The part of an ante trimming gives back, once the forced bets are in: chips
        behind again, and no event (the engine trims the antes itself)."""
        self.stacks[index] += amount

    # -- actions ---------------------------------------------------------------------------

    def act(self, action: str, line: int, column: int) -> None:
        """One action, written at ``line`` and ``column`` (for its errors)."""
        self.line = line
        text, _, commentary = action.partition("#")
        words = text.split()
        if not words:
            if commentary:
                self._commentary("#" + commentary, line, column)
            return
        if words[0] == "d":
            self._dealer(words, line, column, action)
            return
        index = self._player(words[0], line, column)
        verb, arguments = (words[1] if len(words) > 1 else ""), words[2:]
        if verb == "sd" and len(arguments) <= 1:
            where = column + max(action.find(arguments[0]), 0) if arguments else column
            self._discard(index, cards_of(arguments[0], line, where) if arguments else (),
                          line)
        elif verb == "sm" and len(arguments) <= 1:
            where = column + max(action.find(arguments[0]), 0) if arguments else column
            self._show(index, arguments[0] if arguments else None, line, where)
        elif verb in ("f", "cc") and not arguments:
            self._bet(index, verb, None, line)
        elif verb == "cbr" and len(arguments) == 1:
            self._bet(index, verb, self._amount(arguments[0], line, column), line)
        elif verb == "pb":
            raise FieldError("a bring-in is posted in stud, not in a draw game", line, column)
        else:
            raise FieldError(_NOTATION, line, column)

    def _commentary(self, text: str, line: int, column: int) -> None:
        """A no-op, but for the commentaries our writer states a burn, a show or a muck by."""
        if burn := BURN_COMMENT.fullmatch(text):
            # a burn starts a draw, even right after another (after an all-in)
            self._begin_draw(line, again=bool(self.pending))
            self.events.append(Burn(card=cards_of(burn[1], line, column)[0], line=line))
        elif run := RUN_COMMENT.fullmatch(text):
            self._end_deal()
            self._flush_draws()   # the first run's draw comes before the later runs'
            kind: RunCardsKind = "drawn" if run[2] is not None else "shown"
            player, cards = (run[2], run[3]) if kind == "drawn" else (run[4], run[5])
            if int(run[1]) < 2:
                raise FieldError(f"run {run[1]}: a later run is numbered from 2", line, column)
            self.events.append(RunCards(
                player=self.names[self._player(player, line, column)], run=int(run[1]),
                kind=kind, cards=cards_of(cards, line, column), line=line))
        elif shown_ := SHOW_COMMENT.fullmatch(text):
            self._end_deal()
            self._flush_draws()
            name = self.names[self._player(shown_[1], line, column)]
            self.events.append(Muck(player=name, line=line) if shown_[2] is None else
                               Show(player=name, cards=cards_of(shown_[2], line, column),
                                    line=line))

    def finish(self) -> list[Event]:
        """The events, once every action is read."""
        self._end_deal()
        self._flush_draws()
        return self.events

    def _player(self, word: str, line: int, column: int) -> int:
        match = _PLAYER.fullmatch(word)
        if match and 1 <= int(match[1]) <= self.count:
            return int(match[1]) - 1
        raise FieldError(f"expected a player p1 to p{self.count}, got {shown(word)}",
                         line, column)

    def _amount(self, word: str, line: int, column: int) -> int:
        try:
            amount = Decimal(word) * self.unit
            whole = amount.to_integral_value()
        except (InvalidOperation, ArithmeticError):
            amount = whole = Decimal(-1)
        if not amount.is_finite() or amount != whole or not 0 < amount <= MAX_AMOUNT:
            raise FieldError(f"expected an amount such as 4 or 0.25, got {shown(word)}",
                             line, column)
        return int(whole)

    # -- the dealer ------------------------------------------------------------------------

    def _dealer(self, words: list[str], line: int, column: int, action: str) -> None:
        if len(words) == 3 and words[1] == "db":
            raise FieldError("a draw game deals no board cards ('d db')", line, column)
        if len(words) != 4 or words[1] != "dh":
            raise FieldError("expected a deal such as 'd dh p1 7c8c9hQs'", line, column)
        index = self._player(words[2], line, column + max(action.find(words[2]), 0))
        cards = cards_of(words[3], line, column + max(action.find(words[3]), 0))
        if self.dealing:
            self.held[index].extend(cards)
            self.dealt_at.setdefault(index, line)
            if len(self.held[index]) > self.hand_size:
                raise FieldError(f"{words[2]} is dealt {len(self.held[index])} cards; each "
                                 f"player gets {self.hand_size}", line, column)
            return
        pending = self.pending.get(index)
        if self.phase != "draw" or pending is None:
            raise FieldError(f"{words[2]} is dealt cards, but has not discarded", line, column)
        if len(pending.drawn) + len(cards) > len(pending.discarded):
            raise FieldError(f"{words[2]} discarded {len(pending.discarded)} cards and is "
                             f"dealt {len(pending.drawn) + len(cards)}", line, column)
        pending.drawn.extend(cards)

    def _end_deal(self) -> None:
        """The first deal is over: each player's hand, in the order first dealt; a player
        dealt fewer cards (or none) is dealt the rest unseen, as PokerKit does."""
        if not self.dealing:
            return
        self.dealing = False
        order = sorted(range(self.count), key=lambda index: (index not in self.dealt_at,
                                                             self.dealt_at.get(index, 0)))
        for index in order:
            held = self.held[index]
            held.extend([None] * (self.hand_size - len(held)))
            self.events.append(Deal(player=self.names[index], cards=tuple(held),
                                    line=self.dealt_at.get(index, self.line)))

    # -- draws --------------------------------------------------------------------------------

    def _begin_draw(self, line: int, again: bool = False) -> None:
        """A draw starts after betting, or ``again`` after a draw nobody could bet after."""
        self._end_deal()
        if again:
            self._flush_draws()
        if self.phase == "betting" or again:
            self.draws += 1
            self.phase = "draw"
            self.returned += self._uncalled()
            self.round_in = [0] * self.count
            self.to_match = 0
            self.events.append(Street(kind="draw", number=self.draws, line=line))

    def _discard(self, index: int, cards: Cards, line: int) -> None:
        self._begin_draw(line, again=index in self.pending)
        held = self.held[index]
        for card in cards:
            if card in held:
                held.remove(card)
            elif None in held:
                held.remove(None)
        self.pending[index] = _Discard(self.names[index], cards, line)

    def _flush_draws(self) -> None:
        """The draw is over: its discards, each with the cards that replaced them (the
        cards not dealt in the log are unseen ones)."""
        for index, discard in self.pending.items():
            missing = len(discard.discarded) - len(discard.drawn)
            drawn = (None if not discard.drawn
                     else (*discard.drawn, *([None] * missing)))
            self.held[index].extend(drawn or [None] * missing)
            self.events.append(Draw(player=discard.player, discarded=discard.discarded,
                                    drawn=drawn, line=discard.line))
        self.pending.clear()

    # -- betting and the showdown -----------------------------------------------------------

    def _bet(self, index: int, verb: str, to: int | None, line: int) -> None:
        self._end_deal()
        if self.phase == "draw":
            self._flush_draws()
        if self.phase != "showdown":
            self.phase = "betting"
        name = self.names[index]
        facing = self.to_match - self.round_in[index]
        if verb == "f":
            self.events.append(Fold(player=name, line=line))
        elif verb == "cc" and facing <= 0:
            self.events.append(Check(player=name, line=line))
        elif verb == "cc":
            paid = self._put(index, facing)
            self.events.append(Call(player=name, amount=paid, all_in=self.stacks[index] == 0,
                                    line=line))
        else:
            assert to is not None
            self._bet_or_raise(index, to, line)

    def _bet_or_raise(self, index: int, to: int, line: int) -> None:
        """``cbr``: a bet or a raise to ``to``, as the log writes it. One beyond the stack is
        not cut to an all-in: the engine judges the chips put in beyond it (S3), as
        PokerKit refuses it; one to less than the player has in (``cbr 1`` over his big
        blind of 2) is named as the log writes it (B2), and puts in nothing."""
        name, bet = self.names[index], self.to_match == 0
        paid = self._put(index, to - self.round_in[index], cut=False)
        all_in = self.stacks[index] <= 0
        self.events.append(Bet(player=name, amount=paid, all_in=all_in, line=line) if bet
                           else Raise(player=name, to=to, all_in=all_in, line=line))

    def _put(self, index: int, amount: int, *, cut: bool = True) -> int:
        """Chips into the round, no more than the stack (an all-in) where ``cut``: what was
        paid."""
        paid = max(0, min(amount, self.stacks[index]) if cut else amount)
        self.stacks[index] -= paid
        self.round_in[index] += paid
        self.to_match = max(self.to_match, self.round_in[index])
        return paid

    def _show(self, index: int, written: str | None, line: int, column: int) -> None:
        self._end_deal()
        if self.phase == "draw":
            self._flush_draws()
        if self.phase != "showdown":
            self.phase = "showdown"
            self.events.append(Street(kind="showdown", line=line))
        name = self.names[index]
        if written is None:
            self.events.append(Muck(player=name, line=line))
            return
        cards = (tuple(self.held[index]) if written == "-"
                 else cards_of(written, line, column))
        self.events.append(Show(player=name, cards=cards, line=line))
