"""Edit card values in deck.yaml in place, keeping every other character of the file.

A teacher's deck.yaml is full of comments, aligned columns and hand-chosen quoting. A
round-trip library that re-emits the whole document (ruamel.yaml) keeps the comments but
re-aligns `name:    {type: text}` and the flow lists of the shipped decks, so a one-word change
would rewrite dozens of lines. Instead the YAML parser's own marks give the exact characters
of every card value, and an edit replaces only those characters (or adds or removes one
`key: value`). The result is parsed again and compared with what was intended before it can be
saved: an edit that would change anything else is a bug, refused rather than written.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Sequence
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from printgen.files.errors import UserError, Where
from printgen.files.paths import DECK_FILE
from printgen.files.schema import FieldSpec
from printgen.files.smart_quotes import straighten
from printgen.files.yaml_core import compose_nodes
from printgen.files.yamlsrc import parse_yaml, read_source
from printgen.model.deck import Deck
from printgen.model.load import find_deck, load_deck, slug

COUNT = "count"           # the copies of a card: a column like a field's, though not declared as one
COLLECTIONS = ("ability",)  # field types whose value is a record, edited as its YAML text


@dataclass
class Edit:
    """One value to change: the card (its place in `cards:`), the field, the new text as typed
    ('' removes the value) and where the new text came from, for error messages."""

    card: int
    field: str
    text: str
    where: Where = dataclasses.field(default_factory=Where)   # `field` is the attribute above, here


@dataclass
class _Pair:
    key: yaml.Node
    value: yaml.Node


@dataclass
class RawCard:
    """A card as deck.yaml writes it: its values as text, and where they are in the file."""

    index: int
    id: str
    name: str
    values: dict[str, str]              # field -> the value as a teacher would type it
    node: yaml.MappingNode
    pairs: dict[str, _Pair]


def version_of(data: bytes) -> str:
    """A short fingerprint of a file's bytes: two saves from the same version collide on it."""
    return hashlib.sha256(data).hexdigest()[:20]


