"""What the names of a game file mean, and expressions turned into closures over the game's state.

Why a compile step: an expression is read once (at load, to name every mistake with its line) and
built into nested Python closures once per prepared deck, where card attributes and options are
already known tables and numbers; playing then calls plain functions, with no tree walked per step.
The state a closure reads has `z` (zones: lists of card indices, top last), `v` (variables), `n`
(players) and `score`; see state.py.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from printgen.games.datagame.expr import ExprError, Fn, Node, parse
from printgen.games.datagame.overvalues import over_values
from printgen.games.datagame.shapes import OPPOSITE, Leaf, chain, count_where, has_where, leaf_pair

# The variables every game has, in these slots; a game file's own `vars:` follow them.
BUILTIN_VARS = ("current", "dealer", "rounds", "turns", "card", "target")
CURRENT, DEALER, ROUNDS, TURNS, CARD, TARGET = range(len(BUILTIN_VARS))

ZoneFn = Callable[[Any, int, int], list[int]]


@dataclass
class Scope:
    """The names one game file declares: card attributes (a table per attribute: card -> number),
    variables (slots of state.v), zones (first slot in state.z, per player or shared) and options
    (numbers, fixed per prepared deck)."""

    attrs: dict[str, list[int]] = field(default_factory=dict)
    vars: dict[str, int] = field(default_factory=dict)
    zones: dict[str, tuple[int, bool]] = field(default_factory=dict)   # name -> (first slot, per player)
    options: dict[str, int] = field(default_factory=dict)
    bound: dict[str, int] = field(default_factory=dict)     # names sum_over & co. bind -> their slot in v
    new_slot: Callable[[], int] | None = None                # a hidden variable slot (the compiler's)
    players: tuple[int, ...] = ()                            # the player counts the game allows
    writer: Any = None                                       # source.Writer: expressions compiled whole

    def compile(self, text: Any) -> Fn:
        """The expression as a function; ExprError naming the unknown name or the misuse."""
        return self.whole(parse(text), in_card=False)

    def compile_card(self, text: Any) -> Fn:
        """A card condition: its bare attribute names (`suit`) are the card's being asked about."""
        return self.whole(parse(text), in_card=True)

    def whole(self, node: Node, in_card: bool) -> Fn:
        """The expression built as closures (which checks every name), then, with a writer, written
        out as one compiled function that gives the same values (source.py)."""
        fn = self.build(node, in_card)
        return fn if self.writer is None else self.writer.function(node, in_card, fn)

    # -- building ------------------------------------------------------------------------------
    def build(self, node: Node, in_card: bool) -> Fn:
        fn = self._build(node, in_card)
        if self.writer is not None:
            self.writer.built[(id(node), in_card)] = (node, fn)
        return fn

    def _build(self, node: Node, in_card: bool) -> Fn:
        kind = node.kind
        if kind == "num" or kind in ("unary", "binary", "name"):
            value = self.constant(node, in_card)
            if value is not None:
                return lambda s, p, c: value
        if kind == "name":
            return self._name(node.value, in_card)
        if kind == "attr":
            return self._attr(node, in_card)
        if kind == "unary":
            arg = node.args[0]
            if node.value == "not" and arg.kind == "binary" and arg.value in OPPOSITE:
                return self._binary(Node("binary", OPPOSITE[arg.value], arg.args), in_card)
            inner = self.build(arg, in_card)
            if node.value == "not":
                return lambda s, p, c: not inner(s, p, c)
            return lambda s, p, c: -inner(s, p, c)
        if kind == "binary":
            return self._binary(node, in_card)
        if kind == "call":
            return self._call(node, in_card)
        if kind == "zone":
            raise ExprError(f"the zone '{node.value}@...' is a pile of cards, not a number",
                            "count it: count(" + node.value + "@...)")
        raise ExprError(f"cannot read '{node.value}'")

    def _name(self, name: str, in_card: bool) -> Fn:
        if name in self.bound:
            slot = self.bound[name]
            return lambda s, p, c: s.v[slot]
        if name in ("players",):
            return lambda s, p, c: s.n
        if name in ("seat", "me"):
            return lambda s, p, c: p
        if name == "score":
            return lambda s, p, c: s.score[p]
        if name == "actor":
            return lambda s, p, c: s.actor
        if name == "card" and in_card:
            return lambda s, p, c: c
        if name in self.vars:
            slot = self.vars[name]
            return lambda s, p, c: s.v[slot]
        if name in self.options:
            value = self.options[name]
            return lambda s, p, c: value
        if name in self.attrs:
            if not in_card:
                raise ExprError(f"'{name}' is a card attribute: say whose, e.g. card.{name} or top(pile).{name}",
                                "inside a card condition (where:) a bare attribute is the card's own")
            table = self.attrs[name]
            return lambda s, p, c: table[c]
        if name == "picked":              # the set of cards chosen by sum (subsets.py)
            if in_card:
                return lambda s, p, c: (s.picked >> c) & 1 if c >= 0 else 0
            return lambda s, p, c: s.picked.bit_count()
        if name in self.zones:
            raise ExprError(f"'{name}' is a zone (a pile of cards), not a number", f"count it: count({name})")
        raise ExprError(f"unknown name '{name}'", self._known())

    def _known(self) -> str:
        parts: list[tuple[str, dict[str, Any]]] = [("attributes", self.attrs), ("variables", self.vars),
                                                   ("zones", self.zones), ("options", self.options)]
        return "; ".join(f"{what}: {', '.join(sorted(names))}" for what, names in parts if names)

    def _attr(self, node: Node, in_card: bool) -> Fn:
        name = node.value
        if name not in self.attrs:
            raise ExprError(f"cards have no attribute '{name}'",
                            "attributes: " + ", ".join(sorted(self.attrs)) if self.attrs else "declare it under cards:")
        table = self.attrs[name]
        inner = node.args[0]
        if inner.kind == "name" and inner.value == "card" and in_card:
            return lambda s, p, c: table[c]
        if inner.kind == "call" and inner.value in ("top", "bottom") and len(inner.args) == 1:
            # top(pile).rank in one closure: it is read for every card and seat a decision weighs
            zone, at = self.zone(inner.args[0], in_card), (-1 if inner.value == "top" else 0)
            return lambda s, p, c: table[cards[at]] if (cards := zone(s, p, c)) else -1
        which = self.build(inner, in_card)
        return lambda s, p, c: table[k] if (k := which(s, p, c)) >= 0 else -1

    def _binary(self, node: Node, in_card: bool) -> Fn:
        op = node.value
        left, right = node.args
        if op in ("and", "or"):
            terms = _chained(node, op)
            built = [self.build(term, in_card) for term in terms]
            if all(is_truth(term) for term in terms):      # already True/False: no 1-or-0 needed
                return chain(op, built)
            whole = chain(op, built)
            return lambda s, p, c: 1 if whole(s, p, c) else 0
        fast = leaf_pair(op, self.leaf(left, in_card), self.leaf(right, in_card))
        if fast is not None:
            return fast
        number = self.constant(right, in_card)
        if number is not None and op in ("/", "%"):
            if not number:
                return lambda s, p, c: 0
            a = self.build(left, in_card)
            return (lambda s, p, c: a(s, p, c) // number) if op == "/" else (lambda s, p, c: a(s, p, c) % number)
        if number is not None and op in _WITH_NUMBER:
            return _WITH_NUMBER[op](self.build(left, in_card), number)
        number = self.constant(left, in_card)
        if number is not None and op in _SWAPPED:
            return _WITH_NUMBER[_SWAPPED[op]](self.build(right, in_card), number)
        return _BINARY[op](self.build(left, in_card), self.build(right, in_card))

    def constant(self, node: Node, in_card: bool) -> Any:
        """The value of an expression that reads nothing of the state (numbers, options, and
        arithmetic and comparisons of them), worked out once when the deck is prepared; None when
        it reads the state. The value is the one its closure would give, worked out by that closure."""
        kind = node.kind
        if kind == "num":
            return node.value
        if kind == "name":
            name = node.value
            if name in self.options and name not in self.bound and name not in self.vars \
                    and name not in ("players", "seat", "me", "score", "actor"):
                return self.options[name]
            return None
        if kind not in ("unary", "binary"):
            return None
        values = []
        for arg in node.args:
            value = self.constant(arg, in_card)
            if value is None:
                return None
            values.append(value)
        if kind == "unary":
            return (not values[0]) if node.value == "not" else -values[0]
        folded = Node(kind, node.value, tuple(Node("num", value) for value in values))
        return self._binary(folded, in_card)(None, 0, -1)

    def leaf(self, node: Node, in_card: bool) -> Leaf | None:
        """The side of a comparison read straight from a table, for the closures of shapes.py."""
        if node.kind == "name":
            name = node.value
            if name in self.bound:
                return "var", self.bound[name]
            if name in ("seat", "me"):
                return "seat", None
            if name in self.vars and not (name == "card" and in_card):
                return "var", self.vars[name]
            if in_card and name in self.attrs and name not in self.vars and name not in self.options \
                    and name not in ("players", "score", "actor"):
                return "attr", self.attrs[name]
        elif node.kind == "call" and node.value == "count" and len(node.args) == 1 and _plain(self, node.args[0]):
            first, each = self.zones[node.args[0].value]
            return ("own" if each else "shared"), first
        elif node.kind == "attr" and in_card and node.value in self.attrs:
            inner = node.args[0]
            if inner.kind == "name" and inner.value == "card":
                return "attr", self.attrs[node.value]
        value = self.constant(node, in_card)
        return None if value is None else ("num", value)

    # -- zones ---------------------------------------------------------------------------------
    def zone(self, node: Node, in_card: bool) -> ZoneFn:
        """A zone argument: `hand` (the seat's own, for a zone each player has), `hand@leader`
        (another seat's) or a shared zone by name."""
        if node.kind not in ("name", "zone") or node.value not in self.zones:
            shown = node.value if node.kind in ("name", "zone") else "this"
            raise ExprError(f"'{shown}' is not a zone", "zones: " + ", ".join(sorted(self.zones)))
        first, each = self.zones[node.value]
        if node.kind == "zone":
            if not each:
                raise ExprError(f"'{node.value}' is shared by all players: it has no '@' owner")
            if node.args[0].kind == "name" and node.args[0].value in ("seat", "me"):
                return lambda s, p, c: s.z[first + p]           # `pile@seat`: p is a seat already
            owner = self.build(node.args[0], in_card)
            return lambda s, p, c: s.z[first + owner(s, p, c) % s.n]
        if each:
            return lambda s, p, c: s.z[first + p]
        return lambda s, p, c: s.z[first]

    def _call(self, node: Node, in_card: bool) -> Fn:
        name, args = node.value, node.args
        builder = _FUNCTIONS.get(name)
        if builder is None:
            raise ExprError(f"unknown function '{name}'", "functions: " + ", ".join(sorted(_FUNCTIONS)))
        low, high, _ = _ARITY[name]
        if not low <= len(args) <= high:
            wanted = str(low) if low == high else f"{low} to {high}"
            raise ExprError(f"{name}(...) takes {wanted} argument{'s' if high != 1 else ''}, not {len(args)}",
                            _ARITY[name][2])
        return builder(self, args, in_card)


def _chained(node: Node, op: str) -> list[Node]:
    """The terms of a && b && c as one list (the parser nests them to the left)."""
    if node.kind == "binary" and node.value == op:
        return _chained(node.args[0], op) + _chained(node.args[1], op)
    return [node]


_SWAPPED = {"+": "+", "*": "*", "==": "==", "!=": "!=", "<": ">", "<=": ">=", ">": "<", ">=": "<="}


def is_truth(node: Node) -> bool:
    """Whether an expression's value is a truth (a comparison, not, and/or of truths, has()): it
    may then be returned as Python's True/False, which count as 1 and 0."""
    if node.kind == "unary":
        return node.value == "not"
    if node.kind == "binary":
        if node.value in ("and", "or"):
            return is_truth(node.args[0]) and is_truth(node.args[1])
        return node.value in ("==", "!=", "<", "<=", ">", ">=")
    return node.kind == "call" and node.value == "has"


# The operators as closure makers: general (two closures), with a number on the right, between two
# variables, and a card's attribute against a variable (suit == led), the shapes conditions take
# most; each written out, since a call through the operator module would cost what it saves.
_BINARY: dict[str, Callable[[Fn, Fn], Fn]] = {
    "+": lambda a, b: lambda s, p, c: a(s, p, c) + b(s, p, c),
    "-": lambda a, b: lambda s, p, c: a(s, p, c) - b(s, p, c),
    "*": lambda a, b: lambda s, p, c: a(s, p, c) * b(s, p, c),
    "/": lambda a, b: lambda s, p, c: a(s, p, c) // d if (d := b(s, p, c)) else 0,
    "%": lambda a, b: lambda s, p, c: a(s, p, c) % d if (d := b(s, p, c)) else 0,
    "==": lambda a, b: lambda s, p, c: a(s, p, c) == b(s, p, c),
    "!=": lambda a, b: lambda s, p, c: a(s, p, c) != b(s, p, c),
    "<": lambda a, b: lambda s, p, c: a(s, p, c) < b(s, p, c),
    "<=": lambda a, b: lambda s, p, c: a(s, p, c) <= b(s, p, c),
    ">": lambda a, b: lambda s, p, c: a(s, p, c) > b(s, p, c),
    ">=": lambda a, b: lambda s, p, c: a(s, p, c) >= b(s, p, c),
}
_WITH_NUMBER: dict[str, Callable[[Fn, int], Fn]] = {
    "+": lambda a, k: lambda s, p, c: a(s, p, c) + k,
    "-": lambda a, k: lambda s, p, c: a(s, p, c) - k,
    "*": lambda a, k: lambda s, p, c: a(s, p, c) * k,
    "==": lambda a, k: lambda s, p, c: a(s, p, c) == k,
    "!=": lambda a, k: lambda s, p, c: a(s, p, c) != k,
    "<": lambda a, k: lambda s, p, c: a(s, p, c) < k,
    "<=": lambda a, k: lambda s, p, c: a(s, p, c) <= k,
    ">": lambda a, k: lambda s, p, c: a(s, p, c) > k,
    ">=": lambda a, k: lambda s, p, c: a(s, p, c) >= k,
}
def _is_zone(scope: Scope, node: Node) -> bool:
    return node.kind in ("name", "zone") and node.value in scope.zones


def _plain(scope: Scope, node: Node) -> tuple[int, bool] | None:
    """(first slot, per player) of a zone named without '@', so a closure can index it directly."""
    return scope.zones[node.value] if node.kind == "name" and node.value in scope.zones else None


def _attr_equals(scope: Scope, node: Node) -> tuple[list[int], Leaf] | None:
    """(the attribute's table, the variable or number) of a card condition `ATTR == VAR or NUMBER`."""
    if node.kind != "binary" or node.value != "==":
        return None
    left, right = (scope.leaf(arg, True) for arg in node.args)
    if left is not None and left[0] != "attr":
        left, right = right, left
    if left is None or right is None or left[0] != "attr" or right[0] not in ("var", "num"):
        return None
    return left[1], right


def _count(scope: Scope, args: tuple[Node, ...], in_card: bool) -> Fn:
    zone = scope.zone(args[0], in_card)
    plain = _plain(scope, args[0])
    if len(args) == 1 and plain is not None:
        first, each = plain
        if each:
            return lambda s, p, c: len(s.z[first + p])
        return lambda s, p, c: len(s.z[first])
    if len(args) == 1:
        return lambda s, p, c: len(zone(s, p, c))
    simple = _attr_equals(scope, args[1])
    if plain is not None and simple is not None:
        return count_where(plain[0], plain[1], *simple)
    test = scope.build(args[1], True)

    def count(s: Any, p: int, c: int) -> int:
        found = 0
        for k in zone(s, p, c):  # noqa: SIM110 (a loop: any() over a generator costs a third more)
            if test(s, p, k):
                found += 1
        return found
    return count


def _has(scope: Scope, args: tuple[Node, ...], in_card: bool) -> Fn:
    zone = scope.zone(args[0], in_card)
    if len(args) == 1:
        return lambda s, p, c: 1 if zone(s, p, c) else 0
    plain = _plain(scope, args[0])
    simple = _attr_equals(scope, args[1])
    if plain is not None and simple is not None:
        return has_where(plain[0], plain[1], *simple)
    test = scope.build(args[1], True)
    if plain is not None and plain[1]:
        first = plain[0]

        def has_own(s: Any, p: int, c: int) -> bool:
            for k in s.z[first + p]:  # noqa: SIM110 (a loop: any() over a generator costs a third more)
                if test(s, p, k):
                    return True
            return False
        return has_own

    def has(s: Any, p: int, c: int) -> bool:
        for k in zone(s, p, c):  # noqa: SIM110 (a loop: any() over a generator costs a third more)
            if test(s, p, k):
                return True
        return False
    return has


def _sum(scope: Scope, args: tuple[Node, ...], in_card: bool) -> Fn:
    zone = scope.zone(args[0], in_card)
    what = scope.build(args[1], True)
    return lambda s, p, c: sum(what(s, p, k) for k in zone(s, p, c))


def _extreme(pick: Callable[..., int]) -> Callable[[Scope, tuple[Node, ...], bool], Fn]:
    def build(scope: Scope, args: tuple[Node, ...], in_card: bool) -> Fn:
        if args and _is_zone(scope, args[0]):
            if len(args) != 2:
                raise ExprError("over a zone, max/min take the zone and what to measure: max(hand, value)")
            zone = scope.zone(args[0], in_card)
            what = scope.build(args[1], True)
            return lambda s, p, c: pick((what(s, p, k) for k in zone(s, p, c)), default=-1)
        if len(args) != 2:
            raise ExprError("max/min of numbers take two: max(a, b)")
        a, b = (scope.build(arg, in_card) for arg in args)
        return lambda s, p, c: pick(a(s, p, c), b(s, p, c))
    return build


def _end(at: int) -> Callable[[Scope, tuple[Node, ...], bool], Fn]:
    def build(scope: Scope, args: tuple[Node, ...], in_card: bool) -> Fn:
        zone = scope.zone(args[0], in_card)
        return lambda s, p, c: cards[at] if (cards := zone(s, p, c)) else -1
    return build


def _players(scope: Scope, args: tuple[Node, ...], in_card: bool) -> Fn:
    test = scope.build(args[0], in_card)
    return lambda s, p, c: sum(1 for q in range(s.n) if test(s, q, c))


def _first_player(scope: Scope, args: tuple[Node, ...], in_card: bool) -> Fn:
    """The first seat, going left from the seat after `from` (the seat itself last), for which the
    condition holds; -1 when none does."""
    test = scope.build(args[0], in_card)
    start = scope.build(args[1], in_card) if len(args) > 1 else (lambda s, p, c: p)

    def first(s: Any, p: int, c: int) -> int:
        begin = start(s, p, c)
        for step in range(1, s.n + 1):
            q = (begin + step) % s.n
            if test(s, q, c):
                return q
        return -1
    return first


def _over_seats(pick: Callable[..., int]) -> Callable[[Scope, tuple[Node, ...], bool], Fn]:
    def build(scope: Scope, args: tuple[Node, ...], in_card: bool) -> Fn:
        what = scope.build(args[0], in_card)
        return lambda s, p, c: pick(what(s, q, c) for q in range(s.n))
    return build


def _seat_fn(offset: int) -> Callable[[Scope, tuple[Node, ...], bool], Fn]:
    def build(scope: Scope, args: tuple[Node, ...], in_card: bool) -> Fn:
        inner = scope.build(args[0], in_card) if args else (lambda s, p, c: p)
        return lambda s, p, c: (inner(s, p, c) + offset) % s.n
    return build


def _abs(scope: Scope, args: tuple[Node, ...], in_card: bool) -> Fn:
    inner = scope.build(args[0], in_card)
    return lambda s, p, c: abs(inner(s, p, c))


def _score_of(scope: Scope, args: tuple[Node, ...], in_card: bool) -> Fn:
    who = scope.build(args[0], in_card)
    return lambda s, p, c: s.score[who(s, p, c) % s.n]


def _best(scope: Scope, args: tuple[Node, ...], in_card: bool) -> Fn:
    """The card of a zone with the highest measure (the first such, bottom up); -1 for an empty zone.
    A trick's winner: best(trick, rank + 100 * (suit == led)): the card that takes it."""
    zone = scope.zone(args[0], in_card)
    what = scope.build(args[1], True)

    def best(s: Any, p: int, c: int) -> int:
        top, found = None, -1
        for k in zone(s, p, c):  # noqa: SIM110 (a loop: any() over a generator costs a third more)
            m = what(s, p, k)
            if top is None or m > top:
                top, found = m, k
        return found
    return best


def _owner(scope: Scope, args: tuple[Node, ...], in_card: bool) -> Fn:
    """The seat who put a card where it is, as recorded by the move (`by` of state); -1 when none."""
    which = scope.build(args[0], in_card)
    return lambda s, p, c: s.by[k] if (k := which(s, p, c)) >= 0 else -1


_FUNCTIONS: dict[str, Callable[[Scope, tuple[Node, ...], bool], Fn]] = {
    "count": _count, "has": _has, "sum": _sum, "max": _extreme(max), "min": _extreme(min),
    "top": _end(-1), "bottom": _end(0), "players": _players, "first_player": _first_player,
    "left": _seat_fn(1), "right": _seat_fn(-1), "abs": _abs, "score_of": _score_of, "best": _best,
    "played_by": _owner, "most": _over_seats(max), "least": _over_seats(min),
    "sum_over": over_values(sum), "min_over": over_values(lambda xs: min(xs, default=-1)),
    "max_over": over_values(lambda xs: max(xs, default=-1)),
}
_ARITY: dict[str, tuple[int, int, str]] = {
    "count": (1, 2, "count(zone) or count(zone, condition on its cards)"),
    "has": (1, 2, "has(zone) or has(zone, condition on its cards)"),
    "sum": (2, 2, "sum(zone, what each card counts)"),
    "max": (2, 2, "max(a, b) or max(zone, what to measure)"),
    "min": (2, 2, "min(a, b) or min(zone, what to measure)"),
    "top": (1, 1, "top(zone): its top card"), "bottom": (1, 1, "bottom(zone): its bottom card"),
    "players": (1, 1, "players(condition about a seat): how many seats it holds for"),
    "first_player": (1, 2, "first_player(condition) or first_player(condition, from seat)"),
    "left": (0, 1, "left(seat): the seat on its left"), "right": (0, 1, "right(seat): the seat on its right"),
    "abs": (1, 1, "abs(number)"), "score_of": (1, 1, "score_of(seat)"),
    "best": (2, 2, "best(zone, measure): the card with the highest measure"),
    "played_by": (1, 1, "played_by(card): the seat that moved it last"),
    "most": (1, 1, "most(measure of a seat): its highest value over the seats, e.g. most(score)"),
    "least": (1, 1, "least(measure of a seat): its lowest value over the seats"),
    "sum_over": (3, 3, "sum_over(attribute, name, expression): the expression added up over the attribute's values"),
    "min_over": (3, 3, "min_over(attribute, name, expression): its least value over the attribute's values"),
    "max_over": (3, 3, "max_over(attribute, name, expression): its greatest value over the attribute's values"),
}


def function_names() -> list[str]:
    """The functions expressions may call (for the docs and the commented game file)."""
    return sorted(_FUNCTIONS)
