"""The Cromwell cards PDF read back: text on each card, backs, fonts, boxes, determinism."""

from __future__ import annotations

import re

import pytest
import yaml
from conftest import DECKS, read_manifest, run_cli
from pdfcheck import down_the_card, page_text, squash, text_in_box, trim_box, word_centres
from pypdf import PdfReader
from pypdf.generic import DictionaryObject, IndirectObject

DECK = yaml.safe_load((DECKS / "cromwell" / "deck.yaml").read_text())
HOUSES = [h["name"] for h in DECK["houses"]]


def reign_text(value) -> str:
    """How a reign is printed: en dashes, spans joined by ', ' (written independently of printgen)."""
    parts = []
    for span in str(value).split(","):
        span = span.strip()
        parts.append(span.replace("-", "\u2013"))
    return ", ".join(parts)


def test_deck_has_42_monarchs_nine_houses_and_cromwell():
    monarchs = [c for c in DECK["cards"] if c.get("in_play", True)]
    assert len(monarchs) == 42 and len(DECK["cards"]) == 43
    assert monarchs[0]["name"] == "William I" and monarchs[-1]["name"] == "Charles III"
    assert HOUSES == ["Normandy", "Blois", "Plantagenet", "Lancaster", "York", "Tudor", "Stuart", "Hanover", "Windsor"]
    cromwell = next(c for c in DECK["cards"] if c["name"] == "Oliver Cromwell")
    assert cromwell["in_play"] is False and "house" not in cromwell
    assert all(c.get("caption") for c in DECK["cards"])


def test_every_card_shows_its_name_house_and_reign_in_its_own_box(built_cromwell):
    folder = built_cromwell["long"]
    pdf = folder / "cromwell-cards.pdf"
    manifest = read_manifest(folder)
    by_id = {c["id"]: c for c in manifest["cards"]}
    assert len(by_id) == 43
    for card in DECK["cards"]:
        entry = next(e for e in manifest["cards"] if e["name"] == card["name"])
        text = squash(text_in_box(pdf, entry["front"]["page"], trim_box(entry["front"])))
        assert card["name"] in text, card["name"]
        label = card.get("house") or card.get("title")
        assert label.upper() in text, (card["name"], text)
        assert reign_text(card["reign"]) in text, (card["name"], text)
        assert squash(card["caption"]) in text, (card["name"], text)


def test_two_span_reigns_print_both_spans(built_cromwell):
    whole = "".join(squash(page_text(built_cromwell["long"] / "cromwell-cards.pdf", p)) for p in range(1, 13, 2))
    assert "1422\u20131461, 1470\u20131471" in whole
    assert "1461\u20131470, 1471\u20131483" in whole
    assert "2022\u2013" in whole


def test_backs_list_the_nine_houses_in_order(built_cromwell):
    for mode in ("long", "short", "none"):
        folder = built_cromwell[mode]
        pdf = folder / "cromwell-cards.pdf"
        for entry in read_manifest(folder)["cards"][::7]:
            back = entry["back"]
            positions = []
            for house in HOUSES:
                centres = word_centres(pdf, back["page"], house.upper(), trim_box(back))
                assert len(centres) == 1, (mode, entry["name"], house, centres)
                positions.append(down_the_card(centres[0], back["rotation"]))
            assert positions == sorted(positions), (mode, entry["name"])
            # Large letters, readable across a table: each name at least 4 mm tall.
            text = text_in_box(pdf, back["page"], trim_box(back))
            assert all(h.upper() in text for h in HOUSES)


def test_a_side_on_one_card_is_drawn_in_its_page_and_a_shared_one_is_one_form(built_cromwell):
    """Issue 30: a form of its own for every front made the PDF five times the plain floor's per
    card. The 43 fronts differ, so each is drawn where it stands; the one back all cards share
    stays one form, placed on every back."""
    folder = built_cromwell["long"]
    reader = PdfReader(folder / "cromwell-cards.pdf")
    cards = read_manifest(folder)["cards"]
    front_pages = {c["front"]["page"] for c in cards}
    back_pages = {c["back"]["page"] for c in cards}
    assert not front_pages & back_pages
    forms, uses = set(), 0
    for number, page in enumerate(reader.pages, start=1):
        names = {n for n in (page["/Resources"].get("/XObject") or {}) if n.startswith("/FormXob.side")}
        content = page.get_contents().get_data()
        if number in front_pages:
            assert not names and b"/FormXob.side" not in content, number
            assert all(c["name"].encode() in content for c in cards if c["front"]["page"] == number), number
        else:
            forms |= names
            uses += content.count(b"/FormXob.side")
    assert forms == {"/FormXob.side0"} and uses == len(cards) == 43


