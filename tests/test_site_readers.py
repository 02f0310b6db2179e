"""What every site reader (PokerStars, Full Tilt, KingsClub) does with a corrupted copy
of a real export, and which reader claims which log.

A line that cannot be read costs its hand only: the error names file, line, column
and the hand, and the next hand is read.
"""

from __future__ import annotations

import dataclasses
import io
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from badugi_hh.events import Hand, ParseError, Record
from badugi_hh.parsers import (
    dialect_of, fulltilt, kingsclub, merge, ongame, pokerstars, read_records, winamax,
)
from badugi_hh.parsers.text import open_log
from badugi_hh.store import Store
from sitekit import (
    FULLTILT, KINGSCLUB, PS_CASH, PS_SNG, REAL, tampered, the_hand, violations,
)

MERGE = REAL / "merge" / "cash-27td-fl-1-2-201104-showdown.xml.txt"
PS_27TD = REAL / "pokerstars" / "cash-27td-fl-0.10-0.20-200911.txt"
WINAMAX = REAL / "winamax" / "cash-27td-fl-0.50-1-201610.txt"
ONGAME = REAL / "ongame" / "cash-5cd-fl-usd-1-2-201109-goalwin.txt"
PS_HANDS = ["ps-49164202872", "ps-49164247462", "ps-49164255772", "ps-49164287914"]


def with_a_next_hand(copy: Path, source: Path) -> list[str]:
    """Add to ``copy`` of a one-hand export the hand of ``source`` numbered one more.

    The ids of the two hands.
    """
    first = the_hand(source).hand_id
    number = re.search(r"\d+$", first).group()
    following = source.read_text(encoding="utf-8").replace(number, str(int(number) + 1), 1)
    copy.write_text(f"{copy.read_text(encoding='utf-8')}\n\n{following}", encoding="utf-8")
    return [first, first.removesuffix(number) + str(int(number) + 1)]


@pytest.mark.parametrize(("source", "line", "old", "new", "where", "message"), [
    # (A PokerStars line that cannot be read costs itself only: tests/test_pokerstars.py.)
    (PS_CASH, 94, "Scorpio2000 collected $0.20 from pot", "", (102, 1),
     "PokerStars hand 49164247462: the hand ends without a line such as "
     "'Ana collected $0.20 from pot'"),
    # Full Tilt's other lines cost themselves only (tests/test_fulltilt.py); its header, the hand
    (FULLTILT, 1, "$0.10/$0.20", "$0.10/$0.205", (1, 94),
     "Full Tilt hand 32617272179: expected ' - ' or 'Ante', got '5'"),
    (KINGSCLUB, 43, "Player1 wins pot (568.25)", "", (42, 1),
     "KingsClub hand 37732805: the hand ends without a line such as 'Hero wins pot (568.25)'"),
    (KINGSCLUB, 2, "2020-10-30 19:53:19", "2020-10-30", (2, 11),
     "KingsClub hand 37732805: expected a time such as 19:53:19, but the line ends there"),
])
def test_a_corrupted_line_costs_its_hand_only(tmp_path: Path, source: Path, line: int,
                                              old: str, new: str, where: tuple[int, int],
                                              message: str) -> None:
    copy = tampered(tmp_path, line, old, new, source)
    hands = PS_HANDS if source == PS_CASH else with_a_next_hand(copy, source)
    read = list(read_records(copy))
    errors = [r for r in read if isinstance(r, ParseError)]
    assert [(e.source, e.line, e.column, e.message) for e in errors] == [
        (str(copy), *where, message)]
    broken = message.split(":")[0].rpartition(" hand ")[2]
    assert f"#{broken}" in errors[0].text.splitlines()[0]   # the hand's lines, from its first
    assert [r.hand_id for r in read if isinstance(r, Hand)] == [
        hand for hand in hands if not hand.endswith(broken)]


KC_ACTIONS = ("':' or an action like 'Hero calls 90' (posts, checks, folds, bets, calls, "
              "raises, draws, discards, stands pat, shows, sits out)")


