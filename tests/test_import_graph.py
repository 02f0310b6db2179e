"""The package's shape, read from its source with ``ast``: no import circle, each
module importing only from its own layer or below (:data:`LAYERS`, drawn in
docs/architecture.md), no private name imported from another module, no part of the
engine over 400 lines.

Data flows one way (readers -> engine -> rows -> store -> statistics -> dashboard): a circle of
imports would tie two stages into one, and an import up the layers would load a whole
stage for a helper. Imports inside functions count too (a circle through them is
hidden, not absent), except in the benchmark's code, which times the product from
outside it and which the product does not import.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "badugi_hh"

#: The package's layers, the lowest first: each top-level module or subpackage of
#: ``badugi_hh`` (``""``: the package's own ``__init__``) is in one, and imports from
#: its own layer or below only (docs/architecture.md, "Layers", says what each owns).
LAYERS: tuple[tuple[str, frozenset[str]], ...] = (
    ("base", frozenset({"", "archives", "collector", "compiled", "ctrl_c", "errors", "frozen",
                        "places", "progress", "resources", "textcache", "textsafe", "user_cache",
                        "without_pandas", "wording"})),
    ("sites and cards", frozenset({"sites", "hand_ids", "cards", "fivecard", "evaluate"})),
    ("games and hands", frozenset({"games", "rules", "events", "ledger", "money", "filters"})),
    ("logs", frozenset({"sources", "parsers", "writer"})),
    ("engine", frozenset({"engine", "simulate", "phh_writer", "hand_text"})),
    ("rows", frozenset({"rows"})),
    ("storage", frozenset({"store", "dataset", "watch", "watch_state"})),
    ("statistics", frozenset({"stats"})),
    ("interface", frozenset({"commands", "cli", "__main__", "bench"})),
)


@dataclass(frozen=True)
class Import:
    importer: str
    imported: str
    name: str | None     # the name taken from the module, for ``from M import name``
    line: int
    in_function: bool


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def imports(name: str, path: Path, known: set[str]) -> Iterator[Import]:
    """The package's own modules that ``name`` imports (``from A import b`` imports
    ``A.b`` when that is a module, else ``A``); imports under ``TYPE_CHECKING`` are
    for the checker only and run never."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]

    def visit(nodes: list[ast.stmt], in_function: bool) -> Iterator[Import]:
        for node in nodes:
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                yield from visit(node.orelse, in_function)
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name in known:
                        yield Import(name, alias.name, None, node.lineno, in_function)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")[:len(package.split(".")) - node.level + 1]
                    base = ".".join([*parts, *([node.module] if node.module else [])])
                for alias in node.names:
                    submodule = f"{base}.{alias.name}"
                    if submodule in known:
                        yield Import(name, submodule, None, node.lineno, in_function)
                    elif base in known:
                        yield Import(name, base, alias.name, node.lineno, in_function)
            else:
                inner = in_function or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
                for field in ("body", "orelse", "finalbody", "handlers"):
                    children = getattr(node, field, None)
                    if isinstance(children, list):
                        yield from visit([child for child in children
                                          if isinstance(child, (ast.stmt, ast.excepthandler))],
                                         inner)

    tree = ast.parse(path.read_text(encoding="utf-8"))
    yield from (found for found in visit(tree.body, False) if found.imported != name)


def benchmark_code(name: str) -> bool:
    return any(part == "bench" or part.endswith("_bench") for part in name.split("."))


