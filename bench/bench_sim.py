"""Games per second per core for each game and variant, medians of several runs.

Usage: python bench/bench_sim.py [--games N] [--runs R] [--players P] [--game NAME]

Each run plays N seeded games in this process (one core) with `checked=False`, as
`printgen validate` does; the figure is N / seconds, and the median over R runs is reported
with the spread and the mean number of steps (decisions) a game takes, for random and greedy bots.
A game whose figure is set in hands is measured in hands per second: a session of several hands
(L'Ombre, Tresillo: Result.extra["hands"]) or a game whose length is counted in hands (Burro: a
game to B-U-R-R-O is many hands).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from printgen.load import load_deck  # noqa: E402
from printgen.sim.engine import BOTS, play  # noqa: E402
from printgen.sim.games import get_game  # noqa: E402

CASES = [("cromwell", "cromwell", "basic"), ("cromwell", "cromwell", "advanced"), ("drafting", "standard", "basic"),
         ("coppertwaddle", "coppertwaddle", "basic"), ("lombre", "spanish", "basic"), ("tresillo", "spanish", "basic"),
         ("burro", "spanish", "basic"), ("burro", "spanish", "basic40"), ("burro", "spanish", "portuguese"),
         ("casita", "spanish", "basic"), ("conquian", "spanish", "basic"), ("conquian", "spanish", "short")]
TARGETS = {"cromwell": 2000, "drafting": 5000, "coppertwaddle": 1000, "lombre": 5000, "tresillo": 5000,
           "burro": 5000, "casita": 5000, "conquian": 5000}


def hands_of(game, result) -> int:
    """How many hands a result holds: a session's count, a game counted in hands, or one."""
    if isinstance(result.extra, dict) and "hands" in result.extra:
        return result.extra["hands"]
    return result.length if game.length_unit == "hands" else 1


def rate(game, prepared, players: int, bots, games: int, seed: int) -> tuple[float, float]:
    """(games per second, or hands per second for a game of several hands; mean steps per game)."""
    start = time.perf_counter()
    steps = 0
    units = 0
    for index in range(games):
        result = play(game, prepared, players, seed, index, bots)
        steps += result.steps
        units += hands_of(game, result)
    return units / (time.perf_counter() - start), steps / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--game", help="only this game (" + ", ".join(dict.fromkeys(c[0] for c in CASES)) + ")")
    args = parser.parse_args()
    print(f"{args.games} games a run, {args.runs} runs, {args.players} players, one core, Python {sys.version.split()[0]}")
    print(f"{'game':<13} {'variant':<10} {'bots':<7} {'median games/s':>15} {'min':>8} {'max':>8} {'steps':>6}  aim"
          "  (hands/s for a game counted in hands)")
    for name, deck, variant in CASES:
        if args.game and name != args.game:
            continue
        game = get_game(name)
        prepared = game.prepare(load_deck(deck), variant, {})
        players = args.players if args.players in game.player_counts(prepared) else game.player_counts(prepared)[0]
        for bot in ("random", "greedy"):
            bots = [BOTS[bot]] * players
            rate(game, prepared, players, bots, min(200, args.games), 99)          # warm-up
            runs = [rate(game, prepared, players, bots, args.games, run) for run in range(args.runs)]
            rates = [r for r, _ in runs]
            steps = statistics.mean(s for _, s in runs)
            aim = TARGETS[name]
            verdict = "met" if statistics.median(rates) >= aim else "NOT met"
            print(f"{name:<13} {variant:<10} {bot:<7} {statistics.median(rates):>15,.0f} {min(rates):>8,.0f} "
                  f"{max(rates):>8,.0f} {steps:>6.1f}  >= {aim:,}: {verdict}")


if __name__ == "__main__":
    main()
