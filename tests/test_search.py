"""The search player (issue 28, printgen/sim/search.py): a seed and a budget replay the same game,
the search leaves the state it is given as it was, a game's own hooks (searched, horizon) shape it,
and `printgen validate` plays it by --bots, --budget and --seats. Whether it beats random and
greedy players is tests/test_search_wins.py's."""

from __future__ import annotations

import random

import pytest
from conftest import run_cli

from printgen.games.burro import Burro
from printgen.games.casita import Casita
from printgen.model.load import load_deck
from printgen.sim.engine import bot_for, is_bot_name, play
from printgen.sim.search import DEFAULT_BUDGET, WILD, SearchBot, parse_search, search


@pytest.fixture(scope="module")
def spanish():
    return load_deck("spanish")


@pytest.mark.parametrize("name,options", [("casita", {}), ("lombre", {"hands": 2})])
def test_the_same_seed_and_budget_play_the_same_game(spanish, name, options):
    """Casita, and L'Ombre, whose search leaves its openings to the greedy player and plays each try
    to the end of the hand (Game.searched, Game.horizon): a seed and a budget replay the game."""
    from printgen.games.registry import get_game

    game = get_game(name)
    prep = game.prepare(spanish, "basic", game.read_options("basic", options))
    moves: list[list[int]] = [[], []]

    def plays(k: int):
        return play(game, prep, 3, 4, 0, [bot_for("search:15", game)] * 3, checked=True,
                    watch=lambda step, state, seat, action: moves[k].append(action))
    first, again = plays(0), plays(1)
    assert (first.scores, first.steps) == (again.scores, again.steps)
    assert moves[0] == moves[1] and len(moves[0]) > 20
    other = play(game, prep, 3, 5, 0, [bot_for("search:15", game)] * 3)
    assert other.scores != first.scores         # another seed, another game: the replay is the seed's


def test_the_search_leaves_the_state_as_it_was_and_draws_only_from_its_generator(spanish):
    game = Burro()
    prep = game.prepare(spanish, "basic", {})
    state = game.setup(prep, 3, random.Random(2))
    before = (str(state), state.rng.getstate())
    picks = {search(game, state, 30, random.Random(9)) for _ in range(2)}
    assert (str(state), state.rng.getstate()) == before
    assert len(picks) == 1 and picks <= set(game.legal(state))


class _NoGreedy(Burro):
    """Burro without a rule of thumb: the contract's default greedy, which raises."""

    def greedy(self, state, rng):
        raise NotImplementedError


def test_a_game_without_a_greedy_player_is_searched_with_random_playouts(spanish):
    game, plain = _NoGreedy(), Burro()
    prep = game.prepare(spanish, "basic", {})
    state = game.setup(prep, 2, random.Random(3))
    guided = [search(game, state, 40, random.Random(seed)) for seed in range(6)]
    assert guided == [search(plain, state, 40, random.Random(seed), wild=1.0) for seed in range(6)]
    # and the guide changes the search where there is one (else the test above could not fail)
    assert guided != [search(plain, state, 40, random.Random(seed)) for seed in range(6)]


class _Counted(Burro):
    """Burro that records the hands of the states it plays on, and counts determinisations."""

    def __init__(self, horizon: bool) -> None:
        super().__init__()
        self.hands_seen: set[int] = set()
        self.dealt = 0
        self.with_horizon = horizon

    def apply(self, state, action):
        self.hands_seen.add(state.hands)
        super().apply(state, action)

    def determinize(self, state, seat, rng):
        self.dealt += 1
        return super().determinize(state, seat, rng)

    def horizon(self, state):
        return super().horizon(state) if self.with_horizon else None


def test_a_playout_ends_with_the_hand_its_game_marks(spanish):
    """Burro's horizon is the hand: no move of a search's tree or playouts is made in a later hand
    (without the mark, the same search plays on into them)."""
    for horizon, crosses in ((True, False), (False, True)):
        game = _Counted(horizon)
        state = game.setup(game.prepare(spanish, "basic", {}), 2, random.Random(4))
        search(game, state, 20, random.Random(1))
        assert game.dealt == 20 and (game.hands_seen != {state.hands}) == crosses, game.hands_seen


def test_lombre_searches_the_trick_play_only(spanish):
    """L'Ombre's bid (and trumps, exchange, playing on) is the greedy player's, drawn from the
    search's generator, with no determinisation; a card to play is searched."""
    from printgen.games.common.ombre.state import PLAY
    from printgen.games.lombre.game import LOmbre

    class Counted(LOmbre):
        dealt = 0

        def determinize(self, state, seat, rng):
            Counted.dealt += 1
            return super().determinize(state, seat, rng)

    game = Counted()
    prep = game.prepare(spanish, "basic", game.read_options("basic", {"hands": 1}))
    state = game.setup(prep, 3, random.Random(5))
    assert state.phase != PLAY and len(game.legal(state)) > 1
    assert search(game, state, 30, random.Random(2)) == game.greedy(state, random.Random(2))
    assert Counted.dealt == 0
    while state.phase != PLAY or len(game.legal(state)) < 2:
        game.apply(state, game.greedy(state, state.rng))
    search(game, state, 30, random.Random(2))
    assert Counted.dealt == 30


