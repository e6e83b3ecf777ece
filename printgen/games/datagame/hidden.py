"""What each seat of a game file sees, and the game dealt anew behind what it cannot see: the two
methods a search player needs (printgen.sim.engine.Game.information and .determinize).

A card is known to a seat when it lies where the seat sees it (a zone face up, its own hand, the top
of a `faces: top` pile), when a variable of the file's own holds it (a card named aloud, e.g.
`announced`, `took`), or when the seat saw it go where it lies and has not seen it leave: every move
records, at the moment it happens and with that moment's faces, which seats saw the card leave or
land (State.seen, set in state.Moves and the moves written out). Such a remembered card is known to
the seat with its place in the zone until the zone is shuffled, then as one of the zone's cards
only: a copy keeps it in that zone and deals it among the zone's unknown places. Why at each move
and not at the decisions: a card can pass through sight between two decisions (a refused offer
goes back to its owner's hand within one step), and guessing such passages from the decisions
would read a player's private choices into the others' memories. What a seat cannot see otherwise
is only its places: how many cards lie where, who moved each there last, who put it to use.

The built-in `card` (the card chosen last) is known as its card is: when that card lies hidden, the
seat knows the place only, and a determinised copy points `card` at whichever card lies there, so
a face-down pick leaks through no variable. Every other variable is public, as on a score sheet: a
number worked out from a hidden card (its rank, say) is known to all, as if said aloud.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any

from printgen.games.datagame.expr import ExprError, Node, parse
from printgen.games.datagame.scope import CARD
from printgen.games.datagame.state import PLACE
from printgen.sim.engine import shuffle

TRIES = 50            # deals tried before the one found is kept with the chooser's own cards in place
_CARD_CALLS = ("top", "bottom", "best")


def card_variables(spec: Any) -> list[str]:
    """The file's own variables some `set:` step gives a card (`card`, `top(pile)`, `best(trick, ..)`,
    or another such variable): they name a card aloud, so determinize keeps that card in place."""
    sets: list[tuple[str, Any]] = []
    _collect_sets(spec.source.data.get("play"), sets)
    found: set[str] = set()
    grew = True
    while grew:
        grew = False
        for name, value in sets:
            if name in spec.vars and name not in found and _is_card(value, found):
                found.add(name)
                grew = True
    return [name for name in spec.vars if name in found]


def _collect_sets(steps: Any, out: list[tuple[str, Any]]) -> None:
    if isinstance(steps, list):
        for step in steps:
            _collect_sets(step, out)
    elif isinstance(steps, dict):
        for key, body in steps.items():
            if key == "set" and isinstance(body, dict):
                out += [(str(name), value) for name, value in body.items()]
            else:
                _collect_sets(body, out)


def _is_card(value: Any, found: set[str]) -> bool:
    if isinstance(value, dict):                      # a value per player count
        return any(_is_card(v, found) for v in value.values())
    if not isinstance(value, str):
        return False
    try:
        node: Node = parse(value)
    except ExprError:
        return False
    return (node.kind == "name" and (node.value == "card" or node.value in found)) or \
        (node.kind == "call" and node.value in _CARD_CALLS)


def known_cards(s: Any, seat: int) -> bytearray:
    """1 for each card `seat` knows the place of: in a zone it sees, named by a variable, or seen
    going where it lies (its place in the zone still known); 2 for a card it knows the zone of only
    (seen going there, the zone shuffled since)."""
    prep = s.prep
    known = bytearray(prep.cards)
    zone_bit, place_bit = 1 << seat, 1 << PLACE + seat
    for k, seen in enumerate(s.seen):
        if seen & zone_bit:
            known[k] = 1 if seen & place_bit else 2
    faces, owners = prep.faces, prep.owners
    for slot, zone in enumerate(s.z):
        if not zone:
            continue
        face = faces[slot]
        if face == "up" or (face == "owner" and owners[slot] == seat):
            for k in zone:
                known[k] = 1
        elif face == "top":
            known[zone[-1]] = 1
    v, cards = s.v, prep.cards
    for slot in prep.named:
        if 0 <= v[slot] < cards:
            known[v[slot]] = 1
    return known


class Hidden:
    """information() and determinize() for DataGame (mixed into it in machine.py)."""

    def information(self, state: Any, seat: int) -> Hashable:
        s = state
        known = known_cards(s, seat)
        by, user = s.by, s.user
        zones = tuple(tuple((k if known[k] == 1 else -1, by[k], user[k]) for k in zone) for zone in s.z)
        kept = tuple(sorted((s.loc[k], k) for k in range(len(known)) if known[k] == 2))   # their zones only
        v = list(s.v)
        v[CARD] = _ref(s, known, v[CARD])
        picked = tuple(_ref(s, known, k) for k in range(s.picked.bit_length()) if s.picked >> k & 1)
        melds = tuple((slot, tuple(tuple(m) for m in table)) for slot, table in sorted(s.melds.items()))
        return (zones, kept, tuple(v), picked, melds, tuple(s.score), s.pc, s.actor, s.over, s.stopped_at, s.dealing,
                s.decisions, tuple(s.want), tuple(sorted(s.more.items())), str(s.short_at),
                _decision(s) if seat == s.actor else None)

    def determinize(self, state: Any, seat: int, rng: random.Random) -> Any:
        known = known_cards(state, seat)
        places = [(slot, i) for slot, zone in enumerate(state.z) for i, k in enumerate(zone) if known[k] != 1]
        det = self._dealt(state, seat, places, known, rng)
        if det is None and not state.over:
            owners = state.prep.owners
            mine = [(slot, i) for slot, i in places if owners[slot] != state.actor]
            det = self._dealt(state, seat, mine, known, rng)
        if det is None:                               # no deal agreed with the decision waiting
            det = state.copied(lend=True)             # its generator replaced below
        det.rng, det.lent = random.Random(rng.getrandbits(64)), False
        return det

    def _dealt(self, state: Any, seat: int, places: list[tuple[int, int]], known: bytearray,
               rng: random.Random) -> Any:
        """A copy with the cards at `places` dealt among them at random (those the seat knows the
        zone of within their zones), agreeing with the decision waiting (the same actions for the
        seat choosing; two or more for another chooser, as the real game asks only then); None when
        TRIES deals do not."""
        pool = [state.z[slot][i] for slot, i in places]
        unknown = [k for k in pool if known[k] != 2]
        for _ in range(TRIES):
            det = state.copied(lend=True)             # its generator replaced below, or dropped
            if len(unknown) == len(pool):
                deal = pool[:]
                shuffle(rng, deal)
            else:
                deal = _zoned(places, pool, unknown, known, rng)
            _deal(det, state, seat, places, pool, deal)
            if state.over:
                return det
            det.acts = det.choice.legal(det)
            if seat == state.actor:
                if det.acts == state.acts and _decision(det) == _decision(state):
                    return det
            elif len(det.acts) >= 2:
                return det
        return None


def _zoned(places: list[tuple[int, int]], pool: list[int], unknown: list[int], known: bytearray,
           rng: random.Random) -> list[int]:
    """A deal of `pool` over `places` (grouped by zone slot, as determinize lists them) in which each
    card the seat knows the zone of (known 2) stays in its zone, at a place drawn among the zone's,
    and the unknown cards fill the rest at random."""
    rest = unknown[:]
    shuffle(rng, rest)
    deal: list[int] = []
    start, j, end = 0, 0, len(places)
    while start < end:
        slot, stop = places[start][0], start + 1
        while stop < end and places[stop][0] == slot:
            stop += 1
        kept = [k for k in pool[start:stop] if known[k] == 2]
        block = kept + rest[j:j + stop - start - len(kept)]
        j += stop - start - len(kept)
        if kept:
            shuffle(rng, block)
        deal += block
        start = stop
    return deal


def _deal(det: Any, state: Any, seat: int, places: list[tuple[int, int]], pool: list[int], deal: list[int]) -> None:
    """Put deal[j] where pool[j] lay; what is known of a place (who moved its card there, who put it to
    use, whether it was held, which other seats saw it go there) stays with the place, what `seat`
    remembers stays with its cards, and the chosen card and set follow their places."""
    z, loc, by, user, seen = det.z, det.loc, det.by, det.user, det.seen
    old_by, old_user, old_seen = state.by, state.user, state.seen
    mine = 1 << seat | 1 << PLACE + seat
    held, used = state.held, state.used
    new_held, new_used = held, used
    for k in pool:
        new_held &= ~(1 << k)
        new_used &= ~(1 << k)
    moved = {}
    for (slot, i), old, new in zip(places, pool, deal):
        z[slot][i] = new
        loc[new] = slot
        by[new] = old_by[old]
        user[new] = old_user[old]
        seen[new] = old_seen[old] & ~mine | old_seen[new] & mine
        if held >> old & 1:
            new_held |= 1 << new
        if used >> old & 1:
            new_used |= 1 << new
        moved[old] = new
    det.held, det.used = new_held, new_used
    det.v[CARD] = moved.get(det.v[CARD], det.v[CARD])
    if det.picked:
        picked = 0
        for k in range(det.picked.bit_length()):
            if det.picked >> k & 1:
                picked |= 1 << moved.get(k, k)
        det.picked = picked


def _ref(s: Any, known: bytearray, k: int) -> Any:
    """A card as a seat may name it: itself when known, else its place (zone slot, position)."""
    if not 0 <= k < len(known) or known[k] == 1:
        return k
    slot = s.loc[k]
    return ("at", slot, s.z[slot].index(k))


def _decision(s: Any) -> Any:
    """The decision waiting as its chooser sees it: the actions, and the lays and sets they name."""
    if s.over or s.choice is None:
        return None
    choice = s.choice
    options = sorted({a % choice.width for a in s.acts})
    lays = tuple((i, tuple(s.offered[i])) for i in options if choice.options[i].lays is not None and i in s.offered)
    picks = tuple(s.picks) if choice.any_sets else ()
    return (tuple(s.acts), lays, picks)
