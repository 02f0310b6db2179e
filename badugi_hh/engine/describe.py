"""What a shown hand is worth in words, and which evaluation rule a wrong verdict broke.

The settlement compares the log's descriptions of shown hands (``badugi 9-7-4-2``;
a split game's ``badugi 4-3-2-A; 2-7 A-7-4-3-2``) with the evaluators (E1-E5,
X2), and explains a Badugi pot paid to the wrong hand by the rule the log
missed (E1, E2, E3 inside an S1; E4, E5).

>>> from badugi_hh.cards import parse_cards
>>> from badugi_hh.evaluate import badugi_value
>>> key = value_key(badugi_value(parse_cards("As 2h 3d Kd")))
>>> key, describe_key(key), key in mechanical_readings(parse_cards("Kd As 2h 3d"))
((3, (3, 2, 1)), '3-card 3-2-A', True)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from badugi_hh.cards import Card, parse_cards, rank_name
from badugi_hh.evaluate import BadugiValue, parse_description
from badugi_hh.events import Cards
from badugi_hh.games import Game, HandValue
from badugi_hh.textcache import ShortTextCache

__all__ = ["E5_COMPARISONS", "E5_HANDS", "check_descriptions", "describe_key",
           "explain_wrong_badugi", "mechanical_readings", "read_description", "value_key"]

#: A Badugi value as descriptions are read: (usable cards, ranks high to low).
Key = tuple[int, tuple[int, ...]]
#: How a part of the engine reports a broken rule: ``report(rule, line, message)``.
Report = Callable[[str, int, str], None]

#: E5's worked comparisons: (better, worse) as (usable cards, ranks high to low).
E5_COMPARISONS = frozenset({
    ((4, (4, 3, 2, 1)), (4, (7, 3, 2, 1))),      # 4-3-2-A beats A♥ 2♣ 3♠ 7♦
    ((4, (4, 3, 2, 1)), (4, (5, 4, 3, 2))),      # 4-3-2-A beats 5-4-3-2 (seed 002)
    ((4, (13, 9, 6, 5)), (3, (3, 2, 1))),        # 5-6-9-K beats A-2-3 (seed 004)
    ((3, (8, 7, 6)), (2, (2, 1))),               # 6-7-7-8 beats A-2 (seed 004)
})
#: E5's worked evaluations: the cards, and what they are worth.
E5_HANDS: dict[frozenset[Card | None], Key] = {
    frozenset(parse_cards("As 2h 3d Kd")): (3, (3, 2, 1)),
    frozenset(parse_cards("Ah 2c 3d 2h")): (3, (3, 2, 1)),
}
_CATEGORY_WORDS = ("straight", "flush", "pair", "trips", "high")
#: Logs repeat the same few hundred descriptions: read each once (a long one, which
#: no log repeats, is read each time rather than kept). ``read_description[text]``: a
#: description read before costs one dict look-up, and no call.
read_description = ShortTextCache(parse_description, maxsize=4096)


def value_key(value: HandValue) -> Key:
    """A Badugi value as (usable cards, ranks high to low), as descriptions are read."""
    assert isinstance(value, BadugiValue), "only Badugi values have a size"
    return value.size, value.ranks


def describe_key(key: Key) -> str:
    ranks = "-".join(rank_name(r) for r in key[1])
    return f"badugi {ranks}" if key[0] == 4 else f"{key[0]}-card {ranks}"


def mechanical_readings(cards: Sequence[Card | None]) -> set[Key]:
    """What dropping cards one by one, instead of examining subsets, yields (E4)."""
    readings = set()
    known = [card for card in cards if card is not None]
    for order in (known, sorted(known, key=lambda c: c.rank)):
        kept: list[Card] = []
        for card in order:
            if all(card.rank != k.rank and card.suit != k.suit for k in kept):
                kept.append(card)
        readings.add((len(kept), tuple(sorted((c.rank for c in kept), reverse=True))))
    return readings


def _is_straight(key: Key) -> bool:
    size, ranks = key
    return size >= 3 and all(a - b == 1 for a, b in zip(ranks, ranks[1:]))


def explain_wrong_badugi(right: list[str], wrong: list[str], values: Mapping[str, HandValue],
                         line: int, report: Report) -> None:
    """A Badugi pot paid to a worse hand (S1): say which evaluation rule the log missed
    (E1, E2, E3 within S1; a tie broken by suits E4; a worked example E5)."""
    verdict = (f"the log gives the pot to {', '.join(wrong)}, but "
               f"{' and '.join(right)} {'has' if len(right) == 1 else 'have'} the best hand")
    if set(wrong) < set(right):
        report("E4", line, f"{verdict}: {' and '.join(right)} tie with "
               f"{values[right[0]].description}, and neither suits nor the excluded cards "
               "break a tie")
        return
    best, claimed = values.get(right[0]), values.get(wrong[0])
    if best is None or claimed is None:
        report("S1", line, verdict)
        return
    detail = f" ({best.description} against {claimed.description})"
    best_key, claimed_key = value_key(best), value_key(claimed)
    if (best_key, claimed_key) in E5_COMPARISONS:
        report("E5", line, f"{verdict}{detail}, a worked example of the rules")
    elif best_key[0] != claimed_key[0]:
        report("S1", line, f"{verdict}{detail}: more usable cards beat fewer (E1)")
    elif _is_straight(best_key):
        report("S1", line, f"{verdict}{detail}: straights do not count against a Badugi "
               "hand (E3)")
    else:
        report("S1", line, f"{verdict}{detail}: the lower highest card wins (E2)")


def check_descriptions(game: Game, descriptions: Mapping[str, tuple[str, int]],
                       shown: Mapping[str, Cards], half_values: Sequence[Mapping[str, HandValue]],
                       report: Report) -> None:
    """A shown Badugi hand's stated description (E1-E5); in a split game written as
    ``badugi 4-3-2-A; 2-7 A-7-4-3-2``, its lowball part too (X2). Other games' words
    vary by site and are not read."""
    if not (game.badugi_only or game.split):
        return
    for name, (text, line) in descriptions.items():
        value = half_values[0].get(name)
        if value is None:
            continue
        if not game.split:
            if isinstance(value, BadugiValue) and read_description[text] == (value.size,
                                                                               value.ranks):
                continue   # the common case, a right description, without more calls
            _check_badugi_words(name, text, line, value, shown[name], report)
        elif ";" in text:
            badugi, lowball = text.split(";", 1)
            _check_badugi_words(name, badugi.strip(), line, value, shown[name], report)
            _check_lowball_words(game, name, lowball.strip(), line, half_values[1][name],
                                 report)


def _check_lowball_words(game: Game, name: str, text: str, line: int, value: HandValue,
                         report: Report) -> None:
    """The lowball half's words, after the game's name (``2-7``, ``A-5``) (X2)."""
    half = game.halves[1].name
    words = text[len(half):].strip() if text.lower().startswith(half) else text
    if words.lower() != value.description.lower():
        report("X2", line, f"{name}'s {half.upper()} hand is described as '{words}', but it "
               f"is {value.description}: the lowball half is judged by {half.upper()} rules")


def _check_badugi_words(name: str, text: str, line: int, value: HandValue, cards: Cards,
                        report: Report) -> None:
    stated = read_description[text]
    if stated == value_key(value):
        return
    verdict = f"{name}'s hand is described as '{text}', but it is {value.description}"
    if stated is None:
        category = any(w in text.lower() for w in _CATEGORY_WORDS)
        report("E3" if category else "E1", line, verdict + (
            ": Badugi has no straights, flushes or pairs" if category else ""))
    elif E5_HANDS.get(frozenset(cards)) == value_key(value):
        report("E5", line, f"{verdict}, a worked example of the rules")
    elif stated in mechanical_readings(cards):
        report("E4", line, f"{verdict}: examine every subset instead of dropping cards "
               "one by one")
    elif stated[0] != value_key(value)[0]:
        report("E1", line, f"{verdict}: the largest subset with no repeated rank or suit "
               f"has {value_key(value)[0]} cards")
    else:
        report("E2", line, f"{verdict} ({describe_key(stated)} is not its value)")
