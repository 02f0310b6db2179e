"""Tournament summaries: the file a site writes for each tournament, beside its hands.

A summary states what the hands do not: the buy-in split into prize pool and fee, the
number of entrants, the prize pool, and every player's place and prize. PokerStars
writes (one summary after another, in one file or many)::

    PokerStars Tournament #330855877, Badugi Limit
    Buy-In: $1.00/$0.20 USD
    8 players
    Total Prize Pool: $8.00 USD
    Tournament started 2010/11/12 20:42:34 CET [2010/11/12 14:42:34 ET]
      1: Player6 (Berlin), $4.00 (50%)
      2: Player4 (Lyon), $2.40 (30%)
      3: Player5 (Lviv), $1.60 (20%)
      4: Player0 (Texas),
    You finished in 3rd place.

and Full Tilt::

    Full Tilt Poker Tournament Summary $10 Heads-Up Sit & Go (243560420) 2-7 Triple Draw Limit
    Buy-In: $9.60 + $0.40
    2 Entries
    Total Prize Pool: $19.20
    Tournament started: 2012/11/07 10:31:56 ET
    1: Player0, $19.20
    2: Hero
    Hero finished in 2nd place

Each summary is one :class:`~badugi_hh.events.TournamentSummary`. A line that cannot be
read is a :class:`~badugi_hh.events.ParseError` at its line and column, and the summary
is kept without it (``hand_lost`` false).

>>> from badugi_hh.parsers.text import open_log
>>> text = '''PokerStars Tournament #1, Badugi Limit
... Buy-In: $1.00/$0.20 USD
... 2 players
...   1: Ana (Lyon), $2.00 (100%)
...   2: Bo (Kyiv), $2.O0
... '''
>>> with open_log(text, "s.txt") as log:
...     error, summary = read_pokerstars_summaries(log)
>>> summary.buy_in, summary.fee, [(r.player, r.place, r.prize) for r in summary.results]
(100, 20, [('Ana', 1, 200)])
>>> str(error)
's.txt:5:17: a prize such as $1.60 (or nothing, or still playing), not "$2.O0"'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from datetime import datetime
from zoneinfo import ZoneInfo

from badugi_hh.events import Note, ParseError, Record, TournamentResult, TournamentSummary
from badugi_hh.games import GAMES
from badugi_hh.money import BUY_IN_UNIT, BUY_IN_UNITS, written_buy_in
from badugi_hh.parsers.common import damage_before, damage_message, dated, money
from badugi_hh.parsers.text import LogText

__all__ = ["FULLTILT_START", "POKERSTARS_START", "WINAMAX_START",
           "fulltilt_summary_starts", "pokerstars_summary_starts", "read_fulltilt_summaries",
           "read_pokerstars_summaries", "read_winamax_summaries", "winamax_summary_starts"]

#: The first line of a summary, per site (from its first visible character).
POKERSTARS_START = re.compile(r"PokerStars Tournament #(?P<id>\d{1,30}),\s*(?P<game>.*?)\s*$")
FULLTILT_START = re.compile(r"Full Tilt Poker Tournament Summary (?P<name>.*?)"
                            r" \((?P<id>\d{1,30})\)\s*(?P<game>.*?)\s*$")
#: Winamax names no game on its first line (its ``Levels`` line does); the tournament's
#: id is the number in parentheses, as in its tables' names (``Freeroll 150€(5142226)#004``).
WINAMAX_START = re.compile(r"Winamax Poker - Tournament summary : (?P<name>.*)"
                           r"\((?P<id>\d{1,30})\)(?P<game>)")

_MONEY = r"[$€£₹]?\s?\d[\d,]*(?:\.\d+)?"
#: What a summary counts in beside money, each its own currency (never added to one):
#: play chips, the sites' points (PokerStars' FPP and StarsCoin, Full Tilt's FTP) and Full
#: Tilt's tournament dollars. A summary that names neither sign, code nor unit
#: (``Buy-In: 300/20``) is PokerStars' play money.
_UNITS = BUY_IN_UNITS
_UNIT = BUY_IN_UNIT
_SIGNS = {"$": "USD", "€": "EUR", "£": "GBP", "₹": "INR"}
_TIME = re.compile(r"(\d{4})/(\d\d?)/(\d\d?)\s*(?:-\s*)?(\d\d?):(\d\d):(\d\d)\s*([A-Z]{2,5})?")
#: Zones a summary may name a time in; ET is the sites' own (the store's clock reads it).
_ZONES = {"ET": None, "EST": None, "EDT": None, "UTC": "UTC", "GMT": "UTC",
          "CET": "Europe/Paris", "CEST": "Europe/Paris", "WET": "Europe/Lisbon",
          "WEST": "Europe/Lisbon", "MSK": "Europe/Moscow"}


@dataclass(slots=True)
class _Open:
    """The summary being read, and the number of the line being read."""

    summary: TournamentSummary
    line: int = 0
    addressee: str | None = None
    """The account holder an emailed summary writes to (``Dear Hero,``)."""


Handler = Callable[[_Open, re.Match[str]], None]


def _started(summary: _Open, match: re.Match[str]) -> None:
    """The start as the site's clock says it (ET, the bracketed time when two are given)."""
    times = list(_TIME.finditer(match.group(0)))
    eastern = next((t for t in times if t.group(7) in ("ET", "EST", "EDT")), None)
    chosen = eastern or (times[0] if times else None)
    if chosen is None:
        return
    year, month, day, hour, minute, second = (int(chosen.group(i)) for i in range(1, 7))
    try:
        when = dated(datetime(year, month, day, hour, minute, second))
    except ValueError as error:   # 2026/02/30, or a year no zone can place
        raise _LineError(f"a date and time ({error})", chosen.start(), chosen.group(0),
                         ) from None
    zone = _ZONES.get(chosen.group(7) or "ET")
    summary.summary.started_at = when if zone is None else when.replace(tzinfo=ZoneInfo(zone))


