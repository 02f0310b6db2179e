"""How messages word what they count: the number and the noun it agrees with, a figure
rounded the same way on every page and command, and the word for a result not known.

>>> counted(1, "file"), counted(0, "player"), counted(2000, "hand")
('1 file', '0 players', '2,000 hands')
>>> decimal_text(2.25, 1, signed=True), decimal_text(3.75, 1), decimal_text(-1234.5, 0)
('+2.3', '3.8', '-1,235')
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

__all__ = ["UNKNOWN", "counted", "decimal_text"]

#: What a table writes for a tournament's result (place, prize, entrants, fee) that its
#: logs do not state: not counted as a miss, nor as a cash.
UNKNOWN = "unknown"


def counted(number: int, thing: str) -> str:
    """``1 hand``, ``2,000 hands``: the count and the noun it agrees with."""
    return f"{number:,} {thing}{'' if number == 1 else 's'}"


def decimal_text(value: float, digits: int, signed: bool = False) -> str:
    """``value`` with ``digits`` decimals, a half rounded away from zero as a reader
    rounds (Python's format rounds a half to even: 2.25 to 2.2 but 3.75 to 3.8), with
    thousands separated and, when ``signed``, a ``+`` on a gain."""
    exact = Decimal(repr(float(value))).quantize(Decimal(1).scaleb(-digits), ROUND_HALF_UP)
    return f"{exact:{'+' if signed else ''},.{digits}f}"
