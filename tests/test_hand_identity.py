"""A hand is its site and hand id: met again in any file it is stored once, every copy kept.

On the real exports of tests/data/real: imported twice over under other file names,
and once more with CRLF line ends, the database (and a dataset) holds each hand once,
lists every copy in hand_sources, and gives every player the nets of a single import.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import duckdb
import pytest
from conftest import every_other_wide

from badugi_hh.cli import main
from badugi_hh.dataset import connect_dataset, import_to_dataset
from badugi_hh.store import Store
from copykit import COUNTS, NETS, REAL, SESSIONS, copies_of_real_exports

ROOT = Path(__file__).resolve().parents[1]
PHH = ROOT / "tests" / "data" / "phh" / "wikipedia-badugi.phh"
SAMPLE = ROOT / "sample_logs" / "2026-11-06-ana-bruno-bust.txt"


@pytest.fixture(scope="module")
def single(tmp_path_factory: pytest.TempPathFactory) -> duckdb.DuckDBPyConnection:
    """The real exports imported once."""
    db = tmp_path_factory.mktemp("single") / "single.duckdb"
    with Store(db) as store:
        store.import_paths([REAL])
    return Store(db, read_only=True).connection


@pytest.mark.parametrize("jobs", every_other_wide([(1,), (2,)]))
def test_real_exports_met_three_times_are_stored_once_with_every_copy_listed(
        tmp_path: Path, single: duckdb.DuckDBPyConnection, jobs: int) -> None:
    logs = copies_of_real_exports(tmp_path / "logs")
    with Store(tmp_path / "copies.duckdb") as store:
        first = store.import_paths([logs / "a"], jobs=jobs)
        summary = store.import_paths([logs / "b", logs / "crlf"], jobs=jobs)
        con = store.connection
        assert con.sql(NETS).fetchall() == single.sql(NETS).fetchall()
        assert con.sql(COUNTS).fetchall() == single.sql(COUNTS).fetchall()
        if jobs == 1:
            assert con.sql(SESSIONS).fetchall() == single.sql(SESSIONS).fetchall()
        copies = con.sql("SELECT count(*), count(DISTINCT (site, hand_id)) FROM hand_sources "
                         "GROUP BY ALL").fetchall()
        listed = dict(con.sql("SELECT hand_id, count(*) FROM hand_sources GROUP BY ALL")
                      .fetchall())
    assert summary.new_hands == 0 and summary.hands == 2 * first.hands == summary.copies
    assert copies == [(3 * first.hands, first.new_hands)]
    # the Merge hand written into two of the exports is met six times
    assert sorted(set(listed.values())) == [3, 6] and listed["merge#33423082-14"] == 6


def test_every_copy_names_its_file_and_line_and_the_stored_one_is_the_first(
        tmp_path: Path) -> None:
    logs = copies_of_real_exports(tmp_path / "logs")
    with Store(tmp_path / "copies.duckdb") as store:
        store.import_paths([logs])
        rows = store.connection.sql(
            "SELECT c.source, c.line, h.source FROM hand_sources c JOIN hands h USING (site, "
            "hand_id) WHERE hand_id = 'ps-52588201462' ORDER BY c.source").fetchall()
    stored = str(logs / "a" / "pokerstars" / "tour-badugi-fl-sng-201011.txt")
    assert rows == [(stored, 1, stored),
                    (str(logs / "b" / "pokerstars" / "again-tour-badugi-fl-sng-201011.txt"), 1,
                     stored),
                    (str(logs / "crlf" / "pokerstars" / "tour-badugi-fl-sng-201011.txt"), 1,
                     stored)]


#: The exports the dataset's copies are taken from: a tournament and the Merge hand two
#: exports share (a dataset's rows are the database's for every site in test_dataset.py).
COPIED_SITES = ("pokerstars", "merge")


def test_a_dataset_shows_each_hand_once_as_the_database_does(tmp_path: Path) -> None:
    logs = copies_of_real_exports(tmp_path / "logs", sites=COPIED_SITES)
    with Store(tmp_path / "single.duckdb") as store:
        store.import_paths([logs / "a"])
        single = {query: store.connection.sql(query).fetchall()
                  for query in (NETS, COUNTS, SESSIONS)}
    first = import_to_dataset([str(logs / "a")], tmp_path / "ds")
    again = import_to_dataset([str(logs / "b"), str(logs / "crlf")], tmp_path / "ds")
    assert not first.failures and not again.failures
    assert again.summary.new_hands == 0 and first.summary.new_hands == 143
    dataset = connect_dataset(tmp_path / "ds")
    for query in (NETS, COUNTS, SESSIONS):
        assert dataset.sql(query).fetchall() == single[query]
    assert dataset.sql("SELECT count(*) FROM hand_sources").fetchall() == [(3 * 144,)]
    with Store(tmp_path / "copies.duckdb") as store:   # the same copies, the same rows
        store.import_paths([logs / "a"])
        store.import_paths([logs / "b", logs / "crlf"])
        for table in ("hands", "sessions", "violations", "skipped", "hand_sources"):
            query = f"SELECT * FROM {table} ORDER BY ALL"
            assert dataset.sql(query).fetchall() == store.connection.sql(query).fetchall(), table


@pytest.mark.wide   # the default run compacts the same copies, imported in two runs, below
def test_a_dataset_compacted_still_shows_each_hand_once(tmp_path: Path,
                                                        single: duckdb.DuckDBPyConnection) -> None:
    logs = copies_of_real_exports(tmp_path / "logs")
    done = import_to_dataset([str(logs)], tmp_path / "ds", compact_after=1)
    assert done.compacted is not None and done.compacted.logs == 81
    assert connect_dataset(tmp_path / "ds").sql(NETS).fetchall() == single.sql(NETS).fetchall()


def _differing_copy(path: Path, target: Path) -> Path:
    """``path`` with one amount changed in its first hand: the same hand ids, another
    content."""
    text = path.read_text(encoding="utf-8-sig")
    target.write_text(text.replace("Player7 (1500 in chips)", "Player7 (1400 in chips)", 1),
                      encoding="utf-8")
    return target


def test_a_copy_that_differs_is_a_t5_violation_naming_both_files(tmp_path: Path) -> None:
    original = REAL / "pokerstars" / "tour-badugi-fl-sng-201011.txt"
    changed = _differing_copy(original, tmp_path / "edited.txt")
    with Store(tmp_path / "db.duckdb") as store:
        store.import_paths([original])
        summary = store.import_paths([changed])
        again = store.import_paths([changed])
        con = store.connection
        conflicts = con.sql("SELECT source, hand_id, line, message FROM violations "
                            "WHERE rule = 'T5' AND source = ?", params=[str(changed)]).fetchall()
        kept = con.sql("SELECT start_stack FROM hand_players WHERE hand_id = 'ps-52588201462' "
                       "AND player = 'Player7'").fetchall()
        hashes = con.sql("SELECT count(DISTINCT content_hash) FROM hand_sources "
                         "WHERE hand_id = 'ps-52588201462'").fetchall()
    assert kept == [(1500,)] and hashes == [(2,)]
    assert summary.new_hands == 0 and len(summary.conflicts) == 1 and again.unchanged == 1
    assert conflicts == [(str(changed), "ps-52588201462", 1,
                          f"hand ps-52588201462 at {changed}:1 differs from its copy at "
                          f"{original}:1 (the same site and hand id): the first copy is kept")]


def test_a_house_session_saved_again_with_a_wrong_claim_is_a_t5(tmp_path: Path) -> None:
    """The store keeps the rules' figures where a log's claim is wrong: the second save of
    an evening with a typo in a Stacks line (a G3) held the same figures as the first, and
    its violation went unsaid. Its hash holds its verdicts: a T5 says the two differ."""
    saved = tmp_path / "saved.txt"
    shutil.copyfile(SAMPLE, saved)
    typo = tmp_path / "typo.txt"
    text = SAMPLE.read_text(encoding="utf-8")
    stacks = next(line for line in text.splitlines() if line.startswith("Stacks: "))
    wrong = stacks.replace(stacks.rsplit(" ", 1)[1], str(int(stacks.rsplit(" ", 1)[1]) + 2))
    typo.write_text(text.replace(stacks, wrong, 1), encoding="utf-8")
    with Store(tmp_path / "db.duckdb") as store:
        store.import_paths([saved])
        summary = store.import_paths([typo])
        same = tmp_path / "same.txt"
        shutil.copyfile(SAMPLE, same)
        again = store.import_paths([same])   # the same text again: no verdict differs
        rules = store.connection.sql("SELECT rule FROM violations WHERE source = ? "
                                     "ORDER BY ALL", params=[str(typo)]).fetchall()
    assert summary.new_hands == 0 and len(summary.conflicts) == 1 and rules == [("T5",)]
    assert again.conflicts == []


def test_a_house_log_copied_into_a_longer_file_is_the_same_hands(tmp_path: Path) -> None:
    """A verdict that names a line ("the hand goes on after the fold on line 1250") is
    the same verdict in a copy of the log one line lower: no T5."""
    broken = ROOT / "sample_logs" / "broken-S.txt"
    longer = tmp_path / "longer.txt"
    longer.write_text("# the same evening, saved again\n" + broken.read_text(encoding="utf-8"),
                      encoding="utf-8")
    with Store(tmp_path / "db.duckdb") as store:
        store.import_paths([broken])
        summary = store.import_paths([longer])
    assert summary.new_hands == 0 and summary.conflicts == []


#: The sample's end line, and a copy's that states another winner and other stacks (N1).
_SAMPLE_END = "Session ends - Bruno wins - stacks Ana 0, Bruno 200"
_OTHER_END = "Session ends - Ana wins - stacks Ana 10, Bruno 190"


@pytest.mark.parametrize("runs", ["one import", "two imports"])
@pytest.mark.parametrize("other_first", [False, True])
def test_a_session_copy_that_ends_otherwise_is_a_t5_violation_naming_both_files(
        tmp_path: Path, other_first: bool, runs: str) -> None:
    """The same hands, another end line: the session kept is the first file's, with its
    verdicts; the other file's copy of the session is a T5 of its own, at its header."""
    text = SAMPLE.read_text(encoding="utf-8")
    assert _SAMPLE_END in text
    ends = {"a.txt": text, "b.txt": text.replace(_SAMPLE_END, _OTHER_END)}
    names = ["b.txt", "a.txt"] if other_first else ["a.txt", "b.txt"]
    logs = []
    for name in names:
        (tmp_path / name).write_text(ends[name], encoding="utf-8")
        logs.append(tmp_path / name)
    with Store(tmp_path / "db.duckdb") as store:
        if runs == "one import":
            store.import_paths(logs)
        else:
            for log in logs:
                store.import_paths([log])
        con = store.connection
        verdicts = con.sql("SELECT source, rule, line, message FROM violations "
                           "WHERE level = 'session' ORDER BY source, rule").fetchall()
        counted = dict(con.sql("SELECT path, violations FROM sources").fetchall())
        sessions = con.sql("SELECT source FROM sessions").fetchall()
    first, second = (str(log) for log in logs)
    kept = [(source, rule) for source, rule, _, _ in verdicts if source == first]
    assert sessions == [(first,)] and all(rule == "N1" for _, rule in kept)
    assert len(kept) == (3 if other_first else 0)   # its winner and both stacks are wrong
    assert [row for row in verdicts if row[0] == second] == [
        (second, "T5", 2, f"session fri-1106 at {second}:2 differs from its copy at "
                          f"{first}:2 (the same site and session id): the first copy is kept")]
    assert counted[second] == 1


