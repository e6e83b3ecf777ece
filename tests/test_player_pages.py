"""Every page a player holds speaks to players: no command lines, option names or printgen's inner
workings on a rule sheet, score sheet, board or card of any shipped deck.

Why: a reviewer found "-O scoring=out", "printgen validate spanish --game casita -O steal=may" and
"Every build measures each of these distances" printed on the rule sheets and the table diagram.
A sheet states the rule and its clarification in words; the simulator's option names belong in the
validate report and docs/clarifications.md. The text is read back from the built PDFs, so whatever
a template, a board element or a caption prints is covered, not only the Markdown source.
"""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from badinput import shipped_build
from conftest import DECKS

SHIPPED = sorted(p.parent.name for p in DECKS.glob("*/deck.yaml"))

# What a programmer would write and a player should never read, with why it is out of place.
PROGRAMMER_WORDS = [
    (r"(?<![\w-])-O\b", "a command-line option (-O KEY=VALUE)"),
    (r"(?<![\w-])--[a-z]", "a command-line flag (--game, --paper ...)"),
    (r"\bprintgen\b", "the program's name"),
    (r"\bvalidat(e|es|ed|ion)\b", "the validate command"),
    (r"\bsimulat(or|ors|ed|ion|ions|e)\b", "the simulator"),
    (r"\b[a-z]+_[a-z_]+\b", "an option or field name in snake_case (force_drawn)"),
    (r"\b[a-z_]+=[\w.,]+", "a KEY=VALUE setting"),
    (r"\b[\w-]+\.(pdf|yaml|yml|md|json|png)\b", "a file name"),
    (r"\b(YAML|Jinja2?|Markdown)\b", "a file format"),
    (r"\bdeck\.\w+", "a template variable (deck.card_count)"),
    (r"\{\{|\{%|`", "template or code markup"),
    (r"\b(every|the) builds?\b", "printgen's build"),
    (r"\bcommand line\b", "the command line"),
    (r"\bgame designers?\b", "a note for designers"),
]


def problems(text: str) -> list[str]:
    found = []
    for pattern, why in PROGRAMMER_WORDS:
        for hit in re.finditer(pattern, text, re.I if pattern.startswith(r"\b(") else 0):
            start = max(hit.start() - 30, 0)
            found.append(f"{why}: ...{text[start:hit.end() + 30]}...")
    return found


def test_the_check_catches_what_the_reviewer_found():
    """The patterns would have caught each sentence of the review (so the test below can fail)."""
    for printed in ["Game designers: the simulator's option -O scoring=out (the default",
                    "(printgen validate spanish --game casita -O steal=may plays the other reading)",
                    "(Another reading: only a card they refuse can be forced on them; -O force_drawn=refused.)",
                    "the true-size placement guide (croquetnole-guide.pdf): tape its sheets",
                    "Every build measures each of these distances before drawing this page.",
                    "they share the win instead (decider=share)"]:
        assert problems(printed), printed
    for fine in ["Build ten cards that score well", "Each player builds a Domain", "a 48-card pack keeps the stock",
                 "the player on the dealer's left", "B-U-R-R-O", "Option: play on", "1:5, lengths in mm",
                 "Player 1 owes", "Print at 100 %."]:
        assert not problems(fine), (fine, problems(fine))


@pytest.fixture(scope="module")
def built() -> Path:
    return shipped_build()


def _pages(pdf: Path) -> list[str]:
    document = pdfium.PdfDocument(str(pdf))
    try:
        return [document[i].get_textpage().get_text_range() for i in range(len(document))]
    finally:
        document.close()


@pytest.mark.parametrize("deck", SHIPPED)
def test_no_player_page_prints_programmer_words(built, deck):
    pdfs = sorted((built / deck).glob("*.pdf"))
    kinds = {p.stem.rsplit("-", 1)[-1] for p in pdfs}
    assert pdfs and "cards" in kinds, (deck, kinds)       # the cards and every sheet, board and rule sheet
    found = []
    for pdf in pdfs:
        for number, text in enumerate(_pages(pdf), 1):
            found += [f"{pdf.name} page {number}: {p}" for p in problems(" ".join(text.split()))]
    assert not found, "\n".join(found)


def test_every_shipped_deck_is_checked():
    assert {"cromwell", "spanish", "standard", "piecepack", "coppertwaddle"} <= set(SHIPPED)
