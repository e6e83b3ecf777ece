"""What a deck's sheets say about themselves: the manifest (`<deck>-cards.json`), where every piece's
front and back went, and the build's one line, both written from the placements.

The manifest's format is public: a deck of cards on a grid gives its card size and how many fit a
sheet; a deck of pieces gives each kind's shape and size, and each piece's kind. Everything else
is the same for both.
"""

from __future__ import annotations

from json.encoder import encode_basestring  # C, as json uses with ensure_ascii=False
from typing import Any

from printgen.draw.sheets.faces import Faces
from printgen.files.wording import counted
from printgen.model.deck import Deck, Layout
from printgen.model.imposition import Slot, plan_sheet
from printgen.model.kinds import Kind
from printgen.model.placement import Imposed


def manifest(deck: Deck, layout: Layout, faces: Faces, imposed: Imposed) -> dict[str, Any]:
    """The manifest of the sheets, key by key in the order the file has always had."""
    imp, paper, grid = layout.imposition, imposed.paper, imposed.grid
    out: dict[str, Any] = {
        "deck": deck.key,
        "pack": deck.pack,
        "title": deck.title,
        "paper": {"name": layout.paper_name, "width_mm": paper[0], "height_mm": paper[1]},
    }
    if grid is not None:
        out["card_size"] = {"name": layout.card_size, "width_mm": layout.card.width, "height_mm": layout.card.height}
    out.update({"bleed_mm": imp.bleed, "duplex": imposed.duplex,
                "back_offset_mm": {"x": imposed.offset[0], "y": imposed.offset[1]}})
    if grid is not None:
        out["per_sheet"] = grid.per_sheet
    out.update({"sheets": imposed.sheets, "pages": len(imposed.pages)})
    out.update(imposition_entries(imposed))
    if grid is None:
        out["components"] = _kind_entries(faces)
    cards = []
    for card, (i, placed) in zip(deck.cards, enumerate(imposed.of_piece())):
        entry: dict[str, Any] = {"id": card.id, "name": card.name}
        if grid is None:
            entry.update({"kind": faces.kinds[i].name, "shape": faces.kinds[i].shape.shape})
        entry["front"] = placement(placed["front"].page, placed["front"].slot)
        # a piece whose layout draws nothing on its back (a die's net, a pawn) has none
        entry["back"] = placement(placed["back"].page, placed["back"].slot) if grid is not None or faces.has_back(i) \
            else None
        if imposed.style == "single":       # each side's page is its trim and bleed
            for side in ("front", "back"):
                if entry[side] is not None:
                    entry[side]["page_mm"] = _page_size(imposed, placed[side].page)
        cards.append(entry)
    out["cards"] = cards
    return out


def imposition_entries(imposed: Imposed) -> dict[str, Any]:
    """What an imposition other than the plain sheets adds to the manifest (nothing for them, so
    their manifest is as it always was): its name, a gutter fold's line, a single PDF's page order,
    and cut lines when they replace the crop marks."""
    out: dict[str, Any] = {}
    if imposed.style != "sheets":
        out["imposition"] = imposed.style
    if imposed.fold is not None:
        out["fold"] = {"axis": imposed.fold.axis, ("x_mm" if imposed.fold.axis == "vertical" else "y_mm"):
                       round(imposed.fold.at, 3)}
    if imposed.order is not None:
        out["page_order"] = imposed.order
    if imposed.crop != "marks":
        out["crop"] = imposed.crop
    return out


def _page_size(imposed: Imposed, number: int) -> dict[str, float]:
    size = imposed.pages[number - 1].size or imposed.paper
    return {"width": round(size[0], 3), "height": round(size[1], 3)}


def placement(page: int, slot: Slot) -> dict[str, Any]:
    """One side's place in the manifest: its page and trim box, rounded to a thousandth of a mm."""
    return {"page": page, "x_mm": round(slot.x, 3), "y_mm": round(slot.y, 3), "width_mm": round(slot.w, 3),
            "height_mm": round(slot.h, 3), "rotation": slot.rotation}


def _kind_entries(faces: Faces) -> dict[str, dict[str, Any]]:
    counts = faces.counts()
    return {name: _kind_entry(kind, counts[name]) for name, kind in faces.table.items()}


def _kind_entry(kind: Kind, count: int) -> dict[str, Any]:
    face = kind.shape.faces[0]
    entry: dict[str, Any] = {"shape": kind.shape.shape, "count": count, "width_mm": round(kind.shape.width, 3),
                             "height_mm": round(kind.shape.height, 3), "bleed_mm": kind.bleed, "cut": kind.cut}
    if kind.shape.shape in ("cube-net", "fold-stand"):
        entry["face_mm"] = {"width": round(face.w, 3), "height": round(face.h, 3),
                            "faces": [{"x_mm": round(f.x, 3), "y_mm": round(f.y, 3), "turn": f.turn}
                                      for f in kind.shape.faces]}
    if kind.shape.round:
        entry["diameter_mm"] = round(kind.shape.width, 3)
    return entry


