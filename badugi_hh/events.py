"""The typed vocabulary of a hand history, shared by every parser and the engine.

A parser turns text into a stream of *records*: a :class:`SessionStart`, then
:class:`Hand` objects (each a list of :class:`Event`), then optionally a
:class:`SessionEnd`; text it cannot read comes as a :class:`ParseError` in its
place. The rules engine consumes those records and never sees
text, so one engine audits every log dialect.

Every event carries the 1-based ``line`` of the source it came from; the file
name lives once on the :class:`Hand`. Cards are :class:`~badugi_hh.cards.Card`
or ``None`` for a card nobody saw (a hidden hand, a discard announced only by
count). Chip amounts are integers in the log's smallest unit (chips in the
house format; cents for money games, see :attr:`Hand.unit`).

>>> from badugi_hh.cards import parse_cards
>>> Deal(player="Ana", cards=parse_cards("As 2h 3d Kd"), line=7)
Deal(line=7, player='Ana', cards=(As, 2h, 3d, Kd))
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal, TypeAlias

from badugi_hh.cards import Card
from badugi_hh.rules import Ruleset

MaybeCard: TypeAlias = Card | None
Cards: TypeAlias = tuple[MaybeCard, ...]

#: ``dead``: a blind that is not the poster's bet (a missed small blind, T3);
#: ``ante``: a forced bet from every player, dead money like a dead blind;
#: ``straddle``: a live blind posted after the big blind (PHH's straddles).
BlindKind = Literal["small", "big", "dead", "small+big", "ante", "straddle"]
StreetKind = Literal["deal", "draw", "betting", "showdown", "summary"]
#: Which cards of a later run a :class:`RunCards` tells (see there).
RunCardsKind = Literal["drawn", "shown"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    """Something that happened in a hand, at ``line`` of the source."""

    line: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerEvent(Event):
    player: str


# -- table --------------------------------------------------------------------

@dataclass(frozen=True, slots=True, kw_only=True)
class Seat(PlayerEvent):
    """``player`` sits in ``seat``; ``stack`` is stated by the log, or ``None``.

    ``in_hand`` is false for a player seated but not dealt in (sitting out,
    waiting for the big blind, moved in from another table after the deal):
    his stack is known and carried to the next hand, but he takes no part in
    this one (site rule T2). ``sitting_out`` is true for a player dealt in though
    he sits out: a tournament deals him in, posts his blinds and folds his hand
    (``Ruleset.sitting_out_folded``).
    """

    seat: int
    stack: int | None = None
    in_hand: bool = True
    sitting_out: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Button(Event):
    """The dealer button is at ``seat`` (the seat may be empty on sites).

    A house hand names the button's player (``Hand #2 - button Bruno``); where its
    session seats nobody of that name, ``seat`` is None and ``player`` the name as
    written: the engine reads it as it reads any name, a misspelt one as the player's
    whose name it misspells (G1), so a slip in the ``Hand`` line does not lose the hand.
    """

    seat: int | None
    player: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class PostBlind(PlayerEvent):
    amount: int
    kind: BlindKind = "big"
    all_in: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Street(Event):
    """A marker such as ``*** FIRST DRAW ***``: ``kind`` and its 1-based number."""

    kind: StreetKind
    number: int = 1


# -- cards --------------------------------------------------------------------

@dataclass(frozen=True, slots=True, kw_only=True)
class Deal(PlayerEvent):
    """``player`` is dealt ``cards`` (``None`` where hidden)."""

    cards: Cards


@dataclass(frozen=True, slots=True, kw_only=True)
class Burn(Event):
    card: MaybeCard = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Draw(PlayerEvent):
    """``player`` discards ``discarded`` and receives ``drawn``.

    Standing pat is a draw with nothing discarded. ``drawn`` is ``None`` when
    the line does not say what was received (site logs tell it on a separate
    :class:`DrawnCards` line, or not at all); the engine then assumes as many
    unknown cards as were discarded.
    """

    discarded: Cards
    drawn: Cards | None = None

    @property
    def stands_pat(self) -> bool:
        return not self.discarded


@dataclass(frozen=True, slots=True, kw_only=True)
class DrawnCards(PlayerEvent):
    """The cards ``player`` received in the draw just made (site logs), and the cards he
    ``kept``, where the log restates them before the new ones (``None`` where not)."""

    cards: Cards
    kept: Cards | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class RunCards(PlayerEvent):
    """Running it twice: ``player``'s cards in run ``run`` (2 and up) of a hand whose
    players are all in before a draw, the pot shared between the runs.

    The first run is the hand's play (its :class:`Draw`, :class:`DrawnCards` and
    :class:`Show` events); each later run is told by these events alone.
    ``kind`` says which cards they are: ``drawn``, the cards he received in that
    run's draw just made (as many as he discarded, in place of the first run's);
    ``shown``, the whole hand he shows in that run. A player who stands pat holds
    the same hand in every run.
    """

    run: int
    kind: RunCardsKind
    cards: Cards


# -- betting ------------------------------------------------------------------

@dataclass(frozen=True, slots=True, kw_only=True)
class Check(PlayerEvent):
    pass


@dataclass(frozen=True, slots=True, kw_only=True)
class Fold(PlayerEvent):
    pass


@dataclass(frozen=True, slots=True, kw_only=True)
class Bet(PlayerEvent):
    amount: int
    all_in: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Call(PlayerEvent):
    """``amount`` is what the caller adds now (B7), not the total to match."""

    amount: int
    all_in: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Raise(PlayerEvent):
    """A raise to a round total of ``to``; ``by`` is the increment when stated."""

    to: int
    by: int | None = None
    all_in: bool = False


BettingAction: TypeAlias = Check | Fold | Bet | Call | Raise


# -- what the log says beside the play ------------------------------------------

NoteKind = Literal["chat", "table", "timeout", "connection", "tournament", "hand"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Note(Event):
    """A line a site writes that tells nothing about the play, kept as it was.

    ``kind`` sorts them for the counts a reader reports: ``chat`` (players
    talking), ``table`` (joins, leaves, seats, the cap), ``timeout`` (clocks
    and time banks), ``connection`` (disconnects, returns), ``tournament``
    (eliminations, prizes, levels) and ``hand`` (cancelled hands, dead hands).
    The engine ignores notes; ``docs/format.md`` lists each shape per site.
    """

    kind: NoteKind
    text: str


#: What the note of a hand the site called off says: ``Hand cancelled`` (PokerStars),
#: ``Hand #N has been canceled`` (Full Tilt), ``GAME_CANCELLED`` (Merge). Only that: a
#: hand note that names a player (``Cancelo: doesn't show hand``, ``Cancelo is all in``)
#: tells nothing of the kind, whatever his name holds.
_CALLED_OFF = re.compile(r"(?:Hand (?:#\d+ has been )?cancell?ed|GAME_CANCELLED)\b",
                         re.IGNORECASE)


def calls_off(event: Event) -> bool:
    """Whether ``event`` is the note of a hand the site cancelled (its chips go back).

    >>> calls_off(Note(kind="hand", text="Hand #35550557071 has been canceled", line=9))
    True
    >>> calls_off(Note(kind="hand", text="Cancelo: doesn't show hand", line=9))
    False
    """
    return type(event) is Note and event.kind == "hand" and (
        _CALLED_OFF.match(event.text) is not None)


# -- results ------------------------------------------------------------------

@dataclass(frozen=True, slots=True, kw_only=True)
class UncalledReturned(PlayerEvent):
    """The unmatched part of a bet goes back to ``player``.

    ``inferred`` is true where the log writes no such line and the reader worked
    the return out from the chips (a site that pays it with the pot, a cancelled
    hand): the engine then takes it as the reader's arithmetic, never as a claim
    of the log to check (S3).
    """

    amount: int
    inferred: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Show(PlayerEvent):
    """``player`` shows ``cards``; ``description`` is the log's own wording."""

    cards: Cards
    description: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Muck(PlayerEvent):
    cards: Cards | None = None


