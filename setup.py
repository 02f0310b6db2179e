"""Compiles the rules engine and the evaluators to C with mypyc, where it can.

Everything else about the package is in pyproject.toml. The compiled modules are
the same strictly typed Python, replay about 1.5 times as fast, and are optional:
with BADUGI_HH_PURE_PYTHON=1 set, or where mypyc or a C compiler is missing, the
package installs as plain Python and behaves the same (badugi_hh/compiled.py says
which runs; tests/test_compiled.py holds the two to the same reports).
"""

import hashlib
import json
import os
import sys
from pathlib import Path

from setuptools import setup

#: What is compiled: the replay and its settlement, the evaluators, the game
#: registry and the chip ledger the engine's players are built on.
COMPILED = ["badugi_hh/engine/", "badugi_hh/evaluate.py", "badugi_hh/fivecard.py",
            "badugi_hh/games.py", "badugi_hh/ledger.py"]
#: Where the digest of each compiled source is recorded (read by badugi_hh.compiled).
MANIFEST = Path("badugi_hh/compiled-sources.json")


def sources() -> list[Path]:
    return sorted(source for entry in COMPILED
                  for source in (Path(entry).glob("*.py") if entry.endswith("/") else [Path(entry)]))


def module_name(source: Path) -> str:
    parts = source.with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def compiled_extensions() -> list:
    MANIFEST.unlink(missing_ok=True)
    if os.environ.get("BADUGI_HH_PURE_PYTHON"):
        return []
    try:
        from mypyc.build import mypycify

        extensions = mypycify([str(source) for source in sources()], opt_level="3",
                              debug_level="0")
    except Exception as error:  # no mypyc, or it refused: plain Python is the same program
        print(f"badugi-hh: installing the engine as plain Python ({error})", file=sys.stderr)
        return []
    for extension in extensions:
        extension.optional = True   # where no C compiler works, the Python modules run
    # The module every compiled one imports at its start (mypyc's shared library), and the
    # digest of each source compiled.
    shared = [extension.name for extension in extensions if extension.name.endswith("__mypyc")]
    MANIFEST.write_text(json.dumps({
        "shared": shared[0] if shared else None,
        "sources": {module_name(source): hashlib.sha256(source.read_bytes()).hexdigest()
                    for source in sources()}}, indent=1, sort_keys=True) + "\n")
    return extensions


setup(ext_modules=compiled_extensions())