def _buy_in(summary: _Open, match: re.Match[str]) -> None:
    text = match["text"]
    parts = written_buy_in(text, bare_is_play=True)
    if parts is None:
        raise _LineError("a buy-in such as $1.00/$0.20 USD", match.start("text"), text)
    summary.summary.buy_in, summary.summary.fee = parts.amount, parts.fee
    summary.summary.currency = parts.currency


def _currency(sign: str | None, unit: str | None) -> str | None:
    """The currency a sum names by its sign or its unit (``$``, ``INR``, ``Play Chips``);
    None where it names none (the summary's own)."""
    if unit:
        return _UNITS.get(unit, unit)
    return _SIGNS.get(sign or "")


def _sum(summary: _Open, match: re.Match[str], group: str) -> int | None:
    """The amount of ``group`` in the summary's smallest unit; None where it is in another
    currency than the buy-in's (FPP won in a tournament bought in StarsCoin)."""
    text = match[group]
    currency = _currency(text.lstrip()[:1], match.groupdict().get(group + "_unit"))
    if currency is not None and currency != summary.summary.currency:
        return None
    return money(text.lstrip("$€£₹ "))


def _entrants(summary: _Open, match: re.Match[str]) -> None:
    summary.summary.entrants = int(match["count"])


def _prize_pool(summary: _Open, match: re.Match[str]) -> None:
    pool = _sum(summary, match, "amount")
    if pool is None:   # in another unit than the buy-in's: the store has no column for it
        _noted(summary, match)
    summary.summary.prize_pool = pool


def _hero_place(summary: _Open, match: re.Match[str]) -> None:
    summary.summary.hero_place = int(match["place"])


def _addressee(summary: _Open, match: re.Match[str]) -> None:
    summary.addressee = match["player"]
    _noted(summary, match)


def _letter_place(summary: _Open, match: re.Match[str]) -> None:
    """An emailed summary's ``You finished the tournament in 2nd place. A EUR 0.90 award
    has been credited ...``: the account holder's place, and his result where the letter
    names him and lists no results (his prize where it is in the buy-in's money)."""
    summary.summary.hero_place = place = int(match["place"])
    name = summary.addressee
    if name is None or any(result.player == name for result in summary.summary.results):
        return
    prize: int | None = 0
    if match["amount"]:
        prize = (money(match["amount"]) if match["code"] == summary.summary.currency
                 else None)
    summary.summary.results.append(TournamentResult(player=name, place=place, prize=prize,
                                                    line=summary.line))


def _ignored(_summary: _Open, _match: re.Match[str]) -> None:
    """A line that tells nothing the store keeps (the finish time, the chips)."""


