"""Burro's determinisation (issue 28): a seat keeps its own hand and the cards played this hand
where they are; the other hands and the stock are dealt anew from the rest, hands keeping their
sizes, checked at every step of seeded random games of each variant."""

from __future__ import annotations

from collections.abc import Hashable

import pytest
from determinize_checks import placed_from, unseen_spread, walk

from printgen.games.burro import Burro
from printgen.games.burro.rules import State
from printgen.model.load import load_deck

GAME = Burro()


@pytest.fixture(scope="module")
def preps():
    deck = load_deck("spanish")
    return {v: GAME.prepare(deck, v, {}) for v in GAME.variants}


def where(st: State) -> dict[int, Hashable]:
    placed: dict[int, Hashable] = {c: "stock" for c in st.stock}
    for p in range(st.n):
        for cards in st.hand[p]:
            placed.update((c, ("hand", p)) for c in cards)
    placed.update((c, ("played", i)) for i, c in enumerate(st.gone))
    return placed


def seen(st: State, seat: int) -> dict[int, Hashable]:
    """The seat's own hand and the cards played this hand."""
    mine: dict[int, Hashable] = {c: ("hand", seat) for cards in st.hand[seat] for c in cards}
    mine.update((c, ("played", i)) for i, c in enumerate(st.gone))
    return mine


@pytest.mark.parametrize("variant,players,seed", [("basic", 2, 1), ("basic", 4, 2), ("basic40", 3, 3),
                                                  ("portuguese", 5, 4)])
def test_every_step_keeps_what_the_seat_knows(preps, variant, players, seed):
    steps = walk(GAME, preps[variant], players, seed, placed=placed_from(where, seen), max_steps=150, onward=4)
    assert steps >= 50


def test_the_unseen_cards_reach_every_unseen_place(preps):
    spread = unseen_spread(GAME, preps["basic"], 3, 5, where, seen)
    places = {"stock", ("hand", 1), ("hand", 2)}
    assert len(spread) == 48 - 4
    assert all(found == places for found in spread.values()), \
        {c: found for c, found in spread.items() if found != places}


def test_a_copy_draws_its_own_future():
    """The copy's generator is new: the next hand of a determinisation is not the real game's."""
    import random

    prep = GAME.prepare(load_deck("spanish"), "basic", {})
    state = GAME.setup(prep, 2, random.Random(7))
    det = GAME.determinize(state, 0, random.Random(8))
    assert det.rng is not state.rng
    assert det.rng.random() != state.rng.random()
    again = GAME.determinize(state, 0, random.Random(8))
    assert where(again) == where(GAME.determinize(state, 0, random.Random(8)))
