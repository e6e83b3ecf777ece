"""What one seat of the drafting game knows, and a deal of everything else consistent with it
(the search player's determinisation, issue 28).

The stacks are passed round the table, so a seat sees far more than its own cards: each stack
that stops in front of it, at that moment. The state holds the whole history of the draft (who
picked which card at which pick, and the stacks as they are now), so what a seat saw is worked
out from the state itself: the stack of origin o at pick k of round 1 is in front of seat o + k
and holds what is left in it now plus the cards picked from it since (round 2 passes the other
way). Cards picked face up (the 2nd and 5th picks) and forced discards are seen by everyone; face
down picks, the 7-stacks and their discards are seen only by their owner.

A seat's knowledge is then a partition of the hidden places into groups whose cards it knows as
a set but not place by place: the picks between two sightings of one stack and the cards it had
left after the last one; and one group of cards it never saw, spread over every place it never
saw into (the other hands while splitting, the other 7-stacks and their discards, the picks made
from a stack before it reached the seat). Any shuffle of cards inside a group gives a state the
seat cannot tell from the real one, and every such state is one: so the determinisation is one
permutation of cards, drawn group by group, applied to every list of the state (plain list work).
"""

from __future__ import annotations

import random
from collections.abc import Hashable

from printgen.games.drafting.rules import DraftingRules, State
from printgen.games.drafting.tables import (
    DISCARD2,
    DRAFTS,
    FORCE1,
    FORCES,
    PICK1,
    PICK2,
    PICKS,
    PLAYERS,
    SPLIT,
    UP_PICKS,
)
from printgen.sim.engine import shuffle

Slots = list[tuple[int, int]]


def _stack_groups(state: State, seat: int, round2: bool, unseen: list[int], groups: list[list[int]]) -> None:
    """The hidden cards of each stack of one round as `seat` knows them: those it never saw go to
    `unseen`; those it saw at a sighting and that left its view since (face-down picks of others,
    what the stack holds now) form one group per stretch between sightings."""
    phase = state.phase
    done = state.pick if phase == (PICK2 if round2 else PICK1) else PICKS
    played, stacks = state.played, state.stack
    step = -1 if round2 else 1
    base = PICKS if round2 else 0
    for origin in range(PLAYERS):
        group: list[int] = unseen
        for k in range(done + 1):
            if k == PICKS:
                break
            at = (origin + step * k) % PLAYERS
            if at == seat:                   # a sighting: everything still in the stack is seen now
                group = []
                groups.append(group)
            if k == done:                    # the stack as it is now, in front of `at`
                if at != seat:
                    group.extend(stacks[at])
                break
            if at != seat and k not in UP_PICKS:
                group.append(played[at][base + k])


def hidden_groups(state: State, seat: int) -> tuple[list[int], list[list[int]]]:
    """The cards `seat` never saw (their places hidden from it), and the groups of cards it saw
    but cannot place one by one (a list per group)."""
    unseen: list[int] = []
    groups: list[list[int]] = []
    phase = state.phase
    others = [s for s in range(PLAYERS) if s != seat]
    if phase == SPLIT:
        for s in others:
            unseen.extend(state.hold[s])
            unseen.extend(state.stack[s])
        return unseen, groups
    _stack_groups(state, seat, False, unseen, groups)
    if phase < PICK2:                       # the 7-stacks are still in the hands
        for s in others:
            unseen.extend(state.hold[s])
        return unseen, groups
    for s in others:
        unseen.append(state.thrown[s])
    _stack_groups(state, seat, True, unseen, groups)
    return unseen, groups


class DraftingHidden(DraftingRules):
    """information and determinize for the drafting game (the engine's contract)."""

    def information(self, state: State, seat: int) -> Hashable:
        """The phase and turn, the seat's own cards and choices, the face-up cards and forced
        discards, the other seats' picks with the face-down ones blanked, every pile's size, and
        each group of cards the seat saw but cannot place (as a sorted tuple)."""
        unseen, groups = hidden_groups(state, seat)
        played = tuple(tuple(cards) if s == seat else
                       tuple(c if i % PICKS in UP_PICKS else -1 for i, c in enumerate(cards))
                       for s, cards in enumerate(state.played))
        return (seat, state.phase, state.actor, state.pick,
                tuple(state.hold[seat]), tuple(state.stack[seat]), state.thrown[seat], state.pending[seat],
                played, tuple(tuple(u) for u in state.up), tuple(tuple(f) for f in state.forced),
                tuple(len(h) for h in state.hold), tuple(len(s) for s in state.stack), len(state.discard),
                len(unseen), tuple(tuple(sorted(g)) for g in groups))

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        """One permutation of the hidden cards, group by group (see the module's docstring), applied
        to every place a card can be; the other seats' choices pending in this step are drawn anew
        among what they could have chosen, for the seat cannot see them."""
        unseen, groups = hidden_groups(state, seat)
        perm = list(range(len(state.prep.suit)))
        for group in (unseen, *groups):
            if len(group) > 1:
                moved = group[:]
                shuffle(rng, moved)
                for old, card in zip(group, moved):
                    perm[old] = card
        new = State.__new__(State)
        new.prep = state.prep
        new.phase, new.actor, new.pick, new.held = state.phase, state.actor, state.pick, state.held
        new.hold = [sorted([perm[c] for c in h]) for h in state.hold]
        new.stack = [sorted([perm[c] for c in h]) for h in state.stack]
        new.played = [[perm[c] for c in h] for h in state.played]
        new.up = [h[:] for h in state.up]                    # face up: no card of a group
        new.down = [[perm[c] for c in h] for h in state.down]
        new.forced = [h[:] for h in state.forced]
        new.thrown = [perm[c] if c >= 0 else c for c in state.thrown]
        new.discard = [perm[c] for c in state.discard]
        new.pending = [perm[c] if c >= 0 else c for c in state.pending]
        self._redraw_pending(new, seat, rng)
        suit = state.prep.suit
        counts = [[0, 0, 0, 0] for _ in range(PLAYERS)]
        for s in range(PLAYERS):
            row = counts[s]
            for c in new.up[s]:
                row[suit[c]] += 1
            for c in new.down[s]:
                row[suit[c]] += 1
        new.counts = counts
        new.dealt = [row[:] for row in state.dealt]
        if state.phase == SPLIT:                  # only the split reads the dealt hands' suits
            for s in range(PLAYERS):
                row = new.dealt[s] = [0, 0, 0, 0]
                for c in new.hold[s] + new.stack[s]:
                    row[suit[c]] += 1
        return new

    @staticmethod
    def _redraw_pending(new: State, seat: int, rng: random.Random) -> None:
        """The choices other seats made earlier in this simultaneous step, drawn anew: a pick from
        their stack, a discard from their 7-stack, a forced discard among the target's face-up cards."""
        phase = new.phase
        if phase not in DRAFTS and phase not in FORCES and phase != DISCARD2:
            return
        for s in range(new.actor):
            if s == seat:
                continue
            if phase in DRAFTS:
                options = new.stack[s]
            elif phase == DISCARD2:
                options = new.hold[s]
            else:
                options = new.up[(s - 1 if phase == FORCE1 else s + 1) % PLAYERS]
            new.pending[s] = options[int(rng.random() * len(options))]
