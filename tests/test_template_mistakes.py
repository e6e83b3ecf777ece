"""A template that names a filter or test there is none of, or that cannot be read, is the user's
mistake: said in plain words at its file and line (exit 2), never as printgen's own problem."""

from __future__ import annotations

import pytest
from test_document_templates import BOARD, RULES, SHEET, _build, _deck, _line

from printgen.files.errors import UserError

# --- 1: an unknown filter or test -----------------------------------------------------------------


def _mistake(folder, *only) -> UserError:
    with pytest.raises(UserError) as caught:
        _build(folder, *only)
    return caught.value


def test_an_unknown_filter_on_a_board_is_said_at_its_line_with_the_nearest_filter(tmp_path):
    folder = _deck(tmp_path, board=BOARD.replace("| upper", "| uper"))
    error = _mistake(folder, "boards")
    assert error.where.line == _line(folder / "boards" / "mat.yaml", "| uper")
    assert error.where.field == "elements.heading.text"
    assert error.message.startswith("there is no filter 'uper' (the word after |)")
    assert error.hint == "did you mean 'upper'?"


def test_an_unknown_filter_in_a_card_layout_is_said_of_its_card(tmp_path):
    face = ("  caption:\n    type: text\n    x: 5\n    y: 5\n    width: 20\n    height: 5\n"
            "    text: \"{{ card.name | uper }}\"\n")
    folder = _deck(tmp_path, face=face)
    error = _mistake(folder, "cards")
    assert error.where.line == _line(folder / "mine.yaml", "| uper")
    assert "there is no filter 'uper'" in error.message and error.hint == "did you mean 'upper'?"


def test_an_unknown_filter_in_a_repeats_items_is_said_at_its_line(tmp_path):
    folder = _deck(tmp_path, board=BOARD.replace('items: "[1, 2]"', 'items: "[1, 2] | lst"'))
    error = _mistake(folder, "boards")
    assert error.where.line == _line(folder / "boards" / "mat.yaml", "| lst")
    assert "there is no filter 'lst'" in error.message and error.hint == "did you mean 'list'?"


@pytest.mark.parametrize("template, says, hint", [
    ("{{ deck.title | uper }}", "there is no filter 'uper' (the word after |)", "did you mean 'upper'?"),
    ("{% if deck.cards is emty %}none{% endif %}", "there is no test 'emty'", "{% if not deck.cards %}"),
    ('{{ deck.cards | selectattr("count", "greater", 3) | list }}', "there is no test 'greater'", "'gt': "),
])
def test_an_unknown_filter_or_test_in_a_rule_sheet_is_said_plainly_at_its_line(tmp_path, template, says, hint):
    folder = _deck(tmp_path, rules=RULES + f"\nAnd then {template} more.\n")
    error = _mistake(folder, "rules")
    assert error.where.line == _line(folder / "rules" / "tiny.md", "And then")
    assert says in error.message and "No filter" not in error.message and "No test" not in error.message
    assert hint in (error.hint or "")


def test_an_unknown_filter_in_a_score_sheets_heading_and_foot_is_said_plainly(tmp_path):
    folder = _deck(tmp_path)
    sheet = folder / "sheets" / "score.yaml"
    sheet.parent.mkdir()
    sheet.write_text(SHEET.replace('"Player {{ n }}"', '"Player {{ n | uper }}"'), encoding="utf-8")
    error = _mistake(folder, "sheets")
    assert error.where.line == _line(sheet, "| uper") and "there is no filter 'uper'" in error.message
    assert error.hint == "did you mean 'upper'?"
    sheet.write_text(SHEET + "foot: \"Most points win: {{ deck.title | uper }}\"\n", encoding="utf-8")
    error = _mistake(folder, "sheets")
    assert error.where.line == _line(sheet, "| uper") and "there is no filter 'uper'" in error.message


# --- 2 and 3: a template that cannot be read, in plain words, at the line the mistake starts ------

@pytest.mark.parametrize("template, says, hint", [
    ("{{ deck.card_count cards }}", "'cards' was not expected there: {{ }} holds one value", "use ~"),
    ("{{ deck.card_count", "a {{ is not closed with }}", "two braces"),
    ("{{ deck.card_count }", "a } stands alone", "two braces"),
    ("{{ {{ deck.title }} }}", "a {{ is not closed with }}", "two braces"),
    ("{% endif %}", "{% endif %} closes a {% if %} that was not opened", "remove it"),
    ('{{ "the deck }}', "a quotation mark is not closed", "quotation marks"),
])
def test_a_rule_sheet_that_cannot_be_read_is_said_in_plain_words_at_its_line(tmp_path, template, says, hint):
    folder = _deck(tmp_path, rules=RULES + f"\nAnd then {template} more.\n\nThe end.\n")
    error = _mistake(folder, "rules")
    assert error.where.line == _line(folder / "rules" / "tiny.md", "And then")
    assert says in error.message and "expected token" not in error.message and "Jinja" not in error.message
    assert hint in (error.hint or "")


