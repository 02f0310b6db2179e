"""The grammars' parse tables kept in the user's cache folder between runs
(badugi_hh/user_cache.py, ``lalr_parser``'s ``cache_name``): built once, then loaded
by the next process, giving the same results; a damaged file, another grammar under
the same name, a folder others can write or a lock held elsewhere cost the cache,
never a result."""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
from pathlib import Path

import pytest
from lark import Lark
from lark.exceptions import UnexpectedInput

from badugi_hh import user_cache
from badugi_hh.parsers import house, pokerstars, read_records
from badugi_hh.parsers.common import lalr_parser, reader_kind
from badugi_hh.parsers.site import grammar_path
from badugi_hh.user_cache import CACHE_VARIABLE, cache_file, cache_folder

from sitekit import PS_CASH

REPOSITORY = Path(__file__).resolve().parents[1]
HOUSE_LOG = REPOSITORY / "sample_logs" / "2026-12-05-six-handed-side-pots.txt"
SPEC = pokerstars.READER.spec


def house_parser() -> Lark:
    return lalr_parser(house.GRAMMAR_PATH.read_text(encoding="utf-8"), "house",
                       transformer=house.HouseTransformer(),
                       start=["blank_line", "session_line", "header_line", "hand_start",
                              "hand_line"])


def pokerstars_parser(cache_name: str | None = "pokerstars") -> Lark:
    """The PokerStars grammar, which imports the shared rules of another file."""
    path = grammar_path(SPEC.grammar)
    return lalr_parser(path.read_text(encoding="utf-8"), cache_name,
                       transformer=SPEC.transformer(), maybe_placeholders=True,
                       start=list(SPEC.starts), import_paths=[path.parent])


def readings(parser: Lark, log: Path, starts: list[str]) -> list[str]:
    """What the parser makes of every line of ``log`` from each start: the result, or
    the error it raises."""
    made = []
    for line in log.read_text(encoding="utf-8").splitlines()[:400]:
        for start in starts:
            try:
                made.append(repr(parser.parse(line, start=start)))
            except Exception as error:   # (the refusal is a reading too)
                made.append(f"{type(error).__name__} at {getattr(error, 'column', None)}")
    return made


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(CACHE_VARIABLE, str(tmp_path / "cache"))
    return tmp_path / "cache"


def test_a_grammar_is_built_once_then_loaded_and_reads_the_same(folder: Path) -> None:
    built, loaded = pokerstars_parser(), pokerstars_parser()
    assert (built.source_path, loaded.source_path) == ("<string>", "<deserialized>")
    starts = list(SPEC.starts)
    expected = readings(pokerstars_parser(cache_name=None), PS_CASH, starts)
    assert readings(built, PS_CASH, starts) == expected
    assert readings(loaded, PS_CASH, starts) == expected
    first, again = house_parser(), house_parser()
    assert again.source_path == "<deserialized>"
    assert readings(again, HOUSE_LOG, ["hand_line"]) == readings(first, HOUSE_LOG,
                                                                 ["hand_line"])
    assert sorted(path.name.rpartition("-")[0] for path in folder.glob("*.lark")) == [
        f"grammar-house-{reader_kind()}", f"grammar-pokerstars-{reader_kind()}"]


def test_a_damaged_file_or_another_grammar_is_built_again(folder: Path) -> None:
    pokerstars_parser()
    (tables,) = folder.glob("grammar-pokerstars-*.lark")
    tables.write_bytes(b"not tables\n" + os.urandom(64))
    rebuilt = pokerstars_parser()
    assert rebuilt.source_path == "<string>"
    assert readings(rebuilt, PS_CASH, list(SPEC.starts)) == readings(
        pokerstars_parser(cache_name=None), PS_CASH, list(SPEC.starts))
    assert pokerstars_parser().source_path == "<deserialized>"   # written again
    # another grammar under the name (the file named for the first): never the first's
    (tables,) = folder.glob("grammar-pokerstars-*.lark")
    with cache_file(tables.name) as path:
        assert path is not None
        assert lalr_parser("start: /[0-9]+/", cache=path).parse("12").children == ["12"]
        with pytest.raises(UnexpectedInput):
            lalr_parser("start: /[a-z]+/", cache=path).parse("12")


def test_no_cache_where_the_folder_is_not_the_users_alone(
        folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder.mkdir(mode=0o700)
    assert cache_folder() == folder
    folder.chmod(0o777)   # others may write there: what they put there is not loaded
    assert cache_folder() is None
    assert pokerstars_parser().source_path == "<string>"
    assert list(folder.iterdir()) == []
    folder.chmod(0o700)
    monkeypatch.setattr(os, "getuid", lambda: os.stat(folder).st_uid + 1)
    assert cache_folder() is None
    monkeypatch.undo()
    (folder / "a file").write_text("")
    monkeypatch.setenv(CACHE_VARIABLE, str(folder / "a file" / "cache"))
    assert cache_folder() is None
    monkeypatch.setenv(CACHE_VARIABLE, "")
    assert cache_folder() is None
    assert readings(pokerstars_parser(), PS_CASH, ["hand_game"])


def test_a_lock_held_elsewhere_costs_the_cache_not_the_work(
        folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder.mkdir(mode=0o700)
    monkeypatch.setattr(user_cache, "LOCK_WAIT", 0.05)
    pokerstars_parser()
    (tables,) = folder.glob("grammar-pokerstars-*.lark")
    tables.unlink()
    lock = os.open(f"{tables}.lock", os.O_RDWR)
    try:
        fcntl.flock(lock, fcntl.LOCK_EX)   # another process building the grammar
        parser = pokerstars_parser()
    finally:
        os.close(lock)
    assert parser.source_path == "<string>"
    assert not list(folder.glob("*.lark"))
    assert readings(parser, PS_CASH, ["hand_game"]) == readings(
        pokerstars_parser(cache_name=None), PS_CASH, ["hand_game"])


def test_processes_that_build_a_grammar_at_once_each_read_it_whole(folder: Path) -> None:
    """Four processes started together (as an import's workers): each reads the log
    whole, and the file they leave loads. (What the lock prevents, two writers' bytes
    mixed in one file, this cannot show each time: the lock itself is tested above.)"""
    program = ("import sys; from badugi_hh.parsers import pokerstars, read_records; "
               "pokerstars.pokerstars_parser(); "
               "print(sum(type(record).__name__ == 'Hand' for record in read_records(sys.argv[1])))")
    runs = [subprocess.Popen([sys.executable, "-c", program, str(PS_CASH)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            for _ in range(4)]
    outputs = [run.communicate(timeout=120) for run in runs]
    hands = str(sum(type(record).__name__ == "Hand" for record in read_records(PS_CASH)))
    assert [(run.returncode, out.strip(), err) for run, (out, err) in zip(runs, outputs)
            ] == [(0, hands, "")] * 4
    assert pokerstars_parser().source_path == "<deserialized>"


def test_the_folder_is_an_absolute_one_or_none(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """No home folder known (``~`` stays ``~``) and a relative XDG_CACHE_HOME (ignored,
    as its rule says): never a folder under the working one, often the user's logs'."""
    monkeypatch.delenv(CACHE_VARIABLE)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache_folder() == tmp_path / "xdg" / "badugi-hh"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative")
    assert cache_folder() == tmp_path / "home" / ".cache" / "badugi-hh"
    monkeypatch.setattr(os.path, "expanduser", lambda path: path)   # no home: "~" stays
    assert cache_folder() is None
    assert pokerstars_parser().source_path == "<string>"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["home", "xdg"]
