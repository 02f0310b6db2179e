"""Datasets: the store's tables as Hive-partitioned Parquet, for more hands than
one DuckDB file serves and for any tool that reads Parquet.

The flow is the store's, split where a cluster splits it:

* :mod:`~badugi_hh.dataset.importer` lists the logs and hands out one task per log,
  which :mod:`~badugi_hh.dataset.cluster` runs in this process or on a Dask cluster;
* :mod:`~badugi_hh.dataset.writer` is that task: read, audit, write Parquet;
* :mod:`~badugi_hh.dataset.partition` places each row in its site and month folder;
* :mod:`~badugi_hh.dataset.chunks` cuts a large house log into parts;
* :mod:`~badugi_hh.dataset.layout` names the files and moves them into place;
* :mod:`~badugi_hh.dataset.snapshot` says which files hold the rows now;
* :mod:`~badugi_hh.dataset.compact` gathers many logs' rows into few files;
* :mod:`~badugi_hh.dataset.reader` shows the files as the store's tables again.

docs/scale.md explains the layout, the guarantees and the sizing.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from badugi_hh.dataset.cluster import ClusterError, ClusterSpec
    from badugi_hh.dataset.importer import DatasetBusy, DatasetImport, import_to_dataset
    from badugi_hh.dataset.layout import hive_partitioning
    from badugi_hh.dataset.reader import connect_dataset, is_dataset

__all__ = ["ClusterError", "ClusterSpec", "DatasetBusy", "DatasetImport", "connect_dataset",
           "hive_partitioning", "import_to_dataset", "is_dataset"]

#: The module of each name above. They are imported when first asked for: the store's
#: import reads parts of a log as a dataset does (``seams``, ``chunks``), and importing
#: this package for them loaded Parquet, the cloud file systems and the cluster too
#: (~40 ms of every command's start).
_MODULE_OF = {"ClusterError": "cluster", "ClusterSpec": "cluster", "DatasetBusy": "importer",
              "DatasetImport": "importer", "import_to_dataset": "importer",
              "connect_dataset": "reader", "is_dataset": "reader",
              "hive_partitioning": "layout"}


def __getattr__(name: str) -> object:
    if name not in _MODULE_OF:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{_MODULE_OF[name]}"), name)
    globals()[name] = value   # found here from now on, without this function
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
