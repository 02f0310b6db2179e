"""The benchmark runs and reports every figure (its speeds are printed, never asserted)."""

from __future__ import annotations

import importlib.util
import math
from collections.abc import Callable
from types import SimpleNamespace

import pytest

import badugi_hh
from badugi_hh import bench

# A test that runs a section of the benchmark is in the benchmark's own tier (pytest -m
# benchmark; .ci/run runs it after the default tests): each takes seconds to minutes.


@pytest.mark.benchmark
def test_replay_section_reports_every_figure_as_a_positive_number() -> None:
    figures = bench.bench_replay(quick=True)
    assert figures["hands"] == 2_000
    assert set(figures) >= {"replay + audit (hands/s)",
                            "baseline: the general engine alone (hands/s)",
                            "fast path speedup (x)"}
    assert all(value > 0 and math.isfinite(value) for value in figures.values())
    assert math.isclose(figures["fast path speedup (x)"],
                        figures["replay + audit (hands/s)"]
                        / figures["baseline: the general engine alone (hands/s)"])


def test_best_times_runs_each_action_in_turn_and_keeps_its_fastest_run(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # A clock that moves only when an action runs: "a" takes 3, 1, 2 s and "b" 5, 4, 6 s.
    now = [0.0]
    monkeypatch.setattr(bench, "time", SimpleNamespace(perf_counter=lambda: now[0]))
    costs = {"a": iter([3.0, 1.0, 2.0]), "b": iter([5.0, 4.0, 6.0])}
    calls: list[str] = []

    def action(name: str) -> Callable[[], None]:
        def run() -> None:
            calls.append(name)
            now[0] += next(costs[name])
        return run

    assert bench.best_times([action("a"), action("b")], 3) == [1.0, 4.0]
    assert calls == ["a", "b"] * 3


@pytest.mark.benchmark
def test_command_line_prints_the_section(capsys) -> None:
    assert bench.main(["--only", "replay", "--quick"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"engine: {badugi_hh.ENGINE}\nreplay\n")
    assert "replay + audit (hands/s)" in out


@pytest.mark.benchmark
def test_sites_section_reads_each_sites_real_exports_again_and_again() -> None:
    figures = bench.bench_sites(quick=True)
    for site in bench.SITES:
        assert figures[f"{site}: hands"] >= 2_000
    assert all(value > 0 and math.isfinite(value) for value in figures.values())


@pytest.mark.benchmark
def test_startup_section_times_the_commands_next_to_a_bare_interpreter() -> None:
    figures = bench.bench_startup(quick=True)
    assert all(value > 0 and math.isfinite(value) for value in figures.values())
    assert math.isclose(figures["--help over the baseline (x)"],
                        figures["badugi-hh --help (s)"]
                        / figures["baseline: python -c pass (s)"])
    assert math.isclose(figures["the grammar's cache: import without it over with it (x)"],
                        figures["the same, the grammar built again (no cache) (s)"]
                        / figures["badugi-hh import, one 12-hand session into a new database (s)"])


@pytest.mark.benchmark
def test_games_section_replays_each_game_next_to_pokerkit(monkeypatch) -> None:
    monkeypatch.setattr(bench, "BENCH_GAMES", (("27td", 3), ("badacey", 3)))
    figures = bench.bench_games(quick=True)
    assert figures["27td, 3 players: replay + audit (hands/s)"] > 0
    assert "badacey, 3 players: replay + audit (hands/s)" in figures
    assert not any(label.startswith("badacey") and "PokerKit" in label for label in figures)


@pytest.mark.benchmark
def test_scale_section_times_the_import_commands_four_ways() -> None:
    figures = bench.bench_scale(quick=True)
    assert figures["hands"] == 4_000
    # The figures are measured and printed; how they compare is for the reader of the
    # benchmark, not an assertion (a loaded machine may make any of them larger).
    for way in ("--jobs 1", "--jobs 2", "cluster local:1", "cluster local:2"):
        assert {f"{way}: wall (s)", f"{way}: fixed cost, a 1-hand log (s)",
                f"{way}: CPU, all processes (s)"} <= set(figures)
    assert figures["cluster: tasks"] == 8   # a task a log: 8 logs, none worth cutting
    assert {"--jobs 2 over 1, three logs (x)", "--jobs 2, three logs: CPU, all processes (s)",
            "--jobs 1, three logs: wall (s)"} <= set(figures)
    assert all(value >= 0 and math.isfinite(value) for value in figures.values())
    for route in ("cluster local:{} over local:1", "--jobs {} over 1"):
        expected = [figures[f"{route.format(n)}, expected (x)"] for n in (2, 4, 8, 16, 64)]
        assert expected == sorted(expected)   # more workers never expected slower
        assert all(0 < speed_up <= n * 1.5 for speed_up, n in zip(expected, (2, 4, 8, 16, 64)))


@pytest.mark.benchmark
def test_dataset_section_compares_a_compacted_dataset_with_a_database_file() -> None:
    figures = bench.bench_dataset(quick=True)
    assert figures["hands"] > 2_000 * 3 * 0.99   # three copies of 2,000 simulated hands
    assert figures["Parquet files after compaction"] < figures["Parquet files before compaction"]
    assert all(value > 0 and math.isfinite(value) for value in figures.values())


@pytest.mark.benchmark
def test_archives_section_validates_the_same_logs_as_a_folder_a_zip_and_a_tar_gz() -> None:
    figures = bench.bench_archives(quick=True)   # it fails when a validate misses a log
    assert figures["logs"] == 300
    assert all(value > 0 and math.isfinite(value) for value in figures.values())
    for kind in (".zip", ".tar.gz"):
        assert math.isclose(figures[f"{kind} over the folder (x)"],
                             figures[f"validate the {kind} (s)"]
                             / figures["baseline: validate the folder (s)"])


@pytest.mark.benchmark
def test_import_section_times_each_reader_and_each_stage_of_a_hand() -> None:
    figures = bench.bench_import(quick=True)
    for log in ("six-handed", "pokerstars"):
        assert figures[f"{log}: hands"] > 400
        assert {f"{log}: import, lark-cython (hands/s)", f"{log}: import, Lark alone (hands/s)",
                *(f"{log}: {stage} (us/hand)" for stage in ("read", "replay", "rows", "write"))
                } <= set(figures)
        assert figures[f"{log}: read (us/hand)"] > 0 and figures[f"{log}: replay (us/hand)"] > 0
    peaks = [figures[f"import peak memory, {hands} hands (MB)"] for hands in ("4,000", "16,000")]
    assert all(peak > 20 for peak in peaks)   # an interpreter with DuckDB loaded, at least
    assert figures["import peak memory growth, 4,000 -> 16,000 hands (x)"] == peaks[1] / peaks[0]
    assert all(math.isfinite(value) for value in figures.values())


def test_the_stages_of_an_import_are_timed_with_the_reader_asked_for(tmp_path) -> None:
    from badugi_hh.bench.importing import stage_seconds_in_process

    log = tmp_path / "friday.txt"
    log.write_text("Session #b\nSeat 1: A\nSeat 2: B\nHand #1\nA: folds\nB wins 3\n")
    pure = stage_seconds_in_process([log], "python")
    assert pure["hands"] == 1 and pure["compiled"] is False
    assert stage_seconds_in_process([log], "compiled")["compiled"] is (
        importlib.util.find_spec("lark_cython") is not None)
