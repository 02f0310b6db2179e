"""Every stored value of an import, pinned: turning reports into rows and writing them may
get faster, never different.

The logs: simulated sessions of several games and betting structures (unseen cards,
split pots, side pots and all-ins, broken rules, a line that cannot be read, a copy of a
file and a copy whose hand differs) and every real export in ``tests/data/real/``. Each
table is read back sorted, every value as DuckDB writes it as text, the logs' folder
and the moments of the import left out (they change from run to run), and hashed.

A change that means to store something else updates :data:`PINNED`: the failure prints
the new digests, and the change's own tests say why they are right.
"""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

import duckdb
import pytest

from badugi_hh.rows.schema import TABLES
from badugi_hh.simulate import BREAKABLE_RULES, simulate, table_rules
from badugi_hh.store import Store
from badugi_hh.writer import write_records

REAL = Path(__file__).parent / "data" / "real"
#: The columns that hold when the import ran, not what it read.
_MOMENTS = {"sources": ("imported_at",), "players": ("first_imported_at",),
            "schema_version": ("applied_at",)}
#: Tables the user fills, not an import (empty here).
_USERS = ("aliases", "settings", "hand_tags", "hand_notes", "player_notes", "player_labels",
          "labels")

#: Rows and digest of each table.
PINNED: dict[str, str] = {
    "schema_version": "1:54198684c386e7af",
    "rules": "41:00194366b895bcff",
    "sources": "36:c10a053bb98774ce",
    "sessions": "52:0d9da69286ffa31e",
    "session_players": "205:e53d53308273d44f",
    "players": "65:ec3ef4cee0841abe",
    "hands": "427:7ec2f0a49aa9025c",
    "hand_players": "1708:47bf95e8e1b87cdb",
    "actions": "5972:9832155fbef322fa",
    "draws": "2169:b01df9ec09a34e0d",
    "showdowns": "558:d13d4359b2a3897c",
    "pots": "442:1f6743e966b064a9",
    "pot_halves": "123:18eb923ee13bd72d",
    "run_hands": "4:f1037d45aba184e9",
    "run_pots": "2:6d4cd35f62c80e86",
    "violations": "7:d1f07ada15515fc3",
    "quarantine": "1:2462f61a932a991b",
    "skipped": "3:f69cdb24829f2d31",
    "hand_sources": "523:c2c75ef3c27c3f63",
    "aliases": "0:4f53cda18c2baa0c",
    "settings": "0:4f53cda18c2baa0c",
    "tournaments": "2:cab0d0a8ba7b6a18",
    "tournament_results": "10:00cad546a214cb24",
    "hand_tags": "0:4f53cda18c2baa0c",
    "hand_notes": "0:4f53cda18c2baa0c",
    "player_notes": "0:4f53cda18c2baa0c",
    "player_labels": "0:4f53cda18c2baa0c",
    "labels": "0:4f53cda18c2baa0c",
}


def _logs(folder: Path, copies: bool = True) -> Path:
    """The logs, in ``folder/logs``; ``copies``: with copies of a file (which is stored
    depends on the order the files are read in)."""
    logs = folder / "logs"
    shutil.copytree(REAL, logs / "real", ignore=shutil.ignore_patterns("expected", "*.md"))
    tables = [("badugi", 6, "fixed", None), ("badeucy", 3, "fixed", None),
              ("27sd", 3, "no", 20), ("a5td", 4, "pot", 30), ("badacey", 6, "fixed", None)]
    for game, players, structure, stack in tables:
        rules = table_rules(game, players, structure=structure, stack=stack)
        with (logs / f"{game}.txt").open("w", encoding="utf-8") as out:
            write_records(simulate(4, 7, rules, hidden=0.3), out)
    with (logs / "broken.txt").open("w", encoding="utf-8") as out:
        for seed, rule in enumerate(BREAKABLE_RULES[:6]):
            write_records(simulate(1, seed, break_rule=rule), out)
    if not copies:
        return logs
    text = (logs / "badugi.txt").read_text(encoding="utf-8")
    (logs / "copy.txt").write_text(text, encoding="utf-8")
    # a copy of a hand that differs (T5), and a hand with a line that cannot be read
    (logs / "changed.txt").write_text(text.replace(" 20:00\n", " 20:01\n", 1), encoding="utf-8")
    (logs / "damaged.txt").write_text(text.replace(": folds\n", ": folds\nno log's line\n", 3),
                                      encoding="utf-8")
    return logs


def table_digests(db: Path, folder: Path) -> dict[str, str]:
    """The digest of each table of ``db``: its rows sorted, each value as text with
    ``folder`` named ``<logs>``, the moments of the import left out."""
    digests = {}
    with duckdb.connect(str(db), read_only=True) as con:
        for table in TABLES:
            left_out = ", ".join(_MOMENTS.get(table, ()))
            columns = f"COLUMNS(* EXCLUDE ({left_out}))" if left_out else "COLUMNS(*)"
            rows = con.execute(f"SELECT {columns}::VARCHAR FROM {table} ORDER BY ALL").fetchall()
            text = repr(rows).replace(str(folder.resolve()), "<logs>")
            digests[table] = f"{len(rows)}:{hashlib.sha256(text.encode()).hexdigest()[:16]}"
    return digests


def _import(folder: Path, jobs: int = 1, copies: bool = True) -> dict[str, str]:
    """The digests of an import of :func:`_logs` into a new database, 40 hands a batch."""
    logs = _logs(folder, copies)
    db = folder / "hands.duckdb"
    with Store(db, batch_hands=40) as store:
        summary = store.import_paths([logs], jobs=jobs, zone="Europe/Paris")
    assert not summary.failures and not summary.unreadable
    return table_digests(db, logs)


def test_every_stored_value_is_as_pinned(tmp_path: Path) -> None:
    digests = _import(tmp_path)
    assert all(digests[table].startswith("0:") for table in _USERS)
    assert all(not digests[table].startswith("0:") for table in
               ("pot_halves", "run_hands", "run_pots", "violations", "quarantine",
                "tournaments", "tournament_results")), digests
    assert digests == PINNED, f"PINNED = {digests!r}"


@pytest.mark.wide   # the default run compares --jobs 2 with one process in
# tests/test_store_parts.py and tests/test_store.py
def test_workers_store_what_one_process_does(tmp_path: Path) -> None:
    """Workers build Arrow tables of the rows themselves (sealed batches)."""
    alone = _import(tmp_path / "alone", copies=False)
    in_workers = _import(tmp_path / "workers", jobs=2, copies=False)
    # a player's first file is the first read: workers read the largest first
    assert {**alone, "players": ""} == {**in_workers, "players": ""}
