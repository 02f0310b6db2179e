"""The README's API example run as a user's script: with no main guard it stops at once
and says what to add; with one, it imports. Nothing in the API waits forever."""

from __future__ import annotations

import inspect
import subprocess
import sys
from pathlib import Path

import pytest

from badugi_hh.dataset import ClusterSpec, DatasetBusy, import_to_dataset
from badugi_hh.dataset.cluster import check_local_start
from badugi_hh.dataset.layout import IMPORT_LOCK, LOCK_WAIT_SECONDS, hold_lock

SAMPLES = Path(__file__).resolve().parents[1] / "sample_logs"

_EXAMPLE = f"""from badugi_hh.dataset import ClusterSpec, import_to_dataset
done = import_to_dataset([{str(SAMPLES)!r}], "hands/", ClusterSpec.parse("local:2"))
print(done.summary)
"""


def _run_script(folder: Path, text: str) -> subprocess.CompletedProcess[str]:
    script = folder / "example.py"
    script.write_text(text)
    # a hang is what is tested: the timeout fails the test instead of stalling the suite
    return subprocess.run([sys.executable, str(script)], cwd=folder, capture_output=True,
                          text=True, timeout=60)


def test_the_readme_example_without_a_main_guard_stops_at_once_saying_what_to_add(
        tmp_path: Path) -> None:
    done = _run_script(tmp_path, _EXAMPLE)
    assert done.returncode == 1
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith("badugi_hh.dataset.cluster.ClusterError: ")
    assert f"{tmp_path / 'example.py'}:2: " in last
    assert 'put the call under `if __name__ == "__main__":`' in last
    assert not (tmp_path / "hands").exists()   # stopped before it wrote anything


def test_a_call_inside_a_function_the_top_level_calls_is_caught_too(tmp_path: Path) -> None:
    text = _EXAMPLE.replace("done = import_to_dataset", "def main():\n    return import_to_dataset")
    text = text.replace("print(done.summary)", "main()")
    done = _run_script(tmp_path, text)
    assert done.returncode == 1
    assert f"{tmp_path / 'example.py'}:4: a local cluster" in done.stderr


@pytest.mark.cluster
def test_the_readme_example_under_a_main_guard_imports(tmp_path: Path) -> None:
    guarded = _EXAMPLE.replace("done = ", 'if __name__ == "__main__":\n    done = ')
    guarded = guarded.replace("print(done", "    print(done")
    done = _run_script(tmp_path, guarded)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("11 files read: 540 hands, 540 new")


def test_a_tcp_cluster_or_none_needs_no_guard() -> None:
    for spec in (None, ClusterSpec.parse("tcp://127.0.0.1:8786"),
                 ClusterSpec.parse("local:2")):   # pytest runs this, not a script
        assert check_local_start(spec) is None


def test_a_wait_for_the_dataset_ends_by_default_and_names_the_holder(tmp_path: Path) -> None:
    root = tmp_path / "ds"
    root.mkdir()
    assert LOCK_WAIT_SECONDS < 60
    with hold_lock(root / IMPORT_LOCK, wait=0) as mine:
        assert mine
        with pytest.raises(DatasetBusy) as busy:
            import_to_dataset([str(SAMPLES)], root, wait=0.1)
    message = str(busy.value)
    assert f"an import is writing into {root}: process " in message
    assert "waited 0.1 s" in message
    assert inspect.signature(import_to_dataset).parameters["wait"].default == LOCK_WAIT_SECONDS
