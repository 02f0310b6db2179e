"""PHH in and out: the reader, the writer, and the round trip through PokerKit.

PokerKit (a dev dependency) replays what we write; the tests that need it are
skipped where it is not installed.
"""

from __future__ import annotations

import io
import tomllib
from collections import Counter
from collections.abc import Iterator
from datetime import time
from decimal import Decimal
from pathlib import Path

import pytest
from conftest import examples_by_tier
from hypothesis import given, settings
from hypothesis import strategies as st

from badugi_hh.cli import main
from badugi_hh.engine import Auditor, HandReport, audit
from badugi_hh.events import (
    Award, Bet, Burn, Call, Check, Deal, Draw, DrawnCards, Event, Fold, Hand, Muck, ParseError,
    PostBlind, Raise, Show, SkippedHand,
)
from badugi_hh.parsers import iter_log_files, read_records
from badugi_hh.parsers.phh import read_phh
from badugi_hh.phh_writer import phh_fields, toml_value, write_phhs
from badugi_hh.simulate import simulate

ROOT = Path(__file__).resolve().parents[1]
WIKIPEDIA = ROOT / "tests" / "data" / "phh" / "wikipedia-badugi.phh"
LOGS = [ROOT / "sample_logs", ROOT / "tests" / "data" / "real"]


def reports_of(records: object) -> Iterator[tuple[Hand, HandReport]]:
    """Each audited hand with the engine's report of it."""
    auditor = Auditor()
    for record in records:  # type: ignore[attr-defined]
        for report in auditor.feed(record):
            if isinstance(report, HandReport) and isinstance(record, Hand):
                yield record, report


# -- the reader ---------------------------------------------------------------------------

def test_the_wikipedia_hand_reads_and_replays_to_its_stacks() -> None:
    records = list(read_records(WIKIPEDIA))
    assert [type(record).__name__ for record in records] == ["SessionStart", "Hand"]
    [report] = [item for item in audit(records) if isinstance(item, HandReport)]
    assert report.end_stacks == {"Bob": 196, "Carol": 220, "Ted": 200, "Alice": 184}
    assert report.winners == ("Carol",)
    # PHH's winnings are optional: without them the results are the engine's, not a fault.
    assert report.violations == []


def test_pokerkit_replays_the_wikipedia_hand_to_the_same_stacks() -> None:
    pokerkit = pytest.importorskip("pokerkit")
    history = pokerkit.HandHistory.loads(WIKIPEDIA.read_text(encoding="utf-8"))
    assert list(list(history)[-1].stacks) == [196, 220, 200, 184]


def _one(text: str, name: str = "x.phh") -> list[object]:
    return list(read_phh(text, name))


HEADS_UP = '''variant = "FB"
antes = [0, 0]
blinds_or_straddles = [1, 2]
small_bet = 2
big_bet = 4
starting_stacks = [100, 100]
actions = [
  "d dh p1 7c8c9hQs",
  "d dh p2 ????????",
  "p2 cbr 4",
  "p1 f",
]
'''


