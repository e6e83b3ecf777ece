"""YAML files -> validated model, with file and line in every error.

Decks declare the fields their cards carry; cards are checked against those declarations here,
so a new deck needs no Python and a teacher's typo is caught before anything is drawn.
"""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from printgen.errors import UserError, Warning_, Where, did_you_mean
from printgen.limits import MAX_NUMBER
from printgen.model import Card, Deck, Group, Layout, parse_years
from printgen.paths import FONTS_DIR, decks_dir, layouts_dir
from printgen.schema import DeckHeader, FieldSpec, GroupEntry, LayoutFile, Size
from printgen.yamlsrc import Located, load_yaml, parse_yaml

DECK_FILE = "deck.yaml"
IMAGE_SUFFIXES = {".png", ".jpg", ".jpeg"}


# --- finding things ---------------------------------------------------------------------------

def shipped_decks() -> list[Path]:
    """Every folder under decks/ holding a deck.yaml, in name order (stable builds)."""
    return sorted(p.parent for p in decks_dir().glob(f"*/{DECK_FILE}"))


def find_deck(name_or_path: str) -> Path:
    """A deck name under decks/ or a path to a deck folder (or its deck.yaml) anywhere."""
    candidate = Path(name_or_path).expanduser()
    if candidate.is_file() and candidate.name == DECK_FILE:
        return candidate.parent
    if candidate.is_dir() and (candidate / DECK_FILE).is_file():
        return candidate
    shipped = decks_dir() / name_or_path
    if "/" not in name_or_path and (shipped / DECK_FILE).is_file():
        return shipped
    if candidate.is_dir():
        raise UserError(f"the folder '{name_or_path}' has no {DECK_FILE}", hint="a deck folder holds a deck.yaml file")
    names = [p.name for p in shipped_decks()]
    hint = did_you_mean(name_or_path, names) or f"the shipped decks are: {', '.join(names)}"
    raise UserError(f"no deck called '{name_or_path}' (not a shipped deck, nor a deck folder)", hint=hint)


# --- pydantic errors in the user's words --------------------------------------------------------

def schema_error(exc: ValidationError, located: Located, base: tuple = (), card: str | None = None,
                 what: str = "here", known: list[str] | None = None) -> UserError:
    """The first pydantic error as one UserError pointing at the line to edit.

    An unknown key comes before a missing one: 'colums' is most likely the missing 'columns'
    misspelt, so the message points at the misspelt line and names what it is missing.
    """
    errors = exc.errors()
    err = next((e for e in errors if e["type"] == "extra_forbidden"), errors[0])
    model = _schema_class(exc.title)
    loc, owner = _user_path(model, tuple(err["loc"]))
    path = base + loc
    field = ".".join(str(p) for p in loc) or None
    kind = err["type"]
    if kind == "extra_forbidden":
        name = str(loc[-1])
        allowed = known if known is not None else (list(owner.model_fields) if owner is not None else [])
        missing = [str(e["loc"][-1]) for e in errors
                   if e["type"] == "missing" and tuple(e["loc"][:-1]) == tuple(err["loc"][:-1])]
        hint = (did_you_mean(name, missing) or did_you_mean(name, allowed)) if allowed else None
        if hint is None and allowed:
            hint = "allowed here: " + ", ".join(a for a in allowed if a != "type")
        if missing:
            hint += " (" + ", ".join(f"'{m}'" for m in missing) + (" is" if len(missing) == 1 else " are") + " missing)"
        return UserError(f"'{name}' is not a setting {what}", located.where(path, card, field), hint)
    if kind == "missing":
        return UserError(f"'{loc[-1]}' is missing {what}", located.where(path, card, field))
    if kind in ("union_tag_invalid", "union_tag_not_found"):
        tags = list(_UNION_TAGS)
        found = err.get("ctx", {}).get("tag", "")
        return UserError(f"unknown element type '{found}'" if found else "the element has no 'type'",
                         located.where(path, card, field),
                         (did_you_mean(found, tags) if found else None) or "element types: " + ", ".join(tags))
    message = _MESSAGES.get(kind)
    bound = _BOUNDS.get(kind)
    if bound is not None:
        # Pydantic's own "Input should be less than or equal to 500", in the user's words.
        words, key = bound
        return UserError(f"should be {words} {err.get('ctx', {}).get(key)} (found {err['input']!r})",
                         located.where(path, card, field))
    if message is None:
        message = err["msg"].removeprefix("Value error, ")
        if kind == "literal_error":
            message = "should be one of: " + err.get("ctx", {}).get("expected", "")
    return UserError(f"{message} (found {err['input']!r})" if kind in _MESSAGES else message,
                     located.where(path, card, field))


