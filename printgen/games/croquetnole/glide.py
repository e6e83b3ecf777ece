"""Coins sliding in the clear, stepped in plain Python instead of pymunk (physics.World's `glide`).

Why: a flick is some 50 to 200 fixed steps, and in most of them nothing touches anything: the coins
in motion slide straight on and lose speed. A pymunk step costs several microseconds through its
Python wrapper; the same arithmetic done here costs well under one. Why it changes nothing: with no
contact anywhere on the table, a pymunk step moves each body by velocity x step and leaves its
velocity as it is (no gravity, no damping, no force), and a body at rest stays put. This module
does that sum, `x + vx * dt` on the same doubles in the same order, then the friction of
World.flick, so positions and velocities agree with pymunk's to the last bit; the tests replay
whole games both ways and compare every step of every path.

It only runs while that holds: no contact open (nor one parted so recently that pymunk would still
warm-start it), and each sliding coin more than REACH short of any tile or coin along its line of
travel. Two sliding coins are kept apart by their gap less the ground both have covered. When a
coin would come within REACH in the next step, pymunk takes over from the same state.
"""

from __future__ import annotations

import math
from typing import Any, Protocol

import pymunk
from pymunk._chipmunk_cffi import lib as _lib

from printgen.games.croquetnole.rays import edge_point, ray_box, ray_circle, ray_exit
from printgen.games.croquetnole.table import Court


class Sliding(Protocol):
    """What a glide reads and writes of physics.World (named here, not imported: physics imports
    this module)."""

    court: Court
    physics: Any
    record: bool
    coins: dict[str, pymunk.Body]
    lines: list
    line_boxes: list
    solids: list
    space: pymunk.Space
    _moving: dict[str, pymunk.Body]
    _events: list[tuple]
    blocked: bool


# How near (mm, beyond touching) a gliding coin may come to a tile or a coin before pymunk steps it
# again: a micrometre. Chipmunk finds a contact only between shapes that touch or overlap (its narrow
# phase: distance at most nothing), so a glided step that ends short of touching is a step pymunk
# would have taken with no contact, and pymunk takes the step that touches. A glided position strays
# from its slide's straight line by rounding alone (some 1e-12 mm): a micrometre is ample. (It was a
# millimetre, ten times Chipmunk's collision slop; the same games to the last bit, with a third
# fewer pymunk steps: slow coins crept that last millimetre in pymunk.)
REACH = 1e-3
# A coin within REACH of a tile or a resting coin may still glide away from it when at least this far
# (mm) clear of it: far above the rounding of a step, so a glided step never brings them into contact.
CLEAR = 1e-6


def glide(world: Sliding, out: Any, limit: int) -> bool:
    """Step the coins in motion (world._moving) while they are in the clear; True when at least one
    step was taken. Leaves their bodies' positions and velocities as pymunk would have, and
    world.blocked True when it stopped short of a tile or a coin (a glide at once would be refused)."""
    world.blocked = False
    moving = world._moving
    names = list(moving)
    bodies = list(moving.values())
    if len(bodies) > 1 and _close(bodies, 2 * world.court.radius + CLEAR, world.physics.step):
        return False
    if len(bodies) == 1:
        return _alone(world, out, limit, names[0], bodies[0])
    clear = _clearances(world)
    if clear is None:
        return False
    return _together(world, out, limit, names, bodies, clear)


