"""The Full Tilt reader across the years: every real export, the figures fpdb found in them,
and hands written here from the documented wording for the shapes the real files lack."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from badugi_hh.cards import parse_cards as c
from badugi_hh.engine import HandReport, SessionReport, audit
from badugi_hh.events import (
    Award, Bet, Call, Deal, Draw, Hand, Muck, Note, ParseError, PostBlind, PotTotal, Raise,
    Seat, SessionStart, Show, SkippedHand, UncalledReturned,
)
from badugi_hh.ledger import hand_ledger
from badugi_hh.parsers import read_records
from badugi_hh.parsers.fulltilt import parse_line, read_fulltilt
from sitekit import REAL

FT = REAL / "fulltilt"
EXPECTED = REAL / "expected" / "fulltilt"


def records(text: str) -> list:
    return list(read_fulltilt(text, name="t.txt"))


def hands(text: str) -> list[Hand]:
    return [r for r in records(text) if isinstance(r, Hand)]


def violations(text: str) -> list[tuple[str, int]]:
    return [(v.rule, v.line) for r in audit(read_fulltilt(text, name="t.txt"))
            if isinstance(r, (HandReport, SessionReport)) for v in r.violations]


# -- the real exports ------------------------------------------------------------------------

@pytest.mark.parametrize("path", sorted(FT.glob("*.txt")), ids=lambda p: p.name)
def test_every_real_export_reads_without_an_error(path: Path) -> None:
    read = list(read_records(path))
    assert [r for r in read if isinstance(r, ParseError)] == []


def test_real_exports_joined_after_their_stray_last_bytes_read_every_hand(
        tmp_path: Path) -> None:
    """Full Tilt's UTF-16 exports end with a stray byte: joined (or a log appended to after
    one), each hand still reads, as from its own file, and none is lost."""
    paths = [FT / "cash-27td-fl-0.10-0.20-201011.txt", FT / "cash-27td-fl-150-300-201012.txt",
             FT / "cash-27td-fl-10-20-201101-dead-hand.txt"]
    joined = tmp_path / "joined.txt"
    joined.write_bytes(b"".join(path.read_bytes() for path in paths))
    read = list(read_records(joined))
    assert [r for r in read if isinstance(r, ParseError)] == []
    assert [h.hand_id for h in read if isinstance(h, Hand)] == [
        h.hand_id for path in paths for h in read_records(path) if isinstance(h, Hand)]
    assert all(not r.damaged for r in read if isinstance(r, Hand))


def test_the_sng_is_one_session_of_54_hands_in_chips() -> None:
    read = list(read_records(FT / "tour-27td-fl-headsup-sng-201211.txt"))
    sessions = [r for r in read if isinstance(r, SessionStart)]
    played = [r for r in read if isinstance(r, Hand)]
    assert len(sessions) == 1 and len(played) == 54
    assert sessions[0].title == "$10 Heads-Up Sit & Go (243560420), table 1"
    first = played[0]
    assert (first.unit, first.ruleset.game, first.ruleset.max_players, first.ruleset.rake) == (
        1, "27td", 2, False)
    assert first.events[0] == Seat(line=2, player="Hero", seat=1, stack=1500)
    assert (first.ruleset.small_blind, first.ruleset.big_blind) == (15, 30)


def _expected(name: str) -> dict[str, tuple[int, int, int, bool]]:
    """Each player's (net, collected, rake, saw showdown) as fpdb's ``.hp`` file has them."""
    text = (EXPECTED / f"{name}.hp").read_text(encoding="utf-8")
    players = ast.literal_eval(re.sub(r"\bu'", "'", text))
    return {name: (p["totalProfit"], p["winnings"], p["rake"], p["sawShowdown"])
            for name, p in players.items()}


@pytest.mark.parametrize("name", ["cash-27td-fl-0.10-0.20-201011.txt",
                                  "cash-27td-fl-150-300-201012.txt"])
def test_each_players_chips_are_fpdbs(name: str) -> None:
    (hand,) = [r for r in read_records(FT / name) if isinstance(r, Hand)]
    ledger = hand_ledger(hand)
    found = {player: ((p.net, p.collected, p.rake, p.saw_showdown) if (p := ledger.get(player))
                      else (0, 0, 0, False)) for player in _expected(name)}
    assert found == _expected(name)
    assert set(ledger) <= set(found)


def test_a_player_sitting_out_at_the_seat_line_is_seated_not_dealt_in() -> None:
    hand = next(r for r in read_records(FT / "cash-27td-fl-150-300-201011-sitting-out.txt")
                if isinstance(r, Hand))
    out = [e.player for e in hand.events if type(e) is Seat and not e.in_hand]
    assert out == ["Hero", "Player1"]
    assert {e.player for e in hand.events if type(e) is Deal} == {
        "Player2", "Player3", "Player4"}


def test_a_dead_hand_deals_nobody_and_moves_no_chips() -> None:
    hand = next(r for r in read_records(FT / "cash-27td-fl-10-20-201101-dead-hand.txt")
                if isinstance(r, Hand))
    assert [e for e in hand.events if type(e) is Seat] == [
        Seat(line=3, player="Villain", seat=1, stack=50000, in_hand=False),
        Seat(line=5, player="Hero", seat=2, stack=57250, in_hand=False)]
    notes = [(e.kind, e.text) for e in hand.events if type(e) is Note]
    assert ("hand", "Villain posts the small blind of $5") in notes
    assert ("chat", "Hero: one sec") in notes
    assert hand_ledger(hand) == {}


def test_a_partial_hand_is_kept_as_a_note() -> None:
    hand = next(r for r in read_records(FT / "cash-27td-fl-20-40-201101-partial.txt")
                if isinstance(r, Hand))
    assert [type(e) for e in hand.events] == [Note]
    assert hand.events[0].kind == "hand"


def test_a_dead_small_blind_and_a_returning_players_live_blind() -> None:
    hand = next(r for r in read_records(FT / "cash-27td-fl-5-10-201211.txt")
                if isinstance(r, Hand))
    posts = [e for e in hand.events if type(e) is PostBlind and e.player == "Player2"]
    assert posts == [PostBlind(line=9, player="Player2", amount=250, kind="dead"),
                     PostBlind(line=10, player="Player2", amount=500, kind="big")]
    assert hand_ledger(hand)["Player2"].net == 750


# -- hands written from the documented wording ----------------------------------------------

HEADER = ("Full Tilt Poker Game #{n}: Table Laurelvale - $0.05/$0.10 - Limit Badugi - "
          "03:02:56 ET - 2010/11/07")

CHATTY = HEADER.format(n=100) + """
Seat 1: Hero ($1)
Seat 2: Steve Zolotow ($2.75)
Seat 3: Steve ($3)
Seat 4: Quiet One ($2), is sitting out
Steve Zolotow posts the small blind of $0.02
Steve posts the big blind of $0.05
Quiet One is sitting out
The button is in seat #1
*** HOLE CARDS ***
Dealt to Hero [Ah Qs 3s Jc]
Hero has 15 seconds left to act
5 seconds left to act
Hero has requested TIME
Hero calls $0.05
Steve Zolotow: nice hand: really
Steve Zolotow has been disconnected
Steve Zolotow has reconnected
Steve Zolotow has 30 seconds to reconnect
Steve Zolotow is feeling happy
Steve Zolotow calls $0.03
Kibitz (Observer): go go
Quiet One stands up
Newcomer sits down
Newcomer adds $1
Steve checks
*** FIRST DRAW *** (Pot: $0.15)
Steve Zolotow discards 2 cards
Steve discards 1 card
Hero discards 2 cards [Qs Jc]
Steve Zolotow is dealt 2 cards
Steve is dealt 1 card
Dealt to Hero [Ah 3s] [2d 4c]
Steve Zolotow checks
Steve checks
Hero bets $0.05
Steve Zolotow folds
Steve raises to $0.10
Hero calls $0.05
*** SECOND DRAW *** (Pot: $0.35)
Steve stands pat
Hero stands pat on [Ah 3s 2d 4c]
Steve checks
Hero checks
*** THIRD DRAW *** (Pot: $0.35)
Steve stands pat
Hero stands pat
Steve checks
Hero checks
*** SHOW DOWN ***
Steve shows [Kd Qh 9c Ts] a Badugi: K, Q, T, 9
Hero shows [Ah 3s 2d 4c] a Badugi: 4, 3, 2, A
Hero wins the pot ($0.34) with a Badugi: 4, 3, 2, A
*** SUMMARY ***
Duration 61s
Total pot $0.35 | Rake $0.01
Seat 1: Hero (button) showed [Ah 3s 2d 4c] and won ($0.34) with a Badugi: 4, 3, 2, A
Seat 2: Steve Zolotow (small blind) folded after the 1st Draw
Seat 3: Steve (big blind) showed [Kd Qh 9c Ts] and lost with a Badugi: K, Q, T, 9
Seat 4: Quiet One is sitting out
"""


def test_chatter_never_kills_a_hand_and_is_kept_as_notes() -> None:
    (hand,) = hands(CHATTY)
    assert hand.damaged == ()
    notes = [(e.kind, e.text) for e in hand.events if type(e) is Note]
    assert notes == [
        ("table", "Quiet One is sitting out"),
        ("timeout", "Hero has 15 seconds left to act"),
        ("timeout", "5 seconds left to act"),
        ("timeout", "Hero has requested TIME"),
        ("chat", "Steve Zolotow: nice hand: really"),
        ("connection", "Steve Zolotow has been disconnected"),
        ("connection", "Steve Zolotow has reconnected"),
        ("connection", "Steve Zolotow has 30 seconds to reconnect"),
        ("chat", "Steve Zolotow is feeling happy"),
        ("chat", "Kibitz (Observer): go go"),
        ("table", "Quiet One stands up"),
        ("table", "Newcomer sits down"),
        ("table", "Newcomer adds $1"),
    ]


def test_names_with_blanks_are_read_by_the_longest_seated_name() -> None:
    (hand,) = hands(CHATTY)
    assert PostBlind(line=6, player="Steve Zolotow", amount=2, kind="small") in hand.events
    assert PostBlind(line=7, player="Steve", amount=5, kind="big") in hand.events
    assert Draw(line=28, player="Steve Zolotow", discarded=(None, None)) in hand.events
    assert Raise(line=38, player="Steve", to=10) in hand.events
    assert Show(line=51, player="Steve", cards=c("Kd Qh 9c Ts"),
                description="Badugi: K, Q, T, 9") in hand.events


def test_the_chatty_hand_audits_clean_with_the_idle_player_not_dealt_in() -> None:
    (hand,) = hands(CHATTY)
    assert Seat(line=5, player="Quiet One", seat=4, stack=200, in_hand=False) in hand.events
    assert violations(CHATTY) == []


# Heads up: at a bigger table with two players the engine wants the blinds of a ring game (M1),
# where Full Tilt, as every site, has the button post the small blind.
OLD_HEADER = ("FullTiltPoker Game #200: Table Big Sur (heads up, shallow) - $2/$4 - Limit Badugi - "
              "21:40:00 CET - 2009/11/20 [15:40:00 ET - 2009/11/20]")
SHORT_HAND = """
Seat 1: Ana ($40)
Seat 2: Bruno ($40)
Ana posts the small blind of $1
Bruno posts the big blind of $2
The button is in seat #1
*** HOLE CARDS ***
Ana folds
Uncalled bet of $1 returned to Bruno
Bruno mucks
Bruno wins the pot ($2)
*** SUMMARY ***
Total pot $2 | Rake $0
Seat 1: Ana (small blind) folded before the Draw
Seat 2: Bruno (big blind) collected ($2), mucked
"""


def test_an_older_header_with_local_time_and_the_site_clock() -> None:
    (hand,) = hands(OLD_HEADER + SHORT_HAND)
    assert hand.started_at.isoformat() == "2009-11-20T15:40:00"   # ET, the site's clock
    assert (hand.ruleset.max_players, hand.ruleset.small_bet, hand.ruleset.small_blind) == (
        2, 200, 100)
    assert violations(OLD_HEADER + SHORT_HAND) == []


TOURNAMENT = ("Full Tilt Poker Game #300: $5 + $0.50 Sit & Go (123456), Table 1 - 15/30 - "
              "Limit Badugi - 12:00:00 ET - 2012/11/07")


def test_a_tournament_hand_is_in_chips_without_rake() -> None:
    text = TOURNAMENT + SHORT_HAND.replace("$", "")
    session, hand = records(text)
    assert (hand.unit, hand.ruleset.rake, hand.ruleset.small_bet) == (1, False, 15)
    assert session.session_id == "fulltilt:$5 + $0.50 Sit & Go (123456):1:20121107-120000"
    assert Award(line=11, player="Bruno", amount=2) in hand.events


@pytest.mark.parametrize(("name", "buy_in"), [
    ("$5 + $0.50 Sit & Go (123456)", "$5 + $0.50"),
    ("$26 Super Turbo Matrix (244669447)", "$26"),
    # real headers of fpdb's corpus: the amount a guaranteed tournament's name starts with
    # is its prize pool, not what a seat cost
    ("$1,000 Guarantee (3x Chance) (252554958)", None),
    ("$2,500 Guarantee (Cashout) (112570793)", None),
    ("$7,000 KO Guarantee (229436420)", None),
    ("$10,000 Rush Guar (Rebuy) (247042894)", None),
])
def test_a_tournament_hand_takes_its_buy_in_from_the_name_but_never_a_guarantee(
        name: str, buy_in: str | None) -> None:
    text = TOURNAMENT.replace("$5 + $0.50 Sit & Go (123456)", name) + SHORT_HAND.replace("$", "")
    (hand,) = hands(text)
    assert (hand.tournament, hand.buy_in) == (name.rsplit("(", 1)[1].rstrip(")"), buy_in)


CANCELLED = HEADER.format(n=500) + """
Seat 1: Ana ($4)
Seat 2: Bruno ($4)
Ana posts the small blind of $0.02
Bruno posts the big blind of $0.05
The button is in seat #1
*** HOLE CARDS ***
Dealt to Ana [Ah Qs 3s Jc]
Ana calls $0.03
Hand #500 has been canceled