class DeckSource:
    """deck.yaml as text, with the place of every listed card's values in it."""

    def __init__(self, ref: str | Path, text: str | None = None):
        self.folder = find_deck(str(ref))
        self.file = self.folder / DECK_FILE
        self.text = read_source(self.file) if text is None else text
        self.version = version_of(self.text.encode("utf-8"))
        located = parse_yaml(self.text, self.file)          # refuses what the loader refuses, at its line
        self.data = located.data if isinstance(located.data, dict) else {}
        self.located = located
        self.cards_key: yaml.ScalarNode | None = None
        self.cards_node: yaml.SequenceNode | None = None
        raw_fields = self.data.get("fields")
        if not isinstance(raw_fields, dict):
            raw_fields = {}
        self.fields: dict[str, FieldSpec] = {}
        for name, spec in raw_fields.items():
            with suppress(Exception):       # the loader reports a bad field properly; check() runs it
                self.fields[str(name)] = FieldSpec.model_validate(spec)
        self.cards: list[RawCard] = self._cards()

    # --- reading ------------------------------------------------------------------------------

    def _cards(self) -> list[RawCard]:
        cards_data = self.data.get("cards")
        if not isinstance(cards_data, list):
            return []
        root = compose_nodes(straighten(self.text))   # positions as the loader sees them
        if not isinstance(root, yaml.MappingNode):      # (it is: the data has `cards:`)
            return []
        key, node = next(((k, v) for k, v in root.value if isinstance(k, yaml.ScalarNode) and k.value == "cards"),
                         (None, None))
        if not isinstance(node, yaml.SequenceNode):
            return []
        self.cards_key, self.cards_node = key, node       # where cards are added and deleted (cardlist.py)
        cards = []
        for index, (item, raw) in enumerate(zip(node.value, cards_data)):
            if not isinstance(item, yaml.MappingNode) or not isinstance(raw, dict):
                continue
            pairs = {str(k.value): _Pair(k, v) for k, v in item.value if isinstance(k, yaml.ScalarNode)}
            values = {str(k): self._as_text(index, str(k), v, pairs.get(str(k))) for k, v in raw.items()}
            name = str(raw.get("name") if raw.get("name") is not None else f"number {index + 1}")
            cards.append(RawCard(index, slug(name), name, values, item, pairs))
        return cards

    def _as_text(self, index: int, key: str, value: Any, pair: _Pair | None) -> str:
        if value is None:
            return ""
        if isinstance(value, bool):
            return "true" if value else "false"
        if isinstance(value, (int, float)):
            return self.located.as_written(("cards", index, key)) or str(value)
        if isinstance(value, (dict, list)):
            if pair is None:
                return json.dumps(value, ensure_ascii=False)
            return " ".join(self.text[pair.value.start_mark.index:pair.value.end_mark.index].split())
        return str(value)

    def columns(self) -> list[str]:
        """The fields a spreadsheet shows: every declared field, and `count` when a card uses it."""
        names = list(self.fields)
        if any(COUNT in c.values for c in self.cards):
            names.append(COUNT)
        return names

    def kind(self, field_name: str) -> str:
        return "number" if field_name == COUNT else self.fields[field_name].type

    # --- editing ------------------------------------------------------------------------------

    def apply(self, edits: list[Edit]) -> str:
        """The deck.yaml text with the edits made (a text field's straight quotes made typographic).

        Raises UserError (at the edit's place) for a value that cannot be written, such as a
        record that is not one line of {...}."""
        from printgen.draw.text import typographic

        by_index = {c.index: c for c in self.cards}
        changes: list[tuple[int, int, str]] = []
        expected = json.loads(json.dumps(self.data.get("cards"), default=str))
        for edit in edits:
            card = by_index[edit.card]
            text = edit.text.replace("\r\n", "\n").replace("\r", "\n")
            kind = self.kind(edit.field)
            if text == card.values.get(edit.field, ""):
                continue           # unchanged as typed: the file keeps its own spelling
            if kind == "text":
                text = typographic(text)
            pair = card.pairs.get(edit.field)
            flow = bool(card.node.flow_style)
            if text.strip() == "" and kind != "text" or (text == "" and kind == "text"):
                change = self._remove(card, edit, pair)
                if change is None:
                    continue
                changes.append(change)
                if change[2]:                   # left as "" on the line that opens the card
                    expected[edit.card][edit.field] = ""
                else:
                    expected[edit.card].pop(edit.field, None)
                continue
            style = pair.value.style if pair is not None and isinstance(pair.value, yaml.ScalarNode) else '"'
            written, value = self._scalar(text, kind, flow, edit, style)
            if pair is not None:
                self._check_own(card, pair, edit)
                start, end = pair.value.start_mark.index, pair.value.end_mark.index
                if self.text[end - 1:end] == "\n":    # a block scalar ends at the next line
                    written += "\n"
                changes.append((start, end, written))
            else:
                changes.append(self._insert(card, edit.field, written))
            expected[edit.card][edit.field] = value
        changes.sort(key=lambda c: c[0], reverse=True)
        out = self.text
        for start, end, new in changes:
            out = out[:start] + new + out[end:]
        self._verify(out, expected, edits)
        return out

    def _check_own(self, card: RawCard, pair: _Pair, edit: Edit) -> None:
        start = pair.value.start_mark.index
        if not card.node.start_mark.index <= start <= card.node.end_mark.index:
            raise UserError(f"the {edit.field} of '{card.name}' is shared with another place in deck.yaml "
                            "(a YAML alias), so it cannot be changed from here", edit.where,
                            "change it in deck.yaml itself")
        if isinstance(pair.value, yaml.CollectionNode) and not pair.value.flow_style:
            raise UserError(f"the {edit.field} of '{card.name}' is written over several lines in deck.yaml, "
                            "so it cannot be changed from here", edit.where, "change it in deck.yaml itself")

    def _scalar(self, text: str, kind: str, flow: bool, edit: Edit, style: str | None) -> tuple[str, Any]:
        """How a value is written in YAML, and the value YAML will read back from it.

        Plain when that reads back as the same text (`house: Tudor`, `reign: 1509-1547`), except
        for text the file quotes (a caption stays in double quotes, as the teachers' notes say);
        else double-quoted (a JSON string is a valid YAML double-quoted scalar, escapes and all).
        Records (an ability) are written as typed, on one line, and read on their own first: what
        is wrong with one (a tag, an alias bomb) is said where it was typed, not at a line of
        deck.yaml. It may not name (&a) or use (*a) a shared value: inside deck.yaml, either would
        reach values outside the record."""
        place = self.typed_at(edit)
        _check_characters(text, place)
        if kind in COLLECTIONS:
            try:
                value = self._read(text, flow)
            except UserError as error:
                raise UserError(f"the {edit.field} cannot be read: {error.message}", place, error.hint) from None
            if "\n" in text or not isinstance(value, (dict, list)):
                raise UserError(f"the {edit.field} should be a record on one line, such as "
                                "{use: ability, effects: [{do: draw, amount: 1}]}", place,
                                "copy the form of another card's value and change it")
            if _shares(text):
                raise UserError(f"the {edit.field} names or uses a shared value ('&name' or '*name'), which a value "
                                "typed here cannot", place, "write the record out in full")
            return text.strip(), value
        plain = text.strip() == text and "\n" not in text and text != "" and (kind != "text" or style is None)
        if plain:
            try:
                value = self._read(text, flow)
            except UserError:
                value = None
            if value is not None and _text_of(value) == text and (kind != "text" or isinstance(value, str)):
                return text, value
            if kind == "number" and isinstance(value, (int, float)) and not isinstance(value, bool):
                return text, value
        return json.dumps(text, ensure_ascii=False), text

    def typed_at(self, edit: Edit) -> Where:
        """Where an edit's value was typed, for its errors: the sheet's cell, or (typed in the web
        editor, which has no file) the card and field."""
        if edit.where.file is not None:       # a new card's row: the cell is the field's column
            at = edit.where
            return Where(at.file, at.line, at.card, at.field, at.row, at.column or (edit.field if at.row else None))
        card = next((c for c in self.cards if c.index == edit.card), None)
        return Where(card=edit.where.card or (card.name if card is not None else None), field=edit.field)

    def _read(self, written: str, flow: bool) -> Any:
        snippet = f"{{x: {written}}}\n" if flow else f"x: {written}\n"
        data = parse_yaml(snippet, self.file).data
        return data.get("x") if isinstance(data, dict) else None

    def _insert(self, card: RawCard, key: str, written: str) -> tuple[int, int, str]:
        node = card.node
        if node.flow_style:
            close = node.end_mark.index - 1
            at = close
            while at > 0 and self.text[at - 1] in " \t":
                at -= 1
            sep = ", " if card.pairs else ""
            return at, at, f"{sep}{key}: {written}"
        last = list(card.pairs.values())[-1]
        indent = " " * last.key.start_mark.column
        end = last.value.end_mark.index
        newline = "\r\n" if "\r\n" in self.text else "\n"     # a file saved on Windows keeps its line ends
        if self.text[end - 1:end] == "\n":
            return end, end, f"{indent}{key}: {written}{newline}"
        line_end = self.text.find("\n", end)
        line_end = len(self.text) if line_end == -1 else line_end
        if self.text[line_end - 1:line_end] == "\r":
            line_end -= 1
        return line_end, line_end, f"{newline}{indent}{key}: {written}"

    def _remove(self, card: RawCard, edit: Edit, pair: _Pair | None) -> tuple[int, int, str] | None:
        if pair is None:
            return None
        self._check_own(card, pair, edit)
        node, text = card.node, self.text
        keys = list(card.pairs.values())
        if node.flow_style:
            i = keys.index(pair)
            if i + 1 < len(keys):
                return pair.key.start_mark.index, keys[i + 1].key.start_mark.index, ""
            if i > 0:
                return keys[i - 1].value.end_mark.index, pair.value.end_mark.index, ""
            return pair.key.start_mark.index, pair.value.end_mark.index, ""
        start = pair.key.start_mark.index
        line_start = text.rfind("\n", 0, start) + 1
        if text[line_start:start].strip():      # `- caption: ...` opens the card: keep the line
            if self.kind(edit.field) == "text":
                return pair.value.start_mark.index, pair.value.end_mark.index, '""'
            raise UserError(f"the {edit.field} of '{card.name}' cannot be left empty here", edit.where,
                            "give a value, or remove it in deck.yaml")
        end = pair.value.end_mark.index
        if text[end - 1:end] != "\n":
            line_end = text.find("\n", end)
            end = len(text) if line_end == -1 else line_end + 1
        return line_start, end, ""

    def _verify(self, out: str, expected: Any, edits: list[Edit]) -> None:
        """The edited text must read as the old data with exactly the intended changes.

        When it does not, and the difference is in a value that was typed, that value is refused
        at the place it was typed (it cannot be written so that YAML reads it back as typed);
        a difference anywhere else would be a bug in this editor, raised as one."""
        try:
            after = parse_yaml(out, self.file).data
        except UserError as error:        # about a value typed: said where it was typed
            raise relocate(error, edits, self) from None
        before_rest = {k: v for k, v in self.data.items() if k != "cards"}
        after_rest = {k: v for k, v in after.items() if k != "cards"} if isinstance(after, dict) else None
        got = json.loads(json.dumps(after.get("cards"), default=str)) if isinstance(after, dict) else None
        wanted = json.loads(json.dumps(expected, default=str))
        if after_rest == before_rest and got == wanted:
            return
        if after_rest == before_rest and isinstance(got, list) and len(got) == len(wanted):
            by_index = {c.index: c for c in self.cards}
            differ = [(i, k) for i, (g, w) in enumerate(zip(got, wanted)) if isinstance(g, dict) and isinstance(w, dict)
                      for k in set(g) | set(w) if g.get(k) != w.get(k)]
            typed = {(e.card, e.field): e for e in edits}
            if differ and all(d in typed for d in differ):
                edit = typed[differ[0]]
                card = by_index[edit.card]
                where = edit.where if edit.where.file is not None else Where(self.file, card=card.name,
                                                                             field=edit.field)
                raise UserError(f"this {edit.field} cannot be written into deck.yaml so that it reads back as typed",
                                where, "change it in deck.yaml itself, or type it differently")
        raise RuntimeError("an edit of deck.yaml would have changed more than the values asked for; "
                           "nothing was written")

    # --- checking and saving ------------------------------------------------------------------

    def check(self, text: str, edits: Sequence[Edit] = ()) -> Deck:
        """The deck as it would load from `text` (every card), or the loader's error, moved to
        the place the teacher typed the value when it is about an edited value."""
        from printgen.model.load import ALL_CARDS

        try:
            return load_deck(self.folder, ALL_CARDS, text=text)
        except UserError as error:
            raise relocate(error, edits, self) from None

    def save(self, text: str, also: dict[Path, bytes] | None = None) -> Path:
        """Write the new deck.yaml, keeping the previous one as deck.yaml.bak, and the files in
        `also` (the spreadsheet import's record); all or nothing.

        Refused when the file changed since it was read (another tab, another program), so no
        edit is ever written over one it has not seen."""
        from printgen.editing.copying import DECK, refuse_shipped
        from printgen.files.output import publish

        refuse_shipped(self.folder, "saving a change", ("printgen", "serve", DECK))
        now = deck_bytes(self.folder)
        if version_of(now) != self.version:
            raise StaleError(f"{self.file.name} was changed by someone else since it was read",
                             Where(self.file), "reload it to see the other changes, then make yours again")
        backup = self.file.with_name(self.file.name + ".bak")
        publish({backup: now, self.file: text.encode("utf-8"), **(also or {})})
        return backup


