"""Burro as a game file (decks/spanish/games/burro-data.yaml) plays the same game as printgen's own
Burro (printgen/games/burro/): random players on both sides, compared by game length, seat wins,
draws and dead cards at a significance of 1 % over all the tests (printgen.sim.agreement).

Why: a game file is only worth writing if what it plays is the game its author meant; the shipped
games are the reference the language is measured against. A copy of the file with one rule changed
must be told apart by the same test, or the agreement would mean nothing. (The random-simulation
test of every variant and player count is tests/test_datagame_games.py's, for every game file.)
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from printgen.games.datagame import load_game_file
from printgen.games.registry import get_game
from printgen.model.load import load_deck
from printgen.sim.agreement import agreement, agreements

FILE = Path(__file__).resolve().parent.parent / "decks" / "spanish" / "games" / "burro-data.yaml"


@cache
def spanish() -> Any:
    return load_deck("spanish")


def data_side(path: Path, variant: str = "basic40") -> tuple[Any, Any]:
    game = load_game_file(path)
    return game, game.prepare(spanish(), variant, {})


def hand_side(variant: str = "basic40") -> tuple[Any, Any]:
    game = get_game("burro")
    return game, game.prepare(spanish(), variant, {})


def test_the_game_file_plays_printgens_burro():
    """Two and four players, 300 games a side each: no measure tells the twins apart."""
    found = agreements(data_side(FILE), hand_side(), (2, 4), 300, seed=11)
    for one in found:
        assert one.agrees, one.words()
    # at two players some cards stay in a hand to the end often enough to compare their dead rates
    assert any(t.measure == "dead" for t in found[0].tests), found[0].words()


def test_a_changed_rule_is_told_apart(tmp_path):
    """The same file with a hand stopped while two players still hold cards (Burro plays on until
    one does): the comparison finds it (the lowest letters then tie far more often)."""
    text = FILE.read_text(encoding="utf-8").replace("while: holders > 1 and", "while: holders > 2 and")
    assert text != FILE.read_text(encoding="utf-8")
    changed = tmp_path / "burro-data.yaml"
    changed.write_text(text, encoding="utf-8")
    found = agreement(data_side(changed), hand_side(), 3, 150, seed=11)
    assert not found.agrees and found.rejected(), found.words()