def test_bot_names_carry_their_budget():
    assert parse_search("search") == DEFAULT_BUDGET and parse_search("search:400") == 400
    assert [parse_search(n) for n in ("search:0", "search:", "search:x", "searcher", "greedy")] == [None] * 5
    assert is_bot_name("search:7") and not is_bot_name("search:-1")
    bot = bot_for("search:7", Casita())
    assert isinstance(bot, SearchBot) and bot.budget == 7 and bot.wild == WILD < 1
    old = bot_for("search-random:9", Casita())
    assert isinstance(old, SearchBot) and (old.budget, old.wild) == (9, 1.0)
    assert parse_search("search-random") == DEFAULT_BUDGET and is_bot_name("search-random:3")
    assert parse_search("search-greedy:3") is None
    with pytest.raises(ValueError):
        SearchBot(0)


def test_validate_plays_search_bots_with_their_budget():
    run = run_cli("validate", "spanish", "--game", "casita", "--players", "2", "--bots", "search", "--budget", "20",
                  "--games", "6", "--looks", "1", "-q")
    assert run.code == 1, run.err        # six games are too few to judge: the run says so
    assert "search bots (20 iterations a decision)" in run.out


def test_validate_seats_a_line_up_and_turns_it():
    run = run_cli("validate", "spanish", "--game", "casita", "--seats", "search:15,greedy,random", "--games", "6",
                  "--looks", "1", "-q")
    assert run.code == 1, run.err
    assert "seats search:15, greedy, random" in run.out
    assert "3  " in run.out.split("== casita (basic) ==")[1]            # the line-up set the player count
    wins = next(line for line in run.out.splitlines() if "wins by bot" in line)
    assert all(f"{bot} " in wins and "of the 6 seats it played" in wins for bot in ("search:15", "greedy", "random"))


@pytest.mark.parametrize("args,said", [
    (("--seats", "search:15,greedy", "--players", "3"), "--seats names 2 seats, and this run plays 3 players"),
    (("--seats", "search:15,greedy,rnd"), "no bot is called 'rnd'"),
    (("--bots", "greedy", "--budget", "50"), "no seat plays 'search'"),
    (("--bots", "search", "--budget", "0"), "at least 1 iteration"),
    (("--seats", "search:0,greedy"), "'search:0': a search takes at least 1 iteration"),
    (("--bots", "search", "--seats", "search,greedy"), "--bots search and --seats both say who plays"),
    # bounded time: a budget above the limit is refused, with the limit (review of issue 28)
    (("--seats", "search:99999999999999999,greedy"), "'search:99999999999999999' asks too many iterations"),
    (("--bots", "search", "--budget", "10001"), "--budget 10001: too many iterations a decision"),
    (("--confirm", "80:10001"), "--confirm 80:10001: too many iterations a decision"),
    (("--confirm", "80:"), "--confirm 80:: give the search games and, after a colon, their budget"),
])
def test_a_bad_line_up_is_refused_before_any_game(args, said):
    run = run_cli("validate", "spanish", "--game", "casita", "--games", "6", "--looks", "1", "-q", *args)
    assert run.code == 2 and said in run.err and "Traceback" not in run.err, run.err
    if "too many iterations" in said:
        assert "at most 10,000" in run.err


@pytest.mark.parametrize("game,seats,said", [
    ("lombre", "search:400,greedy", "the game 'lombre' (basic) cannot be played by 2 players (the 2 seats --seats "
                                    "search:400,greedy names: name one bot a seat for a count it supports)"),
    ("casita", "search:400", "the game 'casita' (basic) cannot be played by 1 player (the 1 seat --seats"),
])
def test_a_line_up_of_a_count_the_game_cannot_take_names_the_game_and_the_seats(game, seats, said):
    run = run_cli("validate", "spanish", "--game", game, "--seats", seats, "--games", "6", "-q")
    assert run.code == 2 and said in run.err and "Traceback" not in run.err, run.err


def test_the_largest_budget_is_accepted():
    from printgen.commands.validate_bots import MAX_BUDGET, check_bots

    check_bots("search", MAX_BUDGET, None)                       # no error: the limit itself is allowed
    check_bots("greedy", None, f"search:{MAX_BUDGET},greedy")
