"""The rules sites play by beyond RULES.md (T1-T5), and how the audit treats what a
site log leaves out: players not dealt in, lines it could not read, other games."""

from __future__ import annotations

import dataclasses
import io
from pathlib import Path

from badugi_hh.engine import HandReport, SessionReport, audit
from badugi_hh.events import (
    Award, Bet, Button, Call, Check, Deal, Draw, DrawnCards, Event, Fold, Hand, Note,
    ParseError, PostBlind, Raise, Seat, SessionStart, SkippedHand, Street, SummaryResult,
    UncalledReturned,
)
from badugi_hh.parsers import read_records
from badugi_hh.parsers.phh import read_phh
from badugi_hh.parsers.site import site_ruleset
from badugi_hh.phh_writer import phh_fields, phh_text
from badugi_hh.rules import site_practice
from badugi_hh.writer import house_log

from handkit import c, found

SITE = site_ruleset("t", 100, 200, 8, rake=False)   # blinds 50/100
SEATS = {"Ana": 1, "Bruno": 2, "Carla": 3}
STACKS = {"Ana": 1000, "Bruno": 1000, "Carla": 1000}


def rules_found(events: list[Event], stacks: dict[str, int] | None = None) -> list[str]:
    """The rules broken while the hand is played (a hand cut short breaks B1 and S1 at its
    end, having no showdown and no award)."""
    return [rule for rule, _ in found(events, seats=SEATS, stacks=stacks or STACKS,
                                      ruleset=SITE) if rule not in ("B1", "S1")]


def blinds() -> list[Event]:
    """Ana on the button, Bruno the small blind, Carla the big blind; Ana acts first."""
    return [Button(seat=1), PostBlind(player="Bruno", amount=50, kind="small"),
            PostBlind(player="Carla", amount=100), Street(kind="deal")]


# -- T1: an all-in for less than a full bet or raise --------------------------------------

def test_a_raise_after_a_short_all_in_raise_goes_from_the_last_full_level() -> None:
    short = {**STACKS, "Ana": 130}
    events = blinds() + [Raise(player="Ana", to=130, all_in=True), Raise(player="Bruno", to=200)]
    assert "B2" not in rules_found(events, short)
    wrong = blinds() + [Raise(player="Ana", to=130, all_in=True), Raise(player="Bruno", to=230)]
    assert "B2" in rules_found(wrong, short)


def test_after_a_short_all_in_of_half_a_raise_or_more_both_readings_are_legal() -> None:
    """PokerStars completes it (fpdb's LBad-USD-MTT8-201011: 'raises 70 to 270 and is all-in',
    then 'raises 30 to 300'); the half-bet rule takes it as a full raise."""
    short = {**STACKS, "Ana": 160}
    for completed_to in (200, 260, 300):   # to the full raise, over the all-in, over 200
        events = blinds() + [Raise(player="Ana", to=160, all_in=True),
                             Raise(player="Bruno", to=completed_to)]
        assert "B2" not in rules_found(events, short)
    wrong = blinds() + [Raise(player="Ana", to=160, all_in=True), Raise(player="Bruno", to=250)]
    assert "B2" in rules_found(wrong, short)


def to_the_last_round() -> list[Event]:
    """Blinds, calls, and three draws with checks: the big bet (200) after the third."""
    events = blinds() + [Call(player="Ana", amount=100), Call(player="Bruno", amount=50),
                         Check(player="Carla")]
    for number in (1, 2, 3):
        events += [Street(kind="draw", number=number),
                   *[Draw(player=p, discarded=()) for p in ("Bruno", "Carla", "Ana")]]
        if number < 3:
            events += [Check(player="Bruno"), Check(player="Carla"), Check(player="Ana")]
    return events


def test_the_completion_of_a_short_all_in_bet() -> None:
    """``bets 50 and is all-in``, then ``raises 150 to 200`` by a player who has not acted
    since (big bet 200): he completes the bet."""
    short = {**STACKS, "Bruno": 150}
    events = to_the_last_round() + [Bet(player="Bruno", amount=50, all_in=True),
                                           Raise(player="Carla", to=200)]
    assert rules_found(events, short) == []


