"""`printgen export DECK --to images`: one picture per card face and per distinct back, at a print
shop's pixel size (or the deck's own size), with a manifest saying which picture is which card.

A shop prints its own card: its pixels are its trim plus its bleed at its dpi. A deck of that
card is drawn at exactly that size with the shop's bleed. A deck of a slightly different card (a
63 x 88 mm collectible-card size on a 2.5 x 3.5 in shop card) is scaled, never stretched, until
its trim covers the shop's, and a warning says by how much and what falls outside the cut; a deck
of another shape altogether (bridge, tarot, Spanish) is refused, since the shop would cut it
wrong, with the `plain` preset as the way out.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from printgen.draw.export.choose import chosen_cards, folder_for, packs_of
from printgen.draw.export.sides import Shot, png_bytes, rasterise, sides_pdf
from printgen.draw.sheets.faces import Faces, resolve_faces
from printgen.files.errors import UserError, Warning_, Where
from printgen.files.wording import counted
from printgen.model.deck import Deck, Layout
from printgen.model.kinds import CARD_KIND, Kind, uses_components
from printgen.model.layouts import load_layout
from printgen.model.presets import MM_PER_INCH, Preset, find_preset


@dataclass(frozen=True)
class Fit:
    """How one kind of piece becomes a picture: its pixels, its scale (pixels per mm of the piece),
    the bleed the drawing needs to fill them, and the words of a warning when the piece is not the
    preset's own size."""

    width: int
    height: int
    px_per_mm: float
    bleed: float
    trim: tuple[float, float, float, float]     # the trim's box in the picture: x, y, width, height (px)
    warning: str | None = None


@dataclass
class Exported:
    """One pack's export: its files (not yet written), warnings and the line said about it."""

    files: dict[Path, bytes]
    warnings: list[Warning_] = field(default_factory=list)
    summary: str = ""


def plain_fit(kind: Kind, dpi: int) -> Fit:
    """The piece at its own size and bleed, at `dpi`."""
    s = dpi / MM_PER_INCH
    w, h, b = kind.shape.width, kind.shape.height, kind.bleed
    width, height = round((w + 2 * b) * s), round((h + 2 * b) * s)
    return Fit(width, height, s, b, _trim_box(width, height, w * s, h * s))


def shop_fit(kind: Kind, preset: Preset, where: Where) -> Fit:
    """The piece on a shop's card: exact when it is that card, scaled to cover it when its shape is
    within the preset's tolerance, refused otherwise (at `where`, the deck's card size)."""
    spec = preset.spec
    assert spec.trim is not None and spec.pixels is not None and spec.bleed is not None
    tw, th = spec.trim.width, spec.trim.height
    w, h = kind.shape.width, kind.shape.height
    what = "card" if kind.name == CARD_KIND else kind.name
    if abs((w / h) / (tw / th) - 1) > spec.aspect_tolerance:
        raise UserError(f"the deck's {what} is {w:g} x {h:g} mm, another shape from {spec.title} "
                        f"({tw:g} x {th:g} mm): the shop would cut it wrong", where,
                        "use --preset plain for pictures at the deck's own size (a shop printing other sizes "
                        "takes those), or draw the deck at the shop's card with --card-size poker")
    nominal = spec.dpi / MM_PER_INCH
    s = max(tw * nominal / w, th * nominal / h)          # the piece's trim covers the shop's
    width, height = spec.pixels.width, spec.pixels.height
    need = max((width / s - w) / 2, (height / s - h) / 2)
    warning = None
    if abs(w - tw) > 0.05 or abs(h - th) > 0.05:
        lost_w, lost_h = w - tw * nominal / s, h - th * nominal / s
        lost = (f"{lost_w:.1f} mm of its width" if lost_w > 0.05 else f"{lost_h:.1f} mm of its height")
        warning = (f"the deck's {what} is {w:g} x {h:g} mm and {spec.title} is {tw:g} x {th:g} mm: each picture "
                   f"is the {what} drawn at {s / nominal * 100:.1f} % of its size, not stretched, so "
                   f"{lost} (half on each side) falls outside the shop's cut")
        if abs(lost_w) <= 0.05 and abs(lost_h) <= 0.05:
            warning = (f"the deck's {what} is {w:g} x {h:g} mm and {spec.title} is {tw:g} x {th:g} mm: each "
                       f"picture is the {what} drawn at {s / nominal * 100:.1f} % of its size, not stretched")
    return Fit(width, height, s, max(need, 0.0), _trim_box(width, height, w * s, h * s), warning)


def _trim_box(width: int, height: int, w: float, h: float) -> tuple[float, float, float, float]:
    return (round((width - w) / 2, 2), round((height - h) / 2, 2), round(w, 2), round(h, 2))


def export_images(ref: str, preset_name: str, dpi: int | None, out: Path, pack: str | None = None,
                  cards: str | None = None, card_size: str | None = None) -> list[Exported]:
    """Every pack's pictures and manifest (written by the caller, all or none)."""
    preset = find_preset(preset_name)
    if preset.shop and dpi is not None and dpi != preset.spec.dpi:
        assert preset.spec.pixels is not None
        raise UserError(f"--dpi {dpi} does not go with --preset {preset.name}: {preset.spec.title} takes "
                        f"{preset.spec.pixels.width} x {preset.spec.pixels.height} px at {preset.spec.dpi} dpi",
                        hint="leave --dpi out, or use --preset plain --dpi N for the deck's own size")
    return [_pack_images(deck, preset, dpi, out, cards, card_size) for deck in packs_of(ref, pack)]


