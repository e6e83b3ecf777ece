"""A deck's own game, games/<name>.py in its folder: never run unless the user passes --allow-code,
and then validated like any game, in one process or in workers.

Why these tests: a deck folder is something a designer downloads or is sent. Running its Python
by default would make `printgen validate` a way to run anyone's code, so the refusal is proved by a
file that would leave a mark (or fail) if it were ever imported; and a deck game that is allowed
must give the report a shipped game gives, the same with workers as without.
"""

from __future__ import annotations

import json
import pickle
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from conftest import run_cli

from printgen.files.errors import UserError
from printgen.games import deck_games, registry

QUICK = ("--games", "120", "--looks", "1", "-q")

# A designer's variation on printgen's drafting game: its own name, and one rule option of its own
# (so the report's "rules read as" line comes from the deck's class, which no registry knows).
TIDES = '''
from printgen.games.drafting import GAME as Drafting
from printgen.sim.options import Option


class Tides(Drafting):
    name = "tides"
    title = "Tides"
    options = (Option("tide", ("low", "high"), "low", "low: the usual draft; high: the same, read as a test"),)
'''


def marking(marker: Path, then: str = "") -> str:
    """A game file that leaves `marker` behind when it is run at all."""
    return f"from pathlib import Path\nPath({str(marker)!r}).write_text('ran')\n{then}"


@pytest.fixture
def deck(deck_copy):
    """The standard deck naming the game 'tides' only, with a games/ folder of its own."""
    folder = deck_copy("standard", "mine")
    text = (folder / "deck.yaml").read_text(encoding="utf-8")
    assert "games: [drafting]\n" in text
    (folder / "deck.yaml").write_text(text.replace("games: [drafting]\n", "games: [tides]\n"), encoding="utf-8")
    (folder / "games").mkdir(exist_ok=True)     # the standard deck carries game files of its own
    return folder


def refused(run, *says: str) -> None:
    assert run.code == 2, run.out + run.err
    assert "Traceback" not in run.err and run.err.count("error:") == 1, run.err
    for words in says:
        assert words in run.err, run.err


def test_a_deck_game_is_not_run_without_allow_code(deck, tmp_path):
    marker = tmp_path / "marker"
    (deck / "games" / "tides.py").write_text(marking(marker, "raise SystemExit('imported')\n" + TIDES))
    for args in ((str(deck),), (str(deck), "--game", "tides")):
        run = run_cli("validate", *args, *QUICK, cwd=tmp_path)
        refused(run, "mine/games/tides.py", "printgen runs no code from a deck folder unless told to",
                "--allow-code", "plug-in package")
    assert not marker.exists()


def test_with_allow_code_the_deck_game_is_validated_like_any_game(deck, tmp_path):
    (deck / "games" / "tides.py").write_text(TIDES)
    out = tmp_path / "one.json"
    run = run_cli("validate", str(deck), *QUICK, "--allow-code", "--json", str(out), cwd=tmp_path)
    report = json.loads(out.read_text())
    assert run.code == report["status"] and run.code in (0, 1), run.err
    assert "== tides (basic) ==" in run.out and "rules read as: tide=low (default; also high)" in run.out
    [section] = report["sections"]
    assert section["game"] == "tides" and section["players"] == [4]
    assert section["results"]["4"]["games"] == 120
    assert [r["key"] for r in section["readings"]["4"]] == ["tide"]

    # in two worker processes: the same figures, so each worker had the deck's class
    two = tmp_path / "two.json"
    run = run_cli("validate", str(deck), *QUICK, "--allow-code", "--workers", "2", "--json", str(two), cwd=tmp_path)
    assert run.code == report["status"], run.err
    assert json.loads(two.read_text()) == report


def test_a_deck_game_crosses_to_a_fresh_process_by_its_file(deck):
    """What a worker of another start method (or a Ray worker, by cloudpickle) receives: the game
    travels as its file and name, and a process that never saw the file loads it again."""
    (deck / "games" / "tides.py").write_text(TIDES)
    game = registry.get_game("tides", deck, allow_code=True)
    picklers = [pickle.dumps]
    try:
        from ray import cloudpickle
        picklers.append(cloudpickle.dumps)
    except ImportError:
        pass
    read = ("import pickle, sys; game = pickle.loads(sys.stdin.buffer.read()); "
            "print(type(game).__name__, game.name, [o.name for o in game.options])")
    for dumps in picklers:
        done = subprocess.run([sys.executable, "-c", read], input=dumps(game), capture_output=True, timeout=60)
        assert done.stdout.decode().split() == ["Tides", "tides", "['tide']"], done.stderr.decode()