def test_identical_input_gives_identical_bytes(tmp_path, deck_copy):
    # Fresh interpreters: two runs forked from one would share their hash seeds.
    first = run_cli("build", "cromwell", "--out", str(tmp_path / "a"), "--quiet", fresh=True)
    # The same deck from another folder and another working directory: no path may leak in.
    elsewhere = deck_copy("cromwell")
    second = run_cli("build", str(elsewhere), "--out", str(tmp_path / "b"), "--quiet", cwd=tmp_path, fresh=True)
    assert first.code == 0 and second.code == 0, first.err + second.err
    for name in ("cromwell-cards.pdf", "cromwell-cards.json"):
        a = (tmp_path / "a" / "cromwell" / name).read_bytes()
        b = (tmp_path / "b" / "cromwell" / name).read_bytes()
        assert a == b, name


def _walk_fonts(reader: PdfReader):
    """Every font dictionary reachable from any page, including inside forms (XObjects)."""
    seen, fonts = set(), []
    stack = [page.get("/Resources") for page in reader.pages]
    while stack:
        item = stack.pop()
        if isinstance(item, IndirectObject):
            if item.idnum in seen:
                continue
            seen.add(item.idnum)
            item = item.get_object()
        if not isinstance(item, DictionaryObject):
            continue
        for font in (item.get("/Font") or {}).values():
            fonts.append(font.get_object())
        for xobject in (item.get("/XObject") or {}).values():
            obj = xobject.get_object()
            if "/Resources" in obj:
                stack.append(obj["/Resources"])
    return fonts


@pytest.mark.parametrize("mode", ["long", "none"])
def test_every_font_embedded_boxes_and_print_scaling(built_cromwell, mode):
    reader = PdfReader(built_cromwell[mode] / "cromwell-cards.pdf")
    fonts = _walk_fonts(reader)
    assert fonts, "no fonts found"
    for font in fonts:
        descriptors = [font.get("/FontDescriptor")] + [d.get_object().get("/FontDescriptor")
                                                       for d in font.get("/DescendantFonts", [])]
        embedded = any(d is not None and any(k in d.get_object() for k in ("/FontFile", "/FontFile2", "/FontFile3"))
                       for d in descriptors)
        assert embedded, f"font {font.get('/BaseFont')} is not embedded"
        assert "Helvetica" not in str(font.get("/BaseFont"))
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/PrintScaling"] == "/None"
    manifest = read_manifest(built_cromwell[mode])
    for number, page in enumerate(reader.pages, start=1):
        sides = [c[s] for c in manifest["cards"] for s in ("front", "back") if c[s]["page"] == number]
        trims = [trim_box(s) for s in sides]
        union = [min(t[0] for t in trims), min(t[1] for t in trims), max(t[2] for t in trims), max(t[3] for t in trims)]
        trim = [float(v) * 25.4 / 72 for v in page.trimbox]
        bleed = [float(v) * 25.4 / 72 for v in page.bleedbox]
        assert trim == pytest.approx(union, abs=0.01)
        assert bleed == pytest.approx([union[0] - 3, union[1] - 3, union[2] + 3, union[3] + 3], abs=0.01)
        media = [float(v) * 25.4 / 72 for v in page.mediabox]
        assert media == pytest.approx([0, 0, 210, 297], abs=0.01)


