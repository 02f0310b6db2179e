"""Statistics of the stored hands, in SQL: one function per table of figures.

Every query of the command line and of the dashboard is here, a function of a
DuckDB connection (``Store(...).connection``, or a dataset's) and
:class:`~badugi_hh.filters.Filters` (or of one hand's or session's key), and
returns a :class:`pandas.DataFrame` or plain values; the command line prints
them, the dashboard draws them. What the user chose reaches SQL only as bound
parameters.

Money is never added across units: every figure in money (``net``) comes with
the ``currency`` and ``unit`` it is counted in, and the rows are grouped by
them; a player with cash and tournament hands has a row for each. Big blinds
(``net_bb``, ``bb_per_100``) compare across units. A player is a site and a
name; when the filters name a person, his names' figures are summed (per unit)
in rows named by a ``person`` column. docs/schema.md defines every figure;
shares are fractions from 0 to 1, NaN when the figure has no hand to count.

>>> from badugi_hh.store import Store
>>> with Store(":memory:") as store:
...     player_stats(store.connection, Filters(player="Ana")).empty
True

The modules: :mod:`~badugi_hh.stats.figures` (results, habits, positions, coverage),
:mod:`~badugi_hh.stats.games` (figures of one game: snowing, made hands, split pots,
draws), :mod:`~badugi_hh.stats.curve` (the win-rate graph, by session and by stakes),
:mod:`~badugi_hh.stats.leaks` (results by the hand at showdown and by the cards drawn on
the first draw), :mod:`~badugi_hh.stats.sessions`,
:mod:`~badugi_hh.stats.hands` (one hand's rows, its tags and note, finding a hand),
:mod:`~badugi_hh.stats.opponents` (the players at one hand's table, hero vs villain),
:mod:`~badugi_hh.stats.live` (the tables being played: the live table and the HUD),
:mod:`~badugi_hh.stats.audit` and :mod:`~badugi_hh.stats.choices` (what the filters offer,
persons, the user's labels and notes on players, and the filters a user's words make).
"""

from badugi_hh.filters import Filters, FilterError
from badugi_hh.stats.audit import (
    older_audit_count, older_audit_line, quarantine_count, quarantine_page, violation_count, violation_page, violations_by_rule,
)
from badugi_hh.stats.choices import (
    date_bounds, held, held_stakes, held_table_sizes, labels, me, names_of, persons,
    player_marks, players, resolve, tags,
)
from badugi_hh.stats.curve import (
    CURVE_POINTS, EXACT_CURVE_ROWS, cumulative_net, winrate_by_date, winrate_by_session,
    winrate_by_stakes, winrate_curve,
)
from badugi_hh.stats.games import (
    FIGURES_BY_GAME, HALF_FIGURES, applies, draw_habits, game_stats,
)
from badugi_hh.stats.hands import (
    FoundHand, HandKey, HandMarks, HandRows, find_hands, first_hand, hand_marks, hand_rows,
    hands_numbered, next_in_session, site_number, source_hash,
)
from badugi_hh.stats.figures import (
    POSITION_ORDER, coverage, coverage_line, overview, player_stats, position_stats,
)
from badugi_hh.stats.leaks import (
    HAND_CLASS_ORDER, NOT_SHOWN, final_hand_results, first_draw_results,
)
from badugi_hh.stats.live import (
    LIVE_TABLES, LIVE_WINDOW, HeroSession, LiveFigure, LiveTable, live_figures, live_tables,
)
from badugi_hh.stats.opponents import (
    FIGURE_LABELS, FIGURES, Opponents, figure_text, net_text, opponents,
)
from badugi_hh.stats.query import NET_BB_SUM, who_columns
from badugi_hh.stats.sessions import (
    session_count, session_hands, session_page, session_players, session_results,
    session_violations,
)
from badugi_hh.stats.tournaments import tournament_results, tournament_totals

__all__ = [
    "CURVE_POINTS", "EXACT_CURVE_ROWS", "FIGURES", "FIGURES_BY_GAME", "FIGURE_LABELS",
    "FilterError", "Filters", "FoundHand", "HALF_FIGURES", "HAND_CLASS_ORDER", "HandKey",
    "HandMarks", "HandRows", "HeroSession", "LIVE_TABLES", "LIVE_WINDOW", "LiveFigure",
    "LiveTable", "NET_BB_SUM", "NOT_SHOWN", "Opponents", "POSITION_ORDER", "applies", "coverage",
    "coverage_line", "cumulative_net", "date_bounds", "draw_habits", "figure_text",
    "final_hand_results", "find_hands", "first_draw_results", "first_hand",
    "game_stats", "hand_marks", "hand_rows", "hands_numbered", "held", "held_stakes",
    "held_table_sizes", "labels", "live_figures", "live_tables", "me", "names_of", "net_text",
    "next_in_session", "opponents",
    "overview", "persons", "player_marks", "player_stats", "players", "position_stats",
    "older_audit_count", "older_audit_line", "quarantine_count", "quarantine_page", "resolve", "session_count", "session_hands", "session_page",
    "session_players", "session_results", "session_violations", "site_number", "source_hash",
    "tags", "tournament_results", "tournament_totals", "violation_count", "violation_page",
    "violations_by_rule", "who_columns", "winrate_by_date", "winrate_by_session",
    "winrate_by_stakes", "winrate_curve",
]