def _noted(summary: _Open, match: re.Match[str]) -> None:
    """A line that tells what the store has no column for: kept as a note, counted."""
    summary.summary.notes.append(Note(kind="tournament", text=match.group(0).strip(),
                                      line=summary.line))


class _LineError(Exception):
    """A line of a known shape whose part at ``column`` (0-based) cannot be read."""

    def __init__(self, expected: str, column: int, text: str) -> None:
        super().__init__(expected)
        self.expected, self.column, self.text = expected, column, text


#: PokerStars marks a player's second entry and on after his name: "COyourACES [3]
#: (India)" (fpdb's regression summary summaries/Stars/NLHE-9max-MTT-INR-136.50-13.50-
#: 201901.txt, jejellyroll-fr/fpdb-3). Never part of a name: the hands write him without.
_ENTRY = re.compile(r"(?P<player>.+?) \[(?P<entry>[1-9]\d{0,3})\]")


def _result(pattern: re.Pattern[str]) -> Handler:
    """The handler of a site's result lines: ``N: name ..., prize``."""
    def take(summary: _Open, match: re.Match[str]) -> None:
        rest = match["rest"] or ""
        found = pattern.fullmatch(rest)
        if found is None:
            blank = len(rest) - len(rest.lstrip(", "))
            raise _LineError("a prize such as $1.60 (or nothing, or still playing)",
                             match.start("rest") + blank, rest.strip(", "))
        still = bool(found.groupdict().get("still"))
        seat = bool(found.groupdict().get("seat"))   # a satellite's: its worth not stated
        award = found.groupdict().get("award")       # a ticket: its worth not stated either
        prize = (None if still or seat or award else _sum(summary, found, "prize")
                 if found["prize"] else 0)
        if prize is None and found["prize"]:   # points won in a tournament of money
            award = found.group(0).strip(", ")
        entry = _ENTRY.fullmatch(match["player"])
        summary.summary.results.append(TournamentResult(
            player=entry["player"] if entry else match["player"],
            place=None if still else int(match["place"]), prize=prize, line=summary.line,
            award=award, entry=int(entry["entry"]) if entry else 1))
    return take


def _still_playing(summary: _Open, match: re.Match[str]) -> None:
    summary.summary.results.append(TournamentResult(
        player=match["player"], place=None, prize=None, line=summary.line))


#: A prize that is no sum of money: a ticket or a token to another tournament, its
#: worth not stated ("Sunday Million ticket", "$13 MiniFTOPS Ticket", "Weekly Freeroll
#: Ticket", "$75 Satellite Token").
_AWARD = r"(?P<award>\S(?:.*\S)?\s(?:[Tt]ickets?|[Tt]okens?))"
_PS_PRIZE = re.compile(rf"\s*(?:(?P<prize>{_MONEY})(?:\s*(?P<prize_unit>{_UNIT}|[A-Z]{{3}}))?"
                       r"(?:\s*\(\d+(?:\.\d+)?%\))?"
                       r"|(?P<still>still playing)"
                       r"|(?P<seat>\(qualified for the target tournament\))"
                       rf"|{_AWARD})?\s*")
_FT_PRIZE = re.compile(rf"(?:,\s*(?:(?P<prize>{_MONEY})(?:\s*(?P<prize_unit>{_UNIT}))?"
                       rf"|{_AWARD}))?\s*")

_TICKET_POOL = re.compile(r"Total Prize Pool:\s*(?![$€£\d])\S.*\b[Tt]ickets?\s*$")

