"""The dashboard's Import page never writes one upload over another log."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

APP = Path(__file__).resolve().parents[1] / "dashboards" / "app.py"


def test_uploads_of_one_name_never_overwrite_each_other(tmp_path: Path,
                                                        dashlib_path: None) -> None:
    from dashlib.data import save_upload

    db = tmp_path / "hands.duckdb"
    ana, bruno = b"Session #a\nAna's log\n", b"Session #b\nBruno's log\n"
    first = save_upload(db, "hands.txt", ana)
    second = save_upload(db, "hands.txt", bruno)   # another player's log, same name
    assert first.read_bytes() == ana and second.read_bytes() == bruno
    assert second.name == f"{hashlib.sha256(bruno).hexdigest()[:16]}-hands.txt"
    assert save_upload(db, "hands.txt", ana) == first            # the same log again
    assert save_upload(db, "hands.txt", ana + b"more\n") == first   # grown: its new hands
    assert save_upload(db, "hands.txt", bruno + b"more\n") == second
    assert save_upload(db, "../../etc/hands.txt", b"x").parent == first.parent
    assert len(list(first.parent.iterdir())) == 3


@pytest.mark.parametrize("name", ["x" * 236 + ".txt", "é" * 200 + ".txt"])
def test_an_upload_with_a_long_name_is_kept_under_a_shorter_one(
        name: str, tmp_path: Path, dashboard_logs: Path, monkeypatch: pytest.MonkeyPatch,
        ) -> None:
    """A 240-byte name (400 bytes in UTF-8 for the second) was an OSError traceback the
    second time, when the upload is kept as ``<hash>-<name>``: 257 bytes."""
    db = tmp_path / "hands.duckdb"
    monkeypatch.setenv("BADUGI_HH_DB", str(db))
    monkeypatch.delenv("BADUGI_HH_DATA", raising=False)
    app = AppTest.from_file(str(APP), default_timeout=60).run()
    app.switch_page("views/import_logs.py").run()
    content = (dashboard_logs / "capped.txt").read_bytes()
    other = content.replace(b"Ana", b"Anouk").replace(b"Session #sim-", b"Session #other-")
    for log in (content, other):   # two logs, one name
        app.file_uploader(key="import_upload").upload(name, log, "text/plain")
        app.run()
        app.button(key="import_start").click().run()
        assert not app.exception and not app.error
        assert app.metric[1].label == "New hands" and int(app.metric[1].value) > 0
    kept = sorted((tmp_path / "hands-uploads").iterdir())
    assert len(kept) == 2 and all(len(path.name.encode()) <= 255 for path in kept)
    assert all(path.suffix == ".txt" for path in kept)


def test_an_upload_that_cannot_be_kept_is_one_clear_error(
        tmp_path: Path, dashboard_logs: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "hands.duckdb"
    (tmp_path / "hands-uploads").write_text("a file where the folder goes")
    monkeypatch.setenv("BADUGI_HH_DB", str(db))
    monkeypatch.delenv("BADUGI_HH_DATA", raising=False)
    app = AppTest.from_file(str(APP), default_timeout=60).run()
    app.switch_page("views/import_logs.py").run()
    app.file_uploader(key="import_upload").upload(
        "capped.txt", (dashboard_logs / "capped.txt").read_bytes(), "text/plain")
    app.run()
    app.button(key="import_start").click().run()
    assert not app.exception
    assert [re.sub(r"\\(.)", r"\1", error.value) for error in app.error] == [   # as text
        f"Cannot keep capped.txt in {tmp_path}/hands-uploads: File exists"]
