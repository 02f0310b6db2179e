"""PHH as its specification and PokerKit write it: every action form, every variant code,
every field checked, each hand bounded.

The specification is uoftcprg/phh-std; PokerKit (a dev dependency) is its reference
implementation: hands it plays and writes must read here with no error, and replay to
the stacks PokerKit ends them with.
"""

from __future__ import annotations

import dataclasses
import re
import warnings
from pathlib import Path

import pytest

from badugi_hh.cards import parse_cards
from badugi_hh.engine import HandReport, audit
from badugi_hh.events import (
    Burn, Deal, Draw, Hand, Muck, ParseError, PostBlind, Raise, Seat, Show, SkippedHand,
)
from badugi_hh.ledger import hand_ledger
from badugi_hh.parsers import read_records
from badugi_hh.parsers.phh import VARIANTS, read_phh

ROOT = Path(__file__).resolve().parents[1]
YOCKEY_ARIEH = ROOT / "tests" / "data" / "phh" / "arieh-yockey-2019.phh"


def read(text: str, name: str = "x.phh") -> list[object]:
    return list(read_phh(text, name))


def the_hand(records: list[object]) -> Hand:
    [hand] = [record for record in records if isinstance(record, Hand)]
    return hand


def errors(records: list[object]) -> list[str]:
    return [str(record) for record in records if isinstance(record, ParseError)]


def report(records: list[object]) -> HandReport:
    [result] = [item for item in audit(records) if isinstance(item, HandReport)]
    return result


# -- the specification's own example, and hands PokerKit writes -----------------------------

def test_the_standards_triple_draw_example_replays_to_pokerkits_stacks() -> None:
    records = list(read_records(YOCKEY_ARIEH))
    assert errors(records) == []
    result = report(records)
    assert result.violations == [] and result.winners == ("Josh Arieh",)
    pokerkit = pytest.importorskip("pokerkit")
    history = pokerkit.HandHistory.loads(YOCKEY_ARIEH.read_text(encoding="utf-8"))
    assert [result.end_stacks[name] for name in history.players] == list(
        list(history)[-1].stacks) == [0, 4_190_000, 5_910_000, 12_095_000]


@pytest.mark.parametrize("one_card", [True, False], ids=["one card a deal", "compressed"])
@pytest.mark.parametrize("players", [2, 3, 6])
@pytest.mark.parametrize("code", ["FB", "F2L3D"])
def test_hands_pokerkit_writes_read_and_replay_to_its_stacks(code: str, players: int,
                                                             one_card: bool) -> None:
    from phhkit import play

    for seed in range(8):
        played = play(code, players, seed, one_card=one_card)
        records = read(played.text)
        assert errors(records) == [], played.text
        result = report(records)
        assert result.violations == [], played.text
        assert [result.end_stacks[f"p{i}"] for i in range(1, players + 1)] == (
            played.final_stacks), played.text


#: Stacks a blind or an ante may put all in, and one raise or two.
SHORT_STACKS = (3, 5, 7, 9, 15, 30, 200)
SEEDS = 200


@pytest.mark.parametrize("code", ["FB", "F2L3D"])
def test_hands_of_short_stacks_pokerkit_plays_are_clean(code: str) -> None:
    """All-ins for less in every round, antes too: PokerKit's raise one bet over a short
    all-in (B2) and the check it asks of the one player left with chips (S3) are a PHH
    hand's rules (tests/test_phh_betting.py holds one hand of each)."""
    from phhkit import play

    for seed in range(SEEDS):
        players = 2 + seed % 5
        played = play(code, players, seed, one_card=False, stack_sizes=SHORT_STACKS,
                      ante=seed % 3, most_discards=1)   # six never run the deck out (D4)
        result = report(read(played.text))
        assert result.violations == [], played.text
        assert [result.end_stacks[f"p{i}"] for i in range(1, players + 1)] == (
            played.final_stacks), played.text


@pytest.mark.parametrize("one_card", [True, False], ids=["one card a deal", "compressed"])
def test_no_limit_single_draw_pokerkit_writes_reads_with_its_bets(one_card: bool) -> None:
    """N2L1D reads into a 2-7 single draw hand (the engine audits it once it knows the
    game): what each player who folded put in is what PokerKit took from him, and the
    hands shown are those PokerKit's writer wrote."""
    from phhkit import play

    for seed in range(20):
        played = play("N2L1D", 4, seed, one_card=one_card)
        hand = the_hand(read(played.text))
        rules = hand.ruleset
        assert (rules.game, rules.structure, rules.draws, rules.big_blind) == ("27sd", "no", 1, 2)
        ledger = hand_ledger(hand)
        for index, (start, end) in enumerate(zip(played.starting_stacks,
                                                 played.final_stacks), 1):
            figures = ledger[f"p{index}"]
            if figures.folded:
                assert figures.put_in == start - end, played.text
        shows = re.findall(r"'(p\d) sm (\w+)'", played.text)
        assert [(event.player, event.cards) for event in hand.events
                if isinstance(event, Show)] == [(player, parse_cards(" ".join(
                    cards[at:at + 2] for at in range(0, len(cards), 2))))
                    for player, cards in shows], played.text


# -- PokerKit's deck: the dead cards make a new stub when it runs out --------------------------

