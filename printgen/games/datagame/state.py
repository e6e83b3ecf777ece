"""The state of one game played from a game file, and the moves of cards between its zones.

Why every move goes through these functions: they keep the bookkeeping the report and the checks
need (where each card is, who moved it last, which cards were ever held and which put to use) in one
place, so no step of the language can forget it, and a conservation check can trust `loc`.
"""

from __future__ import annotations

import random
from typing import Any

from printgen.sim.engine import shuffle as _shuffle

MAX_PLAYERS = 10          # the most seats a game file may name (its zones are laid out for its own most)
HAND, USE = 1, 2          # a zone's kind bits: cards in it are held; cards moved into it are used
EVERY = (1 << MAX_PLAYERS) - 1          # State.seen: the seats that saw a card go where it lies (a bit each)
PLACE = MAX_PLAYERS                     # ... and, shifted by PLACE, those that know its place in the zone
BOTH = 1 | 1 << PLACE                   # a mask of seats times BOTH: they know the zone and the place


class State:
    """z: the zones (lists of card indices, the top last); v: the variables; score: per seat;
    loc[c]: the zone slot card c is in; by[c]: the seat that moved it last (-1: the deal);
    pc: where play goes on (an instruction index); acts: the actions of the decision waiting;
    held/used: bitmasks for the report; want: the deal as intended (see DataGame.deal_needs);
    picks/picked: sets of cards offered and chosen by sum (subsets.py); seen[c]: the seats that saw
    card c go into the zone it lies in (bits 0..), and those of them that know its place there (bits
    PLACE..), as every move records it (what a seat remembers: hidden.py); vague: a bit per zone slot
    that may hold a card some seat knows the zone of and not the place (a hand's, a shuffled zone's)."""

    __slots__ = ("prep", "rng", "n", "z", "v", "score", "loc", "by", "user", "pc", "actor", "over", "stopped_at",
                 "acts", "choice", "held", "used", "decisions", "choices", "dealing", "want", "more", "short_at",
                 "melds", "offered", "laying", "picks", "picked", "budget", "lent",
                 "ahead", "seen", "vague")

    def __init__(self, prep: Any, players: int, rng: random.Random):
        self.prep = prep
        self.rng = rng
        self.n = players
        self.z: list[list[int]] = [[] for _ in range(prep.slots)]
        self.v = [0] * prep.vars
        self.score = [0] * players
        self.loc = [prep.start] * prep.cards
        self.by = [-1] * prep.cards
        self.user = [-1] * prep.cards     # the seat that put each card to use (-1: not used)
        self.pc = 0
        self.actor = 0
        self.over = False
        self.stopped_at = ""              # the loop a game was stopped in, when its max was passed
        self.acts: list[int] = []
        self.choice: Any = None
        self.held = 0
        self.used = 0
        self.decisions = 0                # decisions with two or more actions, and their actions
        self.choices = 0
        self.dealing = True               # until the first decision: moves count toward the deal
        self.want = [0] * players
        self.more: dict[str, int] = {}
        self.short_at: Any = None         # the deal step (its Where) that ran out of cards, if one did
        self.melds: dict[int, list[list[int]]] = {}     # a meld table's slot -> its melds, [kind, card mask] each
        self.offered: dict[int, list[Any]] = {}         # a decision's lays, by option (melds.py)
        self.laying: Any = None                         # the lay chosen, until a `lay` step carries it out
        self.picks: list[int] = []        # the sets of cards the decision waiting offers (bitmasks)
        self.picked = 0                   # the set of cards last chosen (subsets.py), as a bitmask
        self.budget = 0                   # loop rounds left before the game is called stuck (blocks.py)
        self.lent = False                 # rng is another state's generator, lent: copy it before drawing
        self.ahead: Any = None            # (action, this state after it) worked out by the greedy player
        self.seen = [0] * prep.cards      # who saw each card go where it lies (see above, and Moves)
        self.vague = sum(1 << slot for slot, kind in enumerate(prep.kinds) if kind & HAND)   # Moves.forget

    def copied(self, lend: bool = False) -> State:
        """A copy to play on apart. With `lend`, the copy draws from a copy of this state's generator
        made only when it first shuffles (until then it holds this state's own, lent): for a copy
        played on and dropped before this state moves again (the greedy player's trials, a
        determinisation's tries), whose generator is mostly never drawn from. Why: copying the
        generator's 625 words, and making a generator to hold them, was a third of a data game's
        search (bench/README.md); what a copy draws is the same either way."""
        new = State.__new__(State)        # one plain statement a slot: the quickest copy (bench/README.md)
        new.prep = self.prep
        new.n = self.n
        new.pc = self.pc
        new.actor = self.actor
        new.over = self.over
        new.stopped_at = self.stopped_at
        new.choice = self.choice
        new.held = self.held
        new.used = self.used
        new.decisions = self.decisions
        new.choices = self.choices
        new.dealing = self.dealing
        new.short_at = self.short_at
        new.offered = self.offered
        new.laying = self.laying
        new.picks = self.picks
        new.picked = self.picked
        new.budget = self.budget
        new.ahead = None
        new.z = [*map(list.copy, self.z)]
        new.v = self.v[:]
        new.score = self.score[:]
        new.loc = self.loc[:]
        new.by = self.by[:]
        new.user = self.user[:]
        new.seen = self.seen[:]
        new.vague = self.vague
        new.acts = self.acts[:]
        new.want = self.want[:]
        new.more = self.more.copy()
        new.melds = {slot: [*map(list.copy, table)] for slot, table in self.melds.items()} if self.melds else {}
        if lend:
            new.rng = self.rng
            new.lent = True
        else:
            new.rng = _own(self.rng)
            new.lent = False
        return new

    def adopt(self, after: State) -> None:
        """Become `after`, a copy of this state played on by one action (DataGame.apply, taking a
        greedy player's trial): its lists are taken over, not copied; the generator stays this
        state's own (a trial that drew from it is never adopted)."""
        self.pc = after.pc
        self.actor = after.actor
        self.over = after.over
        self.stopped_at = after.stopped_at
        self.choice = after.choice
        self.held = after.held
        self.used = after.used
        self.decisions = after.decisions
        self.choices = after.choices
        self.dealing = after.dealing
        self.short_at = after.short_at
        self.offered = after.offered
        self.laying = after.laying
        self.picks = after.picks
        self.picked = after.picked
        self.budget = after.budget
        self.ahead = None
        self.z = after.z
        self.v = after.v
        self.score = after.score
        self.loc = after.loc
        self.by = after.by
        self.user = after.user
        self.seen = after.seen
        self.vague = after.vague
        self.acts = after.acts
        self.want = after.want
        self.more = after.more
        self.melds = after.melds

    def __str__(self) -> str:
        prep = self.prep
        parts = []
        for name, (first, each) in prep.zone_layout.items():
            if each:
                for p in range(self.n):
                    parts.append(f"{name}@{p}: " + " ".join(prep.names[k] for k in self.z[first + p]))
            else:
                parts.append(f"{name}: " + " ".join(prep.names[k] for k in self.z[first]))
        parts.append("score: " + " ".join(map(str, self.score)))
        return "\n".join(parts)


