"""The web editor without a browser: its three-way merge, cards added and deleted, pictures
uploaded, and what its messages say (the page's words: cards and boxes, no YAML, no paths)."""

from __future__ import annotations

import io
import json
import struct
import zlib
from pathlib import Path

import pytest

from printgen.editing.roundtrip import DeckSource
from printgen.editing.web.merge import Changes, merge
from printgen.files.errors import UserError

JOHN = "Legend says I lost my treasure in the Wash in 1216. People still hunt for it."


def _rewrite(folder: Path, old: str, new: str) -> None:
    path = folder / "deck.yaml"
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def _changes(base_source: DeckSource, edits=None, added=None, deleted=()) -> Changes:
    by_id = {c.id: c for c in base_source.cards}
    ids = set(edits or {}) | set(deleted)
    return Changes(edits or {}, {i: dict(by_id[i].values) for i in ids if i in by_id}, added or {}, list(deleted))


@pytest.fixture
def cromwell(deck_copy):
    folder = deck_copy("cromwell")
    return folder, DeckSource(folder)          # the page's view: deck.yaml as it was when the page loaded


# --- the merge ------------------------------------------------------------------------------------

def test_changes_to_other_cards_or_other_values_are_merged(cromwell):
    folder, loaded = cromwell
    _rewrite(folder, JOHN, "Changed elsewhere.")                      # John's caption, in another window
    _rewrite(folder, "  - name: Anne\n    house: Stuart\n    reign: 1702-1714\n",
             "  - name: Anne\n    house: Stuart\n    reign: 1702-1714\n    title: Queen Anne\n")
    now = DeckSource(folder)
    merged = merge(now, _changes(loaded, {"john": {"reign": "1199-1215"}, "victoria": {"caption": "Mine."}}))
    assert not merged.conflicts
    assert sorted((now.cards[e.card].name, e.field, e.text) for e in merged.edits) == [
        ("John", "reign", "1199-1215"), ("Victoria", "caption", "Mine.")]


def test_the_same_value_changed_in_both_places_is_a_conflict_unless_both_made_it_alike(cromwell):
    folder, loaded = cromwell
    _rewrite(folder, JOHN, "Lost in the Wash, they say.")
    now = DeckSource(folder)
    merged = merge(now, _changes(loaded, {"john": {"caption": "Lost in the Humber."}}))
    assert [(c.name, c.field, c.mine, c.theirs) for c in merged.conflicts] == [
        ("John", "caption", "Lost in the Humber.", "Lost in the Wash, they say.")]
    assert not merged.edits
    same = merge(now, _changes(loaded, {"john": {"caption": "Lost in the Wash, they say."}}))
    assert not same.conflicts and not same.edits


def test_a_card_renamed_elsewhere_is_found_by_its_values(cromwell):
    folder, loaded = cromwell
    _rewrite(folder, "  - name: John\n", "  - name: King John\n")
    now = DeckSource(folder)
    merged = merge(now, _changes(loaded, {"john": {"caption": "Mine."}}))
    assert not merged.conflicts and [(now.cards[e.card].name, e.text) for e in merged.edits] == [("King John", "Mine.")]


def test_deleted_on_one_side_and_changed_on_the_other_is_a_conflict(cromwell):
    from printgen.editing.cardlist import delete_cards

    folder, loaded = cromwell
    john = next(c for c in loaded.cards if c.id == "john")
    (folder / "deck.yaml").write_text(delete_cards(loaded, [john.index]), encoding="utf-8")
    now = DeckSource(folder)
    edited = merge(now, _changes(loaded, {"john": {"caption": "Mine."}}))
    assert [(c.card, c.field, c.theirs) for c in edited.conflicts] == [("john", None, None)]
    both = merge(now, _changes(loaded, deleted=["john"]))
    assert not both.conflicts and not both.deleted                  # deleted in both: nothing to do
    _rewrite(folder, "  - name: Anne\n", "  - name: Anne\n    title: Queen Anne\n")
    changed = merge(DeckSource(folder), _changes(loaded, deleted=["anne"]))
    assert [(c.name, c.field, c.mine, c.theirs) for c in changed.conflicts] == [("Anne", "title", None, "Queen Anne")]


# --- the web application, through Flask's test client ---------------------------------------------