#: PokerKit's own hands (its generator's): a short all-in raise over the big blind (p2 to
#: 3), re-raised by p3, who had called; and an all-in bet of 1 where the least bet is 2
#: (p3), raised by p1, who had checked. PokerKit allows both (docs/format.md, "PHH").
REOPENED_BY_A_SHORT_ALL_IN = ['''variant = 'N2L1D'
antes = [0, 0, 0, 0, 0]
blinds_or_straddles = [0, 2, 0, 0, 0]
min_bet = 2
starting_stacks = [30, 3, 30, 15, 15]
actions = ['d dh p1 4s8hQsJdKc', 'd dh p2 7cTcQcKd2h', 'd dh p3 7d4c3d3c9c',
  'd dh p4 Jc5c6cJh3h', 'd dh p5 KsAd9s7h9h', 'p3 cc', 'p4 f', 'p5 cc', 'p1 f',
  'p2 cbr 3', 'p3 cbr 17', 'p5 f', 'p2 sd 2h7c', 'p3 sd 4c9c', 'd dh p2 4d8c',
  'd dh p3 2c5d', 'p2 sm TcQcKd4d8c', 'p3 sm 7d3d3c2c5d']
finishing_stacks = [30, 8, 27, 15, 13]
''', '''variant = 'N2L1D'
antes = [2, 2, 2, 2]
blinds_or_straddles = [0, 0, 0, 0]
min_bet = 2
starting_stacks = [15, 15, 3, 30]
actions = ['d dh p1 Jh5c2dTs2c', 'd dh p2 6s3cJcTd9c', 'd dh p3 3d8cAc8s3h',
  'd dh p4 Qd6cJdTc5s', 'p1 cc', 'p2 cc', 'p3 cbr 1', 'p4 f', 'p1 cbr 13', 'p2 f',
  'p1 sd 2d5c', 'p3 sd 3d8c', 'd dh p1 AdJs', 'd dh p3 4h8d', 'p1 sm JhTs2cAdJs',
  'p3 sm Ac8s3h4h8d']
finishing_stacks = [12, 13, 10, 28]
''']


@pytest.mark.parametrize("text", REOPENED_BY_A_SHORT_ALL_IN)
def test_a_phh_hand_reopens_after_a_short_all_in_as_pokerkit_does(text: str) -> None:
    [report] = [r for r in audit(_one(text)) if isinstance(r, HandReport)]
    assert not report.ruleset.reopen_by_least_bet
    assert report.violations == []


def test_heads_up_blinds_are_reversed_and_the_button_is_the_last_player() -> None:
    _, hand = _one(HEADS_UP)
    assert isinstance(hand, Hand)
    blinds = [(e.player, e.kind, e.amount) for e in hand.events if isinstance(e, PostBlind)]
    assert blinds == [("p2", "small", 1), ("p1", "big", 2)]
    [report] = [r for r in audit(_one(HEADS_UP)) if isinstance(r, HandReport)]
    assert report.button == "p2" and report.end_stacks == {"p1": 98, "p2": 102}


@pytest.mark.parametrize(("text", "line", "column", "message"), [
    (HEADS_UP.replace("small_bet = 2", "small_bet = = 2"), 4, 13, "not TOML: Invalid value"),
    (HEADS_UP.replace('"p1 f"', '"p1 folds"'), 11, 4, "action 'p1 folds': expected an action"),
    (HEADS_UP.replace('"p1 f"', '"p3 f"'), 11, 4, "expected a player p1 to p2, got 'p3'"),
    (HEADS_UP.replace("7c8c9hQs", "7c8c9hQx"), 8, 18, "expected a card such as As"),
    (HEADS_UP.replace('"FB"', '"FXB"'), 1, 1, "unknown variant 'FXB'"),
    (HEADS_UP.replace("[1, 2]", "[1, 2, 4]"), 3, 1,
     "blinds_or_straddles: expected an array of 2 amounts, one a player, got [1, 2, 4]"),
    (HEADS_UP.replace("small_bet = 2\n", ""), 1, 1, "the hand has no 'small_bet' field"),
    # an error on the last line, which ends without a newline, where tomllib places it
    (HEADS_UP + 'variant = "FB"', 13, 15, "not TOML: Cannot overwrite a value"),
    # a value left open: just past the last text, blank lines after it aside
    (HEADS_UP + "big_bet = [4,\n\n", 13, 14, "not TOML: Invalid value"),
])
def test_errors_name_the_line_and_column(text: str, line: int, column: int,
                                         message: str) -> None:
    [error] = [r for r in _one(text) if isinstance(r, ParseError)]
    assert (error.source, error.line, error.column) == ("x.phh", line, column)
    assert message in error.message


