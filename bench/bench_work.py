"""How the skill ladder's work count (playout moves, printgen.sim.ladder.work) follows processor time, game by game.

Usage: .venv/bin/python bench/bench_work.py [--games 3] [--repeat 3] [--budget 20]

For each shipped game, a few games of one search seat (search:BUDGET) against greedy players at the
smallest player count, duplicate deals at seed 1 as the ladder plays them: the playout moves the
search seat made (Result.work, counted), the processor time of those games (median of --repeat
runs of the same games), and the moves per second. Also the reckoning the ladder used before
(each decision's playouts taken as half a game each: steps * steps / 2 * the mean budget), to show
how far it was from the count. Why: the ladder's caps (GAME_WORK, SKILL_WORK) are in moves, so
the same seed gives the same ladder on any computer; what a million moves costs in time is each
game's own, and this says how much.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from pathlib import Path

from printgen.games.registry import get_game
from printgen.sim.ladder import rung_lineup, work
from printgen.sim.runner import batches, execute

ROOT = Path(__file__).resolve().parent.parent
GAMES = (("conquian", "spanish", 2), ("casita", "spanish", 2), ("burro", "spanish", 2), ("lombre", "spanish", 3),
         ("tresillo", "spanish", 3), ("cromwell", "cromwell", 3), ("drafting", "standard", 4),
         ("coppertwaddle", "coppertwaddle", 2))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="games of each shipped game (default: %(default)s)")
    parser.add_argument("--repeat", type=int, default=3,
                        help="runs of the same games; the time is their median (default: %(default)s)")
    parser.add_argument("--budget", type=int, default=20,
                        help="the search seat's budget (search:BUDGET) (default: %(default)s)")
    args = parser.parse_args()
    print(f"load before: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    print(f"{'game':<14} {'players':>7} {'moves':>10} {'cpu s':>6} {'moves/s':>8} "
          f"{'old reckoning':>14} {'old/moves':>9}")
    for name, deck, players in GAMES:
        game = get_game(name)
        lineup = rung_lineup(f"search:{args.budget}", "greedy", players)
        times, results = [], []
        for _ in range(args.repeat):
            began = time.process_time()
            results = execute(batches(game, game.variants[0], str(ROOT / "decks" / deck), {}, players, args.games, 1,
                                      lineup, args.games, deals=True))
            times.append(time.process_time() - began)
        cpu, moves = statistics.median(times), work(results)
        old = round(sum(r.steps * r.steps / 2 for r in results) * args.budget / players)
        print(f"{name:<14} {players:>7} {moves:>10,} {cpu:>6.2f} {moves / cpu:>8,.0f} {old:>14,} {old / moves:>9.1f}",
              flush=True)
    print(f"load after: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
