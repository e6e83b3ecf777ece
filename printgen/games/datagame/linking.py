"""A run of instructions compiled as one Python function (machine.link uses it when it can).

Why: the machine calls one function per instruction and each step calls one closure per
expression; a stretch of steps, tests and round counters with nothing jumping into its middle is,
written out as statements (source.py's templates), one call, with the variables read straight
from `v`. The statements are those the steps remembered (Writer.step) or calls of the step's own
closure, and the tests and counters do what machine.py's instructions do, in the same order: a
game plays the same. Nothing of the game file is written as text (see source.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from printgen.games.datagame import stepsource
from printgen.games.datagame.ops import AUTO, CHOOSE, COUNT, UNLESS
from printgen.games.datagame.scope import CARD, CURRENT, TARGET
from printgen.games.datagame.source import lit

MAX_RUN = 40              # instructions on one way through a function: a longer stretch goes on in the next
MAX_WRITTEN = 40          # instructions written in one function, all its ways together
MAX_DEPTH = 1             # tests whose other way is written inside the function, one inside another


def lazy_run(linked: list[Any], pc: int, code: list[tuple[Any, ...]], target: Callable[[int], int], writer: Any,
             stop: Callable[[Any, int, str], None]) -> Callable[[Any], int]:
    """Instruction `pc` as run_lines writes it, compiled the first time it is run: it then takes its
    own place in `linked` (the prepared deck's code). Why at first use: a run starts at any
    instruction, but play enters only a few (the first, a loop's top or exit, a decision's ways
    when it has no take), and compiling every one would cost more than most validate runs play.
    Until then `linked[pc]` is this function; when Python refuses the source, the closures
    machine.link put there stay."""
    plain = linked[pc]

    def first(s: Any) -> int:
        made = fused(code, pc, target, writer, stop)
        fn = made if made is not None else plain
        linked[pc] = fn
        return fn(s)
    return first


def lazy_take(choice: Any, at: int, code: list[tuple[Any, ...]], target: Callable[[int], int], writer: Any,
              stop: Callable[[Any, int, str], None]) -> Any:
    """A decision's take (see taking), compiled the first time an action of it is taken; None for
    a decision whose options lay melds or take sets of cards."""
    if any(o.lays is not None or o.subset is not None for o in choice.options):
        return None

    def first(s: Any, action: int) -> int:
        made = taking(choice, at, code, target, writer, stop)
        if made is None:                  # Python refused the source: enter, then the run's first call
            def made(s: Any, action: int) -> int:
                return s.prep.code[choice.enter(s, action)](s)
        choice.take = made
        return made(s, action)
    return first


def fused(code: list[tuple[Any, ...]], pc: int, target: Callable[[int], int], writer: Any,
          stop: Callable[[Any, int, str], None]) -> Any:
    """The instructions from `pc` on as one function of the state giving the next instruction's
    index (see run_lines); None when `pc` is no AUTO, UNLESS, COUNT or CHOOSE, or Python refuses
    the source."""
    if code[pc][0] not in (AUTO, UNLESS, COUNT, CHOOSE):
        return None
    return writer.define("run_from", _local(["v = s.v", *run_lines(code, pc, target, writer, stop)]), pc)


def taking(choice: Any, at: int, code: list[tuple[Any, ...]], target: Callable[[int], int], writer: Any,
           stop: Callable[[Any, int, str], None]) -> Any:
    """A decision's action taken and play run on, as one function (state, action) -> the next
    instruction's index: the chosen card and seat bound as Choice.enter binds them, then the
    chosen option's steps as run_lines writes them. Why: between two decisions there is then one
    call, not three (enter, the machine's loop, the run). None for a decision whose options lay
    melds or take sets of cards (their enter keeps what they offered), or when Python refuses it."""
    if any(o.lays is not None or o.subset is not None for o in choice.options):
        return None
    card, seat = f"v[{lit(CARD)}]", f"v[{lit(TARGET)}]"
    lines = ["v = s.v"]
    if len(choice.options) == 1 and choice.options[0].target is None:
        lines += [f"{card} = _a0 - 1", f"{seat} = -1",
                  *run_lines(code, choice.options[0].start, target, writer, stop)]
    else:
        i, payload = writer.temp("_a"), writer.temp("_a")
        width, stride = lit(choice.width), lit(choice.cards + 1)
        lines += [f"{i} = _a0 % {width}", f"{payload} = _a0 // {width}",
                  f"{card} = {payload} % {stride} - 1", f"{seat} = {payload} // {stride} - 1"]
        for n, option in enumerate(choice.options):
            lines += [f"if {i} == {lit(n)}:", *stepsource.indent(run_lines(code, option.start, target, writer, stop))]
        lines.append(f"return {lit(choice.end)}")       # no action gives another option (apply checks it)
    return writer.define("take", _local(lines), at, "s, _a0")


def run_lines(code: list[tuple[Any, ...]], pc: int, target: Callable[[int], int], writer: Any,
              stop: Callable[[Any, int, str], None], seen: frozenset[int] = frozenset(),
              room: list[int] | None = None, depth: int = 0) -> list[str]:
    """The statements of the instructions from `pc` on, ending in a `return` of the next
    instruction's index: straight on through the ones something jumps to and along
    unconditional jumps (their statements are written again in each run that reaches them), and
    into both ways of a test (a loop's exit goes on in the same function), up to a decision, the
    end, an instruction this way has written already (a loop's way back: each round is one
    call), MAX_RUN instructions on one way, MAX_WRITTEN in the whole function (`room`, shared by
    its ways) or MAX_DEPTH tests inside tests."""
    room = [MAX_WRITTEN] if room is None else room
    lines: list[str] = []
    at = pc
    passed = set(seen)
    while True:
        at = target(at)
        if at in passed or len(passed) >= MAX_RUN or room[0] <= 0:
            lines.append(f"return {lit(at)}")
            break
        passed.add(at)
        room[0] -= 1
        op = code[at]
        kind = op[0]
        if kind == AUTO:
            lines += writer.statements(op[1])
        elif kind == UNLESS:
            cond = writer.inline(op[1], f"v[{lit(CURRENT)}]", "-1")
            other = target(op[2])
            if depth < MAX_DEPTH and other not in passed and code[other][0] in (AUTO, UNLESS, COUNT, CHOOSE):
                way = run_lines(code, other, target, writer, stop, frozenset(passed), room, depth + 1)
            else:
                way = [f"return {lit(other)}"]
            lines += [f"if not {cond}:", *stepsource.indent(way)]
        elif kind == COUNT:
            _, slot, most, where, counted = op
            lines += [f"v[{lit(slot)}] += 1", f"if v[{lit(slot)}] > {lit(most)}:",
                      f"    {writer.ref(stop)}(s, -1, {writer.ref(where.describe())})", "    return -1"]
            if counted is not None:
                lines.append(f"v[{lit(counted)}] += 1")
        elif kind == CHOOSE:
            lines += stepsource.choose(writer, op[1], at)
            break
        else:
            lines.append(f"return {lit(at)}")
            break
        at += 1
    return lines


_STATE_VARS = re.compile(r"(?<![A-Za-z0-9_.])s\.v\[")


def _local(lines: list[str]) -> list[str]:
    """The variables read through the local `v` (bound to s.v at the top of every run, never
    rebound) rather than through the state each time: the expressions' templates say s.v[...],
    since they stand alone too."""
    return [lines[0], *(_STATE_VARS.sub("v[", line) for line in lines[1:])]
