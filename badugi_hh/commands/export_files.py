"""Where ``badugi-hh export`` writes: files it owns, each written whole or not at all.

An export never writes over a file it did not write. Its folder (``--out``) is
new, empty, or a previous export's: a manifest (:data:`MANIFEST`) lists the
files the export wrote there, each with its size and SHA-256 as written, and a
folder holding anything else, a file changed since the export wrote it (the
user's now), or a log imported into the database, is refused before anything is
written. A file listed with no digest (by a release that recorded none, or planned
by a run that stopped before it recorded one) cannot be told from an edit, and is
taken as the export's, as that release or run took it. Each
file is written under a temporary name in its own folder and renamed when
complete (:func:`replaced_whole`), so a full disk or a killed run leaves the
previous file, or none, never half of one; the next run removes what a stopped
one left. Two sources never share an output: each keeps its folder relative to
the sources' common folder (:func:`output_names`).

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as folder:
...     out = ExportFolder.open(Path(folder) / "phh", imported=[])
...     out.plan(["friday.phhs"])
...     with out.writing("friday.phhs") as stream:
...         _ = stream.write("hand = 1\\n")
...     out.finish()
...     sorted(path.name for path in (Path(folder) / "phh").iterdir())
...     json.loads((Path(folder) / "phh" / MANIFEST).read_text())["digests"]["friday.phhs"]["size"]
['.badugi-hh-export.json', 'friday.phhs']
9
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
from collections import defaultdict
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path, PurePosixPath
from typing import TextIO

#: The list of the files an export wrote into its folder.
MANIFEST = ".badugi-hh-export.json"
#: What a temporary name holds: ``.<name>.badugi-hh-partial-<random>``.
PARTIAL = ".badugi-hh-partial-"


class ExportRefused(Exception):
    """``--out`` holds what the export must not write over; the message says what."""


#: What the manifest records of a file as the export wrote it: its size and SHA-256.
Written = dict[str, int | str]


def written_as(path: Path) -> Written:
    """The size and SHA-256 of the file ``path``, as the manifest records them."""
    digest = hashlib.sha256()
    with open(path, "rb") as stream:
        for chunk in iter(lambda: stream.read(1 << 20), b""):
            digest.update(chunk)
    return {"size": path.stat().st_size, "sha256": digest.hexdigest()}


@contextmanager
def replaced_whole(path: Path) -> Iterator[Path]:
    """A temporary path beside ``path`` to write; renamed to ``path`` when the block
    ends, removed (with a DuckDB file's log) when it fails."""
    temp = path.with_name(f".{path.name}{PARTIAL}{secrets.token_hex(4)}")
    try:
        yield temp
        os.replace(temp, path)
    finally:
        for leftover in (temp, temp.with_name(temp.name + ".wal")):
            leftover.unlink(missing_ok=True)


def output_names(sources: Iterable[str], suffix: str) -> dict[str, str]:
    """Each source's output, a path relative to the export's folder: its folder
    relative to the sources' common one, its stem, ``suffix``. Sources whose names
    would be the same (``friday.txt`` and ``friday.log``; ``Friday`` and ``friday``
    on a file system blind to case) get a mark of their own path.

    >>> names = output_names(["/logs/a/friday.txt", "/logs/b/friday.txt", "/logs/b/sat.txt"],
    ...                      ".phhs")
    >>> [names[s] for s in sorted(names)]
    ['a/friday.phhs', 'b/friday.phhs', 'b/sat.phhs']
    >>> sorted(output_names(["/logs/friday.txt", "/logs/friday.log"], ".phhs").values())
    ['friday-db97d1ba.phhs', 'friday-e95fe07c.phhs']
    """
    paths = {source: PurePosixPath(Path(source).as_posix()) for source in sources}
    if not paths:
        return {}
    root = PurePosixPath(os.path.commonpath([str(path.parent) for path in paths.values()]))
    plain = {source: str(path.parent.relative_to(root) / (path.stem + suffix))
             for source, path in paths.items()}
    sharing: dict[str, list[str]] = defaultdict(list)
    for source, name in plain.items():
        sharing[name.casefold()].append(source)
    for group in sharing.values():
        for source in group if len(group) > 1 else ():
            mark = hashlib.sha256(source.encode()).hexdigest()[:8]
            shared = PurePosixPath(plain[source])
            plain[source] = str(shared.with_name(f"{shared.stem}-{mark}{shared.suffix}"))
    return plain


class ExportFolder:
    """An export's folder: what it owns there, what it writes, what it leaves."""

    def __init__(self, root: Path, owned: dict[str, Written | None]) -> None:
        self.root = root
        self.owned = owned
        """The files of earlier exports here, relative POSIX paths, each with what the
        manifest records of it as written (None: nothing)."""
        self.planned: set[str] = set()
        self.written: dict[str, Written] = {}
        """The files this export wrote, as written."""

    @classmethod
    def open(cls, root: Path, imported: Iterable[str]) -> ExportFolder:
        """The folder, made if missing; ExportRefused when it holds a log of
        ``imported`` (the store's sources) or a file no export wrote."""
        resolved = root.resolve()
        inside = sorted(source for source in imported
                        if Path(source).resolve().is_relative_to(resolved))
        if inside:
            raise ExportRefused(f"{root} holds {inside[0]}, a log imported into the database: "
                                "an export there could write over it; name another folder")
        if root.exists() and not root.is_dir():
            raise ExportRefused(f"{root} is a file, not a folder: name a folder")
        root.mkdir(parents=True, exist_ok=True)
        folder = cls(root, _read_manifest(root))
        strangers = sorted(set(folder._files()) - folder.owned.keys())
        if strangers:
            raise ExportRefused(
                f"{root} holds {len(strangers):,} file{'s' * (len(strangers) > 1)} no export "
                f"wrote ({', '.join(strangers[:3])}{', ...' * (len(strangers) > 3)}): name "
                "a new or empty folder, or one an export wrote")
        folder._refuse_changed()
        return folder

    def _refuse_changed(self) -> None:
        """ExportRefused when a file an export wrote here was changed since: the export
        would replace it, or remove it, and it is the user's now."""
        for name, written in sorted(self.owned.items()):
            path = self.root / name
            if written is None or not path.is_file():
                continue
            if path.stat().st_size != written["size"] or written_as(path) != written:
                raise ExportRefused(
                    f"{path} was changed since an export wrote it: it is yours now, and an "
                    "export there would write over it; move it out of the folder, or name "
                    "another folder")

    def plan(self, names: Iterable[str]) -> None:
        """Say which files this export writes, before it writes any: a run stopped
        halfway leaves a manifest that owns them."""
        self.planned = set(names)
        # the files this run writes have no digest until it has written them
        self._write_manifest({name: None if name in self.planned else written
                              for name, written in self.owned.items()}
                             | dict.fromkeys(self.planned))

    @contextmanager
    def writing(self, name: str) -> Iterator[TextIO]:
        """A text stream to the planned file ``name``, which appears whole when the
        block ends, or not at all."""
        if name not in self.planned:
            raise ValueError(f"{name} was not planned")
        path = self.root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        with replaced_whole(path) as temp, open(temp, "w", encoding="utf-8") as stream:
            yield stream
            stream.flush()
            os.fsync(stream.fileno())   # a full disk says so here, not after the rename
        self.written[name] = written_as(path)

    def drop(self, name: str) -> None:
        """Remove the planned file ``name``, written without a hand (each of its hands
        was one the format cannot say): an empty log is no export of anything."""
        (self.root / name).unlink(missing_ok=True)
        _remove_empty_folders((self.root / name).parent, self.root)

    def finish(self) -> None:
        """Remove the files of earlier exports this one did not write again (the folder
        is this export's now), and list what is left."""
        for name in self.owned.keys() - self.planned:
            (self.root / name).unlink(missing_ok=True)
            _remove_empty_folders((self.root / name).parent, self.root)
        self._write_manifest({name: written for name, written in self.written.items()
                              if (self.root / name).is_file()})

    def _files(self) -> Iterator[str]:
        """Every file under the folder but the manifest, relative; a temporary file of
        a stopped export is removed on the way."""
        for folder, _, names in os.walk(self.root):
            for name in names:
                path = Path(folder) / name
                if name.startswith(".") and PARTIAL in name:
                    path.unlink(missing_ok=True)
                elif path != self.root / MANIFEST:
                    yield path.relative_to(self.root).as_posix()

    def _write_manifest(self, files: dict[str, Written | None]) -> None:
        """The files, and the digest of each written (``files`` as before, for a
        release that reads names alone)."""
        with replaced_whole(self.root / MANIFEST) as temp:
            temp.write_text(json.dumps({
                "written by": "badugi-hh export", "files": sorted(files),
                "digests": {name: written for name, written in sorted(files.items())
                            if written is not None}}, indent=1) + "\n", encoding="utf-8")


def _read_manifest(root: Path) -> dict[str, Written | None]:
    """Each file the manifest lists, with its digest as written (None where it has
    none: a manifest of a release that recorded none, a file a stopped run planned)."""
    try:
        manifest = json.loads((root / MANIFEST).read_text(encoding="utf-8"))
        listed, digests = manifest["files"], manifest.get("digests", {})
        if not isinstance(digests, dict) or not all(map(_is_written, digests.values())):
            raise ValueError("a digest is not a size and a SHA-256")
    except FileNotFoundError:
        return {}
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as error:
        raise ExportRefused(f"{root / MANIFEST} cannot be read ({error}): name another "
                            "folder") from None
    return {name: digests.get(name) for name in listed
            if isinstance(name, str) and _inside(name)}


def _is_written(value: object) -> bool:
    """Whether a manifest's digest is one :func:`written_as` gives."""
    return (isinstance(value, dict) and value.keys() == {"size", "sha256"}
            and type(value["size"]) is int and isinstance(value["sha256"], str))


def _inside(name: str) -> bool:
    """A manifest's name that stays in its folder (a manifest edited to name
    ``../x`` must not make the export remove it)."""
    path = PurePosixPath(name)
    return not path.is_absolute() and ".." not in path.parts


def _remove_empty_folders(folder: Path, root: Path) -> None:
    while folder != root and folder.is_relative_to(root) and not any(folder.iterdir()):
        folder.rmdir()
        folder = folder.parent
