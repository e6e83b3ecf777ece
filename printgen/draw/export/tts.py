"""`printgen export DECK --to tts`: a deck for Tabletop Simulator (TTS): its card faces on sheets of
at most 10 x 7, its back (one picture, or a back sheet per face sheet when the backs differ), the
pieces TTS can make from pictures (square tiles, round coins), and a saved object naming them all.

Choices, said in the note written beside the files (`tts_note.py`):
- BackIsHidden is true: a card hidden in another player's hand shows its back, as a real card
  does, so no slot of a sheet is kept for a "hidden" picture and all 70 hold cards.
- The faces are the cards' trim, without bleed: TTS shows the whole picture as the card.
- A card's id is its sheet's key x 100 + its place on the sheet (TTS's own numbering).
- The pictures are named by local file URLs (file:///...), which only this computer can load: the
  note says how to host them and which URLs to replace.
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image

from printgen.draw.export.choose import chosen_cards, folder_for, packs_of
from printgen.draw.export.images import Exported, json_bytes
from printgen.draw.export.sides import Shot, png_bytes, rasterise, sides_pdf
from printgen.draw.export.tts_note import note
from printgen.draw.sheets.faces import Faces, resolve_faces
from printgen.files.errors import UserError, Warning_
from printgen.files.wording import counted
from printgen.model.deck import Deck
from printgen.model.kinds import CARD_KIND, Kind, uses_components
from printgen.model.layouts import load_layout
from printgen.model.presets import MM_PER_INCH, TableSpec, table_spec

# The pieces TTS makes from a picture or two, by the shape of their outline: Custom_Tile's Type
# 0 is a box (a square or oblong tile), 2 a circle (a coin). Folded pieces are left out (the note
# says why).
TILE_TYPES = {"rect": 0, "round": 2}
GREY = {"r": 0.713235259, "g": 0.713235259, "b": 0.713235259}


@dataclass(frozen=True)
class Grid:
    """One card sheet: which cards (positions in the deck), and its columns and rows."""

    key: int
    cards: list[int]
    columns: int
    rows: int


def grids(cards: list[int], spec: TableSpec) -> list[Grid]:
    """The cards cut into sheets of at most columns x rows, each as narrow as its cards allow."""
    per = spec.columns * spec.rows
    out = []
    for n, start in enumerate(range(0, len(cards), per), start=1):
        chunk = cards[start:start + per]
        columns = min(spec.columns, len(chunk))
        out.append(Grid(n, chunk, columns, math.ceil(len(chunk) / columns)))
    return out


def face_pixels(kind: Kind, sheets: list[Grid], spec: TableSpec, dpi: int) -> tuple[int, int, float]:
    """A face's width and height in pixels and its scale (px per mm): `dpi`, made smaller when the
    widest or tallest sheet would pass the table's limit."""
    columns = max(g.columns for g in sheets)
    rows = max(g.rows for g in sheets)
    w, h = kind.shape.width, kind.shape.height
    s = min(dpi / MM_PER_INCH, spec.max_side_px / (columns * w), spec.max_side_px / (rows * h))
    width = min(round(w * s), spec.max_side_px // columns)
    height = min(round(h * s), spec.max_side_px // rows)
    return width, height, s


def export_tts(ref: str, dpi: int | None, out: Path, pack: str | None = None,
               cards: str | None = None, card_size: str | None = None) -> list[Exported]:
    """Every pack's TTS files (written by the caller, all or none)."""
    spec = table_spec()
    return [_pack_tts(deck, spec, dpi or spec.dpi, out, cards, card_size) for deck in packs_of(ref, pack)]


def _pack_tts(deck: Deck, spec: TableSpec, dpi: int, out: Path, wanted: str | None,
              card_size: str | None) -> Exported:
    layout = load_layout(deck.layout, deck, card_size=card_size)
    faces = resolve_faces(deck, layout)
    folder = folder_for(out, deck, "tts")
    chosen = chosen_cards(deck, wanted)
    cards = [i for i in chosen if faces.kinds[i].name == CARD_KIND]
    pieces = [i for i in chosen if faces.kinds[i].name != CARD_KIND and faces.kinds[i].shape.shape in TILE_TYPES]
    kept = {faces.kinds[i].name for i in cards + pieces}
    left = {faces.kinds[i].name: faces.kinds[i].shape.shape for i in chosen if faces.kinds[i].name not in kept}
    if not cards and not pieces:
        raise UserError(f"the deck '{deck.output_key}' has nothing Tabletop Simulator can make from pictures "
                        f"(only {', '.join(left)})", hint="export pictures instead: --to images --preset plain")
    files: dict[Path, bytes] = {}
    objects: list[dict[str, Any]] = []
    words: list[str] = []
    packed = uses_components(deck, layout)
    if cards:
        deck_object, card_files, said = _card_deck(deck, faces, cards, spec, dpi, folder, packed)
        objects.append(deck_object)
        files.update(card_files)
        words.append(said)
    if pieces:
        piece_objects, piece_files = _pieces(deck, faces, pieces, dpi, folder, packed)
        objects += piece_objects
        files.update(piece_files)
        words.append(counted(len(pieces), "piece") + " as tiles")
    save = {"SaveName": deck.title, "GameMode": "", "Date": "", "VersionNumber": "", "Gravity": 0.5,
            "PlayArea": 0.5, "Note": "", "Rules": "", "LuaScript": "", "LuaScriptState": "", "XmlUI": "",
            "ObjectStates": objects, "TabStates": {}}
    json_name = f"{deck.output_key}.json"
    files[folder / json_name] = json_bytes(save)
    images = sorted(p.name for p in files if p.suffix == ".png")
    files[folder / "README.txt"] = note(deck, json_name, images, left, dpi, spec).encode()
    warnings = [Warning_(f"Tabletop Simulator has no piece made from a picture for the {name} pieces: they are "
                         f"left out (see README.txt in {folder})") for name in left]
    return Exported(files, warnings, f"{deck.output_key}: {'; '.join(words)} for Tabletop Simulator in {folder}")


def _card_deck(deck: Deck, faces: Faces, cards: list[int], spec: TableSpec, dpi: int, folder: Path,
               packed: bool) -> tuple[dict[str, Any], dict[Path, bytes], str]:
    """The DeckCustom object, its face sheets and its back picture(s)."""
    sheets = grids(cards, spec)
    kind = faces.kinds[cards[0]]
    width, height, s = face_pixels(kind, sheets, spec, dpi)
    distinct_backs = {faces.backs[i] for i in cards}
    unique = len(distinct_backs) > 1
    shots = [Shot(i, "front", False, s, width, height) for i in cards]
    shots += [Shot(i, "back", False, s, width, height) for i in (cards if unique else cards[:1])]
    pictures = list(rasterise(sides_pdf(deck, faces, shots, packed), shots))
    fronts, backs = pictures[:len(cards)], pictures[len(cards):]
    files: dict[Path, bytes] = {}
    stem = deck.output_key
    dpi_drawn = s * MM_PER_INCH
    entries: dict[str, dict[str, Any]] = {}
    if not unique:
        back_file = folder / f"{stem}-back.png"
        files[back_file] = png_bytes(backs[0], dpi_drawn)
    contained, ids = [], []
    done = 0
    for grid in sheets:
        face_file = folder / f"{stem}-faces-{grid.key}.png"
        files[face_file] = png_bytes(_sheet(fronts[done:done + len(grid.cards)], grid, width, height), dpi_drawn)
        if unique:
            back_file = folder / f"{stem}-backs-{grid.key}.png"
            files[back_file] = png_bytes(_sheet(backs[done:done + len(grid.cards)], grid, width, height), dpi_drawn)
        done += len(grid.cards)
        entry = {"FaceURL": _url(face_file), "BackURL": _url(back_file), "NumWidth": grid.columns,
                 "NumHeight": grid.rows, "BackIsHidden": True, "UniqueBack": unique, "Type": 0}
        entries[str(grid.key)] = entry
        for place, i in enumerate(grid.cards):
            card_id = grid.key * 100 + place
            ids.append(card_id)
            card = deck.cards[i]
            contained.append({**_common("Card", deck, card.id, card.name), "CardID": card_id,
                              "CustomDeck": {str(grid.key): entry}})
    if len(contained) == 1:      # TTS makes a deck of two cards or more; one card is a card of its own
        obj = {**contained[0], "Transform": _transform(0, 0)}
    else:
        obj = {**_common("DeckCustom", deck, "deck", deck.title), "DeckIDs": ids, "CustomDeck": entries,
               "ContainedObjects": contained, "Transform": _transform(0, 0, face_down=True)}
    said = (f"{counted(len(cards), 'card')} on {counted(len(sheets), 'sheet')} of faces {width} x {height} px, "
            f"{'a back for each card' if unique else 'one back'}")
    return obj, files, said


def _sheet(pictures: list[Image.Image], grid: Grid, width: int, height: int) -> Image.Image:
    """The faces in rows, left to right from the top; a slot with no card is left white."""
    sheet = Image.new("RGB", (grid.columns * width, grid.rows * height), "white")
    for place, picture in enumerate(pictures):
        sheet.paste(picture, ((place % grid.columns) * width, (place // grid.columns) * height))
    return sheet


def _pieces(deck: Deck, faces: Faces, pieces: list[int], dpi: int, folder: Path,
            packed: bool) -> tuple[list[dict[str, Any]], dict[Path, bytes]]:
    """A Custom_Tile for each tile and coin, with its front and back pictures (a back shared by
    several pieces is one picture). TTS gives a tile no real size, so the largest kind is at scale
    1 and the others in proportion."""
    s = dpi / MM_PER_INCH
    shots: list[Shot] = []
    back_name: dict[tuple, str] = {}
    for i in pieces:
        kind = faces.kinds[i]
        size = (round(kind.shape.width * s), round(kind.shape.height * s))
        shots.append(Shot(i, "front", False, s, *size))
        key = (kind.name, faces.backs[i])
        if faces.backs[i] and key not in back_name:
            back_name[key] = f"{deck.cards[i].id}-back.png"
            shots.append(Shot(i, "back", False, s, *size))
    files: dict[Path, bytes] = {}
    for shot, picture in zip(shots, rasterise(sides_pdf(deck, faces, shots, packed), shots)):
        card = deck.cards[shot.piece]
        name = f"{card.id}.png" if shot.side == "front" else back_name[(faces.kinds[shot.piece].name,
                                                                        faces.backs[shot.piece])]
        files[folder / name] = png_bytes(picture, dpi)
    largest = max(faces.kinds[i].shape.width for i in pieces)
    objects = []
    for n, i in enumerate(pieces):
        kind, card = faces.kinds[i], deck.cards[i]
        front = folder / f"{card.id}.png"
        back = folder / back_name[(kind.name, faces.backs[i])] if faces.backs[i] else front
        scale = round(kind.shape.width / largest, 4)
        objects.append({**_common("Custom_Tile", deck, card.id, card.name),
                        "Transform": _transform(4 + (n % 8) * 2.5, (n // 8) * 2.5, scale),
                        "CustomImage": {"ImageURL": _url(front), "ImageSecondaryURL": _url(back), "ImageScalar": 1.0,
                                        "WidthScale": 0.0,
                                        "CustomTile": {"Type": TILE_TYPES[kind.shape.shape], "Thickness": 0.1,
                                                       "Stackable": False, "Stretch": True}}})
    return objects, files


def _common(name: str, deck: Deck, key: str, nickname: str) -> dict[str, Any]:
    """What every TTS object carries; its GUID made from the deck and the piece, so the same deck
    saves the same file."""
    guid = hashlib.sha1(f"{deck.output_key}/{key}".encode()).hexdigest()[:6]
    return {"Name": name, "GUID": guid, "Nickname": nickname, "Description": "", "GMNotes": "",
            "ColorDiffuse": GREY, "Locked": False, "Grid": True, "Snap": True, "Autoraise": True, "Sticky": True,
            "Tooltip": True, "Hands": name in ("Card", "DeckCustom"), "SidewaysCard": False,
            "Transform": _transform(0, 0), "LuaScript": "", "LuaScriptState": "", "XmlUI": ""}


def _transform(x: float, z: float, scale: float = 1.0, face_down: bool = False) -> dict[str, float]:
    return {"posX": x, "posY": 1.0, "posZ": z, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0 if face_down else 0.0,
            "scaleX": scale, "scaleY": 1.0, "scaleZ": scale}


def _url(path: Path) -> str:
    """A picture's local file URL, which TTS loads on this computer only (see the note)."""
    return path.resolve().as_uri()
