"""The Croquetnole court: the table layout's tiles and coins read as geometry the physics and the
rules can use (fixed rectangles, the gate and door lines, each castle's tower and starting spots),
and the two changes of layout a designer compares (a wider or narrower gate, a bigger table).

Why from the table layout and not from numbers of its own: the layout is what gets printed as the
placement guide, so the game played here is the one on the guide; a moved castle is simulated as
moved. Lengths are millimetres, x to the right and y down (towards the Moons player), as in
printgen/model/tablelayout.py.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import cached_property

from printgen.files.errors import UserError
from printgen.model.tablecheck import distance
from printgen.model.tabletypes import Piece, Table

Point = tuple[float, float]
Rect = tuple[float, float, float, float]          # x0, y0, x1, y1


@dataclass(frozen=True)
class Line:
    """A gate or door: the open segment between the inner edges of its two tiles, and the unit
    normal pointing into the castle (towards its tower). A coin's centre crossing the segment
    passes the gate; the sign of its motion along `normal` says in or out."""

    a: Point
    b: Point
    normal: Point

    @property
    def middle(self) -> Point:
        return (self.a[0] + self.b[0]) / 2, (self.a[1] + self.b[1]) / 2

    @property
    def width(self) -> float:
        return math.dist(self.a, self.b)

    def crossing(self, p: Point, q: Point) -> int:
        """+1 when the move p->q crosses the segment inwards, -1 outwards, 0 when it misses. A move
        ending exactly on the line counts on the step that leaves it (half-open), so a coin that
        stops on a gate line and moves on is counted once."""
        nx, ny = self.normal
        sp = (p[0] - self.a[0]) * nx + (p[1] - self.a[1]) * ny
        sq = (q[0] - self.a[0]) * nx + (q[1] - self.a[1]) * ny
        if (sp < 0) == (sq < 0):
            return 0
        t = sp / (sp - sq)
        x, y = p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])
        ux, uy = self.b[0] - self.a[0], self.b[1] - self.a[1]
        along = ((x - self.a[0]) * ux + (y - self.a[1]) * uy) / (ux * ux + uy * uy)
        if not 0.0 <= along <= 1.0:
            return 0
        return 1 if sq >= 0 else -1


@dataclass(frozen=True)
class Castle:
    name: str
    gate: Line
    door: Line
    tower: Rect
    tower_id: str
    guard_start: Point
    knight_start: Point
    guard_id: str
    knight_id: str


@dataclass(frozen=True)
class Court:
    """What is on the table for play: the table's size, every fixed tile (a stacked tile counted
    once, as the stack's footprint), the castles in seat order (clockwise from the first player),
    and the coin's diameter."""

    width: float
    height: float
    tiles: tuple[tuple[str, Rect], ...]
    castles: tuple[Castle, ...]
    coin: float
    tile: float
    name: str

    @cached_property
    def radius(self) -> float:
        """Half the coin's width (worked out once: the physics reads it at every step)."""
        return self.coin / 2


def _rect(p: Piece) -> Rect:
    return p.box()


def _line(first: Piece, second: Piece, towards: Point) -> Line:
    cx, cy = first.x, first.y
    dx, dy = second.x - cx, second.y - cy
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    h1 = abs(ux) * first.w / 2 + abs(uy) * first.h / 2
    h2 = abs(ux) * second.w / 2 + abs(uy) * second.h / 2
    a = (cx + ux * h1, cy + uy * h1)
    b = (second.x - ux * h2, second.y - uy * h2)
    nx, ny = -uy, ux
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    if (towards[0] - mx) * nx + (towards[1] - my) * ny < 0:
        nx, ny = -nx, -ny
    return Line(a, b, (nx, ny))


def _group(table: Table, name: str, size: int) -> list[Piece]:
    ids = table.groups.get(name)
    if not ids or len(ids) != size:
        raise UserError(f"the table layout '{table.name}' has no group '{name}' of {size} piece"
                        f"{'' if size == 1 else 's'}, which the Croquetnole simulation reads",
                        hint="keep the groups of decks/piecepack/tables/croquetnole.yaml: "
                             "'<castle> gate', 'door', 'tower', 'guard' and 'knight' for every castle")
    by_id = table.by_id()
    return [by_id[i] for i in ids]


def castle_names(table: Table) -> list[str]:
    """The castles in the order their gates are listed: the layout lists them clockwise from the
    first player (Moons), which is the order of play."""
    return [name[: -len(" gate")] for name in table.groups if name.endswith(" gate")]


def court(table: Table) -> Court:
    """The court of a loaded table layout (printgen.model.tablelayout.load_table)."""
    castles = []
    for name in castle_names(table):
        posts = _group(table, f"{name} gate", 2)
        door = _group(table, f"{name} door", 2)
        tower = _group(table, f"{name} tower", 2)
        base = next(p for p in tower if p.on is None)
        guard = _group(table, f"{name} guard", 1)[0]
        knight = _group(table, f"{name} knight", 1)[0]
        centre = (base.x, base.y)
        castles.append(Castle(name, _line(posts[0], posts[1], centre), _line(door[0], door[1], centre),
                              _rect(base), base.id, (guard.x, guard.y), (knight.x, knight.y), guard.id, knight.id))
    tiles = tuple((p.id, _rect(p)) for p in table.pieces if p.kind == "tile" and p.on is None and not p.enters)
    return Court(table.width, table.height, tiles, tuple(castles), table.lengths["coin"], table.lengths["tile"],
                 table.name)


