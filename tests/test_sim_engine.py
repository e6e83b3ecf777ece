"""The engine's loop itself, for every game: the runner plays "greedy" with the game's greedy method
taken straight from its class (bot_for: one call fewer a decision), so the same seeded games must
come out of it as out of greedy_bot called as any other bot would be."""

from __future__ import annotations

import random

import pytest

from printgen.games.registry import get_game, names
from printgen.model.load import load_deck
from printgen.sim.engine import BOTS, bot_for, greedy_bot, play, shuffle

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


def test_shuffle_draws_as_the_library_shuffle():
    """engine.shuffle writes out random.shuffle; the same generator state must give the same deal
    and leave the generator in the same state."""
    for n in (0, 1, 2, 3, 7, 40, 55, 64, 129):
        ours, theirs = random.Random(f"deal/{n}"), random.Random(f"deal/{n}")
        for _ in range(20):
            mine, library = list(range(n)), list(range(n))
            shuffle(ours, mine)
            theirs.shuffle(library)
            assert mine == library
        assert ours.random() == theirs.random()


def test_random_bot_draws_as_randrange():
    """The random bot writes out randrange's draw; the same generator state must give the same pick."""
    class Listed:                           # a game whose legal actions are the state itself
        @staticmethod
        def legal(state):
            return state

    for n in (1, 2, 3, 5, 8, 13, 64, 100):
        ours, theirs = random.Random(n), random.Random(n)
        for _ in range(200):
            assert BOTS["random"](Listed, list(range(n)), ours) == theirs.randrange(n)