def deck_bytes(folder: Path) -> bytes:
    """deck.yaml's bytes as they are now, read as every file of a deck is (printgen.files.deckfiles): an
    ordinary file inside the deck's folder, never a pipe waited on or a device read without end."""
    from printgen.files.deckfiles import read_bytes
    from printgen.files.limits import MAX_FILE_BYTES

    return read_bytes(folder / DECK_FILE, within=folder, what="deck file", limit=MAX_FILE_BYTES)


class StaleError(UserError):
    """The file changed under an edit: the edit must be made again on the new version."""


def relocate(error: UserError, edits: Sequence[Edit], source: DeckSource) -> UserError:
    """A loader error about a value that was edited, told at the place the value was typed."""
    found = edit_of(error, edits, source)
    if found is None:
        return error
    edit, card = found
    where = error.where
    if edit.where.file is None:     # typed in the editor: the loader's own words
        if card == where.card:
            return error
        return UserError(error.message, Where(where.file, where.line, card, where.field, where.row, where.column),
                         error.hint, error.sheet_hint)
    place = Where(edit.where.file, edit.where.line, card, None, edit.where.row, edit.where.column or edit.field)
    return UserError(error.message, place, error.hint, error.sheet_hint)


def edit_of(error: UserError, edits, source: DeckSource) -> tuple[Edit, str] | None:
    """The edit a loader error is about (its field, on a card the error names by its old name or
    the one the edit gives it), and the card's name to say; None when it is about no edit."""
    from printgen.draw.text import typographic

    where = error.where
    names = {c.index: {c.name} for c in source.cards}
    placeholders: dict[int, str] = {}
    for edit in edits:
        if edit.field == "name":
            names.setdefault(edit.card, set()).update({edit.text.strip(), typographic(edit.text).strip()})
            if not edit.text.strip():       # the loader calls a card with no name by its place
                placeholders[edit.card] = f"number {edit.card + 1}"
                names[edit.card].add(placeholders[edit.card])
    by_index = {c.index: c for c in source.cards}
    for edit in edits:
        if where.field == edit.field and where.card is not None and where.card in names.get(edit.card, ()):
            return edit, by_index[edit.card].name if where.card == placeholders.get(edit.card) else where.card
    return None


def _check_characters(text: str, where: Where) -> None:
    """A value must be text a file can hold and a card can print: a lone half of a character pair
    (a broken emoji sent by a page) cannot be saved as UTF-8, and an invisible control character
    (a NUL pasted into a cell) would be refused by the loader at a line of deck.yaml the teacher
    never typed; both are said where the value was typed."""
    from printgen.files.hidden_chars import describe_hidden, hidden_character

    bad = next((c for c in text if 0xD800 <= ord(c) <= 0xDFFF), None)
    if bad is not None:
        raise UserError(f"the {where.field or where.column or 'value'} holds a broken character (U+{ord(bad):04X}) "
                        "that cannot be saved", where, "delete it and type the character again")
    hidden = hidden_character(text)
    if hidden is not None:
        raise UserError(f"the {where.field or where.column or 'value'} holds {describe_hidden(hidden)}", where,
                        "delete it by typing the text again; when pasting, paste as plain text")


def _shares(text: str) -> bool:
    """Does a record's YAML name a value (&a) or use one (*a)?"""
    try:
        return any(isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None)
                   for event in yaml.parse(f"x: {text}\n"))
    except yaml.YAMLError:
        return False


def _text_of(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return "" if value is None else str(value)
