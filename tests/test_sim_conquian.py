"""Conquian (seed 002, decks/spanish/rules/conquian.md) in the simulator.

Scripted positions with exact outcomes: the rule sheet's borrowing example (and no borrowing from
a meld of three), the seed's forced play (a card refused and forced back on its player, who must
discard), forcing one's own discard, the other reading of forcing as an option, runs across the
gap after the 7, additions with one hand card, eleven cards melded winning, a player with an
empty hand winning by a lay-off, and a tie when the stock runs out. Then seeded random and greedy
games of both variants, checked at every step, where no card ever enters a hand.
"""

from __future__ import annotations

import pytest
from conftest import run_cli

from printgen.files.errors import UserError
from printgen.games.conquian import (
    CHOOSE,
    DISCARD,
    DISCARD_FORCE,
    DISCARDING,
    FORCE,
    LEFT,
    OFFER,
    OVER,
    OWN,
    REFUSE,
    REFUSED,
    Conquian,
    _cards,
    meld_action,
)
from printgen.model.load import load_deck
from printgen.sim.engine import BOTS, game_rng, play

GAME = Conquian()


@pytest.fixture(scope="module")
def deck():
    return load_deck("spanish")


@pytest.fixture(scope="module")
def prep(deck):
    return GAME.prepare(deck, "basic", {})


def c(prep, name: str) -> int:
    return prep.cards.index(name)


def mask(prep, *names: str) -> int:
    return sum(1 << c(prep, n) for n in names)


def meld_names(prep, st, p: int) -> list[list[str]]:
    return [[prep.cards.names[x] for x in m] for m in st.melds[p]]


OTHER = ["1 bastos", "3 copas", "rey bastos", "sota copas", "2 espadas", "6 bastos"]


def test_the_sheet_example_of_borrowing(prep):
    """Run 4-5-6-7 of oros down, the 7 of espadas in hand, the 7 of copas in play: borrow the 7 of
    oros and lay three 7s; the run keeps three cards."""
    st = GAME.deal(prep, [["7 espadas"] + OTHER, ["2 oros", "3 oros", "1 copas"]], stock=["5 bastos"],
                   melds=[[["4 oros", "5 oros", "6 oros", "7 oros"]], []], card="7 copas", origin=LEFT)
    borrow = meld_action(mask(prep, "7 espadas"), c(prep, "7 oros"))
    assert GAME.legal(st) == [REFUSE, borrow], "the only meld borrows the 7 of oros"
    GAME.apply(st, borrow)
    run, sevens = meld_names(prep, st, 0)
    assert run == ["Cuatro de Oros", "Cinco de Oros", "Seis de Oros"]
    assert sorted(sevens) == ["Siete de Copas", "Siete de Espadas", "Siete de Oros"]
    assert st.count[0] == 6 and st.borrows == 1 and st.phase == DISCARDING and st.actor == 0
    GAME.check(st)


def test_no_borrowing_from_a_meld_of_three(prep):
    st = GAME.deal(prep, [["7 espadas"] + OTHER, ["2 oros", "3 oros", "1 copas"]], stock=["5 bastos"],
                   melds=[[["5 oros", "6 oros", "7 oros"]], []], card="7 copas", origin=LEFT)
    assert GAME.legal(st) == [REFUSE]


def test_the_seeds_forced_play(prep):
    """The seed's example: seat 0 refuses the 3 of oros and turns up the 5 of espadas, which fits
    its run 2-3-4 of espadas; seat 1 forces it on the run at once, and seat 0 must break a pair."""
    hand = ["1 oros", "1 copas", "6 bastos", "6 copas", "rey oros", "rey copas", "sota bastos"]
    st = GAME.deal(prep, [hand, ["7 oros", "7 copas", "caballo bastos"] + ["4 copas", "5 copas", "1 bastos"]],
                   stock=["5 espadas", "2 bastos"], melds=[[["2 espadas", "3 espadas", "4 espadas"]], []],
                   card="3 oros", origin=LEFT)
    assert GAME.legal(st) == [REFUSE]
    GAME.apply(st, REFUSE)
    assert st.waste == [c(prep, "3 oros")] and st.card == c(prep, "5 espadas")
    assert st.actor == 1 and GAME.legal(st) == [REFUSE, FORCE + 0], "seat 1 may force the 5 as soon as it shows"
    GAME.apply(st, FORCE + 0)
    assert meld_names(prep, st, 0) == [["Dos de Espadas", "Tres de Espadas", "Cuatro de Espadas", "Cinco de Espadas"]]
    assert st.phase == DISCARDING and st.actor == 0 and st.count[0] == 4 and st.forces == 1
    assert sorted(GAME.legal(st)) == sorted(DISCARD + c(prep, n) for n in hand), "seat 0 must discard"
    GAME.apply(st, DISCARD + c(prep, "6 copas"))
    assert st.actor == 1 and st.card == c(prep, "6 copas") and st.origin == LEFT and st.phase == CHOOSE
    assert meld_action(mask(prep, "4 copas", "5 copas")) in GAME.legal(st)
    GAME.check(st)


