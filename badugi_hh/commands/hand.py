"""Evaluate hands: each one's value and rank, and which one wins.

With hands as arguments, prints one line per hand and the verdict:

    $ badugi-hh hand "As 2h 3d Kd" "Ah 2c 3s 7d"
    As 2h 3d Kd	3-card 3-2-A	715
    Ah 2c 3s 7d	badugi 7-3-2-A	15
    hand 2 wins with badugi 7-3-2-A

With none, reads one hand per line from stdin and prints
``cards<TAB>description<TAB>rank`` for each. The rank is an integer, lower is
better, equal exactly for hands of equal value. Badugi takes 4 cards, or 5 to
count the best four; 2-7 and A-5 lowball, and high (five-card draw), take 5;
--game offers the way each half of a pot is judged in some game. A bad hand is reported on
stderr with its argument or line number and the exit status is 2; the other
lines of stdin are still evaluated. Hands given as arguments are dealt from
one deck: a card in two of them is an error too (exit status 2).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import TextIO

from badugi_hh.cards import Card, format_cards, parse_cards
from badugi_hh.evaluate import badugi_value
from badugi_hh.games import GAMES, HandValue

Evaluator = Callable[[Sequence[Card]], HandValue]
#: Each half's evaluator by its name, from the game registry: a new game's half is
#: offered here without editing this command.
EVALUATORS: dict[str, Evaluator] = {
    half.name: half.value for game in GAMES.values() for half in game.halves}
EXIT_BAD_INPUT = 2


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.add_argument("hands", nargs="*", metavar="CARDS",
                        help='one hand per argument, e.g. "As 2h 3d Kd"; none: read stdin')
    parser.add_argument("--game", choices=EVALUATORS, default="badugi",
                        help=f"how to evaluate: {', '.join(EVALUATORS)} (default: badugi)")


def run(args: argparse.Namespace) -> int:
    if args.hands:
        return compare_hands(args.hands, EVALUATORS[args.game], sys.stdout, sys.stderr)
    return evaluate_lines(sys.stdin, EVALUATORS[args.game], sys.stdout, sys.stderr)


def evaluated(text: str, evaluate: Evaluator) -> tuple[tuple[Card, ...], HandValue]:
    """The cards of ``text`` and their value; ValueError saying what is wrong."""
    cards = parse_cards(text, allow_joker=True)  # so a joker is named as such
    return cards, evaluate(cards)


def result_line(cards: Sequence[Card], value: HandValue) -> str:
    return f"{format_cards(cards)}\t{value.description}\t{value.rank}"


def compare_hands(texts: Sequence[str], evaluate: Evaluator, out: TextIO, err: TextIO) -> int:
    """Print every hand and the verdict; nothing but the errors if any hand is bad,
    since a winner among the remaining hands would mislead."""
    results, errors = [], []
    for number, text in enumerate(texts, start=1):
        try:
            results.append(evaluated(text, evaluate))
        except ValueError as error:
            errors.append(f"badugi-hh hand: argument {number} {text!r}: {error}")
    errors += shared_cards([cards for cards, _ in results])
    if errors:
        print(*errors, sep="\n", file=err)
        return EXIT_BAD_INPUT
    for cards, value in results:
        print(result_line(cards, value), file=out)
    if len(results) > 1:
        print(verdict([value for _, value in results]), file=out)
    return 0


def shared_cards(hands: Sequence[Sequence[Card]]) -> list[str]:
    """An error for each card found in two hands: one deck holds each card once.

    >>> shared_cards([parse_cards("As 2h 3d Kd"), parse_cards("Ah 2c 3s Kd")])
    ['badugi-hh hand: Kd is in hands 1 and 2: the same card cannot be in both hands']
    """
    first_seen: dict[Card, int] = {}
    errors = []
    for number, cards in enumerate(hands, start=1):
        for card in cards:
            if card in first_seen:
                errors.append(f"badugi-hh hand: {card} is in hands {first_seen[card]} and "
                              f"{number}: the same card cannot be in both hands")
            first_seen.setdefault(card, number)
    return errors


def verdict(values: Sequence[HandValue]) -> str:
    """Who wins, by number from 1:

    >>> from badugi_hh.cards import parse_cards
    >>> verdict([badugi_value(parse_cards(h)) for h in ("As 2h 3d Kd", "Ah 2c 3s Kc")])
    'hands 1 and 2 tie with 3-card 3-2-A'
    """
    best = min(values, key=lambda value: value.rank)   # equal ranks are equal values
    winners = [number for number, value in enumerate(values, start=1)
               if value.rank == best.rank]
    if len(winners) == 1:
        return f"hand {winners[0]} wins with {best.description}"
    numbers = ", ".join(map(str, winners[:-1])) + f" and {winners[-1]}"
    return f"hands {numbers} tie with {best.description}"


def evaluate_lines(lines: Iterable[str], evaluate: Evaluator, out: TextIO, err: TextIO) -> int:
    """One result line per hand; blank lines are skipped, bad ones reported on ``err``."""
    status = 0
    for number, line in enumerate(lines, start=1):
        text = line.strip()
        if not text:
            continue
        try:
            print(result_line(*evaluated(text, evaluate)), file=out)
        except ValueError as error:
            print(f"badugi-hh hand: line {number} {text!r}: {error}", file=err)
            status = EXIT_BAD_INPUT
    return status
