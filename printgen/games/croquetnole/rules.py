"""The seed's rules applied to what a flick did: castles entered and left, gates, doors and towers
scored in sequence, prisoners taken and set free, bonus flicks, and the two penalties.

The physics (physics.py) reports what happened in order: coins crossing gate and door lines,
coins touching, coins hitting tiles, coins falling off. This module reads those events as the rule
sheet does (decks/piecepack/rules/croquetnole.md, with its clarifications) and changes the game's
state; it never moves a coin itself except as a rule says (a prisoner lifted onto a tower, a
rescuer sent home, a coin put back after an illegal gate).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from printgen.files.errors import UserError
from printgen.games.croquetnole.physics import Outcome, World
from printgen.games.croquetnole.table import Court, Point

KNIGHT, GUARD = "knight", "guard"
# Where a coin is: on the table, on a tower as a prisoner, resting on its own tower after release,
# or still in its player's hand (a knight before its first turn).
TABLE, PRISON, RESTING, HAND = "table", "prison", "resting", "hand"


@dataclass(frozen=True)
class Rules:
    # Bonus flicks earned by one flick: 'add' counts every condition of the seed's table that the
    # flick met (the table lists each as its own grant); 'max' gives only the largest, as real croquet
    # lets one stroke earn one continuation.
    bonus: str = "add"
    # The croquet the bot takes when its knight hits its own off-duty guard: 'two' (kind 1, two bonus
    # flicks), 'placed' (kind 2: the knight is set down within a coin-width of the guard, on the side
    # of its next target, then two bonus flicks), 'tight' (kind 4: the knight set down touching the
    # guard and held while the guard is driven towards its own gate, then one more flick), or
    # 'choose': tight when the knight is heading home (its guard must be back on duty for the win),
    # else placed. Kinds 3 and 5 (loose; nudge-and-drive) send both coins off at once, which the
    # bot's one-coin route planning cannot aim (docs/croquetnole.md).
    croquet: str = "choose"
    # The sheet lets either coin go unplayed ('may'); the other reading of the seed makes the guard
    # play every turn ('must': a guard with nothing to do is nudged a coin-width).
    guard: str = "may"
    # How long a coin that struck another for two bonus flicks is barred from earning them off that
    # coin again (the seed: "may not strike the same coin again, unless it scores ... first"): 'turn',
    # the sheet's clarification, for the rest of that turn unless it scores (croquet's own rule); or
    # 'scored', until it scores however many turns that takes (a guard, which never scores, for good).
    struck: str = "turn"
    # A safety net, not a rule: flicks one coin may take in one turn (bonus flicks can chain).
    per_coin: int = 40
    # Rounds before a game is called unfinished (reported as such, never as a win).
    rounds: int = 400

    def __post_init__(self) -> None:
        if self.bonus not in ("add", "max"):
            raise UserError(f"bonus={self.bonus}: bonus flicks are 'add' (every condition met counts) or 'max'",
                            hint="-O bonus=add or -O bonus=max")
        if self.guard not in ("may", "must"):
            raise UserError(f"guard={self.guard}: the guard 'may' be left unplayed, or 'must' play every turn",
                            hint="-O guard=must")
        if self.struck not in ("turn", "scored"):
            raise UserError(f"struck={self.struck}: a coin struck is barred for the rest of the 'turn' or until the "
                            f"striker has 'scored'", hint="-O struck=turn or -O struck=scored")
        if self.croquet not in ("choose", "two", "placed", "tight"):
            raise UserError(f"croquet={self.croquet}: the bot takes croquet 'two' (kind 1), 'placed' (kind 2), "
                            f"'tight' (kind 4) or 'choose' (tight heading home, else placed)",
                            hint="-O croquet=choose or -O croquet=placed")


@dataclass
class Coin:
    id: str
    owner: int
    role: str
    inside: int | None          # the castle the coin is within (None: the Wasteland)
    where: str = TABLE
    prison: int | None = None   # the castle holding it prisoner


@dataclass
class Player:
    seat: int
    plan: list[tuple[str, int]]   # ('in' | 'door' | 'tower' | 'out', castle) in order, home last
    step: int = 0
    since: int = 0                # knight flicks since its last score

    @property
    def target(self) -> tuple[str, int]:
        return self.plan[min(self.step, len(self.plan) - 1)]


@dataclass
class Turn:
    """What one coin's turn remembers: flicks left, coins it has struck since it last scored (no
    second bonus for those), and whether a guard has had its gate bonus going out and coming in."""

    remaining: int = 1
    struck: set[str] = field(default_factory=set)
    went_out: bool = False
    came_in: bool = False
    stepped_out: bool = False     # a guard's tactic took it out of its gate this turn: it comes back in


@dataclass
class Result:
    bonus: list[int] = field(default_factory=list)
    lost: bool = False              # the flicked coin's other flicks are gone (off the table, illegal)
    croquet: bool = False
    scored: list[str] = field(default_factory=list)


@dataclass
class State:
    court: Court
    coins: dict[str, Coin]
    players: list[Player]
    counts: Counter = field(default_factory=Counter)
    winner: int | None = None
    struck: dict[str, set[str]] = field(default_factory=dict)   # -O struck=scored: each coin's bar, kept

    def barred(self, cid: str) -> set[str]:
        """The coins `cid` earns nothing for striking, kept from turn to turn (-O struck=scored)."""
        return self.struck.setdefault(cid, set())

    def knight(self, seat: int) -> Coin:
        return self.coins[self.court.castles[seat].knight_id]

    def guard(self, seat: int) -> Coin:
        return self.coins[self.court.castles[seat].guard_id]

    def on_duty(self, coin: Coin) -> bool:
        return coin.role == GUARD and coin.where == TABLE and coin.inside == coin.owner


def plan_for(seat: int, castles: int) -> list[tuple[str, int]]:
    """The raid order: the castle on the player's left first, then clockwise; then home."""
    steps: list[tuple[str, int]] = []
    for k in range(1, castles):
        other = (seat + k) % castles
        steps += [("in", other), ("door", other), ("tower", other), ("out", other)]
    return steps + [("in", seat), ("tower", seat)]


