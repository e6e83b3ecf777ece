"""One card's values checked against the fields its deck declares: kinds, choices, years,
pictures, abilities and copies.

The deck, not Python, says what a card carries; this is where a teacher's typo in one value is
caught and explained at its own line.
"""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from pydantic_core import ErrorDetails

from printgen.files.errors import UserError, Where, did_you_mean
from printgen.files.limits import MAX_NUMBER
from printgen.files.schema import FieldSpec
from printgen.files.yamlsrc import Located
from printgen.model.deck import Card, Group, parse_years

IMAGE_SUFFIXES = {".png", ".jpg", ".jpeg"}
def value_key(value: Any) -> str:
    return value.name if isinstance(value, Group) else str(value).lower() if isinstance(value, bool) else str(value)


COUNT_KEY = "count"
MAX_COPIES = 100


def copies(located: Located, card: Card, index: int, raw: Any) -> list[Card]:
    """A card listed once with `count: N` is N identical cards (a deck's duplicates).

    Each copy gets its own id (name-1, name-2, ...) so the manifest and the simulator can tell
    them apart; the printed faces are the same.
    """
    count = raw.get(COUNT_KEY, 1) if isinstance(raw, dict) else 1
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_COPIES:
        raise UserError(f"'count' should be a whole number from 1 to {MAX_COPIES} (how many copies of this card)",
                        located.where(("cards", index, COUNT_KEY), card.name, COUNT_KEY))
    if count == 1:
        return [card]
    return [Card(f"{card.id}-{n}", card.index, card.name, card.values, card.where, card.lines)
            for n in range(1, count + 1)]


def exempt(values: dict[str, Any], rule: dict[str, Any]) -> bool:
    """Whether a card's values match every condition of a field's `except_when`."""
    if not rule:
        return False
    for field_name, wanted in rule.items():
        options = wanted if isinstance(wanted, list) else [wanted]
        if value_key(values.get(field_name)) not in {value_key(o) for o in options}:
            return False
    return True


def exemption_text(rule: dict[str, Any]) -> str:
    return "unless " + " and ".join(
        f"{k} is {' or '.join(value_key(o) for o in (v if isinstance(v, list) else [v]))}" for k, v in rule.items())


def starts_with_hash(located: Located, line: int | None) -> bool:
    """Whether a 'key:' line has a value that begins with '#' (YAML takes it for a comment)."""
    if not line:
        return False
    from printgen.files.deckfiles import read_bytes
    from printgen.files.limits import MAX_FILE_BYTES

    try:        # read again as it was read the first time (never a pipe swapped in since)
        text = read_bytes(located.file, within=None, what="deck file", limit=MAX_FILE_BYTES
                          ).decode("utf-8").splitlines()[line - 1]
    except (UserError, UnicodeDecodeError, IndexError):
        return False
    return re.match(r"^\s*[\w-]+:\s+#", text) is not None


def check_value(value: Any, spec: FieldSpec, field_name: str, where: Where, folder: Path,
                 groups: dict[str, list[Group]]) -> Any:
    kind = spec.type
    if kind == "text":
        if isinstance(value, bool):
            raise UserError("should be text, but YAML read it as true/false", where, "put the text in double quotes")
        if isinstance(value, (int, float)):
            return str(value)
        if not isinstance(value, str):
            raise UserError("should be text", where, "put the text in double quotes")
        return value
    if kind == "group":
        entries = groups[spec.group or ""]
        for entry in entries:
            if entry.name == value:
                return entry
        names = [e.name for e in entries]
        raise UserError(f"unknown {field_name} '{value}'", where,
                        did_you_mean(str(value), names) or f"the {spec.group} are: {', '.join(names)}")
    if kind == "years":
        try:
            return parse_years(value)
        except ValueError as exc:
            raise UserError(str(exc), where) from None
    if kind == "image":
        return _check_image(value, where, folder)
    if kind == "emblem":
        from printgen.art.symbols import known as known_symbol
        from printgen.art.symbols import names as motif_names

        if not known_symbol(value):
            raise UserError(f"unknown emblem '{value}'", where, did_you_mean(str(value), motif_names())
                            or "emblems: " + ", ".join(motif_names()))
        return value
    if kind == "flag":
        if not isinstance(value, bool):
            raise UserError("should be true or false", where,
                            "write true or false (words such as yes and no are read as text)")
        return value
    if kind == "number":
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise UserError(f"the {field_name} should be a number (found {_shown(value)})", where,
                            "write digits, such as 3 or -1.5")
        if not (math.isfinite(value) and abs(value) <= MAX_NUMBER):
            raise UserError(f"the {field_name} should be a number from {-MAX_NUMBER:,} to {MAX_NUMBER:,} "
                            f"(found {value:g})", where, "check for extra zeros or a stray 'e'")
        return value
    if kind == "ability":       # cards' abilities are read in _load_card, at their own lines
        raise UserError("an ability is given card by card, not here", where)
    if kind == "component":     # the kind's name; the layout, read later, says which kinds exist
        if not isinstance(value, str) or not value.strip():
            raise UserError("should name a kind of component of the layout, such as tile or coin", where)
        return value.strip()
    raise AssertionError(kind)  # pragma: no cover - FieldType is a Literal


