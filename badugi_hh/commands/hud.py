"""The live table in the terminal: each table being played and its players' figures, as hands arrive.

    badugi-hh watch ~/PokerStars/HandHistory/Hero --db club.duckdb     # in one terminal
    badugi-hh hud --db club.duckdb                                     # in another
    badugi-hh hud --site pokerstars --table "Benkoela V" --person Ana

Follows the newest hand of each table that `badugi-hh watch` (or the dashboard's
Import page) stores: the tables whose newest hand is within 30 minutes of the
newest hand stored, newest first, six at most. For each player seated at it, a
column of the figures a draw player reads at a glance, each over all his stored
hands and with its sample size, ``34% (n=120)``: hands, VPIP, PFR, 3-bet (3B),
aggression (AGG: the share of his actions that bet or raise), went to showdown
(WTSD), how often he stood pat and how many cards he drew at each draw of the
table's game (pat 1, cards 1...), fold to a bet in each betting round (F1-F4); his
label (``badugi-hh label``) in its colour and the first line of your note on him
(``note --player``). Under each table: your session there so far (its hands and
your net). You are the person ``badugi-hh me`` names, or --person / --player;
without any (or where none of your names is seated), the player whose cards the
log shows. The top line says whether the watcher runs, or when it stopped (from
the record it keeps beside the database, <db>-watch.json). Hands' times are shown in
--tz ZONE, by default this machine's zone.

The database is read when it changes (looked at every --every seconds, 1 by
default) and never held between two looks, so the watcher writes meanwhile.
--once prints the tables once and exits. Ctrl-C stops it.

Exit status: 0 when stopped by Ctrl-C (or after --once); 1 when the database or
dataset does not exist or cannot be opened; 2 for a site, person or player that is
not known.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from badugi_hh.commands import add_clock_argument, add_source_arguments, clock_of
from badugi_hh.commands.opponents import add_hero_arguments
from badugi_hh.ctrl_c import CtrlC
from badugi_hh.textsafe import printable

if TYPE_CHECKING:
    from rich.console import Console, RenderableType
    from rich.table import Table

    from badugi_hh.stats import LiveTable

EXIT_OK, EXIT_DATABASE, EXIT_UNKNOWN = 0, 1, 2


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.add_argument("--site", help="only the tables of this site (pokerstars, fulltilt...)")
    parser.add_argument("--table", help="only the tables whose name holds this text (any case)")
    add_hero_arguments(parser, "whose session is shown under each table")
    add_source_arguments(parser)
    add_clock_argument(parser)
    parser.add_argument("--every", type=float, default=1.0, metavar="SECONDS",
                        help="how often to look for new hands (default 1)")
    parser.add_argument("--once", action="store_true",
                        help="print the tables once and exit")


def run(args: argparse.Namespace) -> int:
    from rich.console import Console

    from badugi_hh import stats
    from badugi_hh.store import StoreError

    console = Console()
    try:
        with CtrlC() as ctrl_c:   # from the first look, often the longest
            tables = _tables(args)
            if args.once:
                console.print(_screen(args, tables))
                return EXIT_OK
            _follow(args, console, tables, ctrl_c)
    except KeyboardInterrupt:
        return EXIT_OK
    except stats.FilterError as error:
        print(f"badugi-hh hud: {printable(str(error))}", file=sys.stderr)
        return EXIT_UNKNOWN
    except StoreError as error:
        print(f"badugi-hh hud: {printable(str(error))}", file=sys.stderr)
        return EXIT_DATABASE


def _follow(args: argparse.Namespace, console: Console, tables: list[LiveTable],
            ctrl_c: CtrlC) -> NoReturn:
    """Redraw the tables until Ctrl-C: read again whenever the database changed, and
    the watcher's line at every look."""
    from rich.live import Live

    from badugi_hh.store import StoreLocked

    seen = _version(args)
    with Live(_screen(args, tables), console=console, auto_refresh=False) as live:
        while True:
            time.sleep(max(args.every, 0.1))
            # a Ctrl-C that DuckDB took during the last look, going on as if none came
            ctrl_c.check()
            now = _version(args)
            if now != seen:
                try:
                    tables, seen = _tables(args), now
                except StoreLocked:
                    pass   # an import holds it longer than a look waits: looked at again
            live.update(_screen(args, tables), refresh=True)


