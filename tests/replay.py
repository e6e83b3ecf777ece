"""The digest the replay tests pin: sha256 over every decision and every figure of the Result of a
set of seeded games, so a speed change that changes what a game does fails its test."""

from __future__ import annotations

import hashlib
from typing import Any

from printgen.sim.engine import BOTS, Game, play


def replay_digest(game: Game, prep: Any, bots: tuple[str, ...], games: int, seed: int,
                  offered: bool = False) -> str:
    """Games 0..games-1 of `seed` with the named bots, two players. `offered`: record the legal
    choices offered at each decision too, not only the one taken (it pins legal()'s order)."""
    sha = hashlib.sha256()

    def recording(bot: Any, taken: list[Any]) -> Any:
        def choose(game: Game, state: Any, rng: Any) -> Any:
            listed = list(game.legal(state)) if offered else None
            action = bot(game, state, rng)
            taken.append((listed, action) if offered else action)
            return action
        return choose

    for index in range(games):
        taken: list[Any] = []
        r = play(game, prep, 2, seed, index, [recording(BOTS[b], taken) for b in bots])
        row = (taken, r.steps, r.timed_out, r.scores, r.winners, r.start_hands, r.held, r.used, r.length,
               sorted(r.extra.items()))
        sha.update(repr(row).encode())
    return sha.hexdigest()
