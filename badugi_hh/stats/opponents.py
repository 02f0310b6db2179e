"""The players at one hand's table: each one's habits over all his stored hands, and the
hero's net against him.

For every player seated at the hand (a site and a name), over every hand of his the
store holds (not only this table's): hands; VPIP, PFR, 3-bet, aggression, went to
showdown, won at showdown and fold to a bet per round, as :data:`HABITS
<badugi_hh.stats.figures.HABITS>` defines them for ``stats``, each with its sample
size ``n`` (the chances it is a share of); and his draws, by the cards a game deals
(four-card games and five-card games apart, from the game registry): how often he
stood pat and how many cards he drew per draw, from :func:`~badugi_hh.stats.games.draw_habits`.

**Hero vs villain**: over the hands the hero (a person's names, or one player) and
the villain were both dealt in, the hero's own net in them, per currency and unit
(money is never added across units), with the count of those hands. It is what the
hero won or lost in the hands they shared, not only the chips that passed between
the two of them: a third player's chips count too.

>>> from badugi_hh.store import Store
>>> with Store(":memory:") as store:
...     opponents(store.connection, HandKey("/a.txt", "ps-1"), ()) is None
True
"""

from __future__ import annotations

from typing import Any, NamedTuple

import duckdb
import pandas as pd

from badugi_hh.filters import Filters, Identity
from badugi_hh.games import GAMES, betting_rounds
from badugi_hh.money import format_amount
from badugi_hh.stats.choices import player_marks
from badugi_hh.stats.figures import HABITS
from badugi_hh.stats.games import draw_habits
from badugi_hh.stats.hands import HandKey
from badugi_hh.stats.query import frame, money_sum

__all__ = ["FIGURES", "FIGURE_LABELS", "Opponents", "figure_text", "net_text", "opponents",
           "seated_players"]

#: The habits shown for each player, in order; each has a column ``<name>_n``.
FIGURES = ("vpip", "pfr", "three_bet", "aggression_frequency", "aggression_factor",
           "went_to_showdown", "won_at_showdown", "fold_to_bet_round1", "fold_to_bet_round2",
           "fold_to_bet_round3", "fold_to_bet_round4")


class Opponents(NamedTuple):
    """The figures of the players at one hand, a frame each (docs/schema.md)."""

    players: pd.DataFrame
    """seat, site, player, is_hero, hands, label and its colour, note (the first line of
    the user's note on him): ``''`` where the user gave none; betting_rounds (the most
    of the games of his hands: a later round's fold has no chance); then each of
    :data:`FIGURES` and its ``_n``."""
    draws: pd.DataFrame
    """site, player, hand_size (4 or 5), games, draws (n), stand_pat, cards_per_draw."""
    versus: pd.DataFrame
    """site, player, currency, unit, hands (both dealt in), net (the hero's), and
    text: the net with its unit and n (:func:`net_text`)."""


_PLAYERS = f"""
WITH seated AS (SELECT seat, site, player FROM hand_players WHERE source = ? AND hand_id = ?)
SELECT s.seat, s.site, s.player, count(*) AS hands, list(DISTINCT hp.game) AS games,
       {", ".join(f"{HABITS[name][0]} AS {name}, ({HABITS[name][1]})::BIGINT AS {name}_n"
                  for name in FIGURES)}
FROM hand_players hp JOIN seated s USING (site, player)
GROUP BY ALL
ORDER BY s.seat
"""

_VERSUS = f"""
WITH seated AS (SELECT site, player FROM hand_players WHERE source = ? AND hand_id = ?),
hero AS (SELECT source, hand_id, site, player, net, currency, unit FROM hand_players
         WHERE {{hero}})
SELECT v.site, v.player, h.currency, h.unit, count(DISTINCT (h.source, h.hand_id)) AS hands,
       {money_sum("h.net")} AS net
FROM hand_players v SEMI JOIN seated USING (site, player)
JOIN hero h ON h.source = v.source AND h.hand_id = v.hand_id
     AND NOT (h.site = v.site AND h.player = v.player)
GROUP BY ALL
ORDER BY v.player, v.site, h.currency, h.unit
"""


def opponents(con: duckdb.DuckDBPyConnection, key: HandKey,
              hero: tuple[Identity, ...]) -> Opponents | None:
    """The players at the hand ``key`` and their figures; the net of ``hero`` (his names,
    as (site, name); none: no net) against each. None when no such hand is stored."""
    players = seated_players(con, key, hero)
    if players is None:
        return None
    params = [key.source, key.hand_id]
    seated = tuple(zip(players["site"], players["player"]))
    draws = _draws_by_hand_size(draw_habits(con, Filters(players=seated)))
    if hero:
        condition = " OR ".join("(site = ? AND player = ?)" for _ in hero)
        versus = frame(con, _VERSUS.format(hero=condition),
                       [*params, *(value for name in hero for value in name)])
    else:
        versus = pd.DataFrame(columns=["site", "player", "currency", "unit", "hands", "net"])
    versus["text"] = [net_text(*row) for row in zip(versus["net"], versus["currency"],
                                                    versus["unit"], versus["hands"])]
    return Opponents(players, draws, versus)


