"""The heads-up fast path: the same table state as the general replay, or a hand-over.

Nearly every hand of a heads-up log is played by the rules, and for those the
general replay (:mod:`.replay`) spends most of its time on generality two
players never need: seat orders, lists of who is still to act, side pots.
:func:`replay_heads_up` replays such a hand in plain local variables (each
player's chips in a :class:`~badugi_hh.ledger.Stake`, as in the general replay),
builds the same :class:`~.state.TableState` and :class:`~.state.LogClaims` the
general replay would, then settles them with the same :func:`~.settle.settle`.
At the first thing outside the ordinary course of a heads-up hand (a broken rule
of the play, a hidden card, an event it does not handle) it gives up and returns None,
and the general replay explains the hand. So the play is judged by one engine,
and the log's claims (awards, stacks, descriptions...) by one settlement;
``tests/test_fast_path.py`` holds the two paths to the same table state and the
same report on clean, broken and mutated hands, and on real logs.
"""

from __future__ import annotations

from badugi_hh.cards import JOKER, Card
from badugi_hh.engine.describe import names_a_hand
from badugi_hh.engine.kinds import (
    AWARD, BET, BURN, BUTTON, CALL, CHECK, DEAL, DRAW, FOLD, MUCK, NET_STATED, POST_BLIND, RAISE,
    SHOW, STACK_STATED, STREET, UNCALLED_RETURNED,
)
from badugi_hh.engine.report import ActionRecord, DrawRecord, HandReport, new_tuple
from badugi_hh.engine.settle import settle, to_report
from badugi_hh.engine.state import LogClaims, PlayerState, TableState
from badugi_hh.events import Bet, Call, Cards, Check, Fold, Hand, PlayerEvent, Raise, Show
from badugi_hh.games import game_of
from badugi_hh.ledger import Stake

__all__ = ["replay_heads_up"]

#: Betting actions, and what an ActionRecord calls them.
_ACTION_KINDS = {Check: "check", Call: "call", Bet: "bet", Raise: "raise", Fold: "fold"}


