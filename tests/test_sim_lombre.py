"""L'Ombre in the simulator: scripted tricks and payments with exact outcomes (the malilla winning
a trick, a matador kept back from a low trump led, the rule sheet's own example), the stakes and
settlement, the sheet's charts drawn from the simulator's tables, and the shared random-simulation
invariants (cards conserved, legal moves only, every session ends, same seed same result)."""

from __future__ import annotations

import random
import re

import pytest
from conftest import DECKS

from printgen.draw.documents.rules import read_rules, render_template, split_front_matter
from printgen.files.errors import UserError
from printgen.games.common.ombre.state import (
    CODILLO,
    DONE,
    FIVE,
    JUEGO,
    LOOK,
    ON,
    PASS,
    PLAY,
    REPUESTO,
    SACADO,
    STOP,
    SURE,
    TRUMP,
    TRUMPS,
)
from printgen.games.common.tricks import SUITS, chart, plain_chart
from printgen.games.lombre import LOmbre
from printgen.games.registry import get_game, sheet_tables
from printgen.model.context import document_context
from printgen.model.load import load_deck
from printgen.sim.engine import BOTS, play

GAME = LOmbre()
OROS, COPAS, ESPADAS, BASTOS = (TRUMPS + i for i in range(4))
ANA, BEN, CARLA = 0, 1, 2


@pytest.fixture(scope="module")
def deck():
    return load_deck("spanish")


@pytest.fixture(scope="module")
def prep(deck):
    return GAME.prepare(deck, "basic", {"hands": 3})


def card(prep, card_id: str) -> int:
    return prep.ids.index(card_id)


def ids(prep, cards) -> set[str]:
    return {prep.ids[c] for c in cards}


def run(st, *actions):
    """Apply each action, checking it is legal and that every invariant holds after it."""
    for action in actions:
        assert action in GAME.legal(st), (action, GAME.legal(st))
        GAME.apply(st, action)
        GAME.check(st)


def play_cards(prep, st, *names):
    run(st, *(card(prep, n) for n in names))


def finish(st, tricks):
    """Settle the hand in play as if the tricks had fallen as given (seat order)."""
    st.tricks = list(tricks)
    st.played = 9
    GAME._end_hand(st)


# the rule sheet's example: oros trumps; Ana leads the 2, Ben's only trump is the basto
EXAMPLE = [
    ["oros-2", "oros-3", "oros-4", "oros-5", "oros-12", "oros-11", "oros-10", "oros-1", "copas-12"],
    ["bastos-1", "copas-4", "copas-5", "copas-6", "copas-7", "espadas-12", "espadas-11", "espadas-10", "espadas-7"],
    ["oros-6", "bastos-12", "bastos-11", "bastos-10", "bastos-7", "bastos-6", "bastos-5", "bastos-4", "bastos-3"],
]
# copas trumps: Ben holds the malilla (the 7) as his only trump, Carla the punto
MALILLA = [
    ["copas-12", "copas-11", "copas-10", "oros-12", "oros-11", "oros-10", "espadas-12", "espadas-11", "espadas-10"],
    ["copas-7", "oros-1", "oros-2", "oros-3", "oros-4", "oros-5", "oros-6", "oros-7", "espadas-7"],
    ["copas-1", "bastos-12", "bastos-11", "bastos-10", "bastos-7", "bastos-6", "bastos-5", "bastos-4", "bastos-3"],
]
# Ana holds the nine best oros trumps
SWEEP = [
    ["espadas-1", "oros-7", "bastos-1", "oros-1", "oros-12", "oros-11", "oros-10", "oros-2", "oros-3"],
    ["oros-4", "copas-4", "copas-5", "copas-6", "copas-7", "espadas-12", "espadas-11", "espadas-10", "espadas-7"],
    ["oros-6", "bastos-12", "bastos-11", "bastos-10", "bastos-7", "bastos-6", "bastos-5", "bastos-4", "bastos-3"],
]


# -- registry, deck, options ---------------------------------------------------------------------------

