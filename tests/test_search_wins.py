"""The search player beats random players in every shipped game, and greedy players in at least
half of them (issue 28's tests). Each pairing is a stated number of seeded games (seed 1) at a
small budget, one search player among players of the other kind, its seat turned one further each
game; it "beats" them when the whole 95 % interval of its share of the wins (a shared win counted
as a share) lies above the fair share, 1/players. Games are independent (Wilson's interval) but
for two of the pairings against greedy players, whose edge is smaller: there each deal is played
once with the search player in every seat (duplicate deals, printgen.sim.runner.deal_of) and the
interval is drawn from the deals (printgen.sim.stats.clustered_wilson), which in Conquian judges
the games like about twice as many independent ones. The budgets and counts are about the smallest that
decide; bench/bench_search_suite.py plays the same pairings at other seeds (bench/README.md, "Does
searching pay?": 23 of 24 decided against random players and 10 of 12 against greedy ones over
seeds 1 to 3). Processor time with -n 0: about 3.7 s for the eight random pairings, 7 s for the
greedy test (Cromwell a third of it).

The shipped game files (decks/*/games/*.yaml, printgen/games/datagame) are searched too, and all
four are checked like the games above (about 7 s together: Burro's and Cromwell's files 2.3 and
2.1 s); a file whose search could not decide at a cost the suite can pay would be named with the
reason in UNCHECKED_FILES, so a new game file has to be placed in one table or the other
(bench/README.md, "The search player on game files")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from printgen.games.datagame import load_game_file
from printgen.games.registry import get_game, names
from printgen.model.load import load_deck
from printgen.sim.engine import bot_for, play
from printgen.sim.runner import deal_of, seated
from printgen.sim.stats import Z95, clustered_wilson, wilson

SEED = 1
DECKS = {"cromwell": "cromwell", "drafting": "standard", "coppertwaddle": "coppertwaddle"}
# L'Ombre and Tresillo play sessions of one hand: the game's every decision, at a twelfth of the time
OPTIONS: dict[str, dict[str, Any]] = {"lombre": {"hands": 1}, "tresillo": {"hands": 1}}

# game: (budget, games) among random players; seed 1 gives shares of 65 to 88 % (bench/README.md)
AGAINST_RANDOM = {
    "casita": (10, 48),
    "conquian": (10, 40),
    "drafting": (5, 12),
    "lombre": (5, 24),
    "tresillo": (5, 24),
    "burro": (10, 24),
    "cromwell": (5, 12),
    "coppertwaddle": (3, 16),
}
ROOT = Path(__file__).resolve().parent.parent
FILES = {path.stem: path for path in sorted(ROOT.glob("decks/*/games/*.yaml"))}
# game file: (budget, games) among random players; seed 1 gives casita-data 69 % (55-80 %) of 48 at
# a fair 50 %, drafting-data 58 % (32-81 %) of 12 at a fair 25 % (seeds 2 and 3: 82 and 66 %; 50 and
# 42 %, the last level: bench/README.md), burro-data 70 % (55-82 %) of 40 at a fair 50 % (seeds 2 and
# 3: 62 % level, 72 %), cromwell-data 92 % (65-99 %) of 12 at a fair 33 % (the same at seeds 2 and 3).
# Burro's and Cromwell's files are searched to their `horizon:` (the hand; a round of turns), the
# Cromwell file's playouts guided by its `greedy:` measure; without them a search there took 18 s
# and was level with random players (Burro), or 1.7 s a game at search:1 (Cromwell).
FILES_AGAINST_RANDOM = {"casita-data": (5, 48), "drafting-data": (5, 12), "burro-data": (2, 40),
                        "cromwell-data": (5, 12)}
# why a shipped file is not in the suite (searched at a budget the suite can pay, it does not decide):
# none now; a new game file goes in one table or the other
UNCHECKED_FILES: dict[str, str] = {}
# game: (variant, budget, games, duplicate deals) among greedy players: the four games where a small
# search decides. Duplicate deals where they judge more surely (Casita, Conquian: a deal's luck
# cancels between its seatings); independent games where they do not (Burro, Cromwell). The other
# four need a budget of 200 or more and many times the games (bench/README.md).
AGAINST_GREEDY = {
    "casita": ("basic", 10, 64, True),
    "conquian": ("basic", 50, 72, True),
    "burro": ("basic", 10, 60, False),
    "cromwell": ("advanced", 10, 48, False),
}


def prepared(name: str, variant: str | None = None) -> tuple[Any, Any, int]:
    """(game, prepared deck, its smallest player count) of a shipped game, or of a shipped game
    file by its name (casita-data), in `variant` (the first)."""
    if name in FILES:
        deck = FILES[name].parent.parent
        game = load_game_file(FILES[name], deck)
        return game, game.prepare(load_deck(deck), variant or game.variants[0], {}), min(game.players)
    game = get_game(name)
    variant = variant or game.variants[0]
    prep = game.prepare(load_deck(DECKS.get(name, "spanish")), variant,
                        game.read_options(variant, OPTIONS.get(name, {})))
    return game, prep, min(game.player_counts(prep))


def match(name: str, other: str, budget: int, games: int, duplicate: bool, variant: str | None = None,
          seed: int = SEED) -> tuple[float, float, float]:
    """(share of the wins, low, high) of one search:`budget` player among `other` players over
    `games` seeded games, its seat turned each game; with `duplicate`, the games of a deal are its
    every seating and the interval is drawn from the deals."""
    game, prep, players = prepared(name, variant)
    me = f"search:{budget}"
    bots = {bot: bot_for(bot, game) for bot in (me, other)}
    line = (me,) + (other,) * (players - 1)
    deals: dict[int, tuple[float, int]] = {}
    for index in range(games):
        who = seated(line, index)
        deal = deal_of(index, players) if duplicate else index
        result = play(game, prep, players, seed, index, [bots[b] for b in who], deal=deal if duplicate else None)
        share = 1 / len(result.winners) if who.index(me) in result.winners else 0.0
        won, played = deals.get(deal, (0.0, 0))
        deals[deal] = (won + share, played + 1)
    won = sum(w for w, _ in deals.values())
    low, high = clustered_wilson(list(deals.values()), Z95)[:2] if duplicate else wilson(won, games)
    return won / games, low, high


def test_the_tables_name_the_shipped_games():
    assert sorted(AGAINST_RANDOM) == sorted(names())
    assert sorted([*FILES_AGAINST_RANDOM, *UNCHECKED_FILES]) == sorted(FILES)
    assert set(AGAINST_GREEDY) <= set(names())
    # "greedy in at least half": each game of this table is beaten in its own case below
    assert 2 * len(AGAINST_GREEDY) >= len(names())


@pytest.mark.parametrize("name", sorted(AGAINST_RANDOM) + sorted(FILES_AGAINST_RANDOM))
def test_the_search_player_beats_random_players_in_every_shipped_game(name):
    budget, games = {**AGAINST_RANDOM, **FILES_AGAINST_RANDOM}[name]
    share, low, high = match(name, "random", budget, games, duplicate=False)
    assert low > 1 / prepared(name)[2], f"{name}: search:{budget} won {share:.0%} of {games} ({low:.0%}-{high:.0%})"


@pytest.mark.parametrize("name", sorted(AGAINST_GREEDY))
def test_the_search_player_beats_greedy_players_in_at_least_half_the_shipped_games(name):
    """One case a game of AGAINST_GREEDY, which names at least half the shipped games (checked
    above): the cases spread over the test workers, where one test of all four ran 7 s alone."""
    variant, budget, games, duplicate = AGAINST_GREEDY[name]
    share, low, high = match(name, "greedy", budget, games, duplicate, variant)
    assert low > 1 / prepared(name, variant)[2], \
        f"{name} {variant}: search:{budget} won {share:.0%} of {games} ({low:.0%}-{high:.0%})"