def test_caption_markup_and_template_syntax_print_literally(tmp_path, deck_copy):
    folder = deck_copy("cromwell")
    nasty = "Fish & chips <b>not bold</b> {{ card.name }} {% if true %}no{% endif %} a<b & c>d"
    text = (folder / "deck.yaml").read_text()
    text = re.sub(r'(- name: Henry VIII\n(?:    .*\n)*?    caption: ).*',
                  lambda m: m.group(1) + yaml.safe_dump(nasty, default_style='"').strip(), text)
    (folder / "deck.yaml").write_text(text)
    assert next(c for c in yaml.safe_load(text)["cards"] if c["name"] == "Henry VIII")["caption"] == nasty
    run = run_cli("build", str(folder), "--out", str(tmp_path / "out"), "--quiet")
    assert run.code == 0, run.err
    out = tmp_path / "out" / "cromwell"
    entry = next(c for c in read_manifest(out)["cards"] if c["name"] == "Henry VIII")
    shown = squash(text_in_box(out / "cromwell-cards.pdf", entry["front"]["page"], trim_box(entry["front"])))
    assert squash(nasty) in shown, shown


def test_too_long_caption_shrinks_then_warns_naming_the_card(tmp_path, deck_copy):
    folder = deck_copy("cromwell")
    text = (folder / "deck.yaml").read_text()
    long_caption = "A very long caption that keeps going. " * 12
    text = re.sub(r'(- name: Anne\n(?:    .*\n)*?    caption: ).*',
                  lambda m: m.group(1) + '"' + long_caption.strip() + '"', text)
    (folder / "deck.yaml").write_text(text)
    run = run_cli("build", str(folder), "--out", str(tmp_path / "out"))
    assert run.code == 0, run.err
    assert "card 'Anne'" in run.err and "caption" in run.err and "warning" in run.err
    out = tmp_path / "out" / "cromwell"
    entry = next(c for c in read_manifest(out)["cards"] if c["name"] == "Anne")
    shown = squash(text_in_box(out / "cromwell-cards.pdf", entry["front"]["page"], trim_box(entry["front"])))
    assert "\u2026" in shown and "A very long caption" in shown
    # A caption that only needs a smaller size gets no warning.
    assert "card 'Henry VIII'" not in run.err


def test_other_card_sizes_keep_the_design(tmp_path):
    for size, (w, h) in (("mini-euro", (44, 68)), ("tarot", (70, 120))):
        out = tmp_path / size
        run = run_cli("build", "cromwell", "--card-size", size, "--out", str(out))
        # mini-euro scales the text down below the legible size: that, once per element (the two corner
        # indexes share their words, so once for both), and nothing else
        said = [line for line in run.err.splitlines() if line.startswith("warning")]
        assert run.code == 0 and all(f"on {size} cards the" in line for line in said), run.err
        assert len(said) == (4 if size == "mini-euro" else 0), run.err
        assert sum("the name in the card's corners" in line for line in said) == (size == "mini-euro"), run.err
        manifest = read_manifest(out / "cromwell")
        assert manifest["card_size"] == {"name": size, "width_mm": w, "height_mm": h}
        for entry in manifest["cards"][::6]:
            card = next(c for c in DECK["cards"] if c["name"] == entry["name"])
            shown = squash(text_in_box(out / "cromwell" / "cromwell-cards.pdf", entry["front"]["page"],
                                       trim_box(entry["front"])))
            assert card["name"] in shown and squash(card["caption"]) in shown


def test_a_new_cards_ordinary_name_fits_its_corners_without_a_warning(deck_copy, tmp_path):
    """A teacher's new card 'Matilda' (no short form in the layout) prints at 7.25 pt in the corners:
    bold and short, that reads well, so no warning; a name that cannot fit at 7 pt still gets one."""
    folder = deck_copy("cromwell", "class")
    deck = folder / "deck.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("  - name: Henry VIII\n", "  - name: Matilda\n", 1)
                    .replace("  - name: Edward VI\n", "  - name: Wilhelmina\n", 1), encoding="utf-8")
    run = run_cli("build", str(folder), "--only", "cards", "--out", str(tmp_path / "out"))
    assert run.code == 0, run.err
    corners = [line for line in run.err.splitlines() if "the name in the card's corners" in line]
    assert not any("'Matilda'" in line for line in corners), run.err
    assert any("'Wilhelmina'" in line for line in corners), run.err