def check_ability(value: Any, where: Where, located: Located, path: tuple[Any, ...]) -> Any:
    """An ability record checked against the vocabulary in printgen/model/abilities.py; a mistake is
    told in plain words at the line of the setting inside the record, with a 'did you mean'."""
    from printgen.model.abilities import Ability

    if not isinstance(value, dict):
        raise UserError("an ability is a record of 'key: value' lines (use, when, cost, target, effects)", where,
                        "see the list of effects at the top of printgen/model/abilities.py")
    try:
        return Ability.model_validate(value)
    except ValidationError as exc:
        err = next((e for e in exc.errors() if e["type"] == "extra_forbidden"), exc.errors()[0])
        loc = tuple(err["loc"])
        message, hint = _ability_problem(err, loc)
        place = located.where(path + loc, where.card, where.field)
        sheet_hint = None
        if err["type"] == "missing":        # in a cell the record is one line: {use: ..., effects: [...]}
            sheet_hint = f"add '{loc[-1]}: ...' inside the braces of the record"
        raise UserError(message, place, hint, sheet_hint) from None


def _ability_problem(err: ErrorDetails, loc: tuple[Any, ...]) -> tuple[str, str | None]:
    """(message, hint) for one pydantic error inside an ability record."""
    from printgen.model.abilities import EFFECTS

    kind, found = err["type"], err.get("input")
    key = next((str(p) for p in reversed(loc) if not isinstance(p, int)), None)
    owner, choices = _ability_owner(loc)
    what = f"'{key}'" + (f" of {owner}" if owner != "the ability" or len(loc) > 1 else "") if key else owner
    if kind == "extra_forbidden" and key is not None:      # (an unknown setting always has a name)
        return (f"'{key}' is not a setting of {owner}",
                did_you_mean(key, choices) or "settings here: " + ", ".join(choices))
    if kind == "missing":
        return f"{what} is missing", f"add a line '{key}: ...' to {owner}"
    if kind == "literal_error":
        allowed = list(EFFECTS) if key == "do" else re.findall(r"'([^']*)'", err.get("ctx", {}).get("expected", ""))
        return (f"{what} cannot be '{found}'; it can be: {', '.join(allowed)}",
                did_you_mean(str(found), allowed))
    if kind in ("too_short", "too_long"):
        return "an ability has one to three effects", "list them under 'effects:', each starting with '- do:'"
    words = _ABILITY_WORDS.get(kind)
    if words is not None:
        return f"{what} {words} (found {_shown(found)})", None
    return err["msg"].removeprefix("Value error, "), None


_ABILITY_WORDS = {
    "int_parsing": "should be a whole number", "int_type": "should be a whole number",
    "int_from_float": "should be a whole number", "int_parsing_size": "is far too large a number",
    "bool_parsing": "should be true or false",
    "bool_type": "should be true or false", "string_type": "should be text",
    "model_type": "should be a group of 'key: value' lines", "dict_type": "should be a group of 'key: value' lines",
    "model_attributes_type": "should be a group of 'key: value' lines",
    "list_type": "should be a list (lines starting with '- ')",
}


def _ability_owner(loc: tuple[Any, ...]) -> tuple[str, list[str]]:
    """Which part of an ability record a location is in ('effect 2', 'the target') and its settings."""
    from types import UnionType
    from typing import Union, get_args, get_origin

    from pydantic import BaseModel

    from printgen.model.abilities import Ability

    model: object = Ability       # the part of the record `loc` has reached: a model, or a plain type
    words = "the ability"
    for part in loc[:-1]:
        if isinstance(part, int):
            words = f"{words.removeprefix('the ').rstrip('s')} {part + 1}"
            continue
        if not (isinstance(model, type) and issubclass(model, BaseModel)) or part not in model.model_fields:
            break
        annotation = model.model_fields[part].annotation
        while get_origin(annotation) in (list, Union, UnionType):     # list[X], Optional[X] and X | None
            annotation = next(a for a in get_args(annotation) if a is not type(None))
        model, words = annotation, f"the {part}"
    if isinstance(model, type) and issubclass(model, BaseModel):
        return words, list(model.model_fields)
    return words, []


def _shown(value: Any) -> str:
    """A value as quoted in a message: text in quotes, numbers as written, long text cut short."""
    text = repr(value) if isinstance(value, str) else str(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _check_image(value: Any, where: Where, folder: Path) -> Path:
    """Pictures must be PNG or JPEG files inside the deck's own folder, of a sane size.

    The path and the header are checked here (printgen.files.picture_files); decoding the pixels,
    which finds a damaged or cut-short file, happens once when the picture is prepared for its box.
    """
    from printgen.files.picture_files import header, locate, opened_picture, shown_path

    path = locate(value, folder, where)
    if path.suffix.lower() not in IMAGE_SUFFIXES:
        raise UserError(f"'{value}' is not a PNG or JPEG picture", where)
    header(path, where, shown_path(value))
    from PIL import Image

    with opened_picture(path, where, shown_path(value)) as handle:       # read as every file of a deck is
        try:
            with Image.open(handle) as image:
                image.verify()      # a PNG's chunk checksums: cheap, and catches most damage early
        except Exception:
            raise UserError(f"the picture '{value}' cannot be read as an image", where,
                            "open and re-save it as PNG or JPEG") from None
    return path