@pytest.mark.parametrize("one_card", [True, False], ids=["one card a deal", "compressed"])
def test_pokerkit_hands_that_run_the_deck_out_replay_clean(one_card: bool) -> None:
    """Six players drawing up to five cards run PokerKit's stub out; it then deals again
    the cards out of play (folded hands, burns, discards, the drawing player's own)."""
    from phhkit import play

    recycled = 0
    for seed in range(12):
        played = play("F2L3D", 6, seed, one_card=one_card, most_discards=5)
        dealt = [cards[at:at + 2] for cards in re.findall(r"'d dh p\d ([^']+)'", played.text)
                 for at in range(0, len(cards), 2)]
        recycled += len(dealt) > len(set(dealt))
        assert report(read(played.text)).violations == [], played.text
    assert recycled >= 4   # the seeds deal some cards twice: the test tests recycling


def deck_runs_out(replace: dict[str, str]) -> str:
    """A hand PokerKit played (2-7 triple draw, six players) whose stub runs out in the
    last draw: p3's three cards come from the reshuffled dead cards (Ac of p2's folded
    hand, 4c of his own discards, Qc of p1's), as do p6's 3h and 3s, discarded in that
    draw. ``replace`` changes some actions."""
    actions = [
        "d dh p1 5sKc6c4d5d", "d dh p2 AdAcAsJhTd", "d dh p3 6s3h4s2s4c", "d dh p4 Qh8c5cJs2c",
        "d dh p5 7h8hJcQs4h", "d dh p6 Qd8s6dAh3s", "p4 cbr 8", "p5 cc", "p6 cbr 12",
        "p1 cbr 16", "p2 f", "p4 cc", "p5 cbr 20", "p6 cc", "p1 cc", "p4 cc", "p1 sd Kc5s",
        "p3 sd 2s", "p4 sd Qh8c", "p5 sd 7hJc8h", "p6 sd 6d", "d dh p1 2hQc", "d dh p3 6h",
        "d dh p4 3dJd", "d dh p5 KdTc9h", "d dh p6 3c", "p1 cbr 4", "p4 f", "p5 f",
        "p6 cbr 7", "p1 cc", "p1 sd 4d", "p3 sd 6h4s6s4c", "p6 sd 8sAh3c", "d dh p1 2d",
        "d dh p3 8dKsTh9c", "d dh p6 9dKh5h", "p1 sd 5dQc", "p3 sd 3h8d9c", "p6 sd 3s9dKh",
        "d dh p1 Ts9s", "d dh p3 Ac4cQc", "d dh p6 7s3h3s", "p1 sm",
        "p3 sm KsThAc4cQc", "p6 sm Qd5h7s3h3s"]
    quoted = ", ".join(f'"{replace.get(action, action)}"' for action in actions)
    return ('variant = "F2L3D"\nantes = [3, 3, 3, 3, 3, 3]\n'
            "blinds_or_straddles = [1, 2, 4, 0, 0, 0]\nsmall_bet = 4\nbig_bet = 8\n"
            f"starting_stacks = [60, 15, 7, 200, 30, 30]\nactions = [{quoted}]\n")


def test_a_stub_run_out_deals_the_dead_cards_again() -> None:
    assert report(read(deck_runs_out({}))).violations == []


def test_a_card_still_in_a_live_hand_dealt_again_is_d4() -> None:
    """p1 still holds 6c when p6 draws it: no reshuffle brings back a live card."""
    found = report(read(deck_runs_out({"d dh p6 7s3h3s": "d dh p6 6c3h3s",
                                       "p6 sm Qd5h7s3h3s": "p6 sm Qd5h6c3h3s"})))
    assert [(v.rule, v.message) for v in found.violations] == [
        ("D4", "6c is drawn by p6, but it was already dealt to p1; each card is dealt once")]


def test_a_discard_dealt_again_before_the_stub_runs_out_is_d3() -> None:
    """In the second draw the stub still holds cards: p3's discard 2s is out of play."""
    found = report(read(deck_runs_out({"d dh p3 8dKsTh9c": "d dh p3 2sKsTh9c",
                                       "p3 sd 3h8d9c": "p3 sd 3h2s9c"})))
    assert [(v.rule, v.message) for v in found.violations] == [
        ("D3", "2s is drawn by p3, but it was discarded by p3, and discards and burned "
               "cards are out of play")]


STUB_EMPTY_AS_THE_LAST_DRAW_BEGINS = [
    "d dh p1 AhJh7h6s2d", "d dh p2 2s9c3cAcQd", "d dh p3 Ks8dTcKdTh", "d dh p4 3h3d4h4dTd",
    "d dh p5 QhTs2hKh2c", "p3 cc", "p4 cc", "p5 cc", "p1 cc", "p1 sd Jh2dAh", "p2 sd QdAc2s",
    "p3 sd ThKd8d", "p4 sd 3dTd4d", "p5 sd 2c", "d dh p1 6d6hJd", "d dh p2 3s7c7s",
    "d dh p3 Qs5c9d", "d dh p4 8cAdJc", "d dh p5 Qc", "p1 sd Jd7h6d6h", "p2 sd",
    "p3 sd Qs9dKs", "p4 sd Ad", "p5 sd 2hKhTsQh", "d dh p1 9sJs9hKc", "d dh p3 4c5d8h",
    "d dh p4 5h", "d dh p5 7d8s4sAs", "p1 sd 9h9s", "p2 sd", "p3 sd 8h5d", "p4 sd 4hJc8c5h",
    "p5 sd 7dQc", "d dh p1 6d4d", "d dh p3 2d4h", "d dh p4 KdJc2hKh", "d dh p5 5s5h",
    "p1 sm 6sJsKc6d4d", "p2 sm 9c3c3s7c7s", "p3 sm Tc5c4c2d4h", "p4 sm 3hKdJc2hKh",
    "p5 sm 8s4sAs5s5h"]


