"""Every import route gives the same statistics: a dataset on a local cluster of two
workers, and a DuckDB file written by two processes and by one (the command lines as a
user types them; their speed is the benchmark's, ``bench --only scale``)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from badugi_hh.simulate import simulate
from badugi_hh.writer import write_records

CLI = [sys.executable, "-m", "badugi_hh.cli"]


def _run(*args: str) -> str:
    done = subprocess.run([*CLI, *args], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.cluster
def test_the_same_statistics_on_every_route_at_two_workers(tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    logs.mkdir()
    for seed in range(4):   # logs of different sizes: the largest goes first
        with open(logs / f"sim-{seed}.txt", "w", encoding="utf-8") as out:
            write_records(simulate(6 + 4 * seed, seed), out)
    _run("import", str(logs), "--out", str(tmp_path / "ds"), "--cluster", "local:2")
    _run("import", str(logs), "--db", str(tmp_path / "j2.duckdb"), "--jobs", "2")
    _run("import", str(logs), "--db", str(tmp_path / "j1.duckdb"), "--jobs", "1")
    dataset = json.loads(_run("stats", "--data", str(tmp_path / "ds"), "--json"))
    two = json.loads(_run("stats", "--db", str(tmp_path / "j2.duckdb"), "--json"))
    one = json.loads(_run("stats", "--db", str(tmp_path / "j1.duckdb"), "--json"))
    assert one["coverage"]["hands"] > 100
    assert {player["player"] for player in one["players"]} >= {"Ana", "Bruno"}
    assert dataset == one
    assert two == one