#: Each site's lines after the first: a pattern (from the line's first visible
#: character) and what it tells.
_POKERSTARS_LINES: list[tuple[re.Pattern[str], Handler]] = [
    (re.compile(r"Buy-In:\s*(?P<text>.*?)\s*$"), _buy_in),
    # a freeroll's price, a line of its own (fpdb's regression summary
    # summaries/Stars/NLHE-USD-MTT-Freeroll.201203.accent.sensitive.player.names.txt)
    (re.compile(r"(?P<text>Freeroll)\s*$"), _buy_in),
    (re.compile(r"(?P<count>\d{1,9}) players\s*$"), _entrants),
    (re.compile(rf"Total Prize Pool:\s*(?P<amount>{_MONEY})"
                rf"(?:\s*(?P<amount_unit>{_UNIT}|[A-Z]{{3}}))?\s*$"), _prize_pool),
    # A prize pool of tickets ("Total Prize Pool: Sunday Million ticket": fpdb's regression
    # summary summaries/Stars/NLHE-USD-5-201603.Sunday.Million.ticket.txt,
    # jejellyroll-fr/fpdb-3): no sum, a note. Words, never a damaged amount.
    (_TICKET_POOL, _noted),
    (re.compile(r"Tournament started\b.*$"), _started),
    # A name may hold commas ("Bravo,Jonny (Glasgow),", "O rato, Luis (Brazil), still
    # playing": fpdb's regression summaries of PokerStars, jejellyroll-fr/fpdb-3): it runs
    # to the last "(where)," of the line, where there is one.
    (re.compile(r"(?P<place>\d{1,9}): (?P<player>.+(?= \([^()]*\),)|.+?)(?: \([^()]*\))?,"
                r"(?P<rest>.*)$"),
     _result(_PS_PRIZE)),
    (re.compile(r"You finished in (?P<place>\d{1,9})(?:st|nd|rd|th) place\b.*$"), _hero_place),
    # An emailed summary's letter (fpdb's regression summary summaries/Stars/NLHE-EUR-STT-
    # 0.42-201102.emailed.cp1252.txt, jejellyroll-fr/fpdb-3): "Dear Hero,", then "You
    # finished the tournament in 2nd place. A EUR 0.90 award has been credited to your
    # Real Money account.", "Congratulations!", "Thank you for participating.".
    (re.compile(r"Dear (?P<player>.+),\s*$"), _addressee),
    (re.compile(r"You finished the tournament in (?P<place>\d{1,9})(?:st|nd|rd|th) place\b"
                r"(?:.*?\bA (?P<code>[A-Z]{3}) (?P<amount>\d[\d,]*(?:\.\d+)?) award\b)?.*$"),
     _letter_place),
    (re.compile(r"(?:Congratulations!|Thank you for participating\.)\s*$"), _ignored),
    # A place not stated ("You finished the tournament (eliminated at hand #153370993356).":
    # summaries/Stars/MPLO-6max-MTT-USD-27-201605.txt), and the end of such a line the
    # site broke in two ("You finished in 72nd place.You finished the tournament
    # (eliminated at" then "2020/05/06 2:54:01 CUST [2020/05/05 18:54:01 ET]).":
    # NLHE-MTT-USD-250-250-30-202005.reentry.ko.txt): notes.
    (re.compile(r"(?:You finished the tournament \(eliminated\b|\d{4}/\d\d?/\d\d? \d\d?:\d\d"
                r":\d\d\b[^()]*\)\.?\s*$).*$"), _noted),
    # The last line of a summary the account holder asked for without playing ("There
    # are no personal statistics because you did not play in this tournament.": fpdb's
    # summaries/Stars/NLHE-MTT-FPP-100-201309.Finished.Super.Satellite.txt): nothing kept.
    (re.compile(r"(?:Tournament finished\b|Tournament is still in progress|You are still "
                r"playing|Target Tournament\b|.* added to the prize pool\b|You received\b"
                r"|Tournament History for\b|If you have any questions\b|There are no "
                r"personal statistics\b).*$"), _ignored),
    # A satellite's kind and seats, and what the account holder paid or won on top of the
    # buy-in ("Super Satellite", "2 tickets to the target tournament", "You made 1
    # re-entries for a total of $530.00.", "You collected 5 bounties for a total of USD
    # 875.00.": fpdb's regression summaries of PokerStars, jejellyroll-fr/fpdb-3). The
    # store keeps none of it.
    (re.compile(r"(?:(?:Freeroll )?Super Satellite\s*$|\d+ tickets? to the target "
                r"tournament\b|You made \d+ (?:re-entries|rebuys)\b|You collected \d+ "
                r"bount(?:y|ies)\b).*$"), _ignored),
]
_FULLTILT_LINES: list[tuple[re.Pattern[str], Handler]] = [
    (re.compile(r"Buy-In:\s*(?P<text>.*?)\s*$"), _buy_in),
    (re.compile(r"(?P<count>\d{1,9}) Entries\s*$"), _entrants),
    (re.compile(rf"Total Prize Pool:\s*(?P<amount>{_MONEY})(?:\s*(?P<amount_unit>{_UNIT}))?"
                r"\s*$"), _prize_pool),
    (_TICKET_POOL, _noted),
    # Full Tilt's 2014 summaries run the rebuys' count into the prize pool on one line
    # ("Total Rebuys: 2Total Prize Pool: $55": fpdb's regression summary summaries/FTP/
    # 10Game-USD-SnG-8-201404.Satellite.to.Mini.FTOPS.line.error.txt): the pool is read.
    (re.compile(rf"Total (?:Rebuys?|Add-Ons?): \d+\s*Total Prize Pool:\s*(?P<amount>{_MONEY})"
                rf"(?:\s*(?P<amount_unit>{_UNIT}))?\s*$"), _prize_pool),
    # A satellite's seats: "Top 999 finishers receive entry to Tournament 264533392", "Top
    # finisher receives $75 Satellite Token" (fpdb's regression summaries of Full Tilt,
    # jejellyroll-fr/fpdb-3): a note.
    (re.compile(r"Top (?:\d[\d,]* )?finishers? receives? \S.*$"), _noted),
    (re.compile(r"Tournament started:.*$"), _started),
    (re.compile(r"(?P<place>\d{1,9}): (?P<player>.+?)(?P<rest>(?:, .*)?)$"), _result(_FT_PRIZE)),
    # A multi-entry tournament names each place of the account holder's entries, the best
    # first ("Hero finished in 8307th, 9204th and 9520th place.": fpdb's regression summary
    # summaries/FTP/NLHE-9max-MTT-USD-20-201301.multi-entry.txt, jejellyroll-fr/fpdb-3).
    (re.compile(r".+ finished in (?P<place>\d{1,9})(?:st|nd|rd|th)"
                r"(?:(?:,| and) \d+(?:st|nd|rd|th))* place\.?\s*$"), _hero_place),
    # A knockout tournament's bounty (part of the buy-in) and the bounties the account
    # holder won ("Knockout Bounty: $15", "Hero received 3 Knockout Bounty Awards",
    # "4 received %1 Knockout Bounty Awards": summaries/FTP/NLHE-9max-MTT-USD-70-2013.ko.
    # guar.txt, NLHE-MTT-USD-255-201408.KO.count.bounties.txt), and a list the site left
    # short ("Some player names are missing from this summary ..."): notes.
    (re.compile(r"(?:Knockout Bounty:|.+ received \S+ Knockout Bounty Awards?\s*$"
                r"|Some player names are missing\b).*$"), _noted),
    # A rebuy tournament's price and counts: "Rebuy: $1", "Add-On Chips: 2500", "Total
    # Rebuys: 12", "Hero performed 1 Rebuy" (fpdb's regression summaries of Full Tilt,
    # jejellyroll-fr/fpdb-3). The store keeps the buy-in alone, so they tell nothing.
    (re.compile(r"(?:Buy-In Chips:|Tournament finished:|Tournament is still in progress\b"
                r"|(?:Total )?(?:Rebuys?|Add-Ons?)(?: Chips)?:|.+ performed \d+ "
                r"(?:Rebuys?|Add-Ons?)\s*$|You have\b).*$"),
     _ignored),
    # A tournament not over lists who is left without a place: "Still Playing - Ana".
    (re.compile(r"Still Playing - (?P<player>.+?)\s*$"), _still_playing),
]


