"""Serve the Streamlit dashboard: players, sessions, tournaments, replayer, table, audit, import.

    badugi-hh dashboard --db club.duckdb --port 8501
    badugi-hh dashboard --data club-dataset/

Then open http://127.0.0.1:8501 in a browser; Ctrl-C stops the server. The
pages read a DuckDB database (--db) or a dataset folder of Parquet files
(--data, written by badugi-hh import --out), the same pages and figures from
either. They only read (an import from the command line can write meanwhile,
and the pages show the new hands), but for the Import page, which uploads a log
of up to 50 MB and imports it into the database or the dataset, and the
replayer's tags and note on a hand, kept there as badugi-hh tag and note keep
them. The app is
dashboards/app.py of the repository, which an editable install (pip install
-e .) leaves in place. --tz ZONE is the one clock the pages show times, days and
sessions on (default: this machine's zone). Exit status: streamlit's, or 1 when the
app cannot be found or --db names a file that is not a database of badugi-hh, 2
for an unknown zone or a --watch-root that is not a folder.

The Import page's "Watch a folder" watches a folder on the server, for any visitor
of the page: it watches only folders under a --watch-root DIR the server's owner
gives (repeatable; links resolved, so a link out of a root leads nowhere), and
none when none is given.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from badugi_hh.commands import add_clock_argument, add_source_arguments, clock_of
from badugi_hh.resources import dashboard_app

#: The app: dashboards/app.py of the repository, or of the package in a wheel.
APP = dashboard_app()
DEFAULT_PORT = 8501
#: The largest log the Import page accepts (streamlit's server.maxUploadSize).
UPLOAD_LIMIT_MB = 50


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    add_source_arguments(parser)
    parser.add_argument("--port", type=port_number, default=DEFAULT_PORT,
                        help=f"the port to serve on (default {DEFAULT_PORT})")
    parser.add_argument("--address", default="127.0.0.1",
                        help="the address to serve on (default 127.0.0.1: this machine only)")
    parser.add_argument("--watch-root", action="append", default=[], metavar="DIR",
                        help="a folder under which the Import page may watch a folder "
                             "(repeatable; none: the page watches none)")
    add_clock_argument(parser)


def streamlit_command(app: Path, db: Path, address: str, port: int, *,
                      dataset: bool = False, tz: str = "UTC",
                      watch_roots: Sequence[Path] = ()) -> list[str]:
    """``python -m streamlit run`` with the server's settings; the app's own
    arguments (``--db FILE``, or ``--data DIR`` for a ``dataset``, ``--tz ZONE``,
    the clock its pages show, and each ``--watch-root DIR``) follow the ``--``."""
    roots = [part for root in watch_roots for part in ("--watch-root", str(root))]
    return [sys.executable, "-m", "streamlit", "run", str(app),
            "--server.address", address, "--server.port", str(port),
            "--server.headless", "true", "--server.maxUploadSize", str(UPLOAD_LIMIT_MB),
            "--browser.gatherUsageStats", "false", "--client.toolbarMode", "viewer",
            "--", "--data" if dataset else "--db", str(db), "--tz", tz, *roots]


def run(args: argparse.Namespace) -> int:
    if not APP.is_file():
        print(f"badugi-hh dashboard: no app at {APP}: the dashboard runs from the "
              "repository (install it with pip install -e .)", file=sys.stderr)
        return 1
    from badugi_hh.rows.clock import check_zone

    try:
        zone = check_zone(clock_of(args))
    except ValueError as error:
        print(f"badugi-hh dashboard: --tz: {error}", file=sys.stderr)
        return 2
    roots = [Path(root).expanduser().resolve() for root in args.watch_root]
    for root in roots:
        if not root.is_dir():
            print(f"badugi-hh dashboard: --watch-root {root}: not a folder", file=sys.stderr)
            return 2
    dataset = args.data is not None
    tables = Path(args.data if dataset else args.db).resolve()
    if not dataset and not_ours(tables):
        return 1
    print(f"badugi-hh dashboard: http://{args.address}:{args.port} on {tables}", flush=True)
    # This process becomes the server, so Ctrl-C and a kill reach streamlit itself.
    os.execv(sys.executable, streamlit_command(APP, tables, args.address, args.port,
                                               dataset=dataset, tz=zone, watch_roots=roots))


def not_ours(db: Path) -> bool:
    """Whether ``db`` cannot be read as our database (a DuckDB file of another program,
    one an import left empty, a file that is no database), said on stderr; a missing
    one is made by the Import page, and one an import holds is waited for by the pages."""
    from badugi_hh.store import Store, StoreError, StoreLocked

    if not db.exists():
        return False
    try:
        Store(db, read_only=True, wait=0).close()
    except StoreLocked:
        return False
    except StoreError as error:   # another program's, empty, or no database at all
        print(f"badugi-hh dashboard: {error}", file=sys.stderr)
        return True
    return False


def port_number(text: str) -> int:
    """A TCP port, checked as the command line is read (Streamlit would fail later,
    with a traceback).

    >>> port_number("8501")
    8501
    >>> port_number("99999")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: 99999 is not a port (1 to 65535)
    """
    if not text.isdigit() or not 0 < int(text) < 65536:
        raise argparse.ArgumentTypeError(f"{text} is not a port (1 to 65535)")
    return int(text)