def test_a_short_all_in_bet_does_not_reopen_the_betting_for_a_player_who_checked() -> None:
    """Robert's Rules (limit): an all-in of less than half a bet does not reopen the betting
    for a player who has already acted; Bruno checked, so he may only call or fold (T8).
    This test expected the completion to be legal until the reopening rule was read."""
    short = {**STACKS, "Ana": 150}
    events = to_the_last_round() + [Check(player="Bruno"), Check(player="Carla"),
                                         Bet(player="Ana", amount=50, all_in=True)]
    assert rules_found(events + [Raise(player="Bruno", to=200)], short) == ["T8"]
    assert rules_found(events + [Call(player="Bruno", amount=50)], short) == []


def test_a_short_all_in_that_does_not_count_leaves_the_cap_alone() -> None:
    short = {**STACKS, "Carla": 330}
    events = blinds() + [Raise(player="Ana", to=200), Raise(player="Bruno", to=300),
                         Raise(player="Carla", to=330, all_in=True), Raise(player="Ana", to=400)]
    assert rules_found(events, short) == []
    assert rules_found(events + [Raise(player="Bruno", to=500)], short) == ["B3"]


# -- the hero's draws in site logs (D2, D3) ------------------------------------------------

def hero_draw(drawn: str) -> list[Event]:
    return blinds()[:3] + [
        Deal(player="Ana", cards=c("As 2h 3d Kd")), Deal(player="Bruno", cards=(None,) * 4),
        Deal(player="Carla", cards=(None,) * 4),
        Call(player="Ana", amount=100), Call(player="Bruno", amount=50), Check(player="Carla"),
        Street(kind="draw", number=1), Draw(player="Bruno", discarded=(None,)),
        Draw(player="Carla", discarded=()), Draw(player="Ana", discarded=c("2h 3d Kd")),
        DrawnCards(player="Ana", cards=c(drawn))]


def drawing_found(drawn: str) -> list[tuple[str, int]]:
    """What the draw breaks (the hand stops there: B1 and S1 at its end are left out)."""
    return [(rule, line) for rule, line in found(hero_draw(drawn), seats=SEATS, stacks=STACKS,
                                                 ruleset=SITE) if rule not in ("B1", "S1")]


def test_the_hero_receiving_fewer_cards_than_he_discarded_is_d2() -> None:
    assert drawing_found("4c 5c 6c") == []
    assert drawing_found("4c 5c") == [("D2", 14)]


def test_a_discarded_card_drawn_back_is_d3() -> None:
    assert drawing_found("4c 5c Kd") == [("D3", 14)]


# After a draw Full Tilt, PokerStars and Winamax restate the hero's hand: the cards he
# kept, then the new ones. The real exports, one line changed.
REAL = Path(__file__).resolve().parent / "data" / "real"


def restated_found(export: str, line: str, changed: str) -> list[tuple[str, int | None]]:
    text = (REAL / export).read_text(encoding="utf-8")
    assert text.count(line) == 1
    return [(v.rule, v.line) for r in audit(read_records(io.StringIO(text.replace(line, changed))))
            if isinstance(r, HandReport) for v in r.violations]


def test_kept_cards_that_contradict_the_hand_are_d2_once() -> None:
    full_tilt, stars = "fulltilt/cash-badugi-fl-0.10-0.20-201305.txt", (
        "pokerstars/cash-27td-fl-0.10-0.20-200911.txt")
    kept = "Dealt to Hero [4s 7h 5c] [2h]"   # he held 7s 4s 7h 5c and discarded 7s
    assert restated_found(full_tilt, kept, kept) == []
    assert restated_found(full_tilt, kept, "Dealt to Hero [9s 7h 5c] [2h]") == [("D2", 27)]
    assert restated_found(full_tilt, kept, "Dealt to Hero [7s 7h 5c] [2h]") == [("D2", 27)]
    assert restated_found(full_tilt, kept, "Dealt to Hero [4s 7h] [2h]") == [("D2", 27)]
    kept = "Dealt to Hero [3d Tc 7c] [5c Qs]"   # he held Kh Th 3d Tc 7c and discarded Kh Th
    assert restated_found(stars, kept, "Dealt to Hero [7c 3d Tc] [5c Qs]") == []
    assert restated_found(stars, kept, "Dealt to Hero [3d Tc Kh] [5c Qs]") == [("D2", 77)]


