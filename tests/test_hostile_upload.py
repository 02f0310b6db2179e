"""The dashboard's Import page never writes one upload over another log."""

from __future__ import annotations

import hashlib
from pathlib import Path


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
