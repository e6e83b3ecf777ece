"""Tresillo in the simulator: the rule sheet's worked example of the puesta (a repuesto paid into
the plato, a codillo with a puesta in the plato reserved on the sheet, and that debt paid to the
next winning Ombre) with exact tantos, the bidding with raising, vuelta and solo, the bonuses, four
players with the dealer sitting out, and the shared random-simulation invariants."""

from __future__ import annotations

import pytest
from conftest import run_cli

from printgen.files.errors import UserError
from printgen.games.common.ombre.state import (
    CODILLO,
    DONE,
    EXCHANGE,
    FIVE,
    JUEGO,
    ON,
    PASS,
    PLAY,
    REPUESTO,
    SACADO,
    SOLO,
    STOP,
    TRUMP,
    TRUMPS,
    VUELTA,
)
from printgen.games.registry import get_game
from printgen.games.tresillo import Tresillo
from printgen.games.tresillo.tables import FIRST, IN_PLATO, RESERVED
from printgen.model.load import load_deck
from printgen.sim.engine import BOTS, play

GAME = Tresillo()
OROS, COPAS, ESPADAS, BASTOS = (TRUMPS + i for i in range(4))
ANA, BEN, CARLA, DAN = 0, 1, 2, 3

# no hand holds all three matadors (no estuche), and the eldest gets the first
PLAIN_DEAL = [
    ["oros-2", "oros-3", "oros-4", "oros-5", "oros-12", "oros-11", "oros-10", "oros-1", "copas-12"],
    ["bastos-1", "copas-4", "copas-5", "copas-6", "copas-7", "espadas-12", "espadas-11", "espadas-10", "espadas-7"],
    ["oros-6", "bastos-12", "bastos-11", "bastos-10", "bastos-7", "bastos-6", "bastos-5", "bastos-4", "bastos-3"],
]
SWEEP = [
    ["espadas-1", "oros-7", "bastos-1", "oros-1", "oros-12", "oros-11", "oros-10", "oros-2", "oros-3"],
    PLAIN_DEAL[1][1:] + ["oros-4"],
    PLAIN_DEAL[2],
]


@pytest.fixture(scope="module")
def deck():
    return load_deck("spanish")


def prepared(deck, **options):
    return GAME.prepare(deck, "basic", {"hands": 1, **options})


def run(st, *actions):
    for action in actions:
        assert action in GAME.legal(st), (action, GAME.legal(st))
        GAME.apply(st, action)
        GAME.check(st)


def finish(st, tricks, by_seat=True):
    """Settle the hand in play as if the tricks had fallen as given (seat order, or the order of
    play from the eldest)."""
    if by_seat:
        st.tricks = list(tricks) + [0] * (st.players - len(tricks))
    else:
        st.tricks = [0] * st.players
        for seat, n in zip(st.active, tricks):
            st.tricks[seat] = n
    st.played = 9
    GAME._end_hand(st)


def test_the_sheets_worked_example_of_the_puesta(deck):
    p = prepared(deck, hands=3)
    later = [GAME.deal_order(p, PLAIN_DEAL)] * 2
    st = GAME.arrange(p, 3, PLAIN_DEAL, later=later)
    book = st.book
    # Hand 1: the plato is empty: the dealer (Carla) moves 5 from the reserve and adds 1
    assert st.dealer == CARLA and st.pool == 6 and book.reserve == 10 and book.situation == FIRST
    run(st, JUEGO, PASS, PASS, OROS, DONE, DONE, DONE)
    assert st.ombre == ANA
    finish(st, [4, 4, 1])                               # Ana ties with Ben: repuesto, 6 + 4 into the plato
    assert st.log[0][1] == REPUESTO and st.money[ANA] == -5 - 10 - 1       # and she deals the next hand
    # Hand 2: the dealer (Ana) adds 1: plato 17; a puesta is in the plato
    assert st.dealer == ANA and st.pool == 17 and book.situation == IN_PLATO
    run(st, JUEGO, PASS, PASS, COPAS, DONE, DONE, DONE)
    assert st.ombre == BEN
    finish(st, [1, 3, 5])                               # Carla beats Ben: codillo
    assert st.log[1][1] == CODILLO
    assert book.debts == [[BEN, 21]]                    # 17 + 4 written under Ben's name ...
    assert st.money[BEN] == -5 - 21 - 1 and st.money[CARLA] == -5 - 1 + 21   # ... paid to Carla; Ben deals
    # Hand 3: the dealer (Ben) adds 1: plato 18; a reserved puesta
    assert st.dealer == BEN and st.pool == 18 and book.situation == RESERVED
    assert GAME.in_play(st) == 21 + 18
    run(st, JUEGO, PASS, PASS, ESPADAS, DONE, DONE, DONE)
    assert st.ombre == CARLA
    finish(st, [2, 2, 5])                               # Carla wins: the plato, and Ben pays her his 21
    assert st.log[2][1] == SACADO and GAME.is_over(st)
    assert book.debts == [] and st.pool == 0 and book.reserve == 10
    assert st.money == [-16, -48, 54]
    assert sum(st.money) + st.pool + book.reserve == 0


