"""Where an import's time goes, per hand, and the readers' grammars run by lark-cython
against Lark alone (``bench --only import``).

Each log set is imported twice in fresh processes, one whose readers parse with
lark-cython and one with Lark alone (the baseline, measured in the same run; the
engine runs as it does in both), and each process times the stages of the import
on its own: reading the text into records, replaying and auditing them, turning the
reports into rows, and the whole import into a new DuckDB file (what is left of it
is writing). Then the peak memory of importing one six-handed log against one four or
eight times its size (:func:`import_memory`), both larger than a batch of rows: the
import holds a batch at a time and DuckDB a bounded cache, so the larger log should need
little more. The stages:

>>> import tempfile
>>> log = Path(tempfile.mkdtemp()) / "friday.txt"
>>> _ = log.write_text("Session #b\\nSeat 1: A\\nSeat 2: B\\nHand #1\\nA wins 3\\n")
>>> stages = stage_seconds([log])
>>> stages["hands"], sorted(stages)
(1, ['hands', 'import', 'read', 'replay', 'rows'])
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from collections import deque
from collections.abc import Sequence
from pathlib import Path

import badugi_hh
from badugi_hh.compiled import PURE_PYTHON_VARIABLE
from badugi_hh.engine import audit
from badugi_hh.events import Hand, Record
from badugi_hh.parsers import read_records
from badugi_hh.parsers.house import clear_caches
from badugi_hh.rows.files import BATCH_HANDS, file_batches
from badugi_hh.store import Store

#: The readers, as the figures name them: lark-cython's, and Lark's alone (the baseline).
READERS = {"compiled": "lark-cython", "python": "Lark alone"}


def stage_seconds(paths: Sequence[Path]) -> dict[str, float]:
    """Seconds to read ``paths``, to replay their hands, to make their rows, and to
    import them whole into a new database, in this process; and their hands."""
    clear_caches()   # every stage starts cold, as a new file does
    started = time.perf_counter()
    logs: list[list[Record]] = [list(read_records(path)) for path in paths]
    read = time.perf_counter() - started
    for records in logs:   # the evaluators' caches filled first, as for the rows after
        deque(audit(records), maxlen=0)
    started = time.perf_counter()
    for records in logs:
        deque(audit(records), maxlen=0)
    replay = time.perf_counter() - started
    started = time.perf_counter()
    for path, records in zip(paths, logs):
        deque(file_batches(records, str(path), None, BATCH_HANDS, "UTC"), maxlen=0)
    rows = time.perf_counter() - started - replay   # file_batches replays them too
    clear_caches()
    with tempfile.TemporaryDirectory() as folder:
        with Store(Path(folder) / "bench.duckdb") as store:
            started = time.perf_counter()
            store.import_paths(list(paths))
            whole = time.perf_counter() - started
    hands = sum(isinstance(record, Hand) for records in logs for record in records)
    return {"hands": hands, "read": read, "replay": replay, "rows": rows, "import": whole}


def stage_seconds_in_process(paths: Sequence[Path], reader: str) -> dict[str, float]:
    """:func:`stage_seconds` in a fresh interpreter whose readers are ``reader``'s
    (a key of :data:`READERS`); the engine is chosen as in this process."""
    code = ("import json, os, sys; from pathlib import Path; import badugi_hh; "
            f"os.environ[{PURE_PYTHON_VARIABLE!r}] = sys.argv[1]; "
            "from badugi_hh.bench.importing import stage_seconds; "
            "from badugi_hh.parsers.common import reader_kind; "
            "print(json.dumps({**stage_seconds([Path(p) for p in sys.argv[2:]]), "
            "'compiled': reader_kind() == 'compiled'}))")
    environment = {name: value for name, value in os.environ.items()
                   if name != PURE_PYTHON_VARIABLE}
    if badugi_hh.ENGINE == "python":
        environment[PURE_PYTHON_VARIABLE] = "1"   # the engine runs as here
    done = subprocess.run([sys.executable, "-c", code, "1" if reader == "python" else "",
                           *map(str, paths)], env=environment, capture_output=True,
                          text=True, check=True)
    figures: dict[str, float] = json.loads(done.stdout.splitlines()[-1])
    return figures


def import_figures(name: str, paths: Sequence[Path], repeats: int) -> dict[str, float]:
    """The figures of importing ``paths``: hands/s with each reader, the ratio, and the
    microseconds per hand of each stage with lark-cython's (where it is installed).
    Each stage's best of ``repeats`` runs, the two readers' runs taking turns."""
    runs: dict[str, dict[str, float]] = {}
    stage_seconds_in_process(paths[:1], "compiled")   # the first process of a run is slower
    for _ in range(repeats):
        for reader in READERS:
            stages = stage_seconds_in_process(paths, reader)
            best = runs.setdefault(reader, stages)
            runs[reader] = {stage: min(seconds, best[stage]) for stage, seconds in stages.items()}
    fast, baseline = runs["compiled"], runs["python"]
    hands = fast["hands"]
    figures = {f"{name}: hands": hands}
    for reader, stages in runs.items():
        figures[f"{name}: import, {READERS[reader]} (hands/s)"] = hands / stages["import"]
    if fast["compiled"]:
        figures[f"{name}: import speedup, lark-cython / Lark (x)"] = (
            baseline["import"] / fast["import"])
        figures[f"{name}: read speedup, lark-cython / Lark (x)"] = (
            baseline["read"] / fast["read"])
    writing = fast["import"] - fast["read"] - fast["replay"] - fast["rows"]
    for stage, seconds in (("read", fast["read"]), ("replay", fast["replay"]),
                           ("rows", fast["rows"]), ("write", max(writing, 0.0))):
        figures[f"{name}: {stage} (us/hand)"] = seconds / hands * 1e6 if hands else 0.0
    return figures


def import_memory(folder: Path, small: int, large: int) -> dict[str, float]:
    """Peak resident memory of ``badugi-hh import`` of one six-handed log of ``small``
    hands and of one of ``large``, each into a new database by a fresh process. The
    import holds a batch of rows at a time (:data:`~badugi_hh.rows.files.BATCH_HANDS`
    hands: ``small`` should be more) and DuckDB a bounded cache
    (:data:`~badugi_hh.store.connection.WRITER_MEMORY`), so the larger log should need
    little more memory, whatever its size (a 1 GB log within 1 GB)."""
    from badugi_hh.bench.sql import peak_memory
    from badugi_hh.bench.store import sessions_holding, write_logs
    from badugi_hh.games import HOUSE_GAME
    from badugi_hh.simulate import simulate, table_rules

    peaks: dict[int, float] = {}
    for hands in (small, large):
        logs = folder / f"memory-{hands}"
        write_logs(sessions_holding(simulate(hands, 3, table_rules(HOUSE_GAME, 6)), hands),
                   logs, hands)
        (log,) = logs.iterdir()
        peak, _, status = peak_memory([sys.executable, "-m", "badugi_hh", "import", str(log),
                                       "--db", str(logs / "memory.duckdb")])
        if status != 0:
            raise RuntimeError(f"import of {log} exited with status {status}")
        peaks[hands] = peak
    return {f"import peak memory, {small:,} hands (MB)": peaks[small],
            f"import peak memory, {large:,} hands (MB)": peaks[large],
            f"import peak memory growth, {small:,} -> {large:,} hands (x)":
                peaks[large] / peaks[small]}