# -- Winamax -------------------------------------------------------------------------
#
# The lines of fpdb's regression summaries summaries/Winamax/ (jejellyroll-fr/fpdb-3,
# 2011 to 2020): "Player : Hero", "Buy-In : 4.70€ + 0.30€" (or "Ticket uniquement", a
# ticket's, in French), "Registered players : 2", "Prizepool : 9.40€", "Levels : [10-20:0:
# 360:holdem-no-limit,...]", "Tournament started 2013/02/08 12:24:04 UTC", "You finished
# in 1st place" ("... place" while it is not known), "You won 93.50€"; the sign comes after
# the amount. Winamax plays in euros.

_WINAMAX_AMOUNT = r"(?P<amount>\d[\d,]*(?:\.\d+)?)\s*(?P<sign>[$€£]?)"
#: The games a level names (``holdem-no-limit``), as the hands' skipped games are named.
_WINAMAX_GAMES = {"holdem": "Hold'em", "omaha": "Omaha", "omaha5": "5 Card Omaha",
                  "omaha8": "Omaha Hi/Lo", "omaha5-hi-lo": "5 Card Omaha Hi/Lo"}
_WINAMAX_STRUCTURES = {"no-limit": " No Limit", "pot-limit": " Pot Limit", "fixed-limit": ""}


