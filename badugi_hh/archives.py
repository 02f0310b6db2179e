"""Logs kept in archives: ``.zip``, ``.tar.gz`` / ``.tgz`` and ``.gz``, read in place.

Every log inside an archive is a log of its own, named ``ARCHIVE!MEMBER`` (the
archive's path, ``!``, the member's path inside it: ``2020.zip!march/table 1.txt``);
a ``.gz`` holds one file and is named by its own path. That name is what messages
cite and what the store records as the log's source, so re-importing an archive
adds nothing and an archive that grew adds only its new logs.

Members are read as a stream, never unpacked to disk nor held whole, so a log in
an archive costs what the same log costs as a file. Two limits keep a hostile
archive from taking a disk's worth of time: a member may not expand to more than
:data:`MAX_RATIO` times its compressed size (beyond :data:`RATIO_FREE_BYTES`), nor
to more than :data:`MAX_MEMBER_BYTES`. Such a member, and an archive that cannot be
read (damaged, cut short), are named with the reason, and the other logs are read.

>>> import io, zipfile, tempfile
>>> with tempfile.TemporaryDirectory() as folder:
...     archive = Path(folder, "logs.zip")
...     with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as out:
...         out.writestr("march/t1.txt", "Session #s1\\n")
...         out.writestr("march/readme.md", "not a log")
...         out.writestr("bomb.txt", "0" * 3_000_000)
...     for found in members(archive, lambda name: name.endswith(".txt")):
...         print(str(found).removeprefix(folder + "/").split(" from ")[0])
logs.zip!bomb.txt: refused: it would expand to 3,000,000 bytes
logs.zip!march/t1.txt
"""

from __future__ import annotations

import gzip
import io
import tarfile
import zipfile
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, NamedTuple, cast

__all__ = ["ArchiveError", "ArchiveMember", "MAX_MEMBER_BYTES", "MAX_RATIO", "Refused",
           "archive_kind", "members", "split_member_name"]

#: How many times its compressed size a member may expand to (text compresses 5 to 20
#: times; a bomb of one repeated byte, a thousand times).
MAX_RATIO = 100
#: Below this many bytes a member may expand at any ratio (a small log of repeated lines).
RATIO_FREE_BYTES = 1 << 20
#: The largest member read: larger than any table's log a site writes.
MAX_MEMBER_BYTES = 8 << 30
#: What separates an archive's path from a member's in a log's name.
SEPARATOR = "!"

#: Errors of the archive libraries that mean a damaged or cut archive.
_DAMAGE = (zipfile.BadZipFile, tarfile.TarError, gzip.BadGzipFile, EOFError, zlib.error,
           OSError)


class ArchiveError(OSError):
    """An archive, or one of its members, that cannot be read; ``strerror`` says why."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.strerror = reason


class Refused(NamedTuple):
    """A member (or an archive) not read, and why."""

    name: str
    reason: str

    def __str__(self) -> str:
        return f"{self.name}: {self.reason}"


#: The archives an import opens, by the name's ending, and their kind.
ARCHIVE_SUFFIXES = {".zip": "zip", ".tar.gz": "tar", ".tgz": "tar", ".gz": "gz"}


def archive_kind(path: Path) -> str | None:
    """``zip``, ``tar`` (gzipped) or ``gz`` by the name's ending, else None.

    >>> [archive_kind(Path(name)) for name in ("a.ZIP", "b.tar.gz", "c.tgz", "d.txt.gz", "e.txt")]
    ['zip', 'tar', 'tar', 'gz', None]
    """
    name = path.name.lower()
    return next((kind for suffix, kind in ARCHIVE_SUFFIXES.items() if name.endswith(suffix)),
                None)


class ArchiveMember(NamedTuple):
    """One log inside an archive: opened like a file (:meth:`open`), named
    ``ARCHIVE!MEMBER`` (a ``.gz``: its own path)."""

    archive: Path
    inside: str
    """The member's path in the archive; empty for a ``.gz``."""
    kind: str
    size: int
    """Its size once expanded, as the archive states it (a ``.gz``: modulo 4 GiB)."""
    limit: int
    """The most bytes reading it may give before it is refused."""

    def __str__(self) -> str:
        return f"{self.archive}{SEPARATOR}{self.inside}" if self.inside else str(self.archive)

    @property
    def name(self) -> str:
        return Path(self.inside or self.archive.name.removesuffix(".gz")).name

    def resolve(self) -> ArchiveMember:
        return self._replace(archive=self.archive.resolve())

    def open(self, mode: str = "rb") -> IO[bytes]:
        """The member's bytes as a stream; reading past :attr:`limit`, or a damaged
        part, raises :class:`ArchiveError` naming the member."""
        if mode != "rb":
            raise ValueError("an archive member opens as bytes only")
        try:
            stream = _open_member(self)
        except _DAMAGE as error:
            raise ArchiveError(f"damaged archive: {_reason(error)}") from None
        return io.BufferedReader(_Bounded(stream, self.limit, str(self)), 1 << 16)


def members(path: Path, is_log: Callable[[str], bool]) -> Iterator[ArchiveMember | Refused]:
    """The logs in the archive at ``path`` (members ``is_log`` says yes to, in the order
    of their names), and a :class:`Refused` for each member too large to read, or for
    the archive when it cannot be read."""
    kind = archive_kind(path)
    try:
        if kind == "zip":
            found = list(_zip_members(path, is_log))
        elif kind == "tar":
            found = list(_tar_members(path, is_log))
        else:
            found = [_gz_member(path)]
    except ArchiveError as error:   # a tar.gz expanding past its limit as it is listed
        yield Refused(str(path), str(error.strerror))
        return
    except _DAMAGE as error:
        yield Refused(str(path), f"damaged archive: {_reason(error)}")
        return
    yield from sorted(found, key=str)