def test_a_stub_empty_as_a_draw_begins_is_reshuffled_by_its_burn_with_the_draws_discards(
        ) -> None:
    """A hand PokerKit played (2-7 triple draw, five players): the first two draws use
    all 52 cards, their burns 6c and 5s among them. PokerKit burns the third draw's card
    once every player has discarded (``State.burn_card``), and that burn reshuffles the
    dead cards, this draw's discards among them: p3 draws 4h, which p4 has just thrown."""
    quoted = ", ".join(f'"{action}"' for action in STUB_EMPTY_AS_THE_LAST_DRAW_BEGINS)
    text = ('variant = "F2L3D"\nantes = [0, 0, 0, 0, 0]\nblinds_or_straddles = [1, 2, 0, 0, 0]\n'
            "small_bet = 4\nbig_bet = 8\nstarting_stacks = [2, 7, 2, 1, 1]\n"
            f"actions = [{quoted}]\n")
    result = report(read(text))
    assert result.violations == []
    pokerkit = pytest.importorskip("pokerkit")
    from pokerkit.notation import parse_action

    history = pokerkit.HandHistory.loads(text)
    state, burns = history.create_state(), iter(["6c", "5s", "Ks"])
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for action in history.actions:
            if state.card_burning_status and not any(
                    state.standing_pat_or_discarding_statuses):
                state.burn_card(next(burns))
            parse_action(state, action, history.parse_value)
    # the last burn found the stub empty; every card dealt after it was in the new one
    assert [str(warning.message) for warning in caught] == [
        "Returning reserved (mucked, etc.) cards as dealable."]
    assert [result.end_stacks[f"p{seat}"] for seat in range(1, 6)] == list(state.stacks)


# -- each action form ---------------------------------------------------------------------

def hand_text(actions: list[str], *, variant: str = "F2L3D", players: int = 3,
              extra: str = "") -> str:
    quoted = ",\n  ".join(f'"{action}"' for action in actions)
    bets = "min_bet = 2" if variant.startswith("N") else "small_bet = 2\nbig_bet = 4"
    return (f'variant = "{variant}"\nantes = {[0] * players}\n'
            f"blinds_or_straddles = {[1, 2] + [0] * (players - 2)}\n{bets}\n"
            f"starting_stacks = {[100] * players}\nactions = [\n  {quoted},\n]\n{extra}")


ROUND_ROBIN = ["d dh p1 Ah", "d dh p2 Jd", "d dh p3 ??", "d dh p1 2c", "d dh p2 Jc",
               "d dh p3 ??", "d dh p1 3d", "d dh p2 9s", "d dh p3 ??", "d dh p1 4s",
               "d dh p2 8h", "d dh p3 ??", "d dh p1 7h", "d dh p2 Qd", "d dh p3 ??"]


def test_a_deal_one_card_an_action_round_the_table_is_each_players_hand() -> None:
    hand = the_hand(read(hand_text([*ROUND_ROBIN, "p3 f", "p1 f"])))
    deals = [(event.player, event.cards, event.line) for event in hand.events
             if isinstance(event, Deal)]
    assert deals == [("p1", parse_cards("Ah 2c 3d 4s 7h"), 8),
                     ("p2", parse_cards("Jd Jc 9s 8h Qd"), 9), ("p3", (None,) * 5, 10)]


def test_replacement_cards_dealt_one_an_action_complete_the_draw() -> None:
    actions = [*ROUND_ROBIN, "p3 cc", "p1 cc", "p2 cc", "p1 sd 3d4s", "p2 sd QdJc",
               "p3 sd ????", "d dh p1 5c", "d dh p2 As", "d dh p1 6c", "d dh p2 6s",
               "d dh p3 ??", "p1 cc", "p2 cc", "p3 cc"]
    hand = the_hand(read(hand_text(actions)))
    draws = {event.player: (event.discarded, event.drawn) for event in hand.events
             if isinstance(event, Draw)}
    assert draws == {"p1": (parse_cards("3d 4s"), parse_cards("5c 6c")),
                     "p2": (parse_cards("Qd Jc"), parse_cards("As 6s")),
                     "p3": ((None, None), (None, None))}   # one dealt unseen, one not logged


def test_partly_known_cards_and_bare_shows_and_mucks() -> None:
    actions = [*ROUND_ROBIN, "p3 cc", "p1 cc", "p2 cc", "p1 sd", "p2 sd Jd??", "p3 sd",
               "p1 cc", "p2 cc", "p3 cc", "p1 sd", "p2 sd", "p3 sd", "p1 cc", "p2 cc",
               "p3 cc", "p1 sd", "p2 sd", "p3 sd", "p1 cc", "p2 cc", "p3 cc",
               "p1 sm -", "p2 sm", "p3 sm ??Ad??????"]
    hand = the_hand(read(hand_text(actions)))
    [draw] = [event for event in hand.events if isinstance(event, Draw) and event.discarded]
    assert (draw.player, draw.discarded, draw.drawn) == ("p2", (parse_cards("Jd")[0], None),
                                                         None)
    shown = [(type(event).__name__, event.player, event.cards) for event in hand.events
             if isinstance(event, (Show, Muck))]
    assert shown == [("Show", "p1", parse_cards("Ah 2c 3d 4s 7h")), ("Muck", "p2", None),
                     ("Show", "p3", (None, parse_cards("Ad")[0], None, None, None))]


