"""Copies of the real exports, as a user's archive holds them: again under other names,
and with other line ends; and the figures a duplicate would change."""

from __future__ import annotations

from pathlib import Path

REAL = Path(__file__).resolve().parent / "data" / "real"


def real_exports(sites: tuple[str, ...] = ()) -> list[Path]:
    """Every real export, or those of ``sites`` (their folders' names) when given."""
    return sorted(path for path in REAL.rglob("*") if path.is_file()
                  and "expected" not in path.parts and path.name != "MANIFEST.md"
                  and (not sites or path.relative_to(REAL).parts[0] in sites))


def crlf(data: bytes) -> bytes:
    """The same log with CRLF line ends (a UTF-16 log re-encoded, its stray last byte
    dropped)."""
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        text = data[:len(data) - len(data) % 2].decode("utf-16")
        return text.replace("\r\n", "\n").replace("\n", "\r\n").encode("utf-16")
    return data.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")


def copies_of_real_exports(folder: Path, sites: tuple[str, ...] = ()) -> Path:
    """``a/``: the real exports (of ``sites`` only, when given); ``b/``: each again as
    ``again-NAME``; ``crlf/``: each with CRLF line ends (how tests/data/v4-copies was
    made)."""
    for copy in ("a", "b", "crlf"):
        for path in real_exports(sites):
            target = folder / copy / path.relative_to(REAL)
            if copy == "b":
                target = target.with_name("again-" + path.name)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(crlf(path.read_bytes()) if copy == "crlf" else path.read_bytes())
    return folder


#: Each player's results, which a duplicate would double.
NETS = ("SELECT site, player, currency, count(*) AS hands, sum(net) AS net, "
        "sum(won) AS won FROM hand_players GROUP BY ALL ORDER BY ALL")
COUNTS = ("SELECT (SELECT count(*) FROM hands), (SELECT count(*) FROM skipped), "
          "(SELECT list(rule ORDER BY rule) FROM violations), (SELECT count(*) FROM players)")
#: A session is a file's: the Merge hand two exports share is stored from the file read
#: first, and the other file's session is kept when it holds other hands (with --jobs 2
#: either file may come first).
SESSIONS = "SELECT (SELECT count(*) FROM sessions), (SELECT count(*) FROM session_players)"
