"""Every game plays as its playthrough file says (tests/playthroughs/, written by
tests/playthroughs/regenerate.py from the list in tests/playthrough.py): one seeded game step by step
(states, legal actions by name, the action taken) and sets of seeded games by their figures.

Why: these files replace the replay digests, which could only say that something changed; a
failure here names the line, the step (or set of games) it is in, and the pinned and new text.
A change meant to change a game regenerates the files, and their diff is what to review.
"""

from __future__ import annotations

import pytest
from playthrough import PINS, Pin, first_difference, render

from printgen.games.registry import get_game, names


def own_games() -> list[str]:
    """printgen's own games (an installed plug-in pins its own play)."""
    return [name for name in names() if type(get_game(name)).__module__.startswith("printgen.games.")]


def test_every_variant_of_every_game_is_pinned():
    pinned = {(pin.game, pin.variant) for pin in PINS}
    wanted = {(name, variant) for name in own_games() for variant in get_game(name).variants}
    assert wanted <= pinned, f"no playthrough for {sorted(wanted - pinned)}"
    assert len({pin.file for pin in PINS}) == len(PINS)


@pytest.mark.parametrize("pin", PINS, ids=lambda pin: pin.file.stem)
def test_the_game_plays_as_its_playthrough_says(pin: Pin):
    assert pin.file.exists(), f"{pin.file.name} is missing: run tests/playthroughs/regenerate.py {pin.file.stem}"
    pinned = pin.file.read_text(encoding="utf-8").splitlines()
    where = first_difference(pinned, render(pin))
    assert where is None, (f"{pin.file.name} no longer plays as pinned, at {where}\nIf the change is meant: "
                           f"tests/playthroughs/regenerate.py {pin.file.stem}, and read the diff")


def test_a_difference_is_named_by_its_step():
    pinned = ["game x", "-- step 0", "seat 0 to play", "seat 0 (random) takes: play A", "-- step 1",
              "seat 1 to play", "seat 1 (random) takes: play B", "-- end after 2 steps", "scores: 1, 0"]
    moved = list(pinned)
    moved[6] = "seat 1 (random) takes: play C"
    said = first_difference(pinned, moved)
    assert said is not None and "line 7" in said and "'-- step 1'" in said and "play B" in said and "play C" in said
    assert "goes on" in (first_difference(pinned, pinned[:-1]) or "")
    assert first_difference(pinned, list(pinned)) is None
