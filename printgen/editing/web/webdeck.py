"""The web editor's work behind each request: the deck as the page sees it, a preview and a save (a
three-way merge, merge.py), each answered in the page's words (page_words.py); the build is
webbuild.py's, the lists of choices choices.py's.

The page holds unsaved changes: edits by card id, the values each changed card had when the page
loaded it (the base), new cards under keys of its own ('new-1') and the ids of cards to delete.
A preview and a save both apply them to deck.yaml as it is now, through the same in-place editing
as `printgen import` (printgen/editing/roundtrip.py and cardlist.py), and check the result by loading it.
"""

from __future__ import annotations

import base64
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from printgen.editing.cardlist import card_at_line, compose, list_problem, references
from printgen.editing.roundtrip import DeckSource
from printgen.editing.textdiff import difference
from printgen.editing.web.merge import Changes, Merged, merge
from printgen.editing.web.page_words import PageError, file_problem, joined, label, page_message, sentence, shown_in
from printgen.editing.web.printing import PAPERS, print_choices
from printgen.editing.web.webexport import export_choices
from printgen.files.errors import UserError, Warning_, Where
from printgen.model.deck import Deck

PREVIEW_DPI = 110
SHOWN_CONFLICTS = 5       # conflicts said in the message; the page lists every one below it

# A line under the box of each kind of field, saying what it takes.
HINTS = {
    "years": "years, such as 1066-1087, 1483, or 2022- for a reign still going on",
    "image": "a PNG or JPEG picture: choose one from your computer, or type the name of one in the deck's folder",
    "number": "a number",
    "ability": "a record, written as in deck.yaml: {use: ..., effects: [...]}",
}


@dataclass
class Applied:
    """The page's changes made on deck.yaml's text: the new text, and which card key is where."""

    source: DeckSource
    merged: Merged
    text: str
    final: dict[str, int] = field(default_factory=dict)       # page card key -> index in the new text


def deck_json(source: DeckSource) -> dict[str, Any]:
    """Everything the page shows of the deck: its fields, its cards (with where a rule sheet shows
    each, as deleting it is refused there), and the choices of the build button (printing.py)
    and of the pictures button (webexport.py)."""
    from printgen.editing.web.choices import field_choices

    fields = [{"name": name, "label": label(name), "type": source.kind(name),
               "required": bool(name in source.fields and source.fields[name].required),
               **field_choices(source, name), "hint": HINTS.get(source.kind(name), ""),
               "long": any(len(c.values.get(name, "")) > 30 for c in source.cards)}
              for name in source.columns()]
    paper = "a4"
    try:
        deck = source.check(source.text)
        title, problem = deck.title, None
        from printgen.model.layouts import load_layout

        paper = load_layout(deck.layout, deck).paper_name
    except UserError as error:
        title = source.data.get("title", source.folder.name)
        problem = page_message(error, source.folder, fields=source.columns()) if error.where.card \
            else file_problem(error, source.folder)
    named = references(source.folder, [c.id for c in source.cards])
    return {"deck": source.folder.name, "title": str(title), "version": source.version, "fields": fields,
            "problem": problem, "sheet": source.data["cards"] if isinstance(source.data.get("cards"), str) else None,
            "listing": list_problem(source, page=True), "paper": paper if paper in PAPERS else "a4",
            "papers": list(PAPERS),
            **print_choices(), "exports": export_choices(),
            "cards": [{"id": c.id, "name": c.name, "values": c.values,
                       "named": _shown_note(source.folder, named[c.id]) if c.id in named else None}
                      for c in source.cards]}


def _shown_note(folder: Path, places: list[tuple[Path, int]]) -> str:
    """The note under a card that a rule sheet (or board, or form) shows: its Delete is refused."""
    where = shown_in(folder, places)
    return sentence(f"{where} {_shows(where)} this card as a picture, so it cannot be deleted here")


def _shows(where: str) -> str:
    return "show" if " and " in where else "shows"


