"""The OnGame reader on the real export in tests/data/real/ongame/ and on hands written
here, from the wording of OnGame's exports (docs/format.md, "OnGame exports"), for the
shapes the real file lacks: no limit and pot limit, all-ins, side pots, split pots, a dead
blind, other games, other zones and currencies."""

from __future__ import annotations

import io
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from badugi_hh.cards import parse_cards as c
from badugi_hh.engine import HandReport, audit
from badugi_hh.events import (
    Award, Button, Call, Check, Deal, Draw, Fold, Hand, NetStated, ParseError, PostBlind, PotTotal,
    Raise, Seat, SessionStart, Show, SkippedHand, StackStated, Street, UncalledReturned,
)
from badugi_hh.ledger import hand_ledger
from badugi_hh.parsers import dialect_of, read_records
from badugi_hh.parsers.hand_ends import complete_end
from badugi_hh.parsers.ongame import parse_line, read_ongame
from badugi_hh.store import Store
from sitekit import REAL, at, tampered, violations

GOALWIN = REAL / "ongame" / "cash-5cd-fl-usd-1-2-201109-goalwin.txt"
HIDDEN = (None,) * 5


def hands(records: object) -> list[Hand]:
    return [record for record in records if isinstance(record, Hand)]  # type: ignore[attr-defined]


def stated_nets(hand: Hand) -> dict[str, int]:
    return {event.player: event.amount for event in hand.events if type(event) is NetStated}


def ledger_nets(hand: Hand) -> dict[str, int]:
    return {name: figures.net for name, figures in hand_ledger(hand).items() if figures.net}


# -- the real export ---------------------------------------------------------------------

def test_the_real_export_is_one_session_of_ten_hands_read_and_audited_clean() -> None:
    records = list(read_records(GOALWIN))
    assert [r for r in records if isinstance(r, ParseError)] == []
    session, *played = records
    assert isinstance(session, SessionStart) and session.title == "Irbid"
    assert [hand.hand_id for hand in played] == [  # type: ignore[union-attr]
        f"ongame#R5-174428515-{number}" for number in range(248, 258)]
    first = hands(records)[0]
    rules = first.ruleset
    assert (rules.game, rules.structure, rules.small_blind, rules.big_blind, rules.small_bet,
            rules.big_bet, rules.hand_size, rules.draws, rules.rake) == (
        "5cd", "fixed", 50, 100, 100, 200, 5, 1, True)
    assert (first.site, first.currency, first.unit, first.table, first.hero, first.number) == (
        "ongame", "USD", 100, "Irbid", "Hero", 248)
    # EEST is UTC+3: the moment is stored in UTC, the time as the log states it
    assert first.started_at == datetime(2011, 9, 11, 12, 26, 27, tzinfo=UTC)
    assert violations(GOALWIN) == []


def test_each_players_net_is_the_logs_and_the_rake_is_taken_from_the_winner() -> None:
    played = hands(read_records(GOALWIN))
    for hand in played:
        assert ledger_nets(hand) == stated_nets(hand), hand.hand_id
    ledger = hand_ledger(played[1])   # Player8's $2 bet, uncalled, and $0.10 rake
    assert {name: (p.put_in, p.collected, p.net, p.rake) for name, p in ledger.items()} == {
        "Hero": (50, 0, -50, 0), "Player4": (100, 0, -100, 0),
        "Player8": (300, 240, 140, 10)}   # put in: the returned $2 too