def test_a_session_copy_that_ends_alike_is_no_violation(tmp_path: Path) -> None:
    copy = tmp_path / "copy.txt"
    shutil.copy(SAMPLE, copy)
    with Store(tmp_path / "db.duckdb") as store:
        store.import_paths([SAMPLE])
        summary = store.import_paths([copy])
        counted = store.connection.sql("SELECT violations FROM sources WHERE path = ?",
                                       params=[str(copy)]).fetchall()
    assert summary.violations == 0 and counted == [(0,)]


#: Copies of one real hand that differ in what the store keeps beyond the betting: the
#: hand a player showed (and so who the log pays: the edited copy earns an S1 of its own),
#: the cards a player drew.
_DIFFERING_LATE = {
    "showdown": ("[7s 5s 8d 4h 3c] (Lo: 8,7,5,4,3)", "[Ks Qs 8d 4h 3c] (Lo: K,Q,8,4,3)"),
    "draw": ("[5c Qs]", "[5c Js]", "[Qs Tc]", "[Js Tc]"),
}


@pytest.mark.parametrize("edited_first", [False, True])
@pytest.mark.parametrize("edit", sorted(_DIFFERING_LATE))
def test_copies_that_differ_only_after_the_betting_are_a_t5_either_way(
        tmp_path: Path, edit: str, edited_first: bool) -> None:
    """Their bets and chips the same, a copy with another showdown or other cards drawn
    is another hand: a T5, whichever file comes first (they were taken as one, and an
    S1 of the edited copy was stored or lost by the order of the files)."""
    original = REAL / "pokerstars" / "cash-27td-fl-0.10-0.20-200911.txt"
    text = original.read_text(encoding="utf-8-sig")
    pairs = _DIFFERING_LATE[edit]
    for old, new in zip(pairs[::2], pairs[1::2]):
        assert text.count(old) == 1
        text = text.replace(old, new)
    edited = tmp_path / "edited.txt"
    edited.write_text(text, encoding="utf-8")
    first, second = (edited, original) if edited_first else (original, edited)
    with Store(tmp_path / "db.duckdb") as store:
        store.import_paths([first])
        summary = store.import_paths([second])
        t5 = store.connection.sql("SELECT source FROM violations WHERE rule = 'T5'").fetchall()
    assert summary.new_hands == 0 and len(summary.conflicts) == 1
    assert t5 == [(str(second),)]


