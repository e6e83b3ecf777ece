"""What every game's determinisation is held to (issue 28), shared by tests/test_determinize_*.py:
seeded games played on, checked at every step; at some steps, for every seat, determinisations drawn
and each checked against the real state. Each game's test says only what is its own: where its cards
are and which places a seat knows (`placed`), and any assertions of its own (`extra`).

Why one module: the contract is the engine's, the same for every game, and a check written once
cannot drift between games. A search player handed a card its seat has seen elsewhere would play
from knowledge it must not have.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable, Hashable
from typing import Any

from printgen.sim.engine import Game, game_rng, greedy_bot, random_bot

# (state, seat) -> {card: place} for every card the seat knows the place of
Placed = Callable[[Any, int], dict[int, Hashable]]
# (state, det, seat) -> None: a game's own assertions about one determinisation
Extra = Callable[[Any, Any, int], None]
# every card -> its place in the state; the cards a seat has seen -> their places
Where = Callable[[Any], dict[int, Hashable]]
Seen = Callable[[Any, int], dict[int, Hashable]]


def fingerprint(state: Any) -> bytes:
    """Everything of a state play can change, as bytes (all but the prepared deck, shared by every
    game, and a game's lazily filled cache): two equal fingerprints are equal states."""
    names = getattr(type(state), "__slots__", None) or list(vars(state))
    return pickle.dumps([getattr(state, n, None) for n in names if n not in ("prep", "cache")])


def play_on(game: Game[Any, Any], state: Any, rng: random.Random, steps: int = 12) -> None:
    """A few random decisions, each checked (a dealt position the rules can go on from)."""
    for _ in range(steps):
        if game.is_over(state):
            return
        game.apply(state, random_bot(game, state, rng))
        game.check(state)


def check_one(game: Game[Any, Any], state: Any, seat: int, rng: random.Random, placed: Placed | None = None,
              onward: int = 12, extra: Extra | None = None) -> Any:
    """One determinisation of `state` for `seat`, checked: the invariants hold, the seat's
    information is the same, so are the legal actions when it is to act, every card it knows the place
    of is still there, the copy has a generator of its own, and playing on the copy leaves the
    original untouched. Returns the copy (played on by `onward` decisions)."""
    info = game.information(state, seat)
    hash(info)
    legal = list(game.legal(state)) if not game.is_over(state) else []
    before = fingerprint(state)        # after legal(): a game may keep a counter it fills in lazily
    det = game.determinize(state, seat, rng)
    assert det is not state
    game.check(det)
    assert game.information(det, seat) == info, f"seat {seat}: a determinisation the seat could tell apart"
    if not game.is_over(state) and game.to_act(state) == seat:
        assert list(game.legal(det)) == legal, f"seat {seat}: other legal actions in the copy"
    if placed is not None:
        known, now = placed(state, seat), placed(det, seat)
        moved = {c: (p, now.get(c)) for c, p in known.items() if now.get(c) != p}
        assert not moved, f"seat {seat}: cards it knows the place of moved: {moved}"
    old_rng = getattr(state, "rng", None)
    if old_rng is not None:
        assert det.rng is not old_rng and det.rng.getstate() != old_rng.getstate(), "the copy shares the generator"
    if extra is not None:
        extra(state, det, seat)
    play_on(game, det, rng, onward)
    assert fingerprint(state) == before, f"seat {seat}: playing on the copy changed the original"
    return det


def check_draws(game: Game[Any, Any], state: Any, seat: int, rng: random.Random, draws: int,
                extra: Extra | None = None, placed: Placed | None = None, onward: int = 12) -> int:
    """`draws` determinisations of `state` for `seat`, each checked (check_one); returns `draws`."""
    for _ in range(draws):
        check_one(game, state, seat, rng, placed, onward, extra)
    return draws


def walk(game: Game[Any, Any], prep: Any, players: int, seed: int, every: int = 1, draws: int = 1,
         extra: Extra | None = None, placed: Placed | None = None, before: Callable[[Any, int], None] | None = None,
         after: Callable[[Any], None] | None = None, watch: Callable[[Any], None] | None = None,
         greedy: bool = False, max_steps: int = 10 ** 9, onward: int = 12) -> int:
    """Play one seeded, checked game (random or greedy bots); every `every` steps, `draws`
    determinisations for each seat, each checked. `watch(state)` sees each state first and
    `before(state, action)` each decision (a test's own record of what the seats saw), `after(state)`
    the state it led to. Returns how many determinisations were checked."""
    rng = game_rng(seed, players, 0)
    det_rng = random.Random(seed * 7 + 1)
    state = game.setup(prep, players, rng)
    game.check(state)
    bot = greedy_bot if greedy else random_bot
    checked = steps = 0
    while not game.is_over(state) and steps < max_steps:
        if watch is not None:
            watch(state)
        if steps % every == 0:
            for seat in range(players):
                checked += check_draws(game, state, seat, det_rng, draws, extra, placed, onward)
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


def placed_from(where: Where, seen: Seen) -> Placed:
    """A `placed` made of where every card is and which cards a seat has seen."""
    def placed(state: Any, seat: int) -> dict[int, Hashable]:
        at = where(state)
        return {card: at[card] for card in seen(state, seat)}
    return placed


def varies(game: Game[Any, Any], state: Any, seat: int, hidden: Callable[[Any], Any], draws: int = 40,
           seed: int = 5) -> int:
    """How many different hidden layouts (`hidden(det)`) `draws` determinisations gave: a copy that
    never changes them would give 1."""
    rng = random.Random(seed)
    return len({repr(hidden(game.determinize(state, seat, rng))) for _ in range(draws)})


def advance(game: Game[Any, Any], prep: Any, players: int, seed: int, steps: int) -> Any:
    """A seeded game after `steps` random decisions (or at its end)."""
    rng = game_rng(seed, players, 0)
    state = game.setup(prep, players, rng)
    for _ in range(steps):
        if game.is_over(state):
            break
        game.apply(state, random_bot(game, state, rng))
    return state


def unseen_spread(game: Game[Any, Any], prep: Any, players: int, seed: int, where: Where, seen: Seen,
                  draws: int = 200) -> dict[int, set[Hashable]]:
    """The places each card the seat to act has not seen took over `draws` determinisations of the
    first decision: dealt at random, each should reach every unseen place."""
    state = game.setup(prep, players, game_rng(seed, players, 0))
    seat = game.to_act(state)
    rng = random.Random(seed)
    known = seen(state, seat)
    spread: dict[int, set[Hashable]] = {c: set() for c in where(state) if c not in known}
    for _ in range(draws):
        at = where(game.determinize(state, seat, rng))
        for card in spread:
            spread[card].add(at[card])
    return spread
