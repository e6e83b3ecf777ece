"""Every game file shipped with a deck (decks/*/games/*.yaml) passes the random-simulation test every
game of printgen passes (OpenSpiel's, in printgen's words): in each variant at every player count it
declares, seeded games with random players keep every card exactly once, take only legal actions,
end without a timeout, and replay the same from the same seed; a decision's action names are distinct.

Why a test over all files rather than one per game: a designer's new file in a shipped deck is
covered the day it is added. The twin tests (test_datagame_<game>.py) say more of each game.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import pytest
from conftest import DECKS

from printgen.games.datagame import load_game_file
from printgen.model.load import load_deck
from printgen.sim.engine import play, random_bot

FILES = sorted(DECKS.glob("*/games/*.yaml"))
GAMES = 4        # a game each, per variant and player count: the twin tests play thousands


@cache
def deck(folder: Path) -> Any:
    return load_deck(folder)


def test_the_shipped_decks_carry_the_four_families():
    assert {p.stem for p in FILES} >= {"burro-data", "casita-data", "cromwell-data", "drafting-data"}


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.parent.name}/{p.stem}")
def test_every_variant_and_player_count_plays_by_the_rules(path):
    game = load_game_file(path, path.parent.parent)
    for variant in game.variants:
        prepared = game.prepare(deck(path.parent.parent), variant, {})
        for n in game.player_counts(prepared):
            bots = [random_bot] * n
            names: list[str] = []

            def watch(step: int, state: Any, seat: int, action: int, names: list[str] = names) -> None:
                if step == 0:
                    said = [game.action_name(state, a) for a in game.legal(state)]
                    assert len(set(said)) == len(said), said
                    names.extend(said)
            results = [play(game, prepared, n, 5, i, bots, checked=True, watch=watch if i == 0 else None)
                       for i in range(GAMES)]
            assert not any(r.timed_out for r in results), (variant, n)
            assert names, (variant, n)
            again = [play(game, prepared, n, 5, i, bots) for i in range(GAMES)]
            assert [(r.scores, r.length, r.held, r.used) for r in results] == \
                [(r.scores, r.length, r.held, r.used) for r in again], (variant, n)
