"""badugi-hh: import, replay and audit Badugi hand histories.

The stages, each usable alone, data flowing one way:

1. :mod:`badugi_hh.cards`, :mod:`badugi_hh.evaluate` - cards and hand values;
2. :mod:`badugi_hh.parsers` - text to typed :mod:`badugi_hh.events`;
3. :mod:`badugi_hh.engine` - replays the events under a :mod:`badugi_hh.rules`
   ruleset and reports violations;
4. :mod:`badugi_hh.store` - DuckDB tables of hands, actions, results, violations;
5. :mod:`badugi_hh.stats` - SQL statistics, read by the CLI and the dashboard.

The engine and the evaluators run compiled where the install could compile them
(:mod:`badugi_hh.compiled`); :data:`ENGINE` says which runs.
"""

from badugi_hh.compiled import choose_engine

__version__ = "0.1.0"
#: ``"compiled"`` or ``"python"``: how the engine and the evaluators run in this process.
ENGINE = choose_engine()