def test_a_bad_hand_of_a_phhs_file_costs_that_hand_only() -> None:
    bad = HEADS_UP.replace('"p1 f"', '"p1 x"')
    text = f"# two hands\n[1]\n{HEADS_UP}\n[2]\n{bad}\n[3]\n{HEADS_UP.replace('FB', 'NT')}"
    records = _one(text, "x.phhs")
    kinds = [type(record).__name__ for record in records]
    assert kinds == ["SessionStart", "Hand", "ParseError", "SkippedHand"]
    error = records[2]
    assert isinstance(error, ParseError) and error.line == 27
    assert error.message.startswith("hand 2:")
    skipped = records[3]
    assert isinstance(skipped, SkippedHand) and skipped.game == "No-limit Texas Hold'em"


def test_a_toml_error_at_the_end_of_a_phhs_hand_is_placed_at_its_line() -> None:
    text = f"[1]\n{HEADS_UP}[2]\n{HEADS_UP}variant = \"FB\""
    [error] = [r for r in _one(text, "x.phhs") if isinstance(r, ParseError)]
    assert (error.line, error.column) == (27, 15)
    assert error.message == "hand 2: not TOML: Cannot overwrite a value"


def test_a_2_7_triple_draw_hand_reads_as_a_hand_the_audit_replays() -> None:
    text = (HEADS_UP.replace('"FB"', '"F2L3D"').replace("7c8c9hQs", "7c8c9hQs2d")
            .replace('"????????"', '"??????????"'))
    records = _one(text)
    hand = records[1]
    assert isinstance(hand, Hand) and hand.ruleset.game == "27td"
    assert [type(item).__name__ for item in audit(records)] == ["HandReport", "SessionReport"]


# -- the TOML writer ------------------------------------------------------------------------

_TEXT = st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=20)
_SCALARS = st.one_of(st.integers(-10**12, 10**12), st.booleans(), _TEXT)
_VALUES = st.recursive(_SCALARS, lambda inner: st.lists(inner, max_size=4), max_leaves=10)


@pytest.mark.parametrize("examples", examples_by_tier(50, 200))
def test_tomllib_reads_back_what_toml_value_writes(examples: int) -> None:
    @settings(deadline=None, max_examples=examples)
    @given(st.dictionaries(st.from_regex(r"[A-Za-z_][A-Za-z0-9_]{0,8}", fullmatch=True),
                           _VALUES, max_size=5))
    def read_back(fields: dict[str, object]) -> None:
        text = "".join(f"{key} = {toml_value(value)}\n"  # type: ignore[arg-type]
                       for key, value in fields.items())
        assert tomllib.loads(text) == fields

    read_back()


def test_amounts_and_times_read_back_as_written() -> None:
    text = f"a = {toml_value(Decimal('0.25'))}\nb = {toml_value(time(20, 2))}\n"
    assert tomllib.loads(text, parse_float=Decimal) == {"a": Decimal("0.25"), "b": time(20, 2)}


# -- the round trip ---------------------------------------------------------------------------

def play(events: list[Event]) -> dict[str, object]:
    """What PHH can say of a hand's play: blinds, deals, actions in order, winnings."""
    actions: list[tuple[object, ...]] = []
    shown: set[str] = set()
    for event in _drawn_inline(events):
        match event:
            case Check() | Call():
                actions.append(("cc", event.player))
            case Fold(player=player):
                actions.append(("f", player))
            case Bet(player=player) | Raise(player=player):
                actions.append(("cbr", player))
            case Burn(card=card):
                actions.append(("burn", card))
            case Draw(player=player, discarded=discarded, drawn=drawn):
                # PHH deals the new cards of every discard: hidden ones when nobody saw them
                new = drawn if drawn is not None else (None,) * len(discarded)
                actions.append(("sd", player, discarded, new if discarded else None))
            case Show() | Muck() if event.player not in shown:
                shown.add(event.player)
                actions.append(("sm", event.player,
                                event.cards if isinstance(event, Show) else None))
    won: Counter[str] = Counter()
    for event in events:
        if isinstance(event, Award):
            won[event.player] += event.amount
    return {
        "blinds": sorted((e.player, e.kind, e.amount) for e in events
                         if isinstance(e, PostBlind)),
        "deals": {e.player: e.cards for e in events if isinstance(e, Deal)},
        "actions": actions, "won": won,
    }


