"""sum_over, min_over and max_over: an expression worked out for each value a card attribute takes
(kept apart from scope.py, whose Scope builds them through its function table)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from printgen.games.datagame.expr import ExprError, Fn, Node


def over_values(total: Callable[[list[int]], int]) -> Callable[[Any, tuple[Node, ...], bool], Fn]:
    """sum_over / min_over / max_over(ATTRIBUTE, NAME, EXPRESSION): the expression worked out once
    for each value the attribute takes on the deck's cards (cards without it left out), NAME being
    that value, and the results added up or the least or most of them taken. Why: scoring per suit
    or per rank ("each suit's count squared", "a bonus per complete set of all four suits") is the
    same rule whatever the deck's suits are, so the file need not list them."""
    def build(scope: Any, args: tuple[Node, ...], in_card: bool) -> Fn:
        attr, name, body = args
        if attr.kind != "name" or attr.value not in scope.attrs:
            raise ExprError(f"the first argument of a ..._over function is a card attribute, not '{attr.value}'",
                            "attributes: " + ", ".join(sorted(scope.attrs)))
        word = name.value
        taken = word in scope.vars or word in scope.attrs or word in scope.zones or word in scope.options \
            or word in scope.bound or word in ("players", "seat", "me", "score", "actor", "card")
        if name.kind != "name" or taken:
            raise ExprError(f"the second argument of a ..._over function is a new name for each value, not "
                            f"'{word}'", "e.g. sum_over(suit, s, count(hand, suit == s))")
        if scope.new_slot is None:
            raise ExprError("..._over functions can only be used in a game's steps")
        slot = scope.new_slot()
        scope.bound[word] = slot
        try:
            inner = scope.build(body, in_card)
        finally:
            del scope.bound[word]
        values = sorted({x for x in scope.attrs[attr.value] if x >= 0})
        if scope.writer is not None:              # for the source of the expression (source.py's _over)
            scope.writer.overs[id(body)] = (slot, values, word)

        def over(s: Any, p: int, c: int) -> int:
            v = s.v
            out = []
            for x in values:
                v[slot] = x
                out.append(inner(s, p, c))
            return total(out)
        return over
    return build
