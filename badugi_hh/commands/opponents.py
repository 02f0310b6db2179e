"""The players seated at one hand: each one's habits over all his hands, and your net against him.

    badugi-hh opponents --hand 49164202872
    badugi-hh opponents --hand ps-49164202872 --person Ana --json
    badugi-hh opponents --hand 49164202872 --player pokerstars:Hero --csv

The hand is named as its site printed its number, or by its stored id (ps-49164202872,
fri-1127#3), as the replayer takes it. For each player at its table (a site and a
name), over every hand of his the database holds: hands; VPIP, PFR, 3-bet,
aggression (the share of his actions that bet or raise, and the factor: bets and
raises per call), went to showdown, won at showdown, fold to a bet in each betting
round; and, four-card games and five-card games apart, how often he stood pat and
how many cards he drew per draw. Each figure is printed with its sample size:
``34% (n=120)`` is a share of 120 chances (docs/schema.md defines every figure).

Hero vs villain: over the hands you and the player were both dealt in, your own net
in them, per currency (never added across currencies): "+$5.70 (n=12 hands)".
You are the person ``badugi-hh me`` names, or --person PERSON, or --player NAME
(SITE:NAME for one site's). Without any, no net is shown. Each player's label
(``badugi-hh label``) and the first line of your note on him (``note --player``)
are shown beside his name.

--json prints {"hand": {...}, "hero": [...], "players": [...]}, each figure as
{"value", "n"}, each net as {"amount", "currency", "unit", "text", "hands"}, a label
as {"name", "colour"} (null without one) and the note's first line (null without);
--csv prints one line per player, each figure beside its ``_n``.

Exit status: 0; 1 when the database or dataset cannot be opened; 2 for a hand that
is not stored (or a number two sites share: give its stored id), or a person or
player that is not known.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any, TextIO

from badugi_hh.commands import add_source_arguments, open_tables
from badugi_hh.commands.hand_lookup import HandNotFound, named, one_hand, tables_name
from badugi_hh.commands.sql import add_format_arguments
from badugi_hh.textsafe import printable
from badugi_hh.wording import counted

if TYPE_CHECKING:
    import duckdb
    import pandas as pd

    from badugi_hh.filters import Identity
    from badugi_hh.stats import FoundHand, Opponents

EXIT_OK, EXIT_DATABASE, EXIT_UNKNOWN = 0, 1, 2


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.add_argument("--hand", required=True, metavar="HAND",
                        help="the hand: its number as the site printed it, or its stored id")
    add_hero_arguments(parser, "whose net against each player")
    add_source_arguments(parser)
    add_format_arguments(parser, 'one JSON object, {"hand": {...}, "hero": [...], '
                                 '"players": [...]}')


def add_hero_arguments(parser: argparse.ArgumentParser, shown: str) -> None:
    """Who the hero is, whose ``shown`` the command shows: ``--person PERSON`` or
    ``--player NAME``; by default the person ``badugi-hh me`` names (:func:`hero_of`)."""
    hero = parser.add_mutually_exclusive_group()
    hero.add_argument("--person", help=f"{shown}: this person's "
                                       "(default: the one badugi-hh me names)")
    hero.add_argument("--player", help=f"{shown}: this player's (NAME on every site, or "
                                       "SITE:NAME)")


def run(args: argparse.Namespace) -> int:
    from badugi_hh import stats
    from badugi_hh.store import StoreError

    try:
        with open_tables(args) as con:
            found = one_hand(con, args.hand, tables_name(getattr(args, "data", None), args.db))
            hero_label, hero = hero_of(con, args)
            table = stats.opponents(con, found.key, hero)
    except (HandNotFound, stats.FilterError) as error:
        print(f"badugi-hh opponents: {printable(str(error))}", file=sys.stderr)
        return EXIT_UNKNOWN
    except StoreError as error:
        print(f"badugi-hh opponents: {error}", file=sys.stderr)
        return EXIT_DATABASE
    if table is None:   # found a moment ago: the tables changed in between
        print(f"badugi-hh opponents: {named(found.site, found.hand_id)} is gone",
              file=sys.stderr)
        return EXIT_UNKNOWN
    if args.format == "json":
        print(json.dumps(_json(found, hero_label, hero, table), ensure_ascii=False, indent=2))
    elif args.format == "csv":
        from badugi_hh.commands.sql_output import write_csv

        columns, rows = _flat(table)
        write_csv(columns, rows, sys.stdout)
    else:
        _write_text(found, hero_label, table, sys.stdout)
    return EXIT_OK


def hero_of(con: duckdb.DuckDBPyConnection, args: argparse.Namespace,
            ) -> tuple[str | None, tuple[Identity, ...]]:
    """Who the net is of, in words, and his names (site, name); none without a hero."""
    from badugi_hh import stats
    from badugi_hh.filters import player_label

    if args.player is not None:
        chosen = stats.resolve(con, player=args.player)
        if chosen.players:
            return player_label(*chosen.players[0]), chosen.players
        names = tuple(stats.players(con, stats.Filters(player=chosen.player))[
            ["site", "player"]].itertuples(index=False, name=None))
        return f"{chosen.player} (every site)", names
    person = args.person if args.person is not None else stats.me(con)
    if person is None:
        return None, ()
    chosen = stats.resolve(con, person=person)
    return f"{chosen.person} (person)", chosen.players


# -- output ----------------------------------------------------------------------------

def _draw_rows(table: Opponents, site: str, player: str) -> pd.DataFrame:
    draws = table.draws
    return draws[(draws["site"] == site) & (draws["player"] == player)]


def _versus_rows(table: Opponents, site: str, player: str) -> pd.DataFrame:
    versus = table.versus
    return versus[(versus["site"] == site) & (versus["player"] == player)]


def _write_text(found: FoundHand, hero_label: str | None, table: Opponents,
                out: TextIO) -> None:
    from badugi_hh.filters import player_label
    from badugi_hh.stats import FIGURE_LABELS, FIGURES, figure_text

    print(f"{named(found.site, found.hand_id)} ({printable(found.source)}): "
          f"{len(table.players)} players; each over all his stored hands", file=out)
    nobody = "nobody (badugi-hh me PERSON, or --person / --player)"
    print(f"Hero: {printable(hero_label) if hero_label else nobody}", file=out)
    for row in table.players.itertuples(index=False):
        mark = " (hero)" if row.is_hero else ""
        label = f", labelled {printable(row.label)} ({row.colour})" if row.label else ""
        print(f"\nSeat {row.seat}: {printable(player_label(row.site, row.player))}{mark}, "
              f"{counted(row.hands, 'hand')}{label}", file=out)
        if row.note:
            print(f"  note: {printable(row.note)}", file=out)
        figures = [f"{FIGURE_LABELS[name]} "
                   f"{figure_text(name, getattr(row, name), getattr(row, f'{name}_n'))}"
                   for name in FIGURES if _of_rounds(name, row.betting_rounds)]
        print("  " + " · ".join(figures[:7]), file=out)
        print("  " + " · ".join(figures[7:]), file=out)
        for draw in _draw_rows(table, row.site, row.player).itertuples(index=False):
            print(f"  draws in {draw.hand_size}-card games ({draw.games}): stood pat "
                  f"{figure_text('stand_pat', draw.stand_pat, draw.draws)} · "
                  f"{figure_text('cards_per_draw', draw.cards_per_draw, draw.draws)}",
                  file=out)
        if hero_label and not row.is_hero:
            nets = _versus_rows(table, row.site, row.player)["text"].tolist()
            print(f"  hero vs him: {'; '.join(nets) or 'no hand together'}", file=out)


def _of_rounds(figure: str, rounds: int) -> bool:
    """Whether ``figure`` is other than a fold to a bet in a round after the first
    ``rounds``, which the player's games do not have.

    >>> [_of_rounds(name, 2) for name in ("fold_to_bet_round2", "fold_to_bet_round3", "vpip")]
    [True, False, True]
    """
    round_number = figure.removeprefix("fold_to_bet_round")
    return round_number == figure or int(round_number) <= rounds


def _figure(value: Any, n: Any) -> dict[str, object]:
    """A figure and its sample size for JSON: a figure with no chance is null."""
    import pandas as pd

    return {"value": None if value is None or pd.isna(value) else float(value), "n": int(n)}


def _json(found: FoundHand, hero_label: str | None, hero: tuple[Identity, ...],
          table: Opponents) -> dict[str, object]:
    from badugi_hh.commands.stats_report import money
    from badugi_hh.stats import FIGURES

    players = []
    for row in table.players.itertuples(index=False):
        draws = [{"hand_size": int(draw.hand_size), "games": draw.games,
                  "stand_pat": _figure(draw.stand_pat, draw.draws),
                  "cards_per_draw": _figure(draw.cards_per_draw, draw.draws)}
                 for draw in _draw_rows(table, row.site, row.player).itertuples(index=False)]
        versus = [{**money(None if net.net is None else int(net.net), net.currency,
                           int(net.unit)), "hands": int(net.hands)}
                  for net in _versus_rows(table, row.site, row.player).itertuples(index=False)]
        players.append({"seat": int(row.seat), "site": row.site, "player": row.player,
                        "is_hero": bool(row.is_hero), "hands": int(row.hands),
                        "label": ({"name": row.label, "colour": row.colour} if row.label
                                  else None),
                        "note": row.note or None,
                        **{name: _figure(getattr(row, name), getattr(row, f"{name}_n"))
                           for name in FIGURES},
                        "draws": draws, "hero_net": versus if hero_label else None})
    return {"hand": {"hand_id": found.hand_id, "site": found.site, "source": found.source},
            "hero": {"label": hero_label, "names": [list(name) for name in hero]},
            "players": players}


def _flat(table: Opponents) -> tuple[list[str], list[list[object]]]:
    """One row per player: the figures beside their ``_n``, the draws of each hand
    size, and the hero's net in words."""
    from badugi_hh.commands.stats_report import rows

    players = table.players.copy()
    for size in (4, 5):
        of_size = table.draws[table.draws["hand_size"] == size].set_index(["site", "player"])
        keys = list(zip(players["site"], players["player"]))
        for column in ("draws", "stand_pat", "cards_per_draw"):
            players[f"{column}_{size}card"] = [of_size[column].get(key) for key in keys]
    players["hero_net"] = ["; ".join(_versus_rows(table, site, player)["text"])
                           for site, player in zip(players["site"], players["player"])]
    return list(players.columns), rows(players)