def _drawn_inline(events: list[Event]) -> list[Event]:
    """Site logs state drawn cards on their own line; PHH deals them with the draw."""
    merged: list[Event] = []
    for event in events:
        if isinstance(event, DrawnCards):
            index = max(i for i, e in enumerate(merged)
                        if isinstance(e, Draw) and e.player == event.player)
            draw = merged[index]
            assert isinstance(draw, Draw)
            merged[index] = Draw(player=draw.player, discarded=draw.discarded,
                                 drawn=event.cards, line=draw.line)
        else:
            merged.append(event)
    return merged


def _verdicts(reports: list[HandReport]) -> list[tuple[str, object, object]]:
    """Each hand's violations and the final stacks of the players dealt in."""
    return sorted((report.hand_id, sorted((v.rule, v.message) for v in report.violations),
                   sorted((name, p.end_stack) for name, p in report.players.items()))
                  for report in reports)


#: Broken rules PHH has no words for, so a hand that breaks them reads back otherwise:
#: a check facing a bet or a call of the wrong amount (PHH's ``cc`` is whatever is due),
#: a hand's description, a card dealt twice or a joker, a deal not starting with p1, an
#: uncalled bet's stated return, an action after a fold (PokerKit's reader stops there).
UNSAYABLE_RULES = frozenset({"B4", "B7", "D2", "E1", "E2", "E3", "E4", "E5", "G2", "G5",
                             "S3", "S4"})


def sayable(pairs: list[tuple[Hand, HandReport]]) -> list[HandReport]:
    """The reports of the hands whose verdict PHH can carry: not after a hand left out."""
    kept, previous = [], None
    for hand, report in pairs:
        rules = {violation.rule for violation in report.violations}
        if not rules & UNSAYABLE_RULES and (previous is None or hand.number == previous + 1):
            kept.append(report)
        previous = hand.number
    return kept


def round_trip(pairs: list[tuple[Hand, HandReport]]) -> tuple[str, list[tuple[Hand,
                                                                             HandReport]]]:
    """The hands written as one .phhs file, and what our reader and engine make of it."""
    out = io.StringIO()
    write_phhs((phh_fields(hand, report) for hand, report in pairs), out)
    return out.getvalue(), list(reports_of(read_phh(out.getvalue(), "rt.phhs")))


def assert_pokerkit_agrees(text: str, pairs: list[tuple[Hand, HandReport]]) -> None:
    """PokerKit replays each written hand to our final stacks; a rake it does not take
    (PHH has no rake) is the only difference, and goes to the winners."""
    pokerkit = pytest.importorskip("pokerkit")
    for history, (_, report) in zip(pokerkit.HandHistory.loads_all(text), pairs, strict=True):
        stacks = list(list(history)[-1].stacks)
        ours = [report.end_stacks[name] for name in history.players]
        unit = Decimal(100) if any(isinstance(s, Decimal) for s in stacks) else 1
        extra = {name: int(theirs * unit) - mine
                 for name, theirs, mine in zip(history.players, stacks, ours)}
        assert sum(extra.values()) == report.rake, report.hand_id
        assert all(amount == 0 or name in report.winners for name, amount in extra.items())


@pytest.mark.parametrize("hidden", [0.0, 0.5])
def test_simulated_hands_go_through_phh_and_pokerkit_unchanged(hidden: float) -> None:
    pairs = list(reports_of(simulate(15, seed=14, hidden=hidden)))
    text, back = round_trip(pairs)
    assert [hand.hand_id for hand, _ in back] == [hand.hand_id for hand, _ in pairs]
    for (hand, _), (again, _) in zip(pairs, back):
        assert play(again.events) == play(hand.events), hand.hand_id
    assert _verdicts([r for _, r in back]) == _verdicts([r for _, r in pairs])
    assert_pokerkit_agrees(text, pairs)


