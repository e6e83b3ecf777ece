"""The statements of the commonest steps, for runs of steps compiled whole (linking.py).

Each function gives the lines that do what the step's closure (program.py, blocks.py,
cardsteps.py) does, in the same order, with `v` bound to the state's variables and `s` the state;
the closure itself stays what plays when the run is not compiled, and what a test reads. Numbers
are written through source.lit, everything else is a name of the writer's namespace (source.py).
"""

from __future__ import annotations

from typing import Any

from printgen.games.datagame import movesource
from printgen.games.datagame.ops import RAN_ON
from printgen.games.datagame.scope import CURRENT
from printgen.games.datagame.source import lit

SEAT = f"v[{lit(CURRENT)}]"


def indent(lines: list[str]) -> list[str]:
    return ["    " + line for line in lines] if lines else ["    pass"]


def set_values(w: Any, pairs: list[tuple[int, Any]], overs: list[Any], most: int) -> list[str]:
    """`set:` (every value read before any is checked against the bound, and any is written)."""
    names = [w.temp("_a") for _ in pairs]
    lines = [f"{name} = {w.inline(value, SEAT, '-1')}" for name, (_, value) in zip(names, pairs)]
    for name, over in zip(names, overs):
        lines += [f"if not {-most} <= {name} <= {most}:", f"    {w.ref(over)}({name})"]
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
    # each_player (go_on None) has at most `players` rounds: its guard never passes its max
    counter = guard if go_on is not None else None
    loop = [f"if {test}:", "    break", *_round(w, counter, most, where, counted, stop_loop),
            *w.statements(body), *w.statements(advance)]
    return [*w.statements(begin), "while True:", *indent(loop), *w.statements(restore)]


def _round(w: Any, counter: int | None, most: int, where: str, counted: int | None, stop_loop: Any) -> list[str]:
    """One more round of a loop run whole: its counter against its max (None: a loop that cannot
    pass it), the run's budget."""
    stop = w.ref(stop_loop)
    lines = [f"v[{lit(counter)}] += 1", f"if v[{lit(counter)}] > {lit(most)}:", f"    {stop}(s, {w.ref(where)})"] \
        if counter is not None else []
    lines += ["s.budget -= 1", "if s.budget < 0:", f"    {stop}(s, {w.ref(RAN_ON)})"]
    if counted is not None:
        lines.append(f"v[{lit(counted)}] += 1")
    return lines


def move_chosen(w: Any, card_slot: int, move_one: Any, to_slot: Any, bottom: bool) -> list[str]:
    """The chosen card moved by the chooser."""
    k = w.temp("_c")
    inline = movesource.move_one(w, k, to_slot, SEAT, bottom, "s.actor")
    if inline is not None:
        return [f"{k} = v[{lit(card_slot)}]", f"if {k} >= 0:", *indent(inline)]
    return [f"{k} = v[{lit(card_slot)}]", f"if {k} >= 0:",
            f"    {w.ref(move_one)}(s, {k}, {w.ref(to_slot)}(s, {SEAT}), {lit(bottom)}, s.actor)"]


def move_card(w: Any, which: Any, to_slot: Any, bottom: bool, by: Any, fn: Any) -> list[str]:
    """A card an expression names moved (cardsteps.move_card)."""
    p, k, b = w.temp("_p"), w.temp("_c"), w.temp("_a")
    inline = movesource.move_one(w, k, to_slot, p, bottom, b)
    if inline is None:
        return w.statements(fn)
    return [f"{p} = {SEAT}", f"{k} = {w.inline(which, p, '-1')}", f"if {k} >= 0:",
            f"    {b} = {w.inline(by, p, '-1')}", *indent(inline)]


def move_top(w: Any, source: Any, move_many: Any, to_slot: Any, bottom: bool, by: Any) -> list[str]:
    """The top card of a zone moved (a draw)."""
    inline = movesource.move_top(w, source, to_slot, bottom, by)
    if inline is not None:
        return inline
    cards, p = w.temp("_z"), w.temp("_p")
    return [f"{p} = {SEAT}", f"{cards} = {w.ref(source)}(s, {p}, -1)", f"if {cards}:",
            f"    {w.ref(move_many)}(s, {cards}, [{cards}[-1]], {w.ref(to_slot)}(s, {p}), {lit(bottom)}, "
            f"{w.inline(by, p, '-1')})"]


def seat_begin(w: Any, once: bool, saved: int, counter: int, guard: int, base: int, start: Any,
               skip: Any) -> list[str]:
    """The start of `turns`/`each_player` (loops.py's begin)."""
    lines = [f"v[{lit(saved)}] = {SEAT}", f"v[{lit(counter)}] = 0", f"v[{lit(guard)}] = 0",
             f"v[{lit(base)}] = {w.inline(start, SEAT, '-1')} % s.n"]
    return lines + _seat_after(w, once, counter, base, skip, f"v[{lit(base)}]")


def seat_advance(w: Any, once: bool, counter: int, base: int, after: Any, skip: Any) -> list[str]:
    """The turn passing on (loops.py's advance)."""
    if once:
        return [f"v[{lit(counter)}] += 1", *_seat_after(w, once, counter, base, skip, "")]
    p, seat = w.temp("_p"), w.temp("_s")
    nxt = f"{w.inline(after, p, '-1')} % s.n" if after is not None else f"({p} + 1) % s.n"
    return [f"{p} = {SEAT}", f"{seat} = {nxt}", *_seat_after(w, once, counter, base, skip, seat)]


