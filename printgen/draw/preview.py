"""PNG previews of one card or one sheet, rasterised from the very PDF drawing that prints.

A preview drawn by a second code path could disagree with the print; rendering the real PDF
operations with PDFium cannot.
"""

from __future__ import annotations

import io
from pathlib import Path

from printgen.draw.build import BuildOptions
from printgen.files.errors import UserError, did_you_mean
from printgen.model.deck import Card, Deck
from printgen.model.layouts import load_layout
from printgen.model.load import ALL_CARDS, load_deck


def _match(deck: Deck, name: str) -> Card | None:
    wanted = name.strip().lower()
    for card in deck.cards:
        if card.name.lower() == wanted or card.id == wanted:
            return card
    return None


def find_card(deck: Deck, name: str) -> Card:
    card = _match(deck, name)
    if card is not None:
        return card
    names = [c.name for c in deck.cards]
    raise UserError(f"the deck '{deck.key}' has no card called '{name}'",
                    hint=did_you_mean(name, names) or "card names are listed in " + str(deck.file))


def pack_name(deck: Deck, pack: str | None) -> str | None:
    """A pack as the user wrote it, as the deck names it: the build names its files after the deck
    and the pack ('spanish-48'), so that spelling is accepted as well as the pack's own ('48')."""
    if pack is None or pack in deck.packs:
        return pack
    prefix = f"{deck.key}-"
    if pack.startswith(prefix) and pack[len(prefix):] in deck.packs:
        return pack[len(prefix):]
    return pack      # unknown: loading the deck says so, with the packs it has


def deck_with_card(ref: str, name: str, pack: str | None) -> tuple[Deck, Card]:
    """The deck (as the given pack, or else the first pack holding the card) and the card.

    A card belongs to the deck, not to one pack: asking for the Red Joker of the standard deck
    finds it in the pack with the jokers rather than saying there is no such card."""
    every = load_deck(ref, ALL_CARDS)
    pack = pack_name(every, pack)
    if pack is not None or not every.packs:
        deck = load_deck(ref, pack)
        card = _match(deck, name)
        if card is None and pack is not None and _match(every, name) is not None:
            holding = [p for p in every.packs if _match(load_deck(ref, p), name) is not None]
            raise UserError(f"the pack '{pack}' of the deck '{deck.key}' has no card called '{name}'",
                            hint=f"it is in the pack '{holding[0]}': use --pack {holding[0]}, or leave --pack out")
        return deck, card if card is not None else find_card(deck, name)
    for candidate in every.packs:
        deck = load_deck(ref, candidate)
        card = _match(deck, name)
        if card is not None:
            return deck, card
    find_card(every, name)     # raises: no pack holds it
    raise AssertionError("unreachable")  # pragma: no cover


def rasterise(pdf: bytes, page_index: int, dpi: int) -> bytes:
    """One PDF page as PNG bytes at `dpi`."""
    import pypdfium2 as pdfium

    from printgen.draw.pdfium_lock import PDFIUM

    with PDFIUM:
        document = pdfium.PdfDocument(pdf)
        try:
            image = document[page_index].render(scale=dpi / 72.0).to_pil()
        finally:
            document.close()
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=False)
    return out.getvalue()


def card_pdf(deck: Deck, options: BuildOptions, card: Card, back: bool, with_bleed: bool = False,
             warnings: list | None = None) -> bytes:
    """A one-page PDF of one card or other piece, at its size and shape (its trim, or its bleed box)."""
    from printgen.draw.sheets.pdf import piece_pdf

    layout = load_layout(deck.layout, deck, paper=options.paper, card_size=options.card_size, bleed=options.bleed,
                         backs=options.backs)
    return piece_pdf(deck, layout, card, back, with_bleed, warnings)


def preview(ref: str, options: BuildOptions, *, card: str | None, sheet: int, back: bool, dpi: int,
            pack: str | None = None, warnings: list | None = None) -> tuple[bytes, str]:
    """PNG bytes and a one-line description of what they show."""
    from printgen.draw.sheets.pdf import render_sheets
    from printgen.model.imposition import page_order

    if not 20 <= dpi <= 1200:
        raise UserError(f"--dpi {dpi} is out of range", hint="use a value from 20 to 1200; 150 is plenty on screen")
    if card is not None:
        deck, chosen = deck_with_card(ref, card, pack)
        pdf = card_pdf(deck, options, chosen, back, warnings=warnings)
        return rasterise(pdf, 0, dpi), f"{'back' if back else 'front'} of '{chosen.name}'"
    deck = load_deck(ref, ALL_CARDS)
    deck = load_deck(ref, pack_name(deck, pack))
    layout = load_layout(deck.layout, deck, paper=options.paper, card_size=options.card_size, bleed=options.bleed,
                         backs=options.backs)
    sheets = render_sheets(deck, layout, options.duplex, options.back_offset)
    if warnings is not None:
        warnings.extend(sheets.warnings)
    if not 1 <= sheet <= sheets.sheets:
        from printgen.files.wording import counted

        raise UserError(f"there is no sheet {sheet}: the deck prints on {counted(sheets.sheets, 'sheet')}")
    pages = page_order(sheets.sheets, options.duplex)
    index = pages.index((sheet - 1, "back" if back else "front"))
    return rasterise(sheets.pdf, index, dpi), f"{'backs' if back else 'fronts'} of sheet {sheet} (page {index + 1})"


def write_png(data: bytes, path: Path) -> None:
    from printgen.files.output import publish

    publish({path: data})
