"""YAML files -> validated model, with file and line in every error.

Decks declare the fields their cards carry; cards are checked against those declarations here,
so a new deck needs no Python and a teacher's typo is caught before anything is drawn.
"""

from __future__ import annotations

import re
from math import prod
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from printgen.files.deckfiles import DECK_FOLDER
from printgen.files.errors import UserError, Where, did_you_mean
from printgen.files.limits import MAX_CARDS
from printgen.files.paths import DECK_FILE
from printgen.files.schema import DeckHeader, FieldSpec, Generate, GroupEntry, Pack
from printgen.files.schema_errors import schema_error
from printgen.files.yamlsrc import Located, load_yaml, parse_yaml
from printgen.model.card_values import (
    COUNT_KEY,
    MAX_COPIES,
    check_ability,
    check_value,
    copies,
    exempt,
    exemption_text,
    starts_with_hash,
    value_key,
)
from printgen.model.deck import Card, Deck, Group
from printgen.model.finding import find_deck as find_deck
from printgen.model.finding import shipped_decks as shipped_decks

if TYPE_CHECKING:
    from jinja2 import Template

# --- finding things: printgen/model/finding.py (named here too) ----------------------------

# --- decks ------------------------------------------------------------------------------------

def slug(name: str) -> str:
    """A file- and URL-safe id for a card name ('Henry VIII' -> 'henry-viii')."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "card"


ALL_CARDS = "*"


def load_deck(name_or_path: str | Path, pack: str | None = None, *, text: str | None = None) -> Deck:
    """Read and check a deck; raise one UserError for the first problem found.

    A deck with packs gives the cards of one pack: `pack`, or the first one; ALL_CARDS gives
    every card. Every pack's composition is checked whichever is asked for. `text` stands for
    the deck.yaml not yet saved (the editor and `printgen import` check an edit before writing it).
    """
    folder = find_deck(str(name_or_path))
    located = (load_yaml(folder / DECK_FILE, within=folder, what="deck file", place=DECK_FOLDER) if text is None
               else parse_yaml(text, folder / DECK_FILE))
    data = _deck_data(located)
    header = _deck_header(located, data)
    groups = {g: _load_group(located, g) for g in _group_names(header)}
    cards = _deck_cards(located, folder, data.get("cards"), header, groups)
    packs = list(header.packs)
    for pack_name, pack_spec in header.packs.items():
        _check_pack(located, header, groups, pack_name, pack_spec, _select(cards, pack_spec))
    chosen: str | None = None
    if packs and pack != ALL_CARDS:
        chosen = pack if pack is not None else packs[0]
        if chosen not in header.packs:
            raise UserError(f"the deck '{folder.name}' has no pack '{chosen}'",
                            hint=did_you_mean(chosen, packs) or "packs: " + ", ".join(packs))
        cards = _select(cards, header.packs[chosen])
        for index, card in enumerate(cards):
            card.index = index
    return Deck(folder.name, header.title, header.subtitle, folder, located.file, header.layout, header.card_size,
                dict(header.fields), groups, cards, games=list(header.games), pack=chosen, packs=packs,
                source=located)


def _deck_data(located: Located) -> dict[str, Any]:
    """The deck file's settings, refused when it is empty, not a mapping, or holds a key that is
    neither a setting nor one of its declared groups."""
    data = located.data
    if data is None:
        raise UserError(f"{DECK_FILE} is empty: it holds nothing, or only notes starting with '#'",
                        Where(located.file, 1),
                        "a deck needs at least 'title:', 'fields:' (what each card carries) and 'cards:' (the cards, "
                        "or a 'generate:' rule); start from a copy of a shipped deck, such as decks/cromwell/deck.yaml")
    if not isinstance(data, dict):
        raise UserError("a deck file must be a list of 'key: value' settings (title, fields, cards, ...)",
                        located.where(()))
    header_keys = set(DeckHeader.model_fields)
    if "fields" in data and not isinstance(data["fields"], dict):
        # said before unknown keys: without fields, the deck's groups ('houses:') would look unknown
        raise UserError("'fields' should hold one line per field, 'name: {type: ...}', without a '- ' in front",
                        located.where(("fields",)),
                        "write the fields as in a new deck (printgen new shows one): '  name: {type: text}', "
                        "'  house: {type: group, group: houses}'")
    # Unknown keys first: a misspelt 'titel' should be reported as such, not as a missing 'title'.
    raw_fields = data.get("fields")
    if not isinstance(raw_fields, dict):
        raw_fields = {}
    declared_groups = {f.get("group") for f in raw_fields.values() if isinstance(f, dict) and f.get("type") == "group"}
    allowed = header_keys | {g for g in declared_groups if isinstance(g, str)} | {"cards"}
    for key in data:
        if key not in allowed:
            raise UserError(f"'{key}' is not a setting in the deck", located.where((key,)),
                            did_you_mean(str(key), allowed) or "allowed: " + ", ".join(sorted(allowed)))
    return data


def _deck_header(located: Located, data: dict[str, Any]) -> DeckHeader:
    """Everything in the deck file but its cards, checked: the settings against the schema, then
    what the schema cannot see (a title cut by a note, a group field naming no group, an
    `except_when` naming no field)."""
    header_keys = set(DeckHeader.model_fields)
    try:
        header = DeckHeader.model_validate({k: v for k, v in data.items() if k in header_keys})
    except ValidationError as exc:
        raise schema_error(exc, located, what="in the deck") from None
    for key in ("title", "subtitle"):       # words printed on every sheet, cut at a ' #' by YAML
        note = located.noted.get((key,))
        if note is not None:
            raise UserError(f"the {key} stops before '{note[:40]}': in YAML ' #' starts a note, so the rest of "
                            f"the line is not part of the {key}", located.where((key,), field=key),
                            "put the whole text in double quotes; a note of your own goes on a line of its own")
    for field_name, spec in header.fields.items():
        if spec.type == "group" and not spec.group:
            raise UserError("a field of type 'group' needs 'group: NAME' (the list its values come from)",
                            located.where(("fields", field_name)))
    for field_name, spec in header.fields.items():
        for other in spec.except_when:
            if other not in header.fields:
                raise UserError(f"'except_when' of '{field_name}' names '{other}', which is not a field",
                                located.where(("fields", field_name)), did_you_mean(str(other), header.fields))
    return header


def _group_names(header: DeckHeader) -> list[str]:
    """The lists of groups the deck's group fields take their values from (each named: checked)."""
    return [spec.group for spec in header.fields.values() if spec.type == "group" and spec.group]


