"""One game of Castle Croquetnole between bots: the turn order, each coin played with its bonus
flicks, and what the report needs to know about it.

Turn order as the sheet says: Moons first, then clockwise. On a player's first turn the knight is
set down at its starting spot (the layout's, within a coin-width of its tower) and played, then the
guard; afterwards the knight is played if it is free, then the guard, either left unplayed when the
bot has nothing for it to do. A knight freed from prison rests on its tower until its player's next
turn and starts that turn at its starting spot. A croquet is taken as `croquet_kind` says: the
knight placed by its guard (kind 2) at once, or the next stroke a tight croquet (kind 4).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass, field

from printgen.games.croquetnole.bots import croquet_spot, guard_goal, home_goal, knight_goal, nudge_goal
from printgen.games.croquetnole.hand import Hand
from printgen.games.croquetnole.nav import Goal, Navigator
from printgen.games.croquetnole.physics import Outcome, Physics, World
from printgen.games.croquetnole.rules import GUARD, HAND, KNIGHT, RESTING, TABLE, Rules, State, Turn, apply, new_state
from printgen.games.croquetnole.table import Court, Point

# How far past a tower's face a flick meant to hit it is aimed to carry (mm): it arrives moving.
STRIKE = 40.0
# The gap (mm) left between a knight set down "in contact" with its guard and the guard: touching
# to the eye, not overlapping for the physics (an overlap would be pushed apart as a collision).
CONTACT = 0.05


@dataclass
class GameResult:
    winner: int | None                 # None: unfinished after the round limit
    flicks: int
    turns: int
    rounds: int
    flicks_by_seat: list[int]
    counts: Counter
    to_score: dict[str, list[int]]     # knight flicks it took to score each kind of target
    paths: list[tuple[str, list[Point]]] = field(default_factory=list)   # with record=True
    timeouts: int = 0                  # flicks stopped at the physics' time limit


@dataclass
class Setup:
    """Everything a game is played with besides the random seed."""

    court: Court
    physics: Physics = field(default_factory=Physics)
    rules: Rules = field(default_factory=Rules)
    hands: tuple[Hand, ...] = ()
    strategies: tuple[str, ...] = ()
    navigator: Navigator | None = None

    def nav(self) -> Navigator:
        if self.navigator is None:
            self.navigator = Navigator(self.court)
        return self.navigator


def _speed(setup: Setup, distance: float, goal: Goal, final: bool) -> float:
    extra = STRIKE if final and goal.hit else 0.0
    return setup.physics.speed_for(distance + extra)


def play(setup: Setup, seed: int, record: bool = False) -> GameResult:
    court = setup.court
    seats = len(court.castles)
    hands = setup.hands or (Hand(),) * seats
    strategies = setup.strategies or ("defensive",) * seats
    rng = random.Random(seed)
    world = World(court, setup.physics, record)
    state = new_state(court)
    for castle in court.castles:
        world.place(castle.guard_id, castle.guard_start)
    game = GameResult(None, 0, 0, 0, [0] * seats, state.counts, {})
    for round_no in range(setup.rules.rounds):
        game.rounds = round_no + 1
        for seat in range(seats):
            game.turns += 1
            _turn(setup, world, state, seat, hands[seat], strategies[seat], rng, game)
            if state.winner is not None:
                game.winner = state.winner
                return game
    state.counts["unfinished (round limit)"] += 1
    return game


def _turn(setup: Setup, world: World, state: State, seat: int, hand: Hand, strategy: str,
          rng: random.Random, game: GameResult) -> None:
    castle = setup.court.castles[seat]
    knight = state.knight(seat)
    if knight.where in (HAND, RESTING):
        knight.where, knight.inside = TABLE, seat
        world.place(knight.id, castle.knight_start)
    if knight.where == TABLE:
        _play_coin(setup, world, state, knight.id, hand, strategy, rng, game)
    if state.winner is None and state.guard(seat).where == TABLE:
        _play_coin(setup, world, state, castle.guard_id, hand, strategy, rng, game)


def _play_coin(setup: Setup, world: World, state: State, cid: str, hand: Hand, strategy: str,
               rng: random.Random, game: GameResult) -> None:
    coin = state.coins[cid]
    player = state.players[coin.owner]
    nav = setup.nav()
    turn = Turn(struck=state.barred(cid) if setup.rules.struck == "scored" else set())
    taken = 0
    tight = False               # the next stroke is a tight croquet (kind 4)
    while turn.remaining > 0 and coin.where == TABLE and state.winner is None:
        if taken >= setup.rules.per_coin:
            state.counts["turn stopped at the flick limit"] += 1
            break
        at = world.at(cid)
        stroke = _tight_croquet(setup, world, state, coin.owner, hand, rng) if tight else None
        tight = False
        if stroke is not None:
            out, at = stroke
        elif coin.role == KNIGHT:
            if waits_for_guard(state, coin.owner):
                state.counts["knight held back: its guard is not on duty for the home tower"] += 1
                break
            goal: Goal | None = knight_goal(state, coin.owner, at)
        else:
            where = {name: world.at(name) for name in world.coins}
            goal = guard_goal(state, coin.owner, where, strategy, turn)
            if goal is None and taken == 0:
                if setup.rules.guard == "must":        # the other reading: the guard plays every turn
                    goal = nudge_goal(state, coin.owner, at)
                else:
                    state.counts["guard left unplayed"] += 1
        if stroke is None:
            if goal is None:
                break
            aim, final = nav.next_leg(at, goal)
            distance = math.dist(at, aim)
            angle = math.atan2(aim[1] - at[1], aim[0] - at[0])
            angle, speed = hand.flick(rng, angle, _speed(setup, distance, goal, final))
            out = world.flick(cid, angle, speed)
        taken += 1
        game.flicks += 1
        game.flicks_by_seat[coin.owner] += 1
        game.timeouts += out.timed_out
        if coin.role == KNIGHT:
            player.since += 1
        if out.path:
            game.paths += [(name, points) for name, points in out.path.items() if len(points) > 1]
        result = apply(state, world, cid, at, out, turn)
        for label in result.scored:
            game.to_score.setdefault(label, []).append(player.since)
            player.since = 0
        turn.remaining = 0 if result.lost else turn.remaining - 1 + flicks_earned(setup.rules, result.bonus)
        if result.croquet and coin.where == TABLE and state.winner is None:
            kind = croquet_kind(setup.rules.croquet, state, coin.owner)
            if kind == "placed":
                _place_for_croquet(setup, world, state, coin.owner)
            tight = kind == "tight"
    if coin.role == GUARD:
        state.counts["guard turns played"] += 1


def flicks_earned(rules: Rules, bonus: list[int]) -> int:
    """The bonus flicks one flick earns from the grants it met: all of them added up (-O bonus=add, the
    sheet's clarification) or only the largest (-O bonus=max)."""
    return sum(bonus) if rules.bonus == "add" else max(bonus, default=0)


def waits_for_guard(state: State, seat: int) -> bool:
    """Does the knight hold back this turn: its next target is its own tower, and its guard is not on
    duty? Striking the tower then wins nothing (the sheet's win needs the guard on duty) and only
    knocks the knight about, so a player leaves it where it is (the sheet lets either coin go
    unplayed) until the guard, which heads home as soon as the knight does, is back in."""
    kind, castle = state.players[seat].target
    return kind == "tower" and castle == seat and not state.on_duty(state.guard(seat))


def croquet_kind(rule: str, state: State, seat: int) -> str:
    """The croquet the bot takes ('two', 'placed' or 'tight'): `rule` is -O croquet; 'choose' (the
    default) takes a tight croquet to drive the guard home when the knight is heading home (the win
    needs the guard on duty), else the placed one."""
    if rule != "choose":
        return rule
    heading_home = state.players[seat].target[1] == seat
    return "tight" if heading_home and not state.on_duty(state.guard(seat)) else "placed"


def _free_spot(setup: Setup, world: World, knight: str, spot: Point) -> bool:
    """May the knight be set down at `spot`: on the table, clear of tiles and other coins, and not
    carried across a gate line by being set down?"""
    court = setup.court
    r = court.radius
    if not (r <= spot[0] <= court.width - r and r <= spot[1] <= court.height - r):
        return False
    if any(x0 - r < spot[0] < x1 + r and y0 - r < spot[1] < y1 + r for _, (x0, y0, x1, y1) in court.tiles):
        return False
    if any(name != knight and math.dist(world.at(name), spot) < court.coin for name in world.coins):
        return False
    return not any(castle.gate.crossing(world.at(knight), spot) for castle in court.castles)


def _place_for_croquet(setup: Setup, world: World, state: State, seat: int) -> None:
    """Croquet kind 2: set the knight down by its guard towards its next leg, if the spot is free."""
    knight, guard = state.knight(seat), state.guard(seat)
    guard_at = world.at(guard.id)
    goal = knight_goal(state, seat, world.at(knight.id))
    aim, _ = setup.nav().next_leg(guard_at, goal)
    spot = croquet_spot(state, seat, guard_at, aim)
    if _free_spot(setup, world, knight.id, spot):
        world.place(knight.id, spot)
        state.counts["croquet: knight placed by its guard"] += 1


def _tight_croquet(setup: Setup, world: World, state: State, seat: int, hand: Hand,
                   rng: random.Random) -> tuple[Outcome, Point] | None:
    """Croquet kind 4, the knight's stroke: the knight set down touching its guard on the far side
    from the guard's way home, held, and flicked so that only the guard moves, towards its own gate
    (inwards, back on duty). Played as the guard sent off by the hand's flick while the knight stays
    put; the rules read it as the knight's stroke. None (a plain stroke instead) when the spot
    behind the guard is not free."""
    knight, guard = state.knight(seat), state.guard(seat)
    if guard.where != TABLE or state.on_duty(guard):       # the strike itself may have sent it home
        return None
    guard_at = world.at(guard.id)
    goal = home_goal(state, seat)
    aim, final = setup.nav().next_leg(guard_at, goal)
    distance = math.dist(guard_at, aim)
    if distance == 0.0:
        return None
    ux, uy = (aim[0] - guard_at[0]) / distance, (aim[1] - guard_at[1]) / distance
    gap = setup.court.coin + CONTACT
    spot = (guard_at[0] - ux * gap, guard_at[1] - uy * gap)
    if not _free_spot(setup, world, knight.id, spot):
        return None
    world.place(knight.id, spot)
    state.counts["croquet: tight, the guard driven home"] += 1
    angle, speed = hand.flick(rng, math.atan2(uy, ux), _speed(setup, distance, goal, final))
    return world.flick(guard.id, angle, speed), spot