WINAMAX_COUNTED_DISCARDS = """Winamax Poker - CashGame - HandId: #91-2-14 - Lowball27 fixed limit (0.50€/1€) - 2016/10/11 12:42:36 UTC
Table: 'Suceava 02' 6-max (real money) Seat #1 is the button
Seat 1: Ana B (20€)
Seat 2: Hero (13€)
*** ANTE/BLINDS ***
Ana B posts small blind 0.25€
Hero posts big blind 0.50€
Dealt to Hero [2h Td 8c 7c 8s]
*** FIRST-BET ***
Ana B calls 0.25€
Hero checks
*** FIRST-DRAW ***
Hero discard 2 cards
Dealt to Hero [{kept}] [3d 4s]
Ana B discard 1 card
*** SECOND-BET ***
Hero checks
Ana B checks
*** SECOND-DRAW ***
Hero discard 0 card
Ana B discard 0 card
*** THIRD-BET ***
Hero checks
Ana B checks
*** THIRD-DRAW ***
Hero discard 0 card
Ana B discard 0 card
*** FOURTH-BET ***
Hero checks
Ana B checks
*** SHOW DOWN ***
Hero shows [{shown}] (High card : 8)
Ana B shows [Ks Qs Jd 9h 6c] (High card : King)
Hero collected 1€ from pot
*** SUMMARY ***
Total pot 1€ | No rake
Seat 2: Hero (big blind) won 1€
"""


def test_kept_cards_name_the_discards_a_site_writes_as_a_count() -> None:
    """Winamax writes the hero's discards as a count: the cards he kept say which."""
    def found(kept: str, shown: str) -> list[tuple[str, int | None]]:
        text = WINAMAX_COUNTED_DISCARDS.format(kept=kept, shown=shown)
        return [(v.rule, v.line) for r in audit(read_records(io.StringIO(text)))
                if isinstance(r, HandReport) for v in r.violations]

    assert found("2h 8c 7c", "2h 8c 7c 3d 4s") == []   # he threw Td and 8s
    assert found("7c 2h 8c", "7c 2h 8c 3d 4s") == []
    assert found("2h 8c 9c", "2h 8c 7c 3d 4s")[0] == ("D2", 14)   # 9c he never held


# PokerStars #35839176665 (tests/data/real/pokerstars/cash-27td-fl-0.10-0.20-200911.txt),
# its third draw changed so that the stub runs out in the hero's: 30 cards dealt, 21 drawn
# and no burn (PokerStars burns none) leave one for his first card; his second comes from
# the discards reshuffled, his own of this draw not among them (docs/rules.md, "Deck
# recycling").
STARS_RESHUFFLE = """PokerStars Game #35839176665:  Triple Draw 2-7 Lowball Limit ($0.10/$0.20 USD) - 2009/11/25 14:16:46 ET
Table 'Theodora VI' 6-max Seat #5 is the button
Seat 1: Hero ($4.54 in chips)
Seat 2: rumble1111 ($3.53 in chips)
Seat 3: Eisenherz73 ($7.54 in chips)
Seat 4: tom1206 ($4 in chips)
Seat 5: bakter9 ($2.22 in chips)
Seat 6: TheLabman ($6.54 in chips)
TheLabman: posts small blind $0.05
Hero: posts big blind $0.10
tom1206: posts big blind $0.10
*** DEALING HANDS ***
Dealt to Hero [5d Js 7d Jd 4d]
rumble1111: calls $0.10
Eisenherz73: calls $0.10
tom1206: checks
bakter9: folds
TheLabman: calls $0.05
Hero: checks
*** FIRST DRAW ***
TheLabman: discards 3 cards
Hero: discards 2 cards [Js Jd]
Dealt to Hero [5d 7d 4d] [6d 2s]
rumble1111: discards 2 cards
Eisenherz73: discards 2 cards
tom1206: discards 2 cards
TheLabman: checks
Hero: checks
rumble1111: checks
Eisenherz73: checks
tom1206: checks
*** SECOND DRAW ***
TheLabman: discards 3 cards
Hero: stands pat on [5d 7d 4d 6d 2s]
rumble1111: discards 2 cards
Eisenherz73: discards 1 card
tom1206: discards 2 cards
TheLabman: checks
Hero: checks
rumble1111: checks
Eisenherz73: checks
tom1206: checks
*** THIRD DRAW ***
TheLabman: discards 2 cards
The deck is reshuffled
Hero: discards 2 cards [6d 2s]
Dealt to Hero [5d 7d 4d] [{drawn}]
rumble1111: discards 1 card
Eisenherz73: discards 1 card
tom1206: discards 2 cards
TheLabman: checks
Hero: bets $0.20
rumble1111: folds
Eisenherz73: folds
tom1206: folds
TheLabman: folds
Uncalled bet ($0.20) returned to Hero
Hero collected $0.48 from pot
*** SUMMARY ***
Total pot $0.50 | Rake $0.02
Seat 1: Hero (big blind) collected ($0.48)
Seat 2: rumble1111 folded after the 3rd Draw
Seat 3: Eisenherz73 folded after the 3rd Draw
Seat 4: tom1206 folded after the 3rd Draw
Seat 5: bakter9 (button) folded before the Draw (didn't bet)
Seat 6: TheLabman (small blind) folded after the 3rd Draw
"""