"""


def test_a_hand_full_tilt_cancelled_is_skipped_as_cancelled_not_lost() -> None:
    """fpdb's reader knows the line (its ``re_Cancelled``); such a hand pays nobody."""
    read = list(audit(read_fulltilt(CANCELLED, name="t.txt")))
    assert [r for r in read if isinstance(r, ParseError)] == []
    assert [r.game for r in read if isinstance(r, SkippedHand)] == ["Badugi (cancelled)"]


RAZZ_HEADER = ("Full Tilt Poker Game #400: Table Jackrabbit (6 max) - $2.50/$5 Ante $0.40 - "
               "Limit Razz - 13:00:00 ET - 2011/04/07")
MIXED = RAZZ_HEADER + """
Seat 1: Ana ($40)
Seat 2: Bruno ($40)
Ana antes $0.40
Bruno antes $0.40
*** 3RD STREET ***
Dealt to Ana [2c 3d] [4h]
Bruno brings in for $0.75
Ana completes it to $2.50
Bruno folds
Ana wins the pot ($4.55)
*** SUMMARY ***
Total pot $4.55 | Rake $0


""" + HEADER.format(n=401).replace("Laurelvale", "Jackrabbit (6 max)") + SHORT_HAND


def test_a_razz_hand_in_a_mixed_file_is_skipped_and_named_by_its_game() -> None:
    read = records(MIXED)
    skipped = [r for r in read if isinstance(r, SkippedHand)]
    assert [(s.game, s.hand_id, s.line) for s in skipped] == [("Limit Razz", "fulltilt#400", 1)]
    assert [r.hand_id for r in read if isinstance(r, Hand)] == ["fulltilt#401"]
    assert not any(isinstance(r, ParseError) for r in read)


