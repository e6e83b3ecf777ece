"""Coppertwaddle's information and determinize (issue 28): checked games, both seats, the
contract's promises (tests/determinize_checks.py), and what the table showed, recorded by the test
as it plays: every card in play and in the Midden stays put, and a card an effect returned from
the table to a hand stays in that hand."""

from __future__ import annotations

import random

import pytest
from determinize_checks import varies, walk

from printgen.games.coppertwaddle import Coppertwaddle
from printgen.model.load import load_deck
from printgen.sim.engine import game_rng, random_bot

GAME = Coppertwaddle()


@pytest.fixture(scope="module")
def prep():
    return GAME.prepare(load_deck("coppertwaddle"), "basic", {})


class Seen:
    """Cards the test saw go from the table into a hand, until they leave it."""

    def __init__(self) -> None:
        self.returned: dict[int, int] = {}
        self.count = 0
        self.table: list[int] = []

    def before(self, st, action) -> None:
        self.table = [c for c in range(st.prep.n) if st.pos[c] >= 0]

    def after(self, st) -> None:
        for c in self.table:
            for p in (0, 1):
                if c in st.hand[p]:
                    self.returned[c] = p
                    self.count += 1
        self.returned = {c: p for c, p in self.returned.items() if c in st.hand[p]}

    def extra(self, st, det, seat: int) -> None:
        assert det.hand[seat] == st.hand[seat]
        assert [len(h) for h in det.hand] == [len(h) for h in st.hand] and len(det.trumpet) == len(st.trumpet)
        assert (det.slot, det.wind, det.midden, det.pending, det.pos) == (st.slot, st.wind, st.midden, st.pending,
                                                                          st.pos)
        for c, p in self.returned.items():
            assert c in det.hand[p], "a card seen returned to a hand was dealt elsewhere"


@pytest.mark.parametrize("seed,greedy", [(2, True), (3, False), (4, True), (6, False)])
def test_determinisations_keep_what_each_seat_saw(prep, seed, greedy):
    seen = Seen()
    # every step (review of issue 28: it was every second), two copies a seat
    checked = walk(GAME, prep, 2, seed, 1, 2, extra=seen.extra, before=seen.before, after=seen.after,
                   greedy=greedy)
    assert checked > 30
    assert seen.count or seed not in (3, 6)     # these two games see a card returned to a hand


def some_turns(prep, seed: int = 3, turns: int = 4):
    rng = game_rng(seed, 2, 0)
    st = GAME.setup(prep, 2, rng)
    while st.turn < turns and not GAME.is_over(st):
        GAME.apply(st, random_bot(GAME, st, rng))
    return st


def test_the_unseen_cards_really_vary(prep):
    st = some_turns(prep)
    for seat in (0, 1):
        assert varies(GAME, st, seat, lambda d, s=seat: (sorted(d.hand[1 - s]), d.trumpet)) >= 35
        assert varies(GAME, st, seat, lambda d, s=seat: sorted(d.hand[1 - s])) >= 10
        assert varies(GAME, st, seat, lambda d, s=seat: d.hand[s]) == 1


def test_a_card_returned_to_a_hand_is_known_to_both(prep):
    """Moved by hand here (an effect returning a card is rare in random play): a card on the
    table lifted back into the opponent's hand stays there in every determinisation."""
    st = some_turns(prep, 4, 6)
    opp = 1
    on_table = [c for c in range(prep.n) if st.pos[c] >= 0 and st.pos[c] // 8 == opp and prep.spec[c] is None]
    c = on_table[0]
    GAME.lift_card(st, c)
    st.hand[opp].append(c)
    st.held |= 1 << c
    st.cache = None
    rng = random.Random(1)
    for _ in range(30):
        det = GAME.determinize(st, 0, rng)
        assert c in det.hand[opp]
        assert GAME.information(det, 0) == GAME.information(st, 0)


def test_determinize_gives_a_copy_to_play_on(prep):
    st = some_turns(prep)
    det = GAME.determinize(st, 0, random.Random(1))
    det.hand[0].append(det.trumpet.pop())
    det.slot[0][0] = 99
    assert det.hand[0] != st.hand[0] and st.slot[0][0] != 99
