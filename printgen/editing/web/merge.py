"""A web editor's save made on top of deck.yaml as it is now, not as it was when the page loaded.

Two windows (or the editor and a text editor, or a spreadsheet import) may change deck.yaml
while a page holds unsaved changes. Refusing every save after any other change makes a teacher
retype her work for nothing when the other change was to another card. So a save is a three-way
merge, card by card and value by value: the page sends, with each change, the values the card had
when the page loaded it (the base). Where deck.yaml still has the base value, the page's value
is written; where deck.yaml already has the page's value, nothing is to do; only where deck.yaml
has a third value, changed elsewhere, is it a conflict, said with both values. A card is found
by its id, or, when renamed elsewhere, by its other values; a card deleted elsewhere is a
conflict for a page that changed it, and no change for one that deleted it too.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from printgen.editing.cardlist import NewCard
from printgen.editing.roundtrip import DeckSource, Edit, RawCard
from printgen.editing.sheets.export import compared
from printgen.files.errors import UserError, Where


@dataclass
class Conflict:
    """A value changed both on the page and elsewhere since the page loaded (or a card changed
    on the page and deleted elsewhere, `field` None; or deleted on the page and changed elsewhere)."""

    card: str                       # the card's id on the page
    name: str
    field: str | None
    mine: str | None                # None: the page deletes the card
    theirs: str | None              # None: deleted elsewhere


@dataclass
class Merged:
    """The page's changes as they apply to deck.yaml now."""

    edits: list[Edit] = field(default_factory=list)
    deleted: list[int] = field(default_factory=list)            # card indexes
    added: list[NewCard] = field(default_factory=list)
    conflicts: list[Conflict] = field(default_factory=list)
    cards: dict[str, int] = field(default_factory=dict)        # the page's card id -> card index now


@dataclass
class Changes:
    """What a page sends: its edits by card id, the base values of each card it changed or
    deleted, the cards it adds (key -> values) and the ids it deletes."""

    edits: dict[str, dict[str, str]]
    base: dict[str, dict[str, str]]
    added: dict[str, dict[str, str]]
    deleted: list[str]

    @classmethod
    def read(cls, body: Any) -> Changes:
        """The changes in a page's request; UserError for anything not shaped as the page sends it."""
        body = body if isinstance(body, dict) else {}

        def values(raw: Any) -> dict[str, dict[str, str]]:
            if raw is None:
                return {}
            if not isinstance(raw, dict) or not all(isinstance(v, dict) for v in raw.values()):
                raise UserError("the page sent changes this editor cannot read: reload the page")
            out = {}
            for key, fields in raw.items():
                if not all(isinstance(k, str) and isinstance(t, str) for k, t in fields.items()):
                    raise UserError("the page sent changes this editor cannot read: reload the page")
                out[str(key)] = dict(fields)
            return out
        deleted = body.get("deleted") or []
        if not isinstance(deleted, list) or not all(isinstance(d, str) for d in deleted):
            raise UserError("the page sent changes this editor cannot read: reload the page")
        return cls(values(body.get("edits")), values(body.get("base")), values(body.get("added")), list(deleted))


def _kind(source: DeckSource, name: str) -> str:
    return source.kind(name) if name in source.fields or name == "count" else "text"


def _key(source: DeckSource, name: str, value: str) -> str:
    """A value as it is compared: two values are the same when their keys are."""
    kind = _kind(source, name)
    return compared(kind, value.strip() if kind != "text" else value)


def _same(source: DeckSource, name: str, a: str, b: str) -> bool:
    return _key(source, name, a) == _key(source, name, b)


class _Cards:
    """The deck's cards, found by id and by their values in time independent of how many cards
    the page names: a save naming thousands of cards must not compare each with every card."""

    def __init__(self, source: DeckSource):
        self.source = source
        self.by_index = {c.index: c for c in source.cards}
        self.by_id: dict[str, RawCard] = {}
        for card in source.cards:
            self.by_id[card.id] = card
        self.holding: dict[tuple[str, str], list[int]] = {}     # (field, value's key) -> card indexes
        for card in source.cards:
            for name, value in card.values.items():
                self.holding.setdefault((name, _key(source, name, value)), []).append(card.index)

    def locate(self, card_id: str, base: dict[str, str] | None, taken: set[int]) -> RawCard | None:
        """The card the page calls `card_id`: by id while its name is still the base's, else the
        card whose values are most those of the base (renamed elsewhere), the first of equals;
        None when deleted elsewhere."""
        card = self.by_id.get(card_id)
        if card is not None and card.index in taken:
            card = None
        if base is None or (card is not None and _same(self.source, "name", card.name, base.get("name", card.name))):
            return card
        filled = {k: v for k, v in base.items() if v.strip()}
        hits: dict[int, int] = {}
        for name, value in filled.items():
            for index in self.holding.get((name, _key(self.source, name, value)), ()):
                if index not in taken:
                    hits[index] = hits.get(index, 0) + 1
        if not hits:
            return None
        best = max(hits.values())
        index = min(i for i, h in hits.items() if h == best)
        return self.by_index[index] if best * 2 > len(filled) else None


def merge(source: DeckSource, changes: Changes, mine_on_conflict: bool = False) -> Merged:
    """The page's changes against deck.yaml now (see the module's note). With `mine_on_conflict`
    (a preview: the card as the page has it), a conflicting value is the page's, still noted.
    The changes name only the deck's fields (webdeck.checked refuses others first)."""
    merged = Merged()
    cards = _Cards(source)
    taken: set[int] = set()
    for card_id in list(changes.edits) + [d for d in changes.deleted if d not in changes.edits]:
        card = cards.locate(card_id, changes.base.get(card_id), taken)
        if card is not None:
            merged.cards[card_id] = card.index
            taken.add(card.index)
    for card_id, values in changes.edits.items():
        base = changes.base.get(card_id)
        card = cards.by_index.get(merged.cards.get(card_id, -1))
        if card is None:
            merged.conflicts.append(Conflict(card_id, (base or {}).get("name", card_id), None, None, None))
            continue
        if card_id in changes.deleted:
            continue
        for name, mine in values.items():
            theirs = card.values.get(name, "")
            was = theirs if base is None else base.get(name, "")      # no base sent: taken as unchanged since
            if _same(source, name, theirs, was):
                merged.edits.append(Edit(card.index, name, mine))
            elif not _same(source, name, theirs, mine):
                merged.conflicts.append(Conflict(card_id, card.name, name, mine, theirs))
                if mine_on_conflict:
                    merged.edits.append(Edit(card.index, name, mine))
    for card_id in changes.deleted:
        card = cards.by_index.get(merged.cards.get(card_id, -1))
        if card is None:
            continue                                   # deleted elsewhere too
        base = changes.base.get(card_id)
        changed = [] if base is None else [k for k in sorted(set(base) | set(card.values))
                                           if not _same(source, k, card.values.get(k, ""), base.get(k, ""))]
        if changed:
            merged.conflicts.append(Conflict(card_id, card.name, changed[0], None, card.values.get(changed[0], "")))
        else:
            merged.deleted.append(card.index)
    for values in changes.added.values():
        merged.added.append(NewCard({k: v for k, v in values.items() if v.strip()},
                                    Where(card=values.get("name") or None)))
    return merged