def test_forcing_only_a_refused_card_is_the_other_reading(deck):
    """-O force_drawn=refused: seat 0 sees the 5 first, could add it itself, refuses it, and only
    then may seat 1 force it."""
    p = GAME.prepare(deck, "basic", {"force_drawn": "refused"})
    hand = ["1 oros", "1 copas", "6 bastos", "6 copas", "rey oros", "rey copas", "sota bastos"]
    st = GAME.deal(p, [hand, ["7 oros", "7 copas", "caballo bastos"] + ["4 copas", "5 copas", "1 bastos"]],
                   stock=["5 espadas", "2 bastos"], melds=[[["2 espadas", "3 espadas", "4 espadas"]], []],
                   card="3 oros", origin=LEFT)
    GAME.apply(st, REFUSE)
    assert st.origin == OWN and st.actor == 0 and GAME.legal(st) == [REFUSE, meld_action(0, -1, 0)], \
        "it could add the 5 itself"
    GAME.apply(st, REFUSE)
    assert st.actor == 1 and st.origin == REFUSED and FORCE + 0 in GAME.legal(st)
    GAME.apply(st, FORCE + 0)
    assert st.phase == DISCARDING and st.actor == 0 and st.forces == 1
    GAME.check(st)


def test_forcing_ones_own_discard_after_melding(prep):
    st = GAME.deal(prep, [["2 oros", "3 oros", "5 espadas", "caballo bastos", "rey bastos"],
                          ["1 copas", "2 copas", "sota bastos"]],
                   stock=["6 bastos"], melds=[[], [["5 copas", "5 oros", "5 bastos"]]], card="1 oros", origin=LEFT)
    GAME.apply(st, meld_action(mask(prep, "2 oros", "3 oros")))
    assert st.phase == DISCARDING and DISCARD_FORCE + 8 * c(prep, "5 espadas") + 0 in GAME.legal(st)
    assert DISCARD_FORCE + 8 * c(prep, "rey bastos") not in GAME.legal(st), "the rey fits no meld of seat 1"
    GAME.apply(st, DISCARD_FORCE + 8 * c(prep, "5 espadas") + 0)
    assert len(st.melds[1][0]) == 4 and st.count == [3, 4] and st.actor == 1 and st.phase == DISCARDING
    assert st.forces == 1
    GAME.apply(st, DISCARD + c(prep, "sota bastos"))
    assert st.actor == 0 and st.card == c(prep, "sota bastos") and st.origin == LEFT


def test_a_card_shown_and_not_forced_is_its_players_to_use_or_refuse(prep):
    st = GAME.deal(prep, [["1 oros", "1 copas", "6 bastos"], ["5 oros", "5 copas", "caballo bastos"]],
                   stock=["5 espadas", "2 bastos"], melds=[[["2 espadas", "3 espadas", "4 espadas"]], []],
                   card="3 oros", origin=LEFT)
    GAME.apply(st, REFUSE)
    assert st.phase == OFFER and st.actor == 1 and GAME.legal(st) == [REFUSE, FORCE + 0], \
        "the opponent may force the 5 as soon as it is turned up"
    GAME.apply(st, REFUSE)
    assert st.phase == CHOOSE and st.actor == 0 and st.card == c(prep, "5 espadas")
    GAME.apply(st, REFUSE)
    assert st.actor == 1 and FORCE + 0 not in GAME.legal(st), "no second chance once it is refused"


def test_runs_cross_the_gap_after_the_seven_and_additions_take_one_hand_card(prep):
    st = GAME.deal(prep, [["7 bastos", "caballo bastos", "3 oros", "7 oros"], ["1 copas", "2 copas", "3 copas"]],
                   stock=["6 bastos"], melds=[[["4 oros", "5 oros", "6 oros"]], []], card="sota bastos",
                   origin=LEFT)
    assert meld_action(mask(prep, "7 bastos", "caballo bastos")) in GAME.legal(st)
    st = GAME.deal(prep, [["7 bastos", "caballo bastos", "3 oros", "sota oros"], ["1 copas", "2 copas"]],
                   stock=["6 bastos"], melds=[[["4 oros", "5 oros", "6 oros"]], []], card="2 oros", origin=LEFT)
    assert GAME.legal(st) == [REFUSE, meld_action(mask(prep, "3 oros"), -1, 0)], "the 3 from the hand fills the gap"
    st = GAME.deal(prep, [["7 bastos", "3 oros", "sota oros"], ["1 copas", "2 copas"]],
                   stock=["6 bastos"], melds=[[["4 oros", "5 oros", "6 oros"]], []], card="7 oros", origin=LEFT)
    legal = set(GAME.legal(st))
    assert {meld_action(0, -1, 0), meld_action(mask(prep, "sota oros"), -1, 0),
            meld_action(mask(prep, "3 oros"), -1, 0)} <= legal, "alone, with the sota beyond, or the 3 at the other end"
    assert meld_action(mask(prep, "3 oros", "sota oros"), -1, 0) not in legal, "one hand card at most"
    GAME.apply(st, meld_action(mask(prep, "3 oros"), -1, 0))
    assert meld_names(prep, st, 0) == [["Tres de Oros", "Cuatro de Oros", "Cinco de Oros", "Seis de Oros",
                                        "Siete de Oros"]]


