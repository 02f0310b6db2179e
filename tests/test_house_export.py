"""A site's hands written in the house format: every real export, typed on as house text,
reads back under the same rules to the same verdicts and the same nets.

The house format says what a site's hand holds: names with blanks (in double quotes),
antes, a rake without a pot total, what the summary says each seat collected, a seat
not dealt in, the money the amounts are in, a tournament's next level.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import duckdb
import pytest

from badugi_hh.cli import main
from badugi_hh.engine import Auditor, HandReport, audit
from badugi_hh.events import Hand, PotTotal, SessionStart, SummaryResult
from badugi_hh.parsers import iter_log_files, read_records
from badugi_hh.parsers.house import read_house
from badugi_hh.sites import SITES
from badugi_hh.writer import house_log

ROOT = Path(__file__).resolve().parents[1]
REAL = ROOT / "tests" / "data" / "real"


def audited(path: Path) -> tuple[list[tuple[SessionStart | None, Hand]], list[HandReport]]:
    """The hands of a log the engine audits, each with its session, and their reports."""
    auditor, session = Auditor(), None
    hands, reports = [], []
    for record in read_records(path):
        if isinstance(record, SessionStart):
            session = record
        for report in auditor.feed(record):
            if isinstance(report, HandReport) and isinstance(record, Hand):
                hands.append((session, record))
                reports.append(report)
    return hands, reports


def verdicts(reports: list[HandReport]) -> list[tuple[str, list[str], list[tuple[str, int]]]]:
    """Each hand (by its id) with its broken rules and every player's net."""
    return sorted((report.hand_id, sorted(violation.rule for violation in report.violations),
                   sorted((name, player.end_stack - player.start_stack)
                          for name, player in report.players.items()))
                  for report in reports)


@pytest.mark.parametrize("path", list(iter_log_files([REAL])), ids=lambda path: path.name)
def test_a_real_export_as_house_text_reads_back_to_its_verdicts_and_nets(path: Path) -> None:
    hands, reports = audited(path)
    text, written, left_out = house_log(hands)
    assert (written, left_out) == (len(hands), [])
    records = list(read_house(text, "typed.txt"))
    assert [str(record) for record in records if not isinstance(
        record, (SessionStart, Hand))] == ([] if hands else ["typed.txt:1:1: empty file"])
    again = [item for item in audit(records) if isinstance(item, HandReport)]
    # each hand is the site's own: its site's hand id, read from its first line
    assert verdicts(again) == verdicts(reports)
    assert {(hand.site, hand.hand_id) for hand in records if isinstance(hand, Hand)} == {
        (hand.site, hand.hand_id) for _, hand in hands}
    units = {(hand.currency, hand.unit) for _, hand in hands}
    assert {(hand.currency, hand.unit) for hand in records if isinstance(hand, Hand)} <= units


def test_site_lines_have_their_house_words() -> None:
    """PokerStars' cash exports: a name with a blank, a summary's results, a sitting-out
    seat, money in cents; KingsClub's: antes and a rake without a total."""
    stars, _ = audited(REAL / "pokerstars" / "cash-27td-fl-0.10-0.20-200911.txt")
    text, _, _ = house_log(stars)
    assert '"X USN-USMC": ' in text and "- USD in cents" in text
    stars, _ = audited(REAL / "pokerstars" / "cash-badugi-fl-0.25-0.50-201009.txt")
    text, _, _ = house_log(stars)
    assert "Collected: JDANIELDC 595, kallexx1 0\n" in text
    tilt, _ = audited(REAL / "fulltilt" / "cash-27td-fl-150-300-201011-sitting-out.txt")
    text, _, _ = house_log(tilt)
    assert "Seat 1: Hero (520800) is sitting out\n" in text
    kings, _ = audited(REAL / "kingsclub" / "cash-a5td-fl-44-88-202010.txt")
    text, _, _ = house_log(kings)
    assert ": posts ante 1100" in text and "\nRake " in text
    [hand] = [record for record in read_house(text, "k.txt") if isinstance(record, Hand)]
    assert [event.rake for event in hand.events if isinstance(event, PotTotal)] == [
        event.rake for event in kings[0][1].events if isinstance(event, PotTotal)]


