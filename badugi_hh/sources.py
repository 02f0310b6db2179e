"""The log files a command is given: files as named, folders searched, archives opened,
and every path that cannot be read named instead of skipped.

``validate``, ``import`` (into a database or a dataset) and the dashboard's import
all find their logs here, so they agree on what a folder holds and on what is
refused: a missing path, a folder holding no log, a folder or file that cannot be
read, and anything that is not a regular file (a named pipe or a device would
block a reader, or never end). An archive (``.zip``, ``.tar.gz``, ``.tgz``, ``.gz``:
:mod:`badugi_hh.archives`), named or found in a folder, gives its logs, each an
:class:`~badugi_hh.archives.ArchiveMember` named ``ARCHIVE!MEMBER``, which is also a
name a command may be given; its members that are not logs are passed over, as a
folder's are.

>>> import os, tempfile
>>> with tempfile.TemporaryDirectory() as folder:
...     _ = Path(folder, "friday.txt").write_text("Session #fri\\n")
...     os.mkfifo(Path(folder, "pipe.txt"))
...     os.mkdir(Path(folder, "empty"))
...     for found in find_logs([folder, Path(folder, "empty"), Path(folder, "gone.txt")]):
...         print(found.name if isinstance(found, Path) else found.reason)
friday.txt
not a regular file (a named pipe)
no log files (*.txt, *.log, *.xml, *.phh, *.phhs) in this folder
no such file or folder
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import NamedTuple

from badugi_hh.archives import (
    ARCHIVE_SUFFIXES, ArchiveMember, archive_kind, members, split_member_name,
)

__all__ = ["FOUND_IN_FOLDERS", "IMPORTED_SUFFIXES", "LOG_SUFFIXES", "NO_LOGS", "ArchiveMember", "Log", "Unreadable",
           "find_logs", "iter_log_files", "log_files_in", "log_named", "size_of",
           "unreadable_file"]

#: A log found: a file, or a member of an archive (opened alike, with ``.open("rb")``).
Log = Path | ArchiveMember

#: Files a folder's search picks up (any case); a file named on the command line is
#: read whatever its name.
LOG_SUFFIXES = (".txt", ".log", ".xml", ".phh", ".phhs")
#: Every file an import reads by its name: a log, or an archive of logs (one log gzipped).
IMPORTED_SUFFIXES = (*LOG_SUFFIXES, *ARCHIVE_SUFFIXES)

_LOG_PATTERNS = ", ".join("*" + suffix for suffix in LOG_SUFFIXES)
_GZIP = next(suffix for suffix, kind in ARCHIVE_SUFFIXES.items() if kind == "gz")
#: What a folder's search finds, as a command's help names it (from the suffixes above,
#: so that the help says what the search does).
FOUND_IN_FOLDERS = (
    f"{_LOG_PATTERNS} files, "
    f"{', '.join(suffix for suffix, kind in ARCHIVE_SUFFIXES.items() if kind != 'gz')} "
    f"archives, and a log gzipped (table{LOG_SUFFIXES[0]}{_GZIP})")

#: Why a folder gives nothing: silence would pass for a clean audit or an import done.
NO_LOGS = f"no log files ({_LOG_PATTERNS}) in this folder"

#: What each kind of file that is not a regular one is called in a message.
_NOT_REGULAR = {stat.S_IFIFO: "a named pipe", stat.S_IFCHR: "a character device",
                stat.S_IFBLK: "a block device", stat.S_IFSOCK: "a socket"}


class Unreadable(NamedTuple):
    """A path given or found that cannot be read as a log, and why."""

    path: str
    reason: str
    missing: bool = False
    """The path does not exist (as given: a file found missing is a broken link)."""

    def __str__(self) -> str:
        return f"{self.path}: {self.reason}"


def find_logs(paths: Iterable[str | os.PathLike[str]]) -> Iterator[Log | Unreadable]:
    """The log files named by ``paths``, and an :class:`Unreadable` for each path that
    cannot be read: a file as given; a folder searched recursively for
    :data:`LOG_SUFFIXES` files and archives, in sorted order, without following links
    to folders; an archive's logs; ``ARCHIVE!MEMBER``, that member."""
    for path in map(Path, paths):
        try:
            info = path.stat()
        except FileNotFoundError:
            yield _member_named(str(path))
            continue
        except OSError as error:
            yield Unreadable(str(path), _why(error))
            continue
        if stat.S_ISDIR(info.st_mode):
            yield from _folder(path)
        else:
            checked = _checked(path, info.st_mode)
            yield from (_archive(checked) if isinstance(checked, Path)
                        and archive_kind(checked) else [checked])


def log_named(source: str) -> Log | Unreadable:
    """The one log a source is named after (a file, a ``.gz``, ``ARCHIVE!MEMBER``), found
    as :func:`find_logs` finds it: what export and a hand's text read again."""
    return next(iter(find_logs([source])))


def size_of(log: Log) -> int:
    """How many bytes reading ``log`` takes (an archive member's, expanded): 0 when
    it cannot be told, for a progress bar's total."""
    if isinstance(log, ArchiveMember):
        return log.size
    try:
        return log.stat().st_size
    except OSError:
        return 0


def _is_log_name(name: str) -> bool:
    return Path(name).suffix.lower() in LOG_SUFFIXES


def _archive(path: Path) -> Iterator[Log | Unreadable]:
    """The logs of an archive; what it holds that cannot be read, named."""
    found = False
    for member in members(path, _is_log_name):
        found = True
        yield member if isinstance(member, ArchiveMember) else Unreadable(*member)
    if not found:
        yield Unreadable(str(path), NO_LOGS.replace("folder", "archive"))


