"""Every game's state prints as a player would describe the table: who is to act, and the cards by
name. Why: a playthrough (tests/playthroughs/) and a failing test show states, and a state that
prints as ints or bitmasks cannot be read, nor diffed by a person.

For every game and variant, with the fewest players its shipped deck allows, a seeded random game
is printed at every step: the text names the seat to act, names every card a legal action names
(the hand it is played from, the Threlm it is aimed at), holds no unnamed card number, and is the
same for the state, its clone and a replay of the same seed.
"""

from __future__ import annotations

import re

import pytest
from test_game_conformance import _prepared, cases

from printgen.games.common.names import distinct_names
from printgen.sim.engine import BOTS, game_rng

STEPS = 60            # states printed per game: the deal and well into play


def _printed(name: str, variant: str, players: int) -> list[tuple[str, int, list[str]]]:
    """(the state's text, the seat to act, the legal actions in words) at each step of a seeded game."""
    game, prepared = _prepared(name, variant)
    rng = game_rng(31, players, 0)
    state = game.setup(prepared, players, rng)
    out = []
    for _ in range(STEPS):
        over = game.is_over(state)
        legal = [] if over else [game.action_name(state, a) for a in game.legal(state)]
        out.append((str(state), -1 if over else game.to_act(state), legal))
        assert str(game.clone(state)) == out[-1][0], "a clone prints otherwise than its original"
        if over:
            break
        game.apply(state, BOTS["random"](game, state, rng))
    return out


FEWEST = sorted({(name, variant, players) for name, variant, players in cases()
                 if players == min(p for n, v, p in cases() if (n, v) == (name, variant))})


@pytest.mark.parametrize("name, variant, players", FEWEST)
def test_a_state_prints_who_acts_and_names_the_cards(name, variant, players):
    game, prepared = _prepared(name, variant)
    names = sorted(set(distinct_names(game.card_names(prepared))), key=len, reverse=True)
    printed = _printed(name, variant, players)
    assert printed == _printed(name, variant, players), "the same seed printed another game"
    for step, (text, seat, legal) in enumerate(printed):
        assert text and text == text.strip() and "\n\n" not in text, f"step {step}: {text!r}"
        if seat >= 0:
            assert re.search(rf"\bseat {seat} to\b", text), f"step {step}: seat {seat} to act is not said:\n{text}"
        for words in legal:
            for card in names:
                if card in words:
                    assert card in text, f"step {step}: '{words}' names {card}, which the state does not:\n{text}"
                    words = words.replace(card, "")
        assert not re.search(r"\b(card|action) \d+\b|\[\d+(, \d+)*\]", text), \
            f"step {step}: a card as a number:\n{text}"