def test_hashes_of_an_older_release_are_not_compared_with_todays(tmp_path: Path) -> None:
    """A copy listed with the hash an older release wrote (32 characters, of less of the
    hand) is not a T5 of a copy read today: the two cannot tell."""
    original = REAL / "pokerstars" / "cash-27td-fl-0.10-0.20-200911.txt"
    copy = tmp_path / "copy.txt"
    shutil.copyfile(original, copy)
    with Store(tmp_path / "db.duckdb") as store:
        store.import_paths([original])
        store.connection.execute("UPDATE hands SET content_hash = md5(content_hash)")
        summary = store.import_paths([copy])
        t5 = store.connection.sql("SELECT count(*) FROM violations WHERE rule = 'T5'").fetchall()
    assert summary.new_hands == 0 and summary.conflicts == [] and t5 == [(0,)]


def test_a_dataset_reports_the_same_differing_copy(tmp_path: Path) -> None:
    original = REAL / "pokerstars" / "tour-badugi-fl-sng-201011.txt"
    changed = _differing_copy(original, tmp_path / "edited.txt")
    import_to_dataset([str(original)], tmp_path / "ds")
    import_to_dataset([str(changed)], tmp_path / "ds")
    found = connect_dataset(tmp_path / "ds").sql(
        "SELECT source, hand_id, message FROM violations WHERE rule = 'T5'").fetchall()
    assert [(source, hand) for source, hand, _ in found] == [(str(changed), "ps-52588201462")]
    assert f"differs from its copy at {original}:1" in found[0][2]


