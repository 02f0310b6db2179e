"""The Merge (Carbon Poker) XML reader: the real exports, the shapes of docs/format.md, and
synthetic games written from the documented schema for what the real files lack."""

from __future__ import annotations

import dataclasses

import ast
import re
from pathlib import Path

import pytest

from badugi_hh.cards import parse_cards
from badugi_hh.engine import HandReport, audit
from badugi_hh.events import (
    Award, Bet, Button, Call, Deal, Draw, DrawnCards, Fold, Hand, Muck, Note, ParseError,
    PostBlind, PotTotal, Raise, Seat, SessionStart, Show, SkippedHand, Street, UncalledReturned,
)
from badugi_hh.ledger import hand_ledger
from badugi_hh.parsers import dialect_of, iter_log_files, read_records
from badugi_hh.parsers.merge import read_merge

REAL = Path(__file__).parent / "data" / "real"
MERGE = REAL / "merge"
EXPECTED = REAL / "expected" / "merge"

BADUGI = '<description type="Badugi" stakes="Limit $1/$2"/>'
HEADER = ('<game id="{id}" starttime="{when}" numholecards="4" gametype="71" '
          'realmoney="true" data="20110419|Kunming (31274465)|31274465|{id}|false">')
PLAYERS = """\t<players dealer="0">
\t\t<player seat="0" nickname="Ana" balance="$30.00" dealtin="true" />
\t\t<player seat="2" nickname="Bruno" balance="$20.00" dealtin="true" />
\t</players>"""
BLINDS = """\t<round id="BLINDS" sequence="1">
\t\t<event sequence="1" type="SMALL_BLIND" timestamp="1" player="0" amount="0.50"/>
\t\t<event sequence="2" type="BIG_BLIND" timestamp="2" player="2" amount="1.00"/>
\t</round>"""


def game(body: str, number: int = 1, when: str = "20110419091134",
         players: str = PLAYERS, blinds: str = BLINDS) -> str:
    """A ``<game>`` of a Badugi table with ``body`` after the blinds."""
    return "\n".join([HEADER.format(id=f"31274465-{number}", when=when), players, blinds,
                      body, "</game>", ""])


#: Ana (button, small blind) raises, Bruno calls; both draw three times; showdown.
SHOWDOWN = """\t<round id="PRE_FIRST_DRAW" sequence="2">
\t\t<event sequence="3" type="RAISE" timestamp="3" player="0" amount="2.00"/>
\t\t<event sequence="4" type="CALL" timestamp="4" player="2" amount="1.00"/>
\t\t<cards type="HOLE" cards="Jh,3h,2s,3s" player="0" hand="Two Cards, 3-2"/>
\t</round>
\t<round id="FIRST_DRAW" sequence="3">
\t\t<event sequence="5" type="DRAW" timestamp="5" player="2" text="1"/>
\t\t<event sequence="6" type="DRAW" timestamp="6" player="0" text="2"/>
\t\t<cards type="DRAW_DRAWN_CARDS" cards="Ah,3h,2s,6d" player="0" hand="Three Cards"/>
\t</round>
\t<round id="POST_FIRST_DRAW" sequence="4">
\t\t<event sequence="7" type="BET" timestamp="7" player="2" amount="1.00"/>
\t\t<event sequence="8" type="CALL" timestamp="8" player="0" amount="1.00"/>
\t</round>
\t<round id="SECOND_DRAW" sequence="5">
\t\t<event sequence="9" type="DRAW" timestamp="9" player="2" text="0"/>
\t\t<event sequence="10" type="DRAW" timestamp="10" player="0" text="1"/>
\t\t<cards type="DRAW_DRAWN_CARDS" cards="Ah,3h,Kc,6d" player="0" hand="Badugi"/>
\t</round>
\t<round id="POST_SECOND_DRAW" sequence="6">
\t\t<event sequence="11" type="CHECK" timestamp="11" player="2"/>
\t\t<event sequence="12" type="CHECK" timestamp="12" player="0"/>
\t</round>
\t<round id="THIRD_DRAW" sequence="7">
\t\t<event sequence="13" type="DRAW" timestamp="13" player="2" text="0"/>
\t\t<event sequence="14" type="DRAW" timestamp="14" player="0" text="0"/>
\t\t<cards type="DRAW_DRAWN_CARDS" cards="Ah,3h,Kc,6d" player="0" hand="Badugi"/>
\t</round>
\t<round id="POST_THIRD_DRAW" sequence="8">
\t\t<event sequence="15" type="BET" timestamp="15" player="2" amount="2.00"/>
\t\t<event sequence="16" type="CALL" timestamp="16" player="0" amount="2.00"/>
\t</round>
\t<round id="SHOWDOWN" sequence="9">
\t\t<event sequence="17" type="SHOW" timestamp="17" player="2"/>
\t\t<event sequence="18" type="MUCK" timestamp="18" player="0"/>
\t\t<cards type="SHOWN" cards="4c,2d,7h,5s" player="2"/>
\t\t<cards type="MUCKED" cards="Ah,3h,Kc,6d" player="0"/>
\t</round>
\t<round id="END_OF_GAME" sequence="10">
\t\t<winner amount="9.50" uncalled="false" potnumber="1" player="2" hand="Badugi, 7-5-4-2" \
pottype="n"/>
\t</round>"""

