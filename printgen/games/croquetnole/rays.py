"""Rays and boxes for the glide (glide.py): how far a coin's centre may go along a straight line
before it enters a grown tile, a grown coin or a line's box, or leaves a box, and where a move
left the table. Plain geometry on floats, kept apart from the stepping it serves."""

from __future__ import annotations

import math

from printgen.games.croquetnole.table import Point


def ray_exit(px: float, py: float, dx: float, dy: float, x0: float, y0: float, x1: float, y1: float) -> float:
    """How far along the unit ray from (px, py) it leaves the box (0 when it starts outside it)."""
    if not (x0 <= px <= x1 and y0 <= py <= y1):
        return 0.0
    far = math.inf
    if dx > 0.0:
        far = (x1 - px) / dx
    elif dx < 0.0:
        far = (x0 - px) / dx
    if dy > 0.0:
        far = min(far, (y1 - py) / dy)
    elif dy < 0.0:
        far = min(far, (y0 - py) / dy)
    return far


def ray_box(px: float, py: float, dx: float, dy: float, x0: float, y0: float, x1: float, y1: float) -> float:
    """How far along the unit ray from (px, py) it enters the box (0 inside it, inf if never)."""
    near, end = 0.0, math.inf
    for p, d, lo, hi in ((px, dx, x0, x1), (py, dy, y0, y1)):
        if d == 0.0:
            if p < lo or p > hi:
                return math.inf
            continue
        t1, t2 = (lo - p) / d, (hi - p) / d
        if t1 > t2:
            t1, t2 = t2, t1
        near, end = max(near, t1), min(end, t2)
        if near > end:
            return math.inf
    return near


def ray_circle(px: float, py: float, dx: float, dy: float, cx: float, cy: float, radius: float) -> float:
    """How far along the unit ray from (px, py) it enters the circle (0 inside it, inf if never)."""
    fx, fy = px - cx, py - cy
    c = fx * fx + fy * fy - radius * radius
    if c <= 0.0:
        return 0.0
    b = fx * dx + fy * dy
    disc = b * b - c
    if b >= 0.0 or disc < 0.0:
        return math.inf
    return -b - math.sqrt(disc)


def edge_point(p: Point, q: Point, width: float, height: float, radius: float) -> Point:
    """Where the move p->q left the table, moved in by a coin's radius so the coin lies on the table
    at its edge: the spot where it fell off, as the penalty puts it back."""
    t = 1.0
    for a, b, lo, hi in ((p[0], q[0], 0.0, width), (p[1], q[1], 0.0, height)):
        if b < lo and a != b:
            t = min(t, (lo - a) / (b - a))
        elif b > hi and a != b:
            t = min(t, (hi - a) / (b - a))
    x, y = p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])
    return min(max(x, radius), width - radius), min(max(y, radius), height - radius)
