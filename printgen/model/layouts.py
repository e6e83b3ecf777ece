"""Layout files -> a checked Layout: the `extends` chain, card and paper sizes, fit on the sheet,
fonts, and elements that fall outside the card or its safe zone.

A layout is data a designer edits, so every problem here names the layout file and line.
"""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from printgen.files.deckfiles import contained, exists, link_target, opened
from printgen.files.errors import UserError, Where, did_you_mean
from printgen.files.font_files import MAX_FONT_BYTES
from printgen.files.paths import DECK_FILE, FONTS_DIR, layouts_dir
from printgen.files.schema import Imposition, LayoutFile, Size
from printgen.files.schema_errors import schema_error, user_path
from printgen.files.yamlsrc import Located, load_yaml
from printgen.model.deck import Deck, Layout, element_property
from printgen.model.layout_checks import refuse_off_card, safe_zone_warnings


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
        # Whatever has the name is the layout meant (a pipe or a folder is refused as what it is by
        # the reader): passing over it would quietly print with the shipped layout of that name.
        if exists(path):
            try:
                inside = path.resolve().is_relative_to(folder.resolve())
            except (OSError, RuntimeError):      # a link loop: the reader says so
                inside = True
            if not inside:
                raise UserError(f"the layout '{name}' is a link to a file outside {folder} ({link_target(path)})",
                                where, "copy the layout file itself into the deck's folder or into layouts/")
            return path
    raise UserError(f"no layout called '{name}'", where,
                    did_you_mean(name, known) or f"layouts available: {', '.join(known)}")


_CATALOGUES = {"card-sizes": "the list of card sizes", "papers": "the list of paper sizes",
               DECK_FILE.removesuffix(".yaml"): "a deck file"}
_LAYOUT_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")


# Where each key of a merged layout chain was set: (file, line) by the key's path.
_Lines = dict[tuple[Any, ...], tuple[Path, int]]


def _property_lines(lines: _Lines) -> dict[tuple[str, str, str], tuple[Path, int]]:
    """Each element property's file and line, keyed as the resolver names the element's side
    ('face', or 'components.KIND.face')."""
    found: dict[tuple[str, str, str], tuple[Path, int]] = {}
    for path, (file, line) in lines.items():
        if line is None:
            continue
        if len(path) >= 3 and path[0] in ("face", "back"):
            side, inside = path[0], path[1:]
        elif len(path) >= 5 and path[0] == "components" and path[2] in ("face", "back"):
            side, inside = f"components.{path[1]}.{path[2]}", path[3:]
        else:
            continue
        named = element_property(inside)     # a repeat's children too ('nobles.ditch', 'label')
        if named is not None:
            found[(side, named[0], named[1])] = (file, line)
    return found


def _merge(base: dict[str, Any], top: dict[str, Any], base_lines: _Lines, top_lines: _Lines,
           path: tuple[Any, ...] = ()) -> tuple[dict[str, Any], _Lines]:
    """Deep merge for `extends`: mappings merge key by key, anything else is replaced, null deletes.
    An element given a different `type` is a new element and replaces the inherited one whole."""
    out = dict(base)
    lines = {k: v for k, v in base_lines.items()}
    for key, value in top.items():
        sub = path + (key,)
        if value is None:
            out.pop(key, None)
            lines = {k: v for k, v in lines.items() if k[: len(sub)] != sub}
            if "backs" in path:          # a back variant's null removes from the back it is merged onto
                out[key] = None          # later (model/backs.py), so it is kept until then
                lines.update({k: v for k, v in top_lines.items() if k == sub})
            continue
        retyped = isinstance(value, dict) and isinstance(out.get(key), dict) and \
            value.get("type") is not None and out[key].get("type") not in (None, value.get("type"))
        if isinstance(value, dict) and isinstance(out.get(key), dict) and not retyped:
            out[key], lines = _merge(out[key], value, lines, top_lines, sub)
            placed = top_lines.get(sub, lines.get(sub))
            if placed is not None:
                lines[sub] = placed
        else:
            lines = {k: v for k, v in lines.items() if k[: len(sub)] != sub}
            out[key] = value
            lines.update({k: v for k, v in top_lines.items() if k[: len(sub)] == sub})
    return out, lines


def _read_layout_chain(name: str, search: list[Path],
                       where: Where | None = None) -> tuple[dict[str, Any], _Lines, Path]:
    """Follow `extends` to the root and merge; lines map each path to (file, line).

    `where` is the place that names the first layout (the deck's `layout:` line); each later
    one is named by the `extends` line of the layout before it, which is where errors point.
    """
    chain: list[Located] = []
    seen: list[Path] = []
    current: str | None = name
    while current is not None:
        found = _find_layout_file(current, search, where)
        path = contained(found, found.parent, where=where, place=f"the folder '{found.parent.name}'")
        if path in seen:
            loop = " -> ".join([p.stem for p in seen] + [path.stem])
            message = (f"the layout '{current}' extends itself" if path == seen[-1]
                       else f"layouts extend each other in a loop: {loop}")
            raise UserError(message, where or Where(),
                            "'extends' names the layout this one starts from; remove it or name "
                            "another one (most layouts extend 'base')")
        seen.append(path)
        located = load_yaml(found, within=found.parent, what="layout")
        if not isinstance(located.data, dict):
            raise UserError("a layout file must be a list of 'key: value' settings", located.where(()))
        chain.append(located)
        parent = located.data.get("extends")
        where = located.where(("extends",), field="extends")
        if parent is not None and not isinstance(parent, str):
            raise UserError("'extends' should name another layout", where)
        current = parent
    data: dict[str, Any] = {}
    lines: _Lines = {}
    for located in reversed(chain):
        top_lines = {path: (located.file, line) for path, line in located.lines.items()}
        data, lines = _merge(data, located.data, lines, top_lines)
    data.pop("extends", None)
    return data, lines, chain[0].file


