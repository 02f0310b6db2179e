"""Which dialect reads which part of a log: decided at each hand's first line.

A log is read as a run of *segments*, each in one dialect: a segment starts at a
line that begins a hand (or a session, a PHH table, a Merge ``<game>``) of its
dialect and runs until a line begins one of another dialect. So a house log
followed by a PokerStars export reads both, and a file whose first header is
damaged loses that hand only: the text before the first header is read by the
dialect of that header, whose reader reports it as one error.

>>> log = '''Sele
... Table 'Halley' 6-max Seat #1 is the button
...
... PokerStars Hand #2: Badugi Limit ($0.25/$0.50 USD) - 2010/09/05 10:32:15 ET
... Table 'Halley' 6-max Seat #1 is the button
... Seat 1: Ana ($5 in chips)
... Seat 2: Bo ($5 in chips)
... Bo: posts small blind $0.10
... Ana: posts big blind $0.25
... *** DEALING HANDS ***
... Bo: folds
... Uncalled bet ($0.15) returned to Ana
... Ana collected $0.20 from pot
... '''
>>> from badugi_hh.parsers.text import open_log
>>> with open_log(log, "cut.txt") as text:
...     [type(record).__name__ for record in read_log(text)]
['ParseError', 'SessionStart', 'Hand']

A line is tested only against the dialects that can start with its first
character (or, for a line that starts with invisible characters, with what
follows them), so the test costs little on the lines of play.
"""

from __future__ import annotations

import functools
import operator
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from types import ModuleType
from typing import Any, NamedTuple

from badugi_hh.events import ParseError, Record
from badugi_hh.parsers import marks
from badugi_hh.parsers.common import DAMAGE, damage_before
from badugi_hh.parsers.site import is_archive_marker, lines_to_test
from badugi_hh.parsers.text import LogText

__all__ = ["DIALECTS", "Dialect", "dialect_of", "read_log", "starting_dialect"]

#: How far ahead the first header of a log is looked for: a hand's worth of lines,
#: and no more text than a few long lines.
_LOOKAHEAD_LINES = 2000
_LOOKAHEAD_CHARACTERS = 1 << 22
#: A comment line (house and PHH logs may open with comments): no dialect's mark.
_COMMENT = re.compile(r"\s*#(\s|$)")


@dataclass(frozen=True, slots=True)
class Dialect:
    """A log format: how to recognise it and where its blocks start, and its reader.

    ``starts`` says whether a line (from its first visible character) begins one of
    the dialect's hands, sessions or blocks, and ``initials`` are the characters
    such a line can begin with; ``sniff`` whether a log whose first line that is not
    blank is this one is in the dialect, where no line of the log starts a block.
    ``reader`` makes, for one log, a reader that carries what it learnt (a house
    session, a Merge description) from one part of the log to the next; without it
    each part is read on its own by ``read``.
    """

    name: str
    sniff: Callable[[str], bool]
    read: Callable[[LogText], Iterator[Record]]
    starts: Callable[[str], bool]
    initials: str
    marks: re.Pattern[str]
    """What every line ``starts`` says yes to begins with (it may say no to some): one
    pattern, so that a log's other lines are passed over by one match each."""
    reader: Callable[[str], Callable[[LogText], Iterator[Record]]] | None = None
    renumbers: bool = False
    """Whether a hand's number is its place in its session (the site's number being
    an id only): a part of a log read alone numbers a session it joins from 1."""


# -- the readers, imported when a log needs one -----------------------------------
#
# Each reader's module is imported at the first call of one of its functions: a log
# of PokerStars' imports its reader and no other. A line is tested by a reader only
# once it matches the dialect's mark (marks.py), which every line that begins one of
# its blocks matches: the lines of a log in another dialect import nothing. A log none
# of whose first lines begins a block (text of no dialect) asks each reader in turn
# whether it is theirs (dialect_of), and so imports them; an empty log, none.

class _Later:
    """The function ``path`` names in the module ``load`` imports, looked up at its
    first call."""

    __slots__ = ("found", "load", "path")

    def __init__(self, load: Callable[[], ModuleType], path: str) -> None:
        self.load, self.path = load, path
        self.found: Callable[..., Any] | None = None

    def __call__(self, *args: Any) -> Any:
        if self.found is None:
            self.found = operator.attrgetter(self.path)(self.load())
        return self.found(*args)