def _tables(args: argparse.Namespace) -> list[LiveTable]:
    """The tables being played, read through a connection closed at once."""
    from badugi_hh import stats
    from badugi_hh.commands import open_tables
    from badugi_hh.commands.opponents import hero_of

    with open_tables(args) as con:
        site = stats.resolve(con, site=args.site).site if args.site is not None else None
        _, hero = hero_of(con, args)
        return stats.live_tables(con, tuple(hero), site=site, table=args.table,
                                 tz=clock_of(args))


def _version(args: argparse.Namespace) -> tuple[int, ...]:
    """The database's (and its WAL's) size and time, or the dataset's manifest folder's:
    what changes when hands are stored."""
    if args.data is not None:
        from badugi_hh.dataset.layout import MANIFEST

        files = [Path(args.data) / MANIFEST]
    else:
        files = [Path(args.db), Path(f"{args.db}.wal")]
    version: list[int] = []
    for file in files:
        try:
            info = file.stat()
        except OSError:
            continue
        version += [info.st_mtime_ns, info.st_size]
    return tuple(version)


# -- drawing ---------------------------------------------------------------------------

def _screen(args: argparse.Namespace, tables: list[LiveTable]) -> RenderableType:
    from rich.console import Group
    from rich.text import Text

    from badugi_hh.watch_state import watch_state

    state = watch_state(args.data if args.data is not None else args.db)
    if state is None:
        watcher = Text("no watcher has stored hands here (badugi-hh watch FOLDER --db ...)",
                       style="yellow")
    else:
        running = state.running()
        watcher = Text(printable(state.text()), style="green" if running else "bold red")
    if not tables:
        chosen = " matching --site/--table" if args.site or args.table else ""
        return Group(watcher, Text(f"no table{chosen} has a hand stored yet"))
    return Group(watcher, *(_table(table) for table in tables))


def _table(live: LiveTable) -> Table:
    """One table: a column per seated player, a row per figure."""
    from rich.table import Table
    from rich.text import Text

    from badugi_hh.filters import site_name
    from badugi_hh.stats import site_number
    from badugi_hh.store.player_notes import COLOURS

    started = "" if live.started_at is None else f" at {live.started_at:%H:%M:%S}"
    title = (f"{site_name(live.site)} · {live.table} · {live.game} {live.stakes} · hand "
             f"{site_number(live.key.hand_id, live.site)}{started}")
    # yours, as the help says, with the screen name you sit under (a log's "Hero" too)
    hero = (f"your session ({live.hero.player}): {live.hero.text}" if live.hero is not None
            else "no hero seated")
    # Text, not str: rich would read a log's "[b]" as its markup
    table = Table(title=Text(printable(title)), caption=Text(printable(hero)),
                  title_justify="left", caption_justify="left")
    table.add_column("")
    rows = list(live.players.itertuples(index=False))
    for row in rows:
        table.add_column(Text(f"{row.seat}: {printable(row.player)}"
                              + (" (hero)" if row.is_hero else ""),
                              style="bold" if row.is_hero else ""))
    table.add_row("label", *(Text(f"● {printable(row.label)}" if row.label else "",
                                  style=COLOURS[row.colour][0] if row.colour else "")
                             for row in rows))
    table.add_row("note", *(Text(printable(row.note)) for row in rows))
    table.add_row("hands", *(f"{row.hands:,}" for row in rows))
    for figure in live.figures:
        table.add_row(figure.short, *(live.cell(row, figure) for row in rows))
    return table
