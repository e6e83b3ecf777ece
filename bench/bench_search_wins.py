"""Does the search player beat random and greedy players, per game? (issue 28's test, as a table)

Usage: .venv/bin/python bench/bench_search_wins.py [--games N] [--budget B] [--workers K] [--game NAME] [--files]
                                                   [--search search|search-random] [--against random,greedy]

For every shipped game (its first variant, its smallest player count) one search player of a fixed
budget sits among random players, then among greedy ones, its seat turned one further each game
(printgen.sim.runner.seated), over N seeded games each. A seat's fair share of the wins is 1/players;
the search player "beats" its opponents when the whole 95 % Wilson interval of its share of the wins
(a shared win counted as a share) lies above that fair share, "loses" when it lies below, and is
"level" otherwise. --files adds the game files shipped with the decks (decks/*/games/*.yaml).
--search search-random measures the older search, whose playouts are uniformly random (the
default, search, plays them out with the game's greedy player). Seeded (seed 1), so a run prints
the same table on any computer; only the seconds differ.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from printgen.games.registry import get_game, names  # noqa: E402
from printgen.model.load import load_deck  # noqa: E402
from printgen.sim.runner import batches, bot_win_rates, chunk_size, execute, session  # noqa: E402
from printgen.sim.stats import wilson  # noqa: E402

DECKS = {"cromwell": "cromwell", "drafting": "standard", "coppertwaddle": "coppertwaddle"}
FILES = {"cromwell-data": "cromwell", "drafting-data": "standard", "burro-data": "spanish", "casita-data": "spanish"}
# A session of 12 hands makes one L'Ombre or Tresillo game a hundred search decisions; two hands keep the
# bench in minutes and still play the stakes carried from hand to hand.
OPTIONS = {"lombre": {"hands": 2}, "tresillo": {"hands": 2}}


def match(game, variant: str, deck: str, options: dict, players: int, games: int, budget: int, other: str,
          workers: int, kind: str = "search") -> tuple[float, int]:
    """The search player's wins (shared wins as shares) and seats played, among `other` players."""
    lineup = (f"{kind}:{budget}",) + (other,) * (players - 1)
    work = batches(game, variant, deck, options, players, games, 1, lineup, chunk_size(games, workers, lineup))
    rates = bot_win_rates(execute(work, workers), lineup)[lineup[0]]
    return rates["wins"], rates["played"]


def verdict(wins: float, played: int, fair: float) -> tuple[str, str]:
    low, high = wilson(wins, played)
    word = "beats" if low > fair else "loses" if high < fair else "level"
    return f"{wins:g}/{played} ({low * 100:.0f}-{high * 100:.0f} %)", word


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="seeded games a pairing (default: %(default)s)")
    parser.add_argument("--budget", type=int, default=50,
                        help="the search's iterations a decision (default: %(default)s)")
    parser.add_argument("--workers", type=int, default=1, help="processes that play the games (default: %(default)s)")
    parser.add_argument("--game", default=None, help="only this game (default: every shipped game)")
    parser.add_argument("--files", action="store_true", help="also the decks' game files")
    parser.add_argument("--search", default="search", choices=("search", "search-random"),
                        help="search-random: the search with uniformly random playouts (default: %(default)s)")
    parser.add_argument("--against", default="random,greedy",
                        help="the opponents to play, random, greedy or both (comma-separated) (default: %(default)s)")
    args = parser.parse_args()
    rows = [(name, DECKS.get(name, "spanish")) for name in names()]
    if args.files:
        rows += list(FILES.items())
    if args.game:
        rows = [row for row in rows if row[0] == args.game]
    against = " and against ".join(o for o in ("random", "greedy") if o in args.against.split(","))
    print(f"{args.search}:{args.budget} against {against} players, {args.games} seeded games each "
          f"(seed 1), its seat turned each game; interval: 95 % Wilson of its share of the wins")
    print(f"{'game':<15} {'pl':>2} {'fair':>5}  {'vs random':<22} {'':<6} {'vs greedy':<22} {'':<6} {'seconds':>7}")
    tally = {"random": 0, "greedy": 0}
    with session("local", None, args.workers):
        for name, deck_name in rows:
            deck = load_deck(deck_name)
            game = get_game(name, deck.folder)
            variant = game.variants[0]
            options = OPTIONS.get(name, {})
            prep = game.prepare(deck, variant, options)
            players = min(game.player_counts(prep))
            fair = 1 / players
            start = time.time()
            cells = []
            for other in ("random", "greedy"):
                if other not in args.against.split(","):
                    cells.append(f"{'-':<22} {'':<6}")
                    continue
                wins, played = match(game, variant, str(deck.folder), options, players, args.games, args.budget,
                                     other, args.workers, args.search)
                said, word = verdict(wins, played, fair)
                tally[other] += word == "beats"
                cells.append(f"{said:<22} {word:<6}")
            print(f"{name:<15} {players:>2} {fair * 100:>4.0f}%  {cells[0]} {cells[1]} {time.time() - start:>7.0f}",
                  flush=True)
    played = [other for other in ("random", "greedy") if other in args.against.split(",")]
    print("; ".join(f"beats {other} in {tally[other]} of {len(rows)} games" for other in played))


if __name__ == "__main__":
    main()
