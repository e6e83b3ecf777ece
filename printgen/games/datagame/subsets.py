"""Choosing a set of cards by their sum: the `cards:` setting of a decision's option, as in
`take cards of the middle whose values add up to your card's` (scopa, cassino).

Why its own setting and not a loop in the steps: a player choosing which cards to take is a
decision, and the random and greedy players pick among one list of actions; so each set that adds
up is one action, listed when the decision is made. The sets are found by a search with its own
bounds (sets offered per card, steps of the search), so a middle of many small cards cannot make
one decision expensive; a set beyond the bound is simply not offered, and the file's author
learns of it in the docs, not by a slow game.

A chosen set is kept in the state as a bitmask of card indices (`picked`); the option's steps
read it as the card condition `picked` (`move: {from: middle, to: pile, where: picked}`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from printgen.games.datagame.expr import Fn

MAX_SETS = 64          # sets offered for one chosen card (the rest are not offered)
MAX_SEARCH = 20_000    # steps of one search (a bound on the work of one decision)
MAX_SIZE = 8           # cards in one set at most


@dataclass
class Subset:
    """An option's `cards: {from: ZONE, where: CONDITION, sum: MEASURE, equals: TOTAL, least: N, most: N}`."""

    zone: Any                 # (state, seat, card) -> the zone's cards
    where: Fn | None          # which of its cards may be taken (card: the card considered)
    measure: Fn               # what each card counts toward the sum (card: the card considered)
    equals: Fn                # the total wanted (card: the card chosen under the option's `card:`)
    least: int
    most: int

    def sets(self, s: Any, p: int, chosen: int) -> list[int]:
        """The sets of the zone's cards adding up to the total, as bitmasks, in the zone's order."""
        goal = self.equals(s, p, chosen)
        if goal <= 0:
            return []
        where, measure = self.where, self.measure
        pool = [(k, v) for k in self.zone(s, p, chosen)
                if (where is None or where(s, p, k)) and (v := measure(s, p, k)) > 0]
        return sums_to(pool, goal, self.least, self.most)


def sums_to(pool: list[tuple[int, int]], goal: int, least: int, most: int) -> list[int]:
    """Bitmasks of the (card, value) pairs of `pool` whose values add up to `goal`, with `least` to
    `most` cards; at most MAX_SETS of them, the search stopped after MAX_SEARCH steps."""
    found: list[int] = []
    after = [0] * (len(pool) + 1)          # what the cards from i on could still add
    for i in range(len(pool) - 1, -1, -1):
        after[i] = after[i + 1] + pool[i][1]
    steps = 0

    def search(i: int, total: int, mask: int, size: int) -> None:
        nonlocal steps
        steps += 1
        if total == goal and size >= least:
            found.append(mask)
            return                         # values are positive: adding more passes the goal
        if i == len(pool) or size == most or total + after[i] < goal:
            return
        if steps > MAX_SEARCH or len(found) >= MAX_SETS:
            return
        k, v = pool[i]
        if total + v <= goal:
            search(i + 1, total + v, mask | (1 << k), size + 1)
        search(i + 1, total, mask, size)

    search(0, 0, 0, 0)
    return found[:MAX_SETS]


def compile_subset(c: Any, raw: Any, path: tuple[Any, ...]) -> Subset:
    """The `cards:` setting read; UserError at its line for a wrong shape."""
    allowed = {"from", "where", "sum", "equals", "least", "most"}
    if not isinstance(raw, dict) or "from" not in raw or "equals" not in raw or set(raw) - allowed:
        raise c.fail(path, "cards: says which set of cards may be taken: {from: ZONE, sum: MEASURE, "
                     "equals: TOTAL} (and where:, least:, most: as needed)",
                     "e.g. cards: {from: middle, sum: value, equals: card.value}")
    bounds = []
    for key, default in (("least", 1), ("most", MAX_SIZE)):
        value = raw.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_SIZE:
            raise c.fail((*path, key), f"{key} is a number of cards from 1 to {MAX_SIZE}, not {value!r}")
        bounds.append(value)
    zone = c.zone(raw["from"], (*path, "from"))
    where = c.expr(raw["where"], (*path, "where"), card=True) if "where" in raw else None
    measure = c.expr(raw.get("sum", 1), (*path, "sum"), card=True)
    equals = c.expr(raw["equals"], (*path, "equals"), card=True)
    return Subset(zone, where, measure, equals, bounds[0], bounds[1])
