"""What one hostile log does to the statistics (issue 24, items 4 and 6): a hand netting
10^12 big blinds does not stop the figures of the whole database, and a name holding
terminal escapes is printed inert in the report while JSON and CSV keep it exact."""

from __future__ import annotations

import csv
import io
import json
import re
from decimal import Decimal
from pathlib import Path

import duckdb
import pandas as pd
import pytest
from streamlit.testing.v1 import AppTest

from badugi_hh import cli, stats
from badugi_hh.filters import Filters
from badugi_hh.store import Store

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "dashboards" / "app.py"
BUST = ROOT / "sample_logs" / "2026-11-06-ana-bruno-bust.txt"
PS_CASH = ROOT / "tests" / "data" / "real" / "pokerstars" / "cash-badugi-fl-0.25-0.50-201009.txt"
#: A hand won by 2 * 10^12 + 202 chips at blinds of 1/2: it nets 10^12 big blinds and more,
#: past the 18 digits of a DECIMAL(18, 6), inside the 10^15 bound.
HUGE_AWARD = 2_000_000_000_202
ESCAPES = "\x1b]0;pwned\x07Hero\x1b[2J"


@pytest.fixture(scope="module")
def huge_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bust session with one hand's result raised by HUGE_AWARD for Ana and lowered
    as much for Bruno. The rows are changed, not the log: a log claiming such an award
    from its pot of 3 is stored as its pot pays (S1), and no hand of these stakes wins it."""
    path = tmp_path_factory.mktemp("huge") / "huge.duckdb"
    with Store(path) as store:
        store.import_paths([BUST])
    with duckdb.connect(str(path)) as con:
        [(number,)] = con.execute("SELECT min(number) FROM hand_players WHERE player = 'Ana' "
                                  "AND net > 0").fetchall()
        for player, sign in (("Ana", 1), ("Bruno", -1)):
            con.execute("UPDATE hand_players SET net = net + ?, net_bb = net_bb + ? "
                        "WHERE number = ? AND player = ?",
                        [sign * HUGE_AWARD, sign * HUGE_AWARD // 2, number, player])
    return path


def exact_sums(db: Path) -> tuple[int, Decimal]:
    """Ana's net and big blinds won, added here in Python (each hand's big blinds to a
    millionth, as documented)."""
    with duckdb.connect(str(db), read_only=True) as con:
        rows = con.execute("SELECT net, net_bb FROM hand_players WHERE player = 'Ana'").fetchall()
    return sum(net for net, _ in rows), sum(Decimal(f"{bb:.6f}") for _, bb in rows)


def test_a_huge_hand_is_summed_exactly_by_every_figure(huge_db: Path) -> None:
    net, net_bb = exact_sums(huge_db)
    assert net > 10 ** 12 and net_bb > 10 ** 12
    with Store(huge_db, read_only=True) as store:
        con = store.connection
        ana = stats.player_stats(con, Filters(player="Ana")).iloc[0]
        assert ana["net"] == net and ana["net_bb"] == float(net_bb)
        assert stats.position_stats(con, Filters(player="Ana"))["net"].sum() == net
        assert not stats.game_stats(con).empty and not stats.draw_habits(con).empty
        for curve in (stats.cumulative_net(con, Filters(player="Ana")),
                      stats.winrate_curve(con, Filters(player="Ana"), exact_rows=0),
                      stats.winrate_by_date(con, Filters(player="Ana"))):
            assert curve["net"].iloc[-1] == net and curve["net_bb"].iloc[-1] == pytest.approx(
                float(net_bb))


def test_the_command_prints_a_huge_hands_figures_in_every_form(
        huge_db: Path, capsys: pytest.CaptureFixture) -> None:
    net, _ = exact_sums(huge_db)
    assert cli.main(["stats", "--db", str(huge_db)]) == 0
    assert f"+{net:,} chips" in capsys.readouterr().out
    assert cli.main(["stats", "--db", str(huge_db), "--json"]) == 0
    [ana] = [row for row in json.loads(capsys.readouterr().out)["players"]
             if row["player"] == "Ana"]
    assert ana["net"]["amount"] == net
    assert cli.main(["stats", "--db", str(huge_db), "--csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert next(row for row in rows if row["player"] == "Ana")["net"] == str(net)


def test_the_players_page_shows_a_huge_hands_figures(huge_db: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    net, _ = exact_sums(huge_db)
    monkeypatch.setenv("BADUGI_HH_DB", str(huge_db))
    monkeypatch.delenv("BADUGI_HH_DATA", raising=False)
    app = AppTest.from_file(str(APP), default_timeout=60).run()
    app.switch_page("views/players.py").run()
    assert not app.exception
    table = next(frame.value for frame in app.dataframe if "vpip" in frame.value.columns)
    assert f"+{net:,} chips" in table["net"].tolist()


def test_a_sum_past_64_bits_is_left_out_not_an_error(huge_db: Path, tmp_path: Path,
                                                     capsys: pytest.CaptureFixture) -> None:
    copy = tmp_path / "overflow.duckdb"
    copy.write_bytes(huge_db.read_bytes())
    with duckdb.connect(str(copy)) as con:   # three hands of 2^62 chips: 2^63 and more
        con.execute("UPDATE hand_players SET net = 4611686018427387904 WHERE player = 'Ana' "
                    "AND number <= 3")
    with Store(copy, read_only=True) as store:
        ana = stats.player_stats(store.connection, Filters(player="Ana")).iloc[0]
        assert pd.isna(ana["net"])   # NULL: no figure, and no error
        assert ana["hands"] == 11
    assert cli.main(["stats", "--db", str(copy), "--player", "Ana"]) == 0
    assert re.search(r"\n  Ana +house logs +chips +11 +- ", capsys.readouterr().out)
    assert cli.main(["stats", "--db", str(copy), "--player", "Ana", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["players"][0]["net"]["amount"] is None


def test_a_name_with_terminal_escapes_is_printed_inert_and_kept_exact(
        tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    log = tmp_path / "escapes.txt"
    log.write_text(PS_CASH.read_text(encoding="utf-8-sig").replace("Hero", ESCAPES),
                   encoding="utf-8")
    db = tmp_path / "escapes.duckdb"
    with Store(db) as store:
        store.import_paths([log])
    assert cli.main(["stats", "--db", str(db)]) == 0
    report = capsys.readouterr().out
    assert "\x1b" not in report and "\x07" not in report
    assert "\\x1b]0;pwned\\x07Hero\\x1b[2J" in report
    assert cli.main(["stats", "--db", str(db), "--json"]) == 0
    names = [row["player"] for row in json.loads(capsys.readouterr().out)["players"]]
    assert ESCAPES in names
    assert cli.main(["stats", "--db", str(db), "--csv"]) == 0
    assert ESCAPES in [row["player"] for row in
                       csv.DictReader(io.StringIO(capsys.readouterr().out))]
    assert cli.main(["stats", "--db", str(db), "--player", "\x1b[31mNobody"]) == 2
    assert "\x1b" not in capsys.readouterr().err