def test_the_highest_debt_is_paid_and_an_ombre_crosses_out_their_own(deck):
    p = prepared(deck, hands=2)
    st = GAME.arrange(p, 3, PLAIN_DEAL, later=[GAME.deal_order(p, PLAIN_DEAL)])
    st.book.debts = [[BEN, 30], [CARLA, 40], [ANA, 40]]
    st.book.situation = RESERVED
    run(st, JUEGO, PASS, PASS, OROS, DONE, DONE, DONE)
    assert GAME.in_play(st) == 40 + 6
    finish(st, [5, 2, 2])                               # the first of the two 40s is Carla's: she pays it
    assert st.book.debts == [[BEN, 30], [ANA, 40]] and st.money[CARLA] == -5 - 1 - 40
    run(st, JUEGO, PASS, PASS)                          # Ben is eldest; the plato was empty: 6
    run(st, OROS, DONE, DONE, DONE)
    st.book.debts = [[BEN, 50]]
    finish(st, [2, 5, 2])                               # Ben wins his own debt back: crossed out, no payment
    assert st.book.debts == [] and st.money[BEN] == -5 + 6          # Ana dealt this hand


def test_bidding_with_raising_and_matching_once(deck):
    p = prepared(deck)
    st = GAME.arrange(p, 3, PLAIN_DEAL)
    run(st, JUEGO, JUEGO)                               # Ben names the same contract and holds it
    assert GAME.legal(st) == [PASS, JUEGO, VUELTA, SOLO][:1] + [VUELTA, SOLO]
    run(st, PASS)
    assert GAME.legal(st) == [PASS, VUELTA, SOLO] and st.actor == ANA
    run(st, PASS)
    assert st.ombre == BEN and st.contract == JUEGO and st.phase == TRUMP
    p = prepared(deck, match="no")
    st = GAME.arrange(p, 3, PLAIN_DEAL)
    run(st, JUEGO)
    assert GAME.legal(st) == [PASS, VUELTA, SOLO]
    with pytest.raises(UserError):
        prepared(deck, match="twice")


def test_vuelta_turns_the_talon_top_and_solo_skips_the_ombres_exchange(deck):
    p = prepared(deck)
    st = GAME.arrange(p, 3, PLAIN_DEAL, talon=["copas-3"])
    run(st, VUELTA, PASS, PASS)
    assert st.trumps == 1 and st.phase == EXCHANGE and st.actor == ANA      # copas, from the turned card
    run(st, p.ids.index("copas-12"), DONE)
    assert p.ids.index("copas-3") in st.hand[ANA]                          # the turned card is drawn first
    st = GAME.arrange(p, 3, PLAIN_DEAL)
    run(st, PASS, SOLO, PASS, BASTOS)
    assert st.ombre == BEN and st.phase == EXCHANGE and st.actor == CARLA   # the Ombre takes nothing in
    run(st, DONE, DONE)
    assert st.phase == PLAY and st.actor == BEN


def test_all_pass_the_eldest_plays_or_the_cards_are_dealt_again(deck):
    st = GAME.arrange(prepared(deck), 3, PLAIN_DEAL)
    run(st, PASS, PASS, PASS)
    assert st.ombre == ANA and st.contract == JUEGO and st.phase == TRUMP
    st = GAME.arrange(prepared(deck, all_pass="redeal", hands=2), 3, PLAIN_DEAL)
    run(st, PASS, PASS, PASS)
    assert st.hand_no == 2 and st.dealer == ANA and st.pool == 7 and st.log[0][0] == 0


@pytest.mark.parametrize("contract,tricks,bonus", [
    (VUELTA, [5, 2, 2], 1), (SOLO, [5, 2, 2], 2), (SOLO, [3, 5, 1], -2), (VUELTA, [4, 4, 1], -1)])
def test_contract_bonuses(deck, contract, tricks, bonus):
    p = prepared(deck)
    st = GAME.arrange(p, 3, PLAIN_DEAL, talon=["copas-3"])
    run(st, contract, PASS, PASS)
    if contract == SOLO:
        run(st, OROS)
    run(st, *[DONE] * len(GAME.exchangers(st)))
    before = list(st.money)
    finish(st, tricks)
    base = {SACADO: 6 + 2, REPUESTO: -10, CODILLO: -20}[st.log[0][1]]
    assert st.money[ANA] - before[ANA] == base + 2 * bonus
    assert st.money[CARLA] - before[CARLA] == (-1 if bonus > 0 else 0) - bonus


