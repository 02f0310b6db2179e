"""Subcommands of the ``badugi-hh`` command line, one module each.

A command's module holds its help, its arguments and ``run``, and imports
nothing heavy at the top: ``badugi-hh COMMAND --help`` builds the parser
without pandas, DuckDB or the engine, which ``run`` imports when it needs them.
"""

#: :data:`badugi_hh.store.DEFAULT_DB` and :data:`badugi_hh.store.LOCK_WAIT_SECONDS`, for
#: the help texts; repeated here because the store imports DuckDB and Arrow
#: (tests/test_cli.py checks that the two agree).
DEFAULT_DB = "badugi.duckdb"
LOCK_WAIT_SECONDS = 10.0
