"""Text from a log, made safe to print on a terminal.

A player's name or a line of a log is whatever its author typed: an ESC or OSC
sequence printed raw clears the screen or sets the window title. Tables,
messages and ``sql`` output print such text through :func:`printable`; CSV and
JSON keep it exact (their own quoting makes it inert).

>>> printable("Ana")
'Ana'
>>> printable("\\x1b]0;pwned\\x07Bob")
'\\\\x1b]0;pwned\\\\x07Bob'
>>> printable("tab\\there, new\\nline, rtl\\u202eoverride")
'tab\\\\there, new\\\\nline, rtl\\\\u202eoverride'

What a user types to be kept and printed again (a note, a person's name) is checked
as it is given, with :func:`unsafe_character`: a database travels, and the next
reader's terminal must not run it. A note of several lines prints line by line:

>>> print(printable_lines("call\\nBruno\\x1b[2J"))
call
Bruno\\x1b[2J
>>> unsafe_character("Ana\\x1b]0;x\\x07"), unsafe_character("two\\nlines", allowed="\\n")
('\\\\x1b at character 4', None)
"""

from __future__ import annotations

import re

__all__ = ["printable", "printable_lines", "unsafe_character"]

# C0 and C1 controls, DEL, and the format characters that reorder or hide text
# (bidirectional overrides, zero-width characters, the byte-order mark).
_UNSAFE = re.compile(
    "[\x00-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]")
_NAMED = {"\t": "\\t", "\n": "\\n", "\r": "\\r"}


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    named = _NAMED.get(char)
    if named:
        return named
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str) -> str:
    """``text`` with every control or invisible format character written as an escape."""
    return _UNSAFE.sub(_escape, text)


def printable_lines(text: str) -> str:
    """``text`` as :func:`printable` writes it, its line breaks and tabs kept (a note's)."""
    return _UNSAFE.sub(lambda match: match.group() if match.group() in "\n\t"
                       else _escape(match), text)


def unsafe_character(text: str, allowed: str = "") -> str | None:
    """The first control or invisible format character of ``text`` not in ``allowed``,
    escaped, and where it is (``\\x1b at character 4``); None when there is none."""
    for match in _UNSAFE.finditer(text):
        if match.group() not in allowed:
            return f"{_escape(match)} at character {match.start() + 1}"
    return None
