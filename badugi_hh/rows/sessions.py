"""What the store keeps of a session while it is read, and where its money comes from.

A session's row is written when the engine closes it; until then
:class:`OpenSession` gathers what its hands tell (late players, their last stacks,
the places of a tournament) and :class:`HandMoney` what its amounts are.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import NamedTuple

from badugi_hh.engine import HandReport
from badugi_hh.events import Hand, Note, SessionStart
from badugi_hh.money import currency_of, kind_of, site_of
from badugi_hh.parsers.common import money
from badugi_hh.rules import Ruleset
from badugi_hh.rows.clock import Clock, Moment

__all__ = ["HOME_CHIPS", "HandMoney", "OpenSession", "finishing_places", "heads_up_places",
           "session_winner", "stated_prizes"]


@dataclass(slots=True)
class OpenSession:
    """What the store keeps of a session until the engine reports its end."""

    session_id: str
    ruleset: Ruleset
    title: str = ""
    started_at: datetime | None = None
    line: int = 0
    seats: dict[str, int] = field(default_factory=dict)
    start_stacks: dict[str, int] = field(default_factory=dict)
    last_stacks: dict[str, int] = field(default_factory=dict)
    """Each player's stack after his last hand as the table carries it (the log's where it
    states another than the chips, G3): at a site players leave before the end."""
    money: HandMoney | None = None
    """Site, kind and unit of its hands, from the first one."""
    places: dict[str, int] = field(default_factory=dict)
    """Finishing places the log states (a tournament's eliminations)."""
    moment: Moment | None = None
    """Its start in UTC, read as its first hand is (before it, in the log's order)."""
    tournament: str | None = None
    """The tournament its hands are of (None: not a tournament's)."""
    buy_in: str | None = None
    """The tournament's buy-in as its hands write it."""
    hero: str | None = None
    prizes: dict[str, int] = field(default_factory=dict)
    """The prizes the log states (``and received $1.60``), in cents of the buy-in's money."""

    @classmethod
    def of_header(cls, start: SessionStart) -> OpenSession:
        return cls(start.session_id, start.ruleset, start.title, start.started_at, start.line,
                   {p.name: p.seat for p in start.players},
                   {p.name: p.stack for p in start.players})

    def meet(self, hand: Hand, report: HandReport, clock: Clock) -> None:
        """Take from a hand what the header did not say: the start, late players."""
        if self.started_at is None:
            self.started_at = hand.started_at
        if self.money is None:
            self.money = HandMoney.of(hand)
        if self.moment is None:
            self.moment = clock.read(self.started_at, self.money.site, advance=False)
        if Note in map(type, hand.events):   # a hand without notes states neither
            self.places.update(finishing_places(hand))
            self.prizes.update(stated_prizes(hand))
        if hand.tournament is not None:
            self.tournament = self.tournament or hand.tournament
            self.buy_in = self.buy_in or hand.buy_in
            self.hero = self.hero or hand.hero
        for name, result in report.players.items():
            if name not in self.seats:
                self.seats[name] = result.seat
                self.start_stacks[name] = result.start_stack
            self.last_stacks[name] = result.carried_stack   # as the session's chain has it

    def read_as(self, names: Mapping[str, str]) -> None:
        """Seat each header player the engine read under another name (``names``,
        :attr:`~badugi_hh.engine.SessionReport.read_as`) under that one, at his seat line's
        seat and stack: the hands met him only under it, as a player the header did not
        seat, and the session would keep him twice.

        >>> from badugi_hh.rules import HOUSE
        >>> session = OpenSession("s", HOUSE, seats={"Ana": 1, "Bruon": 2, "Bruno": 2},
        ...                       start_stacks={"Ana": 100, "Bruon": 102, "Bruno": 100})
        >>> session.read_as({"Bruon": "Bruno"})
        >>> session.seats, session.start_stacks
        ({'Ana': 1, 'Bruno': 2}, {'Ana': 100, 'Bruno': 102})
        """
        if names:
            self.seats = _respelt(self.seats, names)
            self.start_stacks = _respelt(self.start_stacks, names)

    def extend(self, later: OpenSession) -> bool:
        """Take in what the session's later hands told ``later`` (read apart, from no
        header), as if this one had met them itself; False, changing nothing, where
        that cannot be known: the session's first hand is among them, and its moment
        is not read from the same time.

        >>> from badugi_hh.rules import HOUSE
        >>> first = OpenSession("s", HOUSE, seats={"Ana": 1}, start_stacks={"Ana": 100},
        ...                     places={"Bo": 2})
        >>> first.extend(OpenSession("s", HOUSE, seats={"Bo": 2, "Ana": 3},
        ...                          start_stacks={"Bo": 90, "Ana": 80}, places={"Cy": 1}))
        True
        >>> first.seats, first.start_stacks, first.places
        ({'Ana': 1, 'Bo': 2}, {'Ana': 100, 'Bo': 90}, {'Bo': 2, 'Cy': 1})
        """
        if self.moment is None and later.moment is not None:
            return False
        if self.started_at is None:
            self.started_at = later.started_at
        self.money = self.money or later.money
        self.places.update(later.places)
        self.prizes.update(later.prizes)
        self.tournament = self.tournament or later.tournament
        self.buy_in = self.buy_in or later.buy_in
        self.hero = self.hero or later.hero
        for name, seat in later.seats.items():
            if name not in self.seats:
                self.seats[name] = seat
                self.start_stacks[name] = later.start_stacks[name]
        self.last_stacks.update(later.last_stacks)
        return True


def _respelt(players: dict[str, int], names: Mapping[str, str]) -> dict[str, int]:
    """``players`` under the names ``names`` reads them by, in their order; where one is
    there under both, the first (the header's) is kept."""
    respelt: dict[str, int] = {}
    for name, value in players.items():
        respelt.setdefault(names.get(name, name), value)
    return respelt


class HandMoney(NamedTuple):
    """What a hand's amounts are and where it was played (see :mod:`badugi_hh.money`)."""

    site: str
    kind: str
    currency: str
    unit: int

    @classmethod
    def of(cls, hand: Hand) -> HandMoney:
        site, currency = site_of(hand), currency_of(hand)
        return cls(site, kind_of(hand, site, currency), currency, hand.unit)


#: The house game's chips, for a session that has no hand.
HOME_CHIPS = HandMoney("", "home", "chips", 1)

_PLACE = re.compile(r"^(?P<player>.+?) (?:finished (?:the tournament )?in (?P<place>\d+)"
                    r"(?:st|nd|rd|th) place|(?P<won>wins the tournament))")


def finishing_places(hand: Hand) -> dict[str, int]:
    """The places the hand's tournament notes state (``Ana finished the tournament
    in 3rd place``; ``Bo wins the tournament``: 1)."""
    places = {}
    for event in hand.events:
        if isinstance(event, Note) and event.kind == "tournament":
            match = _PLACE.match(event.text)
            if match:
                places[match["player"]] = 1 if match["won"] else int(match["place"])
    return places


_PRIZE = re.compile(r"^(?P<player>.+?) (?:finished (?:the tournament )?in \d+(?:st|nd|rd|th) "
                    r"place|wins the tournament) and receive[sd] (?P<prize>[$€£]\s?\d[\d,]*"
                    r"(?:\.\d+)?)")


def stated_prizes(hand: Hand) -> dict[str, int]:
    """The prizes the hand's tournament notes state, in cents (``Ana finished the
    tournament in 3rd place and received $1.60.``)."""
    prizes = {}
    for event in hand.events:
        if isinstance(event, Note) and event.kind == "tournament":
            match = _PRIZE.match(event.text)
            if match:
                prizes[match["player"]] = money(match["prize"])
    return prizes


#: A title naming a Sit & Go: one table, so a table of two seats holds the whole field.
_SIT_AND_GO = re.compile(r"\bsit\s*(?:&|and|'?n'?)\s*go\b|\bsng\b", re.IGNORECASE)


def heads_up_places(session: OpenSession, final_stacks: dict[str, int]) -> dict[str, int]:
    """The places of a heads-up Sit & Go whose log states none (Full Tilt's hands write
    no elimination): its table seats two, so its two players are its whole field, and
    when its last hand leaves one of them every chip he is first and the other second
    (docs/schema.md, an inference). None while both still hold chips.

    >>> from dataclasses import replace
    >>> from badugi_hh.rules import HOUSE
    >>> sng = OpenSession("t", replace(HOUSE, max_players=2), "$10 Heads-Up Sit & Go (1)",
    ...                   seats={"Hero": 1, "Bo": 2}, tournament="1")
    >>> heads_up_places(sng, {"Hero": 0, "Bo": 3000}), heads_up_places(sng, {"Hero": 5, "Bo": 1})
    ({'Hero': 2, 'Bo': 1}, {})
    """
    if (session.tournament is None or session.places or session.ruleset.max_players != 2
            or len(session.seats) != 2 or not _SIT_AND_GO.search(session.title)):
        return {}
    holding = [name for name in session.seats if final_stacks.get(name, 0) > 0]
    if len(holding) != 1:
        return {}
    return {name: 1 if name in holding else 2 for name in session.seats}


def session_winner(kind: str, longest_stack: str | None, places: dict[str, int]) -> str | None:
    """Who won the session: in the house game the larger final stack (N1); in a
    tournament the first place, when the log states it; a cash session has none
    (each player's net says how it went for him).

    >>> session_winner("cash", "Ana", {}), session_winner("tournament", "Ana", {"Bo": 1})
    (None, 'Bo')
    """
    if kind == "home":
        return longest_stack
    if kind == "tournament":
        return next((name for name, place in places.items() if place == 1), None)
    return None