def _deck_cards(located: Located, folder: Path, cards_data: Any, header: DeckHeader,
                groups: dict[str, list[Group]]) -> list[Card]:
    """Every card of the deck, generated ones first, then the listed ones (from deck.yaml or the
    spreadsheet it names), each with its copies; numbered, and refused on a duplicate name."""
    if cards_data is None and header.generate is not None:
        cards_data = []
    if not isinstance(cards_data, (list, str)) or (not cards_data and header.generate is None):
        raise UserError("the deck needs a 'cards:' list with at least one card (or a 'generate:' rule, or the name of "
                        "a spreadsheet holding the cards, such as cards.xlsx)",
                        located.where(("cards",)))
    generated = _count_generated(located, header, groups)
    made = _generate(located, header, groups) if header.generate is not None else []
    cards: list[Card] = []
    seen: dict[str, Card] = {}
    source = located
    if isinstance(cards_data, str):      # `cards: cards.xlsx`: the cards are rows of a spreadsheet
        from printgen.model.sheet_cards import sheet_cards

        source = sheet_cards(folder, cards_data, header.fields, located.where(("cards",), field="cards"))
        cards_data = source.data["cards"]
    _count_listed(located, cards_data, generated)
    listed = [copy for i, raw in enumerate(cards_data)
              for copy in copies(source, _load_card(source, folder, header.fields, groups, i, raw), i, raw)]
    for card in made + listed:
        if card.id in seen:
            other = seen[card.id]
            place = f"row {other.where.row}" if other.where.row else f"line {other.where.line}"
            raise UserError(f"this card is a duplicate: '{other.name}' is already on {place}",
                            card.where, "give each card a different name, or delete one of them")
        seen[card.id] = card
        card.index = len(cards)
        cards.append(card)
    return cards


def _rules(header: DeckHeader) -> list[tuple[Generate, tuple[Any, ...]]]:
    """Each generate: rule with its path in deck.yaml (one rule, or a list of them)."""
    if isinstance(header.generate, list):
        return [(rule, ("generate", i)) for i, rule in enumerate(header.generate)]
    return [(header.generate, ("generate",))] if header.generate is not None else []


