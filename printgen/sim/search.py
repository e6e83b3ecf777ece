"""A search player for any game: single-observer information-set Monte Carlo tree search
(after Cowling, Powley and Whitehouse, 2012).

Why this shape: a player must not play from cards it cannot see, so every iteration starts from
a fresh determinisation of the real state for the seat to act (game.determinize: the unseen
cards dealt anew consistently with what the seat has seen) and walks one shared tree keyed by
action ints. A node's children are the actions taken from it in some determinisation; an action
legal in only some of them is judged against the number of times it was open (its availability
count), not the number of visits to its parent, or it would look worse for being rare.

The budget is in iterations, never seconds, and every draw comes from one generator made per
decision from one draw of the game's own generator: the same seed and budget replay the same
game, whatever the machine's speed.

This module imports nothing of printgen: the engine's bot registry builds the bot by name
(`search`, `search:N`), and a game is used only through its play contract.
"""

from __future__ import annotations

import math
import random
from typing import Any

DEFAULT_BUDGET = 200
EXPLORE = 0.7           # UCB1's exploration constant: rewards are win shares in [0, 1]


class _Node:
    """A node of the tree: reached by an action of `seat`, scored for that seat."""

    __slots__ = ("seat", "visits", "avail", "reward", "children")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.visits = 0
        self.avail = 1
        self.reward = 0.0
        self.children: dict[int, _Node] = {}


def _pick(rng: random.Random, n: int) -> int:
    """A place in range(n), drawn as random_bot draws it (no randrange call per step)."""
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


def search(game: Any, state: Any, budget: int, rng: random.Random) -> int:
    """The action the search picks for the seat to act in `state` after `budget` iterations, all
    randomness drawn from `rng`; `state` is never changed (every iteration plays on a copy)."""
    options = game.legal(state)
    if len(options) == 1:
        return options[0]
    seat = game.to_act(state)
    determinize, legal, apply, is_over, to_act = game.determinize, game.legal, game.apply, game.is_over, game.to_act
    scores, stopped = game.scores, game.stopped
    cap = game.step_cap
    log, sqrt = math.log, math.sqrt
    root = _Node(-1)
    for _ in range(budget):
        d = determinize(state, seat, rng)
        node = root
        path = []
        # selection and one expansion
        while not is_over(d):
            actions = legal(d)
            children = node.children
            untried = [a for a in actions if a not in children]
            if untried:
                for a in actions:
                    child = children.get(a)
                    if child is not None:
                        child.avail += 1
                action = untried[_pick(rng, len(untried))]
                child = children[action] = _Node(to_act(d))
                apply(d, action)
                path.append(child)
                break
            best, best_value = actions[0], -1.0
            for a in actions:
                child = children[a]
                child.avail += 1
                value = child.reward / child.visits + EXPLORE * sqrt(log(child.avail) / child.visits)
                if value > best_value:
                    best, best_value = a, value
            node = children[best]
            apply(d, best)
            path.append(node)
        # play out at random
        steps = 0
        while not is_over(d) and steps < cap:
            actions = legal(d)
            apply(d, actions[_pick(rng, len(actions))])
            steps += 1
        if is_over(d) and not stopped(d):
            final = scores(d)
            top = max(final)
            winners = [p for p, x in enumerate(final) if x == top]
            share = 1.0 / len(winners)
            for node in path:
                node.visits += 1
                if node.seat in winners:
                    node.reward += share
        else:                               # a game that does not end scores nothing
            for node in path:
                node.visits += 1
    children = root.children
    return max(options, key=lambda a: children[a].visits if a in children else -1)


class SearchBot:
    """The engine's bot (game, state, rng) -> action, searching `budget` iterations a decision."""

    def __init__(self, budget: int = DEFAULT_BUDGET) -> None:
        if budget < 1:
            raise ValueError(f"a search budget is at least 1 iteration, not {budget}")
        self.budget = budget

    def __call__(self, game: Any, state: Any, rng: random.Random) -> int:
        return search(game, state, self.budget, random.Random(rng.getrandbits(64)))

    def __repr__(self) -> str:
        return f"SearchBot({self.budget})"


def parse_search(name: str) -> int | None:
    """The budget a bot name asks for: 'search' the default, 'search:N' N; None for another name
    or a budget that is no whole number of at least 1."""
    if name == "search":
        return DEFAULT_BUDGET
    head, colon, tail = name.partition(":")
    if head != "search" or not colon or not tail.isdigit() or int(tail) < 1:
        return None
    return int(tail)