def _client(folder: Path, tmp_path: Path):
    from printgen.editing.web.server import Editor, create_app

    editor = Editor(folder, tmp_path / "out")
    client = create_app(editor).test_client()
    return editor, client, {"X-Printgen-Token": editor.token}


def test_cards_are_added_and_deleted_and_a_card_a_rule_sheet_shows_is_kept(cromwell, tmp_path):
    folder, loaded = cromwell
    editor, client, headers = _client(folder, tmp_path)
    deck = client.get("/api/deck").get_json()
    named = {c["id"]: c["named"] for c in deck["cards"] if c["named"]}
    assert set(named) == {"henry-vii", "henry-viii", "edward-vi"}
    assert named["henry-vii"] == ("The rule sheet 'Cromwell' shows this card as a picture, so it cannot be deleted "
                                  "here.")
    before = (folder / "deck.yaml").read_bytes()
    refused = client.post("/api/save",
                          json={"version": deck["version"], **vars(_changes(loaded, deleted=["henry-vii"]))},
                          headers=headers)
    assert refused.status_code == 400
    said = refused.get_json()["error"]
    assert said == ("Henry VII cannot be deleted: the rule sheet 'Cromwell' shows this card as a picture. Take the "
                    "picture out of that page first."), said
    assert (folder / "deck.yaml").read_bytes() == before
    body = {"version": deck["version"], **vars(_changes(loaded, deleted=["john"], added={
        "new-1": {"name": "Matilda", "house": "Normandy", "reign": "1141"}}))}
    answer = client.post("/api/save", json=body, headers=headers)
    assert answer.status_code == 200 and answer.get_json()["added"] == 1 and answer.get_json()["deleted"] == 1
    assert answer.get_json()["said"] == ("Saved. A copy of the deck as it was before is kept in its folder, in case "
                                         "you want it back.")
    assert "deck.yaml" not in json.dumps(answer.get_json())
    text = (folder / "deck.yaml").read_text(encoding="utf-8")
    assert "- name: John\n" not in text
    assert text.endswith("\n\n  - name: Matilda\n    house: Normandy\n    reign: 1141\n")


def test_a_generated_deck_says_plainly_that_one_card_cannot_be_added(deck_copy, tmp_path):
    folder = deck_copy("spanish")
    editor, client, headers = _client(folder, tmp_path)
    deck = client.get("/api/deck").get_json()
    assert deck["listing"] == ("every card of this deck is made from each rank of each suit, so a single card cannot "
                               "be added or deleted here")
    answer = client.post("/api/save", json={"version": deck["version"], "added": {"new-1": {"name": "Comodín"}}},
                         headers=headers)
    assert answer.status_code == 400 and answer.get_json()["error"] == (
        "Every card of this deck is made from each rank of each suit, so a single card cannot be added or deleted "
        "here."), answer.get_json()


def test_a_pack_a_deletion_breaks_is_said_of_the_deletion(deck_copy, tmp_path):
    folder = deck_copy("standard")
    editor, client, headers = _client(folder, tmp_path)
    loaded = DeckSource(folder)
    deck = client.get("/api/deck").get_json()
    answer = client.post("/api/save",
                         json={"version": deck["version"], **vars(_changes(loaded, deleted=["black-joker"]))},
                         headers=headers)
    assert answer.status_code == 400
    assert answer.get_json()["error"] == (
        "With Black Joker deleted, the deck cannot be saved: the pack 'with-jokers' should have 54 cards but has 53 "
        "(line 53 of the deck's file). Keep the card as it was, or change that part of the deck's file first.")


@pytest.mark.parametrize("edit,expected", [
    ({"picture": "art/nope.png"}, "Henry VIII, the Picture box: the picture 'art/nope.png' does not exist."),
    ({"name": ""}, "Henry VIII, the Name box: the name is blank, and every card needs one. Fill in the Name box."),
    ({"house": ""}, "Henry VIII, the House box: this card has no house, which every card needs (unless in play is "
                    "false). Fill in the House box."),
    ({"name": "Henry VII"}, "Henry VII, the Name box: another card is already called 'Henry VII'. "
                            "Give each card a name of its own."),
    ({"name": "Elizabeth I"}, "Elizabeth I, the Name box: another card is already called 'Elizabeth I'. "
                              "Give each card a name of its own."),          # a card that comes later in the deck
], ids=["picture", "name", "house", "twice", "twice-later"])
def test_the_pages_messages_speak_of_cards_and_boxes(cromwell, tmp_path, edit, expected):
    folder, loaded = cromwell
    editor, client, headers = _client(folder, tmp_path)
    answer = client.post("/api/preview", json={"card": "henry-viii", **vars(_changes(loaded, {"henry-viii": edit}))},
                         headers=headers)
    assert answer.status_code == 400
    data = answer.get_json()
    assert data["error"] == expected and data["field"] == next(iter(edit))
    assert data["card"] == "henry-viii", "said in the box of the card edited, not of the other with that name"
    for words in ("deck.yaml", "line ", "YAML", "after '", str(folder), "/tmp"):
        assert words not in data["error"], words