def test_registry_deck_and_options(deck, prep):
    assert isinstance(get_game("lombre"), LOmbre) and "lombre" in deck.games
    assert GAME.player_counts(prep) == (3,)
    assert GAME.card_names(prep)[0] == "As de Oros" and len(prep.names) == 40
    assert sorted(set(GAME.card_groups(prep))) == ["Bastos", "Copas", "Espadas", "Oros"]
    big = GAME.prepare(load_deck("spanish", "48"), "basic", {})
    assert len(big.left_out) == 8 and big.ids == prep.ids                # the 8s and 9s are left out
    assert any("left out" in f.message for f in GAME.static_checks(big, 3))
    with pytest.raises(UserError) as err:
        GAME.prepare(deck, "basic", {"privilegee": "any"})
    assert "no option 'privilegee'" in err.value.message and "privilege" in err.value.hint
    with pytest.raises(UserError) as err:
        GAME.prepare(deck, "basic", {"fail": "maybe"})
    assert "five or lose" in err.value.message
    with pytest.raises(UserError) as err:
        GAME.prepare(load_deck("standard"), "basic", {})
    assert "Spanish suits" in err.value.message


def test_the_rule_sheet_charts_are_the_simulator_tables(deck):
    """The sheet's template draws its charts from Game.sheet_tables, i.e. printgen.games.common.tricks."""
    path = DECKS / "spanish" / "rules" / "lombre.md"
    _, body, offset, _ = split_front_matter(read_rules(path), path)
    text = render_template(body, document_context(deck), path, offset, sheet_tables("lombre", deck))
    for suit in ("oros", "espadas"):
        caption = next(i for i, line in enumerate(text.splitlines()) if line.startswith(f"*Trumps in {suit}"))
        row = text.splitlines()[caption + 2].replace("\\", "")
        assert re.findall(r"card:([a-z]+-\d+)", row) == [f"{s}-{r}" for _, s, r in chart(suit)]
        assert f"{len(chart(suit))} trumps" in text.splitlines()[caption]
    assert ", ".join(n for n, _, _ in plain_chart("copas")) in text
    assert ", ".join(n for n, _, _ in plain_chart("bastos")) in text.replace("\\", "")
    assert sheet_tables("lombre", load_deck("standard")) == {} and sheet_tables("nogame", deck) == {}
    assert set(sheet_tables("lombre", deck)["trumps"]) == set(SUITS)


# -- tricks with exact outcomes --------------------------------------------------------------------------

def test_a_trick_won_by_the_malilla(prep):
    st = GAME.arrange(prep, 3, MALILLA)
    run(st, JUEGO, COPAS, DONE, DONE, DONE)
    assert st.phase == PLAY and st.actor == ANA and st.trumps == 1
    play_cards(prep, st, "copas-12")
    # the malilla is a matador above the rey led: Ben may keep it, but plays it
    assert ids(prep, GAME.legal(st)) == set(MALILLA[1])
    play_cards(prep, st, "copas-7")
    assert ids(prep, GAME.legal(st)) == {"copas-1"}          # Carla's punto must follow trumps
    play_cards(prep, st, "copas-1")
    assert st.tricks == [0, 1, 0] and st.leader == BEN and st.actor == BEN


def test_the_sheet_example_a_matador_is_not_forced_out_by_a_lower_trump(prep):
    st = GAME.arrange(prep, 3, EXAMPLE)
    run(st, JUEGO, OROS, DONE, DONE, DONE)
    play_cards(prep, st, "oros-2")
    assert ids(prep, GAME.legal(st)) == set(EXAMPLE[1])      # the basto is Ben's only trump: any card
    play_cards(prep, st, "copas-4")
    assert ids(prep, GAME.legal(st)) == {"oros-6"}
    play_cards(prep, st, "oros-6")
    assert st.tricks == [1, 0, 0] and st.actor == ANA         # in red trumps the 2 beats the 6
    # a higher matador led forces the basto out: Ana had no matador, so lead a low trump again
    play_cards(prep, st, "oros-3")
    assert card(prep, "copas-5") in GAME.legal(st)


def test_a_higher_matador_led_forces_a_lower_one(prep):
    hands = [list(h) for h in EXAMPLE]
    hands[0][0], hands[2][0] = "oros-6", "oros-2"            # Carla follows with the 2
    hands[0][8], hands[1][4] = "copas-7", "copas-12"
    hands[0][7] = "espadas-1"                                # Ana holds the espada
    talon = ["oros-1"]
    st = GAME.arrange(prep, 3, hands, talon)
    run(st, JUEGO, OROS, DONE, DONE, DONE)
    play_cards(prep, st, "espadas-1")
    assert ids(prep, GAME.legal(st)) == {"bastos-1"}
    play_cards(prep, st, "bastos-1", "oros-2")
    assert st.tricks == [1, 0, 0]


