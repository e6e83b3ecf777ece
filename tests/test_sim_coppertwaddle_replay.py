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
        "fb0291a4b747ce1d488e46657d4e4026c8cb97c5b206c79d7f7636e15c8d7008",
    (("greedy", "greedy"), ()):
        "cbec7c5f19057308329b483765c27943d6b6d0399519de4232bf3129f005d4ec",
    (("random", "greedy"), ()):
        "a5afc3d5f357ce30d551e4780956889a1c210c49603a7769ff094a73b1df239c",
    (("random", "random"), (("covered_support", "yes"), ("rob_full", "midden"), ("wind_alone", "blocks"))):
        "132a4d48e72f55199f09d6df3492cbc8350f2c565b00227a925faec109403bfe",
    (("greedy", "greedy"), (("covered_support", "yes"), ("rob_full", "midden"), ("wind_alone", "blocks"))):
        "28292ca9b4510c9e00b73ff58e402fc35254cab60838321843f38cd472199636",
    (("greedy", "random"), (("hand", 6), ("limit", 3))):
        "2416e65c7710a624f2ef0aabe493cbdda83999be225181f2be8600f3f3db5302",
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