@pytest.mark.parametrize(("source", "line", "old", "new", "where", "message"), [
    (KINGSCLUB, 21, "Player1 checks", "Player1 chekcs", (21, 9),
     f"KingsClub hand 37732805: expected {KC_ACTIONS}, got 'chekcs'"),
    (KINGSCLUB, 12, "[8d 7s 8h 9d]", "[8d 7s 8h 9z]", (12, 26),
     "KingsClub hand 37732805: expected a card such as As or Td or X for a hidden card, got '9z'"),
    (KINGSCLUB, 41, "Seat 5: Hero (570) -30", "Seat 5: Hero (570) 30", (41, 20),
     "KingsClub hand 37732805: expected a result such as +298.25 or -270, got '30'"),
])
def test_a_corrupted_play_line_costs_that_line_only(tmp_path: Path, source: Path, line: int,
                                                    old: str, new: str,
                                                    where: tuple[int, int],
                                                    message: str) -> None:
    copy = tampered(tmp_path, line, old, new, source)
    hands = with_a_next_hand(copy, source)
    read = list(read_records(copy))
    errors = [r for r in read if isinstance(r, ParseError)]
    assert [(e.source, e.line, e.column, e.message, e.hand_lost) for e in errors] == [
        (str(copy), *where, message, False)]
    assert errors[0].text == tampered_line(copy, line)
    kept = [r for r in read if isinstance(r, Hand)]
    assert [r.hand_id for r in kept] == hands
    assert [r.damaged for r in kept] == [(line,), ()]


def tampered_line(copy: Path, line: int) -> str:
    return copy.read_text(encoding="utf-8").splitlines()[line - 1]


def joined(tmp_path: Path, line: int, source: Path) -> Path:
    """A copy of ``source`` with ``line`` and the line after it made one (a line end lost)."""
    lines = source.read_bytes().split(b"\n")
    lines[line - 1:line + 1] = [lines[line - 1].rstrip(b"\r") + lines[line]]
    copy = tmp_path / source.name
    copy.write_bytes(b"\n".join(lines))
    return copy


@pytest.mark.parametrize(("source", "line", "column", "message"), [
    # '*** FIRST DRAW ***Lino19: discards 1 card': no player named '*** FIRST DRAW ***Lino19'
    # acts without a seat (G1, then D1 for the draws after it); the line cannot be read
    (PS_CASH, 23, 19, "PokerStars hand 49164202872: expected the end of the line, got "
                      "'Lino19:'"),
    (PS_SNG, 25, 19, "PokerStars hand 52588201462: expected the end of the line, got "
                     "'Player3:'"),
    (FULLTILT, 24, 49, "Full Tilt hand 32617272179: expected the end of the line, got 'Hero'"),
    (KINGSCLUB, 17, 17, "KingsClub hand 37732805: expected the end of the line, got 'Player1'"),
    (WINAMAX, 24, 19, "Winamax hand 9160772-2-1476189756: expected the end of the line, got "
                      "'Player0'"),
    # '---Dealing pocket cards' was a marker with words, the deal lost (then D1s)
    (ONGAME, 12, 1, "OnGame hand R5-174428515-248: expected '---' alone, '*****', 'Dealing', "
                    "'Main', 'New', 'Rake', 'Side' or 'Summary:', got '---Dealing'"),
])
def test_a_street_marker_joined_to_the_next_line_is_one_unreadable_line(
        tmp_path: Path, source: Path, line: int, column: int, message: str) -> None:
    copy = joined(tmp_path, line, source)
    read = list(read_records(copy))
    errors = [r for r in read if isinstance(r, ParseError)]
    assert [(e.line, e.column, e.message, e.hand_lost) for e in errors] == [
        (line, column, message, False)]
    assert [h.damaged for h in read if isinstance(h, Hand) and h.damaged] == [(line,)]
    assert violations(copy) == []   # judged up to the line: no G1 for a 'name', no D1 after