def test_a_tournaments_next_level_is_a_hands_own_rules_line() -> None:
    hands, _ = audited(REAL / "pokerstars" / "tour-badugi-fl-sng-201011.txt")
    text, _, _ = house_log(hands)
    read = [record for record in read_house(text, "sng.txt") if isinstance(record, Hand)]
    assert len({hand.ruleset.big_blind for hand in read}) == 7   # blind levels I to VII
    assert [hand.ruleset for hand in read] == [hand.ruleset for _, hand in hands]
    assert sum(isinstance(event, SummaryResult) for hand in read
               for event in hand.events) == sum(isinstance(event, SummaryResult)
                                                for _, hand in hands for event in hand.events)


def test_export_writes_every_real_site_hand_and_the_nets_reimport(tmp_path: Path,
                                                                 capsys) -> None:
    """``export --format house`` wrote 1 of 398 site hands: now all, and importing what it
    wrote gives every player the net he had."""
    db, again = tmp_path / "sites.duckdb", tmp_path / "typed.duckdb"
    assert main(["import", str(REAL), "--db", str(db)]) in (0, 1)
    assert main(["export", "--format", "house", "--db", str(db), "--out",
                 str(tmp_path / "house")]) == 0
    assert "not written" not in capsys.readouterr().err
    assert main(["import", str(tmp_path / "house"), "--db", str(again)]) in (0, 1)

    def nets(path: Path) -> Counter[tuple[str, str, int]]:
        with duckdb.connect(str(path), read_only=True) as con:
            rows = con.execute("SELECT player, coalesce(currency, ''), unit, sum(net) "
                               "FROM hand_players GROUP BY ALL").fetchall()
        return Counter({(player, currency, unit): int(net)
                        for player, currency, unit, net in rows})

    assert nets(again) == nets(db)


def test_a_hand_with_an_unreadable_line_is_refused_by_house_export_as_by_phh(
        tmp_path: Path, capsys) -> None:
    """A site's hand kept without two lines that could not be read was written as house text
    without them, silently (it would read back whole, judged past them); PHH refused it. Both
    now refuse it in the same words, naming and counting the lines."""
    lines = (REAL / "pokerstars" / "cash-badugi-fl-0.25-0.50-201009.txt").read_text(
        encoding="utf-8-sig").splitlines(keepends=True)
    for number in (17, 20):   # inside the first hand, PokerStars hand 49164202872
        lines[number - 1] = "Kula91 ~~garbled~~\n"
    log, db = tmp_path / "damaged.txt", tmp_path / "db.duckdb"
    log.write_text("".join(lines), encoding="utf-8")
    assert main(["import", str(log), "--db", str(db)]) == 0
    capsys.readouterr()
    refusal = (f"badugi-hh export: {log}: PokerStars hand 49164202872: not written: "
               "2 lines of the hand could not be read (lines 17, 20)")
    for form in ("house", "phh"):
        assert main(["export", "--format", form, "--db", str(db), "--out",
                     str(tmp_path / form)]) == 2
        assert refusal in capsys.readouterr().err.splitlines(), form
    written = (tmp_path / "house" / "damaged.txt").read_text(encoding="utf-8")
    assert [line.split(" - ")[0] for line in written.splitlines()
            if line.startswith("Hand #")] == ["Hand #2", "Hand #3", "Hand #4"]


