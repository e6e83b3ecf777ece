"""The loops of a game file's steps: `repeat` (times, while, until) and the seat loops `turns` and
`each_player`, compiled to instructions (program.py's Compiler emits them) or, when nothing inside
waits for a decision, to one function (blocks.py).

Why apart from program.py: each loop is a test, a round counter against its `max` (so no file can
make a game run forever) and a jump back, with its own hidden variable slots; that is one job,
and the compiler's other steps need none of it.
"""

from __future__ import annotations

from typing import Any

from printgen.games.datagame import blocks, stepsource
from printgen.games.datagame.expr import ExprError, Fn, parse
from printgen.games.datagame.ops import AUTO, COUNT, JUMP, UNLESS
from printgen.games.datagame.scope import CURRENT, TURNS
from printgen.games.datagame.source import lit

MAX_LOOP = 100_000        # rounds of one loop in one game: a real game plays far fewer turns
DEFAULT_LOOP = 10_000


def _until(c: Any, body: dict[str, Any], here: tuple[Any, ...]) -> Fn | None:
    """The loop's test as 'go on while' (until negated); None for a loop that only its max ends."""
    if "until" in body and "while" in body:
        raise c.fail(here, "a loop takes 'until' or 'while', not both")
    if "until" in body:
        stop = c.expr(body["until"], (*here, "until"))
        return c.said_expr(lambda s, p, k: 0 if stop(s, p, k) else 1,
                           lambda w, seat, card: f"(0 if {w.inline(stop, seat, card)} else 1)")
    if "while" in body:
        return c.expr(body["while"], (*here, "while"))
    return None


def _never_ending(c: Any, body: dict[str, Any], here: tuple[Any, ...], go_on: Fn | None) -> None:
    """Refuse, at its line, a loop whose test is a constant that keeps it going and whose steps
    cannot end the game: it could only ever stop at its max."""
    test = body.get("while", body.get("until"))
    if go_on is None or test is None:
        return
    try:
        tree = parse(test)
    except ExprError:
        return
    if _constant(tree) and go_on(None, 0, -1) and "end_game" not in repr(body.get("do")):
        key = "while" if "while" in body else "until"
        raise c.fail((*here, key), f"this loop never ends: its test '{test}' is the same every round",
                     "test something the steps change, e.g. until: count(hand) == 0")


def _constant(node: Any) -> bool:
    return node.kind == "num" or (node.kind in ("unary", "binary") and all(_constant(a) for a in node.args))


def repeat_step(c: Any, step: dict[str, Any], path: tuple[Any, ...], kind: str) -> None:
    body = c.settings(step, path, kind, {"until", "while", "times", "max", "do", "count"})
    here = (*path, kind)
    go_on = _until(c, body, here)
    times = c.expr(body["times"], (*here, "times")) if "times" in body else None
    if go_on is None and times is None:
        raise c.fail(here, "a repeat says when it ends: until: CONDITION, while: CONDITION or times: NUMBER")
    _never_ending(c, body, here, go_on)
    if times is not None and isinstance(body["times"], int) and body["times"] > c.loop_max(body, here):
        raise c.fail((*here, "times"), f"this loop would run {body['times']:,} times, past its max of "
                     f"{c.loop_max(body, here):,}",
                     "a real game plays a few hundred rounds; raise max: only if it needs more")
    counter = c.slot()
    counted = c.scope.vars.get(body["count"]) if "count" in body else None
    if "count" in body and counted is None:
        raise c.fail((*here, "count"), f"'{body['count']}' is not a variable", "declare it under vars:")
    most = c.loop_max(body, here)
    where = c.where(here)
    if not c.waits(body.get("do")):
        stop = c.expr(body["until"], (*here, "until")) if "until" in body else None
        args = (counter, times, None if stop is not None else go_on, stop, most, where.describe(), counted,
                c.function(body.get("do"), (*here, "do")))
        c.emit(AUTO, c.said(blocks.repeat(*args), lambda w: stepsource.repeat(w, *args, blocks.stop_loop)))
        return

    def start(s: Any) -> None:
        s.v[counter] = 0
    c.emit(AUTO, start)
    top = len(c.code)
    exits = []
    if times is not None:
        below = c.said_expr(lambda s, p, k: 1 if s.v[counter] < times(s, p, k) else 0,
                            lambda w, seat, card: f"(1 if s.v[{lit(counter)}] < {w.inline(times, seat, card)} else 0)")
        exits.append(c.emit(UNLESS, below, -1))
    if go_on is not None:
        exits.append(c.emit(UNLESS, go_on, -1))
    c.emit(COUNT, counter, most, where, counted)
    c.steps(body.get("do"), (*here, "do"))
    c.emit(JUMP, top)
    for at in exits:
        c.patch(at, len(c.code))


