"""What each site reader says of a hand beside its play (site, currency, table, tournament,
buy-in, level, hero), on the real exports and on hands written in each site's wording for
what the real files lack: tournaments, play money, euros. And that the store keeps what the
readers say rather than its own guesses."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

import pytest

from badugi_hh.events import Hand, Note
from badugi_hh.parsers import read_records
from badugi_hh.parsers.fulltilt import read_fulltilt
from badugi_hh.parsers.kingsclub import read_kingsclub
from badugi_hh.parsers.merge import read_merge
from badugi_hh.parsers.pokerstars import read_pokerstars
from badugi_hh.parsers.winamax import read_winamax
from badugi_hh.store import Store
from badugi_hh.rows.sessions import finishing_places
from sitekit import REAL


class Metadata(NamedTuple):
    site: str
    currency: str | None
    table: str
    tournament: str | None
    buy_in: str | None
    level: str | None
    hero: str | None


def metadata(hand: Hand) -> Metadata:
    return Metadata(hand.site, hand.currency, hand.table, hand.tournament, hand.buy_in,
                    hand.level, hand.hero)


def hands(records: object) -> list[Hand]:
    return [record for record in records if isinstance(record, Hand)]  # type: ignore


def cash(site: str, currency: str | None, table: str, hero: str | None = "Hero") -> Metadata:
    return Metadata(site, currency, table, None, None, None, hero)


# -- the real exports ------------------------------------------------------------------------

#: Every real file: what each of its hands says. Hero is None where no hole cards are
#: shown: a hand cancelled before the deal, the hero sitting out, a dead or partial hand,
#: and the Winamax export, whose hero's cards were cut out before it was published.
REAL_HANDS = {
    "pokerstars/cash-27td-fl-0.10-0.20-200911.txt": {cash("pokerstars", "USD", "Theodora VI")},
    "pokerstars/cash-27td-fl-0.10-0.20-201106.txt": {cash("pokerstars", "USD", "SeinV")},
    "pokerstars/cash-27td-fl-1-2-200809-hand-cancelled.txt": {
        cash("pokerstars", "USD", "Miriam III", hero=None)},
    "pokerstars/cash-badugi-fl-0.25-0.50-201009.txt": {cash("pokerstars", "USD", "Benkoela V")},
    "pokerstars/tour-badugi-fl-sng-201011.txt": {
        Metadata("pokerstars", None, "330855877 1", "330855877", "$1.00+$0.20", level,
                 "Player5") for level in ("I", "II", "III", "IV", "V", "VI", "VII")},
    "fulltilt/cash-27td-fl-0.10-0.20-201011.txt": {
        cash("fulltilt", "USD", "Lambie Dew 1 (6 max)")},
    "fulltilt/cash-27td-fl-10-20-201101-dead-hand.txt": {
        cash("fulltilt", "USD", "Gilmerton (heads up)", hero=None)},
    "fulltilt/cash-27td-fl-150-300-201011-sitting-out.txt": {
        cash("fulltilt", "USD", "Squaw Tea (6 max)", hero=None)},
    "fulltilt/cash-27td-fl-150-300-201012.txt": {
        cash("fulltilt", "USD", "David's Draw (6 max)")},
    "fulltilt/cash-27td-fl-20-40-201101-partial.txt": {
        cash("fulltilt", "USD", "High Breeze (6 max)", hero=None)},
    "fulltilt/cash-27td-fl-5-10-201211.txt": {cash("fulltilt", "USD", "Tam (6 max)")},
    "fulltilt/cash-a5td-fl-0.05-0.10-201104.txt": {
        cash("fulltilt", "USD", "Butterfield (6 max)")},
    "fulltilt/cash-badugi-fl-0.10-0.20-201305.txt": {
        cash("fulltilt", "USD", "Clackers (New to the Game)")},
    "fulltilt/tour-27td-fl-headsup-sng-201211.txt": {
        Metadata("fulltilt", None, "1", "243560420", "$10", None, "Hero")},
    # KingsClub names no currency (docs/format.md, "KingsClub").
    "kingsclub/cash-27sd-nl-125-250-202101-missed-sb.txt": {
        cash("kingsclub", None, "Bobbys Room Mix")},
    "kingsclub/cash-27sd-nl-25-50-202108-run-it-twice.txt": {cash("kingsclub", None, "The Zoo")},
    "kingsclub/cash-27td-fl-40-80-202101.txt": {cash("kingsclub", None, "8 Game Mix")},
    "kingsclub/cash-a5sd-fl-50-100-202102.txt": {cash("kingsclub", None, "HU Single Draw Mix")},
    "kingsclub/cash-a5td-fl-44-88-202010.txt": {cash("kingsclub", None, "Real Deal Mix")},
    "kingsclub/cash-badugi-fl-30-60-202010.txt": {cash("kingsclub", None, "Bronx  BT")},
    "merge/cash-27td-fl-1-2-201104-multi.xml.txt": {
        cash("merge", "USD", "Minnehaha (33423082)")},
    "merge/cash-27td-fl-1-2-201104-showdown.xml.txt": {
        cash("merge", "USD", "Minnehaha (33423082)")},
    "merge/cash-27td-pl-0.05-0.10-201102.xml.txt": {cash("merge", "USD", "Burney (31691047)")},
    "merge/cash-a5td-fl-0.50-1-201105.xml.txt": {cash("merge", "USD", "Bow Glacier (33997611)")},
    "winamax/cash-27td-fl-0.50-1-201610.txt": {
        cash("winamax", "PLAY", "Suceava 02", hero=None)},
    "ongame/cash-5cd-fl-usd-1-2-201109-goalwin.txt": {cash("ongame", "USD", "Irbid")},
}


def test_every_real_file_is_listed() -> None:
    found = {path.relative_to(REAL).as_posix() for path in REAL.glob("*/*.txt")}
    assert found == set(REAL_HANDS)


@pytest.mark.parametrize("name", sorted(REAL_HANDS))
def test_the_real_hands_say_where_and_in_what_they_were_played(name: str) -> None:
    read = hands(read_records(REAL / name))
    assert read
    assert {metadata(hand) for hand in read} == REAL_HANDS[name]


def test_the_sng_states_the_finishing_places_the_store_reads() -> None:
    places: dict[str, int] = {}
    for hand in hands(read_records(REAL / "pokerstars" / "tour-badugi-fl-sng-201011.txt")):
        places.update(finishing_places(hand))
    assert places == {"Player2": 8, "Player3": 7, "Player7": 6, "Player1": 5, "Player0": 4,
                      "Player5": 3}


# -- PokerStars, written --------------------------------------------------------------------

def pokerstars(game: str, sign: str = "$", table_extra: str = "",
               first: str = "PokerStars Game #1:") -> Hand:
    """A hand of two at 'Demo', the stakes' amounts written with ``sign``."""
    log = f"""{first} {game} - 2010/09/05 10:32:15 ET
Table 'Demo' 8-max{table_extra} Seat #1 is the button
Seat 1: Ana ({sign}500 in chips)
Seat 2: Mr Pink ({sign}500 in chips)
Mr Pink: posts small blind {sign}5
Ana: posts big blind {sign}10
*** DEALING HANDS ***
Dealt to Mr Pink [As 2h 3d 4c]
Mr Pink: folds
Uncalled bet ({sign}5) returned to Ana
Ana collected {sign}10 from pot
*** SUMMARY ***
Total pot {sign}10 | Rake {sign}0
"""
    [hand] = hands(read_pokerstars(log))
    return hand