def _own(rng: random.Random) -> random.Random:
    """A generator of its own in the state `rng` is in (seeded with 0 first: an unseeded one would
    read the system's entropy, only to be overwritten)."""
    own = random.Random(0)
    own.setstate(rng.getstate())
    return own


class Moves:
    """The card moves the compiled steps call (bound into their closures as `moves`)."""

    @staticmethod
    def shuffle(s: State, cards: list[int]) -> None:
        if s.lent:                                # a lent generator is copied before its first draw
            s.rng, s.lent = _own(s.rng), False
        _shuffle(s.rng, cards)
        seen = s.seen                             # the cards stay in the zone, their places are lost
        for k in cards:
            seen[k] &= EVERY
        if cards:
            s.vague |= 1 << s.loc[cards[0]]

    @staticmethod
    def witnesses(s: State, k: int, src: int, on_top: bool, slot: int, to_top: bool, placed: bool = False) -> int:
        """State.seen for card k moved from slot `src` (from its top or not) to `slot` (landing on its
        top or not): the seats that saw it leave or land, knowing its zone and place; with `placed`
        (a move by place, the top cards of a pile) also those that knew its place where it lay;
        every seat when a card variable of the file names it. In a hand, the zone only: a hand's
        order is no one's to see. Why at each move: what a seat remembers is what it saw happen, at
        the moment it happened, with that moment's faces. A card landing on a `faces: top` pile
        hides the one under it, which every seat saw there: remembered in place."""
        prep = s.prep
        if to_top and prep.sight_top[slot] != prep.sight[slot] and s.z[slot]:
            s.seen[s.z[slot][-1]] = EVERY * BOTH  # the top card it covers, seen there till now by all
        seen = (prep.sight_top[src] if on_top else prep.sight[src]) | \
            (prep.sight_top[slot] if to_top else prep.sight[slot])
        if placed:
            seen |= (s.seen[k] >> PLACE) * BOTH
        if prep.named:
            v = s.v
            for i in prep.named:
                if v[i] == k:
                    seen = EVERY * BOTH
        return seen & EVERY if prep.kinds[slot] & HAND else seen

    @staticmethod
    def forget(s: State, cards: list[int], unseen: int, placed: bool) -> None:
        """Cards left `cards` (a zone, as it is now) unseen by the seats `unseen`: those seats can no
        longer tell which of the cards they remembered there are left. Taken by place (the top
        ones), only the cards they knew the zone of and not the place may have gone; taken by
        choice or condition, any of them. Why: forgetting the moved card alone would tell the
        seat which one was taken (the card a neighbour picked from the stack passed to it)."""
        if not unseen:
            return
        seen = s.seen
        if placed:
            slot = s.loc[cards[0]]
            if not s.vague >> slot & 1:           # no card there known by its zone only (State.vague)
                return
            left = 0
            for k in cards:
                w = seen[k]
                if w & unseen:
                    w = seen[k] = w & ~(w & ~(w >> PLACE) & unseen)
                left |= w & ~(w >> PLACE)
            if not left & ((1 << s.n) - 1) and not s.prep.kinds[slot] & HAND:   # (bits past the seats: no one's)
                s.vague &= ~(1 << slot)
        else:
            drop = ~(unseen * BOTH)
            for k in cards:
                seen[k] &= drop

    @staticmethod
    def _arrive(s: State, k: int, slot: int, by: int) -> None:
        s.loc[k] = slot
        s.by[k] = by
        kind = s.prep.kinds[slot]
        if kind:
            bit = 1 << k
            if kind & HAND:
                s.held |= bit
            if kind & USE and s.held & bit:
                s.used |= bit
                s.user[k] = by

    @staticmethod
    def move_top(s: State, cards: list[int], slot: int, by: int, scan: bool = True) -> None:
        """The top card of `cards` moved (a draw, a card dealt: `scan` off, the deal scans once)."""
        k = cards.pop()
        seen = Moves.witnesses(s, k, s.loc[k], True, slot, True, True)
        unseen = ~seen & EVERY
        if unseen and scan and cards:
            Moves.forget(s, cards, unseen, True)
        s.seen[k] = seen
        s.z[slot].append(k)
        s.loc[k] = slot                           # _arrive, written out (a card of every deal)
        s.by[k] = by
        kind = s.prep.kinds[slot]
        if kind:
            Moves._arrive(s, k, slot, by)

    @staticmethod
    def move_one(s: State, k: int, slot: int, bottom: bool, by: int) -> None:
        loc = s.loc
        src = s.z[loc[k]]
        dest = s.z[slot]
        seen = Moves.witnesses(s, k, loc[k], src[-1] == k, slot, not bottom or not dest)
        src.remove(k)
        unseen = ~seen & EVERY
        if unseen and src:
            Moves.forget(s, src, unseen, False)
        s.seen[k] = seen
        kind = s.prep.kinds[slot]
        if s.dealing and not kind & HAND:
            name = s.prep.slot_zone[slot]
            s.more[name] = s.more.get(name, 0) + 1
        if bottom:
            dest.insert(0, k)
        else:
            dest.append(k)
        loc[k] = slot
        s.by[k] = by
        if kind:
            Moves._arrive(s, k, slot, by)

    @staticmethod
    def move_many(s: State, cards: list[int], chosen: list[int], slot: int, bottom: bool, by: int,
                  placed: bool = True) -> None:
        """`chosen` of `cards` moved: the top ones (`placed`) or those a condition picked."""
        if not chosen:
            return
        top, src, seen, dest = cards[-1], s.loc[chosen[0]], s.seen, s.z[slot]
        to_top = not bottom or not dest
        unseen = 0
        for k in chosen:
            seen[k] = witnessed = Moves.witnesses(s, k, src, k == top, slot, to_top, placed)
            unseen |= ~witnessed
        if len(chosen) == len(cards):
            cards.clear()
        elif len(chosen) == 1:
            cards.remove(chosen[0])
        else:
            gone = set(chosen)
            cards[:] = [k for k in cards if k not in gone]
        unseen &= EVERY
        if unseen and cards:
            Moves.forget(s, cards, unseen, placed)
        if bottom:
            dest[0:0] = chosen
        else:
            dest.extend(chosen)
        loc, whom = s.loc, s.by                   # _arrive for each card, written out
        for k in chosen:
            loc[k] = slot
            whom[k] = by
        kind = s.prep.kinds[slot]
        if kind:
            held, used = s.held, s.used
            for k in chosen:
                bit = 1 << k
                if kind & HAND:
                    held |= bit
                if kind & USE and held & bit:
                    used |= bit
                    s.user[k] = by
            s.held, s.used = held, used
        if s.dealing and not s.prep.kinds[slot] & HAND:
            name = s.prep.slot_zone[slot]
            s.more[name] = s.more.get(name, 0) + len(chosen)

    @staticmethod
    def rotate(s: State, first: int, shift: int) -> None:
        n = s.n
        old = [s.z[first + p] for p in range(n)]
        for p in range(n):
            s.z[first + (p + shift) % n] = old[p]
            for k in old[p]:
                s.loc[k] = first + (p + shift) % n

    @staticmethod
    def slot_of(scope: Any, name: str) -> Any:
        """The zone slot a move goes to, as a function of (state, seat): `hand` is the seat's own,
        `hand@EXPR` the seat EXPR gives, a shared zone its one slot."""
        from printgen.games.datagame.expr import parse
        node = parse(name)
        first, each = scope.zones[node.value]
        if node.kind == "zone":
            owner = scope.build(node.args[0], False)
            fn = lambda s, p: first + owner(s, p, -1) % s.n  # noqa: E731
        elif each:
            fn = lambda s, p: first + p  # noqa: E731
        else:
            fn = lambda s, p: first  # noqa: E731
        if scope.writer is not None:              # its zone, for the moves written out (movesource.py)
            scope.writer.slot_nodes[id(fn)] = (fn, node, first, each)
        return fn

    @staticmethod
    def card_names(scope: Any) -> list[str]:
        return scope.card_names
