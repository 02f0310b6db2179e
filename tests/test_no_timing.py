"""No test may depend on the machine's speed: a slow or busy machine must pass them all.

Speeds are printed by ``badugi-hh bench`` as ratios to a baseline, never asserted here.
"""

from __future__ import annotations

import importlib
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def hypothesis_tests() -> tuple[list[tuple[str, object]], int]:
    """Every Hypothesis test of the suite, as (module:name, function), and how many
    ``@given`` the sources hold (each decorates one test)."""
    found, decorators = [], 0
    for path in sorted(TESTS.glob("test_*.py")):
        given = path.read_text(encoding="utf-8").count("\n@given(")
        if not given:
            continue
        decorators += given
        module = importlib.import_module(path.stem)   # tests/ is on sys.path, as for pytest
        found += [(f"{path.stem}:{name}", function) for name, function in vars(module).items()
                  if getattr(function, "is_hypothesis_test", False)]
    return found, decorators


def test_every_hypothesis_test_has_no_deadline() -> None:
    tests, decorators = hypothesis_tests()
    assert len(tests) == decorators   # the search found them all
    with_deadline = [name for name, function in tests
                     if function._hypothesis_internal_use_settings.deadline is not None]
    assert with_deadline == []
