"""How a bot finds its way on the table: the shortest route to a goal (a gate to pass in one
direction, a door, a tower to hit, a spot) that goes round the tiles and passes no gate but the
goal's, and the first leg of it as the next flick.

Why a route and not a straight shot: a knight inside a castle cannot reach the next castle's gate
without first leaving by its own, and a guard that must stay on duty can only reach another tower
round the outside of the castles. A visibility graph over points just off the tiles' corners gives
those routes; it is built once per court (coins are not obstacles: hitting one often pays).
"""

from __future__ import annotations

import heapq
import math
from dataclasses import dataclass

from printgen.games.croquetnole.table import Court, Line, Point, Rect

# Clearance (mm) kept between a planned route and a tile beyond the coin's radius, and how far off a
# tile's corner the route's turning points stand: enough that a slightly wide flick does not clip it.
MARGIN = 3.0
CORNER = 10.0


@dataclass(frozen=True)
class Goal:
    """Where the coin is sent. `point` is the end of the route; `line` (castle, 'gate'|'door', +1/-1)
    is the one line the last leg must cross that way; `tile` a tile the last leg may end in (a tower
    to hit); `hit` says the coin must arrive moving (to strike something) rather than stop there."""

    point: Point
    line: tuple[int, str, int] | None = None
    tile: str | None = None
    hit: bool = False


def _crosses_box(p: Point, q: Point, box: Rect) -> bool:
    """Does the segment p-q meet the rectangle (Liang-Barsky clipping)?"""
    t0, t1 = 0.0, 1.0
    dx, dy = q[0] - p[0], q[1] - p[1]
    for edge_p, edge_q in ((-dx, p[0] - box[0]), (dx, box[2] - p[0]), (-dy, p[1] - box[1]), (dy, box[3] - p[1])):
        if edge_p == 0:
            if edge_q < 0:
                return False
        else:
            t = edge_q / edge_p
            if edge_p < 0:
                if t > t1:
                    return False
                t0 = max(t0, t)
            else:
                if t < t0:
                    return False
                t1 = min(t1, t)
    return t0 <= t1


