"""Decisions per second of the search player (issue 28), per game, medians of several runs.

Usage: python bench/bench_search.py [--budget N] [--decisions D] [--runs R] [--players P] [--game NAME] [--old]
                                    [--profile]

Every shipped game is tried, and every game file of a shipped deck (decks/*/games/*.yaml): one
that does not implement determinize (the engine's default raises NotImplementedError) is listed as
skipped, so the table covers each game as its determinisation
lands. A run plays seeded games with a search player of a fixed budget (iterations, not seconds) in
seat 0 among random players, until the search has made D decisions with more than one action open
(a decision with one action is no search, nor one the game leaves to its greedy player, such as
L'Ombre's bid: Game.searched); the figure is those decisions over the processor time
they took. The median over R runs is shown with the spread, and the mean iterations per second
(decisions x budget / seconds), a figure that compares games whatever their budget. --old adds a
row per game for the older search, whose playouts are uniformly random (search-random), measured
on the same seeds, so the price of the greedy-guided playouts shows beside it. --profile adds, per
game, where one run's search time goes (Python's profiler, so the shares, not the rates, count):
the determinisations, the tree (selection and expansion), the playouts, and over all of them the
game's greedy player, its apply and its legal (these overlap the first three).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from printgen.games.registry import get_game, names  # noqa: E402
from printgen.model.load import load_deck  # noqa: E402
from printgen.sim.engine import game_rng, random_bot  # noqa: E402
from printgen.sim.search import NAMES, search  # noqa: E402

DECKS = {"cromwell": "cromwell", "drafting": "standard", "coppertwaddle": "coppertwaddle", "lombre": "spanish",
         "tresillo": "spanish", "burro": "spanish", "casita": "spanish", "conquian": "spanish"}


def one_run(game, prep, players: int, budget: int, decisions: int, seed: int, wild: float = NAMES["search"]) -> float:
    """Search decisions per processor second over seeded games (search in seat 0, random elsewhere)."""
    made, spent, index = 0, 0.0, 0
    while made < decisions:
        rng = game_rng(seed, players, index)
        state = game.setup(prep, players, rng)
        steps = 0
        while not game.is_over(state) and steps < game.step_cap and made < decisions:
            if game.to_act(state) == 0 and len(game.legal(state)) > 1 and game.searched(state):
                start = time.process_time()
                action = search(game, state, budget, random.Random(rng.getrandbits(64)), wild)
                spent += time.process_time() - start
                made += 1
            else:
                action = random_bot(game, state, rng)
            game.apply(state, action)
            steps += 1
        index += 1
    return made / spent


PARTS = {"determinize": ("determinize",), "tree": ("_descend",), "playouts": ("_play_out",),
         "greedy": ("greedy",), "apply": ("apply",), "legal": ("legal",)}


def profile_run(game, prep, players: int, budget: int, decisions: int) -> str:
    """One run (seed 1) under the profiler: each part's share of the search's time, as a line."""
    profiler = cProfile.Profile()
    profiler.runcall(one_run, game, prep, players, budget, decisions, 1)
    stats = pstats.Stats(profiler).stats  # type: ignore[attr-defined]

    def cumulative(names: tuple[str, ...]) -> float:
        # a function's cumulative time, once per function (a recursive one is not counted twice)
        return sum(row[3] for (_, _, func), row in stats.items() if func in names)
    total = cumulative(("search",))
    return "  ".join(f"{part} {cumulative(names) / total * 100:.0f} %" for part, names in PARTS.items())


def determinizes(game, prep, players: int) -> bool:
    state = game.setup(prep, players, game_rng(1, players, 0))
    try:
        game.determinize(state, game.to_act(state), random.Random(0))
    except NotImplementedError:
        return False
    return True


def _games(only: str | None):
    """(name, game, deck) of every shipped game, then of every game file of a shipped deck; with
    `only`, the one game of that name (a shipped game's, or a game file's stem such as
    drafting-data, or its path). SystemExit with the names there are when none has it."""
    from printgen.games.datagame import load_game_file

    files = sorted((ROOT / "decks").glob("*/games/*.yaml"))
    found = False
    for name in names():
        if only is None or name == only:
            found = True
            yield name, get_game(name), load_deck(DECKS.get(name, "spanish"))
    for path in files:
        if only is None or path.stem == only or str(path).endswith(str(only)):
            found = True
            yield path.stem, load_game_file(path, path.parent.parent), load_deck(path.parent.parent)
    if not found:
        raise SystemExit(f"no game called '{only}': the shipped games are {', '.join(names())}; the game files "
                         f"{', '.join(p.stem for p in files)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=int, default=200)
    parser.add_argument("--decisions", type=int, default=30)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--players", type=int, default=None, help="default: the game's smallest count")
    parser.add_argument("--game", default=None)
    parser.add_argument("--old", action="store_true", help="also the search with random playouts (search-random)")
    parser.add_argument("--profile", action="store_true", help="also where the search's time goes, per game")
    args = parser.parse_args()
    kinds = ["search", "search-random"] if args.old else ["search"]
    print(f"search budget {args.budget} iterations; {args.decisions} decisions a run, median of {args.runs} runs")
    print(f"{'game':<14} {'variant':<10} {'players':>7} {'search':<14} {'decisions/s':>12} {'spread':>17} "
          f"{'iterations/s':>13}")
    for name, game, deck in _games(args.game):
        variant = game.variants[0]
        prep = game.prepare(deck, variant, {})
        players = args.players or min(game.player_counts(prep))
        if not determinizes(game, prep, players):
            print(f"{name:<14} {variant:<10} {players:>7}  skipped: no determinize yet")
            continue
        for kind in kinds:
            rates = [one_run(game, prep, players, args.budget, args.decisions, seed, NAMES[kind])
                     for seed in range(1, args.runs + 1)]
            mid = statistics.median(rates)
            print(f"{name:<14} {variant:<10} {players:>7} {kind:<14} {mid:>12.1f} "
                  f"{min(rates):>8.1f}-{max(rates):<8.1f} {mid * args.budget:>13,.0f}", flush=True)
        if args.profile:
            print(f"{'':<14} time of the search: {profile_run(game, prep, players, args.budget, args.decisions)}",
                  flush=True)


if __name__ == "__main__":
    main()
