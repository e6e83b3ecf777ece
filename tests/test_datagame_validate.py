"""`printgen validate` on a deck's game file, as a designer runs it: a hostile or mistaken file is
answered with exit status 2, the file and line, and no traceback; a good one is played by the same
runner as printgen's own games, the same report with one worker or two.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from conftest import DECKS, run_cli

BURRO = DECKS / "spanish" / "games" / "burro-data.yaml"


@pytest.fixture()
def deck(tmp_path) -> Path:
    folder = tmp_path / "mine"
    shutil.copytree(DECKS / "spanish", folder)
    return folder


def _line(path: Path, fragment: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if fragment in line)


@pytest.mark.parametrize("change, fragment, words", [
    (("count: deal, start: 0", "count: 30, start: 0"), "- deal:", "cannot be dealt to 4 players"),
    (("      max: 500", "      max: 500\n      times: 1000000"), "times: 1000000", "1,000,000 times"),
    (("        - shuffle: stock", "        - riffle: stock"), "riffle: stock", "'riffle' is not a step"),
    (("horizon: {mark: hands}", "horizon: {mark: hands, gain: score}"), "horizon:", "horizon: has no setting 'gain'"),
])
def test_a_bad_game_file_is_answered_with_its_line(deck, change, fragment, words):
    text = BURRO.read_text(encoding="utf-8")
    assert change[0] in text
    path = deck / "games" / "burro-data.yaml"
    path.write_text(text.replace(*change), encoding="utf-8")
    run = run_cli("validate", str(deck), "--game", "burro-data", "--players", "4", "--games", "20", "--looks", "1")
    assert run.code == 2, (run.out, run.err)
    assert f"burro-data.yaml, line {_line(path, fragment)}" in run.err, run.err
    assert words in run.err and "Traceback" not in run.err, run.err


def test_a_game_file_plays_the_same_with_two_workers(deck, tmp_path):
    """Workers unpickle the game file's game (its settings, not its closures) and compile it again:
    the report is the same as with one."""
    reports = []
    for workers in ("1", "2"):
        out = tmp_path / f"report-{workers}.json"
        run = run_cli("validate", str(deck), "--game", "burro-data", "--variant", "basic40", "--players", "2",
                      "--games", "40", "--looks", "1", "--workers", workers, "--json", str(out))
        assert run.code in (0, 1), run.err
        reports.append(json.loads(out.read_text()))
    strip = [{k: v for k, v in r.items() if k not in ("workers", "elapsed", "seconds")} for r in reports]
    assert strip[0] == strip[1]
    assert "branching" in json.dumps(strip[0])
