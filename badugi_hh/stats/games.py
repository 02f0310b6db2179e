"""The figures that mean something in one game only: snowing, made hands, split pots, draws.

They are never averaged across games: a row per player (or person) and game.
What "made" means depends on the game's family:

* Badugi: a badugi (four cards of four suits and four ranks).
* 2-7 triple and single draw, A-5 triple draw: the game registry's made low
  (:attr:`badugi_hh.games.Game.made_hand`): a nine-low or better in 2-7 (five ranks,
  no straight and no flush, the ace high so never below a nine), an eight-low or
  better in A-5 (five ranks, the ace low). A snow there is standing pat with no
  low at all: a pair (in 2-7 also a straight or a flush).
* Badeucy and Badacey: none (a pat hand may aim at either half); their own figures
  are the halves won at the showdowns the player reached.

docs/schema.md gives the table of which figure applies to which game.

>>> FIGURES_BY_GAME["split_showdowns"]
('badeucy', 'badacey')
>>> MADE_LOW_HIGHEST["27td"], MADE_LOW_HIGHEST["a5td"]
(9, 8)
>>> HALF_FIGURES
{'won_half_badugi': 'badugi', 'won_half_2_7': '2-7', 'won_half_a_5': 'a-5'}
>>> FIGURES_BY_GAME["won_half_a_5"]
('badacey',)
"""

from __future__ import annotations

import re

import duckdb
import pandas as pd

from badugi_hh.filters import Filters
from badugi_hh.games import GAMES, games_of_family
from badugi_hh.stats.query import counted, frame, owned, who

__all__ = ["FIGURES_BY_GAME", "HALF_FIGURES", "LOWBALL_FINAL_DRAW", "MADE_LOW_HIGHEST",
           "applies", "draw_habits", "game_stats"]

#: The lowball games whose hands are judged here (a made low in the registry), and
#: their made low.
_MADE_LOWS = {game.id: game.made_hand for game in GAMES.values()
              if game.made_hand is not None and game.made_hand.highest is not None}
#: Each one's draw that is its last.
LOWBALL_FINAL_DRAW = {game_id: GAMES[game_id].draws for game_id in _MADE_LOWS}
#: The highest rank of each one's made low, as the registry defines it.
MADE_LOW_HIGHEST = {game_id: made.highest for game_id, made in _MADE_LOWS.items()}
_ACE_LOW = ", ".join(f"'{game_id}'" for game_id, made in _MADE_LOWS.items() if made.ace_low)
_SPLIT_GAMES = tuple(game.id for game in GAMES.values() if game.split)
#: The figure of each half of a split game, by the half's name in the registry: the
#: share of the showdowns in which the player won a part of it (``won_half_2_7``).
HALF_FIGURES = {f"won_half_{re.sub(r'[^a-z0-9]', '_', name)}": name for name in dict.fromkeys(
    half.name for game_id in _SPLIT_GAMES for half in GAMES[game_id].halves)}
#: The games whose snows and made hands are the flags stored with their hands (a badugi).
_BADUGI_GAMES = games_of_family("badugi")
#: The games each per-game figure is defined for; elsewhere it is absent (NULL).
FIGURES_BY_GAME: dict[str, tuple[str, ...]] = {
    "snow": (*_BADUGI_GAMES, *LOWBALL_FINAL_DRAW),
    "made_by_final_draw": (*_BADUGI_GAMES, *LOWBALL_FINAL_DRAW),
    "split_showdowns": _SPLIT_GAMES,
    **{figure: tuple(game_id for game_id in _SPLIT_GAMES
                     if half in [each.name for each in GAMES[game_id].halves])
       for figure, half in HALF_FIGURES.items()},
    "scooped": _SPLIT_GAMES,
}


def applies(figure: str, game: str) -> bool:
    """Whether ``figure`` is defined for ``game``.

    >>> applies("snow", "27td"), applies("snow", "badeucy"), applies("hands", "badugi")
    (True, False, True)
    """
    return game in FIGURES_BY_GAME.get(figure, (game,))


