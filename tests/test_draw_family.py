"""2-7 single draw and five-card draw at every site that deals them, read into events.

Each hand below is written in the shape of the site's own exports (as fpdb's public
regression files show them); the engine audits these games once it knows them, and
counts them as skipped till then. What the readers must get right is checked here
with what any importer can check without the hidden cards: each player's chips
(``badugi_hh.ledger``) against the pot, the rake and the nets the log states.
"""

from __future__ import annotations

import pytest

from badugi_hh.events import (
    Deal, Draw, DrawnCards, Hand, NetStated, Note, ParseError, PotTotal, Record, RunCards, Show,
    SkippedHand, Street,
)
from badugi_hh.ledger import hand_ledger
from badugi_hh.parsers import read_records
from badugi_hh.parsers.fulltilt import read_fulltilt
from badugi_hh.parsers.kingsclub import read_kingsclub
from badugi_hh.parsers.merge import read_merge
from badugi_hh.parsers.pokerstars import read_pokerstars
from badugi_hh.cards import parse_cards

STARS_SINGLE = """PokerStars Game #7001:  Single Draw 2-7 Lowball No Limit ($0.25/$0.50 USD) - 2011/06/26 23:34:01 WET [2011/06/26 18:34:01 ET]
Table 'Alba' 6-max Seat #3 is the button
Seat 1: Ana ($24 in chips)
Seat 2: Bo ($31.60 in chips)
Seat 3: Cy ($10.65 in chips)
Ana: posts small blind $0.25
Bo: posts big blind $0.50
*** DEALING HANDS ***
Dealt to Cy [3s Qd 7s 9s Jc]
Cy: raises $2 to $2.50
Ana: folds
Bo: calls $2
Bo: discards 1 card
Cy: discards 5 cards [3s Qd 7s 9s Jc]
Dealt to Cy [2d 4h 5c 8s 7d]
Bo: checks
Cy: checks
*** SHOW DOWN ***
Bo: shows [8h 3c 4s 8d 7d] (Lo: a pair of Eights)
Cy: shows [2d 4h 5c 8s 7d] (Lo: 8,7,5,4,2)
Cy collected $5.05 from pot
*** SUMMARY ***
Total pot $5.25 | Rake $0.20
Seat 1: Ana (small blind) folded before Flop
Seat 2: Bo (big blind) showed [8h 3c 4s 8d 7d] and lost with Lo: a pair of Eights
Seat 3: Cy (button) showed [2d 4h 5c 8s 7d] and won ($5.05) with Lo: 8,7,5,4,2
"""

STARS_FIVE = """PokerStars Hand #7002:  5 Card Draw Limit ($30/$60 USD) - 2016/05/11 10:23:37 EET [2016/05/11 3:23:37 ET]
Table 'Elara II' 6-max Seat #4 is the button
Seat 1: Dee ($3316 in chips)
Seat 4: Cy ($803 in chips)
Cy: posts small blind $15
Dee: posts big blind $30
*** DEALING HANDS ***
Dealt to Cy [Ad Jd 7d Ah 5c]
Cy: raises $30 to $60
Dee: calls $30
Dee: discards 3 cards
Cy: discards 3 cards [Jd 7d 5c]
Dealt to Cy [Ad Ah] [3s 8s As]
Dee: checks
Cy: bets $60
Dee: raises $60 to $120
Cy: raises $60 to $180
Dee: calls $60
*** SHOW DOWN ***
Cy: shows [Ad 3s 8s Ah As] (three of a kind, Aces)
Dee: mucks hand
Cy collected $479 from pot
*** SUMMARY ***
Total pot $480 | Rake $1
Seat 1: Dee (big blind) mucked [6d 4d 4s 6h 2s]
Seat 4: Cy (button) (small blind) showed [Ad 3s 8s Ah As] and won ($479) with three of a kind, Aces
"""


def hands_of(records: list[Record]) -> list[Hand]:
    assert [str(record) for record in records if isinstance(record, ParseError)] == []
    return [record for record in records if isinstance(record, Hand)]


