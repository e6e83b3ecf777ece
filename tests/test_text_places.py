"""A card's text element makes the places of its text, font, colour and size only when an error
or warning needs one (issue 30, aim 2): each error must still name the layout's line, the card and
the element's field it is about."""

from __future__ import annotations

from pathlib import Path

import pytest

from printgen.draw.sheets.faces import resolve_faces
from printgen.files.errors import UserError
from printgen.model.layouts import load_layout
from printgen.model.load import load_deck


@pytest.mark.parametrize("element, field, says", [
    ('{text: "{{ card.nothing }}"}', "face.name.text", "there is no field 'nothing'"),
    ('{text: "{{ card.name.__class__ }}"}', "face.name.text", "is unsafe"),
    ('{text: "{% if %}"}', "face.name.text", "a value is missing"),
    ('{colour: "notacolour"}', "face.name.colour", "is not a colour"),
    ('{colour: "{{ card.nothing }}"}', "face.name.colour", "there is no field 'nothing'"),
    ('{font: serif-blod}', "face.name.font", "did you mean 'serif-bold'?"),
])
def test_an_error_in_a_cards_text_names_its_line_card_and_field(tmp_path: Path, element: str, field: str, says: str):
    folder = tmp_path / "mydeck"
    folder.mkdir()
    (folder / "deck.yaml").write_text("title: Mine\nlayout: mine\nfields:\n  name: {type: text, required: true}\n"
                                      "cards:\n  - name: One\n")
    (folder / "mine.yaml").write_text("extends: base\nface:\n  name: " + element + "\n")
    deck = load_deck(folder)
    with pytest.raises(UserError) as info:
        resolve_faces(deck, load_layout(deck.layout, deck))
    text = str(info.value)
    assert f"mine.yaml, line 3, card 'One', field '{field}'" in text and says in text


@pytest.mark.parametrize("message, said", [
    ("'dict object' has no attribute 'nme'", "there is no field 'nme'"),
    ("'None' has no attribute 'name'", "'name' of a field this card leaves empty"),
    ("'str object' has no attribute 'upperr'", "'upperr' of a plain value (text or a number)"),
    ("'cardd' is undefined", "'cardd' is not a name a template knows"),
    ("something Jinja says otherwise", "something Jinja says otherwise"),
])
def test_what_is_missing_is_said_of_fields_not_of_python_objects(message, said):
    from printgen.draw.template_words import missing

    assert missing(message) == said
