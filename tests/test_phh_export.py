"""PHH written from every real export, replayed by PokerKit: each legal hand PHH can say
replays to the stacks our engine ends it with; each other is named with its reason.

PokerKit (a dev dependency) is the other tool the export is for; these tests are
skipped where it is not installed.
"""

from __future__ import annotations

import io
import warnings
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest

from badugi_hh.engine import Auditor, HandReport
from badugi_hh.events import Draw, Hand, Muck, ParseError, PostBlind, Raise
from badugi_hh.parsers import iter_log_files, read_records
from badugi_hh.parsers.house import read_house
from badugi_hh.parsers.phh import read_phh
from badugi_hh.phh_writer import phh_fields, phh_text, write_phhs

pokerkit = pytest.importorskip("pokerkit")

ROOT = Path(__file__).resolve().parents[1]
REAL = ROOT / "tests" / "data" / "real"
LOGS = [REAL, ROOT / "sample_logs"]

#: What PHH cannot say, as the export names it (each a reason a hand is left out).
REASONS = ("PHH has no code for ", "PHH has no dead blind", "PHH has no small+big blind",
           "a blind is posted by a player PHH has no blind for",
           "caps a round at 4", "an all-in for less than a full raise", "PokerKit) raises by",
           "of the hand could not be read", "acts but was not dealt in",
           "folds while all-in")


def legal_hands(path: Path) -> Iterator[tuple[Hand, HandReport]]:
    """The hands of a log the engine finds no fault with, each with its report."""
    auditor = Auditor()
    for record in read_records(path):
        for report in auditor.feed(record):
            if (isinstance(report, HandReport) and isinstance(record, Hand)
                    and not report.violations):
                yield record, report


def pokerkit_stacks(text: str) -> list[int]:
    """The stacks PokerKit ends a PHH hand with, in the hand's unit."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        history = pokerkit.HandHistory.loads(text)
        stacks = list(list(history)[-1].stacks)
    cents = any(isinstance(value, Decimal) for value in history.starting_stacks)
    return [int(Decimal(stack) * (100 if cents else 1)) for stack in stacks]


def assert_replays(hand: Hand, report: HandReport, text: str) -> None:
    """PokerKit ends the hand with our stacks, but for the rake, which PHH cannot say and
    PokerKit does not take: it stays with the winners."""
    fields = phh_fields(hand, report)
    theirs = pokerkit_stacks(text)
    ours = [report.end_stacks[name] for name in fields["players"]]  # type: ignore[union-attr]
    extra = {name: mine - our for name, mine, our in zip(fields["players"], theirs, ours)}
    assert sum(extra.values()) == report.rake, hand.hand_id
    assert all(not amount or name in report.winners for name, amount in extra.items()), (
        hand.hand_id)


def written_and_named(path: Path) -> tuple[int, list[str]]:
    """How many legal hands of a log PokerKit replays from their PHH, and the reasons
    the others are left out; a hand written that PokerKit does not replay fails."""
    written, named = 0, []
    for hand, report in legal_hands(path):
        try:
            fields = phh_fields(hand, report)
        except ValueError as error:
            assert any(reason in str(error) for reason in REASONS), (hand.hand_id, error)
            named.append(str(error))
            continue
        assert_replays(hand, report, phh_text(fields))
        written += 1
    return written, named


@pytest.mark.parametrize("path", list(iter_log_files(LOGS)), ids=lambda path: path.name)
def test_pokerkit_replays_every_legal_hand_phh_can_say(path: Path) -> None:
    written_and_named(path)


def test_the_real_exports_are_written_but_for_what_phh_cannot_say() -> None:
    written = named = 0
    for path in iter_log_files([REAL]):
        count, reasons = written_and_named(path)
        written, named = written + count, named + len(reasons)
    # 235 legal hands: dead blinds, A-5 triple and single draw and pot-limit triple draw,
    # five-card draw (OnGame's ten and Boss Media's fourteen: PHH has no code for it), blinds
    # out of position, a hand that runs past PokerKit's cap and the SNG's sit-out fold of an
    # all-in player are the 38 left out, each by name (the hand run twice is written, its
    # second run as commentaries)
    assert (written, named) == (197, 38)


def test_a_muck_after_everyone_folded_is_a_commentary_pokerkit_skips() -> None:
    """Full Tilt writes 'Hero mucks' after Player0 folds: PokerKit has no showdown then."""
    log = REAL / "fulltilt" / "tour-27td-fl-headsup-sng-201211.txt"
    hand, report = next(pair for pair in legal_hands(log)
                        if pair[0].hand_id == "fulltilt#31331052808")
    fields = phh_fields(hand, report)
    assert fields["actions"][-2:] == ["p1 f", "# p2 mucks"]   # type: ignore[index]
    assert_replays(hand, report, phh_text(fields))
    [again] = [record for record in read_phh(phh_text(fields), "x.phh")
               if isinstance(record, Hand)]
    assert [(type(event).__name__, event.player) for event in again.events
            if isinstance(event, Muck)] == [("Muck", "Hero")]


def test_a_pat_draw_deals_no_cards() -> None:
    """A Merge hero standing pat was written 'd dh p1 ', which no reader takes."""
    log = REAL / "merge" / "cash-27td-fl-1-2-201104-multi.xml.txt"
    hand, report = next(pair for pair in legal_hands(log)
                        if pair[0].hand_id == "merge#33423082-3")
    assert any(isinstance(event, Draw) and not event.discarded for event in hand.events)
    actions = phh_fields(hand, report)["actions"]
    assert not [action for action in actions if action.startswith("d dh") and  # type: ignore
                len(action.split()) < 4]
    assert_replays(hand, report, phh_text(phh_fields(hand, report)))


SHORT_BLIND = """Session #short
Rules: Badugi triple draw, fixed limit 2/4, blinds 1/2, cap 3 raises, heads-up, stacks as seated, 12 hands
Seat 1: Ana (100)
Seat 2: Bruno (1)