def graph(with_functions: bool) -> dict[str, set[str]]:
    found = modules()
    return {name: {edge.imported for edge in imports(name, path, set(found))
                   if with_functions or not edge.in_function}
            for name, path in found.items()}


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in sorted(edges.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            part = []
            while (top := stack.pop()) != node:
                part.append(top)
            if part:
                found.append(sorted([node, *part]))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def test_the_finder_sees_a_circle_when_there_is_one() -> None:
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_the_graph_holds_the_stages_and_their_direction() -> None:
    edges = graph(with_functions=False)
    assert "badugi_hh.events" in edges["badugi_hh.engine.replay"]
    assert not any(target.startswith(("badugi_hh.stats", "badugi_hh.dashboard"))
                   for target in edges["badugi_hh.store"])


def test_no_import_circle_at_module_level() -> None:
    assert circles(graph(with_functions=False)) == []


def test_no_import_circle_through_imports_inside_functions_outside_the_benchmark() -> None:
    edges = {name: {target for target in targets if not benchmark_code(target)}
             for name, targets in graph(with_functions=True).items()
             if not benchmark_code(name)}
    assert circles(edges) == []


def unit(module: str) -> str:
    """The top-level module or subpackage a module belongs to (``store`` for
    ``badugi_hh.store.slice``; ``''`` for the package itself)."""
    return module.removeprefix("badugi_hh").lstrip(".").partition(".")[0]


def layer_of(module: str) -> int:
    return next(rank for rank, (_, members) in enumerate(LAYERS) if unit(module) in members)


def upward(edges: dict[str, set[str]]) -> list[str]:
    """Each import of a module from a layer above its own."""
    return sorted(f"{importer} ({LAYERS[layer_of(importer)][0]}) imports {imported} "
                  f"({LAYERS[layer_of(imported)][0]})"
                  for importer, targets in edges.items() for imported in targets
                  if layer_of(imported) > layer_of(importer))


def test_every_module_is_in_one_layer() -> None:
    placed = [name for _, members in LAYERS for name in members]
    assert len(placed) == len(set(placed))
    assert {unit(name) for name in modules()} == set(placed)


def test_the_layer_check_sees_an_import_up_the_layers() -> None:
    assert upward({"badugi_hh.progress": {"badugi_hh.commands"}}) == [
        "badugi_hh.progress (base) imports badugi_hh.commands (interface)"]
    assert upward({"badugi_hh.commands.alias": {"badugi_hh.sites"}}) == []


def test_no_module_imports_from_a_layer_above_its_own() -> None:
    assert upward(graph(with_functions=True)) == []


def test_the_filters_load_neither_the_store_nor_duckdb() -> None:
    """The filter object is a value the store and the statistics read: importing it
    must not load what they are built on."""
    loaded = subprocess.run(
        [sys.executable, "-c", "import sys, badugi_hh.filters; "
         "print(sorted(m for m in sys.modules if m.startswith(('duckdb', 'badugi_hh.store', "
         "'badugi_hh.engine'))))"],
        capture_output=True, text=True, check=True, cwd=PACKAGE.parent).stdout
    assert loaded.strip() == "[]"


def test_the_dataset_imports_nothing_of_the_store() -> None:
    """The two back ends share the rows layer, not each other's code: the Parquet
    dataset is built on :mod:`badugi_hh.rows`, never on the DuckDB store's modules."""
    found = modules()
    from_store = sorted(f"{edge.importer}:{edge.line} imports {edge.imported}"
                        for name, path in found.items() if unit(name) == "dataset"
                        for edge in imports(name, path, set(found))
                        if unit(edge.imported) == "store")
    assert from_store == []


def test_the_rows_load_neither_a_back_end_nor_duckdb() -> None:
    """What both back ends share imports neither of them, nor DuckDB: the rows are
    made once, whatever holds them."""
    loaded = subprocess.run(
        [sys.executable, "-c", "import sys, pkgutil, importlib, badugi_hh.rows as rows; "
         "[importlib.import_module(f'badugi_hh.rows.{m.name}') "
         "for m in pkgutil.iter_modules(rows.__path__)]; "
         "print(sorted(m for m in sys.modules if m.startswith(('duckdb', 'badugi_hh.store', "
         "'badugi_hh.dataset'))))"],
        capture_output=True, text=True, check=True, cwd=PACKAGE.parent).stdout
    assert loaded.strip() == "[]"


def test_no_private_name_is_imported_from_another_module() -> None:
    found = modules()
    private = [f"{edge.importer}:{edge.line} takes {edge.imported} {edge.name or ''}"
               for name, path in found.items()
               if not benchmark_code(name)
               for edge in imports(name, path, set(found))
               if private_name(edge)]
    assert private == []


def private_name(edge: Import) -> bool:
    """``from M import _x``, or a private module (``_games``) taken from outside the
    package it belongs to."""
    if edge.name is not None:
        return edge.name.startswith("_") and not edge.name.startswith("__")
    owner, _, last = edge.imported.rpartition(".")
    return (last.startswith("_") and not last.startswith("__")
            and not (edge.importer + ".").startswith(owner + "."))


def test_each_part_of_the_engine_is_small_enough_to_read_whole() -> None:
    lengths = {path.name: len(path.read_text().splitlines())
               for path in (PACKAGE / "engine").glob("*.py")}
    assert len(lengths) >= 12
    assert {name: length for name, length in lengths.items() if length > 400} == {}
