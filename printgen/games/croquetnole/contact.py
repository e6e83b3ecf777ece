"""Where a fast coin is about to touch something: the steps World.flick splits (physics.py).

Why: Chipmunk finds a contact only once two shapes overlap at the end of a step, then pushes them
apart softly over the following steps. At the strongest flick (2.5 m/s) a coin moves 10 mm in a
step of 1/240 s, so a whole step could end with it 10 mm inside a post or a coin. A step in which a
fast coin would touch something is therefore taken in parts (World._step): one up to the first
touch, then equal parts in which no coin moves more than Physics.contact_step. Only steps that meet
something are split (about 1 % of a game's steps, half of pymunk's), but a look before each pymunk
step and the parts make a flick some 20 % dearer (docs/croquetnole.md, Speed).

Why it never disagrees with a glide (glide.py): a glided step ends its coin at least REACH short of
every tile and resting coin along its slide, and two gliding coins more than two radii and CLEAR
apart; this looks for touching (no margin), along the same rays and at the same ends, so a step the
glide takes is never one split here, and games agree to the last bit with or without the glide.
"""

from __future__ import annotations

import math

from pymunk._chipmunk_cffi import lib as _lib

from printgen.games.croquetnole.glide import Sliding, _free, _free_of_coins


def contact_ahead(world: Sliding, dt: float, fast: float) -> tuple[float, float]:
    """(speed, time): the speed (mm/s) of the fastest coin in motion and the time (s, from 0) until
    the first coin faster than `fast` would touch a tile or a coin, when that is within `dt`; (0.0,
    dt) when none would. A coin already overlapping a tile or a coin but moving away from it (just
    bounced) is not about to touch it, nor are two coins in motion that end the step further apart
    than they began (which counts as a touch at once when they end it overlapping)."""
    moving = world._moving
    get_position, get_velocity = _lib.cpBodyGetPosition, _lib.cpBodyGetVelocity
    fast2 = fast * fast
    for b in moving.values():
        go = get_velocity(b._body)
        if go.x * go.x + go.y * go.y > fast2:
            break
    else:
        return 0.0, dt                      # no coin fast: the usual case, decided without a root
    radius = world.court.radius
    starts, ends, fastest, first = [], [], 0.0, dt
    resting = None
    for b in moving.values():
        at, go = get_position(b._body), get_velocity(b._body)
        x, y, u, v = at.x, at.y, go.x, go.y
        speed = math.sqrt(u * u + v * v)
        fastest = max(fastest, speed)
        starts.append((x, y))
        ends.append((x + u * dt, y + v * dt))
        if speed <= fast:
            continue
        reach = speed * dt
        dx, dy = u / speed, v / speed
        free = _free(world, x, y, dx, dy, reach, 0.0, -radius)
        if free >= reach:
            if resting is None:
                resting = [get_position(o._body) for name, o in world.coins.items() if name not in moving]
            free = _free_of_coins(world, x, y, dx, dy, reach, resting, 0.0, -2 * radius)
        if free < reach:
            first = min(first, free / speed)
    if fastest <= fast:
        return 0.0, dt
    if first > 0.0 and len(ends) > 1:
        apart = 2 * radius
        if any(math.dist(ends[i], ends[j]) < min(apart, math.dist(starts[i], starts[j]))
               for i in range(len(ends)) for j in range(i + 1, len(ends))):
            first = 0.0
    return (fastest, first) if first < dt else (0.0, dt)