@pytest.mark.parametrize(("source", "line", "old", "new", "found"), [
    # collected + rake != pot; the summary's 'won ($5.45)' and the next hand's seat line
    # agree with the pot: the one wrong figure is reported, and the hand pays the pot
    (PS_CASH, 59, "$2.55", "$2.65", [("S1", 59)]),
    (PS_CASH, 69, "won ($5.45)", "won ($9.45)", [("S1", 69)]),   # the summary alone
    (PS_CASH, 64, "Total pot $5.70", "Total pot $5.80", [("S1", 64)]),
    # a stack that does not carry: more is a cash top-up (T6), until it shows less next hand;
    # less is never allowed
    (PS_CASH, 77, "$5.55 in chips", "$5.65 in chips", [("G3", 108)]),
    (PS_CASH, 77, "$5.55 in chips", "$5.45 in chips", [("G3", 77)]),
    (PS_CASH, 58, "(Badugi: 8,4,3,A)", "(Badugi: 8,4,2,A)", [("E2", 58)]),
    # the pot is paid wrong, and the summary (rightly) says otherwise: the hand pays the pot
    (FULLTILT, 50, "Hero wins the pot ($0.81)", "Hero wins the pot ($0.83)", [("S1", 50)]),
    (FULLTILT, 59, "and won ($0.81)", "and won ($9.45)", [("S1", 59)]),   # the summary alone
    # what a summary's seat line says a player showed, and its words, judged as a shows
    # line's: the cards against his (D2), the words as a description (E, X2)
    (PS_27TD, 51, "[7c 6d 9c 4s 2c]", "[7c 6d 9c 4s Kc]", [("D2", 51)]),
    (PS_27TD, 51, "with Lo: 9,7,6,4,2", "with Lo: 9,7,6,5,2", [("X2", 51)]),
    (PS_27TD, 52, "with Lo: 8,7,5,4,3", "with Lo: 9,7,6,4,2", [("X2", 52)]),
    (PS_27TD, 43, "(Lo: 9,7,6,4,2)", "(Lo: 9,7,6,4,4)", [("X2", 43)]),   # a rank repeated
    (FULLTILT, 59, "[5c 4s 2h Js]", "[5c 4s 2h Jc]", [("D2", 59)]),
    (FULLTILT, 59, "with a 3-Card: 5, 4, 2", "with a 3-Card: 6, 4, 2", [("E2", 59)]),
    (FULLTILT, 55, "[7d 2c Ah Jd]", "[7d 2c Ah Jc]", [("D2", 55)]),
    (FULLTILT, 55, "with a 3-Card: 7, 2, A", "with a 3-Card: 7, 3, A", [("E2", 55)]),
    (FULLTILT, 50, "with a 3-Card: 5, 4, 2", "with a 3-Card: 6, 4, 2", [("E2", 50)]),  # award
    (KINGSCLUB, 40, "(928.25) +298.25", "(928.25) +298.00", [("S1", 40)]),   # the stated net
    (KINGSCLUB, 39, "(1,015) -270", "(1,016) -270", [("G3", 39)]),          # the stated stack
    # a call short of the raise is played as the call: the pot, stacks and nets agree;
    # the return the reader works out from the log's figure (KingsClub's are silent) does not
    (KINGSCLUB, 16, "Player0 calls 90", "Player0 calls 80",
     [("B7", 16), ("S3", 38), ("S3", 43)]),
    (KINGSCLUB, 42, "Rake 1.75", "Rake 2.75", [("S1", 43)]),  # paid + rake is not the pot
])
def test_a_wrong_figure_in_a_copy_is_reported(tmp_path: Path, source: Path, line: int,
                                              old: str, new: str,
                                              found: list[tuple[str, int]]) -> None:
    assert violations(tampered(tmp_path, line, old, new, source)) == found


@pytest.mark.parametrize(("source", "hand", "players"), [
    (FULLTILT,
     ("fulltilt#32617272179", "fulltilt:Clackers (New to the Game):20130508-101816", 100, 85, 4,
      "showdown", 0),
     [("Player0", 1, 92, 92, 0, 0, 0), ("Player1", 2, 215, 215, 0, 0, 0),
      ("Player2", 3, 580, 540, 40, 0, -40), ("Player3", 4, 385, 385, 0, 0, 0),
      ("Player4", 5, 980, 975, 5, 0, -5), ("Hero", 7, 500, 541, 40, 81, 41),
      ("Player6", 8, 24, 24, 0, 0, 0)]),
    (KINGSCLUB,
     ("kingsclub#37732805", "kingsclub:Bronx  BT:20201030-195319", 100, 57000, 175, "showdown",
      0),
     [("Player0", 1, 128500, 101500, 27000, 0, -27000),
      ("Player1", 2, 63000, 92825, 27000, 56825, 29825),
      ("Hero", 5, 60000, 57000, 3000, 0, -3000)]),
])
def test_import_stores_the_hand_in_cents(tmp_path: Path, source: Path, hand: tuple,
                                         players: list[tuple]) -> None:
    with Store(tmp_path / "db.duckdb") as store:
        store.import_paths([source])
        sql = store.connection.sql
        assert sql("SELECT hand_id, session_id, unit, pot, rake, ended, violations FROM hands"
                   ).fetchall() == [hand]
        assert sql("SELECT player, seat, start_stack, end_stack, contributed, won, net "
                   "FROM hand_players ORDER BY seat").fetchall() == players