def _count_generated(located: Located, header: DeckHeader, groups: dict[str, list[Group]]) -> int:
    """How many cards the generate: rules make, worked out before any is made: a rule over 200
    suits and 1,000 ranks would otherwise build for minutes and gigabytes before anything said so.
    Refused at the rule that takes the deck past MAX_CARDS."""
    total = 0
    for rule, path in _rules(header):
        sizes = [(len(groups[g]), g) for g in rule.each.values() if g in groups]
        count = prod(n for n, _ in sizes)
        total += count
        if total > MAX_CARDS:
            made = " x ".join(f"{n:,} {g}" for n, g in sizes)
            so = f", so the deck would have {total:,}" if total != count else ""
            raise UserError(f"this generate: rule makes {count:,} cards ({made}){so}; a deck may have at most "
                            f"{MAX_CARDS:,} cards", located.where(path),
                            "a real deck has a few hundred cards at most: check the lists the rule combines (a list "
                            "pasted twice, or the wrong list?)")
    return total


def _count_listed(located: Located, cards_data: list[Any], generated: int) -> None:
    """The listed cards (each `count:` copies counted) and the generated ones together, refused at
    the `cards:` line past MAX_CARDS, before any card is checked: a pasted list of 10,000 cards
    would otherwise be checked card by card for a minute first."""
    listed = 0
    for raw in cards_data:
        count = raw.get(COUNT_KEY, 1) if isinstance(raw, dict) else 1
        valid = isinstance(count, int) and not isinstance(count, bool) and 1 <= count <= MAX_COPIES
        listed += count if valid else 1          # a wrong count is refused at its card later
    if generated + listed > MAX_CARDS:
        besides = f", and the generate: rules make {generated:,} more" if generated else ""
        raise UserError(f"the deck lists {listed:,} cards{besides}; a deck may have at most {MAX_CARDS:,} cards",
                        located.where(("cards",)), "a real deck has a few hundred cards at most: check that "
                        "nothing was pasted twice, and the 'count:' lines")


def _compiled(source: str, located: Located, path: tuple[Any, ...]) -> Template:
    """A generate: rule's name or id template, compiled; a mistake said plainly at its line."""
    from jinja2 import TemplateSyntaxError

    from printgen.model.sandbox import environment
    from printgen.model.template_words import syntax_error

    try:
        return environment().from_string(source)
    except TemplateSyntaxError as exc:
        said = syntax_error(exc, source)
        raise UserError(f"the generate: {path[-1]} template has a mistake: {said.words} (in '{source}')",
                        located.where(path, field=f"generate.{path[-1]}"), said.hint) from None


def _generate(located: Located, header: DeckHeader, groups: dict[str, list[Group]]) -> list[Card]:
    """The cards of the `generate:` rules: one for every combination of each rule's groups."""
    return [card for rule, path in _rules(header) for card in _generate_rule(located, header, groups, rule, path)]


def _generate_rule(located: Located, header: DeckHeader, groups: dict[str, list[Group]], rule: Generate,
                   path: tuple[Any, ...]) -> list[Card]:
    """The cards of one rule, each also given the rule's fixed `set:` values."""
    from itertools import product

    where = located.where(path)
    fields = header.fields
    for field_name, group in rule.each.items():
        spec = fields.get(field_name)
        if spec is None or spec.type != "group" or spec.group != group:
            raise UserError(f"'{field_name}: {group}' in generate: needs a field '{field_name}' of type group "
                            f"with 'group: {group}'", where)
    fixed: dict[str, Any] = {}
    for field_name, value in rule.set.items():
        spot = located.where(path + ("set", field_name), field=field_name)
        if field_name not in fields:
            raise UserError(f"'{field_name}' in generate: set: is not a field of this deck", spot,
                            did_you_mean(field_name, fields))
        fixed[field_name] = check_value(value, fields[field_name], field_name, spot, located.file.parent, groups)
    missing = [f for f, s in fields.items() if s.required and f not in rule.each and f not in fixed and f != "name"]
    if missing:
        raise UserError(f"generated cards would have no '{missing[0]}', which every card needs", where)
    name_template = _compiled(rule.name, located, path + ("name",))
    id_template = _compiled(rule.id, located, path + ("id",)) if rule.id else None

    def run(template: Template, key: str, context: dict[str, Any]) -> str:
        from dataclasses import replace

        from jinja2 import TemplateError

        from printgen.model.sandbox import render
        from printgen.model.template_names import Names
        from printgen.model.template_words import GENERATE, template_error

        try:
            return render(template, context)
        except TemplateError as exc:   # an unknown name, `suit.__class__`, a number or text too large
            whose = replace(GENERATE, template=f"the generate: {key}")
            said = template_error(exc, located.where(path + (key,), field=f"generate.{key}"), whose,
                                  Names(context, getattr(rule, key)))
            raise UserError(said.message, said.where, said.hint or "use the group fields: {{ suit.name }}") from None

    cards = []
    names = list(rule.each)
    for combo in product(*(groups[rule.each[f]] for f in names)):
        context = {f: g.context() for f, g in zip(names, combo)}
        context.update({f: (v.context() if isinstance(v, Group) else v) for f, v in fixed.items()})
        name = run(name_template, "name", context)
        if not name.strip():
            raise UserError("the generate: name template gives a blank name for some cards", located.where(
                ("generate", "name"), field="generate.name"),
                "use the group fields, e.g. {{ rank.label }} of {{ suit.name }}")
        values: dict[str, Any] = {f: spec.default for f, spec in fields.items()}
        values.update(fixed)
        values.update(dict(zip(names, combo)))
        values["name"] = name
        card_id = slug(run(id_template, "id", context)) if id_template else slug(name)
        cards.append(Card(card_id, 0, name, values, Where(where.file, where.line, name)))
    return cards