@pytest.mark.parametrize(("source", "says", "line"), [
    ("from printgen.sim.engine import Game\n\nclass Helper:\n    pass\n",
     "defines no Game class named 'tides'", None),
    ("from printgen.sim.engine import Game\n\nclass Ebb(Game):\n    name = 'ebb'\n",
     "defines no Game class named 'tides'; it defines Ebb (name 'ebb')", None),
    ("from printgen.sim.engine import Game\n\nclass Ebb(Game):\n    name = 'ebb'\n\nGAME = Ebb\n",
     "GAME is the game 'ebb', and the file is named for 'tides'", None),
    ("GAME = 3\n", "GAME is 3, not a Game class", None),
    ("import json\n\nfrom printgen.nowhere import Game\n", "failed while loading: ModuleNotFoundError", 3),
    ("x = 1\ndef broken(:\n", "failed while loading: SyntaxError", 2),
    ("def f():\n    raise RuntimeError('the tide is out')\n\nf()\n", "RuntimeError: the tide is out", 2),
])
def test_a_game_file_that_gives_no_game_is_named_with_what_is_wrong(deck, source, says, line):
    path = deck / "games" / "tides.py"
    path.write_text(source)
    with pytest.raises(UserError) as caught:
        registry.get_game("tides", deck, allow_code=True)
    assert says in caught.value.message
    assert caught.value.where.file == path and caught.value.where.line == line
    assert caught.value.hint


def test_the_command_names_the_file_of_a_failing_game(deck, tmp_path):
    (deck / "games" / "tides.py").write_text("import json\n\nraise ValueError('no tides today')\n")
    run = run_cli("validate", str(deck), *QUICK, "--allow-code", cwd=tmp_path)
    refused(run, "mine/games/tides.py, line 3: the game file failed while loading: ValueError: no tides today")


def test_a_game_file_leading_out_of_the_deck_is_refused_and_not_run(deck, tmp_path):
    marker = tmp_path / "marker"
    outside = tmp_path / "elsewhere.py"
    outside.write_text(marking(marker, TIDES))
    (deck / "games" / "tides.py").symlink_to(outside)
    with pytest.raises(UserError) as caught:
        registry.get_game("tides", deck, allow_code=True)
    assert "outside the deck folder 'mine'" in caught.value.message
    assert not marker.exists()


def test_a_deck_cannot_replace_a_shipped_game(deck, tmp_path):
    marker = tmp_path / "marker"
    (deck / "games" / "drafting.py").write_text(marking(marker, TIDES))
    with pytest.raises(UserError) as caught:
        registry.get_game("drafting", deck, allow_code=True)
    assert "'drafting' is the name of printgen's own game" in caught.value.message
    assert caught.value.where.file == deck / "games" / "drafting.py"
    assert registry.get_game("drafting").name == "drafting"        # without the deck: printgen's game
    assert not marker.exists()


@pytest.mark.parametrize("name", ["../mine/games/tides", "games/tides", ".tides", "tides.py"])
def test_only_a_plain_name_is_looked_for_in_the_deck(deck, name):
    (deck / "games" / "tides.py").write_text(TIDES)
    assert deck_games.deck_file(name, deck) is None
    with pytest.raises(UserError, match="no game called"):
        registry.get_game(name, deck, allow_code=True)


def test_a_deck_game_is_loaded_once_a_process(deck, tmp_path):
    counter = tmp_path / "runs"
    (deck / "games" / "tides.py").write_text(textwrap.dedent(f"""
        from pathlib import Path
        runs = Path({str(counter)!r})
        runs.write_text(str(int(runs.read_text()) + 1) if runs.exists() else "1")
    """) + TIDES)
    first = registry.get_game("tides", deck, allow_code=True)
    again = registry.get_game("tides", deck, allow_code=True)
    assert type(first) is type(again) and counter.read_text() == "1"
