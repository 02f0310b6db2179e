"""The site readers' short cuts give exactly what reading every line with the grammar gives.

A site reader keeps each line's parse (its refusal too), each line a log has read,
each seat line, reads the frequent shapes of a line without the grammar, and passes
most lines of a log to the hand they belong to with a single test. Reading "cold" here
turns every one of those off
(:data:`~badugi_hh.textcache.LONGEST_CACHED_LINE` below any line's length, so no
cache keeps anything, and every line tested for a hand's start as it was): each real
export, and copies of them damaged line by line, must give equal records, errors
(message, line, column) included, whether read cold, warm or twice. And the other
short cuts give what the general path gives: the texts a hand's first line starts
with (tried before the header's pattern), an amount with its sign and cents, the
bound on a hand's lines counted as they are kept.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lark import Lark
from lark.lexer import PatternStr

from badugi_hh.events import Hand, ParseError, Record
from badugi_hh.parsers import fulltilt, kingsclub, ongame, pokerstars, read_records, site, winamax
from badugi_hh.parsers.common import MAX_HAND_LINES, AmountFormat, LineError, parse_with
from badugi_hh.parsers.text import open_log
from badugi_hh.resources import grammar_path
from sitekit import REAL

SITES = ("pokerstars", "fulltilt", "kingsclub", "winamax", "ongame")
EXPORTS = sorted(path for name in SITES for path in (REAL / name).glob("*.txt"))


def _cold(patch: pytest.MonkeyPatch) -> None:
    """Every site reader's caches and first-character short cut off."""
    patch.setattr(site, "LONGEST_CACHED_LINE", -1)
    patch.setattr(pokerstars, "LONGEST_CACHED_LINE", -1)
    patch.setattr(fulltilt, "LONGEST_CACHED_LINE", -1)
    patch.setattr(pokerstars, "_REST_READS", {start: {} for start in pokerstars._REST_READS})
    patch.setattr(pokerstars, "_LINES_READ", {})
    patch.setattr(pokerstars, "_FIRST_WORDS", dict.fromkeys(pokerstars._FIRST_WORDS, ("",)))
    patch.setattr(pokerstars, "_SEAT_LINES_READ", {})
    patch.setattr(site, "_plain_initials", lambda _initials: frozenset())
    patch.setattr(site, "QUICK_READS", False)


def _records(path: Path) -> list[Record]:
    return list(read_records(path))