def _select(cards: list[Card], spec: Pack) -> list[Card]:
    def keep(card: Card) -> bool:
        for field_name, allowed in spec.only.items():
            if value_key(card.values.get(field_name)) not in {value_key(a) for a in allowed}:
                return False
        for field_name, banned in spec.leave_out.items():
            if value_key(card.values.get(field_name)) in {value_key(b) for b in banned}:
                return False
        return True
    return [c for c in cards if keep(c)]


def _check_pack(located: Located, header: DeckHeader, groups: dict[str, list[Group]], name: str, spec: Pack,
                cards: list[Card]) -> None:
    """A pack must hold exactly what it promises: so many cards, so many of each suit and rank."""
    where = located.where(("packs", name))
    for field_name in list(spec.only) + list(spec.leave_out):
        if field_name not in header.fields:
            raise UserError(f"pack '{name}' filters on '{field_name}', which is not a field of this deck", where,
                            did_you_mean(field_name, header.fields))
    expect = spec.expect
    if expect is None:
        return
    if len(cards) != expect.cards:
        raise UserError(f"the pack '{name}' should have {expect.cards} cards but has {len(cards)}", where,
                        "check the cards (or the generate: rule) and the pack's only:/leave_out: lists")
    for field_name, per in expect.per.items():
        spec_field = header.fields.get(field_name)
        if spec_field is None or spec_field.type not in ("group", "component"):
            raise UserError(f"pack '{name}': 'per: {field_name}' needs a group field", where)
        if spec_field.type == "component":       # kinds of component: counted as the cards name them
            counts = {kind: 0 for kind in (per if isinstance(per, dict) else {})}
            for card in cards:
                kind = card.values.get(field_name)
                if kind is not None:
                    counts[kind] = counts.get(kind, 0) + 1
        else:
            assert spec_field.group is not None, "a group field names its groups (checked with the header)"
            counts = {g.name: 0 for g in groups[spec_field.group]}
        for card in cards:
            value = card.values.get(field_name)
            if isinstance(value, Group):
                counts[value.name] += 1
        if isinstance(per, dict):
            unknown = [g for g in per if g not in counts]
            if unknown:
                raise UserError(f"pack '{name}': '{unknown[0]}' is not one of the {spec_field.group}", where,
                                did_you_mean(unknown[0], counts))
            wrong = [(g, n) for g, n in counts.items() if n != per.get(g, 0)]
            if wrong:
                group, count = wrong[0]
                raise UserError(f"the pack '{name}' should have {per.get(group, 0)} cards with {field_name} "
                                f"'{group}' but has {count}", where,
                                "check the cards' count: lines and the pack's expect: list")
            continue
        wrong = [(g, n) for g, n in counts.items() if n not in (0, per)] or \
                ([(g, n) for g, n in counts.items() if n == 0] if per and sum(counts.values()) == 0 else [])
        if wrong:
            group, count = wrong[0]
            raise UserError(f"the pack '{name}' should have {per} cards of each {field_name} it uses, "
                            f"but {group} has {count}", where)


