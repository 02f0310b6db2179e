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


def counted(number: int, thing: str) -> str:
    """``1 hand``, ``2,000 hands``: the count and the noun it agrees with.

    >>> counted(1, "file"), counted(0, "player"), counted(2000, "hand")
    ('1 file', '0 players', '2,000 hands')
    """
    return f"{number:,} {thing}{'' if number == 1 else 's'}"
