"""From engine reports to rows: what both back ends store, and nothing of either.

The DuckDB store (:mod:`badugi_hh.store`) and the Parquet dataset
(:mod:`badugi_hh.dataset`) keep the same tables of the same rows; this package makes
them, and imports neither back end nor DuckDB:

* :mod:`~badugi_hh.rows.schema`: one row type per table, and the DDL and Arrow
  schemas derived from them;
* :mod:`~badugi_hh.rows.files`: one file's records audited and turned into batches of
  rows, the fingerprint of a file, the counts of an import;
* :mod:`~badugi_hh.rows.batch`: the rows of each hand, session and file, gathered
  as Arrow tables;
* :mod:`~badugi_hh.rows.sessions`, :mod:`~badugi_hh.rows.clock`,
  :mod:`~badugi_hh.rows.positions`: a session's money, each hand's time in UTC, the
  names of the seats;
* :mod:`~badugi_hh.rows.identity`: which hand a hand is, in Python and in SQL;
* :mod:`~badugi_hh.rows.errors`: the error both back ends raise for a user.
"""
