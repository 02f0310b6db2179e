"""Which engine runs: the modules compiled to C, or the same modules as Python.

``setup.py`` compiles the rules engine, the evaluators, the game registry, the
ledger, the house and PokerStars readers and the row builder with mypyc where it can (they are
strictly typed Python; compiled, they replay about 1.5 times as fast, and read logs
and make rows with a tenth to a third less CPU) and writes :data:`MANIFEST` beside this file: the
digest of each source as it was compiled. A compiled module sits next to its
source and Python's import system prefers it, so a source edited after the
install would silently not run. :func:`choose_engine` (called once, when the
package is imported) runs every compiled module found beside a source as Python
instead, with one line on stderr, as soon as one of them is not current: its
source edited or gone since, the manifest or mypyc's shared library missing (a
build that failed half-way, or another build's leftovers). It always does where
``BADUGI_HH_PURE_PYTHON`` is set, which the tests use to hold the two engines to
the same reports (``tests/test_compiled.py``).

>>> import badugi_hh
>>> badugi_hh.ENGINE in ("compiled", "python")
True
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import sys
from collections.abc import Mapping, Sequence
from importlib.machinery import EXTENSION_SUFFIXES, ModuleSpec
from pathlib import Path
from types import ModuleType
from typing import Any

__all__ = ["MANIFEST", "PACKAGE_DIR", "PURE_PYTHON_VARIABLE", "choose_engine",
           "compiled_sources", "source_digest", "stale_modules"]

#: The file setup.py writes beside this one: ``{"shared": mypyc's shared library,
#: "sources": {module name: digest of its source}}``.
MANIFEST = "compiled-sources.json"
#: Set (to anything but empty or 0) to run the Python sources even where compiled ones exist.
PURE_PYTHON_VARIABLE = "BADUGI_HH_PURE_PYTHON"

#: The package's folder, where the compiled modules and the manifest lie.
PACKAGE_DIR = Path(__file__).resolve().parent


def source_digest(path: Path) -> str:
    """The digest setup.py records of a compiled module's source, and this module checks."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def compiled_sources(package_dir: Path = PACKAGE_DIR) -> dict[str, Path]:
    """Each module with a compiled file in the package, by name: where its source is (or was).

    Found on disk, not in the manifest: whatever Python would import instead of a
    source counts, whichever install left it there.
    """
    found = {}
    for folder in (package_dir, *(path.parent for path in package_dir.glob("*/__init__.py"))):
        for path in folder.iterdir():
            suffix = next((suffix for suffix in EXTENSION_SUFFIXES if path.name.endswith(suffix)),
                          None)
            if suffix is not None:
                source = folder / f"{path.name[:-len(suffix)]}.py"
                found[_module_name(package_dir, source)] = source
    return found


def stale_modules(package_dir: Path = PACKAGE_DIR) -> list[str]:
    """The compiled modules that must not run: their source changed or is gone since they
    were compiled, or they were left by another build (not in the manifest), or the
    shared library they all import is missing. Empty where all of them are current."""
    return _stale(package_dir, compiled_sources(package_dir))


def _stale(package_dir: Path, compiled: Mapping[str, Path]) -> list[str]:
    try:
        manifest: dict[str, Any] = json.loads((package_dir / MANIFEST).read_text())
    except (OSError, ValueError):
        return sorted(compiled)
    shared, recorded = manifest.get("shared"), manifest.get("sources", {})
    if shared and not any(Path(package_dir.parent, f"{shared}{suffix}").exists()
                          for suffix in EXTENSION_SUFFIXES):
        return sorted(compiled)
    return sorted(module for module, source in compiled.items()
                  if not source.exists() or recorded.get(module) != source_digest(source))


def _module_name(package_dir: Path, source: Path) -> str:
    """.../badugi_hh/engine/__init__.py -> ``badugi_hh.engine``, and so on."""
    parts = source.relative_to(package_dir.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


class _PythonSources:
    """A finder that loads the listed modules from their ``.py`` files, never a compiled one."""

    def __init__(self, sources: Mapping[str, Path]) -> None:
        self.sources = dict(sources)

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        source = self.sources.get(fullname)
        if source is None:
            return None
        locations = [str(source.parent)] if source.name == "__init__.py" else None
        return importlib.util.spec_from_file_location(fullname, source,
                                                      submodule_search_locations=locations)


#: What :func:`choose_engine` decided, once decided.
_chosen: list[str] = []


def choose_engine() -> str:
    """``"compiled"`` where every compiled module is current, else ``"python"``.

    Called by ``badugi_hh/__init__.py`` before any compiled module is imported;
    later calls answer as the first decided.
    """
    if not _chosen:
        _chosen.append(_decide())
    return _chosen[0]


def _decide() -> str:
    compiled = compiled_sources()
    if not compiled:
        return "python"
    if os.environ.get(PURE_PYTHON_VARIABLE, "") in ("", "0"):
        stale = _stale(PACKAGE_DIR, compiled)   # the folders scanned once at start-up
        if not stale:
            return "compiled"
        print(f"badugi-hh: {', '.join(stale)} changed since the install compiled "
              f"{'it' if len(stale) == 1 else 'them'}; the engine runs as Python (install "
              f"again, e.g. pip install -e ., to compile it)", file=sys.stderr)
        # the worker processes this one starts run the same engine, without saying it again
        os.environ[PURE_PYTHON_VARIABLE] = "1"
    sys.meta_path.insert(0, _PythonSources(
        {module: source for module, source in compiled.items() if source.exists()}))
    return "python"
