"""A text cut off is said to a teacher in plain words (new-user review, 2026-11-27): the element is
named as its file names it, with its kind ("the text 'heading'", not "the heading" or "the
houses.hint"); the size is said as what it is (without `min_size` a text never shrinks, so not
"even at 14 pt"); and the remedy is given: the `min_size` at which it would fit, or only
"shorten it" when it is at its `min_size` already. A repeat's copies are said once, naming
the copies cut off. Each case draws a tiny board in the test's own process."""

from __future__ import annotations

from pathlib import Path

from printgen.draw import build
from printgen.draw.build import BuildOptions

LONG = "THE GREAT AND GLORIOUS REALM OF EVERYWHERE AND NOWHERE, PROUD AND NEVER HUMBLE AT ALL"
BOARD = ("title: Tiny mat\nsize: {width: 120, height: 150}\n\nelements:\n"
         "  heading:\n    type: text\n    text: \"" + LONG + "\"\n    x: 5\n    y: 5\n    width: 110\n"
         "    height: 10\n    size: 14\n")
ROWS = ("  houses:\n    type: repeat\n"
        "    items: \"['York', 'Lancaster and all the realm of England beyond', 'Tudor']\"\n"
        "    x: 5\n    y: 20\n    dy: 30\n    elements:\n"
        "      hint:\n        type: text\n        text: \"{{ item }}\"\n        width: 30\n        height: 6\n"
        "        size: 12\n")


def _warnings(tmp_path: Path, board: str) -> list:
    folder = tmp_path / "tiny"
    (folder / "boards").mkdir(parents=True, exist_ok=True)
    (folder / "deck.yaml").write_text("title: Tiny\nlayout: base\nfields:\n  name: {type: text, required: true}\n"
                                      "cards:\n  - name: One\n", encoding="utf-8")
    (folder / "boards" / "mat.yaml").write_text(board, encoding="utf-8")
    result = build.build_deck(str(folder), BuildOptions(out=tmp_path / "out", only=frozenset({"boards"})), write=False)
    return [w for w in result.warnings if "does not fit" in w.message]


def test_a_text_without_min_size_is_said_not_to_shrink_and_the_min_size_that_fits_is_offered(tmp_path):
    (said,) = _warnings(tmp_path, BOARD)
    assert said.where.field == "elements.heading.text"
    head = "the text 'heading' does not fit its box at 14 pt, so its end is cut off; shorten it, or let it shrink with "
    assert said.message.startswith(head) and "even at" not in said.message
    offered = said.message.removeprefix(head + "min_size: ")
    assert not _warnings(tmp_path, BOARD + f"    min_size: {offered}\n")       # the size offered does fit


def test_a_text_at_its_min_size_is_only_told_to_be_shorter(tmp_path):
    (said,) = _warnings(tmp_path, BOARD.replace(LONG, LONG * 3) + "    min_size: 9\n")
    assert said.message == ("the text 'heading' does not fit its box even at its min_size of 9 pt, so its end is "
                            "cut off; shorten it")


def test_a_repeats_copies_cut_off_are_said_once_by_name(tmp_path):
    (said,) = _warnings(tmp_path, BOARD.replace(LONG, "Mat") + ROWS)
    assert said.where.field == "elements.houses.elements.hint.text"          # as the file nests it
    assert said.message.startswith("the text 'hint' in the repeat 'houses' does not fit its box at 12 pt in 1 of "
                                   "its 3 copies ('Lancaster and all the realm o…'), so their ends are cut "
                                   "off; shorten it, or let it shrink with min_size: ")


LIST = ("  houses:\n    type: list\n"
        "    items: \"['York', 'Lancaster and all the realm of England beyond the sea', 'Tudor']\"\n"
        "    text: \"{{ item }}\"\n    x: 5\n    y: 20\n    width: 40\n    height: 30\n    size: 12\n")


def test_a_lists_lines_cut_off_are_said_once_by_name(tmp_path):
    """A list shrinks its lines together down to its min_size; a line that does not fit even then
    was cut off without a word."""
    (said,) = _warnings(tmp_path, BOARD.replace(LONG, "Mat") + LIST)
    assert said.where.field == "elements.houses.text"
    assert said.message == ("the list 'houses' does not fit a line in its box at 12 pt ('Lancaster and all the realm "
                            "o…'), so their ends are cut off; shorten them, or let the list shrink with a min_size")
    assert not _warnings(tmp_path, BOARD.replace(LONG, "Mat") + LIST.replace("the sea", "").replace("width: 40",
                                                                                                      "width: 110"))