def new_state(court: Court) -> State:
    coins = {}
    for seat, castle in enumerate(court.castles):
        coins[castle.knight_id] = Coin(castle.knight_id, seat, KNIGHT, seat, HAND)
        coins[castle.guard_id] = Coin(castle.guard_id, seat, GUARD, seat, TABLE)
    players = [Player(seat, plan_for(seat, len(court.castles))) for seat in range(len(court.castles))]
    return State(court, coins, players)


def apply(state: State, world: World, flicked: str, start: Point, out: Outcome, turn: Turn) -> Result:
    """Read one flick's events as the rules do. `start` is where the flicked coin stood (an illegal
    gate puts it back there)."""
    result = Result()
    me = state.coins[flicked]
    lifted: list[str] = []
    for event in out.events:
        if state.winner is not None:
            break
        kind = event[0]
        if kind == "off":
            coin = state.coins[event[1]]
            if coin.where == TABLE:
                result.lost = result.lost or coin is me
                state.counts["own coin off the table" if coin is me else "other coin knocked off the table"] += 1
        elif kind == "cross":
            if _on_cross(state, world, event, me, start, out, turn, result):
                break
        elif kind == "hit":
            if _on_hit(state, world, event, me, turn, result):
                break
        else:
            _on_touch(state, event, me, turn, result, lifted)
    for cid in lifted:
        world.lift(cid)
    if me.where != TABLE:
        result.lost = True
    return result


def _on_cross(state: State, world: World, event: tuple, me: Coin, start: Point, out: Outcome, turn: Turn,
              result: Result) -> bool:
    """A coin crossed a gate or door line; True when the flick's reading stops here (illegal gate)."""
    _, cid, line, castle, way = event
    coin = state.coins[cid]
    if coin.where != TABLE:
        return False
    if line == "door":
        _score(state, coin, ("door", castle), me, turn, result)
    elif way > 0 and coin.inside is None:
        coin.inside = castle
        if coin.role == GUARD and castle == coin.owner:
            _duty_changed(state, coin, me, turn, result, "guard back on duty", "came_in")
        _score(state, coin, ("in", castle), me, turn, result)
    elif way > 0 and coin.inside != castle and coin is me:
        state.counts["illegal gate (put back)"] += 1
        world.place(cid, start)
        coin.inside = _inside_before(coin, out, event)
        result.lost = True
        result.bonus.clear()
        return True
    elif way < 0 and coin.inside == castle:
        coin.inside = None
        if coin.role == GUARD and castle == coin.owner:
            _duty_changed(state, coin, me, turn, result, "guard off duty", "went_out")
            _free_prisoners_of(state, castle, "released: their guard went off duty")
        _score(state, coin, ("out", castle), me, turn, result)
    return False


