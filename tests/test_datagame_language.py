"""The game-file language (printgen/games/datagame/, docs/game-files.md): what it refuses, with the
file and line, and what it does with a game that would not end.

Why: a game file comes from a deck folder, which may come from anyone. A hostile or mistaken file
must cost a clear message and nothing else: no Python reached, no endless loop, no deal the pack
cannot give played short. The games that play well are checked elsewhere (the twin tests, and
tests/test_datagame_games.py for every shipped game file).
"""

from __future__ import annotations

import random
import textwrap
from pathlib import Path

import pytest

from printgen.files.errors import UserError
from printgen.games.datagame import load_game_file
from printgen.games.datagame.expr import ExprError, parse
from printgen.model.load import load_deck
from printgen.sim.engine import play, random_bot

# A small game that plays: each player in turn plays a card of the hand to the table; when the
# hands are empty the highest total wins. Tests change one part of it.
GOOD = """\
title: Highest total
players: [2, 3, 4]
cards:
  suit: suit
  rank: rank.value
zones:
  stock: {}
  hand: {each: true}
  table: {each: true, uses: true}
play:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 5}
  - turns:
      until: count(hand) == 0
      do:
        - choose:
            options:
              - name: "play {card}"
                card: {from: hand}
                do: [{move: {card: card, to: table}}]
  - score: {to: each, add: "sum(table, rank)"}
"""


def write(tmp_path: Path, text: str, name: str = "game.yaml") -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def refusal(tmp_path: Path, text: str) -> UserError:
    with pytest.raises(UserError) as caught:
        load_game_file(write(tmp_path, text))
    return caught.value


def line_of(text: str, fragment: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if fragment in line)


@pytest.fixture(scope="module")
def standard():
    return load_deck("standard")


def test_the_good_game_plays_to_its_end(tmp_path, standard):
    game = load_game_file(write(tmp_path, GOOD))
    prepared = game.prepare(standard, "basic", {})
    for n in game.players:
        for index in range(20):
            result = play(game, prepared, n, 7, index, [random_bot] * n, checked=True)
            assert not result.timed_out and result.length == 5 * n and len(result.winners) >= 1


@pytest.mark.parametrize("change, fragment, words", [
    (("  - shuffle: stock", "  - fly: stock"), "fly: stock", "'fly' is not a step"),
    (("                card: {from: hand}", "                card: {from: hand}\n                wings: 2"), "wings",
     "no setting 'wings'"),
    (("until: count(hand) == 0", "until: count(hand) == 0 and"), "until: count(hand)", "ends too soon"),
    (("until: count(hand) == 0", "until: count(hands) == 0"), "until: count(hands)", "'hands' is not a zone"),
    (("sum(table, rank)", "sum(table, colour)"), "sum(table, colour)", "unknown name 'colour'"),
    (("  - shuffle: stock", "  - shuffle: stock\n  - repeat: {times: 1000000, do: [shuffle: stock]}"),
     "times: 1000000", "1,000,000 times"),
    (("  - shuffle: stock", "  - shuffle: stock\n  - repeat: {times: 3, max: 1000000, do: [shuffle: stock]}"),
     "max: 1000000", "max is a whole number from 1 to 100,000"),
    (("  - shuffle: stock", "  - shuffle: stock\n  - repeat: {while: 2 > 1, do: [shuffle: stock]}"),
     "while: 2 > 1", "this loop never ends"),
    (("  - shuffle: stock", "  - shuffle: stock\n  - set: {nothing: 1}"), "nothing: 1", "'nothing' is not a variable"),
    (("  - shuffle: stock", "  - shuffle: stock\n  - eval: __import__('os')"), "eval:", "'eval' is not a step"),
])
def test_a_mistake_is_refused_at_its_line(tmp_path, change, fragment, words):
    """Each hostile or mistaken change to the good game: one message with the file, the line of the
    culprit and words saying what is wrong (an unknown step, a setting, a broken or unknown name, a
    loop of a million rounds, one that could never end)."""
    text = GOOD.replace(*change)
    assert text != GOOD
    error = refusal(tmp_path, text)
    assert error.where.file is not None and error.where.file.name == "game.yaml"
    assert error.where.line == line_of(text, fragment), (str(error), fragment)
    assert words in error.message, str(error)


