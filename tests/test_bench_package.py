"""The benchmark code lives in ``badugi_hh.bench``, which the product never imports: only
the ``bench`` command loads it, when it runs."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "badugi_hh"


def _bench_imports(path: Path) -> list[tuple[int, bool]]:
    """(line, inside a function) of each import of the benchmark package in ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    in_functions = {id(child) for node in ast.walk(tree)
                    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
                    for child in ast.walk(node)}
    found = []
    for node in ast.walk(tree):
        names = ([alias.name for alias in node.names] if isinstance(node, ast.Import)
                 else [f"{node.module}.{alias.name}" for alias in node.names]
                 if isinstance(node, ast.ImportFrom) and node.module else [])
        if any(name.startswith("badugi_hh.bench.") or name == "badugi_hh.bench"
               for name in names):
            found.append((node.lineno, id(node) in in_functions))
    return found


def test_no_product_module_imports_the_benchmark_but_the_bench_command_when_it_runs() -> None:
    importers = {path.relative_to(PACKAGE).as_posix(): _bench_imports(path)
                 for path in PACKAGE.rglob("*.py") if "bench" not in path.relative_to(
                     PACKAGE).parts[:1]}
    importers = {path: found for path, found in importers.items() if found}
    assert list(importers) == ["commands/bench.py"]
    assert all(inside for _, inside in importers["commands/bench.py"])


def test_the_command_line_loads_no_benchmark_code_but_for_the_bench_command() -> None:
    code = ("import sys; from badugi_hh import cli; "
            "cli.build_parser(full=set(cli.COMMANDS) - {'bench'}); "
            "cli.main(['hand', 'As 2h 3d Kd']); "
            "print(sorted(name for name in sys.modules if name.startswith('badugi_hh.bench')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip().splitlines()[-1] == "[]"
