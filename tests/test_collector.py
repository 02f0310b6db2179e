"""The collector's pace while logs are read (badugi_hh/collector.py): slower during an
import, as it was after; and the reason that costs no memory, an import makes no
reference cycles, held to."""

from __future__ import annotations

import gc
import threading
from pathlib import Path

import duckdb
import pytest

from badugi_hh.collector import YOUNG_COLLECTION_EVERY, paced_for_reading
from badugi_hh.rows.batch import RowBatch
from badugi_hh.simulate import simulate, table_rules
from badugi_hh.store import Store
from badugi_hh.store import importer as importer_module
from badugi_hh.store.commit import Committed, Seen, commit
from badugi_hh.writer import write_records


@pytest.fixture(scope="module")
def log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("collector") / "log.txt"
    with path.open("w", encoding="utf-8") as out:
        write_records(simulate(sessions=30, seed=5), out)
    return path


def test_an_import_reads_at_the_reading_pace_and_leaves_the_pace_as_it_was(
        log: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    before = gc.get_threshold()
    paces = []

    def noting_the_pace(con: duckdb.DuckDBPyConnection, batch: RowBatch,
                        seen: Seen) -> Committed:
        paces.append(gc.get_threshold()[0])
        return commit(con, batch, seen)

    monkeypatch.setattr(importer_module, "commit", noting_the_pace)
    with Store(tmp_path / "db.duckdb", batch_hands=50) as store:
        store.import_paths([log])
    assert len(paces) > 2 and set(paces) == {max(before[0], YOUNG_COLLECTION_EVERY)}
    assert gc.get_threshold() == before


def test_an_import_makes_no_reference_cycles(log: Path, tmp_path: Path) -> None:
    """What the collector would free: nothing a hand leaves (a cycle a hand would be
    hundreds of objects); the slower pace then holds no more memory."""
    with Store(tmp_path / "warm.duckdb") as store:   # what a first import loads and keeps
        store.import_paths([log])
    gc.collect()
    gc.disable()
    try:
        with Store(tmp_path / "db.duckdb") as store:
            hands = store.import_paths([log]).hands
        left = gc.collect()
    finally:
        gc.enable()
    assert hands > 100
    assert left < hands / 10


def test_a_batch_is_written_and_freed_before_the_collector_walks_it(
        tmp_path: Path) -> None:
    """The pace is above what a whole batch holds (2,000 six-handed hands, the store's
    batch): reading them runs no collection, where at 50,000 a collection walked each
    batch (1.5 s of the 28 s of CPU of an 88 MB log)."""
    path = tmp_path / "six.txt"
    with path.open("w", encoding="utf-8") as out:
        write_records(simulate(sessions=300, seed=1, ruleset=table_rules("badugi", 6)), out)
    with Store(tmp_path / "warm.duckdb") as store:   # what a first import loads and keeps
        store.import_paths([path])
    collections: list[int] = []

    def count(phase: str, info: dict[str, int]) -> None:
        if phase == "start" and gc.get_threshold()[0] == YOUNG_COLLECTION_EVERY:
            collections.append(info["generation"])

    gc.collect()
    gc.callbacks.append(count)
    try:
        with Store(tmp_path / "db.duckdb") as store:
            hands = store.import_paths([path]).hands
    finally:
        gc.callbacks.remove(count)
    assert hands > 2_000 and collections == []


def test_the_pace_is_put_back_when_the_last_reader_of_the_process_ends() -> None:
    """Two threads reading side by side (a dataset's tasks in one worker): the first to
    end leaves the second at the reading pace; an error ends a block as well."""
    before = gc.get_threshold()
    second_in, first_out = threading.Event(), threading.Event()
    seen = []

    def second() -> None:
        with paced_for_reading():
            second_in.set()
            first_out.wait(10)
            seen.append(gc.get_threshold()[0])

    with pytest.raises(ValueError):
        with paced_for_reading():
            thread = threading.Thread(target=second)
            thread.start()
            second_in.wait(10)
            raise ValueError("a reader's error")
    first_out.set()
    thread.join()
    assert seen == [max(before[0], YOUNG_COLLECTION_EVERY)]
    assert gc.get_threshold() == before