FOLDED = """\t<round id="PRE_FIRST_DRAW" sequence="2">
\t\t<event sequence="3" type="FOLD" timestamp="3" player="0"/>
\t</round>
\t<round id="END_OF_FOLDED_GAME" sequence="3">
\t\t<event sequence="4" type="MUCK" timestamp="4" player="2"/>
\t\t<winner amount="1.50" uncalled="false" potnumber="1" player="2" pottype="n"/>
\t</round>
\t<round id="END_OF_GAME" sequence="4">
\t</round>"""


def records(text: str, name: str = "merge.xml.txt") -> list:
    return list(read_merge(text, name=name))


def hands(text: str) -> list[Hand]:
    return [r for r in records(text) if isinstance(r, Hand)]


def errors(text: str) -> list[tuple[int, int, str, bool]]:
    return [(e.line, e.column, e.message, e.hand_lost) for e in records(text)
            if isinstance(e, ParseError)]


# -- the real exports ---------------------------------------------------------------------

@pytest.mark.parametrize(("name", "count", "game", "structure"), [
    ("cash-27td-fl-1-2-201104-multi.xml.txt", 15, "27td", "fixed"),
    ("cash-27td-fl-1-2-201104-showdown.xml.txt", 1, "27td", "fixed"),
    ("cash-27td-pl-0.05-0.10-201102.xml.txt", 1, "27td", "pot"),
    ("cash-a5td-fl-0.50-1-201105.xml.txt", 1, "a5td", "fixed"),
])
def test_each_real_export_reads_without_an_error(name: str, count: int, game: str,
                                                 structure: str) -> None:
    read = list(read_records(MERGE / name))
    assert not [r for r in read if isinstance(r, ParseError)]
    assert [type(r) for r in read] == [SessionStart] + [Hand] * count
    assert {(h.ruleset.game, h.ruleset.structure, h.unit) for h in read[1:]} == {
        (game, structure, 100)}
    assert all(not h.damaged for h in read[1:])


def expected_players(path: Path) -> dict[str, dict]:
    """fpdb's figures per player: ``u''`` prefixes dropped, read as a literal."""
    return ast.literal_eval(re.sub(r"\bu'", "'", path.read_text(encoding="utf-8")))


@pytest.mark.parametrize("name", [
    "cash-27td-fl-1-2-201104-showdown.xml.txt", "cash-a5td-fl-0.50-1-201105.xml.txt"])
def test_each_players_money_matches_the_expected_figures(name: str) -> None:
    (hand,) = [r for r in read_records(MERGE / name) if isinstance(r, Hand)]
    ledger = hand_ledger(hand)
    expected = expected_players(EXPECTED / f"{name}.hp")
    assert {player: (p.net, p.collected, p.rake, p.saw_showdown)
            for player, p in ledger.items()} == {
        player: (figures["totalProfit"], figures["winnings"], figures["rake"],
                 figures["sawShowdown"]) for player, figures in expected.items()}
    hand_id = re.search(r"'siteHandNo': u?'(\d+)'", (EXPECTED / f"{name}.hands").read_text())
    assert hand.hand_id.replace("-", "").removeprefix("merge#") == hand_id.group(1)