def test_commentaries_comments_and_no_ops_are_read_past() -> None:
    text = hand_text([*ROUND_ROBIN, "p3 cc # slow", "", "# the button thinks", "p1 f",
                      "p2 cc"]).replace('actions = [', 'actions = [  # the play')
    hand = the_hand(read("# a hand\n" + text))
    assert [type(event).__name__ for event in hand.events][-3:] == ["Call", "Fold", "Check"]


def test_keys_quoted_and_numbers_written_as_toml_allows_are_a_hand(tmp_path: Path) -> None:
    """TOML lets a file quote any key and write a whole number with underscores or in
    hex; the specification's fields are TOML's, so such a file is PHH from its first
    line, and a key it quotes is placed where it is written."""
    text = hand_text([*ROUND_ROBIN, "p3 f", "p1 f"]).replace(
        'variant = "F2L3D"', "\"variant\" = 'F2L3D'").replace(
        "antes =", "'antes' =").replace("[100, 100, 100]", "[1_00, 0x64, 100]")
    log = tmp_path / "quoted.phh"
    log.write_text("# a hand\n" + text, encoding="utf-8")
    records = list(read_records(log))
    assert errors(records) == []
    assert report(records).end_stacks == {"p1": 99, "p2": 101, "p3": 100}
    bad = read(text.replace("'antes' = [0, 0, 0]", "'antes' = [0, 0]"))
    assert [error.split(": ")[0] for error in errors(bad)] == ["x.phh:2:1"]


def test_a_burn_written_as_a_commentary_is_the_burn() -> None:
    actions = [*ROUND_ROBIN, "p3 cc", "p1 cc", "p2 cc", "# burn 5c", "p1 sd", "p2 sd",
               "p3 sd"]
    hand = the_hand(read(hand_text(actions)))
    assert [event.card for event in hand.events if isinstance(event, Burn)] == [
        parse_cards("5c")[0]]


def test_without_players_they_are_p1_to_pn_and_the_last_has_the_button() -> None:
    records = read(hand_text([*ROUND_ROBIN, "p3 f", "p1 f"]))
    result = report(records)
    assert result.button == "p3" and result.end_stacks == {"p1": 99, "p2": 101, "p3": 100}


@pytest.mark.parametrize(("players", "names"), [
    ('["", "", ""]', ["p1", "p2", "p3"]),
    ('["Ana", "", "Bo"]', ["Ana", "p2", "Bo"]),
    ('["", "p1", ""]', ["p1_2", "p1", "p3"]),       # p1's own name is another player's
    ('["", "p1", "p1_2"]', ["p1_3", "p1", "p1_2"]),
])
def test_an_unknown_players_empty_name_is_his_place(players: str, names: list[str]) -> None:
    """The specification writes a player whose name is unknown as "": he is named as a
    hand without ``players`` names him, unless another player has that name."""
    records = read(hand_text([*ROUND_ROBIN, "p3 f", "p1 f"], extra=f"players = {players}\n"))
    assert errors(records) == []
    assert [event.player for event in the_hand(records).events
            if isinstance(event, Seat)] == names


@pytest.mark.parametrize(("players", "names", "said"), [
    ('["Hero", "Hero", "Villain"]', ["Hero", "Hero (2)", "Villain"],
     "p2 'Hero' is read as 'Hero (2)'"),
    ('["Hero", "Hero", "Hero"]', ["Hero", "Hero (2)", "Hero (3)"],
     "p2 'Hero' is read as 'Hero (2)', p3 'Hero' is read as 'Hero (3)'"),
    ('["Hero (2)", "Hero", "Hero"]', ["Hero (2)", "Hero", "Hero (3)"],   # (2) is taken
     "p3 'Hero' is read as 'Hero (3)'"),
], ids=["twice", "three times", "a number taken"])
def test_a_name_given_twice_is_told_apart_and_the_hand_kept(players: str, names: list[str],
                                                           said: str) -> None:
    """The specification does not forbid two players of one name (an anonymised export's),
    and the events name players: the second is read as ``Hero (2)``, said once, at the
    ``players`` key."""
    text = hand_text([*ROUND_ROBIN, "p3 f", "p1 f"], extra=f"players = {players}\n")
    records = read(text)
    [note] = [record for record in records if isinstance(record, ParseError)]
    line = text.splitlines().index(f"players = {players}") + 1
    assert (note.line, note.column, note.hand_lost) == (line, 1, False)
    assert note.message == (f"players: a name given to two players is told apart: {said}; "
                            "the hand is kept")
    assert [event.player for event in the_hand(records).events
            if isinstance(event, Seat)] == names


def test_players_of_one_name_replay_as_pokerkit_replays_them_and_export_apart() -> None:
    """PokerKit names players by their place, whatever their names: its stacks are ours.
    The export writes the names read, which PokerKit and our reader read again as
    they are, the same stacks, and no word."""
    pokerkit = pytest.importorskip("pokerkit")
    from badugi_hh.phh_writer import phh_fields, phh_text

    actions = [*ROUND_ROBIN, "p3 cc", "p1 cc", "p2 cbr 4", "p3 f", "p1 f"]
    text = hand_text(actions, extra='players = ["Hero", "Hero", "Villain"]\n')
    records = read(text)
    result = report(records)
    assert result.violations == []
    history = pokerkit.HandHistory.loads(text)
    ours = [result.end_stacks[name] for name in ("Hero", "Hero (2)", "Villain")]
    assert ours == list(list(history)[-1].stacks) == [98, 104, 98]
    written = phh_text(phh_fields(the_hand(records), result))
    again = pokerkit.HandHistory.loads(written)
    assert again.players == ["Hero", "Hero (2)", "Villain"]
    assert list(list(again)[-1].stacks) == ours
    back = read(written)
    assert errors(back) == [] and report(back).end_stacks == result.end_stacks


