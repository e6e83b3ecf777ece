"""`printgen validate DECK --replay N`: game N of the run, move by move, the very game the report
counted (same setup, seed and seating of the bots), the same every time it is asked for."""

from __future__ import annotations

import re

import pytest
from conftest import run_cli

from printgen.commands.validate import ValidateOptions
from printgen.commands.validate_replay import replay
from printgen.files.errors import UserError
from printgen.sim.runner import batches, execute


def log(deck: str, number: int, **settings) -> str:
    return replay(deck, ValidateOptions(deck_ref=deck, **settings), number)


def test_the_same_seeded_game_prints_the_same_moves_twice_and_another_seed_others():
    first = run_cli("validate", "spanish", "--game", "casita", "--players", "3", "--bots", "mixed", "--replay", "7")
    again = run_cli("validate", "spanish", "--game", "casita", "--players", "3", "--bots", "mixed", "--replay", "7")
    assert first.code == 0, first.err
    assert first.out == again.out
    other = log("spanish", 7, game="casita", players="3", bots="mixed", seed=2)
    assert other.splitlines()[3:] != first.out.splitlines()[3:]


def test_a_replay_is_the_game_the_report_counted():
    """Game N of the log is game index N-1 of the runner, with the bots seated as the run seated them:
    the random player of --bots mixed is where the runner put it, and the scores are the run's."""
    number = 5
    text = log("spanish", number, game="casita", players="3", bots="mixed", games=40, seed=3)
    assert "seat 0 greedy, seat 1 random, seat 2 greedy" in text         # game 5: one seat further round, 4 times
    from printgen.games.registry import get_game

    game = get_game("casita")
    run = execute(batches(game, "basic", "spanish", {"pack": 40}, 3, 40, 3, ("random", "greedy", "greedy"), 50))
    played = run[number - 1]
    scores = ", ".join(f"seat {seat} {score:g}" for seat, score in enumerate(played.scores))
    assert f"{played.steps} moves" in text and f"scores {scores};" in text
    moves = re.findall(r"^  seat (\d) \((\w+)\) takes: ", text, re.M)
    assert len(moves) == played.steps
    assert {who for seat, who in moves if seat == "1"} == {"random"}      # every move of seat 1 is the random bot's


def test_each_move_shows_the_table_the_moves_open_and_the_one_taken():
    text = log("spanish", 1, game="casita", players="2")
    block = text.split("-- move 1\n")[1].split("-- move 2")[0]
    assert "seat 0: hand" in block and "seat 1: hand" in block           # who held what (the state as it prints)
    opened = re.search(r"open to seat 0 \((\d+)\): (.*)", block)
    taken = re.search(r"seat 0 \(greedy\) takes: (.*)", block)
    assert opened and taken and taken.group(1) in opened.group(2).split(" | ")
    assert int(opened.group(1)) == len(opened.group(2).split(" | "))
    assert "-- end" in text and re.search(r"(won|shared) by seat", text)
    assert "(this game does not say which cards could be played at each move)" in text or \
        "no card was held in vain" in text


@pytest.mark.parametrize("deck, settings", [
    ("coppertwaddle", {"options": {"hands": "none"}}),
    ("cromwell", {"variant": "basic", "players": "4", "bots": "random"}),
])
def test_a_game_that_says_what_was_playable_explains_each_card_held_in_vain(deck, settings):
    said = set()
    for number in range(1, 6):
        text = log(deck, number, games=10, **settings)
        tail = text.split("held but never used", 1)[1] if "held but never used" in text else ""
        said |= {"never" for line in tail.splitlines() if line.endswith(": never playable while held")}
        said |= {"chosen" for line in tail.splitlines() if re.search(r"could have been used at moves? \d", line)}
    assert said == {"never", "chosen"}


def test_a_replay_names_one_game_and_refuses_what_it_cannot_show():
    with pytest.raises(UserError) as error:
        log("spanish", 1, game="casita")
    assert "casita basic at 2, 3, 4 players" in error.value.message and "--players" in (error.value.hint or "")
    with pytest.raises(UserError) as error:
        log("spanish", 2001, game="casita", players="2")
    assert "games 1 to 2,000" in error.value.message
    with pytest.raises(UserError):
        log("spanish", 0, game="casita", players="2")
    run = run_cli("validate", "spanish", "--game", "casita", "--players", "2", "--replay", "1", "--json", "x.json")
    assert run.code == 2 and "--json" in run.err and "Traceback" not in run.err


@pytest.mark.parametrize("deck, settings", [
    ("coppertwaddle", {"options": {"hands": "none"}}),
    ("cromwell", {"variant": "basic", "players": "4"}),
])
def test_watching_a_game_changes_nothing_in_it(deck, settings):
    """The log asks the game for its moves and what is playable at every decision: it must only
    read the state, so the watched game is the one played unwatched."""
    from printgen.commands.validate import plan_run
    from printgen.commands.validate_replay import _Log
    from printgen.sim.engine import bot_for, play

    plans, _ = plan_run(deck, ValidateOptions(deck_ref=deck, **settings))
    plan = plans[0]
    n = plan.counts[0]
    game, prepared = plan.game, plan.prepared[n]
    for index in range(4):
        bots = [bot_for(b, game) for b in ("greedy", "random", "greedy", "random")[:n]]
        watched = play(game, prepared, n, 1, index, bots, watch=_Log(game, plan.report, ("x",) * n))
        assert watched == play(game, prepared, n, 1, index, bots)


def test_a_table_layout_has_no_game_to_replay():
    # the check of every table layout (without --game): `--game croquetnole` plays since issue 31, and
    # its replay is tested in tests/test_croquetnole_command.py
    run = run_cli("validate", "piecepack", "--replay", "1")
    assert run.code == 2 and "plays no games" in run.err and "Traceback" not in run.err