def reshuffle_found(drawn: str) -> list[tuple[str, int | None]]:
    log = io.StringIO(STARS_RESHUFFLE.format(drawn=drawn))
    return [(v.rule, v.line) for r in audit(read_records(log))
            if isinstance(r, HandReport) for v in r.violations]


def test_a_site_hand_draws_the_reshuffled_discards_but_not_the_drawing_players_own() -> None:
    assert reshuffle_found("3c 8h") == []
    assert reshuffle_found("6d 3c") == [("D3", 47)]


# Full Tilt #25325990000 (tests/data/real/fulltilt/cash-27td-fl-150-300-201012.txt), its
# draws changed so that the stub runs out in Player6's third draw: 25 cards dealt, 25 drawn
# before him and no burn (Full Tilt burns none) leave two of his five; the rest come from the
# folded hands and the discards reshuffled, the Hero's folded hand among them (its help,
# "Online Draw Poker - Reshuffling the Deck"; docs/rules.md, "Deck recycling").
FT_FOLDED_HAND = """Full Tilt Poker Game #25325990000: Table David's Draw (6 max) - $150/$300 - Limit 2-7 Triple Draw - 10:00:00 ET - 2010/12/20
Seat 1: Player1 ($6,411)
Seat 2: Hero ($1,747)
Seat 3: Player3 ($4,941), is sitting out
Seat 4: Player4 ($9,883)
Seat 5: Player5 ($4,247)
Seat 6: Player6 ($3,686)
Hero posts the small blind of $75
Player4 posts the big blind of $150
The button is in seat #1
*** HOLE CARDS ***
Dealt to Hero [2h Qd 4s Tc 2c]
Player5 raises to $300
Player6 raises to $450
Player1 folds
Hero folds
Player4 folds
Player5 raises to $600
Player6 calls $150
*** FIRST DRAW *** (Pot: $1,425)
Player5 discards 5 cards
Player6 discards 5 cards
Player5 is dealt 5 cards
Player6 is dealt 5 cards
Player5 bets $150
Player6 calls $150
*** SECOND DRAW *** (Pot: $1,725)
Player5 discards 5 cards
Player6 discards 5 cards
Player5 is dealt 5 cards
Player6 is dealt 5 cards
Player5 bets $300
Player6 raises to $600
Player5 calls $300
*** THIRD DRAW *** (Pot: $2,925)
Player5 discards 5 cards
Player6 discards {last} cards
Player5 is dealt 5 cards
Player6 is dealt {last} cards
Player5 checks
Player6 checks
*** SHOW DOWN ***
Player6 shows [{shown}] J,7,5,{third},2
Player5 mucks
Player6 wins the pot ($2,922) with J,7,5,{third},2
*** SUMMARY ***
Total pot $2,925 | Rake $3
Seat 1: Player1 (button) folded before the Draw (didn't bet)
Seat 2: Hero (small blind) folded before the Draw
Seat 3: Player3 is sitting out
Seat 4: Player4 (big blind) folded before the Draw
Seat 5: Player5 mucked [7h 7c 8c 5d 3d] - a pair of Sevens
Seat 6: Player6 showed [{shown}] and won ($2,922) with J,7,5,{third},2
"""

