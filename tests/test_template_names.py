"""A misspelt or unknown name in a template (new-user review): said of what really lacks it (the
deck, this card, a repeat's item, a loop's variable), with the nearest name it has, and a hint that
lists what the template can use from its own context, not a page of printgen's source a teacher
who installed it with pip does not have. A deck's generate: rule says its mistakes plainly too."""

from __future__ import annotations

import pytest
from test_document_templates import BOARD, RULES, SHEET, _build, _deck, _line

from printgen.files.errors import UserError

HOUSES = ("title: Tiny\nlayout: mine\nfields:\n  name: {type: text, required: true}\n  caption: {type: text}\n"
          "  house: {type: group, group: houses}\nhouses:\n  - {name: Red, colour: '#aa0000'}\n"
          "  - {name: Blue, colour: '#0000aa'}\n")
CARDS = "cards:\n  - {name: One, house: Red}\n  - {name: Two, house: Blue}\n"
FACE = ("  caption:\n    type: text\n    x: 5\n    y: 5\n    width: 20\n    height: 5\n"
        "    text: \"{{ card.caption }}\"\n")


def _mistake(tmp_path, only: str, deck: str = HOUSES + CARDS, **files) -> tuple[UserError, object]:
    folder = _deck(tmp_path, **files)
    (folder / "deck.yaml").write_text(deck, encoding="utf-8")
    with pytest.raises(UserError) as caught:
        _build(folder, only)
    return caught.value, folder


def test_a_misspelt_card_field_suggests_the_field_the_card_has(tmp_path):
    error, _ = _mistake(tmp_path, "cards", face=FACE.replace("card.caption", "card.captoin"))
    assert error.message == "the layout uses something this card does not have: there is no field 'captoin'"
    assert error.hint == "did you mean 'caption'?"


def test_a_deck_field_misspelt_in_a_card_layout_is_said_of_the_deck_not_of_the_card(tmp_path):
    error, _ = _mistake(tmp_path, "cards", face=FACE.replace("card.caption", "deck.titel"))
    assert error.message == "the layout uses something the deck does not have: there is no field 'titel'"
    assert error.hint == "did you mean 'title'?"


def test_a_misspelt_field_of_a_repeats_item_on_a_board_is_said_of_the_item(tmp_path):
    board = BOARD.replace('items: "[1, 2]"', 'items: "deck.houses"').replace("Row {{ item }}", "{{ item.color }}")
    error, folder = _mistake(tmp_path, "boards", board=board)
    assert error.where.line == _line(folder / "boards" / "mat.yaml", "item.color")
    assert error.message == "the board uses something the repeat's item does not have: there is no field 'color'"
    assert error.hint == "did you mean 'colour'?"


def test_a_name_a_board_does_not_know_says_what_it_knows_and_lists_the_decks_names(tmp_path):
    error, _ = _mistake(tmp_path, "boards", board=BOARD.replace("deck.title", "table.name"))
    assert error.message == ("the board's template has a mistake: 'table' is not a name these templates know "
                             "(they know deck, and item and index inside a repeat)")
    assert "the deck does not have" not in error.message
    hint = error.hint or ""
    assert hint.startswith("a board's templates know deck.title, deck.subtitle, deck.cards (each with id, name")
    assert "deck.houses (each with name, colour, emblem, note, label, value" in hint and "docs/" not in hint
    assert len(hint) < 240     # a line or two


def test_card_on_a_board_is_said_to_be_no_card_of_its_own(tmp_path):
    error, _ = _mistake(tmp_path, "boards", board=BOARD.replace("deck.title", "card.name"))
    assert "'card' is not a name these templates know" in error.message
    assert error.hint.startswith("the board is not a card: deck.cards lists the deck's cards")


@pytest.mark.parametrize("name, hint", [("m", "a sheet's headings and labels know n, deck.title"),
                                        ("nn", "did you mean 'n'?")])
def test_an_unknown_name_in_a_score_sheet_says_the_names_it_knows(tmp_path, name, hint):
    folder = _deck(tmp_path)
    (folder / "sheets").mkdir()
    (folder / "sheets" / "score.yaml").write_text(SHEET.replace("Player {{ n }}", f"Player {{{{ {name} }}}}"),
                                                  encoding="utf-8")
    with pytest.raises(UserError) as caught:
        _build(folder, "sheets")
    assert caught.value.message.startswith(f"the heading's template has a mistake: '{name}' is not a name these "
                                           "templates know (they know n and deck)")
    assert (caught.value.hint or "").startswith(hint)


def test_a_loops_variable_is_named_and_its_field_suggested_from_the_decks_names(tmp_path):
    rules = RULES + "\n{% for h in deck.houses %}{{ h.colr }}{% endfor %}\n"
    error, folder = _mistake(tmp_path, "rules", rules=rules)
    assert error.where.line == _line(folder / "rules" / "tiny.md", "h.colr")
    assert error.message == "the rule sheet uses something 'h' does not have: there is no field 'colr'"
    assert error.hint == "did you mean 'colour'?"


@pytest.mark.parametrize("name, says, hint", [
    ("{{ house.nme }} card", "the generate: name uses something 'house' does not have: there is no field 'nme'",
     "did you mean 'name'?"),
    ("{{ hose.name }}", "the generate: name's template has a mistake: 'hose' is not a name these templates know "
     "(they know house)", "did you mean 'house'?"),
    ("{{ house.name card", "the generate: name template has a mistake: a {{ is not closed with }}", "two braces"),
])
def test_a_generate_rules_name_template_mistake_is_said_plainly_at_its_line(tmp_path, name, says, hint):
    from printgen.model.load import load_deck

    folder = _deck(tmp_path)
    deck = folder / "deck.yaml"
    deck.write_text(HOUSES + f"generate:\n  - each: {{house: houses}}\n    name: \"{name}\"\n", encoding="utf-8")
    with pytest.raises(UserError) as caught:
        load_deck(folder)
    error = caught.value
    assert error.where.line == _line(deck, "name: \"") and error.where.field == "generate.name"
    assert error.message.startswith(says) and "dict object" not in error.message and "undefined" not in error.message
    assert hint in (error.hint or "")