def test_no_limit_bets_are_read_to_their_totals() -> None:
    actions = [*ROUND_ROBIN, "p3 cbr 10", "p1 cbr 30", "p2 f", "p3 cc", "p1 sd 7h",
               "p3 sd", "d dh p1 5h", "p1 cbr 70", "p3 f"]
    hand = the_hand(read(hand_text(actions, variant="N2L1D")))
    assert [(event.player, event.to) for event in hand.events if isinstance(event, Raise)] == [
        ("p3", 10), ("p1", 30)]
    assert hand_ledger(hand)["p1"].put_in == 100


@pytest.mark.parametrize(("action", "column", "message"), [
    ("d db Ah", 4, "a draw game deals no board cards"),
    ("p1 pb", 4, "a bring-in is posted in stud"),
    ("d dh p1 AhAh2c3d4s5s", 4, "p1 is dealt 6 cards; each player gets 5"),
    ("d dh p4 Ah", 9, "expected a player p1 to p3, got 'p4'"),
    ("p1 cbr nan", 4, "expected an amount such as 4 or 0.25, got 'nan'"),
])
def test_an_action_that_cannot_be_is_an_error_at_it(action: str, column: int,
                                                    message: str) -> None:
    [error] = errors(read(hand_text([action, *ROUND_ROBIN])))
    assert error.startswith(f"x.phh:8:{column}: action ") and message in error


# -- the variant codes and the fields -----------------------------------------------------------

@pytest.mark.parametrize("code", sorted(VARIANTS))
def test_every_variant_code_is_read_or_skipped_by_name_before_its_fields(code: str) -> None:
    name, game, _ = VARIANTS[code]
    records = read(f'variant = "{code}"\nactions = []\n')
    if game is None:
        assert records == [SkippedHand(game=name, hand_id="x", source="x.phh", line=1)]
    else:   # read: its required fields are required
        [error] = errors(records)
        assert "field (required by PHH" in error


@pytest.mark.parametrize(("field", "value", "line", "says"), [
    ("variant", "[]", 1, "variant: expected a string, got []"),
    ("variant", '"FXB"', 1, "variant: unknown variant 'FXB'"),
    ("small_bet", "nan", 4, "small_bet: expected a positive amount"),
    ("small_bet", "-2", 4, "small_bet: expected a positive amount"),
    ("antes", '"5"', 2, "antes: expected an array of 3 amounts, one a player, got '5'"),
    ("antes", "-5", 2, "antes: expected an amount (a number of chips, or money with at most"),
    ("antes", "[[[[[[0]]]]]]", 2, "antes: expected an array of 3 amounts"),
    ("starting_stacks", "[inf, 100, 100]", 6, "starting_stacks: an unknown stack (inf) is not "
                                                "read"),
    ("starting_stacks", "[0, 100, 100]", 6, "starting_stacks: expected a positive amount"),
    ("starting_stacks", "[-inf, 100, 100]", 6, "starting_stacks: expected a positive amount"),
    ("bring_in", "1", 7, "bring_in: F2L3D has no bring-in"),
    ("seat_count", '["d"]', 7, "seat_count: expected a whole number from 3 to 52"),
    ("seat_count", "2", 7, "seat_count: 2 is not from 3 to 52"),
    ("currency", "1.5", 7, "currency: expected a string, got 1.5"),
    ("seats", "[1, 2, true]", 7, "seats: expected an array of 3 whole numbers"),
    ("day", '"monday"', 7, "day: expected a whole number from 1 to 31"),
    ("time", '"8pm"', 7, "time: expected a local time such as 20:02:00"),
    ("_ruleset", "{hand_size = 100000000}", 7,
     "_ruleset: hand_size = 100000000 is not a count from 1 to 52"),
    ("_ruleset", '{odd_chip = "dealer"}', 7, "_ruleset: odd_chip = 'dealer' is not"),
    ("_rake", '"5"', 7, "_rake: expected an amount"),
])
def test_a_field_of_the_wrong_type_or_range_is_an_error_naming_it(
        field: str, value: str, line: int, says: str) -> None:
    text = hand_text([*ROUND_ROBIN, "p3 f", "p1 f"])
    if f"\n{field} = " in f"\n{text}":
        text = "\n".join(f"{field} = {value}" if row.startswith(f"{field} = ") else row
                         for row in text.splitlines())
    else:
        text = text.replace("actions = [", f"{field} = {value}\nactions = [")
    [error] = [record for record in read(text) if isinstance(record, ParseError)]
    assert (error.line, error.column) == (line, 1) and says in error.message, error


def test_arrays_nested_thousands_deep_are_an_error_not_a_crash() -> None:
    text = hand_text(ROUND_ROBIN).replace("antes = [0, 0, 0]",
                                          "antes = " + "[" * 50_000 + "]" * 50_000)
    [error] = errors(read(text))
    assert "not a hand: values nested too deep" in error