def test_the_pot_limit_all_in_is_a_raise_to_the_whole_stack() -> None:
    (hand,) = [r for r in read_records(MERGE / "cash-27td-pl-0.05-0.10-201102.xml.txt")
               if isinstance(r, Hand)]
    betting = [e for e in hand.events if isinstance(e, (Raise, Call))]
    assert betting == [
        Raise(player="Hero", to=30, line=12), Raise(player="Villain", to=90, line=13),
        Raise(player="Hero", to=270, line=14),
        Raise(player="Villain", to=475, all_in=True, line=15),   # ALL_IN 3.85 more
        Call(player="Hero", amount=205, line=16)]
    assert hand.events[-1] == PotTotal(total=None, rake=47, line=41)   # 9.50 in, 9.03 paid


def test_merge_exports_are_found_in_folders_as_txt_and_xml(tmp_path: Path) -> None:
    (tmp_path / "a.xml").write_text(BADUGI + "\n" + game(FOLDED))
    (tmp_path / "b.xml.txt").write_text(BADUGI + "\n" + game(FOLDED))
    assert [p.name for p in iter_log_files([tmp_path])] == ["a.xml", "b.xml.txt"]
    assert [type(r) for r in read_records(tmp_path / "a.xml")] == [SessionStart, Hand]


# -- which reader claims a log --------------------------------------------------------------

@pytest.mark.parametrize(("first", "dialect"), [
    ('<description type="2-7 Lowball" stakes="Limit $1/$2"/>', "merge"),
    ('  <description type="Holdem Tournament" stakes="No Limit" version="1"/>', "merge"),
    ('<?xml version="1.0"?><description type="Badugi" stakes="Limit $1/$2"/>', "merge"),
    ('<game id="33423082-14" starttime="20110419091134" numholecards="5">', "merge"),
    ('<?xml version="1.0" encoding="UTF-8"?>', "house"),        # iPoker's, or anyone's
    ('<session sessioncode="1234">', "house"),                  # iPoker, not Merge
    ("PokerStars Game #49164202872:  Badugi Limit", "pokerstars"),
])
def test_the_merge_reader_claims_only_merge_exports(first: str, dialect: str) -> None:
    assert dialect_of(first).name == dialect


# -- what each element becomes ----------------------------------------------------------------

SEATS = {"0": "Ana", "2": "Bruno"}


def events_of(body: str, **where: str) -> list:
    """The events read from ``body`` in a Badugi game, without the seats, button, blinds."""
    hand, = hands(BADUGI + "\n" + game(body, **where))
    return [e for e in hand.events
            if not isinstance(e, (Seat, Button, PostBlind, Street, Deal, PotTotal))]


