"""Split games in the store and the statistics: the halves each player won (issue 13)."""

from __future__ import annotations

from pathlib import Path

from badugi_hh import stats
from badugi_hh.events import Award, Fold, Hand
from badugi_hh.simulate import simulate, table_rules
from badugi_hh.store import Store
from badugi_hh.writer import write_records


def test_the_halves_won_are_stored_and_counted(tmp_path: Path) -> None:
    records = list(simulate(6, 5, table_rules("badeucy", 3)))
    log = tmp_path / "badeucy.txt"
    with log.open("w", encoding="utf-8") as out:
        write_records(records, out)
    halves_paid: dict[tuple[str, str], set[str]] = {}
    reached: dict[str, int] = {}   # showdowns of halves each player reached, from the log
    for hand in (r for r in records if isinstance(r, Hand)):
        split = any(isinstance(e, Award) and e.pot.endswith(("badugi", "lowball"))
                    for e in hand.events)
        folded = {e.player for e in hand.events if isinstance(e, Fold)}
        for player in {e.player for e in hand.events if hasattr(e, "player")} - folded:
            reached[player] = reached.get(player, 0) + split
        for award in (e for e in hand.events if isinstance(e, Award)):
            for half in ("badugi", "lowball"):
                if award.pot.endswith(half):
                    halves_paid.setdefault((hand.hand_id, half), set()).add(award.player)
    with Store(tmp_path / "split.duckdb") as store:
        store.import_paths([log])
        con = store.connection
        rows = con.sql("SELECT hand_id, player, won_badugi_half, won_lowball_half "
                       "FROM hand_players WHERE won_badugi_half IS NOT NULL").fetchall()
        described = con.sql("SELECT count(*) FROM showdowns "
                            "WHERE description LIKE '%; lowball %'").fetchall()[0][0]
        figures = stats.game_stats(con)
    assert rows and described > 0
    for hand_id, player, badugi, lowball in rows:
        # a half the log names was won by its players; a pot split no way goes to both
        if (hand_id, "badugi") in halves_paid:
            assert badugi == (player in halves_paid[(hand_id, "badugi")]), (hand_id, player)
        if (hand_id, "lowball") in halves_paid:
            assert lowball == (player in halves_paid[(hand_id, "lowball")]), (hand_id, player)
    # the showdowns each player reached, not every split hand he was dealt in
    assert dict(zip(figures["player"], figures["split_showdowns"])) == {
        player: count for player, count in reached.items() if count}
    assert figures["split_showdowns"].sum() < len(rows)
    assert set(figures["game"]) == {"badeucy"} and figures["snow"].isna().all()
    assert ((figures["scooped"] <= figures["won_badugi_half"])
            & (figures["scooped"] <= figures["won_lowball_half"])).all()
