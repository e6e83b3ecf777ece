"""What every game's determinisation is held to (issue 28), shared by tests/test_determinize_*.py:
seeded games played with random and greedy bots, checked at every step; at some steps, for every
seat, determinisations drawn and each one checked against the real state."""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable
from typing import Any

from printgen.sim.engine import Game, game_rng, greedy_bot, random_bot

# (state, det, seat) -> None: a game's own assertions about one determinisation
Extra = Callable[[Any, Any, int], None]
# (state before, action, state after, seat) -> None: the test's own record of what play showed
Watch = Callable[[Any, int, int], None]


def walk(game: Game, prep: Any, players: int, seed: int, every: int, draws: int, extra: Extra | None = None,
         before: Callable[[Any, int], None] | None = None,
         after: Callable[[Any], None] | None = None, greedy: bool = False, max_steps: int = 10 ** 9) -> int:
    """Play one checked game; every `every` steps, `draws` determinisations for each seat. Returns
    how many determinisations were checked. `before(state, action)` sees each decision first,
    `after(state)` the state it led to."""
    rng = game_rng(seed, players, 0)
    det_rng = random.Random(seed * 7 + 1)
    state = game.setup(prep, players, rng)
    game.check(state)
    steps = checked = 0
    bot = greedy_bot if greedy else random_bot
    while not game.is_over(state) and steps < max_steps:
        if steps % every == 0:
            for seat in range(players):
                checked += check_draws(game, state, seat, det_rng, draws, extra)
        action = bot(game, state, rng)
        assert action in game.legal(state)
        if before is not None:
            before(state, action)
        game.apply(state, action)
        game.check(state)
        if after is not None:
            after(state)
        steps += 1
    return checked


def check_draws(game: Game, state: Any, seat: int, rng: random.Random, draws: int, extra: Extra | None) -> int:
    """The contract's promises for `draws` determinisations of `state` for `seat`."""
    info = game.information(state, seat)
    hash(info)
    to_act = game.to_act(state)
    legal = list(game.legal(state)) if to_act == seat else None
    frozen = fingerprint(state)
    for _ in range(draws):
        det = game.determinize(state, seat, rng)
        assert det is not state
        game.check(det)
        assert game.information(det, seat) == info, f"seat {seat}: a determinisation the seat could tell apart"
        if legal is not None:
            assert list(game.legal(det)) == legal
        if extra is not None:
            extra(state, det, seat)
        play_on(game, det, rng)
        assert fingerprint(state) == frozen, "playing on a determinisation changed the real game"
    return draws


def fingerprint(state: Any) -> bytes:
    """The state's fields as bytes, all but the prepared deck (shared by every game, its lazily
    filled tables included)."""
    names = getattr(type(state), "__slots__", None) or list(vars(state))
    return pickle.dumps([getattr(state, n) for n in names if n != "prep"])


def play_on(game: Game, det: Any, rng: random.Random, steps: int = 12) -> None:
    """A few random decisions on the copy, each checked (a dealt position the rules can go on from)."""
    for _ in range(steps):
        if game.is_over(det):
            return
        game.apply(det, random_bot(game, det, rng))
        game.check(det)


def varies(game: Game, state: Any, seat: int, hidden: Callable[[Any], Any], draws: int = 40) -> int:
    """How many different hidden layouts (`hidden(det)`) `draws` determinisations gave."""
    rng = random.Random(5)
    return len({repr(hidden(game.determinize(state, seat, rng))) for _ in range(draws)})
