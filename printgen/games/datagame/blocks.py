"""Steps that never wait for a decision, run as one Python function instead of instructions.

Why: a loop of a game file compiles to a test, a round counter and a jump around its steps, and
the machine calls each instruction in turn. When nothing inside the loop can wait for a player (no
`choose`, no `end_game`: dealing out, drawing until a card fits, passing hands along) there is no
place to go on from, so the loop can be a plain `while` over the functions of its steps, which is
several calls fewer each round. Each function here does what its instructions do, in the same
order, with the same variable slots (the loop's round counter, the saved `current`), and stops the
game past its max at the same line (raising ops.Stopped to end the run at once). Their rounds
count against the same budget as instructions (ops.MAX_AUTO a run), so loops in loops still stop.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from printgen.games.datagame.expr import Fn
from printgen.games.datagame.ops import RAN_ON, Stopped
from printgen.games.datagame.scope import CURRENT

Step = Callable[[Any], None]


def stop_loop(s: Any, where: str) -> None:
    """The game stopped past a loop's max (a timeout naming the loop), as the COUNT instruction does."""
    s.over, s.pc, s.acts, s.stopped_at = True, -1, [], where
    raise Stopped


def sequence(fns: list[Step]) -> Step:
    """Steps one after another."""
    if not fns:
        return lambda s: None
    if len(fns) == 1:
        return fns[0]
    if len(fns) == 2:
        f1, f2 = fns

        def two(s: Any) -> None:
            f1(s)
            f2(s)
        return two
    chain = tuple(fns)

    def steps(s: Any) -> None:
        for fn in chain:
            fn(s)
    return steps


def branch(cond: Fn, then: Step, other: Step | None) -> Step:
    """An `if` whose branches never wait."""
    if other is None:
        def only(s: Any) -> None:
            if cond(s, s.v[CURRENT], -1):
                then(s)
        return only

    def both(s: Any) -> None:
        if cond(s, s.v[CURRENT], -1):
            then(s)
        else:
            other(s)
    return both


def repeat(counter: int, times: Fn | None, go_on: Fn | None, stop: Fn | None, most: int, where: str,
           counted: int | None, body: Step) -> Step:
    """A `repeat` whose steps never wait: `times` rounds at most, while `go_on` holds (or until
    `stop` does: one of the two or neither), its rounds counted in slot `counter` (and `counted`)."""
    def loop(s: Any) -> None:
        v = s.v
        v[counter] = 0
        while True:
            p = v[CURRENT]
            if times is not None and not v[counter] < times(s, p, -1):
                return
            if go_on is not None and not go_on(s, p, -1):
                return
            if stop is not None and stop(s, p, -1):
                return
            v[counter] += 1
            if v[counter] > most:
                stop_loop(s, where)
            s.budget -= 1
            if s.budget < 0:
                stop_loop(s, RAN_ON)
            if counted is not None:
                v[counted] += 1
            body(s)
    return loop


def seat_loop(begin: Step, go_on: Fn | None, guard: int, most: int, where: str, counted: int | None,
              body: Step, advance: Step, restore: Step) -> Step:
    """`turns` or `each_player` whose steps never wait (go_on None: each_player, which ends when
    `current` is -1)."""
    def loop(s: Any) -> None:
        v = s.v
        begin(s)
        while True:
            p = v[CURRENT]
            if p < 0 or (go_on is not None and not go_on(s, p, -1)):
                break
            v[guard] += 1
            if v[guard] > most:
                stop_loop(s, where)
            s.budget -= 1
            if s.budget < 0:
                stop_loop(s, RAN_ON)
            if counted is not None:
                v[counted] += 1
            body(s)
            advance(s)
        restore(s)
    return loop
