"""What a shown hand is worth in words, and which evaluation rule a wrong verdict broke.

The settlement compares the log's descriptions of shown hands (``badugi 9-7-4-2``,
``pair of Queens``; a split game's ``badugi 4-3-2-A; 2-7 A-7-4-3-2``) with the
evaluators (E1-E5; X2 for lowball, S1 for high hands), and explains a Badugi pot
paid to the wrong hand by the rule the log missed (E1, E2, E3 inside an S1; E4, E5).

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
from badugi_hh.fivecard import FiveCardValue, claim_fits, parse_five_card_description
from badugi_hh.games import Game, Half, HandValue
from badugi_hh.textcache import ShortTextCache

__all__ = ["E5_COMPARISONS", "E5_HANDS", "check_descriptions", "describe_key",
           "explain_wrong_badugi", "mechanical_readings", "names_a_hand", "read_description",
           "read_five_card_words", "value_key"]

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
#: The same for the five-card games' words (``7-5-4-3-2``, ``pair of Queens``).
read_five_card_words = ShortTextCache(parse_five_card_description, maxsize=4096)


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
    if set(wrong) < set(right) and right[0] not in values:
        # no hand that may win is shown (all mucked): the pot is shared, not tied
        report("S1", line, f"the log gives the pot to {', '.join(wrong)}, but no hand that "
               f"may win it is shown, so {' and '.join(right)} share it")
        return
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
    else:
        report("S1", line, f"{verdict}{detail}: {_lower_ranks_win(best_key, claimed_key)}")


def _lower_ranks_win(best: Key, claimed: Key) -> str:
    """Why hands of one size rank as they do: E2 decides, the ranks compared from the
    highest down; a straight among the best hand's ranks is named too (E3), as the
    likely misreading, but never as the reason: ``4-3-2-A`` beats ``9-7-4-2`` by its 4."""
    decides = ("the lower highest card wins (E2)" if best[1][0] != claimed[1][0] else
               "compared from the highest card down, the first lower rank wins (E2)")
    return decides + ("; a straight does not hurt a Badugi hand (E3)"
                      if _is_straight(best) else "")


def names_a_hand(game: Game, words: str) -> bool:
    """Whether an award's words read as a hand (``3-Card: 6, 4, 2``, ``7-5-4-3-2``), to
    be judged as a show's are. An award line may carry a remark instead (the house's
    ``Ana wins 6 (split pot)``), and a split game's award names one half: neither is."""
    return not game.split and (read_description[words] is not None
                               or read_five_card_words[words] is not None)


def check_descriptions(game: Game, descriptions: Sequence[tuple[str, str, int]],
                       shown: Mapping[str, Cards], half_values: Sequence[Mapping[str, HandValue]],
                       report: Report) -> None:
    """Each shown hand's stated description against its value in each half of the game
    (a split game's written ``badugi 4-3-2-A; 2-7 A-7-4-3-2``): a Badugi hand's by
    E1-E5, a five-card hand's by its half's rule (:attr:`Half.misdescribed`). Words
    that cannot be read as a five-card hand are not judged: sites word hands their way."""
    for name, text, line in descriptions:
        if game.split and ";" not in text:
            continue   # one half's words, or free text: which half they are is unknown
        parts = [part.strip() for part in text.split(";", 1)] if game.split else [text]
        for half, words, values in zip(game.halves, parts, half_values):
            value = values.get(name)
            if value is None:
                continue
            if isinstance(value, FiveCardValue):
                _check_five_card_words(game, half, name, words, line, value, report)
            elif read_description[words] != value_key(value):
                _check_badugi_words(name, words, line, value, shown[name], report)


def _check_five_card_words(game: Game, half: Half, name: str, text: str, line: int,
                           value: FiveCardValue, report: Report) -> None:
    """A five-card hand's words (after a split game's half name, ``2-7``, ``A-5``) read as
    a category and ranks, as far as they go (``J-high``, ``pair of Queens``), against its
    value: X2 for a lowball hand, S1 for a high one."""
    split = game.split
    words = text[len(half.name):].strip() if split and text.lower().startswith(half.name) \
        else text
    if words == value.description:
        return   # the common case, this project's own words
    claim = read_five_card_words[words]
    if claim is None or claim_fits(claim, value) or half.misdescribed is None:
        return
    if split:
        label = half.name.upper()
        report(half.misdescribed, line, f"{name}'s {label} hand is described as '{words}', but "
               f"it is {value.description}: the lowball half is judged by {label} rules")
    else:
        report(half.misdescribed, line, f"{name}'s hand is described as '{words}', but it is "
               f"{value.description} in {game.name}")


def _check_badugi_words(name: str, text: str, line: int, value: HandValue, cards: Cards,
                        report: Report) -> None:
    stated = read_description[text]
    if stated == value_key(value):
        return
    verdict = f"{name}'s hand is described as '{text}', but it is {value.description}"
    if stated is None:
        _report_unread_badugi_words(name, text, line, value, report)
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


def _report_unread_badugi_words(name: str, text: str, line: int, value: HandValue,
                                report: Report) -> None:
    """Words that name no Badugi value: E3 where they name a poker category, else E1 (no
    number of usable cards is stated). The message says the words were not read, since
    they may hold the value's own words (``a badugi, 4-3-2-A``) and a bare "but it is"
    would then read as a contradiction."""
    if any(word in text.lower() for word in _CATEGORY_WORDS):
        report("E3", line, f"{name}'s hand is described as '{text}', but it is "
               f"{value.description}: Badugi has no straights, flushes or pairs")
    else:
        report("E1", line, f"{name}'s hand is described as '{text}', which names no Badugi "
               f"hand (a number of usable cards and their ranks); it is "
               f"{value.description}")
