"""Cromwell's information and determinize (issue 28), basic and advanced play: a seat knows its
hand, the table, the Block, and every card named or shown in play (announced, offered, traded,
shown after a wrong answer) in the hand that holds it; the rest of the hands and the stock are
dealt anew. Why: trading is played by name, so a search player that forgot a named card would
misjudge every offer, and one that saw the stock would draw what no player can know."""

from __future__ import annotations

import random
from collections.abc import Hashable

import pytest
from determinize_checks import advance, check_one, varies, walk

from printgen.games.cromwell import Cromwell
from printgen.games.cromwell.tables import ANNOUNCE, DECIDE, OFFER, State, _bits
from printgen.model.load import load_deck
from printgen.sim.engine import game_rng, random_bot

GAME = Cromwell()


@pytest.fixture(scope="module")
def deck():
    return load_deck("cromwell")


class Seen:
    """The test's own record of what every seat has been shown, kept from the actions alone (not
    from State.shown): the named cards and where they went."""

    def __init__(self, players: int):
        self.where: dict[int, int] = {}          # card -> the seat everyone knows holds it

    def before(self, state: State, action: int) -> None:
        p = state.prep
        if state.phase == ANNOUNCE:
            self.where[action - p.ANNOUNCE] = state.crom
        elif state.phase == OFFER and action != p.PASS:
            self.where[action - p.OFFER] = state.actor
        elif state.phase == DECIDE and action != p.DRAW:
            s = action - p.ACCEPT
            self.where[state.announced] = s
            self.where[state.offers[s]] = state.crom

    def after(self, state: State) -> None:
        """Forget a named card once it left the hand it was in by a way everyone sees, and learn
        the cards a wrong answer moved or showed (read from the hands: the move is made in view)."""
        for c, s in list(self.where.items()):
            if not state.hands[s] >> c & 1:
                holder = [t for t, h in enumerate(state.hands) if h >> c & 1]
                if holder and state.adv:         # advanced: a forfeited card moves face up
                    self.where[c] = holder[0]
                else:                            # laid, or sent to the Block
                    del self.where[c]


def placed(state: State, seat: int, seen: Seen | None = None) -> dict[int, Hashable]:
    out: dict[int, Hashable] = {c: ("hand", seat) for c in _bits(state.hands[seat])}
    for j, t in enumerate(state.table):
        for c in _bits(t):
            out[c] = ("table", j)
    for i, c in enumerate(state.block):
        out[c] = ("block", i)
    for c in _bits(state.out_mask):
        out[c] = ("out",)
    if seen is not None:
        for c, s in seen.where.items():
            out[c] = ("hand", s)
    return out


def hidden(state: State) -> Hashable:
    return tuple(state.hands), tuple(state.stock)


def checked_games(deck, variant: str, players: int, seeds: range, max_steps: int, onward: int = 20) -> int:
    """Games where the record of named cards is kept by the test and checked against every copy, at
    every step, for every seat."""
    prep = GAME.prepare(deck, variant, {})
    total = 0
    for seed in seeds:
        seen = Seen(players)
        rng = game_rng(seed, players, 0)
        state = GAME.setup(prep, players, rng)

        def known(st: State, seat: int, seen: Seen = seen) -> dict[int, Hashable]:
            return placed(st, seat, seen)
        det_rng = random.Random(seed)
        for _ in range(max_steps):
            if GAME.is_over(state):
                break
            for seat in range(players):
                check_one(GAME, state, seat, det_rng, known, onward=onward)
                total += 1
            action = random_bot(GAME, state, rng)
            seen.before(state, action)
            GAME.apply(state, action)
            seen.after(state)
            GAME.check(state)
    return total


@pytest.mark.parametrize("variant,players", [("basic", 3), ("basic", 5), ("advanced", 4), ("advanced", 3)])
def test_every_step_every_seat(deck, variant, players):
    """Every one of a game's first 240 steps (review of issue 28: it was every third, over two
    seeds); each copy played on 10 steps, to keep the cost as it was."""
    assert checked_games(deck, variant, players, range(1), 240, onward=10) > 150


def test_plain_checks_to_the_end_of_basic_games(deck):
    """Whole basic rounds (the Block reshuffled into the stock on the way), every 25 steps."""
    prep = GAME.prepare(deck, "basic", {})
    assert sum(walk(GAME, prep, 4, seed, placed=placed, every=25, max_steps=4000, onward=10)
               for seed in range(2)) > 20


def test_a_reshuffled_stock_holds_only_cards_of_the_block(deck):
    prep = GAME.prepare(deck, "basic", {})
    rng = game_rng(3, 3, 0)
    state = GAME.setup(prep, 3, rng)
    while not GAME.is_over(state) and state.pool == prep.all_mask:
        GAME.apply(state, random_bot(GAME, state, rng))
    assert state.pool != prep.all_mask, "no reshuffle in this game: pick another seed"
    det_rng = random.Random(0)
    for seat in range(3):
        for _ in range(20):
            det = GAME.determinize(state, seat, det_rng)
            assert all(state.pool >> c & 1 for c in det.stock)


@pytest.mark.parametrize("variant", ["basic", "advanced"])
def test_hidden_cards_really_vary(deck, variant):
    prep = GAME.prepare(deck, variant, {})
    for steps in (0, 20, 40):
        state = advance(GAME, prep, 4, 2, steps)
        for seat in range(4):
            assert varies(GAME, state, seat, hidden, draws=30, seed=1) > 10, f"{variant} step {steps} seat {seat}"
