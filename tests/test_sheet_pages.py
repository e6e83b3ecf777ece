"""A score sheet that spills onto a second page is warned of: it printed two pages silently."""
import shutil

import pytest
from conftest import DECKS


@pytest.fixture(scope="module")
def cromwell():
    from printgen.model.layouts import load_layout
    from printgen.model.load import ALL_CARDS, load_deck

    deck = load_deck(DECKS / "cromwell", ALL_CARDS)
    return deck, load_layout(deck.layout, deck)


def _said(tmp_path, cromwell, label: str) -> list[str]:
    from dataclasses import replace

    from printgen.draw.documents.forms import render_sheet

    deck, layout = cromwell
    sheet = tmp_path / "sheets" / "score.yaml"
    sheet.parent.mkdir()
    shutil.copy(DECKS / "cromwell" / "sheets" / "cromwell-score.yaml", sheet)
    sheet.write_text(sheet.read_text().replace("  label: Round\n", f"  label: {label}\n", 1))
    said: list = []
    render_sheet(replace(deck, folder=tmp_path), layout, sheet, warn=said.append)
    return [str(w) for w in said]


def test_a_long_column_label_that_pushes_the_foot_over_is_warned_of(tmp_path, cromwell):
    said = _said(tmp_path, cromwell, "Round of play, counted from the first deal of the evening")
    assert len(said) == 1
    assert "score.yaml, line 6, field 'columns': the score sheet runs onto a second page; shorten the column " \
        "label" in said[0]


def test_the_shipped_sheet_is_one_page_and_says_nothing(tmp_path, cromwell):
    assert _said(tmp_path, cromwell, "Round") == []
