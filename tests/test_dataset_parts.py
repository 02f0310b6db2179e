"""A site's export read in parts equals the same export read whole, in every table.

The real exports are made large by copying them, each copy's hands given other ids
(and, where said, other days), so that a cut falls inside sessions, hands and lines.
"""

from __future__ import annotations

import hashlib
import io
import re
import tempfile
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from conftest import every_other_wide, examples_by_tier
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from badugi_hh.dataset import connect_dataset, import_to_dataset
from badugi_hh.dataset.chunks import digest_and_lines, hand_start, lead_in_start
from badugi_hh.dataset.layout import MANIFEST
from badugi_hh.parsers.dialects import starting_dialect
from badugi_hh.store import TABLES
from tests.test_dataset import rows

REAL = Path(__file__).resolve().parent / "data" / "real"
#: The number in a hand's header, by site: PokerStars and Full Tilt ``Game #``, Winamax
#: ``HandId: #``, KingsClub a line that starts ``#``, OnGame ``hand R5-`` (and its last line).
_HAND_NUMBER = re.compile(rb"(?m)(?:Game #|HandId: #|^#|hand [A-Z]\d-)\d+")
_YEAR = re.compile(rb"(?<![\d#])(20[0-2]\d)(?=[/-]\d\d[/-])")


def copied(names: list[str], copies: int, *, other_days: bool = False) -> bytes:
    """The exports ``names`` one after the other, ``copies`` times; each copy's hand ids
    are made its own (and its years moved on by its number, ``other_days``)."""
    out = []
    for copy in range(copies):
        for name in names:
            data = (REAL / name).read_bytes().removeprefix(b"\xef\xbb\xbf")
            if copy:
                data = _HAND_NUMBER.sub(lambda found: found[0] + str(copy).encode(), data)
                if other_days:
                    data = _YEAR.sub(lambda found: str(int(found[1]) + copy).encode(), data)
            out.append(data + b"\n\n")
    return b"".join(out)


#: A site's export of each kind, made large: one table all along (a tournament), many
#: tables and stakes in turn (cash), a hand called off, a player sitting out.
EXPORTS = {
    "pokerstars tournament": lambda: copied(["pokerstars/tour-badugi-fl-sng-201011.txt"], 2),
    "pokerstars cash": lambda: copied([
        "pokerstars/cash-27td-fl-0.10-0.20-200911.txt",
        "pokerstars/cash-27td-fl-1-2-200809-hand-cancelled.txt",
        "pokerstars/cash-badugi-fl-0.25-0.50-201009.txt",
        "pokerstars/cash-27td-fl-0.10-0.20-201106.txt"], 3),
    "full tilt": lambda: copied([
        "fulltilt/cash-27td-fl-5-10-201211.txt", "fulltilt/tour-27td-fl-headsup-sng-201211.txt",
        "fulltilt/cash-badugi-fl-0.10-0.20-201305.txt",
        "fulltilt/cash-27td-fl-150-300-201011-sitting-out.txt"], 2, other_days=True),
    "kingsclub": lambda: copied([
        "kingsclub/cash-27td-fl-40-80-202101.txt", "kingsclub/cash-a5td-fl-44-88-202010.txt",
        "kingsclub/cash-badugi-fl-30-60-202010.txt"], 10, other_days=True),
    "winamax": lambda: copied(["winamax/cash-27td-fl-0.50-1-201610.txt"], 20),
    "ongame": lambda: copied(["ongame/cash-5cd-fl-usd-1-2-201109-goalwin.txt"], 4),
}


def imported(log: Path, root: Path, chunk_bytes: int):
    done = import_to_dataset([str(log)], root, chunk_bytes=chunk_bytes)
    assert not done.failures
    return done.summary


def parts_written(root: Path) -> set[str]:
    """The parts whose files the log's manifest row lists (``sessions``: the driver's)."""
    manifest = pq.read_table(next((root / MANIFEST).iterdir())).to_pylist()[0]
    return {name.rsplit("-", 1)[-1].split(".")[0] for name in manifest["files"]
            if "-" in name.rsplit("/", 1)[-1].removeprefix("part-")}


def assert_same_dataset(whole: Path, cut: Path) -> None:
    one, other = connect_dataset(whole), connect_dataset(cut)
    for table in TABLES:
        assert rows(other, table) == rows(one, table), table


