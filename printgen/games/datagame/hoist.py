"""Parts of a decision's conditions that are the same for every card, worked out once per seat.

Why: a decision lists its actions card by card and, for an option with a target, seat by seat; a
condition such as `top(casita@seat).rank == card.rank` reads the top of each seat's pile again
for every card in the hand. Written out (source.py), such a part, one that reads no card, is
computed once for each seat before the actions are listed, into a list the condition indexes by
its seat. An expression changes nothing and never fails (a top of an empty pile is -1), so its
value is the same whenever it is worked out: the actions are the same, in the same order.
"""

from __future__ import annotations

from typing import Any

from printgen.games.datagame.expr import Node

# the nodes worth a list of their own: reading a zone (a call) or an attribute of what one gives
CALLS = ("top", "bottom", "count", "has", "sum")


def card_free(scope: Any, node: Node, in_card: bool) -> bool:
    """Whether `node` reads nothing of the card it is asked about (no `card`, no bare attribute of
    a card condition, no name a sum_over binds). Cautious: a function that binds a card of its own
    (count(zone, condition)) counts as reading one when its condition names an attribute."""
    if node.kind == "name":
        name = node.value
        card_attr = name in scope.attrs and name not in scope.vars and name not in scope.options
        return name not in scope.bound and not (in_card and (name == "card" or card_attr))
    return all(card_free(scope, arg, in_card) for arg in node.args if isinstance(arg, Node))


def worth(node: Node) -> bool:
    if node.kind == "call":
        return node.value in CALLS
    return node.kind == "attr" and bool(node.args) and node.args[0].kind == "call" and node.args[0].value in CALLS


def hoisted(w: Any, node: Node, in_card: bool, seat: str) -> str | None:
    """Source of `node` at `seat` as an index into a list worked out before (its statement added to
    w.hoists), or None when it is not to be hoisted here: no decision's actions being listed, a
    seat that is no seat variable of the listing, a node reading the card, or one too cheap."""
    if w.hoists is None or seat not in w.hoist_seats or not worth(node) or not card_free(w.scope, node, in_card):
        return None
    found = w.hoisted.get((repr(node), in_card))     # the same expression in two options: one list
    if found is not None:
        return f"{found}[{seat}]"
    hoists, w.hoists = w.hoists, None             # no list inside a list's own expression
    try:
        q = w.temp("_q")
        body = w.expr(node, in_card, q, "-1")
    finally:
        w.hoists = hoists
    name = w.temp("_l")
    hoists.append(f"{name} = [{body} for {q} in range(s.n)]")
    w.hoisted[(repr(node), in_card)] = name
    return f"{name}[{seat}]"