@pytest.mark.parametrize("tag, end", [("if deck.card_count > 1", "endif"), ("for c in deck.cards", "endfor")])
def test_a_block_never_closed_in_a_rule_sheet_is_said_at_its_own_line_not_the_last(tmp_path, tag, end):
    rules = RULES + f"\nAll {{% {tag} %}} of them.\n\nMore text.\n\nAnd more.\n\nThe end.\n"
    folder = _deck(tmp_path, rules=rules)
    error = _mistake(folder, "rules")
    assert error.where.line == _line(folder / "rules" / "tiny.md", "All {%")
    assert f"the {{% {tag.split()[0]} %}} is never closed" in error.message
    assert error.hint == f"add {{% {end} %}} where its part ends"


def test_an_expression_field_written_with_braces_says_to_write_it_without(tmp_path):
    folder = _deck(tmp_path, board=BOARD.replace('items: "[1, 2]"', 'items: "{{ deck.cards }}"'))
    error = _mistake(folder, "boards")
    assert error.where.line == _line(folder / "boards" / "mat.yaml", "items:")
    assert "is written with {{ }}, but this field is an expression already" in error.message
    assert error.hint == "write it without the braces: deck.cards"


def test_a_score_sheets_foot_that_cannot_be_read_is_said_plainly(tmp_path):
    folder = _deck(tmp_path)
    sheet = folder / "sheets" / "score.yaml"
    sheet.parent.mkdir()
    sheet.write_text(SHEET + "foot: |\n  Most points win.\n  {% if deck.card_count %}\n  Ties share.\n",
                     encoding="utf-8")
    error = _mistake(folder, "sheets")
    assert error.where.line == _line(sheet, "{% if") and "the {% if %} is never closed" in error.message
    assert error.message.startswith("the foot's template has a mistake")


# --- 4: a rule sheet that prints too much, at the line printing ------------------------------------

def test_a_rule_sheet_that_prints_too_much_names_the_line_printing(tmp_path):
    rules = RULES + ("\nSome text.\n\n{% for i in range(3000) %}\n{% for j in range(3000) %}\nx{% endfor %}"
                     "{% endfor %}\n\nThe end.\n")
    folder = _deck(tmp_path, rules=rules)
    error = _mistake(folder, "rules")
    assert "prints more than 2,000,000 characters" in error.message
    assert error.where.line == _line(folder / "rules" / "tiny.md", "{% for j")     # the loop printing


def test_a_deadline_of_one_second_is_said_in_the_singular():
    from printgen.model import sandbox

    assert sandbox._seconds(1.0) == "1 second" and sandbox._seconds(0.2) == "0.2 seconds"


# --- 5: Python's words about lists and numbers, said plainly ---------------------------------------

@pytest.mark.parametrize("template, says, hint", [
    ("{{ deck.cards.name }}", "'name' of a list: a list holds several values", "{% for c in deck.cards %}"),
    ("{{ deck.cards[60] }}", "there is no item 60 in the list", "| length"),
    ('{{ deck.card_count + " cards" }}', "a number and text cannot be added with +", "use ~ to join them"),
    ("{{ (deck.cards | selectattr('name', 'eq', 'Zed') | first).name }}", "'first' of an empty list",
     "| first | default('')"),
    ("{{ deck.card_count % 0 }}", "a division by zero", "never 0"),
])
def test_pythons_words_about_lists_and_numbers_are_said_plainly(tmp_path, template, says, hint):
    folder = _deck(tmp_path, rules=RULES + f"\nAnd then {template} more.\n")
    error = _mistake(folder, "rules")
    assert error.where.line == _line(folder / "rules" / "tiny.md", "And then")
    assert error.message == f"the rule sheet's template has a mistake: {says}" or \
        error.message.startswith(f"the rule sheet's template has a mistake: {says}")
    assert "object" not in error.message and "operand" not in error.message and hint in (error.hint or "")


def test_a_card_layouts_python_words_are_said_plainly_too(tmp_path):
    face = ("  caption:\n    type: text\n    x: 5\n    y: 5\n    width: 20\n    height: 5\n"
            "    text: \"{{ card.name + 1 }}\"\n")
    folder = _deck(tmp_path, face=face)
    error = _mistake(folder, "cards")
    assert error.where.card == "One" and error.where.line == _line(folder / "mine.yaml", "+ 1")
    assert error.message == "the layout's template has a mistake: a number and text cannot be added with +"
