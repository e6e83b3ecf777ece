"""Coppertwaddle replays exactly: digests of seeded games, pinned.

Each digest covers every decision taken and every figure of the Result (steps, scores, winners,
cards held and used, length, victory, robbings, cards drawn) of a set of seeded games. They were
computed before the simulator was made faster, so a change to its speed that changes what the
game does (a rule, the order of the legal choices a random bot picks from, how the greedy bot
breaks ties with the game's generator) fails here. Rules and bots are pinned separately: the
random-bot digest depends on the rules and legal()'s order only, so a deliberate change to the
greedy bot moves only the digests with a greedy seat (and must say so in its commit).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from replay import replay_digest
from printgen.load import load_deck
from printgen.sim.coppertwaddle import Coppertwaddle

GAME = Coppertwaddle()
GAMES = 120

# (bots, options) -> sha256 of the games' decisions and results, seed 4242, games 0..GAMES-1
PINNED = {
    (("random", "random"), ()):
        "06dc19a2d0093f80bb44b811b17ef595aa3e44d8515fb5999dbafd1c32c949fb",
    (("greedy", "greedy"), ()):
        "b23fa77ee9b9ec7dd4a3067342031b9e9eb588ce6fbc70d90785be2c8edc6948",
    (("random", "greedy"), ()):
        "540beac50dacc90d8480cc3d0711969e40432d60f8523423ede0acaffb0f27c3",
    (("random", "random"), (("covered_support", "yes"), ("rob_full", "midden"), ("wind_alone", "blocks"))):
        "132a4d48e72f55199f09d6df3492cbc8350f2c565b00227a925faec109403bfe",
    (("greedy", "greedy"), (("covered_support", "yes"), ("rob_full", "midden"), ("wind_alone", "blocks"))):
        "ef3ad49112e58670599e1ca77001ddf39db872004fb775b8a38a5fb788ec5b8b",
    (("greedy", "random"), (("hand", 6), ("limit", 3))):
        "da7b42e8d4760619c65b9ecb91f732191b11841299fc491487af5e04b7a5b249",
}


# The deck as it was when the digests were pinned (before Mappa Mundi and Captain's Reversal), kept
# here so a designer's change to the shipped deck never breaks the pins: they pin the simulator.
PINNED_DECK = Path(__file__).parent / "data" / "coppertwaddle-pinned"


@pytest.fixture(scope="module")
def deck():
    return load_deck(PINNED_DECK)


def digest(prep, bots: tuple[str, ...], games: int = GAMES, seed: int = 4242) -> str:
    return replay_digest(GAME, prep, bots, games, seed)


@pytest.mark.parametrize("bots,options", list(PINNED), ids=lambda x: "-".join(map(str, x)) if x else "default")
def test_seeded_games_replay_as_pinned(deck, bots, options):
    prep = GAME.prepare(deck, "basic", dict(options))
    assert digest(prep, bots) == PINNED[(bots, options)], \
        f"seeded Coppertwaddle games with {bots} and {dict(options)} are no longer the same games"