@pytest.mark.parametrize(("element", "event"), [
    ('<event sequence="3" type="FOLD" timestamp="3" player="0"/>', Fold(player="Ana")),
    ('<event sequence="3" type="SIT_OUT" timestamp="3" player="0"/>', Fold(player="Ana")),
    ('<event sequence="3" type="CALL" timestamp="3" player="0" amount="0.50"/>',
     Call(player="Ana", amount=50)),
    ('<event sequence="3" type="RAISE" timestamp="3" player="0" amount="2.00"/>',
     Raise(player="Ana", to=200)),
    ('<event sequence="3" type="COMPLETE" timestamp="3" player="0" amount="2.00"/>',
     Raise(player="Ana", to=200)),
    ('<event sequence="3" type="ALL_IN" timestamp="3" player="0" amount="0.30"/>',
     Call(player="Ana", amount=30, all_in=True)),
    ('<event sequence="3" type="ALL_IN" timestamp="3" player="0" amount="9.50"/>',
     Raise(player="Ana", to=1000, all_in=True)),
    ('<event sequence="3" type="ALL_IN" timestamp="3" player="0"/>',
     Note(kind="hand", text="Ana is all in")),
    ('<event sequence="3" type="CHAT" timestamp="3" player="Bruno" text="gl"/>',
     Note(kind="chat", text="Bruno: gl")),
    ('<event sequence="3" type="DISCONNECTED" timestamp="3" player="0"/>',
     Note(kind="connection", text="DISCONNECTED 0")),
    ('<event sequence="3" type="RECONNECTED" timestamp="3" player="0"/>',
     Note(kind="connection", text="RECONNECTED 0")),
    ('<event sequence="3" type="LEAVE" timestamp="3" player="2"/>',
     Note(kind="table", text="LEAVE 2")),
    ('<event sequence="3" type="PLAYER_OUT" timestamp="3" player="2"/>',
     Note(kind="tournament", text="PLAYER_OUT 2")),
    ('<event sequence="3" type="GAME_CANCELLED" timestamp="3"/>',
     Note(kind="hand", text="GAME_CANCELLED")),
    ('<cards type="SHOWN" cards="4c,2d,7h,5s" player="2"/>',
     Show(player="Bruno", cards=parse_cards("4c 2d 7h 5s"))),
    ('<cards type="MUCKED" cards="4c,2d,7h,5s" player="2"/>',
     Muck(player="Bruno", cards=parse_cards("4c 2d 7h 5s"))),
    # Bruno's big blind is unmatched by Ana's small blind: Merge pays it with the pot, so
    # it is returned and the award is the pot (site.return_unmatched)
    ('<winner amount="1.50" uncalled="false" potnumber="1" player="2" pottype="n"/>',
     [UncalledReturned(player="Bruno", amount=50, inferred=True), Award(player="Bruno", amount=100)]),
    ('<winner amount="1.50" uncalled="false" potnumber="2" player="2" hand="K-7-2-A" '
     'pottype="n"/>', [UncalledReturned(player="Bruno", amount=50, inferred=True),
                       Award(player="Bruno", amount=100, pot="side 2", description="K-7-2-A")]),
    ('<winner amount="0.50" uncalled="true" potnumber="2" player="2" pottype="n"/>',
     UncalledReturned(player="Bruno", amount=50)),
    ('<event sequence="3" type="SHOW" timestamp="3" player="2"/>', None),
    ('<event sequence="3" type="MUCK" timestamp="3" player="2"/>', None),   # a winner unseen
])
def test_each_element_becomes_its_event(element: str, event: object) -> None:
    body = f'\t<round id="PRE_FIRST_DRAW" sequence="2">\n\t\t{element}\n\t</round>'
    line = 12   # the description, the game, 4 of players, 4 of blinds, the round
    events = [] if event is None else event if isinstance(event, list) else [event]
    assert events_of(body) == [dataclasses.replace(e, line=line) for e in events]


@pytest.mark.parametrize(("kind", "amount", "blind"), [
    ("SMALL_BLIND", "0.50", "small"), ("BIG_BLIND", "1.00", "big"),
    ("INITIAL_BLIND", "1.00", "big"), ("ANTE", "0.10", "ante"),
    ("RETURN_BLIND", "1.50", "small+big"), ("RETURN_BLIND", "1.00", "big"),
    ("RETURN_BLIND", "0.50", "dead"),
])
def test_each_blind_becomes_a_posted_blind(kind: str, amount: str, blind: str) -> None:
    blinds = (f'\t<round id="BLINDS" sequence="1">\n\t\t<event sequence="1" type="{kind}" '
              f'timestamp="1" player="2" amount="{amount}"/>\n\t</round>')
    hand, = hands(BADUGI + "\n" + game(FOLDED, blinds=blinds))
    assert [e for e in hand.events if isinstance(e, PostBlind)] == [
        PostBlind(player="Bruno", amount=round(float(amount) * 100), kind=blind, line=8)]


