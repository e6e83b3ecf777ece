"""The engine's loop itself, for every game: the runner plays "greedy" with the game's greedy method
taken straight from its class (bot_for: one call fewer a decision), so the same seeded games must
come out of it as out of greedy_bot called as any other bot would be."""

from __future__ import annotations

import pytest

from printgen.model.load import load_deck
from printgen.sim.engine import BOTS, bot_for, greedy_bot, play
from printgen.games.registry import get_game, names

# each game with a shipped deck it plays
DECK_OF = {"conquian": "spanish", "casita": "spanish", "burro": "spanish", "coppertwaddle": "coppertwaddle",
           "cromwell": "cromwell", "drafting": "standard", "lombre": "spanish", "tresillo": "spanish"}


def test_every_game_has_a_deck_here():
    assert set(DECK_OF) == set(names())


def as_any_bot(game, state, rng):
    """greedy_bot behind a function of its own, as any other bot is called."""
    return greedy_bot(game, state, rng)


@pytest.mark.parametrize("name", sorted(DECK_OF))
def test_the_direct_greedy_call_plays_the_same_games(name):
    game = get_game(name)
    prepared = game.prepare(load_deck(DECK_OF[name]), game.variants[0], {})
    players = game.player_counts(prepared)[0]
    assert bot_for("greedy", game) is type(game).greedy and bot_for("random", game) is BOTS["random"]
    for index in range(20):
        direct = play(game, prepared, players, 11, index, [bot_for("greedy", game)] * players)
        wrapped = play(game, prepared, players, 11, index, [as_any_bot] * players)
        assert direct == wrapped, f"{name}, game {index}"
