"""This user's cache folder: what the tool can make again, kept between runs.

Every process that reads a log builds the LALR tables of its grammars (60–70 ms a
grammar on a 2-core machine, the largest part of a small import's start); Lark can
keep them in a file and load them in a seventh of that (:func:`cache_file`). The folder
is ``$BADUGI_HH_CACHE``, else ``$XDG_CACHE_HOME/badugi-hh``, else
``~/.cache/badugi-hh``; ``BADUGI_HH_CACHE`` set empty turns the cache off. The tool
writes there only files it made, and reads only a folder the user owns and nobody
else can write (a cached grammar is a pickle: loading one is running code).

>>> import os, tempfile
>>> before = os.environ.get(CACHE_VARIABLE)
>>> with tempfile.TemporaryDirectory() as folder:
...     os.environ[CACHE_VARIABLE] = folder
...     with cache_file("tables") as path:
...         _ = open(path, "w").write("made")
...     sorted(os.listdir(folder)), open(os.path.join(folder, "tables")).read()
(['tables', 'tables.lock'], 'made')
>>> os.environ[CACHE_VARIABLE] = ""
>>> with cache_file("tables") as path:
...     path is None
True
>>> os.environ[CACHE_VARIABLE] = "cache"   # a relative path: no cache
>>> cache_folder() is None
True
>>> if before is None: del os.environ[CACHE_VARIABLE]
... else: os.environ[CACHE_VARIABLE] = before
"""

from __future__ import annotations

import os
import stat
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

try:
    import fcntl
except ImportError:   # (Windows)
    fcntl = None  # type: ignore[assignment]

__all__ = ["CACHE_VARIABLE", "cache_file", "cache_folder"]

#: The environment variable that moves the cache (set empty: no cache).
CACHE_VARIABLE = "BADUGI_HH_CACHE"
#: Seconds a process waits for another to finish writing a cache file (a grammar is
#: built in a tenth of one): past them, it builds its own without the cache.
LOCK_WAIT = 1.0


def cache_folder() -> Path | None:
    """The cache folder, made if missing; None where it is turned off, cannot be made,
    is not this user's alone, or is named by no absolute path (no home folder known:
    ``~`` is then no path, and a relative one would be the working folder's)."""
    chosen = os.environ.get(CACHE_VARIABLE)
    if chosen == "":
        return None
    if chosen is not None:
        folder = Path(chosen)
    else:
        base = os.environ.get("XDG_CACHE_HOME", "")
        if not os.path.isabs(base):   # (the XDG rule: a relative value is ignored)
            base = os.path.join(os.path.expanduser("~"), ".cache")
        folder = Path(base, "badugi-hh")
    if not folder.is_absolute():
        return None
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        status = folder.stat()
    except OSError:
        return None
    if not stat.S_ISDIR(status.st_mode) or status.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        return None
    if hasattr(os, "getuid") and status.st_uid != os.getuid():
        return None
    return folder


@contextmanager
def cache_file(name: str) -> Iterator[str | None]:
    """The path of the cache file ``name``, for the block to read and write while no
    other process does: an import's workers build the same grammar at once, and two
    writers of one file could leave it a mixture of the two. (A file that cannot be
    read whole costs its reader a rebuild: Lark checks it.) None where there is no
    cache folder, no lock to take (a system without ``fcntl``), or the lock is held
    elsewhere past :data:`LOCK_WAIT`."""
    folder = cache_folder()
    if folder is None or fcntl is None:
        yield None
        return
    try:
        lock = os.open(folder / f"{name}.lock", os.O_RDWR | os.O_CREAT, 0o600)
    except OSError:
        yield None
        return
    try:
        yield str(folder / name) if _locked(lock) else None
    finally:
        os.close(lock)   # (which lets the lock go)


def _locked(lock: int) -> bool:
    """Whether the lock was taken within :data:`LOCK_WAIT` seconds (a grammar is built
    in a tenth of one: a process stopped while it held the lock costs the others the
    cache, not their work)."""
    deadline = time.monotonic() + LOCK_WAIT
    while True:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            if time.monotonic() > deadline:
                return False
            time.sleep(0.01)
        except OSError:
            return False
