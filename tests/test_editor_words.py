"""What the web editor's page says and offers, in a teacher's words, through Flask's test client:
which page shows a card (by its title), a save, a deck.yaml broken outside the page, a build's
warnings named by card, the lists of choices, and what `printgen serve` says without a deck."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from printgen.editing.roundtrip import DeckSource
from printgen.files.errors import UserError, Warning_, Where


def _client(folder: Path, tmp_path: Path):
    from printgen.editing.web.server import Editor, create_app

    editor = Editor(folder, tmp_path / "out")
    return editor, create_app(editor).test_client(), {"X-Printgen-Token": editor.token}


def _line(folder: Path, text: str) -> int:
    """The line of deck.yaml where `text` starts."""
    whole = (folder / "deck.yaml").read_text(encoding="utf-8")
    return whole[:whole.index(text)].count("\n") + 1


def test_pages_showing_a_card_are_named_by_their_titles(deck_copy, tmp_path):
    folder = deck_copy("cromwell")
    (folder / "rules" / "quick.md").write_text('---\ntitle: "Cromwell in brief"\n---\n\n# Kings\n\n'
                                               "![Henry VII](card:henry-vii) ![Henry VII again](card:henry-vii)\n",
                                               encoding="utf-8")
    editor, client, headers = _client(folder, tmp_path)
    deck = client.get("/api/deck").get_json()
    named = {c["id"]: c["named"] for c in deck["cards"] if c["named"]}
    assert named["henry-vii"] == ("The rule sheet 'Cromwell' and the rule sheet 'Cromwell in brief' show this card "
                                  "as a picture, so it cannot be deleted here.")
    loaded = DeckSource(folder)
    henry = next(c for c in loaded.cards if c.id == "henry-vii")
    answer = client.post("/api/save", json={"version": deck["version"], "base": {"henry-vii": henry.values},
                                            "deleted": ["henry-vii"]}, headers=headers).get_json()
    assert answer["error"] == ("Henry VII cannot be deleted: the rule sheet 'Cromwell' and the rule sheet 'Cromwell "
                               "in brief' show this card as a picture. Take the picture out of those pages first.")
    for said in (named["henry-vii"], answer["error"]):
        assert "rules/" not in said and ".md" not in said and "line" not in said


def test_a_deck_file_broken_outside_the_page_is_named_plainly_once(deck_copy, tmp_path):
    folder = deck_copy("cromwell")
    editor, client, headers = _client(folder, tmp_path)
    assert client.get("/api/deck").status_code == 200
    path = folder / "deck.yaml"
    text = path.read_text(encoding="utf-8")
    # a loader's problem outside any card: shown with the deck
    path.write_text(text.replace("card_size: poker", "card_size: pokr"), encoding="utf-8")
    problem = client.get("/api/deck").get_json()["problem"]
    assert problem == ("The deck's file was changed outside this page and has a mistake: unknown card size 'pokr'. "
                       f"Did you mean 'poker'? Mend it there (line {_line(folder, 'card_size')} of deck.yaml), then "
                       "reload this page.")
    # a file that cannot be read at all (a card's '- name:' line deleted): the page still opens, and says so
    path.write_text(text.replace("  - name: John\n", "", 1), encoding="utf-8")
    line = _line(folder, "    house: Plantagenet\n    reign: 1199")
    page = client.get("/")
    assert page.status_code == 200 and b"<h1>Cromwell</h1>" in page.data
    answer = client.get("/api/deck")
    said = answer.get_json()["error"]
    assert answer.status_code == 400 and answer.get_json()["broken"]
    assert said.startswith("The deck's file was changed outside this page and has a mistake: 'house' is given twice")
    assert said.endswith(f"Mend it there (line {line} of deck.yaml, in the card Richard I), then reload this page.")
    assert said.count("deck.yaml") == 1 and str(folder) not in said


def test_a_pack_the_pages_changes_break_is_said_of_the_changed_card(deck_copy, tmp_path):
    folder = deck_copy("standard")
    editor, client, headers = _client(folder, tmp_path)
    deck = client.get("/api/deck").get_json()
    red = next(c for c in deck["cards"] if c["id"] == "red-joker")
    answer = client.post("/api/save", json={"version": deck["version"], "edits": {"red-joker": {"joker": "false"}},
                                            "base": {"red-joker": red["values"]}}, headers=headers)
    pack = _line(folder, '  "52":')
    assert answer.status_code == 400
    assert answer.get_json()["error"] == (
        "With the changes to Red Joker, the deck cannot be saved: the pack '52' should have 52 cards but has 53 "
        f"(line {pack} of the deck's file). Change the card back, or change that part of the "
        "deck's file first.")


def test_a_saves_words_name_no_file(deck_copy, tmp_path):
    folder = deck_copy("cromwell")
    editor, client, headers = _client(folder, tmp_path)
    deck = client.get("/api/deck").get_json()
    john = next(c for c in deck["cards"] if c["id"] == "john")
    answer = client.post("/api/save", json={"version": deck["version"], "edits": {"john": {"reign": "1199-1215"}},
                                            "base": {"john": john["values"]}}, headers=headers).get_json()
    assert answer["said"] == ("Saved. A copy of the deck as it was before is kept in its folder, in case you want it "
                              "back.")
    assert (folder / "deck.yaml.bak").is_file() and not re.search(r"\.bak|deck\.yaml", str(answer))


# --- the build's warnings -------------------------------------------------------------------------

def test_a_builds_warnings_name_their_cards(deck_copy):
    from printgen.editing.web.webbuild import page_warnings, ready

    folder = deck_copy("cromwell")
    file = folder / "deck.yaml"
    caption = ("the text 'caption' does not fit its box even at its min_size of 6.5 pt, so its end is cut off; "
               "shorten it")
    warnings = [Warning_(caption, Where(file, 186, "Henry IV", "caption")),
                Warning_(caption, Where(file, 186, "Henry IV", "caption")),          # the same warning twice
                Warning_("the picture is blurred", Where(file, 300, "Anne", "picture")),
                Warning_("cromwell: no room for the 50 mm ruler on 1 of 8 sheets", Where()),
                Warning_("a heading ends a column", Where(folder / "rules" / "cromwell.md", 61))]
    said = page_warnings(folder, warnings)
    assert said == [
        {"card": "henry-iv", "name": "Henry IV", "field": "caption", "about": "Henry IV",
         "message": "Henry IV, the Caption box: the text caption does not fit its box even at its min_size of "
                    "6.5 pt, so its end is cut off; shorten it."},
        {"card": "anne", "name": "Anne", "field": "picture", "about": "Anne",
         "message": "Anne, the Picture box: the picture is blurred."},
        {"card": None, "name": None, "field": None, "about": "the printing",
         "message": "Cromwell: no room for the 50 mm ruler on 1 of 8 sheets."},
        {"card": None, "name": None, "field": None, "about": "the rule sheet 'Cromwell'",
         "message": "The rule sheet 'Cromwell' (line 61 of rules/cromwell.md): a heading ends a column."}]
    assert ready(said) == ("The PDFs are ready: open them below. 4 warnings came with them, about Henry IV and Anne "
                           "(marked in the list of cards), the printing and the rule sheet 'Cromwell': they are said "
                           "below the PDFs.")
    assert ready(said[:1]) == ("The PDFs are ready: open them below. 1 warning came with them, about Henry IV (marked "
                               "in the list of cards): it is said below the PDFs.")
    assert ready([]) == "The PDFs are ready: open them below."
    from printgen.editing.web.webbuild import page_summary

    assert page_summary("cromwell: 43 cards, 6 sheets\n  tip: with --bleed 1.5, 9 cards would fit on each sheet\n"
                        "  single-sided: print pages 1\u20136 first") == \
        "cromwell: 43 cards, 6 sheets\n  single-sided: print pages 1\u20136 first"
    many = [dict(said[0], name=f"Card {n}", card=f"card-{n}") for n in range(7)]
    assert "about Card 0, Card 1, Card 2, Card 3, Card 4 and 2 more (marked in the list of cards):" in ready(many)


# --- the lists of choices -------------------------------------------------------------------------

def _field(deck: dict, name: str) -> dict:
    return next(f for f in deck["fields"] if f["name"] == name)


def test_choices_fit_the_deck_and_read_in_words(deck_copy, tmp_path):
    from printgen.art.symbols import names

    folder = deck_copy("cromwell")
    editor, client, headers = _client(folder, tmp_path)
    deck = client.get("/api/deck").get_json()
    emblem = _field(deck, "emblem")
    first = [c["value"] for c in emblem["choices"]]
    more = [c["value"] for c in emblem["more"]]
    houses = ["helm", "bend", "broom", "red-rose", "white-rose", "tudor-rose", "thistle", "horse", "tower"]
    assert first[:len(houses)] == houses                # the houses' emblems, in the houses' order
    assert set(first) == {"bend", "broom", "crown", "helm", "horse", "protector", "red-rose", "thistle", "tower",
                          "tudor-rose", "white-rose"}  # ... then the other heraldic ones
    assert "rey-bastos" in more and "pp-arms" in more and "joker-red" in more and not set(first) & set(more)
    assert sorted(first + more) == sorted(names())
    flag = _field(deck, "in_play")
    assert [(c["value"], c["label"]) for c in flag["choices"]] == [("true", "yes"), ("false", "no")]
    assert flag["blank"] == "(as usual: yes)" and not flag["more"]
    assert _field(deck, "house")["blank"] == "\u2014 choose \u2014"
    assert [c["label"] for c in _field(deck, "house")["choices"]][:3] == ["Normandy", "Blois", "Plantagenet"]
    assert [(d["value"], d["label"]) for d in deck["duplex"]] == [
        ("long", "Both sides, long edge"), ("short", "Both sides, short edge"),
        ("none", "One side: backs after fronts")]
    # the card's values in the deck's order of fields, as the page lists its boxes
    henry = next(c for c in deck["cards"] if c["id"] == "henry-viii")
    assert list(henry["values"]) == ["name", "house", "reign", "caption"]


def test_a_deck_using_no_emblem_yet_is_offered_the_heraldic_ones_first(deck_copy):
    from printgen.art.emblems import motif_names
    from printgen.editing.web.choices import emblem_choices

    folder = deck_copy("cromwell")
    path = folder / "deck.yaml"
    path.write_text(re.sub(r"(?m)^    emblem: [\w-]+\n", "", path.read_text(encoding="utf-8")), encoding="utf-8")
    first, more = emblem_choices(DeckSource(folder))
    assert first == motif_names() and "oros" in more
    # a deck of Spanish suits is offered the Spanish set first, then the heraldic one it also uses
    path.write_text(path.read_text(encoding="utf-8").replace("    colour: \"#4F5164\"",
                                                             "    colour: \"#4F5164\"\n    emblem: oros"), "utf-8")
    path.write_text(path.read_text(encoding="utf-8").replace("    colour: \"#127F90\"",
                                                             "    colour: \"#127F90\"\n    emblem: crown"), "utf-8")
    first, more = emblem_choices(DeckSource(folder))
    assert first[:2] == ["oros", "crown"] and {"rey-bastos", "helm"} <= set(first) and "spades" in more


# --- printgen serve without a deck ----------------------------------------------------------------

def test_serve_without_a_deck_names_a_deck_folder_here_or_the_copy_command(deck_copy, tmp_path, monkeypatch):
    from printgen.editing.web.server import _deck_folder

    empty = tmp_path / "empty"
    empty.mkdir()
    monkeypatch.chdir(empty)
    with pytest.raises(UserError) as caught:
        _deck_folder(None)
    said = str(caught.value)
    assert "printgen new my-cromwell --from cromwell, then printgen serve my-cromwell" in said, said
    assert "serve cromwell" not in said
    deck_copy("cromwell", "year-8")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(UserError) as caught:
        _deck_folder(None)
    said = str(caught.value)
    assert "for the deck in the folder year-8: printgen serve year-8" in said and "--from" not in said, said
