"""A stored hand as a list of steps: what happened, then the pot, stacks and cards.

The steps are the hand's actions and draws in the order of their log lines,
between a first step (the deal) and a last (the pot awarded, the showdown's
hands valued). Cards are followed forward only, from what the store kept as the
log told it: the cards dealt, then each draw's discards and replacements (or the
whole hand after it, where known), then the cards shown. A card is ``??`` until
the log shows it: one seen only at the showdown is not moved back into the deal.
Every amount is written in the hand's unit, as its log writes it ($5.70, 1,500
chips); the last step says what each player won, what was returned and the rake
the log states.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pandas as pd

from badugi_hh.money import CHIPS, format_amount
from badugi_hh.parsers.site import HAND_SIZES
from dashlib.data import HandRows

UNSEEN = "??"
_ORDINALS = ("first", "second", "third")


class Name(str):
    """A player's name within a step's words, so a page can draw it as a name (isolated,
    cut to a width) and never read cards or markup into it."""


Words = tuple[str, ...]   # literal text and Names; joined, what happened


@dataclass(frozen=True, slots=True)
class Money:
    """The unit of a hand's amounts: ``currency`` (USD, chips...) and how many of the
    stored amounts make one of it (100: cents)."""

    currency: str = CHIPS
    unit: int = 1

    def text(self, amount: int) -> str:
        """An amount stored in the log's smallest unit, as the log writes it.

        >>> Money().text(1500), Money("USD", 100).text(570), Money("EUR", 100).text(-5)
        ('1,500 chips', '$5.70', '-€0.05')
        """
        return format_amount(int(amount), self.currency, self.unit)


@dataclass(frozen=True, slots=True)
class Step:
    """The table after one thing happened."""

    phase: str                      # "Before the first draw", "Second draw", ...
    words: Words                    # (Name("Ana"), " raises to 4")
    line: int | None                # the log line it comes from
    pot: int
    stacks: dict[str, int]
    cards: dict[str, list[str]]
    values: dict[str, str]          # hand values shown at the showdown (last step)
    money: Money = Money()          # the hand's unit
    folded: frozenset[str] = frozenset()   # who has folded by this step

    @property
    def text(self) -> str:
        return "".join(self.words)

    @property
    def unit(self) -> int:
        return self.money.unit

    def amount(self, chips: int) -> str:
        """``chips`` (the pot, a stack) as the log writes amounts."""
        return self.money.text(chips)


def _ordinal(number: int) -> str:
    return _ORDINALS[number - 1] if number <= len(_ORDINALS) else f"{number}th"


def _round_name(number: int) -> str:
    """Betting round 1 is before the first draw, round n after draw n - 1."""
    return ("Before the first draw" if number == 1
            else f"After the {_ordinal(number - 1)} draw")


def _cards(text: str | None) -> list[str] | None:
    return None if text is None or pd.isna(text) else text.split()


def _replace(cards: Sequence[str], out: Sequence[str], into: Sequence[str]) -> list[str]:
    """``cards`` less ``out`` plus ``into``. A discard nobody saw takes the place of an
    unseen card; from a hand of known cards it leaves the rest unknown, since the log
    does not say which one went."""
    kept = list(cards)
    for card in out:
        if card in kept:
            kept.remove(card)
        elif UNSEEN in kept:
            kept.remove(UNSEEN)
        elif kept:
            kept = [UNSEEN] * (len(kept) - 1)
    return kept + list(into)


def holdings(dealt: str | None, draws: list[dict], size: int) -> list[list[str]]:
    """One player's cards as dealt (index 0) and after each of his draws (index k):
    the stored hand after the draw where all of it is known, else the hand before
    it less the discards plus the replacements."""
    states = [_cards(dealt) or [UNSEEN] * size]
    for draw in draws:
        after = _cards(draw["hand_after"])
        states.append(after if after is not None else _replace(
            states[-1], _cards(draw["discarded_cards"]) or [], _cards(draw["drawn_cards"]) or []))
    return states


def hand_size(rows: HandRows) -> int:
    """Cards in a hand of the game: as dealt, else as its rules say."""
    dealt = [len(cards.split()) for cards in rows.players["dealt_cards"].dropna()]
    return max(dealt, default=HAND_SIZES.get(rows.hand["game"], HAND_SIZES["badugi"]))


def _action_words(action: dict, money: Money) -> Words:
    amount, to = money.text(action["amount"]), money.text(action["total_in_round"])
    words = {"post": f"posts {amount}", "check": "checks", "fold": "folds",
             "call": f"calls {amount}", "bet": f"bets {amount}",
             "raise": f"raises to {to}"}.get(action["action"], action["action"])
    return Name(action["player"]), f" {words}{', all-in' if action['all_in'] else ''}"


def _draw_words(draw: dict) -> Words:
    if not draw["discarded"]:
        return Name(draw["player"]), " stands pat"
    return (Name(draw["player"]), f" discards {draw['discarded']} [{draw['discarded_cards']}] "
            f"and draws [{draw['drawn_cards']}]")


def _ending(rows: HandRows, money: Money) -> Words:
    """The last step's words: how the hand ended, what was returned, who won what, and
    the rake the log states (why the winners' shares fall short of the pot)."""
    players = rows.players.to_dict("records")
    Part = tuple[str, ...]
    returned: list[Part] = [(f"; uncalled {money.text(p['returned'])} returned to ",
                             Name(p["player"])) for p in players if p["returned"]]
    won: list[Part] = [("; ", Name(p["player"]), f" wins {money.text(p['won'])}")
                       for p in players if p["won"]]
    rake = int(rows.hand["rake"])
    raked: list[Part] = [(f"; rake {money.text(rake)} taken from the pot of "
                          f"{money.text(int(rows.hand['pot']))}",)] if rake else []
    ended = {"showdown": "Showdown", "fold": "Won without a showdown"}.get(
        rows.hand["ended"], "The log stops here")
    return ended, *(word for part in [*returned, *(won or [("; nobody wins",)]), *raked]
                    for word in part)


def _in_order(rows: HandRows) -> list[tuple[str, dict]]:
    """The actions and draws as ("action" | "draw", row), in the order of their lines."""
    events = [(action["line"], 0, action["seq"], "action", action)
              for action in rows.actions.to_dict("records")]
    events += [(draw["line"], 1, number, "draw", draw)
               for number, draw in enumerate(rows.draws.to_dict("records"))]
    return [(kind, row) for *_, kind, row in sorted(events, key=lambda event: event[:3])]


def _first(rows: HandRows, stacks: dict[str, int], cards: dict[str, list[str]],
           money: Money) -> Step:
    button = rows.hand["button_player"]
    dealer = Name(button) if isinstance(button, str) else "nobody"
    return Step("The deal", (f"Hand #{rows.hand['number']}: ", dealer, " has the button"),
                int(rows.hand["line"]), 0, dict(stacks), dict(cards), {}, money)


def _last(rows: HandRows, cards: dict[str, list[str]], shown: dict[str, str],
          money: Money, folded: frozenset[str]) -> Step:
    """The pot awarded: final stacks, the cards shown and their values."""
    names = rows.players["player"].tolist()
    values = {name: description for name, description
              in zip(rows.showdowns["player"], rows.showdowns["description"])
              if isinstance(description, str)}
    return Step("Result", _ending(rows, money), None, int(rows.hand["pot"]),
                dict(zip(names, rows.players["end_stack"].tolist())),
                {name: _cards(shown.get(name)) or cards[name] for name in names}, values,
                money, folded)


def runs(rows: HandRows, money: Money) -> list[tuple[str, list[tuple[Name, str]], str]]:
    """A hand run twice: each run's name, its hands (player, cards) and what it paid
    (``main pot $1,262.50 to Player4``); empty for a hand run once."""
    made = []
    for number, hands in rows.run_hands.groupby("run", sort=True):
        paid = rows.run_pots[rows.run_pots["run"] == number]
        shares = "; ".join(
            f"{'main pot' if pot.pot == 0 else f'side pot {pot.pot}'} "
            f"{money.text(pot.amount)} to {', '.join(pot.winners) or 'nobody'}"
            for pot in paid.itertuples())
        made.append((f"Run {number}", [(Name(player), cards) for player, cards
                                       in zip(hands["player"], hands["cards"])],
                     shares or "its winner is not known"))
    return made


def money_of(rows: HandRows) -> Money:
    """The unit of the hand's amounts."""
    return Money(str(rows.hand["currency"]), int(rows.hand["unit"]))


def steps(rows: HandRows) -> list[Step]:
    """The hand step by step, from the deal to the pot awarded."""
    names = rows.players["player"].tolist()
    money = money_of(rows)
    start = dict(zip(names, rows.players["start_stack"].tolist()))
    shown = dict(zip(rows.showdowns["player"], rows.showdowns["shown_cards"]))
    draws = rows.draws.to_dict("records")
    size = hand_size(rows)
    held = {name: holdings(dealt, [d for d in draws if d["player"] == name], size)
            for name, dealt in zip(names, rows.players["dealt_cards"])}
    cards = {name: held[name][0] for name in names}
    draws_made = dict.fromkeys(names, 0)
    put_in = dict.fromkeys(names, 0)
    folded: frozenset[str] = frozenset()
    result = [_first(rows, start, cards, money)]
    for kind, row in _in_order(rows):
        player = row["player"]
        if kind == "action":
            put_in[player] = put_in.get(player, 0) + row["amount"]
            folded |= {player} if row["action"] == "fold" else set()
            phase, words = _round_name(row["round"]), _action_words(row, money)
        else:
            if player in held:   # a name not seated at the table has no cards to show
                draws_made[player] += 1
                cards[player] = held[player][draws_made[player]]
            phase, words = f"{_ordinal(row['draw']).capitalize()} draw", _draw_words(row)
        stacks = {name: start[name] - put_in[name] for name in names}
        result.append(Step(phase, words, row["line"], sum(put_in.values()), stacks,
                           dict(cards), {}, money, folded))
    return [*result, _last(rows, cards, shown, money, folded)]
