"""The card moves of `move` and `deal` steps written out as statements, for runs compiled whole.

Why: a move through state.Moves is a Python call or two per card (the move, then `_arrive` for the
report's bookkeeping), and the bookkeeping asks the destination's kind of every card moved. A
zone's kind (held, put to use) is the same for all its slots, so it is known when the step is
compiled; written out, a move is a few statements with only the bookkeeping its zone needs. The
statements do what Moves.move_one, move_many and move_top do, in the same order, with the same
lists changed the same way: a game plays the same, card for card (tests/test_datagame_source.py).
Nothing of the game file is written as text: zone names reach the source as namespace entries.
"""

from __future__ import annotations

from typing import Any

from printgen.games.datagame.scope import CURRENT
from printgen.games.datagame.source import Unwritable, lit
from printgen.games.datagame.state import BOTH, EVERY, HAND, PLACE, USE, Moves

SEAT = f"v[{lit(CURRENT)}]"


def slot(w: Any, to_slot: Any, seat: str) -> str:
    """Source of the zone slot a move goes to (Moves.slot_of's function at `seat`)."""
    found = w.slot_nodes.get(id(to_slot))
    if found is not None:
        node, first, each = found[1:]
        if node.kind == "zone":
            try:
                return f"{lit(first)} + {w.expr(node.args[0], False, seat, '-1')} % s.n"
            except Unwritable:
                pass
        else:
            return f"{lit(first)} + {seat}" if each else lit(first)
    return f"{w.ref(to_slot)}(s, {seat})"


def kind_of(w: Any, to_slot: Any) -> tuple[int, str, int] | None:
    """(the destination zone's kind bits, its name's namespace entry, its first slot), or None when
    not known."""
    found = w.slot_nodes.get(id(to_slot))
    if found is None:
        return None
    name = found[1].value
    return w.zone_kinds[name], w.ref(name), found[2]


def _arrive(kind: int, k: str, by: str) -> list[str]:
    """Moves._arrive for a zone of this kind (the cards held and put to use, for the report)."""
    lines = []
    if kind & HAND:
        lines.append(f"s.held |= 1 << {k}")
    if kind & USE:
        lines += [f"if s.held >> {k} & 1:", f"    s.used |= 1 << {k}", f"    s.user[{k}] = {by}"]
    return lines


def seen(w: Any, m: str, k: str, src: str, on_top: str, t: str, to_top: str, first: int, placed: bool,
         kind: int) -> list[str]:
    """Moves.witnesses written out: statements setting `m` to State.seen of card `k` moved from slot
    `src` (its top card when `on_top`; by place when `placed`) to slot `t` (landing on top when
    `to_top`) of the zone whose first slot is `first` (a `faces: top` pile: the card it covers is
    remembered there by all; a hand: the zone only)."""
    sight, sight_top, named = w.sights
    whole, top = w.ref(sight), w.ref(sight_top)
    left = f"{top}[{src}]" if on_top == "True" else f"({top}[{src}] if {on_top} else {whole}[{src}])"
    right = f"{top}[{t}]" if to_top == "True" else f"({top}[{t}] if {to_top} else {whole}[{t}])"
    value = f"{left} | {right}" + (f" | (s.seen[{k}] >> {lit(PLACE)}) * {lit(BOTH)}" if placed else "")
    lines = []
    if sight_top[first] != sight[first]:
        lines = [f"if {to_top} and s.z[{t}]:", f"    s.seen[s.z[{t}][-1]] = {lit(EVERY * BOTH)}"]
    if named:
        names = ", ".join(f"s.v[{lit(i)}]" for i in named)
        value = f"{lit(EVERY * BOTH)} if {k} in ({names},) else {value}"
    if kind & HAND:
        value = f"({value}) & {lit(EVERY)}"
    return [*lines, f"{m} = {value}"]