@pytest.mark.parametrize(("line", "events"), [
    (29, [Button(line=29, seat=8)]),
    (31, [Seat(line=31, player="Hero", seat=1, stack=8220)]),
    (34, [PostBlind(line=34, player="Hero", amount=50, kind="small")]),
    (37, [Street(line=37, kind="deal"), *(Deal(line=37, player=name, cards=HIDDEN)
                                          for name in ("Player4", "Player8"))]),
    (38, [Deal(line=38, player="Hero", cards=c("7d 5s Qh Th 8s"))]),
    (39, [Call(line=39, player="Player8", amount=100)]),
    (40, [Fold(line=40, player="Hero")]),
    # no marker: the draw begins at the first 'changed' line
    (42, [Street(line=42, kind="draw"), Draw(line=42, player="Player4", discarded=(None,) * 3)]),
    (48, [UncalledReturned(line=48, player="Player8", amount=200, inferred=True),
          Street(line=48, kind="summary"), PotTotal(line=48, total=250, rake=10)]),
    (49, [Award(line=49, player="Player8", amount=240, pot="main")]),
    (53, [StackStated(line=53, player="Player8", amount=7075),
          NetStated(line=53, player="Player8", amount=140)]),
])
def test_lines_become_events(line: int, events: list) -> None:
    assert at(hands(read_records(GOALWIN))[1], line) == events


def test_the_heros_new_hand_is_his_draw_and_the_summary_shows_the_hands() -> None:
    hand = hands(read_records(GOALWIN))[2]
    assert at(hand, 74) == [Draw(line=74, player="Hero", discarded=c("5h"), drawn=c("7c"))]
    assert at(hand, 81)[-1] == Show(line=81, player="Hero", cards=c("As 7c Jh Ac Jd"),
                                    description="TWO_PAIR ACE, JACK")


# -- a line the reader does not understand ----------------------------------------------------

def test_a_mangled_line_is_a_positioned_error_and_every_hand_is_still_stored(
        tmp_path: Path) -> None:
    log = tampered(tmp_path, 42, "Player4 changed 3 cards", "Player4 swapped 3 cards", GOALWIN)
    records = list(read_records(log))
    [error] = [r for r in records if isinstance(r, ParseError)]
    assert (error.line, error.column, error.hand_lost) == (42, 9, False)
    assert "expected an action like 'calls $1'" in error.message
    assert len(hands(records)) == 10
    with Store(tmp_path / "db.duckdb") as store:
        summary = store.import_paths([log])
        stored = store.connection.sql("SELECT count(*) FROM hands").fetchall()
    assert (summary.hands, stored) == (10, [(10,)])


def test_a_name_no_seat_holds_is_one_g1_and_every_hand_is_kept(tmp_path: Path) -> None:
    """A misspelt name in a line of play is read as written (the shortest front before an
    action): the engine reports him and gives the line to nobody, as on every site."""
    log = tampered(tmp_path, 41, "Player4 checks", "Payer4 checks", GOALWIN)
    records = list(read_records(log))
    assert not [r for r in records if isinstance(r, ParseError)]
    assert len(hands(records)) == 10
    assert at(hands(records)[1], 41) == [Check(line=41, player="Payer4")]
    assert violations(log)[0] == ("G1", 41)
    blanks = list(read_ongame(NO_LIMIT.replace("x Ana changed", "x Anna changed")))
    assert Draw(line=23, player="x Anna", discarded=()) in hands(blanks)[0].events


@pytest.mark.parametrize(("number", "old", "new", "events"), [
    (14, "Dealing to Hero:", "Dealing to Hro:",
     [Deal(line=14, player="Hro", cards=c("9d Ts Qc 6c 3c"))]),
    (21, "Seat 1: Hero ($82.20)", "Seat 1: Hro ($82.20)",
     [StackStated(line=21, player="Hro", amount=8220),
      NetStated(line=21, player="Hro", amount=50)]),
])
def test_a_deal_or_summary_line_naming_no_seated_player_is_his_and_one_g1(
        tmp_path: Path, number: int, old: str, new: str, events: list[object]) -> None:
    """A misspelt name after ``Dealing to`` or in a summary's seat line is read as
    written, as PokerStars' reader reads it: the cards or the claims are the stranger's,
    and the engine reports him once (G1), the line one mistake; every hand is kept."""
    log = tampered(tmp_path, number, old, new, GOALWIN)
    records = list(read_records(log))
    assert not [r for r in records if isinstance(r, ParseError)]
    assert len(hands(records)) == 10
    assert at(hands(records)[0], number) == events
    assert violations(log) == [("G1", number)]


