"""Conquian's information and determinize (issue 28): a seat knows its hand, the melds, the waste
and the card in play; the opponent's hand and the stock are dealt anew from the cards it has not
seen. Why: a search player that peeked at the stock's order would find winning lines no player
could."""

from __future__ import annotations

import random
from collections.abc import Hashable

import pytest
from determinize_checks import advance, check_one, varies, walk

from printgen.games.conquian import Conquian
from printgen.games.conquian.tables import State, _cards
from printgen.model.load import load_deck

GAME = Conquian()


@pytest.fixture(scope="module")
def deck():
    return load_deck("spanish")


def placed(state: State, seat: int) -> dict[int, Hashable]:
    """Its own hand, every meld, the waste (each card's place in it) and the card in play."""
    out: dict[int, Hashable] = {c: ("hand", seat) for c in _cards(state.hand[seat])}
    for p in range(2):
        for m, meld in enumerate(state.melds[p]):
            for c in meld:
                out[c] = ("meld", p, m)
    for i, c in enumerate(state.waste):
        out[c] = ("waste", i)
    if state.card >= 0:
        out[state.card] = ("in play",)
    return out


def hidden(state: State) -> Hashable:
    return (state.hand[0], state.hand[1], tuple(state.stock))


@pytest.mark.parametrize("variant,options", [("basic", {}), ("short", {"force_drawn": "refused"})])
def test_every_step_every_seat(deck, variant, options):
    prep = GAME.prepare(deck, variant, options)
    total = sum(walk(GAME, prep, 2, seed, placed=placed, onward=40) for seed in range(4))
    assert total > 50


def test_hidden_cards_really_vary(deck):
    prep = GAME.prepare(deck, "basic", {})
    for steps in (0, 5, 10):                   # while the stock still holds cards (this game ends at 15)
        state = advance(GAME, prep, 2, 3, steps)
        assert state.stock
        for seat in range(2):
            det_hands = {GAME.determinize(state, seat, random.Random(k)).hand[1 - seat] for k in range(20)}
            assert len(det_hands) > 5, f"step {steps}, seat {seat}: the opponent's hand hardly changes"
            assert varies(GAME, state, seat, hidden, draws=30, seed=1) > 15


def test_the_copy_keeps_the_seats_hand_and_what_is_in_play(deck):
    prep = GAME.prepare(deck, "basic", {})
    state = advance(GAME, prep, 2, 8, 6)
    seat = GAME.to_act(state)
    det = check_one(GAME, state, seat, random.Random(2), placed, onward=0)
    assert det.hand[seat] == state.hand[seat] and det.card == state.card
    unseen = state.hand[1 - seat] | sum(1 << c for c in state.stock)
    assert det.hand[1 - seat] | sum(1 << c for c in det.stock) == unseen
