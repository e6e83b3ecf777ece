"""Burro's determinisation (issue 28): a seat keeps its own hand and the cards played this hand
where they are; the other hands and the stock are dealt anew from the rest, hands keeping their
sizes, checked at every step of seeded random games of each variant; a seat that could not follow
a suit is never dealt one (scripted hands where it is known, and every step of the walks)."""

from __future__ import annotations

import random
from collections.abc import Hashable

import pytest
from determinize_checks import placed_from, unseen_spread, walk

from printgen.games.burro import Burro
from printgen.games.burro.rules import State
from printgen.games.burro.tables import DRAW
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
    lacking = []

    def no_lacking_suit(st: State, det: State, seat: int) -> None:
        """The copy deals no seat a suit the real game showed it lacks (its own check says the
        real hand holds none either)."""
        for p in range(st.n):
            if p != seat:
                shown = [s for s in range(4) if st.void[p] >> s & 1]
                assert not [c for s in shown for c in det.hand[p][s]], f"seat {p} dealt a suit it lacks"
                lacking.extend(shown)

    steps = walk(GAME, preps[variant], players, seed, placed=placed_from(where, seen), max_steps=150, onward=4,
                 extra=no_lacking_suit)
    assert steps >= 50
    assert lacking, "no seat was ever shown to lack a suit: the walk checked nothing of it"


def card(prep, name: str) -> int:
    return prep.cards.index(name)


def places(state: State, seat: int, name: str, draws: int = 60) -> set[Hashable]:
    """Where `draws` determinisations for `seat` put the card `name`."""
    rng = random.Random(3)
    c = card(state.prep, name)
    return {where(GAME.determinize(state, seat, rng))[c] for _ in range(draws)}


def test_a_seat_that_drew_for_a_suit_is_never_dealt_it(preps):
    """The rule sheet's drawing example with a copa more for Ana: Carla had no copas, drew two
    cards of other suits before the 2 of copas, and played it. Dani deals the caballo of copas
    anywhere but to Carla; Ben, whose only copa was played for him, may hold it."""
    p = preps["basic"]
    st = GAME.deal(p, [["5 copas", "1 oros", "2 oros", "caballo copas"], ["rey copas", "3 bastos", "4 bastos"],
                       ["1 espadas", "2 espadas", "4 espadas"], ["7 copas", "6 copas", "5 bastos"]],
                   stock=["3 espadas", "9 oros", "2 copas", "6 bastos"], dealer=3)
    GAME.apply(st, card(p, "5 copas"))
    assert st.actor == 3 and st.void[2] == 1 << p.cards.suit[card(p, "2 copas")]
    assert places(st, 3, "caballo copas") == {("hand", 0), ("hand", 1), "stock"}
    assert places(st, 3, "9 oros") >= {("hand", 2)}, "what Carla lacks is copas only"


def test_a_seat_that_passed_lacks_the_suit_and_one_that_drew_again_may_hold_it(preps):
    """Seat 1 draws the whole stock for an oro and passes: it lacks oros for the rest of the hand.
    In the Portuguese game a seat that has found the led suit holds exactly that one card of it,
    and may hold any card once it draws again."""
    p = preps["basic40"]
    st = GAME.deal(p, [["1 oros", "2 bastos", "3 oros"], ["3 copas", "4 copas"], ["5 oros", "6 oros", "7 copas"]],
                   stock=["1 espadas", "2 espadas"], dealer=2)
    GAME.apply(st, card(p, "1 oros"))
    assert st.passed and st.actor == 2
    assert places(st, 2, "3 oros") == {("hand", 0)}, "the 3 of oros can only be seat 0's"
    por = preps["portuguese"]
    st = GAME.deal(por, [["2 oros", "3 oros"], ["1 copas", "2 copas"], ["4 oros", "5 oros", "caballo oros"]],
                   stock=["6 oros", "7 copas", "rey oros"], dealer=2)
    GAME.apply(st, card(por, "2 oros"))
    assert st.actor == 1 and st.single == 1
    rng = random.Random(4)
    for _ in range(20):
        det = GAME.determinize(st, 0, rng)
        assert len(det.hand[1][por.cards.suit[card(por, "6 oros")]]) == 1, "seat 1 holds one oro, no more"
    GAME.apply(st, DRAW)
    assert st.void[1] == 0 and ("hand", 1) in places(st, 0, "caballo oros", 80)


def test_the_unseen_cards_reach_every_unseen_place(preps):
    spread = unseen_spread(GAME, preps["basic"], 3, 5, where, seen)
    places = {"stock", ("hand", 1), ("hand", 2)}
    assert len(spread) == 48 - 4
    assert all(found == places for found in spread.values()), \
        {c: found for c, found in spread.items() if found != places}


def test_a_copy_draws_its_own_future():
    """The copy's generator is new: the next hand of a determinisation is not the real game's."""
    prep = GAME.prepare(load_deck("spanish"), "basic", {})
    state = GAME.setup(prep, 2, random.Random(7))
    det = GAME.determinize(state, 0, random.Random(8))
    assert det.rng is not state.rng
    assert det.rng.random() != state.rng.random()
    again = GAME.determinize(state, 0, random.Random(8))
    assert where(again) == where(GAME.determinize(state, 0, random.Random(8)))