# The same hand with the Hero playing it out against Player1 from the big blind, drawing
# five cards each time after Player1: the stub runs out in his third draw, after Player1's
# five replacements (25 dealt, 20 drawn, 5 for Player1).
FT_HERO_DRAWS = """Full Tilt Poker Game #25325990000: Table David's Draw (6 max) - $150/$300 - Limit 2-7 Triple Draw - 10:00:00 ET - 2010/12/20
Seat 1: Player1 ($6,411)
Seat 2: Hero ($1,747)
Seat 3: Player3 ($4,941), is sitting out
Seat 4: Player4 ($9,883)
Seat 5: Player5 ($4,247)
Seat 6: Player6 ($3,686)
Player1 posts the small blind of $75
Hero posts the big blind of $150
The button is in seat #6
*** HOLE CARDS ***
Dealt to Hero [2h Qd 4s Tc 2c]
Player4 folds
Player5 folds
Player6 folds
Player1 calls $75
Hero checks
*** FIRST DRAW *** (Pot: $300)
Player1 discards 5 cards
Hero discards 5 cards [2h Qd 4s Tc 2c]
Player1 is dealt 5 cards
Dealt to Hero [Kh Kd 9s 9c Jd]
Player1 checks
Hero checks
*** SECOND DRAW *** (Pot: $300)
Player1 discards 5 cards
Hero discards 5 cards [Kh Kd 9s 9c Jd]
Player1 is dealt 5 cards
Dealt to Hero [Ah Ad As Ac Qs]
Player1 checks
Hero checks
*** THIRD DRAW *** (Pot: $300)
Player1 discards {first} cards
Hero discards 5 cards [Ah Ad As Ac Qs]
Player1 is dealt {first} cards
Dealt to Hero [{drawn}]
Player1 checks
Hero bets $300
Player1 folds
Uncalled bet of $300 returned to Hero
Hero wins the pot ($300)
*** SUMMARY ***
Total pot $300 | Rake $0
Seat 1: Player1 (small blind) folded after the 3rd Draw
Seat 2: Hero (big blind) collected ($300), mucked
Seat 3: Player3 is sitting out
Seat 4: Player4 folded before the Draw (didn't bet)
Seat 5: Player5 folded before the Draw (didn't bet)
Seat 6: Player6 (button) folded before the Draw (didn't bet)
"""


def site_log_found(text: str, as_site: str = "fulltilt") -> list[tuple[str, int | None]]:
    """The violations of a site log's hands, judged by ``as_site``'s practice."""
    records = [dataclasses.replace(record, ruleset=record.ruleset.replace(
                   **site_practice(as_site))) if isinstance(record, Hand) else record
               for record in read_records(io.StringIO(text))]
    return [(v.rule, v.line) for r in audit(iter(records))
            if isinstance(r, HandReport) for v in r.violations]


def folded_hand_found(shown: str, as_site: str = "fulltilt", last: int = 5) -> list[
        tuple[str, int | None]]:
    text = FT_FOLDED_HAND.format(shown=shown, third=shown.split()[3][0], last=last)
    return site_log_found(text, as_site)


def test_a_full_tilt_reshuffle_deals_the_folded_hands_again() -> None:
    assert folded_hand_found("Js 7d 5c 3c 2d") == []
    assert folded_hand_found("Js 7d 5c 4s 2d") == []   # the Hero's 4s, folded
    # PokerStars reshuffles the discards alone: the same hand by its practice stays D4
    assert folded_hand_found("Js 7d 5c 4s 2d", as_site="pokerstars") == [("D4", 43)]
    # a folded hand comes back only once the stub has run out (Player6 draws one)
    assert folded_hand_found("Js 7d 5c 4s 2d", last=1) == [("D4", 43)]
    # a card still in a live hand is never reshuffled: Player5 mucks the 7h Player6 shows
    assert folded_hand_found("Js 7h 5c 3c 2d") == [("D4", 52)]


def test_a_full_tilt_hero_draws_the_reshuffled_discards_his_own_of_the_draw_too() -> None:
    def found(drawn: str, as_site: str = "fulltilt", first: int = 5) -> list[
            tuple[str, int | None]]:
        return site_log_found(FT_HERO_DRAWS.format(drawn=drawn, first=first), as_site)

    assert found("7c 5d 4s 3h 2d") == []   # his 4s and 2d of the first draw come back
    assert found("7c 5d 4h 3h As") == []   # and his As of this draw, after the folded hands
    assert found("7c 5d 4h 3h As", as_site="pokerstars") == [("D3", 36)]
    # no reshuffle when Player1 draws one card: a discard drawn back is D3
    assert found("7c 5d 4s 3h 2d", first=1) == [("D3", 36)]