def test_estuche_primeras_and_bola(deck):
    p = prepared(deck)
    st = GAME.arrange(p, 3, SWEEP)
    run(st, JUEGO, PASS, PASS, OROS, DONE, DONE, DONE)
    assert st.estuche
    while st.phase != FIVE:
        run(st, GAME.legal(st)[0])
    assert st.actor == ANA and st.tricks[ANA] == 5
    run(st, STOP)                                       # primeras: the hand ends with five tricks
    assert st.money[ANA] == -5 + 6 + 2 + 2 * (1 + 1)    # plato, 1 from each, estuche and primeras from each
    st = GAME.arrange(p, 3, SWEEP)
    run(st, JUEGO, PASS, PASS, OROS, DONE, DONE, DONE)
    while st.phase != FIVE:
        run(st, GAME.legal(st)[0])
    run(st, ON)
    while not GAME.is_over(st):
        run(st, GAME.legal(st)[0])
    assert st.tricks[ANA] == 9 and st.money[ANA] == -5 + 6 + 2 + 2 * (1 + 8)
    st = GAME.arrange(prepared(deck, bola_fail="pays"), 3, SWEEP)
    run(st, JUEGO, PASS, PASS, OROS, DONE, DONE, DONE)
    while st.phase != FIVE:
        run(st, GAME.legal(st)[0])
    run(st, ON)
    finish(st, [8, 1, 0])
    assert st.money[ANA] == -5 + 6 + 2 + 2 * (1 - 8)


def test_an_opponent_winning_five_tricks_is_not_asked(deck):
    p = prepared(deck)
    st = GAME.arrange(p, 3, [SWEEP[1], SWEEP[0], SWEEP[2]])
    run(st, JUEGO, PASS, PASS, COPAS, DONE, DONE, DONE)
    while not GAME.is_over(st):
        assert st.phase != FIVE
        run(st, GAME.legal(st)[0])


def test_four_players_the_dealer_sits_out_and_the_reserve_is_filled_again(deck):
    p = prepared(deck, hands=5)
    st = GAME.arrange(p, 4, PLAIN_DEAL)
    assert st.dealer == DAN and st.active == [ANA, BEN, CARLA] and not st.hand[DAN]
    assert st.book.reserve == 15 and st.money == [-5, -5, -5, -6]
    for _ in range(5):
        run(st, JUEGO, PASS, PASS, OROS, DONE, DONE, DONE)
        assert st.dealer not in st.active
        finish(st, [5, 2, 2], by_seat=False)            # the eldest, the Ombre, wins: the plato is emptied
    assert GAME.is_over(st)
    # five empty platos: four pieces from the reserve of 20, then everyone puts in 5 again
    assert st.book.reserve == 20 - 5 * 5 + 20 and sum(st.money) + st.pool + st.book.reserve == 0


OPTION_SETS = [(3, {}), (4, {}), (3, {"privilege": "any", "all_pass": "redeal", "match": "no"}),
               (4, {"codillo_tie": "repuesto", "bola_fail": "free", "hands": 8})]


@pytest.mark.parametrize("players,options", OPTION_SETS, ids=lambda o: str(o))
def test_seeded_sessions_keep_every_invariant(deck, players, options):
    """Random, greedy and mixed bots, every step checked: cards and tantos conserved, only legal
    moves, the dealer of four out of the hand, every session ends within the step cap."""
    p = GAME.prepare(deck, "basic", dict(options))
    kinds = (("random",) * 4, ("greedy",) * 4, ("random", "greedy", "greedy", "random"))
    results = []
    for index in range(18):
        bots = [BOTS[b] for b in kinds[index % 3][:players]]
        result = play(GAME, p, players, 21, index, bots, checked=True)
        assert not result.timed_out and result.extra["hands"] == p.options["hands"]
        assert abs(sum(result.scores)) < 1e-9
        results.append(result)
    assert results == [play(GAME, p, players, 21, i, [BOTS[b] for b in kinds[i % 3][:players]]) for i in range(18)]


def test_validate_prints_the_tresillo_report():
    run_ = run_cli("validate", "spanish", "--game", "tresillo", "--games", "40", "--players", "3")
    assert run_.code in (0, 1), run_.err
    for words in ("== tresillo (basic) ==", "the Ombre ends sacado", "juego, bid in", "the plato holds",
                  "a reserved puesta is written", "estuche"):
        assert words in run_.out, words
    assert isinstance(get_game("tresillo"), Tresillo)
