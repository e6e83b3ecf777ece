"""Where a message points, as a teacher reads it (new-user review, 2026-11-27): an item of a list
is counted from 1, as 'rows.labels[2]' for the second label (it was 'rows.labels.1'), the one
form for every field shown."""

from __future__ import annotations

import pytest

from printgen.files.errors import UserError, field_path
from printgen.files.schema import SheetFile
from printgen.files.schema_errors import load_file

SHEET = "title: Score\ncolumns:\n  heading: \"P{{ n }}\"\n  count: 2\nrows:\n  labels: [\"one\", 2]\n"


def test_an_item_of_a_list_is_counted_from_one_in_brackets():
    assert field_path(("rows", "labels", 1)) == "rows.labels[2]"
    assert field_path(("components", "tiles", 0, "face")) == "components.tiles[1].face"
    assert field_path(()) == ""


def test_a_sheets_second_label_is_said_as_item_two(tmp_path):
    path = tmp_path / "score.yaml"
    path.write_text(SHEET, encoding="utf-8")
    with pytest.raises(UserError) as caught:
        load_file(path, SheetFile, "in a sheet")
    assert caught.value.where.field == "rows.labels[2]" and caught.value.where.line == 6
    assert "field 'rows.labels[2]': should be text (found 2)" in str(caught.value)


def test_an_unknown_element_type_is_said_at_its_type_line_in_a_layout(tmp_path):
    """It was said at the element's name, the line above."""
    from printgen.model.layouts import load_layout
    from printgen.model.load import load_deck

    (tmp_path / "deck.yaml").write_text("title: Tiny\nlayout: mine\nfields:\n  name: {type: text, required: true}\n"
                                        "cards:\n  - name: One\n", encoding="utf-8")
    (tmp_path / "mine.yaml").write_text("extends: base\nface:\n  label:\n    type: txt\n    text: hi\n",
                                        encoding="utf-8")
    with pytest.raises(UserError) as caught:
        load_layout("mine", load_deck(tmp_path))
    assert caught.value.message == "unknown element type 'txt'"
    assert (caught.value.where.line, caught.value.where.field) == (4, "face.label.type")


def test_an_unknown_element_type_is_said_at_its_type_line_in_a_board(tmp_path):
    from printgen.files.schema import BoardFile

    path = tmp_path / "mat.yaml"
    path.write_text("title: Mat\nsize: {width: 100, height: 100}\nelements:\n  rows:\n    type: repeat\n"
                    "    items: \"[1]\"\n    elements:\n      hint:\n        type: txt\n", encoding="utf-8")
    with pytest.raises(UserError) as caught:
        load_file(path, BoardFile, "in a board")
    assert (caught.value.where.line, caught.value.where.field) == (9, "elements.rows.elements.hint.type")


@pytest.mark.parametrize("written,near", [("whte", "did you mean 'white'?"), ("1F4E79", "did you mean '#1F4E79'?"),
                                          ("notacolour", None)])
def test_a_colour_that_is_not_one_is_told_every_form_a_colour_takes(written, near):
    """It said only '#RRGGBB', though '#RGB' and names are taken too."""
    from printgen.files.colours import parse_colour

    with pytest.raises(ValueError) as caught:
        parse_colour(written)
    said = str(caught.value)
    assert "'#RRGGBB' or '#RGB'" in said and "by its name, like 'white'" in said
    assert said.endswith(f"; {near}") if near else "did you mean" not in said
    parse_colour("#FFF"), parse_colour("darkblue")      # as said: both taken


def test_a_kings_number_in_figures_is_matched_to_its_roman_numerals():
    """'henry-8' was offered 'henry-v' (the closest spelling) where 'henry-viii' was meant."""
    from printgen.files.errors import did_you_mean

    ids = ["henry-v", "henry-vii", "henry-viii", "louis-xiv"]
    assert did_you_mean("henry-8", ids) == "did you mean 'henry-viii'? (its number is in Roman numerals)"
    assert did_you_mean("Louis 14", ["Louis XIV", "Louis XV"]) == ("did you mean 'Louis XIV'? (its number is in "
                                                                    "Roman numerals)")
    assert did_you_mean("lewis-xiv", ids) == "did you mean 'louis-xiv'?"        # a misspelling as before
