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

Playouts follow the game's own greedy player (Game.greedy), with a random move at a share WILD of
their steps, and inside the tree the greedy player's move gets a bonus that fades with its visits
(a progressive bias, BIAS). Why: a uniformly random playout scores a move by how it does among
players who throw cards away, and a strong move against careful players (the ones a validate run
seats) can look no better than a weak one; measured in bench/bench_search_wins.py, the guided
search beats each game's greedy player in more games, at the same budget. The random share keeps
the playouts from repeating one line. A game without a greedy player (the contract's default
raises NotImplementedError) is searched with random playouts, and `search-random:N` plays the
older uniformly random search by name, to measure what the guide is worth.

Two hooks of the game contract shape a search (issue 28's fifth pass, bench/README.md): a decision
the game does not have searched (Game.searched: L'Ombre's bid, trumps and exchange) is the greedy
player's, and a playout stops where the game's horizon mark changes (Game.horizon: the hand, in
games of independent deals), won by the seats whose scores gained most since the decision
(Game.horizon_scores: the scores, or a game file's own measure). At the
root, equal visits go to the move that won more (a small budget visits many moves once each).

This module imports nothing of printgen: the engine's bot registry builds the bot by name
(`search`, `search:N`, `search-random:N`), and a game is used only through its play contract.
"""

from __future__ import annotations

import math
import random
from typing import Any

DEFAULT_BUDGET = 200
EXPLORE = 0.7           # UCB1's exploration constant: rewards are win shares in [0, 1]
WILD = 0.1              # the share of a guided playout's moves drawn at random
BIAS = 1.0              # the greedy move's bonus in the tree, BIAS / (visits + 1): worth one early win
NAMES = {"search": WILD, "search-random": 1.0}      # a search bot's name, and its playouts' random share


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


_GUIDED: dict[type, bool] = {}     # per game class: whether its greedy method plays (asked once)


def _guide(game: Any, state: Any) -> Any:
    """The game's greedy method, or None when the game has none (the contract's default raises
    NotImplementedError): tried once per game class on a copy of the state, so playouts never
    need to ask, and a decision pays no copy for it (a deep copy of a Cromwell state cost a fifth
    of a small search's time)."""
    kind = type(game)
    if kind not in _GUIDED:
        try:
            game.greedy(game.clone(state), random.Random(0))
            _GUIDED[kind] = True
        except NotImplementedError:
            _GUIDED[kind] = False
    return game.greedy if _GUIDED[kind] else None


def _descend(game: Any, d: Any, root: _Node, rng: random.Random, guide: Any, mark: Any) -> list[_Node]:
    """Selection and one expansion on the determinisation `d` (played on): the nodes passed, in
    order. Stops at the game's end or where its horizon mark leaves `mark` (None: no horizon)."""
    legal, apply, is_over, to_act = game.legal, game.apply, game.is_over, game.to_act
    horizon = game.horizon if mark is not None else None
    log, sqrt = math.log, math.sqrt
    node = root
    path: list[_Node] = []
    while not is_over(d) and (horizon is None or horizon(d) == mark):
        actions = legal(d)
        children = node.children
        untried = [a for a in actions if a not in children]
        if untried:
            for a in actions:
                child = children.get(a)
                if child is not None:
                    child.avail += 1
            hint = guide(d, rng) if guide is not None and BIAS else None
            action = hint if hint is not None and hint in untried else untried[_pick(rng, len(untried))]
            child = children[action] = _Node(to_act(d))
            apply(d, action)
            path.append(child)
            break
        best, best_value = actions[0], -1.0
        hint = guide(d, rng) if guide is not None and BIAS else None
        for a in actions:
            child = children[a]
            child.avail += 1
            value = child.reward / child.visits + EXPLORE * sqrt(log(child.avail) / child.visits)
            if a == hint:
                value += BIAS / (child.visits + 1)
            if value > best_value:
                best, best_value = a, value
        node = children[best]
        apply(d, best)
        path.append(node)
    return path


def _play_out(game: Any, d: Any, rng: random.Random, guide: Any, wild: float, mark: Any,
              base: Any = None) -> tuple[list[int] | None, int]:
    """Play `d` on by the game's own rule of thumb (a random move at a share `wild` of the steps)
    to its end or to the end of its horizon mark `mark`: the winning seats then, or None for a game
    that does not end (the step cap, or stopped), which scores nothing; and the moves played."""
    legal, apply, is_over = game.legal, game.apply, game.is_over
    cap = game.step_cap
    steps = 0
    # two copies of the loop, not one asking `mark is None` each step: this is the search's hot loop
    if mark is None:
        while not is_over(d) and steps < cap:
            if guide is None or (wild and rng.random() < wild):
                actions = legal(d)
                apply(d, actions[_pick(rng, len(actions))])
            else:
                apply(d, guide(d, rng))
            steps += 1
    else:
        horizon = game.horizon
        while not is_over(d) and steps < cap and horizon(d) == mark:
            if guide is None or (wild and rng.random() < wild):
                actions = legal(d)
                apply(d, actions[_pick(rng, len(actions))])
            else:
                apply(d, guide(d, rng))
            steps += 1
        if not is_over(d) and horizon(d) != mark:
            return _top([x - b for x, b in zip(game.horizon_scores(d), base)]), steps
    if not is_over(d) or game.stopped(d):
        return None, steps
    return _top(game.scores(d)), steps


def _top(final: list[float]) -> list[int]:
    top = max(final)
    return [p for p, x in enumerate(final) if x == top]


def search(game: Any, state: Any, budget: int, rng: random.Random, wild: float = WILD) -> int:
    """The action the search picks for the seat to act in `state` after `budget` iterations, all
    randomness drawn from `rng`; `state` is never changed (every iteration plays on a copy).
    `wild` is the share of playout moves drawn at random: 1 plays the whole playout at random and
    leaves out the greedy player's bonus in the tree (the search of `search-random`). A decision
    the game does not have searched (game.searched) is the greedy player's, drawn from `rng`."""
    return counted_search(game, state, budget, rng, wild)[0]


def counted_search(game: Any, state: Any, budget: int, rng: random.Random, wild: float = WILD) -> tuple[int, int]:
    """search's action, and the moves its iterations played on their determinisations (in the tree
    and in the playouts, and one for dealing each determinisation; 0 for a decision not searched).
    Why counted: what a search costs is mostly those moves, and the skill ladder judges whether a
    rung is worth its games by the moves its first games really took (printgen.sim.ladder.work),
    a count the seed alone decides."""
    options = game.legal(state)
    if len(options) == 1:
        return options[0], 0
    seat = game.to_act(state)
    determinize = game.determinize
    guide = _guide(game, state) if wild < 1 else None
    if guide is not None and not game.searched(state):
        return guide(state, rng), 0
    mark = game.horizon(state)
    base = game.horizon_scores(state) if mark is not None else None
    root = _Node(-1)
    moves = 0
    for _ in range(budget):
        d = determinize(state, seat, rng)
        path = _descend(game, d, root, rng, guide, mark)
        winners, played = _play_out(game, d, rng, guide, wild, mark, base)
        moves += 1 + len(path) + played        # the determinisation counted as one move
        if winners is not None:
            share = 1.0 / len(winners)
            for node in path:
                node.visits += 1
                if node.seat in winners:
                    node.reward += share
        else:                               # a game that does not end scores nothing
            for node in path:
                node.visits += 1
    children = root.children
    return max(options, key=lambda a: (children[a].visits, children[a].reward) if a in children else (-1, 0.0)), moves


class SearchBot:
    """The engine's bot (game, state, rng) -> action, searching `budget` iterations a decision,
    its playouts' moves random at a share `wild` (see search). `moves` counts the moves its
    searches have played so far (counted_search): engine.play records a game's share of them."""

    def __init__(self, budget: int = DEFAULT_BUDGET, wild: float = WILD) -> None:
        if budget < 1:
            raise ValueError(f"a search budget is at least 1 iteration, not {budget}")
        if not 0 <= wild <= 1:
            raise ValueError(f"a playout's random share lies from 0 to 1, not {wild}")
        self.budget = budget
        self.wild = wild
        self.moves = 0

    def __call__(self, game: Any, state: Any, rng: random.Random) -> int:
        action, moves = counted_search(game, state, self.budget, random.Random(rng.getrandbits(64)), self.wild)
        self.moves += moves
        return action

    def __repr__(self) -> str:
        return f"SearchBot({self.budget}, wild={self.wild})"


def parse_search(name: str) -> int | None:
    """The budget a bot name asks for: 'search' (or 'search-random') the default, 'search:N' N;
    None for another name or a budget that is no whole number of at least 1."""
    if name in NAMES:
        return DEFAULT_BUDGET
    head, colon, tail = name.partition(":")
    if head not in NAMES or not colon or not tail.isdigit() or int(tail) < 1:
        return None
    return int(tail)


def search_bot(name: str) -> SearchBot | None:
    """The search bot a name asks for ('search:400' guided, 'search-random:400' random playouts),
    None for a name that is no search bot's."""
    budget = parse_search(name)
    if budget is None:
        return None
    return SearchBot(budget, NAMES[name.partition(":")[0]])
