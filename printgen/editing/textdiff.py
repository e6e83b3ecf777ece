"""Where two versions of a value differ, shown so a person sees the difference at a glance.

A conflict between a spreadsheet and deck.yaml (or two windows of the web editor) is about two
captions that are often alike but for a word. Showing the first 60 characters of each hides
the difference whenever it lies further on; this shows the words around it instead, with the
differing part marked, and the rest cut to '…'.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

CONTEXT = 24           # characters of unchanged text kept on each side of the difference, about four words
LONGEST = 60           # a marked part longer than this shows its start and its end
WHOLE = 90             # a value up to this long is shown whole (only the mark added)
ELLIPSIS = "\u2026"


@dataclass(frozen=True)
class Shown:
    """One side of a difference: the unchanged words before, the differing part, the words after
    (each already cut, with '…' where text was left out)."""

    before: str
    marked: str
    after: str

    def text(self, open_mark: str = "[", close_mark: str = "]") -> str:
        return f"{self.before}{open_mark}{self.marked}{close_mark}{self.after}"


def difference(first: str, second: str) -> tuple[Shown, Shown]:
    """The two values around the part where they differ, from the first differing character to
    the last, widened to whole words. An insertion (one side's part empty) marks the neighbouring
    word on both sides, so each side shows something marked."""
    n = min(len(first), len(second))
    start = 0
    while start < n and first[start] == second[start]:
        start += 1
    tail = 0
    while tail < n - start and first[len(first) - 1 - tail] == second[len(second) - 1 - tail]:
        tail += 1
    # widen to whole words: the shared text before `start` and after the last `tail` characters
    while start > 0 and not first[start - 1].isspace():
        start -= 1
    while tail > 0 and not first[len(first) - tail].isspace():
        tail -= 1
    if not first[start:len(first) - tail].strip() or not second[start:len(second) - tail].strip():
        # an insertion or deletion between words: mark the word after it too (at the end, the one before)
        rest = first[len(first) - tail:]
        word = re.match(r"\s*\S+", rest)
        if word:
            tail -= word.end()
        else:
            head = re.search(r"\S+\s*$", first[:start])
            start = head.start() if head else 0
    return _side(first, start, tail), _side(second, start, tail)


def _side(text: str, start: int, tail: int) -> Shown:
    end = len(text) - tail
    before, marked, after = text[:start], text[start:end], text[end:]
    if len(text) <= WHOLE:
        return Shown(before, marked, after)
    if len(before) > CONTEXT:
        cut = before[-CONTEXT:]
        space = cut.find(" ")
        before = ELLIPSIS + (cut[space + 1:] if 0 <= space < len(cut) - 1 else cut)
    if len(after) > CONTEXT:
        cut = after[:CONTEXT]
        space = cut.rfind(" ")
        after = (cut[:space] if space > 0 else cut) + ELLIPSIS
    if len(marked) > LONGEST:
        half = LONGEST // 2
        marked = marked[:half].rstrip() + f" {ELLIPSIS} " + marked[-half:].lstrip()
    return Shown(before, marked, after)


def shown_pair(first: str, second: str) -> tuple[str, str]:
    """Both values as text, each quoted in single quotes with its differing part in [brackets];
    an empty value is 'nothing'."""
    a, b = difference(first, second)
    first_shown, second_shown = ("nothing" if not value else f"'{side.text()}'"
                                 for value, side in ((first, a), (second, b)))
    return first_shown, second_shown