def test_an_optional_field_of_another_type_is_reported_and_the_hand_kept() -> None:
    records = read(hand_text([*ROUND_ROBIN, "p3 f", "p1 f"], extra="author = 5\n"))
    [note] = [record for record in records if isinstance(record, ParseError)]
    assert not note.hand_lost and "author: expected a string, got 5" in note.message
    assert the_hand(records).events


def played(hand: Hand) -> tuple[object, ...]:
    """What a hand is, but the lines its events were read at."""
    return (hand.hand_id, hand.session_id, hand.table, hand.currency, hand.site, hand.ruleset,
            [dataclasses.replace(event, line=0) for event in hand.events])


@pytest.mark.parametrize(("field", "says"), [
    ("hand = 1.5", "hand: expected a string or a whole number, got 1.5"),
    ("table = []", "table: expected a string or a whole number, got []"),
    ("players = [1, 2, 3]", "players: expected an array of 3 strings"),
    ('players = ["Ana", "Bo"]', "players: expected an array of 3 strings"),
    ("seats = [1, 1, 2]", "seats: two players sit in the same seat"),
    ("seat_count = 2", "seat_count: 2 is not from 3 to 52"),
    ("winnings = [0, 3]", "winnings: expected an array of 3 amounts"),
    ('finishing_stacks = "x"', "finishing_stacks: expected an array of 3 amounts"),
    ("currency = 1.5", "currency: expected a string, got 1.5"),
    ("_session = 5", "_session: expected a string, got 5"),
    ("_site = []", "_site: expected a string, got []"),
    ('_rake = "5"', "_rake: expected an amount"),
    ('_ruleset = {odd_chip = "dealer"}', "_ruleset: odd_chip = 'dealer' is not"),
])
def test_a_field_the_hand_plays_without_is_an_error_at_its_key_and_taken_as_absent(
        field: str, says: str) -> None:
    """docs/format.md, "PHH": an optional field of another type is reported at its key
    and the hand is read as if it had none (players p1, p2...; the rules settle the pot)."""
    plain = hand_text([*ROUND_ROBIN, "p3 f", "p1 f"])
    text = plain + field + "\n"
    records = read(text)
    [note] = [record for record in records if isinstance(record, ParseError)]
    assert (note.line, note.column, note.hand_lost) == (text.splitlines().index(field) + 1, 1,
                                                        False)
    assert note.message.startswith(says) and "the hand is read without it" in note.message
    assert played(the_hand(records)) == played(the_hand(read(plain)))
    assert report(records).violations == []


@pytest.mark.parametrize(("variant", "field", "says"), [
    ("F2L3D", "bring_in = 1", "bring_in: F2L3D has no bring-in (a stud game's forced bet)"),
    ("F2L3D", "min_bet = 2.5", "min_bet: F2L3D is fixed-limit: its bets are small_bet and "
                               "big_bet"),
    ("N2L1D", "small_bet = 2.5", "small_bet: N2L1D is no-limit: its one bet is min_bet"),
])
def test_a_field_the_variant_has_no_use_for_is_a_note_and_the_hand_played_without_it(
        variant: str, field: str, says: str) -> None:
    """The specification never gives a bring-in with blinds, nor ``min_bet`` in fixed
    limit, nor ``small_bet`` in no limit; PokerKit plays such a hand without the field,
    and so does the reader, with a note at its key: the hand is not lost, and the
    field's amount makes no hand of chips one of money."""
    plain = hand_text([*ROUND_ROBIN, "p3 f", "p1 f"], variant=variant)
    text = plain + field + "\n"
    records = read(text)
    [note] = [record for record in records if isinstance(record, ParseError)]
    assert (note.line, note.column, note.hand_lost) == (len(text.splitlines()), 1, False)
    assert note.message.startswith(says) and note.message.endswith("; it is read past")
    assert played(the_hand(records)) == played(the_hand(read(plain)))
    assert report(records).violations == []


def test_a_short_all_in_blind_posts_what_the_stack_holds() -> None:
    text = hand_text([*ROUND_ROBIN, "p3 f"]).replace("[100, 100, 100]", "[100, 1, 100]")
    hand = the_hand(read(text))
    blinds = [(event.player, event.amount, event.all_in) for event in hand.events
              if isinstance(event, PostBlind)]
    assert blinds == [("p1", 1, False), ("p2", 1, True)]
    assert (hand.ruleset.small_blind, hand.ruleset.big_blind) == (1, 2)


# -- bounds and damage -------------------------------------------------------------------------------

def test_a_hand_longer_than_any_is_an_error_and_the_next_hand_is_read() -> None:
    one = hand_text([*ROUND_ROBIN, "p3 f", "p1 f"])
    long = one.replace("actions = [", "actions = [" + '\n  "",' * 2500)
    records = read(f"[1]\n{long}\n[2]\n{one}", "x.phhs")
    [error] = errors(records)
    assert "more than 2000 lines" in error and error.startswith("x.phhs:2001:")
    assert [record.hand_id for record in records if isinstance(record, Hand)] == ["2"]


def test_more_actions_than_a_hand_holds_is_an_error() -> None:
    actions = "[" + '"",' * 6000 + "]"
    text = hand_text(ROUND_ROBIN).replace(
        hand_text(ROUND_ROBIN)[hand_text(ROUND_ROBIN).index("actions = ["):], "actions = "
        + actions + "\n")
    [error] = errors(read(text))
    assert "actions: 6,000 actions, more than a hand's 5,000" in error


