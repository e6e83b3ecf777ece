"""What a bot flicks at: its knight's next target in the raid sequence, and its guard by one of the
seed's two strategies.

Defensive: the guard stays on duty just inside the middle of its own gate, takes an invading knight
prisoner when one is in the castle, and goes (round the outside, still on duty) to the tower where its
own knight is held. Offensive: the guard leaves by its own gate and keeps close to its knight (the
knight then earns croquets off it), comes home when the knight heads home (it must be on duty for
the win), and rescues as the defensive guard does. Either strategy's guard also plays the seed's
tactics where they apply (`tactic`: out of its gate and back in for the bonus flicks, freeing its
own prisoner before the rescuer strikes).
"""

from __future__ import annotations

import math

from printgen.games.croquetnole.nav import Goal
from printgen.games.croquetnole.rules import KNIGHT, PRISON, TABLE, Coin, State, Turn
from printgen.games.croquetnole.table import Line, Point

STRATEGIES = ("defensive", "offensive")
# How far past a line a coin is sent (beyond its radius): far enough that a slightly short flick
# still crosses, short enough that it does not roll on into the next tile.
BEYOND = 22.0
# The seed's tactics: an invader farther than this many coin-widths from the on-duty guard is reached
# by stepping out and back in; a rescuer within this many tile-widths of the tower has "nearly
# reached" it.
OUT_AND_IN = 4.0
NEARLY = 2.5


def _past(line: Line, way: int, radius: float) -> Point:
    mx, my = line.middle
    return mx + line.normal[0] * way * (radius + BEYOND), my + line.normal[1] * way * (radius + BEYOND)


def _gate(state: State, castle: int, way: int) -> Goal:
    line = state.court.castles[castle].gate
    return Goal(_past(line, way, state.court.radius), (castle, "gate", way))


def _side(line: Line, p: Point) -> int:
    return 1 if (p[0] - line.a[0]) * line.normal[0] + (p[1] - line.a[1]) * line.normal[1] >= 0 else -1


def knight_goal(state: State, seat: int, at: Point) -> Goal:
    """The knight's next target; first out of the castle it stands in when the target lies elsewhere."""
    knight = state.knight(seat)
    kind, castle = state.players[seat].target
    court = state.court
    if knight.inside is not None and not (castle == knight.inside and kind in ("door", "tower", "out")):
        return _gate(state, knight.inside, -1)
    if kind == "in":
        return _gate(state, castle, 1)
    if kind == "out":
        return _gate(state, castle, -1)
    if kind == "door":
        line = court.castles[castle].door
        way = -_side(line, at)
        return Goal(_past(line, way, court.radius), (castle, "door", way))
    x0, y0, x1, y1 = court.castles[castle].tower
    return Goal(((x0 + x1) / 2, (y0 + y1) / 2), tile=court.castles[castle].tower_id, hit=True)


def home_goal(state: State, seat: int) -> Goal:
    """The guard's way back on duty: in by its own gate."""
    return _gate(state, seat, 1)


def _post(state: State, seat: int) -> Point:
    """The defensive guard's spot: just inside the middle of its own gate."""
    line = state.court.castles[seat].gate
    return _past(line, 1, state.court.radius * 1.5)


def _rescue(state: State, guard: Coin, held: int) -> Goal:
    if not state.on_duty(guard):
        return _gate(state, guard.owner, 1)
    castle = state.court.castles[held]
    x0, y0, x1, y1 = castle.tower
    return Goal(((x0 + x1) / 2, (y0 + y1) / 2), tile=castle.tower_id, hit=True)


def _invaders(state: State, seat: int) -> list[Coin]:
    return [c for c in state.coins.values()
            if c.role == KNIGHT and c.owner != seat and c.where == TABLE and c.inside == seat]


def _holds(state: State, seat: int) -> list[Coin]:
    return [c for c in state.coins.values() if c.where == PRISON and c.prison == seat]


def _stepping_in(state: State, seat: int, where: dict[str, Point], at: Point) -> Goal:
    """Back in by its own gate, as close to the nearest invader as the route allows (the seed's
    'play the guard back in, as close as possible to the invading knight')."""
    line = state.court.castles[seat].gate
    invaders = _invaders(state, seat)
    if not invaders:
        return _gate(state, seat, 1)
    target = min((where[c.id] for c in invaders), key=lambda p: math.dist(p, at))
    gap = math.dist(line.middle, target)
    if gap < state.court.coin * 3:
        return _gate(state, seat, 1)
    k = (gap - state.court.coin * 1.5) / gap
    spot = (line.middle[0] + (target[0] - line.middle[0]) * k, line.middle[1] + (target[1] - line.middle[1]) * k)
    return Goal(spot, (seat, "gate", 1))


