"""Hands as PHH (the Poker Hand History format of PokerKit's authors): a writer.

A hand and the engine's report of it (:class:`~badugi_hh.engine.HandReport`,
which knows the stacks each player brought and took away) become PHH fields;
:func:`write_phhs` writes many hands as one ``.phhs`` file. PokerKit reads
what this writes, and so does :mod:`badugi_hh.parsers.phh`.

The standard library reads TOML but does not write it, so :func:`toml_value`
writes the little PHH needs: strings, whole numbers, amounts with cents,
booleans, times, lists and inline tables.

>>> print(toml_value(["d dh p1 7c8c9hQs", 'say "hi"']), toml_value(Decimal("0.25")))
["d dh p1 7c8c9hQs", "say \\"hi\\""] 0.25

What PHH cannot say raises :class:`ValueError` rather than being written
wrong: a dead blind, a blind or a straddle posted out of position, amounts in a
unit that is no power of ten, more bets in a round than PokerKit's cap (a site lifts the
cap heads-up, T7). A house burn has no PHH action: it is written as a no-op action
holding a commentary, ``"# burn 5c"``, which PokerKit skips and our reader reads back
as the burn; so is a show or a muck after everyone else folded (``"# p2 mucks"``),
which PokerKit refuses as an action (no showdown follows a fold to one player).

A hand run twice: PHH's actions tell one run (PokerKit selects a count of runs only
for board games, and its notation has no action for it), so the first run is the
actions, and each later run's cards are no-op actions holding a commentary in the
actions' own notation, where they happened: ``"# run 2 d dh p2 QsKd"`` after the
first run's replacements, ``"# run 2 p2 sm 5d7hQsKd2h"`` after the first run's show.
Our reader reads them back; ``winnings`` and ``finishing_stacks`` are the site's, both
runs paid (PokerKit, playing the first run alone, pays it the whole pot).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime, time, timedelta, timezone
from decimal import Decimal
from typing import Any, TextIO
from zoneinfo import ZoneInfo

from badugi_hh.cards import JOKER, Card
from badugi_hh.engine import HandReport
from badugi_hh.engine.betting import raise_over_all_in
from badugi_hh.parsers.phh import VARIANTS
from badugi_hh.events import (
    Bet, Burn, Call, Cards, Check, Deal, Draw, DrawnCards, Event, Fold, Hand, Muck, PostBlind,
    Raise, RunCards, Show, Street,
)
from badugi_hh.rules import Ruleset
from badugi_hh.sites import site_of, time_zone
from badugi_hh.writer import refuse_damaged

__all__ = ["VARIANT_CODES", "phh_fields", "phh_text", "toml_value", "write_phhs"]

#: Our games, by betting structure, that PHH has a code for (the reader's table).
VARIANT_CODES = {(game, structure): code for code, (_, game, structure) in VARIANTS.items()
                 if game is not None}
#: The bets and raises PokerKit allows a betting round of a fixed-limit game (a bet and
#: three raises; before the draw, four raises on the blinds).
_POKERKIT_CAP = 4
#: What the events' words are in PHH.
_BETTING = {Check: "cc", Call: "cc", Fold: "f"}
TomlValue = str | int | bool | Decimal | time | list[Any] | dict[str, Any]


def toml_value(value: TomlValue) -> str:
    """``value`` as TOML: the subset PHH needs.

    >>> toml_value({"name": "house", "rake": False, "max_raises": 3})
    '{name = "house", rake = false, max_raises = 3}'
    >>> toml_value(time(20, 2))
    '20:02:00'
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, Decimal)):
        return str(value)
    if isinstance(value, str):
        return '"' + "".join(map(_escaped, value)) + '"'
    if isinstance(value, time):
        return value.isoformat()
    if isinstance(value, list):
        return "[" + ", ".join(map(toml_value, value)) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{key} = {toml_value(item)}" for key, item in value.items()) + "}"
    raise ValueError(f"TOML as PHH writes it has no value like {value!r}")


def _escaped(character: str) -> str:
    if character in '"\\':
        return "\\" + character
    if ord(character) < 0x20 or ord(character) == 0x7F:
        return f"\\u{ord(character):04x}"
    return character


