"""What assembling a site's hand needs, whatever the site: its ruleset, the order of its
events, the returns and deals a site leaves unsaid, its hero.

>>> rules = site_ruleset("pokerstars", 10, 20, 6, game="27sd", structure="no",
...                      small_blind=5, big_blind=10)
>>> rules.hand_size, rules.draws, rules.big_blind, rules.cap_heads_up
(5, 1, 10, False)
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Container, Iterable, Sequence

from badugi_hh.events import (
    Award, Button, Deal, Draw, Event, Hand, Seat, Street, UncalledReturned,
)
from badugi_hh.games import GAMES, HOUSE_GAME
from badugi_hh.ledger import hand_ledger
from badugi_hh.rules import HOUSE, Game, Ruleset, Structure, site_practice

__all__ = ["HAND_SIZES", "MAX_TABLE_SIZE", "hero_of", "hidden_deals",
           "insert_hidden_deals", "marked_draw", "return_unmatched", "site_ruleset",
           "table_first"]

#: Cards dealt to each player, by game (the registry's).
HAND_SIZES: dict[str, int] = {game.id: game.hand_size for game in GAMES.values()}

#: Site Badugi tables seat at most eight: the size of a table whose log does not say it.
MAX_TABLE_SIZE = 8


# A log has a few stakes; a hostile one may have new stakes in every hand: bounded.
@functools.lru_cache(maxsize=256)
def site_ruleset(name: str, small_bet: int, big_bet: int, max_players: int, *,
                 small_blind: int | None = None, big_blind: int | None = None,
                 rake: bool = True, game: Game = HOUSE_GAME,
                 structure: Structure = "fixed") -> Ruleset:
    """The draw game of a site table: stakes from the header, rake, no burns.

    The blinds are the small bet and, unless ``small_blind`` says otherwise, half
    of it, as in every fixed-limit game these sites deal, where no header states
    them (``big_blind`` for one that does, as pot limit does). A site hand states
    its own stacks and has no session length; ``rake=False`` for a tournament,
    which takes none. ``game`` sets the hand size and the draws (the registry's,
    :data:`badugi_hh.games.GAMES`). Sites lift the cap on raises once two
    players are left in the hand (T7). ``name`` starts with the site's name
    (``pokerstars Badugi 10/20``), whose practice the ruleset takes
    (:data:`~badugi_hh.rules.SITE_PRACTICES`).
    """
    site = name.split(" ", 1)[0]
    return HOUSE.replace(**site_practice(site), name=name, max_players=max_players, min_players=2,
                         starting_stack=None, game=game, structure=structure,
                         hand_size=GAMES[game].hand_size, draws=GAMES[game].draws,
                         small_blind=small_bet // 2 if small_blind is None else small_blind,
                         big_blind=small_bet if big_blind is None else big_blind,
                         small_bet=small_bet, big_bet=big_bet,
                         session_hands=None, burns_logged=False, deal_order_logged=False,
                         names_by_hand=False, shows_logged=False, button_alternates=False,
                         rake=rake, cap_heads_up=False)


def return_unmatched(hand: Hand, events: list[Event]) -> list[Event]:
    """``events`` with the unmatched part of the last bet returned, where a site pays it.

    Some sites write no line for an uncalled bet and pay it with the pot: a
    folded-to big blind 'wins $1.50' of a $1.00 pot and his own unmatched $0.50
    (Merge, Winamax). The hand then says what happened: the $0.50 goes back,
    the pot of $1.00 is won (S3). A hand that states its returns is left alone.

    >>> from badugi_hh.events import Award, Fold, PostBlind, Seat
    >>> hand = Hand(hand_id="1", number=1, ruleset=site_ruleset("merge", 100, 200, 6),
    ...             events=[])
    >>> events = [Seat(player="Ana", seat=1), Seat(player="Bo", seat=2),
    ...           PostBlind(player="Ana", amount=50, kind="small"),
    ...           PostBlind(player="Bo", amount=100), Fold(player="Ana"),
    ...           Award(player="Bo", amount=150, line=9)]
    >>> returned, award = return_unmatched(hand, events)[-2:]
    >>> returned
    UncalledReturned(line=9, player='Bo', amount=50, inferred=True)
    >>> award.amount
    100
    """
    if any(type(event) is UncalledReturned for event in events):
        return events
    ledger = hand_ledger(dataclasses.replace(hand, events=events))
    put_in = sorted((figures.put_in, name) for name, figures in ledger.items())
    if len(put_in) < 2 or put_in[-1][0] == put_in[-2][0]:
        return events
    unmatched, bettor = put_in[-1][0] - put_in[-2][0], put_in[-1][1]
    found = next(((index, event) for index, event in enumerate(events)
                  if isinstance(event, Award) and event.player == bettor
                  and event.amount >= unmatched), None)
    if found is None:
        return events
    at, award = found
    return [*events[:at], UncalledReturned(player=bettor, amount=unmatched, line=award.line,
                                           inferred=True),
            dataclasses.replace(award, amount=award.amount - unmatched), *events[at + 1:]]


def table_first(events: Sequence[Event]) -> list[Event]:
    """``events`` with the seats, then the button, first, as the engine expects.

    Sites state the button before the seats (KingsClub) or after the blinds
    (Full Tilt); the engine counts the players at the button (G1) and checks
    who posts the blinds against it (G4, M1).
    """
    kinds = (Seat, Button)
    return ([e for e in events if type(e) is Seat] + [e for e in events if type(e) is Button]
            + [e for e in events if type(e) not in kinds])


def hidden_deals(events: Sequence[Event], hand_size: int) -> list[Event]:
    """``events`` with a hidden :class:`Deal` for each seated player the log deals nothing.

    Sites tell only the hero's cards; everyone seated and in the hand at the
    deal was dealt a hand, which the engine needs to follow their draws. The hidden
    deals go right after the ``deal`` street marker, at its line; a hand without one
    deals nobody.
    """
    at = next((index for index, event in enumerate(events)
               if type(event) is Street and event.kind == "deal"), None)
    if at is None:
        return list(events)
    dealt = {event.player for event in events if type(event) is Deal}
    return insert_hidden_deals(events, at, events, dealt, hand_size)


def insert_hidden_deals(events: Sequence[Event], at: int, seats: Iterable[Event],
                        dealt: Container[str], hand_size: int) -> list[Event]:
    """``events`` with a hidden deal, after the deal's street marker at ``at``, for each
    :class:`Seat` of ``seats`` in the hand whose player is not in ``dealt``.

    :func:`hidden_deals` finds the marker and who is dealt cards in the events; a
    reader that noted them while reading (PokerStars') calls this alone.
    """
    line = events[at].line
    missing = [Deal(player=seat.player, cards=(None,) * hand_size, line=line)
               for seat in seats
               if type(seat) is Seat and seat.in_hand and seat.player not in dealt]
    return [*events[:at + 1], *missing, *events[at + 1:]]


def marked_draw(events: list[Event]) -> list[Event]:
    """``events`` with the draw's street marker before the first discard, where a single
    draw game's log writes none (PokerStars' 5 Card Draw): the draw ends a betting round.

    >>> from badugi_hh.events import Check
    >>> marked_draw([Check(player="Bo", line=8), Draw(player="Bo", discarded=(), line=9)])[1]
    Street(line=9, kind='draw', number=1)
    """
    if any(type(event) is Street and event.kind == "draw" for event in events):
        return events
    at = next((index for index, event in enumerate(events) if type(event) is Draw), None)
    if at is None:
        return events
    return [*events[:at], Street(kind="draw", number=1, line=events[at].line), *events[at:]]


def hero_of(events: Sequence[Event]) -> str | None:
    """The player whose hole cards the hand shows: the first dealt every card face up.

    Sites deal the others hidden cards (KingsClub's ``[X X X X]``, :func:`hidden_deals`'),
    or none at all.

    >>> from badugi_hh.cards import parse_cards
    >>> hero_of([Deal(player="Bo", cards=(None,) * 4),
    ...          Deal(player="Ana", cards=parse_cards("As 2h 3d Kd"))])
    'Ana'
    """
    return next((event.player for event in events
                 if type(event) is Deal and event.cards and None not in event.cards), None)