def checked(source: DeckSource, changes: Changes, version: str | None = None) -> None:
    """What the page sent, weighed against the deck before any work is done for it, and refused as
    the page's (its card and box), never as a mistake of the deck's file: at most as many cards as
    a deck may have, only the deck's boxes, and only cards the deck has. A card the deck does not
    have is one deleted (or renamed) in another window since the page loaded it only when the page
    sends the values it loaded (every change does) and the deck's file has changed since: else it
    never was the deck's, and the request is refused here, not answered with a conflict apiece."""
    from printgen.files.sheets import MAX_ROWS

    named = len(changes.edits) + len(changes.added) + len(set(changes.deleted) - set(changes.edits))
    if max(named, len(changes.base)) > MAX_ROWS:
        raise PageError(f"The page sent changes to {max(named, len(changes.base)):,} cards, more than a deck may have "
                        f"({MAX_ROWS:,}), so nothing was changed. Reload the page.")
    columns = set(source.columns())
    by_id = {c.id: c for c in source.cards}
    for key, values in [*changes.edits.items(), *changes.added.items()]:
        unknown = next((name for name in values if name not in columns), None)
        if unknown is not None:
            card = by_id.get(key)
            name = (card.name if card is not None else (changes.base.get(key) or values).get("name", "").strip()
                    or ("The new card" if key in changes.added else key[:40]))
            raise PageError(f"{name}: the page sent a value for a box this deck does not have "
                            f"(‘{unknown[:40]}’), so nothing was changed. Its boxes may have been changed "
                            "in another window since this page loaded them: reload the page.", key, unknown)
    moved = version is None or version != source.version
    for key in [*changes.edits, *changes.deleted]:
        if key not in by_id and not (moved and key in changes.base):
            raise PageError(f"The page sent changes to a card this deck does not have (‘{key[:40]}’), so "
                            "nothing was changed. Reload the page to see the deck as it is now.", key)


def apply(source: DeckSource, changes: Changes, conflicts_allowed: bool = False, version: str | None = None) -> Applied:
    """The page's changes made on deck.yaml as it is now (`version`: the deck's as the page loaded
    it, when sent). Conflicts are refused (409) unless `conflicts_allowed` (a preview shows the
    page's own values)."""
    checked(source, changes, version)
    merged = merge(source, changes, mine_on_conflict=conflicts_allowed)
    if merged.conflicts and not conflicts_allowed:
        raise _conflicts(source, merged)
    deleted = set(merged.deleted)
    by_index = {c.index: c for c in source.cards}
    for card_id, index in merged.cards.items():
        card = by_index[index]
        if index in deleted and card_id in changes.deleted:
            places = references(source.folder, [card.id])
            if places:
                where = shown_in(source.folder, places[card.id])
                those = "those pages" if " and " in where else "that page"
                raise PageError(f"{card.name} cannot be deleted: {where} {_shows(where)} this card as a picture. "
                                f"Take the picture out of {those} first.", card_id)
    if merged.added or merged.deleted:
        problem = list_problem(source, page=True)
        if problem is not None:
            raise PageError(problem[:1].upper() + problem[1:] + ".")
    try:
        text, new_edits = compose(source, merged.edits, merged.deleted, merged.added)
    except UserError as error:
        raise _at_card(error, source, merged, changes, None) from None
    kept = [c.index for c in source.cards if c.index not in deleted]
    final = {key: kept.index(index) for key, index in merged.cards.items() if index in kept}
    for number, key in enumerate(changes.added):
        final[key] = len(kept) + number
    return Applied(source, merged, text, final)


def _conflicts(source: DeckSource, merged: Merged) -> PageError:
    """The conflicts of a save, said in plain words with both values, the difference marked (the
    page's value as it would be stored: its straight quotes curly)."""
    from printgen.editing.sheets.export import compared

    items, said = [], []
    for c in merged.conflicts:
        item: dict[str, Any] = {"card": c.card, "name": c.name, "field": c.field,
                                "label": label(c.field) if c.field else None, "mine": c.mine, "theirs": c.theirs}
        if c.theirs is None:
            said.append(f"{c.name} was deleted in another window (or another program) after this page loaded it.")
        elif c.mine is None:
            said.append(f"{c.name} was changed in another window after this page loaded it, so it was not deleted.")
        else:
            kind = source.kind(c.field) if c.field in source.columns() else "text"
            mine, theirs = difference(compared(kind, c.mine), c.theirs)
            item["shown"] = {"mine": vars(mine), "theirs": vars(theirs)}
            said.append(f"The {label(c.field or '').lower()} of {c.name} was changed in another window (or another "
                        f"program) after this page loaded it: there it is \u201c{theirs.text()}\u201d, here "
                        f"\u201c{mine.text()}\u201d.")
        items.append(item)
    more = f" And {len(said) - SHOWN_CONFLICTS} more, listed below." if len(said) > SHOWN_CONFLICTS else ""
    return PageError(" ".join(said[:SHOWN_CONFLICTS]) + more + " Choose which to keep, then save again.", status=409,
                     extra={"conflicts": items, "stale": False})