def test_a_badugi_hand_is_read_whole_and_audits_clean() -> None:
    # A heads-up table (seats="2"): the engine takes heads-up blinds from the table size.
    read = records(BADUGI + "\n" + game(SHOWDOWN).replace('realmoney=', 'seats="2" realmoney='))
    session, hand = read
    assert isinstance(session, SessionStart) and session.title == "Kunming (31274465)"
    assert hand.ruleset.audited and hand.ruleset.small_blind == 50
    assert hand.events[:8] == [
        Seat(player="Ana", seat=1, stack=3000, line=4),
        Seat(player="Bruno", seat=3, stack=2000, line=5), Button(seat=1, line=3),
        PostBlind(player="Ana", amount=50, kind="small", line=8),
        PostBlind(player="Bruno", amount=100, kind="big", line=9),
        Street(kind="deal", line=11),
        Deal(player="Ana", cards=parse_cards("Jh 3h 2s 3s"), line=14),   # known
        Deal(player="Bruno", cards=(None,) * 4, line=11)]                # hidden
    assert [e for e in hand.events if isinstance(e, (Draw, DrawnCards))][:3] == [
        Draw(player="Bruno", discarded=(None,), line=17),
        Draw(player="Ana", discarded=parse_cards("Jh 3s"), line=18),
        DrawnCards(player="Ana", cards=parse_cards("Ah 6d"), line=19)]
    assert hand.events[-4:] == [
        Show(player="Bruno", cards=parse_cards("4c 2d 7h 5s"), line=46),
        Muck(player="Ana", cards=parse_cards("Ah 3h Kc 6d"), line=47),
        Award(player="Bruno", amount=950, description="Badugi, 7-5-4-2", line=50),
        PotTotal(total=None, rake=50, line=50)]
    (report,) = [r for r in audit(read) if isinstance(r, HandReport)]
    assert report.violations == []


def test_the_hero_cards_after_a_draw_must_differ_by_the_count_drawn() -> None:
    broken = SHOWDOWN.replace('player="0" text="2"', 'player="0" text="1"')
    assert errors(BADUGI + "\n" + game(broken)) == [
        (19, 1, "game merge#31274465-1: Ana draws 1, but his hand changes by 2 cards", False)]


def test_a_raise_before_september_2010_gives_the_chips_added() -> None:
    body = SHOWDOWN.replace('type="RAISE" timestamp="3" player="0" amount="2.00"',
                            'type="RAISE" timestamp="3" player="0" amount="1.50"')
    old = events_of(body, when="20100907170630")
    assert [e for e in old if isinstance(e, Raise)] == [Raise(player="Ana", to=200, line=12)]


def test_a_start_time_with_its_offset_is_that_moment_and_raises_to_a_total() -> None:
    """The 2012 exports write the player's clock and its offset (fpdb's corpus holds
    -0300, -0400 and +0400): the offset says which moment it was, so it is kept."""
    when = "2012/08/14 21:50:08 +0400"
    (hand,) = hands(BADUGI + "\n" + game(SHOWDOWN, when=when))
    assert hand.started_at.isoformat() == "2012-08-14T21:50:08+04:00"
    assert [e for e in events_of(SHOWDOWN, when=when) if isinstance(e, Raise)] == [
        Raise(player="Ana", to=200, line=12)]


