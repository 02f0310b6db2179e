"""Logs kept in archives: ``.zip``, ``.tar.gz`` / ``.tgz`` and ``.gz``, read in place.

Every log inside an archive is a log of its own, named ``ARCHIVE!MEMBER`` (the
archive's path, ``!``, the member's path inside it: ``2020.zip!march/table 1.txt``);
a ``.gz`` holds one file and is named by its own path. That name is what messages
cite and what the store records as the log's source, so re-importing an archive
adds nothing and an archive that grew adds only its new logs. The name is read
back at its last ``!`` (:func:`split_member_name`), so a member's name may not hold
one (such a member is refused, named), nor may a name appear twice in one archive
(every copy is refused: which one is the log cannot be told).

An archive is listed once: a zip's central directory is read once and the archive
kept open while its members are read; a tar.gz is read from its start once to
list it, and once more, member after member, to read them (a tar.gz cannot be read
from its middle; its members come in the order it holds them, and reading them
in that order never starts it over). Members are read as a stream, never unpacked
to disk nor held whole, so a log in an archive costs what the same log costs as a
file. A member that cannot be read (encrypted, compressed by a method Python does
not read, a name that is not UTF-8) is refused with the reason, and the others are
read.

Limits keep a hostile archive from taking a disk's worth of time: a member may not
expand to more than :data:`MAX_RATIO` times its compressed size (beyond
:data:`RATIO_FREE_BYTES`), nor to more than :data:`MAX_MEMBER_BYTES`, and an
archive's logs together may not expand to more than :data:`MAX_RATIO` times the
archive's own size (a directory listing one member many times). Such a member or
archive, and an archive that cannot be read (damaged, cut short, changed while it
was read), are named with the reason, and the other logs are read.

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
import os
import tarfile
import threading
import zipfile
import zlib
from collections import Counter, OrderedDict
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, BinaryIO, NamedTuple, cast

__all__ = ["KEPT_OPEN", "ArchiveError", "ArchiveMember", "Identity", "MAX_MEMBER_BYTES",
           "MAX_RATIO", "Refused", "archive_kind", "archive_whole", "members",
           "split_member_name"]

#: How many times its compressed size a member may expand to (text compresses 5 to 20
#: times; a bomb of one repeated byte, a thousand times).
MAX_RATIO = 100
#: Below this many bytes a member may expand at any ratio (a small log of repeated lines).
RATIO_FREE_BYTES = 1 << 20
#: The largest member read: larger than any table's log a site writes.
MAX_MEMBER_BYTES = 8 << 30
#: What separates an archive's path from a member's in a log's name.
SEPARATOR = "!"
#: How many archives a process keeps listed (and a zip open): those whose members
#: are being read, and the last few read.
KEPT_OPEN = 4

#: Errors of the archive libraries that mean a damaged or cut archive.
_DAMAGE = (zipfile.BadZipFile, tarfile.TarError, gzip.BadGzipFile, EOFError, zlib.error,
           OSError)
#: The fewest bytes a gzip file holds: less is a file cut short.
_GZIP_HEADER_AND_TRAILER = 18
#: The zip compression methods Python reads, and the names of some it does not.
_ZIP_METHODS = (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED, zipfile.ZIP_BZIP2, zipfile.ZIP_LZMA)
_OTHER_ZIP_METHODS = {6: "Implode", 9: "Deflate64", 10: "PKWARE DCL Implode", 93: "Zstandard",
                      95: "XZ", 97: "WavPack", 98: "PPMd", 99: "AES encryption"}

#: An archive file as listed: device, inode, size, time of its last change. A member
#: is read from that file or not at all (a sync client replaces files while they are read).
Identity = tuple[int, int, int, int]
_CHANGED = "the archive changed since it was listed (replaced while it was read?): read it again"


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


def archive_whole(path: Path) -> bool:
    """Whether the archive at ``path`` is whole as far as its bytes can tell cheaply: a zip
    ends with its directory, which a copy still under way has not written yet (a gzip
    states its end nowhere a reader can find without reading it all: taken as whole).
    ``watch`` reads an archive once it is whole, so that one copied in slowly is not told
    damaged first."""
    if archive_kind(path) != "zip":
        return True
    try:
        return zipfile.is_zipfile(path)
    except OSError:
        return True   # the import names why it cannot be read


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
    listed: Identity
    """The archive file it was listed from."""
    position: int
    """Its place in the archive (a zip's directory, a tar's order)."""

    def __str__(self) -> str:
        return f"{self.archive}{SEPARATOR}{self.inside}" if self.inside else str(self.archive)

    @property
    def name(self) -> str:
        return Path(self.inside or self.archive.name.removesuffix(".gz")).name

    def resolve(self) -> ArchiveMember:
        return self._replace(archive=self.archive.resolve())

    def open(self, mode: str = "rb") -> IO[bytes]:
        """The member's bytes as a stream; reading past :attr:`limit`, a damaged part,
        or an archive changed since it was listed raises :class:`ArchiveError`."""
        if mode != "rb":
            raise ValueError("an archive member opens as bytes only")
        try:
            stream, underneath = _open_member(self)
        except ArchiveError:
            raise
        except (*_DAMAGE, RuntimeError, NotImplementedError) as error:
            raise ArchiveError(f"damaged archive: {_reason(error)}") from None
        return io.BufferedReader(_Bounded(stream, self.limit, str(self), underneath), 1 << 16)


def members(path: Path, is_log: Callable[[str], bool]) -> Iterator[ArchiveMember | Refused]:
    """The logs in the archive at ``path`` (members ``is_log`` says yes to; a zip's in
    the order of their names, a tar's in its own), and a :class:`Refused` for each
    member that cannot be read, or for the archive when it cannot be read."""
    try:
        listing = _listing(path)
    except ArchiveError as error:   # a tar.gz expanding past its limit as it is listed
        yield Refused(str(path), str(error.strerror))
        return
    except _DAMAGE as error:
        yield Refused(str(path), f"damaged archive: {_reason(error)}")
        return
    found = list(_chosen(path, listing, is_log))
    logs = [member for member in found if isinstance(member, ArchiveMember)]
    expanded = sum(member.size for member in logs)
    if listing.kind != "gz" and expanded > _limit(listing.identity[2]):
        yield Refused(str(path), _too_large(expanded, listing.identity[2], "its logs"))
        found = [refused for refused in found if isinstance(refused, Refused)]
    yield from sorted(found, key=str) if listing.kind == "zip" else found
    if listing.damage:
        yield Refused(str(path), listing.damage)


def split_member_name(name: str) -> tuple[Path, str] | None:
    """``ARCHIVE!MEMBER`` as the archive's path and the member's, when the archive is a
    file; else None (a file whose name holds a ``!``, say). A member's name holds no
    ``!``, so the archive's is all before the last.

    >>> split_member_name("no-such.zip!a.txt") is None
    True
    """
    archive, separator, inside = name.rpartition(SEPARATOR)
    if separator and archive_kind(Path(archive)) in ("zip", "tar") and Path(archive).is_file():
        return Path(archive), inside
    return None


# -- listing an archive, once -------------------------------------------------------

class _Entry(NamedTuple):
    """A member as its archive lists it."""

    inside: str
    position: int
    size: int
    compressed: int
    is_file: bool
    problem: str = ""
    """Why it cannot be read, or ""."""


class _Listing:
    """An archive listed: its entries, and (a zip) the archive open to read them, or (a
    tar.gz) the read under way."""

    def __init__(self, kind: str, identity: Identity, entries: list[_Entry],
                 damage: str = "", opened: zipfile.ZipFile | None = None,
                 names_as_read: _NamesAsRead | None = None) -> None:
        self.kind = kind
        self.identity = identity
        self.entries = entries
        self.damage = damage
        """Why the listing stopped before the archive's end (its members before are read)."""
        self.zip = opened
        self._names_as_read = names_as_read
        self.tar_read: _TarRead | None = None

    def close(self) -> None:
        if self.zip is not None:
            self.zip.close()   # a member being read keeps the file open until it is closed
        if self._names_as_read is not None:   # a file given to zipfile is not its to close
            self._names_as_read.close()
        if self.tar_read is not None:
            self.tar_read.let_go()


_lock = threading.Lock()
_listings: OrderedDict[Path, _Listing] = OrderedDict()


def _listing(path: Path, listed: Identity | None = None) -> _Listing:
    """The archive at ``path`` listed (again only when it changed since); ``listed``: the
    file it must be, else :class:`ArchiveError`."""
    with _lock:
        kept = _listings.get(path)
        try:
            current = _identity(os.stat(path))
        except FileNotFoundError:
            current = None
        if kept is not None and kept.identity in (current, listed):
            _listings.move_to_end(path)
            return kept
        if listed is not None and current != listed:
            raise ArchiveError(_CHANGED)
        listing = _list(path)
        if listed is not None and listing.identity != listed:
            listing.close()
            raise ArchiveError(_CHANGED)
        if kept is not None:
            kept.close()
        _listings[path] = listing
        while len(_listings) > KEPT_OPEN:
            _listings.popitem(last=False)[1].close()
        return listing


def _list(path: Path) -> _Listing:
    """The archive read for its list of members (a ``.gz``: its one, of the size it states)."""
    kind = archive_kind(path)
    if kind == "zip":
        return _zip_listing(path)
    raw = path.open("rb")
    identity = _identity(os.fstat(raw.fileno()))
    if kind == "tar":
        try:
            read = _TarRead(path, raw, identity)
        except BaseException:
            raw.close()
            raise
        with read:
            return _Listing(kind, identity, *read.listed())
    with raw:
        if raw.read(2) != b"\x1f\x8b":
            raise gzip.BadGzipFile("not a gzip file")
        if identity[2] < _GZIP_HEADER_AND_TRAILER:
            raise EOFError("cut short")
        raw.seek(-4, io.SEEK_END)
        stated = int.from_bytes(raw.read(4), "little")   # modulo 4 GiB: a progress bar's
    return _Listing("gz", identity, [_Entry("", 0, min(stated, _limit(identity[2])),
                                            identity[2], True)])


def _opened_as_listed(path: Path, listed: Identity) -> BinaryIO:
    """The archive's file, which must be the one listed."""
    try:
        raw = path.open("rb")
    except FileNotFoundError:
        raise ArchiveError(_CHANGED) from None
    if _identity(os.fstat(raw.fileno())) != listed:
        raw.close()
        raise ArchiveError(_CHANGED)
    return raw


def _identity(info: os.stat_result) -> Identity:
    return info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns


def _chosen(path: Path, listing: _Listing,
            is_log: Callable[[str], bool]) -> Iterator[ArchiveMember | Refused]:
    """The archive's logs, or why each cannot be read (one reason per name)."""
    logs = [entry for entry in listing.entries
            if entry.is_file and (listing.kind == "gz" or is_log(entry.inside))]
    copies = Counter(entry.inside for entry in logs)
    told: set[str] = set()
    for entry in logs:
        name = f"{path}{SEPARATOR}{entry.inside}" if entry.inside else str(path)
        if copies[entry.inside] > 1:
            if entry.inside not in told:
                told.add(entry.inside)
                yield Refused(name, f"listed {copies[entry.inside]:,} times in this archive: "
                              "no copy is read (which one is the log cannot be told)")
        elif entry.problem:
            yield Refused(name, entry.problem)
        elif SEPARATOR in entry.inside:
            yield Refused(name, f"a member's name holding {SEPARATOR!r} is not read: it could "
                          "not be told from a log inside another archive (rename it)")
        elif listing.kind == "gz":   # its stated size is modulo 4 GiB: judged while read
            yield ArchiveMember(path, "", "gz", entry.size, _limit(entry.compressed),
                                listing.identity, entry.position)
        elif entry.size > _limit(entry.compressed):
            yield Refused(name, _too_large(entry.size, entry.compressed, "it"))
        else:
            yield ArchiveMember(path, entry.inside, listing.kind, entry.size, entry.size,
                                listing.identity, entry.position)


def _limit(compressed: int) -> int:
    return min(MAX_MEMBER_BYTES, max(RATIO_FREE_BYTES, MAX_RATIO * compressed))


def _too_large(size: int, compressed: int, what: str) -> str:
    if size > MAX_MEMBER_BYTES:
        return (f"refused: {what} would expand to {size:,} bytes (the limit is "
                f"{MAX_MEMBER_BYTES:,})")
    return (f"refused: {what} would expand to {size:,} bytes from {compressed:,} (more than "
            f"{MAX_RATIO} times; an archive bomb?)")


# -- zip -----------------------------------------------------------------------------

def _zip_listing(path: Path) -> _Listing:
    names_as_read: _NamesAsRead | None = None
    try:
        opened = zipfile.ZipFile(path)
    except UnicodeDecodeError:   # a name flagged UTF-8 that is not: zipfile gives up
        names_as_read = _NamesAsRead(path.open("rb"))
        try:
            opened = zipfile.ZipFile(names_as_read)
        except BaseException:
            names_as_read.close()
            raise
        names_as_read.listing = False
    unnamed = names_as_read.not_utf8 if names_as_read is not None else set()
    assert opened.fp is not None   # open for reading
    entries = [_zip_entry(index, info, index in unnamed)
               for index, info in enumerate(opened.infolist())]
    return _Listing("zip", _identity(os.fstat(opened.fp.fileno())), entries, opened=opened,
                    names_as_read=names_as_read)


def _zip_entry(index: int, info: zipfile.ZipInfo, not_utf8: bool) -> _Entry:
    problem = ""
    inside = info.filename
    if not_utf8:
        inside = info.filename.encode("cp437").decode("utf-8", "backslashreplace")
        problem = "its name is not UTF-8, as the archive says it is: not read"
    elif info.flag_bits & 0x1:
        problem = "encrypted: not read (it needs a password; unpack it yourself)"
    elif info.compress_type not in _ZIP_METHODS:
        method = _OTHER_ZIP_METHODS.get(info.compress_type, f"method {info.compress_type}")
        problem = (f"compressed by {method}, which cannot be read here: not read (unpack it "
                   "with a tool that reads it)")
    return _Entry(inside, index, info.file_size, info.compress_size, not info.is_dir(), problem)


#: A zip directory entry's signature, its size before the name, and the flag saying its
#: name is UTF-8 (PKWARE's APPNOTE, 4.3.12 and 4.4.4).
_DIRECTORY_ENTRY, _ENTRY_BYTES, _UTF8_NAME = b"PK\x01\x02", 46, 0x800


class _NamesAsRead(io.RawIOBase):
    """A zip file read with the UTF-8 flag taken off the directory's names that are not
    UTF-8, so that zipfile (which gives up on the whole archive at one such name) lists
    them, to be refused, and reads the others."""

    def __init__(self, raw: BinaryIO) -> None:
        self._raw = raw
        self.listing = True
        self.not_utf8: set[int] = set()
        """The places in the directory of the names that are not UTF-8."""

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def seek(self, offset: int, whence: int = io.SEEK_SET) -> int:
        return self._raw.seek(offset, whence)

    def tell(self) -> int:
        return self._raw.tell()

    def fileno(self) -> int:
        return self._raw.fileno()

    def read(self, size: int | None = -1) -> bytes:
        data = self._raw.read(-1 if size is None else size)
        if self.listing and data.startswith(_DIRECTORY_ENTRY):   # the central directory
            return self._unflagged(bytearray(data))
        return data

    def _unflagged(self, directory: bytearray) -> bytes:
        at = index = 0
        while directory[at:at + 4] == _DIRECTORY_ENTRY and at + _ENTRY_BYTES <= len(directory):
            flags = int.from_bytes(directory[at + 8:at + 10], "little")
            lengths = [int.from_bytes(directory[at + n:at + n + 2], "little")
                       for n in (28, 30, 32)]   # of the name, the extra field, the comment
            try:
                bytes(directory[at + _ENTRY_BYTES:at + _ENTRY_BYTES + lengths[0]]).decode()
            except UnicodeDecodeError:
                if flags & _UTF8_NAME:
                    directory[at + 8:at + 10] = (flags & ~_UTF8_NAME).to_bytes(2, "little")
                    self.not_utf8.add(index)
            at += _ENTRY_BYTES + sum(lengths)
            index += 1
        return bytes(directory)

    def close(self) -> None:
        self._raw.close()
        super().close()


# -- tar.gz --------------------------------------------------------------------------

class _TarRead:
    """One read of a gzipped tar from its start, member after member; a member being
    read holds it (:attr:`reading`), the next may be read once it is closed."""

    def __init__(self, path: Path, raw: BinaryIO, identity: Identity) -> None:
        expanded = gzip.GzipFile(fileobj=raw, mode="rb")
        self._raw = raw
        self._stream = io.BufferedReader(_Bounded(cast(IO[bytes], expanded),
                                                  _limit(identity[2]), str(path)), 1 << 16)
        self._tar = tarfile.open(fileobj=self._stream, mode="r|")
        self._compressed = identity[2]   # the tar's compression covers all its members
        self.next_index = 0
        self.reading = False
        self._let_go = False

    def __enter__(self) -> _TarRead:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def listed(self) -> tuple[list[_Entry], str]:
        """The members from here to the end, and why the listing stopped short, if it did."""
        entries: list[_Entry] = []
        try:
            while (info := self._next()) is not None:
                entries.append(_Entry(info.name, self.next_index - 1, info.size,
                                      self._compressed, info.isfile()))
        except ArchiveError as error:
            if not entries:
                raise
            return entries[:-1], f"{error.strerror}; its logs before are read"
        except _DAMAGE as error:
            if not entries:
                raise
            return entries[:-1], f"damaged archive: {_reason(error)}; its logs before are read"
        return entries, ""

    def member(self, member: ArchiveMember) -> IO[bytes]:
        """``member``'s bytes: the read goes on to it (it must lie ahead)."""
        while self.next_index <= member.position and (info := self._next()) is not None:
            if self.next_index - 1 == member.position and (info.name, info.size) == (
                    member.inside, member.size):
                stream = self._tar.extractfile(info)
                assert stream is not None   # a regular file's
                self.reading = True
                return cast(IO[bytes], _Held(stream, self))
        raise ArchiveError(_CHANGED)

    def _next(self) -> tarfile.TarInfo | None:
        info = self._tar.next()
        self.next_index += info is not None
        return info

    def done(self) -> None:
        """The member being read is closed."""
        self.reading = False
        if self._let_go:
            self.close()

    def let_go(self) -> None:
        """No more members will be read from here: closed now, or once the one being
        read is."""
        self._let_go = True
        if not self.reading:
            self.close()

    def close(self) -> None:
        self._tar.close()
        self._stream.close()
        self._raw.close()


class _Held(io.RawIOBase):
    """A tar member's stream, which gives its read back when closed."""

    def __init__(self, stream: IO[bytes], read: _TarRead) -> None:
        self._stream = stream
        self._read = read

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]
        data = self._stream.read(len(buffer))
        buffer[:len(data)] = data
        return len(data)

    def close(self) -> None:
        if not self.closed:
            self._read.done()
        super().close()