def seat_loop_step(c: Any, step: dict[str, Any], path: tuple[Any, ...], kind: str) -> None:
    """`turns` (seat after seat, to the left unless `next` says otherwise, until a condition) and
    `each_player` (every seat once, from `from`). `current` is the seat whose turn it is inside the
    loop, and is the outer loop's again after it; seats for which `skip` holds are passed over."""
    once = kind == "each_player"
    allowed = {"from", "skip", "do"} if once else {"from", "until", "while", "skip", "max", "do", "next", "count"}
    body = c.settings(step, path, kind, allowed)
    here = (*path, kind)
    start = c.expr(body.get("from", "left(dealer)"), (*here, "from"))
    skip = c.expr(body["skip"], (*here, "skip")) if "skip" in body else None
    saved, counter, base, guard = c.slot(), c.slot(), c.slot(), c.slot()
    where = c.where(here)
    go_on = None if once else _until(c, body, here)
    if not once and go_on is None:
        raise c.fail(here, "turns say when they end: until: CONDITION (e.g. a hand is empty)")
    after = c.expr(body["next"], (*here, "next")) if "next" in body else None
    most = DEFAULT_LOOP if once else c.loop_max(body, here)
    counted = c.scope.vars.get(body["count"]) if "count" in body else (None if once else TURNS)
    if "count" in body and counted is None:
        raise c.fail((*here, "count"), f"'{body['count']}' is not a variable", "declare it under vars:")

    def begin(s: Any) -> None:
        s.v[saved] = s.v[CURRENT]
        s.v[counter] = 0
        s.v[guard] = 0
        s.v[base] = start(s, s.v[CURRENT], -1) % s.n
        s.v[CURRENT] = _next_once(s, counter, base, skip) if once else _unskipped(s, s.v[base], skip)

    def advance(s: Any) -> None:
        if once:
            v = s.v
            v[counter] += 1
            if skip is None:                      # _next_once with no seat to pass over
                v[CURRENT] = (v[base] + v[counter]) % s.n if v[counter] < s.n else -1
            else:
                v[CURRENT] = _next_once(s, counter, base, skip)
            return
        p = s.v[CURRENT]
        seat = after(s, p, -1) % s.n if after is not None else (p + 1) % s.n
        s.v[CURRENT] = _unskipped(s, seat, skip)

    def restore(s: Any) -> None:
        s.v[CURRENT] = s.v[saved]

    c.said(begin, lambda w: stepsource.seat_begin(w, once, saved, counter, guard, base, start, skip))
    c.said(advance, lambda w: stepsource.seat_advance(w, once, counter, base, after, skip))
    c.said(restore, lambda w: stepsource.seat_restore(saved))

    if not c.waits(body.get("do")):
        args = (begin, go_on, guard, most, where.describe(), counted, c.function(body.get("do"), (*here, "do")),
                advance, restore)
        c.emit(AUTO, c.said(blocks.seat_loop(*args), lambda w: stepsource.seat_loop(w, *args, blocks.stop_loop)))
        return
    c.emit(AUTO, begin)
    top = len(c.code)
    if once:
        done = c.emit(UNLESS, c.said_expr(lambda s, p, k: 1 if s.v[CURRENT] >= 0 else 0,     # (tested only)
                                          lambda w, seat, card: f"(s.v[{lit(CURRENT)}] >= 0)"), -1)
    else:
        assert go_on is not None
        test = go_on
        going = c.said_expr(lambda s, p, k: 1 if s.v[CURRENT] >= 0 and test(s, p, k) else 0,   # (tested only)
                            lambda w, seat, card: f"(s.v[{lit(CURRENT)}] >= 0 and {w.inline(test, seat, card)})")
        done = c.emit(UNLESS, going, -1)
    if not once:                  # each_player has at most `players` rounds, never past its max: no count
        c.emit(COUNT, guard, most, where, counted)
    c.steps(body.get("do"), (*here, "do"))
    c.emit(AUTO, advance)
    c.emit(JUMP, top)
    c.patch(done, len(c.code))
    c.emit(AUTO, restore)


def _unskipped(s: Any, seat: int, skip: Fn | None) -> int:
    """`seat`, or the first seat left of it that is not skipped; -1 when every seat is."""
    if skip is None:
        return seat
    for step in range(s.n):
        q = (seat + step) % s.n
        if not skip(s, q, -1):
            return q
    return -1


def _next_once(s: Any, counter: int, base: int, skip: Fn | None) -> int:
    """For each_player: the seat of the counter's place from the first, passing over skipped
    seats (they count as visited); -1 once every seat has had its go."""
    while s.v[counter] < s.n:
        q = (s.v[base] + s.v[counter]) % s.n
        if skip is None or not skip(s, q, -1):
            return q
        s.v[counter] += 1
    return -1
