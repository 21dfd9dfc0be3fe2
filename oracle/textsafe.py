"""What the oracle prints of text it did not write -- an implementation's answers and stderr, the
actions and states it reports, the contents of a trace or a position file -- goes through
:func:`printable` (issue 28 item 11): a control character (C0, DEL, C1: escape sequences that clear
the screen, set the window title, ring the bell, move the cursor, a carriage return that
overwrites the line) or a character that reorders or breaks the text (the bidirectional controls,
the Unicode line and paragraph separators) is shown as its escape, ``\\x1b`` or ``\\u202e``, so a
terminal shows the text and obeys none of it. JSON output needs no such care: ``json.dumps``
escapes the same characters."""
from __future__ import annotations

import unicodedata

#: Characters outside the control category that still reorder or break the text on a terminal.
_UNSAFE = frozenset([0x061C, 0x200E, 0x200F, 0x2028, 0x2029, *range(0x202A, 0x202F), *range(0x2066, 0x206A)])


def _escape(ch: str) -> str:
    n = ord(ch)
    return f"\\x{n:02x}" if n < 0x100 else f"\\u{n:04x}"


def printable(text: str) -> str:
    """``text`` with every control character and text-reordering character escaped (module
    docstring); a newline too, so one line stays one line (split a text of several lines first)."""
    if text.isprintable():  # nothing to do (str.isprintable is false for every character escaped)
        return text
    return "".join(_escape(ch) if ord(ch) in _UNSAFE or unicodedata.category(ch) == "Cc" else ch for ch in text)


def printable_lines(text: str) -> str:
    """``text`` of several lines, each line made :func:`printable` (the newlines kept)."""
    return "\n".join(printable(line) for line in text.split("\n"))
