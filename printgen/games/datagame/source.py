"""Expressions of a game file written out as Python source and compiled once per prepared deck.

Why: an expression built as nested closures (scope.py) costs one Python call per operator and
per name, and a game asks its conditions for every card and seat of every decision; the same
expression as one `lambda s, p, c: ...` is one call. The closures stay the reference: the source
written here for a node is the same Python operators on the same values, in the same order, as the
closure scope.py builds for it, and any node this module does not write out (a function it has no
template for, a name bound by sum_over) is called as that very closure. So a game plays the same,
draw for draw, with or without this module.

Why this cannot reach Python (the safety argument, also in docs/architecture.md): what is compiled
is made of our templates only. Nothing the game file says is ever put into the source as text: a
name in an expression is looked up in the scope's tables and becomes a slot number, a table or a
closure; a number is emitted through `lit`, which accepts only int (or bool) values and writes
their repr; every identifier in the source is one of ours (`s`, `p`, `c`, the temporaries `_w0`,
the comprehension variables `_k0`/`_q0`, the namespace entries `_o0` and the builtins listed in
SAFE_BUILTINS); the namespace holds only those, with empty `__builtins__`. A template the source
cannot compile in (a rare nesting Python refuses) falls back to the closure.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from printgen.games.datagame.expr import Fn, Node

SAFE_BUILTINS: dict[str, Any] = {"len": len, "abs": abs, "max": max, "min": min, "range": range, "any": any,
                                 "sum": sum}
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
_COMPARE = ("==", "!=", "<", "<=", ">", ">=")
_ARITH = ("+", "-", "*")


class Unwritable(Exception):
    """A node with no template here: its closure is called instead."""


def lit(value: Any) -> str:
    """A number as source: only a validated int or bool is ever written."""
    if type(value) is bool:
        return "True" if value else "False"
    if type(value) is not int:
        raise TypeError(f"only whole numbers are written into generated source, not {type(value).__name__}")
    return repr(value)


class Writer:
    """The namespace of one prepared deck's generated functions, and the writing of expressions.

    `scope` is the Scope (scope.py) that built the closures; `built` maps (id(node), in_card) to
    the (node, closure) scope.build made for it, so a node not written out is called as its own
    closure, never built twice (a sum_over takes a variable slot when it is built)."""

    def __init__(self, scope: Any):
        self.scope = scope
        self.built: dict[tuple[int, bool], tuple[Node, Fn]] = {}
        self.ns: dict[str, Any] = {"__builtins__": {}, **SAFE_BUILTINS}
        self.names: dict[int, str] = {}          # id(object) -> its name in the namespace
        self.temps = 0
        self.written: dict[int, tuple[Fn, Node, bool]] = {}     # id(function made here) -> how
        self.lines: dict[int, tuple[Any, list[str]]] = {}       # id(step function) -> its statements
        self.zone_nodes: dict[int, tuple[Any, Node]] = {}       # id(zone function) -> its node
        self.exprs: dict[int, tuple[Any, Callable[[Any, str, str], str]]] = {}   # id(fn) -> its template
        self.overs: dict[int, tuple[int, list[int], str]] = {}   # id(a ..._over's body) -> (slot, values, name)
        self.slot_nodes: dict[int, tuple[Any, Node, int, bool]] = {}   # id(Moves.slot_of's) -> its zone
        self.zone_kinds: dict[str, int] = {}                    # zone name -> its kind bits (state.py)
        self.sights: tuple[list[int], list[int], tuple[int, ...]] = ([], [], ())   # Prepared's sight, .._top, named
        self.texts: list[str] = []                              # every source compiled (for the tests)

    # -- the namespace ---------------------------------------------------------------------------
    def ref(self, obj: Any) -> str:
        """A name in the namespace for one of our objects (a table, a closure)."""
        name = self.names.get(id(obj))
        if name is None:
            name = f"_o{len(self.names)}"
            self.names[id(obj)] = name
            self.ns[name] = obj
        return name

    def temp(self, stem: str = "_w") -> str:
        self.temps += 1
        return f"{stem}{self.temps}"

    def compile(self, params: str, body: str) -> Any:
        """`lambda PARAMS: BODY` in the namespace; None when Python refuses the source."""
        assert all(_IDENT.match(x.strip()) for x in params.split(",")), params
        text = f"lambda {params}: {body}"
        self.texts.append(text)
        try:
            code = compile(text, "<game file>", "eval")
        except SyntaxError:
            return None
        return eval(code, self.ns)  # noqa: S307 (our own templates only: see the module's docstring)

    def define(self, name: str, lines: list[str], at: int = -1, params: str = "s") -> Any:
        """A function `def NAME(PARAMS):` of the given body lines, compiled in the namespace; None
        when refused. `at` (an instruction's index) names its source in a profile or a traceback."""
        assert _IDENT.match(name), name
        assert all(_IDENT.match(x.strip()) for x in params.split(",")), params
        text = f"def {name}({params}):\n" + "".join(f"    {line}\n" for line in lines)
        self.texts.append(text)
        try:
            code = compile(text, f"<game file {lit(at)}>" if at >= 0 else "<game file>", "exec")
        except SyntaxError:
            return None
        scratch = dict(self.ns)
        exec(code, scratch)  # noqa: S102 (our own templates only: see the module's docstring)
        return scratch[name]

    # -- expressions -----------------------------------------------------------------------------
    def function(self, node: Node, in_card: bool, closure: Fn) -> Fn:
        """The expression as one compiled function, or its closure when nothing is gained."""
        try:
            body = self.expr(node, in_card, "p", "c")
        except Unwritable:
            return closure
        made = self.compile("s, p, c", body)
        if made is None:
            return closure
        self.written[id(made)] = (made, node, in_card)
        return made

    def inline(self, fn: Any, seat: str, card: str) -> str:
        """Source of a call of expression `fn` at this seat and card: its own source when it was
        written here, else a call of it."""
        found = self.written.get(id(fn))
        if found is not None:
            try:
                return self.expr(found[1], found[2], seat, card)
            except Unwritable:
                pass
        said = self.exprs.get(id(fn))
        if said is not None:
            return said[1](self, seat, card)
        return f"{self.ref(fn)}(s, {seat}, {card})"

    def inline_zone(self, fn: Any, seat: str, card: str) -> str:
        """Source of zone function `fn` (one Compiler.zone made) at this seat and card, with no
        `:=` (it may stand as a comprehension's iterable); else a call of it."""
        found = self.zone_nodes.get(id(fn))
        if found is not None:
            try:
                return _no_walrus(self.zone(found[1], False, seat, card))
            except Unwritable:
                pass
        return f"{self.ref(fn)}(s, {seat}, {card})"

    # -- steps -----------------------------------------------------------------------------------
    def step(self, fn: Any, lines: list[str]) -> Any:
        """Remember the statements that do what step function `fn` does (with `v` bound to s.v), so
        a run of steps can be compiled as one function (machine.link); `fn` is returned."""
        self.lines[id(fn)] = (fn, lines)
        return fn

    def statements(self, fn: Any) -> list[str]:
        """The statements of a step function: its own when remembered, else a call of it."""
        found = self.lines.get(id(fn))
        return list(found[1]) if found is not None else [f"{self.ref(fn)}(s)"]

    def closure(self, node: Node, in_card: bool, seat: str, card: str) -> str:
        found = self.built.get((id(node), in_card))
        if found is None:
            raise Unwritable(node.kind)
        return f"{self.ref(found[1])}(s, {seat}, {card})"

    def expr(self, node: Node, in_card: bool, seat: str, card: str) -> str:
        """Source of the node's value, `seat` and `card` naming the seat and card it is asked of."""
        sc = self.scope
        value = sc.constant(node, in_card)
        if value is not None:
            return lit(value)
        kind = node.kind
        if kind == "name":
            return self.name(node, in_card, seat, card)
        if kind == "attr":
            return self.attr(node, in_card, seat, card)
        if kind == "unary":
            inner = self.expr(node.args[0], in_card, seat, card)
            return f"(not {inner})" if node.value == "not" else f"(-{inner})"
        if kind == "binary":
            return self.binary(node, in_card, seat, card)
        if kind == "call":
            return self.call(node, in_card, seat, card)
        return self.closure(node, in_card, seat, card)

    def name(self, node: Node, in_card: bool, seat: str, card: str) -> str:
        sc, name = self.scope, node.value
        if name in sc.bound:                      # a name sum_over & co. bind (only while _over writes)
            return f"s.v[{lit(sc.bound[name])}]"
        if name == "players":
            return "s.n"
        if name in ("seat", "me"):
            return seat
        if name == "score":
            return f"s.score[{seat}]"
        if name == "actor":
            return "s.actor"
        if name == "card" and in_card:
            return card
        if name in sc.vars:
            return f"s.v[{lit(sc.vars[name])}]"
        if name in sc.options:
            return lit(sc.options[name])
        if name in sc.attrs and in_card:
            return f"{self.table(sc.attrs[name])}[{card}]"
        return self.closure(node, in_card, seat, card)

    def table(self, values: list[int]) -> str:
        return self.ref(values)

    def attr(self, node: Node, in_card: bool, seat: str, card: str) -> str:
        sc = self.scope
        if node.value not in sc.attrs:
            return self.closure(node, in_card, seat, card)
        table = self.table(sc.attrs[node.value])
        inner = node.args[0]
        if inner.kind == "name" and inner.value == "card" and in_card:
            return f"{table}[{card}]"
        if inner.kind == "call" and inner.value in ("top", "bottom") and len(inner.args) == 1:
            zone, w = self.zone(inner.args[0], in_card, seat, card), self.temp()
            at = "-1" if inner.value == "top" else "0"
            return f"({table}[{w}[{at}]] if ({w} := {zone}) else -1)"
        which, w = self.expr(inner, in_card, seat, card), self.temp()
        return f"({table}[{w}] if ({w} := {which}) >= 0 else -1)"

    def binary(self, node: Node, in_card: bool, seat: str, card: str) -> str:
        op = node.value
        left, right = node.args
        if op in ("and", "or"):
            terms = _chained(node, op)
            if all(_is_truth(t) for t in terms):           # `no == 1 or x`: the constant term adds nothing
                kept = [t for t in terms if self.scope.constant(t, in_card) is None
                        or bool(self.scope.constant(t, in_card)) == (op == "or")]
                terms = kept or terms
            whole = f" {op} ".join(self.expr(t, in_card, seat, card) for t in terms)
            return f"({whole})" if all(_is_truth(t) for t in terms) else f"(1 if ({whole}) else 0)"
        number = self.scope.constant(right, in_card)
        if op in ("/", "%"):
            a = self.expr(left, in_card, seat, card)
            py = "//" if op == "/" else "%"
            if number is not None:
                return "0" if not number else f"({a} {py} {lit(number)})"
            d = self.temp()
            return f"({a} {py} {d} if ({d} := {self.expr(right, in_card, seat, card)}) else 0)"
        if op in ("==", "!=", ">") and number == 0 and left.kind == "call" and left.value == "count" \
                and len(left.args) == 1:          # count(hand) == 0: the zone's own truth, no len()
            try:
                zone = self.zone(left.args[0], in_card, seat, card)
            except Unwritable:
                zone = ""
            if zone:
                return f"(not {zone})" if op == "==" else f"(not not {zone})"
        if op in _COMPARE or op in _ARITH:
            a, b = self.expr(left, in_card, seat, card), self.expr(right, in_card, seat, card)
            return f"({a} {op} {b})"
        return self.closure(node, in_card, seat, card)

    def zone(self, node: Node, in_card: bool, seat: str, card: str) -> str:
        """Source of a zone argument (the list of its cards), as scope.zone reads it."""
        sc = self.scope
        if node.kind not in ("name", "zone") or node.value not in sc.zones:
            raise Unwritable("zone")
        first, each = sc.zones[node.value]
        if node.kind == "zone":
            if not each:
                raise Unwritable("zone")
            if node.args[0].kind == "name" and node.args[0].value in ("seat", "me"):
                return f"s.z[{lit(first)} + {seat}]"
            owner = self.expr(node.args[0], in_card, seat, card)
            return f"s.z[{lit(first)} + {owner} % s.n]"
        return f"s.z[{lit(first)} + {seat}]" if each else f"s.z[{lit(first)}]"

    def call(self, node: Node, in_card: bool, seat: str, card: str) -> str:
        name, args = node.value, node.args
        writer = _CALLS.get(name)
        if writer is None:
            return self.closure(node, in_card, seat, card)
        try:
            return writer(self, args, in_card, seat, card)
        except Unwritable:
            return self.closure(node, in_card, seat, card)


def _chained(node: Node, op: str) -> list[Node]:
    if node.kind == "binary" and node.value == op:
        return _chained(node.args[0], op) + _chained(node.args[1], op)
    return [node]


def _is_truth(node: Node) -> bool:
    """As scope.is_truth: a value that is Python's True/False already."""
    if node.kind == "unary":
        return node.value == "not"
    if node.kind == "binary":
        if node.value in ("and", "or"):
            return _is_truth(node.args[0]) and _is_truth(node.args[1])
        return node.value in _COMPARE
    return node.kind == "call" and node.value == "has"


def _no_walrus(text: str) -> str:
    """A comprehension's iterable may hold no `:=` (Python refuses it): such a one is no template."""
    if ":=" in text:
        raise Unwritable("iterable")
    return text


def _count(w: Writer, args: tuple[Node, ...], in_card: bool, seat: str, card: str) -> str:
    zone = _no_walrus(w.zone(args[0], in_card, seat, card))
    if len(args) == 1:
        return f"len({zone})"
    k = w.temp("_k")
    if _simple(w, args[1]):                       # as shapes.count_where: the values listed, counted in C
        table, other = _attr_side(w, args[1])
        return f"[{w.table(table)}[{k}] for {k} in {zone}].count({w.expr(other, True, seat, card)})"
    return f"len([0 for {k} in {zone} if {w.expr(args[1], True, seat, k)}])"


def _sum(w: Writer, args: tuple[Node, ...], in_card: bool, seat: str, card: str) -> str:
    zone, k = _no_walrus(w.zone(args[0], in_card, seat, card)), w.temp("_k")
    return f"sum([{w.expr(args[1], True, seat, k)} for {k} in {zone}])"


def _over(pick: str) -> Callable[[Writer, tuple[Node, ...], bool, str, str], str]:
    """sum_over & co. (overvalues.py): the bound name's slot set to each value in turn, as the
    comprehension's own target, and the body's values added up or the least or most taken."""
    def write(w: Writer, args: tuple[Node, ...], in_card: bool, seat: str, card: str) -> str:
        found = w.overs.get(id(args[2]))
        if found is None:
            raise Unwritable("over")
        slot, values, word = found
        w.scope.bound[word] = slot
        try:
            body = w.expr(args[2], in_card, seat, card)
        finally:
            del w.scope.bound[word]
        whole = f"[{body} for s.v[{lit(slot)}] in {w.ref(values)}]"
        return f"sum({whole})" if pick == "sum" else f"{pick}({whole}, default=-1)"
    return write


def _has(w: Writer, args: tuple[Node, ...], in_card: bool, seat: str, card: str) -> str:
    zone = w.zone(args[0], in_card, seat, card)
    if len(args) == 1:
        return f"(1 if {zone} else 0)"
    zone, k = _no_walrus(zone), w.temp("_k")
    if _simple(w, args[1]):                       # as shapes.has_where: the value among the zone's values
        table, other = _attr_side(w, args[1])
        return f"({w.expr(other, True, seat, card)} in [{w.table(table)}[{k}] for {k} in {zone}])"
    # the closures stop at the first card found; asking every card gives the same truth (an
    # expression changes nothing), with no call per card
    return f"any([{w.expr(args[1], True, seat, k)} for {k} in {zone}])"


def _attr_side(w: Writer, node: Node) -> tuple[list[int], Node]:
    """(the attribute's table, the other side) of a condition `ATTR == VAR or NUMBER` (_simple's)."""
    sides = [w.scope.leaf(arg, True) for arg in node.args]
    table = next(side[1] for side in sides if side is not None and side[0] == "attr")
    other = next(arg for arg, side in zip(node.args, sides) if side is None or side[0] != "attr")
    return table, other


def _simple(w: Writer, node: Node) -> bool:
    """ATTR == VAR or NUMBER, the condition shapes.count_where/has_where take."""
    if node.kind != "binary" or node.value != "==":
        return False
    sides = [w.scope.leaf(arg, True) for arg in node.args]
    kinds = sorted(side[0] for side in sides if side is not None)
    return kinds in (["attr", "var"], ["attr", "num"])


def _end(at: str) -> Callable[[Writer, tuple[Node, ...], bool, str, str], str]:
    def write(w: Writer, args: tuple[Node, ...], in_card: bool, seat: str, card: str) -> str:
        zone, t = w.zone(args[0], in_card, seat, card), w.temp()
        return f"({t}[{at}] if ({t} := {zone}) else -1)"
    return write


def _seat_fn(offset: str) -> Callable[[Writer, tuple[Node, ...], bool, str, str], str]:
    def write(w: Writer, args: tuple[Node, ...], in_card: bool, seat: str, card: str) -> str:
        inner = w.expr(args[0], in_card, seat, card) if args else seat
        return f"(({inner} {offset}) % s.n)"
    return write


def _abs(w: Writer, args: tuple[Node, ...], in_card: bool, seat: str, card: str) -> str:
    return f"abs({w.expr(args[0], in_card, seat, card)})"


def _score_of(w: Writer, args: tuple[Node, ...], in_card: bool, seat: str, card: str) -> str:
    return f"s.score[{w.expr(args[0], in_card, seat, card)} % s.n]"


def _played_by(w: Writer, args: tuple[Node, ...], in_card: bool, seat: str, card: str) -> str:
    which, t = w.expr(args[0], in_card, seat, card), w.temp()
    return f"(s.by[{t}] if ({t} := {which}) >= 0 else -1)"


def _players(w: Writer, args: tuple[Node, ...], in_card: bool, seat: str, card: str) -> str:
    q = w.temp("_q")
    return f"len([0 for {q} in range(s.n) if {w.expr(args[0], in_card, q, card)}])"


def _over_seats(pick: str) -> Callable[[Writer, tuple[Node, ...], bool, str, str], str]:
    def write(w: Writer, args: tuple[Node, ...], in_card: bool, seat: str, card: str) -> str:
        q = w.temp("_q")
        return f"{pick}([{w.expr(args[0], in_card, q, card)} for {q} in range(s.n)])"
    return write


def _extreme(pick: str) -> Callable[[Writer, tuple[Node, ...], bool, str, str], str]:
    def write(w: Writer, args: tuple[Node, ...], in_card: bool, seat: str, card: str) -> str:
        if args and args[0].kind in ("name", "zone") and args[0].value in w.scope.zones:
            raise Unwritable("over a zone")
        a, b = (w.expr(arg, in_card, seat, card) for arg in args)
        return f"{pick}({a}, {b})"
    return write


_CALLS: dict[str, Callable[[Writer, tuple[Node, ...], bool, str, str], str]] = {
    "count": _count, "has": _has, "top": _end("-1"), "bottom": _end("0"), "left": _seat_fn("+ 1"),
    "right": _seat_fn("- 1"), "abs": _abs, "score_of": _score_of, "played_by": _played_by,
    "players": _players, "most": _over_seats("max"), "least": _over_seats("min"),
    "max": _extreme("max"), "min": _extreme("min"), "sum": _sum, "sum_over": _over("sum"),
    "min_over": _over("min"), "max_over": _over("max"),
}
