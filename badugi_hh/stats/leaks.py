"""The draw player's leak report: results by the hand held at showdown, and by the
number of cards drawn on the first draw, per game.

A showdown hand's class is read from its value as the evaluators describe it
(``showdowns.description``), by the way its game judges a pot (the registry's halves,
:mod:`badugi_hh.games`):

* Badugi: a badugi by its top card (``badugi 7-high`` ... ``badugi K-high``), then
  ``3-card``, ``2-card``, ``1-card``;
* 2-7 and A-5 lowball: a low by its top card (``7-low``, ``8-low`` ... ``K-low``; in
  2-7 then ``A-high``, five ranks under an ace), then ``pair or worse`` (in 2-7 a
  straight or a flush too, which rank below a pair);
* five-card draw: the poker category (``straight flush`` ... ``high card``);
* Badeucy and Badacey: each half judged apart (a row set per half), its share won being
  that half's (X3); the net is the whole hand's, so the halves' rows are never added;
* a hand mucked at showdown whose cards the log still tells (a site's summary:
  ``mucked [9h 5s 4s 3h 2d]``) is judged from them, as a shown one;
* a player at showdown whose cards the log does not show: ``cards not shown``.

Figures in money come with their currency and unit, rows grouped by them.

>>> from badugi_hh.store import Store
>>> with Store(":memory:") as store:
...     list(final_hand_results(store.connection).columns)
['player', 'site', 'game', 'half', 'hand_class', 'currency', 'unit', 'hands', 'won', \
'won_at_showdown', 'net', 'net_bb', 'bb_per_hand']
>>> HAND_CLASS_ORDER["badugi"][:2], HAND_CLASS_ORDER["2-7"][-3:]
(['badugi 4-high', 'badugi 5-high'], ['A-high', 'pair or worse', 'cards not shown'])
"""

from __future__ import annotations

from uuid import uuid4

import duckdb
import pandas as pd

from badugi_hh.cards import parse_cards
from badugi_hh.filters import Filters
from badugi_hh.games import GAMES
from badugi_hh.stats.query import (
    NET_BB_SUM, counted, frame, net_sum, owned, share, who, with_bb_per_100,
)

__all__ = ["HAND_CLASS_ORDER", "NOT_SHOWN", "final_hand_results", "first_draw_results",
           "value_words"]

#: The class of a showdown hand whose cards the log does not show (mucked unseen).
NOT_SHOWN = "cards not shown"
#: Ranks as the evaluators write them, the ace low.
_RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
#: Five-card draw's categories, best first, and the words a description begins with.
_POKER_CATEGORIES = (("straight flush", "straight flush"), ("four of a kind", "four "),
                     ("full house", "full house"), ("flush", "flush"),
                     ("straight", "straight"), ("three of a kind", "three "),
                     ("two pair", "two pair"), ("pair", "pair"), ("high card", "high card"))
#: Each way of judging a hand (a half's name in the registry): its classes, best first.
HAND_CLASS_ORDER: dict[str, list[str]] = {
    "badugi": [*(f"badugi {rank}-high" for rank in _RANKS[3:]),
               "3-card", "2-card", "1-card", NOT_SHOWN],
    "2-7": [*(f"{rank}-low" for rank in _RANKS[6:]), "A-high", "pair or worse",
            NOT_SHOWN],
    "a-5": [*(f"{rank}-low" for rank in _RANKS[4:]), "pair or worse", NOT_SHOWN],
    "high": [*(name for name, _ in _POKER_CATEGORIES), NOT_SHOWN],
}


def _sql_list(values: list[str]) -> str:
    return "[" + ", ".join(f"'{value}'" for value in values) + "]"


def _badugi_class(words: str) -> str:
    """``badugi 8-high`` for ``badugi 8-5-3-A``, ``3-card`` for ``3-card 7-4-2``."""
    top = f"split_part(split_part({words}, ' ', 2), '-', 1)"
    return (f"CASE WHEN {words} IS NULL THEN '{NOT_SHOWN}' "
            f"WHEN {words} LIKE 'badugi %' THEN 'badugi ' || {top} || '-high' "
            f"ELSE split_part({words}, ' ', 1) END")


