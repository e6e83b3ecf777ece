"""Games per second of a game against its twin (a data game against the hand-written one), random bots.

Usage: .venv/bin/python bench/bench_twins.py [--pair TWIN=BASELINE ...] [--games N] [--runs R] [--players P]
                                             [--agree GAMES] [--json FILE]

A side is DECK:GAME[:VARIANT[:KEY=VALUE,KEY=VALUE]]: a shipped deck (decks/DECK, or a path to a deck
folder), a game by name or a game file (a path, or one inside the deck's folder: games/burro-data.yaml),
its variant (the game's first when left out) and -O options. Example:
`--pair spanish:games/burro-data.yaml:basic40=spanish:burro:basic40`. Without --pair, each shipped
game file is timed against its hand-written twin.

Each pair is played in this process with random bots in every seat (the policy the agreement test
uses), N games a run, the two sides in turns (which goes first alternates, so both see the same
background load), after an unmeasured warm-up of each. A run's figure is N over the processor time
it took (time.process_time: what one core does, whatever else the machine runs), the table shows
the median of R runs of each side with its spread, and the ratio twin / baseline of the medians,
measured in the same command. The aim from issue 27: a data game plays at least a third as many
games a second as the hand-written simulator of the same game (ratio >= 1/3). Games, not hands:
both sides play the same game, so a game is the same unit on both.

--agree GAMES also runs printgen.sim.agreement on each pair with that many games a side and prints
its verdict (a bench that only times could be timing two different games).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from printgen.games.registry import get_game  # noqa: E402
from printgen.model.load import load_deck  # noqa: E402
from printgen.sim.agreement import agreement  # noqa: E402
from printgen.sim.engine import Game, play, random_bot  # noqa: E402

AIM = 1 / 3
# each game file against the hand-written game it is the twin of
DEMO = ("spanish:games/burro-data.yaml:basic40=spanish:burro:basic40",
        "spanish:games/casita-data.yaml=spanish:casita",
        "standard:games/drafting-data.yaml=standard:drafting",
        "cromwell:games/cromwell-data.yaml=cromwell:cromwell")


def _data_game(path: Path, deck_path: Path) -> Game[Any, Any]:
    """A game file (its path as given, or inside the deck's folder: games/burro-data.yaml)."""
    from printgen.games.datagame import load_game_file

    inside = deck_path / path
    return load_game_file(inside if not path.is_absolute() and inside.is_file() else path)


def load_side(spec: str) -> tuple[str, Game[Any, Any], Any]:
    """(label, game, prepared deck) from DECK:GAME[:VARIANT[:KEY=VALUE,...]]."""
    parts = spec.split(":")
    if len(parts) < 2 or len(parts) > 4:
        raise SystemExit(f"{spec!r}: a side is DECK:GAME[:VARIANT[:KEY=VALUE,...]]")
    deck_name, game_name = parts[0], parts[1]
    deck_path = ROOT / "decks" / deck_name if (ROOT / "decks" / deck_name).is_dir() else Path(deck_name)
    game = _data_game(Path(game_name), deck_path) if game_name.endswith((".yaml", ".yml")) else get_game(game_name)
    variant = parts[2] if len(parts) > 2 and parts[2] else game.variants[0]
    given = dict(item.split("=", 1) for item in parts[3].split(",") if item) if len(parts) > 3 else {}
    prepared = game.prepare(load_deck(deck_path), variant, game.read_options(variant, given))
    return spec, game, prepared


def rate(game: Game[Any, Any], prepared: Any, players: int, games: int, seed: int) -> float:
    """Games per second of processor time, random bots in every seat."""
    bots = [random_bot] * players
    began = time.process_time()
    for index in range(games):
        play(game, prepared, players, seed, index, bots)
    return games / max(1e-9, time.process_time() - began)


def bench_pair(pair: str, games: int, runs: int, players: int | None) -> dict[str, Any]:
    """Both sides of TWIN=BASELINE, in turns: every run's games/s, the medians and their ratio."""
    twin_spec, base_spec = _split_pair(pair)
    sides = {"twin": load_side(twin_spec), "baseline": load_side(base_spec)}
    counts = [set(game.player_counts(prepared)) for _, game, prepared in sides.values()]
    both = sorted(counts[0] & counts[1])
    if not both or (players is not None and players not in both):
        raise SystemExit(f"{pair}: no player count both sides allow" + (f" is {players}" if players else ""))
    seats = players if players is not None else both[0]
    for _, game, prepared in sides.values():
        rate(game, prepared, seats, min(200, games), 99)            # warm-up, unmeasured
    figures: dict[str, list[float]] = {"twin": [], "baseline": []}
    for run in range(runs):
        for side in (["twin", "baseline"] if run % 2 == 0 else ["baseline", "twin"]):
            _, game, prepared = sides[side]
            figures[side].append(rate(game, prepared, seats, games, run))
    twin, base = statistics.median(figures["twin"]), statistics.median(figures["baseline"])
    return {"twin": twin_spec, "baseline": base_spec, "players": seats, "games": games, "runs": runs,
            "twin_runs": figures["twin"], "baseline_runs": figures["baseline"], "twin_median": twin,
            "baseline_median": base, "ratio": twin / base, "aim": AIM, "met": twin / base >= AIM, "sides": sides}


def _split_pair(pair: str) -> tuple[str, str]:
    """TWIN=BASELINE, where a side's options hold '=' too: the split is the first '=' with a whole
    side before it (DECK:GAME, a variant, and options each KEY=VALUE) and DECK:GAME after it."""
    for i, ch in enumerate(pair):
        if ch == "=" and _is_side(pair[:i]) and len(pair[i + 1:].split(":")) >= 2:
            return pair[:i], pair[i + 1:]
    raise SystemExit(f"{pair!r}: a pair is TWIN=BASELINE, each DECK:GAME[:VARIANT[:KEY=VALUE,...]]")


def _is_side(text: str) -> bool:
    parts = text.split(":")
    if len(parts) in (2, 3):
        return all(parts[:2])
    return len(parts) == 4 and all(parts[:2]) and all("=" in item for item in parts[3].split(",") if item)


def _row(found: dict[str, Any]) -> str:
    spread = (f"{min(found['twin_runs']):,.0f}-{max(found['twin_runs']):,.0f}",
              f"{min(found['baseline_runs']):,.0f}-{max(found['baseline_runs']):,.0f}")
    aim = "met" if found["met"] else "NOT met"
    return (f"{found['twin']}  vs  {found['baseline']}  ({found['players']} players)\n"
            f"  twin {found['twin_median']:>10,.0f} games/s ({spread[0]})   "
            f"baseline {found['baseline_median']:>10,.0f} games/s ({spread[1]})   "
            f"ratio {found['ratio']:.2f}   aim >= 1/3: {aim}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pair", action="append", metavar="TWIN=BASELINE",
                        help="DECK:GAME[:VARIANT[:KEY=VALUE,...]]=DECK:GAME[...] (repeatable)")
    parser.add_argument("--games", type=int, default=1000, help="games a run, each side (default: %(default)s)")
    parser.add_argument("--runs", type=int, default=5,
                        help="runs of each side; figures are medians (default: %(default)s)")
    parser.add_argument("--players", type=int, default=None, help="the first count both allow when left out")
    parser.add_argument("--agree", type=int, default=0, metavar="GAMES",
                        help="also compare each pair with printgen.sim.agreement, this many games a side")
    parser.add_argument("--json", default=None, metavar="FILE",
                        help="also write the figures to FILE as JSON (default: none)")
    args = parser.parse_args()
    pairs = args.pair or list(DEMO)
    print(f"{args.games} games a run, {args.runs} runs a side in turns, random bots, one core (processor time), "
          f"Python {sys.version.split()[0]}")
    kept = []
    for pair in pairs:
        found = bench_pair(pair, args.games, args.runs, args.players)
        print(_row(found), flush=True)
        if args.agree:
            (_, twin, twin_prep), (_, base, base_prep) = found["sides"].values()
            verdict = agreement((twin, twin_prep), (base, base_prep), found["players"], args.agree,
                                labels=("twin", "baseline"))
            found["agrees"] = verdict.agrees
            print("  " + verdict.words().replace("\n", "\n  "), flush=True)
        found.pop("sides")
        kept.append(found)
    if args.json:
        Path(args.json).write_text(json.dumps(kept, indent=1))


if __name__ == "__main__":
    main()
