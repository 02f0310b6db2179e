"""The PokerStars reader on the two real Badugi exports, and the audit of what it reads
(the 2-7 triple draw exports and every line shape: tests/test_pokerstars_shapes.py).

The files in tests/data/real/pokerstars/ are copied untouched from
shared/real_logs/; line numbers below are lines of those files.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from badugi_hh.cards import parse_cards
from badugi_hh.engine import HandReport, audit
from badugi_hh.events import (
    Award, Call, Deal, Draw, DrawnCards, Event, Hand, Muck, Note, ParseError, PostBlind,
    PotTotal, Raise, Record, Seat, SessionStart, StackStated,
)
from badugi_hh.parsers import read_records
from sitekit import PS_CASH, PS_SNG, REAL, tampered, violations

CASH, SNG = PS_CASH, PS_SNG


def records(path: Path) -> list[Record]:
    return list(read_records(str(path)))


def hands(path: Path) -> list[Hand]:
    return [r for r in records(path) if isinstance(r, Hand)]


def reports(path: Path) -> list[HandReport]:
    return [r for r in audit(read_records(str(path))) if isinstance(r, HandReport)]


def events_at(path: Path, line: int) -> list[Event]:
    """The events read from one line of a file."""
    return [e for hand in hands(path) for e in hand.events if e.line == line]


def report_at(path: Path, line: int) -> HandReport:
    """The report of the hand whose events include ``line``."""
    hand = next(h for h in hands(path) if any(e.line == line for e in h.events))
    return next(r for r in reports(path) if r.hand_id == hand.hand_id)


# -- every hand reads --------------------------------------------------------------------

@pytest.mark.parametrize(("path", "count"), [(CASH, 4), (SNG, 104)])
def test_every_hand_parses_into_one_session(path: Path, count: int) -> None:
    read = records(path)
    assert [r for r in read if isinstance(r, ParseError)] == []
    assert sum(isinstance(r, Hand) for r in read) == count
    assert sum(isinstance(r, SessionStart) for r in read) == 1
    assert len({h.hand_id for h in hands(path)}) == count


def test_cash_hands_count_cents_under_the_tables_stakes() -> None:
    hand = hands(CASH)[0]
    rules = hand.ruleset
    assert (hand.unit, hand.hand_id, hand.line) == (100, "ps-49164202872", 1)
    assert (rules.small_blind, rules.big_blind, rules.small_bet, rules.big_bet) == (10, 25, 25, 50)
    assert (rules.max_players, rules.rake, rules.burns_logged, rules.starting_stack) == (
        8, True, False, None)


def test_tournament_hands_count_chips_and_follow_the_blind_levels() -> None:
    first, last = hands(SNG)[0], hands(SNG)[-1]
    assert (first.unit, first.ruleset.small_blind, first.ruleset.big_bet) == (1, 10, 40)
    assert (last.ruleset.small_blind, last.ruleset.big_blind, last.ruleset.big_bet) == (
        150, 300, 600)
    assert not first.ruleset.rake


def test_seats_and_hidden_deals() -> None:
    events = hands(CASH)[0].events
    assert Seat(player="Lino19", seat=1, stack=680, line=3) in events
    deals = [e for e in events if isinstance(e, Deal)]
    assert len(deals) == 7
    assert Deal(player="Hero", cards=parse_cards("As 3h 8h 6s"), line=14) in deals
    assert all(d.cards == (None,) * 4 for d in deals if d.player != "Hero")


# -- specific lines ----------------------------------------------------------------------

def test_a_new_players_big_blind_is_live() -> None:
    # The manifest calls it a posted dead big blind; the log plays it live: kallexx1
    # checks on it, and his next stack ($5002.30) counts it as part of his bet.
    assert events_at(CASH, 118) == [PostBlind(player="kallexx1", amount=25, kind="big",
                                              line=118)]
    report = report_at(CASH, 118)
    assert report.big_blind == "buddyboy3399"
    assert report.violations == []
    assert report.players["kallexx1"].end_stack == 500230


def test_a_side_pot_award_with_rake() -> None:
    assert events_at(CASH, 59) == [Award(player="buddyboy3399", amount=255, pot="side 1",
                                         line=59)]
    assert events_at(CASH, 61) == [Award(player="buddyboy3399", amount=290, pot="main",
                                         line=61)]
    assert events_at(CASH, 64) == [PotTotal(total=570, rake=25, line=64)]
    report = report_at(CASH, 64)
    assert [(p.amount, p.eligible) for p in report.pots] == [
        (305, ("jodarin", "Scorpio2000", "buddyboy3399")), (265, ("Scorpio2000", "buddyboy3399"))]
    assert report.rake == 25


def test_all_ins() -> None:
    assert events_at(CASH, 36) == [Call(player="jodarin", amount=20, all_in=True, line=36)]
    assert events_at(SNG, 1239) == [Call(player="Player2", amount=40, all_in=True, line=1239)]
    assert events_at(SNG, 1274) == [PostBlind(player="Player3", amount=25, kind="small",
                                              all_in=True, line=1274)]


def test_a_capped_round_is_one_bet_and_three_raises() -> None:
    # "Betting is capped": the site's remark, kept as a note the engine ignores
    assert events_at(SNG, 1238) == [Note(kind="table", text="Betting is capped", line=1238)]
    assert events_at(SNG, 1237) == [Raise(player="Player7", to=200, by=50, line=1237)]
    report = report_at(SNG, 1237)
    second_round = [a.kind for a in report.actions if a.round == 2]
    assert second_round == ["bet", "raise", "raise", "raise", "call"]
    assert not [v for v in report.violations if v.rule == "B3"]


def test_heros_draw_shows_cards_and_the_others_only_counts() -> None:
    assert events_at(CASH, 24) == [Draw(player="Lino19", discarded=(None,), line=24)]
    assert events_at(CASH, 25) == [Draw(player="Hero", discarded=parse_cards("8h 6s"), line=25)]
    assert events_at(CASH, 26) == [DrawnCards(player="Hero", cards=parse_cards("5h Ks"),
                                              kept=parse_cards("As 3h"), line=26)]
    draw = next(d for d in report_at(CASH, 25).draws if d.player == "Hero")
    assert draw.hand_after == parse_cards("As 3h 5h Ks")


def test_a_mucked_hand_told_in_the_summary() -> None:
    assert events_at(CASH, 67) == [Muck(player="jodarin", cards=parse_cards("Ad Td Qc 2s"),
                                        line=67)]


def test_an_elimination_states_an_empty_stack() -> None:
    assert events_at(SNG, 1251) == [
        StackStated(player="Player2", amount=0, line=1251),
        Note(kind="tournament", text="Player2 finished the tournament in 8th place", line=1251)]
    report = report_at(SNG, 1251)
    assert report.players["Player2"].end_stack == 0
    following = hands(SNG)[[h.hand_id for h in hands(SNG)].index(report.hand_id) + 1]
    assert "Player2" not in {e.player for e in following.events if isinstance(e, Seat)}


# -- the audit ---------------------------------------------------------------------------

def test_the_cash_log_is_clean() -> None:
    assert violations(CASH) == []


def test_the_tournament_log_is_clean_and_says_which_hand_is_missing() -> None:
    # 1211-1213: a hand is missing between #52589246185 (button seat 5) and
    # #52589367975 (button seat 7): Player0, Player4 and Player2 changed stacks
    # without a hand (-100, +700, -600), as one hand moves a tournament's chips: a
    # note, not G3. 1283: Player3, all-in on his small blind and sitting out, is folded
    # by the site, as PokerStars plays a tournament (docs/rules.md, "Site practice").
    assert violations(SNG) == []
    [report] = [r for r in reports(SNG) if r.hand_id == "ps-52589367975"]
    assert report.notes == ["a hand is missing between PokerStars hand 52589246185 and "
                            "52589367975: the stacks moved as one unseen hand moves them "
                            "(Player0 -100, Player4 +700, Player2 -600)"]


def test_stacks_a_missing_hand_cannot_explain_stay_g3(tmp_path: Path) -> None:
    # Player4 given 100 more than the missing hand moved: chips made, not moved (and the
    # next hand, at 1273, states the 1990 he really had).
    copy = tampered(tmp_path, 1212, "(1990 in chips)", "(2090 in chips)", SNG)
    assert violations(copy) == [("G3", 1211), ("G3", 1212), ("G3", 1213), ("G3", 1273)]


def test_an_all_in_fold_is_the_sites_only_for_a_player_sitting_out(tmp_path: Path) -> None:
    copy = tampered(tmp_path, 1268, " is sitting out", "", SNG)
    assert violations(copy) == [("S3", 1283)]


@pytest.mark.parametrize("path", [CASH, SNG])
def test_stacks_carry_from_hand_to_hand(path: Path) -> None:
    """The manifest's check, made from the log's seat lines and the engine's nets."""
    broken = []
    previous: HandReport | None = None
    for hand, report in zip(hands(path), reports(path), strict=True):
        for seat in (e for e in hand.events if isinstance(e, Seat)):
            before = previous.players.get(seat.player) if previous else None
            if before is not None and seat.stack != before.start_stack + before.net:
                broken.append((hand.hand_id, seat.player))
        previous = report
    missing_hand = "ps-52589367975"
    expected = [(missing_hand, p) for p in ("Player0", "Player4", "Player2")] if path == SNG else []
    assert broken == expected


