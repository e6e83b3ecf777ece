"""`printgen export --to tts`: the saved object parses, and its sheets' grids, counts and card ids
agree with the pictures; every card is in the slot its id says (held against the card drawn
alone by `preview`'s path, piece_pdf)."""

from __future__ import annotations

import io
import json
from pathlib import Path
from urllib.parse import unquote, urlparse

import numpy as np
import pypdfium2 as pdfium
import pytest
from exportcheck import difference, png_pixels
from PIL import Image

from printgen.draw.export.tts import export_tts
from printgen.draw.sheets.pdf import piece_pdf
from printgen.model.layouts import load_layout
from printgen.model.load import load_deck
from printgen.model.presets import TableSpec, table_spec


def _export(tmp_path: Path, deck: str, dpi: int, **options) -> tuple[dict[Path, bytes], list]:
    results = export_tts(deck, dpi, tmp_path, **options)
    files = {p: d for r in results for p, d in r.files.items()}
    return files, results


def _save(files: dict[Path, bytes]) -> dict:
    return json.loads(next(d for p, d in files.items() if p.suffix == ".json"))


def _picture(files: dict[Path, bytes], url: str) -> Image.Image:
    path = Path(unquote(urlparse(url).path))
    assert url.startswith("file:///") and path in files, url
    return Image.open(io.BytesIO(files[path]))


def _alone(deck, card, size: tuple[int, int]) -> np.ndarray:
    """The card drawn alone at its trim by piece_pdf (preview's way), at the slot's size."""
    pdf = pdfium.PdfDocument(piece_pdf(deck, load_layout(deck.layout, deck), card, back=False))
    page = pdf[0]
    image = page.render(scale=size[0] / page.get_width()).to_pil().convert("RGB").resize(size, Image.Resampling.BOX)
    return np.asarray(image).astype(int)


