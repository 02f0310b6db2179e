"""The heads-up fast path: an optimisation that either agrees or hands over.

Nearly every hand of a heads-up log is played by the rules; :func:`replay_heads_up`
replays those in plain local variables and returns None at the first thing
outside a clean heads-up hand, so the general engine (:mod:`.replay`) explains it.
"""

from __future__ import annotations

from badugi_hh.cards import JOKER, Card
from badugi_hh.engine.report import (
    ActionRecord, DrawRecord, HandReport, PlayerResult, Pot, new_tuple,
)
from badugi_hh.engine.settle import read_description, value_key
from badugi_hh.evaluate import badugi_value
from badugi_hh.events import (
    Award, Bet, Burn, Button, Call, Cards, Check, Deal, Draw, Fold, Hand, Muck, NetStated,
    PostBlind, Raise, Show, StackStated, Street, UncalledReturned,
)

#
# Nearly every hand of a heads-up log is played by the rules, and for those the
# state machine above spends most of its time on generality two players never
# need: seat orders, lists of who is still to act, side pots. The fast path
# replays such a hand in plain local variables and gives up, returning None,
# at the first thing outside the ordinary course of a heads-up hand: a broken
# rule, a hidden card, an event it does not handle. The general
# engine then replays the hand from the start and explains what went wrong.
# So the fast path never reports a violation; it only shows there is none,
# and tests/test_fast_path.py checks that whatever it accepts, the general
# engine reports identically, on clean hands and on thousands of broken ones.

#: Betting actions, and what an ActionRecord calls them.
_ACTION_KINDS = {Check: "check", Call: "call", Bet: "bet", Raise: "raise", Fold: "fold"}