_LOWBALL_GAMES = ", ".join(f"'{game}'" for game in LOWBALL_FINAL_DRAW)
_FINAL_DRAWS = " ".join(f"WHEN '{game}' THEN {draw}" for game, draw in LOWBALL_FINAL_DRAW.items())
_HIGHEST = " ".join(f"WHEN '{game}' THEN {rank}" for game, rank in MADE_LOW_HIGHEST.items())

# Each known five-card hand of a lowball game a player stood pat on, or held after the
# final draw, judged from its text: ranks by the game's order (2-7: the ace high, 14;
# the ace low, 1); a hand with a card of no rank (a joker) is not judged.
_LOWBALL_FLAGS = f"""
lowball AS (
    SELECT source, hand_id, player, site, game FROM hand_players
    {{where}}
),
held AS (
    SELECT l.source, l.hand_id, l.player, l.site, l.game, d.draw, d.stood_pat,
           d.draw = CASE l.game {_FINAL_DRAWS} END AS final,
           string_split(d.hand_after, ' ') AS cards
    FROM draws d JOIN lowball l USING (source, hand_id, player)
    WHERE d.hand_after IS NOT NULL
),
ranked AS (
    SELECT source, hand_id, player, site, game, stood_pat, final,
           [CASE WHEN game IN ({_ACE_LOW}) THEN strpos('A23456789TJQK', card[1])
                 WHEN strpos('23456789TJQKA', card[1]) > 0
                 THEN strpos('23456789TJQKA', card[1]) + 1 ELSE 0 END
            FOR card IN cards] AS ranks,
           len(list_distinct([card[2] FOR card IN cards])) AS suits
    FROM held
    WHERE (stood_pat OR final) AND len(cards) = 5
),
judged AS (
    SELECT source, hand_id, player, site, game, stood_pat, final,
           len(list_distinct(ranks)) = 5
               AND (game IN ({_ACE_LOW})
                    OR (list_max(ranks) - list_min(ranks) <> 4 AND suits > 1))
               AS made_low,
           list_max(ranks) AS highest
    FROM ranked
    WHERE list_min(ranks) > 0
),
lowball_flags AS (
    SELECT source, hand_id, player, site, game,
           bool_or(NOT made_low) FILTER (WHERE stood_pat) AS snowed,
           bool_or(made_low AND highest <= CASE game {_HIGHEST} END) FILTER (WHERE final)
               AS made
    FROM judged
    GROUP BY ALL
)"""

# The shares of the hands judged, per player (or person) and game.
_LOWBALL_SHARES = f"""
WITH {_LOWBALL_FLAGS}
SELECT {{who}}game, avg(snowed::DOUBLE) AS snow, avg(made::DOUBLE) AS made_by_final_draw
FROM lowball_flags
GROUP BY ALL
"""


def _games_sql(games: tuple[str, ...]) -> str:
    """The games' ids as a list of SQL strings, for ``game IN (...)``."""
    return ", ".join(f"'{game_id}'" for game_id in games)


# Each hand player with the halves he won (pot_halves), [] in a split game's hand settled
# by halves that he won none of, NULL in every other hand.
_WITH_HALVES = """(
    SELECT p.*, CASE WHEN s.split THEN coalesce(w.halves, []) END AS halves_won
    FROM hand_players p
    LEFT JOIN (SELECT DISTINCT source, hand_id, true AS split FROM pot_halves) s
           USING (source, hand_id)
    LEFT JOIN (SELECT source, hand_id, player, list(DISTINCT half) AS halves FROM pot_halves
               GROUP BY ALL) w USING (source, hand_id, player)
) hand_players"""
_HALVES_WON = "".join(
    f"avg(list_contains(halves_won, '{half}')::DOUBLE) FILTER (WHERE went_to_showdown "
    f"AND game IN ({_games_sql(FIGURES_BY_GAME[figure])})) AS {figure},\n       "
    for figure, half in HALF_FIGURES.items())
_HALF_COUNTS = " ".join(f"WHEN '{game_id}' THEN {len(GAMES[game_id].halves)}"
                        for game_id in _SPLIT_GAMES)