@pytest.mark.parametrize(("game", "sign", "table_extra", "currency"), [
    ("Badugi Limit ($10/$20 USD)", "$", "", "USD"),
    ("Badugi Limit ($10/$20)", "$", "", "USD"),               # the code left out
    ("Badugi Limit (€10/€20 EUR)", "€", "", "EUR"),
    ("Badugi Limit (£10/£20 GBP)", "£", "", "GBP"),
    ("Badugi Limit ($10/$20 CAD)", "$", "", "CAD"),
    ("Badugi Limit (10/20)", "", " (Play Money)", "PLAY"),
])
def test_pokerstars_cash_currencies(game: str, sign: str, table_extra: str,
                                    currency: str) -> None:
    hand = pokerstars(game, sign, table_extra)
    assert metadata(hand) == cash("pokerstars", currency, "Demo", hero="Mr Pink")


def test_pokerstars_home_game_chips_are_not_play_money() -> None:
    hand = pokerstars("{Dazzle's Room} Badugi Limit (10/20)", "",
                      first="PokerStars Home Game Hand #1:")
    assert metadata(hand) == cash("pokerstars", None, "Demo", hero="Mr Pink")


@pytest.mark.parametrize(("game", "buy_in", "level"), [
    ("Tournament #2, €2+€0.20 EUR Badugi Limit - Level IV (10/20)", "€2+€0.20", "IV"),
    ("Tournament #2, 100FPP Badugi Limit - Level III (10/20)", "100FPP", "III"),
    ("Tournament #2, Freeroll  Badugi Limit - Level II (10/20)", "Freeroll", "II"),
    ("Tournament #2, $10+$1+$5 USD Badugi Limit - Match Round I, Level V (10/20)",
     "$10+$1+$5", "V"),
    ("Tournament #2, 100+9 8-Game (Badugi Limit) - Level VI (10/20)", "100+9", "VI"),
    ("Tournament #2, Badugi Limit (10/20)", None, None),
])
def test_pokerstars_tournaments(game: str, buy_in: str | None, level: str | None) -> None:
    hand = pokerstars(game, "")
    assert metadata(hand) == Metadata("pokerstars", None, "Demo", "2", buy_in, level,
                                      "Mr Pink")


