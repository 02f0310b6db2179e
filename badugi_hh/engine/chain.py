"""The stack chain from hand to hand (G3): where a hand missing from a site's log moved
the stacks, and the two accounts of a stack the log states against the chips.

One mistake, one violation (docs/rules.md): where a stack the log states is not what
the chips say, the table cannot tell a slip in the statement from chips that moved
unlogged. It follows the log's account and keeps the chips' beside it, both moved by the
player's results, until the log states that stack again (a later hand's seat line or
end stacks, the session's end line): a statement that agrees with either account is no
violation, and the chain follows it alone from there; one that agrees with neither is
a new G3 (N1 at the session's end), and the two accounts start again from it. An award
the engine disputes (S1, S4) and follows, where the hand states no end of a player it
pays otherwise, opens his two accounts too, the rules' payout making the chips'. A
session's header that seats a player with another stack than the ruleset's starts the
two accounts too: the header's is the log's, the ruleset's the chips'.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace

from badugi_hh.engine.report import WHOLE_CHIPS, HandReport, Violation, chips, money_of, written
from badugi_hh.engine.names import misspelling_of, not_seated
from badugi_hh.engine.table import contradicts, for_money
from badugi_hh.events import (Button, Hand, PlayerEvent, Seat, SessionEnd, SessionPlayer,
                              SessionStart, StackStated)
from badugi_hh.hand_ids import HandId
from badugi_hh.rules import Ruleset

#: A player's stack by the chips' own count, where the log's account differs from it.
ChipsAccounts = dict[str, int]


def opening_accounts(record: SessionStart) -> tuple[dict[str, int], ChipsAccounts,
                                                   list[Violation]]:
    """The stacks a session starts from by its header (the log's account), the chips'
    account of each player it seats with another stack than the ruleset's (the ruleset's
    stack: a slip in his seat line is as likely as chips given him), and a G3 at each
    such seat line.

    >>> from badugi_hh.events import SessionPlayer
    >>> from badugi_hh.rules import HOUSE
    >>> stacks, chips, wrong = opening_accounts(SessionStart(session_id="s", ruleset=HOUSE,
    ...     source="x.txt", line=1, players=[SessionPlayer(seat=1, name="Ana", stack=100),
    ...     SessionPlayer(seat=2, name="Bo", stack=102, line=3)]))
    >>> stacks, chips, [(v.line, written(v.message, WHOLE_CHIPS)) for v in wrong]
    ({'Ana': 100, 'Bo': 102}, {'Bo': 100}, [(3, 'Bo starts the session with 102 chips; each \
player starts with 100')])
    """
    expected = record.ruleset.starting_stack
    stacks = {player.name: player.stack for player in record.players}
    if expected is None:   # "stacks as seated": each seat line says
        return stacks, {}, []
    wrong = [player for player in record.players if player.stack != expected]
    return stacks, {player.name: expected for player in wrong}, [Violation(
        "G3", f"{player.name} starts the session with {chips(player.stack)} chips; each "
        f"player starts with {chips(expected)}", None, record.source, player.line or record.line)
        for player in wrong]


def settled_starts(doubted: Mapping[str, int], hand: Hand, chips: Mapping[str, int],
                   started: Mapping[str, int], still_open: Mapping[str, int],
                   ) -> tuple[dict[str, int], dict[str, int]]:
    """Of the players whose session start is in doubt (``doubted``: the ruleset's stack,
    where the header stated another), those whose ``hand`` was replayed from the chips'
    account (``chips``, before it; ``started``, what it was replayed from), so that the
    ruleset's start is confirmed; and those still in doubt: with the chips' account open
    (``still_open``, after the hand) and no stack of theirs stated, which settles it."""
    confirmed = {name: stack for name, stack in doubted.items()
                 if name in chips and started.get(name) == chips[name]}
    stated = {event.player for event in hand.events if type(event) is StackStated or (
        type(event) is Seat and event.stack is not None)}
    return confirmed, {name: stack for name, stack in doubted.items()
                       if name in still_open and name not in stated and name not in confirmed}


def start_stacks(hand: Hand, carried: Mapping[str, int],
                 chips: Mapping[str, int]) -> tuple[dict[str, int], ChipsAccounts]:
    """The stacks to replay ``hand`` from, and the chips' accounts it leaves open: the
    log's account (``carried``), but the chips' (``chips``) for a player whose seat line
    states his stack as they have it. A stated stack settles which account holds, so
    only a player the hand seats without one keeps both.

    >>> from badugi_hh.rules import HOUSE
    >>> hand = Hand(hand_id="2", number=2, ruleset=HOUSE, events=[
    ...     Seat(player="Ana", seat=1, stack=96), Seat(player="Bo", seat=2)])
    >>> start_stacks(hand, {"Ana": 95, "Bo": 104, "Cy": 3}, {"Ana": 96, "Bo": 105})
    ({'Ana': 96, 'Bo': 104, 'Cy': 3}, {'Bo': 105})
    """
    stated = {event.player: event.stack for event in hand.events
              if type(event) is Seat and event.stack is not None and event.player in chips}
    confirmed = {name: stack for name, stack in stated.items() if chips[name] == stack}
    return ({**carried, **confirmed},
            {name: stack for name, stack in chips.items() if name not in stated})


def unnamed_dropped(hand: Hand, carried: dict[str, int], chips: ChipsAccounts,
                    ) -> tuple[dict[str, int], ChipsAccounts]:
    """The accounts without the players ``hand`` names by their place alone
    (:attr:`Hand.positional`): the hand before's ``p1`` is another player, so his stack
    is not this one's, and the hand states it."""
    if not hand.positional:
        return carried, chips
    return ({name: stack for name, stack in carried.items() if name not in hand.positional},
            {name: stack for name, stack in chips.items() if name not in hand.positional})


