"""Coppertwaddle's report tells the deck from the bots: a card found strong with one kind of bot
is a warning only if it leans the same way with the other kind; a card held in vain is explained
by whether it could have been played at all (watch=yes replays the same games)."""

from __future__ import annotations

import pytest

from printgen.load import load_deck
from printgen.sim.coppertwaddle import Coppertwaddle
from printgen.sim.coppertwaddle.report import card_findings, dead_diagnosis
from printgen.sim.engine import BOTS, Result, play

GAME = Coppertwaddle()


@pytest.fixture(scope="module")
def prep():
    return GAME.prepare(load_deck("coppertwaddle"), "basic", {})


def card(prep, name: str) -> int:
    return prep.names.index(name)


def games(prep, strong: str, rate: float, n: int = 1000, held: int = 0, used: int = 0, could: int = 0) -> list[Result]:
    """n decided games; the seat holding `strong` wins `rate` of them, a second card is held by
    the other seat (so the baseline stays near a half)."""
    a, b = 1 << card(prep, strong), 1 << card(prep, "Spleen")
    out = []
    for i in range(n):
        winner = 0 if i < n * rate else 1
        out.append(Result(i, 2, 10, False, [0.0, 0.0], [winner], [4, 4], held or a | b, used, 10,
                          {"winner": winner, "victory": 30, "exhausted": False, "robs": [0, 0], "robbed": [0, 0],
                           "drawn": [a, b], "could": could}))
    return out


def test_a_card_strong_with_both_bots_is_a_warning_about_the_deck(prep):
    found = card_findings(games(prep, "The Abbot", 0.7), prep, games(prep, "The Abbot", 0.66))
    warnings = [f for f in found if f.level == "warning" and f.message.startswith("'The Abbot'")]
    assert len(warnings) == 1 and "wins 70 %" in warnings[0].message
    assert "whoever plays it, a property of the deck" in warnings[0].message
    assert "95 % CI" in warnings[0].message and "random bots" in warnings[0].message


def test_a_card_strong_with_one_kind_of_bot_only_is_no_warning(prep):
    found = card_findings(games(prep, "The Abbot", 0.7), prep, games(prep, "The Abbot", 0.45))
    assert not [f for f in found if f.level == "warning" and f.message.startswith("'The Abbot'")]
    said = [f for f in found if f.message.startswith("'The Abbot'")]
    assert len(said) == 1 and "depends on how it is played" in said[0].message
    assert "not reported as a property of the deck" in said[0].message


def test_without_other_bots_a_strong_card_is_not_taken_for_the_decks(prep):
    found = card_findings(games(prep, "The Abbot", 0.7), prep)
    assert not [f for f in found if f.level == "warning"]
    said = [f for f in found if f.message.startswith("'The Abbot'")]
    assert len(said) == 1 and "not reported as a property of the deck" in said[0].message


def test_a_dead_card_is_told_apart_by_whether_it_could_be_played(prep):
    tidings, buttons = card(prep, "Glad Tidings"), card(prep, "One Hundred Buttons")
    held = 1 << tidings | 1 << buttons
    results = games(prep, "The Abbot", 0.5, 200, held=held)            # both held, never used
    watched = games(prep, "The Abbot", 0.5, 200, held=held, could=1 << buttons)
    found = {f.figure["card"]: f for f in dead_diagnosis(results, watched, prep, "greedy")}
    lines = {name: f.message for name, f in found.items()}
    assert "seldom arises in play" in lines["Glad Tidings"] and "100%" in lines["Glad Tidings"]
    assert "chose not to play it" in lines["One Hundred Buttons"]
    # the bots' choice explains away the shared dead-card warning (validate drops it); the card's
    # own condition does not
    assert found["One Hundred Buttons"].explains == ("dead", "One Hundred Buttons")
    assert found["Glad Tidings"].explains == ()


def test_watching_for_playable_cards_plays_the_same_games(prep):
    watching = GAME.prepare(load_deck("coppertwaddle"), "basic", {"watch": "yes"})
    bots = [BOTS["greedy"], BOTS["random"]]
    for i in range(20):
        plain, watched = play(GAME, prep, 2, 3, i, bots), play(GAME, watching, 2, 3, i, bots)
        could = watched.extra.pop("could")
        assert (plain.steps, plain.scores, plain.held, plain.used, plain.extra) == \
            (watched.steps, watched.scores, watched.held, watched.used, watched.extra)
        assert watched.used and watched.used & ~could == 0, "a card was used without being playable"


def test_every_card_that_may_be_warned_as_dead_is_explained(prep):
    """Beyond the worst five, every card dead often enough for a shared warning is diagnosed too, so
    none of those warnings stands unexplained (here seven Favours, all held in vain, all playable)."""
    names = ["Glad Tidings", "One Hundred Buttons", "Compass", "Sextant", "The Wheel", "Capstan", "Land Ho!"]
    held = sum(1 << card(prep, name) for name in names)
    results = games(prep, "The Abbot", 0.5, 200, held=held)
    watched = games(prep, "The Abbot", 0.5, 200, held=held, could=held)
    found = dead_diagnosis(results, watched, prep, "greedy")
    assert sorted(f.figure["card"] for f in found) == sorted(names)
    assert all(f.explains == ("dead", f.figure["card"]) for f in found)
