"""Decisions per second of the search player (issue 28), per game, medians of several runs.

Usage: .venv/bin/python bench/bench_search.py [--budget N] [--decisions D] [--runs R] [--players P] [--game NAME]
                                              [--old] [--profile] [--twins] [--no-horizon] [--against REF]

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

--twins times each shipped game file against the hand-written game it restates (casita-data and
casita, ...), the two by turns, the same seeds, and prints how many times slower the file searches,
by decisions and by moves played (the searches' moves in the tree and the playouts a processor
second: a game file whose guide plays longer playouts makes fewer decisions for the same speed).
--no-horizon searches the hand-written games to the end of the game, as a game file's search does
(a game file has no horizon: Game.horizon is None), so the two sides do the same work. --against REF
runs every measurement also on REF's code (its printgen/ and decks/ from git, in a scratch folder):
each run is a child process, this tree's and REF's in turns (which goes first alternates), so the
ratio this / REF is taken from the same rounds on the same load.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CODE = Path(os.environ.get("BENCH_SEARCH_CODE", ROOT))      # the tree a child measures (--against)
sys.path.insert(0, str(CODE))

from printgen.games.registry import get_game, names  # noqa: E402
from printgen.model.load import load_deck  # noqa: E402
from printgen.sim.engine import game_rng, random_bot  # noqa: E402
from printgen.sim.search import NAMES, counted_search  # noqa: E402

TWINS = {"casita-data": "casita", "burro-data": "burro", "drafting-data": "drafting", "cromwell-data": "cromwell"}
DECKS = {"cromwell": "cromwell", "drafting": "standard", "coppertwaddle": "coppertwaddle", "lombre": "spanish",
         "tresillo": "spanish", "burro": "spanish", "casita": "spanish", "conquian": "spanish"}


def one_run(game, prep, players: int, budget: int, decisions: int, seed: int, wild: float = NAMES["search"],
            counted: list[int] | None = None) -> float:
    """Search decisions per processor second over seeded games (search in seat 0, random elsewhere);
    the moves the searches played (counted_search) are added to `counted[0]` when given."""
    made, spent, index, moves = 0, 0.0, 0, 0
    while made < decisions:
        rng = game_rng(seed, players, index)
        state = game.setup(prep, players, rng)
        steps = 0
        while not game.is_over(state) and steps < game.step_cap and made < decisions:
            if game.to_act(state) == 0 and len(game.legal(state)) > 1 and game.searched(state):
                start = time.process_time()
                action, played = counted_search(game, state, budget, random.Random(rng.getrandbits(64)), wild)
                spent += time.process_time() - start
                made += 1
                moves += played
            else:
                action = random_bot(game, state, rng)
            game.apply(state, action)
            steps += 1
        index += 1
    if counted is not None:
        counted[0] += moves
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
    total = cumulative(("counted_search",))
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

    files = sorted((CODE / "decks").glob("*/games/*.yaml"))
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


def _prepared(name: str, players: int | None, horizon: bool) -> tuple[Any, Any, int]:
    """(game, prepared deck, players) of one game by name; without `horizon`, searched to the end."""
    _, game, deck = next(iter(_games(name)))
    prep = game.prepare(deck, game.variants[0], {})
    if not horizon:
        game.horizon = lambda state: None           # as a game file's: the playouts run to the end
    return game, prep, players or min(game.player_counts(prep))


def child(args: argparse.Namespace) -> None:
    """One run of one game (--child): its decisions/s and processor seconds, as JSON."""
    game, prep, players = _prepared(args.game, args.players, not args.no_horizon)
    moves = [0]
    rate = one_run(game, prep, players, args.budget, args.decisions, args.seed, counted=moves)
    cpu = args.decisions / rate
    print(json.dumps({"rate": rate, "cpu": cpu, "moves": moves[0] / cpu}))


def spawn(code: Path, name: str, seed: int, args: argparse.Namespace) -> dict[str, float]:
    """One run in a child process importing printgen from `code`."""
    cmd = [sys.executable, __file__, "--child", "--game", name, "--seed", str(seed), "--budget", str(args.budget),
           "--decisions", str(args.decisions)] + (["--players", str(args.players)] if args.players else []) \
        + (["--no-horizon"] if args.no_horizon else [])
    env = {**os.environ, "BENCH_SEARCH_CODE": str(code), "PYTHONDONTWRITEBYTECODE": "1"}
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def rounds(names: list[str], trees: dict[str, Path], args: argparse.Namespace) -> dict[tuple[str, str], list[dict]]:
    """args.runs rounds; in each, every game on every tree, in turns (the order alternating by round)."""
    found: dict[tuple[str, str], list[dict]] = {(n, t): [] for n in names for t in trees}
    for r in range(args.runs):
        order = [(n, t) for n in names for t in trees]
        for name, tree in order if r % 2 == 0 else order[::-1]:
            found[name, tree].append(spawn(trees[tree], name, 1, args))
    return found


def compare(args: argparse.Namespace) -> None:
    """--twins and/or --against: the measurements as child processes, and their ratios."""
    names = [args.game] if args.game else []
    if args.twins:
        names = [n for pair in TWINS.items() for n in pair[::-1] if not args.game or args.game in pair]
    with tempfile.TemporaryDirectory(prefix="bench_search_") as tmp:
        trees = {"this": ROOT}
        if args.against:
            from same_output import unpack
            trees[args.against] = unpack(args.against, Path(tmp))
        found = rounds(names, trees, args)
    med = {key: statistics.median(r["rate"] for r in runs) for key, runs in found.items()}
    print(f"budget {args.budget}; {args.decisions} decisions a run (seed 1), median of {args.runs} runs, each a child "
          f"process; processor time of the searches{'; hand-written games without their horizon' * args.no_horizon}")
    print(f"{'game':<14} {'tree':<10} {'decisions/s':>12} {'spread':>17} {'cpu s (median)':>15} {'moves/s':>9}")
    moved = {key: statistics.median(r["moves"] for r in runs) for key, runs in found.items()}
    for (name, tree), runs in found.items():
        rates = [r["rate"] for r in runs]
        print(f"{name:<14} {tree:<10} {med[name, tree]:>12.2f} {min(rates):>8.2f}-{max(rates):<8.2f} "
              f"{statistics.median(r['cpu'] for r in runs):>15.2f} {moved[name, tree]:>9,.0f}")
    for tree in trees:
        for data, hand in TWINS.items():
            if args.twins and (data, tree) in med and (hand, tree) in med:
                print(f"{tree}: {data} searches {med[hand, tree] / med[data, tree]:.1f} times slower than {hand}, "
                      f"{moved[hand, tree] / moved[data, tree]:.1f} times slower a move played")
    if args.against:
        for name in names:
            print(f"{name}: this tree {med[name, 'this'] / med[name, args.against]:.2f} times as fast as "
                  f"{args.against}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=int, default=200,
                        help="the search's iterations a decision (default: %(default)s)")
    parser.add_argument("--decisions", type=int, default=30, help="searched decisions a run (default: %(default)s)")
    parser.add_argument("--runs", type=int, default=5, help="runs; figures are medians (default: %(default)s)")
    parser.add_argument("--players", type=int, default=None, help="default: the game's smallest count")
    parser.add_argument("--game", default=None, help="only this game (default: every shipped game)")
    parser.add_argument("--old", action="store_true", help="also the search with random playouts (search-random)")
    parser.add_argument("--profile", action="store_true", help="also where the search's time goes, per game")
    parser.add_argument("--twins", action="store_true", help="each game file against its hand-written twin")
    parser.add_argument("--no-horizon", action="store_true", help="hand-written games searched to the end")
    parser.add_argument("--against", metavar="REF", help="also REF's code (a git commit), run by turns (default: none)")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--seed", type=int, default=1, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        return child(args)
    if args.twins or args.against:
        return compare(args)
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
