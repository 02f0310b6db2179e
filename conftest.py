"""The doctests of the modules that run compiled are collected from their sources elsewhere.

pytest reads a module's doctests by importing it, and gets the compiled module,
whose functions keep no docstring it can run; ``tests/test_compiled.py`` runs
those doctests in a process where the engine runs as Python.
"""

import badugi_hh
from badugi_hh.compiled import compiled_sources

collect_ignore = ([str(source) for source in compiled_sources().values()]
                  if badugi_hh.ENGINE == "compiled" else [])
