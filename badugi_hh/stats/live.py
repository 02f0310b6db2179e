"""The live table: the newest hand of each table being played, each seated player's
figures as a draw player reads them at a glance, and the hero's session so far.

``badugi-hh hud`` and the dashboard's Live table page draw the rows of
:func:`live_tables`, and nothing else: the figures are those of
:func:`~badugi_hh.stats.opponents.opponents` (each player over every hand of his the
store holds, each figure with its ``n``), with his draws in the table's game draw by
draw (:func:`~badugi_hh.stats.games.draw_habits`).

A table is a site's table name (a log's file name where the log names none). The
tables shown are those whose newest hand started within :data:`LIVE_WINDOW` of the
newest hand stored, newest first: the tables played now, not every table ever
imported.

>>> from badugi_hh.store import Store
>>> with Store(":memory:") as store:
...     live_tables(store.connection)
[]
"""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import PurePath
from typing import Any, NamedTuple

import duckdb
import pandas as pd

from badugi_hh.filters import STAKES_HIGH_SQL, STAKES_LOW_SQL, Filters, Identity, stakes_text
from badugi_hh.games import GAMES
from badugi_hh.money import format_amount
from badugi_hh.stats.games import draw_habits
from badugi_hh.stats.hands import HandKey
from badugi_hh.stats.opponents import FIGURE_LABELS, figure_text, seated_players
from badugi_hh.stats.query import NET_BB_SUM, frame, net_sum
from badugi_hh.wording import decimal_text

__all__ = ["LIVE_TABLES", "LIVE_WINDOW", "HeroSession", "LiveFigure", "LiveTable",
           "live_figures", "live_tables"]

#: The most tables shown side by side.
LIVE_TABLES = 6
#: How far behind the newest hand stored a table's newest hand may be and still be shown.
LIVE_WINDOW = timedelta(minutes=30)


class LiveFigure(NamedTuple):
    """One figure of a live row: its column (and ``<column>_n``), the figure it is (as
    :func:`~badugi_hh.stats.opponents.figure_text` writes it), its name in words and
    its short name for a narrow column."""

    column: str
    figure: str
    label: str
    short: str


_HABITS = (("vpip", "VPIP"), ("pfr", "PFR"), ("three_bet", "3B"),
           ("aggression_frequency", "AGG"), ("went_to_showdown", "WTSD"))


def live_figures(draws: int) -> tuple[LiveFigure, ...]:
    """The figures of a live row at a table of a game of ``draws`` draws, in order: a
    fold to a bet in each of its betting rounds, one more than its draws.

    >>> [figure.short for figure in live_figures(1)]
    ['VPIP', 'PFR', '3B', 'AGG', 'WTSD', 'pat 1', 'cards 1', 'F1', 'F2']
    """
    return (*(LiveFigure(name, name, FIGURE_LABELS[name], short) for name, short in _HABITS),
            *(figure for draw in range(1, draws + 1) for figure in (
                LiveFigure(f"stand_pat_{draw}", "stand_pat", f"stood pat, draw {draw}",
                           f"pat {draw}"),
                LiveFigure(f"cards_per_draw_{draw}", "cards_per_draw",
                           f"cards drawn, draw {draw}", f"cards {draw}"))),
            *(LiveFigure(f"fold_to_bet_round{n}", f"fold_to_bet_round{n}",
                         FIGURE_LABELS[f"fold_to_bet_round{n}"], f"F{n}")
              for n in range(1, draws + 2)))


class HeroSession(NamedTuple):
    """The hero's session at a table so far: his hands in it and his net, in the
    session's unit and in big blinds."""

    site: str
    player: str
    hands: int
    net: int | None
    """NULL where it cannot be summed (two tournaments' chips)."""
    currency: str
    unit: int
    net_bb: float

    @property
    def text(self) -> str:
        """``12 hands, +$1.40 (+2.8 bb)``.

        >>> HeroSession("pokerstars", "Hero", 12, 140, "USD", 100, 2.8).text
        '12 hands, +$1.40 (+2.8 bb)'
        """
        hands = f"{self.hands:,} hand{'' if self.hands == 1 else 's'}"
        if self.net is None:
            return f"{hands}, net not summed (chips of two tournaments)"
        sign = "+" if self.net > 0 else ""
        return (f"{hands}, {sign}{format_amount(self.net, self.currency, self.unit)} "
                f"({decimal_text(self.net_bb, 1, signed=True)} bb)")


class LiveTable(NamedTuple):
    """One table being played: its newest hand and the players seated at it."""

    site: str
    table: str
    """The site's table name, else the log's file name."""
    game: str
    stakes: str
    key: HandKey
    """The newest hand."""
    started_at: datetime | None
    """When the newest hand started, in the zone asked for."""
    players: pd.DataFrame
    """A row per seat: seat, site, player, is_hero, label, colour, note (its first
    line), hands, then each of :attr:`figures` and its ``_n``."""
    figures: tuple[LiveFigure, ...]
    hero: HeroSession | None
    """None where no hero is seated."""

    def cell(self, row: Any, figure: LiveFigure) -> str:
        """A figure of one row of :attr:`players` with its unit and n (``34% (n=120)``)."""
        return figure_text(figure.figure, getattr(row, figure.column),
                           getattr(row, f"{figure.column}_n"))


