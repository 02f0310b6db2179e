"""Names typed by hand: which player's name a typed one misspells (G1).

Where a log's names are typed by hand (``Ruleset.names_by_hand``: a house log), a name
nobody at the table has may be one player's, but for a slip of the keyboard: the table
reads it as his (docs/rules.md, G1), and the session's header and end line do too.
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["misspelling_of", "not_seated", "one_slip"]


def misspelling_of(typed: str, names: Iterable[str]) -> str | None:
    """The one name of ``names`` that ``typed`` misspells: the only one it is in another
    case, or, with none such, the only one it is but for one slip (:func:`one_slip`).
    None where none, or more than one, matches: a guess would be a coin's toss.

    >>> [misspelling_of(typed, ("Ana", "Ava", "bruno")) for typed in ("AVA", "Brno", "Ama")]
    ['Ava', 'bruno', None]
    """
    folded, names = typed.casefold(), tuple(names)
    found = ([name for name in names if name.casefold() == folded]
             or [name for name in names if one_slip(name.casefold(), folded)])
    return found[0] if len(found) == 1 else None


def not_seated(name: str, read_as: str | None) -> str:
    """What a G1 says of ``name``, which no player at the table has: the player's it is
    read as (``read_as``, whose name it misspells), if any."""
    return f"{name} is not seated at this table" + (
        "" if read_as is None else f"; read as {read_as}, whose name it misspells")


def one_slip(name: str, typed: str) -> bool:
    """Whether ``typed`` is ``name`` but for one typing slip: a letter added, dropped or
    changed, or two neighbouring letters swapped.

    >>> [one_slip("bruno", typed) for typed in ("brno", "brunno", "bruna", "burno", "bruon")]
    [True, True, True, True, True]
    >>> [one_slip("bruno", typed) for typed in ("bruno", "brn", "burnt", "onurb", "ana")]
    [False, False, False, False, False]
    """
    if name == typed or abs(len(name) - len(typed)) > 1:
        return False
    longer, shorter = (name, typed) if len(name) >= len(typed) else (typed, name)
    first = next((i for i, (a, b) in enumerate(zip(longer, shorter)) if a != b), len(shorter))
    if len(longer) > len(shorter):   # one letter added or dropped
        return longer[first + 1:] == shorter[first:]
    rest = first + 2
    return (longer[first + 1:] == shorter[first + 1:]   # one letter changed
            or longer[first:rest] == shorter[first:rest][::-1] and longer[rest:] == shorter[rest:])