def _marked(mark: marks.Mark, starts: Callable[[str], bool]) -> Callable[[str], bool]:
    """``starts``, asked only of a line that matches ``mark``."""
    match = mark.pattern.match

    def starts_marked(text: str) -> bool:
        return match(text) is not None and starts(text)
    return starts_marked


def _matches(mark: marks.Mark) -> Callable[[str], bool]:
    """Whether a line matches ``mark``: all a house or Merge block's start needs."""
    match = mark.pattern.match

    def matched(text: str) -> bool:
        return match(text) is not None
    return matched


def _summaries() -> ModuleType:
    from badugi_hh.parsers import summaries
    return summaries


def _pokerstars() -> ModuleType:
    from badugi_hh.parsers import pokerstars
    return pokerstars


def _fulltilt() -> ModuleType:
    from badugi_hh.parsers import fulltilt
    return fulltilt


def _kingsclub() -> ModuleType:
    from badugi_hh.parsers import kingsclub
    return kingsclub


def _merge() -> ModuleType:
    from badugi_hh.parsers import merge
    return merge


def _bossmedia() -> ModuleType:
    from badugi_hh.parsers import bossmedia
    return bossmedia


def _winamax() -> ModuleType:
    from badugi_hh.parsers import winamax
    return winamax


def _ongame() -> ModuleType:
    from badugi_hh.parsers import ongame
    return ongame


def _phh() -> ModuleType:
    from badugi_hh.parsers import phh
    return phh


def _house() -> ModuleType:
    from badugi_hh.parsers import house
    return house


def _site(name: str, mark: marks.Mark, load: Callable[[], ModuleType], read: str,
          renumbers: bool = False) -> Dialect:
    """A site's dialect: its reader's ``READER`` tells a hand's first line."""
    return Dialect(name, _Later(load, "sniff"), _Later(load, read),
                   _marked(mark, _Later(load, "READER.is_hand_start")), mark.initials,
                   mark.pattern, renumbers=renumbers)


def _summary(name: str, mark: marks.Mark, starts: str, read: str) -> Dialect:
    """A site's tournament summaries: a log is the site's summaries where its first line
    starts one."""
    starts_summary = _Later(_summaries, starts)
    return Dialect(name, starts_summary, _Later(_summaries, read),
                   _marked(mark, starts_summary), mark.initials, mark.pattern)


#: Tried in order; the first whose ``sniff`` says yes reads a log in which no line
#: starts a block, and the last one reads any log that no dialect claims.
DIALECTS: list[Dialect] = [
    # a tournament's summary, beside the hands: before the sites, which claim any log
    # that starts with their name
    _summary("pokerstars-summary", marks.POKERSTARS_SUMMARY, "pokerstars_summary_starts",
             "read_pokerstars_summaries"),
    _summary("fulltilt-summary", marks.FULLTILT_SUMMARY, "fulltilt_summary_starts",
             "read_fulltilt_summaries"),
    _summary("winamax-summary", marks.WINAMAX_SUMMARY, "winamax_summary_starts",
             "read_winamax_summaries"),
    _site("pokerstars", marks.POKERSTARS, _pokerstars, "read_pokerstars_lines",
          renumbers=True),
    _site("fulltilt", marks.FULLTILT, _fulltilt, "read_fulltilt_lines"),
    _site("kingsclub", marks.KINGSCLUB, _kingsclub, "read_kingsclub_lines"),
    Dialect("merge", _Later(_merge, "sniff"), _Later(_merge, "read_merge_lines"),
            _matches(marks.MERGE), marks.MERGE.initials, marks.MERGE.pattern,
            _Later(_merge, "merge_reader")),
    Dialect("bossmedia", _Later(_bossmedia, "sniff"), _Later(_bossmedia, "read_bossmedia_lines"),
            _marked(marks.BOSSMEDIA, _Later(_bossmedia, "starts")), marks.BOSSMEDIA.initials,
            marks.BOSSMEDIA.pattern, _Later(_bossmedia, "bossmedia_reader")),
    _site("winamax", marks.WINAMAX, _winamax, "read_winamax_lines"),
    _site("ongame", marks.ONGAME, _ongame, "read_ongame_lines"),
    Dialect("phh", _Later(_phh, "sniff"), _Later(_phh, "read_phh_lines"),
            _marked(marks.PHH, _Later(_phh, "starts_hand")), marks.PHH.initials,
            marks.PHH.pattern),
    Dialect("house", _Later(_house, "sniff"), _Later(_house, "read_house_lines"),
            _matches(marks.HOUSE), marks.HOUSE.initials, marks.HOUSE.pattern,
            _Later(_house, "house_reader")),
]