def tactic(state: State, seat: int, where: dict[str, Point], turn: Turn) -> tuple[Goal, str] | None:
    """The seed's guard tactics (its "Strategy" and "Miscellaneous"), for either strategy, with the
    name they are counted under; None when none applies.

    - Out and back in: an on-duty guard with an invader in its castle farther than OUT_AND_IN steps
      out of its gate and back in near the invader, each passage a bonus flick, then strikes it from
      close by; not while its castle holds a prisoner (going off duty would free it).
    - Freeing one's own prisoner: when a prisoner's own guard (the rescuer) is within NEARLY of this
      castle's tower, and this player's knight is raiding that prisoner's castle next, the guard
      steps out and back in: the prisoner goes free before the rescuer strikes, so the rescuer is
      not sent home by the rescue and must walk back to guard its castle.
    The guard's second step (back in) is the turn's own: once out this turn, it comes back in."""
    guard = state.guard(seat)
    court = state.court
    at = where[guard.id]
    if turn.stepped_out and not turn.came_in and guard.inside is None and guard.where == TABLE:
        return _stepping_in(state, seat, where, at), ""
    if not state.on_duty(guard) or turn.went_out:
        return None
    held = _holds(state, seat)
    invaders = _invaders(state, seat)
    if invaders and not held and min(math.dist(where[c.id], at) for c in invaders) > OUT_AND_IN * court.coin:
        turn.stepped_out = True
        return _gate(state, seat, -1), "tactic: guard out and back in to reach an invader"
    x0, y0, x1, y1 = court.castles[seat].tower
    tower = ((x0 + x1) / 2, (y0 + y1) / 2)
    for prisoner in held:
        rescuer = state.guard(prisoner.owner)
        if rescuer.where != TABLE or not state.on_duty(rescuer) or rescuer.id not in where:
            continue
        raiding = state.players[seat].target[1] == prisoner.owner
        if raiding and math.dist(where[rescuer.id], tower) < NEARLY * court.tile:
            turn.stepped_out = True
            return _gate(state, seat, -1), "tactic: own prisoner freed before its rescuer strikes"
    return None


def guard_goal(state: State, seat: int, where: dict[str, Point], strategy: str,
               turn: Turn | None = None) -> Goal | None:
    """Where the guard goes this flick, or None to leave it where it is. `where`: the coins on the
    table and their places; `turn`: the guard's turn so far (the tactics need it)."""
    guard = state.guard(seat)
    knight = state.knight(seat)
    court = state.court
    at = where[guard.id]
    knight_at = where.get(knight.id)
    if knight.where == PRISON and knight.prison is not None:
        return _rescue(state, guard, knight.prison)
    if turn is not None:
        chosen = tactic(state, seat, where, turn)
        if chosen is not None:
            if chosen[1]:
                state.counts[chosen[1]] += 1
            return chosen[0]
    if state.on_duty(guard):
        for coin in _invaders(state, seat):     # an invader in the castle: take it prisoner
            return Goal(where[coin.id], hit=True)
    heading_home = state.players[seat].target[1] == seat
    if strategy == "defensive" or heading_home or knight_at is None:
        if not state.on_duty(guard):
            return _gate(state, seat, 1)
        post = _post(state, seat)
        return None if math.dist(at, post) < court.coin else Goal(post)
    if state.on_duty(guard):
        return _gate(state, seat, -1)
    gap = math.dist(at, knight_at)
    if gap < court.coin * 3:
        return None
    # stop a coin and a half short of the knight, on the line from the guard to it
    k = (gap - court.coin * 1.5) / gap
    return Goal((at[0] + (knight_at[0] - at[0]) * k, at[1] + (knight_at[1] - at[1]) * k))


def nudge_goal(state: State, seat: int, at: Point) -> Goal:
    """A guard that must play but has nothing to do: a short flick a coin-width along its gate's
    line, away from the gate's middle (it stays on its side of the gate)."""
    line = state.court.castles[seat].gate
    ux, uy = line.b[0] - line.a[0], line.b[1] - line.a[1]
    length = math.hypot(ux, uy) or 1.0
    side = 1 if (at[0] - line.middle[0]) * ux + (at[1] - line.middle[1]) * uy < 0 else -1
    step = state.court.coin * side / length
    return Goal((at[0] + ux * step, at[1] + uy * step))


def croquet_spot(state: State, seat: int, guard_at: Point, towards: Point) -> Point:
    """Croquet kind 2: the knight set down within a coin-width of its guard, on the side of where it
    goes next (centres 1.9 coin-widths apart: a gap of 0.9 coin-width)."""
    dx, dy = towards[0] - guard_at[0], towards[1] - guard_at[1]
    length = math.hypot(dx, dy) or 1.0
    d = state.court.coin * 1.9
    return guard_at[0] + dx / length * d, guard_at[1] + dy / length * d

