"""How deep the Croquetnole physics lets a coin sink into a tile or another coin.

    .venv/bin/python bench/bench_croquetnole_overlap.py [--games 40] [--root DIR]

Pymunk (Chipmunk) has no continuous collision detection: it finds a contact only once two shapes
overlap at the end of a step, and pushes them apart softly over the following steps. A coin at the
strongest flick (2.5 m/s) moves 10 mm a step of 1/240 s, so unless the world steps finer near a
contact, a coin can end a step millimetres inside a post. This script measures the deepest overlap
after every pymunk step (each sub-step too) of: `--games` seeded default games (seeds 0..N-1, the
bench's line-ups), and scripted flicks at full strength straight at a post and through a gate a
coin and 2 mm wide, at offsets across it. Coin-into-tile is the coin's radius less its centre's
distance to the tile's rectangle (more when the centre is inside it); coin-into-coin is two radii
less the centres' distance; an overlap counts when the step made it deeper and it was under 1 mm
before (one the rules made by putting a coin down on another is reported apart). The energy a
step added (none should: restitution below 1) is reported too. `--root DIR` measures another
checkout (e.g. main). Reports, asserts nothing (tests/test_croquetnole_physics.py asserts the bound).
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, sys.argv[sys.argv.index("--root") + 1] if "--root" in sys.argv[:-1] else str(ROOT))
sys.dont_write_bytecode = True


def _table():
    from printgen.model.layouts import load_layout
    from printgen.model.load import ALL_CARDS, load_deck
    from printgen.model.tablelayout import load_table

    deck = load_deck("piecepack", ALL_CARDS)
    return load_table(deck, load_layout(deck.layout, deck), "croquetnole")


def _into_tile(x: float, y: float, rect: tuple[float, float, float, float], radius: float) -> float:
    x0, y0, x1, y1 = rect
    if x0 <= x <= x1 and y0 <= y <= y1:
        return radius + min(x - x0, x1 - x, y - y0, y1 - y)
    dx, dy = max(x0 - x, 0.0, x - x1), max(y0 - y, 0.0, y - y1)
    return radius - math.hypot(dx, dy)


class Probe:
    """Wraps physics._space_step: after every pymunk step, the deepest overlaps of the world whose
    flick is running (World.flick is wrapped to say which)."""

    def __init__(self) -> None:
        from printgen.games.croquetnole import physics

        self.tile = self.coin = self.gain = self.placed = 0.0
        self.steps = 0
        self.world = None
        step, flick = physics._space_step, physics.World.flick
        probe = self

        def measured_step(space, dt):
            before, depths = probe.energy(), probe.depths()
            step(space, dt)
            probe.steps += 1
            probe.gain = max(probe.gain, probe.energy() - before)
            probe.look(depths)

        def watched_flick(world, *args, **kwargs):
            probe.world = world
            return flick(world, *args, **kwargs)

        physics._space_step = measured_step
        physics.World.flick = watched_flick

    def energy(self) -> float:
        """The coins' kinetic energy (g mm^2/s^2), as World.energy."""
        return sum(0.5 * b.mass * b.velocity.length_squared for b in self.world.coins.values())

    def depths(self) -> dict:
        """How deep each coin lies in each tile and each other coin it overlaps (mm), by pair."""
        world = self.world
        radius = world.court.radius
        spots = [(name, b.position.x, b.position.y) for name, b in world.coins.items()]
        out = {}
        for name, x, y in spots:
            for index, rect in enumerate(world.solids):
                depth = _into_tile(x, y, rect, radius)
                if depth > 0.0:
                    out[name, index] = depth
        for i, (a, ax, ay) in enumerate(spots):
            for b, bx, by in spots[i + 1:]:
                depth = 2 * radius - math.hypot(ax - bx, ay - by)
                if depth > 0.0:
                    out[a, b] = depth
        return out

    def look(self, before: dict) -> None:
        """The deepest overlaps after a step that the step made deeper (a coin the rules put down
        overlapping another, e.g. back at the table's edge, is the rules' doing, counted apart)."""
        for key, depth in self.depths().items():
            was = before.get(key, 0.0)
            if depth <= was or was > 1.0:         # not made by this step, or put down overlapping
                self.placed = max(self.placed, depth)
            elif isinstance(key[1], int):
                self.tile = max(self.tile, depth)
            else:
                self.coin = max(self.coin, depth)

    def reset(self) -> tuple[float, float, int]:
        figures = (self.tile, self.coin, self.steps)
        self.tile = self.coin = 0.0
        self.steps = 0
        return figures


