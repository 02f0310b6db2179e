"""Small builders for engine tests: hands written as event lists, line = position.

Each test starts from a legal hand and changes the one thing the rule under
test forbids, so the expected report is a single (rule, line) pair.
"""

from __future__ import annotations

import dataclasses

from badugi_hh.cards import parse_cards
from badugi_hh.engine import HandReport, replay_hand
from badugi_hh.events import (
    Award, Bet, Burn, Button, Call, Check, Deal, Draw, Event, Hand,
    PostBlind, Raise, Show, StackStated, Street,
)
from badugi_hh.rules import HOUSE, Ruleset

SEATS = {"Ana": 1, "Bruno": 2}


def c(text: str):
    return parse_cards(text, allow_joker=True)


def numbered(events: list[Event]) -> list[Event]:
    """Give each event the line of its position (1-based)."""
    return [dataclasses.replace(e, line=i) for i, e in enumerate(events, start=1)]


def replay(events: list[Event], *, seats: dict[str, int] | None = None,
           stacks: dict[str, int] | None = None, ruleset: Ruleset = HOUSE,
           previous: HandReport | None = None, number: int = 1) -> HandReport:
    hand = Hand(hand_id=f"t#{number}", number=number, ruleset=ruleset,
                events=numbered(events), source="t.txt", line=1, session_id="t")
    return replay_hand(hand, seats or SEATS, stacks, previous)


def found(events: list[Event], **kwargs) -> list[tuple[str, int]]:
    """The (rule, line) of every violation the engine reports."""
    return [(v.rule, v.line) for v in replay(events, **kwargs).violations]


def line_of(events: list[Event], event: Event) -> int:
    return events.index(event) + 1


def full_hand() -> list[Event]:
    """The sketch hand of the format issue: Ana's 4-3-2-A beats Bruno's 9-7-4-2."""
    return [
        Button(seat=1),                                              # 1
        PostBlind(player="Ana", amount=1, kind="small"),             # 2
        PostBlind(player="Bruno", amount=2, kind="big"),             # 3
        Deal(player="Bruno", cards=c("7c 8c 9h Qs")),                # 4
        Deal(player="Ana", cards=c("As 2h 3d Kd")),                  # 5
        Raise(player="Ana", to=4, by=2),                             # 6
        Call(player="Bruno", amount=2),                              # 7
        Street(kind="draw", number=1),                               # 8
        Burn(card=c("5c")[0]),                                       # 9
        Draw(player="Bruno", discarded=c("8c Qs"), drawn=c("4d Jh")),  # 10
        Draw(player="Ana", discarded=c("Kd"), drawn=c("4c")),        # 11
        Check(player="Bruno"),                                       # 12
        Bet(player="Ana", amount=2),                                 # 13
        Call(player="Bruno", amount=2),                              # 14
        Street(kind="draw", number=2),                               # 15
        Burn(card=c("6c")[0]),                                       # 16
        Draw(player="Bruno", discarded=c("Jh"), drawn=c("2s")),      # 17
        Draw(player="Ana", discarded=()),                            # 18
        Check(player="Bruno"),                                       # 19
        Check(player="Ana"),                                         # 20
        Street(kind="draw", number=3),                               # 21
        Burn(card=c("Tc")[0]),                                       # 22
        Draw(player="Bruno", discarded=()),                          # 23
        Draw(player="Ana", discarded=()),                            # 24
        Bet(player="Bruno", amount=4),                               # 25
        Raise(player="Ana", to=8, by=4),                             # 26
        Call(player="Bruno", amount=4),                              # 27
        Street(kind="showdown"),                                     # 28
        Show(player="Bruno", cards=c("7c 9h 4d 2s"), description="badugi 9-7-4-2"),  # 29
        Show(player="Ana", cards=c("As 2h 3d 4c"), description="badugi 4-3-2-A"),    # 30
        Award(player="Ana", amount=28),                              # 31
        StackStated(player="Ana", amount=114),                       # 32
        StackStated(player="Bruno", amount=86),                      # 33
    ]


def settled(events: list[Event], awards: dict[str, int], stacks: dict[str, int]) -> list[Event]:
    """Replace the result lines with ``awards`` and end ``stacks``."""
    kept = [e for e in events if not isinstance(e, (Award, StackStated))]
    return (kept + [Award(player=p, amount=a) for p, a in awards.items()]
            + [StackStated(player=p, amount=s) for p, s in stacks.items()])


def checked_down(ana: str, bruno: str, awards: dict[str, int],
                 descriptions: tuple[str | None, str | None] = (None, None)) -> list[Event]:
    """Blinds, a call, then everyone checks and stands pat to a showdown (pot 4)."""
    events: list[Event] = [
        Button(seat=1),
        PostBlind(player="Ana", amount=1, kind="small"),
        PostBlind(player="Bruno", amount=2, kind="big"),
        Deal(player="Bruno", cards=c(bruno)),
        Deal(player="Ana", cards=c(ana)),
        Call(player="Ana", amount=1),
        Check(player="Bruno"),
    ]
    for number, burn in zip((1, 2, 3), ("Kc", "Kh", "Ks")):
        if burn in ana or burn in bruno:
            burn = {"Kc": "Qc", "Kh": "Qh", "Ks": "Qs"}[burn]
        events += [Street(kind="draw", number=number), Burn(card=c(burn)[0]),
                   Draw(player="Bruno", discarded=()), Draw(player="Ana", discarded=()),
                   Check(player="Bruno"), Check(player="Ana")]
    events += [Street(kind="showdown"),
               Show(player="Bruno", cards=c(bruno), description=descriptions[1]),
               Show(player="Ana", cards=c(ana), description=descriptions[0])]
    events += [Award(player=p, amount=a) for p, a in awards.items()]
    return events