def test_a_full_tilt_hand_written_as_house_text_or_phh_keeps_its_reshuffle() -> None:
    """The house Rules line says ``folded hands recycled``, PHH's ``_ruleset`` the setting;
    read back, the hand's verdicts stay."""
    session, hand = read_records(io.StringIO(FT_FOLDED_HAND.format(
        shown="Js 7d 5c 4s 2d", third=4, last=5)))
    assert isinstance(session, SessionStart) and isinstance(hand, Hand)
    house, _, _ = house_log([(session, hand)])
    assert "dead small blind, folded hands recycled" in house
    [report] = [r for r in audit(iter([session, hand])) if isinstance(r, HandReport)]
    phh = phh_text(phh_fields(hand, report))
    for records in (list(read_records(io.StringIO(house))), list(read_phh(phh, "again.phh"))):
        [again] = [record for record in records if isinstance(record, Hand)]
        assert again.ruleset.deck_recycling == "folded_hands_and_discards"
        assert [v.rule for r in audit(iter(records)) if isinstance(r, HandReport)
                for v in r.violations] == []


# -- blinds --------------------------------------------------------------------------

def test_a_missing_big_blind_is_reported_under_m1() -> None:
    events = [Button(seat=1), PostBlind(player="Bruno", amount=50, kind="small"),
              Street(kind="deal"), Call(player="Ana", amount=50)]
    assert rules_found(events) == ["M1"]


# -- the summary's per-seat results (S1) -----------------------------------------------

def folded_to_the_big_blind(said: int) -> list[Event]:
    return blinds() + [Fold(player="Ana"), Fold(player="Bruno"),
                       UncalledReturned(player="Carla", amount=50),
                       Award(player="Carla", amount=100),
                       SummaryResult(player="Carla", won=said),
                       SummaryResult(player="Ana", won=0)]


def test_a_summary_that_contradicts_the_pot_is_s1() -> None:
    assert found(folded_to_the_big_blind(100), seats=SEATS, stacks=STACKS, ruleset=SITE) == []
    assert found(folded_to_the_big_blind(945), seats=SEATS, stacks=STACKS, ruleset=SITE) == [
        ("S1", 9)]


# -- T2: seated, not dealt in ----------------------------------------------------------

def site_hand(hand_id: str, events: list[Event], *, line: int = 1, game: str = "badugi",
              structure: str = "fixed", damaged: tuple[int, ...] = ()) -> Hand:
    ruleset = site_ruleset("t", 100, 200, 8, rake=False, game=game, structure=structure)
    events = [dataclasses.replace(e, line=line + i) for i, e in enumerate(events)]
    return Hand(hand_id=hand_id, number=1, ruleset=ruleset, events=events, source="t.txt",
                line=line, session_id="s", damaged=damaged)


def seated(stacks: dict[str, int], idle: str = "") -> list[Event]:
    return [Seat(player=name, seat=SEATS[name], stack=stack, in_hand=name != idle)
            for name, stack in stacks.items()]


def folded_round(stacks: dict[str, int], idle: str = "") -> list[Event]:
    """Ana folds, Bruno completes, Carla checks, Bruno folds after the draw: Carla wins 200."""
    return seated(stacks, idle) + [
        Button(seat=1), PostBlind(player="Bruno", amount=50, kind="small"),
        PostBlind(player="Carla", amount=100), Street(kind="deal"),
        *([Fold(player="Ana")] if idle != "Ana" else []), Call(player="Bruno", amount=50),
        Check(player="Carla"), Street(kind="draw", number=1),
        Draw(player="Bruno", discarded=()), Draw(player="Carla", discarded=()),
        Bet(player="Bruno", amount=100), Fold(player="Carla"),
        Award(player="Bruno", amount=200), Note(kind="chat", text='Ana said, "nh"')]


def test_a_player_not_dealt_in_keeps_his_stack_and_takes_no_part() -> None:
    records = [SessionStart(session_id="s", ruleset=SITE, players=[], source="t.txt"),
               site_hand("h1", folded_round(STACKS, idle="Ana")),
               site_hand("h2", folded_round({**STACKS, "Bruno": 1100, "Carla": 900}),
                         line=100)]
    reports = [r for r in audit(records) if isinstance(r, HandReport)]
    assert [v for r in reports for v in r.violations] == []
    assert "Ana" not in reports[0].players and reports[0].end_stacks["Ana"] == 1000