_GAME_STATS = f"""
SELECT {{who}}game, count(*) AS hands,
       avg(snowed::DOUBLE) FILTER (WHERE game IN ({_games_sql(_BADUGI_GAMES)})) AS snow,
       avg(badugi_after_final_draw::DOUBLE) FILTER (WHERE game IN ({_games_sql(_BADUGI_GAMES)}))
           AS made_by_final_draw,
       CASE WHEN game IN ({_games_sql(_SPLIT_GAMES)}) THEN
           {counted("went_to_showdown AND halves_won IS NOT NULL")} END AS split_showdowns,
       {_HALVES_WON}avg((len(halves_won) = CASE game {_HALF_COUNTS} END)::DOUBLE)
           FILTER (WHERE went_to_showdown) AS scooped
FROM {_WITH_HALVES}
{{where}}
GROUP BY {{who}}game
ORDER BY {{who}}hands DESC, game
"""


def game_stats(con: duckdb.DuckDBPyConnection, filters: Filters = Filters()) -> pd.DataFrame:
    """One row per player (or person) and game: hands; how often he snowed and made a
    hand by the final draw (Badugi and the lowball games); and in the split games,
    the showdowns he reached and the share of them in which he won a part of each half
    (:data:`HALF_FIGURES`), and of every half (X3). A figure the game does not define is
    NULL (:data:`FIGURES_BY_GAME`).

    Badugi's flags are stored with each hand; the lowball games' hands are judged here
    from their draws, in a query of their own (no join of every hand with the draws)."""
    where, params = filters.where()
    games = frame(con, _GAME_STATS.format(who=who(filters), where=where), params)
    conditions, lowball_params = filters.conditions()
    where_lowball = "WHERE " + " AND ".join([f"game IN ({_LOWBALL_GAMES})", *conditions])
    lowball = frame(con, _LOWBALL_SHARES.format(who=who(filters), where=where_lowball),
                    lowball_params)
    if not lowball.empty:
        keys = [column for column in lowball.columns if column not in _JUDGED]
        judged = games[keys].merge(lowball, on=keys, how="left")
        for figure in _JUDGED:
            games[figure] = games[figure].where(~games["game"].isin(list(LOWBALL_FINAL_DRAW)),
                                                judged[figure].to_numpy())
    return owned(games, filters)


#: The figures of the lowball games judged from their draws.
_JUDGED = ("snow", "made_by_final_draw")


#: The figures of one draw, in the order of :func:`draw_habits`'s columns.
_DRAW_FIGURES = ("draws", "stand_pat", "mean_cards_drawn", *(f"drew_{n}" for n in range(6)))
_DRAWS = (1, 2, 3)


def _draw_columns(draw: int) -> str:
    cards = f"draw{draw}_cards"
    return ", ".join([f"count({cards}) AS draws_{draw}",
                      f"avg(({cards} = 0)::DOUBLE) AS stand_pat_{draw}",
                      f"avg({cards}) AS mean_cards_drawn_{draw}",
                      *(f"{counted(f'{cards} = {n}')} AS drew_{n}_{draw}" for n in range(6))])


# One pass, the three draws side by side (an UNPIVOT to a row per draw first costs a
# third more); :func:`draw_habits` lays them out a row per draw.
_DRAW_HABITS = f"""
SELECT {{who}}game, {", ".join(_draw_columns(draw) for draw in _DRAWS)}
FROM hand_players
{{where}}
GROUP BY ALL
"""


def draw_habits(con: duckdb.DuckDBPyConnection, filters: Filters = Filters()) -> pd.DataFrame:
    """Per player (or person), game and draw (1-3) he took part in: how often he stands
    pat, how many cards he draws on average, and how many times he drew 0 to 5 cards.
    Four-card and five-card games are never in one row."""
    where, params = filters.where()
    wide = frame(con, _DRAW_HABITS.format(who=who(filters), where=where), params)
    keys = [*(column for column in ("player", "site") if column in wide), "game"]
    rows = [wide[keys].assign(draw=draw, **{figure: wide[f"{figure}_{draw}"]
                                            for figure in _DRAW_FIGURES})
            for draw in _DRAWS]
    habits = pd.concat(rows, ignore_index=True)
    habits = habits[habits["draws"] > 0].sort_values([*keys, "draw"], kind="stable")
    return owned(habits.reset_index(drop=True), filters)
