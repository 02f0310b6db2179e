"""The ``badugi-hh`` command line as a whole: its start-up, its help, its exit statuses."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from badugi_hh import cli
from badugi_hh.cli import COMMANDS, build_parser, main

#: Modules a quick command must not wait for.
HEAVY = ("pandas", "numpy", "duckdb", "pyarrow", "streamlit", "badugi_hh.engine",
         "badugi_hh.store")


def modules_loaded_by(*args: str) -> set[str]:
    """The modules ``badugi-hh ARGS`` has imported when it exits, in a fresh interpreter."""
    code = ("import sys\nfrom badugi_hh.cli import main\n"
            "try:\n    main(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
            "print(' '.join(sys.modules), file=sys.stderr)")
    completed = subprocess.run([sys.executable, "-c", code, *args], capture_output=True,
                               text=True, check=True)
    return set(completed.stderr.split())


@pytest.mark.parametrize("args", [["--help"], ["hand", "--help"], ["hand", "As 2h 3d Kd"],
                                  ["sql", "--help"], ["stats", "--help"],
                                  ["import", "--help"], ["dashboard", "--help"],
                                  ["export", "--help"]])
def test_help_and_hand_import_nothing_heavy(args: list[str]) -> None:
    assert modules_loaded_by(*args) & set(HEAVY) == set()


def test_an_import_into_a_database_loads_no_parquet_nor_cluster(tmp_path) -> None:
    """The store reads parts of a log as a dataset does; the rest of the dataset package
    (Parquet, the cloud file systems, the cluster) waits for a dataset."""
    log = Path(__file__).parent / "data" / "house" / "session.txt"
    loaded = modules_loaded_by("import", str(log), "--db", str(tmp_path / "hands.duckdb"))
    assert "badugi_hh.store.importer" in loaded
    assert loaded & {"pyarrow.parquet", "pyarrow.fs", "badugi_hh.dataset.cluster",
                     "badugi_hh.dataset.writer"} == set()
    assert "tqdm" not in loaded   # off a terminal no bar is drawn, so its library waits


def threads_after_pyarrow(code_before: str, environment: dict[str, str]) -> int:
    """The threads of a fresh interpreter that ran ``code_before``, then loaded PyArrow
    (and so NumPy and its OpenBLAS) as an import does."""
    code = f"{code_before}\nimport os, pyarrow\nprint(len(os.listdir('/proc/self/task')))"
    completed = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                               check=True, env=environment)
    return int(completed.stdout.split()[-1])


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="counts threads in /proc")
def test_a_command_starts_no_idle_matrix_threads() -> None:
    """OpenBLAS's threads (one per core but the first) spin at its load for work no
    command gives them; the command line starts none, unless the user's setting asks.
    (On a one-core machine there would be none either way.)"""
    environment = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    command = "from badugi_hh.cli import main\nmain(['hand', 'As 2h 3d Kd'])"
    one_thread = threads_after_pyarrow("", {**environment, "OPENBLAS_NUM_THREADS": "1"})
    assert threads_after_pyarrow(command, environment) == one_thread
    if (os.cpu_count() or 1) > 1:
        assert threads_after_pyarrow("", environment) > one_thread   # what it spares
        asked = threads_after_pyarrow(command, {**environment, "OPENBLAS_NUM_THREADS": "2"})
        assert asked == one_thread + 1


@pytest.mark.parametrize("name", COMMANDS)
def test_each_summary_is_the_first_line_of_its_module(name: str) -> None:
    module = importlib.import_module(COMMANDS[name].module)
    assert COMMANDS[name].summary == module.__doc__.strip().splitlines()[0]


def test_the_full_parser_knows_every_command() -> None:
    args = build_parser().parse_args(["stats", "--player", "Ana", "--json"])
    assert (args.command, args.player, args.format) == ("stats", "Ana", "json")


def test_help_lists_every_command(capsys) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--help"])
    out = capsys.readouterr().out
    assert exit_info.value.code == 0
    assert all(f"    {name}" in out for name in COMMANDS)


def test_an_unexpected_error_is_one_line_and_exit_3(monkeypatch, capsys) -> None:
    hand = importlib.import_module("badugi_hh.commands.hand")

    def broken(args: object) -> int:
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(hand, "run", broken)
    assert main(["hand", "As 2h 3d Kd"]) == cli.EXIT_INTERNAL_ERROR
    err = capsys.readouterr().err
    assert err.startswith("badugi-hh hand: internal error: ZeroDivisionError: division by "
                          "zero at ") and err.endswith("(please report)\n")
    assert len(err.splitlines()) == 1 and "Traceback" not in err


def test_ctrl_c_is_exit_130_without_a_traceback(monkeypatch, capsys) -> None:
    hand = importlib.import_module("badugi_hh.commands.hand")

    def interrupted(args: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(hand, "run", interrupted)
    assert main(["hand"]) == 130
    assert capsys.readouterr().err == "badugi-hh hand: interrupted\n"


def test_the_help_texts_give_the_store_defaults() -> None:
    from badugi_hh import commands, store

    assert (commands.DEFAULT_DB, commands.LOCK_WAIT_SECONDS) == (store.DEFAULT_DB,
                                                                 store.LOCK_WAIT_SECONDS)


def test_python_dash_m_runs_the_command_line_and_passes_its_exit_status_on() -> None:
    helped = subprocess.run([sys.executable, "-m", "badugi_hh", "--help"],
                            capture_output=True, text=True, check=False)
    assert helped.returncode == 0 and "usage: badugi-hh" in helped.stdout
    refused = subprocess.run([sys.executable, "-m", "badugi_hh", "hand", "As As 2d 3c"],
                             capture_output=True, text=True, check=False)
    assert refused.returncode == 2 and "As appears twice" in refused.stderr
