"""A database the store creates and cannot make whole (a full disk) is removed, never left
half-written to fail every later command; a database that was there stays."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest

from badugi_hh.store import Store


def failing_schema(store: Store) -> None:
    store.connection.execute("CREATE TABLE partial (x INTEGER)")
    raise duckdb.IOException("No space left on device")


def test_a_new_database_that_cannot_be_made_is_removed(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "new.duckdb"
    monkeypatch.setattr(Store, "_create_schema", failing_schema)
    with pytest.raises(duckdb.IOException, match="No space left"):
        Store(path)
    assert not path.exists() and not path.with_name("new.duckdb.wal").exists()
    monkeypatch.undo()
    with Store(path) as store:   # the next run makes it from nothing
        assert store.counts()["hands"] == 0


def test_a_database_that_was_there_is_kept_when_opening_fails(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "old.duckdb"
    Store(path).close()
    before = path.read_bytes()
    monkeypatch.setattr(Store, "_create_schema", failing_schema)
    with pytest.raises(duckdb.IOException):
        Store(path)
    assert path.exists() and len(path.read_bytes()) >= len(before) > 0
