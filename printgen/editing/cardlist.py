"""Add and delete whole cards in deck.yaml, in place, in the style of the file.

A teacher adds a monarch in a spreadsheet row or with the web editor's "Add a card", and
deletes one by deleting its row or pressing "Delete". deck.yaml must then look as if she had
typed the change herself: a new card goes at the end of `cards:`, written like its neighbours
(the same indentation, the same order of keys, captions quoted as theirs are, a blank line
between cards when the file has one); a deleted card takes exactly its own lines with it, and
the notes directly above it only when they are about it (they name it): a heading such as
`# --- Normandy ---` above the first Norman king stays for the next one.

As with value edits (roundtrip.py), the new text is parsed again and compared with what was
intended (the old cards, less the deleted ones, plus the new ones) before anything is saved.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from printgen.editing.roundtrip import COUNT, DeckSource, Edit, RawCard
from printgen.files.errors import UserError, Where
from printgen.files.yamlsrc import parse_yaml

# Files of a deck folder that may name a card (`card:ID` in a rule sheet, a board, a form).
TEXT_SUFFIXES = (".md", ".yaml", ".yml", ".txt", ".html", ".j2")
MAX_SCANNED_BYTES = 2_000_000
REFERENCE = re.compile(r"(?<![\w-])(card|card-back):([A-Za-z0-9][A-Za-z0-9_-]*)")


@dataclass
class NewCard:
    """A card to add: its values as typed (field -> text, empty ones left out) and where they were
    typed (a sheet's row), for messages."""

    values: dict[str, str]
    where: Where = field(default_factory=Where)


def list_problem(source: DeckSource, page: bool = False) -> str | None:
    """Why cards cannot be added to or deleted from this deck one by one, or None when they can;
    with `page`, in the web editor's words (no YAML key: the page shows no deck.yaml)."""
    cards = source.data.get("cards")
    if isinstance(cards, str):
        return f"this deck keeps its cards in {cards}: add and delete them there"
    if not isinstance(cards, list) or source.cards_node is None:
        if source.data.get("generate") is not None and page:
            return (f"every card of this deck is made from {_made_from(source.data['generate'])}, so a single card "
                    "cannot be added or deleted here")
        if source.data.get("generate") is not None:
            return ("every card of this deck is made by its generate: rule (one for each combination of its "
                    "groups), so a single card cannot be added or deleted: change the rule or the groups in deck.yaml")
        return "this deck has no list of cards to add to"
    return None


def _made_from(generate: Any) -> str:
    """What a deck's generate rule combines, in words: 'each rank of each suit'."""
    rules = generate if isinstance(generate, list) else [generate]
    each = [r["each"] for r in rules if isinstance(r, dict) and isinstance(r.get("each"), dict)]
    if not each or not each[0]:
        return "its groups"
    names = [str(name).replace("_", " ") for name in each[0]]
    return " of ".join(f"each {name}" for name in reversed(names))


# --- where a card is named ------------------------------------------------------------------------

def references(folder: Path, ids: Iterable[str]) -> dict[str, list[tuple[Path, int]]]:
    """Where the deck's other files name each card id (`card:henry-vii` or `card-back:...` in a rule
    sheet, board or form), as (file, line): a card named there cannot be deleted without breaking
    that page's next build."""
    wanted = set(ids)
    found: dict[str, list[tuple[Path, int]]] = {}
    if not wanted:
        return found
    for path in sorted(folder.rglob("*")):
        relative = path.relative_to(folder)
        if any(part.startswith(".") for part in relative.parts) or path.suffix.lower() not in TEXT_SUFFIXES:
            continue
        if path.name == "deck.yaml" or not path.is_file() or path.stat().st_size > MAX_SCANNED_BYTES:
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        for number, line in enumerate(text.splitlines(), start=1):
            for match in REFERENCE.finditer(line):
                if match.group(2) in wanted:
                    found.setdefault(match.group(2), []).append((path, number))
    return found


def named_at(folder: Path, places: list[tuple[Path, int]]) -> str:
    """'the rule sheet rules/cromwell.md (lines 59, 61)': where a card is named, for a message."""
    lines: dict[Path, list[int]] = {}
    for path, line in places:
        lines.setdefault(path, []).append(line)
    parts = []
    for path, numbers in lines.items():
        relative = path.relative_to(folder).as_posix()
        kind = {"rules": "the rule sheet", "boards": "the board", "sheets": "the form"}.get(
            relative.split("/")[0], "the file")
        said = ", ".join(map(str, numbers[:5])) + (" ..." if len(numbers) > 5 else "")
        parts.append(f"{kind} {relative} (line{'s' if len(numbers) > 1 else ''} {said})")
    return " and ".join(parts)


# --- adding ---------------------------------------------------------------------------------------

def key_order(source: DeckSource) -> list[str]:
    """The order the file writes a card's keys in: merged from every card (a key goes after the key
    it follows in the cards that have it), then the fields no card has yet, in declared order."""
    order: list[str] = []
    for card in source.cards:
        previous: str | None = None
        for key in card.pairs:
            if key not in order:
                after = order.index(previous) + 1 if previous is not None and previous in order else len(order)
                order.insert(after, key)
            previous = key
    return order + [name for name in list(source.fields) + [COUNT] if name not in order]


def _styles(source: DeckSource) -> dict[str, str | None]:
    """How the file writes each key's value: its most usual YAML style (None plain, '"' quoted)."""
    seen: dict[str, Counter] = {}
    for card in source.cards:
        for key, pair in card.pairs.items():
            if isinstance(pair.value, yaml.ScalarNode):
                seen.setdefault(key, Counter())[pair.value.style] += 1
    styles = {key: counts.most_common(1)[0][0] for key, counts in seen.items()}
    quoted = sum(c['"'] for k, c in seen.items() if k in source.fields and source.kind(k) == "text")
    plain = sum(c[None] for k, c in seen.items() if k in source.fields and source.kind(k) == "text" and k != "name")
    for name in source.fields:       # a text field no card has yet: quoted when the file quotes its texts
        if name not in styles and source.kind(name) == "text":
            styles[name] = '"' if quoted > plain else None
    return styles


def _line_start(text: str, index: int) -> int:
    return text.rfind("\n", 0, index) + 1


def _line_end(text: str, index: int) -> int:
    """The index just after the newline ending the line that holds `index` (or the end of text)."""
    if index > 0 and text[index - 1] == "\n":
        return index
    end = text.find("\n", index)
    return len(text) if end == -1 else end + 1


def card_end(text: str, card: RawCard) -> int:
    """Just after the last line of a card's own lines (its last value, with any note on that line)."""
    if card.node.flow_style or not card.pairs:
        return _line_end(text, card.node.end_mark.index)
    last = list(card.pairs.values())[-1]
    return _line_end(text, last.value.end_mark.index)


def _blank_between(text: str, cards: list[RawCard]) -> bool:
    """Are the file's cards set apart by blank lines (the Cromwell deck's are)?"""
    if len(cards) < 2:
        return False
    votes: Counter[bool] = Counter()
    for before, after in zip(cards, cards[1:]):
        gap = text[card_end(text, before):_line_start(text, after.node.start_mark.index)]
        votes["\n" in gap.replace("\r", "") and any(not line.strip() for line in gap.splitlines())] += 1
    return votes[True] > votes[False]


def add_cards(source: DeckSource, new: list[NewCard]) -> tuple[str, list[Edit]]:
    """deck.yaml's text with the new cards at the end of `cards:`, and each new value as an Edit at
    the new card's index (so a loader error about it is told at the place it was typed)."""
    problem = list_problem(source)
    if problem is not None:
        raise UserError(problem, new[0].where if new else Where(source.file))
    text = source.text
    newline = "\r\n" if "\r\n" in text else "\n"
    order = key_order(source)
    styles = _styles(source)
    seq = source.cards_node
    assert seq is not None
    model = max(source.cards, key=lambda c: c.node.start_mark.index, default=None)
    flow_card = bool(model.node.flow_style) if model is not None else bool(seq.flow_style)
    written_cards, expected, edits = [], [], []
    base = len(source.data["cards"])
    for offset, card in enumerate(new):
        values = {k: v for k, v in card.values.items() if v.strip()}
        if "name" not in values and "name" in source.fields:
            values["name"] = ""        # a card without a name yet says so at its name, not as a card of nothing
        keys = sorted(values, key=lambda k: (order.index(k) if k in order else len(order), k))
        pairs, value = [], {}
        for key in keys:
            kind = source.kind(key) if key in source.fields or key == COUNT else "text"
            edit = Edit(base + offset, key, values[key], card.where)
            typed = values[key]
            if kind == "text":
                from printgen.draw.text import typographic

                typed = typographic(typed)
            written, parsed = source._scalar(typed, kind, flow_card or bool(seq.flow_style), edit, styles.get(key, '"'))
            pairs.append((key, written))
            value[key] = parsed
            edits.append(edit)
        written_cards.append(pairs)
        expected.append(value)
    if seq.flow_style:
        close = seq.end_mark.index - 1
        at = close
        while at > 0 and text[at - 1] in " \t\r\n":
            at -= 1
        items = ", ".join("{" + ", ".join(f"{k}: {w}" for k, w in pairs) + "}" for pairs in written_cards)
        out = text[:at] + (", " if seq.value else "") + items + text[at:]
    else:
        assert model is not None
        start = model.node.start_mark.index
        head = text[_line_start(text, start):start]            # '  - ' (or '  - {' for a flow card)
        if flow_card:
            head = head.rstrip("{")
        indent = " " * model.node.start_mark.column
        gap = newline if _blank_between(text, source.cards) else ""
        blocks = []
        for pairs in written_cards:
            if flow_card:
                blocks.append(gap + head + "{" + ", ".join(f"{k}: {w}" for k, w in pairs) + "}" + newline)
            else:
                lines = [f"{head if i == 0 else indent}{k}: {w}" for i, (k, w) in enumerate(pairs)]
                blocks.append(gap + newline.join(lines) + newline)
        at = card_end(text, model)
        prefix = "" if at == 0 or text[at - 1] == "\n" else newline
        out = text[:at] + prefix + "".join(blocks) + text[at:]
    _verify(source, out, [c for c in source.data["cards"]] + expected)
    return out, edits


# --- deleting -------------------------------------------------------------------------------------

def _names_it(comment: str, card: RawCard) -> bool:
    words = comment.lstrip("# ").lower()
    return card.name.lower() in words or re.search(rf"(?<![\w-]){re.escape(card.id)}(?![\w-])", words) is not None


def _span(text: str, card: RawCard, seq: yaml.SequenceNode) -> tuple[int, int]:
    """The characters a card's deletion removes from a block list: its lines, and the notes directly
    above it that name it; one blank line with it, so the cards around keep their spacing."""
    node = card.node
    start = _line_start(text, node.start_mark.index)
    if text[start:node.start_mark.index].strip(" \t-{") != "":
        raise UserError(f"the card '{card.name}' shares a line with something else in deck.yaml, so it cannot be "
                        "deleted from here", Where(card=card.name), "delete it in deck.yaml itself")
    end = card_end(text, card)
    lines_above = text[:start].split("\n")[:-1]
    taken = 0
    block: list[str] = []
    for line in reversed(lines_above):
        if line.strip().startswith("#"):
            block.append(line)
            continue
        break
    if block and any(_names_it(line, card) for line in block):
        taken = sum(len(line) + 1 for line in block)
    start -= taken
    before_blank = start >= 1 and text[:start].endswith(("\n\n", "\n\r\n")) or start == 0
    following = text.find("\n", end)
    next_end = len(text) if following == -1 else following + 1
    # a note above kept for the next card stays attached to it (not when a note of its own follows)
    heading = bool(block) and not taken and text[next_end:].lstrip(" \t\r\n").startswith("-")
    if end < len(text) and text[end:next_end].strip() == "" and (before_blank or heading):
        end = next_end                                   # the blank line after goes too
    elif before_blank and start > 0 and (end >= len(text) or _dedented(text, end, seq)):
        start = _line_start(text, start - 1)             # the last card: the blank line before it goes
    return start, end


def _dedented(text: str, index: int, seq: yaml.SequenceNode) -> bool:
    """Does the next line with content leave the list (a key of the file, less indented)?"""
    for line in text[index:].split("\n"):
        if line.strip() and not line.strip().startswith("#"):
            return len(line) - len(line.lstrip(" ")) < seq.start_mark.column
    return True


def delete_cards(source: DeckSource, indices: Iterable[int]) -> str:
    """deck.yaml's text without the cards at these places of `cards:` (their lines, and notes about them)."""
    gone = set(indices)
    if not gone:
        return source.text
    problem = list_problem(source)
    if problem is not None:
        raise UserError(problem, Where(source.file))
    seq = source.cards_node
    assert seq is not None and source.cards_key is not None
    text = source.text
    by_index = {c.index: c for c in source.cards}
    spans = []
    items = list(seq.value)
    for index in sorted(gone):
        card = by_index[index]
        if seq.flow_style:
            i = items.index(card.node)
            if i + 1 < len(items):
                spans.append((card.node.start_mark.index, items[i + 1].start_mark.index))
            elif i > 0:
                spans.append((items[i - 1].end_mark.index, card.node.end_mark.index))
            else:
                spans.append((card.node.start_mark.index, card.node.end_mark.index))
        else:
            spans.append(_span(text, card, seq))
    out = text
    for start, end in sorted(spans, reverse=True):
        out = out[:start] + out[end:]
    remaining = [c for i, c in enumerate(source.data["cards"]) if i not in gone]
    if not remaining and not seq.flow_style:          # no card left: an empty list, as YAML writes one
        at = source.cards_key.end_mark.index
        out = out[:at] + out[at:].replace(":", ": []", 1)
    _verify(source, out, remaining)
    return out


def compose(source: DeckSource, edits: list[Edit], deleted: list[int], added: list[NewCard]) -> tuple[str, list[Edit]]:
    """deck.yaml's text with the value edits made, the cards at `deleted` taken out and the new cards
    added at the end (in that order, each step checked), and the new cards' values as Edits at their
    places in the new text."""
    text = source.apply(edits) if edits else source.text
    new_edits: list[Edit] = []
    if deleted or added:
        text = delete_cards(DeckSource(source.folder, text), deleted)
        if added:
            text, new_edits = add_cards(DeckSource(source.folder, text), added)
    return text, new_edits


def card_at_line(text: str, folder: Path, line: int | None) -> int | None:
    """The place in `cards:` of the card whose lines hold `line` of deck.yaml's text (a loader
    error's line), or None when the line is not a card's."""
    if line is None:
        return None
    cards = DeckSource(folder, text).cards
    hit = next((c for c in reversed(cards) if c.node.start_mark.line + 1 <= line), None)
    if hit is None or text.count("\n", 0, card_end(text, hit)) < line - 1:
        return None
    return hit.index


def _verify(source: DeckSource, out: str, expected: list[Any]) -> None:
    """The new text must read as the old deck with exactly the cards intended."""
    after = parse_yaml(out, source.file).data
    before_rest = {k: v for k, v in source.data.items() if k != "cards"}
    rest = {k: v for k, v in after.items() if k != "cards"} if isinstance(after, dict) else None
    got = json.loads(json.dumps(after.get("cards") if isinstance(after, dict) else None, default=str))
    wanted = json.loads(json.dumps(expected, default=str))
    if rest == before_rest and (got == wanted or (got is None and wanted == [])):
        return
    raise RuntimeError("adding or deleting a card would have changed more of deck.yaml than that card; "
                       "nothing was written")
