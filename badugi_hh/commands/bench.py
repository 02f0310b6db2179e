"""Measure the throughput of each stage (the same as ``python -m badugi_hh.bench``).

The benchmark code lives in :mod:`badugi_hh.bench`, which the product never imports:
it is loaded here, when the command runs.
"""

from __future__ import annotations

import argparse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from badugi_hh.bench import add_arguments as bench_arguments

    bench_arguments(parser)


def run(args: argparse.Namespace) -> int:
    from badugi_hh.bench import run as run_bench

    return run_bench(args)