Hand #1 - button Ana
Ana: posts small blind 1
Bruno: posts big blind 1 and is all-in
Dealt to Bruno [7c 8c 9h Qs]
Dealt to Ana [As 2h 3d Kd]
*** FIRST DRAW ***
Burn [5c]
Bruno: stands pat
Ana: stands pat
*** SECOND DRAW ***
Burn [6c]
Bruno: stands pat
Ana: stands pat
*** THIRD DRAW ***
Burn [7d]
Bruno: stands pat
Ana: stands pat
*** SHOWDOWN ***
Bruno: shows [7c 8c 9h Qs]
Ana: shows [As 2h 3d Kd]
Ana wins 2
"""


def test_a_blind_all_in_for_less_is_written_at_its_size() -> None:
    """A big blind of 2 posted all in for 1: PHH's blinds are the game's, the stack is 1,
    and PokerKit posts what the stack holds."""
    auditor = Auditor()
    [(hand, report)] = [(record, result) for record in read_house(SHORT_BLIND, "short.txt")
                        for result in auditor.feed(record) if isinstance(result, HandReport)]
    assert report.violations == []
    assert [event.amount for event in hand.events if isinstance(event, PostBlind)] == [1, 1]
    fields = phh_fields(hand, report)
    # heads-up PHH lists the blinds reversed: p1 (Bruno, the big blind) posts the 2
    assert (fields["blinds_or_straddles"], fields["starting_stacks"]) == ([1, 2], [1, 100])
    assert_replays(hand, report, phh_text(fields))


def test_more_raises_than_pokerkits_cap_are_named_not_written() -> None:
    """A site lifts the cap heads-up (T7); PokerKit caps every round at four bets."""
    log = REAL / "kingsclub" / "cash-badugi-fl-30-60-202010.txt"
    [(hand, report)] = list(legal_hands(log))
    raises = [index for index, event in enumerate(hand.events) if isinstance(event, Raise)]
    assert raises   # the hand has a raise to repeat past the cap
    first = hand.events[raises[0]]
    assert isinstance(first, Raise)
    step = first.to - (first.by or first.to // 2)
    more = [Raise(player=name, to=first.to + step * count, line=first.line)
            for count, name in enumerate(["Player1", "Player0", "Player1", "Player0"], 1)]
    hand.events[raises[0] + 1:raises[0] + 1] = more
    with pytest.raises(ValueError, match="caps a round at 4"):
        phh_fields(hand, report)


def test_write_phhs_numbers_each_hand_and_pokerkit_loads_them_all() -> None:
    log = REAL / "fulltilt" / "tour-27td-fl-headsup-sng-201211.txt"
    pairs = list(legal_hands(log))[:10]
    out = io.StringIO()
    assert write_phhs((phh_fields(hand, report) for hand, report in pairs), out) == 10
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert len(list(pokerkit.HandHistory.loads_all(out.getvalue()))) == 10


TRIMMED_ANTE = '''variant = "FB"
ante_trimming_status = true
antes = [0, 3, 0, 0]
blinds_or_straddles = [1, 3, 0, 0]
small_bet = 3
big_bet = 6
starting_stacks = [60, 4, 10, 3]
actions = ["d dh p1 6hQc5h6s", "d dh p2 QhQd8c8s", "d dh p3 TcAs8hKc", "d dh p4 Ts5dTdKh",
  "p3 cc", "p4 cbr 3", "p1 cbr 6", "p2 f", "p3 cc", "p1 sd 5h", "p3 sd As", "p4 sd TdKh",
  "d dh p1 7c", "d dh p3 9c", "d dh p4 2d7h", "p1 cc", "p3 cbr 3", "p1 cbr 6", "p3 cc",
  "p1 sd 6sQc", "p3 sd 8hTc", "p4 sd 2d7h", "d dh p1 7sKd", "d dh p3 3h3d", "d dh p4 KsTh",
  "p1 sd Kd", "p3 sd 3h9c", "p4 sd 5d", "d dh p1 9h", "d dh p3 Ah9s", "d dh p4 7d",
  "p1 sm 6h7c7s9h", "p3 sm Kc3dAh9s", "p4 sm TsKsTh7d"]
'''


def test_trimmed_antes_are_written_whole_with_their_trimming_status() -> None:
    """p2's ante of 3, trimmed all back, left him 1 of a big blind of 3: the export writes
    the ante as posted and ``ante_trimming_status``, and PokerKit, trimming it again, sizes
    the blind alike and ends the hand with our stacks."""
    auditor = Auditor()
    [(hand, report)] = [(record, result) for record in read_phh(TRIMMED_ANTE, "trim.phh")
                        for result in auditor.feed(record) if isinstance(result, HandReport)]
    assert report.violations == []
    fields = phh_fields(hand, report)
    assert (fields["antes"], fields["ante_trimming_status"]) == ([0, 3, 0, 0], True)
    text = phh_text(fields)
    assert pokerkit_stacks(text) == pokerkit_stacks(TRIMMED_ANTE) == [50, 3, 24, 0]
    assert_replays(hand, report, text)


def test_a_no_limit_raise_by_min_bet_below_the_big_blind_is_written() -> None:
    """``min_bet = 1`` under a big blind of 3: PokerKit's least raise goes the largest raise
    over the bet, or min_bet, so a post-draw raise of 1 is PokerKit's, and written."""
    text = '''variant = "N2L1D"
antes = [0, 0, 0]
blinds_or_straddles = [1, 3, 0]
min_bet = 1
starting_stacks = [50, 50, 50]
actions = ["d dh p1 2c3d4h5s7c", "d dh p2 KcQdJhTs9s", "d dh p3 Kd8h8c6d6s", "p3 cbr 4",
  "p1 cc", "p2 cc", "p1 sd", "p2 sd", "p3 sd", "p1 cbr 1", "p2 cbr 2", "p3 f", "p1 cc",
  "p1 sm -", "p2 sm -"]
'''
    auditor = Auditor()
    [(hand, report)] = [(record, result) for record in read_phh(text, "minbet.phh")
                        for result in auditor.feed(record) if isinstance(result, HandReport)]
    assert report.violations == []
    written = phh_text(phh_fields(hand, report))
    assert pokerkit_stacks(written) == pokerkit_stacks(text) == [60, 44, 46]
    assert_replays(hand, report, written)