def test_collected_plus_rake_is_the_pot_and_descriptions_match() -> None:
    for path in (CASH, SNG):
        for report in reports(path):
            assert sum(p.won for p in report.players.values()) + report.rake == sum(
                p.amount for p in report.pots)
    shown = [p for r in reports(CASH) for p in r.players.values() if p.value is not None]
    assert {p.value.description for p in shown} >= {"badugi 8-4-3-A", "3-card 6-5-4"}


# -- the store -------------------------------------------------------------------------

def test_import_stores_every_hand_and_players_who_left(tmp_path: Path) -> None:
    from badugi_hh.store import Store

    with Store(tmp_path / "ps.duckdb") as store:
        summary = store.import_paths([REAL / "pokerstars"])
        rows = store.connection.sql
        # 108 Badugi hands and 18 of 2-7 triple draw; the cancelled one is counted as skipped
        assert (summary.new_hands, summary.quarantined, summary.skipped) == (126, 0, 1)
        assert rows("SELECT unit, count(*), sum(rake) FROM hands GROUP BY unit ORDER BY unit"
                    ).fetchall() == [(1, 104, 0), (100, 22, 202)]   # the 2-7 rakes: $1.27
        assert rows("SELECT count(*) FROM violations").fetchall() == [(0,)]
        # Player2 was knocked out of the SNG and Kula91 left the cash table: their
        # final stacks are those they left with, not the ones they came with.
        assert rows("SELECT player, start_stack, final_stack FROM session_players "
                    "WHERE player IN ('Player2', 'Kula91', 'Player6') "
                    # the file's name, not its path: a checkout may lie under 'badugi-hh/'
                    "AND parse_filename(source) LIKE '%badugi%' ORDER BY player"
                    ).fetchall() == [("Kula91", 380, 380), ("Player2", 1500, 0),
                                     ("Player6", 1500, 7310)]


