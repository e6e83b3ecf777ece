"""An element drawn off a board, wholly or partly, is warned of at its line: it was dropped or cut
off silently (exit 0, no word)."""
from pathlib import Path

import pytest
import yaml
from conftest import DECKS

from printgen.draw.documents.board_bounds import off_board


@pytest.fixture(scope="module")
def cromwell():
    from printgen.model.layouts import load_layout
    from printgen.model.load import ALL_CARDS, load_deck

    deck = load_deck(DECKS / "cromwell", ALL_CARDS)
    return deck, load_layout(deck.layout, deck)


def _warnings(tmp_path: Path, cromwell, elements: dict) -> list[str]:
    from dataclasses import replace

    from printgen.draw.documents.boards import render_board

    deck, layout = cromwell
    path = tmp_path / "board.yaml"
    path.write_text(yaml.safe_dump({"title": "Mat", "size": {"width": 420, "height": 297}, "overlap": 10,
                                    "elements": elements}, sort_keys=False))
    return [str(w) for w in render_board(replace(deck, folder=tmp_path), layout, path).warnings]


def test_an_element_moved_off_the_board_is_named_with_where_it_lies(tmp_path, cromwell):
    said = _warnings(tmp_path, cromwell, {
        "order_title": {"type": "text", "text": "Houses", "x": 446, "y": 262, "width": 92, "height": 6},
        "cut": {"type": "shape", "x": 400, "y": 10, "width": 92, "height": 6},
        "kept": {"type": "shape", "x": 0, "y": 0, "width": 420, "height": 297}})
    assert len(said) == 2
    assert "line 7, field 'elements.order_title'" in said[0]
    assert "'order_title' lies 446 mm from the left of a board 420 mm wide, so it is not printed" in said[0]
    assert "'cut' runs 72 mm past the right edge of the 420 x 297 mm board, so it is cut off" in said[1]


def test_a_repeat_running_off_the_board_is_said_once(tmp_path, cromwell):
    said = _warnings(tmp_path, cromwell, {"dots": {
        "type": "repeat", "items": "range(40)", "columns": 2, "x": 10, "y": 10, "dx": 20, "dy": 20,
        "elements": {"dot": {"type": "shape", "width": 5, "height": 5}}}})
    assert len(said) == 1
    assert "'dots': 10 of its 40 copies do not fit" in said[0] and "10 lie wholly off it" in said[0]


def test_boxes_on_the_edge_or_turned_within_are_not_warned_of():
    k = 72 / 25.4
    boxes = {"edge": [((0, 0, 420 * k, 297 * k), 0)], "turned": [((100 * k, 100 * k, 50 * k, 10 * k), 90)]}
    assert off_board(boxes, (420, 297), lambda name: None) == []
    assert off_board({"up": [((0, 290 * k, 10 * k, 20 * k), 0)]}, (420, 297), lambda name: None)[0].message \
        == "the element 'up' runs 13 mm past the top edge of the 420 x 297 mm board, so it is cut off; " \
           "check its x, y and size"


def test_a_repeat_of_ninety_thousand_copies_is_refused_at_once(tmp_path, cromwell):
    from printgen.files.errors import UserError

    with pytest.raises(UserError, match="would draw 90000 copies; a repeat draws at most 10000") as caught:
        _warnings(tmp_path, cromwell, {"dots": {"type": "repeat", "items": "range(90000)", "columns": 3, "dx": 20,
                                                "elements": {"dot": {"type": "shape", "width": 5, "height": 5}}}})
    assert caught.value.where.field == "elements.dots.items"