def _element_types() -> tuple[str, ...]:
    from typing import get_args

    from printgen.schema import AnyElement

    return tuple(get_args(m.model_fields["type"].annotation)[0] for m in get_args(get_args(AnyElement)[0]))


_UNION_TAGS = _element_types()
_MESSAGES = {
    "string_type": "should be text",
    "float_type": "should be a number",
    "float_parsing": "should be a number",
    "int_type": "should be a whole number",
    "int_parsing": "should be a whole number",
    "bool_type": "should be true or false",
    "bool_parsing": "should be true or false",
    "dict_type": "should be a list of 'key: value' settings",
    "model_type": "should be a list of 'key: value' settings",
    "list_type": "should be a list (lines starting with '- ')",
    "greater_than": "should be more than zero",
    "finite_number": "should be an ordinary number, not .nan or .inf",
}


_BOUNDS = {"less_than_equal": ("at most", "le"), "less_than": ("less than", "lt"),
           "greater_than_equal": ("at least", "ge")}


def _schema_class(title: str):
    from printgen import schema

    return getattr(schema, title, None)


def _user_path(model, loc: tuple) -> tuple[tuple, type | None]:
    """Pydantic's error location without union tags, and the model owning the last key.

    Pydantic inserts the discriminator value (e.g. 'text') into the location of a tagged union;
    the user's file has no such key, so it is dropped, and the member model it names is used to
    suggest the right key.
    """
    from typing import Annotated, Union, get_args, get_origin

    from pydantic import BaseModel

    def unwrap(tp):
        while get_origin(tp) is Annotated or (get_origin(tp) is Union and type(None) in get_args(tp)
                                              and len(get_args(tp)) == 2):
            tp = get_args(tp)[0] if get_origin(tp) is Annotated else next(a for a in get_args(tp) if a is not type(None))
        return tp

    path: list = []
    current = model
    owner = model if isinstance(model, type) else None
    for part in loc:
        current = unwrap(current)
        if isinstance(current, type) and issubclass(current, BaseModel):
            owner = current
            path.append(part)
            current = current.model_fields[part].annotation if part in current.model_fields else None
        elif get_origin(current) is dict:
            path.append(part)
            current = get_args(current)[1]
        elif get_origin(current) is Union:
            members = [m for m in get_args(current) if isinstance(m, type) and issubclass(m, BaseModel)]
            tagged = [m for m in members if "type" in m.model_fields and part in get_args(m.model_fields["type"].annotation)]
            if tagged:
                current = tagged[0]
                continue
            path.append(part)
            current = None
        else:
            path.append(part)
            current = None
    return tuple(path), owner


def load_file(path: Path, model, what: str):
    """A YAML file checked against a schema model: (the model instance, the located source)."""
    located = load_yaml(path)
    try:
        return model.model_validate(located.data), located
    except ValidationError as exc:
        raise schema_error(exc, located, what=what) from None


# --- layouts ----------------------------------------------------------------------------------

def _find_layout_file(name: str, search: list[Path], where: Where | None = None) -> Path:
    """The file of a layout named in deck.yaml or in an `extends`: a plain name, looked up in the
    deck's folder and then layouts/. A path is refused, so a deck cannot read files elsewhere."""
    where = where or Where()
    known = sorted({p.stem for folder in search for p in folder.glob("*.yaml")} - set(_CATALOGUES))
    if not _LAYOUT_NAME.fullmatch(name):
        raise UserError(f"'{name}' is not a layout name: a layout is named by its file name without '.yaml', "
                        "with no folder, and is found in the deck's folder or in layouts/", where,
                        did_you_mean(Path(name).stem, known) or "copy the layout file into the deck's folder or into "
                        "layouts/ and give its plain name, such as 'cromwell'")
    if name in _CATALOGUES:
        raise UserError(f"'{name}' is not a layout: {name}.yaml is {_CATALOGUES[name]}", where,
                        f"layouts available: {', '.join(known)}")
    for folder in search:
        path = folder / f"{name}.yaml"
        if path.is_file():
            if not path.resolve().is_relative_to(folder.resolve()):
                raise UserError(f"the layout '{name}' is a link to a file outside {folder}", where,
                                "copy the layout file itself into the deck's folder or into layouts/")
            return path
    raise UserError(f"no layout called '{name}'", where,
                    did_you_mean(name, known) or f"layouts available: {', '.join(known)}")


_CATALOGUES = {"card-sizes": "the list of card sizes", "papers": "the list of paper sizes",
               DECK_FILE.removesuffix(".yaml"): "a deck file"}
_LAYOUT_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")