def test_a_stack_that_changed_while_not_dealt_in_is_g3() -> None:
    records = [site_hand("h1", folded_round(STACKS, idle="Ana")),
               site_hand("h2", folded_round({"Ana": 900, "Bruno": 1100, "Carla": 900}),
                         line=100)]
    reports = [r for r in audit(records) if isinstance(r, HandReport)]
    assert [(v.rule, v.line) for v in reports[1].violations] == [("G3", 100)]


# -- the stack chain: a lost hand, another game, a damaged hand ---------------------------

def test_after_a_lost_hand_the_stacks_are_not_checked_and_a_note_says_why() -> None:
    lost = ParseError(message="bad", source="t.txt", line=50, text="Hand #2 ...")
    records = [site_hand("h1", folded_round(STACKS)), lost,
               site_hand("h3", folded_round({**STACKS, "Bruno": 1234}), line=100)]
    reports = [r for r in audit(records) if isinstance(r, HandReport)]
    assert reports[1].violations == []
    assert reports[1].notes == ["stacks not checked against the hand before: a hand could "
                                "not be read (line 50)"]


#: A house session whose first hand has a line that cannot be read: the hand is lost.
_LOST_FIRST = """\
Session #lost-1 "A lost hand" 2026-12-01 20:00
Rules: Badugi triple draw, fixed limit 2/4, blinds 1/2, cap 3 raises, heads-up, stacks 100, unlimited hands
Seat 1: Ana (100)
Seat 2: Bruno (100)

Hand #1 - button Ana - 2026-12-01 20:00
Ana: posts small blind 1
Bruno: posts big blind 2
Dealt to Bruno [Kc Qd Jh 9s]
Dealt to Ana [2c 3d 4h 5s]
Ana: fodls
Uncalled bet 1 returned to Bruno
Bruno wins 2
Stacks: Ana 99, Bruno 101
{second}
Session ends - {winner} - stacks {end}
"""
_SECOND = """
Hand #2 - button Bruno - 2026-12-01 20:01
Bruno: posts small blind 1
Ana: posts big blind 2
Dealt to Ana [Kc Qd Jh 9s]
Dealt to Bruno [2c 3d 4h 5s]
Bruno: folds
Uncalled bet 1 returned to Ana
Ana wins 2
Stacks: Ana 100, Bruno 100
"""


def test_a_house_hand_lost_breaks_the_chain_to_the_next_hand_and_the_session_end() -> None:
    """The chips of a lost hand are unknown: the next hand's end stacks are followed as the
    log says them, with a note, not reported as G3; the session's last ones, after a lost
    last hand, are not judged (N1)."""
    log = _LOST_FIRST.format(second=_SECOND, winner="draw", end="Ana 100, Bruno 100")
    found_records = list(audit(read_records(io.StringIO(log))))
    reports = [r for r in found_records if isinstance(r, HandReport)]
    (session,) = [r for r in found_records if isinstance(r, SessionReport)]
    assert [v for r in reports for v in r.violations] == session.violations == []
    assert reports[0].notes == ["stacks not checked against the hand before: the hand at "
                                "line 6, whose line 11 could not be read, is lost"]
    last = _LOST_FIRST.format(second="", winner="Bruno wins", end="Ana 99, Bruno 101")
    (session,) = [r for r in audit(read_records(io.StringIO(last)))
                  if isinstance(r, SessionReport)]
    assert session.violations == [] and session.stacks == {"Ana": 100, "Bruno": 100}


def test_a_hand_of_another_game_is_skipped_by_name_and_breaks_the_chain() -> None:
    razz = SkippedHand(game="Razz", hand_id="h2", source="t.txt", line=50)   # as a reader says
    records = [site_hand("h1", folded_round(STACKS)), razz,
               site_hand("h3", folded_round({**STACKS, "Bruno": 1234}), line=100)]
    found_records = list(audit(records))
    skipped = [r for r in found_records if isinstance(r, SkippedHand)]
    assert [(s.game, s.hand_id, s.line) for s in skipped] == [("Razz", "h2", 50)]
    reports = [r for r in found_records if isinstance(r, HandReport)]
    assert [r.hand_id for r in reports] == ["h1", "h3"] and reports[1].violations == []