def test_invisible_characters_before_a_hands_table_header_cost_nothing() -> None:
    one = hand_text([*ROUND_ROBIN, "p3 f", "p1 f"])
    records = read(f"[1]\n{one}\n\u200b\u202e[2]\n{one}", "x.phhs")
    [warning] = [record for record in records if isinstance(record, ParseError)]
    assert not warning.hand_lost and warning.line == one.count("\n") + 3
    assert "U+200B ZERO WIDTH SPACE" in warning.message
    assert [record.hand_id for record in records if isinstance(record, Hand)] == ["1", "2"]


@pytest.mark.parametrize("header", ["[1._meta]", '["1"._meta]  # the table is hand 1\'s',
                                    "[[1._notes]]"])
def test_a_table_inside_a_hands_is_its_user_field_not_a_hand(header: str) -> None:
    """``[1._meta]`` after ``[1]`` is a table of hand 1 (its user-defined field ``_meta``,
    as PokerKit's ``load_all`` reads it), not a hand of its own with no variant."""
    one = hand_text([*ROUND_ROBIN, "p3 f", "p1 f"])
    records = read(f"[1]\n{one}\n{header}\nsponsor = \"none\"\n\n[2]\n{one}", "x.phhs")
    assert errors(records) == []
    assert [record.hand_id for record in records if isinstance(record, Hand)] == ["1", "2"]


@pytest.mark.parametrize(("headers", "ids"), [
    (['["WSOP 2023/43 #5"]', '["WSOP 2023/43 #6"]  # after the break'],
     ["WSOP 2023/43 #5", "WSOP 2023/43 #6"]),
    (["['Table: 3 (\u20ac)']", '["caf\\u00e9 [2]"]'], ["Table: 3 (\u20ac)", "caf\u00e9 [2]"]),
])
def test_a_hands_table_name_quoted_as_toml_allows_holds_any_character(
        tmp_path: Path, headers: list[str], ids: list[str]) -> None:
    """A ``.phhs`` table's name is a TOML key, which may be quoted and then hold any
    character (PokerKit's ``load_all`` reads each such table as a hand); a file of them
    lost every hand, read as one hand with no variant. The name, read as TOML reads it,
    is the hand's id where it states no ``hand``."""
    one = hand_text([*ROUND_ROBIN, "p3 f", "p1 f"])
    log = tmp_path / "event.phhs"
    log.write_text("\n".join(f"{header}\n{one}" for header in headers), encoding="utf-8")
    records = list(read_records(log))
    assert errors(records) == []
    assert [record.hand_id for record in records if isinstance(record, Hand)] == ids


def test_a_line_of_a_bracket_and_thousands_of_blanks_is_passed_over_at_once(
        tmp_path: Path) -> None:
    """Every line that begins with ``[``, in a log of any dialect, is tried as a hand's
    table header: one of 3,000 blanks took some 16 s (the header's pattern backtracked in
    time growing with their cube; 20,000 never ended), and now costs nothing."""
    import time

    log = tmp_path / "blanks.phhs"
    one = hand_text([*ROUND_ROBIN, "p3 f", "p1 f"])
    log.write_text(f"[1]\n{one}\n[{' ' * 3000}x\n\n[2]\n{one}", encoding="utf-8")
    started = time.monotonic()
    records = list(read_records(log))
    assert time.monotonic() - started < 5
    assert [record.hand_id for record in records if isinstance(record, Hand)] == ["2"]
    assert len(errors(records)) == 1


def test_no_shot_clock_and_a_zero_bring_in_are_read_without_a_word() -> None:
    """``time_limit = inf`` is the standard's "no shot clock"; a bring-in of 0 is none."""
    records = read(hand_text([*ROUND_ROBIN, "p3 f", "p1 f"],
                             extra="time_limit = inf\nbring_in = 0\n"))
    assert errors(records) == [] and the_hand(records).events


@pytest.mark.parametrize(("field", "says"), [
    ('time_banks = "x"', "time_banks: expected an array of 3 times, one a player, got 'x'"),
    ("time_banks = [30, 30]", "time_banks: expected an array of 3 times"),
    ('time_banks = [30, "x", 30]', "time_banks: expected an array of 3 times in seconds"),
    ("time_banks = [30, -1, 30]", "time_banks: expected an array of 3 times in seconds"),
    ('time_limit = "x"', "time_limit: expected a time in seconds"),
    ("time_limit = true", "time_limit: expected a time in seconds"),
])
def test_a_time_of_another_type_is_an_error_at_its_key(field: str, says: str) -> None:
    """Every field is read at its type (optional fields: ``time_limit`` an integer or
    float, ``time_banks`` an array of them), the time banks too."""
    text = hand_text([*ROUND_ROBIN, "p3 f", "p1 f"], extra=field + "\n")
    records = read(text)
    [note] = [record for record in records if isinstance(record, ParseError)]
    assert (note.line, note.column, note.hand_lost) == (text.splitlines().index(field) + 1, 1,
                                                        False)
    assert note.message.startswith(says) and the_hand(records).events


def test_times_in_seconds_are_numbers_whatever_the_hands_money() -> None:
    """A time is no amount: 7.5 seconds is no error in a hand of whole chips."""
    records = read(hand_text([*ROUND_ROBIN, "p3 f", "p1 f"],
                             extra="time_limit = 7.5\ntime_banks = [30, 0.25, inf]\n"))
    assert errors(records) == [] and the_hand(records).unit == 1