def _merge(base: dict, top: dict, base_lines: dict, top_lines: dict, path: tuple = ()) -> tuple[dict, dict]:
    """Deep merge for `extends`: mappings merge key by key, anything else is replaced, null deletes.
    An element given a different `type` is a new element and replaces the inherited one whole."""
    out = dict(base)
    lines = {k: v for k, v in base_lines.items()}
    for key, value in top.items():
        sub = path + (key,)
        if value is None:
            out.pop(key, None)
            lines = {k: v for k, v in lines.items() if k[: len(sub)] != sub}
            continue
        retyped = isinstance(value, dict) and isinstance(out.get(key), dict) and \
            value.get("type") is not None and out[key].get("type") not in (None, value.get("type"))
        if isinstance(value, dict) and isinstance(out.get(key), dict) and not retyped:
            out[key], lines = _merge(out[key], value, lines, top_lines, sub)
            lines[sub] = top_lines.get(sub, lines.get(sub))
        else:
            lines = {k: v for k, v in lines.items() if k[: len(sub)] != sub}
            out[key] = value
            lines.update({k: v for k, v in top_lines.items() if k[: len(sub)] == sub})
    return out, lines


def _read_layout_chain(name: str, search: list[Path], where: Where | None = None) -> tuple[dict, dict, str]:
    """Follow `extends` to the root and merge; lines map each path to (file, line).

    `where` is the place that names the first layout (the deck's `layout:` line); each later
    one is named by the `extends` line of the layout before it, which is where errors point.
    """
    chain: list[Located] = []
    seen: list[Path] = []
    current: str | None = name
    while current is not None:
        path = _find_layout_file(current, search, where).resolve()
        if path in seen:
            loop = " -> ".join([p.stem for p in seen] + [path.stem])
            message = (f"the layout '{current}' extends itself" if path == seen[-1]
                       else f"layouts extend each other in a loop: {loop}")
            raise UserError(message, where, "'extends' names the layout this one starts from; remove it or name "
                            "another one (most layouts extend 'base')")
        seen.append(path)
        located = load_yaml(path)
        if not isinstance(located.data, dict):
            raise UserError("a layout file must be a list of 'key: value' settings", located.where(()))
        chain.append(located)
        parent = located.data.get("extends")
        where = located.where(("extends",), field="extends")
        if parent is not None and not isinstance(parent, str):
            raise UserError("'extends' should name another layout", where)
        current = parent
    data: dict = {}
    lines: dict = {}
    for located in reversed(chain):
        top_lines = {path: (located.file, line) for path, line in located.lines.items()}
        data, lines = _merge(data, located.data, lines, top_lines)
    data.pop("extends", None)
    return data, lines, chain[0].file


def load_catalogue(name: str) -> tuple[dict[str, Size], Located]:
    """card-sizes.yaml or papers.yaml: name -> Size."""
    located = load_yaml(layouts_dir() / f"{name}.yaml")
    if not isinstance(located.data, dict):
        raise UserError("expected 'name: {width: ..., height: ...}' entries", located.where(()))
    sizes = {}
    for key, value in located.data.items():
        try:
            sizes[str(key)] = Size.model_validate(value)
        except ValidationError as exc:
            raise schema_error(exc, located, (key,)) from None
    return sizes, located


def _pick(name: str, sizes: dict[str, Size], what: str, where: Where) -> Size:
    key = name.lower()
    if key in sizes:
        return sizes[key]
    hint = did_you_mean(key, sizes) or f"known {what}s: {', '.join(sizes)}"
    raise UserError(f"unknown {what} '{name}'", where, hint)


