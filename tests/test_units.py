"""Units are never added: on the real logs and sample_logs/, every money figure of
`stats --json` carries its unit, and no row of the statistics adds two units."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from badugi_hh import cli, stats
from badugi_hh.store import Store

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def corpus_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("units") / "corpus.duckdb"
    with Store(db) as store:
        store.import_paths([ROOT / "tests" / "data" / "real", ROOT / "sample_logs"])
    return db


def _money_figures(node: object, path: str = "") -> list[tuple[str, object]]:
    """Every value under a key naming money (net, not net_bb) in a JSON document."""
    found = []
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "net":
                found.append((f"{path}.{key}", value))
            found.extend(_money_figures(value, f"{path}.{key}"))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found.extend(_money_figures(value, f"{path}[{index}]"))
    return found


def test_the_corpus_mixes_units(corpus_db: Path) -> None:
    with Store(corpus_db, read_only=True) as store:
        units = store.connection.sql("SELECT DISTINCT currency, unit FROM hands").fetchall()
    assert {("chips", 1), ("USD", 100)} <= set(units)


def test_every_money_figure_of_stats_json_carries_its_unit(corpus_db: Path, capsys) -> None:
    assert cli.main(["stats", "--db", str(corpus_db), "--json"]) == 0
    output = json.loads(capsys.readouterr().out)
    figures = _money_figures(output["players"])
    assert len(figures) > 100
    for where, value in figures:
        assert isinstance(value, dict), where
        assert set(value) == {"amount", "currency", "unit", "text"}, where
    texts = {value["text"] for _, value in figures}
    assert any(text.startswith(("$", "-$")) for text in texts)
    assert any(text.endswith(" chips") for text in texts)
    coverage = output["coverage"]
    assert coverage["hands"] == sum(coverage[part] for part in ("hands_read", "unreadable",
                                                               "skipped"))
    assert coverage["hands_read"] > 600


def test_no_row_of_the_statistics_adds_two_units(corpus_db: Path) -> None:
    """Each row's net is the sum over hands of that one unit only."""
    with Store(corpus_db, read_only=True) as store:
        con = store.connection
        for frame in (stats.player_stats(con), stats.position_stats(con),
                      stats.session_results(con), stats.cumulative_net(con, points=50)):
            assert {"currency", "unit"} <= set(frame.columns)
        mixed = con.sql("SELECT player, site FROM hand_players GROUP BY ALL "
                        "HAVING count(DISTINCT currency) > 1").fetchall()
        rows = stats.player_stats(con)
        for player, site in mixed:
            mine = rows[(rows.player == player) & (rows.site == site)]
            assert len(mine) == mine.currency.nunique() > 1
        expected = dict(((p, s, c), n) for p, s, c, n in con.sql(
            "SELECT player, site, currency, sum(net) FROM hand_players GROUP BY ALL").fetchall())
        assert {(r.player, r.site, r.currency): r.net for r in rows.itertuples()} == expected


def test_filters_by_site_currency_and_kind(corpus_db: Path) -> None:
    with Store(corpus_db, read_only=True) as store:
        con = store.connection
        cash = stats.player_stats(con, stats.Filters(kind="cash"))
        # Winamax's play money, Boss Media's euros, KingsClub's chips (no currency named)
        assert set(cash.currency) == {"USD", "PLAY", "EUR", "chips"} and not cash.empty
        home = stats.player_stats(con, stats.Filters(site=""))
        assert set(home.currency) == {"chips"}
        fulltilt = stats.overview(con, stats.Filters(site="fulltilt"))
        assert 0 < fulltilt["hands"] < stats.overview(con)["hands"]