def test_full_tilt_hands_of_2016_are_full_tilts() -> None:
    hand = pokerstars("Badugi Limit ($10/$20)", first="Full Tilt Hand #1:")
    assert (hand.site, hand.currency, hand.hand_id) == ("fulltilt", "USD", "ps-1")


# -- Full Tilt, written ---------------------------------------------------------------------

def fulltilt(where: str, stakes: str, sign: str = "$") -> Hand:
    log = f"""Full Tilt Poker Game #1: {where} - FL Badugi - {stakes} - 10:18:16 ET - 2013/05/08
Seat 1: Ana ({sign}100)
Seat 2: Bruno ({sign}200)
Ana posts the small blind of {sign}5
Bruno posts the big blind of {sign}10
The button is in seat #1
*** HOLE CARDS ***
Dealt to Bruno [As 2h 3d 4c]
Ana folds
Uncalled bet of {sign}5 returned to Bruno
Bruno wins the pot ({sign}10)
Ana finished in 2nd place
"""
    [hand] = hands(read_fulltilt(log))
    return hand


@pytest.mark.parametrize(("where", "stakes", "sign", "expected"), [
    ("Table T (6 max)", "$10/$20", "$", cash("fulltilt", "USD", "T (6 max)", "Bruno")),
    ("Table T", "€10/€20", "€", cash("fulltilt", "EUR", "T", "Bruno")),
    ("Table Play Chip 2409 (6 max)", "10/20", "",
     cash("fulltilt", "PLAY", "Play Chip 2409 (6 max)", "Bruno")),
    ("$5 + $0.50 Sit & Go (77), Table 3", "10/20", "",
     Metadata("fulltilt", None, "3", "77", "$5 + $0.50", None, "Bruno")),
    ("MiniFTOPS Main Event (255707037), Table 179", "10/20", "",
     Metadata("fulltilt", None, "179", "255707037", None, None, "Bruno")),
])
def test_full_tilt(where: str, stakes: str, sign: str, expected: Metadata) -> None:
    assert metadata(fulltilt(where, stakes, sign)) == expected


def test_full_tilt_keeps_its_wording_of_a_finishing_place() -> None:
    """Full Tilt writes 'finished in 2nd place', without PokerStars' 'the tournament'."""
    hand = fulltilt("$5 Sit & Go (77), Table 3", "10/20", "")
    assert Note(kind="tournament", text="Ana finished in 2nd place", line=12) in hand.events


# -- KingsClub, written ---------------------------------------------------------------------

def test_kingsclub_tournament_table() -> None:
    log = """#7: Limit Badugi - 30/60
2020-10-30 19:53:19
Table 'T4321 [2]' Seat 1 is the button
Seat 1: Ana (1,285)
Seat 2: Bruno (630)
*** 1ST BETTING ROUND ***
Ana: posts the small blind 15
Bruno: posts the big blind 30
Dealt to Ana: [X X X X]
Dealt to Bruno: [As 2h 3d 4c]
Ana folds
*** SUMMARY ***
Seat 1: Ana (1,270) -15
Seat 2: Bruno (645) +15
Bruno wins pot (45)
"""
    [hand] = hands(read_kingsclub(log))
    assert metadata(hand) == Metadata("kingsclub", None, "T4321 [2]", "4321", None, None,
                                      "Bruno")


# -- Winamax, written ---------------------------------------------------------------------

def winamax(kind: str, stakes: str, table: str, money: str, sign: str = "€") -> Hand:
    log = f"""Winamax Poker - {kind} - HandId: #91-2-14 - Lowball27 fixed limit ({stakes}) - \
2016/10/11 12:42:36 UTC
Table: '{table}' 6-max{money} Seat #1 is the button
Seat 1: Ana B (20{sign})
Seat 2: Bruno (13.05{sign})
*** ANTE/BLINDS ***
Ana B posts small blind 0.25{sign}
Bruno posts big blind 0.50{sign}
Dealt to Bruno [2h Td 8c 7c 8s]
*** FIRST-BET ***
Ana B folds
Bruno collected 0.75{sign} from pot
*** SUMMARY ***
Total pot 0.75{sign} | No rake
"""
    [hand] = hands(read_winamax(log))
    return hand