def confirmed_at_the_end(hand: Hand, report: HandReport,
                         chips: Mapping[str, int]) -> dict[str, int]:
    """The chips' account (of ``chips``, those left open) of each player whose stated end
    stack the chips' account agrees with: the stack his hand started from, to replay it
    again. The hand replayed from the log's contradicts that statement, or agrees with
    it only because his start grew to cover chips the log's account did not have (S3)."""
    said = {event.player: event.amount for event in hand.events if type(event) is StackStated}
    return {name: chips[name] for name, result in report.players.items()
            if name in chips and chips[name] + result.net in (result.stated_end_stack,
                                                              said.get(name))}


def seat_slips_disproved(hand: Hand, report: HandReport, carried: Mapping[str, int],
                         replay: Callable[[Hand], HandReport]) -> tuple[Hand, HandReport]:
    """``hand`` and its ``report`` replayed from the stacks ``carried`` from the hand
    before, for each player whose seat line in it states another stack (G3 at that
    line) while its own end (a ``Stacks:`` line) agrees with the carried stack and not
    with the seat line's: the seat line is the one slip, and the chips' account holds.

    The two accounts a contradicted stack opens (this module's docstring) would settle
    this at the next statement of his stack; the hand's end is that statement too, so
    it is judged the same way, not as a second G3. ``replay`` replays a hand whose
    seat lines state the carried stacks; the G3 of each slipped seat line is kept.
    """
    if not any(v.rule == "G3" for v in report.violations):
        return hand, report   # no seat line contradicted the stacks carried
    seated = {e.player: e.stack for e in hand.events if type(e) is Seat}
    cash = for_money(hand)
    slips = {name: carried[name] for name, result in report.players.items()
             if result.stated_end_stack is not None and name in carried
             and contradicts(carried[name], seated.get(name), cash=cash)
             and carried[name] + result.net == result.stated_end_stack}
    if not slips:
        return hand, report
    again = replace(hand, events=[
        replace(e, stack=slips[e.player]) if type(e) is Seat and e.player in slips else e
        for e in hand.events])
    replayed = replay(again)
    if any(replayed.players[name].end_stack != report.players[name].stated_end_stack
           for name in slips if name in replayed.players):
        return hand, report   # the carried stack does not make the stated end either
    lines = {e.line for e in hand.events if type(e) is Seat and e.player in slips}
    replayed.violations[:0] = [v for v in report.violations
                               if v.rule == "G3" and v.line in lines]
    return again, replayed


