"""How long one determinisation takes, per game (the search player draws one every iteration).

Usage: .venv/bin/python bench/bench_determinize.py [--game NAME] [--games N] [--players P] [--runs R]

Plays N seeded games of the game (its first variant; P players, else its smallest count) with the
greedy player in every seat, keeps a copy of the state before every decision, then times
`determinize(state, seat to act)` over all of them, `--runs` times; the figure is the fastest
run's processor time per determinisation (the least disturbed by other work on the machine).
Why a bench of its own: a determinisation that uses more of what play has shown (Burro's suits a
seat lacks) costs more per iteration, and the search's speed (bench_search.py) mixes it with the
playouts; this isolates it. For Burro it also counts the states in which some seat is known to
lack a suit (State.void), where the constrained deal runs.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from printgen.games.registry import get_game  # noqa: E402
from printgen.model.load import load_deck  # noqa: E402
from printgen.sim.engine import game_rng, greedy_bot  # noqa: E402

DECKS = {"cromwell": "cromwell", "drafting": "standard", "coppertwaddle": "coppertwaddle"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="burro", help="the game to play (default: %(default)s)")
    parser.add_argument("--games", type=int, default=30,
                        help="seeded greedy games whose states are timed (default: %(default)s)")
    parser.add_argument("--players", type=int, default=0, help="players (default: 0, the game's smallest count)")
    parser.add_argument("--runs", type=int, default=5,
                        help="times every state is determinised; the fastest run counts (default: %(default)s)")
    args = parser.parse_args()
    deck = load_deck(DECKS.get(args.game, "spanish"))
    game = get_game(args.game, deck.folder)
    prep = game.prepare(deck, game.variants[0], {})
    players = args.players or min(game.player_counts(prep))
    states = []
    for seed in range(args.games):
        rng = game_rng(seed, players, 0)
        state = game.setup(prep, players, rng)
        while not game.is_over(state):
            states.append(game.clone(state))
            game.apply(state, greedy_bot(game, state, rng))
    known = sum(1 for s in states if any(getattr(s, "void", ())))
    rng = random.Random(1)
    times = []
    for _ in range(args.runs):
        began = time.process_time()
        for state in states:
            game.determinize(state, game.to_act(state), rng)
        times.append(time.process_time() - began)
    print(f"{args.game} {game.variants[0]}, {players} players: {len(states):,} states of {args.games} greedy games"
          + (f", {known:,} with a seat known to lack a suit" if hasattr(states[0], "void") else ""))
    print(f"{min(times) / len(states) * 1e6:.1f} us a determinisation (processor time, fastest of {args.runs} runs)")


if __name__ == "__main__":
    main()