def test_expressions_reach_nothing_but_the_game():
    """The expression language has no attribute access to Python objects, no strings, no calls but its
    own functions: the usual ways out are not even parsed as names."""
    for text in ("__import__('os')", "card.__class__", "x[0]", "lambda: 1", "'text'", "1 if 2 else 3"):
        with pytest.raises((ExprError, UserError)):
            parse(text) if "'" in text or "[" in text or ":" in text else _compile_in_a_game(text)
    with pytest.raises(ExprError):
        parse("1 + " * 300 + "1")


def _compile_in_a_game(text: str) -> None:
    from printgen.games.datagame.scope import Scope
    Scope({"rank": [1, 2]}, {"current": 0}, {"hand": (0, True)}, {}).compile(text)


def test_a_game_that_cannot_end_is_stopped_as_a_timeout_naming_its_loop(tmp_path, standard):
    """A loop whose test the steps never change would run forever: it is stopped at its max, and the
    game counts as a timeout whose report names the loop's line."""
    text = GOOD.replace("until: count(hand) == 0", "until: count(hand) > 50\n      max: 300").replace(
        "                do: [{move: {card: card, to: table}}]\n",
        "                do: [{move: {card: card, to: table}}]\n"
        "              - name: \"take back {card}\"\n"
        "                card: {from: table}\n"
        "                do: [{move: {card: card, to: hand}}]\n")
    assert "take back" in text
    game = load_game_file(write(tmp_path, text))
    prepared = game.prepare(standard, "basic", {})
    result = play(game, prepared, 2, 1, 0, [random_bot, random_bot], checked=True)
    assert result.timed_out and not result.winners
    assert f"line {line_of(text, 'turns:')}" in result.extra["stuck"], result.extra
    findings = game.extra_findings([result], prepared, 2, {}, None)
    assert any(f.level == "warning" and "stopped in the loop" in f.message for f in findings)


def test_a_deal_the_pack_cannot_give_names_the_deal_step(tmp_path, standard):
    """Twenty cards to each of four players from 52: the deal as meant (not as it ran short) is what
    validate compares with the pack, and the refusal points at the deal's line."""
    from printgen.sim.report import short_deal

    text = GOOD.replace("count: 5}", "count: 20}")
    game = load_game_file(write(tmp_path, text))
    prepared = game.prepare(standard, "basic", {})
    need = game.deal_needs(prepared, 4)
    assert need.hands == (20, 20, 20, 20) and need.cards == 80
    assert need.where is not None and need.where.line == line_of(text, "- deal:")
    short = short_deal(game, prepared, 4)
    assert short is not None and "80 cards" in short[0] and "52" in short[0]
    assert short_deal(game, prepared, 2) is None


def test_the_same_seed_plays_the_same_game(tmp_path, standard):
    game = load_game_file(write(tmp_path, GOOD))
    prepared = game.prepare(standard, "basic", {})
    runs = [[play(game, prepared, 3, seed, i, [random_bot] * 3) for i in range(10)] for seed in (5, 5, 6)]
    key = [[(r.scores, r.length, r.held, r.used) for r in run] for run in runs]
    assert key[0] == key[1] and key[0] != key[2]


def test_a_clone_plays_on_apart(tmp_path, standard):
    game = load_game_file(write(tmp_path, GOOD))
    prepared = game.prepare(standard, "basic", {})
    state = game.setup(prepared, 2, random.Random(3))
    copy = game.clone(state)
    game.apply(copy, game.legal(copy)[0])
    game.check(state)
    game.check(copy)
    assert str(state) != str(copy) and sum(map(len, state.z)) == sum(map(len, copy.z))


def test_a_value_per_player_count(tmp_path, standard):
    """`count: {2: 7, 3: 6, else: 5}`: the hand size a rule sheet gives per player count, as data; a
    count the game allows with no entry and no else is refused at its line."""
    text = GOOD.replace("count: 5}", "count: {2: 7, 3: 6, else: 5}}")
    game = load_game_file(write(tmp_path, text))
    prepared = game.prepare(standard, "basic", {})
    assert [game.deal_needs(prepared, n).hands[0] for n in (2, 3, 4)] == [7, 6, 5]
    short = GOOD.replace("count: 5}", "count: {2: 7, 3: 6}}")
    error = refusal(tmp_path, short)
    assert "no value for 4 players" in error.message and error.where.line == line_of(short, "- deal:")
    bad = GOOD.replace("count: 5}", "count: {two: 7, else: 5}}")
    assert "keyed by counts" in refusal(tmp_path, bad).message
