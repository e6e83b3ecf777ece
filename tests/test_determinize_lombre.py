"""L'Ombre's information and determinize (issue 28): checked games, every seat, the contract's
promises (tests/determinize_checks.py) and what the table saw (tests/determinize_ombre.py)."""

from __future__ import annotations

import random

import pytest
from determinize_checks import check_draws, varies, walk
from determinize_ombre import Seen, unseen

from printgen.games.common.ombre.state import PLAY
from printgen.games.lombre import LOmbre
from printgen.model.load import load_deck
from printgen.sim.engine import game_rng, random_bot

GAME = LOmbre()


@pytest.fixture(scope="module")
def deck():
    return load_deck("spanish")


@pytest.mark.parametrize("seed,greedy,matadors", [(1, False, "ombre"), (2, True, "ombre"), (3, True, "any"),
                                                  (4, False, "off")])
def test_determinisations_keep_what_each_seat_saw(deck, seed, greedy, matadors):
    prep = GAME.prepare(deck, "basic", {"hands": 3, "matadors": matadors})
    seen = Seen()
    checked = walk(GAME, prep, 3, seed, 1, 1, extra=seen.extra, before=seen.before, greedy=greedy,
                   onward=6)   # every step (it was every fifth), one copy a seat played on 6 steps
    assert checked > 100


def mid_hand(deck, seed: int = 8, **options):
    """A position a few tricks into the first hand, and the hand its Ombre began the tricks with."""
    prep = GAME.prepare(deck, "basic", {"hands": 1, **options})
    rng = game_rng(seed, 3, 0)
    st = GAME.setup(prep, 3, rng)
    begun: list[int] = []
    while not (st.phase == PLAY and st.played == 3):
        GAME.apply(st, random_bot(GAME, st, rng))
        if st.phase == PLAY and not begun:
            begun = list(st.hand[st.ombre])
    return st, begun


def test_the_unseen_cards_really_vary(deck):
    st, _ = mid_hand(deck)
    for seat in range(3):
        assert varies(GAME, st, seat, lambda d, s=seat: unseen(d, s)) >= 35
        assert varies(GAME, st, seat, lambda d, s=seat: d.hand[s]) == 1


def test_each_copy_gets_a_fresh_generator(deck):
    st, _ = mid_hand(deck)
    rng = random.Random(2)
    a, b = GAME.determinize(st, 0, rng), GAME.determinize(st, 0, rng)
    assert a.rng is not st.rng and a.rng is not b.rng
    draws = [r.getrandbits(32) for r in (st.rng, a.rng, b.rng)]
    assert len(set(draws)) == 3


def test_the_matadors_paid_for_stay_with_the_ombre(deck):
    """Under the rule sheet the Ombre holding the three matadors is paid in front of everyone:
    every determinisation for another seat leaves them with the Ombre, or leaves it without all
    three; with the option off nothing is shown and the other seats see both."""
    found = {"ombre": set(), "off": set()}
    for rule in found:
        for seed in range(40):
            st, begun = mid_hand(deck, seed, matadors=rule)
            top = st.prep.orders.trump_cards[st.trumps][:3]
            real = all(c in begun for c in top)
            played = [c for c in begun if c not in st.hand[st.ombre]]
            other = next(s for s in st.active if s != st.ombre)
            rng = random.Random(seed)
            for _ in range(10):
                det = GAME.determinize(st, other, rng)
                held = all(c in det.hand[det.ombre] or c in played for c in top)
                if rule == "ombre":
                    assert held == real
                found[rule].add(held != real)
    assert found["off"] == {False, True}


def test_determinize_is_quick_enough_to_call_often(deck):
    st, _ = mid_hand(deck)
    assert check_draws(GAME, st, 1, random.Random(1), 50, None) == 50