#: The house format's older word for the second half of a split pot, the lowball half
#: of Badeucy and Badacey (``from lowball half``), beside each half's own name
#: (``from 2-7 half``): docs/format.md.
LOWBALL_HALF = "lowball"


@dataclass(frozen=True, slots=True, kw_only=True)
class Award(PlayerEvent):
    """The log says ``player`` won ``amount`` (from ``pot``: "", "main", "side 1"...; in
    a split game then the half, by its name in the registry: "side 1 2-7", "badugi", or
    by :data:`LOWBALL_HALF`)."""

    amount: int
    pot: str = ""
    description: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class SummaryResult(PlayerEvent):
    """A summary's line for one seat: what it says the player won (0: nothing).

    Sites restate each seat's result after the hand (``showed [...] and won
    ($9.45)``, ``collected (565)``, ``folded before the Draw``); the engine
    checks it against the pot it paid out (S1). What such a line says he showed,
    ``cards`` and the site's words for them (``with Lo: 9,7,6,4,2``), is judged as a
    show line's is: the cards against the ones he showed (D2), the words as a
    description of them.
    """

    won: int
    cards: Cards | None = None
    description: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class PotTotal(Event):
    """The log's own total of the pot and the rake taken from it.

    ``total`` is ``None`` where a site states only the rake (KingsClub).
    """

    total: int | None
    rake: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class StackStated(PlayerEvent):
    """The log says ``player`` ends the hand with ``amount``."""

    amount: int