def chips_accounts(hand: Hand, report: HandReport, started: Mapping[str, int],
                   chips: Mapping[str, int]) -> ChipsAccounts:
    """The chips' account of each player after ``report``'s hand where the table carries
    another (:attr:`HandReport.carried_stacks`): its stated end stack or its stated start
    (against ``started``, what the hand was replayed from) contradicted the chips, or it
    states neither and the player's two accounts (``chips``, those left open) go on, or
    it followed an award it disputes and states nothing of his end (the rules' payout
    then makes the chips' account: :attr:`PlayerResult.rules_won`)."""
    ends = {e.player for e in hand.events if type(e) is StackStated} if chips else set()
    # the seat lines' stacks, not the start replayed: that grows to cover chips put in
    # beyond the stack (S3), which no statement of the log contradicts
    seated = {e.player: e.stack for e in hand.events if type(e) is Seat}
    cash = for_money(hand)
    accounts: ChipsAccounts = {}
    for name, result in report.players.items():
        before = started.get(name)
        if result.stated_end_stack is not None:
            accounts[name] = result.end_stack
        elif before is not None and contradicts(before, seated.get(name), cash=cash):
            accounts[name] = before + result.net
        elif name in chips and name not in ends:
            accounts[name] = chips[name] + result.net
        elif result.rules_won is not None:   # an award disputed and followed, his end unsaid
            accounts[name] = result.end_stack - result.won + result.rules_won
    for name, stack in report.idle.items():   # not dealt in: no chips moved (T2)
        before = started.get(name)
        if before is not None and contradicts(before, stack, cash=cash):
            accounts[name] = before
        elif name in chips:
            accounts[name] = chips[name]
    return accounts


def chips_after_a_bust(hand: Hand, report: HandReport,
                       started: Mapping[str, int]) -> dict[str, int]:
    """The chips each player who started ``hand`` with none (``started``: what it was
    replayed from) put in all the same, as the log counts them (N1; ``report``, its
    replay). The session counts them as added to his start, so that its nets add up to
    its hands' (zero). A seat line restating his stack (chips added, T6) is not counted.

    >>> from badugi_hh.engine.report import PlayerResult
    >>> from badugi_hh.rules import HOUSE
    >>> report = HandReport("s#2", 2, "x.txt", 1, "s", HOUSE, players={
    ...     "Cy": PlayerResult("Cy", 3, "", 1), "Bo": PlayerResult("Bo", 2, "", 98)})
    >>> hand = Hand(hand_id="s#2", number=2, ruleset=HOUSE, events=[])
    >>> chips_after_a_bust(hand, report, {"Bo": 98, "Cy": 0})
    {'Cy': 1}
    """
    restated = {e.player for e in hand.events if type(e) is Seat and e.stack is not None}
    return {name: result.start_stack - started[name] for name, result in report.players.items()
            if name not in restated and started.get(name, 1) <= 0 < result.start_stack}


def could_play_on(stacks: Mapping[str, int], rules: Ruleset) -> bool:
    """Whether a session could go on with ``stacks``: every player has chips, or the
    table plays on without a player gone bust (``rules``) and two have (N1)."""
    holding = sum(stack > 0 for stack in stacks.values())
    return holding == len(stacks) or (not rules.bust_ends_session and holding >= 2)


def played_after_a_bust(stacks: Mapping[str, int], rules: Ruleset) -> str | None:
    """Why a hand played with ``stacks`` (the session's, before it) is N1, a player having
    none left: the session ended with the hand before, unless ``rules`` play on without
    him and two players still have chips. None where it goes on.

    >>> from badugi_hh.rules import HOUSE
    >>> played_after_a_bust({"Ana": 150, "Bo": 50, "Cy": 0}, HOUSE)[:46]
    'the hand is played although Cy has no chips le'
    >>> plays_on = HOUSE.replace(bust_ends_session=False)
    >>> played_after_a_bust({"Ana": 150, "Bo": 50, "Cy": 0}, plays_on) is None
    True
    >>> played_after_a_bust({"Ana": 200, "Cy": 0}, plays_on)   # one left with chips
    'the hand is played although Cy has no chips left; the session ended with the previous hand'
    """
    broke = [name for name, stack in stacks.items() if stack <= 0]
    if not broke or could_play_on(stacks, rules):
        return None
    hint = ("; a table that plays on without him says 'play on after a bust' on its Rules "
            "line" if rules.bust_ends_session and len(stacks) - len(broke) >= 2 else "")
    return (f"the hand is played although {', '.join(broke)} has no chips left; "
            f"the session ended with the previous hand{hint}")