def _low_class(words: str) -> str:
    """``8-low`` for ``8-6-5-4-2``, ``A-high`` for 2-7's ``A-8-6-4-2``; ``pair or worse``
    for anything but five ranks (a low is written as its ranks alone, a pair or a
    straight in words)."""
    top = f"split_part({words}, '-', 1)"
    return (f"CASE WHEN {words} IS NULL THEN '{NOT_SHOWN}' "
            f"WHEN regexp_matches({words}, '^[0-9AJQK]+-') "
            f"THEN {top} || CASE {top} WHEN 'A' THEN '-high' ELSE '-low' END "
            f"ELSE 'pair or worse' END")


def _poker_class(words: str) -> str:
    """The category of a high-poker description (``pair of nines, A-5-3``: ``pair``)."""
    cases = " ".join(f"WHEN starts_with({words}, '{start}') THEN '{name}'"
                     for name, start in _POKER_CATEGORIES)
    return f"CASE WHEN {words} IS NULL THEN '{NOT_SHOWN}' {cases} END"


_CLASSIFIERS = {"badugi": _badugi_class, "2-7": _low_class, "a-5": _low_class,
                "high": _poker_class}


def _half_words(index: int, half: str) -> str:
    """SQL for the words of one half in a split game's description (``badugi 4-3-2-A;
    2-7 A-7-4-3-2``: each half after the first named; ``lowball`` in a release before
    the halves were named by the registry)."""
    part = f"split_part(description, '; ', {index + 1})"
    return part if index == 0 else f"nullif(regexp_replace({part}, '^(lowball|{half}) ', ''), '')"


def _judged_halves() -> str:
    """One SELECT per way a pot is judged: the whole pot of each single-pot game, and
    each half of the split games, with the hand's class and whether it won there."""
    parts = []
    for game in GAMES.values():
        for index, half in enumerate(game.halves):
            words = _half_words(index, half.name) if game.split else "description"
            won = (f"list_contains(halves_won, '{half.name}')" if game.split
                   else "won_at_showdown")
            label = half.name if game.split else ""
            parts.append(f"SELECT *, '{label}' AS half, {won} AS won, "
                         f"{_CLASSIFIERS[half.name]('words')} AS hand_class, "
                         f"'{half.name}' AS judged "
                         f"FROM (SELECT *, {words} AS words FROM at_showdown) "
                         f"WHERE game = '{game.id}'")
    return "\nUNION ALL\n".join(parts)


# The showdown hands mucked with their cards told: the store keeps the cards, not their
# value (the engine values the hands shown); final_hand_results values them here.
_MUCKED = """
SELECT hp.source, hp.hand_id, hp.player, hp.game, s.shown_cards
FROM hand_players hp JOIN showdowns s
     ON s.source = hp.source AND s.hand_id = hp.hand_id AND s.player = hp.player
{where} AND s.description IS NULL AND s.shown_cards IS NOT NULL
"""
_NONE_MUCKED = ("(SELECT NULL::VARCHAR AS source, NULL::VARCHAR AS hand_id, "
                "NULL::VARCHAR AS player, NULL::VARCHAR AS words WHERE false)")


def value_words(game_id: str, cards: str) -> str | None:
    """The value of ``cards`` in words, as the store describes a shown hand of the game
    (both halves of a split game); None for cards that are not a whole hand (``??``).

    >>> value_words("badeucy", "As 2h 3d Kd 7c"), value_words("27td", "9h 5s ?? 3h 2d")
    ('badugi 7-3-2-A; 2-7 A-K-7-3-2', None)
    """
    try:
        hand = parse_cards(cards)
        first, *others = GAMES[game_id].halves
        return "; ".join([first.value(hand).description,
                          *(f"{half.name} {half.value(hand).description}" for half in others)])
    except (ValueError, KeyError):
        return None


