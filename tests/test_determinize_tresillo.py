"""Tresillo's information and determinize (issue 28), for three and four players: checked games,
every seat, the contract's promises (tests/determinize_checks.py) and what the table saw
(tests/determinize_ombre.py), the vuelta's turned card among it."""

from __future__ import annotations

import random

import pytest
from determinize_checks import varies, walk
from determinize_ombre import Seen, unseen, where

from printgen.games.common.ombre.state import EXCHANGE, PLAY, VUELTA
from printgen.games.tresillo import Tresillo
from printgen.model.load import load_deck
from printgen.sim.engine import game_rng, random_bot

GAME = Tresillo()


@pytest.fixture(scope="module")
def deck():
    return load_deck("spanish")


@pytest.mark.parametrize("players,seed,greedy", [(3, 1, False), (3, 2, True), (4, 3, False), (4, 4, True)])
def test_determinisations_keep_what_each_seat_saw(deck, players, seed, greedy):
    prep = GAME.prepare(deck, "basic", {"hands": 3})
    seen = Seen()
    checked = walk(GAME, prep, players, seed, 1, 1, extra=seen.extra, before=seen.before, greedy=greedy,
                   onward=6)   # every step (it was every fifth), one copy a seat played on 6 steps
    assert checked > 100


def first_vuelta(deck, players: int, until):
    """The first hand, over seeds, bid as a vuelta and played until `until(state)`; and its turned card."""
    prep = GAME.prepare(deck, "basic", {"hands": 1})
    for seed in range(500):
        rng = game_rng(seed, players, 0)
        st = GAME.setup(prep, players, rng)
        turned = -1
        while st.hand_no == 1 and not GAME.is_over(st) and not (st.contract == VUELTA and until(st)):
            if st.contract == VUELTA and turned < 0:
                turned = st.talon[-1]           # the first decision after the bid: nobody has drawn
            GAME.apply(st, random_bot(GAME, st, rng))
        if st.hand_no == 1 and st.contract == VUELTA and not GAME.is_over(st):
            return st, turned if turned >= 0 else st.talon[-1]
    raise AssertionError("no vuelta found")


@pytest.mark.parametrize("players", [3, 4])
def test_the_turned_card_is_seen_by_everyone(deck, players):
    """The vuelta's card is turned face up on the talon: before anyone draws it stays on top for
    every seat; once drawn, it stays with the drawer (or where it was played)."""
    st, card = first_vuelta(deck, players, lambda s: s.phase == EXCHANGE and not s.out)
    assert st.talon[-1] == card
    rng = random.Random(1)
    for seat in st.active:
        for _ in range(20):
            assert GAME.determinize(st, seat, rng).talon[-1] == card
    st, card = first_vuelta(deck, players, lambda s: s.phase == PLAY)
    for seat in st.active:
        for _ in range(20):
            assert where(GAME.determinize(st, seat, rng), card) == where(st, card)
    moved = {where(GAME.determinize(st, seat, rng), c) != where(st, c)
             for seat in st.active for c in st.hand[st.ombre] if c != card and seat != st.ombre}
    assert moved == {False, True}       # the Ombre's other cards are unseen: they move, or may stay


@pytest.mark.parametrize("players", [3, 4])
def test_the_unseen_cards_really_vary(deck, players):
    prep = GAME.prepare(deck, "basic", {"hands": 1})
    rng = game_rng(5, players, 0)
    st = GAME.setup(prep, players, rng)
    while not (st.phase == PLAY and st.played == 2):
        GAME.apply(st, random_bot(GAME, st, rng))
    for seat in st.active:
        assert varies(GAME, st, seat, lambda d, s=seat: unseen(d, s)) >= 35
    if players == 4:
        assert varies(GAME, st, st.dealer, lambda d: d.hand[d.dealer]) == 1     # sitting out, holding nothing