def same_counts(first, second) -> bool:
    names = ("files", "hands", "new_hands", "sessions", "violations", "quarantined", "skipped",
             "rows")
    return all(getattr(first, name) == getattr(second, name) for name in names)


@pytest.fixture(scope="module")
def read_whole(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, Path, object]]:
    """Each export, and the dataset of it read whole."""
    folder = tmp_path_factory.mktemp("exports")
    done = {}
    for name, make in EXPORTS.items():
        log = folder / f"{name.replace(' ', '-')}.txt"
        log.write_bytes(make())
        root = folder / f"{log.stem}-whole"
        done[name] = (log, root, imported(log, root, 0))
    return done


# the most cuts in the default run; two and three parts in the wide tier
@pytest.mark.parametrize("parts", [pytest.param(2, marks=pytest.mark.wide),
                                   pytest.param(3, marks=pytest.mark.wide), 7])
@pytest.mark.parametrize("export", every_other_wide([(export,) for export in sorted(EXPORTS)]))
def test_an_export_read_in_parts_equals_it_read_whole(
        tmp_path: Path, read_whole: dict, export: str, parts: int) -> None:
    log, whole, summary = read_whole[export]
    cut = imported(log, tmp_path / "cut", -(-log.stat().st_size // parts))
    written = parts_written(tmp_path / "cut")
    assert {str(index) for index in range(parts)} <= written   # cut, not read whole
    assert same_counts(cut, summary)
    assert_same_dataset(whole, tmp_path / "cut")


def test_a_table_played_all_along_is_one_session_across_the_parts(
        tmp_path: Path, read_whole: dict) -> None:
    log, whole, _ = read_whole["pokerstars tournament"]
    imported(log, tmp_path / "cut", log.stat().st_size // 7)
    assert "sessions" in parts_written(tmp_path / "cut")   # written by the driver
    con = connect_dataset(tmp_path / "cut")
    # a PokerStars hand's number is its place in its session, counted across the cuts
    sessions = con.sql("SELECT session_id, count(*), min(number), max(number) FROM hands "
                       "GROUP BY ALL").fetchall()
    assert [(hands, first, last) for _, hands, first, last in sessions] == [(208, 1, 208)]
    assert con.sql("SELECT hands FROM sessions").fetchall() == [(208,)]


def spoilt(data: bytes) -> bytes:
    """``data`` with three hands' headers lost, bad lines in hands, and invisible
    characters before four headers."""
    data = data.replace(b"PokerStars Game #525882", b"PokerStars Gme #525882", 3)
    data = data.replace(b"Player7: folds", b"Player7: fo1ds", 5)
    return data.replace(b"\nPokerStars Game #52588", "\n\u200bPokerStars Game #52588".encode(), 4)


def test_an_export_with_lost_hands_and_bad_lines_reads_in_parts_as_whole(
        tmp_path: Path) -> None:
    log = tmp_path / "spoilt.txt"
    log.write_bytes(spoilt(copied(["pokerstars/tour-badugi-fl-sng-201011.txt"], 2)).replace(
        b"\n", b"\r\n"))
    whole = imported(log, tmp_path / "whole", 0)
    cut = imported(log, tmp_path / "cut", log.stat().st_size // 5)
    assert "4" in parts_written(tmp_path / "cut") and whole.quarantined > 3
    assert same_counts(cut, whole)
    assert_same_dataset(tmp_path / "whole", tmp_path / "cut")


@pytest.mark.parametrize("spoil", ["hand ids used again", "session ids used again",
                                   "two sites", "merge", "utf-16"])
def test_an_export_whose_parts_cannot_be_joined_is_read_whole(tmp_path: Path,
                                                             spoil: str) -> None:
    tournament = "pokerstars/tour-badugi-fl-sng-201011.txt"
    log = tmp_path / "log.txt"
    log.write_bytes({
        "hand ids used again": lambda: (REAL / tournament).read_bytes() * 2,   # T5
        # the same tables at the same times: a session's id is its table's and its start's
        "session ids used again": lambda: copied([
            "kingsclub/cash-27td-fl-40-80-202101.txt", "kingsclub/cash-a5td-fl-44-88-202010.txt",
            "kingsclub/cash-badugi-fl-30-60-202010.txt"], 10),
        "two sites": lambda: copied([tournament, "fulltilt/tour-27td-fl-headsup-sng-201211.txt"],
                                    1),
        "merge": lambda: (REAL / "merge/cash-27td-fl-1-2-201104-multi.xml.txt").read_bytes() * 3,
        "utf-16": lambda: copied([tournament], 1).decode("utf-8").encode("utf-16"),
    }[spoil]())
    whole = imported(log, tmp_path / "whole", 0)
    cut = imported(log, tmp_path / "cut", log.stat().st_size // 4)
    assert parts_written(tmp_path / "cut") == set()   # one file a table, the log's own
    assert same_counts(cut, whole) and whole.hands > 0
    assert_same_dataset(tmp_path / "whole", tmp_path / "cut")


@pytest.mark.parametrize("examples", examples_by_tier(1, 3))
def test_an_export_cut_anywhere_reads_as_whole(read_whole: dict, examples: int) -> None:
    log, whole, summary = read_whole["pokerstars cash"]   # read whole once, not per example

    @settings(max_examples=examples, deadline=None,
              suppress_health_check=[HealthCheck.too_slow])
    @given(chunk_bytes=st.integers(min_value=3_000, max_value=40_000))
    def cut_anywhere(chunk_bytes: int) -> None:
        with tempfile.TemporaryDirectory() as folder:
            cut = imported(log, Path(folder) / "cut", chunk_bytes)
            assert len(parts_written(Path(folder) / "cut") - {"sessions"}) > 1
            assert same_counts(cut, summary)
            assert_same_dataset(whole, Path(folder) / "cut")

    cut_anywhere()


# -- where the cuts fall --------------------------------------------------------------

_TOURNAMENT = (REAL / "pokerstars/tour-badugi-fl-sng-201011.txt").read_bytes()


def _hand_offsets(data: bytes) -> list[int]:
    header = rb"(?:(?<=\n)|^)(?:\xef\xbb\xbf)?PokerStars Game #"   # a mark before the first
    return [found.start() for found in re.finditer(header, data)]


@settings(max_examples=50, deadline=None)
@given(position=st.integers(min_value=1, max_value=len(_TOURNAMENT)),
       crlf=st.booleans())
def test_a_cut_moves_to_the_next_hand_and_its_lead_in_to_hands_before(position: int,
                                                                       crlf: bool) -> None:
    data = _TOURNAMENT.replace(b"\n", b"\r\n") if crlf else _TOURNAMENT
    position = min(position, len(data))
    hands = _hand_offsets(data)
    start = hand_start(io.BytesIO(data), position, "pokerstars")
    assert start == next((offset for offset in hands if offset >= position), len(data))
    before = [offset for offset in hands if offset < start]
    assert lead_in_start(io.BytesIO(data), start, "pokerstars") == (
        before[-3] if len(before) >= 3 else before[0] if before else start)
    assert starting_dialect(data[start:start + 200].decode("utf-8", "replace")) is not None \
        or start == len(data)


@settings(max_examples=100, deadline=None)
@given(data=st.binary(max_size=300) | st.lists(st.sampled_from([b"a", b"\r", b"\n", b"\r\n"]),
                                                max_size=60).map(b"".join),
       cuts=st.lists(st.integers(min_value=0, max_value=300), max_size=5))
def test_the_log_is_hashed_and_its_lines_counted_in_one_pass(data: bytes,
                                                             cuts: list[int]) -> None:
    offsets = [min(cut, len(data)) for cut in cuts]
    size, digest, lines = digest_and_lines(io.BytesIO(data), offsets)
    assert (size, digest) == (len(data), hashlib.sha256(data).hexdigest())
    assert lines == {offset: len(re.findall(rb"\r\n|\r|\n", data[:offset]))
                     for offset in offsets}


@pytest.mark.parametrize("hour", [1, 4])
def test_a_house_part_that_starts_in_the_hour_that_repeats_is_read_with_the_log(
        tmp_path: Path, hour: int) -> None:
    """A house part has no hand before it to tell which passage of a repeated hour its
    first time is: its hands were an hour early. Such a log is read whole; one whose cut
    falls in no such hour is still written in parts."""
    from tests.test_clock import fall_sessions

    log = tmp_path / "fall.txt"
    log.write_text(fall_sessions(hour), encoding="utf-8")
    for name, chunk_bytes in (("whole", None), ("cut", 600)):   # a part per session
        assert not import_to_dataset([str(log)], tmp_path / name, chunk_bytes=chunk_bytes,
                                     zone="America/New_York").failures
    assert_same_dataset(tmp_path / "whole", tmp_path / "cut")
    assert parts_written(tmp_path / "cut") == (set() if hour == 1 else {"0", "1"})