def stated_at_the_end(record: SessionEnd, stacks: Mapping[str, int], rules: Ruleset | None,
                      ) -> tuple[dict[str, int], list[Violation]]:
    """The stacks the session's end states, each under its player's name (of ``stacks``,
    the session's), and a G1 for each name the session has no player of: read as the one
    it misspells where names are typed by hand (``rules``, the last hand's), else nobody's,
    and not checked (N1), for no chips of his are known.

    >>> from badugi_hh.rules import HOUSE
    >>> stated, unseated = stated_at_the_end(SessionEnd(stacks={"Bruno": 102, "Zeca": 1}),
    ...                                      {"Ana": 98, "bruno": 102}, HOUSE)
    >>> stated, [v.message for v in unseated]
    ({'bruno': 102}, ['Bruno is not seated at this table; read as bruno, whose name it \
misspells', 'Zeca is not seated at this table'])
    """
    by_hand = rules is not None and rules.names_by_hand
    stated: dict[str, int] = {}
    unseated: list[Violation] = []
    for typed, amount in record.stacks.items():
        name: str | None = typed
        if typed not in stacks:
            name = misspelling_of(typed, stacks) if by_hand else None
            unseated.append(Violation("G1", not_seated(typed, name), None, record.source,
                                      record.line))
        if name is not None:
            stated[name] = amount
    return stated, unseated


def winner_at_the_end(record: SessionEnd, stacks: Mapping[str, int], rules: Ruleset | None,
                      ) -> tuple[str | None, list[Violation]]:
    """The winner the session's end states (None: a draw, or none stated) under the name
    it is judged by, and a G1 where that is not the name typed: where names are typed by
    hand (``rules``, the last hand's), one the session has no player of that misspells a
    single player's (:func:`misspelling_of`) is his. Any other stays as written, so one
    nobody has is a wrong winner (N1), as the session's end states nobody who could win.

    >>> from badugi_hh.rules import HOUSE
    >>> winner, slip = winner_at_the_end(SessionEnd(winner="Brnuo"), {"Ana": 98, "bruno": 102},
    ...                                  HOUSE)
    >>> winner, [v.message for v in slip]
    ('bruno', ['Brnuo is not seated at this table; read as bruno, whose name it misspells'])
    >>> winner_at_the_end(SessionEnd(winner="Zeca"), {"Ana": 98, "bruno": 102}, HOUSE)
    ('Zeca', [])
    """
    typed = None if record.draw else record.winner
    if typed is None or typed in stacks or rules is None or not rules.names_by_hand:
        return typed, []
    name = misspelling_of(typed, stacks)
    if name is None:
        return typed, []
    return name, [Violation("G1", not_seated(typed, name), None, record.source, record.line)]


def seat_line_slips(header: Iterable[SessionPlayer], hand: Hand,
                    found: list[Violation]) -> dict[str, str]:
    """The names of a house session's seat lines (``header``) that misspell the name its
    first hand (``hand``) calls their player by, each with that name; a G1 for each at its
    seat line is added to ``found``.

    A seated name the hand never uses, while the hand uses, for nobody seated, one name
    that misspells his and no other seated player's (:func:`misspelling_of`), makes the
    seat line the one line that differs from all the others: the mistake is its own. The
    session is then read by the hand's name, where each of its lines would be one G1.

    >>> from badugi_hh.events import Fold
    >>> from badugi_hh.rules import HOUSE
    >>> hand = Hand(hand_id="s#1", number=1, ruleset=HOUSE, events=[
    ...     Button(seat=1), Fold(player="Bruno"), Fold(player="Ana")])
    >>> found: list[Violation] = []
    >>> seat_line_slips([SessionPlayer(seat=1, name="Ana", stack=100, line=3),
    ...                  SessionPlayer(seat=2, name="Bruon", stack=100, line=4)], hand, found)
    {'Bruon': 'Bruno'}
    >>> [(v.rule, v.line, v.message) for v in found]
    [('G1', 4, 'seat 2 seats Bruon, whom every line of the first hand calls Bruno; read \
as Bruno, the name it misspells')]
    """
    if not hand.ruleset.names_by_hand:
        return {}
    players = {player.name: player for player in header}
    used = {event.player for event in hand.events if isinstance(event, PlayerEvent)}
    used.update(event.player for event in hand.events
                if type(event) is Button and event.player is not None)
    called: dict[str, list[str]] = {}   # seated name -> the unseated names misspelling it
    for typed in used.difference(players):
        seated = misspelling_of(typed, players)
        if seated is not None and seated not in used:
            called.setdefault(seated, []).append(typed)
    slips = {seated: typed for seated, (typed, *others) in called.items() if not others}
    for seated, typed in slips.items():
        player = players[seated]
        found.append(Violation("G1", f"seat {player.seat} seats {seated}, whom every line of "
                               f"the first hand calls {typed}; read as {typed}, the name it "
                               "misspells", None, hand.source, player.line))
    return slips