# -- stakes and settlement -------------------------------------------------------------------------------

def test_antes_exchange_and_sacado(prep):
    st = GAME.arrange(prep, 3, EXAMPLE)
    assert st.pool == 15 and st.money == [-5, -5, -5]        # everyone puts up a large counter
    run(st, JUEGO, OROS, card(prep, "copas-12"), card(prep, "oros-5"), DONE)
    assert st.pool == 17 and st.money[ANA] == -7             # two cards taken in: two small counters
    run(st, card(prep, "copas-5"), DONE, DONE)               # the opponents take in free
    assert st.pool == 17 and st.money[BEN] == -5
    finish(st, [5, 3, 1])                                    # Ana takes the pool (17) and 1 from each
    assert st.log[0][1] == SACADO
    assert st.hand_no == 2 and st.pool == 15                 # the empty pool: a large counter from each
    assert st.money == [12 - 5, -6 - 5, -6 - 5] and st.active == [1, 2, 0]


def test_everyone_passes_the_eldest_plays_and_codillo(prep):
    st = GAME.arrange(prep, 3, EXAMPLE)
    run(st, PASS, PASS, PASS)
    assert st.ombre == ANA and st.phase == TRUMP and st.pool == 18
    run(st, OROS, DONE, DONE, DONE)
    finish(st, [3, 5, 1])
    assert st.log[0][1] == CODILLO
    assert st.money == [-6 - 18 - 5, -6 + 18 + 18 - 5, -6 - 5] and st.pool == 15    # Ben: the pool and as much again


def test_repuesto_doubles_the_pool_and_the_eldest_antes_one(prep):
    st = GAME.arrange(prep, 3, EXAMPLE)
    run(st, JUEGO, OROS, DONE, DONE, DONE)
    finish(st, [4, 4, 1])
    assert st.log[0][1] == REPUESTO
    assert st.money == [-20, -6, -5] and st.pool == 31        # Ana doubles the pool; Ben, eldest now, adds 1


def test_two_opponents_tied_above_the_ombre_share_the_codillo(deck):
    for reading, pool_after, ben in (("share", 1, -5 + 7 + 7), ("repuesto", 30, -5)):
        p = GAME.prepare(deck, "basic", {"hands": 1, "codillo_tie": reading})
        st = GAME.arrange(p, 3, EXAMPLE)
        run(st, JUEGO, OROS, DONE, DONE, DONE)
        finish(st, [1, 4, 4])
        assert st.pool == pool_after and st.money[BEN] == ben, reading
        assert GAME.is_over(st)


def test_playing_sure_and_failing(deck):
    for tricks, ana in (([5, 2, 2], 15 + 10 + 2 - 5), ([4, 4, 1], -5 - 15 - 10)):
        p = GAME.prepare(deck, "basic", {"hands": 1})
        st = GAME.arrange(p, 3, EXAMPLE)
        run(st, JUEGO, OROS)
        assert SURE in GAME.legal(st)
        run(st, SURE, DONE, DONE)
        assert st.sure and st.money == [5, -10, -10]
        finish(st, tricks)
        assert st.money[ANA] == ana, tricks
    # the seed's declaration is five tricks: four that win the hand still fail it (the sheet) ...
    for options, ana in (({}, 5 + 15 + 2 - 20), ({"fail": "lose"}, 5 + 15 + 2)):
        p = GAME.prepare(deck, "basic", {"hands": 1, **options})
        st = GAME.arrange(p, 3, EXAMPLE)
        run(st, JUEGO, OROS, SURE, DONE, DONE)
        finish(st, [4, 3, 2])
        # ... and with the other reading only a hand lost fails it
        assert st.log[0][1] == SACADO and st.money[ANA] == ana, options


