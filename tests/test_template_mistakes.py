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
