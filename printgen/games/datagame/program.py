"""A game file's `play:` steps compiled to a flat list of instructions, the way a game is then run.

Why flat: a game stops at every decision and goes on from there when the decision is taken. With
the steps nested as the author wrote them (rounds holding turns holding choices) the place to go on
from would be a stack of half-run loops; compiled to instructions with jumps, it is one number, the
program counter, kept in the state. Every loop counts its rounds in a slot of the state and stops
the game (a timeout naming the loop's line) past its `max`, so no file can make a game run forever.

The instructions are listed in ops.py.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from printgen.files.errors import UserError, Where
from printgen.games.datagame import blocks, stepsource
from printgen.games.datagame.cardsteps import deal_step as _deal
from printgen.games.datagame.cardsteps import move_step as _move
from printgen.games.datagame.expr import ExprError, Fn, parse, quoted
from printgen.games.datagame.loops import DEFAULT_LOOP, MAX_LOOP, repeat_step, seat_loop_step
from printgen.games.datagame.ops import AUTO, END, JUMP, UNLESS
from printgen.games.datagame.scope import CURRENT, Scope
from printgen.games.datagame.spec import MAX_NUMBER

MAX_STEPS_NESTED = 12     # steps inside steps (a loop in a loop in a choice...)

Located = Callable[[tuple[Any, ...]], Where]


@dataclass
class Prepared:
    """A game file compiled for one deck and one set of options."""

    code: list[Any]                           # the instructions linked (machine.link): what plays
    instructions: list[tuple[Any, ...]]       # the same as compiled (ops.py), for tests and tracing
    names: list[str]
    groups: list[str]
    cards: int
    slots: int
    vars: int
    start: int
    kinds: list[int]
    slot_zone: list[str]
    zone_layout: dict[str, tuple[int, bool]]
    first_vars: list[int]
    hand_slots: list[int]                     # the first slot of each hand zone
    greedy: Any
    options: dict[str, Any]
    faces: list[str] = field(default_factory=list)     # per slot: its zone's faces: (spec.FACES)
    owners: list[int] = field(default_factory=list)    # per slot: the seat whose zone it is (-1: shared)
    named: tuple[int, ...] = ()               # the variable slots a file's steps set to a card (hidden.py)
    sight: list[int] = field(default_factory=list)      # per slot: the seats that see all of it (state.BOTH x)
    sight_top: list[int] = field(default_factory=list)  # per slot: the seats that see its top card (the same)
    texts: list[str] = field(default_factory=list)     # the Python source compiled for it (source.py)
    horizon: Any = None                       # the file's horizon mark, compiled (None: no horizon)
    horizon_score: Any = None                 # what a seat gained by it (None: the score)


class Compiler:
    """Turns steps into instructions against a scope; every mistake a UserError at its line."""

    def __init__(self, scope: Scope, where: Located, moves: Any):
        self.scope = scope
        self.where = where
        self.code: list[tuple[Any, ...]] = []
        self.moves = moves              # the state's move functions (state.py), bound into closures
        self.extra_slots = 0            # hidden variable slots the loops need (after the declared ones)
        self.depth = 0
        scope.new_slot = self.slot      # the hidden slots sum_over & co. bind their names in

    # -- helpers -------------------------------------------------------------------------------
    def fail(self, path: tuple[Any, ...], message: str, hint: str | None = None) -> UserError:
        return UserError(message, self.where(path), hint)

    def expr(self, value: Any, path: tuple[Any, ...], card: bool = False) -> Fn:
        if isinstance(value, dict):
            return self.by_players(value, path, card)
        try:
            return self.scope.compile_card(value) if card else self.scope.compile(value)
        except ExprError as error:
            raise self.fail(path, f"{error} ({quoted(value)})", error.hint) from None

    def by_players(self, value: dict[Any, Any], path: tuple[Any, ...], card: bool) -> Fn:
        """A value per player count, `{2: 10, 3: 7, else: 6}` (a hand size, say), as one expression:
        each entry is an expression itself; a count the game allows with no entry and no `else`
        is refused here, at its line."""
        table: dict[int, Fn] = {}
        other = None
        for key, entry in value.items():
            if key == "else":
                other = self.expr(entry, (*path, key), card)
            elif isinstance(key, int) and not isinstance(key, bool) and 1 <= key <= 10:
                table[key] = self.expr(entry, (*path, key), card)
            else:
                raise self.fail((*path, key), f"a value per player count is keyed by counts (2, 3, ...) and else, "
                                f"not '{key}'", "e.g. count: {2: 10, 3: 7, else: 6}")
        missing = [n for n in self.scope.players if n not in table]
        if missing and other is None:
            raise self.fail(path, f"no value for {', '.join(map(str, missing))} players",
                            "give one for every player count the game allows, or an else:")
        fallback = other if other is not None else (lambda s, p, c: 0)
        return lambda s, p, c: table.get(s.n, fallback)(s, p, c)

    def zone(self, value: Any, path: tuple[Any, ...]) -> Callable[[Any, int, int], list[int]]:
        try:
            node = parse(value)
            fn = self.scope.zone(node, False)
        except ExprError as error:
            raise self.fail(path, f"{error} ({quoted(value)})", error.hint) from None
        if self.scope.writer is not None:
            self.scope.writer.zone_nodes[id(fn)] = (fn, node)
        return fn

    def said(self, fn: Any, write: Callable[[Any], list[str]]) -> Any:
        """`fn`, with the statements that do the same remembered for runs compiled whole (linking.py)."""
        if self.scope.writer is not None:
            self.scope.writer.step(fn, write(self.scope.writer))
        return fn

    def said_expr(self, fn: Any, write: Callable[[Any, str, str], str]) -> Any:
        """`fn`, an expression function the compiler made itself (a loop's test), with the source
        giving the same value at a seat and card (write(writer, seat, card)) for runs compiled whole
        (for a function only ever tested, as a loop's test is, the same truth)."""
        if self.scope.writer is not None:
            self.scope.writer.exprs[id(fn)] = (fn, write)
        return fn

    def slot(self) -> int:
        self.extra_slots += 1
        return len(self.scope.vars) + self.extra_slots - 1

    def emit(self, *instruction: Any) -> int:
        self.code.append(instruction)
        return len(self.code) - 1

    def patch(self, at: int, target: int) -> None:
        op = self.code[at]
        self.code[at] = (*op[:-1], target) if op[0] == UNLESS else (JUMP, target)

    # -- steps ---------------------------------------------------------------------------------
    def steps(self, steps: Any, path: tuple[Any, ...]) -> None:
        if steps is None:
            return
        if not isinstance(steps, list):
            raise self.fail(path, "steps are a list (each item starting with '- ')")
        self.depth += 1
        if self.depth > MAX_STEPS_NESTED:
            raise self.fail(path, f"steps are nested more than {MAX_STEPS_NESTED} deep",
                            "a game needs a few levels: rounds, turns, a choice")
        for i, step in enumerate(steps):
            self.step(step, (*path, i))
        self.depth -= 1

    def step(self, step: Any, path: tuple[Any, ...]) -> None:
        if isinstance(step, str):
            step = {step: True}
        if not isinstance(step, dict) or not step:
            raise self.fail(path, "a step is a name and its settings, e.g. '- shuffle: stock'")
        kinds = [k for k in step if k in STEPS]
        if len(kinds) != 1:
            from printgen.files.errors import did_you_mean
            first = next(iter(step))
            raise self.fail(path, f"'{first}' is not a step" if not kinds else
                            f"one step per item: {', '.join(kinds)} are given together",
                            did_you_mean(str(first), STEPS) or "steps: " + ", ".join(sorted(STEPS)))
        kind = kinds[0]
        if kind != "if":                    # an `if` alone has its settings beside it (then:, else:)
            for key in step:
                if key != kind:
                    raise self.fail((*path, key), f"'{key}' stands beside the step '{kind}', which takes no "
                                    "other key there", _beside_hint(str(key), kind))
        STEPS[kind](self, step, path, kind)

    def waits(self, steps: Any) -> bool:
        """Whether any of these steps (or the steps inside them) may wait for a decision or end the
        game; when none does, they compile to one function (blocks.py). Anything not plainly of the
        kinds that never wait counts as waiting, so a doubt costs speed, never a change of play."""
        if steps is None:
            return False
        if not isinstance(steps, list):
            return True
        for step in steps:
            if isinstance(step, str):
                step = {step: True}
            if not isinstance(step, dict):
                return True
            kinds = [k for k in step if k in STEPS]
            if len(kinds) != 1 or kinds[0] not in STRAIGHT:
                return True
            kind = kinds[0]
            inner = step if kind == "if" else step[kind]
            if kind in ("if", "repeat", "turns", "each_player"):
                if not isinstance(inner, dict):
                    return True
                if any(self.waits(inner.get(key)) for key in ("then", "else", "do")):
                    return True
        return False

    def function(self, steps: Any, path: tuple[Any, ...]) -> blocks.Step:
        """Steps that never wait (see waits) as one function of the state: compiled as usual,
        aside, where each comes out as one AUTO instruction."""
        saved, self.code = self.code, []
        try:
            self.steps(steps, path)
        finally:
            code, self.code = self.code, saved
        if any(op[0] != AUTO for op in code):
            raise AssertionError(f"steps at {path} compiled to jumps: they are no straight block")
        fns = [op[1] for op in code]
        return self.said(blocks.sequence(fns), lambda w: stepsource.sequence(w, fns))

    def settings(self, step: dict[str, Any], path: tuple[Any, ...], kind: str, allowed: set[str]) -> dict[str, Any]:
        """The step's settings as a mapping (its value, or the step's other keys for an `if`)."""
        body = step[kind]
        if kind in ("if",):
            body = step
        if not isinstance(body, dict):
            raise self.fail((*path, kind), f"'{kind}' takes settings: {', '.join(sorted(allowed))}")
        for key in body:
            if key not in allowed:
                from printgen.files.errors import did_you_mean
                raise self.fail((*path, kind, key), f"'{kind}' has no setting '{key}'",
                                did_you_mean(str(key), allowed) or "settings: " + ", ".join(sorted(allowed)))
        return body

    def loop_max(self, body: dict[str, Any], path: tuple[Any, ...]) -> int:
        most = body.get("max", DEFAULT_LOOP)
        if isinstance(most, bool) or not isinstance(most, int) or not 1 <= most <= MAX_LOOP:
            raise self.fail((*path, "max"), f"a loop's max is a whole number from 1 to {MAX_LOOP:,}, not {most!r}",
                            "a real game plays a few hundred turns: the max only stops a game that would not end")
        return most


def _beside_hint(key: str, kind: str) -> str:
    """Why a hint of indenting: a key beside a step is most often one of its settings one level too
    far out (`do:` beside `each_player:`), which YAML reads as a second key of the same item."""
    if key in ("then", "else"):
        return f"'{key}:' goes with an 'if:' step: '- if: CONDITION' with 'then:' and 'else:' beside it"
    return (f"did you mean to indent '{key}:' under '{kind}:'? (e.g. '- {kind}: {{{key}: ...}}'); "
            "a step is one key per list item")


# -- the step kinds ---------------------------------------------------------------------------

def _shuffle(c: Compiler, step: dict[str, Any], path: tuple[Any, ...], kind: str) -> None:
    zone = c.zone(step[kind], (*path, kind))
    shuffle = c.moves.shuffle
    c.emit(AUTO, lambda s: shuffle(s, zone(s, s.v[CURRENT], -1)))


def _set(c: Compiler, step: dict[str, Any], path: tuple[Any, ...], kind: str) -> None:
    body = step[kind]
    if not isinstance(body, dict) or not body:
        raise c.fail((*path, kind), "set takes variables and their new values: set: {leader: current}")
    pairs = []
    for name, value in body.items():
        if name not in c.scope.vars:
            raise c.fail((*path, kind, name), f"'{name}' is not a variable",
                         "declare it under vars: (variables: " + ", ".join(sorted(c.scope.vars)) + ")")
        pairs.append((c.scope.vars[name], c.expr(value, (*path, kind, name))))

    overs = [_too_big(c, (*path, kind, name), f"the variable '{name}'") for name in body]
    if len(pairs) == 1:
        only, value = pairs[0]
        over = overs[0]

        def assign_one(s: Any) -> None:
            x = value(s, s.v[CURRENT], -1)
            if not -MAX_NUMBER <= x <= MAX_NUMBER:
                over(x)
            s.v[only] = x
        c.emit(AUTO, c.said(assign_one, lambda w: stepsource.set_values(w, pairs, overs, MAX_NUMBER)))
        return

    def assign(s: Any) -> None:
        p = s.v[CURRENT]
        values = [f(s, p, -1) for _, f in pairs]          # all read before any is written
        for value, stop in zip(values, overs):
            if not -MAX_NUMBER <= value <= MAX_NUMBER:
                stop(value)
        for (slot, _), value in zip(pairs, values):
            s.v[slot] = value
    c.emit(AUTO, c.said(assign, lambda w: stepsource.set_values(w, pairs, overs, MAX_NUMBER)))


def _too_big(c: Compiler, path: tuple[Any, ...], what: str) -> Callable[[int], None]:
    """What a step does with a number past MAX_NUMBER: stop the game with a UserError at the step's
    line. Why a bound at all: Python's whole numbers never overflow, so `tricks * tricks` in a loop
    of forty rounds would grow to millions of digits and hang validate instead of failing."""
    where = c.where(path)

    def over(value: int) -> None:
        digits = int(abs(value).bit_length() * 0.30103) + 1       # never str(): it may have millions
        raise UserError(f"{what} would become a number of about {digits:,} digits, past the game-file "
                        f"limit (every value stays within -{MAX_NUMBER:,} ... {MAX_NUMBER:,})", where,
                        "a game's numbers are counts and points: check the arithmetic of this step "
                        "(docs/game-files.md, Limits)")
    return over


def _score(c: Compiler, step: dict[str, Any], path: tuple[Any, ...], kind: str) -> None:
    body = c.settings(step, path, kind, {"to", "add"})
    here = (*path, kind)
    if "add" not in body:
        raise c.fail(here, "score says what to add: add: EXPRESSION (for the seat it is added to)")
    add = c.expr(body["add"], (*here, "add"))
    over = _too_big(c, (*here, "add"), "a score")
    to_value = body.get("to", "each")
    if to_value == "each":
        def each(s: Any) -> None:
            values = [add(s, q, -1) for q in range(s.n)]
            for q in range(s.n):
                total = s.score[q] + values[q]
                if not -MAX_NUMBER <= total <= MAX_NUMBER:
                    over(total)
                s.score[q] = total
        c.emit(AUTO, each)
        return
    who = c.expr(to_value, (*here, "to"))

    def one(s: Any) -> None:
        q = who(s, s.v[CURRENT], -1)
        if q >= 0:
            q %= s.n
            total = s.score[q] + add(s, q, -1)
            if not -MAX_NUMBER <= total <= MAX_NUMBER:
                over(total)
            s.score[q] = total
    c.emit(AUTO, one)


def _if(c: Compiler, step: dict[str, Any], path: tuple[Any, ...], kind: str) -> None:
    body = c.settings(step, path, kind, {"if", "then", "else"})
    cond = c.expr(body["if"], (*path, "if"))
    if not c.waits(body.get("then")) and not c.waits(body.get("else")):
        then = c.function(body.get("then"), (*path, "then"))
        other = c.function(body["else"], (*path, "else")) if "else" in body else None
        c.emit(AUTO, c.said(blocks.branch(cond, then, other), lambda w: stepsource.branch(w, cond, then, other)))
        return
    skip = c.emit(UNLESS, cond, -1)
    c.steps(body.get("then"), (*path, "then"))
    if "else" in body:
        over = c.emit(JUMP, -1)
        c.patch(skip, len(c.code))
        c.steps(body["else"], (*path, "else"))
        c.patch(over, len(c.code))
    else:
        c.patch(skip, len(c.code))


def _end_game(c: Compiler, step: dict[str, Any], path: tuple[Any, ...], kind: str) -> None:
    c.emit(END)


def _rotate(c: Compiler, step: dict[str, Any], path: tuple[Any, ...], kind: str) -> None:
    body = c.settings(step, path, kind, {"zone", "to"})
    here = (*path, kind)
    name = body.get("zone")
    if name not in c.scope.zones or not c.scope.zones[name][1]:
        raise c.fail((*here, "zone"), f"rotate passes a zone each player has; '{name}' is not one")
    first = c.scope.zones[name][0]
    direction = body.get("to", "left")
    if direction not in ("left", "right"):
        raise c.fail((*here, "to"), f"zones pass to the left or to the right, not '{direction}'")
    shift = 1 if direction == "left" else -1
    moves = c.moves

    def rotate(s: Any) -> None:
        moves.rotate(s, first, shift)
    c.emit(AUTO, rotate)


def _choose(c: Compiler, step: dict[str, Any], path: tuple[Any, ...], kind: str) -> None:
    from printgen.games.datagame.choice import compile_choice
    compile_choice(c, step[kind], (*path, kind))


# the step kinds that never wait for a decision (the last four when their own steps never do); a
# module adding a step kind that compiles to one AUTO instruction adds its name here
STRAIGHT = {"shuffle", "move", "deal", "set", "score", "rotate", "if", "repeat", "turns", "each_player"}

STEPS: dict[str, Callable[[Compiler, dict[str, Any], tuple[Any, ...], str], None]] = {
    "shuffle": _shuffle, "move": _move, "deal": _deal, "set": _set, "score": _score, "if": _if,
    "repeat": repeat_step, "turns": seat_loop_step, "each_player": seat_loop_step, "end_game": _end_game,
    "rotate": _rotate, "choose": _choose,
}
