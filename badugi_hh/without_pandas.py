"""PyArrow without pandas, in a process that only reads logs into DuckDB.

At the first Python list it converts in a process, PyArrow asks whether the list is a
pandas object, and to know it imports pandas: 0.25 to 0.4 s of CPU and 30 MB, a fifth to a
third of an ``import`` of a few small logs, though nothing of an import uses pandas.
:func:`arrow_without_pandas` has that first question find pandas absent; PyArrow does not
ask again, and lists convert as before.

The price: until something asks PyArrow for pandas by name (``Table.from_pandas``,
``Table.to_pandas``, which then import it: PyArrow tries again where pandas is required),
a pandas object given to ``pa.array`` or ``pa.table`` converts as a plain sequence (a
categorical column as its values, a missing float as NaN, not null). So only a process
whose code gives PyArrow no pandas object calls it: the ``import`` command into a
database; a process that holds pandas already is left as it is. (The fork server of
``import --jobs`` imports pandas once, with the modules its workers share: they are forked
with it.)
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from types import ModuleType


class _PandasHeldBack:
    """A finder that has pandas not found."""

    def find_spec(self, name: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if name == "pandas" or name.startswith("pandas."):
            raise ImportError(f"{name} held back for PyArrow's first conversion")
        return None


def arrow_without_pandas() -> None:
    """Let PyArrow find pandas absent at its first conversion (see the module docstring);
    nothing where pandas is imported already."""
    if "pandas" in sys.modules:
        return
    import pyarrow as pa

    held_back = _PandasHeldBack()
    sys.meta_path.insert(0, held_back)
    try:
        pa.array([])   # PyArrow's first question: is it pandas? (pandas found absent)
    finally:
        sys.meta_path.remove(held_back)
