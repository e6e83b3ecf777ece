"""A board's and a rule sheet's templates are held to what a card layout's are (new-user review of
issue 30, after its findings 2 and 3 for cards): a mistake names the line of the property itself
and is said in plain words, of the deck (a board and a rule sheet have no card), with a hint that
points at where their data is described; and what drawing a board or a card pictured in a rule
sheet warns about (a heading cut off) reaches the user as a card's warnings do, from the pool's
workers too. Each case draws a tiny deck in the test's own process, in well under a second."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import ROOT

from printgen.draw import build, build_pool
from printgen.draw.build import BuildOptions, Silent
from printgen.files.errors import UserError

HEADING = "    text: \"{{ deck.title | upper }}\"\n"
BOARD = ("title: Tiny mat\nsize: {width: 120, height: 150}\n\nelements:\n"
         "  heading:\n    type: text\n" + HEADING + "    x: 5\n    y: 5\n    width: 110\n    height: 10\n"
         "    size: 14\n"
         "  rows:\n    type: repeat\n    items: \"[1, 2]\"\n    x: 5\n    y: 20\n    dy: 30\n    elements:\n"
         "      place:\n        type: slot\n        card: poker\n        label: \"Row {{ item }}\"\n")
RULES = "---\ntitle: Tiny\n---\n# Tiny\n\nThe deck has {{ deck.card_count }} cards.\n"


def _deck(tmp_path: Path, name: str = "tiny", board: str = BOARD, rules: str = RULES, face: str = "") -> Path:
    """A deck of two cards on the base layout (with `face` elements added), one board and one rule sheet."""
    folder = tmp_path / name
    (folder / "boards").mkdir(parents=True)
    (folder / "rules").mkdir()
    (folder / "deck.yaml").write_text(f"title: {name.capitalize()}\nlayout: mine\nfields:\n"
                                      "  name: {type: text, required: true}\ncards:\n  - name: One\n  - name: Two\n",
                                      encoding="utf-8")
    (folder / "mine.yaml").write_text("extends: base\n" + (f"face:\n{face}" if face else ""), encoding="utf-8")
    (folder / "boards" / "mat.yaml").write_text(board, encoding="utf-8")
    (folder / "rules" / "tiny.md").write_text(rules, encoding="utf-8")
    return folder


def _line(path: Path, needle: str) -> int:
    return next(n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in line)


def _build(folder: Path, *only: str) -> build.BuildResult:
    return build.build_deck(str(folder), BuildOptions(out=folder.parent / "out", only=frozenset(only)), write=False)


# --- 1 and 2: a board's mistake at its property's line, said of the deck --------------------------

def test_a_board_template_mistake_names_the_text_line_and_speaks_of_the_deck(tmp_path):
    folder = _deck(tmp_path, board=BOARD.replace("deck.title", "deck.titel"))
    board = folder / "boards" / "mat.yaml"
    with pytest.raises(UserError) as caught:
        _build(folder, "boards")
    error = caught.value
    assert error.where.file == board and error.where.field == "elements.heading.text"
    assert error.where.line == _line(board, "deck.titel") != _line(board, "heading:")     # not the element's line
    assert error.where.card is None and "card" not in error.message
    assert error.message == "the board uses something the deck does not have: there is no field 'titel'"
    assert error.hint == "did you mean 'title'?"


def test_a_mistake_in_a_repeats_child_on_a_board_names_the_childs_own_line(tmp_path):
    folder = _deck(tmp_path, board=BOARD.replace("Row {{ item }}", "Row {{ deck.nme }}"))
    board = folder / "boards" / "mat.yaml"
    with pytest.raises(UserError) as caught:
        _build(folder, "boards")
    assert caught.value.where.line == _line(board, "deck.nme")
    assert "there is no field 'nme'" in caught.value.message


def test_a_card_layouts_mistake_still_speaks_of_the_card_and_a_repeats_child_of_its_own_line(tmp_path):
    """The card wording is kept; and a card layout's repeat child gets its property's line as a board's does."""
    face = ("  pips:\n    type: repeat\n    items: \"[1]\"\n    elements:\n      pip:\n        type: text\n"
            "        x: 5\n        y: 5\n        width: 20\n        height: 5\n        text: \"{{ card.nme }}\"\n")
    folder = _deck(tmp_path, face=face)
    with pytest.raises(UserError) as caught:
        _build(folder, "cards")
    error = caught.value
    assert error.where.card == "One" and error.where.line == _line(folder / "mine.yaml", "card.nme")
    assert error.message == "the layout uses something this card does not have: there is no field 'nme'"
    assert error.hint == "did you mean 'name'?"


# --- 3 and 4: a rule sheet's mistakes in plain words, with hints that fit them ------------------

@pytest.mark.parametrize("template, says, hint", [
    ("{{ deck.card_cuont }}", "the rule sheet uses something the deck does not have: there is no field 'card_cuont'",
     "did you mean 'card_count'?"),
    ("{{ deck.subtitle.name }}", "'name' of a field the deck leaves empty", "{% if deck.subtitle %}"),
    ("{{ decks.title }}", "'decks' is not a name these templates know (they know deck, game and table)",
     "did you mean 'deck'?"),
    ("{{ range(10000000) | list }}", "the rule sheet's template asks for too much: range() may count at most",
     "simplify this one"),
    ("{{ deck.__class__ }}", "the rule sheet tried something templates may not do", None),
])
def test_a_rule_sheets_template_mistake_is_said_in_plain_words_at_its_line(tmp_path, template, says, hint):
    folder = _deck(tmp_path, rules=RULES + f"\nAnd then {template} more.\n")
    sheet = folder / "rules" / "tiny.md"
    with pytest.raises(UserError) as caught:
        _build(folder, "rules")
    error = caught.value
    assert error.where.file == sheet and error.where.line == _line(sheet, "And then")
    assert says in error.message and "dict object" not in error.message
    assert "README" not in (error.hint or "")
    assert (hint in (error.hint or "")) if hint else error.hint is None