def load_layout(name: str, deck: Deck | None = None, *, paper: str | None = None, card_size: str | None = None,
                bleed: float | None = None) -> Layout:
    """A layout with `extends` merged and the build's options applied (options win)."""
    search = ([deck.folder] if deck is not None else []) + [layouts_dir()]
    named_at = deck.where("layout", field_name="layout") if deck is not None and name == deck.layout else Where()
    data, lines, file = _read_layout_chain(name, search, named_at)
    merged = Located(data, file, {})
    try:
        spec = LayoutFile.model_validate(data)
    except ValidationError as exc:
        err = schema_error(exc, merged, what="in a layout")
        path, _ = _user_path(LayoutFile, tuple(exc.errors()[0]["loc"]))
        while path and path not in lines:
            path = path[:-1]
        if path in lines:
            err.where.file, err.where.line = lines[path]
        raise err from None
    imposition = spec.imposition
    if paper is not None:
        imposition = imposition.model_copy(update={"paper": paper})
    if bleed is not None:
        if not (math.isfinite(bleed) and bleed >= 0):
            raise UserError(f"--bleed {bleed:g} is not a bleed: give zero or more millimetres")
        imposition = imposition.model_copy(update={"bleed": float(bleed)})
    size_name = card_size or (deck.card_size if deck is not None else None) or spec.card_size
    sizes, sizes_file = load_catalogue("card-sizes")
    papers, papers_file = load_catalogue("papers")
    where_size = Where()
    if deck is not None and not card_size and deck.card_size:
        where_size = deck.where("card_size", field_name="card_size")
    card = _pick(size_name, sizes, "card size", where_size)
    design = _pick(spec.card_size, sizes, "card size", Where(*lines.get(("card_size",), (file, None)), field="card_size"))
    paper_where = Where() if paper is not None else _layout_where(lines, file, ("imposition", "paper"))
    paper_size = _pick(imposition.paper, papers, "paper", paper_where)
    _check_fit(paper_size, card, imposition, lines, file, bleed, where_size)
    fonts = {}
    for font_name, font_file in spec.fonts.items():
        fonts[font_name] = _font_path(font_name, font_file, file, lines.get(("fonts", font_name)))
    element_where = {}
    for side in ("face", "back"):
        for element_name in getattr(spec, side):
            f, line = lines.get((side, element_name), (file, None))
            element_where[(side, element_name)] = Where(f, line, field=f"{side}.{element_name}")
    for kind_name, kind in spec.components.items():     # keyed 'components.KIND.face' and so on
        f, line = lines.get(("components", kind_name), (file, None))
        element_where[(f"components.{kind_name}", "")] = Where(f, line, field=f"components.{kind_name}")
        for side in ("face", "back"):
            for element_name in getattr(kind, side):
                path = ("components", kind_name, side, element_name)
                f, line = lines.get(path, (file, None))
                element_where[(f"components.{kind_name}.{side}", element_name)] = Where(f, line, field=".".join(path))
    layout = Layout(name, spec, size_name.lower(), card, design, imposition.paper.lower(), paper_size, imposition,
                    fonts, element_where)
    refuse_off_card(layout)
    layout.warnings.extend(safe_zone_warnings(layout))
    return layout


def refuse_off_card(layout: Layout) -> None:
    """An element lying wholly outside the card can never print: a typo in x or y (a missing
    decimal point, a sign), so it is an error at its layout line. One reaching partly past the
    edge may be art running into the bleed, and is at most a safe-zone warning."""
    from printgen.schema import RepeatElement

    w, h = layout.card.width, layout.card.height
    for side in ("face", "back"):
        for name, element in getattr(layout.spec, side).items():
            if element is None or isinstance(element, RepeatElement):   # a repeat's copies go by its table
                continue
            x0, y0, x1, y1 = _turned_extent(layout, element)
            if _apart(x0, x1, w) or _apart(y0, y1, h):
                where = layout.element_where.get((side, name), Where())
                raise UserError(f"the {side} element '{name}' lies wholly off the card: it spans x {x0:g} to {x1:g} mm "
                                f"and y {y0:g} to {y1:g} mm, but the card is {w:g} x {h:g} mm "
                                "(x and y are millimetres from its top-left corner)", where,
                                "check its x, y, width and height (a missing decimal point or a minus sign?)")


def _turned_extent(layout: Layout, element) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) of an element's box on the printed card, turned by its rotation."""
    x, y, bw, bh = layout.map_box(element.x, element.y, element.width, element.height)
    x0, x1 = sorted((x, x + bw))
    y0, y1 = sorted((y, y + bh))
    cx, cy, hw, hh = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2, (y1 - y0) / 2
    turn = math.radians(element.rotation % 360)
    cos, sin = abs(math.cos(turn)), abs(math.sin(turn))
    hw, hh = hw * cos + hh * sin, hw * sin + hh * cos
    return tuple(round(v, 2) for v in (cx - hw, cy - hh, cx + hw, cy + hh))


def _apart(low: float, high: float, size: float) -> bool:
    """Whether [low, high] shares nothing with the card's [0, size] (a box with room in it that
    only touches an edge shares nothing either)."""
    if high < 0 or low > size:
        return True
    return high > low and (high <= 0 or low >= size)


