"""The rules engine: replays hands event by event and reports every violation.

The engine sees only :mod:`badugi_hh.events`, never text, so it audits every
log dialect alike. It keeps its own account of every chip and every card and
compares it with what the log states (winners, amounts, descriptions, stacks).
A violation names the rule id of RULES.md, the hand, the source line and says
what went wrong in a sentence a player understands. After reporting, the
engine follows the log's version (the stated award, the stated stack), so one
mistake is reported once and does not echo through the rest of the session.

The engine is a package whose files name their parts (docs/rules.md, "The
engine's parts", draws them): :mod:`.replay` takes one hand's events, event by
event, to :mod:`.table` (seats, button, who is in), :mod:`.rounds` (blinds and
actions, sized by :mod:`.betting`), :mod:`.draws` and :mod:`.deck` (cards), and
hands over two frozen values (:mod:`.state`): the table's state and the log's
claims; :mod:`.settle` turns those into pots, winners and the claims' faults
(with :mod:`.describe` for the words of shown hands). :mod:`.fast` is the
heads-up fast path, which builds the same state; :mod:`.session` links hands
into sessions and tables, the stacks carried between them kept by :mod:`.chain`;
:mod:`.report` is what the engine says.

>>> from badugi_hh.cards import parse_cards
>>> from badugi_hh.events import *
>>> from badugi_hh.rules import HOUSE
>>> ev = [Button(seat=1, line=1),
...       PostBlind(player="Ana", amount=1, kind="small", line=2),
...       PostBlind(player="Bruno", amount=2, kind="big", line=3),
...       Deal(player="Bruno", cards=parse_cards("7c 8c 9h Qs"), line=4),
...       Deal(player="Ana", cards=parse_cards("As 2h 3d Kd"), line=5),
...       Raise(player="Ana", to=6, line=6),
...       Fold(player="Bruno", line=7),
...       Award(player="Ana", amount=4, line=8)]
>>> hand = Hand(hand_id="demo#1", number=1, ruleset=HOUSE, events=ev, source="demo.txt")
>>> report = replay_hand(hand, seats={"Ana": 1, "Bruno": 2})
>>> [str(v) for v in report.violations]
['demo.txt:6: [B2] demo#1: Ana raises to 6, but a raise before the first draw goes to 4 (the bet is 2)']
>>> report.net
{'Ana': 2, 'Bruno': -2}
"""

from __future__ import annotations

from badugi_hh.engine.replay import HandReplay
from badugi_hh.engine.report import (
    ActionRecord, DrawRecord, HandReport, PlayerResult, Pot, RunResult, SessionReport,
    Violation,
)
from badugi_hh.engine.session import Auditor, audit, replay_hand

#: The version of the engine's verdicts, which the store records with each file it
#: audits (``sources.audit_version``): an import reads an unchanged file again when
#: its hands were judged by an older audit. Raise it with any change to what the
#: engine reports (a rule added, a false alarm fixed, a message reworded);
#: tests/test_audit_version.py fails until it is raised, by the verdicts' fingerprint.
AUDIT_VERSION = 7

__all__ = [
    "AUDIT_VERSION", "Violation", "ActionRecord", "DrawRecord", "PlayerResult", "Pot", "RunResult",
    "HandReport", "SessionReport", "HandReplay", "Auditor",
    "replay_hand", "audit",
]
