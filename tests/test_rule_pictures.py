"""A picture a rule sheet cannot draw is refused at its line, never printed as its words."""
import pytest

from printgen.files.errors import UserError


@pytest.fixture(scope="module")
def styles():
    from printgen.draw.documents.document import make_styles
    from printgen.draw.fonts import FontSet
    from printgen.model.layouts import load_layout

    return make_styles(FontSet(load_layout("base").fonts))


def _row(cards):
    from reportlab.platypus import Spacer

    return Spacer(10, 10)


def _flow(text, styles, card_row=_row):
    from printgen.draw.documents.markdown import to_flowables

    return to_flowables(text, styles, 250.0, card_row)


ROW = "Intro.\n\n> ![Henry VII](card:henry-vii) ![Henry VIII](%s) ![Edward VI](card:edward-vi)\n"


def test_a_misspelt_scheme_in_a_row_of_cards_is_named_with_the_fix(styles):
    with pytest.raises(UserError) as caught:
        _flow(ROW % "cards:henry-viii", styles)
    assert caught.value.where.line == 3
    assert "'cards:henry-viii'" in caught.value.message
    assert "![Henry VIII](card:henry-viii)" in caught.value.hint


@pytest.mark.parametrize("src", ["../../outside.png", "art/e.png", "https://example.org/q.png"])
def test_a_picture_file_is_refused_with_what_a_sheet_may_picture(styles, src):
    with pytest.raises(UserError) as caught:
        _flow(f"One.\n\nTwo\n![Queen]({src})\n", styles)
    assert caught.value.where.line == 4
    assert src in caught.value.message and "cards" in caught.value.message
    assert "![Queen](card:ID)" in caught.value.hint


def test_a_card_picture_among_words_is_refused(styles):
    with pytest.raises(UserError, match="shares its line with text"):
        _flow("See ![Henry VII](card:henry-vii) here.\n", styles)
    with pytest.raises(UserError, match="shares its line with text"):
        _flow("## ![Henry VII](card:henry-vii)\n", styles)


def test_a_picture_in_a_score_sheet_foot_is_refused(styles):
    with pytest.raises(UserError, match="score sheet cannot show pictures"):
        _flow("![Henry VII](card:henry-vii)\n", styles, None)


def test_rows_of_cards_and_table_layouts_still_draw(styles):
    drawn = _flow((ROW % "card:henry-viii") + "\n![](table:mat)\n\n![b](card-back:x \"12mm\")\n", styles)
    assert len(drawn) == 4
