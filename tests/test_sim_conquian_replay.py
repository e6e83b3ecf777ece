"""Conquian replays exactly: digests of seeded games, pinned.

Each digest covers, for a set of seeded games, every decision taken together with the list of legal
choices it was taken from (in order: a random bot picks by position in that list), and every figure
of the Result (steps, scores, winners, cards held and used, length, ties, forces, borrows, cards
turned, cards melded). They were computed before the simulator was made faster, so a change to its
speed that changes what the game does (a rule, the order of the legal choices, how the greedy bot
breaks ties with the game's generator, which decisions are taken for the player because they are the
only choice) fails here. Random, greedy and mixed seats are pinned separately, so a deliberate
change to the greedy bot moves only the digests with a greedy seat (and must say so in its commit).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from replay import replay_digest

from printgen.games.conquian import Conquian
from printgen.model.load import load_deck
from printgen.sim.engine import BOTS, shuffle

GAME = Conquian()

# (variant, bots, options, games) -> sha256 of the games' decisions and results, seed 2024
PINNED = {
    ("basic", ("random", "random"), (("force_drawn", "refused"),), 800):
        "0ecab10e5d522bb2af3a3fa91e5c37eb64fedd61e7cec970ad489e481bcf5750",
    ("basic", ("greedy", "greedy"), (("force_drawn", "refused"),), 400):
        "e5d28bd29a45cd5ebaebb93cbeeb77cf8c5f05d8b62dd949d5a4747a4a76932f",
    ("basic", ("random", "greedy"), (("force_drawn", "refused"),), 300):
        "2899f9aca7f8d674d4e5367fd45f7401c35ff73684a706067eff60cbc74ec144",
    ("short", ("random", "random"), (("force_drawn", "refused"),), 400):
        "6f90f5b29b85e4cd51ef3927b25a754c0a233dd092086055e920ed2792bd714f",
    ("short", ("greedy", "random"), (("force_drawn", "refused"),), 200):
        "adfa5d5dad3601f4a1c5dd19fbdb9b22a3681a33be73e7d4c2197d77023b69bd",
    ("basic", ("random", "random"), (("force_drawn", "at_once"),), 300):
        "06f55956c9509df82d6cf192d20f24043b03a909460827a54070ff257859da70",
    ("basic", ("greedy", "greedy"), (("force_drawn", "at_once"),), 200):
        "1656d662af85431f60a526543ffe4b875ab60dd1a2b12bf169dfc8164bbf3801",
    ("short", ("random", "random"), (("deal", 5), ("force_drawn", "refused")), 200):
        "dcf4c6225962e8e5499e721e9ff0ce317fabbe48891a6d6ff657cf14a950f1b4",
    ("basic", ("random", "greedy"), (("force_drawn", "refused"), ("pack", "48")), 200):
        "3416dba0cf7583b6685d92c1d4d12ab5dd5ecd9e5432ce8d0009f04542266a71",
}

# The same deck with its cards listed rank by rank (as, as, as, as, dos...) instead of suit by suit:
# card numbers then do not follow suits, which the simulator's tables must not mind. Pinned from the
# simulator as it was before it was made faster (commit d8c95bc).
PINNED_RANKWISE = {
    ("basic", ("random", "random"), (("force_drawn", "refused"),), 600):
        "426ee35a33dbc9d06232cebf219c61690d3324626fc9f6a4fc0359fb9bed99ad",
    ("basic", ("greedy", "random"), (("force_drawn", "refused"),), 300):
        "d04ffa0b0f8a15b2d3fd4837ed1f299af8942035fd59182172cbd6a3f46bcc6f",
    ("basic", ("random", "random"), (("force_drawn", "at_once"),), 200):
        "e18fdd17c44112e8dbc9ee2c785c3d847e69ef03fbbb065f41a393dd1e5bd63f",
    ("basic", ("random", "greedy"), (("force_drawn", "refused"), ("pack", "48")), 200):
        "988ca21dd77b71340973d80b7aea6e92d367fa3e721a19bc41e294bf5369b76f",
}

# The Spanish deck as it was when the digests were pinned, kept here so a designer's change to the
# shipped deck (another pack, renamed cards, a new card order) never breaks the pins: they pin the
# simulator.
PINNED_DECK = Path(__file__).parent / "data" / "conquian-pinned"


@pytest.fixture(scope="module")
def deck():
    return load_deck(PINNED_DECK)


@pytest.fixture(scope="module")
def rankwise():
    return load_deck(PINNED_DECK.parent / "conquian-pinned-rankwise")


def digest(prep, bots: tuple[str, ...], games: int, seed: int = 2024) -> str:
    """The replay digest, with the legal choices offered at each decision (they pin legal()'s order)."""
    return replay_digest(GAME, prep, bots, games, seed, offered=True)


@pytest.mark.parametrize("variant,bots,options,games", list(PINNED),
                         ids=lambda x: "-".join(map(str, x)) if isinstance(x, tuple) else str(x))
def test_seeded_games_replay_as_pinned(deck, variant, bots, options, games):
    prep = GAME.prepare(deck, variant, dict(options))
    assert digest(prep, bots, games) == PINNED[(variant, bots, options, games)], \
        f"seeded Conquian games ({variant}, {bots}, {dict(options)}) are no longer the same games"


@pytest.mark.parametrize("variant,bots,options,games", list(PINNED_RANKWISE),
                         ids=lambda x: "-".join(map(str, x)) if isinstance(x, tuple) else str(x))
def test_a_deck_listed_rank_by_rank_replays_as_pinned(rankwise, variant, bots, options, games):
    prep = GAME.prepare(rankwise, variant, dict(options))
    assert digest(prep, bots, games) == PINNED_RANKWISE[(variant, bots, options, games)], \
        f"seeded Conquian games on a deck listed rank by rank ({variant}, {bots}, {dict(options)}) changed"


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
