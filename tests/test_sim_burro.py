"""Burro (seed 002, decks/spanish/rules/burro.md) in the simulator.

Scripted hands with exact outcomes (the rule sheet's drawing example; a stock that runs out so a
player passes; a trick won by a player who has just gone out; the last holder's letter; a tied
game decided by one more hand), the Portuguese drawing rule, options and their errors, and
seeded random and greedy games of every variant and player count checked at every step.
"""

from __future__ import annotations

import pytest
from conftest import run_cli

from printgen.files.errors import UserError
from printgen.games.burro import Burro
from printgen.games.burro.tables import DRAW, FOLLOW, LEAD, OVER
from printgen.model.load import load_deck
from printgen.sim.engine import BOTS, play

GAME = Burro()


@pytest.fixture(scope="module")
def deck():
    return load_deck("spanish")


@pytest.fixture(scope="module")
def preps(deck):
    return {v: GAME.prepare(deck, v, {}) for v in GAME.variants}


def names(prep, cards) -> list[str]:
    return sorted(prep.cards.names[c] for c in cards)


def card(prep, name: str) -> int:
    return prep.cards.index(name)


def test_the_drawing_example_of_the_rule_sheet(preps):
    """Ana leads the 5 of copas, Ben the rey; Carla draws the 3 of espadas, the 9 of oros, then the
    2 of copas, which she plays; Dani the 7. Ben's rey wins and he leads."""
    p = preps["basic"]
    st = GAME.deal(p, [["5 copas", "1 oros", "2 oros"], ["rey copas", "3 bastos", "4 bastos"],
                       ["1 espadas", "2 espadas", "4 espadas"], ["7 copas", "6 copas", "5 bastos"]],
                   stock=["3 espadas", "9 oros", "2 copas", "6 bastos"], dealer=3)
    assert st.phase == LEAD and GAME.to_act(st) == 0
    GAME.apply(st, card(p, "5 copas"))
    # Ben's only copa, and Carla's draws and her only copa, are played for them: Dani chooses
    assert st.actor == 3 and sorted(GAME.legal(st)) == sorted([card(p, "7 copas"), card(p, "6 copas")])
    assert names(p, sum(st.hand[2], [])) == sorted(["As de Espadas", "Dos de Espadas", "Cuatro de Espadas",
                                                    "Tres de Espadas", "Nueve de Oros"])
    assert [p.cards.names[c] for c in st.gone] == ["Cinco de Copas", "Rey de Copas", "Dos de Copas"]
    assert st.count == [2, 2, 5, 3] and [p.cards.names[c] for c in st.stock] == ["Seis de Bastos"]
    GAME.apply(st, card(p, "7 copas"))
    assert st.phase == LEAD and st.actor == 1, "Ben's rey wins the trick and he leads"
    assert st.tricks == 1 and not st.passed and not st.stock_out
    GAME.check(st)


def test_a_stock_that_runs_out_makes_a_player_pass(preps):
    """Seat 1 has no oros: it draws the whole stock (two espadas), finds none, and passes; seat 0's
    as wins the trick with no other oro played and leads again."""
    p = preps["basic40"]
    st = GAME.deal(p, [["1 oros", "2 bastos"], ["3 copas", "4 copas"], ["5 oros", "6 oros", "7 copas"]],
                   stock=["1 espadas", "2 espadas"], dealer=2)
    GAME.apply(st, card(p, "1 oros"))
    assert st.stock == [] and st.stock_out and st.passed
    assert st.count[1] == 4 and names(p, st.hand[1][2]) == ["As de Espadas", "Dos de Espadas"]
    assert st.actor == 2 and st.phase == FOLLOW and sorted(GAME.legal(st)) == [card(p, "5 oros"), card(p, "6 oros")]
    GAME.apply(st, card(p, "6 oros"))
    assert st.phase == LEAD and st.actor == 2, "the 6 of oros beats the as"
    GAME.check(st)


def test_a_winner_who_has_gone_out_passes_the_lead_left(preps):
    p = preps["basic40"]
    st = GAME.deal(p, [["2 oros", "3 bastos"], ["rey oros"], ["5 oros", "6 oros", "6 copas"],
                       ["1 oros", "7 copas", "7 bastos"]], stock=["1 espadas"], dealer=3)
    GAME.apply(st, card(p, "2 oros"))        # seat 1 plays its only card, the rey, and goes out
    assert st.count[1] == 0 and st.phase == FOLLOW and st.actor == 2
    GAME.apply(st, card(p, "5 oros"))        # seat 3 plays its as for itself
    assert st.phase == LEAD and st.actor == 2, "the rey's player is out: the next holder on the left leads"
    assert st.count == [1, 0, 2, 2] and st.holders == 3
    GAME.check(st)


def test_the_last_holder_takes_a_letter_and_the_deal_moves_on(preps):
    p = preps["basic40"]
    st = GAME.deal(p, [["2 oros"], ["rey oros", "3 copas"]], stock=["1 espadas"], dealer=1)
    # seat 0 leads its last card and is out at once: seat 1 is the burro of the hand
    assert st.letters == [0, 1] and st.hands == 1 and st.dealer == 0
    assert st.phase == LEAD and st.count == [4, 4], "a new hand is dealt"
    GAME.check(st)