@dataclass(frozen=True, slots=True, kw_only=True)
class NetStated(PlayerEvent):
    """The log says ``player`` won (positive) or lost (negative) ``amount``."""

    amount: int


# -- records ------------------------------------------------------------------

@dataclass(slots=True, kw_only=True)
class SessionPlayer:
    seat: int
    name: str
    stack: int
    line: int = field(default=0, compare=False)
    """The header's seat line, where a report about it is made (a G3 about the stack it
    states, a misspelt name): not part of who the player is (0: the session's line)."""


@dataclass(slots=True, kw_only=True)
class SessionStart:
    """A session's header: who plays, under which rules."""

    session_id: str
    ruleset: Ruleset
    players: list[SessionPlayer]
    title: str = ""
    started_at: datetime | None = None
    source: str = ""
    line: int = 0


@dataclass(slots=True, kw_only=True)
class SessionEnd:
    """The log's own closing line: who it says won, and the final stacks."""

    winner: str | None = None
    draw: bool = False
    stacks: dict[str, int] = field(default_factory=dict)
    source: str = ""
    line: int = 0


@dataclass(slots=True, kw_only=True)
class ParseError:
    """Text the parser could not read, kept so nothing is silently lost."""

    message: str
    source: str
    line: int
    column: int = 1
    """1-based, as every error's column is told (a file cut short, an empty file: 1)."""
    text: str = ""
    hand_lost: bool = True
    """Whether a hand was lost with the text (false: one line of a hand kept without it,
    text that is no hand (a session's header or end, whose hands are each lost with an
    error of their own), or a file that holds no hand to lose: empty, or only blank
    lines)."""
    hand_line: int = 0
    """The first line of the hand lost with the text, which a note on the stacks after it
    names (0: not known, or no hand lost)."""

    def __post_init__(self) -> None:
        # a reader's column 0 (the whole line, as a LineError may say) is the line's first
        self.column = max(self.column, 1)

    def __str__(self) -> str:
        return f"{self.source}:{self.line}:{self.column}: {self.message}"