def pot_and_rake_hold(hand: Hand) -> None:
    """The pot the players put in is the log's total, and what it paid plus the rake."""
    ledger = hand_ledger(hand)
    pot = sum(player.put_in - player.returned for player in ledger.values())
    [total] = [event for event in hand.events if isinstance(event, PotTotal)]
    assert total.total in (None, pot)
    assert sum(player.collected for player in ledger.values()) + total.rake == pot


@pytest.mark.parametrize(("text", "game", "structure", "big_blind"), [
    (STARS_SINGLE, "27sd", "no", 50), (STARS_FIVE, "5cd", "fixed", 3000),
])
def test_pokerstars_single_draws_read_with_their_draw_marked(text: str, game: str,
                                                            structure: str,
                                                            big_blind: int) -> None:
    [hand] = hands_of(list(read_pokerstars(text, name="ps.txt")))
    rules = hand.ruleset
    assert (rules.game, rules.structure, rules.draws, rules.hand_size, rules.big_blind) == (
        game, structure, 1, 5, big_blind)
    # PokerStars writes no marker for the draw: the reader puts one before the first discard
    [draw_street] = [event for event in hand.events if isinstance(event, Street)
                     and event.kind == "draw"]
    first_draw = next(event for event in hand.events if isinstance(event, Draw))
    assert (draw_street.number, draw_street.line) == (1, first_draw.line)
    pot_and_rake_hold(hand)


def test_a_hero_who_throws_all_five_gets_his_new_hand_in_one_list() -> None:
    [hand] = hands_of(list(read_pokerstars(STARS_SINGLE, name="ps.txt")))
    [drawn] = [event for event in hand.events if isinstance(event, DrawnCards)]
    assert (drawn.player, drawn.cards) == ("Cy", parse_cards("2d 4h 5c 8s 7d"))
    assert [event.player for event in hand.events if isinstance(event, Deal)] == [
        "Ana", "Bo", "Cy"]


TILT_MIX = """Full Tilt Poker Game #29704292700: Table Jackal (6 max) - $0.50/$1 Ante $0.25 - No Limit 2-7 Single Draw - 19:44:24 CET - 2011/04/07 [13:44:24 ET - 2011/04/07]
Seat 1: Tree ($110.45)
Seat 2: Grim ($83.75), is sitting out
Seat 5: Allie ($106.40)
Seat 6: Hero ($119.95)
Hero antes $0.25
Tree antes $0.25
Allie antes $0.25
Hero posts the small blind of $0.50
Allie is feeling confused
Tree posts the big blind of $1
The button is in seat #5
*** HOLE CARDS ***
Dealt to Hero [5h Ks 7h 9c Td]
Allie calls $1
Hero folds
Tree checks
*** DRAW *** (Pot: $3.25)
Tree discards 2 cards
Allie discards 1 card
Tree is dealt 2 cards
Allie is dealt 1 card
Tree checks
Allie checks
*** SHOW DOWN ***
Tree shows [4h 4s Tc 5c 2c] a pair of Fours
Allie shows [2s 2h Ts 7c 4c] a pair of Twos
Allie wins the pot ($3.10) with a pair of Twos
*** SUMMARY ***
Total pot $3.25 | Rake $0.15
Seat 1: Tree (big blind) showed [4h 4s Tc 5c 2c] and lost with a pair of Fours
Seat 2: Grim is sitting out
Seat 5: Allie (button) showed [2s 2h Ts 7c 4c] and won ($3.10) with a pair of Twos
Seat 6: Hero (small blind) folded before the Draw



Full Tilt Poker Game #29704303876: Table Jackal (6 max) - $0.50/$1 Ante $0.25 - Limit Razz - 19:44:52 CET - 2011/04/07 [13:44:52 ET - 2011/04/07]
Seat 1: Tree ($109.20)
the rest of a Razz hand is not read



Full Tilt Poker Game #25340539000: Table Axle (6 max) - $0.10/$0.25 - Pot Limit 5 Card Draw - 02:58:00 ET - 2010/11/07
Seat 2: Pat ($14.70)
Seat 3: Hero ($27.13)
Seat 4: Quin ($8)
Pat posts the small blind of $0.10
Hero posts the big blind of $0.25
The button is in seat #4
*** HOLE CARDS ***
Dealt to Hero [Qd Jh Kc Qh 3s]
Quin calls $0.25
Pat folds
Hero checks
*** DRAW *** (Pot: $0.60)
Hero discards 3 cards [Jh Kc 3s]
Quin discards 2 cards
Dealt to Hero [Qd Qh] [7c Ad 3c]
Quin is dealt 2 cards
Hero checks
Quin bets $0.25
Hero calls $0.25
*** SHOW DOWN ***
Quin shows [9c 9s 9d Ac 2s] three of a kind, Nines
Hero mucks
Quin wins the pot ($1.05) with three of a kind, Nines
*** SUMMARY ***
Total pot $1.10 | Rake $0.05
Seat 2: Pat (small blind) folded before the Draw
Seat 3: Hero (big blind) mucked [Qd Qh 7c Ad 3c] - a pair of Queens
Seat 4: Quin (button) showed [9c 9s 9d Ac 2s] and won ($1.05) with three of a kind, Nines
"""


