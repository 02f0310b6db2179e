"""What ``badugi-hh sql`` costs in memory: a whole table printed against ``SELECT 1``.

``bench --only sql`` imports simulated logs of 200,000 hands (20,000 with
``--quick``) into a database, then runs the command as a user types it, each in
a fresh process whose peak resident memory the operating system reports:
``sql "SELECT 1" --csv`` for the baseline, then every action of every hand as
CSV and as JSON. The result streams, so the ratios stay near 1 whatever the
size of the table.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

from badugi_hh.events import Hand, Record, SessionStart


#: Runs its arguments as a command and prints that process's peak memory and exit
#: status. A process's peak counts its parent's memory at the fork (Linux): measured
#: from a small interpreter, not from the large one that made the database.
_MEASURE = ("import os, subprocess, sys; "
            "process = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, "
            "stderr=subprocess.DEVNULL); _, status, usage = os.wait4(process.pid, 0); "
            "print(usage.ru_maxrss, os.waitstatus_to_exitcode(status))")


def peak_memory(command: Sequence[str]) -> tuple[float, float, int]:
    """Run ``command`` with its output thrown away: its peak resident memory in MB
    (the kernel's figure for that process alone), its seconds and its exit status."""
    start = time.perf_counter()
    report = subprocess.run([sys.executable, "-c", _MEASURE, *command], capture_output=True,
                            text=True, check=True).stdout.split()
    seconds = time.perf_counter() - start
    per_unit = 1 if sys.platform == "darwin" else 1024   # bytes on macOS, KiB elsewhere
    return int(report[0]) * per_unit / 2**20, seconds, int(report[1])


def database_of(hands: int, folder: Path) -> Path:
    """A database of ``hands`` simulated hands (whole sessions) in ``folder``."""
    from badugi_hh.simulate import simulate
    from badugi_hh.store import Store
    from badugi_hh.writer import write_records

    logs = folder / "logs"
    logs.mkdir()
    records = _whole_sessions(simulate(hands, seed=2024), hands)
    for number, chunk in enumerate(_batched(records, 200_000)):
        with open(logs / f"log-{number}.txt", "w", encoding="utf-8") as out:
            write_records(chunk, out)
    db = folder / "hands.duckdb"
    with Store(db) as store:
        store.import_paths([logs], jobs=min(2, os.cpu_count() or 1))
    return db


def _whole_sessions(records: Iterable[Record], hands: int) -> Iterator[Record]:
    """The records of as many whole sessions as it takes to reach ``hands`` hands."""
    count = 0
    for record in records:
        if count >= hands and isinstance(record, SessionStart):
            return
        count += isinstance(record, Hand)
        yield record


def _batched(records: Iterator[Record], size: int) -> Iterator[list[Record]]:
    """Runs of about ``size`` records, cut between sessions (a log holds whole ones)."""
    batch: list[Record] = []
    for record in records:
        if len(batch) >= size and isinstance(record, SessionStart):
            yield batch
            batch = []
        batch.append(record)
    if batch:
        yield batch


def bench_sql_memory(quick: bool) -> dict[str, float]:
    """Peak memory of ``sql`` printing a whole table, against ``SELECT 1`` in the same run."""
    hands = 20_000 if quick else 200_000
    with tempfile.TemporaryDirectory() as folder:
        db = database_of(hands, Path(folder))
        sql = [sys.executable, "-m", "badugi_hh.cli", "sql", "--db", str(db)]
        baseline, _, _ = peak_memory([*sql, "SELECT 1", "--csv"])
        figures = {"hands": float(hands), "actions (rows)": float(_rows(db, "actions")),
                   'baseline: sql "SELECT 1" --csv (MB)': baseline}
        for form in ("--csv", "--json"):
            peak, seconds, status = peak_memory([*sql, "SELECT * FROM actions", form])
            if status != 0:
                raise RuntimeError(f"sql {form} exited with status {status}")
            figures[f'sql "SELECT * FROM actions" {form} (MB)'] = peak
            figures[f"{form} over the baseline (x)"] = peak / baseline
            figures[f"{form} (s)"] = seconds
        return figures


def _rows(db: Path, table: str) -> int:
    from badugi_hh.store import connect

    con = connect(db, read_only=True)
    try:
        return int(con.execute(f"SELECT count(*) FROM {table}").fetchall()[0][0])
    finally:
        con.close()