class Navigator:
    def __init__(self, court: Court) -> None:
        self.court = court
        r = court.radius
        pad = r + MARGIN
        self.boxes = [(tile_id, (x0 - pad, y0 - pad, x1 + pad, y1 + pad)) for tile_id, (x0, y0, x1, y1) in court.tiles]
        self.tight = [(tile_id, (x0 - r + 0.5, y0 - r + 0.5, x1 + r - 0.5, y1 + r - 0.5))
                      for tile_id, (x0, y0, x1, y1) in court.tiles]
        self._flat = [(*box, tile_id) for tile_id, box in self.boxes]          # for `clear`'s loop
        self._flat_tight = [(*box, tile_id) for tile_id, box in self.tight]
        self.lines: list[tuple[int, str, Line]] = []
        for index, castle in enumerate(court.castles):
            self.lines += [(index, "gate", castle.gate)]
        # each gate line's box, a micrometre wider all round than the line (far beyond any rounding)
        self._line_boxes = [(index, kind, line, (min(line.a[0], line.b[0]) - 1e-3, min(line.a[1], line.b[1]) - 1e-3,
                                                 max(line.a[0], line.b[0]) + 1e-3, max(line.a[1], line.b[1]) + 1e-3))
                            for index, kind, line in self.lines]
        low, high_x, high_y = pad, court.width - pad, court.height - pad
        nodes = []
        for _, (x0, y0, x1, y1) in self.boxes:
            for x, y in ((x0 - CORNER, y0 - CORNER), (x1 + CORNER, y0 - CORNER), (x0 - CORNER, y1 + CORNER),
                         (x1 + CORNER, y1 + CORNER)):
                if low <= x <= high_x and low <= y <= high_y and not self._inside((x, y)):
                    nodes.append((x, y))
        self.nodes: list[Point] = nodes
        self.near: list[list[tuple[int, float]]] = [[] for _ in nodes]
        for i, a in enumerate(nodes):
            for j in range(i + 1, len(nodes)):
                b = nodes[j]
                if self.clear(a, b):
                    d = math.dist(a, b)
                    self.near[i].append((j, d))
                    self.near[j].append((i, d))
        self._to_goal: dict[Goal, list[float]] = {}
        self._routes: dict[Goal, list[tuple[int, float, float, float]]] = {}

    def _inside(self, p: Point) -> bool:
        return any(x0 < p[0] < x1 and y0 < p[1] < y1 for _, (x0, y0, x1, y1) in self.boxes)

    def clear(self, p: Point, q: Point, goal: Goal | None = None, tight: bool = False) -> bool:
        """Can a coin's centre go straight from p to q: no tile in the way (but the goal's tile), no
        gate crossed (but the goal's line, the goal's way)?"""
        lo_x, hi_x = (p[0], q[0]) if p[0] < q[0] else (q[0], p[0])
        lo_y, hi_y = (p[1], q[1]) if p[1] < q[1] else (q[1], p[1])
        for x0, y0, x1, y1, tile_id in (self._flat_tight if tight else self._flat):
            if x0 > hi_x or x1 < lo_x or y0 > hi_y or y1 < lo_y:
                continue          # the boxes do not meet: the segment cannot cross the tile
            if goal is not None and tile_id == goal.tile:
                continue
            if _crosses_box(p, q, (x0, y0, x1, y1)):
                return False
        for index, kind, line, (x0, y0, x1, y1) in self._line_boxes:
            if x0 > hi_x or x1 < lo_x or y0 > hi_y or y1 < lo_y:
                continue          # as for the tiles: a segment off the line's box cannot cross it
            way = line.crossing(p, q)
            if way and not (goal is not None and goal.line == (index, kind, way)):
                return False
        return True

    def _distances(self, goal: Goal) -> list[float]:
        """Route length from every node to the goal (Dijkstra from the goal), cached per goal."""
        known = self._to_goal.get(goal)
        if known is not None:
            return known
        dist = [math.inf] * len(self.nodes)
        heap = []
        for i, node in enumerate(self.nodes):
            if self._last_leg(node, goal):
                dist[i] = math.dist(node, goal.point)
                heap.append((dist[i], i))
        heapq.heapify(heap)
        while heap:
            d, i = heapq.heappop(heap)
            if d > dist[i]:
                continue
            for j, step in self.near[i]:
                if d + step < dist[j]:
                    dist[j] = d + step
                    heapq.heappush(heap, (dist[j], j))
        if len(self._to_goal) > 512:
            self._to_goal.clear()
        self._to_goal[goal] = dist
        return dist

    def _last_leg(self, p: Point, goal: Goal, tight: bool = False) -> bool:
        if not self.clear(p, goal.point, goal, tight):
            return False
        if goal.line is not None:       # the last leg must actually pass the goal's line
            index, kind, way = goal.line
            castle = self.court.castles[index]
            return (castle.gate if kind == "gate" else castle.door).crossing(p, goal.point) == way
        return True

    def next_leg(self, start: Point, goal: Goal) -> tuple[Point, bool]:
        """The point to flick towards and whether it is the goal itself (else a corner to stop at).
        Falls back to the goal itself when no route is found (the coin is boxed in)."""
        if self._last_leg(start, goal, tight=True):
            return goal.point, True
        dist = self._distances(goal)
        # the nodes by route length through them, shortest first; a heap, since the first clear one
        # is usually among the first few (the same order as sorting: ties go to the lower index)
        sx, sy = start
        hypot = math.hypot          # math.dist to the last bit (both are CPython's vector_norm)
        ranked = [(hypot(x - sx, y - sy) + d, i)
                  for i, x, y, d in self._reachable(goal, dist)]
        heapq.heapify(ranked)
        while ranked:
            _, i = heapq.heappop(ranked)
            if self.clear(start, self.nodes[i], tight=True):
                return self.nodes[i], False
        return goal.point, True

    def _reachable(self, goal: Goal, dist: list[float]) -> list[tuple[int, float, float, float]]:
        """The nodes with a route to the goal: index, position and route length (cached per goal)."""
        known = self._routes.get(goal)
        if known is None:
            known = [(i, x, y, dist[i]) for i, (x, y) in enumerate(self.nodes) if dist[i] < math.inf]
            if len(self._routes) > 512:
                self._routes.clear()
            self._routes[goal] = known
        return known
