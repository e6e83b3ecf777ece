"""Shared checks of a game's `information` and `determinize` (issue 28), used by the
tests/test_determinize_<game>.py files: each gives its game, a way to read the places a seat
knows, and gets the same verdicts. Why shared: every game must keep the same promises, and a
check written once is a check that cannot drift between games."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from typing import Any

from printgen.sim.engine import Game, game_rng, random_bot

# (state, seat) -> {card: place} for every card the seat knows the place of
Placed = Callable[[Any, int], dict[int, Hashable]]


def snapshot(state: Any) -> str:
    """Everything of a state play can change, as text: two equal snapshots are equal states."""
    names = [n for n in getattr(type(state), "__slots__", ()) if n not in ("prep", "rng", "cache")]
    parts = [repr(getattr(state, n, None)) for n in names]
    rng = getattr(state, "rng", None)
    if rng is not None:
        parts.append(repr(rng.getstate()))
    return "|".join(parts)


def play_out(game: Game[Any, Any], state: Any, rng: random.Random, steps: int) -> None:
    """Random moves on `state` for at most `steps` decisions."""
    for _ in range(steps):
        if game.is_over(state):
            return
        game.apply(state, random_bot(game, state, rng))


def check_game(game: Game[Any, Any], prep: Any, players: int, seed: int, placed: Placed, every: int = 1,
               max_steps: int = 400, onward: int = 30, watch: Callable[[Any], None] | None = None) -> int:
    """Play one seeded game with random bots; every `every` steps and for every seat, determinise
    and check the promises of the contract. `watch(state)` sees each state first (a test's own
    record of what the seats saw). Returns the determinisations checked."""
    rng = game_rng(seed, players, 0)
    det_rng = random.Random(seed)
    state = game.setup(prep, players, rng)
    checked = 0
    for step in range(max_steps):
        if game.is_over(state):
            break
        if watch is not None:
            watch(state)
        if step % every == 0:
            for seat in range(players):
                check_one(game, state, seat, det_rng, placed, onward)
                checked += 1
        game.apply(state, random_bot(game, state, rng))
        game.check(state)
    return checked


def check_one(game: Game[Any, Any], state: Any, seat: int, rng: random.Random, placed: Placed,
              onward: int = 30) -> Any:
    """One determinisation of `state` for `seat`, checked: the invariants hold, the seat's
    information is the same, the legal actions too when it is to act, every card it knows the place
    of is still there, and playing on the copy leaves the original untouched."""
    before = snapshot(state)
    info = game.information(state, seat)
    det = game.determinize(state, seat, rng)
    assert det is not state
    game.check(det)
    assert game.information(det, seat) == info, f"seat {seat}: the determinised state looks different to it"
    if not game.is_over(state) and game.to_act(state) == seat:
        assert game.legal(det) == game.legal(state), f"seat {seat}: other legal actions in the copy"
    known = placed(state, seat)
    now = placed(det, seat)
    moved = {c: (p, now.get(c)) for c, p in known.items() if now.get(c) != p}
    assert not moved, f"seat {seat}: cards it knows the place of moved: {moved}"
    old_rng = getattr(state, "rng", None)
    if old_rng is not None:
        assert det.rng is not old_rng and det.rng.getstate() != old_rng.getstate(), "the copy shares the generator"
    play_out(game, det, rng, onward)
    assert snapshot(state) == before, f"seat {seat}: playing on the copy changed the original"
    return det


def variety(game: Game[Any, Any], state: Any, seat: int, hidden: Callable[[Any], Hashable], times: int = 30,
            seed: int = 1) -> int:
    """How many different hidden deals `times` determinisations give (hidden(det): the places the
    seat cannot see): a copy that never changes them would give 1."""
    rng = random.Random(seed)
    return len({hidden(game.determinize(state, seat, rng)) for _ in range(times)})


def advance(game: Game[Any, Any], prep: Any, players: int, seed: int, steps: int) -> Any:
    """A seeded game after `steps` random decisions (or at its end)."""
    rng = game_rng(seed, players, 0)
    state = game.setup(prep, players, rng)
    play_out(game, state, rng, steps)
    return state