def test_an_appended_file_adds_only_its_new_hands(tmp_path: Path) -> None:
    """A site appends each hand as it is played: the next import stores the new ones."""
    lines = SAMPLE.read_text(encoding="utf-8").splitlines(keepends=True)
    cut = next(index for index, line in enumerate(lines) if line.startswith("Hand #4"))
    log = tmp_path / "live.txt"
    log.write_text("".join(lines[:cut]), encoding="utf-8")
    with Store(tmp_path / "db.duckdb") as store:
        before = store.import_paths([log]).new_hands
        log.write_text("".join(lines), encoding="utf-8")
        after = store.import_paths([log])
        stored = store.connection.sql("SELECT count(*), count(DISTINCT hand_id) FROM hands "
                                      "").fetchall()
        copies = store.connection.sql("SELECT count(*) FROM hand_sources").fetchall()
    total = before + after.new_hands
    assert before == 3 and after.new_hands > 0 and stored == [(total, total)]
    assert copies == [(total,)] and after.conflicts == []


@pytest.mark.parametrize("edit", ["chat", "hand taken out"])
def test_a_rewritten_file_counts_as_new_only_the_hands_not_stored_before(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], edit: str) -> None:
    """A file edited, not appended to, has its rows replaced: its hands stored again are
    not new, and a hand it no longer holds is said to be removed."""
    lines = SAMPLE.read_text(encoding="utf-8").splitlines(keepends=True)
    log, db = tmp_path / "log.txt", str(tmp_path / "db.duckdb")
    log.write_text("".join(lines), encoding="utf-8")
    assert main(["import", str(log), "--db", db]) == 0
    first = capsys.readouterr().out
    if edit == "chat":
        lines.insert(8, "# a line added in the middle\n")
    else:
        start = next(i for i, line in enumerate(lines) if line.startswith("Hand #2"))
        end = next(i for i, line in enumerate(lines) if line.startswith("Hand #3"))
        del lines[start:end]
    log.write_text("".join(lines), encoding="utf-8")
    assert main(["import", str(log), "--db", db]) == 0
    again = capsys.readouterr().out
    with Store(Path(db), read_only=True) as store:
        stored = store.connection.sql("SELECT count(*) FROM hands").fetchall()[0][0]
    hands = int(first.split(" hands, ")[0].rsplit(" ", 1)[1])
    removed = ", 1 hand no longer in a rewritten file removed" if edit != "chat" else ""
    kept = hands - (1 if removed else 0)
    assert f" {hands} hands, {hands} new, " in first
    assert f" {kept} hands, 0 new{removed}, " in again and stored == kept