def test_side_pots_and_an_uncalled_bet() -> None:
    players = """\t<players dealer="0">
\t\t<player seat="0" nickname="Ana" balance="$30.00" dealtin="true" />
\t\t<player seat="1" nickname="Carla" balance="$1.50" dealtin="true" />
\t\t<player seat="2" nickname="Bruno" balance="$20.00" dealtin="true" />
\t</players>"""
    blinds = """\t<round id="BLINDS" sequence="1">
\t\t<event sequence="1" type="SMALL_BLIND" timestamp="1" player="1" amount="0.50"/>
\t\t<event sequence="2" type="BIG_BLIND" timestamp="2" player="2" amount="1.00"/>
\t</round>"""
    body = """\t<round id="PRE_FIRST_DRAW" sequence="2">
\t\t<event sequence="3" type="RAISE" timestamp="3" player="0" amount="2.00"/>
\t\t<event sequence="4" type="ALL_IN" timestamp="4" player="1" amount="1.00"/>
\t\t<event sequence="5" type="CALL" timestamp="5" player="2" amount="1.00"/>
\t</round>
\t<round id="FIRST_DRAW" sequence="3">
\t\t<event sequence="6" type="DRAW" timestamp="6" player="1" text="0"/>
\t\t<event sequence="7" type="DRAW" timestamp="7" player="2" text="1"/>
\t\t<event sequence="8" type="DRAW" timestamp="8" player="0" text="1"/>
\t</round>
\t<round id="POST_FIRST_DRAW" sequence="4">
\t\t<event sequence="9" type="BET" timestamp="9" player="2" amount="1.00"/>
\t\t<event sequence="10" type="FOLD" timestamp="10" player="0"/>
\t</round>
\t<round id="SHOWDOWN" sequence="5">
\t\t<event sequence="11" type="SHOW" timestamp="11" player="1"/>
\t\t<event sequence="12" type="SHOW" timestamp="12" player="2"/>
\t\t<cards type="SHOWN" cards="Ac,2d,3h,4s" player="1"/>
\t\t<cards type="SHOWN" cards="Kc,Qd,Jh,Ts" player="2"/>
\t</round>
\t<round id="END_OF_GAME" sequence="6">
\t\t<winner amount="4.30" uncalled="false" potnumber="1" player="1" pottype="n"/>
\t\t<winner amount="1.00" uncalled="false" potnumber="2" player="2" pottype="n"/>
\t\t<winner amount="1.00" uncalled="true" potnumber="3" player="2" pottype="n"/>
\t</round>"""
    hand, = hands(BADUGI + "\n" + game(body, players=players, blinds=blinds))
    assert [e for e in hand.events if isinstance(e, (Call, Raise, Bet))] == [
        Raise(player="Ana", to=200, line=13),
        Call(player="Carla", amount=100, all_in=True, line=14),
        Call(player="Bruno", amount=100, line=15), Bet(player="Bruno", amount=100, line=23)]
    assert hand.events[-4:] == [
        Award(player="Carla", amount=430, line=33),
        Award(player="Bruno", amount=100, pot="side 2", line=34),
        UncalledReturned(player="Bruno", amount=100, line=35),
        PotTotal(total=None, rake=20, line=33)]     # 6.50 in, 1.00 back, 5.30 paid
    ledger = hand_ledger(hand)
    assert {name: p.net for name, p in ledger.items()} == {
        "Ana": -200, "Carla": 280, "Bruno": -100}
    assert sum(p.net + p.rake for p in ledger.values()) == 0


def test_a_player_not_dealt_in_sits_out_of_the_hand_until_he_acts() -> None:
    players = PLAYERS.replace('</players>', '\t<player seat="4" nickname="Dora" '
                              'balance="$9.00" dealtin="false" />\n\t</players>')
    hand, = hands(BADUGI + "\n" + game(SHOWDOWN, players=players))
    assert [e for e in hand.events if isinstance(e, Seat)][2] == Seat(
        player="Dora", seat=5, stack=900, in_hand=False, line=6)
    assert "Dora" not in {e.player for e in hand.events if isinstance(e, Deal)}


def test_a_tournament_states_stacks_after_the_blinds() -> None:
    text = ('<description type="Badugi Tournament" stakes="Limit"/>\n'
            + game(FOLDED).replace("$", ""))
    hand, = hands(text)
    assert hand.ruleset.small_bet == 100 and not hand.ruleset.rake
    assert [e.stack for e in hand.events if isinstance(e, Seat)] == [3050, 2100]
    assert hand.events[-1] == PotTotal(total=None, rake=0, line=16)


@pytest.mark.parametrize(("description", "name"), [
    ('<description type="Holdem" stakes="No Limit ($0.02/$0.04)"/>', "Hold'em No Limit"),
    ('<description type="Omaha H/L8 Tournament" stakes="Pot Limit"/>',
     "Omaha Hi/Lo Pot Limit"),
    ('<description type="5-Draw w/Joker" stakes="Pot Limit ($0.05/$0.10)"/>',
     "5 Card Draw with a Joker Pot Limit"),
    ('<description type="Pineapple" stakes="Limit $1/$2"/>', "Pineapple Limit"),
])
def test_a_game_of_another_kind_is_skipped_by_name(description: str, name: str) -> None:
    holdem = """\t<round id="PREFLOP" sequence="2">
\t\t<event sequence="3" type="FOLD" timestamp="3" player="0"/>
\t\t<cards type="COMMUNITY" cards="7d,Qs,Ah" hand="Ace High"/>
\t</round>"""
    read = records("\n".join([description, game(holdem), BADUGI, game(FOLDED, 2)]))
    assert [type(r) for r in read] == [SkippedHand, SessionStart, Hand]
    assert (read[0].game, read[0].hand_id, read[0].line) == (name, "merge#31274465-1", 2)


