"""The stats command's output: the readable report and the JSON objects.

Apart from :mod:`badugi_hh.commands.stats` because it needs pandas, which
``badugi-hh stats --help`` should not wait for. Names from the logs are printed
through :func:`~badugi_hh.textsafe.printable` in the report; JSON and CSV keep
them exact.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, TextIO

import numpy as np
import pandas as pd

from badugi_hh import stats
from badugi_hh.wording import counted, decimal_text
from badugi_hh.commands.sql import format_table, plain
from badugi_hh.filters import Filters, site_name, stakes_text
from badugi_hh.money import format_amount, unit_name
from badugi_hh.games import GAME_NAMES, betting_rounds
from badugi_hh.textsafe import printable


def rows(frame: pd.DataFrame) -> list[list[object]]:
    """The frame's values as plain Python values, None where missing."""
    return [[_python(value) for value in row] for row in frame.itertuples(index=False)]


def _python(value: object) -> object:
    if _missing(value):
        return None
    return value.item() if isinstance(value, np.generic) else value


def _missing(value: object) -> bool:
    return (value is None or value is pd.NaT or value is pd.NA
            or (isinstance(value, float) and math.isnan(value)))


def _records(frame: pd.DataFrame) -> list[dict[str, Any]]:
    return [dict(zip(frame.columns, map(plain, row))) for row in rows(frame)]


def plain_coverage(coverage: dict[str, Any]) -> dict[str, Any]:
    return {**coverage, "skipped_by_game": dict(coverage["skipped_by_game"]),
            "text": stats.coverage_line(coverage)}


def money(amount: int | None, currency: str, unit: int) -> dict[str, object]:
    """An amount with its unit, never a bare number; None where it cannot be summed.

    >>> money(570, "USD", 100)
    {'amount': 570, 'currency': 'USD', 'unit': 100, 'text': '$5.70'}
    """
    text = None if amount is None else format_amount(int(amount), currency, int(unit))
    return {"amount": amount, "currency": currency, "unit": unit, "text": text}


def _with_money(record: dict[str, Any]) -> dict[str, Any]:
    """``record`` with its ``net`` carrying its unit (and no loose unit keys)."""
    currency, unit = record.pop("currency"), record.pop("unit")
    return {**record, "net": money(record["net"], currency, unit)}


def _of(frame: pd.DataFrame, record: dict[str, Any]) -> pd.DataFrame:
    """The rows of ``frame`` of the record's player (or person), without the columns
    naming him."""
    keys = stats.who_columns(frame)
    mine = np.logical_and.reduce([frame[key] == record[key] for key in keys]) \
        if len(frame) else np.zeros(0, dtype=bool)
    return frame[mine].drop(columns=keys)


def player_objects(filters: Filters, players: pd.DataFrame, positions: pd.DataFrame,
                   games: pd.DataFrame, draws: pd.DataFrame) -> list[dict[str, Any]]:
    """One JSON object per player (or person) and unit: the figures, then by position
    (in that unit), and by game and by draw (every unit of the player). A person's
    object lists his names."""
    objects = []
    for record in _records(players):
        mine = _of(positions, record)
        by_position = {row.pop("position"): _with_money(row) for row in _records(
            mine[(mine["currency"] == record["currency"]) & (mine["unit"] == record["unit"])])}
        names = ({"names": [{"site": site, "player": name} for site, name in filters.players]}
                 if filters.by_person else {})
        objects.append({**_with_money(record), **names, "positions": by_position,
                        "games": _records(_of(games, record)),
                        "draws": _records(_of(draws, record))})
    return objects


# -- the readable report ---------------------------------------------------------------

def _percent(value: object) -> str:
    return "-" if _missing(value) else f"{value:.1%}"


def _number(value: object, digits: int = 2) -> str:
    return "-" if _missing(value) else decimal_text(float(value), digits)  # type: ignore[arg-type]


def _count(value: Any) -> str:
    return "-" if _missing(value) else f"{int(value):,}"


def _table(out: TextIO, title: str, columns: list[str], cells: list[list[str]]) -> None:
    print(f"\n{title}", file=out)
    for line in format_table(columns, cells):
        print(f"  {line}", file=out)


def _who(frame: pd.DataFrame) -> tuple[list[str], Callable[[Any], list[str]]]:
    """The report's first columns, naming whose figures a row holds, and their cells:
    the player and his site, or the person."""
    if "person" in frame.columns:
        return ["person"], lambda row: [printable(str(row.person))]
    return ["player", "site"], lambda row: [printable(str(row.player)),
                                            printable(site_name(str(row.site)))]