def _check_deck(files: dict[Path, bytes], deck, dpi: int, spec: TableSpec) -> dict:
    """The DeckCustom against its pictures; returns it."""
    save = _save(files)
    [obj] = [o for o in save["ObjectStates"] if o["Name"] == "DeckCustom"]
    entries = obj["CustomDeck"]
    assert list(entries) == [str(k) for k in range(1, len(entries) + 1)]
    cards = obj["ContainedObjects"]
    assert [c["Nickname"] for c in cards] == [c.name for c in deck.cards]
    assert [c["CardID"] for c in cards] == obj["DeckIDs"]
    assert len(set(obj["DeckIDs"])) == len(deck.cards)
    deck_face: tuple[int, int] | None = None
    for key, entry in entries.items():
        on_sheet = [i for i in obj["DeckIDs"] if i // 100 == int(key)]
        assert sorted(i % 100 for i in on_sheet) == list(range(len(on_sheet)))    # places 0, 1, 2 ... in order
        assert entry["NumWidth"] <= spec.columns and entry["NumHeight"] <= spec.rows
        assert (entry["NumHeight"] - 1) * entry["NumWidth"] < len(on_sheet) <= entry["NumWidth"] * entry["NumHeight"]
        assert entry["BackIsHidden"] is True                 # so the last slot holds a card, not the hidden face
        sheet = _picture(files, entry["FaceURL"])
        assert sheet.mode == "RGB" and max(sheet.size) <= spec.max_side_px
        assert sheet.width % entry["NumWidth"] == 0 and sheet.height % entry["NumHeight"] == 0
        face = (sheet.width // entry["NumWidth"], sheet.height // entry["NumHeight"])
        deck_face = deck_face or face
        assert face == deck_face                              # one face size for the whole deck
        back = _picture(files, entry["BackURL"])
        if entry["UniqueBack"]:
            assert back.size == sheet.size
        else:
            assert back.size == face
    assert deck_face is not None
    card = load_layout(deck.layout, deck).card
    assert deck_face[0] / deck_face[1] == pytest.approx(card.width / card.height, rel=0.02)   # not stretched
    return obj


def _check_slots(files: dict[Path, bytes], obj: dict, deck, which: list[int]) -> None:
    """Card `i` (in the deck's order) is in the slot its CardID names, and no other card is."""
    for i in which:
        card_id = obj["DeckIDs"][i]
        entry = obj["CustomDeck"][str(card_id // 100)]
        sheet = png_pixels(files[Path(unquote(urlparse(entry["FaceURL"]).path))])
        w, h = sheet.shape[1] // entry["NumWidth"], sheet.shape[0] // entry["NumHeight"]
        place = card_id % 100
        slot = sheet[(place // entry["NumWidth"]) * h:(place // entry["NumWidth"] + 1) * h,
                     (place % entry["NumWidth"]) * w:(place % entry["NumWidth"] + 1) * w]
        own = difference(slot, _alone(deck, deck.cards[i], (w, h)), blur=2)
        other = difference(slot, _alone(deck, deck.cards[(i + 1) % len(deck.cards)], (w, h)), blur=2)
        assert own < 6.0 and other > own + 2.0, (deck.cards[i].id, own, other)


def test_cromwell_deck(tmp_path):
    files, results = _export(tmp_path, "cromwell", 30)
    deck, spec = load_deck("cromwell"), table_spec()
    obj = _check_deck(files, deck, 30, spec)
    assert obj["DeckIDs"] == list(range(100, 143))         # 43 cards on one sheet of 10 x 5
    assert (obj["CustomDeck"]["1"]["NumWidth"], obj["CustomDeck"]["1"]["NumHeight"]) == (10, 5)
    assert obj["CustomDeck"]["1"]["UniqueBack"] is False    # every card has the same back: one picture
    _check_slots(files, obj, deck, [0, 21, 42])
    readme = files[tmp_path / "cromwell" / "tts" / "README.txt"].decode()
    assert "Cloud Manager" in readme and "FaceURL" in readme and "Back is Hidden" in readme
    assert files == _export(tmp_path, "cromwell", 30)[0]     # the same deck, the same bytes


def test_a_spanish_pack_on_several_sheets_within_the_limit(tmp_path, monkeypatch):
    small = table_spec().model_copy(update={"columns": 4, "rows": 3, "max_side_px": 400})
    monkeypatch.setattr("printgen.draw.export.tts.table_spec", lambda: small)
    files, _ = _export(tmp_path, "spanish", 60, pack="40")
    deck = load_deck("spanish", "40")
    obj = _check_deck(files, deck, 60, small)
    grids = [(e["NumWidth"], e["NumHeight"]) for e in obj["CustomDeck"].values()]
    assert grids == [(4, 3)] * 3 + [(4, 1)]                  # 12 + 12 + 12 + 4 cards
    assert obj["DeckIDs"][12] == 200 and obj["DeckIDs"][-1] == 403
    face = _picture(files, obj["CustomDeck"]["1"]["BackURL"]).size
    assert face[0] * 4 <= 400 and face[1] * 3 <= 400 and face[1] * 3 > 380     # shrunk to fit 400 px, no more
    _check_slots(files, obj, deck, [0, 13, 39])
    assert all(p.parent == tmp_path / "spanish" / "tts" / "40" for p in files)


def test_coppertwaddle_deck(tmp_path):
    files, _ = _export(tmp_path, "coppertwaddle", 30)
    deck = load_deck("coppertwaddle")
    obj = _check_deck(files, deck, 30, table_spec())
    assert (obj["CustomDeck"]["1"]["NumWidth"], obj["CustomDeck"]["1"]["NumHeight"]) == (10, 6)
    _check_slots(files, obj, deck, [0, 54])


def test_unique_backs_get_a_back_sheet(tmp_path, deck_copy):
    folder = deck_copy("cromwell", "backs")
    (folder / "named-backs.yaml").write_text(
        "extends: cromwell\nback:\n  named: {type: text, text: \"{{ card.name }}\", x: 5, y: 40, width: 53.5, "
        "height: 10, size: 14, colour: \"#FFFFFF\"}\n")
    text = (folder / "deck.yaml").read_text()
    (folder / "deck.yaml").write_text(text.replace("layout: cromwell ", "layout: named-backs ", 1))
    files, _ = _export(tmp_path, str(folder), 30)
    deck = load_deck(str(folder))
    obj = _check_deck(files, deck, 30, table_spec())
    entry = obj["CustomDeck"]["1"]
    assert entry["UniqueBack"] is True and entry["BackURL"].endswith("backs-backs-1.png")


def test_piecepack_tiles_and_coins(tmp_path):
    files, results = _export(tmp_path, "piecepack", 40)
    save = _save(files)
    objects = save["ObjectStates"]
    assert {o["Name"] for o in objects} == {"Custom_Tile"}
    tiles = [o for o in objects if o["CustomImage"]["CustomTile"]["Type"] == 0]
    coins = [o for o in objects if o["CustomImage"]["CustomTile"]["Type"] == 2]
    assert len(tiles) == 24 and len(coins) == 24
    assert len({o["GUID"] for o in objects}) == 48
    for o in objects:
        front = _picture(files, o["CustomImage"]["ImageURL"])
        back = _picture(files, o["CustomImage"]["ImageSecondaryURL"])
        assert front.size == back.size and front.width == front.height
    assert {o["CustomImage"]["ImageSecondaryURL"] for o in tiles} == {tiles[0]["CustomImage"]["ImageSecondaryURL"]}
    assert len({o["CustomImage"]["ImageSecondaryURL"] for o in coins}) == 4     # a coin's back shows its suit
    assert coins[0]["Transform"]["scaleX"] == pytest.approx(0.375)             # 0.75 in against 2 in
    readme = files[tmp_path / "piecepack" / "tts" / "README.txt"].decode()
    assert "the die pieces" in readme and "the pawn pieces" in readme
    assert len(results[0].warnings) == 2
