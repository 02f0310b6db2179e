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
"""

from __future__ import annotations

import re

__all__ = ["printable"]

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
