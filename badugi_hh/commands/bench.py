"""Measure the throughput of each stage (the same as ``python -m badugi_hh.bench``)."""

from __future__ import annotations

from badugi_hh.bench import add_arguments, run

__all__ = ["add_arguments", "run"]