# -- reading a member ----------------------------------------------------------------

def _open_member(member: ArchiveMember) -> tuple[IO[bytes], IO[bytes] | None]:
    """The member's stream, and a file to close with it (None: the stream closes all)."""
    if member.kind == "gz":
        raw = _opened_as_listed(member.archive, member.listed)
        return cast(IO[bytes], gzip.GzipFile(fileobj=raw, mode="rb")), cast(IO[bytes], raw)
    listing = _listing(member.archive, member.listed)
    if member.kind == "zip":
        assert listing.zip is not None
        return listing.zip.open(listing.zip.infolist()[member.position]), None
    with _lock:
        read = listing.tar_read
        if read is None or read.reading or read.next_index > member.position:
            if read is not None:
                read.let_go()
            listing.tar_read = None
            raw = _opened_as_listed(member.archive, member.listed)
            try:
                read = _TarRead(member.archive, raw, member.listed)
            except BaseException:
                raw.close()
                raise
            listing.tar_read = read
        return read.member(member), None


class _Bounded(io.RawIOBase):
    """A stream that refuses to give more than ``limit`` bytes, and names a damaged
    archive as such (the libraries' own errors are not about a file)."""

    def __init__(self, stream: IO[bytes], limit: int, name: str,
                 underneath: IO[bytes] | None = None) -> None:
        self._stream = stream
        self._limit = limit
        self._underneath = underneath
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
        if self._underneath is not None:
            self._underneath.close()
        super().close()


def _reason(error: BaseException) -> str:
    if isinstance(error, EOFError):
        return "it is cut short (truncated: it ends before its end marker)"
    text = getattr(error, "strerror", None) or str(error) or type(error).__name__
    return text[0].lower() + text[1:]
