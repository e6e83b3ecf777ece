"""Every game keeps the play contract (engine.Game), checked the same way for each game, each variant
and the fewest and most players its shipped deck allows: what `legal` lists is exactly what `apply` accepts,
`check` holds after every step, action names are distinct within a state, a clone shares nothing
play can change with its original, and the same seed plays the same game.

Why one test for all: a copy per game drifts (five copies had five ways of choosing the actions to
try, and three games had none), and a new game is held to the contract by being registered.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

import pytest

from printgen.games.registry import get_game, names
from printgen.model.load import load_deck
from printgen.sim.engine import BOTS, game_rng, play

DECK_OF = {"conquian": "spanish", "casita": "spanish", "burro": "spanish", "coppertwaddle": "coppertwaddle",
           "cromwell": "cromwell", "drafting": "standard", "lombre": "spanish", "tresillo": "spanish"}
STEPS = 30            # decisions checked per game: the start and a little of the middle
FULL = 64             # every action up to this bound is tried at each step ...
TRIED = 32            # ... and this many more above it, drawn at random, when a game has more


@lru_cache(maxsize=None)
def _prepared(name: str, variant: str) -> tuple[Any, Any]:
    game = get_game(name)
    return game, game.prepare(load_deck(DECK_OF[name]), variant, {})


def cases() -> list[tuple[str, str, int]]:
    """Every game and variant, with the fewest and the most players its shipped deck allows."""
    out = []
    for name in names():
        for variant in get_game(name).variants:
            game, prepared = _prepared(name, variant)
            counts = game.player_counts(prepared)
            out += [(name, variant, players) for players in sorted({counts[0], counts[-1]})]
    return out


def test_every_game_is_checked():
    assert set(DECK_OF) == set(names())


def mutable_ids(root: Any, skip: set[int]) -> set[int]:
    """The ids of every mutable object reachable from `root` (lists, dicts, sets, objects, random
    generators), not entering those in `skip` (the prepared deck, shared on purpose)."""
    seen: set[int] = set()
    found: set[int] = set()
    stack = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen or id(obj) in skip or obj is None or isinstance(obj, (int, float, str, bytes, type)):
            continue
        seen.add(id(obj))
        if isinstance(obj, random.Random):
            found.add(id(obj))
        elif isinstance(obj, (list, dict, set, bytearray)):
            found.add(id(obj))
            stack.extend(obj.items() if isinstance(obj, dict) else obj)
        elif isinstance(obj, (tuple, frozenset)):
            stack.extend(obj)
        else:
            found.add(id(obj))
            stack.extend(vars(obj).values() if hasattr(obj, "__dict__") else
                         [getattr(obj, slot) for k in type(obj).__mro__ for slot in getattr(k, "__slots__", ())
                          if hasattr(obj, slot)])
    return found


def candidates(game: Any, prepared: Any, players: int, legal: list[int], pick: random.Random) -> list[int]:
    """The actions to try: the legal ones; every action from -1 to FULL (or to the game's bound); a
    sample above that up to the bound and just past it; and each legal action with one bit flipped
    (a meld with one more card, the card of another seat), for games whose actions pack several fields."""
    bound = game.num_actions(prepared, players)
    top = bound if bound is not None else max(legal) + 2
    others = list(range(-1, min(top, FULL) + 1))
    if top > FULL:
        others += pick.sample(range(FULL + 1, top + 1), min(TRIED, top - FULL)) + [top - 1, top]
    others += [a ^ (1 << pick.randrange(max(1, a.bit_length() + 1))) for a in legal]
    return legal + sorted(set(others) - set(legal))


@pytest.mark.parametrize("name, variant, players", cases())
def test_legal_is_exactly_what_apply_accepts_and_every_state_checks(name, variant, players):
    game, prepared = _prepared(name, variant)
    pick = random.Random(f"{name}/{variant}/{players}")
    rng = game_rng(17, players, 0)
    state = game.setup(prepared, players, rng)
    game.check(state)
    for step in range(STEPS):
        if game.is_over(state):
            break
        legal = list(game.legal(state))
        assert legal and len(set(legal)) == len(legal), f"step {step}: legal lists {legal}"
        words = [game.action_name(state, a) for a in legal]
        assert len(set(words)) == len(words), f"step {step}: two actions share a name: {words}"
        bound = game.num_actions(prepared, players)
        assert bound is None or all(0 <= a < bound for a in legal), f"step {step}: {legal} outside range({bound})"
        for action in candidates(game, prepared, players, legal, pick):
            trial = game.clone(state)
            try:
                game.apply(trial, action)
                accepted = True
            except ValueError:
                accepted = False
            assert accepted == (action in legal), \
                f"step {step}: apply {'accepted' if accepted else 'refused'} {action} " \
                f"({game.action_name(state, action) if action in legal else 'not legal'}); legal: {words}"
            if accepted:
                game.check(trial)
        game.apply(state, BOTS["random"](game, state, rng))
        game.check(state)


@pytest.mark.parametrize("name", sorted(DECK_OF))
def test_a_clone_shares_nothing_play_can_change(name):
    game, prepared = _prepared(name, get_game(name).variants[0])
    players = game.player_counts(prepared)[0]
    rng = game_rng(5, players, 1)
    state = game.setup(prepared, players, rng)
    skip = mutable_ids(prepared, set())
    for _ in range(12):
        if game.is_over(state):
            break
        twin = game.clone(state)
        assert twin is not state and twin.prep is state.prep
        shared = mutable_ids(state, skip) & mutable_ids(twin, skip)
        assert not shared, f"{len(shared)} mutable objects shared between a state and its clone"
        before = game.legal(state)
        assert game.legal(twin) == before
        # playing the clone to its end leaves the original as it was
        while not game.is_over(twin):
            game.apply(twin, BOTS["random"](game, twin, twin.rng if hasattr(twin, "rng") else random.Random(0)))
        assert game.legal(state) == before
        game.check(state)
        game.apply(state, BOTS["random"](game, state, rng))


@pytest.mark.parametrize("name", sorted(DECK_OF))
def test_the_same_seed_plays_the_same_game(name):
    game, prepared = _prepared(name, get_game(name).variants[-1])
    players = game.player_counts(prepared)[-1]
    for bot in ("random", "greedy"):
        bots = [BOTS[bot]] * players
        first = [play(game, prepared, players, 23, index, bots, checked=True) for index in range(2)]
        again = [play(game, prepared, players, 23, index, bots) for index in range(2)]
        assert first == again, (name, bot)