def test_a_line_that_cannot_be_read_costs_only_itself() -> None:
    text = OLD_HEADER + SHORT_HAND.replace("Ana folds", "Ana foldz")
    read = records(text)
    (error,) = [r for r in read if isinstance(r, ParseError)]
    (hand,) = [r for r in read if isinstance(r, Hand)]
    assert (error.line, error.column, error.hand_lost) == (8, 5, False)
    assert "got 'foldz'" in error.message
    assert hand.damaged == (8,)


def test_a_name_with_blanks_in_an_error_keeps_its_columns() -> None:
    text = CHATTY.replace("Steve Zolotow calls $0.03", "Steve Zolotow calls $0.0x")
    (error,) = [r for r in records(text) if isinstance(r, ParseError)]
    assert (error.line, error.column) == (21, 25)


def test_a_hand_cut_before_its_result_is_lost_with_a_positioned_error() -> None:
    text = OLD_HEADER + SHORT_HAND.split("Bruno wins")[0]
    (error,) = [r for r in records(text) if isinstance(r, ParseError)]
    assert error.hand_lost and "ends without" in error.message


@pytest.mark.parametrize(("text", "event"), [
    ("Hero posts a dead small blind of $2.50", PostBlind(player="Hero", amount=250, kind="dead")),
    ("Hero posts $5", PostBlind(player="Hero", amount=500, kind="big")),
    ("Hero antes $0.40", PostBlind(player="Hero", amount=40, kind="ante")),
    ("Hero posts the big blind of 20, and is all in",
     PostBlind(player="Hero", amount=20, kind="big", all_in=True)),
    ("Hero calls 25 and is all in", Call(player="Hero", amount=25, all_in=True)),
    ("Hero bets $295, and is capped", Bet(player="Hero", amount=29500)),
    ("Hero stands pat on [2d 3s 4h 6s 7c]", Draw(player="Hero", discarded=())),
    ("Hero mucks [As 2h 3d 4c]", Muck(player="Hero", cards=c("As 2h 3d 4c"))),
    ("Hero wins the side pot ($5)", Award(player="Hero", amount=500, pot="side")),
    ("Hero wins the main pot ($5) with 7,6,4,3,2",
     Award(player="Hero", amount=500, pot="main", description="7,6,4,3,2")),
    ("Hero ties for the pot ($2.50) with a pair of Fives",
     Award(player="Hero", amount=250, description="pair of Fives")),
    ("Ante of $0.40 returned to Hero", UncalledReturned(player="Hero", amount=40)),
    ("Seat 4: Hero (€1,500.25)", Seat(player="Hero", seat=4, stack=150025)),
    ("Seat 4: Hero ($0), is sitting out", Seat(player="Hero", seat=4, stack=0)),
])
def test_line_shapes(text: str, event: object) -> None:
    assert parse_line(text, "line")(line=0) == event