def _together(world: Sliding, out: Any, limit: int, names: list[str], bodies: list[pymunk.Body],
              clear: tuple[list[float], list[float], list[float], list[float], list[float], list[list]]) -> bool:
    """`glide` for several coins in motion, stepped together, from `_clearances`'s look."""
    ph = world.physics
    dt, slow, rest2 = ph.step, ph.deceleration * ph.step, ph.rest * ph.rest
    radius = world.court.radius
    moving = world._moving
    px, py, vx, vy, room, lines = clear
    count = len(bodies)
    # two coins in motion may both step while they stay apart at the step's end, where pymunk would
    # look for their contact: their centres more than two radii and CLEAR apart there
    near = 2 * radius + CLEAR
    pairs = [(i, j) for i in range(count) for j in range(i + 1, count)]
    travelled, reach = [0.0] * count, [0.0] * count
    live = list(range(count))          # sliding, in the order of world._moving
    paths = [out.path.get(n) for n in names] if world.record else None
    # as in `_one`: up to where each coin could first meet a line's box or near the table's edge,
    # a step only moves the coins
    width, height = world.court.width, world.court.height
    watch = [0.0] * count if paths is not None else \
        [_watch(px[i], py[i], vx[i], vy[i], lines[i], width, height) for i in range(count)]
    steps = 0
    done = False
    written: set[int] = set()
    pair = count == 2 and paths is None
    while live and not done and out.steps < limit:
        if pair:                            # the quiet steps of two coins, summed by `_two`
            taken = _two(px, py, vx, vy, travelled, [min(room[i], watch[i]) for i in (0, 1)],
                         (dt, slow, rest2, near), limit - out.steps)
            steps += taken
            out.steps += taken
            if out.steps >= limit:
                break
        blocked = False
        for i in live:
            u, v = vx[i], vy[i]
            reach[i] = math.sqrt(u * u + v * v) * dt
            if travelled[i] + reach[i] > room[i]:
                blocked = True
                break
        world.blocked = blocked
        if blocked or any(math.dist((px[i] + vx[i] * dt, py[i] + vy[i] * dt), (px[j] + vx[j] * dt, py[j] + vy[j] * dt))
                          <= near for i, j in pairs):
            break
        steps += 1
        out.steps += 1
        quiet = all(travelled[i] + reach[i] <= watch[i] for i in live)
        if quiet:
            for i in live:
                px[i], py[i] = px[i] + vx[i] * dt, py[i] + vy[i] * dt
        else:
            before = [(i, px[i], py[i], px[i] + vx[i] * dt, py[i] + vy[i] * dt) for i in live]
        for i in live:                      # the friction of World.flick
            travelled[i] += reach[i]
            u, v = vx[i], vy[i]
            s2 = u * u + v * v
            if s2 < rest2 or s2 <= slow * slow:
                vx[i] = vy[i] = 0.0
                reach[i] = 0.0
                del moving[names[i]]
            else:
                s = math.sqrt(s2)
                k = (s - slow) / s
                vx[i], vy[i] = u * k, v * k
        if not quiet:
            done = _moved(world, before, lines, (names, bodies, px, py, vx, vy, reach), paths, written)
        live = [i for i in live if names[i] in moving]
        if len(live) == 1:
            break                           # one left sliding: the next glide takes it alone, faster
    if steps:
        for i, b in enumerate(bodies):
            if i not in written:
                _lib.cpBodySetPosition(b._body, (px[i], py[i]))
                _lib.cpBodySetVelocity(b._body, (vx[i], vy[i]))
    return steps > 0


def _two(px: list[float], py: list[float], vx: list[float], vy: list[float], travelled: list[float],
         ahead: list[float], constants: tuple[float, float, float, float], last: int) -> int:
    """Steps of two coins in motion while neither stops, each stays within `ahead` (its room and the
    watch of `glide`: nothing to look for) and their places at the step's end stay apart: the sums
    of `glide`'s loop in the same order, in locals. Writes the lists back; returns the steps."""
    dt, slow, rest2, near = constants
    slow2 = slow * slow
    sqrt, dist = math.sqrt, math.dist
    x0, y0, u0, w0, t0, x1, y1, u1, w1, t1 = px[0], py[0], vx[0], vy[0], travelled[0], px[1], py[1], vx[1], vy[1], \
        travelled[1]
    steps = 0
    while steps < last:
        a2, b2 = u0 * u0 + w0 * w0, u1 * u1 + w1 * w1
        if a2 < rest2 or a2 <= slow2 or b2 < rest2 or b2 <= slow2:
            break                           # one stops in this step: glide's loop takes it
        ra, rb = sqrt(a2) * dt, sqrt(b2) * dt
        if t0 + ra > ahead[0] or t1 + rb > ahead[1]:
            break
        q0x, q0y, q1x, q1y = x0 + u0 * dt, y0 + w0 * dt, x1 + u1 * dt, y1 + w1 * dt
        if dist((q0x, q0y), (q1x, q1y)) <= near:
            break
        x0, y0, x1, y1 = q0x, q0y, q1x, q1y
        t0 += ra
        t1 += rb
        s = sqrt(a2)
        k = (s - slow) / s
        u0, w0 = u0 * k, w0 * k
        s = sqrt(b2)
        k = (s - slow) / s
        u1, w1 = u1 * k, w1 * k
        steps += 1
    px[0], py[0], vx[0], vy[0], travelled[0], px[1], py[1], vx[1], vy[1], travelled[1] = \
        x0, y0, u0, w0, t0, x1, y1, u1, w1, t1
    return steps