def respell(names: Mapping[str, str], *accounts: dict[str, int]) -> None:
    """Each of ``accounts`` (seats, stacks, the chips' accounts, ...) with the players
    ``names`` reads under another name (:func:`seat_line_slips`) under that name, in place
    and in their order: a list of the stacks is told in it.

    >>> stacks = {"Ana": 100, "Bruon": 90, "Carla": 110}
    >>> respell({"Bruon": "Bruno"}, stacks)
    >>> stacks
    {'Ana': 100, 'Bruno': 90, 'Carla': 110}
    """
    for account in accounts:
        respelt = {names.get(name, name): value for name, value in account.items()}
        account.clear()
        account.update(respelt)


#: The most of a pot a cash table's rake takes: sites take 5% or less, with a cap.
_MOST_RAKE = (1, 10)


def missing_hand(hand: Hand, carried: dict[str, int]) -> str:
    """How the stated stacks of a site's ``hand`` moved from the ``carried`` ones, where
    one hand missing from the log moved them; "" where none did (G3 then judges them).

    Chips pass from losers to winners: in a tournament they are all kept (a player
    gone since may have lost all of his), at a cash table the rake may take a share
    of the pot; a top-up alone (T6) or a chip made or lost is no hand.

    >>> from badugi_hh.rules import HOUSE
    >>> def seated(**stacks):
    ...     return Hand(hand_id="2", number=2, ruleset=HOUSE, events=[
    ...         Seat(player=name, seat=seat, stack=stack)
    ...         for seat, (name, stack) in enumerate(stacks.items(), 1)])
    >>> missing_hand(seated(Ana=90, Bo=110), {"Ana": 100, "Bo": 100})
    'Ana -10, Bo +10'
    >>> missing_hand(seated(Ana=90, Bo=100), {"Ana": 100, "Bo": 100})
    ''
    """
    stated = {event.player: event.stack for event in hand.events
              if type(event) is Seat and event.stack is not None}
    moves = {name: stack - carried[name] for name, stack in stated.items()
             if name in carried and stack != carried[name]}
    lost = -sum(move for move in moves.values() if move < 0)
    won = sum(move for move in moves.values() if move > 0)
    if not lost or not won:
        return ""
    if for_money(hand):   # a cash table: a rake, never more
        share, whole = _MOST_RAKE
        played = won <= lost <= won + lost * share // whole
    else:
        gone = sum(stack for name, stack in carried.items() if name not in stated)
        played = won == lost or won == lost + gone
    if not played:
        return ""
    money = money_of(hand)   # the note is written as the log writes the stacks
    return ", ".join(f"{name} {money.signed(move)}" for name, move in moves.items())


def missing_hand_note(before: HandReport, hand: Hand, moves: str) -> str:
    """The note that a hand is missing between ``before`` and ``hand``, the stacks moved
    as it would have (``moves``, :func:`missing_hand`): coverage, not a violation."""
    return (f"a hand is missing between {HandId.parse(hand.site, before.hand_id).named} and "
            f"{HandId.parse(hand.site, hand.hand_id).printed}: the stacks moved as one unseen "
            f"hand moves them ({moves})")