def test_a_mangled_header_loses_its_hand_alone(tmp_path: Path) -> None:
    log = tampered(tmp_path, 25, "-249 *****", "-249 ****", GOALWIN)
    records = list(read_records(log))
    errors = [r for r in records if isinstance(r, ParseError)]
    assert [(e.line, e.column, e.hand_lost) for e in errors] == [(25, 41, True)]
    assert len(hands(records)) == 9


def test_an_unreadable_seat_line_loses_its_hand_with_one_error(tmp_path: Path) -> None:
    """The seat's player is unknown, so every line naming him would fail too: the hand is
    lost and told once, as a PokerStars seat line is."""
    log = tampered(tmp_path, 7, "Seat 1: Hero ($81.70)", "Seat 1 Hero $81.70", GOALWIN)
    records = list(read_records(log))
    errors = [r for r in records if isinstance(r, ParseError)]
    assert [(e.line, e.column, e.hand_lost) for e in errors] == [(7, 8, True)]
    assert len(hands(records)) == 9


def test_a_file_cut_short_loses_its_last_hand_at_column_1(tmp_path: Path) -> None:
    """Columns count from 1: an error about the whole hand is at its line's first."""
    log = tmp_path / "og-cut.txt"
    log.write_bytes(b"".join(GOALWIN.read_bytes().splitlines(keepends=True)[:93]))
    errors = [r for r in read_records(log) if isinstance(r, ParseError)]
    assert [(e.line, e.column, e.hand_lost) for e in errors] == [(93, 1, True)]


def test_a_time_in_a_zone_ongame_does_not_write_is_an_error_at_the_zone(
        tmp_path: Path) -> None:
    log = tampered(tmp_path, 2, "EEST", "XYZT", GOALWIN)
    [error] = [r for r in read_records(log) if isinstance(r, ParseError)]
    assert (error.line, error.column) == (2, 33)
    assert "the time zone 'XYZT'" in error.message


# -- hands written from the format's wording ------------------------------------------------

def ongame_hand(table: str, body: str, *, when: str = "Tue Jul 12 21:05:44 CEST 2011",
                hand_id: str = "R5-700-3", title: str = "") -> str:
    return (f"***** History for hand {hand_id}{title} *****\nStart hand: {when}\n"
            f"Table: {table}\n{body}***** End of hand {hand_id} *****\n")


NO_LIMIT = ongame_hand("Lyon [700] (NO_LIMIT FIVE_CARD_DRAW $0.50/$1, Real money)", """\
User: Hero
Button: seat 5
Players in round: 3 (6)
Seat 1: Hero ($100)
Seat 3: x Ana ($20)
Seat 5: Bo ($50)
Hero posts small blind ($0.50)
x Ana posts big blind ($1)
---
Dealing pocket cards
Dealing to Hero: [Ah, Ad, Kc, 7s, 2d]
Bo raises $3 to $3
Hero calls $2.50
x Ana raises $19 to $20 [all in]
Bo calls $17
Hero calls $17
---
Hero changed 1 cards
New hand for Hero: [Ah, Ad, Kc, 7s, As]
x Ana changed 0 cards
Bo changed 3 cards
Hero bets $10
Bo calls $10
---
Summary:
Main pot: $60 won by x Ana ($57)
Side pot 1: $20 won by Hero ($19)
Rake taken: $4
Seat 1: Hero ($89), net: -$11, [Ah, Ad, Kc, 7s, As] (THREE_OF_A_KIND ACE)
Seat 3: x Ana ($57), net: +$37, [5c, 6d, 7h, 8s, 9c] (STRAIGHT NINE)
Seat 5: Bo ($20), net: -$30, [Kh, Kd, 4c, 4h, 8d] (TWO_PAIR KING, FOUR)
""")


