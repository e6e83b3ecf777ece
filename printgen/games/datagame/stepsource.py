"""The statements of the commonest steps, for runs of steps compiled whole (linking.py).

Each function gives the lines that do what the step's closure (program.py, blocks.py,
cardsteps.py) does, in the same order, with `v` bound to the state's variables and `s` the state;
the closure itself stays what plays when the run is not compiled, and what a test reads. Numbers
are written through source.lit, everything else is a name of the writer's namespace (source.py).
"""

from __future__ import annotations

from typing import Any

from printgen.games.datagame.ops import RAN_ON
from printgen.games.datagame.scope import CURRENT
from printgen.games.datagame.source import lit

SEAT = f"v[{lit(CURRENT)}]"


def indent(lines: list[str]) -> list[str]:
    return ["    " + line for line in lines] if lines else ["    pass"]


def set_values(w: Any, pairs: list[tuple[int, Any]]) -> list[str]:
    """`set:` (every value read before any is written)."""
    if len(pairs) == 1:
        slot, value = pairs[0]
        return [f"v[{lit(slot)}] = {w.inline(value, SEAT, '-1')}"]
    names = [w.temp("_a") for _ in pairs]
    lines = [f"{name} = {w.inline(value, SEAT, '-1')}" for name, (_, value) in zip(names, pairs)]
    return lines + [f"v[{lit(slot)}] = {name}" for name, (slot, _) in zip(names, pairs)]


def sequence(w: Any, fns: list[Any]) -> list[str]:
    return [line for fn in fns for line in w.statements(fn)]


def branch(w: Any, cond: Any, then: Any, other: Any) -> list[str]:
    lines = [f"if {w.inline(cond, SEAT, '-1')}:", *indent(w.statements(then))]
    if other is not None:
        lines += ["else:", *indent(w.statements(other))]
    return lines


def repeat(w: Any, counter: int, times: Any, go_on: Any, stop: Any, most: int, where: str,
           counted: int | None, body: Any, stop_loop: Any) -> list[str]:
    """blocks.repeat written out."""
    loop = []
    if times is not None:
        loop += [f"if not v[{lit(counter)}] < {w.inline(times, SEAT, '-1')}:", "    break"]
    if go_on is not None:
        loop += [f"if not {w.inline(go_on, SEAT, '-1')}:", "    break"]
    if stop is not None:
        loop += [f"if {w.inline(stop, SEAT, '-1')}:", "    break"]
    loop += _round(w, counter, most, where, counted, stop_loop)
    loop += w.statements(body)
    return [f"v[{lit(counter)}] = 0", "while True:", *indent(loop)]


def seat_loop(w: Any, begin: Any, go_on: Any, guard: int, most: int, where: str, counted: int | None,
              body: Any, advance: Any, restore: Any, stop_loop: Any) -> list[str]:
    """blocks.seat_loop written out."""
    test = f"{SEAT} < 0" + (f" or not {w.inline(go_on, SEAT, '-1')}" if go_on is not None else "")
    loop = [f"if {test}:", "    break", *_round(w, guard, most, where, counted, stop_loop),
            *w.statements(body), *w.statements(advance)]
    return [*w.statements(begin), "while True:", *indent(loop), *w.statements(restore)]


def _round(w: Any, counter: int, most: int, where: str, counted: int | None, stop_loop: Any) -> list[str]:
    """One more round of a loop run whole: its counter against its max, the run's budget."""
    stop = w.ref(stop_loop)
    lines = [f"v[{lit(counter)}] += 1", f"if v[{lit(counter)}] > {lit(most)}:", f"    {stop}(s, {w.ref(where)})",
             "s.budget -= 1", "if s.budget < 0:", f"    {stop}(s, {w.ref(RAN_ON)})"]
    if counted is not None:
        lines.append(f"v[{lit(counted)}] += 1")
    return lines


def move_chosen(w: Any, card_slot: int, move_one: Any, to_slot: Any, bottom: bool) -> list[str]:
    """The chosen card moved by the chooser."""
    k = w.temp("_c")
    return [f"{k} = v[{lit(card_slot)}]", f"if {k} >= 0:",
            f"    {w.ref(move_one)}(s, {k}, {w.ref(to_slot)}(s, {SEAT}), {lit(bottom)}, s.actor)"]


def move_top(w: Any, source: Any, move_many: Any, to_slot: Any, bottom: bool, by: Any) -> list[str]:
    """The top card of a zone moved (a draw)."""
    cards, p = w.temp("_z"), w.temp("_p")
    return [f"{p} = {SEAT}", f"{cards} = {w.ref(source)}(s, {p}, -1)", f"if {cards}:",
            f"    {w.ref(move_many)}(s, {cards}, [{cards}[-1]], {w.ref(to_slot)}(s, {p}), {lit(bottom)}, "
            f"{w.inline(by, p, '-1')})"]