def load_catalogue(name: str) -> tuple[dict[str, Size], Located]:
    """card-sizes.yaml or papers.yaml: name -> Size."""
    located = load_yaml(layouts_dir() / f"{name}.yaml", within=layouts_dir(), what="list of sizes")
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
                bleed: float | None = None, backs: str = "dark") -> Layout:
    """A layout with `extends` merged and the build's options applied (options win); `backs`
    picks a back variant (model/backs.py)."""
    from printgen.model.backs import pick_backs

    search = ([deck.folder] if deck is not None else []) + [layouts_dir()]
    named_at = deck.where("layout", field_name="layout") if deck is not None and name == deck.layout else Where()
    data, lines, file = _read_layout_chain(name, search, named_at)
    data, lines = pick_backs(data, lines, backs, _merge, file)
    merged = Located(data, file, {})
    try:
        spec = LayoutFile.model_validate(data)
    except ValidationError as exc:
        err = schema_error(exc, merged, what="in a layout")
        path, _ = user_path(LayoutFile, tuple(exc.errors()[0]["loc"]))
        path += ("type",) if exc.errors()[0]["type"] == "union_tag_invalid" else ()     # at its `type:` line
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
    design_file, design_line = lines.get(("card_size",), (file, None))
    design = _pick(spec.card_size, sizes, "card size", Where(design_file, design_line, field="card_size"))
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
                    fonts, element_where, property_lines=_property_lines(lines), card_sizes=sizes)
    refuse_off_card(layout)
    layout.warnings.extend(safe_zone_warnings(layout))
    return layout


def _layout_where(lines: _Lines, file: Path, path: tuple[str, ...]) -> Where:
    """The file and line that set `path` in a layout chain (the nearest enclosing key if unset)."""
    while path and path not in lines:
        path = path[:-1]
    f, line = lines.get(path, (file, None))
    return Where(f, line, field=".".join(path) or None)


def _check_fit(paper: Size, card: Size, imp: Imposition, lines: _Lines, file: Path, bleed_option: float | None,
               size_where: Where) -> None:
    """At least one card must fit on the sheet; otherwise name what to change: the bleed (the
    option or the layout line), the margin, or the card size."""
    from printgen.model.imposition import plan_sheet

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
    if (paper.width > card.width and paper.height > card.height
            or paper.width > card.height and paper.height > card.width):
        raise UserError(f"the {imp.margin:g} mm margins leave no room for a {card.width:g} x {card.height:g} mm card "
                        f"on {paper.width:g} x {paper.height:g} mm paper",
                        _layout_where(lines, file, ("imposition", "margin")),
                        "home printers need about 5 mm") from None
    raise UserError(problem.message, size_where if size_where.file or size_where.line else
                    _layout_where(lines, file, ("card_size",)), problem.hint) from None


# The first bytes of a TrueType font (ReportLab embeds TrueType outlines only, not OpenType CFF).
_TRUETYPE_TAGS = (b"\x00\x01\x00\x00", b"true")


def _check_truetype(path: Path, font_file: str, where: Where, within: Path) -> None:
    with opened(path, within=within, what="font", limit=MAX_FONT_BYTES, where=where) as (handle, _):
        tag = handle.read(4)
    if tag not in _TRUETYPE_TAGS:
        kind = "an OpenType (CFF) font" if tag == b"OTTO" else "not a font file"
        raise UserError(f"'{font_file}' is {kind}; printgen needs a TrueType font (.ttf)", where,
                        "use the .ttf version of the font (many font families ship one)")


def _font_path(font_name: str, font_file: str, layout_file: Path, where: tuple[Path, int] | None) -> Path:
    """A font named in a layout: a file under the layout's own folder or printgen/fonts/, never
    anywhere else on the computer (a deck shared with a class must carry its fonts)."""
    f, line = where or (layout_file, None)
    bases = [layout_file.parent.resolve(), FONTS_DIR.resolve()]
    inside = False
    for base in bases:
        path = (base / font_file).resolve()
        if path.is_relative_to(base):
            inside = True
            if exists(base / font_file):        # a pipe or a folder of that name is refused as what it is
                from printgen.files.font_files import check_font

                font_where = Where(f, line, field=f"fonts.{font_name}")
                _check_truetype(base / font_file, font_file, font_where, base)
                check_font(path, font_where)     # a damaged font file is refused here, at its line
                return path
    if not inside:
        raise UserError(f"the font file '{font_file}' is outside the layout's folder and printgen/fonts/",
                        Where(f, line),
                        "copy the font next to the layout (or into a folder beside it) and give its path from there")
    raise UserError(f"font file '{font_file}' not found", Where(f, line),
                    "font paths are relative to the layout file or printgen/fonts/")