def games(probe: Probe, count: int) -> None:
    from printgen.games.croquetnole.game import Setup, play
    from printgen.games.croquetnole.report import Settings
    from printgen.games.croquetnole.table import court

    setup = Setup(court(_table()))
    lineups = Settings().lineups(4)
    worst = []
    flicks = 0
    start = time.process_time()
    for seed in range(count):
        g = play(Setup(setup.court, strategies=lineups[seed % 2], navigator=setup.nav()), seed)
        flicks += g.flicks
        worst.append(probe.reset())
    took = time.process_time() - start
    tiles, coins = sorted(w[0] for w in worst), sorted(w[1] for w in worst)
    print(f"{count} default games ({flicks} flicks, {took:.1f} s processor incl. probing): deepest coin into tile "
          f"{tiles[-1]:.3f} mm (median of the games' worst {tiles[len(tiles) // 2]:.3f}), coin into coin "
          f"{coins[-1]:.3f} mm (median {coins[len(coins) // 2]:.3f}); pymunk steps {sum(w[2] for w in worst)}; "
          f"the most energy a pymunk step added {probe.gain / (0.5 * 1.5 * 2500.0 ** 2):.2e} of a full-strength "
          f"coin's; deepest overlap no step made deeper (coins put down overlapping) {probe.placed:.3f} mm")


def scripted(probe: Probe) -> None:
    from printgen.games.croquetnole.physics import World
    from printgen.games.croquetnole.table import court, regated

    table = _table()
    plain = court(table)
    fastest = 2500.0
    # straight at a gatepost's inner face (the castle's side), from 30 mm out, and at slants onto its corner
    post = next(rect for tile_id, rect in plain.tiles if tile_id == "tile-moons-4")
    cx = (post[0] + post[2]) / 2
    for offset in (0.0, 10.0, 20.0, 28.0, 33.0):
        world = World(plain)
        start = (cx + offset, post[3] + 30.0)
        assert min(_into_tile(*start, rect, plain.radius) for _, rect in plain.tiles) < 0, start
        world.place("a", start)
        world.flick("a", -math.pi / 2, fastest)
    tile, coin, steps = probe.reset()
    print(f"full-strength flicks at a post (5 offsets): deepest coin into tile {tile:.3f} mm; pymunk steps {steps}")
    # through a gate a coin and 2 mm wide, at offsets across it and slants, outwards from 40 mm inside
    # the castle (every gate of that layout is as narrow: the cross of gates outside is a corridor)
    narrow = court(regated(table, plain.coin + 2.0 - plain.tile))
    gate = narrow.castles[0].gate
    nx, ny = gate.normal
    tx, ty = -ny, nx
    for offset in (-2.0, -1.0, -0.5, 0.0, 0.5, 1.0, 2.0, 5.0, 10.0):
        for slant in (0.0, 0.1, -0.1):
            world = World(narrow)
            mx, my = gate.middle[0] + tx * offset, gate.middle[1] + ty * offset
            start = (mx + nx * 40.0, my + ny * 40.0)
            assert min(_into_tile(*start, rect, narrow.radius) for _, rect in narrow.tiles) < 0, start
            world.place("a", start)
            world.flick("a", math.atan2(-ny, -nx) + slant, fastest)
    tile, coin, steps = probe.reset()
    print(f"full-strength flicks through a gate {gate.width:.2f} mm wide (27): deepest coin into tile {tile:.3f} mm; "
          f"pymunk steps {steps}")
    # a coin flicked full strength straight at a resting coin
    for offset in (0.0, 5.0, 12.0):
        world = World(plain)
        world.place("b", (400.0, 400.0))
        world.place("a", (400.0 + offset, 470.0))
        world.flick("a", -math.pi / 2, fastest)
    tile, coin, steps = probe.reset()
    print(f"full-strength flicks at a resting coin (3): deepest coin into coin {coin:.3f} mm; pymunk steps {steps}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40,
                        help="seeded default games to measure (seeds 0..N-1) (default: %(default)s)")
    parser.add_argument("--root", help="another checkout of printgen to measure (default: this one)")
    args = parser.parse_args()
    probe = Probe()
    scripted(probe)
    games(probe, args.games)


if __name__ == "__main__":
    main()