@dataclass(slots=True, kw_only=True)
class Hand:
    """One hand: its identity, the rules it is played under, and its events."""

    hand_id: str
    number: int
    ruleset: Ruleset
    events: list[Event]
    source: str = ""
    line: int = 0
    session_id: str = ""
    started_at: datetime | None = None
    unit: int = 1
    """How many of the amounts make one unit of the log's currency (100 for cents)."""
    currency: str | None = None
    """The money the amounts are in (``USD``, ``EUR``...; ``PLAY`` for play money), or
    None for chips (tournaments, home games)."""
    site: str = ""
    """Where the hand was played: ``pokerstars``, ``fulltilt``... (empty: a house log)."""
    table: str = ""
    tournament: str | None = None
    """The tournament's id, for a tournament hand."""
    buy_in: str | None = None
    """The tournament's buy-in as the log writes it (``$3.00+$0.30``)."""
    level: str | None = None
    """The tournament's blind level as the log writes it (``III``)."""
    hero: str | None = None
    """The player whose hole cards the log shows (``Dealt to Hero [...]``)."""
    damaged: tuple[int, ...] = ()
    """Lines of the hand that could not be read (each also a :class:`ParseError`).

    The hand is kept with the rest of its lines; the audit judges it only up to
    the first of them, since what follows may hang on what was lost.
    """
    positional: tuple[str, ...] = ()
    """The players the log names by their place alone (a PHH hand's ``p1``, ``p2``... where
    it names none): PHH counts them from the button, so another hand's ``p1`` is
    another player, and no stack is carried to them from the hand before (G3)."""
    left_out: tuple[str, ...] = ()
    """The ids of hands played at its table after the hand before it in the log, which
    the log leaves out (a PHH export's ``_left_out_before``: hands PHH cannot say, or not
    chosen). Its stacks are then taken as stated, not carried from that hand (G3), and
    its button and deal are not compared with that hand's (G4, G6)."""


@dataclass(slots=True, kw_only=True)
class SkippedHand:
    """A hand of a game the engine does not audit, read past and counted by game.

    ``game`` is the game's name as the reports give it ("Razz", "2-7 Triple
    Draw"). A reader yields it for a game it does not read; the auditor turns
    a :class:`Hand` of a game it does not audit (``Ruleset.game``) into one,
    keeping the hand in :attr:`hand`.
    """

    game: str
    hand_id: str
    source: str
    line: int
    hand: Hand | None = None


# -- tournaments ---------------------------------------------------------------

@dataclass(frozen=True, slots=True, kw_only=True)
class TournamentResult:
    """One player's line of a tournament summary: his ``place`` (None: still playing)
    and the ``prize`` it states, in the buy-in's smallest unit (0: none; None: not
    known yet, or no sum of the buy-in's money), at ``line``. ``award`` keeps the words
    of a prize that is no such sum (``Sunday Million ticket``, ``$13 MiniFTOPS
    Ticket``): its worth is not the site's figure, so ``prize`` is None. ``entry`` is
    the entry the line is of, 2 and on for a re-entry (PokerStars' ``COyourACES [3]``),
    ``player`` the name alone, as the hands write it."""

    player: str
    place: int | None
    prize: int | None
    line: int = 0
    award: str | None = None
    entry: int = 1


@dataclass(slots=True, kw_only=True)
class TournamentSummary:
    """A site's summary of one tournament (a file of its own, beside the hands).

    Money is in the smallest unit of ``currency`` (cents: ``unit`` 100): ``buy_in``
    goes to the prize pool, ``fee`` to the site; None where the summary does not say.
    ``hero_place`` is the place the summary says the account holder finished in
    (``You finished in 3rd place``). ``notes`` are the lines read past that tell
    something the store has no column for (a prize pool of tickets, a knockout bounty,
    the letter of an emailed summary), each kept with its line and counted.
    """

    site: str
    tournament_id: str
    game: str
    buy_in: int | None
    fee: int | None
    currency: str
    unit: int = 100
    entrants: int | None = None
    prize_pool: int | None = None
    started_at: datetime | None = None
    hero_place: int | None = None
    results: list[TournamentResult] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)
    source: str = ""
    line: int = 0


#: What a parser yields: a hand it could not read comes as a ParseError, in
#: its place in the stream, so the reader goes on with the next hand.
Record: TypeAlias = (SessionStart | Hand | SessionEnd | ParseError | SkippedHand
                     | TournamentSummary)
