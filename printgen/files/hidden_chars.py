"""Characters a reader cannot see (controls, joiners, byte-order marks, line separators), found and
named in words, so a pasted caption that hides one is refused at its line instead of printing oddly.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

from printgen.files.errors import UserError, Where
from printgen.files.yaml_explain import card_at

# What YAML forbids or a text editor does not show: C0 and C1 control characters other than tab
# and line ends, DEL, Unicode line and paragraph separators (editors and YAML disagree on whether
# they end a line, so line numbers would drift), a byte-order mark inside the text, non-characters.
_INVISIBLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029\ufeff\ufffe\uffff]")


def check_characters(text: str, path: Path) -> None:
    match = _INVISIBLE.search(text, 1 if text.startswith("\ufeff") else 0)
    if match is None:
        return
    at = match.start()
    line = text.count("\n", 0, at) + 1
    column = at - (text.rfind("\n", 0, at) + 1) + 1
    raise UserError(f"this line holds an invisible control character (U+{ord(match.group()):04X}) at column {column}",
                    Where(path, line, card_at(text.split("\n"), line)),
                    "delete it by retyping the text around that spot; when copying text from another program, "
                    "paste it as plain text")


# What no printed text may hold once YAML has read it (escapes such as "\\x1b" or "\\u202e"
# included): control characters other than tab and newline, invisible formatting characters
# (bidirectional overrides and isolates, zero-width spaces, soft hyphens), line and paragraph
# separators, lone surrogates and non-characters. The two joiners stay: emoji sequences and
# several scripts are written with them.
_ASCII_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f]")
_REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
_JOINERS = frozenset("\u200c\u200d\t\n")


def hidden_character(text: str) -> str | None:
    """The first character of `text` that is invisible or controls the output, else None."""
    if text.isascii():
        match = _ASCII_CONTROL.search(text)
        return match.group() if match else None
    for char in text:
        if char in _JOINERS:
            continue
        code = ord(char)
        if unicodedata.category(char) in _REFUSED_CATEGORIES or (code & 0xFFFE) == 0xFFFE or 0xFDD0 <= code <= 0xFDEF:
            return char
    return None


# The usual short names of the control characters, which Unicode leaves unnamed.
_CONTROL_NAMES = dict(enumerate(["NUL", "SOH", "STX", "ETX", "EOT", "ENQ", "ACK", "BEL", "BS", "HT", "LF", "VT", "FF",
                                 "CR", "SO", "SI", "DLE", "DC1", "DC2", "DC3", "DC4", "NAK", "SYN", "ETB", "CAN", "EM",
                                 "SUB", "ESC", "FS", "GS", "RS", "US"]))
_CONTROL_NAMES.update({0x7F: "DEL", 0x85: "NEL"})


def describe_hidden(char: str) -> str:
    """'U+202E (RIGHT-TO-LEFT OVERRIDE), an invisible formatting character ...' for a message."""
    code = ord(char)
    name = unicodedata.name(char, "") or _CONTROL_NAMES.get(code, "")
    label = f"U+{code:04X}" + (f" ({name})" if name else "")
    if unicodedata.category(char) == "Cf":
        return (f"{label}, an invisible formatting character that can hide or reorder the text around it "
                "and cannot be printed")
    return f"{label}, an invisible control character that cannot be printed"
