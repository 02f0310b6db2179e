"""Positions at the table, named from the button by table size.

The button is ``BTN``; the two seats after it post the blinds (``SB``, ``BB``;
heads-up the button posts the small blind and is named ``BTN``); the seats after
the big blind are named from the last one back: ``CO`` (cut-off), ``HJ``
(hijack), then ``MP``, ``UTG+1`` and ``UTG`` (under the gun, first to act
before the draw).

>>> seat_positions(2), seat_positions(6)
(('BTN', 'BB'), ('BTN', 'SB', 'BB', 'UTG', 'HJ', 'CO'))
>>> seat_positions(8)
('BTN', 'SB', 'BB', 'UTG', 'UTG+1', 'MP', 'HJ', 'CO')
"""

from __future__ import annotations

#: The seats after the big blind, first to act first, by how many there are.
_AFTER_BIG_BLIND: dict[int, tuple[str, ...]] = {
    0: (), 1: ("CO",), 2: ("HJ", "CO"), 3: ("UTG", "HJ", "CO"), 4: ("UTG", "MP", "HJ", "CO"),
    5: ("UTG", "UTG+1", "MP", "HJ", "CO"),
}
#: Table sizes the migration names positions for (a site table seats at most ten).
MAX_TABLE = 10


def seat_positions(players: int) -> tuple[str, ...]:
    """The position names of a hand of ``players``, from the button on, clockwise.

    >>> seat_positions(10)[3:]
    ('UTG', 'UTG+1', 'UTG+2', 'UTG+3', 'MP', 'HJ', 'CO')
    """
    if players < 2:
        return ("",) * players
    if players == 2:
        return ("BTN", "BB")
    after = players - 3
    middle = _AFTER_BIG_BLIND.get(after) or (
        "UTG", *(f"UTG+{i}" for i in range(1, after - 3)), "MP", "HJ", "CO")
    return ("BTN", "SB", "BB", *middle)


def positions(seats: dict[str, int], button: str | None,
              big_blind: str | None) -> dict[str, str]:
    """Each dealt-in player's position, from the seats of those dealt in.

    The button anchors the names; when the log names no button (a dead button
    on an empty seat) the big blind does. Neither: every position is ``''``.

    >>> positions({"Ana": 1, "Bo": 4, "Cy": 6}, "Bo", "Ana")
    {'Bo': 'BTN', 'Cy': 'SB', 'Ana': 'BB'}
    >>> positions({"Ana": 1, "Bo": 4, "Cy": 6}, None, "Ana")
    {'Bo': 'BTN', 'Cy': 'SB', 'Ana': 'BB'}
    """
    order = sorted(seats, key=seats.__getitem__)
    count = len(order)
    if button in seats:
        first = order.index(button)
    elif big_blind in seats:
        first = (order.index(big_blind) - (1 if count == 2 else 2)) % count
    else:
        return dict.fromkeys(order, "")
    return dict(zip(order[first:] + order[:first], seat_positions(count)))