def test_a_returning_players_dead_small_blind() -> None:
    # Not in the two real logs: PokerStars' wording for a small blind posted dead
    # with the big blind; the engine counts the part over the big blind as dead.
    from badugi_hh.parsers.pokerstars import parse_line

    [make] = parse_line(": posts small & big blinds $0.35", "after_name")
    assert make(line=9, player="Ana") == PostBlind(player="Ana", amount=35, kind="small+big",
                                                   line=9)


@pytest.mark.parametrize(("line", "old", "new", "column", "message"), [
    (28, "discards 1 card", "discardz 1 card", 14,
     "expected an action like 'Player3: calls 20' (posts, checks, folds, bets, calls, raises, "
     "discards, stands pat, shows, mucks), got 'discardz'"),
    (14, "6s]", "6x]", 25, "expected a card such as As or Td, got '6x'"),
])
def test_a_corrupted_line_costs_itself_only(tmp_path: Path, line: int, old: str, new: str,
                                            column: int, message: str) -> None:
    copy = tampered(tmp_path, line, old, new, CASH)
    read = records(copy)
    [error] = [r for r in read if isinstance(r, ParseError)]
    assert (error.line, error.column, error.message, error.hand_lost) == (
        line, column, f"PokerStars hand 49164202872: {message}", False)
    assert [(h.hand_id, h.damaged) for h in read if isinstance(h, Hand)][0] == (
        "ps-49164202872", (line,))
    assert sum(isinstance(r, Hand) for r in read) == 4
