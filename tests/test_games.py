"""The game registry (badugi_hh.games): every game's facts, and every site's name for it."""

from __future__ import annotations

import pytest

from badugi_hh.cards import parse_cards
from badugi_hh.evaluate import high_value
from badugi_hh.games import GAMES, game_for_site_name, game_of
from badugi_hh.sites import HOUSE_SITE, SITE_IDS
from badugi_hh.rules import AUDITED_GAMES, HOUSE


@pytest.mark.parametrize(("site", "name", "game"), [
    ("pokerstars", "Badugi", "badugi"), ("pokerstars", "Triple Draw 2-7 Lowball", "27td"),
    ("pokerstars", "Triple Draw A-5 Lowball", "a5td"),
    ("pokerstars", "Single Draw 2-7 Lowball", "27sd"), ("pokerstars", "5 Card Draw", "5cd"),
    ("fulltilt", "2-7 Triple Draw", "27td"), ("fulltilt", "A-5 Triple Draw", "a5td"),
    ("fulltilt", "2-7 Single Draw", "27sd"), ("fulltilt", "5 Card Draw", "5cd"),
    ("fulltilt", "Badeucey", "badeucy"), ("fulltilt", "Badacey", "badacey"),
    ("kingsclub", "2-7 Triple Draw Lowball", "27td"), ("kingsclub", "Badeucey", "badeucy"),
    ("merge", "2-7 Lowball", "27td"), ("merge", "71", "badugi"), ("merge", "63", "a5td"),
    ("merge", "5-Draw", "5cd"), ("winamax", "Lowball27", "27td"),
    ("phh", "FB", "badugi"), ("phh", "F2L3D", "27td"), ("phh", "N2L1D", "27sd"),
    (HOUSE_SITE, "2-7 single draw", "27sd"), (HOUSE_SITE, "Five-Card Draw", "5cd"),
    (HOUSE_SITE, "A-5", "a5td"),
    ("kingsclub", "A-5 Single Draw", "a5sd"), (HOUSE_SITE, "A-5 single draw", "a5sd"),
])
def test_each_site_name_finds_its_game(site: str, name: str, game: str) -> None:
    found = game_for_site_name(site, name)
    assert found is not None and found.id == game


def test_a_name_outside_the_family_or_another_sites_is_none() -> None:
    assert game_for_site_name("pokerstars", "Razz") is None
    assert game_for_site_name("pokerstars", "FB") is None      # PHH's code, not PokerStars'
    assert game_for_site_name("nowhere", "Badugi") is None


def test_every_game_is_audited_and_named_for_the_house_format() -> None:
    assert AUDITED_GAMES == frozenset(GAMES)
    for game in GAMES.values():
        assert set(game.site_names) <= set(SITE_IDS)
        assert game_for_site_name(HOUSE_SITE, game.house_name) is game
        assert HOUSE.for_game(game.id).hand_size == game.hand_size
        assert HOUSE.for_game(game.id).draws == game.draws


def test_the_games_facts() -> None:
    facts = {game.id: (game.hand_size, game.draws, [half.name for half in game.halves],
                       game.family) for game in GAMES.values()}
    assert facts == {
        "badugi": (4, 3, ["badugi"], "badugi"), "27td": (5, 3, ["2-7"], "lowball"),
        "a5td": (5, 3, ["a-5"], "lowball"), "badeucy": (5, 3, ["badugi", "2-7"], "split"),
        "badacey": (5, 3, ["badugi", "a-5"], "split"), "27sd": (5, 1, ["2-7"], "lowball"),
        "5cd": (5, 1, ["high"], "high"), "a5sd": (5, 1, ["a-5"], "lowball")}


@pytest.mark.parametrize(("game", "cards", "made"), [
    ("badugi", "As 2h 3d Kc", True), ("badugi", "As 2h 3d Kd", False),
    ("27td", "9c 7d 5s 3h 2h", True), ("27td", "Tc 7d 5s 3h 2h", False),
    ("27td", "Ac 7d 5s 3h 2h", False), ("27td", "6c 5d 4s 3h 2h", False),   # ace high; straight
    ("27sd", "8s 7s 5s 3s 2h", True), ("27sd", "9h 7h 5h 3h 2h", False),   # a flush
    ("a5td", "8c 6d 4s 2h Ah", True), ("a5td", "9c 6d 4s 2h Ah", False),
    ("a5td", "5c 4d 3s 2h Ah", True), ("a5td", "5c 5d 3s 2h Ah", False),   # the wheel; a pair
    ("a5sd", "8c 6d 4s 2h Ah", True), ("a5sd", "9c 6d 4s 2h Ah", False),
])
def test_a_made_hand_by_each_games_threshold(game: str, cards: str, made: bool) -> None:
    assert GAMES[game].is_made(parse_cards(cards)) is made


def test_the_split_games_and_five_card_draw_have_no_made_hand_figure() -> None:
    assert [game.id for game in GAMES.values() if game.made_hand is None] == [
        "badeucy", "badacey", "5cd"]
    assert GAMES["badeucy"].is_made(parse_cards("As 2h 3d 4c 7s")) is None


def test_the_qualifier_of_the_badugi_half() -> None:
    three_card = GAMES["badeucy"].halves[0].value(parse_cards("As 2s 3d 3c 7d"))   # 3 suits
    assert not GAMES["badeucy"].halves[0].qualifies(three_card)
    anyone = game_of(HOUSE.replace(game="badeucy", badugi_qualifier="none"))
    assert anyone.halves[0].qualifies(three_card) and anyone.split


@pytest.mark.parametrize(("better", "worse"), [
    ("Ah Kh Qh Jh Th", "9s 9h 9d 9c 2h"),      # a straight flush over four of a kind
    ("5h 4d 3s 2c Ah", "Ks Kh Kd Qc Jh"),      # the wheel is a straight: over three kings
    ("6h 5d 4s 3c 2h", "5s 4d 3h 2c Ad"),      # six high over the wheel
    ("Ks Qs 9s 5s 3s", "Ah Kd Qc Jh 9s"),      # a flush over ace high
    ("As Ad 3s 3d 2h", "Ks Kd Qs Qd Ah"),      # two pair, aces up
])
def test_high_poker_orders_hands(better: str, worse: str) -> None:
    assert high_value(parse_cards(better)) < high_value(parse_cards(worse))


def test_high_hands_in_words() -> None:
    assert [high_value(parse_cards(h)).description for h in (
        "5h 4d 3s 2c Ah", "As Ad 3s 3d 2h", "Kc 9d 7s 4h 2h")] == [
        "straight 5-4-3-2-A", "two pair, aces and threes, 2", "high card K-9-7-4-2"]
