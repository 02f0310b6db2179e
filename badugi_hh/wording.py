"""How messages word what they count: the number and the noun it agrees with.

>>> counted(1, "file"), counted(0, "player"), counted(2000, "hand")
('1 file', '0 players', '2,000 hands')
"""

from __future__ import annotations

__all__ = ["counted"]


def counted(number: int, thing: str) -> str:
    """``1 hand``, ``2,000 hands``: the count and the noun it agrees with."""
    return f"{number:,} {thing}{'' if number == 1 else 's'}"
