"""The replayer's cards against the logs themselves, for every stored hand of the real logs
(tests/data/real/) and of sample_logs/.

What the log shows is read again from its events, independently of the store: at every
step each player holds exactly a hand's number of cards; every card the log has shown him
by then is there, and none he has not been shown yet (a card told only at the showdown is
not in the deal, nor in any step before the last).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from badugi_hh.events import (
    Bet, Call, Check, Deal, Draw, DrawnCards, Event, Fold, Hand, Muck, PostBlind, Raise, Show,
    Street,
)
from badugi_hh.parsers import read_records
from badugi_hh.store import Store, connect

ROOT = Path(__file__).resolve().parents[1]
LOGS = [ROOT / "tests" / "data" / "real", ROOT / "sample_logs"]
#: Events after which a draw's late lines (the hero's replacements) are no longer told.
_DRAW_ENDS = (Bet, Call, Check, Fold, PostBlind, Raise, Street, Show, Muck)
#: Rules whose breach changes a hand's number of cards (dealt or drawn short).
_SIZE_RULES = ("D2", "G5")


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("replay_cards") / "corpus.duckdb"
    with Store(path) as store:
        store.import_paths(LOGS)
    return path


def _known(cards: tuple | None) -> list[str]:
    return [str(card) for card in cards or () if card is not None]


class Told:
    """The cards the log has shown each player, event by event."""

    def __init__(self, hand: Hand) -> None:
        self.events = hand.events
        self.first_draw = min((e.line for e in self.events if type(e) is Draw),
                              default=float("inf"))

    def after(self, last_line: float, upto_showdown: bool = True) -> dict[str, Counter]:
        """Each player's known cards once the events up to ``last_line`` are told; the
        deal is the replayer's first step, whatever the lines of the blinds before it."""
        held = self.deal()
        for event in self.events:
            if (event.line > last_line or (type(event) is Deal and event.line < self.first_draw)
                    or (not upto_showdown and type(event) in (Show, Muck))):
                continue
            self._apply(held, event)
        return held

    @staticmethod
    def _apply(held: dict[str, Counter], event: Event) -> None:
        kind = type(event)
        if kind is Deal:
            held[event.player] = Counter(_known(event.cards))
        elif kind is Draw:
            mine = held.setdefault(event.player, Counter())
            mine.subtract(_known(event.discarded))
            mine.update(_known(event.drawn))
            held[event.player] = +mine
        elif kind is DrawnCards:
            held.setdefault(event.player, Counter()).update(_known(event.cards))
        elif kind in (Show, Muck) and event.cards:
            held[event.player] = Counter(_known(event.cards))

    def deal(self) -> dict[str, Counter]:
        """The cards of the deal: the Deal events before the first draw's."""
        return {e.player: Counter(_known(e.cards)) for e in self.events
                if type(e) is Deal and e.line < self.first_draw}

    def end_of_draw(self, line: int) -> float:
        """The line before which the lines after a draw at ``line`` still belong to it."""
        return min((e.line for e in self.events if e.line > line and type(e) in _DRAW_ENDS),
                   default=float("inf"))


def _hands(path: Path) -> Iterator[Hand]:
    seen = set()
    for record in read_records(path):
        if isinstance(record, Hand) and record.hand_id not in seen:   # the first one is stored
            seen.add(record.hand_id)
            yield record


def _log_files() -> list[Path]:
    return sorted(p for folder in LOGS for p in folder.rglob("*")
                  if p.is_file() and p.suffix in (".txt", ".log", ".xml"))


#: Every hand in the wide tier; every tenth hand of each log in the default run (the
#: hands of every game and site, a tenth of the time).
_STRIDES = [pytest.param(1, marks=pytest.mark.wide, id="every-hand"),
            pytest.param(10, id="every-tenth-hand")]