def test_a_field_phh_does_not_name_is_a_note_at_its_key_and_the_hand_kept() -> None:
    """The specification ("User-defined Fields"): a parser ignores an unknown field and
    may warn. One without the leading ``_`` of a user-defined field (a misspelt
    ``winning``) is said at its key; a user-defined one is read past without a word."""
    plain = hand_text([*ROUND_ROBIN, "p3 f", "p1 f"])
    text = plain + "winning = [0, 3, 0]\n_sponsor = \"none\"\nfoo = 3\n"
    records = read(text)
    notes = [(note.line, note.column, note.hand_lost, note.message) for note in records
             if isinstance(note, ParseError)]
    said = "not a field of PHH (a user-defined field's name starts with '_'); it is read past"
    lines = text.splitlines()
    assert notes == [(lines.index("winning = [0, 3, 0]") + 1, 1, False, f"winning: {said}"),
                     (lines.index("foo = 3") + 1, 1, False, f"foo: {said}")]
    assert played(the_hand(records)) == played(the_hand(read(plain)))


def test_a_quoted_field_of_any_name_is_a_note_at_its_own_line() -> None:
    """TOML lets a quoted key hold any character (``"my note"``, ``'a.b'``): a field so
    named that PHH does not know is said at its line, not at the hand's first line."""
    plain = hand_text([*ROUND_ROBIN, "p3 f", "p1 f"])
    text = plain + "\"my note\" = 3\n'a.b' = 4\n"
    notes = [(note.line, note.message.split(":")[0]) for note in read(text)
             if isinstance(note, ParseError)]
    lines = text.splitlines()
    assert notes == [(lines.index('"my note" = 3') + 1, "my note"),
                     (lines.index("'a.b' = 4") + 1, "a.b")]


# -- a partial history ----------------------------------------------------------------------

@pytest.mark.parametrize("actions", [
    ["d dh p1 As2d3c4h", "d dh p2 ????????", "d dh p3 KsKdQcJh", "p3 cbr 4"],   # mid-round
    # the last round closed, the showdown's actions not written
    ["d dh p1 As2d3c4h", "d dh p2 5s6d7c8h", "d dh p3 KsKdQcJh", "p3 cc", "p1 cc", "p2 cc",
     *[action for draw in range(3) for action in
       ("p1 sd", "p2 sd", "p3 sd", "p1 cc", "p2 cc", "p3 cc")]],
])
def test_a_partial_history_the_standard_allows_is_skipped_not_judged(
        actions: list[str]) -> None:
    """The standard: the actions "may represent a complete history of the hand or a
    partial history that does not reach the terminal state". Such a hand has no result:
    it is counted as not audited (partial), with no B1 and no G3 for the finishing stacks
    it states with the pot still out."""
    records = read(hand_text(actions, variant="FB", extra="finishing_stacks = [98, 98, 96]\n"))
    results = list(audit(records))
    assert [type(item).__name__ for item in results] == ["SkippedHand", "SessionReport"]
    assert results[0].game.endswith("(partial)")
    assert results[1].violations == []



def test_a_partial_history_that_breaks_a_rule_keeps_its_pot_out_as_its_stacks_say() -> None:
    """Judged for its fault (a raise past the cap), the hand is still partial: its
    ``finishing_stacks`` are the stacks with the pot out, so nobody is paid it and no G3
    is told for them, where the pot was shared among the players still in."""
    raises = ["p3 cbr 4", "p1 cbr 6", "p2 cbr 8", "p3 cbr 10", "p1 cbr 12"]
    records = read(hand_text(["d dh p1 As2d3c4h", "d dh p2 5s6d7c8h", "d dh p3 KsKdQcJh",
                              *raises], variant="FB",
                             extra="finishing_stacks = [88, 92, 90]\n"))
    result = report(records)
    assert [v.rule for v in result.violations] == ["B3"]
    assert [(result.end_stacks[name], result.players[name].won)
            for name in ("p1", "p2", "p3")] == [(88, 0), (92, 0), (90, 0)]


def test_a_partial_history_keeps_a_b1_of_its_own_before_it_stops() -> None:
    """Two draws with no betting between is B1 whether or not the hand goes on: only the
    B1 of stopping short is the standard's partial history."""
    draw = ["p1 sd", "p2 sd", "p3 sd"]
    records = read(hand_text(["d dh p1 As2d3c4h", "d dh p2 5s6d7c8h", "d dh p3 KsKdQcJh",
                              "p3 cc", "p1 cc", "p2 cc", *draw, *draw], variant="FB",
                             extra="finishing_stacks = [98, 98, 98]\n"))
    assert [(v.rule, v.message) for v in report(records).violations] == [
        ("B1", "no betting round between the first and the second draw")]


def test_a_hand_whose_actions_zeros_took_is_not_judged_after_them() -> None:
    """Zeros (a crash's, a disk repair's) where two of a hand's actions were: the hand is
    kept, not judged after them (a false M2 otherwise); zeros after its last line (a file's
    end) take none of it."""
    lines = (ROOT / "tests" / "data" / "phh" / "wikipedia-badugi.phh").read_text().split("\n")
    lines[17:19] = ["\0" * len(lines[17]), "\0" * len(lines[18])]   # "p3 f", "p4 cc"
    records = read("\n".join(lines) + "\0" * 64)
    assert the_hand(records).damaged == (18, 19)
    assert report(records).violations == []