def dialect_of(first_line: str) -> Dialect:
    """The dialect of a log that starts (after blank lines) with ``first_line``.

    >>> dialect_of("PokerStars Game #49164202872:  Badugi Limit").name
    'pokerstars'
    >>> dialect_of("Session #fri-1127").name
    'house'
    """
    if not first_line.strip():   # an empty log (a site's client makes the file first):
        return DIALECTS[-1]      # no dialect claims it, and no reader need be imported
    return next((dialect for dialect in DIALECTS if dialect.sniff(first_line)), DIALECTS[-1])


def starting_dialect(text: str, initials: dict[str, list[Dialect]] | None = None,
                     ) -> Dialect | None:
    """The dialect one of whose blocks ``text`` begins, whatever invisible characters
    come first; None for a line that begins none."""
    by_initial = initials if initials is not None else _BY_INITIAL
    candidates = by_initial.get(text[:1])
    if candidates is None:
        if not text or "!" <= text[0] <= "~":
            return None
        text = text[damage_before(text):]
        candidates = by_initial.get(text[:1])
        if candidates is None:
            return None
    return next((dialect for dialect in candidates if dialect.starts(text)), None)


def _by_initial(dialects: list[Dialect]) -> dict[str, list[Dialect]]:
    table: dict[str, list[Dialect]] = {}
    for dialect in dialects:
        for initial in dialect.initials:
            table.setdefault(initial, []).append(dialect)
    return table


def _any_mark(dialects: list[Dialect]) -> re.Pattern[str]:
    """One pattern for the lines a part of a log in another dialect than ``dialects``
    may end at: a line that may begin a block of one of them, after whatever invisible
    characters, or one held to go with it (blank, or a comment: group ``held``)."""
    return re.compile(rf"(?P<held>\s*(?:#(?:\s|$)|$))|{DAMAGE.pattern}(?:{_marks(dialects)})")


def _mark_finder(dialects: list[Dialect], plain: frozenset[str]) -> re.Pattern[str]:
    """What finds, in a list of lines joined after a line end each, the line ends before
    every line that may begin a block of one of ``dialects`` (:func:`_any_mark` without
    its held lines) and whose first character is not ``plain``, and some more: each line
    that starts with an invisible character, and a mark may run over the line's end
    (``$`` is each line's end), so the lines found are tested each.

    >>> finder = _mark_finder([DIALECTS[-1]], frozenset("Pa"))
    >>> [found.start() for found in finder.finditer("\\nSeat 1\\nSession #2\\n\\n Hand #3")]
    [7, 19]
    """
    visible = "".join(sorted(set(map(chr, range(0x21, 0x7f))) - plain))
    return re.compile(rf"\n(?:[^\x21-\x7e\n]|(?=[{re.escape(visible)}])(?:{_marks(dialects)}))",
                      re.MULTILINE)


def _marks(dialects: list[Dialect]) -> str:
    return "|".join(f"(?:{dialect.marks.pattern})" for dialect in dialects)


_BY_INITIAL = _by_initial(DIALECTS)


class _PartEnds(NamedTuple):
    """Where a part of a log in one dialect may end (see :func:`_any_mark`)."""

    others: dict[str, list[Dialect]]
    """The other dialects, by the first character of their blocks' lines."""
    may_end: Callable[[str], re.Match[str] | None]
    """Whether a line may begin another dialect's block, or go with one (``held``)."""
    plain: frozenset[str]
    """The visible characters that begin no line of another dialect's block, nor a
    comment: a line that begins with one is in the part, with no need to match it."""
    finder: re.Pattern[str]
    """What finds the lines to test in a list of lines (:func:`_mark_finder`)."""


@functools.cache
def _part_ends(name: str) -> _PartEnds:
    """The part ends of the dialect ``name``, made when a log is first read in it: their
    patterns join every other dialect's (made for every dialect as the readers were
    imported, they took 15 ms of the readers' 100 ms)."""
    others = [dialect for dialect in DIALECTS if dialect.name != name]
    by_initial = _by_initial(others)
    plain = frozenset(map(chr, range(ord("!"), ord("~") + 1))) - {"#", *by_initial}
    return _PartEnds(by_initial, _any_mark(others).match, plain, _mark_finder(others, plain))