def safe_zone_warnings(layout: Layout) -> list[Warning_]:
    """Content (text, pictures, emblems, lists) reaching past the safe zone, where a cut that
    is off by a millimetre or two would clip it. Shapes may run to the bleed on purpose."""
    from printgen.schema import RepeatElement, ShapeElement

    safe = layout.imposition.safe
    w, h = layout.card.width, layout.card.height
    found = []
    for side in ("face", "back"):
        for name, element in getattr(layout.spec, side).items():
            # Shapes may run to the bleed on purpose, as may anything marked bleed; a repeat's
            # children are placed by its table, not by its own box.
            if element is None or isinstance(element, (ShapeElement, RepeatElement)) or element.bleed:
                continue
            x0, y0, bw, bh = layout.map_box(element.x, element.y, element.width, element.height)
            x1, y1 = x0 + bw, y0 + bh
            over = max(safe - x0, safe - y0, x1 - (w - safe), y1 - (h - safe))
            if over > 0.005:
                where = layout.element_where.get((side, name), Where())
                found.append(Warning_(f"the {side} element '{name}' reaches {over:.2f} mm past the {safe:g} mm safe zone "
                                      f"of a {w:g} x {h:g} mm card; a slightly off cut could clip it", where))
    return found


def _layout_where(lines: dict, file: Path, path: tuple) -> Where:
    """The file and line that set `path` in a layout chain (the nearest enclosing key if unset)."""
    while path and path not in lines:
        path = path[:-1]
    f, line = lines.get(path, (file, None))
    return Where(f, line, field=".".join(path) or None)


def _check_fit(paper: Size, card: Size, imp, lines: dict, file: Path, bleed_option: float | None,
               size_where: Where) -> None:
    """At least one card must fit on the sheet; otherwise name what to change: the bleed (the
    option or the layout line), the margin, or the card size."""
    from printgen.render.imposition import plan_sheet

    if imp.safe * 2 >= min(card.width, card.height):
        raise UserError(f"a {imp.safe:g} mm safe zone leaves no room on a {card.width:g} x {card.height:g} mm card",
                        _layout_where(lines, file, ("imposition", "safe")), "3 mm is usual")
    try:
        plan_sheet(paper, card, imp)
        return
    except UserError as exc:
        problem = exc
    usable_w, usable_h = paper.width - 2 * imp.margin, paper.height - 2 * imp.margin
    most = max(min(usable_w - w, usable_h - h) / 2 for w, h in ((card.width, card.height), (card.height, card.width)))
    sheet = f"{paper.width:g} x {paper.height:g} mm paper inside {imp.margin:g} mm margins"
    if most >= 0 and imp.bleed > most:
        where = Where() if bleed_option is not None else _layout_where(lines, file, ("imposition", "bleed"))
        which = f"--bleed {imp.bleed:g}" if bleed_option is not None else f"a bleed of {imp.bleed:g} mm"
        raise UserError(f"impossible bleed: with {which}, no {card.width:g} x {card.height:g} mm card fits on {sheet}",
                        where, f"at most {math.floor(most * 10) / 10:g} mm of bleed fits; 3 mm is usual") from None
    if paper.width > card.width and paper.height > card.height or paper.width > card.height and paper.height > card.width:
        raise UserError(f"the {imp.margin:g} mm margins leave no room for a {card.width:g} x {card.height:g} mm card "
                        f"on {paper.width:g} x {paper.height:g} mm paper", _layout_where(lines, file, ("imposition", "margin")),
                        "home printers need about 5 mm") from None
    raise UserError(problem.message, size_where if size_where.file or size_where.line else
                    _layout_where(lines, file, ("card_size",)), problem.hint) from None


# The first bytes of a TrueType font (ReportLab embeds TrueType outlines only, not OpenType CFF).
_TRUETYPE_TAGS = (b"\x00\x01\x00\x00", b"true")


def _check_truetype(path: Path, font_file: str, where: Where) -> None:
    with path.open("rb") as handle:
        tag = handle.read(4)
    if tag not in _TRUETYPE_TAGS:
        kind = "an OpenType (CFF) font" if tag == b"OTTO" else "not a font file"
        raise UserError(f"'{font_file}' is {kind}; printgen needs a TrueType font (.ttf)", where,
                        "use the .ttf version of the font (many font families ship one)")


