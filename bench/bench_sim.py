"""Games per second per core for each game and variant, medians of several runs.

Usage: .venv/bin/python bench/bench_sim.py [--games N] [--runs R] [--players P] [--game NAME] [--against REF]

Each run plays N seeded games in this process (one core) with `checked=False`, as
`printgen validate` does; the figure is N / seconds, and the median over R runs is reported
with the spread and the mean number of steps (decisions) a game takes, for random and greedy bots.

A game whose figure is set in hands is measured in hands per second: a session of several hands
(L'Ombre, Tresillo: Result.extra["hands"]) or a game whose length is counted in hands (Burro: a
game to B-U-R-R-O is many hands).

Two clocks: the wall clock, and the processor time this process was given (time.process_time).
Games per second per core is N over the processor time: what one core does, whatever else the
machine runs. The wall-clock figure is shown beside it, with the share of a core the process got
(processor time / wall time): near 100 % the two figures agree; well below, other processes were
sharing the cores and the wall-clock figure says more about them than about the simulator. The
aims are judged on the per-core figure. Neither clock removes a slower core (a busy host under a
virtual machine, a lower clock speed): both figures drop alike then, which is why `--against`
and bench_instructions.py exist.

`--against REF` (a git commit or branch) also times the simulator as it was at REF, in the same
command: REF's `printgen/` is unpacked into a temporary folder, and each run starts two child
processes in turn, one on this checkout and one on REF (alternating which goes first), so both see
the same background load. The table then shows both medians and their ratio (this / REF), which
is the figure to compare between machines: absolute games per second depend on the machine and on
whatever else it runs. The shipped decks of this checkout are used by both, so they play the same
cards.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if "--child" not in sys.argv:        # a child imports printgen from its PYTHONPATH (this checkout or REF)
    sys.path.insert(0, str(ROOT))

CASES = [("cromwell", "cromwell", "basic"), ("cromwell", "cromwell", "advanced"), ("drafting", "standard", "basic"),
         ("coppertwaddle", "coppertwaddle", "basic"), ("lombre", "spanish", "basic"), ("tresillo", "spanish", "basic"),
         ("burro", "spanish", "basic"), ("burro", "spanish", "basic40"), ("burro", "spanish", "portuguese"),
         ("casita", "spanish", "basic"), ("conquian", "spanish", "basic"), ("conquian", "spanish", "short")]
# The aims the issues set, and for which bots: greedy for Cromwell and Coppertwaddle (what validate
# plays), random for the drafting game and the Spanish games. Other rows are shown without an aim.
TARGETS = {("cromwell", "greedy"): 2000, ("drafting", "random"): 5000, ("coppertwaddle", "greedy"): 1000,
           **{(game, "random"): 5000 for game in ("lombre", "tresillo", "burro", "casita", "conquian")}}


def verdict(name: str, bot: str, figure: float) -> str:
    aim = TARGETS.get((name, bot))
    if aim is None:
        return "(no aim)"
    return f">= {aim:,}: " + ("met" if figure >= aim else "NOT met")
BOT_NAMES = ("random", "greedy")


def hands_of(game, result) -> int:
    """How many hands a result holds: a session's count, a game counted in hands, or one."""
    if isinstance(result.extra, dict) and "hands" in result.extra:
        return result.extra["hands"]
    return result.length if game.length_unit == "hands" else 1


def rate(game, prepared, players: int, bots, games: int, seed: int) -> tuple[float, float, float]:
    """(games per second of processor time, or hands for a game of several hands; the same per
    second of wall-clock time; mean steps per game)."""
    from printgen.sim.engine import play

    start = time.perf_counter()
    cpu = time.process_time()
    steps = 0
    units = 0
    for index in range(games):
        result = play(game, prepared, players, seed, index, bots)
        steps += result.steps
        units += hands_of(game, result)
    wall = time.perf_counter() - start
    return units / (time.process_time() - cpu), units / wall, steps / games


def _prepare(name: str, deck: str, variant: str, players: int):
    from printgen.games.registry import get_game
    from printgen.model.load import load_deck

    game = get_game(name)
    prepared = game.prepare(load_deck(deck), variant, {})
    players = players if players in game.player_counts(prepared) else game.player_counts(prepared)[0]
    return game, prepared, players


def measure(case: tuple[str, str, str], bot: str, players: int, games: int, run: int) -> tuple[float, float, float]:
    """One run of one case and bot in this process, after an unmeasured warm-up."""
    from printgen.sim.engine import BOTS

    game, prepared, players = _prepare(*case, players)
    bots = [BOTS[bot]] * players
    rate(game, prepared, players, bots, min(200, games), 99)          # warm-up
    return rate(game, prepared, players, bots, games, run)


HEAD = (f"{'games/s per core':>16} {'min':>7} {'max':>7}  {'wall-clock games/s':>18} {'core share':>10} "
        f"{'steps':>6}")


