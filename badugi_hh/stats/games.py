"""The figures that mean something in one game only: snowing, made hands, split pots, draws.

They are never averaged across games: a row per player (or person) and game.
What "made" means depends on the game's family:

* Badugi: a badugi (four cards of four suits and four ranks).
* 2-7 and A-5 triple draw: a made nine-low or better (five ranks, none above the
  nine; in 2-7 also no straight and no flush, and the ace is high so it is never
  below a nine). A snow there is standing pat with no low at all: a pair (in 2-7
  also a straight or a flush).
* Badeucy and Badacey: none (a pat hand may aim at either half); their own figures
  are the halves won at the showdowns the player reached.

docs/schema.md gives the table of which figure applies to which game.

>>> FIGURES_BY_GAME["snow"]
('badugi', '27td', 'a5td')
"""

from __future__ import annotations

import duckdb
import pandas as pd

from badugi_hh.filters import Filters
from badugi_hh.stats.query import counted, frame, owned, who

__all__ = ["FIGURES_BY_GAME", "LOWBALL_FINAL_DRAW", "MADE_LOW_HIGHEST", "applies",
           "draw_habits", "game_stats"]

#: The lowball games whose hands are judged here, and the draw that is their last.
LOWBALL_FINAL_DRAW = {"27td": 3, "a5td": 3}
#: The highest card of a made low: a nine-low or better.
MADE_LOW_HIGHEST = 9
#: The games each per-game figure is defined for; elsewhere it is absent (NULL).
FIGURES_BY_GAME: dict[str, tuple[str, ...]] = {
    "snow": ("badugi", *LOWBALL_FINAL_DRAW),
    "made_by_final_draw": ("badugi", *LOWBALL_FINAL_DRAW),
    "split_showdowns": ("badeucy", "badacey"),
    "won_badugi_half": ("badeucy", "badacey"),
    "won_lowball_half": ("badeucy", "badacey"),
    "scooped": ("badeucy", "badacey"),
}


def applies(figure: str, game: str) -> bool:
    """Whether ``figure`` is defined for ``game``.

    >>> applies("snow", "27td"), applies("snow", "badeucy"), applies("hands", "badugi")
    (True, False, True)
    """
    return game in FIGURES_BY_GAME.get(figure, (game,))


_LOWBALL_GAMES = ", ".join(f"'{game}'" for game in LOWBALL_FINAL_DRAW)
_FINAL_DRAWS = " ".join(f"WHEN '{game}' THEN {draw}" for game, draw in LOWBALL_FINAL_DRAW.items())

# Each known five-card hand of a lowball game a player stood pat on, or held after the
# final draw, judged from its text: ranks by the game's order (2-7: the ace high, 14;
# the ace low, 1); a hand with a card of no rank (a joker) is not judged.
_LOWBALL_FLAGS = f"""
lowball AS (
    SELECT source, hand_id, player, game FROM hand_players
    {{where_lowball}}
),
held AS (
    SELECT l.source, l.hand_id, l.player, l.game, d.draw, d.stood_pat,
           d.draw = CASE l.game {_FINAL_DRAWS} END AS final,
           string_split(d.hand_after, ' ') AS cards
    FROM draws d JOIN lowball l USING (source, hand_id, player)
    WHERE d.hand_after IS NOT NULL
),
ranked AS (
    SELECT source, hand_id, player, game, stood_pat, final,
           [CASE WHEN game = 'a5td' THEN strpos('A23456789TJQK', card[1])
                 WHEN strpos('23456789TJQKA', card[1]) > 0
                 THEN strpos('23456789TJQKA', card[1]) + 1 ELSE 0 END
            FOR card IN cards] AS ranks,
           len(list_distinct([card[2] FOR card IN cards])) AS suits
    FROM held
    WHERE (stood_pat OR final) AND len(cards) = 5
),
judged AS (
    SELECT source, hand_id, player, stood_pat, final,
           len(list_distinct(ranks)) = 5
               AND (game = 'a5td' OR (list_max(ranks) - list_min(ranks) <> 4 AND suits > 1))
               AS made_low,
           list_max(ranks) AS highest
    FROM ranked
    WHERE list_min(ranks) > 0
),
lowball_flags AS (
    SELECT source, hand_id, player,
           bool_or(NOT made_low) FILTER (WHERE stood_pat) AS snowed,
           bool_or(made_low AND highest <= {MADE_LOW_HIGHEST}) FILTER (WHERE final) AS made
    FROM judged
    GROUP BY ALL
)"""