def _font_path(font_name: str, font_file: str, layout_file: Path, where: tuple | None) -> Path:
    """A font named in a layout: a file under the layout's own folder or printgen/fonts/, never
    anywhere else on the computer (a deck shared with a class must carry its fonts)."""
    f, line = where or (layout_file, None)
    bases = [layout_file.parent.resolve(), FONTS_DIR.resolve()]
    inside = False
    for base in bases:
        path = (base / font_file).resolve()
        if path.is_relative_to(base):
            inside = True
            if path.is_file():
                from printgen.render.fonts import check_font

                font_where = Where(f, line, field=f"fonts.{font_name}")
                _check_truetype(path, font_file, font_where)
                check_font(path, font_where)     # a damaged font file is refused here, at its line
                return path
    if not inside:
        raise UserError(f"the font file '{font_file}' is outside the layout's folder and printgen/fonts/", Where(f, line),
                        "copy the font next to the layout (or into a folder beside it) and give its path from there")
    raise UserError(f"font file '{font_file}' not found", Where(f, line), "font paths are relative to the layout file or printgen/fonts/")


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
    located = load_yaml(folder / DECK_FILE) if text is None else parse_yaml(text, folder / DECK_FILE)
    data = located.data
    if data is None:
        raise UserError(f"{DECK_FILE} is empty: it holds nothing, or only notes starting with '#'", Where(located.file, 1),
                        "a deck needs at least 'title:', 'fields:' (what each card carries) and 'cards:' (the cards, "
                        "or a 'generate:' rule); start from a copy of a shipped deck, such as decks/cromwell/deck.yaml")
    if not isinstance(data, dict):
        raise UserError("a deck file must be a list of 'key: value' settings (title, fields, cards, ...)", located.where(()))
    header_keys = set(DeckHeader.model_fields)
    # Unknown keys first: a misspelt 'titel' should be reported as such, not as a missing 'title'.
    raw_fields = data.get("fields") if isinstance(data.get("fields"), dict) else {}
    declared_groups = {f.get("group") for f in raw_fields.values() if isinstance(f, dict) and f.get("type") == "group"}
    allowed = header_keys | {g for g in declared_groups if isinstance(g, str)} | {"cards"}
    for key in data:
        if key not in allowed:
            raise UserError(f"'{key}' is not a setting in the deck", located.where((key,)),
                            did_you_mean(str(key), allowed) or "allowed: " + ", ".join(sorted(allowed)))
    try:
        header = DeckHeader.model_validate({k: v for k, v in data.items() if k in header_keys})
    except ValidationError as exc:
        raise schema_error(exc, located, what="in the deck") from None
    group_names = [spec.group for spec in header.fields.values() if spec.type == "group"]
    for field_name, spec in header.fields.items():
        if spec.type == "group" and not spec.group:
            raise UserError("a field of type 'group' needs 'group: NAME' (the list its values come from)",
                            located.where(("fields", field_name)))
    for field_name, spec in header.fields.items():
        for other in spec.except_when:
            if other not in header.fields:
                raise UserError(f"'except_when' of '{field_name}' names '{other}', which is not a field",
                                located.where(("fields", field_name)), did_you_mean(str(other), header.fields))
    groups = {g: _load_group(located, g) for g in group_names}
    cards_data = data.get("cards")
    if cards_data is None and header.generate is not None:
        cards_data = []
    if not isinstance(cards_data, (list, str)) or (not cards_data and header.generate is None):
        raise UserError("the deck needs a 'cards:' list with at least one card (or a 'generate:' rule, or the name of "
                        "a spreadsheet holding the cards, such as cards.xlsx)",
                        located.where(("cards",)))
    made = _generate(located, header, groups) if header.generate is not None else []
    cards: list[Card] = []
    seen: dict[str, Card] = {}
    source = located
    if isinstance(cards_data, str):      # `cards: cards.xlsx`: the cards are rows of a spreadsheet
        from printgen.editor.spreadsheet import sheet_cards

        source = sheet_cards(folder, cards_data, header.fields, located.where(("cards",), field="cards"))
        cards_data = source.data["cards"]
    listed = [copy for i, raw in enumerate(cards_data)
              for copy in _copies(source, _load_card(source, folder, header.fields, groups, i, raw), i, raw)]
    for card in made + listed:
        if card.id in seen:
            other = seen[card.id]
            place = f"row {other.where.row}" if other.where.row else f"line {other.where.line}"
            raise UserError(f"this card is a duplicate: '{other.name}' is already on {place}",
                            card.where, "give each card a different name, or delete one of them")
        seen[card.id] = card
        card.index = len(cards)
        cards.append(card)
    packs = list(header.packs)
    for pack_name, spec in header.packs.items():
        _check_pack(located, header, groups, pack_name, spec, _select(cards, spec))
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


def _generate(located: Located, header: DeckHeader, groups: dict[str, list[Group]]) -> list[Card]:
    """The cards of the `generate:` rules: one for every combination of each rule's groups."""
    rules = header.generate if isinstance(header.generate, list) else [header.generate]
    paths = [("generate", i) for i in range(len(rules))] if isinstance(header.generate, list) else [("generate",)]
    return [card for rule, path in zip(rules, paths) for card in _generate_rule(located, header, groups, rule, path)]