def test_build_refuses_a_paper_it_does_not_know(cromwell, tmp_path):
    folder, _ = cromwell
    editor, client, headers = _client(folder, tmp_path)
    answer = client.post("/api/build", json={"paper": "a3", "duplex": "long"}, headers=headers)
    assert answer.status_code == 400 and "Paper: choose A4 or Letter" in answer.get_json()["error"]
    assert not (tmp_path / "out").exists()


# --- pictures uploaded ------------------------------------------------------------------------------

def _png(width: int = 8, height: int = 8) -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (width, height), (10, 120, 200)).save(out, "PNG")
    return out.getvalue()


def _huge_png_header(width: int, height: int) -> bytes:
    """A PNG whose header claims width x height pixels, with hardly any data: a decompression bomb."""
    data = _png()
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    chunk = b"IHDR" + ihdr
    return data[:8] + struct.pack(">I", 13) + chunk + struct.pack(">I", zlib.crc32(chunk)) + data[33:]


def test_a_picture_is_stored_under_its_cards_name_and_never_over_another(deck_copy):
    from printgen.editing.web.uploads import store_picture

    folder = deck_copy("cromwell")
    png = _png()
    assert store_picture(folder, png, "../../etc/evil.jpg", "Henry VIII") == "art/henry-viii.png"   # by content
    assert store_picture(folder, png, "again.png", "Henry VIII") == "art/henry-viii.png"           # the same: once
    other = _png(9, 9)
    assert store_picture(folder, other, "other.png", "Henry VIII") == "art/henry-viii-2.png"
    assert (folder / "art" / "henry-viii.png").read_bytes() == png
    assert not (folder.parent / "etc").exists() and sorted(p.name for p in (folder / "art").iterdir()) == [
        "henry-viii-2.png", "henry-viii.png"]


@pytest.mark.parametrize("data,words", [
    (b"GIF89a" + b"\0" * 40, "is not a PNG or JPEG picture"),
    (b"", "is empty"),
    (None, "is too large; the limit is 60 megapixels"),
    ("cut", "cannot be read as a picture (the file is damaged or cut short)"),
], ids=["gif", "empty", "bomb", "cut-short"])
def test_a_file_that_is_no_card_picture_is_refused_and_nothing_is_stored(deck_copy, data, words):
    from PIL import Image

    from printgen.editing.web.uploads import store_picture

    folder = deck_copy("cromwell")
    if data is None:
        data = _huge_png_header(100_000, 100_000)
    elif data == "cut":
        out = io.BytesIO()
        Image.new("RGB", (300, 300), (200, 10, 10)).save(out, "JPEG")
        data = out.getvalue()[:2000]
    with pytest.raises(UserError) as caught:
        store_picture(folder, data, "photo.png", "John")
    assert words in str(caught.value), str(caught.value)
    assert not (folder / "art").exists()


def test_the_upload_route_takes_raw_bytes_with_the_token_and_refuses_a_huge_file(cromwell, tmp_path):
    folder, _ = cromwell
    editor, client, headers = _client(folder, tmp_path)
    url = "/api/picture?card=John&file=IMG_1.PNG"
    assert client.post(url, data=_png(), content_type="application/octet-stream").status_code == 403
    assert client.post(url, json={"x": 1}, headers=headers).status_code == 415
    answer = client.post(url, data=_png(), content_type="application/octet-stream", headers=headers)
    assert answer.status_code == 200 and answer.get_json() == {"value": "art/john.png"}
    big = client.post(url, data=b"\x89PNG\r\n\x1a\n" + b"\0" * (21 * 1024 * 1024),
                      content_type="application/octet-stream", headers=headers)
    assert big.status_code == 413 and "larger than 20 MB" in big.get_json()["error"]
