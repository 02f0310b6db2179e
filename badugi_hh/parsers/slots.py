"""Events made as pickle makes them: a new object, then each field's slot set.

The readers meet the same few line shapes over and over; each shape's events are
worked out once from the grammar's transformer (:func:`made_event`), then made for
each line without the events' own ``__init__`` (which matched keywords: a third of
the time of the house reader's loop over a hand's lines).

>>> from badugi_hh.events import Fold
>>> kind, fields = made_event(functools.partial(Fold, player="Ann"))
>>> event = object.__new__(kind)
>>> for setter, value in fields:
...     setter(event, value)
>>> SET_LINE(event, 7)
>>> event == Fold(player="Ann", line=7)
True
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable
from typing import cast

from badugi_hh.events import Event
from badugi_hh.parsers.common import EventFactory

__all__ = ["SET_LINE", "MadeEvent", "Setter", "class_and_fields", "event_fields", "made_event"]

#: Sets a field of an event just made: the setter of the field's slot.
Setter = Callable[[Event, object], None]
#: A hand line's event but for its line number: its class, and each of its fields' setter
#: and value (see :func:`made_event`).
MadeEvent = tuple[type[Event], tuple[tuple[Setter, object], ...]]
SET_LINE: Setter = vars(Event)["line"].__set__


def class_and_fields(make: EventFactory) -> tuple[type[Event], dict[str, object]]:
    """A factory of the grammar's transformer as an event's class and the fields it gives."""
    if isinstance(make, functools.partial) and not make.args:
        return cast("type[Event]", make.func), make.keywords
    return cast("type[Event]", make), {}


def event_fields(kind: type[Event]) -> tuple[tuple[str, Setter, object], ...]:
    """Each field of an event of ``kind`` but its line: its name, its slot's setter, and
    its default (``MISSING`` if it has none)."""
    if kind not in _EVENT_FIELDS:
        fields = [field for field in dataclasses.fields(kind) if field.name != "line"]
        if hasattr(kind, "__post_init__") or kind.__new__ is not object.__new__ or any(
                field.default_factory is not dataclasses.MISSING for field in fields):
            raise TypeError(f"{kind.__name__} is not made by filling in its fields")
        _EVENT_FIELDS[kind] = tuple((field.name, getattr(kind, field.name).__set__,
                                     field.default) for field in fields)
    return _EVENT_FIELDS[kind]


_EVENT_FIELDS: dict[type[Event], tuple[tuple[str, Setter, object], ...]] = {}


def made_event(make: EventFactory) -> MadeEvent:
    """How the events of a factory of a grammar's transformer are made by a reader.

    An event is made as pickle makes one: ``object.__new__(kind)``, then each field's
    slot set, its line's by the reader and the others' from here (a field the factory
    does not give, its default). That is what the events' own ``__init__`` does, with no
    keyword to match, which was a third of the time of the house reader's loop over a hand's lines. So
    only an event with no ``__post_init__``, no ``__new__`` and no default factory is
    made this way (any other raises TypeError here, and the tests that hold the reader
    to the grammar fail).
    """
    kind, given = class_and_fields(make)
    made = []
    for name, setter, default in event_fields(kind):
        if name not in given and default is dataclasses.MISSING:
            raise TypeError(f"{kind.__name__} needs its {name}")
        made.append((setter, given[name] if name in given else default))
    return kind, tuple(made)
