"""Tournaments played: each one's buy-in, place and prize, and each player's ITM and ROI.

    badugi-hh tournaments --player Hero
    badugi-hh tournaments --person me --json

A tournament comes from its hands (the id, the buy-in its header writes, the places
and prizes the hands state) and from the site's summary file when one is imported
(PokerStars "PokerStars Tournament #N, ..." files, Full Tilt "Full Tilt Poker
Tournament Summary ..." files: the buy-in and fee, entrants, every place and prize);
the summary's word comes first. One row per tournament and player: site, id, game,
start, buy-in, fee, entrants (when known), place (empty: still playing or not
stated), prize and net, in the buy-in's currency. Then one row per player (or the
person) and currency: tournaments, cashes, ITM (the share of the results whose prize
is known that won one), ROI (their net over their buy-ins and fees) and profit.
Tournament chips are never added up: the results are money. --tz ZONE shows the
starts, and reads --from and --to, on that clock (default: this machine's zone).
--json prints {"tournaments": [...], "players": [...]}, amounts as {"amount",
"currency", "unit", "text"}; --csv prints the tournament rows. Exit status: 0; 1 when
the database cannot be opened; 2 when a filter names nothing the database holds.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from badugi_hh.commands import (
    add_clock_argument, add_hand_filters, add_source_arguments, clock_of, open_tables,
)
from badugi_hh.commands.sql import add_format_arguments, write_result

if TYPE_CHECKING:
    import pandas as pd

EXIT_OK, EXIT_DATABASE, EXIT_FILTER = 0, 1, 2

#: The columns of each table, as printed; amounts are money in the buy-in's currency.
_RESULT_COLUMNS = ["site", "tournament", "game", "started", "buy-in", "fee", "entrants",
                   "player", "place", "prize", "net"]
_TOTAL_COLUMNS = ["tournaments", "cashes", "ITM", "ROI", "buy-ins and fees", "prizes",
                  "profit"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    add_source_arguments(parser)
    add_hand_filters(parser, "only this player: NAME on every site, or SITE:NAME "
                             "(pokerstars:Hero)")
    parser.add_argument("--person", help="only the names of this person (badugi-hh alias)")
    parser.add_argument("--site", help="only tournaments of this site")
    parser.add_argument("--game", help="only tournaments of this game")
    add_clock_argument(parser)
    add_format_arguments(parser, 'one JSON object, {"tournaments": [...], "players": [...]}')


def run(args: argparse.Namespace) -> int:
    from badugi_hh import stats
    from badugi_hh.store import StoreError

    if args.player is not None and args.person is not None:
        print("badugi-hh tournaments: give --player or --person, not both", file=sys.stderr)
        return EXIT_FILTER
    try:
        with open_tables(args) as con:
            filters = stats.resolve(con, player=args.player, person=args.person,
                                    date_from=args.date_from, date_to=args.date_to,
                                    site=args.site, game=args.game, tz=clock_of(args))
            results = stats.tournament_results(con, filters)
            totals = stats.tournament_totals(con, filters)
    except StoreError as error:
        print(f"badugi-hh tournaments: {error}", file=sys.stderr)
        return EXIT_DATABASE
    except stats.FilterError as error:
        print(f"badugi-hh tournaments: {error}", file=sys.stderr)
        return EXIT_FILTER
    if args.format == "json":
        print(json.dumps({"tournaments": result_objects(results),
                          "players": total_objects(totals)}, ensure_ascii=False, indent=2))
    elif args.format == "csv":
        write_result(_RESULT_COLUMNS, result_rows(results), "csv", sys.stdout)
    else:
        write_report(results, totals)
    return EXIT_OK


def _money(amount: Any, currency: str, unit: int) -> dict[str, object] | None:
    """An amount as the JSON writes it; None for an unknown one."""
    from badugi_hh.money import format_amount

    if _missing(amount):
        return None
    return {"amount": int(amount), "currency": currency, "unit": int(unit),
            "text": format_amount(int(amount), currency, int(unit))}


def _missing(value: Any) -> bool:
    """None, or pandas' NaN, NaT or NA (whose comparisons are NA: never test those).

    >>> import pandas as pd
    >>> [_missing(value) for value in (None, float("nan"), pd.NA, 0, 250)]
    [True, True, True, False, False]
    """
    import pandas as pd   # loaded already: the value comes from a frame

    return bool(pd.isna(value))


def _text(amount: Any, currency: str, unit: int) -> str | None:
    """An amount in its currency; None where the logs do not state it."""
    money = _money(amount, currency, unit)
    return None if money is None else str(money["text"])


def _count(value: Any) -> int | None:
    return None if _missing(value) else int(value)


def _known(row: tuple[object, ...]) -> tuple[object, ...]:
    """A row as the table prints it: :data:`~badugi_hh.wording.UNKNOWN` where the logs
    never said a figure (an entrant count no summary gave, a fee the buy-in does not
    split, the place of a player still in when the log ends); CSV and JSON leave it
    empty."""
    from badugi_hh.wording import UNKNOWN

    return tuple(UNKNOWN if cell is None else cell for cell in row)


def result_rows(results: pd.DataFrame) -> list[tuple[object, ...]]:
    """The tournament rows as printed: amounts written in their currency."""
    from badugi_hh.filters import site_name

    return [(site_name(row.site), row.tournament_id, row.game,
             "" if _missing(row.started) else str(row.started),
             _text(row.buy_in, row.currency, row.unit), _text(row.fee, row.currency, row.unit),
             _count(row.entrants), row.player, _count(row.place),
             _text(row.prize, row.currency, row.unit), _text(row.net, row.currency, row.unit))
            for row in results.itertuples(index=False)]


def result_objects(results: pd.DataFrame) -> list[dict[str, object]]:
    return [{"site": row.site, "tournament": row.tournament_id, "game": row.game,
             "started": None if _missing(row.started) else str(row.started),
             "buy_in": _money(row.buy_in, row.currency, row.unit),
             "fee": _money(row.fee, row.currency, row.unit),
             "entrants": _count(row.entrants), "player": row.player,
             "place": _count(row.place), "prize": _money(row.prize, row.currency, row.unit),
             "net": _money(row.net, row.currency, row.unit)}
            for row in results.itertuples(index=False)]


def _share(value: Any) -> float | None:
    return None if _missing(value) else float(value)


def _who(row: Any) -> dict[str, object]:
    fields = row._asdict()
    return ({"person": fields["person"]} if "person" in fields
            else {"player": fields["player"], "site": fields["site"]})


def total_objects(totals: pd.DataFrame) -> list[dict[str, object]]:
    return [{**_who(row), "tournaments": int(row.tournaments), "counted": int(row.counted),
             "cashes": _count(row.cashes), "itm": _share(row.itm), "roi": _share(row.roi),
             "cost": _money(row.cost, row.currency, row.unit),
             "prizes": _money(row.prizes, row.currency, row.unit),
             "profit": _money(row.net, row.currency, row.unit)}
            for row in totals.itertuples(index=False)]


def _percent(value: Any) -> str | None:
    return None if _missing(value) else f"{float(value):.1%}"


def write_report(results: pd.DataFrame, totals: pd.DataFrame) -> None:
    """Both tables as aligned text: the tournaments, then each player's results."""
    from badugi_hh.filters import player_label

    if results.empty:
        print("no tournament in the selection")
        return
    write_result(_RESULT_COLUMNS, [_known(row) for row in result_rows(results)], "table",
                 sys.stdout)
    print()
    rows = [(str(row.person) if "person" in row._fields else player_label(row.site, row.player),
             int(row.tournaments), _count(row.cashes), _percent(row.itm), _percent(row.roi),
             _text(row.cost, row.currency, row.unit), _text(row.prizes, row.currency, row.unit),
             _text(row.net, row.currency, row.unit))
            for row in totals.itertuples(index=False)]
    write_result(["player", *_TOTAL_COLUMNS], [_known(row) for row in rows], "table",
                 sys.stdout)