def _generate_rule(located: Located, header: DeckHeader, groups: dict[str, list[Group]], rule, path: tuple) -> list[Card]:
    """The cards of one rule, each also given the rule's fixed `set:` values."""
    from itertools import product

    from printgen.render.template import environment

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
        fixed[field_name] = _check_value(value, fields[field_name], field_name, spot, located.file.parent, groups)
    missing = [f for f, s in fields.items() if s.required and f not in rule.each and f not in fixed and f != "name"]
    if missing:
        raise UserError(f"generated cards would have no '{missing[0]}', which every card needs", where)
    env = environment()
    try:
        name_template = env.from_string(rule.name)
        id_template = env.from_string(rule.id) if rule.id else None
    except Exception as exc:
        raise UserError(f"template error in generate: {exc}", where) from None

    def run(template, key: str, context: dict) -> str:
        from jinja2 import TemplateError

        from printgen.render.sandbox import render

        try:
            return render(template, context)
        except TemplateError as exc:   # an unknown name, `suit.__class__`, a number or text too large
            raise UserError(f"the generate: {key} template cannot be worked out: {exc}",
                            located.where(path + (key,)), "use the group fields, e.g. {{ suit.name }}") from None

    cards = []
    names = list(rule.each)
    for combo in product(*(groups[rule.each[f]] for f in names)):
        context = {f: g.context() for f, g in zip(names, combo)}
        context.update({f: (v.context() if isinstance(v, Group) else v) for f, v in fixed.items()})
        name = run(name_template, "name", context)
        if not name.strip():
            raise UserError("the generate: name template gives a blank name for some cards", located.where(
                ("generate", "name"), field="generate.name"), "use the group fields, e.g. {{ rank.label }} of {{ suit.name }}")
        values: dict[str, Any] = {f: spec.default for f, spec in fields.items()}
        values.update(fixed)
        values.update(dict(zip(names, combo)))
        values["name"] = name
        card_id = slug(run(id_template, "id", context)) if id_template else slug(name)
        cards.append(Card(card_id, 0, name, values, Where(where.file, where.line, name)))
    return cards


def _value_key(value: Any) -> str:
    return value.name if isinstance(value, Group) else str(value).lower() if isinstance(value, bool) else str(value)


def _select(cards: list[Card], spec) -> list[Card]:
    def keep(card: Card) -> bool:
        for field_name, allowed in spec.only.items():
            if _value_key(card.values.get(field_name)) not in {_value_key(a) for a in allowed}:
                return False
        for field_name, banned in spec.leave_out.items():
            if _value_key(card.values.get(field_name)) in {_value_key(b) for b in banned}:
                return False
        return True
    return [c for c in cards if keep(c)]