def test_a_mixed_game_names_each_hand_by_its_own_game() -> None:
    text = ('<description type="HORSE" stakes="Limit $1/$2" version="2" />\n'
            + game(FOLDED).replace('gametype="71"', 'gametype="75" multigametype="47"'))
    (skipped,) = records(text)
    assert skipped.game == "Razz Limit"


# -- damaged and hostile files -----------------------------------------------------------------

def test_a_truncated_file_loses_only_its_last_hand() -> None:
    whole = BADUGI + "\n" + game(FOLDED, 1) + game(SHOWDOWN, 2)
    cut = "\n".join(whole.splitlines()[:40])
    read = records(cut)
    assert [r.hand_id for r in read if isinstance(r, Hand)] == ["merge#31274465-1"]
    assert errors(cut) == [(40, 1, "game merge#31274465-2: the file ends inside the game "
                                   "(no </game>)", True)]


def test_a_game_cut_short_inside_the_file_costs_that_game_only() -> None:
    first = "\n".join(game(SHOWDOWN, 1).splitlines()[:20])
    text = "\n".join([BADUGI, first, game(FOLDED, 2)])
    assert [h.hand_id for h in hands(text)] == ["merge#31274465-2"]
    assert errors(text) == [(22, 1, "game merge#31274465-1: a new <game> starts before the "
                                    "</game> of this one", True)]


def test_a_broken_tag_is_a_positioned_error_and_reading_resumes_at_the_next_game() -> None:
    broken = game(SHOWDOWN, 1).replace('<event sequence="7" type="BET"',
                                       '<event sequence="7" type="BET" <')
    text = "\n".join([BADUGI, broken, game(FOLDED, 2), game(FOLDED, 3)])
    assert [h.hand_id for h in hands(text)] == ["merge#31274465-2", "merge#31274465-3"]
    assert errors(text) == [(22, 34, "game merge#31274465-1: malformed XML: not well-formed "
                                     "(invalid token)", True)]


def test_a_tag_cut_off_by_the_next_game_loses_neither_the_next_game() -> None:
    lines = game(SHOWDOWN, 1).splitlines()
    cut = "\n".join([*lines[:20], lines[20][:30]])
    text = "\n".join([BADUGI, cut, game(FOLDED, 2)])
    assert [h.hand_id for h in hands(text)] == ["merge#31274465-2"]
    (error,) = [r for r in records(text) if isinstance(r, ParseError)]
    assert (error.line, error.hand_lost) == (23, True)
    assert error.message.startswith("game merge#31274465-1: malformed XML")


@pytest.mark.parametrize("doctype", [
    '<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>',
    '<!DOCTYPE game SYSTEM "file:///etc/passwd">',
])
def test_a_doctype_is_refused(doctype: str) -> None:
    text = "\n".join([BADUGI, doctype, game(FOLDED).replace("Ana", "&lol2;"), game(FOLDED, 2)])
    assert errors(text)[0] == (
        2, 1, "malformed XML: a DOCTYPE is refused: Merge exports have none, and its "
              "entities could expand without bound", False)
    assert [h.hand_id for h in hands(text)] == ["merge#31274465-2"]


def test_an_undeclared_entity_costs_its_hand() -> None:
    text = "\n".join([BADUGI, game(FOLDED).replace('"Ana"', '"&lol;"'), game(FOLDED, 2)])
    assert errors(text) == [
        (4, 3, "game merge#31274465-1: malformed XML: undefined entity", True)]
    assert [h.hand_id for h in hands(text)] == ["merge#31274465-2"]