def test_full_tilt_reads_every_draw_hand_of_a_mixed_file() -> None:
    records = list(read_fulltilt(TILT_MIX, name="ft.txt"))
    single, five = hands_of(records)
    assert [skipped.game for skipped in records if isinstance(skipped, SkippedHand)] == [
        "Limit Razz"]
    assert (single.ruleset.game, single.ruleset.structure, single.ruleset.draws) == (
        "27sd", "no", 1)
    assert (five.ruleset.game, five.ruleset.structure, five.ruleset.big_blind) == (
        "5cd", "pot", 25)
    # The antes and the single draw's one marker, '*** DRAW ***'
    assert [(event.kind, event.number) for event in single.events
            if isinstance(event, Street)] == [("deal", 1), ("draw", 1), ("showdown", 1),
                                              ("summary", 1)]
    for hand in (single, five):
        pot_and_rake_hold(hand)


KINGS_SINGLE = """#45393683: No Limit 2-7 Single Draw - 25/50
2021-08-04 22:17:57
Table 'The Zoo' Seat 1 is the button
Seat 1: Ana (1,200)
Seat 2: Hero (1,200)
Seat 3: Bo (1,200)
*** 1ST BETTING ROUND ***
Ana: posts ante 20
Hero: posts ante 20
Bo: posts ante 20
Hero: posts the small blind 25
Bo: posts the big blind 50
Dealt to Ana: [X X X X X]
Dealt to Hero: [2s Ts Qs 3h 9h]
Dealt to Bo: [X X X X X]
Ana raises to 150
Hero folds
Bo raises to 1,180, and is all in
Ana calls 1,180, and is all in
*** 1ST DRAW ***
Bo draws 2
Ana stands pat
Ana shows [4h 9d 8h 5h 3d]
Run 1: Bo shows [4c 8d 6h 2h 7h]
Run 2: Bo shows [4c 8d 6h 2h 5c]
*** 2ND BETTING ROUND ***
*** SUMMARY ***
Seat 1: Ana (0) -1,200
Seat 2: Hero (1,155) -45
Seat 3: Bo (2,518) +1,318
Rake 7
Bo wins pot (2,518)
"""


def test_kingsclub_single_draw_run_twice_reads_the_first_run_as_the_play_and_the_second() -> None:
    [hand] = hands_of(list(read_kingsclub(KINGS_SINGLE, name="kc.txt")))
    assert (hand.ruleset.game, hand.ruleset.structure, hand.ruleset.draws) == ("27sd", "no", 1)
    shows = [(event.player, event.cards) for event in hand.events if isinstance(event, Show)]
    assert shows == [("Ana", parse_cards("4h 9d 8h 5h 3d")),
                     ("Bo", parse_cards("4c 8d 6h 2h 7h"))]
    assert [event for event in hand.events if isinstance(event, RunCards)] == [
        RunCards(player="Bo", run=2, kind="shown", cards=parse_cards("4c 8d 6h 2h 5c"), line=25)]
    assert not [event for event in hand.events if isinstance(event, Note)]
    ledger = hand_ledger(hand)
    assert {name: ledger[name].net for name in ledger} == {
        event.player: event.amount for event in hand.events if isinstance(event, NetStated)}


