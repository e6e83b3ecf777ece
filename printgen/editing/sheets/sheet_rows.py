"""Which card each row of an imported sheet is: an existing card, a new one, or one deleted since.

Names make ids, so a rename (in this sheet, another one, or deck.yaml) moves ids between cards.
A row exported by printgen carries a check cell (sheet_merge.py) and is matched by its content;
a row without an id is a new card, unless an earlier import of the same sheet already added it
(the record says so) or its name is that of a card left without a row (an id emptied by mistake).
A row whose id is no card's but whose values are those of a card left without a row is that card
with its id typed over: refused, since taking it for a new card would delete the old one.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from printgen.editing.sheets.export import compared
from printgen.editing.sheets.sheet_merge import Check, Record, fingerprint
from printgen.files.errors import UserError, Where, did_you_mean
from printgen.files.sheets import ID
from printgen.model.load import slug

if TYPE_CHECKING:
    from printgen.editing.roundtrip import DeckSource, RawCard

ADDED = "+"        # the record's key of a row that added a card: '+' and the card's id when added


@dataclass
class Row:
    """One row of the sheet, as import reads it."""

    number: int
    id: str                         # as typed; '' for a new card
    typed: dict[str, str]           # column -> the cell as it is to be written
    cells: dict[str, str]           # column -> the cell as compared with deck.yaml
    check: Check | None

    @property
    def name(self) -> str:
        return self.typed.get("name", "").strip()


def find_card(source: DeckSource, record: Record, row: Row, taken: dict[str, int] | set[str],
              path: Path) -> RawCard | None:
    """The card a row with an id is, or None when its card was deleted from deck.yaml since the
    export; UserError when the id is no card's (read_sheet decides whether that is a new card).

    A checked row is matched by its content: how many of its card's values are still those the
    row held when exported or last imported (the check, the record). The card its id names now
    (or named after this sheet's last import) is taken unless another card matches better; a row
    whose check is its own but matches no card well was deleted. An unchecked row goes by its id."""
    row_id, cells, check, number = row.id, row.cells, row.check, row.number
    by_id = {card.id: card for card in source.cards}
    if check is None:
        if row_id in by_id:
            return by_id[row_id]
        raise UserError(f"no card of this deck has the id '{row_id}'", Where(path, row=number, column=ID),
                        unknown_id_hint(row_id, cells, source.cards))
    if not any(check.had(row_id, k, v) for k, v in cells.items()) and record.base(check.export, row_id) is None:
        if row_id in by_id:               # its check is not its own: read_sheet says so
            return by_id[row_id]
        raise UserError(f"no card of this deck has the id '{row_id}'", Where(path, row=number, column=ID),
                        unknown_id_hint(row_id, cells, source.cards))      # the id was typed over

    def score(card) -> tuple[int, int]:
        """(values of the card the row held, values the card has) over the sheet's columns."""
        filled = [k for k in cells if card.values.get(k, "")]
        return sum(record.held(check, row_id, k, compared(source.kind(k), card.values[k])) for k in filled), len(filled)
    named = [c for c in (by_id.get(record.card_for(check.export, row_id) or ""), by_id.get(row_id))
             if c is not None and c.id not in taken]
    for card in named:                    # the usual case: every value of the card is one the row held
        hits, filled = score(card)
        if hits and hits == filled:
            return card
    # a rename moved the ids: score every card (once, and only here: a card a row, not a row a card)
    scored = sorted(((score(c)[0], c.index) for c in source.cards if c.id not in taken), reverse=True)
    for card in named:
        hits = score(card)[0]
        if hits >= 1 and hits >= (scored[0][0] if scored else 0):
            return card
    if scored and scored[0][0] >= 2 and (len(scored) == 1 or scored[1][0] < scored[0][0]):
        return next(c for c in source.cards if c.index == scored[0][1])
    return None


def added_before(source: DeckSource, record: Record, export: str | None, row: Row, taken) -> tuple[str, Any] | None:
    """(record key, card) when an earlier import of this sheet added the card this row without an
    id (or with an id of its own making) holds: the row is that card now, not another new one.
    Found by content, so a row edited since is still found."""
    if export is None or not record.knows(export):
        return None
    by_id = {card.id: card for card in source.cards}
    best: tuple[int, str, Any] | None = None
    for key, card_id in record.cards_of(export).items():
        card = by_id.get(card_id)
        base = record.base(export, key)
        if not key.startswith(ADDED) or card is None or card.id in taken or not base:
            continue
        filled = [(k, v) for k, v in row.cells.items() if v.strip()]
        hits = sum(base.get(k) == fingerprint("", k, v) for k, v in filled)
        if hits and hits * 2 >= len(filled) and (best is None or hits > best[0]):
            best = (hits, key, card)
    return (best[1], best[2]) if best else None


def _best_match(cells: dict[str, str], cards) -> tuple[Any, list[str]]:
    """The card of those given whose values the row holds (its name, or more than half its filled
    cells), with the columns that agree; (None, []) when no card does."""
    filled = {k: v for k, v in cells.items() if v.strip()}
    best, same = None, []  # type: tuple[Any, list[str]]
    for card in cards:
        equal = [k for k, v in filled.items() if card.values.get(k, "") == v]
        if len(equal) > len(same):
            best, same = card, equal
    if best is not None and ("name" in same or len(same) * 2 > len(filled)):
        return best, same
    return None, []


def same_card(row: Row, cards) -> Any:
    """The card of those given that a row with an unknown id holds (its id typed over), or None."""
    return _best_match(row.cells, cards)[0]


def unknown_id_hint(card_id: str, cells: dict[str, str], cards) -> str:
    """What to do about a row whose id is no card's. Most often the id was edited: the row's
    other cells (its name, when left alone) say which card the row was exported for, and a
    'did you mean' on the id alone would point at the wrong card (william-2 is not william-i)."""
    rule = "the id column says which card a row is and must not be edited, even when you change the name"
    best, same = _best_match(cells, cards)
    if best is not None:
        which = f"this row's name, '{best.name}'," if "name" in same else \
            f"this row's {', '.join(same[:3])} {'is' if len(same) == 1 else 'are'} those of '{best.name}', which"
        return f"{rule}: {which} is the card with the id '{best.id}'; put that id back"
    close = did_you_mean(card_id, [c.id for c in cards])
    return f"{rule}; {close}" if close else f"{rule}; to add a card, leave the id of its row empty"


def name_clashes(source: DeckSource, edits: list, rows_of: dict[str, int], added: list[Row], deleted: set[int],
                 path: Path) -> list[UserError]:
    """Two cards may not share a name (a card's id is made from it): a renamed row or a new row
    that takes another card's name is refused at its cell, in the sheet's words."""
    names: dict[tuple[str, int], str] = {("card", c.index): c.name for c in source.cards if c.index not in deleted}
    typed: dict[tuple[str, int], Where] = {}
    for edit in edits:
        if edit.field == "name" and edit.text.strip() and ("card", edit.card) in names:
            names[("card", edit.card)] = edit.text.strip()
            typed[("card", edit.card)] = edit.where
    for number, row in enumerate(added):
        if row.name:
            names[("new", number)] = row.name
            typed[("new", number)] = Where(path, row=row.number, card=row.name, column="name")
    rows = {("card", c.index): rows_of.get(c.id) for c in source.cards}
    rows.update({("new", n): row.number for n, row in enumerate(added)})
    problems = []
    for key, where in typed.items():
        other = next((k for k, name in names.items() if k != key and slug(name) == slug(names[key])), None)
        if other is None:
            continue
        at = f" (row {rows[other]})" if rows.get(other) else " (it has no row in the sheet)"
        problems.append(UserError(f"'{names[key]}' is already the name of another card, '{names[other]}'{at}", where,
                                  "give each card a name of its own; to delete a card, delete its row"))
    return problems