# --- the build's line -------------------------------------------------------------------------

def summary(deck: Deck, layout: Layout, faces: Faces, imposed: Imposed) -> str:
    """The build's line for a deck's sheets: its cards, their size and how many a sheet holds
    (with a tip when a little less bleed fits more), or each kind of piece with its size."""
    sheets, duplex, plan = counted(imposed.sheets, "sheet"), imposed.duplex, imposed.grid
    if plan is None:
        listed = ", ".join(f"{k['count']} {plural(layout, name, k['count'])} ({_size_words(k)})"
                           for name, k in _kind_entries(faces).items())
        return f"{deck.output_key}: {listed} on {layout.paper_name.upper()}, {sheets}, duplex {duplex}"
    turned = ", turned sideways" if plan.rotated else ""
    line = (f"{deck.output_key}: {counted(len(deck.cards), 'card')}, {layout.card_size} {layout.card.width:g} x "
            f"{layout.card.height:g} mm on {layout.paper_name.upper()}, {plan.per_sheet} per sheet{turned}, "
            f"{sheets}, duplex {duplex}")
    tip = _more_cards_tip(layout)
    return line + (f"\n  tip: {tip}" if tip else "")


def plural(layout: Layout, name: str, count: int) -> str:
    kind = layout.spec.components.get(name)
    if count == 1:
        return name
    return kind.plural if kind is not None and kind.plural else f"{name}s"


def _size_words(entry: dict) -> str:
    if entry["shape"] == "round":
        return f"round, {entry['diameter_mm']:g} mm"
    if entry["shape"] == "cube-net":
        return f"die net, faces {entry['face_mm']['width']:g} mm"
    if entry["shape"] == "fold-stand":
        return f"fold-and-stand, {entry['face_mm']['width']:g} x {entry['face_mm']['height']:g} mm"
    return f"{entry['width_mm']:g} x {entry['height_mm']:g} mm"


def _more_cards_tip(layout: Layout) -> str | None:
    """Point out when a little less bleed would fit more cards on each sheet."""
    imp = layout.imposition
    now = plan_sheet(layout.paper, layout.card, imp).per_sheet
    bleed = imp.bleed
    while bleed > 1.0:
        bleed = round(bleed - 0.1, 1)
        more = plan_sheet(layout.paper, layout.card, imp.model_copy(update={"bleed": bleed})).per_sheet
        if more > now:
            return f"with --bleed {bleed:g}, {more} cards would fit on each sheet instead of {now}"
    return None


def manifest_text(value: Any) -> str:
    """`json.dumps(value, indent=2, ensure_ascii=False)`, the same characters, written without the
    json module's indenting encoder: that one is pure Python (the C encoder does not indent) and
    took about 0.036 s of a 2,150-card build, a card's manifest entry being three dictionaries
    (issue 30). Plain data only (dictionaries with string keys, lists, tuples, strings, ints,
    finite floats, booleans, None); anything else is left to json itself."""
    try:
        parts: list[str] = []
        _written(value, parts, "\n")
    except _NotPlain:
        import json

        return json.dumps(value, indent=2, ensure_ascii=False)
    return "".join(parts)


class _NotPlain(Exception):
    """A value manifest_text leaves to json (a float that is not finite, a key that is not a string,
    a type of its own)."""


def _scalar(value: Any) -> str:
    """A string, number, boolean or None as json writes it."""
    kind = type(value)
    if kind is str:
        return encode_basestring(value)
    if kind is int:
        return int.__repr__(value)
    if kind is float:
        if value != value or value == _INF or value == -_INF:
            raise _NotPlain
        return float.__repr__(value)
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    raise _NotPlain


def _written(value: Any, out: list[str], newline: str) -> None:
    """`value` added to `out` as json.dumps with indent=2 writes it, at the depth `newline` says
    (a line break and the indent of the lines inside it)."""
    kind = type(value)
    if kind is dict:
        if not value:
            out.append("{}")
            return
        inner = newline + "  "
        sep = "{" + inner
        for key, item in value.items():
            if type(key) is not str:
                raise _NotPlain
            kind = type(item)
            if kind is str:             # the usual cases at once, the rest through _scalar
                out.append(sep + encode_basestring(key) + ": " + encode_basestring(item))
            elif kind is int:
                out.append(sep + encode_basestring(key) + ": " + int.__repr__(item))
            elif kind in _NESTED:
                out.append(sep + encode_basestring(key) + ": ")
                _written(item, out, inner)
            else:
                out.append(sep + encode_basestring(key) + ": " + _scalar(item))
            sep = "," + inner
        out.append(newline + "}")
    elif kind is list or kind is tuple:
        if not value:
            out.append("[]")
            return
        inner = newline + "  "
        sep = "[" + inner
        for item in value:
            out.append(sep)
            if type(item) in _NESTED:
                _written(item, out, inner)
            else:
                out.append(_scalar(item))
            sep = "," + inner
        out.append(newline + "]")
    else:
        out.append(_scalar(value))


_INF = float("inf")
_NESTED = (dict, list, tuple)