def _check_pack(located: Located, header: DeckHeader, groups: dict[str, list[Group]], name: str, spec,
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
    from printgen.colours import parse_colour
    from printgen.render.symbols import names as motif_names

    raw = located.data.get(name)
    if not isinstance(raw, list) or not raw:
        raise UserError(f"the deck needs a '{name}:' list (the cards refer to it)", located.where((name,)))
    entries: list[Group] = []
    for index, item in enumerate(raw):
        path = (name, index)
        try:
            entry = GroupEntry.model_validate(item)
        except ValidationError as exc:
            raise schema_error(exc, located, path, what=f"in an entry of '{name}'", known=list(GroupEntry.model_fields)) from None
        try:
            parse_colour(entry.colour)
        except ValueError as exc:
            raise UserError(str(exc), located.where(path + ("colour",), field="colour")) from None
        if entry.emblem is not None and entry.emblem not in motif_names():
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
        if field_name in raw and raw[field_name] is None and _starts_with_hash(located, where.line):
            raise UserError(f"the {field_name} starts with '#', so YAML read the rest of the line as a note and "
                            f"the {field_name} is empty", where, "put the text in double quotes")
        if field_name not in raw or raw[field_name] is None:
            if spec.required:
                missing.append(field_name)
            values[field_name] = spec.default
            continue
        value = raw[field_name]
        if spec.type == "text" and isinstance(value, (int, float)) and not isinstance(value, bool):
            value = located.as_written(path + (field_name,)) or value   # `1.50` stays "1.50", not 1.5
        if spec.type == "ability":
            values[field_name] = _check_ability(value, where, located, path + (field_name,))
            continue
        values[field_name] = _check_value(value, spec, field_name, where, folder, groups)
        if isinstance(values[field_name], str) and not values[field_name].strip() and \
                (spec.required or field_name == "name"):
            raise UserError(f"the {field_name} is blank, and every card needs one", where,
                            f"write the {field_name} after '{field_name}:' (between the quotes, if there are quotes)",
                            sheet_hint=f"fill in the '{field_name}' column")
    for field_name in missing:     # after every value is known, for `except_when`
        spec = fields[field_name]
        if not _exempt(values, spec.except_when):
            raise UserError(f"this card has no '{field_name}', which every card needs"
                            + (" (" + _exemption_text(spec.except_when) + ")" if spec.except_when else ""),
                            located.where(path, label, field_name), f"add a line '{field_name}: ...' to the card",
                            sheet_hint=f"fill in the '{field_name}' column")
    name = str(values.get("name") or label)
    lines = {str(key): located.lines[path + (key,)] for key in raw if path + (key,) in located.lines}
    return Card(slug(name), index, name, values, located.where(path, name), lines)


COUNT_KEY = "count"
MAX_COPIES = 100


def _copies(located: Located, card: Card, index: int, raw: Any) -> list[Card]:
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


def _exempt(values: dict[str, Any], rule: dict[str, Any]) -> bool:
    """Whether a card's values match every condition of a field's `except_when`."""
    if not rule:
        return False
    for field_name, wanted in rule.items():
        options = wanted if isinstance(wanted, list) else [wanted]
        if _value_key(values.get(field_name)) not in {_value_key(o) for o in options}:
            return False
    return True


def _exemption_text(rule: dict[str, Any]) -> str:
    return "unless " + " and ".join(
        f"{k} is {' or '.join(_value_key(o) for o in (v if isinstance(v, list) else [v]))}" for k, v in rule.items())


def _starts_with_hash(located: Located, line: int | None) -> bool:
    """Whether a 'key:' line has a value that begins with '#' (YAML takes it for a comment)."""
    if not line:
        return False
    try:
        text = located.file.read_text(encoding="utf-8").splitlines()[line - 1]
    except (OSError, IndexError):
        return False
    return re.match(r"^\s*[\w-]+:\s+#", text) is not None


def _check_value(value: Any, spec: FieldSpec, field_name: str, where: Where, folder: Path,
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
        from printgen.render.symbols import names as motif_names

        if value not in motif_names():
            raise UserError(f"unknown emblem '{value}'", where, did_you_mean(str(value), motif_names())
                            or "emblems: " + ", ".join(motif_names()))
        return value
    if kind == "flag":
        if not isinstance(value, bool):
            raise UserError("should be true or false", where, "write true or false (words such as yes and no are read as text)")
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


def _check_ability(value: Any, where: Where, located: Located, path: tuple) -> Any:
    """An ability record checked against the vocabulary in printgen/abilities.py; a mistake is
    told in plain words at the line of the setting inside the record, with a 'did you mean'."""
    from printgen.abilities import Ability

    if not isinstance(value, dict):
        raise UserError("an ability is a record of 'key: value' lines (use, when, cost, target, effects)", where,
                        "see the list of effects at the top of printgen/abilities.py")
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


def _ability_problem(err: dict, loc: tuple) -> tuple[str, str | None]:
    """(message, hint) for one pydantic error inside an ability record."""
    from printgen.abilities import EFFECTS

    kind, found = err["type"], err.get("input")
    key = next((str(p) for p in reversed(loc) if not isinstance(p, int)), None)
    owner, choices = _ability_owner(loc)
    what = f"'{key}'" + (f" of {owner}" if owner != "the ability" or len(loc) > 1 else "") if key else owner
    if kind == "extra_forbidden":
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


def _ability_owner(loc: tuple) -> tuple[str, list[str]]:
    """Which part of an ability record a location is in ('effect 2', 'the target') and its settings."""
    from typing import Union, get_args, get_origin

    from pydantic import BaseModel

    from printgen.abilities import Ability

    model, words = Ability, "the ability"
    for at, part in enumerate(loc[:-1]):
        if isinstance(part, int):
            words = f"{words.removeprefix('the ').rstrip('s')} {part + 1}"
            continue
        if not (isinstance(model, type) and issubclass(model, BaseModel)) or part not in model.model_fields:
            break
        annotation = model.model_fields[part].annotation
        while get_origin(annotation) in (list, Union):
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

    The path and the header are checked here (printgen.render.pictures); decoding the pixels,
    which finds a damaged or cut-short file, happens once when the picture is prepared for its box.
    """
    from printgen.render.pictures import header, locate, shown_path

    path = locate(value, folder, where)
    if path.suffix.lower() not in IMAGE_SUFFIXES:
        raise UserError(f"'{value}' is not a PNG or JPEG picture", where)
    header(path, where, shown_path(value))
    from PIL import Image

    try:
        with Image.open(path) as image:
            image.verify()      # a PNG's chunk checksums: cheap, and catches most damage early
    except Exception:
        raise UserError(f"the picture '{value}' cannot be read as an image", where, "open and re-save it as PNG or JPEG") from None
    return path
