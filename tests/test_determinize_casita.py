"""Casita Robada's determinisation (issue 28): the middle and every casita are face up and stay
as they are, so does the seat's own hand; the other hands and the stock are dealt anew from the
rest, hands keeping their sizes, checked at every step of seeded random games for 2, 3 and 4."""

from __future__ import annotations

import random
from collections.abc import Hashable

import pytest
from determinize_checks import placed_from, unseen_spread, walk

from printgen.games.casita import Casita
from printgen.games.casita.rules import State
from printgen.model.load import load_deck

GAME = Casita()


@pytest.fixture(scope="module")
def prep():
    return GAME.prepare(load_deck("spanish"), "basic", {})


def where(st: State) -> dict[int, Hashable]:
    placed: dict[int, Hashable] = {c: "stock" for c in st.stock}
    for p in range(st.n):
        placed.update((c, ("hand", p)) for c in st.hand[p])
        placed.update((c, ("casita", p, i)) for i, c in enumerate(st.pile[p]))
    placed.update((c, "middle") for m in st.middle for c in m)
    return placed


def seen(st: State, seat: int) -> dict[int, Hashable]:
    """The seat's own hand, the middle and every casita, card by card."""
    known = where(st)
    return {c: place for c, place in known.items()
            if place == "middle" or place == ("hand", seat) or place[0] == "casita"}


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3), (4, 4)])
def test_every_step_keeps_what_the_seat_knows(prep, players, seed):
    steps = walk(GAME, prep, players, seed, placed=placed_from(where, seen), onward=4)
    assert steps >= 15


def test_the_unseen_cards_reach_every_unseen_place(prep):
    spread = unseen_spread(GAME, prep, 2, 5, where, seen)
    assert len(spread) == 40 - 4 - 4
    assert all(found == {"stock", ("hand", 1)} for found in spread.values())


def test_the_same_generator_deals_the_same_copy(prep):
    state = GAME.setup(prep, 3, random.Random(7))
    first = where(GAME.determinize(state, 1, random.Random(8)))
    assert first == where(GAME.determinize(state, 1, random.Random(8)))
    assert first != where(GAME.determinize(state, 1, random.Random(9)))
