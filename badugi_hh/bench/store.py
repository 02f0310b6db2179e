"""The import into a DuckDB file in one process (``bench --only import``), and the
simulated house logs every import benchmark reads."""

from __future__ import annotations

import itertools
import operator
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path

from badugi_hh.events import Hand, Record, SessionStart
from badugi_hh.store import Store


def bench_import(hands: int = 100_000, seed: int = 2024, *, jobs: int = 1,
                 files: int = 8) -> dict[str, float]:
    """Import throughput of simulated house logs: parse + audit + store.

    Writes simulated sessions, split into ``files`` logs, until they hold
    ``hands`` hands; imports the folder into a new database file with ``jobs``
    processes (1: everything on one core), then imports it again (unchanged,
    every file is skipped by its hash).
    """
    from badugi_hh.simulate import simulate

    with tempfile.TemporaryDirectory() as folder:
        logs = Path(folder) / "logs"
        write_logs(sessions_holding(simulate(hands, seed), hands), logs, -(-hands // files))
        with Store(Path(folder) / "bench.duckdb") as store:
            first = store.import_paths([logs], jobs=jobs)
            again = store.import_paths([logs], jobs=jobs)
    return {
        "hands": first.hands,
        f"import, {jobs} process{'es' if jobs > 1 else ''} (hands/s)": first.hands_per_second,
        "rows stored (rows/s)": first.rows / first.seconds,
        "import (s)": first.seconds,
        "re-import, unchanged (s)": again.seconds,
    }


def sessions_holding(records: Iterable[Record], hands: int) -> Iterator[Record]:
    """Whole sessions of ``records``, as many as it takes to reach ``hands`` hands."""
    count = 0
    for record in records:
        if isinstance(record, SessionStart) and count >= hands:
            return
        count += isinstance(record, Hand)
        yield record


def write_logs(records: Iterable[Record], folder: Path, hands_per_file: int) -> None:
    """House logs of ``records`` in ``folder``: a new file at the first session that
    starts after ``hands_per_file`` hands."""
    from badugi_hh.writer import write_records

    def numbered() -> Iterator[tuple[int, Record]]:
        number, hands = 0, hands_per_file
        for record in records:
            if isinstance(record, SessionStart) and hands >= hands_per_file:
                number, hands = number + 1, 0
            hands += isinstance(record, Hand)
            yield number, record

    folder.mkdir()
    for number, group in itertools.groupby(numbered(), key=operator.itemgetter(0)):
        with open(folder / f"bench-{number}.txt", "w", encoding="utf-8") as out:
            write_records((record for _, record in group), out)


def write_simulated_logs(folder: Path, hands: int, files: int) -> int:
    """``files`` house logs of whole simulated sessions, ``hands`` hands in all."""
    from badugi_hh.simulate import simulate

    write_logs(sessions_holding(simulate(hands, 2024), hands), folder, -(-hands // files))
    return hands