def forget(w: Any, m: str, cards: str, placed: bool) -> list[str]:
    """Moves.forget of the cards left in `cards`, for the seats not in `m` (seen of the card moved)."""
    u = w.temp("_a")
    vague = f" and s.vague >> s.loc[{cards}[0]] & 1" if placed else ""     # Moves.forget's first test, inline
    return [f"{u} = ~{m} & {lit(EVERY)}", f"if {u} and {cards}{vague}:",
            f"    {w.ref(Moves.forget)}(s, {cards}, {u}, {lit(placed)})"]


def move_one(w: Any, k: str, to_slot: Any, seat: str, bottom: bool, by: str) -> list[str] | None:
    """Moves.move_one of card `k` (a name bound already, >= 0) by seat `by` (a name or a number)."""
    known = kind_of(w, to_slot)
    if known is None:
        return None
    kind, name, first = known
    t = w.temp("_s")
    a, m = w.temp("_z"), w.temp("_a")
    lines = [f"{t} = {slot(w, to_slot, seat)}", f"{a} = s.z[s.loc[{k}]]",
             *seen(w, m, k, f"s.loc[{k}]", f"{a}[-1] == {k}", t, f"not s.z[{t}]" if bottom else "True", first, False,
                  kind),
             f"{a}.remove({k})", *forget(w, m, a, False), f"s.seen[{k}] = {m}"]
    if not kind & HAND:
        lines += ["if s.dealing:", f"    s.more[{name}] = s.more.get({name}, 0) + 1"]
    lines.append(f"s.z[{t}].insert(0, {k})" if bottom else f"s.z[{t}].append({k})")
    lines += [f"s.loc[{k}] = {t}", f"s.by[{k}] = {by}"]
    return lines + _arrive(kind, k, by)


def move_top(w: Any, source: Any, to_slot: Any, bottom: bool, by: Any) -> list[str] | None:
    """The top card of a zone moved (a draw): Moves.move_many of that one card."""
    known = kind_of(w, to_slot)
    if known is None:
        return None
    kind, name, first = known
    cards, p, k, b, t, m = w.temp("_z"), w.temp("_p"), w.temp("_k"), w.temp("_a"), w.temp("_s"), w.temp("_a")
    body = [f"{k} = {cards}.pop()", f"{t} = {slot(w, to_slot, p)}", f"{b} = {w.inline(by, p, '-1')}",
            *seen(w, m, k, f"s.loc[{k}]", "True", t, f"not s.z[{t}]" if bottom else "True", first, True, kind),
            *forget(w, m, cards, True), f"s.seen[{k}] = {m}",
            f"s.z[{t}].insert(0, {k})" if bottom else f"s.z[{t}].append({k})",
            f"s.loc[{k}] = {t}", f"s.by[{k}] = {b}", *_arrive(kind, k, b)]
    if not kind & HAND:
        body += ["if s.dealing:", f"    s.more[{name}] = s.more.get({name}, 0) + 1"]
    return [f"{p} = {SEAT}", f"{cards} = {w.inline_zone(source, p, '-1')}", f"if {cards}:",
            *["    " + line for line in body]]


