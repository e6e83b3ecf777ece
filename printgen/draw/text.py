"""Fitting text into a box: wrap, shrink to a minimum size, and only then give up; and
straight quotes made typographic before that.

Drawn as plain strings, never through ReportLab's Paragraph markup, so a caption holding '<',
'&' or '{{' prints exactly as typed.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from printgen.draw.fonts import metrics, text_width
from printgen.draw.ops import Frozen, set_field

STEP = 0.25  # points between tried sizes: fine enough that captions use the space well
ELLIPSIS = "\u2026"


class Fitted(Frozen):
    """A text fitted to its box (frozen; written out, not a dataclass: see draw/ops.py)."""

    __slots__ = _fields = ("size", "lines", "fits", "split")
    size: float
    lines: tuple[str, ...]
    fits: bool
    split: bool              # a word had to be broken across lines even at the smallest size

    def __init__(self, size: float, lines: tuple[str, ...], fits: bool, split: bool = False) -> None:
        set_field(self, "size", size)
        set_field(self, "lines", lines)
        set_field(self, "fits", fits)
        set_field(self, "split", split)


def block_height(lines: int, size: float, leading: float, pdf_name: str) -> float:
    m = metrics(pdf_name)
    return (lines - 1) * size * leading + (m.ascent - m.descent) * size


# Where a line may break: any white space but the no-break spaces (U+00A0, U+2007, U+202F), which
# a text uses to keep two words together ('50+\u00a0Triumphal'); str.split() would break at them.
_BREAK = re.compile(r"[^\S\u00a0\u2007\u202f]+")


def _words(text: str) -> list[str]:
    return [word for word in _BREAK.split(text) if word]


def wrap(text: str, pdf_name: str, size: float, width: float, tracking: float = 0.0) -> list[str]:
    """Greedy word wrap; explicit newlines are kept; a word longer than the box is split."""
    return _wrap(text, pdf_name, size, width, tracking)[0]


def _wrap(text: str, pdf_name: str, size: float, width: float, tracking: float) -> tuple[list[str], bool]:
    """wrap(), and whether a word had to be split."""
    lines: list[str] = []
    split = False
    for paragraph in text.split("\n"):
        current = ""
        for word in _words(paragraph):
            trial = f"{current} {word}" if current else word
            if text_width(trial, pdf_name, size, tracking) <= width:
                current = trial
                continue
            if current:
                lines.append(current)
            while text_width(word, pdf_name, size, tracking) > width and len(word) > 1:
                cut = _longest_prefix(word, pdf_name, size, width, tracking)
                if len(word) - cut == 1 and cut > 2:
                    cut -= 1                    # never one letter alone on a line ('Empres / s')
                lines.append(word[:cut])
                word = word[cut:]
                split = True
            current = word
        lines.append(current)
    return lines, split


def _longest_prefix(word: str, pdf_name: str, size: float, width: float, tracking: float) -> int:
    cut = 1
    while cut < len(word) and text_width(word[: cut + 1], pdf_name, size, tracking) <= width:
        cut += 1
    return cut


def forget_fits() -> None:
    """Empty the caches of fitted text (and of the characters fonts miss) once a deck's faces
    are resolved: a build draws from the faces and never fits again, and on a deck of thousands
    of cards the caches held some 2 MiB of each card's own words through its drawing and saving
    (issue 30: peak memory). The web editor, which fits the same cards again and again, keeps them."""
    from printgen.draw.fonts import forget_missing

    fit.cache_clear()
    forget_missing()


@lru_cache(maxsize=4096)
def fit(text: str, pdf_name: str, size: float, min_size: float, width: float, height: float,
        leading: float = 1.2, wrap_lines: bool = True, tracking: float = 0.0) -> Fitted:
    """The largest size from `size` down to `min_size` at which the text fits the box, words
    whole if any size allows it (a word split across lines is the last resort, and said).
    Remembered (the answer is a frozen value): a deck prints the same house name, label or
    caption in the same box on many cards, and fitting tries every size down from the largest."""
    sizes = _sizes(size, min_size)
    whole = None if wrap_lines else [" ".join(_words(text))]    # one line, the same at every size

    def attempt(current: float) -> tuple[list[str], bool, bool]:
        """The lines at a size, whether they fit the box, and whether a word had to be split."""
        split = False
        if whole is None:
            lines, split = _wrap(text, pdf_name, current, width, tracking)
        else:
            lines = whole
        fits = all(text_width(line, pdf_name, current, tracking) <= width + 1e-6 for line in lines) and \
            block_height(len(lines), current, leading, pdf_name) <= height + 1e-6
        return lines, fits, split

    # Fitting with words whole only gets easier as the size goes down (every width and the block's
    # height shrink with it, and greedy wrapping then breaks each line no earlier), so the largest
    # size at which it fits is found by trying sizes 1, 2, 4, 8 ... steps down, then halving the
    # steps between the last that did not fit and the first that did: what trying each size in
    # turn finds, in a few tries where a long text took dozens.
    lines, fits, split = attempt(sizes[0])
    if fits and not split:
        return Fitted(sizes[0], tuple(lines), True)
    low, step, high, found = 0, 1, None, lines          # sizes[low] does not fit
    while high is None and low < len(sizes) - 1:
        probe = min(low + step, len(sizes) - 1)
        lines, fits, split = attempt(sizes[probe])
        if fits and not split:
            high, found = probe, lines
        else:
            low, step = probe, step * 2
    if high is not None:
        while high - low > 1:
            middle = (low + high) // 2
            lines, fits, split = attempt(sizes[middle])
            if fits and not split:
                high, found = middle, lines
            else:
                low = middle
        return Fitted(sizes[high], tuple(found), True)
    for current in sizes:       # no size fits with words whole: the largest that fits with one split
        lines, fits, split = attempt(current)
        if fits:
            return Fitted(current, tuple(lines), True, True)
    return Fitted(min_size, _truncate(text, pdf_name, min_size, width, height, leading, wrap_lines, tracking), False)


@lru_cache(maxsize=256)
def _sizes(size: float, min_size: float) -> tuple[float, ...]:
    """The sizes fitting tries, largest first: `size`, then STEP smaller each, to `min_size`."""
    sizes = [size]
    while sizes[-1] - STEP >= min_size - 1e-9:
        sizes.append(round(sizes[-1] - STEP, 4))
    return tuple(sizes)


def _truncate(text: str, pdf_name: str, size: float, width: float, height: float, leading: float,
              wrap_lines: bool, tracking: float) -> tuple[str, ...]:
    """Keep the lines that fit and end the last with an ellipsis, so the cut is visible."""
    lines = wrap(text, pdf_name, size, width, tracking) if wrap_lines else [" ".join(_words(text))]
    keep = 1
    while keep < len(lines) and block_height(keep + 1, size, leading, pdf_name) <= height + 1e-6:
        keep += 1
    kept = lines[:keep]
    last = kept[-1]
    if keep < len(lines) or text_width(last, pdf_name, size, tracking) > width:
        while last and text_width(last + ELLIPSIS, pdf_name, size, tracking) > width:
            last = last[:-1].rstrip()
        kept[-1] = last + ELLIPSIS
    return tuple(kept)


_OPENING_CONTEXT = set(" \t\n([{\u2014\u2013-/\u201c\u2018\u00ab")
# Words that start with an apostrophe standing for missing letters: ’Tis, not ‘Tis.
ELISIONS = ("tis", "twas", "twere", "twill", "em", "n", "til", "cause")


def typographic(text: str) -> str:
    """Straight quotes as typeset ones: ' -> ’ (or ‘ opening a quotation), " -> “ or ”.

    A quote opens after a space, an opening bracket or dash, or at the start; otherwise it
    closes. An apostrophe before a digit ('90s), inside a word (Agincourt's) or starting a
    known elision ('Tis) is ’, so a teacher can type plain quotes and the card still prints
    proper ones. Accents typed after their letter (e + U+0301) are joined to it where Unicode
    has the letter with the accent built in (NFC): that one is drawn exactly, a loose accent
    only near its letter (fonts.loose_marks)."""
    if not text.isascii():
        text = unicodedata.normalize("NFC", text)
    if "'" not in text and '"' not in text:
        return text
    out: list[str] = []
    for i, ch in enumerate(text):
        if ch not in "'\"":
            out.append(ch)
            continue
        before = out[-1] if out else " "
        after = text[i + 1] if i + 1 < len(text) else " "
        opens = before in _OPENING_CONTEXT and not after.isspace()
        if ch == "'":
            out.append("\u2018" if opens and not after.isdigit() and not _elision(text, i + 1) else "\u2019")
        else:
            out.append("\u201c" if opens else "\u201d")
    return "".join(out)


def _elision(text: str, start: int) -> bool:
    """Whether the word starting at `start` is a known elision ('Tis, 'n')."""
    end = start
    while end < len(text) and text[end].isalpha():
        end += 1
    return text[start:end].lower() in ELISIONS
