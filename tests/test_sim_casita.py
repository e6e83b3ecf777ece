"""Casita Robada (seed 002, decks/spanish/rules/casita-robada.md) in the simulator.

The rule sheet's example of three choices played out (a steal, a capture, a card left), a steal
taking priority over the middle (and the other reading as an option), two casitas to choose
from, the last short deal, the middle going to the last capturer, and
seeded random and greedy games for 2, 3 and 4 players checked at every step.
"""

from __future__ import annotations

import pytest
from conftest import run_cli

from printgen.files.errors import UserError
from printgen.games.casita import Casita
from printgen.model.load import load_deck
from printgen.sim.engine import BOTS, play

GAME = Casita()


@pytest.fixture(scope="module")
def deck():
    return load_deck("spanish")


@pytest.fixture(scope="module")
def prep(deck):
    return GAME.prepare(deck, "basic", {})


def c(prep, name: str) -> int:
    return prep.cards.index(name)


def steal(prep, name: str, seat: int) -> int:
    return c(prep, name) + prep.cards.n * (1 + seat)


def names(prep, cards) -> list[str]:
    return [prep.cards.names[x] for x in cards]


SHEET = dict(hands=[["5 copas", "7 espadas", "caballo oros"], ["2 bastos", "3 bastos", "4 bastos"]],
             middle=["3 oros", "7 copas", "7 bastos"], piles=[[], ["1 copas", "1 bastos", "5 espadas"]])


def test_the_sheet_example_the_five_steals_the_casita(prep):
    st = GAME.deal(prep, **SHEET)
    assert sorted(GAME.legal(st)) == sorted([steal(prep, "5 copas", 1), c(prep, "7 espadas"), c(prep, "caballo oros")])
    GAME.apply(st, steal(prep, "5 copas", 1))
    assert names(prep, st.pile[0]) == ["As de Copas", "As de Bastos", "Cinco de Espadas", "Cinco de Copas"]
    assert st.pile[1] == [] and st.top == [4, -1], "the thief's casita shows the 5; the victim's is empty"
    assert sorted(names(prep, [x for m in st.middle for x in m])) == ["Siete de Bastos", "Siete de Copas",
                                                                      "Tres de Oros"]
    assert st.steals == [1, 0] and st.stolen == 3 and st.last == 0 and st.actor == 1
    GAME.check(st)


def test_the_sheet_example_the_seven_captures_both_sevens(prep):
    st = GAME.deal(prep, **SHEET)
    GAME.apply(st, c(prep, "7 espadas"))
    assert names(prep, st.pile[0]) == ["Siete de Copas", "Siete de Bastos", "Siete de Espadas"]
    assert names(prep, st.middle[2]) == ["Tres de Oros"] and st.captures == 1 and len(st.pile[1]) == 3


def test_the_sheet_example_the_caballo_stays_in_the_middle(prep):
    st = GAME.deal(prep, **SHEET)
    GAME.apply(st, c(prep, "caballo oros"))
    assert st.pile[0] == [] and names(prep, st.middle[8]) == ["Caballo de Oros"] and st.last == -1


def test_a_steal_comes_instead_of_a_capture_unless_the_option_says_may(deck, prep):
    position = dict(hands=[["5 copas", "6 copas"], ["2 bastos", "3 bastos"]], middle=["5 oros"],
                    piles=[[], ["5 espadas"]])
    st = GAME.deal(prep, **position)
    assert c(prep, "5 copas") not in GAME.legal(st) and steal(prep, "5 copas", 1) in GAME.legal(st)
    GAME.apply(st, steal(prep, "5 copas", 1))
    assert names(prep, st.middle[4]) == ["Cinco de Oros"], "the 5 in the middle stays there"
    may = GAME.prepare(deck, "basic", {"steal": "may"})
    st = GAME.deal(may, **position)
    assert {c(may, "5 copas"), steal(may, "5 copas", 1)} <= set(GAME.legal(st))
    GAME.apply(st, c(may, "5 copas"))
    assert names(may, st.pile[0]) == ["Cinco de Oros", "Cinco de Copas"]
    assert names(may, st.pile[1]) == ["Cinco de Espadas"]