@pytest.mark.parametrize(("text", "kind"), [
    ("Hero has timed out", "timeout"),
    ("Hero sits out", "table"),
    ("Hero is waiting for the big blind", "table"),
    ("Hero leaves the table", "table"),
    ("Hero has returned", "table"),
    ("Hero is now eliminated", "tournament"),
    ("Hero finished in 2nd place", "tournament"),
    ("The blinds are now 20/40", "tournament"),
    ("Hand #35550557071 has been canceled", "hand"),
    ("Hero shows a pair of Aces", "hand"),
    ("Dealer: Hero, you have 15 seconds to act", "chat"),
])
def test_notes(text: str, kind: str) -> None:
    assert parse_line(text, "line").kind == kind


@pytest.mark.parametrize(("text", "event"), [
    ("Total pot $95.10 Main pot $85.10. Side pot $10. | Rake $3",
     PotTotal(total=9510, rake=300, line=0)),
    ("Seat 5: Hero mucked [7h 7c 8c 5d 3d] - a pair of Sevens",
     Muck(player="Hero", cards=c("7h 7c 8c 5d 3d"), line=0)),
])
def test_summary_lines_that_state_something_give_its_event(text: str, event: object) -> None:
    assert parse_line(text, "summary_line")(line=0) == event


@pytest.mark.parametrize("text", [
    "Seat 1: Hero (button) folded before the Draw (didn't bet)",
    "Seat 2: Hero is sitting out",
    "Seat 4: Hero (big blind)",
    "Board: [Td Qc Js]",
])
def test_summary_lines_that_restate_the_play_are_read_and_give_nothing(text: str) -> None:
    assert parse_line(text, "summary_line") is None


