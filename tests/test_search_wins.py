"""The search player beats random players (issue 28's test), in the games quick enough to check in
the suite; bench/bench_search_wins.py makes the whole table (every shipped game and game file,
against random and against greedy players) and bench/README.md gives its figures; the win over
greedy players is checked at Casita in tests/test_search.py."""

from __future__ import annotations

import pytest

from printgen.games.registry import get_game
from printgen.model.load import load_deck
from printgen.sim.runner import batches, bot_win_rates, execute
from printgen.sim.stats import wilson

GAMES = 40          # seeded games a game (seed 1), the search player's seat turned each game
BUDGET = 50


@pytest.mark.slow
# Casita is tests/test_search.py's (with Burro): here the other quick game
@pytest.mark.parametrize("name, deck", [("conquian", "spanish")])
def test_the_search_player_beats_random_players(name, deck):
    game = get_game(name)
    loaded = load_deck(deck)
    variant = game.variants[0]
    players = min(game.player_counts(game.prepare(loaded, variant, {})))
    lineup = (f"search:{BUDGET}",) + ("random",) * (players - 1)
    results = execute(batches(game, variant, deck, {}, players, GAMES, 1, lineup, GAMES))
    rate = bot_win_rates(results, lineup)[lineup[0]]
    low, _ = wilson(rate["wins"], rate["played"])
    # its share of the wins lies above the fair share, the whole 95 % interval
    assert rate["played"] == GAMES and low > 1 / players, rate