def _figures(runs: list[tuple[float, float, float]]) -> str:
    """A row of the table from the runs' (per core, wall clock, steps): medians, and the spread of
    the per-core figure."""
    rates = [r for r, _, _ in runs]
    walls = [w for _, w, _ in runs]
    share = statistics.median(w / r for r, w, _ in runs)      # processor time / wall time
    steps = statistics.mean(s for _, _, s in runs)
    return (f"{statistics.median(rates):>16,.0f} {min(rates):>7,.0f} {max(rates):>7,.0f}  "
            f"{statistics.median(walls):>18,.0f} {share:>9.0%} {steps:>6.1f}")


def _child(args) -> None:
    """--child: one run of every asked case and bot; a JSON line per figure on stdout."""
    import printgen

    print(json.dumps({"printgen": str(Path(printgen.__file__).resolve().parent)}), flush=True)
    for case in _cases(args.game):
        for bot in BOT_NAMES:
            r, wall, steps = measure(case, bot, args.players, args.games, args.child_run)
            print(json.dumps({"case": case, "bot": bot, "rate": r, "wall": wall, "steps": steps}), flush=True)


def _cases(game: str | None) -> list[tuple[str, str, str]]:
    return [case for case in CASES if not game or case[0] == game]


def _unpack(ref: str, into: Path) -> Path:
    """REF's printgen/ package (and nothing else) into a folder; its decks come from this checkout
    through a symlink, so both sides play the same cards."""
    data = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", ref, "printgen"],
                          check=True, capture_output=True).stdout
    # the 'data' filter where this Python has it (3.11.4, 3.10.12 and later); the archive is this
    # repository's own, from git
    safe = {"filter": "data"} if hasattr(tarfile, "data_filter") else {}
    with tarfile.open(fileobj=BytesIO(data)) as tar:
        tar.extractall(into, **safe)
    for name in ("decks", "layouts"):
        if (ROOT / name).exists():
            os.symlink(ROOT / name, into / name)
    return into


def _spawn(code_root: Path, args, run: int) -> list[dict]:
    env = {**os.environ, "PYTHONPATH": str(code_root), "PYTHONDONTWRITEBYTECODE": "1"}
    cmd = [sys.executable, str(Path(__file__).resolve()), "--child", "--child-run", str(run), "--games",
           str(args.games), "--players", str(args.players)] + (["--game", args.game] if args.game else [])
    out = subprocess.run(cmd, env=env, cwd=str(code_root), check=True, capture_output=True, text=True).stdout
    rows = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    where = Path(rows[0]["printgen"])
    assert where == code_root / "printgen", f"the child imported printgen from {where}, not {code_root}"
    return rows[1:]


def against(args) -> None:
    """This checkout and REF in turns, child processes, same command: medians and their ratio."""
    with tempfile.TemporaryDirectory(prefix="bench_sim_") as tmp:
        base = _unpack(args.against, Path(tmp))
        sides = {"this": ROOT, args.against: base}
        figures: dict[tuple, dict[str, list]] = {}
        for run in range(args.runs):
            order = list(sides) if run % 2 == 0 else list(sides)[::-1]
            for side in order:
                for row in _spawn(sides[side], args, run):
                    key = (tuple(row["case"]), row["bot"])
                    figures.setdefault(key, {}).setdefault(side, []).append((row["rate"], row["wall"], row["steps"]))
    print(f"{args.games} games a run, {args.runs} runs, this checkout and {args.against} in turns "
          f"(separate processes), one core, Python {sys.version.split()[0]}")
    print(f"{'game':<13} {'variant':<9} {'bots':<7} {'side':<10} {HEAD}")
    for (case, bot), by_side in figures.items():
        medians = {}
        for side, rows in by_side.items():
            medians[side] = statistics.median(r for r, _, _ in rows)
            print(f"{case[0]:<13} {case[2]:<9} {bot:<7} {side[:10]:<10} {_figures(rows)}")
        ratio = medians["this"] / medians[args.against]
        print(f"{case[0]:<13} {case[2]:<9} {bot:<7} {'ratio':<10} {ratio:>14.2f}x   (this / {args.against}); "
              f"aim {verdict(case[0], bot, medians['this'])}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="seeded games a run (default: %(default)s)")
    parser.add_argument("--runs", type=int, default=5, help="runs; figures are medians (default: %(default)s)")
    parser.add_argument("--players", type=int, default=4,
                        help="players where the game allows it, else its own count (default: %(default)s)")
    parser.add_argument("--game", help="only this game (" + ", ".join(dict.fromkeys(c[0] for c in CASES)) + ")")
    parser.add_argument("--against", metavar="REF",
                        help="also time the simulator at this git commit, in turns (default: none)")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--child-run", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        return _child(args)
    if args.against:
        return against(args)
    print(f"{args.games} games a run, {args.runs} runs, {args.players} players where the game allows it (else its "
          f"own count), one core, Python {sys.version.split()[0]}")
    print(f"{'game':<13} {'variant':<10} {'bots':<7} {HEAD}  aim  (hands/s for a game counted in hands)")
    for case in _cases(args.game):
        name, _, variant = case
        for bot in BOT_NAMES:
            runs = [measure(case, bot, args.players, args.games, run) for run in range(args.runs)]
            print(f"{name:<13} {variant:<10} {bot:<7} {_figures(runs)}  "
                  f"{verdict(name, bot, statistics.median(r for r, _, _ in runs))}")


if __name__ == "__main__":
    main()