def first_line(path: Path) -> str:
    return path.read_text(encoding="utf-8-sig").splitlines()[0]


@pytest.mark.parametrize(("line", "dialect"), [
    (first_line(PS_CASH), "pokerstars"),
    (first_line(PS_SNG), "pokerstars"),
    (first_line(FULLTILT), "fulltilt"),
    (first_line(KINGSCLUB), "kingsclub"),
    (first_line(MERGE), "merge"),
    (first_line(WINAMAX), "winamax"),
    (first_line(ONGAME), "ongame"),
    ('Session #fri-1127 "Friday home game" 2026-11-27 20:00', "house"),
    ("# a house log's comment", "house"),
])
def test_each_reader_claims_only_its_own_logs(line: str, dialect: str) -> None:
    assert dialect_of(line).name == dialect
    for site in (pokerstars, fulltilt, kingsclub, merge, winamax, ongame):
        assert site.sniff(line) is (site.__name__.rsplit(".", 1)[1] == dialect)


@pytest.mark.parametrize(("read", "source", "message"), [
    (pokerstars.read_pokerstars, PS_CASH,
     "expected a hand starting 'PokerStars Game #' or 'PokerStars Hand #'"),
    (fulltilt.read_fulltilt, FULLTILT, "expected a hand starting 'Full Tilt Poker Game #'"),
    (kingsclub.read_kingsclub, KINGSCLUB,
     "expected a hand's first line, such as '#37732805: Limit Badugi - 30/60'"),
    (ongame.read_ongame, ONGAME,
     "expected a hand's first line, such as '***** History for hand R5-174428515-248 *****'"),
    (winamax.read_winamax, WINAMAX,
     "expected a hand's first line, such as 'Winamax Poker - CashGame - HandId: "
     "#9160772-2-1476189756 - Lowball27 fixed limit (0.50€/1€) - ...'"),
])
def test_text_before_the_first_hand_is_one_error_reported_first(
        read: Callable[..., Iterator[Record]], source: Path, message: str) -> None:
    text = "\nnot a hand\nnor this\n\n" + source.read_text(encoding="utf-8-sig")
    first, *rest = read(text, name="odd.txt")
    assert isinstance(first, ParseError) and first.text == "\nnot a hand\nnor this"
    assert str(first) == f"odd.txt:2:1: {message}"
    assert not any(isinstance(r, ParseError) for r in rest)
    assert [r.hand_id for r in rest if isinstance(r, Hand)] == [
        r.hand_id for r in read_records(source) if isinstance(r, Hand)]


@pytest.mark.parametrize("read", [
    pokerstars.read_pokerstars, fulltilt.read_fulltilt, kingsclub.read_kingsclub,
    merge.read_merge, winamax.read_winamax, ongame.read_ongame])
def test_an_empty_file_is_an_error(read: Callable[..., Iterator[Record]]) -> None:
    assert [str(r) for r in read(b"", name="empty.txt")] == ["empty.txt:1:1: empty file"]


@pytest.mark.parametrize("text", [b"", b"\n\n"])
def test_validate_says_a_file_without_hands_holds_none_and_loses_none(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], text: bytes) -> None:
    from badugi_hh.cli import main

    log = tmp_path / "empty.txt"
    log.write_bytes(text)
    main(["validate", str(log)])
    *errors, verdict = capsys.readouterr().out.splitlines()
    assert [error.split(": [PARSE]")[0] for error in errors] == [f"{log}:1:1"]
    assert verdict == f"{log}: holds no hand"


def test_a_trackers_archive_numbering_each_hand_reads_like_the_export(tmp_path: Path) -> None:
    """Hold'em Manager's archives put '*** # 1 ***' before each hand (fpdb's FTP samples)."""
    archive = tmp_path / "archive.txt"
    text = FULLTILT.read_text(encoding="utf-8")
    archive.write_text("\ufeff******************** # 1 *************************\r\n\r\n"
                       + text, encoding="utf-8")
    read = list(read_records(archive))
    assert [type(r).__name__ for r in read] == ["SessionStart", "Hand"]
    assert read[1].events == [dataclasses.replace(e, line=e.line + 2)
                              for e in the_hand(FULLTILT).events]