def _close(bodies: list[pymunk.Body], near: float, dt: float) -> bool:
    """Would two of these coins be within `near` (centre to centre) of each other after one more
    step each? The quick refusal of a glide just after a knock, before any ray is cast."""
    get_position, get_velocity = _lib.cpBodyGetPosition, _lib.cpBodyGetVelocity
    ends = []
    for b in bodies:
        at, go = get_position(b._body), get_velocity(b._body)
        ends.append((at.x + go.x * dt, at.y + go.y * dt))
    return any(math.dist(a, b) <= near for i, a in enumerate(ends) for b in ends[i + 1:])


def _alone(world: Sliding, out: Any, limit: int, name: str, b: pymunk.Body) -> bool:
    """`glide` for one coin in motion, its clearance looked at as `_clearances` does for several."""
    ph = world.physics
    at, go = _lib.cpBodyGetPosition(b._body), _lib.cpBodyGetVelocity(b._body)
    x, y, u, v = at.x, at.y, go.x, go.y
    speed = math.sqrt(u * u + v * v)
    if speed == 0.0:
        return False
    dx, dy = u / speed, v / speed
    far = speed * speed / (2 * ph.deceleration) + 2 * speed * ph.step + REACH
    free = _free(world, x, y, dx, dy, far)
    if free < speed * ph.step:
        return False
    ex, ey = x + dx * far, y + dy * far
    lo_x, hi_x = (x, ex) if x < ex else (ex, x)
    lo_y, hi_y = (y, ey) if y < ey else (ey, y)
    lines = [e for x0, y0, x1, y1, e in world.line_boxes if not (hi_x < x0 or lo_x > x1 or hi_y < y0 or lo_y > y1)]
    get_position = _lib.cpBodyGetPosition
    resting = [get_position(other._body) for key, other in world.coins.items() if key != name]
    free = _free_of_coins(world, x, y, dx, dy, free, resting)
    return _one(world, out, limit, name, b, x, y, u, v, free, lines)


def _clearances(world: Sliding) -> tuple[list[float], list[float], list[float], list[float], list[float],
                                         list[list]] | None:
    """Each coin in motion's position, velocity, room to slide before it could touch a tile or a
    resting coin, and the lines its slide may cross; None when one is at rest or already within
    reach of a tile (pymunk steps then, and no coin was read)."""
    ph = world.physics
    dt, deceleration = ph.step, ph.deceleration
    moving = world._moving
    get_position, get_velocity = _lib.cpBodyGetPosition, _lib.cpBodyGetVelocity
    px, py, vx, vy, room, lines = [], [], [], [], [], []
    for b in moving.values():
        at, go = get_position(b._body), get_velocity(b._body)
        x, y, u, v = at.x, at.y, go.x, go.y
        speed = math.sqrt(u * u + v * v)
        if speed == 0.0:
            return None
        # The slide keeps its direction (friction only scales the velocity), so one look along it
        # says how far it is clear; `far` is past where it stops. Its lines: those whose box meets its own.
        dx, dy = u / speed, v / speed
        far = speed * speed / (2 * deceleration) + 2 * speed * dt + REACH
        free = _free(world, x, y, dx, dy, far)
        if free < speed * dt:
            return None                     # a tile within reach: pymunk's step (no coin was read)
        ex, ey = x + dx * far, y + dy * far
        lo_x, hi_x = (x, ex) if x < ex else (ex, x)
        lo_y, hi_y = (y, ey) if y < ey else (ey, y)
        px.append(x)
        py.append(y)
        vx.append(u)
        vy.append(v)
        room.append(free)
        lines.append([e for x0, y0, x1, y1, e in world.line_boxes
                      if not (hi_x < x0 or lo_x > x1 or hi_y < y0 or lo_y > y1)])
    resting = [get_position(b._body) for name, b in world.coins.items() if name not in moving]
    for i in range(len(px)):
        x, y, u, v = px[i], py[i], vx[i], vy[i]
        speed = math.sqrt(u * u + v * v)
        room[i] = _free_of_coins(world, x, y, u / speed, v / speed, room[i], resting)
    return px, py, vx, vy, room, lines


