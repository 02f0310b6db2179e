"""Compiles the rules engine, the evaluators, the house and PokerStars readers and the row
builder to C with mypyc, where it can.

Everything else about the package is in pyproject.toml. The compiled modules are
the same strictly typed Python, replay about 1.5 times as fast, and are optional:
with BADUGI_HH_PURE_PYTHON=1 set, or where mypyc refuses or no C compiler works,
the package installs as plain Python and behaves the same (badugi_hh/compiled.py
says which runs; tests/test_compiled.py holds the two to the same reports).
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from concurrent.futures import ThreadPoolExecutor
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

#: What is compiled: the replay and its settlement, the evaluators, the game
#: registry and the chip ledger the engine's players are built on; the house reader's
#: loop over a log's lines and the rows made of each hand (an import's two largest parts);
#: the PokerStars reader (the site most players' years of hands come from).
COMPILED = ["badugi_hh/engine/", "badugi_hh/evaluate.py", "badugi_hh/fivecard.py",
            "badugi_hh/games.py", "badugi_hh/ledger.py", "badugi_hh/parsers/house.py",
            "badugi_hh/parsers/pokerstars.py", "badugi_hh/rows/batch.py",
            "badugi_hh/rows/identity.py"]
#: Written beside the compiled modules once they are built (read by badugi_hh.compiled).
MANIFEST = "compiled-sources.json"
#: What the manifest records: mypyc's shared library and each source's digest as compiled.
compiled_from: dict[str, object] = {}


def sources() -> list[Path]:
    return sorted(source for entry in COMPILED
                  for source in (Path(entry).glob("*.py") if entry.endswith("/") else [Path(entry)]))


def module_name(source: Path) -> str:
    parts = source.with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def pure_python_asked() -> bool:
    return os.environ.get("BADUGI_HH_PURE_PYTHON", "") not in ("", "0")


def remove_compiled_outputs() -> None:
    """What an earlier install compiled in this checkout: a plain install must not leave it."""
    for source in sources():
        for suffix in EXTENSION_SUFFIXES:
            Path(f"{source.with_suffix('')}{suffix}").unlink(missing_ok=True)
    for shared in Path(".").glob("*__mypyc.*"):
        shared.unlink()
    Path("badugi_hh", MANIFEST).unlink(missing_ok=True)


def compiled_extensions() -> list[Extension]:
    if pure_python_asked():
        remove_compiled_outputs()
        return []
    try:
        from mypyc.build import mypycify

        extensions = mypycify([str(source) for source in sources()], opt_level="3",
                              debug_level="0", multi_file=True)
    except (Exception, SystemExit) as error:   # no mypyc, or a type error it will not compile
        print(f"badugi-hh: installing the engine as plain Python ({error!r})", file=sys.stderr)
        return []
    for extension in extensions:
        extension.optional = True   # where no C compiler works, the Python modules run
    shared = [extension.name for extension in extensions if extension.name.endswith("__mypyc")]
    compiled_from.update(shared=shared[0] if shared else None, sources={
        module_name(source): hashlib.sha256(source.read_bytes()).hexdigest()
        for source in sources()})
    return extensions


class BuildAndRecord(build_ext):
    """build_ext, then the manifest beside the modules it built: in the checkout for an
    editable install, in the wheel's tree for a wheel (never the checkout's then, whose
    own compiled modules may be older)."""

    def build_extensions(self) -> None:
        # mypyc writes a C file per module (multi_file: gcc takes a third less time on
        # them than on one file of them all); they are compiled on every core at once
        compile_serially = self.compiler.compile
        if not getattr(self.compiler, "initialized", True):
            self.compiler.initialize()   # MSVC's, which each compile would race to do
        cores = (len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity")
                 else os.cpu_count() or 1)

        def compile_at_once(sources: list[str], *args: object, **kwargs: object) -> list[str]:
            with ThreadPoolExecutor(cores) as pool:
                return [obj for objects in pool.map(
                    lambda source: compile_serially([source], *args, **kwargs), sources)
                    for obj in objects]

        self.compiler.compile = compile_at_once
        super().build_extensions()

    def run(self) -> None:
        super().run()
        if compiled_from:
            folder = Path(self.get_ext_fullpath("badugi_hh.games")).parent
            folder.mkdir(parents=True, exist_ok=True)
            (folder / MANIFEST).write_text(json.dumps(compiled_from, indent=1,
                                                      sort_keys=True) + "\n")


setup(ext_modules=compiled_extensions(), cmdclass={"build_ext": BuildAndRecord})