def _seat_after(w: Any, once: bool, counter: int, base: int, skip: Any, seat: str) -> list[str]:
    """`current` set to the seat whose go it is: loops._next_once (each_player: the counter's place
    from the first seat, skipped seats passed over and counted) or loops._unskipped (`seat` or the
    first seat left of it not skipped), written out; -1 when none is left."""
    count, first = f"v[{lit(counter)}]", f"v[{lit(base)}]"
    if once:
        if skip is None:
            return [f"{SEAT} = ({first} + {count}) % s.n if {count} < s.n else -1"]
        q = w.temp("_q")
        return [f"while {count} < s.n:", f"    {q} = ({first} + {count}) % s.n",
                f"    if not {w.inline(skip, q, '-1')}:", "        break", f"    {count} += 1",
                "else:", f"    {q} = -1", f"{SEAT} = {q}"]
    if skip is None:
        return [f"{SEAT} = {seat}"]
    q, i = w.temp("_q"), w.temp("_k")
    return [f"for {i} in range(s.n):", f"    {q} = ({seat} + {i}) % s.n", f"    if not {w.inline(skip, q, '-1')}:",
            "        break", "else:", f"    {q} = -1", f"{SEAT} = {q}"]


def seat_restore(saved: int) -> list[str]:
    """The outer loop's `current` again (program.py's restore)."""
    return [f"{SEAT} = v[{lit(saved)}]"]


def choose(w: Any, choice: Any, at: int) -> list[str]:
    """A decision (machine.py's CHOOSE instruction): its actions listed, none skips it, one is taken
    at once, more wait with the program counter at `at`. The actions are listed here, option by
    option, as Choice.legal lists them (the same numbers in the same order)."""
    name, acts = w.ref(choice), w.temp("_l")
    lines = _legal(w, choice, acts)
    return lines + [f"if len({acts}) > 1:", "    s.dealing = False",
                    f"    s.pc, s.acts, s.choice = {lit(at)}, {acts}, {name}", "    return -1",
                    f"if not {acts}:", f"    return {name}.end", f"return {name}.enter(s, {acts}[0])"]


def _legal(w: Any, choice: Any, acts: str) -> list[str]:
    """Choice.legal written out: the chooser set as state.actor, the actions in `acts`."""
    p = w.temp("_p")
    lines = [f"{p} = {w.inline(choice.who, SEAT, '-1')} % s.n", f"s.actor = {p}"]
    if choice.any_sets:
        lines.append("s.picks = []")
    musts = w.temp("_l") if choice.any_must else acts
    offered = w.temp("_l") if any(o.lays is not None for o in choice.options) else None
    lines.append(f"{acts} = []")
    lines += [f"{musts} = []"] if musts != acts else []
    lines += [f"{offered} = {{}}"] if offered else []
    for i, option in enumerate(choice.options):
        body = _option_acts(w, choice, i, option, p, musts if option.must else acts, offered)
        if option.cond is not None:
            body = [f"if {w.inline(option.cond, p, '-1')}:", *indent(body)]
        elif i == 0 and len(body) == 1 and body[0].startswith(f"{acts} += ["):
            lines.remove(f"{acts} = []")      # the first list is the actions' list itself
            body = [f"{acts} = [" + body[0][len(f"{acts} += ["):]]
        lines += body
    if offered:
        lines += [f"if {offered}:", f"    s.offered = {offered}"]
    if musts != acts:
        lines += [f"if {musts}:", f"    {acts} = {musts}"]
    return lines


def _option_acts(w: Any, choice: Any, i: int, o: Any, p: str, out: str, offered: str | None) -> list[str]:
    """The statements adding one option's actions to the list `out` (Choice.legal's loop body)."""
    width, stride = choice.width, choice.cards + 1
    if o.lays is not None:
        found, j = w.temp("_l"), w.temp("_k")
        return [f"{found} = {w.ref(o.lays)}(s, {p})", f"if {found}:", f"    {offered}[{lit(i)}] = {found}",
                f"    {out} += [{lit(i)} + {lit(width)} * ({j} + 1) for {j} in range(len({found}))]"]
    if o.subset is not None:
        return [f"{w.ref(choice)}._sets(s, {p}, {lit(i)}, {w.ref(o)}, {out})"]
    if o.zone is None:
        if o.target is None:
            return [f"{out}.append({lit(i)})"]
        q = w.temp("_q")
        return [f"{out} += [{_action(i, width * stride, f'{q} + 1')} for {q} in range(s.n) "
                f"if {w.inline(o.target, q, '-1')}]"]
    k = w.temp("_k")
    zone = w.inline_zone(o.zone, p, "-1")
    if o.target is None:
        test = f" if {w.inline(o.where, p, k)}" if o.where is not None else ""
        return [f"{out} += [{_action(i, width, f'{k} + 1')} for {k} in {zone}{test}]"]
    q = w.temp("_q")
    test = f" if {w.inline(o.where, p, k)}" if o.where is not None else ""
    return [f"{out} += [{_action(i, width, f'({k} + 1) + {lit(stride)} * ({q} + 1)')} for {k} in {zone}{test} "
            f"for {q} in range(s.n) if {w.inline(o.target, q, k)}]"]


def _action(i: int, width: int, payload: str) -> str:
    """Source of the action i + width * (payload) (choice.py's numbering), with no `0 +` or `1 *`."""
    times = f"({payload})" if width == 1 else f"{lit(width)} * ({payload})"
    return times if i == 0 else f"{lit(i)} + {times}"
