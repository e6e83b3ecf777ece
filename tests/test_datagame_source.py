"""The game file compiled to Python source (printgen/games/datagame/source.py, linking.py,
stepsource.py): it plays exactly the games the closures play, and nothing a game file says, however
hostile, is ever written into the source compiled.

Why both: the source is there for speed only, so a seed must give the same game with it as
without; and a deck folder may come from anyone, so its names and strings must stay data.
"""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

import pytest

from printgen.games.datagame import load_game_file
from printgen.games.datagame.source import lit
from printgen.model.load import load_deck
from printgen.sim.engine import greedy_bot, play, random_bot

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = [("spanish", "burro-data"), ("spanish", "casita-data"), ("standard", "drafting-data"),
           ("cromwell", "cromwell-data")]

# the identifiers our templates write: the state and its fields, our temporaries and namespace
# entries, the builtins the namespace holds, and Python's keywords the templates use
OURS = re.compile(r"(s|p|c|v|_[owkqapczsl]\d+|run_from|lambda|def|return|if|elif|else|not|and|or|for|in|is|"
                  r"while|break|pass|True|False|None|len|abs|max|min|range|any|n|z|score|actor|by|budget|dealing|"
                  r"pc|acts|choice|legal|enter|end|loc|held|used|user|more|get|want|short_at|seen|vague|offered|picks|_sets|"
                  r"pop|append|insert|remove|clear|extend|reverse|take|sum|count|default)\Z")


def _prepared(game, deck_name: str, variant: str, write: bool):
    """The game's prepared deck as DataGame.prepare makes it, written out or closures only."""
    return game.prepare(load_deck(deck_name), variant, {}, write=write)


@pytest.mark.parametrize("deck_name, name", SHIPPED)
def test_the_source_plays_the_games_the_closures_play(deck_name, name):
    game = load_game_file(ROOT / "decks" / deck_name / "games" / f"{name}.yaml")
    variant = game.variants[0]
    written, closures = (_prepared(game, deck_name, variant, write) for write in (True, False))
    assert written.texts and not closures.texts          # the one is compiled from source, the other not
    players = game.player_counts(written)
    for n in players[:2]:
        for index in range(6):
            bots = [random_bot if index % 3 else greedy_bot] * n
            a = play(game, written, n, 11, index, bots, checked=True)
            b = play(game, closures, n, 11, index, bots, checked=True)
            assert a == b, (name, n, index)


HOSTILE = """\
title: "x\\"); __import__('os').system('echo owned') #"
players: [2]
options:
  __class__: {default: 3, meaning: "a \\"quoted\\" word\\nand a new line"}
  _o0: {values: ["no", "yes"], default: "yes", meaning: "'; import os; '"}
cards:
  __import__: rank.value
  len: suit
zones:
  stock: {}
  __builtins__: {each: true}
  s: {each: true, uses: true}
vars: {__globals__: 0, v: 1, lambda: 2}
play:
  - shuffle: stock
  - deal: {from: stock, to: __builtins__, count: __class__}
  - turns:
      until: count(__builtins__) == 0 or __globals__ > 40
      do:
        - set: {__globals__: __globals__ + _o0, v: "v * 2 % 7", lambda: "top(s).len"}
        - choose:
            options:
              - name: "play {card}\\"); __import__('os')\\n#"
                card: {from: __builtins__, where: "__import__ >= 0 and len != v"}
                do: [{move: {card: card, to: s}}]
              - name: "\\"\\"\\" ''' \\n"
                card: {from: __builtins__}
                do: [{move: {card: card, to: s}}]
  - score: {to: each, add: "sum(s, __import__) + count(s, len == lambda)"}
"""


def test_a_hostile_game_file_reaches_no_python(tmp_path):
    """Names like __import__ and __builtins__, quotes and new lines in every string: the game plays,
    and every identifier of the source compiled for it is one of ours, no string is in it at all."""
    path = tmp_path / "hostile.yaml"
    path.write_text(HOSTILE, encoding="utf-8")
    game = load_game_file(path)
    prepared = game.prepare(load_deck("standard"), game.variants[0], {})
    closures = _prepared(game, "standard", game.variants[0], False)
    for index in range(5):
        a = play(game, prepared, 2, 3, index, [random_bot] * 2, checked=True)
        b = play(game, closures, 2, 3, index, [random_bot] * 2, checked=True)
        assert a == b
    # runs of steps are compiled when play first reaches them (linking.lazy_run): read after playing
    assert any(text.startswith("def run_from") for text in prepared.texts)
    assert any(text.startswith("def take") for text in prepared.texts)
    for text in prepared.texts:
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            assert tok.type != tokenize.STRING, (tok.string, text)
            if tok.type == tokenize.NAME:
                assert OURS.match(tok.string), (tok.string, text)
        assert "__" not in text and "import" not in text and "os" not in text.split(), text


def test_only_whole_numbers_are_written():
    assert lit(7) == "7" and lit(-1) == "-1" and lit(True) == "True"
    for value in ("7", "__import__('os')", 1.5, None, [1]):
        with pytest.raises(TypeError):
            lit(value)