def test_a_no_limit_hand_with_an_all_in_a_draw_a_side_pot_and_a_showdown() -> None:
    session, hand = read_ongame(NO_LIMIT)
    rules = hand.ruleset
    assert (rules.structure, rules.small_blind, rules.big_blind, rules.max_players) == (
        "no", 50, 100, 6)
    assert Raise(line=17, player="x Ana", to=2000, all_in=True) in hand.events
    assert Draw(line=21, player="Hero", discarded=c("2d"), drawn=c("As")) in hand.events
    assert Draw(line=23, player="x Ana", discarded=()) in hand.events
    assert [(e.player, e.amount, e.pot) for e in hand.events if type(e) is Award] == [
        ("x Ana", 5700, "main"), ("Hero", 1900, "side 1")]
    assert ledger_nets(hand) == stated_nets(hand) == {"Hero": -1100, "x Ana": 3700, "Bo": -3000}
    [report] = [r for r in audit([session, hand]) if isinstance(r, HandReport)]
    assert report.violations == []


def test_the_engine_judges_the_showdown_the_log_states() -> None:
    """The side pot paid to the two pair over the three aces: the audit says so."""
    wrong = (NO_LIMIT.replace("won by Hero ($19)", "won by Bo ($19)")
             .replace("Hero ($89), net: -$11", "Hero ($70), net: -$30")
             .replace("Bo ($20), net: -$30", "Bo ($39), net: -$11"))
    [report] = [r for r in audit(read_ongame(wrong)) if isinstance(r, HandReport)]
    assert "S1" in {violation.rule for violation in report.violations}


FIXED_LIMIT = ongame_hand("Suva [800] (LIMIT FIVE_CARD_DRAW $0.05/$0.10, Real money)", """\
User: Ana
Button: seat 1
Players in round: 4
Seat 1: Ana ($1)
Seat 2: Bo ($0.04)
Seat 4: Cy ($5)
Seat 6: Dee ($2)
Bo posts small blind ($0.02)
Cy posts big blind ($0.05)
Dee posts big blind ($0.05)
Dee posts dead blind ($0.02)
---
Dealing pocket cards
Dealing to Ana: [5h, 6h, 7c, 8d, 9s]
Dee checks
Ana calls $0.05
Bo calls $0.02 [all in]
Cy checks
---
Bo changed 2 cards
Cy changed 1 cards
Dee changed 3 cards
Ana changed 0 cards
Cy checks
Dee checks
Ana checks
---
Summary:
Main pot: $0.18 won by Bo ($0.09), Ana ($0.09)
Side pot 1: $0.03 won by Ana ($0.03)
Rake taken: $0
Seat 1: Ana ($1.07), net: +$0.07, [5h, 6h, 7c, 8d, 9s] (STRAIGHT NINE)
Seat 2: Bo ($0.09), net: +$0.05, [5s, 6s, 7d, 8c, 9h] (STRAIGHT NINE)
Seat 4: Cy ($4.95), net: -$0.05, [Ks, Kc, 2h, 3d, 4s] (PAIR KING)
Seat 6: Dee ($1.93), net: -$0.07
""", when="Mon Sep 13 00:21:02 GMT+0100 2010", hand_id="R5-800-41")


def test_a_dead_blind_a_short_all_in_and_a_pot_split_between_equal_hands() -> None:
    session, hand = read_ongame(FIXED_LIMIT)
    assert hand.ruleset.small_blind == 2   # half of the $0.05 small bet, rounded down
    assert PostBlind(line=14, player="Dee", amount=2, kind="dead") in hand.events
    assert Call(line=20, player="Bo", amount=2, all_in=True) in hand.events
    assert ledger_nets(hand) == stated_nets(hand) == {"Ana": 7, "Bo": 5, "Cy": -5, "Dee": -7}
    assert hand.started_at == datetime(2010, 9, 12, 23, 21, 2, tzinfo=UTC)
    [report] = [r for r in audit([session, hand]) if isinstance(r, HandReport)]
    assert report.violations == []


