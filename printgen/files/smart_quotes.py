"""Curly quotes typed around a whole value are read as the value's quotes.

TextEdit, Word and many phone keyboards turn a typed " into “ or ”. A teacher who writes
`caption: "I broke with Rome"` in one of them saves `caption: “I broke with Rome”`, which YAML
reads as unquoted text: the card would print the curly quotes, and a caption holding ': ' would
not load at all ("mapping values are not allowed here"). A value that starts with an opening
curly quote and ends with its closing one is what she meant as a quoted value, so the two are read
as YAML's straight quotes. Each is one character for one, so every line and column stays where it
was, and a value that could mean something else inside straight quotes (a straight quote or a
backslash within) is left as written. To print a whole value inside curly quotes, put it in
straight quotes as well: `caption: "“We dub thee Sir Francis Drake”"`.
"""

from __future__ import annotations

import re

# opening -> (closing marks that may end it, the straight quote it stands for)
_PAIRS = {"“": ("”", '"'), "„": ("“”", '"'), "”": ("”", '"'), "«": ("»", '"'), "‘": ("’", "'")}

# A value after 'key: ' or '- ' (list item), then optional spaces and a note.
_VALUE = re.compile(r"^(?P<head>[ \t]*(?:-[ \t]+)*(?:[^\s#'\"\[\]{}][^#]*?:[ \t]+|-[ \t]+))"
                    r"(?P<open>[“„”«‘])(?P<inner>[^\n]*?)(?P<close>[”“»’])(?P<tail>[ \t]*(?:#[^\n]*)?)$",
                    re.MULTILINE)


# A line that opens a block of literal or folded text ('key: |', '- >-'): its lines are text as is.
_BLOCK = re.compile(r"(?:^|:|-)[ \t]*[|>][-+0-9]*[ \t]*(?:#.*)?$")


def straighten(text: str) -> str:
    """`text` with every value wrapped whole in curly quotes written with straight ones instead
    (never inside a block of literal text, where the quotes are the words themselves)."""
    if not any(mark in text for mark in _PAIRS):
        return text
    lines = text.split("\n")
    block: int | None = None             # the indentation of the line that opened a text block
    for number, line in enumerate(lines):
        indent = len(line) - len(line.lstrip(" "))
        if block is not None:
            if not line.strip() or indent > block:
                continue
            block = None
        if _BLOCK.search(line.split(" #")[0].rstrip()) and not line.lstrip().startswith("#"):
            block = indent
            continue
        if any(mark in line for mark in _PAIRS):
            lines[number] = _VALUE.sub(_replace, line)
    return "\n".join(lines)


def _replace(match: re.Match) -> str:
    closings, straight = _PAIRS[match["open"]]
    inner = match["inner"]
    if match["close"] not in closings or straight in inner or "\\" in inner:
        return match[0]
    if not _nested(inner, match["open"], closings):
        return match[0]           # “a” and “b”: two quotations, not one quoted value
    return f"{match['head']}{straight}{inner}{straight}{match['tail']}"


def _nested(inner: str, opening: str, closings: str) -> bool:
    """Whether the quotes inside pair up within the value (“He said “no” to Rome.”), so that the
    outer two wrap it whole; a closing mark with nothing open (“a” and “b”) means they do not."""
    if opening in closings:       # ” used for both ends: inner ones cannot be told apart
        return opening not in inner
    if opening == "‘":            # ’ is also the apostrophe (I’m): single quotes cannot be counted
        return True
    depth = 0
    for char in inner:
        if char == opening:
            depth += 1
        elif char in closings:
            if depth == 0:
                return False
            depth -= 1
    return True
