"""The table as a 2D physics world (pymunk): coins slide, knock each other and bounce off tiles,
stepped with a fixed time step until everything has stopped.

Why pymunk: coin-on-coin and coin-on-tile collisions with restitution are what decide whether a
gate a tile-width wide can be passed; writing and testing a collision solver here would cost more
than the library and be worse. Why a fixed step: the same flicks give the same game on one machine
(pymunk is deterministic for the same inputs and step; another CPU or a pymunk release may round
differently, so the bits of a long game can differ across machines, not its statistics).

Sliding friction is Coulomb friction applied by hand after each step: a coin loses `mu * g * dt`
of speed per step, whatever its speed, so a flick's length grows with the square of its speed and
a coin stops dead (pymunk's own damping is exponential: a coin would creep for ever). Coins do not
spin (their moment is infinite and the surfaces between pieces frictionless): a spinning coin's
english is below what this model can claim to know.

Every constant is an option of `Physics` with its reasoning; lengths mm, times s, masses g.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pymunk
from pymunk._chipmunk_cffi import lib as _lib

from printgen.games.croquetnole.contact import contact_ahead
from printgen.games.croquetnole.glide import glide
from printgen.games.croquetnole.rays import edge_point
from printgen.games.croquetnole.table import Court, Line, Point

# Chipmunk's own functions, called directly in the stepping loop (pymunk 7's wrappers around them
# add a vector object or a few checks a call, which a flick's thousands of calls feel); they read
# and write the same doubles as pymunk's properties. Space.step's wrapper adds only the running of
# adds, removals and callbacks queued during a step, which this world never queues. Private names
# of pymunk (Space._space, Body._body): pyproject pins pymunk below 8.
_space_step, _set_velocity = _lib.cpSpaceStep, _lib.cpBodySetVelocity

# How far clear (mm) a coin at rest is set of a tile or a coin it was left touching (World._settle).
SETTLE = 1e-3
G = 9810.0               # mm/s^2
COIN, TILE = 1, 2        # pymunk collision types


@dataclass(frozen=True)
class Physics:
    # A piecepack coin 19 mm across and about 3 mm thick: 0.85 cm^3, 0.6 g in wood, 2 g in acrylic or
    # stacked board. Coins are all alike, so only their ratio to each other matters; stated for the record.
    mass: float = 1.5
    # Sliding friction of a coin on a card table's vinyl or felt: 0.2 to 0.4 measured for wood on cloth;
    # 0.3 makes a coin flicked at 1.3 m/s (a firm flick) slide 29 cm, the length of a typical flick.
    mu: float = 0.3
    # Restitution coin on coin (hard wood or acrylic on itself: 0.6 to 0.8) and coin on tile (a tile
    # lying flat is hit on its thin edge and gives a little: lower).
    coin_bounce: float = 0.7
    tile_bounce: float = 0.5
    # Time step: at the fastest flick (2.5 m/s) a coin moves 10 mm a step, half its own width, so no
    # collision is stepped over. Halving it (1/480 s) cost 1.6 times the time and moved no figure beyond
    # chance: 400 games each, mean length 106.4 against 106.3 flicks (standard error 2), knight flicks
    # per gate 3.77 against 3.80 (standard error 0.03).
    step: float = 1 / 240
    # Near a contact, a step in which a coin would move more than this (mm) is split into equal parts
    # so that none does: Chipmunk finds a contact only once shapes overlap and then parts them softly,
    # so a whole step of a fast coin could end up to 10 mm inside a post. With 0.4 mm, no coin sinks
    # more than half a millimetre into a tile or a coin (bench/bench_croquetnole_overlap.py); only the
    # steps that meet something are split, some 1 % of a game's steps. math.inf: never split.
    contact_step: float = 0.4
    # A coin slower than this (mm/s) has stopped: it would slide less than 0.2 mm more.
    rest: float = 10.0
    # Simulated seconds a flick may last at most: a flick stops in well under 2 s at the strongest.
    longest: float = 6.0
    # Not physics but how it is computed: step coins sliding in the clear without pymunk (glide.py),
    # with the same results to the last bit and 2 to 3 times faster a game; False only for the tests.
    glide: bool = True

    @property
    def deceleration(self) -> float:
        return self.mu * G

    def speed_for(self, distance: float) -> float:
        """The speed a lone coin needs to slide `distance` mm and stop (v^2 = 2 a d)."""
        return math.sqrt(2 * self.deceleration * max(distance, 0.0))


@dataclass
class Outcome:
    """What one flick did, in the order it happened. `events` holds
    ('touch', coin, coin) when two coins begin touching (the first named the one that was moving
    faster), ('hit', coin, tile_id) when a coin strikes a tile, ('cross', coin, kind, castle, +1/-1)
    when a coin's centre crosses a gate or door line of a castle (+1 inwards), and ('off', coin, point)
    when a coin's centre passes the table's edge (it has been put back at `point`)."""

    events: list[tuple] = field(default_factory=list)
    steps: int = 0
    timed_out: bool = False
    path: dict[str, list[Point]] = field(default_factory=dict)


class World:
    """The pymunk space of one game: fixed tiles, the coins now on the table.

    While no contact is open anywhere, the coins in motion glide (glide.py): stepped in plain Python,
    to the last bit as pymunk would step them, and handed back to pymunk a millimetre before one could
    touch anything; Physics(glide=False) steps everything in pymunk (the tests compare the two).
    Collision pairs are found with pymunk's spatial hash rather than its default tree: the hash is
    rebuilt from the bodies' positions every step, so the order in which it finds pairs (the order
    pymunk's solver takes simultaneous contacts in, which rounds differently) does not depend on
    which steps were taken in pymunk; with the tree, a glide would change the last bits of a
    three-coin knock and so the game after it.
    """

    def __init__(self, court: Court, physics: Physics | None = None, record: bool = False) -> None:
        self.court = court
        self.physics = physics or Physics()
        self.record = record
        # Contacts now open (pymunk's begin less its separate callbacks), and the step of the last
        # separation: pymunk keeps a parted pair's contact for `collision_persistence` steps (to
        # warm-start it if they meet again), so a glide waits until those have passed.
        self._touching = 0
        self._parted = -1_000_000
        self._stamp = 0
        self._last_part = self.physics.step     # the last time step given to pymunk (World._step)
        self._fresh = False                     # a contact began in it
        self.space = pymunk.Space()
        self.space.iterations = 10
        # a contact is forgotten on the step its coins part (not kept three steps to warm-start a
        # second meeting, which coins sliding apart do not have): a glide may start the step after
        self.space.collision_persistence = 1
        self.space.use_spatial_hash(court.coin, 100)       # cells a coin wide; ~10 per body
        self.coins: dict[str, pymunk.Body] = {}
        self._shape_owner: dict[pymunk.Shape, str] = {}
        self._events: list[tuple] = []
        self.blocked = False            # the last glide stopped short of a tile or a coin
        self._moving: dict[str, pymunk.Body] = {}
        self.lines: list[tuple[str, int, Line, tuple[float, float, float, float]]] = []
        for index, castle in enumerate(court.castles):
            for kind, line in (("gate", castle.gate), ("door", castle.door)):
                box = (min(line.a[0], line.b[0]), min(line.a[1], line.b[1]),
                       max(line.a[0], line.b[0]), max(line.a[1], line.b[1]))
                self.lines.append((kind, index, line, box))
        self.line_boxes = [(*box, entry) for entry in self.lines for box in (entry[3],)]
        static = self.space.static_body
        for tile_id, (x0, y0, x1, y1) in court.tiles:
            shape = pymunk.Poly(static, [(x0, y0), (x1, y0), (x1, y1), (x0, y1)])
            shape.elasticity = self.physics.tile_bounce / math.sqrt(self.physics.coin_bounce)
            shape.friction = 0.0
            shape.collision_type = TILE
            self.space.add(shape)
            self._shape_owner[shape] = tile_id
        self.solids = [rect for _, rect in court.tiles]
        self.space.on_collision(COIN, COIN, begin=self._touch, pre_solve=self._contact, separate=self._part)
        self.space.on_collision(COIN, TILE, begin=self._hit, separate=self._part)

    # --- coins ------------------------------------------------------------------------------------

    def place(self, coin: str, at: Point) -> None:
        """Put a coin down (or move it) at rest at `at`."""
        body = self.coins.get(coin)
        if body is None:
            body = pymunk.Body(self.physics.mass, math.inf)
            shape = pymunk.Circle(body, self.court.radius)
            shape.elasticity = math.sqrt(self.physics.coin_bounce)
            shape.friction = 0.0
            shape.collision_type = COIN
            self.space.add(body, shape)
            self.coins[coin] = body
            self._shape_owner[shape] = coin
        body.position = at
        body.velocity = (0.0, 0.0)
        self.space.reindex_shapes_for_body(body)

    def lift(self, coin: str) -> None:
        """Take a coin off the table (a prisoner on a tower, a knight resting on its own)."""
        body = self.coins.pop(coin, None)
        if body is not None:
            for shape in list(body.shapes):
                self._shape_owner.pop(shape, None)
            self.space.remove(body, *body.shapes)

    def at(self, coin: str) -> Point:
        v = _lib.cpBodyGetPosition(self.coins[coin]._body)
        return v.x, v.y

    def energy(self) -> float:
        """The coins' kinetic energy (g mm^2/s^2): for the test that no collision makes any."""
        return sum(0.5 * b.mass * b.velocity.length_squared for b in self.coins.values())

    # --- collisions -------------------------------------------------------------------------------

    def _part(self, arbiter: pymunk.Arbiter, space: pymunk.Space, data: object) -> None:
        self._touching -= 1
        self._parted = self._stamp

    def _touch(self, arbiter: pymunk.Arbiter, space: pymunk.Space, data: object) -> None:
        self._touching += 1
        self._fresh = True
        first, second = arbiter.shapes
        a, b = self._shape_owner[first], self._shape_owner[second]
        va, vb = _velocity(self.coins[a]._body), _velocity(self.coins[b]._body)
        if vb[0] ** 2 + vb[1] ** 2 > va[0] ** 2 + va[1] ** 2:          # as pymunk's length_squared
            a, b = b, a
        self._events.append(("touch", a, b))

    def _contact(self, arbiter: pymunk.Arbiter, space: pymunk.Space, data: object) -> None:
        """Coins in contact (new or lasting) may be pushed: both are watched while the flick lasts."""
        for shape in arbiter.shapes:
            name = self._shape_owner[shape]
            self._moving[name] = self.coins[name]

    def _hit(self, arbiter: pymunk.Arbiter, space: pymunk.Space, data: object) -> None:
        self._touching += 1
        self._fresh = True
        first, second = arbiter.shapes
        coin, tile = (first, second) if first.collision_type == COIN else (second, first)
        self._events.append(("hit", self._shape_owner[coin], self._shape_owner[tile]))

    # --- a flick ----------------------------------------------------------------------------------

    def flick(self, coin: str, angle: float, speed: float) -> Outcome:
        """Send `coin` off at `speed` mm/s towards `angle` (radians, 0 = +x, pi/2 = +y, down the table)
        and step the world until every coin has stopped (or `longest` seconds, reported)."""
        ph = self.physics
        dt, slow, rest2 = ph.step, ph.deceleration * ph.step, ph.rest * ph.rest
        fast = ph.contact_step / dt         # a coin slower than this moves under contact_step a step
        body = self.coins[coin]
        body.velocity = (speed * math.cos(angle), speed * math.sin(angle))
        self._events = []
        out = Outcome(self._events)
        # Only the coins in motion are read each step: the flicked coin, and every coin a contact
        # touches (the collision callbacks add them). Before stopping, every coin is looked at once
        # more, in case one was set moving unseen. Bodies are read and written through Chipmunk's own
        # functions (pymunk's properties build a vector object each time: several times the cost).
        moving = self._moving
        moving.clear()
        moving[coin] = body
        if self.record:
            out.path = {name: [self.at(name)] for name in self.coins}
        limit = int(ph.longest / dt)
        quiet = self.space.collision_persistence - 1
        wait = 0
        space = self.space._space
        # Where each coin in motion was left by the last step (read once a step, not twice); a coin
        # that stops is forgotten, since pymunk may then move it unseen (a resting contact).
        seen: dict[str, Point] = {}
        while True:
            if not moving:
                moving.update((name, b) for name, b in self.coins.items() if _velocity(b._body) != (0.0, 0.0))
                if not moving:
                    break
            if out.steps >= limit:
                out.timed_out = True
                for b in moving.values():
                    _set_velocity(b._body, (0.0, 0.0))
                break
            # With no contact anywhere the coins in motion glide (glide.py); when one is about to touch
            # something, pymunk steps twice before a glide is tried again (a look costs some microseconds).
            if ph.glide and self._touching == 0 and self._stamp - self._parted > quiet and self._stamp >= wait:
                if glide(self, out, limit):
                    seen.clear()
                    if self.blocked:            # within reach of something: pymunk's turn
                        wait = self._stamp + 2
                    continue
                wait = self._stamp + 2
            before = [(name, b, seen.get(name) or _position(b._body)) for name, b in moving.items()]
            self._step(space, dt, fast)
            self._stamp += 1
            out.steps += 1
            _rub(moving, seen, slow, rest2)
            self._after_step(out, before, seen)
        if self._touching:
            self._settle()
        return out

    def _step(self, space: object, dt: float, fast: float) -> None:
        """One step of `dt` in pymunk; in parts when a coin faster than `fast` would touch something
        in it (contact.py): one up to the first touch, then equal parts (two at least) that carry no
        coin further than `contact_step`. While a contact is open a part is at most twice the last
        one, and no longer when a contact began in the last: Chipmunk warm-starts an open contact
        with its last impulse times the ratio of the new step to the last and can take back only
        that impulse, so a step much longer than the last would add energy (measured: with whole
        steps right after the parts, a three-coin knock gained 0.7 %; with these rules no step of
        40 games gained any). Whether a contact is open, how long the last part was and whether a
        contact began in it are the same with and without the glide (which runs only while no
        contact is open), so games agree to the last bit either way."""
        fastest, first = contact_ahead(self, dt, fast)
        cap = (self._last_part if self._fresh else 2 * self._last_part) if self._touching else dt
        if not fastest and cap >= dt:
            self._fresh = False
            _space_step(space, dt)
            self._last_part = dt
            return
        # at least two parts after the first touch, so that the contact begins in the one before the
        # last (usually): the next step need not then be cut as fine (below)
        count = max(math.ceil((dt - first) * fastest / self.physics.contact_step), 2) if fastest else 1
        part = (dt - first) / count
        if first < part or first > cap or part > cap:
            first = 0.0
            count = max(math.ceil(dt * fastest / self.physics.contact_step), math.ceil(dt / cap))
            part = dt / count
        if first:
            _space_step(space, first)
        for _ in range(count - 1):
            _space_step(space, part)
        self._fresh = False
        _space_step(space, part)
        self._last_part = part

    def _settle(self) -> None:
        """Every coin has stopped, some still touching a tile or a coin: each is set clear of what it
        touches, along the contact's normal. Chipmunk leaves touching bodies overlapping by up to its
        collision slop (0.1 mm) and keeps their contact open for as long as they lie so; an open
        contact keeps the glide off for the whole of the next flick, so that every step of it
        would be a pymunk step. A coin moved a tenth of a millimetre is far below what a flick
        controls; the next step parts the contacts (their separate callbacks run)."""
        for body in self.coins.values():
            self.space.reindex_shapes_for_body(body)
        for body in self.coins.values():
            for shape in body.shapes:
                for hit in self.space.shape_query(shape):
                    points = hit.contact_point_set.points
                    if not points:
                        continue
                    depth = min(point.distance for point in points)
                    if depth > 0.0:
                        continue
                    nx, ny = hit.contact_point_set.normal
                    x, y = body.position
                    body.position = (x + nx * (depth - SETTLE), y + ny * (depth - SETTLE))
                    self.space.reindex_shapes_for_body(body)

    def _after_step(self, out: Outcome, before: list[tuple[str, pymunk.Body, Point]], seen: dict[str, Point]) -> None:
        """One pymunk step's gate and door crossings and coins off the table, read from where each
        coin in motion was before it and is now."""
        moving = self._moving
        width, height, radius = self.court.width, self.court.height, self.court.radius
        for name, b, p in before:
            v = _lib.cpBodyGetPosition(b._body)
            qx, qy = v.x, v.y
            px, py = p[0], p[1]
            if name in moving:
                seen[name] = (qx, qy)
            lo_x, hi_x = (px, qx) if px < qx else (qx, px)
            lo_y, hi_y = (py, qy) if py < qy else (qy, py)
            for x0, y0, x1, y1, (kind, index, line, _) in self.line_boxes:
                if hi_x < x0 or lo_x > x1 or hi_y < y0 or lo_y > y1:
                    continue
                way = line.crossing((px, py), (qx, qy))
                if way:
                    self._events.append(("cross", name, kind, index, way))
            if not (0.0 <= qx <= width and 0.0 <= qy <= height):
                spot = edge_point((px, py), (qx, qy), width, height, radius)
                b.position = spot
                b.velocity = (0.0, 0.0)
                moving.pop(name, None)
                seen.pop(name, None)
                self.space.reindex_shapes_for_body(b)
                self._events.append(("off", name, spot))
            if self.record:
                out.path[name].append((qx, qy) if name in moving else self.at(name))


def _position(body: object) -> Point:
    v = _lib.cpBodyGetPosition(body)
    return v.x, v.y


def _velocity(body: object) -> Point:
    v = _lib.cpBodyGetVelocity(body)
    return v.x, v.y


def _rub(moving: dict[str, pymunk.Body], seen: dict[str, Point], slow: float, rest2: float) -> None:
    """Sliding friction for one step: each coin in motion loses `slow` of its speed, keeping its
    direction; one at resting speed stops and is forgotten (pymunk may then move it unseen)."""
    for name, b in list(moving.items()):
        v = _lib.cpBodyGetVelocity(b._body)
        vx, vy = v.x, v.y
        s2 = vx * vx + vy * vy
        if s2 < rest2 or s2 <= slow * slow:
            if vx or vy:
                _set_velocity(b._body, (0.0, 0.0))
            del moving[name]
            seen.pop(name, None)
        else:
            s = math.sqrt(s2)
            k = (s - slow) / s
            _set_velocity(b._body, (vx * k, vy * k))