def test_first_five_stop_and_matadors(prep):
    st = GAME.arrange(prep, 3, SWEEP)
    run(st, JUEGO, OROS, DONE, DONE, DONE)
    # the three matadors and six more trumps in unbroken order: 15 + 6 from each
    assert st.estuche and st.money == [-5 + 42, -5 - 21, -5 - 21]
    for lead in SWEEP[0][:5]:
        play_cards(prep, st, lead)
        rest = [c for c in GAME.legal(st)]
        run(st, rest[0])
        run(st, GAME.legal(st)[0])
    assert st.phase == FIVE and st.actor == ANA and GAME.legal(st) == [STOP, ON]
    run(st, STOP)
    assert st.log[0][1] == SACADO and st.log[0][6]                 # stopped
    # a small counter from each for stopping, the pool (15) and a small counter from each for the sacado
    assert st.money[ANA] == -5 + 42 + 2 + 15 + 2 - 5 and st.hand_no == 2


def test_the_vole_made_and_missed(deck):
    p = GAME.prepare(deck, "basic", {"hands": 1, "matadors": "off"})
    st = GAME.arrange(p, 3, SWEEP)
    run(st, JUEGO, OROS, DONE, DONE, DONE)
    while st.phase != FIVE:
        run(st, GAME.legal(st)[0])
    run(st, ON)
    while not GAME.is_over(st):
        run(st, GAME.legal(st)[0])
    assert st.log[0][4:6] == (ANA, True) and st.money == [-5 + 15 + 10 + 2, -5 - 6, -5 - 6]
    st = GAME.arrange(p, 3, SWEEP)
    run(st, JUEGO, OROS, DONE, DONE, DONE)
    while st.phase != FIVE:
        run(st, GAME.legal(st)[0])
    run(st, ON)
    finish(st, [8, 1, 0])                                           # one trick lost: the vole missed
    assert st.money[ANA] == -5 + 15 + 2 - 10


def test_looking_first_gives_the_trumps_to_the_left_opponent(prep):
    st = GAME.arrange(prep, 3, EXAMPLE, talon=["espadas-1"])
    run(st, JUEGO, LOOK, card(prep, "copas-12"), DONE)
    assert card(prep, "espadas-1") in st.hand[ANA] and st.phase == TRUMP and st.actor == BEN
    assert LOOK not in GAME.legal(st)
    run(st, BASTOS, DONE, DONE)
    assert st.trumps == 3 and st.phase == PLAY and st.actor == ANA


# -- the shared random-simulation invariants -------------------------------------------------------------------

OPTION_SETS = [{}, {"privilege": "any", "opponents_pay": "yes"}, {"fail": "five", "vole_fail": "free"},
               {"codillo_tie": "repuesto", "matadors": "any"}, {"matadors": "off", "hands": 5}]


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_seeded_sessions_keep_every_invariant(deck, options):
    """Random, greedy and mixed bots, every step checked: cards conserved, counters conserved,
    only legal moves, hands the right size, every session ends within the step cap."""
    p = GAME.prepare(deck, "basic", dict(options))
    kinds = (("random",) * 3, ("greedy",) * 3, ("random", "greedy", "greedy"), ("greedy", "random", "greedy"))
    results = []
    for index in range(24):
        bots = [BOTS[b] for b in kinds[index % 4]]
        result = play(GAME, p, 3, 11, index, bots, checked=True)
        assert not result.timed_out and result.extra["hands"] == p.options["hands"]
        assert abs(sum(result.scores)) < 1e-9                       # what one wins another loses
        results.append(result)
    assert results == [play(GAME, p, 3, 11, i, [BOTS[b] for b in kinds[i % 4]]) for i in range(24)]
    assert results != [play(GAME, p, 3, 12, i, [BOTS[b] for b in kinds[i % 4]]) for i in range(24)]


def test_greedy_bids_on_matadors_and_trumps(prep):
    st = GAME.arrange(prep, 3, SWEEP)
    assert GAME.greedy(st, random.Random(1)) == JUEGO
    st = GAME.arrange(prep, 3, [SWEEP[1], SWEEP[0], SWEEP[2]])
    assert GAME.greedy(st, random.Random(1)) == PASS


def test_validate_prints_the_lombre_report():
    from conftest import run_cli

    run_ = run_cli("validate", "spanish", "--game", "lombre", "--games", "40")
    assert run_.code in (0, 1), run_.err
    for words in ("== lombre (basic) ==", "the Ombre ends sacado", "codillo", "repuesto", "the pool holds",
                  "the vole is tried", "estuche", "length in tricks"):
        assert words in run_.out, words
