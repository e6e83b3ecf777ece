"""A game file's `horizon:` (docs/game-files.md): where a search player's trial game stops, and
what each seat gained by then. Checked on the shipped Burro file (its trial games end with the
hand) and on a small game whose horizon score decides what the search player plays; a mistaken
horizon is refused at its line. In-process and small: under half a second in all.
"""

from __future__ import annotations

import random

import pytest
from test_datagame_language import GOOD, line_of, refusal, write
from test_search_wins import FILES

from printgen.games.datagame import load_game_file
from printgen.model.load import load_deck
from printgen.sim.search import search

BURRO = FILES["burro-data"]


def _hands_seen(with_horizon: bool) -> tuple[int, set[int]]:
    """(the hand a search:4 starts in, the hands of every state its tree and playouts played on)."""
    game = load_game_file(BURRO, BURRO.parent.parent)
    prep = game.prepare(load_deck("spanish"), "basic", {})
    if not with_horizon:
        prep.horizon = None
    slot = len(prep.first_vars) - len(game.spec.vars) + list(game.spec.vars).index("hands")
    state = game.setup(prep, 2, random.Random(4))
    seen: set[int] = set()
    plain = game.apply

    def apply(s, action):
        seen.add(s.v[slot])
        plain(s, action)

    game.apply = apply  # type: ignore[method-assign]
    search(game, state, 4, random.Random(1))
    return state.v[slot], seen


def test_burros_trial_games_end_with_the_hand():
    """The file's `horizon: {mark: hands}`: no move of a search is made in a later hand; without
    it, the same search plays on into them."""
    start, seen = _hands_seen(True)
    assert seen == {start}
    start, seen = _hands_seen(False)
    assert seen != {start}


# each plays a card in turn, summed only when the hands are empty; the horizon is a round of turns
ROUND = GOOD.replace("play:", 'horizon: {mark: "(turns - 1) / players", score: "SCORE"}\nplay:')


@pytest.mark.parametrize("score, sign", [("sum(table, rank)", 1), ("100 - sum(table, rank)", -1)])
def test_the_horizon_score_decides_the_search(tmp_path, score, sign):
    """A round of turns ends with every seat's score still 0, so every card would look alike: the
    horizon's own score ranks them instead. Scored by the ranks laid, a search leads its highest
    card; scored by 100 less them, its lowest (the two could not both hold by chance)."""
    game = load_game_file(write(tmp_path, ROUND.replace("SCORE", score)))
    state = game.setup(game.prepare(load_deck("standard"), "basic", {}), 2, random.Random(7))
    seat, mark = game.to_act(state), game.horizon(state)
    worth = {}
    for action in game.legal(state):
        after = game.clone(state)
        game.apply(after, action)
        assert game.horizon(after) == mark and game.to_act(after) != seat     # the round goes on
        worth[action] = game.horizon_scores(after)[seat]
        game.apply(after, game.legal(after)[0])
        assert game.horizon(after) != mark                                   # and ends here
    assert len(set(worth.values())) > 1, worth
    assert game.scores(state) == [0.0, 0.0]
    pick = search(game, state, 200, random.Random(2))
    assert worth[pick] == max(worth.values()), (sign, worth, pick)


@pytest.mark.parametrize("value, fragment, words", [
    ("horizon: hands", "horizon:", "horizon: takes mark: EXPRESSION"),
    ("horizon: {score: score}", "horizon:", "horizon: takes mark: EXPRESSION"),
    ("horizon: {mark: turns, gain: score}", "horizon:", "horizon: has no setting 'gain'"),
    ("horizon: {mark: [turns]}", "horizon:", "horizon's mark is an expression"),
    ("horizon: {mrk: turns}", "horizon:", "horizon: has no setting 'mrk'"),
    ("horizon: {mark: }", "horizon:", "horizon's mark is an expression, and it was given nothing"),
])
def test_a_mistaken_horizon_is_refused_at_its_line(tmp_path, value, fragment, words):
    text = GOOD.replace("play:", f"{value}\nplay:")
    error = refusal(tmp_path, text)
    assert error.where.line == line_of(text, fragment) and words in error.message, str(error)
    if "mrk" in value:          # the misspelt key is named with the one it meant, not taken for a missing mark
        assert "mark" in (error.hint or ""), str(error)


def test_a_horizon_naming_nothing_is_refused_at_its_line(tmp_path):
    """Its expressions are compiled as `greedy:` is: a misspelt name is refused at its own line."""
    from printgen.files.errors import UserError

    text = GOOD.replace("play:", "horizon:\n  mark: turns\n  score: sum(tabel, rank)\nplay:")
    with pytest.raises(UserError) as caught:
        load_game_file(write(tmp_path, text)).prepare(load_deck("standard"), "basic", {})
    assert caught.value.where.line == line_of(text, "tabel"), str(caught.value)
    assert "'tabel' is not a zone" in caught.value.message, str(caught.value)