def _duty_changed(state: State, coin: Coin, me: Coin, turn: Turn, result: Result, counted: str, flag: str) -> None:
    """A guard came back into its castle or left it: counted, and the flicked guard's bonus flick
    for it, once a turn (`flag`: the turn's record that it was given)."""
    state.counts[counted] += 1
    if coin is me and not getattr(turn, flag):
        setattr(turn, flag, True)
        result.bonus.append(1)


def _on_hit(state: State, world: World, event: tuple, me: Coin, turn: Turn, result: Result) -> bool:
    """A coin struck a tile: a knight's tower in sequence, or a rescuer's. True when the rescuer has
    been sent home (what it did after is void)."""
    _, cid, tile = event
    coin = state.coins[cid]
    towers = {castle.tower_id: index for index, castle in enumerate(state.court.castles)}
    castle = towers.get(tile)
    if coin.where != TABLE or castle is None:
        return False
    if coin.role == KNIGHT:
        _score(state, coin, ("tower", castle), me, turn, result)
        return False
    if state.on_duty(coin) and state.knight(coin.owner).prison == castle:
        state.counts["released: rescued by their guard"] += 1
        _free(state, state.knight(coin.owner))
        world.place(cid, state.court.castles[coin.owner].guard_start)
        coin.inside = coin.owner
        return True
    return False


def _on_touch(state: State, event: tuple, me: Coin, turn: Turn, result: Result, lifted: list[str]) -> None:
    """Two coins touched: a prisoner taken, a croquet, or two bonus flicks for the flicked coin."""
    _, a, b = event
    first, second = state.coins[a], state.coins[b]
    if first.where != TABLE or second.where != TABLE:
        return
    taken = False
    for knight, guard in ((first, second), (second, first)):
        if knight.role == KNIGHT and guard.role == GUARD and knight.owner != guard.owner \
                and knight.inside == guard.owner and state.on_duty(guard):
            knight.where, knight.prison, knight.inside = PRISON, guard.owner, None
            lifted.append(knight.id)
            state.counts["prisoner taken"] += 1
            if guard is me:
                result.bonus.append(1)
            taken = True
    if taken or me not in (first, second):
        return
    other = second if first is me else first
    if other.id in turn.struck:
        return
    if me.role == KNIGHT and other.role == GUARD and other.owner == me.owner and not state.on_duty(other):
        turn.struck.add(other.id)
        result.croquet = True
        result.bonus.append(2)
        state.counts["croquet"] += 1
    elif not state.on_duty(me) and not state.on_duty(other):
        turn.struck.add(other.id)
        result.bonus.append(2)
        state.counts["roquet (two bonus flicks)"] += 1


def _inside_before(coin: Coin, out: Outcome, stop: tuple) -> int | None:
    """Where the coin was before this flick's crossings up to `stop`, undone in reverse: a coin put
    back where it stood is back in the castle it stood in."""
    inside = coin.inside
    crossings = [e for e in out.events[: out.events.index(stop)] if e[0] == "cross" and e[1] == coin.id
                 and e[2] == "gate"]
    for _, _, _, castle, way in reversed(crossings):
        if way > 0 and inside == castle:
            inside = None
        elif way < 0 and inside is None:
            inside = castle
    return inside


def _score(state: State, coin: Coin, what: tuple[str, int], me: Coin, turn: Turn, result: Result) -> None:
    if coin.role != KNIGHT:
        return
    player = state.players[coin.owner]
    if player.step >= len(player.plan) or player.target != what:
        return
    kind, castle = what
    home = castle == coin.owner
    if kind == "tower" and home:
        if not state.on_duty(state.guard(coin.owner)):
            state.counts["home tower struck with the guard off duty (no win)"] += 1
            return
        state.winner = coin.owner
    label = {"in": "gate in", "out": "gate out", "door": "door", "tower": "tower"}[kind]
    label = f"home {label}" if home else label
    result.scored.append(label)
    player.step += 1
    state.counts[f"scored: {label}"] += 1
    if coin is me:
        result.bonus.append(1)
        turn.struck.clear()


def _free(state: State, knight: Coin) -> None:
    player = state.players[knight.owner]
    castle = knight.prison
    knight.where, knight.prison = RESTING, None
    if castle is not None:                 # the raid of that castle starts again from its gate
        player.step = min(player.step, player.plan.index(("in", castle)))


def _free_prisoners_of(state: State, castle: int, why: str) -> None:
    for coin in state.coins.values():
        if coin.where == PRISON and coin.prison == castle:
            state.counts[why] += 1
            _free(state, coin)
