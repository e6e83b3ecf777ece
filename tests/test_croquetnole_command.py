"""`printgen validate piecepack --game croquetnole`: the layout measured, then played, with the
changed layouts beside it; --replay with --chart draws one game; what does not apply is refused."""

from __future__ import annotations

import pytest
from badinput import assert_refused, run_limited


def test_the_report_plays_the_layout_and_a_changed_one(tmp_path):
    outcome = run_limited(["validate", "piecepack", "--game", "croquetnole", "--games", "2", "--precision", "2",
                           "-O", "compare=gate:-6", "-O", "seconds=12"], tmp_path, time_limit=60.0)
    assert outcome.code in (0, 1), outcome.err
    out = outcome.out
    assert "Result: passes" in out                   # the layout's geometry, as before
    assert "2 games (seed 1)" in out and "precision 2 (aim spread 1.5 degrees" in out
    assert "at 12 s a flick" in out and "the seed's 30 to 45 minutes" in out
    assert "seat wins: Moons" in out and "knight flicks to score each target" in out
    assert "gates 6 mm narrower" in out and "   as laid out" in out


def test_a_replay_draws_the_coins_paths(tmp_path):
    chart = tmp_path / "game.png"
    outcome = run_limited(["validate", "piecepack", "--game", "croquetnole", "--replay", "2", "--chart", str(chart)],
                          tmp_path, time_limit=60.0)
    assert outcome.code == 0, outcome.err
    assert "game 2 of 200 (seed 1)" in outcome.out and "flicks by seat" in outcome.out
    assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("args, says", [
    (["--players", "3"], ["so --players does not apply", "physics simulation"]),
    (["-O", "precison=2"], ["no option 'precison'", "precision"]),
    (["--precision", "0"], ["precision 0", "from 0.05"]),
    (["-O", "strategies=sneaky"], ["strategies=sneaky"]),
    (["-O", "compare=gate:x"], ["compare=gate:x", "gate:MM"]),
    (["--chart", "x.png"], ["--chart", "with --replay N"]),
    (["--json", "x.json"], ["--json: the Croquetnole report writes no figures file"]),
])
def test_what_the_croquetnole_run_cannot_use_is_refused(tmp_path, args, says):
    outcome = run_limited(["validate", "piecepack", "--game", "croquetnole", "--games", "2", *args], tmp_path,
                          time_limit=30.0)
    assert_refused(outcome, says=says)


def test_precision_is_refused_for_a_card_game(tmp_path):
    outcome = run_limited(["validate", "cromwell", "--games", "2", "--precision", "2"], tmp_path, time_limit=30.0)
    assert_refused(outcome, says=["--precision 2", "only Castle Croquetnole"])
