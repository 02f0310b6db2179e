"""The readers' grammars run by lark-cython (Lark's lexer and LALR parser compiled to C,
where it is installed), and by Lark alone (with ``BADUGI_HH_PURE_PYTHON`` set): each
log of every dialect reads to the same records, the same errors and the same reports
either way, mutated logs included.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from lark import Lark, Token, Transformer

from badugi_hh.compiled import PURE_PYTHON_VARIABLE
from badugi_hh.engine import audit
from badugi_hh.events import Hand
from badugi_hh.parsers import read_records
from badugi_hh.parsers.common import lalr_parser, reader_kind
from tests.fuzz import corpus, mutate

ROOT = Path(__file__).resolve().parents[1]
needs_lark_cython = pytest.mark.skipif(
    reader_kind() != "compiled", reason="lark-cython is not installed (or the pure reader "
    "was asked for): the grammars run on Lark alone here")


def logs(scratch: Path) -> Iterator[Path]:
    """Every log the fuzz harness starts from, the house fixtures, and mutated copies."""
    originals = [*corpus(), *sorted((ROOT / "tests" / "data" / "house").glob("*.txt"))]
    yield from originals
    rng = random.Random(36)
    for number in range(150):
        original = rng.choice(originals)
        copy = scratch / f"mutated-{number}{original.suffix}"
        copy.write_bytes(mutate(rng, original.read_bytes()))
        yield copy


def read_lines() -> list[str]:
    """Each record read and each report of the hands, written out whole."""
    with tempfile.TemporaryDirectory() as folder:
        scratch = Path(folder)
        lines = []
        for path in logs(scratch):
            records = list(read_records(path))
            lines += [repr(record) for record in records]
            lines += [repr(report) for report in audit(records)]
        return [line.replace(str(scratch), "SCRATCH") for line in lines]


@needs_lark_cython
def test_the_pure_reader_reads_every_log_alike():
    ours = read_lines()
    environment = dict(os.environ, **{PURE_PYTHON_VARIABLE: "1"})
    theirs = subprocess.run(
        [sys.executable, "-c", "import sys; sys.path[:0] = ['.']; "
         "from badugi_hh.parsers.common import reader_kind; "
         "from tests import test_compiled_readers as here; print(reader_kind()); "
         "print('\\n'.join(here.read_lines()))"],
        cwd=ROOT, env=environment, capture_output=True, text=True, timeout=900, check=False)
    assert theirs.returncode == 0, theirs.stderr[-3000:]
    kind, *lines = theirs.stdout.splitlines()
    assert kind == "python"
    assert sum("Hand(" in line for line in ours) > 1_000
    assert sum("ParseError(" in line for line in ours) > 100   # the mutants' errors too
    assert lines == [part for line in ours for part in line.splitlines()]


class _Words(Transformer[Token, object]):
    def start(self, children: list[Token]) -> list[tuple[str, str, int | None]]:
        return [(type(child).__name__, child.upper(), child.column) for child in children]


@pytest.mark.parametrize("pure", ["", "1"])
def test_a_transformer_gets_larks_tokens_either_way(monkeypatch, pure):
    monkeypatch.setenv(PURE_PYTHON_VARIABLE, pure)
    parser = lalr_parser('start: WORD+\nWORD: /[a-z]+/\n%ignore " "', transformer=_Words())
    assert reader_kind() == ("python" if pure else
                             "compiled" if _lark_cython_installed() else "python")
    assert parser.parse("ana folds") == [("Token", "ANA", 1), ("Token", "FOLDS", 5)]


def _lark_cython_installed() -> bool:
    try:
        import lark_cython  # noqa: F401
    except ImportError:
        return False
    return True


def test_a_hand_reads_alike_from_a_parser_of_each_kind(monkeypatch):
    text = (ROOT / "tests" / "data" / "house" / "session.txt").read_text(encoding="utf-8")
    from badugi_hh.parsers import house

    read = []
    for pure in ("1", ""):
        monkeypatch.setenv(PURE_PYTHON_VARIABLE, pure)
        house.house_parser.cache_clear()
        house.clear_caches()
        read.append([record for record in house.read_house(text, name="t.txt")
                     if isinstance(record, Hand)])
    house.house_parser.cache_clear()
    house.clear_caches()
    assert read[0] and read[0] == read[1]


class _CallbacksElsewhere(Lark):
    """A Lark that keeps its rules' callbacks where lalr_parser does not look."""

    def __init__(self, *arguments: Any, **options: Any) -> None:
        super().__init__(*arguments, **options)
        self.kept = self.__dict__.pop("_callbacks")


@needs_lark_cython
def test_a_lark_keeping_its_callbacks_elsewhere_gets_larks_own_parser(monkeypatch):
    from badugi_hh.parsers import common

    monkeypatch.setattr(common, "Lark", _CallbacksElsewhere)
    parser = lalr_parser('start: WORD+\nWORD: /[a-z]+/\n%ignore " "', transformer=_Words())
    assert parser.parse("ana folds") == [("Token", "ANA", 1), ("Token", "FOLDS", 5)]
    assert type(parser.parser.parser).__module__.startswith("lark.")
