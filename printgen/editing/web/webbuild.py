"""The web editor's "Make the PDFs": the build with the page's paper and sides, a link to every
PDF it made (by its title), and its warnings said of the cards they are about.

A warning is told on the page as a problem is (page_words): "Henry IV, the Caption box: ...". The
page names the cards in its status line and marks them in its list of cards, so a teacher sees
which card to open without reading a build log.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from printgen.editing.roundtrip import DeckSource
from printgen.editing.web.page_words import file_title, joined, page_name, page_warning
from printgen.files.errors import UserError, Warning_

SHOWN_NAMES = 5       # cards named in the status line; the rest are counted
COMMAND_WORDS = re.compile(r"(?<![\w-])--[a-z]|\bprintgen [a-z]")
# A bracketed aside the page has no use for: an option's name ('(--page-order back-first)') or a
# file's place ('(/usr/share/color/icc/...)'); the line it ends is kept.
ASIDE = re.compile(r" \((?:--[a-z][^)]*|[A-Za-z]?:?[\\/][^)]*)\)")


def build(folder: Path, out: Path, body: Any) -> dict[str, Any]:
    """Build the deck with the page's print choices (printing.py); every PDF the build wrote, with
    its title, the build's advice on printing them, and its warnings in the page's words, each with
    the card it is about (when it is a card's)."""
    from printgen.draw.build import build_deck
    from printgen.editing.web.page_words import PageError
    from printgen.editing.web.printing import build_options

    options = build_options(body, out)
    try:
        result = build_deck(folder, options)
    except UserError as error:
        if options.backs == "light" and error.where.field == "backs":
            raise PageError("This deck's card design has no light backs to save ink, so the PDFs were not made. "
                            "Choose ‘Full colour’ under Backs.") from None
        raise
    where = out / result.deck
    pdfs = sorted((p for p in result.files if p.suffix == ".pdf" and p.parent == where), key=_order)
    warnings = page_warnings(folder, result.warnings)
    summary = page_summary(result.summary)
    return {"summary": summary, "advice": advice(summary),
            "files": [{"name": p.name, "title": pdf_title(p, folder, result.deck)}
                                                 for p in pdfs],
            "warnings": warnings, "said": ready(warnings)}


def page_summary(summary: str) -> str:
    """The build's summary as the page shows it (what each PDF holds, and how to print it on one
    side): a line that names a command-line option or command ('tip: with --bleed 1.5 ...') is left
    out, since the page offers no such choice."""
    lines = [ASIDE.sub("", line) for line in summary.splitlines()]
    return "\n".join(line for line in lines if not COMMAND_WORDS.search(line))


def advice(summary: str) -> list[str]:
    """What the page says plainly under the PDFs: the summary's lines on how to print them (fold
    each sheet, the order of single pages, the colour a press gets, the turn of the stack), each as
    a sentence; a summary's first line (what each PDF holds) stays in the details below."""
    from printgen.editing.web.page_words import sentence

    return [sentence(line.strip()) for line in summary.splitlines() if line.startswith("  ")]


def page_warnings(folder: Path, warnings: list[Warning_]) -> list[dict[str, Any]]:
    """Each warning once, in the page's words, with the id and name of its card (None for a warning
    about the deck or a sheet of paper)."""
    try:
        source = DeckSource(folder)
        ids, fields = {c.name: c.id for c in source.cards}, source.columns()
    except UserError:
        ids, fields = {}, []
    said: list[dict[str, Any]] = []
    for warning in warnings:
        name, file = warning.where.card, warning.where.file
        about = name or (page_name(Path(file), folder) if file is not None else None) or "the printing"
        item = {"card": ids.get(name) if name else None, "name": name, "field": warning.where.field,
                "about": about, "message": page_warning(warning, folder, fields)}
        if item not in said:
            said.append(item)
    return said


def ready(warnings: list[dict[str, Any]]) -> str:
    """The status line after a build: the cards the warnings are about (marked in the list of
    cards), and whether others are about the printing; the warnings themselves are listed below."""
    said = "The PDFs are ready: open them below."
    if not warnings:
        return said
    count = len(warnings)
    names = list(dict.fromkeys(w["name"] for w in warnings if w["name"]))
    about = []
    if names:
        shown = names[:SHOWN_NAMES]
        listed = joined(shown + ([f"{len(names) - len(shown)} more"] if len(names) > len(shown) else []))
        about.append(f"{listed} (marked in the list of cards)")
    about += list(dict.fromkeys(w["about"] for w in warnings if not w["name"]))
    head = "1 warning came" if count == 1 else f"{count} warnings came"
    return f"{said} {head} with them, about {joined(about)}: " \
           f"{'it is' if count == 1 else 'they are'} said below the PDFs."


def _order(path: Path) -> tuple[int, str]:
    return (0 if path.name.endswith("-cards.pdf") else 1 if path.name.endswith("-rules.pdf") else 2, path.name)


def pdf_title(path: Path, folder: Path, deck: str) -> str:
    """What a built PDF is, for its link: 'The cards', 'The rule sheet: Cromwell', or the title a
    form or board gives itself ('Cromwell score sheet')."""
    stem = path.stem
    if stem.endswith("-cards"):
        pack = stem[:-len("-cards")]
        return "The cards" if pack == deck else f"The cards ({pack.removeprefix(deck + '-')})"
    if stem.endswith("-rules"):
        title = file_title(folder / "rules" / (stem[:-len("-rules")] + ".md"))
        return f"The rule sheet: {title}" if title else "The rule sheet"
    for part in ("sheets", "boards"):
        source = folder / part / (stem + ".yaml")
        if source.is_file():
            title = file_title(source)
            if title:
                return title
    return stem.replace("-", " ").capitalize()