def _pack_images(deck: Deck, preset: Preset, dpi: int | None, out: Path, wanted: str | None,
                 card_size: str | None) -> Exported:
    layout, faces, fits = _drawn(deck, preset, dpi, card_size)
    chosen = chosen_cards(deck, wanted)
    folder = folder_for(out, deck, f"images-{preset.name}")
    shots: list[Shot] = []
    backs: dict[tuple, int] = {}        # a distinct back (its kind and drawing) -> its shot
    back_of: list[int | None] = []
    for i in chosen:
        kind = faces.kinds[i]
        fit = fits[kind.name]
        shots.append(Shot(i, "front", True, fit.px_per_mm, fit.width, fit.height))
        if not faces.backs[i]:
            back_of.append(None)         # a die's net, a pawn: nothing is printed on the back
            continue
        key = (kind.name, faces.backs[i])
        if key not in backs:
            backs[key] = len(shots)
            shots.append(Shot(i, "back", True, fit.px_per_mm, fit.width, fit.height))
        back_of.append(backs[key])
    names = _back_names(list(backs.values()))
    files: dict[Path, bytes] = {}
    pdf = sides_pdf(deck, faces, shots, uses_components(deck, layout))
    for n, (shot, image) in enumerate(zip(shots, rasterise(pdf, shots))):
        name = f"{deck.cards[shot.piece].id}.png" if shot.side == "front" else names[n]
        files[folder / name] = png_bytes(image, shot.px_per_mm * MM_PER_INCH)
    warnings = [Warning_(f.warning) for f in fits.values() if f.warning]
    manifest = _manifest(deck, preset, faces, fits, chosen, back_of, names, warnings)
    files[folder / "manifest.json"] = json_bytes(manifest)
    sizes = sorted({(f.width, f.height) for f in fits.values()})
    words = ", ".join(f"{w} x {h} px" for w, h in sizes)
    summary = (f"{deck.output_key}: {counted(len(chosen), 'face')} and {counted(len(backs), 'distinct back')} "
               f"for {preset.spec.title} ({words}) in {folder}")
    return Exported(files, warnings, summary)


def _drawn(deck: Deck, preset: Preset, dpi: int | None, card_size: str | None) -> tuple[Layout, Faces, dict[str, Fit]]:
    """The layout (with the shop's bleed), the resolved faces and each kind's fit. A piece scaled
    down to cover a shop's card needs a little more bleed to fill the picture: the layout is then
    loaded again with it, so the design's own bleed fills it (never white, never stretched)."""
    bleed = preset.spec.bleed
    for _ in range(2):
        layout = load_layout(deck.layout, deck, card_size=card_size, bleed=bleed)
        faces = resolve_faces(deck, layout)
        fits = {name: shop_fit(kind, preset, Where() if card_size else _size_where(deck, name)) if preset.shop
                else plain_fit(kind, dpi or preset.spec.dpi) for name, kind in faces.table.items()}
        short = [(name, fit.bleed) for name, fit in fits.items() if fit.bleed > faces.table[name].bleed + 1e-6]
        if not short:
            return layout, faces, fits
        bleed = max(b for _, b in short) + 0.1
    name, need = short[0]
    raise UserError(f"the {name}'s bleed ({faces.table[name].bleed:g} mm, set in its layout) is too little to "
                    f"fill {preset.spec.title}'s picture, which needs {need:.2f} mm", preset.where,
                    "use --preset plain, or give the component a larger bleed in its layout")


def json_bytes(data: Any) -> bytes:
    """JSON with its keys sorted: the same data, the same bytes."""
    return json.dumps(data, indent=2, ensure_ascii=False, sort_keys=True).encode() + b"\n"


def _size_where(deck: Deck, kind: str) -> Where:
    """Where the deck chooses the size of a kind of piece: its card_size, for its cards (a
    component's size is its layout's, named in the message)."""
    if kind == CARD_KIND and deck.card_size:
        return deck.where("card_size", field_name="card_size")
    return Where()


def _back_names(shots: list[int]) -> dict[int, str]:
    """back.png when every card shares one back, else back-1.png, back-2.png ... in deck order."""
    if len(shots) == 1:
        return {shots[0]: "back.png"}
    return {shot: f"back-{n}.png" for n, shot in enumerate(shots, start=1)}


def _manifest(deck: Deck, preset: Preset, faces: Faces, fits: dict[str, Fit], chosen: list[int],
              back_of: list[int | None], names: dict[int, str], warnings: list[Warning_]) -> dict[str, Any]:
    """Which picture is which card, at what size: the shop's upload list, and the tests' key."""
    spec = preset.spec
    cards = []
    for i, back in zip(chosen, back_of):
        card, kind = deck.cards[i], faces.kinds[i]
        fit = fits[kind.name]
        cards.append({"id": card.id, "name": card.name, "kind": kind.name, "face": f"{card.id}.png",
                      "back": names[back] if back is not None else None, "width_px": fit.width,
                      "height_px": fit.height, "dpi": round(fit.px_per_mm * MM_PER_INCH, 3),
                      "trim_px": dict(zip(("x", "y", "width", "height"), fit.trim)),
                      "trim_mm": {"width": kind.shape.width, "height": kind.shape.height},
                      "bleed_mm": round(fit.bleed if preset.shop else kind.bleed, 3)})
    return {"deck": deck.key, "pack": deck.pack, "title": deck.title,
            "preset": {"name": preset.name, "title": spec.title, "dpi": spec.dpi, "colour": spec.colour,
                       "source": spec.source},
            "cards": cards, "backs": sorted(names.values()), "warnings": [str(w) for w in warnings]}
