"""Watch hand-history folders and import each hand as the site writes it, until Ctrl-C.

    badugi-hh watch ~/PokerStars/HandHistory/Hero --db club.duckdb

First imports what the folders hold (as `import` does, archives included), then
each new log and each hand appended to a log, a moment after the site writes it:
each hand is taken as soon as it is complete, as its format ends a hand (the blank
line after a site's summary, Merge's </game>, the next hand's header), and a
half-written hand waits for its end; a log whose last hand never ends so is taken
whole after 10 s without change. One line is printed per batch imported. The
database is opened for writing only while a batch is stored, so the dashboard
reads it meanwhile (and shows the new hands at its next view); --data DATASET/
writes a dataset instead. Changes are learnt from the file system's events (or by
polling where there are none), and the folders are looked at every 2 s all the same.
While it runs, it keeps a record beside the database or dataset (club.duckdb-watch.json:
its folders, since when, its last beat each second, when it stopped), which the live
table (badugi-hh hud, the dashboard's Live table page) reads to say whether it still
runs.

Exit status: 0 when stopped by Ctrl-C (or a termination signal); 2 when a folder
to watch does not exist or is not a folder; 1 when the database or dataset
cannot be opened.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from badugi_hh.commands import DEFAULT_DB
from badugi_hh.ctrl_c import interrupt
from badugi_hh.textsafe import printable
from badugi_hh.wording import counted

if TYPE_CHECKING:
    from collections.abc import Callable

    from badugi_hh.watch import Batch, Ends

EXIT_OK, EXIT_DATABASE, EXIT_NO_FOLDER = 0, 1, 2


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from badugi_hh.commands.importer import time_zone

    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.add_argument("folders", nargs="+", metavar="FOLDER",
                        help="the folders a site writes its hand histories into")
    targets = parser.add_mutually_exclusive_group()
    targets.add_argument("--db", default=DEFAULT_DB, metavar="FILE",
                         help=f"the DuckDB database (default: {DEFAULT_DB} in this folder)")
    targets.add_argument("--data", metavar="DATASET",
                         help="write into this dataset folder instead of the database")
    parser.add_argument("--tz", type=time_zone, metavar="ZONE",
                        help="the time zone of house logs' times (default: this machine's)")


def run(args: argparse.Namespace) -> int:
    missing = [folder for folder in args.folders if not os.path.isdir(folder)]
    for folder in missing:
        _say(f"{folder}: not a folder to watch", error=True)
    if missing:
        return EXIT_NO_FOLDER
    from badugi_hh.commands.importer import dataset_is_a_file

    if args.data and (why := dataset_is_a_file(args.data)) is not None:
        _say(printable(why), error=True)
        return EXIT_DATABASE
    from badugi_hh.dataset import DatasetBusy
    from badugi_hh.store import StoreError
    from badugi_hh.watch import Watcher, into_database, into_dataset
    from badugi_hh.watch_state import Heartbeat

    target = args.data or args.db
    importer = (into_dataset(args.data, args.tz) if args.data
                else into_database(args.db, args.tz))
    watcher = Watcher(args.folders, importer, parts=not args.data)
    stop = threading.Event()
    previous = signal.signal(signal.SIGTERM, interrupt)   # a dashboard's Stop: a Ctrl-C
    try:
        with Heartbeat(target, args.folders) as heartbeat:
            watcher.snapshot()
            if not first_import(args, target, watcher.still_written):
                heartbeat.withdraw()   # refused: the database's error is the one to read
                return EXIT_DATABASE
            if heartbeat.problem:
                _say(printable(heartbeat.problem), error=True)
            reporter = Reporter(target)
            watcher.run(stop, reporter)
    except (StoreError, DatasetBusy) as error:
        _say(str(error), error=True)
        return EXIT_DATABASE
    except KeyboardInterrupt:
        stop.set()
        _say(f"stopped watching; everything imported is in {printable(target)}")
        return EXIT_OK
    finally:
        signal.signal(signal.SIGTERM, previous)
    return EXIT_OK


def first_import(args: argparse.Namespace, target: str,
                 still_written: Callable[[list[str]], Ends]) -> bool:
    """Import what the folders hold now, with a progress bar; False when the
    database or dataset cannot be opened (said). Of a log still being written
    (``still_written``) only its complete hands are read, and a dataset, which reads
    whole logs, reads it once it is complete: the watch goes on with it."""
    from badugi_hh.commands.importer import (
        dataset_unwritable, first_errors, progress_bar, summary_line, tell_problems,
    )
    from badugi_hh.dataset import DatasetBusy, import_to_dataset
    from badugi_hh.store import Store, StoreError
    from badugi_hh.watch import logs_in

    found = logs_in(args.folders)
    logs = [item for item in found if isinstance(item, str)]
    ends = still_written(logs)
    logs = [log for log in logs if ends.get(log) is None or (ends[log] and not args.data)]
    progress = progress_bar(logs, label="first import")
    started, quarantined = datetime.now(), []
    try:
        if args.data:
            done = import_to_dataset(logs, args.data, progress=progress.advance, zone=args.tz,
                                     read_bytes=progress.advance_bytes)
            summary, problems = done.summary, [*done.failures]
            quarantined = done.quarantined
        else:
            with Store(args.db) as store:
                summary = store.import_paths(logs, progress.advance, zone=args.tz,
                                             read_bytes=progress.advance_bytes, ends=ends)
                quarantined = first_errors(store.connection, started)
            problems = []
    except (StoreError, DatasetBusy) as error:
        _say(str(error), error=True)
        return False
    except OSError as error:
        if not args.data:
            raise   # a database's are StoreErrors: any other is the command's to say
        _say(printable(dataset_unwritable(args.data, error)), error=True)
        return False
    finally:
        progress.close()
    summary.unreadable.extend(str(item) for item in found if not isinstance(item, str))
    # a log still being written whose first hand is not complete yet has no hand to store
    waiting = {os.path.abspath(path) for path in ends}
    summary.no_hands[:] = [path for path in summary.no_hands
                           if os.path.abspath(path) not in waiting]
    tell_problems(summary, quarantined, problems, command="watch")
    _say(f"{_now()} {summary_line(summary)} into {printable(target)}; watching "
         f"{', '.join(printable(folder) for folder in args.folders)} (Ctrl-C to stop)")
    return True


class Reporter:
    """One line per batch: what it added, from which logs, and the hands a log written
    over no longer holds, after what ``import`` would say of its problems; a database
    held by another process is said once, until it is free again."""

    def __init__(self, target: str) -> None:
        self.target = target
        self.busy = False

    def __call__(self, batch: Batch) -> None:
        summary = batch.summary
        if batch.busy:
            if not self.busy:
                _say(f"{_now()} {printable(batch.busy)}; trying again", error=True)
            self.busy = True
            return
        self.busy = False
        from badugi_hh.commands.importer import tell_problems

        # what import says of the same files: unreadable paths, failures, copies that
        # differ (T5)...; then where the batch's unreadable text begins. Not that a log
        # gave no readable hand: read as it is written, its next hand may be
        tell_problems(replace(summary, no_hands=[]), [], command="watch")
        for problem in batch.problems:
            _say(printable(problem), error=True)
        if not (summary.new_hands or summary.removed_hands or summary.quarantined
                or summary.violations):
            return   # a file touched, or a copy: nothing to tell
        from badugi_hh.commands.importer import removed_hands

        names = ", ".join(printable(Path(path).name) for path in batch.paths)
        extra = "".join(f", {counted(number, what)}" for number, what in (
            (summary.violations, "new violation"), (summary.quarantined, "quarantined text"))
            if number)
        _say(f"{_now()} {counted(summary.new_hands, 'new hand')} from {names}"
             f"{removed_hands(summary)}{extra}")


def _now() -> str:
    return datetime.now().strftime("%H:%M:%S")


def _say(line: str, error: bool = False) -> None:
    stream = sys.stderr if error else sys.stdout
    print(f"badugi-hh watch: {line}" if error else line, file=stream, flush=True)
