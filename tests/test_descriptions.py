"""Shown hands' descriptions in every game: what the log says a hand is, judged.

A Badugi hand's words are judged by E1-E5 (tests/test_engine.py); a five-card hand's
by its half of the game registry: X2 for a lowball hand (2-7 and A-5, triple or single
draw, and a split game's lowball half), S1 for a high one (five-card draw). Every form
this project and the sites write is read, as far as it goes ("J-high", "pair of
Queens", "Lo: 8,7,5,4,2"); words that cannot be read are not judged.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from badugi_hh.events import (
    Award, Burn, Button, Call, Check, Deal, Draw, Event, Hand, PostBlind, Show, Street,
)
from badugi_hh.fivecard import FiveCardValue, claim_fits, parse_five_card_description
from badugi_hh.games import GAMES, GameId
from badugi_hh.parsers import read_records
from badugi_hh.rules import HOUSE
from badugi_hh.sources import Unreadable, find_logs

from handkit import c, found, replay


def showdown(game: GameId, ana: str, bruno: str, words: tuple[str | None, str | None],
             winner: str | None = None) -> list[Event]:
    """Heads-up ``game``: blinds 1 and 2, a call, checks and pats to a showdown of a pot
    of 4, which ``winner`` takes (else the better hand); Bruno shows first with
    ``words[1]``, Ana with ``words[0]``: the last three events are the shows and the award."""
    if winner is None:
        value = GAMES[game].halves[0].value
        winner = "Ana" if value(c(ana)).rank < value(c(bruno)).rank else "Bruno"
    events: list[Event] = [
        Button(seat=1), PostBlind(player="Ana", amount=1, kind="small"),
        PostBlind(player="Bruno", amount=2, kind="big"),
        Deal(player="Bruno", cards=c(bruno)), Deal(player="Ana", cards=c(ana)),
        Call(player="Ana", amount=1), Check(player="Bruno")]
    burns = iter(card for card in ("Kc", "Kh", "Ks", "Qc", "Qh", "Qs", "Jc", "Jh")
                 if card not in f"{ana} {bruno}")
    for number in range(1, HOUSE.for_game(game).draws + 1):
        events += [Street(kind="draw", number=number), Burn(card=c(next(burns))[0]),
                   Draw(player="Bruno", discarded=()), Draw(player="Ana", discarded=()),
                   Check(player="Bruno"), Check(player="Ana")]
    return events + [Street(kind="showdown"),
                     Show(player="Bruno", cards=c(bruno), description=words[1]),
                     Show(player="Ana", cards=c(ana), description=words[0]),
                     Award(player=winner, amount=4)]


def judged(game: GameId, ana: str, words: str) -> list[tuple[str, int]]:
    """What the engine finds in Ana's ``words`` for ``ana`` against a pair of queens."""
    return found(showdown(game, ana, "Qs Qh Td 9s 3c", (words, None)),
                 ruleset=HOUSE.for_game(game))


#: Where the shows are, from the end: Bruno's, then Ana's, then the award.
BRUNO, ANA = -2, -1


@pytest.mark.parametrize(("game", "bruno", "words", "rule"), [
    # a pair of queens called J-high, an 8-low called a 7-low, a pair a full house
    ("27td", "2d 3h Qd Qc Jd", "J-high", "X2"),
    ("27sd", "2d 3h Qd Qc Jd", "pair of jacks", "X2"),
    ("a5td", "5h 8s 2c 7d Ac", "7-5-4-2-A", "X2"),
    ("a5sd", "5h 8s 2c 7d Ac", "8-6-5-2-A", "X2"),
    ("a5sd", "5h 8s 2c 7d Ac", "5-8 low", "X2"),    # 8-7 low: named ranks not its highest
    ("5cd", "2h 2c 6s 9h Jh", "full house", "S1"),
    ("5cd", "2h 2c 6s 9h Jh", "pair of sixes, J-9-2", "S1"),
    # ranks alone, one repeated, where the hand has no pair: the house's, a site's, a person's
    ("27td", "8h 6h 4d 3s 2c", "8-6-4-3-3", "X2"),
    ("27td", "8c 6h 5h 3s 2h", "8-6-5-8-2", "X2"),
    ("27td", "8c 6h 4d 3s 2h", "2-6-4-3-2", "X2"),
    ("27td", "Tc 8d 6h 4s 2h", "10-8-T-6-4", "X2"),
    ("27td", "8c 7d 6h 3s 2h", "Lo: 8,7,6,6,2", "X2"),
    ("a5sd", "6c 5d 4s 3h Ah", "A-2 6-5-4-3-A", "X2"),
    ("5cd", "Kc Td 8s 5h 2h", "K,T,8,T,2", "S1"),
    # the house's words with a high card's category where the hand is a pair
    ("27td", "8c 5s 7c 2d 7h", "high card of sevens, 8-5-2", "X2"),
])
def test_a_wrong_description_of_a_five_card_hand_is_reported_at_its_line(
        game: GameId, bruno: str, words: str, rule: str) -> None:
    ana = "Ks Kd Kh 7c 4d" if game == "5cd" else "7s 6d 4c 3c 2s"   # Ana wins
    events = showdown(game, ana, bruno, (None, words))
    assert found(events, ruleset=HOUSE.for_game(game)) == [(rule, len(events) + BRUNO)]