#: The columns of :func:`~badugi_hh.stats.opponents.seated_players` kept before the figures.
_SEATED = ("seat", "site", "player", "is_hero", "label", "colour", "note", "hands")
_TABLE_KEY = "coalesce(nullif(table_name, ''), source)"
_NEWEST = f"""
WITH ranked AS (
    SELECT source, hand_id, session_id, site, game, table_name, {{clock}} AS shown_at,
           started_at, started_utc, hero,
           {STAKES_LOW_SQL} AS low, {STAKES_HIGH_SQL} AS high, currency, unit,
           row_number() OVER (PARTITION BY site, {_TABLE_KEY} ORDER BY started_utc DESC NULLS
               LAST, started_at DESC NULLS LAST, number DESC, hand_id DESC) AS newest
    FROM hands
    {{where}}
)
SELECT * EXCLUDE (newest) FROM ranked WHERE newest = 1
ORDER BY started_utc DESC NULLS LAST, started_at DESC NULLS LAST, site, table_name, source
LIMIT ?
"""

_HERO_SESSION = f"""
SELECT site, player, count(*) AS hands, {net_sum("net")} AS net, currency, unit,
       {NET_BB_SUM} AS net_bb
FROM hand_players
WHERE source = ? AND session_id = ? AND site = ? AND player = ?
GROUP BY ALL
ORDER BY hands DESC
LIMIT 1
"""


def live_tables(con: duckdb.DuckDBPyConnection, hero: tuple[Identity, ...] = (),
                site: str | None = None, table: str | None = None,
                limit: int = LIVE_TABLES, tz: str | None = None) -> list[LiveTable]:
    """The tables being played, newest first (at most ``limit``): of ``site`` alone, of
    the tables whose name holds ``table`` (any case) alone. The hero is the one of
    ``hero`` (his names, as (site, name)) seated at a table, else the player whose
    cards the table's log shows. Each newest hand's time is shown in the zone ``tz``
    (None: as its log states it)."""
    conditions, params = [], []
    if site is not None:
        conditions.append("site = ?")
        params.append(site)
    if table is not None:
        conditions.append(f"contains(lower({_TABLE_KEY}), lower(?))")
        params.append(table)
    where = f"WHERE {' AND '.join(conditions)}" if conditions else ""
    newest = frame(con, _NEWEST.format(where=where, clock=Filters(tz=tz).clock()),
                   [*params, limit])
    newest = _recent(newest)
    return [live for hand in newest.itertuples(index=False)
            if (live := _live_table(con, hand, hero)) is not None]


def _recent(newest: pd.DataFrame) -> pd.DataFrame:
    """The tables whose newest hand is within :data:`LIVE_WINDOW` of the newest of all
    (all of them where the newest has no time)."""
    if newest.empty or pd.isna(newest["started_utc"].iloc[0]):
        return newest
    first = newest["started_utc"].iloc[0]
    return newest[newest["started_utc"].notna()
                  & (newest["started_utc"] >= first - LIVE_WINDOW)]


def _live_table(con: duckdb.DuckDBPyConnection, hand: Any,
                hero: tuple[Identity, ...]) -> LiveTable | None:
    key = HandKey(hand.source, hand.hand_id)
    seated = seated_players(con, key, ())
    if seated is None:   # gone since the query above
        return None
    game = GAMES[hand.game]
    folds = [f"fold_to_bet_round{n}" for n in range(1, game.draws + 2)]
    players = seated[[*_SEATED, *(column for name in (*dict(_HABITS), *folds)
                                  for column in (name, f"{name}_n"))]].copy()
    names = list(zip(players["site"], players["player"]))
    chosen = next((name for name in names if name in hero), None)
    if chosen is None and isinstance(hand.hero, str) and (hand.site, hand.hero) in names:
        chosen = (hand.site, hand.hero)
    players["is_hero"] = [name == chosen for name in names]
    players = _with_draws(players, draw_habits(con, Filters(players=tuple(names),
                                                            game=hand.game)), game.draws)
    return LiveTable(
        site=hand.site,
        table=hand.table_name or PurePath(hand.source.rpartition("!")[2]).name,
        game=game.name, stakes=stakes_text(int(hand.low), int(hand.high), hand.currency,
                                           int(hand.unit)),
        key=key, started_at=None if pd.isna(hand.shown_at) else hand.shown_at,
        players=players, figures=live_figures(game.draws),
        hero=None if chosen is None else _hero_session(con, hand, chosen))


def _with_draws(players: pd.DataFrame, habits: pd.DataFrame, draws: int) -> pd.DataFrame:
    """``players`` with each draw's stand-pat share and cards drawn, and their n (the
    draws he took part in), placed before the folds to a bet."""
    place = list(players.columns).index("fold_to_bet_round1")
    found = {(row.site, row.player, row.draw): row for row in habits.itertuples(index=False)}
    for draw in range(1, draws + 1):
        rows = [found.get((site, player, draw))
                for site, player in zip(players["site"], players["player"])]
        for column, source in (("stand_pat", "stand_pat"),
                               ("cards_per_draw", "mean_cards_drawn")):
            players.insert(place, f"{column}_{draw}", pd.Series(
                [None if row is None else getattr(row, source) for row in rows],
                dtype="float64", index=players.index))
            players.insert(place + 1, f"{column}_{draw}_n", pd.Series(
                [0 if row is None else int(row.draws) for row in rows], dtype="int64",
                index=players.index))
            place += 2
    return players


def _hero_session(con: duckdb.DuckDBPyConnection, hand: Any,
                  hero: Identity) -> HeroSession | None:
    rows = con.execute(_HERO_SESSION, [hand.source, hand.session_id, *hero]).fetchall()
    if not rows:
        return None
    site, player, hands, net, currency, unit, net_bb = rows[0]
    return HeroSession(site, player, int(hands), None if net is None else int(net), currency,
                       int(unit), float(net_bb))