def move_cards(w: Any, source: Any, to_slot: Any, bottom: bool, by: Any, test: Any, every: bool,
               count: Any) -> list[str] | None:
    """cardsteps.move_cards: the cards of a zone (those passing `test`; `count` of them from the
    top, or every one) moved as Moves.move_many moves them."""
    known = kind_of(w, to_slot)
    if known is None:
        return None
    kind, name, first = known
    p, cards, chosen, k, t, b = (w.temp(stem) for stem in ("_p", "_z", "_c", "_k", "_s", "_a"))
    lines = [f"{p} = {SEAT}", f"{cards} = {w.inline_zone(source, p, '-1')}"]
    if test is not None:
        lines.append(f"{chosen} = [{k} for {k} in {cards} if {w.inline(test, p, k)}]")
    else:
        lines.append(f"{chosen} = {cards}[:]")
    if not every:
        n = w.temp("_a")
        wanted = w.inline(count, p, "-1") if count is not None else "1"
        lines += [f"{n} = {wanted}", f"if {n} < len({chosen}):", f"    {chosen} = {chosen}[len({chosen}) - {n}:]",
                  f"{chosen}.reverse()"]
    top, src, up, m, u = w.temp("_k"), w.temp("_s"), w.temp("_a"), w.temp("_a"), w.temp("_a")
    placed = test is None
    body = [f"{t} = {slot(w, to_slot, p)}", f"{b} = {w.inline(by, p, '-1')}",
            f"{top} = {cards}[-1]", f"{src} = s.loc[{chosen}[0]]", f"{up} = not s.z[{t}]" if bottom else f"{up} = True",
            f"{u} = -1", f"for {k} in {chosen}:",
            *["    " + x for x in seen(w, m, k, src, f"{k} == {top}", t, up, first, placed, kind)],
            f"    s.seen[{k}] = {m}", f"    {u} &= {m}",
            f"if len({chosen}) == len({cards}):", f"    {cards}.clear()",
            f"elif len({chosen}) == 1:", f"    {cards}.remove({chosen}[0])",
            "else:", f"    {cards}[:] = [{k} for {k} in {cards} if {k} not in {chosen}]",
            *forget(w, u, cards, placed),
            f"s.z[{t}][0:0] = {chosen}" if bottom else f"s.z[{t}].extend({chosen})",
            f"for {k} in {chosen}:", f"    s.loc[{k}] = {t}", f"    s.by[{k}] = {b}",
            *["    " + line for line in _arrive(kind, k, b)]]
    if not kind & HAND:
        body += ["if s.dealing:", f"    s.more[{name}] = s.more.get({name}, 0) + len({chosen})"]
    return lines + [f"if {chosen}:", *["    " + line for line in body]]


def deal(w: Any, source: Any, first: int, kind: int, start: Any, skip: Any, every: bool, even: bool, count: Any,
         written: Any) -> list[str]:
    """cardsteps.deal: a card at a time to each seat in turn (Moves.move_top per card)."""
    p, cards, f, seats, q, i, n, want, k, t = (w.temp(stem) for stem in
                                               ("_p", "_z", "_a", "_l", "_q", "_k", "_a", "_l", "_k", "_s"))
    lines = [f"{p} = {SEAT}", f"{cards} = {w.inline_zone(source, p, '-1')}",
             f"{f} = {w.inline(start, p, '-1')} % s.n",
             f"{seats} = [({f} + {i}) % s.n for {i} in range(s.n)]"]
    if skip is not None:
        lines.append(f"{seats} = [{q} for {q} in {seats} if not {w.inline(skip, q, '-1')}]")
    if every:
        rounds = (f"len({cards}) // len({seats})" if even else f"-(-len({cards}) // len({seats}))")
    else:
        rounds = w.inline(count, p, "-1")
    m = w.temp("_a")
    card = [f"{k} = {cards}.pop()", f"{t} = {lit(first)} + {q}",
            *seen(w, m, k, f"s.loc[{k}]", "True", t, "True", first, True, kind), f"s.seen[{k}] = {m}",
            f"s.z[{t}].append({k})", f"s.loc[{k}] = {t}",
            f"s.by[{k}] = -1", *_arrive(kind, k, "-1")]
    each = [f"if {want} is not None:", f"    {want}[{q}] += 1", f"if {cards}:", *["    " + x for x in card],
            "elif s.short_at is None:", f"    s.short_at = {w.ref(written)}"]
    scan = f"{w.ref(Moves.forget)}(s, {cards}, ~{w.ref(w.sights[1])}[s.loc[{cards}[-1]]] & {lit(EVERY)}, True)"
    loop = [f"{n} = {rounds}", f"{want} = s.want if s.dealing else None",
            f"if {cards} and {n} > 0:", f"    {scan}", f"for {i} in range({n}):",
            f"    for {q} in {seats}:", *["        " + x for x in each]]
    return lines + [f"if {seats}:", *["    " + x for x in loop]]