def test_the_error_and_the_note_after_it_name_the_hand_alike(tmp_path: Path) -> None:
    """By its site and the number the site printed, never by the id the store keeps."""
    from badugi_hh.engine import HandReport, audit

    copy = tampered(tmp_path, 41, "Player4 checks", "Player4 chekcs", ONGAME)
    records = list(audit(read_records(copy)))
    [error] = [r for r in records if isinstance(r, ParseError)]
    assert error.message.startswith("OnGame hand R5-174428515-249: ")
    [after] = [r for r in records if isinstance(r, HandReport)
               and r.hand_id == "ongame#R5-174428515-250"]   # the stored id is unchanged
    assert after.notes == ["stacks not checked against the hand before: OnGame hand "
                           "R5-174428515-249 has a line that could not be read (line 41)"]


# -- a copy's line ends: two lines joined, blank lines between every line ------------------

BOSSMEDIA = REAL / "bossmedia" / "cash-5cd-fl-eur-2-4-201109.xml"
#: Real exports of several hands of each site whose reader cuts a log at its hands'
#: headers; KingsClub's exports hold one hand each, Winamax's one: joined one after the
#: other (as ``cat`` joins them).
SEVERAL_HANDS = {
    "pokerstars": [REAL / "pokerstars" / "cash-27td-fl-0.10-0.20-200911.txt"],
    "pokerstars-sng": [PS_SNG],
    "fulltilt": [REAL / "fulltilt" / "tour-27td-fl-headsup-sng-201211.txt"],
    "kingsclub": sorted((REAL / "kingsclub").glob("*.txt")),
    "winamax": [WINAMAX, WINAMAX],
    "ongame": [ONGAME],
}
STARTS_HAND = {"pokerstars": pokerstars.READER.is_hand_start,
               "pokerstars-sng": pokerstars.READER.is_hand_start,
               "fulltilt": fulltilt.READER.is_hand_start,
               "kingsclub": kingsclub.READER.is_hand_start,
               "winamax": winamax.READER.is_hand_start, "ongame": ongame.READER.is_hand_start}


def export_lines(sources: list[Path]) -> list[str]:
    """The lines of ``sources`` (whatever their encoding), one after the other."""
    lines: list[str] = []
    for source in sources:
        with open_log(source) as log:
            lines += [*log, ""]
    return lines


def read_lines(lines: list[str], end: str = "\n") -> list[Record]:
    return list(read_records(io.BytesIO("".join(text + end for text in lines).encode())))


def what_was_read(records: list[Record], line: Callable[[int], int] = lambda line: line,
                  ) -> list[tuple[object, ...]]:
    """Each hand and error read, with the line of each (``line`` of the line read)."""
    return [(record.hand_id, line(record.line), record.damaged,
             [dataclasses.replace(event, line=line(event.line)) for event in record.events])
            if isinstance(record, Hand) else (str(record),) for record in records
            if isinstance(record, (Hand, ParseError))]


@pytest.mark.parametrize("where", ["second", "last"])
@pytest.mark.parametrize("site", SEVERAL_HANDS)
def test_a_header_joined_to_the_line_before_starts_its_hand_there(site: str,
                                                                 where: str) -> None:
    """A line end lost before a hand's header (the blank lines between hands gone too):
    the hand starts where its header does, the text before it is the last line of the
    hand before, and both hands read as they read apart; one error says where."""
    lines = export_lines(SEVERAL_HANDS[site])
    headers = [at for at, text in enumerate(lines) if STARTS_HAND[site](text)]
    header = headers[1] if where == "second" else headers[-1]
    before = max(at for at in range(header) if lines[at].strip())
    joined = [*lines[:before], lines[before] + lines[header], *lines[header + 1:]]
    gone = header - before   # the lines joined: those after it come so many lines sooner

    read = read_lines(joined)
    [error] = [record for record in read if isinstance(record, ParseError)]
    assert (error.line, error.column, error.hand_lost) == (before + 1, len(lines[before]) + 1,
                                                           False)
    assert "a hand's first line starts here, after the text of another line" in error.message
    assert what_was_read([record for record in read if record is not error]) == what_was_read(
        read_lines(lines), lambda line: line if line <= before + 1 else line - gone)


#: Text inside a line that starts as a hand's header does but is none: what players say
#: at the table (each site's chat line, from its real export), a player's name.
NO_HEADER = [
    ("pokerstars", 'rumble1111 said, "other fckers"', 'rumble1111 said, "PokerStars #1 site lol"'),
    ("pokerstars", 'rumble1111 said, "other fckers"',
     'rumble1111 said, "see PokerStars Hand #35839050562: that was me"'),
    ("pokerstars-sng", 'Player4 said, "lol"', 'Player4 said, "PokerStars Game #52588201462: '
     'Tournament #330855877, $2.00+$0.20 USD Badugi Limit - Level I (10/20)"'),
    ("kingsclub", "Player1", "Ace#7"),
]