def _moved(world: Sliding, before: list[tuple[int, float, float, float, float]], lines: list[list],
           state: tuple, paths: list | None, written: set[int]) -> bool:
    """One glided step's crossings and the table's edge, as World.flick reads them: each coin's
    new position written to `state`, an event for each gate line crossed and each coin that left
    the table (put back at the edge, at rest, and written back at once). True when a coin left."""
    names, bodies, px, py, vx, vy, reach = state
    width, height, radius = world.court.width, world.court.height, world.court.radius
    moving, events = world._moving, world._events
    done = False
    for i, x, y, qx, qy in before:
        for kind, index, line, (x0, y0, x1, y1) in lines[i]:
            if (x if x > qx else qx) < x0 or (x if x < qx else qx) > x1 or \
                    (y if y > qy else qy) < y0 or (y if y < qy else qy) > y1:
                continue
            way = line.crossing((x, y), (qx, qy))
            if way:
                events.append(("cross", names[i], kind, index, way))
        if not (0.0 <= qx <= width and 0.0 <= qy <= height):
            qx, qy = edge_point((x, y), (qx, qy), width, height, radius)
            b = bodies[i]
            b.position = (qx, qy)
            b.velocity = (0.0, 0.0)
            vx[i] = vy[i] = reach[i] = 0.0
            moving.pop(names[i], None)
            world.space.reindex_shapes_for_body(b)
            events.append(("off", names[i], (qx, qy)))
            written.add(i)              # written back already
            done = True                 # it sits off its line now: pymunk's turn after this step
        px[i], py[i] = qx, qy
        if paths is not None:
            path = paths[i]
            if path is not None:
                path.append((qx, qy))
    return done


def _one(world: Sliding, out: Any, limit: int, name: str, b: pymunk.Body, px: float, py: float, vx: float,
         vy: float, room: float, lines: list) -> bool:
    """`glide` for one coin in motion (most steps of most flicks): the same steps, in fewer operations.
    Up to where its slide could first meet a line's box or come within a millimetre of the table's
    edge, only the sums are done (`_run`); from there each step is looked at as World.flick would."""
    ph = world.physics
    dt, slow, rest2 = ph.step, ph.deceleration * ph.step, ph.rest * ph.rest
    width, height = world.court.width, world.court.height
    path = out.path.get(name) if world.record else None
    last = limit - out.steps            # the steps left before the flick's time limit
    travelled = 0.0
    steps = 0
    stopped = False
    if path is None:
        watch = _watch(px, py, vx, vy, lines, width, height)
        steps, travelled, px, py, vx, vy, stopped = _run(px, py, vx, vy, min(room, watch), last, dt, slow, rest2)
        if stopped:
            del world._moving[name]
    events = world._events
    slow2 = slow * slow
    sqrt = math.sqrt
    while steps < last and not stopped:
        s2 = vx * vx + vy * vy
        s = sqrt(s2)
        reach = s * dt
        if travelled + reach > room:
            world.blocked = True
            break
        qx, qy = px + vx * dt, py + vy * dt
        steps += 1
        travelled += reach
        stopped = s2 < rest2 or s2 <= slow2
        if stopped:
            vx = vy = 0.0
        else:
            k = (s - slow) / s
            vx, vy = vx * k, vy * k
        for kind, index, line, (x0, y0, x1, y1) in lines:
            if (px if px > qx else qx) < x0 or (px if px < qx else qx) > x1 or \
                    (py if py > qy else qy) < y0 or (py if py < qy else qy) > y1:
                continue
            way = line.crossing((px, py), (qx, qy))
            if way:
                events.append(("cross", name, kind, index, way))
        if not (0.0 <= qx <= width and 0.0 <= qy <= height):
            spot = edge_point((px, py), (qx, qy), width, height, world.court.radius)
            b.position = spot
            b.velocity = (0.0, 0.0)
            del world._moving[name]
            world.space.reindex_shapes_for_body(b)
            events.append(("off", name, spot))
            if path is not None:
                path.append(spot)
            out.steps += steps
            return True
        px, py = qx, qy
        if path is not None:
            path.append((px, py))
        if stopped:
            del world._moving[name]
    if steps:
        out.steps += steps
        _lib.cpBodySetPosition(b._body, (px, py))
        _lib.cpBodySetVelocity(b._body, (vx, vy))
    return steps > 0


def _watch(px: float, py: float, vx: float, vy: float, lines: list, width: float, height: float) -> float:
    """How far a coin at (px, py) may slide along (vx, vy) before a step of it could cross one of
    `lines` (it enters the line's box, grown by a micrometre) or come within a millimetre of the
    table's edge: until then a step has nothing to look for."""
    speed = math.sqrt(vx * vx + vy * vy)
    dx, dy = vx / speed, vy / speed
    inside = ray_exit(px, py, dx, dy, 1.0, 1.0, width - 1.0, height - 1.0)
    for _, _, _, (x0, y0, x1, y1) in lines:
        inside = min(inside, ray_box(px, py, dx, dy, x0 - 1e-3, y0 - 1e-3, x1 + 1e-3, y1 + 1e-3))
    return inside