def _at_card(error: UserError, source: DeckSource, merged: Merged, changes: Changes, text: str | None) -> PageError:
    """A loader (or editing) error, said of the card and box the page shows it in."""
    from printgen.editing.roundtrip import edit_of, relocate

    key, name = None, error.where.card
    if text is not None:
        index = card_at_line(text, source.folder, error.where.line)
        deleted = set(merged.deleted)
        kept = [c for c in source.cards if c.index not in deleted]
        if index is not None:
            if index < len(kept):
                key = next((k for k, i in merged.cards.items() if i == kept[index].index), kept[index].id)
                name = changes.edits.get(key, {}).get("name") or kept[index].name
            else:
                keys = list(changes.added)
                number = index - len(kept)
                key = keys[number] if number < len(keys) else None
                name = (changes.added.get(key or "", {}).get("name") or "").strip() or "The new card"
    else:
        found = edit_of(error, merged.edits, source)
        moved = relocate(error, merged.edits, source)
        card = next((c for c in source.cards if c.index == found[0].card), None) if found else \
            next((c for c in source.cards if c.name == moved.where.card), None)
        if card is not None:
            key = next((k for k, i in merged.cards.items() if i == card.index), card.id)
        elif moved.where.card:            # a value typed into a card the page adds
            key = next((k for k, values in changes.added.items()
                        if (values.get("name") or "").strip() == moved.where.card), None)
    if key is None and error.where.card is None and error.where.file is not None:
        return PageError(file_problem(error, source.folder))
    return PageError(page_message(error, source.folder, name, source.columns()), key, error.where.field)


def check(applied: Applied, changes: Changes) -> Deck:
    """The deck as the new text loads, or the first problem said of its card and box."""
    source, text = applied.source, applied.text
    final = DeckSource(source.folder, text)
    seen: dict[str, int] = {}
    for at, card in enumerate(final.cards):       # a name twice: said of the card given it here
        if card.id in seen:
            culprit = final.cards[_renamed(applied, final, seen[card.id], at)]
            error = UserError(f"another card is already called '{card.name}'",
                              Where(source.file, culprit.node.start_mark.line + 1, culprit.name, "name"),
                              "give each card a name of its own")
            raise _at_card(error, source, applied.merged, changes, text)
        seen[card.id] = at
    try:
        return source.check(text)
    except UserError as error:
        failed = error
    problem = _at_card(failed, source, applied.merged, changes, text)
    if problem.card is None:
        problem = _whole_deck(applied, changes, failed) or problem
    raise problem


def _renamed(applied: Applied, final: DeckSource, first: int, second: int) -> int:
    """Of two cards of the new text with one name, the one whose name changed here (or a new
    card): the page's box to say it in, wherever it stands in the deck. The cards of the text
    are the deck's cards as they were, less those deleted, in order, then the cards added."""
    deleted = set(applied.merged.deleted)
    kept = [c for c in applied.source.cards if c.index not in deleted]
    unchanged = second < len(kept) and kept[second].name == final.cards[second].name
    return first if unchanged else second


