"""Which engine runs: the modules compiled to C, or the same modules as Python.

``setup.py`` compiles the rules engine, the evaluators, the game registry and the
ledger with mypyc where it can (they are strictly typed Python; compiled, they
replay about 1.5 times as fast) and writes :data:`MANIFEST` beside this file: the
digest of each source as it was compiled. A compiled module sits next to its
source and Python's import system prefers it, so a source edited after the
install would silently not run. :func:`choose_engine` (called once, when the
package is imported) runs every one of them as Python instead, with a warning,
as soon as one source differs from what was compiled; and always where
``BADUGI_HH_PURE_PYTHON`` is set, which the tests use to hold the two engines to
the same reports (``tests/test_compiled.py``).

>>> import badugi_hh
>>> badugi_hh.ENGINE in ("compiled", "python")
True
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Mapping, Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType
from typing import Any

__all__ = ["MANIFEST", "PACKAGE_DIR", "PURE_PYTHON_VARIABLE", "changed_since_compiled",
           "choose_engine", "compiled_sources", "source_digest"]

#: The file setup.py writes beside this one: ``{"shared": mypyc's shared library,
#: "sources": {module name: digest of its source}}``.
MANIFEST = "compiled-sources.json"
#: Set (to anything but empty) to run the Python sources even where compiled ones exist.
PURE_PYTHON_VARIABLE = "BADUGI_HH_PURE_PYTHON"

#: The package's folder, where the compiled modules and the manifest lie.
PACKAGE_DIR = Path(__file__).resolve().parent


def source_digest(path: Path) -> str:
    """The digest setup.py records of a compiled module's source, and this module checks."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _manifest(package_dir: Path) -> dict[str, Any]:
    try:
        manifest: dict[str, Any] = json.loads((package_dir / MANIFEST).read_text())
    except (OSError, ValueError):
        return {}
    return manifest


def compiled_sources(package_dir: Path = PACKAGE_DIR) -> dict[str, Path]:
    """The source of each module the install compiled and left compiled, by module name.

    Empty where mypyc's shared library, which every compiled module imports, is
    missing (a build that compiled part of them).
    """
    return _compiled(_manifest(package_dir), package_dir)


def changed_since_compiled(package_dir: Path = PACKAGE_DIR) -> list[str]:
    """The compiled modules whose source is no longer the one compiled (edited since)."""
    manifest = _manifest(package_dir)
    return _changed(manifest, _compiled(manifest, package_dir))


def _compiled(manifest: Mapping[str, Any], package_dir: Path) -> dict[str, Path]:
    shared = manifest.get("shared")
    if shared and not any(Path(package_dir.parent, f"{shared}{suffix}").exists()
                          for suffix in importlib.machinery.EXTENSION_SUFFIXES):
        return {}
    sources = {module: _source_of(package_dir, module) for module in manifest.get("sources", {})}
    return {module: source for module, source in sources.items() if _is_compiled(source)}


def _changed(manifest: Mapping[str, Any], compiled: Mapping[str, Path]) -> list[str]:
    recorded = manifest.get("sources", {})
    return [module for module, source in compiled.items()
            if recorded.get(module) != source_digest(source)]


def _source_of(package_dir: Path, module: str) -> Path:
    """``badugi_hh.engine`` -> .../badugi_hh/engine/__init__.py, and so on."""
    relative = Path(*module.split(".")[1:])
    package = package_dir / relative / "__init__.py"
    return package if package.exists() else (package_dir / relative).with_suffix(".py")


def _is_compiled(source: Path) -> bool:
    stem = source.with_suffix("")
    return any(Path(f"{stem}{suffix}").exists()
               for suffix in importlib.machinery.EXTENSION_SUFFIXES)


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


def choose_engine() -> str:
    """``"compiled"`` where the compiled modules are current, else ``"python"``.

    Called once, by ``badugi_hh/__init__.py``, before any compiled module is
    imported; a second call answers as the first decided.
    """
    if any(isinstance(finder, _PythonSources) for finder in sys.meta_path):
        return "python"
    manifest = _manifest(PACKAGE_DIR)
    compiled = _compiled(manifest, PACKAGE_DIR)
    if not compiled:
        return "python"
    if not os.environ.get(PURE_PYTHON_VARIABLE):
        changed = _changed(manifest, compiled)
        if not changed:
            return "compiled"
        print(f"badugi-hh: {', '.join(changed)} changed since the install compiled "
              f"{'it' if len(changed) == 1 else 'them'}; the engine runs as Python (install "
              f"again, e.g. pip install -e ., to compile it)", file=sys.stderr)
    sys.meta_path.insert(0, _PythonSources(compiled))
    return "python"
