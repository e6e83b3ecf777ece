"""The drafting game's information and determinize (issue 28): a seat keeps its own cards and
choices, every face-up card and forced discard, and what it saw of each stack that passed it; the
rest is dealt anew. Why: stacks pass through several hands, so a careless deal would put a card a
seat saw in a stack into someone's 7-stack, which the seat knows cannot be."""

from __future__ import annotations

from collections.abc import Hashable

import pytest
from determinize_checks import advance, varies, walk

from printgen.games.drafting import Drafting
from printgen.games.drafting.rules import State
from printgen.games.drafting.tables import DRAFTS, PICK1, PICK2, PICKS, PLAYERS, UP_PICKS
from printgen.model.load import load_deck

GAME = Drafting()


@pytest.fixture(scope="module")
def prep():
    return GAME.prepare(load_deck("standard"), "basic", {})


def placed(state: State, seat: int) -> dict[int, Hashable]:
    """The cards whose place the seat knows: its hand, its stacks, its picks and discard, every
    face-up pick and forced discard, and the stack in front of it during a draft."""
    out: dict[int, Hashable] = {}
    for c in state.hold[seat]:
        out[c] = ("hold", seat)
    for c in state.stack[seat]:
        out[c] = ("stack", seat)
    for s in range(PLAYERS):
        for i, c in enumerate(state.played[s]):
            if s == seat or i % PICKS in UP_PICKS:
                out[c] = ("played", s, i)
        for c in state.forced[s]:
            out[c] = ("forced", s)
    if state.thrown[seat] >= 0:
        out[state.thrown[seat]] = ("thrown", seat)
    return out


def hidden(state: State) -> Hashable:
    return (tuple(tuple(h) for h in state.hold), tuple(tuple(s) for s in state.stack),
            tuple(tuple(d) for d in state.down), tuple(state.thrown))


def stack_places(state: State, round2: bool, origin: int, since: int) -> set[int]:
    """The cards of the stack of `origin` in a round picked at pick `since` or later, with what it
    holds now (round 1 passes left, round 2 right)."""
    step, base = (-1, PICKS) if round2 else (1, 0)
    in_round = state.phase == (PICK2 if round2 else PICK1)
    done = state.pick if in_round else PICKS
    out = {state.played[(origin + step * i) % PLAYERS][base + i] for i in range(since, done)}
    if in_round:
        out |= set(state.stack[(origin + step * done) % PLAYERS])
    return out


def test_every_step_every_seat(prep):
    # the test's own record of the stacks each seat saw: (round 2?, origin, pick, cards)
    seen: list[list[tuple[bool, int, int, set[int]]]] = [[] for _ in range(PLAYERS)]

    def watch(state: State) -> None:
        if state.phase in DRAFTS:
            r2, k, a = state.phase == PICK2, state.pick, state.actor
            if not any(x[0] == r2 and x[2] == k for x in seen[a]):
                seen[a].append((r2, (a + k if r2 else a - k) % PLAYERS, k, set(state.stack[a])))

    def placed_and_seen(state: State, seat: int) -> dict[int, Hashable]:
        # a card seen in a stack is still in that stack or among the picks made from it since,
        # never in another seat's 7-stack or its discard
        for r2, origin, k, cards in seen[seat]:
            assert cards <= stack_places(state, r2, origin, k), f"seat {seat}: a card it saw left its stack"
        return placed(state, seat)

    total = 0
    for seed in range(3):
        for s in seen:
            s.clear()
        total += walk(GAME, prep, PLAYERS, seed, placed=placed_and_seen, watch=watch, onward=100)
    assert total == 3 * 84 * PLAYERS


def test_hidden_cards_really_vary(prep):
    for steps in (5, 30, 60, 80):
        state = advance(GAME, prep, PLAYERS, 7, steps)
        for seat in range(PLAYERS):
            assert varies(GAME, state, seat, hidden, draws=30, seed=1) > 10, f"step {steps}, seat {seat}"


def test_information_tells_a_seen_card_apart(prep):
    """Two states differing in a card the seat saw are told apart: moving a card from one group of
    the seat's knowledge to the never-seen ones changes its information."""
    state = advance(GAME, prep, PLAYERS, 5, 24 + 4 * 3)
    seat = 0
    other = state.hold[2][0]               # seat 2's 7-stack: never seen by seat 0
    mine_seen = state.stack[0][0]          # in front of seat 0 now: seen
    info = GAME.information(state, seat)
    a, b = state.hold[2].index(other), state.stack[0].index(mine_seen)
    state.hold[2][a], state.stack[0][b] = mine_seen, other
    assert GAME.information(state, seat) != info
