"""badugi-hh: import, replay and audit Badugi hand histories.

The stages, each usable alone, data flowing one way:

1. :mod:`badugi_hh.cards`, :mod:`badugi_hh.evaluate` - cards and hand values;
2. :mod:`badugi_hh.parsers` - text to typed :mod:`badugi_hh.events`;
3. :mod:`badugi_hh.engine` - replays the events under a :mod:`badugi_hh.rules`
   ruleset and reports violations;
4. :mod:`badugi_hh.store` - DuckDB tables of hands, actions, results, violations;
5. :mod:`badugi_hh.stats` - SQL statistics, read by the CLI and the dashboard.
"""

__version__ = "0.1.0"