def replay_heads_up(hand: Hand, seats: dict[str, int] | None,
                    stacks: dict[str, int] | None,
                    previous: HandReport | None) -> HandReport | None:
    """The report of a heads-up hand played by the rules, or None for any other hand.

    It knows fixed limit only, and no rake: every other structure goes the general
    way. The log's claims may still be wrong: the settlement reports them.
    """
    rules = hand.ruleset
    if (not seats or len(seats) != 2 or rules.max_players != 2 or rules.min_players > 2
            or rules.rake or rules.structure != "fixed"):
        return None
    names = tuple(seats)
    seat_numbers = tuple(seats.values())
    if seat_numbers[0] == seat_numbers[1]:
        return None
    index = {names[0]: 0, names[1]: 1}
    carried = stacks or {}
    default = rules.starting_stack or 0
    start = tuple(default if carried.get(n) is None else carried[n] for n in names)
    stakes = (Stake(), Stake())   # each player's chips in: a stack is his start less these
    held: list[list[Card | None]] = [[], []]
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
    seen: set[Card | None] = set()   # never holds None: a hidden card hands over
    actions: list[ActionRecord] = []
    draw_records: list[DrawRecord] = []
    shown: dict[str, Cards] = {}
    mucked: set[str] = set()
    awards: dict[str, int] = {}
    award_pots: list[tuple[str, str, int, int]] = []
    award_line = 0
    returns: dict[str, tuple[int, int]] = {}
    inferred: dict[str, int] = {}
    stated_stacks: dict[str, tuple[int, int]] = {}
    stated_net: dict[str, tuple[int, int]] = {}
    descriptions: list[tuple[str, str, int]] = []
    action_kind = _ACTION_KINDS.get

    for event in hand.events:
        kind = type(event)
        action = action_kind(kind)
        if action is not None and isinstance(event, PlayerEvent):
            i = index.get(event.player)
            if i is None:
                return None
            if in_draw:   # the first action after a draw opens the next round
                if to_draw or all_in:
                    return None   # a draw unfinished, or betting after an all-in (S3)
                in_draw = False
                round_ = draw_number + 1
                stakes[0].round_in = stakes[1].round_in = to_match = bets = 0
                pending = [1 - button, button]   # the big blind acts first after a draw
            if not pending or pending[0] != i:
                return None
            del pending[0]
            stake = stakes[i]
            facing, chips, added = to_match - stake.round_in, start[i] - stake.put_in, 0
            if type(event) is CALL:   # what is owed, or the whole stack if less (B7)
                added = event.amount
                if facing <= 0 or added != (facing if facing < chips else chips):
                    return None
            elif kind is CHECK:
                if facing:
                    return None
            elif kind is FOLD:   # a fold ends a heads-up hand
                folded_in[i], fold_line, finished, pending = round_, event.line, True, []
            else:   # a bet or a raise of the round's size, or all-in for less (B2, B3)
                size = small_bet if round_ <= half else big_bet
                if type(event) is RAISE:
                    to, by = event.to, event.by
                    added = to - stake.round_in
                    if not to_match or to <= to_match or (by is not None and by != to - to_match):
                        return None
                elif type(event) is BET:
                    to = added = event.amount
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
                stake.add(added)
                if added == chips:
                    all_in = True
            if all_in and pending:   # against an all-in only a call of what is owed is left
                pending = [p for p in pending if stakes[p].round_in < to_match]
            actions.append(new_tuple(ActionRecord, (
                event.player, round_, action, added, stake.round_in, stake.put_in == start[i],
                facing, event.line)))
        elif type(event) is DRAW:
            i = index.get(event.player)
            if i is None or not to_draw or to_draw[0] != i or not (burned or drew_any
                                                                   or not rules.burns_logged):
                return None
            del to_draw[0]
            drew_any = True
            cards = held[i]
            discarded, drawn = event.discarded, event.drawn
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
                event.player, draw_number, discarded, drawn, tuple(cards), event.line)))
        elif type(event) is STREET:
            street = event.kind
            if street == "draw":
                number = draw_number + 1
                # a betting round comes between draws (B1), unless a player is all-in
                if in_draw:
                    if to_draw or not all_in:
                        return None
                elif pending or (round_ != number and not all_in):
                    return None
                if finished or event.number != number or number > draws_allowed:
                    return None
                draw_number, in_draw, burned, drew_any = number, True, False, False
                to_draw = [1 - button, button]   # the big blind draws first
            elif street == "showdown":
                if finished or pending or draw_number != draws_allowed \
                        or (to_draw if all_in else round_ != rules.betting_rounds):
                    return None   # the hand is not over (B1, B5, S3)
                showdown = finished = True
        elif type(event) is BURN:
            card = event.card
            if not in_draw or not to_draw or drew_any or burned:
                return None
            burned = True
            cards_used += 1
            if card is not None:
                if card == JOKER or card in seen:
                    return None
                seen.add(card)
        elif type(event) is POST_BLIND:
            i = index.get(event.player)
            if i is None or button < 0 or finished:
                return None
            amount, blind = event.amount, event.kind
            if blinds == 0:   # the dealer posts the small blind first (G4)
                if blind != "small" or i != button or amount != rules.small_blind:
                    return None
            elif blinds != 1 or blind != "big" or i == button or amount != rules.big_blind:
                return None
            stake = stakes[i]
            if amount >= start[i] - stake.put_in:
                return None
            blinds += 1
            round_ = 1
            stake.post(blind, amount, rules.big_blind)
            if stake.round_in > to_match:
                to_match = stake.round_in
                if blind == "big":
                    bets = 1   # the big blind is the opening bet (B3)
            actions.append(new_tuple(ActionRecord, (
                event.player, 1, "post", amount, stake.round_in, False, 0, event.line)))
            if blinds == 2:
                pending = [button, 1 - button]   # the dealer acts first before the draw
        elif type(event) is DEAL:
            i = index.get(event.player)
            deal = event.cards
            # the deal starts with the big blind (G5): the dealer's cards come second
            if (i is None or button < 0 or draw_number or dealt[i] or finished
                    or len(deal) != hand_size
                    or (rules.deal_order_logged and i != button and dealt[button])):
                return None
            new = set(deal)
            if len(new) != len(deal) or None in new or JOKER in new \
                    or not seen.isdisjoint(new):
                return None
            seen |= new
            cards_used += len(deal)
            held[i] = list(deal)
            dealt[i] = deal
        elif type(event) is STACK_STATED:
            if event.player not in index:   # a name nobody has: the general way says so (G1)
                return None
            stated_stacks[event.player] = (event.amount, event.line)
        elif type(event) is AWARD:
            name = event.player
            if name not in index:
                return None
            awards[name] = awards.get(name, 0) + event.amount
            award_line = award_line or event.line
            words = event.description   # his hand's words, judged as a show's (not a remark)
            if words is not None and names_a_hand(game_of(rules), words):
                descriptions.append((name, words, event.line))
            if event.pot:
                award_pots.append((name, event.pot, event.amount, event.line))
        elif type(event) is SHOW or type(event) is MUCK:
            i = index.get(event.player)
            if i is None or fold_line or names[i] in shown or names[i] in mucked:
                return None
            if not showdown:
                if pending or draw_number != draws_allowed \
                        or (to_draw if all_in else round_ != rules.betting_rounds):
                    return None
                showdown = finished = True
            if not isinstance(event, Show):   # a muck: of no cards, or the general way
                if event.cards:
                    return None
                mucked.add(names[i])
                continue
            faces = event.cards
            if len(faces) != hand_size or len(held[i]) != hand_size \
                    or set(faces) != set(held[i]):
                return None
            shown[names[i]] = faces
            held[i] = list(faces)
            if event.description is not None:
                descriptions.append((names[i], event.description, event.line))
        elif type(event) is BUTTON:
            seat = event.seat
            if button >= 0 or blinds or seat is None or seat not in seat_numbers:
                return None   # a name the session does not seat: the general way judges it
            button = seat_numbers.index(seat)
            if previous is not None and previous.button is not None:
                last = previous.players.get(previous.button)
                if last is not None and last.seat == seat:
                    return None   # the button must alternate (G4)
        elif type(event) is UNCALLED_RETURNED:
            if event.player not in index and not event.inferred:
                return None   # a claim of a name nobody has: the general way says so (G1)
            if event.inferred:
                inferred[event.player] = event.amount
            else:
                returns[event.player] = (event.amount, event.line)
        elif type(event) is NET_STATED:
            if event.player not in index:
                return None
            stated_net[event.player] = (event.amount, event.line)
        else:
            return None   # seats, restated hands, rake: the general engine's business

    if not finished or not (stakes[0].put_in and stakes[1].put_in):
        return None
    # tuple.__new__ skips the NamedTuple constructors' argument parsing (hot path)
    (first, second), (ones, others) = names, stakes
    players = {first: new_tuple(PlayerState, (first, seat_numbers[0], start[0], ones.put_in,
                                              ones.dead, folded_in[0], ones.put_in == start[0],
                                              dealt[0])),
               second: new_tuple(PlayerState, (second, seat_numbers[1], start[1], others.put_in,
                                                others.dead, folded_in[1],
                                                others.put_in == start[1], dealt[1]))}
    state = new_tuple(TableState, (
        hand.hand_id, hand.source, rules, players, (names[1 - button], names[button]),
        names[button], names[1 - button], "fold" if fold_line else "showdown", showdown,
        fold_line or hand.events[-1].line, shown, frozenset(mucked), round_, draw_number,
        actions, draw_records, {}, ()))
    claims = new_tuple(LogClaims, (awards, award_line, tuple(award_pots), returns, inferred,
                                   stated_stacks, stated_net, descriptions, {}, None))
    return to_report(hand, state, settle(state, claims), [])