def test_a_house_export_imported_into_its_own_database_is_the_same_hands(
        tmp_path: Path, capsys) -> None:
    """A site's hand exported as house text lost the site's hand number: imported back into
    the database it came from, each came back as a new hand (``ps-Benkoela-V-...#1`` beside
    ``ps-49164202872``), and every figure doubled. Its first line now names the site's
    hand (``pokerstars hand 49164202872``): the same hands, none new, the same figures."""
    db = tmp_path / "sites.duckdb"
    assert main(["import", str(REAL), "--db", str(db)]) in (0, 1)

    def figures() -> tuple[list[tuple[object, ...]], ...]:
        with duckdb.connect(str(db), read_only=True) as con:
            return tuple(con.execute(sql).fetchall() for sql in (
                "SELECT site, count(*) FROM hands GROUP BY ALL ORDER BY ALL",
                "SELECT site, player, sum(net), count(*) FROM hand_players GROUP BY ALL "
                "ORDER BY ALL",
                "SELECT count(*) FROM sessions", "SELECT rule, count(*) FROM violations "
                "GROUP BY ALL ORDER BY ALL"))

    before = figures()
    assert main(["export", "--format", "house", "--db", str(db), "--out",
                 str(tmp_path / "house")]) == 0
    capsys.readouterr()
    assert main(["import", str(tmp_path / "house"), "--db", str(db)]) == 0
    said = capsys.readouterr().out
    assert ": 234 hands, 0 new, 0 sessions, 0 new violations" in said, said
    assert figures() == before
    assert {site for (site, _) in before[0]} == {
        site.id for site in SITES if site.hand_id_prefix}   # every site's hands


def test_a_house_export_typed_on_is_a_copy_that_differs(tmp_path: Path, capsys) -> None:
    """The same site's hand, its text changed by a user, is a copy that differs from the
    stored one (T5), never a second hand."""
    log, db = REAL / "pokerstars" / "cash-badugi-fl-0.25-0.50-201009.txt", tmp_path / "db.duckdb"
    assert main(["import", str(log), "--db", str(db)]) == 0
    assert main(["export", "--format", "house", "--db", str(db), "--out",
                 str(tmp_path / "house")]) == 0
    typed = tmp_path / "house" / log.name
    text = typed.read_text(encoding="utf-8")
    assert "Hand #1 - pokerstars hand 49164202872 - button seat 8" in text
    typed.write_text(text.replace("Dealt to Hero [As 3h 8h 6s]", "Dealt to Hero [As 3h 8h 7s]"),
                     encoding="utf-8")
    capsys.readouterr()
    assert main(["import", str(typed), "--db", str(db)]) == 0
    said, warned = capsys.readouterr()
    assert "4 hands, 0 new" in said
    assert (f"[T5] hand ps-49164202872 at {typed}:4 differs from its copy at {log}:1"
            in warned), warned


SNGS = [REAL / "pokerstars" / "tour-badugi-fl-sng-201011.txt",
        *sorted((REAL / "fulltilt").glob("*sng*"))]


def test_a_house_export_of_tournaments_keeps_them(tmp_path: Path) -> None:
    """The house text of a site's tournament said its hands' chips, not their tournament:
    imported fresh, they were a tournament's of no id, and ``tournaments`` had none. The
    session header's ``Tournament`` line says it, with its buy-in: the same tournaments,
    the same players, buy-ins, fees and starts (the places a site announces in notes the
    format has no line for)."""
    from badugi_hh.stats.tournaments import tournament_results

    (tmp_path / "logs").mkdir()
    for sng in SNGS:
        (tmp_path / "logs" / sng.name).write_bytes(sng.read_bytes())
    assert main(["import", str(tmp_path / "logs"), "--db", str(tmp_path / "site.duckdb")]) == 0
    assert main(["export", "--format", "house", "--db", str(tmp_path / "site.duckdb"),
                 "--out", str(tmp_path / "house")]) == 0
    assert main(["import", str(tmp_path / "house"), "--db", str(tmp_path / "back.duckdb")]) == 0
    hands = ("SELECT site, kind, tournament_id, buy_in, count(*) FROM hands "
             "GROUP BY ALL ORDER BY ALL")
    tournaments = ["site", "tournament_id", "game", "started", "buy_in", "fee", "currency",
                   "player"]
    kept = []
    for db in ("site.duckdb", "back.duckdb"):
        with duckdb.connect(str(tmp_path / db), read_only=True) as con:
            results = tournament_results(con)[tournaments]
            kept.append((con.execute(hands).fetchall(),
                         sorted(map(tuple, results.itertuples(index=False)))))
    assert kept[1] == kept[0]
    assert {row[:4] for row in kept[0][0]} == {
        ("pokerstars", "tournament", "330855877", "$1.00+$0.20"),
        ("fulltilt", "tournament", "243560420", "$10")}
