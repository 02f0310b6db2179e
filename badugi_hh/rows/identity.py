"""Which hand a hand is: its site and the site's hand id, and what its content is.

A hand is identified by ``(site, hand_id)``: the site's own hand number
(``ps-49164202872``, ``merge#33423082-14``), or a house hand's session and number
(``fri-1127#3``, site ``''``). Met again in any file (a re-download, a copy with
other line ends, an export that overlaps another) it is stored once; every copy is
a row of ``hand_sources``. A PHH hand that names no site (site ``phh``) has only its
file's name for it, so its file is part of its identity (:func:`identity`).

Two copies are the same hand when their **content hash** agrees (:func:`content_hash`):
an MD5 of what the store keeps of the hand (its game, time, pot, rake and ending,
each player's seat, stacks, chips and dealt cards, every action (the forced posts in the
order of the players' names: logs post antes in different orders), every draw's cards and
every hand shown and valued at the showdown: not a mucked one, which one log of a hand may
tell and another not). A copy whose hash
differs from the stored one's is a violation of T5, "a site's hand ids are unique"
(:func:`conflict_message`), never a silent choice: the first copy stays; but a copy
read whole is kept over one with a line that could not be read, and their difference
is that line's, no T5 (:mod:`badugi_hh.store.commit`, docs/schema.md).

A house hand's hash holds its verdicts too, each violation's rule and message
(:data:`VERDICTS_HASH_FORMAT`): the store keeps the rules' figures where a log's claims are
wrong, so a session saved twice, once with a typo in a ``Stacks:`` line or an award, gave
two copies of the same figures, and the second's violations were lost without a word.
A house hand's verdicts depend only on its session's text, which both copies hold; a
site's hand may begin an export, whose first hand has no stack carried to check, so its
verdicts are not part of its content.

The hash is also computed in SQL (:data:`CONTENT_HASH_SQL`) from the stored rows, for
the migrations of a database: both give the same text to MD5. A hash is written with its
format first (:data:`HASH_FORMAT`): the hashes of earlier releases (32 characters, the
draws and shown cards not in them) in a dataset's files or of copies a database lists are
not compared with today's (:func:`same_content`), where they would differ for no reason.

>>> from datetime import datetime
>>> identity("pokerstars", "ps-1", "/a.txt"), identity("phh", "hand", "/a.phh")
(('pokerstars', 'ps-1', ''), ('phh', 'hand', '/a.phh'))
>>> same_content("2" + "0" * 32, "2" + "0" * 32), same_content("2" + "0" * 32, "2" + "1" * 32)
(True, False)
>>> same_content("2" + "0" * 32, "1" * 32)   # of two formats: not compared
True
>>> same_content("2" + "0" * 32, "3" + "1" * 32)
True
>>> conflict_message("ps-1", "/b.txt", 9, "/a.txt", 5)
'hand ps-1 at /b.txt:9 differs from its copy at /a.txt:5 (the same site and hand id): the first copy is kept'
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from datetime import datetime, timedelta
from operator import attrgetter, itemgetter

from badugi_hh.engine import HandReport
from badugi_hh.hand_ids import hand_file_sql
from badugi_hh.sites import FILE_LOCAL_SITES

__all__ = ["CONTENT_HASH_SQL", "DIFFERENT_CONTENT_SQL", "HASH_FORMAT", "RANKED_COPIES_SQL",
           "VERDICTS_HASH_FORMAT", "conflict_message", "content_hash", "identity",
           "same_content"]

_EPOCH = datetime(1970, 1, 1)
_MICROSECOND = timedelta(microseconds=1)


def identity(site: str, hand_id: str, source: str) -> tuple[str, str, str]:
    """The key two copies of one hand share (see the module docstring)."""
    return site, hand_id, source if site in FILE_LOCAL_SITES else ""


def content_hash(report: HandReport, game: str, started_at: datetime | None,
                 dealt: dict[str, str | None], draws: Sequence[tuple[object, ...]],
                 shown: Sequence[tuple[object, ...]], *, verdicts: bool = False) -> str:
    """The hash of a hand's content; ``dealt``: each player's dealt cards as stored;
    ``draws`` and ``shown``: the hand's ``draws`` and ``showdowns`` rows as stored;
    ``verdicts``: its violations too (a house hand's; see the module docstring)."""
    moment = "" if started_at is None else str((started_at.replace(tzinfo=None) - _EPOCH)
                                               // _MICROSECOND)
    head = f"{game}|{moment}|{report.pot_total}|{report.rake}|{report.ended}|" \
           f"{report.ruleset.big_blind}"
    players = ";".join([
        f"{p.seat}:{name}:{p.start_stack}:{p.contributed}:{p.returned}:{p.won}:"
        f"{dealt.get(name) or ''}"
        for name, p in sorted(report.players.items(), key=lambda item: (item[1].seat, item[0]))])
    # the forced posts by player (a site writes antes round the table from its seat 1, PHH
    # from the small blind's), then the other actions in their order
    posts = sorted([a for a in report.actions if a.kind == "post"], key=_PLAYER_OF_ACTION)
    actions = ";".join([f"{a.player}:{a.kind}:{a.amount}" for a in posts]
                       + [f"{a.player}:{a.kind}:{a.amount}" for a in report.actions
                          if a.kind != "post"])
    drawn = ";".join([f"{row[2]}:{row[3]}:{row[6]}:{row[7]}"   # player, draw, cards out, in
                      for row in sorted(draws, key=_DRAW_THEN_PLAYER)])
    shows = ";".join([f"{row[2]}:{row[3] if row[4] is not None else ''}"   # player, hand
                      for row in sorted(shown, key=_PLAYER)])   # shown (a muck: one log tells)
    text = f"{head}#{players}#{actions}#{drawn}#{shows}"
    if verdicts:
        judged = ";".join(sorted([f"{v.rule}:{_placeless(v.message)}"
                                  for v in report.violations]))
        return VERDICTS_HASH_FORMAT + hashlib.md5(f"{text}#{judged}".encode(),
                                                  usedforsecurity=False).hexdigest()
    return HASH_FORMAT + hashlib.md5(text.encode(), usedforsecurity=False).hexdigest()


#: A line a verdict names ("the hand goes on after the fold on line 1250"): where the hand
#: lies in its file, which a copy in a longer file moves, is not its content.
_LINE_NUMBER = re.compile(r"\b(lines?) \d+")


def _placeless(message: str) -> str:
    """``message`` without the numbers of the lines it names."""
    return _LINE_NUMBER.sub(r"\1", message)


#: The first character of a hash of this format (earlier releases wrote the bare MD5).
HASH_FORMAT = "2"
#: And of one that holds the hand's verdicts (a house hand's, from this release on).
VERDICTS_HASH_FORMAT = "3"


#: Sort keys (C calls): a draw row by its draw, then player (not its line: a PHH file may
#: write a hand's actions on one line); a showdown row by player.
_DRAW_THEN_PLAYER, _PLAYER = itemgetter(3, 2), itemgetter(2)
_PLAYER_OF_ACTION = attrgetter("player")


def same_content(digest: str, other: str) -> bool:
    """Whether two copies' hashes say the same content; hashes of two formats cannot
    tell, and are taken as the same, as the release that wrote the older one did."""
    return digest == other or _format(digest) != _format(other)


#: :func:`same_content` denied, in SQL, of a copy's ``content_hash`` beside the first copy's
#: ``first_hash`` (:data:`RANKED_COPIES_SQL`): where a dataset's reader finds a T5.
DIFFERENT_CONTENT_SQL = ("content_hash <> first_hash AND length(content_hash) = "
                         "length(first_hash) AND (length(content_hash) <> 33 "
                         "OR left(content_hash, 1) = left(first_hash, 1))")


def _format(digest: str) -> str:
    """The format a hash is of: its first character, or none (a bare MD5)."""
    return digest[:1] if len(digest) == 33 else ""


#: :func:`content_hash` of every stored hand, from its rows: (source, hand_id, hash), of
#: :data:`HASH_FORMAT` (a migration's: a house hand's verdicts stored by an older release
#: are not today's, and a hash of two formats is not compared).
CONTENT_HASH_SQL = f"""
SELECT h.source, h.hand_id, '{HASH_FORMAT}' || md5(concat(
    h.game, '|', coalesce(CAST(epoch_us(h.started_at) AS VARCHAR), ''), '|', h.pot, '|',
    h.rake, '|', h.ended, '|', h.big_blind_size,
    '#', coalesce(p.text, ''), '#', coalesce(a.text, ''), '#', coalesce(d.text, ''),
    '#', coalesce(s.text, ''))) AS content_hash
FROM hands h
LEFT JOIN (SELECT source, hand_id, string_agg(concat(seat, ':', player, ':', start_stack, ':',
                  contributed, ':', returned, ':', won, ':', coalesce(dealt_cards, '')), ';'
                  ORDER BY seat, player) AS text
           FROM hand_players GROUP BY source, hand_id) p USING (source, hand_id)
LEFT JOIN (SELECT source, hand_id, string_agg(concat(player, ':', action, ':', amount), ';'
                  ORDER BY action <> 'post', CASE WHEN action = 'post' THEN player END, seq)
                  AS text
           FROM actions GROUP BY source, hand_id) a USING (source, hand_id)
LEFT JOIN (SELECT source, hand_id, string_agg(concat(player, ':', draw, ':', discarded_cards,
                  ':', drawn_cards), ';' ORDER BY draw, player) AS text
           FROM draws GROUP BY source, hand_id) d USING (source, hand_id)
LEFT JOIN (SELECT source, hand_id, string_agg(concat(player, ':', CASE WHEN value_rank IS NOT
                  NULL THEN shown_cards ELSE '' END), ';' ORDER BY player) AS text
           FROM showdowns GROUP BY source, hand_id) s USING (source, hand_id)
"""

#: Every copy of ``{copies}`` (site, hand_id, source, line, content_hash, session_id,
#: imported_at) numbered within its hand, first imported first (then by file and
#: line), with the first copy's file, line and hash beside it.
RANKED_COPIES_SQL = f"""
SELECT c.*,
       row_number() OVER hand AS copy,
       first_value(c.source) OVER hand AS first_source,
       first_value(c.line) OVER hand AS first_line,
       first_value(c.content_hash) OVER hand AS first_hash
FROM {{copies}} c
WINDOW hand AS (PARTITION BY c.site, c.hand_id,
                {hand_file_sql("c.")}
                ORDER BY c.imported_at, c.source, c.line
                ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)
"""

#: The T5 message of a copy that differs from the stored one, with ``{}`` for the hand
#: id, the copy's file and line, the first copy's file and line, in that order: the
#: same text from Python (:func:`conflict_message`) and from DuckDB's ``format``.
CONFLICT_MESSAGE = ("hand {} at {}:{} differs from its copy at {}:{} (the same site and "
                    "hand id): the first copy is kept")


def conflict_message(hand_id: str, source: str, line: int, first_source: str,
                     first_line: int) -> str:
    return CONFLICT_MESSAGE.format(hand_id, source, line, first_source, first_line)