MERGE_FIVE = """<description type="5-Draw" stakes="Pot Limit ($0.05/$0.10)"/>
<game id="40346359-19" starttime="20110909235102" numholecards="5" gametype="55" realmoney="true" data="20110909|Shishapangma (40346359)|40346359|40346359-19|false">
	<players dealer="1">
		<player seat="0" nickname="Ana" balance="$4.00" dealtin="true" />
		<player seat="1" nickname="Hero" balance="$10.00" dealtin="true" />
		<player seat="2" nickname="Bo" balance="$10.70" dealtin="true" />
	</players>
	<round id="BLINDS" sequence="1">
		<event sequence="1" type="SMALL_BLIND" timestamp="1" player="2" amount="0.05"/>
		<event sequence="2" type="BIG_BLIND" timestamp="2" player="0" amount="0.10"/>
	</round>
	<round id="PRE_FIRST_DRAW" sequence="2">
		<event sequence="4" type="CALL" timestamp="3" player="1" amount="0.10"/>
		<event sequence="7" type="CALL" timestamp="4" player="2" amount="0.05"/>
		<event sequence="8" type="CHECK" timestamp="5" player="0"/>
		<cards type="HOLE" cards="4h,7h,Ac,7c,6s" player="1" hand="Pair of Sevens"/>
	</round>
	<round id="FIRST_DRAW" sequence="3">
		<event sequence="9" type="DRAW" timestamp="6" player="2" text="3"/>
		<event sequence="10" type="DRAW" timestamp="7" player="0" text="0"/>
		<event sequence="12" type="DRAW" timestamp="8" player="1" text="3"/>
		<cards type="DRAW_DRAWN_CARDS" cards="8d,7h,9c,7c,2s" player="1" hand="Pair of Sevens"/>
	</round>
	<round id="POST_FIRST_DRAW" sequence="4">
		<event sequence="14" type="CHECK" timestamp="9" player="2"/>
		<event sequence="16" type="BET" timestamp="10" player="0" amount="0.30"/>
		<event sequence="17" type="FOLD" timestamp="11" player="1"/>
		<event sequence="18" type="FOLD" timestamp="12" player="2"/>
	</round>
	<round id="END_OF_FOLDED_GAME" sequence="5">
		<event sequence="21" type="MUCK" timestamp="13" player="0"/>
		<winner amount="0.58" uncalled="false" potnumber="1" player="0" pottype="n"/>
	</round>
</game>
"""


def test_merge_five_card_draw_reads_with_the_heros_redraw() -> None:
    [hand] = hands_of(list(read_merge(MERGE_FIVE, name="m.xml")))
    assert (hand.ruleset.game, hand.ruleset.structure, hand.ruleset.draws) == ("5cd", "pot", 1)
    draws = {event.player: event.discarded for event in hand.events if isinstance(event, Draw)}
    assert draws == {"Bo": (None,) * 3, "Ana": (), "Hero": parse_cards("4h Ac 6s")}
    pot_and_rake_hold(hand)


def test_a_file_of_every_site_reads_each_part_by_its_own() -> None:
    """One file holding a PokerStars, a Full Tilt and a KingsClub export, one after the
    other: each part is read by its site's reader."""
    import io
    text = STARS_SINGLE + "\n\n" + TILT_MIX + "\n\n" + KINGS_SINGLE
    records = list(read_records(io.BytesIO(text.encode())))
    assert [(hand.site, hand.ruleset.game) for hand in hands_of(records)] == [
        ("pokerstars", "27sd"), ("fulltilt", "27sd"), ("fulltilt", "5cd"),
        ("kingsclub", "27sd")]