_FINAL_HAND = f"""
WITH at_showdown AS (
    SELECT {{who_hp}}hp.game, hp.kind, hp.tournament_id, hp.currency, hp.unit, hp.net,
           hp.net_bb, hp.won_at_showdown, coalesce(h.halves, []) AS halves_won,
           coalesce(s.description, m.words) AS description
    FROM hand_players hp
         LEFT JOIN (SELECT source, hand_id, player, list(DISTINCT half) AS halves
                    FROM pot_halves GROUP BY ALL) h
         ON h.source = hp.source AND h.hand_id = hp.hand_id AND h.player = hp.player
         LEFT JOIN showdowns s
         ON s.source = hp.source AND s.hand_id = hp.hand_id AND s.player = hp.player
         LEFT JOIN {{mucked}} m
         ON m.source = hp.source AND m.hand_id = hp.hand_id AND m.player = hp.player
    {{where}}
),
judged AS (
{_judged_halves()}
),
orders AS (SELECT * FROM (VALUES {", ".join(f"('{name}', {_sql_list(classes)})"
                                              for name, classes in HAND_CLASS_ORDER.items())})
           AS orders(judged, classes))
SELECT {{who}}game, half, hand_class, currency, unit, count(*) AS hands,
       {counted("won")} AS won, avg(won::DOUBLE) AS won_at_showdown,
       {net_sum("net")} AS net, {NET_BB_SUM} AS net_bb, {NET_BB_SUM} / count(*) AS bb_per_hand
FROM judged JOIN orders USING (judged)
GROUP BY {{who}}game, half, hand_class, currency, unit, classes
ORDER BY {{who}}game, half, currency, unit, list_position(classes, hand_class)
"""


def final_hand_results(con: duckdb.DuckDBPyConnection,
                       filters: Filters = Filters()) -> pd.DataFrame:
    """Results by the hand held at showdown: per player (or person), game, half
    (``''``: the whole pot; ``badugi``, ``2-7`` or ``a-5`` in a split game), class of
    hand (the module's list, best first) and unit: the showdowns reached (``hands``),
    those won (a split pot counts; in a split game a share of that half), the share
    won, and the net of those hands in the unit and in big blinds, and per hand."""
    conditions, params = filters.conditions("hp.")
    where = "WHERE " + " AND ".join(["hp.went_to_showdown", *conditions])
    mucked = frame(con, _MUCKED.format(where=where), params)
    if mucked.empty:
        return owned(_final_hand_frame(con, filters, where, params, _NONE_MUCKED), filters)
    view = f"mucked_{uuid4().hex}"   # the connection's own, dropped when done
    con.register(view, mucked.assign(words=[
        value_words(game, cards) for game, cards in zip(mucked["game"], mucked["shown_cards"])]))
    try:
        return owned(_final_hand_frame(con, filters, where, params, view), filters)
    finally:
        con.unregister(view)


def _final_hand_frame(con: duckdb.DuckDBPyConnection, filters: Filters, where: str,
                      params: list[object], mucked: str) -> pd.DataFrame:
    sql = _FINAL_HAND.format(who=who(filters), who_hp=who(filters, "hp."), where=where,
                             mucked=mucked)
    return frame(con, sql, params)


_FIRST_DRAW = f"""
SELECT {{who}}game, currency, unit, draw1_cards AS cards_drawn, count(*) AS hands,
       {net_sum("net")} AS net, {NET_BB_SUM} AS net_bb,
       {counted("went_to_showdown")} AS showdowns,
       {share("won_at_showdown", "went_to_showdown")} AS won_at_showdown
FROM hand_players
{{where}}
GROUP BY ALL
ORDER BY {{who}}game, currency, unit, cards_drawn
"""


def first_draw_results(con: duckdb.DuckDBPyConnection,
                       filters: Filters = Filters()) -> pd.DataFrame:
    """Results by the cards drawn on the first draw: per player (or person), game, unit
    and number of cards (0: stood pat, to the hand's size) of the hands he took part in
    the first draw: hands, net, net_bb, bb_per_100, the showdowns he reached and the
    share of them he won (a split pot counts).

    >>> from badugi_hh.store import Store
    >>> with Store(":memory:") as store:
    ...     first_draw_results(store.connection).empty
    True
    """
    conditions, params = filters.conditions()
    where = "WHERE " + " AND ".join(["draw1_cards IS NOT NULL", *conditions])
    result = frame(con, _FIRST_DRAW.format(who=who(filters), where=where), params)
    return owned(with_bb_per_100(result), filters)