#: Hands of the sample and real logs PHH cannot say, and why.
UNSAYABLE = {
    "broken-G1#4": "Carla acts but was not dealt in",
    "broken-G2#4": r"a card of no deck \(Jk\)",   # dealt a joker (G2)
    "ps-49164255772": "a blind is posted by a player PHH has no blind for",
    "ps-49164287914": "a blind is posted by a player PHH has no blind for",
    "ps-52589452703": "Player3 folds while all-in",   # sitting out, folded by the site
}


@pytest.mark.parametrize("path", list(iter_log_files(LOGS)), ids=lambda path: path.name)
def test_every_stored_badugi_hand_goes_through_phh(path: Path) -> None:
    pairs = []
    for hand, report in reports_of(read_records(path)):
        if hand.ruleset.game != "badugi":
            continue   # the triple-draw games: PHH has no A-5 code, and no dead blinds
        if hand.hand_id in UNSAYABLE:
            with pytest.raises(ValueError, match=UNSAYABLE[hand.hand_id]):
                phh_fields(hand, report)
        else:
            pairs.append((hand, report))
    if not pairs:
        return
    text, back = round_trip(pairs)
    read_back = {hand.hand_id: hand for hand, _ in back}
    for hand, report in pairs:
        if hand.hand_id not in read_back:   # our reader refuses a joker, a short draw
            assert {v.rule for v in report.violations} & UNSAYABLE_RULES, hand.hand_id
        elif not report.violations:   # a broken hand may say what PHH cannot
            assert play(read_back[hand.hand_id].events) == play(hand.events), hand.hand_id
    kept = sayable(pairs)
    ids = {report.hand_id for report in kept}
    assert _verdicts([r for _, r in back if r.hand_id in ids]) == _verdicts(kept)
    # PokerKit refuses an illegal action, so only the legal hands are replayed there.
    legal = [pair for pair in pairs if not pair[1].violations]
    out = io.StringIO()
    write_phhs((phh_fields(hand, report) for hand, report in legal), out)
    assert_pokerkit_agrees(out.getvalue(), legal)


def test_export_writes_stored_hands_that_validate_as_they_did(tmp_path: Path) -> None:
    log = ROOT / "sample_logs" / "2026-11-20-ana-carla-hidden.txt"
    db = tmp_path / "hands.duckdb"
    assert main(["import", str(log), "--db", str(db)]) == 0
    assert main(["export", "--format", "phh", "--db", str(db), "--out",
                 str(tmp_path / "phh")]) == 0
    assert main(["export", "--format", "house", "--db", str(db), "--player", "Carla",
                 "--out", str(tmp_path / "house")]) == 0
    written = tmp_path / "phh" / "2026-11-20-ana-carla-hidden.phhs"
    original = _verdicts([r for r in audit(read_records(log)) if isinstance(r, HandReport)])
    assert _verdicts([r for r in audit(read_records(written))
                      if isinstance(r, HandReport)]) == original
    house = tmp_path / "house" / "2026-11-20-ana-carla-hidden.txt"
    assert _verdicts([r for r in audit(read_records(house))
                      if isinstance(r, HandReport)]) == original


def test_a_hand_with_antes_is_written_in_a_house_export(tmp_path: Path, capsys) -> None:
    """The house format has an ante line: KingsClub's A-5 hand with antes is written (it
    was a KeyError that stopped the export, then a hand left out) and reads back."""
    log = ROOT / "tests" / "data" / "real" / "kingsclub" / "cash-a5td-fl-44-88-202010.txt"
    db = tmp_path / "hands.duckdb"
    main(["import", str(log), "--db", str(db)])
    assert main(["export", "--format", "house", "--db", str(db),
                 "--out", str(tmp_path / "house")]) == 0
    assert "not written" not in capsys.readouterr().err
    written = tmp_path / "house" / log.with_suffix(".txt").name
    [again] = [r for r in audit(read_records(written)) if isinstance(r, HandReport)]
    [report] = [r for r in audit(read_records(log)) if isinstance(r, HandReport)]
    assert again.violations == report.violations == []
    assert again.end_stacks == report.end_stacks