_GAME_STATS = f"""
WITH {_LOWBALL_FLAGS}
SELECT {{who}}hp.game, count(*) AS hands,
       avg(CASE WHEN game = 'badugi' THEN hp.snowed::DOUBLE ELSE f.snowed::DOUBLE END)
           AS snow,
       avg(CASE WHEN game = 'badugi' THEN hp.badugi_after_final_draw::DOUBLE
                ELSE f.made::DOUBLE END) AS made_by_final_draw,
       CASE WHEN game IN ('badeucy', 'badacey') THEN
           {counted("went_to_showdown AND won_badugi_half IS NOT NULL")} END AS split_showdowns,
       avg(won_badugi_half::DOUBLE) FILTER (WHERE went_to_showdown) AS won_badugi_half,
       avg(won_lowball_half::DOUBLE) FILTER (WHERE went_to_showdown) AS won_lowball_half,
       avg((won_badugi_half AND won_lowball_half)::DOUBLE) FILTER (WHERE went_to_showdown)
           AS scooped
FROM hand_players hp LEFT JOIN lowball_flags f USING (source, hand_id, player)
{{where}}
GROUP BY {{who}}hp.game
ORDER BY {{who}}hands DESC, hp.game
"""


def game_stats(con: duckdb.DuckDBPyConnection, filters: Filters = Filters()) -> pd.DataFrame:
    """One row per player (or person) and game: hands; how often he snowed and made a
    hand by the final draw (Badugi, 2-7 and A-5 triple draw); and in the split games,
    the showdowns he reached and the share of them in which he won a part of the Badugi
    half, of the lowball half, and both (X3). A figure the game does not define is
    NULL (:data:`FIGURES_BY_GAME`)."""
    lowball, lowball_params = filters.conditions()
    where_lowball = "WHERE " + " AND ".join([f"game IN ({_LOWBALL_GAMES})", *lowball])
    where, params = filters.where(prefix="hp.")
    sql = _GAME_STATS.format(who=who(filters, "hp."), where=where,
                             where_lowball=where_lowball)
    return owned(frame(con, sql, [*lowball_params, *params]), filters)


_DRAW_HABITS = f"""
WITH drawn AS (
    UNPIVOT (SELECT {{who}}game, draw1_cards AS "1", draw2_cards AS "2", draw3_cards AS "3"
             FROM hand_players {{where}})
    ON "1", "2", "3" INTO NAME draw VALUE cards
)
SELECT {{who}}game, draw::INTEGER AS draw,
       count(*) AS draws,
       avg((cards = 0)::DOUBLE) AS stand_pat,
       avg(cards) AS mean_cards_drawn,
       {", ".join(f"{counted(f'cards = {n}')} AS drew_{n}" for n in range(6))}
FROM drawn
GROUP BY ALL
ORDER BY {{who}}game, draw
"""


def draw_habits(con: duckdb.DuckDBPyConnection, filters: Filters = Filters()) -> pd.DataFrame:
    """Per player (or person), game and draw (1-3): how often he stands pat, how many
    cards he draws on average, and how many times he drew 0 to 5 cards. Four-card and
    five-card games are never in one row."""
    where, params = filters.where()
    return owned(frame(con, _DRAW_HABITS.format(who=who(filters), where=where), params),
                 filters)