def _cards(cards: Iterable[Card | None]) -> str:
    """``7c8c9hQs``; ``??`` for a card nobody saw.

    A card of no deck, the joker a log may show (G2), has no PHH notation: written, it
    is a hand PokerKit refuses and our reader cannot read back (``Jk`` is no card), so
    the hand is not written, and the export names it.

    >>> _cards([JOKER])
    Traceback (most recent call last):
    ...
    ValueError: the hand holds a card of no deck (Jk), which PHH has no notation for
    """
    written = []
    for card in cards:
        if card is not None and card.is_joker:
            raise ValueError(f"the hand holds a card of no deck ({card}), which PHH has no "
                             "notation for")
        written.append("??" if card is None else str(card))
    return "".join(written)


class _Round:
    """A betting round as PokerKit follows it, to refuse what it would refuse: more bets
    than its cap, a raise an all-in for less than a full raise did not reopen, a raise by
    less than a full one (a site completes a short all-in, T1).

    ``size`` is the round's bet (fixed limit), or the least one (no limit). A hand that
    breaks a rule is written as it is (PokerKit refuses it; our reader reads it back and
    the audit finds the fault again): ``strict`` is for the legal hands.
    """

    def __init__(self, fixed: bool, size: int, strict: bool) -> None:
        self.fixed, self.size, self.strict = fixed, size, strict
        self.bets = 0           # bets and raises
        self.full = 0           # the largest full bet or raise
        self.acted: set[str] = set()   # who acted since the last full bet or raise
        self.short: list[int] = []     # all-ins for less than a full raise since then

    def acts(self, name: str) -> None:
        self.acted.add(name)

    def raises(self, name: str, facing: int, highest: int, to: int, all_in: bool) -> None:
        """A bet or raise to ``to`` over the ``highest`` bet, ``facing`` owed before it."""
        increment = to - highest
        self.bets += 1
        if not self.strict:
            return
        if self.fixed and self.bets > _POKERKIT_CAP:
            raise ValueError(f"a betting round has {self.bets} bets and raises, and PHH "
                             f"(PokerKit) caps a round at {_POKERKIT_CAP}; the site lifts "
                             "the cap heads-up (T7)")
        if facing < self.full or (self.short and sum(self.short) < self.full
                                  and name in self.acted):
            raise ValueError(f"{name} raises after an all-in for less than a full raise, "
                             "which PHH (PokerKit) takes as not reopening the betting")
        # PokerKit's raise: one bet over the highest bet in fixed limit, at least the
        # largest raise over it in no limit (an all-in for less counted in the highest)
        least_to = (raise_over_all_in(highest, self.size) if self.fixed
                    else highest + max(self.full, self.size))
        if not all_in and (to != least_to if self.fixed else to < least_to):
            raise ValueError(f"{name} raises by {increment} where PHH (PokerKit) raises by "
                             f"{least_to - highest}: the site completes an all-in for less (T1)")
        if increment >= self.full:
            self.acted = {name}
        self.full = max(self.full, increment)
        self.short = [*self.short, increment] if all_in else []
        if sum(self.short) >= self.full:
            self.short = []