@pytest.mark.parametrize(("old", "new", "where"), [
    ('type="CHECK" timestamp="11"', 'type="CHEK" timestamp="11"',
     (31, 1, "unknown event type 'CHEK'")),
    ('cards="4c,2d,7h,5s"', 'cards="4c,2d,7h,5x"',
     (46, 1, "expected cards such as Qh,Tc,4s (null for a hidden card), got '5x'")),
    ('player="2" amount="2.00"', 'player="7" amount="2.00"',
     (40, 1, "seat '7' acts, but nobody sits there")),
    ('type="BET" timestamp="7" player="2" amount="1.00"',
     'type="BET" timestamp="7" player="2" amount="1.0.0"', (22, 1, "'1.0.0' is not an amount")),
    ('player="2" text="1"', 'player="2" text="99999999999"',
     (17, 1, "expected how many cards are drawn, 0 to 4, got '99999999999'")),
    ('<round id="SHOWDOWN"', '<round id="RIVER"', (43, 1, "unknown round 'RIVER'")),
])
def test_an_unreadable_element_damages_its_hand_only(old: str, new: str,
                                                     where: tuple[int, int, str]) -> None:
    text = BADUGI + "\n" + game(SHOWDOWN.replace(old, new, 1))
    line, column, message = where
    assert errors(text) == [(line, column, f"game merge#31274465-1: {message}", False)]
    hand, = hands(text)
    assert hand.damaged == (line,)


@pytest.mark.parametrize(("text", "message"), [
    ("not a merge export\n" + BADUGI, (1, 1, "expected a Merge export's <description> or "
                                             "<game> element", True)),
    (game(FOLDED), (1, 1, "game merge#31274465-1: a <game> before any <description> of its "
                          "game and stakes", True)),
    ('<description type="Badugi" stakes="Fixed $1/$2"/>\n' + game(FOLDED),
     (1, 1, "expected a game and stakes such as type=\"Badugi\" stakes=\"Limit $1/$2\", got "
            "type='Badugi' stakes='Fixed $1/$2'", True)),
])
def test_a_header_that_cannot_be_read_is_an_error(text: str, message: tuple) -> None:
    assert errors(text)[0] == message


def test_an_empty_file_is_an_error() -> None:
    assert [str(r) for r in read_merge(b"", name="empty.xml")] == [
        "empty.xml:1:1: empty file"]


def test_an_xml_declaration_is_read_past() -> None:
    text = '<?xml version="1.0" encoding="utf-8"?>\n' + BADUGI + "\n" + game(FOLDED)
    assert [type(r) for r in records(text)] == [SessionStart, Hand]


def test_memory_holds_one_game_at_a_time() -> None:
    from badugi_hh.parsers import merge
    reader = merge._MergeReader("many.xml")
    lines = (BADUGI + "\n" + "".join(game(FOLDED, n) for n in range(1, 30))).splitlines()
    for number, text in enumerate(lines, 1):
        list(reader.feed(number, text))
    assert reader.root is not None and len(reader.root) == 0


def test_a_new_description_starts_a_new_session() -> None:
    pot_limit = '<description type="Badugi" stakes="Pot Limit ($0.50/$1)"/>'
    read = records("\n".join([BADUGI, game(FOLDED, 1), pot_limit, game(FOLDED, 2)]))
    assert [type(r) for r in read] == [SessionStart, Hand, SessionStart, Hand]
    assert [(h.ruleset.structure, h.ruleset.small_blind) for h in read[1::2]] == [
        ("fixed", 50), ("pot", 50)]


def test_board_cards_in_a_draw_game_are_an_error() -> None:
    body = FOLDED.replace('<event sequence="3" type="FOLD" timestamp="3" player="0"/>',
                          '<cards type="COMMUNITY" cards="7d,Qs,Ah" hand="Ace High"/>\n'
                          '\t\t<event sequence="3" type="FOLD" timestamp="3" player="0"/>')
    assert errors(BADUGI + "\n" + game(body)) == [
        (12, 1, "game merge#31274465-1: unknown cards type 'COMMUNITY'", False)]


def test_a_game_whose_lines_zeros_took_is_not_judged_after_them() -> None:
    """Zeros (a crash's, a disk repair's) where a game's blinds were: the game is kept
    with the lines before them and not judged after them, where the blinds' absence made
    every later bet a false finding."""
    text = BADUGI + "\n" + game(SHOWDOWN).replace('realmoney=', 'seats="2" realmoney=')
    lines = text.split("\n")
    lines[7:9] = ["\0" * len(lines[7]), "\0" * len(lines[8])]   # the two blinds' events
    read = records("\n".join(lines))
    [hand] = [r for r in read if isinstance(r, Hand)]
    assert hand.damaged == (8, 9)
    (report,) = [r for r in audit(read) if isinstance(r, HandReport)]
    assert report.violations == []