def _whole_deck(applied: Applied, changes: Changes, error: UserError) -> PageError | None:
    """A problem of the deck as a whole (a pack's count) that the page's changes cause, said as
    such: of its new or deleted cards, else of the cards it changed. None when the deck's file has
    the problem without them (it was changed outside the page: file_problem says so)."""
    source, merged = applied.source, applied.merged
    try:
        source.check(source.text)
    except UserError:
        return None
    try:
        source.check(source.apply(merged.edits) if merged.edits else source.text)
    except UserError:
        changed = {e.card for e in merged.edits}
        what = [f"the changes to {c.name}" for c in source.cards if c.index in changed]
        undo = "Change the card back"
    else:
        what = [f"{c.name} deleted" for c in source.cards if c.index in merged.deleted]
        what += [f"the new card {card.values.get('name') or ''} added".replace("  ", " ") for card in merged.added]
        undo = "Keep the card as it was"
    if not what:
        return None
    line = f" (line {error.where.line} of the deck's file)" if error.where.line else ""
    return PageError(sentence(f"with {joined(what)}, the deck cannot be saved: {error.message}{line}") +
                     f" {undo}, or change that part of the deck's file first.")


def preview(source: DeckSource, key: str, changes: Changes) -> dict[str, Any]:
    """The card as the PDF draws it, with the page's unsaved changes, and its warnings."""
    from printgen.draw.build import BuildOptions
    from printgen.draw.preview import card_pdf, rasterise

    applied = apply(source, changes, conflicts_allowed=True)
    deck = check(applied, changes)
    index = applied.final.get(key)
    if index is None:             # a card without changes: found by its id in the new text
        index = next((c.index for c in DeckSource(source.folder, applied.text).cards if c.id == key), None)
    if index is None:
        raise PageError("This card is no longer in the deck (deleted in another window?). Reload the page to see "
                        "the deck as it is now.", key, status=409, extra={"stale": True})
    assert deck.source is not None, "a deck loaded from its file keeps the file as read"
    line = deck.source.line_of(("cards", index))
    card = next(c for c in deck.cards if c.where.line == line and c.where.file == deck.source.file)
    warnings: list[Warning_] = []
    png = rasterise(card_pdf(deck, BuildOptions(), card, False, warnings=warnings), 0, PREVIEW_DPI)
    elements = _element_fields(deck)
    said = []                    # once each: the card's two corner indexes give the same warning
    for w in warnings:
        item = {"field": elements.get(w.where.field or "", w.where.field if w.where.field in deck.fields else None),
                "message": sentence(w.message)}
        if item not in said:
            said.append(item)
    return {"image": "data:image/png;base64," + base64.b64encode(png).decode("ascii"), "warnings": said}


def _element_fields(deck) -> dict[str, str]:
    """Which card field each layout element prints (`{{ card.caption }}` -> caption), so a
    warning about the caption element is shown beside the caption box."""
    from printgen.model.layouts import load_layout

    try:
        layout = load_layout(deck.layout, deck)
    except UserError:
        return {}
    found: dict[str, str] = {}
    for side in (layout.spec.face, layout.spec.back):
        for name, element in side.items():
            if element is None:
                continue
            match = re.search(r"card\.(\w+)", str(element.model_dump()))
            if match and match.group(1) in deck.fields:
                found.setdefault(name, match.group(1))
    return found


def save(source: DeckSource, changes: Changes, version: Any) -> dict[str, Any]:
    """Write the page's changes into deck.yaml (merged with any change made since the page loaded)."""
    applied = apply(source, changes, version=version if isinstance(version, str) else None)
    check(applied, changes)
    merged = applied.merged
    count = len(merged.edits) + len(merged.deleted) + len(merged.added)
    elsewhere = version != source.version          # the file changed since the page loaded it: kept as it is
    if applied.text == source.text:
        return {"version": source.version, "saved": 0, "elsewhere": elsewhere, "said": _saved(elsewhere, False)}
    source.save(applied.text)
    return {"version": DeckSource(source.folder).version, "saved": count, "added": len(merged.added),
            "deleted": len(merged.deleted), "elsewhere": elsewhere, "said": _saved(elsewhere, True)}


def _saved(elsewhere: bool, written: bool) -> str:
    """What the page says after a save: in a teacher's words, no file's name (the copy kept of the
    deck as it was is deck.yaml.bak, in the deck's folder)."""
    said = "Saved."
    if written:
        said += " A copy of the deck as it was before is kept in its folder, in case you want it back."
    if elsewhere:
        said += " Changes made in another window since this page opened were kept too."
    return said
