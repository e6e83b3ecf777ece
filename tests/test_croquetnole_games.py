"""Castle Croquetnole games at the defaults end, or are reported unfinished: every game of the
thousand that `validate piecepack --game croquetnole --games 1000` would play ends with a winner
who struck their home tower, or stops at the round limit and is counted and reported as
unfinished; flicks cut at the physics' time limit are reported too.

The thousand are played in every run, in four quarters of 250 (a failing quarter names its own
games). The suite hands each worker a whole module (pytest-xdist's loadscope), so the four run on
one worker, one after another: about 15 to 19 s of processor time in all on the shared machine (21
to 25 s before the physics was made cheaper: bench/README.md); the suite starts this module among
the first, so it never waits at the end. The bench plays them too, and says how many ended.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache

import pytest

from printgen.games.croquetnole.game import Setup, play
from printgen.games.croquetnole.physics import Physics
from printgen.games.croquetnole.report import Run, Settings, summary_lines
from printgen.games.croquetnole.rules import Rules
from printgen.games.croquetnole.table import court

GAMES, QUARTERS, SEED = 1000, 4, 1


@cache
def _setup() -> Setup:
    from printgen.model.layouts import load_layout
    from printgen.model.load import ALL_CARDS, load_deck
    from printgen.model.tablelayout import load_table

    deck = load_deck("piecepack", ALL_CARDS)
    setup = Setup(court(load_table(deck, load_layout(deck.layout, deck), "croquetnole")))
    setup.nav()
    return setup


def _check(games: list, rules: Rules) -> None:
    for g in games:
        assert g.flicks == sum(g.flicks_by_seat) and g.rounds <= rules.rounds
        if g.winner is None:
            assert g.rounds == rules.rounds and g.counts["unfinished (round limit)"] == 1
        else:
            assert g.counts["scored: home tower"] == 1 and g.counts["unfinished (round limit)"] == 0


@pytest.mark.parametrize("quarter", range(QUARTERS))
def test_the_games_of_a_thousand_end_or_are_reported_unfinished(quarter):
    setup = _setup()
    lineups = Settings().lineups(4)
    size = GAMES // QUARTERS
    numbers = range(quarter * size, (quarter + 1) * size)
    # the seeds and lineups of report.play_games: game i of a run of seed SEED
    games = [play(replace(setup, strategies=lineups[i % len(lineups)]), SEED * 1_000_003 + i) for i in numbers]
    _check(games, setup.rules)
    text = "\n".join(summary_lines(Run("as laid out", games, lineups, [k.name for k in setup.court.castles], 10.0)))
    unfinished = sum(1 for g in games if g.winner is None)
    assert ("unfinished:" in text) == (unfinished > 0)
    assert f"flicks cut at the physics' time limit: {sum(g.timeouts for g in games)}" in text
    assert unfinished <= len(games) // 100, f"{unfinished} of games {numbers} reached the round limit"


def test_games_stopped_by_the_limits_are_reported_as_such():
    """With the limits pulled in (3 rounds; a flick stopped after 0.05 simulated s), no game can
    finish: each is counted unfinished, no one's win, and the cut flicks are counted."""
    setup = _setup()
    rules = Rules(rounds=3)
    games = [play(replace(setup, rules=rules, physics=Physics(longest=0.05)), seed) for seed in range(3)]
    _check(games, rules)
    assert all(g.winner is None and g.timeouts > 0 for g in games)
    lineups = [("defensive",) * 4]
    text = "\n".join(summary_lines(Run("as laid out", games, lineups, [k.name for k in setup.court.castles], 10.0)))
    assert "unfinished: 3 of 3 games reached the round limit" in text
    assert f"flicks cut at the physics' time limit: {sum(g.timeouts for g in games)}" in text