def _damaged(source: Path, folder: Path, every: int) -> Path:
    """A copy of ``source`` with every ``every``-th line damaged, each a different way:
    a character dropped, one added, the line cut, a name's colon lost, a card misspelt,
    a digit for a letter, an invisible character first, a word added, shouting, a colon
    after a word, two words glued."""
    ways = (lambda text, at: text[:at] + text[at + 1:],
            lambda text, at: text[:at] + "#" + text[at:],
            lambda text, at: text[:at],
            lambda text, _at: text.replace(":", "", 1),
            lambda text, _at: text.replace("[", "[Zz ", 1),
            lambda text, at: text[:at] + "9" + text[at + 1:],
            lambda text, _at: "\u200b" + text,
            lambda text, _at: text + " and more",
            lambda text, _at: text.upper(),
            lambda text, at: text[:at] + text[at:].replace(" ", ": ", 1),
            lambda text, at: text[:at] + text[at:].replace(" ", "", 1))
    with open_log(source) as log:   # (Full Tilt's exports are UTF-16)
        lines = list(log)
    for number in range(every // 2, len(lines), every):
        text = lines[number]
        lines[number] = ways[number % len(ways)](text, (number * 7) % max(len(text), 1))
    copy = folder / f"{every}-{source.name}"
    copy.write_text("\n".join(lines), encoding="utf-8")
    return copy


@pytest.mark.parametrize("export", EXPORTS, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_a_real_export_reads_alike_warm_and_cold(export: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    warm = _records(export)
    assert warm == _records(export)   # read again, every cache already holding its lines
    with monkeypatch.context() as patch:
        _cold(patch)
        assert _records(export) == warm


@pytest.mark.parametrize("every", [5, 7, 11])
@pytest.mark.parametrize("export", EXPORTS, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_a_damaged_export_gives_the_same_errors_warm_and_cold(
        export: Path, every: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    copy = _damaged(export, tmp_path, every)
    warm = _records(copy)
    assert warm == _records(copy)
    with monkeypatch.context() as patch:
        _cold(patch)
        assert _records(copy) == warm


def test_a_refused_line_is_refused_alike_from_the_cache() -> None:
    """A refusal is kept as what it says: a reader that moves the column of the error
    it gets (past a player's name) does not move the next one's."""
    errors = []
    for _ in range(2):
        with pytest.raises(LineError) as raised:
            pokerstars.parse_line(": flies away", "after_name")
        errors.append((raised.value.message, raised.value.column, raised.value.line))
        raised.value.column += 7
    assert errors[0] == errors[1]
    assert errors[0][1] == 3


@pytest.mark.parametrize("name", SITES)
def test_the_damaged_copies_of_each_site_hold_errors(name: str, tmp_path: Path) -> None:
    """(What the comparisons above compare: errors of every site, not only hands.)"""
    errors = [record for export in EXPORTS if export.parent.name == name
              for record in _records(_damaged(export, tmp_path, 7))
              if isinstance(record, ParseError)]
    assert len({error.message for error in errors}) >= 3


READERS = {"pokerstars": pokerstars.READER, "fulltilt": fulltilt.READER,
           "kingsclub": kingsclub.READER, "winamax": winamax.READER, "ongame": ongame.READER}


@pytest.mark.parametrize("export", EXPORTS, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_the_texts_a_hand_starts_with_are_the_header_patterns_own(export: Path,
                                                                  tmp_path: Path) -> None:
    """A site's ``header_starts`` (tried before its pattern) turn no hand's first line away,
    in each real export and in damaged copies of it."""
    reader = READERS[export.parent.name]
    spec = reader.spec
    starts = 0
    for copy in (export, _damaged(export, tmp_path, 3)):
        with open_log(copy) as log:
            for text in log:
                by_pattern = text[:1] in spec.initials and spec.header.match(text) is not None
                assert reader.is_hand_start(text) == by_pattern, text
                starts += by_pattern
    assert starts


FORMATS = {"pokerstars": pokerstars._AMOUNTS, "fulltilt": fulltilt.amount,
           "cents": AmountFormat(), "scaled": AmountFormat(signs="€$", scales={"k": 1000}),
           "signed": AmountFormat(negative=True)}


@settings(deadline=None, max_examples=300)
@given(name=st.sampled_from(sorted(FORMATS)),
       sign=st.sampled_from(["$", "€", "£", "₹", "X", ""]), whole=st.integers(0, 10**15), cents=st.sampled_from(["", ".", ".5", ".25", ".123", "k"]))
def test_an_amount_with_its_sign_reads_as_the_whole_parser_reads_it(
        name: str, sign: str, whole: int, cents: str) -> None:
    """The short cut for ``$0.25`` gives what the general reading gives, or refuses alike."""
    amount, text = FORMATS[name], f"{sign}{whole}{cents}"
    assert _read_or_refusal(amount, text) == _read_or_refusal(amount._parse, text)


def _read_or_refusal(read: Callable[[str], int], text: str) -> int | str:
    try:
        return read(text)
    except ValueError as refusal:
        return str(refusal)


@pytest.mark.parametrize("filler", ["Player9: folds", "", "PokerStars was here", "*** X ***"])
def test_a_hand_longer_than_a_hand_can_be_is_lost_and_the_next_read(filler: str,
                                                                     tmp_path: Path) -> None:
    """Its lines, past the bound, are not kept, whichever test each line takes."""
    hand = (REAL / "pokerstars" / "cash-badugi-fl-0.25-0.50-201009.txt").read_text(
        encoding="utf-8").lstrip("\ufeff").strip().split("\n\n")[0]
    lines = hand.split("\n")
    log = tmp_path / "long.txt"
    log.write_text("\n".join([*lines, *[filler] * MAX_HAND_LINES, "", hand]), encoding="utf-8")
    records = _records(log)
    lost = [record for record in records if isinstance(record, ParseError)]
    assert [(error.line, error.message.split(": ", 1)[1]) for error in lost] == [
        (1 + MAX_HAND_LINES,
         f"more than {MAX_HAND_LINES} lines without the next hand's first line")]
    assert lost[0].text.count("\n") + 1 == (MAX_HAND_LINES if filler else len(lines))
    assert [record.line for record in records if isinstance(record, Hand)] == [
        len(lines) + MAX_HAND_LINES + 2]


def _lines_parsed(reader: site.SiteReader, exports: list[Path], damage: tuple[int, ...],
                  folder: Path, patch: pytest.MonkeyPatch) -> set[tuple[str, str]]:
    """Each (line, start rule) the reader parses in ``exports`` (0 in ``damage``) and
    in copies of them damaged every so many lines, read cold (so every line reaches
    the parse)."""
    parsed: list[tuple[str, str]] = []
    parse = reader._parse_or_refusal
    with patch.context() as cold:
        _cold(cold)
        cold.setattr(reader, "_parse_or_refusal",
                     lambda text, start: parsed.append((text, start)) or parse(text, start))
        for export in exports:
            for every in damage:
                _records(_damaged(export, folder, every) if every else export)
    return set(parsed)


def _plain(result: object) -> object:
    """A line's result with each event factory as what it holds (a partial has no ``==``)."""
    if isinstance(result, functools.partial):
        return ("partial", result.func, result.args, result.keywords)
    if isinstance(result, tuple):
        return tuple(map(_plain, result))
    return result


@pytest.mark.parametrize("name", ["pokerstars", "fulltilt", "kingsclub", "winamax"])
def test_a_line_read_quick_is_what_the_grammar_reads(name: str, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Every line of the real exports (and of copies damaged line by line) that a
    reader reads without the grammar gives what the grammar's parse gives; and most
    lines of an export are read so."""
    reader = READERS[name]
    exports = [export for export in EXPORTS if export.parent.name == name]
    real = _lines_parsed(reader, exports, (0,), tmp_path, monkeypatch)
    quick = set()
    for text, start in sorted(real | _lines_parsed(reader, exports, (3, 5), tmp_path,
                                                   monkeypatch)):
        read = reader.spec.quick[start](text) if start in reader.spec.quick else site.NOT_READ
        if read is not site.NOT_READ:
            quick.add((text, start))
            assert _plain(read) == _plain(parse_with(reader.parser(), text, start,
                                                     reader.spec.wording)), (start, text)
    assert len(real & quick) >= 0.8 * len(real)


def _names_pattern(names: frozenset[str]) -> re.Pattern[str] | None:
    """How the PokerStars reader found a seated name before: one pattern of the names."""
    longest_first = sorted(names, key=lambda name: (-len(name), name))
    return re.compile("|".join(map(re.escape, longest_first)) + "(?=[: ])") if names else None


@settings(deadline=None, max_examples=500)
@given(names=st.frozensets(st.text("ab :", min_size=1, max_size=4), max_size=5),
       head=st.text("ab :", max_size=6), tail=st.text("ab :x", max_size=3),
       at=st.integers(0, 3))
def test_a_seated_name_is_found_without_a_pattern_as_the_pattern_found_it(
        names: frozenset[str], head: str, tail: str, at: int) -> None:
    """The names of a hand, looked up by their lengths, find at a line's start what a
    pattern of the names (longest first) found; lines start with a name or a part of one."""
    pattern, seated = _names_pattern(names), pokerstars._SeatedNames(names)
    for name in [*sorted(names), ""]:
        text = head + name + tail
        found = None if pattern is None else pattern.match(text, at)
        assert seated.starting(text, at) == (None if found is None else found.group()), text


def test_a_line_the_first_words_turn_away_is_one_the_grammar_refuses(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the PokerStars reader tries a line in turn (a name not seated, a player
    joining), a line whose first words no rule starts with is not asked of the grammar:
    each such line of the real exports and of damaged copies, the grammar refuses."""
    reader = pokerstars.READER
    exports = [export for export in EXPORTS if export.parent.name == "pokerstars"]
    turned_away = 0
    for text, start in sorted(_lines_parsed(reader, exports, (0, 3, 5), tmp_path,
                                            monkeypatch)):
        if start in pokerstars._FIRST_WORDS and not pokerstars._may_read(text, start):
            turned_away += 1
            with pytest.raises(LineError):
                parse_with(reader.parser(), text, start, reader.spec.wording)
    assert turned_away >= 100


EDGE_LINES = [
    ("pokerstars", "seat_line", "Seat 1: A ($5 in chips) ($5 in chips)"),
    ("pokerstars", "seat_line", "Seat 1: Mr Pink (Rs. 5 in chips) is sitting out"),
    ("pokerstars", "after_name", ": calls $1.5."),
    ("pokerstars", "after_name", ": calls  $1"),
    ("pokerstars", "after_name", ": calls $1 "),
    ("pokerstars", "after_name", ": calls 99999999999999999999"),
    ("pokerstars", "after_name", ": raises $1,000 to $2,000.50 and is all-in"),
    ("pokerstars", "after_name", ": discards 9 cards [As]"),
    ("pokerstars", "after_name", ": discards 2 cards [As Zz]"),
    ("pokerstars", "after_name", ": is connected"),
    ("pokerstars", "after_name", " is connected"),
    ("pokerstars", "after_name", " said, \"hi\" and more"),
    ("pokerstars", "after_name", " collected $5 from side pot-2"),
    ("pokerstars", "after_name", " finished the tournament in 2nd place and received $5.50."),
    ("pokerstars", "summary_outcome", " (button) (small blind) showed [As] and won ($1) with"),
    ("pokerstars", "summary_outcome", " showed [Zz] and won (5)"),
    ("pokerstars", "hand_game", "Tournament #1, $1+$0.10 USD Badugi Limit - Level XI (5/10)"),
    *[("pokerstars", "hand_game", f"Tournament #1, $1 {code}Badugi Limit - Level I (5/10)")
      for code in ("USD: ", "USD -", "USD", "SCots ")],   # the lexer's code, never the game's
    ("pokerstars", "hand_game", "Badugi Limit ($0.25/$0.50 USD) - x"),
    ("pokerstars", "table_line", "Table 'A B' 10-max (Play Money) Seat #11 is the button"),
    ("fulltilt", "line", "Seat 1: A (Observer): hi ($5)"),
    ("fulltilt", "line", "¶ calls $1, and is all in"),
    ("fulltilt", "line", "Ante calls $1"),   # a keyword, not a name
    ("fulltilt", "line", "Hand folds"),
    ("fulltilt", "line", "¶ raises to 5K, and is capped"),
    ("fulltilt", "line", "¶ wins the main pot ($1) with a 3-Card"),
    ("fulltilt", "summary_line", "Seat 3: ¶ (button) mucked [As 2c] - a 2-Card"),
    ("fulltilt", "header", "Full Tilt Poker Game #99999999999999999999: Table T - $1/$2 - "
                           "Limit Badugi - 10:18:16 ET - 2013/05/08"),
    ("fulltilt", "header", "Full Tilt Poker Game #7: Table T - $1/$2 - Limit Badugi - "
                           "10:18:16 ET - 2013/02/30"),
    ("fulltilt", "header", "Full Tilt Poker Game #7: Table T - $1/$2 - Limit Badugi - "
                           "1:18 CET - 2013/05/08 [19:18 ET - 2013/05/07] (partial)"),
    ("kingsclub", "line", "Hero discards [Ts Jh] draws [3c]"),
    *[("kingsclub", "line", f"{keyword} posts the small blind 15")   # a keyword, not a name
      for keyword in ("***:", "Table:", "Dealt:", "Seat:", "Run:", "Run")],
    ("kingsclub", "line", "Player1: posts blind 1,000.5, and is all in"),
    ("kingsclub", "summary_line", "Seat 2: Player1 (1,000) +-5"),
    ("kingsclub", "when", "2021-02-30 10:00:00"),
    ("winamax", "action", "raises -0.50€ to 1€ and is all-in"),
    ("winamax", "action", "posts big blind 0.50 out of position"),
    ("winamax", "seat", "Seat 1: A (B) (5)"),
    ("winamax", "line", "*** FIFTH-BET ***"),
]


@pytest.mark.parametrize(("name", "start", "text"), EDGE_LINES)
def test_an_odd_line_read_quick_is_what_the_grammar_reads(name: str, start: str,
                                                           text: str) -> None:
    """Lines at the edges of the quick shapes (a name that looks like a stack, blanks, a
    value out of bounds, a date that does not exist): read quick only as the grammar reads
    them, else left to it."""
    reader = READERS[name]
    read = reader.spec.quick[start](text)
    assert read is site.NOT_READ or _plain(read) == _grammar_reads(reader, text, start)


def _grammar_reads(reader: site.SiteReader, text: str, start: str) -> object:
    """What the grammar's parse gives for a line, or NOT_READ where it refuses it."""
    try:
        return _plain(parse_with(reader.parser(), text, start, reader.spec.wording))
    except LineError:
        return site.NOT_READ


#: What a blank between two words becomes in a damaged line: the words glued, a colon or
#: a dash put between them (where a pattern gives back an optional word of the grammar's,
#: as its lexer never does, the next part of the pattern takes it).
_JOINS = ("", ":", ": ", " -")


@functools.cache
def _first_words(name: str, start: str) -> list[str]:
    """The grammar's own words a line of ``start`` may begin with: where its lexer takes
    one of them, never a name. (Lark's own parser, whose state at a line's start says
    what it accepts.)"""
    spec = READERS[name].spec
    path = grammar_path(spec.grammar)
    parser = Lark(path.read_text(encoding="utf-8"), parser="lalr", start=list(spec.starts),
                  import_paths=[path.parent])
    accepted = parser.parse_interactive("", start=start).accepts()
    return sorted(terminal.pattern.value for terminal in parser.terminals
                  if terminal.name in accepted and isinstance(terminal.pattern, PatternStr))


def _rewordings(text: str, keywords: list[str]) -> set[str]:
    """``text`` with each blank joined otherwise, and with its first word (a name, most
    often) each of ``keywords``, a colon after it or not."""
    rest = re.sub(r"^[^\s:]*:?", "", text)
    return ({text[:blank.start()] + join + text[blank.end():]
             for blank in re.finditer(" ", text) for join in _JOINS}
            | {keyword + colon + rest for keyword in keywords for colon in ("", ":")})


@pytest.mark.parametrize("name", ["pokerstars", "fulltilt", "kingsclub", "winamax"])
def test_a_reworded_line_read_quick_is_what_the_grammar_reads(
        name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each line of the real exports reworded (its words glued or parted by a colon or a
    dash, its first word one of the grammar's) is read quick only as the grammar reads
    it: a pattern never gives back a word the lexer takes whole, nor takes the grammar's
    own word for a name."""
    reader = READERS[name]
    exports = [export for export in EXPORTS if export.parent.name == name]
    reworded = read_quick = 0
    for text, start in sorted(_lines_parsed(reader, exports, (0,), tmp_path, monkeypatch)):
        if start not in reader.spec.quick:
            continue
        for line in _rewordings(text, _first_words(name, start)):
            reworded += 1
            read = reader.spec.quick[start](line)
            if read is not site.NOT_READ:
                read_quick += 1
                assert _plain(read) == _grammar_reads(reader, line, start), (start, line)
    assert read_quick >= 0.05 * reworded