def seated_players(con: duckdb.DuckDBPyConnection, key: HandKey,
                   hero: tuple[Identity, ...]) -> pd.DataFrame | None:
    """:attr:`Opponents.players` of the hand ``key``; None when no such hand is stored."""
    players = frame(con, _PLAYERS, [key.source, key.hand_id])
    if players.empty:
        return None
    players.insert(4, "betting_rounds", [betting_rounds(games) for games in players.pop("games")])
    players.insert(3, "is_hero", [(site, name) in hero for site, name
                                  in zip(players["site"], players["player"])])
    seated = tuple(zip(players["site"], players["player"]))
    marks = player_marks(con).set_index(["site", "player"])
    for place, column in enumerate(("label", "colour", "note"), start=5):
        players.insert(place, column, [marks[column].get(player) or "" for player in seated])
    return players


def _draws_by_hand_size(habits: pd.DataFrame) -> pd.DataFrame:
    """:func:`draw_habits`' rows (a player, game and draw each) summed by the cards the
    games deal: every draw a player took in a four-card game (or a five-card one), how
    often he stood pat and the cards he drew per draw."""
    columns = ["site", "player", "hand_size", "games", "draws", "stand_pat", "cards_per_draw"]
    if habits.empty:
        return pd.DataFrame(columns=columns)
    habits = habits.assign(hand_size=habits["game"].map(lambda game: GAMES[game].hand_size),
                           pats=habits["stand_pat"] * habits["draws"],
                           cards=habits["mean_cards_drawn"] * habits["draws"])
    summed = habits.groupby(["site", "player", "hand_size"], as_index=False).agg(
        games=("game", lambda games: ", ".join(sorted(set(games)))), draws=("draws", "sum"),
        pats=("pats", "sum"), cards=("cards", "sum"))
    summed["stand_pat"] = summed["pats"] / summed["draws"]
    summed["cards_per_draw"] = summed["cards"] / summed["draws"]
    return summed[columns].sort_values(["player", "site", "hand_size"], ignore_index=True)


#: How the reports name each figure.
FIGURE_LABELS = {"hands": "hands", "vpip": "VPIP", "pfr": "PFR", "three_bet": "3-bet",
                 "aggression_frequency": "aggression", "aggression_factor": "aggression factor",
                 "went_to_showdown": "went to showdown", "won_at_showdown": "won at showdown",
                 **{f"fold_to_bet_round{n}": f"fold to a bet, round {n}" for n in range(1, 5)},
                 "stand_pat": "stood pat", "cards_per_draw": "cards per draw"}
#: The figures that are not shares: a number with its own unit.
_UNITS = {"aggression_factor": "×", "cards_per_draw": " cards"}


def figure_text(name: str, value: Any, n: Any) -> str:
    """A figure with its unit and its sample size: a share as a percentage, the
    aggression factor as bets and raises per call, cards per draw as cards; ``–``
    where it has no chance to count (n = 0, or no call for the factor).

    >>> figure_text("vpip", 0.34, 120), figure_text("aggression_factor", 1.2941, 39)
    ('34.0% (n=120)', '1.29× (n=39)')
    >>> figure_text("cards_per_draw", 1.5, 4), figure_text("won_at_showdown", None, 0)
    ('1.50 cards (n=4)', '– (n=0)')
    """
    count = 0 if n is None or pd.isna(n) else int(n)
    if value is None or pd.isna(value):
        return f"– (n={count:,})"
    number = float(value)
    if name in _UNITS:
        return f"{number:.2f}{_UNITS[name]} (n={count:,})"
    return f"{number:.1%} (n={count:,})"


def net_text(net: Any, currency: str, unit: int, hands: int) -> str:
    """The hero's net against a player in one unit, signed, with the hands it is over.

    >>> net_text(-570, "USD", 100, 12), net_text(1500, "chips", 1, 1)
    ('-$5.70 (n=12 hands)', '+1,500 chips (n=1 hand)')
    """
    counted = f"(n={hands:,} hand{'' if hands == 1 else 's'})"
    if net is None or pd.isna(net):
        return f"– {counted}"
    amount = int(net)
    return f"{'+' if amount > 0 else ''}{format_amount(amount, currency, int(unit))} {counted}"