class _Writer:
    """Walks a hand's events, keeping the chips in each round, into PHH actions."""

    def __init__(self, hand: Hand, report: HandReport) -> None:
        self.hand, self.report = hand, report
        self.order = _phh_order(report)
        self.index = {name: number for number, name in enumerate(self.order, 1)}
        self.round_in = dict.fromkeys(self.order, 0)
        self.actions: list[str] = []
        self.deals: dict[str, Cards] = {}
        self.dealt = False
        self.draws: dict[str, str] = {}       # this draw's new cards, by player
        self.run_draws: list[str] = []        # a hand run twice: the later runs' draws
        self.showed: set[str] = set()
        self.folded: set[str] = set()
        self.round = self.next_round(1)
        self.blinds = dict.fromkeys(self.order, 0)
        self.antes = dict.fromkeys(self.order, 0)
        self.straddles = dict.fromkeys(self.order, 0)

    def amount(self, chips: int) -> int | Decimal:
        return _amount(chips, self.hand.unit)

    def next_round(self, number: int) -> _Round:
        """Betting round ``number`` (1: before the first draw)."""
        rules = self.report.ruleset
        fixed = rules.structure == "fixed"
        # no limit's least bet, and least raise over the largest: min_bet, as PokerKit
        # sizes them, whatever the big blind
        return _Round(fixed, rules.bet_size(number) if fixed else rules.min_bet or rules.big_blind,
                      strict=not self.report.violations)

    def player(self, name: str) -> str:
        if name not in self.index:
            raise ValueError(f"{name} acts but was not dealt in")
        return f"p{self.index[name]}"

    def walk(self) -> list[str]:
        for event in self.hand.events:
            self.event(event)
        self.deal()
        self.end_draw()
        return self.actions

    def event(self, event: Event) -> None:
        match event:
            case PostBlind():
                self.post(event)
            case Deal(player=player, cards=cards):
                self.deals[player] = cards
            case Street(kind="draw", number=number):
                self.deal()
                self.end_draw()
                self.round_in = dict.fromkeys(self.order, 0)
                self.round = self.next_round(number + 1)
            case Burn(card=card):
                self.deal()
                self.actions.append(f"# burn {_cards([card])}")
            case Draw(player=player, discarded=discarded, drawn=drawn):
                self.deal()
                self.actions.append(f"{self.player(player)} sd {_cards(discarded)}".rstrip())
                if discarded:
                    self.draws[player] = _cards(drawn if drawn is not None
                                                else (None,) * len(discarded))
            case DrawnCards(player=player, cards=cards) if cards:
                self.draws[player] = _cards(cards)
            case Check() | Call() | Fold() | Bet() | Raise():
                self.bet(event)
            case Show(player=player, cards=cards):
                self.show(player, f" {_cards(cards)}")
            case RunCards(player=player, run=run, kind="drawn", cards=cards):
                self.run_draws.append(f"# run {run} d dh {self.player(player)} {_cards(cards)}")
            case RunCards(player=player, run=run, kind="shown", cards=cards):
                self.end_draw()
                self.actions.append(f"# run {run} {self.player(player)} sm {_cards(cards)}")
            case Muck(player=player):
                self.show(player, "")

    def show(self, name: str, cards: str) -> None:
        """A player's one showdown action: a site may log a muck twice (play and summary).

        After everyone else folded there is no showdown: PokerKit refuses a show or a
        muck then, so it is written as a commentary (``# p2 shows As2h``, ``# p2 mucks``),
        which our reader reads back.
        """
        self.end_draw()
        if name in self.showed:
            return
        self.showed.add(name)
        if len(self.order) - len(self.folded) <= 1:
            said = f"shows{cards}" if cards else "mucks"
            self.actions.append(f"# {self.player(name)} {said}")
        else:
            self.actions.append(f"{self.player(name)} sm{cards}")

    def post(self, event: PostBlind) -> None:
        self.player(event.player)
        if event.kind == "ante":
            self.antes[event.player] += event.amount
            return
        if event.kind == "straddle":
            self.straddles[event.player] += event.amount
            self.round_in[event.player] += event.amount
            return
        if event.kind not in ("small", "big"):
            raise ValueError(f"PHH has no {event.kind} blind ({event.player})")
        rules = self.report.ruleset
        nominal = rules.small_blind if event.kind == "small" else rules.big_blind
        # A blind all in for less is written at its size: PokerKit posts what the stack holds.
        self.blinds[event.player] += (max(event.amount, nominal) if event.all_in
                                      else event.amount)
        self.round_in[event.player] += event.amount

    def deal(self) -> None:
        """The hole cards, p1 first, as PHH deals them; unknown where no deal is logged."""
        if self.dealt:
            return
        self.dealt = True
        size = self.report.ruleset.hand_size
        for name in self.order:
            cards = self.deals.get(name, (None,) * size)
            self.actions.append(f"d dh {self.player(name)} {_cards(cards)}")

    def end_draw(self) -> None:
        """After every discard of a draw, the dealer gives the new cards, in order."""
        for name, cards in self.draws.items():
            self.actions.append(f"d dh {self.player(name)} {cards}")
        self.draws.clear()
        self.actions.extend(self.run_draws)
        self.run_draws.clear()

    def bet(self, event: Check | Call | Fold | Bet | Raise) -> None:
        self.deal()
        self.end_draw()
        name = event.player
        actor = self.player(name)
        if isinstance(event, Fold):
            if any(action.player == name and action.all_in for action in self.report.actions):
                # a site's practice (PokerStars folds a tournament player sitting out)
                raise ValueError(f"{name} folds while all-in, which PHH has no words for")
            self.folded.add(name)
        if isinstance(event, (Bet, Raise)):
            highest = max(self.round_in.values())
            to = event.to if isinstance(event, Raise) else self.round_in[name] + event.amount
            self.round.raises(name, highest - self.round_in[name], highest, to, event.all_in)
            self.round_in[name] = to
            self.actions.append(f"{actor} cbr {self.amount(self.round_in[name])}")
            return
        if isinstance(event, Call):
            self.round_in[name] += event.amount
        if not isinstance(event, Fold):
            self.round.acts(name)
        self.actions.append(f"{actor} {_BETTING[type(event)]}")

    def forced_bets(self) -> tuple[list[int | Decimal], list[int | Decimal]]:
        """Antes, blinds and straddles by player, checked to be where PHH puts them
        (reversed heads-up): the blinds of the two after the button, the straddles after."""
        blinds = [self.blinds[name] for name in self.order]
        antes = [self.antes[name] for name in self.order]
        straddles = [self.straddles[name] for name in self.order]
        if len(self.order) == 2:
            blinds, antes = blinds[::-1], antes[::-1]
        if any(blinds[2:]):
            raise ValueError("a blind is posted by a player PHH has no blind for "
                             "(only the two after the button post)")
        if any(straddles[:2]):
            raise ValueError("a straddle is posted by a blind, where PHH has none")
        blinds = blinds[:2] + straddles[2:]
        return ([self.amount(chips) for chips in antes],
                [self.amount(chips) for chips in blinds])