class _SegmentedLines:
    """The lines of a log, handed out a segment at a time (see the module docstring), and
    a segment a list of lines at a time, as the log reads them."""

    def __init__(self, log: LogText) -> None:
        self.log = log
        self.chunks = log.chunks()
        self.next_dialect: Dialect | None = None
        self.pending: list[str] = []
        """Lines read but not handed out: looked ahead at, or the next segment's first.
        They come right before the lines :attr:`chunks` has not handed out yet."""
        self.pending_line = log.first_line
        """The number of the first pending line (or of the next line read, if none is)."""

    def first_dialect(self) -> Dialect:
        """The dialect of the log's first header within reach, else of its first line."""
        size = looked = 0
        for chunk in self.chunks:
            self.pending += chunk
            for text in chunk:
                looked += 1
                dialect = starting_dialect(text)
                if dialect is not None:
                    return dialect
                size += len(text)
                if looked >= _LOOKAHEAD_LINES or size >= _LOOKAHEAD_CHARACTERS:
                    break
            else:
                continue
            break
        first = next((text for text in self.pending[:looked]
                      if text.strip() and not _COMMENT.match(text)
                      and not is_archive_marker(text)), "")
        return dialect_of(first)

    def segment(self, dialect: Dialect) -> Iterator[list[str]]:
        """The lines up to the first that begins a block of another dialect. Blank and
        comment lines right before such a line go with it (a house log's opening comment
        after another site's export): those that end a list of lines wait for the next."""
        others, may_end, plain, finder = _part_ends(dialect.name)

        def held(text: str) -> bool:
            return text[:1] not in plain and (mark := may_end(text)) is not None and (
                mark.lastgroup == "held")

        waiting: list[str] = []   # the held lines that ended the last list
        for lines in self._pending_then_chunks():
            if waiting:
                lines, waiting = waiting + lines, []
            for index in lines_to_test(lines, plain, finder):   # (one search for most lines)
                text = lines[index]
                if text[:1] in plain or (mark := may_end(text)) is None or (
                        mark.lastgroup == "held"):
                    continue
                if (other := starting_dialect(text, others)) is not None:
                    start = index
                    while start and held(lines[start - 1]):
                        start -= 1
                    if start:
                        yield lines[:start]
                    self.pending = lines[start:]
                    self.pending_line -= len(self.pending)
                    self.next_dialect = other
                    return
            end = len(lines)
            while end and held(lines[end - 1]):
                end -= 1
            waiting = lines[end:]
            if end:
                yield lines if not waiting else lines[:end]
        if waiting:
            yield waiting

    def _pending_then_chunks(self) -> Iterator[list[str]]:
        """The pending lines, then the log's, a list at a time; :attr:`pending_line` is then
        the number of the line after them."""
        if self.pending:
            pending, self.pending = self.pending, []
            self.pending_line += len(pending)
            yield pending
        for chunk in self.chunks:
            self.pending_line += len(chunk)
            yield chunk


class _Segment(LogText):
    """A part of a log read by one dialect: how the log ends (a binary byte, an empty
    file) is the last segment's to report."""

    def __init__(self, lines: _SegmentedLines, dialect: Dialect, first_line: int) -> None:
        # The whole log's lines already stop at what ends reading (a binary byte), and
        # its end is reported by end_errors: the part's lines are handed out as they are.
        super().__init__(lines.log.name, lines.segment(dialect), None, first_line,
                         lines.log.damages)
        self.whole = lines

    def end_errors(self) -> list[ParseError]:
        return [] if self.whole.next_dialect is not None else self.whole.log.end_errors()

    @property
    def stopped(self) -> bool:
        return self.whole.next_dialect is None and self.whole.log.stopped


def read_log(log: LogText, segments: list[str] | None = None) -> Iterator[Record]:
    """The records of a log, each part read by the dialect its blocks are in; the name
    of each part's dialect is added to ``segments``, in order, as it is begun."""
    lines = _SegmentedLines(log)
    dialect: Dialect | None = lines.first_dialect()
    start = log.first_line
    readers: dict[str, Callable[[LogText], Iterator[Record]]] = {}
    while dialect is not None:
        if segments is not None:
            segments.append(dialect.name)
        if dialect.name not in readers:
            readers[dialect.name] = (dialect.reader(log.name) if dialect.reader is not None
                                     else dialect.read)
        yield from readers[dialect.name](_Segment(lines, dialect, start))
        dialect, lines.next_dialect = lines.next_dialect, None
        start = lines.pending_line