def _load_group(located: Located, name: str) -> list[Group]:
    from printgen.art.symbols import known as known_symbol
    from printgen.art.symbols import names as motif_names
    from printgen.files.colours import parse_colour

    raw = located.data.get(name)
    if not isinstance(raw, list) or not raw:
        raise UserError(f"the deck needs a '{name}:' list (the cards refer to it)", located.where((name,)))
    entries: list[Group] = []
    for index, item in enumerate(raw):
        path = (name, index)
        try:
            entry = GroupEntry.model_validate(item)
        except ValidationError as exc:
            raise schema_error(exc, located, path, what=f"in an entry of '{name}'",
                               known=list(GroupEntry.model_fields)) from None
        try:
            parse_colour(entry.colour)
        except ValueError as exc:
            raise UserError(str(exc), located.where(path + ("colour",), field="colour")) from None
        if entry.emblem is not None and not known_symbol(entry.emblem):
            raise UserError(f"unknown emblem '{entry.emblem}'", located.where(path + ("emblem",), field="emblem"),
                            did_you_mean(entry.emblem, motif_names()) or "emblems: " + ", ".join(motif_names()))
        if any(e.name == entry.name for e in entries):
            raise UserError(f"'{entry.name}' is listed twice in '{name}'", located.where(path))
        entries.append(Group(entry.name, entry.colour, entry.emblem, entry.note, index, entry.label, entry.value))
    return entries


def _load_card(located: Located, folder: Path, fields: dict[str, FieldSpec], groups: dict[str, list[Group]],
               index: int, raw: Any) -> Card:
    path = ("cards", index)
    if not isinstance(raw, dict):
        raise UserError("each card must be a list of 'field: value' lines", located.where(path))
    given = raw.get("name")
    label = str(given).strip() if given is not None and str(given).strip() else f"number {index + 1}"
    for key in raw:
        if key not in fields and key != COUNT_KEY:
            raise UserError(f"'{key}' is not a field of this deck", located.where(path + (key,), label, str(key)),
                            did_you_mean(str(key), fields) or "fields: " + ", ".join(fields))
    values: dict[str, Any] = {}
    missing: list[str] = []
    for field_name, spec in fields.items():
        where = located.where(path + (field_name,), label, field_name)
        if field_name in raw and raw[field_name] is None and starts_with_hash(located, where.line):
            raise UserError(f"the {field_name} starts with '#', so YAML read the rest of the line as a note and "
                            f"the {field_name} is empty", where, "put the text in double quotes")
        if field_name not in raw or raw[field_name] is None:
            if spec.required:
                missing.append(field_name)
            values[field_name] = spec.default
            continue
        value = raw[field_name]
        note = located.noted.get(path + (field_name,)) if spec.type == "text" else None
        if note is not None:
            raise UserError(f"the {field_name} stops before '{note[:40]}': in YAML ' #' starts a note, so the rest of "
                            f"the line is not part of the {field_name}", where,
                            "put the whole text in double quotes; a note of your own goes on a line of its own")
        if spec.type == "text" and isinstance(value, (int, float)) and not isinstance(value, bool):
            value = located.as_written(path + (field_name,)) or value   # `1.50` stays "1.50", not 1.5
        if spec.type == "ability":
            values[field_name] = check_ability(value, where, located, path + (field_name,))
            continue
        values[field_name] = check_value(value, spec, field_name, where, folder, groups)
        if isinstance(values[field_name], str) and not values[field_name].strip() and \
                (spec.required or field_name == "name"):
            raise UserError(f"the {field_name} is blank, and every card needs one", where,
                            f"write the {field_name} after '{field_name}:' (between the quotes, if there are quotes)",
                            sheet_hint=f"fill in the '{field_name}' column")
    for field_name in missing:     # after every value is known, for `except_when`
        spec = fields[field_name]
        if not exempt(values, spec.except_when):
            raise UserError(f"this card has no '{field_name}', which every card needs"
                            + (" (" + exemption_text(spec.except_when) + ")" if spec.except_when else ""),
                            located.where(path, label, field_name), f"add a line '{field_name}: ...' to the card",
                            sheet_hint=f"fill in the '{field_name}' column")
    name = str(values.get("name") or label)
    lines: dict[str, int | None] = {str(key): located.lines[path + (key,)] for key in raw
                                    if path + (key,) in located.lines}
    return Card(slug(name), index, name, values, located.where(path, name), lines)