def test_the_report_says_what_the_hand_is() -> None:
    events = showdown("27td", "7s 6d 4c 3c 2s", "2d 3h Qd Qc Jd", (None, "J-high"))
    [violation] = replay(events, ruleset=HOUSE.for_game("27td")).violations
    assert violation.message == ("Bruno's hand is described as 'J-high', but it is pair of "
                                 "queens, J-3-2 in 2-7 Triple Draw")


@pytest.mark.parametrize(("game", "ana", "words"), [
    # this project's words (the house writer's and the simulator's)
    ("27td", "8c 7d 5h 4s 2h", "8-7-5-4-2"),
    ("27td", "8c 8d 5h 4s 2h", "pair of eights, 5-4-2"),
    ("27td", "8c 7c 6c 5c 4d", "straight 8-7-6-5-4"),
    ("5cd", "Ks Kd Kh 7c 4d", "three kings, 7-4"),
    ("a5td", "8c 7d 5h 2s Ah", "8-7-5-2-A"),
    # the sites' (tests/data/real): PokerStars, Full Tilt, Winamax, OnGame
    ("27td", "8c 7d 5h 4s 2h", "Lo: 8,7,5,4,2"),
    ("27td", "8c 8d 5h 4s 2h", "Lo: a pair of Eights"),
    ("27td", "8c 7c 6c 5c 4d", "Lo: a straight, Four to Eight"),
    ("27td", "8c 7c 6c 5c 4d", "straight, Eight high"),
    ("27td", "8c 7d 5h 4s 2h", "High card : 8"),
    ("27td", "8c 8d 5h 4s 2h", "pair of Eights"),
    ("5cd", "As Ad Jh Jc 4d", "TWO_PAIR ACE, JACK"),
    ("5cd", "Ks Kd Kh 7c 4d", "three of a kind, Kings"),
    # as far as they go, in any case, the ranks in any order when all are named
    ("27td", "8c 7d 5h 4s 2h", "eight-seven low"),
    ("27td", "8c 7d 5h 4s 2h", "8-high"),
    ("a5td", "8c 7d 5h 2s Ah", "A-2-5-7-8"),
    ("a5td", "8c 7d 5h 2s Ah", "7-8 low"),          # the highest ranks, lowest first
    ("27td", "8c 7d 5h 4s 2h", "2-4-5-7-8"),
    ("27td", "Ac 7d 5h 4s 2h", "7-A high"),
    ("5cd", "As Kd 9h 5c 3d", "K-A high"),
    ("5cd", "Ks Kd Kh 7c 7d", "full house"),
    ("5cd", "Ks Kd Kh 7c 7d", "a full house, Kings full of Sevens"),
    ("27td", "8c 8d 5h 4s 2h", "8-8-5-4-2"),        # a pair's cards' ranks, in any order
    ("27td", "8c 8d 5h 4s 2h", "Lo: 5,8,2,8,4"),
    # words that cannot be read are not judged
    ("27td", "8c 7d 5h 4s 2h", "a fine hand"),
    ("5cd", "Ks Kd Kh 7c 4d", "badugi K-7-4"),
    # nor a plural alone, which names a pair or more without saying which
    ("5cd", "Kd Ks Qc 3h 4d", "Kings"),
    ("5cd", "Ks Kd Kh 7c 2d", "Kings"),
    ("5cd", "6s 6d Qc 3h 4d", "two sixes"),
    ("27td", "7s 7d 5h 4s 2h", "Sevens"),
])
def test_every_form_of_right_words_is_accepted(game: GameId, ana: str, words: str) -> None:
    assert judged(game, ana, words) == []


def test_a_split_games_lowball_words_are_read_in_every_form_too() -> None:
    """Badeucy's 2-7 half: a wrong value is X2; a site's form of the right one is not;
    words that cannot be read are not judged (the Badugi half's still are)."""
    ana, bruno = "7s 5h 4d 3c 2s", "Kd Kc Qd Qh 9d"   # Ana scoops
    badeucy = HOUSE.replace(game="badeucy", hand_size=5)

    def judged_split(words: str) -> list[tuple[str, int]]:
        events = showdown("badeucy", ana, bruno, (words, None), winner="Ana")
        return found(events, ruleset=badeucy)

    line = len(showdown("badeucy", ana, bruno, (None, None), winner="Ana")) + ANA
    assert judged_split("badugi 5-4-3-2; 2-7 8-5-4-3-2") == [("X2", line)]
    assert judged_split("badugi 5-4-3-2; 2-7 Lo: 7,5,4,3,2") == []
    assert judged_split("badugi 5-4-3-2; 2-7 a fine low") == []
    assert judged_split("badugi 6-4-3-2; 2-7 a fine low") == [("E2", line)]
    assert judged_split("2-3-4-5; 2-7 2-3-4-5-7") == []    # ranks alone, lowest first

    badacey = HOUSE.replace(game="badacey", hand_size=5)
    events = showdown("badacey", "6s 5h 4d 3c As", bruno, ("badugi 5-4-3-A; A-2 6-5-4-3-A", None),
                      winner="Ana")
    assert found(events, ruleset=badacey) == [("X2", line)]   # a repeated ace, seven ranks