def write_report(figures: dict[str, Any], filters: Filters, out: TextIO,
                 holder: str = "database") -> None:
    """The readable report: an overview line, the coverage, then one table per subject."""
    print(overview_line(figures["overview"], holder), file=out)
    if figures["older_audit"]:
        print(stats.older_audit_line(figures["older_audit"]), file=out)
    print(f"Coverage: {stats.coverage_line(figures['coverage'])}", file=out)
    if filters.by_person:
        names = ", ".join(f"{site_name(site)}: {name}" for site, name in filters.players)
        print(printable(f"{filters.person} plays as {names}"), file=out)
    players = figures["player_stats"]
    if players.empty:
        return
    columns, who = _who(players)
    results = list(players.itertuples(index=False))
    # a player with chips and dollars has a row of each: the unit's name tells them apart
    # (a tournament's chips and KingsClub's in cents: "chips", "chips in cents")
    _table(out, "Results and betting", [*columns, "currency", "hands", "net", "net bb",
                                        "bb/100", "VPIP", "PFR", "3-bet", "AF", "AFq", "WTSD",
                                        "W$SD", "won w/o SD"],
           [[*who(p), printable(unit_name(p.currency, p.unit)), f"{p.hands:,}", _signed(p.net, p.currency, p.unit), _number(p.net_bb, 1),
             _number(p.bb_per_100), _percent(p.vpip), _percent(p.pfr), _percent(p.three_bet),
             _number(p.aggression_factor), _percent(p.aggression_frequency),
             _percent(p.went_to_showdown), _percent(p.won_at_showdown),
             f"{p.won_without_showdown:,}"] for p in results])
    # only the rounds the games played have: five-card draw's two, Badugi's four
    rounds = range(1, betting_rounds(figures["game_stats"]["game"]) + 1)
    _table(out, "Fold to a bet, by betting round",
           [*columns, "currency", *(f"round {n}" for n in rounds)],
           [[*who(p), printable(unit_name(p.currency, p.unit)),
             *(_percent(getattr(p, f"fold_to_bet_round{n}")) for n in rounds)]
            for p in results])
    _write_games(out, figures["game_stats"])
    _table(out, "Draws, per game: how often the player stands pat, how many cards he draws",
           [*columns, "game", "draw", "draws", "stand pat", "mean drawn", "0", "1", "2", "3",
            "4", "5"],
           [[*who(d), _game(d.game), str(d.draw), f"{d.draws:,}", _percent(d.stand_pat),
             _number(d.mean_cards_drawn), *(f"{getattr(d, f'drew_{n}'):,}" for n in range(6))]
            for d in figures["draw_habits"].itertuples(index=False)])
    _table(out, "Position", [*columns, "currency", "position", "hands", "net", "bb/100",
                             "VPIP", "PFR"],
           [[*who(p), printable(unit_name(p.currency, p.unit)), p.position, f"{p.hands:,}",
             _signed(p.net, p.currency, p.unit),
             _number(p.bb_per_100), _percent(p.vpip), _percent(p.pfr)]
            for p in figures["position_stats"].itertuples(index=False)])


#: The per-game figures the report prints, with their headers and how each is written.
_GAME_FIGURES = (("snow", "snow", _percent), ("made_by_final_draw", "made by final draw",
                                               _percent),
                 ("split_showdowns", "split SDs", _count),
                 *((figure, f"won {half} half", _percent)
                   for figure, half in stats.HALF_FIGURES.items()),
                 ("scooped", "scooped", _percent))


def _write_games(out: TextIO, games: pd.DataFrame) -> None:
    """The figures of each game; ``n/a`` where the game does not define one (made:
    a badugi in Badugi, a nine-low or better in 2-7 and A-5; docs/schema.md)."""
    shown = [(name, header, write) for name, header, write in _GAME_FIGURES
             if any(stats.applies(name, str(game)) for game in games["game"])]
    columns, who = _who(games)
    _table(out, "By game: snowing, made hands by the final draw, split pots",
           [*columns, "game", "hands", *(header for _, header, _ in shown)],
           [[*who(g), _game(g.game), f"{g.hands:,}",
             *(write(getattr(g, name)) if stats.applies(name, str(g.game)) else "n/a"
               for name, _, write in shown)]
            for g in games.itertuples(index=False)])


def _game(game: Any) -> str:
    return printable(GAME_NAMES.get(game, game))


def _signed(amount: Any, currency: str, unit: int) -> str:
    """``+$5.70``, ``-1,500 chips``: the amount as the log writes it, with a sign; ``-``
    where it is past what can be summed."""
    if _missing(amount):
        return "-"
    amount = int(amount)
    return ("+" if amount > 0 else "") + printable(format_amount(amount, currency, int(unit)))