def _run(px: float, py: float, vx: float, vy: float, room: float, last: int, dt: float, slow: float,
         rest2: float) -> tuple[int, float, float, float, float, float, bool]:
    """Steps of a lone coin while the next stays within `room`: only the sums of a pymunk step and
    the friction of World.flick, in the same order. Returns the steps taken, the ground covered,
    the position and velocity after them, and whether the coin has stopped."""
    slow2 = slow * slow
    sqrt = math.sqrt
    travelled = 0.0
    steps = 0
    while steps < last:
        s2 = vx * vx + vy * vy
        s = sqrt(s2)
        reach = s * dt
        if travelled + reach > room:
            break
        px, py = px + vx * dt, py + vy * dt
        steps += 1
        travelled += reach
        if s2 < rest2 or s2 <= slow2:
            return steps, travelled, px, py, 0.0, 0.0, True
        k = (s - slow) / s
        vx, vy = vx * k, vy * k
    return steps, travelled, px, py, vx, vy, False


def _free(world: Sliding, px: float, py: float, dx: float, dy: float, far: float, margin: float = REACH,
          clear: float = CLEAR) -> float:
    """How far a coin at (px, py) may slide along the unit direction (dx, dy), up to `far`, before it
    comes within `margin` (REACH) of a tile (a ray against each tile grown by a coin's radius and the
    margin, with rounded corners; a tile off the slide's box is skipped). A coin already that near a tile
    but more than `clear` (CLEAR) clear of it and not closing on it (a coin bouncing off) is free of
    that tile: its distance to a convex tile can only grow along its straight slide, so pymunk
    would find no contact (contact.py passes no margin and minus a radius: touching, and a coin
    overlapping a tile but moving away from it)."""
    r = world.court.radius
    grow = r + margin
    grow2, clear2 = grow * grow, (r + clear) * (r + clear)
    ex, ey = px + dx * far, py + dy * far
    lo_x, hi_x = (px, ex) if px < ex else (ex, px)
    lo_y, hi_y = (py, ey) if py < ey else (ey, py)
    best = far
    for x0, y0, x1, y1 in world.solids:
        if x1 + grow < lo_x or x0 - grow > hi_x or y1 + grow < lo_y or y0 - grow > hi_y:
            continue
        ox = px - (x0 if px < x0 else x1 if px > x1 else px)       # from the tile's nearest point
        oy = py - (y0 if py < y0 else y1 if py > y1 else py)
        d2 = ox * ox + oy * oy
        if d2 < grow2:
            if d2 > clear2 and ox * dx + oy * dy >= 0.0:
                continue
            return 0.0
        best = min(best, ray_box(px, py, dx, dy, x0 - grow, y0, x1 + grow, y1),
                   ray_box(px, py, dx, dy, x0, y0 - grow, x1, y1 + grow),
                   ray_circle(px, py, dx, dy, x0, y0, grow), ray_circle(px, py, dx, dy, x1, y0, grow),
                   ray_circle(px, py, dx, dy, x0, y1, grow), ray_circle(px, py, dx, dy, x1, y1, grow))
    return best


def _free_of_coins(world: Sliding, px: float, py: float, dx: float, dy: float, far: float,
                   others: list, margin: float = REACH, clear: float = CLEAR) -> float:
    """As `_free`, against the coins at rest `others` (each grown to two radii and `margin`; Chipmunk's
    own vectors, read once for the glide)."""
    grow = 2 * world.court.radius + margin
    grow2, clear2 = grow * grow, (2 * world.court.radius + clear) ** 2
    ex, ey = px + dx * far, py + dy * far
    lo_x, hi_x = (px, ex) if px < ex else (ex, px)
    lo_y, hi_y = (py, ey) if py < ey else (ey, py)
    best = far
    for at in others:
        ox, oy = at.x, at.y
        if ox + grow < lo_x or ox - grow > hi_x or oy + grow < lo_y or oy - grow > hi_y:
            continue
        fx, fy = px - ox, py - oy
        d2 = fx * fx + fy * fy
        if d2 < grow2:
            if d2 > clear2 and fx * dx + fy * dy >= 0.0:
                continue
            return 0.0
        best = min(best, ray_circle(px, py, dx, dy, ox, oy, grow))
    return best