def _account_holder(summary: _Open, match: re.Match[str]) -> None:
    summary.addressee = match["player"]


def _winamax_sum(summary: _Open, match: re.Match[str]) -> int | None:
    """The amount in cents; None where its sign names another money than the buy-in's."""
    sign = _SIGNS.get(match["sign"])
    if sign is not None and sign != summary.summary.currency:
        return None
    return money(match["amount"])


def _winamax_pool(summary: _Open, match: re.Match[str]) -> None:
    summary.summary.prize_pool = _winamax_sum(summary, match)


def _free(summary: _Open, _match: re.Match[str]) -> None:
    summary.summary.buy_in, summary.summary.fee = 0, 0


def _levels_game(summary: _Open, match: re.Match[str]) -> None:
    """The game of the first level (``holdem-no-limit``): the summary's game."""
    words = match["game"]
    if words is None:
        return
    structure = next((name for name in _WINAMAX_STRUCTURES if words.endswith("-" + name)),
                     None)
    if structure is None:
        summary.summary.game = words
        return
    game = words.removesuffix("-" + structure)
    summary.summary.game = _WINAMAX_GAMES.get(game, game) + _WINAMAX_STRUCTURES[structure]


def _account_place(summary: _Open, match: re.Match[str]) -> None:
    """``You finished in 3rd place``: the account holder's place, his prize none until a
    ``You won`` line says it."""
    summary.summary.hero_place = place = int(match["place"])
    if summary.addressee is not None:
        summary.summary.results.append(TournamentResult(
            player=summary.addressee, place=place, prize=0, line=summary.line))


def _account_prize(summary: _Open, match: re.Match[str]) -> None:
    """``You won 0.92€``: the account holder's prize, on his place's result. What he won
    beside money (``+ Ticket 5€``, ``+ Bounty 3€``, as fpdb's WinamaxSummary.py reads the
    line) is a note; a ticket alone is an award whose worth is not a sum paid."""
    results = summary.summary.results
    mine = next((index for index, result in enumerate(results)
                 if result.player == summary.addressee), None)
    if mine is None or match["rest"]:   # no one to give it to, or more than money
        _noted(summary, match)
    if mine is None:
        return
    prize = _winamax_sum(summary, match) if match["amount"] else None
    results[mine] = replace(results[mine], prize=prize,
                            award=None if prize is not None else match.group(0).strip())


_WINAMAX_LINES: list[tuple[re.Pattern[str], Handler]] = [
    (re.compile(r"Player : (?P<player>.+?)\s*$"), _account_holder),
    (re.compile(r"Buy-In : (?P<text>\d.*?)\s*$"), _buy_in),
    (re.compile(r"Buy-In : (?:Free|Freeroll|Gratuit)\s*$"), _free),
    # A ticket's entry: its worth is not stated.
    (re.compile(r"Buy-In : .*\bTicket\b.*$"), _noted),
    (re.compile(r"Registered players : (?P<count>\d{1,9})\s*$"), _entrants),
    (re.compile(rf"Prizepool : {_WINAMAX_AMOUNT}\s*$"), _winamax_pool),
    (re.compile(r"(?:Levels : )+\[(?:[^:,\]]*:){3}(?P<game>[^,\]]+)?.*$"), _levels_game),
    (re.compile(r"Tournament started\b.*$"), _started),
    (re.compile(r"You finished in (?P<place>\d{1,9})(?:st|nd|rd|th)? place\b.*$"), _account_place),
    (re.compile(rf"You won (?:{_WINAMAX_AMOUNT})?(?:\s*\+\s*)?(?P<rest>\S.*?)?\s*$"),
     _account_prize),
    # What the account holder and the others paid on top of the buy-in: the store keeps the
    # buy-in alone, so each is a note.
    (re.compile(r"(?:(?:Rebuy|Addon) cost|(?:Your|Total) (?:rebuys|addons)) : .*$"), _noted),
    # The tournament's kind, speed and flight, the time played, a place not known yet.
    (re.compile(r"(?:Mode|Type|Speed|Flight ID) : .*$|You played\b.*$"
                r"|You finished in \.\.\. place\s*$"), _ignored),
]