def split_member_name(name: str) -> tuple[Path, str] | None:
    """``ARCHIVE!MEMBER`` as the archive's path and the member's, when the archive is a
    file; else None (a file whose name holds a ``!``, say).

    >>> split_member_name("no-such.zip!a.txt") is None
    True
    """
    archive, separator, inside = name.partition(SEPARATOR)
    while separator:
        if archive_kind(Path(archive)) and Path(archive).is_file():
            return Path(archive), inside
        more, separator, inside = inside.partition(SEPARATOR)
        archive = f"{archive}{SEPARATOR}{more}"
    return None


def _zip_members(path: Path, is_log: Callable[[str], bool]) -> Iterator[ArchiveMember | Refused]:
    with zipfile.ZipFile(path) as archive:
        for info in archive.infolist():
            if not info.is_dir() and is_log(info.filename):
                yield _bounded_member(path, info.filename, "zip", info.file_size,
                                      info.compress_size)


def _tar_members(path: Path, is_log: Callable[[str], bool]) -> Iterator[ArchiveMember | Refused]:
    compressed = path.stat().st_size
    with _bounded_gzip(path) as stream, tarfile.open(fileobj=stream, mode="r|") as archive:
        for info in archive:
            if info.isfile() and is_log(info.name):
                # the tar's own compression covers all its members: each is held to it
                yield _bounded_member(path, info.name, "tar", info.size, compressed)


def _gz_member(path: Path) -> ArchiveMember | Refused:
    compressed = path.stat().st_size
    with path.open("rb") as stream:
        if stream.read(2) != b"\x1f\x8b":
            raise gzip.BadGzipFile("not a gzip file")
        stream.seek(-4, io.SEEK_END)
        stated = int.from_bytes(stream.read(4), "little")   # the size modulo 4 GiB
    return _bounded_member(path, "", "gz", stated, compressed)


def _bounded_member(path: Path, inside: str, kind: str, size: int,
                    compressed: int) -> ArchiveMember | Refused:
    member = ArchiveMember(path, inside, kind, size, _limit(compressed))
    if size > member.limit:
        return Refused(str(member), _too_large(size, compressed))
    return member


def _limit(compressed: int) -> int:
    return min(MAX_MEMBER_BYTES, max(RATIO_FREE_BYTES, MAX_RATIO * compressed))


def _too_large(size: int, compressed: int) -> str:
    if size > MAX_MEMBER_BYTES:
        return f"refused: it would expand to {size:,} bytes (the limit is {MAX_MEMBER_BYTES:,})"
    return (f"refused: it would expand to {size:,} bytes from {compressed:,} (more than "
            f"{MAX_RATIO} times; an archive bomb?)")


def _bounded_gzip(path: Path) -> IO[bytes]:
    """A gzip file's expanded bytes, refused past its limit (a tar's listing reads them)."""
    expanded = cast(IO[bytes], gzip.open(path, "rb"))
    return io.BufferedReader(_Bounded(expanded, _limit(path.stat().st_size), str(path)))


def _open_member(member: ArchiveMember) -> IO[bytes]:
    if member.kind == "zip":
        with zipfile.ZipFile(member.archive) as archive:   # the member keeps the file open
            return archive.open(member.inside)
    if member.kind == "gz":
        return cast(IO[bytes], gzip.open(member.archive, "rb"))
    return cast(IO[bytes], _TarMember(member))


class _TarMember(io.RawIOBase):
    """One member of a gzipped tar, read as a stream (a tar.gz cannot be read from the
    middle: the members before it are passed over)."""

    def __init__(self, member: ArchiveMember) -> None:
        self._outer = _bounded_gzip(member.archive)
        self._tar = tarfile.open(fileobj=self._outer, mode="r|")
        self._stream: IO[bytes] | None = None
        for info in self._tar:
            if info.name == member.inside:
                self._stream = self._tar.extractfile(info)
                break
        if self._stream is None:
            self.close()
            raise ArchiveError(f"no member {member.inside} in this archive any more")

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]
        assert self._stream is not None
        data = self._stream.read(len(buffer))
        buffer[:len(data)] = data
        return len(data)

    def close(self) -> None:
        self._tar.close()
        self._outer.close()
        super().close()


class _Bounded(io.RawIOBase):
    """A stream that refuses to give more than ``limit`` bytes, and names a damaged
    archive as such (the libraries' own errors are not about a file)."""

    def __init__(self, stream: IO[bytes], limit: int, name: str) -> None:
        self._stream = stream
        self._limit = limit
        self.name = name
        """What a reader's errors cite (``ARCHIVE!MEMBER``)."""
        self._given = 0

    def readable(self) -> bool:
        return True

    def tell(self) -> int:
        """Bytes given so far: how far reading has come (a progress bar's)."""
        return self._given

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]
        try:
            data = self._stream.read(len(buffer))
        except ArchiveError:
            raise
        except _DAMAGE as error:
            raise ArchiveError(f"damaged archive: {_reason(error)}") from None
        self._given += len(data)
        if self._given > self._limit:
            raise ArchiveError(f"refused: it expands past {self._limit:,} bytes (more than "
                               f"{MAX_RATIO} times its compressed size; an archive bomb?)")
        buffer[:len(data)] = data
        return len(data)

    def close(self) -> None:
        self._stream.close()
        super().close()


def _reason(error: BaseException) -> str:
    if isinstance(error, EOFError):
        return "it ends too soon (cut short)"
    text = getattr(error, "strerror", None) or str(error) or type(error).__name__
    return text[0].lower() + text[1:]