def replay_heads_up(hand: Hand, seats: dict[str, int] | None,
                     stacks: dict[str, int] | None,
                     previous: HandReport | None) -> HandReport | None:
    """The report of a heads-up hand with no violation, or None for any other hand.

    It knows fixed-limit Badugi only: every other game and structure goes the
    general way.
    """
    rules = hand.ruleset
    if (not seats or len(seats) != 2 or rules.max_players != 2 or rules.min_players > 2
            or rules.hand_size != 4 or rules.rake or rules.game != "badugi"
            or rules.structure != "fixed"):
        return None
    names = tuple(seats)
    seat_numbers = tuple(seats.values())
    if seat_numbers[0] == seat_numbers[1]:
        return None
    index = {names[0]: 0, names[1]: 1}
    carried = stacks or {}
    default = rules.starting_stack or 0
    start = tuple(default if carried.get(n) is None else carried[n] for n in names)
    stack, total, round_in = list(start), [0, 0], [0, 0]
    held: list[list[Card]] = [[], []]
    dealt: list[Cards] = [(), ()]
    folded_in: list[int | None] = [None, None]
    small_bet, big_bet, max_raises = rules.small_bet, rules.big_bet, rules.max_raises
    half, hand_size, draws_allowed = rules.betting_rounds // 2, rules.hand_size, rules.draws
    card_limit = min(52, 2 * hand_size * (1 + draws_allowed) + draws_allowed)
    button = -1                       # the dealer's index, once the button is known
    blinds = round_ = to_match = bets = draw_number = cards_used = fold_line = 0
    pending: list[int] = []           # who must still act, in order
    to_draw: list[int] = []           # who must still draw, in order
    in_draw = burned = drew_any = finished = showdown = all_in = False
    seen: set[Card] = set()
    actions: list[ActionRecord] = []
    draw_records: list[DrawRecord] = []
    awards: dict[str, int] = {}
    returns: dict[str, int] = {}
    stated_stacks: dict[str, int] = {}
    stated_net: dict[str, int] = {}
    descriptions: dict[str, str] = {}
    shown: dict[str, Cards] = {}
    mucked: set[str] = set()
    action_kind = _ACTION_KINDS.get

    for event in hand.events:
        kind = type(event)
        action = action_kind(kind)
        if action is not None:
            i = index.get(event.player)   # type: ignore[attr-defined]
            if i is None:
                return None
            if in_draw:   # the first action after a draw opens the next round
                if to_draw or all_in:
                    return None   # a draw unfinished, or betting after an all-in (S3)
                in_draw = False
                round_ = draw_number + 1
                round_in[0] = round_in[1] = to_match = bets = 0
                pending = [1 - button, button]   # the big blind acts first after a draw
            if not pending or pending[0] != i:
                return None
            del pending[0]
            facing, chips, added = to_match - round_in[i], stack[i], 0
            if kind is Call:   # the call is what is owed, or the whole stack if less (B7)
                added = event.amount   # type: ignore[attr-defined]
                if facing <= 0 or added != (facing if facing < chips else chips):
                    return None
            elif kind is Check:
                if facing:
                    return None
            elif kind is Fold:   # a fold ends a heads-up hand
                folded_in[i], fold_line, finished, pending = round_, event.line, True, []
            else:   # a bet or a raise of the round's size, or all-in for less (B2, B3)
                size = small_bet if round_ <= half else big_bet
                if kind is Raise:
                    to, by = event.to, event.by   # type: ignore[attr-defined]
                    added = to - round_in[i]
                    if not to_match or to <= to_match or (by is not None and by != to - to_match):
                        return None
                else:
                    to = added = event.amount   # type: ignore[attr-defined]
                    if to_match:
                        return None
                full = to_match + size
                if all_in or bets > max_raises or (   # not a full raise, nor a short all-in
                        to != full and not (to < full and added == chips)):
                    return None
                to_match, pending = to, [1 - i]
                bets += 1
            if added:
                if added > chips:
                    return None   # more than the stack (S3)
                stack[i] = chips - added
                total[i] += added
                round_in[i] += added
                if added == chips:
                    all_in = True
            if all_in and pending:   # against an all-in only a call of what is owed is left
                pending = [p for p in pending if round_in[p] < to_match]
            actions.append(new_tuple(ActionRecord, (
                event.player, round_, action, added,   # type: ignore[attr-defined]
                round_in[i], not stack[i], facing, event.line)))
        elif kind is Draw:
            i = index.get(event.player)   # type: ignore[attr-defined]
            if i is None or not to_draw or to_draw[0] != i or not (burned or drew_any
                                                                   or not rules.burns_logged):
                return None
            del to_draw[0]
            drew_any = True
            cards = held[i]
            discarded, drawn = event.discarded, event.drawn   # type: ignore[attr-defined]
            if len(discarded) > hand_size:
                return None
            for card in discarded:
                if card not in cards:
                    return None
                cards.remove(card)
            if drawn is None:
                if discarded:
                    return None   # replacements not shown: hidden cards
                drawn = ()
            if len(drawn) != len(discarded):
                return None
            if drawn:
                new = set(drawn)
                if len(new) != len(drawn) or None in new or JOKER in new \
                        or not seen.isdisjoint(new):
                    return None
                seen |= new
                cards.extend(drawn)
                cards_used += len(drawn)
            if cards_used > card_limit:
                return None
            draw_records.append(new_tuple(DrawRecord, (
                event.player, draw_number, discarded, drawn,   # type: ignore[attr-defined]
                tuple(cards), event.line)))
        elif kind is Street:
            street = event.kind   # type: ignore[attr-defined]
            if street == "draw":
                number = draw_number + 1
                # a betting round comes between draws (B1), unless a player is all-in
                if in_draw:
                    if to_draw or not all_in:
                        return None
                elif pending or (round_ != number and not all_in):
                    return None
                if (finished or event.number != number   # type: ignore[attr-defined]
                        or number > draws_allowed):
                    return None
                draw_number, in_draw, burned, drew_any = number, True, False, False
                to_draw = [1 - button, button]   # the big blind draws first
            elif street == "showdown":
                if finished or pending or draw_number != draws_allowed \
                        or (to_draw if all_in else round_ != rules.betting_rounds):
                    return None   # the hand is not over (B1, B5, S3)
                showdown = finished = True
        elif kind is Burn:
            card = event.card   # type: ignore[attr-defined]
            if not in_draw or not to_draw or drew_any or burned:
                return None
            burned = True
            cards_used += 1
            if card is not None:
                if card == JOKER or card in seen:
                    return None
                seen.add(card)
        elif kind is PostBlind:
            i = index.get(event.player)   # type: ignore[attr-defined]
            if i is None or button < 0 or finished:
                return None
            amount, blind = event.amount, event.kind   # type: ignore[attr-defined]
            if blinds == 0:   # the dealer posts the small blind first (G4)
                if blind != "small" or i != button or amount != rules.small_blind:
                    return None
            elif blinds != 1 or blind != "big" or i == button or amount != rules.big_blind:
                return None
            if amount >= stack[i]:
                return None
            blinds += 1
            round_ = 1
            stack[i] -= amount
            total[i] += amount
            round_in[i] += amount
            if round_in[i] > to_match:
                to_match = round_in[i]
                if blind == "big":
                    bets = 1   # the big blind is the opening bet (B3)
            actions.append(new_tuple(ActionRecord, (
                event.player, 1, "post", amount, round_in[i],   # type: ignore[attr-defined]
                False, 0, event.line)))
            if blinds == 2:
                pending = [button, 1 - button]   # the dealer acts first before the draw
        elif kind is Deal:
            i = index.get(event.player)   # type: ignore[attr-defined]
            cards = event.cards   # type: ignore[attr-defined]
            # the deal starts with the big blind (G5): the dealer's cards come second
            if (i is None or button < 0 or draw_number or dealt[i] or finished
                    or len(cards) != hand_size
                    or (rules.deal_order_logged and i != button and dealt[button])):
                return None
            new = set(cards)
            if len(new) != len(cards) or None in new or JOKER in new \
                    or not seen.isdisjoint(new):
                return None
            seen |= new
            cards_used += len(cards)
            held[i] = list(cards)
            dealt[i] = tuple(cards)
        elif kind is StackStated:
            stated_stacks[event.player] = event.amount   # type: ignore[attr-defined]
        elif kind is Award:
            name = event.player   # type: ignore[attr-defined]
            if name not in index:
                return None
            awards[name] = awards.get(name, 0) + event.amount   # type: ignore[attr-defined]
        elif kind is Show or kind is Muck:
            i = index.get(event.player)   # type: ignore[attr-defined]
            if i is None or fold_line or names[i] in shown or names[i] in mucked:
                return None
            if not showdown:
                if pending or draw_number != draws_allowed \
                        or (to_draw if all_in else round_ != rules.betting_rounds):
                    return None
                showdown = finished = True
            cards = event.cards   # type: ignore[attr-defined]
            if kind is Muck:
                if cards:
                    return None
                mucked.add(names[i])
                continue
            if len(cards) != hand_size or len(held[i]) != hand_size \
                    or set(cards) != set(held[i]):
                return None
            shown[names[i]] = tuple(cards)
            held[i] = list(cards)
            if event.description is not None:   # type: ignore[attr-defined]
                descriptions[names[i]] = event.description   # type: ignore[attr-defined]
        elif kind is Button:
            seat = event.seat   # type: ignore[attr-defined]
            if button >= 0 or blinds or seat not in seat_numbers:
                return None
            button = seat_numbers.index(seat)
            if previous is not None and previous.button is not None:
                last = previous.players.get(previous.button)
                if last is not None and last.seat == seat:
                    return None   # the button must alternate (G4)
        elif kind is UncalledReturned:
            returns[event.player] = event.amount   # type: ignore[attr-defined]
        elif kind is NetStated:
            stated_net[event.player] = event.amount   # type: ignore[attr-defined]
        else:
            return None   # seats, restated hands, rake: the general engine's business

    if not finished:
        return None
    # -- settlement: one pot of what both matched; the excess goes back (S3)
    matched = min(total)
    if not matched:
        return None
    back = (total[0] - matched, total[1] - matched)
    for name, amount in returns.items():
        i = index.get(name)
        if (0 if i is None else back[i]) != amount:
            return None
    pot = 2 * matched
    values = {name: badugi_value(cards) for name, cards in shown.items()}
    if fold_line:
        live = winners = (names[0] if folded_in[0] is None else names[1],)
    else:
        live = names
        contenders = tuple(n for n in names if n not in mucked)
        if len(contenders) < 2:
            winners = contenders or names
        elif len(values) < 2:
            return None   # a hand went unshown: the general engine explains
        else:
            first, second = values[names[0]].rank, values[names[1]].rank
            winners = names if first == second else (names[0 if first < second else 1],)
    # Both players put in the same, so a tie splits evenly with no odd chip (S2).
    if awards != dict.fromkeys(winners, pot // len(winners)):
        return None
    for name, text in descriptions.items():
        if read_description(text) != value_key(values[name]):
            return None
    results = {}
    for i, name in enumerate(names):
        won = awards.get(name, 0)
        end = start[i] - total[i] + back[i] + won
        if stated_stacks.get(name, end) != end or (
                name in stated_net and stated_net[name] != end - start[i]):
            return None
        results[name] = PlayerResult(
            name, seat_numbers[i], "button" if i == button else "big blind", start[i],
            total[i], back[i], won, end, folded_in[i], showdown and folded_in[i] is None,
            shown.get(name), values.get(name), dealt[i])
    if previous is not None and deal_repeats(dealt, names, previous):
        return None   # no shuffle between hands (G6)
    return HandReport(
        hand.hand_id, hand.number, hand.source, hand.line, hand.session_id, rules, results,
        names[button], names[1 - button], actions, draw_records, [Pot(pot, live, winners)], 0,
        "fold" if fold_line else "showdown", round_, draw_number, [])


def deal_repeats(dealt: list[Cards], names: tuple[str, ...], previous: HandReport) -> bool:
    """Whether every known deal of this hand is the same player's deal of the last (G6)."""
    known = [(name, cards) for name, cards in zip(names, dealt) if cards]
    return bool(known) and all((last := previous.players.get(name)) is not None
                               and last.dealt == cards for name, cards in known)
