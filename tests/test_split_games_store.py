"""Split games in the store and the statistics: what each player won of each half of each
pot (issue 13), the halves named as the game registry names them (pot_halves)."""

from __future__ import annotations

import re
from pathlib import Path

from badugi_hh import stats
from badugi_hh.events import Award, Fold, Hand
from badugi_hh.games import GAMES
from badugi_hh.simulate import simulate, table_rules
from badugi_hh.store import Store
from badugi_hh.writer import write_records

#: An award's pot with its half: "2-7", "main badugi", "side 1 2-7".
_HALF_OF_POT = re.compile(r"(?:(?:main|side (?P<side>\d+)) )?(?P<half>badugi|2-7)")


def test_the_halves_won_are_stored_and_counted(tmp_path: Path) -> None:
    records = list(simulate(6, 5, table_rules("badeucy", 3)))
    log = tmp_path / "badeucy.txt"
    with log.open("w", encoding="utf-8") as out:
        write_records(records, out)
    paid: dict[tuple[str, int, str, str], int] = {}   # each half's awards, as the log says
    reached: dict[str, int] = {}   # showdowns of halves each player reached, from the log
    for hand in (r for r in records if isinstance(r, Hand)):
        halves = [(award, _HALF_OF_POT.fullmatch(award.pot)) for award in hand.events
                  if isinstance(award, Award)]
        folded = {e.player for e in hand.events if isinstance(e, Fold)}
        for player in {e.player for e in hand.events if hasattr(e, "player")} - folded:
            reached[player] = reached.get(player, 0) + any(half for _, half in halves)
        for award, half in halves:
            if half:
                key = (hand.hand_id, int(half["side"] or 0), half["half"], award.player)
                paid[key] = paid.get(key, 0) + award.amount
    with Store(tmp_path / "split.duckdb") as store:
        store.import_paths([log])
        con = store.connection
        rows = {(hand, pot, half, player): share for hand, pot, half, player, share in con.sql(
            "SELECT hand_id, pot, half, player, share FROM pot_halves").fetchall()}
        described = con.sql("SELECT count(*) FROM showdowns "
                            "WHERE description LIKE '%; 2-7 %'").fetchall()[0][0]
        figures = stats.game_stats(con)
    assert paid and described > 0
    # each half a log's award names was won by its player, for the chips it says; a pot
    # nobody contested is both halves, cut as a contested one
    assert {half for _, _, half, _ in rows} == {half.name for half in GAMES["badeucy"].halves}
    assert all(rows[key] == chips for key, chips in paid.items())
    # the showdowns each player reached, not every split hand he was dealt in
    assert dict(zip(figures["player"], figures["split_showdowns"])) == {
        player: count for player, count in reached.items() if count}
    assert set(figures["game"]) == {"badeucy"} and figures["snow"].isna().all()
    assert figures["won_half_a_5"].isna().all()   # Badacey's half: absent in Badeucy
    assert ((figures["scooped"] <= figures["won_half_badugi"])
            & (figures["scooped"] <= figures["won_half_2_7"])).all()
    assert (figures["won_half_badugi"] > 0).any() and (figures["won_half_2_7"] > 0).any()


ROOT = Path(__file__).resolve().parent.parent
#: The names two halves had before the registry named them: the two columns of the store,
#: the grammar's rules and the report's fields.
_FIXED_HALVES = re.compile(r"won_(?:badugi|lowball)_half|\b(?:badugi|lowball)_half\b")
#: The one place that names the columns: the migration that turns them into rows.
_MIGRATIONS = Path("badugi_hh", "store", "migrations.py")


def fixed_halves(root: Path) -> list[str]:
    """Each line of the code, the grammar and the dashboards under ``root`` that names a
    half by a fixed field or column."""
    return [f"{path.relative_to(root)}:{number}"
            for folder in ("badugi_hh", "dashboards", "grammar")
            for path in sorted((root / folder).rglob("*"))
            if path.suffix in (".py", ".pyx", ".lark", ".sql")
            and path.relative_to(root) != _MIGRATIONS
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
            if _FIXED_HALVES.search(line)]


def test_no_half_is_named_by_a_fixed_field_or_column_again() -> None:
    """A split game's halves are the registry's (``Half.name``): a column, a grammar rule
    or a field named after the Badugi and the lowball half would leave out the halves of
    any other split game (high and low)."""
    assert fixed_halves(ROOT) == []