def test_a_damaged_hand_is_judged_only_up_to_its_first_unreadable_line() -> None:
    events = folded_round(STACKS)
    assert events[8] == Call(player="Bruno", amount=50)
    del events[8]   # on the line that could not be read: Carla's check seems out of turn
    audited = [report for report in audit([site_hand("h1", events)])
               if isinstance(report, HandReport)]
    assert [v.rule for v in audited[0].violations] != []
    report = next(r for r in audit([site_hand("h1", events, damaged=(9,))])
                  if isinstance(r, HandReport))
    assert report.violations == []
    assert report.notes[0].startswith("not judged after line 9, which could not be read")


# -- T5: one hand id, one hand -----------------------------------------------------------

def test_a_repeated_hand_id_is_reported_with_the_session() -> None:
    records = [SessionStart(session_id="s", ruleset=SITE, players=[], source="t.txt"),
               site_hand("h1", folded_round(STACKS)),
               site_hand("h1", folded_round({**STACKS, "Bruno": 1100, "Carla": 900}), line=100)]
    session = next(r for r in audit(records) if isinstance(r, SessionReport))
    assert [(v.rule, v.line, v.hand_id) for v in session.violations] == [("T5", 100, "h1")]


# -- heads-up at a bigger table, dead buttons, hands not played, top-ups ---------------------

def heads_up_at_a_site(button: int = 2, small: str = "Bruno") -> list[Event]:
    big = "Carla" if small == "Bruno" else "Bruno"
    return [Seat(player="Bruno", seat=2, stack=1000), Seat(player="Carla", seat=3, stack=1000),
            Button(seat=button), PostBlind(player=small, amount=50, kind="small"),
            PostBlind(player=big, amount=100), Street(kind="deal"),
            Fold(player=small), UncalledReturned(player=big, amount=50),
            Award(player=big, amount=100)]


def audited(events: list[Event]) -> list[tuple[str, int]]:
    return [(v.rule, v.line) for r in audit([site_hand("h1", events)])
            if isinstance(r, HandReport) for v in r.violations]


def test_two_players_at_an_eight_seat_table_play_heads_up() -> None:
    """The dealer posts the small blind, as in the house game (G4)."""
    assert audited(heads_up_at_a_site()) == []
    assert audited(heads_up_at_a_site(small="Carla"))[0] == ("G4", 4)


def test_a_dead_button_on_a_seat_not_dealt_in_is_followed_by_the_blinds() -> None:
    events = [Seat(player="Ana", seat=1, stack=1000, in_hand=False), *heads_up_at_a_site(
        button=1)]
    assert audited(events) == []


def test_a_hand_nobody_was_dealt_into_is_not_played() -> None:
    events = [Seat(player=name, seat=seat, stack=1000, in_hand=False)
              for name, seat in SEATS.items()] + [Note(kind="hand", text="dead hand")]
    skipped = [r for r in audit([site_hand("h1", events)]) if isinstance(r, SkippedHand)]
    assert [s.game for s in skipped] == ["Badugi (not played)"]


def test_a_cancelled_hand_is_skipped() -> None:
    events = folded_round(STACKS) + [Note(kind="hand", text="Hand cancelled")]
    skipped = [r for r in audit([site_hand("h1", events)]) if isinstance(r, SkippedHand)]
    assert [s.game for s in skipped] == ["Badugi (cancelled)"]


def test_a_cash_player_may_top_up_between_hands_but_never_take_chips_away() -> None:
    def next_hand(bruno: int, currency: str | None) -> list[str]:
        first, second = (site_hand(f"h{i}", folded_round(stacks), line=100 * i)
                         for i, stacks in enumerate((STACKS, {**STACKS, "Bruno": bruno,
                                                              "Carla": 900}), 1))
        for hand in (first, second):
            hand.currency = currency
        return [v.rule for r in audit([first, second]) if isinstance(r, HandReport)
                for v in r.violations]
    assert next_hand(1100, "USD") == []
    assert next_hand(1500, "USD") == []           # a top-up (T6)
    assert next_hand(1050, "USD") == ["G3"]       # less than he had
    assert next_hand(1500, None) == ["G3"]        # tournament chips never grow between hands