def overview_line(summary: dict[str, Any], holder: str = "database") -> str:
    """What the figures cover, in one line; ``holder`` is what holds the hands (the
    database, or a dataset).

    >>> overview_line({"hands": 0, "sessions": 0, "players": 0, "first_hand_at": None,
    ...                "last_hand_at": None, "files": 1, "violations": 0, "quarantined": 0})
    'no hands match (the database holds 1 file, 0 violations, 0 quarantined texts)'
    >>> overview_line({"hands": 1, "sessions": 1, "players": 1, "first_hand_at": None,
    ...                "last_hand_at": None, "files": 1, "violations": 1, "quarantined": 1})
    '1 hand in 1 session, 1 player (the database holds 1 file, 1 violation, 1 quarantined text)'
    """
    database = (f"{counted(summary['files'], 'file')}, "
                f"{counted(summary['violations'], 'violation')}, "
                f"{counted(summary['quarantined'], 'quarantined text')}")
    if not summary["hands"]:
        return f"no hands match (the {holder} holds {database})"
    first, last = summary["first_hand_at"], summary["last_hand_at"]
    dates = f", {first:%Y-%m-%d} to {last:%Y-%m-%d}" if first and last else ""
    return (f"{counted(summary['hands'], 'hand')} in {counted(summary['sessions'], 'session')}, "
            f"{counted(summary['players'], 'player')}{dates} (the {holder} holds {database})")


# -- one figure broken down (stats --by) -----------------------------------------------

#: The breakdowns of ``stats --by``: the function of :mod:`badugi_hh.stats` and the title.
BREAKDOWNS = {
    "session": ("winrate_by_session", "Results by session, in the order played"),
    "stakes": ("winrate_by_stakes", "Results by stakes"),
    "final-hand": ("final_hand_results", "Results by the hand held at showdown, per game"),
    "first-draw": ("first_draw_results",
                   "Results by the cards drawn on the first draw, per game"),
}
#: What a net cell says where the chips of separate tournaments are not added.
NOT_ADDED = "not added"


def _net(amount: Any, currency: str, unit: int) -> str:
    """:func:`_signed`, or :data:`NOT_ADDED` where chips of separate games were not
    summed (or money past the 64-bit integers)."""
    return NOT_ADDED if _missing(amount) else _signed(amount, currency, unit)


def _drawn(cards: int) -> str:
    return "pat" if cards == 0 else str(cards)


def _game_half(game: Any, half: Any) -> str:
    """``Badeucy, 2-7 half``: a split game's rows are per half (docs/schema.md)."""
    return f"{_game(game)}, {half} half" if half else _game(game)


def _breakdown_cells(by: str, frame: pd.DataFrame) -> tuple[list[str], list[list[str]]]:
    """The columns and cells of one breakdown, after the columns naming whose row it is."""
    rows_ = list(frame.itertuples(index=False))
    if by == "session":
        return (["currency", "started", "session", "game", "hands", "net", "net bb", "bb/100"],
                [[printable(r.currency), "-" if _missing(r.started_at)
                  else f"{r.started_at:%Y-%m-%d %H:%M}", printable(str(r.session_id)),
                  _game(r.game), f"{r.hands:,}", _net(r.net, r.currency, r.unit),
                  _number(r.net_bb, 1), _number(r.bb_per_100)] for r in rows_])
    if by == "stakes":
        return (["kind", "stakes", "sessions", "hands", "net", "net bb", "bb/100"],
                [[r.kind, printable(stakes_text(r.low, r.high, r.currency, r.unit)),
                  f"{r.sessions:,}", f"{r.hands:,}", _net(r.net, r.currency, r.unit),
                  _number(r.net_bb, 1), _number(r.bb_per_100)] for r in rows_])
    if by == "final-hand":
        return (["game", "hand", "currency", "showdowns", "won", "won %", "net", "net bb",
                 "bb/hand"],
                [[_game_half(r.game, r.half), r.hand_class, printable(r.currency),
                  f"{r.hands:,}", f"{r.won:,}", _percent(r.won_at_showdown),
                  _net(r.net, r.currency, r.unit), _number(r.net_bb, 1),
                  _number(r.bb_per_hand)] for r in rows_])
    return (["game", "currency", "drawn", "hands", "net", "net bb", "bb/100", "showdowns",
             "W$SD"],
            [[_game(r.game), printable(r.currency), _drawn(r.cards_drawn), f"{r.hands:,}",
              _net(r.net, r.currency, r.unit), _number(r.net_bb, 1), _number(r.bb_per_100),
              f"{r.showdowns:,}", _percent(r.won_at_showdown)] for r in rows_])


def write_breakdown(by: str, frame: pd.DataFrame, out: TextIO) -> None:
    """The table of ``stats --by BY``, or a line saying there is nothing to show."""
    title = BREAKDOWNS[by][1]
    if frame.empty:
        print(f"{title}: no hands match the filters.", file=out)
        return
    columns, who = _who(frame)
    figures, cells = _breakdown_cells(by, frame)
    _table(out, title, [*columns, *figures],
           [[*who(row), *cell] for row, cell in zip(frame.itertuples(index=False), cells)])
    if any(cell == NOT_ADDED for row in cells for cell in row):
        print(f"\n  {NOT_ADDED}: the chips of separate tournaments (or of a tournament and a "
              "home game) are worth nothing outside their game; the big blinds are added.",
              file=out)


def breakdown_objects(frame: pd.DataFrame) -> list[dict[str, Any]]:
    """``stats --by BY --json``: one object per row, its ``net`` with its unit."""
    return [_with_money(record) for record in _records(frame)]
