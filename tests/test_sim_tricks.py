"""The trick module on its own: the ranking orders of L'Ombre and Tresillo, who wins a trick, and
what a player may play to it (following suit and the matadors' privilege)."""

from __future__ import annotations

import pytest

from printgen.games.common.tricks import (
    COLOURS,
    PRIVILEGE_ANY,
    RANKS,
    SUITS,
    TRUMP_POWER,
    Orders,
    chart,
    follow,
    plain_chart,
    winner,
)

CARDS = [(s, r) for s in SUITS for r in RANKS]
ORDERS = Orders(CARDS)
OROS, COPAS, ESPADAS, BASTOS = range(4)


def c(name: str) -> int:
    """'oros-7' -> its index in CARDS."""
    suit, rank = name.split("-")
    return CARDS.index((suit, int(rank)))


def tables(trumps: int):
    return ORDERS.suit[trumps], ORDERS.power[trumps], ORDERS.matador[trumps]


def play(trumps: int, *names: str) -> str:
    suit, power, _ = tables(trumps)
    cards = [c(n) for n in names]
    return names[winner(cards, suit, power, trumps)]


def may_play(trumps: int, hand: list[str], led: str, privilege: str = "higher") -> set[str]:
    suit, power, matador = tables(trumps)
    return {CARDS[x][0] + "-" + str(CARDS[x][1]) for x in follow([c(h) for h in hand], c(led), suit, power, matador,
                                                                  trumps, privilege)}


# -- the orders ----------------------------------------------------------------------------------

def test_trump_orders_are_the_known_ones():
    names = [name for name, _, _ in chart("oros")]
    assert names == ["espada", "malilla", "basto", "punto", "rey", "caballo", "sota", "2", "3", "4", "5", "6"]
    assert [(s, r) for _, s, r in chart("copas")][:4] == [("espadas", 1), ("copas", 7), ("bastos", 1), ("copas", 1)]
    black = chart("bastos")
    assert [name for name, _, _ in black] == ["espada", "malilla", "basto", "rey", "caballo", "sota", "7", "6", "5",
                                             "4", "3"]
    assert black[1] == ("malilla", "bastos", 2) and black[2] == ("basto", "bastos", 1)
    assert [r for _, _, r in plain_chart("copas")] == [12, 11, 10, 1, 2, 3, 4, 5, 6, 7]
    assert [r for _, _, r in plain_chart("espadas")] == [12, 11, 10, 7, 6, 5, 4, 3, 2]


@pytest.mark.parametrize("trumps", range(4))
def test_every_card_has_exactly_one_place_for_every_trump_suit(trumps):
    suit, power, matador = tables(trumps)
    red = COLOURS[SUITS[trumps]] == "red"
    assert sorted(set(ORDERS.trump_cards[trumps])) == sorted(ORDERS.trump_cards[trumps])
    assert len(ORDERS.trump_cards[trumps]) == (12 if red else 11)
    for s in range(4):
        members = [x for x in range(40) if suit[x] == s]
        if s == trumps:
            assert sorted(members) == sorted(ORDERS.trump_cards[trumps])
            assert all(power[x] > TRUMP_POWER for x in members)
        else:
            assert len(members) == (10 if COLOURS[SUITS[s]] == "red" else 9)
            assert sorted(power[x] for x in members) == list(range(1, len(members) + 1))
    assert sum(matador) == 3
    assert {ORDERS.role[trumps][x] for x in range(40) if matador[x]} == {"espada", "malilla", "basto"}
    # the trump powers fall one by one down the chart
    assert [power[x] for x in ORDERS.trump_cards[trumps]] == sorted((power[x] for x in ORDERS.trump_cards[trumps]),
                                                                    reverse=True)


def test_a_pack_without_a_card_of_the_orders_is_refused():
    with pytest.raises(KeyError):
        Orders(CARDS[1:])


# -- winning a trick -------------------------------------------------------------------------------

def test_the_malilla_wins_over_the_punto_and_the_rey():
    assert play(COPAS, "copas-12", "copas-7", "copas-1") == "copas-7"        # red trumps: the 7 is the malilla
    assert play(ESPADAS, "espadas-12", "espadas-2", "espadas-7") == "espadas-2"  # black trumps: the 2


def test_red_low_trumps_beat_high_ones_and_black_the_other_way():
    assert play(OROS, "oros-6", "oros-2", "oros-5") == "oros-2"
    assert play(BASTOS, "bastos-3", "bastos-7", "bastos-5") == "bastos-7"
    # plain suits: the red ace sits below the sota and above the 2; the black 2 is lowest
    assert play(OROS, "copas-1", "copas-2", "copas-10") == "copas-10"
    assert play(OROS, "copas-1", "copas-7", "copas-2") == "copas-1"
    assert play(OROS, "espadas-2", "espadas-3", "copas-12") == "espadas-3"


def test_the_espada_and_basto_are_trumps_whatever_the_trump_suit():
    assert play(OROS, "copas-12", "bastos-1", "oros-6") == "bastos-1"
    assert play(COPAS, "bastos-12", "espadas-1", "bastos-11") == "espadas-1"
    assert play(OROS, "bastos-12", "bastos-2", "bastos-1") == "bastos-1"          # the ace of bastos is no basto card


def test_a_trump_beats_the_suit_led_and_a_discard_never_wins():
    assert play(OROS, "copas-12", "oros-6", "copas-11") == "oros-6"
    assert play(OROS, "copas-7", "espadas-12", "bastos-12") == "copas-7"


def test_a_game_without_trumps_uses_the_same_function():
    suit = [0, 0, 1]
    power = [5, 9, 12]
    assert winner([0, 1, 2], suit, power, -1) == 1


# -- following ----------------------------------------------------------------------------------

def test_follow_suit_and_trumping_is_never_compulsory():
    hand = ["copas-3", "copas-12", "oros-6", "bastos-5"]
    assert may_play(OROS, hand, "copas-1") == {"copas-3", "copas-12"}
    assert may_play(OROS, ["oros-6", "bastos-5"], "copas-1") == {"oros-6", "bastos-5"}


def test_trumps_led_force_a_trump():
    assert may_play(OROS, ["oros-6", "bastos-5", "copas-2"], "oros-12") == {"oros-6"}


def test_a_matador_is_not_forced_out_by_a_lower_trump():
    hand = ["bastos-1", "copas-4"]          # the basto is this hand's only trump
    assert may_play(OROS, hand, "oros-2") == {"bastos-1", "copas-4"}
    assert may_play(OROS, hand, "oros-7") == {"bastos-1"}                    # the malilla led forces the basto
    assert may_play(OROS, ["espadas-1", "copas-4"], "oros-7") == {"espadas-1", "copas-4"}   # not the espada
    # with another trump beside it the player must play a trump, the matador or the other one
    assert may_play(OROS, ["bastos-1", "oros-5", "copas-4"], "oros-2") == {"bastos-1", "oros-5"}


def test_the_other_reading_any_matador_forces_the_others():
    assert may_play(OROS, ["espadas-1", "copas-4"], "bastos-1", PRIVILEGE_ANY) == {"espadas-1"}
    assert may_play(OROS, ["espadas-1", "copas-4"], "bastos-1") == {"espadas-1", "copas-4"}
    assert may_play(OROS, ["espadas-1", "copas-4"], "oros-3", PRIVILEGE_ANY) == {"espadas-1", "copas-4"}