@pytest.mark.parametrize("stride", _STRIDES)
def test_every_step_holds_a_hands_cards_and_every_card_the_log_has_shown(
        corpus: Path, monkeypatch: pytest.MonkeyPatch, dashlib_path: None, stride: int) -> None:
    from dashlib import data, replay
    monkeypatch.setenv(data.DB_ENV, str(corpus))
    database = data.current()
    with connect(corpus, read_only=True) as con:
        stored = set(con.execute("SELECT source, hand_id FROM hands").fetchall())
        resized = set(con.execute(
            f"SELECT source, hand_id FROM violations WHERE rule IN {_SIZE_RULES}").fetchall())
    checked, cards_seen, games, sampled_games = 0, 0, set(), set()
    for path in _log_files():
        source = str(path.resolve())
        hands = [hand for hand in _hands(path) if (source, hand.hand_id) in stored]
        games.update(hand.ruleset.game for hand in hands)
        for hand in hands[::stride]:   # a hand of another game is not stored: skipped
            key = data.HandKey(source, hand.hand_id)
            steps = replay.steps(data.ask(database, "hand_rows", key))
            size = None if key in resized else hand.ruleset.hand_size
            cards_seen += _check_hand(Told(hand), steps, size, hand.hand_id)
            checked += 1
            sampled_games.add(hand.ruleset.game)
    # every game of the corpus, five-card hands too
    assert checked >= len(stored) // stride > 700 // stride
    assert sampled_games == games and len(games) >= 3
    assert cards_seen > 3000 // stride


def _check_hand(told: Told, steps: list, size: int | None, hand_id: str) -> int:
    """Check each step of one hand; the number of known cards shown."""
    shown_cards = 0
    for number, step in enumerate(steps):
        if number == 0:
            must = may = told.deal()
        elif step.line is None:   # the last step: the showdown's cards are told
            must = may = told.after(float("inf"))
        else:
            must = told.after(step.line, upto_showdown=False)
            later = told.after(told.end_of_draw(step.line) - 0.5, upto_showdown=False)
            may = {name: must.get(name, Counter()) | later.get(name, Counter())
                   for name in must.keys() | later.keys()}
        for player, cards in step.cards.items():
            where = f"{hand_id}, step {number} ({step.text}), {player}: {cards}"
            if size is not None:
                assert len(cards) == size, where
            known = Counter(card for card in cards if card != "??")
            assert not must.get(player, Counter()) - known, f"{where} lacks a card shown"
            assert not known - may.get(player, Counter()), f"{where} has a card not yet shown"
            shown_cards += sum(known.values())
    return shown_cards


def test_the_hero_is_dealt_his_cards_and_a_showdown_hand_is_known_only_at_the_end(
        corpus: Path, monkeypatch: pytest.MonkeyPatch, dashlib_path: None) -> None:
    """The issue's hand: PokerStars deals Hero [As 3h 8h 6s]; jodarin's mucked hand and
    Scorpio2000's shown one are told only at the showdown."""
    from dashlib import data, replay
    monkeypatch.setenv(data.DB_ENV, str(corpus))
    log = ROOT / "tests/data/real/pokerstars/cash-badugi-fl-0.25-0.50-201009.txt"
    steps = replay.steps(data.ask(data.current(), "hand_rows",
                                        data.HandKey(str(log), "ps-49164202872")))
    assert steps[0].cards["Hero"] == ["As", "3h", "8h", "6s"]
    assert all(steps[0].cards[name] == ["??"] * 4 for name in ("jodarin", "Scorpio2000"))
    assert steps[-2].cards["Scorpio2000"] == ["??"] * 4
    assert steps[-1].cards["Scorpio2000"] == ["8c", "5d", "7s", "Th"]
    assert steps[-1].cards["jodarin"] == ["Ad", "Td", "Qc", "2s"]
    draw = next(step for step in steps if step.text.startswith("Hero discards"))
    assert draw.cards["Hero"] == ["As", "3h", "5h", "Ks"]