# --- changed layouts, for comparison --------------------------------------------------------------

def resized(table: Table, width: float, height: float) -> Table:
    """The same layout on a table `width` x `height` mm, kept centred (a smaller card table)."""
    dx, dy = (width - table.width) / 2, (height - table.height) / 2
    return replace(table, width=width, height=height,
                   pieces=[replace(p, x=p.x + dx, y=p.y + dy) for p in table.pieces])


def regated(table: Table, extra: float) -> Table:
    """Every gate `extra` mm wider (narrower when negative): each gatepost moves away from its gate
    partner by half of it, and the rest of each castle (door, tower, its coins) moves with its gate's
    middle, so the gate-to-door and door-to-tower distances stay what the layout says."""
    by_id = {p.id: [p.x, p.y] for p in table.pieces}
    moved = {k: list(v) for k, v in by_id.items()}
    names = castle_names(table)
    for name in names:
        first, second = table.groups[f"{name} gate"]
        (x1, y1), (x2, y2) = by_id[first], by_id[second]
        length = math.hypot(x2 - x1, y2 - y1)
        ux, uy = (x2 - x1) / length, (y2 - y1) / length
        moved[first][0] -= ux * extra / 2
        moved[first][1] -= uy * extra / 2
        moved[second][0] += ux * extra / 2
        moved[second][1] += uy * extra / 2
    for name in names:
        first, second = table.groups[f"{name} gate"]
        before = ((by_id[first][0] + by_id[second][0]) / 2, (by_id[first][1] + by_id[second][1]) / 2)
        after = ((moved[first][0] + moved[second][0]) / 2, (moved[first][1] + moved[second][1]) / 2)
        shift = (after[0] - before[0], after[1] - before[1])
        for part in ("door", "tower", "guard", "knight"):
            for pid in table.groups.get(f"{name} {part}", []):
                moved[pid] = [by_id[pid][0] + shift[0], by_id[pid][1] + shift[1]]
    return replace(table, pieces=[replace(p, x=moved[p.id][0], y=moved[p.id][1]) for p in table.pieces])


# --- what a layout needs to be playable -----------------------------------------------------------

# The room a coin needs to pass a gate or a door, beyond its own diameter: 2 mm, a millimetre each
# side. Why: a printed tile is cut and set down by hand to about a millimetre, and a gap that only
# just fits a coin on paper cannot be passed by a flicked coin at any slant; the physics' coins
# (soft contacts) would squeeze through a gap slightly narrower than themselves, so the simulation
# must not be asked to judge such a layout at all.
CLEARANCE = 2.0


def passage(table: Table) -> float:
    """The narrowest a gate or door may be on this table: a coin's diameter and CLEARANCE."""
    return table.lengths["coin"] + CLEARANCE


def narrowest(table: Table) -> tuple[float, str, str]:
    """The narrowest gate or door of the layout: its width (mm between the inner edges of its
    tiles, negative when they overlap or have passed each other), its name ('Moons gate') and the id
    of its first tile (whose line a message names)."""
    by_id = table.by_id()
    found = []
    for name in castle_names(table):
        for part in ("gate", "door"):
            first, second = (by_id[i] for i in _group_ids(table, f"{name} {part}"))
            dx, dy = second.x - first.x, second.y - first.y
            length = math.hypot(dx, dy) or 1.0
            ux, uy = dx / length, dy / length
            halves = (abs(ux) * (first.w + second.w) + abs(uy) * (first.h + second.h)) / 2
            found.append((length - halves, f"{name} {part}", first.id))
    return min(found)


def _group_ids(table: Table, name: str) -> list[str]:
    return [p.id for p in _group(table, name, 2)]


def smallest_square(table: Table) -> float:
    """The smallest square table (mm) that holds the layout, kept centred as `resized` keeps it, with
    every piece the layout's spare from the edge: what -O table= must be at least."""
    need = 0.0
    for p in table.pieces:
        x0, y0, x1, y1 = p.box()
        need = max(need, table.width - 2 * x0, 2 * x1 - table.width, table.height - 2 * y0, 2 * y1 - table.height)
    return need + 2 * table.spare


def overlapping(table: Table) -> list[tuple[str, str, float]]:
    """Pairs of pieces that overlap (a stacked tower not counted), with the overlap in mm: a changed
    layout (gates pushed apart) can run a post into a door."""
    found = []
    for i, a in enumerate(table.pieces):
        for b in table.pieces[i + 1:]:
            if a.on != b.id and b.on != a.id and (d := distance(a, b)) < -table.tolerance:
                found.append((a.id, b.id, -d))
    return found
