"""An unexpected error (a bug) told in one line, where it happened, never as a traceback.

>>> try:
...     {}["missing"]
... except KeyError as error:
...     print(internal_error("friday.txt", error))
internal error in friday.txt: KeyError: 'missing' at <doctest badugi_hh.errors[0]>:2
"""

from __future__ import annotations

__all__ = ["describe", "internal_error"]


def describe(error: BaseException) -> str:
    """The error and the line that raised it.

    >>> try:
    ...     {}["missing"]
    ... except KeyError as error:
    ...     print(describe(error))
    KeyError: 'missing' at <doctest badugi_hh.errors.describe[0]>:2
    """
    import traceback   # only on this path: a command's start-up does without it

    frames = traceback.extract_tb(error.__traceback__)
    where = f" at {frames[-1].filename}:{frames[-1].lineno}" if frames else ""
    return f"{type(error).__name__}: {error}{where}"


def internal_error(path: str, error: BaseException) -> str:
    """What a command prints of a log that a bug stopped it reading: the others go on."""
    return f"internal error in {path}: {describe(error)}"