def test_a_grown_file_counts_the_same_new_hands_and_violations_in_a_dataset(
        tmp_path: Path) -> None:
    """A tournament file read again as it grows: the dataset writes all its rows again,
    but says new only what the database says is new."""
    sng = REAL / "pokerstars" / "tour-badugi-fl-sng-201011.txt"
    # a pot misstated in the first hand, so that there are violations to count
    text = sng.read_bytes().replace(b"Total pot 100 | Rake 0", b"Total pot 110 | Rake 0", 1)
    live = tmp_path / "live.txt"
    counts = {}
    for target in ("db", "dataset"):
        said = []
        for cut in (text.index(b"PokerStars Game", 60_000), len(text)):
            live.write_bytes(text[:cut])
            if target == "db":
                with Store(tmp_path / "db.duckdb") as store:
                    summary = store.import_paths([live])
            else:
                summary = import_to_dataset([str(live)], tmp_path / "ds").summary
            said.append((summary.hands, summary.new_hands, summary.violations,
                         summary.quarantined))
        counts[target] = said
    assert counts["dataset"] == counts["db"]
    assert counts["db"][0][2] > 0 and counts["db"][1][1] < counts["db"][1][0]


def test_a_rewritten_file_leaves_its_hands_to_the_other_file_holding_them(
        tmp_path: Path) -> None:
    log, copy = tmp_path / "a.txt", tmp_path / "b.txt"
    shutil.copy(SAMPLE, log)
    shutil.copy(SAMPLE, copy)
    with Store(tmp_path / "db.duckdb") as store:
        first = store.import_paths([log, copy]).new_hands
        log.write_text("Session #other\nSeat 1: Ana (100)\nSeat 2: Bruno (100)\n"
                       "Hand #1 - button Ana\nAna: folds\nBruno wins 3\n", encoding="utf-8")
        store.import_paths([log])
        by_file = dict(store.connection.sql(
            "SELECT source, count(*) FROM hands GROUP BY ALL").fetchall())
        listed = store.connection.sql("SELECT count(*) FROM hand_sources").fetchall()
    assert by_file == {str(copy): first, str(log): 1}
    assert listed == [(first + 1,)]


def test_phh_hands_named_by_their_file_are_not_copies_of_each_other(tmp_path: Path) -> None:
    """A PHH hand that names no site has only its file's name: two files of that name
    in two folders hold two hands."""
    (tmp_path / "one").mkdir()
    (tmp_path / "two").mkdir()
    shutil.copy(PHH, tmp_path / "one" / PHH.name)
    text = PHH.read_text(encoding="utf-8")
    (tmp_path / "two" / PHH.name).write_text(text.replace("Bob", "Robert"), encoding="utf-8")
    with Store(tmp_path / "db.duckdb") as store:
        summary = store.import_paths([tmp_path / "one", tmp_path / "two"])
    assert summary.new_hands == 2 and summary.conflicts == []


def test_import_says_how_many_hands_were_new(tmp_path: Path, capsys) -> None:
    from badugi_hh import cli

    logs = copies_of_real_exports(tmp_path / "logs")
    db = str(tmp_path / "db.duckdb")
    assert cli.main(["import", str(logs / "a"), "--db", db]) == 0
    assert cli.main(["import", str(logs / "b"), "--db", db]) == 0
    assert "27 files read: 235 hands, 0 new, " in capsys.readouterr().out


