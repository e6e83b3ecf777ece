"""The web editor's Print choices (issue 29 item 6), through Flask's test client: each choice the
page offers reaches the build's options and shows in the PDF it writes (the manifest's
imposition, crop and page order; light backs measured from pixels; CMYK's OutputIntent and ink),
the build's advice is said on the page, every value is checked against the page's lists and
refused in its words (an unknown value, choices that do not go together, CMYK without the press
profile), and "Make the pictures" writes Tabletop Simulator's files and links them.

The deck is Cromwell without its rule sheet, form and board, so each build draws the cards only.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from printgen.editing.web.server import TOKEN_HEADER, Editor, create_app


@pytest.fixture
def page(deck_copy, tmp_path, monkeypatch):
    """(editor, client, the BuildOptions of every build made) for a cards-only Cromwell."""
    import printgen.draw.build as build

    folder = deck_copy("cromwell")
    for part in ("rules", "sheets", "boards"):
        shutil.rmtree(folder / part, ignore_errors=True)
    made = []
    real = build.build_deck

    def recorded(ref, options, *args, **kwargs):
        made.append(options)
        return real(ref, options, *args, **kwargs)

    monkeypatch.setattr(build, "build_deck", recorded)
    editor = Editor(folder, tmp_path / "out")
    return editor, create_app(editor).test_client(), made


def _post(page, path: str, body: dict) -> tuple[int, dict]:
    editor, client, _ = page
    answer = client.post(path, json=body, headers={TOKEN_HEADER: editor.token})
    return answer.status_code, answer.get_json()


def _manifest(editor) -> dict:
    return json.loads((editor.out / "cromwell" / "cromwell-cards.json").read_text(encoding="utf-8"))


def _darkness(pdf: Path, index: int) -> float:
    """Mean darkness of one page (0 paper, 1 solid black), as test_backs_light measures it."""
    import pypdfium2 as pdfium

    grey = pdfium.PdfDocument(pdf)[index].render(scale=40 / 72).to_pil().convert("L")
    histogram = grey.histogram()
    return sum((255 - level) * count for level, count in enumerate(histogram)) / (255 * sum(histogram))


def test_the_page_offers_every_choice_in_words(page):
    _, client, _ = page
    deck = client.get("/api/deck").get_json()
    words = {box: [c["label"] for c in deck[box]] for box in ("imposition", "crop", "colour", "backs", "page_order")}
    assert words == {"imposition": ["Both sides, on a duplex printer", "Folded sheets: fold and glue",
                                    "One card a page, for a shop"],
                     "crop": ["Small marks round the cards", "Lines across the sheet, for a guillotine"],
                     "colour": ["For a home printer", "CMYK, for a print shop's press"],
                     "backs": ["Full colour", "Light, to save ink"],
                     "page_order": ["Back first (DriveThruCards)", "Front first"]}
    assert deck["applies"] == {"duplex": ["sheets"], "crop": ["sheets", "gutter-fold"], "page_order": ["single"]}
    assert deck["ink_limit"] == {"least": 100, "most": 400, "usual": 300}
    assert [c["value"] for c in deck["exports"]] == ["tgc", "mpc", "plain", "tts"]
    assert not any("--" in text for text in json.dumps(deck["not_for"]).split('"'))


def test_gutter_fold_with_cut_lines_reaches_the_pdf_and_its_advice_is_said(page):
    editor, _, made = page
    status, answer = _post(page, "/api/build", {"paper": "letter", "imposition": "gutter-fold", "crop": "lines"})
    assert status == 200, answer
    assert (made[-1].imposition, made[-1].crop, made[-1].paper) == ("gutter-fold", "lines", "letter")
    manifest = _manifest(editor)
    assert (manifest["imposition"], manifest["crop"], manifest["paper"]["name"]) == ("gutter-fold", "lines", "letter")
    assert answer["advice"] == ["Print one-sided; fold each sheet on its dashed line (vertical) so every back lies "
                                "behind its front, glue the halves, then cut."]
    assert "gutter fold" in answer["summary"] and "--" not in answer["summary"]


def test_one_card_a_page_light_backs_and_cmyk_reach_the_pdf(page):
    from preflight import preflight

    editor, _, made = page
    pdf = editor.out / "cromwell" / "cromwell-cards.pdf"
    status, answer = _post(page, "/api/build", {"imposition": "single", "page_order": "front-first", "backs": "light"})
    assert status == 200, answer
    assert (made[-1].imposition, made[-1].page_order, made[-1].backs) == ("single", "front-first", "light")
    assert _manifest(editor)["imposition"] == "single"
    assert answer["advice"] == ["Pages in pairs, piece by piece: front 1, back 1, front 2, back 2 ..."]
    light = _darkness(pdf, 1)                      # front first: page 2 is the first card's back
    status, answer = _post(page, "/api/build", {"imposition": "single", "colour": "cmyk", "ink_limit": "240"})
    assert status == 200, answer
    assert (made[-1].page_order, made[-1].colour, made[-1].ink_limit, made[-1].backs) == \
        ("back-first", "cmyk", 240.0, "dark")
    assert light < _darkness(pdf, 0) / 3           # back first: page 1 is the first card's dark back
    checked = preflight(pdf)
    assert checked.output_intent is not None and not checked.rgb and checked.max_ink <= 240
    assert answer["advice"][0].startswith("Pages in pairs, piece by piece: back 1, front 1")
    assert answer["advice"][1].startswith("Colour: CMYK through 'Artifex CMYK SWOP Profile', total ink at most 240 %")
    assert "/" not in answer["advice"][1].split("PDF/X")[0]          # the profile's file is not named


REFUSED = {
    "an unknown way": ({"imposition": "folded"}, "How the cards go on the paper: the page sent a choice"),
    "an unknown colour": ({"colour": "cmy"}, "Colour: the page sent a choice this editor does not have"),
    "unknown backs": ({"backs": "none"}, "Backs: the page sent a choice"),
    "unknown cut guides": ({"crop": "dots"}, "Cut guides: the page sent a choice"),
    "a duplex choice with a fold": ({"imposition": "gutter-fold", "duplex": "short"},
                                    "Sides of the paper ‘Both sides, short edge’ does not go with ‘Folded sheets: "
                                    "fold and glue’: Folded sheets and one card a page print on one side"),
    "one side with single pages": ({"imposition": "single", "duplex": "none"}, "does not go with ‘One card a page"),
    "a page order for sheets": ({"page_order": "front-first"},
                                "Page order ‘Front first’ does not go with ‘Both sides, on a duplex printer’: Only for "
                                "one card a page."),
    "cut lines on single pages": ({"imposition": "single", "crop": "lines"}, "there is nothing to cut across"),
    "an ink limit for a home printer": ({"ink_limit": "240"}, "Most ink: Only for CMYK"),
    "too little ink": ({"colour": "cmyk", "ink_limit": "50"}, "Most ink: ‘50’ is not a percentage from 100 to 400"),
    "ink that is not a number": ({"colour": "cmyk", "ink_limit": "lots"}, "‘lots’ is not a percentage"),
    "infinite ink": ({"colour": "cmyk", "ink_limit": "inf"}, "‘inf’ is not a percentage"),
}


@pytest.mark.parametrize("what", list(REFUSED))
def test_choices_refused_in_the_pages_words_before_anything_is_drawn(page, what):
    editor, _, made = page
    body, said = REFUSED[what]
    status, answer = _post(page, "/api/build", body)
    assert status == 400 and said in answer["error"], answer
    assert "--" not in answer["error"] and not made and not editor.out.exists()


def test_cmyk_without_the_press_profile_says_what_to_install(page, monkeypatch):
    import printgen.draw.press.profile as profile

    monkeypatch.setattr(profile, "PLACES", ())
    editor, _, made = page
    status, answer = _post(page, "/api/build", {"colour": "cmyk"})
    assert status == 400 and not made and not editor.out.exists()
    assert answer["error"].startswith("CMYK needs Ghostscript's press profile (‘Artifex CMYK SWOP Profile’), and it "
                                      "is not installed on this computer")
    assert "sudo apt-get install libgs-common" in answer["error"] and "--colour" not in answer["error"]


def test_light_backs_for_a_design_without_them_are_said_as_such(page):
    editor, _, _ = page
    (editor.folder / "plain.yaml").write_text("description: no extends, no backs\nback:\n"
                                              "  box: {type: shape, fill: '#000000', bleed: true}\n")
    deck_file = editor.folder / "deck.yaml"
    text = deck_file.read_text(encoding="utf-8")
    deck_file.write_text(text.replace("\nlayout: cromwell", "\nlayout: plain", 1), encoding="utf-8")
    status, answer = _post(page, "/api/build", {"backs": "light"})
    assert status == 400 and answer["error"] == ("This deck's card design has no light backs to save ink, so the PDFs "
                                                 "were not made. Choose ‘Full colour’ under Backs.")


def test_pictures_for_tabletop_simulator_are_written_and_linked(page):
    editor, client, _ = page
    status, answer = _post(page, "/api/export", {"to": "tts"})
    assert status == 200, answer
    folder = editor.out / "cromwell" / "tts"
    assert answer["folder"] == str(folder.resolve())
    assert answer["said"] == "The pictures for Tabletop Simulator are ready (2 files), in the folder named below."
    assert [f["title"] for f in answer["files"]] == ["How to host the pictures for Tabletop Simulator",
                                                     "The saved object for Tabletop Simulator"]
    for link in answer["files"]:
        got = client.get(link["href"])
        assert got.status_code == 200 and got.data == (folder / link["name"]).read_bytes()
    saved = json.loads((folder / "cromwell.json").read_bytes())
    assert saved["ObjectStates"][0]["CustomDeck"]
    for bad in ("/exported/../cromwell/deck.yaml", "/exported/tts/../../cromwell/deck.yaml", "/exported/tts",
                "/exported/rules/x.json", "/exported/tts/cromwell-back.exe"):
        assert client.get(bad).status_code == 404, bad


def test_pictures_refused_in_the_pages_words(page, deck_copy, tmp_path):
    status, answer = _post(page, "/api/export", {"to": "photos"})
    assert status == 400 and answer["error"].startswith("Pictures: the page sent a choice this editor does not have")
    spanish = deck_copy("spanish")
    editor = Editor(spanish, tmp_path / "out-spanish")
    answer = create_app(editor).test_client().post("/api/export", json={"to": "tgc"},
                                                   headers={TOKEN_HEADER: editor.token})
    error = answer.get_json()["error"]
    assert answer.status_code == 400 and error.startswith("The pictures were not made. The deck's card is 61 x 95 mm, "
                                                          "another shape from The Game Crafter")
    assert error.endswith("Choose ‘Another shop: the deck's size’ for a shop that prints cards of other sizes.")
    assert "--" not in error and "deck.yaml" not in error and not editor.out.exists()