def _game(text: str, games: dict[str, str]) -> str:
    """The game a header names: its code when the project knows it, else the words."""
    return next((code for name, code in games.items() if name in text), text.strip())


def _reader(start: re.Pattern[str], lines: list[tuple[re.Pattern[str], Handler]],
            site: str, games: dict[str, str], currency: str = "USD",
            ) -> Callable[[LogText], Iterator[Record]]:
    def read(log: LogText) -> Iterator[Record]:
        current: _Open | None = None
        for number, text in enumerate(log, log.first_line):
            visible = text.lstrip("\ufeff \t")
            indent = len(text) - len(visible)
            if not visible.strip():
                continue
            header, damage = _header(start, visible)
            if damage:
                yield ParseError(message=damage, source=log.name, line=number,
                                 column=indent + 1, text=text, hand_lost=False)
            if header is not None:
                if current is not None:
                    yield current.summary
                current = _Open(TournamentSummary(
                    site=site, tournament_id=header["id"], game=_game(header["game"], games),
                    buy_in=None, fee=None, currency=currency, source=log.name, line=number))
                continue
            error = _read_line(current, visible, lines, number)
            if error is not None:
                yield ParseError(message=error[0], source=log.name, line=number,
                                 column=indent + error[1] + 1, text=text, hand_lost=False)
        if current is not None:
            yield current.summary
        yield from log.end_errors()
    return read


def _header(start: re.Pattern[str], text: str) -> tuple[re.Match[str] | None, str | None]:
    """A summary's first line in ``text``, past characters that are not text before it,
    and what an error says of those: a summary kept by the PokerStars client starts with
    a control character (U+0010 in fpdb's regression summary
    summaries/Stars/NLHE-USD-MTT-4max-2.00-201011.Stars.local.format.txt,
    jejellyroll-fr/fpdb-3), as a damaged hand may (docs/format.md)."""
    header = start.match(text)
    width = 0 if header is not None else damage_before(text)
    if width:
        header = start.match(text, width)
    return header, None if header is None else damage_message(text, width, "summary")


def _read_line(current: _Open | None, text: str,
               lines: list[tuple[re.Pattern[str], Handler]], number: int,
               ) -> tuple[str, int] | None:
    """Take one line into ``current``; the message and 0-based column of what cannot be
    read, else None."""
    for pattern, handler in lines:
        match = pattern.match(text)
        if match is None:
            continue
        if current is None:
            return (None if handler is _ignored
                    else ("a line of a tournament's summary before its first line", 0))
        current.line = number
        try:
            handler(current, match)
        except _LineError as error:
            return f'{error.expected}, not "{error.text}"', error.column
        except ValueError as error:   # an amount past what the store holds
            return str(error), 0
        return None
    return "a line of a tournament's summary (buy-in, players, prize pool, a place)", 0


def _site_games(site: str) -> dict[str, str]:
    """The site's names of the games (the game registry's), the longest first: a header
    that names "Single Draw 2-7 Lowball" is not taken for a shorter name it holds."""
    names = {name: game.id for game in GAMES.values() for name in game.site_names.get(site, ())}
    return dict(sorted(names.items(), key=lambda item: -len(item[0])))


read_pokerstars_summaries = _reader(POKERSTARS_START, _POKERSTARS_LINES, "pokerstars",
                                    _site_games("pokerstars"))
read_fulltilt_summaries = _reader(FULLTILT_START, _FULLTILT_LINES, "fulltilt",
                                  _site_games("fulltilt"))
read_winamax_summaries = _reader(WINAMAX_START, _WINAMAX_LINES, "winamax", {}, "EUR")


def pokerstars_summary_starts(text: str) -> bool:
    return POKERSTARS_START.match(text) is not None


def fulltilt_summary_starts(text: str) -> bool:
    return FULLTILT_START.match(text) is not None


def winamax_summary_starts(text: str) -> bool:
    return WINAMAX_START.match(text) is not None