def test_two_casitas_with_the_rank_on_top_the_player_chooses(prep):
    st = GAME.deal(prep, hands=[["5 copas", "6 copas"], ["2 bastos", "2 oros"], ["3 bastos", "3 oros"]], middle=[],
                   piles=[[], ["5 espadas"], ["1 oros", "5 bastos"]])
    assert {steal(prep, "5 copas", 1), steal(prep, "5 copas", 2)} <= set(GAME.legal(st))
    GAME.apply(st, steal(prep, "5 copas", 2))
    assert len(st.pile[0]) == 3 and names(prep, st.pile[1]) == ["Cinco de Espadas"]


def test_the_middle_goes_to_the_last_capturer_at_the_end(prep):
    st = GAME.deal(prep, hands=[["7 espadas"], ["rey oros"]], middle=["7 copas", "2 oros"], piles=[[], []])
    # both hands have one card: played for their holders; seat 0 captures, seat 1 leaves its rey
    assert GAME.is_over(st)
    assert sorted(names(prep, st.pile[0])) == sorted(["Siete de Espadas", "Siete de Copas", "Dos de Oros",
                                                      "Rey de Oros"])
    assert st.pile[0][-1] == c(prep, "7 espadas"), "the middle goes under the casita"
    assert GAME.scores(st) == [4.0, 0.0]


def test_the_last_deal_shares_what_is_left(deck, prep):
    from printgen.games.casita.rules import State

    for p, players, stock, each, middle in ((prep, 2, 4, 2, 0), (prep, 4, 4, 1, 0), (prep, 3, 12, 4, 0),
                                            (GAME.prepare(deck, "basic", {"pack": "48"}), 3, 8, 2, 2)):
        st = State(p, players)
        st.stock = list(range(stock))
        GAME._deal(st)
        assert [len(h) for h in st.hand] == [each] * players and st.stock == []
        assert sum(len(m) for m in st.middle) == middle, "odd cards that cannot be shared go to the middle"
    notes = {n: GAME.static_checks(prep, n)[0].figure for n in (2, 3, 4)}
    assert notes == {2: {"deals": 4, "last": 2}, 3: {"deals": 3, "last": 0}, 4: {"deals": 2, "last": 1}}
    st = GAME.setup(prep, 2, __import__("random").Random(3))
    sizes = [len(st.hand[0])]
    held = sum(len(h) for h in st.hand)
    while not GAME.is_over(st):
        GAME.apply(st, GAME.legal(st)[0])
        now = sum(len(h) for h in st.hand)
        if now > held:                      # a new deal
            assert len(st.hand[0]) == len(st.hand[1])
            sizes.append(len(st.hand[0]))
        held = now
    assert sizes == [4, 4, 4, 4, 2]


def test_options_and_their_errors(deck):
    assert GAME.prepare(deck, "basic", {"pack": "48"}).cards.n == 48
    for options, says in (({"steal": "never"}, "steal=never"), ({"pack": "36"}, "no pack '36'"),
                          ({"dealer": 1}, "no option 'dealer'")):
        with pytest.raises(UserError) as caught:
            GAME.prepare(deck, "basic", options)
        assert says in caught.value.message


@pytest.mark.parametrize("players", [2, 3, 4])
def test_seeded_games_keep_every_invariant(deck, prep, players):
    for p, games in ((prep, 150), (GAME.prepare(deck, "basic", {"steal": "may", "pack": "48"}), 30)):
        for bot in ("random", "greedy"):
            for index in range(games):
                result = play(GAME, p, players, 9, index, [BOTS[bot]] * players, checked=True)
                assert not result.timed_out and p.cards.n - 4 - players < result.length <= p.cards.n - 4
                assert sum(result.scores) == p.cards.n or result.extra["captures"] + result.extra["steals"] == 0
                assert result.used & ~result.held == 0


def test_same_seed_same_game(prep):
    bots = [BOTS["random"], BOTS["greedy"], BOTS["random"]]
    first = [play(GAME, prep, 3, 4, i, bots) for i in range(20)]
    assert first == [play(GAME, prep, 3, 4, i, bots) for i in range(20)]
    assert first != [play(GAME, prep, 3, 5, i, bots) for i in range(20)]


def test_validate_reports_the_first_players_edge_and_steals():
    run = run_cli("validate", "spanish", "--game", "casita", "--players", "2", "--games", "200", "--looks", "1")
    assert run.code in (0, 1), run.err
    assert "the first player wins" in run.out and "% interval" in run.out and "fine is 37.5 to 62.5 %" in run.out
    assert "a casita is stolen in" in run.out
