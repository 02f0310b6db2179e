"""The short ways a batch builds its rows give what the long ways gave: a hand's actions
read by Arrow as the engine records them, a four-card hand told a badugi by its ranks
and suits. (tests/test_stored_rows.py pins every stored value of whole imports.)"""

from __future__ import annotations

from itertools import combinations

from badugi_hh.bench import simulated_records
from badugi_hh.cards import DECK, JOKER
from badugi_hh.engine import Auditor, HandReport
from badugi_hh.evaluate import badugi_rank
from badugi_hh.rows.batch import _BADUGI_RANKS, RowBatch, _is_badugi
from badugi_hh.rows.files import BATCH_HANDS, FileAudit, audited_batches
from badugi_hh.rows.schema import ActionRow, arrow_table


def test_a_four_card_hand_is_a_badugi_as_the_evaluator_ranks_it() -> None:
    for cards in combinations(DECK, 4):
        assert _is_badugi(cards) is (badugi_rank(cards) < _BADUGI_RANKS), cards
    ace, deuce, trey = DECK[0], DECK[5], DECK[10]
    assert _is_badugi((ace, ace, deuce, trey)) is None   # a card twice: its violation says so
    assert _is_badugi((ace, JOKER, deuce, trey)) is None
    assert _is_badugi((ace, None, deuce, trey)) is None


def _action_rows(source: str, report: HandReport) -> list[ActionRow]:
    """A hand's ``actions`` rows as a row tuple each, field by field."""
    return [ActionRow(source, report.hand_id, seq, action.player, action.round, action.kind,
                      action.amount, action.to, action.facing, action.all_in, action.line)
            for seq, action in enumerate(report.actions, start=1)]


def test_the_rows_of_merged_sealed_and_dropped_batches_are_those_of_one_batch() -> None:
    records = simulated_records(120, players=6)
    auditor = Auditor()   # the reports the batches are built of, made again alike
    reports = [report for record in records for report in auditor.feed(record)
               if isinstance(report, HandReport)]
    audit = FileAudit("six.txt", "UTC")
    batches = list(audited_batches(audit, records, 40))
    audit.close()
    batches.append(audit.take(to_the_end=True))
    assert len(batches) > 2 and BATCH_HANDS > 40
    batches[0].seal()   # a worker's batch crosses as Arrow
    whole = RowBatch()
    for batch in batches:
        whole.merge(batch)
    dropped = {("six.txt", reports[3].hand_id), ("six.txt", reports[70].hand_id)}
    whole.drop_hands(dropped)
    expected = [row for report in reports if ("six.txt", report.hand_id) not in dropped
                for row in _action_rows("six.txt", report)]
    actions = whole.arrow("actions")
    assert actions is not None and whole.tables["actions"] == []
    assert actions.equals(arrow_table(ActionRow, expected))
    assert whole.arrow("actions") is actions   # kept as sealed
    one = FileAudit("six.txt", "UTC")   # the same hands in one batch, never sealed
    alone = next(iter(audited_batches(one, records, len(records))), one.batch)
    alone.drop_hands(dropped)
    for table in ("hands", "hand_players", "actions", "draws", "showdowns"):
        assert whole.arrow(table) == alone.arrow(table), table
