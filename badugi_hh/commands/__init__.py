"""Subcommands of the ``badugi-hh`` command line, one module each."""