def test_the_reference_lists_every_name_a_rule_sheets_deck_has(tmp_path):
    """The item on rules/*.md in docs/reference.md names each of `deck`'s names and each of a
    group's, as document_context makes them (subtitle, in_play_count, a house's emblem and note)."""
    from printgen.model.context import document_context
    from printgen.model.load import load_deck

    folder = _deck(tmp_path)
    (folder / "deck.yaml").write_text("title: Tiny\nlayout: mine\nfields:\n  name: {type: text}\n"
                                      "  house: {type: group, group: houses}\nhouses:\n  - {name: Red, colour: red}\n"
                                      "cards:\n  - {name: One, house: Red}\n", encoding="utf-8")
    context = document_context(load_deck(folder))
    text = (ROOT / "docs" / "reference.md").read_text(encoding="utf-8")
    section = text.split("\n## How decks and layouts are made\n", 1)[1].split("\n## ", 1)[0]
    listed = next(line for line in section.split("\n* ") if line.startswith("`decks/<deck>/rules/*.md`"))
    assert [k for k in context if k != "houses" and f"`deck.{k}`" not in listed] == []
    assert [k for k in context["houses"][0] if f"`{k}`" not in listed] == []


def test_a_foot_of_a_score_sheet_is_not_called_a_rule_sheet():
    from jinja2.exceptions import UndefinedError

    from printgen.draw.template_words import FORM, template_error
    from printgen.files.errors import Where

    error = template_error(UndefinedError("'dict object' has no attribute 'x'"), Where(), FORM)
    assert error.message == "the foot uses something the deck does not have: there is no field 'x'"


# --- 5: a board's warnings, and a pictured card's, reach the user -------------------------------

LONG = HEADING.replace("| upper }}", "| upper }}: WHERE EVERYTHING IS PROUD AND NOTHING IS HUMBLE AT ALL, EVER")


def test_a_board_heading_cut_off_is_warned_of_at_its_text_line(tmp_path):
    folder = _deck(tmp_path, board=BOARD.replace(HEADING, LONG))
    board = folder / "boards" / "mat.yaml"
    result = _build(folder, "boards")
    said = [w for w in result.warnings if "does not fit its box" in w.message]
    assert len(said) == 1 and said[0].message.startswith("the text 'heading' does not fit its box at 14 pt")
    assert said[0].where.file == board and said[0].where.line == _line(board, "EVERYTHING")
    assert said[0].where.card is None
    assert not _build(_deck(tmp_path, "fine"), "boards").warnings           # the short heading fits


def test_a_board_warning_comes_back_from_a_worker_of_the_pool(monkeypatch, tmp_path):
    one = _deck(tmp_path, "one", board=BOARD.replace(HEADING, LONG))
    two = _deck(tmp_path, "two")
    monkeypatch.setattr(build_pool, "cores", lambda: 2)
    options = BuildOptions(out=tmp_path / "out", only=frozenset({"boards"}))
    apart = build_pool.build_decks([str(one), str(two)], options, Silent)
    assert [[w.message for w in r.warnings] for r in apart] == \
           [[w.message for w in _build(one, "boards").warnings], []]
    assert any("does not fit" in w.message for w in apart[0].warnings)


def test_a_card_pictured_in_a_rule_sheet_warns_as_the_cards_pdf_does(tmp_path):
    """With only the rule sheet built, a pictured card whose name is cut off is still said; built
    with the cards, the same warning is said once."""
    face = "  name: {size: 30, min_size: 30, width: 10, height: 5}\n"
    folder = _deck(tmp_path, rules=RULES + "\n![One](card:one)\n", face=face)
    alone = [w for w in _build(folder, "rules").warnings if "does not fit" in w.message]
    assert alone and all(w.where.card == "One" for w in alone)
    both = [str(w) for w in _build(folder, "rules", "cards").warnings]
    assert len(both) == len(set(both)) and all(str(w) in both for w in alone)


# --- a score sheet's headings and labels, in the same words at their own line ---------------------

SHEET = ("title: Score\ncolumns:\n  label: Round\n  heading: \"Player {{ n }}\"\n  count: 3\n"
         "rows:\n  label: \"{{ n }}\"\n  count: 4\n")


@pytest.mark.parametrize("old, new, field, says", [
    ('"Player {{ n }}"', '"Player {{ deck.titel }}"', "columns.heading",
     "the heading uses something the deck does not have: there is no field 'titel' (in 'Player {{ deck.titel }}')"),
    ('  label: "{{ n }}"\n', '  labels: ["One", "{{ deck.nme }}"]\n', "rows.labels[2]",
     "the label uses something the deck does not have: there is no field 'nme'"),
])
def test_a_score_sheets_heading_mistake_is_said_in_plain_words_at_its_own_line(tmp_path, old, new, field, says):
    folder = _deck(tmp_path)
    sheet = folder / "sheets" / "score.yaml"
    sheet.parent.mkdir()
    sheet.write_text(SHEET.replace(old, new), encoding="utf-8")
    with pytest.raises(UserError) as caught:
        _build(folder, "sheets")
    error = caught.value
    assert error.where.file == sheet and error.where.field == field and says in error.message
    assert error.where.line == _line(sheet, "deck.")
    assert "dict object" not in error.message and "title" in (error.hint or "")     # did you mean it, or the list