def test_a_hand_holding_a_joker_is_named_not_written(tmp_path: Path, capsys) -> None:
    """broken-G.txt's hand 4 deals Bruno a joker (G2): PHH has no notation for it, so
    the export, which would write "d dh p2 Jk6s5hKs" (PokerKit refuses it, and our reader
    reads no card Jk), leaves the hand out and names it."""
    from badugi_hh.cli import main
    log = ROOT / "sample_logs" / "broken-G.txt"
    auditor = Auditor()
    [(hand, report)] = [(record, item) for record in read_records(log)
                        for item in auditor.feed(record) if isinstance(item, HandReport)
                        and isinstance(record, Hand) and record.hand_id == "broken-G2#4"]
    with pytest.raises(ValueError, match=r"a card of no deck \(Jk\)"):
        phh_fields(hand, report)
    assert main(["import", "--db", str(tmp_path / "h.duckdb"), str(log)]) in (0, 1, 2)
    capsys.readouterr()
    main(["export", "--db", str(tmp_path / "h.duckdb"), "--format", "phh",
          "--out", str(tmp_path / "out")])
    assert "hand broken-G2#4: not written: the hand holds a card of no deck (Jk)" in (
        capsys.readouterr().err)
    text = "".join(path.read_text(encoding="utf-8") for path in (tmp_path / "out").rglob("*.phhs"))
    assert "Jk" not in text
    assert all(not isinstance(record, ParseError) or not record.hand_lost
               for record in read_phh(text, "x.phhs"))