def _member_named(name: str) -> Log | Unreadable:
    """``ARCHIVE!MEMBER`` as given, when it names a member; else a missing path."""
    split = split_member_name(name)
    if split is not None:
        archive, inside = split
        for member in members(archive, lambda candidate: candidate == inside):
            return member if isinstance(member, ArchiveMember) else Unreadable(*member)
        return Unreadable(name, f"no such log in {archive}", missing=True)
    return Unreadable(name, "no such file or folder", missing=True)


def iter_log_files(paths: Iterable[str | os.PathLike[str]]) -> Iterator[Log]:
    """The readable log files of :func:`find_logs`; a path that does not exist raises
    :class:`FileNotFoundError` (the others that cannot be read are left out)."""
    for found in find_logs(paths):
        if not isinstance(found, Unreadable):
            yield found
        elif found.missing:
            raise FileNotFoundError(f"no such file or folder: {found.path}")


def _folder(folder: Path) -> Iterator[Log | Unreadable]:
    for checked in log_files_in(folder):
        if isinstance(checked, Path) and archive_kind(checked):
            yield from _archive(checked)
        else:
            yield checked


def log_files_in(folder: Path) -> Iterator[Path | Unreadable]:
    """The files a search of ``folder`` reads, in sorted order, and an
    :class:`Unreadable` for each it skips: the one rule ``import``, ``validate``,
    ``watch`` and the dashboard share. A file is a log by its name
    (:data:`LOG_SUFFIXES`, or an archive of them: ``table.txt.gz``, not
    ``data.csv.gz``); it is read only when it is a regular file (a named pipe or a
    device is never opened: it would block a reader, or never end), and a link
    only when it leads to a file inside ``folder`` (a link to ``~/.ssh/id_rsa``
    named ``x.txt`` is not a log of the folder's). Links to folders are not
    followed, and each is named: one leading out would read what lies outside, one
    inside what is read already, and either may lead round in a loop."""
    problems: list[Unreadable] = []
    names: list[Path] = []
    linked_folders: list[Path] = []

    def unreadable_folder(error: OSError) -> None:
        problems.append(Unreadable(str(error.filename or folder),
                                   f"cannot read this folder: {_why(error)}"))

    for parent, folders, files in os.walk(folder, onerror=unreadable_folder):
        names.extend(Path(parent, name) for name in files
                     if _is_log_name(name) or _is_log_archive(name))
        linked_folders.extend(Path(parent, name) for name in folders
                              if Path(parent, name).is_symlink())
    inside = folder.resolve()
    for name in sorted(names):
        yield _found_in_folder(name, inside)
    yield from (_linked_folder(link, inside) for link in sorted(linked_folders))
    yield from problems
    if not names and not problems and not linked_folders:
        yield Unreadable(str(folder), NO_LOGS)


def _found_in_folder(name: Path, inside: Path) -> Path | Unreadable:
    """``name`` if a folder's search may read it: a regular file, itself or linked to
    within ``inside``."""
    try:
        checked = _checked(name, name.stat().st_mode)
        target = name.resolve(strict=True) if name.is_symlink() else inside
    except FileNotFoundError:   # a link to nothing, or removed meanwhile
        return Unreadable(str(name), "a link to a file that does not exist")
    except OSError as error:
        return Unreadable(str(name), _why(error))
    if isinstance(checked, Path) and not target.is_relative_to(inside):
        return Unreadable(str(name), f"skipped: a link to {target}, outside {inside}")
    return checked


def _linked_folder(link: Path, inside: Path) -> Unreadable:
    """Why a search does not enter the folder ``link`` leads to (the search walks the
    folder's own tree: a link out would read what lies outside it, a link within reads
    again what it reads already)."""
    target = link.resolve()
    if not target.is_relative_to(inside):
        return Unreadable(str(link), f"skipped: a link to the folder {target}, outside {inside}")
    return Unreadable(str(link), f"skipped: a link to the folder {target}, whose logs are "
                      "read where they lie (links to folders are not followed)")


def _is_log_archive(name: str) -> bool:
    """An archive a folder's search opens: a zip or tar, or one log gzipped
    (``table.txt.gz``, not ``data.csv.gz``)."""
    kind = archive_kind(Path(name))
    return kind in ("zip", "tar") or (kind == "gz" and _is_log_name(name[:-len(".gz")]))


def _checked(path: Path, mode: int) -> Path | Unreadable:
    """``path`` if it is a regular file this process may read, whose name no log in an
    archive has."""
    if not stat.S_ISREG(mode):
        kind = _NOT_REGULAR.get(stat.S_IFMT(mode), "not a file")
        return Unreadable(str(path), f"not a regular file ({kind})")
    if not os.access(path, os.R_OK):
        return Unreadable(str(path), "cannot read this file: permission denied")
    split = split_member_name(str(path))
    if split is not None and archive_kind(path) not in ("zip", "tar"):
        return Unreadable(str(path), f"its name is that of the log {split[1]} inside "
                          f"{split[0]}: not read, as the two could not be told apart (rename it)")
    return path


def unreadable_file(path: str | os.PathLike[str] | ArchiveMember, error: OSError,
                    ) -> Unreadable:
    """A file found readable that could not be read after all (removed, its permission
    changed, a disk error), as :func:`find_logs` names what it cannot read."""
    return Unreadable(str(path), f"cannot read this file: {_why(error)}")


def _why(error: OSError) -> str:
    return (error.strerror or str(error)).lower()