@pytest.mark.parametrize("site, text, instead", NO_HEADER)
def test_a_headers_first_words_inside_a_line_start_no_hand(site: str, text: str,
                                                          instead: str) -> None:
    """A joined header is taken only whole (its number, and its date or stakes after it):
    a chat line quoting one in part, or a name holding ``#7: ``, is the hand's line."""
    lines = export_lines(SEVERAL_HANDS[site])
    changed = [line.replace(text, instead) for line in lines]
    assert changed != lines
    read = read_lines(changed)
    assert not [record for record in read if isinstance(record, ParseError)]
    assert [record.hand_id for record in read if isinstance(record, Hand)] == [
        record.hand_id for record in read_lines(lines) if isinstance(record, Hand)]


#: What a player says quoting a whole header, by site: his words' lead (PokerStars' and
#: Full Tilt's chat; KingsClub writes none: the line is one it cannot read).
QUOTED = {"pokerstars": 'Hero said, "{}"', "pokerstars-sng": 'Hero said, "{}"',
          "fulltilt": "Hero: {}", "kingsclub": "Hero: {}"}


@pytest.mark.parametrize("site", QUOTED)
def test_a_whole_header_a_player_says_starts_no_hand(site: str) -> None:
    """A header quoted whole in what a player says, before a hand's first draw, is his
    words: the hand is read as without them (a line a site does not read costs itself)."""
    lines = export_lines(SEVERAL_HANDS[site])
    draw = next(at for at, text in enumerate(lines) if "DRAW" in text and "***" in text)
    header = next(text for text in lines if STARTS_HAND[site](text))
    said = [*lines[:draw], QUOTED[site].format(header), *lines[draw:]]
    read = read_lines(said)
    assert not [record for record in read if isinstance(record, ParseError)
                and "first line starts here" in record.message]
    assert [record.hand_id for record in read if isinstance(record, Hand)] == [
        record.hand_id for record in read_lines(lines) if isinstance(record, Hand)]


def test_a_header_joined_to_a_full_tilt_street_line_starts_its_hand_there() -> None:
    """A hand cut off after a street line that holds a colon (``(Total Pot: 180, 2
    Players)``, which no player says), the next hand's header joined to it: that hand and
    every other is read, the one cut off is lost as a hand without its end is."""
    lines = export_lines(SEVERAL_HANDS["fulltilt"])
    headers = [at for at, text in enumerate(lines) if STARTS_HAND["fulltilt"](text)]
    street, header = next((at, after) for before, after in zip(headers, headers[1:])
                          for at in range(before, after) if "(Total Pot: " in lines[at])
    joined = [*lines[:street], lines[street] + lines[header], *lines[header + 1:]]
    read = read_lines(joined)
    assert [record.line for record in read if isinstance(record, ParseError)
            and "first line starts here" in record.message] == [street + 1]
    whole = [record.hand_id for record in read_lines(lines) if isinstance(record, Hand)]
    cut = whole[headers.index(header) - 1]
    assert [record.hand_id for record in read if isinstance(record, Hand)] == [
        hand for hand in whole if hand != cut]


#: A real export of each site, and of Merge and Boss Media, whose readers do not cut at
#: a header.
EACH_SITE = {**{site: sources[0] for site, sources in SEVERAL_HANDS.items()},
             "kingsclub": KINGSCLUB, "merge": MERGE, "bossmedia": BOSSMEDIA}


@pytest.mark.parametrize("end", ["\n\n", "\r\r\n", "\n \t\n"],
                         ids=["double-spaced", "CR-CR-LF", "blanks"])
@pytest.mark.parametrize("site", EACH_SITE)
def test_a_blank_line_after_every_line_costs_nothing(site: str, end: str) -> None:
    """A copy with a blank line after every line (CR CR LF: a CRLF file's line ends made
    CRLF again; or a line of blanks) reads as the export, each line at its own line in
    the copy."""
    lines = export_lines([EACH_SITE[site]])
    spaced = read_lines(lines, end)
    assert not [record for record in spaced if isinstance(record, ParseError)]
    assert what_was_read(spaced) == what_was_read(read_lines(lines), lambda line: 2 * line - 1)
    assert sum(isinstance(record, Hand) for record in spaced) >= 1