def test_the_hands_a_dataset_shows_are_counted_without_its_views(tmp_path: Path) -> None:
    """The count an import takes before and after it (the new hands) is the hands view's,
    with copies, with a compaction gone stale (a log imported again after it), and for
    PHH hands named only by their file. Compacted, the copies give the nets of a single
    import. On the copies of COPIED_SITES' exports (the SNG is cut below): the copies of
    every site are counted in the database above."""
    from badugi_hh.dataset.reader import hands_shown
    from badugi_hh.dataset.snapshot import read_snapshot

    logs = copies_of_real_exports(tmp_path / "logs", sites=COPIED_SITES)
    root = tmp_path / "ds"

    def shown_by_the_view() -> int:
        return int(connect_dataset(root).sql("SELECT count(*) FROM hands").fetchall()[0][0])

    with Store(tmp_path / "single.duckdb") as store:
        store.import_paths([logs / "a"])
        single = store.connection.sql(NETS).fetchall()
    assert hands_shown(root) == 0
    import_to_dataset([str(logs / "a")], root, compact_after=1)   # compacted (as 26 logs are)
    assert hands_shown(root) == shown_by_the_view() == 143
    done = import_to_dataset([str(logs)], root, compact_after=1)
    # the 18 copies this import read (the first one, of 9 logs, compacted its own)
    assert done.compacted is not None and done.compacted.logs == 18
    assert hands_shown(root) == shown_by_the_view() == 143
    assert connect_dataset(root).sql(NETS).fetchall() == single
    appended = logs / "a" / "pokerstars" / "tour-badugi-fl-sng-201011.txt"
    appended.write_text(appended.read_text(encoding="utf-8-sig").split("\n\n\n")[0],
                        encoding="utf-8")   # the log cut to its first hand, imported again
    import_to_dataset([str(logs / "a")], root, compact_after=None)
    assert read_snapshot(root).stale   # the compaction holds the log's old rows: filtered
    assert hands_shown(root) == shown_by_the_view() == 143
    for folder in ("one", "two"):
        (tmp_path / folder).mkdir()
        shutil.copy(PHH, tmp_path / folder / PHH.name)
    import_to_dataset([str(tmp_path / "one"), str(tmp_path / "two")], root)
    assert hands_shown(root) == shown_by_the_view() == 145


ONGAME = REAL / "ongame" / "cash-5cd-fl-usd-1-2-201109-goalwin.txt"


def _ongame_copies(folder: Path) -> tuple[Path, Path]:
    """A copy of the OnGame export with an amount of its second hand not read, and one
    cut short in its fourth hand (its second hand read whole); named so that the
    damaged copy is read first."""
    folder.mkdir()
    lines = ONGAME.read_text(encoding="utf-8").splitlines(keepends=True)
    assert lines[44] == "Player8 bets $2\n"
    damaged, cut = folder / "a-amount.txt", folder / "b-cut.txt"
    damaged.write_text("".join([*lines[:44], "Player8 bets $two\n", *lines[45:]]),
                       encoding="utf-8")
    cut.write_text("".join(lines[:93]), encoding="utf-8")
    return damaged, cut


@pytest.mark.parametrize("one_import", [True, False])
def test_a_copy_read_whole_is_kept_over_one_with_a_line_not_read(
        tmp_path: Path, one_import: bool) -> None:
    """Whichever is read first: the copy with a line not read differs only by what that
    line lost, so it is no T5 of its own."""
    damaged, cut = _ongame_copies(tmp_path / "logs")
    with Store(tmp_path / "db.duckdb") as store:
        if one_import:
            summaries = [store.import_paths([tmp_path / "logs"])]
        else:
            summaries = [store.import_paths([damaged]), store.import_paths([cut])]
        con = store.connection
        kept = con.sql("SELECT source FROM hands WHERE hand_id = 'ongame#R5-174428515-249'"
                       ).fetchall()
        listed = con.sql("SELECT count(*) FROM hand_sources "
                         "WHERE hand_id = 'ongame#R5-174428515-249'").fetchall()
        hands = con.sql("SELECT count(*), count(DISTINCT hand_id) FROM hands").fetchall()
        t5 = con.sql("SELECT count(*) FROM violations WHERE rule = 'T5'").fetchall()
    assert kept == [(str(cut),)] and listed == [(2,)] and hands == [(10, 10)]
    assert t5 == [(0,)] and [s.conflicts for s in summaries] == [[]] * len(summaries)
    assert sum(s.new_hands for s in summaries) == 10