@pytest.mark.parametrize(("header", "game"), [
    ("Full Tilt Poker Game #1: Table T (6 max) - $0.05/$0.10 - Limit A-5 Triple Draw - "
     "22:28:00 ET - 2011/04/10", "a5td"),
    ("Full Tilt Poker Game #1: Table T (heads up) - $10/$20 - Limit 2-7 Triple Draw - "
     "15:25:00 ET - 2011/01/01", "27td"),
    ("Full Tilt Poker Game #1: Table T (6 max, deep) - PL Badugi - $0.10/$0.25 - "
     "10:00:00 ET - 2013/05/01", "badugi"),
    ("Full Tilt Poker Game #1: Table Play Chip 2409 (6 max) - 25/50 - Limit Badugi - "
     "10:00 ET - Wed, July 21, 2010", "badugi"),
    ("Full Tilt Poker Game #1: $200 + $10 Heads Up Sit & Go (3795352), Match 2 - 40/80 - "
     "Limit 2-7 Triple Draw - 10:00:00 ET - 2010/01/01", "27td"),
    ("Full Tilt Poker Game #1: Table T (6 max) - $2/$4 - HORSE - Limit Badugi - "
     "10:00:00 ET - 2010/01/01", "badugi"),
])
def test_headers(header: str, game: str) -> None:
    assert parse_line(header, "header").game.game == game