def test_a_tie_for_fewest_letters_is_decided_by_one_more_hand(preps):
    p = preps["basic40"]
    st = GAME.deal(p, [["2 oros", "3 oros"], ["rey oros"], ["4 oros"]], stock=["1 espadas"],
                   dealer=2, letters=[4, 1, 1])
    GAME.apply(st, card(p, "3 oros"))
    # seats 1 and 2 play their only cards and are out: seat 0 takes its fifth letter, seats 1 and 2 tie
    assert st.deciding and st.letters == [5, 1, 1]
    assert st.count[0] == 0 and st.count[1] == 4 and st.count[2] == 4, "only the tied players are dealt"
    while st.phase != OVER:
        GAME.check(st)
        GAME.apply(st, GAME.legal(st)[0])
    assert st.decided in (1, 2) and st.count[st.decided] == 0
    scores = GAME.scores(st)
    assert scores[st.decided] == 4.5 and scores[0] == 0.0 and sorted(scores) == [0.0, 4.0, 4.5]


def test_sharing_a_tie_instead(deck):
    p = GAME.prepare(deck, "basic40", {"decider": "share"})
    st = GAME.deal(p, [["2 oros", "3 oros"], ["rey oros"], ["4 oros"]], stock=["1 espadas"],
                   dealer=2, letters=[4, 1, 1])
    GAME.apply(st, card(p, "3 oros"))
    assert st.phase == OVER and not st.deciding and GAME.scores(st) == [0.0, 4.0, 4.0]


def test_portuguese_players_may_keep_drawing_once_they_have_drawn(preps):
    p = preps["portuguese"]
    st = GAME.deal(p, [["2 oros", "3 oros"], ["1 copas", "2 copas"], ["4 oros", "5 oros"]],
                   stock=["6 oros", "7 copas", "rey oros"], dealer=2)
    GAME.apply(st, card(p, "2 oros"))
    # seat 1 had no oros: it drew the 6 of oros and may play it or draw again
    assert st.actor == 1 and sorted(GAME.legal(st)) == [card(p, "6 oros"), DRAW]
    GAME.apply(st, DRAW)
    assert sorted(GAME.legal(st)) == [card(p, "6 oros"), DRAW]
    GAME.apply(st, DRAW)                       # the rey: the stock is now empty
    assert st.stock == [] and sorted(GAME.legal(st)) == sorted([card(p, "6 oros"), card(p, "rey oros")])
    GAME.apply(st, card(p, "rey oros"))
    assert st.actor == 2 and DRAW not in GAME.legal(st), "a player who could follow may not draw"
    GAME.check(st)


def test_plain_burro_never_offers_to_draw(preps):
    p = preps["basic"]
    st = GAME.deal(p, [["2 oros", "3 oros"], ["1 copas", "2 copas"], ["4 oros", "5 oros"]],
                   stock=["6 oros", "7 oros"], dealer=2)
    GAME.apply(st, card(p, "2 oros"))
    assert st.actor == 2 and st.count[1] == 2 and DRAW not in GAME.legal(st), "the 6 drawn is played at once"
    assert [p.cards.names[c] for c in st.stock] == ["Siete de Oros"]


def test_options_and_their_errors(deck):
    assert GAME.prepare(deck, "basic", {}).cards.n == 48
    assert GAME.prepare(deck, "basic40", {}).cards.n == 40
    por = GAME.prepare(deck, "portuguese", {})
    assert (por.cards.n, por.deal, por.keep_drawing) == (40, 5, True)
    assert GAME.player_counts(por) == (2, 3, 4, 5, 6, 7, 8)
    assert GAME.prepare(deck, "basic", {"keep_drawing": True}).keep_drawing
    assert any(f.level == "warning" for f in GAME.static_checks(por, 8)), "no stock at all with 8 players"
    assert not any(f.level == "warning" for f in GAME.static_checks(por, 7))
    for options, says in (({"pack": "52"}, "no pack '52'"), ({"colour": 1}, "no option 'colour'"),
                          ({"deal": 0}, "deal=0"), ({"keep_drawing": "maybe"}, "keep_drawing=maybe")):
        with pytest.raises(UserError) as caught:
            GAME.prepare(deck, "basic", options)
        assert says in caught.value.message
    with pytest.raises(UserError):
        GAME.prepare(deck, "spanish", {})
    assert GAME.player_counts(GAME.prepare(deck, "basic40", {"deal": 6})) == (2, 3, 4, 5, 6)


# -- seeded games, checked at every step -------------------------------------------------------------

CASES = [(v, n) for v in ("basic", "basic40", "portuguese") for n in range(2, 9)]


@pytest.mark.parametrize("variant,players", CASES)
def test_seeded_games_keep_every_invariant(preps, variant, players):
    p = preps[variant]
    for bot, games in (("random", 3), ("greedy", 2)):
        for index in range(games):
            result = play(GAME, p, players, 12, index, [BOTS[bot]] * players, checked=True)
            assert not result.timed_out
            assert max(result.scores) >= 0 and min(result.scores) == 0.0, "someone spelt B-U-R-R-O"
            assert result.extra["hands"] == result.length >= 5
            assert len(result.winners) >= 1
            assert result.used & ~result.held == 0, "only cards that were held are played"


def test_same_seed_same_game_other_seed_another(preps):
    p = preps["basic"]
    bots = [BOTS["random"], BOTS["greedy"], BOTS["random"], BOTS["greedy"]]
    first = [play(GAME, p, 4, 5, i, bots) for i in range(5)]
    assert first == [play(GAME, p, 4, 5, i, bots) for i in range(5)]
    assert [(r.steps, r.scores) for r in first] != [(r.steps, r.scores) for r in
                                                    (play(GAME, p, 4, 6, i, bots) for i in range(5))]


def test_validate_reports_burro_figures(tmp_path):
    run = run_cli("validate", "spanish", "--game", "burro", "--variant", "basic", "--players", "7", "--games", "30")
    assert run.code in (0, 1), run.err
    assert "== burro (basic) ==" in run.out and "hands mean" in run.out
    assert "the stock runs out in" in run.out and "before anyone has gone out" in run.out
    assert "with the 40-card pack" in run.out and "no hand grew without end" in run.out
