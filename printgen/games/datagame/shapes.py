"""Closures for the shapes expressions take most often, each written out with no call inside.

Why: a condition such as `played == 0`, `suit == led` or `seat != leader` is asked for every card
and seat a decision weighs, and the general closure for it calls one closure per side; here the
side is read straight from its table (a variable's slot in state.v, a card attribute's table, the
seat, a number fixed when the deck was prepared). Each is the same Python operator on the same
values as the general closure, so a game plays the same with or without them.

A leaf is ("var", slot), ("attr", table) (the card asked about's attribute), ("seat", None),
("num", value), or ("own", first slot) / ("shared", slot): count(ZONE) of a zone named without '@'.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from printgen.games.datagame.expr import Fn

Leaf = tuple[str, Any]

# comparisons with their sides swapped (k < x is x > k), and the opposite of each (not (x < k) is x >= k)
SWAPPED = {"==": "==", "!=": "!=", "<": ">", "<=": ">=", ">": "<", ">=": "<=", "+": "+", "*": "*"}
OPPOSITE = {"==": "!=", "!=": "==", "<": ">=", "<=": ">", ">": "<=", ">=": "<"}

_VAR_NUM: dict[str, Callable[[int, Any], Fn]] = {
    "==": lambda i, k: lambda s, p, c: s.v[i] == k,
    "!=": lambda i, k: lambda s, p, c: s.v[i] != k,
    "<": lambda i, k: lambda s, p, c: s.v[i] < k,
    "<=": lambda i, k: lambda s, p, c: s.v[i] <= k,
    ">": lambda i, k: lambda s, p, c: s.v[i] > k,
    ">=": lambda i, k: lambda s, p, c: s.v[i] >= k,
    "+": lambda i, k: lambda s, p, c: s.v[i] + k,
    "-": lambda i, k: lambda s, p, c: s.v[i] - k,
    "*": lambda i, k: lambda s, p, c: s.v[i] * k,
}
_ATTR_NUM: dict[str, Callable[[list[int], Any], Fn]] = {
    "==": lambda t, k: lambda s, p, c: t[c] == k,
    "!=": lambda t, k: lambda s, p, c: t[c] != k,
    "<": lambda t, k: lambda s, p, c: t[c] < k,
    "<=": lambda t, k: lambda s, p, c: t[c] <= k,
    ">": lambda t, k: lambda s, p, c: t[c] > k,
    ">=": lambda t, k: lambda s, p, c: t[c] >= k,
    "+": lambda t, k: lambda s, p, c: t[c] + k,
    "-": lambda t, k: lambda s, p, c: t[c] - k,
    "*": lambda t, k: lambda s, p, c: t[c] * k,
}
_VAR_VAR: dict[str, Callable[[int, int], Fn]] = {
    "==": lambda i, j: lambda s, p, c: s.v[i] == s.v[j],
    "!=": lambda i, j: lambda s, p, c: s.v[i] != s.v[j],
    "<": lambda i, j: lambda s, p, c: s.v[i] < s.v[j],
    "<=": lambda i, j: lambda s, p, c: s.v[i] <= s.v[j],
    ">": lambda i, j: lambda s, p, c: s.v[i] > s.v[j],
    ">=": lambda i, j: lambda s, p, c: s.v[i] >= s.v[j],
    "+": lambda i, j: lambda s, p, c: s.v[i] + s.v[j],
    "-": lambda i, j: lambda s, p, c: s.v[i] - s.v[j],
}
_ATTR_VAR: dict[str, Callable[[list[int], int], Fn]] = {
    "==": lambda t, j: lambda s, p, c: t[c] == s.v[j],
    "!=": lambda t, j: lambda s, p, c: t[c] != s.v[j],
    "<": lambda t, j: lambda s, p, c: t[c] < s.v[j],
    "<=": lambda t, j: lambda s, p, c: t[c] <= s.v[j],
    ">": lambda t, j: lambda s, p, c: t[c] > s.v[j],
    ">=": lambda t, j: lambda s, p, c: t[c] >= s.v[j],
}
_SEAT_VAR: dict[str, Callable[[int], Fn]] = {
    "==": lambda j: lambda s, p, c: p == s.v[j],
    "!=": lambda j: lambda s, p, c: p != s.v[j],
}


_OWN_NUM: dict[str, Callable[[int, Any], Fn]] = {        # count(ZONE) of a zone each player has
    "==": lambda f, k: lambda s, p, c: len(s.z[f + p]) == k,
    "!=": lambda f, k: lambda s, p, c: len(s.z[f + p]) != k,
    "<": lambda f, k: lambda s, p, c: len(s.z[f + p]) < k,
    "<=": lambda f, k: lambda s, p, c: len(s.z[f + p]) <= k,
    ">": lambda f, k: lambda s, p, c: len(s.z[f + p]) > k,
    ">=": lambda f, k: lambda s, p, c: len(s.z[f + p]) >= k,
}
_SHARED_NUM: dict[str, Callable[[int, Any], Fn]] = {     # count(ZONE) of a shared zone
    "==": lambda f, k: lambda s, p, c: len(s.z[f]) == k,
    "!=": lambda f, k: lambda s, p, c: len(s.z[f]) != k,
    "<": lambda f, k: lambda s, p, c: len(s.z[f]) < k,
    "<=": lambda f, k: lambda s, p, c: len(s.z[f]) <= k,
    ">": lambda f, k: lambda s, p, c: len(s.z[f]) > k,
    ">=": lambda f, k: lambda s, p, c: len(s.z[f]) >= k,
}

_BY_SIDES: dict[tuple[str, str], dict[str, Callable[[Any, Any], Fn]]] = {
    ("var", "num"): _VAR_NUM, ("attr", "num"): _ATTR_NUM, ("var", "var"): _VAR_VAR, ("attr", "var"): _ATTR_VAR,
    ("own", "num"): _OWN_NUM, ("shared", "num"): _SHARED_NUM}


def leaf_pair(op: str, left: Leaf | None, right: Leaf | None) -> Fn | None:
    """One closure for `left op right` when both sides are leaves of a shape above; else None."""
    if left is None or right is None:
        return None
    pair = (left[0], right[0])
    if pair in (("num", "var"), ("num", "attr"), ("var", "seat"), ("num", "own"), ("num", "shared")):
        if op not in SWAPPED:
            return None
        op, left, right = SWAPPED[op], right, left
        pair = (left[0], right[0])
    table: dict[str, Callable[[Any, Any], Fn]] | None = _BY_SIDES.get(pair)
    if table is not None and op in table:
        return table[op](left[1], right[1])
    if pair == ("seat", "var") and op in _SEAT_VAR:
        return _SEAT_VAR[op](right[1])
    return None


def chain(op: str, terms: list[Fn]) -> Fn:
    """`a and b and c` (or `or`) over closures, with Python's own and/or: the value returned is the
    one the nested form (a and b) and c returns, one call fewer per term."""
    if op == "and":
        if len(terms) == 2:
            a, b = terms
            return lambda s, p, c: a(s, p, c) and b(s, p, c)
        if len(terms) == 3:
            a, b, d = terms
            return lambda s, p, c: a(s, p, c) and b(s, p, c) and d(s, p, c)
        *head, last = terms

        def every(s: Any, p: int, c: int) -> Any:
            for term in head:
                x = term(s, p, c)
                if not x:
                    return x
            return last(s, p, c)
        return every
    if len(terms) == 2:
        a, b = terms
        return lambda s, p, c: a(s, p, c) or b(s, p, c)
    if len(terms) == 3:
        a, b, d = terms
        return lambda s, p, c: a(s, p, c) or b(s, p, c) or d(s, p, c)
    *head, last = terms

    def some(s: Any, p: int, c: int) -> Any:
        for term in head:
            x = term(s, p, c)
            if x:
                return x
        return last(s, p, c)
    return some


def count_where(first: int, each: bool, table: list[int], leaf: Leaf) -> Fn:
    """count(ZONE, ATTR == VAR or NUMBER) over a zone named without '@': the attribute's values listed
    and counted in C."""
    kind, value = leaf
    if kind == "var":
        if each:
            return lambda s, p, c: [table[k] for k in s.z[first + p]].count(s.v[value])
        return lambda s, p, c: [table[k] for k in s.z[first]].count(s.v[value])
    if each:
        return lambda s, p, c: [table[k] for k in s.z[first + p]].count(value)
    return lambda s, p, c: [table[k] for k in s.z[first]].count(value)


def has_where(first: int, each: bool, table: list[int], leaf: Leaf) -> Fn:
    """has(ZONE, ATTR == VAR or NUMBER) over a zone named without '@'."""
    kind, value = leaf
    if kind == "var":
        if each:
            def has_var_own(s: Any, p: int, c: int) -> bool:
                x = s.v[value]
                for k in s.z[first + p]:  # noqa: SIM110 (a loop: any() over a generator costs more)
                    if table[k] == x:
                        return True
                return False
            return has_var_own

        def has_var(s: Any, p: int, c: int) -> bool:
            x = s.v[value]
            for k in s.z[first]:  # noqa: SIM110
                if table[k] == x:
                    return True
            return False
        return has_var

    def has_num(s: Any, p: int, c: int) -> bool:
        for k in s.z[first + p if each else first]:  # noqa: SIM110
            if table[k] == value:
                return True
        return False
    return has_num