@pytest.mark.parametrize(("words", "found_at_award"), [
    ("J-high", True),        # a hand's words (Full Tilt's "wins the pot ... with ..."): judged
    ("7-6-4-3-2", False),    # right
    ("split pot", False),    # a remark, as the house's award lines may carry: not judged
])
def test_an_awards_words_are_judged_where_they_name_a_hand(words: str,
                                                            found_at_award: bool) -> None:
    events = showdown("27td", "7s 6d 4c 3c 2s", "2d 3h Qd Qc Jd", (None, None))
    events[-1] = dataclasses.replace(events[-1], description=words)
    award = len(events)
    assert found(events, ruleset=HOUSE.for_game("27td")) == (
        [("X2", award)] if found_at_award else [])


def judged_badugi(ana: str, words: str) -> list[tuple[str, int]]:
    """What the engine finds in Ana's ``words`` for ``ana`` in Badugi, against 9-8-7-6."""
    return found(showdown("badugi", ana, "9s 8h 7d 6c", (words, None)))


@pytest.mark.parametrize(("ana", "words"), [
    # the size and ranks a person writes: ranks alone, in any order, the size in words
    ("As 2h 3d 4c", "4-3-2-A"),
    ("As 2h 3d 4c", "A-2-3-4"),
    ("As 2h 3d 4c", "four-card A,2,3,4"),
    ("As 2h 3d Kd", "3-2-A"),
    ("As 2h 3d Kd", "A-2-3"),
    ("As 2h 3d Kd", "three-card 3-2-A"),
    ("As 2h 3d Kd", "Three card: A, 2, 3"),
    ("Ah 2h 3h Kd", "2-card K-A"),
    ("Ah 2h 3h Kd", "two-card A-K"),
])
def test_a_badugi_hand_rightly_described_in_a_persons_words_is_accepted(
        ana: str, words: str) -> None:
    assert judged_badugi(ana, words) == []


@pytest.mark.parametrize(("ana", "words", "rule"), [
    ("As 2h 3d 3c", "4-3-2-A", "E1"),             # three usable cards, not four
    ("As 2h 3d 3c", "two-card 3-A", "E1"),
    ("As 2h 3d 3c", "A-2-4", "E2"),               # three cards, the wrong ranks
    ("As 2h 3d 4c", "three-card 4-3-2-A", "E1"),  # a size its ranks contradict
])
def test_a_badugi_hand_wrongly_described_in_a_persons_words_is_still_reported(
        ana: str, words: str, rule: str) -> None:
    line = len(showdown("badugi", ana, "9s 8h 7d 6c", (None, None))) + ANA
    assert judged_badugi(ana, words) == [(rule, line)]


def test_words_naming_no_badugi_hand_are_said_to_be_unread() -> None:
    """Words holding the value's own words are not told "but it is" that same value."""
    events = showdown("badugi", "As 2h 3d 4c", "9s 8h 7d 6c", ("a badugi, 4-3-2-A", None))
    [violation] = replay(events).violations
    assert (violation.rule, violation.message) == ("E1", (
        "Ana's hand is described as 'a badugi, 4-3-2-A', which names no Badugi hand (a "
        "number of usable cards and their ranks); it is badugi 4-3-2-A"))


def test_the_real_exports_five_card_descriptions_are_read_and_right() -> None:
    """Every site's words for a five-card hand in the real exports is read, and fits the
    hand: checking descriptions raises no false alarm there."""
    read = 0
    for log in find_logs([Path(__file__).parent / "data" / "real"]):
        assert not isinstance(log, Unreadable), log
        with log.open("rb") as stream:
            hands = [record for record in read_records(stream) if isinstance(record, Hand)]
        for hand in hands:
            half = GAMES[hand.ruleset.game].halves[-1]
            for event in hand.events:
                if not isinstance(event, Show) or not event.description:
                    continue
                known = [card for card in event.cards if card is not None]
                if len(known) != 5:
                    continue
                value = half.value(known)
                if isinstance(value, FiveCardValue):
                    claim = parse_five_card_description(event.description)
                    assert claim is not None and claim_fits(claim, value), (log, event)
                    read += 1
    assert read >= 40
