"""A tie's odd chip (S2): the message of a pot split wrongly states the ruleset's own rule
of who gets it (the Rules line's ``odd chip to big blind`` or ``odd chip left of button``),
not the house default's, and only where the pot leaves an odd chip."""

from __future__ import annotations

import io

import pytest

from badugi_hh.engine import audit
from badugi_hh.engine.report import HandReport
from badugi_hh.parsers import read_records
from badugi_hh.rules import ODD_CHIP_RULES

#: Dmitri and Ana tie for a pot of 11 with the big blind (Carla) folded; Dmitri is the
#: first winner left of the button (Ana), so the odd chip is his under either rule, and
#: the log gives it to Ana.
_TIE = """\
Session #tie4 "tie" 2026-11-27 20:00
Rules: Badugi triple draw, fixed limit 2/4, blinds 1/2, cap 3 raises, 4 players, stacks 100, unlimited hands, {rule}
Seat 1: Ana (100)
Seat 2: Bruno (100)
Seat 3: Carla (100)
Seat 4: Dmitri (100)

Hand #1 - button Ana
Bruno: posts small blind 1
Carla: posts big blind 2
Dealt to Bruno [Ks Kh Qd Qc]
Dealt to Carla [Jc Jh Td Ts]
Dealt to Dmitri [Ac 3h 5d 8s]
Dealt to Ana [As 3d 5c 8h]
Dmitri: calls 2
Ana: calls 2
Bruno: folds
Carla: checks
*** FIRST DRAW ***
Burn [9s]
Carla: stands pat
Dmitri: stands pat
Ana: stands pat
Carla: checks
Dmitri: bets 2
Ana: calls 2
Carla: folds
*** SECOND DRAW ***
Burn [9h]
Dmitri: stands pat
Ana: stands pat
Dmitri: checks
Ana: checks
*** THIRD DRAW ***
Burn [9d]
Dmitri: stands pat
Ana: stands pat
Dmitri: checks
Ana: checks
*** SHOWDOWN ***
Dmitri: shows [Ac 3h 5d 8s] (badugi 8-5-3-A)
Ana: shows [As 3d 5c 8h] (badugi 8-5-3-A)
Dmitri wins 5
Ana wins 6
"""
#: The Rules line's clause for each odd-chip rule the rules support.
_CLAUSES = {"big_blind": "odd chip to big blind", "first_left_of_button": "odd chip left of button"}


@pytest.mark.parametrize("rule", sorted(ODD_CHIP_RULES))
def test_the_s2_message_states_the_rulesets_odd_chip_rule(rule: str) -> None:
    log = io.StringIO(_TIE.format(rule=_CLAUSES[rule]))
    [report] = [report for report in audit(read_records(log))
                if isinstance(report, HandReport)]
    [violation] = report.violations
    assert violation.rule == "S2"
    assert violation.message.endswith(f"it is Ana 5, Dmitri 6 (a tie splits the pot, "
                                      f"{ODD_CHIP_RULES[rule]})")


def test_left_of_the_button_the_message_names_no_big_blind() -> None:
    """The big blind folded, and the rule never gives him the chip."""
    log = io.StringIO(_TIE.format(rule=_CLAUSES["first_left_of_button"]))
    [report] = [report for report in audit(read_records(log))
                if isinstance(report, HandReport)]
    assert "big blind" not in report.violations[0].message


#: The same tie for a pot of 12: Bruno completes his small blind and folds after the first
#: draw, so the pot splits evenly and there is no odd chip to give.
_EVEN_TIE = _TIE.replace("""Ana: calls 2
Bruno: folds
Carla: checks
*** FIRST DRAW ***
Burn [9s]
Carla: stands pat
Dmitri: stands pat
Ana: stands pat
Carla: checks
Dmitri: bets 2
Ana: calls 2
Carla: folds
""", """Ana: calls 2
Bruno: calls 1
Carla: checks
*** FIRST DRAW ***
Burn [9s]
Bruno: stands pat
Carla: stands pat
Dmitri: stands pat
Ana: stands pat
Bruno: checks
Carla: checks
Dmitri: bets 2
Ana: calls 2
Bruno: folds
Carla: folds
""").replace("Ana wins 6", "Ana wins 7")


@pytest.mark.parametrize("rule", sorted(ODD_CHIP_RULES))
def test_an_even_split_states_no_odd_chip_rule(rule: str) -> None:
    """It said "it is Ana 6, Dmitri 6 (a tie splits the pot, the odd chip to ...)"."""
    log = io.StringIO(_EVEN_TIE.format(rule=_CLAUSES[rule]))
    [report] = [report for report in audit(read_records(log))
                if isinstance(report, HandReport)]
    [violation] = report.violations
    assert violation.rule == "S2"
    assert violation.message.endswith("it is Ana 6, Dmitri 6 (a tie splits the pot evenly)")
