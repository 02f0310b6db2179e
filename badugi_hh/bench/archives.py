"""``validate`` of many small logs in a ``.zip`` and a ``.tar.gz``, next to the same logs
as a folder timed in the same run (``badugi-hh bench --only archives``).

An archive is read in one pass: its logs cost what the folder's do, whatever their
number (each member was reached by reading the archive from its start, and 2,000
logs took 20 to 100 times the folder's time).
"""

from __future__ import annotations

import re
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from collections.abc import Callable
from pathlib import Path

from badugi_hh.bench import Figures, best_times, simulated_text

__all__ = ["bench_archives"]

#: How many different logs the benchmark's are copies of.
DISTINCT_LOGS = 60
#: The line validate ends each log's report with.
_SUMMARY = re.compile(r"^.*: \d+ hands? in \d+ sessions?: ", re.MULTILINE)


def bench_archives(quick: bool) -> Figures:
    """Whole ``validate`` processes over a folder of small logs, a zip and a tar.gz of them."""
    logs = 300 if quick else 2_000
    # Tables of their own, as a player's logs are (copies of one log would compress
    # like an archive bomb, and be refused): more than gzip's 32 KiB window apart.
    texts = [simulated_text(2, seed).encode() for seed in range(DISTINCT_LOGS)]
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary, "logs")
        folder.mkdir()
        for number in range(logs):
            folder.joinpath(f"table-{number:05}.txt").write_bytes(texts[number % len(texts)])
        zipped, tarred = Path(temporary, "logs.zip"), Path(temporary, "logs.tar.gz")
        with zipfile.ZipFile(zipped, "w", zipfile.ZIP_DEFLATED) as out:
            for log in sorted(folder.iterdir()):
                out.write(log, log.name)
        with tarfile.open(tarred, "w:gz") as out:
            out.add(folder, "logs")
        plain, zip_seconds, tar_seconds = best_times(
            [_validate(folder, logs), _validate(zipped, logs), _validate(tarred, logs)],
            1 if quick else 3)
    return {"logs": logs,
            "baseline: validate the folder (s)": plain,
            "validate the .zip (s)": zip_seconds,
            "validate the .tar.gz (s)": tar_seconds,
            ".zip over the folder (x)": zip_seconds / plain,
            ".tar.gz over the folder (x)": tar_seconds / plain}


def _validate(path: Path, logs: int) -> Callable[[], object]:
    """One ``badugi-hh validate PATH`` process, checked to have read every log."""
    def run() -> None:
        done = subprocess.run([sys.executable, "-m", "badugi_hh.cli", "validate", str(path)],
                              capture_output=True, text=True, check=False)
        read = len(_SUMMARY.findall(done.stdout))
        if read != logs:
            raise RuntimeError(f"validate {path} read {read} logs of {logs}: {done.stderr}")
    return run
