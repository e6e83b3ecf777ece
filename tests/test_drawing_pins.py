"""Every shipped deck draws exactly what its pin in tests/pins/ says, line by line.

"The output is byte-identical" is this test, not a sentence in a commit message: a change that
moves code must leave every line as it is, and one meant to change the drawing shows, in the diff
this prints, which card, side and operation changed (then regenerate the pins with
`.venv/bin/python tests/drawing_pins.py` and read their diff before committing).
(After Squib's spec/samples/samples_regression_spec.rb.)
"""

from __future__ import annotations

import difflib
import re

import pytest
from drawing_pins import DECKS, PINS, REGENERATE, op_lines, pin_text

from printgen.draw.ops import ShapeOp, TextOp, TurnOp


@pytest.mark.parametrize("name", DECKS)
def test_the_resolved_drawing_is_as_pinned(name):
    pinned = PINS / f"{name}.txt"
    assert pinned.exists(), f"no pin for the deck '{name}': make it with {REGENERATE} {name}"
    want = pinned.read_text(encoding="utf-8").splitlines()
    got = pin_text(name).splitlines()
    diff = [with_section(line, want) for line in
            difflib.unified_diff(want, got, f"tests/pins/{name}.txt", "drawn now", n=2, lineterm="")]
    shown = "\n".join(diff[:80]) + (f"\n... and {len(diff) - 80} more lines" if len(diff) > 80 else "")
    assert not diff, f"the drawing of '{name}' differs from its pin:\n{shown}\n(meant? {REGENERATE} {name})"


def with_section(line: str, pinned: list[str]) -> str:
    """A hunk's head with the card and side (or board) it falls in, as git names a hunk's function."""
    found = re.match(r"@@ -(\d+)", line)
    if not found:
        return line
    start = int(found.group(1))
    heads = [text for text in pinned[:start + 1] if text.startswith("== ")]
    return f"{line} {heads[-1]}" if heads else line


def test_every_pin_is_of_a_shipped_deck():
    """A pin left behind by a deck renamed or removed would be held to nothing."""
    assert sorted(p.stem for p in PINS.glob("*.txt")) == DECKS


def test_a_pin_line_shows_every_number_an_operation_draws_with(tmp_path):
    """Each field of an operation is written, so no change to one can pass unseen."""
    shape = ShapeOp("rect", 1, 2, 3, 4, 5, "#111111", "#222222", 6, (7.0, 8.0))
    text = TextOp("Caladea", 9, "#333333", 10, ((11.0, 12.0, "words"),))
    lines = op_lines(TurnOp(90, 13, 14, (shape, text)), tmp_path)
    assert lines == ["  turn 90 about 13,14",
                     "    shape rect 1,2 3x4 radius=5 fill=#111111 stroke=#222222 width=6 dash=7,8",
                     "    text Caladea 9pt #333333 tracking=10",
                     "      11,12 'words'"]