def _amount(chips: int, unit: int) -> int | Decimal:
    """Chips as written: whole chips, or money with the decimals of the hand's unit
    (``0.25`` in cents; ``3.145`` in thousandths, as the reader reads a hand whose
    amounts need them), so an amount reads back as it was.

    >>> _amount(25, 100), _amount(3145, 1000), _amount(2990, 1000)
    (Decimal('0.25'), Decimal('3.145'), Decimal('2.990'))
    """
    if unit == 1:
        return chips
    decimals = len(str(unit)) - 1
    if unit != 10 ** decimals:
        raise ValueError(f"amounts in units of 1/{unit} cannot be written")
    return Decimal(chips).scaleb(-decimals)


def _phh_order(report: HandReport) -> list[str]:
    """The players dealt in, from the left of the button round to the button (PHH's p1..pN)."""
    seated = sorted(report.players.values(), key=lambda player: player.seat)
    button = report.players.get(report.button or "")
    if button is None:
        raise ValueError("the hand has no button, which PHH needs to order the players")
    after = [player.name for player in seated if player.seat > button.seat]
    return after + [player.name for player in seated if player.seat <= button.seat]


def phh_fields(hand: Hand, report: HandReport, left_out: Sequence[str] = (),
               ) -> dict[str, TomlValue]:
    """The PHH fields of ``hand``: PokerKit's required ones, then what else is known.

    ``left_out``: the ids of the hands of its table played since the hand before it
    in the file being written, which that file leaves out (``_left_out_before``: its
    stacks are then not carried from that hand when read back).
    """
    rules = report.ruleset
    code = VARIANT_CODES.get((rules.game, rules.structure))
    if code is None:
        raise ValueError(f"PHH has no code for {rules.game_name}")
    refuse_damaged(hand)
    writer = _Writer(hand, report)
    actions = writer.walk()
    antes, blinds = writer.forced_bets()
    players = [report.players[name] for name in writer.order]
    bets: dict[str, TomlValue] = (
        {"small_bet": writer.amount(rules.small_bet), "big_bet": writer.amount(rules.big_bet)}
        if rules.structure == "fixed"
        else {"min_bet": writer.amount(rules.min_bet or rules.big_blind)})
    fields: dict[str, TomlValue] = {
        "variant": code, "antes": antes, "blinds_or_straddles": blinds, **bets,
        "starting_stacks": [writer.amount(player.start_stack) for player in players],
        "actions": actions, "hand": hand.hand_id, "players": [p.name for p in players],
        "seats": [player.seat for player in players], "seat_count": rules.max_players,
        # the log's stated stack where the chips say another: read back, the same G3
        "finishing_stacks": [writer.amount(player.carried_stack) for player in players],
        "winnings": [writer.amount(player.won) for player in players],
    }
    if any(antes):
        # the trimming status says whose antes a short all-in may win (untrimmed: all)
        fields["ante_trimming_status"] = not rules.dead_money_in_main_pot
    fields.update(_when(hand))
    if hand.table:
        fields["table"] = hand.table
    if hand.level is not None and (level := _level_number(hand.level)) is not None:
        fields["level"] = level   # PHH's level is a number: PokerStars' III is 3
    if hand.currency and len(hand.currency) == 3 and hand.currency.isalpha():
        fields["currency"] = hand.currency
    fields.update(_own_fields(hand, report))
    if left_out:
        fields["_left_out_before"] = list(left_out)
    return fields


_ROMAN = {"M": 1000, "CM": 900, "D": 500, "CD": 400, "C": 100, "XC": 90, "L": 50, "XL": 40,
          "X": 10, "IX": 9, "V": 5, "IV": 4, "I": 1}


