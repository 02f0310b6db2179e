"""Nothing but the game registry (badugi_hh/games.py) names a game: no game id is a string
literal elsewhere in the package, and the house grammar and the docs name the registry's
games (checked here, since they are not Python)."""

from __future__ import annotations

import ast
import re
from collections import Counter
from pathlib import Path

import pytest

from badugi_hh.games import GAMES
from badugi_hh.parsers.house import GRAMMAR_PATH, RulesLine, parse_line
from badugi_hh.sites import HOUSE_SITE

PACKAGE = Path(__file__).resolve().parent.parent / "badugi_hh"
DOCS = PACKAGE.parent / "docs"
REGISTRY = PACKAGE / "games.py"
#: The word "badugi" where it names something other than the game, which shares its name:
#: the Badugi family of the figures, the Badugi half's hand classes, the Badugi evaluator and
#: its words, and the default of a column that databases made before the game column (all
#: Badugi) were given. At most this many in each file.
OTHER_BADUGIS: dict[str, int] = {
    "commands/hand.py": 3,            # the evaluator --game badugi picks
    "evaluate.py": 4,                 # a badugi as a hand: its words, its checks' label
    "simulate/_play_faults.py": 1,    # a badugi as a hand, in a misdescription
    "stats/games.py": 1,              # the Badugi family (Game.family)
    "stats/leaks.py": 2,              # the Badugi half's hand classes
    "store/migrations.py": 2,         # the default of a game column added to old databases
}


def _literals(path: Path) -> list[tuple[int, str]]:
    """The string literals of a module but its docs (a bare string statement: a module's,
    class's, function's or attribute's docstring), with their lines."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {id(node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)}
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in docs]


def _names_a_game(text: str) -> list[str]:
    """The game ids ``text`` is, or holds quoted as SQL does (``game IN ('badeucy')``)."""
    return [game for game in GAMES if text == game or f"'{game}'" in text]


def _games_named_outside_the_registry() -> dict[str, list[tuple[int, str]]]:
    found: dict[str, list[tuple[int, str]]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        if path == REGISTRY:
            continue
        hits = [(line, game) for line, text in _literals(path) for game in _names_a_game(text)]
        if hits:
            found[path.relative_to(PACKAGE).as_posix()] = hits
    return found


def test_no_game_id_is_a_literal_outside_the_registry() -> None:
    found = _games_named_outside_the_registry()
    others = {path: Counter(game for _, game in hits) for path, hits in found.items()}
    unexplained = {
        path: [(line, game) for line, game in found[path]
               if game != "badugi" or counts["badugi"] > OTHER_BADUGIS.get(path, 0)]
        for path, counts in others.items()}
    assert {path: hits for path, hits in unexplained.items() if hits} == {}, (
        "a game id outside badugi_hh/games.py: ask the registry (GAMES, HOUSE_GAME, "
        "games_of_family) instead")


def test_the_scan_finds_a_game_id_and_a_quoted_one_in_sql_but_not_in_docs(
        tmp_path: Path) -> None:
    module = tmp_path / "module.py"
    module.write_text('"""Plays 27td."""\n'
                      'SPLIT = "27sd"\n'
                      'SQL = f"WHERE game IN (\'badeucy\') AND x = {SPLIT}"\n'
                      'def f():\n    """Not 5cd."""\n    return "a5td games"\n',
                      encoding="utf-8")
    named = [game for _, text in _literals(module) for game in _names_a_game(text)]
    assert named == ["27sd", "badeucy"]


def test_the_house_grammars_game_words_are_the_registrys() -> None:
    grammar = GRAMMAR_PATH.read_text(encoding="utf-8")
    match = re.search(r"^GAME(?:\.\d+)?: /(.+)/i$", grammar, re.MULTILINE)
    assert match is not None, "house.lark has no GAME terminal"
    in_grammar = set(match.group(1).casefold().split("|"))
    draw_words = re.compile(r" (single|double|triple) draw$")
    in_registry = {draw_words.sub("", name.casefold())
                   for game in GAMES.values() for name in game.site_names[HOUSE_SITE]}
    assert in_grammar == in_registry


@pytest.mark.parametrize(("game", "name"), [
    (game.id, name) for game in GAMES.values() for name in game.site_names[HOUSE_SITE]])
def test_each_house_name_of_a_game_reads_as_that_game(game: str, name: str) -> None:
    rules = parse_line(f"Rules: {name}", "header_line")
    assert isinstance(rules, RulesLine)
    assert (rules.changes["game"], rules.changes["hand_size"], rules.changes["draws"]) == (
        game, GAMES[game].hand_size, GAMES[game].draws)


@pytest.mark.parametrize("doc", ["rules.md", "schema.md"])
def test_the_docs_name_every_game_of_the_registry(doc: str) -> None:
    text = (DOCS / doc).read_text(encoding="utf-8")
    assert [game for game in GAMES if f"`{game}`" not in text] == []
