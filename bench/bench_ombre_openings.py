"""Is L'Ombre's and Tresillo's search player weak because of its opening decisions? (issue 28)

Usage: .venv/bin/python bench/bench_ombre_openings.py [--games 60] [--budgets 10,50] [--hands 2] [--workers 2]
                                                      [--games-list lombre,tresillo]

The search player loses to the games' greedy players at small budgets (bench/README.md, "Does
searching pay?"). A hand opens with decisions that shape all of it (take the game or pass, the
trumps, the cards exchanged), and a few playouts of a whole hand may judge those badly. So two
players sit among two greedy ones, each over the same duplicate deals (each deal played with the
player at every seat, printgen.sim.engine.play's `deal`): `search:B`, which searches every
decision, and `tricks:B`, which takes the opening decisions (and the choice to play on after five
tricks) as the greedy player does and searches only the trick play. Each line gives the player's
share of the wins, its 95 % interval drawn from the deals (printgen.sim.stats.clustered_wilson) and
the processor seconds of its games. Seeded (seed 1): the same table on any computer but for the seconds.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from printgen.games.common.ombre.state import PLAY  # noqa: E402
from printgen.games.registry import get_game  # noqa: E402
from printgen.model.load import load_deck  # noqa: E402
from printgen.sim.engine import play  # noqa: E402
from printgen.sim.runner import deal_of, seated  # noqa: E402
from printgen.sim.search import SearchBot  # noqa: E402
from printgen.sim.stats import Z95, clustered_wilson  # noqa: E402

PLAYERS = 3
_prepared: dict[tuple, Any] = {}


def tricks_only(budget: int) -> Any:
    """A bot that searches the trick play only, and decides as greedy does in every other phase."""
    searcher = SearchBot(budget)

    def bot(game: Any, state: Any, rng: random.Random) -> int:
        return searcher(game, state, rng) if state.phase == PLAY else game.greedy(state, rng)
    return bot


def one_game(job: tuple[str, str, int, int, int]) -> tuple[int, float, float]:
    """(index, the tested player's share of the win, processor seconds) of one game."""
    name, kind, budget, hands, index = job
    game = get_game(name)
    key = (name, hands)
    if key not in _prepared:
        _prepared[key] = game.prepare(load_deck("spanish"), game.variants[0],
                                      game.read_options(game.variants[0], {"hands": hands}))
    lineup = ("tested", "greedy", "greedy")
    tested = SearchBot(budget) if kind == "search" else tricks_only(budget)
    bots = [tested if who == "tested" else type(game).greedy for who in seated(lineup, index)]
    began = time.process_time()
    result = play(game, _prepared[key], PLAYERS, 1, index, bots, deal=deal_of(index, PLAYERS))
    seat = seated(lineup, index).index("tested")
    share = 1 / len(result.winners) if seat in result.winners else 0.0
    return index, share, time.process_time() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60,
                        help="games per line, rounded to whole deals (default: %(default)s)")
    parser.add_argument("--budgets", default="10,50",
                        help="the search budgets to try, comma-separated (default: %(default)s)")
    parser.add_argument("--hands", type=int, default=2,
                        help="hands a game (the games' hands option) (default: %(default)s)")
    parser.add_argument("--workers", type=int, default=2, help="processes that play the games (default: %(default)s)")
    parser.add_argument("--games-list", default="lombre,tresillo",
                        help="the games, comma-separated (default: %(default)s)")
    args = parser.parse_args()
    games = -(-args.games // PLAYERS) * PLAYERS
    print(f"{games} games a line, hands={args.hands}, seed 1; load before: "
          f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    print(f"{'game':<10} {'player':<12} {'share':>6}  {'95 % interval':<13} {'cpu s':>6}")
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for name in args.games_list.split(","):
            for budget in (int(b) for b in args.budgets.split(",")):
                for kind in ("search", "tricks"):
                    jobs = [(name, kind, budget, args.hands, i) for i in range(games)]
                    done = list(pool.map(one_game, jobs))
                    deals: dict[int, tuple[float, int]] = {}
                    for index, share, _ in done:
                        w, k = deals.get(deal_of(index, PLAYERS), (0.0, 0))
                        deals[deal_of(index, PLAYERS)] = (w + share, k + 1)
                    low, high, _ = clustered_wilson(list(deals.values()), Z95)
                    wins = sum(s for _, s, _ in done)
                    print(f"{name:<10} {kind + ':' + str(budget):<12} {wins / games * 100:5.1f}%  "
                          f"{low * 100:.0f}-{high * 100:.0f} %{'':<5} {sum(c for _, _, c in done):6.0f}", flush=True)
    print(f"load after: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