POT_LIMIT = ongame_hand("Lund [500] (POT_LIMIT FIVE_CARD_DRAW $1/$1, Real money)", """\
User: Hero
Button: seat 1
Players in round: 3
Seat 1: Hero ($98)
Seat 3: Ana ($22.40)
Seat 6: Bo ($34.74)
Ana posts big blind ($1)
Bo posts big blind ($1)
---
Dealing pocket cards
Dealing to Hero: [Qs, 8c, 5h, Th, 5s]
Hero raises $3 to $3
Ana calls $2
Bo folds
Ana changed 2 cards
Hero changed 3 cards
New hand for Hero: [Qs, 8c, 2h, 3d, 4c]
Ana bets $6
Hero folds
---
Summary:
Main pot: $7 won by Ana ($6.65)
Rake taken: $0.35
Seat 1: Hero ($95), net: -$3
Seat 3: Ana ($26.05), net: +$3.65
Seat 6: Bo ($33.74), net: -$1
""", hand_id="R5-500-7")


def test_pot_limit_posts_a_small_blind_of_the_big_blinds_size_as_a_big_blind() -> None:
    """At $1/$1 OnGame calls both blinds a big blind: the first is the small blind."""
    session, hand = read_ongame(POT_LIMIT)
    assert [(e.player, e.kind) for e in hand.events if type(e) is PostBlind] == [
        ("Ana", "small"), ("Bo", "big")]
    assert Draw(line=19, player="Hero", discarded=c("5h Th 5s"), drawn=c("2h 3d 4c"),
                ) in hand.events
    assert UncalledReturned(line=24, player="Ana", amount=600, inferred=True) in hand.events
    assert ledger_nets(hand) == stated_nets(hand)
    [report] = [r for r in audit([session, hand]) if isinstance(r, HandReport)]
    assert report.violations == []


HOLDEM = ongame_hand("Tokyo [900] (NO_LIMIT TEXAS_HOLDEM $1/$2, Real money)", """\
User: Hero
Button: seat 1
Players in round: 2
Seat 1: Hero ($200)
Seat 2: Bo ($200)
Hero posts small blind ($1)
Bo posts big blind ($2)
---
Dealing pocket cards
Dealing to Hero: [Qh, 4h]
Hero raises $5 to $6
Bo calls $4
--- Dealing flop [6c, Qs, 7h]
Bo checks
Hero bets $9
Bo folds
---
Summary:
Main pot: $12 won by Hero ($11.40)
Rake taken: $0.60
Seat 1: Hero ($205.40), net: +$5.40
Seat 2: Bo ($194), net: -$6
""", hand_id="R5-900-1")


def test_a_game_outside_the_family_is_skipped_by_name_and_counted(tmp_path: Path) -> None:
    records = list(read_ongame(HOLDEM + NO_LIMIT))
    assert [type(r).__name__ for r in records] == ["SkippedHand", "SessionStart", "Hand"]
    skipped = records[0]
    assert isinstance(skipped, SkippedHand)
    assert (skipped.game, skipped.hand_id, skipped.line) == (
        "Hold'em No Limit", "ongame#R5-900-1", 1)
    log = tmp_path / "mixed.txt"
    log.write_text(HOLDEM + NO_LIMIT, encoding="utf-8")
    with Store(tmp_path / "db.duckdb") as store:
        summary = store.import_paths([log])
    assert (summary.hands, summary.skipped, dict(summary.skipped_by_game)) == (
        1, 1, {"Hold'em No Limit": 1})


@pytest.mark.parametrize(("table", "currency"), [
    ("Lyon [1] (LIMIT FIVE_CARD_DRAW €1/€2, Real money)", "EUR"),
    ("Lyon [1] (LIMIT FIVE_CARD_DRAW $1/$2, Play money)", "PLAY"),
    # some skins write the stakes bare; the rake line has the sign
    ("Lyon [1] (LIMIT FIVE_CARD_DRAW 1/2, Real money)", "USD"),
    ("[SPEED] Lyon [1] (LIMIT FIVE_CARD_DRAW $1/$2, Real money)", "USD"),
])
def test_the_currency_is_the_stakes_sign_or_the_rakes(table: str, currency: str) -> None:
    [hand] = hands(read_ongame(ongame_hand(table, """\
Button: seat 1
Seat 1: Ana (100)
Seat 2: Bo (100)
Ana posts small blind (0.50)
Bo posts big blind (1)
---
Dealing pocket cards
Ana folds
---
Summary:
Main pot: 1 won by Bo (1)
Rake taken: $0
Seat 1: Ana (99.50), net: -0.50
Seat 2: Bo (100.50), net: +0.50
""")))
    assert (hand.currency, hand.table) == (currency, "Lyon")


