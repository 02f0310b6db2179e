"""The benchmark's PokerKit section: measured side by side, silent without PokerKit."""

from __future__ import annotations

import math
import sys

import pytest

from badugi_hh import bench

pytestmark = pytest.mark.benchmark


@pytest.mark.benchmark
def test_the_section_times_us_and_pokerkit_on_the_same_hands() -> None:
    pytest.importorskip("pokerkit")
    figures = bench.bench_pokerkit(quick=True)
    assert figures["hands replayed"] == 500
    assert all(value > 0 and math.isfinite(value) for value in figures.values())
    assert math.isclose(figures["fast path over PokerKit (x)"],
                        figures["replay + audit, fast path (hands/s)"]
                        / figures["replay: PokerKit (hands/s)"])


def test_without_pokerkit_the_section_prints_nothing(monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str],
                                                      ) -> None:
    monkeypatch.setitem(sys.modules, "pokerkit", None)   # import pokerkit now fails
    assert bench.main(["--only", "pokerkit", "--quick"]) == 0
    assert capsys.readouterr().out == ""