@pytest.mark.parametrize(("kind", "stakes", "table", "money", "sign", "expected"), [
    ("CashGame", "0.50€/1€", "Suceava 02", " (real money)", "€",
     cash("winamax", "EUR", "Suceava 02", "Bruno")),
    ("CashGame", "0.50/1", "Suceava 02", " (real money)", "",
     cash("winamax", "EUR", "Suceava 02", "Bruno")),
    ("Go Fast \"Buzau\"", "0.50€/1€", "Buzau", "", "€",
     cash("winamax", "EUR", "Buzau", "Bruno")),
    ("CashGame", "0.50/1", "Suceava 02", " (play money)", "",
     cash("winamax", "PLAY", "Suceava 02", "Bruno")),
    ("Tournament \"Freeroll 150€\" buyIn: 0,90€ + 0,10€ level: 4", "0.50/1",
     "Freeroll 150€(5142226)#004", " (real money)", "",
     Metadata("winamax", None, "Freeroll 150€(5142226)#004", "5142226", "0,90€ + 0,10€",
              "4", "Bruno")),
])
def test_winamax(kind: str, stakes: str, table: str, money: str, sign: str,
                 expected: Metadata) -> None:
    assert metadata(winamax(kind, stakes, table, money, sign)) == expected


# -- Merge, written -------------------------------------------------------------------------

def merge(description: str, realmoney: str, data: str) -> Hand:
    log = f"""{description}
<game id="7-1" starttime="20110419085211" numholecards="4" gametype="71"
 realmoney="{realmoney}" data="{data}">
<players dealer="3">
  <player seat="1" nickname="Ana" balance="30.00" dealtin="true" />
  <player seat="3" nickname="Bruno" balance="50.00" dealtin="true" />
</players>
<round id="BLINDS" sequence="1">
  <event sequence="1" type="SMALL_BLIND" player="3" amount="0.50"/>
  <event sequence="2" type="BIG_BLIND" player="1" amount="1.00"/>
</round>
<round id="PRE_FIRST_DRAW" sequence="2">
  <event sequence="3" type="FOLD" player="3"/>
  <cards type="HOLE" cards="Qh,Tc,4s,6h" player="1"/>
</round>
<round id="END_OF_FOLDED_GAME" sequence="3">
  <winner amount="1.50" uncalled="false" potnumber="1" player="1" pottype="n"/>
</round>
</game>
"""
    [hand] = hands(read_merge(log))
    return hand


@pytest.mark.parametrize(("description", "realmoney", "data", "expected"), [
    ('<description type="Badugi" stakes="Limit $1/$2"/>', "true",
     "20110419|Minnehaha (7)|7|7-1|false", cash("merge", "USD", "Minnehaha (7)", "Ana")),
    ('<description type="Badugi" stakes="Limit 1/2"/>', "false",
     "20111230|Play Money (7)|7|7-1|false", cash("merge", "PLAY", "Play Money (7)", "Ana")),
    ('<description type="Badugi Tournament" stakes="Limit Level 4 Blinds 0.50/1"/>', "true",
     "20111230|Fun Step 1|46165833-1|7-1|true",
     Metadata("merge", None, "46165833-1", "46165833", None, "4", "Ana")),
])
def test_merge(description: str, realmoney: str, data: str, expected: Metadata) -> None:
    assert metadata(merge(description, realmoney, data)) == expected


# -- the store ------------------------------------------------------------------------------

def test_the_store_keeps_what_the_readers_say(tmp_path: Path) -> None:
    """Every real hand the store keeps (all but pot limit and hands not played) has the
    reader's site, table, tournament, buy-in, level and hero, and its currency where the
    reader names one; where none is named (KingsClub's cents, a tournament's chips) the
    store's currency is chips, never a currency the log does not name."""
    said = {(str(path), hand.hand_id): hand
            for path in sorted([*REAL.glob("*/*.txt"), *REAL.glob("*/*.xml")])
            for hand in hands(read_records(path))}
    with Store(tmp_path / "real.duckdb") as store:
        store.import_paths([REAL])
        rows = store.connection.sql(
            "SELECT source, hand_id, site, currency, table_name, tournament_id, buy_in, level, "
            "hero FROM hands").fetchall()
    assert len(rows) > 200 and {(source, hand_id) for source, hand_id, *_ in rows} <= set(said)
    for source, hand_id, site, currency, table, tournament, buy_in, level, hero in rows:
        hand = said[(source, hand_id)]
        assert (site, table, tournament, buy_in, level, hero) == (
            hand.site, hand.table, hand.tournament, hand.buy_in, hand.level, hand.hero)
        expected = hand.currency or "chips"
        assert currency == expected, (source, hand_id)
