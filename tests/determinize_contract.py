"""The checks every game's determinize must pass (issue 28), shared by the tests/test_determinize_*.py
files: each game says only where its cards are (`where`) and which of those places a seat has seen
(`seen`). Why one place: the contract is the engine's, the same for every game, and a search player
that is handed a card its seat has seen elsewhere plays from knowledge it must not have."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from typing import Any

from printgen.sim.engine import game_rng, random_bot

Where = Callable[[Any], dict[int, Hashable]]             # every card -> its place in the state
Seen = Callable[[Any, int], dict[int, Hashable]]         # the cards a seat has seen -> their places


def check_game(game: Any, prep: Any, players: int, seed: int, where: Where, seen: Seen, play_on: int = 12,
               most: int = 10**9) -> int:
    """One seeded game of random moves, checked at every step: for every seat, a determinisation
    passes game.check, keeps the seat's information and (when it acts) its legal actions, keeps
    every seen card where it was, and playing on it leaves the real game as it was. The steps
    checked (at most `most`)."""
    state = game.setup(prep, players, game_rng(seed, players, 0))
    rng = random.Random(seed)
    steps = 0
    while not game.is_over(state) and steps < most:
        actor = game.to_act(state)
        legal = list(game.legal(state))
        before = (where(state), [game.information(state, p) for p in range(players)], legal)
        for seat in range(players):
            det = game.determinize(state, seat, rng)
            assert det is not state
            game.check(det)
            assert game.information(det, seat) == game.information(state, seat), f"step {steps}, seat {seat}"
            if seat == actor:
                assert list(game.legal(det)) == legal, f"step {steps}: the seat to act has other actions"
            placed = where(det)
            for card, place in seen(state, seat).items():
                assert placed[card] == place, f"step {steps}, seat {seat}: seen card {card} moved from {place}"
            if seat == steps % players:         # play on one copy a step: the real game must not change
                for _ in range(play_on):
                    if game.is_over(det):
                        break
                    game.apply(det, random_bot(game, det, rng))
        assert (where(state), [game.information(state, p) for p in range(players)], list(game.legal(state))) == before
        game.apply(state, random_bot(game, state, rng))
        game.check(state)
        steps += 1
    return steps


def unseen_spread(game: Any, prep: Any, players: int, seed: int, where: Where, seen: Seen,
                  draws: int = 200) -> dict[int, set[Hashable]]:
    """The places each card the seat to act has not seen took over `draws` determinisations of the
    first decision: dealt at random, each should reach every unseen place."""
    state = game.setup(prep, players, game_rng(seed, players, 0))
    seat = game.to_act(state)
    rng = random.Random(seed)
    known = seen(state, seat)
    spread: dict[int, set[Hashable]] = {c: set() for c in where(state) if c not in known}
    for _ in range(draws):
        placed = where(game.determinize(state, seat, rng))
        for card in spread:
            spread[card].add(placed[card])
    return spread