def test_a_tournament_hand_is_in_chips_with_its_id_and_buy_in() -> None:
    [hand] = hands(read_ongame(ongame_hand(
        "Table #4 [569087] (LIMIT FIVE_CARD_DRAW 20/40, TC)", """\
Button: seat 1
Seat 1: Ana (1500)
Seat 2: Bo (1500)
Ana posts small blind (10)
Bo posts big blind (20)
---
Dealing pocket cards
Ana folds
---
Summary:
Main pot: 20 won by Bo (20)
Rake taken: 0
Seat 1: Ana (1490), net: -10
Seat 2: Bo (1510), net: +10
""", hand_id="T5-569087-5", title=' (TOURNAMENT: "Draw Cup", R-271-14, buy-in: €1)')))
    assert (hand.currency, hand.tournament, hand.buy_in, hand.ruleset.rake) == (
        None, "R-271-14", "€1", False)


@pytest.mark.parametrize(("zone", "offset"), [
    ("CET", 1), ("CEST", 2), ("EET", 2), ("EEST", 3), ("GMT", 0), ("GMT+0100", 1),
    ("GMT-0300", -3), ("GST", 4), ("MSK", 4),   # Moscow kept UTC+4 from 2011 to 2014
])
def test_each_zone_ongame_writes_is_its_offset(zone: str, offset: int) -> None:
    when = parse_line(f"Start hand: Sun Sep 11 15:26:27 {zone} 2011", "start_time")
    assert when.utcoffset() == timedelta(hours=offset)  # type: ignore[attr-defined]


@pytest.mark.parametrize(("text", "event"), [
    ("calls $1,391.85 [all in]", Call(player="A", amount=139185, all_in=True)),
    ("calls $1 and is all-in", Call(player="A", amount=100, all_in=True)),
    ("posts small & big blind ($1.50)", PostBlind(player="A", amount=150, kind="small+big")),
    ("posts ante $0.02", PostBlind(player="A", amount=2, kind="ante")),
    ("changed 5 cards", Draw(player="A", discarded=HIDDEN)),
    ("shows [Kc, Jd, 2s, 2h, 9c]", Show(player="A", cards=c("Kc Jd 2s 2h 9c"))),
])
def test_action_shapes(text: str, event: object) -> None:
    assert parse_line(text, "action")(player="A") == event  # type: ignore[operator]


def test_a_player_sitting_out_is_not_dealt_in() -> None:
    log = NO_LIMIT.replace("Seat 5: Bo ($50)\n", "Seat 5: Bo ($50)\nSeat 6: Cy ($9)\n").replace(
        "Dealing pocket cards\n", "Cy sits out\nDealing pocket cards\n").replace(
        "Seat 5: Bo ($20), net: -$30, [Kh, Kd, 4c, 4h, 8d] (TWO_PAIR KING, FOUR)\n",
        "Seat 5: Bo ($20), net: -$30, [Kh, Kd, 4c, 4h, 8d] (TWO_PAIR KING, FOUR)\n"
        "Seat 6: Cy ($9)\n")
    session, hand = read_ongame(log)
    assert Seat(line=10, player="Cy", seat=6, stack=900, in_hand=False) in hand.events
    [report] = [r for r in audit([session, hand]) if isinstance(r, HandReport)]
    assert report.violations == []


def test_the_dialect_is_recognised_and_a_watcher_ends_a_hand_at_its_last_line() -> None:
    assert dialect_of("***** History for hand R5-174428515-248 *****").name == "ongame"
    data = GOALWIN.read_bytes()
    end = data.index(b"***** End of hand R5-174428515-249 *****\n") + 41
    assert complete_end(io.BytesIO(data[:end + 30])) == end