def test_eleven_cards_melded_win_at_once(prep):
    melds = [[["1 oros", "1 copas", "1 espadas", "1 bastos"], ["2 oros", "2 copas", "2 espadas", "2 bastos"]], []]
    st = GAME.deal(prep, [["5 copas", "6 copas"], ["3 oros", "4 oros"]], stock=["rey bastos"], melds=melds,
                   card="7 copas", origin=LEFT)
    GAME.apply(st, meld_action(mask(prep, "5 copas", "6 copas")))
    assert st.phase == OVER and st.winner == 0 and st.count[0] == 11 and GAME.scores(st) == [1.0, 0.0]
    GAME.check(st)


def test_an_empty_hand_wins_only_by_a_lay_off(prep):
    melds = [[["1 oros", "2 oros", "3 oros", "4 oros"], ["1 copas", "2 copas", "3 copas"],
              ["rey oros", "rey copas", "rey espadas"]], []]
    st = GAME.deal(prep, [[], ["6 bastos", "7 bastos"]], stock=["rey bastos"], melds=melds, card="5 bastos",
                   origin=LEFT)
    assert GAME.legal(st) == [REFUSE]
    st = GAME.deal(prep, [[], ["6 bastos", "7 bastos"]], stock=["5 bastos"], melds=melds, card="4 copas",
                   origin=LEFT)
    assert GAME.legal(st) == [REFUSE, meld_action(0, -1, 1)]
    GAME.apply(st, meld_action(0, -1, 1))
    assert st.winner == 0 and st.count[0] == 11


def test_the_stock_running_out_is_a_tie(prep):
    st = GAME.deal(prep, [["1 oros", "5 copas"], ["3 bastos", "rey oros"]], stock=[], card="7 espadas", origin=LEFT)
    GAME.apply(st, REFUSE)
    assert st.phase == OVER and st.winner == -1 and GAME.scores(st) == [0.0, 0.0]
    assert st.waste == [c(prep, "7 espadas")]


def test_options_and_their_errors(deck):
    assert GAME.prepare(deck, "short", {}).deal == 8
    assert GAME.prepare(deck, "basic", {"deal": 9}).deal == 9
    for options, says in (({"deal": 11}, "deal=11"), ({"force_drawn": "never"}, "force_drawn=never"),
                          ({"pack": "52"}, "no pack '52'"), ({"jokers": 2}, "no option 'jokers'")):
        with pytest.raises(UserError) as caught:
            GAME.prepare(deck, "basic", options)
        assert says in caught.value.message


CASES = [("basic", {}), ("short", {}), ("basic", {"force_drawn": "at_once"}), ("basic", {"pack": "48"})]


@pytest.mark.parametrize("variant,options", CASES)
def test_seeded_games_keep_every_invariant(deck, variant, options):
    p = GAME.prepare(deck, variant, options)
    for bot, games in (("random", 250), ("greedy", 150)):
        for index in range(games):
            result = play(GAME, p, 2, 21, index, [BOTS[bot]] * 2, checked=True)
            assert not result.timed_out
            tie = result.extra["tie"]
            assert (result.winners == [0, 1]) == bool(tie)
            if not tie:
                assert result.extra["melded"][result.winners[0]] == p.deal + 1
            assert result.used.bit_count() == sum(result.extra["melded"]), "used cards are the melded ones"


def test_no_card_ever_enters_a_hand(prep):
    for index in range(60):
        rng = game_rng(8, 2, index)
        st = GAME.setup(prep, 2, rng)
        dealt = list(st.hand)
        while not GAME.is_over(st):
            GAME.apply(st, BOTS["random"](GAME, st, rng))
            assert all(st.hand[p] & ~dealt[p] == 0 for p in range(2))
            assert all(len(_cards(st.hand[p])) + st.count[p] <= prep.deal + 1 for p in range(2))


def test_same_seed_same_game(prep):
    bots = [BOTS["random"], BOTS["greedy"]]
    first = [play(GAME, prep, 2, 4, i, bots) for i in range(30)]
    assert first == [play(GAME, prep, 2, 4, i, bots) for i in range(30)]
    assert first != [play(GAME, prep, 2, 5, i, bots) for i in range(30)]


def test_validate_reports_the_tie_rate():
    run = run_cli("validate", "spanish", "--game", "conquian", "--variant", "basic", "--games", "200", "--looks", "1")
    assert run.code in (0, 1), run.err
    assert "the game is a tie in" in run.out and "% interval" in run.out and "fine is at most 50 %" in run.out
    assert "forced in" in run.out