def test_the_import_counts_the_copies_not_shown_in_english(
        capsys: pytest.CaptureFixture[str]) -> None:
    from badugi_hh.commands.importer import tell_problems
    from badugi_hh.store import ImportSummary

    tell_problems(ImportSummary(conflicts=[f"hand {n} differs" for n in range(6)]), [])
    assert "[T5] and 1 more copy that differs from the hand stored" in capsys.readouterr().err
    tell_problems(ImportSummary(conflicts=[f"hand {n} differs" for n in range(7)]), [])
    assert "[T5] and 2 more copies that differ from the hand stored" in capsys.readouterr().err


def test_the_real_exports_written_as_phh_are_the_same_hands(tmp_path: Path) -> None:
    """Exported as PHH and imported beside their logs, every hand is a copy of itself, no
    T5: a PHH file posts the antes from the small blind where KingsClub posts them from
    its seat 1, and says nothing of a hand mucked that Full Tilt's summary shows."""
    db = tmp_path / "db.duckdb"
    with Store(db) as store:
        store.import_paths([REAL])
    # 2: three PokerStars hands PHH cannot write (their blinds), as the export says
    assert main(["export", "--format", "phh", "--out", str(tmp_path / "phh"),
                 "--db", str(db)]) == 2
    with Store(db) as store:
        summary = store.import_paths([tmp_path / "phh"])
        t5 = store.connection.sql("SELECT count(*) FROM violations WHERE rule = 'T5'").fetchall()
    assert summary.hands > 150 and summary.new_hands == 0
    assert summary.conflicts == [] and t5 == [(0,)]


def test_a_phh_file_pokerkit_wrote_again_holds_the_same_hands(tmp_path: Path) -> None:
    """PokerKit writes a hand's actions on one line: its draws are one line's, and the
    hash orders them by draw and player, not by line (ordered by line, then player, a
    PHH file rewritten by PokerKit was a T5 of its own log)."""
    pokerkit = pytest.importorskip("pokerkit")
    log = REAL / "pokerstars" / "cash-badugi-fl-0.25-0.50-201009.txt"
    db = tmp_path / "db.duckdb"
    with Store(db) as store:
        store.import_paths([log])
    # 2: two of its four hands PHH cannot write (a blind posted out of position)
    assert main(["export", "--format", "phh", "--out", str(tmp_path / "phh"),
                 "--db", str(db)]) == 2
    [written] = (tmp_path / "phh").rglob("*.phhs")
    histories = list(pokerkit.HandHistory.loads_all(written.read_text(encoding="utf-8")))
    rewritten = tmp_path / "rewritten.phhs"
    rewritten.write_text("\n".join(f"[{number}]\n{history.dumps()}"
                                   for number, history in enumerate(histories, 1)),
                         encoding="utf-8")
    assert "\nactions = [" in rewritten.read_text(encoding="utf-8")
    with Store(db) as store:
        summary = store.import_paths([rewritten])
    assert summary.hands == len(histories) > 0 and summary.new_hands == 0
    assert summary.conflicts == []


def test_a_rewritten_file_counts_as_new_only_the_violations_not_stored_before(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A line added to a log of broken hands replaces its rows: the violations found again
    (on lines the edit moved) are not new ones."""
    lines = (ROOT / "sample_logs" / "broken-S.txt").read_text(encoding="utf-8").splitlines(
        keepends=True)
    log, db = tmp_path / "log.txt", str(tmp_path / "db.duckdb")
    log.write_text("".join(lines), encoding="utf-8")
    assert main(["import", str(log), "--db", db]) == 0
    first = capsys.readouterr().out
    found = int(first.split(" new, ")[1].split(" sessions, ")[1].split(" new violation")[0])
    assert found > 0
    lines.insert(8, "# a line added in the middle\n")
    log.write_text("".join(lines), encoding="utf-8")
    assert main(["import", str(log), "--db", db]) == 0
    assert ", 0 new violations, " in capsys.readouterr().out
    with Store(Path(db), read_only=True) as store:
        assert store.connection.sql("SELECT count(*) FROM violations").fetchall() == [(found,)]