def _level_number(level: str) -> int | None:
    """A tournament level as PHH's ``level``, an integer: in digits as written, or in
    Roman numerals as PokerStars writes it (``Level VII``); None where it is neither.

    >>> _level_number("12"), _level_number("VII"), _level_number("XIV"), _level_number("IIII")
    (12, 7, 14, None)
    """
    if level.isdecimal():
        return int(level)
    number, rest = 0, level
    for numeral, value in _ROMAN.items():
        while rest.startswith(numeral):
            number, rest = number + value, rest[len(numeral):]
    return number if number and not rest and _roman(number) == level else None


def _roman(number: int) -> str:
    """``number`` in Roman numerals, the one way of writing it (7: ``VII``)."""
    written = ""
    for numeral, value in _ROMAN.items():
        count, number = divmod(number, value)
        written += numeral * count
    return written


def _when(hand: Hand) -> dict[str, TomlValue]:
    """The date and time the hand states, with the zone they are in: PHH reads a time of
    no ``time_zone`` in UTC, so a time of no known zone is not written, and one of an
    offset the zone database has no zone for (``+05:30``) is written in UTC."""
    moment = _zoned(hand)
    if moment is None:
        return {}
    zone = _zone_name(moment)
    if zone is None:
        moment, zone = moment.astimezone(timezone.utc), "UTC"
    return {"day": moment.day, "month": moment.month, "year": moment.year,
            "time": moment.time().replace(microsecond=0), "time_zone": zone}


def _zoned(hand: Hand) -> datetime | None:
    """The hand's time with the zone it was read in: its own (a PHH hand's ``time_zone``,
    OnGame's offset, the import's for a hand of the store: ``commands.export``), else its
    site's (docs/schema.md, "One clock"); None where neither is known (a house hand read
    from its log alone)."""
    moment = hand.started_at
    if moment is None or moment.tzinfo is not None:
        return moment
    site = site_of(hand.site)
    return (moment.replace(tzinfo=time_zone(site.zone))
            if site is not None and site.zone is not None else None)


def _zone_name(moment: datetime) -> str | None:
    """The IANA name of the zone of ``moment``: its own, or for a fixed offset of whole
    hours (OnGame's ``EEST``) the database's zone of that offset (``Etc/GMT-3``: its sign
    is POSIX's, west of Greenwich positive); None where the offset has minutes."""
    if isinstance(moment.tzinfo, ZoneInfo):
        return moment.tzinfo.key
    offset = moment.utcoffset() or timedelta(0)
    hours, rest = divmod(offset, timedelta(hours=1))
    if rest:
        return None
    return "UTC" if not hours else f"Etc/GMT{-hours:+d}"


def _own_fields(hand: Hand, report: HandReport) -> dict[str, TomlValue]:
    """What PHH has no field for, as user-defined fields (a leading ``_``, as PHH asks)."""
    fields: dict[str, TomlValue] = {"_session": hand.session_id,
                                    "_ruleset": _ruleset_table(report.ruleset)}
    if report.rake:
        fields["_rake"] = _amount(report.rake, hand.unit)
    if hand.site:
        fields["_site"] = hand.site
    # PHH names no tournament: its hand in chips is a tournament's only where this says so
    if hand.tournament is not None:
        fields["_tournament"] = hand.tournament
    if hand.buy_in is not None:
        fields["_buy_in"] = hand.buy_in
    return fields


def _ruleset_table(ruleset: Ruleset) -> dict[str, TomlValue]:
    """Every setting of the ruleset; TOML has no null, so a ``None`` is left out."""
    return {field.name: getattr(ruleset, field.name) for field in dataclasses.fields(ruleset)
            if getattr(ruleset, field.name) is not None}


def phh_text(fields: Mapping[str, TomlValue]) -> str:
    """PHH fields as TOML text, one field a line, one action a line."""
    lines = []
    for key, value in fields.items():
        if key == "actions":
            lines.append("actions = [")
            lines.extend(f"  {toml_value(action)}," for action in value)  # type: ignore[union-attr]
            lines.append("]")
        else:
            lines.append(f"{key} = {toml_value(value)}")
    return "\n".join(lines) + "\n"


def write_phhs(hands: Iterable[Mapping[str, TomlValue]], out: TextIO) -> int:
    """Write hands' fields as a ``.phhs`` file, each under its table ``[1]``, ``[2]``...

    Returns how many were written.
    """
    count = 0
    for count, fields in enumerate(hands, 1):
        out.write(("\n" if count > 1 else "") + f"[{count}]\n" + phh_text(fields))
    return count
